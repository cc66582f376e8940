"""Classics nobody wrote the engine for, in tests/games/: Othello (ray walks that flip) and Hex (chains of
stones). They need no engine change; Othello's perft is the published one."""
import random
from pathlib import Path

from mire.engine import load_game
from mire.engine.perft import perft

GAMES = Path(__file__).parent / "games"


def test_othello_perft_is_the_published_count():
    state = load_game(str(GAMES / "othello.mire")).new_state()
    assert perft(state, 6) == [4, 12, 56, 244, 1396, 8200]


def test_othello_flips_the_closed_lines():
    state = load_game(str(GAMES / "othello.mire")).new_state()
    state.apply(state.parse_move("play d3"))
    owners = {s.name: s.pieces[-1].owner.name for s in state.spaces if s.pieces}
    assert owners == {"d3": "black", "d4": "black", "d5": "black", "e4": "black", "e5": "white"}


def test_hex_always_has_a_winner():
    game = load_game(str(GAMES / "hex.mire"))
    for seed in range(30):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        assert len(state.outcome().winners) == 1
