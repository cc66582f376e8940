"""Types of expressions: what each expression of a rule is, checked against what its place wants.

Mixed into the Checker (checker.py); it records the type of every expression in `self.types` and what
every name means in `self.refs`, which the compiler reads.
"""
from __future__ import annotations

import difflib

from . import nodes as N
from .diagnostics import words as _words, did_you_mean
from .types import (BUILTIN_FUNCTIONS, BUILTIN_NAMES, COMMON_ATTRS, base, elem, fits, is_list, join, list_of,
                    show)


class _Scope:
    def __init__(self, parent=None):
        self.parent = parent
        self.names = {}

    def lookup(self, name):
        s = self
        while s is not None:
            if name in s.names:
                return s.names[name]
            s = s.parent
        return None

    def all_names(self):
        out, s = set(), self
        while s is not None:
            out |= set(s.names)
            s = s.parent
        return out


class ExpressionChecker:
    def expect(self, e, want, scope, what):
        t = self.expr(e, scope)
        if not fits(t, want):
            self.error("E021", f"{what} should be {_a(show(want))}, but this is {_a(show(t))}", e.span,
                       _type_hint(t, want, e))
        return t

    def collection_elem(self, t, node, what):
        if is_list(t):
            return elem(t)
        if t in ("zone", "space"):
            return "piece"
        if t == "any":
            return "any"
        if t == "int":
            hint = (f"to do something {_text(node)} times write `repeat {_text(node)}:`; for the numbers 1 to "
                    f"{_text(node)} write `1..{_text(node)}`")
        elif t == "dir":
            hint = f"for a list of directions write `[{_text(node)}, ...]`, or use `orthogonal`, `diagonal`"
        elif t in ("player", "piece") or t.startswith("piece:"):
            hint = f"for the one {show(t)} write a list: `[{_text(node)}]`"
        else:
            hint = "a board, a zone, a space's stack, a list, or a filter such as `x in cells where empty(x)`"
        self.error("E022", f"{what} ranges over a collection, but this is {_a(show(t))}", node.span, hint)
        return "any"

    def expr(self, e, scope) -> str:
        t = self._expr(e, scope)
        self.types[e] = t
        return t

    def _expr(self, e, scope) -> str:
        if isinstance(e, N.Num):
            return "int"
        if isinstance(e, N.Str):
            return "text"
        if isinstance(e, N.Name):
            return self.name(e, scope)
        if isinstance(e, N.Attr):
            obj_t = self.expr(e.obj, scope)
            t, _ = self.attribute(obj_t, e)
            return t or "any"
        if isinstance(e, N.Call):
            return self.call(e, scope)
        if isinstance(e, N.BinOp):
            return self.binop(e, scope)
        if isinstance(e, N.Compare):
            return self.compare(e, scope)
        if isinstance(e, N.BoolOp):
            for v in e.values:
                self.expect(v, "bool", scope, f"each side of `{e.op}`")
            return "bool"
        if isinstance(e, N.Not):
            self.expect(e.value, "bool", scope, "what `not` negates")
            return "bool"
        if isinstance(e, N.Neg):
            self.expect(e.value, "int", scope, "what `-` negates")
            return "int"
        if isinstance(e, N.Cond):
            self.expect(e.test, "bool", scope, "the condition of `if ... else`")
            a, b = self.expr(e.then, scope), self.expr(e.orelse, scope)
            t = join(a, b)
            if t == "any" and "any" not in (a, b):
                self.error("E021", f"the two values of this `if ... else` are {_a(show(a))} and {_a(show(b))}",
                           e.span, "both sides of `A if CONDITION else B` must give the same type of value")
            return t
        if isinstance(e, N.ListLit):
            t = "none"
            for item in e.items:
                it = self.expr(item, scope)
                joined = join(t, it)
                if joined == "any" and "any" not in (t, it):
                    self.error("E021", f"this list mixes {_a(show(t))} and {_a(show(it))}", item.span,
                               "put values of one type in a list, such as all spaces or all numbers")
                    continue
                t = joined
            return list_of("any" if t == "none" else t)
        if isinstance(e, N.Index):
            t = self.expr(e.obj, scope)
            self.expect(e.index, "int", scope, "an index")
            if not (is_list(t) or t == "any"):
                self.error("E022", f"only a list can be indexed, not {_a(show(t))}", e.obj.span,
                           "write a lookup table as a list: `[0, 1, 2, 4][n]`")
                return "any"
            return elem(t)
        if isinstance(e, N.Range):
            self.expect(e.low, "int", scope, "the start of a range")
            self.expect(e.high, "int", scope, "the end of a range")
            return "list[int]"
        if isinstance(e, N.Of):
            return self.of(e, scope)
        if isinstance(e, N.Filter):
            t = self.expr(e.domain, scope)
            et = self.collection_elem(t, e.domain, "a filter")
            inner = _Scope(scope)
            inner.names[e.var] = (et, "local")
            self.expect(e.test, "bool", inner, f"a `{e.mode}` condition")
            return list_of(et)
        if isinstance(e, N.Comprehension):
            inner = scope
            for f in e.fors:
                t = self.expr(f.domain, inner)
                inner = _Scope(inner)
                inner.names[f.var] = (self.collection_elem(t, f.domain, "a `for`"), "local")
                if f.test is not None:
                    self.expect(f.test, "bool", inner, "a `where` condition")
            return list_of(self.expr(e.element, inner))
        return "any"

    def name(self, e: N.Name, scope) -> str:
        entry = scope.lookup(e.id)
        if entry is not None:
            self.refs[e] = ("local", e.id)
            return entry[0]
        s = self.sym
        if e.id in s.vars:
            v = s.vars[e.id]
            if v.per_player:
                self.error("E024", f"'{e.id}' is a variable of each player", e.span, f"say whose: `mover.{e.id}`")
                return "any"
            self.refs[e] = ("var", e.id)
            return self.resolve_type_quiet(v.type)
        if e.id in s.consts:
            self.refs[e] = ("const", e.id)
            return self.types.get(s.consts[e.id], "any")
        if e.id in s.boards:
            if s.boards[e.id].per_player:
                self.error("E012", f"board '{e.id}' belongs to each player", e.span, f"say whose: `mover.{e.id}`")
                return "list[space]"
            self.refs[e] = ("board", e.id)
            return "list[space]"
        if e.id in s.zones:
            z = s.zones[e.id]
            if z.per_player:
                self.error("E012", f"zone '{e.id}' belongs to each player", e.span, f"say whose: `mover.{e.id}`")
                return "zone"
            self.refs[e] = ("zone", e.id)
            return "zone"
        if e.id in s.kinds:
            self.refs[e] = ("kind", e.id)
            return list_of(f"piece:{e.id}")
        if e.id in s.enum_values:
            self.refs[e] = ("enum", e.id)
            return f"enum:{s.enum_values[e.id]}"
        if e.id in s.options:
            self.refs[e] = ("option", e.id)
            return "bool"
        if e.id in s.phases:
            self.refs[e] = ("phase", e.id)
            return "text"
        if e.id in BUILTIN_NAMES:
            if e.id == "opponent" and s.players is not None and s.players.high > 2:
                self.error("E052", f"`opponent` needs a two-player game, but this game has {s.players.low} to "
                                   f"{s.players.high} players", e.span,
                           "with more players say which: `others` (every player but the mover) or "
                           "`next_player(mover)` (the one who moves next)")
            self.refs[e] = ("builtin", e.id)
            return BUILTIN_NAMES[e.id][0]
        if e.id in s.defs:
            params = s.defs[e.id].params
            self.error("E020", f"'{e.id}' is a def; call it with its argument{'s' if len(params) != 1 else ''}",
                       e.span, f"write `{e.id}({', '.join(params)})`")
            return "any"
        if e.id in BUILTIN_FUNCTIONS:
            self.error("E020", f"'{e.id}' is a function; call it with its argument"
                               f"{'s' if BUILTIN_FUNCTIONS[e.id][0] != 1 else ''}", e.span,
                       f"write `{_signature(e.id)}`")
            return "any"
        if e.id in s.procs:
            self.error("E021", f"'{e.id}' is a proc: it does things and gives no value", e.span,
                       f"call it on a line of its own: `{e.id}({', '.join(s.procs[e.id].params)})`")
            return "any"
        if e.id in s.actions or e.id in s.triggers:
            kind = "an action" if e.id in s.actions else "a trigger"
            self.error("E010", f"'{e.id}' is {kind}, and rules are not values", e.span,
                       "to share a test or a value between rules, put it in a `def`")
            return "any"
        candidates = (set(scope.all_names()) | set(s.vars) | set(s.consts) | set(s.boards) | set(s.zones)
                      | set(s.kinds) | set(s.enum_values) | set(s.options) | set(BUILTIN_NAMES))
        close = difflib.get_close_matches(e.id, sorted(candidates), n=1, cutoff=0.6)
        hint = _unknown_name_hint(e.id)
        if close and e.id not in ("True", "False", "None"):
            hint = f"'{close[0]}' is {self.describe(close[0], scope)}"
        self.error("E010", f"unknown name '{e.id}'{did_you_mean(e.id, candidates)}", e.span, hint)
        return "any"

    def attribute(self, obj_t, e: N.Attr, for_assign=False):
        """(type, assignable) of obj.name, or (None, False) after reporting."""
        bt = base(obj_t)
        span = _attr_span(e)
        owner = _text(e.obj)
        if obj_t == "any":
            return "any", True
        if bt == "player":
            sym = self.sym
            if e.name in sym.zones:
                z = sym.zones[e.name]
                if not z.per_player:
                    self.error("E012", f"zone '{e.name}' is shared, not a player's", span,
                               f"write just `{e.name}`, or declare it `zone {e.name} per player` to give every "
                               "player one")
                return "zone", False
            if e.name in sym.vars:
                v = sym.vars[e.name]
                if not v.per_player:
                    self.error("E024", f"'{e.name}' is a variable of the whole game, not of a player", span,
                               f"write just `{e.name}`, or declare it `... per player` to give every player one")
                return self.resolve_type_quiet(v.type), True
            if e.name in sym.boards and sym.boards[e.name].per_player:
                return "list[space]", False
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
                            f"each player has the zones {_words([repr(z) for z in zones], 'and')}")
                           + "; a zone of each player is declared with `zone NAME per player`")
            else:
                have = _words([f"'{n}'" for n in zones + pvars + list(common)], "and")
                self.error("E013", f"a player has no zone or variable '{e.name}'{suggestion}", span,
                           f"a player has {have}; declare more with `var {e.name}: int = 0 per player` or "
                           f"`zone {e.name} per player`")
            return None, False
        if bt == "piece":
            common = COMMON_ATTRS["piece"]
            if e.name in common:
                return common[e.name]
            kinds = [self.sym.kinds[obj_t[6:]]] if obj_t.startswith("piece:") and obj_t[6:] in self.sym.kinds \
                else list(self.sym.kinds.values())
            for k in kinds:
                for a in k.attrs:
                    if a.name == e.name:
                        return self.resolve_type_quiet(a.type), False
            names = [a.name for k in kinds for a in k.attrs] + list(common)
            what = f"a {kinds[0].name}" if len(kinds) == 1 else "a piece"
            self.error("E013", f"{what} has no attribute '{e.name}'{did_you_mean(e.name, names)}", span,
                       f"{what} has {_words(sorted(set(names)), 'and')}; a kind's own attributes are declared "
                       "with `piece KIND(name: type, ...)`")
            return None, False
        if bt in COMMON_ATTRS:
            common = COMMON_ATTRS[bt]
            if e.name in common:
                return common[e.name]
            hint = f"{_a(show(obj_t))} has {_words(list(common), 'and')}"
            if bt == "space" and (e.name in self.sym.kinds or e.name == "piece"):
                hint = f"the piece on a space is `top({owner})`; all of them are `{owner}.pieces`"
            elif bt in ("space", "zone") and e.name == "owner":
                hint = f"the owner of the piece on top of it is `owner({owner})`"
            elif bt in ("space", "zone") and (e.name in ("kind", "up") or e.name in
                                              {a.name for k in self.sym.kinds.values() for a in k.attrs}):
                hint = (f"'{owner}' is {_a(show(obj_t))}; the piece on top of it is `top({owner})`, so write "
                        f"`top({owner}).{e.name}`")
            self.error("E013", f"{_a(show(obj_t))} has no attribute '{e.name}'{did_you_mean(e.name, common)}",
                       span, hint)
            return None, False
        self.error("E013", f"{_a(show(obj_t))} has no attributes, so it has no '{e.name}'", span,
                   f"'{owner}' is {_a(show(obj_t))}; attributes belong to players, pieces, spaces, zones and "
                   "directions")
        return None, False

    def of(self, e: N.Of, scope) -> str:
        owner_t = self.expr(e.owner, scope)
        if not fits(owner_t, "player"):
            self.error("E021", f"`of` needs a player on its right, but this is {_a(show(owner_t))}", e.owner.span,
                       f"`KIND of PLAYER` is the pieces of a kind that a player owns, such as "
                       f"`{_text(e.what)} of mover`" + ("; the owner of a piece is `owner(...)`"
                                                         if base(owner_t) in ("space", "piece") else ""))
        what_t = self.expr(e.what, scope)
        if is_list(what_t) and fits(elem(what_t), "piece"):
            return what_t
        if is_list(what_t) and fits(elem(what_t), "space"):
            return what_t
        self.error("E021", f"`of` picks a player's pieces from a kind or a list of pieces, not from "
                           f"{_a(show(what_t))}", e.what.span,
                   "write `KIND of PLAYER`, such as `pawn of mover`; a player's zone is `mover.NAME`")
        return "any"

    def binop(self, e: N.BinOp, scope) -> str:
        lt = self.expr(e.left, scope)
        rt = self.expr(e.right, scope)
        if e.op == "+" and fits(lt, "space") and fits(rt, "dir") and ("dir" in (lt, rt) or "space" in (lt, rt)):
            return "space"  # a space plus a direction: the next space that way
        if e.op == "+" and is_list(lt) and is_list(rt):
            return join(lt, rt)
        if e.op == "+" and "text" in (lt, rt) and fits(lt, "text") and fits(rt, "text"):
            return "text"  # texts join
        if lt == "any" and rt == "any":
            return "any"  # two untyped values (a def's parameters): decided when the rule runs
        for side, t in ((e.left, lt), (e.right, rt)):
            if not fits(t, "int"):
                self.error("E021", f"`{e.op}` works on numbers, but this is {_a(show(t))}", side.span,
                           _binop_hint(e, lt, rt, t))
        return "int"

    def compare(self, e: N.Compare, scope) -> str:
        lt = self.expr(e.left, scope)
        rt = self.expr(e.right, scope)
        if e.op in ("in", "not in"):
            if not (is_list(rt) or rt in ("zone", "space", "any")):
                self.error("E022", f"`{e.op}` looks inside a collection, but this is {_a(show(rt))}", e.right.span,
                           f"`x {e.op} ...` asks whether x is one of a list, a board, a zone or a space's stack"
                           + (f"; to compare two values write `{'==' if e.op == 'in' else '!='}`"
                              if not is_list(rt) else ""))
            return "bool"
        if e.op in ("<", ">", "<=", ">="):
            for side, t in ((e.left, lt), (e.right, rt)):
                if not fits(t, "int"):
                    hint = None
                    if t == "space":
                        hint = f"compare the space's coordinates, such as `{_text(side)}.y {e.op} ...`"
                    elif t == "player":
                        hint = f"compare the players' seats, such as `{_text(side)}.seat {e.op} ...`"
                    elif t == "bool":
                        hint = "yes/no values are not ordered; compare them with `==` or `!=`"
                    else:
                        hint = _type_hint(t, "int", side)
                    self.error("E021", f"`{e.op}` compares numbers, but this is {_a(show(t))}", side.span, hint)
            return "bool"
        if not (fits(lt, rt) or fits(rt, lt)):
            always = "false" if e.op == "==" else "true"
            self.error("E021", f"{_a(show(lt))} is never equal to {_a(show(rt))}, so this `{e.op}` is always "
                               f"{always}", e.span, _compare_hint(e, lt, rt))
        return "bool"

    def call(self, e: N.Call, scope, statement=False) -> str:
        s = self.sym
        name_span = N.Span(e.span.line, e.span.column, e.span.line, e.span.column + len(e.func))
        if e.func in s.procs:
            p = s.procs[e.func]
            if not statement:
                self.error("E021", f"'{e.func}' is a proc: it does things and gives no value", e.span,
                           "call it on a line of its own; use a `def` for a value")
            self._arity(e, len(p.params), len(p.params), p.params)
            for a in e.args:
                self.expr(a, scope)
            return "any"
        if e.func not in s.defs and e.func not in BUILTIN_FUNCTIONS:
            names = list(s.defs) + list(s.procs) + list(BUILTIN_FUNCTIONS)
            close = difflib.get_close_matches(e.func, sorted(set(names) | set(_STATEMENTS)), n=1, cutoff=0.6)
            if close and close[0] in _STATEMENTS and close[0] not in names:
                hint = f"`{close[0]}` is a statement, not a function: write `{_STATEMENTS[close[0]]}`"
                suggestion = f" (did you mean the statement `{close[0]}`?)"
            else:
                suggestion = f" (did you mean '{close[0]}'?)" if close else ""
                hint = "functions are the builtins (count, empty, top, in_a_row, ...) and the game's `def`s and " \
                       "`proc`s"
                if close and close[0] in BUILTIN_FUNCTIONS:
                    hint = f"the builtin is `{_signature(close[0])}`"
            self.error("E011", f"unknown function '{e.func}'{suggestion}", name_span, hint)
            for a in e.args:
                self.expr(a, scope)
            return "any"
        if statement:
            example = f"{e.func}({', '.join(_text(a) for a in e.args)})"
            self.error("E004", f"'{e.func}' gives a value, and nothing is done with it", e.span,
                       f"a line of a rule does something (`move`, `place`, `x = ...`, a `proc`); to act on the "
                       f"value write `if {example}: ...` or `let x = {example}`")
        if e.func in s.defs:
            d = s.defs[e.func]
            self._arity(e, len(d.params), len(d.params), d.params)
            for a in e.args:
                self.expr(a, scope)
            return self.def_type(d)
        lo, hi, kinds, result = BUILTIN_FUNCTIONS[e.func]
        self._arity(e, lo, hi, None)
        arg_types = [self.expr(a, scope) for a in e.args]
        for i, (a, t, k) in enumerate(zip(e.args, arg_types, kinds)):
            self._builtin_arg(e.func, a, t, k, i)
        if result == "elem":
            t = arg_types[0] if arg_types else "any"
            return elem(t) if is_list(t) else ("piece" if t in ("zone", "space") else "any")
        return result

    def _arity(self, e, lo, hi, params):
        n = len(e.args)
        if lo <= n <= hi:
            return
        want = str(lo) if lo == hi else f"{lo} to {hi}"
        sig = f"`{e.func}({', '.join(params)})`" if params is not None else f"`{_signature(e.func)}`"
        self.error("E020", f"'{e.func}' takes {want} argument{'s' if want != '1' else ''}, but {n} "
                           f"{'was' if n == 1 else 'were'} given", e.span, f"call it as {sig}")

    def _builtin_arg(self, func, node, t, kind, index=0):
        ok = False
        for k in kind.split("|"):
            if k == "collection":
                ok = ok or is_list(t) or t in ("zone", "space", "any")
            elif k == "container":
                ok = ok or t in ("zone", "space", "any", "none")
            elif k == "number":
                ok = ok or fits(t, "int") or (is_list(t) and fits(elem(t), "int"))
            else:
                ok = ok or fits(t, k)
        if not ok:
            want = _ARG_WORDS.get(kind) or _a(show(kind))
            nth = ("first", "second", "third")[index] if index < 3 else f"argument {index + 1}"
            hint = _type_hint(t, kind, node)
            if kind == "list[dir]" and t == "dir":
                hint = f"for one direction write a list: `[{_text(node)}]`"
            self.error("E021", f"'{func}' wants {want} as its {nth} argument, but this is {_a(show(t))}",
                       node.span, hint or f"call it as `{_signature(func)}`")


