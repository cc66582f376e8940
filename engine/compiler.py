"""Checked AST -> a CompiledGame: functions built once per game.

Every expression becomes one function `f(S, L)` (see expressions.py): S is the State, L the frame of local
slots of the rule being run (action parameters, lets, loop variables). Statements are closures of the same
shape that change S through its journalled methods; `Compiler.stmt` dispatches on the node's class to
`compile_<Class>`. Each action also gets one generator function that lists its legal moves.
"""
from __future__ import annotations

from typing import Callable, NamedTuple, Optional

import attrs

from ..grammar import nodes as N
from ..grammar.boards import DERIVED, graph_points, label_position
from ..grammar.diagnostics import Diagnostic, MireError
from ..grammar.symbols import Checked
from ..grammar.types import COMMON_ATTRS, RELATIVE_DIRECTIONS, Type
from .expressions import ConstantError, Emitter, Frame, Scope, params_scope
from .moves import generator_source
from .namespace import sized
from .runtime import DIRS, GameOver, Kind, Piece, Player, RuleError, value_text

# A rule's body: statements as functions of (state, locals)
Body = list[Callable]
ASSIGNABLE_PIECE_ATTRS = {name for name, (_, assignable) in COMMON_ATTRS["piece"].items() if assignable}


@attrs.define
class Condition:
    """A legality condition of an action, kept with its source for explanations."""
    fn: Callable
    text: str
    line: int
    param: Optional[str]  # the parameter it belongs to, or None for a `require`
    message: Optional[str] = None


@attrs.define
class ActionParam:
    name: str
    slot: int
    domain: Callable  # (S, L) -> the values it ranges over
    test: Optional[Condition]
    domain_text: str  # as written, for explanations


@attrs.define
class CompiledAction:
    name: str
    index: int
    phase: Optional[int]
    fallback: bool
    params: list[ActionParam]
    requires: list[Condition]
    body: Body
    size: int  # slots in its frame
    line: int
    where: str  # `file.mire:12`: the file it was written in (a variant's rule may come from its base)
    gen: Optional[Callable] = None  # gen(S, out): appends every legal Move of this action to out
    eager_text: bool = False  # its moves name pieces whose names depend on where they are: name them early
    dedupe: bool = False  # its pieces may have twins: moves that read the same are merged


@attrs.define
class CompiledRule:
    """A trigger, or the setup."""
    name: str
    phase: Optional[int]
    body: Body
    size: int
    line: int


@attrs.define
class BoardSpec:
    name: str
    width: int
    height: int
    place: Optional[Callable]  # (x, y) -> its place on the shared plane, or None: side by side
    labels: Optional[str]
    per_player: bool
    area: bool
    shape: str = "grid"  # "grid" | "area" | "edges" | "corners" | "graph"
    of: Optional[str] = None  # edges and corners: the grid they belong to
    points: tuple = ()  # a graph's points: (name, column, row)
    lines: tuple = ()  # a graph's lines and links: (names, straight)


def board_spec(b: N.Board, place: Optional[Callable], boards: dict) -> BoardSpec:
    """What the engine needs to build a board: a graph's points with their places, the size of the grid whose
    edges or corners a board is."""
    if b.shape == "graph":
        points = tuple((p.name, *(p.at or label_position(p.name) or (0, 0))) for p in graph_points(b))
        return BoardSpec(b.name, max(p[1] for p in points), max(p[2] for p in points), place, None, False, False,
                         "graph", points=points, lines=tuple((line.points, line.straight) for line in b.lines))
    if b.shape in DERIVED:
        grid = boards[b.of]
        return BoardSpec(b.name, grid.width, grid.height, None, b.labels, False, False, b.shape, of=b.of)
    return BoardSpec(b.name, b.width, b.height, place, b.labels, b.per_player, b.shape == "area", b.shape)


@attrs.define
class PieceTable:
    kind: str
    zone: Optional[str]  # None: the supply
    each_player: bool
    rows: list[dict]  # one attribute dict per piece


@attrs.define
class ZoneSpec:
    name: str
    per_player: bool
    visibility: str
    capacity: Optional[int]


@attrs.define
class VarSpec:
    name: str
    per_player: bool
    init: Callable  # (S) -> its start value


@attrs.define
class PhaseSpec:
    name: str
    until: Optional[Callable]  # (S) -> whether the phase is over


