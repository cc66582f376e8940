"""The commands for people who write rules files: `mire fmt` and `mire lsp`."""
from __future__ import annotations

import difflib
import os
import sys
from pathlib import Path

import click

# exit codes of `mire fmt`
CHANGES = 1  # with --check: a file is not formatted
UNREADABLE = 2  # a file could not be read or does not parse


@click.command("fmt", short_help="Lay out rules files the one canonical way.")
@click.argument("paths", nargs=-1, required=True)
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file is not formatted.")
@click.option("--diff", "show_diff", is_flag=True,
              help="Change nothing; print what would change as a unified diff (see above for large files).")
def fmt(paths, check, show_diff):
    """Format rules files in place: indentation, spacing, table columns, blank lines.

    A PATH may be a folder (its .mire files, recursively; a link in it that leads outside it is skipped,
    with a note) or `-` (read standard input, write the result to standard output). Comments stay; the
    meaning never changes. With --diff, the lines from the first change to the last are compared by
    difflib when there are about a thousand or fewer on each side (their product at most 1,000,000); beyond
    that, line by line, in one pass (a blank line added or removed shows as such, any other changed line as
    removed and added): a correct diff, though not always the shortest. Exit status: 0 when done (or, with
    --check, when every file is formatted), 1 when --check finds a file to format, 2 when a file cannot be
    read or has a syntax error."""
    from mire.grammar.diagnostics import MireError
    from mire.grammar.formatter import FormatError, format_source
    from mire.grammar.frontend import FileRefused, read_text_file

    from .safe_text import say

    status = 0
    for path in _expand(paths, say):
        try:  # (a regular file of a bounded size, as every rules file is read: never a device or a pipe)
            source = _read_stdin() if path == "-" else read_text_file(Path(path))
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
            say("".join(_unified_diff(_lines(source), _lines(result), name, f"{name} (formatted)")), nl=False)
        if check and not show_diff:
            say(f"would reformat: {name}" if changed else f"ok: {name}")
        if check and changed:
            status = max(status, CHANGES)
        if check or show_diff:
            continue
        if path == "-":
            _write_stdout(result)
        elif changed:
            _replace(Path(path), result)
            say(f"formatted: {name}")
    sys.exit(status)


def _lines(text: str) -> list:
    """The lines of a text with their ends, as `patch`, editors and the parser count them: a line ends at "\n"
    only (str.splitlines also ends one at U+2028, a form feed, ..., and the diff's line numbers went wrong)."""
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    return lines if lines[-1] else lines[:-1]


def _expand(paths, say):
    """The files to format: each path given, and the .mire files in each folder given. A file found in a
    folder must lie in that folder once its links are followed (as a game's data files must, E043): a link
    there to a file elsewhere (another user's folder, /etc/passwd) is not read, not shown in a diff and not
    replaced by a formatted copy. A file named on the command line is the user's own choice."""
    from mire.grammar.frontend import inside_folder

    for path in paths:
        p = Path(path)
        if path != "-" and p.is_dir():
            for f in sorted(p.rglob("*.mire")):
                if inside_folder(p, f) is None:
                    say(f"{f}: skipped: it is a link that leads outside {p}", err=True)
                else:
                    yield str(f)
        else:
            yield path


