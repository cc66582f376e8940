"""A game played by its native module: random playouts, perft, and the moves of a playout in the
interpreter's words (so that the interpreter can replay them)."""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, NamedTuple, Optional, Union, cast

from ...grammar import nodes as N
from ...grammar.types import DIRECTIONS
from ..analysis.playout import GameRecord, Summary
from ..run.journal import rollback
from .areas import module_place_name
from .attributes import PieceAttributes, needs_attributes, piece_text
from .build import compile_entry, load_module, module_key, module_source
from .by_itself import begins_by_itself
from .chance import chance_points, option_values
from .choices import answer_text
from .generator import with_generator
from .layout import HEADER, HandOffError, Layout
from .lists import list_capacities
from .start import entry_path as start_entry
from .start import read_start, write_start
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
        _import_numba()
        import numpy  # noqa: F401
    except ImportError as err:  # (also what a broken install raises)
        return str(err)
    return None


def _import_numba() -> None:
    """numba imported; the first time, and where the working folder has no `.numba_config.yaml` (the one file numba
    reads YAML for), without numba's import of PyYAML when that is installed (~5-10 ms of every start, which numba
    then never uses: its config finds no file to read)."""
    if "numba" in sys.modules:
        return
    unused = "yaml" not in sys.modules and not os.path.exists(".numba_config.yaml")
    if unused:
        sys.modules["yaml"] = None  # type: ignore[assignment]  # (its import raises ImportError: numba goes on without)
    try:
        import numba  # noqa: F401
    finally:
        if unused and "yaml" in sys.modules and sys.modules["yaml"] is None:
            del sys.modules["yaml"]


