"""The front end: from a rules file's path to a checked game, or every diagnostic.

It finds and reads the files a game is made of (the rules file, its base when it is a variant, its data
files), parses them, merges a variant into its base, reads data files into piece tables and runs the checker.
It is the one place that turns a game's name into a file: a bundled game by its name, a file by its path.
"""
from __future__ import annotations

import csv
import io
from importlib import resources
from pathlib import Path
from typing import Callable, Optional

import attrs

from . import nodes as N
from .checker import Checker
from .diagnostics import Diagnostic, MireError
from .parser import parse
from .symbols import Checked, Context
from .tables import check_table
from .types import Library
from .variants import base_of, merge, plain_items
from .wording import did_you_mean


@attrs.frozen
class Analysis:
    """A checked game, with the text of every file its spans name."""
    checked: Checked
    sources: dict[str, str]
    base: Optional[str]  # the base game's name, for a variant


# ---------------------------------------------------------------- finding games

def games_dir() -> Path:
    return Path(str(resources.files("mire.games")))


def bundled_names() -> list[str]:
    """The bundled games' names, without loading them."""
    return sorted(p.stem for p in games_dir().glob("*.mire"))


def find_game(name_or_path: str) -> Path:
    """A bundled game's file by its name, or the file a path names; MireError (E090) for neither."""
    p = Path(name_or_path)
    if p.suffix == ".mire" or p.exists():
        return p
    bundled = games_dir() / f"{name_or_path}.mire"
    if bundled.exists():
        return bundled
    raise MireError([Diagnostic("E090", f"no game named '{name_or_path}'"
                                        f"{did_you_mean(name_or_path, bundled_names())}", N.nowhere(name_or_path),
                                "`mire list` shows the bundled games; a path to a .mire file works too")])


def find_sibling(beside: Path, name: str) -> Path:
    """A game named in another game's file (`variant of NAME`, `uses "NAME"`): the file next to it, or a
    bundled game."""
    sib = beside.parent / f"{name}.mire"
    if sib.exists():
        return sib
    return find_game(name)


def display_path(path: Path) -> str:
    """How a file is named to the user: relative to the working folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def read_rules(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        message = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise MireError([Diagnostic("E091", f"cannot read the file: {message}", N.nowhere(str(path)))]) from None


# ---------------------------------------------------------------- reading a game

def analyse(path: Path, source: str, library: Library) -> Analysis:
    """Parse, merge, read data and check the game in `path` (whose text is `source`); MireError if broken."""
    attempt = check_game(path, source, library)
    if attempt.diagnostics:
        spath = display_path(path)
        raise MireError(sorted(attempt.diagnostics, key=lambda d: (d.path != spath, d.span.line, d.span.column)),
                        attempt.sources)
    assert attempt.checked is not None
    return Analysis(attempt.checked, attempt.sources, attempt.base)


@attrs.frozen
class Attempt:
    """All that checking a game found, broken or not (for an editor, which shows a game as it is typed)."""
    module: Optional[N.Module]  # the rules file as parsed; None when it has syntax errors
    checked: Optional[Checked]  # the whole game checked; None when the file, or its base, does not parse
    sources: dict[str, str]
    base: Optional[str]  # the base game's name, for a variant
    base_path: Optional[Path]  # and its file, when it was found
    diagnostics: list[Diagnostic]


def check_game(path: Path, source: str, library: Library, read: Callable[[Path], str] = read_rules) -> Attempt:
    """What `analyse` does, without raising: every diagnostic, and what could be checked. `read` reads
    another file of the game (a variant's base)."""
    spath = display_path(path)
    sources = {spath: source}
    try:
        module = parse(source, spath)
    except MireError as err:
        return Attempt(None, None, sources, None, None, err.diagnostics)
    variant_of = base_of(module)
    base_name, base_path = None, None
    if variant_of is None:
        game, diags = plain_items(module)
    else:
        base_name = variant_of.base
        try:
            base_path = find_sibling(path, base_name)
            base_source = read(base_path)
        except MireError as err:
            diags = [attrs.evolve(d, span=variant_of.span) for d in err.diagnostics]
            return Attempt(module, None, sources, base_name, None, MireError(diags, sources).diagnostics)
        try:
            base_module = parse(base_source, display_path(base_path))
        except MireError as err:
            sources.update(err.sources)
            return Attempt(module, None, sources, base_name, base_path, err.diagnostics)
        sources[base_module.path] = base_source
        game, diags = merge(base_module, module)
    game, data_diags, data_sources = _read_data_files(game, path, library)
    diags.extend(data_diags)
    sources.update(data_sources)
    checked = Checker(game, library).run()
    diags = MireError(checked.diagnostics + diags, sources).diagnostics if checked.diagnostics or diags else []
    return Attempt(module, checked, sources, base_name, base_path, diags)


def _read_data_files(module: N.Module, path: Path, library: Library):
    """Replace `pieces K from "file.csv"` by the table read from the file beside the game."""
    diags: list[Diagnostic] = []
    sources: dict[str, str] = {}
    items: list = []
    folder = path.parent.resolve()
    kinds = {i.name: i for i in module.items if isinstance(i, N.Kind)}
    enums = {i.name: i for i in module.items if isinstance(i, N.Enum)}
    for item in module.items:
        if not (isinstance(item, N.Pieces) and item.file is not None):
            items.append(item)
            continue
        rel = item.file
        target = (folder / rel).resolve()
        if Path(rel).is_absolute() or ".." in Path(rel).parts or folder not in target.parents:
            diags.append(Diagnostic("E043", f"data file '{rel}' is outside the game's folder", item.span,
                                    "name data files relative to the game file, without '..'"))
            items.append(item)
            continue
        try:
            text = target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            diags.append(Diagnostic("E043", f"cannot read data file '{rel}'", item.span, f"it should be at {target}"))
            items.append(item)
            continue
        dpath = display_path(target)
        sources[dpath] = text
        rows = _csv_rows(text, dpath)
        header = tuple(str(v) for v, _ in rows[0]) if rows else ()
        table = item.evolve(file=None, header=header, rows=tuple(rows[1:]), data=rel)
        # the table is checked on its own, so that its diagnostics name the data file
        ctx = Context(N.Module(path=dpath, items=(), span=item.span), library)
        ctx.sym.kinds, ctx.sym.enums = kinds, enums
        if item.kind in kinds:
            check_table(ctx, kinds[item.kind], header, table.rows, N.Span(dpath, 1, 1, 1, 2))
        diags.extend(ctx.diags)
        items.append(table)
    return module.evolve(items=tuple(items)), diags, sources


def _csv_rows(text: str, dpath: str) -> list:
    rows = []
    for lineno, row in enumerate(csv.reader(io.StringIO(text)), 1):
        if row and row[0].lstrip().startswith("#"):
            continue  # a comment line (which data is whose, say)
        cells = []
        col = 1
        for cell in row:
            value: object = cell.strip()
            if isinstance(value, str) and value.lstrip("-").isdigit():
                value = int(value)
            cells.append((value, N.Span(dpath, lineno, col, lineno, col + len(cell))))
            col += len(cell) + 1
        if cells and any(c[0] != "" for c in cells):
            rows.append(tuple(cells))
    return rows
