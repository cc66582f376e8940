"""Standard perft: how many move sequences of exactly d moves there are from a state; for authors, the count
of each first move (`divide`) and the games that end at each depth, by result (`terminals`).

A game with chance says what it counts: `chance="sample"` follows the draws the seed gives (one outcome of
each chance point, as a game played with that seed would meet it), `chance="expand"` counts every outcome of
every chance point as a branch of its own (each move is counted once per outcome of its draws, and a game that
ends is tallied once per outcome too); from a game's start, `expand` also sums over every outcome of the start's
chance (`perft_game`). A report says whether the walk met chance at all (`met_chance`).

A perft can be split by its first move (`branch`: one first move, with every outcome of its draws under
`expand`, and what follows it), the branches worked out anywhere (engine/analysis/parallel.py sends them to other
processes) and put back together in the order of the starts and their first moves (`join`): the counts, the
terminals and the divide are then exactly those of one walk.

A perft's work is bounded (engine/analysis/work_bound.py: MAX_ANALYSIS_WORK, or `limit`): past it, it stops with
TooMuchWork, however it is split. A branch worked out on its own counts its own work and stops past the bound
(`Branch.work` is then over it); `join` refuses branches whose work adds up to more than the bound. Counts under
the bound are the same as without one.
"""
from __future__ import annotations

from typing import Literal, Optional, Union

import attrs

from ..run.chance import outcomes, setup_outcomes
from .work_bound import TooMuchWork, Work

CHANCE_MODES = ("sample", "expand")


def check_chance(chance: str) -> None:
    if chance not in CHANCE_MODES:
        raise ValueError(f"chance is counted as {' or '.join(CHANCE_MODES)}, not {chance!r}")


def perft(state, depth: int, terminals: Optional[list] = None, chance: str = "sample",
          limit: Optional[int] = None) -> list:
    """counts[d-1] for d = 1..depth; a state that is over before depth d contributes nothing. Given a list,
    `terminals` gets one dict per depth: the games that ended with the move at that depth, by result (see
    `tally`); the last depth's moves are then played too, which takes longer. The state is left as it was.
    TooMuchWork past `limit` (MAX_ANALYSIS_WORK) of work."""
    return _walk(state, depth, terminals, chance, Work(limit))[0]


def _walk(state, depth: int, terminals: Optional[list], chance: str, work: Work,
          play_last: bool = True) -> tuple[list, bool]:
    """perft's counts, and whether they (or the terminals) depend on chance: a draw made by a move whose
    consequences are counted, a move with several outcomes (`expand`), or a start that drew. Without
    `play_last`, the terminals are tallied only where the moves are played anyway (not the last depth's: the
    same work as counting without them)."""
    check_chance(chance)
    counts = [0] * depth
    met = bool(getattr(state, "setup_draws", None))
    if terminals is not None:
        terminals[:] = [new_tally() for _ in range(depth)]

    def walk(d):
        nonlocal met
        moves = state.legal_moves()
        work.count(state, listed=len(moves))
        last = d + 1 == depth
        if chance == "sample":
            counts[d] += len(moves)
            if last and (terminals is None or not play_last):
                return
            for m in moves:
                state.apply(m)
                try:
                    work.count(state)
                    met = met or bool(getattr(state, "last_draws", None))
                    if terminals is not None and state.is_over():
                        tally(terminals[d], state)
                    if not last:  # (a game that is over has no legal moves: nothing under it, but its listing)
                        walk(d + 1)
                finally:  # (a walk stopped past its bound leaves the state as it was too)
                    state.undo()
            return
        for m in moves:
            found = outcomes(state, m)
            work.count(state, len(found))  # (each outcome is found by playing the move)
            counts[d] += len(found)
            met = met or len(found) > 1 or bool(found[0][1])
            if last and (terminals is None or not play_last):
                continue
            for _, steps in found:
                state.apply(m, chance=steps)
                try:
                    work.count(state)
                    if terminals is not None and state.is_over():
                        tally(terminals[d], state)
                    if not last:
                        walk(d + 1)
                finally:
                    state.undo()

    if depth > 0:
        walk(0)
    return counts, met


