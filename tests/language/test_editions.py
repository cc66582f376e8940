"""Editions of the language: `edition N` at the top of a file, edition 2 without it; what edition 3 changes
(an action's parameter never takes none) and what no edition may refuse. See docs/language.md §2.30."""
import random

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.grammar.diagnostics import MireError

OFF_THE_BOARD = '''game "Stones"
players 2
board cells: grid 3 x 3
piece stone

action place(c in cells where empty(c), d in [c + north, c + east] where empty(d)):
    place stone for mover at c
'''


def load(tmp_path, text):
    path = tmp_path / "stones.mire"
    path.write_text(text)
    return load_game(str(path))


def test_a_file_without_an_edition_is_edition_2_and_keeps_its_meaning(tmp_path):
    # edition 2: `c + north` off the board is none, and `empty(none)` is yes: every space has two moves
    for text in (OFF_THE_BOARD, "edition 2\n" + OFF_THE_BOARD):
        game = load(tmp_path, text)
        assert game.analysis.checked.symbols.edition == 2
        assert perft(game.new_state(), 2) == [18, 264]


def test_edition_3_leaves_none_out_of_a_parameters_list(tmp_path):
    game = load(tmp_path, "edition 3\n" + OFF_THE_BOARD)
    state = game.new_state()
    assert perft(state, 2) == [12, 110]
    texts = [m.text for m in state.legal_moves()]
    assert "place a1 a2" in texts and not any(t.endswith("none") for t in texts)
    # a move drawn at random (which tries combinations without listing them) draws from the same moves
    for seed in range(20):
        assert state.random_move(random.Random(seed)).text in texts


@pytest.mark.parametrize("text, code, message", [
    ("edition 7\n", "E097", "this Mire reads editions 2 to 3 of the language, not edition 7"),
    ("edition 3\nedition 3\n", "E030", "`edition` is given twice (first on line 1)"),
])
def test_an_edition_this_mire_does_not_read_is_refused(tmp_path, text, code, message):
    with pytest.raises(MireError) as err:
        load(tmp_path, text + OFF_THE_BOARD)
    assert [(d.code, d.message) for d in err.value.diagnostics] == [(code, message)]


CHOICE_OFF_THE_BOARD = '''game "Stones"
players 2
board cells: grid 3 x 3
piece stone

action place(c in cells where empty(c)):
    place stone for mover at c
    choose d in [c + north, c + east] where empty(d):
        place stone for mover at d
'''


def test_edition_3_leaves_none_out_of_a_choice(tmp_path):
    # on c3 both neighbours are off the board: edition 2 offers none (and the move fails placing there, at
    # the line that placed), edition 3 has nothing to choose and skips the block
    from mire.engine.run.runtime import RuleError
    state = load(tmp_path, CHOICE_OFF_THE_BOARD).new_state()
    with pytest.raises(RuleError, match=r"a piece was placed on none \(stones.mire:9\)"):
        state.apply(state.parse_move("place c3"))
    state = load(tmp_path, "edition 3\n" + CHOICE_OFF_THE_BOARD).new_state()
    state.apply(state.parse_move("place c3"))
    assert state.to_move == 1 and state.boards["cells"].spaces[8].pieces
    # on a3 the one neighbour on the board (b3) is taken without asking; on a1 both are offered
    state.apply(state.parse_move("place a3"))
    assert [s.name for s in state.boards["cells"].spaces if s.pieces] == ["a3", "b3", "c3"]
    state.apply(state.parse_move("place a1"))
    assert sorted(m.text for m in state.legal_moves()) == ["a2", "b1"]
