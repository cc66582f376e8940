"""What the language server knows about a rules file: its problems, outline, names and their places.

This is the one module of the editor tools that reads the parser's, checker's and loader's internals (the
AST nodes, `Checked.symbols`, `Checked.types`, the loader's variant merge). When those change, this file
changes and `lsp_server.py` (which only speaks the protocol) does not. It knows nothing of the protocol:
places are 1-based lines and columns of characters, ends exclusive, as the parser gives them.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Optional

import attrs

from ..engine import loader as _loader
from ..grammar import nodes as N
from ..grammar.checker import Checker
from ..grammar.diagnostics import Diagnostic, MireError
from ..grammar.highlight import DECLARATION_WORDS, OPERATOR_WORDS, OTHER_WORDS, STATEMENT_WORDS
from ..grammar.lexing import source_tokens
from ..grammar.parser import parse, parse_expression
from ..grammar.types import BUILTIN_FUNCTIONS, BUILTIN_NAMES, COMMON_ATTRS, elem, is_list, show

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_BASES = 4  # a variant of a variant of ...: how deep to follow
# one-line docs of the builtin functions (docs/language.md, 2.21)
FUNCTION_DOCS = {
    "count": "how many items the collection has",
    "empty": "whether the collection has no items (`empty(none)` is yes)",
    "any": "whether some item is true (for a filter: whether some value meets its condition)",
    "all": "whether every item is true (for a filter: whether every value meets its condition)",
    "sum": "the sum of a list of numbers",
    "min": "the smallest number of a list (0 for an empty list), or the smaller of two numbers",
    "max": "the largest number of a list (0 for an empty list), or the larger of two numbers",
    "abs": "the number without its sign",
    "top": "the top piece of a space or zone, or `none`",
    "bottom": "the bottom piece of a space or zone, or `none`",
    "first": "the first item of a list (of a zone: the bottom piece), or `none`",
    "last": "the last item of a list (of a zone: the top piece), or `none`",
    "random": "an item picked at random with the game's seeded random numbers, or `none`",
    "owner": "the owner of a piece, or of the top piece of a space (`none` if empty)",
    "in_a_row": "whether the space is part of a straight line of at least N spaces whose top pieces have "
                "the same owner",
    "neighbors": "the neighbours of the space on its board: orthogonal ones, or those in the given directions",
    "touching": "the spaces of the board next to the space on the plane, diagonals included",
    "path": "the spaces met going from the space in the direction across the shared plane, on every board",
    "ray": "the spaces of the space's board from it (not included) in the direction, to the edge",
    "direction": "the direction from A to B on the plane, if B is straight or diagonally that way; else `none`",
    "row": "the row of the space counted from the player's edge: 1 is the row nearest the player",
    "column": "the column of the space counted from the player's left",
    "at": "the space of the board at column X, row Y, or `none`",
    "next_player": "the player after this one in turn order",
    "seat": "the player in seat N (1, 2, ...)",
    "seat_space": "the space that a position written as text (\"b1\") names when read from the player's seat",
    "edge": "what is printed on the side of a tile that now faces the direction (given its turns, or R turns)",
    "turned": "where a direction printed on the tile points now, given its turns",
    "opposite": "the opposite direction",
    "land": "a landscape without its section number: `land(\"grass2\")` is `\"grass\"`",
    "regions": "the connected regions of a landscape across the tiles on the spaces",
    "closed": "whether a region is closed: each of its sides meets a side of the same landscape",
    "frontier": "the empty spaces orthogonally next to those of the list that hold a piece",
    "group": "the chain of spaces joined to the space, step by step, whose top pieces have its top piece's owner",
}
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
    #            phase, action, trigger, option, pieces, input, show, rank, game, players, variant
    place: Place
    name_place: Place
    detail: str = ""
    children: tuple = ()


@attrs.frozen
class Completion:
    label: str
    what: str  # keyword, builtin, function, variable, local, attribute, rule, ...
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
    type: Optional[str] = None
    replaces: bool = False  # a variant's `replace` of the base's item


@attrs.frozen
class Occurrence:
    key: tuple
    place: Place
    declaration: bool = False
    type: Optional[str] = None  # the type of the value there, when the checker knows it


class RenameRefused(Exception):
    """Why a rename cannot be done, in words for the author."""


# ---------------------------------------------------------------- the analysis


@attrs.define
class Analysis:
    path: str
    source: str
    problems: list = attrs.Factory(list)
    parsed: bool = False  # False: the file has syntax errors, and only `problems` is filled in
    symbols: list = attrs.Factory(list)
    occurrences: list = attrs.Factory(list)  # of this file
    declarations: dict = attrs.Factory(dict)  # key -> [Declaration] (this file's and the base's)
    locals: list = attrs.Factory(list)  # [(name, key, visible Place, type, what)]
    attributes: dict = attrs.Factory(dict)  # kind name -> {attribute: type}
    player_names: dict = attrs.Factory(dict)  # zones and variables of each player: name -> (what, type)
    base: Optional["Analysis"] = None

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
        return [d.place for d in current[:1]] if current else []

    def references(self, line: int, column: int, include_declaration: bool = True) -> list:
        occ = self.occurrence_at(line, column)
        if occ is None or occ.key[0] in ("file",):
            return []
        return [o.place for o in self.all_occurrences()
                if o.key == occ.key and (include_declaration or not o.declaration)]

    def hover(self, line: int, column: int) -> Optional[str]:
        occ = self.occurrence_at(line, column)
        if occ is None:
            return None
        return _hover_text(self, occ)

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
        if new_name in BUILTIN_NAMES or new_name in _LANGUAGE_WORDS:
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

    # ------------------------------------------------------------ completion
    def completions(self, line: int, column: int, line_text: str) -> list:
        """What may be typed at (line, column); `line_text` is the line as it is now in the editor."""
        before = line_text[:max(0, column - 1)]
        words = before.split()
        attr = re.search(r"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\.([A-Za-z_0-9]*)$", before)
        if attr:
            return self._attribute_completions(attr.group(1), line)
        stripped = before.lstrip()
        if re.fullmatch(r"(replace|remove)\s+([A-Za-z_]*)", stripped) and before == stripped:
            return self._base_completions(stripped.split()[0])
        m = re.fullmatch(r"(replace|remove)\s+(action|trigger|def|proc|option|var|const)\s+[A-Za-z_0-9]*", stripped)
        if m and before == stripped:
            return self._base_completions(m.group(1), m.group(2))
        if not stripped or (len(words) == 1 and not before.endswith(" ") and NAME.fullmatch(words[0])):
            if before == stripped:  # the start of a top-level line: a declaration
                return [Completion(w, "keyword", "declaration") for w in
                        sorted(set(DECLARATION_WORDS) | {"players", "first", "remove"})]
        return self._name_completions(line, column) + [
            Completion(w, "keyword") for w in sorted(set(STATEMENT_WORDS) | set(OTHER_WORDS) | set(OPERATOR_WORDS))]

    def _name_completions(self, line, column) -> list:
        out, seen = [], set()
        for name, key, visible, typ, what in self.locals:
            if visible.holds(line, column) and name not in seen:
                seen.add(name)
                out.append(Completion(name, "local", f"{what}: {typ}" if typ else what))
        for key, decls in sorted(self.declarations.items()):
            if key[0] != "game" or key[1] in seen:
                continue
            d = decls[0]
            seen.add(key[1])
            out.append(Completion(key[1], "function" if d.what in ("def", "proc") else "variable",
                                  d.what + (f": {d.type}" if d.type else ""), d.line_text))
        for name, (typ, doc) in BUILTIN_NAMES.items():
            if name not in seen:
                out.append(Completion(name, "builtin", show(typ), doc))
        for name in BUILTIN_FUNCTIONS:
            if name not in seen:
                out.append(Completion(name, "function", _signature(name), FUNCTION_DOCS.get(name, "")))
        return out

    def _attribute_completions(self, chain: str, line: int) -> list:
        parts = chain.split(".")
        typ = self._type_of_name(parts[0], line)
        for part in parts[1:]:
            typ = self._attribute_type(typ, part) if typ else None
        if typ is None:
            return []
        return [Completion(name, "attribute", t or "", doc) for name, t, doc in self._attributes_of(typ)]

    def _type_of_name(self, name, line) -> Optional[str]:
        best = None
        for local, _key, visible, typ, _what in self.locals:
            if local == name and visible.line <= line <= visible.end_line:
                best = typ
        if best is not None:
            return best
        for occ in self.occurrences:
            if occ.key in (("game", name), ("builtin", name)) and occ.type:
                return occ.type
        if name in BUILTIN_NAMES:
            return _type_text(BUILTIN_NAMES[name][0])
        return None

    def _attribute_type(self, typ, name) -> Optional[str]:
        for attr, t, _ in self._attributes_of(typ):
            if attr == name:
                return t
        return None

    def _attributes_of(self, typ) -> list:
        """[(name, type, doc)] of a value of type `typ` (a type as the checker writes it)."""
        base = "piece" if typ.startswith("piece") else typ
        out = []
        if base == "player":
            out += [(n, t, w) for n, (w, t) in sorted(self.player_names.items())]
        if typ.startswith("piece ("):
            kind = typ[len("piece ("):-1]
            out += [(n, t, f"attribute of {kind}") for n, t in self.attributes.get(kind, {}).items()]
        elif base == "piece":
            for kind, attrs_ in sorted(self.attributes.items()):
                out += [(n, t, f"attribute of {kind}") for n, t in attrs_.items()]
        for n, (t, _) in COMMON_ATTRS.get(base, {}).items():
            out.append((n, _type_text(t), COMMON_ATTR_DOCS.get((base, n), "")))
        return out

    def _base_completions(self, verb, kind=None) -> list:
        base = self.base
        if base is None:
            return []
        out = []
        for key, decls in sorted(base.declarations.items()):
            for d in decls:
                if d.place.path != base.path:
                    continue
                word = _ITEM_WORDS.get(d.what)
                if word is None or (kind is not None and word != kind):
                    continue
                if verb == "remove" and word not in ("action", "trigger", "proc", "def", "option"):
                    continue
                label = d.name if kind else f"{word} {d.name}"
                text = d.line_text.split("#")[0].rstrip()
                insert = (text[len(word) + 1:] if kind else text) if verb == "replace" else label
                if insert.startswith("fallback "):
                    insert = insert[len("fallback "):] if kind else insert
                out.append(Completion(label, "rule", f"{d.what} of {Path(base.path).name}", d.line_text, insert))
        return out


_ITEM_WORDS = {"action": "action", "trigger": "trigger", "def": "def", "proc": "proc", "option": "option",
               "variable": "var", "constant": "const"}
_LANGUAGE_WORDS = set(DECLARATION_WORDS) | set(STATEMENT_WORDS) | set(OTHER_WORDS) | set(OPERATOR_WORDS) \
    | {"players", "first", "x"}


def analyse(source: str, path: str, read: Optional[Callable[[str], Optional[str]]] = None,
            _depth: int = 0) -> Analysis:
    """Everything the server answers from, for the rules text `source` of the file `path` (which need not be
    saved). `read(path)` gives another file's text (the base of a variant), or None to read it from disk."""
    path = str(Path(path).resolve())
    result = Analysis(path, source)
    try:
        _Analyser(result, read or (lambda p: None), _depth).run()
    except MireError as err:  # syntax errors: the problems, and nothing else
        result.problems = [_problem(d, err.sources, path) for d in err.diagnostics]
    except Exception as err:  # noqa: BLE001 - a bug of ours must not stop the server: say so in the file
        result.parsed = False
        result.symbols, result.occurrences = [], []
        result.problems.append(Problem("internal", f"mire could not check this file: {type(err).__name__}: {err}",
                                       None, "error", Place(path, 1, 1, 1, 1), None))
    return result


