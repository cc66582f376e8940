"""Player words: what a person at `mire play` is told, in the game's words and never in rule source.

Each seed game's most common illegal moves are refused with the plain reason; the game's goal, figures,
labels, prompts and the reason it ended reach the player; internal variables never do.
"""
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.cli.play import announced
from mire.engine import load_game
from mire.engine.run.state import IllegalMove

# what rule source looks like: none of it may reach a player's refusal
SOURCE_MARKS = ("rule '", ".mire", "mover.", " where ", "requires ", "[")


def refusal(state, text) -> str:
    with pytest.raises(IllegalMove) as err:
        state.parse_move(text)
    said = str(err.value)
    assert not [m for m in SOURCE_MARKS if m in said], said
    return said


def play(state, *prefixes):
    """Apply, for each prefix, the first legal move whose text starts with it."""
    for prefix in prefixes:
        state.apply(next(m for m in state.legal_moves() if m.text.startswith(prefix)))


def test_tic_tac_toe_refuses_an_occupied_square():
    state = load_game("tic-tac-toe").new_state(seed=1)
    play(state, "place b2")
    assert refusal(state, "place b2") == "cannot place b2: b2 is not empty"
    assert refusal(state, "place z9") == "cannot place z9: there is no space z9"
    assert refusal(state, "jump b2") == "there is no move 'jump'; the only move now is place"


def test_mudwater_refuses_a_second_rock_and_a_high_card_on_an_empty_square():
    state = load_game("mudwater").new_state(seed=1)
    play(state, "rock", "place")
    black_card = next(m for m in state.legal_moves() if m.text.startswith("place")).text.split(" ", 1)[1]
    assert refusal(state, f"rock {black_card}") == \
        f"cannot rock {black_card}: you have a rock on the mat already"
    high = next(p for p in state.players[state.to_move].zones["hand"].pieces if p.attrs["level"] > 1)
    text = f"place {high.describe()} {black_card.rsplit(' ', 1)[1]}"
    assert refusal(state, text) == f"cannot {text}: only a Level I card goes on an empty square"


def test_quagmire_refuses_a_pad_off_the_route():
    state = load_game("quagmire").new_state(seed=1)
    rng = random.Random(1)
    while not any(m.text.startswith("advance a1 ") for m in state.legal_moves()):
        state.apply(rng.choice(state.legal_moves()))
    assert [m.text for m in state.legal_moves() if m.text.startswith("advance")] == ["advance a1 a2"]
    assert refusal(state, "advance a1 d4") == "cannot advance a1 d4: d4 is not one of a2"
    assert refusal(state, "complete a1") == "cannot complete a1: that frog is not on its Completion pad"
    assert refusal(state, "advance z9 a1") == "cannot advance z9 a1: z9 is not one of your frogs"


def test_queensland_refuses_a_tile_whose_side_does_not_match():
    state = load_game("queensland").new_state(seed=1, players=2)
    play(state, "face west", "face east")
    assert refusal(state, "take 1 -1,1 north") == \
        "cannot take 1 -1,1 north: the side it turns to the east does not match the tile east of it"
    assert refusal(state, "take 3 0,2 east") == \
        "cannot take 3 0,2 east: the side it turns to the south does not match the tile south of it"


def test_mosquito_show_refuses_an_occupied_square():
    state = load_game("mosquito-show").new_state(seed=1)
    play(state, "place chameleon a1")
    assert refusal(state, "place toucan a1") == "cannot place toucan a1: a1 is not empty"


# -- the words a game gives --------------------------------------------------------------

def test_moves_are_announced_in_the_games_words_as_each_seat_may_read_them():
    state = load_game("mudwater").new_state(seed=1)
    move = next(m for m in state.legal_moves() if m.text.startswith("rock"))
    assert move.text == "rock Star Jelly-37 a1"  # what a player types
    mover, other = state.to_move, 1 - state.to_move
    # the card named as the game shows it (`show card as ...`), to the seat that may see it
    assert announced(state, move, mover) == ": play ●Star Jelly I ↑2→3↓2←4 face down, as a rock, on a1"
    assert announced(state, move, other) == ": play a card face down, as a rock, on a1"
    tic = load_game("tic-tac-toe").new_state(seed=1)
    assert announced(tic, tic.legal_moves()[0], 0) == " plays place a1"     # no label: the move's text


