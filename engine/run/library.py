"""The builtin names and functions of the language: each declared once, here, with its signature, its
one-line doc, its implementation and any faster inline form.

To add a builtin function, write it with the `@builtin` decorator; the checker, the compiler, the docs test
and the language server all read it from `BUILTINS`. Every function takes the State first. They are
general: geometry (neighbours, rays, paths across boards, lines, chains), collections, seat-relative
reading of positions and tiles. No game's rules live here.
"""
from __future__ import annotations

import math
from fractions import Fraction
from operator import itemgetter
from typing import Callable, Optional

import attrs

from ...grammar.types import (
    A_LIST,
    A_NUMBER,
    ANY,
    ANY_COLLECTION,
    BOOL,
    COLLECTION,
    CONDITIONS,
    CONTAINER,
    DIR,
    DIRECTION_SETS,
    DIRECTIONS,
    ELEMENT,
    INT,
    LIST_OF_NUMBERS,
    NONE,
    NUMBERS,
    NUMERIC,
    OFFSET,
    ORTHOGONAL,
    PHASE,
    PIECE,
    PLAYER,
    RELATIVE_DIRECTIONS,
    SAME,
    SORTABLE,
    SPACE,
    SPACE_OR_PIECE,
    TEXT,
    ZONE,
    Accepts,
    Library,
    NameInfo,
    Signature,
    Type,
    exactly,
    list_of,
)
from .exact import fraction_steps, numbers_steps, sized, whole
from .kinds import is_number, kind_of
from .runtime import DIR_BY_VECTOR, DIRS, Dir, Offset, Piece, RuleError, rotate
from .topology import HEX_STEPS, block_of, open_step


@attrs.frozen
class Builtin:
    signature: Signature
    run: Callable  # run(S, *arguments)
    # inline(emit, call, scope) -> Python source, or None to call `run`: a faster form the compiler writes in
    # place of the call (see expressions.Emitter for what `emit` offers)
    inline: Optional[Callable] = None
    items_present: bool = False  # a list it gives never holds none (the compiler then skips none checks)
    # it draws random numbers: a loop never keeps its value (engine/hoisting.py), each call draws anew
    draws: bool = False


BUILTINS: dict[str, Builtin] = {}


def builtin(*params: Accepts, letters: str, result, doc: str, required: Optional[int] = None,
            name: Optional[str] = None, inline: Optional[Callable] = None, items_present: bool = False,
            draws: bool = False):
    """Declare a builtin function: its parameters (what each accepts) and the names the doc gives them
    (`letters="S, D"`), its result type, its one-line doc (the docs' table, docs/language.md 2.21, is made
    from these)."""
    def register(fn):
        key = name or fn.__name__.rstrip("_")
        sig = Signature(key, tuple(params), len(params) if required is None else required, result, doc,
                        tuple(letters.split(", ")))
        BUILTINS[key] = Builtin(sig, fn, inline, items_present, draws)
        return fn
    return register


@attrs.frozen
class BuiltinName:
    info: NameInfo
    source: str  # the Python the compiler writes for it (names from namespace.py)
    items_present: bool = False  # a list that never holds none


NAMES: dict[str, BuiltinName] = {}


def _name(name, t: Type, doc: str, source: str):
    NAMES[name] = BuiltinName(NameInfo(t, doc), source, t.is_list)


_name("mover", PLAYER, "the player who is taking the turn", "S.turn_player")
_name("opponent", PLAYER, "the other player (two-player games)",
      "(S.players[1 - S.turn_player.index] if S.n == 2 else _opponent(S))")
_name("others", list_of(PLAYER), "every player but the mover, in turn order after the mover",
      "S.others(S.turn_player)")
_name("players", list_of(PLAYER), "every player, in turn order from the mover", "S.players_from(S.turn_player)")
_name("supply", ZONE, "where pieces listed in a `pieces` table start", "S.supply")
_name("box", ZONE, "where removed pieces go", "S.box")
_name("turn", INT, "the number of the current turn, from 1", "S.turn")
_name("repetitions", INT, "how many times the position as it is now has begun a turn: the boards, zones, "
      "variables, phase and whose turn, this time included (for repetition rules, at turn start)",
      "S.repetitions()")
_name("decisions", INT, "the decisions made so far: every move and every answer to a choice", "S.decisions")
_name("winners", list_of(PLAYER), "who has won, or is winning as the game stands (at the end: the winners)",
      "S.winners()")
_name("phase", PHASE, "the phase the game is in (none in a game without phases)", "_phase_name(S)")
for _word, _value in (("true", "True"), ("yes", "True"), ("false", "False"), ("no", "False")):
    _name(_word, BOOL, "", _value)
_name("none", NONE, "nothing", "None")
for _d in DIRECTIONS:
    _name(_d, DIR, "a compass direction", f"_D_{_d}")
for _d in RELATIVE_DIRECTIONS:
    _name(_d, DIR, "a direction relative to the mover's seat", f"S.turn_player.rel[{_d!r}]")
for _d in DIRECTION_SETS:
    _name(_d, list_of(DIR), "a set of directions", f"list(_DS_{_d})")

LIST_OF_SPACE = exactly(list_of(SPACE), "a list of spaces (or a board)", "list of space")
LIST_OF_DIR = exactly(list_of(DIR), "a list of directions", "list of dir")
LIST_OF_STEPS = exactly(list_of(OFFSET), "a list of directions or offsets", "list of offset")
A_STEP = exactly(OFFSET, "a direction or an offset", "offset")
LIST_OF_INT = exactly(list_of(INT), "a list of numbers", "list of int")
A_SPACE, A_PLAYER, AN_INT, A_PIECE = exactly(SPACE), exactly(PLAYER), exactly(INT), exactly(PIECE)
A_DIR, A_TEXT = exactly(DIR, "a direction"), exactly(TEXT)


