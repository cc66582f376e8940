"""Python's refusals, said in the rules' words (engine/run/wrong_kind.py): never a Python class or message."""
from fractions import Fraction

import pytest

from mire.engine.run.runtime import RuleError
from mire.engine.run.wrong_kind import wrong_kind_words

_NOTHING = None


def _refusal(do):
    try:
        do()
    except Exception as err:  # noqa: BLE001 - the error Python raises is what is translated
        return err
    raise AssertionError("Python did not refuse")


@pytest.mark.parametrize(("do", "words"), [
    (lambda: [1] < 1, "compared a list with a number"),
    (lambda: Fraction(1, 2) >= "x", "compared a number with a text"),
    (lambda: 1 + [1], "used `+` on a number and a list"),
    (lambda: -[1], "used `-` on a list"),
    (lambda: "a" + 1, "joined a number to a text"),
    (lambda: [x for x in 5], "went through the items of a number"),
    (lambda: _NOTHING[0], "read an item of none"),
    (lambda: len(5), "counted the items of a number"),
    (lambda: {[1]}, "used a list where a single value is wanted"),
    (lambda: (5).pieces, "went through the items of a number"),
    (lambda: "x".nbr, "used a text as a space"),
    (lambda: (5).secret_of_the_engine, "asked a number for what it does not have"),
    (lambda: 1 // 0, "divided by zero"),
    (lambda: [][3], "read an item that a list does not have"),
    (lambda: int("x"), ""),  # (not a message known here: nothing of it is said)
])
def test_python_refusals_are_said_in_the_rules_words(do, words):
    assert wrong_kind_words(_refusal(do)) == words


def test_a_rule_error_of_the_wrong_kind_says_what_was_done_and_no_more():
    said = RuleError.wrong_kind("rule 'place' used a value of the wrong kind", _refusal(lambda: [1] < 1), "t1.mire:9")
    assert str(said) == "rule 'place' used a value of the wrong kind (compared a list with a number) (t1.mire:9)"
    unknown = RuleError.wrong_kind("the setup used a value of the wrong kind", ValueError("'int' is Python's"))
    assert str(unknown) == "the setup used a value of the wrong kind"


def test_a_status_that_fails_shows_why_in_the_rules_words(tmp_path):
    from mire.engine import load_game
    from mire.engine.run.view import view
    rules = tmp_path / "failing_status.mire"
    rules.write_text('game "A failing status"\nplayers 2\ndef id(a) = a\nconst Z = id(1)\nconst F = "%c"\n'
                     'status "{id(F) % 2}"\n\naction go():\n    win mover\n')
    shown = view(load_game(str(rules)).new_state(seed=0), 0)["players"][0]["status"]
    assert shown == ["(status failed: `%` works on numbers, but this is a text (failing_status.mire:6))"]
