"""A general text renderer of a view (`state.view(seat)`, see docs/engine-api.md), within a size.

Nothing here knows any game.  The boards are drawn on their shared plane (plane_drawing.py), each in the
roomiest style that fits; then come the legend of the glyphs, the zones, the players' and the game's
vars and whose turn it is.  Given a height, the boards condense until the whole view fits: roomy
boxes, then one line a row, then labels cut short; the viewer's own boards come before the other
players', which give way to a line naming them when there is no room.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Optional

from .fitting import columns, cut, flow
from .fitting import width as text_width
from .glyphs import (  # noqa: F401
    BOLD,
    Glyphs,
    _is_face_down,
    all_pieces,
    describe_piece,
    describe_value,
    has_hidden_info,
    paint,
    stack_label,
    unique_prefixes,
)
from .plane_drawing import SEAT_TURN, STYLES, Plane, Style, coordinate_labels, fit_plane
from .safe_text import Drawn, printable, shown_view
from .shapes import shape_pictures, shown_as_a_line

if TYPE_CHECKING:  # (the renderer reads views; it needs none of the engine to run)
    from ..engine.view import BoardView, View, ZoneView

UNLIMITED = 10 ** 6
ZONE_LEVELS = (0, 1)   # how condensed the zones are: see zone_lines


def piece_key(piece: Mapping[str, Any]) -> str:
    """A piece's identity in a view, to find what to type for it (see `typed` below): the same for the piece as
    the engine gives it and as the renderer shows it (its texts escaped)."""
    return json.dumps(shown_view(piece), sort_keys=True)


# ---------------------------------------------------------------------------------
# zones

def _group_items(pieces: list, typed: Optional[dict] = None) -> list:
    """The pieces in words, alike ones counted: a piece the game labels (`show`) by its label,
    after what to type for it when that is not already how the label starts; before a label that starts with
    a letter or a digit, marked as a number to type (`#6 2-6`, typed `6`: a bare `6 2-6` reads as a label of
    two numbers), where a sign does not part them already (`37 ●Star Jelly`)."""
    words = []
    tokens = [(typed or {}).get(piece_key(p)) for p in pieces]
    pad = max([len(t) for t in tokens if t] + [0])
    marked = any(token and ((str(p["label"]) if p.get("label") else "x")[:1].isalnum())
                 for p, token in zip(pieces, tokens))
    for p, token in zip(pieces, tokens):
        word = str(p["label"]) if p.get("label") else describe_piece(p)
        if token and not word.lower().startswith(token.lower()):
            word = f"{'#' + token:>{pad + 1}} {word}" if marked else f"{token:>{pad}} {word}"
        words.append(word)
    counts = Counter(words)
    order = []
    for d in words:
        if d not in order:
            order.append(d)
    return [d if counts[d] == 1 else f"{d} x{counts[d]}" for d in order]


def _zone_name(z: ZoneView) -> str:
    name = str(z.get("name", "?"))
    return name + (f" ({z['owner']})" if z.get("owner") is not None else "")


def _under_heading(head: str, items: list, width: int) -> list:
    """Items in columns under a heading line; or, when that takes no more lines, beside it (hanging under its
    end), which saves the heading's own line."""
    under = [head.rstrip()] + columns(items, width)
    pad = text_width(head)
    if pad < width // 2:
        beside = columns(items, width - pad, indent="")
        if len(beside) < len(under) and all(text_width(line) <= width - pad for line in beside):
            return [head + beside[0]] + [" " * pad + line for line in beside[1:]]
    return under


def _alike_together(counted: list) -> list:
    """Zones seen by their size alone, those of one name and size named together: `hand (red, yellow): 2 hidden
    each` for `hand (red): 2 hidden · hand (yellow): 2 hidden`."""
    groups: dict = {}
    for item in counted:
        head, _, size = item.partition(": ")
        name, paren, owner = head.partition(" (")
        key = (name, size) if paren else (item, None)
        groups.setdefault(key, []).append(owner[:-1] if paren else None)
    return [f"{name} ({', '.join(owners)}): {size} each" if size is not None and len(owners) > 1
            else (f"{name} ({owners[0]}): {size}" if size is not None else name)
            for (name, size), owners in groups.items()]


