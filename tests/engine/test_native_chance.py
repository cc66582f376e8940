"""Chance on the native backend (engine/native/chance.py) against the interpreter and against exact answers: a
start that draws made anew in every game of a series (variables' start values drawn, `first random`, a setup
that places and shuffles), dice rolled and a line shuffled again in moves, options' values as constants.

A native series and an interpreter series are two samples of one distribution (docs/backends.md, "Results"):
so the outcome rates are tested against the exact probabilities worked out here, and against the interpreter's
rates; the start itself (who starts, which lot lies on top, each seat's die) against its exact distribution.
Every native game is replayed through the interpreter draw for draw (the draws the native game made, as the
interpreter's chance script), and must end there as it did, with its start and its pieces' order the same.
"""
from __future__ import annotations

import json
import sys
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.perft import perft_report
from mire.engine.analysis.playout import random_playouts

pytest.importorskip("numba")

from mire.engine.native import NativeGame, Unsupported  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))  # (test_native.py's fixtures and helpers, shared)
from test_native import CHI2_CRITICAL, cache, chi_square, in_the_module_cache  # noqa: E402,F401,I001

HERE = Path(__file__).parent / "native_games"
TEST_GAMES = Path(__file__).parents[1] / "games"
# a die rolled in each move; each seat's start drawn (`random(x in 0..4 where ...)` per player)
DIE_RACE = str(HERE / "die-race.mire")
# `first random`, pieces placed in a zone by the setup and shuffled, shuffled again in a move
LOTS = str(HERE / "lots.mire")
# a trigger that draws at each turn's start (the start's too) with `when stuck: pass`: a roll starts the round of
# passes again
SIXES = str(HERE / "sixes.mire")
# dice rolled in a def, a comprehension and a count (helpers of their own in the generated code)
ROLLS = str(HERE / "rolls.mire")
# an option with a value; each seat's die drawn at the start (a private variable); `log`
LIARS = str(TEST_GAMES / "liars-dice.mire")
GAMES = {DIE_RACE: (), LOTS: (), SIXES: (), ROLLS: (), LIARS: (), "liars-3": ("faces=3",)}


def path_of(name: str) -> str:
    return LIARS if name == "liars-3" else name


@pytest.fixture(scope="module")
def compiled(cache):  # noqa: F811
    return {name: NativeGame(load_game(path_of(name)), options=options) for name, options in GAMES.items()}


# Chi-square critical values at the 0.001 level by degrees of freedom (a false alarm once in 1,000 runs; every
# series is seeded, so a run gives the same answer every time)
CRITICAL = {**CHI2_CRITICAL, 3: 16.27, 5: 20.52, 8: 26.12}


def goodness(observed: list, probabilities: list) -> tuple[float, int]:
    """The chi-square statistic of counts against exact probabilities, and its degrees of freedom."""
    total = sum(observed)
    statistic = sum((o - total * float(p)) ** 2 / (total * float(p)) for o, p in zip(observed, probabilities) if p)
    return statistic, sum(1 for p in probabilities if p) - 1


# ---------------------------------------------------------------- exact answers

@lru_cache(maxsize=None)
def race_win(mover: int, other: int) -> Fraction:
    """The probability that the player to roll wins the die race from (their steps, the other's)."""
    total = Fraction(0)
    for die in range(1, 7):
        total += 1 if mover + die >= 10 else 1 - race_win(other, mover + die)
    return total / 6


def race_first_seat() -> Fraction:
    """Seat 1 rolls first; each seat starts 0, 2 or 4 steps along, each as likely."""
    starts = (0, 2, 4)
    return sum((race_win(a, b) for a in starts for b in starts), Fraction(0)) / 9


# Lots: the first owned lot from the top decides (1 of 3 is the first seat's); the drawer of that lot is the
# starter when the blanks above it are even in number (k = 0: 1/2, k = 2: 3/20), and the starter is drawn: each
# seat draws it with probability 1/2. Seat 1 wins 1/3 x 1/2, seat 2 2/3 x 1/2, else a draw.
LOTS_RATES = [Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)]
# Sixes: the first six wins, the first seat rolling first: 1/6 / (1 - (5/6)^2) = 6/11 (had a roll not started
# the round of passes again, two passes in a row would end most games unfinished, with nobody winning)
SIXES_RATES = [Fraction(6, 11), Fraction(5, 11), Fraction(0)]


