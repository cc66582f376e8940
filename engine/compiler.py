"""Checked AST -> Python closures, built once per game.

Every expression becomes `f(S, L)`: S is the State, L the frame of local slots of the rule
being run (action parameters, lets, loop variables). Statements are closures of the same shape
that change S through its journalled methods.
"""
from __future__ import annotations

import attrs

from ..grammar import nodes as N
from ..grammar.types import DIRECTION_SETS, RELATIVE_DIRECTIONS, elem, is_list
from . import library as lib
from .runtime import DIRS, GameOver, NeedChoice, Piece, RuleError, value_text

MAX_LOOP_STEPS = 200_000
MAX_DEPTH = 200


@attrs.define
class Frame:
    """Slot allocation for one rule's locals; scopes map names to slots."""
    size: int = 0

    def alloc(self):
        self.size += 1
        return self.size - 1


class Scope:
    def __init__(self, frame, parent=None):
        self.frame, self.parent, self.names = frame, parent, {}

    def child(self):
        return Scope(self.frame, self)

    def bind(self, name):
        slot = self.frame.alloc()
        self.names[name] = slot
        return slot

    def slot(self, name):
        s = self
        while s is not None:
            if name in s.names:
                return s.names[name]
            s = s.parent
        raise KeyError(name)


@attrs.define
class Condition:
    """A legality condition of an action, kept with its source for explanations."""
    fn: object
    text: str
    line: int
    param: str | None  # the parameter it belongs to, or None for a `require`
    message: str | None = None
    shape: tuple | None = None  # a simple shape the generator can run without calling fn


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


