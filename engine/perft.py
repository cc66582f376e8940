"""Standard perft: how many move sequences of exactly d moves there are from a state.

A game with chance says what it counts: `chance="sample"` follows the draws the seed gives (one outcome of
each chance point, as a game played with that seed would meet it), `chance="expand"` counts every outcome of
every chance point as a branch of its own (each move is counted once per outcome of its draws).
"""
from __future__ import annotations

from typing import Optional

from .chance import outcomes, setup_outcomes

CHANCE_MODES = ("sample", "expand")


class Perft:
    """The counts of one perft, and whether it met chance on the way."""

    def __init__(self, depth: int):
        self.counts = [0] * depth
        self.met_chance = False


def perft(state, depth: int, chance: str = "sample", result: Optional[Perft] = None) -> list:
    """counts[d-1] for d = 1..depth; a state that is over before depth d contributes nothing."""
    if chance not in CHANCE_MODES:
        raise ValueError(f"chance is counted as {' or '.join(CHANCE_MODES)}, not {chance!r}")
    result = result if result is not None else Perft(depth)
    counts = result.counts

    def walk(d):
        moves = state.legal_moves()
        last = d + 1 == depth
        if chance == "sample":
            counts[d] += len(moves)
            if last:
                return
            for m in moves:
                state.apply(m)
                if getattr(state, "last_draws", None):
                    result.met_chance = True
                walk(d + 1)
                state.undo()
            return
        for m in moves:
            found = outcomes(state, m)
            counts[d] += len(found)
            if len(found) > 1 or found[0][1]:
                result.met_chance = True
            if last:
                continue
            for _, steps in found:
                state.apply(m, chance=steps)
                walk(d + 1)
                state.undo()

    if depth > 0:
        walk(0)
    if getattr(state, "setup_draws", None):
        result.met_chance = True
    return counts


def perft_from(state, first: int, depth: int, chance: str, result: Perft) -> None:
    """Add to `result` the sequences of 1..depth moves from `state` that begin with its legal move number
    `first` (once per outcome of its draws, with `expand`): a part of perft(state, depth), as --jobs splits
    it. The state is left as it was."""
    move = state.legal_moves()[first]
    found = outcomes(state, move) if chance == "expand" else [(1, None)]
    result.counts[0] += len(found)
    if chance == "expand" and (len(found) > 1 or found[0][1]):
        result.met_chance = True
    if depth == 1:
        return
    for _, steps in found:
        state.apply(move, chance=steps)
        if state.last_draws:
            result.met_chance = True
        below = Perft(depth - 1)
        perft(state, depth - 1, chance, below)
        for d, c in enumerate(below.counts, 1):
            result.counts[d] += c
        result.met_chance = result.met_chance or below.met_chance
        state.undo()


def starts(game, chance: str = "sample", players=None, options=()) -> list:
    """The draws that start each game perft counts from: the seed's own (None), or (`expand`) those of every
    outcome of the start's chance (a shuffled deck, `first random`)."""
    if chance == "sample":
        return [None]
    return [steps for _, steps in setup_outcomes(game, players=players, options=options)]


def perft_game(game, depth: int, chance: str = "sample", seed=0, players=None, options=()) -> Perft:
    """perft from the start of a game: from the seed's start, or (`expand`) from every outcome of the
    start's chance, summed."""
    result = Perft(depth)
    for setup in starts(game, chance, players, options):
        perft(game.new_state(seed=seed, players=players, options=options, chance=setup), depth, chance, result)
    return result
