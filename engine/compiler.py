"""Checked AST -> functions, built once per game.

Every expression becomes one function `f(S, L)` (see expressions.py): S is the State, L the frame
of local slots of the rule being run (action parameters, lets, loop variables). Statements are
closures of the same shape that change S through its journalled methods. Each action also gets one
generator function that lists its legal moves.
"""
from __future__ import annotations

import attrs

from ..grammar import nodes as N
from .expressions import MAX_DEPTH, MAX_LOOP_STEPS, ExpressionCompiler, Scope
from .moves import Move, generator_source
from .runtime import DIRS, GameOver, NeedChoice, Piece, RuleError, value_text


@attrs.define
class Frame:
    """Slot allocation for one rule's locals; scopes map names to slots."""
    size: int = 0

    def alloc(self):
        self.size += 1
        return self.size - 1


@attrs.define
class Condition:
    """A legality condition of an action, kept with its source for explanations."""
    fn: object
    text: str
    line: int
    param: str | None  # the parameter it belongs to, or None for a `require`
    message: str | None = None


@attrs.define
class CompiledAction:
    name: str
    index: int
    phase: int | None
    fallback: bool
    params: list  # [(name, slot, domain_fn, test Condition | None, domain_text)]
    requires: list  # [Condition]
    body: list
    size: int
    line: int
    gen: object = None
    eager_text: bool = False
    dedupe: bool = False  # its pieces may have twins: moves that read the same are merged


@attrs.define
class CompiledRule:
    name: str
    phase: int | None
    body: list
    size: int
    line: int


@attrs.define
class CompiledGame:
    name: str
    title: str
    path: str
    source: str
    min_players: int
    max_players: int
    seat_names: tuple
    facings: tuple
    first_random: bool
    options: list
    boards: list  # [(name, w, h, place_fn, labels)]
    kinds: dict
    tables: list  # [(kind name, zone name | None, each_player, [attr dict, ...])]
    zones: list  # [(name, per_player, visibility, capacity)]
    vars: list  # [(name, per_player, init_fn)]
    setup: list
    phases: list  # [(name, until_fn | None)]
    actions: list
    triggers: dict  # event -> [CompiledRule]
    rank: list
    has_score: bool
    inputs: list = attrs.Factory(list)  # [(zone, count, kind, source zone)]
    shows: dict = attrs.Factory(dict)  # kind -> label(S, piece)
    seated: bool = False  # seats sit at edges that matter: the board is drawn from the viewer's edge


