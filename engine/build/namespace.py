"""Everything the Python built from a game's rules may name, declared in one place.

The compiler (expressions.py) writes each rule as Python source over `S` (the State) and `L` (the rule's local
slots); that source is evaluated in a copy of `NAMESPACE`, with nothing else but the values the compiler puts
there for one game (its closures of defs, its actions). Python's own builtins are cut down to the few listed
in `__builtins__`. Helpers here take None where a rule may give none, and raise RuleError, never a Python
error, for a value a rule cannot use.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import takewhile
from typing import Any, Callable

from ...grammar.limits import MAX_LIST_DEPTH, MAX_LOOP_STEPS
from ...grammar.types import ANY, COMMON_ATTRS, DIRECTION_SETS, INT, NUMBER
from ...grammar.wording import a
from ..run.exact import sized
from ..run.kinds import kind_of, runtime_type
from ..run.library import BUILTINS, PRINTED, among, items_of, same_value, sort_steps, unsortable
from ..run.list_depth import nested
from ..run.topology import open_step
from ..run.turning import move_at_once, rotate_block
from ..run.moves import Move, keep_move
from ..run.operators import (
    concat,
    divide,
    exact_value,
    floor_divide,
    leap,
    less_than,
    modulo,
    offset,
    vector_add,
    vector_mul,
    vector_neg,
    vector_sub,
    without,
)
from ..run.repetition import part_repetitions
from ..run.runtime import (
    DIRS,
    Dir,
    GameOver,
    Offset,
    Piece,
    Player,
    RuleError,
    Space,
    Unmet,
    Write,
    Zone,
    shown_text,
    value_text,
)
from ..run.untyped import conforming, untyped_neg, untyped_op, untyped_order, untyped_truth
from ..run.watching import known
from ..run.witness import mark, witness_group, witness_region, witnessed


class _Nothing:
    """Stands for none where built code reads a value that may be none once: `(x or _NOTHING).y` is None when
    x is none, and evaluates x once without a call (spaces, pieces, zones, players and directions are true).
    The compiler writes it only for the attributes a rule may read of a value of a known kind."""
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


def _kept_def(S, p, key, fn):
    """fn(S, [p]), a def of piece p that reads only its place, owner and attributes (kept_defs): kept on the
    piece, and read back while it lies in the same place with the same owner."""
    if p is None:
        return fn(S, [p])
    kept = p.kept
    if kept is None:
        kept = p.kept = {}
    else:
        found = kept.get(key)
        if found is not None and found[0] is p.loc and found[1] is p.owner:
            return found[2]
    value = fn(S, [p])
    kept[key] = (p.loc, p.owner, value)
    return value


def _board_of(s):
    return None if s is None else s.board.name


def _step(s, d):
    return None if s is None or d is None else open_step(s, d.i)


def _on_board(v, name):
    return v is not None and getattr(v, "is_space", False) and v.board.name == name


def _in_pieces(container, v):
    """`v in PLACE`: a place holds pieces alone, and a piece lies where its `loc` says, so nothing is walked (a
    place of ten thousand pieces, asked about in a loop, would take minutes)."""
    return container is not None and v.__class__ is Piece and v.loc is container


def _opponent(S):
    return S.players[1 - S.turn_player.index] if S.n == 2 else S.next_player(S.turn_player)


def _kind(S, name, where=None):
    """The pieces of a kind in play: every piece of the kind is looked at, and counted as a step."""
    box = S.box
    pieces = S.kind_pieces.get(name, ())
    S.spend(len(pieces), where)
    return [p for p in pieces if p.loc is not box]


def _phase_name(S):
    return None if S.phase is None else S.game.phases[S.phase].name


def _space_named(S, label):
    """A space attribute of a piece: its table names the space; the piece keeps the name, the rules read the space."""
    return None if label is None else S.space_by_name.get(label)


def _space_label(S, space):
    """The name a piece's space attribute keeps for a space (a space of a shared board, or none)."""
    if space is None:
        return None
    if S.space_by_name.get(space.name) is not space:
        raise RuleError("a piece's space attribute holds a space of a shared board, and this is not one")
    return space.name


def _prefix(test, items):
    return list(takewhile(test, items))


def _through(test, items):
    """The items up to the first that passes the test, that one included (a ray up to its first blocker)."""
    out = []
    for x in items:
        out.append(x)
        if test(x):
            break
    return out


