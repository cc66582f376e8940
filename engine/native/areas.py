"""Area boards natively (`board farm: area per player`): a board that grows as it is played (docs/backends.md,
"Area boards").

An area of the interpreter (runtime.Board with `area`) makes a space the first time `at(AREA, x, y)` or
`frontier(AREA)` reaches it (State.space_at, journalled: undo takes it back), joins it to the spaces made before
it in the 8 compass directions, and lists as the board (`in_play`) the spaces that hold a piece, in the order they
were made. Natively each area (each board of each seat) is a row of AREACAP places known before play, among the
spaces (so a piece on one is on a space: TOP, the pieces' moves and counts are the fixed spaces'): its k-th place
is the k-th space made. The state vector holds, journalled like every other slot, how many spaces each area has
made (AREA_N + area), each one's column and row (AREA_X, AREA_Y + area * AREACAP + k) and its neighbour in each
compass direction (AREA_NBR + 8 * (area * AREACAP + k) + d, -1: none), and a table from (x, y) to the space there
(AREA_HASH + area * AREA_HS: a hash, linear probing), so that undo through the journal takes a space back as the
interpreter's does.

The interpreter's listing of moves grows an area too (`s in frontier(mover.farm)` makes the spaces it names, and
they stay: the move played next goes there). A native listing works on a copy of the position (list_moves and
has_move must not change it) and grows the copy; `apply_move` first grows the position as that listing did
(`listing_growth`: the same listing, journalled), so that the places the listing named are the places the move
finds, and an undo of the move takes the growth back with it, as the interpreter's undo does.

AREACAP is bounded from the declarations: four spaces around each piece the game can hold, and one more
(`area_capacity`, at most AREA_LIMIT); an area that would grow past it stops the game with an error (never a
different game), and a position with more is not handed over.
"""
from __future__ import annotations

from typing import Optional

from ...grammar import nodes as N
from ...grammar.limits import MAX_AREA_SPACES
from ...grammar.types import DIRECTIONS, OPPOSITE, ORTHOGONAL
from .chance import JOURNAL_LOCAL
from .picking import MovePicking
from .tiles import TILES_PRELUDE, TURNS, TileTranslation, tiles_source

_DIRS = list(DIRECTIONS)
AREA_LIMIT = 1024  # the most places an area holds natively (a game that makes pieces: `place`)
# the builtins that read a board's directions or plane from constant tables (NBR, SX, PX, RAY, ...): an area's
# places have none there, so a game with an area has them refused (frontier, `.x`, `.y` and `s + d` are the
# area's own)
_AREA_GEOMETRY = frozenset(("neighbors", "border", "region", "regions_of", "touching", "ray", "direction",
                            "in_a_row", "relative", "row", "column", "distance", "offset", "leap", "adjacent",
                            "line", "lines", "group", "groups", "path", "regions", "frontier"))
# a move tried for its `ensure`s (on a journal of its own, from the listing): not with an area yet
_NOT_WITH_AREAS = (N.Ensure,)
_WORDS = {N.Choose: "`choose` (a choice in a move)", N.AtOnce: "`at once` (simultaneous choices)",
          N.Ensure: "`ensure`"}


def area_boards(game_boards) -> list[str]:
    """The names of the game's area boards, in the order they are declared."""
    return [spec.name for spec in game_boards if spec.area]


def area_refusal(item: N.Board) -> Optional[tuple]:
    """(span, construct) of an area board the native code cannot hold, else None: only areas of each player are
    native (a shared area is not, yet)."""
    if not item.per_player:
        return item.span, "an area board shared by the players"
    if item.visibility is not None:
        return item.span, "an area board that is not public"
    return None


def area_capacity(max_pieces: int) -> int:
    """The places each area holds: a space made is one that holds a piece, or one next to such a space (the
    frontier), or one `at` names; four around each piece the game can hold, and one (at most AREA_LIMIT: the
    constant tables have a row a place)."""
    return min(MAX_AREA_SPACES, AREA_LIMIT, 4 * max_pieces + 1)


class _NoSpace:
    """An area place the interpreter has not made: nothing lies there."""
    pieces = ()


