"""A general text renderer of a view (`state.view(seat)`, see docs/engine-api.md).

Nothing here knows any game: every board's spaces are laid out on the plane shared by
all boards (their `px`, `py`; y grows upward), each plane cell a fixed-width box with
the space's name and its stack; below the boards come the zones, the players' vars,
the game's vars and whose turn it is.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, Optional

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
    out = {}
    for w in words:
        others = [o for o in words if o != w]
        n = 1
        while n < len(w) and any(o.startswith(w[:n]) for o in others):
            n += 1
        out[w] = w[:n]
    return out


def _is_face_down(piece: dict) -> bool:
    return piece.get("up", True) is False


def _value_words(attrs: dict) -> list:
    return [str(v) for v in attrs.values() if not isinstance(v, bool) and v is not None]


def describe_piece(piece: dict) -> str:
    """A piece in words: its facing, owner, attribute values and kind ('red knight',
    'face-down card', 'blue stone with crown')."""
    words = []
    if _is_face_down(piece):
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


def all_pieces(view: dict) -> list:
    pieces: list = []
    for board in view.get("boards") or []:
        for space in board.get("spaces") or []:
            pieces += space.get("pieces") or []
    for zone in view.get("zones") or []:
        pieces += zone.get("pieces") or []
    return pieces


def seat_names(view: dict) -> list:
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

    def __init__(self, view: dict):
        pieces = all_pieces(view)
        seats = seat_names(view)
        self.seat_index = {s: i for i, s in enumerate(seats)}
        self.owner_abbr = unique_prefixes(seats)
        owned = [p for p in pieces if p.get("owner") is not None]
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

    def glyph(self, piece: dict) -> str:
        if piece.get("label"):  # the game said how to show it
            return str(piece["label"])
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

    def is_plain(self, piece: dict) -> bool:
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
        return f"{pieces[0]['label']} +{len(pieces) - 1}"
    if pieces[-1].get("label") and len(pieces) > 1:  # a labelled piece on others: `label +2` under it
        return f"{pieces[-1]['label']} +{len(pieces) - 1}"
    text = glyphs.glyph(pieces[-1])
    if len(pieces) > 1:
        text += (":" if text[-1:].isdigit() else "") + str(len(pieces))
    return text


def has_hidden_info(view: dict) -> bool:
    """Does the view hide something: a zone that is not visible (and not empty), or a
    face-down piece?"""
    for zone in view.get("zones") or []:
        if zone.get("visible") is False and zone.get("count", 1) != 0:
            return True
    return any(_is_face_down(p) or p.get("hidden") for p in all_pieces(view))


# ---------------------------------------------------------------------------------
# the plane

_GRID_NAME = re.compile(r"^([A-Za-z]+)(\d+)$")


def _letters(n: int) -> str:
    s = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        s = chr(ord("a") + r) + s
    return s


def _edge_labels(board: dict, spaces: list):
    """Column labels by px and row labels by py for a single grid board, or None."""
    cols: dict = {}
    rows: dict = {}
    for sp in spaces:
        m = _GRID_NAME.match(str(sp.get("name", "")))
        if m:
            col, row = m.group(1), m.group(2)
        else:
            col, row = _letters(int(sp.get("x", 0))), str(sp.get("y", ""))
        if cols.setdefault(sp["px"], col) != col or rows.setdefault(sp["py"], row) != row:
            return None
    return cols, rows


def render_plane(view: dict, glyphs: Glyphs, color: bool = False) -> list:  # noqa: C901 - being rewritten (issue 8)
    boards = view.get("boards") or []
    spaces = [sp for b in boards for sp in b.get("spaces") or [] if "px" in sp and "py" in sp]
    if not spaces:
        return []
    cells = {}
    for sp in spaces:
        cells[(sp["px"], sp["py"])] = sp     # a later board's space wins a shared cell
    xs = range(min(k[0] for k in cells), max(k[0] for k in cells) + 1)
    ys = list(range(max(k[1] for k in cells), min(k[1] for k in cells) - 1, -1))   # top first
    labels = {k: stack_label(sp.get("pieces") or [], glyphs) for k, sp in cells.items()}
    width = max([5] + [len(str(sp.get("name", ""))) + 3 for sp in cells.values()]
                + [len(t) + 2 for t in labels.values()])

    edges = None
    if len(boards) == 1 and boards[0].get("shape") == "grid":
        edges = _edge_labels(boards[0], spaces)
    margin = 0
    if edges:
        margin = max(len(r) for r in edges[1].values()) + 1

    def present(px, py):
        return (px, py) in cells

    def side(px, py, d):
        """The first letter of what the tile at (px, py) shows on side d (a tile's sides mark its borders)."""
        sp = cells.get((px, py))
        pieces = (sp.get("pieces") or []) if sp else []
        sides = pieces[0].get("sides") if pieces else None
        v = sides.get(d) if sides else None
        return str(v)[:1] if v else None

    def mark(a, b):
        """The mark on a border between two cells: the side they show there, unless they disagree
        (tiles side by side in a market, say)."""
        if a and b:
            return a if a == b else None
        return a or b or None

    lines = []

    def column_label_line():
        out = " " * margin
        for px in xs:
            out += " " + edges[0].get(px, "").center(width)
        return out.rstrip()

    if edges:
        lines.append(column_label_line())

    def border(py_above, py_below):
        """The horizontal line between plane row py_above (None: outside) and py_below."""
        out = " " * margin
        for px in list(xs) + [None]:
            around = []
            for x in (px, px - 1 if px is not None else xs[-1]):
                for y in (py_above, py_below):
                    if x is not None and y is not None:
                        around.append(present(x, y))
            out += "+" if any(around) else " "
            if px is not None:
                seg = any(present(px, y) for y in (py_above, py_below) if y is not None)
                m = mark(py_above is not None and side(px, py_above, "south"),
                         py_below is not None and side(px, py_below, "north"))
                if seg and m:
                    half = (width - 1) // 2
                    out += "-" * half + m + "-" * (width - 1 - half)
                else:
                    out += ("-" * width) if seg else (" " * width)
        return out.rstrip()

    previous = None
    for py in ys:
        lines.append(border(previous, py))
        for line_no in (0, 1):
            if edges and line_no == 1:
                out = edges[1].get(py, "").rjust(margin - 1) + " "
            else:
                out = " " * margin
            for px in list(xs) + [None]:
                left = px - 1 if px is not None else xs[-1]
                wall = present(left, py) or (px is not None and present(px, py))
                m = mark(side(left, py, "east"), px is not None and side(px, py, "west")) if line_no == 1 else None
                out += (m or "|") if wall else " "
                if px is None:
                    break
                sp = cells.get((px, py))
                if sp is None:
                    out += " " * width
                elif line_no == 0:
                    name = str(sp.get("name", ""))
                    out += paint(name, DIM, color) + " " * (width - len(name))
                else:
                    text = labels[(px, py)]
                    pad = width - len(text)
                    left_pad = pad // 2
                    pieces = sp.get("pieces") or []
                    code = glyphs.colour(pieces[-1]) if pieces else None
                    out += " " * left_pad + paint(text, code, color) + " " * (pad - left_pad)
            lines.append(out.rstrip())
        previous = py
    lines.append(border(previous, None))
    if edges:
        lines.append(column_label_line())
    return lines


# ---------------------------------------------------------------------------------
# the whole view

def _group_items(pieces: list) -> list:
    """The pieces in words, alike ones counted: a piece the game labels (`show`) by its label."""
    words = [str(p["label"]) if p.get("label") else describe_piece(p) for p in pieces]
    counts = Counter(words)
    order = []
    for d in words:
        if d not in order:
            order.append(d)
    return [d if counts[d] == 1 else f"{d} x{counts[d]}" for d in order]


def _group(pieces: list) -> str:
    return ", ".join(_group_items(pieces))


# a zone whose contents do not fit on one line lists one piece (or group) a line
ZONE_LINE = 100


# how the plane turns so that a seat's own edge is at the bottom of the picture
_SEAT_TURN = {"west": lambda x, y: (-y, x), "north": lambda x, y: (-x, -y), "east": lambda x, y: (y, -x)}


def _from_seat(board: dict, facing) -> dict:
    turn = _SEAT_TURN.get(facing)
    if turn is None:
        return board
    spaces = []
    for sp in board.get("spaces") or []:
        px, py = turn(sp["px"], sp["py"])
        spaces.append(dict(sp, px=px, py=py))
    return dict(board, spaces=spaces, shape="turned")


def render_view(view: dict, color: bool = False, status: bool = True) -> str:  # noqa: C901 - being rewritten (issue 8)
    """The view as text; status=False leaves out the last line (whose move, or the result)."""
    from .shapes import shape_pictures, shown_as_a_line  # they draw with this module's glyphs
    glyphs = Glyphs(view)
    boards = view.get("boards") or []
    pictures, plain = shape_pictures([b for b in boards if b.get("owner") is None], glyphs, color,
                                     view.get("facing"))
    lines = [line for options in pictures for line in options[0]]
    shared = [_from_seat(b, view.get("facing")) for b in plain]
    lines += render_plane(dict(view, boards=shared), glyphs, color)
    # each player's own boards are drawn apart, under their owner's name
    for b in boards:
        if b.get("owner") is None:
            continue
        compass = " (north is up)" if b.get("shape") == "area" else ""
        lines.append(f"{b['name']} of {b['owner']}{compass}:")
        drawn = render_plane(dict(view, boards=[b]), glyphs, color)
        lines.extend(drawn if drawn else ["  (empty)"])

    # the legend explains the glyph each stack shows: its top piece, unless a labelled piece at its
    # bottom (a tile) stands for the stack
    board_pieces = [p for b in view.get("boards") or [] for sp in b.get("spaces") or []
                    for p in (sp.get("pieces") or [])[-1:] if not (sp.get("pieces") or [{}])[0].get("label")
                    and not shown_as_a_line(b, p)]
    legend: dict = {}
    for p in board_pieces:
        if not glyphs.is_plain(p) and not p.get("label"):
            legend.setdefault(glyphs.glyph(p), describe_piece(p) if not _is_face_down(p)
                              else " ".join(["face-down", *([str(p["owner"])] if p.get("owner") else []),
                                             str(p.get("kind", "piece"))]))
    if legend:
        lines.append("legend: " + ", ".join(f"{g} {d}" for g, d in sorted(legend.items())))

    # An empty zone nobody may look into tells nothing.
    zones = [z for z in view.get("zones") or []
             if not (z.get("visible") is False and not z.get("count"))]
    empty = [z for z in zones if not z.get("count") and not z.get("pieces")]
    zones = [z for z in zones if z not in empty]
    if zones or empty:
        lines.append("zones:")
        if empty:  # all the empty ones on one line
            lines.append("  empty: " + ", ".join(
                str(z.get("name", "?")) + (f" ({z['owner']})" if z.get("owner") is not None else "") for z in empty))
        for z in zones:
            name = str(z.get("name", "?"))
            if z.get("owner") is not None:
                name += f" ({z['owner']})"
            pieces = z.get("pieces") or []
            count = z.get("count", len(pieces))
            if z.get("visible") is False:
                body = f"{count} hidden" if count else "empty"
            else:
                body = _group(pieces) if pieces else ("empty" if not count else f"{count} pieces")
            if len(f"  {name}: {body}") > ZONE_LINE and pieces and z.get("visible") is not False:
                lines.append(f"  {name}:")
                lines.extend(f"    {item}" for item in _group_items(pieces))
                continue
            lines.append(f"  {name}: {body}")

    players = [p for p in view.get("players") or [] if p.get("vars")]
    if players:
        lines.append("players:")
        for p in players:
            body = ", ".join(f"{k} {describe_value(v)}" for k, v in p["vars"].items())
            lines.append(f"  {p.get('seat')}: {body}")
    if view.get("vars"):
        lines.append("vars: " + ", ".join(f"{k} {describe_value(v)}" for k, v in view["vars"].items()))

    if not status:
        pass
    elif view.get("over"):
        lines.append(paint(f"game over: {view.get('result') or 'no result'}", BOLD, color))
    else:
        to_move, turn = view.get("to_move"), view.get("turn")
        text = f"{to_move} to move"
        if turn is not None and turn != to_move:
            text += f" (in {turn}'s turn)"
        if view.get("phase"):
            text += f"; phase {view['phase']}"
        if view.get("seat") is not None and view.get("seat") != to_move:
            text += f"; seen by {view['seat']}"
        lines.append(paint(text, BOLD, color))
        if view.get("choice"):
            lines.append(paint(f"to choose: {view['choice']}", BOLD, color))
    return "\n".join(lines)
