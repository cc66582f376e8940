"""Lines of Action (tests/games/lines-of-action.mire) against a plain-Python implementation written from the rules:
the same legal moves, as pairs of squares, and the same player to move at every step of seeded random games, the
same results; perft from the start and from positions met in play; and a few positions arranged by hand, where the
rules are easy to get wrong: the count along a diagonal, an opponent's piece in the way, captures that join the
side that loses a piece, a player left with one piece, a player with no move."""
import random
import sys
from collections import deque
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.arrange import arrange
from mire.engine.run.state import IllegalMove
from mire.grammar.position import parse_position

sys.path.insert(0, str(Path(__file__).parent))
from plain_games import plain_perft  # noqa: E402

GAME = Path(__file__).parent / "games" / "lines-of-action.mire"
BLACK, WHITE = 0, 1
NAMES = ("black", "white")
DIRECTIONS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


def name(square):
    x, y = square
    return f"{'abcdefgh'[x - 1]}{y}"


def square(name):
    return ord(name[0]) - 96, int(name[1:])


def on_board(x, y):
    return 1 <= x <= 8 and 1 <= y <= 8


class LinesOfAction:
    """The board is squares (x, y), 1 to 8, from a1 at black's left; a piece is its owner's seat. A move is the
    pair of the names of the squares it goes from and to: ("b1", "b3")."""

    def __init__(self, board=None, to_move=BLACK):
        if board is None:
            board = {}
            for i in range(2, 8):
                board[(i, 1)] = board[(i, 8)] = BLACK
                board[(1, i)] = board[(8, i)] = WHITE
        self.board = board
        self.to_move = to_move
        self.result = None  # (BLACK, WHITE or "draw", the reason)

    def pieces_on_line(self, start, dx, dy):
        """The pieces on the whole line through start, both ways, the one on start included."""
        count = 1
        for sx, sy in ((dx, dy), (-dx, -dy)):
            x, y = start[0] + sx, start[1] + sy
            while on_board(x, y):
                count += (x, y) in self.board
                x, y = x + sx, y + sy
        return count

    def moves_of(self, seat):
        found = set()
        for start, owner in self.board.items():
            if owner != seat:
                continue
            for dx, dy in DIRECTIONS:
                n = self.pieces_on_line(start, dx, dy)
                end = (start[0] + n * dx, start[1] + n * dy)
                if not on_board(*end) or self.board.get(end) == seat:
                    continue
                passed = [(start[0] + i * dx, start[1] + i * dy) for i in range(1, n)]
                if any(self.board.get(s) == 1 - seat for s in passed):
                    continue  # no jumping over the opponent's pieces
                found.add((name(start), name(end)))
        return found

    def connected(self, seat):
        mine = {s for s, owner in self.board.items() if owner == seat}
        first = next(iter(mine))
        seen, todo = {first}, deque([first])
        while todo:
            x, y = todo.popleft()
            for dx, dy in DIRECTIONS:
                s = (x + dx, y + dy)
                if s in mine and s not in seen:
                    seen.add(s)
                    todo.append(s)
        return len(seen) == len(mine)

    def legal(self):
        return set() if self.result is not None else self.moves_of(self.to_move)

    def copy(self):
        other = LinesOfAction(dict(self.board), self.to_move)
        other.result = self.result
        return other

    def play(self, move):
        assert move in self.legal(), move
        start, end = square(move[0]), square(move[1])
        mover = self.to_move
        self.board[end] = self.board.pop(start)  # a piece of the other side on `end` is taken
        # both sides joined at once: the mover wins
        for seat in (mover, 1 - mover):
            if self.connected(seat):
                self.result = (seat, f"{NAMES[seat]}'s pieces are joined")
                return
        # who cannot move passes; when neither can, the game is drawn
        if self.moves_of(1 - mover):
            self.to_move = 1 - mover
        elif not self.moves_of(mover):
            self.result = ("draw", "nobody can move")


@pytest.fixture(scope="module")
def game():
    return load_game(str(GAME))


def test_perft_from_the_start():
    # 36 moves for black at the start is the published figure. The counts of two and three moves published
    # (1,296 and 48,978) are not what the rules give: a move changes the lines the other side counts along (after
    # c1-a3, white has 31 moves), and this implementation, written from the rules alone, finds 1,244 and 44,952,
    # as Mire does below. Allowing jumps over the opponent's pieces does not give them either (1,288 and 48,404).
    assert plain_perft(LinesOfAction(), 3) == [36, 1244, 44952]


def test_mire_perft_from_the_start_agrees(game):
    assert perft(game.new_state(), 3) == plain_perft(LinesOfAction(), 3)


def pair(text):
    """A Mire move text as the squares it goes from and to: `go b1 b3` is ("b1", "b3")."""
    _, start, end = text.split()
    return start, end


def result(state):
    outcome = state.outcome()
    return ("draw" if outcome.draw else outcome.winners[0]), outcome.reason


