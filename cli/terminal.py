"""The terminal the game is played at: its size, whether it is one, and what clears it."""
from __future__ import annotations

import os
import sys

DEFAULT_SIZE = (80, 24)

# Clear the screen and the scrollback (ESC[3J), so that nothing shown before can be scrolled back to.
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"


def is_tty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def use_colour() -> bool:
    return is_tty(sys.stdout) and "NO_COLOR" not in os.environ


def _env_int(name: str):
    try:
        value = int(os.environ.get(name, ""))
    except ValueError:
        return None
    return value if value > 0 else None


def terminal_size() -> tuple:
    """(columns, rows): the terminal's own, else COLUMNS and LINES, else 80 x 24."""
    for stream in (sys.stdout, sys.stdin, sys.stderr):
        if is_tty(stream):
            try:
                size = os.get_terminal_size(stream.fileno())
            except (OSError, ValueError):
                continue
            if size.columns > 0 and size.lines > 0:
                return size.columns, size.lines
    cols, rows = _env_int("COLUMNS"), _env_int("LINES")
    return cols or DEFAULT_SIZE[0], rows or DEFAULT_SIZE[1]
