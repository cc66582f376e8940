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


@pytest.fixture(autouse=True)
def the_interpreter_unless_asked(monkeypatch, tmp_path_factory):
    """The commands' tests read the interpreter's results and messages (`--backend` defaults to $MIRE_BACKEND,
    else auto): tests/test_native.py asks for the native backend, and compares the two. Native code a test
    compiles goes to a directory of this session, never the user's cache."""
    monkeypatch.setenv("MIRE_BACKEND", "python")
    monkeypatch.setenv("MIRE_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "native-cache"))
