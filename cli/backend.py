"""`--backend auto|python|native`: which engine plays the rules for a command (docs/backends.md).

The default is auto, or $MIRE_BACKEND when it is set. `native` plays the game's native module (engine/native),
or refuses with the construct it does not handle yet and its file:line (exit code 2); `python` the interpreter;
`auto` native where it can, else the interpreter, with a one-line notice on stderr saying why.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, Optional, cast

import click

BACKENDS = ("auto", "python", "native")

BACKEND_HELP = ("Which engine plays the rules: native (the rules compiled to machine code with numba: much faster; "
                "compiled once per game and cached), python (the interpreter), or auto: native where the game's "
                "constructs allow it, else the interpreter (said on stderr). Native plays random movers, perft, "
                "solve's walk and the search bots' random lines. A native series with a seed is the same every "
                "time, but another sample than the interpreter's with that seed.")


def backend_option(f):
    """The --backend option of a command."""
    return click.option("--backend", type=click.Choice(BACKENDS), default=_default_backend,
                        show_default="auto, or $MIRE_BACKEND", help=BACKEND_HELP)(f)


def _default_backend() -> str:
    return os.environ.get("MIRE_BACKEND", "auto")


def _notice(text: str) -> None:
    click.echo(f"mire: {text}", err=True)


def native_for(game, backend: str, players: int, options=(), not_here: Optional[str] = None, said: bool = True,
               then: Optional[Callable[[Any], Optional[str]]] = None):
    """The game's NativeGame when `backend` asks for it and it can play the game (None: the interpreter plays).
    `not_here`: why this use of the command needs the interpreter (a flag native does not serve), if it does;
    `then`: why it does once the native backend takes the game (its moves draw at random, for perft), if it does.
    `--backend native` that cannot be served ends the command with exit code 2 and the reason; `auto` says on
    stderr that the interpreter plays, unless `said` is false (`mire play`: a person is about to play)."""
    if backend == "python":
        return None
    reason = not_here
    if reason is None and not started_before(game, players, options):
        reason = refused_early(game, options)
    if reason is None:
        # numpy's linear algebra (OpenBLAS) starts a thread per core as numpy is imported, which spins a while
        # waiting for work Mire never gives it: processor time a loaded machine takes from the start (~0.05 s).
        # Only in the command's process (and its workers), before numpy is imported; a value set is kept.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        from ..engine.native import HandOffError, NativeUnavailable, Unsupported
        from ..engine.native import game as native_game
        from ..engine.native.rollouts import shared_game
        missing = native_game.numba_missing()  # (asked each time: a game compiled before is no proof of numba)
        try:
            if missing is not None:
                raise NativeUnavailable(f"numba is not installed ({missing})")
            native = shared_game(game, players, options, say=_notice)
            reason = then(native) if then is not None else None
            if reason is None:
                return native
        except (Unsupported, NativeUnavailable, HandOffError) as err:
            reason = str(err)
    if backend == "native":
        click.echo(f"Error: --backend native: {reason}", err=True)
        sys.exit(2)
    if said:
        _notice(f"the interpreter plays this ({reason})")
    return None


def started_before(game, players: int, options=()) -> bool:
    """Has the native backend made this game's start before (its entry is in the cache, engine/native/start.py)?
    Then its declarations were translated, and the translator need not be imported to ask them again."""
    from ..engine.native.start import entry_path, read_start
    try:
        return read_start(entry_path(game.played_as(tuple(options)), players, options)) is not None
    except Exception:  # noqa: BLE001 - (options the game refuses: refused_early and the command say so)
        return False


def refused_early(game, options=()) -> Optional[str]:
    """Why the native backend cannot play a game, when its declarations say so (zones, variables, ...), found
    without importing numba: a command that ends up on the interpreter does not pay for numba's import. None:
    the whole translation decides."""
    from ..engine.native.translate import Translator, Unsupported
    played = game.played_as(tuple(options))
    try:
        # (the declarations alone: no layout is read)
        Translator(played.analysis.checked, cast(Any, None), played.analysis.sources).refuse_declarations()
    except Unsupported as err:
        return str(err)
    except Exception:  # noqa: BLE001 - (a translator that needs more than the declarations: the translation decides)
        return None
    return None


def search_bots(specs) -> bool:
    """Do any of these bot specs search (and so play random lines that the native backend can play)?"""
    from ..engine.bots import parse_spec
    return any(parse_spec(s).kind == "search" for s in specs)


def prepared(native, entry: str) -> None:
    """Compile an entry point of a native game now (saying so, the first time), before the games begin: not in
    the middle of a bot's first move, nor once in each worker process."""
    if native is not None:
        native.entry(entry)
        if entry == "rollout":  # (and the search bots' native tree: engine/native/search.py)
            from ..engine.native.search import prepare
            prepare(native)
