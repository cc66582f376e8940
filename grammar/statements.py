"""Checking the statements of rules: `StatementChecker.stmt` dispatches on the node's class to
`check_<Class>`; expressions inside go to the ExpressionChecker.
"""
from __future__ import annotations

from typing import Optional

import attrs

from . import nodes as N
from .expr_types import ExpressionChecker
from .hints import piece_hint
from .symbols import Checked, Context, Scope
from .types import BOOL, INT, NUMBER, PIECE, PLAYER, SPACE, Library, Type, list_of, piece_of
from .wording import a, did_you_mean, listing, short_text, words


class StatementChecker:
    def __init__(self, ctx: Context, exprs: ExpressionChecker):
        self.ctx = ctx
        self.sym = ctx.sym
        self.exprs = exprs

    def error(self, code, message, span, hint=None, focus=None):
        self.ctx.error(code, message, span, hint, focus)

    # ------------------------------------------------------------ blocks
    def block(self, stmts: N.Block, scope: Scope, context: str, requires_allowed: bool = False) -> None:
        """`context` is where the block is: "action", "proc", "setup" or "trigger"."""
        scope = scope.child()
        effects_seen = False
        for s in stmts:
            if isinstance(s, N.Require):
                self._require_place(s, context, requires_allowed, effects_seen)
            else:
                effects_seen = True
            self.stmt(s, scope, context)

    def _require_place(self, s: N.Require, context: str, requires_allowed: bool, effects_seen: bool) -> None:
        kw = s.span.at_start(len("require"))
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

    def stmt(self, s: N.Stmt, scope: Scope, context: str) -> None:
        method = getattr(self, "check_" + type(s).__name__, None)
        if method is None:
            raise NotImplementedError(f"the checker cannot check a {type(s).__name__}")
        method(s, scope, context)

    # ------------------------------------------------------------ statements
    def check_Let(self, s: N.Let, scope: Scope, context: str) -> None:
        t = self.exprs.expr(s.value, scope)
        self.ctx.check_local_name(s.name, s.span, "a `let`", focus=s.name)
        scope.bind(s.name, t)

    def check_Assign(self, s: N.Assign, scope: Scope, context: str) -> None:
        t = self._assign_target(s, scope)
        if t is None:
            self.exprs.expr(s.value, scope)  # still check the value
            return
        target = s.target
        self.ctx.types[target] = t
        if s.op != "=":
            if not t.fits(NUMBER):
                self.error("E021", f"`{s.op}` needs a number, but this is {a(t.show())}", target.span,
                           f"`{s.op}` adds to or takes from a number; to set a value write `=`")
            self.exprs.expect(s.value, NUMBER if t == NUMBER else INT, scope, f"the right side of `{s.op}`")
        else:
            self.exprs.expect(s.value, t, scope, f"the new value of '{short_text(target)}'")

    def _assign_target(self, s: N.Assign, scope: Scope):
        """The type of what `s` assigns to, or None after reporting why it cannot be assigned."""
        target = s.target
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

    def _assign_name(self, s: N.Assign, target: N.Name, scope: Scope):
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

    def check_Place(self, s: N.Place, scope: Scope, context: str) -> None:
        if not isinstance(s.kind, N.Name):
            self.exprs.expr(s.kind, scope)
            self.error("E015", "`place` makes a new piece of a kind, and this is not the name of a kind",
                       s.kind.span, f"to put an existing piece somewhere write `move {short_text(s.kind)} to ...`")
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
            if kind.attrs:
                self.error("E021", f"pieces of kind '{kind.name}' have attributes, so they come from a `pieces` "
                                   f"table, not from `place`", s.kind.span,
                           f"list them in a table (`pieces {kind.name}:` with a column for "
                           f"{words([x.name for x in kind.attrs], 'and')}), then take one from the supply: "
                           f"`move top(supply) to {short_text(s.where)}`")
            self.ctx.mean(s.kind, "kind")
            self.ctx.types[s.kind] = list_of(piece_of(kind.name))
        if s.owner is not None:
            self.exprs.expect(s.owner, PLAYER, scope, "the new piece's owner")
        self._destination(s.where, scope)

    def _destination(self, e: N.Expr, scope: Scope) -> None:
        t = self.exprs.expr(e, scope)
        if t.base not in ("space", "zone", "any"):
            self.error("E021", f"a piece goes to a space or a zone, not a {t.show()}", e.span, None)

    def check_Move(self, s: N.Move, scope: Scope, context: str) -> None:
        t = self.exprs.expr(s.what, scope)
        if not (t.fits(PIECE) or (t.is_list and t.element.fits(PIECE))):
            self.error("E021", f"`move` moves a piece or a list of pieces, but this is {a(t.show())}",
                       s.what.span, piece_hint(t, "move", s.what))
        self._destination(s.dest, scope)

    def check_Remove(self, s: N.Remove, scope: Scope, context: str) -> None:
        t = self.exprs.expr(s.what, scope)
        if not (t.fits(PIECE) or t.fits(SPACE) or t.base == "zone" or (t.is_list and t.element.fits(PIECE))):
            self.error("E021", f"`remove` takes a piece, a list of pieces or a space, but this is "
                               f"{a(t.show())}", s.what.span,
                       "`remove` puts pieces in the box; `remove c` empties the space c")

    def check_Flip(self, s: N.Flip, scope: Scope, context: str) -> None:
        t = self.exprs.expr(s.what, scope)
        if not t.fits(PIECE):
            self.error("E021", f"`flip` turns over a piece, but this is {a(t.show())}", s.what.span,
                       piece_hint(t, "flip", s.what))

    def check_Shuffle(self, s: N.Shuffle, scope: Scope, context: str) -> None:
        t = self.exprs.expr(s.what, scope)
        if t.base not in ("zone", "space", "any"):
            self.error("E021", f"`shuffle` shuffles a zone or a stack, but this is {a(t.show())}", s.what.span,
                       "shuffle a zone (`shuffle supply`, `shuffle mover.hand`) or a space's stack")

    def check_Require(self, s: N.Require, scope: Scope, context: str) -> None:
        self.exprs.expect(s.test, BOOL, scope, "a requirement")

    def check_Ensure(self, s: N.Ensure, scope: Scope, context: str) -> None:
        self.exprs.expect(s.test, BOOL, scope, "an `ensure` condition")
        if context != "action":
            self.error("E032", f"`ensure` can only be used in an action, not in a {context}",
                       s.span.at_start(len("ensure")), "`ensure` decides whether a move is legal by what it does; "
                       "elsewhere test the condition with `if`")

    def check_Outcome(self, s: N.Outcome, scope: Scope, context: str) -> None:
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

    def check_Enter(self, s: N.Enter, scope: Scope, context: str) -> None:
        pass  # checked with the phases (checker.check_phases_reachable)

    def check_Again(self, s: N.Again, scope: Scope, context: str) -> None:
        pass

    def check_Pass(self, s: N.Pass, scope: Scope, context: str) -> None:
        pass

    def check_Next(self, s: N.Next, scope: Scope, context: str) -> None:
        self.exprs.expect(s.who, PLAYER, scope, "who moves next")

    def check_Log(self, s: N.Log, scope: Scope, context: str) -> None:
        self.template(s.message, scope)

    def check_ExprStmt(self, s: N.ExprStmt, scope: Scope, context: str) -> None:
        self.exprs.call(s.call, scope, statement=True)

    def check_If(self, s: N.If, scope: Scope, context: str) -> None:
        for test, body in s.branches:
            self.exprs.expect(test, BOOL, scope, "an `if` condition")
            self.block(body, scope, context)
        if s.orelse:
            self.block(s.orelse, scope, context)

    def check_For(self, s: N.For, scope: Scope, context: str) -> None:
        inner = self.bound_scope(s, scope, "a loop variable", "a `for` loop")
        if s.ordered_by is not None:
            self.exprs.expect(s.ordered_by, PLAYER, scope, "who chooses the order")
            self._no_choice_here(s, context)
        self.block(s.body, inner, context)

    def check_Repeat(self, s: N.Repeat, scope: Scope, context: str) -> None:
        self.exprs.expect(s.count, INT, scope, "how many times to repeat")
        self.block(s.body, scope, context)

    def check_Choose(self, s: N.Choose, scope: Scope, context: str) -> None:
        self._no_choice_here(s, context)
        inner = self.bound_scope(s, scope, "a chosen value", "a choice")
        if s.by is not None:
            self.exprs.expect(s.by, PLAYER, scope, "who chooses")
        if s.ask is not None:
            self.template(s.ask, scope)
        self.block(s.body, inner, context)

    # ------------------------------------------------------------ helpers
    def bound_scope(self, s, scope: Scope, var_what: str, domain_what: str) -> Scope:
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
            else:
                what, focus = "`ordered by` (the player chooses the order)", "ordered"
            self.error("E033", f"{what} cannot be used in a {context}: nobody is there to choose", s.span,
                       "choices belong to actions (and the procs they call), where a player is deciding; "
                       f"in a {context} use `for` to do it for every one, or `random(...)` to pick one",
                       focus=focus)

    def template(self, t: N.Template, scope: Scope) -> None:
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



def specialise_proc(checked: Checked, library: Library, proc: N.Proc,
                    params: dict[str, Type]) -> Optional[dict[N.Node, Type]]:
    """The types of the expressions of a proc's body when its parameters have these types (the compiler
    builds a proc's body for the types of a call's arguments; alone it is checked with `any` parameters),
    or None when the body does not fit them."""
    ctx = Context(checked.module, library)
    ctx.sym = checked.symbols
    scope = Scope()
    for name, t in params.items():
        scope.bind(name, t, "param")
    StatementChecker(ctx, ExpressionChecker(ctx)).block(proc.body, scope, "proc")
    return None if any(d.severity == "error" for d in ctx.diags) else ctx.types
