"""The builtin functions of the language, as they run. Each takes the State first.

They are general: geometry (neighbours, rays, paths across boards, lines), collections and
seat-relative reading of positions. No game's rules live here.
"""
from __future__ import annotations

from .runtime import DIR_BY_VECTOR, DIRS, Piece, RuleError

_AXES = ((1, 0), (0, 1), (1, 1), (1, -1))


def _items(v):
    if v is None:
        return []
    if isinstance(v, list):
        return v
    return v.pieces


def count(S, v):
    return len(_items(v))


def empty(S, v):
    return v is None or not _items(v)


def any_(S, v):
    return any(_items(v))


def all_(S, v):
    return all(_items(v))


def sum_(S, v):
    return sum(x for x in _items(v) if x is not None)


def min_(S, a, b=None):
    if b is not None:
        return min(a, b)
    xs = [x for x in _items(a) if x is not None]
    return min(xs) if xs else 0


def max_(S, a, b=None):
    if b is not None:
        return max(a, b)
    xs = [x for x in _items(a) if x is not None]
    return max(xs) if xs else 0


def abs_(S, a):
    return abs(a)


def top(S, c):
    if c is None:
        return None
    p = c.pieces
    return p[-1] if p else None


def bottom(S, c):
    if c is None:
        return None
    p = c.pieces
    return p[0] if p else None


def first(S, v):
    xs = _items(v)
    return xs[0] if xs else None


def last(S, v):
    xs = _items(v)
    return xs[-1] if xs else None


def random_(S, v):
    xs = _items(v)
    if not xs:
        return None
    return xs[S.randrange(len(xs))]


def owner(S, v):
    if v is None:
        return None
    if isinstance(v, Piece):
        return v.owner
    p = v.pieces
    return p[-1].owner if p else None


def _rays(s):
    """For each of the four axes through s, the spaces walking out each way (cached on the board)."""
    cache = S_RAYS.get(id(s))
    if cache is None or cache[0] is not s:
        rays = []
        for dx, dy in _AXES:
            i, j = DIR_BY_VECTOR[(dx, dy)].i, DIR_BY_VECTOR[(-dx, -dy)].i
            both = []
            for k in (i, j):
                out, t = [], s.nbr[k]
                while t is not None:
                    out.append(t)
                    t = t.nbr[k]
                both.append(out)
            rays.append(both)
        cache = (s, rays)
        S_RAYS[id(s)] = cache
    return cache[1]


S_RAYS: dict = {}


def in_a_row(S, s, n):
    """Is `s` part of a straight line of at least n stacks whose top pieces share an owner?"""
    if s is None or not s.pieces:
        return False
    if s.board.area:
        return _in_a_row_area(s, n)
    who = s.pieces[-1].owner
    for forth, back in _rays(s):
        run = 1
        for ray in (forth, back):
            for t in ray:
                p = t.pieces
                if not p or p[-1].owner is not who:
                    break
                run += 1
        if run >= n:
            return True
    return False


def _in_a_row_area(s, n):
    who = s.pieces[-1].owner
    by_xy = s.board.by_xy
    for dx, dy in _AXES:
        run = 1
        for sign in (1, -1):
            cx, cy = s.x + sign * dx, s.y + sign * dy
            while True:
                t = by_xy.get((cx, cy))
                if t is None or not t.pieces or t.pieces[-1].owner is not who:
                    break
                run += 1
                cx += sign * dx
                cy += sign * dy
        if run >= n:
            return True
    return False


def neighbors(S, s, dirs=None):
    if s is None:
        return []
    if dirs is None:
        nbr = s.nbr
        return [t for t in (nbr[0], nbr[2], nbr[4], nbr[6]) if t is not None]
    return [t for t in (s.nbr[d.i] for d in dirs if d is not None) if t is not None]


def touching(S, s, board_spaces):
    if s is None or not board_spaces:
        return []
    return S.touching(s, board_spaces[0].board.name)


def path(S, s, d):
    """The spaces met walking from s in direction d across the shared plane, on any board."""
    out = []
    if s is None or d is None:
        return out
    plane = S.plane
    x, y = s.px + d.dx, s.py + d.dy
    bound = S.plane_bound
    while abs(x) <= bound and abs(y) <= bound:
        t = plane.get((x, y))
        if t is not None:
            out.append(t)
        x += d.dx
        y += d.dy
    return out


