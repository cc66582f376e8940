"""Places in a text two ways: as Mire counts them and as the Language Server Protocol counts them.

Mire (the parser, every diagnostic, `lsp_analysis`) numbers lines from 1 and ends a line at `\\n` only; a column
is a character, from 1. The protocol numbers lines from 0 and ends a line at `\\n`, `\\r\\n` or `\\r` only; a
position's `character` counts the text before it in the client's units (UTF-16 code units unless the client
chose UTF-8 or UTF-32). Neither ends a line at U+2028, U+2029, `\\v`, `\\f`, `\\x1c`-`\\x1e` or `\\x85`, where
`str.splitlines` does: a comment holding one of them must not move every place after it.

No protocol types here: positions are (line, character) pairs, for `lsp_server` to wrap.
"""
from __future__ import annotations

import re
from bisect import bisect_right

_BREAK = re.compile(r"\r\n|\r|\n")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")


def protocol_lines(text: str) -> list:
    """The lines of `text` with their line ends, as the protocol splits them (`str.splitlines(True)`, but for
    the line ends the protocol does not know)."""
    return _LINE.findall(text)


def encoding_name(encoding) -> str:
    """'utf-8', 'utf-16' or 'utf-32' for a position encoding the client and the server agreed on (UTF-16 when
    they agreed on none)."""
    name = str(getattr(encoding, "value", encoding) or "utf-16").lower()
    return name if name in ("utf-8", "utf-32") else "utf-16"


def units(text: str, encoding: str) -> int:
    """The length of `text` in the client's units."""
    if encoding == "utf-32" or text.isascii():
        return len(text)
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def characters(text: str, count: int, encoding: str) -> int:
    """How many characters of `text` (a line without its end) come before a position `count` units into it: all
    of them for a position past its end. (A position inside a character's units is taken as after it.)"""
    if count <= 0:
        return 0
    if encoding == "utf-32" or text.isascii() or (encoding == "utf-16" and units(text, encoding) == len(text)):
        return min(count, len(text))
    done = 0
    for i, ch in enumerate(text):
        if done >= count:
            return i
        done += units(ch, encoding)
    return len(text)


class Positions:
    """The places of one text, from Mire's (line, column) to the protocol's (line, character) and back.
    Made once a text: each conversion then costs a search among the line starts and the length of the line
    before the place (no more than that, on a line of plain characters)."""

    def __init__(self, text: str, encoding: str = "utf-16"):
        self.text, self.encoding = text, encoding
        breaks = list(_BREAK.finditer(text))
        self.starts = [0] + [m.end() for m in breaks]  # where each of the protocol's lines starts
        self.ends = [m.start() for m in breaks] + [len(text)]  # and where its text ends (before its line end)
        newline = -1
        self.mire_starts = [0]  # where each of Mire's lines starts
        while (newline := text.find("\n", newline + 1)) >= 0:
            self.mire_starts.append(newline + 1)
        self._plain: dict = {}  # protocol line -> whether its characters are its units

    # ------------------------------------------------------------ offsets in the text
    def offset_of(self, line: int, column: int) -> int:
        """Mire's (line, column) as an offset in the text: a column past the end of its line is taken as the end
        of the line, a line past the end of the text as its last line."""
        index = min(max(line, 1), len(self.mire_starts)) - 1
        end = self.mire_starts[index + 1] - 1 if index + 1 < len(self.mire_starts) else len(self.text)
        return min(self.mire_starts[index] + max(column, 1) - 1, end)

    def mire_place(self, offset: int) -> tuple[int, int]:
        """The offset as Mire's (line, column), 1-based."""
        index = bisect_right(self.mire_starts, offset) - 1
        return index + 1, offset - self.mire_starts[index] + 1

    # ------------------------------------------------------------ the protocol's positions
    def to_client(self, line: int, column: int) -> tuple[int, int]:
        """Mire's (line, column) as the protocol's (line, character)."""
        offset = self.offset_of(line, column)
        index = bisect_right(self.starts, offset) - 1
        return index, self._units_to(index, min(offset, self.ends[index]))

    def from_client(self, line: int, character: int) -> tuple[int, int]:
        """The protocol's (line, character) as Mire's (line, column); a position past the end of its line is
        taken as the end of the line, one past the last line as the end of the text."""
        if line >= len(self.starts):
            return self.mire_place(len(self.text))
        start, end = self.starts[line], self.ends[line]
        if self._is_plain(line):
            offset = min(start + max(character, 0), end)
        else:
            offset = start + characters(self.text[start:end], character, self.encoding)
        return self.mire_place(offset)

    def end(self) -> tuple[int, int]:
        """The protocol's position of the end of the text."""
        index = len(self.starts) - 1
        return index, self._units_to(index, len(self.text))

    def _units_to(self, index: int, offset: int) -> int:
        start = self.starts[index]
        if self._is_plain(index):
            return offset - start
        return units(self.text[start:offset], self.encoding)

    def _is_plain(self, index: int) -> bool:
        plain = self._plain.get(index)
        if plain is None:
            line = self.text[self.starts[index]:self.ends[index]]
            plain = self._plain[index] = units(line, self.encoding) == len(line)
        return plain


__all__ = ["Positions", "protocol_lines", "encoding_name", "units", "characters"]
