"""The analyses' random movers on the native backend: the games of an arena or a balance run between random
bots, and solve's walk over every line of uniform random play (engine/analysis/arena.py, balance.py, solve.py
call these when they are given a NativeGame).

A native series draws with the compiled generator (splitmix64, one stream a game: game i depends on (seed, i)
alone), so it is another sample than the interpreter's with that seed; the same games as `mire simulate
--backend native` with that seed. Solve follows every move, so it has no draws: its result is the interpreter's,
fraction for fraction, and so is the number of positions it visits.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterator, Optional, cast

from ...grammar.limits import ANALYSIS_STEPS_PER_MOVE, MAX_SOLVE_NODES
from ..analysis.playout import GameRecord
from .game import NativeGame

CHUNK = 2000  # games played natively between two looks from Python (progress, Ctrl-C)


def records(native: NativeGame, count: int, seed: int, first: int, max_moves: int) -> Iterator[tuple[int, GameRecord]]:
    """(i, how game i ended) for games first .. first + count - 1 of a native series of random movers."""
    import numpy as np
    playouts = native.entry("playouts")
    done = 0
    while done < count:
        size = min(CHUNK, count - done)
        results = np.zeros((size, 4), np.int64)
        playouts(native.start, seed, first + done, size, max_moves, results)
        for k, (length, over, kind, who) in enumerate(results.tolist()):
            # (a NativeOutcome has what a summary reads of an Outcome: winners, draw, scores)
            yield first + done + k, GameRecord(length, cast(Any, native.outcome(kind, who)) if over else None)
        done += size


def balance_counts(native: NativeGame, count: int, seed: int, first: int, max_moves: int, run, on_game=None) -> None:
    """Games first .. first + count - 1 of a native series of random movers added to a BalanceRun (its summary,
    the actions chosen and legal at each decision, the branching by turn); the same games as `records`'."""
    import numpy as np

    from .layout import HEADER
    module = native.module
    actions = len(native.actions)
    # a row for each turn's number a series can reach: each move begins a turn, and a pass one more per seat
    rows = int(native.start[HEADER.index("TURNNO")]) + (max_moves + 1) * (native.players + 1) + 1

    def warm_up():
        module.balance_playouts(native.start, 0, 0, 0, 1, np.zeros((0, 4), np.int64), np.zeros(actions, np.int64),
                                np.zeros(actions, np.int64), np.zeros((1, 2), np.int64))
    if "balance_playouts" not in native.compile_seconds:
        native.compile_seconds["balance_playouts"] = compile_entry_for(native, "balance_playouts", warm_up)
    done = 0
    while done < count:
        size = min(CHUNK, count - done)
        results = np.zeros((size, 4), np.int64)
        chosen = np.zeros(actions, np.int64)
        legal = np.zeros(actions, np.int64)
        branching = np.zeros((rows, 2), np.int64)
        module.balance_playouts(native.start, seed, first + done, size, max_moves, results, chosen, legal, branching)
        for k, (length, over, kind, who) in enumerate(results.tolist()):
            run.summary.add(GameRecord(length, cast(Any, native.outcome(kind, who)) if over else None))
            run.decisions += length
            if on_game is not None:
                on_game(first + done + k, None, run.summary)
        for a, (name, _) in enumerate(native.actions):
            if chosen[a]:
                run.chosen[name] = run.chosen.get(name, 0) + int(chosen[a])
            if legal[a]:
                run.legal[name] = run.legal.get(name, 0) + int(legal[a])
        for turn in np.nonzero(branching[:, 1])[0].tolist():
            entry = run.branching.setdefault(turn, [0, 0])
            entry[0] += int(branching[turn, 0])
            entry[1] += int(branching[turn, 1])
        done += size


def compile_entry_for(native: NativeGame, entry: str, warm_up, functions: tuple = ()) -> float:
    """An entry point of the module that NativeGame.entry does not know (this module's), compiled or read from
    the cache as NativeGame.entry does it."""
    from .build import compile_entry
    return compile_entry(native.module, entry, warm_up, native.say, native.game.title, functions)


