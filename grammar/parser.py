"""Text -> Lark parse tree -> AST. Syntax errors become diagnostics (syntax_errors.py), never tracebacks."""
from __future__ import annotations

import ast as _pyast
import hashlib
import io
import marshal
import os
import pickle
import re
from fractions import Fraction
from typing import Any, Optional, cast

import attrs
import lark
from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedInput, VisitError
from lark.indenter import DedentError, Indenter
from lark.lexer import PatternStr

from . import nodes as N
from .diagnostics import Diagnostic, MireError
from .limits import MAX_DIGITS, MAX_SYNTAX_ERRORS
from .types import Visibility
from .wording import UNSAFE


class _MireIndenter(Indenter):
    """The post-lexer: indentation becomes _INDENT and _DEDENT tokens, and line breaks inside brackets go.

    While `sink` is a list (`parse(..., tokens=[])`), it also keeps every token the lexer reads, before the
    line breaks inside brackets are dropped, and (through the lexer's callback `comment`) each comment read on
    its own, which the grammar ignores: what the formatter and the editor tools read, from the one parse."""
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4

    def __init__(self):
        super().__init__()
        self.sink: Optional[list] = None

    def process(self, stream):
        if self.sink is not None:
            stream = _recorded(stream, self.sink)
        return super().process(stream)

    def comment(self, token: Token) -> Token:
        if self.sink is not None:
            self.sink.append(token)
        return token


def _recorded(stream, sink: list):
    for token in stream:
        sink.append(token)
        yield token


_PARSER: list = []
# the parser's tables, built from mire.lark ahead of time (`python -m mire.regenerate` writes them again):
# building them takes most of a cold `mire check`
TABLES = "mire.lark.tables"
# the grammar and its tables are files beside this module, read as files (importlib.resources, and what it
# imports, took longer than the reading)
_HERE = os.path.dirname(os.path.abspath(__file__))
_OPTIONS = dict(parser="lalr", start=["start", "expr"], propagate_positions=True, maybe_placeholders=True)


def lark_parser() -> Lark:
    """The Lark parser of the grammar (mire.lark), for whole files (`start`) and expressions (`expr`), made
    once a process: from the tables kept beside the grammar while they are the grammar's (and this Lark's),
    else built."""
    if not _PARSER:
        text = _grammar_text()
        indenter = _MireIndenter()
        _PARSER.append(_kept_parser(text, indenter)
                       or Lark(text, postlex=indenter, lexer_callbacks={"COMMENT": indenter.comment}, **_OPTIONS))
    return _PARSER[0]


def _grammar_text() -> str:
    with open(os.path.join(_HERE, "mire.lark"), encoding="utf-8") as f:
        return f.read()


def _kept_tables() -> dict:
    with open(os.path.join(_HERE, TABLES), "rb") as f:
        return marshal.loads(f.read())


def _tables_key(text: str) -> dict:
    return {"grammar": hashlib.sha256(text.encode("utf-8")).hexdigest(), "lark": lark.__version__}


def _kept_parser(text: str, indenter: Optional[_MireIndenter] = None):
    indenter = indenter or _MireIndenter()
    try:
        kept = _kept_tables()
        if kept.get("key") != _tables_key(text):
            return None
        return Lark.__new__(Lark)._load(kept["tables"], postlex=indenter, lexer_callbacks={"COMMENT": indenter.comment})
    except Exception:  # noqa: BLE001 - tables that cannot be read (another Lark, a damaged file): build them
        return None


def save_parser_tables(path) -> None:
    """Write the parser's tables for the grammar as it is (done after mire.lark changes)."""
    text = _grammar_text()
    buffer = io.BytesIO()
    Lark(text, postlex=_MireIndenter(), **_OPTIONS).save(buffer, exclude_options=("postlex",))
    tables = pickle.loads(buffer.getvalue())  # our own, just made: Lark saves with pickle
    with open(path, "wb") as f:
        f.write(marshal.dumps({"key": _tables_key(text), "tables": tables}))


def tables_match_grammar() -> bool:
    """Are the kept tables those of mire.lark as it is now?"""
    try:
        kept = _kept_tables()
    except (OSError, ValueError, EOFError, TypeError):
        return False
    return kept.get("key", {}).get("grammar") == _tables_key(_grammar_text())["grammar"]


def terminal_literals() -> dict:
    """Each terminal's fixed text ('==' for __ANON_2), or None for a pattern such as NAME."""
    return {t.name: t.pattern.value if isinstance(t.pattern, PatternStr) else None
            for t in lark_parser().terminals}




class SyntaxProblem(Exception):
    """A shape the grammar accepts but Mire does not (`1 = x`); becomes a diagnostic."""

    def __init__(self, code, message, span, hint=None):
        super().__init__(message)
        self.code, self.message, self.span, self.hint = code, message, span, hint


