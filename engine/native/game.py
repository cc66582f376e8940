"""A game played by its native module: random playouts, perft, and the moves of a playout in the
interpreter's words (so that the interpreter can replay them)."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional, cast

from ...grammar import nodes as N
from ..analysis.playout import GameRecord, Summary
from .build import compile_entry, load_module, module_key, module_source
from .layout import HEADER, HandOffError, Layout
from .translate import END_KINDS, Unsupported, native_variables

_KIND_NAMES = {v: k for k, v in END_KINDS.items()}


class NativeUnavailable(ImportError):
    """numba cannot be imported here: the interpreter plays instead."""


class NativeOutcome(NamedTuple):
    """How a native game ended, as the summaries read an interpreter's Outcome."""
    winners: tuple
    draw: bool
    scores: Optional[dict] = None


def numba_missing() -> Optional[str]:
    """None when numba imports, else why not."""
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ImportError as err:  # (also what a broken install raises)
        return str(err)
    return None


class NativeGame:
    """One game at one player count, compiled: from `game` (a loader.Game) with these options."""

    def __init__(self, game, players: Optional[int] = None, options=(), say: Optional[Callable[[str], None]] = None):
        missing = numba_missing()
        if missing is not None:
            raise NativeUnavailable(f"numba is not installed ({missing})")
        self.game = game.played_as(tuple(options))
        self.options = tuple(options)
        self.players = players if players is not None else game.min_players
        state = self.game.new_state(seed=0, players=self.players, options=self.options)
        checked = self.game.analysis.checked
        self.layout = Layout(state, list(checked.symbols.kinds), native_variables(checked))
        source, translator = module_source(self.game, self.layout)
        if state.setup_draws:
            raise Unsupported(_start_span(checked), "a start that draws at random")
        self.actions = translator.actions
        self.source = source
        key = module_key(source)
        name = f"{self.game.name.replace('-', '_')}_{self.players}p_{key}"
        self.module = load_module(name, source)
        self.start = self.layout.encode(state)
        self.say = say
        self.compile_seconds: dict[str, float] = {}  # each entry point compiled (or read from the cache) so far

    def entry(self, name: str):
        """The module's function `name`, compiled (or read from numba's cache) at its first use."""
        if name not in self.compile_seconds:
            self.compile_seconds[name] = compile_entry(self.module, name, lambda: self._warm_up(name), self.say,
                                                       self.game.title)
        return getattr(self.module, name)

    def _warm_up(self, name: str) -> None:
        """Call an entry point once, with the types it is always called with, on the start."""
        import numpy as np
        module, start = self.module, self.start.copy()
        width, most = module.WIDTH, module.MAXMOVES
        if name == "playouts":
            module.playouts(start, 0, 0, 0, 1, np.zeros((0, 4), np.int64))
        elif name == "playout_moves":
            module.playout_moves(start, 0, 0, 1, np.zeros((1, width), np.int64), np.zeros(4 + self.players, np.int64))
        elif name == "perft":
            module.perft(start, 1, np.zeros(1, np.int64),
                         np.zeros((1, len(END_KINDS) + 1, (1 << self.players) + 1), np.int64))
        elif name == "legal_moves":
            module.legal_moves(start, np.zeros((most, width), np.int64))
        elif name == "applied":
            out = np.zeros((most, width), np.int64)
            if module.legal_moves(start, out):  # (a start without moves never asks for a move's position)
                module.applied(start, out[0])
        elif name == "rollout":
            module.rollout(start, np.zeros(1 + 2 * module.JCAP, np.int64), np.zeros((most, width), np.int64), 0, 0,
                           np.zeros(4, np.int64))

    # ------------------------------------------------------------ positions
    def encode(self, state):
        """The interpreter's position as this game's native state (HandOffError if it cannot hold it)."""
        return self.layout.encode(state)

    def moves(self, st=None) -> list[list[int]]:
        """The legal moves of a native position (the start by default), as rows (action, arguments...)."""
        import numpy as np
        out = np.zeros((self.module.MAXMOVES, self.module.WIDTH), np.int64)
        n = self.entry("legal_moves")(self.start if st is None else st, out)
        return [list(map(int, out[k])) for k in range(n)]

    def move_text(self, row) -> str:
        """A native move in the interpreter's words: `step b2 b3`."""
        name, kinds = self.actions[int(row[0])]
        words = [name]
        for kind, value in zip(kinds, row[1:]):
            value = int(value)
            if kind == "space":
                words.append(self.layout.space_names[value])
            elif kind == "player":
                words.append(self.layout.seat_names[value])
            elif kind.startswith("enum "):  # (an enum's value: its name, boards.py)
                words.append(kind.split()[1 + value])
            else:
                words.append(str(value))
        return " ".join(words)

    def outcome(self, kind: int, who: int) -> NativeOutcome:
        """winners and draw of an ended game, as the interpreter's State._standing works them out."""
        ending = _KIND_NAMES[kind]
        if ending == "win":
            return NativeOutcome((who,) if who >= 0 else (), False)
        if ending == "shared":
            return NativeOutcome(tuple(i for i in range(self.players) if who >> i & 1), False)
        if ending == "lose":
            return NativeOutcome(tuple(i for i in range(self.players) if i != who), False)
        return NativeOutcome((), True)  # draw; finish without score or ranking (translate.py refuses those)

    # ------------------------------------------------------------ series and counts
    def summary(self, count: int, seed: int = 0, max_moves: int = 10000, first: int = 0,
                summary: Optional[Summary] = None) -> Summary:
        """Games first .. first + count - 1 of a series of random movers, as play_series sums them up."""
        import time

        import numpy as np
        if summary is None:
            summary = Summary(self.game.seat_names(self.players))
        results = np.zeros((count, 4), np.int64)
        playouts = self.entry("playouts")  # (compiled before the clock starts)
        began = time.perf_counter()
        playouts(self.start, seed, first, count, max_moves, results)
        summary.seconds += time.perf_counter() - began
        for length, over, kind, who in results.tolist():
            # (a NativeOutcome has what a summary reads of an Outcome: winners, draw, scores)
            summary.add(GameRecord(length, cast(Any, self.outcome(kind, who)) if over else None))
        return summary

    def playout(self, seed: int, index: int = 0, max_moves: int = 10000) -> tuple[list[str], Optional[NativeOutcome]]:
        """Game `index` of a series with `seed`: its moves in the interpreter's words, and how it ended (None:
        not over after max_moves moves)."""
        import numpy as np
        moves = np.zeros((max_moves, self.module.WIDTH), np.int64)
        result = np.zeros(4 + self.players, np.int64)
        self.entry("playout_moves")(self.start, seed, index, max_moves, moves, result)
        length, over, kind, who = map(int, result[:4])
        outcome = None
        if over:
            outcome = self.outcome(kind, who)
            if self.module.HAS_SCORE:  # (the scores, as the interpreter's Outcome has them)
                outcome = NativeOutcome(outcome.winners, outcome.draw, {p: int(result[4 + p]) for p in
                                                                        range(self.players)})
        return [self.move_text(moves[k]) for k in range(length)], outcome

    def perft(self, depth: int, st=None, terminals: Optional[list] = None) -> list[int]:
        """The sequences of 1 .. depth moves from a native position (the start by default). Given a list,
        `terminals` gets one dict per depth as perft.tally makes them: the games that end with the move at that
        depth, by result."""
        import numpy as np

        from ..analysis.perft import new_tally
        counts = np.zeros(depth, np.int64)
        ends = np.zeros((depth if terminals is not None else 0, len(END_KINDS) + 1, (1 << self.players) + 1),
                        np.int64)
        self.entry("perft")(self.start if st is None else st, depth, counts, ends)
        if terminals is not None:
            terminals[:] = [new_tally() for _ in range(depth)]
            for d, kind, who in zip(*np.nonzero(ends)):
                self._tally(terminals[d], self.outcome(int(kind), int(who) - 1), int(ends[d, kind, who]))
        return [int(c) for c in counts]

    def _tally(self, t: dict, outcome: NativeOutcome, times: int) -> None:
        t["ended"] += times
        if outcome.draw:
            t["draws"] += times
        elif len(outcome.winners) == 1:
            name = self.layout.seat_names[outcome.winners[0]]
            t["wins"][name] = t["wins"].get(name, 0) + times
        else:
            t["shared"] += times

    def perft_report(self, depth: int, terminals: bool = False, divide: bool = True):
        """perft from the start as engine/perft.py reports it (no chance: the native backend plays no game
        that draws)."""
        from ..analysis.perft import PerftReport
        ends: Optional[list] = [] if terminals else None
        counts = self.perft(depth, terminals=ends)
        return PerftReport(counts, self.divide(depth) if divide else [], ends)

    def divide(self, depth: int) -> list[tuple[str, int]]:
        """Each first move from the start, and the sequences of `depth` moves that begin with it."""
        import numpy as np
        out = []
        for row in self.moves():
            after = self.entry("applied")(self.start, np.array(row, np.int64))
            out.append((self.move_text(row), 1 if depth == 1 else self.perft(depth - 1, after)[-1]))
        return out


def _start_span(checked) -> Optional[N.Span]:
    """Where the start that draws is written: the first setup, else who goes first."""
    sym = checked.symbols
    if sym.setups:
        return sym.setups[0].span
    return sym.first.span if sym.first is not None else None


__all__ = ["NativeGame", "NativeOutcome", "NativeUnavailable", "HandOffError", "Unsupported", "HEADER"]
