"""Quagmire as whole games: seeded REPL transcripts for 2, 3 and 4 players (snapshots), and 1,000
random playouts for each player count, which must end without error in a position the rules allow."""
import random

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.testing import snapshot as state_snapshot
from mire.engine.bots import RandomBot

SEEDS = {2: 7, 3: 11, 4: 4}


@pytest.fixture(scope="module")
def game():
    return load_game("quagmire")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_seeded_game_of_bots_as_a_transcript(n, snapshot, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    seats = [f"--seat={i}=random" for i in range(1, n + 1)]
    result = CliRunner().invoke(main, ["play", "quagmire", "--players", str(n), "--seed", str(SEEDS[n]), *seats],
                                catch_exceptions=False)
    assert result.exit_code == 0
    out = result.output
    assert "Traceback" not in out and "\x1b[" not in out
    assert "game over: " in out
    assert out == snapshot


def route_pads(s, f):
    from mire.engine.run.library import seat_space
    return [seat_space(s, s.boards["pads"].spaces, f.attrs[a], f.owner) for a in ("start", "stop1", "stop2", "finish")]


def check_the_end(s, n):
    """What must hold when a game of Quagmire has ended."""
    assert s.is_over()
    frogs = [f for f in s.kind_pieces["frog"] if f.loc is not s.box]
    # the game only ends once the deck is empty (before that, the penalty is always possible) ...
    assert s.zones["deck"].pieces == []
    # ... with a player who has no frog at all: a frog in hand may be discarded, one on the shore
    # or the board may advance (or squash, or complete)
    assert not any(f.owner is s.turn_player for f in frogs)
    for p in s.players:
        assert len(p.zones["shore"].pieces) <= 2
        assert p.vars["score"] >= 0
        assert all(b.kind.name == "fly" for b in p.zones["flies"].pieces)
    flies = s.kind_pieces["fly"]
    assert len(flies) == 4 and all(b.space is not None or b.loc in [p.zones["flies"] for p in s.players]
                                   for b in flies)
    for sp in s.spaces:
        on = [x for x in sp.pieces if x.kind.name == "frog"]
        assert len(on) <= 1, "two frogs never share a pad"
        for f in on:
            assert sp in route_pads(s, f), "a frog stands on a pad of its own route"
    beetles = sorted(b.space.name for b in s.kind_pieces["beetle"])
    assert beetles == (["a3", "a4", "d1", "d2"] if n == 2 else [])
    for b in flies:
        if b.space is not None:
            assert b.space.name not in beetles


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_thousand_random_playouts_end_without_error(game, n):
    lengths = []
    for seed in range(1000):
        s = game.new_state(seed=seed, players=n)
        moves = play_game(s, [RandomBot(random.Random(seed))] * n, max_moves=1000).length
        assert s.is_over(), "a game that is not over always has a move, and ends within 1000"
        check_the_end(s, n)
        lengths.append(moves)
    assert min(lengths) > 10


@pytest.mark.parametrize("n", [2, 3, 4])
def test_undo_takes_a_whole_game_back_exactly(game, n):
    s = game.new_state(seed=n, players=n)
    seen = []
    play_game(s, [RandomBot(random.Random(n))] * n, on_move=lambda s, seat, move: seen.append(state_snapshot(s)))
    seen.append(state_snapshot(s))
    while seen[:-1]:
        seen.pop()
        s.undo()
        assert state_snapshot(s) == seen[-1]
