"""Boards made of boards: a grid cut into blocks (`grid 9 x 9 blocks 3 x 3`), each block a board of its own for
the steps (`neighbors`, `c + d`, `ray`, `in_a_row`, `group`), `block(c)` its spaces; and ultimate tic-tac-toe
played on one, checked against a plain-Python ultimate tic-tac-toe written here from the rules alone."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.library import BUILTINS
from mire.engine.run.runtime import DIRS
from mire.grammar.diagnostics import MireError

GAMES = Path(__file__).parents[1] / "games"
LETTERS = "abcdefghi"


def call(S, name, *args):
    return BUILTINS[name].run(S, *args)


def ultimate():
    return load_game(str(GAMES / "ultimate-tic-tac-toe.mire"))


def test_a_block_is_a_board_of_its_own_for_steps_and_lines():
    S = ultimate().new_state()
    by = S.space_by_name
    assert sorted(s.name for s in call(S, "neighbors", by["c3"])) == ["b3", "c2"]  # d3 and c4: other blocks
    assert by["c3"].nbr[DIRS["east"].i] is None and by["d3"].nbr[DIRS["west"].i] is None
    assert [s.name for s in call(S, "ray", by["a1"], DIRS["northeast"])] == ["b2", "c3"]
    assert [s.name for s in call(S, "block", by["e5"])] == ["d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"]
    assert [s.name for s in call(S, "block", by["A1"])] == [s.name for s in S.boards["meta"].spaces]  # no blocks
    # X's b3, c3 and d3 are three in a row on the grid, and in no local board
    for text in ["play b3", "play d7", "play c3", "play h8"]:
        S.apply(S.parse_move(text))
    assert "play d3" not in {m.text for m in S.legal_moves()}  # h8 sent X to the middle board
    S2 = ultimate().new_state()
    for text in ["play b3", "play d7", "play c3", "play h7", "play d3"]:
        S2.apply(S2.parse_move(text))
    assert not call(S2, "in_a_row", S2.space_by_name["d3"], 3) and not call(S2, "in_a_row", S2.space_by_name["c3"], 3)
    assert all(not s.pieces for s in S2.boards["meta"].spaces)


def test_blocks_are_drawn_apart():
    view = ultimate().new_state().view(0)
    cells = {s["name"]: (s["px"], s["py"]) for s in view["boards"][0]["spaces"]}
    assert cells["c1"][0] + 2 == cells["d1"][0] and cells["a3"][1] + 2 == cells["a4"][1]
    assert cells["b1"][0] + 1 == cells["c1"][0]


@pytest.mark.parametrize("text, message", [
    ("board cells: grid 9 x 9 blocks 4 x 3\n", "blocks of 4 x 3 do not cut the grid 'cells' of 9 x 9 into whole"),
    ("board cells: graph blocks 3 x 3\n    line a1 - b1\n", "only a shared grid without edges or corners is cut"),
    ("board cells: grid 9 x 9 blocks 3 x 3 per player\n", "and 'cells' is a board of each player"),
])
def test_blocks_that_cannot_be_are_explained(tmp_path, text, message):
    path = tmp_path / "bad.mire"
    path.write_text('game "Bad"\nplayers 2\n' + text + "piece p\naction go():\n    pass\n")
    with pytest.raises(MireError) as info:
        load_game(str(path))
    assert message in info.value.render()


# ---------------------------------------------------------------- ultimate tic-tac-toe in plain Python

LINES = [[(0, 0), (1, 0), (2, 0)], [(0, 1), (1, 1), (2, 1)], [(0, 2), (1, 2), (2, 2)],
         [(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)], [(2, 0), (2, 1), (2, 2)],
         [(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]


class Ultimate:
    def __init__(self):
        self.cells: dict = {}  # (x, y) 0..8 -> player
        self.meta: dict = {}  # (bx, by) 0..2 -> player, or "full"
        self.target = None
        self.mover = 0
        self.winner = None

    def local(self, b):
        return [(3 * b[0] + i, 3 * b[1] + j) for i in range(3) for j in range(3)]

    def open_board(self, b):
        return b not in self.meta and any(c not in self.cells for c in self.local(b))

    def moves(self):
        if self.winner is not None:
            return []
        boards = [self.target] if self.target is not None else \
            [b for b in ((i, j) for i in range(3) for j in range(3)) if self.open_board(b)]
        return sorted((c for b in boards for c in self.local(b) if c not in self.cells),
                      key=lambda c: (c[1], c[0]))

    def play(self, c):
        b = (c[0] // 3, c[1] // 3)
        self.cells[c] = self.mover
        mine = {(x - 3 * b[0], y - 3 * b[1]) for (x, y) in self.local(b) if self.cells.get((x, y)) == self.mover}
        if any(all(p in mine for p in line) for line in LINES):
            self.meta[b] = self.mover
            won = {k for k, v in self.meta.items() if v == self.mover}
            if any(all(p in won for p in line) for line in LINES):
                self.winner = self.mover
        elif all(x in self.cells for x in self.local(b)):
            self.meta[b] = "full"
        aim = (c[0] % 3, c[1] % 3)
        self.target = aim if self.open_board(aim) else None
        self.mover = 1 - self.mover


def name(c):
    return f"play {LETTERS[c[0]]}{c[1] + 1}"


def plain_perft(depth):
    counts = [0] * depth

    def walk(game, d):
        for c in game.moves():
            counts[d] += 1
            if d + 1 < depth:
                after = Ultimate()
                after.cells, after.meta = dict(game.cells), dict(game.meta)
                after.target, after.mover, after.winner = game.target, game.mover, game.winner
                after.play(c)
                walk(after, d + 1)
    walk(Ultimate(), 0)
    return counts


def test_ultimate_perft_agrees_with_plain_python():
    assert perft(ultimate().new_state(), 3) == plain_perft(3)


def test_random_ultimate_games_agree_with_plain_python():
    game = ultimate()
    outcomes = set()
    for seed in range(15):
        S, plain, rng = game.new_state(seed=seed), Ultimate(), random.Random(seed)
        while True:
            assert sorted(m.text for m in S.legal_moves()) == sorted(name(c) for c in plain.moves())
            if not plain.moves():
                break
            c = rng.choice(plain.moves())
            S.apply(S.parse_move(name(c)))
            plain.play(c)
        assert S.is_over()
        expected = () if plain.winner is None else (plain.winner,)
        assert S.outcome().winners == expected
        outcomes.add(expected)
    assert len(outcomes) >= 2
