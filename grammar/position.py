"""Position files: a game's position written out (the boards as rows of symbols, the zones as lists of
symbols, a legend, variables and whose turn it is), read with a Lark grammar (position.lark) into plain
records. engine/run/arrange.py sets a state to one."""
from __future__ import annotations

import re
from importlib import resources
from typing import NoReturn, Optional

import attrs
from lark import Lark, Tree
from lark.exceptions import UnexpectedEOF, UnexpectedInput

from .limits import MAX_DIGITS
from .parser import unsafe_character
from .wording import printable

MAX_POSITION_CHARS = 65_536  # a 64 x 64 board of one-character symbols, with room for its legend and notes


class PositionError(ValueError):
    """A position file that cannot be read or does not fit its game: str() says where (line) and why on one line;
    render() shows it as a compiler would where the column is known: the line, a caret under the culprit and
    the hint (what to write instead)."""

    def __init__(self, text: str, *, where: str = "", message: str = "", hint: Optional[str] = None,
                 line: int = 0, column: int = 0, width: int = 1, source: Optional[str] = None):
        super().__init__(text)
        self.where, self.message, self.hint = where, message, hint
        self.line, self.column, self.width, self.source = line, column, width, source

    def render(self) -> str:
        raw = _source_line(self.source, self.line) if self.column else None
        if raw is None:
            return printable(str(self))
        text = printable(raw).rstrip()
        start = len(printable(raw[:self.column - 1]))  # (an escape is wider than its character)
        gutter = str(self.line)
        pad = " " * len(gutter)
        out = [f"{printable(self.where)}: error: {printable(self.message)}", f"{pad} |", f"{gutter} | {text}",
               f"{pad} | {' ' * start}{'^' * max(1, self.width)}"]
        if self.hint:
            out.append(f"  = hint: {printable(self.hint)}")
        return "\n".join(out)


def located_error(name: str, line: int, message: str, hint: Optional[str] = None, column: int = 0, width: int = 1,
                  source: Optional[str] = None) -> PositionError:
    """A PositionError at `name:line[:column]`: its text `where: message[: hint]`."""
    where = f"{name}:{line}:{column}" if line and column else f"{name}:{line}" if line else name
    text = f"{where}: {message}" + (f": {hint}" if hint else "")
    return PositionError(text, where=where, message=message, hint=hint, line=line, column=column, width=width,
                         source=source)


def _source_line(source: Optional[str], line: int) -> Optional[str]:
    if source is None or line < 1:
        return None
    lines = source.replace("\r\n", "\n").split("\n")
    return lines[line - 1] if line <= len(lines) else None


@attrs.frozen
class Piece:
    symbol: str
    kind: str
    attrs: tuple  # ((name, value), ...), values as written
    owner: Optional[str]
    up: bool
    line: int
    turns: int = 0  # `turned N`: quarter turns clockwise from the way it is printed (a tile)


@attrs.frozen
class Cell:
    """A space of an area written out, `X,Y: SYMBOLS`: its column and row, and its pieces, bottom first."""
    x: int
    y: int
    symbols: tuple
    line: int
    column: int


@attrs.frozen
class Place:
    """A board or a zone written out: `NAME [of PLAYER]:`, the symbols after the colon, and the lines below.
    Which it is, the game says (engine/run/arrange.py): a board's rows go on the lines below, from its top row
    down; a zone's pieces are the symbols after the colon and on the lines below, bottom first."""
    name: str
    owner: Optional[str]
    symbols: tuple  # the symbols on its own line, after the colon
    rows: tuple  # the lines below it: (line number, its symbols), in order
    line: int
    cells: tuple = ()  # Cell: an area's spaces written out below it, `X,Y: SYMBOLS`


@attrs.frozen
class Setting:
    name: str
    owner: Optional[str]
    value: object  # int or bool
    line: int


