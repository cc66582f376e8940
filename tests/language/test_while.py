"""`while CONDITION:` (issue 30): a loop bounded by the move's steps, as `repeat` is; a `while` whose block
changes nothing is E039. docs/language.md, "`for`, `repeat` and `while`"."""
import pytest

from mire.engine import load_game
from mire.engine.run.runtime import RuleError
from mire.grammar.diagnostics import MireError

DEALER = '''edition 3
game "Dealer"
players 1
piece card(value: int)
zone deck
zone dealer
pieces card in deck: each value in 1..10

def points(z) = sum([c.value for c in z])

# The dealer draws to 17 or more (the deck is not shuffled: 10 is on top, then 9, 8, ...).
action stand(goal in [17, 30]):
    let total = 0
    while total < goal:
        move top(deck) to dealer
        total = points(dealer)
    log "the dealer stops at {total} with {count(dealer)} cards"
    if total > 21: lose mover
    else: win mover
'''


def load(tmp_path, text):
    path = tmp_path / "dealer.mire"
    path.write_text(text)
    return load_game(str(path))


@pytest.mark.parametrize("goal, log, winner", [
    ("17", "the dealer stops at 19 with 2 cards", True),   # 10 + 9
    ("30", "the dealer stops at 34 with 4 cards", False),  # 10 + 9 + 8 + 7: bust
])
def test_the_dealer_draws_while_under_the_goal(tmp_path, goal, log, winner):
    state = load(tmp_path, DEALER).new_state()
    state.apply(state.parse_move(f"stand {goal}"))
    assert [text for _, text in state.log] == [log]
    assert state.outcome().winners == ((0,) if winner else ())


def test_a_while_that_is_false_at_once_runs_no_turn_and_one_in_a_def(tmp_path):
    text = DEALER.replace("def points(z) = sum([c.value for c in z])", '''def points(z):
    let n = 0
    let left = z.pieces
    while not empty(left):
        n += first(left).value
        left -= [first(left)]
    return n''').replace("[17, 30]", "[0, 17]")
    state = load(tmp_path, text).new_state()
    state.apply(state.parse_move("stand 0"))
    assert [text for _, text in state.log] == ["the dealer stops at 0 with 0 cards"]
    state = load(tmp_path, text).new_state()
    state.apply(state.parse_move("stand 17"))
    assert [text for _, text in state.log] == ["the dealer stops at 19 with 2 cards"]


def test_a_while_that_runs_on_is_stopped_at_its_line_by_the_bound_of_a_move(tmp_path):
    state = load(tmp_path, DEALER.replace("        total = points(dealer)\n", "        total = 0\n")).new_state()
    with pytest.raises(RuleError, match=r"a rule ran more than 200000 steps in one move \(dealer.mire:14\)"):
        state.apply(state.parse_move("stand 17"))
    assert not state.log and len(state.zones["deck"].pieces) == 10   # taken back whole


def test_a_while_whose_block_changes_nothing_is_e039(tmp_path):
    with pytest.raises(MireError) as err:
        load(tmp_path, DEALER.replace("        move top(deck) to dealer\n        total = points(dealer)\n",
                                      '        log "waiting"\n'))
    assert [(d.code, d.message, d.span.line, d.span.column) for d in err.value.diagnostics] == [
        ("E039", "this `while` would never end: its block changes nothing its condition could read", 14, 5)]
