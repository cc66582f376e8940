"""A cached start of the native backend (docs/backends.md, "The cache"): the checked game and the native start
read from the cache, so that `mire simulate` and `mire perft` import neither the parser, the checker nor the
interpreter's state, and play what a first start plays; a damaged or stale start entry is ignored and written
anew. (Its speed is measured in bench/native.py, never here.)"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("numba")

from mire.engine import load_game  # noqa: E402
from mire.engine.native import NativeGame  # noqa: E402
from mire.engine.native.start import entry_path, read_start  # noqa: E402

# what a cached start of `simulate` or `perft` on the native backend must not import: the parser (and Lark) and the
# checker (the checked game is read), the interpreter's state (the native start is read), the interpreter's
# parallel series, what only other commands use (the REPL, the web board, plots), numba's own modules that reading
# machine code does not need (engine/native/cached_read.py) and PyYAML, which numba imports only to read a config
# file there is none of (engine/native/game.py)
NOT_IMPORTED = ("lark", "mire.grammar.parser", "mire.grammar.checker", "mire.engine.run.state",
                "mire.engine.analysis.parallel", "multiprocessing", "prompt_toolkit", "pygments", "matplotlib",
                "starlette", "uvicorn", "webbrowser", "mire.cli.play", "mire.cli.web.app", "numba.np.arrayobj",
                "numba.np.arraymath", "yaml")

_COMMAND = """
import json, sys
from mire.cli.main import main
from contextlib import redirect_stdout
import io
out = io.StringIO()
with redirect_stdout(out):
    main(sys.argv[2:], standalone_mode=False)
print(json.dumps({"output": out.getvalue(), "imported": [m for m in json.loads(sys.argv[1]) if m in sys.modules]}))
"""


def command(env, *args) -> tuple[dict, str]:
    done = subprocess.run([sys.executable, "-c", _COMMAND, json.dumps(NOT_IMPORTED), *args], capture_output=True,
                          text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


def played(run: dict) -> list[str]:
    """What simulate printed, but its speed."""
    return [line for line in run["output"].splitlines() if not line.startswith("speed:")]


@pytest.fixture
def env(tmp_path):
    return {**os.environ, "MIRE_CACHE_DIR": str(tmp_path / "cache"), "MIRE_BACKEND": "native"}


def test_a_cached_start_imports_neither_the_parser_the_checker_nor_the_state(env):
    simulate = ("simulate", "tic-tac-toe", "-n", "50", "--seed", "3")
    perft = ("perft", "tic-tac-toe", "--depth", "4", "--divide")
    first, said = command(env, *simulate)
    assert "compiling Tic-tac-toe (playouts)" in said
    assert "mire.grammar.checker" in first["imported"] and "mire.engine.run.state" in first["imported"]
    again, said = command(env, *simulate)
    assert said == "" and again["imported"] == []
    assert played(again) == played(first)
    assert "Tic-tac-toe: 50 random playouts, 2 players, seed 3" in again["output"]
    counted, said = command(env, *perft)  # (the start is cached; perft's machine code is compiled once)
    assert "compiling Tic-tac-toe (perft)" in said
    assert [m for m in counted["imported"] if not m.startswith("numba.")] == []  # (numba's, to compile perft)
    cached, said = command(env, *perft)
    assert said == "" and cached["imported"] == [] and cached["output"] == counted["output"]
    assert cached["output"].splitlines()[0] == "place a1: 336"  # (the moves named as the interpreter names them)
    assert cached["output"].splitlines()[-1] == "total: 3024"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("MIRE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_cached_start_is_the_start_made_from_the_interpreters(cache):
    game = load_game("tic-tac-toe")
    made = NativeGame(game)
    entry = entry_path(game, 2)
    assert read_start(entry) is not None
    read = NativeGame(game)
    assert read._layout is None  # (no state of the interpreter's built)
    assert (read.start == made.start).all() and read.actions == made.actions
    assert read.perft(4) == made.perft(4) == [9, 72, 504, 3024]
    assert read.divide(2) == made.divide(2)
    assert read.playout(5) == made.playout(5)
    assert read.layout.size == made.layout.size  # (built when a hand-off asks for it)


def test_a_cached_start_of_a_game_that_draws_its_start_is_the_one_made(cache):
    """A start drawn at random, pieces with attributes (High Card): its entry keeps the construction a series begins
    from and the interpreter's start with seed 0; the layout, which the translation writes into, is made with the
    translation when a move's text asks for it."""
    game = load_game("tests/games/high-card.mire")
    said: list[str] = []
    made = NativeGame(game, say=said.append)
    assert made.native_setup and made._layout.attributes is not None
    made.summary(1)
    assert said[0].startswith("compiling High card (playouts) to native code") and len(said) == 2
    read = NativeGame(game, say=said.append)
    assert read._layout is None and read.native_setup
    assert (read.start == made.start).all() and (read.begun == made.begun).all()
    assert (read.start != read.begun).any()  # (the construction, and the start drawn with seed 0)
    assert (read.actions, read.choice_kinds, read.chance_points) == (made.actions, made.choice_kinds,
                                                                      made.chance_points)
    assert read.summary(200, seed=4).as_dict() == made.summary(200, seed=4).as_dict()
    assert len(said) == 2  # (read from the cache: nothing said)
    assert read._layout is None  # (a series needs no layout)
    assert read.perft(3) == made.perft(3) and read.divide(2) == made.divide(2)
    assert read.playout(3, 2) == made.playout(3, 2)  # (the pieces named through the layout, made now)
    assert read._layout is not None and read.layout.attributes.texts == made.layout.attributes.texts
    assert read.module is made.module or read.module.__name__ == made.module.__name__


