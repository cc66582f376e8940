"""Every mistake in tests/broken/ is explained like a compiler would: where, what, and how to fix it.

Each corpus file is a near-copy of a small valid game with one mistake (three_errors.mire has three). The full
rendered output of loading it is snapshotted; read the snapshot when it changes.
"""
import re
from pathlib import Path

import pytest

from mire.engine import load_game, loader
from mire.grammar import codes
from mire.grammar.diagnostics import Diagnostic, MireError
from mire.grammar.nodes import Span

ROOT = Path(__file__).resolve().parent.parent
BROKEN = sorted((ROOT / "tests" / "broken").glob("*.mire"))
BUNDLED = ["tic-tac-toe", "connect-four", "breakthrough", "mosquito-show"]

HEADER = re.compile(r"^(?P<path>[^\s:]+\.mire):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>E\d{3})\]: \S")
CARET = re.compile(r"^ +\| +\^+$")


@pytest.fixture
def at_root(monkeypatch):
    """Paths in messages are shown relative to the working folder: run from the repository's root."""
    monkeypatch.chdir(ROOT)


def load_errors(path: Path) -> MireError:
    loader._CACHE.clear()
    with pytest.raises(MireError) as info:
        load_game(str(path.relative_to(ROOT)))
    return info.value


def rendered(err: MireError) -> str:
    # a hint may name the absolute place where a data file was looked for
    return err.render().replace(str(ROOT), "<repo>")


def test_the_corpus_is_big_enough():
    assert len(BROKEN) >= 35


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_file_is_explained(path, at_root, snapshot):
    err = load_errors(path)
    text = rendered(err)
    assert err.diagnostics, "a MireError without diagnostics"
    assert "Traceback" not in text and "Error:" not in text and 'File "' not in text
    for d in err.diagnostics:
        block = d.render(err.sources.get(d.path))
        lines = block.splitlines()
        m = HEADER.match(lines[0])
        assert m, f"no path:line:col: error[CODE]: header in {lines[0]!r}"
        assert int(m["line"]) >= 1 and int(m["col"]) >= 1
        assert any(CARET.match(line) for line in lines[1:]), f"no caret line in:\n{block}"
        assert codes.explain(d.code), f"{d.code} has no explanation in grammar/codes.py"
    assert text == snapshot


def test_three_independent_errors_in_one_run(at_root):
    err = load_errors(ROOT / "tests" / "broken" / "three_errors.mire")
    assert [(d.code, d.span.line) for d in err.diagnostics] == [("E010", 6), ("E021", 8), ("E011", 11)]


def test_the_issue_example(at_root):
    """A per-player zone `hand` used as `mover.hnad`."""
    err = load_errors(ROOT / "tests" / "broken" / "unknown_zone.mire")
    [d] = err.diagnostics
    assert d.code == "E012"
    assert d.message == "unknown zone 'hnad' (did you mean 'hand'?)"
    first = d.render(err.sources[d.path]).splitlines()
    assert first[0].startswith("tests/broken/unknown_zone.mire:12:25: error[E012]: ")
    assert first[3] == "   |                         ^^^^"


@pytest.mark.parametrize("game", BUNDLED)
def test_bundled_games_have_no_diagnostics(game):
    from mire.engine.run.library import LIBRARY
    from mire.grammar.checker import Checker
    from mire.grammar.parser import parse
    loader._CACHE.clear()
    g = load_game(game)
    checked = Checker(parse(g.source, g.path), LIBRARY).run()
    assert checked.diagnostics == []


# -- grammar/codes.py -------------------------------------------------------------------------------

EMITTERS = sorted((ROOT / "grammar").glob("*.py")) + sorted((ROOT / "engine").rglob("*.py")) \
    + sorted((ROOT / "cli").glob("*.py"))  # (the language server's own problems too)
EMITTED = re.compile(r"""(?:Diagnostic|\.error|SyntaxProblem|Problem)\(\s*["'](E\d{3})["']""")