def items_of(v):
    """The items of a collection: a list, or the pieces of a zone or a space (none has none)."""
    if v is None:
        return []
    if isinstance(v, list):
        return v
    return v.pieces


def walked(S, items):
    """`items`, counted against the move's budget of steps: a builtin that walks a collection says so."""
    S.spend(len(items), None)
    return items


def same_value(S, a, b):
    """`A == B` where a list may be met: lists are compared item by item, each item at every depth a step (a list
    may hold the same long list ten thousand times: Python's own comparison of two such would never end)."""
    if type(a) is not list or type(b) is not list:
        return a == b and (a.__class__ is bool) is (b.__class__ is bool)  # (yes is not 1, as Python has it)
    if a is b:
        return True
    if len(a) != len(b):
        return False
    S.spend(len(a), None)
    for x, y in zip(a, b):
        if x is y:
            continue
        if type(x) is list or type(y) is list:
            if not same_value(S, x, y):
                return False
        elif x != y or (x.__class__ is bool) is not (y.__class__ is bool):
            return False
    return True


def among(S, v, items):
    """`v in items` (a list), each item compared a step; a list `v` is compared item by item (see same_value)."""
    S.spend(len(items), None)
    if type(v) is not list:
        return v in items
    return any(same_value(S, v, x) for x in items)


# ---------------------------------------------------------------- collections

def _over_filter(word):
    """The inline form of any/all/count over `x in S where C`: a generator, no list built."""
    def inline(emit, call, scope):
        # (over a walk, `any`/`all` written so that a noted `ensure` notes only the witness's chain: witness.py)
        loop = (emit.witness_loop(call, scope) if word != "count" else None) or emit.filter_loop(call, scope)
        if loop is None:
            return None
        var, items, test, kept = loop
        loops = f"{emit.heads(kept)}for {var} in {items}"
        return {"any": f"any({test} {loops})", "all": f"all({test} {loops})",
                "count": f"len([1 {loops} if {test}])"}[word]  # (a list is quicker to count than a generator)
    return inline


@builtin(COLLECTION, letters="C", result=INT, doc="how many items C has", inline=_over_filter("count"))
def count(S, v):
    return len(items_of(v))


def _empty_inline(emit, call, scope):
    if len(call.args) == 1 and emit.type_of(call.args[0]) == SPACE:
        s = emit.src(call.args[0], scope)
        if scope.is_present(s):
            return f"(not {s}.pieces)"
        return f"({s} is None or not {s}.pieces)" if emit.is_simple(s) else f"(not ({s} or _NOTHING).pieces)"
    return None


@builtin(COLLECTION, letters="C", result=BOOL, doc="whether C has no items (`empty(none)` is yes)",
         inline=_empty_inline)
def empty(S, v):
    return v is None or not items_of(v)


@builtin(CONDITIONS,
         letters="C", result=BOOL,
         doc="whether some item of C is true (of a filter: whether some value meets its condition)",
         inline=_over_filter("any"))
def any_(S, v):
    return any(walked(S, items_of(v)))


@builtin(CONDITIONS,
         letters="C", result=BOOL,
         doc="whether every item of C is true (of a filter: whether every value meets its condition)",
         inline=_over_filter("all"))
def all_(S, v):
    return all(walked(S, items_of(v)))


@builtin(LIST_OF_NUMBERS, letters="L", result=NUMERIC, doc="the sum of a list of numbers")
def sum_(S, v):
    xs, classes = _numbers(S, "sum", v)
    if Fraction not in classes:
        return sized(sum(xs))  # (whole numbers: no partial sum is much longer than the largest of them)
    total = 0
    for x in xs:  # each partial sum of fractions checked: their parts may grow to millions of digits
        total = sized(whole(total + x))
        S.spend(fraction_steps(total), None)
    return total


def _numbers(S, name, v) -> tuple[list, set]:
    """The numbers of list v (none left out), each a step, and their classes; anything else is a RuleError."""
    xs = [x for x in walked(S, items_of(v)) if x is not None]
    classes = set(map(type, xs))
    if not classes <= _NUMBER_CLASSES:
        odd = next(x for x in xs if not is_number(x))
        raise RuleError(f"'{name}' works on numbers, but this list holds {kind_of(odd)}")
    return xs, classes


_NUMBER_CLASSES = {int, Fraction}


@builtin(NUMBERS, A_NUMBER, required=1, letters="A, B", result=NUMERIC,
         doc="the smallest number of the list A (0 for an empty list), or the smaller of two numbers A "
             "and B")
def min_(S, a, b=None):
    if b is not None:
        return min(a, b)
    xs, classes = _numbers(S, "min", a)
    if Fraction in classes:  # (long fractions cost more to compare)
        S.spend(numbers_steps(xs) - len(xs), None)
    return min(xs) if xs else 0


@builtin(NUMBERS, A_NUMBER, required=1, letters="A, B", result=NUMERIC,
         doc="the largest number of the list A (0 for an empty list), or the larger of two numbers A "
             "and B")
def max_(S, a, b=None):
    if b is not None:
        return max(a, b)
    xs, classes = _numbers(S, "max", a)
    if Fraction in classes:
        S.spend(numbers_steps(xs) - len(xs), None)
    return max(xs) if xs else 0


def sort_class(x):
    """What a value is sorted among: numbers (whole or not) with numbers, texts with texts."""
    return "number" if type(x) in (int, Fraction) else type(x)


def sort_steps(xs) -> int:
    """What sorting xs costs: each item is compared about log2(n) times (a long fraction costs more)."""
    return numbers_steps(xs) * max(1, (len(xs) - 1).bit_length())


