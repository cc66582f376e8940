"""Positions (docs/language.md, "Positions"): a game started, or counted, from a position written out."""
import json

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.position import arrange
from mire.grammar.position import PositionError, parse_position

# X to move: X holds b2 and c1, O holds a1 and a3; O wins at once on a2 unless X takes it
TTT = """position of tic-tac-toe
# X to play
X = mark of X
O = mark of O
cells:
    O . .
    . X .
    O . X
to move: X
"""


def arranged(game, text):
    state = load_game(game).new_state(seed=1)
    arrange(state, parse_position(text, "p.pos"), "p.pos")
    return state


def test_a_position_sets_the_boards_and_whose_turn_it_is():
    state = arranged("tic-tac-toe", TTT)
    assert [m.text for m in state.legal_moves()] == ["place b1", "place a2", "place c2", "place b3", "place c3"]
    owners = {sp.name: sp.pieces[0].owner.name for sp in state.spaces if sp.pieces}
    assert owners == {"a1": "O", "c1": "X", "b2": "X", "a3": "O"}
    # it is the start: nothing before it can be undone
    state.apply(state.parse_move("place c3"))
    state.undo()
    with pytest.raises(IndexError):
        state.undo()


def test_perft_from_a_position(tmp_path):
    (tmp_path / "p.pos").write_text(TTT)
    out = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "3", "--position", str(tmp_path / "p.pos")])
    # 5 moves; 4 replies each; then 3 each, but for the 4 games where O took a2 and won (hand count: 12 + 36)
    assert out.output == "depth 1: 5\ndepth 2: 20\ndepth 3: 48\n"


def test_pieces_with_attributes_a_phase_and_variables():
    state = arranged("mosquito-show", """position of mosquito-show
C = animal(species: chameleon) of orange
T = animal(species: toucan) of orange
c = animal(species: chameleon) of blue
t = animal(species: toucan) of blue
jungle:
    C . . t
    . . . .
    . . . .
    T . . c
phase: movement
to move: blue
""")
    assert state.to_move == 1 and state.game.phases[state.phase].name == "movement"
    assert {sp.name for sp in state.spaces if sp.pieces and sp.board.name == "jungle"} == {"a1", "d1", "a4", "d4"}
    assert all(m.text.split()[0] in ("chameleon", "toucan") for m in state.legal_moves())


@pytest.mark.parametrize("text, said", [
    (TTT.replace("O = mark of O\n", ""), "p.pos:5: the symbol 'O' is not in the legend (`O = KIND of PLAYER`)"),
    (TTT.replace("    O . X\n", ""),
     "p.pos:5: board 'cells' is 3 x 3: write 3 rows of 3 symbols, from its top row down"),
    (TTT.replace("mark of X", "stone of X"), "p.pos:3: there is no piece kind 'stone'"),
    (TTT.replace("to move: X", "to move: Z"), "p.pos: there is no player 'Z'; the players are X, O"),
    (TTT.replace("cells:", "cell:"), "p.pos:5: there is no board 'cell' (did you mean 'cells'?) among the boards"),
    (TTT.replace("position of tic-tac-toe", "position of chess"), "p.pos: this is a position of 'chess', not of"),
    (TTT + "pot = 3\n", "p.pos:10: there is no variable 'pot' of the game"),
    (TTT.replace("to move: X", "to move X"), "p.pos:9: board 'cells' is 3 x 3, and this line would be row 4: the "
                                             "board's rows end above it"),
    (TTT.replace(" . X\n", " . X .\n", 1), "p.pos:8: board 'cells' is 3 x 3: this row has 4 symbols, not 3"),
    (TTT.replace("X = mark", "X \x1b= mark"), "p.pos: it holds the character '\\x1b'"),
    ("position of tic-tac-toe\n" + "#" * 70_000 + "\n", "p.pos: a position file has at most 65,536 characters"),
])
def test_a_position_that_does_not_fit_is_refused_with_where_and_why(text, said):
    with pytest.raises(PositionError) as err:
        arranged("tic-tac-toe", text)
    assert str(err.value).startswith(said), str(err.value)


def test_a_game_from_a_position_saves_and_loads_whole(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.pos").write_text(TTT)
    out = CliRunner().invoke(main, ["play", "tic-tac-toe", "--position", "p.pos", "--seed", "2"],
                             input="c3\nsave g.json\nquit\n").output
    assert "saved g.json (1 move)" in out
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["position"] == TTT and data["moves"] == ["place c3"]
    out = CliRunner().invoke(main, ["play", "tic-tac-toe", "--seed", "9"], input="load g.json\nmoves\nquit\n").output
    assert "loaded g.json (1 move)" in out
    assert "1. place b1   2. place a2   3. place c2   4. place b3" in out
    data["position"] = TTT.replace("to move: X", "to move: Q")
    (tmp_path / "bad.json").write_text(json.dumps(data))
    out = CliRunner().invoke(main, ["play", "tic-tac-toe"], input="load bad.json\nquit\n").output
    assert "cannot load bad.json: its position: there is no player 'Q'; the players are X, O" in out


MORRIS = str(__import__("pathlib").Path(__file__).parent / "games" / "nine-mens-morris.mire")
MORRIS_POSITION = """position of nine-mens-morris
W = man of white
points:
    W . .
    . . .
    . . .
    . . . . . .
    . . .
    . . .
    . . .
"""


@pytest.mark.parametrize("text, said", [
    (MORRIS_POSITION.replace("    . . . . . .\n", "    . . .\n"),
     "p.pos:7: board 'points' has 7 rows of spaces (3, 3, 3, 6, 3, 3, 3): this row has 3 symbols, not 6"),
    (MORRIS_POSITION.replace("    W . .\n", ""),
     "p.pos:3: board 'points' has 7 rows of spaces (3, 3, 3, 6, 3, 3, 3): write its rows from the top down, each "
     "the symbols of that row's spaces from the left"),
])
def test_a_graph_is_written_out_row_by_row_of_its_points(text, said):
    with pytest.raises(PositionError) as err:
        arranged(MORRIS, text)
    assert str(err.value) == said
    assert arranged(MORRIS, MORRIS_POSITION).space_by_name["a7"].pieces[0].owner.name == "white"


def test_pieces_made_from_nothing_that_a_position_clears_leave_the_game():
    # Breakthrough's setup places 16 pawns a side; the position keeps one each. The cleared pawns are out of the
    # game (in the box), so `pawn of opponent` counts only the black pawn, and taking it wins.
    state = arranged("breakthrough", """position of breakthrough
W = pawn of white
B = pawn of black
cells:
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . B . . . .
    . . W . . . . .
    . . . . . . . .
    . . . . . . . .
to move: white
""")
    assert sorted(p.loc.name for ps in state.kind_pieces.values() for p in ps if p.loc is not state.box) == ["c3", "d4"]
    state.apply(state.parse_move("step c3 d4"))
    assert state.is_over() and state.outcome().reason == "every pawn of the other side is taken"
