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
from contextlib import ExitStack, contextmanager
from typing import Callable, Iterator, Optional

from ...grammar import nodes as N
from ...grammar.boards import fixed_spaces
from ...grammar.expr_types import specialise
from ...grammar.limits import MAX_DEPTH, MAX_LIST_DEPTH, MAX_LOOP_STEPS
from ...grammar.symbols import Checked
from ...grammar.types import ANY, DIR, DIRECTION_SETS, INT, KIND, NUMBER, SPACE, TEXT, Type
from ..run.exact import sized
from .generated import GeneratedCode, Origin, function_name
from .hoisting import draws_random, free_locals, kept_start, random_defs
from .kept_defs import OwnReads
from ..run.library import BUILTINS, LIBRARY, NAMES
from .namespace import NAMESPACE
from ..run.runtime import DIRS, RuleError

# what a constant computed once may use: builtins that read nothing but their arguments, and fixed names
_PURE_BUILTINS = {"count", "empty", "any", "all", "sum", "min", "max", "abs", "first", "last", "opposite", "land",
                  "symmetric", "sort", "reverse", "unique", "index", "floor", "ceil", "round"}
_STATIC_NAMES = {"true", "false", "yes", "no", "none", *DIRS, *DIRECTION_SETS}
# builtins that read only where spaces lie (a board's shape, the players' seats): on boards that never grow,
# their answers are the same all through a game, so a constant made with them is worked out once per game
_GEOMETRY_BUILTINS = {"ray", "neighbors", "adjacent", "direction", "row", "column", "relative", "offset"}


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

    def walk(self, items, where):
        self.spend(len(items), where)
        return items


# cheap and safe to write twice: a slot, a local, a constant's value, a direction, the mover, a literal
_WHOLE_NUMBER = re.compile(r"^-?\d+$")
_SIMPLE = re.compile(r"^(L\[\d+\]|_[vplak]\d+|_kv\d+|_D_[a-z_]+|S\.turn_player|None|True|False|-?\d+|'[^'\\]*')$")

# a def's body is written in place of a call (typed by the call's arguments) when it is this small, and so
# many calls deep at most
_INLINE_NODES = 120
_INLINE_DEPTH = 6
_INLINE_BUDGET = 3000  # nodes of inlined bodies in one built function: nested defs cannot multiply its size
# what Python says when built source is beyond its limits (nesting, size): built again without inlining
_DIVISIONS = {"/": "_div", "//": "_floordiv", "%": "_mod"}  # the functions of the dividing operators
_TOO_DEEP = (SyntaxError, RecursionError, MemoryError, ValueError, OverflowError)


class EmitScope:
    """Names visible to a rule: a local slot `L[i]`, or a Python name bound by a comprehension."""

    def __init__(self, frame: "Frame", parent: Optional["EmitScope"] = None):
        self.frame, self.parent = frame, parent
        self.names: dict[str, str] = {}
        self.present: set[str] = set()  # Python names that never hold none (a loop over a board's spaces)

    def child(self) -> "EmitScope":
        return EmitScope(self.frame, self)

    def bind(self, name: str) -> int:
        """A slot in L (for statements, parameters and lets); returns its index."""
        slot = self.frame.alloc()
        self.names[name] = f"L[{slot}]"
        return slot

    def bind_py(self, name: str, py: str, present: bool = False) -> str:
        self.names[name] = py
        if present:
            self.present.add(py)
        return py

    def is_present(self, py: str) -> bool:
        """Is this source a name that never holds none here?"""
        s: Optional[EmitScope] = self
        while s is not None:
            if py in s.present:
                return True
            s = s.parent
        return py == "S.turn_player"

    def source(self, name: str) -> str:
        s: Optional[EmitScope] = self
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


def params_scope(params) -> tuple[Frame, EmitScope]:
    """A new frame whose first slots are a def's or proc's parameters."""
    frame = Frame()
    scope = EmitScope(frame)
    for name in params:
        scope.bind(name)
    return frame, scope


