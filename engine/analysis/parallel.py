"""Series of games and perft counts spread over processes (`--jobs N`) or a Ray cluster (`--cluster`).

Game i of a series depends on i alone (its state's seed is seed + i, its bots draw from generators seeded by
(seed, i)), so a series cut into runs of consecutive games, played anywhere and put back together in order,
gives exactly the result one process gives, whatever the number of processes; perft is cut by the first
move of each start (its divide, terminals and chance too). A `Series` says what to play in plain data, so
that another process (or machine) can play a part of it; `run_series`, `run_perft` and `perft_split` take a
runner: None for this process alone, `local(jobs)` for processes of this machine, or engine/analysis/cluster.py's for
Ray (which is imported only there).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from typing import Callable, Optional

import attrs

from ..loader import load_game
from .perft import Branch, PerftReport, Terminals, branch, join, perft_game, started
from .work_bound import TooMuchWork, Work

# runs of games per worker: a few each, so that a worker given short games takes another run
_RUNS_PER_JOB = 4
_LOOK_FOR_THE_DEAD = 0.25  # seconds between two looks for a worker that died, while a result is awaited


@attrs.frozen
class Series:
    """A series of games to play: its kind ("random" playouts, an "arena" of bots, a "balance" run of one
    bot), the game (a bundled name or a path, as load_game reads it) and its settings."""
    kind: str
    game: str
    n: int
    seed: int = 0
    players: Optional[int] = None
    options: tuple = ()
    max_moves: int = 10000
    specs: tuple = ()       # arena: the bot of each seat
    rotate: bool = True     # arena: the bots change seats from game to game
    bot: str = ""           # balance: the bot in every seat
    start: int = 0          # the number of its first game (a series played in batches: balance --until)
    backend: str = "python"  # arena and balance: "native" plays random movers and search bots' lines natively


def play_run(series: Series, start: int, count: int, on_game=None):
    """Games `start` .. `start + count - 1` of a series, in this process: a Summary, an ArenaResult or a
    BalanceRun."""
    from .arena import arena
    from .balance import balance
    from .playout import play_series
    game = load_game(series.game)
    common = dict(seed=series.seed, players=series.players, options=series.options, max_moves=series.max_moves,
                  on_game=on_game, start=start)
    if series.kind == "random":
        return play_series(game, count, **common)
    if series.kind == "arena":
        return arena(game, list(series.specs), count, rotate=series.rotate, backend=series.backend, **common)
    if series.kind == "balance":
        return balance(game, series.bot, count, backend=series.backend, **common)
    raise ValueError(f"no series of kind {series.kind!r}")


def runs(n: int, jobs: int) -> list[tuple[int, int]]:
    """(start, count) of the runs a series of n games is cut into for `jobs` workers."""
    pieces = max(1, min(n, jobs * _RUNS_PER_JOB))
    out, start = [], 0
    for i in range(pieces):
        count = n // pieces + (1 if i < n % pieces else 0)
        out.append((start, count))
        start += count
    return out


def merge(results: list):
    """One result of a series from the results of its runs, in the order of their games."""
    first = results[0]
    for other in results[1:]:
        first.merge(other)
    return first


def run_series(series: Series, runner=None, on_game: Optional[Callable] = None):
    """Play a series: in this process (runner None), or cut into runs played by `runner` (see local), the
    results put back together in the order of the games. `on_game()` is called once a game is done. Ctrl-C
    (KeyboardInterrupt) stops it: the result holds the runs done, and says it was interrupted."""
    if runner is None:
        return play_run(series, series.start, series.n, on_game=(lambda *args: on_game()) if on_game else None)
    parts = [(series.start + start, count) for start, count in runs(series.n, runner.jobs)]
    began = time.perf_counter()
    done = runner.map(play_run, [(series, start, count) for start, count in parts],
                      lambda i, result: _tick(on_game, parts[i][1]))
    results = [r for r in done if r is not None]
    if not results:
        raise KeyboardInterrupt
    out = merge(results)
    summary = _summary(out)
    summary.seconds = time.perf_counter() - began  # the series' own time, not its runs' added up
    if len(results) < len(parts):
        summary.interrupted = True
    return out


def _tick(on_game, count):
    if on_game is not None:
        for _ in range(count):
            on_game()


def _summary(result):
    return result if not hasattr(result, "summary") else result.summary


def branches_after(game: str, seed: int, players, options: tuple, setup, first: int, count: int, depth: int,
                   terminals: Terminals = False, chance: str = "sample",
                   limit: Optional[int] = None) -> list[Branch]:
    """First moves number `first` .. `first + count - 1` of the game's start (the start's draws forced to
    `setup`, when given) and the perft under each, to `depth` moves in all (one start set up for them all);
    their work together bounded by `limit`: past it, they stop, the last branch's `work` over the bound."""
    state = load_game(game).new_state(seed=seed, players=players, options=options, chance=setup)
    moves = state.legal_moves()
    work = Work(limit)
    out: list[Branch] = []
    try:
        for i in range(first, first + count):
            out.append(branch(state, moves[i], depth, terminals, chance, work=work))
    except TooMuchWork:
        out.append(Branch(moves[first + len(out)].text, [0] * (depth - 1), work=work.limit + 1))
    return out


