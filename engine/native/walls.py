"""Walls in the native backend (docs/backends.md): a `walls of GRID` board, whose pieces block the steps between the
grid's spaces beside them, and the typing of defs whose parameters have no type at the call that writes them.

**Walls.** The native neighbour table (`NBR`) never changes, but a wall comes and goes with the moves. A wall's
edge is a space of its `walls of` board, so the state vector already holds it (`TOP + e`, written through the
journal, so an undo opens the step again): `WALLS[s, d]` names the edge between s and its neighbour in direction
d (-1: none; topology.build_walls), and `open_step(st, s, d)` is the interpreter's topology.open_step, `NBR[s, d]`
unless a piece stands on that edge. In a game with walls, `c + d`, `neighbors(c)` and `neighbors(c, DIRS)` and
`region` step so (`WALLED`, a constant numba folds: a game without walls compiles the plain step); the builtins
that would step by the fixed table there (`ray`, `group`, `border`, `regions_of`) are refused, and so is a
constant made of steps (the interpreter works it out before any wall stands; natively a constant is written in
place of each use). A leap by an offset, `touching`, `path` and `in_a_row` take no notice of walls in both.

**Untyped parameters.** The checker types a def once with `any` parameters; the compilers type its body again at
each call for the arguments' types (expr_types.specialise). A def that calls other defs, or chooses between an
empty list and another (`[] if C else jumps(s, d)`), still gives `list of any` there: `deep_specialise` types
each call of a def inside by its own body typed for its arguments, and `[]` against a list as that list. What it
cannot type stays `any`, and the translator refuses it as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N
from ...grammar.expr_types import ExpressionChecker, specialise
from ...grammar.symbols import CheckScope, Context
from ...grammar.types import ANY, Type
from ..run.library import LIBRARY

WALL_HELPERS = '''

@njit(cache=True)
def open_step(st, s, d):
    # s + d on a board with walls: the neighbour, unless a wall stands on the edge between (topology.open_step)
    if s < 0 or d < 0:
        return -1
    t = NBR[s, d]
    if WALLED and t >= 0:
        e = WALLS[s, d]
        if e >= 0 and st[TOP + e] >= 0:
            return -1
    return t


@njit(cache=True)
def open_near(st, s, k):
    # the k-th space next to s (library.adjacent) with no wall between; -1 across a wall, -2 past the last
    if s < 0:
        return -2
    t = WNEAR[s, k]
    if t < 0:
        return -2
    d = WWAY[s, k]
    if d >= 0 and WALLS[s, d] >= 0 and st[TOP + WALLS[s, d]] >= 0:
        return -1
    return t
'''

# builtins that step by the fixed table: refused in a game with walls (region and neighbors step round them)
_FIXED_STEPS = frozenset(("ray", "group", "border", "regions_of", "distance"))
# what steps from space to space: not in a constant of a game with walls
_STEPPING = frozenset(("neighbors", "ray", "group", "region", "regions_of", "border", "distance"))
_MAX_DEPTH = 12  # defs typed one inside another at most (a def that calls itself stays `any` past it)


def walls_table(state, index: dict) -> Optional[dict]:
    """In a game with walls: `walls`, WALLS[s][d], the edge of a `walls of` board between space s and its neighbour
    in direction d (-1: none); `near`, each space's neighbours as library.adjacent lists them with no wall standing
    (a point's links, else its neighbours in its board's steps), and `ways`, the direction of each (-1: a link).
    None in a game without walls."""
    if not any(getattr(s, "walls", None) is not None for s in state.spaces):
        return None
    from ..run.library import ORTHOGONAL_INDEXES
    near: list[list[int]] = []
    ways: list[list[int]] = []
    for s in state.spaces:
        if s.links is not None:
            near.append([index[id(t)] for t in s.links])
            ways.append([-1] * len(s.links))
        else:
            steps = [i for i in (s.board.steps or ORTHOGONAL_INDEXES) if s.nbr[i] is not None]
            near.append([index[id(s.nbr[i])] for i in steps])
            ways.append(steps)
    return {"walls": [[index[id(e)] if e is not None else -1 for e in (s.walls or [None] * 8)] for s in state.spaces],
            "near": near, "ways": ways}


def unlinked_boards(state) -> frozenset:
    """The boards none of whose spaces has links (a region within one steps by compass directions only)."""
    return frozenset(name for name, b in state.boards.items() if all(s.links is None for s in b.spaces))


def walls_source(table: Optional[dict], places: int) -> list[str]:
    """The constants of the walls (`WALLED`, `WALLS`, `WNEAR`, `WWAY`), padded with -1 for the zones' places."""
    def padded(rows: list, width: int) -> str:
        rows = [r + [-1] * (width - len(r)) for r in rows] + [[-1] * width for _ in range(places - len(rows))]
        return f"np.array({[v for r in rows for v in r]!r}, dtype=np.int64).reshape({len(rows)}, {width})"
    tables = table or {"walls": [], "near": [], "ways": []}
    degree = max(1, max((len(r) for r in tables["near"]), default=1))
    return ["# the edge of a `walls of` board between each space and its neighbour each way (-1: none); each",
            "# space's neighbours with no wall standing (library.adjacent), and the direction of each (-1: a link)",
            f"WALLED = {1 if table is not None else 0}", f"WALLS = {padded(tables['walls'], 8)}",
            f"WNEAR = {padded(tables['near'], degree)}", f"WWAY = {padded(tables['ways'], degree)}"]


