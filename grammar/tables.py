"""Checking piece tables (`pieces KIND:` in the rules file, or a data file beside it): the header names the
kind's attributes, every row has a value of the right type for each.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Optional, Sequence

from . import nodes as N
from .boards import graph_points, hex_cells
from .labels import board_names, grid_label
from .limits import MAX_COMBINATION_PIECES, MAX_SPACES
from .static_values import StaticValues
from .symbols import Context
from .types import DIRECTIONS
from .wording import a, did_you_mean, number_text, words

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
    if t == "text" and isinstance(value, (int, Fraction)):
        shown = number_text(value) if isinstance(value, Fraction) else str(value)
        ctx.error("E041", f"'{x.name}' is a text, not the number {shown}", vspan,
                  f'a text is written in quotes: "{shown}"')
    elif t == "int" and not isinstance(value, int):
        ctx.error("E041", f"'{x.name}' is a whole number, not {_shown(value)}", vspan,
                  f"write a whole number for '{x.name}', such as 1" + (
                      f", or declare '{x.name}' a `number`" if isinstance(value, Fraction) else ""))
    elif t == "number" and (isinstance(value, bool) or not isinstance(value, (int, Fraction))):
        ctx.error("E041", f"'{x.name}' is a number, not {_shown(value)}", vspan,
                  f"write a number for '{x.name}', such as 1 or 7.5")
    elif t == "bool" and value not in ("yes", "no", "true", "false"):
        ctx.error("E041", f"'{x.name}' is yes or no, not {_shown(value)}", vspan,
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


def _shown(value) -> str:
    """A cell as a message quotes it: '7.5' (as written, not 15/2), 'purple'."""
    return f"'{number_text(value)}'" if isinstance(value, Fraction) else f"'{value}'"


def space_names(sym) -> Optional[set]:
    """The names of the spaces of the game's shared boards, or None when they are not known before the game
    starts (an area, a board whose size the players choose, the edges or the corners of a grid)."""
    boards = []
    static = StaticValues(sym)
    for b in sym.boards.values():
        if b.per_player:
            continue
        if b.shape == "graph":
            boards.append((b.name, [p.name for p in graph_points(b)]))
            continue
        if b.shape not in ("grid", "hex") or static.options_in(b.width) or static.options_in(b.height):
            return None  # an area, or a board whose size the players choose: its names are known later
        w, h = static.int_of(b.width), static.int_of(b.height)
        if w is None or h is None or w * h > MAX_SPACES:
            return None
        cells = (hex_cells(b.outline, w, h) if b.shape == "hex"
                 else [(x, y) for y in range(1, h + 1) for x in range(1, w + 1)])
        boards.append((b.name, [grid_label(x, y, b.labels) for x, y in cells]))
    return {n for names in board_names(boards) for n in names}


def _names_a_space(ctx: Context, value) -> bool:
    names = space_names(ctx.sym)
    return names is None or str(value) in names


# ---------------------------------------------------------------- `pieces KIND: each ...`

def check_combination(ctx: Context, kind: N.Kind, comb: N.Combination) -> Optional[tuple]:
    """Check a `pieces KIND: each A, each B in [...], count N` line: its table, (header, rows), when it is right
    (a row for every combination of the values, the first `each` changing slowest, as nested loops would go),
    else None. Nothing is made before the number of pieces is known to be within MAX_COMBINATION_PIECES."""
    attrs_by_name: dict[str, N.AttrDecl] = {}
    for x in kind.attrs:
        attrs_by_name.setdefault(x.name, x)
    fine = True
    columns: list[str] = []
    values: list = []
    given: dict[str, N.Span] = {}
    suggested: set[str] = set()
    for each in comb.each:
        name, nspan = each.attr
        declared = attrs_by_name.get(name)
        if name in given:
            first = given[name]
            ctx.error("E042", f"'{name}' has two `each` on this line", nspan,
                      f"give each attribute one `each` (the first is at {first.line}:{first.column}), with all its "
                      "values")
            fine = False
            continue
        given[name] = nspan
        if declared is None:
            close = did_you_mean(name, [x for x in attrs_by_name if x not in given])
            if close:
                suggested.add(close.split("'")[1])
            hint = (f"`each` names an attribute of '{kind.name}' ({', '.join(attrs_by_name)})" if attrs_by_name
                    else f"'{kind.name}' has no attributes: make its pieces with `count N` alone")
            ctx.error("E042", f"piece kind '{kind.name}' has no attribute '{name}'{close}", nspan, hint)
            fine = False
            continue
        if not table_type(ctx, declared.type):
            ctx.error("E042", f"a `pieces` line cannot give '{name}' its values: they are numbers, yes/no, texts, "
                              f"enum values, kinds or spaces' names, and '{name}' is {a(declared.type.name)}", nspan,
                      f"declare '{name}' as an int, bool, text, enum, kind or space, or set it in `setup`")
            fine = False
            continue
        got = _each_values(ctx, declared, each)
        if got is None:
            fine = False
            continue
        columns.append(name)
        values.append(got)
    missing = [x for x, d in attrs_by_name.items() if x not in given and d.start is None and x not in suggested]
    if missing:
        names = words([f"'{m}'" for m in missing])
        example = words([_example(ctx, m, attrs_by_name[m].type.name) for m in missing], "and")
        ctx.error("E042", f"this line gives the pieces of '{kind.name}' no {names}", comb.span,
                  f"every attribute without a start value (`{missing[0]}: ... = VALUE`) takes its values from an "
                  f"`each`: add {example}")
        fine = False
    count = comb.count
    if count is not None and count[0] == 0:
        ctx.error("E041", "`count 0` makes no pieces", count[1],
                  "`count N` makes N copies of every combination: 1 or more (without it, 1)")
        fine = False
    if not fine:
        return None
    sizes = [len(v) for v in values] + ([count[0]] if count is not None else [])
    total = 1
    for n in sizes:
        total *= n
        if total > MAX_COMBINATION_PIECES:
            break
    if total > MAX_COMBINATION_PIECES:
        exact = all(n <= MAX_COMBINATION_PIECES for n in sizes) and len(sizes) <= 6
        made = f"{math.prod(sizes):,} pieces ({' x '.join(str(n) for n in sizes)})" if exact \
            else f"more than {MAX_COMBINATION_PIECES:,} pieces"
        ctx.error("E072", f"this line makes {made}, and one `pieces` line makes at most "
                          f"{MAX_COMBINATION_PIECES:,}", comb.span,
                  "it makes a piece for every combination of its values, times its count: give fewer values, or "
                  "make the rarer pieces with a table of their own")
        return None
    header = tuple(columns) + (("count",) if count is not None else ())
    tail = (count,) if count is not None else ()
    combos = _kept(ctx, comb.where, columns, itertools.product(*(v.cells() for v in values)))
    if combos is None:
        return None
    rows = tuple(tuple(combo) + tail for combo in combos)
    return header, rows


def _kept(ctx: Context, where: Optional[N.Expr], columns: list, combos) -> Optional[list]:
    """The combinations that meet the line's `where` (all without one); None when it cannot be worked out."""
    if where is None:
        return list(combos)
    try:
        enums = ctx.sym.enum_values
        return [combo for combo in combos if _holds(where, dict(zip(columns, (v for v, _ in combo))), enums) is True]
    except _NotHere as e:
        ctx.error("E042", f"the `where` of a `pieces` line {e.args[0]}", e.args[1],
                  f"it is worked out for each combination of the line's values: it may read the attributes of the "
                  f"line ({', '.join(columns)}), numbers, texts and enum values, with `+ - * // %`, comparisons, "
                  f"`and`, `or`, `not`")
        return None