def _a(word: str) -> str:
    if word in ("any", "none"):
        return "anything" if word == "any" else "none"
    return ("an " if word[:1] in "aeiou" else "a ") + word


_ARG_WORDS = {
    "collection": "a collection (a list, a board, a zone or a space)",
    "container": "a space or a zone",
    "number": "a number or a list of numbers",
    "list[bool]|collection": "a list of conditions or a collection",
    "list[any]|collection": "a list or a collection",
    "list[any]": "a list",
    "list[int]": "a list of numbers",
    "list[dir]": "a list of directions",
    "list[space]": "a list of spaces (or a board)",
    "space|piece": "a space or a piece",
    "dir": "a direction",
}
# statements that are sometimes written like function calls: name -> how to write it
_STATEMENTS = {"draw": "draw", "win": "win PLAYER", "lose": "lose PLAYER", "finish": "finish",
               "place": "place KIND for PLAYER at SPACE", "move": "move PIECE to SPACE", "remove": "remove PIECE",
               "flip": "flip PIECE", "shuffle": "shuffle ZONE", "enter": "enter PHASE", "next": "next PLAYER",
               "log": 'log "text"', "again": "again", "pass": "pass"}


def _binop_hint(e, lt, rt, t):
    if e.op == "+" and base(lt) == "space":
        return f"a space plus a direction is the next space that way, such as `{_text(e.left)} + north`"
    if e.op == "-" and base(lt) == "space":
        return "to step back from a space add the opposite direction, such as `c + south`"
    if t == "text":
        return "text cannot be computed with; to show values in a message write `log \"... {x} ...\"`"
    if e.op == "+" and (is_list(lt) or is_list(rt)):
        return "lists join with `+` only with lists: to add one value write `LIST + [value]`"
    return _type_hint(t, "int", e.left if t == lt else e.right)


