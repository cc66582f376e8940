"""Why a typed move is not legal, in two voices: the player's (what is wrong, in the game's own names and
values, never rules source) and the author's (which condition of which rule failed, and where it is).
Words that name a legal move are told so, in both voices.

The player's sentence comes from the shape of the failing condition (`empty(c)` -> "b2 is not empty",
`owner(a) == mover` -> "a1 is not yours"), or from the author's own words (`require ... else "..."`,
`where ... else "..."`); what a part of a condition is worth is computed by the game's own compiled code.
A condition that calls a def is worded by the def's body where its shape reads as such a sentence (`def
mine(s) = owner(s) == mover`: "a1 is not yours"), else by the def's name ("'dark' is not true for b1").
"""
from __future__ import annotations

import re
from typing import Optional

import attrs

from ..grammar import nodes as N
from ..grammar.wording import a, did_you_mean, plural_of, words
from .moves import Move
from .runtime import Dir, Piece, Player, Space, value_text
from .view import sees


@attrs.frozen
class Refusal:
    player: str  # what the player is told
    detail: str  # what the author is told: the rule, its place, the condition as written
    legal: Optional[Move] = None  # the legal move the words name, when they name one: then the texts say so


def explain(S, text: str) -> Refusal:
    text = " ".join(text.split())
    if S.over:
        return Refusal("the game is over", "the game is over")
    legal = _legal_move(S, text)
    if legal is not None:
        return _legal(S, legal)
    if S.pending is not None:
        return _not_a_choice(S, text)
    if not text:
        return Refusal("type a move", "nothing was typed")
    regular, fallback = S.open_actions()
    now = regular + fallback
    first, _, rest = text.partition(" ")
    act = next((a for a in S.game.actions if a.name.lower() == first.lower()), None)
    if act is None and len(regular) == 1 and (" " not in text or _starts_with_a_value(S, regular[0], text)):
        act, rest = regular[0], text  # the one action's name may be left out
    elif act is None:  # or the name of the one action whose values the words fit best
        fits = {x.name: (_fit(S, x, text), x) for x in now}
        best = max((fit for fit, _ in fits.values()), default=(0, False))
        fitting = sorted(name for name, (fit, _) in fits.items() if fit == best and best[0])
        if len(fitting) == 1:
            act, rest = fits[fitting[0]][1], text
        elif fitting:
            said = f"'{text}' may be {words([a(n) for n in fitting], 'or')}: say which, as in '{fitting[0]} {text}'"
            return Refusal(said, said)
    if act is None:
        names = sorted({a.name for a in now})
        now_are = f"the only move now is {names[0]}" if len(names) == 1 else f"the moves now are {words(names, 'and')}"
        said = f"there is no move '{first}'{did_you_mean(first, [a.name for a in now])}; {now_are}"
        return Refusal(said, said)
    where = f"rule '{act.name}' ({act.where})"
    if act not in now:
        phase_names = [ph.name for ph in S.game.phases]
        return Refusal(f"you cannot {act.name} now: that is for the {phase_names[act.phase]} part of the game",
                       f"{where} belongs to phase '{phase_names[act.phase]}', and this is phase "
                       f"'{phase_names[S.phase]}'")
    return _Attempt(S, act, rest, where).refusal()


def _legal_move(S, text: str) -> Optional[Move]:
    """The one legal move the words name (case, spacing and a list's brackets and commas aside; the action's name
    may be left out where the moves of one action alone then fit), or None."""
    typed = typed_words(text)
    if not typed:
        return None
    moves = S.legal_moves()
    found = [m for m in moves if typed_words(m.text) == typed]
    if not found and S.pending is None:
        found = [m for m in moves if typed_words(m.text) == typed_words(m.action.name) + typed]
    return found[0] if len(found) == 1 else None


def _legal(S, move: Move) -> Refusal:
    """Words that name a legal move: what they are told is that it is one."""
    p = S.pending
    if p is not None:
        asked = f"({p.detail})" if p.joint else f"{p.chooser.name} must {p.detail}"
        return Refusal(f"'{move.text}' is one of the choices now", f"'{move.text}' is a choice now: {asked}", move)
    act = move.action
    only = ", as no other move is possible" if getattr(act, "fallback", False) else ""
    return Refusal(f"'{move.text}' is a legal move now",
                   f"'{move.text}' is legal now: rule '{act.name}' ({act.where}) allows it{only}", move)


