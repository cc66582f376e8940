"""Exact numbers: `7.5` and `/` give fractions, never rounded; they are shown as a person writes them, and a
fraction where a whole number is wanted is a diagnostic with the way to round it."""
from fractions import Fraction

import pytest

from mire.engine import RuleError, load_game
from mire.engine.run.runtime import number_text
from mire.grammar.diagnostics import MireError

HEAD = 'game "Numbers"\nplayers 2\nboard cells: grid 2 x 1\npiece mark\n'


def game(tmp_path, text, name="numbers"):
    path = tmp_path / f"{name}.mire"
    path.write_text(HEAD + text)
    return load_game(str(path))


def logged(tmp_path, *expressions):
    """What `log` says of each expression, after one move."""
    text = "def off() = at(cells, count(c in cells where empty(c)) + 5, 1)\n"
    text += "action place(c in cells where empty(c)):\n    place mark for mover at c\n"
    text += "".join(f'    log "{{{e}}}"\n' for e in expressions)
    state = game(tmp_path, text).new_state()
    state.apply(state.legal_moves()[0])
    return [line for _, line in state.log]


def test_division_is_exact_and_fractions_are_shown_as_written(tmp_path):
    assert logged(tmp_path, "7 / 2", "6 / 2", "1 / 3 + 1 / 6", "-7 / 2", "7.5", "0.25 * 3", "1 / 3 + 2 / 3",
                  "floor(7 / 2)", "ceil(7 / 2)", "round(7.5)", "round(-7.5)", "floor(-0.5)", "7 % 3",
                  "max([1, 2.5])", "abs(-1.25)", "sum([0.5, 0.5, 1])") == \
        ["3.5", "3", "0.5", "-3.5", "7.5", "0.75", "1", "3", "4", "8", "-7", "-1", "1", "2.5", "1.25", "2"]


def test_number_text():
    assert [number_text(Fraction(n, d)) for n, d in ((15, 2), (-1, 2), (1, 3), (1, 64), (4, 2), (2, 3 * 10**7))] == \
        ["7.5", "-0.5", "1/3", "0.015625", "2", "1/15000000"]


def test_scores_may_be_fractions_and_rank_the_players(tmp_path):
    g = game(tmp_path, "var score: number = 0 per player\n"
                       "setup:\n    seat(2).score = 0.5\n"
                       "action place(c in cells where empty(c)):\n    place mark for mover at c\n"
                       "    mover.score += 1 / 3\n"
                       "trigger full after move:\n    if all(c in cells where not empty(c)): finish\n")
    state = g.new_state()
    for _ in range(2):
        state.apply(state.legal_moves()[0])
    out = state.outcome()
    assert out.scores == {0: Fraction(1, 3), 1: Fraction(5, 6)} and out.text == "2 wins"
    assert [p["vars"]["score"] for p in state.view(0)["players"]] == ["1/3", "5/6"]


def test_a_table_gives_number_attributes(tmp_path):
    text = ("piece coin(value: number)\npieces coin:\n    value  count\n    0.5    2\n    2      1\n"
            "action place(c in cells where empty(c)):\n    place mark for mover at c\n"
            '    log "{sum([x.value for x in coin])}"\n')
    state = game(tmp_path, text).new_state()
    state.apply(state.legal_moves()[0])
    assert state.log[-1][1] == "3"


def diagnostics(tmp_path, text):
    with pytest.raises(MireError) as err:
        game(tmp_path, text)
    return [(d.code, d.message, d.hint) for d in err.value.diagnostics]


def test_a_fraction_where_a_whole_number_is_wanted_is_reported_with_how_to_round_it(tmp_path):
    found = diagnostics(tmp_path, "var total: int = 0\n"
                                  "action place(c in cells where empty(c)):\n    place mark for mover at c\n"
                                  "    total = count(cells) / 2\n")
    assert found == [("E021", "the new value of 'total' should be an int, but this is a number",
                      "`/` divides exactly, so this may be a fraction: for the whole quotient, rounded down, write "
                      "`count(cells) // 2`; or round it with `floor`, `ceil` or `round`, or hold it in a `number`")]
    found = diagnostics(tmp_path, "piece coin(value: int)\npieces coin:\n    value\n    2.5\n"
                                  "action place(c in cells where empty(c)):\n    place mark for mover at c\n")
    assert found == [("E041", "'value' is a whole number, not '2.5'",
                      "write a whole number for 'value', such as 1, or declare 'value' a `number`")]


def test_numbers_stay_bounded(tmp_path):
    g = game(tmp_path, "var x: number = 1\n"
                       "action place(c in cells where empty(c)):\n    place mark for mover at c\n"
                       "    repeat 4000:\n        x = x / 3\n")
    state = g.new_state()
    with pytest.raises(RuleError) as err:
        state.apply(state.legal_moves()[0])
    assert "a fraction grew past 1000 digits" in str(err.value)
    assert state.vars["x"] == 1   # the move was taken back


