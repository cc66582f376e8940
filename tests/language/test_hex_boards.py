"""Hex boards (`hex W x H`, `hexagon N`, `triangle N`): their cells, names and six directions, and the games
of Hex, Y and Havannah played on them, each checked against a plain-Python implementation written here from
the rules alone (cells, neighbours, perft, won positions, whole random games in lockstep)."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.library import BUILTINS
from mire.engine.run.runtime import DIRS
from mire.grammar.diagnostics import MireError

GAMES = Path(__file__).parents[1] / "games"


# ---------------------------------------------------------------- the plain-Python boards

STEPS = {"east": (1, 0), "northeast": (0, 1), "northwest": (-1, 1), "west": (-1, 0), "southwest": (0, -1),
         "southeast": (1, -1)}


def plain_cells(outline, n, m=None):
    """The cells of a board as its docs describe it: axial (column, row), a row drawn half a cell right of the
    one below."""
    if outline == "rhombus":
        return {(x, y) for x in range(1, n + 1) for y in range(1, m + 1)}
    if outline == "triangle":
        return {(x, y) for x in range(1, n + 1) for y in range(1, n + 1) if x + y <= n + 1}
    # a hexagon: within n - 1 steps of its middle cell (n, n) (hex distance in axial coordinates)
    return {(x, y) for x in range(1, 2 * n) for y in range(1, 2 * n)
            if max(abs(x - n), abs(y - n), abs(x + y - 2 * n)) <= n - 1}


def plain_neighbours(cells, c):
    return {(c[0] + dx, c[1] + dy) for dx, dy in STEPS.values()} & cells


def name(c):
    return "abcdefghijklmnopqrstuvwxyz"[c[0] - 1] + str(c[1])


def chain(cells, stones, c):
    """The cells joined to c through cells of c's owner (stones: cell -> owner)."""
    seen, todo = {c}, [c]
    while todo:
        t = todo.pop()
        for u in plain_neighbours(cells, t):
            if u not in seen and stones.get(u) == stones[c]:
                seen.add(u)
                todo.append(u)
    return seen


def y_won(n, cells, stones, c):
    g = chain(cells, stones, c)
    return any(x == 1 for x, _ in g) and any(y == 1 for _, y in g) and any(x + y == n + 1 for x, y in g)


def havannah_won(n, cells, stones, c):
    g = chain(cells, stones, c)
    corners = {c for c in cells if len(plain_neighbours(cells, c)) == 3}
    if len(g & corners) >= 2:
        return True
    lines = [lambda x, y: y == 1, lambda x, y: x + y == n + 1, lambda x, y: x == 1, lambda x, y: y == 2 * n - 1,
             lambda x, y: x + y == 3 * n - 1, lambda x, y: x == 2 * n - 1]
    sides = {i for i, on in enumerate(lines) for x, y in g - corners if on(x, y)}
    if len(sides) >= 3:
        return True
    # a ring: the cells outside the chain that cannot reach the edge of the board from inside it
    edge = {c for c in cells if len(plain_neighbours(cells, c)) < 6}
    outside = cells - g
    reached = set(outside & edge)
    todo = list(reached)
    while todo:
        t = todo.pop()
        for u in plain_neighbours(cells, t) & outside:
            if u not in reached:
                reached.add(u)
                todo.append(u)
    return reached != outside


def hex_won(n, cells, stones, c):
    g = chain(cells, stones, c)
    if stones[c] == 0:
        return {1, n} <= {y for _, y in g}
    return {1, n} <= {x for x, _ in g}


def plain_perft(cells, won, depth):
    counts = [0] * depth

    def walk(stones, mover, d):
        for c in sorted(cells - stones.keys()):
            counts[d] += 1
            stones[c] = mover
            if d + 1 < depth and not won(cells, stones, c):
                walk(stones, 1 - mover, d + 1)
            del stones[c]
    walk({}, 0, 0)
    return counts


def mire_game(file, **consts):
    text = (GAMES / file).read_text()
    for k, v in consts.items():
        text = text.replace(f"const {k} = ", f"const {k} = {v} #", 1)
    return text


