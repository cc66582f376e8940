"""Setting a state to a position read from a position file (grammar/position.py): the boards written out
cleared and filled from their rows, variables set, whose turn it is. The position becomes the start of the
game: undo stops there, and `restart` comes back to it."""
from __future__ import annotations

from collections import deque

from ..grammar.limits import MAX_ATTRIBUTE_SETS
from ..grammar.position import Position, PositionError
from ..grammar.wording import did_you_mean
from .positions import record
from .runtime import DIRS, Dir


def arrange(state, pos: Position, name: str = "position") -> None:
    """Set `state` (a game just started) to `pos`; PositionError says what does not fit the game."""
    _Arranger(state, pos, name).run()


def made_from_nothing(kind) -> bool:
    """A kind without attributes, or whose attributes all have start values: `place` makes its pieces."""
    return len(kind.starts) == len(kind.attrs)


def rows_of(board) -> list:
    """A board's spaces as a position writes them: its rows that have spaces, from the top down, each from
    the left. A grid's rows are all as wide as it; the edges of a grid alternate between the edges that run
    across and those that run up; a graph's rows hold the points the rules file puts there."""
    by_row: dict = {}
    for s in board.spaces:
        by_row.setdefault(s.y, []).append(s)
    return [sorted(by_row[y], key=lambda s: s.x) for y in sorted(by_row, reverse=True)]


