"""engine/native/compile_overhead.py: numba's compile flags compared as numba compares them (only sooner), and
numba's LLVM lock events no longer sent. No compile: these are numba's objects alone."""
from __future__ import annotations

import pytest

numba = pytest.importorskip("numba")

from numba.core import event  # noqa: E402
from numba.core.compiler import Flags  # noqa: E402

from mire.engine.native.compile_overhead import install  # noqa: E402


def numbas_hash(flags) -> int:
    return hash(tuple(sorted(flags.values())))


def test_flags_hash_and_compare_as_numba_does():
    install()
    plain, same, other, unset = Flags(), Flags(), Flags(), Flags()
    for flags in (plain, same, other):
        flags.nrt = True
        flags.no_cpython_wrapper = True
    other.no_cpython_wrapper = False
    unset.nrt = True  # (no_cpython_wrapper left unset: its default, False, as other's)
    assert hash(plain) == hash(same) == hash(other) == numbas_hash(plain) == numbas_hash(other)
    assert plain == same and not plain != same
    assert plain != other
    assert other == unset  # (set options differ, values equal: numba's comparison decides)
    assert plain.values() == same.values() and plain.values() != other.values()
    assert {plain: "found"}[same] == "found"


def test_llvm_lock_sends_no_event():
    install()
    from llvmlite import binding as llvm
    seen = []

    class Seen(event.Listener):
        def on_start(self, ev):
            seen.append(ev)

        def on_end(self, ev):
            seen.append(ev)

    with event.install_listener("numba:llvm_lock", Seen()):
        llvm.parse_assembly("define i64 @f() {\n  ret i64 1\n}\n")  # (a call into LLVM, under its lock)
    assert seen == []