def _read(path: str, read) -> str:
    text = read(path)
    if text is None:
        text = Path(path).read_text(encoding="utf-8")
    return text


class _Analyser:
    def __init__(self, result: Analysis, read, depth):
        self.r = result
        self.read = read
        self.depth = depth

    def run(self):
        r = self.r
        module = parse(r.source, r.path)
        r.parsed = True
        path = Path(r.path)
        sources = {r.path: r.source}
        items = list(module.items)
        variant = next((i for i in items if isinstance(i, N.VariantOf)), None)
        diags, origins, base_module = [], {}, None
        # the same steps as the loader's (engine/loader.py `_load`), on the text in the editor
        if variant is None:
            for i in items:
                if isinstance(i, (N.ReplaceItem, N.RemoveItem)):
                    word = "replace" if isinstance(i, N.ReplaceItem) else "remove"
                    diags.append(Diagnostic("E062", f"`{word}` changes a base game, and this file is not a "
                                                    "variant", r.path, i.span, "start the file with `variant of BASE`"))
            merged = [i.item if isinstance(i, N.ReplaceItem) else i for i in items if not isinstance(i, N.RemoveItem)]
        else:
            merged = items
            try:
                base_path = str(_loader._sibling_or_bundled(path, variant.base).resolve())
                base_source = _read(base_path, self.read)
            except (MireError, OSError, UnicodeDecodeError) as err:
                problems = err.diagnostics if isinstance(err, MireError) else []
                message = problems[0].message if problems else f"cannot read the base game '{variant.base}'"
                diags.append(Diagnostic(problems[0].code if problems else "E091", message, r.path,
                                                variant.span, problems[0].hint if problems else None))
            else:
                sources[base_path] = base_source
                if self.depth < MAX_BASES:
                    r.base = analyse(base_source, base_path, self.read, self.depth + 1)
                try:
                    base_module = parse(base_source, base_path)
                except MireError as err:
                    diags.append(Diagnostic("E060", f"the base game '{variant.base}' has syntax errors",
                                                    r.path, variant.span, "open it and correct them"))
                    r.problems.extend(_problem(d, err.sources, r.path, variant.span) for d in err.diagnostics)
                else:
                    for item in base_module.items:
                        origins[id(item)] = (base_path, base_source)
                        for sub in item.items if isinstance(item, N.Phase) else ():
                            origins[id(sub)] = (base_path, base_source)
                    merged, merge_diags = _loader.merge_variant(base_module.items, items, r.path, origins)
                    diags.extend(merge_diags)
        game = N.Module(r.path, tuple(merged), module.span)
        game, data_diags, data_sources = _loader._read_data_files(game, path)
        diags.extend(data_diags)
        sources.update({str(Path(k).resolve()): v for k, v in data_sources.items()})
        checked = Checker(game, {k: v[0] for k, v in _loader._track_origins(game, origins).items()}).run()
        for d in sorted(checked.diagnostics + diags, key=lambda d: (d.span.line, d.span.column)):
            r.problems.append(_problem(d, sources, r.path, variant.span if variant else None))
        _Collector(r, module, checked, variant).run()


