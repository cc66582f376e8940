"""Chance in a game: the record of its random events, outcomes forced or enumerated, and a generator that
forgets the game's future.

Chance happens inside effects (`shuffle`, `random(...)`, `first random`), drawn from the state's one seeded
generator, so the outcome of a move can depend on numbers nobody has seen yet. Every draw is a *chance
point* with equally likely outcomes: a random pick among n values has n, and a shuffle of n pieces is n - 1
draws (the steps of a Fisher-Yates shuffle: among n, then n - 1, ..., then 2), so that its n! orders are
equally likely. A state lists its chance events in `state.chance` (each with its outcomes and their
probability), a `Script` forces the outcomes of the draws of a move (or of the setup) one by one, so that
`outcomes(...)` can enumerate every outcome of a move with its probability, and `state.reseed(seed)` makes
every later draw come from a fresh seed, so a search that looks ahead samples chance instead of reading the
real future.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Callable, Optional

import attrs

from ...grammar.limits import MAX_CHANCE_OUTCOMES

# a draw from the generator uses one 32-bit word per 32 bits asked for (shuffles and random picks of
# fewer than 2**32 items ask for at most 32 bits at a time)
_WORD = 32
_MAX_REPLAYED_WORDS = 1_000_000


@attrs.frozen
class ChanceEvent:
    """A shuffle, a random pick, the pieces the players brought to the game (which the others cannot
    tell apart either), or a position arranged by hand (each seat knows of it only what it sees there).
    `pieces` holds (piece, where it was, face up, owner, covered) for each piece it could have touched, as
    they were at that moment; `label` is (the journal mark of the move it happened in,
    or -1 for the setup; its number within that move): a move run again at each choice inside it makes
    the same events with the same labels. `options` are a pick's values (pieces or not), `outcome` the index
    picked, or a shuffle's new order (the old places of its pieces, bottom first); `draws` is (the number of
    the first draw it made in its move, how many); `into` is where a pick went when the rules put it
    straight into a place that some players cannot see (`mover.die = random(1..6)`): ("var", seat or None,
    name) or ("attr", piece, name)."""
    kind: str       # "shuffle", "pick", "brought" or "arranged"
    label: tuple
    pieces: tuple
    options: tuple = ()
    outcome: object = None
    draws: tuple = (0, 0)
    into: Optional[tuple] = None

    @property
    def outcomes(self) -> int:
        """How many equally likely outcomes it had: n for a pick among n, n! for a shuffle of n."""
        if self.kind == "pick":
            return len(self.options)
        if self.kind == "shuffle":
            return math.factorial(len(self.pieces))
        return 1

    @property
    def probability(self) -> Fraction:
        """The probability of each of its outcomes."""
        return Fraction(1, self.outcomes)


class Script:
    """The outcomes of the draws of one run of a move (or of the setup), forced one by one: draw k takes
    `steps[k]`, and a draw past the steps asks `beyond(k, n, drawn)` (default: the generator's own `drawn`).
    It records each draw's number of outcomes (`sizes`) and the outcome taken (`used`)."""

    __slots__ = ("steps", "beyond", "sizes", "used")

    def __init__(self, steps=(), beyond: Optional[Callable] = None):
        self.steps = steps if steps.__class__ is tuple else tuple(steps)
        self.beyond = beyond
        self.sizes: list = []
        self.used: list = []

    @classmethod
    def resumed(cls, steps, used, sizes) -> "Script":
        """The script of a run that goes on from a choice: its first draws (`used`, with `sizes` outcomes each)
        are made already."""
        script = cls(steps)
        script.used, script.sizes = list(used), list(sizes)
        return script

    def take(self, n: int, drawn: int) -> int:
        k = len(self.used)
        if k < len(self.steps):
            i = self.steps[k]
            if not 0 <= i < n:
                raise ValueError(f"draw {k} has {n} outcomes, and {i} is not one of them")
        elif self.beyond is not None:
            i = self.beyond(k, n, drawn)
        else:
            i = drawn
        self.sizes.append(n)
        self.used.append(i)
        return i


class TooManyOutcomes(ValueError):
    """A move (or a setup) whose chance has more outcomes than MAX_CHANCE_OUTCOMES."""


def enumerate_outcomes(run: Callable, limit: int = MAX_CHANCE_OUTCOMES) -> list:
    """Every outcome of the chance in one run, with its probability: [(probability, steps)]. `run(steps)`
    runs it with the first draws forced to `steps` and returns the number of outcomes of each draw it made
    (`Script.sizes`); each outcome is found by forcing one draw more than the last (a tree of prefixes).
    Raises TooManyOutcomes past `limit` outcomes, or as soon as one line of draws has more."""
    out: list = []
    todo: list[tuple[tuple, Fraction]] = [((), Fraction(1))]
    while todo:
        steps, p = todo.pop()
        sizes = run(steps)
        k = len(steps)
        if math.prod(sizes) > limit:  # this line of draws alone has too many: no need to walk them
            raise TooManyOutcomes(f"more than {limit} outcomes of chance")
        if len(sizes) <= k:
            out.append((p, steps))
            if len(out) > limit:
                raise TooManyOutcomes(f"more than {limit} outcomes of chance")
            continue
        n = sizes[k]
        if len(out) + len(todo) + n > limit:
            raise TooManyOutcomes(f"more than {limit} outcomes of chance")
        todo.extend((steps + (j,), p / n) for j in reversed(range(n)))
    return out


def outcomes(state, move, limit: int = MAX_CHANCE_OUTCOMES) -> list:
    """Every outcome of the chance in `move` (a legal move of `state`), with its probability:
    [(probability, steps)], where `state.apply(move, chance=steps)` plays that outcome. A move without
    chance has one outcome, (1, ()). The state is left as it was."""
    def run(steps):
        state.apply(move, chance=steps)
        sizes = state.last_draws
        state.undo()
        return sizes
    return enumerate_outcomes(run, limit)


def setup_outcomes(game, players=None, options=(), inputs=None, limit: int = MAX_CHANCE_OUTCOMES) -> list:
    """Every outcome of the chance of a game's start (its setup, `first random`, random starting values):
    [(probability, steps)], where `game.new_state(chance=steps, ...)` starts that way."""
    def run(steps):
        return game.new_state(seed=0, players=players, options=options, inputs=inputs, chance=steps).setup_draws
    return enumerate_outcomes(run, limit)


def fork_random(current, move_start, seed) -> random.Random:
    """A generator for a search: every draw still to come from `seed`. `move_start` is the state `current`
    had when the move in progress began (None when no move is in progress, or it drew nothing yet): the
    draws the move made since are made again, the same, when it is run again at its next choice."""
    if move_start is None:
        return random.Random(seed)
    start = _plain(move_start)
    now = current._base.getstate() if isinstance(current, _ForkedRandom) else current.getstate()
    words = _words_between(start, now)
    out = _ForkedRandom(start, words, seed)
    out._base.setstate(now)
    out._used = words
    return out


def _plain(state):
    return state[1] if state[0] == "forked" else state


def _words_between(start_state, now_state) -> int:
    probe = random.Random()
    probe.setstate(start_state)
    words = 0
    while probe.getstate() != now_state:
        probe.getrandbits(_WORD)
        words += 1
        if words > _MAX_REPLAYED_WORDS:
            raise ValueError("the generator's two states are not on one sequence of draws")
    return words


class _ForkedRandom(random.Random):
    """The first `words` words from the game's generator (so the part of a move that is run again draws what
    it drew before), every later one from a fresh generator. Its state, for the journal, is the pair of
    states and the count; a plain state (set back by the journal to the start of the move in progress)
    starts the count again."""

    def __init__(self, start_state, words, seed):
        self._base = random.Random()
        self._fresh = random.Random(seed)
        self._fresh_start = self._fresh.getstate()
        self._words = words
        self._used = 0
        super().__init__()
        self._base.setstate(start_state)

    def seed(self, a=None, version=2):  # called by random.Random.__init__; the two generators are seeded
        pass

    def getrandbits(self, k):
        words = max(1, -(-k // _WORD))
        if self._used + words <= self._words:
            self._used += words
            return self._base.getrandbits(k)
        self._used = self._words
        return self._fresh.getrandbits(k)

    def random(self):
        return (self.getrandbits(27) * 67108864.0 + self.getrandbits(26)) * (1.0 / 9007199254740992.0)

    def __reduce__(self):  # copies of a state copy their generator
        return _copy_forked, (self._fresh_start, self._words, self.getstate())

    def getstate(self):
        return ("forked", self._base.getstate(), self._fresh.getstate(), self._used)

    def setstate(self, state):
        if state[0] == "forked":
            _, base, fresh, self._used = state
            self._base.setstate(base)
            self._fresh.setstate(fresh)
        else:
            self._base.setstate(state)
            self._fresh.setstate(self._fresh_start)
            self._used = 0


def _copy_forked(fresh_start, words, state):
    out = _ForkedRandom(state[1], words, 0)
    out._fresh_start = fresh_start
    out.setstate(state)
    return out