class Compiler:
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
        self.procs = {}
        self.hints = {}
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
        for d in sym.defs.values():
            self.defs[d.name] = [None, len(d.params), d]
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
            place = None
            self.at(b)
            if b.at is not None:
                frame = Frame()
                scope = Scope(frame)
                sx, sy = scope.bind("x"), scope.bind("y")
                fx, fy = self.expr(b.at[0], scope), self.expr(b.at[1], scope)
                size = frame.size

                def place(x, y, fx=fx, fy=fy, sx=sx, sy=sy, size=size):
                    L = [None] * size
                    L[sx], L[sy] = x, y
                    return fx(None, L), fy(None, L)
            boards.append((b.name, b.width, b.height, place, b.labels, b.per_player, b.shape == "area"))
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
            boards=boards, kinds=kinds, tables=tables, zones=zones, vars=vars_, setup=setup, phases=phases,
            actions=actions, triggers=triggers, rank=rank, has_score=has_score)

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
        parts = []
        for p in self.refs.get(show, ("log", (show.template,)))[1]:
            if isinstance(p, str):
                parts.append(lambda S, L, p=p: p)
            else:
                f = self.expr(p, scope)
                parts.append(lambda S, L, f=f: value_text(f(S, L)))

        def label(S, piece):
            L = [None] * frame.size
            L[slot] = piece
            return "".join(p(S, L) for p in parts)
        return label

    def compile_def(self, d):
        frame = Frame()
        scope = Scope(frame)
        for p in d.params:
            scope.bind(p)
        entry = self.defs[d.name]
        fn = self.expr(d.body, scope)
        entry[0] = (fn, frame.size)

    def compile_proc(self, p):
        frame = Frame()
        scope = Scope(frame)
        for name in p.params:
            scope.bind(name)
        entry = self.procs[p.name]
        body = self.block(p.body, scope)
        entry[0] = (body, frame.size)

    def compile_action(self, a: N.Action, index) -> CompiledAction:
        self.at(a)
        frame = Frame()
        scope = Scope(frame)
        params = []
        for prm in a.params:
            dom = self.iterable(prm.domain, scope)
            slot = scope.bind(prm.name)
            cond = None
            if prm.test is not None:
                cond = Condition(self.expr(prm.test, scope), self.text(prm.test), prm.test.span.line, prm.name)
                cond.shape = self.hints.get(cond.fn)
            params.append((prm.name, slot, dom, cond, self.text(prm.domain)))
        requires = []
        body_nodes = []
        for s in a.body:
            if isinstance(s, N.Require):
                requires.append(Condition(self.expr(s.test, scope), self.text(s.test), s.span.line, None, s.message))
            else:
                body_nodes.append(s)
        body = self.block(tuple(body_nodes), scope)
        act = CompiledAction(a.name, index, self.phase_index.get(a.phase), a.fallback, params, requires, body,
                             frame.size, a.span.line)
        act.gen = make_generator(act)
        act.eager_text = any(not self.type(p.domain).startswith("list[space") for p in a.params)
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
        parts = []
        for p in self.refs.get(s, ("log", (s.text,)))[1]:
            if isinstance(p, str):
                parts.append(lambda S, L, p=p: p)
            else:
                f = self.expr(p, scope)
                parts.append(lambda S, L, f=f: value_text(f(S, L)))

        def run(S, L):
            S.add_log("".join(p(S, L) for p in parts))
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

    def s_For(self, s, scope):
        dom = self.iterable(s.domain, scope)
        inner = scope.child()
        slot = inner.bind(s.var)
        test = self.expr(s.test, inner) if s.test is not None else None
        body = self.block(s.body, inner)
        chooser = self.expr(s.ordered_by, scope) if s.ordered_by is not None else None
        where = self.where(s)

        def items(S, L):
            values = dom(S, L)
            if test is None:
                return list(values)
            out = []
            for v in values:
                L[slot] = v
                if test(S, L):
                    out.append(v)
            return out

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
        dom = self.iterable(s.domain, scope)
        inner = scope.child()
        slot = inner.bind(s.var)
        test = self.expr(s.test, inner) if s.test is not None else None
        by = self.expr(s.by, scope) if s.by is not None else None
        body = self.block(s.body, inner)
        prompt = f"choose {s.var} in {self.text(s.domain)}" + (f" where {self.text(s.test)}" if s.test else "")
        secret = s.secretly

        def run(S, L):
            options = []
            for v in dom(S, L):
                L[slot] = v
                if test is None or test(S, L):
                    options.append(v)
            if not options:
                return
            v = S.choose(by(S, L) if by is not None else S.turn_player, options, prompt, secret)
            L[slot] = v
            for f in body:
                f(S, L)
        return run

    # ------------------------------------------------------------ expressions
    def iterable(self, node, scope):
        """A closure giving a list for a board, a zone, a stack or a list."""
        f = self.expr(node, scope)
        t = self.type(node)
        if t in ("zone", "space"):
            return lambda S, L: list(f(S, L).pieces)
        if is_list(t):
            return f

        def anything(S, L):
            v = f(S, L)
            if v is None:
                return []
            return v if isinstance(v, list) else list(v.pieces)
        return anything

    def expr(self, e, scope):
        return getattr(self, "e_" + type(e).__name__)(e, scope)

    # Closures of a few simple shapes are remembered so that their parents can fuse them into one
    # closure (a local slot, a constant, a step from a local in a fixed direction): the hot paths
    # of move generation are made of such shapes.
    def const(self, v):
        f = lambda S, L: v  # noqa: E731
        self.hints[f] = ("const", v)
        return f

    def local(self, slot):
        f = lambda S, L: L[slot]  # noqa: E731
        self.hints[f] = ("local", slot)
        return f

    def e_Num(self, e, scope):
        return self.const(e.value)

    def e_Str(self, e, scope):
        return self.const(e.value)

    def e_Name(self, e, scope):
        cat, name = self.refs.get(e, ("local", e.id))
        if cat == "local":
            return self.local(scope.slot(name))
        if cat == "var":
            return lambda S, L: S.vars[name]
        if cat == "const":
            return self.expr(self.sym.consts[name].value, scope)
        if cat == "board":
            return lambda S, L: S.boards[name].in_play()
        if cat == "zone":
            return lambda S, L: S.zones[name]
        if cat == "kind":
            return lambda S, L: [p for p in S.kind_pieces[name] if p.loc is not S.box]
        if cat == "enum":
            return self.const(name)
        if cat == "option":
            return lambda S, L: name in S.options
        if cat == "phase":
            return lambda S, L: name
        return self.builtin_name(name)

    def builtin_name(self, name):
        if name == "mover":
            return lambda S, L: S.turn_player
        if name == "opponent":
            return lambda S, L: S.players[1 - S.turn_player.index] if S.n == 2 else S.next_player(S.turn_player)
        if name == "others":
            return lambda S, L: S.others(S.turn_player)
        if name == "players":
            return lambda S, L: S.players_from(S.turn_player)
        if name == "supply":
            return lambda S, L: S.supply
        if name == "box":
            return lambda S, L: S.box
        if name == "turn":
            return lambda S, L: S.turn
        if name == "winners":
            return lambda S, L: S.winners()
        if name in ("true", "yes"):
            return self.const(True)
        if name in ("false", "no"):
            return self.const(False)
        if name == "none":
            return self.const(None)
        if name in DIRS:
            return self.const(DIRS[name])
        if name in RELATIVE_DIRECTIONS:
            return lambda S, L: S.turn_player.rel[name]
        if name in DIRECTION_SETS:
            ds = [DIRS[n] for n in DIRECTION_SETS[name]]
            return lambda S, L: ds
        raise AssertionError(name)

    def e_Attr(self, e, scope):
        obj = self.expr(e.obj, scope)
        name = e.name
        t = self.type(e.obj)
        bt = "piece" if t.startswith("piece") else t
        hint = self.hints.get(obj)
        if bt == "space":
            if name in ("x", "y", "name", "pieces"):
                if hint is not None and hint[0] == "local":
                    slot = hint[1]
                    f = lambda S, L: None if (o := L[slot]) is None else getattr(o, name)  # noqa: E731
                    if name in ("x", "y"):
                        self.hints[f] = ("local_attr", slot, name)
                    return f
                return _getter(obj, name)
            if name == "board":
                return lambda S, L: _none_or(obj(S, L), lambda s: s.board.name)
        if bt == "piece":
            if name == "owner":
                return _getter(obj, "owner")
            if name in ("up", "turns"):
                return _getter(obj, name)
            if name == "space":
                def space(S, L):
                    p = obj(S, L)
                    return None if p is None or p.loc is None or not p.loc.is_space else p.loc
                return space
            if name == "kind":
                return lambda S, L: _none_or(obj(S, L), lambda p: p.kind.name)

            def attr(S, L):
                p = obj(S, L)
                return None if p is None else p.attrs.get(name)
            return attr
        if bt == "player":
            if name in self.sym.boards:
                return lambda S, L: obj(S, L).boards[name].in_play()
            if name in self.sym.zones:
                return lambda S, L: obj(S, L).zones[name]
            if name in self.sym.vars:
                return lambda S, L: obj(S, L).vars[name]
            if name == "name":
                return _getter(obj, "name")
            if name == "seat":
                return lambda S, L: obj(S, L).index + 1
        if bt == "dir":
            return _getter(obj, name)
        if bt == "zone":
            return _getter(obj, name)
        # untyped: decide at run time
        return lambda S, L: lib.dynamic_attr(S, obj(S, L), name)

    def e_Call(self, e, scope):
        if e.func in self.defs:
            entry = self.defs[e.func]
            args = [self.expr(a, scope) for a in e.args]
            where = self.where(e)
            if len(args) == 1:
                a0 = args[0]

                def call1(S, L):
                    fn, size = entry[0]
                    L2 = [None] * size
                    L2[0] = a0(S, L)
                    S._depth += 1
                    if S._depth > MAX_DEPTH:
                        S._depth = 0
                        raise RuleError(f"'{e.func}' calls itself without end", where)
                    try:
                        return fn(S, L2)
                    finally:
                        S._depth -= 1
                return call1

            def call(S, L):
                fn, size = entry[0]
                L2 = [None] * size
                for i, a in enumerate(args):
                    L2[i] = a(S, L)
                S._depth += 1
                if S._depth > MAX_DEPTH:
                    S._depth = 0
                    raise RuleError(f"'{e.func}' calls itself without end", where)
                try:
                    return fn(S, L2)
                finally:
                    S._depth -= 1
            return call
        special = getattr(self, "f_" + e.func, None)
        if special is not None:
            r = special(e, scope)
            if r is not None:
                return r
        fn = lib.FUNCTIONS[e.func]
        args = [self.expr(a, scope) for a in e.args]
        if len(args) == 1:
            a0 = args[0]
            return lambda S, L: fn(S, a0(S, L))
        if len(args) == 2:
            a0, a1 = args
            return lambda S, L: fn(S, a0(S, L), a1(S, L))
        return lambda S, L: fn(S, *[a(S, L) for a in args])

    # short-circuiting forms of count/any/all over a filter, and fast paths for common calls
    def _filter_parts(self, e, scope):
        arg = e.args[0] if len(e.args) == 1 else None
        if isinstance(arg, N.Filter) and arg.mode == "where":
            dom = self.iterable(arg.domain, scope)
            inner = scope.child()
            slot = inner.bind(arg.var)
            return dom, slot, self.expr(arg.test, inner)
        return None

    def _stop_at(self, e, scope, found):
        """any(...) stops at the first element that passes (found=True), all(...) at the first that fails."""
        parts = self._filter_parts(e, scope)
        if parts is None:
            return None
        dom, slot, test = parts

        def short_circuit(S, L):
            for v in dom(S, L):
                L[slot] = v
                if bool(test(S, L)) is found:
                    return found
            return not found
        return short_circuit

    def f_any(self, e, scope):
        return self._stop_at(e, scope, True)

    def f_all(self, e, scope):
        return self._stop_at(e, scope, False)

    def f_count(self, e, scope):
        parts = self._filter_parts(e, scope)
        if parts is None:
            return None
        dom, slot, test = parts

        def count(S, L):
            n = 0
            for v in dom(S, L):
                L[slot] = v
                if test(S, L):
                    n += 1
            return n
        return count

    def f_empty(self, e, scope):
        if len(e.args) == 1 and self.type(e.args[0]) == "space":
            a = self.expr(e.args[0], scope)
            hint = self.hints.get(a)
            if hint is not None and hint[0] == "local":
                slot = hint[1]
                f = lambda S, L: (s := L[slot]) is None or not s.pieces  # noqa: E731
                self.hints[f] = ("empty_local", slot)
                return f
            if hint is not None and hint[0] == "step":
                _, slot, k = hint
                f = lambda S, L: (s := L[slot]) is None or (t := s.nbr[k]) is None or not t.pieces  # noqa: E731
                self.hints[f] = ("empty_step", slot, k)
                return f

            def empty(S, L):
                s = a(S, L)
                return s is None or not s.pieces
            return empty
        return None

    def f_touching(self, e, scope):
        if len(e.args) == 2 and isinstance(e.args[1], N.Name) and self.refs.get(e.args[1], ("",))[0] == "board":
            a = self.expr(e.args[0], scope)
            board = e.args[1].id
            return lambda S, L: S.touching(a(S, L), board)
        return None

    def e_BinOp(self, e, scope):
        a, b = self.expr(e.left, scope), self.expr(e.right, scope)
        lt, rt = self.type(e.left), self.type(e.right)
        op = e.op
        if op == "+" and lt == "space" and rt == "dir":
            ha, hb = self.hints.get(a), self.hints.get(b)
            if ha is not None and hb is not None and ha[0] == "local" and hb[0] == "const" and hb[1] is not None:
                slot, k = ha[1], hb[1].i
                f = lambda S, L: None if (s := L[slot]) is None else s.nbr[k]  # noqa: E731
                self.hints[f] = ("step", slot, k)
                return f

            def step(S, L):
                s = a(S, L)
                d = b(S, L)
                return None if s is None or d is None else s.nbr[d.i]
            return step
        if op == "+":
            if lt in ("any",) or rt in ("any",):
                return lambda S, L: lib.add(S, a(S, L), b(S, L))
            return lambda S, L: a(S, L) + b(S, L)
        if op == "-":
            return lambda S, L: a(S, L) - b(S, L)
        if op == "*":
            return lambda S, L: a(S, L) * b(S, L)
        if op == "/":
            return lambda S, L: lib.divide(a(S, L), b(S, L))
        if op == "%":
            return lambda S, L: lib.modulo(a(S, L), b(S, L))
        raise AssertionError(op)

    def e_Compare(self, e, scope):
        a = self.expr(e.left, scope)
        op = e.op
        if op in ("in", "not in"):
            right = e.right
            if isinstance(right, N.Name) and self.refs.get(right, ("",))[0] == "board":
                name = right.id
                if op == "in":
                    return lambda S, L: _on_board(a(S, L), name)
                return lambda S, L: not _on_board(a(S, L), name)
            b = self.expr(right, scope)
            rt = self.type(right)
            if rt in ("zone", "space"):
                contains = lambda S, L: _contains_pieces(b(S, L), a(S, L))  # noqa: E731
            else:
                contains = lambda S, L: lib.contains(b(S, L), a(S, L))  # noqa: E731
            if op == "in":
                return contains
            return lambda S, L: not contains(S, L)
        b = self.expr(e.right, scope)
        ha, hb = self.hints.get(a), self.hints.get(b)
        if op in ("==", "!=") and hb is not None and hb[0] == "const":
            v = hb[1]
            if ha is not None and ha[0] == "local_attr":
                _, slot, name = ha
                if op == "==":
                    return lambda S, L: (o := L[slot]) is not None and getattr(o, name) == v
                return lambda S, L: (o := L[slot]) is None or getattr(o, name) != v
            if op == "==":
                return lambda S, L: a(S, L) == v
            return lambda S, L: a(S, L) != v
        if op == "==":
            return lambda S, L: a(S, L) == b(S, L)
        if op == "!=":
            return lambda S, L: a(S, L) != b(S, L)
        if op == "<":
            return lambda S, L: lib.lt(a(S, L), b(S, L))
        if op == ">":
            return lambda S, L: lib.lt(b(S, L), a(S, L))
        if op == "<=":
            return lambda S, L: not lib.lt(b(S, L), a(S, L))
        if op == ">=":
            return lambda S, L: not lib.lt(a(S, L), b(S, L))
        raise AssertionError(op)

    def e_BoolOp(self, e, scope):
        fs = [self.expr(v, scope) for v in e.values]
        if e.op == "and":
            if len(fs) == 2:
                f0, f1 = fs
                return lambda S, L: f0(S, L) and f1(S, L)
            return lambda S, L: all(f(S, L) for f in fs)
        if len(fs) == 2:
            f0, f1 = fs
            return lambda S, L: f0(S, L) or f1(S, L)
        return lambda S, L: any(f(S, L) for f in fs)

    def e_Not(self, e, scope):
        f = self.expr(e.value, scope)
        hint = self.hints.get(f)
        if hint is not None and hint[0] == "empty_local":
            slot = hint[1]
            return lambda S, L: (s := L[slot]) is not None and bool(s.pieces)
        if hint is not None and hint[0] == "empty_step":
            _, slot, k = hint
            return lambda S, L: (s := L[slot]) is not None and (t := s.nbr[k]) is not None and bool(t.pieces)
        return lambda S, L: not f(S, L)

    def e_Neg(self, e, scope):
        f = self.expr(e.value, scope)
        return lambda S, L: -f(S, L)

    def e_Cond(self, e, scope):
        t, c, o = self.expr(e.then, scope), self.expr(e.test, scope), self.expr(e.orelse, scope)
        return lambda S, L: t(S, L) if c(S, L) else o(S, L)

    def e_ListLit(self, e, scope):
        fs = [self.expr(i, scope) for i in e.items]
        return lambda S, L: [f(S, L) for f in fs]

    def e_Index(self, e, scope):
        obj, index = self.expr(e.obj, scope), self.expr(e.index, scope)
        where = self.where(e)

        def item(S, L):
            items, i = obj(S, L), index(S, L)
            if items is None or i is None or not -len(items) <= i < len(items):
                raise RuleError(f"index {i} is outside a list of {0 if items is None else len(items)}", where)
            return items[i]
        return item

    def e_Range(self, e, scope):
        lo, hi = self.expr(e.low, scope), self.expr(e.high, scope)
        where = self.where(e)

        def span(S, L):
            a, b = lo(S, L), hi(S, L)
            if b - a > MAX_LOOP_STEPS:
                raise RuleError(f"the range {a}..{b} is longer than {MAX_LOOP_STEPS}", where)
            return list(range(a, b + 1))
        return span

    def e_Of(self, e, scope):
        what = self.iterable(e.what, scope)
        owner = self.expr(e.owner, scope)
        if elem(self.type(e.what)) == "space":
            return lambda S, L: lib.spaces_of(what(S, L), owner(S, L))
        return lambda S, L: lib.pieces_of(what(S, L), owner(S, L))

    def e_Filter(self, e, scope):
        dom = self.iterable(e.domain, scope)
        inner = scope.child()
        slot = inner.bind(e.var)
        test = self.expr(e.test, inner)
        if e.mode == "where":
            def where(S, L):
                out = []
                for v in dom(S, L):
                    L[slot] = v
                    if test(S, L):
                        out.append(v)
                return out
            return where

        def while_(S, L):
            out = []
            for v in dom(S, L):
                L[slot] = v
                if not test(S, L):
                    break
                out.append(v)
            return out
        return while_

    def e_Comprehension(self, e, scope):
        loops = []
        inner = scope
        for f in e.fors:
            dom = self.iterable(f.domain, inner)
            inner = inner.child()
            slot = inner.bind(f.var)
            test = self.expr(f.test, inner) if f.test is not None else None
            loops.append((dom, slot, test))
        element = self.expr(e.element, inner)
        where = self.where(e)

        def comp(S, L):
            out = []

            def rec(i):
                if i == len(loops):
                    out.append(element(S, L))
                    return
                dom, slot, test = loops[i]
                for v in dom(S, L):
                    S.tick(where)
                    L[slot] = v
                    if test is None or test(S, L):
                        rec(i + 1)
            rec(0)
            return out
        return comp