def _compare_hint(e, lt, rt):
    pair = {base(lt), base(rt)}
    if pair == {"space", "int"}:
        side = e.left if base(lt) == "space" else e.right
        return f"compare the space's coordinates, such as `{_text(side)}.x == 2`, or compare it with another space"
    if pair == {"piece", "space"}:
        return "the space a piece is on is `p.space`; the piece on top of a space is `top(c)`"
    if pair == {"player", "space"} or pair == {"player", "piece"}:
        side = e.left if base(lt) != "player" else e.right
        return f"the player who owns it is `owner({_text(side)})`"
    if lt.startswith("enum:") and rt.startswith("enum:"):
        return f"a {lt[5:]} and a {rt[5:]} are values of different enums"
    if "text" in pair and any(x.startswith("enum:") for x in (lt, rt)):
        quoted = next((x.value for x in (e.left, e.right) if isinstance(x, N.Str)), None)
        return "enum values are names, written without quotes" + (f": `{quoted}`" if quoted else "")
    if base(lt) == "piece" and is_list(rt) or base(rt) == "piece" and is_list(lt):
        return "to ask whether a piece is one of a list write `x in LIST`"
    return "compare values of the same type"


def _signature(func) -> str:
    """`in_a_row(space, int)` for a builtin function."""
    lo, hi, kinds, _ = BUILTIN_FUNCTIONS[func]
    words = {"collection": "collection", "container": "space or zone", "number": "int",
             "list[bool]|collection": "collection", "list[any]|collection": "collection",
             "space|piece": "space or piece", "list[any]": "list", "list[int]": "list of int",
             "list[dir]": "list of dir", "list[space]": "list of space"}
    parts = [words.get(k, k) for k in kinds[:hi]]
    shown = parts[:lo] + [f"[{p}]" for p in parts[lo:]]
    return f"{func}({', '.join(shown)})"


