"""Static types of Mire values, the directions of the plane, and the shape of a builtin's signature.

A `Type` is a small frozen value: a scalar (int, bool, text, player, space, piece, zone, dir, any, none), a
list of a type, an enum by name, or the pieces of one kind (`piece (token)`). `none` fits every type but
int, number, bool, text and lists; an int fits where a number (exact, maybe a fraction) is wanted. The
builtins themselves (their signatures, docs and implementations) are
declared in one place, engine/run/library.py, and handed to the checker as a `Library`.
"""
from __future__ import annotations

from typing import Callable, Literal, Mapping, Optional, Union, get_args

import attrs

from .wording import a

# The closed sets of words that say what sort a declaration or an expression is. Each is spelt once, here: a
# field or parameter of one of these types is compared only with its words (mypy, with strict equality,
# refuses `shape == "hex_gird"`), and the tuples beside them are made from them.
BoardShape = Literal["grid", "area", "edges", "corners", "graph", "hex"]
# the outline of a hex board: a rhombus (Hex), a hexagon (Havannah), a triangle (Y)
HexOutline = Literal["rhombus", "hexagon", "triangle"]
# who sees a board's pieces, a zone's or a variable: everyone, its owner alone, nobody
Visibility = Literal["public", "private", "secret"]
# `x in S where C` (those that satisfy C), `while` (the prefix), `until` (the prefix and the first that
# satisfies it), `sorted by` (all, in the order of the key)
FilterMode = Literal["where", "while", "until", "sorted"]
# what a name in an expression refers to (see grammar/symbols.py's Meaning)
MeaningCategory = Literal["local", "var", "const", "board", "zone", "kind", "kind value", "enum", "enum type",
                          "option", "phase", "builtin"]
# what the others learn of an action's moves, as compiled: everything they may see (None), nothing, the action
# alone, or the arguments at these positions
RevealsWord = Literal["nothing", "action"]
Reveals = Union[None, RevealsWord, tuple[int, ...]]
# when a trigger runs
TriggerEvent = Literal["after move", "turn start", "end"]
# what a player with no legal move does (`when stuck: RULE`)
StuckRule = Literal["lose", "win", "draw", "pass", "finish"]

BOARD_SHAPES: tuple[BoardShape, ...] = get_args(BoardShape)
VISIBILITIES: tuple[Visibility, ...] = get_args(Visibility)
MEANINGS: tuple[MeaningCategory, ...] = get_args(MeaningCategory)
REVEALS_WORDS: tuple[RevealsWord, ...] = get_args(RevealsWord)

SCALARS = ("int", "number", "bool", "text", "player", "space", "piece", "zone", "dir", "offset", "kind", "phase",
           "any", "none")
# written in `var x: T`
DECLARABLE = ("int", "number", "bool", "text", "player", "space", "piece", "zone", "dir", "offset", "kind", "phase")
_NULLABLE = ("player", "space", "piece", "zone", "dir", "offset", "kind", "phase")


@attrs.frozen(repr=False)
class Type:
    """`base` is a scalar's name, "list", "enum" or "piece"; `of` a list's element; `name` the enum's or the
    piece kind's name."""
    base: str
    of: Optional["Type"] = None
    name: Optional[str] = None

    # ------------------------------------------------ what it is
    @property
    def is_list(self) -> bool:
        return self.base == "list"

    @property
    def element(self) -> "Type":
        """A list's element type; `any` for anything else."""
        return self.of if self.of is not None else ANY

    @property
    def general(self) -> "Type":
        """`piece (token)` -> piece; every other type is its own general type."""
        return PIECE if self.base == "piece" else self

    @property
    def is_enum(self) -> bool:
        return self.base == "enum"

    @property
    def kind(self) -> Optional[str]:
        """The piece kind of `piece (token)`, else None."""
        return self.name if self.base == "piece" else None

    @property
    def untyped(self) -> bool:
        """`any`, or a list of it at some depth: what the checker could not type, checked as the rules run."""
        t = self
        while t.is_list:
            t = t.element
        return t.base == "any"

    def is_list_of(self, *bases: str) -> bool:
        return self.is_list and self.element.base in bases

    # ------------------------------------------------ relations
    def fits(self, expected: "Type") -> bool:
        """Can a value of this type stand where `expected` is wanted?"""
        if self == expected or ANY in (self, expected):
            return True
        if self == NONE:
            return expected.general.base in _NULLABLE or expected.is_enum
        if self.base == "piece" and expected.base == "piece":
            return self.name is None or expected.name is None
        if self.is_list and expected.is_list:
            return self.element.fits(expected.element)
        if self.base == "dir" and expected.base == "offset":
            return True  # a direction is a step of one: `north` is (0, 1)
        if self.base in ("kind", "phase") and expected.base == "text":
            return True  # a kind or a phase reads as its name: `"a " + p.kind`
        return self.base == "int" and expected.base == "number"  # a whole number is a number

    def join(self, other: "Type") -> "Type":
        """The type of `x if c else y`, or of a list holding both."""
        if self == other:
            return self
        if self == NONE:
            return other
        if other == NONE:
            return self
        if self.general == other.general:
            return self.general
        if self.is_list and other.is_list:
            return list_of(self.element.join(other.element))
        if {self.base, other.base} == {"dir", "offset"}:
            return OFFSET
        if {self.base, other.base} == {"int", "number"}:
            return NUMBER
        return ANY

    # ------------------------------------------------ words
    def show(self) -> str:
        """As a person reads it: `list of space`, `piece (token)`, `colour`."""
        if self.base == "enum":
            return str(self.name)
        if self.base == "piece" and self.name is not None:
            return f"piece ({self.name})"
        if self.is_list:
            return f"list of {self.element.show()}"
        return self.base

    def __repr__(self) -> str:
        return f"Type({self.show()})"


