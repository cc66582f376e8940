"""`mire fmt`: one canonical layout for rules files, which never changes what a file means.

The layout, as the code below makes it:

* Blocks are indented 4 spaces a level; tabs become spaces. Trailing spaces go; the file ends with one newline.
* One space around the operators `= += -= == != < <= > >= + - * / %`, after `,` and `:`, and between words;
  none inside brackets, before `,` and `:`, around `.` and `..`, after a unary `-`, nor between a name and the
  `(` or `[` of a call or an index (`count(x)`, `row[1]`).
* Lines are never joined or split: a line broken inside `( )` or `[ ]` stays broken where the author broke
  it, and its continuation lines line up under the first thing after the open bracket (or 4 spaces further
  than the bracket's line, when the bracket ends its line); a continuation line indented deeper than that
  keeps its extra indentation (it usually shows the structure of a long expression), and a closing bracket
  that starts a line lines up with the start of the bracket's line. A line continued with `\\` keeps its
  `\\`, and its next line is indented 4 spaces more than the line it continues (plus any extra the author gave).
* The rows of a `pieces KIND:` table are aligned in columns, two spaces apart.
* Comments stay where they are: a comment at the end of a line stays there, two spaces after the code; a
  comment on a line of its own takes the indentation of the block it sits in (of the next line, or of a
  deeper block that it is indented into).
* Blank lines: never two in a row, none at the start or end of the file or at the start of a block (blank
  lines inside brackets go too). An item that has a block (`setup`, `proc`, `phase`, `action`, `trigger`,
  a `pieces` table, ...) is set apart from the items around it by one blank line, above the comments just
  before it. Between one-line items (`board`, `zone`, `def`, ...) the author's blank lines (at most one) are
  kept: they group the declarations.

The layout is built on the parser's own tokens (those `lexing.source_tokens` gives, kept by the one parse of the
source that also gives its AST), and the result is parsed again:
if its AST differs from the original's (spans apart), `FormatError` is raised and nothing is written.
Every step takes time in proportion to the file (untrusted input: docs/language.md "Safety"), and none
recurses on the AST: a file the parser reads, however deep its expressions, is formatted.
"""
from __future__ import annotations

import re
from typing import Optional

import attrs

from . import nodes as N
from .dump import dump
from .lexing import COMMENT, MULTI_WORD, NEWLINE, source_tokens
from .parser import parse

INDENT = 4
TAB = 4
OPEN = ("(", "[")
CLOSE = (")", "]")
VALUE_TYPES = ("NAME", "INT", "SIGNED", "DECIMAL", "SIGNED_DECIMAL", "STRING", "GAME_NAME")
TIGHT_BEFORE = (",", ":", ")", "]", ".", "..")
TIGHT_AFTER = ("(", "[", ".", "..")


class FormatError(Exception):
    """The formatter would have changed the meaning of a file (a bug in the formatter)."""


def format_source(source: str, path: str = "<rules>") -> str:
    """The canonically laid out text of a rules file. Raises MireError (with diagnostics) when the file does
    not parse, and FormatError if the result would not mean the same as the source."""
    tokens: list = []
    module = parse(source, path, tokens)  # (the tokens of this same parse: the file is read once)
    text = source if source.endswith("\n") else source + "\n"
    result = _Formatter(text, tokens).run()
    if result != source and not same_meaning(parse(result, path), module):
        raise FormatError(f"{path}: formatting would change what the file means; it was left as it is")
    return result


_POSITION = re.compile(r" @\d+:\d+|Span\(line=\d+, column=\d+, end_line=\d+, end_column=\d+\)")


def meaning(module) -> str:
    """The AST as text without its source positions: two files that mean the same give the same text.
    (It recurses as deep as the AST: for a file of any depth, use `same_meaning`.)"""
    return _POSITION.sub("", dump(module))


def same_meaning(a, b) -> bool:
    """Whether two ASTs are the same but for their source positions (what `meaning` compares), walked with a
    stack of their own, not Python's: an expression 1,000 terms long is as deep as that."""
    todo = [(a, b)]
    while todo:
        x, y = todo.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, N.Span):
            continue  # where a thing was written (a table cell's span, as well as every node's)
        if isinstance(x, N.Node):
            todo.extend((getattr(x, f.name), getattr(y, f.name)) for f in attrs.fields(type(x)) if f.name != "span")
        elif isinstance(x, (list, tuple)):
            if len(x) != len(y):
                return False
            todo.extend(zip(x, y))
        elif x != y:
            return False
    return True


