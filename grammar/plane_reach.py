"""How far from the middle of the shared plane a game's boards may reach, worked out before the game is built.

The engine lays the boards out (engine/run/topology.py): side by side, left to right, one empty column apart, or
where a board's `at (X, Y)` puts each space. The checker asks here how far that may go, so that a board
placed past MAX_PLANE is reported with the other diagnostics, for the options' defaults and the ends of their
ranges. An `at` coordinate is bounded over all the board's columns and rows by interval arithmetic (a bound
that may be a little wide, never too narrow), in time proportional to its length; the compiler checks the
exact places of the spaces again when it builds a game.
"""
from __future__ import annotations

from typing import Callable, Optional

from . import nodes as N
from .boards import DERIVED, graph_points, hex_box, label_position
from .limits import MAX_GRID
from .static_values import StaticValues

Interval = tuple[int, int]


def farthest(boards: dict, size: Callable[[N.Board], tuple[int, int]], static: StaticValues) \
        -> Optional[tuple[N.Board, int]]:
    """The first shared board whose spaces may lie farthest from the middle of the plane, and how far (the
    largest column or row, either side of zero), or None when no board has spaces. A board whose places
    cannot be worked out (a diagnostic of its own says why) counts as reaching nowhere."""
    family = {o.of for o in boards.values() if o.shape in DERIVED}  # grids laid out with their edges or corners
    offsets = _offsets(boards, size, family)
    worst: Optional[tuple[N.Board, int]] = None
    for b in boards.values():
        if b.per_player or b.shape == "area":
            continue
        reach = _reach(b, boards, size, static, offsets, family)
        if reach is not None and (worst is None or reach > worst[1]):
            worst = (b, reach)
    return worst


def _offsets(boards: dict, size, family: set) -> dict:
    """Where each board begins when the boards are laid side by side (as engine/run/topology.py lays them)."""
    out, offset = {}, 0
    for b in boards.values():
        out[b.name] = offset
        offset += _plane_width(b, size, family) + 1
    return out


def _plane_width(b: N.Board, size, family: set) -> int:
    if b.shape in DERIVED:
        return -1  # they lie on their grid
    if b.shape == "grid":
        w, _ = size(b)
        if b.blocks is not None and b.name not in family:
            bw = _int(b.blocks[0])
            return w + w // bw - 1 if bw else w
        return 2 * w + 1 if b.name in family else w
    if b.shape == "graph":
        return max((c for c, _ in _graph_places(b)), default=0)
    if b.shape == "hex":
        return hex_box(b.outline, *size(b))[0]
    return 0


def _int(e: N.Expr) -> int:
    """A block's size as written when it is a number (a constant's is checked elsewhere; 0: not known here)."""
    return e.value if isinstance(e, N.Num) and isinstance(e.value, int) and e.value > 0 else 0


def _graph_places(b: N.Board) -> list:
    places = [p.at if p.at is not None else label_position(p.name) for p in graph_points(b)]
    return [p for p in places if p is not None and all(1 <= v <= MAX_GRID for v in p)]


def _reach(b: N.Board, boards: dict, size, static: StaticValues, offsets: dict, family: set) -> Optional[int]:
    if b.shape in DERIVED:
        grid = boards.get(b.of or "")
        if grid is None or grid.shape != "grid":
            return None
        w, h = size(grid)
        return max(2 * w + 1 + offsets[grid.name], 2 * h + 1)
    if b.shape == "grid":
        w, h = size(b)
        if b.blocks is not None and b.at is None:
            bw, bh = _int(b.blocks[0]), _int(b.blocks[1])
            w, h = w + (w // bw - 1 if bw else 0), h + (h // bh - 1 if bh else 0)
        columns, rows = (1, w), (1, h)
    elif b.shape == "hex":
        w, h = hex_box(b.outline, *size(b))
        columns, rows = (1, w), (1, h)
    else:
        places = _graph_places(b)
        if not places:
            return None
        columns = (min(c for c, _ in places), max(c for c, _ in places))
        rows = (min(r for _, r in places), max(r for _, r in places))
    if b.at is not None:
        x, y = (_bounds(e, {"x": columns, "y": rows}, static) for e in b.at)
        if x is None or y is None:
            return None
        return max(abs(x[0]), abs(x[1]), abs(y[0]), abs(y[1]))
    if b.shape == "grid" and b.name in family:
        return max(2 * columns[1] + offsets[b.name], 2 * rows[1])
    return max(columns[1] + offsets[b.name], rows[1])


def _bounds(e: N.Expr, coords: dict, static: StaticValues) -> Optional[Interval]:
    """The least and the greatest value `e` may take with `x` and `y` anywhere in their intervals; None when it
    is not arithmetic of things fixed before the game (the checker says so)."""
    if isinstance(e, N.Num):
        return (e.value, e.value) if isinstance(e.value, int) else None
    if isinstance(e, N.Name):
        if e.id in coords:
            return coords[e.id]
        v = static.int_of(e)
        return None if v is None else (v, v)
    if isinstance(e, N.Neg):
        inner = _bounds(e.value, coords, static)
        return None if inner is None else (-inner[1], -inner[0])
    if isinstance(e, N.BinOp):
        a, b = _bounds(e.left, coords, static), _bounds(e.right, coords, static)
        if a is None or b is None:
            return None
        if e.op == "+":
            return a[0] + b[0], a[1] + b[1]
        if e.op == "-":
            return a[0] - b[1], a[1] - b[0]
        if e.op == "*":
            products = [p * q for p in a for q in b]
            return min(products), max(products)
        if e.op == "%":
            if b[0] == b[1] and (0 <= a[0] and a[1] < b[0] or b[0] < a[0] and a[1] <= 0):
                return a  # smaller than the divisor: itself
            largest = max(abs(b[0]), abs(b[1]))
            if largest == 0:
                return None
            # Python's remainder has the divisor's sign and is smaller than it
            return (-(largest - 1) if b[0] < 0 else 0), (largest - 1 if b[1] > 0 else 0)
        if e.op == "//" and b[0] == b[1] and b[0] > 0:
            return a[0] // b[0], a[1] // b[0]  # (floor division by a fixed positive number keeps the order)
    return None  # `/` makes a fraction, which no place is (a type error says so)
