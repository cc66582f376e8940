"""How games end: a tie is not a win, ending statements do not skip the scoring, stuck players.
Small games written here, and the classics of tests/games checked against plain Python versions."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.bots import RandomBot
from mire.engine.playout import play_game

GAMES = Path(__file__).parent / "games"


def game_of(tmp_path, text, name="rules"):
    path = tmp_path / f"{name}.mire"
    path.write_text(text)
    return load_game(str(path))


# ---------------------------------------------------------------- a tie is not a win

# Each player takes one point a move, or ends the game; the points decide.
POINTS = '''game "Points"
players 2 to 3 named red, blue, green
var score: int = 0 per player
action take():
    mover.score += 1
action stop():
    finish
'''


def play(state, *texts):
    for t in texts:
        state.apply(state.parse_move(t))
    return state.outcome()


def test_a_tie_among_all_players_is_a_draw(tmp_path):
    out = play(game_of(tmp_path, POINTS).new_state(), "take", "take", "stop")
    assert (out.winners, out.draw, out.tied, out.text) == ((), True, (0, 1), "draw: red and blue tie")
    assert out.scores == {0: 1, 1: 1}


def test_ties_share_makes_a_level_game_a_shared_win(tmp_path):
    out = play(game_of(tmp_path, POINTS + "rank by player.score ties share\n").new_state(), "take", "take", "stop")
    assert (out.winners, out.draw, out.tied, out.text) == ((0, 1), False, (0, 1), "red and blue tie and share the win")


def test_some_players_level_at_the_top_share_the_win_over_the_others(tmp_path):
    state = game_of(tmp_path, POINTS).new_state(players=3)
    out = play(state, "take", "take", "stop")
    assert (out.winners, out.draw, out.tied, out.text) == ((0, 1), False, (0, 1), "red and blue tie and share the win")


def test_a_ranking_that_parts_the_players_names_no_tie(tmp_path):
    out = play(game_of(tmp_path, POINTS).new_state(), "take", "stop")
    assert (out.winners, out.draw, out.tied, out.text) == ((0,), False, (), "red wins")
    both = POINTS.replace("action stop():\n    finish", "action stop():\n    win [mover, next_player(mover)]")
    game = game_of(tmp_path, both, "shared")
    out = play(game.new_state(), "stop")
    assert (out.winners, out.tied, out.text) == ((0, 1), (), "red and blue share the win")


def test_the_winners_builtin_is_empty_in_a_level_game(tmp_path):
    game = game_of(tmp_path, POINTS + 'trigger say at end:\n    log "winners: {winners}"\n')
    out = play(game.new_state(), "take", "take", "stop")
    assert out.extra["notes"] == ["winners: []"]


def test_level_othello_and_kalah_games_are_draws():
    seen = {}
    for name in ("othello", "kalah"):
        game = load_game(str(GAMES / f"{name}.mire"))
        for seed in range(60):
            state = game.new_state(seed=seed)
            play_game(state, [RandomBot(random.Random(seed))] * 2)
            out = state.outcome()
            if out.tied:
                seen[name] = (out.draw, out.winners, out.text)
                break
    assert seen == {"othello": (True, (), "draw: black and white tie"),
                    "kalah": (True, (), "draw: south and north tie")}


@pytest.mark.parametrize("text", ["rank by player.score ties", "rank by player.score share"])
def test_ties_share_is_two_words(tmp_path, text):
    from mire.grammar.diagnostics import MireError
    with pytest.raises(MireError):
        game_of(tmp_path, POINTS + text + "\n")