def test_the_exact_answers_are_right():
    assert race_win(9, 0) == 1 and race_win(4, 9) == Fraction(1, 6)
    assert Fraction(1, 2) < race_first_seat() < 1


# ---------------------------------------------------------------- native at all

def test_the_chance_games_run_native_and_perft_draws_as_the_interpreters_generator(compiled):
    """die-race and lots are native, liar's dice wholly. Their moves draw: perft counts them natively, drawing as
    the interpreter's generator with the seed draws (engine/native/generator.py), so the counts and the games
    that end are the interpreter's, seed for seed; `--chance expand` (every outcome) stays the interpreter's."""
    runner = CliRunner()
    for name, line in ((DIE_RACE, 9), (LOTS, 25)):
        for seed in ("0", "3", "8"):
            counted = [runner.invoke(main, ["perft", name, "--depth", "6", "--seed", seed, "--json", "--backend",
                                            backend]) for backend in ("native", "python")]
            assert [c.exit_code for c in counted] == [0, 0]
            assert json.loads(counted[0].stdout) == json.loads(counted[1].stdout)
        result = runner.invoke(main, ["perft", name, "--depth", "1", "--backend", "native", "--chance", "expand"])
        assert result.exit_code == 2
        said = result.output.strip()  # (the file as the command was given it)
        assert said.startswith("Error: --backend native: ") and said.endswith(
            f"{Path(name).name}:{line}: --chance expand counts every outcome of a move's draws")
        simulated = runner.invoke(main, ["simulate", name, "-n", "50", "--backend", "native"])
        assert simulated.exit_code == 0, simulated.output
    expand = runner.invoke(main, ["perft", LIARS, "--depth", "1", "--backend", "native", "--chance", "expand"])
    assert expand.exit_code == 2 and "liars-dice.mire:8: --chance expand counts every outcome" in expand.output
    solve = runner.invoke(main, ["solve", LIARS, "--backend", "native"])
    assert solve.exit_code == 2 and "liars-dice.mire:8: solve follows every outcome of a draw" in solve.output
    auto = runner.invoke(main, ["perft", DIE_RACE, "--depth", "2"])
    assert auto.exit_code == 0 and "depth 2: 1" in auto.output


def test_a_draw_where_the_moves_are_listed_is_refused(tmp_path):
    """The interpreter would draw each time it lists the moves, the native code as often as it lists them: not
    the same game, so refused, with its file:line."""
    path = tmp_path / "listed.mire"
    path.write_text('game "Listed"\nplayers 2\nvar t: int = 0\n\naction go(n in 1..3 where n != random(1..3)):\n'
                    '    t += n\n    if t >= 5: win mover\n')
    with pytest.raises(Unsupported) as refused:
        NativeGame(load_game(str(path)))
    assert str(refused.value).endswith("listed.mire:5: the native backend does not handle `random` outside a "
                                       "move's effect, a trigger or the setup (where the moves are listed, or the "
                                       "ranking read) yet")


@pytest.mark.parametrize("name", [LIARS, "liars-3"])
def test_perft_from_a_random_start_is_the_interpreters_from_its_seed(compiled, name):
    """A start that draws is counted from the interpreter's start with the seed: counts, divide and ended
    games by depth the same, for several seeds (each a start of its own)."""
    native = compiled[name]
    game = load_game(path_of(name))
    for seed in range(4):
        state = game.new_state(seed=seed, options=GAMES[name])
        assert state.setup_draws  # (a start that draws)
        python = perft_report(state, 4, terminals=True)
        report = native.perft_report(4, terminals=True, divide=True, seed=seed)
        assert report.counts == python.counts
        assert report.terminals == python.terminals
        assert native.perft_report(2, seed=seed).divide == perft_report(state, 2).divide


def test_mire_perft_with_a_seed_on_both_backends():
    runner = CliRunner()
    out = {}
    for backend in ("python", "native"):
        result = runner.invoke(main, ["perft", LIARS, "--depth", "4", "--seed", "3", "--json", "--backend", backend])
        assert result.exit_code == 0, result.output
        out[backend] = json.loads(result.stdout)  # (the first compile says so on stderr)
    assert out["python"]["counts"] == out["native"]["counts"]


# ---------------------------------------------------------------- replays, draw for draw