@builtin(SORTABLE, letters="L", result=SAME,
         doc="a list of numbers or texts in order, the lowest first (to sort anything else: `x in L "
             "sorted by KEY`)")
def sort(S, v):
    xs = list(items_of(v))
    odd = unsortable(xs)
    if odd is not None:
        raise RuleError(f"only a list of numbers, or of texts, can be sorted, but this one holds {odd}")
    S.spend(sort_steps(xs), None)
    return sorted(xs)


def unsortable(xs) -> Optional[str]:
    """None when xs are all numbers or all texts; else what is in the way (`a list of int`, `both`), as Python
    would compare lists, however long, item by item."""
    classes = {sort_class(x) for x in xs}
    if classes <= _SORTABLE_CLASSES and len(classes) <= 1:
        return None
    odd = [x for x in xs if sort_class(x) not in _SORTABLE_CLASSES]
    return kind_of(odd[0]) if odd else "numbers and texts"


_SORTABLE_CLASSES = {"number", str}


@builtin(A_LIST, letters="L", result=SAME, doc="the list the other way round")
def reverse(S, v):
    return list(reversed(walked(S, items_of(v))))


@builtin(A_LIST, letters="L", result=SAME, doc="the list with each item once, where it first comes")
def unique(S, v):
    out: list = []
    seen: set = set()
    xs = items_of(v)
    S.spend(numbers_steps(xs), None)  # (each item hashed: a long fraction costs more)
    for x in xs:
        try:
            if x in seen:
                continue
            seen.add(x)
        except TypeError:  # a list in the list: compared with the ones kept
            if among(S, x, out):
                continue
        out.append(x)
    return out


@builtin(A_LIST, exactly(ANY, "any value", "value"), letters="L, X", result=INT,
         doc="where X first comes in L, counting from 0; -1 when it is not in it")
def index(S, v, x):
    xs = walked(S, items_of(v))
    if type(x) is list:  # (compared item by item, counted: see same_value)
        return next((i for i, y in enumerate(xs) if same_value(S, x, y)), -1)
    return xs.index(x) if x in xs else -1


@builtin(A_NUMBER, letters="N", result=NUMERIC, doc="N without its sign")
def abs_(S, a):
    return abs(a)


@builtin(A_NUMBER,
         letters="N", result=INT, doc="N rounded down to a whole number: `floor(7.5)` is 7, `floor(-0.5)` is -1")
def floor(S, a):
    return math.floor(a)


@builtin(A_NUMBER, letters="N", result=INT, doc="N rounded up to a whole number: `ceil(7.5)` is 8")
def ceil(S, a):
    return math.ceil(a)


@builtin(A_NUMBER,
         letters="N", result=INT,
         doc="the nearest whole number, halves rounded up: `round(7.5)` is 8, `round(-7.5)` is -7")
def round_(S, a):
    return math.floor(a + Fraction(1, 2))


def _stack_inline(read, index):
    """The inline form of top, bottom and owner of a space or zone: no call."""
    def inline(emit, call, scope):
        t = emit.type_of(call.args[0]) if len(call.args) == 1 else None
        if t is None or (t.base not in ("space", "zone") and not (read == ".owner" and t.general.base == "piece")):
            return None
        src = emit.src(call.args[0], scope)
        if t.general.base == "piece":  # the owner of a piece
            if scope.is_present(src):
                return f"{src}.owner"
            held = emit.once(src)
            return None if held is None else f"({held[1]}.owner if {held[0]} is not None else None)"
        if scope.is_present(src):
            return f"({src}.pieces[{index}]{read} if {src}.pieces else None)"
        held = emit.once(src)
        if held is None:
            return None
        first, again = held
        return f"({again}.pieces[{index}]{read} if {first} is not None and {again}.pieces else None)"
    return inline


@builtin(CONTAINER,
         letters="Z", result=PIECE, doc="the top piece of a space or zone, or `none`", inline=_stack_inline("", -1))
def top(S, c):
    if c is None:
        return None
    p = c.pieces
    return p[-1] if p else None


@builtin(CONTAINER,
         letters="Z", result=PIECE, doc="the bottom piece of a space or zone, or `none`", inline=_stack_inline("", 0))
def bottom(S, c):
    if c is None:
        return None
    p = c.pieces
    return p[0] if p else None


@builtin(A_LIST, letters="L", result=ELEMENT, doc="the first item of a list (of a zone: its bottom piece), or `none`")
def first(S, v):
    xs = items_of(v)
    return xs[0] if xs else None


@builtin(A_LIST, letters="L", result=ELEMENT, doc="the last item of a list (of a zone: its top piece), or `none`")
def last(S, v):
    xs = items_of(v)
    return xs[-1] if xs else None


@builtin(ANY_COLLECTION,
         letters="C", result=ELEMENT, draws=True,
         doc="an item of C picked at random (with the game's seeded random numbers), or `none`")
def random_(S, v):
    xs = items_of(v)
    if not xs:
        return None
    return S.pick_at_random(xs)


@builtin(SPACE_OR_PIECE,
         letters="X", result=PLAYER, doc="the owner of a piece, or of the top piece of a space (`none` if empty)",
         inline=_stack_inline(".owner", -1))
def owner(S, v):
    if v is None:
        return None
    if isinstance(v, Piece):
        return v.owner
    p = v.pieces
    return p[-1].owner if p else None


# ---------------------------------------------------------------- geometry

_AXES = ((1, 0), (0, 1), (1, 1), (1, -1))


