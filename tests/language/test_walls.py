"""Walls on the edges of a grid (`board fences: walls of cells`): a piece on an edge blocks the step between the
two spaces beside it, for `neighbors`, `c + d`, `ray`, `group`, `region` and the rest; and Quoridor played on
them, its moves checked against a plain-Python Quoridor written here from the rules alone."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.run.library import BUILTINS
from mire.engine.run.moves import IllegalMove
from mire.engine.run.runtime import DIRS

GAMES = Path(__file__).parents[1] / "games"
LETTERS = "abcdefghij"


def call(S, name, *args):
    return BUILTINS[name].run(S, *args)


def names(spaces):
    return sorted(s.name for s in spaces)


MAZE = """\
game "Maze"
players 2
board cells: grid 3 x 3 labels upper
board fences: walls of cells
piece wall
piece stone

action fence(e in fences where empty(e)):
    place wall at e

action put(c in cells where empty(c)):
    place stone for mover at c
"""


@pytest.fixture
def maze(tmp_path):
    path = tmp_path / "maze.mire"
    path.write_text(MAZE)
    return load_game(str(path)).new_state()


def test_a_wall_blocks_the_step_across_its_edge(maze):
    S = maze
    b2 = S.space_by_name["B2"]
    assert names(call(S, "neighbors", b2)) == ["A2", "B1", "B3", "C2"]
    S.apply(S.parse_move("fence b2-c2"))  # the edge between B1 and B2 (its corners b2 and c2)
    assert names(call(S, "neighbors", b2)) == ["A2", "B3", "C2"]
    assert call(S, "neighbors", b2, [DIRS["south"], DIRS["east"]]) == [S.space_by_name["C2"]]
    assert [s.name for s in call(S, "ray", S.space_by_name["B3"], DIRS["south"])] == ["B2"]
    b1 = S.space_by_name["B1"]
    assert names(call(S, "region", b1, S.boards["cells"].in_play())) == \
        ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]  # round by A or C
    for e in ["a2-b2", "c2-d2"]:
        S.apply(S.parse_move(f"fence {e}"))
    assert names(call(S, "region", b1, S.boards["cells"].in_play())) == ["A1", "B1", "C1"]  # the bottom row, shut in
    assert len(call(S, "regions_of", S.boards["cells"].in_play())) == 2
    for c in ["B1", "B2"]:
        S.apply(S.parse_move(f"put {c}"))
        S.apply(S.parse_move("put A3" if c == "B1" else "put C3"))
    assert names(call(S, "group", b1)) == ["B1"]  # B2's stone is the same owner's, across the wall


def test_undoing_a_wall_opens_the_step_again(maze):
    S = maze
    mark = len(S._journal)
    S.apply(S.parse_move("fence b2-c2"))
    from mire.engine.run.journal import rollback
    rollback(S, mark)
    assert names(call(S, "neighbors", S.space_by_name["B2"])) == ["A2", "B1", "B3", "C2"]


def test_walls_of_a_grid_that_cannot_be_are_explained(tmp_path):
    from mire.grammar.diagnostics import MireError
    path = tmp_path / "bad.mire"
    path.write_text('game "Bad"\nplayers 2\nboard farm: area\nboard fences: walls of farm\npiece p\n'
                    "action go():\n    pass\n")
    with pytest.raises(MireError) as info:
        load_game(str(path))
    assert "'fences' is the edges of 'farm', which is an area" in info.value.render()


# ---------------------------------------------------------------- Quoridor in plain Python

class Quoridor:
    """Cells (x, y), 1 to 9; a wall by its middle post (i, j), 2 to 9, the corner at the lower left of cell
    (i, j): lying (east-west, between rows j - 1 and j) or standing (north-south, between columns i - 1 and i)."""

    def __init__(self):
        self.pawns = [(5, 1), (5, 9)]
        self.left = [10, 10]
        self.posts: set = set()
        self.blocked: set = set()  # frozensets of two cells
        self.mover = 0

    @staticmethod
    def segments(post, lying):
        i, j = post
        if lying:
            return [frozenset({(i - 1, j - 1), (i - 1, j)}), frozenset({(i, j - 1), (i, j)})]
        return [frozenset({(i - 1, j - 1), (i, j - 1)}), frozenset({(i - 1, j), (i, j)})]

    def step(self, c, d):
        t = (c[0] + d[0], c[1] + d[1])
        if not (1 <= t[0] <= 9 and 1 <= t[1] <= 9) or frozenset({c, t}) in self.blocked:
            return None
        return t

    def pawn_moves(self):
        me, other = self.pawns[self.mover], self.pawns[1 - self.mover]
        out = set()
        for d in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            t = self.step(me, d)
            if t is None:
                continue
            if t != other:
                out.add(t)
                continue
            beyond = self.step(t, d)
            if beyond is not None:
                out.add(beyond)
                continue
            for e in ((1, 0), (-1, 0)) if d[0] == 0 else ((0, 1), (0, -1)):
                side = self.step(t, e)
                if side is not None and side != me:
                    out.add(side)
        return out

    def reaches(self, who):
        goal = 9 if who == 0 else 1
        seen, todo = {self.pawns[who]}, [self.pawns[who]]
        while todo:
            c = todo.pop()
            if c[1] == goal:
                return True
            for d in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                t = self.step(c, d)
                if t is not None and t not in seen:
                    seen.add(t)
                    todo.append(t)
        return False

    def distance(self, who):
        """The fewest steps from a pawn to its goal row, round the walls (pawns left out), or -1."""
        goal = 9 if who == 0 else 1
        seen, ring, steps = {self.pawns[who]}, [self.pawns[who]], 0
        while ring:
            if any(c[1] == goal for c in ring):
                return steps
            nearer = []
            for c in ring:
                for d in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    t = self.step(c, d)
                    if t is not None and t not in seen:
                        seen.add(t)
                        nearer.append(t)
            ring, steps = nearer, steps + 1
        return -1

    def wall_ok(self, post, lying):
        if self.left[self.mover] == 0 or post in self.posts:
            return False
        segs = self.segments(post, lying)
        if any(s in self.blocked for s in segs):
            return False
        self.blocked.update(segs)
        ok = self.reaches(0) and self.reaches(1)
        self.blocked.difference_update(segs)
        return ok

    def moves(self):
        out = {f"go {LETTERS[x - 1]}{y}" for x, y in self.pawn_moves()}
        for i in range(2, 10):
            for j in range(2, 10):
                for lying, word in ((True, "lay"), (False, "stand")):
                    if self.wall_ok((i, j), lying):
                        out.add(f"{word} {LETTERS[i - 1].upper()}{j}")
        return out

    def play(self, text):
        word, where = text.split()
        if word == "go":
            self.pawns[self.mover] = (LETTERS.index(where[0]) + 1, int(where[1:]))
        else:
            post = (LETTERS.index(where[0].lower()) + 1, int(where[1:]))
            self.posts.add(post)
            self.blocked.update(self.segments(post, word == "lay"))
            self.left[self.mover] -= 1
        self.mover = 1 - self.mover

    def won(self):
        return self.pawns[0][1] == 9 or self.pawns[1][1] == 1


def quoridor():
    return load_game(str(GAMES / "quoridor.mire"))


def distance_to_goal(S, who):
    cells = S.boards["cells"].in_play()
    pawn = next(s for s in cells if s.pieces and s.pieces[-1].owner is S.players[who])
    return call(S, "distance", pawn, [s for s in cells if s.y == (9 if who == 0 else 1)])


def mire_moves(S):
    return {m.text for m in S.legal_moves()}


def test_quoridor_opens_with_three_steps_and_128_walls():
    S, plain = quoridor().new_state(), Quoridor()
    assert mire_moves(S) == plain.moves() and len(plain.moves()) == 3 + 128
    assert distance_to_goal(S, 0) == distance_to_goal(S, 1) == 8


def test_quoridor_after_a_few_walls_agrees_with_plain_python():
    S, plain = quoridor().new_state(), Quoridor()
    # walls across and along both halves, a wall crossing another's post refused, pawns stepping round them
    for text in ["lay E2", "lay D9", "stand D3", "stand G8", "go f1", "go e8", "lay F3", "lay B5", "go f2"]:
        assert text in mire_moves(S) and text in plain.moves(), text
        S.apply(S.parse_move(text))
        plain.play(text)
        assert mire_moves(S) == plain.moves(), text
    assert "stand E2" not in mire_moves(S) and "lay F2" not in mire_moves(S)  # crossing E2, overlapping E2


def test_a_wall_that_cuts_the_last_path_is_refused_with_its_reason():
    S, plain = quoridor().new_state(), Quoridor()
    # walls over b1 to i1 (white's, black's far from its pawn's last way down at i9): white's pawn at e1 gets out
    # by a1 alone
    for text in ["lay C2", "lay H9", "lay E2", "lay F9", "lay G2", "lay D9", "lay I2", "lay B9"]:
        S.apply(S.parse_move(text))
        plain.play(text)
    moves = mire_moves(S)
    assert moves == plain.moves()
    assert "stand B2" not in moves and not plain.wall_ok((2, 2), False)  # between a1 and b1: the last way out
    assert distance_to_goal(S, 0) == plain.distance(0) == 4 + 1 + 6 + 8 + 1  # to a1, up to a8, across to i8, up
    with pytest.raises(IllegalMove) as info:
        S.apply(S.parse_move("stand B2"))
    assert "the wall would cut a pawn's last path" in str(info.value)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_quoridor_games_agree_with_plain_python(seed):
    """Whole lines of random play, walls most of all (128 of the first moves): every position's moves the same,
    the path rule exercised as the walls close in."""
    S, plain, rng = quoridor().new_state(seed=seed), Quoridor(), random.Random(seed)
    for _ in range(40):
        moves = plain.moves()
        assert mire_moves(S) == moves
        assert [distance_to_goal(S, who) for who in (0, 1)] == [plain.distance(0), plain.distance(1)]
        if not moves or plain.won():
            break
        text = rng.choice(sorted(moves))
        S.apply(S.parse_move(text))
        plain.play(text)
        if plain.won():
            assert S.is_over()
            break
    assert sum(plain.left) < 20
