"""Static types of Mire values, and the signatures of the builtin names and functions.

Types are short strings: int, bool, text, player, space, piece, zone, dir, any, none,
"list[T]", "enum:NAME" and "piece:KIND". `none` fits every type but int, bool, text and lists.
"""
from __future__ import annotations

SCALARS = ("int", "bool", "text", "player", "space", "piece", "zone", "dir", "any", "none")
NULLABLE_OK = ("player", "space", "piece", "zone", "dir")


def list_of(t: str) -> str:
    return f"list[{t}]"


def is_list(t: str) -> bool:
    return t.startswith("list[")


def elem(t: str) -> str:
    return t[5:-1] if is_list(t) else "any"


def base(t: str) -> str:
    """piece:token -> piece; enum:colour stays."""
    return "piece" if t.startswith("piece:") else t


def fits(actual: str, expected: str) -> bool:
    """Can a value of type `actual` stand where `expected` is wanted?"""
    if actual == expected or "any" in (actual, expected):
        return True
    if actual == "none":
        return base(expected) in NULLABLE_OK or expected.startswith("enum:")
    if expected == "piece" and actual.startswith("piece:"):
        return True
    if actual == "piece" and expected.startswith("piece:"):
        return True
    if is_list(actual) and is_list(expected):
        return fits(elem(actual), elem(expected))
    return False


def join(a: str, b: str) -> str:
    """The type of `x if c else y`, or of a list holding both."""
    if a == b:
        return a
    if a == "none":
        return b
    if b == "none":
        return a
    if base(a) == base(b):
        return base(a)
    if is_list(a) and is_list(b):
        return list_of(join(elem(a), elem(b)))
    return "any"


def show(t: str) -> str:
    if t.startswith("enum:"):
        return t[5:]
    if t.startswith("piece:"):
        return f"piece ({t[6:]})"
    if is_list(t):
        return f"list of {show(elem(t))}"
    return t


DIRECTIONS = {
    # compass directions: (dx, dy) with y growing north
    "north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0),
    "northeast": (1, 1), "northwest": (-1, 1), "southeast": (1, -1), "southwest": (-1, -1),
}
# seat-relative directions, read for a seat that faces north (sits at the south edge)
RELATIVE_DIRECTIONS = {
    "forward": (0, 1), "backward": (0, -1), "right": (1, 0), "left": (-1, 0),
    "forward_right": (1, 1), "forward_left": (-1, 1), "backward_right": (1, -1), "backward_left": (-1, -1),
}
DIRECTION_SETS = {
    "orthogonal": ("north", "east", "south", "west"),
    "diagonal": ("northeast", "southeast", "southwest", "northwest"),
    "all_directions": ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"),
}

# Names every game has. (type, what it is)
BUILTIN_NAMES = {
    "mover": ("player", "the player who is taking the turn"),
    "opponent": ("player", "the other player (two-player games)"),
    "others": ("list[player]", "every player but the mover, in turn order after the mover"),
    "players": ("list[player]", "every player, in turn order from the mover"),
    "supply": ("zone", "where pieces listed in a `pieces` table start"),
    "box": ("zone", "where removed pieces go"),
    "turn": ("int", "the number of the current turn, from 1"),
    "true": ("bool", ""), "false": ("bool", ""), "yes": ("bool", ""), "no": ("bool", ""),
    "none": ("none", "nothing"),
    "winners": ("list[player]", "who has won, or is winning as the game stands (at the end: the winners)"),
}
for _d in DIRECTIONS:
    BUILTIN_NAMES[_d] = ("dir", "a compass direction")
for _d in RELATIVE_DIRECTIONS:
    BUILTIN_NAMES[_d] = ("dir", "a direction relative to the mover's seat")
for _d in DIRECTION_SETS:
    BUILTIN_NAMES[_d] = ("list[dir]", "a set of directions")

# name: (min args, max args, (arg kinds...), result) ; arg kinds are types or the pseudo-types
# "collection" (a list, a zone or a space), "container" (a zone or a space), "number".
BUILTIN_FUNCTIONS = {
    "count": (1, 1, ("collection",), "int"),
    "empty": (1, 1, ("collection",), "bool"),
    "any": (1, 1, ("list[bool]|collection",), "bool"),
    "all": (1, 1, ("list[bool]|collection",), "bool"),
    "sum": (1, 1, ("list[int]",), "int"),
    "min": (1, 2, ("number", "int"), "int"),
    "max": (1, 2, ("number", "int"), "int"),
    "abs": (1, 1, ("int",), "int"),
    "top": (1, 1, ("container",), "piece"),
    "bottom": (1, 1, ("container",), "piece"),
    "first": (1, 1, ("list[any]",), "elem"),
    "last": (1, 1, ("list[any]",), "elem"),
    "random": (1, 1, ("list[any]|collection",), "elem"),
    "owner": (1, 1, ("space|piece",), "player"),
    "in_a_row": (2, 2, ("space", "int"), "bool"),
    "neighbors": (1, 2, ("space", "list[dir]"), "list[space]"),
    "touching": (2, 2, ("space", "list[space]"), "list[space]"),
    "path": (2, 2, ("space", "dir"), "list[space]"),
    "ray": (2, 2, ("space", "dir"), "list[space]"),
    "direction": (2, 2, ("space", "space"), "dir"),
    "row": (2, 2, ("space", "player"), "int"),
    "column": (2, 2, ("space", "player"), "int"),
    "at": (3, 3, ("list[space]", "int", "int"), "space"),
    "next_player": (1, 1, ("player",), "player"),
    "seat": (1, 1, ("int",), "player"),
    "seat_space": (3, 3, ("list[space]", "text", "player"), "space"),
    "edge": (2, 3, ("piece", "dir", "int"), "text"),
    "turned": (2, 2, ("piece", "dir"), "dir"),
    "opposite": (1, 1, ("dir",), "dir"),
    "land": (1, 1, ("text",), "text"),
    "regions": (2, 2, ("list[space]", "text"), "list[list[any]]"),
    "closed": (1, 1, ("list[any]",), "bool"),
    "frontier": (1, 1, ("list[space]",), "list[space]"),
    "group": (1, 2, ("space", "list[dir]"), "list[space]"),
}

# attributes every value of a type has: name -> (type, assignable)
COMMON_ATTRS = {
    "space": {"x": ("int", False), "y": ("int", False), "name": ("text", False), "board": ("text", False),
              "pieces": ("list[piece]", False)},
    "piece": {"owner": ("player", True), "space": ("space", False), "kind": ("text", False),
              "up": ("bool", True), "turns": ("int", True)},
    "player": {"name": ("text", False), "seat": ("int", False)},
    "dir": {"dx": ("int", False), "dy": ("int", False)},
    "zone": {"pieces": ("list[piece]", False), "name": ("text", False)},
}
