"""Syntax errors as a compiler would explain them: what was found, what was expected, how to fix it.

The parser (parser.py) hands Lark's exceptions here and gets diagnostics back; nothing here changes a parse.
"""
from __future__ import annotations

import difflib
import re

import attrs
from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError

from . import nodes as N
from .diagnostics import Diagnostic
from .wording import words as _words

_TOKEN_WORDS = {
    "_NL": "the end of the line", "_INDENT": "an indented block", "_DEDENT": "the end of the block",
    "$END": "the end of the file", "NAME": "a name", "INT": "a number", "SIGNED": "a number",
    "DECIMAL": "a number", "SIGNED_DECIMAL": "a number",
    "STRING": 'a string ("...")', "EACH": "'for each player'", "PER_PLAYER": "'per player'",
    "ORDERED": "'ordered by'", "VISIBILITY": "'public', 'private' or 'secret'",
    "ITEM_KIND": "'action', 'trigger', 'proc', 'def' or 'option'",
}
_CLOSERS = {"(": ")", "[": "]"}
_CLOSER_TYPES = {")": "RPAR", "]": "RSQB"}
# the words that begin a declaration, and those that begin a statement
DECLARATION_WORDS = ("game", "players", "first", "board", "enum", "piece", "pieces", "zone", "var", "const",
                      "def", "proc", "setup", "phase", "action", "trigger", "option", "rank", "variant",
                      "remove", "replace", "fallback", "about", "legend", "status", "when", "edition")
STATEMENT_WORDS = ("let", "place", "move", "remove", "flip", "shuffle", "require", "ensure", "win", "lose", "draw",
                    "finish", "enter", "again", "next", "log", "pass", "if", "elif", "else", "for", "repeat",
                    "choose", "return", "while")