class _DeepChecker(ExpressionChecker):
    """The checker's typing, with a def's call typed by its body typed for the call's arguments, and `[]` against a
    list typed as that list."""

    def __init__(self, ctx: Context, checked, depth: int):
        super().__init__(ctx)
        self.checked, self.depth = checked, depth

    def call(self, e: N.Call, scope: CheckScope, statement: bool = False) -> Type:
        t = super().call(e, scope, statement)
        d = self.sym.defs.get(e.func)
        if d is None or statement or not t.untyped or isinstance(d.body, N.DefBlock) or len(e.args) != len(d.params):
            return t
        typed = deep_specialise(self.checked, d.body, {p: self.ctx.types.get(a, ANY) for p, a in zip(d.params, e.args)},
                                self.depth + 1)
        return typed[d.body] if typed is not None and d.body in typed else t

    def type_Cond(self, e: N.Cond, scope: CheckScope) -> Type:
        t = super().type_Cond(e, scope)
        then, orelse = self.ctx.types.get(e.then), self.ctx.types.get(e.orelse)
        if _empty_list(e.then) and orelse is not None and orelse.is_list:
            return orelse
        if _empty_list(e.orelse) and then is not None and then.is_list:
            return then
        return t


def _empty_list(e: N.Expr) -> bool:
    return isinstance(e, N.ListLit) and not e.items


def deep_specialise(checked, body: N.Expr, params: dict[str, Type], depth: int = 0) -> Optional[dict[N.Node, Type]]:
    """expr_types.specialise, with the calls of defs inside typed for their arguments (above); None when the body
    does not fit the parameters' types."""
    if depth > _MAX_DEPTH:
        return None
    ctx = Context(checked.module, LIBRARY)
    ctx.sym = checked.symbols
    ctx.types.update((c, checked.types[c]) for c in checked.symbols.consts.values() if c in checked.types)
    scope = CheckScope()
    for name, t in params.items():
        scope.bind(name, t, "param")
    from ...grammar.statements import StatementChecker
    exprs = _DeepChecker(ctx, checked, depth)
    StatementChecker(ctx, exprs)
    exprs.expr(body, scope)
    return None if any(d.severity == "error" for d in ctx.diags) else ctx.types


