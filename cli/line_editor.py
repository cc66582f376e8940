"""Reading the players' lines.

At a terminal, prompt_toolkit does the editing (arrows, history, Tab completion of the legal moves
and the commands) and keeps a status line at the bottom of the screen.  From a pipe, plain lines
are read and echoed after their prompt, so that the output reads like a transcript.
"""
from __future__ import annotations

import sys
from typing import Callable, Optional

from ..grammar.wording import printable
from .terminal import is_tty


class LineReader:
    def __init__(self, echo, words: Callable[[], list], toolbar: Optional[Callable[[], str]] = None):
        self.echo = echo
        self.words = words
        self.toolbar = toolbar
        self.session = None
        if is_tty(sys.stdin) and is_tty(sys.stdout):
            self.session = _prompt_session(words, toolbar)

    @property
    def interactive(self) -> bool:
        return self.session is not None

    @property
    def toolbar_lines(self) -> int:
        """Lines the status line takes below the prompt."""
        return 1 if self.session is not None and self.toolbar is not None else 0

    def read(self, prompt: str) -> Optional[str]:
        """A line without its newline, or None at the end of the input (Ctrl-D). The prompt may name what the
        game calls a seat: it is shown escaped, as what is typed is."""
        prompt = printable(prompt)
        if self.session is not None:
            while True:
                try:
                    return printable(self.session.prompt(prompt))
                except KeyboardInterrupt:   # Ctrl-C drops the line being typed, as in a shell
                    continue
                except EOFError:
                    self.echo("")
                    return None
        self.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            self.echo("")
            return None
        # what is typed is echoed, here and in answers: its control characters must not reach the terminal
        line = printable(line.rstrip("\r\n"))
        self.echo(line)
        return line


def _prompt_session(words, toolbar):
    try:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.history import InMemoryHistory
    except ImportError:   # an install without it still plays, with plain lines
        return None

    class MoveCompleter(Completer):
        def get_completions(self, document, complete_event):
            typed = document.text_before_cursor
            low = typed.lower()
            for word in words():
                if word.lower().startswith(low) and word != typed:
                    yield Completion(word, start_position=-len(typed))

    session: PromptSession = PromptSession(
        history=InMemoryHistory(), completer=MoveCompleter(), complete_while_typing=False,
        # no room kept under the prompt for a menu: the screen was laid out to fit without it
        reserve_space_for_menu=0,
        bottom_toolbar=toolbar,
    )
    # A terminal that does not answer where its cursor is simply goes without the status line,
    # rather than being told so in the middle of the game.
    session.app.renderer.cpr_not_supported_callback = None
    return session
