"""Leaps and offsets (issue 12, item 8): a move by a vector, lists of offsets, symmetric sets of them, offsets
read from a seat, and riders along an offset."""
from mire.engine import load_game
from mire.engine.analysis.perft import perft

RULES = '''game "Knights"
players 2 named white, black
board cells: grid 5 x 5
piece knight
const LEAPS = symmetric((1, 2))

setup:
    place knight for seat(1) at space("a1")
    place knight for seat(2) at space("e5")

action leap(a in cells of mover, b in neighbors(a, LEAPS) where empty(b)):
    move top(a) to b
    log "{offset(a, b)} {relative(offset(a, b))} {a + (1, 2)} {a - north * 2} {-(north + north + east)}"

action ride(a in cells of mover, b in ray(a, relative((1, 1) * 2)) where empty(b)):
    move top(a) to b
'''


def knights_moves(a, occupied, size=5):
    x, y = a
    out = []
    for dx, dy in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
        t = (x + dx, y + dy)
        if 1 <= t[0] <= size and 1 <= t[1] <= size and t not in occupied:
            out.append(t)
    return out


def test_the_knights_leaps_are_the_eight_of_a_knight(tmp_path):
    path = tmp_path / "knights.mire"
    path.write_text(RULES)
    state = load_game(str(path)).new_state()
    # the rider goes by (2, 2): c3, then e5, which is taken
    assert [m.text for m in state.legal_moves()] == ["leap a1 b3", "leap a1 c2", "ride a1 c3"]
    state.apply(state.parse_move("leap a1 b3"))
    assert state.log[-1][1] == "(1,2) (1,2) b3 none (-1,-2)"
    # black reads offsets from its own seat: (1, 2) forward and to its right is (-1, -2) on the board
    state.apply(state.parse_move("leap e5 d3"))
    assert state.log[-1][1] == "(-1,-2) (1,2) none e3 (-1,-2)"


def test_perft_against_an_independent_count(tmp_path):
    path = tmp_path / "knights.mire"
    path.write_text(RULES.split("action ride")[0])
    state = load_game(str(path)).new_state()

    def count(pos, turn, depth):
        if depth == 0:
            return 1
        mine = pos[turn]
        total = 0
        for t in knights_moves(mine, set(pos)):
            nxt = list(pos)
            nxt[turn] = t
            total += count(tuple(nxt), 1 - turn, depth - 1)
        return total
    assert perft(state, 5) == [count(((1, 1), (5, 5)), 0, d) for d in range(1, 6)]
