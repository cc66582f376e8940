import pytest


@pytest.fixture(autouse=True)
def a_terminal_of_80_by_24(monkeypatch):
    """What `mire play` prints depends on the terminal's size: without a terminal, COLUMNS and LINES."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