def test_a_choice_is_announced_with_what_it_was_for():
    state = load_game("mosquito-show").new_state(seed=2)
    rng = random.Random(2)
    while state.pending is None:
        state.apply(rng.choice(state.legal_moves()))
    move = state.legal_moves()[0]
    told = announced(state, move, 1 - state.to_move)
    assert told.startswith(f" chooses {move.text}, to: ") and told.endswith(state.pending.prompt)
    assert "mosquito: " in told


def test_internal_variables_are_never_shown_and_a_figure_shows_only_while_its_condition_holds():
    game = load_game("mosquito-show")
    seen_forced = False
    for seed in range(4):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while not state.is_over():
            view = state.view(state.to_move)
            assert all("forced" not in p["vars"] for p in view["players"])
            for p, player in zip(view["players"], state.players):
                forced = player.vars["forced"]
                notes = [f for f in p["status"] if f.startswith("must move")]
                assert notes == ([f"must move the animal on {forced.loc.name} (red mosquito)"] if forced else [])
                seen_forced = seen_forced or bool(notes)
            state.apply(rng.choice(state.legal_moves()))
    assert seen_forced


def test_the_end_says_why_and_about_tells_the_goal():
    lines = ["b2", "a1", "c2", "a3", "a2", "a2", "about", "quit"]
    out = CliRunner().invoke(main, ["play", "tic-tac-toe", "--seed", "1"], input="\n".join(lines) + "\n").output
    assert "game over: X wins: three in a row" in out
    assert "Tic-tac-toe says nothing about itself" in out and "the rules: " in out
    out = CliRunner().invoke(main, ["play", "quagmire", "--seed", "1"], input="about\nquit\n").output
    assert "red> about\nLead your frogs across the pond" in out.replace("green> about", "red> about")


def test_a_game_that_ends_because_a_player_cannot_move_says_so():
    state = load_game("quagmire").new_state(seed=3)
    rng = random.Random(3)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    outcome = state.outcome()
    assert outcome.reason is not None and outcome.reason.endswith(" has no move")
    assert state.view(0)["reason"] == outcome.reason


# -- preview -----------------------------------------------------------------------------

def test_a_preview_shows_your_farm_after_the_move_and_plays_nothing():
    lines = ["face west", "", "preview take 1 0,2 north", "history", "quit"]
    out = CliRunner().invoke(main, ["play", "queensland", "--players", "2", "--seed", "1", "--seat", "2=random"],
                             input="\n".join(lines) + "\n").output
    shown = out[out.index("red> preview take 1 0,2 north"):out.index("red> history")]
    assert "after take 1 0,2 north (not played):\nfarm of red " in shown
    assert "F37 w.w. 2N crow +1" in shown          # the tile, turned as it would lie, with its toad
    assert "F37" not in out[:out.index("red> preview")].split("farm of red", 1)[1].split("farm of yellow")[0]
    history = out[out.index("red> history"):]
    assert "1. red plays face west\n2. yellow plays face east\nred> quit" in history


def test_a_preview_that_would_show_what_you_cannot_know_is_refused(tmp_path, monkeypatch):
    from mire.cli.play import _known_pieces
    from mire.cli.savefile import save_data, write_save
    game, rng = load_game("mosquito-show"), random.Random(5)
    state = game.new_state(seed=5)
    while True:   # play on until a move would turn up a token nobody has seen
        revealing = []
        mover, boards = state.to_move, list(state.boards.values())
        for move in state.legal_moves():
            known = _known_pieces(state, mover)
            state.apply(move)
            if not _known_pieces(state, mover, boards) <= known:
                revealing.append(move.text)
            state.undo()
        if revealing:
            break
        state.apply(rng.choice(state.legal_moves()))
    monkeypatch.chdir(tmp_path)
    write_save("g.json", save_data("mosquito-show", 2, 5, [], state.history))
    out = CliRunner().invoke(main, ["play", "mosquito-show", "--seed", "5"],
                             input=f"load g.json\npreview {revealing[0]}\nquit\n").output
    assert f"'{revealing[0]}' cannot be previewed: it would show what you cannot know yet" in out