# how each keyword's line is written, for hints
_FORMS = {
    "game": '`game "Title"`',
    "players": "`players 2`, or `players 2 to 4 named red, blue, green, white facing south, north, east, west`",
    "first": "`first random` or `first first`",
    "board": "`board NAME: grid WIDTH x HEIGHT` (each a number, a constant, an option with a value, or an "
             "expression of them in parentheses; optionally followed by `at (X, Y)`, `labels upper` or "
             "`per player`), or `board NAME: area`",
    "enum": "`enum NAME: value, value, ...` (the values separated by commas)",
    "piece": "`piece NAME`, or `piece NAME(attribute: type, ...)`",
    "pieces": '`pieces KIND:` followed by an indented table, `pieces KIND from "file.csv"`, or '
              '`pieces KIND: each ATTRIBUTE, each ATTRIBUTE in [VALUE, ...]` (optionally ending `, count N`); '
              "`in ZONE` and `for each player` may follow KIND",
    "zone": "`zone NAME`, optionally followed by `per player`, `public`/`private`/`secret` and `capacity N`",
    "var": "`var NAME: TYPE = VALUE`, or `var NAME: TYPE = VALUE per player`",
    "const": "`const NAME = VALUE`",
    "def": "`def NAME(parameter, ...) = EXPRESSION`, or `def NAME(parameter, ...):` followed by an indented block "
           "that ends with `return VALUE`",
    "proc": "`proc NAME(parameter, ...):` followed by an indented block",
    "setup": "`setup:` followed by an indented block",
    "phase": "`phase NAME:` or `phase NAME until CONDITION:`, followed by its indented actions and triggers",
    "action": "`action NAME(x in COLLECTION where CONDITION, ...):` followed by an indented block",
    "fallback": "`fallback action NAME():` followed by an indented block",
    "trigger": "`trigger NAME after move:`, `trigger NAME at turn start:` or `trigger NAME at end:`",
    "option": '`option NAME "what it does"`, or `option NAME: int = DEFAULT in LOW..HIGH "what it sets"`',
    "rank": "`rank by EXPRESSION, ...`, optionally ending with `ties share`",
    "about": '`about "the goal of the game, in a sentence or two"`',
    "legend": '`legend "2N": "what this piece of the game\'s notation means"`',
    "edition": "`edition 3` (the edition of the language the file is written in)",
    "status": '`status "{score(player)} points"`: a figure shown beside each player',
    "variant": "`variant of GAME`",
    "replace": "`replace ITEM`, in a variant, where ITEM takes the place of the base's item of its name: "
               "`replace action NAME(...):`, `replace board NAME: grid W x H`, `replace phase NAME:`, `replace setup:`",
    "when": "`when stuck: lose` (or `win`, `draw`, `pass`, `finish`)",
    "let": "`let NAME = VALUE`",
    "place": "`place KIND for PLAYER at SPACE`",
    "move": "`move PIECE to SPACE` (optionally followed by `face up` or `face down`)",
    "flip": "`flip PIECE`, `flip PIECE up` or `flip PIECE down`",
    "shuffle": "`shuffle ZONE`",
    "require": '`require CONDITION` or `require CONDITION else "message"`',
    "ensure": '`ensure CONDITION` or `ensure CONDITION else "message"`, in the effect of an action',
    "win": "`win PLAYER`", "lose": "`lose PLAYER`", "draw": "`draw`, alone on its line",
    "finish": "`finish`, alone on its line", "again": "`again`, alone on its line",
    "pass": "`pass`, alone on its line",
    "return": "`return VALUE` (in a def or a proc), or `return` alone (in a proc)",
    "enter": "`enter PHASE`", "next": "`next PLAYER`",
    "log": '`log "text with {values}"`',
    "if": "`if CONDITION:` followed by an indented block, or `if CONDITION: STATEMENT`",
    "elif": "`elif CONDITION:` after the block of an `if`", "else": "`else:` after the block of an `if`",
    "for": "`for x in COLLECTION:` or `for x in COLLECTION where CONDITION:`",
    "repeat": "`repeat N:` followed by an indented block",
    "while": "`while CONDITION:` followed by an indented block that changes what the condition reads",
    "choose": "`choose x in COLLECTION where CONDITION:` (optionally `by PLAYER`)",
}
# words of other languages that Mire does not have, at the start of a line of a rule
_FOREIGN = {
    "print": 'to show a message write `log "text with {values}"`',
    "function": "a function is declared with `def NAME(parameters) = EXPRESSION`",
    "fn": "a function is declared with `def NAME(parameters) = EXPRESSION`",
    "func": "a function is declared with `def NAME(parameters) = EXPRESSION`",
    "break": "Mire has no `break`: filter the collection instead (`for x in list while CONDITION:`)",
    "continue": "Mire has no `continue`: filter the collection instead (`for x in list where CONDITION:`)",
    "import": "a game is one file; a variant starts with `variant of GAME`",
    "var": "`var` declares a variable of the game at the top of the file; inside a rule write `let NAME = VALUE`",
    "const": "`const` declares a constant at the top of the file; inside a rule write `let NAME = VALUE`",
    "switch": "Mire has no `switch`: use `if`, `elif` and `else`",
    "match": "Mire has no `match`: use `if`, `elif` and `else`",
}
_OPERATOR_WORDS = ("and", "or", "not", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "//", "%", "..", "in",
                   "of", "where", "while", "until", "=", "+=", "-=", ",")


def _token_word(name: str, literals: dict) -> str:
    if name in _TOKEN_WORDS:
        return _TOKEN_WORDS[name]
    lit = literals.get(name)
    if lit is not None:
        return f"'{lit}'"
    return f"'{name.lower()}'" if name.isupper() and not name.startswith("_") else name


def _describe_token(tok) -> str:
    if tok.type in ("_NL", "_INDENT", "_DEDENT", "$END"):
        return _TOKEN_WORDS[tok.type]
    if tok.type == "STRING":
        return f"the string {tok}"
    if tok.type in ("INT", "SIGNED", "DECIMAL", "SIGNED_DECIMAL"):
        return f"the number {tok}"
    return f"'{tok}'"




