"""A Pygments lexer for Mire, registered as `mire` (`pygmentize -l mire games/tic-tac-toe.mire`).

Made from the rules of highlight.py, which the TextMate grammar of the editors shares.
"""
from __future__ import annotations

import re

from pygments import token as T
from pygments.lexer import RegexLexer, bygroups

from .highlight import KINDS, RULES


def _token_type(kind: str):
    result = T
    for part in KINDS[kind][0].split("."):
        result = getattr(result, part)
    return result


def _rules():
    out = [(r"\n", T.Whitespace)]
    for rule in RULES:
        types = [_token_type(k) for k in rule.kinds]
        out.append((rule.regex, types[0] if re.compile(rule.regex).groups == 0 else bygroups(*types)))
    # after the rules, some of which take the indentation of their line
    out.append((r"[ \t]+", T.Whitespace))
    # anything else (a character Mire does not use) is shown as it is
    out.append((r".", T.Error))
    return out


class MireLexer(RegexLexer):
    """Rules files of the Mire language."""

    name = "Mire"
    aliases = ["mire"]
    filenames = ["*.mire"]
    mimetypes = ["text/x-mire"]

    tokens = {"root": _rules()}
