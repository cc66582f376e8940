"""Arranging positions by hand, for tests and worked examples of any game.

Changes made here are not moves: `settle` makes the arranged position the floor of undo.
"""
from __future__ import annotations

import json


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
                 None if state.declared_end is None else (state.declared_end[0], repr(state.declared_end[1]))),
        "pending": None if state.pending is None else (state.pending.prompt, len(state.pending.options)),
        "rng": state.rng.getstate(),
        "log": list(state.log),
        "history": state.history,
    }


def scramble_unseen(state, seat):
    """Change every attribute value `seat` may not know, in place: all of a piece's in a place the seat
    cannot look at (another's hand, a secret zone, the box), the hidden ones of a face-down piece it does
    not own, all of a covered one's; and every variable it cannot see that the rules gave a value (another's
    private ones, secret ones); where the stacks lie on a board it cannot see (but those holding a piece of
    its own, which it put there: see knowledge.py), each moved one space on among the others; and how many
    pieces each zone of hidden size it cannot look into holds (the bottom piece of the first that has any
    moved to another). A view, or a bot, that changes after this has read what its seat cannot see. Returns how many
    things were changed."""
    from ..run.knowledge import containers
    from ..run.view import sees, var_visible, zone_visible
    changed = 0
    me = state.players[seat]
    for board in [*state.boards.values(), *(b for p in state.players for b in p.boards.values())]:
        if board.visibility == "public" or board.area or zone_visible(board, seat):
            continue
        spaces = [sp for sp in board.spaces if not any(p.owner is me for p in sp.pieces)]
        stacks = [sp.pieces for sp in spaces]
        if len(spaces) > 1 and any(stacks) and not all(stacks):
            state.assume_places(list(zip(spaces, stacks[-1:] + stacks[:-1])))
            changed += 1
    uncounted = [z for z in containers(state) if not z.is_space and z.size_hidden and not zone_visible(z, seat)]
    full = next((z for z in uncounted if z.pieces), None)
    room = next((z for z in uncounted if z is not full and (z.capacity is None or len(z.pieces) < z.capacity)), None)
    if full is not None and room is not None:
        # (its bottom piece to the other's bottom: a move taken back later takes the top ones, as it should)
        state.assume_places([(full, full.pieces[1:]), (room, full.pieces[:1] + room.pieces)])
        changed += 1
    for slot in {w.slot for w in state.writes if w.slot[0] == "var" and not var_visible(state, w.slot, seat)}:
        where = state.vars if slot[1] is None else state.players[slot[1]].vars
        where[slot[2]] = _scrambled(where[slot[2]])
        changed += 1
    for place in containers(state):
        for piece in place.pieces:
            if sees(state, place, piece.up, piece.owner, seat, piece.covered):
                continue
            if sees(state, place, True, None, seat) and piece.kind.hidden and not piece.covered:
                names = [n for n in piece.attrs if n in piece.kind.hidden]   # face down: it shows the rest
            else:
                names = list(piece.attrs)
            for n in names:
                piece.attrs[n] = _scrambled(piece.attrs[n])
                changed += 1
            piece.named = piece.kept = None
    return changed


def _scrambled(v):
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + 7
    return None if v is None else f"{v}~"


def twin(state, seat, rng):
    """The same game played again with the same moves, but with draws made straight into places `seat` cannot
    see (`other.die = random(1..6)`) forced to other outcomes, at random, as many as can be while `seat` still
    cannot tell the two games apart (its view and its history the same after every move: a draw revealed
    later keeps its outcome). None when no draw can be changed so. A search that decides differently in the
    twin has read what its seat cannot see."""
    from ..run.state import State
    from ..run.view import sees, var_visible

    def hidden(event):
        if event.into is None or len(event.options) < 2:
            return False
        if event.into[0] == "var":
            return not var_visible(state, event.into, seat)
        # where the piece lay then: the Write that the pick made says
        w = next((w for w in state.writes if w.label == event.label), None)
        return w is not None and not sees(state, w.where, w.up, w.owner, seat, w.covered)

    def seen(game):
        """What `seat` saw after the start and after each move."""
        out = [(json.dumps(game.view(seat), sort_keys=True), ())]
        work = State(state.game, seed=state.seed, players=state.num_players, options=tuple(state.options),
                     inputs=state.inputs, chance=game.setup_drawn)
        for move, drawn in zip(game.played, game.drawn):
            work.apply(work.parse_move(move.text), chance=drawn)
            out.append((json.dumps(work.view(seat), sort_keys=True), tuple(work.history_for(seat))))
        return out

    def play(changes):
        """The game with the draws in `changes` ({(step, draw): outcome}; step -1 is the start) forced."""
        def steps(k, drawn):
            return tuple(changes.get((k, i), x) for i, x in enumerate(drawn))
        other = State(state.game, seed=state.seed, players=state.num_players, options=tuple(state.options),
                      inputs=state.inputs, chance=steps(-1, state.setup_drawn))
        for k, (move, drawn) in enumerate(zip(state.played, state.drawn)):
            other.apply(other.parse_move(move.text), chance=steps(k, drawn))
        return other

    candidates = [(k, i, len(e.options)) for e in state.chance if hidden(e) for k, i in _draw_place(state, e)]
    truth = seen(state)
    changes: dict = {}
    for k, i, n in candidates:
        real = state.setup_drawn[i] if k < 0 else state.drawn[k][i]
        attempt = dict(changes)
        attempt[(k, i)] = rng.choice([x for x in range(n) if x != real])
        if seen(play(attempt)) == truth:
            changes = attempt
    return play(changes) if changes else None


def _draw_place(state, event):
    """Where a chance event's first draw was made: [(the step, -1 for the start, the draw's number in it)]."""
    marks = [(-1, -1, 0, len(state.setup_drawn))]
    marks += [(k, mark, start, len(drawn)) for k, ((mark, start), drawn) in
              enumerate(zip(state.step_starts, state.drawn))]
    return [(k, event.draws[0] - start) for k, mark, start, n in marks
            if mark == event.label[0] and start <= event.draws[0] < start + n]