@attrs.frozen
class Position:
    game: str
    legend: dict  # symbol -> Piece
    places: tuple  # Place: the boards and zones written out, in the file's order
    settings: tuple  # Setting
    to_move: Optional[str] = None
    phase: Optional[str] = None
    turn: Optional[int] = None
    source: Optional[str] = attrs.field(default=None, repr=False, eq=False)  # its text, for a caret


_PARSER: Optional[Lark] = None


def _parser() -> Lark:
    global _PARSER
    if _PARSER is None:
        text = resources.files(__package__).joinpath("position.lark").read_text(encoding="utf-8")
        _PARSER = Lark(text, parser="lalr", propagate_positions=True)
    return _PARSER


def parse_position(text: str, name: str = "position") -> Position:
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(f"{name}: a position file has at most {MAX_POSITION_CHARS:,} characters")
    text = text.replace("\r\n", "\n")
    bad = unsafe_character(text.replace("\n", " "))
    if bad is not None:
        raise PositionError(f"{name}: it holds the character {ascii(bad)}, which a position file may not hold")
    try:
        tree = _parser().parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput as e:
        message, hint = _expected(e)
        raise located_error(name, e.line, message, hint, e.column, source=text) from None
    return _Reader(name, text).read(tree)


def _expected(e: UnexpectedInput) -> tuple[str, Optional[str]]:
    if isinstance(e, UnexpectedEOF):
        return "the file ends too early", None
    return "this line is not a position line", "write `position of GAME`, `SYMBOL = KIND [of PLAYER]`, " \
           "`BOARD:` and its rows (or an area's `X,Y: SYMBOLS`), `ZONE: SYMBOLS`, `NAME = VALUE`, " \
           "`to move: PLAYER`, `phase: NAME` or `turn: N`"


