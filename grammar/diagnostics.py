"""Diagnostics: what a phase reports about a rules file, rendered like a compiler's errors.

    games/x.mire:12:19: error[E012]: unknown zone 'hnad' (did you mean 'hand'?)
       |
    12 | action place(m in mover.hnad, c in cells where empty(c)):
       |                         ^^^^
      = hint: a player's zones are declared with `zone NAME per player`
"""
from __future__ import annotations

import functools
import re
from typing import Optional

import attrs

from .nodes import Span
from .wording import printable

TAB = 4


@attrs.frozen
class Diagnostic:
    code: str
    message: str
    span: Span  # its file is the path the diagnostic names
    hint: Optional[str] = None
    severity: str = "error"
    # A word to point at inside `span` (the name in `action place(...)`): the caret goes under its first
    # occurrence there. Used where a node's span covers more than the culprit and the parser kept no finer one.
    focus: Optional[str] = None

    @property
    def path(self) -> str:
        return self.span.file

    def located(self, source: Optional[str]) -> Span:
        """The span the caret goes under: `span`, narrowed to `focus` when the source shows where it is."""
        if not self.focus or source is None or self.span.line < 1:
            return self.span
        lines = parser_lines(source)
        last = self.span.end_line if self.span.end_line >= self.span.line else self.span.line
        if re.fullmatch(r"\w+", self.focus):
            pattern = re.compile(rf"(?<!\w){re.escape(self.focus)}(?!\w)")
        else:
            pattern = re.compile(re.escape(self.focus))
        for no in range(self.span.line, min(last, len(lines)) + 1):
            text = lines[no - 1]
            start = self.span.column - 1 if no == self.span.line else 0
            stop = self.span.end_column - 1 if no == self.span.end_line and no == last else len(text)
            if stop <= start:
                stop = len(text)
            m = pattern.search(text, max(0, start), stop)
            if m:
                return Span(self.span.file, no, m.start() + 1, no, m.end() + 1)
        return self.span

    def resolved(self, source: Optional[str]) -> "Diagnostic":
        """This diagnostic with `focus` turned into its exact span (when the source shows where it is)."""
        if not self.focus or source is None:
            return self
        return attrs.evolve(self, span=self.located(source), focus=None)

    def render(self, source: Optional[str]) -> str:
        """As a compiler prints it; everything that came from a file is escaped for the terminal."""
        span = self.located(source)
        path = printable(self.path)
        where = f"{path}:{span.line}:{span.column}" if span.line >= 1 else path
        return "\n".join([f"{where}: {self.severity}[{self.code}]: {printable(self.message)}"]
                         + self.excerpt(source, span))

    def excerpt(self, source: Optional[str], span: Optional[Span] = None) -> list[str]:
        """The lines under a diagnostic's first: the source line with a caret under `span` (else the located
        span), and the hint. (Also under a rule's run-time error: cli/main.py.)"""
        span = self.located(source) if span is None else span
        lines = []
        raw = _raw_line(source, span.line)
        if raw is None and source is not None and span.line == len(parser_lines(source)) + 1:
            raw = ""  # the end of the file (or an empty file): show the empty last line
        if raw is not None:
            # the caret's columns, counted in the escaped line (an escape is wider than its character)
            span = Span(span.file, span.line, _escaped_column(raw, span.column), span.end_line,
                        _escaped_column(raw, span.end_column) if span.end_line == span.line else span.end_column)
            raw = printable(raw, tabs=True)
            text = raw.rstrip().expandtabs(TAB)
            gutter = str(span.line)
            pad = " " * len(gutter)
            start = _display_column(raw, span.column)
            if span.end_line == span.line and span.end_column > span.column:
                end = _display_column(raw, span.end_column)
            elif span.end_line > span.line:
                end = max(start + 1, len(text) + 1)
            else:
                end = start + 1
            text, start, end = _window(text, start, end)
            width = max(1, end - start)
            lines.append(f"{pad} |")
            lines.append(f"{gutter} | {text}")
            lines.append(f"{pad} | {' ' * (start - 1)}{'^' * width}")
        if self.hint:
            lines.append(f"  = hint: {printable(self.hint)}")
        return lines

    def as_json(self, source: Optional[str] = None) -> dict:
        span = self.located(source)
        return {
            "path": self.path, "line": span.line, "column": span.column,
            "end_line": span.end_line, "end_column": span.end_column,
            "severity": self.severity, "code": self.code, "message": self.message, "hint": self.hint,
        }


# how much of a long source line a diagnostic shows, around its caret (a data file's row, or a rules file written
# on one line, may be a megabyte long)
SHOWN_COLUMNS = 100


def _window(text: str, start: int, end: int) -> tuple[str, int, int]:
    """The part of a line shown (cut with `...` where it goes on), and the caret's columns in it: its start with a
    third of the window before it, the caret cut at the window's end."""
    if len(text) <= SHOWN_COLUMNS:
        return text, start, end
    low = max(0, min(start - 1 - SHOWN_COLUMNS // 3, len(text) - SHOWN_COLUMNS))
    high = low + SHOWN_COLUMNS
    before = "..." if low > 0 else ""
    after = "..." if high < len(text) else ""
    shift = len(before) - low
    return before + text[low:high] + after, start + shift, min(end, high + 1) + shift


def _escaped_column(raw: str, column: int) -> int:
    return len(printable(raw[:max(0, column - 1)], tabs=True)) + 1


@functools.lru_cache(maxsize=8)
def parser_lines(source: str) -> tuple[str, ...]:
    """The lines as the parser counts them, and every place in a diagnostic with them: only a newline ends a
    line (the `\r` of a `\r\n` is left out), never U+2028, a form feed or the other breaks of `str.splitlines`.
    An editor numbers the lines so too, but for a lone `\r` (which Mire reads only inside a comment or a
    string). (Kept for the last few sources: every diagnostic of a file reads its lines, and a file may have
    thousands.)"""
    return tuple([line[:-1] if line.endswith("\r") else line for line in source.split("\n")][:-1]
                 if source.endswith("\n") else [line.rstrip("\r") for line in source.split("\n")])


def _raw_line(source: Optional[str], line: int) -> Optional[str]:
    if source is None or line < 1:
        return None
    lines = parser_lines(source)
    if line > len(lines):
        return None
    return lines[line - 1]


def _display_column(raw: str, column: int) -> int:
    """The 1-based screen column of 1-based character column `column`, with tabs expanded."""
    return len(raw[:max(0, column - 1)].expandtabs(TAB)) + 1


def source_line(source: Optional[str], line: int) -> Optional[str]:
    raw = _raw_line(source, line)
    return None if raw is None else raw.rstrip().expandtabs(TAB)


class MireError(Exception):
    """A rules file could not be loaded; carries every diagnostic found."""

    def __init__(self, diagnostics, sources=None):
        self.sources = sources or {}
        # exact spans from here on, so that `as_json()` (which has no source) gives the caret's place too
        self.diagnostics = [d.resolved(self.sources.get(d.path)) for d in diagnostics]
        super().__init__(f"{len(self.diagnostics)} diagnostics")

    def __str__(self) -> str:  # (rendered when asked: a caller may show only the first few)
        return self.render()

    def render(self) -> str:
        return "\n\n".join(d.render(self.sources.get(d.path)) for d in self.diagnostics)
