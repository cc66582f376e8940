"""Dots and boxes (tests/games/dots-and-boxes.mire), played on the edges of a grid, against a plain-Python
implementation written from the rules: the same legal lines and the same player to move at every step of
seeded random games, the same scores at the end, and the exact count of every game on two squares."""
import random
from collections import Counter
from pathlib import Path

import pytest

from mire.engine import load_game

GAMES = Path(__file__).parent / "games"


class DotsAndBoxes:
    """A box is (column, row) from (1, 1); a line joins two dots, named `a1-b1` (its lower or left dot first)."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.lines = set()
        for i in range(1, width + 2):
            for j in range(1, height + 2):
                if i <= width:
                    self.lines.add(((i, j), (i + 1, j)))
                if j <= height:
                    self.lines.add(((i, j), (i, j + 1)))
        self.drawn = set()
        self.scores = [0, 0]
        self.to_move = 0

    @staticmethod
    def name(line):
        (i, j), (k, m) = line
        return f"{chr(96 + i)}{j}-{chr(96 + k)}{m}"

    def sides(self, box):
        x, y = box
        return {((x, y), (x + 1, y)), ((x, y + 1), (x + 1, y + 1)), ((x, y), (x, y + 1)), ((x + 1, y), (x + 1, y + 1))}

    def boxes_beside(self, line):
        (i, j), (k, m) = line
        if j == m:  # a line running east and west: the boxes above and below it
            candidates = [(i, j - 1), (i, j)]
        else:
            candidates = [(i - 1, j), (i, j)]
        return [b for b in candidates if 1 <= b[0] <= self.width and 1 <= b[1] <= self.height]

    def legal(self):
        return {"draw " + self.name(line) for line in self.lines - self.drawn}

    def over(self):
        return self.drawn == self.lines

    def play(self, text):
        line = next(ln for ln in self.lines if "draw " + self.name(ln) == text)
        assert line not in self.drawn
        self.drawn.add(line)
        closed = [b for b in self.boxes_beside(line) if self.sides(b) <= self.drawn]
        self.scores[self.to_move] += len(closed)
        if not closed:
            self.to_move = 1 - self.to_move

    def winners(self):
        best = max(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)


def test_the_lines_are_the_edges_of_the_squares():
    state = load_game(str(GAMES / "dots-and-boxes.mire")).new_state()
    assert {m.text for m in state.legal_moves()} == DotsAndBoxes(3, 3).legal()
    assert len(state.legal_moves()) == 24


@pytest.mark.parametrize("seed", range(40))
def test_random_games_agree_with_the_plain_implementation(seed):
    state = load_game(str(GAMES / "dots-and-boxes.mire")).new_state(seed=seed)
    plain = DotsAndBoxes(3, 3)
    rng = random.Random(seed)
    while not state.is_over():
        assert {m.text for m in state.legal_moves()} == plain.legal()
        assert state.to_move == plain.to_move
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        state.apply(move)
        plain.play(move.text)
    assert plain.over()
    outcome = state.outcome()
    assert outcome.scores == {0: plain.scores[0], 1: plain.scores[1]}
    assert outcome.winners == plain.winners()  # nine squares: never a tie


def test_the_last_line_of_a_square_gives_it_and_another_turn():
    state = load_game(str(GAMES / "dots-and-boxes.mire")).new_state()
    for text in ["draw a1-b1", "draw a1-a2", "draw b1-b2"]:
        state.apply(state.parse_move(text))
    assert state.to_move == 1 and not state.spaces[0].pieces
    state.apply(state.parse_move("draw a2-b2"))  # blue closes A1
    square = state.space_by_name["A1"]
    assert [p.owner.name for p in square.pieces] == ["blue"] and state.players[1].vars["score"] == 1
    assert state.to_move == 1  # and draws again
    state.apply(state.parse_move("draw c1-d1"))
    assert state.to_move == 0


def test_a_line_between_two_squares_can_close_both():
    state = load_game(str(GAMES / "dots-and-boxes.mire")).new_state()
    for text in ["draw a1-b1", "draw a2-b2", "draw a1-a2", "draw b1-c1", "draw b2-c2", "draw c1-c2"]:
        state.apply(state.parse_move(text))
    mover = state.to_move
    state.apply(state.parse_move("draw b1-b2"))
    assert state.players[mover].vars["score"] == 2 and state.to_move == mover


def _engine_endings(state):
    """(red's score, blue's score) -> how many move sequences end so, walking every game to its end."""
    endings: Counter = Counter()

    def walk():
        if state.is_over():
            outcome = state.outcome()
            scores = outcome.scores
            # the higher score wins; one square each is a draw, not a shared win
            assert outcome.winners == (() if scores[0] == scores[1] else (0,) if scores[0] > scores[1] else (1,))
            assert outcome.draw == (scores[0] == scores[1])
            endings[(scores[0], scores[1])] += 1
            return
        for m in state.legal_moves():
            state.apply(m)
            walk()
            state.undo()
    walk()
    return endings


def _plain_endings(game):
    endings: Counter = Counter()

    def walk(g):
        if g.over():
            endings[tuple(g.scores)] += 1
            return
        for text in sorted(g.legal()):
            after = DotsAndBoxes(g.width, g.height)
            after.drawn, after.scores, after.to_move = set(g.drawn), list(g.scores), g.to_move
            after.play(text)
            walk(after)
    walk(game)
    return endings


def test_every_game_on_two_squares_ends_as_the_plain_implementation_says():
    state = load_game(str(GAMES / "dots-and-boxes-small.mire")).new_state()
    engine = _engine_endings(state)
    assert engine == _plain_endings(DotsAndBoxes(2, 1))
    assert sum(engine.values()) == 5040  # 7 lines drawn in any order
    assert engine == {(2, 0): 720, (1, 1): 1152, (0, 2): 3168}


# 17 of the 24 lines drawn, red has claimed A1, blue to move; the rows of the edges from the top down: the
# lines across the top (a4-b4 b4-c4 c4-d4), the lines up between rows 3 and 4 (a3-a4 ... d3-d4), and so on
POSITION = """position of dots-and-boxes
- = line
R = claim of red
lines:
    - . -
    - . - -
    - - .
    - . - .
    - . -
    - - . -
    - - -
squares:
    . . .
    . . .
    R . .
score of red = 1
to move: blue
"""
UNDRAWN = ["b4-c4", "b3-b4", "c3-d3", "b2-b3", "d2-d3", "b2-c2", "c1-c2"]


def test_every_game_from_a_position_ends_as_the_plain_implementation_says():
    from mire.engine.run.arrange import arrange
    from mire.grammar.position import parse_position
    state = load_game(str(GAMES / "dots-and-boxes.mire")).new_state()
    arrange(state, parse_position(POSITION, "p.pos"), "p.pos")
    assert sorted(m.text for m in state.legal_moves()) == sorted("draw " + n for n in UNDRAWN)
    plain = DotsAndBoxes(3, 3)
    plain.drawn = {ln for ln in plain.lines if plain.name(ln) not in UNDRAWN}
    plain.scores, plain.to_move = [1, 0], 1
    assert state.to_move == 1 and {s: state.players[s].vars["score"] for s in (0, 1)} == {0: 1, 1: 0}
    engine = _engine_endings(state)
    assert engine == _plain_endings(plain) and sum(engine.values()) == 5040  # 7 lines in any order
    assert len(engine) > 2  # the lines left give the squares out in more than one way
