"""Standard perft: how many move sequences of exactly d moves there are from a state."""
from __future__ import annotations


def perft(state, depth: int) -> list:
    """counts[d-1] for d = 1..depth; a state that is over before depth d contributes nothing."""
    counts = [0] * depth

    def walk(d):
        moves = state.legal_moves()
        counts[d] += len(moves)
        if d + 1 == depth:
            return
        for m in moves:
            state.apply(m)
            walk(d + 1)
            state.undo()
    if depth > 0:
        walk(0)
    return counts
