"""The native backend side by side with the interpreter and hand-written Python, in one run.

    python bench/native.py [--seconds S] [--seed N] [--game NAME ...] [--players N ...] [--no-starts] [--json]
    python bench/native.py --search 1000 [--game NAME ...]   (default: the seed games native plays: Quagmire, Mudwater)
    python bench/native.py --process-starts [--runs R] [--game NAME ...]
    python bench/native.py --perft D [--python-depth P] --game NAME ...

For each game: random playouts from the start per second, for about S seconds each, of
  * the native backend (engine/native: the rules compiled with numba), `NativeGame.summary`,
  * the interpreter's `random_playouts` (what `mire simulate --backend python` plays),
  * plain hand-written Python (bench/handwritten.py: ttt_playout, c4_playout, bt_playout), for those three;
and the native module's first compile, in a new process (`python -c`) and an empty cache directory, as a user's
first compile runs (with the helper process on a second core, engine/native/parallel_compile.py: the wall time, and
the processor time of both processes) and in one process (`MIRE_COMPILE_JOBS=1`); then a cached
start as a user sees it: the whole `mire simulate GAME -n 10 --backend native` process in that cache (the least wall
time of 3, with that run's processor time), and the cached read of its machine code alone. Every process runs as
an installed Mire does, its modules' bytecode read (PYTHONDONTWRITEBYTECODE taken away: set, every start compiles
Mire's modules from source, ~0.2 s more).

`--process-starts`: the whole `mire simulate GAME -n 10` process, cached, with each backend (R runs each, taken in
turns: the least and the middle wall time, and processor time), and where a cached native start's time goes
(perf_counter and the main thread's processor time around each phase, in a new process each run: the least of
R). The caches are made first (a run
that compiles is not counted).

`--perft D`: perft's positions a second (the moves of the last depth counted, per second of processor time) of the
native walk to depth D and of the interpreter's to depth P (default min(D, 3)), in one run, after the native
perft's compile.

Speed is measured here and never asserted in tests: the numbers depend on the machine and its load. Each rate is
per second of this process's processor time (time.process_time: the playouts run on one thread), which a shared,
loaded machine distorts far less than the wall clock; the starts give both.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import handwritten  # noqa: E402

GAMES = ("tic-tac-toe", "connect-four", "breakthrough", "mudwater", "mosquito-show", "quagmire")
SEARCH_GAMES = ("quagmire", "mudwater")  # (--search without --game: the seed games the native backend plays)
HANDWRITTEN = {"tic-tac-toe": handwritten.ttt_playout, "connect-four": handwritten.c4_playout,
               "breakthrough": handwritten.bt_playout}

_START = """
import json, os, time
began, processor = time.perf_counter(), time.process_time()
from mire.engine import load_game
from mire.engine.native import NativeGame
game = NativeGame(load_game({name!r}))
game.summary(1)
helper = os.times()  # (the compile's helper process, engine/native/parallel_compile.py, ended and reaped)
print(json.dumps({{"seconds": time.perf_counter() - began, "module": game.compile_seconds["playouts"],
                  "cpu": time.process_time() - processor,
                  "helper_cpu": helper.children_user + helper.children_system}}))
"""


# a cached native start of `mire simulate GAME -n 10`, phase by phase, as the command runs them (cli/main.py)
_PHASES = """
import json, sys, time
marks = [("python", time.perf_counter(), time.thread_time())]
def mark(what):
    marks.append((what, time.perf_counter(), time.thread_time()))
