"""`mire fmt` on hostile input: links out of a folder, sizes that would make a step quadratic, expressions too deep
for Python's stack, and comments that hold terminal escapes. Work is counted, never timed."""
from __future__ import annotations

import difflib
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli import authoring
from mire.cli.main import main
from mire.grammar import formatter
from mire.grammar.formatter import format_source

GAME = 'game "x"\nplayers 2\nboard cells: grid 3 x 3\npiece mark\n'
ACTION = "\naction place(c in cells where empty(c)):\n    place mark for mover at c\n"


# ---------------------------------------------------------------- links out of a folder


def test_a_link_in_a_folder_to_a_file_outside_is_skipped(tmp_path):
    outside = tmp_path / "elsewhere" / "notes.mire"
    outside.parent.mkdir()
    outside.write_text("# my private notes\ngame   \"secret\"\n")
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "a.mire").write_text(GAME)
    (folder / "evil.mire").symlink_to(outside)
    for flags in (["--diff"], ["--check"], []):
        result = CliRunner().invoke(main, ["fmt", *flags, str(folder)])
        assert "private" not in result.output and "secret" not in result.output
        assert f"{folder / 'evil.mire'}: skipped: it is a link that leads outside {folder}" in result.output
        assert result.exit_code == 0, result.output
    assert outside.read_text() == "# my private notes\ngame   \"secret\"\n"
    assert (folder / "evil.mire").is_symlink()  # not replaced by a formatted copy


def test_a_link_in_a_folder_to_etc_passwd_shows_nothing_of_it(tmp_path):
    (tmp_path / "passwd.mire").symlink_to("/etc/passwd")
    result = CliRunner().invoke(main, ["fmt", "--check", str(tmp_path)])
    assert result.output == f"{tmp_path / 'passwd.mire'}: skipped: it is a link that leads outside {tmp_path}\n"
    assert result.exit_code == 0


def test_a_link_that_stays_in_the_folder_is_formatted(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "real.mire").write_text('game "x"\nplayers   2\n')
    (tmp_path / "alias.mire").symlink_to(tmp_path / "sub" / "real.mire")
    result = CliRunner().invoke(main, ["fmt", "--check", str(tmp_path)])
    assert result.output == f"would reformat: {tmp_path / 'alias.mire'}\n" \
                            f"would reformat: {tmp_path / 'sub' / 'real.mire'}\n"


def test_a_file_named_on_the_command_line_is_read_wherever_it_leads(tmp_path):
    target = tmp_path / "elsewhere.mire"
    target.write_text('game "x"\nplayers   2\n')
    (tmp_path / "folder").mkdir()
    link = tmp_path / "folder" / "link.mire"
    link.symlink_to(target)
    result = CliRunner().invoke(main, ["fmt", "--check", str(link)])
    assert (result.exit_code, result.output) == (1, f"would reformat: {link}\n")


# ---------------------------------------------------------------- work in proportion to the file


class _MeteredList(list):
    """A list that counts the elements its calls move or copy (as CPython does: pop(0) moves every other)."""
    moved = 0

    def pop(self, index=-1):
        _MeteredList.moved += len(self) - (index % len(self)) if self else 0
        return super().pop(index)

    def __getitem__(self, index):
        _MeteredList.moved += len(range(*index.indices(len(self)))) if isinstance(index, slice) else 1
        return super().__getitem__(index)

    def copy(self):
        _MeteredList.moved += len(self)
        return _MeteredList(self)


def _metered(monkeypatch):
    """Make every list the formatter's code builds with `list(...)`, and the lists it reads from, metered."""
    _MeteredList.moved = 0
    monkeypatch.setattr(formatter, "list", _MeteredList, raising=False)


@pytest.mark.parametrize("where", ["start", "after-opener"])
def test_blank_lines_cost_one_pass(monkeypatch, where):
    blanks = 50_000
    source = "\n" * blanks + GAME + ACTION if where == "start" else \
        GAME + "\naction place(c in cells where empty(c)):\n" + "\n" * blanks + "    place mark for mover at c\n"
    assert format_source(source) == GAME + ACTION
    _metered(monkeypatch)
    f = formatter._Formatter(source)
    f.read(formatter.source_tokens(source))
    f.mark_structure()
    for gap in f.gaps:
        gap.entries = _MeteredList(gap.entries)
    assert f.write() == GAME + ACTION
    assert _MeteredList.moved <= 3 * blanks  # (it was about blanks² / 2, popping them one by one from the front)


def test_many_tables_are_read_in_one_pass(monkeypatch):
    tables = "".join(f"pieces mark:\n    n\n    {k}\n" for k in range(2_000))
    source = 'game "x"\nplayers 2\npiece mark(n: int)\n' + tables
    f = formatter._Formatter(source)
    f.read(formatter.source_tokens(source))
    _MeteredList.moved = 0
    f.lines = _MeteredList(f.lines)
    f.mark_structure()
    assert _MeteredList.moved <= 4 * len(f.lines)  # (each table copied every line after it: 2,000 x 6,000)
    assert sum(line.row_widths is not None for line in f.lines) == 2 * 2_000


