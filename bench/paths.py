"""What a path check costs: random playouts of a Quoridor-like race (tests/games/walled-race.mire), whose walls
may never shut a pawn off from its goal (`ensure all(p in players where reaches(p))`, with `region`), and of
Quoridor (tests/games/quoridor.mire, `ensure reaches(seat(1)) and reaches(seat(2))`), against the same rules
without that `ensure` (walls anywhere: the floor of the moves without the check).

    python bench/paths.py [--playouts 20] [--runs 2] [GAME ...]      (default: the walled race and Quoridor)

Processor time, best of --runs (the machine is shared: wall time says little). Both play the same number of
playouts with the same seed; the games differ (without the check a pawn may be walled in, and the game drawn
at its 200th turn), so the figure to read is the time a move takes.
"""
import argparse
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = [os.path.join(ROOT, "tests", "games", name) for name in ("walled-race.mire", "quoridor.mire")]


def timed(path, playouts, runs):
    from mire.engine import load_game
    from mire.engine.analysis.playout import random_playouts
    game = load_game(path)
    best, summary = None, None
    for _ in range(runs):
        start = time.process_time()
        summary = random_playouts(game, playouts, seed=0)
        spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    return best, summary


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--playouts", type=int, default=20)
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    print("| game | rules | playouts | seconds | moves | µs a move |")
    print("|---|---|---|---|---|---|")
    for game in args.games:
        with open(game, encoding="utf-8") as f:
            lines = [line for line in f if not line.lstrip().startswith("ensure ")]
        bare = tempfile.NamedTemporaryFile("w", suffix=".mire", delete=False, encoding="utf-8")
        bare.writelines(lines)
        bare.close()
        try:
            for label, path in (("with the path check", game), ("without it", bare.name)):
                spent, summary = timed(path, args.playouts, args.runs)
                moves = sum(summary.lengths)
                print(f"| {os.path.basename(game)} | {label} | {args.playouts} | {spent:.2f} | {moves:,} | "
                      f"{spent / moves * 1e6:,.0f} |")
        finally:
            os.unlink(bare.name)


if __name__ == "__main__":
    sys.exit(main())
