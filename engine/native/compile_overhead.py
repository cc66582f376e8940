"""Two costs of numba's own Python in each compile, cut without changing what it compiles.

- Typing looks each call of an overloaded function (`np.empty`, `a.copy()`, `min`, ...) up in its template's cache,
  keyed by the compile's flags. A flags object's hash sorts the names of all its options and its equality builds the
  dictionary of all their values (~40) for each side: the largest seed game's first compile made ~24,000 look-ups,
  100,000 such dictionaries (~6% of the compile). Here the hash is computed once a class (it is the hash of the
  sorted option names, the same for every object of the class: what numba computes each time), and two flags whose
  set options are equal are equal at once (their values then are); otherwise numba's comparison decides, as before.
- Each call into LLVM (~80,000 in the largest seed game's compile) takes llvmlite's lock, and numba made every taking
  of it an event (`numba:llvm_lock`) sent to the timers of every compile under way, which only fill the `timers` of
  numba's compile metadata (read nowhere here): ~4% of the compile. The two callbacks numba registered for it are
  removed.

Where numba or llvmlite is not as this expects (their internals are not an API), nothing changes.
"""
from __future__ import annotations

from typing import Any

_installed = False


def install() -> None:
    """Cut both costs (once a process)."""
    global _installed
    if _installed:
        return
    _installed = True
    _cheap_flag_comparisons()
    _no_llvm_lock_events()


def _cheap_flag_comparisons() -> None:
    try:
        from numba.core import targetconfig
    except ImportError:
        return
    config: Any = getattr(targetconfig, "TargetConfig", None)
    try:
        if "_values" not in config.__slots__ or not callable(config.values):
            return
    except AttributeError:
        return
    numba_eq = config.__eq__
    hashes: dict = {}

    def __eq__(self, other):
        if self is other or (type(self) is type(other) and self._values == other._values):
            return True
        return numba_eq(self, other)

    def __hash__(self):
        kind = type(self)
        found = hashes.get(kind)
        if found is None:
            found = hashes[kind] = hash(tuple(sorted(self.values())))  # (numba's hash: the sorted option names)
        return found

    config.__eq__ = __eq__
    config.__hash__ = __hash__


def _no_llvm_lock_events() -> None:
    try:
        import numba.core.base  # noqa: F401  (registers its callbacks at its import)
        from llvmlite.binding import ffi
    except ImportError:
        return
    lock = getattr(getattr(ffi, "lib", None), "_lock", None)
    callbacks = getattr(lock, "_cblist", None)
    if not isinstance(callbacks, list) or not hasattr(ffi, "unregister_lock_callback"):
        return
    for taken, released in list(callbacks):
        if taken.__module__ == "numba.core.base" and "_initialize_llvm_lock_event" in taken.__qualname__:
            ffi.unregister_lock_callback(taken, released)
