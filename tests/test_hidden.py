"""Hidden information as the language declares it: private and secret values, mutable piece attributes,
pieces that show nothing covered. Each seat's view and history hide what they must, and what a seat imagines
(engine/run/knowledge.py) never depends on it: twin games that the seat cannot tell apart give the same worlds."""
import json
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.testing import scramble_unseen, snapshot, twin
from mire.engine.bots import RandomBot
from mire.engine.bots.search import SearchBot
from mire.engine.run.knowledge import Worlds
from mire.grammar.diagnostics import MireError

HERE = Path(__file__).parent
# the test games that hide things the bundled ones do not
HIDING = ["cups"]


def loaded(name):
    return load_game(str(HERE / "games" / f"{name}.mire"))


def played(name, seed, moves):
    game = loaded(name)
    state = game.new_state(seed=seed, players=game.max_players)
    play_game(state, [RandomBot(random.Random(seed))] * state.num_players, max_moves=moves)
    return state


def cups(*moves, seed=3):
    state = loaded("cups").new_state(seed=seed)
    for text in moves:
        state.apply(state.parse_move(text))
    return state


def seen(state, seat):
    return json.dumps(state.view(seat), sort_keys=True)


def test_a_private_value_shows_to_its_owner_alone_and_a_secret_one_to_nobody():
    state = cups("shake")
    mine, theirs = state.view(0), state.view(1)
    assert mine["players"][0]["vars"] == {"roll": state.players[0].vars["roll"],
                                          "best": state.players[0].vars["best"], "score": 0}
    assert theirs["players"][0] == {"seat": "1", "vars": {"score": 0}, "status": [], "hidden": ["best", "roll"]}
    assert "order" not in mine["vars"] and mine["hidden_vars"] == ["order"]
    assert "roll ?" in __import__("mire.cli.render", fromlist=["render_view"]).render_view(theirs)


def test_a_mutable_attribute_changes_and_hides_with_its_piece():
    state = cups("shake")
    die = state.players[0].zones["cup"].pieces[0]
    assert die.attrs["face"] in range(1, 7) and state.chance[-2].into == ("attr", die, "face")
    cup = next(z for z in state.view(1)["zones"] if z["name"] == "cup" and z["owner"] == "1")
    assert cup["pieces"] == [] and cup["count"] == 1
    state.apply(state.parse_move("lift"))
    state.apply(state.parse_move("reveal"))
    assert state.view(1)["boards"][0]["spaces"][2]["pieces"][0]["attrs"] == {"face": die.attrs["face"]}
    state.undo()
    state.undo()
    state.undo()
    assert die.attrs["face"] == 1   # undo restores it


def test_a_covered_piece_shows_nothing_of_itself():
    state = cups()
    stack = state.view(0)["boards"][0]["spaces"][0]["pieces"]
    assert [p.get("covered", False) for p in stack] == [True, True, False]
    assert stack[0] == {"kind": "token", "owner": None, "up": False, "attrs": {}, "covered": True}
    assert stack[2]["attrs"] == {"flower": state.spaces[0].pieces[-1].attrs["flower"]}
    state.apply(state.parse_move("lift"))   # the one under it shows its flower side again
    assert "covered" not in state.view(0)["boards"][0]["spaces"][0]["pieces"][-1]


def diagnostics(tmp_path, text):
    path = tmp_path / "bad.mire"
    path.write_text('game "Bad"\nplayers 2\nboard cells: grid 2 x 1\npiece die(face: int)\n' + text)
    with pytest.raises(MireError) as err:
        load_game(str(path))
    return [(d.code, d.message) for d in err.value.diagnostics]


def test_what_cannot_be_hidden_or_changed_is_reported(tmp_path):
    assert diagnostics(tmp_path, "var x: int = 0 private\naction a():\n    x = 1\n") == \
        [("E021", "variable 'x' is private, but it belongs to no player")]
    assert diagnostics(tmp_path, "pieces die:\n    face\n    1\naction a():\n    top(supply).face = 2\n") == \
        [("E025", "'face' of a piece cannot be changed")]


@pytest.mark.parametrize("name", HIDING)
def test_scrambling_what_a_seat_cannot_see_changes_neither_its_view_nor_its_history(name):
    scrambled = 0
    for seed in range(8):
        state = played(name, seed, seed * 3)
        for seat in range(state.num_players):
            other = played(name, seed, seed * 3)
            before = seen(other, seat), other.history_for(seat)
            scrambled += scramble_unseen(other, seat)
            assert (seen(other, seat), other.history_for(seat)) == before
    assert scrambled > 0