import click
mark("click")
import mire.cli.main
mark("mire.cli.main (the engine, the loader, the interpreter's compiler)")
from mire.cli.games import resolve
game, _ = resolve({name!r})
mark("the game (its checked entry read, compiled for the interpreter)")
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # (as cli/backend.py does before numpy's import)
import numpy
mark("numpy")
from mire.engine.native.game import numba_missing
numba_missing()  # (numba imported as the command imports it: without PyYAML, engine/native/game.py)
mark("numba (and engine/native's modules)")
from mire.cli.backend import native_for
native = native_for(game, "native", game.min_players, ())
mark("the native start (its entry read, the module imported)")
native.entry("playouts")
mark("the machine code of playouts read")
native.summary(10)
mark("10 playouts")
print(json.dumps([(what, t - before, c - processor) for (what, t, c), (_, before, processor) in zip(marks[1:], marks)]))
"""


def per_second(run_batch, seconds: float) -> float:
    """run_batch(n) plays n playouts; batches grow until about `seconds` of processor time have passed."""
    total, n = 0, 1
    began = time.process_time()
    while True:
        run_batch(n)
        total += n
        elapsed = time.process_time() - began
        if elapsed >= seconds:
            return total / elapsed
        n = max(1, min(2 * n, int((seconds - elapsed) * total / elapsed) + 1))


def bytecode_env(**more) -> dict:
    """This environment as an installed Mire starts in: its modules' bytecode read, not compiled at each start
    (which the first runs write where PYTHONDONTWRITEBYTECODE asked for none)."""
    return {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, **more}


def simulate_command(name: str, backend: str) -> list:
    """`mire simulate NAME -n 10 --backend BACKEND`: what a cached start is measured on, as a user runs it."""
    return [os.path.join(os.path.dirname(sys.executable), "mire"), "simulate", name, "-n", "10", "--backend", backend]


def timed_run(command: list, env: dict) -> tuple[float, float]:
    """The wall seconds of a process, and its processor seconds (user and system)."""
    before = os.times()
    began = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True, env=env)
    after = os.times()
    return (time.perf_counter() - began,
            after.children_user + after.children_system - before.children_user - before.children_system)


def first_compiles(name: str, runs: int) -> dict:
    """`runs` first compiles of each kind, in turns, each in a new process and an empty cache: in one process
    (`MIRE_COMPILE_JOBS=1`, "first_alone") and as a user's runs, with the helper on a second core ("first"); each
    kind's runs sorted by their wall time ("seconds": the process from before its imports)."""
    made: dict = {"first_alone": [], "first": []}
    for _ in range(runs):
        for kind, jobs in (("first_alone", {"MIRE_COMPILE_JOBS": "1"}), ("first", {})):
            with tempfile.TemporaryDirectory() as folder:
                done = subprocess.run([sys.executable, "-c", _START.format(name=name)], capture_output=True,
                                      text=True, check=True, env=bytecode_env(MIRE_CACHE_DIR=folder, **jobs))
                made[kind].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return {kind: sorted(runs_, key=lambda r: r["seconds"]) for kind, runs_ in made.items()}


def start_times(name: str, runs: int = 3, first_runs: int = 1) -> dict:
    """The first compile, in a new process and an empty cache: the seconds of the module's compile ("module") and
    of the process from before its imports to a game ready to play ("seconds", "cpu"). Then a cached start as a
    user sees it: the whole `mire simulate NAME -n 10 --backend native` process in that cache (bytecode written,
    as installed), the least wall time of `runs` with that run's processor time; and the cached read of the
    module's machine code alone ("module")."""
    out: dict = {"first_runs": first_compiles(name, first_runs)}
    out["first"], out["first_alone"] = out["first_runs"]["first"][0], out["first_runs"]["first_alone"][0]
    with tempfile.TemporaryDirectory() as folder:
        env = bytecode_env(MIRE_CACHE_DIR=folder)
        subprocess.run([sys.executable, "-c", _START.format(name=name)], env=env, capture_output=True, text=True,
                       check=True)  # (the module and its machine code, for the cached start)
        command = simulate_command(name, "native")
        subprocess.run(command, capture_output=True, check=True, env=env)  # (the caches the command's path makes)
        wall, cpu = min(timed_run(command, env) for _ in range(runs))
        done = subprocess.run([sys.executable, "-c", _START.format(name=name)], env=env, capture_output=True,
                              text=True, check=True)
        read = json.loads(done.stdout.strip().splitlines()[-1])["module"]
        out["cached"] = {"seconds": wall, "cpu": cpu, "module": read}
    return out


def process_starts(name: str, runs: int) -> dict:
    """A cached start of the whole `mire simulate NAME -n 10` process with each backend, in turns (wall and
    processor seconds of each run, sorted), and the phases of a cached native start (the least of `runs`)."""
    command = {b: simulate_command(name, b) for b in ("native", "python")}
    command["python -c pass"] = [sys.executable, "-c", "pass"]
    times: dict = {b: {"wall": [], "cpu": []} for b in command}
    phases: dict = {}
    env = bytecode_env()
    for b in command:  # (the caches made: the checked game, the native module and its machine code)
        subprocess.run(command[b], capture_output=True, check=True, env=env)
    for _ in range(runs):
        for b in command:
            wall, cpu = timed_run(command[b], env)
            times[b]["wall"].append(wall)
            times[b]["cpu"].append(cpu)
        done = subprocess.run([sys.executable, "-c", _PHASES.format(name=name)], capture_output=True, text=True,
                              check=True, env=env)
        for what, seconds, processor in json.loads(done.stdout.strip().splitlines()[-1]):
            least = phases.get(what, (seconds, processor))
            phases[what] = (min(least[0], seconds), min(least[1], processor))
    for b in times:
        for k in times[b]:
            times[b][k].sort()
    return {"game": name, "times": times, "phases": phases}


