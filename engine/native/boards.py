"""Board forms in the native backend beyond whole grids (docs/backends.md): what reads a hex board's adjacency.

On a hex board (`hex`, `hexagon N`, `triangle N`: topology.connect) a cell's neighbours are its links, the six hex
directions in direction order, which NBR holds in those directions. `neighbors(s)`, `regions_of(L)` and
`border(L)` there (the one-argument forms, in a game whose boards are all hex) walk those six directions in that
order, as the interpreter's links do; the builtins that read compass directions or the plane stay refused on a
hex board. `unique(L)` keeps each item where it first comes, as library.unique.

`rotate SPACES by N` (turning.rotate_block): the square block of one grid's spaces turned N quarter turns
clockwise, every stack lifted (bottom first, in the list's order) before any lands, each piece moved with
`move_piece` (journalled); `move each c in SPACES to DEST at once` (turning.move_at_once) works out every DEST
first, then lifts every stack and lands them in the list's order. What is not a square block of one grid, or a
list that is not of spaces each once, stops the game with an error, as the interpreter's RuleError does.

An enum's value is its index among the enum's values (an action's parameter of an enum loops over them in that
order; a move names it by its name).

A grid cut into `blocks W x H`: its spaces' neighbours (NBR, read from the interpreter's state) already stop at a
block's edge, so steps, rays, `in_a_row`, `group` and `region` stay within a block as the interpreter's do;
`block(s)` lists s's block bottom row first (BLOCKW/BLOCKH: each space's block size, 0 on a board without
blocks, where it is all the spaces of s's board); a leap by a number of steps is refused there (Layout's
`whole_grids`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N

# builtins whose one-argument form walks a hex cell's links, natively the six hex directions
HEX_ADJACENCY = frozenset(("neighbors", "regions_of", "border"))

BOARD_HELPERS = '''

@njit(cache=True)
def move_each(st, jr, items, targets):
    # move each ... at once (turning.move_at_once): the stack of items[k] to targets[k], every stack lifted before
    # any lands
    seen = np.zeros(NSPACES, np.bool_)
    total = 0
    for k in range(items.shape[0]):
        s = items[k]
        if s < 0 or s >= NBOARDSPACES:
            raise ValueError("`move each ... at once` moves the stacks of spaces, and the list holds something else")
        if seen[s]:
            raise ValueError("`move each ... at once` lists a space twice: each stack moves once")
        seen[s] = True
        n = count_at(st, s)
        if (targets[k] < 0 or targets[k] >= NBOARDSPACES) and n > 0:
            raise ValueError("`move each ... at once` sends a stack to none")
        total += n
    lifted = np.empty(total, np.int64)
    to = np.empty(total, np.int64)
    m = 0
    for k in range(items.shape[0]):
        for p in pieces_on(st, items[k]):
            lifted[m] = p
            to[m] = targets[k]
            m += 1
    for k in range(m):
        move_piece(st, jr, lifted[k], to[k])

@njit(cache=True)
def block_list(s):
    # block(s): the spaces of s's block, bottom row first (library.block); without blocks, its board's spaces
    if s < 0:
        return np.empty(0, np.int64)
    b = SBOARD[s]
    if b < 0:
        raise ValueError("`block` of a place that is not on a board")
    bw = BLOCKW[s]
    bh = BLOCKH[s]
    if bw == 0:
        return board_spaces(b)
    x0 = ((SX[s] - 1) // bw) * bw
    y0 = ((SY[s] - 1) // bh) * bh
    out = np.empty(bw * bh, np.int64)
    n = 0
    for j in range(1, bh + 1):
        for i in range(1, bw + 1):
            out[n] = AT[b, x0 + i, y0 + j]
            n += 1
    return out

@njit(cache=True)
def rotate_block(st, jr, items, turns):
    # rotate items by turns (turning.rotate_block): a square block of one grid's spaces, clockwise
    if items.shape[0] == 0:
        raise ValueError("`rotate` turns a square block of spaces, and this list is empty")
    board = -1
    left = 1 << 40
    bottom = 1 << 40
    right = -(1 << 40)
    top = -(1 << 40)
    for s in items:
        if s < 0 or s >= NBOARDSPACES:
            raise ValueError("`rotate` turns a square block of spaces, and this list holds something else")
        if board < 0:
            board = SBOARD[s]
        if SBOARD[s] != board or SGRID[s] == 0:
            raise ValueError("`rotate` turns a square block of one grid's spaces")
        left = min(left, SX[s])
        right = max(right, SX[s])
        bottom = min(bottom, SY[s])
        top = max(top, SY[s])
    side = right - left + 1
    seen = np.zeros(NSPACES, np.bool_)
    for s in items:
        if seen[s]:
            raise ValueError("`rotate` turns a square block of spaces, each once")
        seen[s] = True
    if top - bottom + 1 != side or items.shape[0] != side * side:
        raise ValueError("`rotate` turns a square block of spaces, and these are not one")
    quarter = turns % 4
    if quarter == 0:
        return
    # every stack lifted first (bottom first), then landed in the list's order
    lifted = np.empty(count_all(st, items), np.int64)
    targets = np.empty(lifted.shape[0], np.int64)
    n = 0
    for s in items:
        i = SX[s] - left
        j = SY[s] - bottom
        for _ in range(quarter):  # clockwise about the middle: (i, j) -> (j, side - 1 - i)
            i, j = j, side - 1 - i
        target = AT[board, left + i, bottom + j]
        pieces = pieces_on(st, s)
        for p in pieces:
            lifted[n] = p
            targets[n] = target
            n += 1
    for k in range(n):
        move_piece(st, jr, lifted[k], targets[k])


@njit(cache=True)
def count_all(st, items):
    n = 0
    for s in items:
        n += count_at(st, s)
    return n

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
        def type_of(self, e: N.Node) -> Any: ...
        def scalar_list(self, e: N.Expr) -> bool: ...
        def expr(self, e: N.Expr, env: dict) -> str: ...
        def fresh(self, name: str) -> str: ...

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

    def rotate_lines(self, s: N.Rotate, env: dict, pad: str) -> list[str]:
        from .translate import Unsupported
        if self.type_of(s.turns).base != "int" or not self.scalar_list(s.what):
            raise Unsupported(s.span, "`rotate` of something else than a list of spaces by a whole number")
        return [f"{pad}rotate_block(st, jr, {self.list_value(s.what, env)}, {self.expr(s.turns, env)})"]

    def move_each_lines(self, s: N.MoveEach, env: dict, pad: str) -> list[str]:
        """`move each c in SPACES to DEST at once`: every DEST worked out first, then move_each."""
        from .translate import Unsupported
        if not self.scalar_list(s.domain) or self.type_of(s.dest).is_list \
                or self.type_of(s.dest).base not in ("space", "any"):
            raise Unsupported(s.span, "`move each ... at once` of something else than spaces to a space")
        items, targets, k, var = self.fresh("items"), self.fresh("targets"), self.fresh("k"), self.fresh(s.var)
        dest = self.expr(s.dest, {**env, s.var: var})
        return [f"{pad}{items} = {self.list_value(s.domain, env)}",
                f"{pad}{targets} = np.empty({items}.shape[0], np.int64)",
                f"{pad}for {k} in range({items}.shape[0]):", f"{pad}    {var} = {items}[{k}]",
                f"{pad}    {targets}[{k}] = {dest}", f"{pad}move_each(st, jr, {items}, {targets})"]

    def board_constants(self) -> list[str]:
        """SBOARD: each place's board (-1: a zone); SGRID: whether that board is a grid (`rotate` turns a block
        of one)."""
        board = [-1] * len(self.layout.space_names)
        grid = [0] * len(self.layout.space_names)
        shapes = {name: b.shape for name, b in self.checked.symbols.boards.items()}
        for b, name in enumerate(self.layout.board_order):
            for s in self.layout.boards[name]:
                board[s] = b
                grid[s] = 1 if shapes.get(name) == "grid" else 0
        # each space's block size (0: its board has no blocks), for block(s)
        width, height = [0] * len(board), [0] * len(board)
        for name in self.layout.board_order:
            size = self.layout.block_sizes.get(name)
            if size is not None:
                for s in self.layout.boards[name]:
                    width[s], height[s] = size
        arrays = [f"BOARD_{b}" for b in range(len(self.layout.board_order))]
        lines = ["", f"SBOARD = np.array({board!r}, dtype=np.int64)", f"SGRID = np.array({grid!r}, dtype=np.int64)",
                 f"BLOCKW = np.array({width!r}, dtype=np.int64)", f"BLOCKH = np.array({height!r}, dtype=np.int64)",
                 "", "@njit(cache=True)", "def board_spaces(b):", "    # the spaces of board b, in its order"]
        for b, name in enumerate(arrays):
            lines += [f"    {'if' if b == 0 else 'elif'} b == {b}:", f"        return {name}.copy()"]
        return lines + ["    return np.empty(0, np.int64)"]

    def enum_values(self, e: N.Expr) -> Optional[tuple]:
        """The values of the enum a type's name names (`way`), else None."""
        if isinstance(e, N.Name) and self.checked.meaning(e).category == "enum type":
            return tuple(self.checked.symbols.enums[e.id].values)
        return None

    def enum_loop(self, domain: N.Expr, var: str, pad: str) -> Optional[tuple[list[str], int]]:
        values = self.enum_values(domain)
        return None if values is None else ([f"{pad}for {var} in range({len(values)}):"], 1)

    def enum_value(self, e: N.Name) -> Optional[str]:
        """An enum's value as its index; else None."""
        if self.checked.meaning(e).category != "enum":
            return None
        enum = self.checked.symbols.enum_values[e.id]
        return str(self.checked.symbols.enums[enum].values.index(e.id))

    def unique_list(self, e: N.Expr, env: dict) -> Optional[str]:
        """unique(L) of a list of scalars, block(s), as an array; else None."""
        if isinstance(e, N.Call) and e.func == "unique" and not self.is_def(e.func) and len(e.args) == 1:
            return f"unique_of({self.list_value(e.args[0], env)})"
        if isinstance(e, N.Call) and e.func == "block" and not self.is_def(e.func) and len(e.args) == 1 \
                and self.type_of(e.args[0]).base == "space" and not self.type_of(e.args[0]).is_list:
            return f"block_list({self.expr(e.args[0], env)})"
        return None
