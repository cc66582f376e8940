"""Types of expressions: what each expression of a rule is, checked against what its place wants.

`ExpressionChecker.expr` dispatches on the node's class to `type_<Class>`; it records the type of every
expression in the context's `types` and what every name means in its `meanings`, which the compiler reads.
"""
from __future__ import annotations

from typing import Any, Optional

import attrs

from . import nodes as N
from .hints import STATEMENT_FORMS, binop_hint, compare_hint, type_hint, unknown_name_hint
from .static_values import StaticValues
from .symbols import Checked, CheckScope, Context
from .tables import space_names
from .types import (
    ANY,
    BOOL,
    COMMON_ATTRS,
    DIR,
    INT,
    KIND,
    NONE,
    NUMBER,
    OFFSET,
    PHASE,
    PIECE,
    PLAYER,
    SPACE,
    TEXT,
    ZONE,
    Accepts,
    Library,
    MeaningCategory,
    Signature,
    Type,
    enum_type,
    list_of,
    piece_of,
)
from .wording import a, closest, did_you_mean, may_suggest, short_text, words

_STEPS = ("dir", "offset")  # the types of a step on a board


class ExpressionChecker(N.NodeVisitor):
    typers = N.Dispatch("type_")  # type_<Expr class>(e, scope) -> the Type of e

    def __init__(self, ctx: Context, inferred: Optional[dict[str, tuple[Type, ...]]] = None):
        self.ctx = ctx
        self.sym = ctx.sym
        self.def_types: dict[str, Type] = {}
        self._checking_defs: set[str] = set()
        self._params_checked: set[str] = set()
        # the types of a def's or proc's parameters that no type was written for, inferred from its calls by an
        # earlier pass of the checker (see infer_parameters); and the types of the arguments of each call seen
        self.inferred = inferred or {}
        self.call_types: dict[str, list[list[Type]]] = {}
        self._scopes_note: dict[N.Name, str] = {}  # names whose type a hint should explain
        self.statements: Any = None  # the StatementChecker, for defs and procs written as blocks
        self.effects_ok = False  # whether the expression being checked may change the game (call a proc)
        self.proc_types: dict[str, tuple[Optional[Type], bool]] = {}  # what each proc gives, checked once
        self._checking_procs: set[str] = set()

    def error(self, code, message, span, hint=None, focus=None):
        self.ctx.error(code, message, span, hint, focus)

    # ------------------------------------------------------------ entry points
    def expr(self, e: N.Expr, scope: CheckScope) -> Type:
        t = self.typers[e.__class__](self, e, scope)
        self.ctx.types[e] = t
        return t

    def expect(self, e: N.Expr, want: Type, scope: CheckScope, what: str) -> Type:
        t = self.kind_value(e, scope) if want == KIND else self.expr(e, scope)
        if not t.fits(want):
            self.error("E021", f"{what} should be {a(want.show())}, but this is {a(t.show())}", e.span,
                       type_hint(t, want, e) or self._why(e))
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
        scope = self.params_scope(d)
        t = self.expr(d.body, scope)
        self._checking_defs.discard(d.name)
        self.def_types[d.name] = t
        return t

    def proc_type(self, p: N.Proc) -> tuple[Optional[Type], bool]:
        """Check a proc's block once: (the type of the value it gives, or None; whether it always gives one)."""
        if p.name in self.proc_types:
            return self.proc_types[p.name]
        if p.name in self._checking_procs:
            return ANY, True  # a proc that calls itself for its value: what it gives is checked when it runs
        self._checking_procs.add(p.name)
        outer = self.effects_ok
        try:
            result = self.statements.proc_body(p, self.params_scope(p))
        finally:
            self.effects_ok = outer
            self._checking_procs.discard(p.name)
        self.proc_types[p.name] = result
        return result

    def type_DefBlock(self, e: N.DefBlock, scope: CheckScope) -> Type:
        outer = self.effects_ok
        try:
            return self.statements.def_block(e, scope.child())
        finally:
            self.effects_ok = outer

    def param_types(self, item) -> tuple[Type, ...]:
        """The type of each parameter of a def or proc: written, inferred from its calls, or `any`."""
        written = item.param_types or (None,) * len(item.params)
        inferred = self.inferred.get(item.name, ())
        out = []
        for i, ref in enumerate(written):
            if ref is not None:
                out.append(self.ctx.resolve_type_quiet(ref))
            else:
                out.append(inferred[i] if i < len(inferred) else ANY)
        return tuple(out)

    def params_scope(self, item) -> CheckScope:
        scope = CheckScope()
        written = item.param_types or (None,) * len(item.params)
        for name, t, ref in zip(item.params, self.param_types(item), written):
            scope.bind(name, t, "param")
            if ref is None and t != ANY:
                more = ", ..." if len(item.params) > 1 else ""
                word = "def" if isinstance(item, N.Def) else "proc"
                scope.notes[name] = (f"'{name}' is {a(t.show())} because every call of '{item.name}' gives it one; "
                                     f"to say otherwise write its type: `{word} {item.name}({name}: TYPE{more})`")
        return scope

    def check_param_types(self, item) -> None:
        """The types written for a def's or proc's parameters exist (reported once, here)."""
        for ref in item.param_types:
            if ref is not None:
                self.ctx.resolve_type(ref)

    def _call_args(self, e: N.Call, item, scope: CheckScope) -> None:
        """The arguments of a call of a def or proc: each fits its parameter's written type; their types are
        kept, to infer the types of parameters written without one."""
        written = item.param_types or (None,) * len(item.params)
        types = []
        for i, x in enumerate(e.args):
            ref = written[i] if i < len(written) else None
            if ref is not None:
                want = self.ctx.resolve_type_quiet(ref)
                t = self.kind_value(x, scope) if want == KIND else self.expr(x, scope)
                if not t.fits(want):
                    shown = ", ".join(f"{n}: {self.ctx.resolve_type_quiet(r).show()}" if r is not None else n
                                      for n, r in zip(item.params, written))
                    self.error("E021", f"the argument '{item.params[i]}' of '{e.func}' should be {a(want.show())}, "
                                       f"but this is {a(t.show())}", x.span,
                               type_hint(t, want, x) or f"'{e.func}' is declared `{e.func}({shown})`")
                types.append(t)
            else:
                types.append(self.expr(x, scope))
        if len(e.args) == len(item.params):
            self.call_types.setdefault(e.func, []).append(types)

    def inferred_parameters(self) -> dict[str, tuple[Type, ...]]:
        """For every def and proc, the type of each parameter as its calls give it: the one type all its
        arguments have (joined: a space and `none` make a space); `any` when a call gives a value of no known
        type, when they disagree, or when nothing calls it. Then the rules inside know what they hold."""
        out: dict[str, tuple[Type, ...]] = {}
        for table in (self.sym.defs, self.sym.procs):
            for name, item in table.items():
                calls = self.call_types.get(name, [])
                types = []
                for i in range(len(item.params)):
                    t = NONE
                    for args in calls:
                        t = ANY if args[i] == ANY else t.join(args[i])
                    types.append(ANY if not calls or t == NONE else t)
                out[name] = tuple(types)
        return out

    # ------------------------------------------------------------ leaves
    def type_Num(self, e: N.Num, scope: CheckScope) -> Type:
        return INT if isinstance(e.value, int) else NUMBER

    def type_Str(self, e: N.Str, scope: CheckScope) -> Type:
        return TEXT

    def type_Name(self, e: N.Name, scope: CheckScope) -> Type:
        ctx = self.ctx
        entry = scope.lookup(e.id)
        if entry is not None:
            return self._local(e, entry[0], scope)
        if e.id in ctx.doubled:
            return ANY  # (declared twice, E030: which one is meant is not known, and the mistake is told once)
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
        named = self._named_value(e)
        if named is not None:
            return named
        names = ctx.library.names
        if e.id in names:
            if e.id == "opponent" and s.players is not None and s.players.high > 2:
                self.error("E052", f"`opponent` needs a two-player game, but this game has {s.players.low} to "
                                   f"{s.players.high} players", e.span,
                           "with more players say which: `others` (every player but the mover) or "
                           "`next_player(mover)` (the one who moves next)")
            if e.id == "phase" and not s.phases:
                self.error("E014", "the game has no phases, so `phase` is always none", e.span,
                           "declare phases with `phase NAME:`; `phase` is the one the game is in")
            ctx.mean(e, "builtin")
            return names[e.id].type
        return self._not_a_value(e, scope)

    def _named_value(self, e: N.Name) -> Optional[Type]:
        """A kind's, an enum's, an enum value's, an option's or a phase's name: its type, or None."""
        s = self.sym
        found: Optional[tuple[MeaningCategory, Type]] = None
        if e.id in s.kinds:
            found = ("kind", list_of(piece_of(e.id)))
        elif e.id in s.enum_values:
            found = ("enum", enum_type(s.enum_values[e.id]))
        elif e.id in s.enums:
            found = ("enum type", list_of(enum_type(e.id)))
        elif e.id in s.options:
            found = ("option", INT if s.options[e.id].default is not None else BOOL)
        elif e.id in s.phases:
            found = ("phase", PHASE)
        if found is None:
            return None
        self.ctx.mean(e, found[0])
        return found[1]

    # ------------------------------------------------------------ kinds as values
    def is_kind_name(self, e: N.Expr, scope: CheckScope) -> bool:
        """Is this the name of a piece kind (not hidden by a local name)?"""
        return isinstance(e, N.Name) and e.id in self.sym.kinds and scope.lookup(e.id) is None

    def kind_value(self, e: N.Expr, scope: CheckScope) -> Type:
        """Type `e` where a kind is wanted: there a kind's name is the kind itself, not the list of its pieces
        (and so in either value of `A if C else B`: `destroyer if n == 2 else cruiser`)."""
        if isinstance(e, N.Cond) and self._names_kinds(e, scope):
            self.expect(e.test, BOOL, scope, "the condition of `if ... else`")
            self.kind_value(e.then, scope)
            self.kind_value(e.orelse, scope)
            self.ctx.types[e] = KIND
            return KIND
        if not self.is_kind_name(e, scope):
            return self.expr(e, scope)
        assert isinstance(e, N.Name)
        self.ctx.mean(e, "kind value")
        self.ctx.types[e] = KIND
        return KIND

    def _names_kinds(self, e: N.Expr, scope: CheckScope) -> bool:
        """Is each value of this `A if C else B` (however nested) a kind's name?"""
        if isinstance(e, N.Cond):
            return self._names_kinds(e.then, scope) and self._names_kinds(e.orelse, scope)
        return self.is_kind_name(e, scope)

    def _local(self, e: N.Name, t: Type, scope: CheckScope) -> Type:
        self.ctx.mean(e, "local")
        note = scope.note(e.id)
        if note is not None:
            self._scopes_note[e] = note
        return t

    def _not_a_value(self, e: N.Name, scope: CheckScope) -> Type:
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
            close = closest(e.id, set(scope.all_names()) | set(s.vars) | set(s.consts) | set(s.boards) | set(s.zones)
                            | set(s.kinds) | set(s.enum_values) | set(s.options) | set(self.ctx.library.names)) \
                if may_suggest() else None
            hint = unknown_name_hint(e.id)
            if close and e.id not in ("True", "False", "None"):
                hint = f"'{close}' is {self.ctx.describe(close, scope)}"
            self.error("E010", f"unknown name '{e.id}'" + (f" (did you mean '{close}'?)" if close else ""), e.span,
                       hint)
        return ANY

    # ------------------------------------------------------------ attributes
    def type_Attr(self, e: N.Attr, scope: CheckScope) -> Type:
        obj_t = self.expr(e.obj, scope)
        t, _ = self.attribute(obj_t, e)
        return t or ANY

    def attribute(self, obj_t: Type, e: N.Attr) -> tuple[Optional[Type], bool]:
        """(type, assignable) of obj.name, or (None, False) after reporting."""
        if obj_t == ANY:
            return self._untyped_attribute(e)
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

    def _untyped_attribute(self, e: N.Attr) -> tuple[Optional[Type], bool]:
        """`x.name` of a value whose type is not known (a parameter that its calls do not type): the name must be
        an attribute of something in the game; when everything that has it gives the same type, that is its type
        (whatever x turns out to be, reading the attribute either gives that or stops the rule)."""
        found = self.attribute_types(e.name)
        if not found:
            names = sorted({n for base in COMMON_ATTRS.values() for n in base}
                           | {x.name for k in self.sym.kinds.values() for x in k.attrs}
                           | {n for n, v in self.sym.vars.items() if v.per_player}
                           | {n for n, z in self.sym.zones.items() if z.per_player})
            self.error("E013", f"nothing in this game has an attribute '{e.name}'{did_you_mean(e.name, names)}",
                       e.name_span, "attributes belong to pieces (their kind's, and owner, up, space, kind, turns), "
                       "players (name, seat, and the variables and zones of each player), spaces, zones and "
                       "directions")
            return None, False
        return (found.pop() if len(found) == 1 else ANY), True

    def attribute_types(self, name: str) -> set[Type]:
        """The types that an attribute of this name has, on whatever in the game has one."""
        sym = self.sym
        found = {common[name][0] for common in COMMON_ATTRS.values() if name in common}
        found |= {self.ctx.resolve_type_quiet(x.type) for k in sym.kinds.values() for x in k.attrs if x.name == name}
        if name in sym.vars and sym.vars[name].per_player:
            found.add(self.ctx.resolve_type_quiet(sym.vars[name].type))
        if name in sym.zones and sym.zones[name].per_player:
            found.add(ZONE)
        if name in sym.boards and sym.boards[name].per_player:
            found.add(list_of(SPACE))
        return found

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
        nearest = closest(e.name, zones + pvars + list(common))
        close = [nearest] if nearest else []
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
    def type_BoolOp(self, e: N.BoolOp, scope: CheckScope) -> Type:
        for v in e.values:
            self.expect(v, BOOL, scope, f"each side of `{e.op}`")
        return BOOL

    def type_Not(self, e: N.Not, scope: CheckScope) -> Type:
        self.expect(e.value, BOOL, scope, "what `not` negates")
        return BOOL

    def type_Neg(self, e: N.Neg, scope: CheckScope) -> Type:
        t = self.expr(e.value, scope)
        if t.base in _STEPS:
            return OFFSET  # the step back: `-(1, 2)` is (-1, -2)
        if not t.fits(NUMBER):
            self.error("E021", f"what `-` negates should be a number, but this is {a(t.show())}", e.value.span,
                       type_hint(t, NUMBER, e.value) or self._why(e.value))
        return NUMBER if t == NUMBER else INT

    def type_OffsetLit(self, e: N.OffsetLit, scope: CheckScope) -> Type:
        self.expect(e.dx, INT, scope, "the columns of an offset (east is positive)")
        self.expect(e.dy, INT, scope, "the rows of an offset (north is positive)")
        return OFFSET

    def type_Cond(self, e: N.Cond, scope: CheckScope) -> Type:
        self.expect(e.test, BOOL, scope, "the condition of `if ... else`")
        x, y = self.expr(e.then, scope), self.expr(e.orelse, scope)
        t = x.join(y)
        if t == ANY and ANY not in (x, y):
            self.error("E021", f"the two values of this `if ... else` are {a(x.show())} and {a(y.show())}",
                       e.span, "both sides of `A if CONDITION else B` must give the same type of value")
        return t

    def type_BinOp(self, e: N.BinOp, scope: CheckScope) -> Type:
        lt = self.expr(e.left, scope)
        rt = self.expr(e.right, scope)
        if e.op == "+" and lt.fits(SPACE) and rt.fits(DIR) and (DIR in (lt, rt) or SPACE in (lt, rt)):
            return SPACE  # a space plus a direction: the next space that way
        steps = (lt.base in _STEPS, rt.base in _STEPS)
        if e.op in ("+", "-") and lt.fits(SPACE) and lt != ANY and steps[1]:
            return SPACE  # a space plus (or minus) an offset: the space that far away, a leap
        if e.op in ("+", "-") and steps == (True, True):
            return OFFSET  # steps added: `north + north + east` is (1, 2)
        if e.op == "*" and (steps == (True, False) and rt.fits(INT) or steps == (False, True) and lt.fits(INT)):
            return OFFSET  # a step taken n times: `north * 2`
        if e.op == "+" and lt.is_list and rt.is_list:
            return lt.join(rt)
        if e.op == "-" and lt.is_list and rt.is_list:
            return lt  # the items of the left list that are not in the right one
        if e.op == "+" and TEXT in (lt, rt) and lt.fits(TEXT) and rt.fits(TEXT):
            return TEXT  # texts join
        if lt == ANY and rt == ANY:
            return ANY  # two untyped values (a def's parameters): decided when the rule runs
        if e.op == "+" and ANY in (lt, rt) and (lt.is_list or rt.is_list):
            return list_of(ANY)  # an untyped value joined to a list: a list, whatever the other holds
        for side, t in ((e.left, lt), (e.right, rt)):
            if not t.fits(NUMBER):
                self.error("E021", f"`{e.op}` works on numbers, but this is {a(t.show())}", side.span,
                           binop_hint(e, lt, rt, t))
        # `/` divides exactly (7 / 2 is 3.5); `//` gives the whole quotient (7 // 2 is 3); whole numbers stay
        # whole under + - * %
        if e.op == "//":
            return INT
        return NUMBER if e.op == "/" or NUMBER in (lt, rt) else INT

    def type_Compare(self, e: N.Compare, scope: CheckScope) -> Type:
        lt = self.expr(e.left, scope)
        rt = self.kind_value(e.right, scope) if lt == KIND and e.op in ("==", "!=") else self.expr(e.right, scope)
        if rt == KIND and e.op in ("==", "!=") and self.is_kind_name(e.left, scope):
            lt = self.kind_value(e.left, scope)
        if e.op in ("in", "not in"):
            if not (rt.is_list or rt.base in ("zone", "space", "any")):
                self.error("E022", f"`{e.op}` looks inside a collection, but this is {a(rt.show())}", e.right.span,
                           f"`x {e.op} ...` asks whether x is one of a list, a board, a zone or a space's stack"
                           + (f"; to compare two values write `{'==' if e.op == 'in' else '!='}`"
                              if not rt.is_list else ""))
            elif rt.is_list and ANY not in (lt, rt.element) and not (lt.fits(rt.element) or rt.element.fits(lt)):
                self.error("E021", f"{a(lt.show())} is never in a list of {rt.element.show()}, so this `{e.op}` is "
                                   f"always {'false' if e.op == 'in' else 'true'}", e.span, compare_hint(e, lt, rt))
            elif isinstance(e.right, N.ListLit):
                for item in e.right.items:
                    self._never_named(e, lt, item)
            return BOOL
        if e.op in ("<", ">", "<=", ">="):
            if lt.is_enum or rt.is_enum:
                self._enum_order(e, lt, rt)
                return BOOL
            for side, t in ((e.left, lt), (e.right, rt)):
                if not t.fits(NUMBER):
                    self.error("E021", f"`{e.op}` compares numbers, but this is {a(t.show())}", side.span,
                               self._order_hint(e, side, t))
            return BOOL
        if not (lt.fits(rt) or rt.fits(lt)):
            always = "false" if e.op == "==" else "true"
            self.error("E021", f"{a(lt.show())} is never equal to {a(rt.show())}, so this `{e.op}` is always "
                               f"{always}", e.span, self._enum_text_hint(e, lt, rt) or compare_hint(e, lt, rt))
        else:
            self._never_named(e, lt, e.right)
            self._never_named(e, rt, e.left)
            self._never_on_board(e)
        return BOOL

    # ------------------------------------------------------------ numbers that no space of the boards has
    def fixed_number(self, e: N.Expr) -> Optional[int]:
        """The number e is whatever the options, when it is fixed by the rules file (a number, a constant)."""
        def game_name(n: N.Name) -> bool:
            m = self.ctx.meanings.get(n)
            return m is not None and m.category in ("const", "option")
        static = StaticValues(self.sym, is_game_name=game_name)
        return None if static.options_in(e) else static.int_of(e)

    def board_extent(self) -> Optional[tuple[int, int]]:
        """The largest width and height of the game's boards, when they are fixed (no area, no size that an
        option sets)."""
        static = StaticValues(self.sym)
        widths, heights = [], []
        for b in self.sym.boards.values():
            if b.shape != "grid" or static.options_in(b.width) or static.options_in(b.height):
                return None
            w, h = static.int_of(b.width), static.int_of(b.height)
            if w is None or h is None:
                return None
            widths.append(w)
            heights.append(h)
        return (max(widths), max(heights)) if widths else None

    def coordinate(self, e: N.Expr) -> Optional[tuple[str, int]]:
        """(what, largest value) when e is a space's column or row: `c.x`, `c.y`, `row(c, p)`, `column(c, p)`."""
        extent = self.board_extent()
        if extent is None:
            return None
        if isinstance(e, N.Attr) and e.name in ("x", "y") and self.ctx.types.get(e.obj) == SPACE:
            return (f"`.{e.name}`", extent[0] if e.name == "x" else extent[1])
        if isinstance(e, N.Call) and e.func in ("row", "column") and e.func not in self.sym.defs:
            return (f"`{e.func}(...)`", max(extent))  # read from a side seat, a row runs along the width
        return None

    def _never_on_board(self, e: N.Compare) -> None:
        """`c.y == 9` on boards of 8 rows: no space has that row, so the test is never true (a board and a
        constant that disagree)."""
        for side, other in ((e.left, e.right), (e.right, e.left)):
            coordinate = self.coordinate(side)
            value = self.fixed_number(other) if coordinate is not None else None
            if coordinate is None or value is None or 1 <= value <= coordinate[1]:
                continue
            self.error("E026", f"no space has {value} as its {coordinate[0]}: the boards go from 1 to "
                               f"{coordinate[1]}, so this `{e.op}` is always {'false' if e.op == '==' else 'true'}",
                       other.span, "the board's size and this number disagree: give the board its size from the "
                                   "same constant (`grid N x N`), or compare with a number on the board")
            return

    def _never_named(self, e: N.Compare, t: Type, text: N.Expr) -> None:
        """A text compared with a kind or a phase must name one: `top(s).kind == "kign"` is never true."""
        if not isinstance(text, N.Str) or t not in (KIND, PHASE):
            return
        what, names = ("piece kind", list(self.sym.kinds)) if t == KIND else ("phase", list(self.sym.phases))
        if text.value in names:
            return
        always = "false" if e.op in ("==", "in") else "true"
        self.error("E026", f"no {what} is called '{text.value}'{did_you_mean(text.value, names)}, so this "
                           f"`{e.op}` is always {always}", text.span,
                   (f"the {what}s are {words(names, 'and')}" if names else f"the game declares no {what}s")
                   + f"; a {what.split()[-1]} may also be written by its name, without quotes")

    def _enum_text_hint(self, e: N.Compare, lt: Type, rt: Type) -> Optional[str]:
        """An enum compared with a text that is none of its values."""
        enum = lt if lt.is_enum else rt if rt.is_enum else None
        text = next((x for x in (e.left, e.right) if isinstance(x, N.Str)), None)
        if enum is None or text is None or enum.name not in self.sym.enums:
            return None
        values = self.sym.enums[enum.name].values
        if text.value in values:
            return None
        return (f"'{text.value}' is not a {enum.name} either{did_you_mean(text.value, values)}: a {enum.name} is "
                f"{words(list(values), 'or')}, written without quotes")

    def _enum_order(self, e: N.Compare, lt: Type, rt: Type) -> None:
        """`<` `>` `<=` `>=` with an enum: two values of the same enum are in the order of its declaration (`two <
        three < ... < ace`); anything else is in no order with them."""
        if lt == rt or ANY in (lt, rt):
            return
        enum, other, side = (lt, rt, e.left) if lt.is_enum else (rt, lt, e.right)
        values = self.sym.enums[enum.name].values if enum.name in self.sym.enums else ()
        example = f"`{short_text(side)} {e.op} {values[-1]}`" if values and side is e.left else \
            f"`{values[-1]} {e.op} {short_text(side)}`" if values else f"two {enum.name} values"
        if other.is_enum:
            self.error("E021", f"`{e.op}` puts values of one enum in order, but this compares {a(lt.show())} with "
                               f"{a(rt.show())}", e.span,
                       f"values of different enums are in no order between them: compare two {lt.show()} values, "
                       f"or two {rt.show()} values")
        elif other.fits(NUMBER):
            self.error("E021", f"`{e.op}` compares {a(enum.show())} with {a(other.show())}: {a(enum.show())} is in "
                               f"the order of its values, not of numbers", e.span,
                       f"compare it with another {enum.show()}, such as {example}; its place in the order as a "
                       f"number is `index({enum.name}, {short_text(side)})` (from 0)")
        else:
            self.error("E021", f"`{e.op}` compares {a(enum.show())} with {a(other.show())}, which is in no order "
                               f"with it", e.span, f"compare it with another {enum.show()}, such as {example}")

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
    def type_Call(self, e: N.Call, scope: CheckScope) -> Type:
        return self.call(e, scope)

    def call(self, e: N.Call, scope: CheckScope, statement: bool = False) -> Type:
        s, functions = self.sym, self.ctx.library.functions
        if e.func in s.procs:
            p = s.procs[e.func]
            self._arity(e, len(p.params), len(p.params), f"`{e.func}({', '.join(p.params)})`")
            self._call_args(e, p, scope)
            return ANY if statement else self._proc_value(e, p)
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
            self._call_args(e, d, scope)
            return self.def_type(d)
        sig = functions[e.func]
        self._arity(e, sig.required, len(sig.params), f"`{sig.text()}`")
        arg_types = [self.expr(x, scope) for x in e.args]
        for i, (node, t, accepts) in enumerate(zip(e.args, arg_types, sig.params)):
            self._builtin_arg(sig, node, t, accepts, i)
        if e.func == "space" and e.args and isinstance(e.args[0], N.Str):
            self._names_a_space(e.args[0])
        if e.func == "at" and len(e.args) == 3:
            self._at_off_board(e)
        if e.func == "repetitions" and e.args:
            self._part_of_the_position(e.args[0])
        return sig.result_for(arg_types)

    def _part_of_the_position(self, part: N.Expr) -> None:
        """`repetitions(PART)`: the part is worked out again at the start of every turn, where a rule's names
        (a parameter, a `let`, a loop's variable) mean nothing."""
        local = next((n for n in N.walk(part) if isinstance(n, N.Name) and self.ctx.meanings.get(n) is not None
                      and self.ctx.meanings[n].category == "local"), None)
        if local is not None:
            self.error("E021", f"`repetitions` compares a part of the position named without a rule's names, but "
                               f"'{local.id}' is one", local.span,
                       "the part is counted at the start of every turn, where the rule's names mean nothing: name a "
                       "board, a zone, a constant or a player's board or zone (`repetitions(points)`)")

    def _at_off_board(self, e: N.Call) -> None:
        """`at(cells, 9, 9)` on a board of 8 x 8 is always none."""
        board = e.args[0]
        if not (isinstance(board, N.Name) and self.ctx.meanings.get(board) is not None
                and self.ctx.meanings[board].category == "board"):
            return
        b = self.sym.boards[board.id]
        static = StaticValues(self.sym)
        if b.shape != "grid" or static.options_in(b.width) or static.options_in(b.height):
            return
        size = (static.int_of(b.width), static.int_of(b.height))
        for arg, most, what in ((e.args[1], size[0], "column"), (e.args[2], size[1], "row")):
            value = self.fixed_number(arg)
            if value is not None and most is not None and not 1 <= value <= most:
                self.error("E026", f"board '{b.name}' has no {what} {value} (it is {size[0]} x {size[1]}), so "
                                   f"this is always none", arg.span,
                           "the board's size and this number disagree: give the board its size from the same "
                           "constant (`grid N x N`)")
                return

    def _names_a_space(self, text: N.Str) -> None:
        names = space_names(self.sym)
        if names is None or text.value in names:
            return
        same = [n for n in names if n.lower() == text.value.lower()]
        close = f" (did you mean '{same[0]}'?)" if same else did_you_mean(text.value, names)
        self.error("E017", f"no space is named '{text.value}'{close}", text.span,
                   "a space is named as its board shows it: a1, b2, ... (`labels upper`: A1; a later board whose "
                   "names repeat an earlier one's: BOARD.a1)")

    def _proc_value(self, e: N.Call, p: N.Proc) -> Type:
        """A proc called for its value: only where the game may change, and only a proc that gives one."""
        gives, always = self.proc_type(p)
        if not self.effects_ok:
            self.error("E036", f"'{e.func}' is a proc: it may change the game, so it cannot be called here",
                       e.name_span, "a condition (a `where`, a `require`, an `until`), a def, a constant or a "
                       "start value must not change anything: compute the value with a `def`")
        elif gives is None:
            self.error("E021", f"'{e.func}' is a proc: it does things and gives no value", e.span,
                       "call it on a line of its own; to give a value end it with `return VALUE`, or use a `def`")
        elif self._asks_a_player(p.name):
            self.error("E033", f"proc '{e.func}' asks a player to choose, so it cannot give a value", e.name_span,
                       "a value is worked out at once; call the proc on a line of its own, and keep what it "
                       "decides in a variable")
        elif not always:
            self.error("E035", f"proc '{e.func}' can reach the end of its block without giving a value",
                       e.name_span, "end the proc's block with `return VALUE`")
        return gives if gives is not None else ANY

    def _asks_a_player(self, proc: str) -> bool:
        """Does a proc ask a player to choose, itself or through the procs it calls?"""
        seen: set[str] = set()
        todo = [proc]
        while todo:
            name = todo.pop()
            if name in seen or name not in self.sym.procs:
                continue
            seen.add(name)
            for n in N.walk(self.sym.procs[name].body):
                if isinstance(n, (N.Choose, N.AtOnce)) or (isinstance(n, N.For) and n.ordered_by is not None):
                    return True
                if isinstance(n, N.Call) and n.func in self.sym.procs:
                    todo.append(n.func)
        return False

    def _unknown_function(self, e: N.Call, scope: CheckScope) -> None:
        s, functions = self.sym, self.ctx.library.functions
        names = list(s.defs) + list(s.procs) + list(functions)
        nearest = closest(e.func, set(names) | set(STATEMENT_FORMS))
        close = [nearest] if nearest else []
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

    def _why(self, node: N.Expr) -> Optional[str]:
        """Why a name has the type it has, when that is not plain to see (a parameter typed by its calls)."""
        return self._scopes_note.get(node) if isinstance(node, N.Name) else None

    def _builtin_arg(self, sig: Signature, node: N.Expr, t: Type, accepts: Accepts, index: int) -> None:
        if accepts(t):
            return
        nth = ("first", "second", "third")[index] if index < 3 else f"argument {index + 1}"
        hint = type_hint(t, accepts.expected, node) or self._why(node)
        if sig.name == "sort" and t.is_list:
            hint = f"to put other values in an order, sort them by a number: `x in {short_text(node)} sorted by x.y`"
        if accepts.expected in (list_of(DIR), list_of(OFFSET)) and t.base in _STEPS:
            hint = f"for one direction write a list: `[{short_text(node)}]`"
        self.error("E021", f"'{sig.name}' wants {accepts.words} as its {nth} argument, but this is {a(t.show())}",
                   node.span, hint or f"call it as `{sig.text()}`")

    # ------------------------------------------------------------ collections
    def type_ListLit(self, e: N.ListLit, scope: CheckScope) -> Type:
        if e.items and all(self.is_kind_name(item, scope) for item in e.items):
            for item in e.items:
                self.kind_value(item, scope)
            return list_of(KIND)  # `[queen, rook]`: kinds, not lists of their pieces
        t = NONE
        for item in e.items:
            it = self.expr(item, scope)
            joined = t.join(it)
            if {t.base, it.base} == {"space", "zone"} and not (t.is_list or it.is_list):
                # places of both kinds (a mancala's pits and stores): a list of places, each read as what it is
                # where a space or a zone is wanted (`count`, `top`, `empty`, `pieces in`: CONTAINER)
                t = ANY
                continue
            if joined == ANY and ANY not in (t, it):
                self.error("E021", f"this list mixes {a(t.show())} and {a(it.show())}", item.span,
                           "put values of one type in a list, such as all spaces or all numbers")
                continue
            t = joined
        return list_of(ANY if t == NONE else t)

    def type_Index(self, e: N.Index, scope: CheckScope) -> Type:
        t = self.expr(e.obj, scope)
        self.expect(e.index, INT, scope, "an index")
        if not (t.is_list or t == ANY):
            self.error("E022", f"only a list can be indexed, not {a(t.show())}", e.obj.span,
                       "write a lookup table as a list: `[0, 1, 2, 4][n]`")
            return ANY
        return t.element

    def type_Range(self, e: N.Range, scope: CheckScope) -> Type:
        self.expect(e.low, INT, scope, "the start of a range")
        self.expect(e.high, INT, scope, "the end of a range")
        return list_of(INT)

    def type_Of(self, e: N.Of, scope: CheckScope) -> Type:
        owner_t = self.expr(e.owner, scope)
        if not owner_t.fits(PLAYER):
            self.error("E021", f"`of` needs a player on its right, but this is {a(owner_t.show())}", e.owner.span,
                       f"`KIND of PLAYER` is the pieces of a kind that a player owns, such as "
                       f"`{short_text(e.what)} of mover`" + ("; the owner of a piece is `owner(...)`"
                                                             if owner_t.general.base in ("space", "piece") else ""))
        what_t = self.expr(e.what, scope)
        if what_t.is_list and (what_t.element.fits(PIECE) or what_t.element.fits(SPACE)):
            return what_t
        if what_t == KIND:
            return list_of(PIECE)  # `k of mover`: the pieces of the kind k that the player owns
        self.error("E021", f"`of` picks a player's pieces from a kind or a list of pieces, not from "
                           f"{a(what_t.show())}", e.what.span,
                   "write `KIND of PLAYER`, such as `pawn of mover`; a player's zone is `mover.NAME`")
        return ANY

    def type_Filter(self, e: N.Filter, scope: CheckScope) -> Type:
        et = self.collection_elem(self.expr(e.domain, scope), e.domain, "a filter")
        if e.mode == "sorted":
            key = self.expr(e.test, scope.child().bind(e.var, et))
            if not (key.fits(INT) or key.fits(TEXT) or key.is_enum):
                self.error("E021", f"a list is sorted by numbers, texts or an enum's values, but this is "
                                   f"{a(key.show())}", e.test.span,
                           type_hint(key, INT, e.test) or "sort by a number worked out for each value, such as "
                           f"`{e.var}.y` or `count(...)`; `-` before it puts the largest first")
            return list_of(et)
        if isinstance(e.test, N.Cond):
            # `x in A where C if D else B` reads as a filter whose condition is `C if D else B`
            first = len(self.ctx.diags)
            self.expect(e.test, BOOL, scope.child().bind(e.var, et), f"a `{e.mode}` condition")
            self.ctx.diags[first:] = [attrs.evolve(d, hint=f"the `{e.mode}` condition runs to the end: to choose "
                                                           f"between a filter and another value, put the filter in "
                                                           f"parentheses, `(x in LIST {e.mode} CONDITION) if ... "
                                                           f"else ...`") for d in self.ctx.diags[first:]]
        else:
            self.expect(e.test, BOOL, scope.child().bind(e.var, et), f"a `{e.mode}` condition")
        return list_of(et)

    def type_Comprehension(self, e: N.Comprehension, scope: CheckScope) -> Type:
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
    # the constants' types, as the checker found them (a constant read in the body is of its type, not `any`)
    ctx.types.update((c, checked.types[c]) for c in checked.symbols.consts.values() if c in checked.types)
    scope = CheckScope()
    for name, t in params.items():
        scope.bind(name, t, "param")
    from .statements import StatementChecker  # (statements.py builds on this module)
    exprs = ExpressionChecker(ctx)
    StatementChecker(ctx, exprs)  # for defs written as blocks
    exprs.expr(body, scope)
    return None if any(d.severity == "error" for d in ctx.diags) else ctx.types
