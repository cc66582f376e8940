"""A piece's attributes and its face in the native backend (docs/backends.md, "Pieces with attributes").

A game whose pieces have attributes, or whose rules turn pieces face up or down, gives each piece more slots of
the state vector than its kind, owner, place and the piece under it: whether it is face up (`P_UP`), which of
its attributes it has (`P_HAS`, a bit each: a piece reads `none` for one it lacks, as the interpreter's
`attrs.get`), then a slot per attribute name of the game (`A_name`), the same slot for every kind that has that
name. The values are whole numbers: an int as it is, a bool 0 or 1, an enum value its place in the enum, a kind
its number, a space, a player or a direction its index (none: -1), and a text its place in the table of the
game's texts, made when the rules are translated (every text the rules write, and every text value of a piece
at the start): texts are compared by equality only. A fraction, a list or a piece as an attribute is refused.

The pieces the interpreter's construction makes (a `pieces` table, from a file or written out) are encoded from
its start by Layout.encode, as any other position: a table costs nothing when the game runs.

`show`, `status` and `log` change nothing that a random mover or perft sees, and are not translated; a move
names its pieces as the interpreter's Move.text does (`piece_text`), read on the native position.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...grammar import nodes as N
from ...grammar.symbols import Checked, Symbols
from ...grammar.types import DIRECTIONS, Type
from .layout import ATTR_FIELDS, P_HAS, P_UP, HandOffError, Layout
from .tiles import TURNS, uses_turns

# the types an attribute may have natively
ATTRIBUTE_TYPES = ("int", "bool", "text", "enum", "space", "player", "kind", "dir")
_DIRS = list(DIRECTIONS)


def needs_attributes(checked) -> bool:
    """Does the game need the slots of attributes and faces: a kind with attributes, or rules that read or turn a
    piece's face?"""
    sym = checked.symbols
    if any(k.attrs for k in sym.kinds.values()) or sym.enums or uses_turns(checked):
        return True
    for node in N.walk(checked.module):
        if isinstance(node, N.Flip) or (isinstance(node, (N.Move, N.Place)) and node.face is not None):
            return True
        if isinstance(node, N.Attr) and node.name == "up":
            return True
    return False


