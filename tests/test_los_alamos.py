"""Los Alamos chess (tests/games/los-alamos.mire) against a plain Python version of the same game written here,
with no Mire in it: perft counts from the start, and the legal moves and results of seeded random games.
The game uses knight leaps (`symmetric`), rays up to the first blocker (`until`), kinds as values (promotion),
`ensure`, block defs, `grid N x N`, `can_move`, `when stuck` and `repetitions`."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.arrange import arrange
from mire.engine.run.state import IllegalMove
from mire.grammar.position import parse_position

GAME = Path(__file__).parent / "games" / "los-alamos.mire"
SIZE = 6
WHITE, BLACK = 0, 1
KNIGHT_LEAPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ORTHOGONAL = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAGONAL = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
BACK_ROW = ["rook", "knight", "queen", "king", "knight", "rook"]
PROMOTIONS = ["queen", "rook", "knight"]
CAP = 400  # plies in a random game


def inside(x, y):
    return 1 <= x <= SIZE and 1 <= y <= SIZE


class Plain:
    """The game by hand: the board is {(x, y): (side, kind)}; a move is (from, to, promoted kind or None)."""

    def __init__(self, board=None, side=WHITE):
        if board is None:
            board = {}
            for x, kind in enumerate(BACK_ROW, start=1):
                board[(x, 1)] = (WHITE, kind)
                board[(x, 2)] = (WHITE, "pawn")
                board[(x, SIZE - 1)] = (BLACK, "pawn")
                board[(x, SIZE)] = (BLACK, kind)
        self.board = board
        self.side = side
        self.seen = {self.key(): 1}  # positions met at the start of a turn, for threefold repetition

    def key(self):
        return frozenset(self.board.items()), self.side

    @staticmethod
    def attacked(board, square, by):
        sx, sy = square
        ahead = 1 if by == WHITE else -1
        for dx, dy in KNIGHT_LEAPS:
            if board.get((sx + dx, sy + dy)) == (by, "knight"):
                return True
        for dx, dy in ORTHOGONAL + DIAGONAL:
            if board.get((sx + dx, sy + dy)) == (by, "king"):
                return True
        for dx in (-1, 1):  # a pawn of `by` one row behind s (from its side) and one column aside
            if board.get((sx + dx, sy - ahead)) == (by, "pawn"):
                return True
        for lines, sliders in ((ORTHOGONAL, ("rook", "queen")), (DIAGONAL, ("queen",))):
            for dx, dy in lines:
                x, y = sx + dx, sy + dy
                while inside(x, y) and (x, y) not in board:
                    x, y = x + dx, y + dy
                if inside(x, y) and board[(x, y)][0] == by and board[(x, y)][1] in sliders:
                    return True
        return False

    def pseudo_moves(self):
        out = []
        ahead = 1 if self.side == WHITE else -1
        last_row = SIZE if self.side == WHITE else 1
        for (x, y), (side, kind) in self.board.items():
            if side != self.side:
                continue
            if kind == "pawn":
                targets = []
                if inside(x, y + ahead) and (x, y + ahead) not in self.board:
                    targets.append((x, y + ahead))
                for dx in (-1, 1):
                    t = (x + dx, y + ahead)
                    if t in self.board and self.board[t][0] != self.side:
                        targets.append(t)
                for t in targets:
                    if t[1] == last_row:
                        out.extend(((x, y), t, k) for k in PROMOTIONS)
                    else:
                        out.append(((x, y), t, None))
                continue
            if kind in ("knight", "king"):
                steps = KNIGHT_LEAPS if kind == "knight" else ORTHOGONAL + DIAGONAL
                targets = [(x + dx, y + dy) for dx, dy in steps if inside(x + dx, y + dy)]
            else:
                targets = []
                for dx, dy in ORTHOGONAL + (DIAGONAL if kind == "queen" else []):
                    cx, cy = x + dx, y + dy
                    while inside(cx, cy):
                        targets.append((cx, cy))
                        if (cx, cy) in self.board:
                            break
                        cx, cy = cx + dx, cy + dy
            out.extend(((x, y), t, None) for t in targets
                       if t not in self.board or self.board[t][0] != self.side)
        return out

    def after(self, move):
        frm, to, promoted = move
        board = dict(self.board)
        side, kind = board.pop(frm)
        board[to] = (side, promoted or kind)
        return board

    def moves(self):
        legal = []
        for move in self.pseudo_moves():
            board = self.after(move)
            king = next(sq for sq, piece in board.items() if piece == (self.side, "king"))
            if not self.attacked(board, king, 1 - self.side):
                legal.append(move)
        return legal

    def play(self, move):
        self.board = self.after(move)
        self.side = 1 - self.side
        self.seen[self.key()] = self.seen.get(self.key(), 0) + 1

    def result(self):
        """None while the game goes on; else (winner side or None for a draw, why)."""
        if self.seen[self.key()] >= 3:
            return None, "repetition"
        if self.moves():
            return None
        king = next(sq for sq, piece in self.board.items() if piece == (self.side, "king"))
        if self.attacked(self.board, king, 1 - self.side):
            return 1 - self.side, "checkmate"
        return None, "stalemate"


def plain_perft(game, depth):
    counts = [0] * depth

    def walk(d):
        moves = game.moves() if game.result() is None else []
        counts[d] += len(moves)
        if d + 1 < depth:
            for m in moves:
                board, side, seen = game.board, game.side, dict(game.seen)
                game.play(m)
                walk(d + 1)
                game.board, game.side, game.seen = board, side, seen
    walk(0)
    return counts


def square(space_name):
    return ord(space_name[0]) - ord("a") + 1, int(space_name[1:])


def plain_move(text):
    """A Mire move text (`go b1 c3`, `push c2 c3`, `promote c5 c6 queen`) as the plain version's move."""
    words = text.split()
    return square(words[1]), square(words[2]), (words[3] if len(words) > 3 else None)


