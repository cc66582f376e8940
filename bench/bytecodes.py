"""Python bytecodes executed per random playout: a measure of the engine's work that a loaded machine does not
disturb (timings on a shared machine vary by 20% from run to run; this count does not vary at all).

    python bench/bytecodes.py [--top N] GAME[:PLAYERS][@GAMES] ...

GAME is a bundled game's name or a path to a .mire file; PLAYERS a player count (default: the game's minimum);
GAMES how many playouts to count over (default 10), seeds 0.. as `mire simulate --seed 0` plays them (after one
playout that is not counted, so that what is made once per state is left out). `--top N` also lists the N
functions that execute the most, by qualified name (`_f123` and the like are functions built from the rules;
see engine/build/expressions.py).

Bytecodes are not time: a C call that does much (sorting, hashing, seeding a generator) counts as one. Use it to
compare two versions of the engine on the same item, and check a change that it says is neutral with a timing
(bench/versus.py). Run under sys.settrace: about 50 times slower than the playouts themselves.
"""
import argparse
import sys
from collections import Counter


def count(item, top):
    from mire.engine import load_game
    from mire.engine.analysis.playout import random_playouts
    spec, _, games = item.partition("@")
    name, _, players = spec.partition(":")
    game = load_game(name)
    n = int(players) if players else None
    k = int(games) if games else 10
    random_playouts(game, 1, seed=0, players=n)
    by: Counter = Counter()

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        if event == "opcode":
            by[frame.f_code] += 1
        return tracer

    sys.settrace(tracer)
    try:
        random_playouts(game, k, seed=0, players=n)
    finally:
        sys.settrace(None)
    total = sum(by.values())
    print(f"{item:32s} {total / k:14,.0f} bytecodes a playout")
    for code, c in by.most_common(top):
        where = f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_firstlineno}"
        print(f"    {100 * c / total:5.1f}% {c / k:12,.0f}  {code.co_qualname} ({where})")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("items", nargs="+", metavar="GAME[:PLAYERS][@GAMES]")
    ap.add_argument("--top", type=int, default=0, help="list the N functions that execute the most")
    args = ap.parse_args(argv)
    for item in args.items:
        count(item, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