def _getter(obj, name):
    def get(S, L):
        o = obj(S, L)
        return None if o is None else getattr(o, name)
    return get


def _none_or(v, f):
    return None if v is None else f(v)


def _on_board(v, name):
    return v is not None and getattr(v, "is_space", False) and v.board.name == name


def _contains_pieces(container, v):
    return container is not None and v in container.pieces


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


class Move:
    """One legal decision: an action with its arguments, or the answer to a choice."""
    __slots__ = ("action", "args", "_text", "_masked")

    def __init__(self, action, args, text=None):
        self.action, self.args, self._text = action, args, text
        self._masked = None  # (text for the others, seats that see the full text)

    def fix_text(self):
        """Name the move now, while its pieces are where they were chosen; hide what others cannot see."""
        text = self.text
        masked = False
        words = [self.action.name]
        seen_by = None
        for a in self.args:
            zone = a.loc if isinstance(a, Piece) and a.loc is not None and not a.loc.is_space else None
            if zone is not None and zone.visibility != "public":
                masked = True
                words.append(a.kind.name)
                seen_by = {zone.owner.index} if zone.visibility == "private" and zone.owner is not None else set()
            else:
                words.append(value_text(a))
        self._masked = (" ".join(words), seen_by) if masked else (text, None)
        return text

    def text_for(self, seat):
        """The move as `seat` may read it: a card from a hidden hand is just 'card' to the others."""
        if self._masked is None and getattr(self.action, "eager_text", False):
            self.fix_text()
        if self._masked is None or self._masked[1] is None or seat in self._masked[1]:
            return self.text
        return self._masked[0]

    @property
    def text(self):
        if self._text is None:
            words = [self.action.name] + [value_text(a) for a in self.args]
            self._text = " ".join(words)
        return self._text

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Move({self.text!r})"


