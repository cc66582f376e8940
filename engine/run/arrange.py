"""Setting a state to a position read from a position file (grammar/position.py): the boards and zones
written out cleared and filled from their symbols, variables set, whose turn it is. The position becomes the
start of the game: undo stops there, and `restart` comes back to it. Each seat knows of it what it sees: to
a seat, a piece it cannot see there could be any of the pieces it cannot see (State.forget_unseen), however
the rules file dealt them."""
from __future__ import annotations

from collections import deque

from ...grammar.limits import MAX_ATTRIBUTE_SETS
from ...grammar.position import Position, located_error
from ...grammar.types import BOOL, INT
from ...grammar.wording import a, did_you_mean
from .kinds import kind_of
from .repetition import record
from .runtime import DIRS, Board, Dir, RuleError


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
        self.placed: set = set()  # the ids of the pieces the position has put
        self.printed: list = []  # the owner each table gave its pieces, by id (table_owner)

    def fail(self, line, message, column=0, hint=None, width=1):
        raise located_error(self.name, line, message, hint, column, width, self.pos.source)

    def run(self):
        S, pos = self.S, self.pos
        if pos.game not in (S.game.name, S.game.title):
            self.fail(0, f"this is a position of '{pos.game}', not of '{S.game.name}'")
        for piece in pos.legend.values():
            if piece.kind not in S.game.kinds:
                self.fail(piece.line, f"there is no piece kind '{piece.kind}'"
                                      f"{did_you_mean(piece.kind, list(S.game.kinds))}")
            self.player(piece.owner, piece.line)
        places = [self.place(written) for written in pos.places]
        lines: dict = {}
        for where, _, written in places:
            if id(where) in lines:
                self.fail(written.line, f"{described(where)} is written out already (line {lines[id(where)]})")
            lines[id(where)] = written.line
        for where, _, _ in places:
            self.clear(where)
        for _, symbols, _ in places:
            for line, symbol, dest in symbols:
                self.put(self.pos.legend[symbol], dest, line)
        for setting in pos.settings:
            self.set(setting)
        self.turn()
        S.forget_unseen()
        S.settle()
        if S.follow_stuck_rule():  # (the player to move has no move: as at the start of a turn, they are stuck)
            S.settle()
        if S.positions is not None:  # the position written out is the first one met (`repetitions`)
            S.positions.clear()
            record(S)

    def clear(self, where):
        """A board or zone written out starts empty: a piece from a table goes back to the supply as its table
        made it (face up, its table's owner), to be put again; one made from nothing leaves the game."""
        S = self.S
        for sp in where.in_play() if isinstance(where, Board) else [where]:
            for p in list(sp.pieces):
                if made_from_nothing(p.kind):
                    S.move_piece(p, S.box, None)
                    continue
                S.move_piece(p, S.supply, None)
                p.up, p.owner, p.kept = True, self.table_owner(p), None

    def player(self, owner, line):
        if owner is None:
            return None
        if owner not in self.players:
            self.fail(line, f"there is no player '{owner}'{did_you_mean(owner, list(self.players))}; the players "
                            f"are {', '.join(self.players)}")
        return self.players[owner]

    def place(self, written):
        """The board or zone a `NAME [of PLAYER]:` line writes out, and [(line, symbol, space or zone)] of the
        pieces to put there, checked against the game (but whether there are pieces enough)."""
        S = self.S
        owner = self.player(written.owner, written.line)
        boards = owner.boards if owner is not None else S.boards
        zones = owner.zones if owner is not None else S.zones
        if written.name in boards:
            board = boards[written.name]
            return board, self.board(board, written), written
        if written.name in zones:
            zone = zones[written.name]
            return zone, self.zone(zone, written), written
        self.fail(written.line, self.unknown(written, owner, boards, zones))

    def unknown(self, written, owner, boards, zones) -> str:
        """Why a `NAME [of PLAYER]:` line names no board or zone of the game."""
        S, name = self.S, written.name
        if owner is None and name in ("supply", "box"):
            return (f"the {name} is not written out: "
                    + ("it holds the pieces that the position puts nowhere" if name == "supply" else
                       "the pieces in it are out of the game"))
        anyone = S.players[0]
        if owner is None and (name in anyone.boards or name in anyone.zones):
            return f"{'board' if name in anyone.boards else 'zone'} '{name}' is each player's: write " \
                   f"`{name} of PLAYER:`"
        if owner is not None and (name in S.boards or name in S.zones):
            return f"{'board' if name in S.boards else 'zone'} '{name}' is no player's own: write `{name}:`"
        # a line with symbols after the colon writes a zone; a line alone, whatever the game has
        what = [w for w, held in (("board", boards), ("zone", zones)) if held] or ["board", "zone"]
        if written.symbols and "zone" in what:
            what = ["zone"]
        names = [n for w, held in (("board", boards), ("zone", zones)) if w in what for n in held]
        whose = f"{owner.name}'s" if owner is not None else "the"
        return f"there is no {' or '.join(what)} '{name}'{did_you_mean(name, names)} among {whose} " \
               f"{' and '.join(w + 's' for w in what)}"

    def board(self, board, written) -> list:
        name = written.name
        if written.symbols:
            self.fail(written.line, f"board '{name}' is written on the lines below its line, a row a line: "
                                    f"nothing follows `{name}:` on its own line")
        if board.area:
            return self.area(board, written)
        if written.cells:
            cell = written.cells[0]
            self.fail(cell.line, f"`{cell.x},{cell.y}:` writes a space of an area, and board '{name}' is laid out "
                                 f"in rows", cell.column, f"write its rows below `{name}:`, from its top row down",
                      _width(cell))
        layout = rows_of(board)
        rows = written.rows
        if board.shape in ("grid", "corners"):
            size = f"board '{name}' is {board.width} x {board.height}"
            wanted = f"write {board.height} rows of {board.width} symbols, from its top row down"
        else:  # the edges of a grid, a graph: rows of different lengths
            size = f"board '{name}' has {len(layout)} rows of spaces ({', '.join(str(len(r)) for r in layout)})"
            wanted = "write its rows from the top down, each the symbols of that row's spaces from the left"
        if len(rows) > len(layout):
            self.fail(rows[len(layout)][0], f"{size}, and this line would be row {len(rows)}: the board's rows "
                                            f"end above it")
        if len(rows) < len(layout):
            self.fail(written.line, f"{size}: {wanted}")
        out = []
        for (line, row), spaces in zip(rows, layout):
            if len(row) != len(spaces):
                self.fail(line, f"{size}: this row has {len(row)} symbols, not {len(spaces)}")
            for symbol, space in zip(row, spaces):
                if symbol != ".":
                    self.known(symbol, line)
                    out.append((line, symbol, space))
        return out

    def area(self, board, written) -> list:
        """An area's spaces as written, `X,Y: SYMBOLS` a line, each space's pieces bottom first; the spaces it
        does not write hold nothing (they are not in play)."""
        name = written.name
        if written.rows:
            line, row = written.rows[0]
            self.fail(line, f"board '{name}' is an area, which grows as it is played", 1,
                      "write each space that holds pieces as `X,Y: SYMBOLS` (its column and row, then its pieces "
                      "bottom first), one a line, not rows of symbols", len(" ".join(row)))
        out: list = []
        lines: dict = {}  # (x, y) -> the line that wrote it
        for cell in written.cells:
            if (cell.x, cell.y) in lines:
                self.fail(cell.line, f"space {cell.x},{cell.y} of board '{name}' is written already (line "
                                     f"{lines[cell.x, cell.y]})", cell.column,
                          "write all its pieces on one line, bottom first", _width(cell))
            lines[cell.x, cell.y] = cell.line
            try:
                space = board.space_at(cell.x, cell.y)
            except RuleError as err:  # (an area has at most so many spaces)
                self.fail(cell.line, str(err), cell.column, width=_width(cell))
            for symbol in cell.symbols:
                if symbol == ".":
                    self.fail(cell.line, "'.' is an empty space of a grid", cell.column,
                              f"`{cell.x},{cell.y}:` lists the pieces of that space, bottom first (an empty space "
                              f"of an area is left out)", _width(cell))
                self.known(symbol, cell.line)
                out.append((cell.line, symbol, space))
        return out

    def zone(self, zone, written) -> list:
        """A zone's pieces as written: the symbols after its colon, then those on the lines below, bottom first."""
        if written.cells:
            cell = written.cells[0]
            self.fail(cell.line, f"`{cell.x},{cell.y}:` writes a space of an area, and {described(zone)} is a "
                                 f"zone", cell.column, "its pieces follow its line, bottom first", _width(cell))
        out = [(written.line, symbol, zone) for symbol in written.symbols]
        out += [(line, symbol, zone) for line, row in written.rows for symbol in row]
        for line, symbol, _ in out:
            if symbol == ".":
                self.fail(line, f"'.' is an empty space of a board: a zone's line lists its pieces, bottom first "
                                f"(`{written.name}{'' if zone.owner is None else ' of ' + zone.owner.name}:` with "
                                f"nothing after it empties the zone)")
            self.known(symbol, line)
        if zone.capacity is not None and len(out) > zone.capacity:
            self.fail(out[zone.capacity][0], f"{described(zone)} holds at most {zone.capacity} pieces (`capacity "
                                             f"{zone.capacity}`), and {len(out)} are written")
        return out

    def known(self, symbol, line):
        if symbol not in self.pos.legend:
            self.fail(line, f"the symbol '{symbol}' is not in the legend (`{symbol} = KIND of PLAYER`)")

    def put(self, piece, dest, line):
        """Put the piece a legend line writes on top of a space or a zone (written on `line`): one made anew, or
        one of the game's free pieces, with the legend's owner (or its table's) and face."""
        S = self.S
        owner = self.player(piece.owner, piece.line)
        kind = S.game.kinds[piece.kind]
        if made_from_nothing(kind):
            try:
                made = S.create_piece(piece.kind, self.start_values(kind, piece), owner, piece.up, dest)
            except RuleError as err:  # (a game has at most so many pieces)
                self.fail(line, str(err))
            made.turns = piece.turns
            return
        p = self.take(kind, piece, owner, line, dest)
        S.move_piece(p, dest, None)
        self.placed.add(p.id)
        p.up, p.turns = piece.up, piece.turns
        p.owner = owner if owner is not None else self.table_owner(p)
        p.kept = None  # (defs worked out with the owner it had)

    def take(self, kind, piece, owner, line, dest):
        """A free piece for a legend line: of its owner, or else one its table made for nobody (given to that
        owner); without an owner, any. Free: neither on a space nor put by the position already."""
        wanted = dict(piece.attrs)
        names = tuple(sorted(wanted))
        values = tuple(str(wanted[n]) for n in names)
        index = self.free_pieces(kind, names, piece.line)
        keys = [("of", id(owner), values), ("nobody", values)] if owner is not None else [("any", values)]
        for key in keys:
            free = index.get(key)
            while free:
                p = free.popleft()
                if p.id not in self.placed and (p.loc is None or not p.loc.is_space):
                    return p
        written = f"{kind.name}({', '.join(f'{n}: {v}' for n, v in piece.attrs)})" if piece.attrs else kind.name
        if owner is not None:
            written += f" of {owner.name}"
        pieces = [p for p in self.S.kind_pieces[kind.name] if tuple(str(p.attrs.get(n)) for n in names) == values
                  and (owner is None or p.owner is owner or self.table_owner(p) is None)]
        if not pieces:
            self.fail(line, f"the game has no {written}")
        where = f"on {dest.name}" if dest.is_space else f"in {described(dest)}"
        n, put = len(pieces), sum(1 for p in pieces if p.id in self.placed)
        if put == n:
            why = "it is put before this one" if n == 1 else f"all {n} are put before this one"
        elif put == 0:
            why = "it lies on a board not written out" if n == 1 else f"all {n} lie on boards not written out"
        else:
            why = f"{put} {'is' if put == 1 else 'are'} put before this one and {n - put} " \
                  f"{'lies' if n - put == 1 else 'lie'} on boards not written out"
        self.fail(line, f"there is no {written} left to put {where}: the game has {n}, and {why}")

    def table_owner(self, p):
        """The owner a piece's table gave it: its player's for a `for each player` table, else nobody."""
        if not self.printed:
            for table in self.S.game.tables:
                for owner in self.S.players if table.each_player else [None]:
                    self.printed.extend([owner] * len(table.rows))
        return self.printed[p.id] if p.id < len(self.printed) else p.owner

    def free_pieces(self, kind, names, line) -> dict:
        """The pieces of `kind` that may be put, by ("of", owner, the values of `names` as text), by ("nobody",
        those values) for those whose table made them for nobody and by ("any", those values): first those in
        the supply (where the pieces of the places written out went), then the others, each in the order of
        the tables. Built once for each set of names."""
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
        supply = self.S.supply
        for p in sorted(self.S.kind_pieces[kind.name], key=lambda p: p.loc is not supply):
            values = tuple(str(p.attrs.get(n)) for n in names)
            index.setdefault(("any", values), deque()).append(p)
            if p.owner is not None:
                index.setdefault(("of", id(p.owner), values), deque()).append(p)
            if self.table_owner(p) is None:
                index.setdefault(("nobody", values), deque()).append(p)
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
            self.fail(setting.line, f"'{setting.name}' holds {self.holds(setting.name, held[setting.name])}")
        held[setting.name] = setting.value

    def holds(self, name, value) -> str:
        """What a variable holds, as a refusal says it: its declared type (`a list of int`), else its value's."""
        analysis = getattr(self.S.game, "analysis", None)
        symbols = analysis.checked.symbols if analysis is not None else None
        declared = symbols.vars.get(name) if symbols is not None else None
        t = symbols.resolve_type_quiet(declared.type) if symbols is not None and declared is not None else None
        if t == BOOL or (t is None and isinstance(value, bool)):
            return "yes or no"
        if t == INT or (t is None and isinstance(value, int)):
            return "a whole number"
        return a(t.show()) if t is not None else kind_of(value)

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


def described(where) -> str:
    """A board or a zone as a position's refusals name it: `zone 'hand' of North`, `board 'cells'`."""
    what = "board" if isinstance(where, Board) else "zone"
    return f"{what} '{where.name}'" + (f" of {where.owner.name}" if where.owner is not None else "")


def _width(cell) -> int:
    """How wide the caret under a space of an area is: its `X,Y` as written."""
    return len(f"{cell.x},{cell.y}")
