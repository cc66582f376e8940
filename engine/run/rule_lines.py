"""Which statement of the rules a built function was running when it failed, found at no cost while it runs.

The compiler marks each line of Python it writes for a statement with the statement's place (`mark`); the
function built from those lines carries, as the file name of its code, where each of its lines came from
(`code_name`). When a rule fails, the innermost such function of the traceback names the statement
(`failed_statement`): an error is told at the line that went wrong, not at the header of its rule.
"""
from __future__ import annotations

import bisect
import re
from types import TracebackType
from typing import Optional

_MARK = "  #@"  # (a comment: what Python runs is the same with or without it)
_MARKED = re.compile(r"  #@([^'\"\x1f]*:\d+)$")  # (a text of the rules in a line ends in a quote, never so)
_PREFIX = "mire\x1f"
_APART = "\x1f"  # (no file name holds it: the texts Mire reads cannot hold control characters)


def mark(lines: list[str], where: str) -> list[str]:
    """The lines of a statement, each that no inner statement marked marked as this one's (`file.mire:12`)."""
    return [line if _MARKED.search(line) else f"{line}{_MARK}{where}" for line in lines]


def code_name(lines: list[str], first: int) -> str:
    """The file name for the code of a function whose body is `lines`, the first at line `first`: where each
    stretch of its lines comes from, `mire LINE=WHERE LINE=WHERE...` (a mark changes only between statements,
    so the name stays short)."""
    parts, last = [], None
    for number, line in enumerate(lines, first):
        found = _MARKED.search(line)
        where = found.group(1) if found else ""
        if where != last:
            parts.append(f"{number}={where}")
            last = where
    return _PREFIX + _APART.join(parts)


def _where_in(name: str, line: int) -> Optional[str]:
    stretches = [part.split("=", 1) for part in name[len(_PREFIX):].split(_APART) if part]
    starts = [int(start) for start, _ in stretches]
    i = bisect.bisect_right(starts, line) - 1
    return (stretches[i][1] or None) if i >= 0 else None


def failed_statement(tb: Optional[TracebackType]) -> Optional[str]:
    """Where the innermost statement of the rules on this traceback is (`file.mire:12`), or None."""
    found = None
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.startswith(_PREFIX):
            found = _where_in(name, tb.tb_lineno) or found
        tb = tb.tb_next
    return found
