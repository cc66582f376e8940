"""The engine against independent counts, and its promises: games end, undo is exact, seeds replay,
views hide what they must, broken rules stop with a located error."""
import json
import random
from pathlib import Path

import pytest

from mire.engine import RuleError, load_game
from mire.engine.analysis.perft import perft
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.testing import scramble_unseen, snapshot
from mire.engine.bots import RandomBot
from mire.engine.loader import bundled_names
from mire.engine.run import library
from mire.engine.run.journal import RNG
from mire.engine.run.runtime import DIRS
from mire.grammar.limits import MAX_JOURNAL, MAX_LOG_CHARS

ORACLE = Path(__file__).resolve().parents[3] / "shared" / "oracle" / "perft.json"
GAMES = bundled_names()  # every bundled game: the properties below hold for all of them
TEST_GAMES = Path(__file__).parents[1] / "games"
TESTS = Path(__file__).parents[1]


def oracle():
    if ORACLE.exists():
        return json.loads(ORACLE.read_text())["games"]
    # the reference counts (OpenSpiel 2.0.2), kept here too so the suite runs without shared/
    return {
        "tic-tac-toe": {"counts": [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]},
        "connect-four": {"counts": [7, 49, 343, 2401, 16807, 117649, 823536]},
        "breakthrough": {"counts": [22, 484, 11132, 256036]},
    }


@pytest.mark.parametrize("name", ["tic-tac-toe", "connect-four", "breakthrough"])
def test_perft_equals_the_reference_counts(name):
    counts = oracle()[name]["counts"]
    state = load_game(name).new_state()
    assert perft(state, len(counts)) == counts


def random_game(state, rng, limit=3000, on_move=None):
    n = play_game(state, [RandomBot(rng)] * state.num_players, max_moves=limit, on_move=on_move).length
    assert state.is_over(), "a random game did not end"
    return n


@pytest.mark.parametrize("name", GAMES)
def test_random_playouts_end_without_error(name):
    game = load_game(name)
    for seed in range(40):
        state = game.new_state(seed=seed)
        random_game(state, random.Random(seed))
        assert state.outcome() is not None


@pytest.mark.parametrize("name", GAMES + ["high-card"])
def test_undo_restores_exactly_the_previous_state(name):
    game = load_game(str(TESTS / "games" / f"{name}.mire")) if name == "high-card" else load_game(name)
    for seed in range(4):
        state = game.new_state(seed=seed)
        before = []
        random_game(state, random.Random(seed), on_move=lambda state, seat, move, before=before: before.append(
            snapshot(state)))
        before.append(snapshot(state))
        while len(before) > 1:
            before.pop()
            state.undo()
            assert snapshot(state) == before[-1]


@pytest.mark.parametrize("name", GAMES + ["high-card"])
def test_undo_of_several_decisions_at_once_is_those_undos_one_by_one(name):
    game = load_game(str(TESTS / "games" / f"{name}.mire")) if name == "high-card" else load_game(name)
    rng = random.Random(5)
    for seed in range(4):
        state = game.new_state(seed=seed)
        before = []  # before[k]: the state after k decisions
        random_game(state, random.Random(seed), on_move=lambda state, seat, move, before=before: before.append(
            snapshot(state)))
        before.append(snapshot(state))
        with pytest.raises(IndexError):
            state.undo(len(before))
        assert state.decisions == len(before) - 1 and snapshot(state) == before[-1]
        while state.decisions:
            count = rng.randint(0, min(state.decisions, 6))
            target = state.decisions - count
            state.undo(count)
            assert state.decisions == target and snapshot(state) == before[target]
        assert snapshot(state) == snapshot(game.new_state(seed=seed))


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_and_moves_give_the_same_game(name):
    game = load_game(name)
    a = game.new_state(seed=7)
    random_game(a, random.Random(3))
    b = game.new_state(seed=7)
    for text in a.history:
        b.apply(b.parse_move(text))
    assert snapshot(a) == snapshot(b)
    assert a.outcome() == b.outcome()


def views(state):
    return [json.dumps(state.view(i), sort_keys=True) for i in range(state.num_players)]