def _expected_summary(expected, literals: dict) -> str | None:
    """A short phrase for what the parser wanted, or None when the set is too mixed to help."""
    exp = {e for e in expected if not e.startswith("__IGNORE")}
    if len(exp) > 1:
        exp.discard("_NL")  # LALR lookahead sets often add it where the line cannot end yet
    if {"LET", "PLACE", "MOVE", "IF"} <= exp:
        return "a statement (`place`, `move`, `if`, `x = ...`, ...)"
    if {"GAME", "BOARD", "ACTION", "PIECE"} <= exp:
        return "a declaration (`board`, `piece`, `zone`, `action`, ...)"
    if {"NAME", "INT", "STRING", "LPAR", "LSQB"} <= exp:
        return "a value (a name, a number, a string, '(' or '[')"
    if len(exp) <= 4:
        return _words(sorted({_token_word(e, literals) for e in exp}))
    return None


def _lines(source):
    """The lines as the parser counts them: only a newline ends a line."""
    return [line[:-1] if line.endswith("\r") else line for line in source.split("\n")]


def _indent(text: str) -> str:
    return text[:len(text) - len(text.lstrip(" \t"))]


def _tab_trouble(lines, no):
    """A hint when line `no` (1-based) and the code line above it mix tabs and spaces."""
    this = _indent(lines[no - 1]) if no <= len(lines) else ""
    above = ""
    for k in range(no - 2, -1, -1):
        if lines[k].strip() and not lines[k].strip().startswith("#"):
            above = _indent(lines[k])
            break
    chars = set(this) | set(above)
    if "\t" in chars and " " in chars:
        return ("this file mixes tabs and spaces in its indentation: Mire counts a tab as 4 spaces, so lines "
                "that look aligned in an editor may not be; indent with spaces only")
    return None


def _open_brackets(source, line, column):
    """The brackets still open just before (line, column): [(char, line, column), ...]."""
    stack = []
    for no, text in enumerate(_lines(source), 1):
        if no > line:
            break
        end = column - 1 if no == line else len(text)
        i, in_string = 0, False
        while i < min(end, len(text)):
            ch = text[i]
            if in_string:
                if ch == "\\":
                    i += 1
                elif ch == '"':
                    in_string = False
            elif ch == '"':
                in_string = True
            elif ch == "#":
                break
            elif ch in "([":
                stack.append((ch, no, i + 1))
            elif ch in ")]" and stack:
                stack.pop()
            i += 1
    return stack


def _point(path, line, column, width=1):
    return N.Span(path, line, column, line, column + width)


def _end_of_code(lines):
    """Where the last non-blank line of the file ends."""
    for no in range(len(lines), 0, -1):
        if lines[no - 1].strip():
            return no, len(lines[no - 1].rstrip()) + 1
    return 1, 1


def syntax_diagnostic(path: str, source: str, err: Exception, literals: dict) -> Diagnostic:
    """The diagnostic for a Lark parse error; `literals` maps a terminal's name to its fixed text (or None)."""
    lines = _lines(source)
    if isinstance(err, UnexpectedCharacters):
        return _bad_character(path, lines, err.line, err.column)
    if isinstance(err, UnexpectedToken):
        return _bad_token(path, source, lines, err, literals)
    if isinstance(err, UnexpectedEOF):
        no, col = _end_of_code(lines)
        return Diagnostic("E002", "the file ends in the middle of a rule", _point(path, no, col),
                          "finish the rule, or remove its unfinished start")
    if isinstance(err, UnexpectedInput):
        span = _point(path, getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1)
        return Diagnostic("E002", "this cannot be read as Mire", span, None)
    raise err