@attrs.define
class RankKey:
    fn: Callable  # (S, L) with the player in `slot`
    slot: int
    size: int


class OptionSpec(NamedTuple):
    name: str
    description: str
    uses: Optional[str]  # the variant this option switches to


class InputSpec(NamedTuple):
    zone: str
    count: int  # type: ignore[assignment]  # a field, not tuple.count
    kind: str
    source: str


@attrs.define
class CompiledGame:
    name: str
    title: str
    path: str
    source: str
    min_players: int
    max_players: int
    seat_names: tuple[str, ...]
    facings: Optional[tuple[str, ...]]
    first_random: bool
    options: list[OptionSpec]
    boards: list[BoardSpec]
    kinds: dict[str, Kind]
    tables: list[PieceTable]
    zones: list[ZoneSpec]
    vars: list[VarSpec]
    setup: list[CompiledRule]
    phases: list[PhaseSpec]
    actions: list[CompiledAction]
    triggers: dict[str, list[CompiledRule]]  # event -> its triggers
    rank: list[RankKey]
    has_score: bool
    inputs: list[InputSpec] = attrs.Factory(list)
    shows: dict[str, Callable] = attrs.Factory(dict)  # kind -> label(S, piece)
    seated: bool = False  # seats sit at edges that matter: the board is drawn from the viewer's edge
    # by phase (None for a game without phases): its actions (regular ones, fallback ones) and its triggers
    open_actions: dict = attrs.Factory(dict)
    after_move_rules: dict = attrs.Factory(dict)
    turn_start_rules: dict = attrs.Factory(dict)

    def __attrs_post_init__(self):
        phase_ids: list = list(range(len(self.phases))) if self.phases else [None]
        for ph in phase_ids:
            def open_in(rule, ph=ph):
                return rule.phase is None or rule.phase == ph
            self.open_actions[ph] = ([a for a in self.actions if not a.fallback and open_in(a)],
                                     [a for a in self.actions if a.fallback and open_in(a)])
            self.after_move_rules[ph] = [r for r in self.triggers["after move"] if open_in(r)]
            self.turn_start_rules[ph] = [r for r in self.triggers["turn start"] if open_in(r)]