def test_a_view_never_shows_another_players_hand_or_the_deck():
    game = load_game(str(TESTS / "games" / "high-card.mire"))
    state = game.new_state(seed=1)
    seen_by_0 = json.dumps(state.view(0), sort_keys=True)
    # swap a card of player 2's hand with a different card of the deck: player 1 must see no difference
    hand = state.players[1].zones["hand"].pieces
    deck = state.zones["deck"].pieces
    other = next(c for c in deck if c.attrs["rank"] != hand[0].attrs["rank"])
    hand[0].attrs, other.attrs = other.attrs, hand[0].attrs
    assert json.dumps(state.view(0), sort_keys=True) == seen_by_0
    assert json.dumps(state.view(1), sort_keys=True) != seen_by_0
    own = state.view(0)
    mine = next(z for z in own["zones"] if z["name"] == "hand" and z["owner"] == "1")
    theirs = next(z for z in own["zones"] if z["name"] == "hand" and z["owner"] == "2")
    assert len(mine["pieces"]) == 3 and theirs["pieces"] == [] and theirs["count"] == 3


def test_face_down_mosquitoes_are_hidden_from_both_players():
    game = load_game("mosquito-show")
    rng = random.Random(2)
    for seed in range(5):
        state = game.new_state(seed=seed)
        play_game(state, [RandomBot(rng)] * 2, max_moves=rng.randrange(12))
        before = views(state)
        hidden = [p for p in state.kind_pieces["token"] if not p.up]
        assert hidden
        for p in hidden:
            p.attrs["colour"] = "white" if p.attrs["colour"] != "white" else "golden"
        assert views(state) == before


def test_an_illegal_move_is_explained_with_its_rule_and_line():
    state = load_game("tic-tac-toe").new_state()
    state.apply(state.parse_move("place b2"))
    with pytest.raises(Exception) as err:
        state.parse_move("place b2")
    assert str(err.value) == "cannot place b2: b2 is not empty"
    assert err.value.detail == "cannot place b2: rule 'place' (tic-tac-toe.mire:6) requires empty(c)"
    with pytest.raises(Exception) as err:
        state.parse_move("place z9")
    assert str(err.value) == "cannot place z9: there is no space z9"
    assert err.value.detail == "cannot place z9: z9 is not one of cells (c in rule 'place' (tic-tac-toe.mire:6))"
    with pytest.raises(Exception) as err:
        state.parse_move("jump b2")
    assert str(err.value) == "there is no move 'jump'; the only move now is place"
    with pytest.raises(Exception) as err:
        state.parse_move("a1 b2")
    assert str(err.value) == "'place a1 b2' has more than a place move takes, as in 'place a1'"
    # the action's name may be left out when there is only one
    assert state.parse_move("a1").text == "place a1"


def test_a_rule_that_calls_itself_without_end_stops_with_a_located_error(tmp_path):
    path = tmp_path / "loop.mire"
    path.write_text('game "Loop"\nplayers 2\nboard cells: grid 2 x 2\npiece mark\n'
                    'def deep(n) = deep(n + 1)\n'
                    'action place(c in cells where deep(1) > 0):\n    place mark for mover at c\n')
    with pytest.raises(RuleError) as err:
        load_game(str(path)).new_state()
    assert "'deep' calls itself without end (loop.mire:5)" in str(err.value)


def test_loops_count_their_turns_and_stop_a_move_that_runs_away(tmp_path):
    # a loop's turns are counted when it starts: a million turns of nested loops stop at the inner loop, and the
    # move is taken back
    path = tmp_path / "loops.mire"
    path.write_text('game "Loops"\nplayers 2\nboard cells: grid 2 x 2\npiece mark\nvar n: int = 0\n'
                    'action place(c in cells where empty(c)):\n'
                    '    place mark for mover at c\n'
                    '    for i in 1..1000:\n        for j in 1..1000:\n            n += 1\n')
    state = load_game(str(path)).new_state()
    with pytest.raises(RuleError) as err:
        state.apply(state.parse_move("place a1"))
    assert str(err.value) == "a rule ran more than 200000 steps in one move (loops.mire:9)"
    assert state.vars["n"] == 0 and not state.history


def test_a_games_log_is_bounded_and_undo_gives_back_what_it_held(tmp_path):
    path = tmp_path / "chatty.mire"
    path.write_text('game "Chatty"\nplayers 2\nboard cells: grid 3 x 3\npiece mark\n'
                    'action place(c in cells where empty(c)):\n    place mark for mover at c\n    log "{c} taken"\n')
    state = load_game(str(path)).new_state()
    for text in ("place a1", "place b2", "place c3"):
        state.apply(state.parse_move(text))
    assert state._log_chars == len("a1 taken") * 3
    state.undo()
    state.undo()
    assert [t for _, t in state.log] == ["a1 taken"] and state._log_chars == len("a1 taken")
    state._log_chars = MAX_LOG_CHARS - 5          # (nearly full: the next line does not fit)
    with pytest.raises(RuleError) as err:
        state.apply(state.parse_move("place b2"))
    assert str(err.value) == f"a game's log holds at most {MAX_LOG_CHARS} characters (chatty.mire:7)"
    assert [t for _, t in state.log] == ["a1 taken"] and state.history == ["place a1"]


