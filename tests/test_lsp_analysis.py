"""What the language server answers from (cli/lsp_analysis.py), without the protocol."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import mire.games
from mire.cli.lsp_analysis import RenameRefused, attribute_chain, index_document
from mire.engine import load_game
from mire.grammar.diagnostics import MireError

ROOT = Path(__file__).resolve().parent.parent
GAMES = Path(mire.games.__file__).parent
FILES = sorted((ROOT / "tests" / "broken").glob("*.mire")) + sorted(GAMES.glob("*.mire")) \
    + sorted((ROOT / "tests" / "games").glob("*.mire"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_editor_shows_what_mire_check_says(path):
    try:
        load_game(str(path))
        expected = []
    except MireError as err:
        expected = [(d.code, str(Path(d.path).resolve()), d.span.line, d.span.column, d.span.end_line,
                     d.span.end_column, d.message, d.hint) for d in err.diagnostics]
    analysis = index_document(path.read_text(encoding="utf-8"), str(path))
    got = [(p.code, p.place.path, p.place.line, p.place.column, p.place.end_line, p.place.end_column, p.message,
            p.hint) for p in analysis.problems]
    assert sorted(got) == sorted(expected)


def test_there_are_broken_files():
    assert len([p for p in FILES if p.parent.name == "broken"]) > 80


def _at(text, needle, offset=1, nth=0):
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index) + 1
    return line, index - text.rfind("\n", 0, index)


MOSQUITO = (GAMES / "mosquito-show.mire").read_text(encoding="utf-8")


def test_enum_values_in_a_table_are_references():
    a = index_document(MOSQUITO, str(GAMES / "mosquito-show.mire"))
    [decl] = a.definition(*_at(MOSQUITO, "    golden  yes", 5))
    assert (decl.line, decl.column) == _at(MOSQUITO, "golden, grey", 0)
    edits = a.rename(*_at(MOSQUITO, "golden, grey"), "gold")
    [(path, places)] = edits.items()
    lines = MOSQUITO.splitlines()
    assert sorted({lines[p.line - 1].strip() for p in places}) == sorted({
        "enum colour: golden, grey, blue, red, white", "golden  yes     5", "golden  no      12",
        "def golden_eaten(p) = count(m in p.eaten where m.colour == golden)",
        "for m in meal where m.colour != golden ordered by mover:"})


def test_an_attribute_is_renamed_in_the_table_header_and_every_use():
    a = index_document(MOSQUITO, str(GAMES / "mosquito-show.mire"))
    places = a.rename(*_at(MOSQUITO, "flower: bool"), "bloom")[str(GAMES / "mosquito-show.mire")]
    found = sorted((p.line, MOSQUITO.splitlines()[p.line - 1][p.column - 1:p.end_column - 1]) for p in places)
    assert [w for _, w in found] == ["flower"] * 3
    assert [line for line, _ in found] == [_at(MOSQUITO, "flower: bool")[0], _at(MOSQUITO, "colour  flower")[0],
                                           _at(MOSQUITO, "top(s).flower")[0]]


CRAZY = (ROOT / "tests" / "games" / "crazy-eights.mire").read_text(encoding="utf-8")


def test_the_attributes_and_values_of_an_each_line_are_references():
    """`pieces card in stock: each suit, each rank in [...]`: `suit` and `rank` name attributes of card."""
    path = str(ROOT / "tests" / "games" / "crazy-eights.mire")
    a = index_document(CRAZY, path)
    places = a.rename(*_at(CRAZY, "rank: text"), "value")[path]
    lines = CRAZY.splitlines()
    found = sorted((p.line, lines[p.line - 1][p.column - 1:p.end_column - 1]) for p in places)
    assert [w for _, w in found] == ["rank"] * 7  # the piece, the show, the `each`, the rules
    assert (found[2][0], places[2].column) == _at(CRAZY, "each rank", 5)
    [decl] = a.definition(*_at(CRAZY, "stock: each suit", 13))
    assert (decl.line, decl.column) == _at(CRAZY, "suit: suit)", 0)
    text = ("enum colour: red, blue\npiece mark(colour: colour, n: int)\npieces mark: each colour in colour, "
            "each n in [1, 2]\npieces mark: each colour in [blue], each n in 1..3\n")
    b = index_document(text, "/tmp/marks.mire")
    [decl] = b.definition(*_at(text, "[blue]"))
    assert (decl.line, decl.column) == _at(text, "blue", 0)
    [decl] = b.definition(*_at(text, "in colour", 3))
    assert (decl.line, decl.column) == (1, 6)


def test_rename_refuses_the_languages_names():
    a = index_document(MOSQUITO, str(GAMES / "mosquito-show.mire"))
    with pytest.raises(RenameRefused, match="'count' is part of the language"):
        a.rename(*_at(MOSQUITO, "count(m in"), "tally")
    with pytest.raises(RenameRefused, match="'pond' is already a name of this game"):
        a.rename(*_at(MOSQUITO, "board jungle", 7), "pond")


def test_completion_after_replace_offers_the_bases_rules(tmp_path):
    for name in ("mudwater.mire", "mudwater-advanced.mire"):
        shutil.copy(GAMES / name, tmp_path / name)
    shutil.copytree(GAMES / "mudwater", tmp_path / "mudwater")
    text = (tmp_path / "mudwater-advanced.mire").read_text()
    a = index_document(text, str(tmp_path / "mudwater-advanced.mire"))
    items = {c.label: c for c in a.completions(len(text.splitlines()) + 1, len("replace ") + 1, "replace ")}
    assert {"def beats", "def toward", "action place"} <= set(items)
    assert items["def beats"].insert == "def beats(c, o, d) = toward(c, d) > toward(o, opposite(d))"
    named = {c.label: c for c in a.completions(1, len("replace def b") + 1, "replace def b")}
    assert named["beats"].insert == "beats(c, o, d) = toward(c, d) > toward(o, opposite(d))"
    assert "place" not in named


def test_a_file_with_syntax_errors_has_only_its_problems():
    a = index_document('game "x"\naction a( :\n', str(ROOT / "x.mire"))
    assert not a.parsed and [p.code for p in a.problems] == ["E002"] and a.symbols == []
    assert a.hover(2, 8) is None and a.definition(2, 8) == []


def test_a_name_in_the_words_of_a_refusal_is_renamed_with_its_other_uses():
    text = ('game "R"\nplayers 2\nboard cells: grid 3 x 3\npiece mark\n'
            'action place(c in cells where c.x != 3 else "column {c.x} is closed"):\n'
            '    require empty(c) and top(c) == none else "{c} is taken by {owner(c)}"\n'
            '    place mark for mover at c\n'
            '    ensure count(x in cells where not empty(x)) < 9 else "not {c}: the board would be full"\n')
    places = index_document(text, "/r/r.mire").rename(*_at(text, "place(c", 6), "spot")["/r/r.mire"]
    lines = text.splitlines()
    found = sorted((p.line, p.column) for p in places)
    assert all(lines[line - 1][col - 1:col] == "c" for line, col in found)
    assert [line for line, _ in found] == [5, 5, 5, 6, 6, 6, 6, 7, 8]


@pytest.mark.parametrize("before", ["    mover.", "    mover.la", "x = a.b.c", "a.b.", "(a.b_2.c", "1a.b.", "a..b",
                                    "x..a.b", "a.", ".b", "a.b!", "a", "", "é.a.", "_x.y", "a.9.", "a. b.c",
                                    "# " + "a." * 50 + "!"])
def test_the_attribute_chain_before_the_cursor(before):
    # what the regular expression it replaces found (it backtracked: quadratic on a long `a.a.a...` line)
    old = re.search(r"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\.([A-Za-z_0-9]*)$", before)
    assert attribute_chain(before) == (old.group(1) if old else None)
