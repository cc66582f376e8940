"""Numbers as parameters (issue 12, item 10): board sizes from constants and options with a value, a game built
for the values it is started with, and everything that depends on them following."""
import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.state import SetupError

RULES = '''game "Gomoku"
players 2 named black, white
option size: int = 9 in 5..19 "the side of the board"
option swap "white may take black's first stone"
const N = size
const CENTRE = (size + 1) / 2
board cells: grid N x N
piece stone

action place(c in cells where empty(c) and (turn > 1 or (c.x == CENTRE and c.y == CENTRE))):
    place stone for mover at c
    if in_a_row(c, 5): win mover

action take(c in cells where swap and turn == 2 and not empty(c)):
    top(c).owner = mover
'''


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "gomoku.mire"
    path.write_text(RULES)
    return load_game(str(path))


def test_the_board_and_what_depends_on_it_follow_the_option(game):
    assert perft(game.new_state(), 2) == [1, 80]
    state = game.new_state(options=("size=15",))
    assert len(state.spaces) == 225 and [m.text for m in state.legal_moves()] == ["place h8"]
    assert perft(state, 2) == [1, 224]
    small = game.new_state(options=("size=5", "swap"))
    assert [m.text for m in small.legal_moves()] == ["place c3"]
    small.apply(small.legal_moves()[0])
    assert perft(small, 1) == [25]  # 24 places and the swap


def test_a_game_is_built_once_for_each_set_of_values(game):
    assert game.played_as(("size=15",)) is game.played_as(("size=15", "swap"))
    assert game.played_as(("size=9",)) is game and game.played_as(()) is game
    assert game.played_as(("size=15",)).played_as(()) is game


@pytest.mark.parametrize("options,said", [
    (("size=20",), "option 'size' is a number from 5 to 19, not '20'"),
    (("size",), "option 'size' is a number from 5 to 19: give it as size=N"),
    (("size=x",), "option 'size' is a number from 5 to 19, not 'x'"),
    (("size=7", "size=8"), "option 'size' is given twice"),
    (("swap=1",), "option 'swap' is switched on by its name alone, without a value"),
    (("sise=7",), "has no option 'sise' (did you mean 'size'?)"),
])
def test_option_values_are_checked(game, options, said):
    with pytest.raises(SetupError) as err:
        game.new_state(options=options)
    assert said in str(err.value)