def _bad_character(path, lines, line, column) -> Diagnostic:
    text = lines[line - 1] if line <= len(lines) else ""
    ch = text[column - 1] if 0 < column <= len(text) else "?"
    rest = text[column - 1:]
    if ch == "'":
        close = rest.find("'", 1)
        if close > 0:
            inner = rest[1:close]
            return Diagnostic("E001", "strings are written with double quotes, not single quotes",
                              _point(path, line, column, close + 1), f'write "{inner}"')
        return Diagnostic("E001", "unexpected character \"'\"", _point(path, line, column),
                          'strings are written with double quotes: "like this"')
    if ch == '"':
        width = len(rest.rstrip())
        return Diagnostic("E001", "this string is never closed", _point(path, line, column, max(1, width)),
                          "end it with '\"' on the same line: a string cannot run over several lines")
    special = {
        "!": ("'!' is not a Mire operator", "write `not` to negate a condition (`not empty(c)`), and `!=` for "
                                            "\"is not equal to\""),
        "&": (f"'{'&&' if rest.startswith('&&') else '&'}' is not a Mire operator",
              "write `and` to combine conditions"),
        "|": (f"'{'||' if rest.startswith('||') else '|'}' is not a Mire operator",
              "write `or` to combine conditions"),
        ";": ("unexpected ';'", "a statement ends at the end of its line; remove the ';' and start a new line"),
        "{": ("unexpected '{'", "a block is the indented lines under a line that ends with ':', not braces"),
        "}": ("unexpected '}'", "a block is the indented lines under a line that ends with ':', not braces"),
        "\t": ("unexpected tab", "tabs may only indent a line; use spaces between words"),
    }
    if ch in special:
        message, hint = special[ch]
        width = 2 if rest[:2] in ("&&", "||") else 1
        return Diagnostic("E001", message, _point(path, line, column, width), hint)
    return Diagnostic("E001", f"unexpected character '{ch}'", _point(path, line, column),
                      "names are made of letters, digits and '_', strings are in double quotes, "
                      "and comments start with '#'")


@attrs.frozen
class _Spot:
    """Where the parser stopped, and what is around it: what each reading of a bad token looks at."""
    path: str
    source: str
    lines: list
    tok: Token
    expected: frozenset
    line: int
    col: int
    found: str  # the token in words
    text: str  # its line
    first: str  # the first word of its line
    literals: dict
    opened: list  # brackets still open there

    def point(self, width=1):
        return _point(self.path, self.line, self.col, width)

    def at_first_word(self):
        return _point(self.path, self.line, len(_indent(self.text)) + 1, len(self.first))

    @property
    def width(self):
        return _width(self.tok)

    @property
    def at_line_start(self):
        return self.col == len(_indent(self.text)) + 1


def _bad_token(path, source, lines, err, literals) -> Diagnostic:
    tok = err.token
    line = tok.line or err.line
    col = tok.column or err.column
    if tok.type == "_INDENT":
        return _unexpected_indent(path, lines, tok, line)
    found = _describe_token(tok)
    if tok.type == "$END":
        line, col = _end_of_code(lines)
        found = "the end of the file"
    text = lines[line - 1] if line and line <= len(lines) else ""
    first = text.split()[0].split("(")[0].rstrip(":") if text.split() else ""
    spot = _Spot(path, source, lines, tok, frozenset(err.expected or ()), line, col, found, text, first, literals,
                 _open_brackets(source, line, col))
    for reading in _READINGS:
        diag = reading(spot)
        if diag is not None:
            return diag
    return _general(spot)


def _unexpected_indent(path, lines, tok, line) -> Diagnostic:
    no = tok.end_line or line + 1
    width = max(1, len(_indent(lines[no - 1]) if no <= len(lines) else ""))
    hint = _tab_trouble(lines, no)
    if hint is None:
        above = next((lines[k] for k in range(no - 2, -1, -1) if lines[k].strip()
                      and not lines[k].strip().startswith("#")), "")
        hint = ("only the lines of a block, under a line that ends with ':', are indented; "
                "remove the indentation of this line")
        if above and not above.rstrip().endswith(":"):
            hint += " (or, if it belongs under the line above, end that line with ':')"
    return Diagnostic("E002", "unexpected indentation", _point(path, no, 1, width), hint)


