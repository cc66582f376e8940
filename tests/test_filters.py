"""Rays that include the first blocker (`until`), and filters inside parentheses, conditional expressions,
comprehensions and `for` loops (issue 12, item 9)."""
from mire.engine import load_game
from mire.engine.analysis.perft import perft

RULES = '''game "Rooks"
players 2 named white, black
board cells: grid 4 x 4
piece rook

setup:
    place rook for seat(1) at space("a1")
    place rook for seat(1) at space("b2")
    place rook for seat(2) at space("d4")
    place rook for seat(2) at space("a3")

# A rook slides over empty squares and may stop on the first piece in its way, if that is an enemy's.
def reach(s) = [x for d in orthogonal for x in ray(s, d) until not empty(x) where empty(x) or owner(x) != mover]

action slide(a in cells of mover, b in reach(a)):
    remove top(b)
    move top(a) to b
    let seen = (x in ray(b, north) while empty(x)) if b.y < 4 else []
    for x in ray(b, east) until not empty(x) where not empty(x):
        log "{b} sees {x} east, {count(seen)} free north"
    if count(rook of opponent) == 0: win mover
'''


def rook_moves(board, who, size=4):
    out = []
    for (x, y), owner in sorted(board.items()):
        if owner != who:
            continue
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            tx, ty = x + dx, y + dy
            while 1 <= tx <= size and 1 <= ty <= size:
                if (tx, ty) in board:
                    if board[(tx, ty)] != who:
                        out.append(((x, y), (tx, ty)))
                    break
                out.append(((x, y), (tx, ty)))
                tx, ty = tx + dx, ty + dy
    return out


def count(board, who, depth):
    if depth == 0:
        return 1
    if sum(1 for o in board.values() if o == who) == 0 or sum(1 for o in board.values() if o != who) == 0:
        return 0
    total = 0
    for a, b in rook_moves(board, who):
        nxt = dict(board)
        del nxt[a]
        nxt[b] = who
        if all(o == who for o in nxt.values()):
            total += depth == 1  # the capture of the last enemy rook wins: no move follows it
            continue
        total += count(nxt, 1 - who, depth - 1)
    return total


def test_until_keeps_the_first_blocker_and_perft_agrees(tmp_path):
    path = tmp_path / "rooks.mire"
    path.write_text(RULES)
    state = load_game(str(path)).new_state()
    start = {(1, 1): 0, (2, 2): 0, (4, 4): 1, (1, 3): 1}
    assert sorted(m.text for m in state.legal_moves()) == sorted(
        f"slide {'abcd'[a[0] - 1]}{a[1]} {'abcd'[b[0] - 1]}{b[1]}" for a, b in rook_moves(start, 0))
    assert perft(state, 4) == [count(start, 0, d) for d in range(1, 5)]


def test_filters_in_parentheses_conditions_and_loops(tmp_path):
    path = tmp_path / "rooks.mire"
    path.write_text(RULES)
    state = load_game(str(path)).new_state()
    state.apply(state.parse_move("slide b2 b3"))  # b3: north is b4 (free); east: c3, d3 empty, nothing seen
    assert state.log == []
    state.apply(state.parse_move("slide a3 a2"))  # a2: east is b2 (now empty), c2, d2: nothing
    state.apply(state.parse_move("slide a1 b1"))
    assert state.log == []
    state.apply(state.parse_move("slide a2 a3"))  # a3: east, the first piece is b3 (white)
    assert state.log[-1][1] == "a3 sees b3 east, 1 free north"


def test_a_filter_is_the_whole_right_side_of_an_assignment_as_of_a_let(tmp_path):
    # `x = L where C`, `x += ...`, `x -= ...`, `const` and `var` take a filter without parentheses, as `let`,
    # `return` and a def's body do
    path = tmp_path / "corners.mire"
    path.write_text('''game "Corners"
players 2
board cells: grid 3 x 3
piece mark
const corners = s in cells where s.x != 2 and s.y != 2
var free: list of space = s in cells where empty(s) and s not in corners
var marked: list of space = []

action place(c in free where empty(c)):
    place mark for mover at c
    marked = s in cells where not empty(s)
    marked += s in corners where s.x == 1
    marked -= s in corners where s.y == 1
    log "{marked}"
    if count(marked) == 4: win mover
''')
    state = load_game(str(path)).new_state()
    assert [s.name for s in state.vars["free"]] == ["b1", "a2", "b2", "c2", "b3"]
    state.apply(state.parse_move("place b1"))
    assert state.log == [(0, "[b1, a3]")]