def test_what_a_game_keeps_for_undo_is_bounded_and_undo_gives_it_back(tmp_path):
    path = tmp_path / "hoard.mire"
    path.write_text('game "Hoard"\nplayers 2\nvar v: list of list of int = []\nvar d: int = 0\n'
                    'action grow(k in 1..3):\n    v = v + [[d, k]]\n    d = random(1..6)\n    d = random(1..6)\n')
    state = load_game(str(path)).new_state(seed=3)
    rng_states = []
    for text in ("grow 1", "grow 2", "grow 3"):
        rng_states.append(state.rng.getstate())
        state.apply(state.parse_move(text))
    # the old lists held [], [[0, 1]] and [[0, 1], [d, 2]]: their items at every depth
    assert state._journal_weight == 0 + 3 + 6
    # the generator's state is kept once a move, however many it draws
    assert [op[0] for op in state._journal].count(RNG) == 3
    state.undo(2)
    assert state._journal_weight == 0 and state.rng.getstate() == rng_states[1]
    state._journal_weight = MAX_JOURNAL - len(state._journal) - 2  # (nearly full: the next move does not fit)
    with pytest.raises(RuleError) as err:
        state.apply(state.parse_move("grow 2"))
    assert str(err.value) == (f"a game keeps at most {MAX_JOURNAL} changes to undo (each item of an old list counted)"
                              " (hoard.mire:6)")  # (the statement that filled it)
    assert state.history == ["grow 1"] and state.rng.getstate() == rng_states[1]


def test_a_path_across_an_empty_plane_spends_a_step_a_point(tmp_path):
    path = tmp_path / "far.mire"
    path.write_text('game "Far"\nplayers 2\nboard a: grid 2 x 1\nboard b: grid 1 x 1 at (4000, y)\n'
                    'action go(c in a):\n    pass\n')
    state = load_game(str(path)).new_state()
    before = state._budget
    east = library.path(state, state.space_by_name["a1"], DIRS["east"])
    assert [s.name for s in east] == ["b1", "b.a1"]
    # the points looked at on the way, the empty ones too, and the two spaces walked (a second look reads what
    # the space keeps)
    assert before - state._budget == 4002
    spent = state._budget
    library.path(state, state.space_by_name["a1"], DIRS["east"])
    assert spent - state._budget == 2


@pytest.mark.parametrize("error, words", [(OSError("<object at 0x7f>"), "the move failed: the engine could not "
                                                                           "carry it out (tic-tac-toe.mire:6)"),
                                          (MemoryError(), "the move ran out of memory (tic-tac-toe.mire:6)")])
def test_a_move_that_python_refuses_is_told_in_the_rules_words_and_taken_back(error, words, monkeypatch):
    state = load_game("tic-tac-toe").new_state()
    move = state.legal_moves()[0]

    def refused(S, L):
        S.create_piece("mark", {}, S.turn_player, True, L[0])
        raise error
    monkeypatch.setattr(move.action, "body", refused)
    with pytest.raises(RuleError) as err:
        state.apply(move)
    assert str(err.value) == words
    assert state.decisions == 0 and not any(s.pieces for s in state.spaces)


def test_seat_relative_directions_turn_with_the_seat():
    state = load_game("breakthrough").new_state()
    white, black = state.players
    assert (white.rel["forward"].name, black.rel["forward"].name) == ("north", "south")
    assert (white.rel["forward_left"].name, black.rel["forward_left"].name) == ("northwest", "southeast")


# the test games that hide things the bundled ones do not (private and secret values, covered pieces, ...)
HIDING = ["cups", "phantom", "sneak", "kuhn-poker", "liars-dice"]


def loaded(name):
    return load_game(str(TESTS / "games" / f"{name}.mire")) if name in HIDING else load_game(name)


def shown(state, seat):
    """All a seat is shown: its view, its history and its log."""
    return json.dumps(state.view(seat), sort_keys=True), state.history_for(seat), state.log_for(seat)