def _not_a_choice(S, text: str) -> Refusal:
    p = S.pending
    if p.joint:
        joint = "; ".join(f"{who.name}: {'/'.join(value_text(v) for v in options)}" for who, options, _ in p.joint)
        said = f"'{text}' is not a joint answer: give each one's answer as NAME: ANSWER; ..., from {joint}"
        return Refusal(said, f"'{text}' is not a joint answer here ({p.detail}); the answers are {joint}")
    options = ", ".join(value_text(v) for v in p.options)
    player = f"'{text}' is not one of the choices: {options}" if text else f"choose one of: {options}"
    return Refusal(player, f"'{text}' is not a choice here: {p.chooser.name} must {p.detail}; the choices are "
                           f"{options}")


class _Attempt:
    """A typed move of one action, read value by value against its parameters."""

    def __init__(self, S, act, rest: str, where: str):
        self.S, self.act, self.rest, self.where = S, act, rest, where
        self.L: list = [None] * act.size
        self.shown = act.name + (f" {rest}" if rest else "")

    def refusal(self) -> Refusal:
        act, S = self.act, self.S
        remaining = self.rest
        for prm in act.params:
            values = prm.domain(S, self.L)
            value, remaining = _match(values, remaining)
            if value is _NOTHING:
                return self._no_value(prm, remaining, values)
            self.L[prm.slot] = value
            if prm.test is not None and not prm.test.fn(S, self.L):
                return self._failed(prm.test)
        if remaining:
            usage = " ".join([act.name] + [p.name.upper() for p in act.params])
            return Refusal(f"'{self.shown}' has more than a {act.name} move takes: {usage}",
                           f"'{self.shown}' is not a move: {self.where} takes {len(act.params)} value"
                           f"{'s' if len(act.params) != 1 else ''}: {usage}")
        for cond in act.requires:
            if not cond.fn(S, self.L):
                return self._failed(cond)
        if act.ensures:
            found: list = []
            move = Move(act, tuple(self.L[p.slot] for p in act.params))
            # the reason is worked out on the position the move would leave, before it is taken back
            S.unmet(move, lambda i, words_of: found.append(self._failed(act.ensures[i], True, words_of)))
            if found:
                return found[0]
        if act.fallback:
            return Refusal(f"you may {act.name} only when no other move is possible",
                           f"{self.where} is allowed only when no other move is")
        return Refusal(f"'{self.shown}' is not a legal move now", f"'{self.shown}' is not a legal move now")

    def _no_value(self, prm, remaining: str, values) -> Refusal:
        usage = " ".join([self.act.name] + [p.name.upper() for p in self.act.params])
        if not remaining:
            return Refusal(f"'{self.shown}' is not a whole move: {usage}",
                           f"'{self.shown}' is not a move: {self.where} takes {len(self.act.params)} value"
                           f"{'s' if len(self.act.params) != 1 else ''}: {usage}")
        # (a list is named by all the words left: `g5 e9` is not one of the runs)
        word = remaining if values and all(isinstance(v, list) for v in values) else _named_thing(self.S, remaining)
        board = isinstance(prm.node, N.Name) and values and all(getattr(v, "is_space", False) for v in values)
        if board and word not in self.S.space_by_name:  # the parameter is a shared board's spaces
            return Refusal(f"cannot {self.shown}: there is no space {word}",
                           f"cannot {self.shown}: {word} is not one of {prm.domain_text} ({prm.name} in {self.where})")
        if all(isinstance(v, list) for v in values):
            shown = " ".join(typed_words(word))
            return Refusal(f"cannot {self.shown}: the {_humane(prm.name)} should be {_domain_words(prm.node, values)}, "
                           f"not {shown}",
                           f"cannot {self.shown}: {shown} is not one of {prm.domain_text} ({prm.name} in {self.where})")
        return Refusal(f"cannot {self.shown}: {word} is not {_domain_words(prm.node, values)}",
                       f"cannot {self.shown}: {word} is not one of {prm.domain_text} ({prm.name} in {self.where})")

    def _failed(self, cond, after: bool = False, words_of=None) -> Refusal:
        """Why a condition fails: the author's words (`else "..."`, its holes filled with the values the condition
        read; an `ensure`'s are made where it failed: `words_of()`), or a sentence made from its shape."""
        # for the author: the condition as written, where it is, and the words it gives the players
        line = "" if cond.param is not None or self.where.endswith(f":{cond.line})") else f" (line {cond.line})"
        said = f" ('{cond.said}')" if cond.said is not None else ""
        verb = "ensures (on the position the move leaves)" if after else "requires"
        detail = f"cannot {self.shown}: {self.where}{line} {verb} {cond.text}{said}"
        try:
            if words_of is not None:
                reason = words_of()
            elif cond.message is not None:
                reason = cond.message(self.S, self.L)
            else:
                reason = _Sentences(self.S, lambda node: self.S.game.evaluate(node, self.act, self.S, self.L)) \
                    .why_false(cond.node)
        except Exception:  # noqa: BLE001 - an `ensure` may read names of the effect that the sentence cannot
            reason = "the move would leave the game where its rules do not allow"
        return Refusal(f"cannot {self.shown}: {reason}", detail)


