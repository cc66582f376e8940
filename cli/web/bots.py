"""The bots of `mire serve` think in worker processes, so that a search bot thinking for seconds never holds the
server's interpreter (its GIL) from the other games' moves and pages.

A small pool (BOT_WORKERS processes, started when a bot first thinks, ended with the server; each worker also
ends by itself when the server's process is gone, killed or not). A worker is sent what `mire play`'s save holds
(the rules' reference, players, seed, options, hands and position, the moves so far) and the seat and bot to
think for; it rebuilds the game by replaying the moves and asks the bot, which sees the game as it does in the
terminal: through `state.view(seat)`, the legal moves and its seat's knowledge (engine/bots). It answers with
the move's text; the server, holding the game's lock again, plays it only when the game is still where it was
when the bot began (a person may have undone a move meanwhile). A random bot draws from the game's own generator
in the server, as it does in the REPL (a draw is instant, and its moves stay those of the same seed).
"""
from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Optional

BOT_WORKERS = 2            # processes at most: bots thinking in more games wait their turn
BOT_ANSWER_SECONDS = 600   # a worker that has not answered by then is given up (the game goes on by a random move)
GAMES_KEPT = 16            # rules a worker keeps loaded, the last used


class BotPool:
    """The workers: `choose(request)` in one of them."""

    def __init__(self, workers: int = BOT_WORKERS):
        self.workers = workers
        self.executor: Optional[ProcessPoolExecutor] = None
        self.lock = threading.Lock()

    def submit(self, request: dict):
        with self.lock:
            if self.executor is None:
                # spawned, not forked: the server has threads and an event loop a fork would copy half-made
                self.executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                    initializer=_watch_parent, initargs=(os.getpid(),))
            return self.executor.submit(choose, request)

    def close(self) -> None:
        with self.lock:
            if self.executor is not None:
                processes = list((getattr(self.executor, "_processes", None) or {}).values())
                self.executor.shutdown(wait=False, cancel_futures=True)
                for process in processes:
                    process.terminate()   # a bot thinking now stops with the server
                self.executor = None


def _watch_parent(parent: int) -> None:
    """In a worker: end when the server's process has gone (a server killed leaves no worker behind)."""
    def watch():
        while True:
            if os.getppid() != parent:
                os._exit(0)
            time.sleep(1)
    threading.Thread(target=watch, daemon=True).start()


_GAMES: dict = {}


def _game(ref: str):
    from ..games import resolve
    game = _GAMES.pop(ref, None) or resolve(ref)[0]
    _GAMES[ref] = game   # (the last used last: the oldest goes first)
    while len(_GAMES) > GAMES_KEPT:
        _GAMES.pop(next(iter(_GAMES)))
    return game


def request_for(session, seat: int, spec: str) -> dict:
    """What a worker is sent to think for `seat` (with the game's lock held): the game as a save holds it."""
    return {"ref": session.game_ref, "players": session.state.num_players, "seed": session.seed,
            "options": list(session.options), "inputs": session.inputs or {}, "position": session.position,
            "moves": list(session.state.history), "seat": seat, "spec": spec, "bot_seed": session.seed * 8 + seat}


def choose(request: dict) -> dict:
    """In a worker: the move's text the bot of the request's seat chooses, and this process's id."""
    from ...engine.bots import parse_spec
    from ..savefile import Saved, replay_moves, start
    game = _game(request["ref"])
    saved = Saved(request["ref"], request["players"], request["seed"], request["options"], request["moves"],
                  request["inputs"], request["position"])
    state = start(game, saved)
    replay_moves(state, saved.moves)
    bot = parse_spec(request["spec"]).make(seed=request["bot_seed"])
    move = bot.choose(state, request["seat"])
    return {"text": move.text, "moves": len(state.history), "pid": os.getpid()}
