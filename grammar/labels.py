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


def board_names(boards) -> list[list[str]]:
    """For each board given as (name, the names of its spaces), the names the engine gives them: a board whose
    names would repeat an earlier board's names every space `BOARD.NAME` (as engine/run/construction.py does)."""
    used: set[str] = set()
    out = []
    for name, names in boards:
        if any(n in used for n in names):
            names = [f"{name}.{n}" for n in names]
        used.update(names)
        out.append(names)
    return out
