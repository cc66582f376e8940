"""Golden playthroughs: a seeded game of every bundled game, state by state, diffed against tests/golden/.

After a deliberate change of a game's behaviour, regenerate them with one command and review the diff:
    python -m mire.engine.analysis.golden tests/golden
"""
from pathlib import Path

import pytest

from mire.engine.analysis.golden import playthrough
from mire.engine.loader import bundled_games

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", [g.name for g in bundled_games()])
def test_golden_playthrough(name):
    expected = (GOLDEN / f"{name}.txt").read_text()
    actual = playthrough(name)
    assert actual == expected, \
        f"{name} plays differently; if that is intended: python -m mire.engine.analysis.golden tests/golden"