def _problem(d, sources, path, via: Optional[N.Span] = None) -> Problem:
    """A diagnostic for this file; one in another file (the base, a data file) is shown at the line that
    brings that file in, with its own place as related information."""
    from ..grammar import codes
    dpath = str(Path(d.path).resolve()) if d.path and not d.path.startswith("<") else path
    d = d.resolved(sources.get(d.path) or sources.get(dpath))
    own = _place(dpath, d.span)
    try:
        explanation = codes.explain(d.code)
    except (KeyError, LookupError, ValueError):
        explanation = None
    if dpath == path:
        return Problem(d.code, d.message, d.hint, d.severity, own, explanation)
    where = _place(path, via) if via is not None else Place(path, 1, 1, 1, 1)
    line = f"{Path(dpath).name}:{d.span.line}:{d.span.column}"
    return Problem(d.code, f"{line}: {d.message}", d.hint, d.severity, where, explanation, ((own, d.message),))


def _place(path, span) -> Place:
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
    type: Optional[str]
    what: str


class _Collector:
    """Walks this file's items: declarations, uses of names (with the binding of each local), the outline."""

    def __init__(self, result: Analysis, module, checked, variant):
        self.r = result
        self.module = module
        self.checked = checked
        self.sym = checked.symbols
        self.types = checked.types
        self.variant = variant
        self.lines = result.source.splitlines()
        self.tokens: dict = {}
        for tok in source_tokens(result.source):
            if tok.type in ("NAME", "GAME_NAME", "STRING"):
                self.tokens.setdefault(tok.line, []).append(tok)
        self.bindings = 0

    # ------------------------------------------------------------ places
    def place(self, span) -> Place:
        return _place(self.r.path, span)

    def tokens_in(self, span, types=("NAME",)):
        for line in range(span.line, max(span.line, span.end_line) + 1):
            for tok in self.tokens.get(line, ()):
                if tok.type not in types:
                    continue
                if (tok.line, tok.column) < (span.line, span.column):
                    continue
                if span.end_line >= span.line and (tok.end_line, tok.end_column) > (span.end_line, span.end_column):
                    continue
                yield tok

    def name_place(self, span, name, skip=0) -> Optional[Place]:
        """Where `name` is written inside `span` (its skip+1-th time)."""
        for tok in self.tokens_in(span):
            if tok.value == name:
                if skip == 0:
                    return Place(self.r.path, tok.line, tok.column, tok.end_line, tok.end_column)
                skip -= 1
        return None

    def line_text(self, span) -> str:
        if 1 <= span.line <= len(self.lines):
            return self.lines[span.line - 1].strip()
        return ""

    def type_of(self, node) -> Optional[str]:
        t = self.types.get(node)
        return _type_text(t) if t is not None else None

    # ------------------------------------------------------------ recording
    def use(self, key, place, typ=None):
        if place is not None:
            self.r.occurrences.append(Occurrence(key, place, False, typ))

    def declare(self, key, name, what, span, typ=None, replaces=False, skip=0) -> Optional[Place]:
        place = self.name_place(span, name, skip)
        if place is None:
            return None
        self.r.occurrences.append(Occurrence(key, place, True, typ))
        self.r.declarations.setdefault(key, []).append(
            Declaration(key, name, what, place, self.line_text(span), typ, replaces))
        return place

    def bind(self, scope, name, span, typ, what, visible, skip=0):
        place = self.name_place(span, name, skip)
        self.bindings += 1
        key = ("local", self.r.path, self.bindings)
        binding = _Binding(name, key, typ, what)
        scope[name] = binding
        if place is not None:
            self.r.occurrences.append(Occurrence(key, place, True, typ))
            self.r.declarations[key] = [Declaration(key, name, what, place, self.line_text(span), typ)]
        self.r.locals.append((name, key, self.place(visible) if isinstance(visible, N.Span) else visible, typ, what))
        return binding

    # ------------------------------------------------------------ the file
    def run(self):
        r = self.r
        if r.base is not None:  # the base's declarations are this game's too
            for key, decls in r.base.declarations.items():
                if key[0] != "local":
                    r.declarations.setdefault(key, []).extend(decls)
        for kind in self.sym.kinds.values():
            r.attributes[kind.name] = {a.name: _type_text(_type_ref(a.type, self.sym)) for a in kind.attrs}
        for name, z in self.sym.zones.items():
            if z.per_player:
                r.player_names[name] = ("zone of each player", "zone")
        for name, v in self.sym.vars.items():
            if v.per_player:
                r.player_names[name] = ("variable of each player", _type_text(_type_ref(v.type, self.sym)))
        for item in self.module.items:
            symbol = self.item(item)
            if symbol is not None:
                r.symbols.append(symbol)
        r.occurrences.sort(key=lambda o: (o.place.line, o.place.column))

    def item(self, item, replaces=False) -> Optional[Symbol]:
        sym, span, P = self.sym, item.span, self.place
        if isinstance(item, N.ReplaceItem):
            return self.item(item.item, replaces=True)
        if isinstance(item, N.Game):
            return Symbol(item.title, "game", P(span), P(span))
        if isinstance(item, N.Players):
            return Symbol("players", "players", P(span), P(span), self.line_text(span))
        if isinstance(item, N.VariantOf):
            place = None
            for tok in self.tokens_in(span, ("GAME_NAME",)):
                place = Place(self.r.path, tok.line, tok.column, tok.end_line, tok.end_column)
            if place is not None and self.r.base is not None:
                self.use(("file", self.r.base.path), place)
            return Symbol(f"variant of {item.base}", "variant", P(span), place or P(span))
        if isinstance(item, N.Board):
            where = self.declare(("game", item.name), item.name, "board", span, "list of space")
            if item.at is not None:
                scope = {}
                for coord in ("x", "y"):
                    scope[coord] = _Binding(coord, ("builtin", coord), "int", "coordinate of the board's spaces")
                for e in item.at:
                    self.expr(e, [scope])
            return self.symbol(item.name, "board", span, where, self.line_text(span))
        if isinstance(item, N.Enum):
            where = self.declare(("game", item.name), item.name, "enum", span, None)
            children = []
            for v in item.values:
                vplace = self.declare(("game", v), v, "enum value", span, item.name, skip=1 if v == item.name else 0)
                if vplace is not None:
                    children.append(Symbol(v, "enum value", vplace, vplace))
            return self.symbol(item.name, "enum", span, where, ", ".join(item.values), tuple(children))
        if isinstance(item, N.Kind):
            where = self.declare(("game", item.name), item.name, "piece kind", span, f"list of piece ({item.name})")
            children = []
            for a in item.attrs:
                t = _type_text(_type_ref(a.type, sym))
                aplace = self.declare(("attr", item.name, a.name), a.name, f"attribute of {item.name}", a.span, t)
                self.type_ref(a.type)
                if aplace is not None:
                    children.append(Symbol(a.name, "attribute", P(a.span), aplace, t))
            return self.symbol(item.name, "piece kind", span, where, self.line_text(span), tuple(children))
        if isinstance(item, N.Pieces):
            head = N.Span(span.line, span.column, span.line, 10 ** 6)
            names = [t for t in self.tokens_in(head)]
            for tok in names:
                if tok.value == item.kind or tok.value == item.zone:
                    self.use(("game", tok.value), Place(self.r.path, tok.line, tok.column, tok.end_line, tok.end_column))
            if item.file is None and item.data is None and span.end_line > span.line:
                header_line = span.line + 1
                while header_line <= span.end_line and not self.tokens.get(header_line):
                    header_line += 1
                for tok in self.tokens.get(header_line, ()):
                    if tok.value != "count":
                        self.use(("attr", item.kind, tok.value),
                                 Place(self.r.path, tok.line, tok.column, tok.end_line, tok.end_column))
                for row in item.rows:
                    for value, cell in row:
                        if isinstance(value, str) and value in sym.enum_values:
                            self.use(("game", value), self.place(cell), f"{sym.enum_values[value]}")
            return self.symbol(f"pieces {item.kind}", "pieces", span, P(head), self.line_text(span))
        if isinstance(item, N.Zone):
            where = self.declare(("game", item.name), item.name, "zone", span, "zone")
            return self.symbol(item.name, "zone", span, where, self.line_text(span))
        if isinstance(item, N.Var):
            t = _type_text(_type_ref(item.type, sym))
            where = self.declare(("game", item.name), item.name, "variable", span, t, replaces)
            self.type_ref(item.type)
            self.expr(item.init, [])
            return self.symbol(item.name, "variable", span, where, t)
        if isinstance(item, N.Const):
            t = self.type_of(item) or self.type_of(item.value)
            where = self.declare(("game", item.name), item.name, "constant", span, t, replaces)
            self.expr(item.value, [])
            return self.symbol(item.name, "constant", span, where, t or "")
        if isinstance(item, N.Def):
            t = self.type_of(item.body)
            where = self.declare(("game", item.name), item.name, "def", span, t, replaces)
            scope = {}
            head = N.Span(span.line, span.column, span.line, 10 ** 6)
            for p in item.params:
                self.bind(scope, p, head, None, "parameter", span, skip=1 if p == item.name else 0)
            self.expr(item.body, [scope])
            return self.symbol(item.name, "def", span, where, f"({', '.join(item.params)})")
        if isinstance(item, N.Proc):
            where = self.declare(("game", item.name), item.name, "proc", span, None, replaces)
            scope = {}
            for p in item.params:
                self.bind(scope, p, N.Span(span.line, span.column, span.line, 10 ** 6), None, "parameter", span,
                          skip=1 if p == item.name else 0)
            self.block(item.body, [scope], span)
            return self.symbol(item.name, "proc", span, where, f"({', '.join(item.params)})")
        if isinstance(item, N.Setup):
            self.block(item.body, [], span)
            return Symbol("setup", "setup", P(span), P(N.Span(span.line, span.column, span.line, span.column + 5)))
        if isinstance(item, N.Phase):
            where = self.declare(("game", item.name), item.name, "phase", span, "text")
            if item.until is not None:
                self.expr(item.until, [])
            children = tuple(c for c in (self.item(sub) for sub in item.items) if c is not None)
            return self.symbol(item.name, "phase", span, where, "", children)
        if isinstance(item, N.Action):
            what = "fallback action" if item.fallback else "action"
            where = self.declare(("rule", item.name), item.name, what, span, None, replaces)
            scope = {}
            for prm in item.params:
                self.expr(prm.domain, [scope])
                et = _element(self.type_of(prm.domain))
                self.bind(scope, prm.name, prm.span, et, "parameter", span)
                if prm.test is not None:
                    self.expr(prm.test, [scope])
            self.block(item.body, [scope], span)
            params = ", ".join(p.name for p in item.params)
            return self.symbol(item.name, what, span, where, f"({params})")
        if isinstance(item, N.Trigger):
            where = self.declare(("rule", item.name), item.name, "trigger", span, None, replaces)
            self.block(item.body, [], span)
            return self.symbol(item.name, "trigger", span, where, item.event)
        if isinstance(item, N.Option):
            where = self.declare(("game", item.name), item.name, "option", span, "bool", replaces)
            return self.symbol(item.name, "option", span, where, item.description)
        if isinstance(item, N.RemoveItem):
            key = ("rule", item.name) if item.kind in ("action", "trigger") else ("game", item.name)
            self.use(key, self.name_place(span, item.name))
            return None
        if isinstance(item, N.Input):
            for name in (item.zone, item.kind, item.source):
                skip = 1 if name == item.source and name == item.zone else 0
                self.use(("game", name), self.name_place(span, name, skip))
            return self.symbol(f"input {item.zone}", "input", span, None, self.line_text(span))
        if isinstance(item, N.Show):
            self.use(("game", item.kind), self.name_place(span, item.kind))
            scope = {"it": _Binding("it", ("builtin", "it"), f"piece ({item.kind})", "the piece shown")}
            self.template(span, [scope])
            return self.symbol(f"show {item.kind}", "show", span, None, self.line_text(span))
        if isinstance(item, N.Rank):
            scope = {"player": _Binding("player", ("builtin", "player"), "player", "each player ranked")}
            for k in item.keys:
                self.expr(k, [scope])
            return self.symbol("rank by", "rank", span, None, self.line_text(span))
        return None

    def symbol(self, name, what, span, where, detail="", children=()) -> Symbol:
        whole = self.place(span)
        return Symbol(name, what, whole, where or whole, detail or "", children)

    def type_ref(self, t):
        if t is None:
            return
        if t.name == "list":
            self.type_ref(t.of)
        elif t.name in self.sym.enums or t.name in self.sym.kinds:
            self.use(("game", t.name), self.name_place(t.span, t.name))

    # ------------------------------------------------------------ statements
    def block(self, stmts, scopes, whole):
        scope: dict = {}
        scopes = scopes + [scope]
        end = N.Span(stmts[-1].span.end_line, stmts[-1].span.end_column, stmts[-1].span.end_line,
                     stmts[-1].span.end_column) if stmts else whole
        for s in stmts:
            self.stmt(s, scopes, end)

    def stmt(self, s, scopes, block_end):
        E = self.expr
        if isinstance(s, N.Let):
            E(s.value, scopes)
            visible = N.Span(s.span.line, s.span.column, block_end.end_line, block_end.end_column)
            self.bind(scopes[-1], s.name, s.span, self.type_of(s.value), "local", visible)
        elif isinstance(s, N.Assign):
            E(s.target, scopes)
            E(s.value, scopes)
        elif isinstance(s, N.Place):
            for e in (s.kind, s.owner, s.where):
                if e is not None:
                    E(e, scopes)
        elif isinstance(s, N.Move):
            E(s.what, scopes)
            E(s.dest, scopes)
        elif isinstance(s, (N.Remove, N.Flip, N.Shuffle)):
            E(s.what, scopes)
        elif isinstance(s, N.Require):
            E(s.test, scopes)
        elif isinstance(s, N.Outcome):
            if s.who is not None:
                E(s.who, scopes)
        elif isinstance(s, N.Next):
            E(s.who, scopes)
        elif isinstance(s, N.Enter):
            where = None
            for tok in self.tokens_in(s.span):
                if tok.value == s.phase:
                    where = Place(self.r.path, tok.line, tok.column, tok.end_line, tok.end_column)
            self.use(("game", s.phase), where, "text")
        elif isinstance(s, N.Log):
            self.template(s.span, scopes)
        elif isinstance(s, N.ExprStmt):
            E(s.call, scopes)
        elif isinstance(s, N.If):
            for test, body in s.branches:
                E(test, scopes)
                self.block(body, scopes, s.span)
            if s.orelse:
                self.block(s.orelse, scopes, s.span)
        elif isinstance(s, (N.For, N.Choose)):
            E(s.domain, scopes)
            inner: dict = {}
            what = "loop variable" if isinstance(s, N.For) else "chosen value"
            self.bind(inner, s.var, s.span, _element(self.type_of(s.domain)), what, s.span)
            if s.test is not None:
                E(s.test, scopes + [inner])
            chooser = s.ordered_by if isinstance(s, N.For) else s.by
            if chooser is not None:
                E(chooser, scopes)
            self.block(s.body, scopes + [inner], s.span)
        elif isinstance(s, N.Repeat):
            E(s.count, scopes)
            self.block(s.body, scopes, s.span)

    def template(self, span, scopes):
        """The {expressions} of a `log` or `show` text: parsed again, at their places in the string."""
        for tok in self.tokens_in(span, ("STRING",)):
            for m in re.finditer(r"\{([^}]*)\}", tok.value):
                try:
                    expr = parse_expression(m.group(1))
                except Exception:  # noqa: BLE001 - the checker reports it (E002)
                    continue
                shift = (tok.line, tok.column + m.start(1))
                self.expr(_moved(expr, shift), scopes, typed=False)

    # ------------------------------------------------------------ expressions
    def lookup(self, name, scopes):
        for scope in reversed(scopes):
            if name in scope:
                return scope[name]
        return None

    def expr(self, e, scopes, typed=True):
        E = lambda x: self.expr(x, scopes, typed)  # noqa: E731
        typ = self.type_of(e) if typed else None
        if isinstance(e, N.Name):
            binding = self.lookup(e.id, scopes)
            if binding is not None:
                self.use(binding.key, self.place(e.span), typ or binding.type)
            elif _is_declared(e.id, self.sym):
                self.use(("game", e.id), self.place(e.span), typ)
            elif e.id in BUILTIN_NAMES:
                self.use(("builtin", e.id), self.place(e.span), typ or _type_text(BUILTIN_NAMES[e.id][0]))
        elif isinstance(e, N.Call):
            where = N.Span(e.span.line, e.span.column, e.span.line, e.span.column + len(e.func))
            if e.func in self.sym.defs or e.func in self.sym.procs:
                self.use(("game", e.func), self.place(where), typ)
            elif e.func in BUILTIN_FUNCTIONS:
                self.use(("builtin-function", e.func), self.place(where), typ)
            for a in e.args:
                E(a)
        elif isinstance(e, N.Attr):
            E(e.obj)
            sp = e.span
            where = N.Span(sp.end_line, sp.end_column - len(e.name), sp.end_line, sp.end_column)
            key = self.attribute_key(self.type_of(e.obj) if typed else None, e.name)
            if key is not None:
                self.use(key, self.place(where), typ)
        elif isinstance(e, N.Filter):
            self.filter(e, scopes, typed)
        elif isinstance(e, N.Comprehension):
            inner_scopes = scopes
            for f in e.fors:
                self.expr(f.domain, inner_scopes, typed)
                inner = {}
                self.bind(inner, f.var, f.span, _element(self.type_of(f.domain) if typed else None), "local", e.span)
                inner_scopes = inner_scopes + [inner]
                if f.test is not None:
                    self.expr(f.test, inner_scopes, typed)
            self.expr(e.element, inner_scopes, typed)
        else:
            for field in attrs.fields(type(e)) if attrs.has(type(e)) else ():
                value = getattr(e, field.name)
                if isinstance(value, tuple):
                    for v in value:
                        if attrs.has(type(v)) and not isinstance(v, N.Span):
                            E(v)
                elif attrs.has(type(value)) and not isinstance(value, N.Span):
                    E(value)

    def filter(self, e, scopes, typed) -> dict:
        """`x in S where C` (and `x in S while C where D`, where both conditions test the same x): the scope
        that binds x."""
        if isinstance(e.domain, N.Filter) and e.domain.var == e.var:
            inner = self.filter(e.domain, scopes, typed)
        else:
            self.expr(e.domain, scopes, typed)
            inner = {}
            self.bind(inner, e.var, e.span, _element(self.type_of(e.domain) if typed else None), "local", e.span)
        self.expr(e.test, scopes + [inner], typed)
        return inner

    def attribute_key(self, obj_type, name):
        sym = self.sym
        if obj_type is None:
            # no type (inside a message's braces): a player's zone or variable, or a kind's attribute
            if name in self.r.player_names:
                return ("game", name)
            kinds = [k for k, a in self.r.attributes.items() if name in a]
            return ("attr", kinds[0], name) if len(kinds) == 1 else None
        base = "piece" if obj_type.startswith("piece") else obj_type
        if base == "player" and (name in sym.zones or name in sym.vars or name in sym.boards):
            return ("game", name)
        if obj_type.startswith("piece (") and name in self.r.attributes.get(obj_type[7:-1], {}):
            return ("attr", obj_type[7:-1], name)
        if base == "piece":
            kinds = [k for k, a in self.r.attributes.items() if name in a]
            if kinds:
                return ("attr", kinds[0], name)
        if name in COMMON_ATTRS.get(base, {}):
            return ("common", base, name)
        return None


