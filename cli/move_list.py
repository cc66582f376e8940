"""The legal moves on screen: numbered in columns when they fit, else summed up per action."""
from __future__ import annotations

from .fitting import cut, flow
from .fitting import width as text_width
from .move_words import move_fields


def format_moves(moves, width: int = 78) -> str:
    """The numbered legal moves, in columns."""
    return "\n".join(numbered_lines(moves, width))


def numbered_lines(moves, width: int = 78) -> list:
    if not moves:
        return ["no legal moves"]
    entries = [f"{i:>{len(str(len(moves)))}}. {m.text}" for i, m in enumerate(moves, 1)]
    col = max(text_width(e) for e in entries) + 3
    per_row = max(1, (width + 3) // col)
    lines = []
    for i in range(0, len(entries), per_row):
        row = entries[i:i + per_row]
        lines.append(("".join(e + " " * (col - text_width(e)) for e in row[:-1]) + row[-1]).rstrip())
    return [cut(line, width) for line in lines]


def _by_action(moves) -> list:
    """[(action word, [fields of each move])] in the order the actions first come."""
    groups: dict = {}
    for m in moves:
        fields = move_fields(m)
        head = fields[0].text if fields[0].kind == "action" else ""
        groups.setdefault(head, []).append(fields)
    return list(groups.items())


def summary_lines(moves, width: int = 78) -> list:
    """A line or two per action: how many moves, and the values each of its places takes, each as
    it may be typed (a piece by its number)."""
    lines = []
    for head, rows in _by_action(moves):
        first = f"{head} ×{len(rows)}: " if head else f"choose one ×{len(rows)}: "
        places = []
        start = 1 if head else 0
        for pos in range(start, max(len(r) for r in rows)):
            seen = []
            for r in rows:
                if pos < len(r):
                    token = r[pos].token
                    if token not in seen:
                        seen.append(token)
            kind = next((r[pos].kind for r in rows if pos < len(r)), "value")
            label = "" if kind in ("choice", "value") else f"{kind} "
            places.append(label + " ".join(seen))
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


def moves_block(moves, width: int, height: int) -> list:
    """The moves in at most `height` lines when it can be done: numbered, or summed up."""
    numbered = numbered_lines(moves, width)
    if len(numbered) <= height:
        return numbered
    summary = summary_lines(moves, width)
    if len(summary) <= height:
        return summary
    # too many actions: one line for each, with its count
    heads = [f"{head or 'choose one'} ×{len(rows)}" for head, rows in _by_action(moves)]
    return flow(heads, width, sep=" · ")[:max(1, height)]
