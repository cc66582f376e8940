"""Post-move legality in the native backend: `ensure` and `repetitions(PART)` (docs/backends.md).

`ensure C`: a move whose effect reaches a false C is no move. The interpreter lists the moves, then tries each
one's effect and takes it back through its journal (State.unmet); the native lister does the same at the moment
it would write a move's row: the action's effect runs on a journal of its own (`tj`, allocated once a listing),
an `ensure` that fails sets the slot UNMET and returns from the effect, the journal is undone, and the row is
written only if UNMET stayed 0. An ending statement before an `ensure` makes the move legal, as the interpreter's
GameOver does; the triggers after the move are not run, as State.unmet does not run them.

`repetitions(PART)`: how many times the part as it is now (the pieces of some spaces or zones) has been met at the
start of a turn. The interpreter keeps a count per key (engine/run/repetition.py, `part_key`); the native state
keeps, per part, a history of the part's hashes at each turn's start: HCOUNT_i (before the pieces: the journal
and a playout's reset restore it) and the hashes themselves after the pieces (written once each, never changed:
an entry past HCOUNT_i is unreachable, so a write there needs no journal). A count is the entries equal to the
part's hash now.

The hash is of the sequence the interpreter's key is made of: for each item of PART in order, a space with pieces
or any zone, its place's index, its number of pieces and each piece's (kind, owner) code, top first (an empty
space is left out, as `part_key` leaves it out). Two keys are the same exactly when their sequences are. Each
sequence is hashed twice, by two differently keyed 64-bit mixes (splitmix64's finaliser), and two positions
count as the same when both hashes agree: 128 bits. Why that suffices instead of comparing the slots: a wrong
count needs two different sequences to agree in 128 bits; a game compares each of its Q parts' hashes with its H
entries (Go 5 x 5: H <= 150 turns, Q <= 150 x 26 moves tried), so a series of 10^9 such games makes fewer than
10^9 x 150 x 3,900 = 6 x 10^14 comparisons, each wrong with a chance of about 2^-128 = 3 x 10^-39: under 10^-24
in all. Storing each entry's slots to compare them would cost a part's size a turn (the history is bounded by
HCAP entries, 16,384 turns a game: a longer game stops with an error, never a different count).

A piece's key in the interpreter holds its face, turns and attributes too: a game whose kinds have attributes is
refused here (the native pieces hold only kind and owner, and every native piece is face up, unturned).
"""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N
from ...grammar.symbols import Checked

HCAP = 1 << 14  # the turns' starts a history holds (a game longer than that stops with an error)
TCAP = 1 << 12  # the writes the effect of one move tried for its `ensure`s may make
_MASK = (1 << 64) - 1
# the two keys of the hashes (their starts, and the multiplier of a value taken in)
_SEEDS = ((0x243F6A8885A308D3, 0x9E3779B97F4A7C15), (0x13198A2E03707344, 0xD1B54A32D192ED03))
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def compared_parts(checked: Checked) -> list[N.Expr]:
    """The argument of each `repetitions(PART)` call, in the order the interpreter's compiler numbers them
    (engine/build/expressions.py, `compared_parts`): part i's counts are its key ("part", i, ...)."""
    sym = checked.symbols
    return [n.args[0] for n in N.walk(checked.module) if isinstance(n, N.Call) and n.func == "repetitions"
            and n.func not in sym.defs and len(n.args) == 1]


def has_ensures(checked: Checked) -> bool:
    return any(isinstance(n, N.Ensure) for a in checked.symbols.actions.values() for n in N.walk(a))


# ---------------------------------------------------------------- the slots (layout.py calls these)