def ray(S, s, d):
    """The spaces of s's own board from s (excluded) in direction d, to the edge."""
    out = []
    if s is None or d is None:
        return out
    t = s.nbr[d.i]
    while t is not None:
        out.append(t)
        t = t.nbr[d.i]
    return out


def direction(S, a, b):
    if a is None or b is None:
        return None
    dx, dy = b.px - a.px, b.py - a.py
    if dx == 0 and dy == 0:
        return None
    if dx != 0 and dy != 0 and abs(dx) != abs(dy):
        return None
    return DIR_BY_VECTOR[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]


def row(S, s, p):
    """The row of s counted from p's edge of the board: 1 is the row nearest p."""
    b = s.board
    edge = p.facing
    if edge == "south":
        return s.y
    if edge == "north":
        return b.height - s.y + 1
    if edge == "west":
        return s.x
    return b.width - s.x + 1


def column(S, s, p):
    """The column of s counted from p's left."""
    b = s.board
    edge = p.facing
    if edge == "south":
        return s.x
    if edge == "north":
        return b.width - s.x + 1
    if edge == "west":
        return b.height - s.y + 1
    return s.y


def at(S, spaces, x, y):
    board = getattr(spaces, "board", None)
    if board is not None:
        return board.space_at(x, y) if board.area else board.by_xy.get((x, y))
    if not spaces:
        return None
    return spaces[0].board.by_xy.get((x, y))


def next_player(S, p):
    return S.next_player(p)


def seat(S, i):
    if not 1 <= i <= S.n:
        raise RuleError(f"there is no seat {i}")
    return S.players[i - 1]


FUNCTIONS = {
    "count": count, "empty": empty, "any": any_, "all": all_, "sum": sum_, "min": min_, "max": max_,
    "abs": abs_, "top": top, "bottom": bottom, "first": first, "last": last, "random": random_,
    "owner": owner, "in_a_row": in_a_row, "neighbors": neighbors, "touching": touching, "path": path,
    "ray": ray, "direction": direction, "row": row, "column": column, "at": at, "next_player": next_player,
    "seat": seat,
}


# ---------------------------------------------------------------- operators on untyped values

def add(S, a, b):
    if hasattr(b, "dx"):  # a space plus a direction (none off the board)
        return None if a is None else a.nbr[b.i]
    if a is None or b is None:
        raise RuleError("cannot add none")
    return a + b


def divide(a, b):
    if b == 0:
        raise RuleError("division by zero")
    return a // b


def modulo(a, b):
    if b == 0:
        raise RuleError("division by zero")
    return a % b


def lt(a, b):
    if a is None or b is None:
        return False
    return a < b


def contains(collection, v):
    if collection is None:
        return False
    if isinstance(collection, list):
        return v in collection
    return v in collection.pieces


def pieces_of(items, who):
    return [p for p in items if p is not None and p.owner is who]


def spaces_of(items, who):
    return [s for s in items if s.pieces and s.pieces[-1].owner is who]


def dynamic_attr(S, obj, name):
    if obj is None:
        return None
    if isinstance(obj, Piece):
        if name == "space":
            return obj.space
        if name in ("owner", "up"):
            return getattr(obj, name)
        if name == "kind":
            return obj.kind.name
        return obj.attrs.get(name)
    if hasattr(obj, "vars") and hasattr(obj, "zones"):
        if name in obj.boards:
            return obj.boards[name].in_play()
        if name in obj.zones:
            return obj.zones[name]
        if name in obj.vars:
            return obj.vars[name]
        if name == "seat":
            return obj.index + 1
    if hasattr(obj, "nbr") and name == "board":
        return obj.board.name
    return getattr(obj, name, None)


__all__ = ["FUNCTIONS", "DIRS"]


def seat_space(S, spaces, label, p):
    """The space that a position printed on a player's component names, read from that player's seat:
    `b1` is the second column from the player's left, in the row nearest the player."""
    if not spaces or label is None or p is None:
        return None
    letters = "".join(ch for ch in str(label) if ch.isalpha()).lower()
    digits = "".join(ch for ch in str(label) if ch.isdigit())
    if not letters or not digits:
        raise RuleError(f"'{label}' is not a position like b1")
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - 96)
    r = int(digits)
    for s in spaces:
        if column(S, s, p) == col and row(S, s, p) == r:
            return s
    return None


FUNCTIONS["seat_space"] = seat_space


# ---------------------------------------------------------------- tiles: rotation, edges, regions

def _rotations():
    from .runtime import rotate
    return {(d.i, q): DIR_BY_VECTOR[rotate(d.dx, d.dy, -q)] for d in DIRS.values() for q in range(4)}