class PieceAttributes:
    """The attribute slots of one game: each name's type, each kind's start values, the table of texts."""

    def __init__(self, checked, state):
        check_attribute_types(checked)
        sym = checked.symbols
        self.names: list[str] = []
        self.types: dict[str, tuple] = {}  # name -> (base, the enum's name or None)
        self.kind_names = list(sym.kinds)
        for kind in sym.kinds.values():
            for a in kind.attrs:
                t = sym.declared_type(a.type)
                if a.name not in self.types:
                    self.types[a.name] = (t.base, t.name if t.base == "enum" else None)
                    self.names.append(a.name)
        if uses_turns(checked):  # (a piece's quarter turns: a slot of its own, tiles.py)
            self.types[TURNS] = ("int", None)
            self.names.append(TURNS)
        self.enums = {name: list(e.values) for name, e in sym.enums.items()}
        # (an enum value's name is one value of one enum in a game)
        self.enum_number = {v: k for values in self.enums.values() for k, v in enumerate(values)}
        # the table of texts: those the rules write, then those of the pieces at the start, each once
        texts: dict[str, None] = {}
        for node in N.walk(checked.module):
            if isinstance(node, N.Str):
                texts.setdefault(node.value)
        self.kinds = {name: state.game.kinds[name] for name in sym.kinds}
        for kind in self.kinds.values():
            for name, value in kind.starts.items():
                if self.types.get(name, ("",))[0] == "text" and isinstance(value, str):
                    texts.setdefault(value)
        for pieces in state.kind_pieces.values():
            for p in pieces:
                for name, value in p.attrs.items():
                    if self.types.get(name, ("",))[0] == "text" and isinstance(value, str):
                        texts.setdefault(value)
        self.texts = list(texts)
        self.text_index = {t: i for i, t in enumerate(self.texts)}
        self.state = state  # (the start: where seat_space's tables are read)
        self.seat_boards: list[str] = []  # the boards seat_space reads, a table each
        # each look of a piece (its kind and attribute values) encoded once: a search hands over a world at every
        # iteration, whose pieces have the looks of the start's (a player as a value is a seat of one state:
        # not kept)
        self._encoded: Optional[dict] = None if any(t[0] == "player" for t in self.types.values()) \
            or TURNS in self.types else {}  # (a piece's turns are not in its attributes' dict)
        self._by_dict: dict = {}  # id(a piece's dict of attributes) -> (the dict, its kind, a copy, piece_tail's)
        self._space_number: Optional[dict] = None

    # ------------------------------------------------------------ slots
    def offset(self, name: str) -> int:
        return ATTR_FIELDS + self.names.index(name)

    def bit(self, name: str) -> int:
        return 1 << self.names.index(name)

    def text(self, value: str) -> int:
        """A text's number (added to the table if it is new: only while the rules are translated)."""
        if value not in self.text_index:
            self.text_index[value] = len(self.texts)
            self.texts.append(value)
        return self.text_index[value]

    def value(self, name: str, v, layout, players: dict) -> Optional[int]:
        """An attribute's value as an int64 (None: the piece has none)."""
        if v is None:
            return None
        base, enum = self.types[name]
        if base == "bool":
            return 1 if v else 0
        if base == "int":
            if v != int(v):
                raise HandOffError(f"the attribute {name} is not a whole number")
            return int(v)
        if base == "text":
            if v not in self.text_index:
                raise HandOffError(f"a text the native module does not know ({name})")
            return self.text_index[v]
        if base == "enum":
            return self.enums[enum].index(v)
        if base == "kind":
            return layout.kinds.index(v if isinstance(v, str) else v.name)
        if base == "space":
            if self._space_number is None:
                self._space_number = {name: i for i, name in enumerate(layout.space_names[:layout.board_spaces])}
            return self._space_number.get(v if isinstance(v, str) else v.name, -1)
        if base == "player":
            return players[id(v)] if not isinstance(v, str) else layout.seat_names.index(v)
        return _DIRS.index(v if isinstance(v, str) else v.name)  # (dir)

    def piece_tails(self, pieces: list, layout, players: dict) -> list:
        """piece_tail of each piece (the pieces met before found in a loop of its own: a search hands a world of
        many pieces over for every rollout)."""
        if self._encoded is None:
            return [self.piece_tail(piece, layout, players) for piece in pieces]
        seen = self._by_dict.get
        out = []
        for piece in pieces:
            attrs = piece.attrs
            found = seen(id(attrs))
            if found is not None and found[0] is attrs and found[1] is piece.kind and found[2] == attrs:
                out.append(found[3])
            else:
                out.append(self.piece_tail(piece, layout, players))
        return out

    def piece_tail(self, piece, layout, players: dict) -> tuple:
        """A piece's slots after P_UP: the bits of the attributes it has, then each attribute (none: -1)
        (Layout.encode_into; made once for each kind and attributes' values, where no value is a seat)."""
        encoded = self._encoded
        if encoded is not None:
            attrs = piece.attrs
            # (a world a search imagines gives its pieces the identities' own dicts: one met before, and not
            # changed since (a rule's write changes a dict in place), is found by its id, without a key made)
            seen = self._by_dict.get(id(attrs))
            if seen is not None and seen[0] is attrs and seen[1] is piece.kind and seen[2] == attrs:
                return seen[3]
            key = (piece.kind.name, tuple(attrs.items()))
            found = encoded.get(key)
            if found is not None:
                self._remember(attrs, piece.kind, found, layout)
                return found
        values, has = [], 0
        for k, name in enumerate(self.names):
            v = self.value(name, piece.turns if name == TURNS else piece.attrs.get(name), layout, players)
            values.append(-1 if v is None else v)
            if v is not None:
                has |= 1 << k
        found = (has, *values)
        if encoded is not None:
            encoded[key] = found
            self._remember(piece.attrs, piece.kind, found, layout)
        return found

    def _remember(self, attrs: dict, kind, found: tuple, layout) -> None:
        """piece_tail's answer for this dict of attributes, as it is now (held: its id is not reused meanwhile);
        forgotten all at once when more dicts than a few games' pieces were met (copies of a kind's mutable
        attributes)."""
        if len(self._by_dict) > 4 * layout.max_pieces:
            self._by_dict.clear()
        self._by_dict[id(attrs)] = (attrs, kind, dict(attrs), found)

    # ------------------------------------------------------------ the module's constants and helpers
    def source(self, layout) -> str:
        """The constants (each name's slot, each kind's start values) and the helpers of attributes."""
        lines = [f"# piece slots: P_UP {P_UP} (face up), P_HAS {P_HAS} (a bit per attribute it has), then attributes",
                 f"P_UP = {P_UP}", f"P_HAS = {P_HAS}", f"NATTRS = {len(self.names)}"]
        for name in self.names:
            base, enum = self.types[name]
            lines.append(f"A_{name} = {self.offset(name)}  # {enum or base}")
        starts, has = [], []
        for kind in self.kind_names:
            row, mask = [], 0
            for k, name in enumerate(self.names):
                v = 0 if name == TURNS else None  # (every piece lies as printed at first)
                if name in self.kinds[kind].starts:
                    v = self.value(name, self.kinds[kind].starts[name], layout, {})
                row.append(-1 if v is None else v)
                if v is not None:
                    mask |= 1 << k
            starts.append(row)
            has.append(mask)
        flat = [v for row in starts for v in row] or [0]
        def bits(names) -> int:
            return sum(1 << k for k, name in enumerate(self.names) if name in names)
        kinds = [self.kinds[name] for name in self.kind_names]
        lines += ["# each kind's attributes that name its pieces, those hidden face down, whether covered hides all",
                  f"KIND_SHOWN = np.array({[bits(k.shown) for k in kinds]!r}, dtype=np.int64)",
                  f"KIND_HIDDEN = np.array({[bits(k.hidden) for k in kinds]!r}, dtype=np.int64)",
                  f"KIND_COVERED_HIDDEN = np.array({[int(k.covered_hidden) for k in kinds]!r}, dtype=np.int64)",
                  f"BOOL_ATTRS = {bits([n for n in self.names if self.types[n][0] == 'bool'])}"]
        lines += ["# each kind's start values (`= VALUE`), and which it has",
                  f"KIND_START = np.array({flat!r}, dtype=np.int64).reshape({len(self.kind_names)}, "
                  f"{max(1, len(self.names))})", f"KIND_START_HAS = np.array({has!r}, dtype=np.int64)"]
        lines += [self.texts_comment()] + [self.seat_table(board, layout) for board in self.seat_boards]
        return "\n".join(lines) + "\n" + HELPERS

    def seat_table(self, board: str, layout) -> str:
        """SEAT_b[text, seat]: the space of board b that seat_space(b, text, seat) names (-1: none; -2: a text
        that names no position, the rules' error), from library.seat_space on the start."""
        from ..run.library import seat_space
        from ..run.runtime import RuleError
        state = self.state
        spaces = list(state.boards[board].spaces)
        index = {id(t): i for i, t in enumerate(state.spaces)}
        rows = []
        for text in self.texts:
            for player in state.players:
                try:
                    found = seat_space(state, spaces, text, player)
                    rows.append(-1 if found is None else index[id(found)])
                except RuleError:
                    rows.append(-2)
        number = layout.board_order.index(board)
        return f"SEAT_{number} = np.array({rows or [0]!r}, dtype=np.int64).reshape({max(1, len(self.texts))}, " \
               f"{len(state.players) if rows else 1})  # seat_space({board}, text, seat)"

    def texts_comment(self) -> str:
        return "# texts: " + ", ".join(f"{i} {t!r}" for i, t in enumerate(self.texts))


