"""A level file's levels mapped over a Ray cluster (a local one, started here), each
task solving its level and verifying the solution; the gathered results agree with
`verify_many` on this machine. docs/python.md shows the same code on a multi-node
cluster."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module")
def ray():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def load_example():
    spec = importlib.util.spec_from_file_location("ray_verify", EXAMPLES / "ray_verify.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["ray_verify"] = module
    spec.loader.exec_module(module)
    return module


def test_levels_over_ray(ray, corpus):
    example = load_example()
    path = corpus / "levels" / "large-test-suite" / "Microban_155.xsb"
    results = example.solve_and_verify(path, first=20, batch=5, seconds=10)
    assert [r["index"] for r in results] == list(range(20))
    assert all(r["verified"] for r in results)
    import sokoengine

    pairs = [(r["board"], r["lurd"]) for r in results]
    verdicts = sokoengine.verify_many(pairs)
    assert [str(v[0].metrics) for v in verdicts] == [r["metrics"] for r in results]


def test_results_travel_from_ray_workers(ray):
    import sokoengine

    @ray.remote
    def solve_on_worker(board):
        return sokoengine.solve_many([board])[0]

    result = ray.get(solve_on_worker.remote("#######\n#@ $ .#\n#######"))
    assert result.solved and str(result.metrics) == "3/2/1/1/1/1"
