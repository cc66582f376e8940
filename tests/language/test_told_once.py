"""A name declared twice is told once (issue 30): E030 at the second declaration, and no E021 at each use that
fits one declaration and not the other (which one is meant is not known). A word of the language taken as a
name is told once too (tests/language/test_shadowed_builtins.py)."""
import pytest

from mire.engine import load_game
from mire.grammar.diagnostics import MireError

TWICE = '''game "T"
players 2
board cells: grid 3 x 1
piece stone
var pile: int = 0
zone pile

action place(c in cells where empty(c)):
    place stone for mover at c
    move top(c) to pile
    if count(pile) > 2: win mover
    log "{count(pile)}"
    pile += 1
'''


def diagnostics(tmp_path, text):
    path = tmp_path / "t.mire"
    path.write_text(text)
    with pytest.raises(MireError) as err:
        load_game(str(path))
    return [(d.code, d.message, d.span.line) for d in err.value.diagnostics]


def test_a_name_declared_twice_is_told_once(tmp_path):
    assert diagnostics(tmp_path, TWICE) == [("E030", "'pile' is already defined (as a variable on line 5)", 6)]


def test_the_other_mistakes_of_its_uses_are_still_told(tmp_path):
    assert [(code, line) for code, _, line in diagnostics(tmp_path, TWICE.replace("move top(c) to pile",
                                                                                  "move top(c) to pile + 1\n    "
                                                                                  "let x: space = 3"))] == [
        ("E030", 6), ("E021", 10), ("E021", 11)]   # (a place is no number, whichever `pile` is meant)