def unsafe_character(text: str):
    """The first character of `text` that must never reach a terminal (a control character, a lone
    surrogate, a character that reorders the text or shows nothing: wording.INVISIBLE), or None."""
    found = UNSAFE.search(text)
    return found.group() if found else None


@v_args(meta=True)
class _ToAst(Transformer):
    def __init__(self, path):
        super().__init__()
        self.path = path

    def _span(self, meta) -> N.Span:
        if getattr(meta, "empty", False):
            return N.nowhere(self.path)
        return N.Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tspan(self, tok: Token) -> N.Span:
        return N.Span(self.path, tok.line or 0, tok.column or 0, tok.end_line or 0, tok.end_column or 0)

    def _string(self, tok: Token) -> str:
        """A string literal's text: its escapes read, and nothing in it that could trouble a terminal."""
        try:
            text = _pyast.literal_eval(str(tok))
        except (ValueError, SyntaxError):
            raise SyntaxProblem("E008", "this text has an escape that Mire cannot read", self._tspan(tok),
                                "write \\\\ for a backslash and \\\" for a double quote; other escapes are "
                                "not needed in rules") from None
        bad = unsafe_character(text)
        if bad is not None:
            raise SyntaxProblem("E008", f"this text holds the character {ascii(bad)}, which a text may not hold",
                                self._tspan(tok), "a text is shown to players as it is: write it without control "
                                                  "characters, and with one line")
        return text

    def _int(self, tok: Token) -> int:
        digits = str(tok).lstrip("-")
        if len(digits) > MAX_DIGITS:
            raise SyntaxProblem("E070", f"this number has {len(digits)} digits, and a number in a rules file has "
                                        f"at most {MAX_DIGITS}", self._tspan(tok),
                                "games count pieces, turns and points: write a smaller number")
        return int(str(tok))

    def _decimal(self, tok: Token):
        """`7.5` as the exact number it is (fifteen halves); a whole one (`3.0`) is an int."""
        digits = str(tok).lstrip("-").replace(".", "")
        if len(digits) > MAX_DIGITS:
            raise SyntaxProblem("E070", f"this number has {len(digits)} digits, and a number in a rules file has "
                                        f"at most {MAX_DIGITS}", self._tspan(tok),
                                "games count pieces, turns and points: write a smaller number")
        value = Fraction(str(tok))
        return int(value) if value.denominator == 1 else value

    # ------------------------------------------------ declarations
    def start(self, meta, items):
        return N.Module(path=self.path, items=tuple(items), span=self._span(meta))

    def edition(self, meta, c):
        return N.Edition(number=int(c[0]), span=self._span(meta))

    def game(self, meta, c):
        return N.Game(title=self._string(c[0]), span=self._span(meta))

    def players(self, meta, c):
        low, high, names, facing = c
        low = self._int(low)
        return N.Players(low=low, high=self._int(high) if high is not None else low, names=tuple(names or ()),
                         facing=tuple(facing or ()), span=self._span(meta))

    def names(self, meta, c):
        return [str(t) for t in c]

    def first(self, meta, c):
        return N.First(who=str(c[0]), span=self._span(meta))

    def grid_shape(self, meta, c):
        return ("grid", c[0], c[1])

    def area_shape(self, meta, c):
        return ("area", *self._no_size(meta))

    def _no_size(self, meta) -> tuple:
        """The width and height of a board that is not a grid: 0 (what it holds says how large it is)."""
        span = self._span(meta)
        return N.Num(value=0, span=span), N.Num(value=0, span=span)

    def board_at(self, meta, c):
        return ("at", (c[0], c[1]))

    def board_labels(self, meta, c):
        return ("labels", str(c[0]))

    def board_per_player(self, meta, c):
        return ("per_player", True)

    def edges_shape(self, meta, c):
        return ("edges", *self._no_size(meta), str(c[0]))

    def corners_shape(self, meta, c):
        return ("corners", *self._no_size(meta), str(c[0]))

    def graph_shape(self, meta, c):
        return ("graph", *self._no_size(meta))

    def walls_shape(self, meta, c):
        return ("edges", *self._no_size(meta), str(c[0]), None, True)

    def hex_shape(self, meta, c):
        return ("hex", c[0], c[1], None, "rhombus")

    def hexagon_shape(self, meta, c):
        return ("hex", c[0], c[0], None, "hexagon")

    def triangle_shape(self, meta, c):
        return ("hex", c[0], c[0], None, "triangle")

    def graph_point(self, meta, c):
        name, x, y = c
        at = (self._int(x), self._int(y)) if x is not None else None
        return N.GraphPoint(name=str(name), at=at, span=self._span(meta))

    def graph_points(self, meta, c):
        return list(c)

    def graph_line(self, meta, c):
        return [N.GraphLine(points=tuple(str(t) for t in c), straight=True, span=self._span(meta))]

    def graph_link(self, meta, c):
        return [N.GraphLine(points=tuple(str(t) for t in c), straight=False, span=self._span(meta))]

    def graph_body(self, meta, c):
        return ("body", [x for item in c for x in item])

    def board_visibility(self, meta, c):
        return ("visibility", str(c[0]))

    def board_neighbors(self, meta, c):
        return ("neighbors", str(c[0]))

    def board_blocks(self, meta, c):
        return ("blocks", (c[0], c[1]))

    def board(self, meta, c):
        name, shape, *opts = c
        o = dict(x for x in opts if x is not None)
        body = o.get("body", [])
        return N.Board(name=str(name), shape=shape[0], width=shape[1], height=shape[2], at=o.get("at"),
                       labels=o.get("labels"), per_player=o.get("per_player", False),
                       of=shape[3] if len(shape) > 3 else None,
                       points=tuple(x for x in body if isinstance(x, N.GraphPoint)),
                       lines=tuple(x for x in body if isinstance(x, N.GraphLine)),
                       visibility=o.get("visibility"), outline=shape[4] if len(shape) > 4 else None,
                       walls=len(shape) > 5 and shape[5], neighbors=o.get("neighbors"),
                       blocks=o.get("blocks"),
                       span=self._span(meta))

    def enum(self, meta, c):
        return N.Enum(name=str(c[0]), values=tuple(c[1]), span=self._span(meta))

    def type(self, meta, c):
        return N.TypeRef(name=str(c[0]), of=None, span=self._span(meta))

    def list_type(self, meta, c):
        return N.TypeRef(name="list", of=c[0], span=self._span(meta))

    def attr(self, meta, c):
        name, typ, *flags, start = c
        words = {str(f) for f in flags if f is not None}
        value = self.row(meta, [start])[0] if start is not None else None
        return N.AttrDecl(name=str(name), type=typ, hidden="hidden" in words, key="key" in words,
                          mutable="mutable" in words, start=value, span=self._span(meta))

    def attrs(self, meta, c):
        return tuple(c)

    def kind(self, meta, c):
        return N.Kind(name=str(c[0]), attrs=tuple(c[1] or ()), covered_hidden=c[2] is not None,
                      span=self._span(meta))

    def row(self, meta, c):
        out = []
        for tok in c:
            value: object
            if tok.type == "STRING":
                value = self._string(tok)
            elif tok.type in ("INT", "SIGNED"):
                value = self._int(tok)
            elif tok.type in ("DECIMAL", "SIGNED_DECIMAL"):
                value = self._decimal(tok)
            else:
                value = str(tok)
            out.append((value, self._tspan(tok)))
        return tuple(out)

    def pieces_file(self, meta, c):
        return ("file", self._string(c[0]))

    def pieces_table(self, meta, c):
        return ("table", tuple(c))

    def pieces_product(self, meta, c):
        return ("combination", c[0])

    def combination(self, meta, c):
        each = tuple(x for x in c if isinstance(x, N.EachAttr))
        count = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "count"), None)
        where = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "where"), None)
        return N.Combination(each=each, count=count, where=where, span=self._span(meta))

    def combination_where(self, meta, c):
        return ("where", c[0])

    def each_attr(self, meta, c):
        name, values = c
        attr = (str(name), self._tspan(name))
        if values is None:
            return N.EachAttr(attr=attr, span=self._span(meta))
        return N.EachAttr(attr=attr, span=self._span(meta), **values)

    def values_list(self, meta, c):
        return {"values": self.row(meta, [tok for tok in c if tok is not None])}

    def values_range(self, meta, c):
        low, high = self.row(meta, c)
        return {"low": low, "high": high}

    def values_enum(self, meta, c):
        return {"enum": (str(c[0]), self._tspan(c[0]))}

    def copies(self, meta, c):
        return ("count", self.row(meta, c)[0])

    copies_alone = copies  # (`count N` alone: a rule of its own, so that nothing but the line's end may follow)

    def pieces(self, meta, c):
        kind, zone, each, body = c
        common: dict[str, Any] = dict(kind=str(kind), zone=str(zone) if zone else None, each_player=each is not None,
                      span=self._span(meta))
        if body[0] == "file":
            return N.Pieces(file=body[1], header=(), rows=(), **common)
        if body[0] == "combination":
            return N.Pieces(file=None, header=(), rows=(), combination=body[1], **common)
        rows = body[1]
        header = tuple(str(v) for v, _ in rows[0]) if rows else ()
        return N.Pieces(file=None, header=header, rows=tuple(rows[1:]), **common)

    def zone_per_player(self, meta, c):
        return ("per_player", True)

    def zone_visibility(self, meta, c):
        return ("visibility", str(c[0]))

    def zone_capacity(self, meta, c):
        return ("capacity", self._int(c[0]))

    def zone_size_hidden(self, meta, c):
        return ("size_hidden", True)

    def zone(self, meta, c):
        name, *opts = c
        o = dict(opts)
        return N.Zone(name=str(name), per_player=o.get("per_player", False),
                      visibility=o.get("visibility", "public"), capacity=o.get("capacity"),
                      size_hidden=o.get("size_hidden", False), span=self._span(meta))

    def var(self, meta, c):
        name, typ, init, per, visibility, internal = c
        return N.Var(name=str(name), type=typ, init=init, per_player=per is not None,
                     visibility=cast(Visibility, str(visibility)) if visibility is not None else "public",
                     internal=internal is not None,
                     span=self._span(meta))

    def const(self, meta, c):
        return N.Const(name=str(c[0]), value=c[1], span=self._span(meta))

    def def_(self, meta, c):
        names, types = _split_params(c[1])
        return N.Def(name=str(c[0]), params=names, param_types=types, body=c[2], span=self._span(meta))

    def def_block(self, meta, c):
        return N.DefBlock(body=tuple(c), span=self._span(meta))

    def proc(self, meta, c):
        names, types = _split_params(c[1])
        return N.Proc(name=str(c[0]), params=names, param_types=types, body=c[2], span=self._span(meta))

    def typed_names(self, meta, c):
        return list(c)

    def typed_name(self, meta, c):
        return (str(c[0]), c[1])

    def setup(self, meta, c):
        return N.Setup(body=c[0], span=self._span(meta))

    def param(self, meta, c):
        span = self._span(meta)
        message = self._template(self._string(c[3]), span) if c[3] is not None else None
        return N.Param(name=str(c[0]), domain=c[1], test=c[2], message=message, span=span)

    def params(self, meta, c):
        return tuple(c)

    def action(self, meta, c):
        fallback, name, params, each_turn, label, reveals, body = c
        span = self._span(meta)
        return N.Action(name=str(name), params=tuple(params or ()), body=body, fallback=fallback is not None,
                        phase=None, label=self._template(self._string(label), span) if label is not None else None,
                        reveals=reveals, span=span, by_itself=each_turn is not None)

    def reveals_nothing(self, meta, c):
        return ("nothing",)

    def reveals_action(self, meta, c):
        return ("action",)

    def reveals_names(self, meta, c):
        return tuple(c[0])

    def after_move(self, meta, c):
        return "after move"

    def turn_start(self, meta, c):
        return "turn start"

    def at_end(self, meta, c):
        return "end"

    def trigger(self, meta, c):
        return N.Trigger(name=str(c[0]), event=c[1], body=c[2], phase=None, span=self._span(meta))

    def phase(self, meta, c):
        name, until, *items = c
        inside = tuple(i.evolve(phase=str(name)) for i in items)
        return N.Phase(name=str(name), until=until, items=inside, span=self._span(meta))

    def stuck_rule(self, meta, c):
        return str(c[0])

    def stuck(self, meta, c):
        return N.Stuck(rule=c[0], reason=c[1], span=self._span(meta))

    def option(self, meta, c):
        name, value, description, uses = c
        valued = dict(zip(("type", "default", "low", "high"), value)) if value is not None else {}
        return N.Option(name=str(name), description=self._string(description) if description is not None else "",
                        uses=self._string(uses) if uses is not None else None, span=self._span(meta), **valued)

    def option_value(self, meta, c):
        return (c[0], self._int(c[1]), self._int(c[2]), self._int(c[3]))

    def show(self, meta, c):
        span = self._span(meta)
        return N.Show(kind=str(c[0]), label=self._template(self._string(c[1]), span), span=span)

    # ---- the display form (docs/language.md, "Display")
    def display(self, meta, c):
        return N.Display(lines=tuple(c), span=self._span(meta))

    def display_value(self, meta, c):
        return c

    def display_look(self, meta, c):
        return N.DisplayLook(word=str(c[0]), value=self._string(c[1]), span=self._span(meta))

    def display_player(self, meta, c):
        return N.DisplayLine(target="player", name=str(c[0]), looks=tuple(c[1:]), span=self._span(meta))

    def display_board(self, meta, c):
        return N.DisplayLine(target="board", name=str(c[0]), looks=tuple(c[1:]), span=self._span(meta))

    def display_spaces(self, meta, c):
        return N.DisplayLine(target="spaces", name=str(c[1]), spaces=tuple(c[0]), looks=tuple(c[2:]),
                             span=self._span(meta))

    def display_piece(self, meta, c):
        name, attr, value, *looks = c
        where = None
        if attr is not None:
            where = (str(attr), self.row(meta, [value[0]])[0][0])
        return N.DisplayLine(target="piece", name=str(name), where=where, looks=tuple(looks), span=self._span(meta))
    def show_name(self, meta, c):
        span = self._span(meta)
        return N.Show(kind=str(c[0]), label=self._template(self._string(c[1]), span), named=True, span=span)

    def about(self, meta, c):
        return N.About(text=" ".join(self._string(t).strip() for t in c), span=self._span(meta))

    def legend(self, meta, c):
        return N.Legend(term=self._string(c[0]), meaning=" ".join(self._string(t).strip() for t in c[1:]),
                        span=self._span(meta))

    def status(self, meta, c):
        span = self._span(meta)
        return N.Status(label=self._template(self._string(c[0]), span), when=c[1] if len(c) > 1 else None, span=span)

    def because(self, meta, c):
        return self._template(self._string(c[0]), self._span(meta))

    def input(self, meta, c):
        return N.Input(zone=str(c[0]), count=self._int(c[1]), kind=str(c[2]), source=str(c[3]), span=self._span(meta))

    def rank(self, meta, c):
        *keys, ties = c
        return N.Rank(keys=tuple(keys), ties_share=ties is not None, span=self._span(meta))

    def variant_base(self, meta, c):
        return N.VariantOf(base=str(c[0]), span=self._span(meta))

    def replace_item(self, meta, c):
        return N.ReplaceItem(item=c[0], span=self._span(meta))

    def remove_item(self, meta, c):
        return N.RemoveItem(kind=str(c[0]), name=str(c[1]), span=self._span(meta))

    # ------------------------------------------------ statements
    def block(self, meta, c):
        return tuple(c)

    def let_stmt(self, meta, c):
        return N.Let(name=str(c[0]), type=c[1], value=c[2], span=self._span(meta))

    def _assign(self, meta, c, op):
        target = c[0]
        base = target
        while isinstance(base, N.Index):  # `counts[i] = 0`: an item of a list held in a variable
            base = base.obj
        if not isinstance(base, (N.Name, N.Attr)):
            raise SyntaxProblem("E003", "this cannot be assigned to", target.span,
                                "assign to a variable (`total = 1`), a player's variable (`mover.score += 1`) or "
                                "an item of a list held in one (`counts[i] += 1`)")
        return N.Assign(target=target, op=op, value=c[1], span=self._span(meta))

    def set_stmt(self, meta, c):
        return self._assign(meta, c, "=")

    def inc_stmt(self, meta, c):
        return self._assign(meta, c, "+=")

    def dec_stmt(self, meta, c):
        return self._assign(meta, c, "-=")

    def face(self, meta, c):
        return str(c[-1])

    def place_stmt(self, meta, c):
        return N.Place(kind=c[0], owner=c[1], where=c[2], face=c[3], span=self._span(meta))

    def move_stmt(self, meta, c):
        return N.Move(what=c[0], dest=c[1], face=c[2], span=self._span(meta))

    def remove_stmt(self, meta, c):
        return N.Remove(what=c[0], span=self._span(meta))

    def flip_stmt(self, meta, c):
        return N.Flip(what=c[0], face=c[1], span=self._span(meta))

    def shuffle_stmt(self, meta, c):
        return N.Shuffle(what=c[0], span=self._span(meta))

    def move_each_stmt(self, meta, c):
        return N.MoveEach(var=str(c[0]), domain=c[1], dest=c[2], span=self._span(meta))

    def rotate_stmt(self, meta, c):
        return N.Rotate(what=c[0], turns=c[1], span=self._span(meta))

    def require_stmt(self, meta, c):
        span = self._span(meta)
        return N.Require(test=c[0], message=self._template(self._string(c[1]), span) if c[1] is not None else None,
                         span=span)

    def ensure_stmt(self, meta, c):
        span = self._span(meta)
        return N.Ensure(test=c[0], message=self._template(self._string(c[1]), span) if c[1] is not None else None,
                        span=span)

    def win_stmt(self, meta, c):
        return N.Outcome(kind="win", who=c[0], reason=c[1], span=self._span(meta))

    def lose_stmt(self, meta, c):
        return N.Outcome(kind="lose", who=c[0], reason=c[1], span=self._span(meta))

    def draw_stmt(self, meta, c):
        return N.Outcome(kind="draw", who=None, reason=c[0], span=self._span(meta))

    def finish_stmt(self, meta, c):
        return N.Outcome(kind="finish", who=None, reason=c[0], span=self._span(meta))

    def enter_stmt(self, meta, c):
        return N.Enter(phase=str(c[0]), span=self._span(meta))

    def again_stmt(self, meta, c):
        return N.Again(span=self._span(meta))

    def next_stmt(self, meta, c):
        return N.Next(who=c[0], span=self._span(meta))

    def log_stmt(self, meta, c):
        span = self._span(meta)
        return N.Log(message=self._template(self._string(c[1]), span), to=c[0], span=span)

    def pass_stmt(self, meta, c):
        return N.Pass(span=self._span(meta))

    def return_stmt(self, meta, c):
        return N.Return(value=c[0], span=self._span(meta))

    def expr_stmt(self, meta, c):
        if not isinstance(c[0], N.Call):
            raise SyntaxProblem("E004", "this expression does nothing on its own", c[0].span,
                                "a statement is an effect (`move`, `place`, `x = ...`) or a call of a `proc`")
        return N.ExprStmt(call=c[0], span=self._span(meta))

    def if_stmt(self, meta, c):
        test, body, *rest = c
        branches = [(test, body)]
        orelse = None
        for r in rest:
            if r is None:
                continue
            if r[0] == "elif":
                branches.append((r[1], r[2]))
            else:
                orelse = r[1]
        return N.If(branches=tuple(branches), orelse=orelse, span=self._span(meta))

    def elif_clause(self, meta, c):
        return ("elif", c[0], c[1])

    def else_clause(self, meta, c):
        return ("else", c[0])

    def for_stmt(self, meta, c):
        name, domain, *filters, _ordered, chooser, body = c
        domain, test = _filtered(str(name), domain, filters)
        return N.For(var=str(name), domain=domain, test=test, ordered_by=chooser, body=body, span=self._span(meta))

    def repeat_stmt(self, meta, c):
        return N.Repeat(count=c[0], body=c[1], span=self._span(meta))

    def while_stmt(self, meta, c):
        return N.While(test=c[0], body=c[1], span=self._span(meta))

    def choose_stmt(self, meta, c):
        name, domain, test, by, secretly, always, ask, body = c
        span = self._span(meta)
        return N.Choose(var=str(name), domain=domain, test=test, by=by, body=body, secretly=secretly is not None,
                        always=always is not None,
                        ask=self._template(self._string(ask), span) if ask is not None else None, span=span)

    def at_once_stmt(self, meta, c):
        _keyword, name, domain, test, body = c
        return N.AtOnce(var=str(name), domain=domain, test=test, body=body, span=self._span(meta))

    # ------------------------------------------------ expressions
    def index(self, meta, c):
        return N.Index(obj=c[0], index=c[1], span=self._span(meta))

    def cond_expr(self, meta, c):
        return N.Cond(then=c[0], test=c[1], orelse=c[2], span=self._span(meta))

    def or_expr(self, meta, c):
        return N.BoolOp(op="or", values=tuple(c), span=self._span(meta))

    def and_expr(self, meta, c):
        return N.BoolOp(op="and", values=tuple(c), span=self._span(meta))

    def not_expr(self, meta, c):
        return N.Not(value=c[0], span=self._span(meta))

    def comp_op(self, meta, c):
        return " ".join(str(t) for t in c)

    def compare(self, meta, c):
        return N.Compare(op=c[1], left=c[0], right=c[2], span=self._span(meta))

    def of_expr(self, meta, c):
        return N.Of(what=c[0], owner=c[1], span=self._span(meta))

    def range_expr(self, meta, c):
        return N.Range(low=c[0], high=c[1], span=self._span(meta))

    def range_down(self, meta, c):
        return N.Range(low=c[0], high=c[1], down=True, span=self._span(meta))

    def add_op(self, meta, c):
        return str(c[0])

    mul_op = add_op

    def binop(self, meta, c):
        left = c[0]
        # (the first operand's own span leaves out a parenthesis before it, which the rule's covers)
        start = (meta.line, meta.column) if not meta.empty else (left.span.line, left.span.column)
        for i in range(1, len(c), 2):
            right = c[i + 1]
            span = N.Span(self.path, *min(start, (left.span.line, left.span.column)), right.span.end_line,
                          right.span.end_column)
            left = N.BinOp(op=c[i], left=left, right=right, span=span)
        return left

    def neg(self, meta, c):
        return N.Neg(value=c[0], span=self._span(meta))

    def attr_access(self, meta, c):
        return N.Attr(obj=c[0], name=str(c[1]), span=self._span(meta))

    def call(self, meta, c):
        func, args = c
        if not isinstance(func, N.Name):
            hint = "call a builtin like `count(...)` or a `def`/`proc` by its name"
            if isinstance(func, N.Attr):
                hint = f"functions are not attributes: write `{func.name}(...)` with the value as its first argument"
            raise SyntaxProblem("E005", "only named functions can be called", func.span, hint)
        return N.Call(func=func.id, args=tuple(args or ()), span=self._span(meta))

    def args(self, meta, c):
        return tuple(c)

    def name(self, meta, c):
        return N.Name(id=str(c[0]), span=self._tspan(c[0]))

    def int_lit(self, meta, c):
        return N.Num(value=self._int(c[0]), span=self._tspan(c[0]))

    def decimal_lit(self, meta, c):
        return N.Num(value=self._decimal(c[0]), span=self._tspan(c[0]))

    def str_lit(self, meta, c):
        return N.Str(value=self._string(c[0]), span=self._tspan(c[0]))

    def offset_lit(self, meta, c):
        return N.OffsetLit(dx=c[0], dy=c[1], span=self._span(meta))

    def list_lit(self, meta, c):
        return N.ListLit(items=tuple(x for x in c if x is not None), span=self._span(meta))

    def comprehension(self, meta, c):
        return N.Comprehension(element=c[0], fors=tuple(c[1:]), span=self._span(meta))

    def comp_for(self, meta, c):
        name, domain, *filters = c
        domain, test = _filtered(str(name), domain, filters)
        return N.CompFor(var=str(name), domain=domain, test=test, span=self._span(meta))

    def comp_where(self, meta, c):
        return ("where", c[0], self._span(meta))

    def comp_while(self, meta, c):
        return ("while", c[0], self._span(meta))

    def comp_until(self, meta, c):
        return ("until", c[0], self._span(meta))

    def comp_sorted(self, meta, c):
        return ("sorted", c[1], self._span(meta))

    def _filter(self, meta, c, mode):
        binding, test = c
        span = self._span(meta)
        if isinstance(binding, N.Filter):
            return N.Filter(var=binding.var, domain=binding, test=test, mode=mode, span=span)
        if not (isinstance(binding, N.Compare) and binding.op == "in" and isinstance(binding.left, N.Name)):
            inside = isinstance(binding, N.Compare) and binding.op == "in" or isinstance(binding, (N.BoolOp, N.Not))
            mode = "sorted by" if mode == "sorted" else mode
            raise SyntaxProblem("E006", f"`{mode}` needs a `NAME in COLLECTION` before it", binding.span,
                                f"a filter is one whole value: inside a larger expression put it in parentheses, "
                                f"`(x in COLLECTION {mode} CONDITION)`" if inside else
                                f"write it as `x in cells {mode} empty(x)`")
        return N.Filter(var=binding.left.id, domain=binding.right, test=test, mode=mode, span=span)

    def filter_where(self, meta, c):
        return self._filter(meta, c, "where")

    def filter_while(self, meta, c):
        return self._filter(meta, c, "while")

    def filter_until(self, meta, c):
        return self._filter(meta, c, "until")

    def filter_sorted(self, meta, c):
        return self._filter(meta, [c[0], c[2]], "sorted")

    # ------------------------------------------------ texts with {expressions}
    def _template(self, text: str, span: N.Span) -> N.Template:
        """`"{p.name} wins"` as its parts. The expressions point at the whole line they are written on
        (a string's own columns shift with its escapes); a part that cannot be read is kept for the checker
        to report with the rest of the file's errors."""
        parts: list = []
        last = 0
        for m in re.finditer(r"\{([^}]*)\}", text):
            if m.start() > last:
                parts.append(text[last:m.start()])
            last = m.end()
            try:
                expr = _respan(parse_expression(m.group(1), self.path), span)
            except (LarkError, SyntaxProblem, VisitError, RecursionError):
                expr = None
            parts.append(N.Hole(source=m.group(0), expr=expr, span=span))
        tail = text[last:]
        unclosed = tail[tail.index("{"):] if "{" in tail else None
        if tail:
            parts.append(tail)
        return N.Template(text=text, parts=tuple(parts), unclosed=unclosed, span=span)


