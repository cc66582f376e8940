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

from ...grammar import nodes as N
from ...grammar.wording import a, closest, did_you_mean, plural_of, words
from .moves import Move
from .runtime import Dir, Piece, Player, Space, Zone, value_text
from .view import sees, zone_visible


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
    # (words that name a legal move by a piece the player to move may not see, one in another's hand say, are
    # read as any words naming a piece unseen: that they are legal would tell where that piece is)
    if legal is not None and legal.read_by(S.to_move) == legal.text:
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
        # the actions that have a legal move now (a fallback open but not possible is not one of them)
        names = sorted({m.action.name for m in S.legal_moves() if getattr(m.action, "name", None)}) or \
            sorted({a.name for a in now})
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
            # (a piece the player may not see is not matched by its name: what is refused is told alike, there
            # or not)
            value, remaining = _match([v for v in values if _shown(S, v)], remaining)
            if value is _NOTHING:
                return self._no_value(prm, remaining, values)
            self.L[prm.slot] = value
            if prm.test is not None and not prm.test.fn(S, self.L):
                return self._failed(prm.test)
        if remaining:
            usage = " ".join([act.name] + [p.name.upper() for p in act.params])
            return Refusal(f"'{self.shown}' has more than a {act.name} move takes{self._like()}",
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
        if not remaining:   # (told in the game's values, never the rule's parameter names)
            wanted = _domain_words(self.S, prm.node, values)
            return Refusal(f"'{self.shown}' is not a whole move: next comes {wanted}{self._like()}",
                           f"'{self.shown}' is not a move: {self.where} takes {len(self.act.params)} value"
                           f"{'s' if len(self.act.params) != 1 else ''}: {usage}")
        # (a list is named by all the words left: `g5 e9` is not one of the runs)
        word = remaining if values and all(isinstance(v, list) for v in values) else _named_thing(self.S, remaining)
        # a misspelt name: the nearest of the values, else of every piece's name (the names are the game's, not
        # where its pieces are)
        close = _nearest(word, [_without_number(value_text(v)) for v in values if _shown(self.S, v)]) or \
            _nearest(word, [_without_number(value_text(p)) for ps in self.S.kind_pieces.values() for p in ps])
        board = isinstance(prm.node, N.Name) and values and all(getattr(v, "is_space", False) for v in values)
        if board and word not in self.S.space_by_name:  # the parameter is a shared board's spaces
            return Refusal(f"cannot {self.shown}: there is no space {word}",
                           f"cannot {self.shown}: {word} is not one of {prm.domain_text} ({prm.name} in {self.where})")
        may_be = _domain_words(self.S, prm.node, values)
        if values and all(isinstance(v, list) for v in values):  # (a list of values: a route, a run)
            shown = " ".join(typed_words(word))
            return Refusal(f"cannot {self.shown}: the {_humane(prm.name)} should be {may_be}, not {shown}",
                           f"cannot {self.shown}: {shown} is not one of {prm.domain_text} ({prm.name} in {self.where})")
        return Refusal(f"cannot {self.shown}: {word} is not {may_be}{close}",
                       f"cannot {self.shown}: {word} is not one of {prm.domain_text} ({prm.name} in {self.where})")

    def _like(self) -> str:
        """`, as in 'move pawn d2'`: a legal move of the action that starts with what was typed, or any."""
        moves = [m for m in self.S.legal_moves() if m.action is self.act]
        typed = typed_words(self.shown)
        starting = [m for m in moves if typed_words(m.text)[:len(typed)] == typed]
        example = (starting or moves or [None])[0]
        return f", as in '{example.text}'" if example is not None else ""

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
                S, act, L = self.S, self.act, self.L
                reason = _Sentences(S, lambda node, bound: S.game.evaluate(node, act, S, L, bound)).why_false(cond.node)
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
    """The first thing named in typed words: the longest piece or space name they start with (a piece's name
    with its number or without: `The Deckhand`), else the longest run of words that is nearly such a name
    (`Driftwod`), else a word."""
    low = typed.lower()
    names = [s.name for s in S.spaces] + [value_text(p) for ps in S.kind_pieces.values() for p in ps]
    names += [_without_number(n) for n in names]
    best = max((n for n in names if low == n.lower() or low.startswith(n.lower() + " ")), key=len, default=None)
    if best:
        return typed[:len(best)]
    words_typed = typed.split(" ")
    for k in range(min(len(words_typed), 4), 1, -1):   # (a name of a few words, misspelt)
        near = closest(" ".join(words_typed[:k]), names)
        if near is not None and len(near.split()) == k:
            return " ".join(words_typed[:k])
    return words_typed[0]


def _nearest(word: str, names: list) -> str:
    """` (did you mean 'X'?)` for a misspelt name: not for a name typed right (that is not where it may go)."""
    return did_you_mean(word, names) if word.lower() not in {n.lower() for n in names} else ""


def _without_number(text: str) -> str:
    """A piece's name without the number it is known by: `Driftwood` for `Driftwood-12`."""
    head, dash, tail = text.rpartition("-")
    return head if dash and tail.isdigit() and head else text


def _domain_words(S, node, values) -> str:
    """What a parameter may be, in players' words: `in your hand`, `a space of cells`, `one of a2 or b2` (a
    piece the player to move may not see is not named: `one of 3-hearts or 2 hidden from you`)."""
    if isinstance(node, N.Attr) and isinstance(node.obj, N.Name) and node.obj.id == "mover":
        return f"in your {_humane(node.name)}"
    if isinstance(node, N.Of) and isinstance(node.owner, N.Name) and node.owner.id == "mover" \
            and isinstance(node.what, N.Name):
        return f"one of your {plural_of(_humane(node.what.id))}"
    values = [v for v in values if v is not None]  # (none is no choice: a step off the board)
    shown = [value_text(v) for v in values if _shown(S, v)]
    unseen = len(values) - len(shown)
    if unseen and not shown:
        return f"one you can see (there {'is' if unseen == 1 else 'are'} {unseen}, hidden from you)"
    if unseen:
        shown.append(f"{unseen} hidden from you")
    if not shown:
        return "possible now: there is nothing to choose from"
    if len(shown) <= 8:
        return f"one of {words(shown)}"
    return f"one of {', '.join(shown[:6])} and {len(shown) - 6} more"


class _Unworded(Exception):
    """A part of a condition that reads as no sentence for a player: in a def's body (a sum, a count, a list),
    the def is then worded by its name; anywhere, a part whose value the player to move may not know (a
    secret variable, a card in another's hand, the size of a hidden zone), which is never shown."""


_MARK = "\x00"  # where an item's words stand in the sentence made for it (in `_each`)
_WANTS = {"<": "less than", ">": "more than", "<=": "at most", ">=": "at least"}


class _Sentences:
    """Plain sentences for a false condition, from its shape and the values of its parts. `value(part, bound)`
    gives a part's value, with `bound` the values of the names that loops around it bind (`x` in `any(x in D
    where ...)`); `within` names the defs whose bodies are being worded (innermost last): there, a part that
    reads as no sentence raises _Unworded rather than be shown as bare values."""

    def __init__(self, S, value, within: tuple = (), bound: tuple = ()):
        self.S, self._value, self.within, self.bound = S, value, within, bound

    def value(self, node):
        return self._value(node, self.bound)

    def binding(self, name: str, item) -> "_Sentences":
        """These sentences with one more name bound (a loop's name, to one of its items)."""
        return _Sentences(self.S, self._value, self.within, self.bound + ((name, item),))

    def words(self, node) -> str:
        """A part of a condition named for a player: its value, or `you`."""
        v = self.value(node)
        if v is None and isinstance(node, N.Call) and node.func == "top":
            return f"nothing on {self.words(node.args[0])}"
        if self.hidden(node):
            raise _Unworded()
        return self.said(v)

    def said(self, v) -> str:
        """A value named for a player: its text, `you`, `your hand`; _Unworded for a value the player to move
        may not know (a piece they cannot see, a space of a board they cannot look at)."""
        S = self.S
        if isinstance(v, Player) and v is S.turn_player:
            return "you"
        if self.within and (isinstance(v, (list, tuple)) or _unseen(S, v)):
            raise _Unworded()
        if not _shown(S, v):
            raise _Unworded()
        if isinstance(v, Zone):
            return _zone_words(S, v)
        if isinstance(v, Dir):
            return _humane(v.name)
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
        return f"one of {_some(shown, 'or')}"

    def hidden(self, node) -> bool:
        """Does the value of this part tell the player to move what they may not know: does it read what
        `_reads_unknown` names, or pieces they cannot see?"""
        if self._reads_unknown(node):
            return True
        for n in N.walk(node):
            if isinstance(n, (N.Call, N.Filter, N.Of, N.Attr, N.Name)):
                try:
                    v = self.value(n)
                    whose = self.value(n.obj) if isinstance(n, N.Attr) else None
                except Exception:  # noqa: BLE001 - a part that reads a loop's name: its loop's items are checked
                    continue
                if isinstance(v, (Piece, list, tuple)) and not _shown(self.S, v):
                    return True
                if isinstance(n, N.Attr) and isinstance(whose, Piece) and not _attribute_seen(self.S, whose, n.name):
                    return True
        return False

    def _reads_unknown(self, node) -> bool:
        """Does this part (or a def it calls) read a variable that is secret or internal, or another player's
        private one, or the size of a zone whose size is hidden from the player to move?"""
        S = self.S
        emitter = S.game.emitter
        sym, checked = emitter.sym, emitter.checked
        todo: list = [(node, True)]
        seen: set = set()
        while todo:
            part, here = todo.pop()
            if self._reads_unknown_here(part, here, sym, checked, todo, seen):
                return True
        return False

    def _reads_unknown_here(self, node, here: bool, sym, checked, todo: list, seen: set) -> bool:
        """_reads_unknown of one expression (`here`: a part of the condition, whose parts have values here; else
        of a def's body, where a player's private variable counts as unknown: whose it is is not known); the
        bodies of the defs it calls go on `todo`."""
        S = self.S
        for n in N.walk(node):
            if isinstance(n, N.Call) and n.func in sym.defs and n.func not in seen:
                seen.add(n.func)
                todo.append((sym.defs[n.func].body, False))
            if isinstance(n, N.Name):
                meaning = checked.meaning(n)
                if meaning.category == "var":
                    var = sym.vars.get(meaning.name)
                    if var is not None and (var.internal or var.visibility != "public"):
                        return True
                elif meaning.category == "zone":
                    zone = sym.zones.get(meaning.name)
                    if zone is not None and zone.size_hidden and zone.visibility != "public":
                        return True
            elif isinstance(n, N.Attr) and (n.name in sym.vars or n.name in sym.zones):
                decl = sym.vars.get(n.name) or sym.zones[n.name]
                if isinstance(decl, N.Var) and (decl.internal or decl.visibility == "secret"):
                    return True
                if decl.visibility != "public" and (isinstance(decl, N.Var) or decl.size_hidden):
                    if not here:
                        return True
                    try:
                        whose = self.value(n.obj)
                    except Exception:  # noqa: BLE001 - a name of a loop around it: not known here
                        return True
                    if whose is not S.turn_player:
                        return True
        return False

    def why_false(self, node: Optional[N.Expr]) -> str:
        if node is None:
            return "that is not allowed here"
        try:
            return self._sentence(node, False)
        except _Unworded:  # (a part the player may not know, or that reads as no sentence)
            return "that is not allowed now"

    def _sentence(self, node, truth: bool) -> str:
        """Why `node` is `truth` (False: why it is false; True: why it is true)."""
        if isinstance(node, N.Not):
            return self._sentence(node.value, not truth)
        if isinstance(node, N.BoolOp):
            return self._bool_op(node, truth)
        if isinstance(node, N.Call) and node.func == "empty" and len(node.args) == 1:
            if self.value(node.args[0]) is None:  # (off the board: `empty(c + north)` at the top row)
                return self._nowhere(node.args[0])
            return f"{self.words(node.args[0])} is {'empty' if truth else 'not empty'}"
        if isinstance(node, N.Compare):
            return self._compare(node, truth)
        if isinstance(node, N.Call) and node.func in ("any", "all") and _filtered(node):
            return self._quantified(node, truth)
        if isinstance(node, N.Call):
            d = self.S.game.definition(node.func)
            if d is not None:
                return self._def_call(node, d, truth)
            if self.within:
                raise _Unworded()
            return self._called(node, truth)
        if isinstance(node, (N.Name, N.Attr)):
            # a yes/no value: named, and whose it is (`'drew' is no`, `'forced' is yes for you`)
            said = "yes" if truth else "no"
            if isinstance(node, N.Name):
                if self.within and not self._is_variable(node):
                    raise _Unworded()  # (a def's parameter: its name is the author's, not the players')
                return f"'{_humane(node.id)}' is {said}"
            if self.within and _unseen(self.S, self.value(node.obj)):
                raise _Unworded()
            return f"'{_humane(node.name)}' is {said} for {self.words(node.obj)}"
        raise _Unworded()  # (a sum, an item of a list: nothing a player reads as a sentence)

    def _called(self, node: N.Call, truth: bool) -> str:
        """A call worded by the name of what it calls: `'dark' is not true for b1` (a piece the player to move
        may not see by its kind: `'fits' is not true for a tile, 0,1 and 2`)."""
        args = words([self._argument(a) for a in node.args], "and")
        return f"'{_humane(node.func)}' is {'true' if truth else 'not true'}" + (f" for {args}" if args else "")

    def _argument(self, node) -> str:
        v = self.value(node)
        if isinstance(v, Piece) and not _shown(self.S, v) and not self._reads_unknown(node):
            return a(v.kind.name)
        return self.words(node)

    def _def_call(self, node: N.Call, d: N.Def, truth: bool) -> str:
        """A call of a def: worded by its body (one expression) with its parameters given the call's values, as
        if written in its place; by its name where the body reads as no sentence (or reaches the def again)."""
        if not isinstance(d.body, N.DefBlock) and d.name not in self.within and len(node.args) == len(d.params) \
                and not _reads_hidden(self.S.game, d):
            try:
                args = [self.value(a) for a in node.args]
                S = self.S
                inner = _Sentences(S, lambda part, bound: S.game.evaluate_in_def(part, d, S, args, bound),
                                   self.within + (d.name,))
                return inner._sentence(d.body, truth)
            except _Unworded:
                pass
            except Exception:  # noqa: BLE001 - a part that fails on its own (top of an empty space): the name says it
                pass
        return self._called(node, truth)

    def described(self, node) -> str:
        """What a part of a condition is, in words: `the level of Sea Dog-4`, `your score`, `'pot'`, `the
        number of pieces in your cup`, `the space north of a1`."""
        if isinstance(node, N.Attr):
            whose = self.value(node.obj)
            if self.within and _unseen(self.S, whose):
                raise _Unworded()
            if whose is self.S.turn_player:
                return f"your {_humane(node.name)}"
            return f"the {_humane(node.name)} of {self.words(node.obj)}"
        if isinstance(node, N.Call):
            if node.func == "count" and len(node.args) == 1:
                return self._number_of(node.args[0])
            return self._call_named(node)
        if isinstance(node, N.Name) and self._is_variable(node):
            return f"'{_humane(node.id)}'"
        if isinstance(node, N.BinOp) and node.op == "+":
            start, step = self.value(node.left), self.value(node.right)
            if isinstance(start, Space) and isinstance(step, Dir):
                return f"the space {_humane(step.name)} of {self.words(node.left)}"
        return self.words(node)

    def _call_named(self, node: N.Call) -> str:
        """A call named by what it calls: `the row of b2 for you`, `your score`, `the distance of a1 and b2`."""
        name = _humane(node.func)
        if not node.args:
            return name
        first, rest = node.args[0], node.args[1:]
        if not rest and self.value(first) is self.S.turn_player:
            return f"your {name}"
        if rest and all(isinstance(self.value(a), Player) for a in rest):  # (`row(s, mover)`: for you)
            return f"the {name} of {self.words(first)} for {words([self.words(a) for a in rest])}"
        return f"the {name} of {words([self.words(a) for a in node.args], 'and')}"

    def _is_variable(self, node: N.Name) -> bool:
        return self.S.game.emitter.checked.meaning(node).category == "var"

    def _named(self, node) -> str:
        """A part named without its value (which the player may not know): `'target'`, `the rank of a1`."""
        if isinstance(node, N.Name) and self._is_variable(node):
            return f"'{_humane(node.id)}'"
        if isinstance(node, N.Attr):
            whose = self.value(node.obj)
            if whose is self.S.turn_player:
                return f"your {_humane(node.name)}"
            return f"the {_humane(node.name)} of {self.words(node.obj)}"
        if isinstance(node, N.Call) and node.func == "count" and len(node.args) == 1:
            return self._number_of(node.args[0], values=False)
        if isinstance(node, N.Call) and node.func not in ("count", "top", "bottom", "random"):
            return self._call_named(node)  # (`luck(opponent)`, a def that reads a private variable)
        raise _Unworded()

    def _number_of(self, node, values: bool = True) -> str:
        """`count(X)` in words: `the number of pieces in your cup`, `the number of your rooks`."""
        if isinstance(node, N.Of) and isinstance(node.what, N.Name):
            whose = self.value(node.owner)
            kinds = plural_of(_humane(node.what.id))
            return f"the number of your {kinds}" if whose is self.S.turn_player else \
                f"the number of {kinds} of {self.words(node.owner)}"
        v = self.value(node)
        if isinstance(v, Zone):
            return f"the number of pieces in {self.said(v)}"
        if isinstance(node, N.Name) and self.S.game.emitter.checked.meaning(node).category in ("kind", "board"):
            return f"the number of {plural_of(_humane(node.id))}"
        if not values or self.within:
            raise _Unworded()
        return f"the count of {self.words(node)}"

    def _nowhere(self, node) -> str:
        """A space that is not there (off the board): `there is no space north of e4`."""
        if isinstance(node, N.BinOp) and node.op == "+":
            start, step = self.value(node.left), self.value(node.right)
            if isinstance(start, Space) and isinstance(step, Dir):
                return f"there is no space {_humane(step.name)} of {self.words(node.left)}"
        if self.within:
            raise _Unworded()
        return "there is no such space"

    def _bool_op(self, node: N.BoolOp, truth: bool) -> str:
        values = [bool(self.value(v)) for v in node.values]
        # `a and b` is false for the first false part; `a or b` is true for the first true part
        if (node.op == "and") != truth:
            culprit = next((v for v, ok in zip(node.values, values) if ok == truth), node.values[0])
            return self._sentence(culprit, truth)
        return " and ".join(self._sentence(v, truth) for v in node.values)

    def _compare(self, node: N.Compare, truth: bool) -> str:
        op = node.op if not truth else _NEGATED[node.op]  # (the comparison that fails)
        # `owner(a) == mover`, `top(a).owner == p` where p is the mover: whose it is
        left = node.left
        owned = left.args[0] if isinstance(left, N.Call) and left.func == "owner" and len(left.args) == 1 else \
            left.obj if isinstance(left, N.Attr) and left.name == "owner" else None
        if owned is not None and op in ("==", "!=") and (
                (isinstance(node.right, N.Name) and node.right.id == "mover")
                or self.value(node.right) is self.S.turn_player):
            if self.value(owned) is None:
                raise _Unworded()  # (`owner(first(...))` of nothing)
            return f"{self.words(owned)} is {'not ' if op == '==' else ''}yours"
        if self.hidden(node.left) or self.hidden(node.right):  # named, not valued: `'target' is not 3`
            right = self._named(node.right) if self.hidden(node.right) else self.words(node.right)
            verb = {"==": "is not", "!=": "is", "in": "is not in", "not in": "is in"}.get(op) or \
                f"is not {_WANTS[op]}"
            return f"{self._named(node.left)} {verb} {right}"
        if isinstance(left, N.Call) and left.func == "count" and _filtered(left) and op not in ("in", "not in") \
                and not self.within:  # (in a def's body, the def's name says it)
            return self._counted(node, op)
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
            if what == left_words == right and isinstance(node.right, N.BinOp):  # (g5 is the space north of g4)
                return f"{left_words} is {self.described(node.right)}"
            return f"{what} is {right}" if what != left_words else f"{left_words} is {right}"
        if what == left_words:  # (a number typed: 2 is not more than 2)
            return f"{left_words} is not {_WANTS[op]} {right}"
        return f"{what} is {left_words}, not {_WANTS[op]} {right}"

    # -- any(x in D where C), all(...), count(...) OP N: worded by C for the items --------------------------

    def _quantified(self, node: N.Call, truth: bool) -> str:
        """`any(x in D where C)` is false, or `all(...)` true, as C reads for every item (`a1 and b2 are not
        empty`); `any` is true, or `all` false, as C reads for the first item that makes it so."""
        if self.within:
            raise _Unworded()  # (the def's name says it)
        f = node.args[0]
        assert isinstance(f, N.Filter)
        items = self._items(self.value(f.domain))
        if (node.func == "any") != truth:
            return self._each(f, items, truth)
        for item in items:
            inner = self.binding(f.var, item)
            if bool(inner.value(f.test)) == truth:
                self.said(item)  # (an item the player may not know is never a reason)
                return inner._sentence(f.test, truth)
        raise _Unworded()

    def _counted(self, node: N.Compare, op: str) -> str:
        """`count(x in D where C) > 2` false: how many count, and C as it reads for those that do (`2 count,
        not more than 2: a1 and b2 are not empty`), or for every item when none does."""
        assert isinstance(node.left, N.Call) and isinstance(node.left.args[0], N.Filter)
        f = node.left.args[0]
        n = self.value(node.left)
        matched = self._items(self.value(f))
        right = self.words(node.right)
        counted = "none counts" if n == 0 else "1 counts" if n == 1 else f"{n} count"
        head = f"{counted}, not {right}" if op == "==" else counted if op == "!=" else \
            f"{counted}, not {_WANTS[op]} {right}"
        reasons = self._each(f, matched, True) if matched else \
            self._each(f, self._items(self.value(f.domain)), False)
        return f"{head}: {reasons}"

    def _each(self, f: N.Filter, items: list, truth: bool) -> str:
        """C as it reads for each item (all of them `truth`), items that read alike said together: `a1, b2 and
        c3 are not empty; the x of a2 is 1, not 3`."""
        if not items:
            return self._none_in(f.domain)
        alike: dict = {}
        for item in items:
            name = self.said(item)
            sentence = self.binding(f.var, item)._sentence(f.test, truth)
            template = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", _MARK, sentence)
            alike.setdefault(template, []).append(name)
        told = [_together(template, names) for template, names in alike.items()]
        if len(told) > 3:
            others = sum(len(names) for names in list(alike.values())[3:])
            told = told[:3] + [f"and {others} more for other reasons"]
        return "; ".join(told)

    def _none_in(self, node) -> str:
        """There is nothing to look at: `you have no rooks`, `your hand is empty`, `there are none`."""
        if isinstance(node, N.Of) and isinstance(node.what, N.Name):
            whose = self.value(node.owner)
            kinds = plural_of(_humane(node.what.id))
            return f"you have no {kinds}" if whose is self.S.turn_player else f"{self.words(node.owner)} has no {kinds}"
        v = self.value(node)
        if isinstance(v, (Zone, Space)):
            return f"{self.said(v)} is empty"
        return "there are none"

    def _items(self, v) -> list:
        if isinstance(v, (Zone, Space)):
            return list(v.pieces)
        if isinstance(v, (list, tuple, range)):
            return list(v)
        raise _Unworded()


def _filtered(node: N.Call) -> bool:
    """Is the call's one argument `x in D where C`?"""
    return len(node.args) == 1 and isinstance(node.args[0], N.Filter) and node.args[0].mode == "where"


def _together(template: str, names: list) -> str:
    """One sentence for items that read alike (their words where _MARK stands): `a1 and b2 are not empty`,
    `'closes' is not true for d4 and any of north or east`, `the y of each of a1 and b1 is 1, not 3`."""
    if _MARK not in template:  # (a sentence that does not name its item: `for north: a8 is not yours`)
        return f"for {_some(names, 'and')}: {template}"
    if len(names) == 1:
        return template.replace(_MARK, names[0])
    if template.count(_MARK) > 1:
        return f"for each of {_some(names, 'and')}: {template.replace(_MARK, 'it')}"
    if template.startswith(_MARK + " is "):
        return f"{_some(names, 'and')} are {template[len(_MARK) + 4:]}"
    before = template[:template.index(_MARK)]
    if " is not true for " in before:
        return template.replace(_MARK, f"any of {_some(names, 'or')}")
    return template.replace(_MARK, f"each of {_some(names, 'and')}")


def _some(shown: list, conj: str) -> str:
    """Words for a few values, and how many more for many: `a1, b2 or c3`, `a1, ..., f1 and 3 more`."""
    return words(shown, conj) if len(shown) <= 8 else f"{', '.join(shown[:6])} and {len(shown) - 6} more"


def _zone_words(S, zone) -> str:
    """A zone named for the player to move: `your hand`, `the hand of O`, `deck`."""
    name = _humane(zone.name)
    if zone.owner is None:
        return name
    return f"your {name}" if zone.owner is S.turn_player else f"the {name} of {zone.owner.name}"


def _shown(S, v) -> bool:
    """May the player to move be told this value: not a piece they cannot see (one on top of a space is told
    by the space's name), nor a space of a board they cannot look at, nor a list holding one?"""
    if isinstance(v, Piece):
        loc = v.loc
        if loc is not None and loc.is_space and loc.pieces and loc.pieces[-1] is v and _board_seen(S, loc):
            return True
        return not _unseen(S, v)
    if isinstance(v, Space):
        return _board_seen(S, v)
    if isinstance(v, (list, tuple)):
        return all(_shown(S, x) for x in v)
    return True


def _attribute_seen(S, piece, name: str) -> bool:
    """Does the player to move see this attribute of the piece (of a face-down one, those its kind does not
    hide; of one where they cannot look, none of those its table gives)?"""
    if name not in piece.kind.attrs or not _unseen(S, piece):
        return True
    loc = piece.loc
    if loc is None or loc is S.box or not zone_visible(loc.board if loc.is_space else loc, S.to_move):
        return False
    return name in piece.visible_attrs()


def _board_seen(S, space) -> bool:
    board = getattr(space, "board", None)
    return board is None or zone_visible(board, S.to_move)


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