@pytest.mark.parametrize("damage", ["a byte changed", "cut short", "another user may write it", "its module changed",
                                    "another numba"])
def test_a_damaged_or_stale_start_entry_is_made_again(cache, damage):
    game = load_game("tic-tac-toe")
    made = NativeGame(game)
    entry = entry_path(game, 2)
    good = entry.read_text()
    module = cache / f"{read_start(entry)['module']}.py"
    if damage == "a byte changed":
        entry.write_text(good.replace("seat_names", "seat_namez"))
    elif damage == "cut short":
        entry.write_text(good[:len(good) // 2])
    elif damage == "another user may write it":
        os.chmod(entry, 0o666)
    elif damage == "its module changed":
        module.write_text(module.read_text() + "\n# changed\n")
    else:
        outer = json.loads(good)
        body = outer["body"].replace('"numba": "', '"numba": "0.0.')
        entry.write_text(json.dumps({**outer, "body": body, "sha256": hashlib.sha256(body.encode()).hexdigest()}))
    if damage != "another numba":
        assert read_start(entry) is None
    again = NativeGame(game)
    assert again._layout is not None  # (made from the interpreter's start)
    assert (again.start == made.start).all()
    assert again.perft(3) == [9, 72, 504]
    assert read_start(entry) is not None
    assert json.loads(entry.read_text())["sha256"] == json.loads(good)["sha256"]  # (written anew, as it was)
    assert entry.stat().st_mode & 0o022 == 0


def test_a_cached_start_sets_up_numbas_cache_of_the_entry_it_reads_alone(cache):
    """Setting up a function's cache costs a look at its folder: a cached start does it for the entry it reads (the
    functions it calls are linked into its machine code); a compile for every function, so that the functions
    entries share are cached on their own and a second entry compiles only what is new."""
    game = load_game("tic-tac-toe")
    first = NativeGame(game)
    first.summary(10)
    assert first.module.CACHE_WANTED == {}  # (compiled: every function's cache set up)
    stored = cache / "__pycache__"
    # (list_moves as compiled code calls it: the twin without Python's wrapper, cached as its bitcode, linking.py)
    assert list(stored.glob(f"{first.module.__name__.removeprefix('mire_native_')}.list_moves_called-*.nbi"))
    script = """
import json, sys
from mire.engine import load_game
from mire.engine.native import NativeGame
game = NativeGame(load_game("tic-tac-toe"), say=lambda text: print(text, file=sys.stderr))
game.summary(10)
wanted = sorted(game.module.CACHE_WANTED)
game.perft(3)
print(json.dumps({"after playouts": wanted, "after perft": sorted(game.module.CACHE_WANTED)}))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "MIRE_CACHE_DIR": str(cache)})
    assert done.returncode == 0, done.stderr
    wanted = json.loads(done.stdout)
    assert "playouts" not in wanted["after playouts"] and "list_moves" in wanted["after playouts"]
    assert wanted["after perft"] == []
    assert done.stderr.startswith("compiling Tic-tac-toe (perft)")  # (the rules' functions read, perft compiled)


_ENDED = """
import atexit, sys, threading
import numba
from mire.cli.main import _ended_without_teardown
atexit.register(lambda: print("the atexit functions ran"))
print("the output, flushed;", end=" ")
if sys.argv[1] == "a thread runs":
    threading.Thread(target=lambda: __import__("time").sleep(0.5)).start()
_ended_without_teardown(eval(sys.argv[2]))
print("the normal exit")
sys.exit(eval(sys.argv[2]))
"""


@pytest.mark.parametrize("case, code, status, said, err", [
    ("alone", "3", 3, "the output, flushed; the atexit functions ran\n", ""),
    ("alone", "None", 0, "the output, flushed; the atexit functions ran\n", ""),
    ("alone", "'a message'", 1, "the output, flushed; the atexit functions ran\n", "a message\n"),
    ("a thread runs", "4", 4, "the output, flushed; the normal exit\nthe atexit functions ran\n", "")])
def test_a_command_with_numba_loaded_ends_as_sys_exit_would(case, code, status, said, err):
    """The process's own command line ends without Python's teardown of numba's and LLVM's objects (cli/main.py):
    its status, its output, its atexit functions as sys.exit gives them; with another thread running, the normal
    exit, which waits for it."""
    done = subprocess.run([sys.executable, "-c", _ENDED, case, code], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (status, said, err)


def test_the_process_of_a_cached_native_command_says_all_it_has_to(env):
    """`python -m mire` (its command line: args None) ends without the teardown: the whole JSON, its status."""
    for _ in range(2):  # (compiled, then read from the cache)
        done = subprocess.run([sys.executable, "-m", "mire", "simulate", "tic-tac-toe", "-n", "20", "--json"],
                              capture_output=True, text=True, env=env, timeout=600)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["n"] == 20