def _filter_out_of_place(s: _Spot):
    """`where`, `while` or `until` where a filter cannot stand without parentheses."""
    word = str(s.tok)
    if s.tok.type not in ("WHERE", "WHILE", "UNTIL") or s.tok.type in s.expected:
        return None
    if s.first in ("if", "elif", "require", "until", "phase") or (s.first == "action" and word == "where"):
        hint = (f"a filter `x in LIST {word} CONDITION` is a list, not a condition: ask whether some value "
                f"passes with `any(x in LIST {word} CONDITION)`, or every one with `all(...)`")
    else:
        hint = (f"a filter `x in LIST {word} CONDITION` is one whole value: inside a larger expression put it in "
                f"parentheses, `(x in LIST {word} CONDITION)`, or name it first with `let`")
    return Diagnostic("E002", f"a filter cannot stand here without parentheses, found '{word}'", s.point(s.width),
                      hint)


def _unclosed_bracket(s: _Spot):
    if not s.opened:
        return None
    ch, oline, ocol = s.opened[-1]
    closer = _CLOSERS[ch]
    at_line_start = s.at_line_start and s.line > oline
    wrong_closer = s.tok.type in ("RPAR", "RSQB") and str(s.tok) != closer
    if s.tok.type in ("$END", "_NL", "_DEDENT", "COLON") or wrong_closer or at_line_start or (
            _CLOSER_TYPES[closer] in s.expected and len(s.expected) <= 3):
        where = "before the end of the file" if s.tok.type == "$END" else f"before {s.found}"
        return Diagnostic("E002", f"expected '{closer}' to close the '{ch}' at {oline}:{ocol}, found {s.found}",
                          s.point(s.width), f"add the missing '{closer}' {where}; every '{ch}' needs its '{closer}'")
    return None


def _file_ends(s: _Spot):
    if s.tok.type == "$END":
        return Diagnostic("E002", "the file ends in the middle of a rule", s.point(),
                          "finish the rule, or remove its unfinished start")
    return None


def _else_if(s: _Spot):
    if s.tok.type == "IF" and s.text[:s.col - 1].rstrip().endswith("else"):
        start = s.text[:s.col - 1].rstrip().rfind("else") + 1
        return Diagnostic("E002", "`else if` is written `elif` in Mire",
                          N.Span(s.path, s.line, start, s.line, s.col + 2), "write `elif CONDITION:`")
    return None


def _foreign_word(s: _Spot):
    in_rule = bool(_indent(s.text))
    if s.first in _FOREIGN and (in_rule or s.first not in ("var", "const")) and s.col > len(_indent(s.text)) + 1:
        return Diagnostic("E002", f"'{s.first}' is not a Mire statement", s.at_first_word(), _FOREIGN[s.first])
    return None


def _stray_closer(s: _Spot):
    if s.tok.type in ("RPAR", "RSQB") and not s.opened:
        return Diagnostic("E002", f"this '{s.tok}' closes nothing", s.point(),
                          f"remove it, or add the '{'(' if s.tok == ')' else '['}' it should close")
    return None


def _lone_else(s: _Spot):
    tok = s.tok
    if (tok.type in ("ELSE", "ELIF") or (tok.type == "NAME" and tok in ("else", "elif"))) and s.at_line_start:
        return Diagnostic("E002", f"`{tok}` without an `if` before it", s.point(s.width),
                          f"`{tok}` follows the block of an `if` (or `elif`), at the same indentation as that `if`")
    return None


def _equals_for_comparison(s: _Spot):
    if s.tok.type == "EQUAL" and "EQUAL" not in s.expected and s.first in (
            "if", "elif", "require", "win", "lose", "action", "phase", "for", "choose", "def"):
        return Diagnostic("E002", "expected a comparison, found '='", s.point(),
                          "to compare two values write `==`; a single `=` sets a variable, on a line of its own "
                          "(`x = 1`)")
    return None