# The perft test position of Fairy-Stockfish and Cute Chess for Los Alamos chess, "6/2P3/6/1K1k2/6/6 w":
# a white pawn on c5 about to promote, the white king on b3, the black king on d3.
PROMOTION_POSITION = """position of los-alamos
P = pawn of white
K = king of white
k = king of black
cells:
    . . . . . .
    . . P . . .
    . . . . . .
    . K . k . .
    . . . . . .
    . . . . . .
to move: white
"""


def test_perft_from_the_start_agrees_with_the_plain_version_and_the_published_counts():
    # Published (Fairy-Stockfish's and Cute Chess's perft tests): 14,332 at depth 4, 191,846 at depth 5
    # (`mire perft --depth 5` gives 191846 too; too slow for a test).
    state = load_game(str(GAME)).new_state(seed=0)
    assert perft(state, 4) == plain_perft(Plain(), 4) == [10, 100, 1212, 14332]


def test_perft_with_promotions_agrees_with_the_plain_version_and_the_published_counts():
    state = load_game(str(GAME)).new_state(seed=0)
    arrange(state, parse_position(PROMOTION_POSITION, "promotion.pos"), "promotion.pos")
    plain = Plain({(3, 5): (WHITE, "pawn"), (2, 3): (WHITE, "king"), (4, 3): (BLACK, "king")})
    # published: 3,117 at depth 4 and 39,171 at depth 5
    assert perft(state, 5) == plain_perft(plain, 5) == [8, 49, 508, 3117, 39171]


def test_random_games_have_the_plain_versions_moves_and_end_as_it_says():
    game = load_game(str(GAME))
    endings, promotions = {}, 0
    for seed in range(20):
        state, plain, rng = game.new_state(seed=seed), Plain(), random.Random(seed)
        while not state.is_over() and len(state.history) < CAP:
            moves = state.legal_moves()
            texts = [m.text for m in moves]  # read before the move: the spaces are what the move names
            assert sorted(map(plain_move, texts), key=repr) == sorted(plain.moves(), key=repr)
            # random play that takes when it can, so that games end (by mate, stalemate or repetition)
            takes = [i for i, t in enumerate(texts) if plain_move(t)[1] in plain.board]
            pick = rng.choice(takes) if takes else rng.randrange(len(moves))
            plain.play(plain_move(texts[pick]))
            promotions += texts[pick].startswith("promote")
            state.apply(moves[pick])
        expected = plain.result()
        assert state.is_over() == (expected is not None)
        if not state.is_over():
            endings["unfinished"] = endings.get("unfinished", 0) + 1
            continue
        out = state.outcome()
        winner, why = expected
        assert out.draw == (winner is None)
        assert list(out.winners) == ([] if winner is None else [winner])
        assert out.reason == {"checkmate": "checkmate", "stalemate": "stalemate",
                              "repetition": "the same position for the third time"}[why]
        ending = why if winner is None else f"{state.seat_name(winner)} mates"
        endings[ending] = endings.get(ending, 0) + 1
    # every game ends within the cap; the figures are the plain version's (checked game by game above)
    assert endings == {"white mates": 3, "black mates": 2, "stalemate": 1, "repetition": 14}
    assert promotions == 11


def test_a_move_that_leaves_the_king_attacked_is_refused_with_the_games_words():
    state = load_game(str(GAME)).new_state(seed=0)
    for text in ("push e2 e3", "push b5 b4", "push f2 f3", "go c6 a4"):  # the black queen pins the pawn on c2
        state.apply(state.parse_move(text))
    with pytest.raises(IllegalMove) as err:
        state.parse_move("push c2 c3")
    assert str(err.value) == "cannot push c2 c3: that leaves your king attacked"
