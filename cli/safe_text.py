"""What the CLI shows of a game, made safe for a terminal.

Every text a rules file gives or its rules make as they run (names, labels, log lines, move texts, variable
values, results, the words of a refusal) passes through `printable` (grammar/wording.py: the escaping of what
E008 refuses in a file's texts) where the CLI renders it: a control character, a lone surrogate or a
bidirectional override shows as its escape (`\\x1b`), so nothing that comes from a file can act on the terminal,
whatever way it found into the game. The renderer escapes the views it is given (`shown_view`) and marks the
lines it draws from them (`Drawn`): those, and only those, may carry the CLI's own colour codes; every other
line the CLI writes is escaped whole (`shown_lines`).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import click

from ..grammar.wording import printable

__all__ = ["Drawn", "printable", "say", "shown_lines", "shown_view"]


class Drawn(str):
    """A line (or lines) the renderer drew from escaped texts: it may hold the renderer's colour codes, and is
    written as it is."""


class ShownView(dict):
    """A view whose every text is escaped (so escaping it again is nothing to do)."""


def shown_view(value: Any) -> Any:
    """A view, or any part of one, with every text in it (keys too) escaped; numbers, yes/no and none as they
    are, anything else by its escaped text."""
    if isinstance(value, ShownView):
        return value
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return ShownView((shown_view(k), shown_view(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return [shown_view(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, Fraction)):
        return value
    return printable(str(value))


def shown_lines(text: Any) -> str:
    """A text to write to the terminal: as it is when the renderer drew it, else each of its lines escaped (its
    line breaks kept)."""
    if isinstance(text, Drawn):
        return text
    return "\n".join(printable(line) for line in str(text).split("\n"))


def say(text: Any = "", err: bool = False, nl: bool = True) -> None:
    """click.echo, with what it writes escaped (shown_lines)."""
    click.echo(shown_lines(text), err=err, nl=nl)
