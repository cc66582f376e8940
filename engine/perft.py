"""Standard perft: how many move sequences of exactly d moves there are from a state; for authors, the count
of each first move (`divide`) and the games that end at each depth, by result (`terminals`).

A perft can be split by its first move (`branch`: one first move and what follows it), the branches worked out
anywhere (engine/parallel.py sends them to other processes) and put back together in the order of the first
moves (`join`): the counts, the terminals and the divide are then exactly those of one walk.
"""
from __future__ import annotations

from typing import Optional

import attrs


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
            if terminals is not None and state.is_over():
                tally(terminals[d], state)
            elif d + 1 < depth:  # (a game that is over has no legal moves: nothing under it)
                walk(d + 1)
            state.undo()
    if depth > 0:
        walk(0)
    return counts


@attrs.define
class Branch:
    """One first move and the perft under it."""
    text: str  # the first move, in players' words
    counts: list  # the sequences of 1 .. depth-1 moves after it
    terminals: Optional[list] = None  # when asked: the games that end with it (first), then d moves after it


@attrs.define
class PerftReport:
    counts: list  # counts[d-1]: the sequences of d moves
    divide: list  # [(first move's text, the sequences of `depth` moves that start with it)]
    terminals: Optional[list] = None  # terminals[d-1]: the games that end with the move at depth d, by result


def branch(state, move, depth: int, terminals: bool = False) -> Branch:
    """Play `move` (one of the state's legal moves), count the sequences of up to depth-1 moves after it, and
    take it back."""
    text = move.text
    state.apply(move)
    try:
        after: Optional[list] = [] if terminals else None
        counts = perft(state, depth - 1, after)
        if after is not None:
            ended = new_tally()
            if state.is_over():
                tally(ended, state)
            after.insert(0, ended)
    finally:
        state.undo()
    return Branch(text, counts, after)


def join(first_moves: int, branches: list, depth: int, terminals: bool = False) -> PerftReport:
    """The report of a perft from the branches of its first moves, in the order of the moves."""
    counts = [first_moves] + [0] * (depth - 1)
    for b in branches:
        for d, c in enumerate(b.counts, 1):
            counts[d] += c
    ends = None
    if terminals:
        ends = [new_tally() for _ in range(depth)]
        for b in branches:
            for mine, theirs in zip(ends, b.terminals):
                merge_tally(mine, theirs)
    return PerftReport(counts, [(b.text, b.counts[-1] if depth > 1 else 1) for b in branches], ends)


def perft_report(state, depth: int, terminals: bool = False) -> PerftReport:
    """perft split by first move, in this process: the counts, the divide, and the terminals when asked."""
    moves = list(state.legal_moves())
    return join(len(moves), [branch(state, m, depth, terminals) for m in moves], depth, terminals)


def divide(state, depth: int) -> list:
    """[(first move's text, the number of sequences of `depth` moves that start with it)], in the order of the
    legal moves: a perft split by its first move, to find where two move generators part."""
    return perft_report(state, depth).divide


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


def merge_tally(t: dict, other: dict) -> None:
    """Add the games of `other` to `t` (the seats' wins in the order they first ended a game)."""
    for key in ("ended", "shared", "draws"):
        t[key] += other[key]
    for name, n in other["wins"].items():
        t["wins"][name] = t["wins"].get(name, 0) + n
