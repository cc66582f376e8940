"""Pictures of the boards that are not laid out as boxes on the plane: a grid drawn with its edges and corners
(dots joined by lines, the grid's spaces between them).

Each picture is made from a view's boards alone (docs/engine-api.md) and fits the width it is given when it
can: `shape_pictures` takes the shared boards of a view and gives the pictures of the ones it draws, and the
boards left for the plane.
"""
from __future__ import annotations

import re
from typing import Callable, Optional

from .render import DIM, paint, stack_label

_GRID_NAME = re.compile(r"^(?:.*\.)?([A-Za-z]+)([0-9]+)$")

# how the plane turns so that a seat's own edge is at the bottom of the picture (as the plane's boards turn)
_SEAT_TURN: dict[str, Callable] = {"west": lambda x, y: (-y, x), "north": lambda x, y: (-x, -y),
                                   "east": lambda x, y: (y, -x)}


def shape_pictures(boards: list, glyphs, color: bool, facing: Optional[str] = None,
                   width: int = 80) -> tuple[list, list]:
    """(pictures, the other boards): a picture (its lines, roomiest first: a list of options) for each grid
    drawn with its edges or corners among `boards`."""
    families: dict = {}
    for b in boards:
        if b.get("shape") in ("edges", "corners") and b.get("of"):
            families.setdefault(b["of"], []).append(b)
    pictures, rest = [], []
    for b in boards:
        if b.get("name") in families:
            pictures.append(lattice_options(b, families[b["name"]], glyphs, color, facing))
        elif not (b.get("shape") in ("edges", "corners") and b.get("of") in families):
            rest.append(b)
    return pictures, rest


def shown_as_a_line(board: dict, piece: dict) -> bool:
    """Is this piece drawn as the line of an edge, without a glyph (and so needs no legend)?"""
    return board.get("shape") == "edges" and bool(board.get("of")) and piece.get("owner") is None


def _turned(spaces: list, facing: Optional[str], keys=("px", "py")) -> list:
    turn = _SEAT_TURN.get(facing or "")
    if turn is None:
        return spaces
    out = []
    for sp in spaces:
        x, y = turn(sp[keys[0]], sp[keys[1]])
        out.append(dict(sp, **{keys[0]: x, keys[1]: y}))
    return out


# ---------------------------------------------------------------------------------
# a grid with its edges and corners

def lattice_options(grid: dict, family: list, glyphs, color: bool, facing: Optional[str] = None) -> list:
    """The picture of a grid and its edges and corners: corners `+` (or the piece on them), an edge with a
    piece on it a line (`-----`, `|`, with the piece's glyph when it is owned), each space of the grid its
    piece, or its name dimmed. The corners' columns and rows are named around it."""
    role: dict = {}
    for board, kind in [(grid, "space")] + [(b, b["shape"]) for b in family]:
        for sp in _turned(board.get("spaces") or [], facing):
            role[(sp["px"], sp["py"])] = (kind, sp)
    cells = [k for k, (kind, _) in role.items() if kind == "space"]
    if not cells:
        return [[]]
    x0, y0 = min(x for x, _ in cells) - 1, min(y for _, y in cells) - 1
    grid_cells = {(x - x0, y - y0): v for (x, y), v in role.items()}   # corners now at even, even
    nx = max(x for x, _ in grid_cells) + (1 if max(x for x, _ in grid_cells) % 2 else 0)
    ny = max(y for _, y in grid_cells) + (1 if max(y for _, y in grid_cells) % 2 else 0)

    def text(pos):
        kind, sp = grid_cells.get(pos, (None, None))
        return stack_label(sp.get("pieces") or [], glyphs) if sp else ""

    corner_w = max([1] + [len(text((x, y))) for x in range(0, nx + 1, 2) for y in range(0, ny + 1, 2)])
    cell_w = max([5] + [len(text((x, y))) + 2 for x in range(1, nx, 2) for y in range(0, ny + 1)]
                 + [len(str(grid_cells[(x, y)][1].get("name", ""))) + 2 for x in range(1, nx, 2)
                    for y in range(1, ny, 2) if (x, y) in grid_cells])
    corner_names = _corner_names(grid_cells)
    columns = {x: m.group(1) for (x, _), m in corner_names.items()}
    rows = {y: m.group(2) for (_, y), m in corner_names.items()}
    margin = max([len(r) for r in rows.values()] + [0]) + 1 if rows else 0

    def coloured(s, pieces):
        return paint(s, glyphs.colour(pieces[-1]) if pieces else None, color)

    lines = []
    if columns:
        lines.append(_column_line(columns, nx, corner_w, cell_w, margin))
    for y in range(ny, -1, -1):
        out = (rows.get(y, "").rjust(margin - 1) + " ") if margin and y % 2 == 0 else " " * margin
        for x in range(0, nx + 1):
            kind, sp = grid_cells.get((x, y), (None, None))
            pieces = (sp.get("pieces") or []) if sp else []
            w = corner_w if x % 2 == 0 else cell_w
            if x % 2 == 0 and y % 2 == 0:  # a corner
                out += coloured(text((x, y)).center(w), pieces) if pieces else "+".center(w)
            elif x % 2 == 1 and y % 2 == 1:  # a space of the grid
                if pieces:
                    out += coloured(text((x, y)).center(w), pieces)
                else:  # its name, to type
                    name = str(sp.get("name", "")) if sp else ""
                    left = (w - len(name)) // 2
                    out += " " * left + paint(name, DIM, color) + " " * (w - len(name) - left)
            elif x % 2 == 1:  # an edge running east and west
                out += coloured(_run("-", text((x, y)), pieces, w), pieces) if pieces else " " * w
            else:  # an edge running north and south
                mark = text((x, y)) if pieces and pieces[-1].get("owner") is not None else "|"
                out += coloured(mark.center(w), pieces) if pieces else " " * w
        lines.append(out.rstrip())
    if columns:
        lines.append(_column_line(columns, nx, corner_w, cell_w, margin))
    return [lines]


def _corner_names(grid_cells: dict) -> dict:
    """(x, y) of each corner -> its name split in column and row, from the corners' own names or from the
    names of the edges that end there (`a1-b1`); only when every corner reads like a grid's space."""
    names: dict = {}
    for (x, y), (kind, sp) in grid_cells.items():
        if kind == "corners":
            names[(x, y)] = str(sp.get("name", ""))
        elif kind == "edges" and "-" in str(sp.get("name", "")):
            first, last = str(sp["name"]).split(".")[-1].split("-", 1)
            ends = [(x - 1, y), (x + 1, y)] if x % 2 == 1 else [(x, y - 1), (x, y + 1)]
            ends.sort()
            for (cx, cy), n in zip(ends, (first, last)):
                names.setdefault((cx, cy), n)
    out = {}
    for pos, n in names.items():
        m = _GRID_NAME.match(n)
        if m is None:
            return {}
        out[pos] = m
    return out


def _column_line(columns: dict, nx: int, corner_w: int, cell_w: int, margin: int) -> str:
    out = " " * margin
    for x in range(0, nx + 1):
        w = corner_w if x % 2 == 0 else cell_w
        out += columns.get(x, "").center(w) if x % 2 == 0 else " " * w
    return out.rstrip()


def _run(fill: str, glyph: str, pieces: list, w: int) -> str:
    """An edge with a piece: a line, with the piece's glyph in its middle when the piece has an owner."""
    if not pieces or pieces[-1].get("owner") is None or not glyph:
        return fill * w
    left = (w - len(glyph)) // 2
    return fill * left + glyph + fill * (w - len(glyph) - left)

