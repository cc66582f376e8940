"""The typed AST of a rules file: frozen, slotted attrs classes, each carrying its source span.

Every node is an `Expr` (it gives a value), a `Stmt` (it does something in a rule) or a `Decl` (a top-level
item of a game); `walk()` visits a whole tree through each node's `children()`, which reads the fields
generically, so a new node class needs no walking code of its own. Fields are keyword-only: a node is always
built by naming its fields. Nodes compare by identity (eq=False) so later phases can key tables by node.
"""
from __future__ import annotations

import sys
import threading
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Optional, Union, cast

import attrs

if TYPE_CHECKING:  # (types.py's module reads nodes through wording.py: its words are for the annotations)
    from .types import BoardShape, FilterMode, HexOutline, StuckRule, TriggerEvent, Visibility

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # the decorator only tells type checkers what `node` does
    def dataclass_transform(**_):
        return lambda f: f


@attrs.frozen
class Span:
    """Where a node was written: its file (as shown to the user) and its first and last positions."""
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"

    def at_start(self, length: int) -> "Span":
        """The first `length` characters of this span, on its first line."""
        return Span(self.file, self.line, self.column, self.line, self.column + length)


def nowhere(file: str = "") -> Span:
    """The span of something that was not written anywhere (a default, a whole file)."""
    return Span(file, 0, 0, 0, 0)


@dataclass_transform(frozen_default=True, kw_only_default=True, eq_default=False, field_specifiers=(attrs.field,))
def node(cls):
    """A node class: frozen, slotted, compared by identity, built with keyword arguments. Its repr is
    `Node.__repr__` (the text attrs would give), not one attrs writes and compiles for each class: that was a
    third of the time it took to import this module, which every `mire check` pays."""
    return attrs.frozen(eq=False, kw_only=True, repr=False)(cls)


@node
class Node:
    span: Span
    __attrs_attrs__: ClassVar[Any]  # what attrs gives every node class (for type checkers)

    def evolve(self, **changes):
        """A copy of this node with some fields changed."""
        return attrs.evolve(cast(Any, self), **changes)

    def __repr__(self) -> str:
        """`Call(span=Span(...), func='max', args=(...))`, as attrs writes it; `...` for a node inside itself."""
        shown = _REPRING.__dict__.setdefault("ids", set())
        if id(self) in shown:
            return "..."
        shown.add(id(self))
        try:
            fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _field_names(type(self)))
            return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({fields})"
        finally:
            shown.discard(id(self))

    def children(self) -> list["Node"]:
        """The nodes directly inside this one, in field order."""
        names = _CHILD_FIELDS.get(type(self))
        if names is None:  # (worked out once per class: the checker and compiler walk trees many times)
            names = _CHILD_FIELDS[type(self)] = tuple(f.name for f in attrs.fields(type(self)) if f.name != "span")
        out: list = []
        for name in names:
            _add_nodes(getattr(self, name), out)
        return out


_CHILD_FIELDS: dict = {}
_FIELD_NAMES: dict = {}
_REPRING = threading.local()  # the nodes whose repr is being written, in this thread


def _field_names(cls) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in attrs.fields(cls))
    return names


def _add_nodes(value, out: list) -> None:
    if isinstance(value, Node):
        out.append(value)
    elif isinstance(value, tuple):
        for item in value:
            _add_nodes(item, out)


def walk(root) -> Iterator[Node]:
    """Every node of a tree (or of a tuple of trees), parents before their children."""
    todo: list = []
    _add_nodes(root, todo)
    todo.reverse()
    while todo:
        n = todo.pop()
        yield n
        kids = n.children()
        kids.reverse()
        todo.extend(kids)


@node
class Expr(Node):
    """An expression: it gives a value."""


@node
class Stmt(Node):
    """A statement of a rule's body: it does something."""


@node
class Decl(Node):
    """A top-level item of a game."""


# ---------------------------------------------------------------- expressions

@node
class Num(Expr):
    value: Union[int, Fraction]  # `7.5` is the exact Fraction(15, 2)


@node
class Str(Expr):
    value: str


@node
class Name(Expr):
    id: str


@node
class Attr(Expr):
    obj: Expr
    name: str

    @property
    def name_span(self) -> Span:
        """Where the attribute's name is: the end of the node's span."""
        sp = self.span
        if sp.end_line >= 1 and sp.end_column > len(self.name):
            return Span(sp.file, sp.end_line, sp.end_column - len(self.name), sp.end_line, sp.end_column)
        return sp


