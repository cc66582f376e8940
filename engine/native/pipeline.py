"""numba's compiler pipeline for the generated modules' functions: numba's own nopython pipeline, without the passes
that do nothing for the code Mire generates.

The generated code (build.py, translate.py, the preludes) has no `with` block, no `literally` nor `literal_unroll`, no
parallel loop, and compiles in nopython mode: numba's passes that lift `with` blocks, look for `literally` calls,
unroll over tuples' literals (and the typing sub-pipeline that prepares it), validate that nopython's features are
used as nopython allows and print parallel diagnostics find nothing to do in it and change nothing, though each pass
costs its run for each function (its event, its timers, the check of its result). The IR and the LLVM IR numba
makes without them are the same (tests/engine/test_native_pipeline.py), and so the machine code.

Where numba is not as this expects (its pipeline is not an API: a pass renamed, moved or missing), numba's own
pipeline compiles the generated code, unchanged.
"""
from __future__ import annotations

from typing import Any, Optional

# numba's names of the passes left out (numba.core.untyped_passes and typed_passes)
LEFT_OUT = ("WithLifting", "FindLiterallyCalls", "LiteralUnroll", "LiteralPropagationSubPipelinePass",
            "NoPythonSupportedFeatureValidation", "DumpParforDiagnostics")

numba_compiler: Any
try:
    from numba.core import compiler as numba_compiler
    from numba.core.compiler_machinery import PassManager
except ImportError:  # (numba not as expected: its own pipeline)
    numba_compiler = None

_pipeline: Any = None  # (False where numba is not as expected)


def pipeline_class() -> Optional[type]:
    """The compiler class for numba's `pipeline_class` option of the generated modules' `njit` (None: numba's own,
    where numba is not as expected)."""
    global _pipeline
    if _pipeline is None:
        _pipeline = GeneratedCodeCompiler if hasattr(numba_compiler, "CompilerBase") and \
            hasattr(getattr(numba_compiler, "DefaultPassBuilder", None), "define_nopython_pipeline") else False
    return _pipeline or None


def njit_options() -> dict:
    """The option of numba's `njit` that compiles with `pipeline_class()` (none where that is numba's own)."""
    found = pipeline_class()
    return {} if found is None else {"pipeline_class": found}


class GeneratedCodeCompiler(getattr(numba_compiler, "CompilerBase", object)):  # type: ignore[misc]
    """numba's nopython pipeline (as numba's `Compiler` defines it for njit) without the passes of LEFT_OUT."""

    def define_pipelines(self):
        if self.state.flags.force_pyobject or self.state.flags.enable_pyobject:
            return numba_compiler.Compiler.define_pipelines(self)
        full = numba_compiler.DefaultPassBuilder.define_nopython_pipeline(self.state)
        names = [pass_class.__name__ for pass_class, _ in full.passes]
        if not all(name in names for name in LEFT_OUT):  # (numba not as expected: its own pipeline)
            return [full]
        trimmed = PassManager(full.pipeline_name)
        for pass_class, description in full.passes:
            if pass_class.__name__ not in LEFT_OUT:
                trimmed.add_pass(pass_class, description)
        trimmed.finalize()
        return [trimmed]