def _dashed_name(s: _Spot):
    text, col = s.text, s.col
    if s.tok.type == "MINUS" and col > 1 and (text[col - 2:col - 1].isalnum() or text[col - 2:col - 1] == "_") \
            and text[col:col + 1].isalpha():
        tail = re.search(r"\w*$", text[:col - 1])
        word = re.match(r"[\w-]+", text[len(text[:col - 1]) - len(tail.group() if tail else ""):])
        name = word.group() if word else "a-b"
        return Diagnostic("E002", f"a name cannot contain '-': '{name}' reads as a subtraction", s.point(),
                          f"write '{name.replace('-', '_')}'")
    return None


def _block_not_indented(s: _Spot):
    lines = s.lines
    above_no = next((k for k in range(s.line - 1, 0, -1) if lines[k - 1].strip()
                     and not lines[k - 1].strip().startswith("#")), None)
    if (above_no is not None and lines[above_no - 1].split("#")[0].rstrip().endswith(":")
            and s.at_line_start and s.tok.type not in ("_NL", "_INDENT", "_DEDENT", "$END")
            and len(_indent(s.text).expandtabs(4)) <= len(_indent(lines[above_no - 1]).expandtabs(4))):
        return Diagnostic("E002", f"expected an indented block after the ':' on line {above_no}, found {s.found}",
                          s.point(s.width), f"indent the lines of the block by 4 spaces more than line {above_no}")
    return None


def _misspelt(s: _Spot):
    misspelt = _misspelt_keyword(s.first, s.text)
    if not misspelt:
        return None
    if misspelt in _FORMS:
        hint = f"`{misspelt}` is written {_FORMS[misspelt]}"
    elif misspelt in DECLARATION_WORDS:
        hint = "a declaration starts with a keyword such as `board`, `piece`, `zone` or `action`"
    else:
        hint = "a statement starts with a keyword such as `place`, `move` or `if`, or is an assignment or a call"
    return Diagnostic("E002", f"unknown keyword '{s.first}' (did you mean '{misspelt}'?)", s.at_first_word(), hint)


def _misspelt_word(s: _Spot):
    """A name where no name may stand, that is nearly a keyword that may: `cells wher empty(c)`."""
    tok = s.tok
    if tok.type not in ("NAME", "GAME_NAME") or "NAME" in s.expected or s.at_line_start:
        return None
    words = sorted({w for t in s.expected if isinstance(w := s.literals.get(t), str) and w.isidentifier()})
    close = difflib.get_close_matches(str(tok), words, n=1, cutoff=0.75)
    if not close:
        return None
    return Diagnostic("E002", f"unknown word '{tok}' (did you mean '{close[0]}'?)", s.point(s.width),
                      f"{_FORMS[s.first]}" if s.first in _FORMS else f"write '{close[0]}'")


def _enum_value_not_a_name(s: _Spot):
    """`enum rank: A, 2, 3` or `enum rank: "A", "10"`: an enum's values are names."""
    words = s.text.split()
    head = words[1:3] if words[:1] == ["replace"] else words[:2]
    if head[:1] != ["enum"] or len(head) < 2 or ":" not in s.text:
        return None
    if s.tok.type not in ("INT", "SIGNED", "DECIMAL", "SIGNED_DECIMAL", "STRING") or "NAME" not in s.expected:
        return None
    text = str(s.tok)
    inner = text[1:-1] if s.tok.type == "STRING" else text
    if s.tok.type == "STRING" and inner.isidentifier():
        return Diagnostic("E002", "an enum value is a name, written without quotes", s.point(s.width),
                          f"write {inner}")
    enum = head[1].rstrip(":")
    values = [v.strip().strip('"') for v in s.text.split("#")[0].split(":", 1)[1].split(",") if v.strip()]
    shown = [f'"{v}"' for v in values]
    if len(shown) > 8:
        shown = shown[:4] + ["..."] + shown[-2:]
    what = "a text" if s.tok.type == "STRING" else "a number"
    digits = inner.lstrip("-")
    name = _NUMBER_NAMES[int(digits)] if digits.isdigit() and int(digits) < len(_NUMBER_NAMES) else \
        f"n{digits.replace('.', '_')}"
    return Diagnostic("E002", f"an enum value is a name, and {text} is {what}", s.point(s.width),
                      f"the rules write an enum's values as they are, and there {text} would be {what}: name the "
                      f"value (`{name}`), or make the attribute a text, written in quotes: `piece card({enum}: text)`"
                      f", `pieces card: each {enum} in [{', '.join(shown)}]` and `c.{enum} == \"{inner}\"`")


