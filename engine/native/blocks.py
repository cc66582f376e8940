"""Procs and defs written as blocks in the native backend (docs/backends.md): each becomes a function of its own,
typed for its call's arguments (expr_types.specialise, as the interpreter's compiler types a def), so that one
may call itself; and the lists of lists such a def makes (a run of jumps: the lists of squares it lands on).

A proc is `proc_NAME_k(st, jr, mover, args...)`, which returns whether an ending statement ran in it (the
interpreter's GameOver stops the whole move, not only the proc: its caller returns in turn). A def written as
a block is `blk_NAME_k(st, mover, depth, args...)`: it reads the state and never writes it; `depth` counts the
calls one inside another, which stop at the interpreter's MAX_DEPTH with an error, as they do there.

A list of lists of numbers, spaces or players ("ragged") is a pair of arrays: the items of every list one after
another, and where each list starts (n + 1 offsets). An action's parameter that is a list (an item of such a
list) takes 1 + LISTCAP columns of a move's row: its length, then its items.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional

from ...grammar import nodes as N
from ...grammar.expr_types import CheckScope, Context, ExpressionChecker
from ...grammar.limits import MAX_DEPTH, MAX_LOOP_STEPS
from ...grammar.statements import StatementChecker
from ...grammar.types import ANY, DIRECTION_SETS, Type, list_of
from ..run.library import LIBRARY
from .chance import JOURNAL_LOCAL

# the most items a list that a def written as a block makes is taken to have, for the rows of a listing (more
# stop the lister with an error)
GUESSED_ITEMS = 64
# how deep a def or proc that calls itself may go natively (each level a function of its own)
LEVELS = 12
# statements a def written as a block may not hold natively (they write the state, or end the game)
_WRITES = (N.Place, N.Move, N.Remove, N.Outcome, N.ExprStmt, N.Again, N.Enter, N.Next, N.Log, N.Choose)

BLOCKS_PRELUDE = f'''

MAXDEPTH = {MAX_DEPTH}
MAXLOOP = {MAX_LOOP_STEPS}
LISTCAP = NSPACES  # the most items of a list in a move's row


@njit(cache=True)
def too_deep(depth):
    # the interpreter's bound on calls one inside another (State.enter_call)
    if depth >= MAXDEPTH:
        raise ValueError("a def called itself too many times, one call inside another")


@njit(cache=True)
def rg_empty():
    return (np.empty(0, np.int64), np.zeros(1, np.int64))


@njit(cache=True)
def rg_one(items):
    starts = np.zeros(2, np.int64)
    starts[1] = items.shape[0]
    return (items.copy(), starts)


@njit(cache=True)
def rg_join(a, b):
    # the lists of a, then those of b
    na = a[1].shape[0] - 1
    nb = b[1].shape[0] - 1
    starts = np.empty(na + nb + 1, np.int64)
    for k in range(na + 1):
        starts[k] = a[1][k]
    for k in range(1, nb + 1):
        starts[na + k] = a[0].shape[0] + b[1][k]
    return (np.concatenate((a[0], b[0])), starts)


@njit(cache=True)
def rg_count(r):
    return r[1].shape[0] - 1


@njit(cache=True)
def rg_item(r, k):
    return r[0][r[1][k]:r[1][k + 1]].copy()


@njit(cache=True)
def put_list(out, n, c, items):
    # a move's parameter that is a list: its length, then its items, from column c
    if items.shape[0] > LISTCAP:
        raise ValueError("a move's list is longer than the native backend's row holds")
    out[n, c] = items.shape[0]
    for k in range(items.shape[0]):
        out[n, c + 1 + k] = items[k]


@njit(cache=True)
def kind_of(st, p):
    if p < 0:
        raise ValueError("the kind of no piece")
    return st[PIECES + PSTRIDE * p]
'''


class TranslatorPart:
    """What a part of Translator (a mixin in its own module) uses of the whole, for the type checker."""

    if TYPE_CHECKING:  # (what the mixin uses of Translator, which it is a part of)
        checked: Any
        sym: Any
        layout: Any
        helpers: list[str]
        overlays: list
        said_line: int
        inlined: int
        fresh_count: int
        actions: list
        expr: Callable[..., str]
        list_value: Callable[..., str]
        scalar_list: Callable[..., bool]
        type_of: Callable[..., Any]
        fresh: Callable[..., str]
        block: Callable[..., list[str]]
        said: Callable[..., str]
        domain_loop: Callable[..., tuple[list[str], int]]
        list_bound: Callable[..., int]
        is_def: Callable[..., bool]
        enter_phase: Callable[..., list[str]]
        refuse_links: Callable[..., None]


class BlockTranslation(TranslatorPart):
    """The methods of Translator (translate.py) that write procs, defs written as blocks, and lists of lists."""

    def init_blocks(self) -> None:
        self.block_functions: dict = {}  # (proc or def, name, the arguments' types) -> its function's name
        self.ending = "return"  # what an ending statement (and a proc's call that ended the game) returns with
        self.in_block: Optional[str] = None  # "proc", "def" or None (an action, a trigger)
        self.ragged_locals: set[str] = set()  # the rules' local names that hold lists of lists
        self.array_locals: dict[str, str] = {}  # the rules' local names that hold a list: its items' kind
        self.list_params = False  # whether a move's row holds a list (then LISTCAP columns a list)
        self._returns: dict[str, Optional[str]] = {}  # a def block's value: "ragged", "list" or "scalar"
        self._writing: list[str] = []  # the functions being written, one inside another
        self._recursive: set[str] = set()  # those that call themselves

    # ------------------------------------------------------------ procs
    def proc_call(self, s: N.ExprStmt, env: dict, pad: str) -> Optional[list[str]]:
        """A statement calling a proc: its function, then a return when it ended the game; None for another
        call."""
        call = s.call
        proc = self.sym.procs.get(call.func)
        if proc is None:
            return None
        if len(call.args) != len(proc.params):
            raise _refused(call.span, f"a call of `{call.func}` with {len(call.args)} arguments")
        name = self.block_function("proc", proc.name, proc.params, proc.body, call, proc.span)
        args = ", ".join(["st", "jr", "mover"] + [self.argument(a, env) for a in call.args])
        return [f"{pad}if {name}({args}):", f"{pad}    {self.ending}"]

    def proc_in_place(self, s: N.ExprStmt, env: dict, depth: int, pad: str) -> list[str]:
        """A proc that asks a player, written in place of its call: a question stops the action's own function
        with a `return` (choices.py), which a function of the proc's own could not do. Its arguments are worked out
        once, before its body, as a call's are."""
        call = s.call
        proc = self.sym.procs[call.func]
        if len(call.args) != len(proc.params):
            raise _refused(call.span, f"a call of `{call.func}` with {len(call.args)} arguments")
        for node in N.walk(tuple(proc.body)):
            if isinstance(node, N.Return):
                raise _refused(node.span, "`return` in a proc that asks a player")
        if any(self.is_ragged(a) for a in call.args):
            raise _refused(call.span, f"a call of `{call.func}` with a list of lists")
        types = tuple(self.type_of(a) for a in call.args)
        as_proc = N.Proc(span=proc.span, name=proc.name, params=tuple(proc.params), body=tuple(proc.body))
        typed = self.typed_block(as_proc, dict(zip(proc.params, types)), None)
        if typed is None:
            raise _refused(call.span, f"a call of `{call.func}` with these arguments")
        lines: list[str] = []
        inner = {k: v for k, v in env.items() if k == JOURNAL_LOCAL}  # (the caller's locals are not the proc's)
        arrays = dict(self.array_locals)
        for p, a in zip(proc.params, call.args):
            local = self.fresh(p)
            lines.append(f"{pad}{local} = {self.argument(a, env)}")
            inner[p] = local
            if self.scalar_list(a):
                self.array_locals[p] = self.list_kind(a)
        self.overlays.append(typed)
        try:
            lines += self.block(proc.body, inner, depth)
        finally:
            self.overlays.pop()
            self.array_locals = arrays
        return lines

    def argument(self, a: N.Expr, env: dict) -> str:
        if self.is_ragged(a):
            return self.ragged_value(a, env)
        if self.scalar_list(a):
            return self.list_value(a, env)
        return self.expr(a, env)

    def return_lines(self, s: N.Return, env: dict, pad: str) -> list[str]:
        if self.in_block == "proc":
            if s.value is not None:
                raise _refused(s.span, "a proc that returns a value")
            return [f"{pad}return False"]
        if self.in_block == "def" and s.value is not None:
            kind = self.returns_now
            if kind == "ragged":
                return [f"{pad}return {self.ragged_value(s.value, env)}"]
            if kind == "list":
                return [f"{pad}return {self.list_value(s.value, env)}"]
            return [f"{pad}return {self.expr(s.value, env)}"]
        raise _refused(s.span, "`return` here")

    # ------------------------------------------------------------ defs written as blocks
    def def_block_call(self, call: N.Call, env: dict) -> str:
        d = self.sym.defs[call.func]
        assert isinstance(d.body, N.DefBlock)
        if len(call.args) != len(d.params):
            raise _refused(call.span, f"a call of `{call.func}` with {len(call.args)} arguments")
        for node in N.walk(d.body):
            if isinstance(node, _WRITES):
                raise _refused(node.span, "a def written as a block that changes the game or ends it")
        name = self.block_function("def", d.name, d.params, d.body.body, call, d.span)
        depth = "depth + 1" if self.in_block == "def" else "0"
        args = ", ".join(["st", "mover", depth] + [self.argument(a, env) for a in call.args])
        return f"{name}({args})"

    def def_returns(self, name: str) -> str:
        """What a def written as a block gives: "ragged" (a list of lists), "list" (of scalars) or "scalar"."""
        if name in self._returns:
            return self._returns[name] or "scalar"  # (a def that calls itself: its other returns decide)
        self._returns[name] = None
        body = self.sym.defs[name].body
        ragged = self.ragged_names(body.body)
        kinds = set()
        for node in N.walk(body):
            if isinstance(node, N.Return) and node.value is not None:
                if self.is_ragged(node.value, ragged):
                    kinds.add("ragged")
                elif self.type_of(node.value).is_list or (isinstance(node.value, N.Name)
                                                          and node.value.id in self.array_locals):
                    kinds.add("list")
                else:
                    kinds.add("scalar")
        kind = "ragged" if "ragged" in kinds else "list" if "list" in kinds else "scalar"
        self._returns[name] = kind
        return kind

    def block_function(self, what: str, name: str, params: tuple, body: tuple, call: N.Call, span: N.Span) -> str:
        """The function of a proc or a def written as a block, typed for the call's arguments (written once per
        list of types)."""
        types = tuple(self.type_of(a) for a in call.args)
        kinds = tuple("ragged" if self.is_ragged(a) else "list" if self.scalar_list(a) else "scalar"
                      for a in call.args)
        key = (what, name, types, kinds)
        if key in self.block_functions:
            found = self.block_functions[key]
            if found in self._writing and found != self._writing[-1]:
                raise _refused(call.span, "procs or defs that call each other")
            if found in self._writing:
                self._recursive.add(found)
            return found
        prefix = "proc" if what == "proc" else "blk"
        function = f"{prefix}_{name}_{len(self.block_functions)}"
        self.block_functions[key] = function
        # (a def's block typed as a proc's is: specialise() of a def types its block with `any` parameters)
        as_proc = N.Proc(span=span, name=name, params=tuple(params), body=tuple(body))
        typed = self.typed_block(as_proc, dict(zip(params, types)), name if what == "def" else None)
        if typed is None:
            raise _refused(call.span, f"a call of `{name}` with these arguments")
        env = {p: self.fresh(p) for p in params}
        if what == "proc":
            env[JOURNAL_LOCAL] = "jr"  # (a proc may draw, as the effect that calls it: chance.py)
        saved = (self.overlays, self.ending, self.in_block, self.ragged_locals, self.array_locals, self.said_line,
                 self.inlined, getattr(self, "returns_now", None))
        self.overlays = [typed]
        self.in_block = what
        self.ending = "return True"
        self.inlined = 0
        self.ragged_locals = {p for p, k in zip(params, kinds) if k == "ragged"}
        self.array_locals = {p: self.list_kind(a) for p, k, a in zip(params, kinds, call.args) if k == "list"}
        self.returns_now = self.def_returns(name) if what == "def" else None
        helpers_before = len(self.helpers)
        self._writing.append(function)
        try:
            self.ragged_locals |= self.ragged_names(body)
            self.note_ragged_loops(body)
            lines = self.block(body, env, 1)
        finally:
            self._writing.pop()
            (self.overlays, self.ending, self.in_block, self.ragged_locals, self.array_locals, self.said_line,
             self.inlined, self.returns_now) = saved
        said = self.said(span)
        head = ["st", "jr", "mover"] if what == "proc" else ["st", "mover", "depth"]
        out = ["", f"# {said}" if said else f"# {what} {name}", "@njit(cache=True)",
               f"def {function}({', '.join(head + [env[p] for p in params])}):"]
        if what == "def":
            # (a first return that does not call the def again: numba types a function that calls itself from
            # such a return's value)
            kind = self.def_returns(name)
            empty = {"ragged": "rg_empty()", "list": "np.empty(0, np.int64)"}.get(kind, "0")
            out += ["    too_deep(depth)", "    if depth < 0:", f"        return {empty}"]
        out += lines
        if what == "proc":
            out.append("    return False")
        else:
            out.append("    raise ValueError(\"a def ended without returning a value\")")
        if function in self._recursive:
            called = re.compile(rf"\b{function}\(")
            if any(called.search(line) for line in self.helpers[helpers_before:]):
                raise _refused(span, f"`{name}` calling itself from inside a list or a count")
            empty = "False" if what == "proc" else \
                {"ragged": "rg_empty()", "list": "np.empty(0, np.int64)"}.get(self.def_returns(name), "0")
            out = self.levels(function, out, empty)
        self.helpers += out
        return function

    def levels(self, function: str, out: list[str], empty: str) -> list[str]:
        """A function that calls itself, written as LEVELS functions each calling the next (numba's cache cannot
        hold a function that calls itself: read back, it crashes, numba issue 6061); the last stops with an
        error."""
        called = re.compile(rf"\b{function}\(")
        names = [function] + [f"{function}__{k}" for k in range(1, LEVELS + 1)]
        written: list[str] = []
        for k in range(LEVELS):
            head, body = out[:4], out[4:]
            head = head[:3] + [head[3].replace(f"def {function}(", f"def {names[k]}(", 1)]
            written += head + [called.sub(f"{names[k + 1]}(", line) for line in body]
        params = out[3][out[3].index("("):]
        # (the raise under a test that always holds: numba types the function by the return after it)
        written += ["", "@njit(cache=True)", f"def {names[LEVELS]}{params}", "    if st.shape[0] > 0:",
                    f"        raise ValueError(\"a def or proc called itself more than {LEVELS} times, one call inside "
                    f"another: the native backend goes no deeper\")", f"    return {empty}"]
        return written

    def typed_block(self, proc: N.Proc, params: dict, itself: Optional[str]) -> Optional[dict]:
        """The types of a block's expressions for these parameters' types (statements.specialise_proc, which
        types a def's block as a proc's is), None when it does not fit them. A def that calls itself is not
        checked again at its own call (its type there is the checker's): that check, with untyped parameters,
        would type its block's expressions again, for any arguments."""
        ctx = Context(self.checked.module, LIBRARY)
        ctx.sym = self.checked.symbols
        # (the constants' types, as the checker found them, as expr_types.specialise seeds them: a constant read in
        # the block is of its type, not `any`)
        ctx.types.update((c, self.checked.types[c]) for c in self.sym.consts.values() if c in self.checked.types)
        scope = CheckScope()
        for name, t in params.items():
            scope.bind(name, t, "param")
        exprs = ExpressionChecker(ctx)
        if itself is not None:
            exprs.def_types[itself] = self.checked.types.get(self.sym.defs[itself].body, ANY)
        StatementChecker(ctx, exprs).proc_body(proc, scope)
        return None if any(d.severity == "error" for d in ctx.diags) else ctx.types

    def list_kind(self, e: N.Expr) -> str:
        """The kind of a list's items (space, int, player, ...), as far as it can be told."""
        if isinstance(e, N.Name) and e.id in self.array_locals:
            return self.array_locals[e.id]
        t = self.type_of(e)
        if t.is_list and t.element.base != "any":
            return t.element.base
        if isinstance(e, N.BinOp) and e.op == "+":
            left = self.list_kind(e.left)
            return left if left != "any" else self.list_kind(e.right)
        if isinstance(e, N.ListLit) and e.items:
            return self.type_of(e.items[0]).base
        return "any"

    # ------------------------------------------------------------ lists of lists
    def ragged_names(self, body, known: Optional[set] = None) -> set[str]:
        """The local names of a block that hold lists of lists: given one by a `let`, `=` or `+=`."""
        found: set[str] = set(known or ())
        while True:
            before = len(found)
            for node in N.walk(N.DefBlock(span=None, body=tuple(body))):  # type: ignore[arg-type]
                if isinstance(node, N.Let) and self.is_ragged(node.value, found):
                    found.add(node.name)
                if isinstance(node, N.Assign) and isinstance(node.target, N.Name) \
                        and self.is_ragged(node.value, found):
                    found.add(node.target.id)
            if len(found) == before:
                return found

    def is_ragged(self, e: N.Expr, names: Optional[set] = None) -> bool:
        """Is e a list of lists (of scalars)?"""
        names = self.ragged_locals if names is None else names | self.ragged_locals
        if isinstance(e, N.Name):
            return e.id in names and self.checked.meaning(e).category == "local"
        if isinstance(e, N.ListLit):
            return bool(e.items) and all(isinstance(i, N.ListLit) or self.type_of(i).is_list
                                         or (isinstance(i, N.Name) and i.id in self.array_locals) for i in e.items)
        if isinstance(e, N.Comprehension):
            el = e.element
            return isinstance(el, N.ListLit) or (isinstance(el, N.BinOp) and el.op == "+"
                                                 and (isinstance(el.left, N.ListLit)
                                                      or isinstance(el.right, N.ListLit)))
        if isinstance(e, N.Cond):
            return self.is_ragged(e.then, names) or self.is_ragged(e.orelse, names)
        if isinstance(e, N.BinOp) and e.op == "+":
            return self.is_ragged(e.left, names) or self.is_ragged(e.right, names)
        if isinstance(e, N.Call) and e.func in self.sym.defs and isinstance(self.sym.defs[e.func].body, N.DefBlock):
            return self.def_returns(e.func) == "ragged"
        if isinstance(e, (N.Call, N.Filter, N.Of, N.Attr, N.Index)):
            return False  # (a builtin's list of lists, `regions_of(L)`, is looped over by translate.py)
        t = self.type_of(e)
        return t.is_list and t.element.is_list

    def ragged_value(self, e: N.Expr, env: dict) -> str:
        """A list of lists as (items, starts)."""
        if isinstance(e, N.Name) and e.id in env:
            return env[e.id]
        if isinstance(e, N.ListLit):
            if not e.items:
                return "rg_empty()"
            parts = [f"rg_one({self.list_value(i, env)})" for i in e.items]
            value = parts[0]
            for p in parts[1:]:
                value = f"rg_join({value}, {p})"
            return value
        if isinstance(e, N.Cond):
            return f"({self.ragged_value(e.then, env)} if {self.expr(e.test, env)} else " \
                   f"{self.ragged_value(e.orelse, env)})"
        if isinstance(e, N.BinOp) and e.op == "+":
            return f"rg_join({self.ragged_value(e.left, env)}, {self.ragged_value(e.right, env)})"
        if isinstance(e, N.Call) and e.func in self.sym.defs:
            return self.def_block_call(e, env)
        if isinstance(e, N.Comprehension):
            return self.ragged_collect(e, env)
        raise _refused(e.span, "this list of lists")

    def ragged_collect(self, e: N.Comprehension, env: dict) -> str:
        """`[LIST for x in L where C]`: a function of its own that gathers the lists."""
        if len(e.fors) != 1:
            raise _refused(e.span, "a comprehension of several `for`s")
        name = f"rcoll_{self.fresh_count + 1}"
        self.fresh("rcoll")
        free = sorted(env)
        inner = {k: f"p_{k}" for k in free}
        var = self.fresh("v")
        loop = e.fors[0]
        lines, deeper = self.domain_loop(loop.domain, var, inner, "    ")
        pad = "    " + "    " * deeper
        scope = {**inner, loop.var: var}
        if loop.test is not None:
            lines.append(f"{pad}if {self.expr(loop.test, scope)}:")
            pad += "    "
        item = self.list_value(e.element, scope)
        head = ["st", "mover"] + (["depth"] if self.in_block == "def" else [])
        said = self.said(e.span)
        self.helpers += ["", f"# {said}" if said else "# a list of lists", "@njit(cache=True)",
                         f"def {name}({', '.join(head + [inner[k] for k in free])}):",
                         "    out = rg_empty()"] + lines + [f"{pad}out = rg_join(out, rg_one({item}))",
                                                           "    return out"]
        return f"{name}({', '.join(head + [env[k] for k in free])})"

    def is_def_block(self, e: N.Expr) -> bool:
        return isinstance(e, N.Call) and e.func in self.sym.defs and isinstance(self.sym.defs[e.func].body, N.DefBlock)

    def block_loop(self, domain: N.Expr, var: str, env: dict, pad: str) -> tuple[list[str], int]:
        """A loop over a list of lists, or over the list a def written as a block gives."""
        if self.is_ragged(domain):
            return self.ragged_loop(domain, var, None, env, pad)
        assert isinstance(domain, N.Call)
        if self.def_returns(domain.func) != "list":
            raise _refused(domain.span, f"a loop over `{domain.func}(...)`, which gives no list")
        items, k = self.fresh("items"), self.fresh("k")
        return [f"{pad}{items} = {self.def_block_call(domain, env)}", f"{pad}for {k} in range({items}.shape[0]):",
                f"{pad}    {var} = {items}[{k}]"], 1

    def ragged_loop(self, domain: N.Expr, var: str, name: Optional[str], env: dict, pad: str) \
            -> tuple[list[str], int]:
        """A loop binding `var` to each list of a list of lists (an array each)."""
        value, k = self.fresh("lists"), self.fresh("k")
        if name is not None:
            self.array_locals[name] = self.ragged_kind(domain)
        return [f"{pad}{value} = {self.ragged_value(domain, env)}", f"{pad}for {k} in range(rg_count({value})):",
                f"{pad}    {var} = rg_item({value}, {k})"], 1

    def ragged_kind(self, e: N.Expr) -> str:
        """The kind of the items of the lists of a list of lists, as far as it can be told."""
        if isinstance(e, N.ListLit) and e.items:
            return self.list_kind(e.items[0])
        if isinstance(e, N.Comprehension):
            return self.list_kind(e.element)
        if isinstance(e, N.Cond):
            kind = self.ragged_kind(e.then)
            return kind if kind != "any" else self.ragged_kind(e.orelse)
        if isinstance(e, N.Call) and e.func in self.sym.defs and isinstance(self.sym.defs[e.func].body, N.DefBlock):
            for node in N.walk(self.sym.defs[e.func].body):
                if isinstance(node, (N.Let, N.Assign)) and isinstance(node.value, (N.ListLit, N.Cond,
                                                                                   N.Comprehension)):
                    if self.is_ragged(node.value, self.ragged_names(self.sym.defs[e.func].body.body)):
                        kind = self.ragged_kind(node.value)
                        if kind != "any":
                            return kind
        return "any"

    def ragged_builtin(self, e: N.Call, env: dict) -> Optional[str]:
        """empty, count of a list of lists, or of the list a def written as a block gives; else None."""
        if len(e.args) == 1 and e.func in ("empty", "count") and self.is_ragged(e.args[0]):
            value = self.ragged_value(e.args[0], env)
            return f"(rg_count({value}) == 0)" if e.func == "empty" else f"rg_count({value})"
        arg = e.args[0] if len(e.args) == 1 else None
        if e.func in ("empty", "count") and isinstance(arg, N.Call) and self.is_def_block(arg) \
                and self.def_returns(arg.func) == "list":
            value = self.def_block_call(arg, env)
            return f"({value}.shape[0] == 0)" if e.func == "empty" else f"{value}.shape[0]"
        return None

    # ------------------------------------------------------------ a move's parameter that is a list
    def param_bound(self, domain: N.Expr) -> int:
        """The most items of a parameter's domain; for one a def written as a block makes, a guess (GUESSED_ITEMS),
        and the lister then stops with an error rather than write past its rows."""
        if self.is_ragged(domain) or (isinstance(domain, N.Call) and domain.func in self.sym.defs
                                      and isinstance(self.sym.defs[domain.func].body, N.DefBlock)):
            self.list_params = True
            return GUESSED_ITEMS
        guessed = self.guessed_kind_bound(domain)  # type: ignore[attr-defined]  # (a kind rules make: directions.py)
        if guessed is not None:
            return guessed
        return self.list_bound(domain)

    def list_param_kind(self, p: N.Param) -> Optional[str]:
        """`list of space` (...) for a parameter over a list of lists; else None."""
        if not self.is_ragged(p.domain):
            return None
        kind = self.ragged_kind(p.domain)
        if kind not in ("space", "int", "player"):
            raise _refused(p.span, "a parameter that is a list of these")
        self.list_params = True
        return f"list of {kind}"

    def row_width(self, kinds: list) -> int:
        """The columns of a move's row: the action, then each parameter (a list: 1 + LISTCAP)."""
        return 1 + sum(1 + len(self.layout.space_names) if k.startswith("list of ") else 1 for k in kinds)

    def row_columns(self, kinds: list) -> list[int]:
        columns, at = [], 1
        for k in kinds:
            columns.append(at)
            at += 1 + len(self.layout.space_names) if k.startswith("list of ") else 1
        return columns

    def row_lines(self, pad: str, index: int, a: N.Action, names: list) -> list[str]:
        """The lister's lines that write a move's row (out[n] = action, arguments)."""
        kinds = self.actions[index][1]
        lines = [f"{pad}if n >= out.shape[0]:",
                 f"{pad}    raise ValueError(\"more moves than the native backend's listing holds\")"] \
            if self.list_params else []
        lines.append(f"{pad}out[n, 0] = {index}")
        for kind, column, v in zip(kinds, self.row_columns(kinds), names):
            if kind.startswith("list of "):
                lines.append(f"{pad}put_list(out, n, {column}, {v})")
            else:
                lines.append(f"{pad}out[n, {column}] = {v}")
        return lines

    def row_arguments(self, a: N.Action) -> list[str]:
        """The action's arguments read from a move's row `mv` (a list: a copy of its items)."""
        kinds = next(k for name, k in self.actions if name == a.name)
        out = []
        for kind, column in zip(kinds, self.row_columns(kinds)):
            if kind.startswith("list of "):
                out.append(f"mv[{column + 1}:{column + 1} + mv[{column}]].copy()")
            else:
                out.append(f"mv[{column}]")
        return out

    @contextmanager
    def typed_for_params(self, a: N.Action, kinds: list) -> Iterator[None]:
        """An action's body typed for parameters that are lists (the checker could not tell their items' type):
        its expressions retyped as a def's are for its call's arguments."""
        if not any(k.startswith("list of ") for k in kinds):
            yield
            return
        types = {p.name: (list_of(Type(k[len("list of "):])) if k.startswith("list of ") else self.type_of(p.domain)
                          .element) for p, k in zip(a.params, kinds)}
        as_proc = N.Proc(span=a.span, name=a.name, params=tuple(p.name for p in a.params), body=a.body)
        typed = self.typed_block(as_proc, types, None)
        if typed is None:
            raise _refused(a.span, "an action whose parameters are lists of these")
        saved = dict(self.array_locals)
        self.array_locals.update({p.name: k[len("list of "):] for p, k in zip(a.params, kinds)
                                  if k.startswith("list of ")})
        self.overlays.append(typed)
        try:
            yield
        finally:
            self.overlays.pop()
            self.array_locals = saved

    def note_ragged_loops(self, nodes) -> None:
        """The loop variables (of `for`, comprehensions, filters) over lists of lists hold lists: noted so that
        the names read as arrays."""
        for node in nodes:
            for inner in N.walk(node):
                if isinstance(inner, (N.For, N.CompFor, N.Filter)) and self.is_ragged(inner.domain):
                    self.array_locals[inner.var] = self.ragged_kind(inner.domain)

    def directions_written_out(self, given: N.Expr) -> bool:
        """Is the list of directions of `neighbors(s, DIRS)` a set's name or a list written out?"""
        return (isinstance(given, N.Name) and given.id in DIRECTION_SETS
                and self.checked.meaning(given).category == "builtin") or isinstance(given, (N.ListLit,
                                                                                             N.Comprehension))

    def repeated_direction(self, e: N.Expr) -> Optional[N.Expr]:
        """The direction d of a sum `d + d + ...` of one direction written by name; else None."""
        if isinstance(e, N.BinOp) and e.op == "+":
            left, right = self.repeated_direction(e.left), self.repeated_direction(e.right)
            if left is not None and right is not None and isinstance(left, N.Name) and isinstance(right, N.Name) \
                    and left.id == right.id:
                return left
            return None
        return e if isinstance(e, N.Name) and self.type_of(e).base == "dir" else None

    # ------------------------------------------------------------ statements
    def block_statement(self, s: N.Stmt, env: dict, depth: int, pad: str) -> Optional[list[str]]:
        """A proc's call, `return`, `while`, a `let` of a list of lists; else None."""
        if isinstance(s, N.Let) and (self.is_ragged(s.value) or s.name in self.ragged_locals):
            return self.ragged_let(s, env, pad)
        if isinstance(s, N.ExprStmt):
            if s.call.func in getattr(self, "asking_procs", ()):
                return self.proc_in_place(s, env, depth, pad)
            return self.proc_call(s, env, pad)
        if isinstance(s, N.Enter):
            return self.enter_phase(s, pad)
        if isinstance(s, N.Return):
            return self.return_lines(s, env, pad)
        if isinstance(s, N.While):
            return self.while_loop(s, env, depth, pad)
        return None

    def while_loop(self, s: N.While, env: dict, depth: int, pad: str) -> list[str]:
        """`while C:` -- bounded as the interpreter bounds it (MAX_LOOP turns, then an error)."""
        turns = self.fresh("turns")
        return [f"{pad}{turns} = 0", f"{pad}while {self.expr(s.test, env)}:",
                f"{pad}    {turns} += 1", f"{pad}    if {turns} > MAXLOOP:",
                f"{pad}        raise ValueError(\"a `while` loop went round too many times\")"] \
            + self.block(s.body, env, depth + 1)

    def ragged_let(self, s: N.Let, env: dict, pad: str) -> list[str]:
        var = self.fresh(s.name)
        line = f"{pad}{var} = {self.ragged_value(s.value, env)}"
        env[s.name] = var
        self.ragged_locals.add(s.name)
        return [line]

    def ragged_assignment(self, s: N.Assign, env: dict, pad: str) -> list[str]:
        assert isinstance(s.target, N.Name)
        target = env[s.target.id]
        if s.op == "=":
            return [f"{pad}{target} = {self.ragged_value(s.value, env)}"]
        if s.op == "+=":
            return [f"{pad}{target} = rg_join({target}, {self.ragged_value(s.value, env)})"]
        raise _refused(s.span, f"`{s.op}` of a list of lists")

    def ragged_for(self, s: N.For, env: dict, depth: int, pad: str) -> Optional[list[str]]:
        """`for L in LISTS:` over a list of lists (each L an array); None for another loop."""
        if not self.is_ragged(s.domain):
            return None
        if s.test is not None:
            raise _refused(s.span, "a loop with a condition over a list of lists")
        var = self.fresh(s.var)
        saved = dict(self.array_locals)
        try:
            lines, deeper = self.ragged_loop(s.domain, var, s.var, env, pad)
            return lines + self.block(s.body, {**env, s.var: var}, depth + deeper)
        finally:
            self.array_locals = saved  # (the loop's name holds a list inside the loop only)


def _refused(span, construct: str) -> Exception:
    from .translate import Unsupported  # (translate.py builds on this module's mixin)
    return Unsupported(span, construct)