@attrs.define
class Branch:
    """One first move and the perft under it (under `expand`: summed over every outcome of its draws)."""
    text: str  # the first move, in players' words
    counts: list  # the sequences of 1 .. depth-1 moves after it
    terminals: Optional[list] = None  # when asked: the games that end with it (first), then d moves after it
    ways: int = 1  # the sequences of one move it makes: 1, or under `expand` one per outcome of its draws
    met_chance: bool = False
    work: int = 0  # the work it took; past the bound when it stopped there (its counts are then unfinished)


@attrs.define
class PerftReport:
    counts: list  # counts[d-1]: the sequences of d moves
    divide: list  # [(first move's text, the sequences of `depth` moves that start with it)]
    terminals: Optional[list] = None  # terminals[d-1]: the games that end with the move at depth d, by result
    met_chance: bool = False  # the counts (or terminals) depend on chance: see the module's docstring
    work: int = 0  # the work it took (engine/analysis/work_bound.py), the same however it was split


# the terminals asked of a split perft: none, every depth's (the last depth's moves are played for them), or
# those of the depths whose moves are played anyway ("played": the same work as counting without them)
Terminals = Union[bool, Literal["played"]]


def branch(state, move, depth: int, terminals: Terminals = False, chance: str = "sample",
           limit: Optional[int] = None, work: Optional[Work] = None) -> Branch:
    """Play `move` (one of the state's legal moves; under `expand`, once per outcome of its draws), count the
    sequences of up to depth-1 moves after it, and take it back. Its work is counted in `work` (shared with
    the other branches of one walk, which stops with TooMuchWork past its bound), or on its own against
    `limit`: a branch past it stops, its `work` over the bound."""
    meter = work if work is not None else Work(limit)
    begun = meter.done
    try:
        result = _branch(state, move, depth, terminals, chance, meter)
    except TooMuchWork:
        if work is not None:
            raise
        return Branch(move.text, [0] * (depth - 1), work=meter.limit + 1)
    result.work = meter.done - begun
    return result


def _branch(state, move, depth: int, terminals: Terminals, chance: str, work: Work) -> Branch:
    check_chance(chance)
    found = outcomes(state, move) if chance == "expand" else [(1, None)]
    if chance == "expand":
        work.count(state, len(found))
    result = Branch(move.text, [0] * (depth - 1), [new_tally() for _ in range(depth)] if terminals else None,
                    ways=len(found), met_chance=chance == "expand" and (len(found) > 1 or bool(found[0][1])))
    if depth == 1 and terminals is not True:  # nothing after it is counted: its draws change nothing
        result.met_chance = result.met_chance or bool(getattr(state, "setup_draws", None))
        return result
    for _, steps in found:
        if steps is None:
            state.apply(move)
        else:
            state.apply(move, chance=steps)
        try:
            work.count(state)
            if chance == "sample" and getattr(state, "last_draws", None):
                result.met_chance = True
            after: Optional[list] = [] if terminals else None
            counts, met = _walk(state, depth - 1, after, chance, work, play_last=terminals is True)
            result.met_chance = result.met_chance or met
            result.counts = [a + b for a, b in zip(result.counts, counts)]
            if result.terminals is not None and after is not None:
                if state.is_over():
                    tally(result.terminals[0], state)
                for mine, theirs in zip(result.terminals[1:], after):
                    merge_tally(mine, theirs)
        finally:
            state.undo()
    return result


