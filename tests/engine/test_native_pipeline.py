"""engine/native/pipeline.py: the generated code compiled by numba's nopython pipeline less the passes that do
nothing for it, into the same LLVM IR as numba's own pipeline makes (so the same machine code)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

numba = pytest.importorskip("numba")

from mire.engine.native.pipeline import LEFT_OUT, njit_options, pipeline_class  # noqa: E402


def test_numbas_pipeline_less_the_passes_left_out():
    from numba.core.compiler import DefaultPassBuilder, Flags, StateDict
    compiler = pipeline_class()
    assert compiler is not None and njit_options() == {"pipeline_class": compiler}
    state = StateDict()
    state.flags = Flags()
    state.func_ir = None
    numbas = [pass_class.__name__ for pass_class, _ in DefaultPassBuilder.define_nopython_pipeline(state).passes]
    instance = compiler.__new__(compiler)
    instance.state = state
    (trimmed,) = instance.define_pipelines()
    ours = [pass_class.__name__ for pass_class, _ in trimmed.passes]
    assert ours == [name for name in numbas if name not in LEFT_OUT]
    assert set(numbas) - set(ours) == set(LEFT_OUT)
    assert "NopythonTypeInference" in ours and "NativeLowering" in ours and "IRLegalization" in ours


# a first compile of a game's perft, in a process of its own, each code library's final LLVM IR noted (its SHA-256)
# as numba finalizes it; `numba` in argv: with numba's own pipeline
RECORD = '''
import hashlib, json, os, sys
from numba.core import codegen
if sys.argv[2] == "numba":
    from mire.engine.native import pipeline
    pipeline._pipeline = False
finalize = codegen.CPUCodeLibrary.finalize
seen = []
def recording(self):
    was = self._finalized
    finalize(self)
    if not was:
        seen.append([self.name, hashlib.sha256(str(self._final_module).encode()).hexdigest()])
codegen.CPUCodeLibrary.finalize = recording
from mire.engine import load_game
from mire.engine.native import NativeGame
game = NativeGame(load_game(sys.argv[1]))
counts = game.perft(3)
print(json.dumps({"libraries": seen, "perft": counts}))
'''


def libraries_made(game: str, pipeline: str, folder: Path) -> dict:
    # (the same folder each time, emptied: the module's path is in its code, in the texts of its errors; numba's
    # order of some reference counts follows Python's hash of names: one seed)
    for file in sorted(folder.rglob("*"), reverse=True):
        file.unlink() if file.is_file() else file.rmdir()
    env = {**os.environ, "MIRE_CACHE_DIR": str(folder), "PYTHONHASHSEED": "0"}
    env.pop("MIRE_BACKEND", None)
    done = subprocess.run([sys.executable, "-c", RECORD, game, pipeline], env=env, capture_output=True, text=True,
                          timeout=600, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_same_llvm_ir_as_numbas_pipeline(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir()
    numbas = libraries_made("tic-tac-toe", "numba", folder)
    ours = libraries_made("tic-tac-toe", "ours", folder)
    assert len(numbas["libraries"]) > 20
    assert ours["libraries"] == numbas["libraries"]
    assert ours["perft"] == numbas["perft"]
