"""Checking piece tables (`pieces KIND:` in the rules file, or a data file beside it): the header names the
kind's attributes, every row has a value of the right type for each.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from . import nodes as N
from .labels import grid_names
from .limits import MAX_SPACES
from .static_values import StaticValues
from .symbols import Context
from .types import DIRECTIONS
from .wording import a, did_you_mean

_NOT_IN_TABLES = ("list", "player", "piece", "zone")


class _Refused(str):
    """A data file's cell already refused for what it holds (E008): not checked again for its type."""


REFUSED = _Refused("")


def check_table(ctx: Context, kind: N.Kind, header: tuple[str, ...], rows, span: N.Span) -> None:
    attrs_by_name: dict[str, N.AttrDecl] = {}
    for x in kind.attrs:
        attrs_by_name.setdefault(x.name, x)  # a second attribute of the same name is reported (E031)
    head = _header_span(span, rows)
    _check_header(ctx, kind, header, attrs_by_name, head)
    for row in rows:
        if len(row) != len(header):
            _wrong_length(ctx, row, header, span)
            continue
        for col, (value, vspan) in zip(header, row):
            if value is REFUSED:
                continue
            if col == "count":
                if not isinstance(value, int) or value < 0:
                    ctx.error("E041", f"a count is a whole number, not '{value}'", vspan,
                              "the `count` column says how many pieces this row makes, such as 5 (or 0)")
                continue
            declared = attrs_by_name.get(col)
            if declared is not None:
                check_cell(ctx, declared, value, vspan)


def _header_span(span: N.Span, rows) -> N.Span:
    """The header row sits between the `pieces` line and the first row (or is line 1 of a data file)."""
    if span.end_line > span.line:
        last = rows[0][0][1].line - 1 if rows and rows[0] else span.end_line
        return N.Span(span.file, span.line + 1, 1, max(span.line + 1, last), 1)
    return span


def _check_header(ctx: Context, kind: N.Kind, header, attrs_by_name, head: N.Span) -> None:
    columns = ", ".join(x.name for x in kind.attrs)
    unknown, seen = [], set()
    for col in header:
        if col in seen:
            ctx.error("E042", f"the table has two columns named '{col}'", head, "give each attribute one column",
                      focus=col)
        seen.add(col)
        if col != "count" and col not in attrs_by_name:
            close = did_you_mean(col, [x for x in attrs_by_name if x not in header] + ["count"])
            unknown.append(close)
            if kind.attrs:
                hint = (f"the first row of a table names the attributes of '{kind.name}' ({columns}) and "
                        "optionally `count`")
            else:
                hint = f"'{kind.name}' has no attributes, so its table has only a `count` column"
            ctx.error("E042", f"piece kind '{kind.name}' has no attribute '{col}'{close}", head, hint, focus=col)
        elif col in attrs_by_name and not table_type(ctx, attrs_by_name[col].type):
            x = attrs_by_name[col]
            ctx.error("E042", f"a table cannot give '{col}' its value: a table cell is a number, yes/no, "
                              f"text, an enum value, a kind or a space's name, and '{col}' is {a(x.type.name)}",
                      head, f"declare '{col}' as an int, bool, text, enum, kind or space, or set it in `setup`",
                      focus=col)
    missing = [x for x, d in attrs_by_name.items()
               if x not in header and d.start is None and f" (did you mean '{x}'?)" not in unknown]
    if missing and header:
        names = ", ".join(f"'{m}'" for m in missing)
        ctx.error("E042", f"the table of '{kind.name}' has no column for {names}", head,
                  f"every attribute without a start value (`{missing[0]}: ... = VALUE`) needs a column: add "
                  f"{' and '.join(missing)} to the first row", focus=header[0])


def _wrong_length(ctx: Context, row, header, span: N.Span) -> None:
    row_span = N.Span(span.file, row[0][1].line, row[0][1].column, row[-1][1].end_line, row[-1][1].end_column) \
        if row else span
    n = len(row)
    if n < len(header):
        gap = f"add the value{'s' if len(header) - n > 1 else ''} for {', '.join(header[n:])}"
    else:
        gap = f"remove the extra value{'s' if n - len(header) > 1 else ''} after '{row[len(header) - 1][0]}'"
    ctx.error("E040", f"this row has {n} value{'s' if n != 1 else ''} but the table has "
                      f"{len(header)} columns ({', '.join(header)})", row_span, gap)


def table_type(ctx: Context, t: N.TypeRef) -> bool:
    # int, bool, text, an enum, or an unknown type (reported with the kind)
    return t.name not in _NOT_IN_TABLES and t.name not in ctx.sym.kinds


def check_cell(ctx: Context, x: N.AttrDecl, value, vspan: N.Span) -> None:
    t = x.type.name
    if t == "int" and not isinstance(value, int):
        ctx.error("E041", f"'{x.name}' is a whole number, not '{value}'", vspan,
                  f"write a whole number for '{x.name}', such as 1" + (
                      f", or declare '{x.name}' a `number`" if isinstance(value, Fraction) else ""))
    elif t == "number" and (isinstance(value, bool) or not isinstance(value, (int, Fraction))):
        ctx.error("E041", f"'{x.name}' is a number, not '{value}'", vspan,
                  f"write a number for '{x.name}', such as 1 or 7.5")
    elif t == "bool" and value not in ("yes", "no", "true", "false"):
        ctx.error("E041", f"'{x.name}' is yes or no, not '{value}'", vspan,
                  f"'{x.name}' is declared `bool`: write yes or no")
    elif t == "dir" and value not in DIRECTIONS:
        ctx.error("E041", f"'{x.name}' is a direction, not '{value}'{did_you_mean(str(value), DIRECTIONS)}",
                  vspan, "a direction is north, east, south, west, northeast, ...")
    elif t == "space" and value != "none" and not _names_a_space(ctx, value):
        names = space_names(ctx.sym) or ()
        ctx.error("E041", f"'{x.name}' is a space, and no space is named '{value}'{did_you_mean(str(value), names)}",
                  vspan, "write the name of a space of a shared board, as the board shows it: a1, b2, ... (or none)")
    elif t == "kind" and value not in ctx.sym.kinds:
        ctx.error("E041", f"'{x.name}' is a kind of piece, not '{value}'{did_you_mean(str(value), ctx.sym.kinds)}",
                  vspan, f"a kind is one of: {', '.join(ctx.sym.kinds)}")
    elif t in ctx.sym.enums:
        values = ctx.sym.enums[t].values
        if value not in values:
            ctx.error("E041", f"'{value}' is not a {t}{did_you_mean(str(value), values)}", vspan,
                      f"a {t} is one of: {', '.join(values)}")


def space_names(sym) -> Optional[set]:
    """The names of the spaces of the game's shared boards, or None when they are not known before the game
    starts (a board that is not a grid of a fixed size)."""
    boards = []
    static = StaticValues(sym)
    for b in sym.boards.values():
        if b.per_player:
            continue
        if b.shape != "grid" or static.options_in(b.width) or static.options_in(b.height):
            return None  # an area, or a board whose size the players choose: its names are known later
        w, h = static.int_of(b.width), static.int_of(b.height)
        if w is None or h is None or w * h > MAX_SPACES:
            return None
        boards.append((b.name, w, h, b.labels))
    return {n for names in grid_names(boards) for n in names}


def _names_a_space(ctx: Context, value) -> bool:
    names = space_names(ctx.sym)
    return names is None or str(value) in names
