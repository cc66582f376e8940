"""Each function of a game's module made into machine code once, in the entry points that call it, rather than once
in every function that calls it.

numba compiles a function called from compiled code into a code library of its own, and finalizes it at once: it
links in the libraries of the functions it calls, optimizes the whole (LLVM's module passes) and makes it machine
code (MCJIT). The caller then links that library in, optimizes and makes machine code of the whole again, and so on
up to the entry point: a function's code is optimized and made machine code once for each function above it in the
calls (Queensland's playouts: 164 libraries holding 131,000 LLVM instructions where the entry holds 16,000; more
than half of its first compile).

A function of a game's module without the wrapper that Python calls it through (`no_cpython_wrapper`: build.py's
JIT gives it to every function but the entry points) is only ever called from compiled code, whose library links
its code in. Its library is made *link-only* here: finalized without the module passes and without machine code
(nothing can call its machine code), kept as LLVM's bitcode. Numba's cache keeps it so (the bitcode of it and of the
functions it calls, which a later compile links in as numba links a cached library's bitcode), where it kept the
machine code and the bitcode. An entry point's library is finalized as numba does it, once, with all it calls:
the machine code is the one LLVM makes of the same linked module, optimized once by the same passes.

Where numba is not as this expects (its internals are not an API), nothing changes.
"""
from __future__ import annotations

from typing import Any

# the module names build.load_module gives the generated modules, as numba's mangled function names hold them
_RULES_MARK = "mire_native_"
# numba's name of the wrapper Python calls a function through (funcdesc.llvm_cpython_wrapper_name)
_WRAPPER_PREFIX = "_ZN7cpython"

_installed = False


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
    import llvmlite.binding as ll

    add_llvm_module = library_class.add_llvm_module
    optimize_final_module = library_class._optimize_final_module
    finalize_final_module = library_class._finalize_final_module
    get_pointer_to_function = library_class.get_pointer_to_function
    serialize_using_object_code = library_class.serialize_using_object_code
    unserialize = library_class._unserialize.__func__
    set_env = codegen_class.set_env

    def add_llvm_module_noting(self, ll_module):
        # which functions the library defines: a generated module's, and whether Python's wrapper of one
        for function in ll_module.functions:
            if not function.is_declaration:
                if _RULES_MARK in function.name:
                    self._mire_rules = True
                if function.name.startswith(_WRAPPER_PREFIX):
                    self._mire_entry = True
        return add_llvm_module(self, ll_module)

    def optimize_final_module_once(self):
        if not _link_only(self):  # (a link-only library is optimized in the entry point's module that links it)
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
        defined = [f.name for f in module.functions if not f.is_declaration]
        library._mire_rules = any(_RULES_MARK in n for n in defined)
        library._mire_entry = any(n.startswith(_WRAPPER_PREFIX) for n in defined)
        library._final_module = module
        library._finalize_final_module()
        return library

    def set_env_where_defined(self, env_name, env):
        # (a link-only library's environment is nowhere in the engine: its code runs inside an entry point's)
        if self._engine.is_symbol_defined(env_name):
            set_env(self, env_name, env)

    library_class.add_llvm_module = add_llvm_module_noting
    library_class._optimize_final_module = optimize_final_module_once
    library_class._finalize_final_module = finalize_final_module_once
    library_class.get_pointer_to_function = pointer_to_function
    library_class.serialize_using_object_code = serialized
    library_class._unserialize = classmethod(unserialized)
    codegen_class.set_env = set_env_where_defined
