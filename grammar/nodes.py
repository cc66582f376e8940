"""The typed AST of a rules file: frozen, slotted attrs classes, each carrying its source span.

Nodes compare by identity (eq=False) so later phases can key tables by node.
"""
from __future__ import annotations

from typing import Optional

import attrs


@attrs.frozen
class Span:
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


NOWHERE = Span(0, 0, 0, 0)


def node(cls):
    return attrs.frozen(eq=False, repr=True)(cls)


# ---------------------------------------------------------------- expressions

@node
class Num:
    value: int
    span: Span


@node
class Str:
    value: str
    span: Span


@node
class Name:
    id: str
    span: Span


@node
class Attr:
    obj: object
    name: str
    span: Span


@node
class Call:
    func: str
    args: tuple
    span: Span


@node
class BinOp:
    op: str
    left: object
    right: object
    span: Span


@node
class Compare:
    op: str
    left: object
    right: object
    span: Span


@node
class BoolOp:
    op: str  # "and" | "or"
    values: tuple
    span: Span


@node
class Not:
    value: object
    span: Span


@node
class Neg:
    value: object
    span: Span


@node
class Index:
    """`table[i]`: the i-th item of a list, counting from 0."""
    obj: object
    index: object
    span: Span


@node
class Cond:
    then: object
    test: object
    orelse: object
    span: Span


@node
class ListLit:
    items: tuple
    span: Span


@node
class Range:
    low: object
    high: object
    span: Span


@node
class Of:
    """`KIND of PLAYER`, `ZONE of PLAYER`: the things of one owner."""
    what: object
    owner: object
    span: Span


@node
class Filter:
    """`x in S where cond` (every element that satisfies cond) or `x in S while cond` (the prefix)."""
    var: str
    domain: object
    test: object
    mode: str  # "where" | "while"
    span: Span


@node
class CompFor:
    var: str
    domain: object
    test: Optional[object]
    span: Span


@node
class Comprehension:
    element: object
    fors: tuple
    span: Span


# ---------------------------------------------------------------- statements

@node
class Let:
    name: str
    value: object
    span: Span


@node
class Assign:
    target: object
    op: str  # "=" | "+=" | "-="
    value: object
    span: Span


@node
class Place:
    kind: object
    owner: Optional[object]
    where: object
    face: Optional[str]
    span: Span


@node
class Move:
    what: object
    dest: object
    face: Optional[str]
    span: Span


@node
class Remove:
    what: object
    span: Span


@node
class Flip:
    what: object
    face: Optional[str]
    span: Span


@node
class Shuffle:
    what: object
    span: Span


@node
class Require:
    test: object
    message: Optional[str]
    span: Span


@node
class Outcome:
    kind: str  # "win" | "lose" | "draw" | "finish"
    who: Optional[object]
    span: Span


@node
class Enter:
    phase: str
    span: Span


@node
class Again:
    span: Span


@node
class Next:
    who: object
    span: Span


@node
class Log:
    text: str
    span: Span


@node
class Pass:
    span: Span


@node
class ExprStmt:
    call: object
    span: Span


@node
class If:
    branches: tuple  # ((test, body), ...)
    orelse: Optional[tuple]
    span: Span


@node
class For:
    var: str
    domain: object
    test: Optional[object]
    ordered_by: Optional[object]
    body: tuple
    span: Span


@node
class Repeat:
    count: object
    body: tuple
    span: Span


@node
class Choose:
    var: str
    domain: object
    test: Optional[object]
    by: Optional[object]
    body: tuple
    span: Span
    secretly: bool = False  # the others learn what was chosen only from its effects


# ---------------------------------------------------------------- declarations

@node
class Game:
    title: str
    span: Span


@node
class Players:
    low: int
    high: int
    names: tuple
    facing: tuple
    span: Span


@node
class First:
    who: str
    span: Span


@node
class Board:
    name: str
    shape: str  # "grid" | "area"
    width: int
    height: int
    at: Optional[tuple]  # (x expr, y expr): where its spaces sit on the shared plane
    labels: Optional[str]
    per_player: bool
    span: Span


@node
class Enum:
    name: str
    values: tuple
    span: Span


@node
class AttrDecl:
    name: str
    type: object
    hidden: bool
    span: Span
    key: bool = False  # names the piece in move texts and inputs


@node
class TypeRef:
    name: str
    of: Optional[object]  # element type for lists
    span: Span


@node
class Kind:
    name: str
    attrs: tuple
    span: Span


@node
class Pieces:
    kind: str
    zone: Optional[str]
    each_player: bool
    file: Optional[str]
    header: tuple
    rows: tuple  # tuple of tuples of (value, Span)
    span: Span
    data: Optional[str] = None  # the data file the rows were read from


@node
class Zone:
    name: str
    per_player: bool
    visibility: str
    capacity: Optional[int]
    span: Span


@node
class Var:
    name: str
    type: object
    init: object
    per_player: bool
    span: Span


@node
class Const:
    name: str
    value: object
    span: Span


@node
class Def:
    name: str
    params: tuple
    body: object
    span: Span


@node
class Proc:
    name: str
    params: tuple
    body: tuple
    span: Span


@node
class Setup:
    body: tuple
    span: Span


@node
class Param:
    name: str
    domain: object
    test: Optional[object]
    span: Span


@node
class Action:
    name: str
    params: tuple
    body: tuple
    fallback: bool
    phase: Optional[str]
    span: Span


@node
class Trigger:
    name: str
    event: str  # "after move" | "turn start" | "end"
    body: tuple
    phase: Optional[str]
    span: Span


@node
class Phase:
    name: str
    until: Optional[object]
    items: tuple
    span: Span


@node
class Option:
    name: str
    description: str
    span: Span
    uses: Optional[str] = None  # a variant file that this option switches to


@node
class Show:
    """`show tile as "{edge(it, north)}"`: the label a piece of this kind has on the board."""
    kind: str
    template: str
    span: Span


@node
class Input:
    """`input hand: 14 card from collection`: a per-player zone filled from outside before setup."""
    zone: str
    count: int
    kind: str
    source: str
    span: Span


@node
class Rank:
    keys: tuple
    span: Span


@node
class VariantOf:
    base: str
    span: Span


@node
class ReplaceItem:
    item: object
    span: Span


@node
class RemoveItem:
    kind: str
    name: str
    span: Span


@node
class Module:
    path: str
    items: tuple
    span: Span
