"""English draughts (tests/games/checkers.mire) against the published perft counts from the start, and against a
plain-Python implementation written from the rules: the same legal moves, as sequences of squares, at every step
of seeded random games, the same results, and the same perft from positions met in them; and a few positions
arranged by hand, where the rules are easy to get wrong: a run of jumps, a jump onto the far row, a man that
may not go back, a king that goes round and lands where it started."""
import random
import sys
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.arrange import arrange
from mire.engine.run.state import IllegalMove
from mire.grammar.position import parse_position

sys.path.insert(0, str(Path(__file__).parent))
from plain_games import plain_perft  # noqa: E402

GAME = Path(__file__).parent / "games" / "checkers.mire"
BLACK, WHITE = 0, 1
QUIET_LIMIT = 80  # 40 moves of each player without a capture or a man's move draw


def name(square):
    x, y = square
    return f"{'abcdefgh'[x - 1]}{y}"


def square(name):
    return ord(name[0]) - 96, int(name[1:])


class Draughts:
    """The board is squares (x, y), 1 to 8, from black's left-hand corner; pieces stand on the dark squares,
    x + y even. A piece is (seat, crowned). A move is the tuple of the names of the squares its piece stands
    on, from start to end: ("c3", "d4"), or ("c3", "e5", "c7") for two jumps."""

    def __init__(self):
        self.board = {}
        for x in range(1, 9):
            for y in range(1, 9):
                if (x + y) % 2 == 0 and y <= 3:
                    self.board[(x, y)] = (BLACK, False)
                elif (x + y) % 2 == 0 and y >= 6:
                    self.board[(x, y)] = (WHITE, False)
        self.to_move = BLACK
        self.quiet = 0  # moves since the last capture or man's move
        self.result = None  # BLACK, WHITE or "draw"

    @staticmethod
    def far_row(seat):
        return 8 if seat == BLACK else 1

    @staticmethod
    def ways(piece):
        seat, crowned = piece
        ahead = 1 if seat == BLACK else -1
        return [(1, 1), (-1, 1), (1, -1), (-1, -1)] if crowned else [(1, ahead), (-1, ahead)]

    def captures(self, start):
        """Every run of jumps of the piece on start. The piece has left its square; the pieces it takes stay
        where they are until the run is over, so none is jumped twice and none is landed on."""
        piece = self.board[start]
        runs = []

        def go_on(path, taken):
            x, y = path[-1]
            went = False
            for dx, dy in self.ways(piece):
                over, land = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
                if not (1 <= land[0] <= 8 and 1 <= land[1] <= 8):
                    continue
                if over in taken or self.board.get(over, (piece[0],))[0] == piece[0]:
                    continue
                if land in self.board and land != start:
                    continue
                went = True
                if not piece[1] and land[1] == self.far_row(piece[0]):
                    runs.append(path + [land])  # crowned: the move ends here
                else:
                    go_on(path + [land], taken | {over})
            if not went and len(path) > 1:
                runs.append(path)
        go_on([start], frozenset())
        return runs

    def steps(self, start):
        x, y = start
        return [[start, (x + dx, y + dy)] for dx, dy in self.ways(self.board[start])
                if 1 <= x + dx <= 8 and 1 <= y + dy <= 8 and (x + dx, y + dy) not in self.board]

    def moves(self):
        mine = [s for s, p in self.board.items() if p[0] == self.to_move]
        found = [run for s in mine for run in self.captures(s)]
        if not found:  # taking is compulsory
            found = [step for s in mine for step in self.steps(s)]
        return {tuple(name(s) for s in m) for m in found}

    def copy(self):
        other = Draughts.__new__(Draughts)
        other.board, other.to_move, other.quiet, other.result = dict(self.board), self.to_move, self.quiet, self.result
        return other

    def legal(self):
        return set() if self.result is not None else self.moves()

    def play(self, move):
        assert move in self.legal(), move
        squares = [square(n) for n in move]
        piece = self.board.pop(squares[0])
        took = False
        for (x0, y0), (x1, y1) in zip(squares, squares[1:]):
            if abs(x1 - x0) == 2:
                del self.board[((x0 + x1) // 2, (y0 + y1) // 2)]
                took = True
        was_man = not piece[1]
        end = squares[-1]
        if end[1] == self.far_row(piece[0]):
            piece = (piece[0], True)
        self.board[end] = piece
        self.quiet = 0 if took or was_man else self.quiet + 1
        self.to_move = 1 - self.to_move
        if self.quiet >= QUIET_LIMIT:
            self.result = "draw"
        elif not self.moves():
            self.result = 1 - self.to_move  # who cannot move loses


def squares_of(text):
    """A Mire move text as the squares its piece stands on: `jump c3 [e5, c7]` is ("c3", "e5", "c7")."""
    return tuple(text.replace("[", " ").replace("]", " ").replace(",", " ").split()[1:])


@pytest.fixture(scope="module")
def game():
    return load_game(str(GAME))


# the published perft counts of English draughts from the start
PUBLISHED = [7, 49, 302, 1469, 7361, 36768, 179740]


def test_perft_from_the_start_has_the_published_counts(game):
    assert perft(game.new_state(), 7) == PUBLISHED  # 10 to 15 s


def test_the_plain_implementation_has_the_published_counts_too():
    assert plain_perft(Draughts(), 5) == PUBLISHED[:5]


def result(state):
    outcome = state.outcome()
    return "draw" if outcome.draw else outcome.winners[0]


def play_along(game, seed, on_step=None):
    """A seeded random game, played in the engine and in the plain implementation side by side. Gives the
    engine's state, the plain game, and the moves played: their squares, and the piece that moved."""
    state, plain, rng = game.new_state(seed=seed), Draughts(), random.Random(seed)
    played = []
    while not state.is_over():
        moves = state.legal_moves()
        assert {squares_of(m.text) for m in moves} == plain.legal(), f"seed {seed} after {state.history}"
        assert len(moves) == len(plain.legal())  # no move listed twice
        assert state.to_move == plain.to_move
        if on_step is not None:
            on_step(state, plain)
        move = moves[rng.randrange(len(moves))]
        squares = squares_of(move.text)
        played.append((squares, plain.board[square(squares[0])]))
        state.apply(move)
        plain.play(squares)
    assert plain.result is not None and result(state) == plain.result, f"seed {seed}"
    return state, plain, played


@pytest.mark.parametrize("seed", range(30))
def test_random_games_agree_with_the_plain_implementation(game, seed):
    play_along(game, seed)


def test_the_random_games_meet_every_kind_of_move_and_end(game):
    seen, results = set(), set()
    for seed in range(30):
        state, plain, played = play_along(game, seed)
        results.add(plain.result)
        for squares, (seat, crowned) in played:
            jumps = len(squares) - 1 if abs(ord(squares[0][0]) - ord(squares[1][0])) == 2 else 0
            seen.add(("king" if crowned else "man") + (f" jumps {min(jumps, 3)}" if jumps else " steps"))
            if not crowned and squares[-1][1] == ("8" if seat == BLACK else "1"):
                seen.add("crowning by a jump" if jumps else "crowning by a step")
    assert seen >= {"man steps", "man jumps 1", "man jumps 2", "man jumps 3", "king steps", "king jumps 1",
                    "king jumps 2", "crowning by a step", "crowning by a jump"}
    assert results >= {BLACK, WHITE}


def test_perft_from_positions_met_in_play(game):
    """Every 20th move of a few games, kings on the board in most of them: perft 4 in the engine and in the plain
    implementation."""
    met = []

    def sample(state, plain):
        if len(state.history) % 20 == 10:
            met.append((list(state.history), plain.copy()))
    for seed in (1, 2, 3, 4):
        play_along(game, seed, sample)
    assert len(met) > 8 and sum(any(crowned for _, crowned in p.board.values()) for _, p in met) > 8
    for history, plain in met:
        state = game.new_state()
        for text in history:
            state.apply(state.parse_move(text))
        assert perft(state, 4) == plain_perft(plain, 4), f"after {history}"


def arranged(game, rows, to_move="black", extra=""):
    text = "position of checkers\nb = man of black\nB = king of black\nw = man of white\nW = king of white\n" \
        + "squares:\n" + "".join(f"    {row}\n" for row in rows.strip().splitlines()) + f"to move: {to_move}\n" + extra
    state = game.new_state()
    arrange(state, parse_position(text, "p.pos"), "p.pos")
    return state


def texts(state):
    return sorted(m.text for m in state.legal_moves())


def piece_on(state, where):
    pieces = state.space_by_name[where].pieces
    return f"{pieces[-1].kind.name} of {pieces[-1].owner.name}" if pieces else None


# black's man on c3 jumps d4 to e5, then f6 to g7 or d6 to c7; the man on h2 may not step meanwhile
DOUBLE_JUMP = """
        . . . . . . . .
        . . . . . . . .
        . . . w . w . .
        . . . . . . . .
        . . . w . . . .
        . . b . . . . .
        . . . . . . . b
        . . . . . . . ."""


def test_a_run_of_jumps_is_one_move_and_taking_is_compulsory(game):
    state = arranged(game, DOUBLE_JUMP)
    assert texts(state) == ["jump c3 [e5, c7]", "jump c3 [e5, g7]"]
    with pytest.raises(IllegalMove, match="a capture is compulsory"):
        state.parse_move("step h2 g3")
    state.apply(state.parse_move("jump c3 [e5, g7]"))
    assert [piece_on(state, s) for s in ("c3", "d4", "e5", "f6", "g7", "d6")] \
        == [None, None, None, None, "man of black", "man of white"]
    assert state.to_move == WHITE and len(state.history) == 1


def test_a_man_that_reaches_the_far_row_is_crowned_and_stops(game):
    # d6 jumps e7 onto f8 and is crowned; as a king it could go on over g7 to h6, but its move is over
    state = arranged(game, """
        . . . . . . . .
        . . . . w . w .
        . . . b . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        W . . . . . . .""")
    assert texts(state) == ["jump d6 [f8]"]
    state.apply(state.parse_move("jump d6 [f8]"))
    assert piece_on(state, "f8") == "king of black" and piece_on(state, "g7") == "man of white"
    assert state.to_move == WHITE


def test_a_man_goes_forward_only_and_a_king_both_ways(game):
    # white's men on c3 and e3 are behind black's man on d4, which may not take them backwards
    state = arranged(game, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . b . . . .
        . . w . w . . .
        . . . . . . . .
        . . . . . . . .""")
    assert texts(state) == ["step d4 c5", "step d4 e5"]
    # a king there must take them, one or the other
    state = arranged(game, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . B . . . .
        . . w . w . . .
        . . . . . . . .
        . . . . . . . .""")
    assert texts(state) == ["jump d4 [b2]", "jump d4 [f2]"]
    # and white's men go down the board
    state = arranged(game, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . w . . . .
        . . . . . . . .
        . . . . . . . .
        b . . . . . . .""", to_move="white")
    assert texts(state) == ["step d4 c3", "step d4 e3"]


def test_a_king_may_go_round_and_land_where_it_started(game):
    # the four white men around e3 taken in either order: two moves, both ending on c3, the square the king left
    state = arranged(game, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . w . w . .
        . . B . . . . .
        . . . w . w . .
        . . . . . . . .""")
    assert texts(state) == ["jump c3 [e1, g3, e5, c3]", "jump c3 [e5, g3, e1, c3]"]
    state.apply(state.parse_move("jump c3 [e1, g3, e5, c3]"))
    assert piece_on(state, "c3") == "king of black" and result(state) == BLACK  # white has nothing left


def test_forty_moves_each_without_a_capture_or_a_mans_move_draw(game):
    rows = """
        . . . . . . . .
        . . . . . . . W
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . b .
        B . . . . . . ."""
    # 79 quiet moves played: one more king's move draws; a man's move does not
    state = arranged(game, rows, extra="turn: 80\nfresh_since = 0\n")
    state.apply(state.parse_move("step a1 b2"))
    assert state.is_over() and result(state) == "draw"
    state = arranged(game, rows, extra="turn: 80\nfresh_since = 0\n")
    state.apply(state.parse_move("step g2 h3"))
    assert not state.is_over()
    state.apply(state.parse_move("step h7 g6"))
    assert not state.is_over()


def test_a_player_who_cannot_move_loses(game):
    # black closes c3 behind its man on b4: white's man on a5 can neither step nor take it
    state = arranged(game, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        w . . . . . . .
        . b . . . . . .
        . . . . . . . .
        . . . b . . . .
        . . . . . . . .""")
    state.apply(state.parse_move("step d2 c3"))
    assert state.is_over() and result(state) == BLACK and state.outcome().reason == "white cannot move"
    # the same position arranged with white to move: white has lost already
    state = arranged(game, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        w . . . . . . .
        . b . . . . . .
        . . b . . . . .
        . . . . . . . .
        . . . . . . . .""", "white")
    assert state.is_over() and result(state) == BLACK and state.outcome().reason == "white cannot move"


def test_a_run_of_jumps_is_typed_square_by_square_and_refused_in_the_players_words(game):
    from mire.cli.move_words import match_move
    state = arranged(game, DOUBLE_JUMP)
    moves = state.legal_moves()
    # at the terminal: the squares one after the other, with or without the action's name and the brackets
    for typed, meant in [("c3 e5 g7", "jump c3 [e5, g7]"), ("jump c3 e5 c7", "jump c3 [e5, c7]"),
                         ("c3 [e5,c7]", "jump c3 [e5, c7]"), ("g7", "jump c3 [e5, g7]")]:
        assert match_move(typed, moves).move.text == meant, typed
    assert len(match_move("c3 e5", moves).candidates) == 2
    # the exact text a save holds, its action's name left out where only one move then fits
    assert state.parse_move("c3 [e5, g7]").text == "jump c3 [e5, g7]"
    # why not, said in the game's values: the run, not its first square; the action the words fit best
    said = {text: state.explain(text) for text in ["jump c3 e5 e9", "jump c3 [e5,", "h2 g3", "c3 e5 e9", "c3"]}
    assert said == {
        "jump c3 e5 e9": "cannot jump c3 e5 e9: the route should be one of [e5, c7] or [e5, g7], not e5 e9",
        "jump c3 [e5,": "cannot jump c3 [e5,: the route should be one of [e5, c7] or [e5, g7], not e5",
        "h2 g3": "cannot step h2 g3: a capture is compulsory",
        "c3 e5 e9": "'c3 e5 e9' may be a jump or a step: say which, as in 'jump c3 e5 e9'",
        "c3": "'c3' may be a jump or a step: say which, as in 'jump c3'"}
    # a board's name is plural already: one of your squares, not squaress
    assert state.explain("step e5 d6") == "cannot step e5 d6: e5 is not one of your squares"
