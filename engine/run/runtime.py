"""The things a game state is made of: spaces, zones, pieces, players, directions.

All of them are mutable and owned by one State; every change goes through the State's
journal so that `undo` restores it exactly.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ...grammar.limits import MAX_AREA_SPACES, MAX_LENGTH
from ...grammar.types import DIRECTIONS, OPPOSITE, BoardShape, Visibility
from ...grammar.wording import number_text
from .wrong_kind import wrong_kind_message


class Dir:
    """A compass direction; `i` is its index, clockwise from north, in a space's `nbr` list."""
    __slots__ = ("name", "dx", "dy", "i", "opposite")

    def __init__(self, name, dx, dy, i):
        self.name, self.dx, self.dy, self.i = name, dx, dy, i
        self.opposite = OPPOSITE[name]

    def __repr__(self):
        return self.name


DIRS = {name: Dir(name, dx, dy, i) for i, (name, (dx, dy)) in enumerate(DIRECTIONS.items())}


class Offset:
    """A step of dx columns (east) and dy rows (north): a leap such as (1, 2). Equal to any offset or direction of
    the same step."""
    __slots__ = ("dx", "dy")

    def __init__(self, dx, dy):
        self.dx, self.dy = dx, dy

    def __eq__(self, other):
        return isinstance(other, (Offset, Dir)) and self.dx == other.dx and self.dy == other.dy

    def __hash__(self):
        return hash((self.dx, self.dy))

    def __repr__(self):
        return f"({self.dx},{self.dy})"
DIR_BY_VECTOR = {(d.dx, d.dy): d for d in DIRS.values()}


def rotate(dx, dy, quarter_turns):
    """Rotate a vector counter-clockwise by 90 degrees, `quarter_turns` times."""
    for _ in range(quarter_turns % 4):
        dx, dy = -dy, dx
    return dx, dy


# each direction's (index, dx, dy, the index of the opposite direction), for joining an area's spaces
_STEPS = tuple((d.i, d.dx, d.dy, (d.i + 4) % 8) for d in DIRS.values())


class Board:
    __slots__ = ("name", "width", "height", "spaces", "by_xy", "index", "area", "owner", "_all", "_retired",
                 "seat_spaces", "shape", "lines", "of", "visibility", "occupied", "spender", "steps",
                 "blocks")

    def __init__(self, name, width, height, index, area=False, owner=None, shape: BoardShape = "grid",
                 visibility: Visibility = "public"):
        self.name, self.width, self.height, self.index = name, width, height, index
        self.area, self.owner = area, owner  # an area has no edges: it grows where pieces are put
        self.visibility = visibility  # who sees its pieces: everyone, its owner ("private"), nobody ("secret")
        self.shape: BoardShape = "area" if area else shape
        self.lines: Optional[list] = None  # a graph's straight lines (tuples of spaces), which in_a_row follows
        self.of: Optional[Board] = None  # the edges and corners of a grid: that grid
        self.spaces: list[Space] = []
        self.by_xy: dict[tuple[int, int], Space] = {}
        self._all: Optional[SpaceList] = None
        # an area's spaces that hold something (in_play), until one of its spaces fills or empties (the State's
        # changes to pieces see to that: `occupied = None`)
        self.occupied: Optional[SpaceList] = None
        # an area's spaces taken back by undo, by (x, y): made again, they are the same
        self._retired: dict[tuple[int, int], Space] = {}
        # (label, facing) -> the space a label read from that seat names (library.seat_space)
        self.seat_spaces: dict[tuple, Space] = {}
        self.spender = None  # an area's state: finding its spaces in play again spends a step a space looked at
        # `neighbors all_directions` (or `diagonal`): the direction numbers its spaces' neighbours lie in; None:
        # orthogonal
        self.steps: Optional[tuple[int, ...]] = None
        self.blocks: Optional[tuple[int, int]] = None  # `blocks 3 x 3`: the size of the blocks it is cut into

    def space_at(self, x, y):
        """The space at (x, y); an area makes it on first use. Not journalled: for arranging a position by
        hand (rules go through State.space_at)."""
        s = self.by_xy.get((x, y))
        return self.grow(x, y) if s is None and self.area else s

    def grow(self, x, y):
        """An area's new space at (x, y), joined to its neighbours (State.space_at journals it)."""
        if len(self.spaces) >= MAX_AREA_SPACES:
            raise RuleError(f"an area would grow past {MAX_AREA_SPACES} spaces")
        s = self._retired.pop((x, y), None)
        if s is None:
            s = AreaSpace(self, x, y, f"{x},{y}", x, y, -1)
        self.spaces.append(s)
        by_xy = self.by_xy
        by_xy[(x, y)] = s
        nbr = s.nbr
        for i, dx, dy, back in _STEPS:
            t = by_xy.get((x + dx, y + dy))
            nbr[i] = t
            if t is not None:
                t.nbr[back] = s
        return s

    def shrink(self, s):
        """Take back the newest space of an area (undo of `grow`)."""
        self.spaces.pop()
        del self.by_xy[(s.x, s.y)]
        nbr = s.nbr
        for i, _, _, back in _STEPS:
            t = nbr[i]
            if t is not None:
                t.nbr[back] = None
                nbr[i] = None
        self._retired[(s.x, s.y)] = s

    def in_play(self):
        """The spaces that make up the board: all of a grid's; an area's that hold something."""
        if self.area:
            kept = self.occupied
            if kept is None:
                if self.spender is not None:
                    self.spender.spend(len(self.spaces), None)
                kept = self.occupied = SpaceList([s for s in self.spaces if s.pieces], self)
            return kept
        if self._all is None:
            self._all = SpaceList(self.spaces, self)
        return self._all


