"""Boards that are not a plain grid: the edges and corners of a grid, graphs, and regions of any spaces; what
the geometry builtins give on them, what a view says of them and how the renderer draws them."""
import random
import sys
from pathlib import Path

import pytest

from mire.cli.render import render_view
from mire.engine import load_game
from mire.engine.run.library import BUILTINS
from mire.engine.run.runtime import DIRS, RuleError

GAMES = Path(__file__).parents[1] / "games"
ROOT = Path(__file__).resolve().parents[2]


def call(S, name, *args):
    return BUILTINS[name].run(S, *args)


def names(spaces):
    return [s.name for s in spaces]


def game_of(tmp_path, text, name="game.mire"):
    path = tmp_path / name
    path.write_text(text)
    return load_game(str(path))


LATTICE = """\
game "Lattice"
players 2
board squares: grid 3 x 2 labels upper
board lines: edges of squares
board dots: corners of squares
piece mark

action put(e in lines where empty(e)):
    place mark for mover at e
"""


@pytest.fixture
def lattice(tmp_path):
    return game_of(tmp_path, LATTICE).new_state()


# ---------------------------------------------------------------- edges and corners

def test_edges_and_corners_are_named_by_the_dots(lattice):
    S = lattice
    assert len(S.boards["lines"].spaces) == 3 * 3 + 4 * 2 and len(S.boards["dots"].spaces) == 4 * 3
    assert names(S.boards["lines"].spaces)[:5] == ["a1-b1", "b1-c1", "c1-d1", "a1-a2", "b1-b2"]
    assert names(S.boards["dots"].spaces)[:5] == ["a1", "b1", "c1", "d1", "a2"]
    e = S.space_by_name["b1-c1"]
    assert (e.x, e.y) == (4, 1) and (S.space_by_name["a1-a2"].x, S.space_by_name["a1-a2"].y) == (1, 2)
    assert call(S, "at", S.boards["lines"].in_play(), 4, 1) is e


def test_touching_relates_spaces_edges_and_corners(lattice):
    S = lattice
    squares, lines, dots = (S.boards[n].in_play() for n in ("squares", "lines", "dots"))
    b1 = S.space_by_name["B1"]
    assert sorted(names(call(S, "touching", b1, lines))) == ["b1-b2", "b1-c1", "b2-c2", "c1-c2"]
    assert sorted(names(call(S, "touching", b1, dots))) == ["b1", "b2", "c1", "c2"]
    assert sorted(names(call(S, "touching", S.space_by_name["b1-b2"], squares))) == ["A1", "B1"]
    assert names(call(S, "touching", S.space_by_name["a1-b1"], squares)) == ["A1"]
    assert sorted(names(call(S, "touching", S.space_by_name["b2-c2"], dots))) == ["b2", "c2"]
    assert sorted(names(call(S, "touching", S.space_by_name["b2"], lines))) == ["a2-b2", "b1-b2", "b2-b3", "b2-c2"]
    assert sorted(names(call(S, "touching", S.space_by_name["a1"], squares))) == ["A1"]


def test_an_edge_neighbours_the_edges_that_meet_it_and_runs_along_its_line(lattice):
    S = lattice
    e = S.space_by_name["b1-c1"]
    assert sorted(names(call(S, "neighbors", e))) == ["a1-b1", "b1-b2", "c1-c2", "c1-d1"]
    assert sorted(names(call(S, "neighbors", S.space_by_name["b2-c2"]))) == \
        ["a2-b2", "b1-b2", "b2-b3", "c1-c2", "c2-c3", "c2-d2"]
    assert names(call(S, "ray", S.space_by_name["a1-b1"], DIRS["east"])) == ["b1-c1", "c1-d1"]
    assert names(call(S, "ray", S.space_by_name["a1-a2"], DIRS["north"])) == ["a2-a3"]
    assert call(S, "neighbors", e, [DIRS["north"], DIRS["south"]]) == []
    assert sorted(names(call(S, "neighbors", S.space_by_name["b2"]))) == ["a2", "b1", "b3", "c2"]


def test_in_a_row_follows_a_line_of_edges(lattice):
    S = lattice
    for text in ["put a1-b1", "put a1-a2", "put b1-c1", "put b1-b2", "put c1-d1"]:
        S.apply(S.parse_move(text))
    first = S.players[0]
    assert [s.pieces[-1].owner for s in (S.space_by_name[n] for n in ("a1-b1", "b1-c1", "c1-d1"))] == [first] * 3
    assert call(S, "in_a_row", S.space_by_name["b1-c1"], 3)
    assert not call(S, "in_a_row", S.space_by_name["a1-a2"], 2)  # b1-b2 beside it is on another line


