"""What the checker knows and what it hands on: the game's declarations, the meaning and type of every
expression, and the diagnostics. The checker's parts (checker.py, statements.py, expr_types.py, tables.py)
share one `Context`; the compiler reads the `Checked` result.
"""
from __future__ import annotations

from typing import Optional

import attrs

from . import nodes as N
from .diagnostics import Diagnostic
from .types import ANY, DECLARABLE, SCALAR_TYPES, Library, MeaningCategory, Type, enum_type, list_of, piece_of
from .wording import a, did_you_mean

# the editions of the language this Mire reads, and the one a file without an `edition` line is written in
EDITIONS = (2, 3)
EDITION = 2

# the builtin names that are words of the language: no declaration may take one
LANGUAGE_WORDS = frozenset({"yes", "no", "true", "false", "none"})


@attrs.define
class Symbols:
    """Everything declared at the top of a game, by name."""
    title: str = ""
    edition: int = EDITION  # the edition of the language the file is written in (`edition N`)
    players: Optional[N.Players] = None
    first: Optional[N.First] = None
    boards: dict[str, N.Board] = attrs.Factory(dict)
    enums: dict[str, N.Enum] = attrs.Factory(dict)
    enum_values: dict[str, str] = attrs.Factory(dict)  # value -> enum name
    kinds: dict[str, N.Kind] = attrs.Factory(dict)
    pieces: list[N.Pieces] = attrs.Factory(list)
    zones: dict[str, N.Zone] = attrs.Factory(dict)
    vars: dict[str, N.Var] = attrs.Factory(dict)
    consts: dict[str, N.Const] = attrs.Factory(dict)
    defs: dict[str, N.Def] = attrs.Factory(dict)
    procs: dict[str, N.Proc] = attrs.Factory(dict)
    setups: list[N.Setup] = attrs.Factory(list)
    phases: dict[str, N.Phase] = attrs.Factory(dict)
    actions: dict[str, N.Action] = attrs.Factory(dict)
    triggers: dict[str, N.Trigger] = attrs.Factory(dict)
    options: dict[str, N.Option] = attrs.Factory(dict)
    rank: Optional[N.Rank] = None
    stuck: dict[Optional[str], N.Stuck] = attrs.Factory(dict)  # phase (None: the whole game) -> its stuck rule
    inputs: list[N.Input] = attrs.Factory(list)
    shows: list[N.Show] = attrs.Factory(list)
    displays: list[N.Display] = attrs.Factory(list)  # the display form's blocks, in the order written
    about: Optional[N.About] = None
    legend: list[N.Legend] = attrs.Factory(list)   # what the notation means, in the order written
    statuses: list[N.Status] = attrs.Factory(list)

    def declared_type(self, t: N.TypeRef) -> Optional[Type]:
        """The type a declaration writes (`list of int`, an enum, a piece kind), or None for an unknown name."""
        if t.name == "list":
            return list_of(self.declared_type(t.of) or ANY if t.of is not None else ANY)
        if t.name in DECLARABLE:
            return SCALAR_TYPES[t.name]
        if t.name in self.enums:
            return enum_type(t.name)
        if t.name in self.kinds:
            return piece_of(t.name)
        return None


# What a name in an expression refers to: a local (parameter, let, loop variable), or a declaration of the
# game (var, const, board, zone, kind, enum, option, phase), or a builtin name.
# A kind's name is the list of its pieces ("kind"), or the kind itself where a kind is wanted ("kind value");
# an enum's name is the list of its values ("enum type").
# (MEANINGS, in grammar/types.py, lists them)


@attrs.frozen
class Meaning:
    category: MeaningCategory
    name: str


@attrs.frozen
class Checked:
    """The checker's result: the module and its declarations, the type of every expression it typed, and the
    meaning of every name it resolved (names inside a def are resolved with the def)."""
    module: N.Module
    symbols: Symbols
    types: dict[N.Node, Type]
    meanings: dict[N.Name, Meaning]
    diagnostics: list[Diagnostic]

    def type_of(self, node: N.Node) -> Type:
        return self.types.get(node, ANY)

    def meaning(self, name: N.Name) -> Meaning:
        return self.meanings.get(name, Meaning("local", name.id))