def play_along(game, seed, on_step=None):
    """A seeded random game, played in the engine and in the plain implementation side by side. Gives the plain
    game and the moves played: the mover, and whether the move took a piece."""
    state, plain, rng = game.new_state(seed=seed), LinesOfAction(), random.Random(seed)
    played = []
    while not state.is_over():
        moves = state.legal_moves()
        assert {pair(m.text) for m in moves} == plain.legal(), f"seed {seed} after {state.history}"
        assert len(moves) == len(plain.legal())  # no move listed twice
        assert state.to_move == plain.to_move, f"seed {seed} after {state.history}"
        if on_step is not None:
            on_step(state, plain)
        move = moves[rng.randrange(len(moves))]
        start, end = pair(move.text)
        played.append((plain.to_move, square(end) in plain.board))
        state.apply(move)
        plain.play((start, end))
    assert plain.result is not None and result(state) == plain.result, f"seed {seed}"
    return plain, played


PLAYED = {}  # seed: the game played, kept for the test that looks at them all


def played(game, seed):
    if seed not in PLAYED:
        PLAYED[seed] = play_along(game, seed)
    return PLAYED[seed]


@pytest.mark.parametrize("seed", range(30))
def test_random_games_agree_with_the_plain_implementation(game, seed):
    played(game, seed)


def test_the_random_games_meet_every_kind_of_move_and_end(game):
    seen = set()
    for seed in range(30):
        plain, moves = played(game, seed)
        seen |= {"capture" if took else "plain move" for _, took in moves}
        winner, _ = plain.result
        last_mover, took = moves[-1]
        left = sum(1 for owner in plain.board.values() if owner == winner)
        seen.add(f"{'black' if winner == BLACK else 'white'} wins")
        seen.add("the mover joins" if winner == last_mover else
                 "the side taken from is left with one piece" if left == 1 else "the side taken from is joined")
    assert seen >= {"capture", "plain move", "black wins", "white wins", "the mover joins",
                    "the side taken from is left with one piece", "the side taken from is joined"}, seen


def test_perft_from_positions_met_in_play(game):
    """Every 40th move of a few games, with fewer pieces and broken lines: perft 3 in the engine and in the plain
    implementation."""
    met = []

    def sample(state, plain):
        if len(state.history) % 40 == 20:
            met.append((list(state.history), plain.copy()))
    for seed in (1, 2):
        play_along(game, seed, sample)
    assert len(met) >= 6
    for history, plain in met:
        state = game.new_state()
        for text in history:
            state.apply(state.parse_move(text))
        assert perft(state, 3) == plain_perft(plain, 3), f"after {history}"


def arranged(game, rows, to_move="black"):
    text = "position of lines-of-action\nb = checker of black\nw = checker of white\nsquares:\n" \
        + "".join(f"    {row}\n" for row in rows.strip().splitlines()) + f"to move: {to_move}\n"
    state = game.new_state()
    arrange(state, parse_position(text, "p.pos"), "p.pos")
    return state


def plain_of(rows, to_move=BLACK):
    board = {}
    for y, row in zip(range(8, 0, -1), rows.strip().splitlines()):
        for x, symbol in enumerate(row.split(), start=1):
            if symbol != ".":
                board[(x, y)] = BLACK if symbol == "b" else WHITE
    return LinesOfAction(board, to_move)


def moves_from(state, start):
    return sorted(pair(m.text)[1] for m in state.legal_moves() if pair(m.text)[0] == start)


def test_the_start_position_is_the_rulebooks(game):
    state = game.new_state()
    assert state.to_move == BLACK
    rows = """
        . b b b b b b .
        w . . . . . . w
        w . . . . . . w
        w . . . . . . w
        w . . . . . . w
        w . . . . . . w
        w . . . . . . w
        . b b b b b b ."""
    pieces = {s.name: s.pieces[-1].owner.index for s in state.spaces if s.pieces}
    assert pieces == {name(s): owner for s, owner in plain_of(rows).board.items()}
    assert plain_of(rows).board == LinesOfAction().board
    assert {pair(m.text) for m in state.legal_moves()} == LinesOfAction().legal()
    assert moves_from(state, "b1") == ["b3", "d3", "h1"]


def test_a_move_counts_every_piece_on_its_line_both_ways(game):
    # c3's diagonal a1-h8 holds a1, c3, e5 and g7: four, so c3 goes four squares up it, over its own piece on e5,
    # and takes g7 (down it, four squares is off the board); column c holds c3 and c6: two squares, to c1 or c5;
    # row 3 and the other diagonal hold c3 alone: one square (white's h1 is there so that the capture leaves
    # white two pieces apart)
    rows = """
        . . . . . . . .
        . . . . . . w .
        . . w . . . . .
        . . . . b . . .
        . . . . . . . .
        . . b . . . . .
        . . . . . . . .
        b . . . . . . w"""
    state = arranged(game, rows)
    assert moves_from(state, "c3") == ["b3", "b4", "c1", "c5", "d2", "d3", "g7"]
    assert {pair(m.text) for m in state.legal_moves()} == plain_of(rows).legal()
    state.apply(state.parse_move("go c3 g7"))
    assert [p.owner.name for p in state.space_by_name["g7"].pieces] == ["black"]
    assert state.space_by_name["c3"].pieces == [] and not state.is_over()


