"""Naming pieces in a few characters: colours, glyphs, stack labels, pieces and values in words.

Nothing here knows any game: glyphs are built from the owners, kinds and attribute values a view shows.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional

# ---------------------------------------------------------------------------------
# colour

RESET = "\x1b[0m"
DIM = "2"
BOLD = "1"

# Seat names and attribute values that are colour words get that colour.
COLOUR_WORDS = {
    "red": "31", "green": "32", "yellow": "33", "gold": "33", "golden": "33",
    "blue": "34", "purple": "35", "violet": "35", "magenta": "35", "pink": "95",
    "cyan": "36", "white": "97", "black": "90", "grey": "37", "gray": "37",
    "orange": "38;5;208", "brown": "38;5;130",
}
# Other seats: by seat number.
SEAT_PALETTE = ["34", "31", "32", "33", "35", "36"]


def paint(text: str, code: Optional[str], color: bool) -> str:
    if not color or not code or not text:
        return text
    return f"\x1b[{code}m{text}{RESET}"


# ---------------------------------------------------------------------------------
# naming pieces

def unique_prefixes(words: Iterable[str]) -> dict:
    """The shortest prefix of each word that no other word starts with (at least 1 char)."""
    words = sorted(set(words))
    # (the words that share a prefix with w stand next to it in order: its neighbours say how far it is shared)
    shared = [_common_prefix(a, b) for a, b in zip(words, words[1:])]
    out = {}
    for i, w in enumerate(words):
        longest = max(shared[i - 1] if i > 0 else 0, shared[i] if i < len(shared) else 0)
        out[w] = w[:max(1, min(len(w), longest + 1))]
    return out


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def _is_face_down(piece: Mapping[str, Any]) -> bool:
    return piece.get("up", True) is False


def _value_words(attrs: dict) -> list:
    return [str(v) for v in attrs.values() if not isinstance(v, bool) and v is not None]


def describe_piece(piece: Mapping[str, Any]) -> str:
    """A piece in words: its facing, owner, attribute values and kind ('red knight',
    'face-down card', 'blue stone with crown')."""
    words = []
    if piece.get("covered"):  # under another piece, and its kind shows nothing of itself there
        words.append("covered")
    elif _is_face_down(piece):
        words.append("face-down")
    if piece.get("owner") is not None:
        words.append(str(piece["owner"]))
    attrs = piece.get("attrs") or {}
    words += _value_words(attrs)
    words.append(str(piece.get("kind", "piece")))
    flags = [k for k, v in attrs.items() if v is True]
    text = " ".join(words)
    if flags:
        text += " with " + " and ".join(flags)
    return text


def describe_value(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict) and "kind" in value:
        return describe_piece(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {describe_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(describe_value(v) for v in value) + "]"
    return str(value)


def all_pieces(view: Mapping[str, Any]) -> list:
    pieces: list = []
    for board in view.get("boards") or []:
        for space in board.get("spaces") or []:
            pieces += space.get("pieces") or []
    for zone in view.get("zones") or []:
        pieces += zone.get("pieces") or []
    return pieces


def seat_names(view: Mapping[str, Any]) -> list:
    names = [p.get("seat") for p in view.get("players") or [] if p.get("seat") is not None]
    for piece in all_pieces(view):
        if piece.get("owner") is not None and piece["owner"] not in names:
            names.append(piece["owner"])
    return [str(n) for n in names]


class Glyphs:
    """Short, readable glyphs for the pieces of one view.

    An owned piece: its owner's initial (upper case), then the kind's initial when the
    owned pieces come in several kinds, then the initials of the attribute values that
    tell pieces of that kind apart.  An unowned piece: the initials of its visible
    attributes' values (a true flag: the flag's initial), else its kind's initial.  A
    face-down piece: `?`, after its owner's initial when it has an owner (`W?`).  Initials
    grow to the shortest unambiguous prefix.
    """

    def __init__(self, view: Mapping[str, Any]):
        pieces = all_pieces(view)
        seats = seat_names(view)
        self.seat_index = {s: i for i, s in enumerate(seats)}
        self.owner_abbr = unique_prefixes(seats)
        owned = [p for p in pieces if p.get("owner") is not None]
        # a label shown by pieces of several owners on one board (two players' cubes labelled `6`): told apart
        # by the owner (on boards of their own, as in zones, the board's owner tells whose they are)
        self.shared_labels: set = set()
        for board in view.get("boards") or []:
            owners_of: dict = {}
            for space in board.get("spaces") or []:
                for p in space.get("pieces") or []:
                    if p.get("label") and p.get("owner") is not None:
                        owners_of.setdefault(str(p["label"]), set()).add(str(p["owner"]))
            self.shared_labels |= {label for label, owners in owners_of.items() if len(owners) > 1}
        unowned = [p for p in pieces if p.get("owner") is None]
        owned_kinds = {str(p.get("kind")) for p in owned}
        self.owned_kind_abbr = unique_prefixes(owned_kinds) if len(owned_kinds) > 1 else {}
        self.unowned_kind_abbr = unique_prefixes({str(p.get("kind")) for p in unowned})
        # kind -> attribute names whose values differ among the owned pieces of that kind
        values: dict = {}
        for p in owned:
            for k, v in (p.get("attrs") or {}).items():
                values.setdefault((str(p.get("kind")), k), set()).add(describe_value(v))
        self.varying = {key for key, vals in values.items() if len(vals) > 1}
        # (owned?, kind, attr) -> prefixes of its values
        self.value_abbr: dict = {}
        groups: dict = {}
        for p in pieces:
            for k, v in (p.get("attrs") or {}).items():
                if isinstance(v, bool) or v is None:
                    continue
                key = (p.get("owner") is not None, str(p.get("kind")), k)
                groups.setdefault(key, set()).add(str(v))
        for key, vals in groups.items():
            self.value_abbr[key] = unique_prefixes(vals)

    def glyph(self, piece: Mapping[str, Any]) -> str:
        if piece.get("label"):  # the game said how to show it
            return self.labelled(piece)
        if _is_face_down(piece):
            owner = piece.get("owner")  # whose it is shows on its back (a marker on a face-down card)
            return "?" if owner is None else self.owner_abbr.get(str(owner), str(owner)[:1]).capitalize() + "?"
        kind = str(piece.get("kind"))
        attrs = piece.get("attrs") or {}
        owner = piece.get("owner")
        if owner is not None:
            owner = str(owner)
            text = self.owner_abbr.get(owner, owner[:1] or "?").capitalize()
            text += self.owned_kind_abbr.get(kind, "").lower()
            for k, v in attrs.items():
                if (kind, k) not in self.varying:
                    continue
                if isinstance(v, bool):
                    text += k[:1].lower() if v else ""
                elif v is not None:
                    text += self.value_abbr.get((True, kind, k), {}).get(str(v), str(v)[:1]).lower()
            return text
        parts = []
        flags = ""
        for k, v in attrs.items():
            if isinstance(v, bool):
                flags += k[:1].lower() if v else ""
            elif v is not None:
                parts.append(self.value_abbr.get((False, kind, k), {}).get(str(v), str(v)[:1]))
        if parts:
            text = parts[0].capitalize() + "".join(p.lower() for p in parts[1:])
        else:
            text = self.unowned_kind_abbr.get(kind, kind[:1]).capitalize()
        return text + flags

    def labelled(self, piece: Mapping[str, Any]) -> str:
        """A piece's label (`show`), after its owner's initial when pieces of another owner show the same label
        (`B6`, `W6`; `B-knight` before a label that starts with a letter): the colour alone, which a terminal
        without colours does not show, would not tell them apart."""
        label = str(piece["label"])
        owner = piece.get("owner")
        if owner is None or label not in self.shared_labels:
            return label
        initial = self.owner_abbr.get(str(owner), str(owner)[:1]).capitalize()
        return f"{initial}-{label}" if label[:1].isalpha() else f"{initial}{label}"

    def colour(self, piece: dict) -> Optional[str]:
        if _is_face_down(piece):
            return DIM
        owner = piece.get("owner")
        if owner is not None:
            owner = str(owner)
            code = COLOUR_WORDS.get(owner.lower())
            if code:
                return code
            return SEAT_PALETTE[self.seat_index.get(owner, 0) % len(SEAT_PALETTE)]
        for v in (piece.get("attrs") or {}).values():
            if isinstance(v, str) and v.lower() in COLOUR_WORDS:
                return COLOUR_WORDS[v.lower()]
        return BOLD

    def is_plain(self, piece: Mapping[str, Any]) -> bool:
        """Is the glyph just the owner's initial (and so needs no legend)?"""
        owner = piece.get("owner")
        return owner is not None and not _is_face_down(piece) and self.glyph(piece) == \
            self.owner_abbr.get(str(owner), "").capitalize() and len(self.glyph(piece)) == 1


