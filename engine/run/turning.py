"""Many stacks moved at once, so that no piece lands on one not yet moved: `move each c in SPACES to DEST at once`
(each space's stack to its own place, all worked out and lifted before any lands), and `rotate SPACES by N` (a
square block of a board's spaces turned N quarter turns clockwise: pentago's quarter-board).

Each piece moves through the state's journalled move_piece, so undo takes the turn back and what watches the
journal (kept listings) sees every space that changed.
"""
from __future__ import annotations

from .kinds import kind_of
from .runtime import RuleError


def square_block(spaces) -> tuple[int, int, int]:
    """(left column, bottom row, side) of a list of spaces that make a whole square block of one board; else a
    RuleError saying what they are instead."""
    if not spaces:
        raise RuleError("`rotate` turns a square block of spaces, and this list is empty")
    if any(s is None or not getattr(s, "is_space", False) for s in spaces):
        raise RuleError("`rotate` turns a square block of spaces, and this list holds something else")
    board = spaces[0].board
    if any(s.board is not board for s in spaces):
        raise RuleError("`rotate` turns a square block of one board's spaces, and these are on several boards")
    if board.shape != "grid" and not board.area:
        raise RuleError(f"`rotate` turns a square block of a grid, and '{board.name}' is not a grid")
    xs, ys = [s.x for s in spaces], [s.y for s in spaces]
    left, bottom = min(xs), min(ys)
    side = max(xs) - left + 1
    places = {(s.x, s.y) for s in spaces}
    whole = {(left + i, bottom + j) for i in range(side) for j in range(side)}
    if max(ys) - bottom + 1 != side or places != whole or len(spaces) != len(places):
        raise RuleError("`rotate` turns a square block of spaces, and these are not one (a block of 3 x 3 is "
                        "nine spaces side by side, each once)")
    return left, bottom, side


def rotate_block(S, spaces, quarter_turns, where=None) -> None:
    """Turn the block `quarter_turns` quarter turns clockwise (negative: counter-clockwise)."""
    if type(quarter_turns) is not int:
        raise RuleError(f"`rotate ... by N` turns by a whole number of quarter turns, not {kind_of(quarter_turns)}",
                        where)
    spaces = list(spaces)
    left, bottom, side = square_block(spaces)
    turns = quarter_turns % 4
    if turns == 0:
        return
    board = spaces[0].board
    S.spend(len(spaces), where)
    pairs = []
    for s in spaces:
        i, j = s.x - left, s.y - bottom
        for _ in range(turns):  # clockwise about the middle: (i, j) -> (j, side - 1 - i)
            i, j = j, side - 1 - i
        target = board.by_xy[(left + i, bottom + j)] if not board.area else S.space_at(board, left + i, bottom + j)
        pairs.append((s, target))
    _land(S, [(list(s.pieces), target) for s, target in pairs], where)


def move_at_once(S, pairs, where=None) -> None:
    """`move each ... at once`: (space, where its stack goes) for each space; its stack as it lay before any
    moved. Stacks sent to one space pile up in the order of the list."""
    seen: set = set()
    for s, target in pairs:
        if s is None or not getattr(s, "is_space", False):
            raise RuleError("`move each ... at once` moves the stacks of spaces, and the list holds something else",
                            where)
        if id(s) in seen:
            raise RuleError("`move each ... at once` lists a space twice: each stack moves once", where)
        seen.add(id(s))
        if target is None or not getattr(target, "is_space", False):
            if s.pieces:
                raise RuleError("`move each ... at once` sends a stack to none", where)
    S.spend(len(pairs), where)
    _land(S, [(list(s.pieces), target) for s, target in pairs if s.pieces], where)


def _land(S, lifted, where) -> None:
    for pieces, target in lifted:  # (each stack as it lay, whatever has landed on its space meanwhile)
        for p in pieces:
            S.move_piece(p, target, where)
