"""Hints for type errors: given what a place wanted and what it got, the likely fix in the author's words."""
from __future__ import annotations

from typing import Optional

from . import nodes as N
from .types import ANY, BOOL, INT, NONE, NUMBER, PLAYER, SPACE, TEXT, Type, list_of
from .wording import short_text


def type_hint(actual: Type, want: Optional[Type], node=None) -> Optional[str]:
    if want is None:
        return None
    x = short_text(node) if node is not None else "..."
    actual_b, want_b = actual.general.base, want.general.base
    if want == BOOL and actual.is_list:
        return f"a list is not a condition: ask `any({x})`, `all({x})`, `empty({x})` or `count({x}) > 0`"
    if want == BOOL and actual.base in ("space", "zone"):
        return f"to ask whether it holds anything write `empty({x})` or `not empty({x})`"
    if want == BOOL and actual == INT:
        return f"a number is not a condition: compare it, such as `{x} > 0`"
    if want == INT:
        return _whole_number_hint(actual, node, x)
    if want_b == "piece" and actual.base in ("space", "zone"):
        return f"the piece on top of a stack is `top({x})`"
    if want == PLAYER and actual_b in ("space", "piece"):
        return f"the player who owns it is `owner({x})`"
    if want == PLAYER and actual == list_of(PLAYER):
        return f"this is a list of players; pick one, such as `first({x})`"
    if want == SPACE and actual_b == "piece":
        return f"the space a piece is on is `{x}.space`"
    if want.is_list and want.element != ANY and not actual.is_list and actual not in (ANY, NONE) \
            and actual.fits(want.element):
        return f"for the one {actual.show()} write a list: `[{x}]`"
    if want.is_enum and actual.is_enum:
        return f"a {want.name} and a {actual.name} are different enums"
    return None


def _whole_number_hint(actual: Type, node, x: str) -> Optional[str]:
    """What to do with a value where a whole number is wanted."""
    if actual == NUMBER and isinstance(node, N.Num):
        return "this is not a whole number: declare what holds it as a `number` (`var x: number = 0`)"
    if actual == NUMBER and isinstance(node, N.BinOp) and node.op == "/":
        return (f"`/` divides exactly, so this may be a fraction: for the whole quotient, rounded down, write "
                f"`{short_text(node.left)} // {short_text(node.right)}`; or round it with `floor`, `ceil` or "
                f"`round`, or hold it in a `number`")
    if actual == NUMBER and isinstance(node, N.BinOp) and _divides(node):
        return ("`/` divides exactly, so this may be a fraction: for a whole quotient, rounded down, write `//` "
                "instead of `/`; or round it with `floor(...)`, `ceil(...)` or `round(...)`, or hold it in a "
                "`number`")
    if actual == NUMBER:
        return (f"this number may be a fraction (`/` divides exactly): round it with `floor({x})`, `ceil({x})` or "
                f"`round({x})`, or hold it in a `number`")
    if actual == BOOL:
        return "yes/no is not a number; to count a condition write `1 if CONDITION else 0`"
    if actual == TEXT:
        return "text is not a number: write the number without quotes"
    if actual == NONE:
        return "none is not a number; start counts at 0"
    return None


def _divides(node) -> bool:
    """Whether an expression divides with `/` somewhere in its arithmetic (not inside a call)."""
    if isinstance(node, N.BinOp):
        return node.op == "/" or _divides(node.left) or _divides(node.right)
    return isinstance(node, N.Neg) and _divides(node.value)


def binop_hint(e: N.BinOp, lt: Type, rt: Type, t: Type) -> Optional[str]:
    if e.op == "+" and lt.general == SPACE:
        return f"a space plus a direction is the next space that way, such as `{short_text(e.left)} + north`"
    if e.op == "-" and lt.general == SPACE:
        return "to step back from a space add the opposite direction, such as `c + south`"
    if t == TEXT:
        return "text cannot be computed with; to show values in a message write `log \"... {x} ...\"`"
    if e.op == "+" and (lt.is_list or rt.is_list):
        return "lists join with `+` only with lists: to add one value write `LIST + [value]`"
    return type_hint(t, INT, e.left if t == lt else e.right)


def compare_hint(e: N.Compare, lt: Type, rt: Type) -> str:
    pair = {lt.general.base, rt.general.base}
    if pair == {"space", "int"}:
        side = e.left if lt.general == SPACE else e.right
        return f"compare the space's coordinates, such as `{short_text(side)}.x == 2`, or compare it with another space"
    if pair == {"piece", "space"}:
        return "the space a piece is on is `p.space`; the piece on top of a space is `top(c)`"
    if pair == {"player", "space"} or pair == {"player", "piece"}:
        side = e.left if lt.general != PLAYER else e.right
        return f"the player who owns it is `owner({short_text(side)})`"
    if lt.is_enum and rt.is_enum:
        return f"a {lt.name} and a {rt.name} are values of different enums"
    if "text" in pair and (lt.is_enum or rt.is_enum):
        quoted = next((x.value for x in (e.left, e.right) if isinstance(x, N.Str)), None)
        return "enum values are names, written without quotes" + (f": `{quoted}`" if quoted else "")
    if lt.general.base == "piece" and rt.is_list or rt.general.base == "piece" and lt.is_list:
        return "to ask whether a piece is one of a list write `x in LIST`"
    return "compare values of the same type"


def piece_hint(t: Type, verb: str, node) -> Optional[str]:
    rest = " to ..." if verb == "move" else ""
    if t == SPACE:
        return f"to {verb} the piece on a space write `{verb} top({short_text(node)}){rest}`"
    if t.base == "zone":
        return f"to {verb} the top piece of a zone write `{verb} top({short_text(node)}){rest}`"
    return None


def unknown_name_hint(name: str) -> str:
    if name in ("me", "self", "current", "current_player", "player"):
        return "the player taking the turn is `mover`"
    if name in ("True", "False", "None"):
        return "Mire writes yes/no (or true/false) and none in lower case"
    return "names come from declarations (board, zone, var, const, piece, enum, def) or parameters"


# statements that are sometimes written like function calls: name -> how to write it
STATEMENT_FORMS = {"draw": "draw", "win": "win PLAYER", "lose": "lose PLAYER", "finish": "finish",
                   "place": "place KIND for PLAYER at SPACE", "move": "move PIECE to SPACE",
                   "remove": "remove PIECE", "flip": "flip PIECE", "shuffle": "shuffle ZONE",
                   "enter": "enter PHASE", "next": "next PLAYER", "log": 'log "text"', "again": "again",
                   "pass": "pass"}
