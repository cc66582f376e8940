"""What to colour in a rules file: one table of rules from which both the Pygments lexer
(`pygments_lexer.py`) and the TextMate grammar of the editors (`editors/mire.tmLanguage.json`) are made;
the Vim syntax file (`editors/vim/`) is made from the same word lists.

The words come from the grammar's keywords (tests/cli/test_highlight.py checks that every quoted word of
mire.lark is here, and that both highlighters mark every keyword the parser reads in the bundled games);
the builtin names and functions come from the engine's library (engine/run/library.py). Write the editors'
files again after a change with `python -m mire.regenerate`.
"""
from __future__ import annotations

import json

import attrs

from ..engine.run.library import LIBRARY

# The words of the language, as the grammar has them. A few are words only in some places, and are
# coloured by the phrases below instead: `x` (`grid 3 x 3`, `hex 11 x 11`, `blocks 3 x 3`), `turn`, `start`,
# `end` (`at turn start`, `at end`), `first` and `players` (a declaration at the start of a line; elsewhere the
# builtin), `count` (`count 2` at the end of a `pieces` line; elsewhere the builtin function), `neighbors`
# (`neighbors all_directions` on a board's line; elsewhere the builtin function).
DECLARATION_WORDS = ("game", "board", "enum", "piece", "pieces", "zone", "var", "const", "def", "proc", "setup",
                     "phase", "action", "trigger", "option", "rank", "variant", "replace", "fallback", "input",
                     "show", "about", "legend", "status", "when", "edition", "display")
STATEMENT_WORDS = ("let", "place", "move", "remove", "flip", "shuffle", "rotate", "require", "ensure", "win", "lose",
                   "draw", "finish", "enter", "again", "next", "log", "pass", "if", "elif", "else", "for", "repeat",
                   "choose", "return", "while")
OTHER_WORDS = ("to", "named", "at", "facing", "grid", "area", "labels", "hidden", "key", "list", "of", "from",
               "public", "private", "secret", "capacity", "until", "where", "by", "after", "uses", "as",
               "face", "up", "down", "secretly", "always", "mutable", "when", "covered", "internal", "ask", "because",
               "ties", "share", "stuck", "edges", "corners", "graph", "point", "line", "link", "once", "reveals",
               "nothing", "size", "each", "hex", "hexagon", "triangle", "walls", "blocks")
OPERATOR_WORDS = ("and", "or", "not", "in", "downto")
# (`player`, `spaces` and the looks are words only on the lines of a `display:` block)
PHRASE_WORDS = ("x", "turn", "start", "end", "first", "players", "count", "neighbors", "player", "spaces", "colour",
                "glyph", "picture")
CONSTANTS = tuple(n for n, info in LIBRARY.names.items() if info.type.base in ("bool", "none"))
BUILTINS = tuple(n for n in LIBRARY.names if n not in CONSTANTS)
FUNCTIONS = tuple(LIBRARY.functions)

# what each kind of word is called by Pygments and by TextMate
KINDS = {
    "comment": ("Comment.Single", "comment.line.number-sign.mire"),
    "string": ("String.Double", "string.quoted.double.mire"),
    "number": ("Number.Integer", "constant.numeric.integer.mire"),
    "declaration": ("Keyword.Declaration", "keyword.other.declaration.mire"),
    "keyword": ("Keyword", "keyword.control.mire"),
    "operator-word": ("Operator.Word", "keyword.operator.word.mire"),
    "constant": ("Keyword.Constant", "constant.language.mire"),
    "builtin": ("Name.Builtin", "variable.language.mire"),
    "builtin-function": ("Name.Builtin", "support.function.builtin.mire"),
    "rule-name": ("Name.Function", "entity.name.function.mire"),
    "declared-name": ("Name.Class", "entity.name.type.mire"),
    "game-name": ("Name.Namespace", "entity.name.namespace.mire"),
    "call": ("Name.Function", "entity.name.function.call.mire"),
    "attribute": ("Name.Attribute", "variable.other.property.mire"),
    "name": ("Name", "variable.other.mire"),
    "operator": ("Operator", "keyword.operator.mire"),
    "punctuation": ("Punctuation", "punctuation.separator.mire"),
    "continuation": ("Punctuation", "punctuation.separator.continuation.mire"),
    "space": ("Whitespace", None),
}


@attrs.frozen
class Rule:
    """A regular expression (in the syntax that Python and Oniguruma share) and the kind of each of its
    groups (or of the whole match, when it has no groups). Rules are tried in order."""
    regex: str
    kinds: tuple


