"""`repetitions(PART)` (issue 30): how many times a part of the position (the pieces of a board, of some spaces,
of zones) has begun a turn, where `repetitions` compares the whole position (variables and whose turn too).
Go's positional superko is written with it (tests/games/go.mire). docs/language.md 2.24, "Repetition"."""
import pytest

from mire.engine import load_game
from mire.grammar.diagnostics import MireError

GAME = '''game "Rep"
players 2
board cells: grid 2 x 1
piece stone
zone pile
var n: int = 0

setup:
    place stone for seat(1) at at(cells, 1, 1)

action slide(a in cells of mover, b in neighbors(a) where empty(b)):
    move top(a) to b
    n += 1
    log "{repetitions(cells)} {repetitions} {repetitions([pile])}"

fallback action wait():
    log "{repetitions(cells)} {repetitions} {repetitions(pile)}"
'''


def load(tmp_path, text):
    path = tmp_path / "rep.mire"
    path.write_text(text)
    return load_game(str(path))


def test_a_part_is_counted_alone(tmp_path):
    state = load(tmp_path, GAME).new_state()
    seen = []
    for _ in range(6):
        state.apply(state.legal_moves()[0])
        seen.append((state.history[-1], state.log[-1][1]))
    # the stones alone repeat every other turn; the whole position never does after a slide (n grows), and a
    # wait's position began the turn it is in; the empty pile has begun every turn
    assert seen == [("slide a1 b1", "0 0 1"), ("wait", "1 1 2"), ("slide b1 a1", "1 0 3"), ("wait", "2 1 4"),
                    ("slide a1 b1", "2 0 5"), ("wait", "3 1 6")]
    # undo takes the counts back
    state.undo(3)
    state.apply(state.legal_moves()[0])
    assert state.log[-1][1] == "2 1 4"   # as the first time


def test_a_part_named_with_a_rules_name_is_refused(tmp_path):
    with pytest.raises(MireError) as err:
        load(tmp_path, GAME.replace("{repetitions(cells)} {repetitions} {repetitions([pile])}",
                                    "{repetitions([a, b])}"))
    assert [(d.code, d.message) for d in err.value.diagnostics] == [
        ("E021", "`repetitions` compares a part of the position named without a rule's names, but 'a' is one")]
    with pytest.raises(MireError) as err:
        load(tmp_path, GAME.replace("{repetitions(pile)}", "{repetitions(n)}"))
    assert [d.code for d in err.value.diagnostics] == ["E021"]