class Compiler:
    def __init__(self, checked: Checked, sources: dict[str, str], name: str):
        self.checked = checked
        self.sym = checked.symbols
        self.sources = sources
        self.name = name
        self.emit = Emitter(checked, self.where)
        self.procs: dict[str, list] = {}
        self.phase_index = {name: i for i, name in enumerate(self.sym.phases)}

    # ------------------------------------------------------------ where things were written
    def text(self, node: N.Node) -> str:
        """The source text of a node, as written (its first line, for a node over several)."""
        sp = node.span
        lines = self.sources.get(sp.file, "").split("\n")
        if sp.line < 1 or sp.line > len(lines):
            return "?"
        if sp.end_line == sp.line:
            return lines[sp.line - 1][sp.column - 1:sp.end_column - 1]
        return lines[sp.line - 1][sp.column - 1:].rstrip()

    def where(self, node: N.Node) -> str:
        """`file.mire:12`, for RuleErrors."""
        return f"{node.span.file.replace(chr(92), '/').rsplit('/', 1)[-1]}:{node.span.line}"

    def type_of(self, node: N.Node) -> Type:
        return self.checked.type_of(node)

    # ------------------------------------------------------------ game
    def compile(self) -> CompiledGame:
        try:
            return self._compile()
        except ConstantError as err:
            raise MireError([Diagnostic("E073", f"constant '{err.const.name}' cannot be computed: {err.reason}",
                                        err.const.span, "a constant's value is computed once, when the game is "
                                        "loaded; keep it small and well defined", focus=err.const.name)],
                            self.sources) from None

    def _compile(self) -> CompiledGame:
        sym = self.sym
        self.emit.declare_defs(list(sym.defs.values()))
        for p in sym.procs.values():
            self.procs[p.name] = [None]
        for d in sym.defs.values():
            self.emit.compile_def(d)
        for name in sym.consts:  # every constant, used or not: one that cannot be computed is reported now
            self.emit.const_source(name)
        for p in sym.procs.values():
            frame, scope = params_scope(p.params)
            self.procs[p.name][0] = (self.block(p.body, scope), frame.size)
        players = sym.players
        n_max = players.high if players else 2
        names = tuple(players.names) if players and players.names else tuple(str(i + 1) for i in range(n_max))
        facings = tuple(players.facing) if players and players.facing else None
        module = self.checked.module
        return CompiledGame(
            name=self.name, title=sym.title or self.name, path=module.path, source=self.sources[module.path],
            min_players=players.low if players else 2, max_players=n_max, seat_names=names, facings=facings,
            first_random=bool(sym.first and sym.first.who == "random"),
            options=[OptionSpec(o.name, o.description, o.uses) for o in sym.options.values()],
            inputs=[InputSpec(i.zone, i.count, i.kind, i.source) for i in sym.inputs],
            shows={show.kind: self.compile_show(show) for show in sym.shows},
            seated=bool(facings) or self.reads_seats(),
            boards=[board_spec(b, self.placement(b), sym.boards) for b in sym.boards.values()],
            kinds={k.name: Kind(k.name, tuple(x.name for x in k.attrs), frozenset(x.name for x in k.attrs if x.hidden),
                                tuple(x.name for x in k.attrs if x.key)) for k in sym.kinds.values()},
            tables=[PieceTable(p.kind, p.zone, p.each_player, table_rows(sym.kinds[p.kind], p.header, p.rows))
                    for p in sym.pieces if p.file is None and p.kind in sym.kinds],
            zones=[ZoneSpec(z.name, z.per_player, z.visibility, z.capacity) for z in sym.zones.values()],
            vars=[VarSpec(v.name, v.per_player, self.closed(v.init)) for v in sym.vars.values()],
            setup=[self.rule("setup", None, s.body, s.span.line) for s in sym.setups],
            phases=[PhaseSpec(ph.name, self.closed(ph.until) if ph.until is not None else None)
                    for ph in sym.phases.values()],
            actions=[self.compile_action(a, i) for i, a in enumerate(sym.actions.values())],
            triggers=self.compile_triggers(),
            rank=self.compile_rank(),
            has_score="score" in sym.vars and sym.vars["score"].per_player)

    def rule(self, name: str, phase: Optional[str], body: N.Block, line: int) -> CompiledRule:
        frame = Frame()
        return CompiledRule(name, self.phase_index.get(phase) if phase else None, self.block(body, Scope(frame)),
                            frame.size, line)

    def compile_triggers(self) -> dict[str, list[CompiledRule]]:
        triggers: dict[str, list[CompiledRule]] = {"after move": [], "turn start": [], "end": []}
        for t in self.sym.triggers.values():
            triggers[t.event].append(self.rule(t.name, t.phase, t.body, t.span.line))
        return triggers

    def compile_rank(self) -> list[RankKey]:
        keys = []
        if self.sym.rank is not None:
            for k in self.sym.rank.keys:
                frame = Frame()
                scope = Scope(frame)
                slot = scope.bind("player")
                keys.append(RankKey(self.emit.expr(k, scope), slot, frame.size))
        return keys

    def reads_seats(self) -> bool:
        """Do the rules read anything from a seat's edge (rows, columns, forward, printed positions)?"""
        for node in N.walk(self.checked.module):
            if isinstance(node, N.Call) and node.func in ("row", "column", "seat_space"):
                return True
            if isinstance(node, N.Name) and node.id in RELATIVE_DIRECTIONS:
                return True
        return False

    def may_have_twins(self, t: Type) -> bool:
        """Could two pieces of this list's element type look the same (same kind and attributes)?"""
        if not t.is_list or t.element.base in ("space", "int", "dir", "player", "text", "bool", "enum"):
            return not t.is_list
        kind = self.sym.kinds.get(t.element.kind or "")
        if kind is None:
            return True
        if not kind.attrs:
            return True
        seen = set()
        for p in self.sym.pieces:
            if p.kind != kind.name:
                continue
            for r in table_rows(kind, p.header, p.rows):
                key = tuple(sorted((n, str(v)) for n, v in r.items()))
                if key in seen:
                    return True
                seen.add(key)
        return False

    def closed(self, node: N.Expr):
        """An expression with no locals of its own: a function of the state alone."""
        frame = Frame()
        fn = self.emit.expr(node, Scope(frame))

        def run(S):
            return fn(S, [None] * frame.size)
        return run

    def compile_show(self, show: N.Show):
        frame = Frame()
        scope = Scope(frame)
        slot = scope.bind("it")
        text = self.emit.template(show.label, scope)

        def label(S, piece):
            L = [None] * frame.size
            L[slot] = piece
            return text(S, L)
        return label

    def placement(self, b: N.Board):
        """Where a board's space (x, y) sits on the plane all boards share: `at (2 * x, 2 * y)`."""
        if b.at is None:
            return None
        frame = Frame()
        scope = Scope(frame)
        sx, sy = scope.bind("x"), scope.bind("y")
        fx, fy = self.emit.expr(b.at[0], scope), self.emit.expr(b.at[1], scope)

        def place(x, y):
            L = [None] * frame.size
            L[sx], L[sy] = x, y
            return fx(None, L), fy(None, L)
        return place

    def compile_action(self, a: N.Action, index: int) -> CompiledAction:
        frame = Frame()
        scope = Scope(frame)
        params = []
        gen_scope = Scope(Frame())  # the generator names its parameters _p0, _p1, ...
        gen_params = []
        for i, prm in enumerate(a.params):
            dom = self.iterable(prm.domain, scope)
            gen_items = self.emit.guarded(self.emit.iter_src(prm.domain, gen_scope), prm)
            slot = scope.bind(prm.name)
            py = gen_scope.bind_py(prm.name, f"_p{i}")
            cond = None
            gen_test = None
            if prm.test is not None:
                cond = Condition(self.emit.expr(prm.test, scope), self.text(prm.test), prm.test.span.line, prm.name)
                gen_test = self.emit.src(prm.test, gen_scope)
            params.append(ActionParam(prm.name, slot, dom, cond, self.text(prm.domain)))
            gen_params.append((py, gen_items, gen_test))
        requires = []
        gen_requires = []
        body_nodes = []
        for s in a.body:
            if isinstance(s, N.Require):
                requires.append(Condition(self.emit.expr(s.test, scope), self.text(s.test), s.span.line, None,
                                          s.message))
                gen_requires.append(self.emit.src(s.test, gen_scope))
            else:
                body_nodes.append(s)
        body = self.block(tuple(body_nodes), scope)
        act = CompiledAction(a.name, index, self.phase_index.get(a.phase) if a.phase else None, a.fallback, params,
                             requires, body, frame.size, a.span.line, self.where(a))
        act.gen = self.emit.build(generator_source(self.emit.put(act, "_act"), gen_params, gen_requires), "S, out")
        act.eager_text = any(not self.type_of(p.domain).is_list_of("space") for p in a.params)
        act.dedupe = any(self.may_have_twins(self.type_of(p.domain)) for p in a.params)
        return act

    def iterable(self, node: N.Expr, scope: Scope):
        """A function giving a fresh list (a board's spaces, a zone's pieces...) that effects may change."""
        return self.emit.build(f"list({self.emit.iter_src(node, scope)})")

    # ------------------------------------------------------------ statements
    def block(self, stmts: N.Block, scope: Scope) -> Body:
        scope = scope.child()
        return [self.stmt(s, scope) for s in stmts]

    def stmt(self, s: N.Stmt, scope: Scope) -> Callable:
        method = getattr(self, "compile_" + type(s).__name__, None)
        if method is None:
            raise NotImplementedError(f"the compiler cannot build a {type(s).__name__}")
        return method(s, scope)

    def compile_Let(self, s: N.Let, scope: Scope):
        value = self.emit.expr(s.value, scope)
        slot = scope.bind(s.name)
        where = self.where(s)

        def run(S, L):
            L[slot] = sized(value(S, L), where)
        return run

    def compile_Assign(self, s: N.Assign, scope: Scope):
        value = self.emit.expr(s.value, scope)
        t = s.target
        sign = 0 if s.op == "=" else (1 if s.op == "+=" else -1)  # `=`, `+=` or `-=`
        where = self.where(s)
        if isinstance(t, N.Name) and self.checked.meaning(t).category == "local":
            slot = scope.slot(t.id)

            def set_local(S, L):
                v = value(S, L)
                L[slot] = sized(v if sign == 0 else L[slot] + sign * v, where)
            return set_local
        if isinstance(t, N.Name):
            name = t.id

            def set_var(S, L):
                v = value(S, L)
                S.set_var(S.vars, name, sized(v if sign == 0 else S.vars[name] + sign * v, where))
            return set_var
        assert isinstance(t, N.Attr)
        obj = self.emit.expr(t.obj, scope)
        attr = t.name
        if self.type_of(t.obj).base == "piece":
            def set_piece_attr(S, L):
                p = obj(S, L)
                if p is not None:
                    v = value(S, L)
                    S.set_attr(p, attr, sized(v if sign == 0 else getattr(p, attr) + sign * v, where))
            return set_piece_attr
        declared = {v.name for v in self.sym.vars.values() if v.per_player}

        def set_player_var(S, L):
            p = obj(S, L)
            if p is None:
                raise RuleError(f"cannot set '{attr}' of none", where)
            v = value(S, L)
            # only a proc's untyped parameter gets here unchecked: a player's declared variable, or what a
            # piece lets a rule change
            if isinstance(p, Player) and attr in declared:
                S.set_var(p.vars, attr, sized(v if sign == 0 else p.vars[attr] + sign * v, where))
            elif isinstance(p, Piece) and attr in ASSIGNABLE_PIECE_ATTRS:
                S.set_attr(p, attr, sized(v if sign == 0 else getattr(p, attr) + sign * v, where))
            else:
                raise RuleError(f"'{attr}' of {value_text(p)} cannot be set", where)
        return set_player_var

    def compile_Place(self, s: N.Place, scope: Scope):
        assert isinstance(s.kind, N.Name)
        kind = s.kind.id
        owner = self.emit.expr(s.owner, scope) if s.owner is not None else (lambda S, L: None)
        dest = self.emit.expr(s.where, scope)
        up = s.face != "down"

        def run(S, L):
            S.create_piece(kind, {}, owner(S, L), up, dest(S, L))
        return run

    def compile_Move(self, s: N.Move, scope: Scope):
        what = self.emit.expr(s.what, scope)
        dest = self.emit.expr(s.dest, scope)
        face = s.face
        where = self.where(s)

        def run(S, L):
            p = what(S, L)
            d = dest(S, L)
            if p is None:
                return
            if d is None:
                raise RuleError("a piece was moved to none", where)
            for piece in (list(p) if isinstance(p, list) else (p,)):
                S.move_piece(piece, d, where)
                if face is not None:
                    S.set_attr(piece, "up", face == "up")
        return run

    def compile_Remove(self, s: N.Remove, scope: Scope):
        what = self.emit.expr(s.what, scope)

        def run(S, L):
            p = what(S, L)
            if p is None:
                return
            if isinstance(p, Piece):
                S.move_piece(p, S.box, None)
            else:
                for x in list(p) if isinstance(p, list) else list(p.pieces):
                    S.move_piece(x, S.box, None)
        return run

    def compile_Flip(self, s: N.Flip, scope: Scope):
        what = self.emit.expr(s.what, scope)
        face = s.face

        def run(S, L):
            p = what(S, L)
            if p is not None:
                S.set_attr(p, "up", (not p.up) if face is None else face == "up")
        return run

    def compile_Shuffle(self, s: N.Shuffle, scope: Scope):
        what = self.emit.expr(s.what, scope)

        def run(S, L):
            S.shuffle(what(S, L).pieces)
        return run

    def compile_Require(self, s: N.Require, scope: Scope):
        raise AssertionError("requires are compiled with their action")

    def compile_Outcome(self, s: N.Outcome, scope: Scope):
        who = self.emit.expr(s.who, scope) if s.who is not None else None
        kind = s.kind

        def run(S, L):
            S.end_game(kind, who(S, L) if who is not None else None)
            raise GameOver()
        return run

    def compile_Enter(self, s: N.Enter, scope: Scope):
        index = self.phase_index[s.phase]

        def run(S, L):
            S.enter_phase(index)
        return run

    def compile_Again(self, s: N.Again, scope: Scope):
        def run(S, L):
            S.pass_turn_to(S.turn_player)
        return run

    def compile_Next(self, s: N.Next, scope: Scope):
        who = self.emit.expr(s.who, scope)

        def run(S, L):
            S.pass_turn_to(who(S, L))
        return run

    def compile_Log(self, s: N.Log, scope: Scope):
        text = self.emit.template(s.message, scope)

        def run(S, L):
            S.add_log(text(S, L))
        return run

    def compile_Pass(self, s: N.Pass, scope: Scope):
        return lambda S, L: None

    def compile_ExprStmt(self, s: N.ExprStmt, scope: Scope):
        call = s.call
        entry = self.procs[call.func]
        args = [self.emit.expr(x, scope) for x in call.args]
        where = self.where(s)
        name = call.func

        def run(S, L):
            body, size = entry[0]
            L2 = [None] * size
            for i, x in enumerate(args):
                L2[i] = sized(x(S, L), where)
            S.enter_call(name, where)
            try:
                for f in body:
                    f(S, L2)
            finally:
                S.leave_call()
        return run

    def compile_If(self, s: N.If, scope: Scope):
        branches = [(self.emit.expr(t, scope), self.block(b, scope)) for t, b in s.branches]
        orelse = self.block(s.orelse, scope) if s.orelse else []
        if len(branches) == 1:
            test, body = branches[0]

            def run_one(S, L):
                for f in (body if test(S, L) else orelse):
                    f(S, L)
            return run_one

        def run(S, L):
            for test, body in branches:
                if test(S, L):
                    for f in body:
                        f(S, L)
                    return
            for f in orelse:
                f(S, L)
        return run

    def bound_items(self, var: str, domain: N.Expr, test: Optional[N.Expr], scope: Scope):
        """For `for x in S where C` and `choose x in S where C`: the scope that binds x, its slot, and a
        function listing the values of S that pass C."""
        dom = self.iterable(domain, scope)
        inner = scope.child()
        slot = inner.bind(var)
        cond = self.emit.expr(test, inner) if test is not None else None

        where = self.where(domain)

        def items(S, L):
            values = dom(S, L)
            if cond is None:
                return values
            S.spend(len(values), where)
            out = []
            for v in values:
                L[slot] = v
                if cond(S, L):
                    out.append(v)
            return out
        return inner, slot, items

    def compile_For(self, s: N.For, scope: Scope):
        inner, slot, items = self.bound_items(s.var, s.domain, s.test, scope)
        body = self.block(s.body, inner)
        chooser = self.emit.expr(s.ordered_by, scope) if s.ordered_by is not None else None
        where = self.where(s)
        prompt = f"which {s.var} first"
        if chooser is None:
            def run(S, L):
                for v in items(S, L):
                    S.tick(where)
                    L[slot] = v
                    for f in body:
                        f(S, L)
            return run

        def run_ordered(S, L):
            remaining = items(S, L)
            who = chooser(S, L)
            while remaining:
                S.tick(where)
                v = S.choose(who, remaining, prompt) if len(remaining) > 1 else remaining[0]
                remaining.remove(v)
                L[slot] = v
                for f in body:
                    f(S, L)
        return run_ordered

    def compile_Repeat(self, s: N.Repeat, scope: Scope):
        count = self.emit.expr(s.count, scope)
        body = self.block(s.body, scope)
        where = self.where(s)

        def run(S, L):
            for _ in range(count(S, L)):
                S.tick(where)
                for f in body:
                    f(S, L)
        return run

    def compile_Choose(self, s: N.Choose, scope: Scope):
        inner, slot, items = self.bound_items(s.var, s.domain, s.test, scope)
        by = self.emit.expr(s.by, scope) if s.by is not None else None
        body = self.block(s.body, inner)
        prompt = f"choose {s.var} in {self.text(s.domain)}" + (f" where {self.text(s.test)}" if s.test else "")
        secret = s.secretly

        def run(S, L):
            options = items(S, L)
            if not options:
                return
            v = S.choose(by(S, L) if by is not None else S.turn_player, options, prompt, secret)
            L[slot] = v
            for f in body:
                f(S, L)
        return run


def table_rows(kind: N.Kind, header, rows) -> list[dict]:
    """Expand a table into one attribute dict per piece (a `count` column repeats a row)."""
    types = {x.name: x.type.name for x in kind.attrs}
    out: list[dict] = []
    for row in rows:
        values = dict(zip(header, (v for v, _ in row)))
        count = values.pop("count", 1)
        attrs_ = {}
        for name in (x.name for x in kind.attrs):
            v = values.get(name)
            if types[name] == "bool":
                v = v in ("yes", "true")
            elif types[name] == "dir":
                v = DIRS[str(v)]
            attrs_[name] = v
        out.extend(dict(attrs_) for _ in range(count))
    return out


def compile_game(checked: Checked, sources: dict[str, str], name: str) -> CompiledGame:
    return Compiler(checked, sources, name).compile()
