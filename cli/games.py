"""Finding a game from the command line: a bundled name or a path to a .mire file."""
from __future__ import annotations

import os
from typing import Optional


class UnknownGame(Exception):
    """Neither a bundled game nor an existing file."""

    def __init__(self, name: str):
        self.name = name
        super().__init__(f"unknown game '{name}': not a bundled game (see 'mire list') nor a file")


def bundled() -> list:
    from mire.engine.loader import bundled_games
    return list(bundled_games())


def bundled_names() -> set:
    from mire.engine.loader import bundled_names as names
    return set(names())


def default_game_name() -> Optional[str]:
    """The game `mire play` runs without a GAME: named by the engine or the games package."""
    import importlib
    for module in ("mire.engine.loader", "mire.engine", "mire.games"):
        try:
            mod = importlib.import_module(module)
        except ImportError:
            continue
        name = getattr(mod, "DEFAULT_GAME", None)
        if name:
            return name
    for g in bundled():
        if getattr(g, "default", False):
            return g.name
    return None


def reference(arg: str, relative_to: Optional[str] = None) -> str:
    """What a save file records for a game: its bundled name, or its file's absolute path."""
    if arg in bundled_names():
        return arg
    candidates = [arg]
    if relative_to and not os.path.isabs(arg):
        candidates.insert(0, os.path.join(relative_to, arg))
    for c in candidates:
        if os.path.isfile(c):
            return os.path.abspath(c)
    raise UnknownGame(arg)


def resolve(arg: str, relative_to: Optional[str] = None):
    """(game, reference) for a bundled name or a path; raises UnknownGame or MireError."""
    from mire.engine import load_game
    ref = reference(arg, relative_to)
    return load_game(ref), ref


def same_game(a, b) -> bool:
    try:
        return os.path.realpath(str(a.path)) == os.path.realpath(str(b.path))
    except (TypeError, ValueError):
        return a is b