# the helpers of a game with attributes (written after the constants, before the prelude)
HELPERS = '''

@njit(cache=True)
def init_attributes(st, jr, b, kind):
    # a piece just made (`place`): face up, its kind's start values
    w(st, jr, b + P_UP, 1)
    w(st, jr, b + P_HAS, KIND_START_HAS[kind])
    for k in range(NATTRS):
        w(st, jr, b + P_HAS + 1 + k, KIND_START[kind, k])


@njit(cache=True)
def attr_of(st, p, a):
    # an attribute of piece p that reads none as -1 (a text, an enum, a space, ...): none of none
    if p < 0:
        return -1
    return st[PIECES + PSTRIDE * p + a]


@njit(cache=True)
def attr_strict(st, p, a):
    # an attribute that is a number or a truth: the piece must have it (none is not a number natively)
    if p < 0:
        raise ValueError("an attribute of none")
    if (st[PIECES + PSTRIDE * p + P_HAS] >> (a - P_HAS - 1)) & 1 == 0:
        raise ValueError("a piece without that attribute")
    return st[PIECES + PSTRIDE * p + a]


@njit(cache=True)
def set_attr(st, jr, p, a, v):
    # `p.a = v` (none: nothing happens, as in the interpreter)
    if p < 0:
        return
    b = PIECES + PSTRIDE * p
    w(st, jr, b + a, v)
    bit = 1 << (a - P_HAS - 1)
    if st[b + P_HAS] & bit == 0:
        w(st, jr, b + P_HAS, st[b + P_HAS] | bit)


@njit(cache=True)
def up_of(st, p):
    if p < 0:
        raise ValueError("the face of none")
    return st[PIECES + PSTRIDE * p + P_UP] != 0


@njit(cache=True)
def set_up(st, jr, p, up):
    if p < 0:
        return
    w(st, jr, PIECES + PSTRIDE * p + P_UP, 1 if up else 0)


@njit(cache=True)
def space_of(st, p):
    # the space a piece lies on (none in a zone or the box)
    if p < 0:
        return -1
    s = st[PIECES + PSTRIDE * p + 2]
    if s < 0 or s >= NBOARDSPACES:
        return -1
    return s


@njit(cache=True)
def visible(st, p):
    # the attributes that name piece p in a move's text (a bit each): its kind's key ones (or all) while it is
    # face up; face down those not hidden, when its kind hides some, else none (runtime.Piece.describe)
    b = PIECES + PSTRIDE * p
    k = st[b]
    if st[b + P_UP] != 0:
        mask = KIND_SHOWN[k]
    elif KIND_HIDDEN[k] == 0 or (KIND_COVERED_HIDDEN[k] != 0 and st[b + 2] >= 0 and st[b + 2] < NBOARDSPACES):
        mask = 0
    else:
        mask = KIND_SHOWN[k] & ~KIND_HIDDEN[k]
    # (a bool names the piece only when it is yes)
    mask &= st[b + P_HAS]
    for a in range(NATTRS):
        if (BOOL_ATTRS >> a) & 1 and st[b + P_HAS + 1 + a] == 0:
            mask &= ~(1 << a)
    return mask


@njit(cache=True)
def same_look(st, p, q):
    # do pieces p and q read the same in a move's text? (the same kind, and the same words)
    if p == q:
        return True
    if topmost(st, p) or topmost(st, q):
        return False
    bp = PIECES + PSTRIDE * p
    bq = PIECES + PSTRIDE * q
    if st[bp] != st[bq]:
        return False
    mask = visible(st, p)
    if mask != visible(st, q):
        return False
    for a in range(NATTRS):
        if (mask >> a) & 1 and st[bp + P_HAS + 1 + a] != st[bq + P_HAS + 1 + a]:
            return False
    return True


@njit(cache=True)
def look_sig(st, p):
    # a number that two pieces which read the same (same_look) share: a piece on top of a board's space reads as
    # its space (itself alone); another as its kind and the attributes it shows (fresh_row_sig's filter)
    if topmost(st, p):
        return (p + 1) * 0x2545F4914F6CDD1D
    b = PIECES + PSTRIDE * p
    mask = visible(st, p)
    h = st[b] * 0x100000001B3 + mask
    for a in range(NATTRS):
        if (mask >> a) & 1:
            h = h * 0x100000001B3 + st[b + P_HAS + 1 + a]
    return h


@njit(cache=True)
def ordered(a, b):
    # a's place against b's in their enum (-1, 0, 1): none has no place (the rules' error, as in the interpreter)
    if a < 0 or b < 0:
        raise ValueError("an enum value compared with none")
    return (a > b) - (a < b)


@njit(cache=True)
def seat_at(table, text, seat):
    # seat_space(BOARD, text, seat), read from its table
    if text < 0 or seat < 0:
        return -1
    s = table[text, seat]
    if s == -2:
        raise ValueError("a text that names a position is written like b1")
    return s


@njit(cache=True)
def kind_of(st, p):
    if p < 0:
        return -1
    return st[PIECES + PSTRIDE * p]
'''