def zone_lines(view: View, width: int, typed: Optional[dict] = None, level: int = 0, empty: bool = True) -> list:
    """Zones whose pieces this seat sees: a line each, or a heading and the pieces in columns;
    zones seen only by their size, and the empty ones, flow together on the last lines.
    Condensed (level 1), a zone's pieces are cut to one line; `empty=False` leaves out the empty zones (a
    screen fitted to the terminal: an empty thing is nothing to decide with, and takes no line there)."""
    zones = [z for z in view.get("zones") or []
             if not (z.get("visible") is False and z.get("count") == 0)]   # nothing to tell
    lines, counted, empties = [], [], []
    for z in zones:
        pieces = z.get("pieces") or []
        count = z.get("count", len(pieces))
        if z.get("visible") is False:   # (its size too, when it is hidden: `size hidden`)
            counted.append(f"{_zone_name(z)}: " + ("hidden" if count is None else f"{count} hidden"))
        elif not pieces and not count:
            empties.append(_zone_name(z))
        elif not pieces:
            counted.append(f"{_zone_name(z)}: {count} pieces")
        else:
            items = _group_items(pieces, typed)
            one = f"{_zone_name(z)}: " + ", ".join(items)
            if text_width(one) <= width or level >= 1:
                lines.append(cut(one, width))
            else:
                lines.extend(_under_heading(f"{_zone_name(z)}: ", items, width))
    if counted:
        lines.extend(flow(_alike_together(counted), width, sep=" · "))
    if empties and empty:
        lines.extend(flow(empties, width, first="empty: "))
    return lines


def var_lines(view: View, width: int) -> list:
    """The players' variables and the game's, then each player's `status` figures; a variable this seat may
    not see (another's private one, a secret one) shows as `NAME ?`."""
    lines = []
    players = [p for p in view.get("players") or [] if p.get("vars") or p.get("hidden") or p.get("status")]
    if players:
        # the game's own figures (`status`) after its variables: "red: score 4, hand ?, 3 of 9 goldens eaten"
        items = [f"{p.get('seat')}: " + ", ".join([f"{k} {describe_value(v)}" for k, v in (p.get("vars") or {}).items()]
                                                 + [f"{k} ?" for k in p.get("hidden") or []]
                                                 + list(p.get("status") or []))
                 for p in players]
        lines += flow(items, width, sep=" · ")
    if view.get("vars") or view.get("hidden_vars"):
        lines += flow([f"{k} {describe_value(v)}" for k, v in (view.get("vars") or {}).items()]
                      + [f"{k} ?" for k in view.get("hidden_vars") or []], width, first="", sep=", ")
    return lines


def legend_lines(view: View, glyphs: Glyphs, width: int) -> list:
    """What each glyph on the boards stands for: the top piece of a stack, unless a labelled piece
    at its bottom (a tile) stands for the stack."""
    board_pieces = [p for b in view.get("boards") or [] for sp in b.get("spaces") or []
                    for p in (sp.get("pieces") or [])[-1:] if not (sp.get("pieces") or [])[0].get("label")
                    and not shown_as_a_line(b, p)]
    legend: dict = {}
    for p in board_pieces:
        if not glyphs.is_plain(p) and not p.get("label"):
            legend.setdefault(glyphs.glyph(p), describe_piece(p) if not _is_face_down(p) or p.get("covered")
                              else " ".join(["face-down", *([str(p["owner"])] if p.get("owner") else []),
                                             str(p.get("kind", "piece"))]))
    if not legend:
        return []
    return flow([f"{g} {d}" for g, d in sorted(legend.items())], width, first="legend: ")


def game_over_text(result, reason) -> str:
    """`game over: X wins: three in a row`: the result, and why when the rules say."""
    return f"game over: {result or 'no result'}" + (f": {reason}" if reason else "")


def status_lines(view: View, color: bool) -> list:
    if view.get("over"):
        return [paint(game_over_text(view.get("result"), view.get("reason")), BOLD, color)]
    to_move, turn = view.get("to_move"), view.get("turn")
    deciders = view.get("deciders")
    text = f"{to_move} to move" if not deciders else f"{' and '.join(deciders)} answer at once"
    if deciders and view.get("seat") in deciders:
        to_move = view.get("seat")  # its own screen: not "seen by"
    if turn is not None and turn != to_move and not deciders:
        text += f" (in {turn}'s turn)"
    if view.get("phase"):
        text += f"; phase {view['phase']}"
    if view.get("seat") is not None and view.get("seat") != to_move:
        text += f"; seen by {view['seat']}"
    lines = [paint(text, BOLD, color)]
    if view.get("choice"):
        lines.append(paint(f"to choose: {view['choice']}", BOLD, color))
    return lines


# ---------------------------------------------------------------------------------
# boards

