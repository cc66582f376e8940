"""Finding a game from the command line: a bundled name or a path to a .mire file (the front end resolves
names; this module adds what a save file records for a game)."""
from __future__ import annotations

import os
from typing import Optional

from ..engine.loader import Game, bundled_games, load_game
from ..games import DEFAULT_GAME
from ..grammar.frontend import bundled_names, is_path
from ..grammar.wording import printable


class UnknownGame(Exception):
    """Neither a bundled game nor an existing file."""

    def __init__(self, name: str):
        self.name = name
        shown = printable(name)
        if is_path(name):
            super().__init__(f"there is no file {shown}")
        else:
            super().__init__(f"unknown game '{shown}': not a bundled game (see 'mire list'); a game of your own "
                             f"is named by its path, such as ./{shown}.mire")


def bundled() -> list:
    return list(bundled_games())


def default_game_name() -> Optional[str]:
    """The game `mire play` runs without a GAME."""
    return DEFAULT_GAME if DEFAULT_GAME in bundled_names() else None


def reference(arg: str, relative_to: Optional[str] = None) -> str:
    """What a save file records for a game: its bundled name, or its file's absolute path."""
    if not is_path(arg):
        if arg in bundled_names():
            return arg
        raise UnknownGame(arg)
    candidates = [arg]
    if relative_to and not os.path.isabs(arg):
        candidates.insert(0, os.path.join(relative_to, arg))
    for c in candidates:
        if os.path.isfile(c):
            return os.path.abspath(c)
    raise UnknownGame(arg)


def resolve(arg: str, relative_to: Optional[str] = None) -> tuple[Game, str]:
    """(game, reference) for a bundled name or a path; raises UnknownGame or MireError."""
    ref = reference(arg, relative_to)
    return load_game(ref), ref


def same_game(a: Game, b: Game) -> bool:
    return os.path.realpath(str(a.path)) == os.path.realpath(str(b.path))
