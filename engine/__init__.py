"""The generic engine: load a game, start states, list legal moves, apply, undo, view."""
from .loader import Game, bundled_games, load_game
from .runtime import RuleError
from .state import IllegalMove, InputError, Outcome, SetupError, State

__all__ = ["Game", "State", "Outcome", "IllegalMove", "InputError", "SetupError", "RuleError", "load_game",
           "bundled_games"]
