"""Defs of one piece whose value the piece keeps until it moves.

A def such as `next_stop(p)`, the next space of a route printed on a piece read from its owner's seat, reads the
piece's attributes, its owner and where it is, and nothing else of the game: the same piece in the same place
gives the same space, and listing the moves may ask it of every piece, every turn. Such a def's value is kept on
the piece (Piece.kept) with the place and owner it was worked out for, and read again while both are the same
(namespace._kept_def). What else could change it is seen to where it changes: a printed attribute given another
value, or another identity imagined by a search, forgets what the piece kept.

A def qualifies when its body, its parameter a piece, reads only (a whitelist, so that whatever is not named
here rules a def out):

* the piece's owner, the space it lies on, its kind and its attributes (not its face or its turns, which
  change without a move, nor an attribute that names a space: that is looked up on a board);
* of a player: a zone, its name or seat; of a space: its name, x and y (never what it holds);
* `piece in ZONE` (where the piece is), `==`, comparisons, arithmetic, `and`/`or`/`not` and `if`/`else`
  of such values, numbers, texts, enum values and directions;
* `seat_space` of a board whose spaces never change, and the defs that qualify in turn for their arguments.

It is worth keeping only when working it out costs more than reading it back: a body of some size.
"""
from __future__ import annotations

from typing import Callable, Optional

from ...grammar import nodes as N
from ...grammar.types import SPACE
from ..run.runtime import DIRS

SELF, PLAYER, SPACE_OF, ZONE, BOARD, VALUE = "piece", "player", "space", "zone", "board", "value"
_CONSTANT_NAMES = {"true", "false", "yes", "no", "none"}
MIN_NODES = 16  # a smaller body is cheaper written in place than read back


class OwnReads:
    """Whether defs read nothing but one piece's own place, owner and attributes (see the module's doc)."""

    def __init__(self, checked, def_types: Callable, fixed_board: Callable[[str], bool], recursive: set):
        self.checked = checked
        self.sym = checked.symbols
        self.def_types = def_types  # (def, argument types) -> the types of its body, or None
        self.fixed_board = fixed_board
        self.recursive = recursive
        self._memo: dict = {}

    def kept(self, call: N.Call, arg_types: tuple) -> bool:
        """Is this call of a def one whose value its piece argument may keep?"""
        d = self.sym.defs.get(call.func)
        if d is None or len(d.params) != 1 or len(arg_types) != 1 or arg_types[0].general.base != "piece":
            return False
        key = (d.name, arg_types)
        if key not in self._memo:
            self._memo[key] = None  # (a def met again while it is judged does not qualify)
            found = self._def_class(d, arg_types, (SELF,))
            self._memo[key] = found is not None and self._size(d) >= MIN_NODES
        return bool(self._memo[key])

    def _size(self, d, seen=()) -> int:
        total = 0
        for n in N.walk(d.body):
            total += 1
            if isinstance(n, N.Call) and n.func in self.sym.defs and n.func not in seen:
                total += self._size(self.sym.defs[n.func], (*seen, n.func))
        return total

    def _def_class(self, d, arg_types: tuple, classes: tuple) -> Optional[str]:
        if d.name in self.recursive or isinstance(d.body, N.DefBlock) or len(classes) != len(d.params):
            return None
        types = self.def_types(d, arg_types)
        if types is None:
            return None
        return self._class(d.body, dict(zip(d.params, classes)), types)

    def _class(self, node, env: dict, types: dict) -> Optional[str]:
        """What `node` gives (SELF, PLAYER, ...), when it reads nothing else; None when it may."""
        of = self._class
        if isinstance(node, (N.Num, N.Str)):
            return VALUE
        if isinstance(node, N.Name):
            m = self.checked.meaning(node)
            if m.category == "local":
                return env.get(node.id)
            if m.category in ("enum", "kind value") or (m.category == "builtin" and node.id in _CONSTANT_NAMES):
                return VALUE
            if m.category == "builtin" and node.id in DIRS:
                return VALUE
            if m.category == "board" and self.fixed_board(m.name):
                return BOARD
            return None
        if isinstance(node, N.Attr):
            return self._attr_class(of(node.obj, env, types), node, types)
        if isinstance(node, N.Compare):
            left, right = of(node.left, env, types), of(node.right, env, types)
            if node.op in ("in", "not in"):
                return VALUE if left == SELF and right in (ZONE, SPACE_OF) else None
            return VALUE if _plain(left) and _plain(right) else None
        if isinstance(node, N.Cond):
            test = of(node.test, env, types)
            then, orelse = of(node.then, env, types), of(node.orelse, env, types)
            if not (_plain(test) and _plain(then) and _plain(orelse)):
                return None
            # (`a space if c else none`: the one that is more than a value says what may be read of it)
            return then if orelse == VALUE else orelse if then == VALUE else then if then == orelse else None
        if isinstance(node, (N.BoolOp, N.Not)):  # (a truth: `a or b` gives one of them, read as a value)
            parts = node.values if isinstance(node, N.BoolOp) else (node.value,)
            return VALUE if all(_plain(of(p, env, types)) for p in parts) else None
        if isinstance(node, (N.BinOp, N.Neg)):
            parts = (node.left, node.right) if isinstance(node, N.BinOp) else (node.value,)
            return VALUE if all(of(p, env, types) == VALUE for p in parts) else None
        if isinstance(node, N.Call):
            return self._call_class(node, env, types)
        return None

    def _attr_class(self, obj: Optional[str], node: N.Attr, types: dict) -> Optional[str]:
        name = node.name
        if obj == SELF:
            if name == "owner":
                return PLAYER
            if name == "space":
                return SPACE_OF
            if name in ("up", "turns"):
                return None
            if name == "kind":
                return VALUE
            return None if (types.get(node) or self.checked.type_of(node)) == SPACE else VALUE
        if obj == PLAYER:
            if name in self.sym.zones:
                return ZONE
            return VALUE if name in ("name", "seat") else None
        if obj == SPACE_OF:
            return VALUE if name in ("name", "x", "y") else None
        return None

    def _call_class(self, node: N.Call, env: dict, types: dict) -> Optional[str]:
        classes = tuple(self._class(a, env, types) for a in node.args)
        if None in classes:
            return None
        d = self.sym.defs.get(node.func)
        if d is not None:
            arg_types = tuple(types.get(a) or self.checked.type_of(a) for a in node.args)
            key = (d.name, arg_types, classes)
            if key not in self._memo:
                self._memo[key] = None
                self._memo[key] = self._def_class(d, arg_types, classes)
            return self._memo[key]
        if node.func == "seat_space" and classes[0] == BOARD and classes[1] == VALUE and classes[2] == PLAYER:
            return SPACE_OF
        return None


def _plain(c: Optional[str]) -> bool:
    """A value that may be compared or tested: anything read, but a board or a zone (which hold things)."""
    return c is not None and c not in (BOARD, ZONE)
