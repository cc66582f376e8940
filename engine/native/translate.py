"""A checked game -> the Python source of a numba module that plays it on arrays (docs/backends.md).

The source is made from the same checked AST the interpreter's compiler reads (`Checked`: the declarations,
the type and the meaning of every expression) and from the topology of a State the interpreter built (its
spaces, their neighbours, the seats' facings), so that both backends see one board. Each construct becomes a few
lines over one int64 vector `st` (the state) and `jr` (its journal of writes); a construct this module does not
translate yet raises `Unsupported` with its file:line, so that a game is never played differently.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ...grammar import nodes as N
from ...grammar.symbols import Checked
from ...grammar.types import DIRECTIONS, ORTHOGONAL, RELATIVE_DIRECTIONS
from .layout import Layout

_DIR_INDEX = {name: i for i, name in enumerate(DIRECTIONS)}
_REL_INDEX = {name: i for i, name in enumerate(RELATIVE_DIRECTIONS)}
# what an ending statement becomes in st[END_KIND] (0: the game goes on)
END_KINDS = {"win": 1, "lose": 2, "draw": 3, "finish": 4}
STUCK_KINDS = ("win", "lose", "draw", "finish")

# declarations the native code needs nothing of (the start position, views and texts stay with the interpreter)
_PASSIVE = (N.Game, N.Players, N.About, N.Show, N.Status, N.Enum)


class Unsupported(Exception):
    """A construct the native backend does not translate yet: where it is written, and what it is."""

    def __init__(self, span: Optional[N.Span], construct: str):
        self.span, self.construct = span, construct
        where = f"{span.file}:{span.line}: " if span is not None else ""
        super().__init__(f"{where}the native backend does not handle {construct} yet")


class Translator:
    """Writes the module's rules part (the constants and helpers are in runtime_source.py)."""

    def __init__(self, checked: Checked, layout: Layout, sources: dict):
        self.checked, self.sym, self.layout, self.sources = checked, checked.symbols, layout, sources
        self.lines: list[str] = []
        self.fresh_count = 0
        self.said_line = 0  # the line of the rules last written as a comment (a line is written once)
        self.max_moves = 0  # the most moves a listing can give, worked out from the domains' sizes
        self.width = 1  # 1 + the most parameters of an action
        self.actions: list[tuple[str, list[str]]] = []  # each action's name and its parameters' kinds

    # ------------------------------------------------------------ the game as a whole
    def translate(self) -> str:
        self.refuse_declarations()
        actions = [a for a in self.sym.actions.values()]
        regular = [a for a in actions if not a.fallback]
        fallback = [a for a in actions if a.fallback]
        out: list[str] = []
        for i, a in enumerate(regular + fallback):
            out += self.action_body(a, i)
        out += self.lister(regular, fallback)
        out += self.dispatcher(regular + fallback)
        out += self.stuck()
        return "\n".join(out) + "\n"

    def refuse_declarations(self) -> None:
        for item in self.checked.module.items:
            if isinstance(item, _PASSIVE) or isinstance(item, (N.Action, N.Stuck, N.Setup)):
                continue
            if isinstance(item, N.First):
                continue  # (who starts comes with the start position, from the interpreter)
            if isinstance(item, N.Board):
                if item.shape != "grid" or item.per_player:
                    raise Unsupported(item.span, f"a board of shape `{item.shape}`" if item.shape != "grid"
                                      else "a board of each player")
                continue
            if isinstance(item, N.Kind):
                if item.attrs:
                    raise Unsupported(item.attrs[0].span, "a piece's attributes")
                continue
            if isinstance(item, N.Option) and item.default is None and item.uses is None:
                continue  # (an option that switches a variant is another game, translated on its own)
            raise Unsupported(item.span, _declaration_words(item))
        for phase, stuck in self.sym.stuck.items():
            if phase is not None:
                raise Unsupported(stuck.span, "a phase's `when stuck`")
            if stuck.rule not in STUCK_KINDS:
                raise Unsupported(stuck.span, f"`when stuck: {stuck.rule}`")
        for a in self.sym.actions.values():
            if a.phase is not None:
                raise Unsupported(a.span, "phases")
            if a.label is not None or a.reveals is not None:
                pass  # (texts and what others learn of a move: the interpreter's, when the moves are replayed)

    def stuck(self) -> list[str]:
        """What the player to move does when they have no move: the game ends (st[OVER] set)."""
        rule = self.sym.stuck.get(None)
        kind = rule.rule if rule is not None else "finish"
        seat = 1 if kind in ("win", "lose") else 0
        return ["", "# when the player to move has no move: how the game ends, and whether they are who it names",
                f"STUCK_KIND = {END_KINDS[kind]}", f"STUCK_SEAT = {seat}", ""]

    # ------------------------------------------------------------ actions
    def action_body(self, a: N.Action, index: int) -> list[str]:
        env = {}
        params = []
        kinds = []
        for p in a.params:
            var = self.fresh(p.name)
            env[p.name] = var
            params.append(var)
            kinds.append(self.kind_of_param(p))
        self.actions.append((a.name, kinds))
        self.width = max(self.width, 1 + len(params))
        head = ", ".join(["st", "jr", "mover"] + params)
        body = self.block(a.body, env, 1)
        return ["", f"# action {a.name} ({a.span.file}:{a.span.line})", "@njit(cache=True)",
                f"def act_{index}({head}):"] + body + ["    return"]

    def kind_of_param(self, p: N.Param) -> str:
        t = self.checked.type_of(p.domain)
        kind = t.element.base if t.is_list else None
        if kind not in ("space", "int", "player"):
            raise Unsupported(p.span, f"a parameter of type {t.element.base if t.is_list else t.base}")
        return kind

    def lister(self, regular: list, fallback: list) -> list[str]:
        lines = ["", "@njit(cache=True)", "def list_moves(st, out):",
                 "    # every legal move of the player to move: out[k] = (action, its arguments...)",
                 "    n = 0", "    if st[OVER] != 0:", "        return 0", "    mover = st[TURN]"]
        bound = 0
        for i, a in enumerate(regular):
            lines += self.action_lister(a, i, 1)
            bound += self.domain_bound(a)
        if fallback:
            lines.append("    if n == 0:")
            for i, a in enumerate(fallback, len(regular)):
                lines += self.action_lister(a, i, 2)
                bound += self.domain_bound(a)
        self.max_moves = max(1, bound)
        return lines + ["    return n"]

    def action_lister(self, a: N.Action, index: int, depth: int) -> list[str]:
        env: dict[str, str] = {}
        lines: list[str] = []
        pad = "    " * depth
        names = []
        for p in a.params:
            var = self.fresh(p.name)
            loop, deeper = self.domain_loop(p.domain, var, env, pad)
            lines += loop
            pad += "    " * deeper
            env[p.name] = var
            names.append(var)
            if p.test is not None:
                lines.append(f"{pad}if {self.expr(p.test, env)}:")
                pad += "    "
        lines.append(f"{pad}out[n, 0] = {index}")
        for k, v in enumerate(names, 1):
            lines.append(f"{pad}out[n, {k}] = {v}")
        lines.append(f"{pad}n += 1")
        return [f"{'    ' * depth}# {a.name} ({a.span.file}:{a.span.line})"] + lines

    def domain_loop(self, domain: N.Expr, var: str, env: dict, pad: str) -> tuple[list[str], int]:
        """The loop head(s) that bind `var` to each item of an action parameter's domain, in the interpreter's
        order, and how many levels deeper the loop's body is."""
        if isinstance(domain, N.Name) and self.checked.meaning(domain).category == "board":
            return [f"{pad}for {var} in {self.layout.board_array(domain.id)}:"], 1
        if isinstance(domain, N.Call) and domain.func == "neighbors":
            origin = self.expr(domain.args[0], env)
            if len(domain.args) == 1:
                dirs = [str(_DIR_INDEX[d]) for d in ORTHOGONAL]
            else:
                listed = domain.args[1]
                if not isinstance(listed, N.ListLit) or not listed.items:
                    raise Unsupported(listed.span, "directions that are not a list written out")
                dirs = [self.direction(d, env) for d in listed.items]
            d = self.fresh("d")
            return [f"{pad}for {d} in ({', '.join(dirs)},):",
                    f"{pad}    {var} = step({origin}, {d})",
                    f"{pad}    if {var} >= 0:"], 2
        if isinstance(domain, N.Range):
            low, high = self.expr(domain.low, env), self.expr(domain.high, env)
            if domain.down:
                return [f"{pad}for {var} in range({low}, {high} - 1, -1):"], 1
            return [f"{pad}for {var} in range({low}, {high} + 1):"], 1
        if isinstance(domain, N.Name) and self.checked.meaning(domain).name == "players":
            return [f"{pad}for {var} in players_from(mover):"], 1
        raise Unsupported(domain.span, f"an action's parameter over `{_words(domain)}`")

    def domain_bound(self, a: N.Action) -> int:
        total = 1
        for p in a.params:
            d = p.domain
            if isinstance(d, N.Name) and self.checked.meaning(d).category == "board":
                total *= self.layout.board_size(d.id)
            elif isinstance(d, N.Call) and d.func == "neighbors":
                total *= 4 if len(d.args) == 1 else len(d.args[1].items)  # type: ignore[attr-defined]
            elif isinstance(d, N.Range):
                if not (isinstance(d.low, N.Num) and isinstance(d.high, N.Num)):
                    raise Unsupported(d.span, "a range whose ends are not numbers written out")
                total *= abs(int(d.high.value) - int(d.low.value)) + 1
            else:
                total *= self.layout.players
        return total

    def dispatcher(self, actions: list) -> list[str]:
        lines = ["", "@njit(cache=True)", "def apply_move(st, jr, mv):",
                 "    # the move's effect, then the end of the turn", "    mover = st[TURN]", "    a = mv[0]"]
        for i, a in enumerate(actions):
            args = ", ".join(["st", "jr", "mover"] + [f"mv[{k}]" for k in range(1, len(a.params) + 1)])
            lines += [f"    {'if' if i == 0 else 'elif'} a == {i}:", f"        act_{i}({args})"]
        return lines + ["    end_turn(st, jr)"]

    # ------------------------------------------------------------ statements
    def block(self, stmts, env: dict, depth: int) -> list[str]:
        out: list[str] = []
        env = dict(env)
        for s in stmts:
            out += self.stmt(s, env, depth)
        return out or ["    " * depth + "pass"]

    def stmt(self, s: N.Stmt, env: dict, depth: int) -> list[str]:
        pad = "    " * depth
        said = self.said(s.span) if s.span.line != self.said_line else ""
        self.said_line = s.span.line
        return ([f"{pad}# {said}"] if said else []) + self.stmt_lines(s, env, depth, pad)

    def said(self, span: N.Span) -> str:
        """The first line of a statement as the rules file writes it, for a comment in the generated code."""
        text = self.sources.get(span.file)
        if text is None:
            return ""
        lines = text.splitlines()
        return f"{span.file}:{span.line}: {lines[span.line - 1].strip()}" if span.line <= len(lines) else ""

    def stmt_lines(self, s: N.Stmt, env: dict, depth: int, pad: str) -> list[str]:
        if isinstance(s, N.Place):
            if s.face == "down":
                raise Unsupported(s.span, "a piece placed face down")
            if not (isinstance(s.kind, N.Name) and self.checked.meaning(s.kind).category == "kind"):
                raise Unsupported(s.kind.span, "a kind held in a name")
            owner = self.expr(s.owner, env) if s.owner is not None else "-1"
            where = self.typed(s.where, env, "space", "a piece placed elsewhere than on a space")
            return [f"{pad}create(st, jr, {self.layout.kind_index(s.kind.id)}, {owner}, {where})"]
        if isinstance(s, N.Move):
            if s.face is not None:
                raise Unsupported(s.span, "a piece turned face up or down as it moves")
            what = self.typed(s.what, env, "piece", "a move of several pieces at once")
            dest = self.typed(s.dest, env, "space", "a move elsewhere than to a space")
            return [f"{pad}move_piece(st, jr, {what}, {dest})"]
        if isinstance(s, N.Remove):
            what = self.typed(s.what, env, "piece", "a removal of several pieces at once")
            return [f"{pad}remove_piece(st, jr, {what})"]
        if isinstance(s, N.If):
            lines = []
            for k, (test, body) in enumerate(s.branches):
                lines.append(f"{pad}{'if' if k == 0 else 'elif'} {self.expr(test, env)}:")
                lines += self.block(body, env, depth + 1)
            if s.orelse is not None:
                lines.append(f"{pad}else:")
                lines += self.block(s.orelse, env, depth + 1)
            return lines
        if isinstance(s, N.Outcome):
            who = "-1"
            if s.who is not None:
                who = self.typed(s.who, env, "player", "an ending for a list of players")
            return [f"{pad}declare(st, jr, {END_KINDS[s.kind]}, {who})", f"{pad}return"]
        if isinstance(s, N.Let):
            t = self.checked.type_of(s.value)
            if t.base not in ("space", "int", "player", "piece", "bool"):
                raise Unsupported(s.span, f"a `let` of type {t.base}")
            var = self.fresh(s.name)
            line = f"{pad}{var} = {self.expr(s.value, env)}"
            env[s.name] = var
            return [line]
        if isinstance(s, N.Pass):
            return [f"{pad}pass"]
        raise Unsupported(s.span, _statement_words(s))

    # ------------------------------------------------------------ expressions
    def typed(self, e: N.Expr, env: dict, base: str, otherwise: str) -> str:
        if self.checked.type_of(e).base != base:
            raise Unsupported(e.span, otherwise)
        return self.expr(e, env)

    def expr(self, e: N.Expr, env: dict) -> str:
        method = getattr(self, f"expr_{type(e).__name__}", None)
        if method is None:
            raise Unsupported(e.span, f"the expression `{_words(e)}`")
        return method(e, env)

    def expr_Num(self, e: N.Num, env: dict) -> str:
        if isinstance(e.value, Fraction) and e.value.denominator != 1:
            raise Unsupported(e.span, "fractions")
        return str(int(e.value))

    def expr_Name(self, e: N.Name, env: dict) -> str:
        meaning = self.checked.meaning(e)
        if meaning.category == "local":
            if e.id not in env:
                raise Unsupported(e.span, f"the name `{e.id}` here")
            return env[e.id]
        if meaning.category == "builtin":
            if e.id == "mover":
                return "mover"
            if e.id == "opponent":
                if self.layout.players != 2:
                    raise Unsupported(e.span, "`opponent` in a game of more than two players")
                return "opponent_of(mover)"
            if e.id in ("true", "yes"):
                return "True"
            if e.id in ("false", "no"):
                return "False"
            if e.id == "none":
                return "-1"
            if e.id in _DIR_INDEX or e.id in _REL_INDEX:
                return self.direction(e, env)
        raise Unsupported(e.span, f"the name `{e.id}` ({meaning.category})")

    def direction(self, e: N.Expr, env: dict) -> str:
        if isinstance(e, N.Name) and self.checked.meaning(e).category == "builtin":
            if e.id in _DIR_INDEX:
                return str(_DIR_INDEX[e.id])
            if e.id in _REL_INDEX:
                return f"REL[mover, {_REL_INDEX[e.id]}]"
        raise Unsupported(e.span, f"the direction `{_words(e)}`")

    def expr_Attr(self, e: N.Attr, env: dict) -> str:
        if self.checked.type_of(e.obj).base == "space" and e.name in ("x", "y"):
            return f"S{e.name.upper()}[{self.expr(e.obj, env)}]"
        raise Unsupported(e.span, f"the attribute `.{e.name}`")

    def expr_BinOp(self, e: N.BinOp, env: dict) -> str:
        left, right = self.checked.type_of(e.left).base, self.checked.type_of(e.right).base
        if e.op == "+" and left == "space" and right == "dir":
            return f"step({self.expr(e.left, env)}, {self.direction(e.right, env)})"
        if left == right == "int" and e.op in "+-*":
            return f"({self.expr(e.left, env)} {e.op} {self.expr(e.right, env)})"
        raise Unsupported(e.span, f"`{e.op}` of {left} and {right}")

    def expr_Neg(self, e: N.Neg, env: dict) -> str:
        if self.checked.type_of(e.value).base != "int":
            raise Unsupported(e.span, "a negative of something not a whole number")
        return f"(-{self.expr(e.value, env)})"

    def expr_Compare(self, e: N.Compare, env: dict) -> str:
        left, right = self.checked.type_of(e.left).base, self.checked.type_of(e.right).base
        scalar = ("space", "player", "piece", "int", "bool", "none", "dir")
        if e.op in ("==", "!=") and left in scalar and right in scalar:
            return f"({self.expr(e.left, env)} {e.op} {self.expr(e.right, env)})"
        if e.op in ("<", ">", "<=", ">=") and left == right == "int":
            return f"({self.expr(e.left, env)} {e.op} {self.expr(e.right, env)})"
        raise Unsupported(e.span, f"`{e.op}` between {left} and {right}")

    def expr_BoolOp(self, e: N.BoolOp, env: dict) -> str:
        return "(" + f" {e.op} ".join(self.expr(v, env) for v in e.values) + ")"

    def expr_Not(self, e: N.Not, env: dict) -> str:
        return f"(not {self.expr(e.value, env)})"

    def expr_Cond(self, e: N.Cond, env: dict) -> str:
        return f"({self.expr(e.then, env)} if {self.expr(e.test, env)} else {self.expr(e.orelse, env)})"

    def expr_Call(self, e: N.Call, env: dict) -> str:
        types = [self.checked.type_of(a).base for a in e.args]
        if self.sym.defs.get(e.func) is not None or self.sym.procs.get(e.func) is not None:
            raise Unsupported(e.span, f"a call of `{e.func}` (defs and procs)")
        if e.func in ("empty", "owner", "top") and types == ["space"]:
            return f"{e.func}_at(st, {self.expr(e.args[0], env)})"
        if e.func == "owner" and types == ["piece"]:
            return f"owner_of(st, {self.expr(e.args[0], env)})"
        if e.func == "in_a_row" and types == ["space", "int"]:
            return f"in_a_row(st, {self.expr(e.args[0], env)}, {self.expr(e.args[1], env)})"
        if e.func in ("row", "column") and types == ["space", "player"]:
            return f"{e.func}_of({self.expr(e.args[0], env)}, {self.expr(e.args[1], env)})"
        if e.func == "count" and len(e.args) == 1 and isinstance(e.args[0], N.Of):
            of = e.args[0]
            if isinstance(of.what, N.Name) and self.checked.meaning(of.what).category == "kind":
                return f"count_of(st, {self.layout.kind_index(of.what.id)}, {self.expr(of.owner, env)})"
        raise Unsupported(e.span, f"`{e.func}` of {', '.join(types) or 'nothing'}")

    # ------------------------------------------------------------ names
    def fresh(self, name: str) -> str:
        self.fresh_count += 1
        return f"{name}_{self.fresh_count}"


