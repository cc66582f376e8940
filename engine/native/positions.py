"""The whole position in the native backend: `repetitions` (of the whole position, pieces with attributes
included) and `can_move(P)` (docs/backends.md).

`repetitions`: how many times the position as it is now has begun a turn. The interpreter counts each
`repetition.position_key` (the phase, whose turn, every place's pieces by what they are: kind, owner, face,
attributes; every variable); the native state keeps one more history beside the parts' of `repetitions(PART)`
(legality.py: its count before the pieces, its entries after them), of the hashes of the sequence

    phase, whose turn, then for each place with pieces (spaces and zones, in the places' order): the place, its
    number of pieces and each piece top first as its (kind, owner) code and, in a game whose pieces have faces or
    attributes, its face, the bits of the attributes it has and the value of each of those; then every
    variable's slot.

Two positions have the same sequence exactly when the interpreter's keys are equal (an empty zone is left out
where the interpreter's key holds it empty: in every key alike). Hashed twice as legality.py hashes a part (the
same 128 bits, the same argument for why that suffices). The hand-off of a position writes each of the
interpreter's keys (State.positions) met c times as c entries of the hash of the sequence made from the key itself
(`key_sequence`: its places, pieces, attributes and variables written as Layout.encode_into writes them).

`can_move(P)`: `has_move` with P to move (and the game taken as not over while it looks), as the interpreter's
turns.can_move lists P's moves as if it were P's turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N
from .legality import HCAP, hash_pair, signed

POSITION_HELPERS = '''

@njit(cache=True)
def position_hashes(st):
    # the two hashes of the whole position (engine/native/positions.py)
    h1 = H_SEED1
    h2 = H_SEED2
    h1 = absorb(h1, st[PHASE], H_TIMES1)
    h2 = absorb(h2, st[PHASE], H_TIMES2)
    h1 = absorb(h1, st[TURN], H_TIMES1)
    h2 = absorb(h2, st[TURN], H_TIMES2)
    for x in range(NSPACES):
        p = st[TOP + x]
        if p < 0:
            continue
        n = count_at(st, x)
        h1 = absorb(h1, x, H_TIMES1)
        h2 = absorb(h2, x, H_TIMES2)
        h1 = absorb(h1, n, H_TIMES1)
        h2 = absorb(h2, n, H_TIMES2)
        while p >= 0:
            b = PIECES + PSTRIDE * p
            code = st[b] * (NP + 1) + st[b + 1] + 1
            h1 = absorb(h1, code, H_TIMES1)
            h2 = absorb(h2, code, H_TIMES2)
            if PSTRIDE > 4:
                mask = st[b + 4 + 1]
                h1 = absorb(h1, st[b + 4], H_TIMES1)
                h2 = absorb(h2, st[b + 4], H_TIMES2)
                h1 = absorb(h1, mask, H_TIMES1)
                h2 = absorb(h2, mask, H_TIMES2)
                for a in range(PSTRIDE - 6):
                    if (mask >> a) & 1:
                        h1 = absorb(h1, st[b + 6 + a], H_TIMES1)
                        h2 = absorb(h2, st[b + 6 + a], H_TIMES2)
            p = st[b + 3]
    for i in range(VARS, VARS + NVARS):
        h1 = absorb(h1, st[i], H_TIMES1)
        h2 = absorb(h2, st[i], H_TIMES2)
    return np.int64(h1), np.int64(h2)


@njit(cache=True)
def times_position_met(st, count_slot, history):
    # repetitions: the entries of the position's history equal to it now (legality.py's walk of a history)
    h1, h2 = position_hashes(st)
    return times_in_history(st, count_slot, history, h1, h2)


@njit(cache=True)
def note_position(st, jr, count_slot, history):
    # a turn starts: the position as it is now is one more entry of its history
    h1, h2 = position_hashes(st)
    note_in_history(st, jr, count_slot, history, h1, h2)
'''

CAN_MOVE_HELPERS = '''

@njit(cache=True)
def can_move_of(st, p):
    # can_move(P): would P have a legal move if it were P's turn now? (turns.can_move)
    if p < 0:
        return False
    turn = st[TURN]
    over = st[OVER]
    st[TURN] = p
    st[OVER] = 0
    found = has_move(st)
    st[TURN] = turn
    st[OVER] = over
    return found
'''


def position_sequence(st, layout) -> list[int]:
    """The sequence position_hashes hashes, read in Python from an encoded vector (the hand-off)."""
    top, pieces, stride, players = layout.top, layout.pieces, layout.stride, layout.players
    seq = [int(st[_header_index("PHASE")]), int(st[_header_index("TURN")])]
    for x in range(len(layout.space_names)):
        stack = []
        p = int(st[top + x])
        while p >= 0:
            stack.append(p)
            p = int(st[pieces + stride * p + 3])
        if not stack:
            continue
        seq += [x, len(stack)]
        for p in stack:
            b = pieces + stride * p
            seq.append(int(st[b]) * (players + 1) + int(st[b + 1]) + 1)
            if stride > 4:
                mask = int(st[b + 5])
                seq += [int(st[b + 4]), mask]
                seq += [int(st[b + 6 + a]) for a in range(stride - 6) if (mask >> a) & 1]
    first_var = layout.cnt + len(layout.kinds) * (players + 1)
    seq += [int(v) for v in st[first_var:layout.pending]]
    return seq


def _header_index(name: str) -> int:
    from .layout import HEADER
    return HEADER.index(name)


def encode_whole(slots, state, st, layout) -> None:
    """The interpreter's counts of whole positions (State.positions) as the whole position's history: each key met
    c times is c entries of the hash of its sequence (legality.LegalitySlots.encode calls this)."""
    from .layout import HandOffError
    count, history = slots.counts[-1], slots.histories[-1]
    st[count] = 0
    keys = [k for k in (state.positions or {}) if not (isinstance(k, tuple) and len(k) == 3 and k[0] == "part")]
    n = 0
    for key in keys:
        times = state.positions[key]
        if n + times > HCAP:
            raise HandOffError(f"more turns than the native history of a position holds ({HCAP})")
        h1, h2 = hash_pair(key_sequence(key, state, layout))
        for k in range(n, n + times):
            st[history + 2 * k] = signed(h1)
            st[history + 2 * k + 1] = signed(h2)
        n += times
    st[count] = n


def key_sequence(key: tuple, state, layout) -> list[int]:
    """The sequence position_hashes hashes, made from an interpreter's key (repetition.position_key): the same as
    position_sequence of the position the key was taken from, encoded."""
    from .layout import HandOffError
    from .legality import place_index
    phase, turn, spaces, zones, variables = key
    places = place_index(state, layout)
    kinds = {name: i for i, name in enumerate(layout.kinds)}
    players = {id(p): i for i, p in enumerate(state.players)}
    items = []
    for board, owner, name, pieces in spaces:
        items.append((places[("space", board, owner, name)], pieces))
    for zone in zones:
        seat, name, pieces = zone if len(zone) == 3 else (None, *zone)
        if pieces:
            items.append((places[("zone", name, seat)], pieces))
    seq = [phase or 0, turn]
    for place, pieces in sorted(items, key=lambda item: item[0]):
        seq += [place, len(pieces)]
        for kind, who, up, turns, attrs in reversed(pieces):  # (top first)
            if turns % 4:
                raise HandOffError("a turned piece in a position compared by `repetitions`")
            seq.append(kinds[kind] * (layout.players + 1) + (who if who is not None else -1) + 1)
            if layout.stride > 4:
                values = dict(attrs)
                codes = [layout.attributes.value(name, _thawed(values.get(name), state), layout, players)
                         for name in layout.attributes.names]
                mask = sum(1 << a for a, v in enumerate(codes) if v is not None)
                seq += [1 if up else 0, mask] + [v for v in codes if v is not None]
    game_vars, seat_vars = dict(variables[0]), [dict(v) for v in variables[1]]
    numbers = {p.id: k for k, p in enumerate(sorted((p for ps in state.kind_pieces.values() for p in ps),
                                                    key=lambda p: p.id))}
    space_number = {name: i for i, name in enumerate(layout.space_names[:layout.board_spaces])}
    for name, per_player, kind in layout.variables:
        held = [v.get(name) for v in seat_vars] if per_player else [game_vars.get(name)]
        for value in held:
            for item in ((value or ()) if kind == "list" else (value,)):
                seq.append(_variable_number(item, kind, layout, numbers, space_number))
    return seq


def _thawed(value, state):
    """An attribute's value as a key holds it (repetition._frozen) back as attributes.value reads it."""
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "space":
        return value[1]
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "player":
        return state.players[value[1]]
    return value