def perft_split(game: str, depth: int, seed=0, players=None, options=(), runner=None,
                terminals: Terminals = False, chance: str = "sample", limit: Optional[int] = None) -> PerftReport:
    """perft from the start (under `expand`: from every outcome of the start's chance, summed), split by the
    first move of each start: the counts, each first move's count (the divide), whether chance was met and,
    when asked, the games that end at each depth by result; the branches worked out by `runner` (None: in
    this process), the same for every runner. TooMuchWork past `limit` of work in all (MAX_ANALYSIS_WORK),
    as soon as the branches done add up to more."""
    loaded = load_game(game)
    if runner is None or depth == 1:
        return perft_game(loaded, depth, chance, seed, players, options, terminals, limit)
    tasks = []
    met = False
    spent = Work(limit)
    for setup, state in started(loaded, chance, seed, players, options, spent):
        met = met or bool(state.setup_draws)
        # the first moves of a start in runs, a state set up for each run (not for each move)
        tasks += [(game, seed, players, tuple(options), setup, first, count, depth, terminals, chance, limit)
                  for first, count in runs(len(state.legal_moves()), runner.jobs)]
    total = Work(limit)
    total.add(spent.done)
    done = runner.map(branches_after, tasks, lambda i, part: total.add(sum(b.work for b in part)))
    if any(p is None for p in done):
        raise KeyboardInterrupt
    parts = [b for part in done for b in part]
    report = join(parts, depth, terminals, limit, spent.done)
    report.met_chance = report.met_chance or met
    return report


def run_perft(game: str, depth: int, seed=0, players=None, options=(), runner=None, chance: str = "sample") -> list:
    """perft(start, depth)'s counts, the moves after each first move counted by `runner` (None: in this
    process); see perft_split for the rest of the report."""
    return perft_split(game, depth, seed, players, options, runner, chance=chance).counts


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class WorkerLost(RuntimeError):
    """A worker process ended without giving its result back (killed, or out of memory)."""