def _present(items):
    """The items that are something: an action's parameter never takes `none` (edition 3)."""
    return [x for x in items if x is not None]


def _range(S, a, b, where):
    if b - a > MAX_LOOP_STEPS:
        # (its ends are not told: either may be a value the reader of the error may not see; see _index)
        raise RuleError(f"a range (`..`) is longer than {MAX_LOOP_STEPS}", where)
    return list(range(a, b + 1))


def _index(items, i, where):
    if not isinstance(items, list) or type(i) is not int:
        raise RuleError("only a list can be indexed, by a whole number", where)
    if not -len(items) <= i < len(items):
        # (nor the index nor the list's length is told: either may be what the reader of the error may not see, a
        # secret variable or the size of another's hand; the rules line says where)
        raise RuleError("an index is outside its list", where)
    return items[i]


def _checked_call(S, name, where, *args):
    """A builtin called with values the checker could not type: each must be of a kind it accepts."""
    b = BUILTINS[name]
    for i, (value, accepts) in enumerate(zip(args, b.signature.params)):
        if value is None:  # builtins take none where a rule may give it
            continue
        # whether a value is accepted depends on its class (and a list's on its first item's): kept by those
        cls = value.__class__
        key = (name, i, cls, value[0].__class__ if isinstance(value, list) and value else None)
        ok = _ACCEPTED.get(key)
        if ok is None:
            ok = _ACCEPTED[key] = accepts(runtime_type(value))
        if not ok:
            # (what it got is told by its kind, not its value, which may be secret: see _index)
            raise RuleError(f"'{name}' wants {accepts.words} as argument {i + 1}, and got {kind_of(value)}"
                            + (_WHOLE_QUOTIENT if cls is Fraction else ""), where)
    return b.run(S, *args)


_ACCEPTED: dict = {}
# what to do about a fraction where a whole number is wanted, told where a rule meets one
_WHOLE_QUOTIENT = (" (a fraction: `/` divides exactly; `//` gives the whole quotient, and `floor`, `ceil` or `round` "
                   "a whole number)")


def _sorted_by(S, key, items, where):
    """`x in L sorted by KEY`: the items in the order of their keys, the lowest first; equal keys keep their order."""
    keyed = [(key(x), n, x) for n, x in enumerate(items)]
    keys = [k for k, _, _ in keyed]
    if None in keys:
        raise RuleError("an item of the list has no key to be sorted by (none)", where)
    odd = unsortable(keys)
    if odd is not None:
        raise RuleError(f"a list is sorted by numbers or texts, but this is {odd}", where)
    S.spend(sort_steps(keys), where)
    return [x for _, _, x in sorted(keyed, key=lambda t: (t[0], t[1]))]


def _enum_place(v, order, where):
    """The place of an enum's value in its declaration, for `<` with a value the checker could not type: none is
    none (in no order, as a typed comparison takes it); anything but the enum's values is refused."""
    place = order.get(v) if v.__class__ is str else None
    if place is None and v is not None:
        raise RuleError(f"an enum's values are in order among themselves, but this is {kind_of(v)}", where)
    return place


def _range_down(S, a, b, where):
    if a - b > MAX_LOOP_STEPS:
        raise RuleError(f"a range (`downto`) is longer than {MAX_LOOP_STEPS}", where)  # (no ends told: see _range)
    return list(range(a, b - 1, -1))


def _contains(S, collection, v):
    if collection is None:
        return False
    if isinstance(collection, list):
        return among(S, v, collection)
    return collection.pieces is not None and _in_pieces(collection, v)  # (no place: the wrong kind of value)


def _pieces_of(S, items, who):
    S.spend(len(items), None)
    return [p for p in items if p is not None and p.owner is who]


def _spaces_of(S, items, who):
    S.spend(len(items), None)
    return [s for s in items if s.pieces and s.pieces[-1].owner is who]


_UNSET = object()  # a kept value not made yet (engine/hoisting.py)


