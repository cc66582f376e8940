"""The work of one analysis (perft, an exact solution), counted and bounded, in work rather than time, so that
the same analysis stops at the same point on any machine and in any number of processes.

Work is counted in steps, the unit of a move's budget (docs/language.md, "Bounded moves"): each listing of
the legal moves and each move played (an outcome of chance tried included) counts the steps the engine took
for it, read from the state once it is done, and ANALYSIS_STEPS_PER_MOVE more (what playing or listing costs besides,
whatever the rules say: about as long as that many steps take), and a listing one more for each move it
lists. An analysis past its bound stops with TooMuchWork.
"""
from __future__ import annotations

from typing import Optional

from ...grammar.limits import ANALYSIS_STEPS_PER_MOVE, MAX_ANALYSIS_WORK


class TooMuchWork(ValueError):
    """An analysis that would take more work than its bound."""

    def __init__(self, limit: int):
        super().__init__(f"it takes more than {limit:,} steps")
        self.limit = limit


class Work:
    """The work an analysis has done, against its bound (`limit`; None: MAX_ANALYSIS_WORK)."""

    def __init__(self, limit: Optional[int] = None):
        self.limit = MAX_ANALYSIS_WORK if limit is None else limit
        self.done = 0

    def count(self, state, times: int = 1, listed: int = 0) -> None:
        """Count what the state just did (a move, or a listing of `listed` moves), `times` times over;
        TooMuchWork past the bound."""
        self.add(times * (ANALYSIS_STEPS_PER_MOVE + steps_taken(state)) + listed)

    def add(self, amount: int) -> None:
        self.done += amount
        if self.done > self.limit:
            raise TooMuchWork(self.limit)


def steps_taken(state) -> int:
    """The steps the state's last move or listing took: each starts with a budget of MAX_LOOP_STEPS (a state
    that keeps no budget, such as a test's stand-in, took none)."""
    return getattr(state, "steps_taken", 0)