def load_text(tmp_path, text, name="game.mire"):
    path = tmp_path / name
    path.write_text(text)
    return load_game(str(path))


# ---------------------------------------------------------------- the boards

@pytest.mark.parametrize("shape, outline, size", [
    ("hex 5 x 3", "rhombus", (5, 3)), ("hexagon 4", "hexagon", (4,)), ("triangle 6", "triangle", (6,)),
    ("hexagon 1", "hexagon", (1,)),
])
def test_a_hex_board_has_the_cells_and_neighbours_its_docs_give(tmp_path, shape, outline, size):
    S = load_text(tmp_path, f'game "G"\nplayers 2\nboard cells: {shape}\npiece p\n'
                            "action put(c in cells where empty(c)):\n    place p for mover at c\n").new_state()
    cells = plain_cells(outline, *size)
    spaces = S.boards["cells"].spaces
    assert {(s.x, s.y) for s in spaces} == cells and len(spaces) == len(cells)
    assert [s.name for s in spaces] == [name(c) for c in sorted(cells, key=lambda c: (c[1], c[0]))]
    for s in spaces:
        assert {(t.x, t.y) for t in BUILTINS["neighbors"].run(S, s)} == plain_neighbours(cells, (s.x, s.y))
        for d, (dx, dy) in STEPS.items():
            t = s.nbr[DIRS[d].i]
            step = (s.x + dx, s.y + dy)
            assert ((t.x, t.y) if t else None) == (step if step in cells else None)
        assert s.nbr[DIRS["north"].i] is None and s.nbr[DIRS["south"].i] is None


def test_corner_edge_and_middle_cells_of_a_hexagon_have_three_four_and_six_neighbours(tmp_path):
    S = load_text(tmp_path, mire_game("havannah.mire")).new_state()
    count = {s.name: len(BUILTINS["neighbors"].run(S, s)) for s in S.boards["cells"].spaces}
    assert len(count) == 37 == 3 * 4 * 3 + 1
    assert sorted(n for n, k in count.items() if k == 3) == ["a4", "a7", "d1", "d7", "g1", "g4"]
    assert count["a5"] == 4 and count["b4"] == 6 and count["d4"] == 6 and sum(k == 4 for k in count.values()) == 12
    assert sorted(t.name for t in BUILTINS["neighbors"].run(S, S.space_by_name["d4"])) == \
        ["c4", "c5", "d3", "d5", "e3", "e4"]


def test_a_triangle_has_three_corners_of_two_neighbours(tmp_path):
    S = load_text(tmp_path, mire_game("y.mire")).new_state()
    count = {s.name: len(BUILTINS["neighbors"].run(S, s)) for s in S.boards["cells"].spaces}
    assert len(count) == 15 and sorted(n for n, k in count.items() if k == 2) == ["a1", "a5", "e1"]
    assert count["b2"] == 6 and count["c1"] == 4


def test_lines_rays_and_directions_follow_the_six_hex_directions(tmp_path):
    game = load_text(tmp_path, 'game "G"\nplayers 2\nboard cells: hexagon 3\npiece p\n'
                               "action put(c in cells where empty(c)):\n    place p for mover at c\n"
                               "    if in_a_row(c, 3): win mover\n")
    S = game.new_state()
    c3 = S.space_by_name["c3"]
    ray = BUILTINS["ray"].run
    assert [t.name for t in ray(S, c3, DIRS["northeast"])] == ["c4", "c5"]
    assert [t.name for t in ray(S, c3, DIRS["northwest"])] == ["b4", "a5"]
    assert [t.name for t in ray(S, c3, DIRS["southeast"])] == ["d2", "e1"]
    assert ray(S, c3, DIRS["north"]) == []
    direction = BUILTINS["direction"].run
    assert direction(S, c3, S.space_by_name["a5"]) is DIRS["northwest"]
    assert direction(S, c3, S.space_by_name["c5"]) is DIRS["northeast"]
    assert direction(S, c3, S.space_by_name["d4"]) is None  # two steps round: no line of cells
    # three in a row along the northwest-southeast line wins
    for text in ["put a5", "put a3", "put b4", "put a4"]:
        S.apply(S.parse_move(text))
    assert not S.is_over()
    S.apply(S.parse_move("put c3"))
    assert S.is_over() and S.outcome().winners == (0,)