class CheckScope:
    """The names a rule can see where it is checked: name -> (type, "local" | "param")."""

    def __init__(self, parent: Optional["CheckScope"] = None):
        self.parent = parent
        self.names: dict[str, tuple[Type, str]] = {}
        self.notes: dict[str, str] = {}  # why a name has its type, where that is not plain (for hints)

    def note(self, name: str) -> Optional[str]:
        s: Optional[CheckScope] = self
        while s is not None:
            if name in s.names:
                return s.notes.get(name)
            s = s.parent
        return None

    def bind(self, name: str, t: Type, what: str = "local") -> "CheckScope":
        self.names[name] = (t, what)
        return self

    def rebind(self, name: str, t: Type) -> None:
        """Give a name the type of what it now holds, in the scope that made it (a `let` that started as none)."""
        s: Optional[CheckScope] = self
        while s is not None:
            if name in s.names:
                s.names[name] = (t, "local")
                return
            s = s.parent

    def lookup(self, name: str) -> Optional[tuple[Type, str]]:
        s: Optional[CheckScope] = self
        while s is not None:
            if name in s.names:
                return s.names[name]
            s = s.parent
        return None

    def all_names(self) -> set[str]:
        out: set[str] = set()
        s: Optional[CheckScope] = self
        while s is not None:
            out |= set(s.names)
            s = s.parent
        return out

    def child(self) -> "CheckScope":
        return CheckScope(self)


