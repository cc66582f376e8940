"""The directions a board's spaces step in: `neighbors all_directions` (or `diagonal`) on a grid, which
`neighbors`, `group`, `region`, `regions_of` and `border` follow; and those builtins given the directions
themselves (`region(s, L, DIRS)`), checked against plain Python flood fills."""
import random

import pytest

from mire.engine import load_game
from mire.engine.run.library import BUILTINS
from mire.engine.run.runtime import DIRS
from mire.grammar.diagnostics import MireError
from mire.grammar.types import DIRECTION_SETS

GAME = """\
game "Blobs"
players 2
board cells: grid 6 x 5 {option}
piece stone

action put(c in cells where empty(c)):
    place stone for mover at c
"""


def state(tmp_path, option):
    path = tmp_path / "blobs.mire"
    path.write_text(GAME.format(option=option))
    return load_game(str(path)).new_state()


def plain_fill(start, inside, steps):
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in steps:
            t = (x + dx, y + dy)
            if t in inside and t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def vectors(name):
    return [(DIRS[d].dx, DIRS[d].dy) for d in DIRECTION_SETS[name]]


@pytest.mark.parametrize("option, steps", [
    ("", "orthogonal"), ("neighbors all_directions", "all_directions"), ("neighbors diagonal", "diagonal")])
def test_groups_regions_and_borders_follow_the_boards_neighbours(tmp_path, option, steps):
    S = state(tmp_path, option)
    rng = random.Random(7)
    for _ in range(14):
        S.apply(rng.choice(S.legal_moves()))
    run = {n: BUILTINS[n].run for n in ("neighbors", "group", "region", "regions_of", "border")}
    cells = S.boards["cells"].in_play()
    at = {(s.x, s.y): s for s in cells}
    owner = {(s.x, s.y): s.pieces[-1].owner for s in cells if s.pieces}
    empty = {xy for xy in at if xy not in owner}
    for xy, s in at.items():
        near = {(xy[0] + dx, xy[1] + dy) for dx, dy in vectors(steps)} & at.keys()
        assert {(t.x, t.y) for t in run["neighbors"](S, s)} == near
        if xy in owner:
            mine = {c for c in owner if owner[c] is owner[xy]}
            assert {(t.x, t.y) for t in run["group"](S, s)} == plain_fill(xy, mine, vectors(steps))
    free = [s for s in cells if not s.pieces]
    parts = run["regions_of"](S, free)
    assert sorted(sorted((t.x, t.y) for t in p) for p in parts) == sorted(
        sorted(r) for r in {frozenset(plain_fill(xy, empty, vectors(steps))) for xy in empty})
    first = free[0]
    assert {(t.x, t.y) for t in run["region"](S, first, free)} == plain_fill((first.x, first.y), empty, vectors(steps))
    around = {(x + dx, y + dy) for x, y in empty for dx, dy in vectors(steps)} & owner.keys()
    assert {(t.x, t.y) for t in run["border"](S, free)} == around


def test_region_regions_of_and_border_take_the_directions_to_step_in(tmp_path):
    S = state(tmp_path, "")
    rng = random.Random(3)
    for _ in range(12):
        S.apply(rng.choice(S.legal_moves()))
    cells = S.boards["cells"].in_play()
    free = [s for s in cells if not s.pieces]
    empty = {(s.x, s.y) for s in free}
    diagonal = [DIRS[d] for d in DIRECTION_SETS["diagonal"]]
    run = BUILTINS
    for s in free:
        assert {(t.x, t.y) for t in run["region"].run(S, s, free, diagonal)} == \
            plain_fill((s.x, s.y), empty, vectors("diagonal"))
    assert sum(len(p) for p in run["regions_of"].run(S, free, diagonal)) == len(free)
    assert len(run["regions_of"].run(S, free, diagonal)) >= 2  # the two colours of a chessboard at least
    border = {(t.x, t.y) for t in run["border"].run(S, free, [DIRS["north"]])}
    assert border == {(x, y + 1) for x, y in empty if (x, y + 1) not in empty and y < 5}


@pytest.mark.parametrize("text, message", [
    ("board cells: grid 3 x 3 neighbors sideways\n", "the neighbours of a grid's spaces lie in `orthogonal`"),
    ("board cells: hex 3 x 3 neighbors all_directions\n", "'cells' is a hex board, whose neighbours are its own"),
])
def test_a_neighbors_option_that_cannot_be_is_explained(tmp_path, text, message):
    path = tmp_path / "bad.mire"
    path.write_text('game "Bad"\nplayers 2\n' + text + "piece p\naction go():\n    pass\n")
    with pytest.raises(MireError) as info:
        load_game(str(path))
    assert message in info.value.render()


def test_a_group_of_stones_touching_at_corners_in_a_file(tmp_path):
    """A game that counts a chain by all eight neighbours reads it from the board's option alone."""
    path = tmp_path / "g.mire"
    path.write_text(GAME.format(option="neighbors all_directions") +
                    "    if count(group(c)) >= 3: win mover\n")
    S = load_game(str(path)).new_state()
    for text in ["put a1", "put f5", "put b2", "put f4", "put c3"]:
        S.apply(S.parse_move(text))
    assert S.is_over() and S.outcome().winners == (0,)
