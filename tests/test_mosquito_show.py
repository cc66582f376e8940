"""Mosquito Show: the rulebook's worked examples and each rule, on arranged positions."""
import pytest

from mire.engine import load_game
from mire.engine.analysis.testing import clear_boards, put, set_turn, settle

ORANGE, BLUE = 0, 1


@pytest.fixture
def game():
    return load_game("mosquito-show")


def movement(game, animals, stacks, mover=ORANGE):
    """A movement-phase position: animals = {space: (seat, species)}, stacks = {pond: [(colour, flower, up)]}."""
    s = game.new_state(seed=0)
    clear_boards(s)
    for space, (seat, species) in animals.items():
        put(s, space, "animal", owner=seat, species=species)
    for pond, tokens in stacks.items():
        for colour, flower, up in tokens:
            put(s, pond, "token", up=up, colour=colour, flower=flower)
    set_turn(s, mover, "movement")
    settle(s)
    return s


def texts(s):
    return sorted(m.text for m in s.legal_moves())


def play(s, *moves):
    for text in moves:
        s.apply(s.parse_move(text))


def eaten(s, seat):
    return [p.attrs["colour"] for p in s.players[seat].zones["eaten"].pieces]


def test_worked_example_toucan_eats_grey_and_red_then_blue_is_blocked(game):
    s = movement(game, {
        "a1": (ORANGE, "toucan"), "c2": (ORANGE, "chameleon"),
        "a4": (BLUE, "toucan"), "d1": (BLUE, "chameleon"),
    }, {
        "A1": [("grey", False, True)], "B2": [("red", False, True)],
        "C1": [("golden", False, True)], "B3": [("golden", True, False)],
    })
    # ORANGE jumps twice to the north-east, over A1 and B2, and eats the grey and the red mosquito.
    assert "toucan a1 c3" in texts(s)
    play(s, "toucan a1 c3")
    assert eaten(s, ORANGE) == ["grey", "red"]
    # ORANGE chooses to apply the grey one first ...
    assert s.to_move == ORANGE and texts(s) == ["grey", "red"]
    play(s, "grey")
    # ... moving the hidden mosquito of B3 to the empty pond A2
    assert "B3" in texts(s)
    play(s, "B3", "A2")
    assert [p.up for p in s.space_by_name["A2"].pieces] == [False]
    # ... then the red one: BLUE must move the toucan next turn.
    assert texts(s) == ["a4", "d1"]
    play(s, "a4")
    assert s.players[BLUE].vars["forced"].attrs["species"] == "toucan"
    # BLUE's toucan cannot move and only the chameleon could: BLUE loses the turn.
    assert s.turn_player.index == BLUE and texts(s) == ["lose_turn"]
    play(s, "lose_turn")
    # ORANGE's chameleon eats the last mosquito of C1: BLUE can no longer move and loses.
    play(s, "chameleon c2 C1 b2")
    assert s.is_over()
    assert s.outcome().winners == (ORANGE,)


def test_worked_example_the_forced_toucan_is_blocked(game):
    s = movement(game, {
        "b2": (BLUE, "toucan"), "d4": (BLUE, "chameleon"),
        "a1": (ORANGE, "chameleon"), "d1": (ORANGE, "toucan"),
    }, {"C3": [("golden", False, True)], "A1": [("golden", False, True)]}, mover=BLUE)
    s.players[BLUE].vars["forced"] = s.space_by_name["b2"].pieces[0]
    settle(s)
    assert texts(s) == ["lose_turn"]
    play(s, "lose_turn")
    assert s.players[BLUE].vars["forced"] is None
    assert s.turn_player.index == ORANGE


def test_a_player_whose_forced_animal_and_other_animal_cannot_move_loses(game):
    s = movement(game, {"a1": (ORANGE, "chameleon"), "b2": (BLUE, "toucan"), "d4": (BLUE, "chameleon")},
                 {"A1": [("golden", False, True)]})
    s.players[BLUE].vars["forced"] = s.space_by_name["b2"].pieces[0]
    settle(s)
    # ORANGE eats the last mosquito: BLUE's forced toucan has nothing to jump, and neither has the chameleon
    play(s, "chameleon a1 A1 b1")
    out = s.outcome()
    assert (out.winners, out.text, out.reason) == ((ORANGE,), "orange wins", "none of blue's animals can move")


