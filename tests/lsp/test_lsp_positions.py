"""cli/lsp_positions.py: Mire's places (lines at "\\n", columns in characters) and the protocol's positions (lines at
"\\n", "\\r\\n" and "\\r", characters in the client's units), checked against a plain reading of the two rules."""
from __future__ import annotations

import random

import pytest

from mire.cli.lsp_positions import Positions, protocol_lines

PIECES = ["a", "b", " ", "\n", "\r", "\r\n", "\u2028", "\u2029", "\x0b", "\x0c", "\x1c", "\x85", "é", "\U0001F600",
          "\ud800"]
UNIT = {"utf-8": lambda ch: len(ch.encode("utf-8", "surrogatepass")),
        "utf-16": lambda ch: len(ch.encode("utf-16-le", "surrogatepass")) // 2, "utf-32": lambda ch: 1}


def _reference(text: str, encoding: str) -> dict:
    """offset -> (Mire's (line, column), the protocol's (line, character)), walking the text a character at a time."""
    out = {}
    mire_line, mire_column, line, character = 1, 1, 0, 0
    for i, ch in enumerate(text):
        out[i] = ((mire_line, mire_column), (line, character))
        mire_line, mire_column = (mire_line + 1, 1) if ch == "\n" else (mire_line, mire_column + 1)
        if ch == "\n" or (ch == "\r" and text[i + 1:i + 2] != "\n"):
            line, character = line + 1, 0
        elif ch != "\r":
            character += UNIT[encoding](ch)
    out[len(text)] = ((mire_line, mire_column), (line, character))
    return out


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_places_both_ways_as_a_plain_reading_gives_them(encoding):
    rng = random.Random(7)
    for _ in range(300):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 30)))
        positions = Positions(text, encoding)
        for offset, (mire, client) in _reference(text, encoding).items():
            if text[offset - 1:offset + 1] == "\r\n":
                continue  # between "\r" and "\n": no place of the protocol's
            assert positions.to_client(*mire) == client, (text, offset)
            assert positions.from_client(*client) == mire, (text, offset)
        lines = protocol_lines(text)  # each with its line end, the last perhaps without
        assert "".join(lines) == text
        for i, line in enumerate(lines):
            body = line[:-2] if line.endswith("\r\n") else line[:-1] if line.endswith(("\r", "\n")) else line
            assert "\r" not in body and "\n" not in body and (body != line or i == len(lines) - 1)
        assert positions.end() == _reference(text, encoding)[len(text)][1]


def test_places_past_a_line_or_the_text_are_their_ends():
    text = "ab\u2028c\r\nd\ré\n"
    positions = Positions(text)
    assert positions.to_client(1, 99) == (0, 4)  # the end of the line's text, before "\r\n"
    assert positions.to_client(99, 1) == (3, 0)  # the end of the text
    assert positions.from_client(0, 99) == (1, 5)
    assert positions.from_client(2, 99) == (2, 4)
    assert positions.from_client(99, 0) == (3, 1)
    assert positions.end() == (3, 0)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_changes_land_where_the_protocol_places_them(encoding):
    # the server's own splitting of a document into lines as it follows the editor's changes, against the text
    # changed by offsets: a "\r" and a "\n" brought together by a change become one line end
    pytest.importorskip("pygls")
    from lsprotocol import types as T
    from pygls.workspace import Workspace

    from mire.cli import lsp_server

    pieces = ["a", "\n", "\r", "\r\n", "\u2028", "\U0001F600"]  # mostly line ends: they meet often
    rng = random.Random(1)
    server = lsp_server.MireServer()
    server.protocol._workspace = Workspace(None, position_encoding=encoding)
    uri = "file:///nowhere/x.mire"
    for round in range(1000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        server.workspace.put_text_document(T.TextDocumentItem(uri, "mire", 1, text))
        changes = []  # several in one notification: each placed in the text as the ones before it left it
        for _ in range(4):
            places = [o for o in _reference(text, encoding) if text[o - 1:o + 1] != "\r\n"]
            a, b = sorted(rng.choice(places) for _ in range(2))
            new = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 3)))
            client = _reference(text, encoding)
            start, end = T.Position(*client[a][1]), T.Position(*client[b][1])
            changes.append(T.TextDocumentContentChangePartial(T.Range(start, end), new))
            text = text[:a] + new + text[b:]
        server.apply_changes(T.VersionedTextDocumentIdentifier(2, uri), changes)
        assert server.document(uri).source == text, round
