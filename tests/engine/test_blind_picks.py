"""A move that picks a piece the player deciding it may not see (a card drawn blind from another's hand): the
player reads it as the others do, `steal card`, picks it by its number or those words, and typing a hidden
card's name tells nothing of where that card is."""
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game

STEAL = """game "Steal"
players 2
piece card(name: text key)
zone hand per player private
zone pile per player public
zone deck secret
zone thief per player private

pieces card in deck:
    name
    "ace"
    "king"
    "queen"
    "jack"
    "ten"
    "nine"

setup:
    shuffle deck
    repeat 2:
        for p in players:
            move top(deck) to p.hand

action steal(c in next_player(mover).hand):
    move c to mover.pile
    if count(mover.pile) == 2: win mover because "two stolen"

action pair(c in next_player(mover).hand, d in mover.hand):
    move c to mover.thief
    move d to mover.thief
"""


def game(tmp_path):
    path = tmp_path / "steal.mire"
    path.write_text(STEAL)
    return load_game(str(path))


def test_a_blind_pick_reads_as_the_others_read_it_and_its_hidden_name_is_not_legal_to_type(tmp_path):
    state = game(tmp_path).new_state(seed=1)
    hands = [[p.attrs["name"] for p in state.players[i].zones["hand"].pieces] for i in range(2)]
    assert hands == [["king", "ace"], ["ten", "nine"]]
    steals = [m for m in state.legal_moves() if m.action.name == "steal"]
    assert [m.read_by(0) for m in steals] == ["steal card", "steal card"]
    assert [m.read_by(1) for m in steals] == ["steal ten", "steal nine"]
    # a move of two hidden pieces, each seen by another seat: read whole by none (each would tell the other's card)
    pair = next(m for m in state.legal_moves() if m.action.name == "pair")
    assert (pair.read_by(0), pair.read_by(1)) == ("pair card card", "pair card card")
    # the name of a card in the other's hand is told as any name the player cannot see
    assert state.explain("steal ten") == "cannot steal ten: ten is not one you can see (there are 2, hidden from you)"
    assert state.explain("steal queen") == \
        "cannot steal queen: queen is not one you can see (there are 2, hidden from you)"


def test_the_repl_lists_a_blind_pick_by_what_the_player_sees(tmp_path, monkeypatch):
    path = tmp_path / "steal.mire"
    path.write_text(STEAL)
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(main, ["play", str(path), "--seed", "1", "--seat", "2=random"],
                             input="steal ten\nsteal queen\n2\nquit\n", catch_exceptions=False).output
    screen = out.split("1> ")[0]  # (what the player sees before typing anything)
    assert "ten" not in screen and "nine" not in screen
    assert "\n1. steal card       2. steal card       3. pair card card   4. pair card card\n" \
           "5. pair card card   6. pair card card\n" in screen
    assert out.count("ten is not one you can see (there are 2, hidden from you)") == 1
    assert out.count("queen is not one you can see (there are 2, hidden from you)") == 1
    # the card picked blind is turned up on the thief's pile: then everyone reads it
    assert "1 plays steal nine\n" in out