# ---------------------------------------------------------------- what the tokens say


@attrs.define
class _Segment:
    """One physical line of a logical line."""
    tokens: list = attrs.Factory(list)
    comment: Optional[str] = None  # at the end of the line
    notes: list = attrs.Factory(list)  # comment lines just above this one, inside brackets


@attrs.define
class _Line:
    """A logical line: one statement or declaration line, however many physical lines it takes."""
    depth: int
    segments: list = attrs.Factory(list)
    opens_block: bool = False
    item_start: bool = False
    row_widths: Optional[list] = None  # set for the rows of a `pieces` table


@attrs.frozen
class _Comment:
    text: str
    column: int  # where the author put it (tabs expanded)


BLANK = None  # a blank line, among the comment lines of a gap


@attrs.define
class _Gap:
    """What lies between two logical lines: blank lines and comment lines."""
    entries: list = attrs.Factory(list)
    indents: tuple = ()  # the original indentation columns of the open blocks, before the next line


class _Formatter:
    def __init__(self, text: str, tokens: Optional[list] = None):
        self.text = text
        self.tokens = tokens  # those of `text` (`lexing.source_tokens`), when its parse kept them
        self.source_lines = text.split("\n")
        self.tab_columns: dict = {}  # line number -> the screen column of each character, for lines with tabs
        self.lines: list = []
        self.gaps: list = []  # gaps[i] comes before lines[i]; one more gap at the end
        self.paren = 0  # while reading: how many brackets are open
        self.stack: list = [0]  # and the indentation of each open block
        self.gap = _Gap()
        self.current: Optional[_Line] = None
        self.next_indent = 0

    # ------------------------------------------------------------ reading
    def column(self, tok) -> int:
        """The 0-based screen column of a token in the source (tabs expanded). Once a line, not once a token,
        is its text walked: a line can hold 100,000 tokens."""
        columns = self.tab_columns.get(tok.line)
        if columns is None:
            line = self.source_lines[tok.line - 1]
            if "\t" not in line:
                return tok.column - 1
            columns = self.tab_columns[tok.line] = _screen_columns(line)
        return columns[tok.column - 1]

    def run(self) -> str:
        self.read(source_tokens(self.text) if self.tokens is None else self.tokens)
        self.mark_structure()
        return self.write()

    def read(self, tokens):
        self.gap = _Gap(indents=(0,))
        prev = None
        for tok in tokens:
            if tok.type == COMMENT:  # a comment the lexer read on its own: it ends a line
                if self.current is not None:
                    self.current.segments[-1].comment = tok.value.rstrip()
                else:
                    self.gap.entries.append(_Comment(tok.value.rstrip(), self.column(tok)))
            elif tok.type == NEWLINE:
                self.read_newline(tok)
            else:
                self.read_code(tok, prev)
                prev = tok
        if self.current is not None:
            self.lines.append(self.current)
            self.gaps.append(self.gap)
            self.gap = _Gap(indents=tuple(self.stack))
        self.gaps.append(self.gap)

    def read_newline(self, tok):
        """A line break, with the comments and blank lines it holds."""
        parts = tok.value.replace("\r", "").split("\n")
        current = self.current
        if self.paren > 0 and current is not None:  # inside brackets: the logical line goes on
            seg = current.segments[-1]
            if parts[0].strip():
                seg.comment = parts[0].rstrip()
            current.segments.append(_Segment(notes=[p.strip() for p in parts[1:-1] if p.strip()]))
            return
        if current is not None:
            if parts[0].strip():
                current.segments[-1].comment = parts[0].rstrip()
            self.lines.append(current)
            self.gaps.append(self.gap)
            self.current = None
            interior = parts[1:-1]
            self.gap = _Gap(indents=tuple(self.stack))
        else:  # line breaks before the first line: every part is a whole line
            interior = parts[:-1]
        for part in interior:
            body = part.lstrip(" \t")
            if body.startswith("#"):
                indent = part[:len(part) - len(body)]
                self.gap.entries.append(_Comment(body.rstrip(), len(indent.expandtabs(TAB))))
            else:
                self.gap.entries.append(BLANK)
        self.next_indent = len(parts[-1].expandtabs(TAB))

    def read_code(self, tok, prev):
        if self.current is None:  # a new logical line: its depth, as the indentation post-lexer counts it
            if self.next_indent > self.stack[-1]:
                self.stack.append(self.next_indent)
            while self.next_indent < self.stack[-1]:
                self.stack.pop()
            self.current = _Line(len(self.stack) - 1, [_Segment()])
        elif self.current.segments[-1].tokens and tok.line > prev.end_line:
            self.current.segments.append(_Segment())  # continued after a `\` (or inside brackets)
        self.current.segments[-1].tokens.append(tok)
        if tok.value in OPEN:
            self.paren += 1
        elif tok.value in CLOSE:
            self.paren -= 1

    def mark_structure(self):
        lines = self.lines
        phase_open = False
        for i, line in enumerate(lines):
            nxt = lines[i + 1] if i + 1 < len(lines) else None
            line.opens_block = nxt is not None and nxt.depth > line.depth
            first = line.segments[0].tokens[0]
            if line.depth == 0:
                line.item_start = True
                phase_open = first.type == "PHASE"
            elif line.depth == 1 and phase_open:
                line.item_start = True
        # the rows of `pieces KIND ...:` tables, aligned in columns
        for i, line in enumerate(lines):
            tokens = line.segments[0].tokens
            if not (line.opens_block and tokens[0].type == "PIECES" and tokens[-1].value == ":"):
                continue
            rows = []
            for k in range(i + 1, len(lines)):  # (not a copy of every line after each table)
                row = lines[k]
                if row.depth <= line.depth:
                    break
                if len(row.segments) == 1:
                    rows.append(row)
            widths: list = []
            for row in rows:
                for k, tok in enumerate(row.segments[0].tokens):
                    if k == len(widths):
                        widths.append(0)
                    widths[k] = max(widths[k], len(tok.value))
            for row in rows:
                row.row_widths = widths

    # ------------------------------------------------------------ writing
    def write(self) -> str:
        out: list = []
        item_bodies: dict = {}  # depth -> whether the last item at that depth had a block
        for i, line in enumerate(self.lines):
            prev = self.lines[i - 1] if i else None
            entries = self.gap_entries(self.gaps[i], prev, line)
            if line.item_start and prev is not None and not prev.opens_block:
                if line.opens_block or item_bodies.get(line.depth, False):
                    entries = _blank_above_comments(entries, line.depth)
            out.extend(entries)
            out.extend(self.write_line(line))
            if line.item_start:
                item_bodies[line.depth] = line.opens_block
                for deeper in [d for d in item_bodies if d > line.depth]:
                    del item_bodies[deeper]
        out.extend(self.gap_entries(self.gaps[-1], self.lines[-1] if self.lines else None, None))
        text_lines: list = []
        for entry in out:
            if entry is BLANK:
                if text_lines and text_lines[-1] != "":
                    text_lines.append("")
            elif isinstance(entry, _IndentedComment):
                text_lines.append(" " * (INDENT * entry.depth) + entry.text)
            else:
                text_lines.append(entry.rstrip())
        while text_lines and text_lines[-1] == "":
            text_lines.pop()
        return "\n".join(text_lines) + "\n"

    def gap_entries(self, gap: _Gap, before: Optional[_Line], after: Optional[_Line]) -> list:
        """The blank lines and indented comment lines between two logical lines."""
        start, end = 0, len(gap.entries)  # (cut by index: 900,000 blank lines cost no more than one pass)
        if before is None or before.opens_block:
            while start < end and gap.entries[start] is BLANK:
                start += 1
        if after is None:
            while end > start and gap.entries[end - 1] is BLANK:
                end -= 1
        entries = gap.entries[start:end]
        low = after.depth if after is not None else 0
        high = before.depth if before is not None else 0
        out: list = []
        for entry in entries:
            if entry is BLANK:
                if out and out[-1] is BLANK:
                    continue
                out.append(BLANK)
                continue
            if before is not None and before.opens_block:
                depth = low
            else:  # the deepest open block that the comment is indented into
                depth = low
                for d in range(low, high + 1):
                    if d < len(gap.indents) and gap.indents[d] <= entry.column:
                        depth = d
            out.append(_IndentedComment(entry.text, depth))
        return out

    def write_line(self, line: _Line) -> list:
        indent = INDENT * line.depth
        if line.row_widths is not None:
            seg = line.segments[0]
            cells = [_text(t) for t in seg.tokens]
            text = " " * indent + "  ".join(c.ljust(w) for c, w in zip(cells, line.row_widths)).rstrip()
            return [text + (f"  {seg.comment}" if seg.comment else "")]
        out: list = []
        brackets: list = []
        first_tok = line.segments[0].tokens[0]
        line_new, line_orig = indent, self.column(first_tok)
        prev = before_prev = None
        text = ""
        for si, seg in enumerate(line.segments):
            if not seg.tokens:
                continue
            head = seg.tokens[0]
            if si == 0:
                col = indent
            elif brackets:
                top = brackets[-1]
                if top.pending:  # the bracket ended its line: a hanging indent
                    top.new_content, top.orig_content, top.pending = top.new_start + INDENT, \
                        top.orig_start + INDENT, False
                if head.value in CLOSE:
                    col = top.new_start
                else:
                    col = top.new_content + max(0, self.column(head) - top.orig_content)
            else:  # continued after a `\`
                out[-1] = out[-1] + " \\"
                col = line_new + INDENT + max(0, self.column(head) - (line_orig + INDENT))
            out.extend(" " * col + note for note in seg.notes)
            text = " " * col
            seg_new, seg_orig = col, self.column(head)
            for k, tok in enumerate(seg.tokens):
                if k > 0:
                    text += _space(before_prev, prev, tok)
                if brackets and brackets[-1].pending:
                    brackets[-1].new_content, brackets[-1].orig_content = len(text), self.column(tok)
                    brackets[-1].pending = False
                text += _text(tok)
                if tok.value in OPEN:
                    brackets.append(_Bracket(seg_new, seg_orig))
                elif tok.value in CLOSE and brackets:
                    brackets.pop()
                before_prev, prev = prev, tok
            if seg.comment:
                text += f"  {seg.comment}"
            out.append(text)
        return out


