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


def match_move(text: str, moves: list) -> Match:
    """The legal move a player meant by `text`, or the candidates when several fit (none: no move fits)."""
    words = typed_words(text)
    if not words:
        return Match()
    scored = []
    for m in moves:
        fields = [(" ".join(typed_words(f.text)), f.number) for f in move_fields(m)]
        fields = [f for f in fields if f[0]]  # (an empty list: nothing to type)
        if " ".join(words) == " ".join(f for f, _ in fields):
            return Match(m)
        found = _align(words, fields)
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
            if len(hits) == 1:
                out.append(hits[0])
                i, done = k, True
                break
        if not done:
            out.append(words[i])
            i += 1
    return " ".join(out)
