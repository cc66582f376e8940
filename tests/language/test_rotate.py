"""`rotate SPACES by N`: a square block of spaces turned a quarter at a time, every stack at once; and Pentago
played with it, checked against a plain-Python Pentago written here from the rules alone (perft from the start
and from late positions where fives end games, whole random games position by position)."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.journal import rollback
from mire.grammar.diagnostics import MireError

GAMES = Path(__file__).parents[1] / "games"
LETTERS = "abcdef"

TURNS = """\
game "Turns"
players 2
board cells: grid 4 x 4
piece stone
piece chip

setup:
    place stone for seat(1) at space("a1")
    place chip at space("a1")
    place stone for seat(2) at space("b1")
    place stone for seat(1) at space("c3")

action spin(n in [1, -1, 2, 4, 7]):
    rotate [c for c in cells where c.x <= 3 and c.y <= 3] by n

action bad(n in [1]):
    rotate [c for c in cells where c.x <= 2] by n
"""


@pytest.fixture
def turns(tmp_path):
    path = tmp_path / "turns.mire"
    path.write_text(TURNS)
    return load_game(str(path)).new_state()


def layout(S):
    return {s.name: [(p.kind.name, p.owner.index if p.owner else None) for p in s.pieces] for s in S.spaces if s.pieces}


def test_a_quarter_turn_moves_every_stack_at_once(turns):
    S = turns
    start = layout(S)
    assert start == {"a1": [("stone", 0), ("chip", None)], "b1": [("stone", 1)], "c3": [("stone", 0)]}
    S.apply(S.parse_move("spin 1"))  # clockwise about b2: a1 -> a3, b1 -> a2, c3 -> c1
    assert layout(S) == {"a3": [("stone", 0), ("chip", None)], "a2": [("stone", 1)], "c1": [("stone", 0)]}
    S.apply(S.parse_move("spin -1"))
    assert layout(S) == start
    S.apply(S.parse_move("spin 2"))
    assert layout(S) == {"c3": [("stone", 0), ("chip", None)], "b3": [("stone", 1)], "a1": [("stone", 0)]}
    S.apply(S.parse_move("spin 7"))  # seven quarters clockwise: one anticlockwise
    assert layout(S) == {"a3": [("stone", 0), ("chip", None)], "a2": [("stone", 1)], "c1": [("stone", 0)]}


def test_undo_turns_the_block_back(turns):
    S = turns
    start = layout(S)
    mark = len(S._journal)
    S.apply(S.parse_move("spin 1"))
    S.apply(S.parse_move("spin 2"))
    rollback(S, mark)
    assert layout(S) == start


def test_a_block_that_is_not_square_is_an_error_naming_the_rule(turns):
    S = turns
    with pytest.raises(Exception) as info:
        S.apply(S.parse_move("bad 1"))
    assert "`rotate` turns a square block of spaces, and these are not one" in str(info.value)


def test_rotate_takes_spaces_and_a_whole_number(tmp_path):
    path = tmp_path / "bad.mire"
    path.write_text('game "Bad"\nplayers 2\nboard cells: grid 3 x 3\npiece p\naction go():\n'
                    '    rotate cells by "left"\n    rotate 3 by 1\n')
    with pytest.raises(MireError) as info:
        load_game(str(path))
    text = info.value.render()
    assert "the quarter turns of `rotate`" in text and "`rotate` turns a square block of spaces, but this is" in text


# ---------------------------------------------------------------- Pentago in plain Python

def quarter(q):
    cx, cy = (q - 1) % 2, (q - 1) // 2
    return [(3 * cx + i, 3 * cy + j) for i in range(1, 4) for j in range(1, 4)]


def turned(board, q, clockwise):
    cells = quarter(q)
    left, bottom = min(x for x, _ in cells), min(y for _, y in cells)
    out = {k: v for k, v in board.items() if k not in cells}
    for (x, y) in cells:
        if (x, y) in board:
            i, j = x - left, y - bottom
            i, j = (j, 2 - i) if clockwise else (2 - j, i)
            out[(left + i, bottom + j)] = board[(x, y)]
    return out


def five(board, who):
    for (x, y), v in board.items():
        if v != who:
            continue
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all(board.get((x + k * dx, y + k * dy)) == who for k in range(5)):
                return True
    return False


def plain_moves(board):
    empties = [(x, y) for y in range(1, 7) for x in range(1, 7) if (x, y) not in board]
    return [(c, q, w) for c in empties for q in range(1, 5) for w in (True, False)]


def plain_play(board, mover, move):
    c, q, w = move
    after = dict(board)
    after[c] = mover
    after = turned(after, q, w)
    mine, theirs = five(after, mover), five(after, 1 - mover)
    over = mine or theirs or len(after) == 36
    return after, over


def plain_perft(board, mover, depth):
    counts = [0] * depth

    def walk(b, m, d):
        for move in plain_moves(b):
            counts[d] += 1
            after, over = plain_play(b, m, move)
            if d + 1 < depth and not over:
                walk(after, 1 - m, d + 1)
    walk(board, mover, 0)
    return counts


def text_of(move):
    (x, y), q, w = move
    return f"play {LETTERS[x - 1]}{y} {q} {'clockwise' if w else 'anticlockwise'}"


def position(S):
    return {(s.x, s.y): s.pieces[-1].owner.index for s in S.spaces if s.pieces}


def pentago():
    return load_game(str(GAMES / "pentago.mire"))


def test_pentago_perft_from_the_start_agrees_with_plain_python():
    assert perft(pentago().new_state(), 2) == plain_perft({}, 0, 2) == [288, 288 * 35 * 8]


def late_positions(count):
    """Positions of random games with 20 to 26 marbles down and no five yet, and the moves that made them."""
    found, seed = [], 0
    while len(found) < count:
        seed += 1
        rng, board, mover, made = random.Random(seed), {}, 0, []
        target = 20 + seed % 7
        while len(board) < target:
            move = rng.choice(plain_moves(board))
            board, over = plain_play(board, mover, move)
            if over:
                break
            made.append(move)
            mover = 1 - mover
        else:
            found.append((made, board, mover))
    return found


@pytest.mark.parametrize("made, board, mover", late_positions(3))
def test_pentago_perft_from_late_positions_agrees_with_plain_python(made, board, mover):
    S = pentago().new_state()
    for move in made:
        S.apply(S.parse_move(text_of(move)))
    assert position(S) == board
    counts = plain_perft(board, mover, 2)
    assert perft(S, 2) == counts


def test_random_pentago_games_agree_with_plain_python_move_by_move():
    game = pentago()
    results = set()
    for seed in range(12):
        S, rng, board, mover = game.new_state(seed=seed), random.Random(seed), {}, 0
        while True:
            move = rng.choice(plain_moves(board))
            S.apply(S.parse_move(text_of(move)))
            board, over = plain_play(board, mover, move)
            assert position(S) == board
            assert S.is_over() == over
            if over:
                mine, theirs = five(board, mover), five(board, 1 - mover)
                expected = () if mine == theirs else ((mover,) if mine else (1 - mover,))
                assert S.outcome().winners == expected
                results.add(expected)
                break
            mover = 1 - mover
    assert len(results) >= 2  # both players have won, or one has and another game was drawn


# ---------------------------------------------------------------- move each ... at once

SLIDE = """\
game "Slide"
players 2
board cells: grid 3 x 2
piece stone

