"""Lists inside lists: at most MAX_LIST_DEPTH levels, checked where a rule makes a list that may hold lists, so
that nothing later (a list's text, the view, a comparison, a saved game) recurses deeper than that."""
from __future__ import annotations

from ...grammar.limits import MAX_LIST_DEPTH
from .runtime import RuleError


def nested(S, items: list, where, room: int = MAX_LIST_DEPTH) -> list:
    """`items`, a list just made, unless it holds lists more than `room` levels deep, itself included (then a
    RuleError). Each item of each list looked at is a step; a list met twice is looked at once."""
    _depth(S, items, {}, room, where)
    return items


def _depth(S, v: list, known: dict, room: int, where) -> int:
    d = known.get(id(v))  # (every list looked at is held by `items` while this runs: ids are not reused)
    if d is not None:
        if d > room:
            raise RuleError(f"a list nests more than {MAX_LIST_DEPTH} levels deep", where)
        return d
    if room < 1:
        raise RuleError(f"a list nests more than {MAX_LIST_DEPTH} levels deep", where)
    S.spend(len(v), where)
    d = 1
    for x in v:
        if isinstance(x, list):
            d = max(d, 1 + _depth(S, x, known, room - 1, where))
    known[id(v)] = d
    return d