_ROTATED = _rotations()  # (direction, quarter turns clockwise) -> direction


def _rotate_dir(d, quarter_turns_clockwise):
    return _ROTATED[(d.i, quarter_turns_clockwise % 4)]


def edge(S, piece, d, turns=None):
    """The value printed on the side of `piece` that faces compass direction d, after its turns
    (or after `turns` quarter turns clockwise, to ask before turning it)."""
    if piece is None or d is None:
        return None
    printed = _rotate_dir(d, -(piece.turns if turns is None else turns))
    return piece.attrs.get(printed.name)


def turned(S, piece, d):
    """Where a direction printed on `piece` points on the table, after its turns."""
    if piece is None or d is None:
        return None
    return _rotate_dir(d, piece.turns)


def opposite(S, d):
    return None if d is None else DIRS[_OPPOSITE[d.name]]


_OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east", "northeast": "southwest",
             "southwest": "northeast", "northwest": "southeast", "southeast": "northwest"}


def land(S, value):
    """A landscape without its section number: `cane2` is cane."""
    return None if value is None else str(value).rstrip("0123456789")


_SIDES = ("north", "east", "south", "west")


def _sections(S, s, kind):
    """The sections of `kind` on the tile at the bottom of s: sides with the same printed value are one."""
    tile = s.pieces[0]
    groups = {}
    for name in _SIDES:
        d = DIRS[name]
        v = edge(S, tile, d)
        if v is not None and land(S, v) == kind:
            groups.setdefault(v, []).append(d)
    return [tuple(ds) for ds in groups.values()]


def regions(S, spaces, kind):
    """Connected regions of `kind` across the tiles of these spaces: sides that touch with the same
    landscape join their sections. A region is a list of sections (space, sides)."""
    spaces = [s for s in spaces if s is not None and s.pieces]
    inside = set(map(id, spaces))
    parent = {}
    sections = []
    by_side = {}
    for s in spaces:
        for ds in _sections(S, s, kind):
            key = (id(s), ds)
            parent[key] = key
            sections.append((s, ds, key))
            for d in ds:
                by_side[(id(s), d.i)] = key

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k
    for s, ds, key in sections:
        for d in ds:
            n = s.nbr[d.i]
            if n is not None and id(n) in inside:
                other = by_side.get((id(n), (d.i + 4) % 8))
                if other is not None:
                    parent[find(key)] = find(other)
    groups = {}
    for s, ds, key in sections:
        groups.setdefault(find(key), []).append((s, ds))
    return [groups[k] for k in sorted(groups, key=lambda k: [x for x in parent].index(k))]


def closed(S, region):
    """A region is closed when every side of it meets a neighbour's side of the same landscape."""
    for s, ds in region or ():
        kind = land(S, edge(S, s.pieces[0], ds[0])) if s.pieces else None
        for d in ds:
            n = s.nbr[d.i]
            if n is None or not n.pieces:
                return False
            if land(S, edge(S, n.pieces[0], opposite(S, d))) != kind:
                return False
    return True


def frontier(S, spaces):
    """The empty spaces orthogonally next to these spaces (an area grows into them)."""
    board = getattr(spaces, "board", None)
    out, seen = [], set()
    for s in spaces:
        if not s.pieces:
            continue
        for name in _SIDES:
            d = DIRS[name]
            n = s.nbr[d.i]
            if n is None and board is not None and board.area:
                n = board.space_at(s.x + d.dx, s.y + d.dy)
            if n is not None and not n.pieces and id(n) not in seen:
                seen.add(id(n))
                out.append(n)
    return out


FUNCTIONS.update({"edge": edge, "turned": turned, "opposite": opposite, "land": land, "regions": regions,
                  "closed": closed, "frontier": frontier})


def group(S, s, dirs=None):
    """The spaces joined to s, step by step in these directions (orthogonal by default), whose top pieces
    have the owner of s's top piece: a chain of stones (Hex, Go)."""
    if s is None or not s.pieces:
        return []
    who = s.pieces[-1].owner
    steps = [d.i for d in dirs if d is not None] if dirs is not None else [0, 2, 4, 6]
    seen, todo, out = {id(s)}, [s], []
    while todo:
        t = todo.pop()
        out.append(t)
        for k in steps:
            n = t.nbr[k]
            if n is not None and id(n) not in seen and n.pieces and n.pieces[-1].owner is who:
                seen.add(id(n))
                todo.append(n)
    return out


FUNCTIONS["group"] = group
