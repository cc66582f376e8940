"""Pieces with attributes on the native backend (engine/native/attributes.py) against the interpreter: a piece's
attributes and face in its slots, texts by a table, pieces from tables encoded from the interpreter's start,
parameters that are pieces (named as Move.text names them, twins listed once), loops over a place's or a kind's
pieces, `flip`, `face down`, `seat_space`. Perft counts, divides and ended games equal; native playouts replayed
move by move through the interpreter; positions handed over in the middle of a game.

The card games here shuffle their deck in their setup (a start that draws at random, refused for a series): they
are played from the interpreter's seeded start, handed over (`NativeGame(game, start=state)`).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_report

pytest.importorskip("numba")

from mire.engine.native import NativeGame, Unsupported  # noqa: E402

# (cache, in_the_module_cache: the compiled modules' cache)
from .test_native import assert_perft_is_the_interpreters, cache, in_the_module_cache, replayed  # noqa: E402,F401

TEST_GAMES = Path(__file__).parents[1] / "games"
HOMEWARD, GUESS, HIGH_CARD, SNEAK = (str(TEST_GAMES / f"{name}.mire") for name in
                                     ("homeward", "guess", "high-card", "sneak"))
SEEDS = (0, 1, 2)


@pytest.fixture(scope="module")
def homeward(cache):  # noqa: F811
    return NativeGame(load_game(HOMEWARD))


@pytest.fixture(scope="module")
def dealt(cache):  # noqa: F811
    """Each card game from each seeded start, natively (one module a game: the start is handed over)."""
    out = {}
    for name in (GUESS, HIGH_CARD, SNEAK):
        game = load_game(name)
        for seed in SEEDS:
            out[name, seed] = NativeGame(game, start=game.new_state(seed=seed))
    return out


def test_homeward_counts_and_divide_are_the_interpreters(homeward):
    """Text attributes read through seat_space's table, a kind's pieces of the mover as a parameter, `.space`."""
    state = load_game(HOMEWARD).new_state()
    assert assert_perft_is_the_interpreters(homeward, state, 5)[0] == [6, 36, 192, 968, 4728]
    assert homeward.divide(3) == perft_report(state, 3).divide


def test_homeward_playouts_replay_through_the_interpreter(homeward):
    game = load_game(HOMEWARD)
    endings = set()
    for index in range(30):
        texts, _ = replayed(homeward, game.new_state(), 5, index)
        endings.add(tuple(texts))
    assert len(endings) >= 10


@pytest.mark.parametrize("name, depth", [(GUESS, 2), (HIGH_CARD, 6), (SNEAK, 7)])
def test_card_games_count_as_the_interpreter_from_each_seeded_start(dealt, name, depth):
    for seed in SEEDS:
        state = load_game(name).new_state(seed=seed)
        assert_perft_is_the_interpreters(dealt[name, seed], state, depth)
        assert dealt[name, seed].divide(2) == perft_report(state, 2).divide


def test_twin_cards_are_one_move_as_in_the_interpreter(dealt):
    """Two cards of one rank in a hand read the same: the listing has one move for both (listing.unique)."""
    state = load_game(HIGH_CARD).new_state(seed=1)
    native = dealt[HIGH_CARD, 1]
    assert [native.move_text(row) for row in native.moves()] == [m.text for m in state.legal_moves()]
    assert len(native.moves()) == 2  # (three cards dealt, two of them alike)


@pytest.mark.parametrize("name", [HIGH_CARD, SNEAK])
def test_card_game_playouts_replay_through_the_interpreter(dealt, name):
    """Every move of native playouts (a card named by its rank, face down a `card`) is legal in the interpreter
    from the same seeded start, and the game ends with the same winners and scores."""
    game = load_game(name)
    endings = set()
    for seed in SEEDS:
        for index in range(15):
            texts, outcome = replayed(dealt[name, seed], game.new_state(seed=seed), 11, index, where=f"seed {seed}, ")
            endings.add((outcome.winners, tuple(texts)))
    assert len(endings) >= 10


@pytest.mark.parametrize("name, moves", [(HIGH_CARD, 2), (SNEAK, 3), (HOMEWARD, 4)])
def test_a_position_handed_over_in_the_middle_counts_as_the_interpreters(dealt, homeward, name, moves):
    """Layout.encode of a position the interpreter reached: cards moved, turned face down, owned; perft there."""
    native = homeward if name == HOMEWARD else dealt[name, 0]
    state = load_game(name).new_state(seed=0)
    rng = random.Random(4)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_moves()))
    assert_perft_is_the_interpreters(native, state, 3, native.encode(state))


def test_the_search_bot_hands_over_imagined_worlds_with_attributes(homeward, monkeypatch):
    from mire.engine.bots.search import SearchBot
    from mire.engine.native.layout import Layout
    state = load_game(HOMEWARD).new_state()
    handed: list = []
    encode_into = Layout.encode_into
    monkeypatch.setattr(Layout, "encode_into", lambda self, world, st: handed.append(world) or
                        encode_into(self, world, st))
    bot = SearchBot(iterations=60, seed=1, rollouts="native", tree="python")  # (the rollouts alone native)
    assert bot.choose(state, 0).text in {m.text for m in state.legal_moves()}
    assert len(handed) > 5 and all(world is not state for world in handed)


@pytest.mark.parametrize("name", ["high-card", "guess", "sneak", "kuhn-poker", "memory", "cups"])
def test_a_series_of_cards_from_a_shuffled_start_replays_through_the_interpreter_draw_for_draw(name):
    """A deck shuffled natively at the start of each game (engine/native/chance.py; Memory shuffles again in a
    move, Kuhn poker deals in a proc), its cards named by their attributes in the exported moves: each game, its
    draws given to the interpreter as its chance script, is the same game there."""
    path = str(TEST_GAMES / f"{name}.mire")
    native = NativeGame(load_game(path))
    game = load_game(path)
    games = set()
    for index in range(20):
        texts, outcome, draws = native.playout_with_draws(seed=5, index=index)
        state = game.new_state(seed=index, chance=draws.start)
        for text, drawn in zip(texts, draws.moves):
            state.apply(state.parse_move(text), chance=drawn)
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw) == (outcome.winners, outcome.draw)
        games.add((tuple(texts), draws.start))
    assert len(games) >= 8  # (fresh deals: the games are not all one; Guess has few games to tell apart)


ATTRIBUTES = """game "Tokens"
players 2
board cells: grid 3 x 1
piece token(weight: int mutable = 1, name: text = "plain", heavy: bool mutable = no)
piece odd(share: number = 1)