_NOTHING = object()


def _starts_with_a_value(S, act, text: str) -> bool:
    """Do the typed words start with a value of the action's first parameter?"""
    if not act.params:
        return False
    values = act.params[0].domain(S, [None] * act.size)
    return _match(values, text)[0] is not _NOTHING


def _fit(S, act, text: str) -> tuple:
    """How far typed words (without the action's name) read as a move of `act`, its conditions aside: (how many
    of its values they name in order, whether nothing is left over)."""
    L: list = [None] * act.size
    for n, prm in enumerate(act.params):
        value, text = _match(prm.domain(S, L), text)
        if value is _NOTHING:
            return n, False
        L[prm.slot] = value
    return len(act.params), not text


def _match(values, remaining: str):
    """The value whose text the typed words start with (the longest, case aside; a list's brackets and commas
    may be left out), and the words after it."""
    typed = typed_words(remaining)
    best, best_len = _NOTHING, -1
    for v in values:
        t = typed_words(value_text(v))
        if typed[:len(t)] == t and len(t) > best_len:
            best, best_len = v, len(t)
    if best is _NOTHING:
        return _NOTHING, remaining
    return best, " ".join(remaining.split()[_typed_length(remaining, best_len):])


_LIST_MARKS = re.compile(r"[\[\],]")


def typed_words(text: str) -> list:
    """The words of a move's text as a player types them, in lower case: a list of values is its values, its
    brackets and commas left out (`e7 g5 e3` for `jump e7 [g5, e3]`)."""
    return _LIST_MARKS.sub(" ", text.lower()).split()



def _typed_length(text: str, count: int) -> int:
    """How many of the typed (space-separated) words hold the first `count` words of `typed_words(text)`."""
    seen = 0
    for i, word in enumerate(text.split()):
        if seen >= count:
            return i
        seen += len(typed_words(word))
    return len(text.split())


def _named_thing(S, typed: str) -> str:
    """The first thing named in typed words: the longest piece or space name they start with, else a word."""
    low = typed.lower()
    names = [s.name for s in S.spaces] + [value_text(p) for ps in S.kind_pieces.values() for p in ps]
    best = max((n for n in names if low == n.lower() or low.startswith(n.lower() + " ")), key=len, default=None)
    return typed[:len(best)] if best else typed.split(" ")[0]


def _domain_words(node, values) -> str:
    """What a parameter may be, in players' words: `in your hand`, `a space of cells`, `one of a2 or b2`."""
    if isinstance(node, N.Attr) and isinstance(node.obj, N.Name) and node.obj.id == "mover":
        return f"in your {_humane(node.name)}"
    if isinstance(node, N.Of) and isinstance(node.owner, N.Name) and node.owner.id == "mover" \
            and isinstance(node.what, N.Name):
        return f"one of your {plural_of(_humane(node.what.id))}"
    shown = [value_text(v) for v in values if v is not None]  # (none is no choice: a step off the board)
    if not shown:
        return "possible now: there is nothing to choose from"
    if len(shown) <= 8:
        return f"one of {words(shown)}"
    return f"one of {', '.join(shown[:6])} and {len(shown) - 6} more"


