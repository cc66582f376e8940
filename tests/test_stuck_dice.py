"""`when stuck: pass` in a game whose turns start with a roll: a round of passes is nobody's move only while the
dice stay as they were. (Every player passing once in a row ended such games at once: 200 draws in 200 games.)"""
from mire.engine import load_game
from mire.engine.analysis.playout import play_game, series_rng
from mire.engine.bots import RandomBot

SIXES = """game "Sixes"
players 2
var die: int = 0
var sixes: int = 0 per player

trigger roll at turn start:
    die = random(1..6)

action step():
    require die == {need}
    mover.sixes += 1
    if mover.sixes == 3: win mover because "three sixes"

when stuck: pass
"""


def game(tmp_path, need):
    path = tmp_path / "sixes.mire"
    path.write_text(SIXES.replace("{need}", str(need)))
    return load_game(str(path))


def outcomes(g, n=40):
    state = g.new_state(seed=0, records=False)
    found = []
    for i in range(n):
        state.restart(i)
        play_game(state, [RandomBot(series_rng(0, i))] * 2)
        out = state.outcome()
        found.append((out.draw, out.reason))
    return found


def test_passes_with_dice_rolled_again_go_on_until_someone_can_move(tmp_path):
    found = outcomes(game(tmp_path, 6))
    assert found == [(False, "three sixes")] * 40


def test_dice_that_can_never_do_end_the_game_after_the_passes_allowed(tmp_path):
    state = game(tmp_path, 7).new_state(seed=0)
    assert state.is_over() and state.outcome().reason == "nobody can move"
    assert state.turn == 1 + 1000  # the first turn, then the thousand turns passed that MAX_PASSES_IN_A_ROW allows
