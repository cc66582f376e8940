"""Boards drawn on their shared plane, in styles from roomy to condensed.

Every board's spaces sit on the plane shared by all boards (their `px`, `py`; y grows upward).
A style says how a plane cell looks:

- BOXES: a box per cell, the space's name on its first line and its stack's label under it;
- INLINE: a box per cell, one line: the label (the name before it when no edge letters name the cell);
- GRID: no boxes, one line per row: labels (or names) in columns;
- SHORT: as GRID, each label cut to its first word (the legend or `board` shows them whole).

A label too wide for its cell wraps onto more lines of the cell.  `fit_plane` picks the roomiest
style and cell width that fit a given width (and, when asked, height).
"""
from __future__ import annotations

import re
from typing import Optional

import attrs

from .fitting import center, ljust, wrap_words
from .fitting import width as text_width
from .glyphs import DIM, Glyphs, paint, stack_label


@attrs.frozen
class Style:
    name: str
    boxed: bool
    name_line: bool
    short: bool = False


BOXES = Style("boxes", boxed=True, name_line=True)
INLINE = Style("inline", boxed=True, name_line=False)
GRID = Style("grid", boxed=False, name_line=False)
SHORT = Style("short", boxed=False, name_line=False, short=True)
STYLES = (BOXES, INLINE, GRID, SHORT)

_GRID_NAME = re.compile(r"^([A-Za-z]+)(\d+)$")

# how the plane turns so that a seat's own edge is at the bottom of the picture
SEAT_TURN = {"west": lambda x, y: (-y, x), "north": lambda x, y: (-x, -y), "east": lambda x, y: (y, -x)}


def _letters(n: int) -> str:
    s = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        s = chr(ord("a") + r) + s
    return s


def _edge_labels(spaces: list):
    """Column labels by px and row labels by py for a single grid board, or None."""
    cols: dict = {}
    rows: dict = {}
    for sp in spaces:
        m = _GRID_NAME.match(str(sp.get("name", "")))
        if m:
            col, row = m.group(1), m.group(2)
        else:
            col, row = _letters(int(sp.get("x", 0))), str(sp.get("y", ""))
        if cols.setdefault(sp["px"], col) != col or rows.setdefault(sp["py"], row) != row:
            return None
    return cols, rows


def coordinate_labels(spaces: list):
    """Column and row labels for spaces named by their coordinates (`-1,2`: x -1, y 2), or None."""
    cols: dict = {}
    rows: dict = {}
    for sp in spaces:
        x, y = sp.get("x"), sp.get("y")
        if str(sp.get("name", "")) != f"{x},{y}":
            return None
        if cols.setdefault(sp["px"], str(x)) != str(x) or rows.setdefault(sp["py"], str(y)) != str(y):
            return None
    return (cols, rows) if spaces else None


def short_label(pieces: list, glyphs: Glyphs) -> str:
    """A stack's label cut to its first word, with the count of what else is in the stack."""
    full = stack_label(pieces, glyphs)
    if not any(p.get("label") for p in pieces):
        return full
    first, _, rest = full.partition(" ")
    count = rest.rsplit(" ", 1)[-1] if rest else ""
    return first + (" " + count if count.startswith("+") else "")


# the most empty columns (or rows) drawn between two that hold spaces: a wider gap is drawn this wide
MAX_GAP = 3


def drawn_axis(held: set) -> list:
    """The columns (or rows) of the plane to draw, in order: those that hold a space, and between two of them
    the empty ones, at most MAX_GAP of them. So a drawing is bounded by the number of spaces, however far
    apart a rules file puts its boards (`at (1000 * x, y)`). An empty column left out lies inside a gap
    whose drawn columns are empty too, so a cell's neighbour across it (px - 1) is empty as it is drawn."""
    out: list = []
    for c in sorted(held):
        if out:
            out.extend(range(out[-1] + 1, min(c, out[-1] + 1 + MAX_GAP)))
        out.append(c)
    return out


