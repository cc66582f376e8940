"""Which `ensure`s may take their answer from the position before the move: the static half of a cheap `ensure`.

An `ensure` is read on the position its move leaves: to list the legal moves, each move's effect is tried and
taken back through the journal (State.unmet). Most of the cost is the condition itself: chess's `not
in_check(mover)` looks along eight lines from the king for every move tried. Yet a move that changes nothing
the condition reads leaves its answer as it was before the move. So the condition is worked out once on the
position before the moves (noting the places whose pieces it read, and the kinds whose pieces it listed:
engine/run/watching.py), and a move whose journal touches none of those takes that answer without reading the
condition again; any other move reads it as before.

That is sound only for a condition whose answer depends on nothing else. This module says which do: a
condition qualifies when everything it reads, through the defs it calls, is on a whitelist (whatever is not
named here rules it out), and it reads no local of the rule (an action's parameter, a `let`):

* what lies on places (`top`, `owner`, `empty`, a piece's kind, owner and space), the pieces of a kind (`KIND`,
  `KIND of P`), the mover and the other player;
* constants, kinds, enum values, directions and the spaces of a board (its geometry never changes), numbers
  and texts, and builtins that compute from these alone (`neighbors`, `ray`, `relative`, `any`, ...);
* defs whose bodies do the same (`let`, `if`, `return` and `for` in a block).

Variables, piece attributes other than kind, owner and space, zones, `turn`, `repetitions`, random draws and
the like rule a condition out. A piece's printed attributes (`castles`) may still be changed by the move: the
condition never reads them. Anything the journal records that is not a piece moved, made or removed, a variable
or a printed attribute set, or a line logged (the turn passed, an owner changed, a zone shuffled, a random
draw) makes the move read the condition again.
"""
from __future__ import annotations

from typing import Optional

from ...grammar import nodes as N
from ...grammar.symbols import Checked
from ...grammar.types import DIRECTION_SETS, DIRECTIONS, RELATIVE_DIRECTIONS
from ..run.watching import WATCHED_ATTRS
from .hoisting import free_locals

# builtins that compute from their arguments and what lies on places alone (reading places through their pieces)
_PURE_BUILTINS = frozenset({
    "count", "empty", "any", "all", "sum", "min", "max", "top", "bottom", "first", "last", "owner", "abs",
    "adjacent", "neighbors", "ray", "path", "relative", "offset", "direction", "row", "column", "symmetric",
    "next_player", "reverse", "index", "at", "seat", "space", "region", "group",
})
# builtin names that read nothing a move may change, or only whose turn it is (a move never passes the turn
# before its `ensure`s: the journal says so if it does)
_PLAIN_NAMES = frozenset({"mover", "opponent", "players", "true", "false", "yes", "no", "none"}) | frozenset(DIRECTIONS) \
    | frozenset(RELATIVE_DIRECTIONS) | frozenset(DIRECTION_SETS)
_PLAIN_NODES = (N.Num, N.Str, N.BinOp, N.Compare, N.BoolOp, N.Not, N.Neg, N.Index, N.Cond, N.OffsetLit, N.ListLit,
                N.Range, N.Filter, N.Comprehension, N.CompFor, N.DefBlock, N.Let, N.If, N.Return, N.For, N.Pass)


class EnsureReads:
    """Whether an `ensure`'s condition reads only what lies on places (see the module's doc)."""

    def __init__(self, checked: Checked):
        self.checked = checked
        self.sym = checked.symbols
        self._defs: dict[str, bool] = {}

    def watchable(self, test: N.Expr) -> bool:
        """May this condition (at the top of an action's body) take its answer from the position before?"""
        return not free_locals(test, self.checked, frozenset()) and self._reads_places_only(test)

    def _reads_places_only(self, root) -> bool:
        for n in N.walk(root):
            if isinstance(n, N.Name):
                if not self._plain_name(n):
                    return False
            elif isinstance(n, N.Attr):
                if n.name not in WATCHED_ATTRS:
                    return False
            elif isinstance(n, N.Call):
                if n.func in self.sym.defs:
                    if not self._def(n.func):
                        return False
                elif n.func not in _PURE_BUILTINS or n.func in self.sym.procs:
                    return False
            elif isinstance(n, N.Of):
                if not (isinstance(n.what, N.Name) and self.checked.meaning(n.what).category == "kind"):
                    return False
            elif not isinstance(n, _PLAIN_NODES):
                return False
        return True

    def _plain_name(self, n: N.Name) -> bool:
        category = self.checked.meaning(n).category
        if category == "builtin":
            return n.id in _PLAIN_NAMES
        if category == "const":  # (a constant is worked out once; one that draws at each use is ruled out)
            const = self.sym.consts.get(n.id)
            return const is not None and self._reads_places_only(const.value)
        # (a local here is a def's parameter or a loop's variable: `watchable` refuses the rule's own)
        return category in ("local", "kind", "kind value", "enum", "enum type", "board")

    def _def(self, name: str) -> bool:
        known: Optional[bool] = self._defs.get(name)
        if known is None:
            self._defs[name] = True  # (a def met again while it is judged: judged by the rest of its body)
            known = self._defs[name] = self._reads_places_only(self.sym.defs[name].body)
        return known