class SpaceList(list):
    """A list of a board's spaces that remembers its board (so an empty area can still be reached)."""
    __slots__ = ("board",)

    def __init__(self, items, board):
        super().__init__(items)
        self.board = board


class Space:
    __slots__ = ("board", "x", "y", "name", "pieces", "nbr", "px", "py", "index", "rays", "paths", "links", "along",
                 "walls")
    is_space = True
    in_area = False  # (see AreaSpace)
    capacity = None  # a space holds any number of pieces

    def __init__(self, board, x, y, name, px, py, index):
        self.board, self.x, self.y, self.name = board, x, y, name
        self.px, self.py, self.index = px, py, index
        self.pieces = []
        # the next space in each direction (DIRS order), or None at an edge
        self.nbr: list[Optional[Space]] = [None] * 8
        self.rays = None  # library._lines keeps the lines through this space here
        self.paths = None  # and library.path the spaces met across the plane, by direction
        # the spaces next to this one on a graph or the edges of a grid, which are not its orthogonal neighbours
        self.links = None
        # a graph: the lines its rules file draws through this space, as (forth, back) walked out from it
        self.along = None
        # a space of a grid with `walls of` it: the edge between it and its neighbour in each direction (DIRS
        # order; None where there is none): a piece on that edge blocks the step (topology.open_step)
        self.walls = None

    def __repr__(self):
        return self.name


class AreaSpace(Space):
    """A space of an area: when it fills or empties, the board's list of the spaces in play is made again
    (Board.occupied)."""
    __slots__ = ()
    in_area = True


class Zone:
    __slots__ = ("name", "owner", "pieces", "visibility", "capacity", "size_hidden")
    is_space = False
    in_area = False

    def __init__(self, name, owner, visibility: Visibility, capacity, size_hidden=False):
        self.name, self.owner, self.capacity = name, owner, capacity
        self.visibility: Visibility = visibility
        self.size_hidden = size_hidden  # only those who may look into it know how many pieces it holds
        self.pieces: list[Piece] = []

    def __repr__(self):
        return self.name if self.owner is None else f"{self.owner.name}.{self.name}"


_UNSEEN = object()


