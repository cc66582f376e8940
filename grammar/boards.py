"""Boards that are not a plain grid: the edges and the corners of a grid, graphs (points joined by lines), and
hex boards (a rhombus, a hexagon or a triangle of hexagonal cells).

What each shape holds is worked out here once, for the checker (how many spaces, whether the declaration
makes sense) and for the engine (which builds the spaces from the same description).
"""
from __future__ import annotations

import re
from typing import Callable, Optional

from . import nodes as N
from .limits import MAX_GRID
from .types import DIRECTION_SETS, BoardShape, HexOutline

# shapes made from a grid: a board `edges of cells` or `corners of cells`
DERIVED = ("edges", "corners")

_GRID_LABEL = re.compile(r"^([A-Za-z]+)([0-9]+)$")


def label_position(name: str) -> Optional[tuple[int, int]]:
    """The column and row a name like a grid's space names: `d7` is (4, 7), `AB2` is (28, 2); else None."""
    m = _GRID_LABEL.match(name)
    if m is None:
        return None
    column = 0
    for ch in m.group(1).lower():
        column = column * 26 + (ord(ch) - 96)
        if column > MAX_GRID:  # no need to read further: it is off every board
            break
    row = int(m.group(2)) if len(m.group(2)) <= 6 else MAX_GRID + 1
    return column, row


def fixed_spaces(board: N.Board) -> bool:
    """Are a board's spaces the same all through a game, so that what is made of them may be kept per game?
    A grid's, its edges' and corners', a graph's: yes. An area grows as pieces are put on it, and a board of
    each player is one board per seat."""
    return board.shape != "area" and not board.per_player


def derived_size(shape: BoardShape, width: int, height: int) -> int:
    """How many spaces the edges or the corners of a grid of width x height cells are."""
    if shape == "edges":
        return width * (height + 1) + (width + 1) * height
    return (width + 1) * (height + 1)


def hex_box(outline: Optional[HexOutline], width: int, height: int) -> tuple[int, int]:
    """The columns and rows a hex board's cells spread over: a rhombus W x H is W x H; a hexagon of N cells a
    side spans 2N - 1 columns and rows; a triangle of N cells a side, N."""
    if outline == "hexagon":
        return 2 * width - 1, 2 * width - 1
    return width, height


def hex_cells(outline: Optional[HexOutline], width: int, height: int) -> list[tuple[int, int]]:
    """A hex board's cells as (column, row) in axial coordinates, bottom row first: each row is drawn half a cell
    right of the one below, so a cell's six neighbours are east (x+1, y), west (x-1, y), northeast (x, y+1),
    southwest (x, y-1), northwest (x-1, y+1) and southeast (x+1, y-1). `width` and `height` are a rhombus's
    size, or (twice) the side of a hexagon or a triangle."""
    columns, rows = hex_box(outline, width, height)
    if outline == "hexagon":  # the cells within N - 1 steps of the middle cell (N, N)
        return [(x, y) for y in range(1, rows + 1) for x in range(1, columns + 1)
                if width + 1 <= x + y <= 3 * width - 1]
    if outline == "triangle":  # corners (1, 1), (N, 1) and (1, N)
        return [(x, y) for y in range(1, rows + 1) for x in range(1, columns + 1) if x + y <= width + 1]
    return [(x, y) for y in range(1, rows + 1) for x in range(1, columns + 1)]


def hex_count(outline: Optional[HexOutline], width: int, height: int) -> int:
    """How many cells a hex board has (without listing them)."""
    if outline == "hexagon":
        return 3 * width * (width - 1) + 1 if width > 0 else 0
    if outline == "triangle":
        return width * (width + 1) // 2 if width > 0 else 0
    return width * height


def graph_points(board: N.Board) -> list[N.GraphPoint]:
    """A graph's points in the order they are first named: `point` lines and the names in lines and links
    (a name met again is the same point; the first place given wins)."""
    seen: dict = {}
    for p in board.points:
        seen.setdefault(p.name, p)
    for line in board.lines:
        for name in line.points:
            seen.setdefault(name, N.GraphPoint(name=name, at=None, span=line.span))
    return list(seen.values())


def space_count(board: N.Board, boards: dict, size: Callable[[N.Board], tuple[int, int]]) -> int:
    """How many spaces a board has (an area: none to begin with); `size(grid)` is a grid's width and height (its
    size may be a constant or an option's value: static_values.StaticValues works it out)."""
    if board.shape == "grid":
        w, h = size(board)
        return w * h
    if board.shape == "hex":
        return hex_count(board.outline, *size(board))
    if board.shape in DERIVED:
        grid = boards.get(board.of or "")
        if grid is None or grid.shape != "grid":
            return 0
        return derived_size(board.shape, *size(grid))
    if board.shape == "graph":
        return len(graph_points(board))
    return 0


