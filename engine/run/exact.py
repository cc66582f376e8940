"""Exact numbers as Mire holds them (an int when whole, else a Fraction), the size a rule may make one, and
what working with long fractions costs in steps."""
from __future__ import annotations

from fractions import Fraction

from ...grammar.limits import MAX_INT_DIGITS, MAX_LENGTH
from .runtime import RuleError

_MAX_INT_BITS = int(MAX_INT_DIGITS * 3.33)


def whole(v):
    """An exact number as Mire holds it: an int when it is whole (15/2 stays a fraction, 4/2 is 2)."""
    if type(v) is Fraction and v.denominator == 1:
        return int(v)
    return v


def sized(v, where=None):
    """`v`, unless it is a number, a text or a list larger than a rule may make (RuleError)."""
    if type(v) is int:
        if v.bit_length() > _MAX_INT_BITS:
            raise RuleError(f"a number grew past {MAX_INT_DIGITS} digits", where)
    elif type(v) is Fraction:
        if v.numerator.bit_length() > _MAX_INT_BITS or v.denominator.bit_length() > _MAX_INT_BITS:
            raise RuleError(f"a fraction grew past {MAX_INT_DIGITS} digits", where)
        return whole(v)
    elif type(v) in (list, str) and len(v) > MAX_LENGTH:
        what = "text" if type(v) is str else "list"
        raise RuleError(f"a {what} grew past {MAX_LENGTH} {'characters' if what == 'text' else 'items'}", where)
    return v


def fraction_steps(x) -> int:
    """The steps one comparison, sum or hash of `x` costs. Python does these for a fraction in Python, with
    products or a gcd of its parts: each is about a step for parts of up to 256 bits, and grows with the square
    of their length (measured: a comparison of fractions of 1,000 digits takes as long as some 100 steps)."""
    if x.__class__ is not Fraction:
        return 1
    bits = max(x.numerator.bit_length(), x.denominator.bit_length())
    return 1 + (bits * bits >> 16)


def numbers_steps(xs) -> int:
    """The steps of one comparison (or sum, or hash) of each of `xs`: len(xs) unless it holds long fractions."""
    if Fraction not in set(map(type, xs)):
        return len(xs)
    return sum(map(fraction_steps, xs))
