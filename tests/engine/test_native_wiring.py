"""`--backend` on solve, arena, balance and play (cli/backend.py, engine/native/analyses.py): solve's result on the
native position is the interpreter's, fraction for fraction; native random movers in arena and balance are the
games of `mire simulate --backend native` with that seed, and agree with the interpreter's statistically; search
bots play their random lines natively from the worlds their seat imagines; a game the native backend cannot play
is refused (native) or played by the interpreter with one line said (auto); commands that do not use native code
do not import numba.

The compiled games are shared by the whole file, in the cache directory of the test run (tests/conftest.py).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.solve import solve

pytest.importorskip("numba")

from mire.engine.native.rollouts import shared_game  # noqa: E402

from .test_native import cache, in_the_module_cache  # noqa: E402,F401

# breakthrough on 3 x 4: small enough to solve (11,485 positions), with captures and wins both ways
SMALL_BREAKTHROUGH = (Path(__file__).parents[2] / "games" / "breakthrough.mire").read_text().replace(
    "grid 8 x 8", "grid 3 x 4").replace("row(c, p) <= 2", "row(c, p) <= 1").replace("== 8", "== 4")

UNSUPPORTED = """game "Counter"
players 2
board cells: grid 3 x 1
piece stone
piece marker(size: number)

action put(c in cells where empty(c)):
    place stone for mover at c