class _NotHere(Exception):
    """What a `where` of a `pieces` line cannot read: (the words, the span)."""


_ARITHMETIC = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
               "//": lambda a, b: a // b, "%": lambda a, b: a % b}
_COMPARISONS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
                "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _holds(e: N.Expr, row: dict, enums):
    """The value of the condition of a `pieces` line's `where` for one combination (`row`: attribute -> value):
    arithmetic and comparisons of its values, numbers and texts (an enum value is its name)."""
    if isinstance(e, (N.Num, N.Str)):
        return e.value
    if isinstance(e, N.Name):
        if e.id in row:
            return row[e.id]
        if e.id in ("yes", "true", "no", "false"):
            return e.id in ("yes", "true")
        if e.id in enums:
            return e.id
        raise _NotHere(f"reads '{e.id}', which is not an attribute of the line", e.span)
    if isinstance(e, N.BinOp) and e.op in _ARITHMETIC:
        left, right = _holds(e.left, row, enums), _holds(e.right, row, enums)
        if not (isinstance(left, int) and isinstance(right, int)) or e.op in ("//", "%") and right == 0:
            raise _NotHere(f"works out `{e.op}` of values that are not whole numbers (or by 0)", e.span)
        return _ARITHMETIC[e.op](left, right)
    if isinstance(e, N.Compare) and e.op in _COMPARISONS:
        left, right = _holds(e.left, row, enums), _holds(e.right, row, enums)
        if e.op not in ("==", "!=") and not (isinstance(left, int) and isinstance(right, int)):
            raise _NotHere(f"orders values that are not numbers with `{e.op}`", e.span)
        return _COMPARISONS[e.op](left, right)
    if isinstance(e, N.BoolOp):
        values = [_holds(v, row, enums) is True for v in e.values]
        return all(values) if e.op == "and" else any(values)
    if isinstance(e, N.Not):
        return _holds(e.value, row, enums) is not True
    if isinstance(e, N.Neg):
        value = _holds(e.value, row, enums)
        if not isinstance(value, int):
            raise _NotHere("negates a value that is not a number", e.span)
        return -value
    raise _NotHere("holds what it cannot work out for each piece", e.span)


