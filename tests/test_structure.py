"""The shape of the code: every node class is handled by every phase, every builtin is declared once and
documented, lint and type checks are clean, and playing many games does not grow memory."""
import gc
import random
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.bots import RandomBot
from mire.engine.build.compiler import Compiler
from mire.engine.build.expressions import Emitter
from mire.engine.run.library import BUILTINS, LIBRARY, NAMES
from mire.grammar import nodes as N
from mire.grammar.expr_types import ExpressionChecker
from mire.grammar.statements import StatementChecker

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("cls", N.concrete_subclasses(N.Stmt), ids=lambda c: c.__name__)
def test_every_statement_is_checked_and_compiled(cls):
    assert hasattr(StatementChecker, f"check_{cls.__name__}"), f"statements.py has no check_{cls.__name__}"
    assert hasattr(Compiler, f"compile_{cls.__name__}"), f"compiler.py has no compile_{cls.__name__}"


@pytest.mark.parametrize("cls", N.concrete_subclasses(N.Expr), ids=lambda c: c.__name__)
def test_every_expression_is_typed_and_emitted(cls):
    assert hasattr(ExpressionChecker, f"type_{cls.__name__}"), f"expr_types.py has no type_{cls.__name__}"
    assert hasattr(Emitter, f"emit_{cls.__name__}"), f"expressions.py has no emit_{cls.__name__}"


def test_the_node_classes_are_all_found():
    found = set(N.concrete_subclasses(N.Stmt) + N.concrete_subclasses(N.Expr))
    declared = {c for c in vars(N).values() if isinstance(c, type) and issubclass(c, (N.Expr, N.Stmt))}
    assert found == declared - {N.Expr, N.Stmt}
    assert {"If", "Choose", "Log", "Assign", "Call", "Filter", "Comprehension", "Name"} <= {c.__name__ for c in found}


def test_the_checker_sees_the_builtins_the_engine_runs():
    assert set(LIBRARY.functions) == set(BUILTINS) and set(LIBRARY.names) == set(NAMES)
    for name, b in BUILTINS.items():
        sig = b.signature
        assert sig.doc and sig.doc[0].islower(), f"{name}: a one-line doc, in the docs' voice"
        assert 0 < sig.required <= len(sig.params) or (sig.required == 0 and not sig.params)
        assert b.run.__code__.co_argcount == len(sig.params) + 1, f"{name}: takes the state and its parameters"


def test_the_docs_table_of_builtin_functions_is_the_library():
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    table = text[text.index("## 2.21 Builtin functions"):text.index("## 2.22")]
    documented = {name for line in table.splitlines() if line.startswith("| `")
                  for name in re.findall(r"`(\w+)\(", line.split("|")[1])}
    assert documented == set(BUILTINS)


def test_ruff_is_clean():
    ruff = pytest.importorskip("ruff")  # noqa: F841 - in the test extra
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean(tmp_path):
    pytest.importorskip("mypy")
    # the package as it installs: mire/ holds mire_pkg's files and the folders of the layout
    pkg = tmp_path / "mire"
    pkg.mkdir()
    for f in (ROOT / "mire_pkg").glob("*.py"):
        (pkg / f.name).symlink_to(f)
    for folder in ("grammar", "engine", "cli", "games"):
        (pkg / folder).symlink_to(ROOT / folder)
    done = subprocess.run([sys.executable, "-m", "mypy", "-p", "mire", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / ".mypy_cache")],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def _playouts(game, n, seed):
    bot = RandomBot(random.Random(seed))
    for i in range(n):
        play_game(game.new_state(seed=seed + i), [bot, bot])


def test_memory_stays_flat_over_many_playouts():
    game = load_game("connect-four")
    _playouts(game, 50, 0)  # warm up: whatever is built once is built now
    gc.collect()
    tracemalloc.start()
    try:
        _playouts(game, 20, 100)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        _playouts(game, 300, 1000)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 100_000, f"{grown} bytes kept after 300 playouts"