def _from_seat(board: BoardView, facing) -> Mapping[str, Any]:
    """The board as drawn from the seat's edge: its spaces turned (a drawing's board, no longer a view's)."""
    turn = SEAT_TURN.get(facing)
    if turn is None:
        return board
    spaces = []
    for sp in board.get("spaces") or []:
        px, py = turn(sp["px"], sp["py"])
        spaces.append(dict(sp, px=px, py=py))
    return dict(board, spaces=spaces, shape="turned")


def _board_heading(b: Mapping[str, Any]) -> str:
    notes = ["north is up"] if b.get("shape") == "area" else []
    if b.get("spaces") and coordinate_labels(b["spaces"]):
        notes.append("a space is named column,row")
    return f"{b['name']} of {b['owner']}" + (f" ({'; '.join(notes)})" if notes else "") + ":"


class _Part:
    """One drawing: the shared boards on their plane, or a player's own board under a heading."""

    def __init__(self, heading, plane, width, board=None, names=()):
        self.heading, self.plane, self.board = heading, plane, board
        self.names = names  # the shared boards it draws
        # (style, lines) from the roomiest, each fitting the width
        self.options: list[tuple[Optional[Style], list[str]]] = []
        self.level = 0
        if plane.empty:
            self.options = [(None, ["  (empty)"] if heading else [])]
            return
        for style in STYLES:
            fit = fit_plane(plane, width, styles=(style,))
            if fit is not None:
                self.options.append((fit[0], fit[2]))
        if not self.options:  # nothing fits: the most condensed, as narrow as it goes
            style = STYLES[-1]
            self.options = [(style, plane.draw(style, plane.smallest(style)))]

    def lines(self, level=None) -> list:
        level = self.level if level is None else level
        return ([self.heading] if self.heading else []) + self.options[min(level, len(self.options) - 1)][1]

    def style(self):
        return self.options[min(self.level, len(self.options) - 1)][0]

    def height(self, level=None) -> int:
        return len(self.lines(level))

    short_allowed = True

    def _smaller(self):
        """The next level that takes fewer lines (labels cut short only when allowed), or None."""
        for level in range(self.level + 1, len(self.options)):
            style = self.options[level][0]
            if style is not None and style.short and not self.short_allowed:
                return None
            if self.height(level) < self.height():
                return level
        return None

    def can_shrink(self) -> bool:
        return self._smaller() is not None

    def shrink(self):
        self.level = self._smaller()


class _Picture(_Part):
    """Shared boards drawn in a picture of their own (shapes.py): a grid with its edges and corners, a graph."""

    def __init__(self, picture):
        self.heading, self.plane, self.board, self.names = None, None, None, picture.names
        self.options = [(None, lines) for lines in picture.options] or [(None, [])]
        self.level = 0


class _EmptyBoards:
    """The players' boards that hold nothing yet, named on one line; or (`first="hidden: "`) the boards the
    viewer may not look at."""

    def __init__(self, boards, width, first="empty: "):
        self.board = None
        self.text = flow([b["name"] + (f" of {b['owner']}" if b.get("owner") is not None else "") for b in boards],
                         width, first=first)

    def lines(self, level=None):
        return self.text

    def height(self, level=None):
        return len(self.text)

    def style(self):
        return None

    def can_shrink(self):
        return False

    def shrink(self):
        pass


def board_parts(view: View, glyphs: Glyphs, color: bool, width: int, whole: bool = False,
                empties: bool = True) -> tuple:
    """(shared and own parts, others' parts) of the view's boards; unless `whole`, the players'
    boards that hold nothing share one line (none with `empties=False`)."""
    hidden = [b for b in view.get("boards") or [] if b.get("visible") is False]
    boards = [b for b in view.get("boards") or [] if b.get("visible") is not False]
    pictures, plain = shape_pictures([b for b in boards if b.get("owner") is None], glyphs, color,
                                     view.get("facing"), width)
    shared = [_from_seat(b, view.get("facing")) for b in plain]
    mine: list = [_Picture(picture) for picture in pictures]
    theirs: list = []
    empty: list = []
    if shared:
        mine.append(_Part(None, Plane(shared, glyphs, color), width, names=tuple(b["name"] for b in shared)))
    for b in boards:
        if b.get("owner") is None:
            continue
        plane = Plane([b], glyphs, color)
        if plane.empty and not whole:
            empty.append(b)
            continue
        part = _Part(_board_heading(b), plane, width, board=b)
        (mine if b.get("owner") == view.get("seat") else theirs).append(part)
    if empty and empties:
        mine.append(_EmptyBoards(empty, width))
    if hidden:  # a private board of another, or a secret one: only that it is there
        mine.append(_EmptyBoards(hidden, width, first="hidden: "))
    return mine, theirs


