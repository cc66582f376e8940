"""The order of the end of a turn (issue 30; docs/language.md 2.24, "The order of the end of a turn"): the
`after move` triggers come before the stuck rule, so a draw by a move count written in a trigger wins over "no
legal move"; a game that wants being stuck to decide first says so with `can_move(next_player(mover))`."""
from mire.engine import load_game

GAME = '''game "Three"
players 2
board cells: grid 3 x 1
piece stone

action place(c in cells where empty(c)):
    place stone for mover at c

when stuck: lose because "{mover.name} cannot place"

trigger tired after move:
    if turn == 3: draw because "three moves"
'''


def played(tmp_path, text):
    path = tmp_path / "three.mire"
    path.write_text(text)
    state = load_game(str(path)).new_state()
    for move in ("place a1", "place b1", "place c1"):
        state.apply(state.parse_move(move))
    return state.outcome()


def test_the_after_move_triggers_come_before_the_stuck_rule(tmp_path):
    out = played(tmp_path, GAME)
    assert out.draw and out.reason == "three moves"


def test_a_game_puts_the_stuck_rule_first_by_asking_can_move(tmp_path):
    out = played(tmp_path, GAME.replace("if turn == 3:", "if turn == 3 and can_move(next_player(mover)):"))
    assert out.winners == (0,) and out.reason == "2 cannot place"
