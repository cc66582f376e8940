"""Three constructs of the native backend against the interpreter, the reference: a loop over a list chosen by a
condition (`A if C else B`: nine men's morris's `reach`, walls.py chosen_list_bound), boards of each player
(Phantom tic-tac-toe's `known`, engine/native/per_player.py) and draws in a move that asks a player (Dice's
`gamble`: an answer runs the effect again with the chance stream and its log taken back to the move's start,
choices.py's resume_move). perft counts and ended games by depth, divides, positions handed over mid-game, native
playouts replayed move by move (Dice draw for draw) through the interpreter with the same end and scores, outcome
rates; Phantom's search hands over imagined worlds only.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_report

pytest.importorskip("numba")

from mire.engine.native import NativeGame  # noqa: E402

from .test_native import (  # noqa: E402,F401
    assert_finished_and_as_long,
    assert_outcome_rates_agree,
    assert_refused_with_its_line,
    cache,
    in_the_module_cache,
)

TEST_GAMES = Path(__file__).parents[1] / "games"
MORRIS, PHANTOM, DICE = (str(TEST_GAMES / f"{name}.mire") for name in ("nine-mens-morris", "phantom", "dice"))
# moves that draw (a shuffle in a move: Memory's; dice under cups), counted by perft natively
CUPS, MEMORY = (str(TEST_GAMES / f"{name}.mire") for name in ("cups", "memory"))
# (game, player count) compiled once for the module
COMPILED = ((MORRIS, 2), (PHANTOM, 2), (DICE, 2), (DICE, 3), (CUPS, 2), (MEMORY, 2))
# the depths the interpreter counts in about a second (nine men's morris places its men for 18 plies: the moving
# phase, where `reach` chooses its list, is counted from positions handed over mid-game below)
DEPTH = {MORRIS: 3, PHANTOM: 5}


@pytest.fixture(scope="module")
def compiled(cache):  # noqa: F811
    games = {key: NativeGame(load_game(key[0]), players=key[1]) for key in COMPILED}
    for native in games.values():
        native.perft(1)
    return games


# ---------------------------------------------------------------- counts

@pytest.mark.parametrize("name", [MORRIS, PHANTOM])
def test_perft_counts_and_ended_games_are_the_interpreters(compiled, name):
    ended_python: list = []
    ended_native: list = []
    counts = compiled[name, 2].perft(DEPTH[name], terminals=ended_native)
    assert counts == perft(load_game(name).new_state(), DEPTH[name], ended_python)
    assert ended_native == ended_python


def test_the_counts_are_the_known_ones(compiled):
    # (Phantom: a try on a cell the opponent holds is told and tried again, `again`, so the counts grow as plain
    # tic-tac-toe's do not: 9 * 9 * 8 ...; nine men's morris: 24 points, then 23, then 22)
    assert compiled[PHANTOM, 2].perft(7) == [9, 81, 648, 5112, 36288, 233352, 1357344]
    assert compiled[MORRIS, 2].perft(3) == [24, 552, 12144]


@pytest.mark.parametrize("name, depth", [(MORRIS, 2), (PHANTOM, 3)])
def test_the_divide_is_the_interpreters(compiled, name, depth):
    assert compiled[name, 2].divide(depth) == perft_report(load_game(name).new_state(), depth).divide


def morris_positions(flying: bool, count: int) -> list:
    """Positions of nine men's morris the interpreter reached by random moves, in its moving phase between moves,
    where the player to move has three men on the board (`reach` is every empty point: they fly), or more (their
    neighbours: the sixth position of the phase)."""
    game = load_game(MORRIS)
    found: list = []
    for seed in range(200):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        moving = 0
        while not state.is_over():
            if state.phase == 1 and state.pending is None:  # (the second phase, `moving`; no man to take pending)
                moving += 1
                men = sum(1 for s in state.spaces for p in s.pieces if p.owner is state.turn_player)
                if (men == 3) if flying else (men > 3 and moving == 6):
                    found.append(state)
                    break
            state.apply(rng.choice(state.legal_moves()))
        if len(found) == count:
            return found
    raise AssertionError("no such position in 200 games")


@pytest.mark.parametrize("flying", [True, False])
def test_morris_positions_handed_over_in_the_moving_phase_count_as_the_interpreters(compiled, flying):
    """`step(a in points of mover, b in reach(a) where empty(b))`: from a player's three men every empty point,
    else the neighbours; perft (and the games that end: a mill that takes a man, `down`, the last men) from
    positions the interpreter reached, handed over (Layout.encode), is the interpreter's."""
    native = compiled[MORRIS, 2]
    for state in morris_positions(flying, 3):
        ended_python: list = []
        ended_native: list = []
        assert native.perft(3, native.encode(state), terminals=ended_native) == perft(state, 3, ended_python)
        assert ended_native == ended_python
    if flying:  # (a man of three may go to any empty point: more moves than the steps along the lines)
        state = morris_positions(True, 1)[0]
        empty = sum(1 for s in state.spaces if not s.pieces)
        steps = [m for m in state.legal_moves() if m.text.startswith("step")]
        assert len(steps) == 3 * empty and native.perft(1, native.encode(state)) == [len(state.legal_moves())]


