"""Bots: anything with `choose(state, seat) -> Move`, and the specs that name them (`--seat 2=mcts:500`).

    random        a uniformly random legal move
    mcts          the search bot at the normal level (about 1 s a move)
    mcts:2s       the search bot thinking 2 seconds a move
    mcts:500      the search bot with 500 iterations a move (the same moves on every machine)
    easy, normal, hard   the search bot's levels
    peek, peek:500       the search bot allowed to see everything (to measure what honesty costs)
    human         a person at the terminal (not a bot: the REPL asks)

A bot sees a game only through `state.view(seat)`, the legal moves, and what the engine offers a seat
(`mire.engine.run.knowledge`): it never reads what its seat cannot see. Each kind of bot is registered in `BOTS`
(below), with a quick spec of it that decides the same on every machine: tests/engine/test_bots.py checks every
registered bot that claims honesty on every bundled game (its decision never changes when what its seat
cannot see is scrambled). A new bot is registered there, and parse_spec and BotSpec.make learn its name.
"""
from __future__ import annotations

import random
from typing import Protocol

import attrs


class Bot(Protocol):
    spec: str

    def choose(self, state, seat: int):
        """The move `seat` makes now (state.to_move == seat), or at a simultaneous step (`state.simultaneous`,
        seat in `state.deciders`) its own answer, one of `state.moves_for(seat)`; must not change `state`."""


class RandomBot:
    """A uniformly random legal move, drawn from its own generator."""
    spec = "random"

    def __init__(self, rng=None, seed=0):
        self.rng = rng if rng is not None else random.Random(seed)

    def choose(self, state, seat):
        pending = state.pending
        if pending is None or not pending.joint:  # (not a simultaneous step)
            return state.random_move(self.rng)  # (without listing every move, where the rules allow)
        moves = state.moves_for(seat)
        n = len(moves)
        # randrange(n) is _randbelow(n) for n > 0, draw for draw (randrange says what is wrong with no move)
        return moves[self.rng._randbelow(n) if n else self.rng.randrange(n)]  # type: ignore[union-attr]


# the levels of the search bot: (seconds a move, iterations at most)
LEVELS = {"easy": (0.25, 100), "normal": (1.0, 5000), "hard": (5.0, 50000)}
DEFAULT_LEVEL = "normal"


@attrs.frozen
class Registered:
    """A kind of bot: the name its specs start with, what it does, whether it sees only what its seat may,
    and a spec of it that decides quickly and the same on every machine (an iteration budget, no clock)."""
    name: str
    about: str
    honest: bool
    quick: str


BOTS: dict[str, Registered] = {r.name: r for r in (
    Registered("random", "a uniformly random legal move", True, "random"),
    Registered("mcts", "the search bot (mcts:2s thinks 2 seconds, mcts:500 makes 500 iterations; easy, normal and "
               "hard are its levels)", True, "mcts:30"),
    Registered("peek", "the search bot allowed to see everything, to measure what honesty costs", False, "peek:30"),
)}
SPEC_HELP = "human, random, mcts, mcts:2s, mcts:500, easy, normal, hard, peek"


class SpecError(ValueError):
    """A bot spec that names no bot; str() says what would."""


@attrs.frozen
class BotSpec:
    """A parsed spec: `kind` is "human", "random" or "search"; a search has a time, an iteration budget, or
    both (the first reached ends it)."""
    text: str
    kind: str
    seconds: float | None = None
    iterations: int | None = None
    peek: bool = False

    def make(self, seed=0, rollouts="python"):
        """The bot (None for a human), its moves drawn from `seed`; a search bot's random lines played by the
        interpreter, or by the native backend (`rollouts="native"`: see engine/bots/search.py)."""
        if self.kind == "human":
            return None
        if self.kind == "random":
            bot = RandomBot(seed=seed)
            bot.spec = self.text
            return bot
        from .search import SearchBot
        return SearchBot(iterations=self.iterations, seconds=self.seconds, seed=seed, peek=self.peek,
                         spec=self.text, rollouts=rollouts)


def parse_spec(text: str) -> BotSpec:
    spec = text.strip().lower()
    if spec in ("human", "random"):
        return BotSpec(spec, spec)
    if spec in LEVELS:
        seconds, iterations = LEVELS[spec]
        return BotSpec(spec, "search", seconds, iterations)
    name, _, budget = spec.partition(":")
    if name in ("mcts", "peek"):
        peek = name == "peek"
        if not budget:
            seconds, iterations = LEVELS[DEFAULT_LEVEL]
            return BotSpec(spec, "search", seconds, iterations, peek)
        try:
            if budget.endswith("s"):
                seconds = float(budget[:-1])
                if seconds > 0:
                    return BotSpec(spec, "search", seconds, None, peek)
            elif budget.isdigit() and int(budget) > 0:
                return BotSpec(spec, "search", None, int(budget), peek)
        except ValueError:
            pass
        raise SpecError(f"'{text}': after '{name}:' write a time like 2s or a number of iterations like 500")
    raise SpecError(f"'{text}' is not a bot: write one of {SPEC_HELP}")


def make_bot(text: str, seed=0, rollouts="python"):
    """The bot a spec names (None for `human`); raises SpecError."""
    return parse_spec(text).make(seed, rollouts)


__all__ = ["Bot", "RandomBot", "BotSpec", "SpecError", "parse_spec", "make_bot", "LEVELS", "SPEC_HELP"]
