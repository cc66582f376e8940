"""Text -> Lark parse tree -> AST. Syntax errors become diagnostics, never tracebacks."""
from __future__ import annotations

import ast as _pyast
from importlib import resources

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedInput, VisitError
from lark.indenter import DedentError, Indenter

from . import nodes as N
from .diagnostics import Diagnostic, MireError
from .syntax_errors import _DECLARATION_WORDS, _dedent_diagnostic, _syntax_diagnostic


class _MireIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


_PARSERS: dict = {}


def _parser(start: str = "start") -> Lark:
    if start not in _PARSERS:
        text = resources.files(__package__).joinpath("mire.lark").read_text()
        _PARSERS[start] = Lark(text, parser="lalr", postlex=_MireIndenter(), start=start,
                               propagate_positions=True, maybe_placeholders=True)
    return _PARSERS[start]


def _span(meta) -> N.Span:
    if getattr(meta, "empty", False):
        return N.NOWHERE
    return N.Span(meta.line, meta.column, meta.end_line, meta.end_column)


def _tspan(tok: Token) -> N.Span:
    return N.Span(tok.line, tok.column, tok.end_line, tok.end_column)


def _string(tok: Token) -> str:
    return _pyast.literal_eval(str(tok))


class SyntaxProblem(Exception):
    def __init__(self, code, message, span, hint=None):
        super().__init__(message)
        self.code, self.message, self.span, self.hint = code, message, span, hint


