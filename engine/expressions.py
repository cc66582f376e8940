"""Expressions -> Python source -> one function each.

A rules expression becomes a single Python expression over `S` (the state) and `L` (the rule's local
slots); filters and comprehensions become Python comprehensions, so a move generator or a condition
runs as one flat function instead of a tree of closures. Only the shapes of the AST are written out:
every name is a slot index or a key written with repr(), never text of the rules file, so a rules
file cannot put code of its own into what is built. What the source may name is declared in
namespace.py; the Emitter adds the values of one game (its defs' functions, its actions).
`Emitter.src` dispatches on the node's class to `emit_<Class>`.
"""
from __future__ import annotations

import re
from typing import Callable, Optional

from ..grammar import nodes as N
from ..grammar.limits import MAX_DEPTH, MAX_LOOP_STEPS
from ..grammar.symbols import Checked
from ..grammar.types import ANY, DIR, DIRECTION_SETS, NUMBER, SPACE, TEXT, Type
from .library import BUILTINS, NAMES
from .namespace import NAMESPACE, sized
from .runtime import DIRS, RuleError

# what a constant computed once may use: builtins that read nothing but their arguments, and fixed names
_PURE_BUILTINS = {"count", "empty", "any", "all", "sum", "min", "max", "abs", "first", "last", "opposite", "land",
                  "floor", "ceil", "round"}
_STATIC_NAMES = {"true", "false", "yes", "no", "none", *DIRS, *DIRECTION_SETS}


class ConstantError(Exception):
    """A constant whose value cannot be computed (too large, a division by zero...)."""

    def __init__(self, const: N.Const, reason: str):
        super().__init__(reason)
        self.const, self.reason = const, reason


class _Folding:
    """What a constant's computation may ask of the state: only its budget of steps."""

    def __init__(self):
        self._budget = MAX_LOOP_STEPS

    def spend(self, steps, where):
        self._budget -= steps
        if self._budget < 0:
            raise RuleError(f"it takes more than {MAX_LOOP_STEPS} steps", where)

    def tick(self, where):
        self.spend(1, where)


_SIMPLE = re.compile(r"^(L\[\d+\]|_[vp]\d+|S\.turn_player|None|True|False|-?\d+|'[^'\\]*')$")


class Scope:
    """Names visible to a rule: a local slot `L[i]`, or a Python name bound by a comprehension."""

    def __init__(self, frame: "Frame", parent: Optional["Scope"] = None):
        self.frame, self.parent = frame, parent
        self.names: dict[str, str] = {}

    def child(self) -> "Scope":
        return Scope(self.frame, self)

    def bind(self, name: str) -> int:
        """A slot in L (for statements, parameters and lets); returns its index."""
        slot = self.frame.alloc()
        self.names[name] = f"L[{slot}]"
        return slot

    def bind_py(self, name: str, py: str) -> str:
        self.names[name] = py
        return py

    def source(self, name: str) -> str:
        s: Optional[Scope] = self
        while s is not None:
            if name in s.names:
                return s.names[name]
            s = s.parent
        raise KeyError(name)

    def slot(self, name: str) -> int:
        src = self.source(name)
        return int(src[2:-1])


class Frame:
    """Slot allocation for one rule's locals; scopes map names to slots."""

    def __init__(self):
        self.size = 0

    def alloc(self) -> int:
        self.size += 1
        return self.size - 1


def params_scope(params) -> tuple[Frame, Scope]:
    """A new frame whose first slots are a def's or proc's parameters."""
    frame = Frame()
    scope = Scope(frame)
    for name in params:
        scope.bind(name)
    return frame, scope


