"""`ensure`: legality by what a move does (docs/language.md, `ensure`). tests/games/rook-ending.mire (king and
rook against king, with chess's rule that no move may leave one's own king attacked) against a plain Python
version of the same game: perft counts and the results of seeded random games."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.run.state import IllegalMove
from mire.grammar.diagnostics import MireError

GAME = Path(__file__).parent / "games" / "rook-ending.mire"
SIZE = 5
KING_STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
ROOK_LINES = [(1, 0), (-1, 0), (0, 1), (0, -1)]


class Plain:
    """The same game, written out by hand: pieces as {(x, y): (side, kind)}, side 0 white (king and rook)."""

    def __init__(self):
        self.board = {(1, 1): (0, "king"), (5, 1): (0, "rook"), (3, 5): (1, "king")}
        self.side = 0
        self.seen = {self.key(): 1}  # positions met at the start of a turn, for threefold repetition

    def key(self):
        return frozenset(self.board.items()), self.side

    @staticmethod
    def inside(x, y):
        return 1 <= x <= SIZE and 1 <= y <= SIZE

    def attacked(self, board, square, by):
        for (x, y), (side, kind) in board.items():
            if side != by or (x, y) == square:
                continue
            if kind == "king" and max(abs(x - square[0]), abs(y - square[1])) == 1:
                return True
            if kind == "rook" and (x == square[0] or y == square[1]):
                dx, dy = (square[0] > x) - (square[0] < x), (square[1] > y) - (square[1] < y)
                cx, cy = x + dx, y + dy
                while (cx, cy) != square and (cx, cy) not in board:
                    cx, cy = cx + dx, cy + dy
                if (cx, cy) == square:
                    return True
        return False

    def moves(self):
        out = []
        for (x, y), (side, kind) in list(self.board.items()):
            if side != self.side:
                continue
            targets = []
            if kind == "king":
                targets = [(x + dx, y + dy) for dx, dy in KING_STEPS if self.inside(x + dx, y + dy)]
            else:
                for dx, dy in ROOK_LINES:
                    cx, cy = x + dx, y + dy
                    while self.inside(cx, cy):
                        targets.append((cx, cy))
                        if (cx, cy) in self.board:
                            break
                        cx, cy = cx + dx, cy + dy
            for t in targets:
                if t in self.board and self.board[t][0] == self.side:
                    continue
                after = dict(self.board)
                del after[(x, y)]
                after[t] = (side, kind)
                king = next(sq for sq, (s, k) in after.items() if s == self.side and k == "king")
                if not self.attacked(after, king, 1 - self.side):
                    out.append(((x, y), t))
        return out

    def play(self, move):
        frm, to = move
        self.board[to] = self.board.pop(frm)
        self.side = 1 - self.side
        self.seen[self.key()] = self.seen.get(self.key(), 0) + 1

    def result(self):
        """None while the game goes on; else 'white', 'black' (the winner), 'draw' or 'repetition'."""
        if self.seen[self.key()] >= 3:
            return "repetition"
        if self.moves():
            return None
        king = next(sq for sq, (s, k) in self.board.items() if s == self.side and k == "king")
        if self.attacked(self.board, king, 1 - self.side):
            return "black" if self.side == 0 else "white"
        return "draw"


def plain_perft(game, depth):
    counts = [0] * depth

    def walk(g, d):
        moves = g.moves() if g.result() is None else []
        counts[d] += len(moves)
        if d + 1 < depth:
            for m in moves:
                board, side, seen = dict(g.board), g.side, dict(g.seen)
                g.play(m)
                walk(g, d + 1)
                g.board, g.side, g.seen = board, side, seen
    walk(game, 0)
    return counts


def test_perft_agrees_with_a_plain_python_version():
    from mire.engine.analysis.perft import perft
    state = load_game(str(GAME)).new_state(seed=0)
    assert perft(state, 5) == plain_perft(Plain(), 5) == [10, 40, 453, 2101, 23168]


def _square(space_name):
    return ord(space_name[0]) - ord("a") + 1, int(space_name[1:])


def test_random_games_end_as_the_plain_version_says():
    game = load_game(str(GAME))
    endings = {"white": 0, "black": 0, "draw": 0, "repetition": 0}
    for seed in range(30):
        state, plain, rng = game.new_state(seed=seed), Plain(), random.Random(seed)
        while not state.is_over() and len(state.history) < 120:
            moves = state.legal_moves()
            mine = sorted((_square(m.args[0].space.name), _square(m.args[1].name)) for m in moves)
            assert mine == sorted(plain.moves())
            move = rng.choice(moves)
            plain.play((_square(move.args[0].space.name), _square(move.args[1].name)))
            state.apply(move)
        if state.is_over():
            out = state.outcome()
            expected = plain.result()
            assert ("draw" if out.draw else state.players[out.winners[0]].name) == \
                ("draw" if expected == "repetition" else expected)
            assert out.reason == {"draw": "stalemate", "repetition": "the same position for the third time"}.get(
                expected, "checkmate")
            endings[expected] += 1
        else:
            assert plain.result() is None
    assert endings["repetition"] > 0 and endings["draw"] + endings["white"] > 0


def test_a_move_into_attack_is_refused_with_the_games_words():
    state = load_game(str(GAME)).new_state(seed=0)
    state.apply(state.parse_move("slide e1 e4"))       # the rook cuts the black king off the fourth row
    with pytest.raises(IllegalMove) as err:
        state.parse_move("step c5 c4")
    assert str(err.value) == "cannot step c5 c4: your king would be attacked there"
    assert err.value.detail.endswith("ensures (on the position the move leaves) not attacks(opponent, k.space) "
                                     "('your king would be attacked there')")
    assert "step c5 c4" not in [m.text for m in state.legal_moves()]
    assert state.history == ["slide e1 e4"]          # trying moves changes nothing


def test_ensure_is_refused_where_a_move_cannot_be_tried_ahead(tmp_path):
    path = tmp_path / "asks.mire"
    path.write_text('game "Asks"\nplayers 2\nboard cells: grid 2 x 2\npiece mark\n'
                    'action put(c in cells where empty(c)):\n'
                    '    choose d in cells where empty(d):\n        place mark for mover at d\n'
                    '    ensure count(mark of mover) < 2\n')
    with pytest.raises(MireError) as err:
        load_game(str(path))
    assert "error[E032]: action 'put' has an `ensure` and asks a player to choose" in str(err.value)


def test_trying_moves_spends_the_budget_of_the_listing(tmp_path):
    # each move's effect is long; tried for every move, the listing runs out of steps and says so
    path = tmp_path / "slow.mire"
    path.write_text('game "Slow"\nplayers 2\nboard cells: grid 8 x 8\npiece mark\nvar n: int = 0\n'
                    'action put(c in cells where empty(c)):\n'
                    '    repeat 10000:\n        n += 1\n'
                    '    ensure n > 0\n')
    from mire.engine import RuleError
    with pytest.raises(RuleError) as err:   # the start already lists the first player's moves
        load_game(str(path)).new_state(seed=0)
    assert str(err.value) == "a rule ran more than 200000 steps in one move (slow.mire:7)"
