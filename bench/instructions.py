"""Machine instructions per random game, counted by valgrind: a measure of the engine's work that neither a loaded
machine nor a drifting clock changes (timings here vary by 20% from run to run).

    python bench/instructions.py [--commit C ...] [--path DIR ...] [--games N1,N2] [--hash-seeds 0,1,2]
                                 GAME[:PLAYERS] ...

For each version (the Mire this Python imports; each --commit of this repository, unpacked into a temporary
folder of its own; each --path, a folder that holds a `mire` package, put first on PYTHONPATH), each GAME is
played N1 and then N2 times in a row from one state, as `mire simulate` plays a series of random movers
(State.restart, then a random game); the difference of the two counts over N2 - N1 is one game's
instructions, without the cost of loading the game.

The same code executes a few per cent more or fewer instructions with another PYTHONHASHSEED (dicts and sets
lay out their keys otherwise), and up to 1.6% more or fewer from another folder: each count is made under every
hash seed given, and their mean is reported. A change smaller than that spread is not told apart from none.

Needs valgrind (callgrind); about 50 times slower than the games themselves. A commit must have
engine/analysis/playout.py and State.restart; an older one (the issue's baseline 7473c08) is counted through
`mire simulate` instead: bench/README.md, "Fifth pass", says how.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PLAY = """
from mire.engine import load_game
from mire.engine.analysis.playout import play_game, series_rng
from mire.engine.bots import RandomBot
g = load_game({game!r})
try:
    s = g.new_state(seed=0, players={players}, records=False)
except TypeError:  # (a version from before states without records, such as the issue's baseline)
    s = g.new_state(seed=0, players={players})
for i in range({n}):
    s.restart(i)
    play_game(s, [RandomBot(series_rng(0, i))] * s.num_players)
"""


def unpack(commit, into):
    """The `mire` package of a commit of this repository, in `into`: a folder to put on PYTHONPATH."""
    src = os.path.join(into, "src")
    os.makedirs(src)
    archive = subprocess.run(["git", "-C", ROOT, "archive", commit], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", src], input=archive, check=True)
    package = os.path.join(into, "mire")
    shutil.copytree(os.path.join(src, "mire_pkg"), package)
    for part in ("grammar", "engine", "cli", "games"):
        shutil.copytree(os.path.join(src, part), os.path.join(package, part))
    return into


def count(path, game, players, n, hash_seed):
    """Instructions of one run of PLAY (valgrind's total), with `path` first on PYTHONPATH (None: as installed)."""
    env = dict(os.environ, PYTHONHASHSEED=str(hash_seed))
    if path is not None:
        env["PYTHONPATH"] = path
    code = PLAY.format(game=game, players=players, n=n)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          code], capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode != 0 or found is None:
        raise RuntimeError(f"{game} failed under valgrind:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_game(path, item, games, hash_seeds):
    """[instructions of one game under each hash seed]."""
    game, _, players = item.partition(":")
    n1, n2 = games
    return [(count(path, game, players or "None", n2, h) - count(path, game, players or "None", n1, h)) // (n2 - n1)
            for h in hash_seeds]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("items", nargs="+", metavar="GAME[:PLAYERS]")
    ap.add_argument("--commit", action="append", default=[],
                    help="a commit of this repository to count (repeatable; default: the Mire installed)")
    ap.add_argument("--path", action="append", default=[],
                    help="a folder holding a `mire` package to count (repeatable; after the commits)")
    ap.add_argument("--games", default="2,6", help="N1,N2: the two series played (default 2,6)")
    ap.add_argument("--hash-seeds", default="0,1,2", help="the PYTHONHASHSEEDs to count under (default 0,1,2)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed")
    games = tuple(int(x) for x in args.games.split(","))
    hash_seeds = [int(x) for x in args.hash_seeds.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        versions = [(c, unpack(c, os.path.join(tmp, c))) for c in args.commit] + \
            [(os.path.basename(os.path.normpath(p)), p) for p in args.path] or [("installed", None)]
        print(f"{'item':24} {'version':12} {'instructions a game':>20}  (per hash seed {args.hash_seeds})")
        for item in args.items:
            first = None
            for name, path in versions:
                counts = per_game(path, item, games, hash_seeds)
                mean = sum(counts) // len(counts)
                change = "" if first is None else f"  {100 * (mean - first) / first:+.1f}%"
                first = mean if first is None else first
                print(f"{item:24} {name:12} {mean:>20,}{change}  ({', '.join(f'{c:,}' for c in counts)})",
                      flush=True)


if __name__ == "__main__":
    main()