class Emitter:
    """Builds functions from expressions of one checked game."""

    def __init__(self, checked: Checked, where: Callable[[N.Node], str]):
        self.checked = checked
        self.sym = checked.symbols
        self.where = where
        self.env = dict(NAMESPACE)
        self._counter = 0
        self.const_refs: dict[str, str] = {}  # const -> the source that gives its value
        self._static: dict[str, bool] = {}  # const -> whether it is the same in every state
        self.def_names: dict[str, str] = {}  # def -> the name of its function where expressions are built
        self.def_entries: dict[str, list] = {}  # def -> [(function, frame size)] once compiled
        self.recursive_defs: set[str] = set()

    # -------------------------------------------------- building
    def type_of(self, node: N.Node) -> Type:
        return self.checked.type_of(node)

    def fresh(self, prefix: str) -> str:
        self._counter += 1
        return f"{prefix}{self._counter}"

    def put(self, value, prefix: str = "_c") -> str:
        """A value the built code refers to by name."""
        name = self.fresh(prefix)
        self.env[name] = value
        return name

    def build(self, source: str, params: str = "S, L"):
        return eval(f"lambda {params}: {source}", self.env)  # noqa: S307 - source built from AST shapes only

    def expr(self, e: N.Expr, scope: Scope):
        return self.build(self.src(e, scope))

    def src(self, e: N.Expr, scope: Scope) -> str:
        method = getattr(self, "emit_" + type(e).__name__, None)
        if method is None:
            raise NotImplementedError(f"the compiler cannot build a {type(e).__name__}")
        return method(e, scope)

    def iter_src(self, node: N.Expr, scope: Scope) -> str:
        """Source of something to loop over: a list, or the pieces of a zone or a stack."""
        s = self.src(node, scope)
        t = self.type_of(node)
        if t.base in ("zone", "space"):
            return f"{s}.pieces"
        if t.is_list:
            return s
        return f"_items({s})"

    def template(self, t: N.Template, scope: Scope):
        """A text with {expressions} in it (a `log` line, a `show` label) as one function."""
        pieces = []
        for part in t.parts:
            if isinstance(part, str):
                pieces.append(repr(part))
            elif part.expr is not None:
                pieces.append(f"_text({self.src(part.expr, scope)})")
        return self.build(" + ".join(pieces) if pieces else "''")

    # -------------------------------------------------- what inline forms of builtins may ask
    @staticmethod
    def is_simple(src: str) -> bool:
        """Is this source cheap and safe to write twice (a slot, a name, a literal)?"""
        return _SIMPLE.match(src) is not None

    def board_name(self, node: N.Expr) -> Optional[str]:
        """The name of the board this expression is, when it is a shared board's name."""
        if isinstance(node, N.Name) and self.checked.meaning(node).category == "board":
            return node.id
        return None

    def guarded(self, items: str, node: N.Node) -> str:
        """Source of `items` that counts their number against the move's budget of steps."""
        return f"_guard(S, {items}, {self.where(node)!r})"

    def filter_loop(self, call: N.Call, scope: Scope):
        """(variable, items source, test source) when a call's only argument is `x in S where C`; the items
        walked count against the move's budget."""
        arg = call.args[0] if len(call.args) == 1 else None
        if isinstance(arg, N.Filter) and arg.mode == "where":
            items = self.guarded(self.iter_src(arg.domain, scope), arg)
            inner = scope.child()
            var = inner.bind_py(arg.var, self.fresh("_v"))
            return var, items, self.src(arg.test, inner)
        return None

    # -------------------------------------------------- constants
    def const_source(self, name: str) -> str:
        """A constant is built once: its value, computed now, when nothing it reads changes during a game
        (numbers, texts, enum values, directions and what is made of them); else a function of the state.
        Either way the source names it, so a constant made of constants never grows the source."""
        if name not in self.const_refs:
            c = self.sym.consts[name]
            frame = Frame()
            fn = self.build(self.src(c.value, Scope(frame)))
            if self._const_is_static(name):
                try:
                    value = sized(fn(_Folding(), [None] * frame.size), self.where(c))
                except RuleError as err:
                    raise ConstantError(c, str(err)) from None
                self.const_refs[name] = self.put(value, "_kv")
            else:
                self.const_refs[name] = f"{self.put(fn, '_kf')}(S, [None] * {frame.size})"
        return self.const_refs[name]

    def _const_is_static(self, name: str) -> bool:
        if name not in self._static:
            self._static[name] = False  # until known: the checker has refused constants made of themselves
            self._static[name] = self._is_static(self.sym.consts[name].value)
        return self._static[name]

    def is_static(self, node: N.Expr) -> bool:
        """Does this expression give the same value in every state (a number, a constant, an enum value...)?"""
        return self._is_static(node)

    def _is_static(self, node: N.Expr) -> bool:
        """Does this expression give the same value in every state (so it can be computed once, now)?"""
        for n in N.walk(node):
            if isinstance(n, N.Name):
                m = self.checked.meaning(n)
                if m.category == "const" and not self._const_is_static(m.name):
                    return False
                if m.category not in ("local", "enum", "phase", "const") and \
                        not (m.category == "builtin" and m.name in _STATIC_NAMES):
                    return False
            elif isinstance(n, N.Call) and (n.func in self.def_names or n.func not in _PURE_BUILTINS):
                return False
            elif isinstance(n, N.Of):
                return False
        return True

    # -------------------------------------------------- defs
    def declare_defs(self, defs) -> None:
        for i, d in enumerate(defs):
            self.def_names[d.name] = f"_d{i}"
            self.def_entries[d.name] = [None]
        calls = {d.name: {n.func for n in N.walk(d.body) if isinstance(n, N.Call) and n.func in self.def_names}
                 for d in defs}
        self.recursive_defs = {name for name in calls if _reaches(calls, name)}
        # a def that calls defs counts as a step: chains of them cannot multiply their work unseen
        self.counted_defs = {name for name, called in calls.items() if called}

    def compile_def(self, d: N.Def) -> None:
        frame, scope = params_scope(d.params)
        body = self.src(d.body, scope)
        fn = self.build(f"S.tick({self.where(d)!r}) or {body}" if d.name in self.counted_defs else body)
        assert frame.size == len(d.params)  # filters inside name their variables in Python, not in L
        self.def_entries[d.name][0] = (fn, frame.size)
        self.env[self.def_names[d.name]] = fn

    def _def_caller(self, e: N.Call):
        """A call of a def that can reach itself: counted, so that it stops with a RuleError."""
        entry = self.def_entries[e.func]
        where = self.where(e)
        name = e.func

        def call(S, *args):
            fn, size = entry[0]
            L2 = [None] * size
            L2[:len(args)] = [sized(x, where) for x in args]
            S.enter_call(name, where)
            try:
                return fn(S, L2)
            finally:
                S.leave_call()
        return call

    # -------------------------------------------------- leaves
    def emit_Num(self, e: N.Num, scope: Scope) -> str:
        if isinstance(e.value, int):
            return repr(e.value)
        return self.put(e.value, "_q")  # a fraction, made once

    def emit_Str(self, e: N.Str, scope: Scope) -> str:
        return repr(e.value)

    def emit_Name(self, e: N.Name, scope: Scope) -> str:
        meaning = self.checked.meaning(e)
        cat, name = meaning.category, meaning.name
        if cat == "local":
            return scope.source(name)
        if cat == "var":
            return f"S.vars[{name!r}]"
        if cat == "const":
            return self.const_source(name)
        if cat == "board":
            return f"S.boards[{name!r}].in_play()"
        if cat == "zone":
            return f"S.zones[{name!r}]"
        if cat == "kind":
            return f"_kind(S, {name!r})"
        if cat in ("enum", "phase"):
            return repr(name)
        if cat == "option":
            return f"({name!r} in S.options)"
        return NAMES[name].source

    # -------------------------------------------------- attributes
    def emit_Attr(self, e: N.Attr, scope: Scope) -> str:
        obj = self.src(e.obj, scope)
        name = e.name
        bt = self.type_of(e.obj).general.base
        simple = self.is_simple(obj)
        if bt in ("space", "dir", "zone") or (bt == "piece" and name in ("owner", "up", "turns")):
            if bt == "space" and name == "board":
                return f"_board_of({obj})"
            return f"(None if {obj} is None else {obj}.{name})" if simple else f"_ga({obj}, {name!r})"
        if bt == "piece":
            if name == "space":
                return f"_space_of({obj})"
            if name == "kind":
                return f"_kind_of({obj})"
            return f"(None if {obj} is None else {obj}.attrs.get({name!r}))" if simple else f"_pa({obj}, {name!r})"
        if bt == "player":
            if name in self.sym.boards:
                return f"{obj}.boards[{name!r}].in_play()"
            if name in self.sym.zones:
                return f"{obj}.zones[{name!r}]"
            if name in self.sym.vars:
                return f"{obj}.vars[{name!r}]"
            if name == "name":
                return f"{obj}.name"
            if name == "seat":
                return f"({obj}.index + 1)"
        return f"_dyn(S, {obj}, {name!r})"

    def emit_Index(self, e: N.Index, scope: Scope) -> str:
        return f"_index({self.src(e.obj, scope)}, {self.src(e.index, scope)}, {self.where(e)!r})"

    # -------------------------------------------------- calls
    def emit_Call(self, e: N.Call, scope: Scope) -> str:
        if e.func in self.def_names:
            args = ", ".join(self.src(x, scope) for x in e.args)
            if e.func not in self.recursive_defs:
                # a def that cannot call itself needs no guard: call its function on a frame of its arguments
                return f"{self.def_names[e.func]}(S, [{args}])"
            caller = self.put(self._def_caller(e), "_def")
            return f"{caller}(S{', ' if args else ''}{args})"
        b = BUILTINS[e.func]
        args = "".join(", " + self.src(x, scope) for x in e.args)
        if any(self.type_of(x) == ANY for x in e.args):
            # a def's parameter, untyped: the values are checked when the rule runs
            return f"_checked_call(S, {e.func!r}, {self.where(e)!r}{args})"
        if b.inline is not None:
            out = b.inline(self, e, scope)
            if out is not None:
                return out
        return f"_F_{e.func}(S{args})"

    # -------------------------------------------------- operators
    def emit_BinOp(self, e: N.BinOp, scope: Scope) -> str:
        x, y = self.src(e.left, scope), self.src(e.right, scope)
        lt, rt = self.type_of(e.left), self.type_of(e.right)
        op = e.op
        if op == "+" and lt == SPACE and rt == DIR:
            right = e.right
            if isinstance(right, N.Name) and right.id in DIRS and self.checked.meaning(right).category == "builtin" \
                    and self.is_simple(x):
                return f"(None if {x} is None else {x}.nbr[{DIRS[right.id].i}])"
            return f"_step({x}, {y})"
        if op == "+" and ANY in (lt, rt):
            return f"_add(S, {x}, {y})"
        if op == "+" and (lt.is_list or lt == TEXT):
            return f"_concat(S, {x}, {y}, {self.where(e)!r})"
        if op in ("+", "-", "*"):
            if NUMBER in (lt, rt):  # a fraction may come out whole: hold it as an int
                return f"_exact({x} {op} {y})"
            return f"({x} {op} {y})"
        return f"{'_div' if op == '/' else '_mod'}({x}, {y})"

    def emit_Compare(self, e: N.Compare, scope: Scope) -> str:
        x = self.src(e.left, scope)
        op = e.op
        if op in ("in", "not in"):
            neg = "not " if op == "not in" else ""
            board = self.board_name(e.right)
            if board is not None:
                return f"({neg}_on_board({x}, {board!r}))"
            y = self.src(e.right, scope)
            if self.type_of(e.right).base in ("zone", "space"):
                return f"({neg}_in_pieces({y}, {x}))"
            return f"({neg}_contains(S, {y}, {x}))"
        y = self.src(e.right, scope)
        if op in ("==", "!="):
            return f"({x} {op} {y})"
        if op == "<":
            return f"_lt({x}, {y})"
        if op == ">":
            return f"_lt({y}, {x})"
        if op == "<=":
            return f"(not _lt({y}, {x}))"
        return f"(not _lt({x}, {y}))"

    def emit_BoolOp(self, e: N.BoolOp, scope: Scope) -> str:
        return "(" + f" {e.op} ".join(self.src(v, scope) for v in e.values) + ")"

    def emit_Not(self, e: N.Not, scope: Scope) -> str:
        return f"(not {self.src(e.value, scope)})"

    def emit_Neg(self, e: N.Neg, scope: Scope) -> str:
        return f"(-{self.src(e.value, scope)})"

    def emit_Cond(self, e: N.Cond, scope: Scope) -> str:
        return f"({self.src(e.then, scope)} if {self.src(e.test, scope)} else {self.src(e.orelse, scope)})"

    # -------------------------------------------------- collections
    def emit_ListLit(self, e: N.ListLit, scope: Scope) -> str:
        return "[" + ", ".join(self.src(i, scope) for i in e.items) + "]"

    def emit_Range(self, e: N.Range, scope: Scope) -> str:
        return f"_range(S, {self.src(e.low, scope)}, {self.src(e.high, scope)}, {self.where(e)!r})"

    def emit_Of(self, e: N.Of, scope: Scope) -> str:
        items = self.iter_src(e.what, scope)
        owner = self.src(e.owner, scope)
        if self.type_of(e.what).element == SPACE:
            return f"_spaces_of({items}, {owner})"
        return f"_pieces_of({items}, {owner})"

    def emit_Filter(self, e: N.Filter, scope: Scope) -> str:
        items = self.guarded(self.iter_src(e.domain, scope), e)
        inner = scope.child()
        var = inner.bind_py(e.var, self.fresh("_v"))
        test = self.src(e.test, inner)
        if e.mode == "where":
            return f"[{var} for {var} in {items} if {test}]"
        return f"_prefix(lambda {var}: {test}, {items})"

    def emit_Comprehension(self, e: N.Comprehension, scope: Scope) -> str:
        parts = []
        inner = scope
        for f in e.fors:
            items = self.guarded(self.iter_src(f.domain, inner), e)
            inner = inner.child()
            var = inner.bind_py(f.var, self.fresh("_v"))
            parts.append(f"for {var} in {items}")
            if f.test is not None:
                parts.append(f"if {self.src(f.test, inner)}")
        return f"[{self.src(e.element, inner)} {' '.join(parts)}]"


def _reaches(calls: dict, start: str) -> bool:
    """Can def `start` reach itself through calls?"""
    seen: set = set()
    todo = list(calls[start])
    while todo:
        f = todo.pop()
        if f == start:
            return True
        if f not in seen:
            seen.add(f)
            todo.extend(calls.get(f, ()))
    return False


__all__ = ["Emitter", "Scope", "Frame", "params_scope", "MAX_DEPTH"]
