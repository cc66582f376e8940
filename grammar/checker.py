"""The checker: names, types, arities and data of a parsed game. It collects every error it finds.

`check(module, library)` gives a `Checked` (symbols.py) that feeds the compiler: the type of every expression
and what every name means. Declarations are checked here; statements in statements.py, expressions in
expr_types.py, piece tables in tables.py; they share one Context.
"""
from __future__ import annotations

from typing import Optional

from . import nodes as N
from .boards import BoardShapes, hex_box, space_count
from .display import check_displays
from .expr_types import ExpressionChecker
from .limits import (
    MAX_BLOCK_DEPTH,
    MAX_EXPRESSION_DEPTH,
    MAX_GRID,
    MAX_PLACEMENT_TERMS,
    MAX_PLANE,
    MAX_PLAYERS,
    MAX_SPACES,
    MAX_SUGGESTIONS,
    MAX_TABLE_PIECES,
)
from .plane_reach import farthest
from .statements import StatementChecker
from .static_values import StaticValues, fixed_form
from .symbols import EDITION, EDITIONS, Checked, CheckScope, Context, Meaning, asks_a_player, choosing_procs
from .tables import check_cell, check_combination, check_table, table_type
from .types import ANY, BOOL, INT, NUMBER, PLAYER, Library, piece_of
from .wording import a, did_you_mean, limited_suggestions, listing

# declarations that define a name: node type -> (what it is called, the Symbols table it goes in)
_NAMED = {N.Board: ("board", "boards"), N.Kind: ("piece kind", "kinds"), N.Zone: ("zone", "zones"),
          N.Var: ("variable", "vars"), N.Const: ("constant", "consts"), N.Def: ("def", "defs"),
          N.Proc: ("proc", "procs"), N.Action: ("action", "actions"), N.Trigger: ("trigger", "triggers"),
          N.Option: ("option", "options")}
# declarations that only add to a list
_LISTED = {N.Pieces: "pieces", N.Setup: "setups", N.Input: "inputs", N.Show: "shows", N.Display: "displays",
           N.Status: "statuses", N.Legend: "legend"}
# declarations a game has at most once
_ONCE = {N.Edition: "edition", N.Game: "game", N.Players: "players", N.First: "first", N.Rank: "rank by",
         N.About: "about"}


# how many times the rules are checked, at most, to learn the types of parameters from the calls
MAX_INFERENCE_PASSES = 4


