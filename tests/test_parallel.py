"""--jobs: a series of games (simulate, arena, balance) or a perft spread over processes gives exactly what one
process gives, whatever the number of processes; only the speed differs."""
import json

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine.parallel import runs


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
