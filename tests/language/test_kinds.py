"""Kinds and enums as values (issue 12, item 7): a kind held in a name and placed, the kind of a piece as a checked
value, a list of kinds, an enum's name as the list of its values."""
import pytest

from mire.engine import load_game
from mire.engine.run.library import LIBRARY
from mire.engine.run.runtime import RuleError
from mire.grammar.checker import Checker
from mire.grammar.parser import parse

RULES = '''game "Kinds"
players 2
board cells: grid 4 x 4
enum wing: left_wing, right_wing
piece pawn
piece queen
piece rook
piece card(promotes: kind, side: wing)
var last_kind: kind = none

pieces card:
    promotes  side
    queen     left_wing
    rook      right_wing

def heavy(k: kind) = k == queen or k == rook

action put(c in cells where empty(c), k in [pawn, queen, rook] where k != last_kind):
    place k for mover at c
    last_kind = k
    if heavy(top(c).kind):
        log "{mover.name} puts a heavy {k}"
    if count(k of mover) == 2: win mover

action promote(c in cells where owner(c) == mover and top(c).kind == pawn):
    let k = bottom(supply).promotes
    remove top(c)
    place k for mover at c
    log "{count(w in wing where w != bottom(supply).side)} of {count(wing)}"
'''


def game(tmp_path, rules=RULES):
    path = tmp_path / "kinds.mire"
    path.write_text(rules)
    return load_game(str(path))


def test_a_kind_is_chosen_held_and_placed(tmp_path):
    state = game(tmp_path).new_state()
    assert [m.text for m in state.legal_moves()][:3] == ["put a1 pawn", "put a1 queen", "put a1 rook"]
    state.apply(state.parse_move("put a1 queen"))
    assert state.vars["last_kind"] == "queen" and state.log[-1][1] == "1 puts a heavy queen"
    # the same kind twice in a row is refused, any other is fine
    assert "put b1 queen" not in [m.text for m in state.legal_moves()]
    state.apply(state.parse_move("put b1 pawn"))
    state.apply(state.parse_move("put c1 rook"))
    state.apply(state.parse_move("promote b1"))  # the pawn becomes what the bottom card says: a queen
    assert state.space_by_name["b1"].pieces[-1].kind.name == "queen"
    assert state.log[-1][1] == "1 of 2"


def test_the_kind_of_a_piece_is_a_kind_not_a_text():
    c = Checker(parse(RULES, "kinds.mire"), LIBRARY).run()
    assert c.diagnostics == []
    kinds = [n for n in c.types if getattr(n, "name", None) == "kind" and c.type_of(n).show() == "kind"]
    assert kinds  # top(c).kind


def test_a_kind_with_attributes_cannot_be_placed(tmp_path):
    rules = RULES.replace("k in [pawn, queen, rook]", "k in [pawn, card]")
    state = game(tmp_path, rules).new_state()
    with pytest.raises(RuleError) as err:
        state.apply(state.parse_move("put a1 card"))
    assert "cannot place a new piece of the kind held here: only a kind without attributes, or whose attributes " \
        "all have start values, can be placed" in str(err.value)
    assert not any(s.pieces for s in state.spaces)
