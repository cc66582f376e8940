"""The checked game kept on disk (grammar/cached.py): a second load reads it instead of parsing and checking; an
entry that is corrupt, stale (a file it was checked from has changed), not this user's alone, or of another
version of Mire is ignored, the game checked again and its entry written anew; the entry's name changes with
the rules' text, Mire's version and its grammar."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from mire.engine import load_game, loader
from mire.engine.analysis.perft import perft
from mire.grammar import cached
from mire.grammar.diagnostics import MireError

BASE = """game "Base"
players 2
board cells: grid 3 x 1
piece stone

action put(c in cells where empty(c)):
    place stone for mover at c

when stuck: draw
"""

VARIANT = 'variant of base\ngame "Variant"\n'


@pytest.fixture(autouse=True)
def a_cache_of_this_test(tmp_path, monkeypatch):
    monkeypatch.setenv("MIRE_CACHE_DIR", str(tmp_path / "cache"))
    loader._CACHE.clear()  # (the games built in this process: each load here goes to the disk)
    yield
    loader._CACHE.clear()


def entries(tmp_path) -> list[Path]:
    return sorted((tmp_path / "cache" / "checked").glob("*.pickle"))


def loaded(path) -> list[int]:
    """perft 1..3 of the game in `path`, loaded anew (not the game this process built before)."""
    loader._CACHE.clear()
    return perft(load_game(str(path)).new_state(seed=0), 3)


def counting_checks(monkeypatch) -> list:
    """The games the front end checks from here on (a game read from its entry is not checked)."""
    from mire.grammar import frontend
    checked: list = []
    real = frontend.check_or_raise

    def check_or_raise(path, source, library):
        checked.append(path.name)
        return real(path, source, library)
    monkeypatch.setattr(frontend, "check_or_raise", check_or_raise)
    return checked


def test_a_second_load_reads_the_checked_game_and_plays_the_same(tmp_path, monkeypatch):
    path = tmp_path / "base.mire"
    path.write_text(BASE)
    checks = counting_checks(monkeypatch)
    assert loaded(path) == [3, 6, 6]
    [entry] = entries(tmp_path)
    assert checks == ["base.mire"]
    assert loaded(path) == [3, 6, 6]
    assert checks == ["base.mire"]  # (read from the entry)
    assert cached.read_entry(entry) is not None


@pytest.mark.parametrize("damage", ["a byte changed", "cut short", "empty", "another kind of file",
                                    "another user may write it"])
def test_a_damaged_entry_is_ignored_and_written_again(tmp_path, monkeypatch, damage):
    path = tmp_path / "base.mire"
    path.write_text(BASE)
    assert loaded(path) == [3, 6, 6]
    [entry] = entries(tmp_path)
    good = entry.read_bytes()
    bad = {"a byte changed": good[:-10] + bytes([good[-10] ^ 0xFF]) + good[-9:], "cut short": good[:len(good) // 2],
           "empty": b"", "another kind of file": b"#!/bin/sh\n" + good, "another user may write it": good}[damage]
    entry.write_bytes(bad)
    if damage == "another user may write it":
        os.chmod(entry, 0o666)
    assert cached.read_entry(entry) is None
    checks = counting_checks(monkeypatch)
    assert loaded(path) == [3, 6, 6]
    assert checks == ["base.mire"]  # (checked again)
    assert cached.read_entry(entry) is not None  # (written anew, whole)
    assert entry.stat().st_mode & 0o022 == 0


def test_an_entry_whose_base_game_changed_is_stale(tmp_path, monkeypatch):
    """The entry of a variant is named by the variant's text; the base's text is among the files it was checked
    from, and a change there makes it stale."""
    (tmp_path / "base.mire").write_text(BASE)
    variant = tmp_path / "variant.mire"
    variant.write_text(VARIANT)
    assert loaded(variant) == [3, 6, 6]
    (tmp_path / "base.mire").write_text(BASE.replace("grid 3 x 1", "grid 4 x 1"))
    checks = counting_checks(monkeypatch)
    assert loaded(variant) == [4, 12, 24]
    assert checks == ["variant.mire"]
    assert loaded(variant) == [4, 12, 24]
    assert checks == ["variant.mire"]  # (its entry written anew, and read)


def test_a_changed_rules_text_is_another_entry_in_place_of_the_first_and_a_broken_one_none(tmp_path):
    path = tmp_path / "base.mire"
    path.write_text(BASE)
    (tmp_path / "other.mire").write_text(BASE)
    assert loaded(path) == [3, 6, 6] and loaded(tmp_path / "other.mire") == [3, 6, 6]
    first, other = entries(tmp_path)
    path.write_text(BASE.replace("grid 3 x 1", "grid 2 x 1"))
    assert loaded(path) == [2, 2, 0]
    # (one entry a file: its earlier text's is taken away, another file's stays)
    assert [p.name.startswith("base_") for p in entries(tmp_path)] == [True, False]
    assert first not in entries(tmp_path) and other in entries(tmp_path)
    kept = entries(tmp_path)
    path.write_text(BASE.replace("empty(c)", "emptyy(c)"))
    with pytest.raises(MireError) as info:
        loaded(path)
    assert "emptyy" in info.value.diagnostics[0].message
    assert entries(tmp_path) == kept  # (a game that does not check is never kept)


def test_the_entry_is_named_by_the_text_mires_version_and_its_grammar(tmp_path, monkeypatch):
    path = tmp_path / "base.mire"
    path.write_text(BASE)
    first = cached.entry_path(path, BASE)
    assert cached.entry_path(path, BASE) == first
    assert cached.entry_path(path, BASE + "\n") != first
    grammar = tmp_path / "grammar"
    shutil.copytree(Path(cached.__file__).parent, grammar, ignore=shutil.ignore_patterns("__pycache__"))
    code = cached.hash_code("0.1.0", [grammar])
    assert cached.hash_code("0.1.0", [grammar]) == code
    assert cached.hash_code("0.1.1", [grammar]) != code
    (grammar / "mire.lark").write_text((grammar / "mire.lark").read_text() + "\n// a rule more\n")
    assert cached.hash_code("0.1.0", [grammar]) != code
    monkeypatch.setattr(cached, "_fingerprint", [code])  # (another Mire: its code hashed to another value)
    assert cached.entry_path(path, BASE) != first


def test_mire_no_checked_cache_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("MIRE_NO_CHECKED_CACHE", "1")
    path = tmp_path / "base.mire"
    path.write_text(BASE)
    assert loaded(path) == [3, 6, 6]
    assert entries(tmp_path) == []


CARDS = ('game "G"\nplayers 2\nboard cells: grid 3 x 1\npiece card(name: text, n: int)\npieces card from "cards.csv"\n'
         'action place(c in cells where empty(c)):\n    move top(supply) to c\n')


def cards(path) -> int:
    loader._CACHE.clear()
    return len(load_game(str(path)).new_state(seed=0).supply.pieces)


def test_an_entry_whose_data_file_changed_is_stale(tmp_path, monkeypatch):
    path = tmp_path / "g.mire"
    path.write_text(CARDS)
    (tmp_path / "cards.csv").write_text("name,n\na,1\nb,2\n")
    assert cards(path) == 2
    (tmp_path / "cards.csv").write_text("name,n\na,1\nb,2\nc,3\n")
    checks = counting_checks(monkeypatch)
    assert cards(path) == 3
    assert checks == ["g.mire"]
    (tmp_path / "cards.csv").write_text("name,nn\na,1\n")
    with pytest.raises(MireError) as info:
        loaded(path)
    assert "'nn'" in info.value.diagnostics[0].message


def test_a_data_file_that_is_a_loop_of_links_is_said_as_before(tmp_path):
    path = tmp_path / "g.mire"
    path.write_text(CARDS)
    os.symlink(tmp_path / "cards.csv", tmp_path / "cards.csv")
    for _ in range(2):
        with pytest.raises(MireError) as info:
            loaded(path)
        assert [d.code for d in info.value.diagnostics] == ["E043"]
