"""A mutation fuzzer over the bundled games: change a game's text a little, check it, and play a few random
moves of what checks ok. Every outcome must be a diagnostic, a located RuleError or a game: never a
traceback, an internal error or a hang.

    python tests/fuzz.py [--cases 10000] [--seed 1] [--seconds-per-case 10] [--keep DIR]

A case has --seconds-per-case of CPU time (and six times as long on the clock, for one that waits); the figures
of the last runs are in tests/README.md.

--keep DIR writes each case that went wrong to DIR (case-N-GAME.mire), so a hang or a traceback can be
replayed alone (`mire check`, `mire simulate`) and explained.

tests/hostile/test_fuzz.py runs a few hundred cases with a fixed seed; run many more by hand, under a memory cap
(`ulimit -v 2000000`), before trusting a change to the front end or the engine.
"""
from __future__ import annotations

import argparse
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

from mire.engine import RuleError, SetupError, load_game
from mire.engine import loader as _loader
from mire.grammar.diagnostics import MireError
from mire.grammar.frontend import games_dir

CHARACTERS = list("()[]{}:,.=+-*/%\"#<>_ \n\t0123456789aZ") + ["\x1b", "\u202e", "\\", "'", "\r", "\x00"]
WORDS = ["not", "and", "or", "in", "of", "where", "while", "if", "else", "for", "none", "mover", "0", "-1",
         "99999999999999999999", "x", "_", "__class__", "..", "repeat", "choose", "again", "finish", "yes"]
SNIPPETS = [
    "const z = 1 / 0", "const big = 1..300000", "var huge: int = 2", "def loop(n) = loop(n + 1)",
    "trigger grow after move:\n    repeat 40:\n        huge = huge * huge",
    "def peek(p) = p.__class__", "trigger leak at turn start:\n    log \"{peek(mover)}\"",
    "board wide: grid 64 x 64", "option o \"x\" uses \"../../etc/passwd\"",
]


class Hang(Exception):
    """A case ran past its bound: args[0] says which (CPU time, or time on the clock while waiting)."""

# A case is bounded in the CPU time it spends (`seconds`), not the time on the clock: at `nice -n 10` on a machine
# busy with other work, a case of 0.6 s of CPU (a 64 x 64 board shown after every move) took over 10 s on the
# clock and was told as a hang (tests/README.md, the fuzzer's figures), while an endless loop burns CPU time
# wherever it runs. The clock still bounds a case that waits without working (a read that never returns), at
# WAIT_FACTOR times as long.
WAIT_FACTOR = 6


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    kind = rng.randrange(7)
    if kind == 0 and text:
        i = rng.randrange(len(text))
        return text[:i] + text[i + 1:]
    if kind == 1:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(CHARACTERS) + text[i:]
    if kind == 2 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 3:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    words = text.split(" ")
    if kind == 4 and len(words) > 2:
        i, j = rng.randrange(len(words)), rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
        return " ".join(words)
    if kind == 5 and words:
        i = rng.randrange(len(words))
        words[i] = rng.choice(WORDS + words)
        return " ".join(words)
    at = rng.choice([i for i, line in enumerate(lines) if not line.startswith(" ")] or [0])
    lines.insert(at, rng.choice(SNIPPETS))
    return "\n".join(lines)


def play(game, rng: random.Random, playouts=2, moves=60) -> None:
    for seed in range(playouts):
        try:
            state = game.new_state(seed=seed)
        except (RuleError, SetupError):
            continue
        for _ in range(moves):
            if state.is_over():
                break
            try:
                legal = state.legal_moves()
            except RuleError:
                break
            if not legal:
                break
            move = legal[rng.randrange(len(legal))]
            state.view(state.to_move)
            try:
                state.apply(move)
            except RuleError:
                break
        if state.is_over():
            state.outcome()


def run_case(folder: Path, name: str, text: str, rng: random.Random, seconds: int,
             tally: dict | None = None) -> str | None:
    """None when the case ended well; else what went wrong. `tally` counts how cases ended."""
    tally = tally if tally is not None else {}
    path = folder / f"{name}.mire"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    _loader._CACHE.clear()

    def out_of_cpu(signum, frame):
        raise Hang(f"no answer in {seconds} s of CPU time")

    def out_of_clock(signum, frame):
        raise Hang(f"no answer in {seconds * WAIT_FACTOR} s on the clock, most of it waiting")
    signal.signal(signal.SIGPROF, out_of_cpu)
    signal.signal(signal.SIGALRM, out_of_clock)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.alarm(seconds * WAIT_FACTOR)
    started = time.process_time()
    try:
        try:
            game = load_game(str(path))
        except MireError as err:
            tally["diagnostics"] = tally.get("diagnostics", 0) + 1
            for d in err.diagnostics:
                shown = d.render(err.sources.get(d.path))
                if any(ch in shown for ch in "\x1b\x00\u202e"):
                    return "a diagnostic shows a raw control character"
            return None
        tally["played"] = tally.get("played", 0) + 1
        play(game, rng)
        return None
    except Hang as hang:
        return str(hang)
    except Exception:  # noqa: BLE001 - this is what the fuzzer looks for
        return traceback.format_exc()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.alarm(0)
        spent = time.process_time() - started
        if spent > tally.get("slowest", (0.0, ""))[0]:
            tally["slowest"] = (spent, name)


def fuzz(cases: int, seed: int, seconds: int = 10, out=print, tally: dict | None = None,
         keep: Path | None = None) -> list[tuple[str, str]]:
    """Run `cases` mutated games; return [(description, problem)] for those that went wrong; `tally` counts
    the cases that ended in diagnostics and those that were played; `keep` is a folder where each case that
    went wrong is written."""
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="mire-fuzz-"))
    try:
        for item in games_dir().iterdir():  # the games and their data files, so data paths still resolve
            if item.is_dir() and not item.name.startswith("__"):
                shutil.copytree(item, folder / item.name)
        sources = {p.stem: p.read_text(encoding="utf-8") for p in games_dir().glob("*.mire")}
        names = sorted(sources)
        failures = []
        started = time.monotonic()
        for i in range(cases):
            if i and i % 1000 == 0:
                out(f"{i} cases in {time.monotonic() - started:.0f} s, {len(failures)} went wrong")
            name = rng.choice(names)
            text = sources[name]
            for _ in range(rng.randrange(1, 4)):
                text = mutate(text, rng)
            problem = run_case(folder, name, text, rng, seconds, tally)
            if problem is not None:
                failures.append((f"case {i}: a mutation of {name}", problem))
                if keep is not None:
                    keep.mkdir(parents=True, exist_ok=True)
                    (keep / f"case-{i}-{name}.mire").write_text(text, encoding="utf-8", errors="surrogateescape")
                out(f"case {i} ({name}): {problem.strip().splitlines()[-1]}")
        return failures
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        _loader._CACHE.clear()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds-per-case", type=int, default=10)
    ap.add_argument("--keep", type=Path, default=None, help="a folder to write each case that went wrong to")
    args = ap.parse_args()
    tally: dict = {}
    failures = fuzz(args.cases, args.seed, args.seconds_per_case, tally=tally, keep=args.keep,
                    out=lambda line: print(line, flush=True))
    slowest, which = tally.get("slowest", (0.0, ""))
    print(f"{args.cases} cases, seed {args.seed}: {tally.get('diagnostics', 0)} refused with diagnostics, "
          f"{tally.get('played', 0)} played; {len(failures)} went wrong; the slowest took {slowest:.1f} s of CPU "
          f"time (a mutation of {which})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
