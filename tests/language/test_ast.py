"""The AST of every bundled game, as a reviewed snapshot: a change to the parser shows up here."""
from pathlib import Path

import pytest

import mire.games
from mire.grammar.dump import dump
from mire.grammar.parser import parse

GAMES_DIR = Path(mire.games.__file__).parent


@pytest.mark.parametrize("name", sorted(p.stem for p in GAMES_DIR.glob("*.mire")))
def test_ast_of_bundled_game(name, snapshot):
    path = GAMES_DIR / f"{name}.mire"
    assert dump(parse(path.read_text(), f"{name}.mire")) == snapshot
