"""Types of expressions: what each expression of a rule is, checked against what its place wants.

`ExpressionChecker.expr` dispatches on the node's class to `type_<Class>`; it records the type of every
expression in the context's `types` and what every name means in its `meanings`, which the compiler reads.
"""
from __future__ import annotations

import difflib
from typing import Optional

from . import nodes as N
from .hints import STATEMENT_FORMS, binop_hint, compare_hint, type_hint, unknown_name_hint
from .symbols import Checked, Context, Scope
from .types import (
    ANY,
    BOOL,
    COMMON_ATTRS,
    DIR,
    INT,
    NONE,
    NUMBER,
    PIECE,
    PLAYER,
    SPACE,
    TEXT,
    ZONE,
    Accepts,
    Library,
    Signature,
    Type,
    enum_type,
    list_of,
    piece_of,
)
from .wording import a, did_you_mean, short_text, words


class ExpressionChecker:
    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.sym = ctx.sym
        self.def_types: dict[str, Type] = {}
        self._checking_defs: set[str] = set()
        self._params_checked: set[str] = set()

    def error(self, code, message, span, hint=None, focus=None):
        self.ctx.error(code, message, span, hint, focus)

    # ------------------------------------------------------------ entry points
    def expr(self, e: N.Expr, scope: Scope) -> Type:
        method = getattr(self, "type_" + type(e).__name__, None)
        if method is None:
            raise NotImplementedError(f"the checker cannot type a {type(e).__name__}")
        t = method(e, scope)
        self.ctx.types[e] = t
        return t

    def expect(self, e: N.Expr, want: Type, scope: Scope, what: str) -> Type:
        t = self.expr(e, scope)
        if not t.fits(want):
            self.error("E021", f"{what} should be {a(want.show())}, but this is {a(t.show())}", e.span,
                       type_hint(t, want, e))
        return t

    def collection_elem(self, t: Type, node: N.Expr, what: str) -> Type:
        """The type of the items of a collection (a list, or the pieces of a zone or space)."""
        if t.is_list:
            return t.element
        if t.base in ("zone", "space"):
            return PIECE
        if t == ANY:
            return ANY
        if t == INT:
            hint = (f"to do something {short_text(node)} times write `repeat {short_text(node)}:`; for the "
                    f"numbers 1 to {short_text(node)} write `1..{short_text(node)}`")
        elif t == DIR:
            hint = f"for a list of directions write `[{short_text(node)}, ...]`, or use `orthogonal`, `diagonal`"
        elif t.base in ("player", "piece"):
            hint = f"for the one {t.show()} write a list: `[{short_text(node)}]`"
        else:
            hint = "a board, a zone, a space's stack, a list, or a filter such as `x in cells where empty(x)`"
        self.error("E022", f"{what} ranges over a collection, but this is {a(t.show())}", node.span, hint)
        return ANY

    def def_type(self, d: N.Def) -> Type:
        """A def's type is its body's, typed once with untyped parameters; a recursive call is `any`."""
        if d.name in self.def_types:
            return self.def_types[d.name]
        if d.name in self._checking_defs:
            return ANY  # recursion: the compiler bounds it at run time
        if d.name not in self._params_checked:
            self._params_checked.add(d.name)
            self.ctx.check_param_names(d.params, d.span, f"def '{d.name}'")
        self._checking_defs.add(d.name)
        scope = Scope()
        for name in d.params:
            scope.bind(name, ANY, "param")
        t = self.expr(d.body, scope)
        self._checking_defs.discard(d.name)
        self.def_types[d.name] = t
        return t

    # ------------------------------------------------------------ leaves
    def type_Num(self, e: N.Num, scope: Scope) -> Type:
        return INT if isinstance(e.value, int) else NUMBER

    def type_Str(self, e: N.Str, scope: Scope) -> Type:
        return TEXT

    def type_Name(self, e: N.Name, scope: Scope) -> Type:
        ctx = self.ctx
        entry = scope.lookup(e.id)
        if entry is not None:
            ctx.mean(e, "local")
            return entry[0]
        s = self.sym
        if e.id in s.vars:
            v = s.vars[e.id]
            if v.per_player:
                self.error("E024", f"'{e.id}' is a variable of each player", e.span, f"say whose: `mover.{e.id}`")
                return ANY
            ctx.mean(e, "var")
            return ctx.resolve_type_quiet(v.type)
        if e.id in s.consts:
            ctx.mean(e, "const")
            return ctx.types.get(s.consts[e.id], ANY)
        if e.id in s.boards:
            if s.boards[e.id].per_player:
                self.error("E012", f"board '{e.id}' belongs to each player", e.span, f"say whose: `mover.{e.id}`")
                return list_of(SPACE)
            ctx.mean(e, "board")
            return list_of(SPACE)
        if e.id in s.zones:
            if s.zones[e.id].per_player:
                self.error("E012", f"zone '{e.id}' belongs to each player", e.span, f"say whose: `mover.{e.id}`")
                return ZONE
            ctx.mean(e, "zone")
            return ZONE
        if e.id in s.kinds:
            ctx.mean(e, "kind")
            return list_of(piece_of(e.id))
        if e.id in s.enum_values:
            ctx.mean(e, "enum")
            return enum_type(s.enum_values[e.id])
        if e.id in s.options:
            ctx.mean(e, "option")
            return BOOL
        if e.id in s.phases:
            ctx.mean(e, "phase")
            return TEXT
        names = ctx.library.names
        if e.id in names:
            if e.id == "opponent" and s.players is not None and s.players.high > 2:
                self.error("E052", f"`opponent` needs a two-player game, but this game has {s.players.low} to "
                                   f"{s.players.high} players", e.span,
                           "with more players say which: `others` (every player but the mover) or "
                           "`next_player(mover)` (the one who moves next)")
            ctx.mean(e, "builtin")
            return names[e.id].type
        return self._not_a_value(e, scope)

    def _not_a_value(self, e: N.Name, scope: Scope) -> Type:
        s, functions = self.sym, self.ctx.library.functions
        if e.id in s.defs:
            params = s.defs[e.id].params
            self.error("E020", f"'{e.id}' is a def; call it with its argument{'s' if len(params) != 1 else ''}",
                       e.span, f"write `{e.id}({', '.join(params)})`")
        elif e.id in functions:
            self.error("E020", f"'{e.id}' is a function; call it with its argument"
                               f"{'s' if functions[e.id].required != 1 else ''}", e.span,
                       f"write `{functions[e.id].text()}`")
        elif e.id in s.procs:
            self.error("E021", f"'{e.id}' is a proc: it does things and gives no value", e.span,
                       f"call it on a line of its own: `{e.id}({', '.join(s.procs[e.id].params)})`")
        elif e.id in s.actions or e.id in s.triggers:
            kind = "an action" if e.id in s.actions else "a trigger"
            self.error("E010", f"'{e.id}' is {kind}, and rules are not values", e.span,
                       "to share a test or a value between rules, put it in a `def`")
        else:
            candidates = (set(scope.all_names()) | set(s.vars) | set(s.consts) | set(s.boards) | set(s.zones)
                          | set(s.kinds) | set(s.enum_values) | set(s.options) | set(self.ctx.library.names))
            close = difflib.get_close_matches(e.id, sorted(candidates), n=1, cutoff=0.6)
            hint = unknown_name_hint(e.id)
            if close and e.id not in ("True", "False", "None"):
                hint = f"'{close[0]}' is {self.ctx.describe(close[0], scope)}"
            self.error("E010", f"unknown name '{e.id}'{did_you_mean(e.id, candidates)}", e.span, hint)
        return ANY

    # ------------------------------------------------------------ attributes
    def type_Attr(self, e: N.Attr, scope: Scope) -> Type:
        obj_t = self.expr(e.obj, scope)
        t, _ = self.attribute(obj_t, e)
        return t or ANY

    def attribute(self, obj_t: Type, e: N.Attr) -> tuple[Optional[Type], bool]:
        """(type, assignable) of obj.name, or (None, False) after reporting."""
        if obj_t == ANY:
            return ANY, True
        bt = obj_t.general.base
        if bt == "player":
            return self._player_attribute(e)
        if bt == "piece":
            return self._piece_attribute(obj_t, e)
        span = e.name_span
        owner = short_text(e.obj)
        if bt in COMMON_ATTRS:
            common = COMMON_ATTRS[bt]
            if e.name in common:
                return common[e.name]
            hint = f"{a(obj_t.show())} has {words(list(common), 'and')}"
            if bt == "space" and (e.name in self.sym.kinds or e.name == "piece"):
                hint = f"the piece on a space is `top({owner})`; all of them are `{owner}.pieces`"
            elif bt in ("space", "zone") and e.name == "owner":
                hint = f"the owner of the piece on top of it is `owner({owner})`"
            elif bt in ("space", "zone") and (e.name in ("kind", "up") or e.name in
                                              {x.name for k in self.sym.kinds.values() for x in k.attrs}):
                hint = (f"'{owner}' is {a(obj_t.show())}; the piece on top of it is `top({owner})`, so write "
                        f"`top({owner}).{e.name}`")
            self.error("E013", f"{a(obj_t.show())} has no attribute '{e.name}'{did_you_mean(e.name, common)}",
                       span, hint)
            return None, False
        self.error("E013", f"{a(obj_t.show())} has no attributes, so it has no '{e.name}'", span,
                   f"'{owner}' is {a(obj_t.show())}; attributes belong to players, pieces, spaces, zones and "
                   "directions")
        return None, False

    def _player_attribute(self, e: N.Attr) -> tuple[Optional[Type], bool]:
        sym, span, owner = self.sym, e.name_span, short_text(e.obj)
        if e.name in sym.zones:
            if not sym.zones[e.name].per_player:
                self.error("E012", f"zone '{e.name}' is shared, not a player's", span,
                           f"write just `{e.name}`, or declare it `zone {e.name} per player` to give every "
                           "player one")
            return ZONE, False
        if e.name in sym.vars:
            v = sym.vars[e.name]
            if not v.per_player:
                self.error("E024", f"'{e.name}' is a variable of the whole game, not of a player", span,
                           f"write just `{e.name}`, or declare it `... per player` to give every player one")
            return self.ctx.resolve_type_quiet(v.type), True
        if e.name in sym.boards and sym.boards[e.name].per_player:
            return list_of(SPACE), False
        common = COMMON_ATTRS["player"]
        if e.name in common:
            return common[e.name]
        if e.name in sym.boards:
            self.error("E013", f"board '{e.name}' is shared, not a player's", span, f"write just `{e.name}`")
            return None, False
        if e.name in sym.kinds:
            self.error("E013", f"a player has no attribute '{e.name}'", span,
                       f"the {e.name} pieces that {owner} owns are `{e.name} of {owner}`")
            return None, False
        zones = [z for z in sym.zones if sym.zones[z].per_player]
        pvars = [v for v in sym.vars if sym.vars[v].per_player]
        close = difflib.get_close_matches(e.name, sorted(set(zones + pvars + list(common))), n=1, cutoff=0.6)
        suggestion = f" (did you mean '{close[0]}'?)" if close else ""
        if close and close[0] in zones:
            self.error("E012", f"unknown zone '{e.name}'{suggestion}", span,
                       (f"each player has one zone, '{zones[0]}'" if len(zones) == 1 else
                        f"each player has the zones {words([repr(z) for z in zones], 'and')}")
                       + "; a zone of each player is declared with `zone NAME per player`")
        else:
            have = words([f"'{n}'" for n in zones + pvars + list(common)], "and")
            self.error("E013", f"a player has no zone or variable '{e.name}'{suggestion}", span,
                       f"a player has {have}; declare more with `var {e.name}: int = 0 per player` or "
                       f"`zone {e.name} per player`")
        return None, False

    def _piece_attribute(self, obj_t: Type, e: N.Attr) -> tuple[Optional[Type], bool]:
        common = COMMON_ATTRS["piece"]
        if e.name in common:
            return common[e.name]
        kinds = [self.sym.kinds[obj_t.kind]] if obj_t.kind in self.sym.kinds else list(self.sym.kinds.values())
        for k in kinds:
            for x in k.attrs:
                if x.name == e.name:
                    return self.ctx.resolve_type_quiet(x.type), x.mutable
        names = [x.name for k in kinds for x in k.attrs] + list(common)
        what = f"a {kinds[0].name}" if len(kinds) == 1 else "a piece"
        self.error("E013", f"{what} has no attribute '{e.name}'{did_you_mean(e.name, names)}", e.name_span,
                   f"{what} has {words(sorted(set(names)), 'and')}; a kind's own attributes are declared "
                   "with `piece KIND(name: type, ...)`")
        return None, False

    # ------------------------------------------------------------ operators
    def type_BoolOp(self, e: N.BoolOp, scope: Scope) -> Type:
        for v in e.values:
            self.expect(v, BOOL, scope, f"each side of `{e.op}`")
        return BOOL

    def type_Not(self, e: N.Not, scope: Scope) -> Type:
        self.expect(e.value, BOOL, scope, "what `not` negates")
        return BOOL

    def type_Neg(self, e: N.Neg, scope: Scope) -> Type:
        t = self.expect(e.value, NUMBER, scope, "what `-` negates")
        return NUMBER if t == NUMBER else INT

    def type_Cond(self, e: N.Cond, scope: Scope) -> Type:
        self.expect(e.test, BOOL, scope, "the condition of `if ... else`")
        x, y = self.expr(e.then, scope), self.expr(e.orelse, scope)
        t = x.join(y)
        if t == ANY and ANY not in (x, y):
            self.error("E021", f"the two values of this `if ... else` are {a(x.show())} and {a(y.show())}",
                       e.span, "both sides of `A if CONDITION else B` must give the same type of value")
        return t

    def type_BinOp(self, e: N.BinOp, scope: Scope) -> Type:
        lt = self.expr(e.left, scope)
        rt = self.expr(e.right, scope)
        if e.op == "+" and lt.fits(SPACE) and rt.fits(DIR) and (DIR in (lt, rt) or SPACE in (lt, rt)):
            return SPACE  # a space plus a direction: the next space that way
        if e.op == "+" and lt.is_list and rt.is_list:
            return lt.join(rt)
        if e.op == "+" and TEXT in (lt, rt) and lt.fits(TEXT) and rt.fits(TEXT):
            return TEXT  # texts join
        if lt == ANY and rt == ANY:
            return ANY  # two untyped values (a def's parameters): decided when the rule runs
        for side, t in ((e.left, lt), (e.right, rt)):
            if not t.fits(NUMBER):
                self.error("E021", f"`{e.op}` works on numbers, but this is {a(t.show())}", side.span,
                           binop_hint(e, lt, rt, t))
        # `/` divides exactly (7 / 2 is 3.5); whole numbers stay whole under + - * %
        return NUMBER if e.op == "/" or NUMBER in (lt, rt) else INT

    def type_Compare(self, e: N.Compare, scope: Scope) -> Type:
        lt = self.expr(e.left, scope)
        rt = self.expr(e.right, scope)
        if e.op in ("in", "not in"):
            if not (rt.is_list or rt.base in ("zone", "space", "any")):
                self.error("E022", f"`{e.op}` looks inside a collection, but this is {a(rt.show())}", e.right.span,
                           f"`x {e.op} ...` asks whether x is one of a list, a board, a zone or a space's stack"
                           + (f"; to compare two values write `{'==' if e.op == 'in' else '!='}`"
                              if not rt.is_list else ""))
            return BOOL
        if e.op in ("<", ">", "<=", ">="):
            for side, t in ((e.left, lt), (e.right, rt)):
                if not t.fits(NUMBER):
                    self.error("E021", f"`{e.op}` compares numbers, but this is {a(t.show())}", side.span,
                               self._order_hint(e, side, t))
            return BOOL
        if not (lt.fits(rt) or rt.fits(lt)):
            always = "false" if e.op == "==" else "true"
            self.error("E021", f"{a(lt.show())} is never equal to {a(rt.show())}, so this `{e.op}` is always "
                               f"{always}", e.span, compare_hint(e, lt, rt))
        return BOOL

    @staticmethod
    def _order_hint(e: N.Compare, side: N.Expr, t: Type) -> Optional[str]:
        if t == SPACE:
            return f"compare the space's coordinates, such as `{short_text(side)}.y {e.op} ...`"
        if t.base == "player":
            return f"compare the players' seats, such as `{short_text(side)}.seat {e.op} ...`"
        if t == BOOL:
            return "yes/no values are not ordered; compare them with `==` or `!=`"
        return type_hint(t, INT, side)

    # ------------------------------------------------------------ calls
    def type_Call(self, e: N.Call, scope: Scope) -> Type:
        return self.call(e, scope)

    def call(self, e: N.Call, scope: Scope, statement: bool = False) -> Type:
        s, functions = self.sym, self.ctx.library.functions
        if e.func in s.procs:
            p = s.procs[e.func]
            if not statement:
                self.error("E021", f"'{e.func}' is a proc: it does things and gives no value", e.span,
                           "call it on a line of its own; use a `def` for a value")
            self._arity(e, len(p.params), len(p.params), f"`{e.func}({', '.join(p.params)})`")
            for x in e.args:
                self.expr(x, scope)
            return ANY
        if e.func not in s.defs and e.func not in functions:
            self._unknown_function(e, scope)
            return ANY
        if statement:
            example = f"{e.func}({', '.join(short_text(x) for x in e.args)})"
            self.error("E004", f"'{e.func}' gives a value, and nothing is done with it", e.span,
                       f"a line of a rule does something (`move`, `place`, `x = ...`, a `proc`); to act on the "
                       f"value write `if {example}: ...` or `let x = {example}`")
        if e.func in s.defs:
            d = s.defs[e.func]
            self._arity(e, len(d.params), len(d.params), f"`{e.func}({', '.join(d.params)})`")
            for x in e.args:
                self.expr(x, scope)
            return self.def_type(d)
        sig = functions[e.func]
        self._arity(e, sig.required, len(sig.params), f"`{sig.text()}`")
        arg_types = [self.expr(x, scope) for x in e.args]
        for i, (node, t, accepts) in enumerate(zip(e.args, arg_types, sig.params)):
            self._builtin_arg(sig, node, t, accepts, i)
        return sig.result_for(arg_types)

    def _unknown_function(self, e: N.Call, scope: Scope) -> None:
        s, functions = self.sym, self.ctx.library.functions
        names = list(s.defs) + list(s.procs) + list(functions)
        close = difflib.get_close_matches(e.func, sorted(set(names) | set(STATEMENT_FORMS)), n=1, cutoff=0.6)
        if close and close[0] in STATEMENT_FORMS and close[0] not in names:
            hint = f"`{close[0]}` is a statement, not a function: write `{STATEMENT_FORMS[close[0]]}`"
            suggestion = f" (did you mean the statement `{close[0]}`?)"
        else:
            suggestion = f" (did you mean '{close[0]}'?)" if close else ""
            hint = "functions are the builtins (count, empty, top, in_a_row, ...) and the game's `def`s and " \
                   "`proc`s"
            if close and close[0] in functions:
                hint = f"the builtin is `{functions[close[0]].text()}`"
        self.error("E011", f"unknown function '{e.func}'{suggestion}", e.name_span, hint)
        for x in e.args:
            self.expr(x, scope)

    def _arity(self, e: N.Call, lo: int, hi: int, signature: str) -> None:
        n = len(e.args)
        if lo <= n <= hi:
            return
        want = str(lo) if lo == hi else f"{lo} to {hi}"
        self.error("E020", f"'{e.func}' takes {want} argument{'s' if want != '1' else ''}, but {n} "
                           f"{'was' if n == 1 else 'were'} given", e.span, f"call it as {signature}")

    def _builtin_arg(self, sig: Signature, node: N.Expr, t: Type, accepts: Accepts, index: int) -> None:
        if accepts(t):
            return
        nth = ("first", "second", "third")[index] if index < 3 else f"argument {index + 1}"
        hint = type_hint(t, accepts.expected, node)
        if accepts.expected == list_of(DIR) and t == DIR:
            hint = f"for one direction write a list: `[{short_text(node)}]`"
        self.error("E021", f"'{sig.name}' wants {accepts.words} as its {nth} argument, but this is {a(t.show())}",
                   node.span, hint or f"call it as `{sig.text()}`")

    # ------------------------------------------------------------ collections
    def type_ListLit(self, e: N.ListLit, scope: Scope) -> Type:
        t = NONE
        for item in e.items:
            it = self.expr(item, scope)
            joined = t.join(it)
            if joined == ANY and ANY not in (t, it):
                self.error("E021", f"this list mixes {a(t.show())} and {a(it.show())}", item.span,
                           "put values of one type in a list, such as all spaces or all numbers")
                continue
            t = joined
        return list_of(ANY if t == NONE else t)

    def type_Index(self, e: N.Index, scope: Scope) -> Type:
        t = self.expr(e.obj, scope)
        self.expect(e.index, INT, scope, "an index")
        if not (t.is_list or t == ANY):
            self.error("E022", f"only a list can be indexed, not {a(t.show())}", e.obj.span,
                       "write a lookup table as a list: `[0, 1, 2, 4][n]`")
            return ANY
        return t.element

    def type_Range(self, e: N.Range, scope: Scope) -> Type:
        self.expect(e.low, INT, scope, "the start of a range")
        self.expect(e.high, INT, scope, "the end of a range")
        return list_of(INT)

    def type_Of(self, e: N.Of, scope: Scope) -> Type:
        owner_t = self.expr(e.owner, scope)
        if not owner_t.fits(PLAYER):
            self.error("E021", f"`of` needs a player on its right, but this is {a(owner_t.show())}", e.owner.span,
                       f"`KIND of PLAYER` is the pieces of a kind that a player owns, such as "
                       f"`{short_text(e.what)} of mover`" + ("; the owner of a piece is `owner(...)`"
                                                             if owner_t.general.base in ("space", "piece") else ""))
        what_t = self.expr(e.what, scope)
        if what_t.is_list and (what_t.element.fits(PIECE) or what_t.element.fits(SPACE)):
            return what_t
        self.error("E021", f"`of` picks a player's pieces from a kind or a list of pieces, not from "
                           f"{a(what_t.show())}", e.what.span,
                   "write `KIND of PLAYER`, such as `pawn of mover`; a player's zone is `mover.NAME`")
        return ANY

    def type_Filter(self, e: N.Filter, scope: Scope) -> Type:
        et = self.collection_elem(self.expr(e.domain, scope), e.domain, "a filter")
        self.expect(e.test, BOOL, scope.child().bind(e.var, et), f"a `{e.mode}` condition")
        return list_of(et)

    def type_Comprehension(self, e: N.Comprehension, scope: Scope) -> Type:
        inner = scope
        for f in e.fors:
            t = self.expr(f.domain, inner)
            inner = inner.child().bind(f.var, self.collection_elem(t, f.domain, "a `for`"))
            if f.test is not None:
                self.expect(f.test, BOOL, inner, "a `where` condition")
        return list_of(self.expr(e.element, inner))


def specialise(checked: Checked, library: Library, body: N.Expr,
               params: dict[str, Type]) -> Optional[dict[N.Node, Type]]:
    """The types of the expressions of a def's body when its parameters have these types (the compiler writes
    a def's body in place of a call, typed by the call's arguments; a def alone is typed with `any`
    parameters), or None when the body does not fit them (then it is called, and checked as it runs)."""
    ctx = Context(checked.module, library)
    ctx.sym = checked.symbols
    scope = Scope()
    for name, t in params.items():
        scope.bind(name, t, "param")
    ExpressionChecker(ctx).expr(body, scope)
    return None if any(d.severity == "error" for d in ctx.diags) else ctx.types