class WallTranslation:
    """Translator's part for steps on a board with walls and the typing of untyped defs' calls (a mixin)."""

    if TYPE_CHECKING:  # (what it reads of the Translator)
        checked: Any
        layout: Any
        sym: Any

        def type_of(self, e: N.Node) -> Any: ...
        def expr(self, e: N.Expr, env: dict) -> str: ...
        def fresh(self, name: str) -> str: ...
        def list_bound(self, domain: N.Expr) -> int: ...
        def bound_through_names(self, domain: N.Expr) -> Optional[int]: ...

    def specialised(self, body: N.Expr, params: dict[str, Type]) -> Optional[dict[N.Node, Type]]:
        """The types of a def's body written in place for its arguments' types: the checker's specialise, or, where
        that leaves the body untyped, deep_specialise."""
        types = specialise(self.checked, LIBRARY, body, params)
        if types is None or (body in types and types[body].untyped):
            deeper = deep_specialise(self.checked, body, params)
            if deeper is not None and body in deeper and not deeper[body].untyped:
                return deeper
        return types

    def refined_type(self, e: N.Node, t: Type) -> Type:
        """The type of a def's call that the checker left untyped, typed for its arguments (else t)."""
        if not t.untyped or not isinstance(e, N.Call):
            return t
        d = self.sym.defs.get(e.func)
        if d is None or isinstance(d.body, N.DefBlock) or len(e.args) != len(d.params):
            return t
        typed = self.specialised(d.body, {p: self.type_of(a) for p, a in zip(d.params, e.args)})
        return typed[d.body] if typed is not None and d.body in typed else t

    def walled_neighbors(self, domain: N.Call, var: str, env: dict, pad: str) -> Optional[tuple[list[str], int]]:
        """`neighbors(s)` in a game with walls: the spaces next to s as library.adjacent lists them, those across a
        wall left out; else None."""
        if domain.func != "neighbors" or len(domain.args) != 1 or not self.walled or domain.func in self.sym.defs:
            return None
        k = self.fresh("k")
        origin = self.expr(domain.args[0], env)
        return [f"{pad}for {k} in range(WNEAR.shape[1]):", f"{pad}    {var} = open_near(st, {origin}, {k})",
                f"{pad}    if {var} == -2:", f"{pad}        break", f"{pad}    if {var} >= 0:"], 2

    def chosen_list_bound(self, domain: N.Expr) -> Optional[int]:
        """list_bound of a list written out (its items) or chosen by a condition (the larger of the two); else
        None."""
        if isinstance(domain, N.ListLit):  # (its items, whatever they are)
            return len(domain.items)
        if isinstance(domain, N.Cond):
            return max(self.list_bound(domain.then), self.list_bound(domain.orelse))
        return None

    @property
    def walled(self) -> bool:
        return self.layout is not None and getattr(self.layout, "walls", None) is not None

    def step_source(self, origin: str, way: str) -> str:
        """`s + d`: the neighbour, round the walls in a game with walls."""
        return f"open_step(st, {origin}, {way})" if self.walled else f"step({origin}, {way})"

    def refuse_fixed_steps(self, call: N.Call) -> None:
        """The builtins that step by the fixed table, in a game with walls: refused (not yet round walls)."""
        if self.walled and call.func in _FIXED_STEPS and call.func not in self.sym.defs:
            raise _refused(call.span, f"`{call.func}` on a board with walls")

    def within_unlinked_board(self, items: N.Expr) -> bool:
        """Are the spaces of `items` (region's list) all of a board without links: a board, a filter or a one-`for`
        comprehension of one, a def of no parameters giving one? (The walk then steps by compass directions as the
        interpreter's does there, in a game whose other boards have links.)"""
        while True:
            if isinstance(items, N.Name) and self.checked.meaning(items).category == "board":
                return items.id in getattr(self.layout, "unlinked", ())
            if isinstance(items, N.Filter) and items.mode == "where":
                items = items.domain
            elif isinstance(items, N.Comprehension) and len(items.fors) == 1 \
                    and isinstance(items.element, N.Name) and items.element.id == items.fors[0].var:
                items = items.fors[0].domain
            elif isinstance(items, N.Call) and items.func in self.sym.defs and not self.sym.defs[items.func].params \
                    and not isinstance(self.sym.defs[items.func].body, N.DefBlock):
                items = self.sym.defs[items.func].body
            else:
                return False

    def refuse_walled_constants(self) -> None:
        """A constant made of steps, in a game with walls: the interpreter works it out before any wall stands,
        natively it would be worked out at each use."""
        if not self.walled:
            return
        for const in self.sym.consts.values():
            for node in N.walk(const):
                stepping = isinstance(node, N.Call) and node.func in _STEPPING and node.func not in self.sym.defs
                if stepping or (isinstance(node, N.BinOp) and node.op in ("+", "-")
                                and self.checked.type_of(node).base == "space"):
                    raise _refused(node.span, "a constant made of steps on a board with walls")


def _refused(span, construct: str) -> Exception:
    from .translate import Unsupported  # (translate.py builds on this module's mixin)
    return Unsupported(span, construct)
