"""The terminal picture of a hex board (`hex W x H`, `hexagon N`, `triangle N`), from a view's board alone.

A cell (x, y) is in axial coordinates: each row is drawn half a cell right of the row below (docs/language.md,
hex boards). Two options, the roomiest first: a honeycomb of pointy-topped cells four columns apart (an empty
cell shows its name, a full one its piece), two lines a row; and one line a row, a cell two columns apart
(`.` when empty), the rows numbered at the left and the columns lettered on a line below.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from .fitting import width as text_width
from .glyphs import DIM, paint, stack_label

_COLUMN = re.compile(r"^(?:.*\.)?([A-Za-z]+)[0-9]+$")


def hex_options(board: Mapping[str, Any], glyphs, color: bool, width: int = 80, facing=None) -> list:
    """The board's pictures, roomiest first, those that fit `width` (the narrowest whatever the width). A seat
    at the north edge sees the board turned round (a half turn keeps the cells' rows)."""
    cells = seen_from(board.get("spaces") or [], facing)
    if not cells:
        return [[]]
    options = [_honeycomb(cells, glyphs, color), _rows(cells, glyphs, color)]
    fitting = [lines for lines in options if all(text_width(_plain(line)) <= width for line in lines)]
    return fitting or options[-1:]


def seen_from(cells: list, facing) -> list:
    """The cells as a seat at `facing` sees them: from the north, turned half round (column and row negated, the
    row's number kept for the margin); from the east or west, as from the south (a quarter turn of a hex board
    would stand its rows on end)."""
    if facing != "north":
        return list(cells)
    return [dict(c, x=-c["x"], y=-c["y"], row=c["y"]) for c in cells]


def _plain(line: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", line)


def _honeycomb(cells: list, glyphs, color: bool) -> list:
    """Pointy-topped cells: `/ \\` above, `| x |` across, `\\ /` below, the rows two columns apart."""
    low = min(2 * c["x"] + c["y"] for c in cells)
    top = max(c["y"] for c in cells)
    centre = {id(c): 2 * (2 * c["x"] + c["y"] - low) + 2 for c in cells}
    row = {id(c): 2 * (top - c["y"]) + 1 for c in cells}
    height = 2 * (top - min(c["y"] for c in cells)) + 3
    wide = max(centre.values()) + 3
    canvas = [[" "] * wide for _ in range(height)]
    paints: dict = {}
    for c in cells:
        m, r = centre[id(c)], row[id(c)]
        canvas[r - 1][m - 1], canvas[r - 1][m + 1] = "/", "\\"
        canvas[r + 1][m - 1], canvas[r + 1][m + 1] = "\\", "/"
        canvas[r][m - 2] = canvas[r][m + 2] = "|"
        pieces = c.get("pieces") or []
        text = stack_label(pieces, glyphs) if pieces else str(c["name"])
        text = text[:3].center(3)
        for i, ch in enumerate(text):
            canvas[r][m - 1 + i] = ch
        paints[(r, m - 1)] = glyphs.colour(pieces[-1]) if pieces else DIM
    return [_painted(line, r, paints, 3, color) for r, line in enumerate(canvas)]


def _rows(cells: list, glyphs, color: bool) -> list:
    """One line a row: the row's number, then its cells two columns apart (a piece's glyph, `.` when empty)."""
    ys = sorted({c["y"] for c in cells}, reverse=True)
    numbers = {c["y"]: c.get("row", c["y"]) for c in cells}  # the rows' own numbers (a turned board's too)
    # the columns' letters go on the line below the lowest row, each where its column would come next (a
    # column runs up and to the right): the leftmost of them at the left edge
    low = min(min(2 * c["x"] + c["y"] for c in cells), min(2 * c["x"] for c in cells) + min(ys) - 1)
    margin = max(len(str(numbers[y])) for y in ys) + 1
    wide = margin + max(2 * c["x"] + c["y"] for c in cells) - low + 1
    canvas = {y: [" "] * wide for y in ys}
    paints: dict = {}
    letters: dict = {}
    for c in cells:
        at = margin + 2 * c["x"] + c["y"] - low
        pieces = c.get("pieces") or []
        canvas[c["y"]][at] = stack_label(pieces, glyphs)[:1] if pieces else "."
        paints[(c["y"], at)] = glyphs.colour(pieces[-1]) if pieces else DIM
        m = _COLUMN.match(str(c["name"]))
        if m is not None:
            letters[c["x"]] = m.group(1)
    lines = []
    for y in ys:
        line = canvas[y]
        label = str(numbers[y]).rjust(margin - 1)
        line[:margin - 1] = list(label)
        lines.append(_painted(line, y, paints, 1, color))
    below = min(ys) - 1
    foot = [" "] * (wide + 2)
    places = {x: margin + 2 * x + below - low for x in letters}
    if all(len(text) == 1 and 0 <= places[x] < len(foot) for x, text in letters.items()):  # else none
        for x, text in letters.items():
            foot[places[x]] = text
        lines.append("".join(foot).rstrip())
    return lines


def _painted(cells: list, r, paints: dict, n: int, color: bool) -> str:
    out, c = "", 0
    while c < len(cells):
        code = paints.get((r, c))
        if code is not None:
            out += paint("".join(cells[c:c + n]), code, color)
            c += n
        else:
            out += cells[c]
            c += 1
    return out.rstrip()
