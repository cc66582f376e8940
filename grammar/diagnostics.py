"""Diagnostics: what a phase reports about a rules file, rendered like a compiler's errors."""
from __future__ import annotations

import difflib
from typing import Optional

import attrs

from .nodes import Span


@attrs.frozen
class Diagnostic:
    code: str
    message: str
    path: str
    span: Span
    hint: Optional[str] = None
    severity: str = "error"

    def render(self, source: Optional[str]) -> str:
        head = f"{self.path}:{self.span.line}:{self.span.column}: {self.severity}[{self.code}]: {self.message}"
        lines = [head]
        text = source_line(source, self.span.line)
        if text is not None:
            gutter = str(self.span.line)
            pad = " " * len(gutter)
            width = 1
            if self.span.end_line == self.span.line and self.span.end_column > self.span.column:
                width = self.span.end_column - self.span.column
            elif self.span.end_line > self.span.line:
                width = max(1, len(text) - self.span.column + 1)
            lines.append(f"{pad} |")
            lines.append(f"{gutter} | {text}")
            lines.append(f"{pad} | {' ' * (self.span.column - 1)}{'^' * width}")
        if self.hint:
            lines.append(f"  = hint: {self.hint}")
        return "\n".join(lines)

    def as_json(self) -> dict:
        return {
            "path": self.path, "line": self.span.line, "column": self.span.column,
            "end_line": self.span.end_line, "end_column": self.span.end_column,
            "severity": self.severity, "code": self.code, "message": self.message, "hint": self.hint,
        }


def source_line(source: Optional[str], line: int) -> Optional[str]:
    if source is None or line < 1:
        return None
    lines = source.splitlines()
    if line > len(lines):
        return None
    return lines[line - 1].rstrip().expandtabs(4)


def did_you_mean(name: str, candidates) -> str:
    """` (did you mean 'x'?)` or the empty string."""
    close = difflib.get_close_matches(name, sorted(set(candidates)), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


class MireError(Exception):
    """A rules file could not be loaded; carries every diagnostic found."""

    def __init__(self, diagnostics, sources=None):
        self.diagnostics = list(diagnostics)
        self.sources = sources or {}
        super().__init__(self.render())

    def render(self) -> str:
        return "\n\n".join(d.render(self.sources.get(d.path)) for d in self.diagnostics)