class LegalitySlots:
    """The slots of the state vector for `ensure` (UNMET) and each compared part's history."""

    def __init__(self, state):
        game = state.game
        self.ensures = any(a.ensures for a in game.actions)
        # (the whole position, when the rules read `repetitions`: one more history, the last: positions.py)
        self.whole = bool(getattr(game, "tracks_positions", False))
        self.parts = len(game.compared_parts) + (1 if self.whole else 0)
        self.unmet = -1
        self.counts: list[int] = []  # HCOUNT_i
        self.histories: list[int] = []  # HIST_i: 2 slots an entry (the two hashes)
        self.place_of: dict = {}  # an interpreter's key item's place -> the native place's index

    def before_pieces(self, at: int) -> int:
        """Allocate the slots that a playout's reset and the journal restore (before PIECES); the next free. (It
        may be asked again, once the rules are translated: Layout.reserve_pending.)"""
        self.counts = []
        if self.ensures:
            self.unmet = at
            at += 1
        for _ in range(self.parts):
            self.counts.append(at)
            at += 1
        return at

    def after_pieces(self, size: int) -> int:
        """Allocate the histories' entries (after the pieces); the vector's size."""
        self.histories = []
        for _ in range(self.parts):
            self.histories.append(size)
            size += 2 * HCAP
        return size

    def source(self) -> list[str]:
        lines = [f"HAS_ENSURE = {1 if self.ensures else 0}", f"HAS_REPETITIONS = {1 if self.parts else 0}",
                 f"TCAP = {TCAP}  # the writes of a move's effect tried for its `ensure`s",
                 f"HCAP = {HCAP}  # the turns' starts a part's history holds"]
        if self.ensures:
            lines.append(f"UNMET = {self.unmet}  # set by an `ensure` that fails while a move is tried")
        for i, (count, history) in enumerate(zip(self.counts, self.histories)):
            lines += [f"HCOUNT_{i} = {count}  # the entries of part {i}'s history (`repetitions`)",
                      f"HIST_{i} = {history}  # its entries: two hashes each"]
        return lines

    def encode(self, state, st, layout) -> None:
        """The interpreter's counts of each part (State.positions) as the histories: a key met c times is c
        entries of its hash."""
        if self.unmet >= 0:
            st[self.unmet] = 0
        if not self.parts:
            return
        for count in self.counts:
            st[count] = 0
        places = place_index(state, layout)
        kinds = {name: i for i, name in enumerate(layout.kinds)}
        for key, times in (state.positions or {}).items():
            if not (isinstance(key, tuple) and len(key) == 3 and key[0] == "part"):
                continue
            i = key[1]
            h1, h2 = hash_pair(_key_sequence(key[2], places, kinds, layout.players))
            n = int(st[self.counts[i]])
            if n + times > HCAP:
                from .layout import HandOffError
                raise HandOffError(f"more turns than the native history of a part holds ({HCAP})")
            for k in range(n, n + times):
                st[self.histories[i] + 2 * k] = signed(h1)
                st[self.histories[i] + 2 * k + 1] = signed(h2)
            st[self.counts[i]] = n + times
        if self.whole:
            from .positions import encode_whole
            encode_whole(self, state, st, layout)


def place_index(state, layout) -> dict:
    """Each item of a part's key (repetition.part_key) by what names it -> the native place's index."""
    out: dict = {}
    from .per_player import all_spaces
    for i, s in enumerate(all_spaces(state)):
        b = s.board
        out[("space", b.name, b.owner.index if b.owner is not None else None, s.name)] = i
    for k, (name, seat) in enumerate(layout.zone_places):
        out[("zone", name, seat)] = layout.board_spaces + k
    return out


def _key_sequence(key: tuple, places: dict, kinds: dict, players: int) -> list[int]:
    """The sequence hashed for a part's key: per item its place, its number of pieces, their codes top first."""
    from .layout import HandOffError
    seq: list[int] = []
    for item in key:
        if len(item) == 4:
            board, owner, name, pieces = item
            place = places.get(("space", board, owner, name))
        else:
            name, owner, pieces = item
            place = places.get(("zone", name, owner))
        if place is None:
            raise HandOffError(f"a place the native state does not hold is compared by `repetitions`: {item[:-1]}")
        seq += [place, len(pieces)]
        for kind, who, up, turns, attrs in reversed(pieces):
            if not up or turns % 4 or attrs:
                raise HandOffError("a piece face down, turned or with attributes is compared by `repetitions`")
            seq.append(kinds[kind] * (players + 1) + (who if who is not None else -1) + 1)
    return seq


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


def hash_pair(seq: list[int]) -> tuple[int, int]:
    """The two hashes of a sequence, as `absorb` computes them in the compiled code (unsigned 64 bits)."""
    out = []
    for start, times in _SEEDS:
        h = start
        for v in seq:
            h = _mix((h ^ ((v * times) & _MASK)) + 0x9E3779B97F4A7C15 & _MASK)
        out.append(h)
    return out[0], out[1]


