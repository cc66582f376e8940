"""Highlighting: the Pygments lexer and the TextMate grammar know every word of the grammar, and colour
each keyword the parser reads as a keyword, in every bundled, test and documented game."""
from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from pygments import token as T
from pygments.lexers import find_lexer_class_for_filename, get_lexer_by_name

import mire.games
from mire.cli import highlight
from mire.cli.pygments_lexer import MireLexer
from mire.grammar.lexing import keyword_tokens, source_tokens

ROOT = Path(__file__).resolve().parent.parent
LARK = ROOT / "grammar" / "mire.lark"

# constructs that no game uses yet, so that every keyword is met at least once
EXTRA = '''\
game "Every word"
players 2 to 3 named a, b, c facing south, north, east
first first
board cells: grid 3 x 3 labels upper
board spare: area per player
enum colour: red, blue
piece card(rank: int key, colour: colour hidden, marks: list of int)
zone deck private capacity 3
zone pile per player secret
zone shown public
pieces card in deck: each colour, each rank in 1..3, count 2
input pile: 1 card from pile
option fast "quicker" uses "every-word"
const n = 2
rank by count(pile of player)
show card as "{it.rank}"
action a(c in cells where empty(c)):
    choose d in cells where d != c by mover secretly:
        place card for mover at d face up
    for p in players ordered by mover:
        next p
    flip top(c) down
    move top(c) to deck face down
    let w = x in cells while empty(x)
    let z = (x in cells until empty(x)) if n > 1 else [x for x in 3 downto 1 sorted by x]
    return
    repeat 2: shuffle deck
    if n in [1, 2] and not n not in [3] or n == 1: finish
    elif yes: lose mover
    else: again
trigger t after move: pass
trigger u at turn start: log "x"
trigger v at end: draw
phase one until turn > 3:
    fallback action b(): enter one
'''
VARIANT = 'variant of every-word\nreplace def f(x) = x\nremove action a\n'


def _doc_blocks() -> list:
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^ *```mire(?!-fragment)[^\n]*\n(.*?)^ *```", text, re.M | re.S)
    return [textwrap.dedent(b) for b in blocks]


def _corpus() -> list:
    files = sorted(Path(mire.games.__file__).parent.glob("*.mire")) + sorted((ROOT / "tests" / "games").glob("*.mire"))
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in files]
    texts += [(f"docs block {i}", b) for i, b in enumerate(_doc_blocks())]
    texts += [("extra", EXTRA), ("variant", VARIANT)]
    out = []
    for name, text in texts:
        try:
            out.append((name, text, source_tokens(text)))
        except Exception:  # noqa: BLE001 - a documentation fragment that is not a whole file
            continue
    return out


CORPUS = _corpus()


def _grammar_words() -> set:
    text = re.sub(r"//[^\n]*", "", LARK.read_text(encoding="utf-8"))
    quoted = set(re.findall(r'"([A-Za-z_]+)"', text))
    # multi-word terminals such as EACH: /for[ \t]+each[ \t]+player\b/
    for pattern in re.findall(r"^[A-Z_]+:\s*/([a-z]+(?:\[ \\t\]\+[a-z]+)+)\\b/", text, re.M):
        quoted |= set(pattern.split("[ \\t]+"))
    return quoted


def test_the_word_lists_are_the_grammars_words():
    known = (set(highlight.DECLARATION_WORDS) | set(highlight.STATEMENT_WORDS) | set(highlight.OTHER_WORDS)
             | set(highlight.OPERATOR_WORDS) | set(highlight.PHRASE_WORDS))
    words = _grammar_words()
    assert {"for", "each", "player", "per", "ordered", "x", "secretly"} <= words
    assert words - known <= {"each", "per", "ordered", "sorted", "player"}  # coloured by their phrases
    assert known - words == set()


def test_builtins_come_from_the_library():
    from mire.engine.run.library import LIBRARY
    assert set(highlight.FUNCTIONS) == set(LIBRARY.functions)
    assert set(highlight.BUILTINS) | set(highlight.CONSTANTS) == set(LIBRARY.names)
    assert {"yes", "none"} <= set(highlight.CONSTANTS) and {"mover", "north"} <= set(highlight.BUILTINS)


def test_the_corpus_uses_every_keyword():
    seen = set()
    for _, _, tokens in CORPUS:
        for tok in keyword_tokens(tokens):
            seen |= set(tok.value.split())
    assert _grammar_words() - seen == set()


# ---------------------------------------------------------------- Pygments

def _pygments_types(text) -> dict:
    return {i: t for i, t, _ in MireLexer().get_tokens_unprocessed(text)}