class Kind:
    __slots__ = ("name", "attrs", "hidden", "shown", "mutable", "covered_hidden", "spaces", "starts", "steady_text")

    def __init__(self, name, attrs, hidden, keys=(), mutable=frozenset(), covered_hidden=False, spaces=frozenset(),
                 starts=None):
        self.name = name
        self.starts = starts or {}  # the start values of attributes that have one (`face: int mutable = 1`)
        self.attrs = attrs  # attribute names in declaration order
        self.hidden = hidden  # names readable only while the piece is face up
        self.spaces = spaces  # attributes that hold a space: the piece keeps its name, rules read the space
        # the attributes that name a piece in a move's text: its `key` ones, or all
        self.shown = keys or attrs
        self.mutable = mutable  # the attributes the rules may change (a die's face)
        self.covered_hidden = covered_hidden  # under another piece on a board, it shows nothing of itself
        # its pieces' names change only with their face and their attribute values, not with where they are: a
        # piece keeps its name until then (Piece.describe)
        self.steady_text = not covered_hidden


class Piece:
    __slots__ = ("kind", "attrs", "owner", "up", "loc", "id", "turns", "named", "kept")

    def __init__(self, kind, attrs, owner, up, loc, pid):
        self.kind, self.attrs, self.owner, self.up, self.loc, self.id = kind, attrs, owner, up, loc, pid
        self.turns = 0  # quarter turns clockwise from how it is printed
        # (its attributes, its face, the name they give it), kept by describe; whatever changes an attribute's
        # value in place forgets it (`named = None`), and new attributes or another face are seen
        self.named = None
        # defs of the piece worked out where it lay, with the owner it had (kept_defs): {def: (loc, owner, value)};
        # whatever gives its attributes other values forgets them (`kept = None`)
        self.kept = None

    @property
    def space(self):
        return self.loc if self.loc is not None and self.loc.is_space else None

    def visible_attrs(self):
        if self.kind.covered_hidden and self.covered:
            return {}
        if self.up or not self.kind.hidden:
            return self.attrs if self.up else {}
        return {k: v for k, v in self.attrs.items() if k not in self.kind.hidden}

    def describe(self):
        """The piece as a player sees it: its visible attribute values, or its kind."""
        named = self.named
        if named is not None and named[0] is self.attrs and named[1] == self.up:
            return named[2]
        text = self._describe()
        if self.kind.steady_text:
            self.named = (self.attrs, self.up, text)
        return text

    def _describe(self):
        shown = self.attrs if self.up else self.visible_attrs()
        words = []
        for name in self.kind.shown:
            v = shown.get(name, _UNSEEN)
            if v is _UNSEEN:
                continue
            if v.__class__ is str:
                words.append(v)
            elif v.__class__ is bool:
                if v:
                    words.append(name)
            else:
                words.append(str(v))
        return "-".join(words) if words else self.kind.name

    def __repr__(self):
        return self.describe()

    @property
    def covered(self):
        """Does it lie under another piece on a board, and show nothing of itself there?"""
        loc = self.loc
        return self.kind.covered_hidden and loc is not None and loc.is_space and loc.pieces[-1] is not self


class Player:
    __slots__ = ("index", "name", "vars", "zones", "facing", "turns", "rel", "boards")

    def __init__(self, index, name, facing):
        self.index, self.name, self.facing = index, name, facing
        self.vars = {}
        self.zones = {}
        self.boards = {}
        # quarter turns (counter-clockwise) from a seat at the south edge to this one
        self.turns = {"south": 0, "east": 1, "north": 2, "west": 3}[facing]
        self.rel = {}

    def __repr__(self):
        return self.name


class Write:
    """The rules gave a value to a place that some players cannot see: a private or secret variable
    (`slot` = ("var", seat or None, name)) or a mutable attribute of a piece (("attr", piece, name), with
    where the piece lay, its face and owner then). `options` are the values it was drawn from at random
    (`mover.die = random(1..6)`), or None when the rules worked it out. A search imagines what it cannot
    see from these, never from the values (knowledge.py)."""
    __slots__ = ("slot", "options", "where", "up", "owner", "covered", "label")

    def __init__(self, slot, options, where=None, up=True, owner=None, covered=False, label=None):
        self.slot, self.options = slot, options
        self.where, self.up, self.owner, self.covered = where, up, owner, covered
        self.label = label  # the chance event of the draw that gave the value, if it was drawn