def test_phantom_positions_handed_over_mid_game_count_as_the_interpreters(compiled):
    """Pieces on the boards of each player (marks and cells found taken) handed over with the shared board's."""
    native = compiled[PHANTOM, 2]
    for seed in range(4):
        state = load_game(PHANTOM).new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(5):
            state.apply(rng.choice(state.legal_moves()))
        assert any(s.pieces for p in state.players for s in p.boards["known"].spaces)
        ended_python: list = []
        ended_native: list = []
        depth = 3 if not state.is_over() else 1
        assert native.perft(depth, native.encode(state), terminals=ended_native) == \
            perft(state, depth, ended_python)
        assert ended_native == ended_python


def test_a_seats_board_is_named_as_the_interpreter_names_it(compiled):
    native = compiled[PHANTOM, 2]
    assert [native.move_text(row) for row in native.moves()] == \
        [m.text for m in load_game(PHANTOM).new_state().legal_moves()]
    assert native.move_text(native.moves()[0]) == "try X.a1"


# ---------------------------------------------------------------- playouts replayed

@pytest.mark.parametrize("name, playouts", [(MORRIS, 20), (PHANTOM, 150)])
def test_native_playouts_replay_through_the_interpreter(compiled, name, playouts):
    """Every move of a native playout is legal in the interpreter, by its text, and the game ends there as it did,
    with the same scores."""
    native = compiled[name, 2]
    game = load_game(name)
    seen = set()
    for index in range(playouts):
        texts, outcome = native.playout(seed=7, index=index)
        state = game.new_state(seed=index)
        for k, text in enumerate(texts):
            assert not state.is_over(), f"game {index}: over before move {k + 1}"
            legal = {m.text: m for m in state.legal_moves()}
            assert text in legal, f"game {index}, move {k + 1}: {text} is not legal in the interpreter"
            state.apply(legal[text])
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        seen.add((outcome.winners, outcome.draw, tuple(texts)))
    assert len({(w, d) for w, d, _ in seen}) == 3  # (both seats win some, and some are drawn)
    if name == MORRIS:  # (the men fly: a step between two points no line joins)
        assert len(seen) == playouts


@pytest.mark.parametrize("players, playouts", [(2, 200), (3, 100)])
def test_dice_playouts_replay_draw_for_draw(compiled, players, playouts):
    """Each native game of Dice, its draws handed to the interpreter as its chance script: every move and answer
    legal there, each drawing exactly what it drew natively, the same end. A `gamble` draws once before its
    question, its answer once after it (the run again from the move's start draws the first die again and logs
    it once): so the log holds one draw for each roll, each gamble and each answer."""
    native = compiled[DICE, players]
    game = load_game(DICE)
    winners = set()
    answered = 0
    for index in range(playouts):
        texts, outcome, draws = native.playout_with_draws(seed=11, index=index)
        state = game.new_state(seed=index, players=players, chance=draws.start)
        assert draws.start == ()
        for k, (text, drawn) in enumerate(zip(texts, draws.moves)):
            assert not state.is_over(), f"game {index}: over before move {k + 1}"
            state.apply(state.parse_move(text), chance=drawn)
            assert tuple(state.drawn[-1]) == drawn, f"game {index}, move {k + 1}: other draws"
            assert len(drawn) == 1, f"game {index}, move {k + 1} ({text}): {drawn}"
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        winners.add(outcome.winners)
        answered += sum(text in ("0", "1", "2") for text in texts)
        assert sum(text == "gamble" for text in texts) == sum(text in ("0", "1", "2") for text in texts)
    assert winners == {(p,) for p in range(players)} and answered > playouts


