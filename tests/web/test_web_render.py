"""The web board's drawing of whole views, pinned by snapshots (read them before accepting a change): a square
grid with pieces, a grid with its edges and corners, and a graph."""
from __future__ import annotations

from pathlib import Path

import pytest

from mire.cli.web.svg import boards_html, zones_html
from mire.engine import load_game

TESTS = Path(__file__).resolve().parents[1]


def played(game: str, moves: list, seed: int = 1):
    s = load_game(game).new_state(seed=seed)
    for m in moves:
        s.apply(s.parse_move(m))
    return s


@pytest.mark.parametrize("game, moves", [
    ("tic-tac-toe", ["place b2", "place a1"]),
    (str(TESTS / "games" / "dots-and-boxes-small.mire"), []),
    (str(TESTS / "games" / "nine-mens-morris.mire"), []),
], ids=["grid", "edges-and-corners", "graph"])
def test_the_drawing_of_a_view(game, moves, snapshot):
    s = played(game, moves)
    if not moves:
        s.apply(s.legal_moves()[0])
    view = s.view(0)
    drawn = boards_html(view) + zones_html(view)
    assert drawn.count('data-target="') >= 9
    assert drawn.replace("><", ">\n<") == snapshot
