"""Sanity check of the hand-written playouts: outcome frequencies over many random games.

    python bench/selfcheck.py [--games N] [--seed S]

Known figures for uniformly random play:
  tic-tac-toe   first player ~58.5%, second ~28.8%, draw ~12.7%
  connect four  first player ~55.5%, second ~44.2%, draw ~0.3%
Exits non-zero when a frequency is outside a generous tolerance.  Not a pytest test.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from handwritten import c4_playout, ttt_playout  # noqa: E402

# game -> (playout, {result: (expected fraction, tolerance)})
EXPECTED = {
    "tic-tac-toe": (ttt_playout, {0: (0.585, 0.02), 1: (0.288, 0.02), None: (0.127, 0.015)}),
    "connect-four": (c4_playout, {0: (0.555, 0.02), 1: (0.442, 0.02), None: (0.003, 0.003)}),
}


def check_rules():
    """A few deterministic games through a scripted rng, to pin the rules themselves."""

    class Script:
        """An rng that plays the given moves in order (via choice)."""

        def __init__(self, moves):
            self.moves = list(moves)

        def choice(self, legal):
            move = self.moves.pop(0)
            assert move in legal, (move, legal)
            return move

    assert ttt_playout(Script([0, 3, 1, 4, 2])) == 0            # X: top row
    assert ttt_playout(Script([0, 1, 3, 2, 4, 5, 7, 6, 8])) == 0  # X: diagonal on the last move
    assert ttt_playout(Script([0, 2, 1, 3, 5, 4, 6, 8, 7])) is None  # full board, no line
    assert ttt_playout(Script([0, 4, 1, 2, 5, 6])) == 1          # O: anti-diagonal
    assert c4_playout(Script([0, 1, 0, 1, 0, 1, 0])) == 0        # vertical
    assert c4_playout(Script([0, 0, 1, 1, 2, 2, 3])) == 0        # horizontal
    # diagonal /: red at (0,0) (1,1) (2,2) (3,3)
    assert c4_playout(Script([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3])) == 0
    # diagonal \: red at (3,0) (2,1) (1,2) (0,3)
    assert c4_playout(Script([3, 2, 2, 1, 1, 0, 1, 0, 0, 6, 0])) == 0
    # a full board with no four anywhere (found by search, confirmed by the referee below)
    assert c4_playout(Script(C4_DRAW)) is None
    assert referee(C4_DRAW, 7, 6, 4) is None


C4_DRAW = [3, 3, 0, 2, 5, 4, 5, 6, 4, 2, 2, 3, 3, 5, 5, 2, 2, 4, 3, 3, 1,
           1, 2, 1, 5, 5, 0, 4, 0, 4, 4, 6, 6, 6, 6, 0, 1, 0, 6, 0, 1, 1]


def referee(moves, width, height, k, gravity=True):
    """Independent, deliberately naive judge: replay moves (column for connect four,
    cell index for tic-tac-toe) and after each one scan every line of k on the whole
    board.  Returns the winner, None for a full-board draw; asserts the game ended
    exactly at the last move."""
    grid = {}
    player = 0
    for i, m in enumerate(moves):
        if gravity:
            x, y = m, sum(1 for (cx, _) in grid if cx == m)
        else:
            x, y = m % width, m // width
        assert (x, y) not in grid and 0 <= x < width and 0 <= y < height
        grid[(x, y)] = player
        for sx in range(width):
            for sy in range(height):
                for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    cells = [(sx + j * dx, sy + j * dy) for j in range(k)]
                    if all(grid.get(c) == player for c in cells):
                        assert i == len(moves) - 1, "game went on after a win"
                        return player
        player = 1 - player
    assert len(grid) == width * height, "game stopped early without a win"
    return None


class Recorder:
    """Wraps a random.Random, remembering every choice, so a playout can be refereed."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.moves = []

    def choice(self, legal):
        move = self.rng.choice(legal)
        self.moves.append(move)
        return move


def check_against_referee(games=300):
    for seed in range(games):
        rec = Recorder(seed)
        assert ttt_playout(rec) == referee(rec.moves, 3, 3, 3, gravity=False), seed
        rec = Recorder(seed)
        assert c4_playout(rec) == referee(rec.moves, 7, 6, 4), seed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    check_rules()
    print("scripted games: ok")
    check_against_referee()
    print("300 random games per game agree with a brute-force referee: ok")
    ok = True
    for name, (playout, expected) in EXPECTED.items():
        rng = random.Random(args.seed)
        counts = {0: 0, 1: 0, None: 0}
        for _ in range(args.games):
            counts[playout(rng)] += 1
        parts = []
        for result, (want, tol) in expected.items():
            got = counts[result] / args.games
            label = "draw" if result is None else f"seat {result}"
            flag = ""
            # widen the tolerance for small --games: at least four standard errors
            tol = max(tol, 4 * (want * (1 - want) / args.games) ** 0.5)
            if abs(got - want) > tol:
                ok = False
                flag = " <-- out of range"
            parts.append(f"{label} {got:6.1%} (expect ~{want:.1%}){flag}")
        print(f"{name:13s} over {args.games} games: " + ", ".join(parts))
    print("ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