def test_a_preview_refuses_a_random_draw_and_a_covered_piece_it_would_uncover():
    games = Path(__file__).parent / "games"
    out = CliRunner().invoke(main, ["play", str(games / "dice.mire"), "--seed", "2", "--seat", "2=random"],
                             input="preview roll\npreview gamble\nhistory\nquit\n").output
    assert "'roll' cannot be previewed: it would show what you cannot know yet" in out
    assert "'gamble' cannot be previewed: it would show what you cannot know yet" in out
    assert "(not played)" not in out and "1. " not in out[out.index("> history"):]   # nothing was played
    # cups: the token under the top one shows nothing of itself until `lift` uncovers it; `reveal` puts your
    # own die, which you know, on the table
    out = CliRunner().invoke(main, ["play", str(games / "cups.mire"), "--seed", "3", "--seat", "2=random"],
                             input="preview lift\npreview reveal\nquit\n").output
    assert "'lift' cannot be previewed: it would show what you cannot know yet" in out
    assert "after reveal (not played):" in out


def test_the_words_of_a_refusal_show_the_values_of_the_move(tmp_path):
    path = tmp_path / "r.mire"
    path.write_text('game "R"\nplayers 2 named X, O\nboard cells: grid 3 x 3\npiece mark\n'
                    'action place(c in cells where c.x != 3 else "column {c.x} is closed ({c})"):\n'
                    '    require empty(c) else "{c} is taken by {top(c).owner}"\n'
                    '    place mark for mover at c\n'
                    '    let n = count(x in cells where not empty(x))\n'
                    '    ensure c.x == 1 or n < 3 else "{n} marks would be too many, with {c}"\n')
    state = load_game(str(path)).new_state(seed=1)
    play(state, "place a1", "place b1")
    assert [refusal(state, t) for t in ("place a1", "place c2", "place b2")] == [
        "cannot place a1: a1 is taken by X", "cannot place c2: column 3 is closed (c2)",
        "cannot place b2: 3 marks would be too many, with b2"]  # (an `ensure`'s words read the effect's names)


def test_a_refusal_lists_the_values_a_player_may_choose_and_not_none(tmp_path):
    path = tmp_path / "n.mire"
    path.write_text('game "N"\nplayers 2\nboard cells: grid 3 x 3\npiece mark\n'
                    'setup:\n    place mark for seat(1) at at(cells, 1, 1)\n'
                    'action go(a in cells where owner(a) == mover,\n'
                    '          b in [a + (d * 2) for d in all_directions] where b != none and empty(b)):\n'
                    '    move top(a) to b\n')
    state = load_game(str(path)).new_state(seed=1)
    assert refusal(state, "go a1 b2") == "cannot go a1 b2: b2 is not one of a3, c3 or c1"


# -- a move that is legal, and conditions that call defs ------------------------------------

def test_a_legal_move_is_explained_as_legal_not_refused():
    state = load_game("tic-tac-toe").new_state(seed=1)
    # however it is typed: exactly, in another case, without the action's name
    for typed in ("place a1", "PLACE A1", "a1"):
        assert state.explain(typed) == "'place a1' is a legal move now", typed
        assert state.why(typed) == "'place a1' is legal now: rule 'place' (tic-tac-toe.mire:6) allows it", typed
    # parse_move stays exact (saves use it): a loose text of a legal move is refused, naming the move it meant
    with pytest.raises(IllegalMove) as err:
        state.parse_move("PLACE A1")
    assert str(err.value) == "'PLACE A1' is not the text of a move: the move is 'place a1'"
    play(state, "place a1")
    assert state.explain("place a1") == "cannot place a1: a1 is not empty"