class Plane:
    """The cells of some boards on their plane, ready to draw in any style."""

    def __init__(self, boards: list, glyphs: Glyphs, color: bool = False):
        self.glyphs, self.color = glyphs, color
        spaces = [sp for b in boards for sp in b.get("spaces") or [] if "px" in sp and "py" in sp]
        self.cells = {}
        for sp in spaces:
            self.cells[(sp["px"], sp["py"])] = sp     # a later board's space wins a shared cell
        self.empty = not self.cells
        if self.empty:
            return
        self.xs = drawn_axis({k[0] for k in self.cells})
        self.ys = drawn_axis({k[1] for k in self.cells})[::-1]
        self.edges = None
        if len(boards) == 1 and boards[0].get("shape") in ("grid", "turned"):   # turned: seen from a seat
            self.edges = _edge_labels(spaces)
        elif len(boards) == 1:
            self.edges = coordinate_labels(spaces)
        self.margin = max(len(r) for r in self.edges[1].values()) + 1 if self.edges else 0
        self.labels = {k: stack_label(sp.get("pieces") or [], glyphs) for k, sp in self.cells.items()}
        self.shorts = {k: short_label(sp.get("pieces") or [], glyphs) for k, sp in self.cells.items()}
        self.names = {k: str(sp.get("name", "")) for k, sp in self.cells.items()}

    # -- what a cell says -------------------------------------------------------------

    def _label(self, key, style: Style) -> str:
        return self.shorts[key] if style.short else self.labels[key]

    def _plain_lines(self, key, style: Style, inner: int) -> tuple:
        """(lines of the cell, how many leading characters of its first line are the space's name)."""
        label = self._label(key, style)
        if style.name_line:
            return [self.names[key]] + wrap_words(label, inner), len(self.names[key])
        if self.edges:
            if not label:
                return (["·"] if not style.boxed else [""]), 0
            return wrap_words(label, inner), 0
        name = self.names[key]
        text = f"{name} {label}" if label else name
        return wrap_words(text, inner), len(name)

    def natural(self, style: Style) -> int:
        """The cell width that needs no wrapping."""
        pad = 2 if style.boxed else 0
        widest = 1
        for key in self.cells:
            label = self._label(key, style)
            if style.name_line:
                widest = max(widest, len(self.names[key]) + 1, text_width(label))
            elif self.edges:
                widest = max(widest, text_width(label))
            else:
                widest = max(widest, text_width(f"{self.names[key]} {label}" if label else self.names[key]))
        return max(widest + pad, 5 if style.boxed else 1)

    def smallest(self, style: Style) -> int:
        pad = 2 if style.boxed else 0
        names = max(len(n) for n in self.names.values())
        return max(names + (1 if style.name_line else 0), 1) + pad if not self.edges or style.name_line \
            else max(2, 1 + pad)

    def width(self, style: Style, cell: int) -> int:
        return self.margin + len(self.xs) * (cell + 1) + (1 if style.boxed else 0)

    # -- drawing ------------------------------------------------------------------------

    def draw(self, style: Style, cell: Optional[int] = None) -> list:
        if self.empty:
            return []
        cell = cell or self.natural(style)
        inner = cell - 2 if style.boxed else cell
        content = {k: self._plain_lines(k, style, inner) for k in self.cells}
        lines = []
        if self.edges:
            lines.append(self._column_labels(cell, style))
        previous = None
        for py in self.ys:
            row = {px: content.get((px, py)) for px in self.xs}
            height = max([len(c[0]) for c in row.values() if c] + [1])
            if style.boxed:
                lines.append(self._border(previous, py, cell))
            label_row = 1 if style.name_line else 0
            for i in range(height):
                lines.append(self._row_line(py, i, row, cell, style, i == label_row))
            previous = py
        if style.boxed:
            lines.append(self._border(previous, None, cell))
            if self.edges:
                lines.append(self._column_labels(cell, style))
        return lines

    def _column_labels(self, cell: int, style: Style) -> str:
        columns = self.edges[0] if self.edges else {}
        out = " " * self.margin
        for px in self.xs:
            text = columns.get(px, "")
            out += " " + (center(text, cell) if style.boxed else ljust(text, cell))
        return out.rstrip()

    def _present(self, px, py) -> bool:
        return (px, py) in self.cells

    def _side(self, px, py, d):
        """The first letter of what the tile at (px, py) shows on side d (a tile's sides mark its borders)."""
        sp = self.cells.get((px, py))
        pieces = (sp.get("pieces") or []) if sp else []
        sides = pieces[0].get("sides") if pieces else None
        v = sides.get(d) if sides else None
        return str(v)[:1] if v else None

    @staticmethod
    def _mark(a, b):
        """The mark on a border between two cells: the side they show there, unless they disagree."""
        if a and b:
            return a if a == b else None
        return a or b or None

    def _border(self, py_above, py_below, cell: int) -> str:
        """The horizontal line between plane row py_above (None: outside) and py_below."""
        xs = self.xs
        out = " " * self.margin
        for px in xs + [None]:
            around = []
            for x in (px, px - 1 if px is not None else xs[-1]):
                for y in (py_above, py_below):
                    if x is not None and y is not None:
                        around.append(self._present(x, y))
            out += "+" if any(around) else " "
            if px is None:
                continue
            seg = any(self._present(px, y) for y in (py_above, py_below) if y is not None)
            m = self._mark(py_above is not None and self._side(px, py_above, "south"),
                           py_below is not None and self._side(px, py_below, "north"))
            if seg and m:
                half = (cell - 1) // 2
                out += "-" * half + m + "-" * (cell - 1 - half)
            else:
                out += ("-" * cell) if seg else (" " * cell)
        return out.rstrip()

    def _row_line(self, py, i, row, cell, style, label_line) -> str:
        if self.edges:
            text = self.edges[1].get(py, "") if (i == 0 and not style.boxed) or (style.boxed and label_line) else ""
            out = text.rjust(self.margin - 1) + " "
        else:
            out = ""
        inner = cell - 2 if style.boxed else cell
        for px in self.xs + [None]:
            if style.boxed:
                left = px - 1 if px is not None else self.xs[-1]
                wall = self._present(left, py) or (px is not None and self._present(px, py))
                m = self._mark(self._side(left, py, "east"), px is not None and self._side(px, py, "west")) \
                    if label_line else None
                out += (m or "|") if wall else " "
            elif px is not None:
                out += " "
            if px is None:
                break
            content = row[px]
            if content is None:
                out += " " * cell
                continue
            texts, name_len = content
            text = texts[i] if i < len(texts) else ""
            out += self._paint_cell(px, py, text, name_len if i == 0 else 0, inner, style)
        return out.rstrip()

    def _paint_cell(self, px, py, text, name_len, inner, style) -> str:
        pieces = self.cells[(px, py)].get("pieces") or []
        code = self.glyphs.colour(pieces[-1]) if pieces else None
        name, rest = text[:name_len], text[name_len:]
        if style.boxed:
            if style.name_line and name_len:
                body = paint(name, DIM, self.color) + " " * (inner + 2 - text_width(name))
                return body
            pad = inner - text_width(text)
            left = pad // 2 + 1
            shown = paint(name, DIM, self.color) + paint(rest, code, self.color)
            return " " * left + shown + " " * (inner + 2 - left - text_width(text))
        shown = paint(name, DIM, self.color) + paint(rest, code if rest.strip() not in ("", "·") else DIM, self.color)
        return shown + " " * (inner - text_width(text))


def fit_plane(plane: Plane, max_width: int, styles=STYLES):
    """(style, cell width, lines) of the roomiest style whose widest cell fits max_width, wrapping
    labels when a narrower cell is needed; None when no style fits."""
    for style in styles:
        cell = plane.natural(style)
        low = plane.smallest(style)
        while cell > low and plane.width(style, cell) > max_width:
            cell -= 1
        if plane.width(style, cell) <= max_width:
            return style, cell, plane.draw(style, cell)
    return None
