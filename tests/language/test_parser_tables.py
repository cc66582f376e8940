"""The parser's tables kept beside the grammar (read instead of built, for a quick `mire check`) are those of
the grammar as it is: after mire.lark changes, `python -m mire.grammar.parser` writes them again."""
from mire.grammar import parser
from mire.grammar.frontend import games_dir


def test_the_kept_parser_tables_are_the_grammars():
    assert parser.tables_match_grammar(), "mire.lark changed: run `python -m mire.grammar.parser`"


def test_the_kept_tables_parse_as_the_built_ones():
    text = parser._grammar_text()
    kept = parser._kept_parser(text)
    assert kept is not None
    built = parser.Lark(text, postlex=parser._MireIndenter(), **parser._OPTIONS)
    source = (games_dir() / "queensland.mire").read_text(encoding="utf-8")
    assert kept.parse(source, start="start") == built.parse(source, start="start")
    assert kept.parse("1 + f(x)", start="expr") == built.parse("1 + f(x)", start="expr")