def test_a_fallback_move_is_explained_as_legal_when_nothing_else_is(tmp_path):
    path = tmp_path / "f.mire"
    path.write_text('game "F"\nplayers 2 named X, O\nboard cells: grid 2 x 1\npiece mark\n'
                    'action place(c in cells where empty(c)):\n    place mark for mover at c\n'
                    'fallback action pass():\n    pass\n')
    state = load_game(str(path)).new_state(seed=1)
    assert state.explain("pass") == "you may pass only when no other move is possible"
    play(state, "place a1", "place b1")
    assert [m.text for m in state.legal_moves()] == ["pass"]
    assert state.explain("pass") == "'pass' is a legal move now"
    assert state.why("pass").startswith("'pass' is legal now: rule 'pass' (f.mire:7) allows it")


DEFS = '''game "W"
players 2 named X, O
board cells: grid 3 x 3
piece mark
def mine(s) = owner(s) == mover
def free(s) = empty(s)
def dark(c) = (c.x + c.y) % 2 == 0
def crowded() = count(x in cells where not empty(x)) >= 2
def spare(c) = free(c) and not dark(c)
def wide(c) = c.x >= 2
var reach: int = 3 internal
def near(c) = c.x < reach
def held(c) = not empty(c) and top(c).owner == mover
def lonely(c):
    return count(x in cells where not empty(x)) == 0
action place(c in cells where free(c)):
    require not crowded()
    require dark(c)
    place mark for mover at c
action take(c in cells where mine(c)):
    remove c
action flip(c in cells where spare(c)):
    require in_a_row(c, 3)
    place mark for mover at c
action push(c in cells where wide(c) and lonely(c)):
    place mark for mover at c
action hop(c in cells where near(c) and not held(c)):
    place mark for mover at c
'''


def test_a_condition_that_calls_a_def_is_worded_by_the_defs_body_or_else_by_its_name(tmp_path):
    path = tmp_path / "w.mire"
    path.write_text(DEFS)
    state = load_game(str(path)).new_state(seed=1)
    # the body words it where it has a shape the player's sentences know: owner(s) == mover, empty(s), a
    # comparison of a thing's attribute; a def that calls a def is worded through it
    assert refusal(state, "take a1") == "cannot take a1: a1 is not yours"
    assert refusal(state, "push a1") == "cannot push a1: the x of a1 is 1, not at least 2"
    # else the def's name, true or not true for its values: a sum of coordinates, a count, a builtin
    assert refusal(state, "place b1") == "cannot place b1: 'dark' is not true for b1"
    assert refusal(state, "flip a1") == "cannot flip a1: 'dark' is true for a1"
    assert refusal(state, "flip b1") == "cannot flip b1: 'in a row' is not true for b1 and 3"
    play(state, "place a1", "place c1")
    assert refusal(state, "place a1") == "cannot place a1: a1 is not empty"
    assert refusal(state, "place c3") == "cannot place c3: 'crowded' is true"
    assert refusal(state, "take c1") == "cannot take c1: c1 is not yours"
    assert refusal(state, "push b2") == "cannot push b2: 'lonely' is not true for b2"  # (a def of statements)
    assert refusal(state, "hop a1") == "cannot hop a1: a1 is not empty and a1 is yours"
    # a body that reads what players are not shown (an internal variable here) is worded by the def's name
    assert refusal(state, "hop c2") == "cannot hop c2: 'near' is not true for c2"
    assert state.explain("take a1") == "'take a1' is a legal move now"
    # the author is still told the condition as written
    assert state.why("place c3") == "cannot place c3: rule 'place' (w.mire:16) (line 17) requires not crowded()"


# -- yes/no values, whose a value is, any/all/count, what a player may not know, `why` -----------------------

