"""Series of games and perft on a Ray cluster: `--cluster auto|ADDRESS`, the optional extra `mire[cluster]`.

The runs of engine/analysis/parallel.py sent to Ray's workers instead of this machine's processes: each worker loads the
game by the name or path it is given (a path must be readable where the workers run, and Mire installed there)
and plays its run of games; the results are put back together in the order of the games, so they are the
same as one process's. `auto` joins the cluster that RAY_ADDRESS names, or one already running on this
machine, or else starts one here; any other value is the address of a cluster (`ray://host:10001`, or a head
node's `host:6379`). This is the only module that imports Ray.
"""
from __future__ import annotations

from typing import Callable, Optional

import ray


class RayRunner:
    """Runs work as Ray tasks; `jobs` is the cluster's number of CPUs (how finely a series is cut)."""

    def __init__(self, address: str):
        if not ray.is_initialized():
            ray.init(address=None if address == "auto" else address, include_dashboard=False, log_to_driver=False)
        self.jobs = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def map(self, fn, arguments: list, on_result: Optional[Callable] = None) -> list:
        """[fn(*args) for args in arguments], worked out by the cluster; on_result(i, result) as each is done.
        Ctrl-C stops it: what was not done is None."""
        task = ray.remote(fn)
        pending = [task.remote(*args) for args in arguments]
        index = {ref: i for i, ref in enumerate(pending)}
        out: list = [None] * len(arguments)
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    out[index[ref]] = ray.get(ref)
                    if on_result is not None:
                        on_result(index[ref], out[index[ref]])
        except KeyboardInterrupt:
            for ref in pending:
                ray.cancel(ref)
        return out
