"""A name the game declares hides a builtin name of the same spelling in that file (W001, a warning): a builtin
added to the language never breaks a file that already used its name. Only the words `yes`, `no`, `true`,
`false` and `none` are the language's own."""
import json

import pytest
from click.testing import CliRunner

from mire.cli.main import main as cli
from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.grammar.diagnostics import MireError

# written before `decisions` became a builtin: it counts the marks placed, and ends at 7
DECISIONS = '''game "Count"
players 2
board cells: grid 3 x 3
piece mark
var decisions: int = 0

action place(c in cells where empty(c)):
    place mark for mover at c
    decisions += 1

trigger long after move:
    if decisions == 7: draw
'''


def write(tmp_path, text, name="count.mire"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_variable_named_like_a_builtin_is_the_games_own(tmp_path):
    path = write(tmp_path, DECISIONS)
    game = load_game(str(path))
    assert [(d.code, d.severity, d.span.line) for d in game.analysis.warnings] == [("W001", "warning", 5)]
    # the variable, not the builtin: every game ends at the seventh mark, a draw
    assert perft(game.new_state(), 7) == [9, 72, 504, 3024, 15120, 60480, 181440]
    state = game.new_state()
    for _ in range(7):
        state.apply(state.legal_moves()[0])
    assert state.is_over() and state.outcome().draw and state.vars["decisions"] == 7


def test_check_shows_the_warning_and_says_ok(tmp_path):
    path = write(tmp_path, DECISIONS)
    out = CliRunner().invoke(cli, ["check", str(path)])
    assert out.exit_code == 0
    assert out.output == (
        f"{path}:5:5: warning[W001]: 'decisions' is also a builtin name (the decisions made so far: every move and "
        "every answer to a choice); in this game it is this variable\n"
        "  |\n"
        "5 | var decisions: int = 0\n"
        "  |     ^^^^^^^^^\n"
        "  = hint: the builtin `decisions` cannot be named in this game; to use it, rename this variable (such as "
        "'my_decisions')\n\n"
        f"ok: {path}\n")
    out = CliRunner().invoke(cli, ["check", "--json", str(path)])
    assert out.exit_code == 0
    assert [(d["severity"], d["code"], d["line"]) for d in json.loads(out.output)] == [("warning", "W001", 5)]


@pytest.mark.parametrize("declaration, use, hidden", [
    ("const winners = 3", "winners", 1),
    ("enum shade: turn, repetitions", "turn", 2),
    ("piece phase", None, 1),
    ("zone others", None, 1),
    ("def decisions(c) = c.x", "decisions(c)", 1),
])
def test_any_declaration_may_take_a_builtin_name(tmp_path, declaration, use, hidden):
    text = DECISIONS.replace("var decisions: int = 0", declaration).replace("decisions += 1", "pass") \
        .replace("if decisions == 7: draw", f'log "{{{use}}}"' if use else "pass")
    text = text.replace("trigger long after move:", "action look(c in cells where not empty(c)):") if use else text
    game = load_game(str(write(tmp_path, text)))
    assert [d.code for d in game.analysis.warnings] == ["W001"] * hidden
    state = game.new_state()
    state.apply(state.legal_moves()[0])
    if use:
        state.apply(state.parse_move("look a1"))
        assert state.log[-1][1] == {"winners": "3", "turn": "turn", "decisions(c)": "1"}[use]


def test_a_local_name_hides_a_builtin_in_its_rule_only(tmp_path):
    text = DECISIONS.replace("    decisions += 1\n", "    let turn = 10\n    decisions += turn\n") \
        .replace("if decisions == 7: draw", "if turn == 3: draw")
    game = load_game(str(write(tmp_path, text)))
    assert [(d.code, d.span.line) for d in game.analysis.warnings] == [("W001", 5), ("W001", 9)]
    state = game.new_state()
    for _ in range(2):
        state.apply(state.legal_moves()[0])
    assert state.vars["decisions"] == 20 and not state.is_over()
    state.apply(state.legal_moves()[0])
    assert state.vars["decisions"] == 30 and state.is_over()  # the trigger's `turn` is the builtin: the third


def test_the_words_of_the_language_are_refused_once(tmp_path):
    # the declaration is kept all the same: its uses report nothing more
    text = DECISIONS.replace("decisions", "none")
    with pytest.raises(MireError) as err:
        load_game(str(write(tmp_path, text)))
    assert [(d.code, d.span.line, d.message) for d in err.value.diagnostics] == [
        ("E030", 5, "'none' is a word of the language and cannot be a variable's name")]