class NativeGame:
    """One game at one player count, compiled: from `game` (a loader.Game) with these options."""

    def __init__(self, game, players: Optional[int] = None, options=(), say: Optional[Callable[[str], None]] = None,
                 start=None):
        """`start`: an interpreter's state of the game to start from (its seed chosen by the caller: a start that
        draws at random is then the one drawn), instead of the game's own start."""
        missing = numba_missing()
        if missing is not None:
            raise NativeUnavailable(f"numba is not installed ({missing})")
        self.game = game.played_as(tuple(options))
        self.options = tuple(options)
        self.players = players if players is not None else game.min_players
        self.say = say
        self.compile_seconds: dict[str, float] = {}  # each entry point compiled (or read from the cache) so far
        self._layout: Optional[Layout] = None
        self._chance_points: Optional[tuple] = None
        self._layout_translated = False  # (a cached start's layout is made with the translation: `layout`)
        # (a start given by the caller is never kept: only the game's own start is)
        entry = start_entry(self.game, self.players, self.options) if start is None else None
        if entry is None or not self._cached_start(entry):
            self._made_start(entry, start)

    def _cached_start(self, entry) -> bool:
        """The start read from its entry beside the module (engine/native/start.py): no state of the
        interpreter's is built, nothing translated, no entry point called. False: there is no good entry."""
        import numba
        import numpy as np
        found = read_start(entry)
        if found is None or found["numba"] != numba.__version__:
            return False
        self.actions = [(action, list(kinds)) for action, kinds in found["actions"]]  # (as the translator gives them)
        self.space_names, self.seat_names = list(found["space_names"]), list(found["seat_names"])
        self.start = np.zeros(found["size"], np.int64)
        self.start[:len(found["start"])] = found["start"]
        self.begun = self.start
        if found["begun"] is not None:
            self.begun = np.zeros(found["size"], np.int64)
            self.begun[:len(found["begun"])] = found["begun"]
        self.native_setup = bool(found["native_setup"])
        self.start_drew = bool(found["start_drew"])  # (perft's start drew: its report says chance was met)
        self.choice_kinds = list(found["choice_kinds"])
        self._layout_translated = not found["plain"]
        self.module = load_module(found["module"], None)
        return True

    def _made_start(self, entry, start) -> None:
        """The start made from the interpreter's (its layout, the translation, the module), and its entry."""
        import numba
        state = start if start is not None else self.game.new_state(seed=0, players=self.players,
                                                                     options=self.options)
        name, source, translator = self._translated(state, start is not None)
        self.module = load_module(name, source)
        # the interpreter's start with seed 0, where perft, the divide and a position's moves begin by default;
        # and the vector a series begins each game from: that start, or (a start that draws) the construction's,
        # the start made anew in each game by the native setup (chance.py)
        assert self._layout is not None
        self.begun = self._begin_by_itself(self._layout.encode(state), state)
        self.start = self.begun
        if self.native_setup:
            built = self.game.new_state(seed=0, players=self.players, options=self.options)
            rollback(built, 0, restore_rng=False)  # (the start taken back, as State.restart takes it back)
            self.start = self._layout.encode_construction(built)
        if self.chance_points[1] is not None:  # (perft's start draws as the interpreter's generator: generator.py)
            self.begun = with_generator(self._layout, state, self.begun)
        self.space_names, self.seat_names = self._layout.space_names, self._layout.seat_names
        if entry is not None:
            # (a layout that the translation adds to, a game with attributes or questions, is made with the
            # translation after a cached start; another is whole from the interpreter's start alone)
            plain = not (self.native_setup or translator.choosing or self._layout.attributes is not None
                         or any(where is not None for where in self.chance_points))
            write_start(entry, name, source, numba.__version__, self.start.tolist(),
                        None if self.begun is self.start else self.begun.tolist(),
                        [[action, list(kinds)] for action, kinds in self.actions], self.space_names, self.seat_names,
                        self.native_setup, self.start_drew, self.choice_kinds, plain)

    def _translated(self, state, given: bool) -> tuple:
        """The layout of the interpreter's `state` (`given`: a start the caller gave, which every game of a series
        begins at) and the translation of the rules on it: the module's name, its source, and the translator."""
        self._layout = self._new_layout(state)
        if given:
            self._layout.native_setup = False  # (every game of a series begins at the start given)
        self.native_setup = self._layout.native_setup
        self.start_drew = bool(state.setup_draws)  # (perft's start drew: its report says chance was met)
        source, translator = module_source(self.game, self._layout, self.options)
        self.actions = translator.actions
        self.choice_kinds = translator.choice_kinds if translator.choosing else []
        name = f"{self.game.name.replace('-', '_')}_{self.players}p_{module_key(source)}"
        return name, source, translator

    @property
    def chance_points(self) -> tuple:
        """(where the start draws, where a move draws), each None if it does not (chance.chance_points)."""
        if self._chance_points is None:
            self._chance_points = chance_points(self.game.analysis.checked)
        return self._chance_points

    def _new_layout(self, state) -> Layout:
        checked = self.game.analysis.checked
        attributes = PieceAttributes(checked, state) if needs_attributes(checked) else None
        made = any(isinstance(node, N.Place) for node in N.walk(checked.module))
        return Layout(state, list(checked.symbols.kinds), native_variables(checked), attributes, made,
                      chance=any(where is not None for where in chance_points(checked)),
                      lists=list_capacities(checked, option_values(self.game, self.options), state.n))

    @property
    def layout(self) -> Layout:
        """The game's layout (the hand-off of a position): built from the interpreter's start when first asked
        for, after a cached start (which has the start's vectors and names alone), with the translation when the
        layout needs it to be whole (pieces with attributes, questions, draws)."""
        if self._layout is None:
            state = self.game.new_state(seed=0, players=self.players, options=self.options)
            if not self._layout_translated:
                self._layout = self._new_layout(state)
            else:
                # (the translation writes into the layout: the texts of the pieces' attributes, the room a
                # question takes; the module it gives is the one the start's entry named)
                name, _, _ = self._translated(state, False)
                if self.module.__name__ != f"mire_native_{name}":  # (not the module the entry named: made anew)
                    self.compile_seconds.clear()
                    self._made_start(None, None)
        assert self._layout is not None
        return self._layout

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
            module.playout_moves(start, 0, 0, 1, np.zeros((1, width + 1), np.int64),
                                 np.zeros(5 + self.players, np.int64))
        elif name in ("perft", "perft_drawing"):
            getattr(module, name)(self.begun.copy(), 1, np.zeros(1, np.int64),
                                  np.zeros((1, len(END_KINDS) + 1, (1 << self.players) + 1), np.int64))
        elif name == "legal_moves":
            module.legal_moves(self.begun, np.zeros((most, width), np.int64))
        elif name == "perft_after":
            out = np.zeros((most, width), np.int64)
            begun = self.begun.copy()
            if module.legal_moves(begun, out):
                module.perft_after(begun, out[0], 1, np.zeros(1, np.int64),
                                   np.zeros((0, len(END_KINDS) + 1, (1 << self.players) + 1), np.int64))
        elif name == "applied":
            out = np.zeros((most, width), np.int64)
            if module.legal_moves(self.begun, out):  # (a start without moves never asks for a move's position)
                module.applied(self.begun, out[0])
        elif name == "rollout":
            module.rollout(start, np.zeros(1 + 2 * module.JCAP, np.int64), np.zeros((most, width), np.int64), 0, 0,
                           np.zeros(4, np.int64))

    # ------------------------------------------------------------ positions
    def encode(self, state):
        """The interpreter's position as this game's native state (HandOffError if it cannot hold it)."""
        return self._begin_by_itself(self.layout.encode(state), state)

    def _begin_by_itself(self, st, state):
        """A position of the interpreter's that waits at the first question of a move begun by itself (an action
        each turn) is handed over as the position before it: the move is begun again natively (by_itself.py)."""
        import numpy as np
        if not begins_by_itself(state):
            return st
        if not hasattr(self, "begun"):
            self.begun = self.start = st  # (what the warm-up of the entry points reads)
        rows = self.moves(st)
        if len(rows) != 1:
            raise HandOffError("a move begun by itself that the native listing does not find alone")
        return self.entry("applied")(st, np.asarray(rows[0], dtype=np.int64))

    def moves(self, st=None) -> list[list[int]]:
        """The legal moves of a native position (the start by default), as rows (action, arguments...)."""
        import numpy as np
        out = np.zeros((self.module.MAXMOVES, self.module.WIDTH), np.int64)
        n = self.entry("legal_moves")(self.begun if st is None else st, out)
        return [list(map(int, out[k])) for k in range(n)]

    def move_text(self, row, st=None) -> str:
        """A native move in the interpreter's words: `step b2 b3`; a piece named as Move.text names it, read on the
        native position `st` the move is made from (the start by default)."""
        if int(row[0]) == len(self.actions):  # (an answer to a question in the middle of a move)
            return answer_text(row, self.choice_kinds, self.layout, self.begun if st is None else st)
        name, kinds = self.actions[int(row[0])]
        grown = None
        if getattr(self.module, "NAREAS", 0) and "space" in kinds:
            # (a space of an area the listing made is named on the position after the move, which made it too:
            # the listing grows a copy, areas.py)
            import numpy as np
            mv = np.asarray(row, np.int64)[:self.module.WIDTH].copy()
            grown = self.entry("applied")(self.begun if st is None else st, mv)
        words = [name]
        column = 1
        for kind in kinds:
            if kind.startswith("list of "):
                # (a list: its length, then its items, in LISTCAP columns: blocks.py)
                length = int(row[column])
                items = [self._value_text(kind[len("list of "):], int(v), st)
                         for v in row[column + 1:column + 1 + length]]
                words.append("[" + ", ".join(items) + "]")
                column += 1 + self.module.LISTCAP
                continue
            words.append(self._value_text(kind, int(row[column]), st, grown))
            column += 1
        return " ".join(words)

    def _value_text(self, kind: str, value: int, st=None, grown=None) -> str:
        if kind == "space":
            named = None if grown is None else module_place_name(self.module, value, grown)
            return self.space_names[value] if named is None else named
        if kind == "player":
            return self.seat_names[value]
        if kind == "dir":  # (a direction: its name, as Move.text)
            return DIRECTION_NAMES[value]
        if kind.startswith("enum "):  # (an enum's value: its name, boards.py)
            return kind.split()[1 + value]
        if kind == "text":
            return self.layout.attributes.texts[value]
        if kind == "piece":
            return piece_text(self.layout, self.begun if st is None else st, value)
        return str(value)

    def outcome(self, kind: int, who: int) -> NativeOutcome:
        """winners and draw of an ended game, as the interpreter's ending.standing and outcome work them out: a game
        nobody won is a draw (`lose` in a game of one player too, before edition 3)."""
        ending = _KIND_NAMES[kind]
        if ending == "win":
            winners: tuple = (who,) if who >= 0 else ()
        elif ending == "shared":
            winners = tuple(i for i in range(self.players) if who >> i & 1)
        elif ending == "lose":
            winners = tuple(i for i in range(self.players) if i != who)
        else:  # draw; finish without score or ranking (translate.py refuses those)
            winners = ()
        if self.players == 1 and self.game.compiled.edition >= 3:  # (results of one player's own: ending.solo)
            return NativeOutcome(winners, ending in ("draw", "finish"))
        return NativeOutcome(winners, not winners)

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
        moves, outcome, _ = self.playout_with_draws(seed, index, max_moves)
        return moves, outcome

    def playout_with_draws(self, seed: int, index: int = 0, max_moves: int = 10000) \
            -> tuple[list[str], Optional[NativeOutcome], "NativeDraws"]:
        """playout(), and the outcome of every draw the game made (NativeDraws), which replay it through the
        interpreter draw for draw: `game.new_state(chance=draws.start)`, then each move applied with
        `chance=draws.moves[k]`."""
        import numpy as np
        width = self.module.WIDTH
        moves = np.zeros((max_moves, width + 1), np.int64)
        result = np.zeros(5 + self.players, np.int64)
        st = self.entry("playout_moves")(self.start, seed, index, max_moves, moves, result)
        length, over, kind, who = map(int, result[:4])
        drawn = int(st[self.module.NDRAWN])
        if drawn > self.layout.draw_cap:
            raise ValueError(f"the game made {drawn} draws, more than the log holds ({self.layout.draw_cap})")
        log = [int(x) for x in st[self.layout.draw_log:self.layout.draw_log + drawn]]
        ends = [int(result[4 + self.players])] + [int(moves[k, width]) for k in range(length)]
        draws = NativeDraws(tuple(log[:ends[0]]), [tuple(log[ends[k]:ends[k + 1]]) for k in range(length)])
        outcome = None
        if over:
            outcome = self.outcome(kind, who)
            if self.module.HAS_SCORE:  # (the scores, as the interpreter's Outcome has them)
                outcome = NativeOutcome(outcome.winners, outcome.draw, {p: int(result[4 + p]) for p in
                                                                        range(self.players)})
        if not any(kind == "piece" for _, kinds in self.actions for kind in kinds) \
                and "piece" not in self.choice_kinds and not getattr(self.module, "NAREAS", 0):
            return [self.move_text(moves[k]) for k in range(length)], outcome, draws
        # (a piece is named by where it is and how it looks: each move's position, made again move by move from
        # the game's start)
        texts, applied = [], self.entry("applied")
        st = self.start_of(seed, index) if self.native_setup else self.start
        if self.choice_kinds:
            # (a move that waits at a question keeps its journal: the answer takes the effect back and runs it
            # again, as the playout does)
            st, journal, apply = st.copy(), np.zeros(1 + 2 * self.module.JCAP, np.int64), self.entry("apply_move")
            for k in range(length):
                texts.append(self.move_text(moves[k], st))
                apply(st, journal, moves[k, :width].copy())
                if st[self.module.QPARTS] == 0:
                    journal[0] = 0
            return texts, outcome, draws
        for k in range(length):
            texts.append(self.move_text(moves[k], st))
            st = applied(st, moves[k, :width].copy())
        return texts, outcome, draws

    def start_of(self, seed: int, index: int = 0):
        """The native vector at the start of game `index` of a series with `seed` (its start made anew when it
        draws): what the tests read the start's distribution from."""
        import numpy as np
        width = self.module.WIDTH
        return self.entry("playout_moves")(self.start, seed, index, 0, np.zeros((0, width + 1), np.int64),
                                           np.zeros(5 + self.players, np.int64))

    def perft(self, depth: int, st=None, terminals: Optional[list] = None, drew: Optional[list] = None) -> list[int]:
        """The sequences of 1 .. depth moves from a native position (the start by default). Given a list,
        `terminals` gets one dict per depth as perft.tally makes them: the games that end with the move at that
        depth, by result; `drew` gets the number of draws the walk made."""
        import numpy as np

        from ..analysis.perft import new_tally
        counts = np.zeros(depth, np.int64)
        ends = np.zeros((depth if terminals is not None else 0, len(END_KINDS) + 1, (1 << self.players) + 1),
                        np.int64)
        if drew is None:
            self.entry("perft")(self.begun if st is None else st, depth, counts, ends)
        else:
            drew.append(int(self.entry("perft_drawing")(self.begun if st is None else st, depth, counts, ends)))
        if terminals is not None:
            terminals[:] = [new_tally() for _ in range(depth)]
            for d, kind, who in zip(*np.nonzero(ends)):
                self._tally(terminals[d], self.outcome(int(kind), int(who) - 1), int(ends[d, kind, who]))
        return [int(c) for c in counts]

    def _tally(self, t: dict, outcome: NativeOutcome, times: int) -> None:
        t["ended"] += times
        if outcome.draw:
            t["draws"] += times
        elif not outcome.winners:  # (a loss with nobody to win, as perft.tally counts it)
            t["losses"] = t.get("losses", 0) + times
        elif len(outcome.winners) == 1:
            name = self.seat_names[outcome.winners[0]]
            t["wins"][name] = t["wins"].get(name, 0) + times
        else:
            t["shared"] += times

    def perft_report(self, depth: int, terminals: Union[bool, str] = False, divide: bool = True, seed: int = 0):
        """perft from the start as engine/perft.py reports it: the interpreter's start with `seed` (a start that
        draws is the seed's, as the interpreter's perft counts it with `--chance sample`; a game whose moves draw
        draws as the interpreter's generator with `seed` does: generator.py). `terminals` as perft.Terminals: none,
        every depth's, or ("played") those of the depths before the last, whose moves the walk plays anyway (the
        last depth's moves are counted, not played: their draws are not met)."""
        from ..analysis.perft import PerftReport, new_tally
        played = terminals == "played"
        ends: Optional[list] = [] if terminals and not played else None
        # (the start drew: the setup, or a trigger at the first turn's start, which chance_points counts a move's)
        start_drew = self.start_drew
        if seed != 0:
            state = self.game.new_state(seed=seed, players=self.players, options=self.options)
            start_drew = bool(state.setup_draws)
            st = self.encode(state)
            if self.chance_points[1] is not None:  # (the moves draw as the interpreter's generator: generator.py)
                st = with_generator(self.layout, state, st)
        else:
            st = self.begun
        drew: Optional[list] = [] if self.chance_points[1] is not None else None
        counts = self.perft(depth, st, terminals=ends, drew=drew)
        if played:  # (the depths before the last: a walk one shorter plays their moves, and tallies their ends)
            ends = []
            if depth > 1:
                self.perft(depth - 1, st, terminals=ends)
            ends.append(new_tally())
        # (chance met: a start that drew, or a draw in a move the walk played, as the interpreter's report says)
        return PerftReport(counts, self.divide(depth, st) if divide else [], ends,
                           met_chance=start_drew or bool(drew and drew[0]))

    def divide(self, depth: int, st=None) -> list[tuple[str, int]]:
        """Each first move from a native position (the start by default), and the sequences of `depth` moves
        that begin with it."""
        import numpy as np
        st = self.begun if st is None else st
        out = []
        ends = np.zeros((0, len(END_KINDS) + 1, (1 << self.players) + 1), np.int64)
        for row in self.moves(st):
            counts = np.zeros(max(1, depth - 1), np.int64)
            if depth > 1:  # (a move waiting at a question goes on from its journal: perft_after keeps it)
                self.entry("perft_after")(st, np.array(row, np.int64), depth - 1, counts, ends)
            out.append((self.move_text(row, st), 1 if depth == 1 else int(counts[-1])))
        return out


DIRECTION_NAMES = list(DIRECTIONS)


class NativeDraws(NamedTuple):
    """The outcome of each draw of a native game, as the interpreter's chance script takes them: the start's
    (`new_state(chance=start)`), then each move's (`apply(move, chance=moves[k])`)."""
    start: tuple
    moves: list


__all__ = ["NativeGame", "NativeOutcome", "NativeDraws", "NativeUnavailable", "HandOffError", "Unsupported", "HEADER"]
