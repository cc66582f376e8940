"""Each function of a game's module made machine code once, in the entry points that call it, rather than once in
every function that calls it.

numba compiles a function called from compiled code into a code library of its own, and finalizes it at once: it
links in the libraries of the functions it calls, optimizes the whole (LLVM's module passes) and makes it machine
code (MCJIT). The caller then links that library in, optimizes and makes machine code of the whole again, and so on
up to the entry point: a function's code is made machine code once for each function above it in the calls
(the largest seed game's playouts: 164 libraries made machine code, 131,000 LLVM instructions, where the entry
holds 16,000).

A function of a game's module without the wrapper that Python calls it through (`no_cpython_wrapper`: build.py's
JIT gives it to every function but the entry points) is only ever called from compiled code, whose library links
its code in. Its library is made *link-only* here: finalized (linked and optimized as numba does it) but made no
machine code, which nothing could call, and kept as LLVM's bitcode: numba's cache keeps it so (the bitcode of it and
of the functions it calls, which a later compile links in as numba links a cached library's bitcode), where it kept
the machine code and the bitcode. An entry point's library is finalized as numba does it.

The optimization of each library, over all it calls, is kept: the playouts' code is optimized again at each level
of the calls, as before (one optimization of the entry's whole module made the largest seed game's playouts 20%
slower: LLVM's passes still improve code the second and third time over it). Except a *thin* link-only library: its
own code under a tenth of the code it links in (begin_game around setup_game, stuck around declare and conclude),
and at most a tenth of that code optimized fewer than three times, at its own level and those above: the library is
linked but not optimized (its callers' optimization goes over it all again). The playouts' LLVM of the seed games,
compared function by function, is the same but for a store before each call of a function linked so (numba's slot
of a raised exception set to null), with one optimization fewer of all the code below each such function (the
largest seed game: ~2 of its ~22 s of a first compile).

Where numba is not as this expects (its internals are not an API), nothing changes.
"""
from __future__ import annotations

from typing import Any

# the module names build.load_module gives the generated modules, as numba's mangled function names hold them
_RULES_MARK = "mire_native_"
# numba's name of the wrapper Python calls a function through (funcdesc.llvm_cpython_wrapper_name)
_WRAPPER_PREFIX = "_ZN7cpython"

# a link-only library is not optimized as a module when its own code is under 1/THIN of the code it links in, and
# under 1/THIN of that code has been optimized fewer than ROUNDS times (at its own level and those above)
THIN = 10
ROUNDS = 3

_installed = False


def _below(library: Any) -> dict:
    """The libraries a finalized library is made of, itself and those linked in, directly or not: id -> (the size
    of each one's own code, in basic blocks as numba lowered them; how many times it was optimized as a part of a
    module). Empty where it is not known (a library read from numba's cache as machine code)."""
    return getattr(library, "_mire_below", {})


def _link_only(library: Any) -> bool:
    return getattr(library, "_mire_rules", False) and not getattr(library, "_mire_entry", False)


def install() -> None:
    """Make the libraries of the generated modules' functions that Python never calls link-only (once a process)."""
    global _installed
    if _installed:
        return
    _installed = True
    try:
        from numba.core import codegen
    except ImportError:
        return
    library_class: Any = getattr(codegen, "JITCodeLibrary", None)
    codegen_class: Any = getattr(codegen, "JITCPUCodegen", None)
    needed = ("add_llvm_module", "_optimize_final_module", "_finalize_final_module", "_finalize_dynamic_globals",
              "get_pointer_to_function", "serialize_using_object_code", "_unserialize", "_ensure_finalized")
    if library_class is None or codegen_class is None or not all(hasattr(library_class, n) for n in needed) \
            or not hasattr(codegen_class, "set_env"):
        return
    _finalized_link_only(library_class)
    _cached_link_only(library_class)
    set_env = codegen_class.set_env

    def set_env_where_defined(self, env_name, env):
        # (a link-only library's environment is nowhere in the engine: its code runs inside an entry point's)
        if self._engine.is_symbol_defined(env_name):
            set_env(self, env_name, env)
    codegen_class.set_env = set_env_where_defined