def stack_label(pieces: list, glyphs: Glyphs) -> str:
    """The top piece's glyph, and the height when the stack holds more than one piece.
    A labelled piece at the bottom (a tile) shows with what stands on it counted: `label +3`;
    a labelled piece on top, with what lies under it counted the same way."""
    if not pieces:
        return ""
    if pieces[0].get("label") and len(pieces) > 1 and not pieces[-1].get("label"):
        return f"{glyphs.labelled(pieces[0])} +{len(pieces) - 1}"
    if pieces[-1].get("label") and len(pieces) > 1:  # a labelled piece on others: `label +2` under it
        return f"{glyphs.labelled(pieces[-1])} +{len(pieces) - 1}"
    text = glyphs.glyph(pieces[-1])
    if len(pieces) > 1:
        text += (":" if text[-1:].isdigit() else "") + str(len(pieces))
    return text


def has_hidden_info(view: dict) -> bool:
    """Does the view hide something: a zone that is not visible (and not empty), a variable it
    may not see (another's private one), or a face-down piece?"""
    for zone in view.get("zones") or []:
        if zone.get("visible") is False and zone.get("count", 1) != 0:
            return True
    if any(p.get("hidden") for p in view.get("players") or []) or \
            any(b.get("visible") is False for b in view.get("boards") or []):
        return True
    return any(_is_face_down(p) or p.get("hidden") for p in all_pieces(view))


