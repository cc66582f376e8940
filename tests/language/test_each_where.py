"""`pieces KIND: each ..., each ... where CONDITION` (issue 30): only the combinations that meet the condition
are made (dominoes' 28 tiles of 49 combinations). docs/language.md 2.10, "Every combination: `each`"."""
import pytest

from mire.cli.lsp_analysis import index_document
from mire.engine import load_game
from mire.grammar.diagnostics import MireError
from mire.grammar.formatter import format_source

DOMINOES = '''game "Dominoes"
players 2
enum colour: red, blue
piece tile(low: int, high: int)
piece chip(colour: colour, value: int)
zone boneyard
zone chips
pieces tile in boneyard: each low in 0..6, each high in 0..6 where low <= high
pieces chip in chips: each colour, each value in 1..3, count 2 where colour == red or value != 2

action draw():
    finish
'''


def load(tmp_path, text):
    path = tmp_path / "dominoes.mire"
    path.write_text(text)
    return load_game(str(path))


def test_only_the_combinations_that_meet_the_condition_are_made(tmp_path):
    state = load(tmp_path, DOMINOES).new_state()
    tiles = [(p.attrs["low"], p.attrs["high"]) for p in state.zones["boneyard"].pieces]
    assert len(tiles) == 28 and tiles == sorted(tiles) and all(low <= high for low, high in tiles)
    assert (0, 6) in tiles and (6, 0) not in tiles and (3, 3) in tiles
    chips = [(p.attrs["colour"], p.attrs["value"]) for p in state.zones["chips"].pieces]
    assert chips == [("red", 1)] * 2 + [("red", 2)] * 2 + [("red", 3)] * 2 + [("blue", 1)] * 2 + [("blue", 3)] * 2


@pytest.mark.parametrize("where, message", [
    ("lo <= high", "the `where` of a `pieces` line reads 'lo', which is not an attribute of the line"),
    ("count(boneyard) > 2", "the `where` of a `pieces` line holds what it cannot work out for each piece"),
])
def test_a_where_it_cannot_work_out_is_e042(tmp_path, where, message):
    with pytest.raises(MireError) as err:
        load(tmp_path, DOMINOES.replace("where low <= high", f"where {where}"))
    assert [(d.code, d.message) for d in err.value.diagnostics] == [("E042", message)]


def test_the_editor_and_the_formatter_read_it():
    assert format_source(DOMINOES) == DOMINOES
    assert index_document(DOMINOES, "dominoes.mire").problems == []
