"""Everything the Python built from a game's rules may name, declared in one place.

The compiler (expressions.py) writes each rule as Python source over `S` (the State) and `L` (the rule's local
slots); that source is evaluated in a copy of `NAMESPACE`, with nothing else but the values the compiler puts
there for one game (its closures of defs, its actions). Python's own builtins are cut down to the few listed
in `__builtins__`. Helpers here take None where a rule may give none, and raise RuleError, never a Python
error, for a value a rule cannot use.
"""
from __future__ import annotations

from itertools import takewhile

from ..grammar.types import DIRECTION_SETS
from .library import BUILTINS, items_of
from .limits import MAX_LOOP_STEPS
from .moves import Move, keep_move
from .runtime import DIRS, GameOver, Piece, RuleError, value_text


class _Nothing:
    """Stands for none where built code reads a value that may be none once: `(x or _NOTHING).y` is None when
    x is none, and evaluates x once without a call (spaces, pieces, zones, players and directions are true)."""
    __slots__ = ()
    pieces = ()
    nbr = (None,) * 8
    attrs: dict = {}

    def __getattr__(self, name):
        return None


def _ga(o, name):
    return None if o is None else getattr(o, name)


def _space_of(p):
    return None if p is None or p.loc is None or not p.loc.is_space else p.loc


def _kind_of(p):
    return None if p is None else p.kind.name


def _board_of(s):
    return None if s is None else s.board.name


def _step(s, d):
    return None if s is None or d is None else s.nbr[d.i]


def _on_board(v, name):
    return v is not None and getattr(v, "is_space", False) and v.board.name == name


def _in_pieces(container, v):
    return container is not None and v in container.pieces


def _opponent(S):
    return S.players[1 - S.turn_player.index] if S.n == 2 else S.next_player(S.turn_player)


def _kind(S, name):
    box = S.box
    return [p for p in S.kind_pieces[name] if p.loc is not box]


def _prefix(test, items):
    return list(takewhile(test, items))


def _guard(S, items, where):
    """A comprehension's loops count against the move's step budget."""
    S.spend(len(items), where)
    return items


def _range(S, a, b, where):
    if b - a > MAX_LOOP_STEPS:
        raise RuleError(f"the range {a}..{b} is longer than {MAX_LOOP_STEPS}", where)
    return list(range(a, b + 1))


def _index(items, i, where):
    if items is None or i is None or not -len(items) <= i < len(items):
        raise RuleError(f"index {i} is outside a list of {0 if items is None else len(items)}", where)
    return items[i]


def _div(a, b):
    if b == 0:
        raise RuleError("division by zero")
    return a // b


def _mod(a, b):
    if b == 0:
        raise RuleError("division by zero")
    return a % b


def _lt(a, b):
    if a is None or b is None:
        return False
    return a < b


def _add(S, a, b):
    """`+` on values the checker could not type (a def's parameters)."""
    if hasattr(b, "dx"):  # a space plus a direction (none off the board)
        return None if a is None else a.nbr[b.i]
    if a is None or b is None:
        raise RuleError("cannot add none")
    return a + b


def _contains(collection, v):
    if collection is None:
        return False
    if isinstance(collection, list):
        return v in collection
    return v in collection.pieces


def _pieces_of(items, who):
    return [p for p in items if p is not None and p.owner is who]


def _spaces_of(items, who):
    return [s for s in items if s.pieces and s.pieces[-1].owner is who]


_UNSET = object()  # a kept value not made yet (engine/hoisting.py)


def _keep(holder, make):
    """Make a kept value where it is first needed."""
    value = holder[0] = make()
    return value


def _pieces_in(v):
    """What `move` moves: a list of pieces, or one."""
    return list(v) if isinstance(v, list) else (v,)


def _removed(v):
    """What `remove` removes: a piece, a list of pieces, or the pieces of a zone or space."""
    if isinstance(v, Piece):
        return (v,)
    return list(v) if isinstance(v, list) else list(v.pieces)


def _dyn(S, obj, name):
    """`x.name` where the checker could not tell what x is."""
    if obj is None:
        return None
    if isinstance(obj, Piece):
        if name == "space":
            return obj.space
        if name in ("owner", "up"):
            return getattr(obj, name)
        if name == "kind":
            return obj.kind.name
        return obj.attrs.get(name)
    if hasattr(obj, "vars") and hasattr(obj, "zones"):
        if name in obj.boards:
            return obj.boards[name].in_play()
        if name in obj.zones:
            return obj.zones[name]
        if name in obj.vars:
            return obj.vars[name]
        if name == "seat":
            return obj.index + 1
    if hasattr(obj, "nbr") and name == "board":
        return obj.board.name
    return getattr(obj, name, None)


NAMESPACE: dict = {
    "_ga": _ga, "_space_of": _space_of, "_kind_of": _kind_of, "_board_of": _board_of,
    "_step": _step, "_items": items_of, "_on_board": _on_board,
    "_in_pieces": _in_pieces, "_opponent": _opponent, "_kind": _kind, "_prefix": _prefix, "_guard": _guard,
    "_range": _range, "_index": _index, "_div": _div, "_mod": _mod, "_lt": _lt, "_add": _add,
    "_contains": _contains, "_pieces_of": _pieces_of, "_spaces_of": _spaces_of, "_dyn": _dyn,
    "_UNSET": _UNSET, "_keep": _keep, "_NOTHING": _Nothing(), "_pieces_in": _pieces_in, "_removed": _removed,
    "_times": range,
    "_RuleError": RuleError, "_GameOver": GameOver,
    "_Move": Move, "_keep_move": keep_move, "_text": value_text,
    "__builtins__": {"len": len, "list": list, "any": any, "all": all, "sum": sum, "zip": zip},
}
NAMESPACE.update({f"_F_{name}": b.run for name, b in BUILTINS.items()})      # builtin functions
NAMESPACE.update({f"_D_{name}": d for name, d in DIRS.items()})             # compass directions
NAMESPACE.update({f"_DS_{name}": tuple(DIRS[n] for n in names) for name, names in DIRECTION_SETS.items()})