@node
class Call(Expr):
    func: str
    args: tuple[Expr, ...]

    @property
    def name_span(self) -> Span:
        return self.span.at_start(len(self.func))


@node
class BinOp(Expr):
    op: str  # + - * / %
    left: Expr
    right: Expr


@node
class Compare(Expr):
    op: str  # == != < > <= >= in, not in
    left: Expr
    right: Expr


@node
class BoolOp(Expr):
    op: str  # "and" | "or"
    values: tuple[Expr, ...]


@node
class Not(Expr):
    value: Expr


@node
class Neg(Expr):
    value: Expr


@node
class Index(Expr):
    """`table[i]`: the i-th item of a list, counting from 0."""
    obj: Expr
    index: Expr


@node
class Cond(Expr):
    then: Expr
    test: Expr
    orelse: Expr


@node
class OffsetLit(Expr):
    """`(dx, dy)`: a step of dx columns east and dy rows north (a leap, `s + (1, 2)`)."""
    dx: Expr
    dy: Expr


@node
class ListLit(Expr):
    items: tuple[Expr, ...]


@node
class Range(Expr):
    low: Expr
    high: Expr
    down: bool = False  # `A downto B`: from A down to B


@node
class Of(Expr):
    """`KIND of PLAYER`, `ZONE of PLAYER`: the things of one owner."""
    what: Expr
    owner: Expr


@node
class Filter(Expr):
    """`x in S where cond` (every element that satisfies cond), `x in S while cond` (the prefix), `x in S until
    cond` (the prefix and the first that satisfies it) or `x in S sorted by key` (all, in the order of the key)."""
    var: str
    domain: Expr
    test: Expr
    mode: FilterMode


@node
class CompFor(Node):
    """One `for x in S where C` of a comprehension."""
    var: str
    domain: Expr
    test: Optional[Expr]


@node
class Comprehension(Expr):
    element: Expr
    fors: tuple[CompFor, ...]


@node
class DefBlock(Expr):
    """The body of a def written as statements (`def f(x):` and a block): its value is what `return` gives."""
    body: tuple["Stmt", ...]


@node
class Hole(Node):
    """`{expression}` inside a template: `source` as written, `expr` None when it cannot be read."""
    source: str
    expr: Optional[Expr]


@node
class Template(Node):
    """A text with `{expressions}` in it: a `log` line, a `show` label, why a move is refused."""
    text: str
    parts: tuple[Union[str, Hole], ...]
    unclosed: Optional[str] = None  # the text from a '{' that is never closed


# ---------------------------------------------------------------- statements

@node
class Let(Stmt):
    name: str
    value: Expr
    type: Optional["TypeRef"] = None  # `let last: space = none`: what the name may hold later


@node
class Assign(Stmt):
    target: Expr  # a Name, an Attr, or an Index of one of them (an item of a list they hold)
    op: str  # "=" | "+=" | "-="
    value: Expr


@node
class Place(Stmt):
    kind: Expr
    owner: Optional[Expr]
    where: Expr
    face: Optional[str]


@node
class Move(Stmt):
    what: Expr
    dest: Expr
    face: Optional[str]


@node
class Remove(Stmt):
    what: Expr


@node
class Flip(Stmt):
    what: Expr
    face: Optional[str]


@node
class Shuffle(Stmt):
    what: Expr


@node
class MoveEach(Stmt):
    var: str
    domain: Expr  # the spaces whose stacks move
    dest: Expr  # where the stack of the space `var` goes, worked out before anything moves


@node
class Rotate(Stmt):
    what: Expr  # a square block of a board's spaces
    turns: Expr  # quarter turns clockwise (negative: counter-clockwise)


@node
class Require(Stmt):
    test: Expr
    message: Optional[Template]


@node
class Ensure(Stmt):
    """`ensure CONDITION [else "..."]`: the move is legal only if CONDITION holds when the effect gets there."""
    test: Expr
    message: Optional[Template]


@node
class Outcome(Stmt):
    kind: str  # "win" | "lose" | "draw" | "finish"
    who: Optional[Expr]
    reason: Optional[Template] = None  # `because "..."`: why, in players' words


@node
class Enter(Stmt):
    phase: str


@node
class Again(Stmt):
    pass


@node
class Next(Stmt):
    who: Expr


@node
class Log(Stmt):
    message: Template
    to: Optional[Expr] = None  # the player, or list of players, who read it (everyone without)