def _words(words) -> str:
    return r"\b(?:" + "|".join(sorted(words, key=lambda w: (-len(w), w))) + r")\b"


NAME = r"[A-Za-z_][A-Za-z0-9_]*"
SPACE = r"[ \t]+"

ITEM_KINDS = ("action", "trigger", "proc", "def", "option", "var", "const", "board", "zone", "phase", "enum")
# A word of the language is a name where no keyword could stand: before `:` (an attribute `rank: int`),
# `,` or `)` (a parameter), `.`, `]` or an operator, a word that follows an expression (`x in`, `x where`)
# or the end of the line; but for these words, which do stand there as keywords.
BEFORE_COLON = ("else", "setup", "secretly", "always", "move", "start", "end", "stuck")
BEFORE_COMMA = ("hidden", "key", "mutable")
BEFORE_WORD = ("not", "list", "in", "and", "or", "if", "else", "for", "where", "while", "by")  # `not in`, `list of`
AFTER_EXPRESSION = ("in", "where", "while", "and", "or", "if", "else", "to", "at", "for", "face", "of", "by")
STUCK_RULES = ("lose", "win", "draw", "pass", "finish")
AT_LINE_END = ("draw", "finish", "again", "pass", "return", "up", "down", "area", "hidden", "key", "public",
               "private", "secret", "mutable", "covered", "internal", "graph")


def _name_unless(words, lookahead: str) -> str:
    return rf"\b(?!(?:{'|'.join(words)})\b){NAME}(?={lookahead})"