def _lines(s, n):
    """The axes through s along which a line of n spaces fits, as (forth, back): the spaces walking out each
    way, at most n - 1 of them (kept on the space, by n)."""
    cache = s.rays
    if cache is None:
        cache = s.rays = {}
    lines = []
    for dx, dy in _AXES:
        both = []
        for k in (DIR_BY_VECTOR[(dx, dy)].i, DIR_BY_VECTOR[(-dx, -dy)].i):
            out: list = []
            t = s.nbr[k]
            while t is not None and len(out) < n - 1:
                out.append(t)
                t = t.nbr[k]
            both.append(tuple(out))
        if len(both[0]) + len(both[1]) + 1 >= n:
            lines.append(tuple(both))
    cache[n] = lines
    return lines


@builtin(A_SPACE, AN_INT, letters="S, N", result=BOOL,
         doc="whether the space S is part of a straight line of at least N spaces (across, up or "
             "diagonal; on a graph, along one of its `line`s) of its board whose top pieces have the "
             "same owner as S's top piece")
def in_a_row(S, s, n):
    if s is None or not s.pieces:
        return False
    if s.board.area:
        return _in_a_row_area(s, n)
    if s.board.lines is not None:
        return _in_a_row_along(S, s, n)
    who = s.pieces[-1].owner
    cache = s.rays
    lines = cache.get(n) if cache is not None else None
    if lines is None:
        lines = _lines(s, n)
    for forth, back in lines:
        run = 1
        for t in forth:
            p = t.pieces
            if not p or p[-1].owner is not who:
                break
            run += 1
        for t in back:
            p = t.pieces
            if not p or p[-1].owner is not who:
                break
            run += 1
        if run >= n:
            return True
    return False


def _in_a_row_area(s, n):
    who = s.pieces[-1].owner
    by_xy = s.board.by_xy
    for dx, dy in _AXES:
        run = 1
        for sign in (1, -1):
            cx, cy = s.x + sign * dx, s.y + sign * dy
            while True:
                t = by_xy.get((cx, cy))
                if t is None or not t.pieces or t.pieces[-1].owner is not who:
                    break
                run += 1
                cx += sign * dx
                cy += sign * dy
        if run >= n:
            return True
    return False


def _in_a_row_along(S, s, n):
    """in_a_row on a graph: along the lines its rules file draws through s (kept on s, `along`)."""
    who = s.pieces[-1].owner
    along = s.along
    S.spend(len(along), None)
    for forth, back in along:
        run = 1
        for ray_ in (forth, back):
            for t in ray_:
                p = t.pieces
                if not p or p[-1].owner is not who:
                    break
                run += 1
        S.spend(run, None)
        if run >= n:
            return True
    return False


ORTHOGONAL_INDEXES = tuple(DIRS[d].i for d in ORTHOGONAL)  # (the native backend's walls read it too)
_ORTHOGONAL_INDEXES = ORTHOGONAL_INDEXES
_ORTHOGONAL_OF = itemgetter(*_ORTHOGONAL_INDEXES)  # a space's table of neighbours -> its orthogonal ones (or None)
_ORTHOGONAL_DIRS = tuple(DIRS[d] for d in ORTHOGONAL)


def adjacent(s):
    """The spaces next to s on its board: the points it is linked to (a graph, the edges of a grid), or its
    orthogonal neighbours."""
    links = s.links
    if links is not None:
        return list(links)
    steps = s.board.steps or _ORTHOGONAL_INDEXES  # (`neighbors all_directions`: the board's own)
    if s.walls is not None:  # a grid with walls: not across one
        return [t for t in (open_step(s, i) for i in steps) if t is not None]
    nbr = s.nbr
    return [t for t in (nbr[i] for i in steps) if t is not None]


@builtin(A_SPACE, LIST_OF_STEPS, required=1, items_present=True, letters="S, DIRS", result=list_of(SPACE),
         doc="the spaces next to S on its board (on a grid its orthogonal neighbours, north, east, "
             "south, west; on a graph the points joined to S; of an edge, the edges that meet it); or "
             "its neighbours in the directions DIRS (or the spaces those offsets away), in that order")
def neighbors(S, s, dirs=None):
    if s is None:
        return []
    if dirs is None:
        return adjacent(s)
    if s.walls is not None:
        return [t for t in (open_step(s, d.i) if type(d) is Dir else _leap_from(s, d, s.board.by_xy)
                            for d in walked(S, dirs) if d is not None) if t is not None]
    nbr = s.nbr
    try:
        return [t for t in (nbr[d.i] for d in dirs if d is not None) if t is not None]
    except AttributeError:  # offsets among the directions: leaps
        pass
    by_xy = s.board.by_xy
    return [t for t in (_leap_from(s, d, by_xy) for d in walked(S, dirs) if d is not None) if t is not None]


def _leap_from(s, d, by_xy):
    if type(d) is Dir:
        return s.nbr[d.i] if s.walls is None else open_step(s, d.i)
    return by_xy.get((s.x + d.dx, s.y + d.dy))  # (a leap goes over walls)


def _touching_inline(emit, call, scope):
    board = emit.board_name(call.args[1]) if len(call.args) == 2 else None
    if board is None:
        return None
    return f"S.touching({emit.src(call.args[0], scope)}, {board!r})"


@builtin(A_SPACE, LIST_OF_SPACE, items_present=True, letters="S, BOARD", result=list_of(SPACE), inline=_touching_inline,
         doc="the spaces of BOARD next to S on the plane, diagonals included (a grid's spaces, edges "
             "and corners: the ones that meet S)")
def touching(S, s, board_spaces):
    if s is None or not board_spaces:
        return []
    return S.touching(s, board_spaces[0].board.name)


@builtin(A_SPACE, A_DIR, items_present=True, letters="S, D", result=list_of(SPACE),
         doc="the spaces met going from S in direction D across the shared plane, on every board")
def path(S, s, d):
    if s is None or d is None:
        return []
    paths = s.paths
    if paths is None:
        paths = s.paths = {}
    out = paths.get(d.i)
    if out is None:
        out = paths[d.i] = _path(S, s, d)  # the plane never changes: the space keeps its paths
    return walked(S, list(out))


