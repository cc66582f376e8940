"""The generic engine: load a game, start states, list legal moves, apply, undo, view."""
from typing import TYPE_CHECKING

from .loader import Game, bundled_games, load_game
from .run.runtime import RuleError

if TYPE_CHECKING:
    from .run.construction import InputError, SetupError
    from .run.ending import Outcome
    from .run.moves import IllegalMove
    from .run.state import State

# where each name of a started game lives (imported when first asked for: `mire check` never starts a game)
_OF_STATE = {"State": "state", "Outcome": "ending", "IllegalMove": "moves", "InputError": "construction",
             "SetupError": "construction"}


def __getattr__(name: str):
    """The names of a started game, imported when first asked for (`mire check` never starts a game)."""
    if name in _OF_STATE:
        from importlib import import_module
        return getattr(import_module(f".run.{_OF_STATE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["Game", "State", "Outcome", "IllegalMove", "InputError", "SetupError", "RuleError", "load_game",
           "bundled_games"]