INT, NUMBER, BOOL, TEXT = Type("int"), Type("number"), Type("bool"), Type("text")
PLAYER, SPACE, PIECE, ZONE, DIR = Type("player"), Type("space"), Type("piece"), Type("zone"), Type("dir")
OFFSET = Type("offset")  # a step of (dx, dy) on a board: a leap; a direction is an offset of one step
KIND = Type("kind")  # a kind of piece as a value: `top(s).kind`, `var promoted: kind = queen`
PHASE = Type("phase")  # a phase of the game: its name, or `phase`, the one the game is in
ANY, NONE = Type("any"), Type("none")
SCALAR_TYPES = {t.base: t for t in (INT, NUMBER, BOOL, TEXT, PLAYER, SPACE, PIECE, ZONE, DIR, OFFSET, KIND,
                                    PHASE, ANY, NONE)}


def list_of(t: Type) -> Type:
    return Type("list", of=t)


def enum_type(name: str) -> Type:
    return Type("enum", name=name)


def piece_of(kind: str) -> Type:
    return Type("piece", name=kind)


# ---------------------------------------------------------------- directions

DIRECTIONS = {
    # compass directions: (dx, dy) with y growing north, in clockwise order from north
    "north": (0, 1), "northeast": (1, 1), "east": (1, 0), "southeast": (1, -1),
    "south": (0, -1), "southwest": (-1, -1), "west": (-1, 0), "northwest": (-1, 1),
}
OPPOSITE = {name: next(n for n, v in DIRECTIONS.items() if v == (-dx, -dy)) for name, (dx, dy) in DIRECTIONS.items()}
ORTHOGONAL = ("north", "east", "south", "west")
# seat-relative directions, read for a seat that faces north (sits at the south edge)
RELATIVE_DIRECTIONS = {
    "forward": (0, 1), "backward": (0, -1), "right": (1, 0), "left": (-1, 0),
    "forward_right": (1, 1), "forward_left": (-1, 1), "backward_right": (1, -1), "backward_left": (-1, -1),
}
DIRECTION_SETS = {
    "orthogonal": ORTHOGONAL,
    "diagonal": ("northeast", "southeast", "southwest", "northwest"),
    "all_directions": ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"),
}


# ---------------------------------------------------------------- builtins' signatures

@attrs.frozen
class Accepts:
    """What a builtin's argument may be: a test on its type, with words for signatures and messages."""
    short: str  # in a signature: `count(collection)`
    words: str  # in a message: "wants a collection (a list, a board, a zone or a space)"
    test: Callable[[Type], bool]
    expected: Optional[Type] = None  # the one type it wants, when it is one (for hints)

    def __call__(self, t: Type) -> bool:
        return self.test(t)


def exactly(t: Type, words: Optional[str] = None, short: Optional[str] = None) -> Accepts:
    """An argument of one type (or one that fits it)."""
    return Accepts(short or t.show(), words or a(t.show()),
                   lambda x: x.fits(t) or (t.fits(x) and not _fraction_for_int(x, t)), t)


def _fraction_for_int(given: Type, wanted: Type) -> bool:
    """Whether a number that may be a fraction stands where a whole number is wanted (at any depth of lists): an
    argument that fits the other way round (an offset where a direction is wanted) is taken, but never this one,
    which would quietly find nothing (`at(cells, 7 / 2, 1)`)."""
    while given.is_list and wanted.is_list:
        given, wanted = given.element, wanted.element
    return given == NUMBER and wanted == INT


