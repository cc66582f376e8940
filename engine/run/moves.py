"""Moves: a legal decision (an action with its arguments, or the answer to a choice), and the
generators that list an action's legal moves."""
from __future__ import annotations

from ..build.hoisting import kept_start
from .runtime import Piece, value_text


class Move:
    """One legal decision: an action with its arguments, or the answer to a choice."""
    __slots__ = ("action", "args", "_text", "_masked")

    def __init__(self, action, args, text=None):
        self.action, self.args, self._text = action, args, text
        self._masked = None  # (text for the others, seats that see the full text)

    def fix_text(self):
        """Name the move now, while its pieces are where they were chosen; hide what others cannot see: a piece
        from a zone they may not look into is its kind to them. `_masked` is then (the text the others read, the
        seats that read it whole or None when everybody does, the words of the whole text, the indices of the
        arguments still hidden, the pieces revealed since: see State._unmask)."""
        words = [self.action.name]
        hidden = []
        seen_by = None
        for i, a in enumerate(self.args):
            words.append(value_text(a))
            zone = a.loc if isinstance(a, Piece) and a.loc is not None and not a.loc.is_space else None
            if zone is not None and zone.visibility != "public":
                hidden.append(i)
                # (the seats that see every one of its hidden pieces)
                sees = {zone.owner.index} if zone.visibility == "private" and zone.owner is not None else set()
                seen_by = sees if seen_by is None else seen_by & sees
        if self._text is None:
            self._text = " ".join(words)
        text = self._text
        if hidden:
            self._masked = (self.others_text(words, hidden), seen_by, words, tuple(hidden), ())
        else:
            self._masked = (text, None)
        return text

    def others_text(self, words, hidden):
        """The text with the arguments at `hidden` (indices) named by their kind alone."""
        shown = list(words)
        for i in hidden:
            shown[i + 1] = self.args[i].kind.name
        return " ".join(shown)

    @property
    def hidden_from_some(self) -> bool:
        """Do some seats read this move with its pieces hidden ('card' for a card from a hand)?"""
        return self._masked is not None and self._masked[1] is not None

    def text_for(self, seat):
        """The move as `seat` may read it: a card from a hidden hand is just 'card' to the others."""
        if self._masked is None and getattr(self.action, "eager_text", False):
            self.fix_text()
        if self._masked is None or self._masked[1] is None or seat in self._masked[1]:
            return self.text
        return self._masked[0]

    def read_by(self, seat):
        """The move as `seat` reads it before it is made: named where its pieces lie now, a card it may not see
        (in another's hand, say) just 'card'."""
        if self._masked is None:
            self.fix_text()
        return self.text_for(seat)

    @property
    def text(self):
        if self._text is None:
            words = [self.action.name] + [value_text(a) for a in self.args]
            self._text = " ".join(words)
        return self._text

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Move({self.text!r})"


def attempt_source(act_name, args, test_sources, memo=None, over_board=False):
    """The body of `attempt(S, _p0, ...)`: the action's Move with these arguments when its parameters' conditions
    and its requirements hold (in the order the listing tests them), else None; the Move is the one the
    listing gives (see generator_source)."""
    lines = [f"if not ({t}): return None" for t in test_sources]
    tup = "".join(f"{a}, " for a in args)
    if over_board:
        return lines + [f"return S.board_moves[{memo}][{args[0]}.index]"]
    if memo is None:
        return lines + [f"return _Move({act_name}, ({tup}))"]
    key = args[0] if len(args) == 1 else f"({tup})"
    return lines + [f"_I = S.move_memo[{memo}]", f"return _I.get({key}) or _keep_move(_I, {key}, {act_name}, ({tup}))"]


def move_word(a):
    """A move's argument as the others read it: a piece from a zone they may not look into is its kind."""
    zone = a.loc if isinstance(a, Piece) and a.loc is not None and not a.loc.is_space else None
    return a.kind.name if zone is not None and zone.visibility != "public" else value_text(a)


def keep_move(memo, key, action, args):
    """A new Move, kept in `memo` under `key` to be handed out again."""
    move = memo[key] = Move(action, args)
    return move


def generator_source(act_name, param_sources, require_sources, memo=None, over_board=False, exists=False):
    """The body of `gen(S, out)`: one comprehension that appends every legal Move of an action to `out`: its
    parameters' loops and conditions, then its requirements. param_sources: [(py name, items source, test
    source or None, the lists that keep what later conditions hold (engine/build/hoisting.py))]. `memo`: the
    index of the action's table in `S.move_memo`, when its moves may be kept and handed out again (their
    texts depend on their arguments alone), or None; `over_board`: its one parameter ranges over a grid's
    spaces, whose moves the state keeps in `S.board_moves[memo]` by the space's index. A parameter's
    `domain`, if not None, is (name, source): its items are made into that name just before its loop (the
    first parameter's by a line before the comprehension). `exists`: the body of `exists(S)` instead, true when
    the action has a legal move (the same loops, stopping at the first)."""
    parts = []
    first = []
    for i, (py, items, test, kept, domain) in enumerate(param_sources):
        if domain is not None and i == 0:
            first.append(f"{domain[0]} = {domain[1]}")
        elif domain is not None:
            parts.append(f"if ({domain[0]} := {domain[1]}) is not _UNSET")
        parts.append(f"for {py} in {items}")
        if test is not None:
            parts.append(f"if {test}")
        parts.extend(f"for {h} in [{kept_start(h)}]" for h in kept)  # what later conditions keep, per value of py
    for r in require_sources:
        parts.append(f"if {r}")
    if exists:
        if not param_sources:
            return [f"return True if {' and '.join(f'({r})' for r in require_sources) or 'True'} else False"]
        return first + [f"return any(True {' '.join(parts)})"]
    if over_board:
        py = param_sources[0][0]
        return first + [f"_M = S.board_moves[{memo}]", f"out.extend([_M[{py}.index] {' '.join(parts)}])"]
    args = "".join(f"{p[0]}, " for p in param_sources)
    if not param_sources:
        cond = " and ".join(f"({r})" for r in require_sources) or "True"
        return [f"if {cond}: out.append(_Move({act_name}, ()))"]
    if memo is None:
        return first + [f"out.extend([_Move({act_name}, ({args})) {' '.join(parts)}])"]
    key = param_sources[0][0] if len(param_sources) == 1 else f"({args})"
    made = f"(_I.get({key}) or _keep_move(_I, {key}, {act_name}, ({args})))"
    return first + [f"_I = S.move_memo[{memo}]", f"out.extend([{made} {' '.join(parts)}])"]
