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


def test_flag_values_as_numbas():
    install()
    from numba.core.targetconfig import TargetConfig
    numbas_values = TargetConfig.values.numba
    flags = Flags()
    assert list(flags.values().items()) == list(numbas_values(flags).items())
    flags.nrt = True
    flags.no_cpython_wrapper = True
    flags.inline = "always"
    flags.debuginfo = False  # (set to its default: still set)
    mine, numbas = flags.values(), numbas_values(flags)
    assert list(mine.items()) == list(numbas.items())  # (the same values, in the options' order)
    assert mine["nrt"] is True and mine["inline"].value == "always" and mine["boundscheck"] is flags.boundscheck
    assert flags.values() is not flags.values()  # (a new dict each time, as numba's: a caller may change it)
    copied = Flags(flags)
    assert copied == flags and copied.values() == flags.values()


def ir_of_sample():
    """numba's IR of a function with most kinds of statements: calls with keywords, tuples, a raise, a loop, a
    list, attributes, a global, a slice, a del."""
    import numpy as np
    from numba.core import compiler

    def sample(st, n, k=2):
        out = np.zeros((n, 2), dtype=np.int64)
        total = 0
        pair = (n, k)
        items = [n, k, 3]
        for i in range(n):
            out[i, 0] = st[i] + pair[0]
            if st[i] > k:
                total += min(st[i], k, key=None) if False else st[i]
        if total < 0:
            raise ValueError("negative", n)
        part = st[1:n]
        del items
        return total + part.sum() + out.shape[0]
    return compiler.run_frontend(sample)


def test_variable_lists_as_numbas():
    install()
    from numba.core import ir
    numbas = ir.Inst._rec_list_vars.numba
    func_ir = ir_of_sample()
    instructions = [stmt for block in func_ir.blocks.values() for stmt in block.body]
    instructions += [stmt.value for stmt in instructions
                     if isinstance(stmt, ir.Assign) and isinstance(stmt.value, ir.Inst)]
    assert len(instructions) > 60
    kinds = set()
    here = func_ir.loc
    for inst in instructions:
        listed = inst.list_vars()
        where = inst.__dict__ if not isinstance(inst, ir.Expr) else inst._kws
        assert listed == numbas(inst, where), inst  # (the same variables, in the same order)
        assert all(type(a) is type(b) for a, b in zip(listed, numbas(inst, where)))
        kinds.add(type(inst).__name__ if not isinstance(inst, ir.Expr) else inst.op)
    assert {"Assign", "Branch", "Jump", "Return", "Raise", "Del", "call", "build_tuple", "build_list",
            "getattr", "binop", "getiter", "iternext", "getitem"} <= kinds, kinds
    # (mappings in sequences, sequences in mappings, values that are none of them, the variables' order)
    nested = [{"a": [ir.Var(None, "x", here), (ir.Var(None, "y", here),)], "b": 3}, "z", ir.Var(None, "w", here)]
    assert [v.name for v in instructions[0]._rec_list_vars(nested)] == ["x", "y", "w"]
    assert instructions[0]._rec_list_vars(nested) == numbas(instructions[0], nested)


def test_templates_ordered_as_numba_orders_them():
    install()
    import operator

    from numba.core import utils
    from numba.core.registry import cpu_target
    from numba.core.target_extension import get_local_target
    from numba.core.typing import context
    assert context.order_by_target_specificity is utils.order_by_target_specificity
    numbas = utils.order_by_target_specificity.numba
    typing = cpu_target.typing_context
    typing.refresh()
    target = get_local_target(typing)
    templates = list(typing.resolve_value_type(operator.add).templates)
    assert len(templates) > 5
    first = utils.order_by_target_specificity(target, templates, fnkey="add")
    again = utils.order_by_target_specificity(target, templates, fnkey="add")
    assert first == again == numbas(target, templates, fnkey="add") and first is not again
    reordered = templates[::-1]
    assert utils.order_by_target_specificity(target, reordered) == numbas(target, reordered)
    assert utils.order_by_target_specificity(target, []) == []
