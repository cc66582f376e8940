"""Board forms in the native backend beyond whole grids (docs/backends.md): what reads a hex board's adjacency.

On a hex board (`hex`, `hexagon N`, `triangle N`: topology.connect) a cell's neighbours are its links, the six hex
directions in direction order, which NBR holds in those directions. `neighbors(s)`, `regions_of(L)` and
`border(L)` there (the one-argument forms, in a game whose boards are all hex) walk those six directions in that
order, as the interpreter's links do; the builtins that read compass directions or the plane stay refused on a
hex board. `unique(L)` keeps each item where it first comes, as library.unique.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N

# builtins whose one-argument form walks a hex cell's links, natively the six hex directions
HEX_ADJACENCY = frozenset(("neighbors", "regions_of", "border"))

BOARD_HELPERS = '''

@njit(cache=True)
def unique_of(items):
    # unique(items): each item once, where it first comes (library.unique)
    out = np.empty(items.shape[0], np.int64)
    n = 0
    for x in items:
        seen = False
        for k in range(n):
            if out[k] == x:
                seen = True
                break
        if not seen:
            out[n] = x
            n += 1
    return out[:n].copy()


@njit(cache=True)
def border_steps_into(items, out, dirs):
    # border(items) along the directions dirs (a hex cell's six, in their order): as border_into
    inside = np.zeros(NSPACES, np.bool_)
    seen = np.zeros(NSPACES, np.bool_)
    for t in items:
        if t >= 0:
            inside[t] = True
    n = 0
    for t in items:
        if t < 0:
            continue
        for d in dirs:
            u = NBR[t, d]
            if u >= 0 and not inside[u] and not seen[u]:
                seen[u] = True
                out[n] = u
                n += 1
    return n


@njit(cache=True)
def regions_steps_into(items, flat, starts, dirs):
    # regions_of(items) along the directions dirs (a hex cell's six, in their order): as regions_into
    inside = np.zeros(NSPACES, np.bool_)
    done = np.zeros(NSPACES, np.bool_)
    for t in items:
        if t >= 0:
            inside[t] = True
    count = 0
    m = 0
    for t in items:
        if t < 0 or done[t]:
            continue
        starts[count] = m
        done[t] = True
        flat[m] = t
        m += 1
        head = m - 1
        while head < m:
            x = flat[head]
            head += 1
            for d in dirs:
                u = NBR[x, d]
                if u >= 0 and inside[u] and not done[u]:
                    done[u] = True
                    flat[m] = u
                    m += 1
        count += 1
    starts[count] = m
    return count
'''


class BoardTranslation:
    """Translator's part for hex adjacency and `unique` (a mixin)."""

    if TYPE_CHECKING:  # (what it reads of the Translator)
        checked: Any
        layout: Any

        def is_def(self, name: str) -> bool: ...
        def list_value(self, e: N.Expr, env: dict) -> str: ...
        def direction_tuple(self, call: N.Call, env: dict) -> str: ...

    def hex_adjacency(self, call: N.Call) -> bool:
        """Is this call a one-argument neighbors/regions_of/border on a game whose boards are all hex?"""
        return call.func in HEX_ADJACENCY and len(call.args) == 1 and not self.is_def(call.func) \
            and all(b.shape == "hex" for b in self.checked.symbols.boards.values())

    def steps_suffix(self, call: N.Call, env: dict) -> tuple[str, str]:
        """For regions_of/border: the helper's name suffix and its extra argument (the hex directions), or
        ("", "") on a grid."""
        if self.layout.hex and self.hex_adjacency(call):
            return "_steps", f", {self.direction_tuple(call, env)}"
        return "", ""

    def over_regions(self, e: N.Expr) -> bool:
        """Is e `r in regions_of(L) where TEST` (a list of lists an `any`/`all` walks, each region an array)?"""
        return isinstance(e, N.Filter) and isinstance(e.domain, N.Call) and e.domain.func == "regions_of" \
            and not self.is_def(e.domain.func)

    def unique_list(self, e: N.Expr, env: dict) -> Optional[str]:
        """unique(L) of a list of scalars as an array; else None."""
        if isinstance(e, N.Call) and e.func == "unique" and not self.is_def(e.func) and len(e.args) == 1:
            return f"unique_of({self.list_value(e.args[0], env)})"
        return None