action put(c in cells where empty(c)):
    place token for mover at c face down
    top(c).weight += 2
    if top(c).name == "plain": flip top(c)

when stuck: draw
"""


def test_a_fraction_valued_attribute_is_refused_with_its_line(tmp_path):
    path = tmp_path / "tokens.mire"
    path.write_text(ATTRIBUTES)
    with pytest.raises(Unsupported, match=r"tokens\.mire:5: the native backend does not handle an attribute of "
                                          r"type number yet"):
        NativeGame(load_game(str(path)))


TOKENS = ATTRIBUTES.replace("piece odd(share: number = 1)\n", "").replace(
    "when stuck: draw", "trigger heavy after move:\n    for t in token where t.weight == 3 and t.up:\n"
    "        t.heavy = yes\n"
    "    if not any(c in cells where empty(c)) and all(t in token where t.heavy): win mover\n\n"
    "when stuck: draw")


def test_placed_pieces_take_their_start_values_flip_and_write(tmp_path):
    path = tmp_path / "tokens.mire"
    path.write_text(TOKENS)
    game = load_game(str(path))
    native = NativeGame(game)
    state = game.new_state()
    counts, ended = assert_perft_is_the_interpreters(native, state, 3)
    assert counts == [3, 6, 6] and ended[2]["wins"] == {"1": 6}


GAMES = Path(__file__).parents[2] / "games"


@pytest.fixture(scope="module")
def mudwater_cut(tmp_path_factory):
    """Mudwater as far as pieces with attributes go: its table of 120 cards a player from mudwater/cards.csv,
    text keys, a rock played face down, captures that change a card's owner, `show` and `status`, `winners` in its
    `at end` trigger; with its proc written in place of its calls (procs are refused natively yet:
    docs/backends.md). Its start draws at random: played from seeded starts."""
    folder = tmp_path_factory.mktemp("mudwater")
    (folder / "mudwater").mkdir()
    (folder / "mudwater" / "cards.csv").write_text((GAMES / "mudwater" / "cards.csv").read_text())
    text = (GAMES / "mudwater.mire").read_text()
    call = "    played(s)\n"
    proc = text[text.index("proc played(s):"):text.index("# The number on card c")]
    body = "".join(line + "\n" for line in proc.splitlines()[1:] if line.strip())
    variant = 'option advanced "Advanced Mode: families break ties" uses "mudwater-advanced"\n'
    assert text.count(call) == 2 and variant in text, "games/mudwater.mire changed: update this cut"
    text = text.replace(proc, "").replace(variant, "").replace(call, body)
    (folder / "mudwater.mire").write_text(text)
    return str(folder / "mudwater.mire")


def test_mudwater_cards_count_and_replay_as_the_interpreter(mudwater_cut):
    game = load_game(mudwater_cut)
    for seed in (0, 1):
        state = game.new_state(seed=seed)
        native = NativeGame(game, start=state)
        assert native.perft(2) == perft(state, 2)
        assert native.divide(1) == perft_report(state, 1).divide
        for index in range(6):
            replayed(native, game.new_state(seed=seed), 2, index, where=f"seed {seed}, ")
        # a position in the middle: rocks face down, cards captured (their owner changed)
        moved = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(7):
            moved.apply(rng.choice(moved.legal_moves()))
        assert native.perft(2, native.encode(moved)) == perft(moved, 2)


BONUS = """game "Bonus"
players 2
board cells: grid 4 x 1
piece stone
var score: int = 0 per player

