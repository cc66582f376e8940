import os
import sys
from pathlib import Path

import pytest

# the helpers the test files share (plain_games.py, terminal.py, fuzz.py) live here, beside the areas' folders
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def a_terminal_of_80_by_24(monkeypatch):
    """What `mire play` prints depends on the terminal's size: without a terminal, COLUMNS and LINES."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")


@pytest.fixture(scope="session")
def native_cache(tmp_path_factory) -> Path:
    """The cache directory of the whole test run ($MIRE_CACHE_DIR: native modules, numba's machine code beside them,
    their starts, the checked games), one for all the xdist workers: a game's module is compiled once in the run,
    by whichever test first needs it, and read (~0.1 s) by every other test file and worker. Each worker's
    temporary directory (popen-gwN) is in the run's, which holds this one. Its writers are safe side by side: each
    file is written whole under a name of its own and renamed into place (engine/native/build.py, start.py, and
    numba's cache); two workers compiling the same module at once only compile it twice. Tests of compiling and
    of the cache itself use an empty directory of their own (tmp_path)."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "native-cache"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session", autouse=True)
def the_runs_cache(native_cache):
    """From the session's start, so that module fixtures, which pytest sets up before a test's own fixtures, see it
    too: never the user's cache."""
    patch = pytest.MonkeyPatch()
    patch.setenv("MIRE_CACHE_DIR", str(native_cache))
    # a first compile in one process (engine/native/parallel_compile.py): the run's workers already use the cores;
    # test_native_parallel_compile.py compiles with the helper
    patch.setenv("MIRE_COMPILE_JOBS", "1")
    yield native_cache
    patch.undo()


@pytest.fixture(autouse=True)
def the_interpreter_unless_asked(monkeypatch, native_cache):
    """The commands' tests read the interpreter's results and messages (`--backend` defaults to $MIRE_BACKEND,
    else auto): tests/test_native.py asks for the native backend, and compares the two. Native code a test
    compiles goes to the run's cache (`native_cache`), never the user's."""
    monkeypatch.setenv("MIRE_BACKEND", "python")
    monkeypatch.setenv("MIRE_CACHE_DIR", str(native_cache))
