"""Lists and sets (issue 12, item 14): sorting, descending ranges, items of list variables assigned, and the list
operations that make a set type unnecessary (unique, -, += and -= on lists, index)."""
from mire.engine import load_game

RULES = '''game "Lists"
players 2
board cells: grid 3 x 3
piece mark
enum level: low, mid, high
var counts: list of int = [0, 0, 0]
var seen: list of space = []
var grid: list of list of int = [[0, 0], [0, 0]]
var tally: list of int = [0, 0] per player
const ORDER = sort([3, 1, 2])
const DOWN = 5 downto 1

action place(c in cells where empty(c)):
    place mark for mover at c
    counts[c.x - 1] += 1
    grid[1][0] += c.y
    mover.tally[-1] += 1
    seen += [c, c]
    seen -= [at(cells, 1, 1)]
    let order = x in cells sorted by -x.y
    log "{counts} {grid} {mover.tally} {unique(seen)} {reverse(ORDER)} {DOWN} {first(order)} {index(level, mid)}"
    log "{[1, 2, 3, 2] - [2]} {c in unique(seen)} {sort([\\"b\\", \\"a\\"])} {[x for x in 3 downto 1 sorted by x]}"
'''


def test_list_operations_and_undo(tmp_path):
    path = tmp_path / "lists.mire"
    path.write_text(RULES)
    state = load_game(str(path)).new_state()
    state.apply(state.parse_move("place b2"))
    assert [line for _, line in state.log] == [
        "[0, 1, 0] [[0, 0], [2, 0]] [0, 1] [b2] [3, 2, 1] [5, 4, 3, 2, 1] a3 1",
        "[1, 3] yes [a, b] [1, 2, 3]"]
    state.apply(state.parse_move("place a1"))  # a1 is added twice, then taken out
    assert state.vars["seen"] == [state.space_by_name["b2"]] * 2
    assert state.vars["counts"] == [1, 1, 0] and state.players[1].vars["tally"] == [0, 1]
    state.undo()
    state.undo()
    assert state.vars == {"counts": [0, 0, 0], "seen": [], "grid": [[0, 0], [0, 0]]}
    assert [p.vars["tally"] for p in state.players] == [[0, 0], [0, 0]]


NESTED = '''game "Nested"
players 2
board cells: grid 3 x 3
piece mark
var grid: list of list of int = [[1, 2], [3]]

action place(c in cells where empty(c)):
    place mark for mover at c
    let a = grid == [[1, 2], [3]]
    let b = grid != [[1, 2], [4]]
    log "{a} {b} {[3] in grid} {index(grid, [3])} {unique([[1], [1], [2]])} {[[1], [2]] - [[1]]} {[[1]] == [[1], [3]]}"
'''


def test_lists_of_lists_compare_item_by_item(tmp_path):
    # ==, !=, in, index, unique and - on lists of lists (compared item by item, each item a step of the budget)
    path = tmp_path / "nested.mire"
    path.write_text(NESTED)
    state = load_game(str(path)).new_state()
    state.apply(state.parse_move("place b2"))
    assert [line for _, line in state.log] == ["yes yes yes 1 [[1], [2]] [[2]] no"]
