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