_COLLECTION_BASES = ("zone", "space", "any")
COLLECTION = Accepts("collection", "a collection (a list, a board, a zone or a space)",
                     lambda t: t.is_list or t.base in _COLLECTION_BASES)
CONTAINER = Accepts("space or zone", "a space or a zone", lambda t: t.base in ("zone", "space", "any", "none"))
NUMBERS = Accepts("number", "a number or a list of numbers",
                  lambda t: t.fits(NUMBER) or (t.is_list and t.element.fits(NUMBER)))
A_NUMBER = Accepts("number", "a number", lambda t: t.fits(NUMBER), NUMBER)
LIST_OF_NUMBERS = Accepts("list of number", "a list of numbers", lambda t: t.fits(list_of(NUMBER)), list_of(NUMBER))
CONDITIONS = Accepts("collection", "a list of conditions or a collection",
                     lambda t: t.fits(list_of(BOOL)) or COLLECTION(t))
ANY_COLLECTION = Accepts("collection", "a list or a collection", lambda t: t.fits(list_of(ANY)) or COLLECTION(t))
SPACE_OR_PIECE = Accepts("space or piece", "a space or a piece", lambda t: t.fits(SPACE) or t.fits(PIECE))
A_LIST = exactly(list_of(ANY), "a list", "list")
SORTABLE = Accepts("list", "a list of numbers or of texts",
                   lambda t: t == ANY or t.is_list and (t.element.fits(NUMBER) or t.element.fits(TEXT)))


ELEMENT = "element"  # a result: the element type of the first argument (`first(list of space)` is a space)
SAME = "same"  # a result: the type of the first argument (`reverse(list of space)` is a list of space)
NUMERIC = "numeric"  # a result: a number when an argument is one (or a list of them), else an int


@attrs.frozen
class Signature:
    """A builtin function as the checker sees it."""
    name: str
    params: tuple[Accepts, ...]
    required: int  # the first `required` parameters must be given, the rest may be left out
    result: Union[Type, str]  # a Type, ELEMENT or SAME
    doc: str
    # the parameters' names in the docs (`S`, `D`): what the doc calls them
    letters: tuple[str, ...] = ()

    def result_for(self, arg_types: list) -> Type:
        if isinstance(self.result, Type):
            return self.result
        if self.result == NUMERIC:
            fraction = any(t.base == "number" or (t.is_list and t.element.base == "number") for t in arg_types)
            return NUMBER if fraction else INT
        t = arg_types[0] if arg_types else ANY
        if self.result == SAME:
            return t if t.is_list else list_of(ANY)
        return t.element if t.is_list else (PIECE if t.base in ("zone", "space") else ANY)

    def text(self) -> str:
        """`in_a_row(space, int)`; optional parameters in brackets."""
        parts = [p.short for p in self.params]
        shown = parts[:self.required] + [f"[{p}]" for p in parts[self.required:]]
        return f"{self.name}({', '.join(shown)})"

    def named_text(self) -> str:
        """`at(BOARD: list of space, X: int, Y: int)`: as `text`, each parameter under the name its doc uses."""
        parts = [f"{letter}: {p.short}" for letter, p in zip(self.letters, self.params)]
        shown = parts[:self.required] + [f"[{p}]" for p in parts[self.required:]]
        return f"{self.name}({', '.join(shown)})"

    def forms(self) -> list[str]:
        """`relative(O)`, `relative(O, P)`: the ways to call it, by the names the docs give its parameters."""
        return [f"{self.name}({', '.join(self.letters[:n])})" for n in range(self.required, len(self.params) + 1)]


@attrs.frozen
class NameInfo:
    """A builtin name (`mover`, `north`) as the checker sees it."""
    type: Type
    doc: str


@attrs.frozen
class Library:
    """The builtin names and functions a game may use, handed to the checker by whoever runs it."""
    functions: Mapping[str, Signature]
    names: Mapping[str, NameInfo]


# attributes every value of a type has: name -> (type, assignable)
COMMON_ATTRS = {
    "space": {"x": (INT, False), "y": (INT, False), "name": (TEXT, False), "board": (TEXT, False),
              "pieces": (list_of(PIECE), False)},
    "piece": {"owner": (PLAYER, True), "space": (SPACE, False), "kind": (KIND, False),
              "up": (BOOL, True), "turns": (INT, True)},
    "player": {"name": (TEXT, False), "seat": (INT, False)},
    "dir": {"dx": (INT, False), "dy": (INT, False)},
    "offset": {"dx": (INT, False), "dy": (INT, False)},
    "zone": {"pieces": (list_of(PIECE), False), "name": (TEXT, False)},
}