YES_NO = '''game "Y"
players 2 named X, O
board cells: grid 3 x 1
piece mark(ready: bool mutable = no)
var drew: bool = no
var pot: int = 5
var forced: bool = no per player
var tries: int = 0 per player
action draw():
    require not drew
    drew = yes
action keep():
    require drew
    drew = no
action go(c in cells where not empty(c)):
    require top(c).ready
    pass
action skip():
    require not mover.forced
    mover.forced = yes
action force():
    require mover.forced
    pass
action bet():
    require pot > 7
    pass
action retry():
    require mover.tries >= 1 and opponent.tries >= 1
    pass
action place(c in cells where empty(c)):
    place mark for mover at c
    mover.tries += 1
'''


def test_a_yes_or_no_value_reads_by_its_name_and_a_players_value_as_yours(tmp_path):
    path = tmp_path / "y.mire"
    path.write_text(YES_NO)
    state = load_game(str(path)).new_state(seed=1)
    # a variable of the game, of the player to move, an attribute of a piece: named, yes or no, and whose
    assert refusal(state, "keep") == "cannot keep: 'drew' is no"
    assert refusal(state, "force") == "cannot force: 'forced' is no for you"
    # a value that is not yes or no: the variable named, then its value; the mover's own as `your`
    assert refusal(state, "bet") == "cannot bet: 'pot' is 5, not more than 7"
    assert refusal(state, "retry") == "cannot retry: your tries is 0, not at least 1"
    play(state, "place a1", "draw")
    assert refusal(state, "draw") == "cannot draw: 'drew' is yes"         # (`not drew`)
    assert refusal(state, "go a1") == "cannot go a1: 'ready' is no for a1"
    assert refusal(state, "retry") == "cannot retry: the tries of O is 0, not at least 1"
    play(state, "skip", "place b1")
    assert refusal(state, "skip") == "cannot skip: 'forced' is yes for you"


QUANTIFIED = '''game "Q"
players 2 named X, O
board cells: grid 3 x 3
piece mark
piece stone
def dark(c) = (c.x + c.y) % 2 == 0
action place(c in cells where empty(c)):
    place mark for mover at c
action top_row():
    require any(x in cells where empty(x) and x.y == 3)
    pass
action pair(c in cells):
    require all(x in [c, at(cells, 2, 2)] where empty(x))
    pass
action clean():
    require not any(x in cells where owner(x) == opponent)
    pass
action roomy(c in cells):
    require not all(x in [c, at(cells, 3, 2)] where empty(x))
    pass
action crowd():
    require count(x in cells where not empty(x)) >= 3
    pass
action sparse():
    require count(x in cells where not empty(x)) < 2
    pass
action shade(c in cells):
    require any(x in [c, at(cells, 3, 3)] where not dark(x))
    pass
action lined(c in cells):
    require any(n in [3, 4] where in_a_row(c, n))
    pass
action stones():
    require any(s in stone of mover where s.space != none)
    pass
'''


def test_any_all_and_count_read_by_their_condition_for_the_items(tmp_path):
    path = tmp_path / "q.mire"
    path.write_text(QUANTIFIED)
    state = load_game(str(path)).new_state(seed=1)
    # `any` false, `not all` false: the condition as it reads for every item, items that read alike together
    # (a few named, and how many more)
    assert refusal(state, "roomy a1") == "cannot roomy a1: a1 and c2 are empty"
    assert refusal(state, "shade a1") == "cannot shade a1: 'dark' is true for each of a1 and c3"
    assert refusal(state, "lined a1") == "cannot lined a1: 'in a row' is not true for a1 and any of 3 or 4"
    assert refusal(state, "stones") == "cannot stones: you have no stones"
    # a count: how many count, and why, for those that do, or for every item when none does
    assert refusal(state, "crowd") == \
        "cannot crowd: none counts, not at least 3: a1, b1, c1, a2, b2, c2 and 3 more are empty"
    play(state, "place a3", "place b2", "place c3", "place b3")
    assert refusal(state, "top_row") == "cannot top_row: the y of each of a1, b1 and c1 is 1, not 3; " \
        "the y of each of a2 and c2 is 2, not 3; b2, a3, b3 and c3 are not empty"
    assert refusal(state, "sparse") == "cannot sparse: 4 count, not less than 2: b2, a3, b3 and c3 are not empty"
    # `all` false, `not any` false: the first item that makes it so
    assert refusal(state, "pair b2") == "cannot pair b2: b2 is not empty"
    assert refusal(state, "pair a1") == "cannot pair a1: b2 is not empty"
    assert refusal(state, "clean") == "cannot clean: the owner of b2 is O"
    assert state.explain("crowd") == "'crowd' is a legal move now"


