"""`python -m mire.regenerate`: write again every file of the repository that is made from another.

    the parser's tables  grammar/mire.lark.tables      from grammar/mire.lark
    the editors' files   editors/...                   from cli/highlight.py (the grammar's words, the builtins)
    the builtins' table  docs/language.md, 2.21        from engine/run/library.py (each builtin's letters and doc)

Run it after changing any of those sources; `python -m mire.regenerate --check` only says which are out of
date (tests/test_structure.py runs that check). It writes into the checkout it is run from (the folders
beside grammar/): an installed copy has no editors/ or docs/ to write.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, NamedTuple

from .cli import highlight
from .engine.run.library import BUILTINS
from .grammar import parser
from .grammar.types import ELEMENT, NUMERIC, SAME, Type

ROOT = Path(parser.__file__).resolve().parents[1]
COMMAND = "python -m mire.regenerate"

# the lines that close off the made table in docs/language.md
TABLE_START = "<!-- the builtins' table: made by `python -m mire.regenerate` from engine/run/library.py -->"
TABLE_END = "<!-- end of the builtins' table -->"
LANGUAGE_DOC = "docs/language.md"


class Made(NamedTuple):
    """A file made from others: where it is (from the checkout's root), what it is made from, whether it is
    as they make it now, and writing it so."""
    path: str
    source: str
    current: Callable[[Path], bool]
    write: Callable[[Path], None]


# ---------------------------------------------------------------- the builtins' table of the docs
def _gives(result) -> str:
    if isinstance(result, Type):
        return "list" if result.is_list and result.untyped else result.show()
    return {NUMERIC: "int or number", SAME: "list", ELEMENT: "item"}[result]


def builtin_table() -> str:
    """The table of docs/language.md 2.21: a row for each builtin function, in the library's order."""
    rows = ["| function | gives | meaning |", "|---|---|---|"]
    for b in BUILTINS.values():
        sig = b.signature
        forms = ", ".join(f"`{form}`" for form in sig.forms())
        rows.append(f"| {forms} | {_gives(sig.result)} | {sig.doc} |")
    return "\n".join(rows)


def _split_docs(text: str) -> tuple[str, str, str]:
    """docs/language.md as (before the table, the table, after it); ValueError without the marker lines."""
    if text.count(TABLE_START) != 1 or text.count(TABLE_END) != 1:
        raise ValueError(f"{LANGUAGE_DOC} must hold the lines {TABLE_START} and {TABLE_END} once each, around "
                         "the builtins' table")
    start, end = text.index(TABLE_START) + len(TABLE_START), text.index(TABLE_END)
    return text[:start], text[start:end], text[end:]


def _table_current(root: Path) -> bool:
    try:
        return _split_docs((root / LANGUAGE_DOC).read_text(encoding="utf-8"))[1].strip() == builtin_table()
    except (OSError, ValueError):
        return False


def _write_table(root: Path) -> None:
    path = root / LANGUAGE_DOC
    before, _, after = _split_docs(path.read_text(encoding="utf-8"))
    path.write_text(f"{before}\n{builtin_table()}\n{after}", encoding="utf-8")


# ---------------------------------------------------------------- the editors' files
def _editor_file(name: str) -> Made:
    make = highlight.GENERATED[name]

    def current(root: Path) -> bool:
        path = root / "editors" / name
        return path.is_file() and path.read_text(encoding="utf-8") == make()

    def write(root: Path) -> None:
        path = root / "editors" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(make(), encoding="utf-8")
    return Made(f"editors/{name}", "cli/highlight.py", current, write)


MADE: tuple[Made, ...] = (
    Made(f"grammar/{parser.TABLES}", "grammar/mire.lark",
         lambda root: parser.tables_match_grammar(), lambda root: parser.save_parser_tables(root / "grammar" /
                                                                                             parser.TABLES)),
    *(_editor_file(name) for name in highlight.GENERATED),
    Made(LANGUAGE_DOC, "engine/run/library.py", _table_current, _write_table),
)


def stale(root: Path = ROOT) -> list[Made]:
    """The made files that are not as their sources make them now."""
    return [m for m in MADE if not m.current(root)]


def main(argv=None, root: Path = ROOT) -> int:
    """The command; `root` is the checkout to read and write (the one this module is in, when installed with
    pip install -e; the tests give theirs, which an installed copy is not in)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv not in ([], ["--check"]):
        print(f"usage: {COMMAND} [--check]", file=sys.stderr)
        return 2
    if not (root / "editors").is_dir() or not (root / "docs").is_dir():
        print(f"{COMMAND}: no editors/ and docs/ beside {root / 'grammar'}: run it in a checkout of Mire "
              "(installed with pip install -e)", file=sys.stderr)
        return 2
    out_of_date = stale(root)
    if argv == ["--check"]:
        for m in out_of_date:
            print(f"out of date: {m.path} (made from {m.source})")
        return 1 if out_of_date else 0
    for m in out_of_date:
        try:
            m.write(root)
        except (OSError, ValueError) as err:
            print(f"{COMMAND}: {m.path} was not written: {err}", file=sys.stderr)
            return 1
        print(f"wrote {m.path} (made from {m.source})")
    if not out_of_date:
        print("every made file is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