def _listing(one, many, names) -> str:
    """"the game's only phase is 'a'" or "the game's phases are 'a' and 'b'"."""
    names = [f"'{n}'" for n in names]
    if len(names) == 1:
        return f"the game's only {one} is {names[0]}"
    return f"the game's {many} are {_words(names, 'and')}"




def _attr_span(e: N.Attr) -> N.Span:
    """Where the name of `obj.name` is: the end of the node's span."""
    sp = e.span
    if sp.end_line >= 1 and sp.end_column > len(e.name):
        return N.Span(sp.end_line, sp.end_column - len(e.name), sp.end_line, sp.end_column)
    return sp


def _piece_hint(t, verb, node):
    rest = " to ..." if verb == "move" else ""
    if t == "space":
        return f"to {verb} the piece on a space write `{verb} top({_text(node)}){rest}`"
    if t == "zone":
        return f"to {verb} the top piece of a zone write `{verb} top({_text(node)}){rest}`"
    return None


def _text(node) -> str:
    """Short Mire text of a simple expression, for hints."""
    if isinstance(node, N.Name):
        return node.id
    if isinstance(node, N.Attr):
        return f"{_text(node.obj)}.{node.name}"
    if isinstance(node, N.Num):
        return str(node.value)
    if isinstance(node, N.Call):
        return f"{node.func}({', '.join(_text(a) for a in node.args)})"
    return "..."


