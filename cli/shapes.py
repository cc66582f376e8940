"""Pictures of the boards that are not laid out as boxes on the plane: a grid drawn with its edges and corners
(dots joined by lines, the grid's spaces between them), a graph (points joined by lines), and a hex board
(hex_drawing.py).

Each picture is made from a view's boards alone (docs/engine-api.md), in a few options from the roomiest to
the most condensed, each as narrow as it can be made for the width it is given: `shape_pictures` takes the
shared boards of a view and gives the pictures of the ones it draws, and the boards left for the plane.
"""
from __future__ import annotations

import re
from typing import Any, Mapping, Optional

import attrs

from .fitting import width as text_width
from .glyphs import DIM, paint, stack_label
from .hex_drawing import hex_options
from .plane_drawing import SEAT_TURN

_GRID_NAME = re.compile(r"^(?:.*\.)?([A-Za-z]+)([0-9]+)$")


@attrs.frozen
class Picture:
    names: tuple  # the boards it shows
    options: list  # its lines, roomiest first


def shape_pictures(boards: list, glyphs, color: bool, facing: Optional[str] = None,
                   width: int = 80) -> tuple[list, list]:
    """(pictures, the other boards): a Picture for each grid drawn with its edges or corners and for each
    graph among `boards`."""
    families: dict = {}
    for b in boards:
        if b.get("shape") in ("edges", "corners") and b.get("of"):
            families.setdefault(b["of"], []).append(b)
    pictures, rest = [], []
    for b in boards:
        if b.get("name") in families:
            family = families[b["name"]]
            pictures.append(Picture((b["name"], *(f["name"] for f in family)),
                                    lattice_options(b, family, glyphs, color, facing, width)))
        elif b.get("shape") == "graph":
            pictures.append(Picture((b["name"],), graph_options(b, glyphs, color, facing, width)))
        elif b.get("shape") == "hex":
            pictures.append(Picture((b["name"],), hex_options(b, glyphs, color, width, facing)))
        elif not (b.get("shape") in ("edges", "corners") and b.get("of") in families):
            rest.append(b)
    return pictures, rest


def shown_as_a_line(board: Mapping[str, Any], piece: Mapping[str, Any]) -> bool:
    """Is this piece drawn as the line of an edge, without a glyph (and so needs no legend)?"""
    return board.get("shape") == "edges" and bool(board.get("of")) and piece.get("owner") is None


def _turned(spaces: list, facing: Optional[str], keys=("px", "py")) -> list:
    turn = SEAT_TURN.get(facing or "")
    if turn is None:
        return spaces
    out = []
    for sp in spaces:
        x, y = turn(sp[keys[0]], sp[keys[1]])
        out.append(dict(sp, **{keys[0]: x, keys[1]: y}))
    return out


# ---------------------------------------------------------------------------------
# a grid with its edges and corners

def lattice_options(grid: dict, family: list, glyphs, color: bool, facing: Optional[str] = None,
                    width: int = 80) -> list:
    """The picture of a grid and its edges and corners: corners `+` (or the piece on them), an edge with a
    piece on it a line (`-----`, `|`, with the piece's glyph when it is owned), each space of the grid its
    piece, or its name dimmed. The corners' columns and rows are named above and below it (condensed: above
    only); a picture too wide narrows its cells, leaving out the names of empty spaces if it must."""
    role: dict = {}
    for board, kind in [(grid, "space")] + [(b, b["shape"]) for b in family]:
        for sp in _turned(board.get("spaces") or [], facing):
            role[(sp["px"], sp["py"])] = (kind, sp)
    cells = [k for k, (kind, _) in role.items() if kind == "space"]
    if not cells:
        return [[]]
    x0, y0 = min(x for x, _ in cells) - 1, min(y for _, y in cells) - 1
    lattice = _Lattice({(x - x0, y - y0): v for (x, y), v in role.items()}, glyphs, color)  # corners at even, even
    roomy = lattice.roomiest()
    cell_w = roomy
    while cell_w > lattice.narrowest() and lattice.width(cell_w) > width:
        cell_w -= 1
    names = cell_w >= lattice.named_width()
    return [lattice.draw(cell_w, names, below) for below in (True, False)]