@pytest.mark.parametrize("name", HIDING)
def test_worlds_of_twin_games_are_the_same(name):
    """A twin has other values where the seat cannot look, and looks the same to it: what the seat imagines
    from either must be the same, and look to it as the game does."""
    compared = 0
    for seed in range(10):
        state = played(name, seed, 2 + seed % 6)
        for seat in range(state.num_players):
            other = twin(state, seat, random.Random(seed))
            if other is None:
                continue
            assert snapshot(other) != snapshot(state)
            a, b = Worlds(state, seat), Worlds(other, seat)
            for k in range(3):
                world = a.sample(random.Random(k))
                assert snapshot(world) == snapshot(b.sample(random.Random(k)))
                assert seen(world, seat) == seen(state, seat)
            compared += 1
    assert compared > 0


@pytest.mark.parametrize("name", HIDING)
def test_a_decision_is_the_same_in_twin_games(name):
    compared = 0
    for seed in range(8):
        state = played(name, seed, 1 + seed % 5)
        if state.is_over():
            continue
        seat = state.to_move
        other = twin(state, seat, random.Random(seed))
        if other is None:
            continue
        bot = SearchBot(iterations=30, seed=2)
        honest = bot.choose(state, seat).text, bot.last["visits"]
        assert (bot.choose(other, seat).text, bot.last["visits"]) == honest
        compared += 1
    assert compared > 0


def test_a_value_drawn_unseen_is_drawn_again_and_one_worked_out_is_imagined_as_last_known():
    state = cups("shake", "lift")
    worlds = Worlds(state, 1)
    rolls, bests, faces = set(), set(), set()
    for k in range(30):
        world = worlds.sample(random.Random(k))
        rolls.add(world.players[0].vars["roll"])
        bests.add(world.players[0].vars["best"])
        faces.add(world.players[0].zones["cup"].pieces[0].attrs["face"])
        assert world.players[1].vars["roll"] == state.players[1].vars["roll"]   # its own: known
    assert rolls == faces == set(range(1, 7)) and bests == {0}
    own = Worlds(state, 0).sample(random.Random(0))
    assert own.players[0].vars == state.players[0].vars


def test_a_status_figure_shows_what_its_seat_may_see(tmp_path):
    """A `status` that reads a player's private variable shows to that player alone; one that reads a secret
    variable, or a private one through a def, to nobody; the others read `?`, and the REPL hands off."""
    path = tmp_path / "figures.mire"
    path.write_text('game "Figures"\nplayers 2\nvar roll: int = random(1..6) per player private\n'
                    'var pot: int = 7 secret\nvar score: int = 0 per player\ndef doubled(p) = 2 * p.roll\n'
                    'status "rolled {player.roll}"\nstatus "pot {pot}"\nstatus "twice {doubled(player)}"\n'
                    'status "{player.score} points"\naction wait():\n    pass\n')
    state = load_game(str(path)).new_state(seed=3)
    rolls = [p.vars["roll"] for p in state.players]
    for seat in range(2):
        figures = [p["status"] for p in state.view(seat)["players"]]
        assert figures[seat] == [f"rolled {rolls[seat]}", "?", "?", "0 points"]
        assert figures[1 - seat] == ["?", "?", "?", "0 points"]
    from mire.cli.glyphs import has_hidden_info
    assert has_hidden_info(state.view(0))


def test_a_status_condition_on_a_private_variable_tells_the_others_nothing(tmp_path):
    """`status "..." if COND`: a condition reads variables as the text does. One on a player's private value
    shows (or is left out) for that player alone; the others read `?` whether it holds or not, so that not
    even its absence tells them anything. A figure that comes out empty is left out."""
    path = tmp_path / "lucky.mire"
    path.write_text('game "Lucky"\nplayers 2\nvar roll: int = random(1..6) per player private\n'
                    'var score: int = 0 per player\nstatus "lucky" if player.roll >= 4\n'
                    'status "leads" if player.score > 0\nstatus "{player.roll}" if player.roll >= 4\n'
                    'action wait():\n    pass\n')
    game = load_game(str(path))
    states = [game.new_state(seed=s) for s in range(12)]
    assert {p.vars["roll"] >= 4 for s in states for p in s.players} == {True, False}   # both cases met
    for state in states:
        for seat in range(2):
            figures = [p["status"] for p in state.view(seat)["players"]]
            roll = state.players[seat].vars["roll"]
            assert figures[seat] == (["lucky", str(roll)] if roll >= 4 else [])
            assert figures[1 - seat] == ["?", "?"]