def _type_hint(actual, want, node=None):
    x = _text(node) if node is not None else "..."
    actual_b, want_b = base(actual), base(want)
    if want == "bool" and actual.startswith("list["):
        return f"a list is not a condition: ask `any({x})`, `all({x})`, `empty({x})` or `count({x}) > 0`"
    if want == "bool" and actual in ("space", "zone"):
        return f"to ask whether it holds anything write `empty({x})` or `not empty({x})`"
    if want == "bool" and actual == "int":
        return f"a number is not a condition: compare it, such as `{x} > 0`"
    if want == "int" and actual == "bool":
        return "yes/no is not a number; to count a condition write `1 if CONDITION else 0`"
    if want == "int" and actual == "text":
        return "text is not a number: write the number without quotes"
    if want == "int" and actual == "none":
        return "none is not a number; start counts at 0"
    if want_b == "piece" and actual in ("space", "zone"):
        return f"the piece on top of a stack is `top({x})`"
    if want == "player" and actual_b in ("space", "piece"):
        return f"the player who owns it is `owner({x})`"
    if want == "player" and actual == "list[player]":
        return f"this is a list of players; pick one, such as `first({x})`"
    if want == "space" and actual_b == "piece":
        return f"the space a piece is on is `{x}.space`"
    if want.startswith("enum:") and actual.startswith("enum:"):
        return f"a {want[5:]} and a {actual[5:]} are different enums"
    return None


def _unknown_name_hint(name):
    if name in ("me", "self", "current", "current_player", "player"):
        return "the player taking the turn is `mover`"
    if name in ("True", "False", "None"):
        return "Mire writes yes/no (or true/false) and none in lower case"
    return "names come from declarations (board, zone, var, const, piece, enum, def) or parameters"
