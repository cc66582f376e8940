"""What the language server knows about a rules file: its problems, outline, names and their places.

This is the one module of the editor tools that reads the front end's and checker's internals (the AST
nodes, `Checked.symbols`, `.types` and `.meanings`, the builtins' `Library`): when those change, this file
changes and `lsp_server.py` (which only speaks the protocol) does not. It knows nothing of the protocol:
places are 1-based lines and columns of characters, ends exclusive, as the parser gives them.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Optional

import attrs

from ..engine.run.library import LIBRARY
from ..grammar import nodes as N
from ..grammar.diagnostics import Diagnostic, MireError, parser_lines
from ..grammar.frontend import check_game, read_rules
from ..grammar.limits import MAX_FILE_BYTES
from ..grammar.parser import parse_expression
from ..grammar.symbols import Checked
from ..grammar.types import ANY, COMMON_ATTRS, PIECE, Type, enum_type, list_of, piece_of
from .highlight import DECLARATION_WORDS, OPERATOR_WORDS, OTHER_WORDS, STATEMENT_WORDS

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NAME_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
MAX_BASES = 4  # a variant of a variant of ...: how deep to follow
COMMON_ATTR_DOCS = {
    ("space", "x"): "its column, from 1", ("space", "y"): "its row, from 1", ("space", "name"): "its name",
    ("space", "board"): "the name of its board", ("space", "pieces"): "the pieces on it, bottom first",
    ("piece", "owner"): "the player who owns it", ("piece", "space"): "the space it is on, or `none`",
    ("piece", "kind"): "the name of its kind", ("piece", "up"): "whether it lies face up",
    ("piece", "turns"): "its quarter turns clockwise", ("player", "name"): "the name of the seat",
    ("player", "seat"): "the number of the seat, from 1", ("dir", "dx"): "its step east",
    ("dir", "dy"): "its step north", ("zone", "pieces"): "the pieces in it, bottom first",
    ("zone", "name"): "its name",
}


# ---------------------------------------------------------------- what the server gets


@attrs.frozen
class Place:
    """A range of a file: 1-based line and column, the end exclusive."""
    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    def holds(self, line: int, column: int) -> bool:
        return (self.line, self.column) <= (line, column) <= (self.end_line, self.end_column)


@attrs.frozen
class Problem:
    code: str
    message: str
    hint: Optional[str]
    severity: str  # "error" | "warning"
    place: Place
    explanation: Optional[str]  # the text of `mire explain CODE`
    related: tuple = ()  # ((Place, message), ...)


@attrs.frozen
class Symbol:
    """An entry of the outline."""
    name: str
    what: str  # board, piece kind, attribute, zone, variable, constant, enum, enum value, def, proc, setup,
    #            phase, action, fallback action, trigger, option, pieces, input, show, rank, when stuck, game, players,
    #            variant
    place: Place
    name_place: Place
    detail: str = ""
    children: tuple = ()


@attrs.frozen
class Completion:
    label: str
    what: str  # keyword, builtin, function, variable, local, attribute, rule
    detail: str = ""
    doc: str = ""
    insert: Optional[str] = None


@attrs.frozen
class Declaration:
    key: tuple
    name: str
    what: str
    place: Place  # the name
    line_text: str  # the declaration's first line, as written
    type: Optional[Type] = None
    replaces: bool = False  # a variant's `replace` of the base's item


@attrs.frozen
class Occurrence:
    key: tuple  # ("game", name), ("rule", name), ("attr", kind, name), ("local", path, n), ("builtin", name),
    #             ("builtin-function", name), ("common", type, name) or ("file", path)
    place: Place
    declaration: bool = False
    type: Optional[Type] = None  # the type of the value there, when the checker knows it


@attrs.frozen
class Local:
    """A name a rule binds (a parameter, `let`, a loop's variable), and where it can be seen."""
    name: str
    key: tuple
    visible: Place
    type: Optional[Type]
    what: str


class RenameRefused(Exception):
    """Why a rename cannot be done, in words for the author."""


# ---------------------------------------------------------------- the analysis


@attrs.define
class DocumentIndex:
    path: str
    source: str
    problems: list = attrs.Factory(list)
    parsed: bool = False  # False: the file has syntax errors (or its base has), and only `problems` is filled in
    symbols: list = attrs.Factory(list)
    occurrences: list = attrs.Factory(list)  # of this file
    declarations: dict = attrs.Factory(dict)  # key -> [Declaration] (this file's and the base's)
    locals: list = attrs.Factory(list)  # [Local]
    attributes: dict = attrs.Factory(dict)  # kind name -> {attribute: Type}
    player_names: dict = attrs.Factory(dict)  # zones and variables of each player: name -> (what, Type)
    base: Optional["DocumentIndex"] = None

    # ------------------------------------------------------------ finding
    def occurrence_at(self, line: int, column: int) -> Optional[Occurrence]:
        for occ in self.occurrences:
            if occ.place.holds(line, column):
                return occ
        return None

    def all_occurrences(self) -> list:
        out = list(self.occurrences)
        if self.base is not None:
            out += self.base.all_occurrences()
        return out

    def definition(self, line: int, column: int) -> list:
        occ = self.occurrence_at(line, column)
        if occ is None:
            return []
        if occ.key[0] == "file":
            return [Place(occ.key[1], 1, 1, 1, 1)]
        decls = self.declarations.get(occ.key, [])
        if occ.declaration:  # on a declaration: the one it replaces, in the base game
            others = [d.place for d in decls if d.place != occ.place]
            return others or [occ.place]
        current = [d for d in decls if d.replaces or d.place.path == self.path] or decls
        return [d.place for d in current[:1]]

    def references(self, line: int, column: int, include_declaration: bool = True) -> list:
        occ = self.occurrence_at(line, column)
        if occ is None or occ.key[0] == "file":
            return []
        return [o.place for o in self.all_occurrences()
                if o.key == occ.key and (include_declaration or not o.declaration)]

    def hover(self, line: int, column: int) -> Optional[str]:
        occ = self.occurrence_at(line, column)
        return None if occ is None else _hover_text(self, occ)

    def renamable(self, line: int, column: int) -> Occurrence:
        """The name at (line, column), if it is a name of the game that can be renamed; else RenameRefused."""
        occ = self.occurrence_at(line, column)
        if occ is None:
            raise RenameRefused("there is no name here to rename")
        if occ.key[0] in ("builtin", "builtin-function", "common", "file"):
            raise RenameRefused(f"'{_text_at(self, occ.place)}' is part of the language, not a name of this game")
        if not self.declarations.get(occ.key):
            raise RenameRefused("this name is not declared in the game")
        return occ

    def rename(self, line: int, column: int, new_name: str) -> dict:
        """{path: [Place, ...]} to replace with new_name (in this file and its base), or RenameRefused."""
        occ = self.renamable(line, column)
        if not NAME.fullmatch(new_name):
            raise RenameRefused(f"'{new_name}' is not a name: letters, digits and _, not starting with a digit")
        if new_name in LIBRARY.names or new_name in _LANGUAGE_WORDS:
            raise RenameRefused(f"'{new_name}' is a word of the language; choose another name")
        clash = self._clash(occ, new_name)
        if clash:
            raise RenameRefused(clash)
        edits: dict = {}
        for o in self.all_occurrences():
            if o.key == occ.key and o.place not in edits.setdefault(o.place.path, []):
                edits[o.place.path].append(o.place)
        return edits

    def _clash(self, occ, new_name) -> Optional[str]:
        kind = occ.key[0]
        if kind == "game" and self.declarations.get(("game", new_name)):
            return f"'{new_name}' is already a name of this game"
        if kind == "rule" and self.declarations.get(("rule", new_name)):
            return f"there is already an action or trigger named '{new_name}'"
        if kind == "attr" and new_name in self.attributes.get(occ.key[1], {}):
            return f"piece kind '{occ.key[1]}' already has an attribute '{new_name}'"
        return None

    def source_of(self, path: str) -> Optional[str]:
        """The text of this file or of a base game, as it was analysed."""
        analysis: Optional[DocumentIndex] = self
        while analysis is not None:
            if analysis.path == path:
                return analysis.source
            analysis = analysis.base
        return None

    # ------------------------------------------------------------ completion
    def completions(self, line: int, column: int, line_text: str) -> list:
        """What may be typed at (line, column); `line_text` is the line as it is now in the editor."""
        before = line_text[:max(0, column - 1)]
        stripped = before.lstrip()
        chain = attribute_chain(before)
        if chain is not None:
            return self._attribute_completions(chain, line)
        at_start = before == stripped  # nothing but the text typed so far on the line: a top-level item
        m = re.fullmatch(r"(replace|remove)\s+(?:(action|trigger|def|proc|option|var|const)\s+)?[A-Za-z_0-9]*",
                         stripped)
        if m and at_start:
            return self._base_completions(m.group(1), m.group(2))
        if at_start and NAME.fullmatch(stripped or "x"):
            return [Completion(w, "keyword", "declaration") for w in
                    sorted(set(DECLARATION_WORDS) | {"players", "first", "remove"})]
        words = sorted(set(STATEMENT_WORDS) | set(OTHER_WORDS) | set(OPERATOR_WORDS))
        return self._name_completions(line, column) + [Completion(w, "keyword") for w in words]

    def _name_completions(self, line, column) -> list:
        out, seen = [], set()
        for local in self.locals:
            if local.visible.holds(line, column) and local.name not in seen:
                seen.add(local.name)
                out.append(Completion(local.name, "local", local.what + (f": {_show(local.type)}" if local.type
                                                                         else "")))
        for key, decls in self.declarations.items():
            if key[0] != "game" or key[1] in seen:
                continue
            d = decls[0]
            seen.add(key[1])
            out.append(Completion(key[1], "function" if d.what in ("def", "proc") else "variable",
                                  d.what + (f": {_show(d.type)}" if d.type else ""), d.line_text))
        for name, info in LIBRARY.names.items():
            if name not in seen:
                out.append(Completion(name, "builtin", _show(info.type), info.doc))
        for name, sig in LIBRARY.functions.items():
            if name not in seen:
                out.append(Completion(name, "function", _signature(name), sig.doc))
        return out

    def _attribute_completions(self, chain: str, line: int) -> list:
        parts = chain.split(".")
        typ = self._type_of_name(parts[0], line)
        for part in parts[1:]:
            typ = self._attribute_type(typ, part) if typ is not None else None
        if typ is None:
            return []
        return [Completion(name, "attribute", _show(t), doc) for name, t, doc in self._attributes_of(typ)]

    def _type_of_name(self, name, line) -> Optional[Type]:
        best = None
        for local in self.locals:
            if local.name == name and local.visible.line <= line <= local.visible.end_line:
                best = local.type
        if best is not None:
            return best
        for occ in self.occurrences:
            if occ.key in (("game", name), ("builtin", name)) and occ.type is not None:
                return occ.type
        return LIBRARY.names[name].type if name in LIBRARY.names else None

    def _attribute_type(self, typ, name) -> Optional[Type]:
        return next((t for attr, t, _ in self._attributes_of(typ) if attr == name), None)

    def _attributes_of(self, typ: Type) -> list:
        """[(name, Type, doc)] of a value of type `typ`."""
        base = typ.general.base
        out = []
        if base == "player":
            out += [(n, t, w) for n, (w, t) in sorted(self.player_names.items())]
        if typ.kind is not None:
            out += [(n, t, f"attribute of {typ.kind}") for n, t in self.attributes.get(typ.kind, {}).items()]
        elif base == "piece":
            for kind, attributes in sorted(self.attributes.items()):
                out += [(n, t, f"attribute of {kind}") for n, t in attributes.items()]
        for n, (t, _) in COMMON_ATTRS.get(base, {}).items():
            out.append((n, t, COMMON_ATTR_DOCS.get((base, n), "")))
        return out

    def _base_completions(self, verb, kind=None) -> list:
        base = self.base
        if base is None:
            return []
        out = []
        for decls in base.declarations.values():
            for d in decls:
                word = _ITEM_WORDS.get(d.what)
                if d.place.path != base.path or word is None or (kind is not None and word != kind):
                    continue
                if verb == "remove" and word not in ("action", "trigger", "proc", "def", "option"):
                    continue
                label = d.name if kind else f"{word} {d.name}"
                text = d.line_text.split("#")[0].rstrip()
                if text.startswith("fallback ") and kind:
                    text = text[len("fallback "):]
                insert = (text[len(word) + 1:] if kind else text) if verb == "replace" else label
                out.append(Completion(label, "rule", f"{d.what} of {Path(base.path).name}", d.line_text, insert))
        return sorted(out, key=lambda c: c.label)


def attribute_chain(before: str) -> Optional[str]:
    """The names before the last dot when the text before the cursor ends with `a.b.` or `a.b.c` ("a.b"), else None.

    One pass backwards over the text: a regular expression searched here backtracked, and took seconds on a long
    line of `a.a.a...` that does not end so."""
    i = len(before)
    while i and before[i - 1] in _NAME_CHARACTERS:  # the name being typed
        i -= 1
    names: list = []
    while i and before[i - 1] == ".":
        start = i - 1
        while start and before[start - 1] in _NAME_CHARACTERS:
            start -= 1
        name = NAME.search(before, start, i - 1)  # a name starts with a letter or _: "1a" is the name "a"
        if name is None or name.end() != i - 1:
            break
        names.append(name.group())
        if name.start() != start:
            break
        i = start
    return ".".join(reversed(names)) if names else None


_ITEM_WORDS = {"action": "action", "fallback action": "action", "trigger": "trigger", "def": "def", "proc": "proc",
               "option": "option", "variable": "var", "constant": "const"}
_LANGUAGE_WORDS = set(DECLARATION_WORDS) | set(STATEMENT_WORDS) | set(OTHER_WORDS) | set(OPERATOR_WORDS) \
    | {"players", "first", "x"}


def index_document(source: str, path: str, read: Optional[Callable[[str], Optional[str]]] = None,
            _depth: int = 0) -> DocumentIndex:
    """Everything the server answers from, for the rules text `source` of the file `path` (which need not be
    saved). `read(path)` gives another file's text as the editor has it (the base of a variant), or None to
    read it from disk."""
    path = str(Path(path).resolve())
    result = DocumentIndex(path, source)
    if too_large(source):  # refused as `mire check` refuses such a file: not parsed at all
        from ..grammar import codes
        result.problems.append(Problem("E091", _TOO_LARGE, None, "error", Place(path, 1, 1, 1, 1),
                                       codes.explain("E091")))
        return result
    reader = read or (lambda p: None)

    def read_file(p: Path) -> str:
        """Another file of the game (a variant's base): as the editor holds it when it is open, else from disk
        through the front end's bounded reader (a regular file in the game's folder or a bundled game)."""
        text = reader(str(p.resolve()))
        if text is not None and too_large(text):
            raise MireError([Diagnostic("E091", _TOO_LARGE, N.nowhere(str(p)))])
        return text if text is not None else read_rules(p)

    try:
        tokens: list = []  # (of the one parse of the file: what the collector reads names and places from)
        attempt = check_game(Path(path), source, LIBRARY, read_file, tokens)
        result.problems = [_problem(d, path, attempt.module) for d in attempt.diagnostics]
        if attempt.base_path is not None and _depth < MAX_BASES:
            base = str(attempt.base_path.resolve())
            result.base = index_document(read_file(attempt.base_path), base, read, _depth + 1)
        if attempt.module is not None and attempt.checked is not None:
            _Collector(result, attempt.module, attempt.checked, tokens).run()
            result.parsed = True
    except Exception as err:  # noqa: BLE001 - a bug of ours must not stop the server: say so in the file
        result.parsed = False
        result.symbols, result.occurrences = [], []
        result.problems.append(Problem("internal", f"mire could not check this file: {type(err).__name__}: {err}",
                                       None, "error", Place(path, 1, 1, 1, 1), None))
    return result


_TOO_LARGE = f"cannot read the file: it is larger than {MAX_FILE_BYTES:,} bytes"


def too_large(text: str) -> bool:
    """Whether a text is over the size of a rules file (grammar/limits.py), in UTF-8 bytes as on disk."""
    if len(text) > MAX_FILE_BYTES:
        return True
    return len(text) * 4 > MAX_FILE_BYTES and len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES


def _problem(d, path: str, module: Optional[N.Module]) -> Problem:
    """A diagnostic for this file; one in another file (the base, a data file) is shown at the line that
    brings that file in, with its own place as related information."""
    from ..grammar import codes
    dpath = str(Path(d.path).resolve()) if d.path else path
    own = _place(d.span, dpath)
    explanation = codes.explain(d.code)
    if dpath == path:
        return Problem(d.code, d.message, d.hint, d.severity, own, explanation)
    via = _bringer(module, dpath)
    where = _place(via.span, path) if via is not None else Place(path, 1, 1, 1, 1)
    line = f"{Path(dpath).name}:{d.span.line}:{d.span.column}"
    return Problem(d.code, f"{line}: {d.message}", d.hint, d.severity, where, explanation, ((own, d.message),))


def _bringer(module: Optional[N.Module], dpath: str):
    """The item that brings another file into the game: its data file's `pieces`, or `variant of`."""
    if module is None:
        return None
    for item in module.items:
        if isinstance(item, N.Pieces) and item.file and Path(dpath).name == Path(item.file).name:
            return item
    return next((i for i in module.items if isinstance(i, N.VariantOf)), None)


def _place(span, path: str) -> Place:
    if span is None or span.line < 1:
        return Place(path, 1, 1, 1, 1)
    end_line, end_col = span.end_line, span.end_column
    if (end_line, end_col) <= (span.line, span.column):
        end_line, end_col = span.line, span.column + 1
    return Place(path, span.line, span.column, end_line, end_col)


# ---------------------------------------------------------------- names and their places


@attrs.define
class _Binding:
    name: str
    key: tuple
    type: Optional[Type]
    what: str


Scopes = list  # of {name: _Binding}, innermost last
_NO_TYPE: dict = {}


class _Collector(N.NodeVisitor):
    """Walks this file's items: declarations, uses of names (with the binding of each local), the outline.
    A method per node class (`item_Board`, `stmt_Let`, `expr_Name`), like the checker's."""

    def __init__(self, result: DocumentIndex, module: N.Module, checked: Checked, tokens: list):
        """`tokens`: those of the file (`lexing.source_tokens`), from the parse that gave `module`."""
        self.r = result
        self.module = module
        self.checked = checked
        self.sym = checked.symbols
        self.types: dict = checked.types
        self.lines = parser_lines(result.source)  # numbered as the parser numbers them (not at U+2028)
        self.tokens: dict = {}
        for tok in tokens:
            if tok.type in ("NAME", "GAME_NAME", "STRING"):
                self.tokens.setdefault(tok.line, []).append(tok)
        self.bindings = 0

    # ------------------------------------------------------------ places
    def place(self, span) -> Place:
        return _place(span, self.r.path)

    def tokens_in(self, span, types=("NAME",)):
        for line in range(span.line, max(span.line, span.end_line) + 1):
            for tok in self.tokens.get(line, ()):
                inside = (span.line, span.column) <= (tok.line, tok.column) and \
                    (tok.end_line, tok.end_column) <= (span.end_line, span.end_column)
                if tok.type in types and inside:
                    yield tok

    def token_place(self, tok) -> Place:
        return Place(self.r.path, tok.line, tok.column, tok.end_line, tok.end_column)

    def name_place(self, span, name, skip=0) -> Optional[Place]:
        """Where `name` is written inside `span` (its skip+1-th time)."""
        for tok in self.tokens_in(span):
            if tok.value == name:
                if skip == 0:
                    return self.token_place(tok)
                skip -= 1
        return None

    def head(self, span) -> N.Span:
        """The first line of a span."""
        return N.Span(span.file, span.line, span.column, span.line, 10 ** 6)

    def line_text(self, span) -> str:
        return self.lines[span.line - 1].strip() if 1 <= span.line <= len(self.lines) else ""

    def type_of(self, node) -> Optional[Type]:
        return self.types.get(node)

    # ------------------------------------------------------------ recording
    def use(self, key, place, typ=None):
        if place is not None:
            self.r.occurrences.append(Occurrence(key, place, False, typ))

    def declare(self, key, name, what, span, typ=None, replaces=False, skip=0) -> Optional[Place]:
        place = self.name_place(span, name, skip)
        if place is not None:
            self.r.occurrences.append(Occurrence(key, place, True, typ))
            self.r.declarations.setdefault(key, []).append(
                Declaration(key, name, what, place, self.line_text(span), typ, replaces))
        return place

    def bind(self, scope, name, span, typ, what, visible, skip=0) -> None:
        place = self.name_place(span, name, skip)
        self.bindings += 1
        key = ("local", self.r.path, self.bindings)
        scope[name] = _Binding(name, key, typ, what)
        if place is not None:
            self.r.occurrences.append(Occurrence(key, place, True, typ))
            self.r.declarations[key] = [Declaration(key, name, what, place, self.line_text(span), typ)]
        self.r.locals.append(Local(name, key, self.place(visible), typ, what))

    # ------------------------------------------------------------ the file
    def run(self):
        r, sym = self.r, self.sym
        if r.base is not None:  # the base's declarations are this game's too
            for key, decls in r.base.declarations.items():
                if key[0] != "local":
                    r.declarations.setdefault(key, []).extend(decls)
        for kind in sym.kinds.values():
            r.attributes[kind.name] = {a.name: self.written_type(a.type) for a in kind.attrs}
        for name, z in sym.zones.items():
            if z.per_player:
                r.player_names[name] = ("zone of each player", Type("zone"))
        for name, v in sym.vars.items():
            if v.per_player:
                r.player_names[name] = ("variable of each player", self.written_type(v.type))
        for item in self.module.items:
            symbol = self.item(item)
            if symbol is not None:
                r.symbols.append(symbol)
        r.occurrences.sort(key=lambda o: (o.place.line, o.place.column))

    def written_type(self, t: Optional[N.TypeRef]) -> Type:
        """The type a declaration writes (`int`, `colour`, `list of card`)."""
        if t is None:
            return ANY
        if t.name == "list":
            return list_of(self.written_type(t.of))
        if t.name in self.sym.enums:
            return enum_type(t.name)
        if t.name in self.sym.kinds:
            return piece_of(t.name)
        return Type(t.name)

    def item(self, item, replaces=False) -> Optional[Symbol]:
        return self.visit("item_", item, replaces)

    def symbol(self, name, what, span, where, detail="", children=()) -> Symbol:
        whole = self.place(span)
        return Symbol(name, what, whole, where or whole, detail or "", tuple(children))

    # ------------------------------------------------------------ items
    def item_ReplaceItem(self, item, replaces):
        return self.item(item.item, replaces=True)

    def item_Game(self, item, replaces):
        return Symbol(item.title, "game", self.place(item.span), self.place(item.span))

    def item_Players(self, item, replaces):
        return self.symbol("players", "players", item.span, None, self.line_text(item.span))

    def item_VariantOf(self, item, replaces):
        where = None
        for tok in self.tokens_in(item.span, ("GAME_NAME",)):
            where = self.token_place(tok)
        if where is not None and self.r.base is not None:
            self.use(("file", self.r.base.path), where)
        return self.symbol(f"variant of {item.base}", "variant", item.span, where)

    def item_Board(self, item, replaces):
        where = self.declare(("game", item.name), item.name, "board", item.span, list_of(Type("space")))
        if item.at is not None:
            coords = {c: _Binding(c, ("builtin", c), Type("int"), "a coordinate") for c in ("x", "y")}
            for e in item.at:
                self.expr(e, [coords])
        return self.symbol(item.name, "board", item.span, where, self.line_text(item.span))

    def item_Enum(self, item, replaces):
        where = self.declare(("game", item.name), item.name, "enum", item.span)
        children = []
        for v in item.values:
            vplace = self.declare(("game", v), v, "enum value", item.span, enum_type(item.name),
                                  skip=1 if v == item.name else 0)
            if vplace is not None:
                children.append(Symbol(v, "enum value", vplace, vplace))
        return self.symbol(item.name, "enum", item.span, where, ", ".join(item.values), children)

    def item_Kind(self, item, replaces):
        where = self.declare(("game", item.name), item.name, "piece kind", item.span, list_of(piece_of(item.name)))
        children = []
        for a in item.attrs:
            t = self.written_type(a.type)
            aplace = self.declare(("attr", item.name, a.name), a.name, f"attribute of {item.name}", a.span, t)
            self.type_ref(a.type)
            if aplace is not None:
                children.append(Symbol(a.name, "attribute", self.place(a.span), aplace, t.show()))
        return self.symbol(item.name, "piece kind", item.span, where, self.line_text(item.span), children)

    def item_Pieces(self, item, replaces):
        span = item.span
        comb = item.combination
        for tok in self.tokens_in(self.head(span)):
            if comb is not None and (tok.line, tok.column) >= (comb.span.line, comb.span.column):
                break
            if tok.value in (item.kind, item.zone):
                self.use(("game", tok.value), self.token_place(tok))
        for each in comb.each if comb is not None else ():
            self.use(("attr", item.kind, each.attr[0]), self.place(each.attr[1]))
            if each.enum is not None:
                self.use(("game", each.enum[0]), self.place(each.enum[1]))
            for value, cell in each.values or ():
                if isinstance(value, str) and value in self.sym.enum_values:
                    self.use(("game", value), self.place(cell), enum_type(self.sym.enum_values[value]))
        if comb is None and item.file is None and item.data is None and span.end_line > span.line:
            header_line = span.line + 1
            while header_line <= span.end_line and not self.tokens.get(header_line):
                header_line += 1
            for tok in self.tokens.get(header_line, ()):
                if tok.value != "count":
                    self.use(("attr", item.kind, tok.value), self.token_place(tok))
            for row in item.rows:
                for value, cell in row:
                    if isinstance(value, str) and value in self.sym.enum_values:
                        self.use(("game", value), self.place(cell), enum_type(self.sym.enum_values[value]))
        return self.symbol(f"pieces {item.kind}", "pieces", span, self.place(self.head(span)),
                           self.line_text(span))

    def item_Zone(self, item, replaces):
        where = self.declare(("game", item.name), item.name, "zone", item.span, Type("zone"))
        return self.symbol(item.name, "zone", item.span, where, self.line_text(item.span))

    def item_Var(self, item, replaces):
        t = self.written_type(item.type)
        where = self.declare(("game", item.name), item.name, "variable", item.span, t, replaces)
        self.type_ref(item.type)
        self.expr(item.init, [])
        return self.symbol(item.name, "variable", item.span, where, t.show())

    def item_Const(self, item, replaces):
        t = self.type_of(item) or self.type_of(item.value)
        where = self.declare(("game", item.name), item.name, "constant", item.span, t, replaces)
        self.expr(item.value, [])
        return self.symbol(item.name, "constant", item.span, where, _show(t))

    def item_Def(self, item, replaces):
        where = self.declare(("game", item.name), item.name, "def", item.span, self.type_of(item.body), replaces)
        scope: dict = {}
        for p in item.params:
            self.bind(scope, p, self.head(item.span), None, "parameter", item.span, skip=1 if p == item.name else 0)
        for t in item.param_types:
            self.type_ref(t)
        self.expr(item.body, [scope])
        return self.symbol(item.name, "def", item.span, where, f"({', '.join(item.params)})")

    def item_Proc(self, item, replaces):
        where = self.declare(("game", item.name), item.name, "proc", item.span, None, replaces)
        scope: dict = {}
        for p in item.params:
            self.bind(scope, p, self.head(item.span), None, "parameter", item.span, skip=1 if p == item.name else 0)
        for t in item.param_types:
            self.type_ref(t)
        self.block(item.body, [scope], item.span)
        return self.symbol(item.name, "proc", item.span, where, f"({', '.join(item.params)})")

    def item_Setup(self, item, replaces):
        self.block(item.body, [], item.span)
        return self.symbol("setup", "setup", item.span, self.place(item.span.at_start(len("setup"))))

    def item_Phase(self, item, replaces):
        where = self.declare(("game", item.name), item.name, "phase", item.span, Type("phase"))
        if item.until is not None:
            self.expr(item.until, [])
        children = [c for c in (self.item(sub) for sub in item.items) if c is not None]
        return self.symbol(item.name, "phase", item.span, where, "", children)

    def item_Action(self, item, replaces):
        what = "fallback action" if item.fallback else "action"
        where = self.declare(("rule", item.name), item.name, what, item.span, None, replaces)
        scope: dict = {}
        for prm in item.params:
            self.expr(prm.domain, [scope])
            self.bind(scope, prm.name, prm.span, _element(self.type_of(prm.domain)), "parameter", item.span)
            if prm.test is not None:
                self.expr(prm.test, [scope])
            if prm.message is not None:
                self.template(prm.message, [scope], last=True)
        self.block(item.body, [scope], item.span)
        return self.symbol(item.name, what, item.span, where, f"({', '.join(p.name for p in item.params)})")

    def item_Trigger(self, item, replaces):
        where = self.declare(("rule", item.name), item.name, "trigger", item.span, None, replaces)
        self.block(item.body, [], item.span)
        return self.symbol(item.name, "trigger", item.span, where, item.event)

    def item_Option(self, item, replaces):
        where = self.declare(("game", item.name), item.name, "option", item.span, Type("bool"), replaces)
        return self.symbol(item.name, "option", item.span, where, item.description)

    def item_RemoveItem(self, item, replaces):
        key = ("rule", item.name) if item.kind in ("action", "trigger") else ("game", item.name)
        self.use(key, self.name_place(item.span, item.name))
        return None

    def item_Input(self, item, replaces):
        for name, skip in ((item.zone, 0), (item.kind, 0), (item.source, 1 if item.source == item.zone else 0)):
            self.use(("game", name), self.name_place(item.span, name, skip))
        return self.symbol(f"input {item.zone}", "input", item.span, None, self.line_text(item.span))

    def item_Show(self, item, replaces):
        self.use(("game", item.kind), self.name_place(item.span, item.kind))
        it = {"it": _Binding("it", ("builtin", "it"), piece_of(item.kind), "the piece shown")}
        self.template(item.label, [it])
        return self.symbol(f"show {item.kind}" + (" named" if item.named else ""), "show", item.span, None,
                           self.line_text(item.span))

    def item_Stuck(self, item, replaces):
        return self.symbol("when stuck", "when stuck", item.span, None, self.line_text(item.span))

    def item_Rank(self, item, replaces):
        ranked = {"player": _Binding("player", ("builtin", "player"), Type("player"), "each player ranked")}
        for k in item.keys:
            self.expr(k, [ranked])
        return self.symbol("rank by", "rank", item.span, None, self.line_text(item.span))

    def type_ref(self, t):
        if t is None:
            return
        if t.name == "list":
            self.type_ref(t.of)
        elif t.name in self.sym.enums or t.name in self.sym.kinds:
            self.use(("game", t.name), self.name_place(t.span, t.name))

    # ------------------------------------------------------------ statements
    def block(self, stmts, scopes: Scopes, whole):
        end = stmts[-1].span if stmts else whole
        scopes = scopes + [{}]
        for s in stmts:
            self.visit("stmt_", s, scopes, end)

    def stmt_any(self, s, scopes, end):
        """The expressions of a statement that binds no name, in field order."""
        for child in s.children():
            if isinstance(child, N.Expr):
                self.expr(child, scopes)

    def stmt_Let(self, s, scopes, end):
        self.type_ref(s.type)
        self.expr(s.value, scopes)
        visible = N.Span(s.span.file, s.span.line, s.span.column, end.end_line, end.end_column)
        self.bind(scopes[-1], s.name, s.span, self.type_of(s.value), "local", visible)

    def stmt_Enter(self, s, scopes, end):
        where = None
        for tok in self.tokens_in(s.span):
            if tok.value == s.phase:
                where = self.token_place(tok)
        self.use(("game", s.phase), where, Type("phase"))

    def stmt_Log(self, s, scopes, end):
        self.template(s.message, scopes)

    def stmt_Require(self, s, scopes, end):
        self.expr(s.test, scopes)
        if s.message is not None:
            self.template(s.message, scopes, last=True)

    stmt_Ensure = stmt_Require

    def stmt_If(self, s, scopes, end):
        for test, body in s.branches:
            self.expr(test, scopes)
            self.block(body, scopes, s.span)
        if s.orelse:
            self.block(s.orelse, scopes, s.span)

    def stmt_For(self, s, scopes, end):
        self.bound(s, scopes, "loop variable", s.ordered_by)

    def stmt_Choose(self, s, scopes, end):
        self.bound(s, scopes, "chosen value", s.by)

    def stmt_AtOnce(self, s, scopes, end):
        self.bound(s, scopes, "player who decides", None)

    def bound(self, s, scopes, what, chooser):
        self.expr(s.domain, scopes)
        inner: dict = {}
        self.bind(inner, s.var, s.span, _element(self.type_of(s.domain)), what, s.span)
        if s.test is not None:
            self.expr(s.test, scopes + [inner])
        if chooser is not None:
            self.expr(chooser, scopes)
        self.block(s.body, scopes + [inner], s.span)

    def stmt_Repeat(self, s, scopes, end):
        self.expr(s.count, scopes)
        self.block(s.body, scopes, s.span)

    def stmt_While(self, s, scopes, end):
        self.expr(s.test, scopes)
        self.block(s.body, scopes, s.span)

    def template(self, template: N.Template, scopes, last: bool = False):
        """The {expressions} of a `log` or `show` text (`last`: an `else "..."`, the last text of its line). The
        checker typed them with the span of the whole line; parsed again, they give their places in the string
        (the same tree, node for node)."""
        holes = [p for p in template.parts if isinstance(p, N.Hole) and p.expr is not None]
        strings = list(self.tokens_in(template.span, ("STRING",)))
        if not holes or not strings:
            return
        tok = strings[-1] if last else strings[0]
        at = 0
        for hole in holes:
            at = tok.value.find(hole.source, at)
            if at < 0:
                return  # escapes in the string: the places are not known
            placed = _moved(parse_expression(hole.source[1:-1], template.span.file), tok.line, tok.column + at + 1)
            self.expr(placed, scopes, dict(zip(N.walk(placed), N.walk(hole.expr))))
            at += len(hole.source)

    # ------------------------------------------------------------ expressions
    def expr(self, e, scopes: Scopes, typed: Optional[dict] = None):
        """Record the names of `e`. `typed` maps nodes of a re-parsed template hole to the checker's."""
        self.visit("expr_", e, scopes, typed)

    def missing(self, prefix, node, *args):
        """An item with nothing to index gives no symbol; a statement that binds no name, or an expression
        that names nothing itself, has its expressions indexed (see stmt_any), in field order."""
        if prefix == "stmt_":
            self.stmt_any(node, *args)
        elif prefix == "expr_":
            for child in node.children():
                self.expr(child, *args)
        return None

    def checked_type(self, e, typed) -> Optional[Type]:
        return self.type_of(typed.get(e, e) if typed is not None else e)

    def expr_Name(self, e, scopes, typed):
        typ = self.checked_type(e, typed)
        binding = next((s[e.id] for s in reversed(scopes) if e.id in s), None)
        if binding is not None:
            self.use(binding.key, self.place(e.span), typ or binding.type)
        elif _is_declared(e.id, self.sym):
            self.use(("game", e.id), self.place(e.span), typ)
        elif e.id in LIBRARY.names:
            self.use(("builtin", e.id), self.place(e.span), typ or LIBRARY.names[e.id].type)

    def expr_Call(self, e, scopes, typed):
        where = self.place(e.name_span)
        if e.func in self.sym.defs or e.func in self.sym.procs:
            self.use(("game", e.func), where, self.checked_type(e, typed))
        elif e.func in LIBRARY.functions:
            self.use(("builtin-function", e.func), where, self.checked_type(e, typed))
        for a in e.args:
            self.expr(a, scopes, typed)

    def expr_Attr(self, e, scopes, typed):
        self.expr(e.obj, scopes, typed)
        key = self.attribute_key(self.checked_type(e.obj, typed), e.name)
        if key is not None:
            self.use(key, self.place(e.name_span), self.checked_type(e, typed))

    def expr_DefBlock(self, e, scopes, typed):
        self.block(e.body, scopes, e.span)

    def expr_Filter(self, e, scopes, typed):
        self.filter(e, scopes, typed)

    def filter(self, e, scopes, typed) -> dict:
        """`x in S where C` (and `x in S while C where D`, where both conditions test the same x): the scope
        that binds x."""
        if isinstance(e.domain, N.Filter) and e.domain.var == e.var:
            inner = self.filter(e.domain, scopes, typed)
        else:
            self.expr(e.domain, scopes, typed)
            inner = {}
            self.bind(inner, e.var, e.span, _element(self.checked_type(e.domain, typed)), "local", e.span)
        self.expr(e.test, scopes + [inner], typed)
        return inner

    def expr_Comprehension(self, e, scopes, typed):
        inner_scopes = scopes
        for f in e.fors:
            self.expr(f.domain, inner_scopes, typed)
            inner: dict = {}
            self.bind(inner, f.var, f.span, _element(self.checked_type(f.domain, typed)), "local", e.span)
            inner_scopes = inner_scopes + [inner]
            if f.test is not None:
                self.expr(f.test, inner_scopes, typed)
        self.expr(e.element, inner_scopes, typed)

    def attribute_key(self, obj: Optional[Type], name: str) -> Optional[tuple]:
        sym, attributes = self.sym, self.r.attributes
        base = obj.general.base if obj is not None else "any"
        if base in ("player", "any") and (name in sym.zones or name in sym.vars or name in sym.boards):
            return ("game", name)
        if obj is not None and obj.kind is not None and name in attributes.get(obj.kind, {}):
            return ("attr", obj.kind, name)
        if base in ("piece", "any"):
            kinds = [k for k, a in attributes.items() if name in a]
            if kinds:
                return ("attr", kinds[0], name)
        if name in COMMON_ATTRS.get(base, {}):
            return ("common", base, name)
        return None


def _is_declared(name, sym) -> bool:
    return any(name in table for table in (sym.vars, sym.consts, sym.boards, sym.zones, sym.kinds, sym.enum_values,
                                           sym.options, sym.phases, sym.defs, sym.procs, sym.enums))


def _show(t: Optional[Type]) -> str:
    return t.show() if t is not None else ""


def _element(t: Optional[Type]) -> Optional[Type]:
    """The type of an element of a collection of type `t`."""
    if t is None or t == ANY:
        return None
    if t.is_list:
        return t.element
    return PIECE if t.base in ("zone", "space") else None


def _moved(e, line: int, column: int):
    """A parsed `{expression}` moved to its place in the file: on `line`, from `column`."""
    def move(span):
        return N.Span(span.file, line, column + span.column - 1, line, column + span.end_column - 1)

    if isinstance(e, tuple):
        return tuple(_moved(x, line, column) for x in e)
    if not isinstance(e, N.Node):
        return e
    changes = {}
    for f in attrs.fields(type(e)):
        v = getattr(e, f.name)
        if isinstance(v, N.Span):
            changes[f.name] = move(v)
        elif isinstance(v, (tuple, N.Node)):
            changes[f.name] = _moved(v, line, column)
    return e.evolve(**changes)


def _signature(func) -> str:
    sig = LIBRARY.functions[func]
    gives = sig.result.show() if isinstance(sig.result, Type) else "item"
    return f"{sig.named_text()} -> {gives}"


def _text_at(analysis: DocumentIndex, place: Place) -> str:
    lines = parser_lines(analysis.source)
    if place.path == analysis.path and 1 <= place.line <= len(lines):
        return lines[place.line - 1][place.column - 1:place.end_column - 1]
    return ""


def _hover_text(analysis: DocumentIndex, occ: Occurrence) -> Optional[str]:
    kind, name = occ.key[0], occ.key[-1]
    if kind == "builtin-function":
        return f"```mire\n{_signature(name)}\n```\nbuiltin function: {LIBRARY.functions[name].doc}"
    if kind == "builtin":
        if name in LIBRARY.names:
            info = LIBRARY.names[name]
            return f"`{name}`: {info.type.show()}" + (f"\n\nbuiltin: {info.doc}" if info.doc else "\n\nbuiltin")
        return f"`{name}`" + (f": {_show(occ.type)}" if occ.type else "")
    if kind == "common":
        base = occ.key[1]
        typ = COMMON_ATTRS[base][name][0]
        return f"`{name}`: {typ.show()}\n\nattribute of every {base}: {COMMON_ATTR_DOCS.get((base, name), '')}"
    if kind == "file":
        return f"the base game: `{Path(occ.key[1]).name}`"
    decls = analysis.declarations.get(occ.key, [])
    if not decls:
        return None
    d = ([x for x in decls if x.replaces] or decls)[0]
    typ = occ.type or d.type
    head = f"({d.what}) `{d.name}`" + (f": {typ.show()}" if typ is not None else "")
    where = "" if d.place.path == analysis.path else f" in {Path(d.place.path).name}"
    text = f"{head}\n\n```mire\n{d.line_text}\n```\ndeclared on line {d.place.line}{where}"
    replaced = [x for x in decls if x is not d and x.place.path != d.place.path]
    if replaced:
        text += f"; replaces line {replaced[0].place.line} of {Path(replaced[0].place.path).name}"
    return text
