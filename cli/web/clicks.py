"""What a seat may click to make each of its legal moves: its steps, in order.

A move's values that are places on the page (a space, a piece on a board, a piece in a zone the seat looks
into) become targets the page lights up and the player clicks one after another; the others (a number, a
direction, yes or no, a piece the seat may not see) become buttons, chosen in their turn. A
target is a short key: `s:B:NAME` (space NAME of the B-th board of the view) or `z:Z:I` (the I-th piece of the
Z-th zone of the view, the first of the pieces there that look alike); the boards and zones are counted
in the order state.view lists them.
"""
from __future__ import annotations

from typing import Optional

from ...engine.run.runtime import Piece, Space, value_text
from ...engine.run.view import piece_view, zone_visible
from ..play import _SeenMove


def board_order(S) -> list:
    """The boards in the order of state.view's "boards"."""
    return list(S.boards.values()) + [b for p in S.players for b in p.boards.values()]


def zone_order(S) -> list:
    """The zones in the order of state.view's "zones"."""
    return list(S.zones.values()) + [z for p in S.players for z in p.zones.values()] + [S.supply]


class Targets:
    """Finds the key of a place for a value of a move, for one seat."""

    def __init__(self, S, seat: int):
        self.S, self.seat = S, seat
        self.boards = {id(b): i for i, b in enumerate(board_order(S))}
        self.zones = {id(z): i for i, z in enumerate(zone_order(S))}
        self.extra: dict = {}
        self.zone_views: dict = {}   # spaces a move names that the view leaves out (an area's empty places)

    def first_alike(self, zone, piece) -> int:
        """The first piece of the zone that looks the same to the seat: alike pieces are one card on the page
        (svg.zones_html), and a move that takes any of them is reached by clicking it."""
        seen = self.zone_views.get(id(zone))
        if seen is None:
            seen = self.zone_views[id(zone)] = [piece_view(p, self.seat, self.S) for p in zone.pieces]
        mine = seen[zone.pieces.index(piece)]
        return seen.index(mine)

    def key(self, value) -> Optional[str]:
        if isinstance(value, Space):
            b = self.boards.get(id(value.board))
            if b is None:
                return None
            key = f"s:{b}:{value.name}"
            if value.board.area and not value.pieces:
                self.extra[key] = (b, value.name, value.px, value.py)
            return key
        if isinstance(value, Piece):
            loc = value.loc
            if loc is None:
                return None
            if loc.is_space:
                return self.key(loc)
            z = self.zones.get(id(loc))
            if z is None or not zone_visible(loc, self.seat):
                return None
            return f"z:{z}:{self.first_alike(loc, value)}"
        return None


def _values(S, move) -> list:
    """(parameter name or None, value) of what a move names: an action's arguments (lists flattened), a
    choice's or an answer's option."""
    from ...engine.run.choices import ANSWER_PART, CHOICE
    if isinstance(move, _SeenMove):
        return [(None, move.text)]
    if move.action is CHOICE and S.pending is not None and not S.pending.joint:
        i = move.args[0]
        return [(None, S.pending.options[i])] if 0 <= i < len(S.pending.options) else []
    if move.action is ANSWER_PART and S.pending is not None:
        seat, i = move.args
        for player, options, _ in S.pending.joint:
            if player.index == seat and 0 <= i < len(options):
                return [(None, options[i])]
        return []
    params = [p.name for p in getattr(move.action, "params", None) or []]
    out: list = []
    for k, a in enumerate(move.args or ()):
        name = params[k] if k < len(params) else None
        if isinstance(a, (list, tuple)):
            out.extend((name, x) for x in a)
        else:
            out.append((name, a))
    return out


def click_steps(S, seat: int, moves: list) -> tuple:
    """([{"text", "words", "steps"}] for each move the seat may make, {key: the words of a button} for the
    values that are not places, {key: (board, name, px, py)} of the places to draw that the view leaves out).
    A move is made by its steps in order: a place is clicked, a value (`v:...`) chosen by a button."""
    targets = Targets(S, seat)
    buttons: dict = {}
    out = []
    for m in moves:
        steps: list = []
        for name, v in _values(S, m):
            k = targets.key(v)
            if k is None:
                text = v if isinstance(v, str) else value_text(v)
                k = f"v:{name or ''}:{text}" if steps else f"v:{m.action.name}:{name or ''}:{text}"
                # the first step of a move says its action: `take 1`, `face north`; the later ones their value
                buttons[k] = f"{m.action.name} {text}" if not steps and getattr(m.action, "params", None) \
                    else text
            if not steps or steps[-1] != k:
                steps.append(k)
        words = m.text if isinstance(m, _SeenMove) else (S.describe_move(m, seat) or m.text)
        out.append({"text": m.text, "words": words, "steps": steps})
    return out, buttons, targets.extra
