"""How long `mire check` and `mire fmt` take on a rules file of about 1 MB (the most a rules file may be).

    python bench/big_file.py [--runs N] [--json] [ITEM ...]

The file is made here: a small game and then one action after another (each with a comment, and a missing
space for `mire fmt` to put back), to just under 1,000,000 bytes. Items: `check` (`mire check FILE`), `fmt`
(`mire fmt --check FILE` of that file, which fmt would change: the result is parsed again to be compared) and
`fmt-formatted` (`mire fmt --check` of the file already formatted). Each is run in a new process N times
(default 3); the figures are the best wall time and the best processor time (user and system), since a loaded
machine only ever adds time; the processor time is the less disturbed by other work. Works with
versus.py, to compare two versions side by side.

Speed is measured here and never asserted in tests.
"""
import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time

MIRE = "from mire.cli.main import main; main()"
HEAD = 'game "Big"\nplayers 2 named X, O\nboard cells: grid 3 x 3\npiece mark\n\n'
ACTION = '''# action number {i}
action place_{i}(c in cells where empty(c)):
    place mark for mover at c   # a comment
    if in_a_row(c,3): win mover because "three in a row"

'''
TAIL = 'when stuck: draw because "the board is full"\n'
SIZE = 990_000
ITEMS = ("check", "fmt", "fmt-formatted")


def big_source() -> str:
    parts, size, i = [HEAD], len(HEAD) + len(TAIL), 0
    while size + len(ACTION.format(i=i)) <= SIZE:
        parts.append(ACTION.format(i=i))
        size += len(parts[-1])
        i += 1
    return "".join(parts) + TAIL


def best_times(args, runs, ok=(0,)):
    """The best wall time and the best processor time (user and system) of `mire ARGS` over `runs` runs."""
    best = cpu_best = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", MIRE, *args], capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode not in ok:
            raise RuntimeError(f"mire {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
        best = min(best, elapsed)
        cpu_best = min(cpu_best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best, cpu_best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("items", nargs="*", help=f"any of {', '.join(ITEMS)} (default: all)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if set(args.items) - set(ITEMS):
        ap.error(f"items are {', '.join(ITEMS)}")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        big = os.path.join(folder, "big.mire")
        formatted = os.path.join(folder, "formatted.mire")
        with open(big, "w", encoding="utf-8") as f:
            f.write(big_source())
        with open(big, "rb") as source, open(formatted, "wb") as result:
            subprocess.run([sys.executable, "-c", MIRE, "fmt", "-"], stdin=source, stdout=result, check=True)
        commands = {"check": (["check", big], (0,)), "fmt": (["fmt", "--check", big], (1,)),
                    "fmt-formatted": (["fmt", "--check", formatted], (0,))}
        for item in args.items or ITEMS:
            command, ok = commands[item]
            wall, cpu = best_times(command, args.runs, ok)
            size = os.path.getsize(big if item != "fmt-formatted" else formatted)
            rows.append({"game": f"{item} ({size:,} bytes)", "seconds": wall, "cpu_seconds": cpu})
    if args.json:
        print(json.dumps({"python": platform.python_version(), "rows": rows}, indent=2))
        return 0
    width = max(len(r["game"]) for r in rows)
    for r in rows:
        print(f"{r['game'].ljust(width)}  {r['seconds']:6.2f} s  (processor {r['cpu_seconds']:6.2f} s)")
    print(f"\nin a new process, best of {args.runs}, {platform.python_implementation()} {platform.python_version()}; "
          f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