def test_a_piece_jumps_its_own_pieces_but_not_the_opponents(game):
    # row 4 holds four pieces: a4 goes four squares east, over its own piece on b4, to e4; h4 four west, to d4
    rows = """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        b b . . . . w w
        . . . . . . . .
        . . . . . . . .
        . . . . . . . ."""
    assert moves_from(arranged(game, rows), "a4") == ["a3", "a5", "b3", "b5", "e4"]
    assert moves_from(arranged(game, rows, to_move="white"), "h4") == ["d4", "g3", "g5", "h3", "h5"]
    # with white's piece on c4 rather than g4, a4 and b4 would pass over it going east: they may not
    rows = rows.replace("b b . . . . w w", "b b w . . . . w")
    state = arranged(game, rows)
    assert moves_from(state, "a4") == ["a3", "a5", "b3", "b5"]
    assert moves_from(state, "b4") == ["a3", "a5", "b3", "b5", "c3", "c5"]
    with pytest.raises(IllegalMove):
        state.parse_move("go a4 e4")
    assert state.explain("go a4 e4") == "cannot go a4 e4: a piece may not jump over the other side's pieces"
    assert {pair(m.text) for m in state.legal_moves()} == plain_of(rows).legal()
    # white's c4 goes four squares east, to g4, over nobody's piece (west, four squares is off the board)
    assert moves_from(arranged(game, rows, to_move="white"), "c4") == ["b3", "b5", "c3", "c5", "d3", "d5", "g4"]


def test_a_move_that_joins_the_movers_pieces_wins(game):
    # c2 alone on its row steps to b2, between a1 and c3: black's three pieces touch
    rows = """
        . . . . . . . .
        . . . . . . w .
        . . . . . . . .
        . . . . w . . .
        . . . . . . . .
        . . b . . . . .
        . . b . . . . .
        b . . . . . . ."""
    state = arranged(game, rows)
    state.apply(state.parse_move("go c2 d2"))
    assert not state.is_over()  # a1 is still apart
    state = arranged(game, rows)
    plain = plain_of(rows)
    plain.play(("c2", "b2"))
    state.apply(state.parse_move("go c2 b2"))
    assert state.is_over() and result(state) == (BLACK, "black's pieces are joined") == plain.result


# black's f4 takes white's h2 along the diagonal b8-h2, which holds f4 and h2: two squares
CAPTURE = """
        . . . . . . . .
        . . . . . . . .
        . w w . . . . .
        . . . . . . . .
        . . . . . b . .
        . . . . . . . .
        . . . . . . . w
        b . . . . . . ."""


def test_a_capture_that_joins_the_side_that_lost_a_piece_makes_it_win(game):
    # white's b6 and c6 are left, and touch; black's a1 and h2 do not: white wins on black's move
    state = arranged(game, CAPTURE)
    plain = plain_of(CAPTURE)
    plain.play(("f4", "h2"))
    state.apply(state.parse_move("go f4 h2"))
    assert state.is_over() and result(state) == (WHITE, "white's pieces are joined") == plain.result


def test_a_capture_that_joins_both_sides_wins_for_the_mover(game):
    # our choice: with black's other piece on g1 instead of a1, the capture joins black's pieces too
    rows = CAPTURE.replace("b . . . . . . .", ". . . . . . b .")
    state = arranged(game, rows)
    plain = plain_of(rows)
    plain.play(("f4", "h2"))
    state.apply(state.parse_move("go f4 h2"))
    assert state.is_over() and result(state) == (BLACK, "black's pieces are joined") == plain.result


def test_a_player_left_with_one_piece_wins(game):
    rows = CAPTURE.replace(". w w . . . . .", ". w . . . . . .")
    state = arranged(game, rows)
    state.apply(state.parse_move("go f4 h2"))
    assert state.is_over() and result(state) == (WHITE, "white's pieces are joined")


def test_a_player_with_no_move_passes(game):
    # white's pieces in the corners are walled in: every line they stand on holds a black piece next to them, so
    # every move would pass over it
    rows = """
        . . . . . . b w
        . . . . . . b b
        . . . b . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        b b . . . . . .
        w b . . . . . ."""
    assert plain_of(rows, WHITE).legal() == set()
    # arranged with white to move, white passes at once, as at the start of a turn
    state = arranged(game, rows, "white")
    assert not state.is_over() and state.to_move == BLACK and state.legal_moves()
    state, plain = arranged(game, rows), plain_of(rows)
    plain.play(("d6", "d5"))
    # black moves, white still cannot, so white passes and black moves again
    state.apply(state.parse_move("go d6 d5"))
    assert not state.is_over() and state.to_move == BLACK == plain.to_move
    assert len(state.history) == 1 and state.turn == 3
    assert {pair(m.text) for m in state.legal_moves()} == plain.legal()