class Checker(N.NodeVisitor):
    def __init__(self, module: N.Module, library: Library, inferred=None):
        self.ctx = Context(module, library)
        self.module = module
        self.library = library
        self.sym = self.ctx.sym
        self.exprs = ExpressionChecker(self.ctx, inferred)
        self.stmts = StatementChecker(self.ctx, self.exprs)
        self.enters: list | None = None  # the module's `enter` statements, once found (by the first pass)

    def error(self, code, message, span, hint=None, focus=None):
        self.ctx.error(code, message, span, hint, focus)

    def run(self) -> Checked:
        """Check the game. A parameter written without a type gets the type its calls give it: the rules are
        checked once with such parameters untyped, then again with the types their calls gave, until they no
        longer change (a parameter whose calls never settle stays untyped, and is checked when the rule runs)."""
        with limited_suggestions(MAX_SUGGESTIONS):
            return self._run()

    def _run(self) -> Checked:
        checked = self.run_once()
        inferred = self.exprs.inferred_parameters()
        for _ in range(MAX_INFERENCE_PASSES):
            if not any(t != ANY for types in inferred.values() for t in types):
                return checked
            again = Checker(self.module, self.library, inferred)
            again.enters = self.enters
            result = again.run_once(depth_checked=True)
            found = again.exprs.inferred_parameters()
            if found == inferred:
                return result
            inferred = found
        return checked

    def run_once(self, depth_checked: bool = False) -> Checked:
        """One pass over the game. `depth_checked`: the module's nesting was found fine by an earlier pass (a
        module that nests too deep is checked no further, so it has no types to infer and no second pass)."""
        if depth_checked or self.check_depth():  # too deep to type without running out of Python's stack: stop
            self.collect()
            self.check_declarations()
            self.check_rules()
        diags = sorted(self.ctx.diags, key=lambda d: (d.span.line, d.span.column))
        return Checked(self.module, self.sym, self.ctx.types, self.ctx.meanings, diags)

    def check_depth(self) -> bool:
        """Expressions and blocks nest at most so deep (so the checker and what the compiler builds stay within
        Python's own limits); False after reporting an item that nests deeper."""
        fine = True
        for item in self.module.items:
            todo: list = [(item, 0, 0)]
            while todo:
                node, in_expr, in_block = todo.pop()
                if in_expr > MAX_EXPRESSION_DEPTH or in_block > MAX_BLOCK_DEPTH:
                    what = "expression" if in_expr > MAX_EXPRESSION_DEPTH else "block"
                    limit = MAX_EXPRESSION_DEPTH if what == "expression" else MAX_BLOCK_DEPTH
                    self.error("E071", f"this {what} nests more than {limit} levels deep", node.span,
                               "split it: a `def` can name a part of an expression, a `proc` a part of a block")
                    fine = False
                    break
                inner_expr = in_expr + 1 if isinstance(node, N.Expr) else (0 if isinstance(node, N.Stmt) else in_expr)
                inner_block = in_block + 1 if isinstance(node, N.Stmt) else in_block
                todo.extend((child, inner_expr, inner_block) for child in node.children())
        return fine

    # ------------------------------------------------------------ declarations
    def collect(self) -> None:
        """Fill the symbol tables, reporting names declared twice and declarations given twice."""
        values: dict = {}
        rules: dict = {}
        items: list = []
        for item in self.module.items:
            if isinstance(item, N.Phase):
                if self._declare(values, rules, "phase", item.name, item):
                    self.sym.phases[item.name] = item
                items.extend(item.items)
            else:
                items.append(item)
        once: dict = {}
        for item in items:
            word = _ONCE.get(type(item))
            if word is not None:
                if word in once:
                    self.error("E030", f"`{word}` is given twice (first on line {once[word].span.line})", item.span,
                               f"a game has one `{word}` line; remove one of them")
                once[word] = item
            self.visit("collect_", item, values, rules)

    # one collect_<Decl> per declaration: what it adds to the symbol tables (a phase's items are collected
    # with the game's, above)
    def collect_Edition(self, item, values, rules) -> None:
        self.check_edition(item)

    def collect_Game(self, item, values, rules) -> None:
        self.sym.title = item.title

    def collect_Players(self, item, values, rules) -> None:
        self.sym.players = item

    def collect_First(self, item, values, rules) -> None:
        self.sym.first = item

    def collect_Rank(self, item, values, rules) -> None:
        self.sym.rank = item

    def collect_About(self, item, values, rules) -> None:
        self.sym.about = item

    def collect_Enum(self, item, values, rules) -> None:
        sym = self.sym
        if self._declare(values, rules, "enum", item.name, item):
            sym.enums[item.name] = item
            for v in item.values:
                if v in sym.enum_values:
                    self.error("E030", f"enum value '{v}' is already a value of '{sym.enum_values[v]}'",
                               item.span, "enum values are names shared by the whole game, so two enums "
                               f"cannot both have a '{v}'; rename one of them", focus=v)
                elif self._declare(values, rules, "enum value", v, item):
                    sym.enum_values[v] = item.name

    def _collect_named(self, item, values, rules) -> None:
        """A declaration that defines a name (see _NAMED): into its table, unless the name is taken."""
        kind, table = _NAMED[type(item)]
        if self._declare(values, rules, kind, item.name, item):
            getattr(self.sym, table)[item.name] = item

    collect_Board = collect_Kind = collect_Zone = collect_Var = collect_Const = collect_Def = collect_Proc = \
        collect_Action = collect_Trigger = collect_Option = _collect_named

    def _collect_listed(self, item, values, rules) -> None:
        """A declaration that only adds to a list (see _LISTED)."""
        getattr(self.sym, _LISTED[type(item)]).append(item)

    collect_Pieces = collect_Setup = collect_Input = collect_Show = collect_Status = collect_Legend = _collect_listed
    collect_Display = _collect_listed

    def collect_VariantOf(self, item, values, rules) -> None:
        """A variant's own lines: the front end merges them into the base game before the checker runs."""

    collect_ReplaceItem = collect_RemoveItem = collect_VariantOf

    def collect_Stuck(self, item: N.Stuck, values, rules) -> None:
        """`when stuck`: once for the game, and once in any phase where it differs."""
        stuck = self.sym.stuck
        if item.phase in stuck:
            where = f" in phase '{item.phase}'" if item.phase else ""
            self.error("E030", f"`when stuck` is given twice{where} (first on line {stuck[item.phase].span.line})",
                       item.span, "a game says once what a player with no legal move does (and once more in a "
                                  "phase where it differs); remove one of them")
        else:
            stuck[item.phase] = item
        if item.reason is not None:
            self.stmts.template(item.reason, CheckScope())

    def check_edition(self, item: N.Edition) -> None:
        if item.number not in EDITIONS:
            self.error("E097", f"this Mire reads editions {EDITIONS[0]} to {EDITIONS[-1]} of the language, not "
                               f"edition {item.number}", item.span,
                       f"write `edition {EDITIONS[-1]}` (what each edition changed is in CHANGES.md), or leave the "
                       f"line out for edition {EDITION}")
        else:
            self.sym.edition = item.number

    def _declare(self, values, rules, kind, name, node) -> bool:
        seen = rules if kind in ("action", "trigger") else values
        if name in seen:
            other = seen[name]
            hint = (f"give this {kind} another name: names of boards, zones, variables, constants, piece kinds, "
                    "enum values, defs and procs are shared by the whole game" if seen is values
                    else f"give this {kind} another name: every action and trigger needs its own")
            self.error("E030", f"'{name}' is already defined (as {a(other[0])} on line {other[1].span.line})",
                       node.span, hint, focus=name)
            if seen is values:
                self.ctx.doubled.add(name)
            return False
        library = self.ctx.library
        # a builtin function's name is free for anything the game declares: calls and names are apart,
        # and a def or proc of the game is called in its place; a builtin name is the game's own in its file
        # (declared all the same after a word of the language, so that its uses report nothing more)
        if name in library.names:  # (`repetitions` is a name and a function: the name is hidden)
            self.ctx.shadows_builtin(name, node.span, a(kind), "this game", name)
        seen[name] = (kind, node)
        return True

    def check_declarations(self) -> None:
        self.check_players()
        self.check_options()
        self.check_boards()
        self.check_board_layouts()
        if not self.sym.actions:
            self.error("E051", "the game has no actions, so nobody can ever move", self.whole_game_span(),
                       "add an `action NAME(...):` rule")
        self.check_kinds_and_zones()
        for v in self.sym.vars.values():
            self.exprs.expect(v.init, self.ctx.resolve_type(v.type), CheckScope(), f"the start value of '{v.name}'")
            self._private_needs_owner(v, "variable")
        for c in self.sym.consts.values():
            self.ctx.types[c] = self.exprs.expr(c.value, CheckScope())
        self.check_constant_cycles()
        self.sym.pieces = [self.check_pieces(pieces) for pieces in self.sym.pieces]
        self.check_piece_count()
        for i in self.sym.inputs:
            self.check_input(i)
        for shown in self.sym.shows:
            self.check_show(shown)
        check_displays(self.ctx)
        for status in self.sym.statuses:
            scope = CheckScope().bind("player", PLAYER, "param")
            self.stmts.template(status.label, scope)
            if status.when is not None:
                self.exprs.expect(status.when, BOOL, scope, "a status's `if` condition")

    def check_constant_cycles(self) -> None:
        """A constant may not be made of itself, directly or through other constants or defs."""
        bodies: dict[str, N.Expr] = {c.name: c.value for c in self.sym.consts.values()}
        bodies.update({d.name: d.body for d in self.sym.defs.values()})
        uses: dict[str, set[str]] = {}
        for name, body in bodies.items():
            uses[name] = {n.id for n in N.walk(body) if isinstance(n, N.Name) and n.id in self.sym.consts
                          and self.ctx.meanings.get(n) == Meaning("const", n.id)}
            uses[name] |= {n.func for n in N.walk(body) if isinstance(n, N.Call) and n.func in self.sym.defs}
        for name, c in self.sym.consts.items():
            path = _cycle(uses, name)
            if path:
                through = " -> ".join(path)
                self.error("E034", f"constant '{name}' is made of itself ({through})", c.span,
                           "a constant is computed once, from values that are there before it: give it a value "
                           "that does not need it", focus=name)

    def check_players(self) -> None:
        p = self.sym.players
        if p is None:
            self.error("E044", "the game does not say how many players it has", self.whole_game_span(),
                       "add a line such as `players 2` or `players 2 to 4`")
            return
        if p.low < 1 or p.high < p.low or p.high > MAX_PLAYERS:
            count = f"{p.low}" if p.low == p.high else f"{p.low} to {p.high}"
            self.error("E044", f"a game has 1 to {MAX_PLAYERS} players, not {count}", p.span,
                       f"write `players N` or `players LOW to HIGH` with 1 <= LOW <= HIGH <= {MAX_PLAYERS}",
                       focus=str(p.high if p.high > MAX_PLAYERS else p.low))
            return
        if p.names and len(p.names) < p.high:
            self.error("E044", f"{len(p.names)} seat name{'s' if len(p.names) != 1 else ''} for up to "
                               f"{p.high} players", p.span,
                       f"name every seat, or none: `named {', '.join(p.names + tuple('?' * (p.high - len(p.names))))}`")
        elif p.names and len(p.names) > p.high:
            self.error("E044", f"{len(p.names)} seat names for at most {p.high} players", p.span,
                       "give exactly one name per seat")
        seen: set = set()
        for n in p.names:
            if n in seen:
                self.error("E044", f"two seats are named '{n}'", p.span, "give every seat its own name", focus=n)
            seen.add(n)
        for f in p.facing:
            if f not in ("north", "south", "east", "west"):
                self.error("E021", f"a seat faces an edge: '{f}' is not north, south, east or west",
                           p.span, "write `facing` and one of north, south, east, west per seat", focus=f)
        if p.facing and len(p.facing) < p.high:
            self.error("E044", f"{len(p.facing)} facings for up to {p.high} players", p.span,
                       "give every seat the edge it sits at")
        first = self.sym.first
        if first and first.who not in ("random", "first"):
            self.error("E021", f"`first` takes `random` or `first`, not '{first.who}'", first.span,
                       "`first random` picks the first player at random; `first first` (the default) starts "
                       "with the first seat", focus=first.who)
        if first:
            # `next P` in a setup names who takes the first turn: at its top level, always, so that `first` is
            # never used (in an `if` or a loop it may not run, and `first` stays the default)
            for setup in self.sym.setups:
                named = next((s for s in setup.body if isinstance(s, N.Next)), None)
                if named is not None:
                    self.error("E038", f"`first {first.who}` (line {first.span.line}) and the setup's `next` both "
                                       f"say who takes the first turn", named.span,
                               "the setup's `next P` gives the first turn to P: leave out the `first` line, or "
                               "the `next`")
                    break

    def check_options(self) -> None:
        for o in self.sym.options.values():
            if o.type is None:
                continue
            if self.ctx.resolve_type(o.type) != INT:
                self.error("E021", f"an option's value is a number, not {a(o.type.name)}", o.span,
                           f"write `option {o.name}: int = DEFAULT in LOW..HIGH`", focus=o.type.name)
            assert o.default is not None and o.low is not None and o.high is not None
            if not o.low <= o.default <= o.high:
                self.error("E048", f"option '{o.name}' starts at {o.default}, outside its range {o.low}..{o.high}",
                           o.span, "the default must be one of the values players may choose", focus=str(o.default))
            if o.uses is not None:
                self.error("E048", f"option '{o.name}' has a value, so it cannot also switch to a variant",
                           o.span, "an option is either a number players choose or a variant they switch on")

    def check_boards(self) -> None:
        shapes = BoardShapes(self.error, self.sym.boards)
        for b in self.sym.boards.values():
            shapes.check(b)
        static = StaticValues(self.sym)
        grids = [b for b in self.sym.boards.values() if b.shape in ("grid", "hex")]
        fixed = True
        for b in grids:
            for e in (b.width, b.height):
                self.exprs.expect(e, INT, CheckScope(), "a board's size")
                if not fixed_form(e) or static.int_of(e) is None:
                    fixed = False
                    self.error("E045", "a board's size is a number, a constant or an option with a value",
                               e.span, "write `grid 8 x 8`, or `grid N x N` with `const N = 8`, or `grid size x size` "
                               "with `option size: int = 8 in 5..12`")
        if not fixed:
            return
        for b in self.sym.boards.values():
            shapes.check_blocks(b, static)
        self._board_limits(static, None)
        sized = [e for b in grids for e in (b.width, b.height)]
        sized += [e for b in self.sym.boards.values() if b.at is not None for e in b.at]
        for o in self.sym.options.values():
            if o.default is None or not any(o.name in static.options_in(e) for e in sized):
                continue
            ends = {o.default if o.low is None else o.low, o.default if o.high is None else o.high}
            for end in sorted(ends):
                if self._board_limits(StaticValues(self.sym, {o.name: end}), (o, end)):
                    break

    def _board_limits(self, static: StaticValues, option) -> bool:
        """Report a grid past the limits with these values of the options (`option`: the one set to an end of
        its range, or None for the defaults); True when one was reported."""
        seats = min(self.sym.players.high, MAX_PLAYERS) if self.sym.players is not None else 1
        total = 0
        when = f"with {option[0].name} = {option[1]}, " if option else ""

        def size(grid: N.Board) -> tuple[int, int]:
            return static.int_of(grid.width) or 0, static.int_of(grid.height) or 0
        for b in self.sym.boards.values():
            w, h = size(b) if b.shape == "grid" else (0, 0)
            total += space_count(b, self.sym.boards, size) * (seats if b.per_player else 1)
            if total > MAX_SPACES:
                self.error("E072", f"{when}the boards have more than {MAX_SPACES} spaces together",
                           option[0].span if option else b.span,
                           "a board of each player counts once for every seat; make the boards smaller or fewer"
                           + (f", or the range of '{option[0].name}' narrower" if option else ""))
                return True
            if b.shape == "hex":
                w, h = size(b)
                columns, rows = hex_box(b.outline, w, h)
                if not (1 <= w and 1 <= h and columns <= MAX_GRID and rows <= MAX_GRID):
                    self.error("E045", f"{when}board '{b.name}' would span {columns} x {rows} columns and rows, and "
                                       f"a hex board spans 1 to {MAX_GRID}", option[0].span if option else b.span,
                               "give it a size of at least 1 that keeps it within the limit, such as `hex 11 x 11`, "
                               "`hexagon 8` or `triangle 9`")
                    return True
            if b.shape == "grid" and not (1 <= w <= MAX_GRID and 1 <= h <= MAX_GRID):
                self.error("E045", f"{when}a grid is 1 to {MAX_GRID} spaces a side, not {w} x {h}",
                           option[0].span if option else b.span,
                           f"give '{option[0].name}' a range that keeps board '{b.name}' between 1 and {MAX_GRID} "
                           "a side" if option else
                           f"write `grid WIDTH x HEIGHT` with both between 1 and {MAX_GRID}, such as `grid 8 x 8`",
                           focus=str(option[1]) if option else str(w if not 1 <= w <= MAX_GRID else h))
                return True
        far = farthest(self.sym.boards, size, static)
        if far is not None and far[1] > MAX_PLANE:
            b = far[0]
            self.error("E049", f"{when}board '{b.name}' reaches column or row {far[1]} of the plane, and the "
                               f"boards lie within -{MAX_PLANE}..{MAX_PLANE}",
                       option[0].span if option else b.span,
                       f"give '{option[0].name}' a range that keeps the boards nearer" if option else
                       "bring its `at (...)` nearer, such as `at (2 * x, 2 * y)`" if b.at is not None else
                       "lay fewer boards side by side, or place them with `at (...)`")
            return True
        return False

    def check_board_layouts(self) -> None:
        for b in self.sym.boards.values():
            self._private_needs_owner(b, "board")
            if b.shape == "area" and b.visibility not in (None, "public"):
                self.error("E021", f"board '{b.name}' is an area, which cannot be hidden", b.span,
                           "where an area grows shows where its pieces lie: make it a grid to hide it",
                           focus=b.visibility)
            if b.labels not in (None, "upper", "lower", "numbers"):
                self.error("E021", f"labels are `upper`, `lower` or `numbers`, not '{b.labels}'", b.span,
                           "`labels upper` names the spaces A1, B1, ...; `lower` a1, b1, ...; `numbers` 1, 2, ...",
                           focus=b.labels)
            if b.at is not None:
                scope = CheckScope().bind("x", INT, "coord").bind("y", INT, "coord")
                for e in b.at:
                    self.exprs.expect(e, INT, scope, "a board's position on the plane")
                    self._check_placement(e)

    def _check_placement(self, e: N.Expr) -> None:
        """A coordinate of `at (X, Y)` is worked out for each space when a game is built (where the spaces lie
        is checked against the plane's limits then): short arithmetic of things fixed before the game."""
        terms = sum(1 for _ in N.walk(e))
        static = StaticValues(self.sym)
        hint = ("write arithmetic of `x` and `y` (the space's column and row), numbers, constants and options with "
                "a value, such as `at (2 * x + 1, 2 * y + 1)`")
        if terms > MAX_PLACEMENT_TERMS:
            self.error("E049", f"this position on the plane has {terms} numbers, names and operators, and a board's "
                               f"position has at most {MAX_PLACEMENT_TERMS}", e.span, hint)
            return
        if not fixed_form(e):
            self.error("E049", "a board's position on the plane is worked out before the game starts: it cannot "
                               "ask about the game", e.span, hint)
            return
        for n in N.walk(e):
            if isinstance(n, N.Name) and n.id not in ("x", "y") and static.int_of(n) is None:
                self.error("E049", f"'{n.id}' is not a number fixed before the game starts, so it cannot place a "
                                   f"board on the plane", n.span, hint)
                return

    def check_kinds_and_zones(self) -> None:
        for k in self.sym.kinds.values():
            names: set = set()
            for x in k.attrs:
                if x.name in names:
                    self.error("E031", f"piece kind '{k.name}' has two attributes named '{x.name}'", x.span,
                               "rename or remove one of them", focus=x.name)
                names.add(x.name)
                self.ctx.resolve_type(x.type)
                if x.start is not None:
                    if table_type(self.ctx, x.type):
                        check_cell(self.ctx, x, *x.start)
                    else:
                        self.error("E041", f"'{x.name}' cannot start with a value written here: a start value is a "
                                           f"number, yes/no, text, an enum value, a kind or a space's name",
                                   x.start[1], f"leave out `= {x.start[0]}` and set '{x.name}' in the rules")
        for z in self.sym.zones.values():
            if z.capacity is not None and z.capacity < 1:
                self.error("E021", f"a zone's capacity is at least 1, not {z.capacity}", z.span,
                           "leave `capacity` out for a zone without a limit", focus="capacity")
            if z.size_hidden and z.visibility == "public":
                self.error("E021", f"zone '{z.name}' is public, so everyone can count its pieces", z.span,
                           "a zone whose size is hidden is `private` (its owner counts them) or `secret`",
                           focus="size")
            self._private_needs_owner(z, "zone")

    def _private_needs_owner(self, item, what: str) -> None:
        if item.visibility == "private" and not item.per_player:
            self.error("E021", f"{what} '{item.name}' is private, but it belongs to no player", item.span,
                       f"a private {what} is a player's own: write `per player private`; for one nobody sees "
                       "write `secret`", focus="private")

    def check_show(self, show: N.Show) -> None:
        if show.kind not in self.sym.kinds:
            self.error("E015", f"unknown piece kind '{show.kind}'{did_you_mean(show.kind, self.sym.kinds)}",
                       show.span, "`show KIND as \"...\"` labels the pieces of a declared kind")
            return
        self.stmts.template(show.label, CheckScope().bind("it", piece_of(show.kind), "param"))

    def check_input(self, i: N.Input) -> None:
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

    def check_pieces(self, p: N.Pieces) -> N.Pieces:
        """Check a `pieces` item; it comes back with its table made when it is written with `each`."""
        kind = self.sym.kinds.get(p.kind)
        if kind is None:
            self.error("E015", f"unknown piece kind '{p.kind}'{did_you_mean(p.kind, self.sym.kinds)}", p.span,
                       f"declare it first: `piece {p.kind}` or `piece {p.kind}(attribute: type, ...)`",
                       focus=p.kind)
            return p
        if p.zone is not None:
            self._check_pieces_zone(p)
        if p.file is not None or p.data is not None:
            return p  # the front end reads the file and checks it the same way, row by row
        if p.combination is not None:
            table = check_combination(self.ctx, kind, p.combination)
            return p if table is None else p.evolve(header=table[0], rows=table[1])
        check_table(self.ctx, kind, p.header, p.rows, p.span)
        return p

    def check_piece_count(self) -> None:
        seats = min(self.sym.players.high, MAX_PLAYERS) if self.sym.players is not None else 1
        total = 0
        for p in self.sym.pieces:
            made = len(p.rows)
            if "count" in p.header:
                at = p.header.index("count")
                counts = [row[at][0] for row in p.rows if len(row) == len(p.header)]
                made = sum(n for n in counts if isinstance(n, int) and n > 0)
            total += made * (seats if p.each_player else 1)
            if total > MAX_TABLE_PIECES:
                self.error("E072", f"the piece tables make more than {MAX_TABLE_PIECES} pieces together", p.span,
                           "a table `for each player` counts once for every seat; list fewer pieces",
                           focus=p.kind)
                return

    def _check_pieces_zone(self, p: N.Pieces) -> None:
        assert p.zone is not None
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

    def whole_game_span(self) -> N.Span:
        """Where to point for something the whole file lacks: its first line (the `game` line, usually)."""
        for item in self.module.items:
            if item.span.line >= 1:
                return item.span
        return N.Span(self.module.path, 1, 1, 1, 2)

    # ------------------------------------------------------------ rules
    def check_rules(self) -> None:
        for d in self.sym.defs.values():
            self.exprs.check_param_types(d)
            self.exprs.def_type(d)
        for p in self.sym.procs.values():
            self.ctx.check_param_names(p.params, p.span, f"proc '{p.name}'")
            self.exprs.check_param_types(p)
            self.exprs.proc_type(p)
        for s in self.sym.setups:
            self.stmts.block(s.body, CheckScope(), "setup")
        choosing = choosing_procs(self.sym.procs)  # (the procs that ask a player: the same for every action)
        for action in self.sym.actions.values():
            self.check_action(action, choosing)
        for t in self.sym.triggers.values():
            self.stmts.block(t.body, CheckScope(), "trigger")
        for ph in self.sym.phases.values():
            if ph.until is not None:
                self.exprs.expect(ph.until, BOOL, CheckScope(), "a phase's `until` condition")
        if self.sym.rank is not None:
            scope = CheckScope().bind("player", PLAYER, "param")
            for k in self.sym.rank.keys:
                self.exprs.expect(k, NUMBER, scope, "a ranking key")
        self.check_phases_reachable()

    def check_action(self, action: N.Action, choosing: set) -> None:
        scope = CheckScope()
        seen: dict = {}
        for prm in action.params:
            name_span = prm.span.at_start(len(prm.name))
            if prm.name in seen:
                self.error("E030", f"action '{action.name}' has two parameters named '{prm.name}'", name_span,
                           f"the first '{prm.name}' is at {seen[prm.name]}; give each parameter its own name")
            else:
                seen[prm.name] = prm.span
            self.ctx.check_local_name(prm.name, name_span, "a parameter")
            t = self.exprs.expr(prm.domain, scope)
            scope.bind(prm.name, self.exprs.collection_elem(t, prm.domain, "an action's parameter"), "param")
            if prm.test is not None:
                self.exprs.expect(prm.test, BOOL, scope, "a parameter's condition")
            if prm.message is not None:
                self.stmts.template(prm.message, scope)
        if action.label is not None:
            self.stmts.template(action.label, scope)
        self.stmts.block(action.body, scope, "action", requires_allowed=True)
        ensure = next((n for n in N.walk(action.body) if isinstance(n, N.Ensure)), None)
        asks = next((n for n in N.walk(action.body) if asks_a_player(n) or
                     (isinstance(n, N.ExprStmt) and n.call.func in choosing)), None)
        if action.by_itself:
            self.check_turn_action(action, asks)
        if ensure is not None and asks is not None:
            self.error("E032", f"action '{action.name}' has an `ensure` and asks a player to choose",
                       ensure.span.at_start(len("ensure")),
                       "`ensure` tries the move's effect to list the legal moves, and a choice cannot be tried "
                       "ahead; test the condition before the choice with `require`, or after it with `if`")
        for name in action.reveals or ():
            if name not in ("nothing", "action") and name not in seen:
                names = [p.name for p in action.params]
                self.error("E010", f"action '{action.name}' has no parameter '{name}'{did_you_mean(name, names)}",
                           action.span, "`reveals` says what the others learn of a move: `nothing`, `action` (its "
                           "name), or some of its parameters" + (f" ({', '.join(names)})" if names else ""),
                           focus=name)

    def check_turn_action(self, action: N.Action, asks: Optional[N.Node]) -> None:
        """An action that says `each turn` is the whole turn (E053): no parameters, a question to someone, no other
        action open beside it (in its phase, or in any phase when it belongs to the whole game)."""
        head = action.span.at_start(len("action"))
        if action.params:
            self.error("E053", f"action '{action.name}' is each turn, and has parameters", head,
                       "an action that is each turn begins by itself, so there is no move to pick: ask with `choose` "
                       "or `at once` in its body")
        if asks is None:
            self.error("E053", f"action '{action.name}' is each turn, and asks nobody anything", head,
                       "its choices (`choose`, `at once`) are the turn's decisions: without one the turn would be "
                       "no decision at all; write a trigger for what happens by itself")
        beside = [a for a in self.sym.actions.values() if a is not action and
                  (a.phase is None or action.phase is None or a.phase == action.phase)]
        if beside:
            self.error("E053", f"action '{action.name}' is each turn, and action '{beside[0].name}' is open beside "
                               "it", head,
                       "an action that is each turn is the whole turn: put the other actions in phases of their own")

    def check_phases_reachable(self) -> None:
        phases = list(self.sym.phases.values())
        entered = set()
        if self.enters is None:
            self.enters = [n for n in N.walk(self.module) if isinstance(n, N.Enter)]
        for node in self.enters:
            if node.phase not in self.sym.phases:
                names = list(self.sym.phases)
                known = (listing("phase", "phases", names) if names else
                         "the game has no phases: declare them with `phase NAME:`")
                self.error("E014", f"unknown phase '{node.phase}'{did_you_mean(node.phase, names)}",
                           node.span, known, focus=node.phase)
            entered.add(node.phase)
        for i, ph in enumerate(phases):
            if i == 0 or ph.name in entered:
                continue
            prev = phases[i - 1]
            if prev.until is None and not any(isinstance(n, N.Enter) for n in N.walk(prev)):
                self.error("E050", f"phase '{ph.name}' can never be reached", ph.span,
                           f"phases run in order, and phase '{prev.name}' never ends: give it an `until` condition "
                           f"(`phase {prev.name} until ...:`), or `enter {ph.name}` from one of its rules",
                           focus=ph.name)


def _cycle(uses: dict, start: str) -> list[str]:
    """A path of uses from `start` back to itself, or []."""
    todo = [(start, [start])]
    seen: set[str] = set()
    while todo:
        name, path = todo.pop()
        for used in sorted(uses.get(name, ())):
            if used == start:
                return path + [start]
            if used not in seen:
                seen.add(used)
                todo.append((used, path + [used]))
    return []


def check(module: N.Module, library: Library) -> Checked:
    return Checker(module, library).run()