@pytest.mark.parametrize("text, message", [
    ("board cells: hexagon 40\n", "board 'cells' would span 79 x 79 columns and rows, and a hex board spans 1 to"),
    ("board cells: hex 0 x 3\n", "would span 0 x 3"),
    ("board cells: triangle 5 per player\n", "a hex board is shared: 'cells' cannot be `per player`"),
])
def test_a_hex_board_that_cannot_be_is_explained(tmp_path, text, message):
    with pytest.raises(MireError) as info:
        load_text(tmp_path, 'game "Bad"\nplayers 2\n' + text + "piece p\naction go():\n    pass\n")
    assert message in info.value.render()


@pytest.mark.parametrize("shape, written, close", [
    ("hexagon 3", "a1", None),  # (1, 1) lies outside a hexagon of side 3: its corner cell is c1
    ("hexagon 3", "C5", "c5"),
    ("triangle 4", "d4", None),  # beyond the triangle's long side
    ("hex 3 x 3", "d1", None),
])
def test_check_knows_the_cells_of_a_hex_board(tmp_path, shape, written, close):
    """`mire check` refuses a name no cell of a hex board has, with the whole diagnostic, as for a grid."""
    with pytest.raises(MireError) as info:
        load_text(tmp_path, f'game "G"\nplayers 2\nboard cells: {shape}\npiece p\nsetup:\n'
                            f'    place p for seat(1) at space("{written}")\naction go():\n    pass\n')
    rendered = info.value.render()
    assert f"error[E017]: no space is named '{written}'" + (f" (did you mean '{close}'?)" if close else "") in rendered
    assert f'space("{written}")' in rendered and "^^^^" in rendered


def test_check_takes_every_cell_a_hex_board_has(tmp_path):
    for outline, size in (("hexagon", 3), ("triangle", 4)):
        cells = sorted(plain_cells(outline, size))
        puts = "".join(f'    place p for seat(1) at space("{name(c)}")\n' for c in cells)
        game = load_text(tmp_path, f'game "G"\nplayers 2\nboard cells: {outline} {size}\npiece p\nsetup:\n'
                                   f"{puts}action go():\n    pass\n")
        assert sorted(s.name for s in game.new_state().spaces if s.pieces) == sorted(name(c) for c in cells)


def test_hexagon_and_triangle_stay_names_elsewhere(tmp_path):
    """The shapes' words are words only after `board NAME:`: a file naming a variable so still loads."""
    game = load_text(tmp_path, 'game "G"\nplayers 2\nboard cells: grid 2 x 2\npiece p\nvar hexagon: int = 1\n'
                               "const triangle = 3\naction go():\n    hexagon = triangle\n")
    assert [m.text for m in game.new_state().legal_moves()] == ["go"]


# ---------------------------------------------------------------- the games

def test_hex_perft_and_games_agree_with_plain_python():
    game = load_game(str(GAMES / "hex.mire"))
    cells = plain_cells("rhombus", 7, 7)
    assert perft(game.new_state(), 2) == plain_perft(cells, lambda *a: hex_won(7, *a), 2) == [49, 2352]
    _lockstep(game, cells, lambda *a: hex_won(7, *a), seeds=range(10))


@pytest.mark.parametrize("n, depth", [(5, 3), (3, 6)])
def test_y_perft_agrees_with_plain_python(tmp_path, n, depth):
    """Side 5 to depth 3; side 3 to the end of every game (wins cut the count)."""
    game = load_text(tmp_path, mire_game("y.mire", N=n))
    cells = plain_cells("triangle", n)
    assert perft(game.new_state(), depth) == plain_perft(cells, lambda *a: y_won(n, *a), depth)


def test_y_games_agree_with_plain_python():
    game = load_game(str(GAMES / "y.mire"))
    _lockstep(game, plain_cells("triangle", 5), lambda *a: y_won(5, *a), seeds=range(20))