def add_area_places(layout, state) -> None:
    """The places of the areas, after the fixed spaces (before the zones): AREACAP a board of each seat. Their
    constant tables (SX, NBR, RAY, ...) are blanks: the area's are in the state vector."""
    names = area_boards(state.game.boards)
    layout.area_names = names
    layout.area_first = len(layout.space_names)
    layout.area_cap = area_capacity(layout.max_pieces) if names else 0
    count = len(names) * state.n * layout.area_cap
    layout.area_count = len(names) * state.n
    layout.space_names += [f"(area {name} of {p.name}, space {k})" for name in names for p in state.players
                           for k in range(layout.area_cap)]
    for column in (layout.sx, layout.sy, layout.px, layout.py, layout.sw, layout.sh):
        column += [0] * count
    layout.nbr += [[-1] * 8 for _ in range(count)]
    layout.adj += [[] for _ in range(count)]
    layout.along += [[] for _ in range(count)]
    layout.rays += [[[-1] * layout.ray_length for _ in range(8)] for _ in range(count)]
    layout.touch += [[[] for _ in layout.board_order] for _ in range(count)]


def reserve_area_slots(layout, at: int) -> int:
    """The areas' slots from `at`: each area's count of spaces made, then each place's column, row and 8
    neighbours. Returns the slot after them."""
    cap, n = layout.area_cap, layout.area_count
    layout.area_slots = {"AREA_N": at, "AREA_X": at + n, "AREA_Y": at + n + n * cap,
                         "AREA_NBR": at + n + 2 * n * cap, "AREA_HASH": at + n + 10 * n * cap}
    return at + n + 10 * n * cap + n * table_size(cap)


def table_size(cap: int) -> int:
    """The slots of an area's table from (x, y) to its space: a power of two at least twice AREACAP (linear
    probing then finds a free slot soon)."""
    size = 1
    while size < 2 * cap:
        size *= 2
    return size


def table_slot(x: int, y: int, size: int) -> int:
    """Where the table of `size` slots starts looking for (x, y): area_slot's hash (small whole numbers: Python's
    ints and numba's int64 agree, negative ones too)."""
    return ((x * 73856093) ^ (y * 19349663)) & (size - 1)


def area_source(layout) -> list[str]:
    """The areas' and the tiles' constants, as source (none in a game without them)."""
    if not layout.area_count:
        return tiles_source(layout)
    lines = ["# the areas (areas.py): each seat's board of each area name, AREACAP places each from AREA0; per area",
             "# the spaces made (AREA_N), per place its column and row (AREA_X, AREA_Y) and neighbours (AREA_NBR)",
             f"AREA0 = {layout.area_first}", f"AREACAP = {layout.area_cap}", f"NAREAS = {layout.area_count}"]
    lines += [f"{name} = {at}" for name, at in layout.area_slots.items()]
    lines += [f"AREA_HS = {table_size(layout.area_cap)}  # an area's table from (x, y) to its space (AREA_HASH)"]
    lines += [f"AREA_DX = np.array({[DIRECTIONS[d][0] for d in _DIRS]!r}, dtype=np.int64)",
              f"AREA_DY = np.array({[DIRECTIONS[d][1] for d in _DIRS]!r}, dtype=np.int64)",
              f"AREA_OPP = np.array({[_DIRS.index(OPPOSITE[d]) for d in _DIRS]!r}, dtype=np.int64)",
              f"AREA_ORTHO = np.array({[_DIRS.index(d) for d in ORTHOGONAL]!r}, dtype=np.int64)"]
    return lines + tiles_source(layout)


def area_prelude(layout) -> str:
    """The helpers of areas and of tiles, for a game that has them (build.py appends them)."""
    turns = layout.attributes is not None and TURNS in layout.attributes.types
    return (AREAS_PRELUDE if layout.area_count else "") + (TILES_PRELUDE if turns else "")


def area_boards_of(layout, state) -> list:
    """Each area of the interpreter's state in the native order: by name, then seat."""
    return [p.boards[name] for name in layout.area_names for p in state.players]