class Emitter(N.NodeVisitor):
    """Builds functions from expressions of one checked game."""
    emitters = N.Dispatch("emit_")  # emit_<Expr class>(e, scope) -> the Python source of e

    def __init__(self, checked: Checked, where: Callable[[N.Node], str], option_values: Optional[dict] = None):
        self.checked = checked
        self.option_values = option_values or {}  # options with a value: built in as numbers
        self.sym = checked.symbols
        # a game with `walls of` a grid: a step may be blocked, so `c + north` asks (topology.open_step)
        self.walled = any(b.walls for b in self.sym.boards.values())
        self.where = where
        self.env = dict(NAMESPACE)
        self._counter = 0
        self.const_refs: dict[str, str] = {}  # const -> the source that gives its value
        self._enum_orders: dict = {}  # an enum's values by their places (enum_order), by the enum
        self._static: dict[str, bool] = {}  # const -> whether it is the same in every state
        self.def_names: dict[str, str] = {}  # def -> the name of its function where expressions are built
        self.def_entries: dict[str, list] = {}  # def -> [(function, frame size)] once compiled
        self.recursive_defs: set[str] = set()
        # the defs of a piece whose value the piece keeps (kept_defs); it learns the recursive defs in declare_defs
        self._own_reads = OwnReads(checked, self.def_types, self._fixed_board, self.recursive_defs)
        self.inlining = True
        # writing a function that lists moves (or tells whether there is one): nothing changes while it runs, so
        # what several actions ask alike is worked out once a listing (S.listed_of)
        self.listing = False
        self._inline_budget = _INLINE_BUDGET
        self._types: list[dict] = []  # the types of inlined def bodies, innermost last
        self._specialised: dict = {}  # (def, argument types) -> the types of its body
        self._specialised_fns: dict = {}  # (def, argument types) -> the name of its function so typed
        self._inline_depth = 0
        self._iterable = 0  # > 0 while writing a loop's iterable, where Python allows no `:=`
        self._reads: dict[str, set] = {}  # a name held with `:=` or a list of kept values -> the names it reads
        self._loops: list[_Loop] = []  # the loops of the expression being written, outermost first
        self._keeping = True
        self._free: dict[int, set] = {}  # id of a node -> the locals it reads (hoisting.free_locals)
        self._def_sizes: dict = {}  # a def -> the number of nodes of its body (whether to write it in place)
        self._random_defs: Optional[set] = None
        # set by the compiler: how a def written as a block becomes lines of source, and the source of a
        # call of a proc for its value
        self.statements: Optional[Callable] = None
        self.proc_value: Optional[Callable] = None
        self.proc_names: set[str] = set()
        # the functions built, readable (engine/build/generated.py): each is named after the innermost of `_naming`
        # (where, title, role, origin: see naming); `_writing` > 0 while the source of a function is written, when
        # a function built is a part of it, never shown as a rule of its own
        self.code = GeneratedCode()
        module = checked.module
        # the parts of the position the rules compare, `repetitions(PART)` (their counts are kept at each turn's
        # start: CompiledGame.compared_parts), each the argument of its call
        self.compared_parts: list[N.Expr] = [n.args[0] for n in N.walk(module) if isinstance(n, N.Call)
                                             and n.func == "repetitions" and n.func not in self.sym.defs
                                             and len(n.args) == 1]
        self._naming: list[tuple[str, str, str, Optional[Origin], int]] = [(self.where(module), "game", "part", None,
                                                                             0)]
        self._writing = 0

    # -------------------------------------------------- building
    def type_of(self, node: N.Node) -> Type:
        for types in reversed(self._types):
            t = types.get(node)
            if t is not None:
                return t
        return self.checked.type_of(node)

    def fresh(self, prefix: str) -> str:
        self._counter += 1
        return f"{prefix}{self._counter}"

    def put(self, value, prefix: str = "_c") -> str:
        """A value the built code refers to by name."""
        name = self.fresh(prefix)
        self.env[name] = value
        return name

    @contextmanager
    def naming(self, where: str, title: str, role: str = "part", text: str = "") -> Iterator[None]:
        """Name the functions built inside `<mire WHERE TITLE>`; the one whose source is not written inside
        another's has this `role` ("rule", "moves", "def", "proc": shown by `mire check --python`; "part": not);
        `text`: the rules line at `where`, named in a comment above the lines written for it."""
        self._naming.append((where, title, role, Origin(where, text) if text else None, self._writing))
        try:
            yield
        finally:
            self._naming.pop()

    def _name(self, where: Optional[str] = None) -> tuple[str, str, str, Optional[Origin]]:
        """(file name, title, role, the origin of lines written for no statement) of the next function built."""
        at, title, role, origin, writing = self._naming[-1]
        if where is not None and where != at:
            at, origin = where, Origin(where, "")
        if self._writing > writing:  # (built while the source of the one named so is written: a part of it)
            role, title = "part", f"{title}: part"
        if origin is None:
            origin = Origin(at, "")
        return self.code.filename(at, title), title, role, origin

    def build(self, source: str, params: str = "S, L", where: Optional[str] = None):
        """The function `lambda PARAMS: SOURCE`, compiled under a name of its own (Emitter.naming); `where`: the
        rules line it is written for, if not the rule's."""
        filename, title, role, origin = self._name(where)
        text = f"lambda {params}: {source}"
        filename = self.code.add(filename, title, role, text + "\n", [origin])
        return eval(compile(text, filename, "eval"), self.env)  # noqa: S307 - source built from AST shapes only

    def function(self, make: Callable[[], str], params: str = "S, L", where: Optional[str] = None):
        """build(make()); written again without inlined defs if Python refuses the source (too deep)."""
        return self._within_limits(lambda: self.build(self.written(make), params, where))

    def def_function(self, make: Callable[[], list[str]], params: str = "S, L"):
        """build_def(make()); written again without inlined defs if Python refuses the source."""
        return self._within_limits(lambda: self.build_def(self.written(make), params))

    def written(self, make: Callable):
        """make(): the source of a function, inside which the functions built are its parts (Emitter.naming)."""
        self._writing += 1
        try:
            return make()
        finally:
            self._writing -= 1

    def _within_limits(self, make):
        self._inline_budget = _INLINE_BUDGET
        try:
            return make()
        except _TOO_DEEP:
            if not self.inlining:
                raise
            self.inlining = False
            self._inline_budget = _INLINE_BUDGET
            try:
                return make()
            finally:
                self.inlining = True

    def build_def(self, lines: list[str], params: str = "S, L"):
        """A function whose body is these lines of source (each tagged with the rules line it was written for,
        GeneratedCode.marked), compiled under a name of its own, a comment above each statement's lines."""
        filename, title, role, origin = self._name()
        name = function_name(title)
        lines, origins = self.code.lines(lines, origin)
        text = f"def {name}({params}):\n" + "".join(f"    {line}\n" for line in lines or ["pass"])
        filename = self.code.add(filename, title, role, text, [origin] + (origins or [origin]))
        scope: dict = {}
        exec(compile(text, filename, "exec"), self.env, scope)  # noqa: S102 - source built from AST shapes only
        return scope[name]

    def expr(self, e: N.Expr, scope: EmitScope):
        return self.function(lambda: self.src(e, scope), where=self.where(e))

    def src(self, e: N.Expr, scope: EmitScope) -> str:
        if self._loops and self._keeping and self._worth_keeping(e):
            kept = self._keep_in_loop(e, scope)
            if kept is not None:
                return kept
        return self.emitters[e.__class__](self, e, scope)

    # -------------------------------------------------- values kept while a loop of an expression runs
    @contextmanager
    def loop(self, *bound: str, can_keep: bool = True, keyable: bool = False, items: str = "") -> Iterator[list]:
        """Write the inside of a loop of an expression (a comprehension, any/all, a filter) that binds these
        names: what does not read them is worked out once per run of the loop, where it is first needed,
        in a list the loop makes at its head (the names of those lists are given back). `keyable`: its
        values are the same value exactly when they are equal (see keyable), so that what reads them and
        no loop outside them is kept per value, by the loops outside (`_hk` names: a dict), when `items` (the
        source of the values) reads none of the loops it is kept across: else the same values would not come
        again."""
        frame = _Loop(set(bound), can_keep, set(bound) if keyable else set(), self.reads_of(items))
        self._loops.append(frame)
        try:
            yield frame.kept
        finally:
            self._loops.pop()

    @staticmethod
    def heads(kept: list) -> str:
        return keep_heads(kept)

    @contextmanager
    def apart(self) -> Iterator[None]:
        """Write the source of a function of its own (met while writing another): none of the loops, held
        values and types of the one being written."""
        saved = (self._loops, self._iterable, self._types, self._inline_depth, self._keeping, self._inline_budget,
                 self.listing)
        self._loops, self._iterable, self._types, self._inline_depth, self._keeping = [], 0, [], 0, True
        self.listing = False  # (a function of its own may run in the middle of a move too)
        try:
            yield
        finally:
            (self._loops, self._iterable, self._types, self._inline_depth, self._keeping,
             self._inline_budget, self.listing) = saved

    def typed(self, types: dict) -> None:
        """Read the types of a function being written (apart) from here: a def's or proc's body typed by the
        arguments of a call."""
        self._types.append(types)

    def bind_in_loop(self, py: str) -> None:
        """A name that changes with the innermost loop (a `:=` made inside it)."""
        if self._loops:
            self._loops[-1].bound.add(py)

    def _worth_keeping(self, e: N.Expr) -> bool:
        """Does working this out cost more than reading it from a list (a loop, a call, calls in calls)?"""
        if isinstance(e, (N.Filter, N.Comprehension, N.Of)):
            return True
        if isinstance(e, N.Call):
            if e.func in self.def_names:
                return True
            b = BUILTINS.get(e.func)
            if b is None:
                return False
            if b.inline is None or e.func in ("any", "all", "count"):
                return True
            # a builtin written in place is cheap, unless its arguments call in turn
            return any(isinstance(n, N.Call) for arg in e.args for n in N.walk(arg))
        return False

    def _keep_in_loop(self, e: N.Expr, scope: EmitScope) -> Optional[str]:
        free = self._free.get(id(e))
        if free is None:
            free = self._free[id(e)] = free_locals(e, self.checked, frozenset())
        reads: set = set()
        for name in free:
            try:
                reads |= self.reads_of(scope.source(name))
            except KeyError:
                return None
        found = self._keeping_loop(reads)
        if found is None:
            return None
        frame, keys = found
        if self._random_defs is None:
            self._random_defs = random_defs(self.checked)
        if draws_random(e, self.checked, self._random_defs):
            return None
        if self.proc_names and any(isinstance(n, N.Call) and n.func in self.proc_names for n in N.walk(e)):
            return None  # a proc called for its value may change the game: it runs each time
        self._keeping = False
        try:
            made = self.src(e, scope)
        finally:
            self._keeping = True
        key = (_same_shape(made), tuple(keys))  # the same expression written twice (other names held) is kept once
        holder = frame.by_source.get(key)
        if holder is None:
            holder = frame.by_source[key] = self.fresh("_hk" if keys else "_h")
            self._reads[holder] = self.reads_of(made)
            frame.kept.append(holder)
        return self._kept_source(holder, keys, made)

    def _keeping_loop(self, reads: set) -> Optional[tuple["_Loop", list[str]]]:
        """The outermost loop that a value reading `reads` can be kept at the head of (the loops inside it do
        not change what it reads), and the variables of the loops inside it that it reads all the same (it is
        kept per value of these, when they are keyable); None if it cannot be kept."""
        frame = None
        keys: list[str] = []
        anew: set = set()  # the variables of loops whose every value makes the keys anew
        for loop in reversed(self._loops):
            read = loop.bound & reads
            if read:
                if frame is not None:
                    break
                if not read <= loop.keyable:
                    return None
                keys.extend(sorted(read))
                anew |= loop.items_reads
                continue
            if loop.bound & anew:
                break
            if loop.can_keep:
                frame = loop
        return None if frame is None else (frame, keys)

    def _kept_source(self, holder: str, keys: list[str], made: str) -> str:
        """Source that reads a kept value, made (where `made` was) when it is not made yet."""
        # (written in place, without a function to call: the value is made where it was, or read)
        if not keys:
            return f"({holder}[0] if {holder} else {holder}.append({made}) or {holder}[0])"
        by = keys[0] if len(keys) == 1 else f"({', '.join(keys)})"
        if self._iterable:  # (no `:=` in a loop's iterable)
            return f"({holder}[{by}] if {by} in {holder} else {holder}.setdefault({by}, {made}))"
        got = self.fresh("_a")
        return f"({got} if ({got} := {holder}.get({by}, _UNSET)) is not _UNSET else {holder}.setdefault({by}, {made}))"

    def test_src(self, e: N.Expr, scope: EmitScope) -> str:
        """Source of an expression whose truth alone is wanted (a condition): `not empty(s)` needs no
        double negation there, and `and`/`or` pass the same on to their operands."""
        if isinstance(e, N.BoolOp):
            return "(" + f" {e.op} ".join(self.test_src(v, scope) for v in e.values) + ")"
        if isinstance(e, N.Not):
            inner = e.value
            if isinstance(inner, N.Call) and inner.func == "empty" and inner.func not in self.def_names \
                    and len(inner.args) == 1 and self.type_of(inner.args[0]) == SPACE:
                s = self.src(inner.args[0], scope)
                if scope.is_present(s):
                    return f"{s}.pieces"
                return f"({s} is not None and {s}.pieces)" if self.is_simple(s) else f"({s} or _NOTHING).pieces"
            return f"(not {self.test_src(inner, scope)})"
        return self.truth_src(e, scope)

    def truth_src(self, e: N.Expr, scope: EmitScope) -> str:
        """Source of a condition as a value: one the checker could not type is checked to be yes or no as the
        rule runs (the checker has checked all others)."""
        if self.type_of(e) == ANY:
            return f"_utruth({self.src(e, scope)}, {self.where(e)!r})"
        return self.src(e, scope)

    def iter_src(self, node: N.Expr, scope: EmitScope, in_iterable: bool = True) -> str:
        """Source of something to loop over: a list, or the pieces of a zone or a stack; `in_iterable`: it is
        written where a comprehension's loop takes its items (where Python allows no `:=`)."""
        self._iterable += in_iterable
        try:
            s = self.src(node, scope)
        finally:
            self._iterable -= in_iterable
        t = self.type_of(node)
        if t.base in ("zone", "space"):
            return f"{s}.pieces"
        if t.is_list:
            return s
        return f"_items({s})"

    def template(self, t: N.Template, scope: EmitScope, labels: bool = True):
        """A text with {expressions} in it (a `log` line, a `show` label) as one function."""
        return self.build(self.template_src(t, scope, labels), where=self.where(t))

    def template_src(self, t: N.Template, scope: EmitScope, labels: bool = True) -> str:
        """A text's source: each {expression} by its text, a piece the game shows by its `show` label (see
        runtime.shown_text), but in a label itself (`labels` false), where a piece is its plain text."""
        pieces = []
        for part in t.parts:
            if isinstance(part, str):
                pieces.append(repr(part))
            elif part.expr is not None:
                shown = labels and self.may_be_shown(self.type_of(part.expr))
                pieces.append(f"_shown(S, {self.src(part.expr, scope)})" if shown
                              else f"_text({self.src(part.expr, scope)})")
        if len(pieces) < 2:
            return pieces[0] if pieces else "''"
        # one flat call, never `a + b + ...`: thousands of parts nested that deep are past Python's compiler
        return f"''.join(({', '.join(pieces)},))"

    def may_be_shown(self, t: Type) -> bool:
        """May a value of this type be (or hold) a piece of a kind the game labels with `show`?"""
        shows = self.sym.shows
        if not shows:
            return False
        while t.is_list:
            t = t.element
        if t.base == "piece":
            return t.name is None or any(show.kind == t.name for show in shows)
        return t == ANY

    # -------------------------------------------------- what inline forms of builtins may ask
    @staticmethod
    def is_simple(src: str) -> bool:
        """Is this source cheap and safe to write twice (a slot, a name, a literal)?"""
        return _SIMPLE.match(src) is not None

    def once(self, src: str) -> Optional[tuple[str, str]]:
        """A value read more than once: (where it is first read, how it is read again): a simple source as it
        is; anything else held with `:=` where Python allows it; None where it does not (a loop's iterable)."""
        if self.is_simple(src):
            return src, src
        if self._iterable:
            return None
        py = self.hold(src)
        return f"({py} := {src})", py

    def hold(self, src: str, prefix: str = "_a") -> str:
        """A new name for a value held with `:=`: it changes with what its source reads."""
        py = self.fresh(prefix)
        self._reads[py] = self.reads_of(src)
        return py

    def reads_of(self, src: str) -> set:
        """The names of locals, loop variables and held values a source reads, through what those hold."""
        out: set = set()
        todo = _FRESH_NAME.findall(src)
        while todo:
            name = todo.pop()
            if name not in out:
                out.add(name)
                todo.extend(self._reads.get(name, ()))
        return out

    @staticmethod
    def const_dir(src: str):
        """The compass direction a source names, if it names one (`_D_north`)."""
        return DIRS.get(src[3:]) if src.startswith("_D_") else None

    def is_grid(self, board: str) -> bool:
        """Is this shared board one whose spaces never change (a grid or a graph, not an area)?"""
        spec = self.sym.boards.get(board)
        return spec is not None and fixed_spaces(spec)

    def board_name(self, node: N.Expr) -> Optional[str]:
        """The name of the board this expression is, when it is a shared board's name."""
        if isinstance(node, N.Name) and self.checked.meaning(node).category == "board":
            return node.id
        return None

    def guarded(self, items: str, node: N.Node) -> str:
        """Source of `items` that counts their number against the move's budget of steps.

        A walk of one item or none is not counted: it does no more than the expression it stands in, whose size
        the rules file bounds, so a move's work between two counted steps stays bounded. That saves a call
        where lists are mostly that short and cheap to read twice: what a place holds, a list kept in a name."""
        if _DIRECTION_SET.fullmatch(items):  # (a set of directions is walked as it is kept, not copied first)
            items = items[5:-1]
        where = self.where(node)
        if _SHORT_LIST.fullmatch(items):
            return f"({items} if len({items}) < 2 else S.walk({items}, {where!r}))"
        return f"S.walk({items}, {where!r})"

    def filter_loop(self, call: N.Call, scope: EmitScope):
        """(variable, items source, test source) when a call's only argument is `x in S where C`; the items
        walked count against the move's budget."""
        arg = call.args[0] if len(call.args) == 1 else None
        if isinstance(arg, N.Filter) and arg.mode == "where":
            items = self.guarded(self.iter_src(arg.domain, scope), arg)
            inner = scope.child()
            var = inner.bind_py(arg.var, self.fresh("_v"), self.items_present(arg.domain))
            with self.loop(var, keyable=self.keyable(arg.domain), items=items) as kept:
                test = self.test_src(arg.test, inner)
            return var, items, test, kept
        return None

    def witness_loop(self, call: N.Call, scope: EmitScope):
        """As filter_loop, for `any`/`all` over a walk (`x in region(...) where C`, `x in group(...) where C`):
        the walk written so that an `ensure` noted on the position before the moves notes only the chain to
        the witness it meets (engine/run/witness.py); None for any other argument."""
        arg = call.args[0] if len(call.args) == 1 else None
        if not (isinstance(arg, N.Filter) and arg.mode == "where"):
            return None
        walk = arg.domain
        if not (isinstance(walk, N.Call) and walk.func in ("region", "group") and walk.func not in self.def_names
                and walk.func not in self.proc_names and all(self.type_of(x) != ANY for x in walk.args)):
            return None
        self._iterable += 1
        try:
            args = [self.src(x, scope) if walk.func == "group" or i != 1 else "" for i, x in enumerate(walk.args)]
            if walk.func == "region":
                keeping, self._keeping = self._keeping, False  # (what the list read is noted with the walk)
                try:
                    args[1] = self.src(walk.args[1], scope)
                    member = self._walk_member(walk.args[1], scope)
                finally:
                    self._keeping = keeping
                rest = "".join(", " + a for a in args[2:])
                # (the list as a function: worked out by the walk, between two notes of what is read, or not at
                # all in a move tried whose witness is still reached)
                made = f"_W_region(S, {self._walk_site(walk, scope)}, {member}, {args[0]}, lambda: {args[1]}{rest})"
            else:
                made = f"_W_group(S, {self._walk_site(walk, scope)}{''.join(', ' + a for a in args)})"
        finally:
            self._iterable -= 1
        items = f"_witnessed({self.guarded(made, arg)})"
        inner = scope.child()
        var = inner.bind_py(arg.var, self.fresh("_v"), True)
        with self.loop(var, keyable=self.keyable(arg.domain), items=items) as kept:
            test = self.test_src(arg.test, inner)
        return var, items, test, kept

    def _walk_site(self, walk: N.Call, scope: EmitScope) -> str:
        """Source of what tells this walk from any other: where it is written, and the values of the locals its
        list of spaces reads (its start and directions are told apart by their values); `None` if one is not
        known here."""
        names = sorted(free_locals(walk.args[1], self.checked, frozenset())) if walk.func == "region" else []
        try:
            values = "".join(scope.source(name) + ", " for name in names)
        except KeyError:
            return "None"
        span = walk.span
        return f"({(span.file, span.line, span.column, span.end_line, span.end_column)!r}, ({values}))"

    def _walk_member(self, spaces: N.Expr, scope: EmitScope) -> str:
        """Source of (BOARD's spaces, the condition that puts one of them in `spaces`: a function of the space),
        when `spaces` is `[c for c in BOARD where F]` or `c in BOARD where F`, written in place or as the body of
        a def without parameters, and F reads no other local; else `None`."""
        body = spaces
        if isinstance(spaces, N.Call) and not spaces.args and spaces.func in self.def_names \
                and spaces.func not in self.recursive_defs:
            d = self.sym.defs[spaces.func]
            if d.params:
                return "None"
            body = d.body
        if isinstance(body, N.Comprehension) and len(body.fors) == 1 and body.fors[0].test is not None \
                and isinstance(body.element, N.Name) and body.element.id == body.fors[0].var:
            var, domain, test = body.fors[0].var, body.fors[0].domain, body.fors[0].test
        elif isinstance(body, N.Filter) and body.mode == "where":
            var, domain, test = body.var, body.domain, body.test
        else:
            return "None"
        if not (isinstance(domain, N.Name) and self.checked.meaning(domain).category == "board") \
                or free_locals(test, self.checked, frozenset({var})):
            return "None"
        inner = scope.child()
        py = inner.bind_py(var, self.fresh("_v"), True)
        return f"({self.src(domain, scope)}, lambda {py}: {self.test_src(test, inner)})"

    def keyable(self, node: N.Expr) -> bool:
        """Are two of the values looping over this gives the same value exactly when they are equal (spaces,
        pieces, players, zones and directions are compared by identity; texts and enum values are texts)? A
        value that reads one can be kept per value of it (Emitter.loop)."""
        t = self.type_of(node)
        return t.base in ("zone", "space") or t.is_list_of(*_KEYABLE)

    def items_present(self, node: N.Expr) -> bool:
        """Does looping over this never give none (a board's spaces, a zone's pieces, the players)?"""
        t = self.type_of(node)
        if t.base in ("zone", "space"):
            return True  # its pieces
        if isinstance(node, N.Name):
            meaning = self.checked.meaning(node)
            if meaning.category in ("board", "kind"):
                return True
            if meaning.category == "builtin" and meaning.name in NAMES:
                return NAMES[meaning.name].items_present
            return False
        if isinstance(node, N.Call):
            b = BUILTINS.get(node.func)
            return node.func not in self.def_names and b is not None and b.items_present
        if isinstance(node, (N.Of, N.Range)):
            return True
        if isinstance(node, N.Filter):
            return self.items_present(node.domain)
        if isinstance(node, N.Attr):
            return self.type_of(node.obj).base == "player" and node.name in self.sym.boards
        return False

    # -------------------------------------------------- constants
    def const_source(self, name: str) -> str:
        """A constant is built once: its value, computed now, when nothing it reads changes during a game
        (numbers, texts, enum values, directions and what is made of them); else a function of the state.
        Either way the source names it, so a constant made of constants never grows the source."""
        if name not in self.const_refs:
            c = self.sym.consts[name]
            frame = Frame()
            with self.apart(), self.naming(self.where(c), f"constant {name}"):
                fn = self.build(self.src(c.value, EmitScope(frame)))
            if self._const_is_static(name):
                try:
                    value = sized(fn(_Folding(), [None] * frame.size), self.where(c))
                except RuleError as err:
                    raise ConstantError(c, str(err)) from None
                self.const_refs[name] = self.put(value, "_kv")
            elif self._is_static(c.value, grids=True):
                # made of a grid's spaces (which never change in a game): worked out once per game, when first
                # used, as each game has spaces of its own
                self.const_refs[name] = f"S.const_value({name!r}, {self.put(fn, '_kf')}, {frame.size})"
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

    def _is_static(self, node: N.Expr, grids: bool = False) -> bool:
        """Does this expression give the same value in every state (so it can be computed once, now)? With
        `grids`: the same value all through one game, reading the spaces of boards that never grow too."""
        for n in N.walk(node):
            if isinstance(n, N.Name):
                m = self.checked.meaning(n)
                if grids and m.category == "board" and self._fixed_board(m.name):
                    continue
                if grids and m.category == "const" and self._is_static(self.sym.consts[m.name].value, True):
                    continue
                if m.category == "const" and not self._const_is_static(m.name):
                    return False
                if m.category == "option" and m.name in self.option_values:
                    continue  # a number fixed when the game is built
                if m.category not in ("local", "enum", "enum type", "kind value", "phase", "const") and \
                        not (m.category == "builtin" and m.name in _STATIC_NAMES):
                    return False
            elif isinstance(n, N.Call) and (n.func in self.def_names or n.func not in _PURE_BUILTINS) \
                    and not (grids and n.func in _GEOMETRY_BUILTINS and n.func not in self.def_names):
                return False
            elif isinstance(n, N.Of):
                return False
        return True

    def _fixed_board(self, name: str) -> bool:
        """A board whose spaces never change in a game: a shared grid, its edges or corners, a graph."""
        board = self.sym.boards.get(name)
        return board is not None and fixed_spaces(board)

    # -------------------------------------------------- defs
    def declare_defs(self, defs) -> None:
        for i, d in enumerate(defs):
            self.def_names[d.name] = f"_d{i}"
            self.def_entries[d.name] = [None]
        calls = {d.name: {n.func for n in N.walk(d.body) if isinstance(n, N.Call) and n.func in self.def_names}
                 for d in defs}
        self.recursive_defs = {name for name in calls if _reaches(calls, name)}
        self._own_reads.recursive = self.recursive_defs
        # a def that calls defs counts as a step: chains of them cannot multiply their work unseen
        self.counted_defs = {name for name, called in calls.items() if called}

    def compile_def(self, d: N.Def, text: str = "") -> None:
        """Build a def's function; `text`: its first line as written, for the comments of its source."""
        frame, scope = params_scope(d.params)
        with self.naming(self.where(d), f"def {d.name}", "def", text):
            fn = self.def_body(d, scope)
        assert frame.size == len(d.params)  # filters and lets name their variables in Python, not in L
        self.def_entries[d.name][0] = (fn, frame.size)
        self.env[self.def_names[d.name]] = fn

    def def_body(self, d: N.Def, scope: EmitScope):
        """The function f(S, L) of a def's body, L holding its parameters: one expression, or, for a def written
        as a block, the lines of its statements (built by the compiler), which end in `return`."""
        tick = f"S.tick({self.where(d)!r})" if d.name in self.counted_defs else None
        block = d.body
        if isinstance(block, N.DefBlock):
            statements = self.statements
            assert statements is not None
            lines = self.written(lambda: statements(block.body, scope))
            return self.build_def(([tick] if tick else []) + lines)
        body = self.written(lambda: self.src(d.body, scope))
        return self.build(f"{tick} or {body}" if tick else body)

    def specialised_def(self, e: N.Call) -> str:
        """The name of a function of a def that cannot reach itself, typed by a call's arguments; its plain
        function when its body does not fit them."""
        d = self.sym.defs[e.func]
        types = self.def_types(d, tuple(self.type_of(arg) for arg in e.args)) if len(e.args) == len(d.params) \
            else None
        if types is None:
            return self.def_names[e.func]
        key = (d.name, tuple(self.type_of(arg) for arg in e.args))
        name = self._specialised_fns.get(key)
        if name is None:
            name = self._specialised_fns[key] = self.fresh("_ds")
            frame, scope = params_scope(d.params)
            with self.apart(), self.naming(self.where(d), f"def {d.name} (typed)"):
                self._types.append(types)
                self.env[name] = self.def_body(d, scope)
        return name

    def def_types(self, d: N.Def, arg_types: tuple) -> Optional[dict]:
        """The types of a def's body for these argument types (None: it does not fit them)."""
        key = (d.name, arg_types)
        if key not in self._specialised:
            self._specialised[key] = specialise(self.checked, LIBRARY, d.body, dict(zip(d.params, arg_types)))
        return self._specialised[key]

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
            except RecursionError:
                raise S.endless(name, where) from None
            finally:
                S.leave_call()
        return call

    def emit_DefBlock(self, e: N.DefBlock, scope: EmitScope) -> str:
        raise AssertionError("a def written as a block is built as a function of its own (def_body)")

    # -------------------------------------------------- leaves
    def emit_Num(self, e: N.Num, scope: EmitScope) -> str:
        if isinstance(e.value, int):
            return repr(e.value)
        return self.put(e.value, "_q")  # a fraction, made once

    def emit_Str(self, e: N.Str, scope: EmitScope) -> str:
        return repr(e.value)

    def emit_Name(self, e: N.Name, scope: EmitScope) -> str:
        meaning = self.checked.meaning(e)
        cat, name = meaning.category, meaning.name
        if cat == "local":
            return scope.source(name)
        if cat == "var":
            return f"S.vars[{name!r}]"
        if cat == "const":
            return self.const_source(name)
        if cat == "board":
            if fixed_spaces(self.sym.boards[name]):
                return f"S.grid_spaces[{name!r}]"  # a grid's or graph's spaces never change: one list, kept
            return f"S.boards[{name!r}].in_play()"
        if cat == "zone":
            return f"S.zones[{name!r}]"
        if cat == "kind":
            return f"_kind(S, {name!r}, {self.where(e)!r})"
        if cat in ("enum", "phase", "kind value"):
            return repr(name)
        if cat == "enum type":
            return repr(list(self.sym.enums[name].values))
        if cat == "option":
            if name in self.option_values:
                return repr(self.option_values[name])
            return f"({name!r} in S.options)"
        return NAMES[name].source

    # -------------------------------------------------- attributes
    def emit_Attr(self, e: N.Attr, scope: EmitScope) -> str:
        obj = self.src(e.obj, scope)
        name = e.name
        bt = self.type_of(e.obj).general.base
        simple = self.is_simple(obj)
        present = scope.is_present(obj)
        if bt in ("space", "dir", "zone") or (bt == "piece" and name in ("owner", "up", "turns")):
            if bt == "space" and name == "board":
                return f"{obj}.board.name" if present else f"_board_of({obj})"
            if present:
                return f"{obj}.{name}"
            return f"(None if {obj} is None else {obj}.{name})" if simple else f"({obj} or _NOTHING).{name}"
        if bt == "piece":
            if name == "space":
                return self._space_of(obj, simple, present)
            if name == "kind":
                return f"{obj}.kind.name" if present else f"_kind_of({obj})"
            if present:
                read = f"{obj}.attrs.get({name!r})"
            elif simple:
                read = f"(None if {obj} is None else {obj}.attrs.get({name!r}))"
            else:
                read = f"({obj} or _NOTHING).attrs.get({name!r})"
            # an attribute that holds a space: the piece keeps its name, the rules read the space
            return f"_space_named(S, {read})" if self.type_of(e) == SPACE else read
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

    @staticmethod
    def _space_of(obj: str, simple: bool, present: bool) -> str:
        """The space a piece lies on (none in a zone): read in place where `obj` may be written more than once (a
        call is most of the cost of so little)."""
        if not simple:
            return f"_space_of({obj})"
        loc = f"{obj}.loc"
        test = f"{loc} is not None and {loc}.is_space"
        return f"({loc} if {test if present else f'{obj} is not None and {test}'} else None)"

    def emit_Index(self, e: N.Index, scope: EmitScope) -> str:
        return f"_index({self.src(e.obj, scope)}, {self.src(e.index, scope)}, {self.where(e)!r})"

    # -------------------------------------------------- calls
    def emit_Call(self, e: N.Call, scope: EmitScope) -> str:
        if e.func in self.proc_names:
            assert self.proc_value is not None
            return self.proc_value(e, scope)
        if e.func in self.def_names:
            if self._own_reads.kept(e, tuple(self.type_of(arg) for arg in e.args)):
                fn = self.specialised_def(e)
                return f"_kept_def(S, {self.src(e.args[0], scope)}, {fn!r}, {fn})"
            if e.func not in self.recursive_defs:
                inlined = self.inline_def(e, scope)
                if inlined is not None:
                    return inlined
            args = ", ".join(self.arg_src(e, i, scope) for i in range(len(e.args)))
            if e.func not in self.recursive_defs:
                # a def that cannot call itself needs no guard: call its function on a frame of its arguments
                # (a function of it typed by these arguments, when its body fits them)
                return f"{self.specialised_def(e)}(S, [{args}])"
            caller = self.put(self._def_caller(e), "_def")
            return f"{caller}(S{', ' if args else ''}{args})"
        b = BUILTINS[e.func]
        if any(self.type_of(x) == ANY for x in e.args):
            # a def's parameter, untyped: the values are checked when the rule runs
            args = "".join(", " + self.src(x, scope) for x in e.args)
            return f"_checked_call(S, {e.func!r}, {self.where(e)!r}{args})"
        if b.inline is not None:
            out = b.inline(self, e, scope)
            if out is not None:
                return out
        args = "".join(", " + self.src(x, scope) for x in e.args)
        return f"_F_{e.func}(S{args})"

    def arg_src(self, e: N.Call, i: int, scope: EmitScope) -> str:
        """The source of argument i of a call of a def or proc: checked as it runs when the checker could not type
        it and the parameter's type is written (the function built for the def reads it as that type)."""
        item = self.sym.defs.get(e.func) or self.sym.procs[e.func]
        written = item.param_types[i] if i < len(item.param_types) else None
        want = self.sym.declared_type(written) if written is not None else None
        src = self.src(e.args[i], scope)
        if want is None or i >= len(item.params):
            return src
        return self.conformed(src, e.args[i], want, f"the argument '{item.params[i]}' of '{e.func}'")

    def conformed(self, src: str, value: N.Expr, want: Type, what: str) -> str:
        """`src`, checked as it runs to be `want` (the checker's words for it: `what`) when the checker could not
        type it (untyped.conforming): what a typed rule reads later is then what its type says."""
        if not self.type_of(value).untyped or want.untyped:
            return src
        return f"_conform(S, {src}, {self.put(want, '_k')}, {what!r}, {self.where(value)!r})"

    def inline_def(self, e: N.Call, scope: EmitScope) -> Optional[str]:
        """A call of a def that cannot reach itself, as its body written in place: its arguments are evaluated
        first, in order, each once (a name is used as it is; anything else is held with `:=`), and the body
        is typed with the arguments' types, so that it gets the forms a typed rule gets."""
        d = self.sym.defs.get(e.func)
        if d is None or not self.inlining or self._inline_depth >= _INLINE_DEPTH or len(e.args) != len(d.params) \
                or isinstance(d.body, N.DefBlock):  # statements are not written in place of an expression
            return None
        size = self._def_sizes.get(d)
        if size is None:
            size = self._def_sizes[d] = sum(1 for _ in N.walk(d.body))
        if size > _INLINE_NODES or size > self._inline_budget:
            return None
        types = self.def_types(d, tuple(self.type_of(arg) for arg in e.args))
        if types is None:  # the body does not fit these arguments: a call checks what it is given
            return None
        self._inline_budget -= size
        inner = EmitScope(Frame())  # the body sees its parameters and the game's names, nothing of the caller
        held = []
        for name, arg in zip(d.params, e.args):
            src = self.src(arg, scope)
            if self.is_simple(src):
                inner.bind_py(name, src, scope.is_present(src))
            elif self._iterable:
                return None  # Python allows no `:=` in a loop's iterable
            else:
                py = self.hold(src)
                held.append(f"({py} := {src})")
                inner.bind_py(name, py)
        self._types.append(types)
        self._inline_depth += 1
        try:
            body = self.src(d.body, inner)
        finally:
            self._types.pop()
            self._inline_depth -= 1
        # (a def that calls defs counts a step when it is called, so that chains of calls cannot multiply their
        # work unseen; written in place it needs no count: its work is bounded by the size of the source,
        # which _INLINE_BUDGET bounds, and its loops count their steps)
        return f"({', '.join(held)}, {body})[-1]" if held else f"({body})"

    # -------------------------------------------------- operators
    def emit_BinOp(self, e: N.BinOp, scope: EmitScope) -> str:
        x, y = self.src(e.left, scope), self.src(e.right, scope)
        lt, rt = self.type_of(e.left), self.type_of(e.right)
        op = e.op
        if ANY in (lt, rt):  # a value the checker could not type: what it is decides, as the rule runs
            return f"_untyped(S, {op!r}, {x}, {y}, {self.where(e)!r})"
        if op == "+" and lt == SPACE and rt == DIR:
            d = self.const_dir(y) if not self.walled else None
            if d is not None:
                if scope.is_present(x):
                    return f"{x}.nbr[{d.i}]"
                if self.is_simple(x):
                    return f"(None if {x} is None else {x}.nbr[{d.i}])"
                return f"({x} or _NOTHING).nbr[{d.i}]"
            return f"_step({x}, {y})"
        steps = (lt.base in ("dir", "offset"), rt.base in ("dir", "offset"))
        if op in ("+", "-") and lt == SPACE and steps[1]:
            return f"_leap({x}, {y})" if op == "+" else f"_leap({x}, _vneg({y}))"
        if op in ("+", "-") and steps == (True, True):
            return f"{'_vadd' if op == '+' else '_vsub'}({x}, {y})"
        if op == "*" and True in steps:
            return f"_vmul({x}, {y})"
        if op == "+" and (lt.is_list or lt == TEXT):
            return f"_concat(S, {x}, {y}, {self.where(e)!r})"
        if op == "-" and lt.is_list:
            return f"_without(S, {x}, {y}, {self.where(e)!r})"
        if op in ("+", "-", "*"):
            if NUMBER in (lt, rt):  # a fraction may come out whole: hold it as an int
                return f"_exact({x} {op} {y})"
            return f"({x} {op} {y})"
        # `/` divides exactly (7 / 2 is 7.5): always through _div; `%` of whole numbers by a number that is
        # not 0 has nothing to guard
        if op == "%" and lt == rt == INT and isinstance(e.right, N.Num) and e.right.value != 0:
            return f"({x} % {y})"
        return f"{_DIVISIONS[op]}({x}, {y})"

    def emit_Compare(self, e: N.Compare, scope: EmitScope) -> str:
        x = self.src(e.left, scope)
        op = e.op
        if op in ("in", "not in"):
            neg = "not " if op == "not in" else ""
            board = self.board_name(e.right)
            if board is not None:
                if scope.is_present(x) and self.type_of(e.left) == SPACE:
                    return f"({neg}({x}.board.name == {board!r}))"
                return f"({neg}_on_board({x}, {board!r}))"
            y = self.src(e.right, scope)
            if self.type_of(e.right).base in ("zone", "space"):
                return f"({neg}_in_pieces({y}, {x}))"
            return f"({neg}_contains(S, {y}, {x}))"
        y = self.src(e.right, scope)
        lt, rt = self.type_of(e.left), self.type_of(e.right)
        if op not in ("==", "!=") and (lt.is_enum or rt.is_enum):
            # two values of an enum are in the order of its declaration: compared by their places in it
            order = self.enum_order(lt if lt.is_enum else rt)
            if ANY in (lt, rt):
                where = repr(self.where(e))
                x, y = f"_enum_place({x}, {order}, {where})", f"_enum_place({y}, {order}, {where})"
            else:
                x, y = f"{order}.get({x})", f"{order}.get({y})"
        elif ANY in (lt, rt) and op not in ("==", "!="):
            return f"_uorder({op!r}, {x}, {y}, {self.where(e)!r})"  # (numbers alone are in an order)
        if op in ("==", "!="):
            if self.type_of(e.left).is_list or self.type_of(e.right).is_list or \
                    ANY in (self.type_of(e.left), self.type_of(e.right)):
                # (two lists are compared item by item: each item a step)
                return f"({'not ' if op == '!=' else ''}_same(S, {x}, {y}))"
            return f"({x} {op} {y})"
        if op == "<":
            return self.less_than(x, y)
        if op == ">":
            return self.less_than(y, x)
        if op == "<=":
            return f"(not {self.less_than(y, x)})"
        return f"(not {self.less_than(x, y)})"

    def enum_order(self, t: Type) -> str:
        """The name of the table of an enum's values by their places in its declaration (from 0)."""
        key = ("enum order", t.name)
        name = self._enum_orders.get(key)
        if name is None:
            assert t.name is not None
            values = self.sym.enums[t.name].values
            name = self._enum_orders[key] = self.put({v: i for i, v in enumerate(values)}, "_eo")
        return name

    def less_than(self, a: str, b: str) -> str:
        """`a < b`, false when either is none (namespace._lt), written in place: each evaluated once, in order,
        and both always (a call is most of the cost of comparing a count with a number)."""
        tests, reads = [], []
        for src in (a, b):
            if _WHOLE_NUMBER.match(src):
                reads.append(src)
                continue
            once = self.once(src)
            if once is None:  # (a loop's iterable: no `:=`)
                return f"_lt({a}, {b})"
            tests.append(f"({once[0]} is not None)")
            reads.append(once[1])
        if not tests:
            return f"({a} < {b})"
        return f"({reads[0]} < {reads[1]} if {' & '.join(tests)} else False)"

    def emit_BoolOp(self, e: N.BoolOp, scope: EmitScope) -> str:
        return "(" + f" {e.op} ".join(self.truth_src(v, scope) for v in e.values) + ")"

    def emit_Not(self, e: N.Not, scope: EmitScope) -> str:
        return f"(not {self.truth_src(e.value, scope)})"

    def emit_Neg(self, e: N.Neg, scope: EmitScope) -> str:
        if self.type_of(e.value) == ANY:
            return f"_uneg({self.src(e.value, scope)}, {self.where(e)!r})"
        if self.type_of(e.value).base in ("dir", "offset"):
            return f"_vneg({self.src(e.value, scope)})"
        return f"(-{self.src(e.value, scope)})"

    def emit_OffsetLit(self, e: N.OffsetLit, scope: EmitScope) -> str:
        return f"_offset({self.src(e.dx, scope)}, {self.src(e.dy, scope)})"

    def emit_Cond(self, e: N.Cond, scope: EmitScope) -> str:
        return f"({self.src(e.then, scope)} if {self.test_src(e.test, scope)} else {self.src(e.orelse, scope)})"

    # -------------------------------------------------- collections
    def emit_ListLit(self, e: N.ListLit, scope: EmitScope) -> str:
        made = "[" + ", ".join(self.src(i, scope) for i in e.items) + "]"
        return self.nested(made, e) if e.items else made

    def nested(self, made: str, e: N.Expr) -> str:
        """A list made by `made`, checked as it is made when it may hold lists too many levels deep: when its
        items may be values the checker could not type, or their type is that deep."""
        t, depth = self.type_of(e).element, 1
        while t.is_list:
            t, depth = t.element, depth + 1
        return f"_nested(S, {made}, {self.where(e)!r})" if t == ANY or depth > MAX_LIST_DEPTH else made

    def emit_Range(self, e: N.Range, scope: EmitScope) -> str:
        return f"{'_range_down' if e.down else '_range'}(S, {self.src(e.low, scope)}, {self.src(e.high, scope)}, " \
               f"{self.where(e)!r})"

    def emit_Of(self, e: N.Of, scope: EmitScope) -> str:
        what = e.what
        if isinstance(what, N.Name) and self.checked.meaning(what).category == "kind":
            if self.listing:  # (the same for every action listed: made once a listing)
                return f"S.listed_of({what.id!r}, {self.src(e.owner, scope)})"
            held = self.once(self.src(e.owner, scope))
            if held is not None:  # the pieces of a kind that are in play and have this owner, in one pass
                first, again = held
                v = self.fresh("_v")
                # (every piece of the kind is looked at: each counts as a step)
                every = f"S.walk(S.kind_pieces[{what.id!r}], {self.where(e)!r})"
                pieces = f"[{v} for {v} in {every} if {v}.owner is {again} and {v}.loc is not S.box]"
                return pieces if first == again else f"({first}, {pieces})[-1]"
        owner = self.src(e.owner, scope)
        if self.type_of(e.what) == KIND:
            return f"_pieces_of(S, _kind(S, {self.src(e.what, scope)}), {owner})"
        items = self.iter_src(e.what, scope)
        if self.type_of(e.what).element == SPACE:
            return f"_spaces_of(S, {items}, {owner})"
        return f"_pieces_of(S, {items}, {owner})"

    def emit_Filter(self, e: N.Filter, scope: EmitScope) -> str:
        items = self.guarded(self.iter_src(e.domain, scope), e)
        inner = scope.child()
        var = inner.bind_py(e.var, self.fresh("_v"), self.items_present(e.domain))
        with self.loop(var, can_keep=e.mode == "where", keyable=self.keyable(e.domain), items=items) as kept:
            # (`sorted by KEY`: a key, not a condition)
            test = self.src(e.test, inner) if e.mode == "sorted" else self.test_src(e.test, inner)
        if e.mode == "where":
            return f"[{var} {keep_heads(kept)}for {var} in {items} if {test}]"
        if e.mode == "until":
            return f"_through(lambda {var}: {test}, {items})"
        if e.mode == "sorted":
            key = self.type_of(e.test)
            if key.is_enum:  # an enum's values sort in the order of its declaration
                test = f"{self.enum_order(key)}.get({test})"
            return f"_sorted_by(S, lambda {var}: {test}, {items}, {self.where(e)!r})"
        return f"_prefix(lambda {var}: {test}, {items})"

    def emit_Comprehension(self, e: N.Comprehension, scope: EmitScope) -> str:
        parts = []
        inner = scope
        with ExitStack() as loops:
            for f in e.fors:
                items = self.guarded(self.iter_src(f.domain, inner), e)
                present = self.items_present(f.domain)
                inner = inner.child()
                var = inner.bind_py(f.var, self.fresh("_v"), present)
                kept = loops.enter_context(self.loop(var, keyable=self.keyable(f.domain), items=items))
                parts.append((kept, f"for {var} in {items}"))  # the kept values of a loop are made at its head
                if f.test is not None:
                    parts.append(([], f"if {self.test_src(f.test, inner)}"))
            element = self.src(e.element, inner)
        return self.nested(f"[{element} {' '.join(keep_heads(kept) + part for kept, part in parts)}]", e)


