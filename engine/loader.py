"""Loading a game: the front end checks its files (grammar/frontend.py), the compiler builds its functions,
and a `Game` starts states of it. Loaded games are kept, keyed by file and text, so a game is built once
while it is in use: the MAX_KEPT_GAMES most recently used are kept (a language server builds a new text of a
file at every edit, each ~1 MB for a large game: all of them kept would grow without end).
"""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import attrs

from ..grammar.cached import checked_or_raise as check_or_raise  # (frontend's, kept on disk between processes)
from ..grammar.diagnostics import Diagnostic, MireError
from ..grammar.frontend import bundled_names, find_game, find_sibling, games_dir, read_rules
from ..grammar.nodes import nowhere
from ..grammar.wording import quoted_short
from .build.compiler import CompiledGame, InputSpec, OptionSpec, compile_game
from .run.library import LIBRARY

if TYPE_CHECKING:
    from .run.state import State

# engine/run/state.py, and what it imports (views, explanations, chance, sampling...), is imported where a game is
# set up or started, not here: `mire check` loads games and never starts one

# How many built games (or the errors building them raised) are kept: more than the files a test run or a
# session uses at once (a game, its base and the games its options name), few enough that a language server
# that builds a file anew at each edit holds tens of MB at most.
MAX_KEPT_GAMES = 64


