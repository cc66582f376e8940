"""Semantics a writer can predict (docs/language.md 2.18 and 2.23): what `turn` and `decisions` count, and
that a `for ... where` works out its values once, before its first turn."""
from mire.engine import load_game


def game_of(tmp_path, text):
    path = tmp_path / "rules.mire"
    path.write_text(text)
    return load_game(str(path))


# Rolling says `again`; choosing asks the mover a question in the middle of the move.
COUNTS = '''game "Counts"
players 2
var turns_seen: list of int = []
var decisions_seen: list of int = []
action roll():
    turns_seen = turns_seen + [turn]
    decisions_seen = decisions_seen + [decisions]
    again
action pick():
    turns_seen = turns_seen + [turn]
    choose n in [1, 2, 3]:
        decisions_seen = decisions_seen + [decisions]
'''


def test_turn_counts_a_move_that_said_again_and_decisions_count_choices_too(tmp_path):
    state = game_of(tmp_path, COUNTS).new_state(seed=1)
    for text in ("roll", "roll", "pick", "2", "roll"):
        state.apply(state.parse_move(text))
    # roll, roll (again: the same player, a new turn), pick with its choice (one turn), then the other's roll
    assert state.vars["turns_seen"] == [1, 2, 3, 4]
    assert [state.players[i].name for i in (state.to_move,)] == [state.players[1].name]
    # the decisions before each: 0, 1, then the choice is answered as the 4th decision, then the 5th
    assert state.vars["decisions_seen"] == [0, 1, 3, 4]
    assert state.decisions == 5 and len(state.history) == 5


# One move fills a row: the loop's `where empty(c)` is looked at once, before the first turn, so placing
# a mark does not hide the next space from it; the `if` inside is looked at on each turn.
ONCE = '''game "Once"
players 2
board cells: grid 3 x 1
piece mark
var visited: int = 0
var placed: int = 0
action fill():
    for c in cells where empty(c):
        visited += 1
        if count(mark of mover) < 2:
            place mark for mover at c
            placed += 1
'''


def test_a_for_where_works_out_its_values_once(tmp_path):
    state = game_of(tmp_path, ONCE).new_state(seed=1)
    state.apply(state.parse_move("fill"))
    assert (state.vars["visited"], state.vars["placed"]) == (3, 2)
