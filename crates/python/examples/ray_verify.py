"""Solve and verify a level file's levels on a Ray cluster.

Each Ray task takes a batch of levels (their board text), solves them with
`sokoengine.solve_many` (all the worker's cores, the GIL released) and checks every
solution with `sokoengine.verify_many`; the driver gathers the results in file order.

    python examples/ray_verify.py LEVELS.sok [--first N] [--batch K] [--seconds S]

Without a cluster `ray.init()` starts a local one; on a cluster, run this on the head
node (or with `RAY_ADDRESS=ray://HEAD:10001`), with `sokoengine-python` installed on every
node: the same code then spreads the batches over all nodes (docs/python.md).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Dict, List, Union

import ray

import sokoengine
from sokoengine.io import Collection


@ray.remote
def solve_batch(boards: List[str], seconds: float) -> List[Dict[str, object]]:
    """Solves and verifies one batch of boards on one Ray worker."""
    results = sokoengine.solve_many(boards, "any", time=seconds)
    solved = [(board, r.lurd) for board, r in zip(boards, results) if r.solved]
    verdicts = iter(sokoengine.verify_many(solved))
    out: List[Dict[str, object]] = []
    for board, result in zip(boards, results):
        verdict = next(verdicts)[0] if result.solved else None
        out.append(
            {
                "board": board,
                "status": result.status,
                "lurd": result.lurd,
                "metrics": str(result.metrics) if result.metrics else None,
                "verified": bool(verdict and verdict.solved),
            }
        )
    return out


def solve_and_verify(
    path: Union[str, Path], first: int = 0, batch: int = 8, seconds: float = 10.0
) -> List[Dict[str, object]]:
    """The levels of `path` (the first `first`, or all) solved on the cluster, batch by
    batch; one dictionary per level, in file order, with its index."""
    collection = Collection()
    collection.load(path)
    puzzles = collection.puzzles[:first] if first else collection.puzzles
    boards = [puzzle.to_board_str(use_visible_floor=True) for puzzle in puzzles]
    futures = [
        solve_batch.remote(boards[start : start + batch], seconds)
        for start in range(0, len(boards), batch)
    ]
    results = [item for chunk in ray.get(futures) for item in chunk]
    for index, result in enumerate(results):
        result["index"] = index
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    ray.init()
    results = solve_and_verify(args.levels, args.first, args.batch, args.seconds)
    verified = sum(bool(r["verified"]) for r in results)
    for result in results:
        print(result["index"] + 1, result["status"], result["metrics"] or "-")
    print(f"{verified} of {len(results)} levels solved and verified")


if __name__ == "__main__":
    main()