@pytest.mark.parametrize("text, message", [
    ('board farm: area\nboard fences: edges of farm\n', "'fences' is the edges of 'farm', which is an area"),
    ('board fields: grid 3 x 3\nboard fences: edges of field\n', "'field' is not a board of this game"),
    ('board fields: grid 3 x 3 at (2 * x, y)\nboard dots: corners of fields\n',
     "the grid 'fields' has edges or corners, so Mire lays it out on the plane, and it cannot have `at`"),
    ('board fields: grid 3 x 3\nboard a: edges of fields\nboard b: edges of fields\n',
     "the edges of 'fields' are already the board 'a' (line 4)"),
    ('board rails: graph\n    line york - leeds\n', "point 'york' of the graph 'rails' has no place"),
    ('board rails: graph\n    point york at (3, 5), leeds at (3, 5)\n', "points 'york' and 'leeds' are both at"),
    ('board rails: graph\n    line a1 - b2 - a1\n', "this line passes through 'a1' twice"),
    ('board rails: graph\n    point a99\n', "point 'a99' is at column 1, row 99"),
    ('board rails: graph\n    point x at (1, 1), x at (2, 2)\n', "point 'x' is listed twice"),
    ('board rails: graph per player\n    point a1\n', "a graph board is shared"),
    ('board cells: grid 3 x 3\n    point a1\n', "only a graph board lists points and lines, and 'cells' is a grid"),
])
def test_a_board_that_cannot_be_is_explained(tmp_path, text, message):
    path = tmp_path / "bad.mire"
    path.write_text('game "Bad"\nplayers 2\n' + text + "piece p\naction go():\n    pass\n")
    from mire.grammar.diagnostics import MireError
    with pytest.raises(MireError) as info:
        load_game(str(path))
    assert message in info.value.render()
    assert {d.code for d in info.value.diagnostics} <= {"E046", "E047"}


def test_check_knows_the_points_of_a_graph_and_a_clash_of_names(tmp_path):
    """A point's name is a space's name for `mire check`; a second board whose names repeat the first's is named
    `BOARD.NAME`, as the engine names it."""
    from mire.grammar.diagnostics import MireError
    path = tmp_path / "rails.mire"
    path.write_text('game "Rails"\nplayers 2\nboard rails: graph\n    point york at (4, 7), leeds at (2, 6)\n'
                    '    line york - leeds\nboard spare: graph\n    point york at (1, 1)\npiece p\nsetup:\n'
                    '    place p for seat(1) at space("yrok")\n    place p for seat(1) at space("spare.york")\n'
                    "action go():\n    pass\n")
    with pytest.raises(MireError) as info:
        load_game(str(path))
    rendered = info.value.render()
    assert "rails.mire:10:34: error[E017]: no space is named 'yrok' (did you mean 'york'?)" in rendered
    assert [d.code for d in info.value.diagnostics] == ["E017"]


def test_the_edges_and_corners_count_against_the_limit_of_spaces(tmp_path):
    from mire.grammar.diagnostics import MireError
    path = tmp_path / "big.mire"
    path.write_text('game "Big"\nplayers 2\nboard a: grid 64 x 64\nboard b: edges of a\nboard c: corners of a\n'
                    'board d: grid 64 x 64\npiece p\naction go():\n    pass\n')
    with pytest.raises(MireError) as info:
        load_game(str(path))
    assert [d.code for d in info.value.diagnostics] == ["E072"]


def test_a_view_says_which_grid_edges_and_corners_belong_to(lattice):
    shapes = {b["name"]: (b["shape"], b.get("of")) for b in lattice.view(0)["boards"]}
    assert shapes == {"squares": ("grid", None), "lines": ("edges", "squares"), "dots": ("corners", "squares")}