action put(c in cells where empty(c)):
    place stone for mover at c
    mover.score += c.x

trigger bonus at end:
    for w in winners:
        w.score += 10

when stuck: finish
"""


def test_winners_at_the_end_are_the_rankings_as_in_the_interpreter(tmp_path):
    """`winners` read in an `at end` trigger (the ranking by score, as the game stands): the scores it changes
    are the interpreter's in every replayed playout, ties (both level: no winner) included."""
    path = tmp_path / "bonus.mire"
    path.write_text(BONUS)
    game = load_game(str(path))
    native = NativeGame(game)
    scores = set()
    for index in range(40):
        texts, outcome = native.playout(seed=3, index=index)
        state = game.new_state()
        for text in texts:
            state.apply(state.parse_move(text))
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        scores.add(tuple(sorted(outcome.scores.values())))
    assert (5, 5) in scores and any(high >= 16 for _, high in scores)  # (a tie has no bonus, a winner 10)


SEASONS = """game "Seasons"
players 2
enum season: spring, summer, autumn, winter
board cells: grid 5 x 1
piece leaf(season: season)
var now: season = spring
var last: season = none per player

action put(c in cells where empty(c)):
    place leaf for mover at c
    mover.last = now
    if now == spring: now = summer
    elif now == summer: now = autumn if c.x > 2 else winter
    elif now != winter: now = winter
    else: now = spring
    if mover.last == winter and opponent.last != none: win mover

when stuck: draw
"""


def test_enum_values_in_variables_and_comparisons_are_the_interpreters(tmp_path):
    """A variable holding an enum value (of the game and of each player; none too): its place in the enum."""
    path = tmp_path / "seasons.mire"
    path.write_text(SEASONS.replace("piece leaf(season: season)", "piece leaf"))
    game = load_game(str(path))
    native = NativeGame(game)
    state = game.new_state()
    ended = assert_perft_is_the_interpreters(native, state, 5)[1]
    assert any(t["wins"] for t in ended)  # (two winters in a row)
    for text in ("put a1", "put c1"):
        state.apply(state.parse_move(text))
    assert native.perft(3, native.encode(state)) == perft(state, 3)


def test_kuhn_poker_with_its_proc_in_place_is_the_interpreters(tmp_path):
    """Kuhn poker's cards (an enum attribute), `index(rank, ...)` of an enum's values, the pot and the scores; its
    proc `showdown` written in place of its calls (procs are refused natively yet), from seeded deals."""
    text = (TEST_GAMES / "kuhn-poker.mire").read_text()
    proc = text[text.index("proc showdown():"):text.index("# Check: no bet yet.")]
    body = [line for line in proc.splitlines()[1:] if line.strip()]
    assert text.count("    showdown()\n") == 2, "tests/games/kuhn-poker.mire changed: update this cut"
    text = text.replace(proc, "").replace("        showdown()\n", "".join(f"    {line}\n" for line in body))
    text = text.replace("    showdown()\n", "".join(f"{line}\n" for line in body))
    path = tmp_path / "kuhn.mire"
    path.write_text(text)
    game = load_game(str(path))
    for seed in range(4):
        state = game.new_state(seed=seed)
        native = NativeGame(game, start=state)
        assert assert_perft_is_the_interpreters(native, state, 4)[0] == [2, 4, 2, 0]
        for index in range(10):
            texts, outcome = native.playout(seed=11, index=index)
            replayed = game.new_state(seed=seed)
            for move in texts:
                replayed.apply(replayed.parse_move(move))
            python = replayed.outcome()
            assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)


MARKED = """game "Marked"
players 2
board cells: grid 4 x 1
piece stone
var last: piece = none
var kept: piece = none per player

action put(c in cells where empty(c)):
    place stone for mover at c
    last = top(c)
    if mover.kept == none: mover.kept = last

action take():
    require last != none and last != mover.kept and last.owner != mover
    remove last
    last = none

when stuck: draw
"""


