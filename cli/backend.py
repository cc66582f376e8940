"""`--backend auto|python|native`: which engine plays the rules for a command (docs/backends.md).

The default is auto, or $MIRE_BACKEND when it is set. `native` plays the game's native module (engine/native),
or refuses with the construct it does not handle yet and its file:line (exit code 2); `python` the interpreter;
`auto` native where it can, else the interpreter, with a one-line notice on stderr saying why.
"""
from __future__ import annotations

import os
import sys
from typing import Optional

import click

BACKENDS = ("auto", "python", "native")

BACKEND_HELP = ("Which engine plays the rules: native (the rules compiled to machine code with numba: much faster; "
                "compiled once per game and cached), python (the interpreter), or auto: native where the game's "
                "constructs allow it, else the interpreter (said on stderr). A native series with a seed is the "
                "same every time, but another sample than the interpreter's with that seed.")


def backend_option(f):
    """The --backend option of a command."""
    return click.option("--backend", type=click.Choice(BACKENDS), default=_default_backend,
                        show_default="auto, or $MIRE_BACKEND", help=BACKEND_HELP)(f)


def _default_backend() -> str:
    return os.environ.get("MIRE_BACKEND", "auto")


def _notice(text: str) -> None:
    click.echo(f"mire: {text}", err=True)


def native_for(game, backend: str, players: int, options=(), not_here: Optional[str] = None):
    """The game's NativeGame when `backend` asks for it and it can play the game (None: the interpreter plays).
    `not_here`: why this use of the command needs the interpreter (a flag native does not serve), if it does.
    `--backend native` that cannot be served ends the command with exit code 2 and the reason."""
    if backend == "python":
        return None
    from ..engine.native import HandOffError, NativeGame, NativeUnavailable, Unsupported
    reason = not_here
    if reason is None:
        try:
            return NativeGame(game, players, options, say=_notice)
        except (Unsupported, NativeUnavailable, HandOffError) as err:
            reason = str(err)
    if backend == "native":
        click.echo(f"Error: --backend native: {reason}", err=True)
        sys.exit(2)
    _notice(f"the interpreter plays this ({reason})")
    return None
