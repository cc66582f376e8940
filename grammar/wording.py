"""Small helpers for writing messages in English: lists of words, articles, suggestions, short source text.

Every phase that talks to a person (diagnostics, the checker's hints, the engine's refusals) uses these, so
the same thing is always said the same way.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from typing import Iterable, Iterator

from . import nodes as N

# characters a reader cannot see, that change what is seen around them: the marks and overrides that reorder a
# text (U+061C, U+200E-F, U+202A-E, U+2066-9), zero-width ones (U+200B-D, U+2060-4, U+FEFF), the line and
# paragraph separators (U+2028-9) and the deprecated format characters (U+206A-F)
INVISIBLE = "\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
# what must never reach a terminal raw: control characters (but for a tab, when asked), lone surrogates, and
# the invisible characters above
_UNPRINTABLE = re.compile(f"[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff{INVISIBLE}]")
# what a text of a rules, data, save or position file may not hold (E008): the same, tabs too
UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f\ud800-\udfff{INVISIBLE}]")
_UNPRINTABLE_TAB = re.compile("[\x09]")


def printable(text: str, tabs: bool = False) -> str:
    """`text` safe for a terminal: every control character written as an escape (`\\x1b`); tabs kept when
    `tabs` (a source line, expanded by whoever shows it)."""
    out = _UNPRINTABLE.sub(lambda m: ascii(m.group())[1:-1], str(text))
    return out if tabs else _UNPRINTABLE_TAB.sub(lambda m: "\\t", out)


# characters of a name from a file that a message quotes (a line of a hand file may be 100,000 long)
QUOTED = 60


def quoted_short(text) -> str:
    """A name from a file as a message quotes it: its first characters, `...` where it is cut."""
    text = str(text)
    return text if len(text) <= QUOTED else text[:QUOTED - 3] + "..."


def words(items: Iterable[str], conj: str = "or") -> str:
    """`a, b or c`."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def a(word: str) -> str:
    """`an int`, `a space`; `anything` for any."""
    if word in ("any", "none"):
        return "anything" if word == "any" else "none"
    return ("an " if word[:1] in "aeiou" else "a ") + word


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def plural_of(name: str) -> str:
    """The plural of a name from a rules file: `stones`, `boxes`, `ponies`; a name that ends in s (a board's,
    such as `cells`) is taken as plural already."""
    if name.endswith("s"):
        return name
    if name.endswith(("x", "z", "ch", "sh")):
        return name + "es"
    if name.endswith("y") and name[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return name[:-1] + "ies"
    return name + "s"


def player_count(lo: int, hi: int) -> str:
    """`2 players`, `2-4 players`."""
    if lo == hi:
        return f"{lo} player" + ("" if lo == 1 else "s")
    return f"{lo}-{hi} players"


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """` (did you mean 'x'?)` or the empty string."""
    close = closest(name, candidates)
    return f" (did you mean '{close}'?)" if close else ""


# how many more comparisons of names the searches for the nearest name may make (None: no bound): a check sets it
# (limited_suggestions), since a file may hold thousands of unknown names and thousands of declared ones
_suggestions_left: ContextVar[int | None] = ContextVar("suggestions_left", default=None)
_LONGEST_SEARCHED = 100  # a longer name is no typo of a declared one


@contextmanager
def limited_suggestions(count: int) -> Iterator[None]:
    """Within: the searches for the nearest name compare at most `count` names in all; past that, none is
    suggested."""
    token = _suggestions_left.set(count)
    try:
        yield
    finally:
        _suggestions_left.reset(token)


def may_suggest() -> bool:
    """Is a search for the nearest name still allowed (see limited_suggestions)? Where gathering the names to
    search is work of its own."""
    left = _suggestions_left.get()
    return left is None or left > 0


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The declared name nearest `name`, if one is near enough to be what was meant."""
    if len(name) > _LONGEST_SEARCHED:
        return None
    left = _suggestions_left.get()
    if left is not None and left <= 0:
        return None
    import difflib  # (imported where it is used: only a name that is not known needs it)
    # difflib.get_close_matches(name, names, n=1, cutoff=0.6), its work counted as it goes: a name looked at is
    # one, a close look (the ratio, quadratic in the lengths) is ten
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(name)
    best, best_ratio, spent = None, 0.0, 0
    for x in sorted(set(candidates)):
        spent += 1
        matcher.set_seq1(x)
        if matcher.real_quick_ratio() >= 0.6 and matcher.quick_ratio() >= 0.6:
            spent += 10
            ratio = matcher.ratio()
            if ratio >= 0.6 and (ratio > best_ratio or ratio == best_ratio and best is not None and x > best):
                best, best_ratio = x, ratio
        if left is not None and spent > left:
            _suggestions_left.set(0)  # (spent: the searches after this one are not made either)
            return None
    if left is not None:
        _suggestions_left.set(left - spent)
    return best


def listing(one: str, many: str, names: Iterable[str]) -> str:
    """"the game's only phase is 'a'" or "the game's phases are 'a' and 'b'"."""
    quoted = [f"'{n}'" for n in names]
    if len(quoted) == 1:
        return f"the game's only {one} is {quoted[0]}"
    return f"the game's {many} are {words(quoted, 'and')}"


def number_text(v: Fraction) -> str:
    """A fraction as a person writes it: 7.5 when it has a short decimal form, else 1/3."""
    d = v.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    places = max(twos, fives)
    if v.denominator == 1:
        return str(v.numerator)
    if d == 1 and places <= 6:
        sign = "-" if v < 0 else ""
        scaled = abs(v.numerator) * (10 ** places // v.denominator)
        whole, part = divmod(scaled, 10 ** places)
        return f"{sign}{whole}.{part:0{places}d}"
    return f"{v.numerator}/{v.denominator}"


def short_text(node) -> str:
    """Short Mire text of a simple expression, for hints: `mover.hand`, `top(c)`; `...` otherwise."""
    if isinstance(node, N.Name):
        return node.id
    if isinstance(node, N.Attr):
        return f"{short_text(node.obj)}.{node.name}"
    if isinstance(node, N.Num):
        return str(node.value) if isinstance(node.value, int) else number_text(node.value)
    if isinstance(node, N.Call):
        return f"{node.func}({', '.join(short_text(x) for x in node.args)})"
    return "..."
