"""The Python built from the rules can be read: `mire check --python`, tracebacks, inspect.getsource, and run-time
errors named by the rules line of the statement that failed (engine/build/generated.py)."""
import inspect
import linecache
import traceback

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.build import generated
from mire.engine.run.runtime import RuleError


def test_check_python_prints_each_rule_and_listing_under_its_rules_line(snapshot):
    result = CliRunner().invoke(main, ["check", "tic-tac-toe", "--python"])
    assert result.exit_code == 0, result.output
    assert result.output == snapshot


def test_check_python_and_json_are_not_given_together():
    result = CliRunner().invoke(main, ["check", "tic-tac-toe", "--python", "--json"])
    assert result.exit_code == 2
    assert "give one of them" in result.output


def test_a_built_rule_has_a_file_name_and_a_source_to_show():
    compiled = load_game("tic-tac-toe").compiled
    place = compiled.actions[0]
    assert place.body.__code__.co_filename == "<mire tic-tac-toe.mire:6 place>"
    assert inspect.getsource(place.body) == (
        "def place(S, L):\n"
        "    # tic-tac-toe.mire:7  place mark for mover at c\n"
        "    S.create_piece('mark', {}, S.turn_player, True, L[0])\n"
        "    # tic-tac-toe.mire:8  if in_a_row(c, 3): win mover because \"three in a row\"\n"
        "    if _F_in_a_row(S, L[0], 3):\n"
        "        S.declare_end('win', S.turn_player, 'three in a row')\n"
        "        raise _GameOver()\n")
    assert inspect.getsource(place.gen).startswith("def place_moves(S, out):\n")


def test_a_traceback_through_a_rule_shows_its_lines(tmp_path):
    path = tmp_path / "fails.mire"
    path.write_text('game "Fails"\nplayers 2\nboard cells: grid 2 x 2\npiece mark\nvar n: number = 0\n'
                    'def half(x) = x / 0\n'
                    'action place(c in cells where empty(c)):\n'
                    '    place mark for mover at c\n'
                    '    n = half(n)\n')
    compiled = load_game(str(path)).compiled
    state = compiled_state(str(path))
    with pytest.raises(RuleError) as caught:
        compiled.actions[0].body(state, [state.legal_moves()[0].args[0]])
    text = "".join(traceback.format_exception(caught.value))
    assert 'File "<mire fails.mire:7 place>", line 5, in place' in text
    assert "    S.set_var(S.vars, 'n', _sized(((_a2 := S.vars['n']), _div(_a2, 0))[-1], _k1))\n" in text  # (linecache)
    assert compiled.rules_line(caught.value) == "fails.mire:9"
    with pytest.raises(RuleError, match=r"^division by zero \(fails.mire:9\)$"):
        state.apply(state.legal_moves()[0])


def compiled_state(path):
    return load_game(path).new_state(seed=0)


def test_a_failing_statement_is_reported_by_its_own_line(tmp_path):
    """Before, such an error named the action's header (fails.mire:7) or, in the setup, no line at all."""
    path = tmp_path / "fails.mire"
    head = 'game "Fails"\nplayers 2\nboard cells: grid 2 x 2\npiece mark\nvar n: int = 0\ndef g(a, b) = [a, b]\n'
    steps = '    let u = g([1], 1)\n    let v = g(1, [1])\n    for x in v[0]:\n        n += 1\n'
    path.write_text(head + 'action place(c in cells where empty(c)):\n    place mark for mover at c\n' + steps)
    state = compiled_state(str(path))
    with pytest.raises(RuleError) as caught:
        state.apply(state.legal_moves()[0])
    assert str(caught.value) == "rule 'place' used a value of the wrong kind (went through the items of a number) " \
                                "(fails.mire:11)"
    path.write_text(head + 'setup:\n' + steps + 'action place(c in cells where empty(c)):\n'
                    '    place mark for mover at c\n')
    with pytest.raises(RuleError) as caught:
        compiled_state(str(path))
    assert str(caught.value) == "the setup used a value of the wrong kind (went through the items of a number) " \
                                "(fails.mire:10)"


def test_what_linecache_holds_is_bounded(monkeypatch):
    monkeypatch.setattr(generated, "MAX_REGISTERED_CHARS", 10_000)
    names = [generated.register(f"<mire bounded.mire:{i} r>", f"lambda S, L: {'1' * 1000}\n") for i in range(50)]
    assert generated.registered_chars() <= 10_000
    assert names[0] not in linecache.cache and names[-1] in linecache.cache
    # the same name with another text (another version of the file) is kept apart from the first
    again = generated.register(names[-1], "lambda S, L: 2\n")
    assert again != names[-1] and again.startswith("<mire bounded.mire:49 r ~")
    assert linecache.getline(names[-1], 1).startswith("lambda S, L: 111")
    assert linecache.getline(again, 1) == "lambda S, L: 2\n"


def test_a_def_typed_by_its_call_knows_the_types_of_the_constants_it_reads(tmp_path):
    # `LEAPS` is a list of offsets: `near`, written in place typed by its argument (a space), calls `neighbors`
    # directly, without checking its arguments as it runs (it did, when a constant read in a typed body was
    # taken for `any`)
    path = tmp_path / "leaps.mire"
    path.write_text('game "Leaps"\nplayers 2\nboard cells: grid 4 x 4\npiece mark\n'
                    'const LEAPS = symmetric((1, 2))\n'
                    'def near(s) = count(x in neighbors(s, LEAPS) where empty(x))\n'
                    'action put(c in cells where empty(c) and near(c) > 3):\n    place mark for mover at c\n')
    state = load_game(str(path)).new_state(seed=0)
    assert [m.text for m in state.legal_moves()] == ["put b2", "put c2", "put b3", "put c3"]
    listing = ["".join(lines[2]) for name, lines in linecache.cache.items() if "leaps.mire:7 put: moves" in name]
    assert len(listing) == 1 and "_F_neighbors(S, _p0, " in listing[0] and "_checked_call" not in listing[0]