def process_table(rows: list) -> str:
    lines = ["| game | native: wall least, middle (processor) | python: wall least, middle (processor) | "
             "`python -c pass` |", "|---|---|---|---|"]
    for r in rows:
        cells = []
        for b in ("native", "python", "python -c pass"):
            wall, cpu = r["times"][b]["wall"], r["times"][b]["cpu"]
            cells.append(f"{wall[0]:.2f} s, {wall[len(wall) // 2]:.2f} s ({cpu[0]:.2f} s)")
        lines.append(f"| {r['game']} | {' | '.join(cells)} |")
    for r in rows:
        lines.append("")
        lines.append(f"{r['game']}, a cached native start phase by phase (the least of the runs: wall, and the "
                     "processor time of the main thread, which a loaded machine distorts less):")
        for what, (seconds, processor) in r["phases"].items():
            lines.append(f"  {seconds * 1000:6.0f} ms {processor * 1000:6.0f} ms  {what}")
        lines.append(f"  {sum(w for w, _ in r['phases'].values()) * 1000:6.0f} ms "
                     f"{sum(c for _, c in r['phases'].values()) * 1000:6.0f} ms  in all, from the first import")
    return "\n".join(lines)


def measure(name: str, seconds: float, seed: int, starts: bool = True, players=None, first_runs: int = 1) -> dict:
    from mire.engine import load_game
    from mire.engine.analysis.playout import random_playouts
    from mire.engine.native import NativeGame
    game = load_game(name)
    native = NativeGame(game, players=players)
    native.summary(1)  # (compiled, or read from the cache, before the clock starts)
    counter = iter(range(10 ** 9))
    rng = random.Random(seed)
    playout = HANDWRITTEN.get(name)
    row = {"game": name if players is None else f"{name} ({players} players)",
           "native": per_second(lambda n: native.summary(n, seed + next(counter)), seconds),
           "interpreter": per_second(lambda n: random_playouts(game, n, seed + next(counter), players=players),
                                     seconds),
           "handwritten": per_second(lambda n: [playout(rng) for _ in range(n)], seconds) if playout else None}
    if starts:
        row.update(start_times(name, first_runs=first_runs))
    return row


def search_seconds(name: str, iterations: int, runs: int = 3) -> dict:
    """Seconds of processor time a move of the search bot takes at the start (the least of `runs`, the bots in
    turns): all in the interpreter ("python"), the interpreter's tree with native rollouts ("rollouts": the imagined
    worlds and the moves down the tree are the interpreter's), and the whole iteration native ("native":
    engine/native/search.py); and the iterations each made (a search may stop early once its choice is settled)."""
    from mire.engine import load_game
    from mire.engine.bots.search import SearchBot
    state = load_game(name).new_state(seed=1)
    bots = {"python": SearchBot(iterations=iterations, seed=3),
            "rollouts": SearchBot(iterations=iterations, seed=3, rollouts="native", tree="python"),
            "native": SearchBot(iterations=iterations, seed=3, rollouts="native")}
    out: dict = {}
    for bot in bots.values():
        bot.choose(state, 0)  # (compiled or read from the cache first)
    for _ in range(runs):
        for rollouts, bot in bots.items():
            began = time.process_time()
            bot.choose(state, 0)
            took = time.process_time() - began
            out[rollouts] = min(out.get(rollouts, took), took)
            out[rollouts + " iterations"] = bot.last["iterations"]
    return out


def perft_speed(name: str, depth: int, python_depth: int) -> dict:
    """Each backend's perft from the start: its counts, seconds of processor time, leaves a second."""
    from mire.engine import load_game
    from mire.engine.analysis.perft import perft
    from mire.engine.native import NativeGame
    game = load_game(name)
    native = NativeGame(game)
    native.perft(1)  # (compiled first: not counted)
    out = {"game": name}
    for backend, run, d in (("native", lambda: native.perft(depth), depth),
                            ("interpreter", lambda: perft(game.new_state(), python_depth), python_depth)):
        began = time.process_time()
        counts = run()
        took = time.process_time() - began
        out[backend] = {"depth": d, "counts": counts, "seconds": took, "per_second": sum(counts) / took}
    return out


