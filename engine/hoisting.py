"""The parts of an action's conditions that stay the same while its later parameters vary.

An action's moves are listed by one comprehension, a loop per parameter, its conditions inside the loops
(engine/moves.py). A part of a condition that reads only earlier parameters, such as `offer(k)` in a
requirement on (k, s, d), gives the same value for every s and d: it is worked out once per k, where it is
first needed, and kept (the built code holds it in a one-item list, `_UNSET` until it is made). Made where
it is first needed, it is made exactly when it was made before, or not at all: nothing changes but the
number of times the same value is worked out. A part that draws a random number is never kept, since each
evaluation draws again; listing the moves changes nothing else (an area's spaces made on the way are made
the same again).
"""
from __future__ import annotations

from typing import Optional

import attrs

from ..grammar import nodes as N
from ..grammar.symbols import Checked

# nodes worth keeping: they call something or build something
_WORK = (N.Call, N.Filter, N.Comprehension, N.Of, N.Range, N.ListLit, N.Index)


class Hoisting:
    """For one action: which nodes of its conditions and domains are kept, and at which loop."""

    def __init__(self, checked: Checked, params: list[str], random_defs: set[str]):
        self.checked = checked
        self.params = params
        self.random_defs = random_defs
        self.held: dict[int, tuple[int, str]] = {}  # id(node) -> (loop level, shape)
        self.levels: dict[str, int] = {}  # shape -> the loop level it is kept at

    def scan(self, node: Optional[N.Expr], position: int) -> None:
        """Find what a condition (or domain) evaluated inside loop `position` (0: before every loop) can keep."""
        if node is None or position == 0:
            return
        self._scan(node, position)

    def _scan(self, node: N.Node, position: int) -> None:
        if isinstance(node, _WORK) and isinstance(node, N.Expr):
            level = self.level(node)
            if level is not None and level < position and not self.draws(node):
                shape = _shape(node)
                self.held[id(node)] = (level, shape)
                self.levels[shape] = level
                return
        for child in node.children():
            self._scan(child, position)

    def level(self, node: N.Node) -> Optional[int]:
        """1 + the last parameter this node reads (0: none), or None when it reads a name bound inside the
        condition (a filter's variable)."""
        free = free_locals(node, self.checked, frozenset())
        if not free <= set(self.params):
            return None
        return max((self.params.index(name) + 1 for name in free), default=0)

    def draws(self, node: N.Node) -> bool:
        """Does evaluating it draw random numbers (`random`, or a def that does)?"""
        return draws_random(node, self.checked, self.random_defs)


def random_defs(checked: Checked) -> set[str]:
    """The defs whose evaluation may draw random numbers."""
    sym = checked.symbols
    calls = {name: {n.func for n in N.walk(d.body) if isinstance(n, N.Call)} for name, d in sym.defs.items()}
    out = {name for name, fs in calls.items() if "random" in fs - set(sym.defs)}
    changed = True
    while changed:
        changed = False
        for name, fs in calls.items():
            if name not in out and fs & out:
                out.add(name)
                changed = True
    return out


def draws_random(node: N.Node, checked: Checked, randoms: set[str]) -> bool:
    sym = checked.symbols
    for n in N.walk(node):
        if isinstance(n, N.Call) and (n.func in randoms or (n.func == "random" and n.func not in sym.defs)):
            return True
        if isinstance(n, N.Name) and checked.meaning(n).category == "const" and n.id in sym.consts \
                and draws_random(sym.consts[n.id].value, checked, randoms):
            return True
    return False


def free_locals(node: N.Node, checked: Checked, bound: frozenset) -> set[str]:
    """The names of locals (parameters, filter variables) that a node reads and does not bind itself."""
    if isinstance(node, N.Name):
        return {node.id} if checked.meaning(node).category == "local" and node.id not in bound else set()
    if isinstance(node, N.Filter):
        return free_locals(node.domain, checked, bound) | free_locals(node.test, checked, bound | {node.var})
    if isinstance(node, N.Comprehension):
        out: set[str] = set()
        inner = bound
        for f in node.fors:
            out |= free_locals(f.domain, checked, inner)
            inner = inner | {f.var}
            if f.test is not None:
                out |= free_locals(f.test, checked, inner)
        return out | free_locals(node.element, checked, inner)
    out = set()
    for child in node.children():
        out |= free_locals(child, checked, bound)
    return out


def _shape(node) -> str:
    """The node as written, without where: the same shape is the same expression (of the same parameters)."""
    if isinstance(node, N.Node):
        fields = ",".join(_shape(getattr(node, f.name)) for f in attrs.fields(type(node)) if f.name != "span")
        return f"{type(node).__name__}({fields})"
    if isinstance(node, tuple):
        return "(" + ",".join(_shape(x) for x in node) + ")"
    return repr(node)
