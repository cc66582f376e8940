"""What a loop of an expression may work out once: the facts about an expression the Emitter asks.

An action's moves are listed by one comprehension with a loop per parameter, and filters, comprehensions and
any/all/count are loops too (engine/expressions.py, `Emitter.loop`). A part of an expression inside a loop
that reads nothing the loop changes, such as `offer(k)` in a requirement on (k, s, d) inside the loops over
s and d, gives the same value each time round: it is worked out where it is first needed and kept for the
rest of that run of the loop (the built code holds it in a list, empty until it is made). Made
where it is first needed, it is made exactly when it was made before, or not at all; nothing changes but how
often the same value is worked out. Evaluating an expression changes nothing in the state (an area's spaces
made on the way are made the same again), except a random draw: a part that draws is never kept.

A part that reads an inner loop's variable but none of the loops around it, such as the side of `offer(k)` that
direction d turns to in a requirement on (k, s, d), is kept the same way per value of that variable (a dict at
the head of the loop over s, `_hk` names): when the variable's values are the same value exactly when they are
equal (spaces, pieces, players, zones, directions, texts; not numbers, where 1 == True == 1.0), and when its
loop's items read none of the loops it is kept across (d's directions are the same for every s; a loop over
`[next_pad(f)]` inside a loop over f would give new keys for every f, and a dict would cost for nothing).
"""
from __future__ import annotations

from ...grammar import nodes as N
from ...grammar.symbols import Checked, spread
from ..run.library import BUILTINS

# the builtins that draw random numbers (`random`): declared so in engine/run/library.py
_DRAWING = frozenset(name for name, b in BUILTINS.items() if b.draws)


def random_defs(checked: Checked) -> set[str]:
    """The defs whose evaluation may draw random numbers."""
    sym = checked.symbols
    calls = {name: {n.func for n in N.walk(d.body) if isinstance(n, N.Call)} for name, d in sym.defs.items()}
    return spread(calls, {name for name, fs in calls.items() if _DRAWING & (fs - set(sym.defs))})


def draws_random(node: N.Node, checked: Checked, randoms: set[str]) -> bool:
    """Does evaluating this node draw random numbers (a builtin that draws, or a def or constant that does)?"""
    sym = checked.symbols
    for n in N.walk(node):
        if isinstance(n, N.Call) and (n.func in randoms or (n.func in _DRAWING and n.func not in sym.defs)):
            return True
        if isinstance(n, N.Name) and checked.meaning(n).category == "const" and n.id in sym.consts \
                and draws_random(sym.consts[n.id].value, checked, randoms):
            return True
    return False


def free_locals(node: N.Node, checked: Checked, bound: frozenset) -> set[str]:
    """The names of locals (parameters, loop variables) that a node reads and does not bind itself."""
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


def kept_start(holder: str) -> str:
    """What the holder of a kept value starts as: a value not made yet (`_h`), or no value made for any key
    yet (`_hk`: kept per value of the inner loops' variables it reads)."""
    return "{}" if holder.startswith("_hk") else "[]"
