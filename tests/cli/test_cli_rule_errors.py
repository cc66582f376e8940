"""A rule that fails as it runs reaches the user as a located error, never a traceback."""
from click.testing import CliRunner

from mire.cli.main import main

LOOP = ('game "Loop"\nplayers 2\nboard cells: grid 2 x 2\npiece mark\n'
        'def deep(n) = deep(n + 1)\n'
        'action place(c in cells where deep(1) > 0):\n    place mark for mover at c\n')


def test_a_rule_without_end_is_reported_where_it_is(tmp_path):
    path = tmp_path / "loop.mire"
    path.write_text(LOOP)
    for args in (["play", str(path)], ["simulate", str(path), "-n", "2"], ["perft", str(path), "--depth", "1"]):
        result = CliRunner().invoke(main, args, input="quit\n")
        assert result.exit_code == 1, args
        assert "error: a rule failed: 'deep' calls itself without end (loop.mire:5)" in result.output
        assert "Traceback" not in result.output


DIVIDE = ('game "Divide"\nplayers 2\nboard cells: grid 3 x 1\npiece stone\nvar n: int = 0\n\n'
          'action put(c in cells where empty(c)):\n    place stone for mover at c\n    n = 3 // n\n')


def test_a_rule_error_shows_its_rules_line_with_a_caret_and_a_hint(tmp_path, monkeypatch):
    """As a compile-time diagnostic does: where (file:line:col), the line, a caret under the statement, a hint."""
    (tmp_path / "divide.mire").write_text(DIVIDE)
    monkeypatch.chdir(tmp_path)
    for args in (["simulate", "divide.mire", "-n", "2", "--backend", "python"],
                 ["perft", "divide.mire", "--depth", "2"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, args
        shown = result.stderr[result.stderr.index("error: "):]
        assert shown == ("error: a rule failed: division by zero (divide.mire:9)\n"
                         "  --> divide.mire:9:5\n"
                         "  |\n"
                         "9 |     n = 3 // n\n"
                         "  |     ^^^^^^^^^^\n"
                         "  = hint: this depends on the position: the same seed and moves meet it again\n"), args
