"""The generated module of a game: its source written once to a cache directory, named by a hash of that source
(made from the rules' text and the player count) and of Mire's and numba's versions, and numba's machine code
cached beside it (`cache=True`).

The cache directory is $MIRE_CACHE_DIR, else $XDG_CACHE_HOME/mire/native, else ~/.cache/mire/native.
"""
from __future__ import annotations

import hashlib
import importlib.util
import inspect
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Optional

from ... import __version__
from .layout import Layout
from .prelude import PRELUDE
from .translate import Translator

# the generated code's own version: a change to translate.py, prelude.py or layout.py that changes what they
# write makes every cached module stale
CODE_VERSION = 2

# entry points the analyses call besides the prelude's (engine/native/analyses.py): a position's key for solve's
# memo, and a series of random movers that also counts what `mire balance` reports. They use the prelude's and the
# rules' functions, so they are written after both; numba compiles each at its first call only.
SERVICES = '''

@njit(cache=True)
def position_key(st, out):
    # the position as solve's memo tells positions apart (engine/analysis/solve.state_key): each space's pieces,
    # top first, as (kind, owner) numbers, a 0 after each space; then whose turn, the turn's number, the end, and
    # the digest of the histories of `repetitions`
    n = 0
    for s in range(NSPACES):
        p = st[TOP + s]
        while p >= 0:
            out[n] = 1 + st[PIECES + 4 * p] * (NP + 1) + st[PIECES + 4 * p + 1] + 1
            n += 1
            p = st[PIECES + 4 * p + 3]
        out[n] = 0
        n += 1
    out[n] = st[TURN]
    out[n + 1] = st[TURNNO]
    out[n + 2] = st[OVER]
    out[n + 3] = st[END_KIND]
    out[n + 4] = st[END_WHO]
    out[n + 5] = history_digest(st)  # (0 in a game without `repetitions`)
    return n + 6


@njit(cache=True)
def balance_playouts(start, seed, first, count, max_moves, results, chosen, legal, branching):
    # games first .. first + count - 1 of a series, drawn as `playouts` draws them (the same games), counting
    # besides: chosen[a] the moves of action a made, legal[a] the decisions at which a had a move,
    # branching[turn] = (moves listed, decisions) by the turn's number
    st = start.copy()
    jr = np.zeros(1 + 2 * JCAP, np.int64)
    buf = np.empty((MAXMOVES, WIDTH), np.int64)
    rng = np.zeros(1, np.uint64)
    there = np.zeros(chosen.shape[0], np.bool_)
    used = PIECES + 4 * start[NPIECES]
    for g in range(count):
        # (loops, not slices: numba compiles a slice's assignment as a function of its own, seconds of compile)
        for i in range(used):
            st[i] = start[i]
        jr[0] = 0
        seed_game(rng, seed, first + g)
        length = 0
        while st[OVER] == 0:
            n = list_moves(st, buf)
            if n == 0:
                stuck(st, jr)
                jr[0] = 0
                break
            if length >= max_moves:
                break
            for a in range(chosen.shape[0]):
                there[a] = False
            for k in range(n):
                there[buf[k, 0]] = True
            for a in range(chosen.shape[0]):
                if there[a]:
                    legal[a] += 1
            t = st[TURNNO]
            if t < branching.shape[0]:
                branching[t, 0] += n
                branching[t, 1] += 1
            k = below(rng, n)
            chosen[buf[k, 0]] += 1
            apply_move(st, jr, buf[k])
            jr[0] = 0
            length += 1
        results[g, 0] = length
        results[g, 1] = st[OVER]
        results[g, 2] = st[END_KIND]
        results[g, 3] = st[END_WHO]
'''


# the functions called from Python (engine/native/game.py, analyses.py, the tests and bench/): each keeps the
# wrapper numba makes to call it from Python. The others are called only by compiled code: numba makes them no
# such wrapper, nor any a C caller would need, which is a part of each function's compile that nothing uses.
ENTRY_POINTS = ("playouts", "playout_moves", "perft", "legal_moves", "applied", "rollout", "position_key",
                "list_moves", "apply_move", "undo_to", "stuck", "balance_playouts")

