"""What a search imagines it cannot see, given to the copy of a state it works on: other identities for pieces,
other places, other values of what is hidden (see knowledge.py). Not journalled: a copy is thrown away. The
functions taking `S` are State's methods (assigned in its class body)."""
from __future__ import annotations


def assume(S, identities):
    """Give pieces other attribute values, [(piece, attrs)], as a search imagines what it cannot see (their
    mutable attributes keep their values: they belong to where the piece is, not to which piece it is).
    Not journalled: for a copy that a search works on."""
    for piece, values in identities:
        mutable = piece.kind.mutable
        piece.attrs = {**values, **{k: piece.attrs[k] for k in mutable if k in piece.attrs}} if mutable \
            else values
        piece.kept = None
    S.forget_listings()
    S._version += 1


def assume_places(S, places, left_out=()):
    """Put pieces in other places, [(place, its pieces bottom first)], every place named holding just those
    (the pieces `left_out` nowhere), as a search imagines what it cannot see (where the others' marks lie
    on a board it may not look at). Not journalled: for a copy that a search works on."""
    for place, _ in places:
        place.pieces = []
        if place.in_area:
            place.board.occupied = None
    for p in left_out:
        p.loc = None
    for place, pieces in places:
        place.pieces = list(pieces)
        for p in pieces:
            p.loc = place
    S.forget_listings()
    S._version += 1


def assume_values(S, values):
    """Give places some players cannot see other values, [(slot, value)] (runtime.Write's slots), as a
    search imagines them. Not journalled: for a copy that a search works on."""
    for (what, owner, name), value in values:
        if what == "attr":
            owner.attrs[name] = value
            owner.named = owner.kept = None
        elif owner is None:
            S.vars[name] = value
        else:
            S.players[owner].vars[name] = value
    S.forget_listings()
    S._version += 1