class _MeteredStr(str):
    """A line of the source that counts the characters its slices copy."""
    copied = 0

    def __getitem__(self, index):
        piece = super().__getitem__(index)
        _MeteredStr.copied += len(piece)
        return piece


@pytest.mark.parametrize("tab", ["", "\t"])
def test_a_long_line_is_walked_once(tab):
    # (the column of the first thing in each bracket is looked up: it copied the line up to there, each time)
    terms = 5_000
    source = GAME + f"def long(a) = {tab}[" + ", ".join(["[a]"] * terms) + "]\n"
    f = formatter._Formatter(source)
    f.source_lines = [_MeteredStr(line) for line in f.source_lines]
    _MeteredStr.copied = 0
    result = f.run()
    assert _MeteredStr.copied <= 2 * len(source)  # (it was about terms² / 2 x 5 characters)
    assert result == GAME + "def long(a) = [" + ", ".join(["[a]"] * terms) + "]\n"


# ---------------------------------------------------------------- deep expressions


@pytest.mark.parametrize("expression", [
    " + ".join(["1"] * 1_000),
    "[x for x in cells" + " while true" * 1_000 + "]",
])
def test_an_expression_deeper_than_pythons_stack_is_formatted(expression):
    source = GAME + f"action place(c in cells where empty(c)):\n    let z   = {expression}\n    pass\n"
    expected = GAME + f"\naction place(c in cells where empty(c)):\n    let z = {expression}\n    pass\n"
    assert format_source(source) == expected
    result = CliRunner().invoke(main, ["fmt", "-"], input=source)
    assert (result.exit_code, result.output) == (0, expected)


def test_a_deep_for_filter_chain_is_formatted_by_the_command(tmp_path):
    path = tmp_path / "deep.mire"
    chain = "    for x in cells" + " while true" * 1_000 + ":\n        pass\n"
    path.write_text(GAME + "action place(c in cells where empty(c)):\n" + chain)
    result = CliRunner().invoke(main, ["fmt", "--check", str(path)])
    assert (result.exit_code, result.output) == (1, f"would reformat: {path}\n")


def test_the_meaning_check_still_tells_two_files_apart():
    one, two = (format_source(GAME + f"def f(a) = {e}\n") for e in ("1 + 1 + 2", "1 + 2 + 1"))
    parse = formatter.parse
    assert formatter.same_meaning(parse(one), parse(one.replace("def f", "\n\ndef f")))
    assert not formatter.same_meaning(parse(one), parse(two))
    assert not formatter.same_meaning(parse(GAME + 'def f(a) = "{a}"\n'), parse(GAME + 'def f(a) = "{a} "\n'))
    assert not formatter.same_meaning(parse(GAME + "def f(a) = 1\n"), parse(GAME + "def f(a) = 1.5\n"))


# ---------------------------------------------------------------- --diff


def _patched(source_lines: list, diff: str) -> list:
    """`source_lines` with a unified diff applied; every context and removed line must match."""
    out: list = []
    at = 0
    lines = diff.splitlines(keepends=True)[2:]
    k = 0
    while k < len(lines):
        head = lines[k]
        assert head.startswith("@@ -")
        start = int(head[4:].split(",")[0].split(" ")[0])
        length = int(head[4:].split(" ")[0].split(",")[1]) if "," in head.split(" ")[1] else 1
        begin = start - 1 if length else start
        out.extend(source_lines[at:begin])
        at = begin
        k += 1
        while k < len(lines) and not lines[k].startswith("@@ -"):
            mark, text = lines[k][0], lines[k][1:]
            if mark in " -":
                assert source_lines[at] == text
                at += 1
            if mark in " +":
                out.append(text)
            k += 1
    return out + source_lines[at:]


def _repeating(blocks: int) -> str:
    """A file whose lines repeat (difflib's worst case), all to be re-indented and re-spaced."""
    body = "".join(f"  let v{k % 7}=1\n  let w = {k % 3}\n\n\n" for k in range(blocks))
    return GAME + "action place(c in cells where empty(c)):\n" + body + "  place mark for mover at c\n"


