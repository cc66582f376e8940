"""What one seat may see of a state: the only way front ends and bots look at a game.

Private zones show to their owner alone, secret zones to nobody (their size is public), and a
face-down piece hides its hidden attributes (all of them when none are marked) from everyone but its
owner; a piece whose kind is `hidden when covered` shows nothing of itself under another piece on a board.
A private variable shows to its owner alone, a secret one to nobody (the view names them as hidden).
A view is plain JSON-able data; its shape is the TypedDicts below (docs/engine-api.md).
"""
from __future__ import annotations

from typing import Any, Optional, TypedDict

from ...grammar.types import ORTHOGONAL, BoardShape
from .library import edge
from .runtime import DIRS, Piece, RuleError, value_text
from .wrong_kind import wrong_kind_words


class _PieceBase(TypedDict):
    kind: str
    owner: Optional[str]
    up: bool
    attrs: dict[str, Any]


class PieceView(_PieceBase, total=False):
    covered: bool  # it lies under another piece and shows nothing of itself
    turns: int  # quarter turns clockwise, when turned
    sides: dict[str, Any]  # a tile's sides as they face now
    label: str  # the game's `show` text, for pieces the seat may know


class SpaceView(TypedDict):
    name: str
    x: int
    y: int
    px: int  # its place on the plane shared by all boards
    py: int
    pieces: list[PieceView]  # bottom of the stack first


class _BoardBase(TypedDict):
    name: str
    # "grid" | "area" (lists only the spaces that hold something) | "edges" | "corners" (of a grid: on the
    # plane between its spaces) | "graph" (points joined by links)
    shape: BoardShape
    width: int
    height: int
    owner: Optional[str]  # a player's own board
    spaces: list[SpaceView]


class BoardView(_BoardBase, total=False):
    of: str  # edges and corners: the name of their grid
    links: list[list[str]]  # a graph: the pairs of points that are joined, each pair once
    lines: list[list[str]]  # a graph: its straight lines (the points of each, in order)
    visible: bool  # False: a private board of another player, or a secret one (its spaces show no pieces)


class ZoneView(TypedDict):
    name: str
    owner: Optional[str]
    visible: bool
    count: Optional[int]  # None when its size is hidden from this seat (`size hidden`)
    pieces: list[PieceView]  # empty when not visible


class _PlayerBase(TypedDict):
    seat: str
    vars: dict[str, Any]  # its variables (but those the rules mark `internal`)
    status: list[str]  # the game's `status` figures for this player, in its words


class PlayerView(_PlayerBase, total=False):
    hidden: list[str]  # its variables this seat may not see (private to another, or secret)


class _ViewBase(TypedDict):
    game: str
    about: str  # the goal, in the game's words (empty when it gives none)
    seat: str
    facing: Optional[str]  # the seat's edge, when the rules read seats: draw the board from there
    to_move: str
    turn: str
    phase: Optional[str]
    over: bool
    result: Optional[str]
    reason: Optional[str]  # why the game ended, once it has
    boards: list[BoardView]
    zones: list[ZoneView]
    players: list[PlayerView]
    vars: dict[str, Any]
    choice: Optional[str]  # what this seat must choose now (mid-move), when it must


class View(_ViewBase, total=False):
    hidden_vars: list[str]  # the game's variables nobody sees (secret)
    deciders: list[str]  # at a simultaneous step (`at once`): the seats answering together
    # the game's display lines (`display:`), the same for every seat: colours, glyphs, safe pictures
    display: dict[str, Any]


def piece_view(p: Piece, seat: int, S=None) -> PieceView:
    if p.kind.covered_hidden and p.covered:
        return {"kind": p.kind.name, "owner": None, "up": False, "attrs": {}, "covered": True}
    # a face-down piece keeps no secret from its owner, who put it there
    known = p.up or (p.owner is not None and p.owner.index == seat)
    shown = p.attrs if known else p.visible_attrs()
    out: PieceView = {"kind": p.kind.name, "owner": p.owner.name if p.owner is not None else None, "up": p.up,
                      "attrs": {k: _plain(v) for k, v in shown.items()}}
    if p.turns:
        out["turns"] = p.turns
    if known and all(side in p.attrs for side in ORTHOGONAL):
        # a piece with a value on each side (a tile): the sides as they face now, after its turns
        out["sides"] = {d: _plain(edge(S, p, DIRS[d])) for d in ORTHOGONAL}
    label = S.game.shows.get(p.kind.name) if S is not None else None
    if label is not None and known:  # a label may read anything, so only what this seat may know
        try:
            out["label"] = label(S, p)
        except Exception as err:  # noqa: BLE001 - a broken label must not stop the board being drawn
            out["label"] = _failed("label", err)
    return out


def _failed(what: str, err: Exception) -> str:
    """What a label or a status that failed shows instead: why, in the rules' words, never Python's."""
    why = str(err) if isinstance(err, RuleError) else wrong_kind_words(err)
    return f"({what} failed: {why})" if why else f"({what} failed)"


