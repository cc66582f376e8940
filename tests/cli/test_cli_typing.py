"""Typing moves: the forgiving matcher over the legal moves' texts, and the move lists on screen."""
import pytest

from mire.cli.fitting import columns, flow, width, wrap_words
from mire.cli.move_list import moves_block, numbered_lines, summary_lines
from mire.cli.move_words import canonical, match_move, move_fields, piece_number
from mire.engine import load_game


def state_of(name, seed=1, players=None, moves=()):
    state = load_game(name).new_state(seed=seed, players=players)
    for text in moves:
        state.apply(state.parse_move(text))
    return state


def meant(state, typed):
    found = match_move(typed, state.legal_moves())
    return found.move.text if found.move is not None else sorted(m.text for m in found.candidates)


def test_fields_of_a_move_are_its_action_and_values():
    state = state_of("mudwater")
    move = next(m for m in state.legal_moves() if m.text == "place Star Jelly-37 b2")
    assert [(f.text, f.kind) for f in move_fields(move)] == \
        [("place", "action"), ("Star Jelly-37", "card"), ("b2", "mat")]
    assert piece_number("Star Jelly-37") == "37" and move_fields(move)[1].token == "37"
    assert move_fields(move)[2].token == "b2"


def test_a_card_by_its_number_in_any_case_and_the_action_by_a_prefix():
    state = state_of("mudwater")
    for typed in ("place Star Jelly-37 b2", "PLACE star jelly-37 B2", "place 37 b2", "p 37 b2",
                  "pl star b2", "place jelly b2", "place STAR JELLY b2"):
        assert meant(state, typed) == "place Star Jelly-37 b2", typed
    assert meant(state, "rock 94 c3") == "rock Crossed Bones-94 c3"
    # a number names a whole number: 3 is no card of this hand, and not a prefix of 37
    assert meant(state, "place 3 b2") == []


def test_a_bare_space_is_enough_when_one_move_fits():
    ttt = state_of("tic-tac-toe")
    assert meant(ttt, "b2") == "place b2"
    assert meant(ttt, "B2") == "place b2"
    mudwater = state_of("mudwater")
    # 18 moves put a card on b2: the player is told, not guessed for
    assert len(meant(mudwater, "b2")) == 18
    assert len(meant(mudwater, "37 b2")) == 2         # place or rock it
    assert meant(mudwater, "place 37") != []          # nine spaces


def test_fields_left_out_in_the_middle_and_choices():
    state = state_of("breakthrough")
    assert meant(state, "a2 a3") == "step a2 a3"
    assert meant(state, "b2 c3") == "step b2 c3"
    assert len(meant(state, "a3")) == 2               # from a2 or b2
    queensland = state_of("queensland", players=2)
    assert meant(queensland, "face n") == "face north"
    assert meant(queensland, "e") == "face east"


def test_canonical_names_values_for_the_rules_to_explain():
    state = state_of("mudwater")
    moves = state.legal_moves()
    assert canonical("place 94 b2", moves, ["place", "rock", "upgrade"]) == "place Crossed Bones-94 b2"
    assert canonical("foo bar", moves, ["place"]) == "foo bar"


def test_numbered_moves_and_their_summary():
    state = state_of("mudwater")
    moves = state.legal_moves()
    assert len(numbered_lines(moves, 80)) == 81           # 162 moves, two a line
    assert summary_lines(moves, 80) == [
        "place ×45: card 37 50 5 18 14 · mat a1 b1 c1 a2 b2 c2 a3 b3 c3",
        "rock ×117:",
        "  card 37 50 5 18 59 72 82 93 94 109 105 116 14",
        "  mat a1 b1 c1 a2 b2 c2 a3 b3 c3",
    ]
    assert moves_block(moves, 80, 4) == summary_lines(moves, 80)
    assert moves_block(moves, 80, 2) == ["place ×45 · rock ×117"]
    ttt = state_of("tic-tac-toe").legal_moves()
    assert moves_block(ttt, 80, 4) == [
        "1. place a1   2. place b1   3. place c1   4. place a2   5. place b2",
        "6. place c2   7. place a3   8. place b3   9. place c3"]


@pytest.mark.parametrize("text, n, lines", [
    ("a few short words", 8, ["a few", "short", "words"]),
    ("averyveryverylongword", 8, ["averyver", "yverylon", "gword"]),
    ("●Star Jelly I ↑2→3↓2←4", 14, ["●Star Jelly I", "↑2→3↓2←4"]),
    ("", 5, [""]),
])
def test_wrap_words(text, n, lines):
    assert wrap_words(text, n) == lines
    assert all(width(line) <= n for line in lines)


def test_flow_and_columns_stay_within_the_width():
    items = [f"item {i}" for i in range(12)]
    for line in flow(items, 30, sep=" · ") + columns(items, 30):
        assert width(line) <= 30
    assert columns(["aa", "bb", "cc"], 20) == ["  aa   bb   cc"]
    # the gap, then the indent, narrow to make room for a second column
    assert columns(["x" * 38, "y" * 38], 80) == ["  " + "x" * 38 + "  " + "y" * 38]
    assert columns(["x" * 39, "y" * 39], 80) == ["x" * 39 + "  " + "y" * 39]
