"""Finding, reading, checking and compiling a game file (and its base, for a variant)."""
from __future__ import annotations

import csv
import io
from importlib import resources
from pathlib import Path

import attrs

from ..grammar import nodes as N
from ..grammar.checker import Checker
from ..grammar.diagnostics import Diagnostic, MireError, did_you_mean
from ..grammar.parser import parse
from .compiler import compile_game, table_rows
from .state import State

_CACHE: dict = {}


def games_dir() -> Path:
    return Path(str(resources.files("mire.games")))


@attrs.define
class BundledGame:
    name: str
    title: str
    path: str
    base: str | None
    min_players: int
    max_players: int


def bundled_names() -> list:
    """The bundled games' names, without loading them."""
    return sorted(p.stem for p in games_dir().glob("*.mire"))


def bundled_games() -> list:
    out = []
    for path in sorted(games_dir().glob("*.mire")):
        try:
            g = load_game(str(path))
            out.append(BundledGame(path.stem, g.title, str(path), g.base, g.min_players, g.max_players))
        except Exception:  # noqa: BLE001 - one broken file must not hide the others
            out.append(BundledGame(path.stem, "(has errors: mire check it)", str(path), None, 0, 0))
    return out


def resolve(name_or_path: str) -> Path:
    p = Path(name_or_path)
    if p.suffix == ".mire" or p.exists():
        return p
    bundled = games_dir() / f"{name_or_path}.mire"
    if bundled.exists():
        return bundled
    names = [q.stem for q in games_dir().glob("*.mire")]
    raise MireError([Diagnostic("E090", f"no game named '{name_or_path}'{did_you_mean(name_or_path, names)}",
                                name_or_path, N.Span(0, 0, 0, 0),
                                "`mire list` shows the bundled games; a path to a .mire file works too")])


class Game:
    """A loaded game: compiled rules and the way to start states of it."""

    def __init__(self, compiled, path, base):
        self.compiled = compiled
        self.path = str(path)
        self.name = Path(path).stem
        self.base = base
        self.title = compiled.title
        self.min_players = compiled.min_players
        self.max_players = compiled.max_players
        self.options = compiled.options
        self.source = compiled.source

    def seat_names(self, n):
        return list(self.compiled.seat_names[:n])

    def new_state(self, seed=0, players=None, options=(), inputs=None):
        # an option that uses a variant file plays that variant: options and variants are one mechanism
        for name, _, uses in self.compiled.options:
            if name in options and uses and uses != self.name:
                if Path(uses).name != uses or uses.startswith("."):
                    raise ValueError(f"option '{name}' uses '{uses}': a variant is named by its file's name, "
                                     "beside the game, without folders")
                variant = load_game(str(_sibling_or_bundled(Path(self.path), uses)))
                return variant.new_state(seed=seed, players=players, options=options, inputs=inputs)
        return State(self.compiled, seed=seed, players=players, options=options, inputs=inputs)

    @property
    def inputs(self):
        """[(zone, count, kind, source zone)]: what players may bring to the game."""
        return self.compiled.inputs


def load_game(name_or_path: str) -> Game:
    path = resolve(name_or_path)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise MireError([Diagnostic("E091", f"cannot read the file: {err.strerror or err}", str(path),
                                    N.Span(0, 0, 0, 0))]) from None
    key = (str(path.resolve()), source)
    if key in _CACHE:
        return _CACHE[key]
    game = _load(path, source)
    _CACHE[key] = game
    return game


