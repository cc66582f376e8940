"""What `ensure` costs: perft of a game with `ensure`s, three ways, in this process, processor time.

    python bench/ensure.py [--depth 3] [--runs 3] [GAME ...]        (default: tests/games/chess.mire)

* `answered early`: as `mire perft` runs it — a move that changes nothing an `ensure` reads takes the answer
  the condition had on the position before the moves (engine/build/kept_ensure.py, engine/run/watching.py);
* `read every move`: the same rules with that turned off (each action's `watched` emptied): every move tried
  reads its `ensure`s on the position it leaves, as before;
* `no ensure`: the file with its `ensure` lines taken out (pseudo-legal moves: the floor of what the moves cost
  without the legality test; its counts differ once a move may leave the king attacked, from depth 4 of chess).

Each is the best of --runs, in seconds of processor time (the machine is shared: wall time says little).
"""
import argparse
import os
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(game, depth, runs, early=True):
    from mire.engine.analysis.perft import perft
    for act in game.compiled.actions:
        act.watched = act.watched if early else ()
    best, counts = None, None
    for _ in range(runs):
        state = game.new_state(seed=0, records=False)
        start = time.process_time()
        counts = perft(state, depth, limit=10 ** 12)
        spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    return best, counts


def without_ensures(path):
    """A copy of the rules file without its `ensure` lines (one line each in the games measured)."""
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f if not line.lstrip().startswith("ensure ")]
    out = tempfile.NamedTemporaryFile("w", suffix=".mire", delete=False, encoding="utf-8")
    out.writelines(lines)
    out.close()
    return out.name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=[os.path.join(ROOT, "tests", "games", "chess.mire")])
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    from mire.engine import load_game
    print("| game | depth | answered early (s) | read every move (s) | no ensure (s) | counts |")
    print("|---|---|---|---|---|---|")
    for path in args.games:
        early, counts = timed(load_game(path), args.depth, args.runs)
        every, again = timed(load_game(path), args.depth, args.runs, early=False)
        assert counts == again, (counts, again)
        bare = without_ensures(path)
        try:
            floor, pseudo = timed(load_game(bare), args.depth, args.runs)
        finally:
            os.unlink(bare)
        name = os.path.basename(path)
        print(f"| {name} | {args.depth} | {early:.2f} | {every:.2f} | {floor:.2f} | {counts[-1]:,}"
              + ("" if pseudo == counts else f" ({pseudo[-1]:,} without)") + " |")


if __name__ == "__main__":
    main()