def _assign(S, p, attr, v, sign, where, declared, types, drawn=False):
    """`x.attr = v` (or += / -=) where the checker could not tell what x is (a proc's untyped parameter): a
    player's declared variable (`declared`: name -> whether it is hidden from some players), or what a piece
    lets a rule change (its `owner`, `up`, `turns`, its kind's mutable attributes); nothing else. `types`: the
    type of each (compiler.assignable_types), which v must fit. `drawn`: v was drawn at random (`random(C)`),
    from S.last_options."""
    if p is None:
        raise RuleError(f"cannot set '{attr}' of none", where)
    if isinstance(p, Player) and attr in declared:
        key, old = attr, p.vars[attr]
    elif isinstance(p, Piece) and attr in _ASSIGNABLE_PIECE_ATTRS:
        key, old = "piece", getattr(p, attr)
    elif isinstance(p, Piece) and attr in p.kind.mutable:
        key, old = p.kind.name, p.attrs[attr]
    else:
        raise RuleError(f"'{attr}' of {kind_of(p)} cannot be set", where)
    v = _changed_by(S, old, v, sign, types.get(key, ANY), attr, where)
    options = S.last_options if drawn else None
    if key == attr:
        S.set_var(p.vars, attr, v)
        if declared[attr]:
            S.note_write(Write(("var", p.index, attr), options))
    elif key == "piece":
        S.set_attr(p, attr, v)
    else:
        S.set_piece_value(p, attr, v, options)


def _changed_by(S, old, v, sign, want, attr, where):
    """The new value of `attr` (of type `want`), set to v (sign 0), or added to or taken from by v."""
    if sign == 0:
        return sized(conforming(S, v, want, f"the new value of '{attr}'", where), where)
    op = "+=" if sign > 0 else "-="
    if not (want.is_list or want in (INT, NUMBER, ANY)):
        raise RuleError(f"`{op}` needs a number or a list, but this is {a(want.show())}", where)
    if isinstance(old, list):
        v = conforming(S, v, want, f"the right side of `{op}`", where)
        return concat(S, old, v, where) if sign > 0 else without(S, old, v, where)
    return untyped_op(S, "+" if sign > 0 else "-", old, v, where)


def _draw_into(S, collection, into):
    """`random(C)` assigned straight to a place some players may not see (`into`, a runtime.Write slot): the
    pick is told where it goes, and the values it came from are kept (S.last_options) for the Write."""
    xs = items_of(collection)
    S.last_options = tuple(xs)
    return S.pick_at_random(xs, into) if xs else None


_ASSIGNABLE_PIECE_ATTRS = {name for name, (_, assignable) in COMMON_ATTRS["piece"].items() if assignable}


def _changed(S, held, at: tuple, op: str, v, where):
    """`held` with the item at the indexes `at` (none: all of it) set to v, or added to or taken from by v: a
    new list, given back to what holds it, so that undo restores the old one."""
    if at and isinstance(v, list):  # (v goes len(at) levels down: lists nest at most so deep)
        nested(S, v, where, MAX_LIST_DEPTH - len(at))
    return _item_changed(S, held, at, op, v, where)


def _item_changed(S, held, at: tuple, op: str, v, where):
    if at:
        i = at[0]
        if not isinstance(held, list) or type(i) is not int:
            raise RuleError("only an item of a list can be set, by a whole number", where)
        if not -len(held) <= i < len(held):
            raise RuleError("an index is outside its list", where)  # (told without values: see _index)
        out = list(held)
        S.spend(len(out), where)
        out[i] = _item_changed(S, held[i], at[1:], op, v, where)
        return out
    if op == "=":
        return v
    if held is None or v is None:
        raise RuleError(f"cannot {'add to' if op == '+=' else 'take from'} none", where)
    return untyped_op(S, "+" if op == "+=" else "-", held, v, where)  # (an item of an untyped list may be anything)


def _player_holding(p, attr, declared, where):
    """The player whose variable `attr` an assignment through an untyped value changes."""
    if not isinstance(p, Player) or attr not in declared:
        raise RuleError(f"'{attr}' of {kind_of(p)} cannot be set", where)
    return p


def _call_proc(S, fn, name, where, args):
    """A proc called for its value (`let n = flood(s)`): its function runs on a frame of its arguments, and what
    its `return` gives is the value."""
    S.enter_call(name, where)
    try:
        return fn(S, args)
    except RecursionError:
        raise S.endless(name, where) from None
    finally:
        S.leave_call()


def _pieces_in(v):
    """What `move` moves: a list of pieces, or one."""
    return list(v) if isinstance(v, list) else (v,)


def _piece_attr(p: Piece, name: str):
    if name == "space":
        return p.space
    if name == "kind":
        return p.kind.name
    if name in ("owner", "up", "turns"):
        return getattr(p, name)
    return p.attrs[name] if name in p.attrs else _NO_SUCH