@pytest.mark.parametrize("name", GAMES + HIDING)
def test_no_view_shows_what_its_seat_cannot_see(name):
    game = loaded(name)
    rng = random.Random(5)
    scrambled = 0
    for seed in range(6):
        played = game.new_state(seed=seed, players=game.max_players)
        play_game(played, [RandomBot(rng)] * played.num_players, max_moves=rng.randrange(30))
        for seat in range(played.num_players):
            state = game.new_state(seed=seed, players=game.max_players)
            for text in played.history:
                state.apply(state.parse_move(text))
            before = shown(state, seat)
            scrambled += scramble_unseen(state, seat)
            assert shown(state, seat) == before
    # the games with hidden things really had some to scramble: the test is not empty for them
    assert (scrambled > 0) == (name in {"mosquito-show", "mudwater", "mudwater-advanced", "quagmire", "queensland",
                                        *HIDING})


def test_a_card_chosen_from_a_hidden_hand_is_named_to_the_others_once_it_lies_in_view():
    state = load_game(str(TESTS / "games" / "gift.mire")).new_state()
    state.apply(state.parse_move("give"))
    assert [m.text for m in state.legal_moves()] == ["1", "2"]
    assert [m.text_for(1) for m in state.legal_moves()] == ["card", "card"]   # (the others may not read the hand)
    state.apply(state.parse_move("2"))
    # the card went face up onto the public table: everyone reads it there, and in the history
    assert state.history_for(0) == ["give", "2"]
    assert state.history_for(1) == ["give", "2"]


def test_a_builtin_given_the_wrong_kind_of_value_is_a_rule_error(tmp_path):
    # `back` is called with a space and with a direction, so its parameter has no one type: the checker cannot
    # see that `opposite` gets a space here
    path = tmp_path / "wrong.mire"
    path.write_text('game "Wrong"\nplayers 2\nboard cells: grid 2 x 2\npiece mark\n'
                    'def back(x) = opposite(x)\n'
                    'action place(c in cells where empty(c)):\n    place mark for mover at c\n'
                    '    if back(c) == north or back(north) == south: win mover\n')
    state = load_game(str(path)).new_state()
    before = snapshot(state)
    with pytest.raises(RuleError) as err:
        state.apply(state.parse_move("place a1"))
    # (the value's kind, never the value: issue 32 #6)
    assert str(err.value) == "'opposite' wants a direction as argument 1, and got a space (wrong.mire:5)"
    assert snapshot(state) == before  # the move did not happen


def test_reading_an_attribute_of_an_untyped_value_gives_only_the_documented_ones():
    # the checker refuses an attribute that nothing in the game has; this is the guard behind it, for a name
    # that exists on another kind of value
    from mire.engine.build.namespace import _dyn
    state = load_game("tic-tac-toe").new_state()
    cell = state.space_by_name["a1"]
    assert _dyn(state, cell, "x") == 1
    for name in ("__class__", "nbr", "seat"):
        with pytest.raises(RuleError):
            _dyn(state, cell, name)


CLEARING = '''game "Clearing"
players 2
board cells: grid 2 x 1
piece chip(n: int)
zone pile

pieces chip in pile:
    n
    1
    2
    3
    4

setup:
    move top(pile) to at(cells, 1, 1)
    move top(pile) to at(cells, 1, 1)

action clear_pile():
    remove pile.pieces

action clear_odd():
    remove [c for c in pile where c.n % 2 == 1]

action clear_cell(s in cells where not empty(s)):
    remove s

action take_one(c in pile):
    remove c
'''


@pytest.mark.parametrize("action", ["clear_pile", "clear_odd", "clear_cell a1", "take_one 1"])
def test_remove_sends_pieces_to_the_box_in_order_and_undo_puts_them_back(action, tmp_path):
    # all that a place holds goes to the box in one step (State.remove_all); the rest one by one
    path = tmp_path / "clearing.mire"
    path.write_text(CLEARING)
    state = load_game(str(path)).new_state()
    pile, cell, box = state.zones["pile"], state.space_by_name["a1"], state.box

    def where():
        return [(p.attrs["n"], p.loc.name) for p in state.kind_pieces["chip"]], \
            [[p.attrs["n"] for p in place.pieces] for place in (pile, cell, box)]
    before = where()
    assert before[1] == [[1, 2], [4, 3], []]
    move = next(m for m in state.legal_moves() if m.text == action)
    state.apply(move)
    after = {"clear_pile": [[], [4, 3], [1, 2]], "clear_odd": [[2], [4, 3], [1]],
             "clear_cell a1": [[1, 2], [], [4, 3]], "take_one 1": [[2], [4, 3], [1]]}[action]
    assert where()[1] == after
    assert all(p.loc is box for p in box.pieces)
    state.undo()
    assert where() == before