def _path(S, s, d):
    out = []
    plane = S.plane
    x, y = s.px + d.dx, s.py + d.dy
    bound = S.plane_bound
    looked = 0
    while abs(x) <= bound and abs(y) <= bound:
        t = plane.get((x, y))
        if t is not None:
            out.append(t)
        x += d.dx
        y += d.dy
        looked += 1
    # (every point of the plane looked at is a step, the empty ones too: boards far apart leave many)
    S.spend(looked, None)
    return out


@builtin(A_SPACE, A_STEP, items_present=True, letters="S, D", result=list_of(SPACE),
         doc="the spaces of S's board from S (not included) in direction D, to the edge (with an "
             "offset: by leaps of it)")
def ray(S, s, d):
    if s is None or d is None:
        return []
    if type(d) is not Dir:
        return walked(S, _leaps(s, d))
    if s.board.area or s.walls is not None:  # an area grows, walls come and go: their rays change
        return walked(S, _ray(s, d))
    paths = s.paths
    if paths is None:
        paths = s.paths = {}
    out = paths.get(-1 - d.i)  # a grid's rays never change: the space keeps them (beside its paths)
    if out is None:
        out = paths[-1 - d.i] = _ray(s, d)
    return walked(S, list(out))


def _leaps(s, d):
    """The spaces reached from s by leaping by offset d again and again (a rider), to the edge."""
    out: list = []
    if d.dx == 0 and d.dy == 0:
        return out
    by_xy = s.board.by_xy
    t = by_xy.get((s.x + d.dx, s.y + d.dy))
    while t is not None:
        out.append(t)
        t = by_xy.get((t.x + d.dx, t.y + d.dy))
    return out


def _ray(s, d):
    out = []
    if s.walls is not None:
        t = open_step(s, d.i)
        while t is not None:
            out.append(t)
            t = open_step(t, d.i)
        return out
    t = s.nbr[d.i]
    while t is not None:
        out.append(t)
        t = t.nbr[d.i]
    return out


def _symmetric_order(o):
    """Clockwise from north: the angle of an offset, for a fixed order of a symmetric set."""
    return math.atan2(o[0], o[1]) % (2 * math.pi)


@builtin(A_STEP, letters="O", result=list_of(OFFSET),
         doc="O and its turns and mirror images, clockwise from north: `symmetric((1, 2))` is the 8 "
             "leaps of a knight")
def symmetric(S, o):
    if o is None:
        return []
    a, b = o.dx, o.dy
    images = {(x, y) for x, y in ((a, b), (b, a)) for x in (x, -x) for y in (y, -y)}
    return [Offset(x, y) for x, y in sorted(images, key=lambda v: (_symmetric_order(v), abs(v[0]) + abs(v[1])))]


@builtin(A_STEP, A_PLAYER, required=1, letters="O, P", result=OFFSET,
         doc="the offset O read from the mover's (or P's) seat: DX to the right, DY forward")
def relative(S, o, p=None):
    if o is None:
        return None
    who = p if p is not None else S.turn_player
    dx, dy = rotate(o.dx, o.dy, who.turns)
    return Offset(dx, dy)


@builtin(A_SPACE, A_SPACE, letters="A, B", result=OFFSET,
         doc="the step from space A to space B of the same board (columns east, rows north), or `none`")
def offset(S, a, b):
    if a is None or b is None or a.board is not b.board:
        return None
    return Offset(b.x - a.x, b.y - a.y)


@builtin(A_SPACE, A_SPACE, letters="A, B", result=DIR,
         doc="the direction from A to B on the plane, if B is straight or diagonally that way (on a hex "
             "board, along one of its six directions); else `none`")
def direction(S, a, b):
    if a is None or b is None:
        return None
    if a.board is b.board and a.board.shape == "hex":
        return _hex_direction(b.x - a.x, b.y - a.y)
    dx, dy = b.px - a.px, b.py - a.py
    if dx == 0 and dy == 0:
        return None
    if dx != 0 and dy != 0 and abs(dx) != abs(dy):
        return None
    return DIR_BY_VECTOR[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]


def _hex_direction(dx, dy):
    """The hex direction from a cell to another on a line of cells with it (axial steps), or None."""
    if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or dx == -dy):
        return None
    step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    return next(DIRS[name] for name, v in HEX_STEPS.items() if v == step)


@builtin(A_SPACE, A_PLAYER,
         letters="S, P", result=INT, doc="the row of S counted from player P's edge: 1 is the row nearest P")
def row(S, s, p):
    b = s.board
    edge_ = p.facing
    if edge_ == "south":
        return s.y
    if edge_ == "north":
        return b.height - s.y + 1
    if edge_ == "west":
        return s.x
    return b.width - s.x + 1


@builtin(A_SPACE, A_PLAYER, letters="S, P", result=INT, doc="the column of S counted from player P's left")
def column(S, s, p):
    b = s.board
    edge_ = p.facing
    if edge_ == "south":
        return s.x
    if edge_ == "north":
        return b.width - s.x + 1
    if edge_ == "west":
        return b.height - s.y + 1
    return s.y


def _at_inline(emit, call, scope):
    """at(BOARD, x, y) of a shared grid: the board's table read in place."""
    board = emit.board_name(call.args[0]) if len(call.args) == 3 else None
    if board is None or not emit.is_grid(board):
        return None
    return f"S.boards[{board!r}].by_xy.get(({emit.src(call.args[1], scope)}, {emit.src(call.args[2], scope)}))"


@builtin(LIST_OF_SPACE, AN_INT, AN_INT,
         letters="BOARD, X, Y", result=SPACE, doc="the space of BOARD at column X, row Y, or `none`",
         inline=_at_inline)
