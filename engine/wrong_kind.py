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
    m = _COMPARED.search(text)
    if m:
        return f"compared {_kind(m.group(2))} with {_kind(m.group(3))}"
    m = _OPERAND.search(text)
    if m:
        return f"used {_op(m.group(1))} on {_kind(m.group(2))} and {_kind(m.group(3))}"
    m = _UNARY.search(text)
    if m:
        return f"used {_op(m.group(1))} on {_kind(m.group(2))}"
    m = _JOINED.search(text)
    if m:
        return f"joined {_kind(m.group(2))} to {_kind(m.group(1))}"
    m = _NO_ATTRIBUTE.search(text)
    if m:
        return _READS.get(m.group(2), "asked {} for what it does not have").format(_kind(m.group(1)))
    for pattern, doing in ((_WALKED, "went through the items of {}"), (_INDEXED, "read an item of {}"),
                           (_COUNTED, "counted the items of {}"),
                           (_UNHASHABLE, "used {} where a single value is wanted")):
        m = pattern.search(text)
        if m:
            return doing.format(_kind(m.group(1)))
    return ""


def wrong_kind_message(what: str, err: BaseException) -> str:
    """`what` (`rule 'place' used a value of the wrong kind`), and what went wrong when it is known."""
    words = wrong_kind_words(err)
    return f"{what} ({words})" if words else what
