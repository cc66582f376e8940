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
from mire.grammar.checker import Checker
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


@pytest.mark.parametrize("cls", N.concrete_subclasses(N.Decl), ids=lambda c: c.__name__)
def test_every_declaration_is_collected(cls):
    # (a phase's own items are collected with the game's: Checker.collect opens it)
    assert cls is N.Phase or hasattr(Checker, f"collect_{cls.__name__}"), f"checker.py has no collect_{cls.__name__}"


@pytest.mark.parametrize("base", [N.Stmt, N.Expr, N.Decl], ids=lambda c: c.__name__)
def test_the_node_classes_are_all_found(base):
    found = set(N.concrete_subclasses(base))
    declared = {c for c in vars(N).values() if isinstance(c, type) and issubclass(c, base)}
    assert found == declared - {base}
    assert len(found) > 10


def test_every_phase_dispatches_through_the_node_visitor():
    for visitor in (Checker, StatementChecker, ExpressionChecker, Compiler, Emitter):
        assert issubclass(visitor, N.NodeVisitor), visitor
    assert {"If", "Choose", "Log", "Assign"} <= {c.__name__ for c in N.concrete_subclasses(N.Stmt)}
    assert {"Call", "Filter", "Comprehension", "Name"} <= {c.__name__ for c in N.concrete_subclasses(N.Expr)}


def test_the_checker_sees_the_builtins_the_engine_runs():
    assert set(LIBRARY.functions) == set(BUILTINS) and set(LIBRARY.names) == set(NAMES)
    for name, b in BUILTINS.items():
        sig = b.signature
        assert sig.doc and (sig.doc[0].islower() or sig.doc.split()[0] in sig.letters), \
            f"{name}: a one-line doc, in the docs' voice"
        assert len(sig.letters) == len(sig.params) and all(
            letter.isupper() and letter.isidentifier() for letter in sig.letters), f"{name}: a name for each parameter"
        assert 0 < sig.required <= len(sig.params) or (sig.required == 0 and not sig.params)
        assert b.run.__code__.co_argcount == len(sig.params) + 1, f"{name}: takes the state and its parameters"


def test_every_made_file_is_as_its_sources_make_it():
    """The parser's tables, the editors' files and the builtins' table of the docs are made from the grammar,
    cli/highlight.py and engine/run/library.py: one command writes them all again."""
    from mire import regenerate
    stale = [f"{m.path} (made from {m.source})" for m in regenerate.stale(ROOT)]   # (this checkout's files)
    assert not stale, f"out of date: {', '.join(stale)}: run `{regenerate.COMMAND}`"
    assert {m.path for m in regenerate.MADE} >= {"grammar/mire.lark.tables", "docs/language.md",
                                                 "editors/vim/syntax/mire.vim", "editors/mire.tmLanguage.json"}


def test_the_docs_table_of_builtin_functions_is_the_library():
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    table = text[text.index("## 2.21 Builtin functions"):text.index("## 2.22")]
    documented = [name for line in table.splitlines() if line.startswith("| `")
                  for name in re.findall(r"`(\w+)\(", line.split("|")[1])]
    assert set(documented) == set(BUILTINS) and "`neighbors(S)`, `neighbors(S, DIRS)`" in table


def test_ruff_is_clean():
    ruff = pytest.importorskip("ruff")  # noqa: F841 - in the test extra
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
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


def test_the_loaders_kept_games_stay_bounded_however_many_texts_are_loaded(tmp_path):
    """A language server builds a file anew at each edit: the loader keeps the MAX_KEPT_GAMES most recently
    used, not every text it was ever given."""
    from mire.engine import loader
    base = (ROOT / "games" / "tic-tac-toe.mire").read_text(encoding="utf-8")
    path = tmp_path / "edited.mire"
    loader._CACHE.clear()
    first = None
    for edit in range(loader.MAX_KEPT_GAMES + 12):
        path.write_text(base + f"\n# edit {edit}\n", encoding="utf-8")
        game = load_game(str(path))
        first = first or game
        assert len(loader._CACHE) <= loader.MAX_KEPT_GAMES
        assert load_game(str(path)) is game   # the text in use is kept
    assert len(loader._CACHE) == loader.MAX_KEPT_GAMES
    path.write_text(base + "\n# edit 0\n", encoding="utf-8")
    assert load_game(str(path)) is not first   # the least recently used was let go, and is built again


def test_regenerate_writes_a_stale_docs_table_again(tmp_path, capsys):
    from mire import regenerate
    (tmp_path / "docs").mkdir()
    text = (ROOT / regenerate.LANGUAGE_DOC).read_text(encoding="utf-8")
    stale = text.replace("| `count(C)` | int |", "| `count(C)` | a number |")
    (tmp_path / regenerate.LANGUAGE_DOC).write_text(stale, encoding="utf-8")
    made = next(m for m in regenerate.MADE if m.path == regenerate.LANGUAGE_DOC)
    assert not made.current(tmp_path)
    made.write(tmp_path)
    assert made.current(tmp_path) and (tmp_path / regenerate.LANGUAGE_DOC).read_text(encoding="utf-8") == text
    assert regenerate.main(["--check"], root=ROOT) == 0 and regenerate.main(["--everything"]) == 2
    assert capsys.readouterr().err == "usage: python -m mire.regenerate [--check]\n"


def test_every_file_of_a_games_folder_is_installed_with_the_package():
    """`pip install .` (not editable, as .ci/run installs) copies only the package data pyproject.toml names: a
    bundled game's picture or data file outside those patterns is missing once installed (a picture once was)."""
    import fnmatch
    root = Path(__file__).resolve().parents[1]
    line = re.search(r'^"mire\.games" = (\[.*\])$', (root / "pyproject.toml").read_text(), re.M)
    patterns = re.findall(r'"([^"]+)"', line.group(1))
    games = root / "games"
    missing = [str(p.relative_to(games)) for p in sorted(games.rglob("*"))
               if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".py"
               and not any(fnmatch.fnmatch(str(p.relative_to(games)), pat)
                           or ("/" not in str(p.relative_to(games)) and fnmatch.fnmatch(p.name, pat.lstrip("*/")))
                           for pat in patterns)]
    assert missing == [], f"add their patterns to [tool.setuptools.package-data] 'mire.games': {missing}"