def _player_attr(p: Player, name: str):
    for table in (p.zones, p.vars):
        if name in table:
            return table[name]
    if name in p.boards:
        return p.boards[name].in_play()
    return {"seat": p.index + 1, "name": p.name}.get(name, _NO_SUCH)


def _space_attr(s: Space, name: str):
    if name == "board":
        return s.board.name
    return getattr(s, name) if name in COMMON_ATTRS["space"] else _NO_SUCH


_NO_SUCH = object()
_ATTRIBUTES: dict[type, Callable[[Any, str], Any]] = {Piece: _piece_attr, Player: _player_attr, Space: _space_attr,
               Zone: lambda z, name: getattr(z, name) if name in COMMON_ATTRS["zone"] else _NO_SUCH,
               Dir: lambda d, name: getattr(d, name) if name in COMMON_ATTRS["dir"] else _NO_SUCH,
               Offset: lambda o, name: getattr(o, name) if name in COMMON_ATTRS["offset"] else _NO_SUCH}


def _dyn(S, obj, name):
    """`x.name` where the checker could not tell what x is (a def's parameter): only the documented
    attributes of the values a rule can hold, never anything else of the objects that carry them."""
    if obj is None:
        return None
    read = _ATTRIBUTES.get(type(obj))
    value = read(obj, name) if read is not None else _NO_SUCH
    if value is _NO_SUCH:
        raise RuleError(f"{kind_of(obj)} has no attribute '{name}'")
    if type(obj) is Piece and name in obj.kind.spaces:
        return _space_named(S, value)
    return value


NAMESPACE: dict = {
    "_ga": _ga, "_space_of": _space_of, "_kind_of": _kind_of, "_kept_def": _kept_def, "_board_of": _board_of,
    "_step": _step, "_items": items_of, "_on_board": _on_board, "_rotate": rotate_block,
    "_move_at_once": move_at_once,
    "_in_pieces": _in_pieces, "_opponent": _opponent, "_kind": _kind, "_prefix": _prefix,
    "_range": _range, "_present": _present, "_part_repetitions": part_repetitions, "_index": _index, "_div": divide, "_floordiv": floor_divide,
    "_mod": modulo, "_exact": exact_value, "_lt": less_than,
    "_contains": _contains, "_same": same_value, "_concat": concat, "_sized": sized, "_pieces_of": _pieces_of,
    "_spaces_of": _spaces_of, "_dyn": _dyn, "_checked_call": _checked_call,
    "_UNSET": _UNSET, "_NOTHING": _Nothing(), "_pieces_in": _pieces_in,
    "_times": range, "_str": str, "_assign": _assign, "_RuleError": RuleError, "_GameOver": GameOver,
    "_RecursionError": RecursionError,
    "_Unmet": Unmet, "_known": known,
    "_W_region": witness_region, "_W_group": witness_group, "_W_mark": mark, "_witnessed": witnessed,
    "_draw_into": _draw_into, "_Write": Write,
    "_Move": Move, "_keep_move": keep_move, "_text": value_text, "_shown": shown_text,
    "_offset": offset, "_leap": leap, "_vadd": vector_add, "_vsub": vector_sub, "_vneg": vector_neg, "_vmul": vector_mul,
    "_through": _through, "_range_down": _range_down, "_without": without, "_sorted_by": _sorted_by,
    "_enum_place": _enum_place,
    "_untyped": untyped_op, "_uorder": untyped_order, "_uneg": untyped_neg, "_utruth": untyped_truth,
    "_conform": conforming,
    "_nested": nested,
    "_changed": _changed, "_call_proc": _call_proc, "_player_holding": _player_holding, "_phase_name": _phase_name,
    "_space_named": _space_named, "_space_label": _space_label,
    "__builtins__": {"len": len, "list": list, "any": any, "all": all, "sum": sum, "zip": zip},
}
NAMESPACE.update({f"_F_{name}": b.run for name, b in BUILTINS.items()})      # builtin functions
NAMESPACE.update({f"_D_{name}": d for name, d in DIRS.items()})             # compass directions
NAMESPACE["_PRINTED"] = PRINTED                                             # what edge() reads
NAMESPACE.update({f"_DS_{name}": tuple(DIRS[n] for n in names) for name, names in DIRECTION_SETS.items()})