# a game whose pieces have no attributes nor faces: what the prelude calls does nothing; a piece looks as its kind
NO_ATTRIBUTES = '''

@njit(cache=True)
def same_look(st, p, q):
    if p == q:
        return True
    if topmost(st, p) or topmost(st, q):
        return False
    return st[PIECES + PSTRIDE * p] == st[PIECES + PSTRIDE * q]

@njit(cache=True)
def look_sig(st, p):
    # a number that two pieces which read the same (same_look) share
    if topmost(st, p):
        return (p + 1) * 0x2545F4914F6CDD1D
    return st[PIECES + PSTRIDE * p]

@njit(cache=True)
def init_attributes(st, jr, b, kind):
    return
'''


def check_attribute_types(checked) -> None:
    """Refuse an attribute the native state cannot hold (a fraction, a list, a piece), or one name of two types
    in two kinds (translate.Unsupported)."""
    from .translate import Unsupported
    sym = checked.symbols
    seen: dict[str, tuple] = {}
    for kind in sym.kinds.values():
        for a in kind.attrs:
            t = sym.declared_type(a.type)
            base = t.base if t is not None else a.type.name
            if t is None or t.is_list or base not in ATTRIBUTE_TYPES:
                raise Unsupported(a.span, f"an attribute of type {a.type.name}")
            typed = (base, t.name if base == "enum" else None)
            if seen.setdefault(a.name, typed) != typed:
                raise Unsupported(a.span, f"the attribute `{a.name}` of two types in two kinds")