def _variable_number(value, kind: str, layout, numbers: dict, space_number: dict) -> int:
    """A variable's value as a key holds it, as Layout.encode_into writes its slot."""
    if value is None:
        return -1
    if isinstance(value, tuple) and len(value) == 2 and value[0] in ("space", "player", "piece"):
        what, v = value
        return space_number[v] if what == "space" else v if what == "player" else numbers[v]
    if kind == "enum":
        return layout.attributes.enum_number[value]
    return int(value)


class PositionTranslation:
    """Translator's part for `repetitions` of the whole position and `can_move` (a mixin)."""

    if TYPE_CHECKING:  # (what it reads of the Translator)
        checked: Any
        layout: Any

        @property
        def parts(self) -> list: ...

        def expr(self, e: N.Expr, env: dict) -> str: ...
        def is_def(self, name: str) -> bool: ...
        def unsupported(self, span, construct: str) -> Exception: ...

    def whole_index(self) -> Optional[int]:
        """The history's number of the whole position (after the parts'), or None in a game that never reads it."""
        return len(self.parts) if self.layout.legality.whole else None

    def position_repetitions(self, e: N.Name) -> Optional[str]:
        """`repetitions` (the whole position) as source; else None."""
        if e.id != "repetitions" or self.checked.meaning(e).category != "builtin":
            return None
        k = self.whole_index()
        if k is None:
            return None
        if any(kind == "vlist" for _, _, kind in self.layout.variables):
            # (key_sequence writes a variable as one slot; a list variable is its length and items: lists.py)
            raise self.unsupported(e.span, "`repetitions` of the whole position in a game with list variables")
        return f"times_position_met(st, HCOUNT_{k}, HIST_{k})"

    def can_move_call(self, e: N.Call, env: dict) -> Optional[str]:
        """can_move(P) as source; else None."""
        if e.func != "can_move" or self.is_def(e.func) or len(e.args) != 1:
            return None
        return f"can_move_of(st, {self.expr(e.args[0], env)})"

    def position_functions(self) -> list[str]:
        """The compiled helpers of the whole position (when the rules read it) and of can_move."""
        return ([POSITION_HELPERS] if self.whole_index() is not None else []) + [CAN_MOVE_HELPERS]

    def whole_note(self) -> list[str]:
        k = self.whole_index()
        return [] if k is None else [f"    note_position(st, jr, HCOUNT_{k}, HIST_{k})"]