@pytest.mark.parametrize("n, depth", [(4, 2), (2, 4)])
def test_havannah_perft_agrees_with_plain_python(tmp_path, n, depth):
    """Side 4 to depth 2; side 2 to depth 4, where bridges between neighbouring corners end games."""
    game = load_text(tmp_path, mire_game("havannah.mire", N=n))
    cells = plain_cells("hexagon", n)
    counts = plain_perft(cells, lambda *a: havannah_won(n, *a), depth)
    assert perft(game.new_state(), depth) == counts
    if n == 2:
        assert counts[3] < 7 * 6 * 5 * 4  # some games ended by a bridge


def test_havannah_games_agree_with_plain_python():
    """Random games on side 4, winner and legal moves compared move by move: rings, bridges and forks."""
    game = load_game(str(GAMES / "havannah.mire"))
    _lockstep(game, plain_cells("hexagon", 4), lambda *a: havannah_won(4, *a), seeds=range(30))


def test_a_havannah_ring_wins(tmp_path):
    game = load_game(str(GAMES / "havannah.mire"))
    S = game.new_state()
    ring = ["c4", "c5", "d5", "e4", "e3"]  # five of the six cells round d4; d3 closes the ring
    elsewhere = ["a4", "a5", "a6", "b7", "c7"]
    for mine, theirs in zip(ring, elsewhere):
        S.apply(S.parse_move(f"place {mine}"))
        S.apply(S.parse_move(f"place {theirs}"))
    assert not S.is_over()
    S.apply(S.parse_move("place d3"))
    assert S.is_over() and S.outcome().winners == (0,)


def _lockstep(game, cells, won, seeds):
    winners = set()
    for seed in seeds:
        S, rng, stones, mover = game.new_state(seed=seed), random.Random(seed), {}, 0
        while not S.is_over():
            texts = sorted(m.text for m in S.legal_moves())
            assert texts == sorted(f"place {name(c)}" for c in cells - stones.keys())
            c = rng.choice(sorted(cells - stones.keys()))
            S.apply(S.parse_move(f"place {name(c)}"))
            stones[c] = mover
            if won(cells, stones, c):
                assert S.is_over() and S.outcome().winners == (mover,)
                winners.add(mover)
                break
            mover = 1 - mover
        else:
            raise AssertionError(f"Mire ended the game of seed {seed} and the plain rules did not")
        assert S.is_over()
    assert winners == {0, 1}


def test_a_position_writes_a_hex_board_row_by_row():
    """A Y position: the triangle's rows from the top (one cell) down (five), and a win found from it."""
    from mire.engine.run.arrange import arrange
    from mire.grammar.position import parse_position
    text = ("position of y\nW = stone of white\nB = stone of black\ncells:\n"
            "    .\n    W B\n    W . B\n    W . . B\n    . B . . .\nto move: white\n")
    S = load_game(str(GAMES / "y.mire")).new_state(seed=1)
    arrange(S, parse_position(text, "p.pos"), "p.pos")
    assert {s.name: s.pieces[0].owner.name for s in S.spaces if s.pieces} == \
        {"a4": "white", "a3": "white", "a2": "white", "b4": "black", "c3": "black", "d2": "black", "b1": "black"}
    cells = plain_cells("triangle", 5)
    stones = {(1, 4): 0, (1, 3): 0, (1, 2): 0, (2, 4): 1, (3, 3): 1, (4, 2): 1, (2, 1): 1}
    assert perft(S, 2) == _perft_from(cells, stones, lambda *a: y_won(5, *a), 2)
    S.apply(S.parse_move("place a1"))  # a1 to a4: sides x = 1 and y = 1; a4 is not on the third, a5 is
    assert not S.is_over()


def _perft_from(cells, stones, won, depth):
    counts = [0] * depth

    def walk(mover, d):
        for c in sorted(cells - stones.keys()):
            counts[d] += 1
            stones[c] = mover
            if d + 1 < depth and not won(cells, stones, c):
                walk(1 - mover, d + 1)
            del stones[c]
    walk(0, 0)
    return counts
