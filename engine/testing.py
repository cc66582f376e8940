"""Arranging positions by hand, for tests and worked examples of any game.

Changes made here are not moves: `settle` makes the arranged position the floor of undo.
"""
from __future__ import annotations


def clear_boards(state):
    """Every piece on a board goes to the supply."""
    for s in state.spaces:
        for p in list(s.pieces):
            state.move_piece(p, state.supply, None)


def take(state, kind, owner=None, **attrs):
    """A piece of `kind` (with these attribute values and owner) that is not on a board."""
    owner_p = state.players[owner] if isinstance(owner, int) else owner
    for p in state.kind_pieces[kind]:
        if p.loc is not None and p.loc.is_space:
            continue
        if owner is not None and p.owner is not owner_p:
            continue
        if all(p.attrs.get(k) == v for k, v in attrs.items()):
            return p
    raise LookupError(f"no free {kind} with {attrs} owned by {owner}")


def put(state, space_name, kind, up=True, owner=None, **attrs):
    """Put a free piece on top of a space; returns it."""
    p = take(state, kind, owner, **attrs)
    state.move_piece(p, state.space_by_name[space_name], None)
    p.up = up
    return p


def set_turn(state, seat, phase=None):
    state.turn_player = state.players[seat]
    if phase is not None:
        state.phase = [ph.name for ph in state.game.phases].index(phase)


def settle(state):
    """Make the arranged position the start: nothing before it can be undone."""
    state.settle()


def snapshot(state):
    """Everything a state is, as plain data: for tests that undo restores it exactly."""
    def piece(p):
        return (p.id, p.kind.name, tuple(sorted((k, str(v)) for k, v in p.attrs.items())),
                p.owner.index if p.owner is not None else None, p.up)
    return {
        "spaces": [[piece(p) for p in s.pieces] for s in state.spaces],
        "zones": {repr(z): [piece(p) for p in z.pieces] for z in
                  [*state.zones.values(), state.supply, state.box,
                   *[z for pl in state.players for z in pl.zones.values()]]},
        "vars": sorted((k, str(v)) for k, v in state.vars.items()),
        "player_vars": [sorted((k, str(v)) for k, v in pl.vars.items()) for pl in state.players],
        "turn": (state.turn, state.turn_player.index, state.phase, state.over, state.result,
                 None if state._ending is None else (state._ending[0], repr(state._ending[1]))),
        "pending": None if state.pending is None else (state.pending.prompt, len(state.pending.options)),
        "rng": state.rng.getstate(),
        "log": list(state.log),
        "history": state.history,
    }


def scramble_unseen(state, seat):
    """Change every attribute value `seat` may not know, in place: all of a piece's in a place the seat
    cannot look at (another's hand, a secret zone, the box), the hidden ones of a face-down piece it does
    not own. A view, or a bot, that changes after this has read what its seat cannot see. Returns how many
    values were changed."""
    from .knowledge import containers
    from .view import sees
    changed = 0
    for place in containers(state):
        for piece in place.pieces:
            if sees(state, place, piece.up, piece.owner, seat):
                continue
            if sees(state, place, True, None, seat) and piece.kind.hidden:
                names = [n for n in piece.attrs if n in piece.kind.hidden]   # face down: it shows the rest
            else:
                names = list(piece.attrs)
            for n in names:
                v = piece.attrs[n]
                piece.attrs[n] = (not v) if isinstance(v, bool) else (v + 7 if isinstance(v, int) else f"{v}~")
                changed += 1
    return changed