def at(S, spaces, x, y):
    board = getattr(spaces, "board", None)
    if board is not None:
        return S.space_at(board, x, y) if board.area else board.by_xy.get((x, y))
    if not spaces:
        return None
    return spaces[0].board.by_xy.get((x, y))


def _seat_space_inline(emit, call, scope):
    """seat_space(BOARD, label, p) of a shared grid: what the board keeps for (label, p's facing) read in place,
    the call (which keeps it) made only for what it does not keep yet (or never keeps: a label that is not a
    text, no player)."""
    board = emit.board_name(call.args[0]) if len(call.args) == 3 else None
    if board is None or not emit.is_grid(board):
        return None
    label = emit.once(emit.src(call.args[1], scope))
    who = emit.once(emit.src(call.args[2], scope))
    if label is None or who is None:
        return None
    got = emit.fresh("_a")
    key = f"({label[0]}, (None if {who[0]} is None else {who[1]}.facing))"
    return (f"({got} if ({got} := S.boards[{board!r}].seat_spaces.get({key}, _UNSET)) is not _UNSET "
            f"else _F_seat_space(S, {emit.src(call.args[0], scope)}, {label[1]}, {who[1]}))")


@builtin(LIST_OF_SPACE, A_TEXT, A_PLAYER, letters="BOARD, T, P", result=SPACE,
         doc='the space that a position written as text T (`"b1"`) names when read from player P\'s '
             "seat: column `b` from P's left, row 1 nearest P (or `none`)",
         inline=_seat_space_inline)
def seat_space(S, spaces, label, p):
    """`b1` is the second column from the player's left, in the row nearest the player."""
    if not spaces or label is None or p is None:
        return None
    board = getattr(spaces, "board", None)
    if board is not None and not board.area and label.__class__ is str:  # a grid keeps what each label names
        key = (label, p.facing)
        found = board.seat_spaces.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            found = board.seat_spaces[key] = _seat_space(S, spaces, label, p)
        return found
    return _seat_space(S, spaces, label, p)


_UNKNOWN = object()


def _seat_space(S, spaces, label, p):
    letters = "".join(ch for ch in str(label) if ch.isalpha()).lower()
    digits = "".join(ch for ch in str(label) if ch.isdigit())
    if not letters or not digits:
        raise RuleError("a text that names a position is written like b1")  # (the text may be secret: not told)
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - 96)
    r = int(digits)
    for s in spaces:
        if column(S, s, p) == col and row(S, s, p) == r:
            return s
    return None


@builtin(A_SPACE, LIST_OF_DIR, required=1, items_present=True, letters="S, DIRS", result=list_of(SPACE),
         doc="the chain of spaces joined to S, step by step from neighbour to neighbour (or in DIRS), "
             "whose top pieces have the owner of S's top piece (Hex, Go); `[]` when S is empty")
def group(S, s, dirs=None):
    if s is None or not s.pieces:
        return []
    who = s.pieces[-1].owner
    steps = [d.i for d in dirs if d is not None] if dirs is not None else None
    seen, todo, out = {s}, [s], []
    while todo:
        t = todo.pop()
        out.append(t)
        if steps is None:  # (as `adjacent` gives them, without making a list where it can)
            near = t.links
            if near is None:
                near = _ORTHOGONAL_OF(t.nbr) if t.walls is None and t.board.steps is None else adjacent(t)
        else:
            near = [open_step(t, k) for k in steps]
        for n in near:
            if n is not None and n not in seen and n.pieces and n.pieces[-1].owner is who:
                seen.add(n)
                todo.append(n)
    return walked(S, out)


@builtin(A_SPACE, letters="S", result=list_of(SPACE),
         doc="the spaces of the block S lies in, on a grid cut into `blocks` (bottom row first, as a board "
             "lists them); on another board, all the spaces of S's board")
def block(S, s):
    if s is None:
        return []
    board = s.board
    size = board.blocks
    if size is None:
        return walked(S, list(board.in_play()))
    bx, by = block_of(s, size)
    x0, y0 = (bx - 1) * size[0], (by - 1) * size[1]
    return walked(S, [board.by_xy[(x0 + i, y0 + j)] for j in range(1, size[1] + 1) for i in range(1, size[0] + 1)])


@builtin(A_TEXT, letters="T", result=SPACE,
         doc='the space of a shared board named by the text T (`"e1"`, `"B2"` or `"right.a1"`), or '
             "`none`")
def space(S, name):
    return None if name is None else S.space_by_name.get(name)


def near_spaces(t, steps):
    """The spaces next to t (None among them where a grid has no neighbour): its neighbours, or (`steps`:
    direction numbers) the spaces in those directions, never across a wall."""
    if steps is None:
        near = t.links
        if near is None:  # (a grid's orthogonal neighbours read from its table in one call, when no wall or
            # `neighbors` option of the board changes them)
            near = _ORTHOGONAL_OF(t.nbr) if t.walls is None and t.board.steps is None else adjacent(t)
        return near
    return [open_step(t, k) for k in steps]


def steps_of(dirs):
    return None if dirs is None else [d.i for d in dirs if d is not None]


def _spread(S, start, inside, steps=None):
    """The spaces of `inside` (a set of spaces, which it empties of them) reached from `start` step by step
    from neighbour to neighbour (or in the directions numbered `steps`), in the order met (breadth first); each
    space reached and each neighbour looked at counts against the move's budget. (A path check runs this for
    every move tried: the list met is the queue itself.)"""
    left = inside  # (its own: the spaces met are taken out of it)
    left.discard(start)
    out = [start]
    spent = 0
    for t in out:  # (the list grows as it is walked: each space met is walked in its turn)
        near = near_spaces(t, steps)
        spent += len(near) + 1
        for n in near:
            if n in left:
                left.discard(n)
                out.append(n)
    S.spend(spent, None)
    return out


