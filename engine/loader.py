"""Loading a game: the front end checks its files (grammar/frontend.py), the compiler builds its functions,
and a `Game` starts states of it. Loaded games are kept, keyed by file and text, so a game is built once.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import attrs

from ..grammar.frontend import analyse, bundled_names, find_game, find_sibling, games_dir, read_rules
from .compiler import CompiledGame, InputSpec, OptionSpec, compile_game
from .library import LIBRARY
from .state import State, check_setup

_CACHE: dict = {}


@attrs.define
class BundledGame:
    name: str
    title: str
    path: str
    base: Optional[str]
    min_players: int
    max_players: int


def bundled_games() -> list[BundledGame]:
    out = []
    for path in sorted(games_dir().glob("*.mire")):
        try:
            g = load_game(str(path))
            out.append(BundledGame(path.stem, g.title, str(path), g.base, g.min_players, g.max_players))
        except Exception:  # noqa: BLE001 - one broken file must not hide the others
            out.append(BundledGame(path.stem, "(has errors: mire check it)", str(path), None, 0, 0))
    return out


class Game:
    """A loaded game: compiled rules and the way to start states of it."""

    def __init__(self, compiled: CompiledGame, path: str, base: Optional[str]):
        self.compiled = compiled
        self.path = str(path)
        self.name = Path(path).stem
        self.base = base
        self.title = compiled.title
        self.min_players = compiled.min_players
        self.max_players = compiled.max_players
        self.source = compiled.source

    @property
    def options(self) -> list[OptionSpec]:
        """(name, description, variant it uses or None) of each declared option."""
        return self.compiled.options

    @property
    def inputs(self) -> list[InputSpec]:
        """(zone, count, kind, source zone) of what players may bring."""
        return self.compiled.inputs

    def check_setup(self, players: int, options) -> None:
        """Refuse a number of players or options that the game does not have (SetupError)."""
        check_setup(self.compiled, players, options)

    def seat_names(self, n: int) -> list[str]:
        return list(self.compiled.seat_names[:n])

    def new_state(self, seed=0, players=None, options=(), inputs=None) -> State:
        # an option that uses a variant file plays that variant: options and variants are one mechanism
        for o in self.compiled.options:
            if o.name in options and o.uses and o.uses != self.name:
                if Path(o.uses).name != o.uses or o.uses.startswith("."):
                    raise ValueError(f"option '{o.name}' uses '{o.uses}': a variant is named by its file's name, "
                                     "beside the game, without folders")
                variant = load_game(str(find_sibling(Path(self.path), o.uses)))
                return variant.new_state(seed=seed, players=players, options=options, inputs=inputs)
        return State(self.compiled, seed=seed, players=players, options=options, inputs=inputs)


def load_game(name_or_path: str) -> Game:
    """A bundled game by its name, or the game in a .mire file; MireError with every diagnostic if broken."""
    path = find_game(name_or_path)
    source = read_rules(path)
    key = (str(path.resolve()), source)
    if key not in _CACHE:
        analysis = analyse(path, source, LIBRARY)
        compiled = compile_game(analysis.checked, analysis.sources, path.stem)
        _CACHE[key] = Game(compiled, analysis.checked.module.path, analysis.base)
    return _CACHE[key]


__all__ = ["load_game", "bundled_games", "bundled_names", "Game", "BundledGame"]
