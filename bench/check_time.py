"""How long a cold `mire check` of each bundled game takes: a fresh Python process each time.

    python bench/check_time.py [--runs N] [--json] [FILE ...]

Each file (default: games/*.mire) is checked in a new process (`mire check FILE`, as a person or a CI job
runs it), N times (default 5); the figure is the best wall time, since a loaded machine only ever adds time.
Python's own start (`python -c pass`) is measured the same way, for reference. The parser's tables are kept
in the user's cache folder after the first run (grammar/parser.py): the first check on a machine is slower.

Speed is measured here and never asserted in tests.
"""
import argparse
import glob
import json
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = "from mire.cli.main import main; main()"


def best_time(args, runs):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, *args], capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        if done.returncode not in (0, None) and args[0] == "-c" and len(args) > 1 and "check" in args:
            raise RuntimeError(f"mire {' '.join(args[2:])} failed:\n{done.stdout}{done.stderr}")
        best = min(best, elapsed)
    return best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    files = args.files or sorted(glob.glob(os.path.join(HERE, "..", "games", "*.mire")))
    best_time(["-c", CHECK, "check", files[0]], 1)  # the parser's tables into the cache, if not there
    rows = [{"game": "(python -c pass)", "seconds": best_time(["-c", "pass"], args.runs)}]
    for path in files:
        rows.append({"game": os.path.splitext(os.path.basename(path))[0],
                     "seconds": best_time(["-c", CHECK, "check", path], args.runs)})
    if args.json:
        print(json.dumps({"python": platform.python_version(), "rows": rows}, indent=2))
        return 0
    width = max(len(r["game"]) for r in rows)
    for r in rows:
        print(f"{r['game'].ljust(width)}  {r['seconds']:.3f} s")
    print(f"\ncold `mire check FILE` in a new process, best of {args.runs}, "
          f"{platform.python_implementation()} {platform.python_version()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
