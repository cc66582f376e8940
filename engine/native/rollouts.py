"""The search bot's random lines on the native backend: from the world a seat imagines (its Worlds sample,
never the true state), handed over to a native vector, played there to the end, scored as bots/search.py
scores an interpreter's line.

The games compiled in a process are shared (`shared_game`): a series of games makes new bots for every game, and
they find the game's module loaded (and its machine code in memory) instead of loading it again.
"""
from __future__ import annotations

from typing import Callable, Optional

from ..loader import load_game
from .game import NativeGame, NativeUnavailable
from .layout import HandOffError
from .translate import Unsupported

# (rules file, player count, options) -> its NativeGame, or the reason the native backend cannot play it
_SHARED: dict = {}


def shared_game(game, players: int, options=(), say: Optional[Callable[[str], None]] = None) -> NativeGame:
    """The game's NativeGame, made once in this process (the same object for every later ask); raises what
    NativeGame raises (Unsupported, NativeUnavailable, HandOffError), the same every time it is asked."""
    return _shared(game.path, players, options, say, lambda: game)


def shared_at(path: str, players: int, options=()) -> NativeGame:
    """shared_game of the rules file at `path`, loaded only when it is not made yet in this process."""
    return _shared(path, players, options, None, lambda: load_game(path))


def _shared(path: str, players: int, options, say, loaded: Callable) -> NativeGame:
    key = (path, players, tuple(sorted(options)))
    found = _SHARED.get(key)
    if found is None:
        try:
            found = NativeGame(loaded(), players, tuple(options), say=say)
        except (Unsupported, HandOffError) as err:  # (what the rules are: the same next time; not numba's absence)
            found = err
        _SHARED[key] = found
    if isinstance(found, Exception):
        raise found
    if say is not None and found.say is None:
        found.say = say
    return found


class NativeRollouts:
    """Native playouts for the games a search meets (each compiled once in a process, per rules file, player count
    and options); a game or a position the native backend cannot play is played by the interpreter (`result` is
    None)."""

    def __init__(self):
        self._games: dict = {}

    def _native(self, world) -> Optional[tuple]:
        key = (world.game.path, world.num_players, world.options)
        if key not in self._games:
            import numpy as np
            try:
                path = world.game.path
                game = _shared(path, world.num_players, world.options, None, lambda: load_game(path))
                scratch = (np.zeros(game.layout.size, np.int64), np.zeros(1 + 2 * game.module.JCAP, np.int64),
                           np.zeros((game.module.MAXMOVES, game.module.WIDTH), np.int64), np.zeros(4, np.int64))
                self._games[key] = (game, scratch)
            except (Unsupported, NativeUnavailable, HandOffError):
                self._games[key] = None
        return self._games[key]

    def result(self, world, rng, limit: int) -> Optional[list]:
        """Each seat's result of a random line from `world` (the imagined state, not changed), or None."""
        native = self._native(world)
        if native is None:
            return None
        game, (st, jr, buf, out) = native
        try:
            game.layout.encode_into(world, st)
        except HandOffError:
            return None
        game.entry("rollout")(st, jr, buf, rng.getrandbits(63), limit, out)
        n = world.num_players
        if not out[1]:
            return [1.0 / n] * n  # (unfinished at the limit: as bots/search.py scores it)
        outcome = game.outcome(int(out[2]), int(out[3]))
        if outcome.draw or not outcome.winners:
            return [1.0 / n] * n
        return [1.0 / len(outcome.winners) if i in outcome.winners else 0.0 for i in range(n)]
