"""Boards of each player (`board known: grid 3 x 3 per player`) on the native backend (docs/backends.md).

The interpreter gives every seat its own grid of that name (`Player.boards`, construction.build_player_boards):
spaces outside `State.spaces` (their index is -1), named with the seat's name first (`X.a1`), each with its
neighbours on its own grid. Natively each such space is a space as the shared ones are, numbered after them
(`all_spaces`: each board of each player in the order the rules declare them, seat by seat, each grid's spaces in
the interpreter's order), so that every table of the layout (NBR, SX, SY, RAY, ...) and the hand-off of its
pieces hold it; `PBOARD_i[seat]` lists seat's spaces of the i-th such board, which `p.NAME` reads (a loop over
it, a list of it, its size). A board of each player that is an area is refused at its shape (translate.py)."""
from __future__ import annotations

from typing import Optional

from ...grammar import nodes as N


def all_spaces(state) -> list:
    """The spaces the native layout numbers: the interpreter's `State.spaces`, then the spaces of each board of
    each player (board by board as declared, seat by seat)."""
    out = list(state.spaces)
    for name in player_board_names(state):
        for p in state.players:
            out += p.boards[name].spaces
    return out


def player_board_names(state) -> list[str]:
    """The names of the boards of each player, in the order the rules declare them."""
    return [spec.name for spec in state.game.boards if spec.per_player and not spec.area]  # (areas: areas.py)


def player_board_tables(state, index: dict) -> dict[str, list[list[int]]]:
    """Each board of each player: per seat, its spaces' native indices in the interpreter's order."""
    return {name: [[index[id(s)] for s in p.boards[name].spaces] for p in state.players]
            for name in player_board_names(state)}


def player_boards_source(tables: dict[str, list[list[int]]]) -> list[str]:
    """PBOARD_i = each seat's spaces of the i-th board of each player (one row a seat)."""
    out = []
    for i, (name, rows) in enumerate(tables.items()):
        width = len(rows[0]) if rows else 0
        flat = [s for row in rows for s in row]
        out.append(f"PBOARD_{i} = np.array({flat!r}, dtype=np.int64).reshape({len(rows)}, {width})"
                   f"  # board {name} of each player")
    return out


class PlayerBoardTranslation:
    """Translator's mixin: `p.NAME` of a board of each player, as a list of spaces."""

    def player_board(self, e: N.Expr) -> Optional[str]:
        """The name of the board of each player `e` reads (`mover.known`), else None."""
        if not isinstance(e, N.Attr):
            return None
        board = self.sym.boards.get(e.name)  # type: ignore[attr-defined]
        owner = self.type_of(e.obj)  # type: ignore[attr-defined]
        if board is None or not board.per_player or owner.base != "player" or owner.is_list:
            return None
        return e.name

    def player_board_list(self, e: N.Expr, env: dict) -> Optional[str]:
        """`p.NAME` as an array of its spaces (the interpreter's order), else None."""
        name = self.player_board(e)
        if name is None:
            return None
        assert isinstance(e, N.Attr)
        at = list(self.layout.player_boards).index(name)  # type: ignore[attr-defined]
        return f"PBOARD_{at}[{self.expr(e.obj, env)}]"  # type: ignore[attr-defined]

    def player_board_bound(self, e: N.Expr) -> Optional[int]:
        """The spaces of `p.NAME` (a seat's board), else None."""
        name = self.player_board(e)
        if name is None:
            return None
        rows = self.layout.player_boards[name]  # type: ignore[attr-defined]
        return max(1, len(rows[0]) if rows else 0)
