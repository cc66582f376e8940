"""The generic engine: load a game, start states, list legal moves, apply, undo, view."""
from typing import TYPE_CHECKING

from .loader import Game, bundled_games, load_game
from .run.runtime import RuleError

if TYPE_CHECKING:
    from .run.state import IllegalMove, InputError, Outcome, SetupError, State

_OF_STATE = ("State", "Outcome", "IllegalMove", "InputError", "SetupError")


def __getattr__(name: str):
    """The names of engine/run/state.py, imported when first asked for (`mire check` never starts a game)."""
    if name in _OF_STATE:
        from .run import state
        return getattr(state, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["Game", "State", "Outcome", "IllegalMove", "InputError", "SetupError", "RuleError", "load_game",
           "bundled_games"]