def area_places(layout, state) -> list:
    """The interpreter's spaces of each area at their native places (a blank where none was made), for the
    hand-off of the pieces; a HandOffError for an area grown past AREACAP."""
    from .layout import HandOffError
    out: list = []
    for board in area_boards_of(layout, state):
        if len(board.spaces) > layout.area_cap:
            raise HandOffError(f"an area has more spaces than the native state holds ({layout.area_cap})")
        out += board.spaces + [_NoSpace] * (layout.area_cap - len(board.spaces))
    return out


def encode_areas(layout, state, st) -> None:
    """The areas' slots of the interpreter's position: the spaces made, their columns, rows and neighbours."""
    if not layout.area_count:
        return
    cap, slots = layout.area_cap, layout.area_slots
    for i, board in enumerate(area_boards_of(layout, state)):
        place = {id(s): layout.area_first + i * cap + k for k, s in enumerate(board.spaces)}
        st[slots["AREA_N"] + i] = len(board.spaces)
        size = table_size(cap)
        table = slots["AREA_HASH"] + i * size
        for k, s in enumerate(board.spaces):
            st[slots["AREA_X"] + i * cap + k] = s.x
            st[slots["AREA_Y"] + i * cap + k] = s.y
            h = table_slot(s.x, s.y, size)
            while st[table + h]:
                h = (h + 1) & (size - 1)
            st[table + h] = k + 1
            for d, t in enumerate(s.nbr):
                st[slots["AREA_NBR"] + 8 * (i * cap + k) + d] = -1 if t is None else place[id(t)]


def area_place_name(layout, place: int, st) -> Optional[str]:
    """An area place's name as the interpreter's (`x,y`), read on the native position st; None for any other
    place."""
    if not getattr(layout, "area_count", 0):
        return None
    return _place_name(layout.area_first, layout.area_count * layout.area_cap, layout.area_slots["AREA_X"],
                       layout.area_slots["AREA_Y"], place, st)


def module_place_name(module, place: int, st) -> Optional[str]:
    """area_place_name from the generated module's constants (a cached start builds no layout)."""
    count = getattr(module, "NAREAS", 0)
    if not count:
        return None
    return _place_name(module.AREA0, count * module.AREACAP, module.AREA_X, module.AREA_Y, place, st)


def _place_name(first: int, count: int, xs: int, ys: int, place: int, st) -> Optional[str]:
    if not first <= place < first + count:
        return None
    return f"{int(st[xs + place - first])},{int(st[ys + place - first])}"