class _Unworded(Exception):
    """A part of a def's body that reads as no sentence for a player (a sum, a count, a list): the def is
    then worded by its name."""


class _Sentences:
    """Plain sentences for a false condition, from its shape and the values of its parts. `value` gives a
    part's value; `within` names the defs whose bodies are being worded (innermost last): there, a part that
    reads as no sentence raises _Unworded rather than be shown as bare values."""

    def __init__(self, S, value, within: tuple = ()):
        self.S, self.value, self.within = S, value, within

    def words(self, node) -> str:
        """A part of a condition named for a player: its value, or `you`."""
        v = self.value(node)
        if v is None and isinstance(node, N.Call) and node.func == "top":
            return f"nothing on {self.words(node.args[0])}"
        return self.said(v)

    def said(self, v) -> str:
        """A value named for a player: its text, or `you`."""
        if isinstance(v, Player) and v is self.S.turn_player:
            return "you"
        if self.within and (isinstance(v, (list, tuple)) or _unseen(self.S, v)):
            raise _Unworded()
        return value_text(v)

    def listed(self, node) -> Optional[str]:
        """The values of a list that is not described otherwise (not a thing's attribute, no call's value), for
        `x in LIST`: `pawn`, `one of rook or queen`; None for anything else."""
        if isinstance(node, (N.Attr, N.Call)):
            return None
        values = self.value(node)
        if not isinstance(values, (list, tuple)):
            return None
        shown = [self.said(v) for v in values if v is not None]
        if not shown:
            return None
        if len(shown) == 1:
            return shown[0]
        return f"one of {words(shown, 'or')}" if len(shown) <= 8 else \
            f"one of {', '.join(shown[:6])} and {len(shown) - 6} more"

    def why_false(self, node: Optional[N.Expr]) -> str:
        return self._sentence(node, False) if node is not None else "that is not allowed here"

    def _sentence(self, node, wanted: bool) -> str:
        """Why `node` is not `wanted` (False: why it is false; True: why it is true)."""
        if isinstance(node, N.Not):
            return self._sentence(node.value, not wanted)
        if isinstance(node, N.BoolOp):
            return self._bool_op(node, wanted)
        if isinstance(node, N.Call) and node.func == "empty" and len(node.args) == 1:
            return f"{self.words(node.args[0])} is {'empty' if wanted else 'not empty'}"
        if isinstance(node, N.Compare):
            return self._compare(node, wanted)
        if isinstance(node, N.Call):
            d = self.S.game.definition(node.func)
            if d is not None:
                return self._def_call(node, d, wanted)
            if self.within:
                raise _Unworded()
            return self._called(node, wanted)
        if self.within and not isinstance(node, N.Attr):
            raise _Unworded()
        return f"{self.described(node)} is {'yes' if wanted else 'no'}"

    def _called(self, node: N.Call, wanted: bool) -> str:
        """A call worded by the name of what it calls: `'dark' is not true for b1`."""
        args = words([self.words(a) for a in node.args], "and")
        return f"'{_humane(node.func)}' is {'true' if wanted else 'not true'}" + (f" for {args}" if args else "")

    def _def_call(self, node: N.Call, d: N.Def, wanted: bool) -> str:
        """A call of a def: worded by its body (one expression) with its parameters given the call's values, as
        if written in its place; by its name where the body reads as no sentence (or reaches the def again)."""
        if not isinstance(d.body, N.DefBlock) and d.name not in self.within and len(node.args) == len(d.params) \
                and not _reads_hidden(self.S.game, d):
            try:
                args = [self.value(a) for a in node.args]
                S = self.S
                inner = _Sentences(S, lambda part: S.game.evaluate_in_def(part, d, S, args), self.within + (d.name,))
                return inner._sentence(d.body, wanted)
            except _Unworded:
                pass
            except Exception:  # noqa: BLE001 - a part that fails on its own (top of an empty space): the name says it
                pass
        return self._called(node, wanted)

    def described(self, node) -> str:
        """What a part of a condition is, in words: `the level of Sea Dog-4`, `the owner of b2`."""
        if isinstance(node, N.Attr):
            if self.within and _unseen(self.S, self.value(node.obj)):
                raise _Unworded()
            return f"the {_humane(node.name)} of {self.words(node.obj)}"
        if isinstance(node, N.Call):
            inner = words([self.words(a) for a in node.args], "and")
            return f"the {_humane(node.func)} of {inner}" if inner else _humane(node.func)
        return self.words(node)

    def _bool_op(self, node: N.BoolOp, wanted: bool) -> str:
        values = [bool(self.value(v)) for v in node.values]
        # `a and b` is false for the first false part; `a or b` is true for the first true part
        if (node.op == "and") != wanted:
            culprit = next((v for v, ok in zip(node.values, values) if ok == wanted), node.values[0])
            return self._sentence(culprit, wanted)
        return " and ".join(self._sentence(v, wanted) for v in node.values)

    def _compare(self, node: N.Compare, wanted: bool) -> str:
        op = node.op if not wanted else _NEGATED[node.op]
        # `owner(a) == mover`, `top(a).owner == p` where p is the mover: whose it is
        left = node.left
        owned = left.args[0] if isinstance(left, N.Call) and left.func == "owner" and len(left.args) == 1 else \
            left.obj if isinstance(left, N.Attr) and left.name == "owner" else None
        if owned is not None and op in ("==", "!=") and (
                (isinstance(node.right, N.Name) and node.right.id == "mover")
                or self.value(node.right) is self.S.turn_player):
            return f"{self.words(owned)} is {'not ' if op == '==' else ''}yours"
        if self.within and not (isinstance(node.left, (N.Attr, N.Call)) or _named(self.value(node.left))):
            raise _Unworded()  # (`1 is not 0`, of a sum: nothing a player can read)
        left_words, what = self.words(node.left), self.described(node.left)
        if op in ("in", "not in"):
            listed = self.listed(node.right) if op == "in" else None
            if listed is not None:  # (`top(s).kind in kinds`: the kind of d4 is knight, not pawn)
                return f"{what} is {left_words}, not {listed}" if what != left_words else \
                    f"{left_words} is not {listed}"
            if self.within and not isinstance(node.right, (N.Attr, N.Call)):
                raise _Unworded()
            return f"{left_words} is {'not ' if op == 'in' else ''}in {self.described(node.right)}"
        right = self.words(node.right)
        if op == "==":
            return f"{what} is {left_words}, not {right}" if what != left_words else f"{left_words} is not {right}"
        if op == "!=":
            return f"{what} is {right}" if what != left_words else f"{left_words} is {right}"
        wants = {"<": "less than", ">": "more than", "<=": "at most", ">=": "at least"}[op]
        return f"{what} is {left_words}, not {wants} {right}"


