"""Listings kept from move to move: the moves of an action over a board's spaces whose condition reads only what
lies on its own space and on spaces at fixed directions from it (`empty(c) and (c.y == 1 or not empty(c + south))`).

Such a condition's answer for a space changes only when a piece comes to or leaves one of the spaces it reads. So a
listing keeps, per space of the board, whether the condition holds, and the next listing tests again only the spaces
whose reads the journal says changed since: a move on a board of 42 spaces tests two or three of them instead of
42. The answers are kept per position of the journal, newest last (`stack`), so that undo, which shortens the
journal, finds the answers of the position it goes back to; an entry holds while the journal still has, at its
length, the change it was made after. Whatever changes the pieces without the journal (a position arranged by hand
and settled, a search's imagined places, a restart) forgets them all (State.forget_listings).

The moves are the same, in the same order, as the action's ordinary listing (Compiler.generator): tests/test_kept_
listing.py plays games both ways. A board of fewer spaces than KEEP_FROM is listed as before: there, testing every
space costs less than the keeping does (tic-tac-toe's nine: +5% instructions).
"""
from __future__ import annotations

from itertools import compress

from ..run.journal import CREATE, EMPTIED, MOVE
from ..run.runtime import DIRS

KEEP_FROM = 20  # spaces on the board
KEEP_POSITIONS = 64  # the positions of a line of play whose answers are kept, newest first


class KeptAnswers:
    """One state's answers for one action: the stack of (journal length, its last change, answers per space)."""
    __slots__ = ("stack", "spaces", "moves", "readers", "most_changes")

    def __init__(self, S, board, moves, chains):
        self.stack: list = []
        self.spaces = S.grid_spaces[board]
        self.moves = [moves[s.index] for s in self.spaces]
        position = {s: i for i, s in enumerate(self.spaces)}
        # readers[t]: the positions (on the board) of the spaces whose condition reads space t
        readers: dict = {}
        for s, i in position.items():
            for chain in chains:
                t = s
                for d in chain:
                    t = t.nbr[DIRS[d].i]
                    if t is None:
                        break
                if t is not None:
                    readers.setdefault(t, set()).add(i)
        self.readers = {t: sorted(ps) for t, ps in readers.items()}
        # a change (a piece come or gone) makes at most two spaces' readers test again
        self.most_changes = len(self.spaces) // (2 * max(1, len(chains)))


def kept_lister(index, board, test, chains, where):  # noqa: C901 - the listing's hot path, in one frame
    """The lister (`gen(S, out)`) of action `index`, whose one parameter ranges over `board`'s spaces and whose
    condition `test(S, space)` reads the spaces at the direction `chains` from it (() is the space itself)."""

    def gen(S, out):
        kept = S.kept_listings.get(index)
        if kept is None:
            kept = S.kept_listings[index] = KeptAnswers(S, board, S.board_moves[index], chains)
        stack = kept.stack
        journal = S._journal
        now = len(journal)
        while stack:
            at, last, answers = stack[-1]
            if at <= now and (at == 0 or journal[at - 1] is last):
                break
            stack.pop()  # (a position undone since)
        else:
            at = -1
        if at < 0 or now - at > kept.most_changes:
            # (at most as many tests as listing every space: a long move costs no more than before)
            S.walk(kept.spaces, where)
            answers = bytearray(1 if test(S, s) else 0 for s in kept.spaces)
            stack.append((now, journal[now - 1] if now else None, answers))
        elif at < now:
            # test again the spaces that read a place a change put a piece on or took one from
            readers, spaces = kept.readers, kept.spaces
            answers = bytearray(answers)
            for op in journal[at:now]:
                code = op[0]
                if code == CREATE:
                    for i in readers.get(op[1].loc, ()):
                        answers[i] = 1 if test(S, spaces[i]) else 0
                elif code == MOVE:  # (the piece, where it was)
                    for t in (op[1].loc, op[2]):
                        for i in readers.get(t, ()):
                            answers[i] = 1 if test(S, spaces[i]) else 0
                elif code == EMPTIED:  # (the place, ...)
                    for i in readers.get(op[1], ()):
                        answers[i] = 1 if test(S, spaces[i]) else 0
            stack.append((now, journal[now - 1], answers))
            if len(stack) > KEEP_POSITIONS:
                del stack[:KEEP_POSITIONS // 2]  # (an undo past them lists all the spaces again)
        out.extend(compress(kept.moves, answers))
    return gen
