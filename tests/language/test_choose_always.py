"""`choose ... always` (issue 30): a choice asked even when one value is left, a decision of its own; `always`
is a word only there, and stays a name everywhere else. docs/language.md, "`choose`"."""
from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.grammar.formatter import format_source

GAME = '''game "Always"
players 2
board cells: grid 3 x 1
piece stone
var always: int = 0

action place(c in cells where empty(c)):
    let always_here = always + 1
    place stone for mover at c
    choose d in cells where empty(d) always:
        always = always_here
        log "{mover.name} marks {d}"
'''


def load(tmp_path, text):
    path = tmp_path / "always.mire"
    path.write_text(text)
    return load_game(str(path))


def test_a_choice_that_says_always_is_asked_with_one_value_left(tmp_path):
    # 3 places, 2 marks; 2 places, 1 mark (asked all the same); 1 place, nothing to mark (skipped); over
    assert perft(load(tmp_path, GAME).new_state(), 6) == [3, 6, 12, 12, 12, 0]
    # without `always` the one mark left is taken without asking: a decision fewer
    assert perft(load(tmp_path, GAME.replace("empty(d) always:", "empty(d):")).new_state(), 5) == [3, 6, 12, 12, 0]
    state = load(tmp_path, GAME).new_state()
    for text in ["place a1", "b1", "place c1"]:
        state.apply(state.parse_move(text))
    assert [m.text for m in state.legal_moves()] == ["b1"] and state.to_move == 1
    state.apply(state.parse_move("b1"))
    assert state.vars["always"] == 2 and state.decisions == 4   # `always` the variable, read and set


def test_always_in_an_at_once_asks_a_player_with_one_value_left(tmp_path):
    text = '''game "Bids"
players 2
var bid: int = 0 per player

action bid():
    at once each p in players:
        choose n in [1] if p == seat(1) else [1, 2] by p always:
            p.bid = n
    finish
'''
    state = load(tmp_path, text).new_state()
    state.apply(state.parse_move("bid"))
    # both are asked together, the first with its one value
    assert state.simultaneous and state.deciders == (0, 1)
    assert [m.text for m in state.legal_moves()] == ["1: 1; 2: 1", "1: 1; 2: 2"]
    state = load(tmp_path, text.replace("by p always:", "by p:")).new_state()
    state.apply(state.parse_move("bid"))
    assert not state.simultaneous and state.to_move == 1 and len(state.legal_moves()) == 2


def test_always_keeps_its_place_when_formatted(tmp_path):
    assert format_source(GAME) == GAME
