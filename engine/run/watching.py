"""`ensure`s answered from the position before the move: the run-time half of a cheap `ensure`.

To list the legal moves of an action with `ensure`s, each move's effect is tried and taken back (State.unmet).
An `ensure` whose condition reads only what lies on places (engine/build/kept_ensure.py says which) is worked
out once on the position before the moves, with the places whose pieces it read and the kinds whose pieces it
listed noted (`note_position`); then a move tried whose journal touches none of them, and changes nothing else
the condition could read, takes that answer (`known`) instead of reading the condition again on the position
it leaves. Any other move reads it as before: the moves listed are the same, only how often the same answer is
worked out changes (tests/engine/test_watched_ensure.py lists them both ways).

The reads are noted by giving the places, while the condition is read once, a class whose `pieces` notes the
place that is read (the same slots: nothing else about them changes), and the state a dict of the kinds' pieces
that notes the kinds asked for. A growing board (an area) gains spaces as pieces come: a game with one is
never answered early.
"""
from __future__ import annotations

import threading

from .journal import ADDED, CREATE, EMPTIED, ITEM, ITEM_HEAVY, MOVE, PIECE_VALUE
from .runtime import Space, Zone

# what a watched condition may read of a piece or a space (a move that sets a printed attribute of one of these
# names makes the condition be read again)
WATCHED_ATTRS = frozenset({"kind", "owner", "space", "x", "y"})

# while a condition is worked out on the position before the moves (in this thread): the places it read
# (`read`), and the kinds whose pieces it asked for (`kinds`; None among them: all of them)
NOTING = threading.local()
_SPACE_PIECES = Space.__dict__["pieces"]  # the slot itself
_ZONE_PIECES = Zone.__dict__["pieces"]


class _WatchedSpace(Space):
    """A space whose pieces are read while a condition is noted (the class is put back after)."""
    __slots__ = ()

    @property
    def pieces(self):
        NOTING.read.add(self)
        return _SPACE_PIECES.__get__(self)

    @pieces.setter
    def pieces(self, value):
        _SPACE_PIECES.__set__(self, value)


class _WatchedZone(Zone):
    __slots__ = ()

    @property
    def pieces(self):
        NOTING.read.add(self)
        return _ZONE_PIECES.__get__(self)

    @pieces.setter
    def pieces(self, value):
        _ZONE_PIECES.__set__(self, value)


class _WatchedKinds(dict):
    """The pieces of each kind, noting the kinds asked for."""

    def __getitem__(self, kind):
        NOTING.kinds.add(kind)
        return dict.__getitem__(self, kind)

    def get(self, kind, default=None):
        NOTING.kinds.add(kind)
        return dict.get(self, kind, default)

    def _all(self):
        NOTING.kinds.add(None)

    def values(self):
        self._all()
        return dict.values(self)

    def items(self):
        self._all()
        return dict.items(self)

    def keys(self):
        self._all()
        return dict.keys(self)

    def __iter__(self):
        self._all()
        return dict.__iter__(self)


def _places(S) -> list | None:
    """Every place of the game (None when a board grows: its spaces are not all there yet)."""
    boards = [*S.boards.values(), *(b for p in S.players for b in p.boards.values())]
    if any(b.area for b in boards):
        return None
    spaces = {id(s): s for b in boards for s in b.spaces}
    spaces.update((id(s), s) for s in S.spaces)
    zones = [S.supply, S.box, *S.zones.values(), *(z for p in S.players for z in p.zones.values())]
    return [*spaces.values(), *zones]


def note_position(S, watched) -> None:
    """Before a move is tried (the position before it): work out the watched conditions of its action that
    are not worked out for this position yet, with what they read."""
    # (whose turn it is belongs to the position: `can_move(P)` lists P's moves as if it were P's turn, in the
    # same position of the journal)
    at = (len(S._journal), S._version, S.turn_player)
    S._trial = at
    if S._watch_at != at:
        S._watch_at, S._watched = at, {}
    for key, fn in watched:
        if key not in S._watched:
            S._watched[key] = _noted(S, fn)


def _noted(S, fn):
    """(the condition's answer, the places it read, the kinds it listed), or None: it cannot be answered early."""
    places = S._watch_places
    if places is None:
        places = S._watch_places = _places(S) or ()
    if not places:
        return None
    kinds = S.kind_pieces
    read: set = set()
    asked: set = set()
    NOTING.read, NOTING.kinds = read, asked
    S._listed_at = ()  # (`KIND of P` kept by a listing would be read without asking for the kind's pieces)
    try:
        for p in places:
            p.__class__ = _WatchedSpace if p.is_space else _WatchedZone
        S.kind_pieces = _WatchedKinds(kinds)
        try:
            answer = bool(fn(S, []))
        except Exception:  # noqa: BLE001 - read again on each move, where the error is met as before
            return None
        # (what is noted now: a walk that `any`/`all` met a witness in keeps only its chain, witness.py)
        read = NOTING.read
        if hasattr(read, "noted"):  # (a walk's witness: its chain, read now, on the same position)
            read = read.noted()
    finally:
        for p in places:
            p.__class__ = Space if p.is_space else Zone
        S.kind_pieces = kinds
        S._listed_at = ()
        NOTING.read = NOTING.kinds = None  # (no condition is noted: walks are walked as they are)
    return answer, frozenset(read), None if None in asked else frozenset(asked)


def known(S, key):
    """In a move being tried: the watched condition's answer when the move changed nothing it reads (it is the
    answer on the position before the move), else None: read it again."""
    trial = S._trial
    if trial is None or S._watch_at != trial or S.turn_player is not trial[2]:
        return None
    noted = S._watched.get(key)
    if noted is None:
        return None
    answer, places, kinds = noted
    if kinds is None or not untouched(S, S._journal[trial[0]:], places, kinds):
        return None
    return answer


def untouched(S, changes, places, kinds) -> bool:
    """Do these changes of the journal leave alone the places and kinds a condition read, and whatever else
    it could read?"""
    for op in changes:
        code = op[0]
        if code == MOVE:
            p = op[1]
            if op[2] in places or p.loc in places or p.kind.name in kinds:
                return False
        elif code == CREATE:
            p = op[1]
            if p.loc in places or p.kind.name in kinds:
                return False
        elif code == EMPTIED:
            if op[1] in places or op[3] in places or any(p.kind.name in kinds for p in op[2]):
                return False
        elif code == ITEM or code == ITEM_HEAVY:
            d = op[1]
            if d is not S.vars and not any(d is p.vars for p in S.players):
                return False
        elif code == PIECE_VALUE:
            if op[2] in WATCHED_ATTRS:
                return False
        elif code != ADDED:  # (the turn passed, an owner or a face changed, a zone reordered, a draw...)
            return False
    return True