setattr(_ToAst, "def", _ToAst.def_)


def _filtered(var: str, domain, filters) -> tuple:
    """`for x in D where C` keeps C as the loop's own test; other filters of a `for` (`while`, `until`, or
    several) go into its domain, in order, as a chain of filters of x: `for x in D while A where B` walks
    (x in (x in D while A) where B)."""
    if not filters:
        return domain, None
    if len(filters) == 1 and filters[0][0] == "where":
        return domain, filters[0][1]
    for mode, test, span in filters:
        whole = N.Span(span.file, domain.span.line, domain.span.column, span.end_line, span.end_column)
        domain = N.Filter(var=var, domain=domain, test=test, mode=mode, span=whole)
    return domain, None


def _split_params(params) -> tuple[tuple[str, ...], tuple]:
    """A def's or proc's (name, written type or None) pairs as its names and their types (() when no parameter
    has a written type, so that a file without types reads as it always did)."""
    pairs = list(params or ())
    names = tuple(name for name, _ in pairs)
    types = tuple(t for _, t in pairs)
    return names, (types if any(t is not None for t in types) else ())


def _respan(node, span):
    """The same tree with every span replaced by `span`."""
    if isinstance(node, tuple):
        return tuple(_respan(x, span) for x in node)
    if not isinstance(node, N.Node):
        return node
    changes = {f.name: _respan(getattr(node, f.name), span) for f in attrs.fields(type(node)) if f.name != "span"}
    return type(node)(span=span, **changes)


