"""Every token of a rules file as the parser's own lexer reads it, comments and line breaks included.

The formatter and the editor tools need what the AST drops: the exact place of each name, the comments,
and the line breaks inside brackets (which the indentation post-lexer swallows). They get them from the
same Lark grammar and post-lexer that `parser.parse` uses, so they never read a file differently.
"""
from __future__ import annotations

from importlib import resources
from threading import Lock

from lark import Lark, Token

from .parser import _MireIndenter

# terminals whose text is several words, and the type of the newline token (which carries the comments)
MULTI_WORD = ("EACH", "PER_PLAYER", "ORDERED", "COVERED", "AT_ONCE_EACH")
NEWLINE = "_NL"
COMMENT = "COMMENT"


class _Recorder(_MireIndenter):
    """The parser's post-lexer, keeping a copy of every token the lexer gives it (before it drops the
    line breaks inside brackets)."""

    def __init__(self):
        super().__init__()
        self.seen: list = []

    def process(self, stream):
        return super().process(self._record(stream))

    def _record(self, stream):
        for token in stream:
            self.seen.append(token)
            yield token


_LOCK = Lock()
_STATE: dict = {}


def _recording_parser():
    if "parser" not in _STATE:
        recorder = _Recorder()
        text = resources.files(__package__).joinpath("mire.lark").read_text()
        # a comment the lexer reads on its own (not as part of a line break) is ignored by the grammar:
        # the callback keeps it
        parser = Lark(text, parser="lalr", postlex=recorder, propagate_positions=True,
                      maybe_placeholders=True, lexer_callbacks={COMMENT: recorder.seen.append})
        _STATE["parser"], _STATE["recorder"] = parser, recorder
    return _STATE["parser"], _STATE["recorder"]


def source_tokens(source: str) -> list:
    """The tokens of `source` in order, with `_NL` tokens (line breaks with the comments and blank lines
    between them) also inside brackets, and any comment read on its own as a `COMMENT` token.

    The source must parse: a syntax error raises Lark's exception (use `parser.parse` first for the
    diagnostics)."""
    if not source.endswith("\n"):
        source += "\n"
    with _LOCK:
        parser, recorder = _recording_parser()
        recorder.seen.clear()
        try:
            parser.parse(source)
            return sorted(recorder.seen, key=lambda t: t.start_pos)
        finally:
            recorder.seen.clear()


def keyword_tokens(tokens) -> list:
    """The tokens that are words of the language (not names, numbers, strings or punctuation)."""
    values = ("NAME", "INT", "SIGNED", "DECIMAL", "SIGNED_DECIMAL", "STRING", "GAME_NAME", NEWLINE, COMMENT)
    return [t for t in tokens if t.type not in values and t.value[:1].isalpha()]


__all__ = ["source_tokens", "keyword_tokens", "Token", "MULTI_WORD", "NEWLINE", "COMMENT"]