when stuck: draw
"""

# the chi-square test of tests/engine/test_native.py: (first seat wins, second seat wins, draws) of both backends
CHI2_CRITICAL_2DF = 13.82


def chi_square(rows) -> float:
    total = sum(map(sum, rows))
    columns = [sum(col) for col in zip(*rows)]
    out = 0.0
    for row in rows:
        for observed, column in zip(row, columns):
            expected = sum(row) * column / total
            out += (observed - expected) ** 2 / expected if expected else 0.0
    return out


@pytest.fixture(scope="module")
def small_breakthrough(tmp_path_factory):
    path = tmp_path_factory.mktemp("games") / "small-breakthrough.mire"
    path.write_text(SMALL_BREAKTHROUGH)
    return str(path)


def invoke(args):
    return CliRunner().invoke(main, args, catch_exceptions=False)


# ---------------------------------------------------------------- solve: exact, so equal

def test_solve_on_the_native_position_is_the_interpreters(small_breakthrough):
    found = {}
    for name in ("tic-tac-toe", small_breakthrough):
        game = load_game(name)
        python = solve(game, 2)
        native = solve(game, 2, native=shared_game(game, 2))
        assert native.as_dict() == python.as_dict()
        found[name] = python.as_dict()
    # (tic-tac-toe's draws are a full board: the player to move stuck, found when the native code lists no move)
    assert found["tic-tac-toe"]["seats"]["X"]["draw"] == "8/63"
    assert found[small_breakthrough]["positions"] == 11485
    assert found[small_breakthrough]["seats"]["black"]["win"] != "0"


def test_mire_solve_prints_the_same_with_either_backend():
    native = invoke(["solve", "tic-tac-toe", "--backend", "native"])
    python = invoke(["solve", "tic-tac-toe", "--backend", "python"])
    assert native.exit_code == python.exit_code == 0
    assert native.stdout == python.stdout
    assert "X     737/1260 (58.49%)" in native.stdout and "(5,478 positions" in native.stdout


def test_solve_on_the_native_backend_keeps_its_bounds(small_breakthrough):
    result = invoke(["solve", small_breakthrough, "--backend", "native", "--max-positions", "100"])
    assert result.exit_code == 1
    assert result.stderr.endswith("is too large to solve exactly: the game has more than 100 positions to visit\n")


# ---------------------------------------------------------------- arena and balance: random movers

def test_a_native_arena_of_random_bots_plays_the_games_of_mire_simulate():
    arena = json.loads(invoke(["arena", "tic-tac-toe", "-n", "3000", "--seed", "4", "--backend", "native",
                               "--json"]).stdout)
    simulate = json.loads(invoke(["simulate", "tic-tac-toe", "-n", "3000", "--seed", "4", "--backend", "native",
                                  "--json"]).stdout)
    for field in ("n", "wins", "shared", "draws", "unfinished", "length"):
        assert arena[field] == simulate[field], field
    by_bot = arena["by_bot"]  # (the bots change seats: game i gives random#1 seat i mod 2)
    assert by_bot["random#1"]["wins"] + by_bot["random#2"]["wins"] == sum(arena["wins"].values())
    assert by_bot["random#1"]["draws"] == arena["draws"]


def test_native_and_interpreted_arenas_agree_statistically():
    # 4,000 interpreter games against 20,000 native ones: a shift of 3 points in a seat's win rate is ~3.9
    # standard errors (caught with probability ~0.8 at this critical value); seeded, so the same every run
    rows = []
    for backend, n in (("python", "4000"), ("native", "20000")):
        out = json.loads(invoke(["arena", "tic-tac-toe", "-n", n, "--seed", "1", "--fixed-seats",
                                 "--backend", backend, "--json", "--jobs", "1"]).stdout)
        rows.append([out["wins"]["X"], out["wins"]["O"], out["draws"]])
    assert chi_square(rows) < CHI2_CRITICAL_2DF, rows


def test_a_native_balance_run_counts_what_the_interpreter_counts():
    runs = {}
    for backend, n in (("python", "3000"), ("native", "20000")):
        out = json.loads(invoke(["balance", "tic-tac-toe", "--bots", "random", "-n", n, "--seed", "2",
                                 "--backend", backend, "--json", "--jobs", "1"]).stdout)
        runs[backend] = out["games"][0]["bots"]["random"]
    native, python = runs["native"], runs["python"]
    # exact where the rules decide: one action, always legal; nine moves at the first turn, one fewer each turn
    assert native["branching"] == python["branching"] == [[t, float(10 - t)] for t in range(1, 10)]
    assert native["actions"] == {"place": {"chosen": native["decisions"], "legal": native["decisions"], "share": 1.0}}
    assert native["dead"] == python["dead"] == {}
    # the games are mire simulate's with that seed, and their lengths add up to the decisions
    simulate = json.loads(invoke(["simulate", "tic-tac-toe", "-n", "20000", "--seed", "2", "--backend", "native",
                                  "--json"]).stdout)
    assert (native["wins"], native["draws"], native["length"]) == (simulate["wins"], simulate["draws"],
                                                                   simulate["length"])
    assert native["decisions"] == round(simulate["length"]["mean"] * 20000)
    rows = [[r["wins"]["X"], r["wins"]["O"], r["draws"]] for r in (python, native)]
    assert chi_square(rows) < CHI2_CRITICAL_2DF, rows


def test_balance_branching_counts_the_turns_a_pass_begins():
    # Othello passes (`when stuck: pass`): each pass is a turn of its own in both backends, so the turns' numbers
    # and the first turns' branching are the same
    othello = str(Path(__file__).parents[1] / "games" / "othello.mire")
    runs = {}
    for backend in ("python", "native"):
        out = json.loads(invoke(["balance", othello, "--bots", "random", "-n", "30", "--seed", "2",
                                 "--backend", backend, "--json", "--jobs", "1"]).stdout)
        runs[backend] = out["games"][0]["bots"]["random"]
    assert runs["native"]["branching"][:2] == runs["python"]["branching"][:2] == [[1, 4.0], [2, 3.0]]


# ---------------------------------------------------------------- search bots: native lines, from imagined worlds

def test_search_bots_in_an_arena_play_their_lines_natively_from_imagined_worlds(monkeypatch):
    from mire.engine.analysis.arena import arena
    from mire.engine.bots.search import SearchBot
    from mire.engine.native.layout import Layout
    handed: list = []
    given: list = []
    encode_into = Layout.encode_into
    monkeypatch.setattr(Layout, "encode_into", lambda self, world, st: handed.append(world) or
                        encode_into(self, world, st))
    choose = SearchBot.choose
    monkeypatch.setattr(SearchBot, "choose", lambda self, state, seat: given.append(state) or
                        choose(self, state, seat))
    game = load_game("tic-tac-toe")
    result = arena(game, ["mcts:40", "random"], 4, seed=3, backend="native")
    assert result.summary.n == 4
    # (the native tree: one imagined world handed over a decision, dealt again natively in each iteration)
    assert len(handed) >= 4 and given
    assert not any(world is state for world in handed for state in given)  # (never the state it was given)
    again = arena(game, ["mcts:40", "random"], 4, seed=3, backend="native")
    assert again.as_dict() == result.as_dict()  # (the same seed, the same games)


def test_mire_arena_and_balance_with_search_bots_compile_the_rollouts_before_the_games():
    result = invoke(["arena", "tic-tac-toe", "--seat", "1=mcts:20", "-n", "4", "--backend", "native", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert all(line.startswith("mire: compil") for line in result.stderr.splitlines() if line)
    assert "mcts:20" in result.stdout
    result = invoke(["balance", "tic-tac-toe", "--bots", "mcts:20", "-n", "2", "--backend", "native", "--json",
                     "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"][0]["bots"]["mcts:20"]["n"] == 2


def test_mire_play_bots_use_native_rollouts_and_the_board_stays_the_interpreters(monkeypatch):
    from mire.engine.native.search import NativeTree
    calls: list = []
    search = NativeTree.search
    monkeypatch.setattr(NativeTree, "search", lambda self, *args: calls.append(1) or search(self, *args))
    result = invoke(["play", "tic-tac-toe", "--seed", "1", "--seat", "1=mcts:30", "--seat", "2=mcts:30",
                     "--backend", "native"])
    assert result.exit_code == 0, result.output
    assert "game over" in result.stdout.lower() and calls


# ---------------------------------------------------------------- refusals, the fallback, and numba unimported

@pytest.mark.parametrize("command", [["solve"], ["arena"], ["balance", "--bots", "random"],
                                     ["arena", "--seat", "1=mcts:5"]])
def test_a_construct_native_does_not_handle_is_refused_or_played_by_the_interpreter(tmp_path, command):
    path = tmp_path / "counter.mire"
    path.write_text(UNSUPPORTED)
    args = [command[0], str(path), *command[1:], "-n", "3"] if command[0] != "solve" else ["solve", str(path)]
    refused = invoke([*args, "--backend", "native"])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert re.search(r"Error: --backend native: \S*counter\.mire:5: the native backend does not handle an attribute "
                     r"of type number yet", refused.stderr)
    fallback = invoke(args)  # (auto: the default)
    assert fallback.exit_code == 0, fallback.output
    notices = [line for line in fallback.stderr.splitlines() if line.startswith("mire:")]
    assert len(notices) == 1 and notices[0].startswith("mire: the interpreter plays this (")


def test_commands_that_play_no_native_code_do_not_import_numba(tmp_path):
    script = """
