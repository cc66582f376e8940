"""Expressions -> Python source -> one function each.

A rules expression becomes a single Python expression over `S` (the state) and `L` (the rule's local
slots); filters and comprehensions become Python comprehensions, so a move generator or a condition
runs as one flat function instead of a tree of closures. Only the shapes of the AST are written out:
every name is a slot index or a key written with repr(), never text of the rules file, so a rules
file cannot put code of its own into what is built. Values the source needs (functions, directions,
closures of defs) sit in the namespace the functions are built in.
"""
from __future__ import annotations

import re
from itertools import takewhile

from ..grammar import nodes as N
from ..grammar.types import DIRECTION_SETS, RELATIVE_DIRECTIONS, elem, is_list
from . import library as lib
from .runtime import DIRS, RuleError

MAX_LOOP_STEPS = 200_000
MAX_DEPTH = 200

_SIMPLE = re.compile(r"^(L\[\d+\]|_[vp]\d+|S\.turn_player|None|True|False|-?\d+|'[^'\\]*')$")


class Scope:
    """Names visible to a rule: a local slot `L[i]`, or a Python name bound by a comprehension."""

    def __init__(self, frame, parent=None):
        self.frame, self.parent, self.names = frame, parent, {}

    def child(self):
        return Scope(self.frame, self)

    def bind(self, name):
        """A slot in L (for statements, parameters and lets); returns its index."""
        slot = self.frame.alloc()
        self.names[name] = f"L[{slot}]"
        return slot

    def bind_py(self, name, py):
        self.names[name] = py
        return py

    def source(self, name):
        s = self
        while s is not None:
            if name in s.names:
                return s.names[name]
            s = s.parent
        raise KeyError(name)

    def slot(self, name):
        src = self.source(name)
        return int(src[2:-1])


# ------------------------------------------------------------------ helpers the built code calls

def _ga(o, name):
    return None if o is None else getattr(o, name)


def _pa(p, name):
    return None if p is None else p.attrs.get(name)


def _space_of(p):
    return None if p is None or p.loc is None or not p.loc.is_space else p.loc


def _kind_of(p):
    return None if p is None else p.kind.name


def _board_of(s):
    return None if s is None else s.board.name


def _step(s, d):
    return None if s is None or d is None else s.nbr[d.i]


def _empty_space(s):
    return s is None or not s.pieces


def _items(v):
    if v is None:
        return []
    return v if isinstance(v, list) else v.pieces


def _on_board(v, name):
    return v is not None and getattr(v, "is_space", False) and v.board.name == name


def _in_pieces(container, v):
    return container is not None and v in container.pieces


def _opponent(S):
    return S.players[1 - S.turn_player.index] if S.n == 2 else S.next_player(S.turn_player)


def _kind(S, name):
    box = S.box
    return [p for p in S.kind_pieces[name] if p.loc is not box]


def _prefix(test, items):
    return list(takewhile(test, items))


def _guard(S, items, where):
    """A comprehension's loops count against the rule's step budget."""
    S._budget -= len(items)
    if S._budget < 0:
        raise RuleError(f"a rule ran more than {MAX_LOOP_STEPS} steps in one move", where)
    return items


def _range(S, a, b, where):
    if b - a > MAX_LOOP_STEPS:
        raise RuleError(f"the range {a}..{b} is longer than {MAX_LOOP_STEPS}", where)
    return list(range(a, b + 1))


def _index(items, i, where):
    if items is None or i is None or not -len(items) <= i < len(items):
        raise RuleError(f"index {i} is outside a list of {0 if items is None else len(items)}", where)
    return items[i]


def _div(a, b):
    return lib.divide(a, b)


def _mod(a, b):
    return lib.modulo(a, b)


BASE_ENV = {
    "_ga": _ga, "_pa": _pa, "_space_of": _space_of, "_kind_of": _kind_of, "_board_of": _board_of,
    "_step": _step, "_empty_space": _empty_space, "_items": _items, "_on_board": _on_board,
    "_in_pieces": _in_pieces, "_opponent": _opponent, "_kind": _kind, "_prefix": _prefix, "_guard": _guard,
    "_range": _range, "_index": _index, "_div": _div, "_mod": _mod, "_lt": lib.lt, "_add": lib.add,
    "_contains": lib.contains, "_pieces_of": lib.pieces_of, "_spaces_of": lib.spaces_of,
    "_dyn": lib.dynamic_attr, "__builtins__": {"len": len, "list": list, "any": any, "all": all, "sum": sum},
}
for _name, _fn in lib.FUNCTIONS.items():
    BASE_ENV[f"_F_{_name}"] = _fn
for _name, _d in DIRS.items():
    BASE_ENV[f"_D_{_name}"] = _d