def _read_stdin() -> str:
    """Standard input as UTF-8 text, as it is (no line ends translated), of at most the size of a rules
    file."""
    from mire.grammar.frontend import FileRefused
    from mire.grammar.limits import MAX_FILE_BYTES

    data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise FileRefused(f"it is larger than {MAX_FILE_BYTES:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused("it is not UTF-8 text") from None


def _write_stdout(text: str) -> None:
    """The formatted text of standard input: byte for byte to a file or a pipe (click.echo would strip what
    looks like a colour code from its comments); to a terminal, escaped like everything else the CLI shows
    (a comment's escape sequence could act on the terminal)."""
    from .safe_text import say

    if sys.stdout.isatty():
        say(text, nl=False)
        return
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.buffer.flush()


def _replace(path: Path, text: str) -> None:
    """Write `text` to `path` all at once: a failure half way leaves the old file as it was."""
    import tempfile  # (here: every command imports this module, to register `fmt` and `lsp`)
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


# ---------------------------------------------------------------- --diff

# The most lines difflib compares: the changed lines of the source times those of the result. difflib's
# SequenceMatcher takes time up to the product of the two (a file that repeats its lines reaches it: 4,000
# lines took 10 s); beyond this, the changed lines are compared line by line, in one pass.
DIFFLIB_PAIRS = 1_000_000
CONTEXT = 3  # lines of context around a change, as difflib.unified_diff gives


def _unified_diff(a: list, b: list, fromfile: str, tofile: str):
    """The lines of a unified diff from `a` to `b` (lines with their line ends), as difflib.unified_diff gives
    them, in time that grows with the number of lines times at most DIFFLIB_PAIRS."""
    started = False
    for group in _Given(_opcodes(a, b)).get_grouped_opcodes(CONTEXT):
        if not started:
            started = True
            yield f"--- {fromfile}\n"
            yield f"+++ {tofile}\n"
        first, last = group[0], group[-1]
        yield f"@@ -{_hunk_range(first[1], last[2])} +{_hunk_range(first[3], last[4])} @@\n"
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (_ended(" " + line) for line in a[i1:i2])
                continue
            if tag in ("replace", "delete"):
                yield from (_ended("-" + line) for line in a[i1:i2])
            if tag in ("replace", "insert"):
                yield from (_ended("+" + line) for line in b[j1:j2])


def _ended(line: str) -> str:
    """A line of the diff; the last line of a file without a newline at its end is marked so, as diff marks it."""
    return line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"


class _Given(difflib.SequenceMatcher):
    """A matcher that compares nothing: it groups the opcodes it is given into hunks, as difflib does."""

    def __init__(self, opcodes: list):
        super().__init__(None, "", "")
        self.given = opcodes

    def get_opcodes(self) -> list:
        return self.given


def _hunk_range(start: int, stop: int) -> str:
    """A hunk's `start,length`, as difflib writes it."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"


def _opcodes(a: list, b: list) -> list:
    """difflib's opcodes from `a` to `b`: the lines the two begin and end with are equal; between them, difflib
    finds the fewest changes when that is cheap enough (DIFFLIB_PAIRS), else `_line_by_line` a correct set."""
    head = 0
    while head < len(a) and head < len(b) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < len(a) - head and tail < len(b) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    middle_a, middle_b = a[head:len(a) - tail], b[head:len(b) - tail]
    if len(middle_a) * len(middle_b) <= DIFFLIB_PAIRS:
        middle = difflib.SequenceMatcher(None, middle_a, middle_b).get_opcodes()
    else:
        middle = _line_by_line(middle_a, middle_b)
    codes: list = []
    for tag, i1, i2, j1, j2 in [("equal", -head, 0, -head, 0), *middle,
                                ("equal", len(middle_a), len(middle_a) + tail, len(middle_b), len(middle_b) + tail)]:
        _add(codes, tag, i1 + head, i2 + head, j1 + head, j2 + head)
    return codes or [("equal", 0, 0, 0, 0)]


def _line_by_line(a: list, b: list) -> list:
    """Opcodes from `a` to `b` in one pass, for the layout `mire fmt` makes (it never joins or splits a line,
    but adds and removes blank lines): equal lines are equal, a blank line on one side only is deleted or
    inserted, and any other two lines side by side are a change of one into the other."""
    codes: list = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            _add(codes, "equal", i, i + 1, j, j + 1)
            i, j = i + 1, j + 1
        elif not a[i].strip():
            _add(codes, "delete", i, i + 1, j, j)
            i += 1
        elif not b[j].strip():
            _add(codes, "insert", i, i, j, j + 1)
            j += 1
        else:
            _add(codes, "replace", i, i + 1, j, j + 1)
            i, j = i + 1, j + 1
    _add(codes, "delete", i, len(a), j, j)
    _add(codes, "insert", len(a), len(a), j, len(b))
    return codes


def _add(codes: list, tag: str, i1: int, i2: int, j1: int, j2: int) -> None:
    """Append an opcode, merged into the last one when it goes on from it (and dropped when it is empty)."""
    if i1 == i2 and j1 == j2:
        return
    if codes and codes[-1][0] == tag and codes[-1][2] == i1 and codes[-1][4] == j1:
        codes[-1] = (tag, codes[-1][1], i2, codes[-1][3], j2)
    else:
        codes.append((tag, i1, i2, j1, j2))


@click.command("lsp", short_help="Run the language server for editors (stdio).")
@click.option("--stdio", is_flag=True, hidden=True, help="Accepted for editors that pass it; stdio is the default.")
def lsp(stdio):
    """Run the Mire language server on standard input and output, for an editor to start: diagnostics as
    you type, hover, completion, outline, go to definition, references, rename and formatting."""
    try:
        from .lsp_server import run
    except ImportError as err:
        from .extras import install_hint
        click.echo(f"mire lsp needs pygls ({err}): {install_hint('lsp')}", err=True)
        sys.exit(1)
    run()
