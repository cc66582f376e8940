"""engine/native/cached_read.py: a cached entry read with less of numba's work (numba's own modules not imported
for their environments, the linking module parsed when something links it, numba's runtime read rather than
compiled) computes what numba's own read computes, and a compile after it in the same process links it. Each step
in a new process, on a small module of its own (not a game: seconds, not a game's compile)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("numba")

_MODULE = '''
import numpy as np
from numba import njit


@njit(cache=True)
def inner(n):
    a = np.zeros(n, np.int64)  # (numba's np.zeros: a function of numba.np.arrayobj linked in)
    for i in range(n):
        a[i] = i * i
    return a.sum()
'''

_RUN = '''
import importlib.util, json, sys
from pathlib import Path
folder = Path(sys.argv[1])
spec = importlib.util.spec_from_file_location("small", folder / "small.py")
small = importlib.util.module_from_spec(spec)
sys.modules["small"] = small
spec.loader.exec_module(small)
from mire.engine.native.build import _loaded_without_refresh
out = {}
if sys.argv[2] == "compile":
    out["inner"] = int(small.inner(10))
else:
    with _loaded_without_refresh([small.inner], folder / "__pycache__"):
        out["inner"] = int(small.inner(10))
    out["arrayobj imported"] = "numba.np.arrayobj" in sys.modules
    library = small.inner.overloads[small.inner.signatures[0]].library
    out["linking module parsed"] = "_linking_module" in vars(library)
    from numba import njit

    @njit
    def outer(n):  # (a compile that links inner's library, after its read)
        return inner_again(n) * 2

    inner_again = small.inner
    out["outer"] = int(outer(10))
    out["linking module parsed after"] = "_linking_module" in vars(library)
print(json.dumps(out))
'''


def run(folder, what):
    done = subprocess.run([sys.executable, "-c", _RUN, str(folder), what], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "MIRE_CACHE_DIR": str(folder)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_cached_read_with_less_work_gives_what_numbas_gives_and_links(tmp_path):
    (tmp_path / "small.py").write_text(_MODULE)
    assert run(tmp_path, "compile") == {"inner": 285}
    stored = tmp_path / "__pycache__"
    first = run(tmp_path, "read")  # (numba's read of the linking module, its symbols listed; the runtime kept)
    assert list(stored.glob("linked-*.symbols.json")) and list(stored.glob("runtime-*.bin"))
    again = run(tmp_path, "read")  # (the symbols and the runtime read from what the first read kept)
    for out in (first, again):
        assert out["inner"] == 285 and out["outer"] == 570
        assert out["arrayobj imported"] is False
    assert first["linking module parsed after"] is False  # (numba's own read: parsed as it read)
    assert again["linking module parsed"] is False and again["linking module parsed after"] is True


def test_a_damaged_runtime_or_symbol_list_is_ignored(tmp_path):
    (tmp_path / "small.py").write_text(_MODULE)
    run(tmp_path, "compile")
    run(tmp_path, "read")
    stored = tmp_path / "__pycache__"
    runtime, = stored.glob("runtime-*.bin")
    symbols, = stored.glob("linked-*.symbols.json")
    runtime.write_bytes(runtime.read_bytes()[:-10] + b"0123456789")  # (its hash no longer matches)
    symbols.write_text(json.dumps({"kind": "another", "symbols": []}))
    out = run(tmp_path, "read")
    assert out["inner"] == 285 and out["outer"] == 570
    assert json.loads(symbols.read_text())["kind"] == "mire-native-symbols-1"  # (written anew)