def stacks(native: NativeGame, st) -> list:
    """Every place's pieces, the bottom first, as (kind, owner): the position without the pieces' numbers."""
    m = native.module
    out = []
    for s in range(m.NSPACES):
        pieces = []
        p = st[m.TOP + s]
        while p >= 0:
            pieces.append((int(st[m.PIECES + m.PSTRIDE * p]), int(st[m.PIECES + m.PSTRIDE * p + 1])))
            p = st[m.PIECES + m.PSTRIDE * p + 3]
        out.append(pieces[::-1])
    return out


@pytest.mark.parametrize("name, games", [(DIE_RACE, 150), (LOTS, 150), (SIXES, 100), (ROLLS, 100),
                                         (LIARS, 150), ("liars-3", 60)])
def test_native_playouts_replay_through_the_interpreter_draw_for_draw(compiled, name, games):
    """The draws a native game made, handed to the interpreter as its chance script, make the same game: the
    same start (each place's pieces in the same order, the same player first, the same variables), every move
    legal with exactly the draws it made natively, the same end and scores."""
    native = compiled[name]
    game = load_game(path_of(name))
    ends = set()
    for index in range(games):
        texts, outcome, draws = native.playout_with_draws(seed=11, index=index)
        state = game.new_state(seed=index, options=GAMES[name], chance=draws.start)
        assert state.setup_drawn == draws.start, f"game {index}: the start drew otherwise"
        start = native.start_of(11, index)
        assert stacks(native, native.encode(state)) == stacks(native, start)
        assert header_and_variables(native, native.encode(state)) == header_and_variables(native, start)
        for k, (text, drawn) in enumerate(zip(texts, draws.moves)):
            assert not state.is_over(), f"game {index}: over before move {k + 1}"
            state.apply(state.parse_move(text), chance=drawn)
            assert tuple(state.drawn[-1]) == drawn, f"game {index}, move {k + 1}: other draws"
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        ends.add((outcome.winners, tuple(texts), draws.start, tuple(draws.moves)))
    assert len(ends) >= games // 3  # (fresh starts and rolls: the games are not all the same)


def header_and_variables(native: NativeGame, st) -> list:
    """The slots before the pieces but the places' top pieces (numbers that depend on the order the pieces were
    made in) and the chance stream's (the interpreter's generator is another): whose turn, the turn, the pieces
    in play by kind and owner, the variables."""
    m = native.module
    skip = {m.RNG, m.NDRAWN, *range(m.TOP, m.TOP + m.NSPACES)}
    return [int(st[i]) for i in range(native.layout.pieces) if i not in skip]


# ---------------------------------------------------------------- distributions

def test_a_native_series_draws_a_fresh_start_every_game_with_the_right_distribution(compiled):
    """Lots: who starts (1/2 each) and the owner of the top and of the bottom lot (1/6 the first seat, 2/6 the
    second, 3/6 nobody) over 6,000 native starts, against the exact distribution (chi-square at 0.001:
    a shift of 3 points in who starts, 2.3 standard errors of 6,000, is caught about half the time; of 5
    points nearly always)."""
    native = compiled[LOTS]
    m = native.module
    line = native.layout.zone_at["line"]
    starters, tops, bottoms = [0, 0], [0, 0, 0], [0, 0, 0]
    for index in range(6000):
        st = native.start_of(5, index)
        starters[int(st[m.TURN])] += 1
        order = stacks(native, st)[line]
        assert sorted(owner for _, owner in order) == [-1, -1, -1, 0, 1, 1]
        tops[order[-1][1] + 1] += 1
        bottoms[order[0][1] + 1] += 1
    assert goodness(starters, [Fraction(1, 2)] * 2)[0] < CRITICAL[1], starters
    for counts in (tops, bottoms):
        statistic, freedom = goodness(counts, [Fraction(1, 2), Fraction(1, 6), Fraction(1, 3)])
        assert statistic < CRITICAL[freedom], counts


def test_the_start_values_drawn_for_each_seat_are_uniform_and_independent(compiled):
    """Liar's dice with 3 faces: the two seats' dice at the start, as pairs, are uniform over the 9 pairs."""
    native = compiled["liars-3"]
    m = native.module
    pairs = [0] * 9
    for index in range(4500):
        st = native.start_of(8, index)
        a, b = int(st[m.VAR_die]), int(st[m.VAR_die + 1])
        assert 1 <= a <= 3 and 1 <= b <= 3
        pairs[3 * (a - 1) + b - 1] += 1
    statistic, freedom = goodness(pairs, [Fraction(1, 9)] * 9)
    assert statistic < CRITICAL[freedom], pairs


