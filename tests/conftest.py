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
