"""Queensland as whole games: seeded REPL transcripts for 2, 3 and 4 players (snapshots), a human at the
keyboard, random playouts that must end by the rules, and exact undo through secret choices.

The suite plays 1,000 random playouts across the player counts, and PLAYOUTS of each count with every
end-of-game check; `QUEENSLAND_PLAYOUTS=1000 pytest tests/each_game/test_queensland_games.py -k playouts` runs the
checks on a thousand of each."""
import os
import random

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.testing import snapshot as state_snapshot
from mire.engine.bots import RandomBot
from mire.engine.run.library import edge
from mire.engine.run.runtime import DIRS

SEEDS = {2: 1, 3: 4, 4: 2}
PLAYOUTS = int(os.environ.get("QUEENSLAND_PLAYOUTS", "25"))
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


@pytest.fixture(scope="module")
def game():
    return load_game("queensland")


def run(args, input=None):
    result = CliRunner().invoke(main, args, input=input, catch_exceptions=False)
    assert result.exit_code == 0
    assert "Traceback" not in result.output and "\x1b[" not in result.output
    return result.output


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_seeded_game_of_bots_as_a_transcript(n, snapshot, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    seats = [f"--seat={i}=random" for i in range(1, n + 1)]
    out = run(["play", "queensland", "--players", str(n), "--seed", str(SEEDS[n]), *seats])
    assert out.count(": turn the farm to face ") == n
    assert sum(": take tile " in line or ": put tile " in line for line in out.splitlines()) == 48
    assert "game over: " in out and "A: " in out and "B: " in out
    assert out == snapshot


def test_a_human_places_tiles_and_is_told_which_side_does_not_match(snapshot, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    lines = [
        "face west",            # red's farm faces west
        "take 1 5,5 north",     # not next to the farm
        "take 1 -1,1 north",    # next to it, but a side does not match
        "take 3 0,2 east",
        "moves",
        "1",                    # the first legal placement
        "board",
        "move",                 # yellow's group movement: red moves their toads too (a secret choice)
        "quit",
    ]
    out = run(["play", "queensland", "--players", "2", "--seed", "1", "--seat", "2=random"],
              input="\n".join(lines) + "\n")
    assert "cannot take 1 5,5 north: 5,5 is not one of " in out
    assert "does not match the tile" in out
    assert "red: take tile " in out and 'you answer move to "move your toads' in out
    assert out == snapshot


def sides_match(s, p):
    for sp in p.boards["farm"].in_play():
        for name, other in OPPOSITE.items():
            n = sp.nbr[DIRS[name].i]
            if n is not None and n.pieces:
                mine = edge(s, sp.pieces[0], DIRS[name]).rstrip("0123456789")
                if mine != edge(s, n.pieces[0], DIRS[other]).rstrip("0123456789"):
                    return False
    return True


def check_the_end(s, n):
    """What must hold when a game of Queensland has ended."""
    assert s.is_over()
    turns = [h for h in s.history if h.startswith(("take ", "discard "))]
    assert len(turns) == 48                                     # 3 market tiles and 47 in the pile
    assert sum(h.startswith("face ") for h in s.history) == n
    assert "the market cannot be refilled: the game ends" in [t for _, t in s.log]
    assert not s.zones["pile"].pieces and all(not sp.pieces for sp in s.boards["market"].spaces)
    # every toad is in the supply or beside a farm with the tile it was on; no tile with toads stays
    toads = len(s.zones["toads"].pieces)
    for p in s.players:
        farm = p.boards["farm"].in_play()
        assert all(len(sp.pieces) == 1 for sp in farm)
        toads += sum(x.kind.name == "toad" for x in p.zones["removed"].pieces)
        assert sides_match(s, p)
        assert all(sp.pieces[0].owner is p for sp in farm)
    assert toads == 60
    # every farm tile is on a farm, beside one, or out of the game (the last 2 of the market, discards)
    places = {}
    for t in s.kind_pieces["tile"]:
        where = "box" if t.loc is s.box else ("removed" if t.loc.name == "removed" else "farm")
        places[where] = places.get(where, 0) + 1
    discards = sum(h.startswith("discard ") for h in s.history)
    assert places.get("box", 0) == 2 + discards and sum(places.values()) == 50
    o = s.outcome()
    assert o.scores is not None and len(o.winners) >= 1 and not o.draw
    best = max(o.scores.values())
    assert all(o.scores[w] == best for w in o.winners)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_playouts_end_by_the_rules(game, n):
    for seed in range(PLAYOUTS):
        s = game.new_state(seed=seed, players=n)
        play_game(s, [RandomBot(random.Random(seed))] * n)
        assert s.is_over()
        check_the_end(s, n)


def test_undo_restores_every_position_through_secret_choices(game):
    s = game.new_state(seed=3, players=3)
    before = []
    chose = []

    def note(s, seat, move):
        chose.append(s.pending is not None)
        before.append(state_snapshot(s))
    play_game(s, [RandomBot(random.Random(3))] * 3, on_move=note)
    before.append(state_snapshot(s))
    assert any(chose)
    while len(before) > 1:
        before.pop()
        s.undo()
        assert state_snapshot(s) == before[-1]


@pytest.mark.slow
def test_a_thousand_random_playouts_end_without_error(game):
    # the 1,000 playouts, spread over the player counts (the checks above run on fewer)
    ended = 0
    for i in range(1000):
        s = game.new_state(seed=10_000 + i, players=2 + i % 3)
        play_game(s, [RandomBot(random.Random(i))] * s.num_players)
        ended += s.outcome() is not None
    assert ended == 1000