HIDDEN = '''game "H"
players 2 named X, O
board cells: grid 3 x 1
piece card(rank: int)
zone deck secret
zone hand per player private size hidden
var target: int = 4 secret
var lucky: int = 3 per player private
def luck(p) = p.lucky
pieces card in deck:
    rank  count
    1     2
    2     2
    3     2
setup:
    move top(deck) to at(cells, 1, 1) face down
    move top(deck) to at(cells, 2, 1)
    for p in players:
        move top(deck) to p.hand
action guess(c in cells):
    require target == 3
    pass
action peek(c in cells):
    require opponent.lucky > 5
    pass
action mine(c in cells):
    require mover.lucky > 5
    pass
action size(c in cells):
    require count(opponent.hand) > 3
    pass
action theirs(c in cells):
    require any(x in opponent.hand where x.rank == 9)
    pass
action deep(c in cells):
    require not any(x in deck where x.rank == 1)
    pass
action faced(c in cells):
    require any(s in cells where not empty(s) and top(s).rank == 9)
    pass
action rank(c in cells where not empty(c)):
    require top(c).rank == 9
    pass
action under(c in cells):
    require top(deck).rank == 9
    pass
action steal(c in opponent.hand where c.rank > 5):
    pass
action fortune(c in cells):
    require luck(opponent) > 5
    pass
action ok():
    pass
'''


def test_a_refusal_never_tells_what_the_player_may_not_know(tmp_path):
    path = tmp_path / "h.mire"
    path.write_text(HIDDEN)
    state = load_game(str(path)).new_state(seed=1)
    a1, b1 = (state.spaces[i].pieces[0] for i in (0, 1))
    assert (a1.up, a1.attrs["rank"], b1.up, b1.attrs["rank"]) == (False, 3, True, 3)
    assert [c.attrs["rank"] for c in state.players[1].zones["hand"].pieces] == [2]
    # a secret variable, another's private one, the size of a hand hidden from you, a face-down card's rank:
    # named, never valued (the refusal says no more than that the condition is false)
    assert refusal(state, "guess a1") == "cannot guess a1: 'target' is not 3"
    assert refusal(state, "peek a1") == "cannot peek a1: the lucky of O is not more than 5"
    assert refusal(state, "size a1") == "cannot size a1: the number of pieces in the hand of O is not more than 3"
    assert refusal(state, "rank a1") == "cannot rank a1: the rank of a1 is not 9"
    assert refusal(state, "mine a1") == "cannot mine a1: your lucky is 3, not more than 5"   # yours: you see it
    assert refusal(state, "rank b1") == "cannot rank b1: the rank of b1 is 3, not 9"         # face up
    assert refusal(state, "fortune a1") == "cannot fortune a1: the luck of O is not more than 5"  # (through a def)
    # any/all over what you may not see, a card from a secret deck: no item, nor its value, is told
    assert refusal(state, "theirs a1") == "cannot theirs a1: that is not allowed now"
    assert refusal(state, "deep a1") == "cannot deep a1: that is not allowed now"
    assert refusal(state, "under a1") == "cannot under a1: that is not allowed now"
    assert refusal(state, "faced a1") == \
        "cannot faced a1: the rank of a1 is not 9; the rank of b1 is 3, not 9; c1 is empty"
    # a choice among cards you may not see: none is named, whether the words name one of them or not
    assert refusal(state, "steal 2") == "cannot steal 2: 2 is not one you can see (there is 1, hidden from you)"
    assert refusal(state, "steal 1") == "cannot steal 1: 1 is not one you can see (there is 1, hidden from you)"