AREAS_PRELUDE = '''

# ---------------------------------------------------------------- areas (engine/native/areas.py)

@njit(cache=True)
def area_write(st, jr, i, v):
    # a write of an area's growth: journalled, or (a listing's copy, AREA_NOJ) not
    if jr.shape[0] == 0:
        st[i] = v
    else:
        w(st, jr, i, v)


@njit(cache=True)
def area_slot(st, a, x, y):
    # the slot of area a's table (AREA_HASH: 0, or the space's number k + 1) that holds (x, y), or the free slot
    # where it would go: linear probing from its hash (areas.py's table_slot); the table is never full
    table = AREA_HASH + a * AREA_HS
    base = a * AREACAP
    h = ((x * 73856093) ^ (y * 19349663)) & (AREA_HS - 1)
    while True:
        e = st[table + h]
        if e == 0 or (st[AREA_X + base + e - 1] == x and st[AREA_Y + base + e - 1] == y):
            return table + h
        h = (h + 1) & (AREA_HS - 1)


@njit(cache=True)
def area_find(st, a, x, y):
    # the place of area a at column x, row y, or -1 when the area has made no space there
    e = st[area_slot(st, a, x, y)]
    return -1 if e == 0 else AREA0 + a * AREACAP + e - 1


@njit(cache=True)
def area_grow(st, jr, a, x, y):
    # a new space of area a at (x, y), joined to its neighbours made before (Board.grow)
    n = st[AREA_N + a]
    if n >= AREACAP:
        raise ValueError("an area grew past the spaces the native backend holds for it (AREACAP)")
    k = a * AREACAP + n
    s = AREA0 + k
    area_write(st, jr, AREA_X + k, x)
    area_write(st, jr, AREA_Y + k, y)
    area_write(st, jr, area_slot(st, a, x, y), n + 1)
    for d in range(8):
        t = area_find(st, a, x + AREA_DX[d], y + AREA_DY[d])
        area_write(st, jr, AREA_NBR + 8 * k + d, t)
        if t >= 0:
            area_write(st, jr, AREA_NBR + 8 * (t - AREA0) + AREA_OPP[d], s)
    area_write(st, jr, AREA_N + a, n + 1)
    return s


@njit(cache=True)
def area_at(st, jr, a, x, y):
    # at(AREA, x, y): the space there, made on first use (State.space_at)
    s = area_find(st, a, x, y)
    if s < 0:
        s = area_grow(st, jr, a, x, y)
    return s


@njit(cache=True)
def is_area_place(s):
    return s >= AREA0 and s < AREA0 + NAREAS * AREACAP


@njit(cache=True)
def area_step(st, s, d):
    # s + d: the neighbour in direction d (an area's: one made before, else none)
    if s < 0 or d < 0:
        return -1
    if is_area_place(s):
        return st[AREA_NBR + 8 * (s - AREA0) + d]
    return NBR[s, d]


@njit(cache=True)
def area_coord(st, s, axis):
    # s.x (axis 0), s.y (axis 1) of a space of an area or of a fixed board
    if is_area_place(s):
        return st[(AREA_X if axis == 0 else AREA_Y) + s - AREA0]
    return SX[s] if axis == 0 else SY[s]


@njit(cache=True)
def area_spaces(st, a):
    # the area as a list: its spaces that hold a piece, in the order they were made (Board.in_play)
    out = np.empty(st[AREA_N + a], np.int64)
    m = 0
    for k in range(st[AREA_N + a]):
        s = AREA0 + a * AREACAP + k
        if st[TOP + s] >= 0:
            out[m] = s
            m += 1
    return out[:m]


@njit(cache=True)
def area_frontier(st, jr, a):
    # frontier(AREA): the empty spaces next to those that hold a piece, made on first use, each once, in the
    # order the interpreter's walk meets them (library.frontier)
    n0 = st[AREA_N + a]
    out = np.empty(AREACAP, np.int64)
    seen = np.zeros(AREACAP, np.bool_)
    m = 0
    for k in range(n0):
        s = AREA0 + a * AREACAP + k
        if st[TOP + s] < 0:
            continue
        for i in range(4):
            d = AREA_ORTHO[i]
            t = st[AREA_NBR + 8 * (s - AREA0) + d]
            if t < 0:
                t = area_grow(st, jr, a, st[AREA_X + s - AREA0] + AREA_DX[d], st[AREA_Y + s - AREA0] + AREA_DY[d])
            if st[TOP + t] < 0 and not seen[t - AREA0 - a * AREACAP]:
                seen[t - AREA0 - a * AREACAP] = True
                out[m] = t
                m += 1
    return out[:m]


@njit(cache=True)
def area_frontier_listed(st, jr, a, memo):
    # frontier(AREA) in a listing, where no piece moves and the frontier stays what it was (a space made by `at`
    # or by the frontier is at the same column and row whenever it is made): made once per area and listing
    # (memo[a, 0]: 0, not yet; else its length + 1, the places after it)
    if memo[a, 0] == 0:
        found = area_frontier(st, jr, a)
        memo[a, 0] = found.shape[0] + 1
        for i in range(found.shape[0]):
            memo[a, 1 + i] = found[i]
    return memo[a, 1:memo[a, 0]]
'''


