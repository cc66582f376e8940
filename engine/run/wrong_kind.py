"""What a rule did wrong, in a player's or author's words, when Python refused it (a TypeError, say, where a def's
untyped parameter met a builtin): Python's own message names its classes (`'list' and 'int'`) and its internals,
which mean nothing to a reader of the rules and must not reach them. Only the words below are ever written."""
from __future__ import annotations

import re

_KINDS = {"int": "a number", "Fraction": "a number", "float": "a number", "bool": "yes or no", "str": "a text",
          "list": "a list", "SpaceList": "a list", "tuple": "a list", "NoneType": "none", "Space": "a space",
          "AreaSpace": "a space", "Piece": "a piece", "Player": "a player", "Zone": "a zone", "Dir": "a direction",
          "Offset": "an offset"}
_OPERATORS = {"<", ">", "<=", ">=", "+", "-", "*", "/", "%", "//", "**"}

_COMPARED = re.compile(r"'(\S+)' not supported between instances of '(\w+)' and '(\w+)'")
_OPERAND = re.compile(r"unsupported operand type\(s\) for (\S+): '(\w+)' and '(\w+)'")
_UNARY = re.compile(r"bad operand type for unary (\S+): '(\w+)'")
_JOINED = re.compile(r'can only concatenate (\w+) \(not "(\w+)"\) to \w+')
_WALKED = re.compile(r"'(\w+)' object is not iterable")
_INDEXED = re.compile(r"'(\w+)' object is not subscriptable")
_COUNTED = re.compile(r"object of type '(\w+)' has no len\(\)")
_NO_ATTRIBUTE = re.compile(r"'(\w+)' object has no attribute '(\w+)'")
# what the engine reads of a value, by the attribute it asks for: of a collection its pieces, of a piece its
# place, of a space its neighbours
_READS = {"pieces": "went through the items of {}", "loc": "used {} as a piece", "nbr": "used {} as a space",
          "board": "used {} as a space"}
_UNHASHABLE = re.compile(r"unhashable type: '(\w+)'")


def _kind(name: str) -> str:
    return _KINDS.get(name, "a value")


def _op(symbol: str) -> str:
    return f"`{symbol}`" if symbol in _OPERATORS else "an operator"


# Python's message, and what the rules did, from its groups
_SAYINGS = (
    (_COMPARED, lambda op, a, b: f"compared {_kind(a)} with {_kind(b)}"),
    (_OPERAND, lambda op, a, b: f"used {_op(op)} on {_kind(a)} and {_kind(b)}"),
    (_UNARY, lambda op, a: f"used {_op(op)} on {_kind(a)}"),
    (_JOINED, lambda a, b: f"joined {_kind(b)} to {_kind(a)}"),
    (_NO_ATTRIBUTE, lambda a, name: _READS.get(name, "asked {} for what it does not have").format(_kind(a))),
    (_WALKED, lambda a: f"went through the items of {_kind(a)}"),
    (_INDEXED, lambda a: f"read an item of {_kind(a)}"),
    (_COUNTED, lambda a: f"counted the items of {_kind(a)}"),
    (_UNHASHABLE, lambda a: f"used {_kind(a)} where a single value is wanted"),
)


def wrong_kind_words(err: BaseException) -> str:
    """What went wrong, in words a reader of the rules knows (`compared a list with a number`), or "" when
    Python's message is not one of those known here."""
    if isinstance(err, ZeroDivisionError):
        return "divided by zero"
    if isinstance(err, IndexError):
        return "read an item that a list does not have"
    if isinstance(err, KeyError):
        return "looked for something that is not there"
    text = str(err)
    for pattern, saying in _SAYINGS:
        m = pattern.search(text)
        if m:
            return saying(*m.groups())
    return ""


def wrong_kind_message(what: str, err: BaseException) -> str:
    """`what` (`rule 'place' used a value of the wrong kind`), and what went wrong when it is known."""
    words = wrong_kind_words(err)
    return f"{what} ({words})" if words else what
