"""Tiles natively: a piece's quarter turns (`t.turns`), `edge`, `land`, and the fields a farm's tiles make
(`regions`, `closed`, `count` of a region) (docs/backends.md, "Area boards"; the interpreter's are in
engine/run/library.py, "tiles: rotation, edges, regions").

A piece's `turns` is one more attribute slot (`A_turns`, an int every piece has, 0 at first) in a game whose rules
read or write it or call the builtins that read it. `edge(t, d[, r])` reads the text attribute named by the side
printed where d faces after the turns (`EDGE_SLOT[d, q]`: its slot, -1 where the piece's kinds have no attribute of
that name); `land(x)` is a table from each text's number to the number of that text without its section number
(`LAND`, made once the rules are translated). A list of regions is not held natively: the comprehension
`[count(r) for r in regions(SPACES, L) where closed(r)]` (the test optional) is one function, `region_sizes`, that
makes the regions as the interpreter's union of tile sections does, in its order, and gives their sizes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...grammar import nodes as N
from ...grammar.types import DIRECTIONS, ORTHOGONAL
from .blocks import TranslatorPart

TURNS = "turns"  # the attribute slot of a piece's quarter turns
_DIRS = list(DIRECTIONS)
# the builtins that read a piece's turns
_TURNING = ("edge", "turned", "regions", "closed")


def uses_turns(checked) -> bool:
    """Do the rules read or write a piece's turns (`t.turns`, `edge`, `turned`, `regions`, `closed`)?"""
    for node in N.walk(checked.module):
        if isinstance(node, N.Attr) and node.name == TURNS and checked.type_of(node.obj).base == "piece":
            return True
        if isinstance(node, N.Call) and node.func in _TURNING and node.func not in checked.symbols.defs:
            return True
    return False


def tiles_source(layout) -> list[str]:
    """EDGE_SLOT and LAND, in a game with turns; PLAYER_TEXT where the rules read a player's name (none else)."""
    attributes = layout.attributes
    named = []
    if attributes is not None and getattr(layout, "player_names_read", False):
        named = [f"PLAYER_TEXT = np.array({[attributes.text(n) for n in layout.seat_names]!r}, dtype=np.int64)"
                 "  # each seat's name, as a text"]
    if attributes is None or TURNS not in attributes.types:
        return named
    from ..run.library import PRINTED
    slots = [[attributes.offset(PRINTED[d][q]) if attributes.types.get(PRINTED[d][q], ("",))[0] == "text" else -1
              for q in range(4)] for d in range(len(_DIRS))]
    land = [attributes.text(t.rstrip("0123456789")) for t in list(attributes.texts)]
    return ["# tiles (tiles.py): the slot of the side printed where direction d faces after q quarter turns back; each",
            "# text's number without its section number",
            f"EDGE_SLOT = np.array({[v for row in slots for v in row]!r}, dtype=np.int64).reshape({len(_DIRS)}, 4)",
            f"LAND = np.array({land + [-1] * (len(attributes.texts) - len(land)) or [0]!r}, dtype=np.int64)",
            f"TILE_ORTHO = np.array({[_DIRS.index(d) for d in ORTHOGONAL]!r}, dtype=np.int64)"] + named