def fit_boards(mine: list, theirs: list, height: int) -> tuple:
    """(lines, boards left out) that fit in `height` lines if anything does: the tallest drawing
    condenses first; the other players' boards give way before the viewer's own condense past
    one line a row."""
    def total(parts, dropped):
        return sum(p.height() for p in parts) + (1 if dropped else 0)

    passes = [(True, False), (False, False), (False, True)] if theirs else [(True, False), (True, True)]
    for keep_theirs, cut_short in passes:
        parts = mine + (theirs if keep_theirs else [])
        dropped = [] if keep_theirs else [p.board for p in theirs]
        for p in parts:
            p.level = 0
            p.short_allowed = cut_short
        while total(parts, dropped) > height:
            shrinkable = [p for p in parts if p.can_shrink()]
            if not shrinkable:
                break
            # the other players' boards condense first, then the tallest drawing
            tallest = max(shrinkable, key=lambda p: (p in theirs, p.height()))
            tallest.shrink()
        if total(parts, dropped) <= height or (keep_theirs, cut_short) == passes[-1]:
            lines = [line for p in parts for line in p.lines()]
            return lines, dropped, any(p.style() is not None and p.style().short for p in parts)
    raise AssertionError("unreachable")


def _dropped_line(dropped: list) -> str:
    owners = ", ".join(str(b["owner"]) for b in dropped)
    names = sorted({str(b["name"]) for b in dropped})
    what = "/".join(names) + ("s" if len(dropped) > 1 and len(names) == 1 else "")
    which = "one" if len(dropped) > 1 else "it"
    return f"{what} of {owners}: no room here ('board {dropped[0]['owner']}' shows {which})"


# ---------------------------------------------------------------------------------
# the whole view

def render_view(view: View, color: bool = False, status: bool = True, width: Optional[int] = None,
                height: Optional[int] = None, typed: Optional[dict] = None) -> str:
    """The view as text in at most `width` columns (unlimited when None) and, when a height is
    given, condensed to fit in it when it can; status=False leaves out the last lines (whose move,
    or the result).  `typed` maps a piece (piece_key) to what a player types for it.
    Every text of the view is shown escaped (safe_text.py): what comes from a rules file cannot act on the
    terminal."""
    return Drawn("\n".join(view_lines(view, color, status, width, height, typed)))


def view_lines(view: View, color: bool = False, status: bool = True, width: Optional[int] = None,
               height: Optional[int] = None, typed: Optional[dict] = None, cut_zones: bool = True) -> list:
    """render_view's lines (each a Drawn line). Fitted to a height, what is empty takes no line, and the boards
    condense before any zone's pieces are cut to one line (what a player decides with comes first);
    `cut_zones=False` never cuts them, even when the lines then do not fit."""
    view = shown_view(view)
    typed = {k: printable(v) for k, v in typed.items()} if typed else None
    return [Drawn(line) for line in _view_lines(view, color, status, width, height, typed, cut_zones)]


def _view_lines(view: View, color: bool, status: bool, width: Optional[int], height: Optional[int],
                typed: Optional[dict], cut_zones: bool = True) -> list:
    width = width or UNLIMITED
    glyphs = Glyphs(view)
    fitted = height is not None
    mine, theirs = board_parts(view, glyphs, color, width, empties=not fitted)
    for level in ZONE_LEVELS if cut_zones else ZONE_LEVELS[:1]:
        below = legend_lines(view, glyphs, width) + zone_lines(view, width, typed, level, empty=not fitted) + \
            var_lines(view, width)
        if status:
            below += status_lines(view, color)
        room = UNLIMITED if height is None else height - len(below)
        lines, dropped, short = fit_boards(mine, theirs, room)
        if dropped:
            lines.append(_dropped_line(dropped))
        elif short:
            lines.append("labels cut short: 'board NAME' shows a board whole")
        if height is None or len(lines) + len(below) <= height:
            break
    return lines + below


def board_lines(view: View, name: str, color: bool = False, width: Optional[int] = None) -> Optional[list]:
    """One board of the view, whole (the roomiest style that fits the width), found by its name or
    its owner's: None when the view has no such board."""
    width = width or UNLIMITED
    view = shown_view(view)
    wanted = printable(name).lower()
    glyphs = Glyphs(view)
    mine, theirs = board_parts(view, glyphs, color, width, whole=True)
    found = []
    for p in mine + theirs:
        b = p.board
        names = {str(b["name"]).lower(), str(b["owner"]).lower()} if b is not None else \
            {str(n).lower() for n in getattr(p, "names", ())}
        if wanted in names:
            found += p.lines()
    return [Drawn(line) for line in found] or None
