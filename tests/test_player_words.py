"""Player words: what a person at `mire play` is told, in the game's words and never in rule source.

Each seed game's most common illegal moves are refused with the plain reason; the game's goal, figures,
labels, prompts and the reason it ended reach the player; internal variables never do.
"""
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.cli.play import announced
from mire.engine import load_game
from mire.engine.state import IllegalMove

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
