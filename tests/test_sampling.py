"""Drawing a random legal move without listing them all (engine/run/sampling.py): the move drawn is always legal,
every legal move is as likely as every other, and `has_moves` agrees with the listing."""
import math
import random
from collections import Counter

import pytest

from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.bots import RandomBot

ROOT = __import__("pathlib").Path(__file__).parent

# Two actions of two parameters whose legal moves are a third and a half of their candidates, one of one
# parameter (listed), and a fallback: the draw must be uniform over all of them together.
MIXED = '''game "Draws"
players 2
board cells: grid 3 x 3
piece stone

action pair(a in 1..6, b in 1..6 where a + b == 7 or a == b) as "pair {a} {b}":
    finish
action cross(c in cells, d in orthogonal where empty(c) and c + d != none):
    place stone for mover at c
action put(c in cells where empty(c) and c.x == 2):
    place stone for mover at c
fallback action wait():
    pass
'''


def chi_square_critical(df, z=3.09):
    """The chi-square value exceeded with probability 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def draw_counts(state, draws, seed=0):
    rng = random.Random(seed)
    return Counter(state.random_move(rng).text for _ in range(draws))


@pytest.fixture
def mixed(tmp_path):
    path = tmp_path / "draws.mire"
    path.write_text(MIXED, encoding="utf-8")
    return load_game(str(path))


def test_the_draw_is_uniform_over_every_legal_move_of_every_action(mixed):
    state = mixed.new_state(seed=1)
    legal = [m.text for m in state.legal_moves()]
    # pair: 6 with a + b = 7, 6 with a = b; cross: 24 (the 3 x 3 cells, each side that has a cell); put: 3
    assert len(legal) == len(set(legal)) == 12 + 24 + 3
    state._cache_version = -1  # (forget the listing: draw as at a position whose moves were not listed)
    state.random_move(random.Random(0))
    assert state._cache_version != state._version  # it drew without listing the moves
    counts = draw_counts(state, 200 * len(legal))
    assert set(counts) == set(legal)
    expected = 200
    chi2 = sum((counts[m] - expected) ** 2 / expected for m in legal)
    assert chi2 < chi_square_critical(len(legal) - 1), counts


def test_queensland_draws_are_uniform_at_a_position_of_a_real_game():
    game = load_game("queensland")
    state = game.new_state(seed=3, players=2)
    bots = [RandomBot(seed=5), RandomBot(seed=6)]
    play_game(state, bots, max_moves=12)
    assert not state.is_over() and state.pending is None
    legal = [m.text for m in state.legal_moves()]
    assert len(legal) > 20
    state._cache_version = -1
    counts = draw_counts(state, 150 * len(legal), seed=2)
    assert set(counts) == set(legal)
    chi2 = sum((counts[m] - 150) ** 2 / 150 for m in legal)
    assert chi2 < chi_square_critical(len(legal) - 1), counts


@pytest.mark.parametrize("name,players", [("queensland", 2), ("queensland", 4),
                                          (str(ROOT / "games" / "tiles.mire"), 2)])
def test_every_move_drawn_is_legal_and_has_moves_agrees_with_the_listing(name, players):
    game = load_game(name)
    checked = 0
    for seed in range(3):
        state = game.new_state(seed=seed, players=players)
        rng = random.Random(seed)
        while not state.is_over():
            has = state.has_moves()
            legal = state.legal_moves()
            assert has == bool(legal)
            if not legal:
                break
            move = state.random_move(rng)
            assert move in legal
            state.apply(move)
            checked += 1
    assert checked > 40


CORNERS = '''game "Corners"
players 2
board cells: grid 2 x 2
piece stone
var waits: int = 0

action put(c in cells, d in orthogonal where empty(c) and c + d != none and empty(c + d)):
    place stone for mover at c
fallback action wait():
    waits = waits + 1
    if waits == 2:
        finish
'''


def test_the_fallback_is_drawn_exactly_when_no_other_move_is_legal(tmp_path):
    path = tmp_path / "corners.mire"
    path.write_text(CORNERS, encoding="utf-8")
    game = load_game(str(path))
    rng = random.Random(0)
    for seed in range(10):
        state = game.new_state(seed=seed)
        texts = []
        while not state.is_over():
            assert state.has_moves()
            move = state.random_move(rng)
            if move.action.name == "wait":
                assert [m.text for m in state.legal_moves()] == ["wait"]
            texts.append(move.text)
            state.apply(move)
        # once no empty cell has an empty neighbour, both players wait
        assert texts[-2:] == ["wait", "wait"] and all(t.startswith("put") for t in texts[:-2]), texts
