"""A state started again (`restart`) is the game a new state with that seed would be: the same position, the
same legal moves, the same game when the same moves are played, for every bundled game and player count."""
import random

import pytest

from mire.engine import load_game
from mire.engine.analysis.testing import snapshot
from mire.engine.loader import bundled_names

CASES = [(name, n) for name in bundled_names() for n in range(load_game(name).min_players,
                                                                 load_game(name).max_players + 1)]


def play(state, rng, limit=400):
    """Random moves to the end (or `limit`); the snapshots and legal moves on the way."""
    seen = []
    while not state.is_over() and len(seen) < limit:
        moves = state.legal_moves()
        seen.append((snapshot(state), [m.text for m in moves]))
        state.apply(moves[rng.randrange(len(moves))])
    seen.append((snapshot(state), state.outcome()))
    return seen


@pytest.mark.parametrize("name,players", CASES)
def test_a_restarted_state_plays_the_game_a_new_state_plays(name, players):
    game = load_game(name)
    reused = game.new_state(seed=0, players=players)
    for seed in (0, 1, 2, 3):
        if seed:
            reused.restart(seed)
        fresh = game.new_state(seed=seed, players=players)
        assert snapshot(reused) == snapshot(fresh)
        assert play(reused, random.Random(seed)) == play(fresh, random.Random(seed))


def test_restart_in_the_middle_of_a_game_and_after_undo():
    game = load_game("queensland")  # an area grows under the moves, and the start draws random numbers
    state = game.new_state(seed=5, players=3)
    rng = random.Random(1)
    for _ in range(25):
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    for _ in range(7):
        state.undo()
    state.restart(9)
    fresh = game.new_state(seed=9, players=3)
    assert snapshot(state) == snapshot(fresh)
    assert play(state, random.Random(2), limit=60) == play(fresh, random.Random(2), limit=60)