class Compiler(ExpressionCompiler):
    def __init__(self, checked, source, name, origins=None):
        self.c = checked
        # a variant mixes items of two files: each item's text and line come from its own file
        self.origins = origins or {}
        self.main_file = checked.module.path.replace("\\", "/").rsplit("/", 1)[-1]
        self.file = self.main_file
        self.sym = checked.symbols
        self.types = checked.types
        self.refs = checked.refs
        self.source = source
        self.lines = self.main_lines = source.splitlines()
        self.name = name
        self.defs = {}
        self.def_names = {}  # def -> the name its function has where expressions are built
        self.procs = {}
        self._init_expressions()
        self.env["_Move"] = Move
        self.env["_text"] = value_text
        self.phase_index = {name: i for i, name in enumerate(self.sym.phases)}

    # ------------------------------------------------------------ helpers
    def text(self, node) -> str:
        sp = node.span
        if sp.line < 1 or sp.line > len(self.lines):
            return "?"
        if sp.end_line == sp.line:
            return self.lines[sp.line - 1][sp.column - 1:sp.end_column - 1]
        return self.lines[sp.line - 1][sp.column - 1:].rstrip()

    def where(self, node) -> str:
        return f"{self.file}:{node.span.line}"

    def at(self, item):
        """Read texts and lines of `item` from the file it was written in."""
        origin = self.origins.get(id(item))
        if origin is None:
            self.file, self.lines = self.main_file, self.main_lines
        else:
            path, source = origin
            self.file, self.lines = path.replace("\\", "/").rsplit("/", 1)[-1], source.splitlines()

    def type(self, node):
        return self.types.get(node, "any")

    # ------------------------------------------------------------ game
    def compile(self) -> CompiledGame:
        sym = self.sym
        for i, d in enumerate(sym.defs.values()):
            self.defs[d.name] = [None, len(d.params), d]
            self.def_names[d.name] = f"_d{i}"
        self.recursive_defs = self.find_recursive_defs()
        for p in sym.procs.values():
            self.procs[p.name] = [None, len(p.params), p]
        for d in sym.defs.values():
            self.at(d)
            self.compile_def(d)
        for p in sym.procs.values():
            self.at(p)
            self.compile_proc(p)
        players = sym.players
        n_max = players.high if players else 2
        names = tuple(players.names) if players and players.names else tuple(str(i + 1) for i in range(n_max))
        facings = tuple(players.facing) if players and players.facing else None
        boards = []
        for b in sym.boards.values():
            self.at(b)
            boards.append((b.name, b.width, b.height, self.placement(b), b.labels, b.per_player, b.shape == "area"))
        kinds = {}
        from .runtime import Kind
        for k in sym.kinds.values():
            kinds[k.name] = Kind(k.name, tuple(a.name for a in k.attrs),
                                 frozenset(a.name for a in k.attrs if a.hidden),
                                 tuple(a.name for a in k.attrs if a.key))
        tables = [(p.kind, p.zone, p.each_player, table_rows(sym.kinds[p.kind], p.header, p.rows))
                  for p in sym.pieces if p.file is None and p.kind in sym.kinds]
        zones = [(z.name, z.per_player, z.visibility, z.capacity) for z in sym.zones.values()]
        vars_ = []
        for v in sym.vars.values():
            self.at(v)
            vars_.append((v.name, v.per_player, self.closed(v.init)))
        setup = []
        for s in sym.setups:
            frame = Frame()
            self.at(s)
            body = self.block(s.body, Scope(frame))
            setup.append(CompiledRule("setup", None, body, frame.size, s.span.line))
        phases = []
        for ph in sym.phases.values():
            self.at(ph)
            phases.append((ph.name, self.closed(ph.until) if ph.until is not None else None))
        actions = [self.compile_action(a, i) for i, a in enumerate(sym.actions.values())]
        triggers = {"after move": [], "turn start": [], "end": []}
        for t in sym.triggers.values():
            frame = Frame()
            self.at(t)
            body = self.block(t.body, Scope(frame))
            triggers[t.event].append(CompiledRule(t.name, self.phase_index.get(t.phase), body, frame.size,
                                                  t.span.line))
        rank = []
        has_score = "score" in sym.vars and sym.vars["score"].per_player
        if sym.rank is not None:
            self.at(sym.rank)
            for k in sym.rank.keys:
                frame = Frame()
                scope = Scope(frame)
                slot = scope.bind("player")
                rank.append((self.expr(k, scope), slot, frame.size))
        return CompiledGame(
            name=self.name, title=sym.title or self.name, path=self.c.module.path, source=self.source,
            min_players=players.low if players else 2, max_players=n_max, seat_names=names, facings=facings,
            first_random=bool(sym.first and sym.first.who == "random"),
            options=[(o.name, o.description, o.uses) for o in sym.options.values()],
            inputs=[(i.zone, i.count, i.kind, i.source) for i in self.c.module.items if isinstance(i, N.Input)],
            shows={show.kind: self.compile_show(show) for show in sym.shows},
            seated=bool(facings) or self.reads_seats(),
            boards=boards, kinds=kinds, tables=tables, zones=zones, vars=vars_, setup=setup, phases=phases,
            actions=actions, triggers=triggers, rank=rank, has_score=has_score)

    def reads_seats(self):
        """Do the rules read anything from a seat's edge (rows, columns, forward, printed positions)?"""
        from ..grammar.checker import _walk
        from ..grammar.types import RELATIVE_DIRECTIONS
        for node in _walk(self.c.module):
            if isinstance(node, N.Call) and node.func in ("row", "column", "seat_space"):
                return True
            if isinstance(node, N.Name) and node.id in RELATIVE_DIRECTIONS:
                return True
        return False

    def may_have_twins(self, t):
        """Could two pieces of this list's element type look the same (same kind and attributes)?"""
        if t.startswith("list[space") or t in ("list[int]", "list[dir]", "list[player]", "list[text]",
                                                 "list[bool]") or t.startswith("list[enum:"):
            return False
        kind = t[len("list[piece:"):-1] if t.startswith("list[piece:") else None
        if kind is None or kind not in self.sym.kinds:
            return True
        k = self.sym.kinds[kind]
        if not k.attrs:
            return True
        rows = [r for p in self.sym.pieces if p.kind == kind for r in table_rows(k, p.header, p.rows)]
        seen = set()
        for r in rows:
            key = tuple(sorted((n, str(v)) for n, v in r.items()))
            if key in seen:
                return True
            seen.add(key)
        return False

    def closed(self, node):
        """An expression with no locals of its own: a function of the state alone."""
        frame = Frame()
        fn = self.expr(node, Scope(frame))

        def run(S):
            return fn(S, [None] * frame.size)
        return run

    def compile_show(self, show):
        self.at(show)
        frame = Frame()
        scope = Scope(frame)
        slot = scope.bind("it")
        text = self.template(self.refs.get(show, ("log", (show.template,)))[1], scope)

        def label(S, piece):
            L = [None] * frame.size
            L[slot] = piece
            return text(S, L)
        return label

    def placement(self, b):
        """Where a board's space (x, y) sits on the plane all boards share: `at (2 * x, 2 * y)`."""
        if b.at is None:
            return None
        frame = Frame()
        scope = Scope(frame)
        sx, sy = scope.bind("x"), scope.bind("y")
        fx, fy = self.expr(b.at[0], scope), self.expr(b.at[1], scope)

        def place(x, y):
            L = [None] * frame.size
            L[sx], L[sy] = x, y
            return fx(None, L), fy(None, L)
        return place

    def template(self, parts, scope):
        """A text with {expressions} in it (a `log` line, a `show` label) as one function."""
        pieces = [repr(p) if isinstance(p, str) else f"_text({self.src(p, scope)})" for p in parts]
        return self.build(" + ".join(pieces) if pieces else "''")

    def find_recursive_defs(self):
        """The defs that can reach themselves through calls: only they need a guard against no end."""
        from ..grammar.checker import _walk
        calls = {name: {n.func for n in _walk(d.body) if isinstance(n, N.Call) and n.func in self.defs}
                 for name, (_, _, d) in self.defs.items()}
        out = set()
        for start in calls:
            seen, todo = set(), list(calls[start])
            while todo:
                f = todo.pop()
                if f == start:
                    out.add(start)
                    break
                if f not in seen:
                    seen.add(f)
                    todo.extend(calls.get(f, ()))
        return out

    @staticmethod
    def params_scope(params):
        """A new frame whose first slots are a def's or proc's parameters."""
        frame = Frame()
        scope = Scope(frame)
        for name in params:
            scope.bind(name)
        return frame, scope

    def compile_def(self, d):
        frame, scope = self.params_scope(d.params)
        entry = self.defs[d.name]
        fn = self.expr(d.body, scope)
        assert frame.size == len(d.params)  # filters inside name their variables in Python, not in L
        entry[0] = (fn, frame.size)
        self.env[self.def_names[d.name]] = fn

    def compile_proc(self, p):
        frame, scope = self.params_scope(p.params)
        entry = self.procs[p.name]
        body = self.block(p.body, scope)
        entry[0] = (body, frame.size)

    def compile_action(self, a: N.Action, index) -> CompiledAction:
        self.at(a)
        frame = Frame()
        scope = Scope(frame)
        params = []
        gen_scope = Scope(Frame())  # the generator names its parameters _p0, _p1, ...
        gen_params = []
        for i, prm in enumerate(a.params):
            dom = self.iterable(prm.domain, scope)
            gen_items = self.iter_src(prm.domain, gen_scope)
            slot = scope.bind(prm.name)
            py = gen_scope.bind_py(prm.name, f"_p{i}")
            cond = None
            gen_test = None
            if prm.test is not None:
                cond = Condition(self.expr(prm.test, scope), self.text(prm.test), prm.test.span.line, prm.name)
                gen_test = self.src(prm.test, gen_scope)
            params.append((prm.name, slot, dom, cond, self.text(prm.domain)))
            gen_params.append((py, gen_items, gen_test))
        requires = []
        gen_requires = []
        body_nodes = []
        for s in a.body:
            if isinstance(s, N.Require):
                requires.append(Condition(self.expr(s.test, scope), self.text(s.test), s.span.line, None, s.message))
                gen_requires.append(self.src(s.test, gen_scope))
            else:
                body_nodes.append(s)
        body = self.block(tuple(body_nodes), scope)
        act = CompiledAction(a.name, index, self.phase_index.get(a.phase), a.fallback, params, requires, body,
                             frame.size, a.span.line)
        source = generator_source(self.put(act, "_act"), gen_params, gen_requires)
        act.gen = self.build(source, "S, out")
        act.eager_text = any(not self.type(p.domain).startswith("list[space") for p in a.params)
        act.dedupe = any(self.may_have_twins(self.type(p.domain)) for p in a.params)
        return act

    # ------------------------------------------------------------ statements
    def block(self, stmts, scope):
        scope = scope.child()
        return [self.stmt(s, scope) for s in stmts]

    def stmt(self, s, scope):
        m = getattr(self, "s_" + type(s).__name__)
        return m(s, scope)

    def s_Let(self, s, scope):
        value = self.expr(s.value, scope)
        slot = scope.bind(s.name)

        def run(S, L):
            L[slot] = value(S, L)
        return run

    def s_Assign(self, s, scope):
        value = self.expr(s.value, scope)
        t = s.target
        op = s.op
        if isinstance(t, N.Name):
            ref = self.refs.get(t, ("local", t.id))
            if ref[0] == "local":
                slot = scope.slot(t.id)
                if op == "=":
                    def run(S, L):
                        L[slot] = value(S, L)
                else:
                    sign = 1 if op == "+=" else -1

                    def run(S, L):
                        L[slot] += sign * value(S, L)
                return run
            name = t.id
            if op == "=":
                def run(S, L):
                    S.set_var(S.vars, name, value(S, L))
            else:
                sign = 1 if op == "+=" else -1

                def run(S, L):
                    S.set_var(S.vars, name, S.vars[name] + sign * value(S, L))
            return run
        obj = self.expr(t.obj, scope)
        name = t.name
        obj_t = self.type(t.obj)
        if obj_t.startswith("piece"):
            def run(S, L):
                p = obj(S, L)
                if p is not None:
                    S.set_attr(p, name, value(S, L))
            return run
        sign = 0 if op == "=" else (1 if op == "+=" else -1)

        def run(S, L):
            p = obj(S, L)
            if p is None:
                raise RuleError(f"cannot set '{name}' of none", self_where)
            v = value(S, L)
            S.set_var(p.vars, name, v if sign == 0 else p.vars[name] + sign * v)
        self_where = self.where(s)
        return run

    def s_Place(self, s, scope):
        kind = s.kind.id
        owner = self.expr(s.owner, scope) if s.owner is not None else (lambda S, L: None)
        dest = self.expr(s.where, scope)
        up = s.face != "down"

        def run(S, L):
            S.create_piece(kind, {}, owner(S, L), up, dest(S, L))
        return run

    def s_Move(self, s, scope):
        what = self.expr(s.what, scope)
        dest = self.expr(s.dest, scope)
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

    def s_Remove(self, s, scope):
        what = self.expr(s.what, scope)

        def run(S, L):
            p = what(S, L)
            if p is None:
                return
            if isinstance(p, Piece):
                S.move_piece(p, S.box, None)
            elif isinstance(p, list):
                for x in list(p):
                    S.move_piece(x, S.box, None)
            else:
                for x in list(p.pieces):
                    S.move_piece(x, S.box, None)
        return run

    def s_Flip(self, s, scope):
        what = self.expr(s.what, scope)
        face = s.face

        def run(S, L):
            p = what(S, L)
            if p is not None:
                S.set_attr(p, "up", (not p.up) if face is None else face == "up")
        return run

    def s_Shuffle(self, s, scope):
        what = self.expr(s.what, scope)

        def run(S, L):
            S.shuffle(what(S, L).pieces)
        return run

    def s_Require(self, s, scope):
        raise AssertionError("requires are compiled with their action")

    def s_Outcome(self, s, scope):
        who = self.expr(s.who, scope) if s.who is not None else None
        kind = s.kind

        def run(S, L):
            S.end_game(kind, who(S, L) if who is not None else None)
            raise GameOver()
        return run

    def s_Enter(self, s, scope):
        index = self.phase_index[s.phase]

        def run(S, L):
            S.set_attr(S, "phase", index)
        return run

    def s_Again(self, s, scope):
        def run(S, L):
            S._next = S.turn_player
        return run

    def s_Next(self, s, scope):
        who = self.expr(s.who, scope)

        def run(S, L):
            S._next = who(S, L)
        return run

    def s_Log(self, s, scope):
        text = self.template(self.refs.get(s, ("log", (s.text,)))[1], scope)

        def run(S, L):
            S.add_log(text(S, L))
        return run

    def s_Pass(self, s, scope):
        return lambda S, L: None

    def s_ExprStmt(self, s, scope):
        call = s.call
        entry = self.procs[call.func]
        args = [self.expr(a, scope) for a in call.args]
        where = self.where(s)

        def run(S, L):
            body, size = entry[0]
            L2 = [None] * size
            for i, a in enumerate(args):
                L2[i] = a(S, L)
            S._depth += 1
            if S._depth > MAX_DEPTH:
                raise RuleError(f"'{call.func}' calls itself without end", where)
            try:
                for f in body:
                    f(S, L2)
            finally:
                S._depth -= 1
        return run

    def s_If(self, s, scope):
        branches = [(self.expr(t, scope), self.block(b, scope)) for t, b in s.branches]
        orelse = self.block(s.orelse, scope) if s.orelse else []
        if len(branches) == 1:
            test, body = branches[0]

            def run(S, L):
                if test(S, L):
                    for f in body:
                        f(S, L)
                else:
                    for f in orelse:
                        f(S, L)
            return run

        def run(S, L):
            for test, body in branches:
                if test(S, L):
                    for f in body:
                        f(S, L)
                    return
            for f in orelse:
                f(S, L)
        return run

    def bound_items(self, var, domain, test, scope):
        """For `for x in S where C` and `choose x in S where C`: the scope that binds x, its slot, and a
        function listing the values of S that pass C."""
        dom = self.iterable(domain, scope)
        inner = scope.child()
        slot = inner.bind(var)
        cond = self.expr(test, inner) if test is not None else None

        def items(S, L):
            values = dom(S, L)
            if cond is None:
                return values
            out = []
            for v in values:
                L[slot] = v
                if cond(S, L):
                    out.append(v)
            return out
        return inner, slot, items

    def s_For(self, s, scope):
        inner, slot, items = self.bound_items(s.var, s.domain, s.test, scope)
        body = self.block(s.body, inner)
        chooser = self.expr(s.ordered_by, scope) if s.ordered_by is not None else None
        where = self.where(s)

        if chooser is None:
            def run(S, L):
                for v in items(S, L):
                    S.tick(where)
                    L[slot] = v
                    for f in body:
                        f(S, L)
            return run

        def run(S, L):
            remaining = items(S, L)
            who = chooser(S, L)
            while remaining:
                S.tick(where)
                v = S.choose(who, remaining, f"which {s.var} first") if len(remaining) > 1 else remaining[0]
                remaining.remove(v)
                L[slot] = v
                for f in body:
                    f(S, L)
        return run

    def s_Repeat(self, s, scope):
        count = self.expr(s.count, scope)
        body = self.block(s.body, scope)
        where = self.where(s)

        def run(S, L):
            for _ in range(count(S, L)):
                S.tick(where)
                for f in body:
                    f(S, L)
        return run

    def s_Choose(self, s, scope):
        inner, slot, items = self.bound_items(s.var, s.domain, s.test, scope)
        by = self.expr(s.by, scope) if s.by is not None else None
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

    # ------------------------------------------------------------ loops of statements
    def iterable(self, node, scope):
        """A function giving a fresh list (a board's spaces, a zone's pieces...) that effects may change."""
        return self.build(f"list({self.iter_src(node, scope)})")


def table_rows(kind: N.Kind, header, rows):
    """Expand a table into one attribute dict per piece (a `count` column repeats a row)."""
    types = {a.name: a.type.name for a in kind.attrs}
    out = []
    for row in rows:
        values = dict(zip(header, (v for v, _ in row)))
        count = values.pop("count", 1)
        attrs_ = {}
        for name in (a.name for a in kind.attrs):
            v = values.get(name)
            if types[name] == "bool":
                v = v in ("yes", "true")
            elif types[name] == "dir":
                v = DIRS[v]
            attrs_[name] = v
        out.extend(dict(attrs_) for _ in range(count))
    return out


def compile_game(checked, source, name, origins=None) -> CompiledGame:
    return Compiler(checked, source, name, origins).compile()


__all__ = ["compile_game", "CompiledGame", "Move", "GameOver", "NeedChoice", "RuleError", "MAX_LOOP_STEPS"]