def test_chameleon_eats_from_a_touching_pond_and_moves_orthogonally(game):
    s = movement(game, {"b2": (ORANGE, "chameleon"), "d4": (BLUE, "chameleon")},
                 {"A1": [("golden", False, True)], "C3": [("golden", False, True)]})
    moves = texts(s)
    assert moves == ["chameleon b2 A1 a2", "chameleon b2 A1 b1", "chameleon b2 A1 b3", "chameleon b2 A1 c2"]
    play(s, "chameleon b2 A1 c2")
    assert eaten(s, ORANGE) == ["golden"]
    assert s.space_by_name["A1"].pieces == []


def test_an_animal_that_cannot_eat_does_not_move(game):
    s = movement(game, {"b2": (ORANGE, "chameleon"), "d4": (BLUE, "chameleon"), "a4": (ORANGE, "toucan")},
                 {"C3": [("golden", False, True)]})
    # nothing touches b2 and the toucan has nothing to jump: ORANGE is blocked and loses at once
    assert s.is_over() or not s.legal_moves()


def test_toucan_jumps_several_stacks_in_one_direction_only(game):
    s = movement(game, {"a1": (ORANGE, "toucan"), "d4": (BLUE, "chameleon")},
                 {"A1": [("golden", False, True)], "B2": [("golden", False, True)],
                  "C3": [("golden", False, True)], "B1": [("golden", False, True)]})
    # d4 is taken, so the jumps stop at b2 or c3
    assert texts(s) == ["toucan a1 b2", "toucan a1 c3"]
    play(s, "toucan a1 c3")
    assert eaten(s, ORANGE) == ["golden", "golden"]


def test_a_hidden_mosquito_is_revealed_when_eaten_and_bare_lilies_flip(game):
    s = movement(game, {"b2": (ORANGE, "chameleon"), "d4": (BLUE, "chameleon")},
                 {"A1": [("grey", False, False), ("blue", True, False)]})
    play(s, "chameleon b2 A1 c2")
    assert eaten(s, ORANGE) == ["blue"] and s.players[ORANGE].zones["eaten"].pieces[0].up
    # the blue mosquito moves one of ORANGE's animals to any empty jungle square
    assert s.to_move == ORANGE
    play(s, "c2", "a4")
    assert s.space_by_name["a4"].pieces[0].attrs["species"] == "chameleon"
    # the grey token under it had no flower: it is now mosquito side up
    assert s.space_by_name["A1"].pieces[0].up


def test_white_mosquito_discards_the_top_of_a_pond(game):
    s = movement(game, {"b2": (ORANGE, "chameleon"), "d4": (BLUE, "chameleon")},
                 {"A1": [("white", True, False)], "C3": [("golden", False, True), ("grey", False, True)],
                  "A3": [("golden", False, True)]})
    play(s, "chameleon b2 A1 c2")
    assert s.to_move == ORANGE and texts(s) == ["A3", "C3"]
    play(s, "C3")
    assert [p.attrs["colour"] for p in s.space_by_name["C3"].pieces] == ["golden"]
    assert s.box.pieces[-1].attrs["colour"] == "grey"


def test_ninth_golden_mosquito_wins_at_once(game):
    s = movement(game, {"b2": (ORANGE, "chameleon"), "d4": (BLUE, "chameleon")},
                 {"A1": [("golden", False, True)], "C3": [("golden", False, True)]})
    for _ in range(8):
        p = next(t for t in s.supply.pieces if t.attrs["colour"] == "golden")
        s.move_piece(p, s.players[ORANGE].zones["eaten"], None)
    settle(s)
    play(s, "chameleon b2 A1 c2")
    assert s.outcome().winners == (ORANGE,)