def _is_declared(name, sym) -> bool:
    return any(name in table for table in (sym.vars, sym.consts, sym.boards, sym.zones, sym.kinds, sym.enum_values,
                                           sym.options, sym.phases, sym.defs, sym.procs, sym.enums))


def _type_ref(t, sym) -> str:
    """The checker's type of a written type (`int`, `colour`, `list of card`)."""
    if t is None:
        return "any"
    if t.name == "list":
        return f"list[{_type_ref(t.of, sym)}]"
    if t.name in sym.enums:
        return f"enum:{t.name}"
    if t.name in sym.kinds:
        return f"piece:{t.name}"
    return t.name


def _type_text(t) -> str:
    """A type as the checker gives it, in words (`list of space`, `piece (frog)`)."""
    return show(t) if isinstance(t, str) else str(t)


def _element(type_text: Optional[str]) -> Optional[str]:
    """The type of an element of a collection of the type written `type_text`."""
    if not type_text:
        return None
    if type_text.startswith("list of "):
        return type_text[len("list of "):]
    if type_text in ("zone", "space"):
        return "piece"
    return None


def _moved(e, at):
    """A parsed `{expression}` moved to its place in the file: line `at[0]`, from column `at[1]`."""
    line, column = at

    def move(span):
        return N.Span(line, column + span.column - 1, line, column + span.end_column - 1)

    if isinstance(e, tuple):
        return tuple(_moved(x, at) for x in e)
    if not attrs.has(type(e)) or isinstance(e, N.Span):
        return e
    changes = {}
    for f in attrs.fields(type(e)):
        v = getattr(e, f.name)
        if isinstance(v, N.Span):
            changes[f.name] = move(v)
        elif isinstance(v, tuple) or attrs.has(type(v)):
            changes[f.name] = _moved(v, at)
    return attrs.evolve(e, **changes)