def test_an_order_with_none_on_either_side_is_false_and_its_negation_true(tmp_path):
    # (comparisons are written in place, each side evaluated once: none on either side, a number written out,
    # a count, and two values read from the board); `off` is no space, found out only as the game is played
    assert logged(tmp_path, "at(cells, 1, 1).x < at(cells, 2, 1).x", "at(cells, 2, 1).x > 1",
                  "count(c in cells where empty(c)) > 0", "count(c in cells where empty(c)) >= 2",
                  "off().x < 3", "off().x <= 3", "3 > off().x",
                  "off().x >= at(cells, 1, 1).x", "at(cells, 1, 1).x > off().x",
                  "1 <= 1") == \
        ["yes", "yes", "yes", "no", "no", "yes", "no", "yes", "no", "yes"]


GO_POINTS = ('game "Points"\nplayers 2\nboard cells: grid 5 x 5\npiece stone\n'
             "def point(i) = at(cells, (i - 1) % 5 + 1, (i - 1) / 5 + 1)\n"
             "action play(i in 1..25 where empty(point(i))):\n    place stone for mover at point(i)\n")


def test_a_fraction_passed_to_at_is_reported_with_its_place_and_the_whole_quotient(tmp_path):
    # A Go file written before `/` divided exactly: (i - 1) / 5 + 1 is a fraction for 20 of 25 points, and `at`
    # found no space for it. The def's parameter has no written type: its calls make it an int.
    path = tmp_path / "points.mire"
    path.write_text(GO_POINTS)
    with pytest.raises(MireError) as err:
        load_game(str(path))
    assert str(err.value) == (
        f"{path}:5:43: error[E021]: 'at' wants an int as its third argument, but this is a number\n"
        "  |\n"
        "5 | def point(i) = at(cells, (i - 1) % 5 + 1, (i - 1) / 5 + 1)\n"
        "  |                                           ^^^^^^^^^^^^^^^\n"
        "  = hint: `/` divides exactly, so this may be a fraction: for a whole quotient, rounded down, write `//` "
        "instead of `/`; or round it with `floor(...)`, `ceil(...)` or `round(...)`, or hold it in a `number`")
    path.write_text(GO_POINTS.replace("(i - 1) / 5", "(i - 1) // 5"))
    state = load_game(str(path)).new_state()
    assert len(state.legal_moves()) == 25
    state.apply(state.parse_move("play 7"))
    assert [s.name for s in state.boards["cells"].spaces if s.pieces] == ["b2"]


def test_a_number_is_refused_wherever_a_whole_number_is_wanted(tmp_path):
    for call in ("at(cells, 1, 3 / 2)", "seat(3 / 2)", "in_a_row(c, 5 / 2)", "edge(top(c), north, 1 / 2)",
                 "[1, 2][1 / 2]", "count(1..(5 / 2))"):
        found = diagnostics(tmp_path, "action place(c in cells where empty(c)):\n    place mark for mover at c\n"
                                      f'    log "{{{call}}}"\n')
        assert [code for code, _, _ in found] == ["E021"], call
        assert "`//`" in found[0][2] or "floor" in found[0][2], call


def test_whole_quotient(tmp_path):
    assert logged(tmp_path, "7 // 2", "-7 // 2", "7.5 // 2", "6 // 3", "1 / 3 // 1", "(7 // 2) * 2") == \
        ["3", "-4", "3", "2", "0", "6"]
    # a whole quotient is an int, whatever it divides
    g = game(tmp_path, "var n: int = 0\naction place(c in cells where empty(c)):\n    place mark for mover at c\n"
                       "    n = 7 // 2\n    n = n // 0.5\n    n = n // 0\n")
    state = g.new_state()
    with pytest.raises(RuleError) as err:
        state.apply(state.legal_moves()[0])
    assert str(err.value) == "division by zero (numbers.mire:10)"


UNTYPED = "def same(v) = v\nvar n: int = 0\n"


def untyped_failure(tmp_path, line):
    """The RuleError of a move whose line `line` meets a fraction through a def's untyped parameter."""
    g = game(tmp_path, UNTYPED + "action place(c in cells where empty(c)):\n    let q = same(cells)\n"
                                 f"    place mark for mover at c\n    {line}\n")
    state = g.new_state()
    with pytest.raises(RuleError) as err:
        state.apply(state.legal_moves()[0])
    assert state.history == []
    return str(err.value)


def test_a_fraction_where_a_whole_number_is_needed_fails_at_its_line_when_the_rule_runs(tmp_path):
    # the checker cannot see it (`same` is called with a list and a number): the rule stops at the line, it
    # never finds `none`
    assert untyped_failure(tmp_path, "place mark at at(cells, same(3 / 2), 1)") == (
        "'at' wants an int as argument 2, and got a number (a fraction: `/` divides exactly; `//` gives the whole "
        "quotient, and `floor`, `ceil` or `round` a whole number) (numbers.mire:10)")
    assert untyped_failure(tmp_path, "repeat same(3 / 2):\n        pass") == (
        "rule 'place' used a value of the wrong kind (used a number where a whole number is needed: `/` divides "
        "exactly, `//` gives the whole quotient) (numbers.mire:10)")
    assert untyped_failure(tmp_path, 'log "{[1, 2][same(1 / 2)]}"') == \
        "only a list can be indexed, by a whole number (numbers.mire:10)"
    assert untyped_failure(tmp_path, "n = same(1 / 2)") == \
        "the new value of 'n' should be an int, but this is a number (numbers.mire:10)"
