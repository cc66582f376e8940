"""How `--jobs` scales: `mire simulate` with 1 process and with more, side by side.

    python bench/jobs.py [--jobs 1,2] [--rounds R] [-n N] [GAME[:PLAYERS] ...]

Each game is simulated with each number of processes in turn, R rounds (default 3), each run a new process
(`mire simulate GAME -n N --jobs J --json`); the figure is the best playouts per second of each (the CLI's
own clock, the game's loading left out), and the speed-up against the first number. The results themselves
are the same for every number of processes (tests/engine/test_parallel.py). On a machine shared with other work the
speed-up is what the cores left free allow: say how loaded the machine was (`uptime`) with the figures.
"""
import argparse
import json
import os
import subprocess
import sys

CHECK = "from mire.cli.main import main; main()"
DEFAULT = ["mosquito-show:2000", "quagmire:3:1000", "queensland:2:150"]


def simulate(game, players, n, jobs):
    args = [sys.executable, "-c", CHECK, "simulate", game, "-n", str(n), "--jobs", str(jobs), "--json"]
    if players:
        args += ["--players", players]
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(done.stderr)
    return json.loads(done.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", metavar="GAME[:PLAYERS][:N]")
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    counts = [int(j) for j in args.jobs.split(",")]
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for item in args.games or DEFAULT:
        parts = item.split(":")
        game = parts[0]
        players = parts[1] if len(parts) == 3 else None
        n = int(parts[-1]) if len(parts) >= 2 else 1000
        best = {j: 0.0 for j in counts}
        results = set()
        for _ in range(args.rounds):
            for j in counts:
                out = simulate(game, players, n, j)
                best[j] = max(best[j], out.pop("playouts_per_second"))
                results.add(json.dumps(out, sort_keys=True))
        same = "same results" if len(results) == 1 else "RESULTS DIFFER"
        cells = "  ".join(f"--jobs {j}: {best[j]:8.1f}/s ({best[j] / best[counts[0]]:.2f}x)" for j in counts)
        print(f"{item:24} {cells}  {same}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
