"""A state written out as a position file (grammar/position.py reads it, engine/run/arrange.py sets a state to
it): a legend of the pieces in play, every board (a grid's rows, an area's `X,Y: SYMBOLS`), every zone but the
supply and the box, the variables that hold a number or yes/no, and whose turn it is. What a position file cannot
say is refused (PositionError) rather than written wrong: a game that is over, a choice in the middle of a move,
a stack on a space laid out in rows, a variable of another type, a piece its attributes cannot name. Nor is the
supply written, nor the box: the pieces out of play are all in the supply once the position is read back."""
from __future__ import annotations

import re

from ...grammar.position import PositionError
from .arrange import made_from_nothing, rows_of
from .runtime import Dir

_WORD = re.compile(r"[^\s=:#(),]+")


def write_position(S) -> str:
    """The position file of the state `S` (the rules' whole truth, secrets included: it is for the author)."""
    if S.is_over():
        raise PositionError("the game is over, and a position file writes a game in play")
    if S.pending is not None:
        raise PositionError("a position file cannot write a choice in the middle of a move: write it between moves")
    legend: dict = {}  # the legend line of a piece -> its symbol
    lines: list[str] = []

    taken: set = set()

    def symbol(p) -> str:
        text = _piece_text(p)
        if text not in legend:
            legend[text] = _symbol(p, taken)
            taken.add(legend[text])
        return legend[text]

    boards = [(b, "") for b in S.boards.values()] + \
             [(b, f" of {p.name}") for p in S.players for b in p.boards.values()]
    for board, whose in boards:
        lines.append(f"{board.name}{whose}:")
        lines += _board_lines(board, symbol)
    zones = [(z, "") for z in S.zones.values()] + [(z, f" of {p.name}") for p in S.players for z in p.zones.values()]
    for zone, whose in zones:
        lines.append(f"{zone.name}{whose}: {' '.join(symbol(p) for p in zone.pieces)}".rstrip())
    for name, value in S.vars.items():
        lines += _setting(name, "", value)
    for p in S.players:
        for name, value in p.vars.items():
            lines += _setting(name, f" of {p.name}", value)
    lines.append(f"to move: {S.turn_player.name}")
    if S.phase is not None and S.game.phases:
        lines.append(f"phase: {S.game.phases[S.phase].name}")
    lines.append(f"turn: {S.turn}")
    head = [f"position of {S.game.name}"] + [f"{sym} = {text}" for text, sym in legend.items()]
    return "\n".join(head + lines) + "\n"


def _board_lines(board, symbol) -> list[str]:
    """The lines below a board's: an area's spaces that hold pieces, `X,Y: SYMBOLS`; any other board's rows."""
    if board.area:  # (its spaces in the order they were laid, which the order of moves follows)
        return [f"    {s.x},{s.y}: {' '.join(symbol(p) for p in s.pieces)}" for s in board.in_play()]
    lines = []
    for row in rows_of(board):
        for s in row:
            if len(s.pieces) > 1:
                raise PositionError(f"space {s.name} of board '{board.name}' holds a stack of {len(s.pieces)} "
                                    f"pieces, and a board laid out in rows writes one piece a space")
        lines.append("    " + " ".join(symbol(s.pieces[0]) if s.pieces else "." for s in row))
    return lines


def _symbol(p, taken: set) -> str:
    """A piece's symbol: its key's value where its kind has one key (`F18`), its kind's name where the kind has
    no attributes (`pawn`), else the kind's name and a number; never one taken, nor `.`."""
    kind = p.kind
    base = kind.name
    if len(kind.shown) == 1 and kind.shown != kind.attrs or not kind.attrs:
        value = _value_text(p.attrs.get(kind.shown[0])) if kind.attrs else kind.name
        base = value if value is not None else kind.name
    symbol, n = base, 1
    while symbol in taken or symbol == ".":
        n += 1
        symbol = f"{base}.{n}"
    return symbol


def _piece_text(p) -> str:
    """A piece as a legend writes it: its kind, the attributes that pick it (its key's, or all), its owner, how
    it is turned and its face."""
    kind = p.kind
    if made_from_nothing(kind):
        names = [n for n in kind.attrs if p.attrs.get(n) != kind.starts.get(n)]
    else:
        names = list(kind.shown)  # (its `key` attributes, or all: what tells it from the others)
    pairs = []
    for n in names:
        value = _value_text(p.attrs.get(n))
        if value is None:
            raise PositionError(f"a {kind.name}'s '{n}' is not written in one word, so a position file cannot pick "
                                f"this {kind.name}")
        pairs.append(f"{n}: {value}")
    text = kind.name + (f"({', '.join(pairs)})" if pairs else "")
    if p.owner is not None:
        text += f" of {p.owner.name}"
    if p.turns % 4:
        text += f" turned {p.turns % 4}"
    if not p.up:
        text += " face down"
    return text


def _value_text(v):
    """A value as a legend writes it, or None when one word cannot."""
    if v is True or v is False:
        return "yes" if v else "no"
    if v is None:
        return "none"
    if isinstance(v, Dir):
        return v.name
    text = v if isinstance(v, str) else str(v) if type(v) is int else None
    return text if text is not None and _WORD.fullmatch(text) and text not in ("yes", "no") else None


def _setting(name: str, whose: str, value) -> list[str]:
    if value is True or value is False:
        return [f"{name}{whose} = {'yes' if value else 'no'}"]
    if type(value) is int:
        return [f"{name}{whose} = {value}"]
    raise PositionError(f"variable '{name}'{whose} holds a value that a position file cannot write (it writes "
                        f"numbers and yes/no)")
