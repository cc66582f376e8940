"""Every token of a rules file as the parser's own lexer reads it, comments and line breaks included.

The formatter and the editor tools need what the AST drops: the exact place of each name, the comments,
and the line breaks inside brackets (which the indentation post-lexer swallows). The parser keeps them
as it reads the file when asked (`parser.parse(source, path, tokens=[])`): the same lexer and post-lexer,
and the same parse, so they never read a file differently and a file is not read twice.
"""
from __future__ import annotations

from lark import Token

from .parser import _lark_parse

# terminals whose text is several words, and the type of the newline token (which carries the comments)
MULTI_WORD = ("EACH", "PER_PLAYER", "ORDERED", "COVERED", "AT_ONCE_EACH")
NEWLINE = "_NL"
COMMENT = "COMMENT"


def source_tokens(source: str) -> list:
    """The tokens of `source` in order, with `_NL` tokens (line breaks with the comments and blank lines
    between them) also inside brackets, and any comment read on its own as a `COMMENT` token.

    The source must parse: a syntax error raises Lark's exception (use `parser.parse` first for the
    diagnostics, or `parser.parse(source, path, tokens=[])` for the AST and the tokens at once)."""
    if not source.endswith("\n"):
        source += "\n"
    tokens: list = []
    _lark_parse(source, tokens)
    return tokens


def keyword_tokens(tokens) -> list:
    """The tokens that are words of the language (not names, numbers, strings or punctuation)."""
    values = ("NAME", "INT", "SIGNED", "DECIMAL", "SIGNED_DECIMAL", "STRING", "GAME_NAME", NEWLINE, COMMENT)
    return [t for t in tokens if t.type not in values and t.value[:1].isalpha()]


__all__ = ["source_tokens", "keyword_tokens", "Token", "MULTI_WORD", "NEWLINE", "COMMENT"]
