"""Reading an entry point's machine code from numba's cache with less of numba's work per read (build.py's
compile_entry, while it reads a cached entry): two steps of numba's read that a cached start does not use are
left out or put off, each only where numba is as this module expects (else numba reads as it always does).

- **numba's own modules are not imported for their environments.** A compiled function keeps an environment, its
  module's globals and its constants; the machine code of an entry point holds the environments of every function
  linked into it, numba's implementations of `np.empty`, `np.zeros`, ... among them, and reading it imports their
  modules (numba.np.arrayobj, numba.np.arraymath and what they import: ~25 ms). An environment's globals are read
  only by code compiled in object mode, which neither those implementations nor the generated modules (`njit`:
  nopython) have; its constants are what the code reads, and are kept. So a function of numba's whose module is
  not imported gets an environment with its constants and its module's name alone.
- **The linking module is parsed when something links it.** Each entry keeps, beside its object code, the LLVM
  bitcode of all it defines, for a later compile that calls it to link it in; numba parses it at every read
  (~10-20 ms for a seed game) and lists the symbols it defines (another ~10 ms). Here the symbols are read from a
  list kept beside the cache (the first read makes it, named by a hash of the bitcode and numba's version: it
  cannot go stale), and the bitcode is parsed the first time something asks the library for it.
- **numba's runtime is read, not compiled.** numba compiles the few LLVM functions of its runtime (reference
  counts, `NRT_MemInfo_data_fast`, ...) in every process before any machine code runs (~20 ms of LLVM). Here its
  object code is kept beside the cache (named by numba's, llvmlite's and the processor's versions, as numba names
  its own entries) and read as numba reads a cached library; the first read compiles and keeps it.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import sys
import types
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional

from ...grammar.cached import read_own, write_own

KIND = "mire-native-symbols-1"
RUNTIME_KIND = b"mire-native-runtime-1\n"

# what numba's JITCodeLibrary._unserialize must call for the lazy read below to do what it does
_UNSERIALIZE_STEPS = {"create_library", "enable_object_caching", "_set_compiled_object", "parse_bitcode",
                      "_shared_module", "_finalize_final_module", "_load_defined_symbols"}


@contextmanager
def lighter_reads(contexts: Iterable[Any], folder: Path) -> Iterator[None]:
    """While cached machine code is read with these numba target contexts: the two steps above, where numba is as
    expected; the symbol lists kept in `folder`."""
    with ExitStack() as stack:
        stack.enter_context(_numbas_modules_not_imported())
        for context in contexts:
            stack.enter_context(_linking_module_parsed_when_needed(context, folder))
        yield


@contextmanager
def _numbas_modules_not_imported() -> Iterator[None]:
    try:
        from numba.core import environment
        original = environment._rebuild_env
        environment_class, lookup = environment.Environment, environment.lookup_environment
        memo = environment_class._memo
    except (ImportError, AttributeError):
        yield
        return

    def rebuild(modname, consts, env_name):
        if not (isinstance(modname, str) and modname.startswith("numba.")) or modname in sys.modules:
            return original(modname, consts, env_name)
        env = lookup(env_name)
        if env is None:  # (as numba's _rebuild_env makes it, but for the globals)
            env = environment_class({"__name__": modname})
            env.consts[:] = consts
            env.env_name = env_name
            memo[env_name] = env
        return env

    environment._rebuild_env = rebuild  # (pickle finds it by its name as it reads an entry)
    try:
        yield
    finally:
        environment._rebuild_env = original


@contextmanager
def _linking_module_parsed_when_needed(context: Any, folder: Path) -> Iterator[None]:
    try:
        import llvmlite.binding as ll
        codegen = context.codegen()
        library_class, engine = codegen._library_class, codegen._engine
        steps = set(library_class._unserialize.__func__.__code__.co_names)
        known_symbols = engine._defined_symbols
        engine_class = type(engine)
        assert callable(engine_class._load_defined_symbols)
    except (ImportError, AttributeError, AssertionError):
        yield
        return
    if not (_UNSERIALIZE_STEPS <= steps and isinstance(known_symbols, set)) or "unserialize_library" in vars(codegen):
        yield
        return
    original = codegen.unserialize_library

    def unserialize(serialized):
        try:
            name, kind, (object_code, bitcode) = serialized
        except (TypeError, ValueError):
            return original(serialized)
        if kind != "object" or not isinstance(bitcode, bytes):
            return original(serialized)
        entry = _symbols_entry(folder, bitcode)
        known = _read_symbols(entry)
        if known is None:
            library = original(serialized)
            _write_symbols(entry, engine, library._shared_module)
            return library
        # numba's _unserialize of an object, but for the bitcode, parsed at its first use
        library = codegen.create_library(name)
        library.enable_object_caching()
        library._set_compiled_object(object_code)
        library.__class__ = _lazy_class(type(library), ll.parse_bitcode)
        vars(library).pop("_shared_module", None)
        library._linking_bitcode = bitcode
        library._finalize_final_module()
        engine._defined_symbols |= known
        return library

    codegen.unserialize_library = unserialize
    try:
        yield
    finally:
        del codegen.unserialize_library


_LAZY: dict = {}


def _lazy_class(cls: type, parse) -> type:
    """A subclass of numba's code library whose linking module (`_shared_module`) is parsed from its bitcode when
    first read."""
    if cls not in _LAZY:
        def get(self):
            if "_linking_module" not in vars(self):
                self._linking_module = parse(vars(self).pop("_linking_bitcode")) \
                    if "_linking_bitcode" in vars(self) else None
            return self._linking_module

        def put(self, module):
            vars(self).pop("_linking_bitcode", None)
            self._linking_module = module

        _LAZY[cls] = type(cls.__name__, (cls,), {"_shared_module": property(get, put), "__module__": __name__})
    return _LAZY[cls]


def _symbols_entry(folder: Path, bitcode: bytes) -> Path:
    import numba
    h = hashlib.sha256(f"{KIND};numba={numba.__version__};".encode())
    h.update(bitcode)
    return folder / f"linked-{h.hexdigest()[:32]}.symbols.json"


def _read_symbols(entry: Path) -> Optional[set]:
    """The symbols of a list this user wrote and alone may write, or None."""
    try:
        found = json.loads(read_own(entry))
        if found.get("kind") != KIND or not all(isinstance(s, str) for s in found["symbols"]):
            return None
        return set(found["symbols"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _write_symbols(entry: Path, engine: Any, module: Any) -> None:
    """The symbols numba's engine lists for a linking module (its own _load_defined_symbols, on a list of its
    own), written atomically; a cache that cannot be written is no error."""
    if module is None:
        return
    probe = types.SimpleNamespace(_defined_symbols=set())
    type(engine)._load_defined_symbols(probe, module)
    write_own(entry, json.dumps({"kind": KIND, "symbols": sorted(probe._defined_symbols)}).encode())


# what numba's runtime initialisation and compile must do for `initialize_runtime` to do the same
_RUNTIME_STEPS = {"NRT_STATS", "memsys_enable_stats", "c_helpers", "add_symbol", "compile_nrt_functions", "_library",
                  "_init"}
_COMPILE_STEPS = {"create_nrt_module", "add_ir_module", "finalize"}


def initialize_runtime(context: Any, folder: Path) -> None:
    """numba's `rtsys.initialize(context)`, its library of LLVM functions read from the copy kept in `folder` (made
    there the first time); where numba is not as expected, numba's own initialisation."""
    from numba.core.runtime import rtsys
    try:
        import llvmlite
        import llvmlite.binding as ll
        import numba
        from numba.core import config
        from numba.core.compiler_lock import global_compiler_lock
        from numba.core.runtime import nrtdynmod
        _nrt_python: Any = importlib.import_module("numba.core.runtime._nrt_python")
        steps = set(type(rtsys).initialize.__wrapped__.__code__.co_names)
        compiles = set(nrtdynmod.compile_nrt_functions.__code__.co_names)
        codegen = context.codegen()
        key = hashlib.sha256(repr((numba.__version__, llvmlite.__version__, sys.version_info[:2],
                                   codegen.magic_tuple())).encode()).hexdigest()[:24]
        ready = rtsys._init
    except (ImportError, AttributeError):
        rtsys.initialize(context)
        return
    if ready:
        return
    if not (_RUNTIME_STEPS <= steps and compiles == _COMPILE_STEPS):
        rtsys.initialize(context)
        return
    entry = folder / f"runtime-{key}.bin"
    with global_compiler_lock:
        if getattr(config, "NRT_STATS", 0):  # (set by numba at its import: unknown to mypy)
            _nrt_python.memsys_enable_stats()
        for name, address in _nrt_python.c_helpers.items():  # (as rtsys.initialize registers them)
            ll.add_symbol(name if name.startswith("_") else "NRT_" + name, address)
        kept = _read_runtime(entry)
        if kept is not None:
            library = codegen.unserialize_library(kept)
        else:
            ir_module, library = nrtdynmod.create_nrt_module(context)
            library.enable_object_caching()
            library.add_ir_module(ir_module)
            library.finalize()
            _write_runtime(entry, library.serialize_using_object_code())
        rtsys._library = library
        rtsys._init = True


def _read_runtime(entry: Path) -> Optional[tuple]:
    """numba's serialised runtime library kept in `entry` (a file this user wrote and alone may write, whole), or
    None."""
    try:
        data = read_own(entry)
        if not data.startswith(RUNTIME_KIND):
            return None
        head = len(RUNTIME_KIND) + 32
        digest, payload = data[len(RUNTIME_KIND):head], data[head:]
        if hashlib.sha256(payload).digest() != digest:
            return None
        header, rest = payload.split(b"\n", 1)
        name, object_size = json.loads(header)
        return name, "object", (rest[:object_size], rest[object_size:])
    except (OSError, ValueError, TypeError):
        return None


def _write_runtime(entry: Path, serialized: Any) -> None:
    """Keep numba's serialised runtime library (its name, "object", its object code and its bitcode)."""
    try:
        name, kind, (object_code, bitcode) = serialized
        assert kind == "object" and isinstance(object_code, bytes) and isinstance(bitcode, bytes)
    except (TypeError, ValueError, AssertionError):
        return
    payload = json.dumps([name, len(object_code)]).encode() + b"\n" + object_code + bitcode
    write_own(entry, RUNTIME_KIND + hashlib.sha256(payload).digest() + payload)