def test_a_def_of_a_hidden_piece_names_it_by_its_kind():
    # tiles: a tile is laid from the top of a secret stack where its sides fit; a refusal names it `a tile`
    state = load_game(str(Path(__file__).parent / "games" / "tiles.mire")).new_state(seed=1)
    lay = next(a for a in state.game.actions if a.name == "lay")
    frontier = lay.params[0].domain(state, [None] * lay.size)
    told = {state.explain(f"lay {s.name} {r}") for s in frontier for r in range(4)}
    refused = sorted(t for t in told if not t.endswith("is a legal move now"))
    assert refused and all(re.fullmatch(r"cannot lay (\S+) (\d): 'fits' is not true for a tile, \1 and \2", t)
                           for t in refused), refused


def test_why_tells_the_last_refusal_in_this_position_only(tmp_path):
    path = tmp_path / "t.mire"
    path.write_text('game "T"\nplayers 2 named X, O\nboard cells: grid 3 x 3\npiece mark\n'
                    'action place(c in cells where empty(c)):\n    place mark for mover at c\n')
    lines = ["why", "b2", "b2", "why", "a1", "why", "b2", "why", "quit"]
    out = CliRunner().invoke(main, ["play", str(path), "--seed", "1"], input="\n".join(lines) + "\n").output
    asked = [out[i:].split("\n")[1] for i in range(len(out)) if out.startswith(("X> why", "O> why"), i)]
    assert asked == ["no move has been refused yet",
                     "cannot place b2: rule 'place' (t.mire:5) requires empty(c)",
                     "no move has been refused in this position",          # (O moved since)
                     "cannot place b2: rule 'place' (t.mire:5) requires empty(c)"]
    # at the same position, another seat (answering at once with others) is not told another's refusal
    from mire.cli.play import Session
    game = load_game(str(path))
    told: list = []
    session = Session(game, str(path), game.new_state(seed=1), 1, 2, [], ["human", "human"],
                      out=lambda text="", nl=True: told.append(text))
    play(session.state, "place b2")
    assert session.typed_move("b2", 1) is None and told == ["cannot place b2: b2 is not empty"]
    assert session.why(1) == "cannot place b2: rule 'place' (t.mire:5) requires empty(c)"
    assert session.why(0) == "no move of yours has been refused in this position"


def test_spaces_by_direction_numbers_typed_and_counts_of_a_zone_read_plainly(tmp_path):
    path = tmp_path / "m.mire"
    path.write_text('game "M"\nplayers 2 named X, O\nboard cells: grid 3 x 3\npiece mark\n'
                    'zone cup per player private\nvar bid: int = 2\n'
                    'action stack(c in cells where not empty(c) and not empty(c + north)):\n    pass\n'
                    'action step(a in cells, b in cells where b != a + north):\n    pass\n'
                    'action raise(n in 1..3 where n > bid):\n    pass\n'
                    'action back(c in cells where row(c, mover) == 3):\n    pass\n'
                    'action shake():\n    require count(mover.cup) > 0\n    pass\n'
                    'action pour(m in mover.cup):\n    pass\n'
                    'action place(c in cells where empty(c)):\n    place mark for mover at c\n')
    state = load_game(str(path)).new_state(seed=1)
    play(state, "place a3", "place b2")
    assert [refusal(state, t) for t in ("stack a3", "step b1 b2", "raise 2", "back a1", "shake", "pour a1")] == [
        "cannot stack a3: there is no space north of a3",        # (was: none is empty)
        "cannot step b1 b2: b2 is the space north of b1",       # (was: b2 is b2)
        "cannot raise 2: 2 is not more than 2",                 # (was: 2 is 2, not more than 2)
        "cannot back a1: the row of a1 for you is 1, not 3",    # (was: the row of a1 and you)
        "cannot shake: the number of pieces in your cup is 0, not more than 0",  # (was: the count of X.cup)
        "cannot pour a1: a1 is not in your cup"]                # (an empty cup; was: the m should be in your cup)
