"""The words of a move, and a forgiving matcher from what a player types to a legal move.

A move's text is its action's name and the text of each of its values (`place Star Jelly-37 b2`:
fields `place`, `Star Jelly-37`, `b2`); a choice in the middle of a move is one field, the chosen
value.  A player may type any of it in any case, a field by a unique prefix (of the field or of a
word in it), a piece with a number by that number (`37`), and leave fields out (`b2` alone) as long
as exactly one legal move fits.  state.parse_move stays exact: save files and replays use it.
"""
from __future__ import annotations

import re
from typing import Optional

import attrs

from mire.engine.run.explain import typed_words
from mire.engine.run.runtime import Dir, Piece, Player, Space, value_text


@attrs.frozen
class Field:
    text: str
    kind: str                      # what sort of value: the action, a piece kind, a board's name, ...
    number: Optional[str] = None   # the number a piece is known by, if it has one

    @property
    def token(self) -> str:
        """The shortest thing to type for it: a piece's number, or its text."""
        return self.number or self.text


def _kind(value) -> str:
    if isinstance(value, Piece):
        return value.kind.name
    if isinstance(value, Space):
        return value.board.name if value.board is not None else "space"
    if isinstance(value, Player):
        return "player"
    if isinstance(value, Dir):
        return "direction"
    if isinstance(value, bool):
        return "yes/no"
    if isinstance(value, int):
        return "number"
    return "value"


def move_fields(move) -> list:
    """The fields of a legal move, as a player may type them."""
    action = getattr(move, "action", None)
    args = getattr(move, "args", None)
    if action is not None and args is not None:
        fields = [Field(action.name, "action")] + \
            [Field(value_text(a), _kind(a), piece_number(value_text(a)) if isinstance(a, Piece) else None)
             for a in args]
        if " ".join(f.text for f in fields) == move.text:
            return fields
    return [Field(move.text, "choice")]


def piece_number(text: str) -> Optional[str]:
    """The number a piece is known by (`Sea Dog-4`: 4), if its text has one."""
    parts = text.split("-")
    numbers = [p for p in parts[1:] if p.isdigit()]
    return numbers[-1] if numbers and len(parts) > 1 else None


# ---------------------------------------------------------------------------------
# matching

EXACT, NUMBER, PREFIX, WORD_PREFIX = 4, 3, 2, 1
_SPLIT = re.compile(r"[\s\-]+")


def grade(typed: str, field: str, number: Optional[str] = None) -> int:
    """How well a typed (lower case) group of words names a field (a piece known by `number`):
    0 when it does not."""
    f = field.lower()
    if typed == f:
        return EXACT
    if typed.isdigit():   # a number names only a whole number: 3 is not 37
        return NUMBER if number == typed else 0
    if f.startswith(typed):
        return PREFIX
    if any(w.startswith(typed) for w in _SPLIT.split(f)[1:] if w):
        return WORD_PREFIX
    return 0


def _align(words, fields, i=0, j=0, memo=None):
    """The best (fields left out, -sum of grades) over the ways of reading words[i:] as fields[j:]
    in order, each field named by one group of consecutive words or left out; None when none."""
    if memo is None:
        memo = {}
    key = (i, j)
    if key in memo:
        return memo[key]
    if i == len(words):
        best = (len(fields) - j, 0)
    elif j == len(fields):
        best = None
    else:
        options = []
        skip = _align(words, fields, i, j + 1, memo)
        if skip is not None:
            options.append((skip[0] + 1, skip[1]))
        for k in range(i + 1, len(words) + 1):
            g = grade(" ".join(words[i:k]), *fields[j])
            if g:
                rest = _align(words, fields, k, j + 1, memo)
                if rest is not None:
                    options.append((rest[0], rest[1] - g))
        best = min(options) if options else None
    memo[key] = best
    return best


@attrs.frozen
class Match:
    move: object = None             # the one legal move meant, or None
    candidates: tuple = ()          # the moves it may mean, when more than one


def announced_fields(state, move) -> list:
    """The fields of a legal move as the game announces it (its action's `as "..."`: `upgrade a2 with
    Regatta-59` for `upgrade Regatta-59 a2`): the label's own words, and each value where the label names it;
    [] for a move without a label, or one whose label reads more of a value than its name."""
    action, args = getattr(move, "action", None), getattr(move, "args", None)
    label = getattr(action, "label", None)
    if action is None or label is None or not args:
        return []
    marks = [f"\x00{i}\x00" for i in range(len(args))]
    L: list = [None] * action.size
    for prm, mark in zip(action.params, marks):
        L[prm.slot] = mark
    try:
        text = label(state, L)
    except Exception:   # noqa: BLE001 - a label that reads a value's attributes cannot be typed this way
        return []
    fields = []
    for part in re.split(r"(\x00\d+\x00)", text):
        if part in marks:
            a = args[marks.index(part)]
            fields.append(Field(value_text(a), _kind(a), piece_number(value_text(a)) if isinstance(a, Piece) else None))
        else:
            fields += [Field(w, "word") for w in typed_words(part)]
    return fields if any(f.kind != "word" for f in fields) else []