def piece_text(layout, st, p: int) -> str:
    """A piece as the interpreter's Move.text names it (runtime.value_text): the space it tops, else its visible
    attributes' values (its kind's `key` ones, or all) joined by `-`, else its kind's name."""
    base = layout.pieces + layout.stride * p
    place = int(st[base + 2])
    if 0 <= place < layout.board_spaces and int(st[layout.top + place]) == p:
        from .areas import area_place_name
        named = area_place_name(layout, place, st)
        return layout.space_names[place] if named is None else named
    kind_name = layout.kinds[int(st[base])]
    attributes = layout.attributes
    if attributes is None:
        return kind_name
    kind = attributes.kinds[kind_name]
    up = bool(st[base + P_UP])
    covered = 0 <= place < layout.board_spaces  # (on a space, not its top)
    if up:
        seen = list(kind.attrs)
    elif (kind.covered_hidden and covered) or not kind.hidden:
        seen = []
    else:
        seen = [name for name in kind.attrs if name not in kind.hidden]
    words = []
    has = int(st[base + P_HAS])
    for name in kind.shown:
        if name not in seen:
            continue
        k = attributes.names.index(name)
        if not has >> k & 1:
            continue
        word = _word(layout, name, int(st[base + ATTR_FIELDS + k]))
        if word is not None:
            words.append(word)
    return "-".join(words) if words else kind_name


def _word(layout, name: str, v: int) -> Optional[str]:
    """An attribute's value as a piece's text shows it (a bool: its name when yes, nothing when no)."""
    attributes = layout.attributes
    base, enum = attributes.types[name]
    if base == "bool":
        return name if v else None
    named = {"text": lambda: attributes.texts[v], "enum": lambda: attributes.enums[enum][v],
             "kind": lambda: layout.kinds[v], "space": lambda: layout.space_names[v] if v >= 0 else "None",
             "dir": lambda: _DIRS[v], "player": lambda: layout.seat_names[v]}
    return named[base]() if base in named else str(v)