for _name, _ds in DIRECTION_SETS.items():
    BASE_ENV[f"_DS_{_name}"] = tuple(DIRS[n] for n in _ds)


class ExpressionCompiler:
    """Mixed into the Compiler: `expr` builds a function (S, L) -> value from an expression."""

    def _init_expressions(self):
        self.env = dict(BASE_ENV)
        self._counter = 0
        self._const_stack = set()

    def fresh(self, prefix):
        self._counter += 1
        return f"{prefix}{self._counter}"

    def put(self, value, prefix="_c"):
        """A value the built code refers to by name."""
        name = self.fresh(prefix)
        self.env[name] = value
        return name

    def build(self, source, params="S, L"):
        return eval(f"lambda {params}: {source}", self.env)  # noqa: S307 - source built from AST shapes only

    def expr(self, e, scope):
        return self.build(self.src(e, scope))

    def src(self, e, scope) -> str:
        return getattr(self, "x_" + type(e).__name__)(e, scope)

    def iter_src(self, node, scope) -> str:
        """Source of something to loop over: a list, or the pieces of a zone or a stack."""
        s = self.src(node, scope)
        t = self.type(node)
        if t in ("zone", "space"):
            return f"{s}.pieces"
        if is_list(t):
            return s
        return f"_items({s})"

    # -------------------------------------------------- leaves
    def x_Num(self, e, scope):
        return repr(e.value)

    def x_Str(self, e, scope):
        return repr(e.value)

    def x_Name(self, e, scope):
        cat, name = self.refs.get(e, ("local", e.id))
        if cat == "local":
            return scope.source(name)
        if cat == "var":
            return f"S.vars[{name!r}]"
        if cat == "const":
            if name in self._const_stack:
                raise RuleError(f"constant '{name}' is defined by itself", self.where(e))
            self._const_stack.add(name)
            try:
                return f"({self.src(self.sym.consts[name].value, scope)})"
            finally:
                self._const_stack.discard(name)
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
        return self.builtin_src(name)

    def builtin_src(self, name):
        fixed = {
            "mover": "S.turn_player", "opponent": "_opponent(S)", "others": "S.others(S.turn_player)",
            "players": "S.players_from(S.turn_player)", "supply": "S.supply", "box": "S.box", "turn": "S.turn",
            "winners": "S.winners()", "true": "True", "yes": "True", "false": "False", "no": "False",
            "none": "None",
        }
        if name in fixed:
            return fixed[name]
        if name in DIRS:
            return f"_D_{name}"
        if name in RELATIVE_DIRECTIONS:
            return f"S.turn_player.rel[{name!r}]"
        if name in DIRECTION_SETS:
            return f"list(_DS_{name})"
        raise AssertionError(name)

    # -------------------------------------------------- attributes
    def x_Attr(self, e, scope):
        obj = self.src(e.obj, scope)
        name = e.name
        t = self.type(e.obj)
        bt = "piece" if t.startswith("piece") else t
        simple = _SIMPLE.match(obj) is not None
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

    def x_Index(self, e, scope):
        return f"_index({self.src(e.obj, scope)}, {self.src(e.index, scope)}, {self.where(e)!r})"

    # -------------------------------------------------- calls
    def x_Call(self, e, scope):
        if e.func in self.defs:
            args = ", ".join(self.src(a, scope) for a in e.args)
            if e.func not in self.recursive_defs:
                # a def that cannot call itself needs no guard: call its function on a frame of its arguments
                return f"{self.def_names[e.func]}(S, [{args}])"
            caller = self.put(self.def_caller(e), "_def")
            return f"{caller}(S{', ' if args else ''}{args})"
        special = getattr(self, "call_" + e.func, None)
        if special is not None:
            out = special(e, scope)
            if out is not None:
                return out
        args = "".join(", " + self.src(a, scope) for a in e.args)
        return f"_F_{e.func}(S{args})"

    def def_caller(self, e):
        entry = self.defs[e.func]
        where = self.where(e)
        name = e.func

        def call(S, *args):
            fn, size = entry[0]
            L2 = [None] * size
            L2[:len(args)] = args
            S._depth += 1
            if S._depth > MAX_DEPTH:
                S._depth = 0
                raise RuleError(f"'{name}' calls itself without end", where)
            try:
                return fn(S, L2)
            finally:
                S._depth -= 1
        return call

    def _over_filter(self, e, scope):
        """(variable, items source, test source) when the only argument is `x in S where C`."""
        arg = e.args[0] if len(e.args) == 1 else None
        if isinstance(arg, N.Filter) and arg.mode == "where":
            items = self.iter_src(arg.domain, scope)
            inner = scope.child()
            var = inner.bind_py(arg.var, self.fresh("_v"))
            return var, items, self.src(arg.test, inner)
        return None

    def call_any(self, e, scope):
        f = self._over_filter(e, scope)
        return f and f"any({f[2]} for {f[0]} in {f[1]})"

    def call_all(self, e, scope):
        f = self._over_filter(e, scope)
        return f and f"all({f[2]} for {f[0]} in {f[1]})"

    def call_count(self, e, scope):
        f = self._over_filter(e, scope)
        return f and f"sum(1 for {f[0]} in {f[1]} if {f[2]})"

    def call_empty(self, e, scope):
        if len(e.args) == 1 and self.type(e.args[0]) == "space":
            s = self.src(e.args[0], scope)
            return f"({s} is None or not {s}.pieces)" if _SIMPLE.match(s) else f"_empty_space({s})"
        return None

    def call_touching(self, e, scope):
        board = e.args[1] if len(e.args) == 2 else None
        if isinstance(board, N.Name) and self.refs.get(board, ("",))[0] == "board":
            return f"S.touching({self.src(e.args[0], scope)}, {board.id!r})"
        return None

    # -------------------------------------------------- operators
    def x_BinOp(self, e, scope):
        a, b = self.src(e.left, scope), self.src(e.right, scope)
        lt, rt = self.type(e.left), self.type(e.right)
        op = e.op
        if op == "+" and lt == "space" and rt == "dir":
            const = isinstance(e.right, N.Name) and e.right.id in DIRS and \
                self.refs.get(e.right, ("builtin",))[0] == "builtin"
            if const and _SIMPLE.match(a):
                return f"(None if {a} is None else {a}.nbr[{DIRS[e.right.id].i}])"
            return f"_step({a}, {b})"
        if op == "+" and "any" in (lt, rt):
            return f"_add(S, {a}, {b})"
        if op in ("+", "-", "*"):
            return f"({a} {op} {b})"
        return f"{'_div' if op == '/' else '_mod'}({a}, {b})"

    def x_Compare(self, e, scope):
        a = self.src(e.left, scope)
        op = e.op
        if op in ("in", "not in"):
            right = e.right
            neg = "not " if op == "not in" else ""
            if isinstance(right, N.Name) and self.refs.get(right, ("",))[0] == "board":
                return f"({neg}_on_board({a}, {right.id!r}))"
            b = self.src(right, scope)
            if self.type(right) in ("zone", "space"):
                return f"({neg}_in_pieces({b}, {a}))"
            return f"({neg}_contains({b}, {a}))"
        b = self.src(e.right, scope)
        if op in ("==", "!="):
            return f"({a} {op} {b})"
        if op == "<":
            return f"_lt({a}, {b})"
        if op == ">":
            return f"_lt({b}, {a})"
        if op == "<=":
            return f"(not _lt({b}, {a}))"
        return f"(not _lt({a}, {b}))"

    def x_BoolOp(self, e, scope):
        return "(" + f" {e.op} ".join(self.src(v, scope) for v in e.values) + ")"

    def x_Not(self, e, scope):
        return f"(not {self.src(e.value, scope)})"

    def x_Neg(self, e, scope):
        return f"(-{self.src(e.value, scope)})"

    def x_Cond(self, e, scope):
        return f"({self.src(e.then, scope)} if {self.src(e.test, scope)} else {self.src(e.orelse, scope)})"

    # -------------------------------------------------- collections
    def x_ListLit(self, e, scope):
        return "[" + ", ".join(self.src(i, scope) for i in e.items) + "]"

    def x_Range(self, e, scope):
        return f"_range(S, {self.src(e.low, scope)}, {self.src(e.high, scope)}, {self.where(e)!r})"

    def x_Of(self, e, scope):
        items = self.iter_src(e.what, scope)
        owner = self.src(e.owner, scope)
        if elem(self.type(e.what)) == "space":
            return f"_spaces_of({items}, {owner})"
        return f"_pieces_of({items}, {owner})"

    def x_Filter(self, e, scope):
        items = self.iter_src(e.domain, scope)
        inner = scope.child()
        var = inner.bind_py(e.var, self.fresh("_v"))
        test = self.src(e.test, inner)
        if e.mode == "where":
            return f"[{var} for {var} in {items} if {test}]"
        return f"_prefix(lambda {var}: {test}, {items})"

    def x_Comprehension(self, e, scope):
        parts = []
        inner = scope
        where = repr(self.where(e))
        for f in e.fors:
            items = self.iter_src(f.domain, inner)
            inner = inner.child()
            var = inner.bind_py(f.var, self.fresh("_v"))
            parts.append(f"for {var} in _guard(S, {items}, {where})")
            if f.test is not None:
                parts.append(f"if {self.src(f.test, inner)}")
        return f"[{self.src(e.element, inner)} {' '.join(parts)}]"


__all__ = ["ExpressionCompiler", "Scope", "MAX_LOOP_STEPS", "MAX_DEPTH"]