class _Loop:
    """A loop of an expression being written: the names it binds, and the lists made at its head that keep
    what does not change while it runs."""

    def __init__(self, bound: set, can_keep: bool, keyable: set, items_reads: set):
        self.bound, self.can_keep, self.keyable, self.items_reads = bound, can_keep, keyable, items_reads
        self.kept: list[str] = []
        self.by_source: dict[tuple[str, tuple[str, ...]], str] = {}


def keep_heads(kept: list) -> str:
    """The clauses that make a loop's lists of kept values, at the head of a comprehension."""
    return "".join(f"for {h} in [{kept_start(h)}] " for h in kept)


# the values a loop's variable may be kept by (Emitter.keyable); not numbers: 1 == True == 1.0
_KEYABLE = ("space", "piece", "player", "zone", "dir", "text", "enum")
_DIRECTION_SET = re.compile(r"list\(_DS_[a-z_]+\)")
_FRESH_NAME = re.compile(r"_[a-z]+\d+")
# a read with no call in it whose list is mostly short: the pieces of a place, or a list held in a name of its own
_SHORT_LIST = re.compile(r"(?:[A-Za-z_]\w*(?:\.\w+|\[(?:\d+|'\w*')\])*\.pieces|_(?:dom|h)\d+)")
_HELD_NAME = re.compile(r"_a\d+")


def _same_shape(src: str) -> str:
    """A source with its held names numbered from the start: two writings of one expression agree."""
    names: dict = {}
    return _HELD_NAME.sub(lambda m: names.setdefault(m.group(), f"_a#{len(names)}"), src)


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


__all__ = ["Emitter", "EmitScope", "Frame", "params_scope", "MAX_DEPTH"]
