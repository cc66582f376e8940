"""What a path check reads, in the native backend (docs/backends.md): `region(s, L)`, the pieces of a kind and
owner as a list (`first(pawn of mover)`), and a piece's space (`.space`).

`K of P` lists the pieces of kind K and owner P in play (not in the box) in the interpreter's order, which is the
order they were made in (State.kind_pieces): the native pieces are numbered so (Layout.encode numbers a handed-over
position's pieces in that order too, and a piece made later gets the next number), so a loop over the numbers is
that order. `region(s, L)` is library.region: the spaces of L reached from s from orthogonal neighbour to
neighbour without leaving L, breadth first, s first (none when s is not in L), round the walls of a `walls of`
board (walls.py); on a board with links it is refused.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N

PATH_HELPERS = '''

@njit(cache=True)
def region_into(st, s, items, out):
    # region(s, items): the spaces of items joined to s from orthogonal neighbour to neighbour, breadth first
    # (library._spread), s first, never across a wall (open_step: walls.py); none when s is not among them. How
    # many, written to out
    inside = np.zeros(NSPACES, np.bool_)
    for t in items:
        if t >= 0:
            inside[t] = True
    if s < 0 or not inside[s]:
        return 0
    inside[s] = False
    out[0] = s
    m = 1
    head = 0
    while head < m:
        x = out[head]
        head += 1
        for d in ORTHO:
            u = open_step(st, x, d)
            if u >= 0 and inside[u]:
                inside[u] = False
                out[m] = u
                m += 1
    return m


@njit(cache=True)
def space_of_piece(st, p):
    # a piece's space (none in a zone or the box); of no piece, the rules' error, as the interpreter's
    if p < 0:
        raise ValueError("a rule read `.space` of none")
    place = st[PIECES + PSTRIDE * p + 2]
    if place < 0 or place >= NBOARDSPACES:
        return -1
    return place
'''


class PathTranslation:
    """Translator's part for region, `K of P` as a list of pieces, `.space` (a mixin)."""

    if TYPE_CHECKING:  # (what it reads of the Translator)
        checked: Any
        layout: Any

        def expr(self, e: N.Expr, env: dict) -> str: ...
        def type_of(self, e: N.Node) -> Any: ...
        def list_value(self, e: N.Expr, env: dict) -> str: ...
        def fresh(self, name: str) -> str: ...
        def refuse_links(self, call: N.Call, adjacent: bool) -> None: ...
        def within_unlinked_board(self, items: N.Expr) -> bool: ...

    def pieces_loop(self, domain: N.Expr, var: str, env: dict, pad: str) -> Optional[tuple[list[str], int]]:
        """`K of P` (K a kind): a loop over the pieces' numbers, in the order they were made; else None."""
        if not (isinstance(domain, N.Of) and isinstance(domain.what, N.Name)
                and self.checked.meaning(domain.what).category == "kind"):
            return None
        kind, owner = self.layout.kind_index(domain.what.id), self.expr(domain.owner, env)
        return [f"{pad}for {var} in range(st[NPIECES]):",
                f"{pad}    if st[PIECES + PSTRIDE * {var}] == {kind} and st[PIECES + PSTRIDE * {var} + 1] == {owner} "
                f"and st[PIECES + PSTRIDE * {var} + 2] != BOX:"], 2

    def region_loop(self, domain: N.Call, var: str, env: dict, pad: str) -> Optional[tuple[list[str], int]]:
        """`region(s, L)` as a loop's domain; else None."""
        if domain.func != "region" or len(domain.args) != 2:
            return None
        self.refuse_links(domain, not self.within_unlinked_board(domain.args[1]))
        items, found, count, k = self.fresh("items"), self.fresh("found"), self.fresh("n"), self.fresh("k")
        return [f"{pad}{items} = {self.list_value(domain.args[1], env)}",
                f"{pad}{found} = np.empty(NSPACES, np.int64)",
                f"{pad}{count} = region_into(st, {self.expr(domain.args[0], env)}, {items}, {found})",
                f"{pad}for {k} in range({count}):", f"{pad}    {var} = {found}[{k}]"], 1

    def piece_attr(self, e: N.Attr, env: dict) -> Optional[str]:
        """A piece's `.space`; else None."""
        t = self.type_of(e.obj)
        if e.name == "space" and t.base == "piece" and not t.is_list:
            return f"space_of_piece(st, {self.expr(e.obj, env)})"
        return None
