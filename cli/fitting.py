"""Text that fits a width: display widths, wrapping, flowing lists and columns."""
from __future__ import annotations

import re

from wcwidth import wcswidth

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def plain(text: str) -> str:
    """The text without its colour codes."""
    return ANSI.sub("", text)


def width(text: str) -> int:
    """How many columns the text takes on a terminal (colour codes take none)."""
    text = plain(text)
    w = wcswidth(text)
    return w if w >= 0 else len(text)


def ljust(text: str, n: int) -> str:
    return text + " " * max(0, n - width(text))


def center(text: str, n: int) -> str:
    pad = max(0, n - width(text))
    return " " * (pad // 2) + text + " " * (pad - pad // 2)


def cut(text: str, n: int) -> str:
    """The plain text cut to n columns, an ellipsis marking the cut."""
    if width(text) <= n:
        return text
    out = ""
    for ch in plain(text):
        if width(out + ch) > n - 1:
            break
        out += ch
    return out + "…"


def wrap_words(text: str, n: int) -> list:
    """The plain text in lines of at most n columns, broken at spaces (a longer word is split)."""
    n = max(1, n)
    lines, line = [], ""
    for word in plain(text).split(" "):
        while width(word) > n:
            room = n - width(line) - (1 if line else 0)
            if room < 1 or (line and room < 3):
                lines.append(line)
                line, room = "", n
            head = ""
            for ch in word:
                if width(head + ch) > room:
                    break
                head += ch
            line = (line + " " + head) if line else head
            word = word[len(head):]
            lines.append(line)
            line = ""
        if not word:
            continue
        if line and width(line) + 1 + width(word) > n:
            lines.append(line)
            line = word
        else:
            line = (line + " " + word) if line else word
    if line or not lines:
        lines.append(line)
    return lines


def flow(items: list, n: int, sep: str = ", ", first: str = "", indent: str = "  ") -> list:
    """Items joined by sep, in lines of at most n columns: the first line starts with `first`,
    the next ones with `indent`.  An item wider than a line is cut."""
    lines, line = [], first
    empty = True
    for item in items:
        item = cut(item, n - width(indent))
        piece = item if empty else sep + item
        if not empty and width(line) + width(piece.rstrip()) > n:
            lines.append(line.rstrip())
            line, piece = indent, item
        line += piece
        empty = False
    lines.append(line.rstrip())
    return lines


def columns(items: list, n: int, indent: str = "  ", gap: int = 3) -> list:
    """Items in as many columns as fit in n columns, filled row by row; the gap between columns and
    the indent narrow when that makes room for one more column."""
    if not items:
        return []
    items = [cut(i, n - width(indent)) for i in items]
    widest = max(width(i) for i in items)

    def fitting(indent, gap):
        return max(1, (n - width(indent) + gap) // (widest + gap))
    best = fitting(indent, gap)
    for narrower_indent, narrower_gap in ((indent, 2), ("", 2), ("", 1)):
        if fitting(narrower_indent, narrower_gap) > best and len(items) > best:
            indent, gap = narrower_indent, narrower_gap
            break
    col = widest + gap
    per_row = fitting(indent, gap)
    rows = []
    for i in range(0, len(items), per_row):
        row = items[i:i + per_row]
        rows.append((indent + "".join(ljust(e, col) for e in row[:-1]) + row[-1]).rstrip())
    return rows


def fit_line(line: str, n: int) -> list:
    """A line as it shows in n columns: itself, or wrapped at spaces under its own indent."""
    if width(line) <= n:
        return [line]
    text = plain(line)
    indent = text[:len(text) - len(text.lstrip(" "))]
    return [indent + part for part in wrap_words(text.strip(" "), max(1, n - len(indent)))]