def test_a_constant_made_of_edges_corners_or_a_graph_is_worked_out_once_per_game(tmp_path):
    """Their spaces never change in a game, as a grid's do not: a constant made of them is kept per game
    (a constant made of an area's spaces, which grows, is worked out at each use)."""
    text = LATTICE.replace("action put(e in lines where empty(e)):", "action put(e in ACROSS where empty(e)):") + (
        "const ACROSS = [e for e in lines where e.y % 2 == 1]\n"
        "const MIDDLE = [d for d in dots where d.x == 2 or d.x == 3]\n"
        "const STOPS = [s for s in rails where s.y == 5]\n"
        "const FIELDS = [f for f in farm where f.x > 0]\n"
        "board rails: graph\n    line a5 - c5 - e5 - c7\nboard farm: area\n"
        "action look():\n    require count(MIDDLE) + count(STOPS) + count(FIELDS) > 99\n")
    game = game_of(tmp_path, text)
    state = game.new_state(seed=1)
    assert [m.text for m in state.legal_moves()] == ["put a1-b1", "put b1-c1", "put c1-d1", "put a2-b2",
                                                     "put b2-c2", "put c2-d2", "put a3-b3", "put b3-c3", "put c3-d3"]
    across = state._const_values["ACROSS"]
    state.apply(state.parse_move("put b2-c2"))
    assert "put b2-c2" not in [m.text for m in state.legal_moves()]
    assert state._const_values["ACROSS"] is across
    assert names(state._const_values["MIDDLE"]) == ["b1", "c1", "b2", "c2", "b3", "c3"]
    assert names(state._const_values["STOPS"]) == ["a5", "c5", "e5"]
    assert "FIELDS" not in state._const_values
    other = game.new_state(seed=2)
    other.legal_moves()
    assert other._const_values["ACROSS"] is not across and names(other._const_values["ACROSS"]) == names(across)


# ---------------------------------------------------------------- graphs

GRAPH = """\
game "Stations"
players 2
board rails: graph
    point york at (4, 7), leeds at (2, 6), hull at (7, 5), selby at (4, 5), goole at (6, 5)
    line leeds - selby - goole - hull
    link york - selby
    link york - goole
board cells: grid 2 x 2
piece train

action go(s in rails where empty(s)):
    place train for mover at s
"""


@pytest.fixture
def rails(tmp_path):
    return game_of(tmp_path, GRAPH).new_state()


def test_a_graph_joins_its_points(rails):
    S = rails
    board = S.boards["rails"]
    assert names(board.spaces) == ["york", "leeds", "hull", "selby", "goole"]
    assert (board.width, board.height) == (7, 7)
    assert names(call(S, "neighbors", S.space_by_name["selby"])) == ["leeds", "goole", "york"]
    assert names(call(S, "neighbors", S.space_by_name["york"])) == ["selby", "goole"]
    assert call(S, "at", board.in_play(), 4, 5) is S.space_by_name["selby"]
    # the other board is laid beside it on the plane
    assert S.space_by_name["a1"].px == 7 + 2


def test_a_graph_link_that_runs_straight_has_a_direction(rails):
    S = rails
    selby = S.space_by_name["selby"]
    assert S.space_by_name["goole"] is selby.nbr[DIRS["east"].i]
    assert selby.nbr[DIRS["north"].i] is S.space_by_name["york"]
    assert S.space_by_name["goole"].nbr[DIRS["northwest"].i] is S.space_by_name["york"]
    assert selby.nbr[DIRS["west"].i] is None  # leeds is up and left, not straight
    assert names(call(S, "ray", selby, DIRS["east"])) == ["goole", "hull"]


def test_in_a_row_follows_the_lines_of_a_graph_not_its_links(rails):
    S = rails
    for name in ["selby", "york", "goole", "hull", "leeds"]:  # first seat: selby, goole, leeds
        S.apply(S.parse_move(f"go {name}"))
    selby = S.space_by_name["selby"]
    assert call(S, "in_a_row", selby, 2) and not call(S, "in_a_row", S.space_by_name["york"], 2)
    assert call(S, "in_a_row", S.space_by_name["leeds"], 3) and not call(S, "in_a_row", selby, 4)


def test_chains_regions_and_borders_on_a_graph(rails):
    S = rails
    S.apply(S.parse_move("go selby"))
    S.apply(S.parse_move("go hull"))
    S.apply(S.parse_move("go goole"))
    rails_spaces = S.boards["rails"].in_play()
    selby = S.space_by_name["selby"]
    assert sorted(names(call(S, "group", selby))) == ["goole", "selby"]
    empties = [s for s in rails_spaces if not s.pieces]
    assert call(S, "region", S.space_by_name["york"], empties) == [S.space_by_name["york"]]
    assert sorted(map(names, call(S, "regions_of", empties))) == [["leeds"], ["york"]]
    assert names(call(S, "border", call(S, "group", selby))) == ["leeds", "york", "hull"]


