"""engine/native/parallel_compile.py: a first compile on two cores (a forked helper compiles part of an entry's
calls) makes the same game as a compile in one process, keeps numba's cache as that one does, and falls back to
compiling alone where the helper fails or is not wanted. Each first compile runs in a process of its own, as a
user's command does: a test worker has threads of its own (xdist's), where the helper is not forked."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

GAME = "mudwater"  # (a seed game: pieces with attributes, a random start, a listing that asks the rules)
SMALL = "tic-tac-toe"  # (for the helper's failures: a short compile)

# a first compile of the game's random games, then a series and perft's counts, as JSON; {before} may change the
# helper first
_FIRST_COMPILE = """
import json, os
from mire.engine import load_game
from mire.engine.native import NativeGame, parallel_compile
{before}
native = NativeGame(load_game({game!r}))
made = native.summary(60, seed=3)
print(json.dumps({{"taken": sorted({{name for name, _ in parallel_compile.TAKEN.get("playouts", [])}}),
                  "helped": "playouts" in parallel_compile.TAKEN, "module": native.module.__file__,
                  "series": [made.wins, made.draws, made.unfinished, made.lengths], "perft": native.perft(3)}}))
"""

# the helper begins `conclude` (so that this process waits for it), then its compile fails
_FAILING_HELPER = """
def failing(dispatchers, calls, read_fd, write_fd, parent):  # (calls: the plan from its end)
    peer = parallel_compile.Peer(read_fd, write_fd)
    key = (calls[0][0], str(calls[0][1]))
    peer.tell(parallel_compile._STARTED, key)
    peer.tell(parallel_compile._FAILED, key)
    peer.close()
    os._exit(1)
parallel_compile._help = failing
"""


# this process begins its compile once the helper has ended (it compiled all its plan, this process's calls too),
# so that what this process takes does not depend on how the two are scheduled
_ONCE_THE_HELPER_ENDED = """
parent, compile_unclaimed = os.getpid(), parallel_compile._compile_unclaimed
def later(peer, dispatchers, calls):
    if os.getpid() == parent:
        with peer.lock:
            peer.lock.wait_for(lambda: peer.over, timeout=300)
    compile_unclaimed(peer, dispatchers, calls)
parallel_compile._compile_unclaimed = later
"""


def first_compile(folder: Path, jobs: str, before: str = "", game: str = GAME) -> dict:
    done = subprocess.run([sys.executable, "-c", _FIRST_COMPILE.format(game=game, before=before)],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "MIRE_CACHE_DIR": str(folder), "MIRE_COMPILE_JOBS": jobs})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def alone(tmp_path_factory):
    """The game compiled in one process."""
    made = first_compile(tmp_path_factory.mktemp("alone"), "1")
    assert not made["helped"]
    return made


@pytest.fixture(scope="module")
def small_alone(tmp_path_factory):
    made = first_compile(tmp_path_factory.mktemp("small"), "1", game=SMALL)
    assert not made["helped"]
    return made


def without_speed(report: str) -> str:
    return "\n".join(line for line in report.splitlines() if not line.startswith("speed:"))


def test_two_processes_compile_the_same_game_as_one(alone, tmp_path):
    made = first_compile(tmp_path, "2", _ONCE_THE_HELPER_ENDED)
    # the entry's calls, each compiled by the helper with all it calls (the end of a game, conclude, in them)
    assert made["taken"] == ["apply_listed", "begin_game", "next_random", "pick_for_move", "stuck_called"]
    assert (made["series"], made["perft"]) == (alone["series"], alone["perft"])
    # what the helper compiled is in numba's cache, which this process alone wrote; a later process reads the
    # entry from it, saying nothing of a compile, and plays the same series
    stem = Path(made["module"]).stem
    index = {p.name.split("-")[0] for p in (tmp_path / "__pycache__").glob("*.nbi")}
    assert {f"{stem}.{name}" for name in ("playouts", "apply_listed", "begin_game")} <= index
    command = [sys.executable, "-m", "mire", "simulate", GAME, "-n", "60", "--seed", "3", "--backend", "native"]
    later = subprocess.run(command, capture_output=True, text=True, timeout=600,
                           env={**os.environ, "MIRE_CACHE_DIR": str(tmp_path)})
    assert later.returncode == 0 and later.stderr == ""
    other = subprocess.run(command, capture_output=True, text=True, timeout=600,
                           env={**os.environ, "MIRE_CACHE_DIR": str(Path(alone["module"]).parent)})
    assert without_speed(later.stdout) == without_speed(other.stdout) and "wins:" in later.stdout


def test_a_helper_that_dies_leaves_the_compile_to_this_process(small_alone, tmp_path):
    made = first_compile(tmp_path, "2", "parallel_compile._help = lambda *args: os._exit(1)", SMALL)
    assert made["helped"] and made["taken"] == []
    assert (made["series"], made["perft"]) == (small_alone["series"], small_alone["perft"])


def test_a_helper_that_fails_its_compile_leaves_it_to_this_process(small_alone, tmp_path):
    made = first_compile(tmp_path, "2", _FAILING_HELPER, SMALL)
    assert made["helped"] and made["taken"] == []
    assert (made["series"], made["perft"]) == (small_alone["series"], small_alone["perft"])


def test_a_compile_with_the_helper_as_scheduled_is_the_same(small_alone, tmp_path):
    made = first_compile(tmp_path, "2", game=SMALL)
    assert made["helped"]
    assert (made["series"], made["perft"]) == (small_alone["series"], small_alone["perft"])


def test_no_helper_where_another_thread_runs(tmp_path):
    before = "import threading; threading.Thread(target=threading.Event().wait, daemon=True).start()"
    made = first_compile(tmp_path, "2", before, SMALL)
    assert not made["helped"]
