"""Speed of Mire's engine against hand-written Python, on random playouts.

    python bench/compare.py [--seconds S] [--seed N] [--game NAME ...] [--json]

For each game, times uniformly random playouts of the hand-written version
(bench/handwritten.py) and of the Mire version (the bundled .mire rules run by
mire.engine), each for about S seconds of wall time (time.perf_counter), counting
whole playouts, and prints playouts per second and the ratio Mire / hand-written.

If mire.engine.analysis.playout.random_playouts exists, it is measured too, as a second Mire
row per game.  If the engine cannot be imported or a game fails to load or play,
the Mire rows say so and the hand-written numbers are still printed.

Speed is measured here and never asserted in tests: the numbers depend on the machine.
"""
import argparse
import json
import os
import platform
import random
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import handwritten  # noqa: E402

GAMES = ("tic-tac-toe", "connect-four")
RANDOM_PLAYOUTS_SKIPPED = ""   # why mire.engine.analysis.playout was skipped, if not simply absent


def mire_playout(state, rng):
    """One uniformly random playout from the current state with the engine's random bot and playout
    loop, then undo back to it.

    Returns the number of moves played."""
    from mire.engine.analysis.playout import play_game
    from mire.engine.bots import RandomBot
    n = play_game(state, [RandomBot(rng)] * state.num_players).length
    state.undo(n)
    return n


def time_calls(call, seconds):
    """Call call() repeatedly for about `seconds`; return (whole calls, elapsed seconds)."""
    count = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        call()
        count += 1
        now = clock()
        if now >= deadline:
            return count, now - start


def time_batches(run_batch, seconds):
    """Time run_batch(n, i) (which plays n playouts) in growing batches for about
    `seconds`; return (whole playouts, elapsed seconds)."""
    clock = time.perf_counter
    total, batch, n = 0, 0, 1
    start = clock()
    while True:
        run_batch(n, batch)
        total += n
        batch += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return total, elapsed
        rate = total / elapsed if elapsed > 0 else float("inf")
        remaining = int((seconds - elapsed) * rate) + 1
        n = max(1, min(2 * n, remaining))


def measurement(count, elapsed):
    return {"playouts": count, "seconds": round(elapsed, 4), "per_second": count / elapsed}


def measure_handwritten(name, seconds, seed):
    playout = handwritten.GAMES[name]
    rng = random.Random(seed)
    return measurement(*time_calls(lambda: playout(rng), seconds))


def load_engine():
    """Return (load_game, random_playouts or None, None) or (None, None, message)."""
    try:
        from mire.engine import load_game
    except ImportError as exc:
        return None, None, (f"mire.engine is not available yet ({exc}); "
                            "only the hand-written side was measured")
    global RANDOM_PLAYOUTS_SKIPPED
    try:
        from mire.engine.analysis.playout import random_playouts
    except ImportError as exc:
        random_playouts = None
        if not (isinstance(exc, ModuleNotFoundError) and exc.name == "mire.engine.analysis.playout"):
            RANDOM_PLAYOUTS_SKIPPED = f" ({type(exc).__name__}: {exc})"   # exists but broken
    return load_game, random_playouts, None


def measure_mire_loop(load_game, name, seconds, seed):
    game = load_game(name)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    start_history = list(state.history)
    mire_playout(state, rng)                     # warm-up, and a check that undo restores
    if list(state.history) != start_history or state.is_over():
        raise RuntimeError("state not back at the start after a playout and its undos")
    return measurement(*time_calls(lambda: mire_playout(state, rng), seconds))


def measure_mire_random_playouts(load_game, random_playouts, name, seconds, seed):
    game = load_game(name)
    return measurement(*time_batches(lambda n, i: random_playouts(game, n, seed + i), seconds))


def run(games, seconds, seed, show_tracebacks=True):
    load_game, random_playouts, engine_problem = load_engine()
    rows = []
    for name in games:
        hand = measure_handwritten(name, seconds, seed)
        variants = [("state loop", measure_mire_loop, (load_game,))]
        if random_playouts is not None:
            variants.append(("random_playouts", measure_mire_random_playouts,
                             (load_game, random_playouts)))
        for label, measure, extra in variants:
            row = {"game": name, "mire_variant": label, "handwritten": hand,
                   "mire": None, "ratio": None, "error": None,
                   "unavailable": bool(engine_problem)}
            if engine_problem:
                row["error"] = engine_problem
            else:
                try:
                    row["mire"] = measure(*extra, name, seconds, seed)
                    row["ratio"] = row["mire"]["per_second"] / hand["per_second"]
                except Exception as exc:   # the engine is under development: report, go on
                    row["error"] = f"{type(exc).__name__}: {exc}"
                    if show_tracebacks:
                        traceback.print_exc()
            rows.append(row)
    return {
        "seconds": seconds,
        "seed": seed,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": platform.machine(),
        "engine_problem": engine_problem,
        "random_playouts_available": random_playouts is not None,
        "rows": rows,
    }


def format_table(result):
    header = ("game", "Mire side", "hand-written/s", "Mire/s", "ratio Mire/hand")
    lines = []
    for row in result["rows"]:
        hand = f"{row['handwritten']['per_second']:,.0f}"
        if row["error"]:
            mire, ratio = "-", ("not available" if row["unavailable"] else "failed") + " (see below)"
        else:
            mire = f"{row['mire']['per_second']:,.0f}"
            r = row["ratio"]
            ratio = f"{r:.3g}" + (f"  (1/{1 / r:.3g})" if 0 < r < 1 else "")
        lines.append((row["game"], row["mire_variant"], hand, mire, ratio))
    widths = [max(len(x[i]) for x in [header] + lines) for i in range(4)]

    def fmt(cells):
        return "  ".join([cells[0].ljust(widths[0]), cells[1].ljust(widths[1]),
                          cells[2].rjust(widths[2]), cells[3].rjust(widths[3]), cells[4]])

    out = [fmt(header), fmt(["-" * w for w in widths] + ["-" * len(header[4])])]
    out += [fmt(x) for x in lines]
    out.append("")
    out.append(f"about {result['seconds']:g} s per measurement, seed {result['seed']}, "
               f"{result['python']} on {result['machine']}")
    if result["engine_problem"]:
        out.append(f"Mire rows: {result['engine_problem']}")
    else:
        for row in result["rows"]:
            if row["error"]:
                out.append(f"Mire {row['game']} / {row['mire_variant']} failed: {row['error']}")
        if not result["random_playouts_available"]:
            out.append("mire.engine.analysis.playout.random_playouts not found: that row is skipped"
                       + RANDOM_PLAYOUTS_SKIPPED)
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0,
                    help="time each measurement for about this long (default 3)")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--game", action="append", choices=GAMES,
                    help="only this game (repeatable; default: all)")
    ap.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = ap.parse_args(argv)
    result = run(args.game or GAMES, args.seconds, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(format_table(result))
    # exit 1 only when the engine is there but failed; an absent engine is not an error
    return 1 if any(r["error"] and not r["unavailable"] for r in result["rows"]) else 0


if __name__ == "__main__":
    sys.exit(main())
