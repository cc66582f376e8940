"""Procs, defs written as blocks, phases and graph boards on the native backend (engine/native/blocks.py,
phases.py) against the interpreter: checkers' runs of jumps (a def that calls itself and makes a list of lists;
a move's parameter that is a list); a small game of procs (a `return` inside a loop, a proc calling a proc, a
proc that ends the game) and defs (one that calls itself, a `while`); nine men's morris' board and mills without
its choice (three phases, left by `until` and by `enter`, a phase's trigger, a piece table). Perft counts and
ended games, divides, native playouts replayed through the interpreter, a position handed over in the middle of a
game (in each phase), outcome rates.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_report

pytest.importorskip("numba")

from mire.engine.native import NativeGame, Unsupported  # noqa: E402

from .test_native import (  # noqa: E402,F401
    assert_outcome_rates_agree,
    assert_perft_is_the_interpreters,
    cache,
    compiled_games,
    in_the_module_cache,
    replayed,
)

CHECKERS = str(Path(__file__).parents[1] / "games" / "checkers.mire")
BLOCKS = str(Path(__file__).parent / "native_games" / "blocks.mire")
MILLS = str(Path(__file__).parent / "native_games" / "mills.mire")
# English draughts' published perft from the start (7, 49, 302, ...): runs of jumps counted as one move each
CHECKERS_PERFT = [7, 49, 302, 1469, 7361, 36768, 179740, 845931]


@pytest.fixture(scope="module")
def compiled(cache):  # noqa: F811
    return compiled_games((CHECKERS, BLOCKS, MILLS))


@pytest.mark.parametrize("name, depth", [(CHECKERS, 5), (BLOCKS, 4), (MILLS, 3)])
def test_perft_counts_and_ended_games_are_the_interpreters(compiled, name, depth):
    assert_perft_is_the_interpreters(compiled[name], load_game(name).new_state(), depth)


def test_checkers_counts_are_the_published_ones(compiled):
    assert compiled[CHECKERS].perft(len(CHECKERS_PERFT)) == CHECKERS_PERFT


@pytest.mark.parametrize("name, depth", [(CHECKERS, 3), (BLOCKS, 2), (MILLS, 2)])
def test_the_divide_is_the_interpreters(compiled, name, depth):
    assert compiled[name].divide(depth) == perft_report(load_game(name).new_state(), depth).divide


@pytest.mark.parametrize("name, playouts", [(CHECKERS, 12), (BLOCKS, 40), (MILLS, 30)])
def test_native_playouts_replay_through_the_interpreter(compiled, name, playouts):
    """Every move (a run of jumps named by its squares) is legal in the interpreter; same end, same scores."""
    game = load_game(name)
    endings = set()
    jumps = 0
    phases = set()
    for index in range(playouts):
        state = game.new_state(seed=index)
        # (the phase of each position after a move: before each move but the first, and at the end)
        texts, outcome = replayed(compiled[name], state, 11, index,
                                  lambda k, position, legal: k and phases.add(position.phase))
        phases.add(state.phase)
        jumps += sum(1 for t in texts if t.startswith("jump") and "," in t)
        endings.add((outcome.winners, outcome.draw, tuple(texts)))
    assert len(endings) >= 2
    if name == CHECKERS:
        assert jumps > 0  # (runs of two jumps or more were made, and replayed)
    if name == MILLS:
        assert phases == {0, 1, 2}  # (every phase was reached: by its `until`, and by `enter`)


@pytest.mark.parametrize("name, moves, phase", [(CHECKERS, 24, None), (BLOCKS, 5, None), (MILLS, 6, 0),
                                               (MILLS, 9, 1), (MILLS, 20, 2)])
def test_a_position_handed_over_in_the_middle_of_a_game_counts_as_the_interpreters(compiled, name, moves, phase):
    state = load_game(name).new_state(seed=3)
    rng = random.Random(moves)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_moves()))
    assert state.phase == phase
    native = compiled[name]
    assert_perft_is_the_interpreters(native, state, 3, native.encode(state))


# Outcome rates: the chi-square test of tests/engine/test_native.py (wins of each seat and draws, refused at the
# 0.001 level). Blocks, 1,000 and 10,000 games: a shift of 6 points in a seat's win rate is caught with
# probability ~0.9; Mills, 600 and 6,000: a shift of 8 points with probability ~0.8; checkers (150 and 1,500
# games: the interpreter plays some 80 a second) only a gross one (~15 points, probability ~0.7).
@pytest.mark.parametrize("name, python_games, native_games", [(BLOCKS, 1000, 10000), (MILLS, 600, 6000),
                                                               (CHECKERS, 150, 1500)])
def test_outcome_rates_agree(compiled, name, python_games, native_games):
    assert_outcome_rates_agree(compiled[name], name, python_games, native_games)


# (nine men's morris, once refused here at its list chosen by a condition, is native: test_native_misc.py; Los
# Alamos, refused at its directions held in a def, too: test_native_chess.py)


PROC_VALUE = """game "Valued"
players 2
board cells: grid 3 x 1
piece stone

proc first_empty():
    for c in cells where empty(c):
        return c
    return none

action put(c in cells where empty(c)):
    place stone for mover at c
    let d = first_empty()

when stuck: draw
"""


def test_a_proc_that_gives_a_value_is_refused_where_it_is_called(tmp_path):
    path = tmp_path / "valued.mire"
    path.write_text(PROC_VALUE)
    with pytest.raises(Unsupported) as refused:
        NativeGame(load_game(str(path)))
    assert str(refused.value).endswith("valued.mire:13: the native backend does not handle a call of `first_empty` "
                                       "(procs) yet")


def test_a_game_that_calls_itself_runs_from_the_cache_in_another_process(compiled, cache):  # noqa: F811
    """numba's cache cannot hold a function that calls itself (read back, it crashes: numba issue 6061): checkers'
    runs of jumps, compiled by this file, are read from the cache by another process, and count as they did."""
    import os
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "mire", "perft", CHECKERS, "--backend", "native",
                           "--depth", "4"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "MIRE_CACHE_DIR": str(cache), "MIRE_BACKEND": "native"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:4] == ["depth 1: 7", "depth 2: 49", "depth 3: 302", "depth 4: 1469"]
    assert "compiling" not in done.stderr


DEEP = """game "Deep"
players 2
board cells: grid 3 x 1
piece stone

def depth_of(n):
    if n <= 0:
        return 0
    return 1 + depth_of(n - 1)

action put(c in cells where empty(c) and depth_of(turn * 5) >= 0):
    place stone for mover at c

when stuck: draw
"""


def test_a_def_that_calls_itself_deeper_than_the_native_levels_stops_with_an_error(tmp_path):
    """A def that calls itself is 12 functions natively, each calling the next: deeper, the game stops with an
    error that says so (the interpreter goes to MAX_DEPTH), never a crash nor another game."""
    path = tmp_path / "deep.mire"
    path.write_text(DEEP)
    native = NativeGame(load_game(str(path)))
    # (turn 2's listing: 11 calls deep, within the levels)
    assert native.perft(2) == perft(load_game(str(path)).new_state(), 2) == [3, 6]
    with pytest.raises(ValueError, match="called itself more than 12 times, one call inside another"):
        native.perft(3)  # (turn 3's: 16 calls deep)