_NUMBER_NAMES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def _each_without_brackets(s: _Spot):
    """`pieces card: each rank in "A", "B"`: the values of an `each` are a list in brackets."""
    if s.first != "pieces":
        return None
    if "LSQB" in s.expected and s.tok.type in ("STRING", "DECIMAL", "SIGNED_DECIMAL"):
        message = f"expected '[' before {s.found}"
    elif s.tok.type == "COMMA" and any(s.literals.get(e) == ".." for e in s.expected):  # `each n in 1, 2, 3`
        message = "expected '..' or a list in brackets, found ','"
    else:
        return None
    return Diagnostic("E002", message, s.point(s.width),
                      "the values of an `each` are a list in brackets, `each rank in [\"A\", \"B\"]`, a range of "
                      "whole numbers, `each rank in 1..13`, or an enum's name")


def _missing_value(s: _Spot):
    before = s.text[:s.col - 1].rstrip()
    op = next((o for o in sorted(_OPERATOR_WORDS, key=len, reverse=True) if before.endswith(o)
               and (not o[-1].isalpha() or not before[:-len(o)][-1:].isalnum())), None)
    if op and op != "," and s.tok.type in ("_NL", "COLON", "RPAR", "RSQB", "COMMA"):
        return Diagnostic("E002", f"expected a value after '{op}', found {s.found}", s.point(s.width),
                          f"'{op}' needs a value on its right")
    return None


def _if_in_comprehension(s: _Spot):
    """`[x for c in l if ...]`, as Python writes it: Mire's comprehension filters with `where`."""
    before = s.text[:s.col - 1]
    opened = before.rfind("[")
    if str(s.tok) != "if" or opened < 0 or " for " not in before[opened:]:
        return None
    return Diagnostic("E002", "a comprehension keeps the values it wants with `where`, not `if`", s.point(s.width),
                      "write `[VALUE for NAME in LIST where CONDITION]`: `if` belongs to `A if CONDITION else B` "
                      "and to the `if` statement")


def _line_ends_early(s: _Spot):
    if s.tok.type != "_NL":
        return None
    if "COLON" in s.expected:
        return Diagnostic("E002", "expected ':' at the end of this line", s.point(),
                          "a line that opens a block (`action`, `trigger`, `phase`, `setup`, `if`, `for`, "
                          "`choose`, ...) ends with ':', and the block's lines follow, indented")
    want = _expected_summary(s.expected, s.literals)
    keyword = s.first if s.first in _FORMS else None
    return Diagnostic("E002", f"this line ends too early{': expected ' + want if want else ''}", s.point(),
                      f"`{keyword}` is written {_FORMS[keyword]}" if keyword
                      else "finish the line, or join it to the next one")


def _empty_block(s: _Spot):
    if "_INDENT" not in s.expected:
        return None
    if s.tok.type == "_DEDENT":
        at = s.col - 1 if s.text[s.col - 2:s.col - 1] == ":" else s.col
        return Diagnostic("E002", "the block after this ':' is empty", _point(s.path, s.line, at),
                          "write its lines under it, indented by 4 spaces more; `pass` is a line that does nothing")
    return Diagnostic("E002", f"expected an indented block, found {s.found}", s.point(s.width),
                      "the lines of a block go under the line that ends with ':', indented by 4 spaces")