@v_args(meta=True)
class _ToAst(Transformer):
    def __init__(self, path):
        super().__init__()
        self.path = path

    # ------------------------------------------------ declarations
    def start(self, meta, items):
        flat = []
        for item in items:
            flat.append(item)
        return N.Module(self.path, tuple(flat), _span(meta))

    def game(self, meta, c):
        return N.Game(_string(c[0]), _span(meta))

    def players(self, meta, c):
        low, high, names, facing = c
        low = int(low)
        return N.Players(low, int(high) if high is not None else low, tuple(names or ()),
                         tuple(facing or ()), _span(meta))

    def names(self, meta, c):
        return [str(t) for t in c]

    def first(self, meta, c):
        return N.First(str(c[0]), _span(meta))

    def grid_shape(self, meta, c):
        return ("grid", int(c[0]), int(c[1]))

    def area_shape(self, meta, c):
        return ("area", 0, 0)

    def board_at(self, meta, c):
        return ("at", (c[0], c[1]))

    def board_labels(self, meta, c):
        return ("labels", str(c[0]))

    def board_per_player(self, meta, c):
        return ("per_player", True)

    def board(self, meta, c):
        name, shape, *opts = c
        o = dict(opts)
        return N.Board(str(name), shape[0], shape[1], shape[2], o.get("at"), o.get("labels"),
                       o.get("per_player", False), _span(meta))

    def enum(self, meta, c):
        return N.Enum(str(c[0]), tuple(c[1]), _span(meta))

    def type(self, meta, c):
        return N.TypeRef(str(c[0]), None, _span(meta))

    def list_type(self, meta, c):
        return N.TypeRef("list", c[0], _span(meta))

    def attr(self, meta, c):
        name, typ, *flags = c
        words = {str(f) for f in flags if f is not None}
        return N.AttrDecl(str(name), typ, "hidden" in words, _span(meta), "key" in words)

    def attrs(self, meta, c):
        return tuple(c)

    def kind(self, meta, c):
        return N.Kind(str(c[0]), tuple(c[1] or ()), _span(meta))

    def row(self, meta, c):
        out = []
        for tok in c:
            if tok.type == "STRING":
                value = _string(tok)
            elif tok.type in ("INT", "SIGNED"):
                value = int(tok)
            else:
                value = str(tok)
            out.append((value, _tspan(tok)))
        return tuple(out)

    def pieces_file(self, meta, c):
        return ("file", _string(c[0]))

    def pieces_table(self, meta, c):
        return ("table", tuple(c))

    def pieces(self, meta, c):
        kind, zone, each, body = c
        if body[0] == "file":
            return N.Pieces(str(kind), str(zone) if zone else None, each is not None, body[1], (), (), _span(meta))
        rows = body[1]
        header = tuple(str(v) for v, _ in rows[0]) if rows else ()
        return N.Pieces(str(kind), str(zone) if zone else None, each is not None, None, header,
                        tuple(rows[1:]), _span(meta))

    def zone_per_player(self, meta, c):
        return ("per_player", True)

    def zone_visibility(self, meta, c):
        return ("visibility", str(c[0]))

    def zone_capacity(self, meta, c):
        return ("capacity", int(c[0]))

    def zone(self, meta, c):
        name, *opts = c
        o = dict(opts)
        return N.Zone(str(name), o.get("per_player", False), o.get("visibility", "public"),
                      o.get("capacity"), _span(meta))

    def var(self, meta, c):
        name, typ, init, per = c
        return N.Var(str(name), typ, init, per is not None, _span(meta))

    def const(self, meta, c):
        return N.Const(str(c[0]), c[1], _span(meta))

    def def_(self, meta, c):
        return N.Def(str(c[0]), tuple(c[1] or ()), c[2], _span(meta))

    def proc(self, meta, c):
        return N.Proc(str(c[0]), tuple(c[1] or ()), c[2], _span(meta))

    def setup(self, meta, c):
        return N.Setup(c[0], _span(meta))

    def param(self, meta, c):
        return N.Param(str(c[0]), c[1], c[2], _span(meta))

    def params(self, meta, c):
        return tuple(c)

    def action(self, meta, c):
        fallback, name, params, body = c
        return N.Action(str(name), tuple(params or ()), body, fallback is not None, None, _span(meta))

    def after_move(self, meta, c):
        return "after move"

    def turn_start(self, meta, c):
        return "turn start"

    def at_end(self, meta, c):
        return "end"

    def trigger(self, meta, c):
        return N.Trigger(str(c[0]), c[1], c[2], None, _span(meta))

    def phase(self, meta, c):
        name, until, *items = c
        items = tuple(_in_phase(i, str(name)) for i in items)
        return N.Phase(str(name), until, items, _span(meta))

    def option(self, meta, c):
        return N.Option(str(c[0]), _string(c[1]) if c[1] is not None else "", _span(meta),
                        _string(c[2]) if c[2] is not None else None)

    def show(self, meta, c):
        return N.Show(str(c[0]), _string(c[1]), _span(meta))

    def input(self, meta, c):
        return N.Input(str(c[0]), int(c[1]), str(c[2]), str(c[3]), _span(meta))

    def rank(self, meta, c):
        return N.Rank(tuple(c), _span(meta))

    def variant_base(self, meta, c):
        return N.VariantOf(str(c[0]), _span(meta))

    def replace_item(self, meta, c):
        return N.ReplaceItem(c[0], _span(meta))

    def remove_item(self, meta, c):
        return N.RemoveItem(str(c[0]), str(c[1]), _span(meta))

    # ------------------------------------------------ statements
    def block(self, meta, c):
        return tuple(c)

    def let_stmt(self, meta, c):
        return N.Let(str(c[0]), c[1], _span(meta))

    def _assign(self, meta, c, op):
        target = c[0]
        if not isinstance(target, (N.Name, N.Attr)):
            raise SyntaxProblem("E003", "this cannot be assigned to", target.span,
                                "assign to a variable (`total = 1`) or a player's variable (`mover.score += 1`)")
        return N.Assign(target, op, c[1], _span(meta))

    def set_stmt(self, meta, c):
        return self._assign(meta, c, "=")

    def inc_stmt(self, meta, c):
        return self._assign(meta, c, "+=")

    def dec_stmt(self, meta, c):
        return self._assign(meta, c, "-=")

    def face(self, meta, c):
        return str(c[-1])

    def place_stmt(self, meta, c):
        return N.Place(c[0], c[1], c[2], c[3], _span(meta))

    def move_stmt(self, meta, c):
        return N.Move(c[0], c[1], c[2], _span(meta))

    def remove_stmt(self, meta, c):
        return N.Remove(c[0], _span(meta))

    def flip_stmt(self, meta, c):
        return N.Flip(c[0], c[1], _span(meta))

    def shuffle_stmt(self, meta, c):
        return N.Shuffle(c[0], _span(meta))

    def require_stmt(self, meta, c):
        return N.Require(c[0], _string(c[1]) if c[1] is not None else None, _span(meta))

    def win_stmt(self, meta, c):
        return N.Outcome("win", c[0], _span(meta))

    def lose_stmt(self, meta, c):
        return N.Outcome("lose", c[0], _span(meta))

    def draw_stmt(self, meta, c):
        return N.Outcome("draw", None, _span(meta))

    def finish_stmt(self, meta, c):
        return N.Outcome("finish", None, _span(meta))

    def enter_stmt(self, meta, c):
        return N.Enter(str(c[0]), _span(meta))

    def again_stmt(self, meta, c):
        return N.Again(_span(meta))

    def next_stmt(self, meta, c):
        return N.Next(c[0], _span(meta))

    def log_stmt(self, meta, c):
        return N.Log(_string(c[0]), _span(meta))

    def pass_stmt(self, meta, c):
        return N.Pass(_span(meta))

    def expr_stmt(self, meta, c):
        if not isinstance(c[0], N.Call):
            raise SyntaxProblem("E004", "this expression does nothing on its own", c[0].span,
                                "a statement is an effect (`move`, `place`, `x = ...`) or a call of a `proc`")
        return N.ExprStmt(c[0], _span(meta))

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
        return N.If(tuple(branches), orelse, _span(meta))

    def elif_clause(self, meta, c):
        return ("elif", c[0], c[1])

    def else_clause(self, meta, c):
        return ("else", c[0])

    def for_stmt(self, meta, c):
        name, domain, test, _ordered, chooser, body = c
        return N.For(str(name), domain, test, chooser, body, _span(meta))

    def repeat_stmt(self, meta, c):
        return N.Repeat(c[0], c[1], _span(meta))

    def choose_stmt(self, meta, c):
        name, domain, test, by, secretly, body = c
        return N.Choose(str(name), domain, test, by, body, _span(meta), secretly is not None)

    def index(self, meta, c):
        return N.Index(c[0], c[1], _span(meta))

    # ------------------------------------------------ expressions
    def cond_expr(self, meta, c):
        return N.Cond(c[0], c[1], c[2], _span(meta))

    def or_expr(self, meta, c):
        return N.BoolOp("or", tuple(c), _span(meta))

    def and_expr(self, meta, c):
        return N.BoolOp("and", tuple(c), _span(meta))

    def not_expr(self, meta, c):
        return N.Not(c[0], _span(meta))

    def comp_op(self, meta, c):
        return " ".join(str(t) for t in c)

    def compare(self, meta, c):
        return N.Compare(c[1], c[0], c[2], _span(meta))

    def of_expr(self, meta, c):
        return N.Of(c[0], c[1], _span(meta))

    def range_expr(self, meta, c):
        return N.Range(c[0], c[1], _span(meta))

    def add_op(self, meta, c):
        return str(c[0])

    mul_op = add_op

    def binop(self, meta, c):
        left = c[0]
        for i in range(1, len(c), 2):
            right = c[i + 1]
            left = N.BinOp(c[i], left, right, N.Span(left.span.line, left.span.column,
                                                    right.span.end_line, right.span.end_column))
        return left

    def neg(self, meta, c):
        return N.Neg(c[0], _span(meta))

    def attr_access(self, meta, c):
        return N.Attr(c[0], str(c[1]), _span(meta))

    def call(self, meta, c):
        func, args = c
        if not isinstance(func, N.Name):
            hint = "call a builtin like `count(...)` or a `def`/`proc` by its name"
            if isinstance(func, N.Attr):
                hint = f"functions are not attributes: write `{func.name}(...)` with the value as its first argument"
            raise SyntaxProblem("E005", "only named functions can be called", func.span, hint)
        return N.Call(func.id, tuple(args or ()), _span(meta))

    def args(self, meta, c):
        return tuple(c)

    def name(self, meta, c):
        return N.Name(str(c[0]), _tspan(c[0]))

    def int_lit(self, meta, c):
        return N.Num(int(c[0]), _tspan(c[0]))

    def str_lit(self, meta, c):
        return N.Str(_string(c[0]), _tspan(c[0]))

    def list_lit(self, meta, c):
        return N.ListLit(tuple(x for x in c if x is not None), _span(meta))

    def comprehension(self, meta, c):
        return N.Comprehension(c[0], tuple(c[1:]), _span(meta))

    def comp_for(self, meta, c):
        return N.CompFor(str(c[0]), c[1], c[2], _span(meta))

    def _filter(self, meta, c, mode):
        binding, test = c
        if isinstance(binding, N.Filter):
            return N.Filter(binding.var, binding, test, mode, _span(meta))
        if not (isinstance(binding, N.Compare) and binding.op == "in" and isinstance(binding.left, N.Name)):
            raise SyntaxProblem("E006", f"`{mode}` needs a `NAME in COLLECTION` before it", binding.span,
                                f"write it as `x in cells {mode} empty(x)`")
        return N.Filter(binding.left.id, binding.right, test, mode, _span(meta))

    def filter_where(self, meta, c):
        return self._filter(meta, c, "where")

    def filter_while(self, meta, c):
        return self._filter(meta, c, "while")


