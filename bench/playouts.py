"""Random playouts per second of whole games through `mire simulate`, as a person runs it.

    python bench/playouts.py [--seconds S] [--seed N] [--json] [GAME[:PLAYERS] ...]

GAME is a bundled game's name or a path to a .mire file; PLAYERS a player count (default: the game's
minimum). Without games: the classics, the rules-heavy Othello of tests/games (a long game with many moves
a turn) and the four seed games at each player count. Each is timed by `mire simulate` itself (its own
clock: playouts done / seconds, the game's loading left out), on one core (`--jobs 1` where the version has
it), run in this process with growing -n until about S seconds have passed; the figure is the rate of the
last, longest run.

Speed is measured here and never asserted in tests: the numbers depend on the machine and its load.
"""
import argparse
import json
import os
import platform
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OTHELLO = os.path.join(HERE, "..", "tests", "games", "othello.mire")

DEFAULT = ["tic-tac-toe", "connect-four", "breakthrough", OTHELLO, "mosquito-show", "mudwater",
           "quagmire:2", "quagmire:3", "quagmire:4", "queensland:2", "queensland:3", "queensland:4"]


def simulate(game, players, n, seed):
    """`mire simulate GAME -n N --json` in this process: its result as a dict."""
    from click.testing import CliRunner

    from mire.cli.main import main
    args = ["simulate", game, "-n", str(n), "--seed", str(seed), "--json"]
    if players is not None:
        args += ["--players", str(players)]
    if any(p.name == "jobs" for p in main.commands["simulate"].params):
        args += ["--jobs", "1"]  # one core: bench/jobs.py measures more
    done = CliRunner().invoke(main, args, catch_exceptions=False)
    if done.exit_code != 0:
        raise RuntimeError(f"mire {' '.join(args)} failed: {done.output.strip()}")
    return json.loads(done.output)


def measure(item, seconds, seed):
    """Playouts per second of one GAME[:PLAYERS], from `mire simulate` runs of growing length."""
    game, _, players = item.partition(":")
    players = int(players) if players else None
    n, result = 1, None
    while True:
        result = simulate(game, players, n, seed)
        rate = result["playouts_per_second"]
        spent = n / rate if rate else 0
        if spent >= seconds or n >= 1_000_000:
            break
        n = max(n + 1, min(n * 4, int(seconds * rate * 1.1) + 1))
    length = result["length"]["mean"]
    return {"game": label(item), "players": result["players"], "playouts": n, "per_second": rate,
            "moves_per_second": rate * length, "mean_length": length}


def label(item):
    game, sep, players = item.partition(":")
    name = os.path.splitext(os.path.basename(game))[0]
    return name + (f" ({players} players)" if sep else "")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", metavar="GAME[:PLAYERS]")
    ap.add_argument("--seconds", type=float, default=3.0, help="about this long per game (default 3)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = ap.parse_args(argv)
    rows = [measure(item, args.seconds, args.seed) for item in args.games or DEFAULT]
    if args.json:
        print(json.dumps({"python": platform.python_version(), "rows": rows}, indent=2))
        return 0
    width = max(len(r["game"]) for r in rows)
    print(f"{'game'.ljust(width)}  playouts/s  moves/s   mean length")
    for r in rows:
        print(f"{r['game'].ljust(width)}  {r['per_second']:10,.1f}  {r['moves_per_second']:8,.0f}  "
              f"{r['mean_length']:8.1f}")
    print(f"\n`mire simulate`, about {args.seconds:g} s a game, seed {args.seed}, "
          f"{platform.python_implementation()} {platform.python_version()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
