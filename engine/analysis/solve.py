"""The exact expected result of a small game when every decision is made uniformly at random: every outcome
of chance and every legal move (mid-move choices and joint decisions included) is followed, each weighted by
its probability, down to the end of the game.

It answers "what does random play give?" exactly, in fractions: each seat's expected score and its
probabilities of winning alone, sharing a win, drawing and losing, with the start's chance enumerated too
(a shuffled deck, `first random`). It is for small games: the positions it visits are bounded
(MAX_SOLVE_NODES), so is the work it does (MAX_ANALYSIS_WORK, engine/analysis/work_bound.py: a game of few positions
whose moves are long to play stops too), and so is the length of a line of play (`max_moves`: a longer line
counts as unfinished).
"""
from __future__ import annotations

from fractions import Fraction

import attrs

from ...grammar.limits import ANALYSIS_STEPS_PER_MOVE, MAX_SOLVE_NODES
from ..run.chance import outcomes, setup_outcomes
from ..run.repetition import position_key
from .work_bound import Work


def state_key(S) -> tuple:
    """What decides everything that can follow a position, as a key: the pieces, zones and variables
    (repetition.position_key), who decides now, the turn's number and the phase (which rules may read), the
    repetitions counted so far, the values the last random draw drew from, and at the end its result."""
    counts = tuple(sorted(S.positions.items())) if S.positions is not None else ()
    return (position_key(S), S.to_move, S.turn, S.simultaneous and tuple(S.deciders), counts,
            repr(S.last_options), S.over and repr(S.result))


SCORE, WIN, SHARED, DRAW, LOSS = range(5)   # a seat's five places in a row of results


class TooLarge(ValueError):
    """The game has more positions than an exact solution may visit."""


@attrs.define
class SeatResult:
    score: Fraction = Fraction(0)       # expected final score (when the game keeps one)
    win: Fraction = Fraction(0)         # probability of winning alone
    shared: Fraction = Fraction(0)      # of sharing a win
    draw: Fraction = Fraction(0)        # of a draw
    loss: Fraction = Fraction(0)        # of losing (another seat wins)

    def as_dict(self, scored: bool) -> dict:
        out = {"win": str(self.win), "shared": str(self.shared), "draw": str(self.draw), "loss": str(self.loss)}
        if scored:
            out["score"] = str(self.score)
        return out


@attrs.define
class Solution:
    seats: list                          # seat names
    results: list                        # SeatResult per seat
    unfinished: Fraction = Fraction(0)   # probability that a line went past max_moves
    positions: int = 0                   # positions visited
    scored: bool = False                 # does the game keep a score?

    def add(self, row: tuple, p) -> None:
        """The results of a start (a row of `ended`'s form, as weights), reached with probability p."""
        for seat, r in enumerate(self.results):
            r.score += p * row[5 * seat + SCORE]
            r.win += p * row[5 * seat + WIN]
            r.shared += p * row[5 * seat + SHARED]
            r.draw += p * row[5 * seat + DRAW]
            r.loss += p * row[5 * seat + LOSS]
        self.unfinished += p * row[-1]

    def as_dict(self) -> dict:
        return {"seats": {name: r.as_dict(self.scored) for name, r in zip(self.seats, self.results)},
                "unfinished": str(self.unfinished), "positions": self.positions}


def ended(out, n: int, sol: Solution) -> tuple:
    """The row of results of a game that ended with outcome `out` (see SCORE...)."""
    row = [Fraction(0)] * (5 * n + 1)
    if out.scores is not None:
        sol.scored = True
        for seat, score in out.scores.items():
            row[5 * seat + SCORE] = Fraction(score or 0)
    for seat in range(n):
        slot = DRAW if out.draw else LOSS if seat not in out.winners else WIN if len(out.winners) == 1 else SHARED
        row[5 * seat + slot] = Fraction(1)
    return tuple(row)


def add_weighted(total: list, row: tuple, weight) -> None:
    for i, v in enumerate(row):
        if v:
            total[i] += weight * v


def solve(game, players=None, options=(), max_moves: int = 200, limit: int = MAX_SOLVE_NODES,
          start=None, work_limit=None, native=None) -> Solution:
    """The exact expected result of `game` under uniform random play (see the module); from the state `start`
    instead of every start the game's chance may give, when it is given (it is left as it was). TooLarge past
    `limit` positions, TooMuchWork past `work_limit` of work (MAX_ANALYSIS_WORK). Given `native` (the game's
    NativeGame), the walk is made on the native position from the start: the same Solution (engine/native/
    analyses.py), its work counted without the rules' own steps."""
    if native is not None and start is None:
        from ..native.analyses import solve as native_solve
        return native_solve(native, max_moves, limit, work_limit)
    limit = min(limit, MAX_SOLVE_NODES)
    work = Work(work_limit)
    n = start.num_players if start is not None else players if players is not None else game.min_players
    names = [start.seat_name(i) for i in range(n)] if start is not None else game.seat_names(n)
    sol = Solution(names, [SeatResult() for _ in range(n)])

    memo: dict = {}   # a position (and the moves left) -> its results, as weights of that position
    width = 5 * n + 1  # per seat score, win, shared, draw, loss; then unfinished

    def walk(state, depth) -> tuple:
        # a position met again by another order of moves (a transposition) is worked out once; one in the middle
        # of a move (a choice pending) has what the move has done so far besides, and is not kept
        key = (state_key(state), depth) if state.pending is None else None
        if key is not None:   # (making the key is work too, as much as a move's, and more with more spaces)
            work.add(ANALYSIS_STEPS_PER_MOVE + len(state.spaces))
        if key is not None and key in memo:
            return memo[key]
        sol.positions += 1
        if sol.positions > limit:
            raise TooLarge(f"the game has more than {limit} positions to visit")
        if state.is_over():
            row = ended(state.outcome(), n, sol)
        else:
            moves = state.legal_moves()
            work.count(state, listed=len(moves))
            if not moves or depth >= max_moves:
                row = tuple([Fraction(0)] * (width - 1) + [Fraction(1)])
            else:
                total = [Fraction(0)] * width
                share = Fraction(1, len(moves))
                for m in moves:
                    found = outcomes(state, m)
                    work.count(state, len(found))  # (each outcome is found by playing the move)
                    for q, steps in found:
                        state.apply(m, chance=steps)
                        try:
                            work.count(state)
                            sub = walk(state, depth + 1)
                        finally:  # (a walk stopped past its bound leaves the state as it was too)
                            state.undo()
                        add_weighted(total, sub, share * q)
                row = tuple(total)
        if key is not None:
            memo[key] = row
        return row

    if start is not None:
        sol.add(walk(start, 0), Fraction(1))
        return sol
    for q, steps in setup_outcomes(game, players=n, options=options):
        state = game.new_state(players=n, options=options, chance=steps)
        work.count(state)
        memo.clear()   # (another start: its positions are not the last one's, whatever their keys)
        sol.add(walk(state, 0), q)
    return sol
