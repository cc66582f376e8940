"""What the operators of rules do where the compiler writes a call rather than Python's own operator: exact
numbers of a bounded size, steps on the grid (offsets), lists joined and taken from.

Every helper takes None where a rule may give none, and raises RuleError, never a Python error, for a value a
rule cannot use.
"""
from __future__ import annotations

from fractions import Fraction

from .exact import numbers_steps, sized, whole
from .kinds import kind_of
from .library import among
from .runtime import Offset, RuleError
from .topology import open_step

# ---------------------------------------------------------------- numbers

def divide(a, b, where=None):
    """`/` divides exactly: 7 / 2 is 7.5 (a fraction), 6 / 2 is 3."""
    if a.__class__ not in _NUMBERS or b.__class__ not in _NUMBERS:  # (Fraction() would read a number from a text)
        raise RuleError(f"`/` works on numbers, but this is {kind_of(b if a.__class__ in _NUMBERS else a)}", where)
    if b == 0:
        raise RuleError("division by zero", where)
    return sized(whole(Fraction(a) / b), where)


def modulo(a, b, where=None):
    if a.__class__ not in _NUMBERS or b.__class__ not in _NUMBERS:  # (`%` would format a text)
        raise RuleError(f"`%` works on numbers, but this is {kind_of(b if a.__class__ in _NUMBERS else a)}", where)
    if b == 0:
        raise RuleError("division by zero", where)
    return whole(a % b)


def floor_divide(a, b, where=None):
    """`//` gives the whole quotient, rounded down: 7 // 2 is 3, -7 // 2 is -4, 7.5 // 2 is 3."""
    if a.__class__ not in _NUMBERS or b.__class__ not in _NUMBERS:
        raise RuleError(f"`//` works on numbers, but this is {kind_of(b if a.__class__ in _NUMBERS else a)}", where)
    if b == 0:
        raise RuleError("division by zero", where)
    return int(a // b)


_NUMBERS = (int, Fraction)  # (not bool: no number to a rule)


def exact_value(v):
    """The result of arithmetic on numbers that may be fractions: whole when it is, and of a bounded size."""
    return sized(whole(v))


def less_than(a, b):
    if a is None or b is None:
        return False
    return a < b


# ---------------------------------------------------------------- steps on the grid

def offset(dx, dy):
    if type(dx) is not int or type(dy) is not int:
        odd = dx if type(dx) is not int else dy
        raise RuleError(f"an offset is two whole numbers, but this is {kind_of(odd)}")  # (a kind, never a value)
    return Offset(sized(dx), sized(dy))


def leap(s, o):
    """The space `o` away from s on its board (dx columns east, dy rows north), or none."""
    if s is None or o is None:
        return None
    i = getattr(o, "i", None)
    if i is not None:
        return s.nbr[i] if s.walls is None else open_step(s, i)
    return s.board.by_xy.get((s.x + o.dx, s.y + o.dy))


def vector_add(a, b):
    return None if a is None or b is None else offset(a.dx + b.dx, a.dy + b.dy)


def vector_sub(a, b):
    return None if a is None or b is None else offset(a.dx - b.dx, a.dy - b.dy)


def vector_neg(a):
    return None if a is None else offset(-a.dx, -a.dy)


def vector_mul(a, n):
    """An offset (or a direction) taken n times: `north * 2` is (0, 2)."""
    if a is None or n is None:
        return None
    if type(a) is int:
        a, n = n, a
    if type(n) is not int:  # (a text or a list would be repeated: never)
        raise RuleError(f"a step is taken a whole number of times, but this is {kind_of(n)}")
    return offset(a.dx * n, a.dy * n)


# ---------------------------------------------------------------- lists and texts

def concat(S, a, b, where):
    """Lists or texts joined with `+`: what it makes counts against the move's budget."""
    out = a + b
    S.spend(len(out), where)
    return sized(out, where)


def without(S, a, b, where=None):
    """The items of list a that are not in list b (`A - B`), in a's order."""
    if a is None or b is None:
        raise RuleError("cannot take a list from none, or none from a list", where)
    S.spend(numbers_steps(a) + numbers_steps(b), where)  # (each item hashed: a long fraction costs more)
    try:
        drop = set(b)
    except TypeError:  # lists of lists: compared one by one, each comparison counted
        return [x for x in a if not among(S, x, b)]
    return [x for x in a if x not in drop]
