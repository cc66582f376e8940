"""The checker: names, types, arities and data of a parsed game. It collects every error it finds.

Its results (`Checked`) feed the compiler: the type of every expression and what every name means.
"""
from __future__ import annotations

from typing import Optional

import attrs

from . import nodes as N
from .diagnostics import Diagnostic, did_you_mean
from .expr_types import ExpressionChecker, _a, _attr_span, _listing, _piece_hint, _Scope, _text, _words
from .types import DIRECTIONS, BUILTIN_FUNCTIONS, BUILTIN_NAMES, base, elem, fits, is_list, list_of, show

MAX_GRID = 64


@attrs.define
class Symbols:
    """Everything declared at the top of a game."""
    title: str = ""
    players: Optional[N.Players] = None
    first: Optional[N.First] = None
    boards: dict = attrs.Factory(dict)
    enums: dict = attrs.Factory(dict)
    enum_values: dict = attrs.Factory(dict)  # value -> enum name
    kinds: dict = attrs.Factory(dict)
    pieces: list = attrs.Factory(list)
    zones: dict = attrs.Factory(dict)
    vars: dict = attrs.Factory(dict)
    consts: dict = attrs.Factory(dict)
    defs: dict = attrs.Factory(dict)
    procs: dict = attrs.Factory(dict)
    setups: list = attrs.Factory(list)
    phases: dict = attrs.Factory(dict)
    actions: dict = attrs.Factory(dict)
    triggers: dict = attrs.Factory(dict)
    options: dict = attrs.Factory(dict)
    rank: Optional[N.Rank] = None
    inputs: list = attrs.Factory(list)
    shows: list = attrs.Factory(list)


@attrs.define
class Checked:
    module: N.Module
    symbols: Symbols
    types: dict  # node -> type
    refs: dict  # Name node -> (category, detail)
    diagnostics: list


# declarations that define a name: node type -> (what it is called, the Symbols table it goes in)
_NAMED = {N.Board: ("board", "boards"), N.Kind: ("piece kind", "kinds"), N.Zone: ("zone", "zones"),
          N.Var: ("variable", "vars"), N.Const: ("constant", "consts"), N.Def: ("def", "defs"),
          N.Proc: ("proc", "procs"), N.Action: ("action", "actions"), N.Trigger: ("trigger", "triggers"),
          N.Option: ("option", "options")}
# declarations that only add to a list
_LISTED = {N.Pieces: "pieces", N.Setup: "setups", N.Input: "inputs", N.Show: "shows"}


