"""Values that are spaces and names (issue 12, item 20): a piece attribute (a table column) that holds a space,
a space named by its label in an expression, the current phase readable in expressions."""
from mire.engine import load_game

RULES = '''game "Gates"
players 2
board cells: grid 4 x 4
piece king
piece gate(target: space, name: text key)
pieces gate:
    target  name
    d4      far
    a1      near

phase opening until count(king) == 3:
    action put(c in cells where empty(c) and c != space("b2")):
        place king for mover at c

phase middle:
    action jump(g in supply where empty(g.target)):
        place king for mover at g.target
        log "{phase} {g.target} {g.target.x}"

trigger t after move:
    if phase == middle and count(king) == 4: finish
'''


def test_spaces_by_name_and_in_tables_and_the_phase(tmp_path):
    path = tmp_path / "gates.mire"
    path.write_text(RULES)
    state = load_game(str(path)).new_state()
    assert "put b2" not in [m.text for m in state.legal_moves()]  # space("b2") is b2
    for text in ["put a1", "put a2", "put a3"]:
        state.apply(state.parse_move(text))
    assert [m.text for m in state.legal_moves()] == ["jump far"]  # a1, the near gate's target, is taken
    state.apply(state.parse_move("jump far"))
    assert state.log[-1][1] == "middle d4 4"
    assert state.is_over()
    # the piece keeps the space's name, as its table gives it; rules read the space
    far = next(p for p in state.kind_pieces["gate"] if p.attrs["name"] == "far")
    assert far.attrs["target"] == "d4"


PHASE_VALUES = '''game "Phases"
players 2
var last: phase = none
var marks: int = 0
def was(p: phase) = last == p

phase opening until marks >= 2:
    action mark():
        marks += 1
        last = phase

phase closing:
    action close():
        require was(opening) else "only just after the opening"
        last = phase
        finish
'''


def test_a_variable_and_a_parameter_may_be_declared_of_type_phase(tmp_path):
    path = tmp_path / "phases.mire"
    path.write_text(PHASE_VALUES)
    state = load_game(str(path)).new_state(seed=1)
    assert state.vars["last"] is None
    for text in ("mark", "mark"):
        state.apply(state.parse_move(text))
    assert state.vars["last"] == "opening" and [m.text for m in state.legal_moves()] == ["close"]
    assert state.view(0)["vars"]["last"] == "opening"
    state.apply(state.parse_move("close"))
    assert state.vars["last"] == "closing" and state.outcome().draw
    state.undo()
    assert state.vars["last"] == "opening"


STARTS = '''game "Starts"
players 2
board cells: grid 3 x 3
enum colour: red, blue
piece seed(at: space mutable = none, size: int mutable = 1, ripe: bool = no, colour: colour = blue)
piece marker(colour: colour)
pieces marker:
    colour
    red

const SOWN = [seed]

action sow(c in cells where empty(c)):
    place SOWN[0] for mover at c
    top(c).at = c
    top(c).size += count(seed)
    if count(seed) == 3: finish
'''


def test_attributes_with_start_values_let_place_make_pieces_and_a_space_attribute_keeps_a_space(tmp_path):
    path = tmp_path / "starts.mire"
    path.write_text(STARTS)
    state = load_game(str(path)).new_state()
    for text in ["sow a1", "sow b2", "sow c3"]:
        state.apply(state.parse_move(text))
    seeds = [top for top in (state.space_by_name[n].pieces[-1] for n in ("a1", "b2", "c3"))]
    assert [(p.attrs["at"], p.attrs["size"], p.attrs["ripe"], p.attrs["colour"]) for p in seeds] == \
        [("a1", 2, False, "blue"), ("b2", 3, False, "blue"), ("c3", 4, False, "blue")]
    assert state.is_over()
