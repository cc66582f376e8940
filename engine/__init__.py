"""The generic engine: load a game, start states, list legal moves, apply, undo, view."""
from .loader import Game, bundled_games, load_game
from .state import IllegalMove, Outcome, State
from .runtime import RuleError

__all__ = ["Game", "State", "Outcome", "IllegalMove", "RuleError", "load_game", "bundled_games"]