class Checker(ExpressionChecker):
    def __init__(self, module: N.Module, origins=None):
        self.module = module
        self.path = module.path
        # a variant's items come from two files: id(item) -> the path of the file it was written in
        self.origins = origins or {}
        self.sym = Symbols()
        self.types: dict = {}
        self.refs: dict = {}
        self.diags: list = []
        self.def_types: dict = {}
        self._checking_defs: set = set()
        self._params_checked: set = set()

    # ------------------------------------------------------------ reporting
    def at(self, item):
        """Report what follows at the file `item` was written in."""
        self.path = self.origins.get(id(item), self.module.path)
        return item

    def error(self, code, message, span, hint=None, focus=None):
        self.diags.append(Diagnostic(code, message, self.path, span, hint, focus=focus))

    # ------------------------------------------------------------ declarations
    def collect(self):
        values, rules = {}, {}

        def declare(kind, name, node):
            seen = rules if kind in ("action", "trigger") else values
            if name in seen:
                other = seen[name]
                self.error("E030", f"'{name}' is already defined (as {_a(other[0])} on line {other[1].span.line})",
                           node.span, f"give this {kind} another name: names of boards, zones, variables, "
                           "constants, piece kinds, enum values, defs and procs are shared by the whole game"
                           if seen is values else f"give this {kind} another name: every action and trigger "
                           "needs its own", focus=name)
                return False
            # a builtin function's name is free for anything the game declares: calls and names are apart,
            # and a def or proc of the game is called in its place
            shadows = name in BUILTIN_FUNCTIONS
            if (name in BUILTIN_NAMES or name in BUILTIN_FUNCTIONS) and not shadows:
                what = "function" if name in BUILTIN_FUNCTIONS else "name"
                self.error("E030", f"'{name}' is a builtin {what} and cannot be redefined", node.span,
                           f"choose another name for this {kind}, such as '{name}_{kind.split()[-1]}'",
                           focus=name)
                return False
            seen[name] = (kind, node)
            return True

        items, once = [], {}
        for item in self.module.items:
            if isinstance(item, N.Phase):
                if declare("phase", item.name, item):
                    self.sym.phases[item.name] = item
                items.extend(item.items)
            else:
                items.append(item)
        for item in items:
            if isinstance(item, (N.Game, N.Players, N.First, N.Rank)):
                word = {N.Game: "game", N.Players: "players", N.First: "first", N.Rank: "rank by"}[type(item)]
                if word in once:
                    self.error("E030", f"`{word}` is given twice (first on line {once[word].span.line})", item.span,
                               f"a game has one `{word}` line; remove one of them")
                once[word] = item
            if isinstance(item, N.Game):
                self.sym.title = item.title
            elif isinstance(item, N.Players):
                self.sym.players = item
            elif isinstance(item, N.First):
                self.sym.first = item
            elif isinstance(item, N.Board):
                if declare("board", item.name, item):
                    self.sym.boards[item.name] = item
            elif isinstance(item, N.Enum):
                if declare("enum", item.name, item):
                    self.sym.enums[item.name] = item
                    for v in item.values:
                        if v in self.sym.enum_values:
                            self.error("E030", f"enum value '{v}' is already a value of "
                                               f"'{self.sym.enum_values[v]}'", item.span,
                                       "enum values are names shared by the whole game, so two enums cannot "
                                       f"both have a '{v}'; rename one of them", focus=v)
                        elif declare("enum value", v, item):
                            self.sym.enum_values[v] = item.name
            elif type(item) in _NAMED:
                kind, table = _NAMED[type(item)]
                if declare(kind, item.name, item):
                    getattr(self.sym, table)[item.name] = item
            elif type(item) in _LISTED:
                getattr(self.sym, _LISTED[type(item)]).append(item)
            elif isinstance(item, N.Rank):
                self.sym.rank = item

    def check_declarations(self):
        p = self.sym.players
        if p is None:
            self.error("E044", "the game does not say how many players it has", self.whole_game_span(),
                       "add a line such as `players 2` or `players 2 to 4`")
        else:
            if p.low < 1 or p.high < p.low or p.high > 8:
                count = f"{p.low}" if p.low == p.high else f"{p.low} to {p.high}"
                self.error("E044", f"a game has 1 to 8 players, not {count}", p.span,
                           "write `players N` or `players LOW to HIGH` with 1 <= LOW <= HIGH <= 8",
                           focus=str(p.high if p.high > 8 else p.low))
            if p.names and len(p.names) < p.high:
                self.error("E044", f"{len(p.names)} seat name{'s' if len(p.names) != 1 else ''} for up to "
                                   f"{p.high} players", p.span,
                           f"name every seat, or none: `named {', '.join(p.names + tuple('?' * (p.high - len(p.names))))}`")
            elif p.names and len(p.names) > p.high:
                self.error("E044", f"{len(p.names)} seat names for at most {p.high} players", p.span,
                           "give exactly one name per seat")
            if p.names:
                seen = set()
                for n in p.names:
                    if n in seen:
                        self.error("E044", f"two seats are named '{n}'", p.span, "give every seat its own name",
                                   focus=n)
                    seen.add(n)
            if p.facing:
                for f in p.facing:
                    if f not in ("north", "south", "east", "west"):
                        self.error("E021", f"a seat faces an edge: '{f}' is not north, south, east or west",
                                   p.span, "write `facing` and one of north, south, east, west per seat",
                                   focus=f)
                if len(p.facing) < p.high:
                    self.error("E044", f"{len(p.facing)} facings for up to {p.high} players", p.span,
                               "give every seat the edge it sits at")
        if self.sym.first and self.sym.first.who not in ("random", "first"):
            self.error("E021", f"`first` takes `random` or `first`, not '{self.sym.first.who}'", self.sym.first.span,
                       "`first random` picks the first player at random; `first first` (the default) starts "
                       "with the first seat", focus=self.sym.first.who)
        for b in self.sym.boards.values():
            self.at(b)
            if b.shape == "grid" and not (1 <= b.width <= MAX_GRID and 1 <= b.height <= MAX_GRID):
                self.error("E045", f"a grid is 1 to {MAX_GRID} spaces a side, not {b.width} x {b.height}", b.span,
                           f"write `grid WIDTH x HEIGHT` with both between 1 and {MAX_GRID}, such as `grid 8 x 8`",
                           focus=str(b.width if not 1 <= b.width <= MAX_GRID else b.height))
            if b.labels not in (None, "upper", "lower", "numbers"):
                self.error("E021", f"labels are `upper`, `lower` or `numbers`, not '{b.labels}'", b.span,
                           "`labels upper` names the spaces A1, B1, ...; `lower` a1, b1, ...; `numbers` 1, 2, ...",
                           focus=b.labels)
            if b.at is not None:
                scope = _Scope()
                scope.names["x"] = ("int", "coord")
                scope.names["y"] = ("int", "coord")
                for e in b.at:
                    self.expect(e, "int", scope, "a board's position on the plane")
        if not self.sym.actions:
            self.error("E051", "the game has no actions, so nobody can ever move", self.whole_game_span(),
                       "add an `action NAME(...):` rule")
        for k in self.sym.kinds.values():
            self.at(k)
            names = set()
            for a in k.attrs:
                if a.name in names:
                    self.error("E031", f"piece kind '{k.name}' has two attributes named '{a.name}'", a.span,
                               "rename or remove one of them", focus=a.name)
                names.add(a.name)
                self.resolve_type(a.type)
        for z in self.sym.zones.values():
            self.at(z)
            if z.capacity is not None and z.capacity < 1:
                self.error("E021", f"a zone's capacity is at least 1, not {z.capacity}", z.span,
                           "leave `capacity` out for a zone without a limit", focus="capacity")
        for v in self.sym.vars.values():
            self.at(v)
            t = self.resolve_type(v.type)
            self.expect(v.init, t, _Scope(), f"the start value of '{v.name}'")
        for c in self.sym.consts.values():
            self.at(c)
            self.types[c] = self.expr(c.value, _Scope())
        for pieces in self.sym.pieces:
            self.at(pieces)
            self.check_pieces(pieces)
        for i in self.sym.inputs:
            self.at(i)
            self.check_input(i)
        for shown in self.sym.shows:
            self.at(shown)
            self.check_show(shown)

    def check_show(self, show: N.Show):
        if show.kind not in self.sym.kinds:
            self.error("E015", f"unknown piece kind '{show.kind}'{did_you_mean(show.kind, self.sym.kinds)}",
                       show.span, "`show KIND as \"...\"` labels the pieces of a declared kind")
            return
        scope = _Scope()
        scope.names["it"] = (f"piece:{show.kind}", "param")
        shim = N.Log(show.template, show.span)
        self.log_text(shim, scope)
        self.refs[show] = self.refs.pop(shim)

    def check_input(self, i: N.Input):
        for zone in (i.zone, i.source):
            z = self.sym.zones.get(zone)
            if z is None:
                self.error("E012", f"unknown zone '{zone}'{did_you_mean(zone, self.sym.zones)}", i.span,
                           "an input fills a `per player` zone from another of the player's zones")
            elif not z.per_player:
                self.error("E021", f"zone '{zone}' is not `per player`; each player brings their own", i.span,
                           f"declare it as `zone {zone} per player`")
        if i.kind not in self.sym.kinds:
            self.error("E015", f"unknown piece kind '{i.kind}'{did_you_mean(i.kind, self.sym.kinds)}", i.span, None)
        if i.count < 1:
            self.error("E021", "an input holds at least one piece", i.span, None)

    def whole_game_span(self) -> N.Span:
        """Where to point for something the whole file lacks: its first line (the `game` line, usually)."""
        for item in self.module.items:
            if item.span.line >= 1:
                return item.span
        return N.Span(1, 1, 1, 2)

    def resolve_type(self, t: N.TypeRef) -> str:
        if t.name == "list":
            return list_of(self.resolve_type(t.of))
        if t.name in ("int", "bool", "text", "player", "space", "piece", "zone", "dir"):
            return t.name
        if t.name in self.sym.enums:
            return f"enum:{t.name}"
        if t.name in self.sym.kinds:
            return f"piece:{t.name}"
        names = ["int", "bool", "text", "player", "space", "piece", "zone", "dir", *self.sym.enums, *self.sym.kinds]
        self.error("E016", f"unknown type '{t.name}'{did_you_mean(t.name, names)}", t.span,
                   "types are int, bool, text, player, space, piece, zone, dir, an enum or a piece kind")
        return "any"

    def check_pieces(self, p: N.Pieces):
        kind = self.sym.kinds.get(p.kind)
        if kind is None:
            self.error("E015", f"unknown piece kind '{p.kind}'{did_you_mean(p.kind, self.sym.kinds)}", p.span,
                       f"declare it first: `piece {p.kind}` or `piece {p.kind}(attribute: type, ...)`",
                       focus=p.kind)
            return
        if p.zone is not None:
            z = self.sym.zones.get(p.zone)
            if z is None:
                self.error("E012", f"unknown zone '{p.zone}'{did_you_mean(p.zone, self.sym.zones)}", p.span,
                           f"declare it: `zone {p.zone}`, or `zone {p.zone} per player` for one per player",
                           focus=p.zone)
            elif p.each_player and not z.per_player:
                self.error("E021", f"zone '{p.zone}' is not `per player`, so it cannot hold each player's pieces",
                           p.span, f"declare it as `zone {p.zone} per player`", focus=p.zone)
            elif z.per_player and not p.each_player:
                self.error("E021", f"zone '{p.zone}' belongs to each player, but this table does not say whose "
                                   "pieces these are", p.span,
                           f"write `pieces {p.kind} in {p.zone} for each player`: every player gets the pieces of "
                           "the table", focus=p.zone)
        if p.file is not None or p.data is not None:
            return  # the loader reads the file and checks it the same way, row by row
        self.check_table(kind, p.header, p.rows, p.span)

    def check_table(self, kind: N.Kind, header, rows, span):
        attrs_by_name = {}
        for a in kind.attrs:
            attrs_by_name.setdefault(a.name, a)  # a second attribute of the same name is reported (E031)
        # the header row sits between the `pieces` line and the first row (or is line 1 of a data file)
        if span.end_line > span.line:
            last = rows[0][0][1].line - 1 if rows and rows[0] else span.end_line
            head = N.Span(span.line + 1, 1, max(span.line + 1, last), 1)
        else:
            head = span
        columns = ", ".join(a.name for a in kind.attrs)
        unknown, seen = [], set()
        for col in header:
            if col in seen:
                self.error("E042", f"the table has two columns named '{col}'", head,
                           "give each attribute one column", focus=col)
            seen.add(col)
            if col != "count" and col not in attrs_by_name:
                close = did_you_mean(col, [a for a in attrs_by_name if a not in header] + ["count"])
                unknown.append(close)
                if kind.attrs:
                    hint = (f"the first row of a table names the attributes of '{kind.name}' ({columns}) and "
                            "optionally `count`")
                else:
                    hint = f"'{kind.name}' has no attributes, so its table has only a `count` column"
                self.error("E042", f"piece kind '{kind.name}' has no attribute '{col}'{close}", head, hint,
                           focus=col)
            elif col in attrs_by_name and not self._table_type(attrs_by_name[col].type):
                a = attrs_by_name[col]
                self.error("E042", f"a table cannot give '{col}' its value: a table cell is a number, yes/no, "
                                   f"text or an enum value, and '{col}' is {_a(a.type.name)}", head,
                           f"declare '{col}' as an int, bool, text or enum, or set it in `setup`", focus=col)
        missing = [a for a in attrs_by_name if a not in header and f" (did you mean '{a}'?)" not in unknown]
        if missing and header:
            names = ", ".join(f"'{m}'" for m in missing)
            self.error("E042", f"the table of '{kind.name}' has no column for {names}", head,
                       f"every attribute needs a column: add {' and '.join(missing)} to the first row",
                       focus=header[0])
        for row in rows:
            if len(row) != len(header):
                row_span = N.Span(row[0][1].line, row[0][1].column, row[-1][1].end_line, row[-1][1].end_column) \
                    if row else span
                n = len(row)
                if n < len(header):
                    gap = f"add the value{'s' if len(header) - n > 1 else ''} for {', '.join(header[n:])}"
                else:
                    gap = f"remove the extra value{'s' if n - len(header) > 1 else ''} after '{row[len(header) - 1][0]}'"
                self.error("E040", f"this row has {n} value{'s' if n != 1 else ''} but the table has "
                                   f"{len(header)} columns ({', '.join(header)})", row_span, gap)
                continue
            for col, (value, vspan) in zip(header, row):
                if col == "count":
                    if not isinstance(value, int) or value < 0:
                        self.error("E041", f"a count is a whole number, not '{value}'", vspan,
                                   "the `count` column says how many pieces this row makes, such as 5 (or 0)")
                    continue
                a = attrs_by_name.get(col)
                if a is None:
                    continue
                self.check_cell(a, value, vspan)

    def _table_type(self, t: N.TypeRef) -> bool:
        if t.name not in ("list", "player", "space", "piece", "zone") and t.name not in self.sym.kinds:
            return True  # int, bool, text, an enum, or an unknown type (reported with the kind)
        return False

    def check_cell(self, a: N.AttrDecl, value, vspan):
        t = a.type.name
        if t == "int" and not isinstance(value, int):
            self.error("E041", f"'{a.name}' is a number, not '{value}'", vspan,
                       f"write a whole number for '{a.name}', such as 1")
        elif t == "bool" and value not in ("yes", "no", "true", "false"):
            self.error("E041", f"'{a.name}' is yes or no, not '{value}'", vspan,
                       f"'{a.name}' is declared `bool`: write yes or no")
        elif t == "dir" and value not in DIRECTIONS:
            self.error("E041", f"'{a.name}' is a direction, not '{value}'{did_you_mean(str(value), DIRECTIONS)}",
                       vspan, "a direction is north, east, south, west, northeast, ...")
        elif t in self.sym.enums:
            values = self.sym.enums[t].values
            if value not in values:
                self.error("E041", f"'{value}' is not a {t}{did_you_mean(str(value), values)}", vspan,
                           f"a {t} is one of: {', '.join(values)}")

    # ------------------------------------------------------------ rules
    def check_rules(self):
        for d in self.sym.defs.values():
            self.at(d)
            self.def_type(d)
        for p in self.sym.procs.values():
            self.at(p)
            scope = _Scope()
            self.check_param_names(p.params, p.span, f"proc '{p.name}'")
            for name in p.params:
                scope.names[name] = ("any", "param")
            self.block(p.body, scope, "proc")
        for s in self.sym.setups:
            self.at(s)
            self.block(s.body, _Scope(), "setup")
        for a in self.sym.actions.values():
            self.at(a)
            scope = _Scope()
            seen = {}
            for prm in a.params:
                name_span = N.Span(prm.span.line, prm.span.column, prm.span.line, prm.span.column + len(prm.name))
                if prm.name in seen:
                    self.error("E030", f"action '{a.name}' has two parameters named '{prm.name}'", name_span,
                               f"the first '{prm.name}' is at {seen[prm.name]}; give each parameter its own name")
                else:
                    seen[prm.name] = prm.span
                self.check_local_name(prm.name, name_span, "a parameter")
                t = self.expr(prm.domain, scope)
                et = self.collection_elem(t, prm.domain, "an action's parameter")
                scope.names[prm.name] = (et, "param")
                if prm.test is not None:
                    self.expect(prm.test, "bool", scope, "a parameter's condition")
            self.block(a.body, scope, "action", requires_allowed=True)
        for t in self.sym.triggers.values():
            self.at(t)
            self.block(t.body, _Scope(), "trigger")
        for ph in self.sym.phases.values():
            self.at(ph)
            if ph.until is not None:
                self.expect(ph.until, "bool", _Scope(), "a phase's `until` condition")
        if self.sym.rank is not None:
            scope = _Scope()
            scope.names["player"] = ("player", "param")
            for k in self.sym.rank.keys:
                self.expect(k, "int", scope, "a ranking key")
        self.check_phases_reachable()

    def check_phases_reachable(self):
        phases = list(self.sym.phases.values())
        entered = set()
        for node in _walk(self.module):
            if isinstance(node, N.Enter):
                if node.phase not in self.sym.phases:
                    names = list(self.sym.phases)
                    known = (_listing("phase", "phases", names) if names else
                             "the game has no phases: declare them with `phase NAME:`")
                    self.error("E014", f"unknown phase '{node.phase}'{did_you_mean(node.phase, names)}",
                               node.span, known, focus=node.phase)
                entered.add(node.phase)
        for i, ph in enumerate(phases):
            if i == 0 or ph.name in entered:
                continue
            prev = phases[i - 1]
            if prev.until is None and not _has_enter(prev):
                self.error("E050", f"phase '{ph.name}' can never be reached", ph.span,
                           f"phases run in order, and phase '{prev.name}' never ends: give it an `until` condition "
                           f"(`phase {prev.name} until ...:`), or `enter {ph.name}` from one of its rules",
                           focus=ph.name)

    def check_param_names(self, params, span, what):
        seen = set()
        for name in params:
            if name in seen:
                self.error("E030", f"{what} has two parameters named '{name}'", span,
                           "give each parameter its own name", focus=name)
            seen.add(name)
            if name in BUILTIN_NAMES:
                self.error("E030", f"'{name}' is a builtin name and cannot be a parameter's name", span,
                           f"choose another name, such as '{name}_'", focus=name)

    def check_local_name(self, name, span, what, focus=None):
        """A `let`, parameter or loop variable may not hide a builtin name such as `mover` or `north`."""
        if name in BUILTIN_NAMES:
            self.error("E030", f"'{name}' is a builtin name ({BUILTIN_NAMES[name][1] or BUILTIN_NAMES[name][0]}) "
                               f"and cannot be {what}'s name", span,
                       f"choose another name, such as 'my_{name}'", focus=focus)

    def def_type(self, d: N.Def) -> str:
        if d.name in self.def_types:
            return self.def_types[d.name]
        if d.name in self._checking_defs:
            return "any"  # recursion: the compiler bounds it at run time
        if d.name not in self._params_checked:
            self._params_checked.add(d.name)
            self.check_param_names(d.params, d.span, f"def '{d.name}'")
        self._checking_defs.add(d.name)
        scope = _Scope()
        for name in d.params:
            scope.names[name] = ("any", "param")
        caller_path = self.path
        self.at(d)
        t = self.expr(d.body, scope)
        self.path = caller_path
        self._checking_defs.discard(d.name)
        self.def_types[d.name] = t
        return t

    def block(self, stmts, scope, context, requires_allowed=False):
        scope = _Scope(scope)
        effects_seen = False
        for s in stmts:
            if isinstance(s, N.Require):
                kw = N.Span(s.span.line, s.span.column, s.span.line, s.span.column + len("require"))
                if context != "action":
                    self.error("E032", f"`require` can only be used in an action, not in a {context}", kw,
                               "a requirement decides whether an action is a legal move; elsewhere test the "
                               "condition with `if`")
                elif not requires_allowed:
                    self.error("E032", "`require` must be at the top of the action, not inside another block",
                               kw, "a requirement decides whether the move is legal, before anything happens; "
                               "move it to the top of the action, or test the condition with `if`")
                elif effects_seen:
                    self.error("E032", "`require` must come first in an action, before any effect", kw,
                               "a requirement decides whether the move is legal, so it is checked before the "
                               "move is made; move it to the top of the action, or use `if`")
            else:
                effects_seen = True
            self.stmt(s, scope, context)

    def stmt(self, s, scope, context):
        if isinstance(s, N.Let):
            t = self.expr(s.value, scope)
            self.check_local_name(s.name, s.span, "a `let`", focus=s.name)
            scope.names[s.name] = (t, "local")
        elif isinstance(s, N.Assign):
            self.assign(s, scope)
        elif isinstance(s, N.Place):
            self.place(s, scope)
        elif isinstance(s, N.Move):
            t = self.expr(s.what, scope)
            if not (fits(t, "piece") or (is_list(t) and fits(elem(t), "piece"))):
                self.error("E021", f"`move` moves a piece or a list of pieces, but this is {_a(show(t))}",
                           s.what.span, _piece_hint(t, "move", s.what))
            self.destination(s.dest, scope)
        elif isinstance(s, N.Remove):
            t = self.expr(s.what, scope)
            if not (fits(t, "piece") or fits(t, "space") or t == "zone" or (is_list(t) and fits(elem(t), "piece"))):
                self.error("E021", f"`remove` takes a piece, a list of pieces or a space, but this is "
                                   f"{_a(show(t))}", s.what.span,
                           "`remove` puts pieces in the box; `remove c` empties the space c")
        elif isinstance(s, N.Flip):
            t = self.expr(s.what, scope)
            if not fits(t, "piece"):
                self.error("E021", f"`flip` turns over a piece, but this is {_a(show(t))}", s.what.span,
                           _piece_hint(t, "flip", s.what))
        elif isinstance(s, N.Shuffle):
            t = self.expr(s.what, scope)
            if t not in ("zone", "space", "any"):
                self.error("E021", f"`shuffle` shuffles a zone or a stack, but this is {_a(show(t))}", s.what.span,
                           "shuffle a zone (`shuffle supply`, `shuffle mover.hand`) or a space's stack")
        elif isinstance(s, N.Require):
            self.expect(s.test, "bool", scope, "a requirement")
        elif isinstance(s, N.Outcome):
            if s.who is not None:
                t = self.expr(s.who, scope)
                if not (fits(t, "player") or fits(t, "list[player]")):
                    self.error("E021", f"`{s.kind}` names a player, but this is {_a(show(t))}", s.who.span,
                               f"for the owner of the piece write `{s.kind} owner({_text(s.who)})`; the player "
                               f"taking the turn is `mover`" if base(t) in ("space", "piece")
                               else f"name a player, such as `{s.kind} mover`")
        elif isinstance(s, N.Enter):
            pass  # checked with the phases
        elif isinstance(s, N.Next):
            self.expect(s.who, "player", scope, "who moves next")
        elif isinstance(s, N.Log):
            self.log_text(s, scope)
        elif isinstance(s, N.ExprStmt):
            self.call(s.call, scope, statement=True)
        elif isinstance(s, N.If):
            for test, body in s.branches:
                self.expect(test, "bool", scope, "an `if` condition")
                self.block(body, scope, context)
            if s.orelse:
                self.block(s.orelse, scope, context)
        elif isinstance(s, N.For):
            inner = self.bound_scope(s, scope, "a loop variable", "a `for` loop")
            if s.ordered_by is not None:
                self.expect(s.ordered_by, "player", scope, "who chooses the order")
                self.no_choice_here(s, context)
            self.block(s.body, inner, context)
        elif isinstance(s, N.Repeat):
            self.expect(s.count, "int", scope, "how many times to repeat")
            self.block(s.body, scope, context)
        elif isinstance(s, N.Choose):
            self.no_choice_here(s, context)
            inner = self.bound_scope(s, scope, "a chosen value", "a choice")
            if s.by is not None:
                self.expect(s.by, "player", scope, "who chooses")
            self.block(s.body, inner, context)

    def bound_scope(self, s, scope, var_what, domain_what):
        """`for x in S where C` and `choose x in S where C`: the scope in which x is an element of S."""
        t = self.expr(s.domain, scope)
        self.check_local_name(s.var, s.span, var_what, focus=s.var)
        inner = _Scope(scope)
        inner.names[s.var] = (self.collection_elem(t, s.domain, domain_what), "local")
        if s.test is not None:
            self.expect(s.test, "bool", inner, "a `where` condition")
        return inner

    def no_choice_here(self, s, context):
        if context in ("setup", "trigger"):
            if isinstance(s, N.Choose):
                what, focus = "`choose`", "choose"
            else:
                what, focus = "`ordered by` (the player chooses the order)", "ordered"
            self.error("E033", f"{what} cannot be used in a {context}: nobody is there to choose", s.span,
                       "choices belong to actions (and the procs they call), where a player is deciding; "
                       f"in a {context} use `for` to do it for every one, or `random(...)` to pick one",
                       focus=focus)

    def log_text(self, s: N.Log, scope):
        import re
        from .parser import parse_expression
        parts, last = [], 0
        for m in re.finditer(r"\{([^}]*)\}", s.text):
            first_new = len(self.diags)
            parts.append(s.text[last:m.start()])
            last = m.end()
            try:
                e = _respan(parse_expression(m.group(1)), s.span)
            except Exception:
                self.error("E002", f"cannot read '{{{m.group(1)}}}' in this message", s.span,
                           "put a Mire expression between braces, like {mover.name}", focus=m.group(0))
                continue
            self.expr(e, scope)
            # the caret goes under the `{...}` that has the problem, not the whole `log` line
            self.diags[first_new:] = [attrs.evolve(d, span=s.span, focus=m.group(0))
                                      for d in self.diags[first_new:]]
            parts.append(e)
        tail = s.text[last:]
        if "{" in tail:
            self.error("E002", "this '{' in the message is never closed", s.span,
                       "a message shows a value with `{expression}`: close it with '}'",
                       focus=tail[tail.index("{"):].split()[0] if tail[tail.index("{"):].split() else "{")
        parts.append(tail)
        self.refs[s] = ("log", tuple(p for p in parts if p != ""))

    def assign(self, s: N.Assign, scope):
        t = self.assign_target(s, scope)
        if t is None:
            self.expr(s.value, scope)  # still check the value
            return
        target = s.target
        self.types[target] = t
        if s.op != "=":
            if not fits(t, "int"):
                self.error("E021", f"`{s.op}` needs a number, but this is {_a(show(t))}", target.span,
                           f"`{s.op}` adds to or takes from a number; to set a value write `=`")
            self.expect(s.value, "int", scope, f"the right side of `{s.op}`")
        else:
            self.expect(s.value, t, scope, f"the new value of '{_text(target)}'")

    def assign_target(self, s: N.Assign, scope):
        """The type of what `s` assigns to, or None after reporting why it cannot be assigned."""
        target = s.target
        if isinstance(target, N.Name):
            name = target.id
            entry = scope.lookup(name)
            if entry is not None:
                self.refs[target] = ("local", name)
                return entry[0]
            sym = self.sym
            if name in sym.vars:
                v = sym.vars[name]
                if v.per_player:
                    self.error("E024", f"'{name}' is a variable of each player", target.span,
                               f"say whose: `mover.{name} {s.op} ...`")
                    return None
                self.refs[target] = ("var", name)
                return self.resolve_type_quiet(v.type)
            what = self.what_is(name)
            if what is not None:
                kind, hint = what
                self.error("E025", f"'{name}' is {kind}, not a variable: it cannot be assigned", target.span, hint)
                return None
            names = list(sym.vars) + list(scope.all_names())
            self.error("E010", f"unknown variable '{name}'{did_you_mean(name, names)}", target.span,
                       f"declare it at the top of the file (`var {name}: int = 0`), or write `let {name} = ...` "
                       "for a name used only in this rule")
            return None
        obj_t = self.expr(target.obj, scope)
        t, assignable = self.attribute(obj_t, target, for_assign=True)
        if t is None:
            return None
        if not assignable:
            span = _attr_span(target)
            if t == "zone":
                hint = "a zone cannot be replaced; `move` pieces into it or out of it"
            else:
                hint = ("what can be assigned: variables (`var`), players' variables (`mover.score`), and a "
                        "piece's `owner` and `up`")
            self.error("E025", f"'{target.name}' of {_a(show(obj_t))} cannot be changed", span, hint)
            return None
        return t

    def describe(self, name, scope=None) -> str:
        """What a known name is, for hints: 'the board declared on line 3'."""
        s = self.sym
        if scope is not None and scope.lookup(name) is not None:
            return f"{_a(show(scope.lookup(name)[0]))} named in this rule"
        for table, kind in ((s.vars, "the variable"), (s.consts, "the constant"), (s.boards, "the board"),
                            (s.zones, "the zone"), (s.kinds, "the piece kind"), (s.options, "the option"),
                            (s.phases, "the phase")):
            if name in table:
                return f"{kind} declared on line {table[name].span.line}"
        if name in s.enum_values:
            enum = s.enums[s.enum_values[name]]
            return f"a value of the enum '{enum.name}' (line {enum.span.line})"
        if name in BUILTIN_NAMES:
            t, what = BUILTIN_NAMES[name]
            return f"a builtin: {what}" if what else f"a builtin {t}"
        return "a name of the game"

    def what_is(self, name):
        """(what it is, hint) for a name that exists but is no variable, or None."""
        s = self.sym
        if name in BUILTIN_NAMES:
            hints = {
                "mover": "the mover changes as turns pass; to say who moves next write `next PLAYER`",
                "opponent": "to say who moves next write `next PLAYER`",
                "turn": "the turn number counts itself; keep your own count in a `var`",
            }
            return ("a builtin name", hints.get(name, "declare a variable of your own with `var NAME: TYPE = ...`"))
        if name in s.consts:
            return ("a constant", f"a `const` never changes; declare it as a variable to change it: "
                                  f"`var {name}: int = ...`")
        for table, kind in ((s.zones, "a zone"), (s.boards, "a board"), (s.kinds, "a piece kind"),
                            (s.enum_values, "an enum value"), (s.options, "an option"), (s.phases, "a phase"),
                            (s.defs, "a def"), (s.procs, "a proc")):
            if name in table:
                return (kind, "only variables declared with `var` (and names made with `let`) can be assigned")
        return None

    def resolve_type_quiet(self, t):
        n = len(self.diags)
        r = self.resolve_type(t)
        del self.diags[n:]
        return r

    def place(self, s: N.Place, scope):
        if not isinstance(s.kind, N.Name):
            self.expr(s.kind, scope)
            self.error("E015", "`place` makes a new piece of a kind, and this is not the name of a kind",
                       s.kind.span, f"to put an existing piece somewhere write `move {_text(s.kind)} to ...`")
        elif s.kind.id not in self.sym.kinds:
            name = s.kind.id
            if self.sym.kinds:
                known = _listing("piece kind", "piece kinds", self.sym.kinds)
            else:
                known = "the game declares no piece kinds yet"
            self.error("E015", f"unknown piece kind '{name}'{did_you_mean(name, self.sym.kinds)}", s.kind.span,
                       f"`place KIND for PLAYER at SPACE` makes a new piece of a declared kind; {known}")
        else:
            kind = self.sym.kinds[s.kind.id]
            if kind.attrs:
                self.error("E021", f"pieces of kind '{kind.name}' have attributes, so they come from a `pieces` "
                                   f"table, not from `place`", s.kind.span,
                           f"list them in a table (`pieces {kind.name}:` with a column for "
                           f"{_words([a.name for a in kind.attrs], 'and')}), then take one from the supply: "
                           f"`move top(supply) to {_text(s.where)}`")
            self.refs[s.kind] = ("kind", s.kind.id)
        if s.owner is not None:
            self.expect(s.owner, "player", scope, "the new piece's owner")
        self.destination(s.where, scope)

    def destination(self, e, scope):
        t = self.expr(e, scope)
        if t not in ("space", "zone", "any"):
            self.error("E021", f"a piece goes to a space or a zone, not a {show(t)}", e.span, None)

    # ------------------------------------------------------------ run
    def run(self) -> Checked:
        self.collect()
        self.check_declarations()
        self.check_rules()
        self.diags.sort(key=lambda d: (d.span.line, d.span.column))
        return Checked(self.module, self.sym, self.types, self.refs, self.diags)


def _walk(x):
    if isinstance(x, (list, tuple)):
        for i in x:
            yield from _walk(i)
    elif attrs.has(type(x)) and not isinstance(x, N.Span):
        yield x
        for f in attrs.fields(type(x)):
            yield from _walk(getattr(x, f.name))


def _has_enter(phase):
    return any(isinstance(n, N.Enter) for n in _walk(phase))


def _respan(e, span):
    """Expressions inside a log message point at the message."""
    if isinstance(e, (list, tuple)):
        return type(e)(_respan(i, span) for i in e)
    if attrs.has(type(e)) and not isinstance(e, N.Span):
        changes = {}
        for f in attrs.fields(type(e)):
            v = getattr(e, f.name)
            if isinstance(v, N.Span):
                changes[f.name] = span
            elif attrs.has(type(v)) or isinstance(v, (list, tuple)):
                changes[f.name] = _respan(v, span)
        return attrs.evolve(e, **changes)
    return e


def check(module: N.Module, origins=None) -> Checked:
    return Checker(module, origins).run()
