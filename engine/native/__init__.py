"""The native backend: a game's rules translated to Python source for numba (machine code through LLVM),
state as arrays, undo as a journal of array writes (docs/backends.md)."""
from .game import NativeGame, NativeOutcome, NativeUnavailable, numba_missing
from .layout import HandOffError
from .translate import Unsupported

__all__ = ["NativeGame", "NativeOutcome", "NativeUnavailable", "HandOffError", "Unsupported", "numba_missing"]