def rates(summary) -> list:
    first, second = summary.wins.values()
    return [first, second, summary.draws]


# Outcome rates against the exact ones (goodness of fit) and the interpreter's (homogeneity), chi-square at
# 0.001. Power: 40,000 native games of the die race put a shift of 1.5 points of the first seat's rate at 6
# standard errors; 2,000 interpreter games against 40,000 native ones catch a shift of 4 points (3.5 standard
# errors) about two times in three. Lots: if `first random` always gave the first seat, it would win 13/60
# (21.7%, not 16.7%): 40,000 games put that 27 standard errors away.
@pytest.mark.parametrize("name, exact", [(DIE_RACE, None), (LOTS, LOTS_RATES), (SIXES, SIXES_RATES)])
def test_outcome_rates_are_the_exact_ones_and_the_interpreters(compiled, name, exact):
    native = compiled[name].summary(40000, seed=1)
    if exact is None:
        first = race_first_seat()
        exact = [first, 1 - first, Fraction(0)]
    statistic, freedom = goodness(rates(native), exact)
    assert statistic < CRITICAL[freedom], (rates(native), exact)
    python = random_playouts(load_game(name), 2000, seed=1)
    statistic, freedom = chi_square([rates(python), rates(native)])
    assert statistic < CRITICAL[freedom], (rates(python), rates(native))


def test_liars_dice_rates_agree_with_the_interpreters(compiled):
    native = compiled[LIARS].summary(30000, seed=4)
    python = random_playouts(load_game(LIARS), 2000, seed=4)
    statistic, freedom = chi_square([rates(python), rates(native)])
    assert statistic < CRITICAL[freedom], (rates(python), rates(native))


def test_a_series_with_chance_is_deterministic_and_cut_into_parts_is_the_same(compiled):
    native = compiled[LOTS]
    first, again, other = (native.summary(3000, seed).as_dict() for seed in (3, 3, 4))
    assert first == again and first != other
    parts = native.summary(1000, 3)
    native.summary(2000, 3, first=1000, summary=parts)
    assert parts.as_dict() == first
    # (a game's draws depend on (seed, game) alone: its replay record too)
    assert native.playout_with_draws(3, 17)[2] == native.playout_with_draws(3, 17)[2]


def test_a_search_rollout_draws_from_its_own_seed(compiled):
    """A position handed over mid-game (the die race after two rolls): `rollout` seeds the chance stream from
    the seed it is given, so a rollout is the same with one seed and the dice fall otherwise with others."""
    import numpy as np
    native = compiled[DIE_RACE]
    m = native.module
    state = load_game(DIE_RACE).new_state(seed=4)
    for _ in range(2):
        state.apply(state.legal_moves()[0])
    rollout = native.entry("rollout")

    def ends(seed):
        st = native.encode(state)
        result = np.zeros(4, np.int64)
        rollout(st, np.zeros(1 + 2 * m.JCAP, np.int64), np.zeros((m.MAXMOVES, m.WIDTH), np.int64), seed, 100, result)
        return int(result[0]), int(result[3]), tuple(int(st[m.VAR_steps + p]) for p in range(2))
    assert ends(9) == ends(9)
    assert len({ends(seed) for seed in range(40)}) > 5
    assert {ends(seed)[1] for seed in range(40)} == {0, 1}


def test_balance_plays_the_series_games_with_a_fresh_start_each(compiled):
    """`mire balance`'s compiled loop (balance_playouts) begins each game as `playouts` does (its start drawn
    anew): the same games, game for game."""
    import numpy as np
    native = compiled[LOTS]
    m = native.module
    played = np.zeros((300, 4), np.int64)
    native.entry("playouts")(native.start, 6, 100, 300, 1000, played)
    balanced = np.zeros((300, 4), np.int64)
    actions = len(native.actions)
    m.balance_playouts(native.start, 6, 100, 300, 1000, balanced, np.zeros(actions, np.int64),
                       np.zeros(actions, np.int64), np.zeros((8, 2), np.int64))
    assert balanced.tolist() == played.tolist()
    assert len({tuple(row) for row in played.tolist()}) > 3