JIT = f'''from numba import njit as _njit

ENTRY_POINTS = {ENTRY_POINTS!r}


def njit(**options):
    # numba's njit, without the wrappers nothing calls (build.py)
    def compiled(f):
        wrappers = {{}} if f.__name__ in ENTRY_POINTS else {{"no_cpython_wrapper": True}}
        return _njit(no_cfunc_wrapper=True, **wrappers, **options)(f)
    return compiled
'''


def cache_dir() -> Path:
    explicit = os.environ.get("MIRE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mire" / "native"


def module_key(source: str) -> str:
    """The hash that names a game's module: the source generated from its rules' text (which holds all that
    the rules, the player count and this code make of it), Mire's and numba's versions."""
    import numba
    h = hashlib.sha256(source.encode())
    h.update(f"mire={__version__};code={CODE_VERSION};numba={numba.__version__}".encode())
    return h.hexdigest()[:20]


def module_source(game, layout: Layout) -> tuple[str, Translator]:
    """The whole generated module of a game (Unsupported for a construct it does not translate)."""
    translator = Translator(game.analysis.checked, layout, game.analysis.sources)
    rules = translator.translate()
    head = [f'"""The native code of {game.title!r} ({game.path}), {layout.players} players: generated by',
            'mire.engine.native from the rules (docs/backends.md). It is made again when they change; do not edit."""',
            "import numpy as np", JIT, "", layout.source(),
            f"MAXMOVES = {translator.max_moves}  # the most moves one listing can give",
            f"WIDTH = {translator.width}  # a move: its action, then its arguments"]
    return "\n".join(head) + PRELUDE + rules + SERVICES, translator


def load_module(name: str, source: str) -> Any:
    """The module written in the cache under `name` (written there first if it is not), imported; numba
    compiles its functions at their first call (`compile_entry`)."""
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    if not path.exists() or path.read_text() != source:
        tmp = folder / f".{name}.{os.getpid()}.tmp"
        tmp.write_text(source)
        os.replace(tmp, path)  # (atomic: another process reading it sees the whole module or none)
    spec = importlib.util.spec_from_file_location(f"mire_native_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def compile_entry(module: Any, entry: str, warm_up: Callable[[], None], say: Optional[Callable[[str], None]],
                  title: str, functions: tuple = ()) -> float:
    """Compile one entry point of a module (with the rules it calls), or read it from numba's cache, by calling
    it once (`warm_up`); a first compile is told through `say`, with the time it took. `functions`: the module's
    functions the warm-up calls, when they are not the one named `entry`. The seconds it took."""
    path = Path(module.__file__)
    cached = all(any((path.parent / "__pycache__").glob(f"{path.stem}.{name}-*.nbi")) for name in functions or (entry,))
    if not cached and say is not None:
        say(f"compiling {title} ({entry}) to native code (once: it is cached in {path.parent})...")
    began = time.perf_counter()
    if cached:
        with _loaded_without_refresh(getattr(module, name) for name in functions or (entry,)):
            warm_up()
    else:
        warm_up()
    took = time.perf_counter() - began
    if not cached and say is not None:
        say(f"compiled {title} in {took:.1f} s")
    return took


@contextmanager
def _loaded_without_refresh(dispatchers: Iterable[Any]) -> Iterator[None]:
    """While machine code is read from numba's cache: without numba's refresh of its compiling context first (the
    imports of every typing and lowering registry: half of a cached read), which reading compiled code does not
    need; numba's runtime, which the code calls, is initialised instead. Only the refresh that reading asks for
    (numba's Cache.load_overload) is skipped: a compile that follows a read that misses refreshes the context
    itself, in full. Where numba is not as this expects, nothing changes."""
    contexts: dict[int, Any] = {}
    for dispatcher in dispatchers:
        context: Any = getattr(dispatcher, "targetctx", None)
        if hasattr(context, "refresh"):
            contexts[id(context)] = context
    for context in contexts.values():
        full = context.refresh

        def refresh(context=context, full=full):
            caller = inspect.currentframe()
            caller = caller.f_back if caller is not None else None
            if caller is not None and caller.f_code.co_name == "load_overload":
                from numba.core.runtime import rtsys
                rtsys.initialize(context)
            else:
                full()
        context.refresh = refresh
    try:
        yield
    finally:
        for context in contexts.values():
            del context.refresh