@pytest.mark.slow
def test_a_large_diff_is_found_line_by_line(monkeypatch, tmp_path):
    compared: list = []

    class Metered(difflib.SequenceMatcher):
        def set_seqs(self, a, b):
            compared.append(len(a) * len(b))
            super().set_seqs(a, b)

    monkeypatch.setattr(difflib, "SequenceMatcher", Metered)
    path = tmp_path / "big.mire"
    source = _repeating(2_000)
    path.write_text(source)
    result = CliRunner().invoke(main, ["fmt", "--diff", str(path)])
    assert result.exit_code == 0
    assert max(compared, default=0) <= authoring.DIFFLIB_PAIRS  # (the whole file was compared: 8,000 x 6,000 lines)
    formatted = format_source(source)
    assert _patched(source.splitlines(keepends=True), result.output) == formatted.splitlines(keepends=True)
    assert result.output.startswith(f"--- {path}\n+++ {path} (formatted)\n@@ -2,8005 +2,6006 @@\n"
                                    " players 2\n board cells: grid 3 x 3\n piece mark\n+\n action place(")
    assert "\n-  let v1=1\n-  let w = 1\n+    let v1 = 1\n+    let w = 1\n \n-\n-  let v2=1\n" in result.output
    assert path.read_text() == source


@pytest.mark.parametrize("blocks", [3, 200])
def test_a_diff_within_the_bound_is_difflibs(tmp_path, blocks):
    path = tmp_path / "g.mire"
    source = _repeating(blocks)
    path.write_text(source)
    result = CliRunner().invoke(main, ["fmt", "--diff", str(path)])
    formatted = format_source(source)
    expected = "".join(difflib.unified_diff(source.splitlines(keepends=True), formatted.splitlines(keepends=True),
                                            str(path), f"{path} (formatted)"))
    assert (result.exit_code, result.output) == (0, expected)


@pytest.mark.parametrize("a, b", [
    ("a\n\nb\nc\n", "a\nb\n\nc\nd\n"),
    ("x\n" * 5 + "  y\n" + "x\n" * 9 + "\n\n", "x\n" * 5 + "y\n" + "x\n" * 9),
    ("", "a\n"),
    ("a\n \nb\n", "A\n\nB\n\n\n"),
])
def test_the_line_by_line_diff_is_a_correct_patch(monkeypatch, a, b):
    al, bl = a.splitlines(keepends=True), b.splitlines(keepends=True)
    monkeypatch.setattr(authoring, "DIFFLIB_PAIRS", -1)
    diff = "".join(authoring._unified_diff(al, bl, "a", "b"))
    assert _patched(al, diff) == bl
    assert diff.startswith("--- a\n+++ b\n@@ ")


# ---------------------------------------------------------------- `fmt -`

ESCAPES = 'game "x"\nplayers   2  # \x1b]52;c;cm0gLXJmIH4=\x07 clipboard \x1b[2J \u202e \x9b\n'


def test_fmt_of_standard_input_to_a_pipe_is_the_text_byte_for_byte():
    result = CliRunner().invoke(main, ["fmt", "-"], input=ESCAPES.encode("utf-8"))
    assert result.exit_code == 0
    assert result.stdout_bytes == ESCAPES.replace("players   2", "players 2").encode("utf-8")


def test_fmt_of_standard_input_keeps_its_line_ends_as_a_file_does(tmp_path):
    crlf = 'game "x"\r\nplayers   2\r\n'
    path = tmp_path / "g.mire"
    path.write_bytes(crlf.encode())
    CliRunner().invoke(main, ["fmt", str(path)])
    result = CliRunner().invoke(main, ["fmt", "-"], input=crlf.encode())
    assert result.stdout_bytes == path.read_bytes()


def test_fmt_of_standard_input_is_bounded_like_a_file():
    result = CliRunner().invoke(main, ["fmt", "-"], input=b"#" * 1_000_001)
    assert result.exit_code == 2
    assert result.output == "-: error: cannot read it: it is larger than 1,000,000 bytes\n"


def test_fmt_of_standard_input_to_a_terminal_escapes_the_comments(tmp_path):
    path = tmp_path / "escapes.mire"
    path.write_bytes(ESCAPES.encode("utf-8"))
    master, slave = pty.openpty()
    with open(path, "rb") as stdin:
        child = subprocess.Popen([sys.executable, "-c", "from mire.cli.main import main; main()", "fmt", "-"],
                                 stdin=stdin, stdout=slave, stderr=slave, env={**os.environ, "TERM": "xterm"})
    os.close(slave)
    raw = b""
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        raw += chunk
    os.close(master)
    assert child.wait(30) == 0
    assert b"\x1b" not in raw and b"\x07" not in raw and "\u202e".encode() not in raw and b"\xc2\x9b" not in raw
    text = raw.decode("utf-8").replace("\r\n", "\n")
    assert text.startswith('game "x"\nplayers 2  # \\x1b]52;c;cm0gLXJmIH4=\\x07 clipboard \\x1b[2J ')


def test_paths_in_a_folder_are_inside_it(tmp_path):
    # (the check is on where a file leads, not on its name: `..` in a link's text is followed)
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "up.mire").symlink_to(Path("..") / "outside.mire")
    (tmp_path / "outside.mire").write_text(GAME)
    result = CliRunner().invoke(main, ["fmt", "--check", str(tmp_path / "game")])
    assert result.output == f"{tmp_path / 'game' / 'up.mire'}: skipped: it is a link that leads outside " \
                            f"{tmp_path / 'game'}\n"