@node
class Pass(Stmt):
    pass


@node
class Return(Stmt):
    """`return VALUE`: the value of a def written as a block, or of a proc; a proc may also just `return`."""
    value: Optional[Expr]


@node
class ExprStmt(Stmt):
    call: Call


Block = tuple[Stmt, ...]


@node
class If(Stmt):
    branches: tuple[tuple[Expr, Block], ...]
    orelse: Optional[Block]


@node
class For(Stmt):
    var: str
    domain: Expr
    test: Optional[Expr]
    ordered_by: Optional[Expr]
    body: Block


@node
class Repeat(Stmt):
    count: Expr
    body: Block


@node
class While(Stmt):
    """`while CONDITION:`: the block runs again as long as the condition holds, looked at before each turn."""
    test: Expr
    body: Block


@node
class Choose(Stmt):
    var: str
    domain: Expr
    test: Optional[Expr]
    by: Optional[Expr]
    body: Block
    secretly: bool = False  # the others learn what was chosen only from its effects
    always: bool = False  # asked even when one value is left (`choose ... always`)
    ask: Optional[Template] = None  # the question put to the chooser, in players' words


@node
class AtOnce(Stmt):
    """`at once each p in PLAYERS [where C]:` over one `choose ... by p`: every player asked decides at the same
    time, none seeing the others' answers; then the choice's block runs for each, in order, with its answer."""
    var: str
    domain: Expr
    test: Optional[Expr]
    body: Block


# ---------------------------------------------------------------- declarations

@node
class Game(Decl):
    title: str


@node
class Players(Decl):
    low: int
    high: int
    names: tuple[str, ...]
    facing: tuple[str, ...]


@node
class First(Decl):
    who: str


@node
class Board(Decl):
    name: str
    shape: BoardShape
    # a grid's size: a number, a constant, a valued option (`grid N x N`), or an expression of them; 0 for the
    # other shapes (the edges and corners of a grid take its size, a graph's points their places)
    width: Expr
    height: Expr
    at: Optional[tuple[Expr, Expr]]  # (x, y) of its spaces on the plane all boards share
    labels: Optional[str]
    per_player: bool
    of: Optional[str] = None  # edges and corners: the grid whose edges or corners they are
    points: tuple["GraphPoint", ...] = ()  # a graph's points, in the order written
    lines: tuple["GraphLine", ...] = ()  # a graph's lines and links
    visibility: Optional[Visibility] = None  # "private": its owner alone sees its pieces; "secret": nobody; None: all
    outline: Optional[HexOutline] = None  # a hex board's outline (its width and height: a hexagon's side twice)
    walls: bool = False  # `walls of GRID`: the edges of a grid whose pieces block the steps across them
    neighbors: Optional[str] = None  # `neighbors all_directions`: the set of directions its spaces step in
    blocks: Optional[tuple[Expr, Expr]] = None  # `blocks 3 x 3`: the grid cut into blocks of that size


@node
class GraphPoint(Node):
    """A point of a graph board (`point york at (3, 5)`, or a name in a line)."""
    name: str
    at: Optional[tuple[int, int]]  # its column and row; None: read from a name such as `d7`


@node
class GraphLine(Node):
    """`line a7 - d7 - g7` (straight: the points join and are a line for in_a_row) or `link a7 - b6` (they
    only join)."""
    points: tuple[str, ...]
    straight: bool


@node
class Enum(Decl):
    name: str
    values: tuple[str, ...]


@node
class TypeRef(Node):
    name: str
    of: Optional["TypeRef"]  # element type for lists


@node
class AttrDecl(Node):
    name: str
    type: TypeRef
    hidden: bool
    key: bool = False  # names the piece in move texts and inputs
    mutable: bool = False  # the rules may change it (`d.face = random(1..6)`)
    start: Optional[tuple] = None  # (value, span) of `= VALUE`: what a piece starts with, without a table


@node
class Kind(Decl):
    name: str
    attrs: tuple[AttrDecl, ...]
    covered_hidden: bool = False  # under another piece on a board, it shows nothing of itself


Cell = tuple[Union[str, int], Span]


@node
class EachAttr(Node):
    """`each rank in ["A", "2"]` on a `pieces` line: an attribute and the values its pieces take. One of
    `values`, `low`/`high`, `enum` is given, or none (`each suit`: every value of the attribute's enum)."""
    attr: tuple[str, Span]  # the attribute's name, where it is written
    values: Optional[tuple[Cell, ...]] = None  # `in [A, B, C]` (empty for `in []`)
    low: Optional[tuple[int, Span]] = None  # `in 1..13`: whole numbers from low to high
    high: Optional[tuple[int, Span]] = None
    enum: Optional[tuple[str, Span]] = None  # `in suit`: the values of that enum


