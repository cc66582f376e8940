"""Constructs the seed games meet on the native backend (engine/native/), each against the interpreter, the
reference: a phase's own `when stuck` (phases.py's STUCK_BY_PHASE), a zone with a capacity (layout.py's CAP, the
rules' error when a piece comes into a full zone), a choice among pieces and `for ... ordered by` over pieces
(choices.py: twins offered once, each answer named as the interpreter's Move.text names the piece). Small games
of tests/engine/native_games/: perft counts and ended games by depth, divides, native playouts replayed move by
move through the interpreter (same end, same scores: a phase's rule that ends the game otherwise than the
interpreter's shows there).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_report
from mire.engine.run.runtime import RuleError

pytest.importorskip("numba")

from mire.engine.native import NativeGame  # noqa: E402

from .test_native import assert_perft_is_the_interpreters, cache, compiled_games, replayed  # noqa: E402,F401

GAMES_DIR = Path(__file__).parent / "native_games"
# placing under the game's `when stuck: draw`, then stepping under the phase's `when stuck: lose`
STUCK_BY_PHASE = str(GAMES_DIR / "stuck-by-phase.mire")
# a zone of each player with `capacity 2`
TRAYS = str(GAMES_DIR / "trays.mire")
# `choose` among a hand's pieces (twins), `for ... ordered by` over the board's pieces
HAND_PICKS = str(GAMES_DIR / "hand-picks.mire")
GAMES = (STUCK_BY_PHASE, TRAYS, HAND_PICKS)
DEPTH = {STUCK_BY_PHASE: 10, TRAYS: 10, HAND_PICKS: 14}


@pytest.fixture(scope="module")
def compiled(cache):  # noqa: F811
    return compiled_games(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_perft_counts_and_ended_games_are_the_interpreters(compiled, name):
    assert_perft_is_the_interpreters(compiled[name], load_game(name).new_state(), DEPTH[name])


def test_the_counts_are_the_known_ones(compiled):
    assert compiled[STUCK_BY_PHASE].perft(10) == [3, 2, 3, 2, 3, 2, 3, 2, 0, 0]
    assert compiled[TRAYS].perft(10) == [1, 1, 3, 6, 7, 10, 20, 30, 39, 51]
    assert compiled[HAND_PICKS].perft(14) == [1, 2, 6, 6, 12, 24, 24, 36, 60, 144, 216, 360, 648, 864]


@pytest.mark.parametrize("name", GAMES)
def test_the_divide_is_the_interpreters(compiled, name):
    assert compiled[name].divide(4) == perft_report(load_game(name).new_state(), 4).divide


@pytest.mark.parametrize("name", GAMES)
def test_native_playouts_replay_through_the_interpreter(compiled, name):
    native = compiled[name]
    game = load_game(name)
    ends = set()
    for index in range(60):
        texts, outcome = replayed(native, game.new_state(seed=index), 5, index)
        ends.add((len(texts), tuple(outcome.winners), outcome.draw))
    if name == STUCK_BY_PHASE:
        # the second player stuck while placing (the game's draw, after 1 move), a player stuck while stepping
        # (the phase's loss: a winner), and the steps' draw
        assert (1, (), True) in ends
        assert any(winners for _, winners, _ in ends)
    if name == HAND_PICKS:
        texts = [native.playout(seed=5, index=index)[0] for index in range(20)]
        # (a hand's chip by its colour, the twins one option; the board's by the cell it tops, in the order asked)
        assert {game[1] for game in texts} == {"red", "blue"}
        assert any(set(game) & {"a1", "b1", "c1"} for game in texts)


def test_a_move_into_a_full_zone_is_an_error_on_both_backends(tmp_path):
    path = tmp_path / "full.mire"
    path.write_text('game "Full"\nplayers 2\npiece chip\nzone pile\nzone tray capacity 1\n\n'
                    "pieces chip in pile:\n    count\n    2\n\n"
                    "action push(c in pile):\n    move c to tray\n\nwhen stuck: draw\n")
    game = load_game(str(path))
    # (the second push is listed, and made at depth 3)
    assert perft(game.new_state(), 2) == [1, 1]
    with pytest.raises(RuleError, match="a zone is full"):
        perft(game.new_state(), 3)
    native = NativeGame(game)
    assert native.perft(2) == [1, 1]
    with pytest.raises(ValueError, match="a zone is full"):
        native.perft(3)
