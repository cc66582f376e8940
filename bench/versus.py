"""Two versions of Mire side by side, on a loaded machine: one benchmark, item by item, each item under the
first Python then the second, in alternation, several rounds; the best figure of each.

    python bench/versus.py --before PYTHON [--after PYTHON] [--rounds R] SCRIPT [ITEM ...] [-- ARGS]

PYTHON is an interpreter with a version of Mire installed (a virtual environment's bin/python; --after
defaults to this one). SCRIPT is a benchmark of this folder that takes items and --json: playouts.py (items
GAME[:PLAYERS], metric playouts per second, higher is better), check_time.py (items game files, metric
seconds, lower is better) or big_file.py (items check, fmt, fmt-formatted; seconds). Alternating item by
item makes a load that comes and goes fall on both versions alike; compare the ratios, not the absolute
figures.

    python bench/versus.py --before /tmp/base/bin/python playouts.py -- --seconds 2
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
METRICS = {"playouts.py": ("per_second", max, "playouts/s"), "check_time.py": ("seconds", min, "s"),
           "big_file.py": ("seconds", min, "s")}


def run(python, script, items, args):
    out = subprocess.run([python, os.path.join(HERE, script), "--json", *args, *items],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{python} {script} {' '.join(items)} failed:\n{out.stderr}")
    return json.loads(out.stdout)["rows"]


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, help="the Python of the version to compare against")
    ap.add_argument("--after", default=sys.executable, help="the Python of the version measured (default: this)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("script", choices=sorted(METRICS))
    ap.add_argument("items", nargs="*")
    args = ap.parse_args(argv)
    key, best, unit = METRICS[args.script]
    items = args.items or [None]
    table = {}
    for _ in range(args.rounds):
        for item in items:
            for side, python in (("before", args.before), ("after", args.after)):
                for row in run(python, args.script, [item] if item else [], extra):
                    cell = table.setdefault(row["game"], {})
                    cell[side] = row[key] if side not in cell else best(cell[side], row[key])
    width = max(len(g) for g in table)
    print(f"{'item'.ljust(width)}  {'before':>12}  {'after':>12}  after/before")
    for game, cell in table.items():
        b, a = cell.get("before"), cell.get("after")
        ratio = f"{a / b:.2f}x" if a and b else "-"
        print(f"{game.ljust(width)}  {b:12,.3f}  {a:12,.3f}  {ratio}   ({unit})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