def parse(source: str, path: str = "<rules>", tokens: Optional[list] = None) -> N.Module:
    """Parse rules text into a Module; raises MireError with diagnostics on bad syntax.

    Given a list as `tokens`, fills it with every token of the source in order (what `lexing.source_tokens`
    gives), from this same parse: the line breaks inside brackets and the comments included."""
    if not source.endswith("\n"):
        source += "\n"
    try:
        tree, errors = _parse_all(source, path, tokens)
        if errors:
            raise MireError(errors, {path: source})
        return _ToAst(path).transform(tree)
    except VisitError as err:
        orig = err.orig_exc
        if isinstance(orig, SyntaxProblem):
            raise MireError([Diagnostic(orig.code, orig.message, orig.span, orig.hint)], {path: source}) from None
        if isinstance(orig, RecursionError):
            raise MireError([_too_deep(path)], {path: source}) from None
        raise
    except RecursionError:
        raise MireError([_too_deep(path)], {path: source}) from None


def _too_deep(path: str) -> Diagnostic:
    return Diagnostic("E009", "this file nests too deeply to be read", N.Span(path, 1, 1, 1, 2),
                      "rules nest a few levels deep: split a long expression into `def`s, and deep blocks into "
                      "`proc`s")


def _parse_all(source: str, path: str, tokens: Optional[list] = None):
    """The tree, or every syntax error: after an error, parsing starts again at the next top-level item
    (a line that starts with a declaration word), so each broken item is reported once and none is a
    consequence of another. `tokens`, if a list, gets the tokens of a source that parses (see `parse`)."""
    lines = source[:-1].split("\n")  # only a newline ends a line, as Lark counts them (source ends with one)
    errors: list = []
    start: int | None = 0
    literals = None
    while start is not None:
        text = "\n" * start + "\n".join(lines[start:]) + "\n"  # earlier lines blank: the lines keep their numbers
        try:
            tree = _lark_parse(text, tokens if not errors else None)
            return (tree if not errors else None), errors
        except DedentError as err:
            from .syntax_errors import dedent_diagnostic  # (imported by the first syntax error, if ever)
            diag = dedent_diagnostic(path, text, err)
        except UnexpectedInput as err:
            from .syntax_errors import syntax_diagnostic
            literals = literals or terminal_literals()
            diag = syntax_diagnostic(path, text, err, literals)
        errors.append(diag)
        # (each error reads the file again from its place: past a hundred, the rest is not read for more)
        start = _next_item(lines, max(diag.span.line, start + 1)) if len(errors) < MAX_SYNTAX_ERRORS else None
    return None, errors


