"""`mire fmt`: the canonical layout never changes what a file means, and formatting twice changes nothing."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import mire.games
from mire.cli.main import main
from mire.grammar import formatter
from mire.grammar.diagnostics import MireError
from mire.grammar.dump import dump
from mire.grammar.formatter import FormatError, format_source
from mire.grammar.parser import parse

ROOT = Path(__file__).resolve().parents[2]
GAMES = Path(mire.games.__file__).parent
RULES_FILES = sorted(GAMES.glob("*.mire")) + sorted((ROOT / "tests" / "games").glob("*.mire")) \
    + sorted((ROOT / "docs" / "examples").glob("*.mire"))
_POSITIONS = re.compile(r" @\d+:\d+|Span\([^)]*\)")


def _doc_games() -> list:
    """The complete games among the `mire` blocks of docs/language.md: (line, text)."""
    out, lines = [], (ROOT / "docs" / "language.md").read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        info = lines[i].strip()[3:].split() if lines[i].strip().startswith("```") else None
        if not info or info[0] != "mire":
            i += 1
            continue
        j = i + 1
        while lines[j].strip() != "```":
            j += 1
        text = textwrap.dedent("\n".join(lines[i + 1:j])) + "\n"
        if "error=" not in lines[i] and re.search(r'^(game "|variant of )', text, re.M):
            out.append((i + 2, text))
        i = j + 1
    return out


def _meaning(text: str) -> str:
    """The AST without positions (grammar/dump.py prints `@line:col` and the spans of table cells)."""
    return _POSITIONS.sub("", dump(parse(text, "rules.mire")))


def _case_id(path: Path) -> str:
    """A stable test id whether `mire` is installed from this checkout or from a built wheel."""
    return f"games/{path.name}" if path.parent == GAMES else str(path.relative_to(ROOT))


CASES = [pytest.param(p.read_text(encoding="utf-8"), id=_case_id(p)) for p in RULES_FILES] + \
    [pytest.param(text, id=f"docs/language.md:{line}") for line, text in _doc_games()]


@pytest.mark.parametrize("source", CASES)
def test_formatting_keeps_the_meaning_and_is_idempotent(source):
    once = format_source(source)
    assert _meaning(once) == _meaning(source)
    assert format_source(once) == once


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.mire")), ids=lambda p: p.name)
def test_bundled_games_are_formatted(path):
    source = path.read_text(encoding="utf-8")
    assert format_source(source) == source, f"run `mire fmt games/{path.name}`"


def test_there_are_files_to_format():
    assert len(RULES_FILES) >= 15 and len(_doc_games()) >= 8


# ---------------------------------------------------------------- messy input, formatted

SPACING = '''\
game   "Spacing"
players 2   named X,O   # the seats
board cells:grid 3 x 3 at(2*x,2 *y)
piece card(rank:int,suit: text  key)
zone hand   per  player
var score:int=0 per   player
def f(a,b)=a+-b*(a - -1)
def g(x) = [y for y in 1..x where y%2==0][ 0 ]
action place(c in cells where not empty( c ) ,d in cells):
    require   not empty(d)else "no"
    if in_a_row(c,3): win mover
    elif count(players)==2 :
        let q=-1
        mover.score+=q
    else : draw
'''

TABLE = '''\
game "Table"
players 2
enum suit: hearts, spades
piece card(rank: int, suit: suit)
pieces card:
  rank suit count
  1 hearts 2
     # kings are rare
  13 spades 1   # one only
  -1   hearts 0
action a(): pass
'''

BLANKS_AND_COMMENTS = '''\


# A game with untidy blank lines.
game "Blanks"
players 2


board cells: grid 3 x 3
piece mark
setup:

    for c in cells where c.x == 1:
      place mark for mover at c
         # still inside the loop
    # end of setup
# the place rule
action place(c in cells):
    place mark for mover at c
trigger full after move:
    if all(c in cells where not empty(c)): draw
phase only:
    action a(): pass
    action b():
        pass
# trailing comment


'''

LONG_LINES = '''\
game "Long lines"
players 2
board cells: grid 3 x 3
def far(a) = (a.x > 1
  and a.y < 2  # why
        or not empty(a))
def across(s) = empty(s) or \\
  count(s) > 2
def hanging(x) = max(
        x,
      1
)
action step(c in cells where empty(c)
    and c.x > 0,
        d in [e for e in cells
    where e != c]):
    place mark for mover at c
piece mark
'''


@pytest.mark.parametrize("source", [SPACING, TABLE, BLANKS_AND_COMMENTS, LONG_LINES],
                         ids=["spacing", "table", "blanks-and-comments", "long-lines"])
def test_messy_input_formatted(source, snapshot):
    formatted = format_source(source)
    assert formatted == snapshot
    assert _meaning(formatted) == _meaning(source)
    assert format_source(formatted) == formatted


def test_a_syntax_error_is_reported_not_formatted():
    with pytest.raises(MireError) as err:
        format_source('game "x"\naction a( :\n', "bad.mire")
    assert err.value.diagnostics[0].code == "E002"


def test_a_layout_that_would_change_the_meaning_is_refused(monkeypatch):
    # the safety net: if the layout ever broke a file, the file is left alone
    monkeypatch.setattr(formatter._Formatter, "run", lambda self: self.text.replace("win mover", "draw"))
    with pytest.raises(FormatError, match="would change what the file means"):
        format_source('game "x"\nplayers 2\naction a():\n    win mover\n')


def test_the_source_is_parsed_once(monkeypatch):
    # the layout reads the tokens kept by the parse that gives the AST (a second parse of a 1 MB file took seconds);
    # the only other parse is the safety net's, of a result that differs from the source
    from mire.grammar import parser
    calls: list = []
    real = parser.lark_parser()
    monkeypatch.setattr(parser, "lark_parser", lambda: calls.append(1) or real)
    messy = 'game "x"\nplayers 2  # two\naction a(n in [1 ,\n  2]):\n  win mover # won\n'
    formatted = format_source(messy)
    assert formatted != messy
    calls.clear()
    assert format_source(formatted) == formatted and len(calls) == 1
    calls.clear()
    assert format_source(messy) == formatted and len(calls) == 2


def test_the_tokens_kept_by_the_parse_are_those_of_source_tokens():
    from mire.grammar.lexing import source_tokens
    for path in RULES_FILES:
        text = path.read_text(encoding="utf-8")
        tokens: list = []
        parse(text, str(path), tokens)
        assert [(t.type, t.value, t.start_pos) for t in tokens] == \
            [(t.type, t.value, t.start_pos) for t in source_tokens(text)]
        # every character but the spaces between tokens and the `\` that continues a line is in a token
        assert re.sub(r"[ \t]", "", "".join(t.value for t in tokens)) == \
            re.sub(r"[ \t]|\\[ \t]*\r?\n", "", text if text.endswith("\n") else text + "\n"), path


# ---------------------------------------------------------------- the command

UNFORMATTED = 'game "x"\nplayers 2\naction a( ):\n  win mover\n'
FORMATTED = 'game "x"\nplayers 2\n\naction a():\n    win mover\n'


def test_fmt_check_exits_1_on_a_file_that_would_change(tmp_path):
    path = tmp_path / "g.mire"
    path.write_text(UNFORMATTED)
    result = CliRunner().invoke(main, ["fmt", "--check", str(path)])
    assert result.exit_code == 1
    assert result.output == f"would reformat: {path}\n"
    assert path.read_text() == UNFORMATTED


def test_fmt_check_exits_0_on_formatted_files(tmp_path):
    path = tmp_path / "g.mire"
    path.write_text(FORMATTED)
    result = CliRunner().invoke(main, ["fmt", "--check", str(path)])
    assert (result.exit_code, result.output) == (0, f"ok: {path}\n")


def test_fmt_check_passes_on_the_bundled_games():
    result = CliRunner().invoke(main, ["fmt", "--check", *map(str, sorted(GAMES.glob("*.mire")))])
    assert result.exit_code == 0, result.output


def test_fmt_diff_prints_a_unified_diff_and_changes_nothing(tmp_path):
    path = tmp_path / "g.mire"
    path.write_text(UNFORMATTED)
    result = CliRunner().invoke(main, ["fmt", "--diff", str(path)])
    assert result.exit_code == 0
    assert result.output == (f"--- {path}\n+++ {path} (formatted)\n"
                             "@@ -1,4 +1,5 @@\n"
                             ' game "x"\n players 2\n-action a( ):\n-  win mover\n+\n+action a():\n+    win mover\n')
    assert path.read_text() == UNFORMATTED


def test_fmt_diff_numbers_the_lines_as_patch_does(tmp_path):
    # a line separator in a comment ends no line: the hunk is where the change is, and `patch` applies it
    path = tmp_path / "g.mire"
    source = 'game "x"\n# a\u2028b\nplayers 2\naction a( ):\n  win mover\n'
    path.write_text(source, encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", "--diff", str(path)])
    assert result.exit_code == 0
    assert result.output == (f"--- {path}\n+++ {path} (formatted)\n"
                             "@@ -1,5 +1,6 @@\n"
                             ' game "x"\n # a\\u2028b\n players 2\n-action a( ):\n-  win mover\n+\n+action a():\n'
                             "+    win mover\n")
    # (the line separator is printed escaped, as every character that shows nothing is (issue 32): `patch` then
    # applies the diff where no comment holds one)
    if shutil.which("patch") and "\u2028" not in source:
        (tmp_path / "g.diff").write_text(result.output, encoding="utf-8")
        subprocess.run(["patch", "-s", str(path), str(tmp_path / "g.diff")], check=True)
        assert path.read_text(encoding="utf-8") == format_source(source)


def test_fmt_diff_of_a_file_without_a_last_newline(tmp_path):
    path = tmp_path / "g.mire"
    path.write_text(UNFORMATTED[:-1])
    result = CliRunner().invoke(main, ["fmt", "--diff", str(path)])
    assert result.output == (f"--- {path}\n+++ {path} (formatted)\n"
                             "@@ -1,4 +1,5 @@\n"
                             ' game "x"\n players 2\n-action a( ):\n-  win mover\n\\ No newline at end of file\n'
                             "+\n+action a():\n+    win mover\n")
    if shutil.which("patch"):
        (tmp_path / "g.diff").write_text(result.output)
        subprocess.run(["patch", "-s", str(path), str(tmp_path / "g.diff")], check=True)
        assert path.read_text() == FORMATTED


def test_fmt_rewrites_files_and_folders(tmp_path):
    (tmp_path / "sub").mkdir()
    a, b = tmp_path / "a.mire", tmp_path / "sub" / "b.mire"
    a.write_text(UNFORMATTED)
    b.write_text(FORMATTED)
    result = CliRunner().invoke(main, ["fmt", str(tmp_path)])
    assert (result.exit_code, result.output) == (0, f"formatted: {a}\n")
    assert a.read_text() == FORMATTED and b.read_text() == FORMATTED


def test_fmt_reads_standard_input():
    result = CliRunner().invoke(main, ["fmt", "-"], input=UNFORMATTED)
    assert (result.exit_code, result.output) == (0, FORMATTED)


def test_fmt_reports_a_syntax_error_and_goes_on(tmp_path):
    bad, good = tmp_path / "bad.mire", tmp_path / "good.mire"
    bad.write_text('game "x"\naction a( :\n')
    good.write_text(UNFORMATTED)
    result = CliRunner().invoke(main, ["fmt", str(bad), str(good)])
    assert result.exit_code == 2
    assert f"{bad}:2:11: error[E002]" in result.output
    assert bad.read_text() == 'game "x"\naction a( :\n'
    assert good.read_text() == FORMATTED


def test_fmt_of_a_folder_reads_only_regular_files(tmp_path):
    os.mkfifo(tmp_path / "endless.mire")  # (a stranger's folder: reading it would never end)
    result = CliRunner().invoke(main, ["fmt", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip() == f"{tmp_path / 'endless.mire'}: error: cannot read it: it is not a file"


def test_fmt_of_a_folder_skips_a_link_to_a_device(tmp_path):
    (tmp_path / "endless.mire").symlink_to("/dev/zero")  # (outside the folder: not read at all)
    result = CliRunner().invoke(main, ["fmt", str(tmp_path)])
    assert result.exit_code == 0
    assert result.output == f"{tmp_path / 'endless.mire'}: skipped: it is a link that leads outside {tmp_path}\n"