def _words(e: N.Node) -> str:
    """A short name of an expression for a refusal (its class, or its name)."""
    if isinstance(e, N.Name):
        return e.id
    if isinstance(e, N.Call):
        return f"{e.func}(...)"
    return type(e).__name__.lower()


def _statement_words(s: N.Stmt) -> str:
    words = {"Assign": "an assignment", "Flip": "`flip`", "Shuffle": "`shuffle`", "Require": "`require`",
             "Ensure": "`ensure`", "Enter": "`enter` (phases)", "Again": "`again`", "Next": "`next`",
             "Log": "`log`", "Return": "`return`", "ExprStmt": "a call of a proc or builtin as a statement",
             "For": "a `for` loop in an effect", "Repeat": "`repeat`", "Choose": "`choose` (a choice in a move)",
             "AtOnce": "`at once` (simultaneous choices)"}
    return words.get(type(s).__name__, f"the statement {type(s).__name__}")


def _declaration_words(d: N.Decl) -> str:
    words = {"Zone": "zones", "Pieces": "piece tables", "Var": "variables", "Const": "constants",
             "Def": "defs", "Proc": "procs", "Trigger": "triggers", "Phase": "phases", "Rank": "`rank by`",
             "Input": "inputs", "Option": "an option with a value or a variant", "Board": "this board"}
    return words.get(type(d).__name__, f"the declaration {type(d).__name__}")