def test_undo_restores_a_choice_in_the_middle_of_an_effect(game):
    s = movement(game, {"a1": (ORANGE, "toucan"), "d4": (BLUE, "chameleon")},
                 {"A1": [("grey", False, True)], "B2": [("red", False, True)], "C3": [("golden", False, True)]})
    play(s, "toucan a1 c3", "red")
    assert texts(s) == ["d4"] or s.to_move == ORANGE
    before = texts(s)
    s.undo()
    assert texts(s) == ["grey", "red"]
    play(s, "red")
    assert texts(s) == before


def test_placement_phase_alternates_and_then_movement_begins(game):
    s = game.new_state(seed=4)
    first = s.turn_player.index
    assert all(m.text.startswith("place ") for m in s.legal_moves())
    assert len(s.legal_moves()) == 2 * 16
    play(s, "place toucan a1")
    assert s.turn_player.index == 1 - first
    play(s, "place toucan d4", "place chameleon b2", "place chameleon c3")
    assert s.view(0)["phase"] == "movement"
    assert s.turn_player.index == first


def test_setup_stacks_three_tokens_and_shows_only_bare_tops(game):
    for seed in range(5):
        s = game.new_state(seed=seed)
        ponds = [sp for sp in s.spaces if sp.board.name == "pond"]
        assert [len(p.pieces) for p in ponds] == [3] * 9
        for p in ponds:
            top = p.pieces[-1]
            assert top.up == (not top.attrs["flower"])
            assert all(not t.up for t in p.pieces[:-1])


def test_token_counts_follow_the_rulebook(game):
    s = game.new_state()
    from collections import Counter
    tokens = s.kind_pieces["token"]
    assert len(tokens) == 27
    assert Counter(t.attrs["colour"] for t in tokens) == {"golden": 17, "grey": 4, "blue": 3, "red": 2, "white": 1}
    assert Counter(t.attrs["colour"] for t in tokens if t.attrs["flower"]) == {
        "golden": 5, "grey": 1, "blue": 1, "red": 1, "white": 1}


def test_only_the_stacks_just_fed_on_turn_their_bare_tops_up(game):
    # the white mosquito eaten at A1 discards C3's top: the bare grey under it stays face down, since the
    # chameleon did not feed on C3 ("flip ... on top of all the stacks the animal just fed on")
    s = movement(game, {"b2": (ORANGE, "chameleon"), "d4": (BLUE, "chameleon")},
                 {"A1": [("grey", False, False), ("white", True, False)],
                  "C3": [("grey", False, False), ("golden", False, True)]})
    play(s, "chameleon b2 A1 c2", "C3")
    assert [(p.attrs["colour"], p.up) for p in s.space_by_name["C3"].pieces] == [("grey", False)]
    assert [(p.attrs["colour"], p.up) for p in s.space_by_name["A1"].pieces] == [("grey", True)]


def test_golden_mosquitoes_have_no_effect_to_order(game):
    # the toucan eats a golden and a red mosquito: only the red one has an effect, so there is no order to ask
    s = movement(game, {"a1": (ORANGE, "toucan"), "d4": (BLUE, "chameleon"), "a4": (BLUE, "toucan")},
                 {"A1": [("golden", False, True)], "B2": [("red", False, True)]})
    play(s, "toucan a1 c3")
    assert s.pending is not None and s.pending.prompt == "red mosquito: the animal your opponent must move next"
    assert texts(s) == ["a4", "d4"]


def test_a_token_buried_in_a_stack_shows_nothing_to_anyone(game):
    """The rulebook stacks the tokens; a covered one shows neither its flower nor its mosquito."""
    s = movement(game, {"a1": (ORANGE, "chameleon")},
                 {"A1": [("grey", True, False), ("red", False, True), ("golden", False, True)]})
    for seat in (ORANGE, BLUE):
        stack = next(sp for sp in s.view(seat)["boards"][1]["spaces"] if sp["name"] == "A1")["pieces"]
        assert stack[:2] == [{"kind": "token", "owner": None, "up": False, "attrs": {}, "covered": True}] * 2
        assert stack[2]["attrs"] == {"flower": False, "colour": "golden"}
