"""The kind of a value as a rule holds it, for values the checker could not type: its type, and how the
checker's messages name it (`an int`, `a list of text`, `none`)."""
from __future__ import annotations

from fractions import Fraction

from ...grammar.types import ANY, BOOL, DIR, INT, NONE, NUMBER, OFFSET, PIECE, PLAYER, SPACE, TEXT, ZONE, Type, list_of
from ...grammar.wording import a
from .runtime import AreaSpace, Dir, Offset, Piece, Player, Space, Zone


def runtime_type(v) -> Type:
    """The type of a value as a rule holds it (a list's, by its first item)."""
    if v is None:
        return NONE
    t = _RUNTIME_TYPES.get(type(v))
    if t is not None:
        return t
    if isinstance(v, list):
        return list_of(runtime_type(v[0]) if v else ANY)
    return ANY


_RUNTIME_TYPES = {bool: BOOL, int: INT, Fraction: NUMBER, str: TEXT, Piece: PIECE, Space: SPACE, AreaSpace: SPACE,
                  Zone: ZONE, Player: PLAYER, Dir: DIR, Offset: OFFSET}


def kind_of(v) -> str:
    """A value's kind in the checker's words: `an int`, `a list of text`, `none`."""
    return a(runtime_type(v).show())


def is_number(v) -> bool:
    return v.__class__ is int or v.__class__ is Fraction  # (not a bool, which is no number to a rule)
