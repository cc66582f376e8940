"""The looks a game asks for in its `display:` lines (docs/language.md, "Display"), as the board's renderer uses
them: a player's colour, a board's or a space's colour, a piece's colour, glyph or picture.

They come from the view (its "display", the same for every seat) and are matched against what the view shows
of a piece: a line `piece token where colour == red` is used only for a piece whose colour this seat sees, so a
look never tells what the view hides. A picture was made safe by the checker (grammar/pictures.py); it is drawn
as an image of a data address, where a browser runs no script and fetches nothing, and every value put in
markup here is escaped.
"""
from __future__ import annotations

import base64
from html import escape
from typing import Optional

from ...grammar.display import is_colour


def _esc(value) -> str:
    return escape(str(value), quote=True)


class Looks:
    def __init__(self, view: dict):
        d = view.get("display") or {}
        # (a colour goes into markup as it is: only one the checker would take, whatever made the view)
        self.players: dict = {k: v for k, v in (d.get("players") or {}).items() if _colour(v)}
        self.boards: dict = {k: v for k, v in (d.get("boards") or {}).items() if _colour(v)}
        self.spaces: dict = {b: {k: v for k, v in s.items() if _colour(v)} for b, s in (d.get("spaces") or {}).items()}
        self.pieces: list = [{k: v for k, v in line.items() if k != "colour" or _colour(v)}
                             for line in d.get("pieces") or []]

    def space_colour(self, board, space) -> Optional[str]:
        return (self.spaces.get(str(board)) or {}).get(str(space)) or self.boards.get(str(board))

    def piece(self, p: dict) -> dict:
        """The looks of a piece as this seat sees it: those of its kind's lines, a line `where` an attribute has
        a value overriding the kind's plain line; nothing for a piece face down or covered."""
        if p.get("covered") or (not p.get("up", True) and not p.get("attrs")):
            return {}
        attrs = p.get("attrs") or {}
        out: dict = {}
        for line in sorted(self.pieces, key=lambda line: line.get("where") is not None):
            if line.get("kind") != p.get("kind"):
                continue
            where = line.get("where")
            if where is not None and (where[0] not in attrs or not _same(attrs[where[0]], where[1])):
                continue
            out.update({k: v for k, v in line.items() if k in ("colour", "glyph", "picture")})
        return out


def _colour(value) -> bool:
    return isinstance(value, str) and is_colour(value)


def _same(seen, written) -> bool:
    """Is the value the view shows the one a display line wrote (`yes` for a true attribute)?"""
    if isinstance(seen, bool):
        return str(written) in (("yes", "true") if seen else ("no", "false"))
    return str(seen) == str(written)


def picture_href(svg_text: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg_text.encode("utf-8")).decode("ascii")


def picture_svg(picture: str, cx: float, cy: float, size: float, turns: int = 0) -> str:
    """A piece's picture centred at (cx, cy), turned with the piece (a tile's quarter turns)."""
    half = size / 2
    turn = f' transform="rotate({90 * int(turns)} {cx:.1f} {cy:.1f})"' if turns else ""
    return (f'<image x="{cx - half:.1f}" y="{cy - half:.1f}" width="{size:.1f}" height="{size:.1f}" '
            f'href="{_esc(picture_href(picture))}" preserveAspectRatio="xMidYMid meet"{turn}/>')


def picture_img(picture: str) -> str:
    """A piece's picture in a card of a zone (HTML)."""
    return f'<img class="pic" alt="" src="{_esc(picture_href(picture))}">'