def signed(h: int) -> int:
    return h - (1 << 64) if h >= 1 << 63 else h


# the compiled helpers (appended to the module by translate.py when a game reads `repetitions`)
REPETITION_HELPERS = f'''

H_SEED1 = np.uint64({_SEEDS[0][0]:#x})
H_TIMES1 = np.uint64({_SEEDS[0][1]:#x})
H_SEED2 = np.uint64({_SEEDS[1][0]:#x})
H_TIMES2 = np.uint64({_SEEDS[1][1]:#x})


@njit(cache=True)
def absorb(h, v, times):
    # a value taken into a hash (legality.hash_pair is the same in Python)
    z = (h ^ (np.uint64(v) * times)) + K_GOLDEN
    z = (z ^ (z >> np.uint64(30))) * K_MIX1
    z = (z ^ (z >> np.uint64(27))) * K_MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def part_hashes(st, items):
    # the two hashes of a part (engine/native/legality.py): each space with pieces and each zone, in order, as
    # its place, its number of pieces and their (kind, owner) codes, top first
    h1 = H_SEED1
    h2 = H_SEED2
    for x in items:
        n = count_at(st, x)
        if n == 0 and x < NBOARDSPACES:
            continue
        h1 = absorb(h1, x, H_TIMES1)
        h2 = absorb(h2, x, H_TIMES2)
        h1 = absorb(h1, n, H_TIMES1)
        h2 = absorb(h2, n, H_TIMES2)
        p = st[TOP + x]
        while p >= 0:
            code = st[PIECES + PSTRIDE * p] * (NP + 1) + st[PIECES + PSTRIDE * p + 1] + 1
            h1 = absorb(h1, code, H_TIMES1)
            h2 = absorb(h2, code, H_TIMES2)
            p = st[PIECES + PSTRIDE * p + 3]
    return np.int64(h1), np.int64(h2)


@njit(cache=True)
def times_in_history(st, count_slot, history, h1, h2):
    # the entries of a history (a part's, or the whole position's: positions.py) equal to the hashes (h1, h2)
    met = 0
    for k in range(st[count_slot]):
        if st[history + 2 * k] == h1 and st[history + 2 * k + 1] == h2:
            met += 1
    return met


@njit(cache=True)
def note_in_history(st, jr, count_slot, history, h1, h2):
    # a turn starts: the hashes (h1, h2) of what a history keeps, as it is now, are one more entry of it (the entry
    # itself needs no journal: past its count it is never read)
    n = st[count_slot]
    if n >= HCAP:
        raise ValueError("a game went on for more turns than the native history of `repetitions` holds")
    st[history + 2 * n] = h1
    st[history + 2 * n + 1] = h2
    w(st, jr, count_slot, n + 1)


@njit(cache=True)
def times_met(st, count_slot, history, items):
    # repetitions(PART): the entries of the part's history equal to it now
    h1, h2 = part_hashes(st, items)
    return times_in_history(st, count_slot, history, h1, h2)


@njit(cache=True)
def note_part(st, jr, count_slot, history, items):
    # a turn starts: the part as it is now is one more entry of its history
    h1, h2 = part_hashes(st, items)
    note_in_history(st, jr, count_slot, history, h1, h2)
'''