def emitted_codes():
    found = set()
    for path in EMITTERS:
        found |= set(EMITTED.findall(path.read_text()))
    return found


def test_every_emitted_code_is_explained():
    found = emitted_codes()
    assert len(found) >= 30  # the grep found the diagnostics
    missing = sorted(c for c in found if not codes.explain(c))
    assert missing == []
    for code in found:
        text = codes.EXPLANATIONS[code]
        assert text.startswith(f"{code}: ")
        assert "Wrong" in text and "Right" in text, f"{code} needs a wrong and a corrected example"


def test_unknown_codes_have_no_explanation():
    assert codes.explain("E999") is None
    assert codes.explain("nonsense") is None
    assert codes.explain("e012") == codes.explain("E012") == codes.explain("12")


def test_no_explanation_for_a_code_nobody_emits():
    assert sorted(set(codes.EXPLANATIONS) - emitted_codes()) == []


# -- rendering ------------------------------------------------------------------------------------

def test_caret_under_a_tab_indented_line():
    src = "action x():\n\tlet a = b\n"
    d = Diagnostic("E010", "unknown name 'b'", Span("t.mire", 2, 10, 2, 11))
    assert d.render(src).splitlines()[2:4] == ["2 |     let a = b", "  |             ^"]


def test_focus_narrows_the_caret_and_the_location():
    src = "phase opening:\n    action place(c in cells):\n        pass\n"
    d = Diagnostic("E030", "dup", Span("t.mire", 2, 5, 3, 13), focus="place")
    lines = d.render(src).splitlines()
    assert lines[0] == "t.mire:2:12: error[E030]: dup"
    assert lines[3] == "  |            ^^^^^"
    assert d.as_json(src)["column"] == 12 and d.as_json()["column"] == 5


def test_a_long_line_is_shown_around_its_caret():
    # a data file's row, or rules written on one line, may be a megabyte long: a window of it is shown
    src = "var a: int = " + " + ".join(["1"] * 5000) + " + b\n"
    col = src.index("b") + 1
    d = Diagnostic("E010", "unknown name 'b'", Span("t.mire", 1, col, 1, col + 1))
    lines = d.render(src).splitlines()
    assert lines[2] == "1 | ..." + src[-101:-1]     # (the caret is at the end: the window ends with the line)
    assert lines[3] == "  | " + " " * (3 + 99) + "^"
    # at the start: the window starts with the line and says it goes on
    d = Diagnostic("E010", "unknown name 'a'", Span("t.mire", 1, 5, 1, 6))
    assert d.render(src).splitlines()[2:4] == ["1 | " + src[:100] + "...", "  |     ^"]
    # in the middle, the caret of a span longer than the window is cut where the window ends
    d = Diagnostic("E021", "too long", Span("t.mire", 1, 1001, 1, 9001))
    shown, caret = d.render(src).splitlines()[2:4]
    assert shown == "1 | ..." + src[1000 - 33:1000 - 33 + 100] + "..."
    assert caret == "  | " + " " * (3 + 33) + "^" * 67


def test_a_diagnostic_without_a_place_has_no_zero_location():
    d = Diagnostic("E090", "no game named 'x'", Span("x", 0, 0, 0, 0))
    assert d.render(None) == "x: error[E090]: no game named 'x'"


def test_json_locations_are_the_carets(at_root):
    """`mire check --json` reports where the caret points, not the start of the whole rule."""
    err = load_errors(ROOT / "tests" / "broken" / "duplicate_action.mire")
    [d] = err.diagnostics
    assert (d.as_json()["line"], d.as_json()["column"], d.as_json()["end_column"]) == (10, 8, 13)