class GameOver(Exception):
    """Raised by win/lose/draw/finish to stop the rest of an effect."""


class Unmet(Exception):
    """Raised by an `ensure` whose condition fails: the move being tried is not legal (args: its number)."""


class NeedChoice(Exception):
    """A choice in the middle of a move: `prompt` asks the chooser in players' words, `detail` is the rule's."""

    def __init__(self, chooser, options, prompt, secret=False, detail=""):
        super().__init__(prompt)
        self.chooser, self.options, self.prompt, self.secret = chooser, options, prompt, secret
        self.detail = detail or prompt


# what Python says when a rule hands a builtin the wrong kind of value (a def's parameters are untyped):
# reported as a RuleError, never a traceback
WRONG_KIND = (TypeError, AttributeError, KeyError, ValueError, IndexError, ZeroDivisionError)

class RuleError(Exception):
    """A rule went wrong while running (a loop without end, a bad value); carries the rule's location."""

    def __init__(self, message, where=None):
        super().__init__(f"{message}" + (f" ({where})" if where else ""))
        self.where = where

    @classmethod
    def wrong_kind(cls, what: str, err: BaseException, where=None) -> "RuleError":
        """`what` went wrong where Python refused a value: what it did, in the rules' words, never Python's; told at
        `where` (the statement that failed, read from the built code by CompiledGame.rules_line, or the rule)."""
        return cls(wrong_kind_message(what, err), where)


def _list_text(v, item_text=None) -> str:
    """A list's text, cut short (ending in `...]`) once it is longer than a text may be: a list may hold the same
    long list ten thousand times, whose whole text would never end. `item_text` names each item (value_text)."""
    parts, size = [], 2
    for x in v:
        part = value_text(x) if item_text is None else item_text(x)
        parts.append(part)
        size += len(part) + 2
        if size > MAX_LENGTH:
            return "[" + ", ".join(parts)[:MAX_LENGTH] + "...]"
    return "[" + ", ".join(parts) + "]"


def shown_text(S, v) -> str:
    """A value as the rules' texts (`log`, `as`, `because`, ...) name it: a piece of a kind the game names (`show
    KIND named "..."`) by that name while it shows itself (face up, not covered), wherever it lies; a piece of a
    kind the game shows (`show KIND as "..."`) by that label while it shows itself to all who see it (face up,
    not covered), as players see it; anything else by its text (value_text): a piece face down, which hides
    what it must, and a piece on top of a stack on a board, which is named by its space, as in a move's text.
    A list names its items so."""
    cls = v.__class__
    if cls is Piece:
        named = S.game.names.get(v.kind.name) if S.game.names else None
        if named is not None and v.up and not v.covered:  # what players call it (`show KIND named "..."`)
            try:
                return named(S, v)
            except Exception:  # noqa: BLE001 - a name that fails leaves the board's label or the text
                pass
        label = S.game.shows.get(v.kind.name)
        loc = v.loc
        if label is not None and v.up and not (loc is not None and loc.is_space and loc.pieces[-1] is v) \
                and not v.covered:
            try:
                return label(S, v)
            except Exception:  # noqa: BLE001 - a label that fails (a def of it on none) leaves the text
                return value_text(v)
        return value_text(v)
    if cls is list:
        return _list_text(v, lambda x: shown_text(S, x))
    return value_text(v)


def value_text(v) -> str:
    cls = v.__class__
    if cls is Space or cls is Dir or cls is Player:
        return v.name
    if cls is Piece:
        loc = v.loc
        return loc.name if loc is not None and loc.is_space and loc.pieces and loc.pieces[-1] is v \
            else v.describe()
    if cls is str:
        return v
    if cls is AreaSpace:
        return v.name
    if v is None:
        return "none"
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if isinstance(v, (list, tuple)):
        return _list_text(v)
    if isinstance(v, (Space, Player, Dir, Zone)):
        return repr(v)
    if isinstance(v, Fraction):
        return number_text(v)
    return str(v)
