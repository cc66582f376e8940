"""Positions for repetition rules: a key for the whole state as the rules see it, and the count of each
position met at the start of a turn (the `repetitions` builtin).

A position is every board's pieces (as stacks, bottom first), every zone's pieces in order, every variable,
the phase and whose turn it is. Pieces are taken by what they are (kind, owner, face, turns, attributes),
not by which piece they are, so two identical pieces that change places leave the position as it was.
Only a game whose rules read `repetitions` keeps the counts: the others pay nothing.
"""
from __future__ import annotations


def _frozen(value, S):
    """A value as a key; each item of a list (at every depth) is a step of the move's budget: a variable may
    hold the same long list many times, whose key would have no end."""
    if isinstance(value, (list, tuple)):
        S.spend(len(value), None)
        return tuple(_frozen(v, S) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v, S)) for k, v in value.items()))
    index = getattr(value, "index", None)
    if index is not None and not callable(index):  # a player
        return ("player", index)
    name = getattr(value, "name", None)
    if getattr(value, "is_space", False):
        return ("space", name)
    if getattr(value, "kind", None) is not None and hasattr(value, "attrs"):  # a piece held in a variable
        return ("piece", value.id)
    return value


def _piece(p, S) -> tuple:
    return (p.kind.name, p.owner.index if p.owner is not None else None, p.up, p.turns,
            tuple(sorted((k, _frozen(v, S)) for k, v in p.attrs.items())))


def position_key(S) -> tuple:
    boards = list(S.boards.values()) + [b for pl in S.players for b in pl.boards.values()]
    spaces = tuple((b.name, b.owner.index if b.owner is not None else None, sp.name,
                    tuple(_piece(p, S) for p in sp.pieces))
                   for b in boards for sp in b.in_play() if sp.pieces)
    zones = tuple((name, tuple(_piece(p, S) for p in z.pieces)) for name, z in sorted(S.zones.items())) + tuple(
        (pl.index, name, tuple(_piece(p, S) for p in z.pieces)) for pl in S.players
        for name, z in sorted(pl.zones.items()))
    variables = (_frozen(S.vars, S), tuple(_frozen(pl.vars, S) for pl in S.players))
    return (S.phase, S.turn_player.index, spaces, zones, variables)


def record(S) -> None:
    """Count the position as it is now, at the start of a turn (undo takes the count back)."""
    key = position_key(S)
    S.set_var(S.positions, key, S.positions.get(key, 0) + 1)


def repetitions(S) -> int:
    """How many times the position as it is now has been met at the start of a turn (this one included,
    when it is now the start of a turn)."""
    return S.positions.get(position_key(S), 0) if S.positions is not None else 0
