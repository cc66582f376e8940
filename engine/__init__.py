"""The generic engine: load a game, start states, list legal moves, apply, undo, view."""
from .loader import Game, bundled_games, load_game
from .runtime import RuleError
from .state import IllegalMove, InputError, Outcome, State

__all__ = ["Game", "State", "Outcome", "IllegalMove", "InputError", "RuleError", "load_game", "bundled_games"]