class BoardShapes:
    """Checks the declarations of edges, corners and graph boards (the checker's `error` reports)."""

    def __init__(self, error, boards: dict):
        self.error, self.boards = error, boards

    def check(self, b: N.Board) -> None:
        if b.shape in DERIVED:
            self.check_derived(b)
        elif b.shape == "graph":
            self.check_graph(b)
        if b.neighbors is not None and (b.shape not in ("grid", "area") or b.neighbors not in DIRECTION_SETS):
            self.error("E046", f"`neighbors {b.neighbors}`: " + (
                           f"'{b.name}' is {a_shape(b.shape)}, whose neighbours are its own" if b.shape not in
                           ("grid", "area") else "the neighbours of a grid's spaces lie in `orthogonal` (the "
                           "default), `diagonal` or `all_directions`"), b.span,
                       "write `neighbors all_directions` after a grid's or an area's size (or leave it out)",
                       focus=b.neighbors)
        if b.shape == "hex" and b.per_player:
            self.error("E046", f"a hex board is shared: '{b.name}' cannot be `per player`", b.span,
                       "remove `per player` (or make it a grid)")
        if b.shape != "graph" and (b.lines or b.points):
            self.error("E047", f"only a graph board lists points and lines, and '{b.name}' is {a_shape(b.shape)}",
                       b.span, "write `board NAME: graph` above the indented `point`, `line` and `link` lines")

    def check_blocks(self, b: N.Board, static) -> None:
        """`blocks W x H`: a grid of a fixed size that blocks of W x H cut into whole blocks."""
        if b.blocks is None:
            return
        if b.shape != "grid" or b.per_player or any(o.of == b.name for o in self.boards.values()):
            self.error("E046", f"only a shared grid without edges or corners is cut into blocks, and '{b.name}' is "
                               + ("a board of each player" if b.per_player else a_shape(b.shape) if b.shape != "grid"
                                  else "a grid with edges or corners"), b.span, "remove `blocks ...`")
            return
        w, h = static.int_of(b.width), static.int_of(b.height)
        bw, bh = (static.int_of(e) for e in b.blocks)
        if bw is None or bh is None or static.options_in(b.blocks[0]) or static.options_in(b.blocks[1]):
            self.error("E045", "a block's size is a number or a constant", b.blocks[0].span,
                       "write `blocks 3 x 3`, or `blocks N x N` with `const N = 3`")
            return
        if static.options_in(b.width) or static.options_in(b.height):
            self.error("E045", f"a grid cut into blocks has a fixed size, and '{b.name}' takes its size from an option",
                       b.span, "give the grid numbers or constants for its size")
            return
        if bw < 1 or bh < 1 or w is None or h is None or w % bw or h % bh:
            self.error("E046", f"blocks of {bw} x {bh} do not cut the grid '{b.name}' of {w} x {h} into whole blocks",
                       b.span, "make the grid's width a multiple of the blocks' width, and its height of their "
                               "height: `grid 9 x 9 blocks 3 x 3`")

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

    def check_graph(self, b: N.Board) -> None:
        if not b.lines and not b.points:
            self.error("E047", f"the graph '{b.name}' has no points", b.span,
                       "list its points and how they join on indented lines under it: `point york at (3, 5)`, "
                       "`line a1 - d1 - g1` (points in a straight line), `link a1 - b2` (points that join)")
            return
        if b.per_player:
            self.error("E047", "a graph board is shared: it cannot be `per player`", b.span,
                       "remove `per player`")
        if b.labels is not None:
            self.error("E047", "a graph's points are named by its `point`, `line` and `link` lines, so it takes no "
                               "`labels`", b.span, "remove the `labels` option")
        declared: dict = {}
        for p in b.points:
            if p.name in declared:
                self.error("E047", f"point '{p.name}' is listed twice (first on line {declared[p.name].span.line})",
                           p.span, "list each point once", focus=p.name)
            declared[p.name] = p
        places: dict = {}
        for p in graph_points(b):
            place = p.at if p.at is not None else label_position(p.name)
            if place is None:
                self.error("E047", f"point '{p.name}' of the graph '{b.name}' has no place", p.span,
                           f"give it a column and a row: `point {p.name} at (3, 5)` (a point named like a grid's "
                           "space, such as `d7`, is at its column and row)", focus=p.name)
                continue
            if not all(1 <= v <= MAX_GRID for v in place):
                self.error("E047", f"point '{p.name}' is at column {place[0]}, row {place[1]}, and a graph's points "
                                   f"lie in columns and rows 1 to {MAX_GRID}", p.span,
                           "give it a place within the board, such as `at (3, 5)`", focus=p.name)
                continue
            if place in places:
                self.error("E047", f"points '{places[place]}' and '{p.name}' are both at column {place[0]}, "
                                   f"row {place[1]}", p.span, "give each point a place of its own", focus=p.name)
            places[place] = p.name
        for line in b.lines:
            word = "line" if line.straight else "link"
            again = _repeated(line.points)
            if again is not None:
                self.error("E047", f"this {word} passes through '{again}' twice", line.span,
                           f"a {word} goes through each point once; write a closed loop as two {word}s",
                           focus=again)


def _repeated(names) -> Optional[str]:
    """The first name met a second time, or None."""
    met: set = set()
    for n in names:
        if n in met:
            return n
        met.add(n)
    return None


def a_shape(shape: BoardShape) -> str:
    return {"grid": "a grid", "area": "an area", "graph": "a graph", "edges": "the edges of a grid",
            "corners": "the corners of a grid", "hex": "a hex board"}.get(shape, shape)