class _Lattice:
    """The cells of a grid with its edges and corners, on a plane where corners are at (even, even)."""

    def __init__(self, cells: dict, glyphs, color: bool):
        self.cells, self.glyphs, self.color = cells, glyphs, color
        xs, ys = max(x for x, _ in cells), max(y for _, y in cells)
        self.nx, self.ny = xs + xs % 2, ys + ys % 2
        self.corner_w = max([1] + [text_width(self.text((x, y))) for x in range(0, self.nx + 1, 2)
                                   for y in range(0, self.ny + 1, 2)])
        corner_names = _corner_names(cells)
        self.columns = _shared_part(corner_names, 0)
        self.rows = _shared_part(corner_names, 1)
        self.margin = max([len(r) for r in self.rows.values()] + [0]) + 1 if self.rows else 0

    def text(self, pos) -> str:
        _, sp = self.cells.get(pos, (None, None))
        return stack_label(sp.get("pieces") or [], self.glyphs) if sp else ""

    def name(self, pos) -> str:
        _, sp = self.cells.get(pos, (None, None))
        return str(sp.get("name", "")) if sp else ""

    def _between(self):
        return [(x, y) for x in range(1, self.nx, 2) for y in range(0, self.ny + 1)]

    def roomiest(self) -> int:
        return max(5, self.named_width())

    def named_width(self) -> int:
        """The cell width that shows every empty space's name and every piece."""
        return max([self.narrowest()] + [len(self.name((x, y))) + 2 for x, y in self._between() if y % 2])

    def narrowest(self) -> int:
        return max([3] + [text_width(self.text(pos)) + 2 for pos in self._between()])

    def width(self, cell_w: int) -> int:
        return self.margin + (self.nx // 2 + 1) * self.corner_w + (self.nx // 2) * cell_w

    def draw(self, cell_w: int, names: bool, below: bool) -> list:
        lines = []
        if self.columns:
            lines.append(self._column_line(cell_w))
        for y in range(self.ny, -1, -1):
            out = (self.rows.get(y, "").rjust(self.margin - 1) + " ") if self.margin and y % 2 == 0 \
                else " " * self.margin
            for x in range(0, self.nx + 1):
                out += self._cell(x, y, self.corner_w if x % 2 == 0 else cell_w, names)
            lines.append(out.rstrip())
        if self.columns and below:
            lines.append(self._column_line(cell_w))
        return lines

    def _cell(self, x: int, y: int, w: int, names: bool) -> str:
        kind, sp = self.cells.get((x, y), (None, None))
        pieces = (sp.get("pieces") or []) if sp else []
        text = self.text((x, y))
        code = self.glyphs.colour(pieces[-1]) if pieces else None
        if x % 2 == 0 and y % 2 == 0:  # a corner
            return paint(_centred(text, w), code, self.color) if pieces else _centred("+", w)
        if x % 2 == 1 and y % 2 == 1:  # a space of the grid
            if pieces:
                return paint(_centred(text, w), code, self.color)
            name = self.name((x, y)) if names and sp else ""  # its name, to type
            left = (w - len(name)) // 2
            return " " * left + paint(name, DIM, self.color) + " " * (w - len(name) - left)
        if not pieces:
            return " " * w
        if x % 2 == 1:  # an edge running east and west
            return paint(_run("-", text, pieces, w), code, self.color)
        mark = text if pieces[-1].get("owner") is not None else "|"  # an edge running north and south
        return paint(_centred(mark, w), code, self.color)

    def _column_line(self, cell_w: int) -> str:
        out = " " * self.margin
        for x in range(0, self.nx + 1):
            w = self.corner_w if x % 2 == 0 else cell_w
            out += _centred(self.columns.get(x, ""), w) if x % 2 == 0 else " " * w
        return out.rstrip()


def _centred(text: str, w: int) -> str:
    pad = max(0, w - text_width(text))
    return " " * (pad // 2) + text + " " * (pad - pad // 2)


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


def _run(fill: str, glyph: str, pieces: list, w: int) -> str:
    """An edge with a piece: a line, with the piece's glyph in its middle when the piece has an owner."""
    if not pieces or pieces[-1].get("owner") is None or not glyph:
        return fill * w
    left = (w - text_width(glyph)) // 2
    return fill * left + glyph + fill * (w - text_width(glyph) - left)


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