_READINGS = (_if_in_comprehension, _filter_out_of_place, _unclosed_bracket, _file_ends, _else_if, _foreign_word,
             _stray_closer, _lone_else, _equals_for_comparison, _dashed_name, _block_not_indented, _misspelt,
             _misspelt_word, _enum_value_not_a_name,
             _each_without_brackets, _missing_value,
             _line_ends_early, _empty_block)


def _general(s: _Spot) -> Diagnostic:
    """No particular reading fits: say what was expected, and how the line's keyword is written."""
    keyword = s.first if s.first in _FORMS and s.col > len(_indent(s.text)) + 1 else None
    form: str | None
    if keyword == "remove" and not _indent(s.text):
        form = "`remove KIND NAME` in a variant (KIND: action, trigger, proc, def, option, var, const, board, " \
               "zone, enum or phase)"
    elif keyword == "remove":
        form = "`remove PIECE`"
    else:
        form = _FORMS.get(keyword) if keyword else None
    block_words = ("if", "elif", "else", "for", "repeat", "while", "choose", "action", "trigger", "phase", "proc",
                   "setup")
    if "COLON" in s.expected and keyword in block_words and ":" not in s.text[:s.col - 1]:
        return Diagnostic("E002", f"expected ':' before {s.found}", s.point(s.width), f"{form}")
    want = _expected_summary(s.expected, s.literals)
    if want and len(s.expected) > 3 and keyword:
        want = None  # a long list mixes in what other rules would take here: the form says it better
    message = f"expected {want}, found {s.found}" if want else f"unexpected {s.found}"
    hint = None
    tok = s.tok
    if tok.type == "NAME" and tok in STATEMENT_WORDS + DECLARATION_WORDS:
        hint = f"'{tok}' is a keyword: it cannot be used as a name here"
    elif tok.type == "_DEDENT":
        hint = "the block ended before this rule was complete"
    elif form:
        hint = f"`{keyword}` is written {form}"
    elif tok.type == "COLON" and "COLON" not in s.expected:
        hint = "':' ends the first line of a block, and separates a board's name from its shape"
    return Diagnostic("E002", message, s.point(s.width), hint)


def _width(tok) -> int:
    if tok.type in ("_NL", "_INDENT", "_DEDENT", "$END") or not tok.end_column or tok.end_line != tok.line:
        return 1
    return max(1, tok.end_column - tok.column)


def _misspelt_keyword(first, text):
    """The keyword that the line's first word looks like a typo of, if the error is on that line."""
    if not first.isidentifier() or first in STATEMENT_WORDS + DECLARATION_WORDS:
        return None
    rest = text.strip()[len(first):].lstrip()
    if not rest or rest[0] in "=.(+-" and not rest.startswith("(") or rest.startswith(("+=", "-=")):
        return None  # an assignment or a call: the first word is a name
    close = difflib.get_close_matches(first, DECLARATION_WORDS + STATEMENT_WORDS, n=1, cutoff=0.75)
    return close[0] if close else None


def dedent_diagnostic(path: str, source: str, err: DedentError) -> Diagnostic:
    # Lark does not say where; find the first line whose indentation matches no open block.
    stack = [0]
    lines = _lines(source)
    for no, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = _indent(raw)
        width = indent.count(" ") + 4 * indent.count("\t")
        if width > stack[-1]:
            stack.append(width)
            continue
        open_widths = list(stack)
        while width < stack[-1]:
            stack.pop()
        if width != stack[-1]:
            hint = _tab_trouble(lines, no)
            if hint is None:
                levels = _words([str(w) for w in sorted(set(open_widths), reverse=True)])
                hint = (f"the blocks open here are indented by {levels} spaces: indent this line like the "
                        "lines of the block it belongs to")
            return Diagnostic("E007", f"this line is indented by {width} spaces, which matches no enclosing "
                                      "block", N.Span(path, no, 1, no, max(2, len(indent) + 1)), hint)
    return Diagnostic("E007", "inconsistent indentation", N.Span(path, 1, 1, 1, 2),
                      "indent every line of a block by the same amount, with spaces")
