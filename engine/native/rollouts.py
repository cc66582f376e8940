"""The search bot's random playouts on the native backend: from the world a seat imagines (its Worlds sample,
never the true state), handed over to a native vector, played there to the end, scored as bots/search.py
scores an interpreter's line."""
from __future__ import annotations

from typing import Optional

from ..loader import load_game
from .game import NativeGame, NativeUnavailable
from .layout import HandOffError
from .translate import Unsupported


class NativeRollouts:
    """Native playouts for the games a search meets (each compiled once, per rules file and player count);
    a game or a position the native backend cannot play is played by the interpreter (`result` is None)."""

    def __init__(self):
        self._games: dict = {}

    def _native(self, world) -> Optional[tuple]:
        key = (world.game.path, world.num_players)
        if key not in self._games:
            import numpy as np
            try:
                game = NativeGame(load_game(world.game.path), world.num_players)
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