class Local:
    """Runs work in `jobs` processes of this machine (multiprocessing: no Ray here)."""

    def __init__(self, jobs: int):
        self.jobs = jobs

    def map(self, fn, arguments: list, on_result: Optional[Callable] = None) -> list:
        """[fn(*args) for args in arguments], worked out by the processes; on_result(i, result) as each is
        done, in order. Ctrl-C (which the workers leave to this process) stops it: the workers are ended and
        what was not done is None. A worker that dies (the system ends a process that fills its memory) is
        WorkerLost: the pool would start another and wait for the lost work forever."""
        out: list = [None] * len(arguments)
        # fork: the workers start with the games this process has loaded (where there is fork)
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        with EndedBySignals():  # (before the workers start: they set their own signals, see _end_with)
            before = set(multiprocessing.active_children())
            pool = None
            # Ctrl-C is held while the workers are made: one that came while a worker was half made printed a
            # traceback from the worker and left the pool half made, the command hanging; held, it is raised
            # below, inside the try, once the pool can be ended (a worker ignores it: _end_with)
            held = _hold_ctrl_c()
            try:
                pool = context.Pool(min(self.jobs, len(arguments)) or 1, initializer=_end_with,
                                    initargs=(os.getpid(),))
                workers = set(multiprocessing.active_children()) - before
                held = _release_ctrl_c(held)
                pending = [pool.apply_async(fn, args) for args in arguments]
                for i, result in enumerate(pending):
                    while not result.ready():
                        result.wait(_LOOK_FOR_THE_DEAD)
                        if not result.ready() and not all(w.is_alive() for w in workers):
                            raise WorkerLost("a worker process ended without its result (did it run out of "
                                             "memory?); --jobs 1 plays in this process and says what went wrong")
                    out[i] = result.get()
                    if on_result is not None:
                        on_result(i, out[i])
            except KeyboardInterrupt:
                return out
            finally:
                if pool is not None:
                    pool.terminate()
                    pool.join()
                _release_ctrl_c(held)
        return out


def _hold_ctrl_c():
    """Block SIGINT and the ending signals in this thread (where the platform can) while the workers are made: what
    it was before, for _release_ctrl_c. A worker starts with them blocked too, so that a SIGTERM the pool's
    terminate sends it before its initializer has run stays pending, and ends it once _end_with lets it in:
    unblocked, it would trip the Python handler the worker inherited (EndedBySignals'), which _end_with then
    replaces before it runs: the SIGTERM was lost, and the worker waited for work forever, the pool's end for it."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *ENDING_SIGNALS})


def _release_ctrl_c(held):
    """Unblock what _hold_ctrl_c blocked (a Ctrl-C or SIGTERM that came meanwhile is raised now); None."""
    if held is not None:
        blocked = {sig for sig in (signal.SIGINT, *ENDING_SIGNALS) if sig not in held}
        if blocked:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, blocked)
    return None


# the signals that end a command (besides Ctrl-C, which is KeyboardInterrupt)
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class EndedBySignals:
    """While work is out with other processes: SIGTERM and SIGHUP end this process as Ctrl-C would, through its
    `finally` clauses (which end the workers, or cancel the cluster's tasks), instead of at once (which left the
    workers running, holding the output open); the exit status says which signal it was (128 + its number)."""

    def __enter__(self):
        self.before: dict = {}
        try:
            for sig in ENDING_SIGNALS:
                self.before[sig] = signal.signal(sig, _exit_on)
        except ValueError:  # (not the main thread: the signals are left as they are)
            pass
        return self

    def __exit__(self, *exc):
        for sig, handler in self.before.items():
            signal.signal(sig, handler)
        self.before = {}


def _exit_on(signum, frame):
    raise SystemExit(128 + signum)


def _end_with(parent: int):
    """In a worker: Ctrl-C is for the process that started it, which ends the workers; and the worker ends when
    that process ends, however it ends (killed too, when it has no `finally` to run: the worker looks for it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in ENDING_SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # (made while the parent held them, see _hold_ctrl_c: let them in now)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, *ENDING_SIGNALS})
    # a result sent to a parent that is gone ends the worker quietly, as a Unix filter ends, not with a traceback
    # of a broken pipe on the terminal the parent left
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int):
    """End this worker once its parent has ended (it then belongs to another process)."""
    while os.getppid() == parent:
        time.sleep(_LOOK_FOR_THE_DEAD)
    os.kill(os.getpid(), signal.SIGTERM)  # (which a worker leaves to its default: the end of the process)


def runner_for(jobs: Optional[int], cluster: Optional[str] = None):
    """The runner of `--jobs` and `--cluster`: None (this process), Local(jobs), or a Ray cluster's."""
    if cluster:
        from .cluster import RayRunner  # Ray only here: `pip install 'mire[cluster]'`
        return RayRunner(cluster)
    jobs = default_jobs() if jobs is None else jobs
    return None if jobs <= 1 else Local(jobs)