class _Reader:
    """The lines of a position file, read in order: what each says depends on its words."""

    def __init__(self, name: str, source: Optional[str] = None):
        self.name, self.source = name, source
        self.game = ""
        self.legend: dict = {}
        self.places: list = []  # (name, owner, symbols, rows, line, cells) of each board or zone written out
        self.settings: list = []
        self.said: dict = {}  # to move, phase, turn
        self.rows: Optional[list] = None  # the lines below the board or zone being read
        self.cells: Optional[list] = None  # the `X,Y:` lines below it (an area's spaces)

    def fail(self, line, message, column=0, hint=None, width=1) -> NoReturn:
        raise located_error(self.name, line, message, hint, column, width, self.source)

    def read(self, tree: Tree) -> Position:
        for item in tree.children:
            line = item.meta.line
            if item.data not in ("plain", "cell"):
                self.rows = self.cells = None
            getattr(self, item.data)(item, line)
        if not self.game:
            self.fail(1, "a position file starts with `position of GAME`")
        turn = self.said.get("turn")
        places = tuple(Place(name, owner, symbols, tuple(rows), line, tuple(cells))
                       for name, owner, symbols, rows, line, cells in self.places)
        return Position(self.game, self.legend, places, tuple(self.settings), self.said.get("to move"),
                        self.said.get("phase"), turn, self.source)

    def plain(self, item, line):
        words = [str(w) for w in item.children[0].children]
        if not self.game:
            if len(words) != 3 or words[:2] != ["position", "of"]:
                self.fail(line, "a position file starts with `position of GAME`")
            self.game = words[2]
        elif self.rows is not None:
            self.rows.append((line, tuple(words)))
        else:
            self.fail(line, f"'{' '.join(words)[:40]}' is not a row of a board: rows follow a `BOARD:` line "
                            f"(or the pieces of a zone, a `ZONE:` line)")

    def colon(self, item, line):
        words = [str(w) for w in item.children[0].children]
        after = [str(w) for w in item.children[1:]]
        key = " ".join(words)
        if key in ("to move", "phase", "turn"):
            if len(after) != 1:
                self.fail(line, f"`{key}:` is followed by one word")
            turn = self.number(after[0], line) if key == "turn" else None
            if key == "turn" and (not isinstance(turn, int) or isinstance(turn, bool) or turn < 0):
                self.fail(line, "`turn:` is followed by a whole number")
            self.said[key] = turn if key == "turn" else after[0]
            return
        if not (len(words) == 1 or (len(words) == 3 and words[1] == "of")):
            self.fail(line, "a board's line is `BOARD:` or `BOARD of PLAYER:`, and its rows follow; a zone's is "
                            "`ZONE:` or `ZONE of PLAYER:`, and its pieces")
        self.rows, self.cells = [], []
        self.places.append((words[0], words[2] if len(words) == 3 else None, tuple(after), self.rows, line,
                            self.cells))

    def cell(self, item, line):
        """`X,Y: SYMBOLS`, a space of an area and its pieces, on the lines below the area's `BOARD:` line."""
        coord = item.children[0]
        if self.cells is None:
            self.fail(line, f"'{coord}' names a space of an area", coord.column, "write it on the lines below its "
                      "board's line (`BOARD:` or `BOARD of PLAYER:`), one space a line", len(coord))
        x, y = (self.number(part, line) for part in str(coord).split(","))
        symbols = tuple(str(w) for w in item.children[1:])
        if not symbols:
            self.fail(line, f"space {coord} holds nothing here", coord.column, "write its pieces after the colon, "
                      "bottom first (an empty space of an area is left out)", len(coord))
        self.cells.append(Cell(x, y, symbols, line, coord.column))

    def assign(self, item, line):
        left = [str(w) for w in item.children[0].children]
        value = item.children[1]
        head, attrs_tree = str(value.children[0]), value.children[1]
        rest = [str(w) for w in value.children[2:]]
        owner = None
        if len(left) == 3 and left[1] == "of":
            owner = left[2]
        elif len(left) != 1:
            self.fail(line, "the left of `=` is a symbol, a variable, or `VARIABLE of PLAYER`")
        number = self.number(head, line)
        if attrs_tree is None and not rest and number is not None:
            self.settings.append(Setting(left[0], owner, number, line))
            return
        if owner is not None:
            self.fail(line, f"a variable is set to a number or yes/no, not '{head}'")
        self.legend_line(left[0], head, attrs_tree, rest, line)

    def legend_line(self, symbol, kind, attrs_tree, rest, line):
        if symbol == ".":
            self.fail(line, "'.' is an empty space; give the piece another symbol")
        if symbol in self.legend:
            self.fail(line, f"the symbol '{symbol}' is already given to a piece (line {self.legend[symbol].line})")
        up = True
        if rest[-2:] in (["face", "down"], ["face", "up"]):
            up, rest = rest[-1] == "up", rest[:-2]
        turns = 0
        if rest[-2:-1] == ["turned"]:
            turns = self.number(rest[-1], line)
            if type(turns) is not int or not 0 <= turns <= 3:
                self.fail(line, f"a piece is `turned` 0 to 3 quarter turns clockwise, not '{rest[-1]}'")
            rest = rest[:-2]
        if rest and (len(rest) != 2 or rest[0] != "of"):
            self.fail(line, "a piece is written `KIND`, `KIND of PLAYER`, then `turned N` (quarter turns "
                            "clockwise) and `face down` if it is")
        pairs = tuple((str(p.children[0]), self.value(str(p.children[1]), line))
                      for p in attrs_tree.children) if attrs_tree is not None else ()
        self.legend[symbol] = Piece(symbol, kind, pairs, rest[1] if rest else None, up, line, turns)

    def value(self, text: str, line):
        """An attribute's value as written: yes/no and whole numbers read as such, any other word as text."""
        number = self.number(text, line)
        return text if number is None else number

    def number(self, text: str, line):
        """yes/no, a whole number written in the digits 0-9 (int() would also take other scripts' digits, and
        isdigit() superscripts, which int() refuses), or None for another word."""
        if text in ("yes", "no"):
            return text == "yes"
        if not _WHOLE_NUMBER.fullmatch(text):
            return None
        if len(text.lstrip("-")) > MAX_DIGITS:
            self.fail(line, f"a number has at most {MAX_DIGITS} digits, and this one has {len(text.lstrip('-')):,}")
        return int(text)


_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
