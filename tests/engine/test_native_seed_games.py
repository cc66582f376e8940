"""The seed games the native backend plays (Mudwater and its Advanced Mode, Mosquito Show, Quagmire), against the
interpreter: perft from seeded starts, every native game replayed through the interpreter draw for draw (its hands
and ante drawn natively in the setup, the ponds or the deck shuffled there), and outcome rates. The other seed game
(Queensland, its farms area boards) is tested in test_native_areas.py."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft_report
from mire.engine.analysis.playout import random_playouts

pytest.importorskip("numba")

from mire.engine.native import NativeGame  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))  # (test_native.py's fixtures and helpers, shared)
from test_native import CHI2_CRITICAL, cache, chi_square  # noqa: E402,F401,I001

GAMES_DIR = Path(__file__).parents[2] / "games"
MUDWATER, ADVANCED = str(GAMES_DIR / "mudwater.mire"), str(GAMES_DIR / "mudwater-advanced.mire")
# its phase's `when stuck`, choices among pieces and spaces in procs, `for ... ordered by` over the meal's tokens
MOSQUITO = str(GAMES_DIR / "mosquito-show.mire")
# its zones with a capacity, choices among pieces and spaces in procs, a loop over a pad's flies
QUAGMIRE = str(GAMES_DIR / "quagmire.mire")


@pytest.fixture(scope="module")
def compiled(cache):  # noqa: F811
    return {name: NativeGame(load_game(name)) for name in (MUDWATER, ADVANCED, MOSQUITO, QUAGMIRE)}


@pytest.mark.parametrize("name", [MUDWATER, ADVANCED])
def test_perft_from_seeded_starts_is_the_interpreters(compiled, name):
    """Counts, ended games and the divide from the interpreter's start with each seed (its hands, its ante and
    who starts drawn there)."""
    native = compiled[name]
    game = load_game(name)
    for seed in (0, 5):
        python = perft_report(game.new_state(seed=seed), 2, terminals=True)
        report = native.perft_report(2, terminals=True, divide=True, seed=seed)
        assert report.counts == python.counts
        assert report.terminals == python.terminals
        assert report.divide == python.divide
    assert native.perft_report(1, seed=0).counts == [153]


@pytest.mark.parametrize("name", [MUDWATER, ADVANCED, MOSQUITO, QUAGMIRE])
def test_native_games_replay_through_the_interpreter_draw_for_draw(compiled, name):
    """Each native game's draws (the hands drawn for each level, the ante, who starts) given to the interpreter
    as its chance script make the same game: every move legal there, the same end."""
    native = compiled[name]
    game = load_game(name)
    seen = set()
    for index in range(25):
        texts, outcome, draws = native.playout_with_draws(seed=3, index=index)
        state = game.new_state(seed=index, chance=draws.start)
        assert state.setup_drawn == draws.start
        for k, (text, drawn) in enumerate(zip(texts, draws.moves)):
            assert not state.is_over(), f"game {index}: over before move {k + 1}"
            state.apply(state.parse_move(text), chance=drawn)
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw) == (outcome.winners, outcome.draw), f"game {index}"
        seen.add(tuple(texts))
    assert len(seen) == 25  # (a fresh start each game: no two games alike)


# Outcome rates, chi-square at 0.001 between 1,500 interpreter games and 20,000 native ones: a shift of 4 points
# in the first seat's rate (3.4 standard errors) is caught about half the time, of 5 points nearly always.
@pytest.mark.parametrize("name", [MUDWATER, ADVANCED])
def test_outcome_rates_agree_with_the_interpreters(compiled, name):
    native = compiled[name].summary(20000, seed=2)
    python = random_playouts(load_game(name), 1500, seed=2)
    rows = [[s.wins.get("black", 0), s.wins.get("white", 0), s.draws] for s in (python, native)]
    statistic, freedom = chi_square(rows)
    assert statistic < CHI2_CRITICAL[freedom], rows


@pytest.mark.parametrize("name, depth, known", [(MOSQUITO, 3, [32, 960, 13440]), (QUAGMIRE, 4, None)])
def test_mosquito_show_and_quagmire_perft_from_seeded_starts_is_the_interpreters(compiled, name, depth, known):
    """Counts, ended games and the divide from the interpreter's start with each seed (the shuffled ponds or
    deck and who starts drawn there)."""
    native = compiled[name]
    game = load_game(name)
    for seed in (0, 5):
        python = perft_report(game.new_state(seed=seed), depth, terminals=True)
        report = native.perft_report(depth, terminals=True, divide=True, seed=seed)
        assert report.counts == python.counts
        assert report.terminals == python.terminals
        assert report.divide == python.divide
    if known is not None:
        assert native.perft_report(depth, seed=0).counts == known


@pytest.mark.parametrize("name, seats", [(MOSQUITO, ("orange", "blue")), (QUAGMIRE, ("green", "red"))])
def test_mosquito_show_and_quagmire_outcome_rates_agree_with_the_interpreters(compiled, name, seats):
    native = compiled[name].summary(20000, seed=2)
    python = random_playouts(load_game(name), 1500, seed=2)
    rows = [[s.wins.get(seats[0], 0), s.wins.get(seats[1], 0), s.draws] for s in (python, native)]
    statistic, freedom = chi_square(rows)
    assert statistic < CHI2_CRITICAL[freedom], rows