@node
class Combination(Node):
    """`pieces card: each suit, each rank in [...], count 2`: a piece for every combination of the values,
    as the table that lists them (the first `each` changing slowest), `count` copies of each."""
    each: tuple[EachAttr, ...]
    count: Optional[tuple[int, Span]] = None
    where: Optional[Expr] = None  # `where CONDITION`: only the combinations that meet it


@node
class Pieces(Decl):
    kind: str
    zone: Optional[str]
    each_player: bool
    file: Optional[str]
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    data: Optional[str] = None  # the data file the rows were read from
    # the `each` form, as written; the checker makes its table (`header` and `rows`) once its values are checked
    combination: Optional[Combination] = None


@node
class Zone(Decl):
    name: str
    per_player: bool
    visibility: Visibility
    capacity: Optional[int]
    size_hidden: bool = False  # how many pieces it holds is known only to those who may look into it


@node
class Var(Decl):
    name: str
    type: TypeRef
    init: Expr
    per_player: bool
    visibility: Visibility = "public"  # "private": its owner alone sees it; "secret": nobody does
    internal: bool = False  # the rules need it, the players don't: never shown


@node
class Const(Decl):
    name: str
    value: Expr


@node
class Def(Decl):
    name: str
    params: tuple[str, ...]
    body: Expr
    param_types: tuple[Optional[TypeRef], ...] = ()  # each parameter's written type (None: inferred); or ()


@node
class Proc(Decl):
    name: str
    params: tuple[str, ...]
    body: Block
    param_types: tuple[Optional[TypeRef], ...] = ()


@node
class Setup(Decl):
    body: Block


@node
class Param(Node):
    name: str
    domain: Expr
    test: Optional[Expr]
    message: Optional[Template] = None  # `where ... else "..."`: why the condition fails, in players' words


@node
class Action(Decl):
    name: str
    params: tuple[Param, ...]
    body: Block
    fallback: bool
    phase: Optional[str]
    label: Optional[Template] = None  # `as "..."`: the move in players' words
    # what the others learn of its moves: None (everything they may see), ("nothing",), ("action",), or the
    # names of the parameters they learn
    reveals: Optional[tuple[str, ...]] = None
    # `action NAME() each turn`: begun by itself when a turn begins, its choices the turn's decisions
    by_itself: bool = False


@node
class Trigger(Decl):
    name: str
    event: TriggerEvent
    body: Block
    phase: Optional[str]


@node
class Stuck(Decl):
    """`when stuck: lose`: what happens when the player whose turn begins has no legal move."""
    rule: StuckRule
    reason: Optional[Template] = None  # `because "..."`: why the game ended, for the players (`mover`: who is stuck)
    phase: Optional[str] = None


@node
class Phase(Decl):
    name: str
    until: Optional[Expr]
    items: tuple[Union[Action, Trigger, Stuck], ...]


@node
class Option(Decl):
    name: str
    description: str
    uses: Optional[str] = None  # a variant file that this option switches to
    type: Optional[TypeRef] = None  # an option with a value: `option size: int = 7 in 3..19`
    default: Optional[int] = None
    low: Optional[int] = None
    high: Optional[int] = None


@node
class Show(Decl):
    """`show tile as "{edge(it, north)}"`: the label a piece of this kind has on the board; `show card named
    "{it.name}"` (`named`): what players call a piece of this kind, in the game's texts (an action's `as`, a log
    line) and in what the engine tells of a move."""
    kind: str
    label: Template
    named: bool = False


# ---- the display form (docs/language.md, "Display"): how a front end draws the game; the rules never read it

@node
class DisplayLook(Node):
    """One look of a display line: `colour "#c33"`, `glyph "K"` or `picture "art/king.svg"`."""
    word: str  # "colour" | "glyph" | "picture"
    value: str  # the colour, the glyph, or the picture's file (relative to the game file)
    picture: Optional[str] = None  # the picture's SVG, once read and made safe (the front end does it)