def test_a_view_lists_the_links_and_lines_of_a_graph(rails):
    view = rails.view(0)
    rails_view = next(b for b in view["boards"] if b["name"] == "rails")
    assert rails_view["shape"] == "graph"
    assert sorted(map(sorted, rails_view["links"])) == [["goole", "hull"], ["goole", "selby"], ["goole", "york"],
                                                       ["leeds", "selby"], ["selby", "york"]]
    assert rails_view["lines"] == [["leeds", "selby", "goole", "hull"]]


# ---------------------------------------------------------------- regions on a grid

def test_regions_of_any_spaces_on_a_grid(tmp_path):
    S = game_of(tmp_path, 'game "G"\nplayers 2\nboard cells: grid 4 x 3\npiece p\n'
                          'action go(c in cells where empty(c)):\n    place p for mover at c\n').new_state()
    for name in ["b1", "b2", "b3"]:
        S.create_piece("p", {}, S.players[0], True, S.space_by_name[name])
    cells = S.boards["cells"].in_play()
    empties = [s for s in cells if not s.pieces]
    assert call(S, "group", S.space_by_name["a1"]) == []
    assert names(call(S, "region", S.space_by_name["c1"], empties)) == \
        ["c1", "c2", "d1", "c3", "d2", "d3"]
    assert call(S, "region", S.space_by_name["b1"], empties) == []
    assert list(map(names, call(S, "regions_of", empties))) == [["a1", "a2", "a3"],
                                                                ["c1", "c2", "d1", "c3", "d2", "d3"]]
    assert names(call(S, "border", [S.space_by_name["a1"], S.space_by_name["a2"]])) == ["b1", "a3", "b2"]


def test_a_region_counts_against_the_steps_of_a_move(tmp_path):
    S = game_of(tmp_path, 'game "Flood"\nplayers 2\nboard cells: grid 64 x 64\npiece p\n'
                          'action go():\n    repeat 100:\n        let r = regions_of(cells)\n').new_state()
    with pytest.raises(RuleError, match="more than 200000 steps"):
        S.apply(S.legal_moves()[0])
    assert S.history == []


# ---------------------------------------------------------------- pictures

def _midgame(name, moves, seed=1):
    state = load_game(str(GAMES / name)).new_state()
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_a_grid_is_drawn_with_its_edges_and_corners(snapshot):
    text = render_view(_midgame("dots-and-boxes.mire", 18).view(0))
    assert text == snapshot
    assert max(len(line) for line in text.splitlines()) <= 80


def test_seen_from_a_seat_at_the_side_the_columns_and_rows_are_named_by_what_they_share(tmp_path, snapshot):
    text = (GAMES / "dots-and-boxes.mire").read_text().replace("named red, blue", "named red, blue at west, east")
    state = game_of(tmp_path, text).new_state()
    for move in ["draw a1-b1", "draw a1-a2", "draw c3-c4"]:
        state.apply(state.parse_move(move))
    assert render_view(state.view(1)) == snapshot  # blue sits at the east edge, the row of d dots


def test_a_graph_is_drawn_with_its_points_and_lines(snapshot):
    text = render_view(_midgame("nine-mens-morris.mire", 30).view(0))
    assert text == snapshot
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_graph_of_named_points_is_drawn_with_their_names(rails, snapshot):
    rails.apply(rails.parse_move("go selby"))
    assert render_view(rails.view(0)) == snapshot


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize("game, first_move, drawn, board", [
    # the line a1-b1 drawn (blue, the random bot, drew b2-c2 in reply)
    ("dots-and-boxes.mire", "draw a1-b1", ["2 +     +-----+     +", "1 +-----+     +     +"], "lines"),
    # white's man on d6 and black's on e5, on the mill board condensed to a line a row
    ("nine-mens-morris.mire", "put d6", ["6  |  b6-------W------f6   |", "5  |   |  c5--d5---B   |   |"], "points"),
])
def test_the_new_boards_fit_a_terminal_of_80_by_24(game, first_move, drawn, board):
    """`mire play` in a real pseudo-terminal of 80 x 24: every screen fits (nothing scrolls away before the
    next prompt, no line is wider than 80), the picture shows the moves made, `board NAME` shows it whole."""
    from terminal import Terminal, fits
    term = Terminal(["play", str(GAMES / game), "--seat", "2=random", "--seed", "3"], 80, 24)
    try:
        record = dict(term.first, input_row=None)
        assert record["alive"] and fits(record, 24), "\n".join(record["screen"])
        for step, line in enumerate([first_move, "1", "1", "1", "1"]):
            record = term.send(line)
            assert record["alive"] and fits(record, 24), "\n".join(record["screen"])
            if step == 0:
                assert all(row in record["screen"] for row in drawn), "\n".join(record["screen"])
        record = term.send(f"board {board}")
        assert fits(record, 24), "\n".join(record["screen"])
        screen = record["screen"]
        typed = next(i for i, row in enumerate(screen) if row.endswith(f"> board {board}"))
        assert screen[typed + 1].split() == list("abcdefg"[:len(screen[typed + 1].split())]), "\n".join(screen)
        assert term.widest() <= 80, "\n".join(term.all_lines())
        term.send("quit")
        assert term.exit_code == 0
    finally:
        term.close()