# perft of a game whose moves draw: the native walk draws as the interpreter's seeded generator draws
# (engine/native/generator.py: MT19937 and Random._randbelow in the state vector), so the counts, the divide, the
# games that end and whether chance was met are the interpreter's, seed for seed
DRAWING = {DICE: 9, CUPS: 8, MEMORY: 4}


@pytest.mark.parametrize("name", list(DRAWING))
@pytest.mark.parametrize("seed", [0, 4])
def test_perft_of_moves_that_draw_is_the_interpreters_seed_for_seed(compiled, name, seed):
    native = compiled[name, 2].perft_report(DRAWING[name], terminals=True, seed=seed)
    python = perft_report(load_game(name).new_state(seed=seed), DRAWING[name], terminals=True)
    assert (native.counts, native.divide, native.terminals, native.met_chance) == \
        (python.counts, python.divide, python.terminals, python.met_chance)
    assert native.met_chance


def test_dice_positions_handed_over_mid_game_with_the_generator_count_as_the_interpreters(compiled):
    """A position the interpreter reached, its generator as it is then handed over with it (with_generator): perft
    from there draws what the interpreter's draws."""
    from mire.engine.native.generator import with_generator
    native = compiled[DICE, 3]
    for seed in range(3):
        state = load_game(DICE).new_state(seed=seed, players=3)
        rng = random.Random(seed)
        while state.pending is None and not state.is_over() and state.turn < 4:
            state.apply(rng.choice(state.legal_moves()))
        if state.pending is not None:  # (a question pending is not handed over: its answer first)
            state.apply(rng.choice(state.legal_moves()))
        ended_python: list = []
        ended_native: list = []
        st = with_generator(native.layout, state, native.encode(state))
        assert native.perft(6, st, terminals=ended_native) == perft(state, 6, ended_python)
        assert ended_native == ended_python


MANY_DRAWS = """game "Many draws"
players 2
var last: int = 0

# 300 draws among five a roll (three bits a draw, drawn again past five): the generator's 624 words run out in
# the second roll, and the count of the picks that follow depends on every draw
action roll():
    repeat 300:
        last = random(1..5)

action pick(n in 1..5 where n <= last):
    last = 0

trigger tired after move:
    if turn == 30: draw
"""


def test_perft_draws_as_the_interpreter_past_the_generators_words(tmp_path):
    path = tmp_path / "many-draws.mire"
    path.write_text(MANY_DRAWS)
    game = load_game(str(path))
    native = NativeGame(game)
    for seed in (0, 1, 2):
        python = perft_report(game.new_state(seed=seed), 7, terminals=True)
        counted = native.perft_report(7, terminals=True, seed=seed)
        assert (counted.counts, counted.divide, counted.terminals) == (python.counts, python.divide, python.terminals)
    assert len({tuple(native.perft_report(7, seed=seed).counts) for seed in range(6)}) > 1  # (the draws count)


def test_mire_perft_of_dice_is_native_and_expand_stays_the_interpreters():
    runner = CliRunner()
    counted = [runner.invoke(main, ["perft", DICE, "--depth", "8", "--seed", "3", "--backend", backend])
               for backend in ("native", "python")]
    assert [c.exit_code for c in counted] == [0, 0] and counted[0].stdout == counted[1].stdout
    assert counted[0].stdout.splitlines()[-1] == "chance: each draw as seed 3 gives it (--chance expand counts " \
                                                 "every outcome)"
    result = runner.invoke(main, ["perft", DICE, "--depth", "2", "--backend", "native", "--chance", "expand"])
    assert result.exit_code == 2 and "dice.mire:9: --chance expand counts every outcome of a move's draws" \
        in result.output
    result = runner.invoke(main, ["perft", DICE, "--depth", "2", "--chance", "expand"])  # (auto: the interpreter)
    assert result.exit_code == 0


def test_mire_perft_and_simulate_play_these_natively(compiled):
    runner = CliRunner()
    for name, last in ((MORRIS, "depth 2: 552"), (PHANTOM, "depth 2: 81")):
        result = runner.invoke(main, ["perft", name, "--depth", "2", "--backend", "native"])
        assert result.exit_code == 0, result.output
        assert result.stdout.splitlines()[-1] == last
    result = runner.invoke(main, ["perft", PHANTOM, "--depth", "2", "--backend", "native", "--divide"])
    assert result.exit_code == 0 and result.stdout.splitlines()[0] == "try X.a1: 9"
    result = runner.invoke(main, ["simulate", DICE, "-n", "300", "--backend", "native", "--json"])
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------- outcome rates

