"""`mire` in a real pseudo-terminal, seen through a terminal emulator (pyte), as a player sees it.

The program is told its terminal is COLS x ROWS (the pty's size); the emulated screen is wider,
so that a line the program writes past the last column shows instead of wrapping.  The emulator
answers the cursor position requests prompt_toolkit makes, like a real terminal.
"""
from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time

import pyte

SPARE_COLUMNS = 60
PROMPT = re.compile(r"(\S+>|\[y/N\]|press Enter|q to stop --)\s*$")


class Screen(pyte.HistoryScreen):
    """A screen that counts its scrolls and its clears of the scrollback."""

    def __init__(self, columns, lines):
        super().__init__(columns, lines, history=100000, ratio=0.5)
        self.scrolled = 0
        self.scrolled_since_clear = 0
        self.scrollback_clears = 0
        self.answer = None

    def index(self):
        if self.cursor.y == self.lines - 1:
            self.scrolled += 1
            self.scrolled_since_clear += 1
        super().index()

    def erase_in_display(self, how=0, *args, **kwargs):
        super().erase_in_display(how, *args, **kwargs)
        if how == 3:
            self.scrollback_clears += 1
            self.scrolled_since_clear = 0

    def write_process_input(self, data):
        if self.answer is not None:
            self.answer(data)


class Terminal:
    def __init__(self, args, cols=80, rows=24, env=None):
        self.cols, self.rows = cols, rows
        self.screen = Screen(cols + SPARE_COLUMNS, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.steps = []          # one record per line sent: see send()
        pid, fd = pty.fork()
        if pid == 0:  # the child: mire itself
            os.environ.update(COLUMNS=str(cols), LINES=str(rows), TERM="xterm-256color")
            os.environ.pop("NO_COLOR", None)
            os.environ.update(env or {})
            os.execv(sys.executable, [sys.executable, "-c", "from mire.cli.main import main; main()", *args])
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.screen.answer = lambda data: os.write(fd, data.encode())
        self.exit_code = None
        self._mark = (0, 0, 0)
        self.first = self.wait()

    # -- reading ---------------------------------------------------------------------------

    def _pump(self, quiet: float, limit: float) -> bool:
        """Read what the program writes until it is quiet for `quiet` seconds; False at its end."""
        start = last = time.time()
        while time.time() - start < limit:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                self.raw += chunk
                self.stream.feed(chunk)
                last = time.time()
            elif time.time() - last > quiet:
                return True
        return True

    def cursor_line(self) -> str:
        return self.screen.display[self.screen.cursor.y].rstrip()

    def wait(self, limit: float = 60.0) -> dict:
        """Wait for the program to ask for input (or end); what the screen was like then."""
        start = time.time()
        alive = True
        while time.time() - start < limit:
            alive = self._pump(0.15, limit)
            if not alive or PROMPT.search(self.cursor_line()):
                break
        if not alive:
            self._reap()
        return self._record()

    def _reap(self):
        if self.exit_code is None:
            _, status = os.waitpid(self.pid, 0)
            self.exit_code = os.waitstatus_to_exitcode(status)

    def _record(self) -> dict:
        scrolled, clears, raw_at = self._mark
        s = self.screen
        cleared = s.scrollback_clears > clears
        return {
            "prompt": self.cursor_line(),
            "screen": [line.rstrip() for line in s.display],
            "raw": self.raw[raw_at:],
            "scrolled": s.scrolled - scrolled,
            "scrolled_since_clear": s.scrolled_since_clear,
            "cleared": cleared,
            "input_row": self._input_row,
            "alive": self.exit_code is None,
        }

    # -- writing ---------------------------------------------------------------------------

    _input_row = None

    def send(self, line: str) -> dict:
        """Type a line and Enter, and wait for the next prompt; the record of what followed."""
        self._mark = (self.screen.scrolled, self.screen.scrollback_clears, len(self.raw))
        self._input_row = self.screen.cursor.y
        os.write(self.fd, line.encode() + b"\r")
        record = self.wait()
        record["sent"] = line
        self.steps.append(record)
        return record

    def close(self):
        if self.exit_code is None:
            try:
                os.kill(self.pid, 15)
            except ProcessLookupError:
                pass
            self._reap()
        os.close(self.fd)

    # -- what was seen ---------------------------------------------------------------------

    def all_lines(self) -> list:
        """Every line the terminal holds: its scrollback, then its screen."""
        history = ["".join(line[x].data for x in range(self.cols + SPARE_COLUMNS)).rstrip()
                   for line in self.screen.history.top]
        return history + [line.rstrip() for line in self.screen.display]

    def widest(self) -> int:
        return max((len(line) for line in self.all_lines()), default=0)


def fits(record: dict, rows: int) -> bool:
    """Did all that was written since the input (or since a clear) stay on the screen?"""
    if record["cleared"]:
        return record["scrolled_since_clear"] == 0
    row = record["input_row"] if record["input_row"] is not None else 0
    return record["scrolled"] <= row