def _plain(v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    return value_text(v)


def zone_visible(zone, seat: int) -> bool:
    if zone.visibility == "public":
        return True
    if zone.visibility == "private":
        return zone.owner is not None and zone.owner.index == seat
    return False


def sees(S, where, up, owner, seat: int, covered: bool = False) -> bool:
    """Does `seat` see what a piece is, lying at `where` (a space or a zone; face up or not; owned by `owner`;
    covered by another piece, when its kind hides it then)? The rules of view(): spaces and visible zones
    show their pieces (the box is not shown), and a face-down piece only its visible attributes, except to its
    owner."""
    if where is None or where is S.box or covered:
        return False
    if not zone_visible(where.board if where.is_space else where, seat):
        return False
    return up or (owner is not None and owner.index == seat)


def _statuses(S, player, seat: int) -> list[str]:
    """The game's `status` figures for `player`, as `seat` sees them. One that comes out empty (its `if`
    condition fails, or its text is empty) says nothing and is left out; one whose text or condition reads a
    variable `seat` may not see is `?` whatever it would say, even when it would be left out, so that neither
    its text nor whether it shows tells `seat` anything (see Compiler.status_reader)."""
    out = []
    readers = S.game.status_readers
    for i, figure in enumerate(S.game.statuses):
        reader = readers[i] if i < len(readers) else None
        if reader == "nobody" or (reader == "owner" and player.index != seat):
            out.append("?")
            continue
        try:
            text = figure(S, player)
            if text:
                out.append(text)
        except Exception as err:  # noqa: BLE001 - a figure that fails must not stop the board being drawn
            out.append(_failed("status", err))
    return out


def view(S, seat: int) -> View:
    boards: list[BoardView] = []
    every = list(S.boards.values()) + [b for p in S.players for b in p.boards.values()]
    for b in every:
        hidden = b.visibility != "public" and not zone_visible(b, seat)
        # a board hidden from the seat shows its shape, not what lies on it (nor where an area has grown)
        board: BoardView = {
            "name": b.name, "shape": b.shape, "width": b.width, "height": b.height,
            "owner": b.owner.name if b.owner is not None else None,
            "spaces": [{"name": s.name, "x": s.x, "y": s.y, "px": s.px, "py": s.py, "pieces": []}
                       for s in ([] if b.area else b.spaces)] if hidden else
                      [{"name": s.name, "x": s.x, "y": s.y, "px": s.px, "py": s.py,
                        "pieces": [piece_view(p, seat, S) for p in s.pieces]} for s in b.in_play()],
        }
        if hidden:
            board["visible"] = False
        if b.of is not None:
            board["of"] = b.of.name
        if b.shape == "graph":
            board["links"] = [[s.name, t.name] for s in b.spaces for t in s.links if s.index < t.index]
            board["lines"] = [[s.name for s in line] for line in b.lines]
        boards.append(board)
    zones: list[ZoneView] = []

    def add_zone(z):
        visible = zone_visible(z, seat)
        zones.append({"name": z.name, "owner": z.owner.name if z.owner is not None else None,
                      "visible": visible, "count": len(z.pieces) if visible or not z.size_hidden else None,
                      "pieces": [piece_view(p, seat, S) for p in z.pieces] if visible else []})
    for z in S.zones.values():
        add_zone(z)
    for p in S.players:
        for z in p.zones.values():
            add_zone(z)
    add_zone(S.supply)
    phase_names = [ph.name for ph in S.game.phases]
    result = S.outcome() if S.is_over() else None
    unseen = S.game.secret_vars | S.game.internal
    to_move, turn = S.told(seat)  # a move of another that reveals nothing changes nothing it is told
    out: View = {
        "game": S.game.title, "seat": S.players[seat].name,
        "facing": S.players[seat].facing if S.game.seated else None,
        "to_move": S.players[to_move].name, "turn": S.players[turn].name,
        "phase": phase_names[S.phase] if S.phase is not None else None,
        "over": result is not None, "result": result.text if result is not None else None,
        "reason": result.reason if result is not None else None, "about": S.game.about,
        "boards": boards, "zones": zones,
        "players": [player_view(S, p, seat) for p in S.players],
        "vars": {k: _plain(v) for k, v in S.vars.items() if k not in unseen},
        "choice": S.prompt_for(seat),
    }
    if S.simultaneous:  # who decides now, never what any of them answered (the state holds no answer yet)
        out["deciders"] = [S.players[i].name for i in S.deciders]
    if S.game.display:  # how the game asks to be drawn: nothing of the state, so nothing to hide
        out["display"] = S.game.display
    if S.game.secret_vars - S.game.internal:
        out["hidden_vars"] = sorted(S.game.secret_vars - S.game.internal)
    return out


def player_view(S, p, seat: int) -> PlayerView:
    """A player's variables as `seat` sees them: another's private ones, and secret ones, are left out (and
    named as hidden); `internal` ones are not shown at all."""
    unseen = S.game.secret_player_vars if p.index == seat else S.game.unseen_player_vars
    internal = S.game.internal
    out: PlayerView = {"seat": p.name,
                       "vars": {k: _plain(v) for k, v in p.vars.items() if k not in unseen and k not in internal},
                       "status": _statuses(S, p, seat)}
    unseen = unseen - internal
    if unseen:
        out["hidden"] = sorted(unseen)
    return out


def var_visible(S, slot, seat: int) -> bool:
    """Does `seat` see the variable of a slot ("var", owner seat or None, name)?"""
    _, owner, name = slot
    if owner is None:
        return name not in S.game.secret_vars
    return name not in (S.game.secret_player_vars if owner == seat else S.game.unseen_player_vars)