def _reads_hidden(game, d: N.Def) -> bool:
    """Does the body of def `d`, or of a def it calls, read what a player may not see or is never shown: a
    variable that is not public or is internal, a zone or a board that is not public? Then its body's words
    could tell it: the def is worded by its name."""
    sym = game.emitter.sym
    hidden = {v.name for v in sym.vars.values() if v.visibility != "public" or v.internal}
    hidden |= {z.name for z in sym.zones.values() if z.visibility != "public"}
    hidden |= {b.name for b in sym.boards.values() if b.visibility not in (None, "public")}
    seen, todo = {d.name}, [d.body]
    while todo:
        for n in N.walk(todo.pop()):
            if (isinstance(n, N.Name) and n.id in hidden) or (isinstance(n, N.Attr) and n.name in hidden):
                return True
            if isinstance(n, N.Call) and n.func in sym.defs and n.func not in seen:
                seen.add(n.func)
                todo.append(sym.defs[n.func].body)
    return False


def _unseen(S, v) -> bool:
    """Is v a piece the player to move may not see whole (in a zone they cannot look into, face down and not
    theirs, covered)?"""
    if not isinstance(v, Piece):
        return False
    return not sees(S, v.loc, v.up, v.owner, S.to_move, v.covered and v.kind.covered_hidden)


def _named(v) -> bool:
    """Is v a thing a player knows by its name (a space, a piece, a player, a direction)?"""
    return isinstance(v, (Space, Piece, Player, Dir))


_NEGATED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">", "in": "not in", "not in": "in"}


def _humane(name: str) -> str:
    return name.replace("_", " ")