@node
class DisplayLine(Node):
    """A line of a `display:` block: what it gives a look, and the looks."""
    target: str  # "player" | "board" | "spaces" | "piece"
    name: str  # the player's seat name, the board, or the piece kind
    looks: tuple[DisplayLook, ...]
    spaces: tuple[str, ...] = ()  # `spaces a1, b2 of cells`: the spaces' names (`name` is the board)
    where: Optional[tuple[str, Any]] = None  # `piece K where ATTR == VALUE`: only the pieces with that value


@node
class Display(Decl):
    """`display:` and its lines: colours, glyphs and pictures for a board to draw the game with."""
    lines: tuple[DisplayLine, ...]


@node
class Edition(Decl):
    """`edition 3`: the edition of the language the file is written in (docs/language.md, "Editions")."""
    number: int


@node
class About(Decl):
    """`about "..."`: the game's goal, for players."""
    text: str


@node
class Legend(Decl):
    """`legend "2N": "a double arrow, pointing north"`: what a piece of the game's notation means, for players."""
    term: str
    meaning: str


@node
class Status(Decl):
    """`status "{score(player)} points"`: a figure shown beside each player (`if COND`: only while it holds)."""
    label: Template
    when: Optional[Expr] = None


@node
class Input(Decl):
    """`input hand: 14 card from collection`: a per-player zone filled from outside before setup."""
    zone: str
    count: int
    kind: str
    source: str


@node
class Rank(Decl):
    keys: tuple[Expr, ...]
    ties_share: bool = False  # players level at the top share the win; else a tie among all of them is a draw


@node
class VariantOf(Decl):
    base: str


@node
class ReplaceItem(Decl):
    item: Decl


@node
class RemoveItem(Decl):
    kind: str
    name: str


@node
class Module(Node):
    path: str
    items: tuple[Decl, ...]


def concrete_subclasses(base: type) -> list[type]:
    """Every node class below `base` that a parse can produce (for tests that each one is handled)."""
    out: list[type] = []
    todo: list[type] = list(base.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        # attrs makes a new class for slots: the first one lingers among the subclasses until collected
        if cls.__module__ == __name__ and globals().get(cls.__name__) is cls:
            out.append(cls)
    return sorted(out, key=lambda c: c.__name__)



class Dispatch(dict):
    """One visitor class's methods for one prefix, by node class: {N.If: Checker.check_If, ...}, filled as node
    classes are met (the method `prefix + class name`, else one that calls the visitor's `missing`). Declared
    on a visitor as `checks = Dispatch("check_")`; every subclass gets its own (see NodeVisitor)."""

    def __init__(self, prefix: str, visitor: Optional[type] = None):
        super().__init__()
        self.prefix, self.visitor = prefix, visitor

    def __missing__(self, node_class: type) -> Any:
        found = getattr(self.visitor, self.prefix + node_class.__name__, None)
        if found is None:
            found = partial(_call_missing, self.prefix)
        self[node_class] = found
        return found


def _call_missing(prefix: str, visitor: "NodeVisitor", node, *args) -> Any:
    return visitor.missing(prefix, node, *args)


class NodeVisitor:
    """Dispatch by a node's class name, the one way every phase walks the AST (after Jinja2's `visitor.py`):
    `visit("check_", node, ...)` calls the visitor's `check_<NodeClass>(node, ...)`: the checker's `check_If`,
    the type checker's `type_Call`, the compiler's `compile_If`, the emitter's `emit_Call`, the language
    server's `expr_Name`. A node class with no such method goes to `missing`.

    The methods found are kept per visitor class and prefix in a `Dispatch` table, so a dispatch is one
    dictionary lookup. A hot path names its table as a class attribute (`emitters = Dispatch("emit_")`) and
    calls `self.emitters[e.__class__](self, e, scope)`: no frame more than a direct call."""
    _tables: ClassVar[dict[str, Dispatch]] = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._tables = {}
        for name in dir(cls):
            declared = getattr(cls, name, None)
            if isinstance(declared, Dispatch):
                table = cls._tables[declared.prefix] = Dispatch(declared.prefix, cls)
                setattr(cls, name, table)

    def visit(self, prefix: str, node, *args) -> Any:
        table = self._tables.get(prefix)
        if table is None:
            table = type(self)._tables[prefix] = Dispatch(prefix, type(self))
        return table[node.__class__](self, node, *args)

    def missing(self, prefix: str, node, *args) -> Any:
        """What a node with no `prefix + class name` method gets: by default an error for the developer (the
        structure test keeps every phase complete); a visitor that handles the rest alike says so here."""
        raise NotImplementedError(f"{type(self).__name__} has no {prefix}{type(node).__name__}")