# The chi-square test of test_native.py on (first seat wins, second seat wins, draws) between an interpreter
# series and a native one, refused at the 0.001 level (2 degrees of freedom: 13.82; Dice has no draws: 1 degree,
# 10.83). Power (the probability of refusing a native series whose rates differ so, by 4,000 simulated pairs of
# series): Phantom, 2,000 and 20,000 games (X wins ~58%, O ~29%, draws ~13%): X's win rate 4 points off (to O)
# ~0.6, 5 points ~0.85; nine men's morris, 600 and 6,000 (~35%, 37%, 28%): 7 points ~0.65, 9 points ~0.9; Dice,
# 2,000 and 20,000 (~55%, 45%): 4 points ~0.55, 5 points ~0.85. Both series are seeded: the same answer every run.
@pytest.mark.parametrize("name, python_games, native_games", [(PHANTOM, 2000, 20000), (MORRIS, 600, 6000),
                                                               (DICE, 2000, 20000)])
def test_outcome_rates_agree(compiled, name, python_games, native_games):
    assert_finished_and_as_long(*assert_outcome_rates_agree(compiled[name, 2], name, python_games, native_games))


# ---------------------------------------------------------------- hidden information

def phantom_after(moves: int, seed: int):
    state = load_game(PHANTOM).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_phantoms_imagined_worlds_hand_over_as_the_search_bots_do(compiled):
    """What a search bot hands over (NativeRollouts): a world its seat imagines, never the true state. In every
    world the seat's own board is what it is in the true state (the seat sees it), the opponent's marks on the
    secret board are placed anew (so the worlds differ from the truth there), and perft in the world, handed over
    as encode_into does, is the interpreter's in that world."""
    import numpy as np

    from mire.engine.run.knowledge import Worlds
    native = compiled[PHANTOM, 2]
    m = native.module
    state = phantom_after(4, 1)
    seat = state.turn_player.index
    true = native.encode(state)
    own = [int(x) for x in m.PBOARD_0[seat]]
    cells = [int(x) for x in m.BOARD_0]
    scratch = np.zeros(native.layout.size, np.int64)
    differ = 0
    for k in range(12):
        world = Worlds(state, seat).sample(random.Random(k))
        assert world is not state
        native.layout.encode_into(world, scratch)
        assert native.perft(3, scratch.copy()) == perft(world, 3)
        assert [owners(native, scratch, s) for s in own] == [owners(native, true, s) for s in own]
        differ += [owners(native, scratch, s) for s in cells] != [owners(native, true, s) for s in cells]
    assert differ > 0


def owners(native: NativeGame, st, space: int) -> list:
    """The (kind, owner) of each piece on a native space, the top first."""
    m = native.module
    out = []
    p = int(st[m.TOP + space])
    while p >= 0:
        out.append((int(st[m.PIECES + m.PSTRIDE * p]), int(st[m.PIECES + m.PSTRIDE * p + 1])))
        p = int(st[m.PIECES + m.PSTRIDE * p + 3])
    return out


def test_phantoms_search_rolls_out_natively_from_imagined_worlds_only(compiled, monkeypatch):
    from mire.engine.bots.search import SearchBot
    from mire.engine.native.layout import Layout
    state = phantom_after(3, 2)
    handed: list = []
    encode_into = Layout.encode_into
    monkeypatch.setattr(Layout, "encode_into", lambda self, world, st: handed.append(world) or
                        encode_into(self, world, st))
    bot = SearchBot(iterations=80, seed=1, rollouts="native")
    assert bot.choose(state, state.turn_player.index).text in {m.text for m in state.legal_moves()}
    assert len(handed) > 10 and all(world is not state for world in handed)


# ---------------------------------------------------------------- what stays refused

REFUSED = {
    # (a seat's board by its column and row: not native yet)
    "at": ("board known: grid 3 x 3 per player\n\naction put(c in cells where empty(c)):\n"
           "    place stone for mover at at(mover.known, 1, 1)\n", 9, "`at` of list, int, int"),
    # (an area of each player is native: test_native_areas.py; a shared one not yet)
    "area": ("board farm: area\n\naction put(c in cells where empty(c)):\n    place stone for mover at c\n",
             6, "an area board shared by the players"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_what_is_not_native_is_refused_with_its_line(tmp_path, case):
    assert_refused_with_its_line(tmp_path, *REFUSED[case])