class Context:
    """What the parts of the checker share: the declarations, the tables they fill, the diagnostics."""

    def __init__(self, module: N.Module, library: Library):
        self.module = module
        self.library = library
        self.sym = Symbols()
        self.types: dict[N.Node, Type] = {}
        self.meanings: dict[N.Name, Meaning] = {}
        self.diags: list[Diagnostic] = []
        # names the game declares twice (E030): their uses are not checked against either, so that the one
        # mistake is told once, not again at every use
        self.doubled: set[str] = set()

    def error(self, code: str, message: str, span: N.Span, hint: Optional[str] = None,
              focus: Optional[str] = None) -> None:
        self.diags.append(Diagnostic(code, message, span, hint, focus=focus))

    def warn(self, code: str, message: str, span: N.Span, hint: Optional[str] = None,
             focus: Optional[str] = None) -> None:
        """A diagnostic that does not stop the game from loading: `mire check` shows it, and says `ok`."""
        self.diags.append(Diagnostic(code, message, span, hint, severity="warning", focus=focus))

    def mean(self, name: N.Name, category: MeaningCategory, what: Optional[str] = None) -> None:
        self.meanings[name] = Meaning(category, what or name.id)

    # ------------------------------------------------------------ types written in declarations
    def resolve_type(self, t: N.TypeRef) -> Type:
        if t.name == "list":
            return list_of(self.resolve_type(t.of) if t.of is not None else ANY)
        known = self.sym.declared_type(t)
        if known is not None:
            return known
        names = [*DECLARABLE, *self.sym.enums, *self.sym.kinds]
        self.error("E016", f"unknown type '{t.name}'{did_you_mean(t.name, names)}", t.span,
                   f"types are {', '.join(DECLARABLE)}, an enum or a piece kind")
        return ANY

    def resolve_type_quiet(self, t: N.TypeRef) -> Type:
        """The type, without reporting an unknown one again (it was reported with its declaration)."""
        n = len(self.diags)
        r = self.resolve_type(t)
        del self.diags[n:]
        return r

    # ------------------------------------------------------------ names, for hints
    def describe(self, name: str, scope: Optional[CheckScope] = None) -> str:
        """What a known name is, for hints: 'the board declared on line 3'."""
        s = self.sym
        local = scope.lookup(name) if scope is not None else None
        if local is not None:
            return f"{a(local[0].show())} named in this rule"
        tables: tuple = ((s.vars, "the variable"), (s.consts, "the constant"), (s.boards, "the board"),
                         (s.zones, "the zone"), (s.kinds, "the piece kind"), (s.options, "the option"),
                         (s.phases, "the phase"))
        for table, kind in tables:
            if name in table:
                return f"{kind} declared on line {table[name].span.line}"
        if name in s.enum_values:
            enum = s.enums[s.enum_values[name]]
            return f"a value of the enum '{enum.name}' (line {enum.span.line})"
        info = self.library.names.get(name)
        if info is not None:
            return f"a builtin: {info.doc}" if info.doc else f"a builtin {info.type.show()}"
        return "a name of the game"

    def what_is(self, name: str) -> Optional[tuple[str, str]]:
        """(what it is, hint) for a name that exists but is no variable, or None."""
        s = self.sym
        if name in self.library.names:
            hints = {
                "mover": "the mover changes as turns pass; to say who moves next write `next PLAYER`",
                "opponent": "to say who moves next write `next PLAYER`",
                "turn": "the turn number counts itself; keep your own count in a `var`",
            }
            return ("a builtin name", hints.get(name, "declare a variable of your own with `var NAME: TYPE = ...`"))
        if name in s.consts:
            return ("a constant", f"a `const` never changes; declare it as a variable to change it: "
                                  f"`var {name}: int = ...`")
        tables: tuple = ((s.zones, "a zone"), (s.boards, "a board"), (s.kinds, "a piece kind"),
                         (s.enum_values, "an enum value"), (s.options, "an option"), (s.phases, "a phase"),
                         (s.defs, "a def"), (s.procs, "a proc"))
        for table, kind in tables:
            if name in table:
                return (kind, "only variables declared with `var` (and names made with `let`) can be assigned")
        return None

    def shadows_builtin(self, name: str, span: N.Span, what: str, where: str, focus: Optional[str] = None) -> None:
        """A name the game gives (`what`: "a variable", "a `let`") that is also a builtin name: it means the game's
        own in `where` ("this game", "this rule"), so that a builtin added to the language never breaks a file
        that used its name (a warning says so); only the words of the language (`yes`, `none`, ...) are refused."""
        info = self.library.names.get(name)
        if info is None:
            return
        if name in LANGUAGE_WORDS:
            self.error("E030", f"'{name}' is a word of the language and cannot be {what}'s name", span,
                       f"choose another name, such as 'my_{name}'", focus=focus)
            return
        noun = what.split(" ", 1)[1] if what.startswith(("a ", "an ")) else what
        self.warn("W001", f"'{name}' is also a builtin name ({info.doc or info.type.show()}); in {where} it is "
                          f"this {noun}", span,
                  f"the builtin `{name}` cannot be named in {where}; to use it, rename this {noun} (such as "
                  f"'my_{name}')", focus=focus)

    def check_local_name(self, name: str, span: N.Span, what: str, focus: Optional[str] = None) -> None:
        """A `let`, parameter or loop variable with a builtin name such as `turn` hides the builtin in its rule."""
        self.shadows_builtin(name, span, what, "this rule", focus)

    def check_param_names(self, params, span: N.Span, what: str) -> None:
        seen: set[str] = set()
        for name in params:
            if name in seen:
                self.error("E030", f"{what} has two parameters named '{name}'", span,
                           "give each parameter its own name", focus=name)
            seen.add(name)
            self.shadows_builtin(name, span, "a parameter", "this rule", name)


def spread(calls: dict, found: set) -> set:
    """Every name in `calls` (name -> the names it calls) that is in `found` or calls one that is, however
    deep: what a property of some rules (they choose, they draw at random) makes of the rules that call them."""
    out = set(found)
    changed = True
    while changed:
        changed = False
        for name, called in calls.items():
            if name not in out and called & out:
                out.add(name)
                changed = True
    return out


def asks_a_player(node) -> bool:
    """Is this statement a choice in the middle of a move (`choose`, `for ... ordered by`, `at once`)?"""
    return isinstance(node, (N.Choose, N.AtOnce)) or (isinstance(node, N.For) and node.ordered_by is not None)


def choosing_procs(procs: dict) -> set:
    """The procs that ask a player to choose, themselves or through the procs they call."""
    calls = {name: {n.call.func for n in N.walk(p.body) if isinstance(n, N.ExprStmt)} for name, p in procs.items()}
    return spread(calls, {name for name, p in procs.items() if any(map(asks_a_player, N.walk(p.body)))})
