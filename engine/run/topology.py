"""Where the spaces of a board are and what each is next to, for every shape of board.

A grid's spaces are its columns and rows. The edges and the corners of a grid lie on the plane between the
grid's spaces: corner (i, j) at (2i - 1, 2j - 1), space (x, y) at (2x, 2y), an edge half way between its two
corners; so `touching` relates a space, its edges and its corners. An edge's `x` and `y` are those of its
middle on that plane. A graph's points are where its rules file puts them; each joins the points it is
linked to, and its `line`s are the lines `in_a_row` follows. A hex board's cells are at their axial column
and row (grammar/boards.py's hex_cells), each joined to its six neighbours.
"""
from __future__ import annotations

from ...grammar.labels import grid_label as label  # a grid space's name: `b3`, `B3` or `2,3`
from ...grammar.types import DIRECTION_SETS
from .runtime import DIR_BY_VECTOR, DIRS

_ORTHOGONAL_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
# the six directions of a hex board and the step each takes in axial coordinates (a row is drawn half a cell
# right of the one below): north and south lead nowhere
HEX_STEPS = {"east": (1, 0), "northeast": (0, 1), "northwest": (-1, 1), "west": (-1, 0), "southwest": (0, -1),
             "southeast": (1, -1)}


def _width(spec, spread: bool) -> int:
    """How many columns of the plane a board takes when laid side by side with the others (`spread`: a grid
    whose edges or corners are boards, on the doubled plane)."""
    if spec.shape in ("edges", "corners"):
        return -1  # they lie on their grid
    if spec.shape == "grid" and spread:
        return 2 * spec.width + 1
    if getattr(spec, "blocks", None):  # a column between blocks
        return spec.width + spec.width // spec.blocks[0] - 1
    return spec.width


class Layout:
    """Where the boards lie on the plane side by side, worked out once for all of them (board by board, the
    sums of the widths before each took time in the cube of the number of boards: minutes for two thousand)."""

    def __init__(self, specs):
        self.family = {b.of for b in specs if b.of is not None}  # the grids whose edges or corners are boards
        self.offsets, at = [], 0
        for b in specs:
            self.offsets.append(at)
            at += _width(b, b.name in self.family) + 1
        self.index = {b.name: i for i, b in enumerate(specs)}


def sites(spec, specs, index, layout=None):
    """The spaces of a shared board: (x, y, name, px, py), in the order the board lists them (bottom row
    first, then up)."""
    layout = layout or Layout(specs)
    offset = layout.offsets[index]
    if spec.shape in ("edges", "corners"):
        offset = layout.offsets[layout.index[spec.of]]
        make = _edge_sites if spec.shape == "edges" else _corner_sites
        return make(spec.width, spec.height, spec.labels, offset)
    if spec.shape == "graph":
        return [(x, y, name, *(spec.place(x, y) if spec.place is not None else (x + offset, y)))
                for name, x, y in spec.points]
    if spec.shape == "hex":
        return [(x, y, label(x, y, spec.labels), *(spec.place(x, y) if spec.place is not None else (x + offset, y)))
                for x, y in spec.cells]
    spread = spec.name in layout.family
    blocks = getattr(spec, "blocks", None)
    out = []
    for y in range(1, spec.height + 1):
        for x in range(1, spec.width + 1):
            if spec.place is not None:
                px, py = spec.place(x, y)
            elif spread:
                px, py = 2 * x + offset, 2 * y
            elif blocks:  # an empty column and row between blocks, so that they are drawn apart
                px, py = x + (x - 1) // blocks[0] + offset, y + (y - 1) // blocks[1]
            else:
                px, py = x + offset, y
            out.append((x, y, label(x, y, spec.labels), px, py))
    return out


def _corner_sites(width, height, labels, offset):
    return [(i, j, label(i, j, labels), 2 * i - 1 + offset, 2 * j - 1)
            for j in range(1, height + 2) for i in range(1, width + 2)]


def _edge_sites(width, height, labels, offset):
    """Each edge named by its corners, lower left first (`a1-b1`); at its middle on the doubled plane."""
    out = []
    for fy in range(1, 2 * height + 2):
        for fx in range(1, 2 * width + 2):
            if fx % 2 == fy % 2:
                continue  # a corner or a space of the grid
            i, j = (fx + 1) // 2, (fy + 1) // 2  # its lower left corner
            end = (i + 1, j) if fy % 2 == 1 else (i, j + 1)
            out.append((fx, fy, f"{label(i, j, labels)}-{label(*end, labels)}", fx + offset, fy))
    return out