setattr(_ToAst, "def", _ToAst.def_)


def _in_phase(item, phase):
    import attrs as _attrs
    if isinstance(item, (N.Action, N.Trigger)):
        return _attrs.evolve(item, phase=phase)
    return item


# ---------------------------------------------------------------- syntax error messages


def parse(source: str, path: str = "<rules>"):
    """Parse rules text into a Module; raises MireError with diagnostics on bad syntax."""
    if not source.endswith("\n"):
        source += "\n"
    tree, errors = _parse_all(source, path)
    if errors:
        raise MireError(errors, {path: source})
    try:
        return _ToAst(path).transform(tree)
    except VisitError as err:
        orig = err.orig_exc
        if isinstance(orig, SyntaxProblem):
            raise MireError([Diagnostic(orig.code, orig.message, path, orig.span, orig.hint)],
                            {path: source}) from None
        raise


def _parse_all(source: str, path: str):
    """The tree, or every syntax error: after an error, parsing starts again at the next top-level item
    (a line that starts with a declaration word), so each broken item is reported once and none is a
    consequence of another."""
    lines = source.splitlines()
    errors, start = [], 0
    while True:
        text = "\n" * start + "\n".join(lines[start:]) + "\n"  # earlier lines blank: the lines keep their numbers
        try:
            tree = _parser().parse(text)
            return (tree if not errors else None), errors
        except DedentError as err:
            diag = _dedent_diagnostic(path, text, err)
        except UnexpectedInput as err:
            diag = _syntax_diagnostic(path, text, err)
        errors.append(diag)
        start = _next_item(lines, max(diag.span.line, start + 1))
        if start is None:
            return None, errors


def _next_item(lines, after):
    """The index of the first line after line number `after` that begins a top-level item."""
    for i in range(after, len(lines)):
        word = lines[i].split(" ", 1)[0].split("(", 1)[0]
        if lines[i][:1].isalpha() and word in _ITEM_WORDS:
            return i
    return None


_ITEM_WORDS = set(_DECLARATION_WORDS) | {"fallback", "replace", "remove", "variant", "rank", "show", "input",
                                          "option", "trigger", "action", "phase", "setup", "def", "proc"}


def parse_expression(text: str, path: str = "<expr>"):
    tree = _parser("expr").parse(text)
    return _ToAst(path).transform(tree)
