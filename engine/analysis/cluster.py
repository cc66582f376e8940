"""Series of games and perft on a Ray cluster: `--cluster auto|ADDRESS`, the optional extra `mire[cluster]`.

The runs of engine/analysis/parallel.py sent to Ray's workers instead of this machine's processes: each worker loads the
game by the name or path it is given (a path must be readable where the workers run, and Mire installed there)
and plays its run of games; the results are put back together in the order of the games, so they are the
same as one process's. `auto` joins the cluster that RAY_ADDRESS names, or one already running on this
machine, or else starts one here; any other value is the address of a cluster (`ray://host:10001`, or a head
node's `host:6379`). This is the only module that imports Ray.
"""
from __future__ import annotations

import os
from typing import Callable, Optional

# Ray's own processes log their retries to the terminal as warnings: only their errors are for the user
os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "error")
import ray  # noqa: E402


class ClusterError(RuntimeError):
    """A cluster that cannot be used: an address that is none (`usage`), or one that cannot be reached or started;
    str() says so in one line."""

    def __init__(self, message: str, usage: bool = False):
        super().__init__(message)
        self.usage = usage


class RayRunner:
    """Runs work as Ray tasks; `jobs` is the cluster's number of CPUs (how finely a series is cut)."""

    def __init__(self, address: str):
        if not ray.is_initialized():
            try:
                ray.init(address=None if address == "auto" else address, include_dashboard=False,
                         log_to_driver=False)
            except ValueError as err:  # (Ray's word for an address it cannot read, or a client it lacks)
                raise ClusterError(f"--cluster {address!r}: {_first_line(err)}", usage=True) from None
            except Exception as err:  # noqa: BLE001 - Ray's many ways of not reaching (or starting) a cluster
                raise ClusterError(f"cannot reach the Ray cluster at {address!r}: {_first_line(err)}") from None
        self.jobs = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def map(self, fn, arguments: list, on_result: Optional[Callable] = None) -> list:
        """[fn(*args) for args in arguments], worked out by the cluster; on_result(i, result) as each is done.
        Ctrl-C stops it: what was not done is None."""
        from .parallel import EndedBySignals
        task = ray.remote(fn)
        pending = [task.remote(*args) for args in arguments]
        index = {ref: i for i, ref in enumerate(pending)}
        out: list = [None] * len(arguments)
        with EndedBySignals():
            try:
                while pending:
                    done, pending = ray.wait(pending, num_returns=1)
                    for ref in done:
                        out[index[ref]] = ray.get(ref)
                        if on_result is not None:
                            on_result(index[ref], out[index[ref]])
            except KeyboardInterrupt:
                pass
            finally:  # (stopped, ended by a signal, or failed: the tasks not done are cancelled)
                for ref in pending:
                    ray.cancel(ref, force=True)
        return out


def _first_line(err: BaseException) -> str:
    """What Ray said, in one short line (its messages run over many, with advice for its own developers)."""
    lines = str(err).strip().splitlines() or [type(err).__name__]
    line = lines[0]
    return line if len(line) <= 200 else line[:197] + "..."