def build_walls(grid, walls, plane) -> None:
    """Give each space of `grid` the edges of `walls` (its `walls of` board) between it and its orthogonal
    neighbours: an edge lies half way between the two spaces on the plane."""
    for s in grid.spaces:
        between: list = [None] * 8
        for dx, dy in _ORTHOGONAL_STEPS:
            d = DIR_BY_VECTOR[(dx, dy)]
            if s.nbr[d.i] is not None:
                e = plane.get((s.px + dx, s.py + dy))
                between[d.i] = e if e is not None and e.board is walls else None
        s.walls = between


def block_of(s, blocks) -> tuple[int, int]:
    """Which block of its grid a space is in: (column, row) of blocks, from (1, 1)."""
    return (s.x - 1) // blocks[0] + 1, (s.y - 1) // blocks[1] + 1


def neighbor_steps(spec):
    """The direction numbers of a board's `neighbors` option (`all_directions`), or None: orthogonal."""
    if getattr(spec, "neighbors", None) is None:
        return None
    return tuple(DIRS[d].i for d in DIRECTION_SETS[spec.neighbors])


def open_step(s, i):
    """The neighbour of s in direction number i, or None at the edge of its board or across a wall."""
    t = s.nbr[i]
    if t is None:
        return None
    walls = s.walls
    if walls is not None:
        e = walls[i]
        if e is not None and e.pieces:
            return None
    return t


def board_size(spec) -> tuple[int, int]:
    """(width, height) of a board's columns and rows as its spaces count them."""
    if spec.shape == "edges":
        return 2 * spec.width + 1, 2 * spec.height + 1
    if spec.shape == "corners":
        return spec.width + 1, spec.height + 1
    return spec.width, spec.height


def connect(board, spec):
    """Join the spaces of a board built from `spec`: their neighbours in each direction, and the links of a
    graph or of edges."""
    by_xy = board.by_xy
    if spec.shape == "edges":
        for s in board.spaces:
            # along its own line only: an edge running east and west has neighbours east and west
            steps = ((1, 0), (-1, 0)) if s.y % 2 == 1 else ((0, 1), (0, -1))
            for dx, dy in steps:
                s.nbr[DIR_BY_VECTOR[(dx, dy)].i] = by_xy.get((s.x + 2 * dx, s.y + 2 * dy))
            # the edges that meet it at one of its ends
            links = []
            for ex, ey in ((-1, 0), (1, 0)) if s.y % 2 == 1 else ((0, -1), (0, 1)):
                cx, cy = s.x + ex, s.y + ey
                for dx, dy in _ORTHOGONAL_STEPS:
                    t = by_xy.get((cx + dx, cy + dy))
                    if t is not None and t is not s:
                        links.append(t)
            s.links = tuple(links)
        return
    if spec.shape == "graph":
        _connect_graph(board, spec)
        return
    if spec.shape == "hex":
        hex_steps = [(DIRS[name].i, dx, dy) for name, (dx, dy) in HEX_STEPS.items()]
        for s in board.spaces:
            for i, dx, dy in hex_steps:
                s.nbr[i] = by_xy.get((s.x + dx, s.y + dy))
            s.links = tuple(t for t in s.nbr if t is not None)  # clockwise from northeast
        return
    blocks = getattr(spec, "blocks", None)
    for s in board.spaces:
        for d in DIRS.values():
            t = by_xy.get((s.x + d.dx, s.y + d.dy))
            if blocks and t is not None and block_of(t, blocks) != block_of(s, blocks):
                t = None  # a block is a board of its own: nothing lies beyond its edge
            s.nbr[d.i] = t
    board.blocks = blocks


def _connect_graph(board, spec):
    named = dict(zip((p[0] for p in spec.points), board.spaces))
    links: dict = {id(s): {} for s in board.spaces}  # a dict keeps the order and a link made twice once
    lines = []
    through: dict = {id(s): [] for s in board.spaces}
    for names, straight in spec.lines:
        points = tuple(named[n] for n in names)
        for a, b in zip(points, points[1:]):
            links[id(a)][id(b)] = b
            links[id(b)][id(a)] = a
        if straight:
            lines.append(points)
            for i, s in enumerate(points):
                through[id(s)].append((points[i + 1:], points[:i][::-1]))
    board.lines = lines
    for s in board.spaces:
        s.links = tuple(links[id(s)].values())
        s.along = through[id(s)]  # the lines through it, walked out from it each way (in_a_row)
        # a link that runs straight or diagonally gives a direction: the nearest point that way
        for t in s.links:
            dx, dy = t.x - s.x, t.y - s.y
            if dx and dy and abs(dx) != abs(dy):
                continue
            d = DIR_BY_VECTOR[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]
            held = s.nbr[d.i]
            if held is None or max(abs(dx), abs(dy)) < max(abs(held.x - s.x), abs(held.y - s.y)):
                s.nbr[d.i] = t

