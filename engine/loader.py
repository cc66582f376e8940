"""Loading a game: the front end checks its files (grammar/frontend.py), the compiler builds its functions,
and a `Game` starts states of it. Loaded games are kept, keyed by file and text, so a game is built once.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import attrs

from ..grammar.diagnostics import Diagnostic, MireError
from ..grammar.frontend import analyse, bundled_names, find_game, find_sibling, games_dir, read_rules
from ..grammar.nodes import nowhere
from .compiler import CompiledGame, InputSpec, OptionSpec, compile_game
from .library import LIBRARY

if TYPE_CHECKING:
    from .state import State

# engine/state.py, and what it imports (views, explanations, chance, sampling...), is imported where a game is
# set up or started, not here: `mire check` loads games and never starts one

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

    def __init__(self, compiled: CompiledGame, path: str, base: Optional[str], analysis=None, built=None,
                 values=None):
        self.compiled = compiled
        self.analysis = analysis  # the checked game, to build it again for other values of its options
        self._built: dict = built if built is not None else {}  # the game for each set of option values
        self.values = values or {}  # the values of the options with a value it was built for (none: defaults)
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
        from .state import check_setup
        check_setup(self.compiled, players, options)

    def seat_names(self, n: int) -> list[str]:
        return list(self.compiled.seat_names[:n])

    def played_as(self, options=()) -> "Game":
        """The game these options make: an option that uses a variant plays that variant (options and variants
        are one mechanism). Loading checked that the variants an option uses load and lead back to no game."""
        for o in self.compiled.options:
            if o.name in options and o.uses and o.uses != self.name:
                return load_game(str(find_sibling(Path(self.path), o.uses))).played_as(options)
        from .state import option_values
        values = {k: v for k, v in option_values(self.compiled, options).items()
                  if v != next(o.default for o in self.compiled.options if o.name == k)}
        return self.built_for(values)

    def built_for(self, values: dict) -> "Game":
        """The game built with these values of its options with a value (a board of another size, constants
        made of them): built once for each set of values. SetupError when the values make a board too large."""
        if values == self.values:
            return self
        key = tuple(sorted(values.items()))
        if not values and () in self._built:
            return self._built[()]
        if key not in self._built:
            assert self.analysis is not None
            try:
                compiled = compile_game(self.analysis.checked, self.analysis.sources, Path(self.path).stem, values)
            except MireError as err:
                from .state import SetupError
                raise SetupError(err.diagnostics[0].message) from None
            self._built[key] = Game(compiled, self.path, self.base, self.analysis, self._built, values)
        return self._built[key]

    def new_state(self, seed=0, players=None, options=(), inputs=None, chance=None, records=True) -> State:
        """A game at its start. `chance` forces the outcomes of the start's draws, one by one (see
        chance.setup_outcomes); without it they come from the seed. `records=False`: a state that keeps no record
        of what its draws could have been, for games nobody reasons about (random movers): a bot that works out
        what its seat knows refuses it."""
        from .state import State
        game = self.played_as(options)
        return State(game.compiled, seed=seed, players=players, options=options, inputs=inputs, chance=chance,
                     records=records)


_LOADING: list[str] = []  # the games being loaded, outermost first: the variants their options use load inside


def load_game(name_or_path: str) -> Game:
    """A bundled game by its name, or the game in a .mire file; MireError with every diagnostic if broken."""
    path = find_game(name_or_path)
    source = read_rules(path)
    key = (str(path.resolve()), source)
    if key not in _CACHE:
        if key[0] in _LOADING:
            raise _UsesError(key[0])
        _LOADING.append(key[0])
        try:
            analysis = analyse(path, source, LIBRARY)
            compiled = compile_game(analysis.checked, analysis.sources, path.stem)
            game = Game(compiled, analysis.checked.module.path, analysis.base, analysis)
            game._built[()] = game
            _check_uses(game, path, analysis)
        finally:
            _LOADING.pop()
        _CACHE[key] = game
    return _CACHE[key]


class _UsesError(Exception):
    """Options whose variants lead back to a game being loaded (its resolved path)."""

    def __init__(self, game: str):
        super().__init__(game)
        self.game = game


def _check_uses(game: Game, path: Path, analysis) -> None:
    """Every variant an option uses is found beside the game (or bundled), loads, and leads to no circle."""
    diags = []
    for o in game.options:
        if not o.uses or o.uses == game.name:
            continue
        option = analysis.checked.symbols.options.get(o.name)
        span = option.span if option is not None else nowhere(str(path))
        try:
            load_game(str(find_sibling(path, o.uses)))
        except MireError as err:
            first = err.diagnostics[0]
            if first.code == "E090":
                reason = f"there is no game '{o.uses}' beside it, nor a bundled one"
            elif (first.code == "E063" and "is not the name" in first.message) or first.code == "E064":
                reason = first.message
            else:
                reason = f"'{o.uses}' has errors of its own (mire check it)"
            diags.append(Diagnostic("E063", f"option '{o.name}' uses '{o.uses}', but {reason}", span,
                                    "`uses` names a variant of the game in the same folder, by its name"))
        except _UsesError as err:
            if err.game != str(path.resolve()):
                raise  # the circle closes further out: the game it leads back to reports it
            diags.append(Diagnostic("E063", f"option '{o.name}' uses '{o.uses}', whose options lead back to "
                                            f"'{game.name}'", span,
                                    "an option's variant must not have an option that leads back to the game"))
    if diags:
        raise MireError(diags, analysis.sources)


__all__ = ["load_game", "bundled_games", "bundled_names", "Game", "BundledGame"]