def _signature(func) -> str:
    from ..grammar.expr_types import _signature as signature
    result = BUILTIN_FUNCTIONS[func][3]
    gives = {"elem": "item"}.get(result, show(result))
    return f"{signature(func)} -> {gives}"


def _text_at(analysis: Analysis, place: Place) -> str:
    lines = analysis.source.splitlines()
    if place.path == analysis.path and 1 <= place.line <= len(lines):
        return lines[place.line - 1][place.column - 1:place.end_column - 1]
    return ""


def _hover_text(analysis: Analysis, occ: Occurrence) -> Optional[str]:
    kind = occ.key[0]
    if kind == "builtin-function":
        name = occ.key[1]
        return f"```mire\n{_signature(name)}\n```\nbuiltin function: {FUNCTION_DOCS.get(name, '')}"
    if kind == "builtin":
        name = occ.key[1]
        if name in BUILTIN_NAMES:
            typ, doc = BUILTIN_NAMES[name]
            return f"`{name}`: {show(typ)}" + (f"\n\nbuiltin: {doc}" if doc else "\n\nbuiltin")
        return f"`{name}`" + (f": {occ.type}" if occ.type else "")
    if kind == "common":
        _, base, name = occ.key
        typ = COMMON_ATTRS[base][name][0]
        return f"`{name}`: {show(typ)}\n\nattribute of every {base}: {COMMON_ATTR_DOCS.get((base, name), '')}"
    if kind == "file":
        return f"the base game: `{Path(occ.key[1]).name}`"
    decls = analysis.declarations.get(occ.key, [])
    if not decls:
        return None
    current = [d for d in decls if d.replaces] or decls
    d = current[0]
    typ = occ.type or d.type
    name = d.name
    head = f"({d.what}) `{name}`" + (f": {typ}" if typ else "")
    where = "" if d.place.path == analysis.path else f" in {Path(d.place.path).name}"
    text = f"{head}\n\n```mire\n{d.line_text}\n```\ndeclared on line {d.place.line}{where}"
    replaced = [x for x in decls if x is not d and x.place.path != d.place.path]
    if replaced:
        text += f"; replaces line {replaced[0].place.line} of {Path(replaced[0].place.path).name}"
    return text