TILES_PRELUDE = '''

# ---------------------------------------------------------------- tiles (engine/native/tiles.py)

@njit(cache=True)
def tile_edge(st, t, d, r):
    # edge(t, d, r): the text printed on the side of t that faces d after r quarter turns (r < 0: its own turns)
    if t < 0 or d < 0:
        return -1
    q = attr_of(st, t, A_turns) if r < 0 else r
    slot = EDGE_SLOT[d, (-q) % 4]
    if slot < 0:
        return -1
    return attr_of(st, t, slot)


@njit(cache=True)
def land_of(x):
    # land(x): the text without its section number (none of none)
    if x < 0:
        return -1
    return LAND[x]


@njit(cache=True)
def region_find(parent, k):
    while parent[k] != k:
        parent[k] = parent[parent[k]]
        k = parent[k]
    return k


@njit(cache=True)
def region_closed(st, sec_space, sec_mask, members, m):
    # closed(r): each side of each section of the region meets a tile whose touching side shows the same land
    for j in range(m):
        k = members[j]
        s = sec_space[k]
        tile = bottom_at(st, s)
        first = -1
        for i in range(4):
            if sec_mask[k] & (1 << i):
                first = TILE_ORTHO[i]
                break
        kind = land_of(tile_edge(st, tile, first, -1))
        for i in range(4):
            if sec_mask[k] & (1 << i) == 0:
                continue
            d = TILE_ORTHO[i]
            n = area_step(st, s, d)
            if n < 0 or st[TOP + n] < 0:
                return False
            if land_of(tile_edge(st, bottom_at(st, n), OPP[d], -1)) != kind:
                return False
    return True


@njit(cache=True)
def region_sizes(st, listed, kind, closed_only):
    # [count(r) for r in regions(SPACES, kind) (where closed(r))]: the sections of each region, in the
    # interpreter's order (library.regions: a union of the tiles' sections across touching sides of the spaces
    # listed that hold a piece)
    inside = np.zeros(NSPACES, np.bool_)
    spaces = np.empty(listed.shape[0], np.int64)
    ns = 0
    for j in range(listed.shape[0]):
        s = listed[j]
        if s >= 0 and s < NBOARDSPACES and st[TOP + s] >= 0:
            inside[s] = True
            spaces[ns] = s
            ns += 1
    cap = 4 * ns + 1
    sec_space = np.empty(cap, np.int64)
    sec_mask = np.zeros(cap, np.int64)
    by_side = np.full(4 * NSPACES, -1, np.int64)
    m = 0
    for j in range(ns):
        s = spaces[j]
        tile = bottom_at(st, s)
        values = np.full(4, -1, np.int64)
        owners = np.full(4, -1, np.int64)
        for i in range(4):
            v = tile_edge(st, tile, TILE_ORTHO[i], -1)
            if v < 0 or land_of(v) != kind:
                continue
            found = -1
            for h in range(i):
                if values[h] == v:
                    found = owners[h]
            if found < 0:
                found = m
                sec_space[m] = s
                sec_mask[m] = 0
                m += 1
            values[i] = v
            owners[i] = found
            sec_mask[found] |= 1 << i
            by_side[4 * s + i] = found
    parent = np.arange(m)
    for k in range(m):
        s = sec_space[k]
        for i in range(4):
            if sec_mask[k] & (1 << i) == 0:
                continue
            n = area_step(st, s, TILE_ORTHO[i])
            if n < 0 or not inside[n]:
                continue
            other = by_side[4 * n + (i + 2) % 4]
            if other >= 0:
                parent[region_find(parent, k)] = region_find(parent, other)
    roots = np.empty(m, np.int64)
    for k in range(m):
        roots[k] = region_find(parent, k)
    out = np.empty(m, np.int64)
    members = np.empty(m, np.int64)
    count = 0
    for r in range(m):
        # (a region's place in the list: the first of its sections, as the interpreter's order of roots)
        if roots[r] != r:
            continue
        size = 0
        for k in range(m):
            if roots[k] == r:
                members[size] = k
                size += 1
        if closed_only and not region_closed(st, sec_space, sec_mask, members, size):
            continue
        out[count] = size
        count += 1
    return out[:count]
'''


class TileTranslation(TranslatorPart):
    """The Translator's part for tiles (translate.py and areas.py call these)."""

    if TYPE_CHECKING:  # (the Translator's, and areas.AreaTranslation's, which inherits these methods)
        def direction(self, e: N.Expr, env: dict) -> str: ...
        def has_areas(self) -> bool: ...
        def lister(self, regular: list, fallback: list, exists: bool = False) -> list[str]: ...

    def player_name(self, e: N.Attr, env: dict) -> Optional[str]:
        """`p.name` of a player, as a text (its number in the table of texts), in a game whose pieces have
        attributes (the texts are theirs); else None."""
        t = self.type_of(e.obj)
        if e.name != "name" or t.base != "player" or t.is_list or self.layout.attributes is None:
            return None
        for name in self.layout.seat_names:
            self.layout.attributes.text(name)
        self.layout.player_names_read = True
        return f"PLAYER_TEXT[{self.expr(e.obj, env)}]"

    def tile_expr(self, e: N.Call, env: dict) -> Optional[str]:
        """`edge(t, d[, r])`, `land(x)`; else None. (`max(L)`, `min(L)` of a list of whole numbers, a farm's
        scoring: lists.py's list_extreme.)"""
        if self.is_def(e.func) or self.layout.attributes is None or TURNS not in self.layout.attributes.types:
            return None
        if e.func == "edge" and len(e.args) in (2, 3):
            turns = self.expr(e.args[2], env) if len(e.args) == 3 else "-1"
            return f"tile_edge(st, {self.expr(e.args[0], env)}, {self.direction(e.args[1], env)}, {turns})"
        if e.func == "land" and len(e.args) == 1:
            return f"land_of({self.expr(e.args[0], env)})"
        return None

    def region_sizes_list(self, e: N.Expr, env: dict) -> Optional[str]:
        """`[count(r) for r in regions(SPACES, L) where closed(r)]` (the test optional), an array of whole
        numbers; else None."""
        if not isinstance(e, N.Comprehension) or len(e.fors) != 1:
            return None
        comp = e.fors[0]
        element, domain, test = e.element, comp.domain, comp.test
        if not (isinstance(element, N.Call) and element.func == "count" and len(element.args) == 1
                and isinstance(element.args[0], N.Name) and element.args[0].id == comp.var):
            return None
        if not (isinstance(domain, N.Call) and domain.func == "regions" and len(domain.args) == 2
                and self.type_of(domain.args[0]).is_list and self.type_of(domain.args[0]).element.base == "space"):
            return None
        closed = isinstance(test, N.Call) and test.func == "closed" and len(test.args) == 1 \
            and isinstance(test.args[0], N.Name) and test.args[0].id == comp.var
        if test is not None and not closed:
            return None
        if any(self.is_def(f) for f in ("count", "regions", "closed")):
            return None
        if TURNS not in (self.layout.attributes.types if self.layout.attributes else {}):
            return None
        spaces, kind = self.list_value(domain.args[0], env), self.expr(domain.args[1], env)
        return f"region_sizes(st, {spaces}, {kind}, {closed})"