@pytest.mark.parametrize("path", ["quagmire", "mosquito-show", str(TEST_GAMES / "chess.mire"),
                                  str(TEST_GAMES / "los-alamos.mire")])
def test_what_a_listing_works_out_once_for_every_action_lists_the_same_moves(path, monkeypatch):
    # `KIND of OWNER` is made once a listing (State.listed_of); asked afresh each time, the moves are the same,
    # in games whose rules list moves in the middle of a move (can_move, ensure)
    from mire.engine.run.state import State

    def listings(state, rng, plies):
        out = []
        for ply in range(plies):
            if state.is_over():
                break
            moves = state.legal_moves()
            out.append([m.text for m in moves])
            state.apply(moves[rng.randrange(len(moves))])
            if ply % 7 == 6:  # (an undo forgets what was worked out: the pieces in play may be others again)
                state.undo()
                state.undo()
                out.append([m.text for m in state.legal_moves()])
        return out
    game = load_game(path)
    kept = listings(game.new_state(seed=3), random.Random(4), 120)
    fresh_of = State.listed_of

    def afresh(self, kind, owner):
        self._listed = {}
        return fresh_of(self, kind, owner)
    monkeypatch.setattr(State, "listed_of", afresh)
    assert listings(game.new_state(seed=3), random.Random(4), 120) == kept
    assert len(kept) > 20


NAMES = '''game "Names"
players 2
piece card(rank: int hidden, suit: text)
piece die(face: int mutable)
zone table

pieces card in table:
    rank  suit
    7     hearts

pieces die in table:
    face
    1

action roll():
    let d = first(x in table where x.kind == "die")
    d.face = 6
'''


def test_a_piece_keeps_its_name_until_its_face_or_its_values_change(tmp_path):
    # Piece.describe keeps a piece's name; a face turned, a value changed or an attribute given another
    # value (by a search, or undone) names it again
    path = tmp_path / "names.mire"
    path.write_text(NAMES)
    state = load_game(str(path)).new_state()
    card, die = state.kind_pieces["card"][0], state.kind_pieces["die"][0]
    assert (card.describe(), die.describe()) == ("7-hearts", "1")
    state.apply(next(m for m in state.legal_moves() if m.text == "roll"))
    assert die.describe() == "6"
    state.undo()
    assert die.describe() == "1"
    state.set_attr(card, "up", False)
    assert card.describe() == "hearts"
    state.set_attr(card, "up", True)
    assert card.describe() == "7-hearts"
    state.assume([(card, {"rank": 9, "suit": "spades"})])
    assert card.describe() == "9-spades"
    state.assume_values([(("attr", card, "rank"), 10)])
    assert card.describe() == "10-spades"


LAST_TOKEN = '''game "Last token"
players 2
piece token
zone pool per player

pieces token in pool for each player:
    count
    2

action spend(t in token of mover):
    remove t
    if not can_move(mover): win mover because "spent"
'''


def test_moves_listed_in_the_middle_of_a_move_see_the_pieces_where_the_move_left_them(tmp_path):
    # `token of mover` was worked out by the listing before the move (State.listed_of); the move's own
    # can_move lists again after a token is gone, and must not read that list
    path = tmp_path / "last.mire"
    path.write_text(LAST_TOKEN)
    state = load_game(str(path)).new_state()
    for _ in range(3):
        assert not state.is_over()
        state.apply(state.legal_moves()[0])
    assert state.outcome().winners == (0,)  # (the first player spends the last token)


GIFTS = '''game "Gifts"
players 2
piece token(n: int)
zone pool per player

pieces token in pool for each player:
    n
    1
    2

# a token given away is the other player's to give (or to pass on, through a proc that knows not what it holds)
action give(t in token of mover):
    t.owner = next_player(mover)

action pass_on(t in token of mover):
    hand_over(t)

proc hand_over(t):
    t.owner = next_player(mover)
'''


