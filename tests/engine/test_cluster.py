"""--cluster: the same series and perft on a Ray cluster as in one process. The test starts a local Ray
instance of its own (Ray is the optional extra `mire[cluster]`, which the test extra brings)."""
import json

import pytest
from click.testing import CliRunner

from mire.cli.main import main

ray = pytest.importorskip("ray")

# one Ray instance for the module: its tests run in one xdist worker (`--dist loadfile` in pyproject.toml)
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def run(*args):
    done = CliRunner().invoke(main, [*args, "--json"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    out = json.loads(done.output)
    out.pop("playouts_per_second", None)
    return out


@pytest.mark.slow
def test_a_series_on_the_cluster_is_the_series_here(local_ray):
    args = ["simulate", "mosquito-show", "-n", "16", "--seed", "4"]
    here = run(*args, "--jobs", "1")
    assert run(*args, "--cluster", "auto") == here
    arena = ["arena", "tic-tac-toe", "-n", "8", "--seed", "1"]
    assert run(*arena, "--cluster", "auto") == run(*arena, "--jobs", "1")


def test_perft_on_the_cluster_counts_what_one_process_counts(local_ray):
    assert run("perft", "connect-four", "--depth", "4", "--cluster", "auto")["counts"] == [7, 49, 343, 2401]
