"""Classics nobody wrote the engine for, in tests/games/: Othello (ray walks that flip), Hex (chains of
stones) and Kalah (sowing round a ring). They need no engine change; Othello's perft is the published one."""
import random
from pathlib import Path

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.analysis.playout import play_game
from mire.engine.bots import RandomBot

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
        play_game(state, [RandomBot(random.Random(seed))] * 2)
        assert len(state.outcome().winners) == 1


def test_kalah_sows_round_the_ring_with_extra_turns_and_captures():
    game = load_game(str(GAMES / "kalah.mire"))
    state = game.new_state()
    state.apply(state.parse_move("sow c1"))  # 4 seeds: d1, e1, f1 and south's store: south sows again
    counts = {s.name: len(s.pieces) for s in state.spaces}
    assert [counts[f"{c}1"] for c in "abcdef"] == [4, 4, 0, 5, 5, 5]
    assert len(state.players[0].zones["store"].pieces) == 1
    assert state.turn_player.index == 0
    for seed in range(50):  # random games end, and no seed is lost or made
        state = game.new_state(seed=seed)
        play_game(state, [RandomBot(random.Random(seed))] * 2)
        assert state.is_over() and sum(len(p.zones["store"].pieces) for p in state.players) == 48
