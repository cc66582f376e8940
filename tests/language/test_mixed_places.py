"""A list (a `const` too) may hold spaces and zones together (issue 30, docs 'Lists'): its items are places, each
read as what it is where a space or a zone is wanted. Other mixtures stay E021."""
import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.grammar.diagnostics import MireError

MIXED = '''game "Mixed places"
players 2
board row: grid 3 x 1
piece stone(size: int)
zone store
const PLACES = [at(row, 1, 1), store, at(row, 2, 1)]
pieces stone in store: each size in [1, 2, 3]

action put(s in row where empty(s)):
    move top(store) to s

trigger over after move:
    if count(PLACES[1]) == 0 or count(PLACES[0]) == 1:
        finish
'''


def load(tmp_path, text):
    path = tmp_path / "mixed.mire"
    path.write_text(text)
    return load_game(str(path))


def test_a_const_list_of_spaces_and_zones_checks_and_plays(tmp_path):
    game = load(tmp_path, MIXED)
    # a1 filled ends the game at once; b1 or c1 first leaves two moves, then the store's last stone ends it
    assert perft(game.new_state(), 3) == [3, 4, 2]


def test_other_mixtures_are_still_refused(tmp_path):
    text = MIXED.replace("[at(row, 1, 1), store, at(row, 2, 1)]", "[at(row, 1, 1), 3]")
    with pytest.raises(MireError) as err:
        load(tmp_path, text)
    assert [(d.code, d.message, d.span.line) for d in err.value.diagnostics] == [
        ("E021", "this list mixes a space and an int", 6)]
