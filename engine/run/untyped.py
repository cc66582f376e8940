"""The operators on values the checker could not type (a def's parameter called with values of several kinds),
and the check of such a value where it is kept as a declared type.

Python's own operators would format a text (`"%c" % 27` makes a terminal escape), repeat a text or a list
(`"ab" * 100000000`), read a number from a text (`Fraction("1e30000000")`) or compare two lists for as long
as they like. Here each does what the checker allows a typed rule to do, and nothing else: a value of another
kind is a RuleError in the checker's own words.
"""
from __future__ import annotations

from fractions import Fraction

from ...grammar.types import ANY, NONE, Type
from ...grammar.wording import a
from .exact import sized, whole
from .kinds import is_number as _number
from .kinds import kind_of
from .operators import concat, divide, leap, modulo, vector_add, vector_mul, vector_neg, vector_sub, without
from .runtime import Dir, Offset, Piece, Player, RuleError, Space, Zone


def _step(v) -> bool:
    return v.__class__ is Dir or v.__class__ is Offset


def untyped_op(S, op: str, x, y, where):
    """`x OP y` for + - * / %, where the checker could not type x or y."""
    if _number(x) and _number(y):
        if op == "/":
            return divide(x, y, where)
        if op == "%":
            return modulo(x, y, where)
        return sized(whole(x + y if op == "+" else x - y if op == "-" else x * y), where)
    if op in ("+", "-"):
        if _step(y):
            if _step(x):
                return vector_add(x, y) if op == "+" else vector_sub(x, y)
            if x is None or isinstance(x, Space):  # a space and a step: a leap (none off the board)
                return leap(x, y if op == "+" else vector_neg(y))
        if isinstance(x, list) and isinstance(y, list):
            return concat(S, x, y, where) if op == "+" else without(S, x, y, where)
        if op == "+" and x.__class__ is str and y.__class__ is str:
            return concat(S, x, y, where)
    elif op == "*" and (_step(x) and y.__class__ is int or x.__class__ is int and _step(y)):
        return vector_mul(x, y)
    raise RuleError(f"`{op}` works on numbers, but this is {kind_of(y if _number(x) else x)}", where)


def untyped_order(op: str, x, y, where) -> bool:
    """`x OP y` for < > <= >=, where the checker could not type x or y: numbers alone are in an order (with
    none, `<` and `>` are false, as a typed comparison's are)."""
    if _number(x) and _number(y):
        return x < y if op == "<" else x > y if op == ">" else x <= y if op == "<=" else x >= y
    if x is None or y is None:
        return op in ("<=", ">=")
    raise RuleError(f"`{op}` compares numbers, but this is {kind_of(y if _number(x) else x)}", where)


def untyped_truth(v, where) -> bool:
    """A condition (of `if`, `and`, `or`, `not`, a filter) the checker could not type: yes or no, nothing else
    (Python would take a number, a text or a list as one). None is no, as it is where a typed rule reads a bool
    that was given none."""
    if v is True or v is False:
        return v
    if v is None:
        return False
    raise RuleError(f"a condition should be a bool, but this is {kind_of(v)}", where)


def untyped_neg(x, where):
    if _number(x):
        return -x
    if _step(x):
        return vector_neg(x)
    raise RuleError(f"what `-` negates should be a number, but this is {kind_of(x)}", where)


def conforming(S, v, want: Type, what: str, where):
    """`v`, a value the checker could not type, kept where the rules promise `want` (a variable, an attribute):
    a value of another kind is refused, so that a typed rule reading it later meets what its type says."""
    if not _fits(S, v, want):
        raise RuleError(f"{what} should be {a(want.show())}, but this is {kind_of(v)}", where)
    return v


_CLASSES = {"int": (int,), "number": (int, Fraction), "bool": (bool,), "text": (str,), "kind": (str,),
            "phase": (str,), "enum": (str,), "player": (Player,), "zone": (Zone,), "dir": (Dir,),
            "offset": (Dir, Offset)}


def _fits(S, v, want: Type) -> bool:
    if want == ANY:
        return True
    if v is None:
        return NONE.fits(want)
    if want.is_list:
        if not isinstance(v, list):
            return False
        if want.element == ANY:
            return True
        S.spend(len(v), None)
        return all(_fits(S, x, want.element) for x in v)
    if want.base == "space":
        return isinstance(v, Space)
    if want.base == "piece":
        return v.__class__ is Piece and (want.name is None or v.kind.name == want.name)
    return v.__class__ in _CLASSES.get(want.base, ())
