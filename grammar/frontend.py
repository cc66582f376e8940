"""The front end: from a rules file's path to a checked game, or every diagnostic.

It finds and reads the files a game is made of (the rules file, its base when it is a variant, its data
files), parses them, merges a variant into its base, reads data files into piece tables and runs the checker.
It is the one place that turns a game's name into a file: a bundled game by its name, a file by its path.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

import attrs

from .. import games
from . import nodes as N
from .cached import note_read
from .diagnostics import Diagnostic, MireError
from .limits import MAX_DIGITS, MAX_FILE_BYTES
from .symbols import Checked
from .wording import did_you_mean, quoted_short

if TYPE_CHECKING:
    from .types import Library

# the parser (and Lark), the checker, the display's pictures and the tables' checks are imported where a game is
# checked: a game read from its checked entry (grammar/cached.py) needs none of them


@attrs.frozen
class CheckedGame:
    """A checked game, with the text of every file its spans name."""
    checked: Checked
    sources: dict[str, str]
    base: Optional[str]  # the base game's name, for a variant
    warnings: list[Diagnostic] = attrs.Factory(list)  # what `mire check` shows of a game that loads


# ---------------------------------------------------------------- finding games

def games_dir() -> Path:
    return Path(games.__file__).parent


def bundled_names() -> list[str]:
    """The bundled games' names, without loading them."""
    return sorted(p.stem for p in games_dir().glob("*.mire"))


def is_path(name_or_path: str) -> bool:
    """Is this a file's path (`./x.mire`, `games/x.mire`, `x.mire`) rather than a bundled game's name?"""
    return name_or_path.endswith(".mire") or "/" in name_or_path or "\\" in name_or_path


def find_game(name_or_path: str) -> Path:
    """A bundled game's file by its name, or the file a path names; MireError (E090) for neither. A name means
    the bundled game, whatever the working folder holds: a file of one's own is named by its path."""
    if is_path(name_or_path):
        return Path(name_or_path)
    bundled = games_dir() / f"{name_or_path}.mire"
    if _is_file(bundled):
        return bundled
    raise MireError([Diagnostic("E090", f"no game named '{quoted_short(name_or_path)}'"
                                        f"{did_you_mean(name_or_path, bundled_names())}", N.nowhere(name_or_path),
                                "`mire list` shows the bundled games; a game of your own is named by its path, "
                                "such as ./my-game.mire")])


def find_sibling(beside: Path, name: str) -> Path:
    """A game named in another game's file (`variant of NAME`, `uses "NAME"`): the file of that name in the
    same folder, or a bundled game; never a file elsewhere."""
    if not name or is_path(name) or name.startswith("."):
        raise MireError([Diagnostic("E063", f"'{quoted_short(name)}' is not the name of a game", N.nowhere(str(beside)),
                                    "a game names another by its name alone, without a folder or '.mire': "
                                    "the file of that name beside it, or a bundled game")])
    sib = beside.parent / f"{name}.mire"
    if os.path.lexists(sib):
        # a link is followed only where it stays in the folder, as for data files (E043): otherwise a
        # variant's base could be any file of the machine, its first line shown in a syntax error
        target = inside_folder(beside.parent, sib)
        if target is None:
            raise MireError([Diagnostic("E064", f"'{sib.name}' leads outside the game's folder",
                                        N.nowhere(str(beside)),
                                        "a game names a game in its own folder, or a bundled one; a link "
                                        "beside it must lead to a file in that folder")])
        if _is_file(target):
            return sib
    return find_game(name)


def _is_file(path: Path) -> bool:
    """Is there a regular file at `path`? No for a name the system cannot take (too long, a NUL in it), which
    is no game's, as for a name no file has."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def inside_folder(folder: Path, path: Path) -> Optional[Path]:
    """The file `path` names, its links followed, when that lies in `folder` (or below it); else None."""
    try:
        root = Path(os.path.realpath(folder))
        target = Path(os.path.realpath(path))
    except (OSError, ValueError):
        return None
    return target if root in target.parents else None


def display_path(path: Path) -> str:
    """How a file is named to the user: relative to the working folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class FileRefused(Exception):
    """A file that is not read: not a regular file, too large, not UTF-8 text; str() says why."""