class LegalityTranslation:
    """Translator's part for `ensure` and `repetitions` (a mixin: it reads the Translator's attributes)."""

    if TYPE_CHECKING:  # (what it reads of the Translator)
        checked: Checked
        sym: Any
        layout: Any

        def expr(self, e: N.Expr, env: dict) -> str: ...
        def type_of(self, e: N.Node) -> Any: ...
        def is_def(self, name: str) -> bool: ...
        def scalar_list(self, e: N.Expr) -> bool: ...
        def list_value(self, e: N.Expr, env: dict) -> str: ...
        def said(self, span: N.Span) -> str: ...
        def fresh(self, name: str) -> str: ...

    @cached_property
    def parts(self) -> list[N.Expr]:
        return compared_parts(self.checked)

    def ensure_lines(self, s: N.Ensure, env: dict, pad: str) -> list[str]:
        from .translate import Unsupported
        if not getattr(self, "in_action", False):
            raise Unsupported(s.span, "`ensure` outside an action's effect")
        return [f"{pad}if not {self.expr(s.test, env)}:", f"{pad}    st[UNMET] = 1", f"{pad}    return"]

    def repetitions_expr(self, e: N.Call, env: dict) -> Optional[str]:
        """repetitions(PART) as source, or None for another call."""
        from .translate import Unsupported
        if e.func != "repetitions" or self.is_def(e.func):
            return None
        index = next((i for i, part in enumerate(self.parts) if part is e.args[0]), None) if e.args else None
        if index is None:
            raise Unsupported(e.span, "`repetitions` of the whole position")
        return f"times_met(st, HCOUNT_{index}, HIST_{index}, part_items_{index}(st, mover))"

    def part_items(self, index: int, part: N.Expr) -> list[str]:
        """part_items_i(st, mover): the places part i compares, in the interpreter's order."""
        from .translate import Unsupported
        kinds = self.sym.kinds
        attributed = next((k for k in kinds.values() if getattr(k, "attrs", None)), None)
        if attributed is not None:
            raise Unsupported(part.span, "`repetitions` in a game whose pieces have attributes")
        t = self.type_of(part)
        if t.is_list and (t.element.base in ("space", "zone", "any") or self.scalar_list(part)):
            items = self.list_value(part, {})
        elif not t.is_list and t.base in ("space", "zone", "any"):  # (a place: a space, a zone, or either)
            items = f"np.array([{self.expr(part, {})}], dtype=np.int64)"
        else:
            raise Unsupported(part.span, "`repetitions` of something else than spaces or zones")
        return ["", f"# {self.said(part.span) or 'a part compared by repetitions'}", "@njit(cache=True)",
                f"def part_items_{index}(st, mover):", f"    return {items}"]

    def legality_functions(self) -> list[str]:
        """The parts' functions and record_positions (what a turn's start notes), written after the rules."""
        out: list[str] = []
        whole = self.whole_index()  # type: ignore[attr-defined]  # (positions.py)
        if self.parts or whole is not None:
            out.append(REPETITION_HELPERS)
        for i, part in enumerate(self.parts):
            out += self.part_items(i, part)
        out += ["", "@njit(cache=True)", "def record_positions(st, jr):",
                "    # a turn starts: each part compared by `repetitions` is noted as it is now",
                "    mover = st[TURN]"]
        out += [f"    note_part(st, jr, HCOUNT_{i}, HIST_{i}, part_items_{i}(st, mover))"
                for i in range(len(self.parts))] + self.whole_note() or ["    return"]  # type: ignore[attr-defined]
        # (solve's memo tells positions apart by their histories too, as the interpreter's key holds its counts:
        # an order-free sum of the entries' hashes, each part's its own)
        out += ["", "@njit(cache=True)", "def history_digest(st):",
                "    # the histories of `repetitions` as one number, whatever the order of their entries",
                "    digest = np.uint64(0)"]
        for i in range(len(self.parts) + (whole is not None)):
            out += [f"    for k in range(st[HCOUNT_{i}]):",
                    f"        h = absorb(np.uint64(st[HIST_{i} + 2 * k]), st[HIST_{i} + 2 * k + 1] ^ {i}, K_INDEX)",
                    "        digest += h"]
        return out + ["    return np.int64(digest)"]

    def tried_row(self, index: int, args: list[str], pad: str, written: list[str]) -> list[str]:
        """The lines that write a move's row (`written`), kept only if its effect meets its `ensure`s."""
        call = ", ".join(["st", "tj", "mover"] + args)
        # (in a game that draws, perft's tally of the draws is taken back too: a try draws nothing of the game's)
        drawn = self.fresh("tried_draws")
        tally = [f"{pad}{drawn} = st[MTDRAWS]"] if self.layout.generator_slots else []
        kept = [f"{pad}st[MTDRAWS] = {drawn}"] if self.layout.generator_slots else []
        return tally + [f"{pad}tj[0] = 0", f"{pad}act_{index}({call})", f"{pad}undo_to(st, tj, 0)"] + kept + \
            [f"{pad}if st[UNMET] == 0:"] + [f"    {line}" for line in written] + \
            [f"{pad}else:", f"{pad}    st[UNMET] = 0"]


