"""The legal moves on screen: numbered in columns when they fit, else summed up per action.

A position's moves may be many (tens of thousands): each way of showing them is worked out once, in time
linear in the moves, however often a screen is laid out (`MoveListing`). A move's words come from the rules
file, or from its rules as they run: they are shown escaped (safe_text.py)."""
from __future__ import annotations

from .fitting import cut, flow
from .fitting import width as text_width
from .move_words import move_fields
from .safe_text import printable


def format_moves(moves, width: int = 78) -> str:
    """The numbered legal moves, in columns."""
    return "\n".join(numbered_lines(moves, width))


def numbered_lines(moves, width: int = 78) -> list:
    return MoveListing(moves).numbered(width)


def summary_lines(moves, width: int = 78) -> list:
    """A line or two per action: how many moves, and the values each of its places takes, each as
    it may be typed (a piece by its number)."""
    return MoveListing(moves).summary(width)


def moves_block(moves, width: int, height: int) -> list:
    """The moves in at most `height` lines when it can be done: numbered, or summed up."""
    return MoveListing(moves).block(width, height)


class MoveListing:
    """The legal moves of one position, as a screen may show them; each form worked out once (for each width)."""

    def __init__(self, moves):
        self.moves = moves
        self._numbered: dict = {}    # width -> lines
        self._summary: dict = {}     # width -> lines
        self._groups = None

    def numbered(self, width: int) -> list:
        if width not in self._numbered:
            self._numbered[width] = self._numbered_lines(width)
        return self._numbered[width]

    def _numbered_lines(self, width: int) -> list:
        moves = self.moves
        if not moves:
            return ["no legal moves"]
        entries = [f"{i:>{len(str(len(moves)))}}. {printable(m.text)}" for i, m in enumerate(moves, 1)]
        col = max(text_width(e) for e in entries) + 3
        per_row = max(1, (width + 3) // col)
        lines = []
        for i in range(0, len(entries), per_row):
            row = entries[i:i + per_row]
            lines.append(("".join(e + " " * (col - text_width(e)) for e in row[:-1]) + row[-1]).rstrip())
        return [cut(line, width) for line in lines]

    def groups(self) -> list:
        """[(action word, [fields of each move])] in the order the actions first come."""
        if self._groups is None:
            groups: dict = {}
            for m in self.moves:
                fields = move_fields(m)
                head = printable(fields[0].text) if fields[0].kind == "action" else ""
                groups.setdefault(head, []).append(fields)
            self._groups = list(groups.items())
        return self._groups

    def summary(self, width: int) -> list:
        if width not in self._summary:
            self._summary[width] = self._summary_lines(width)
        return self._summary[width]

    def _summary_lines(self, width: int) -> list:
        lines = []
        for head, rows in self.groups():
            first = f"{head} ×{len(rows)}: " if head else f"choose one ×{len(rows)}: "
            start = 1 if head else 0
            # each place's values in the order they first come (a dict keeps that order, and finds in one step)
            seen: list = []
            kinds: list = []
            for r in rows:
                for pos in range(start, len(r)):
                    if pos - start == len(seen):
                        seen.append({})
                        kinds.append(r[pos].kind)
                    seen[pos - start].setdefault(r[pos].token)
            places = [("" if kind in ("choice", "value") else f"{printable(kind)} ") + " ".join(map(printable, tokens))
                      for tokens, kind in zip(seen, kinds)]
            if not places:
                lines.append(first.rstrip(": "))
                continue
            text = first + " · ".join(places)
            if text_width(text) <= width:
                lines.append(text)
            else:   # one line per place, each cut to the width
                lines.append(first.rstrip())
                lines.extend(cut("  " + p, width) for p in places)
        return lines

    def block(self, width: int, height: int) -> list:
        """The moves in at most `height` lines when it can be done: numbered, or summed up."""
        numbered = self.numbered(width)
        if len(numbered) <= height:
            return numbered
        summary = self.summary(width)
        if len(summary) <= height:
            return summary
        # too many actions: one line for each, with its count
        heads = [f"{head or 'choose one'} ×{len(rows)}" for head, rows in self.groups()]
        return flow(heads, width, sep=" · ")[:max(1, height)]
