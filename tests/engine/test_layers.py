"""The engine's layers, read from its imports (with `ast`, lazy imports inside functions included):

- engine/build/ turns checked rules into Python and never imports the state (engine/run/state.py), not even
  through the modules it imports: building a game must not need a running one;
- engine/build/ and engine/run/ never import engine/analysis/, engine/bots/ or engine/native/ (a layer below never
  reaches up);
- engine/analysis/, engine/bots/ and engine/native/ use the State's public API alone: no `state._x` (nor
  `getattr(state, "_x")`), and nowhere in engine/ does a module import another's `_private` name;
- the top of engine/ holds only what joins the layers (loader.py), and grammar/ never imports engine/ or cli/.

A known exception is listed below with why it is there; the list may only shrink (a listed exception that no
longer occurs fails too, so that it is taken off)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
# native/ is the second backend (docs/backends.md): beside analysis/, built on run/'s library and analysis/'s
# summaries, used by bots/ for rollouts; like analysis/ it reads the State through its public API alone
LAYERS = ("build", "run", "analysis", "bots", "native")
TOP = {"__init__", "loader"}

# (module, what it reaches) -> why it is allowed for now. Empty: keep it so.
KNOWN_PRIVATE_REACHES: dict[tuple[str, str], str] = {}
# modules whose one job is to reach into numba's own internals, each step only where numba is as the module expects
# (else numba does what it always does): cached_read.py (a cached read with less of numba's work), linking.py
# (machine code made for entry points only), compile_overhead.py (numba's compile settings compared once). Their
# `x._y` are numba's names, which have no public form, not Mire's; what they import from Mire's modules is checked
# as everywhere
NUMBA_INTERNALS = {"mire.engine.native.cached_read", "mire.engine.native.linking",
                   "mire.engine.native.compile_overhead", "mire.engine.native.parallel_compile"}


def module_name(path: Path) -> str:
    """mire.engine.run.state for engine/run/state.py (the package as installed)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["mire", *parts])


def engine_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """(the absolute module imported, the names imported from it) for every import of a file, lazy ones too."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [a.name for a in node.names]
            found.append((target, names))
            # `from . import state`: the module imported is the package's submodule
            found += [(f"{target}.{n}", []) for n in names]
    return found


def engine_graph() -> dict[str, set[str]]:
    modules = engine_modules()
    return {m: {t for t, _ in imports(p) if t in modules and t != m} for m, p in modules.items()}


def reach(graph, start) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for t in graph[todo.pop()]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 else "top"


def test_every_engine_module_lies_in_a_layer():
    loose = sorted(p.stem for p in ENGINE.glob("*.py") if p.stem not in TOP)
    assert loose == [], f"engine/ holds only {sorted(TOP)} at its top: put these in {LAYERS}"
    assert sorted(p.name for p in ENGINE.iterdir() if p.is_dir() and p.name != "__pycache__") == sorted(LAYERS)


def test_the_build_layer_never_imports_the_state():
    graph = engine_graph()
    state = "mire.engine.run.state"
    for module in graph:
        if layer_of(module) == "build":
            path = [m for m in reach(graph, module) if m == state]
            assert not path, f"{module} imports {state} (directly or through what it imports)"


def test_lower_layers_never_import_higher_ones():
    graph = engine_graph()
    for module, targets in graph.items():
        if layer_of(module) in ("build", "run"):
            up = sorted(t for t in targets if layer_of(t) in ("analysis", "bots", "native"))
            assert up == [], f"{module} imports {up}"


def private_reaches() -> set[tuple[str, str]]:
    """Every `_private` name a module of engine/ imports from another module, and every `x._y` (or
    `getattr(x, "_y")`) in a module of analysis/ or bots/ where x is not self (a random generator's own
    `_randbelow` excepted: that is the standard library's documented-by-use draw, not the State's)."""
    found = set()
    for module, path in engine_modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for target, names in imports(path):
            found |= {(module, f"{target}.{n}") for n in names if n.startswith("_") and not n.startswith("__")}
        if layer_of(module) not in ("analysis", "bots", "native") or module in NUMBA_INTERNALS:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                if not (isinstance(node.value, ast.Name) and node.value.id == "self") and node.attr != "_randbelow":
                    found.add((module, ast.unparse(node)))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) > 1 and \
                    isinstance(node.args[1], ast.Constant) and str(node.args[1].value).startswith("_"):
                found.add((module, ast.unparse(node)))
    return found


def test_analysis_uses_the_public_api_and_no_private_name_crosses_modules():
    found = private_reaches()
    new = sorted(found - set(KNOWN_PRIVATE_REACHES))
    assert new == [], f"private names reached across modules: {new} (add a public name instead)"
    gone = sorted(set(KNOWN_PRIVATE_REACHES) - found)
    assert gone == [], f"no longer reached: take {gone} off KNOWN_PRIVATE_REACHES"


def test_grammar_never_imports_the_engine_or_the_front_ends():
    for path in sorted((ROOT / "grammar").rglob("*.py")):
        package = "mire.grammar"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 2:
                assert not (node.module or "").startswith(("engine", "cli")), f"{path.name} imports {node.module}"
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert not node.module.startswith(("mire.engine", "mire.cli")), f"{path.name} ({package})"


def test_the_checks_see_what_they_should():
    """The checks above can fail: the graph holds the edges the engine is known to have."""
    graph = engine_graph()
    assert "mire.engine.build.compiler" in graph["mire.engine.run.state"]  # (a state runs a compiled game)
    assert "mire.engine.run.state" in graph["mire.engine.loader"]  # (a lazy import, inside a function)
    assert "mire.engine.run.state" in reach(graph, "mire.engine.analysis.testing")