class _Arranger:
    def __init__(self, S, pos: Position, name: str):
        self.S, self.pos, self.name = S, pos, name
        self.players = {p.name: p for p in S.players}
        self.free: dict = {}  # (kind's name, attribute names) -> the pieces by owner and values (free_pieces)

    def fail(self, line, message):
        raise PositionError(f"{self.name}:{line}: {message}" if line else f"{self.name}: {message}")

    def run(self):
        S, pos = self.S, self.pos
        if pos.game not in (S.game.name, S.game.title):
            self.fail(0, f"this is a position of '{pos.game}', not of '{S.game.name}'")
        for piece in pos.legend.values():
            if piece.kind not in S.game.kinds:
                self.fail(piece.line, f"there is no piece kind '{piece.kind}'"
                                      f"{did_you_mean(piece.kind, list(S.game.kinds))}")
            self.player(piece.owner, piece.line)
        filled = [(self.board(rows), rows) for rows in pos.boards]
        for board, _ in filled:  # the boards written out start empty: a piece from a table goes back to the
            for sp in board.in_play():  # supply, to be put again; one made from nothing leaves the game
                for p in list(sp.pieces):
                    S.move_piece(p, S.box if made_from_nothing(p.kind) else S.supply, None)
        for board, rows in filled:
            self.fill(board, rows)
        for setting in pos.settings:
            self.set(setting)
        self.turn()
        S.settle()
        if S.follow_stuck_rule():  # (the player to move has no move: as at the start of a turn, they are stuck)
            S.settle()
        if S.positions is not None:  # the position written out is the first one met (`repetitions`)
            S.positions.clear()
            record(S)

    def player(self, owner, line):
        if owner is None:
            return None
        if owner not in self.players:
            self.fail(line, f"there is no player '{owner}'{did_you_mean(owner, list(self.players))}; the players "
                            f"are {', '.join(self.players)}")
        return self.players[owner]

    def board(self, rows):
        owner = self.player(rows.owner, rows.line)
        boards = owner.boards if owner is not None else self.S.boards
        if rows.name not in boards:
            whose = f"{owner.name}'s boards" if owner is not None else "the boards"
            self.fail(rows.line, f"there is no board '{rows.name}'{did_you_mean(rows.name, list(boards))} among "
                                 f"{whose}")
        board = boards[rows.name]
        if board.area:
            self.fail(rows.line, f"board '{rows.name}' grows as it is played: a position cannot write it out yet")
        layout = rows_of(board)
        if board.shape in ("grid", "corners"):
            size = f"board '{rows.name}' is {board.width} x {board.height}"
            wanted = f"write {board.height} rows of {board.width} symbols, from its top row down"
        else:  # the edges of a grid, a graph: rows of different lengths
            size = f"board '{rows.name}' has {len(layout)} rows of spaces ({', '.join(str(len(r)) for r in layout)})"
            wanted = "write its rows from the top down, each the symbols of that row's spaces from the left"
        if len(rows.rows) > len(layout):
            self.fail(rows.line + 1 + len(layout), f"{size}, and this line would be row {len(rows.rows)}: the "
                                                   f"board's rows end above it")
        if len(rows.rows) < len(layout):
            self.fail(rows.line, f"{size}: {wanted}")
        for i, (row, spaces) in enumerate(zip(rows.rows, layout)):
            if len(row) != len(spaces):
                self.fail(rows.line + 1 + i, f"{size}: this row has {len(row)} symbols, not {len(spaces)}")
        return board

    def fill(self, board, rows):
        for i, (row, spaces) in enumerate(zip(rows.rows, rows_of(board))):
            for symbol, space in zip(row, spaces):
                if symbol == ".":
                    continue
                if symbol not in self.pos.legend:
                    self.fail(rows.line + 1 + i, f"the symbol '{symbol}' is not in the legend (`{symbol} = KIND of "
                                                 f"PLAYER`)")
                self.put(self.pos.legend[symbol], space)

    def put(self, piece, space):
        S = self.S
        owner = self.player(piece.owner, piece.line)
        kind = S.game.kinds[piece.kind]
        if made_from_nothing(kind):
            S.create_piece(piece.kind, self.start_values(kind, piece), owner, piece.up, space)
            return
        wanted = dict(piece.attrs)
        names = tuple(sorted(wanted))
        values = tuple(str(wanted[n]) for n in names)
        free = self.free_pieces(kind, names, piece.line).get((id(owner) if owner is not None else None, values))
        while free:
            p = free.popleft()
            if p.loc is None or not p.loc.is_space:  # (one put on a space before is never free again)
                S.move_piece(p, space, None)
                p.up = piece.up
                return
        whose = f" of {owner.name}" if owner is not None else ""
        self.fail(piece.line, f"there is no {piece.kind}{whose} {wanted} left to put on {space.name}")

    def free_pieces(self, kind, names, line) -> dict:
        """The pieces of `kind` that may be put on a space, in the order of the tables, by (owner, the values of
        `names` as text) and by (None, those values) for a piece of any owner: built once for each set of names."""
        key = (kind.name, names)
        if key in self.free:
            return self.free[key]
        for name in names:
            if name not in kind.attrs:
                self.fail(line, f"a {kind.name} has no attribute '{name}'{did_you_mean(name, list(kind.attrs))}")
        if sum(1 for kind_name, _ in self.free if kind_name == kind.name) >= MAX_ATTRIBUTE_SETS:
            self.fail(line, f"the legend picks {kind.name} pieces by more than {MAX_ATTRIBUTE_SETS} different sets "
                            f"of attributes")
        index: dict = {}
        for p in self.S.kind_pieces[kind.name]:
            values = tuple(str(p.attrs.get(n)) for n in names)
            index.setdefault((None, values), deque()).append(p)
            if p.owner is not None:
                index.setdefault((id(p.owner), values), deque()).append(p)
        self.free[key] = index
        return index

    def start_values(self, kind, piece) -> dict:
        """A new piece's attributes: their start values, but those the legend writes out."""
        out = dict(kind.starts)
        for name, written in piece.attrs:
            if name not in kind.starts:
                self.fail(piece.line, f"a {kind.name} has no attribute '{name}'"
                                      f"{did_you_mean(name, list(kind.starts))}")
            out[name] = self._value(kind, name, written, piece.line)
        return out

    def _value(self, kind, name, written, line):
        """A value as the position file writes it (yes/no and whole numbers already read as such)."""
        start = kind.starts[name]
        if name in kind.spaces:
            if written != "none" and written not in self.S.space_by_name:
                self.fail(line, f"'{name}' is a space, and no space is named '{written}'")
            return None if written == "none" else written
        if isinstance(start, bool) != isinstance(written, bool):
            self.fail(line, f"'{name}' is {'yes or no' if isinstance(start, bool) else 'not yes or no'}, "
                            f"not '{written}'")
        if isinstance(start, int) and not isinstance(written, int):
            self.fail(line, f"'{name}' is a whole number, not '{written}'")
        if isinstance(start, Dir):
            if written not in DIRS:
                self.fail(line, f"'{name}' is a direction, not '{written}'")
            return DIRS[written]
        return written

    def set(self, setting):
        owner = self.player(setting.owner, setting.line)
        held = owner.vars if owner is not None else self.S.vars
        if setting.name not in held:
            where = "of each player" if owner is not None else "of the game"
            self.fail(setting.line, f"there is no variable '{setting.name}' {where}")
        if type(held[setting.name]) is not type(setting.value):
            self.fail(setting.line, f"'{setting.name}' holds "
                                    f"{'yes or no' if isinstance(held[setting.name], bool) else 'a whole number'}")
        held[setting.name] = setting.value

    def turn(self):
        S, pos = self.S, self.pos
        if pos.to_move is not None:
            S.turn_player = self.player(pos.to_move, 0)
        if pos.phase is not None:
            names = [ph.name for ph in S.game.phases]
            if pos.phase not in names:
                self.fail(0, f"there is no phase '{pos.phase}'{did_you_mean(pos.phase, names)}")
            S.phase = names.index(pos.phase)
        if pos.turn is not None:
            S.turn = pos.turn
