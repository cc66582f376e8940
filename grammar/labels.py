"""The names of the spaces of grid boards (`a1`, `B2`, `3,1`), which the engine gives them and the checker reads:
a space named in a rules file (`space("e1")`, a table cell of a space attribute) must be one of them.
"""
from __future__ import annotations

from typing import Optional


def grid_label(x: int, y: int, labels: Optional[str]) -> str:
    """The name of the space at column x, row y of a grid: letters for the column (a, b, ..., z, aa, ...) and the
    row number; `labels upper` in capitals; `labels numbers` as `x,y`."""
    if labels == "numbers":
        return f"{x},{y}"
    letters = ""
    n = x
    while n > 0:
        n, r = divmod(n - 1, 26)
        letters = chr(97 + r) + letters
    if labels == "upper":
        letters = letters.upper()
    return f"{letters}{y}"


def grid_names(boards) -> list[list[str]]:
    """For each board given as (name, width, height, labels), the names of its spaces (bottom row first): a board
    whose names would repeat an earlier board's names every space `BOARD.NAME`."""
    used: set[str] = set()
    out = []
    for name, width, height, labels in boards:
        names = [grid_label(x, y, labels) for y in range(1, height + 1) for x in range(1, width + 1)]
        if any(n in used for n in names):
            names = [f"{name}.{n}" for n in names]
        used.update(names)
        out.append(names)
    return out