@builtin(A_SPACE, LIST_OF_SPACE, LIST_OF_DIR, required=2, items_present=True, letters="S, SPACES, DIRS",
         result=list_of(SPACE),
         doc="the spaces of SPACES joined to S from neighbour to neighbour (or in DIRS) without leaving "
             "SPACES, S first; `[]` when S is not one of them")
def region(S, s, spaces, dirs=None):
    if s is None:
        return []
    inside = {t for t in walked(S, spaces) if t is not None}
    return _spread(S, s, inside, steps_of(dirs)) if s in inside else []


@builtin(A_SPACE, LIST_OF_SPACE, items_present=True, letters="S, SPACES", result=INT,
         doc="the fewest steps from S to one of SPACES, from neighbour to neighbour (round walls, within a "
             "block); 0 when S is one of them, -1 when none can be reached")
def distance(S, s, spaces):
    if s is None:
        return -1
    goals = {id(t) for t in walked(S, spaces) if t is not None}
    seen, ring, steps = {id(s)}, [s], 0
    while ring:
        if any(id(t) in goals for t in ring):
            return steps
        nearer = []
        for t in ring:
            near = adjacent(t)
            S.spend(len(near) + 1, None)
            for n in near:
                if id(n) not in seen:
                    seen.add(id(n))
                    nearer.append(n)
        ring, steps = nearer, steps + 1
    return -1


@builtin(LIST_OF_SPACE, LIST_OF_DIR, required=1, letters="SPACES, DIRS", result=list_of(list_of(SPACE)),
         doc="SPACES cut into regions, each joined from neighbour to neighbour (or in DIRS), in the order "
             "of their first spaces")
def regions_of(S, spaces, dirs=None):
    members = [t for t in walked(S, spaces) if t is not None]
    left = set(members)  # (each region met is taken out of it)
    steps = steps_of(dirs)
    return [_spread(S, t, left, steps) for t in members if t in left]


@builtin(LIST_OF_SPACE, LIST_OF_DIR, required=1, items_present=True, letters="SPACES, DIRS",
         result=list_of(SPACE),
         doc="the spaces next to those of SPACES (or in DIRS from them) and not among them, each once, in the "
             "order met")
def border(S, spaces, dirs=None):
    members = [t for t in walked(S, spaces) if t is not None]
    inside = {id(t) for t in members}
    seen: set = set()
    out = []
    steps = steps_of(dirs)
    for t in members:
        near = near_spaces(t, steps)
        S.spend(len(near), None)
        for n in near:
            if n is not None and id(n) not in inside and id(n) not in seen:
                seen.add(id(n))
                out.append(n)
    return out


# ---------------------------------------------------------------- players

@builtin(A_PLAYER, letters="P", result=PLAYER, doc="the player after P in turn order")
def next_player(S, p):
    return S.next_player(p)


@builtin(A_PLAYER, letters="P", result=BOOL,
         doc="whether player P would have a legal move (a fallback action's included) if it were P's "
             "turn now")
def can_move(S, p):
    return S.can_move(p)


@builtin(A_PLAYER, letters="P", result=BOOL,
         doc="whether player P would have a legal move of an action that is not a fallback, if it were P's turn now")
def can_act(S, p):
    return S.can_move(p, fallbacks=False)


# ---------------------------------------------------------------- repetition

# what `repetitions(P)` compares: the pieces of some spaces (a board) or of zones
PART = Accepts("spaces or zones", "spaces or zones (a board, a zone, or a list of them)",
               lambda t: t.base in ("zone", "space", "any") or t.is_list_of("space", "zone", "any"))


def _repetitions_inline(emit, call, scope):
    # (the part, written as the rules write it, is worked out again at each turn's start: its place in the list
    # of the parts the game compares, Emitter.compared_parts, names its counts)
    index = next(i for i, part in enumerate(emit.compared_parts) if part is call.args[0])
    return f"_part_repetitions(S, {index}, {emit.src(call.args[0], scope)})"


@builtin(PART, letters="P", result=INT, inline=_repetitions_inline, name="repetitions",
         doc="how many times the part P of the position (the pieces of a board, of some spaces, of zones) as it is "
             "now has begun a turn, this time included: `repetitions` of these pieces alone")
def repetitions_of(S, v):
    raise RuleError("`repetitions(...)` is worked out where it is written")  # (always written in place)


@builtin(AN_INT, letters="N", result=PLAYER, doc="the player in seat N (1, 2, ...)")
def seat(S, i):
    if not 1 <= i <= S.n:
        raise RuleError(f"there is no such seat: the seats are 1 to {S.n}")  # (the number asked may be secret)
    return S.players[i - 1]


# ---------------------------------------------------------------- tiles: rotation, edges, regions

_ROTATED = {(d.i, q): DIR_BY_VECTOR[rotate(d.dx, d.dy, -q)] for d in DIRS.values() for q in range(4)}


# PRINTED[d.i][q]: the name of the side printed where direction d faces after q quarter turns back
PRINTED = [[_ROTATED[(i, q)].name for q in range(4)] for i in range(len(DIRS))]


def _rotate_dir(d, quarter_turns_clockwise):
    return _ROTATED[(d.i, quarter_turns_clockwise % 4)]


