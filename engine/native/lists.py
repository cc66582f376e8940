"""Variables that hold a list, natively: a variable of each player (`var hand: list of int = [] per player`) or
one the rules write whole (`dice = [a, b]`); and `next P`, who takes the next turn (docs/backends.md).

A list variable is a bounded list in the state vector: a length slot, then as many item slots as its bound (a
variable of each player: that block once per seat, `VAR_name + seat * (1 + LCAP_name)`). Its items are whole numbers
as a scalar variable's are (a number, a truth, a space's, a seat's or a direction's index, a piece's number). The
slots past its length are kept at 0, so that two equal positions are one vector (solve's memo, `position_key`).
It is written through the journal (`list_write`: the length, then each item that changes), so undo is exact.

The bound is worked out from the rules once the game is built (`list_capacities`): the most items any value the
rules give the variable can have, its start value's included -- a list written out, `A if C else B`, a
comprehension over ranges with fixed ends (an option's value is fixed), over `players`, an enum or another list
variable, a filter or a sort of a bounded list, `0..count(L) - 1`. A variable whose values have no bound found so
(a list that grows with `+=`, a list made by a def) is refused at the rule that writes it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N
from ...grammar.symbols import Checked

# the items a list variable may hold natively (each as a whole number in a slot)
LIST_ITEM_TYPES = ("int", "bool", "space", "player", "piece", "dir")
MAX_LIST_BOUND = 4096  # a bound past this is taken for no bound (a list that grows turn by turn)
_ROUNDS = 16  # rounds of the bounds' fixed point (each round may raise a bound a variable's values read)

LISTS_PRELUDE = '''

# ---------------------------------------------------------------- variables holding a list (lists.py)

@njit(cache=True)
def list_read(st, at):
    # the list held at slot `at` (its length, then its items), as an array
    n = st[at]
    out = np.empty(n, np.int64)
    for k in range(n):
        out[k] = st[at + 1 + k]
    return out


@njit(cache=True)
def list_row(items, starts, k):
    # row k of a constant list of lists (out of range: the rules' error, as the interpreter's)
    if k < 0 or k >= starts.shape[0] - 1:
        raise ValueError("an index out of range")
    return items[starts[k]:starts[k + 1]].copy()


@njit(cache=True)
def list_max(items):
    # max(L): the largest number of L, 0 for an empty list (library.max_)
    if items.shape[0] == 0:
        return 0
    return items.max()


@njit(cache=True)
def list_min(items):
    # min(L): the smallest number of L, 0 for an empty list (library.min_)
    if items.shape[0] == 0:
        return 0
    return items.min()


@njit(cache=True)
def lists_equal(a, b):
    # A == B of two lists: as long, and the same items in order
    if a.shape[0] != b.shape[0]:
        return False
    for k in range(a.shape[0]):
        if a[k] != b[k]:
            return False
    return True


@njit(cache=True)
def seat_number(p):
    # a player's `.seat`, from 1 (none has none: the rules' error)
    if p < 0:
        raise ValueError("the seat of none")
    return p + 1


@njit(cache=True)
def list_write(st, jr, at, cap, items):
    # the list held at slot `at` made `items` (journalled: the length, each item that changes; the slots past the
    # length back to 0, so that equal lists are equal slots)
    n = items.shape[0]
    if n > cap:
        raise ValueError("a list longer than the native state holds for its variable")
    if st[at] != n:
        w(st, jr, at, n)
    for k in range(n):
        if st[at + 1 + k] != items[k]:
            w(st, jr, at + 1 + k, items[k])
    for k in range(n, cap):
        if st[at + 1 + k] != 0:
            w(st, jr, at + 1 + k, 0)
'''


def list_variables(checked: Checked) -> list[tuple[str, bool, str]]:
    """(name, per player, "vlist") of each variable holding a list that the native state holds as a bounded
    list: of each player, or written whole (a variable of the game whose items alone are written keeps its fixed
    slots: translate.native_variables' "list")."""
    from .translate import whole_list_written
    sym = checked.symbols
    out = []
    for name, v in sym.vars.items():
        t = sym.declared_type(v.type)
        if t is None or not t.is_list or t.element.base not in LIST_ITEM_TYPES:
            continue
        if v.per_player or whole_list_written(checked, name):
            out.append((name, v.per_player, "vlist"))
    return out


def list_capacities(checked: Checked, option_values: dict, players: int) -> dict[str, tuple[int, str]]:
    """Each bounded list variable's (bound, items' type), worked out from every value the rules give it (its start
    value too) as a fixed point: a value read from another list variable takes that one's bound. Unsupported (at
    the rule) where a value has no bound found."""
    from .translate import Unsupported
    sym = checked.symbols
    names = {name for name, _, _ in list_variables(checked)}
    if not names:
        return {}
    writes: list[tuple[str, N.Expr, N.Span]] = [(name, sym.vars[name].init, sym.vars[name].span) for name in names]
    for node in N.walk(checked.module):
        if isinstance(node, N.Assign):
            name = _written_variable(checked, node.target, names)
            if name is None:
                continue
            if isinstance(node.target, N.Index):
                continue  # (an item written: the length stays)
            if node.op != "=":
                raise Unsupported(node.span, f"`{node.op}` of a variable holding a list")
            writes.append((name, node.value, node.span))
    bounds = {name: 0 for name in names}
    reckoner = _Bounds(checked, option_values, players, bounds)
    for _ in range(_ROUNDS):
        changed = False
        for name, value, span in writes:
            found = reckoner.bound(value)
            if found is None:
                raise Unsupported(span, "a list given to a variable whose size has no bound the native backend "
                                        "finds (a list written out, a range, a filter of a bounded list)")
            if found > MAX_LIST_BOUND:
                raise Unsupported(span, f"a list variable that may hold more than {MAX_LIST_BOUND} items")
            if found > bounds[name]:
                bounds[name] = found
                changed = True
        if not changed:
            break
    else:
        raise Unsupported(writes[-1][2], "a list variable whose size grows without a bound")
    return {name: (max(1, bound), _item_type(checked, name)) for name, bound in bounds.items()}


def _item_type(checked: Checked, name: str) -> str:
    declared = checked.symbols.declared_type(checked.symbols.vars[name].type)
    assert declared is not None  # (list_variables holds declared lists alone)
    return declared.element.base


def _written_variable(checked: Checked, target: N.Expr, names: set) -> Optional[str]:
    """The list variable an assignment's target writes (whole, or an item of it), else None."""
    if isinstance(target, N.Index):
        target = target.obj
    if isinstance(target, N.Name) and target.id in names and checked.meaning(target).category == "var":
        return target.id
    # (an object the checker could not type, a proc's parameter: counted too, so that no write is left out of the
    # bound)
    if isinstance(target, N.Attr) and target.name in names and checked.type_of(target.obj).base in ("player", "any") \
            and checked.symbols.vars[target.name].per_player:
        return target.name
    return None


class _Bounds:
    """The most items a list expression can have, given the bounds of the list variables (None: not found)."""

    def __init__(self, checked: Checked, option_values: dict, players: int, variables: dict):
        self.checked, self.sym, self.options, self.players, self.variables = \
            checked, checked.symbols, option_values, players, variables
        self.defs_seen: set = set()

    def constant(self, e: N.Expr) -> Optional[int]:
        if isinstance(e, N.Num) and e.value == int(e.value):
            return int(e.value)
        if isinstance(e, N.Neg):
            inner = self.constant(e.value)
            return None if inner is None else -inner
        if isinstance(e, N.Name):
            category = self.checked.meaning(e).category
            value = self.options.get(e.id)
            if category == "option" and isinstance(value, int) and not isinstance(value, bool):
                return value
            if category == "const":
                return self.constant(self.sym.consts[e.id].value)
        if isinstance(e, N.BinOp) and e.op in ("+", "-", "*"):
            left, right = self.constant(e.left), self.constant(e.right)
            if left is not None and right is not None:
                return left + right if e.op == "+" else left - right if e.op == "-" else left * right
        return None

    def bound(self, e: N.Expr) -> Optional[int]:
        if isinstance(e, N.ListLit):
            return len(e.items)
        if isinstance(e, N.Cond):
            return _most(self.bound(e.then), self.bound(e.orelse))
        if isinstance(e, N.Comprehension):
            total = 1
            for loop in e.fors:
                found = self.bound(loop.domain)
                if found is None:
                    return None
                total *= found
            return total
        if isinstance(e, N.Filter):
            return self.bound(e.domain)
        if isinstance(e, N.Range):
            return self.range_bound(e)
        if isinstance(e, N.BinOp) and e.op == "+":
            left, right = self.bound(e.left), self.bound(e.right)
            return None if left is None or right is None else left + right
        if isinstance(e, N.BinOp) and e.op == "-":
            return self.bound(e.left)
        if isinstance(e, N.Call) and e.func in ("reverse", "unique") and e.func not in self.sym.defs \
                and len(e.args) == 1:
            return self.bound(e.args[0])
        if isinstance(e, N.Call) and e.func in self.sym.defs and not e.args and e.func not in self.defs_seen:
            body = self.sym.defs[e.func].body
            if isinstance(body, N.DefBlock):
                return None
            self.defs_seen.add(e.func)
            try:
                return self.bound(body)
            finally:
                self.defs_seen.discard(e.func)
        if isinstance(e, N.Name):
            return self.name_bound(e)
        if isinstance(e, N.Attr) and e.name in self.variables and self.checked.type_of(e.obj).base == "player" \
                and not self.checked.type_of(e.obj).is_list:
            return self.variables[e.name]
        return None

    def name_bound(self, e: N.Name) -> Optional[int]:
        category = self.checked.meaning(e).category
        if category == "var" and e.id in self.variables:
            return self.variables[e.id]
        if category == "const":
            return self.bound(self.sym.consts[e.id].value)
        if category == "enum type":
            return len(self.sym.enums[e.id].values)
        if category == "builtin" and e.id == "players":
            return self.players
        return None

    def range_bound(self, e: N.Range) -> Optional[int]:
        """lo..hi with fixed ends; lo..count(L) - k with lo and k fixed: at most L's bound - k - lo + 1."""
        low, high = self.constant(e.low), self.constant(e.high)
        if e.down:
            low, high = high, low
        if low is not None and high is not None:
            return max(0, high - low + 1)
        top: N.Expr = e.high
        less = 0
        if isinstance(e.high, N.BinOp) and e.high.op == "-" and self.constant(e.high.right) is not None:
            top, less = e.high.left, self.constant(e.high.right) or 0
        if not e.down and low is not None and isinstance(top, N.Call) and top.func == "count" \
                and top.func not in self.sym.defs and len(top.args) == 1:
            counted = self.bound(top.args[0])
            return None if counted is None else max(0, counted - less - low + 1)
        return None


def _most(a: Optional[int], b: Optional[int]) -> Optional[int]:
    return None if a is None or b is None else max(a, b)


class ListTranslation:
    """The Translator's part for list variables and `next` (a mixin: translate.py's Translator inherits it)."""

    if TYPE_CHECKING:  # (what the mixin uses of Translator)
        from .layout import Layout
        checked: Checked
        sym: Any
        layout: Layout
        in_block: Optional[str]

        def type_of(self, e: N.Node) -> Any: ...
        def expr(self, e: N.Expr, env: dict) -> str: ...
        def list_value(self, e: N.Expr, env: dict) -> str: ...
        def fresh(self, name: str) -> str: ...
        def said(self, span: N.Span) -> str: ...
        def unsupported(self, span, construct: str) -> Exception: ...
        def scalar_list(self, e: N.Expr) -> bool: ...
        def bound_through_names(self, domain: N.Expr) -> Optional[int]: ...
        def chosen_list_bound(self, domain: N.Expr) -> Optional[int]: ...
        def player_board_bound(self, domain: N.Expr) -> Optional[int]: ...
        helpers: list[str]
        ending: str

    # ------------------------------------------------------------ list variables
    def list_variable_slot(self, e: N.Expr, env: dict) -> Optional[tuple[str, int]]:
        """(the source of its length slot, its bound) of a bounded list variable `e` names (`dice`, `p.hand`);
        else None."""
        lists = getattr(self.layout, "list_vars", None) if self.layout is not None else None
        if not lists:
            return None
        if isinstance(e, N.Name) and e.id in lists and self.checked.meaning(e).category == "var":
            return self.layout.var_name(e.id), lists[e.id][0]
        if isinstance(e, N.Attr) and e.name in lists and self.type_of(e.obj).base == "player" \
                and not self.type_of(e.obj).is_list and self.sym.vars[e.name].per_player:
            cap = lists[e.name][0]
            return f"{self.layout.var_name(e.name)} + {self.expr(e.obj, env)} * {1 + cap}", cap
        return None

    def list_variable_value(self, e: N.Expr, env: dict) -> Optional[str]:
        """list_value of a bounded list variable: its items, as an array; of `C[i]`, a constant list of lists'
        item; else None."""
        found = self.list_variable_slot(e, env)
        if found is not None:
            return f"list_read(st, {found[0]})"
        return self.constant_row(e, env)

    def constant_row(self, e: N.Expr, env: dict) -> Optional[str]:
        """`C[i]` of a constant that is a list of lists (`const WAYS = [... for side in [1, 2]]`): its rows as the
        interpreter worked them out for this game (Layout.const_lists), written once into the module as two
        arrays (the items, each row's start); else None."""
        if not (isinstance(e, N.Index) and isinstance(e.obj, N.Name)
                and self.checked.meaning(e.obj).category == "const" and self.type_of(e.index).base == "int"):
            return None
        rows = getattr(self.layout, "const_lists", {}).get(e.obj.id)
        if rows is None:
            return None
        name = f"KL_{e.obj.id}"
        written = self.__dict__.setdefault("constant_rows", set())
        if name not in written:
            written.add(name)
            starts = [0]
            for row in rows:
                starts.append(starts[-1] + len(row))
            items = [v for row in rows for v in row]
            self.helpers += ["", f"# the constant {e.obj.id}: its rows' items, and where each row starts",
                             f"{name}_ITEMS = np.array({items!r} or [0], dtype=np.int64)",
                             f"{name}_STARTS = np.array({starts!r}, dtype=np.int64)"]
        self.list_helpers = True
        return f"list_row({name}_ITEMS, {name}_STARTS, {self.expr(e.index, env)})"

    def list_variable_bound(self, e: N.Expr) -> Optional[int]:
        """list_bound of a bounded list variable: its bound (of `unique(L)`, `reverse(L)`: L's); else None."""
        lists = getattr(self.layout, "list_vars", None) if self.layout is not None else None
        if not lists:
            return None
        if isinstance(e, N.Call) and e.func in ("unique", "reverse") and e.func not in self.sym.defs \
                and len(e.args) == 1:
            return self.list_variable_bound(e.args[0])
        if isinstance(e, N.Name) and e.id in lists and self.checked.meaning(e).category == "var":
            return lists[e.id][0]
        if isinstance(e, N.Attr) and e.name in lists and self.type_of(e.obj).base == "player" \
                and not self.type_of(e.obj).is_list and self.sym.vars[e.name].per_player:
            return lists[e.name][0]
        return None

    def known_bound(self, e: N.Expr) -> Optional[int]:
        """list_bound's first guess: choices.py's bound of a name (bound_through_names), else a list variable's, else
        a seat's board of each player (per_player.py's player_board_bound), else that of a list written out or
        chosen by a condition, the larger of its branches (walls.py's chosen_list_bound); else None."""
        for guess in (self.bound_through_names, self.list_variable_bound, self.player_board_bound,
                      self.chosen_list_bound):
            found = guess(e)
            if found is not None:
                return found
        return None

    def turn_statement(self, s: N.Stmt, env: dict, pad: str) -> Optional[list[str]]:
        """`next P`; `win L`, `lose L` of a list of players; else None."""
        if isinstance(s, N.Next):
            return self.next_lines(s, env, pad)
        if isinstance(s, N.Outcome) and s.who is not None and self.type_of(s.who).is_list:
            return self.ending_of_players(s, env, pad)
        return None

    def list_variable_assignment(self, s: N.Assign, env: dict, pad: str) -> Optional[list[str]]:
        """`L = value` (the whole list) and `L[i] = v` of a bounded list variable; else None."""
        target = s.target
        if isinstance(target, N.Index):
            found = self.list_variable_slot(target.obj, env)
            if found is None:
                return None
            if self.type_of(target.index).base != "int":
                raise self.unsupported(s.span, "an item of a list chosen by something not a whole number")
            at = self.fresh("at")
            value = self.expr(s.value, env)
            lines = [f"{pad}{at} = {found[0]}"]
            slot = f"{at} + 1 + checked_index({self.expr(target.index, env)}, st[{at}])"
            if s.op == "=":
                return lines + [f"{pad}w(st, jr, {slot}, {value})"]
            if self.type_of(target).base != "int":
                raise self.unsupported(s.span, f"`{s.op}` of something not a whole number")
            item = self.fresh("item")
            return lines + [f"{pad}{item} = {slot}", f"{pad}w(st, jr, {item}, st[{item}] {s.op[0]} ({value}))"]
        found = self.list_variable_slot(target, env)
        if found is None:
            return None
        if s.op != "=":
            raise self.unsupported(s.span, f"`{s.op}` of a variable holding a list")
        slot, cap = found
        return [f"{pad}list_write(st, jr, {slot}, {cap}, {self.list_value(s.value, env)})"]

    def start_value(self, v: N.Var) -> list[str]:
        """A bounded list variable's start value (of each player: worked out once per seat, in seat order, as the
        interpreter's start does); any other variable's: chance.py's."""
        lists = getattr(self.layout, "list_vars", None) or {}
        if v.name not in lists:
            return super().start_value(v)  # type: ignore[misc]
        from .chance import JOURNAL_LOCAL
        cap = lists[v.name][0]
        slot = self.layout.var_name(v.name)
        said = self.said(v.span)
        head = [f"    # {said}"] if said else []
        value = self.list_value(v.init, {JOURNAL_LOCAL: "jr"})
        if v.per_player:
            seat = self.fresh("seat")
            return head + [f"    for {seat} in range(NP):",
                           f"        list_write(st, jr, {slot} + {seat} * {1 + cap}, {cap}, {value})"]
        return head + [f"    list_write(st, jr, {slot}, {cap}, {value})"]

    def list_extreme(self, e: N.Call, env: dict) -> Optional[str]:
        """`max(L)`, `min(L)` of a list of whole numbers: the largest, the smallest (0 for an empty list, as
        library.max_ gives); else None."""
        if e.func not in ("max", "min") or e.func in self.sym.defs or len(e.args) != 1:
            return None
        t = self.type_of(e.args[0])
        if not t.is_list or t.element.base != "int":
            return None
        self.list_helpers = True
        return f"list_{e.func}({self.list_value(e.args[0], env)})"

    def compare_lists(self, e: N.Compare, env: dict) -> Optional[str]:
        """`A == B`, `A != B` of two lists of scalars: the same items in the same order; else None."""
        if e.op not in ("==", "!=") or not (self.type_of(e.left).is_list and self.type_of(e.right).is_list):
            return None
        if not (self.scalar_list(e.left) and self.scalar_list(e.right)):
            return None
        self.list_helpers = True
        same = f"lists_equal({self.list_value(e.left, env)}, {self.list_value(e.right, env)})"
        return same if e.op == "==" else f"(not {same})"

    def player_seat(self, e: N.Attr, env: dict) -> Optional[str]:
        """A player's `.seat`: its number from 1 (of none: the rules' error, as the interpreter's); else None."""
        t = self.type_of(e.obj)
        if e.name != "seat" or t.base != "player" or t.is_list:
            return None
        self.list_helpers = True
        return f"seat_number({self.expr(e.obj, env)})"

    def valued_choice_kind(self, s: N.Choose, kind: Optional[str]) -> Optional[str]:
        """The kind of a choice among an enum's values ("enum V1 V2 ...", its values in order: an option is its
        value's place) or among texts ("text": an option is its place in the game's table of texts); else None.
        Their options are distinct numbers, as the values are distinct texts to the interpreter."""
        t = self.type_of(s.domain)
        if kind == "enum" and t.is_list and t.element.name in self.sym.enums:
            return "enum " + " ".join(self.sym.enums[t.element.name].values)
        if kind == "text" and t.is_list and getattr(self.layout, "attributes", None) is not None:
            return "text"
        return None

    def ending_of_players(self, s: N.Outcome, env: dict, pad: str) -> list[str]:
        """`win L`, `lose L` of a list of players: a shared ending (END_KIND 5, END_WHO the mask of the winners: L's
        seats, or the seats not in L), which names the same winners as the interpreter's (ending.standing)."""
        if s.who is None or s.kind not in ("win", "lose") or self.type_of(s.who).element.base != "player":
            raise self.unsupported(s.span, f"`{s.kind}` of a list")
        mask, each = self.fresh("mask"), self.fresh("p")
        lines = [f"{pad}{mask} = 0", f"{pad}for {each} in {self.list_value(s.who, env)}:",
                 f"{pad}    if {each} >= 0:", f"{pad}        {mask} |= 1 << {each}"]
        if s.kind == "lose":
            lines.append(f"{pad}{mask} = ((1 << NP) - 1) & ~{mask}")
        return lines + [f"{pad}declare(st, jr, 5, {mask})", f"{pad}{self.ending}"]

    # ------------------------------------------------------------ next
    def next_lines(self, s: N.Next, env: dict, pad: str) -> list[str]:
        """`next P`: in a move (its effect, a trigger), P takes the next turn when the move is over (NEXT, as
        `again` writes it; none: the next seat); in the setup, P is the first player at once, and the rest of the
        setup reads P as the mover (State.pass_turn_to)."""
        if self.type_of(s.who).base not in ("player", "none") or self.type_of(s.who).is_list:
            raise self.unsupported(s.span, "`next` of something not a player")
        who = self.expr(s.who, env)
        where = self.next_context(s)
        if where == "setup":
            value = self.fresh("first")
            return [f"{pad}{value} = {who}", f"{pad}if {value} >= 0:", f"{pad}    w(st, jr, TURN, {value})",
                    f"{pad}    mover = {value}"]
        return [f"{pad}w(st, jr, NEXT, {who})"]

    def next_context(self, s: N.Next) -> str:
        """"setup" when `next` is written in a setup, "move" elsewhere; a proc the setup calls is refused (its
        meaning there is the setup's, elsewhere the move's)."""
        for item in self.checked.module.items:
            if not _within(s.span, item.span):
                continue
            if isinstance(item, N.Setup):
                return "setup"
            if isinstance(item, N.Proc) and self.in_block == "proc" and _called_in_setup(self.checked, item.name):
                raise self.unsupported(s.span, "`next` in a proc the setup calls")
        return "move"

    def turn_start_next(self) -> list[str]:
        """Lines at the end of `turn_start`: a `next P` of a turn-start rule gives the turn to P at once (unless the
        game ended), and an `again` there changes nothing (turns.turn_start); none in a game without them."""
        if not any(isinstance(n, (N.Next, N.Again)) for n in N.walk(self.checked.module)):
            return []
        return ["    nx = st[NEXT]", "    if nx >= 0:", "        w(st, jr, NEXT, -1)",
                "        if st[END_KIND] == 0 and nx != st[TURN]:", "            w(st, jr, TURN, nx)"]


def _within(inner: N.Span, outer: N.Span) -> bool:
    return inner.file == outer.file and (outer.line, outer.column) <= (inner.line, inner.column) \
        and (inner.line < outer.end_line or outer.end_line < 1 or inner.line == outer.end_line)


def _called_in_setup(checked: Checked, proc: str) -> bool:
    """Does a setup call this proc (itself, or through another proc)?"""
    sym = checked.symbols
    seen: set = set()
    todo = [n.call.func for item in checked.module.items if isinstance(item, N.Setup)
            for n in N.walk(item) if isinstance(n, N.ExprStmt)]
    while todo:
        name = todo.pop()
        if name == proc:
            return True
        if name in seen or name not in sym.procs:
            continue
        seen.add(name)
        todo += [n.call.func for n in N.walk(tuple(sym.procs[name].body)) if isinstance(n, N.ExprStmt)]
    return False


def constant_lists(state, spaces: dict) -> dict[str, list[list[int]]]:
    """The constants that are lists of lists of spaces, players or numbers which the interpreter has worked out for
    this game (State.const_value: those made of a grid's spaces, when its start has used them), each item as its
    number: what `C[i]` reads natively (ListTranslation.constant_row)."""
    players = {id(p): p.index for p in state.players}
    out: dict[str, list[list[int]]] = {}
    for name, value in getattr(state, "const_values", {}).items():
        if not isinstance(value, (list, tuple)) or not all(isinstance(row, (list, tuple)) for row in value):
            continue
        rows = []
        for row in value:
            numbers = []
            for item in row:
                if id(item) in spaces:
                    numbers.append(spaces[id(item)])
                elif id(item) in players:
                    numbers.append(players[id(item)])
                elif isinstance(item, int) and not isinstance(item, bool):
                    numbers.append(item)
                else:
                    break
            else:
                rows.append(numbers)
                continue
            break
        else:
            out[name] = rows
    return out


def lists_prelude(layout, translator) -> str:
    """The helpers of list variables and `.seat`, for a game that uses them (another game's module is as it was)."""
    return LISTS_PRELUDE if getattr(layout, "list_vars", None) or getattr(translator, "list_helpers", False) else ""


def encode_list(layout, st, name: str, per_player: bool, state, spaces: dict, players: dict, numbers: dict) -> None:
    """A bounded list variable of the interpreter's state into its slots (HandOffError: longer than its bound)."""
    from ...grammar.types import DIRECTIONS
    from .layout import HandOffError
    cap, base = layout.list_vars[name]
    at = layout.var_slot[name]
    values = [p.vars[name] for p in state.players] if per_player else [state.vars[name]]
    directions = list(DIRECTIONS)
    for k, items in enumerate(values):
        items = list(items or ())
        if len(items) > cap:
            raise HandOffError(f"the list {name} holds more items than its bound ({cap})")
        block = at + k * (1 + cap)
        st[block] = len(items)
        for i in range(cap):
            item = items[i] if i < len(items) else None
            if i >= len(items):
                value = 0
            elif item is None:
                value = -1
            elif base == "space":
                value = spaces[id(item)]
            elif base == "player":
                value = players[id(item)]
            elif base == "piece":
                value = numbers[id(item)]
            elif base == "dir":
                value = directions.index(getattr(item, "name", item))
            else:
                value = int(item)
            st[block + 1 + i] = value