setup:
    place stone for seat(1) at space("a1")
    place stone for seat(2) at space("b1")
    place stone for seat(2) at space("b1")

action shift():
    move each c in [x for x in cells where x.y == 1] to at(cells, c.x % 3 + 1, 1) at once

action swap():
    move each c in [space("a1"), space("b1")] to (space("b1") if c == space("a1") else space("a1")) at once

action off():
    move each c in cells to c + east at once
"""


@pytest.fixture
def slide(tmp_path):
    path = tmp_path / "slide.mire"
    path.write_text(SLIDE)
    return load_game(str(path)).new_state()


def test_move_each_at_once_moves_every_stack_to_its_own_place(slide):
    S = slide
    start = layout(S)
    assert start == {"a1": [("stone", 0)], "b1": [("stone", 1), ("stone", 1)]}
    S.apply(S.parse_move("shift"))  # a1 -> b1, b1 -> c1, c1 -> a1, all at once: nothing piles up
    assert layout(S) == {"b1": [("stone", 0)], "c1": [("stone", 1), ("stone", 1)]}
    S.apply(S.parse_move("swap"))
    assert layout(S) == {"a1": [("stone", 0)], "c1": [("stone", 1), ("stone", 1)]}
    mark = len(S._journal)
    S.apply(S.parse_move("shift"))
    S.apply(S.parse_move("shift"))
    rollback(S, mark)
    assert layout(S) == {"a1": [("stone", 0)], "c1": [("stone", 1), ("stone", 1)]}


def test_move_each_to_none_is_an_error_naming_the_space(slide):
    slide.apply(slide.parse_move("off"))  # c1 is empty: nothing goes off the board
    assert layout(slide) == {"b1": [("stone", 0)], "c1": [("stone", 1), ("stone", 1)]}
    with pytest.raises(Exception) as info:
        slide.apply(slide.parse_move("off"))
    assert "`move each ... at once` sends a stack to none" in str(info.value)  # (no space named: issue 32 #6)


def test_pentago_with_move_each_at_once_is_pentago_with_rotate(tmp_path):
    """The quarter turn written as where each cell goes gives the same game as `rotate`."""
    text = (GAMES / "pentago.mire").read_text().replace(
        "    rotate quarter(q) by (1 if w == clockwise else -1)\n",
        "    move each d in quarter(q) to turned(d, q, w) at once\n") + (
        "def turned(d, q, w) = at(cells, 3 * ((q - 1) % 2) + 1 + ((d.y - 1) % 3 if w == clockwise else "
        "2 - (d.y - 1) % 3), 3 * ((q - 1) // 2) + 1 + (2 - (d.x - 1) % 3 if w == clockwise else (d.x - 1) % 3))\n")
    path = tmp_path / "pentago-moves.mire"
    path.write_text(text)
    moved, rotated = load_game(str(path)), pentago()
    for seed in range(4):
        a, b, rng = moved.new_state(seed=seed), rotated.new_state(seed=seed), random.Random(seed)
        while not b.is_over():
            move = rng.choice(b.legal_moves()).text
            a.apply(a.parse_move(move))
            b.apply(b.parse_move(move))
            assert position(a) == position(b)
        assert a.is_over() and a.outcome().winners == b.outcome().winners