def make_generator(act: CompiledAction):
    """Build the closure that appends every legal Move of one action to a list."""
    params = act.params
    requires = [c.fn for c in act.requires]
    size = act.size
    n = len(params)

    def ok(S, L):
        for r in requires:
            if not r(S, L):
                return False
        return True

    if n == 0:
        def gen0(S, out):
            L = [None] * size
            if ok(S, L):
                out.append(Move(act, ()))
        return gen0

    if n == 1:
        _, slot, dom, cond, _ = params[0]
        test = cond.fn if cond is not None else None
        if cond is not None and not requires and getattr(cond, "shape", None) == ("empty_local", slot):
            # the commonest rule of all, "on an empty space", without a call per space
            def gen1_empty(S, out):
                out.extend([Move(act, (v,)) for v in dom(S, [None] * size) if not v.pieces])
            return gen1_empty

        def gen1(S, out):
            L = [None] * size
            for v in dom(S, L):
                L[slot] = v
                if (test is None or test(S, L)) and (not requires or ok(S, L)):
                    out.append(Move(act, (v,)))
        return gen1

    def genn(S, out):
        L = [None] * size

        def rec(i):
            if i == n:
                if ok(S, L):
                    out.append(Move(act, tuple(L[p[1]] for p in params)))
                return
            _, slot, dom, cond, _ = params[i]
            for v in dom(S, L):
                L[slot] = v
                if cond is None or cond.fn(S, L):
                    rec(i + 1)
        rec(0)
    return genn


def compile_game(checked, source, name, origins=None) -> CompiledGame:
    return Compiler(checked, source, name, origins).compile()


__all__ = ["compile_game", "CompiledGame", "Move", "GameOver", "NeedChoice", "RuleError"]