class _Values:
    """The values of one `each`: how many, and (once that is known to be few enough) the cells themselves."""

    def __init__(self, cells: Sequence = (), low: int = 0, high: int = -1, span: Optional[N.Span] = None):
        self._cells, self._low, self._high, self._span = cells, low, high, span

    def __len__(self) -> int:
        return len(self._cells) if self._span is None else self._high - self._low + 1

    def cells(self) -> Sequence:
        if self._span is None:
            return self._cells
        return [(v, self._span) for v in range(self._low, self._high + 1)]


_TYPE_WORDS = {"int": "a whole number", "number": "a number", "text": "a text", "bool": "yes or no",
               "dir": "a direction", "space": "a space", "kind": "a kind of piece"}
_EXAMPLES = {"int": "1..6", "number": "[1, 1.5, 2]", "text": '["A", "B", "C"]', "bool": "[yes, no]",
             "dir": "[north, east]", "space": "[a1, b2]"}


def _example(ctx: Context, name: str, t: str) -> str:
    """How `each` gives an attribute of type t its values: `each suit`, `each rank in 1..6`."""
    if t in ctx.sym.enums:
        return f"`each {name}`"
    values = f"[{', '.join(list(ctx.sym.kinds)[:2])}]" if t == "kind" else _EXAMPLES.get(t, "[...]")
    return f"`each {name} in {values}`"


def _each_values(ctx: Context, x: N.AttrDecl, each: N.EachAttr) -> Optional[_Values]:
    """The values of `each NAME ...`, checked against the attribute's type; None after reporting a mistake."""
    t = x.type.name
    name, nspan = each.attr
    is_enum = t in ctx.sym.enums
    what = f"a {t}" if is_enum else _TYPE_WORDS.get(t, a(t))
    example = _example(ctx, name, t)
    if each.low is not None and each.high is not None:
        (low, lspan), (high, hspan) = each.low, each.high
        span = N.Span(lspan.file, lspan.line, lspan.column, hspan.end_line, hspan.end_column)
        if t not in ("int", "number"):
            ctx.error("E041", f"a range gives whole numbers, and '{name}' is {what}", span,
                      f"give the values of '{name}' as {example}")
            return None
        if low > high:
            ctx.error("E041", f"the range {low}..{high} is empty, so this line makes no pieces", span,
                      f"a range goes up from its first number: write `{high}..{low}`")
            return None
        return _Values(low=low, high=high, span=span)
    if each.enum is not None:
        enum, espan = each.enum
        if enum not in ctx.sym.enums:
            ctx.error("E041", f"'{enum}' is not an enum{did_you_mean(enum, ctx.sym.enums)}", espan,
                      "after `in` come the values: an enum's name, a list in brackets (`[\"A\", \"B\"]`) or a "
                      "range of whole numbers (`1..13`)")
            return None
        if enum != t:
            ctx.error("E041", f"'{enum}' gives {enum} values, and '{name}' is {what}", espan,
                      f"give the values of '{name}' as {example}")
            return None
        return _Values([(v, espan) for v in ctx.sym.enums[enum].values])
    if each.values is None:
        if is_enum:
            return _Values([(v, nspan) for v in ctx.sym.enums[t].values])
        ctx.error("E041", f"`each {name}` needs its values: '{name}' is {what}, and only an enum's values are "
                          "taken whole", each.span, f"list them after `in`: {example}")
        return None
    if not each.values:
        ctx.error("E041", f"`each {name} in []` lists no values, so this line makes no pieces", each.span,
                  f"list the values of '{name}' in the brackets: {example}")
        return None
    before = len(ctx.diags)
    firsts: dict = {}
    for value, vspan in each.values:
        check_cell(ctx, x, value, vspan)
        key = (value in ("yes", "true")) if t == "bool" else value
        first = firsts.get(key)
        if first is not None:
            ctx.error("E041", f"'{value}' is listed twice for '{name}'", vspan,
                      f"list each value once (the first is at {first.line}:{first.column}); for copies of every "
                      "piece, end the line with `count N`")
        else:
            firsts[key] = vspan
    if len(ctx.diags) > before:
        return None
    return _Values(each.values)