@attrs.define
class _Bracket:
    new_start: int  # where the line holding the bracket starts, in the new text and in the source
    orig_start: int
    new_content: int = 0  # where the bracket's continuation lines line up
    orig_content: int = 0
    pending: bool = True  # until the token after the bracket is seen


@attrs.frozen
class _IndentedComment:
    text: str
    depth: int


def _blank_above_comments(entries: list, depth: int) -> list:
    """The gap with one blank line above the comment lines that belong to the item below it."""
    at = len(entries)
    while at > 0 and isinstance(entries[at - 1], _IndentedComment) and entries[at - 1].depth == depth:
        at -= 1
    if at > 0 and entries[at - 1] is BLANK:
        return entries
    return entries[:at] + [BLANK] + entries[at:]


def _screen_columns(line: str) -> list:
    """For each character of a line (and its end), the length of the line before it with its tabs expanded
    (`len(line[:i].expandtabs(TAB))`: a tab stop counts from the last `\\r` too, as expandtabs counts it)."""
    columns: list = []
    length = col = 0
    for ch in line:
        columns.append(length)
        width = TAB - col % TAB if ch == "\t" else 1
        length += width
        col = 0 if ch == "\r" else col + width
    columns.append(length)
    return columns


def _text(tok) -> str:
    if tok.type in MULTI_WORD:
        return " ".join(tok.value.split())
    return tok.value


def _ends_value(tok) -> bool:
    return tok is not None and (tok.type in VALUE_TYPES or tok.value in CLOSE)


def _space(before_prev, prev, tok) -> str:
    if prev.value in TIGHT_AFTER or tok.value in TIGHT_BEFORE:
        return ""
    if tok.value in OPEN and _ends_value(prev):
        return ""  # a call or an index
    if prev.value == "-" and not _ends_value(before_prev):
        return ""  # a unary minus
    return " "