def _load(path: Path, source: str) -> Game:
    spath = _display(path)
    module = parse(source, spath)
    sources = {spath: source}
    base_name = None
    items = list(module.items)
    bases = [i for i in items if isinstance(i, N.VariantOf)]
    diags = []
    if not bases:
        for i in items:
            if isinstance(i, (N.ReplaceItem, N.RemoveItem)):
                word = "replace" if isinstance(i, N.ReplaceItem) else "remove"
                diags.append(Diagnostic("E062", f"`{word}` changes a base game, and this file is not a variant",
                                        spath, i.span, "start the file with `variant of BASE`"))
        items = [i.item if isinstance(i, N.ReplaceItem) else i for i in items if not isinstance(i, N.RemoveItem)]
        module = N.Module(spath, tuple(items), module.span)
    origins = {}  # id(item) -> (path, source) for items that come from another file (a variant's base)
    if bases:
        base_name = bases[0].base
        try:
            base_path = _sibling_or_bundled(path, base_name)
            base_source = base_path.read_text(encoding="utf-8")
        except MireError as err:
            raise MireError([attrs.evolve(d, path=spath, span=bases[0].span) for d in err.diagnostics],
                            sources) from None
        base_module = parse(base_source, _display(base_path))
        sources[base_module.path] = base_source
        for item in base_module.items:
            origins[id(item)] = (base_module.path, base_source)
            for sub in getattr(item, "items", ()) if isinstance(item, N.Phase) else ():
                origins[id(sub)] = (base_module.path, base_source)
        items, merge_diags = merge_variant(base_module.items, items, spath, origins)
        diags.extend(merge_diags)
        module = N.Module(spath, tuple(items), module.span)
    module, data_diags, data_sources = _read_data_files(module, path)
    diags.extend(data_diags)
    sources.update(data_sources)
    checker = Checker(module, {k: v[0] for k, v in _track_origins(module, origins).items()})
    checked = checker.run()
    diags = checked.diagnostics + diags
    if diags:
        raise MireError(sorted(diags, key=lambda d: (d.path != spath, d.span.line, d.span.column)), sources)
    compiled = compile_game(checked, source, path.stem, _track_origins(checked.module, origins))
    return Game(compiled, spath, base_name)


def _track_origins(module, origins):
    """Items of a phase are re-made when a variant merges them; follow them by the phase's origin."""
    out = dict(origins)
    for item in module.items:
        if isinstance(item, N.Phase) and id(item) in origins:
            for sub in item.items:
                out.setdefault(id(sub), origins[id(item)])
    return out


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _sibling_or_bundled(path: Path, name: str) -> Path:
    sib = path.parent / f"{name}.mire"
    if sib.exists():
        return sib
    return resolve(name)


_KIND_WORDS = {N.Action: "action", N.Trigger: "trigger", N.Def: "def", N.Proc: "proc", N.Option: "option",
               N.Var: "variable", N.Const: "constant"}


def _item_key(item):
    if isinstance(item, N.Phase):
        return ("phase", item.name)
    if isinstance(item, (N.Action, N.Trigger)):
        return ("rule", item.name)
    if hasattr(item, "name"):
        return ("value", item.name)
    return None