RULES = (
    Rule(r"#.*$", ("comment",)),
    Rule(r'"(?:[^"\\\n]|\\.)*"?', ("string",)),
    Rule(r"\\$", ("continuation",)),
    Rule(rf"(\.)[ \t]*({NAME})", ("punctuation", "attribute")),
    # declarations start a line; only a phase's rules are indented
    Rule(rf"^(variant)({SPACE})(of)({SPACE})([A-Za-z_][A-Za-z0-9_-]*)",
         ("declaration", "space", "keyword", "space", "game-name")),
    Rule(rf"^(?:(replace)({SPACE}))?(?:(fallback)({SPACE}))?(def|proc|action|trigger|phase)({SPACE})({NAME})",
         ("declaration", "space", "declaration", "space", "declaration", "space", "rule-name")),
    Rule(rf"^([ \t]+)(?:(fallback)({SPACE}))?(action|trigger)({SPACE})({NAME})",
         ("space", "declaration", "space", "declaration", "space", "rule-name")),
    Rule(rf"^(?:(replace)({SPACE}))?(board|zone|piece|pieces|enum|var|const|option|input|show)({SPACE})({NAME})",
         ("declaration", "space", "declaration", "space", "declared-name")),
    Rule(rf"^(replace)({SPACE})(setup)\b", ("declaration", "space", "declaration")),
    Rule(rf"^(remove)({SPACE})({'|'.join(ITEM_KINDS)})({SPACE})({NAME})",
         ("declaration", "space", "declaration", "space", "rule-name")),
    # (the rule after `when stuck:` is a keyword where a word at the end of a line is otherwise a name; before
    # the declarations, which would take `when` alone)
    Rule(rf"^([ \t]*)(when)({SPACE})(stuck)([ \t]*)(:)([ \t]*)({'|'.join(STUCK_RULES)})\b",
         ("space", "declaration", "space", "keyword", "space", "punctuation", "space", "keyword")),
    Rule(rf"^([ \t]*)(when)({SPACE})(stuck)\b", ("space", "declaration", "space", "keyword")),
    Rule("^(" + _words(DECLARATION_WORDS + ("players", "first")) + ")", ("declaration",)),
    # phrases
    # a line of a `display:` block: `player red colour "#c33"`, `spaces a1, b2 of cells ...`, a look
    Rule(rf"^([ \t]+)(player|spaces|board|piece)({SPACE})(?={NAME})", ("space", "keyword", "space")),
    Rule(rf"\b(colour|glyph|picture)({SPACE})(?=\")", ("keyword", "space")),
    Rule(rf"\b(after)({SPACE})(move)\b", ("keyword", "space", "keyword")),
    Rule(rf"\b(at)({SPACE})(turn)({SPACE})(start)\b", ("keyword", "space", "keyword", "space", "keyword")),
    Rule(rf"\b(at)({SPACE})(end)\b", ("keyword", "space", "keyword")),
    *(Rule(rf"\b(grid|hex|blocks)({SPACE})({w})({SPACE})(x)({SPACE})({h})\b",
           ("keyword", "space", wt, "space", "keyword", "space", ht))
      for w, wt in (("[0-9]+", "number"), (NAME, "name")) for h, ht in (("[0-9]+", "number"), (NAME, "name"))),
    Rule(rf"\b(for)({SPACE})(each)({SPACE})(player)\b", ("keyword", "space", "keyword", "space", "keyword")),
    Rule(rf"\b(at)({SPACE})(once)({SPACE})(each)\b", ("keyword", "space", "keyword", "space", "keyword")),
    Rule(rf"(?<=\))([ \t]*)(each)({SPACE})(turn)\b", ("space", "keyword", "space", "keyword")),
    Rule(rf"\b(per)({SPACE})(player)\b", ("keyword", "space", "keyword")),
    Rule(rf"\b(ordered)({SPACE})(by)\b", ("keyword", "space", "keyword")),
    Rule(rf"\b(sorted)({SPACE})(by)\b", ("keyword", "space", "keyword")),
    Rule(rf"\b(hidden)({SPACE})(when)({SPACE})(covered)\b", ("keyword", "space", "keyword", "space", "keyword")),
    Rule(rf"\b(ties)({SPACE})(share)\b", ("keyword", "space", "keyword")),
    Rule(rf"\b(log)({SPACE})(to)\b", ("keyword", "space", "keyword")),
    Rule(rf"\b(reveals)({SPACE})(nothing|action)\b", ("keyword", "space", "keyword")),
    Rule(rf"\b(size)({SPACE})(hidden)\b", ("keyword", "space", "keyword")),
    Rule(rf"\b(edges|corners|walls)({SPACE})(of)\b", ("keyword", "space", "keyword")),
    # a board's neighbours (`neighbors all_directions`)
    Rule(rf"\b(neighbors)(?={SPACE}(?:orthogonal|diagonal|all_directions)\b)", ("keyword",)),
    # the copies of each piece a `pieces KIND: each ...` line makes
    Rule(rf"\b(count)(?={SPACE}[0-9])", ("keyword",)),
    # a graph's lines, under its `board NAME: graph`
    Rule(rf"^([ \t]+)(line|link)(?={SPACE}{NAME}[ \t]*-)", ("space", "keyword")),
    Rule(rf"^([ \t]+)(point)(?={SPACE}{NAME}[ \t]*(?:,|at\b|#|$))", ("space", "keyword")),
    # an attribute's flag before its start value (`face: int mutable = 1`)
    Rule(_words(BEFORE_COMMA) + r"(?=[ \t]*=(?!=))", ("keyword",)),
    # names
    Rule(_words(FUNCTIONS) + r"(?=\()", ("builtin-function",)),
    Rule(_words(CONSTANTS), ("constant",)),
    Rule(_words(BUILTINS), ("builtin",)),
    Rule(rf"\b{NAME}(?=\()", ("call",)),
    Rule(_name_unless(BEFORE_COLON, r"[ \t]*:"), ("name",)),
    Rule(_name_unless(BEFORE_COMMA, r"[ \t]*[,)]"), ("name",)),
    # (the word after must itself be a keyword: not a name, as in `move r to to`, nor a call, as in `at at(...)`)
    Rule(_name_unless(BEFORE_WORD, rf"{SPACE}(?:{'|'.join(AFTER_EXPRESSION)})\b(?!\()"
                                   r"(?![ \t]*(?:$|#|[.,):\]=<>!+*/%]))"), ("name",)),
    Rule(_name_unless(AT_LINE_END, r"[ \t]*(?:#.*)?$"), ("name",)),
    Rule(rf"\b{NAME}(?=[ \t]*(?:[.\]*/%<>=+]|!=))", ("name",)),
    # the other words of the language
    Rule(_words(OPERATOR_WORDS), ("operator-word",)),
    Rule(_words(STATEMENT_WORDS + OTHER_WORDS), ("keyword",)),
    Rule(rf"\b{NAME}", ("name",)),
    Rule(r"\b[0-9]+(?:\.[0-9]+)?\b", ("number",)),
    Rule(r"\.\.|[-+]=|[=!<>]=|[-+*/%<>=]", ("operator",)),
    Rule(r"[()\[\],:.]", ("punctuation",)),
)


def textmate_grammar() -> dict:
    """The TextMate grammar (VS Code, Sublime Text, ...) made from RULES."""
    patterns = []
    for rule in RULES:
        scopes = [KINDS[k][1] for k in rule.kinds]
        if all(s is None for s in scopes):
            continue
        pattern: dict = {"match": rule.regex}
        if len(rule.kinds) == 1:
            pattern["name"] = scopes[0]
        else:
            pattern["captures"] = {str(i): {"name": s} for i, s in enumerate(scopes, 1) if s is not None}
        patterns.append(pattern)
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Mire",
        "scopeName": "source.mire",
        "fileTypes": ["mire"],
        "comment": "Made by `python -m mire.regenerate` from cli/highlight.py: do not edit.",
        "patterns": patterns,
    }


