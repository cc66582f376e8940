"""Checking the statements of rules: `StatementChecker.stmt` dispatches on the node's class to
`check_<Class>`; expressions inside go to the ExpressionChecker.
"""
from __future__ import annotations

from typing import Optional

import attrs

from . import nodes as N
from .expr_types import ExpressionChecker
from .hints import piece_hint
from .symbols import Checked, CheckScope, Context
from .types import ANY, BOOL, INT, KIND, NONE, NUMBER, PIECE, PLAYER, SPACE, Library, Type, list_of, piece_of
from .wording import a, did_you_mean, listing, short_text, words

# the statements that change the game: none of them may be in a def, which only computes a value
_EFFECTS = {N.Place: "place", N.Move: "move", N.Remove: "remove", N.Flip: "flip", N.Shuffle: "shuffle",
            N.Rotate: "rotate", N.MoveEach: "move",
            N.Enter: "enter", N.Again: "again", N.Next: "next", N.Log: "log", N.Choose: "choose"}
# where a rule may change the game, and so call a proc for its value
EFFECT_CONTEXTS = ("action", "proc", "setup", "trigger")


class StatementChecker(N.NodeVisitor):
    checks = N.Dispatch("check_")  # check_<Stmt class>(s, scope, context)

    def __init__(self, ctx: Context, exprs: ExpressionChecker):
        self.ctx = ctx
        self.sym = ctx.sym
        self.exprs = exprs
        exprs.statements = self
        self.returns: list[list[tuple[N.Return, object]]] = []  # per def or proc being checked: its returns
        self._asked_at_once: set = set()  # the `choose` of each `at once`, checked with it

    def error(self, code, message, span, hint=None, focus=None):
        self.ctx.error(code, message, span, hint, focus)

    # ------------------------------------------------------------ blocks
    def block(self, stmts: N.Block, scope: CheckScope, context: str, requires_allowed: bool = False) -> None:
        """`context` is where the block is: "action", "proc", "setup" or "trigger"."""
        scope = scope.child()
        effects_seen: Optional[N.Stmt] = None  # the first line before a `require` that is not one
        for s in stmts:
            if isinstance(s, N.Require):
                self._require_place(s, context, requires_allowed, effects_seen)
            elif effects_seen is None:
                effects_seen = s
            self.stmt(s, scope, context)

    def _require_place(self, s: N.Require, context: str, requires_allowed: bool,
                       effects_seen: Optional[N.Stmt]) -> None:
        kw = s.span.at_start(len("require"))
        if context != "action":
            self.error("E032", f"`require` can only be used in an action, not in a {context}", kw,
                       "a requirement decides whether an action is a legal move; elsewhere test the "
                       "condition with `if`")
        elif not requires_allowed:
            self.error("E032", "`require` must be at the top of the action, not inside another block",
                       kw, "a requirement decides whether the move is legal, before anything happens; "
                       "move it to the top of the action, or test the condition with `if`")
        elif isinstance(effects_seen, N.Let):
            self.error("E032", f"`require` must come first in an action, before any other line: the `let` of "
                               f"'{effects_seen.name}' on line {effects_seen.span.line} is one", kw,
                       "the requirements are checked while the legal moves are listed, before any line of the "
                       "action runs, so they cannot read its `let` names: name the value with a `def` of the "
                       "action's parameters (`def NAME(...) = ...`) and use it in both")
        elif effects_seen is not None:
            self.error("E032", "`require` must come first in an action, before any effect", kw,
                       "a requirement decides whether the move is legal, so it is checked before the "
                       "move is made; move it to the top of the action, or use `if`")

    def stmt(self, s: N.Stmt, scope: CheckScope, context: str) -> None:
        method = self.checks[s.__class__]
        if context == "def":
            self._no_effect_in_def(s)
        outer = self.exprs.effects_ok
        self.exprs.effects_ok = context in EFFECT_CONTEXTS and not isinstance(s, N.Require)
        try:
            method(self, s, scope, context)
        finally:
            self.exprs.effects_ok = outer

    def _no_effect_in_def(self, s: N.Stmt) -> None:
        word = _EFFECTS.get(type(s))
        if isinstance(s, N.Outcome):
            word = s.kind
        elif isinstance(s, N.ExprStmt):
            word = s.call.func
        elif isinstance(s, N.For) and s.ordered_by is not None:
            word = "ordered"
        if word is None:
            return
        what = (f"a call of the proc '{word}'" if isinstance(s, N.ExprStmt) else
                "`ordered by`" if word == "ordered" else f"`{word}`")
        self.error("E036", f"a def computes a value and changes nothing, so {what} cannot be in one",
                   s.span, "make it a `proc`: a proc may change the game and `return` a value too; a def is what "
                   "conditions (a `where`, a `require`, an `until`) may call", focus=word)

    # ------------------------------------------------------------ defs and procs written as blocks
    def def_block(self, b: N.DefBlock, scope: CheckScope) -> Type:
        """The type of a def written as a block: what its `return`s give; it must give one at its end."""
        self.returns.append([])
        self.block(b.body, scope, "def")
        found = self.returns.pop()
        if not always_returns(b.body):
            last = b.body[-1]
            self.error("E035", "this def can reach the end of its block without giving a value", last.span,
                       "end the block with `return VALUE` (or give an `else` to an `if` whose branches all return)")
        return _joined([t for r, t in found if r.value is not None])

    def proc_body(self, p: N.Proc, scope: CheckScope) -> tuple[Optional[Type], bool]:
        """Check a proc's block: the type of the value its `return`s give (None: it gives none), and whether
        every way through the block gives one."""
        self.returns.append([])
        self.block(p.body, scope, "proc")
        found = self.returns.pop()
        values = [t for r, t in found if r.value is not None]
        bare = [r for r, _ in found if r.value is None]
        if values and bare:
            self.error("E035", f"proc '{p.name}' gives a value with some `return`s and none with this one",
                       bare[0].span, "give a value with every `return` of a proc that gives one")
        return (_joined(values) if values else None), bool(values) and always_returns(p.body)

    def check_Return(self, s: N.Return, scope: CheckScope, context: str) -> None:
        t = self.exprs.expr(s.value, scope) if s.value is not None else None
        if context not in ("def", "proc") or not self.returns:
            self.error("E035", f"`return` ends a def or a proc, and this is {a(context)}",
                       s.span.at_start(len("return")),
                       "an action, a trigger or the setup ends at the end of its block; to stop early put the "
                       "rest in an `if`")
            return
        if context == "def" and s.value is None:
            self.error("E035", "a def's `return` gives its value", s.span.at_start(len("return")),
                       "write the value after it: `return VALUE`")
        self.returns[-1].append((s, t))

    # ------------------------------------------------------------ statements
    def check_Let(self, s: N.Let, scope: CheckScope, context: str) -> None:
        if s.type is not None:
            t = self.ctx.resolve_type(s.type)
            self.exprs.expect(s.value, t, scope, f"the value of '{s.name}'")
        else:
            t = self.exprs.expr(s.value, scope)
        self.ctx.check_local_name(s.name, s.span, "a `let`", focus=s.name)
        # `let last = none` names nothing yet: the first value it is given says what it holds
        scope.bind(s.name, t, "unset" if t == NONE else "local")

    def check_Assign(self, s: N.Assign, scope: CheckScope, context: str) -> None:
        target = s.target
        if isinstance(target, N.Name) and (scope.lookup(target.id) or (None, ""))[1] == "unset" and s.op == "=":
            self.ctx.mean(target, "local")
            self.ctx.types[target] = self._first_value(s, target.id, scope)
            return
        base = target
        while isinstance(base, N.Index):
            base = base.obj
        if context == "def" and not (isinstance(base, N.Name) and scope.lookup(base.id) is not None):
            self.error("E036", f"a def computes a value and changes nothing, so it cannot change "
                               f"'{short_text(target)}'", target.span,
                       "a def may give new values only to its own `let` names; make it a `proc` to change the game")
        t = self._assign_target(s, scope)
        if t is None:
            self.exprs.expr(s.value, scope)  # still check the value
            return
        target = s.target
        self.ctx.types[target] = t
        if s.op != "=" and t.is_list:
            # `seen += [s]` adds the items of a list; `seen -= [s]` takes every one of them out
            self.exprs.expect(s.value, t, scope, f"the right side of `{s.op}`")
        elif s.op != "=":
            if not t.fits(NUMBER):
                self.error("E021", f"`{s.op}` needs a number or a list, but this is {a(t.show())}", target.span,
                           f"`{s.op}` adds to or takes from a number (or a list); to set a value write `=`")
            self.exprs.expect(s.value, NUMBER if t == NUMBER else INT, scope, f"the right side of `{s.op}`")
        else:
            self.exprs.expect(s.value, t, scope, f"the new value of '{short_text(target)}'")

    def _assign_target(self, s: N.Assign, scope: CheckScope):
        """The type of what `s` assigns to, or None after reporting why it cannot be assigned."""
        target = s.target
        if isinstance(target, N.Index):
            return self._assign_item(s, target, scope)
        if isinstance(target, N.Name):
            return self._assign_name(s, target, scope)
        assert isinstance(target, N.Attr)
        obj_t = self.exprs.expr(target.obj, scope)
        t, assignable = self.exprs.attribute(obj_t, target)
        if t is None:
            return None
        if not assignable:
            if t.base == "zone":
                hint = "a zone cannot be replaced; `move` pieces into it or out of it"
            elif obj_t.general.base == "piece":
                hint = (f"a piece's attributes are fixed unless its kind says otherwise: declare it "
                        f"`{target.name}: ... mutable` (a die's face), or change the piece's `owner`, `up` or "
                        "`turns`")
            else:
                hint = ("what can be assigned: variables (`var`), players' variables (`mover.score`), a "
                        "piece's `owner`, `up` and `turns`, and its kind's `mutable` attributes")
            self.error("E025", f"'{target.name}' of {a(obj_t.show())} cannot be changed", target.name_span, hint)
            return None
        return t

    def _assign_item(self, s: N.Assign, target: N.Index, scope: CheckScope):
        """`counts[i] = v`: an item of a list that a variable (or a `let` name) holds."""
        holder = s.evolve(target=target.obj)
        t = self._assign_target(holder, scope)
        self.exprs.expect(target.index, INT, scope, "an index")
        if t is None:
            return None
        self.ctx.types[target.obj] = t
        if not t.is_list:
            if t != ANY:
                self.error("E022", f"only an item of a list can be assigned, and '{short_text(target.obj)}' is "
                                   f"{a(t.show())}", target.obj.span, "`NAME[I] = VALUE` changes item I of a list")
                return None
            return ANY
        return t.element

    def _assign_name(self, s: N.Assign, target: N.Name, scope: CheckScope):
        name = target.id
        entry = scope.lookup(name)
        if entry is not None:
            self.ctx.mean(target, "local")
            return entry[0]
        sym = self.sym
        if name in sym.vars:
            v = sym.vars[name]
            if v.per_player:
                self.error("E024", f"'{name}' is a variable of each player", target.span,
                           f"say whose: `mover.{name} {s.op} ...`")
                return None
            self.ctx.mean(target, "var")
            return self.ctx.resolve_type_quiet(v.type)
        what = self.ctx.what_is(name)
        if what is not None:
            kind, hint = what
            self.error("E025", f"'{name}' is {kind}, not a variable: it cannot be assigned", target.span, hint)
            return None
        names = list(sym.vars) + list(scope.all_names())
        self.error("E010", f"unknown variable '{name}'{did_you_mean(name, names)}", target.span,
                   f"declare it at the top of the file (`var {name}: int = 0`), or write `let {name} = ...` "
                   "for a name used only in this rule")
        return None

    def _first_value(self, s: N.Assign, name: str, scope: CheckScope):
        """A `let` that started as `none` takes the type of the first value assigned to it (a space, a piece,
        ...): from here on the rule reads it as one."""
        t = self.exprs.expr(s.value, scope)
        if t == NONE or t == ANY:
            return t
        if not NONE.fits(t):
            self.error("E021", f"'{name}' started as `none`, which {a(t.show())} can never be", s.value.span,
                       f"`none` is no number, condition, text or list: start it with a value of its own type, such "
                       f"as `let {name} = 0`")
            return t
        scope.rebind(name, t)
        return t

    def check_Place(self, s: N.Place, scope: CheckScope, context: str) -> None:
        if not isinstance(s.kind, N.Name) or scope.lookup(s.kind.id) is not None:
            t = self.exprs.kind_value(s.kind, scope)
            if not t.fits(KIND) or t == NONE:
                kinds = list(self.sym.kinds)
                self.error("E015", f"`place` makes a new piece of a kind, and this is {a(t.show())}, not a kind",
                           s.kind.span,
                           f"to put an existing piece somewhere write `move {short_text(s.kind)} to ...`"
                           if t.general.base == "piece" else
                           f"name a kind (`place {kinds[0] if kinds else 'KIND'} for ...`), or a value of type "
                           "`kind` such as a piece's `.kind`")
        elif s.kind.id not in self.sym.kinds:
            name = s.kind.id
            if self.sym.kinds:
                known = listing("piece kind", "piece kinds", self.sym.kinds)
            else:
                known = "the game declares no piece kinds yet"
            self.error("E015", f"unknown piece kind '{name}'{did_you_mean(name, self.sym.kinds)}", s.kind.span,
                       f"`place KIND for PLAYER at SPACE` makes a new piece of a declared kind; {known}")
        else:
            kind = self.sym.kinds[s.kind.id]
            unset = [x.name for x in kind.attrs if x.start is None]
            if unset:
                self.error("E021", f"pieces of kind '{kind.name}' have attributes, so they come from a `pieces` "
                                   f"table, not from `place`", s.kind.span,
                           f"list them in a table (`pieces {kind.name}:` with a column for "
                           f"{words(unset, 'and')}), then take one from the supply: "
                           f"`move top(supply) to {short_text(s.where)}`; or give every attribute a start value "
                           f"(`{unset[0]}: ... = VALUE`)")
            self.ctx.mean(s.kind, "kind")
            self.ctx.types[s.kind] = list_of(piece_of(kind.name))
        if s.owner is not None:
            self.exprs.expect(s.owner, PLAYER, scope, "the new piece's owner")
        self._destination(s.where, scope)

    def _destination(self, e: N.Expr, scope: CheckScope) -> None:
        t = self.exprs.expr(e, scope)
        if t.base not in ("space", "zone", "any"):
            self.error("E021", f"a piece goes to a space or a zone, not a {t.show()}", e.span, None)

    def check_Move(self, s: N.Move, scope: CheckScope, context: str) -> None:
        t = self.exprs.expr(s.what, scope)
        if not (t.fits(PIECE) or (t.is_list and t.element.fits(PIECE))):
            self.error("E021", f"`move` moves a piece or a list of pieces, but this is {a(t.show())}",
                       s.what.span, piece_hint(t, "move", s.what))
        self._destination(s.dest, scope)

    def check_Remove(self, s: N.Remove, scope: CheckScope, context: str) -> None:
        t = self.exprs.expr(s.what, scope)
        if not (t.fits(PIECE) or t.fits(SPACE) or t.base == "zone" or (t.is_list and t.element.fits(PIECE))):
            self.error("E021", f"`remove` takes a piece, a list of pieces or a space, but this is "
                               f"{a(t.show())}", s.what.span,
                       "`remove` puts pieces in the box; `remove c` empties the space c")

    def check_Flip(self, s: N.Flip, scope: CheckScope, context: str) -> None:
        t = self.exprs.expr(s.what, scope)
        if not t.fits(PIECE):
            self.error("E021", f"`flip` turns over a piece, but this is {a(t.show())}", s.what.span,
                       piece_hint(t, "flip", s.what))

    def check_Shuffle(self, s: N.Shuffle, scope: CheckScope, context: str) -> None:
        t = self.exprs.expr(s.what, scope)
        if t.base not in ("zone", "space", "any"):
            self.error("E021", f"`shuffle` shuffles a zone or a stack, but this is {a(t.show())}", s.what.span,
                       "shuffle a zone (`shuffle supply`, `shuffle mover.hand`) or a space's stack")

    def check_MoveEach(self, s: N.MoveEach, scope: CheckScope, context: str) -> None:
        t = self.exprs.expr(s.domain, scope)
        if not (t.base == "any" or (t.is_list and t.element.base in ("space", "any"))):
            self.error("E021", f"`move each ... at once` moves the stacks of a list of spaces, but this is "
                               f"{a(t.show())}", s.domain.span,
                       "give it spaces: `move each c in row to c + north at once`")
            return
        self.ctx.check_local_name(s.var, s.span, "a space whose stack moves", focus=s.var)
        inner = scope.child().bind(s.var, SPACE)
        self.exprs.expect(s.dest, SPACE, inner, "where a stack moves to")

    def check_Rotate(self, s: N.Rotate, scope: CheckScope, context: str) -> None:
        t = self.exprs.expr(s.what, scope)
        if not (t.base == "any" or (t.is_list and t.element.base in ("space", "any"))):
            self.error("E021", f"`rotate` turns a square block of spaces, but this is {a(t.show())}", s.what.span,
                       "give it the spaces of the block: `rotate [c for c in cells where c.x <= 3 and c.y <= 3] by 1`")
        self.exprs.expect(s.turns, INT, scope, "the quarter turns of `rotate`")

    def check_Require(self, s: N.Require, scope: CheckScope, context: str) -> None:
        self.exprs.expect(s.test, BOOL, scope, "a requirement")
        if s.message is not None:
            self.template(s.message, scope)

    def check_Ensure(self, s: N.Ensure, scope: CheckScope, context: str) -> None:
        self.exprs.expect(s.test, BOOL, scope, "an `ensure` condition")
        if s.message is not None:
            self.template(s.message, scope)
        if context != "action":
            self.error("E032", f"`ensure` can only be used in an action, not in a {context}",
                       s.span.at_start(len("ensure")), "`ensure` decides whether a move is legal by what it does; "
                       "elsewhere test the condition with `if`")

    def check_Outcome(self, s: N.Outcome, scope: CheckScope, context: str) -> None:
        players = self.sym.players
        if s.kind in ("lose", "finish") and self.sym.edition < 3 and players is not None and players.high == 1:
            meant = "a draw" if s.kind == "lose" else "a win whatever the score"
            self.ctx.warn("W002", f"in edition 2, `{s.kind}` in a game of one player is {meant}",
                          s.span.at_start(len(s.kind)),
                          "write `edition 3` as the file's first line: a game of one player is then won, lost, or "
                          "finished with its score (`lose` a loss, `finish` neither a win nor a loss)")
        if s.reason is not None:
            self.template(s.reason, scope)
        if s.who is None:
            return
        t = self.exprs.expr(s.who, scope)
        if not (t.fits(PLAYER) or t.fits(list_of(PLAYER))):
            self.error("E021", f"`{s.kind}` names a player, but this is {a(t.show())}", s.who.span,
                       f"for the owner of the piece write `{s.kind} owner({short_text(s.who)})`; the player "
                       f"taking the turn is `mover`" if t.general.base in ("space", "piece")
                       else f"name a player, such as `{s.kind} mover`")

    def check_Enter(self, s: N.Enter, scope: CheckScope, context: str) -> None:
        pass  # checked with the phases (checker.check_phases_reachable)

    def check_Again(self, s: N.Again, scope: CheckScope, context: str) -> None:
        pass

    def check_Pass(self, s: N.Pass, scope: CheckScope, context: str) -> None:
        pass

    def check_Next(self, s: N.Next, scope: CheckScope, context: str) -> None:
        self.exprs.expect(s.who, PLAYER, scope, "who moves next")

    def check_Log(self, s: N.Log, scope: CheckScope, context: str) -> None:
        if s.to is not None:
            t = self.exprs.expr(s.to, scope)
            if not (t.fits(PLAYER) or t.fits(list_of(PLAYER))):
                self.error("E021", f"`log to` names a player or a list of players, but this is {a(t.show())}",
                           s.to.span, "write `log to mover \"...\"` for a line only the mover reads")
        self.template(s.message, scope)

    def check_ExprStmt(self, s: N.ExprStmt, scope: CheckScope, context: str) -> None:
        self.exprs.call(s.call, scope, statement=True)

    def check_If(self, s: N.If, scope: CheckScope, context: str) -> None:
        for test, body in s.branches:
            self.exprs.expect(test, BOOL, scope, "an `if` condition")
            self.block(body, scope, context)
        if s.orelse:
            self.block(s.orelse, scope, context)

    def check_For(self, s: N.For, scope: CheckScope, context: str) -> None:
        inner = self.bound_scope(s, scope, "a loop variable", "a `for` loop")
        if s.ordered_by is not None:
            self.exprs.expect(s.ordered_by, PLAYER, scope, "who chooses the order")
            self._no_choice_here(s, context)
        self.block(s.body, inner, context)

    def check_Repeat(self, s: N.Repeat, scope: CheckScope, context: str) -> None:
        self.exprs.expect(s.count, INT, scope, "how many times to repeat")
        self.block(s.body, scope, context)

    def check_While(self, s: N.While, scope: CheckScope, context: str) -> None:
        self.exprs.expect(s.test, BOOL, scope, "the condition of `while`")
        self.block(s.body, scope, context)
        if not _changes_something(s.body):
            self.error("E039", "this `while` would never end: its block changes nothing its condition could read",
                       s.span.at_start(len("while")),
                       "a `while` runs its block again as long as its condition holds, so the block must change "
                       "what the condition reads (a variable, a `let` name, the pieces); to wait for something "
                       "the players do, end the move and test it in the next one")

    def check_Choose(self, s: N.Choose, scope: CheckScope, context: str) -> None:
        if s not in self._asked_at_once:  # (else its `at once` is the one told of)
            self._no_choice_here(s, context)
        inner = self.bound_scope(s, scope, "a chosen value", "a choice")
        if s.by is not None:
            self.exprs.expect(s.by, PLAYER, scope, "who chooses")
        if s.ask is not None:
            self.template(s.ask, scope)
        self.block(s.body, inner, context)

    def check_AtOnce(self, s: N.AtOnce, scope: CheckScope, context: str) -> None:
        """`at once each p in PLAYERS:` holds one `choose ... by p`, whose block reads the answers once all are in."""
        self._no_choice_here(s, context)
        keyword = s.span.at_start(len("at once"))
        inner = self.bound_scope(s, scope, "a player who decides", "`at once each`")
        found = inner.lookup(s.var)
        elem = found[0] if found is not None else ANY
        if elem not in (PLAYER, ANY):
            self.error("E037", f"`at once each {s.var}` ranges over players, but this is a list of {elem.show()}",
                       s.domain.span, "write the players who decide: `players`, `others`, or a filter such as "
                       "`p in players where p.score > 0`")
        choices = [c for c in s.body if isinstance(c, N.Choose)]
        if len(s.body) != 1 or not choices:
            inner_at_once = next((n for n in N.walk(s.body) if isinstance(n, N.AtOnce)), None)
            if inner_at_once is not None:
                self._nested_at_once(inner_at_once)
            self.error("E037", f"`at once each {s.var}` must hold one `choose` by {s.var}, and nothing else",
                       keyword, f"the players decide together: write `choose x in ... by {s.var}:` alone in the "
                       "block, and what happens with the answers in the choice's block (or after, from what it "
                       "keeps)")
        for c in choices:
            if c.by is not None and not (isinstance(c.by, N.Name) and c.by.id == s.var):
                self.error("E037", f"a `choose` inside `at once each {s.var}` is made by {s.var}, not by "
                           f"{short_text(c.by)}", c.by.span, f"write `by {s.var}` (or leave `by` out): every "
                           f"player of `at once each {s.var}` makes this choice")
            nested = next((n for n in N.walk(c.body) if isinstance(n, N.AtOnce)), None)
            if nested is not None:
                self._nested_at_once(nested)
            else:
                asked = next((n for n in N.walk(c.body) if isinstance(n, (N.Choose, N.For)) and
                              (not isinstance(n, N.For) or n.ordered_by is not None)), None)
                if asked is not None:
                    self.error("E037", "the answers of `at once` are carried out together: their block cannot ask "
                               "anyone to choose", asked.span, "ask the next question after the `at once` block, "
                               "from what its answers kept", focus="choose" if isinstance(asked, N.Choose)
                               else "ordered")
        self._asked_at_once.update(choices)
        self.block(s.body, inner, context)

    def _nested_at_once(self, s: N.AtOnce) -> None:
        self.error("E037", "`at once` cannot be inside another `at once`", s.span.at_start(len("at once")),
                   "the players of one `at once` decide together; ask the next group after the first one's "
                   "block")

    # ------------------------------------------------------------ helpers
    def bound_scope(self, s, scope: CheckScope, var_what: str, domain_what: str) -> CheckScope:
        """`for x in S where C` and `choose x in S where C`: the scope in which x is an element of S."""
        t = self.exprs.expr(s.domain, scope)
        self.ctx.check_local_name(s.var, s.span, var_what, focus=s.var)
        inner = scope.child().bind(s.var, self.exprs.collection_elem(t, s.domain, domain_what))
        if s.test is not None:
            self.exprs.expect(s.test, BOOL, inner, "a `where` condition")
        return inner

    def _no_choice_here(self, s, context: str) -> None:
        if context in ("setup", "trigger"):
            if isinstance(s, N.Choose):
                what, focus = "`choose`", "choose"
            elif isinstance(s, N.AtOnce):
                what, focus = "`at once` (players choose together)", "at once"
            else:
                what, focus = "`ordered by` (the player chooses the order)", "ordered"
            self.error("E033", f"{what} cannot be used in a {context}: nobody is there to choose", s.span,
                       "choices belong to actions (and the procs they call), where a player is deciding; "
                       f"in a {context} use `for` to do it for every one, or `random(...)` to pick one",
                       focus=focus)

    def template(self, t: N.Template, scope: CheckScope) -> None:
        """The `{expressions}` of a log line or a label; the caret of their errors goes under the `{...}`."""
        for part in t.parts:
            if isinstance(part, str):
                continue
            if part.expr is None:
                self.error("E002", f"cannot read '{part.source}' in this message", t.span,
                           "put a Mire expression between braces, like {mover.name}", focus=part.source)
                continue
            first_new = len(self.ctx.diags)
            self.exprs.expr(part.expr, scope)
            self.ctx.diags[first_new:] = [attrs.evolve(d, span=t.span, focus=part.source)
                                          for d in self.ctx.diags[first_new:]]
        if t.unclosed is not None:
            words_after = t.unclosed.split()
            self.error("E002", "this '{' in the message is never closed", t.span,
                       "a message shows a value with `{expression}`: close it with '}'",
                       focus=words_after[0] if words_after else "{")


