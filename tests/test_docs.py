"""The examples of docs/language.md work.

Every fenced block of the language document whose info string starts with `mire` is tested:

* A **complete game** (its first line of rules is `game "..."` or `variant of ...`) must load without a
  diagnostic and play random games to the end (seeded, at most 2000 moves each), with the fewest and the
  most players it allows, without and with all its options.
* Words after `mire` in the info string say more:
  `file=NAME.mire` saves the block under that name, so that a variant can name it as its base and the
  tests below can find it; `error=E051` says the block is shown as a mistake: loading it must fail with
  that diagnostic code.
* Any other `mire` block is a **fragment**: it must parse, as it stands or wrapped as the body of an
  action or as the value of a `def`.
* Blocks marked `mire-fragment` are not tested.

The data files the examples read (`pieces ... from "cards.csv"`) are in docs/examples/.
"""
from __future__ import annotations

import random
import shutil
import textwrap
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.analysis.playout import play_game
from mire.engine.bots import RandomBot
from mire.engine.run.library import BUILTINS, NAMES
from mire.grammar.diagnostics import MireError
from mire.grammar.parser import parse

DOCS = Path(__file__).resolve().parent.parent / "docs"
LANGUAGE = DOCS / "language.md"
EXAMPLES = DOCS / "examples"
MAX_MOVES = 2000


class Block:
    def __init__(self, lang: str, attrs: dict, text: str, line: int):
        self.lang, self.attrs, self.text, self.line = lang, attrs, text, line

    @property
    def complete(self) -> bool:
        for raw in self.text.splitlines():
            s = raw.strip()
            if not s or s.startswith("#"):
                continue
            return s.startswith('game "') or s.startswith("variant of ")
        return False

    @property
    def file(self) -> str:
        return self.attrs.get("file") or f"doc-line-{self.line}.mire"

    def __repr__(self):
        return f"{LANGUAGE.name}:{self.line} ({self.file})"


def read_blocks(path: Path = LANGUAGE) -> list:
    """The fenced blocks of a Markdown file whose language starts with `mire`, dedented."""
    out = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        stripped = lines[i].lstrip()
        if not stripped.startswith("```"):
            i += 1
            continue
        indent = len(lines[i]) - len(stripped)
        info = stripped[3:].split()
        start = i + 1
        j = start
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        if info and info[0].startswith("mire"):
            attrs = dict(w.split("=", 1) for w in info[1:] if "=" in w)
            body = "\n".join(line[indent:] if line[:indent].strip() == "" else line for line in lines[start:j])
            out.append(Block(info[0], attrs, textwrap.dedent(body) + "\n", start))
        i = j + 1
    return out


