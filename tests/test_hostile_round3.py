"""Hostile input, round 3 (issue 32): what tests/test_hostile.py cannot say with one command and a line of its
output: the language server, the same verdict in every command, what a message may tell whom, the processes a
command starts, and the bounds of replaying a save."""
from __future__ import annotations

from pathlib import Path

from mire.cli.lsp_analysis import analyse

HOSTILE = Path(__file__).parent / "hostile"


# ---------------------------------------------------------------- 2. names longer than a file's name can be

def test_the_language_server_says_no_game_of_a_long_name_as_check_does(tmp_path):
    name = "long_variant_name.mire"
    problems = analyse((HOSTILE / name).read_text(), str(tmp_path / name)).problems
    assert [(p.code, p.place.line, p.message) for p in problems] == [("E090", 1, f"no game named '{'a' * 57}...'")]
    # (the server leaves the games an option uses to `mire check`: nothing to say, and no internal error)
    name = "long_uses_name.mire"
    assert analyse((HOSTILE / name).read_text(), str(tmp_path / name)).problems == []