import sys
from click.testing import CliRunner
from mire.cli.main import main
runner = CliRunner()
for args, given in ((["check", "tic-tac-toe"], None),
                    (["play", "tic-tac-toe", "--seed", "1"], "quit\\n"),
                    (["play", "tic-tac-toe", "--seed", "1", "--seat", "2=mcts:5", "--backend", "python"], "quit\\n"),
                    (["play", sys.argv[1], "--seed", "1", "--seat", "1=mcts:5", "--seat", "2=mcts:5"], None),
                    (["simulate", sys.argv[1], "-n", "2"], None)):
    result = runner.invoke(main, args, input=given)
    assert result.exit_code == 0, (args, result.output)
print(sorted(m for m in sys.modules if m.split(".")[0] in ("numba", "llvmlite")))
"""
    path = tmp_path / "counter.mire"
    path.write_text(UNSUPPORTED)
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_cached_start_then_a_first_compile_in_the_same_process(tmp_path):
    """A cached entry is read without numba's full refresh (engine/native/build.py); an entry compiled after it in
    the same process still gets a refreshed compiler, and the code read and the code compiled both count right."""
    script = """
import json, sys
from mire.engine import load_game
from mire.engine.native import NativeGame
game = NativeGame(load_game("tic-tac-toe"), say=lambda text: print(text, file=sys.stderr))
summary = game.summary(200, seed=1)
print(json.dumps({"n": summary.n, "perft": game.perft(4) if sys.argv[1] == "then perft" else None}))
"""
    env = {**os.environ, "MIRE_CACHE_DIR": str(tmp_path / "cache")}
    runs = []
    for what in ("playouts", "playouts", "then perft"):
        done = subprocess.run([sys.executable, "-c", script, what], capture_output=True, text=True, env=env,
                              timeout=600)
        assert done.returncode == 0, done.stderr
        runs.append((json.loads(done.stdout), done.stderr))
    assert "compiling Tic-tac-toe (playouts)" in runs[0][1]
    assert runs[1][1] == ""  # (read from the cache)
    assert runs[2][1].startswith("compiling Tic-tac-toe (perft)") and "(playouts)" not in runs[2][1]
    assert runs[2][0] == {"n": 200, "perft": [9, 72, 504, 3024]}