BLOCKS = read_blocks()
COMPLETE = [b for b in BLOCKS if b.lang == "mire" and b.complete]
FRAGMENTS = [b for b in BLOCKS if b.lang == "mire" and not b.complete]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A folder with the named blocks and the data files, as a designer would have them side by side."""
    d = tmp_path_factory.mktemp("doc-games")
    if EXAMPLES.is_dir():
        for f in EXAMPLES.iterdir():
            if f.is_file():
                shutil.copy(f, d / f.name)
    for b in COMPLETE:
        if "file" in b.attrs:
            (d / b.file).write_text(b.text, encoding="utf-8")
    return d


def load_block(folder: Path, block: Block):
    path = folder / block.file
    if not path.exists():
        path.write_text(block.text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == block.text, f"two blocks are saved as {block.file}"
    return load_game(str(path))


def play_out(game, players, options, seed):
    state = game.new_state(seed=seed, players=players, options=options)
    play_game(state, [RandomBot(random.Random(seed))] * players, max_moves=MAX_MOVES)
    assert state.is_over() or state.legal_moves(), \
        f"{game.title}: nobody can move, yet the game is not over (history {state.history})"
    assert state.is_over(), f"{game.title} ({players} players, options {options}) did not end in {MAX_MOVES} moves"
    assert state.outcome() is not None
    return state


def test_the_document_has_examples():
    names = {b.attrs.get("file") for b in COMPLETE}
    assert {"tic-tac-toe.mire", "connect-four.mire"} <= names
    assert len(COMPLETE) >= 10 and FRAGMENTS


def test_file_names_are_unique():
    names = [b.attrs["file"] for b in COMPLETE if "file" in b.attrs]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("block", COMPLETE, ids=repr)
def test_complete_game(folder, block):
    expected = block.attrs.get("error")
    if expected is not None:
        with pytest.raises(MireError) as info:
            load_block(folder, block)
        codes = [d.code for d in info.value.diagnostics]
        assert expected in codes, info.value.render() if hasattr(info.value, "render") else codes
        return
    try:
        game = load_block(folder, block)
    except MireError as err:
        pytest.fail(f"{block!r} does not load:\n" + "\n".join(d.render(err.sources.get(d.path))
                                                              for d in err.diagnostics))
    assert not getattr(game, "diagnostics", None)
    all_options = tuple(o[0] for o in game.options)
    for players in sorted({game.min_players, game.max_players}):
        for options in sorted({(), all_options}):
            for seed in range(3):
                play_out(game, players, options, seed)


@pytest.mark.parametrize("name, counts", [
    ("tic-tac-toe", [9, 72, 504, 3024]),
    ("connect-four", [7, 49, 343, 2401]),
])
def test_tutorial_games_match_the_bundled_ones(folder, name, counts):
    block = next(b for b in COMPLETE if b.attrs.get("file") == f"{name}.mire")
    ours = perft(load_block(folder, block).new_state(seed=0), 4)
    bundled = perft(load_game(name).new_state(seed=0), 4)
    assert ours == bundled == counts


def _parses(text: str) -> bool:
    try:
        parse(text, "<doc>")
        return True
    except MireError:
        return False


@pytest.mark.parametrize("block", FRAGMENTS, ids=repr)
def test_fragment_parses(block):
    text = block.text
    wrapped = [
        text,
        "action _doc():\n" + textwrap.indent(text, "    "),
        "def _doc() = " + text.strip() + "\n",
    ]
    if not any(_parses(t) for t in wrapped):
        with pytest.raises(MireError) as info:
            parse("action _doc():\n" + textwrap.indent(text, "    "), "<doc>")
        pytest.fail(f"{block!r} does not parse, as it stands or in an action:\n"
                    + "\n".join(d.render(None) for d in info.value.diagnostics))


def test_every_builtin_is_documented():
    text = LANGUAGE.read_text(encoding="utf-8")
    missing = [n for n in list(NAMES) + list(BUILTINS)
               if f"`{n}`" not in text and f"`{n}(" not in text]
    assert not missing, f"builtins missing from docs/language.md: {', '.join(missing)}"


def _why(state, text):
    """What the player is told, and what `why` tells the author."""
    from mire.engine import IllegalMove
    with pytest.raises(IllegalMove) as info:
        state.parse_move(text)
    return [str(info.value), info.value.detail]


def test_the_explanations_shown_are_the_engines(folder):
    """Sections 1.3 and 2.26 quote Mire's explanations of illegal moves in the examples: they are the real ones."""
    def game(name):
        block = next(b for b in COMPLETE if b.attrs.get("file") == name)
        return load_block(folder, block)

    morris = game("morris.mire").new_state(seed=0)
    pig = game("pig.mire").new_state(seed=0)
    harvest = game("harvest.mire").new_state(seed=0)
    lines = _why(morris, "put z9") + _why(morris, "slide a1 a2")
    morris.apply(morris.parse_move("put b2"))
    lines += _why(morris, "put b2")
    lines += _why(pig, "hold") + _why(pig, "jump")
    harvest.apply(harvest.parse_move("reap b2"))
    lines += _why(harvest, "a1")
    ttt = game("tic-tac-toe.mire").new_state(seed=0)   # the tutorial's transcript (1.3)
    ttt.apply(ttt.parse_move("place b2"))
    lines += _why(ttt, "place b2") + _why(ttt, "place z9")
    text = LANGUAGE.read_text(encoding="utf-8")
    missing = [line for line in lines if line not in text]
    assert not missing, "docs/language.md (2.26) should quote:\n" + "\n".join(missing)
