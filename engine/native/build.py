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
from ...grammar.cached import cache_dir  # (one folder for the checked games, the modules and their starts)
from .area_keys import area_key_source
from .areas import area_prelude
from .blocks import BLOCKS_PRELUDE
from .by_itself import BY_ITSELF_PRELUDE
from .cached_read import initialize_runtime, lighter_reads
from .chance import CHANCE_PRELUDE, option_values
from .choices import CHOICES
from .compile_overhead import install as cut_compile_overhead
from .generator import GENERATOR_PRELUDE
from .layout import Layout
from .linking import install as link_each_function_once
from .lists import lists_prelude
from .parallel_compile import helped
from .phases import PHASES_PRELUDE
from .prelude import PRELUDE
from .search import ENTRIES as SEARCH_ENTRIES
from .search import SEARCH
from .translate import Translator
from .walls import WALL_HELPERS

# the generated code's own version: a change to translate.py, prelude.py or layout.py that changes what they
# write makes every cached module stale
CODE_VERSION = 2

# entry points the analyses call besides the prelude's (engine/native/analyses.py): a position's key for solve's
# memo, and a series of random movers that also counts what `mire balance` reports. They use the prelude's and the
# rules' functions, so they are written after both; numba compiles each at its first call only.
SERVICES = '''

# the most slots a position's key takes: a 0 after each place, each piece's kind and owner and (with attributes)
# its face and attributes, the counts and variables, and five of the header
KEYLEN = NSPACES + MAXP * (PSTRIDE - 2) + (PIECES - CNT) + 7


@njit(cache=True)
def position_key(st, out):
    # the position as solve's memo tells positions apart (engine/analysis/solve.state_key, repetition.position_key):
    # each space's pieces, top first, as (kind, owner) numbers and, in a game with attributes, each one's face and
    # attributes, a 0 after each space; the counts and the variables; then whose turn, the turn's number, the end
    # and the phase, and the
    # digest of the histories of `repetitions`
    n = 0
    for s in range(NSPACES):
        if KEY_PLACES_OUT[0] <= s < KEY_PLACES_OUT[1]:  # (an area's places: area_key, as the interpreter's key)
            continue
        n = stack_key(st, out, n, st[TOP + s])
        out[n] = 0
        n += 1
    for i in range(CNT, PIECES):
        if KEY_SLOTS_OUT[0] <= i < KEY_SLOTS_OUT[1]:
            continue
        out[n] = st[i]
        n += 1
    n = area_key(st, out, n)
    out[n] = st[TURN]
    out[n + 1] = st[TURNNO]
    out[n + 2] = st[OVER]
    out[n + 3] = st[END_KIND]
    out[n + 4] = st[END_WHO]
    out[n + 5] = st[PHASE]
    out[n + 6] = history_digest(st)  # (0 in a game without `repetitions`)
    return n + 7


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
    used = PIECES + PSTRIDE * start[NPIECES]
    for g in range(count):
        # (loops, not slices: numba compiles a slice's assignment as a function of its own, seconds of compile)
        for i in range(used):
            st[i] = start[i]
        jr[0] = 0
        seed_game(rng, seed, first + g)
        begin_game(st, jr, seed, first + g)
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
            if PICKS:  # (the move simulate's game makes: picking.py)
                n, k = pick_for_move(st, jr, buf, rng)
                chosen[buf[k, 0]] += 1
                apply_listed(st, jr, buf[k])
            else:
                k = below(rng, n)
                chosen[buf[k, 0]] += 1
                apply_move(st, jr, buf[k])
            if st[QPARTS] == 0:  # (a move waiting at a question keeps its journal: an answer runs it again)
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
ENTRY_POINTS = ("playouts", "playout_moves", "perft", "perft_after", "legal_moves", "applied", "rollout",
                "position_key", "list_moves", "apply_move", "undo_to", "stuck", "balance_playouts", "perft_drawing",
                *SEARCH_ENTRIES)

JIT = f'''from types import FunctionType as _FunctionType
from {__package__}.pipeline import njit_options as _pipeline_options  # (numba's pipeline less what does nothing here)
from numba import njit as _njit
from numba.core.types import unliteral as _unliteral

ENTRY_POINTS = {ENTRY_POINTS!r}
CACHE_WANTED = {{}}  # name -> the function, whose caching build.py enables when it first compiles or reads it


def njit(cache=False, **options):
    # numba's njit, without the wrappers nothing calls, and its cache enabled later (build.py)
    def compiled(f):
        entry = f.__name__ in ENTRY_POINTS
        wrappers = {{}} if entry else {{"no_cpython_wrapper": True}}
        dispatcher = _njit(no_cfunc_wrapper=True, **wrappers, **_pipeline_options(), **options)(f)
        if cache:
            CACHE_WANTED[f.__name__] = dispatcher
        called = dispatcher
        if entry:
            # compiled code calls the same function compiled without Python's wrapper, which is only linked into
            # its callers (engine/native/linking.py): an entry point is made machine code of its own only when
            # Python calls it
            twin = _FunctionType(f.__code__, f.__globals__, f.__name__ + "_called", f.__defaults__, f.__closure__)
            twin.__qualname__ = twin.__name__
            called = _njit(no_cfunc_wrapper=True, no_cpython_wrapper=True, **_pipeline_options(), **options)(twin)
            if cache:
                CACHE_WANTED[twin.__name__] = called
            dispatcher.get_overload = called.get_overload
        _typed_by_kind(dispatcher, called)
        return dispatcher
    return compiled


