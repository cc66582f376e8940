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

from ...grammar.limits import MAX_SOLVE_NODES
from ..run.chance import outcomes, setup_outcomes
from .work_bound import Work


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

    def add(self, out, p) -> None:
        """A game that ended with outcome `out`, with probability p."""
        if out.scores is not None:
            self.scored = True
            for seat, score in out.scores.items():
                self.results[seat].score += p * (score or 0)
        for seat, r in enumerate(self.results):
            if out.draw:
                r.draw += p
            elif seat not in out.winners:
                r.loss += p
            elif len(out.winners) == 1:
                r.win += p
            else:
                r.shared += p

    def as_dict(self) -> dict:
        return {"seats": {name: r.as_dict(self.scored) for name, r in zip(self.seats, self.results)},
                "unfinished": str(self.unfinished), "positions": self.positions}


def solve(game, players=None, options=(), max_moves: int = 200, limit: int = MAX_SOLVE_NODES,
          start=None, work_limit=None) -> Solution:
    """The exact expected result of `game` under uniform random play (see the module); from the state `start`
    instead of every start the game's chance may give, when it is given (it is left as it was). TooLarge past
    `limit` positions, TooMuchWork past `work_limit` of work (MAX_ANALYSIS_WORK)."""
    limit = min(limit, MAX_SOLVE_NODES)
    work = Work(work_limit)
    n = start.num_players if start is not None else players if players is not None else game.min_players
    names = [start.seat_name(i) for i in range(n)] if start is not None else game.seat_names(n)
    sol = Solution(names, [SeatResult() for _ in range(n)])

    def visit():
        sol.positions += 1
        if sol.positions > limit:
            raise TooLarge(f"the game has more than {limit} positions to visit")

    def walk(state, p, depth):
        visit()
        if state.is_over():
            sol.add(state.outcome(), p)
            return
        moves = state.legal_moves()
        work.count(state, listed=len(moves))
        if not moves or depth >= max_moves:
            sol.unfinished += p
            return
        share = p / len(moves)
        for m in moves:
            found = outcomes(state, m)
            work.count(state, len(found))  # (each outcome is found by playing the move)
            for q, steps in found:
                state.apply(m, chance=steps)
                try:
                    work.count(state)
                    walk(state, share * q, depth + 1)
                finally:  # (a walk stopped past its bound leaves the state as it was too)
                    state.undo()

    if start is not None:
        walk(start, Fraction(1), 0)
        return sol
    for q, steps in setup_outcomes(game, players=n, options=options):
        state = game.new_state(players=n, options=options, chance=steps)
        work.count(state)
        walk(state, q, 0)
    return sol
