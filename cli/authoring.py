"""The commands for people who write rules files: `mire fmt` and `mire lsp`."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import click

# exit codes of `mire fmt`
CHANGES = 1  # with --check: a file is not formatted
UNREADABLE = 2  # a file could not be read or does not parse


@click.command("fmt", short_help="Lay out rules files the one canonical way.")
@click.argument("paths", nargs=-1, required=True)
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file is not formatted.")
@click.option("--diff", "show_diff", is_flag=True, help="Change nothing; print what would change as a diff.")
def fmt(paths, check, show_diff):
    """Format rules files in place: indentation, spacing, table columns, blank lines.

    A PATH may be a folder (its .mire files, recursively) or `-` (read standard input, write the result to
    standard output). Comments stay; the meaning never changes. Exit status: 0 when done (or, with
    --check, when every file is formatted), 1 when --check finds a file to format, 2 when a file cannot be
    read or has a syntax error."""
    from mire.grammar.diagnostics import MireError
    from mire.grammar.formatter import FormatError, format_source
    from mire.grammar.frontend import FileRefused, read_text_file

    from .safe_text import say

    status = 0
    for path in _expand(paths):
        try:  # (a regular file of a bounded size, as every rules file is read: never a device or a pipe)
            source = sys.stdin.read() if path == "-" else read_text_file(Path(path))
        except (OSError, UnicodeDecodeError, FileRefused) as err:
            say(f"{path}: error: cannot read it: {getattr(err, 'strerror', None) or err}", err=True)
            status = max(status, UNREADABLE)
            continue
        name = "<stdin>" if path == "-" else path
        try:
            result = format_source(source, name)
        except MireError as err:
            for d in err.diagnostics:
                say(d.render(err.sources.get(d.path)), err=True)
            status = max(status, UNREADABLE)
            continue
        except FormatError as err:
            say(f"error: {err}", err=True)
            status = max(status, UNREADABLE)
            continue
        changed = result != source
        if show_diff and changed:
            import difflib
            say("".join(difflib.unified_diff(source.splitlines(keepends=True), result.splitlines(keepends=True),
                                             name, f"{name} (formatted)")), nl=False)
        if check and not show_diff:
            say(f"would reformat: {name}" if changed else f"ok: {name}")
        if check and changed:
            status = max(status, CHANGES)
        if check or show_diff:
            continue
        if path == "-":
            click.echo(result, nl=False)
        elif changed:
            _replace(Path(path), result)
            say(f"formatted: {name}")
    sys.exit(status)


def _expand(paths):
    for path in paths:
        p = Path(path)
        if path != "-" and p.is_dir():
            yield from (str(f) for f in sorted(p.rglob("*.mire")))
        else:
            yield path


def _replace(path: Path, text: str) -> None:
    """Write `text` to `path` all at once: a failure half way leaves the old file as it was."""
    fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


@click.command("lsp", short_help="Run the language server for editors (stdio).")
@click.option("--stdio", is_flag=True, hidden=True, help="Accepted for editors that pass it; stdio is the default.")
def lsp(stdio):
    """Run the Mire language server on standard input and output, for an editor to start: diagnostics as
    you type, hover, completion, outline, go to definition, references, rename and formatting."""
    try:
        from .lsp_server import run
    except ImportError as err:
        click.echo(f"mire lsp needs pygls ({err}): pip install 'mire[lsp]'", err=True)
        sys.exit(1)
    run()