def test_variables_that_hold_a_piece_are_the_interpreters(tmp_path):
    """A variable holding a piece (of the game and of each player): the piece's number, handed over too."""
    path = tmp_path / "marked.mire"
    path.write_text(MARKED)
    game = load_game(str(path))
    native = NativeGame(game)
    state = game.new_state()
    assert native.perft(6) == perft(state, 6)
    for text in ("put a1", "put c1", "take"):
        state.apply(state.parse_move(text))
    assert native.perft(4, native.encode(state)) == perft(state, 4)


ORDER = """game "Order"
players 2
board cells: grid 3 x 2
piece stone(weight: int mutable = 0)
var total: int = 0

action put(c in cells where empty(c)):
    place stone for mover at c
    total = total * 2 + c.x
    top(c).weight = total % 3

trigger full after move:
    if not any(c in cells where empty(c)):
        if total % 5 < 2 and count(s in cells where top(s).weight == 1) > 1: win mover
        else: draw
"""


def test_solve_tells_positions_apart_by_their_variables_and_attributes(tmp_path):
    """solve's memo on the native position (its key: the pieces with their faces and attributes, the variables)
    tells apart what the interpreter's key does: the same board at the same depth reached in another order, with
    another total and other weights, is another position. The same result and the same number of positions."""
    from mire.engine.analysis.solve import solve
    from mire.engine.native.rollouts import shared_game
    path = tmp_path / "order.mire"
    path.write_text(ORDER)
    game = load_game(str(path))
    python = solve(game, 2)
    native = solve(game, 2, native=shared_game(game, 2))
    assert native.as_dict() == python.as_dict()
    assert python.as_dict()["positions"] > 1000


@pytest.mark.parametrize("name", [HIGH_CARD, SNEAK])
def test_an_imagined_world_hands_over_as_the_search_bots_do(dealt, name):
    """What a search bot hands over: a world its seat imagines (the others' hands dealt again, never the true
    state), encoded into a scratch vector as NativeRollouts does (encode_into): perft there is the interpreter's
    in that world, and the worlds differ from the true state where the seat cannot see."""
    import numpy as np

    from mire.engine.run.knowledge import Worlds
    native = dealt[name, 0]
    state = load_game(name).new_state(seed=0)
    rng = random.Random(2)
    for _ in range(2):
        state.apply(rng.choice(state.legal_moves()))
    seat = state.turn_player.index
    worlds = Worlds(state, seat)
    scratch = np.zeros(native.layout.size, np.int64)
    true = native.encode(state)
    differ = 0
    for k in range(6):
        world = worlds.sample(random.Random(k))
        assert world is not state
        native.layout.encode_into(world, scratch)
        assert native.perft(3, scratch.copy()) == perft(world, 3)
        differ += not np.array_equal(scratch[:native.layout.size], true)
    assert differ > 0


def test_homeward_outcome_rates_agree(homeward):
    """The chi-square test of tests/engine/test_native.py (2 degrees of freedom, refused at the 0.001 level) on
    (red wins, blue wins, draws): 2,000 interpreter games against 20,000 native ones (~20%, 19%, 61%) catch a
    shift of 4 points in a seat's win rate with probability ~0.7."""
    from .test_native import assert_finished_and_as_long, assert_outcome_rates_agree
    assert_finished_and_as_long(*assert_outcome_rates_agree(homeward, HOMEWARD, 2000, 20000))


RANKS = """game "Ranks"
players 2
enum rank: low, middle, high
piece card(rank: rank)
zone hand per player
zone table
var score: int = 0 per player

pieces card in hand for each player:
    rank
    high
    low
    middle
    low

action play(c in mover.hand where empty(table) or c.rank >= top(table).rank
                                  or c == last(x in mover.hand sorted by x.rank)):
    if not empty(table) and c.rank > top(table).rank: mover.score += 1
    move c to table
    if count(table) == 8: finish
"""


def test_enum_values_in_order_and_sorted_by_them_are_the_interpreters(tmp_path):
    """`<`, `>=` of an enum's values and `sorted by` an enum attribute: the order of the enum's declaration; the
    twin `low` cards of a hand are one move."""
    path = tmp_path / "ranks.mire"
    path.write_text(RANKS)
    game = load_game(str(path))
    native = NativeGame(game)
    state = game.new_state()
    assert assert_perft_is_the_interpreters(native, state, 8)[1][7]["ended"] > 0
    assert native.divide(3) == perft_report(state, 3).divide
    for index in range(20):
        texts, outcome = native.playout(seed=1, index=index)
        replayed = game.new_state()
        for text in texts:
            replayed.apply(replayed.parse_move(text))
        python = replayed.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