@pytest.mark.parametrize("name,text,tokens", CORPUS, ids=[c[0] for c in CORPUS])
def test_pygments_colours_the_parsers_keywords_as_keywords(name, text, tokens):
    types = _pygments_types(text)
    assert not [i for i, t in types.items() if t in T.Error]
    for tok in keyword_tokens(tokens):
        got = types.get(tok.start_pos)
        assert got in T.Keyword or got in T.Operator.Word, f"{name}:{tok.line}:{tok.column} {tok.value!r} is {got}"
    for tok in tokens:
        if tok.type == "NAME":
            got = types.get(tok.start_pos)
            assert got in T.Name or got in T.Keyword.Constant, f"{name}:{tok.line}:{tok.column} {tok.value!r} is {got}"


def test_pygments_colours_by_kind():
    text = 'def f(a) = count(a) + mover.score  # c\nvariant of mud-water\n'
    got = [(t, v) for t, v in MireLexer().get_tokens(text) if t not in T.Whitespace]
    assert got == [
        (T.Keyword.Declaration, "def"), (T.Name.Function, "f"), (T.Punctuation, "("), (T.Name, "a"),
        (T.Punctuation, ")"), (T.Operator, "="), (T.Name.Builtin, "count"), (T.Punctuation, "("), (T.Name, "a"),
        (T.Punctuation, ")"), (T.Operator, "+"), (T.Name.Builtin, "mover"), (T.Punctuation, "."),
        (T.Name.Attribute, "score"), (T.Comment.Single, "# c"),
        (T.Keyword.Declaration, "variant"), (T.Keyword, "of"), (T.Name.Namespace, "mud-water"),
    ]


def test_the_lexer_is_registered_with_pygments():
    # the entry point of pyproject.toml (group pygments.lexers), as `pygmentize -l mire` finds it
    assert type(get_lexer_by_name("mire")) is MireLexer
    assert find_lexer_class_for_filename("games/tic-tac-toe.mire") is MireLexer


# ---------------------------------------------------------------- TextMate

class _TextMate:
    """Just enough of a TextMate tokenizer for a grammar of `match` patterns: on each line, the pattern
    that matches first (the earliest in the grammar among those matching at the same place) wins."""

    def __init__(self, grammar: dict):
        self.patterns = [(re.compile(p["match"]), p) for p in grammar["patterns"]]

    def scopes(self, text: str) -> dict:
        """{offset in text: scope} for each scoped match or capture."""
        out, offset = {}, 0
        for line in text.splitlines(keepends=True):
            body = line.rstrip("\n")
            pos = 0
            while pos < len(body):
                best = None
                for regex, pattern in self.patterns:
                    m = regex.search(body, pos)
                    if m and (best is None or m.start() < best[0].start()):
                        best = (m, pattern)
                if best is None:
                    break
                m, pattern = best
                if "name" in pattern:
                    out[offset + m.start()] = pattern["name"]
                for group, capture in pattern.get("captures", {}).items():
                    if m.group(int(group)):
                        out[offset + m.start(int(group))] = capture["name"]
                pos = max(m.end(), pos + 1)
            offset += len(line)
        return out


TEXTMATE = _TextMate(highlight.textmate_grammar())


@pytest.mark.parametrize("name,text,tokens", CORPUS, ids=[c[0] for c in CORPUS])
def test_textmate_scopes_the_parsers_keywords_as_keywords(name, text, tokens):
    scopes = TEXTMATE.scopes(text)
    for tok in keyword_tokens(tokens):
        got = scopes.get(tok.start_pos, "")
        assert got.startswith("keyword."), f"{name}:{tok.line}:{tok.column} {tok.value!r} is {got!r}"
    for tok in tokens:
        if tok.type == "NAME":
            got = scopes.get(tok.start_pos, "")
            assert not got.startswith("keyword."), f"{name}:{tok.line}:{tok.column} {tok.value!r} is {got!r}"


def test_the_vim_syntax_knows_every_word():
    syntax = highlight.vim_syntax()
    words = set(re.findall(r"[a-z_]+", syntax))
    assert _grammar_words() - {"x", "turn", "start", "end", "first", "players"} <= words
    assert r"\<grid\s\+\d\+\s\+\)\@<=x" in syntax and r"at\s\+turn\s\+start" in syntax


def test_the_vscode_extension_uses_the_grammar():
    package = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text(encoding="utf-8"))
    grammar = package["contributes"]["grammars"][0]
    assert (grammar["language"], grammar["scopeName"]) == ("mire", highlight.textmate_grammar()["scopeName"])
    assert (ROOT / "editors" / "vscode" / grammar["path"]).resolve() == \
        (ROOT / "editors" / "vscode" / "syntaxes" / "mire.tmLanguage.json").resolve()
    assert package["contributes"]["languages"][0]["extensions"] == [".mire"]
    json.loads((ROOT / "editors" / "vscode" / "language-configuration.json").read_text(encoding="utf-8"))