def match_move(text: str, moves: list, fields_of=None) -> Match:
    """The legal move a player meant by `text`, or the candidates when several fit (none: no move fits);
    `fields_of(move)` gives each move's fields (move_fields, unless told otherwise)."""
    words = typed_words(text)
    if not words:
        return Match()
    scored = []
    for m in moves:
        named = (fields_of or move_fields)(m)
        fields = [(" ".join(typed_words(f.text)), f.number) for f in named]
        fields = [f for f in fields if f[0]]  # (an empty list: nothing to type)
        if " ".join(words) == " ".join(f for f, _ in fields):
            return Match(m)
        found = _align(words, fields)
        if named and named[0].kind == "action" and fields and fields[0][0] == " ".join(typed_words(named[0].text)):
            # the action's name left out leaves nothing out: `d` is the one drop into column d (`drop d1`), not
            # `drop` short of its column
            bare = _align(words, fields[1:])
            if bare is not None and (found is None or bare < found):
                found = bare
        if found is not None:
            scored.append((found, m))
    if len(scored) == 1:
        return Match(scored[0][1])
    if not scored:
        return Match()
    complete = [m for (left, _), m in scored if left == 0]
    if len(complete) == 1:
        return Match(complete[0])
    best = min(s for s, _ in scored)
    top = [m for s, m in scored if s == best]
    if len(top) == 1 and best[0] == 0:
        return Match(top[0])
    return Match(candidates=tuple(m for _, m in scored))


def canonical(text: str, moves: list, actions=()) -> str:
    """The typed text with each word (or group of words) that names exactly one value of the legal
    moves (or one of the game's actions) written as that value: to ask the rules why it is illegal."""
    vocab = {(f.text, f.number) for m in moves for f in move_fields(m)} | {(a, None) for a in actions}
    words = text.split()
    out, i = [], 0
    while i < len(words):
        done = False
        for k in range(len(words), i, -1):
            typed = " ".join(words[i:k]).lower()
            graded = [(grade(typed, v, number), v) for v, number in vocab]
            top = max((g for g, _ in graded), default=0)
            hits = [v for g, v in graded if g == top and g]
            if len(hits) == 1 and not _cut_short(words[i:k], words[k:], hits[0], top, vocab):
                out.append(hits[0])
                i, done = k, True
                break
        if not done:
            out.append(words[i])
            i += 1
    return " ".join(out)


def _cut_short(typed, after, value, top, vocab) -> bool:
    """Would writing the words `typed` as `value` leave the next typed word (the first of `after`) a stray: a
    name of several words begun by the typed ones (`Comet` of `Comet Tail-38`) and followed by a word that names
    nothing, a misspelling of the rest of the name (`Comet Tial`)? The words are then left as typed, for the
    rules' did-you-mean."""
    if top == EXACT or not after:
        return False
    name_words = [w for w in _SPLIT.split(value) if w and not w.isdigit()]
    if len(name_words) <= len(typed):
        return False
    following = after[0].lower()
    return not any(grade(following, v, number) for v, number in vocab)


def announced_order(action) -> Optional[list]:
    """The order its parameters come in where the action's label (`as "..."`) names them, when it differs from
    the order a move of it is typed in (`upgrade {s} with {c}` for `upgrade(c, s)`: [1, 0]); else None."""
    label, params = getattr(action, "label", None), getattr(action, "params", None)
    if label is None or not params or len(params) < 2:
        return None
    marks = [f"\x00{i}\x00" for i in range(len(params))]
    L: list = [None] * action.size
    for prm, mark in zip(params, marks):
        L[prm.slot] = mark
    try:
        text = label(None, L)
    except Exception:   # noqa: BLE001 - a label that reads a value's attributes: its order is not known
        return None
    order = [marks.index(m) for m in re.findall(r"\x00\d+\x00", text) if m in marks]
    return order if len(order) == len(params) and order != sorted(order) else None



def typed_in_order(state, text: str) -> Optional[str]:
    """`text` typed as the game announces a move whose parameters it announces in another order, written in
    the order a move is typed: `upgrade a2 with 59` (announced as `upgrade {s} with {c}`) is `upgrade 59 a2`;
    None when it is not so typed."""
    first = (typed_words(text) or [""])[0].lower()
    for action in state.game.actions:
        order = announced_order(action) if action.name.lower() == first else None
        if order is None:
            continue
        marks = [f"\x00{i}\x00" for i in range(len(action.params))]
        L: list = [None] * action.size
        for prm, mark in zip(action.params, marks):
            L[prm.slot] = mark
        pattern = ""
        for part in re.split(r"(\x00\d+\x00)", label_text(action, L)):
            pattern += r"\s*(.+?)\s*" if part in marks else r"\s+".join(re.escape(w) for w in part.split())
        found = re.fullmatch(pattern, " ".join(text.split()), re.IGNORECASE)
        if found is None:
            continue
        values = [""] * len(order)
        for i, value in zip(order, found.groups()):
            values[i] = value
        return " ".join([action.name] + values)
    return None


def label_text(action, L) -> str:
    return action.label(None, L)
