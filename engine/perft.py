"""Standard perft: how many move sequences of exactly d moves there are from a state; for authors, the count
of each first move (`divide`) and the games that end at each depth, by result (`terminals`)."""
from __future__ import annotations

from typing import Optional


def perft(state, depth: int, terminals: Optional[list] = None) -> list:
    """counts[d-1] for d = 1..depth; a state that is over before depth d contributes nothing. Given a list,
    `terminals` gets one dict per depth: the games that ended with the move at that depth, by result (see
    `tally`); the last depth's moves are then played too, which takes longer."""
    counts = [0] * depth
    if terminals is not None:
        terminals[:] = [new_tally() for _ in range(depth)]

    def walk(d):
        moves = state.legal_moves()
        counts[d] += len(moves)
        if d + 1 == depth and terminals is None:
            return
        for m in moves:
            state.apply(m)
            if state.is_over():
                if terminals is not None:
                    tally(terminals[d], state)
            elif d + 1 < depth:
                walk(d + 1)
            state.undo()
    if depth > 0:
        walk(0)
    return counts


def divide(state, depth: int) -> list:
    """[(first move's text, the number of sequences of `depth` moves that start with it)], in the order of the
    legal moves: a perft split by its first move, to find where two move generators part."""
    out = []
    for m in list(state.legal_moves()):
        text = m.text
        state.apply(m)
        if depth == 1:
            n = 1
        elif state.is_over():
            n = 0
        else:
            n = perft(state, depth - 1)[-1]
        state.undo()
        out.append((text, n))
    return out


def new_tally() -> dict:
    return {"ended": 0, "wins": {}, "shared": 0, "draws": 0}


def tally(t: dict, state) -> None:
    """Count a finished game: a sole win by seat name, a shared win, or a draw."""
    out = state.outcome()
    t["ended"] += 1
    if out.draw:
        t["draws"] += 1
    elif len(out.winners) == 1:
        name = state.seat_name(out.winners[0])
        t["wins"][name] = t["wins"].get(name, 0) + 1
    else:
        t["shared"] += 1
