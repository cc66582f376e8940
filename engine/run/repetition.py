"""Positions for repetition rules: a key for the whole state as the rules see it, and the count of each
position met at the start of a turn (the `repetitions` builtin).

A position is every board's pieces (as stacks, bottom first), every zone's pieces in order, every variable,
the phase and whose turn it is. Pieces are taken by what they are (kind, owner, face, turns, attributes),
not by which piece they are, so two identical pieces that change places leave the position as it was.
`repetitions(PART)` counts a part of the position alone: the pieces of some spaces or zones (Go's positional
superko compares the stones, not whose turn it is). Only a game whose rules read `repetitions` keeps the
counts: the others pay nothing.
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


def part_key(S, value) -> tuple:
    """The key of a part of the position: the pieces of some spaces (a board, a list of spaces) or zones (a zone,
    a list of zones), as `repetitions(PART)` compares them."""
    from .runtime import RuleError, Space, Zone
    items = value if isinstance(value, (list, tuple)) else [value]
    S.spend(len(items), None)
    out: list[tuple] = []
    for x in items:
        if isinstance(x, Space):
            if x.pieces:
                b = x.board
                out.append((b.name, b.owner.index if b.owner is not None else None, x.name,
                            tuple(_piece(p, S) for p in x.pieces)))
        elif isinstance(x, Zone):
            out.append((x.name, x.owner.index if x.owner is not None else None, tuple(_piece(p, S) for p in x.pieces)))
        else:
            raise RuleError("`repetitions` compares the pieces of spaces and zones (a board, a zone, a list of "
                            "them), not other values")
    return tuple(out)


def record(S) -> None:
    """Count the position as it is now, at the start of a turn (undo takes the count back): the whole position
    when the rules read `repetitions`, and each part they compare with `repetitions(PART)`."""
    keys = [position_key(S)] if S.game.tracks_positions else []
    keys += [("part", i, part_key(S, part(S))) for i, part in enumerate(S.game.compared_parts)]
    for key in keys:
        S.set_var(S.positions, key, S.positions.get(key, 0) + 1)


def part_repetitions(S, index: int, value) -> int:
    """`repetitions(PART)`: how many times the part as it is now has been met at the start of a turn."""
    return S.positions.get(("part", index, part_key(S, value)), 0) if S.positions is not None else 0


def repetitions(S) -> int:
    """How many times the position as it is now has been met at the start of a turn (this one included,
    when it is now the start of a turn)."""
    return S.positions.get(position_key(S), 0) if S.positions is not None else 0