def _finalized_link_only(library_class: Any) -> None:
    """A library notes what it defines; a link-only one is finalized without machine code."""
    add_llvm_module = library_class.add_llvm_module
    finalize_final_module = library_class._finalize_final_module
    optimize_final_module = library_class._optimize_final_module
    get_pointer_to_function = library_class.get_pointer_to_function

    def add_llvm_module_noting(self, ll_module):
        # which functions the library defines: a generated module's, and whether Python's wrapper of one; and the
        # size of its own code (basic blocks, as numba lowered them)
        own = 0
        for function in ll_module.functions:
            if not function.is_declaration:
                if _RULES_MARK in function.name:
                    self._mire_rules = True
                if function.name.startswith(_WRAPPER_PREFIX):
                    self._mire_entry = True
                own += sum(1 for _ in function.blocks)
        self._mire_own = getattr(self, "_mire_own", 0) + own
        return add_llvm_module(self, ll_module)

    def optimize_final_module_unless_thin(self):
        # (numba's finalize calls it once the libraries of the functions called are linked in) a thin link-only
        # library (begin_game around setup_game, stuck around conclude) is not optimized: its callers' optimization
        # goes over it all again, and the code below it has been optimized enough times already (LLVM's passes
        # still improve code at a second and third time over it: fewer times made a seed game's hot code differ)
        own = getattr(self, "_mire_own", 0)
        below: dict = {}
        for library in getattr(self, "_linking_libraries", ()):
            for key, (size, times) in _below(library).items():
                below[key] = (size, min(times, below.get(key, (size, times))[1]))  # (the least, where it differs)
        linked = sum(size for size, _ in below.values())
        young = sum(size for size, times in below.values() if times < ROUNDS)
        if _link_only(self) and own * THIN < linked and young * THIN < linked:
            below[id(self)] = (own, 0)
            self._mire_below = below
            return
        self._mire_below = {key: (size, times + 1) for key, (size, times) in below.items()}
        self._mire_below[id(self)] = (own, 1)
        optimize_final_module(self)

    def finalize_final_module_once(self):
        if _link_only(self):  # (no machine code: nothing calls it but the code that links it in)
            self._finalize_dynamic_globals()
            self._finalized = True
        else:
            finalize_final_module(self)

    def pointer_to_function(self, name):
        if _link_only(self):
            self._ensure_finalized()
            return 0  # (as numba answers for a name the library does not define: the wrapper it does not have)
        return get_pointer_to_function(self, name)

    library_class.add_llvm_module = add_llvm_module_noting
    library_class._optimize_final_module = optimize_final_module_unless_thin
    library_class._finalize_final_module = finalize_final_module_once
    library_class.get_pointer_to_function = pointer_to_function


def _cached_link_only(library_class: Any) -> None:
    """A link-only library cached as its bitcode, and read back so."""
    import llvmlite.binding as ll
    serialize_using_object_code = library_class.serialize_using_object_code
    unserialize = library_class._unserialize.__func__

    def serialized(self):
        if _link_only(self):
            self._ensure_finalized()
            return (self.name, "bitcode", self._final_module.as_bitcode())
        return serialize_using_object_code(self)

    def unserialized(cls, codegen, state):
        name, kind, data = state
        if kind != "bitcode":
            return unserialize(cls, codegen, state)
        library = codegen.create_library(name)
        module = ll.parse_bitcode(data)
        defined_functions = [f for f in module.functions if not f.is_declaration]
        defined = [f.name for f in defined_functions]
        library._mire_rules = any(_RULES_MARK in n for n in defined)
        library._mire_entry = any(n.startswith(_WRAPPER_PREFIX) for n in defined)
        library._final_module = module
        # (how many times its code was optimized is not kept: once, which no caller skips for)
        library._mire_below = {id(library): (sum(1 for f in defined_functions for _ in f.blocks), 1)}
        library._finalize_final_module()
        return library

    library_class.serialize_using_object_code = serialized
    library_class._unserialize = classmethod(unserialized)
