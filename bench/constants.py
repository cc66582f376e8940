"""What a constant costs at each use: a five-in-a-row game on a 9 x 9 grid whose lines are a `const` made with
`ray` (worked out once per game, when first used), against the same list made by a `def` at each use.

    python bench/constants.py [--playouts 200] [--runs 2]

Random playouts, processor time, best of --runs. Both play the same games (the lines are the same list).
"""
import argparse
import os
import tempfile
import time

RULES = """game "Lines"
players 2
board cells: grid 9 x 9
piece stone
const LINES = [ray(c, d) for c in cells for d in [north, east, northeast, southeast]]
def lines() = [ray(c, d) for c in cells for d in [north, east, northeast, southeast]]
action put(c in cells where empty(c)):
    place stone for mover at c
trigger won after move:
    if any(l in USED where count(x in l where owner(x) == mover) >= 5): win mover
"""


def timed(text, playouts, runs):
    from mire.engine import load_game
    from mire.engine.analysis.playout import random_playouts
    f = tempfile.NamedTemporaryFile("w", suffix=".mire", delete=False, encoding="utf-8")
    f.write(text)
    f.close()
    try:
        game = load_game(f.name)
        best, summary = None, None
        for _ in range(runs):
            start = time.process_time()
            summary = random_playouts(game, playouts, seed=0)
            spent = time.process_time() - start
            best = spent if best is None else min(best, spent)
        return best, summary
    finally:
        os.unlink(f.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    print("| lines made by | playouts | seconds | playouts/s |")
    print("|---|---|---|---|")
    results = []
    for label, used in (("a `const` (`LINES`)", "LINES"), ("a `def` (`lines()`)", "lines()")):
        spent, summary = timed(RULES.replace("USED", used), args.playouts, args.runs)
        results.append((summary.wins, summary.lengths))
        print(f"| {label} | {args.playouts} | {spent:.2f} | {args.playouts / spent:,.1f} |")
    assert results[0] == results[1]  # (the same games)


if __name__ == "__main__":
    main()