def _lark_parse(text: str, tokens: Optional[list]):
    """Lark's tree of a whole file; with `tokens` a list, every token the lexer read too, in the order of the
    text."""
    if tokens is None:
        return lark_parser().parse(text, start="start")
    parser = lark_parser()
    indenter = parser.options.postlex
    assert isinstance(indenter, _MireIndenter)
    sink: list = []
    indenter.sink = sink
    try:
        tree = parser.parse(text, start="start")
    finally:
        indenter.sink = None
    sink.sort(key=lambda t: t.start_pos)
    tokens[:] = sink
    return tree


def _next_item(lines, after):
    """The index of the first line after line number `after` that begins a top-level item."""
    from .syntax_errors import DECLARATION_WORDS
    item_words = set(DECLARATION_WORDS) | _ITEM_WORDS
    for i in range(after, len(lines)):
        word = lines[i].split(" ", 1)[0].split("(", 1)[0]
        if lines[i][:1].isalpha() and word in item_words:
            return i
    return None


# the words that begin a top-level item, besides the declarations'
_ITEM_WORDS = {"fallback", "replace", "remove", "variant", "rank", "show", "input", "option", "trigger", "action",
               "phase", "setup", "def", "proc"}


def parse_expression(text: str, path: str = "<expr>") -> N.Expr:
    tree = lark_parser().parse(text, start="expr")
    return _ToAst(path).transform(tree)