def table(rows: list) -> str:
    lines = ["| game | native /s | interpreter /s | hand-written /s | native / interpreter | native / hand-written "
             "| first compile: wall (of the process), processor (+ the helper's) | first compile in one process "
             "(`MIRE_COMPILE_JOBS=1`) | cached start: `mire simulate -n 10` (wall, processor) "
             "| cached start (the machine code read) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        hand = r["handwritten"]  # (None: no hand-written version of the game)
        written = f"{hand:,.0f}" if hand else "-"
        against = f"{r['native'] / hand:.1f}x" if hand else "-"
        first, alone = r.get("first"), r.get("first_alone")
        starts = (f"{first['module']:.1f} s ({first['seconds']:.1f} s), {first['cpu']:.1f} s "
                  f"(+ {first['helper_cpu']:.1f} s) | {alone['module']:.1f} s ({alone['seconds']:.1f} s), "
                  f"{alone['cpu']:.1f} s | {r['cached']['seconds']:.2f} s, {r['cached']['cpu']:.2f} s | "
                  f"{r['cached']['module']:.2f} s") if first else "- | - | - | -"
        lines.append(f"| {r['game']} | {r['native']:,.0f} | {r['interpreter']:,.1f} | {written} | "
                     f"{r['native'] / r['interpreter']:.0f}x | {against} | {starts} |")
    for r in rows:
        for kind, runs in r.get("first_runs", {}).items():
            if len(runs) > 1:
                walls = ", ".join(f"{run['seconds']:.1f}" for run in runs)
                how = "in one process" if kind == "first_alone" else "with the helper"
                lines.append(f"\n{r['game']}, first compiles {how} (wall s of the process, sorted): {walls}")
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--game", action="append", help=f"a game (default: {', '.join(GAMES)}; any other has no "
                    "hand-written version)")
    ap.add_argument("--players", type=int, action="append",
                    help="a player count (default: each game's least); several: a row for each")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--first-runs", type=int, default=1,
                    help="First compiles of each kind (with the helper, in one process), in turns: the table gives "
                         "the least wall time and lists them all (default 1).")
    ap.add_argument("--no-starts", action="store_true", help="The rates alone (no first compile, no cached start).")
    ap.add_argument("--search", type=int, metavar="ITERATIONS",
                    help="Instead: seconds a search move takes at the start, rollouts by each backend.")
    ap.add_argument("--process-starts", action="store_true",
                    help="Instead: a cached start of the whole `mire simulate` process with each backend, and the "
                         "phases of a cached native start.")
    ap.add_argument("--runs", type=int, default=7, help="With --process-starts: runs of each (default 7).")
    ap.add_argument("--perft", type=int, metavar="DEPTH",
                    help="Instead: perft's positions a second, native to DEPTH, the interpreter to --python-depth.")
    ap.add_argument("--python-depth", type=int, help="With --perft: the interpreter's depth (default min(DEPTH, 3)).")
    args = ap.parse_args(argv)
    if args.perft:
        for name in args.game or GAMES:
            r = perft_speed(name, args.perft, args.python_depth or min(args.perft, 3))
            n, p = r["native"], r["interpreter"]
            print(f"{name}: native depth {n['depth']} {n['counts'][-1]:,} in {n['seconds']:.2f} s "
                  f"({n['per_second']:,.0f} positions/s); interpreter depth {p['depth']} {p['counts'][-1]:,} in "
                  f"{p['seconds']:.2f} s ({p['per_second']:,.0f}/s): {n['per_second'] / p['per_second']:.0f}x")
        return
    if args.process_starts:
        rows = [process_starts(name, args.runs) for name in args.game or GAMES]
        print(json.dumps(rows, indent=2) if args.json else process_table(rows))
        return
    if args.search:
        for name in args.game or SEARCH_GAMES:
            took = search_seconds(name, args.search)
            print(f"{name}: {args.search} iterations a move ({took['python iterations']}, "
                  f"{took['rollouts iterations']} and {took['native iterations']} made), the interpreter "
                  f"{took['python']:.3f} s, native rollouts "
                  f"{took['rollouts']:.3f} s ({took['python'] / took['rollouts']:.2f}x), the native tree "
                  f"{took['native']:.3f} s ({took['python'] / took['native']:.1f}x)")
        return
    rows = [measure(name, args.seconds, args.seed, not args.no_starts, players, args.first_runs)
            for name in args.game or GAMES for players in args.players or [None]]
    print(json.dumps(rows, indent=2) if args.json else table(rows))


if __name__ == "__main__":
    main()