# -- the shared plane: where each board lies, and how far it may reach ------------------------------------

PLANE_LAYOUTS = [
    "board a: grid 3 x 2\nboard b: grid 2 x 4 labels upper\n",
    "board a: grid 3 x 2\nboard e: edges of a\nboard c: corners of a\nboard z: grid 2 x 2 labels upper\n",
    "board y: grid 3 x 3 per player\nboard f: area\nboard a: grid 2 x 2\n",
    "board r: graph\n    link a1 - c3 - e2\nboard a: grid 2 x 2 labels upper\n",
    "board a: grid 4 x 4 at (2 * x - 9, 3 * y)\nboard b: grid 3 x 3 at (-2 * x + 1, -y) labels upper\n",
    "board a: grid 5 x 5 at ((x * 7) % 4, y % 3)\n",
]


@pytest.mark.parametrize("boards", PLANE_LAYOUTS)
def test_how_far_the_checker_says_the_boards_reach_is_where_the_engine_puts_them(tmp_path, boards):
    from mire.grammar.plane_reach import farthest
    from mire.grammar.static_values import StaticValues
    game = game_of(tmp_path, 'game "Plane"\nplayers 2\n' + boards + "piece p\naction go():\n    pass\n")
    sym = game.analysis.checked.symbols
    static = StaticValues(sym)
    far = farthest(sym.boards, lambda b: (static.int_of(b.width), static.int_of(b.height)), static)
    actual = max(max(abs(x), abs(y)) for x, y in game.new_state().plane)
    assert far is not None and far[1] >= actual
    if "%" not in boards:  # a remainder is bounded by its divisor, not worked out
        assert far[1] == actual


@pytest.mark.parametrize("text, said", [
    ("board a: grid 2 x 2 at (100000000 * x, y)\n",
     "error[E049]: board 'a' reaches column or row 200000000 of the plane, and the boards lie within -4096..4096"),
    ("board a: grid 2 x 2 at (x - 5000, y)\n", "error[E049]: board 'a' reaches column or row 4999 of the plane"),
    ("option far: int = 1 in 1..5 \"how far\"\nboard a: grid 2 x 2 at (x + far * 2000, y)\n",
     "error[E049]: with far = 5, board 'a' reaches column or row 10002 of the plane"),
    ("board a: grid 2 x 2 at (count(a), y)\n",
     "error[E049]: a board's position on the plane is worked out before the game starts: it cannot ask about "
     "the game"),
    ("var n: int = 3\nboard a: grid 2 x 2 at (x + n, y)\n",
     "error[E049]: 'n' is not a number fixed before the game starts, so it cannot place a board on the plane"),
    ("board a: grid 2 x 2 at (" + " + ".join(["(x + y)"] * 16) + " + x, y)\n",
     "error[E049]: this position on the plane has 65 numbers, names and operators, and a board's position has "
     "at most 64"),
])
def test_a_board_placed_where_the_plane_does_not_reach_is_refused(tmp_path, text, said):
    from mire.grammar.diagnostics import MireError
    path = tmp_path / "far.mire"
    path.write_text('game "Far"\nplayers 2\n' + text + "piece p\naction go():\n    pass\n")
    with pytest.raises(MireError) as info:
        load_game(str(path))
    assert said in info.value.render()


def test_a_value_between_the_ends_of_an_option_that_places_a_board_too_far_cannot_start(tmp_path):
    from mire.engine.run.construction import SetupError
    game = game_of(tmp_path, 'game "Far"\nplayers 2\noption k: int = 1 in 1..9 "k"\n'
                             'board a: grid 2 x 2 at (x + k * (10 - k) * 200, y)\npiece p\naction go():\n    pass\n')
    assert game.new_state(options=("k=9",)).plane  # 1 and 9 keep it near: 1,800 columns out
    with pytest.raises(SetupError, match="with k = 5, board 'a' reaches column or row 5002 of the plane"):
        game.new_state(options=("k=5",))
