"""Boards that are not a plain grid: the edges and the corners of a grid.

What each shape holds is worked out here once, for the checker (how many spaces, whether the declaration
makes sense) and for the engine (which builds the spaces from the same description).
"""
from __future__ import annotations

from . import nodes as N

# shapes made from a grid: a board `edges of cells` or `corners of cells`
DERIVED = ("edges", "corners")

def derived_size(shape: str, width: int, height: int) -> int:
    """How many spaces the edges or the corners of a grid of width x height cells are."""
    if shape == "edges":
        return width * (height + 1) + (width + 1) * height
    return (width + 1) * (height + 1)


def space_count(board: N.Board, boards: dict) -> int:
    """How many spaces a board has (an area: none to begin with)."""
    if board.shape == "grid":
        return board.width * board.height
    if board.shape in DERIVED:
        grid = boards.get(board.of or "")
        if grid is None or grid.shape != "grid":
            return 0
        return derived_size(board.shape, grid.width, grid.height)
    return 0


class BoardShapes:
    """Checks the declarations of edges and corners boards (the checker's `error` reports)."""

    def __init__(self, error, boards: dict):
        self.error, self.boards = error, boards

    def check(self, b: N.Board) -> None:
        if b.shape in DERIVED:
            self.check_derived(b)

    def check_derived(self, b: N.Board) -> None:
        grid = self.boards.get(b.of or "")
        what = "edges" if b.shape == "edges" else "corners"
        if grid is None:
            self.error("E046", f"'{b.of}' is not a board of this game, so '{b.name}' cannot be its {what}", b.span,
                       f"name a grid declared in the game: `board {b.name}: {what} of cells`", focus=b.of)
            return
        if grid.shape != "grid" or grid.per_player:
            self.error("E046", f"'{b.name}' is the {what} of '{grid.name}', which is "
                               f"{'a board of each player' if grid.per_player else a_shape(grid.shape)}", b.span,
                       f"edges and corners belong to a shared grid: `board cells: grid 3 x 3` and "
                       f"`board {b.name}: {what} of cells`", focus=b.of)
            return
        if grid.at is not None:
            self.error("E046", f"the grid '{grid.name}' has edges or corners, so Mire lays it out on the plane, "
                               "and it cannot have `at`", grid.span,
                       "remove the `at (...)`: a grid with edges or corners lies with its edges and corners between "
                       "its spaces")
        if b.at is not None or b.per_player:
            self.error("E046", f"the {what} of a grid lie where the grid is: '{b.name}' cannot have "
                               f"{'`at`' if b.at is not None else '`per player`'}", b.span,
                       f"write just `board {b.name}: {what} of {grid.name}`")
        twin = next((o for o in self.boards.values()
                     if o is not b and o.shape == b.shape and o.of == b.of and o.span.line < b.span.line), None)
        if twin is not None:
            self.error("E046", f"the {what} of '{grid.name}' are already the board '{twin.name}' (line "
                               f"{twin.span.line})", b.span, f"use '{twin.name}', or remove one of them")

def a_shape(shape: str) -> str:
    return {"grid": "a grid", "area": "an area", "edges": "the edges of a grid",
            "corners": "the corners of a grid"}.get(shape, shape)