def join(branches: list, depth: int, terminals: Terminals = False, limit: Optional[int] = None,
         spent: int = 0) -> PerftReport:
    """The report of a perft from the branches of its first moves, in the order of the starts and their moves.
    A first move met in several starts (`expand` over the start's chance) has one divide entry: the sum.
    TooMuchWork when the branches' work and `spent` (the starts' own) add up to more than `limit`."""
    total = Work(limit)
    total.add(spent + sum(b.work for b in branches))
    counts = [sum(b.ways for b in branches)] + [0] * (depth - 1)
    divide: dict = {}
    for b in branches:
        for d, c in enumerate(b.counts, 1):
            counts[d] += c
        divide[b.text] = divide.get(b.text, 0) + (b.counts[-1] if depth > 1 else b.ways)
    ends = None
    if terminals:
        ends = [new_tally() for _ in range(depth)]
        for b in branches:
            for mine, theirs in zip(ends, b.terminals):
                merge_tally(mine, theirs)
    return PerftReport(counts, list(divide.items()), ends, any(b.met_chance for b in branches), total.done)


def perft_report(state, depth: int, terminals: Terminals = False, chance: str = "sample",
                 limit: Optional[int] = None) -> PerftReport:
    """perft split by first move, in this process: the counts, the divide, and the terminals when asked."""
    work = Work(limit)
    moves = list(state.legal_moves())
    work.count(state, listed=len(moves))
    spent = work.done
    report = join([branch(state, m, depth, terminals, chance, work=work) for m in moves], depth, terminals, limit,
                  spent)
    report.met_chance = report.met_chance or bool(getattr(state, "setup_draws", None))
    return report


def divide(state, depth: int, chance: str = "sample", limit: Optional[int] = None) -> list:
    """[(first move's text, the number of sequences of `depth` moves that start with it)], in the order of the
    legal moves: a perft split by its first move, to find where two move generators part."""
    return perft_report(state, depth, chance=chance, limit=limit).divide


def starts(game, chance: str = "sample", players=None, options=()) -> list:
    """The draws that start each game perft counts from: the seed's own (None), or (`expand`) those of every
    outcome of the start's chance (a shuffled deck, `first random`)."""
    check_chance(chance)
    if chance == "sample":
        return [None]
    return [steps for _, steps in setup_outcomes(game, players=players, options=options)]


def started(game, chance: str, seed, players, options, work: Work):
    """(the start's draws, the state at that start) for each start a perft counts from, the work of setting it
    up and listing its moves counted."""
    for setup in starts(game, chance, players, options):
        state = game.new_state(seed=seed, players=players, options=options, chance=setup)
        work.count(state, listed=len(state.legal_moves()))
        yield setup, state


def perft_game(game, depth: int, chance: str = "sample", seed=0, players=None, options=(),
               terminals: Terminals = False, limit: Optional[int] = None) -> PerftReport:
    """perft from the start of a game, in this process: from the seed's start, or (`expand`) from every
    outcome of the start's chance, summed."""
    branches: list = []
    met = False
    work = Work(limit)
    for _, state in started(game, chance, seed, players, options, work):
        met = met or bool(state.setup_draws)
        branches += [branch(state, m, depth, terminals, chance, work=work) for m in list(state.legal_moves())]
    report = join(branches, depth, terminals, limit, work.done - sum(b.work for b in branches))
    report.met_chance = report.met_chance or met
    return report


def new_tally() -> dict:
    return {"ended": 0, "wins": {}, "shared": 0, "draws": 0}


def tally(t: dict, state) -> None:
    """Count a finished game: a sole win by seat name, a shared win, a draw, or a loss with nobody to win (a game
    of one player: counted under "losses", a key there only when such a game ended)."""
    out = state.outcome()
    t["ended"] += 1
    if out.draw:
        t["draws"] += 1
    elif not out.winners:
        t["losses"] = t.get("losses", 0) + 1
    elif len(out.winners) == 1:
        name = state.seat_name(out.winners[0])
        t["wins"][name] = t["wins"].get(name, 0) + 1
    else:
        t["shared"] += 1


def merge_tally(t: dict, other: dict) -> None:
    """Add the games of `other` to `t` (the seats' wins in the order they first ended a game)."""
    for key in ("ended", "shared", "draws"):
        t[key] += other[key]
    if "losses" in other:
        t["losses"] = t.get("losses", 0) + other["losses"]
    for name, n in other["wins"].items():
        t["wins"][name] = t["wins"].get(name, 0) + n