@pytest.mark.parametrize("action", ["give", "pass_on"])
def test_a_piece_given_to_another_player_is_listed_as_theirs(action, tmp_path):
    # `p.owner = P` changes whose pieces `token of mover` finds, at the next listing and after an undo (a list of
    # them kept across listings, tried for speed, would have had to see it)
    path = tmp_path / "gifts.mire"
    path.write_text(GIFTS)
    state = load_game(str(path)).new_state()

    def mine():
        moves = [m for m in state.legal_moves() if m.action.name == action]
        return [(m.args[0].attrs["n"], m.args[0].loc.owner.name) for m in moves]
    assert mine() == [(1, "1"), (2, "1")]
    state.apply(next(m for m in state.legal_moves() if m.action.name == action))  # the first gives their 1
    assert mine() == [(1, "1"), (1, "2"), (2, "2")]
    state.apply([m for m in state.legal_moves() if m.action.name == action][-1])  # the second gives their 2
    assert mine() == [(2, "1"), (2, "2")]
    state.undo()
    assert mine() == [(1, "1"), (1, "2"), (2, "2")]


TWINS = '''game "Twins"
players 2
piece stone(colour: text)
zone pool per player

pieces stone in pool for each player:
    colour
    white
    white
    black

action drop(s in mover.pool):
    remove s

action swap(s in mover.pool, t in mover.pool where t != s):
    remove s
'''


def test_moves_that_read_the_same_are_one(tmp_path):
    # two white stones cannot be told apart: one move drops "a white stone", whichever of the two it is
    path = tmp_path / "twins.mire"
    path.write_text(TWINS)
    state = load_game(str(path)).new_state()
    assert [m.text for m in state.legal_moves() if m.action.name == "drop"] == ["drop white", "drop black"]
    assert [m.text for m in state.legal_moves() if m.action.name == "swap"] == \
        ["swap white white", "swap white black", "swap black white"]
    for _ in range(4):  # each drops a white stone, twice
        state.apply(state.legal_moves()[0])
    assert [m.text for m in state.legal_moves()] == ["drop black"]


LAPS = '''game "Laps"
players 2
board road: grid 6 x 1
piece runner(goal: text, far: text mutable)
piece cone
zone start per player

pieces runner in start for each player:
    goal  far
    b1    d1

# where a runner heads, read from its place, its owner and its attributes alone: a value its piece keeps
def target(r) = (seat_space(road, r.goal, r.owner) if r in r.owner.start
                 else seat_space(road, r.far, r.owner) if r.space == seat_space(road, r.goal, r.owner)
                 else none)
# what a space holds is read too: worked out every time
def blocked(r) = target(r) != none and not empty(target(r))

action run(r in runner of mover, to in [target(r)] where to != none):
    move r to to

action aim(r in runner of mover):
    r.far = "c1"

action wait(r in runner of mover where blocked(r)):
    log "{mover.name} waits"

action cone(s in road where empty(s)):
    place cone at s
'''


def test_a_def_of_a_piece_kept_on_it_follows_its_place_and_attributes(tmp_path):
    # `target(r)` is kept on the runner (kept_defs): it must still follow the runner's moves, a new value of its
    # attribute and the undo of both; `blocked(r)` reads a space's pieces, and sees a cone put there
    path = tmp_path / "laps.mire"
    path.write_text(LAPS)
    state = load_game(str(path)).new_state()
    first = next(p for p in state.kind_pieces["runner"] if p.owner.index == 0)

    def moves(action):
        return sorted(" ".join(getattr(a, "name", str(a)) for a in m.args[1:])
                      for m in state.legal_moves() if m.action.name == action)

    def play(action, where=None):  # (the mover has one runner: a move is told by the space it names)
        state.apply(next(m for m in state.legal_moves() if m.action.name == action
                         and (where is None or where in [getattr(a, "name", None) for a in m.args])))

    assert moves("run") == ["b1"] and first.kept  # (the first player's b1 is b1; kept once listed)
    play("run", "b1")
    play("cone", "a1")
    assert moves("run") == ["d1"] and moves("wait") == []
    play("cone", "f1")
    play("cone", "d1")  # on the first runner's target
    assert moves("run") == ["d1"] and moves("wait") == [""]
    play("aim")  # its target is c1 now
    play("cone", "e1")
    assert moves("run") == ["c1"] and moves("wait") == []
    state.undo()
    state.undo()
    assert moves("run") == ["d1"] and moves("wait") == [""]
    state.undo()
    state.undo()
    assert moves("run") == ["d1"] and moves("wait") == []