# ---------------------------------------------------------------- solve

_SOLVE_FUNCTIONS = ("position_key", "list_moves", "apply_move", "undo_to", "stuck")


def solve(native: NativeGame, max_moves: int = 200, limit: int = MAX_SOLVE_NODES, work_limit: Optional[int] = None):
    """engine/analysis/solve.solve from the start, walked on the native position: the same Solution (see the
    module). The work counted is the interpreter's less the rules' own steps (the native code counts none)."""
    import numpy as np

    from ..analysis.solve import SeatResult, Solution, TooLarge, add_weighted, ended
    from ..analysis.work_bound import Work
    from .layout import HEADER
    module = native.module
    over, end_kind, end_who = (HEADER.index(name) for name in ("OVER", "END_KIND", "END_WHO"))
    st = native.start.copy()
    jr = np.zeros(1 + 2 * module.JCAP, np.int64)
    key_buffer = np.zeros(module.NSPACES + module.MAXP + 6, np.int64)

    def warm_up():
        scratch, journal = st.copy(), jr.copy()
        module.position_key(scratch, key_buffer)
        buf = np.zeros((module.MAXMOVES, module.WIDTH), np.int64)
        if module.list_moves(scratch, buf):
            module.apply_move(scratch, journal, buf[0])
        module.stuck(scratch, journal)
        module.undo_to(scratch, journal, 0)
    if "solve" not in native.compile_seconds:
        native.compile_seconds["solve"] = compile_entry_for(native, "solve", warm_up, _SOLVE_FUNCTIONS)
    position_key, list_moves, apply_move = module.position_key, module.list_moves, module.apply_move
    undo_to, stuck = module.undo_to, module.stuck

    work = Work(work_limit)
    limit = min(limit, MAX_SOLVE_NODES)
    n = native.players
    sol = Solution(native.game.seat_names(n), [SeatResult() for _ in range(n)])
    width = 5 * n + 1
    unfinished = tuple([Fraction(0)] * (width - 1) + [Fraction(1)])
    memo: dict = {}
    buffers: list = []
    key_work = ANALYSIS_STEPS_PER_MOVE + module.NSPACES

    def outcome_row() -> tuple:
        return ended(native.outcome(int(st[end_kind]), int(st[end_who])), n, sol)

    def walk(depth: int) -> tuple:
        work.add(key_work)
        key = (key_buffer[:position_key(st, key_buffer)].tobytes(), depth)
        row = memo.get(key)
        if row is not None:
            return row
        sol.positions += 1
        if sol.positions > limit:
            raise TooLarge(f"the game has more than {limit} positions to visit")
        if st[over]:
            row = outcome_row()
        else:
            while len(buffers) <= depth:
                buffers.append(np.zeros((module.MAXMOVES, module.WIDTH), np.int64))
            moves = buffers[depth]
            count = list_moves(st, moves)
            work.add(ANALYSIS_STEPS_PER_MOVE + count)
            if count == 0:  # (the player to move is stuck: the interpreter finds the game over here)
                mark = jr[0]
                stuck(st, jr)
                row = outcome_row()
                undo_to(st, jr, mark)
            elif depth >= max_moves:
                row = unfinished
            else:
                total = [Fraction(0)] * width
                share = Fraction(1, count)
                for k in range(count):
                    work.add(2 * ANALYSIS_STEPS_PER_MOVE)  # (the move tried for its outcomes, then played)
                    mark = jr[0]
                    apply_move(st, jr, moves[k])
                    try:
                        sub = walk(depth + 1)
                    finally:
                        undo_to(st, jr, mark)
                    add_weighted(total, sub, share)
                row = tuple(total)
        memo[key] = row
        return row

    work.add(ANALYSIS_STEPS_PER_MOVE)  # (the start set up)
    sol.add(walk(0), Fraction(1))
    return sol
