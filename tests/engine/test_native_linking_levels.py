"""engine/native/linking.py: a thin link-only library (its own code under a tenth of what it links in, that code
optimized three times already) is linked but not optimized as a module; the others are, and the entry computes
what the Python functions compute. A small module of its own (not a game: seconds, not a game's compile)."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from mire.engine.native.build import JIT, load_module  # noqa: E402

# a leaf of many branches under three one-line levels: level_1 and level_2 are thin, but the leaf's code has been
# optimized once, then twice, when they are finalized; level_3 finds it optimized three times
_BRANCHES = "\n".join(f"        if st[{i}] > k:\n            total += st[{i}] * {i + 1}\n"
                      f"        else:\n            st[{i}] += k % {i + 2}" for i in range(48))
_SOURCE = f'''import numpy as np
{JIT}

@njit(cache=True)
def leaf(st, rounds):
    total = 0
    for k in range(rounds):
{_BRANCHES}
    return total


@njit(cache=True)
def level_1(st, rounds):
    return leaf(st, rounds) + 1


@njit(cache=True)
def level_2(st, rounds):
    return level_1(st, rounds) + 2


@njit(cache=True)
def level_3(st, rounds):
    return level_2(st, rounds) + 3


@njit(cache=True)
def playouts(st, rounds):
    return level_3(st, rounds)
'''


def optimizations(dispatcher) -> int:
    """How many times a function's own code was optimized as a part of a module when its library was finalized:
    1, or 0 where its library was linked without it (linking.py's note of each library)."""
    library = dispatcher.overloads[dispatcher.signatures[0]].library
    return library._mire_below[id(library)][1]


def test_a_thin_library_is_not_optimized_and_the_entry_computes_the_same(tmp_path, monkeypatch):
    monkeypatch.setenv("MIRE_CACHE_DIR", str(tmp_path))
    module = load_module("linking_levels_test", _SOURCE)
    start = np.arange(48, dtype=np.int64)
    got = module.playouts(start.copy(), 5)
    assert got == module.leaf.py_func(start.copy(), 5) + 1 + 2 + 3
    assert [optimizations(getattr(module, name)) for name in ("leaf", "level_1", "level_2", "level_3", "playouts")] \
        == [1, 1, 1, 0, 1]