def _typed_by_kind(dispatcher, called):
    # a call from compiled code with a constant argument (w(st, jr, TURN, 0)) would make numba compile the callee
    # anew for that value (its type Literal[int](0)): the callee is compiled for the argument's kind (int64) alone
    general = called.get_call_template

    def get_call_template(args, kws):
        return general(tuple(_unliteral(a) for a in args), {{k: _unliteral(v) for k, v in kws.items()}})
    dispatcher.get_call_template = get_call_template
'''


def module_key(source: str) -> str:
    """The hash that names a game's module: the source generated from its rules' text (which holds all that
    the rules, the player count and this code make of it), Mire's and numba's versions."""
    import numba
    h = hashlib.sha256(source.encode())
    h.update(f"mire={__version__};code={CODE_VERSION};numba={numba.__version__}".encode())
    return h.hexdigest()[:20]


def module_source(game, layout: Layout, options=()) -> tuple[str, Translator]:
    """The whole generated module of a game (Unsupported for a construct it does not translate)."""
    translator = Translator(game.analysis.checked, layout, game.analysis.sources)
    translator.option_values = option_values(game, options)
    rules = translator.translate()
    layout.reserve_pending(*translator.pending_sizes())  # (before the layout's constants are written)
    head = [f'"""The native code of {game.title!r} ({game.path}), {layout.players} players: generated by',
            'mire.engine.native from the rules (docs/backends.md). It is made again when they change; do not edit."""',
            "import numpy as np", JIT, "", layout.source(),
            f"MAXMOVES = {translator.max_moves}  # the most moves one listing can give",
            f"WIDTH = {translator.width}  # a move: its action, then its arguments"]
    areas = area_prelude(layout)
    by_itself = BY_ITSELF_PRELUDE if translator.by_itself_names() else ""
    return "\n".join(head) + PRELUDE + CHANCE_PRELUDE + BLOCKS_PRELUDE + PHASES_PRELUDE + CHOICES + areas \
        + WALL_HELPERS + lists_prelude(layout, translator) + by_itself \
        + rules + area_key_source(layout) + SERVICES + SEARCH + GENERATOR_PRELUDE, \
        translator


def load_module(name: str, source: Optional[str]) -> Any:
    """The module written in the cache under `name` (written there first if it is not), imported; numba
    compiles its functions at their first call (`compile_entry`). `source` None: the module is there, as its
    start entry found it (engine/native/start.py)."""
    link_each_function_once()
    cut_compile_overhead()
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    written = False
    if source is not None and (not path.exists() or path.read_text() != source):
        tmp = folder / f".{name}.{os.getpid()}.tmp"
        tmp.write_text(source)
        os.replace(tmp, path)  # (atomic: another process reading it sees the whole module or none)
        written = True
    compiled = Path(importlib.util.cache_from_source(str(path)))
    if written or not compiled.exists():
        # its bytecode, which importing reads (and checks against the source's time and size) instead of compiling
        # the module again at every start: written here even where Python writes none (PYTHONDONTWRITEBYTECODE),
        # as the machine code beside it is
        import py_compile
        try:
            py_compile.compile(str(path), cfile=str(compiled), doraise=True)
        except (OSError, py_compile.PyCompileError):
            pass
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
    _enable_caching(module, (functions or (entry,)) if cached else None)
    began = time.perf_counter()
    if cached:
        with _loaded_without_refresh((getattr(module, name) for name in functions or (entry,)),
                                     path.parent / "__pycache__"):
            warm_up()
    else:
        with helped(entry, getattr(module, "CACHE_ENABLED", {})):  # (a second core, where there is one)
            warm_up()
    took = time.perf_counter() - began
    if not cached and say is not None:
        say(f"compiled {title} in {took:.1f} s")
    return took


def _enable_caching(module: Any, names: Optional[Iterable[str]]) -> None:
    """Enable numba's cache (`cache=True`, as numba's njit does it: Dispatcher.enable_caching) of the module's
    functions `names` (None: all of them), each once. It is not done as the module is imported: setting up a
    function's cache looks for its folder and tries writing there, ~0.3 ms a function, 40-70 functions a module,
    where a cached start reads one entry's code (the functions it calls are linked into it). A compile enables
    every function's first, so that the functions an entry shares with another are cached on their own."""
    wanted = getattr(module, "CACHE_WANTED", {})
    enabled = module.__dict__.setdefault("CACHE_ENABLED", {})
    for name in list(wanted) if names is None else names:
        dispatcher = wanted.pop(name, None)
        if dispatcher is not None:
            dispatcher.enable_caching()
            enabled[name] = dispatcher


@contextmanager
def _loaded_without_refresh(dispatchers: Iterable[Any], folder: Path) -> Iterator[None]:
    """While machine code is read from numba's cache: without numba's refresh of its compiling context first (the
    imports of every typing and lowering registry: half of a cached read), which reading compiled code does not
    need; numba's runtime, which the code calls, is initialised instead. Only the refresh that reading asks for
    (numba's Cache.load_overload) is skipped: a compile that follows a read that misses refreshes the context
    itself, in full. And less of numba's work reading each entry (cached_read.py: numba's own modules not imported
    for their functions' environments, the linking module parsed when something links it; `folder` keeps the
    lists of symbols). Where numba is not as this expects, nothing changes."""
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
                initialize_runtime(context, folder)  # (its compiled functions read from the cache: cached_read.py)
            else:
                full()
        context.refresh = refresh
    try:
        with lighter_reads(contexts.values(), folder):
            yield
    finally:
        for context in contexts.values():
            del context.refresh