class _RecentlyUsed(OrderedDict):
    """A dict that keeps its `limit` most recently read or written entries (least recently used first)."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def get_kept(self, key):
        """The value kept for `key` (now the most recently used), or None."""
        if key not in self:
            return None
        self.move_to_end(key)
        return self[key]

    def keep(self, key, value) -> None:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)


# (resolved path, text) -> the Game built from it, or the MireError building it raised
_CACHE: _RecentlyUsed = _RecentlyUsed(MAX_KEPT_GAMES)


@attrs.define
class BundledGame:
    name: str
    title: str
    path: str
    base: Optional[str]
    min_players: int
    max_players: int


def bundled_games() -> list[BundledGame]:
    out = []
    for path in sorted(games_dir().glob("*.mire")):
        try:
            g = load_game(str(path))
            out.append(BundledGame(path.stem, g.title, str(path), g.base, g.min_players, g.max_players))
        except Exception:  # noqa: BLE001 - one broken file must not hide the others
            out.append(BundledGame(path.stem, "(has errors: mire check it)", str(path), None, 0, 0))
    return out


class Game:
    """A loaded game: compiled rules and the way to start states of it."""

    def __init__(self, compiled: CompiledGame, path: str, base: Optional[str], analysis=None, built=None,
                 values=None):
        self.compiled = compiled
        self.analysis = analysis  # the checked game, to build it again for other values of its options
        self._built: dict = built if built is not None else {}  # the game for each set of option values
        self.values = values or {}  # the values of the options with a value it was built for (none: defaults)
        self.path = str(path)
        self.name = Path(path).stem
        self.base = base
        self.title = compiled.title
        self.min_players = compiled.min_players
        self.max_players = compiled.max_players
        self.source = compiled.source

    @property
    def options(self) -> list[OptionSpec]:
        """(name, description, variant it uses or None) of each declared option."""
        return self.compiled.options

    @property
    def inputs(self) -> list[InputSpec]:
        """(zone, count, kind, source zone) of what players may bring."""
        return self.compiled.inputs

    def check_setup(self, players: int, options) -> None:
        """Refuse a number of players or options that the game does not have (SetupError)."""
        from .run.construction import check_setup
        check_setup(self.compiled, players, options)

    def seat_names(self, n: int) -> list[str]:
        return list(self.compiled.seat_names[:n])

    def played_as(self, options=()) -> "Game":
        """The game these options make: an option that uses a variant plays that variant (options and variants
        are one mechanism). Loading checked that the variants an option uses load and lead back to no game."""
        for o in self.compiled.options:
            if o.name in options and o.uses and o.uses != self.name:
                return load_game(str(find_sibling(Path(self.path), o.uses))).played_as(options)
        from .run.construction import option_values
        values = {k: v for k, v in option_values(self.compiled, options).items()
                  if v != next(o.default for o in self.compiled.options if o.name == k)}
        return self.built_for(values)

    def built_for(self, values: dict) -> "Game":
        """The game built with these values of its options with a value (a board of another size, constants
        made of them): built once for each set of values. SetupError when the values make a board too large."""
        if values == self.values:
            return self
        key = tuple(sorted(values.items()))
        if not values and () in self._built:
            return self._built[()]
        if key not in self._built:
            assert self.analysis is not None
            try:
                compiled = compile_game(self.analysis.checked, self.analysis.sources, Path(self.path).stem, values)
            except MireError as err:
                from .run.construction import SetupError
                raise SetupError(err.diagnostics[0].message) from None
            self._built[key] = Game(compiled, self.path, self.base, self.analysis, self._built, values)
        return self._built[key]

    def new_state(self, seed=0, players=None, options=(), inputs=None, chance=None, records=True) -> State:
        """A game at its start. `chance` forces the outcomes of the start's draws, one by one (see
        chance.setup_outcomes); without it they come from the seed. `records=False`: a state that keeps no record
        of what its draws could have been, for games nobody reasons about (random movers): a bot that works out
        what its seat knows refuses it."""
        from .run.state import State
        game = self.played_as(options)
        return State(game.compiled, seed=seed, players=players, options=options, inputs=inputs, chance=chance,
                     records=records)


def load_game(name_or_path: str) -> Game:
    """A bundled game by its name, or the game in a .mire file; MireError with every diagnostic if broken."""
    path = find_game(name_or_path)
    walk = _UsesWalk()
    root = walk.node(path, read_rules(path))
    diags = walk.verdicts()[root.resolved]
    if isinstance(root.built, MireError):
        raise MireError(root.built.diagnostics, root.built.sources)
    if diags:
        raise MireError(diags, root.built.analysis.sources)
    return root.built


def _build(path: Path, source: str) -> "Game | MireError":
    """The game in this file, checked and compiled, its options' variants aside; kept, broken or not, by file
    and text, so that no file is checked twice however many games name it."""
    key = (str(path.resolve()), source)
    kept = _CACHE.get_kept(key)
    if kept is not None:
        return kept
    built: Game | MireError
    try:
        analysis = check_or_raise(path, source, LIBRARY)
        compiled = compile_game(analysis.checked, analysis.sources, path.stem)
        built = Game(compiled, analysis.checked.module.path, analysis.base, analysis)
        built._built[()] = built
    except MireError as err:
        built = err
    _CACHE.keep(key, built)
    return built


@attrs.define
class _Node:
    """A game met while checking the variants options use: its file, what building it gave, and where each of
    its options' `uses` leads (a file's resolved path, or the MireError that finding or reading it raised)."""
    path: Path
    resolved: str
    built: "Game | MireError"
    leads: dict = attrs.Factory(dict)  # the name an option uses -> resolved path or MireError


class _UsesWalk:
    """The games a game's options use, and theirs, each file read and built once however many options, or
    paths through the options, lead to it; then which games are broken (their own errors, a variant that is
    broken, or options that lead back to them), worked out over the graph in one pass (no game is checked
    again for each path that reaches it)."""

    def __init__(self):
        self.nodes: dict[str, _Node] = {}  # resolved path -> its node

    def node(self, path: Path, source: str) -> _Node:
        """The node of this game and, through its options, of every game they lead to (without recursion: a
        chain of variants may be as long as a folder has files)."""
        first = self._add(path, source)
        todo = [first]
        while todo:
            todo.extend(self._follow(todo.pop()))
        return first

    def _add(self, path: Path, source: str) -> _Node:
        resolved = str(path.resolve())
        if resolved not in self.nodes:
            self.nodes[resolved] = _Node(path, resolved, _build(path, source))
        return self.nodes[resolved]

    def _follow(self, node: _Node) -> list:
        """Find the variants `node`'s options use; the nodes new to the walk."""
        if isinstance(node.built, MireError):
            return []  # a game with errors of its own: its options are not looked at
        new = []
        for o in node.built.options:
            if not o.uses or o.uses == node.built.name or o.uses in node.leads:
                continue
            try:
                target = find_sibling(node.path, o.uses)
                resolved = str(target.resolve())
                if resolved not in self.nodes:
                    new.append(self._add(target, read_rules(target)))
                node.leads[o.uses] = resolved
            except MireError as err:
                node.leads[o.uses] = err
        return new

    def verdicts(self) -> dict:
        """The diagnostics of the options of each game (none: it loads), games on a circle of options
        included: each component of the graph is judged after every component it leads to (Tarjan's order)."""
        out: dict[str, list] = {}
        for component in _components(self.nodes):
            for resolved in component:
                out[resolved] = self._judge(self.nodes[resolved], set(component), out)
        return out

    def _judge(self, node: _Node, component: set, judged: dict) -> list:
        if isinstance(node.built, MireError):
            return node.built.diagnostics
        game, diags = node.built, []
        for o in game.options:
            if not o.uses or o.uses == game.name:
                continue
            option = game.analysis.checked.symbols.options.get(o.name)
            span = option.span if option is not None else nowhere(str(node.path))
            lead = node.leads[o.uses]
            uses = quoted_short(o.uses)
            if isinstance(lead, MireError):
                first = lead.diagnostics[0]
                if first.code == "E090":
                    reason = f"there is no game '{uses}' beside it, nor a bundled one"
                elif (first.code == "E063" and "is not the name" in first.message) or first.code == "E064":
                    reason = first.message
                else:
                    reason = f"'{uses}' has errors of its own (mire check it)"
            elif lead in component:
                diags.append(Diagnostic("E063", f"option '{o.name}' uses '{uses}', whose options lead back to "
                                                f"'{game.name}'", span,
                                        "an option's variant must not have an option that leads back to the game"))
                continue
            elif judged[lead]:
                reason = f"'{uses}' has errors of its own (mire check it)"
            else:
                continue
            diags.append(Diagnostic("E063", f"option '{o.name}' uses '{uses}', but {reason}", span,
                                    "`uses` names a variant of the game in the same folder, by its name"))
        return diags


def _components(nodes: dict) -> list:
    """The strongly connected components of the graph of `uses` (Tarjan's algorithm, without recursion),
    each after every component it leads to."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    out: list = []

    def successors(v):
        return [t for t in nodes[v].leads.values() if isinstance(t, str)]

    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(successors(root)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(successors(child))))
                elif child in on_stack:
                    low[v] = min(low[v], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                out.append(component)
    return out


__all__ = ["load_game", "bundled_games", "bundled_names", "Game", "BundledGame"]