def textmate_json() -> str:
    return json.dumps(textmate_grammar(), indent=2) + "\n"


def vim_syntax() -> str:
    """A Vim/Neovim syntax file: the same words, without the TextMate rules' sense of context."""
    def keywords(group, words):
        return f"syn keyword {group} " + " ".join(sorted(words))

    phrases = [r"for\s\+each\s\+player", r"at\s\+once\s\+each", r"per\s\+player", r"ordered\s\+by", r"sorted\s\+by",
               r"hidden\s\+when\s\+covered", r"ties\s\+share", r"when\s\+stuck", r"after\s\+move",
               r"at\s\+turn\s\+start", r"at\s\+end"]
    lines = [
        '" Vim syntax file for Mire rules files (*.mire).',
        '" Made by `python -m mire.regenerate` from cli/highlight.py: do not edit.',
        'if exists("b:current_syntax")',
        "  finish",
        "endif",
        "",
        keywords("mireDeclaration", DECLARATION_WORDS),
        # `players` is a declaration at the start of a line and the builtin elsewhere: matches, not keywords
        # (a keyword would win everywhere), the later one winning where both match
        r'syn match mireBuiltin "\<players\>"',
        r'syn match mireDeclaration "^\(players\|first\)\>"',
        keywords("mireStatement", STATEMENT_WORDS),
        keywords("mireKeyword", OTHER_WORDS),
        'syn match mireKeyword "\\<\\(' + "\\|".join(phrases) + '\\)\\>"',
        r'syn match mireKeyword "\(\<grid\s\+\d\+\s\+\)\@<=x\>"',
        r'syn match mireKeyword "\(\<hex\s\+\d\+\s\+\)\@<=x\>"',
        r'syn match mireKeyword "\(\<blocks\s\+\d\+\s\+\)\@<=x\>"',
        r'syn match mireKeyword "\<count\ze\s\+\d"',
        # the words of a `display:` line: a look before its string, `spaces` at the start of an indented line
        r'syn match mireKeyword "\<\(colour\|glyph\|picture\)\ze\s\+\""',
        r'syn match mireKeyword "^\s\+\zs\<spaces\>"',
        r'syn match mireKeyword "\<neighbors\ze\s\+\(orthogonal\|diagonal\|all_directions\)\>"',
        keywords("mireOperator", OPERATOR_WORDS),
        keywords("mireConstant", CONSTANTS),
        keywords("mireBuiltin", [b for b in BUILTINS if b != "players"]),
        'syn match mireFunction "\\<\\(' + "\\|".join(sorted(FUNCTIONS)) + '\\)\\ze("',
        r'syn match mireAttribute "\.\s*\h\w*"',
        r'syn match mireNumber "\<\d\+\>"',
        r'syn region mireString start=+"+ skip=+\\.+ end=+"+ oneline',
        r'syn match mireComment "#.*$"',
        "",
        "hi def link mireDeclaration Structure",
        "hi def link mireStatement Statement",
        "hi def link mireKeyword Keyword",
        "hi def link mireOperator Operator",
        "hi def link mireConstant Boolean",
        "hi def link mireBuiltin Identifier",
        "hi def link mireFunction Function",
        "hi def link mireNumber Number",
        "hi def link mireString String",
        "hi def link mireComment Comment",
        "",
        'let b:current_syntax = "mire"',
    ]
    return "\n".join(lines) + "\n"


VIM_FILETYPE = "au BufRead,BufNewFile *.mire setfiletype mire\n"
VIM_SETTINGS = ("\" Mire rules files: 4-space blocks, # comments.\n"
                "setlocal expandtab shiftwidth=4 softtabstop=4 commentstring=#\\ %s\n")

# the files made from the rules, relative to the editors/ folder
GENERATED = {
    "mire.tmLanguage.json": lambda: textmate_json(),
    "vscode/syntaxes/mire.tmLanguage.json": lambda: textmate_json(),
    "vim/syntax/mire.vim": vim_syntax,
    "vim/ftdetect/mire.vim": lambda: VIM_FILETYPE,
    "vim/ftplugin/mire.vim": lambda: VIM_SETTINGS,
}
TEXTMATE_FILES = ("mire.tmLanguage.json", "vscode/syntaxes/mire.tmLanguage.json")

