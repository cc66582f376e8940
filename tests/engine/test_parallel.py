"""--jobs: a series of games (simulate, arena, balance) or a perft spread over processes gives exactly what one
process gives, whatever the number of processes; only the speed differs."""
import json
import multiprocessing
import os

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import SetupError
from mire.engine.analysis import parallel
from mire.engine.analysis.parallel import Local, WorkerLost, runs


def run(*args):
    done = CliRunner().invoke(main, [*args, "--json"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    out = json.loads(done.output)
    if isinstance(out, dict):
        out.pop("playouts_per_second", None)
    return out


@pytest.mark.parametrize("game,players", [("tic-tac-toe", 2), ("mosquito-show", 2), ("quagmire", 3)])
def test_simulate_gives_the_same_results_for_every_number_of_processes(game, players):
    args = ["simulate", game, "-n", "24", "--seed", "5", "--players", str(players)]
    one = run(*args, "--jobs", "1")
    assert one["n"] == 24 and sum(one["wins"].values()) + one["draws"] + sum(one["shared"].values()) > 0
    assert run(*args, "--jobs", "2") == one
    assert run(*args, "--jobs", "3") == one


def test_perft_split_by_the_first_move_counts_the_same():
    assert run("perft", "tic-tac-toe", "--depth", "5", "--jobs", "2")["counts"] == [9, 72, 504, 3024, 15120]
    assert run("perft", "connect-four", "--depth", "4", "--jobs", "3")["counts"] == [7, 49, 343, 2401]


def test_arena_and_balance_give_the_same_results_for_every_number_of_processes():
    arena = ["arena", "mudwater", "-n", "10", "--seed", "2", "--seat", "1=random", "--seat", "2=random"]
    assert run(*arena, "--jobs", "2") == run(*arena, "--jobs", "1")
    balance = ["balance", "tic-tac-toe", "connect-four", "--bots", "random", "-n", "12", "--seed", "3"]
    one = run(*balance, "--jobs", "1")
    assert run(*balance, "--jobs", "2") == one


@pytest.mark.parametrize("n,jobs", [(1, 4), (7, 2), (100, 3), (5, 8)])
def test_a_series_is_cut_into_consecutive_runs_that_cover_it(n, jobs):
    parts = runs(n, jobs)
    assert parts[0][0] == 0 and all(count > 0 for _, count in parts)
    assert all(a + k == b for (a, k), (b, _) in zip(parts, parts[1:]))
    assert sum(count for _, count in parts) == n


HALVES = '''game "Halves"
players 2
var score: number = 0 per player

# Roll a die and score half of it: the scores are fractions.
action roll():
    mover.score += random(1..6) / 2

trigger done after move:
    if turn == 4: finish
'''


def test_mean_scores_are_summed_exactly_whatever_the_number_of_processes(tmp_path):
    from fractions import Fraction

    from mire.engine import load_game
    from mire.engine.analysis.playout import play_series
    path = tmp_path / "halves.mire"
    path.write_text(HALVES)
    args = ["simulate", str(path), "-n", "30", "--seed", "4"]
    one = run(*args, "--jobs", "1")
    assert run(*args, "--jobs", "2") == one and run(*args, "--jobs", "3") == one
    totals = {"1": Fraction(0), "2": Fraction(0)}
    play_series(load_game(str(path)), 30, seed=4, on_game=lambda i, state, record: [
        totals.__setitem__(state.seat_name(s), totals[state.seat_name(s)] + v)
        for s, v in record.outcome.scores.items()])
    assert any(t.denominator == 2 for t in totals.values())
    assert one["scores"] == {seat: round(float(t / 30), 4) for seat, t in totals.items()}
    arena = ["arena", str(path), "-n", "10", "--seed", "2", "--seat", "1=random", "--seat", "2=random"]
    both = run(*arena, "--jobs", "1")
    assert run(*arena, "--jobs", "2") == both and all("score" in t for t in both["by_bot"].values())


def test_perft_with_chance_split_by_the_first_move_counts_the_same():
    dice = str(__import__("pathlib").Path(__file__).parents[1] / "games" / "dice.mire")
    expanded = run("perft", dice, "--depth", "2", "--chance", "expand", "--jobs", "2")
    assert expanded == run("perft", dice, "--depth", "2", "--chance", "expand", "--jobs", "1")
    assert expanded["counts"] == [6 + 6, 6 * (6 + 6) + 6 * 3 * 6] and expanded["chance"] == "expand"
    # the divide and the terminals too: at depth 3 the first player wins with two sixes, after the second
    # player's roll (6 ways); under the first roll, 6 x (6 x 12 + 6 x 3 x 6) sequences, under the gamble
    # 6 x 3 x 6 x 12
    args = ("perft", dice, "--depth", "3", "--chance", "expand", "--divide")
    three = run(*args, "--jobs", "1")
    assert run(*args, "--jobs", "2") == three and run(*args, "--jobs", "3") == three
    assert three["divide"] == {"roll": 1080, "gamble": 1296} and three["counts"][-1] == 1080 + 1296
    assert [t["wins"] for t in three["terminals"]] == [{}, {}]   # (the last depth's are not played for them)
    assert [t["wins"] for t in run(*args[:2], "--depth", "4", *args[4:], "--jobs", "2")["terminals"]] == \
        [{}, {}, {"1": 6}]
    sampled = run("perft", dice, "--depth", "3", "--jobs", "2")
    assert sampled == run("perft", dice, "--depth", "3", "--jobs", "1") and sampled["chance"] == "sample"


def _work(i):
    if i == 2:
        os._exit(9)  # (as the system ends a process that fills its memory: no exception, no result)
    return i * i


def test_a_worker_that_dies_is_reported_and_the_others_are_ended():
    before = set(multiprocessing.active_children())
    with pytest.raises(WorkerLost, match="a worker process ended without its result"):
        Local(2).map(_work, [(i,) for i in range(6)])
    assert not set(multiprocessing.active_children()) - before
    assert Local(2).map(_work, [(1,), (3,)]) == [1, 9]


@pytest.mark.parametrize("error", [WorkerLost("a worker process ended without its result"),
                                   SetupError("the boards would lie past the plane")])
def test_a_lost_worker_or_a_game_that_cannot_start_is_one_line(error, monkeypatch):
    def refused(*args, **kwargs):
        raise error
    monkeypatch.setattr(parallel, "run_series", refused)
    result = CliRunner().invoke(main, ["simulate", "tic-tac-toe", "-n", "4", "--jobs", "2"])
    assert (result.exit_code, result.output) == (1, f"error: {error}\n")


def _square(x):
    return x * x


_CTRL_C_AS_THE_POOL_IS_MADE = """
import multiprocessing, os, signal, sys
from mire.engine.analysis.parallel import Local

def square(x):
    return x * x

real_get_context = multiprocessing.get_context

class Interrupted:
    def __init__(self, context):
        self.context = context

    def Pool(self, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, as the pool is being made
        return self.context.Pool(*args, **kwargs)

multiprocessing.get_context = lambda *a: Interrupted(real_get_context(*a))
try:
    out = Local(2).map(square, [(n,) for n in range(4)])
except KeyboardInterrupt:
    print("escaped")
    sys.exit(0)
print(out, len(multiprocessing.active_children()))
"""


def test_a_ctrl_c_while_the_workers_are_made_stops_the_map_with_no_worker_left():
    """Ctrl-C comes while the pool's workers are being made (a terminal sends it to every process of the group,
    a worker half made among them): it is held until the pool can be ended, then stops the map as a Ctrl-C during
    the work does (what was done, None for the rest), no worker left running and no traceback. In a process of its
    own: one whose earlier tests left threads (numba's) or another Ctrl-C handler is not what a command meets."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", _CTRL_C_AS_THE_POOL_IS_MADE], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.strip() == "[None, None, None, None] 0"