def _edge_inline(emit, call, scope):
    """edge(piece, D) or edge(piece, D, R) for a direction known when the rules are built: no call. The
    arguments are worked out first, in order, as a call's are."""
    if len(call.args) < 2 or emit.type_of(call.args[0]).general.base != "piece":
        return None
    piece = emit.once(emit.src(call.args[0], scope))
    d = emit.const_dir(emit.src(call.args[1], scope))
    if piece is None or d is None:
        return None
    first, p = piece
    if len(call.args) == 2:
        return f"(None if {first} is None else {p}.attrs.get(_PRINTED[{d.i}][-{p}.turns % 4]))"
    turns = emit.once(emit.src(call.args[2], scope))
    if turns is None:
        return None
    return f"({first}, {turns[0]}, None if {p} is None else {p}.attrs.get(_PRINTED[{d.i}][-({turns[1]}) % 4]))[-1]"


@builtin(A_PIECE, A_DIR, AN_INT, required=2, letters="T, D, R", result=TEXT, inline=_edge_inline,
         doc="what is printed on the side of tile T that now faces compass direction D, given its "
             "`turns` (with R: if T lay turned R quarter turns, to try a turn before making it)")
def edge(S, piece, d, turns=None):
    if piece is None or d is None:
        return None
    return piece.attrs.get(PRINTED[d.i][-(piece.turns if turns is None else turns) % 4])


@builtin(A_PIECE, A_DIR,
         letters="T, D", result=DIR,
         doc="where a direction printed on T (its arrow, say) points now, given its `turns`")
def turned(S, piece, d):
    if piece is None or d is None:
        return None
    return _rotate_dir(d, piece.turns)


def _opposite_inline(emit, call, scope):
    d = emit.const_dir(emit.src(call.args[0], scope)) if len(call.args) == 1 else None
    return None if d is None else f"_D_{d.opposite}"


@builtin(A_DIR,
         letters="D", result=DIR, doc="the opposite direction: `opposite(north)` is `south`", inline=_opposite_inline)
def opposite(S, d):
    return None if d is None else DIRS[d.opposite]


def _land_inline(emit, call, scope):
    if len(call.args) != 1:
        return None
    held = emit.once(emit.src(call.args[0], scope))
    if held is None:
        return None
    return f"(None if {held[0]} is None else _str({held[1]}).rstrip('0123456789'))"


@builtin(A_TEXT, letters="X", result=TEXT, inline=_land_inline,
         doc='a landscape without its section number: `land("grass2")` is `"grass"`')
def land(S, value):
    return None if value is None else str(value).rstrip("0123456789")


def _sections(S, s, kind):
    """The sections of `kind` on the tile at the bottom of s: sides with the same printed value are one."""
    tile = s.pieces[0]
    attrs, turn = tile.attrs, -tile.turns % 4
    groups: dict = {}
    for d in _ORTHOGONAL_DIRS:
        v = attrs.get(PRINTED[d.i][turn])  # (edge and land, inline: four sides of every tile of a farm)
        if v is not None and str(v).rstrip("0123456789") == kind:
            groups.setdefault(v, []).append(d)
    return [tuple(ds) for ds in groups.values()]


@builtin(LIST_OF_SPACE, A_TEXT, items_present=True, letters="SPACES, L", result=list_of(list_of(ANY)),
         doc="the connected regions of landscape L across the tiles on SPACES; each region is a list of "
             "tile sections")
def regions(S, spaces, kind):
    spaces = [s for s in walked(S, spaces) if s is not None and s.pieces]
    inside = set(map(id, spaces))
    parent: dict = {}
    sections = []
    by_side = {}
    for s in spaces:
        for ds in _sections(S, s, kind):
            key = (id(s), ds)
            parent[key] = key
            sections.append((s, ds, key))
            for d in ds:
                by_side[(id(s), d.i)] = key

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k
    for s, ds, key in sections:
        for d in ds:
            n = s.nbr[d.i]
            if n is not None and id(n) in inside:
                other = by_side.get((id(n), (d.i + 4) % 8))
                if other is not None:
                    parent[find(key)] = find(other)
    groups: dict = {}
    for s, ds, key in sections:
        groups.setdefault(find(key), []).append((s, ds))
    order = {k: i for i, k in enumerate(parent)}
    return [groups[k] for k in sorted(groups, key=order.__getitem__)]


@builtin(A_LIST,
         letters="R", result=BOOL,
         doc="whether a region R is closed: each of its sides meets a side of the same landscape")
def closed(S, region):
    for s, ds in region or ():
        kind = land(S, edge(S, s.pieces[0], ds[0])) if s.pieces else None
        for d in ds:
            n = s.nbr[d.i]
            if n is None or not n.pieces:
                return False
            if land(S, edge(S, n.pieces[0], opposite(S, d))) != kind:
                return False
    return True


@builtin(LIST_OF_SPACE, items_present=True, letters="SPACES", result=list_of(SPACE),
         doc="the empty spaces next to those of SPACES that hold a piece (on an area, where it can grow)")
def frontier(S, spaces):
    board = getattr(spaces, "board", None)
    grows = board is not None and board.area
    out, seen = [], set()  # (spaces are hashed by identity)
    for s in walked(S, spaces):
        if not s.pieces:
            continue
        if s.links is not None:  # a graph, the edges of a grid: the spaces it is linked to
            for n in s.links:
                if not n.pieces and n not in seen:
                    seen.add(n)
                    out.append(n)
            continue
        nbr = s.nbr
        for i, dx, dy in _ORTHOGONAL_STEPS:
            n = nbr[i]
            if n is None:
                if not grows:
                    continue
                n = S.space_at(board, s.x + dx, s.y + dy)
            if not n.pieces and n not in seen:
                seen.add(n)
                out.append(n)
    return out


_ORTHOGONAL_STEPS = tuple((DIRS[name].i, DIRS[name].dx, DIRS[name].dy) for name in ORTHOGONAL)


LIBRARY = Library(functions={k: b.signature for k, b in BUILTINS.items()},
                  names={k: n.info for k, n in NAMES.items()})
