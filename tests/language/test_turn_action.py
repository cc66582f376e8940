"""`action NAME() each turn:` (issue 30): the turn is this action, begun by itself when the turn begins; its choices (an
`at once`, a `choose`) are the turn's decisions, so a simultaneous step can be a whole turn (goofspiel has one
decision a turn: tests/language/test_simultaneous.py). docs/language.md, "`each turn`"."""
import random

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.runtime import RuleError
from mire.grammar.diagnostics import MireError

MORRA = '''game "Morra"
players 2 named odd, even
var shown: int = 0 per player
var rounds: int = 0

# Each turn both show one or two fingers at once; three rounds, then the most points wins.
action show() each turn:
    at once each p in players:
        choose fingers in [1, 2] by p:
            p.shown = fingers
    let total = sum([p.shown for p in players])
    rounds += 1
    if total % 2 == 1: seat(1).score += 1
    else: seat(2).score += 1
    if rounds == 3: finish

var score: int = 0 per player
'''


def load(tmp_path, text, name="game.mire"):
    path = tmp_path / name
    path.write_text(text)
    return load_game(str(path))


def test_each_turn_is_one_joint_decision(tmp_path):
    game = load(tmp_path, MORRA)
    state = game.new_state()
    assert state.simultaneous and state.decisions == 0 and state.history == []
    assert perft(state, 4) == [4, 16, 64, 0]
    state.apply(state.parse_move("odd: 1; even: 2"))
    state.apply(state.joint_move({0: 0, 1: 0}))
    assert state.history == ["odd: 1; even: 2", "even: 1; odd: 1"] and state.vars["rounds"] == 2
    # undo takes a turn back whole: the turn before is asked again
    state.undo()
    assert state.simultaneous and state.vars["rounds"] == 1 and state.history == ["odd: 1; even: 2"]
    state.undo()
    assert state.simultaneous and state.vars["rounds"] == 0 and state.decisions == 0
    # a history replays (each turn begins by itself), and a restart begins the first turn again
    played = game.new_state(seed=5)
    rng = random.Random(1)
    while not played.is_over():
        played.apply(played.random_move(rng))
    again = game.new_state(seed=5)
    for text in played.history:
        again.apply(again.parse_move(text))
    assert again.outcome() == played.outcome() and len(played.history) == 3
    played.restart(6)
    assert played.simultaneous and played.history == [] and played.vars["rounds"] == 0


def test_a_turn_action_may_ask_one_player_and_live_in_a_phase(tmp_path):
    text = '''game "Guess"
players 2
var guesses: int = 0

phase warm until guesses == 2:
    action wave():
        guesses += 1

phase guessing:
    action guess() each turn:
        choose n in [1, 2, 3] by mover always:
            guesses += n
        if guesses > 6: win mover
'''
    state = load(tmp_path, text).new_state()
    assert not state.simultaneous and [m.text for m in state.legal_moves()] == ["wave"]
    state.apply(state.parse_move("wave"))
    state.apply(state.parse_move("wave"))
    # the phase of the action each turn: its choice is the turn's decision
    assert [m.text for m in state.legal_moves()] == ["1", "2", "3"] and state.to_move == 0
    state.apply(state.parse_move("3"))
    assert [m.text for m in state.legal_moves()] == ["1", "2", "3"] and state.to_move == 1
    state.apply(state.parse_move("2"))
    assert state.outcome().winners == (1,) and state.history == ["wave", "wave", "3", "2"]


def test_a_turn_action_that_draws_before_its_choice_is_stopped(tmp_path):
    with pytest.raises(RuleError, match=r"action 'show' \(each turn\) drew at random before its first choice"):
        load(tmp_path, MORRA.replace("each turn:\n", "each turn:\n    rounds += random([0])\n")).new_state()


def errors(tmp_path, text):
    with pytest.raises(MireError) as err:
        load(tmp_path, text)
    return [(d.code, d.message) for d in err.value.diagnostics]


def test_what_cannot_be_a_whole_turn_is_e053(tmp_path):
    assert errors(tmp_path, MORRA.replace("action show() each turn:", "action show(k in [1, 2]) each turn:")) == [
        ("E053", "action 'show' is each turn, and has parameters")]
    assert errors(tmp_path, MORRA + "action other():\n    pass\n") == [
        ("E053", "action 'show' is each turn, and action 'other' is open beside it")]
    silent = MORRA.replace('''    at once each p in players:
        choose fingers in [1, 2] by p:
            p.shown = fingers
''', "")
    assert errors(tmp_path, silent) == [("E053", "action 'show' is each turn, and asks nobody anything")]


def test_turn_and_each_stay_names(tmp_path):
    game = load(tmp_path, MORRA.replace("rounds += 1", "rounds += 1\n    log \"{turn}\""))
    state = game.new_state()
    state.apply(state.parse_move("odd: 1; even: 1"))
    assert state.log[-1][1] == "1"


def test_a_position_begins_its_turn_by_itself(tmp_path):
    from mire.engine.run.arrange import arrange
    from mire.grammar.position import parse_position
    state = load(tmp_path, MORRA).new_state()
    arrange(state, parse_position("position of game\nrounds = 2\nto move: even\n", "p.pos"), "p.pos")
    assert state.simultaneous and state.deciders == (1, 0) and state.decisions == 0
    state.apply(state.parse_move("even: 2; odd: 2"))
    assert state.outcome().text == "even wins"


def test_a_variable_named_turn_or_each_is_still_assigned(tmp_path):
    # (`each turn` is read as words of the language only after an action's parameters)
    game = load(tmp_path, MORRA + "var turn: int = 0\nvar each: int = 0\ntrigger count after move:\n"
                                  "    turn += 1\n    each = turn\n")
    state = game.new_state()
    state.apply(state.parse_move("odd: 1; even: 1"))
    assert state.vars["each"] == 1
