"""Pictures of the boards that are not laid out as boxes on the plane: a grid drawn with its edges and corners
(dots joined by lines, the grid's spaces between them), and a graph (points joined by lines).

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
    drawn with its edges or corners and for each graph among `boards`."""
    families: dict = {}
    for b in boards:
        if b.get("shape") in ("edges", "corners") and b.get("of"):
            families.setdefault(b["of"], []).append(b)
    pictures, rest = [], []
    for b in boards:
        if b.get("name") in families:
            pictures.append(lattice_options(b, families[b["name"]], glyphs, color, facing))
        elif b.get("shape") == "graph":
            pictures.append(graph_options(b, glyphs, color, facing, width))
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
    columns = _shared_part(corner_names, 0)
    rows = _shared_part(corner_names, 1)
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


def _shared_part(corner_names: dict, axis: int) -> dict:
    """For each column (axis 0) or row (axis 1) of corners, what their names share: the letters of a column,
    the number of a row (or, seen from a seat at the side, the other way round); {} when they share nothing."""
    lines: dict = {}
    for pos, m in corner_names.items():
        lines.setdefault(pos[axis], []).append(m)
    out = {}
    for part in (1, 2):
        out = {k: ms[0].group(part) for k, ms in lines.items() if len({m.group(part) for m in ms}) == 1}
        if len(out) == len(lines):
            return out
    return {}


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


# ---------------------------------------------------------------------------------
# a graph

def graph_options(board: dict, glyphs, color: bool, facing: Optional[str] = None, width: int = 80) -> list:
    """A graph's points where its rules file puts them (their columns and rows, the gaps between them
    closed up), each its piece or its name, the links between them drawn as lines: with a line between
    rows (roomy) and, when that is too tall, without."""
    spaces = _turned(board.get("spaces") or [], facing, keys=("x", "y"))
    if not spaces:
        return [[]]
    return [pic for pic in (_graph_picture(board, spaces, glyphs, color, roomy, width) for roomy in (True, False))
            if pic]


def _graph_picture(board, spaces, glyphs, color, roomy, width) -> list:  # noqa: C901 - one drawing
    by_name = {sp["name"]: sp for sp in spaces}
    named = _axis_names(spaces)
    texts = {}
    for sp in spaces:
        piece = stack_label(sp.get("pieces") or [], glyphs)
        # a point named by its column and row can show just its piece: the names around say where it is
        texts[sp["name"]] = (piece or str(sp["name"])) if named else \
            str(sp["name"]) + (f"[{piece}]" if piece else "")
    xs = sorted({sp["x"] for sp in spaces})
    ys = sorted({sp["y"] for sp in spaces}, reverse=True)
    cw = max(len(t) for t in texts.values())
    margin = max([len(r) for r in named[1].values()] + [0]) + 1 if named else 0
    gap = 4 if roomy else 2
    while gap > 1 and margin + len(xs) * (cw + gap) > width:
        gap -= 1
    col = {x: margin + i * (cw + gap) for i, x in enumerate(xs)}
    step = 2 if roomy else 1
    row = {y: i * step for i, y in enumerate(ys)}
    height = (len(ys) - 1) * step + 1
    canvas = [[" "] * (margin + len(xs) * (cw + gap)) for _ in range(height)]
    paints: dict = {}  # (row, column) of a point's text -> its colour code

    def centre(sp):
        return row[sp["y"]], col[sp["x"]] + cw // 2

    def put(r, c, ch):
        if 0 <= r < height and 0 <= c < len(canvas[r]):
            here = canvas[r][c]
            if here == " ":
                canvas[r][c] = ch
            elif here in "-|/\\" and here != ch:
                canvas[r][c] = "+"

    for sp in spaces:
        t = texts[sp["name"]]
        r, c = row[sp["y"]], col[sp["x"]] + cw // 2 - len(t) // 2  # centred on its column's middle
        for i, ch in enumerate(t):
            canvas[r][c + i] = ch
        pieces = sp.get("pieces") or []
        paints[(r, c)] = (len(t), glyphs.colour(pieces[-1]) if pieces else DIM)
    for a_name, b_name in board.get("links") or []:
        a, b = by_name.get(a_name), by_name.get(b_name)
        if a is None or b is None:
            continue
        (r1, c1), (r2, c2) = centre(a), centre(b)
        if r1 == r2:
            lo, hi = sorted((c1, c2))
            for c in range(lo, hi + 1):
                put(r1, c, "-")
        elif c1 == c2:
            lo, hi = sorted((r1, r2))
            for r in range(lo + 1, hi):
                put(r, c1, "|")
        else:
            if (r1, c1) > (r2, c2):
                (r1, c1), (r2, c2) = (r2, c2), (r1, c1)
            mark = "\\" if c2 > c1 else "/"
            for r in range(r1 + 1, r2):
                put(r, round(c1 + (c2 - c1) * (r - r1) / (r2 - r1)), mark)
    lines = []
    for r, cells in enumerate(canvas):
        out = ""
        c = 0
        while c < len(cells):
            if (r, c) in paints:
                n, code = paints[(r, c)]
                out += paint("".join(cells[c:c + n]), code, color)
                c += n
            else:
                out += cells[c]
                c += 1
        lines.append(out.rstrip())
    if named:
        columns, rows = named
        for y, r in row.items():
            label = rows.get(y, "")
            lines[r] = label.rjust(margin - 1) + lines[r][margin - 1:] if label else lines[r]
        head = [" "] * (margin + len(xs) * (cw + gap))
        for x, c in col.items():
            label = columns.get(x, "")
            for i, ch in enumerate(label):
                head[c + cw // 2 - len(label) // 2 + i] = ch
        lines = ["".join(head).rstrip()] + lines  # above only: a mill board is tall already
    return lines


def _axis_names(spaces: list) -> Optional[tuple]:
    """Columns and rows named by the points' names, when every point is named by its column and row (`d7`)."""
    named = {}
    for sp in spaces:
        m = _GRID_NAME.match(str(sp["name"]))
        if m is None:
            return None
        named[(sp["x"], sp["y"])] = m
    columns, rows = _shared_part(named, 0), _shared_part(named, 1)
    return (columns, rows) if columns and rows else None
