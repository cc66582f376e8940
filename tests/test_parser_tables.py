"""The parser's tables kept beside the grammar (read instead of built, for a quick `mire check`) parse as the
tables Lark builds. That they are the grammar's as it is now is the made files' test (tests/test_structure.py:
`python -m mire.regenerate` writes them again)."""
from mire.grammar import parser
from mire.grammar.frontend import games_dir


def test_the_kept_tables_parse_as_the_built_ones():
    text = parser._grammar_text()
    kept = parser._kept_parser(text)
    assert kept is not None
    built = parser.Lark(text, postlex=parser._MireIndenter(), **parser._OPTIONS)
    source = (games_dir() / "queensland.mire").read_text(encoding="utf-8")
    assert kept.parse(source, start="start") == built.parse(source, start="start")
    assert kept.parse("1 + f(x)", start="expr") == built.parse("1 + f(x)", start="expr")