def merge_variant(base_items, variant_items, path, origins=None):
    """A variant's items replace the base's items of the same name, add new ones, and remove named ones."""
    diags = []
    out = [i for i in base_items]
    index = _reindex(out)  # rules inside phases can be replaced by name too
    removals = []
    for item in variant_items:
        if isinstance(item, N.VariantOf):
            continue
        if isinstance(item, N.ReplaceItem):
            key = _item_key(item.item)
            if key not in index:
                kind = _KIND_WORDS.get(type(item.item), "rule")
                names = [k[1] for k in index if k[0] == key[0]]
                diags.append(Diagnostic("E061", f"the base game has no {kind} '{item.item.name}' to replace"
                                                f"{did_you_mean(item.item.name, names)}", path, item.span,
                                        "`replace` names a rule of the base game; without `replace` a new name "
                                        "adds a rule", focus=item.item.name))
                continue
            item = item.item
        if isinstance(item, N.RemoveItem):
            key = ("rule", item.name) if item.kind in ("action", "trigger") else ("value", item.name)
            if key not in index:
                names = [k[1] for k in index if k[0] == key[0]]
                diags.append(Diagnostic("E061", f"the base game has no {item.kind} '{item.name}'"
                                                f"{did_you_mean(item.name, names)}", path, item.span,
                                        "`remove` names a rule of the base game"))
            else:
                removals.append(index[key])
            continue
        key = _item_key(item)
        if isinstance(item, (N.Game, N.Players, N.First, N.Rank)):
            kind = type(item)
            out = [x for x in out if not isinstance(x, kind)] + [item]
            index = _reindex(out)
            continue
        if key is not None and key in index:
            loc = index[key]
            if loc[0] == "top":
                out[loc[1]] = item
            else:
                phase = out[loc[1]]
                subs = list(phase.items)
                subs[loc[2]] = attrs.evolve(item, phase=phase.name) if hasattr(item, "phase") else item
                out[loc[1]] = attrs.evolve(phase, items=tuple(subs))
                if origins is not None:  # the re-made phase keeps its file; the new rule keeps the variant's
                    if id(phase) in origins:
                        origins[id(out[loc[1]])] = origins[id(phase)]
                    for old, new in zip(phase.items, subs):
                        if old is new and id(old) in origins:
                            origins[id(new)] = origins[id(old)]
        else:
            out.append(item)
            index = _reindex(out)
    for loc in sorted(removals, reverse=True):
        if loc[0] == "top":
            out[loc[1]] = None
        else:
            phase = out[loc[1]]
            subs = [s for j, s in enumerate(phase.items) if j != loc[2]]
            out[loc[1]] = attrs.evolve(phase, items=tuple(subs))
    return [i for i in out if i is not None], diags


def _reindex(items):
    index = {}
    for i, item in enumerate(items):
        key = _item_key(item)
        if key:
            index[key] = ("top", i)
        if isinstance(item, N.Phase):
            for j, sub in enumerate(item.items):
                index[_item_key(sub)] = ("phase", i, j)
    return index


def _read_data_files(module, path: Path):
    """Replace `pieces K from "file.csv"` by the table read from the file beside the game."""
    diags, sources, items = [], {}, []
    folder = path.parent.resolve()
    for item in module.items:
        if not (isinstance(item, N.Pieces) and item.file is not None):
            items.append(item)
            continue
        rel = item.file
        target = (folder / rel).resolve()
        if Path(rel).is_absolute() or ".." in Path(rel).parts or folder not in target.parents:
            diags.append(Diagnostic("E043", f"data file '{rel}' is outside the game's folder", module.path,
                                    item.span, "name data files relative to the game file, without '..'"))
            items.append(item)
            continue
        try:
            text = target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            diags.append(Diagnostic("E043", f"cannot read data file '{rel}'", module.path, item.span,
                                    f"it should be at {target}"))
            items.append(item)
            continue
        dpath = _display(target)
        sources[dpath] = text
        rows = []
        for lineno, row in enumerate(csv.reader(io.StringIO(text)), 1):
            if row and row[0].lstrip().startswith("#"):
                continue  # a comment line (which data is whose, say)
            cells = []
            col = 1
            for cell in row:
                value = cell.strip()
                if value.lstrip("-").isdigit():
                    value = int(value)
                cells.append((value, N.Span(lineno, col, lineno, col + len(cell))))
                col += len(cell) + 1
            if cells and any(c[0] != "" for c in cells):
                rows.append(tuple(cells))
        header = tuple(str(v) for v, _ in rows[0]) if rows else ()
        table = attrs.evolve(item, file=None, header=header, rows=tuple(rows[1:]), data=rel)
        # a checker pass over the table alone, so its diagnostics name the data file
        sub = Checker(N.Module(dpath, (), item.span))
        sub.collect()
        kinds = {i.name: i for i in module.items if isinstance(i, N.Kind)}
        enums = {i.name: i for i in module.items if isinstance(i, N.Enum)}
        sub.sym.kinds, sub.sym.enums = kinds, enums
        if item.kind in kinds:
            sub.check_table(kinds[item.kind], header, table.rows, N.Span(1, 1, 1, 2))
        diags.extend(sub.diags)
        items.append(table)
    return N.Module(module.path, tuple(items), module.span), diags, sources


__all__ = ["load_game", "bundled_games", "Game", "table_rows"]