class AreaTranslation(TileTranslation, MovePicking):
    """The Translator's part for area boards (translate.py calls these at its hooks)."""

    def has_areas(self) -> bool:
        return bool(getattr(self.layout, "area_count", 0))

    def refuse_area_constructs(self) -> None:
        """What a game with an area cannot have natively yet (a move that waits at a question or is tried for
        its `ensure`s runs its effect again, which the listing's growth does not follow)."""
        if not self.has_areas():
            return
        for node in N.walk(self.checked.module):
            if isinstance(node, _NOT_WITH_AREAS):
                from .translate import Unsupported
                raise Unsupported(node.span, f"{_WORDS[type(node)]} in a game with an area board")

    def area_of(self, e: N.Expr, env: dict, only_whether: bool = False) -> Optional[str]:
        """The native number of the area `P.NAME` names (an expression over the seat), else None."""
        if not self.has_areas() or not isinstance(e, N.Attr) or e.name not in self.layout.area_names:
            return None
        owner = self.type_of(e.obj)
        if owner.base != "player" or owner.is_list:
            return None
        if only_whether:
            return "?"
        b = self.layout.area_names.index(e.name)
        return f"({b * self.layout.players} + {self.expr(e.obj, env)})"

    def area_journal(self, e: N.Node, env: dict) -> str:
        journal = env.get(JOURNAL_LOCAL)
        if journal is None:
            from .translate import Unsupported
            raise Unsupported(e.span, "an area grown here (outside a move's effect and its listing)")
        return journal

    def area_list(self, e: N.Expr, env: Optional[dict] = None) -> Optional[str]:
        """An area as a list (its spaces that hold a piece, in the order they were made) or its frontier, as an
        array (without env: only whether e is one, its source then a placeholder); the sizes of its regions
        (tiles.py); else None."""
        if env is not None and self.has_areas():
            sizes = self.region_sizes_list(e, env)
            if sizes is not None:
                return sizes
        if isinstance(e, N.Call) and e.func == "frontier" and len(e.args) == 1 and not self.is_def(e.func):
            if self.area_of(e.args[0], {} if env is None else env, env is None) is None:
                return None
            if env is None:
                return "?"
            journal = self.area_journal(e, env)
            if journal == "ajr":  # (a listing: no piece moves, so each area's frontier is the same all through it)
                return f"area_frontier_listed(st, ajr, {self.area_of(e.args[0], env)}, fmemo)"
            return f"area_frontier(st, {journal}, {self.area_of(e.args[0], env)})"
        area = self.area_of(e, {} if env is None else env, env is None)
        if area is None:
            return None
        return "?" if env is None else f"area_spaces(st, {area})"

    def area_bound(self, domain: N.Expr) -> int:
        """The most items of an area or its frontier as a list (0: not one)."""
        return self.layout.area_cap if self.area_list(domain) is not None else 0

    def area_loop(self, domain: N.Expr, var: str, env: dict, pad: str) -> Optional[tuple[list[str], int]]:
        """The loop over an area or its frontier, made as a list first (as the interpreter's loop reads its list);
        else None."""
        listed = self.area_list(domain, env)
        if listed is None:
            if self.has_areas() and isinstance(domain, N.Call) and domain.func in _AREA_GEOMETRY \
                    and not self.is_def(domain.func):
                from .translate import Unsupported
                raise Unsupported(domain.span, f"`{domain.func}` in a game with an area board (here)")
            return None
        items, k = self.fresh("items"), self.fresh("k")
        return [f"{pad}{items} = {listed}", f"{pad}for {k} in range({items}.shape[0]):",
                f"{pad}    {var} = {items}[{k}]"], 1

    def area_expr(self, e: N.Expr, env: dict) -> Optional[str]:
        """`at(AREA, x, y)`, `s + d`, `s.x`, `s.y` in a game with an area; a geometry builtin refused there;
        `edge`, `land`, `max(L)`, `min(L)`, a player's name (tiles.py); else None."""
        if isinstance(e, (N.Call, N.Attr)):
            tile = self.tile_expr(e, env) if isinstance(e, N.Call) else self.player_name(e, env)
            if tile is not None:
                return tile
        if not self.has_areas():
            return None
        if isinstance(e, N.Call) and not self.is_def(e.func):
            if e.func == "at" and len(e.args) == 3:
                area = self.area_of(e.args[0], env)
                if area is not None:
                    return f"area_at(st, {self.area_journal(e, env)}, {area}, {self.expr(e.args[1], env)}, " \
                           f"{self.expr(e.args[2], env)})"
            if e.func in _AREA_GEOMETRY:
                from .translate import Unsupported
                raise Unsupported(e.span, f"`{e.func}` in a game with an area board (here)")
        if isinstance(e, N.BinOp) and e.op == "+" and self.type_of(e.left).base == "space" \
                and self.type_of(e.right).base == "dir":
            return f"area_step(st, {self.expr(e.left, env)}, {self.direction(e.right, env)})"
        if isinstance(e, N.Attr) and e.name in ("x", "y") and self.type_of(e.obj).base == "space" \
                and not self.type_of(e.obj).is_list:
            return f"area_coord(st, {self.expr(e.obj, env)}, {0 if e.name == 'x' else 1})"
        return None

    def area_listing_env(self) -> dict:
        """A listing's locals in a game with an area: the journal its growth goes to (AREA_NOJ on list_moves' copy,
        the move's journal in listing_growth)."""
        return {JOURNAL_LOCAL: "ajr"} if self.has_areas() else {}

    def area_listing_head(self) -> list[str]:
        """The first lines of list_moves and has_move in a game with an area: they work on a copy (listing_growth
        on the position itself, journalled)."""
        if not self.has_areas():
            return []
        memo = ["    fmemo = np.empty((NAREAS, AREACAP + 1), np.int64)  # (each area's frontier, once a listing)",
                "    for a in range(NAREAS):", "        fmemo[a, 0] = 0"]
        if getattr(self, "area_growth", False):
            return ["    ajr = jr"] + memo
        # (this first listing is made again, over listing_growth: area_functions)
        return ["    st = st.copy()  # (its areas grow as the interpreter's listing's)",
                "    ajr = np.zeros(0, np.int64)  # (no journal: a copy)"] + memo

    def area_functions(self, regular: list, fallback: list) -> list[str]:
        """listing_growth(st, jr, out): the listing, its growth journalled (apply_move's first step); has_move_grown
        likewise; and list_moves, has_move made again over them (the later definitions are the module's): the
        growth taken back after the listing, which leaves the position as it was (cheaper than a copy of it)."""
        if not self.has_areas():
            return []
        self.area_growth = True
        try:
            lines = self.lister(regular, fallback)
            exists = self.lister(regular, fallback, exists=True)
        finally:
            self.area_growth = False
        lines[lines.index("def list_moves(st, out):")] = "def listing_growth(st, jr, out):"
        exists[exists.index("def has_move(st):")] = "def has_move_grown(st, jr):"
        # (a listing grows at most AREACAP spaces, 19 journalled writes each)
        journal = "    ajr = np.empty(1 + 42 * AREACAP, np.int64)"
        return lines + exists + [
            "", "@njit(cache=True)", "def list_moves(st, out):",
            "    # every legal move: the listing grows the areas as the interpreter's, then that is taken back",
            journal, "    ajr[0] = 0", "    n = listing_growth(st, ajr, out)", "    undo_to(st, ajr, 0)",
            "    return n",
            "", "@njit(cache=True)", "def has_move(st):", journal, "    ajr[0] = 0",
            "    found = has_move_grown(st, ajr)", "    undo_to(st, ajr, 0)", "    return found",
            "", "@njit(cache=True)", "def list_for_move(st, jr, out):",
            "    # a random mover's listing: its growth kept, journalled in the move's journal, which apply_listed",
            "    # then need not make again (the answers to a question pending are listed before any growth)",
            "    return listing_growth(st, jr, out)"] + self.picker_source(regular, fallback)

    def area_apply_listed(self, dispatch: list[str]) -> list[str]:
        """The dispatcher's lines, and in a game with an area apply_listed after them: apply_move without its
        first step (the growth, which list_for_move kept in the journal)."""
        if not self.has_areas():
            return dispatch
        head = dispatch.index("def apply_move(st, jr, mv):")
        end = next((i for i in range(head + 1, len(dispatch)) if dispatch[i] and not dispatch[i][0].isspace()),
                   len(dispatch))
        growth = {line for line in self.area_growth_call("") + self.area_growth_call("        ")}
        body = [line for line in dispatch[head + 1:end] if line.strip() not in {g.strip() for g in growth}]
        return dispatch + ["", "@njit(cache=True)", "def apply_listed(st, jr, mv):"] + body

    def area_growth_call(self, pad: str = "    ") -> list[str]:
        """apply_move's first step in a game with an area: the position grows as its listing did (a move that
        begins, not an answer: in a game that asks, before the move's journal mark, which an answer keeps)."""
        if not self.has_areas():
            return []
        return [f"{pad}listing_growth(st, jr, np.empty((MAXMOVES, WIDTH), np.int64))"]
