"""Seat-relative positions as a general feature, on a second game (tests/games/homeward.mire) that uses
them otherwise than Quagmire: each player's own pieces placed from their seat at setup, goals read from
the seat, and seat-relative directions for the moves."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.testing import settle
from mire.engine.bots import RandomBot

HOMEWARD = Path(__file__).resolve().parent / "games" / "homeward.mire"

# Where printed b1 / d1 land for each edge of a 5 x 5 board (column from the seat's left, row 1 nearest)
HOMES = {"south": ["b1", "d1"], "west": ["a4", "a2"], "north": ["d5", "b5"], "east": ["e2", "e4"]}


@pytest.fixture(scope="module")
def game():
    return load_game(str(HOMEWARD))


def homes(s):
    return {p.facing: [r.space.name for r in s.kind_pieces["runner"] if r.owner is p] for p in s.players}


@pytest.mark.parametrize("n, facings", [(2, ["south", "north"]), (3, ["south", "west", "north"]),
                                        (4, ["south", "west", "north", "east"])])
def test_each_players_printed_positions_are_read_from_their_seat(game, n, facings):
    s = game.new_state(players=n)
    assert [p.facing for p in s.players] == facings
    assert homes(s) == {f: HOMES[f] for f in facings}


# a runner's three steps (forward_left, forward, forward_right) from its first home, for each seat
STEPS = {"south": ("b1", ["a2", "b2", "c2"]), "west": ("a4", ["b5", "b4", "b3"]),
         "north": ("d5", ["e4", "d4", "c4"]), "east": ("e2", ["d1", "d2", "d3"])}


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_seat_relative_directions_turn_with_the_seat(game, seat):
    s = game.new_state(players=4)
    p = s.players[seat]
    for r in s.kind_pieces["runner"]:
        if r.owner is not p:                    # the others' runners would block some steps
            s.move_piece(r, s.box, None)
    s.turn_player = p
    settle(s)
    start, steps = STEPS[p.facing]
    assert [m.args[1].name for m in s.legal_moves() if m.args[0].space.name == start] == steps


def test_a_goal_is_read_from_the_owners_seat(game):
    s = game.new_state(players=2)
    for text in ["step b1 c2", "step d5 e4", "step c2 d3", "step e4 e3", "step d3 d4", "step e3 e2"]:
        s.apply(s.parse_move(text))
        assert not s.is_over()
    s.apply(s.parse_move("step d4 d5"))       # red's printed goal d5, read from the south edge
    assert s.outcome().text == "red wins"
    # blue's runner from printed b1 (d5 from the north edge) has printed goal d5: b1 from the north
    s = game.new_state(players=2)
    for text in ["step b1 a2", "step d5 c4", "step a2 a3", "step c4 b3", "step d1 e2", "step b3 b2",
                 "step e2 e3"]:
        s.apply(s.parse_move(text))
    s.apply(s.parse_move("step b2 b1"))
    assert s.outcome().text == "blue wins"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end(game, n):
    for seed in range(50):
        s = game.new_state(seed=seed, players=n)
        play_game(s, [RandomBot(random.Random(seed))] * n)
        assert s.outcome() is not None