def always_returns(block: N.Block) -> bool:
    """Does every way through this block end in a `return` (or end the game)?"""
    if not block:
        return False
    last = block[-1]
    if isinstance(last, (N.Return, N.Outcome)):
        return True
    if isinstance(last, N.If):
        return last.orelse is not None and all(always_returns(b) for _, b in last.branches) and \
            always_returns(last.orelse)
    return False


def _joined(types: list) -> Type:
    t = NONE
    for x in types:
        if x is None:
            continue
        t = t.join(x)
    return ANY if t == NONE and not types else t


def specialise_proc(checked: Checked, library: Library, proc: N.Proc,
                    params: dict[str, Type]) -> Optional[dict[N.Node, Type]]:
    """The types of the expressions of a proc's body when its parameters have these types (the compiler
    builds a proc's body for the types of a call's arguments; alone it is checked with `any` parameters),
    or None when the body does not fit them."""
    ctx = Context(checked.module, library)
    ctx.sym = checked.symbols
    scope = CheckScope()
    for name, t in params.items():
        scope.bind(name, t, "param")
    StatementChecker(ctx, ExpressionChecker(ctx)).proc_body(proc, scope)
    return None if any(d.severity == "error" for d in ctx.diags) else ctx.types


# what a block may do without changing anything a `while`'s condition reads (a `let` is new on each turn)
_INERT = (N.Pass, N.Log, N.Let, N.Again, N.Next)


def _changes_something(block: N.Block) -> bool:
    """Does some statement of the block, or of a block inside it, change the game, a name, or end the rule?"""
    for stmt in block:
        inner = [b for b in (getattr(stmt, "body", None), getattr(stmt, "orelse", None)) if b]
        inner += [body for _, body in getattr(stmt, "branches", ())]
        if inner and isinstance(stmt, (N.If, N.For, N.Repeat, N.While)):
            if any(_changes_something(b) for b in inner):
                return True
        elif not isinstance(stmt, _INERT):
            return True
    return False
