"""Perft: how many move sequences of each length the game allows from a state."""
from __future__ import annotations


def perft(state, depth: int) -> list:
    """counts[d-1] = the number of legal move sequences of exactly d moves, for d = 1..depth.

    A state where the game is over has no legal moves, so a sequence that ends the game
    early adds nothing to the deeper counts.  Walks the tree with apply/undo; at the last
    level it only counts the legal moves.
    """
    if depth < 1:
        return []
    counts = [0] * depth

    def walk(level: int) -> None:
        moves = state.legal_moves()
        counts[level] += len(moves)
        if level + 1 >= depth:
            return
        for move in moves:
            state.apply(move)
            try:
                walk(level + 1)
            finally:
                state.undo()

    walk(0)
    return counts