def read_text_file(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most `limit` bytes (never a folder, a device or a pipe, which could
    block or never end); FileRefused otherwise."""
    try:
        text = _read_text_file(path, limit)
    except FileRefused:
        note_read(path, limit, None)
        raise
    note_read(path, limit, text)  # (a checked game kept on disk is good while its files say the same)
    return text


def _read_text_file(path: Path, limit: int) -> str:
    try:
        if not path.is_file():
            raise FileRefused("it is not a file" if path.exists() else "there is no such file")
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as err:
        raise FileRefused(err.strerror or str(err)) from None
    if len(data) > limit:
        raise FileRefused(f"it is larger than {limit:,} bytes")
    try:
        return data.decode("utf-8-sig")  # (a byte order mark first, as some editors write, is no character)
    except UnicodeDecodeError:
        raise FileRefused("it is not UTF-8 text") from None


def read_rules(path: Path) -> str:
    try:
        return read_text_file(path)
    except FileRefused as err:
        raise MireError([Diagnostic("E091", f"cannot read the file: {err}", N.nowhere(str(path)))]) from None


# ---------------------------------------------------------------- reading a game

def check_or_raise(path: Path, source: str, library: Library) -> CheckedGame:
    """Parse, merge, read data and check the game in `path` (whose text is `source`); MireError if broken."""
    attempt = check_game(path, source, library)
    spath = display_path(path)
    found = sorted(attempt.diagnostics, key=lambda d: (d.path != spath, d.span.line, d.span.column))
    if any(d.severity == "error" for d in found):
        raise MireError(found, attempt.sources)
    assert attempt.checked is not None
    return CheckedGame(attempt.checked, attempt.sources, attempt.base, found)


@attrs.frozen
class Attempt:
    """All that checking a game found, broken or not (for an editor, which shows a game as it is typed)."""
    module: Optional[N.Module]  # the rules file as parsed; None when it has syntax errors
    checked: Optional[Checked]  # the whole game checked; None when the file, or its base, does not parse
    sources: dict[str, str]
    base: Optional[str]  # the base game's name, for a variant
    base_path: Optional[Path]  # and its file, when it was found
    diagnostics: list[Diagnostic]


def check_game(path: Path, source: str, library: Library, read: Callable[[Path], str] = read_rules,
               tokens: Optional[list] = None) -> Attempt:
    """What `check_or_raise` does, without raising: every diagnostic, and what could be checked. `read` reads
    another file of the game (a variant's base). A list given as `tokens` gets the tokens of `source` when
    it parses (see `parser.parse`)."""
    from .checker import Checker
    from .display import read_pictures
    from .parser import parse
    from .variants import base_of, merge, plain_items
    spath = display_path(path)
    sources = {spath: source}
    try:
        module = parse(source, spath, tokens)
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
    game, picture_diags = read_pictures(game, path.parent.resolve())
    diags.extend(picture_diags)
    sources.update(data_sources)
    checked = Checker(game, library).run()
    diags = MireError(checked.diagnostics + diags, sources).diagnostics if checked.diagnostics or diags else []
    return Attempt(module, checked, sources, base_name, base_path, diags)


def _read_data_files(module: N.Module, path: Path, library: Library):
    """Replace `pieces K from "file.csv"` by the table read from the file beside the game."""
    import csv

    from .symbols import Context
    from .tables import check_table
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
        target = inside_folder(folder, folder / rel)
        if Path(rel).is_absolute() or ".." in Path(rel).parts or target is None:
            diags.append(Diagnostic("E043", f"data file '{rel}' is outside the game's folder", item.span,
                                    "name data files relative to the game file, without '..'"))
            items.append(item)
            continue
        try:
            text = read_text_file(target)
        except FileRefused as err:
            diags.append(Diagnostic("E043", f"cannot read data file '{rel}': {err}", item.span,
                                    f"it should be a CSV file at {target}"))
            items.append(item)
            continue
        dpath = display_path(target)
        sources[dpath] = text
        texts = {x.name for x in kinds[item.kind].attrs if x.type.name == "text"} if item.kind in kinds else set()
        try:
            rows = _csv_rows(text, dpath, diags, texts)
        except csv.Error as err:
            diags.append(Diagnostic("E043", f"cannot read data file '{rel}': {err}", item.span,
                                    "a data file is CSV: values separated by commas, a row a line"))
            items.append(item)
            continue
        header = tuple(str(v) for v, _ in rows[0]) if rows else ()
        table = item.evolve(file=None, header=header, rows=tuple(rows[1:]), data=rel)
        # the table is checked on its own, so that its diagnostics name the data file
        ctx = Context(N.Module(path=dpath, items=(), span=item.span), library)
        ctx.sym.kinds, ctx.sym.enums = kinds, enums
        if item.kind in kinds:
            # (the header is the first line that is not a comment: its diagnostics point there)
            head = rows[0][0][1].line if rows and rows[0] else 1
            check_table(ctx, kinds[item.kind], header, table.rows, N.Span(dpath, head, 1, head, 2))
        diags.extend(ctx.diags)
        items.append(table)
    return module.evolve(items=tuple(items)), diags, sources


_NUMBER = re.compile(r"-?[0-9]{1,%d}" % MAX_DIGITS)
_DECIMAL = re.compile(r"-?[0-9]+\.[0-9]+")


def _csv_rows(text: str, dpath: str, diags: list, texts: set) -> list:
    """The rows of a CSV data file, each cell with its place; a cell with a character that may not be shown
    is reported (E008) and left empty, and not checked again. A number is read as one, but in the columns
    named in `texts` (the kind's text attributes), where a cell is the text as written (a card's rank "10")."""
    import csv
    import io
    from fractions import Fraction

    from .parser import unsafe_character
    from .tables import REFUSED
    rows: list = []
    reader = csv.reader(io.StringIO(text))
    as_text: set = set()  # the indexes of those columns, once the header is read
    for row in reader:
        lineno = reader.line_num
        if row and row[0].lstrip().startswith("#"):
            continue  # a comment line (which data is whose, say)
        cells = []
        col = 1
        for i, cell in enumerate(row):
            span = N.Span(dpath, lineno, col, lineno, col + len(cell))
            value: object = cell.strip()
            bad = unsafe_character(cell)
            if bad is not None:
                diags.append(Diagnostic("E008", f"this value holds the character {ascii(bad)}, which a text may "
                                                "not hold", span, "write the value without control characters"))
                value = REFUSED
            elif i in as_text:
                pass
            elif _NUMBER.fullmatch(str(value)):
                value = int(str(value))
            elif _DECIMAL.fullmatch(str(value)) and len(str(value)) <= MAX_DIGITS + 2:
                exact = Fraction(str(value))
                value = int(exact) if exact.denominator == 1 else exact
            cells.append((value, span))
            col += len(cell) + 1
        if cells and any(c[0] != "" for c in cells):
            if not rows:
                as_text = {k for k, (name, _) in enumerate(cells) if str(name) in texts}
            rows.append(tuple(cells))
    return rows
