"""Chance in a game: the record of its random events, and a generator that forgets the game's future.

Chance happens inside effects (`shuffle`, `random(...)`), drawn from the state's one seeded generator, so
the outcome of a move can depend on numbers nobody has seen yet. A state lists its chance events in
`state.chance` (a search can tell a move that involved chance: the list grows), and `state.reseed(seed)`
makes every later draw come from a fresh seed, so a search that looks ahead samples chance instead of
reading the real future.
"""
from __future__ import annotations

import random

import attrs

# a draw from the generator uses one 32-bit word per 32 bits asked for (shuffles and random picks of
# fewer than 2**32 items ask for at most 32 bits at a time)
_WORD = 32
_MAX_REPLAYED_WORDS = 1_000_000


@attrs.frozen
class ChanceEvent:
    """A shuffle, a random pick, or the pieces the players brought to the game (which the others cannot
    tell apart either). `pieces` holds (piece, where it was, face up, owner) for each piece the event could
    have touched, as they were at that moment; `label` is (the journal mark of the move it happened in,
    or -1 for the setup; its number within that move): a move run again at each choice inside it makes
    the same events with the same labels."""
    kind: str       # "shuffle", "pick" or "brought"
    label: tuple
    pieces: tuple


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