def test_a_data_file_cell_refused_for_its_characters_is_said_once(tmp_path):
    (tmp_path / "g.mire").write_text('game "G"\nplayers 2\nboard cells: grid 3 x 3\npiece card(name: text, n: int)\n'
                                     'pieces card from "cards.csv"\n'
                                     'action place(c in cells where empty(c)):\n    move top(supply) to c\n')
    (tmp_path / "cards.csv").write_text("name,n\na,1\nb,\"\x1b[2J\"\n" + ",".join(["x"] * 100_000) + "\n")
    loader._CACHE.clear()
    with pytest.raises(MireError) as info:
        load_game(str(tmp_path / "g.mire"))
    assert [(d.code, d.span.line, d.message) for d in info.value.diagnostics] == [
        ("E008", 3, "this value holds the character '\\x1b', which a text may not hold"),
        ("E040", 4, "this row has 100000 values but the table has 2 columns (name, n)")]
    quoted = [line for line in info.value.render().splitlines() if re.match(r"^ *\d* \|", line)]
    assert len(quoted) == 6 and max(len(line) for line in quoted) < 120, max(quoted, key=len)[:200]


# -- files of thousands of mistakes: the work is linear in the file -----------------------------------------------

def test_a_file_of_thousands_of_syntax_errors_is_read_up_to_a_hundred():
    from mire.grammar.limits import MAX_SYNTAX_ERRORS
    from mire.grammar.parser import parse
    source = 'game "x"\nplayers 2\n' + "".join(f"board b{i}: grid 3 x\n" for i in range(3000))
    with pytest.raises(MireError) as info:
        parse(source, "x.mire")
    assert len(info.value.diagnostics) == MAX_SYNTAX_ERRORS == 100
    assert [d.span.line for d in info.value.diagnostics[:3]] == [3, 4, 5]


def test_the_lines_of_a_file_are_split_once_for_all_its_diagnostics():
    from mire.grammar import diagnostics
    source = "".join(f"let a{i} = b{i}\n" for i in range(3000))
    found = [Diagnostic("E010", f"unknown name 'b{i}'", Span("t.mire", i + 1, 10, i + 1, 12)) for i in range(3000)]
    diagnostics.parser_lines.cache_clear()
    err = MireError(found, {"t.mire": source})
    assert str(err).count("error[E010]") == 3000
    assert diagnostics.parser_lines.cache_info().misses == 1


def test_the_search_for_the_nearest_name_is_bounded_in_one_check(monkeypatch):
    import difflib

    from mire.engine.run.library import LIBRARY
    from mire.grammar.checker import Checker
    from mire.grammar.limits import MAX_SUGGESTIONS
    from mire.grammar.parser import parse
    consts = "".join(f"const name_number_{i:05} = {i}\n" for i in range(2000))
    uses = "".join(f"    let v{i} = name_number_{i:05}x\n" for i in range(2000))
    source = f'game "x"\nplayers 2\nboard cells: grid 3 x 3\npiece mark\n{consts}setup:\n{uses}'
    looks = []
    real_ratio = difflib.SequenceMatcher.ratio
    monkeypatch.setattr(difflib.SequenceMatcher, "ratio", lambda self: looks.append(1) or real_ratio(self))
    checked = Checker(parse(source, "x.mire"), LIBRARY).run()
    unknown = [d for d in checked.diagnostics if d.code == "E010"]
    assert len(unknown) == 2000 and len(looks) <= MAX_SUGGESTIONS // 10
    # where the search is small, a name is found as difflib finds it
    small = Checker(parse('game "x"\nplayers 2\nboard cells: grid 3 x 3\npiece mark\nsetup:\n    let c = cels\n',
                          "x.mire"), LIBRARY).run()
    assert "unknown name 'cels' (did you mean 'cells'?)" in [d.message for d in small.diagnostics]


def test_the_nearest_name_is_the_one_difflib_finds():
    import difflib
    import random
    import string

    from mire.grammar.wording import closest
    rng = random.Random(1)
    names = ["".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 10))) for _ in range(300)]
    for _ in range(500):
        w = rng.choice(names)
        typo = w[:rng.randint(0, len(w))] + rng.choice(string.ascii_lowercase) + w[rng.randint(0, len(w)):]
        expected = difflib.get_close_matches(typo, sorted(set(names)), n=1, cutoff=0.6)
        assert closest(typo, names) == (expected[0] if expected else None), typo