class AttributeTranslation:
    """The Translator's methods for pieces' attributes and faces (translate.Translator inherits them): each
    returns Python source, or None when the construct is not one of these (the translator then refuses it)."""

    checked: Checked
    sym: Symbols
    layout: Layout
    helpers: list
    actions: list

    if TYPE_CHECKING:  # (the Translator's own)
        def type_of(self, e: N.Node) -> Type: ...

        def expr(self, e: N.Expr, env: dict) -> str: ...

        def fresh(self, name: str) -> str: ...

        def kind_of_param(self, p: N.Param) -> str: ...

    def attributes_or_refuse(self, span, what: str) -> PieceAttributes:
        from .translate import Unsupported
        found = self.layout.attributes
        if not isinstance(found, PieceAttributes):
            raise Unsupported(span, what)
        return found

    def piece_bound(self) -> int:
        """The most pieces a game can hold: those of the start where no rule makes one (`place`)."""
        if any(isinstance(n, N.Place) for n in N.walk(self.checked.module)):
            return self.layout.max_pieces
        return max(1, self.layout.start_pieces)

    # ------------------------------------------------------------ loops over pieces
    def pieces_loop(self, domain: N.Expr, var: str, env: dict, pad: str) -> Optional[tuple[list[str], int]]:
        """A place's pieces (the bottom first), a kind's pieces in play, a player's pieces of a kind (in the order
        the interpreter made them); else None."""
        t = self.type_of(domain)
        if not t.is_list and t.base in ("zone", "space"):
            return [f"{pad}for {var} in pieces_on(st, {self.expr(domain, env)}):"], 1
        kind, owner = self.kind_and_owner(domain, env)
        if kind is None:
            return None
        test = f"kind_of(st, {var}) == {kind} and st[PIECES + PSTRIDE * {var} + 2] != BOX"
        if owner is not None:
            test += f" and st[PIECES + PSTRIDE * {var} + 1] == {owner}"
        return [f"{pad}for {var} in range(st[NPIECES]):", f"{pad}    if {test}:"], 2

    def pieces_list(self, domain: N.Expr, env: dict) -> Optional[str]:
        """A place's pieces as a list (the bottom first); else None (a kind's are made by a loop: `collect`)."""
        t = self.type_of(domain)
        if not t.is_list and t.base in ("zone", "space"):
            return f"pieces_on(st, {self.expr(domain, env)})"
        return None

    def kind_and_owner(self, domain: N.Expr, env: dict) -> tuple[Optional[int], Optional[str]]:
        """`KIND` or `KIND of P` as a loop's domain: the kind's number and the owner's source."""
        owner = None
        if isinstance(domain, N.Of):
            owner = self.expr(domain.owner, env)
            domain = domain.what
        if isinstance(domain, N.Name) and self.checked.meaning(domain).category == "kind":
            return self.layout.kind_index(domain.id), owner
        return None, None

    def pieces_bound(self, domain: N.Expr) -> Optional[int]:
        """list_bound of a place's or a kind's pieces (and of a list written out: its items)."""
        if isinstance(domain, N.ListLit):
            return max(1, len(domain.items))
        if isinstance(domain, N.Name) and domain.id == "winners" \
                and self.checked.meaning(domain).category == "builtin":
            return self.layout.players
        if isinstance(domain, N.Name) and self.checked.meaning(domain).category == "enum type":
            return len(self.sym.enums[domain.id].values)
        t = self.type_of(domain)
        if (not t.is_list and t.base in ("zone", "space")) or self.kind_and_owner(domain, {})[0] is not None:
            return self.piece_bound()
        return None

    # ------------------------------------------------------------ moves that read the same
    def first_row(self, a: N.Action, depth: int, exists: bool) -> list[str]:
        """Where an action's moves begin in the listing, for one whose moves that read the same are one."""
        if exists or a.name not in self.layout.dedupe:
            return []
        return [f"{'    ' * depth}first_{a.name} = n", f"{'    ' * depth}sigs_{a.name} = np.empty(MAXMOVES, np.int64)"]

    def counted(self, a: N.Action, pad: str) -> list[str]:
        """The move just written is kept (n += 1); for an action whose pieces may have twins, only if no move of
        it before reads the same (listing.unique: a piece read by its look, not its number)."""
        if a.name not in self.layout.dedupe:
            return [f"{pad}n += 1"]
        # each column of the row after the action: 0 a number, 1 a piece (by its look), 2 a list's length (its
        # items, in the columns after it marked 3, are compared up to that length)
        kinds = next(k for name, k in self.actions if name == a.name)
        columns = []
        for kind in kinds:
            if kind.startswith("list of "):
                columns += [2] + [3] * len(self.layout.space_names)
            else:
                columns.append(1 if kind == "piece" else 0)
        name = f"PIECE_COLUMNS_{a.name}"
        written = self.__dict__.setdefault("_piece_columns", set())
        if name not in written:  # (a constant of the module: no array made for each row)
            written.add(name)
            self.helpers += ["", f"{name} = np.array({columns!r}, dtype=np.int64)"]
        return [f"{pad}if fresh_row_sig(st, out, first_{a.name}, n, {name}, sigs_{a.name}):",
                f"{pad}    n += 1"]

    def named_values(self, e: N.Name) -> Optional[str]:
        """A name that is a list of values: `winners` (winners_of: the declared end, else the ranking), an enum's
        name (its values, numbered in order)."""
        category = self.checked.meaning(e).category
        if category == "builtin" and e.id == "winners":
            return "winners_of(st)"
        if category == "enum type":
            return f"np.arange({len(self.sym.enums[e.id].values)}, dtype=np.int64)"
        return None

    # ------------------------------------------------------------ expressions
    def expr_Str(self, e: N.Str, env: dict) -> str:
        return str(self.attributes_or_refuse(e.span, "texts").text(e.value))

    def value_name(self, e: N.Name, env: dict) -> Optional[str]:
        """A kind's or an enum value's name as a value: its number."""
        category = self.checked.meaning(e).category
        if category in ("kind value", "kind") and e.id in self.layout.kinds:
            return str(self.layout.kind_index(e.id))
        if category == "enum":
            enum = self.sym.enum_values[e.id]
            return str(list(self.sym.enums[enum].values).index(e.id))
        return None

    def attribute_read(self, e: N.Attr, env: dict) -> Optional[str]:
        """`p.owner`, `p.up`, `p.space`, `p.kind`, `p.NAME` of a piece."""
        obj = self.type_of(e.obj)
        if obj.base != "piece" or obj.is_list:
            return None
        p = self.expr(e.obj, env)
        if e.name == "owner":
            return f"owner_of(st, {p})"
        if e.name == "space":
            return f"space_of(st, {p})"
        if e.name == "kind":
            return f"kind_of(st, {p})"
        attributes = self.attributes_or_refuse(e.span, f"the attribute `.{e.name}`")
        if e.name == "up":
            return f"up_of(st, {p})"
        if e.name not in attributes.types:
            return None
        if attributes.types[e.name][0] in ("int", "bool"):
            read = f"attr_strict(st, {p}, A_{e.name})"
            return f"({read} != 0)" if attributes.types[e.name][0] == "bool" else read
        return f"attr_of(st, {p}, A_{e.name})"

    def compare_values(self, e: N.Compare, env: dict) -> Optional[str]:
        """`==`, `!=` of texts, enum values, kinds (their numbers; none is -1); `<`... of an enum's values (their
        order)."""
        left, right = self.type_of(e.left), self.type_of(e.right)
        if left.is_list or right.is_list:
            return None
        bases = {left.base, right.base}
        if e.op in ("==", "!=") and bases == {"kind", "text"}:
            # (a kind is its name as a text to the interpreter: `x.kind == "pawn"`; a text written out is the
            # kind of that name, or no kind at all, -2)
            kind_side, text_side = (e.left, e.right) if left.base == "kind" else (e.right, e.left)
            if not isinstance(text_side, N.Str):
                return None
            number = self.layout.kinds.index(text_side.value) if text_side.value in self.layout.kinds else -2
            return f"({self.expr(kind_side, env)} {e.op} {number})"
        valued = ("text", "enum", "kind")
        if e.op in ("==", "!=") and bases & set(valued) and bases <= set(valued) | {"none"} \
                and len(bases - {"none"}) == 1:
            return f"({self.expr(e.left, env)} {e.op} {self.expr(e.right, env)})"
        if e.op in ("<", ">", "<=", ">=") and bases == {"enum"} and left.name == right.name:
            # (an enum's values in the order of its declaration: their numbers; none is refused as the
            # interpreter's comparison of none fails)
            return f"ordered({self.expr(e.left, env)}, {self.expr(e.right, env)}) {e.op} 0"
        return None

    def seat_space_call(self, e: N.Call, env: dict) -> Optional[str]:
        """`seat_space(BOARD, TEXT, P)` of a grid: a table of each text's space for each seat, made from the
        interpreter's start."""
        board = e.args[0] if len(e.args) == 3 else None
        if not (isinstance(board, N.Name) and self.checked.meaning(board).category == "board"
                and self.type_of(e.args[1]).base == "text" and self.type_of(e.args[2]).base == "player"):
            return None
        attributes = self.attributes_or_refuse(e.span, "`seat_space`")
        if self.sym.boards[board.id].shape != "grid":
            return None
        if board.id not in attributes.seat_boards:
            attributes.seat_boards.append(board.id)
        number = self.layout.board_order.index(board.id)
        label, who = self.expr(e.args[1], env), self.expr(e.args[2], env)
        return f"seat_at(SEAT_{number}, {label}, {who})"

    # ------------------------------------------------------------ statements
    def attribute_stmt(self, s: N.Stmt, env: dict, pad: str) -> Optional[list[str]]:
        """`flip p [up|down]`, `log` (nothing: a random mover reads no log); else None."""
        if isinstance(s, N.Log):
            return [f"{pad}pass  # (a log line: read by no random mover)"]
        if isinstance(s, N.Flip):
            self.attributes_or_refuse(s.span, "`flip`")
            if self.type_of(s.what).base != "piece" or self.type_of(s.what).is_list:
                return None
            p = self.expr(s.what, env)
            if s.face is None:
                held = self.fresh("flipped")
                return [f"{pad}{held} = {p}", f"{pad}if {held} >= 0:",
                        f"{pad}    set_up(st, jr, {held}, not up_of(st, {held}))"]
            return [f"{pad}set_up(st, jr, {p}, {1 if s.face == 'up' else 0})"]
        return None

    def face_lines(self, span, face: Optional[str], piece: str, pad: str) -> list[str]:
        """The face a piece placed or moved ends with (`face up`, `face down`): after the move, as the
        interpreter's set_face."""
        if face is None:
            return []
        self.attributes_or_refuse(span, "a piece turned face up or down")
        return [f"{pad}set_up(st, jr, {piece}, {1 if face == 'up' else 0})"]

    def attribute_assignment(self, s: N.Assign, env: dict, pad: str) -> Optional[list[str]]:
        """`p.NAME = v`, `+=`, `-=` of a piece's attribute; `p.up = v`; else None."""
        t = s.target
        if not isinstance(t, N.Attr) or self.type_of(t.obj).base != "piece" or t.name in ("owner",):
            return None
        attributes = self.attributes_or_refuse(s.span, f"an assignment to `.{t.name}`")
        p = self.fresh("piece")
        value = self.expr(s.value, env)
        head = [f"{pad}{p} = {self.expr(t.obj, env)}"]
        if t.name == "up" and s.op == "=":
            return head + [f"{pad}set_up(st, jr, {p}, {value})"]
        if t.name not in attributes.types:
            return None
        if s.op == "=":
            return head + [f"{pad}set_attr(st, jr, {p}, A_{t.name}, {value})"]
        if attributes.types[t.name][0] != "int":
            return None
        read = f"attr_strict(st, {p}, A_{t.name})"
        return head + [f"{pad}if {p} >= 0:", f"{pad}    set_attr(st, jr, {p}, A_{t.name}, {read} {s.op[0]} ({value}))"]
