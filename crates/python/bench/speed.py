"""Speed of the `sokoengine` package beside sokoenginepy 1.0.3, in one run.

    python crates/python/bench/speed.py [--corpus DIR] [--cli PATH] [--repeat N]

Measures, through each package's Python API (the same code for both, `lib` being
`sokoengine` or `sokoenginepy`):

1. a Mover move plus its undo, on sokoenginepy's own benchmark board;
2. reading `Original_and_Extra.sok` and replaying every snapshot on a Mover (and the
   same work in one call, `sokoengine.verify_many` on the file);
3. `sokoengine.solve_many` on Microban (155 levels, 2 threads) beside the command-line
   tool's `sokoengine solve --all --jobs 2` on the same file (sokoenginepy has no
   solver).

The two sides of each row run interleaved, `--repeat` times, and the best time of
each side is kept, so both see the same load on a shared machine. Prints a Markdown
table (the one in docs/python.md).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, List, Tuple

import sokoengine
import sokoenginepy

REPOSITORY = Path(__file__).resolve().parents[3]

# sokoenginepy's own movement benchmark board (its `mover_benchmarks` SMALL board).
BOARD = "\n".join(
    [
        "##########",
        "#      **#",
        "#      **#",
        "# *@   **#",
        "#      **#",
        "##########",
    ]
)


def move_and_undo(lib: Any, pairs: int) -> float:
    """Seconds per move-plus-undo pair."""
    game = lib.game
    mover = game.Mover(game.BoardGraph(lib.io.SokobanPuzzle(board=BOARD)))
    left = game.Direction.LEFT
    started = time.perf_counter()
    for _ in range(pairs):
        mover.move(left)
        mover.undo_last_move()
    return (time.perf_counter() - started) / pairs


def replay_collection(lib: Any, path: Path) -> Tuple[float, int]:
    """Seconds to read the file and replay every snapshot; the number solved."""
    game = lib.game
    started = time.perf_counter()
    collection = lib.io.Collection()
    collection.load(str(path))
    solved = 0
    for puzzle in collection.puzzles:
        for snapshot in puzzle.snapshots:
            mode = game.SolvingMode.REVERSE if snapshot.is_reverse else game.SolvingMode.FORWARD
            mover = game.Mover(game.BoardGraph(puzzle), mode)
            manager = mover.board_manager
            # The file has no jumps or pusher selections: every step is a move.
            if snapshot.is_reverse or "{" in snapshot.moves_data:
                raise ValueError("the benchmark replays forward single-pusher snapshots")
            for step in snapshot.pusher_steps:
                mover.move(step.direction)
            boxes = sorted(manager.boxes_positions.values())
            solved += boxes == sorted(manager.goals_positions.values())
    return time.perf_counter() - started, solved


def verify_file(path: Path) -> Tuple[float, int]:
    """`verify_many` on the file: the same work (read, replay every snapshot) in one call."""
    started = time.perf_counter()
    verdicts = sokoengine.verify_many(str(path), jobs=1)
    return time.perf_counter() - started, sum(v.solved for level in verdicts for v in level)


def solve_many(path: Path, seconds: float) -> Tuple[float, int]:
    started = time.perf_counter()
    results = sokoengine.solve_many(str(path), "any", jobs=2, time=seconds)
    return time.perf_counter() - started, sum(r.solved for r in results)


def cli_solve(cli: Path, path: Path, seconds: float) -> Tuple[float, int]:
    started = time.perf_counter()
    run = subprocess.run(
        [str(cli), "solve", "--all", "--jobs", "2", "--time", str(seconds), str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    elapsed = time.perf_counter() - started
    return elapsed, sum(": solved" in line for line in run.stdout.splitlines())


def best(runs: List[Tuple[float, Any]]) -> Tuple[float, Any]:
    return min(runs, key=lambda run: run[0])


def interleaved(repeat: int, *sides: Callable[[], Tuple[float, Any]]) -> List[Tuple[float, Any]]:
    runs: List[List[Tuple[float, Any]]] = [[] for _ in sides]
    for _ in range(repeat):
        for index, side in enumerate(sides):
            runs[index].append(side())
    return [best(r) for r in runs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_corpus = os.environ.get("SOKOENGINE_CORPUS", str(REPOSITORY.parent / "shared" / "corpus"))
    parser.add_argument("--corpus", default=default_corpus)
    parser.add_argument("--cli", default=str(REPOSITORY / "target" / "release" / "sokoengine"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0, help="time limit per level")
    args = parser.parse_args()
    corpus = Path(args.corpus)
    sok = corpus / "levels" / "sok-with-solutions" / "Original_and_Extra.sok"
    microban = corpus / "levels" / "large-test-suite" / "Microban_155.xsb"

    rows = []
    (ours_pair, _), (theirs_pair, _) = interleaved(
        args.repeat,
        lambda: (move_and_undo(sokoengine, 200_000), None),
        lambda: (move_and_undo(sokoenginepy, 5_000), None),
    )
    rows.append(
        (
            "Mover move + undo (one pair)",
            f"{ours_pair * 1e6:.2f} µs",
            f"{theirs_pair * 1e6:.1f} µs",
            f"{theirs_pair / ours_pair:.0f}x",
        )
    )
    (ours_replay, ours_solved), (theirs_replay, theirs_solved) = interleaved(
        args.repeat,
        lambda: replay_collection(sokoengine, sok),
        lambda: replay_collection(sokoenginepy, sok),
    )
    assert ours_solved == theirs_solved == 193, (ours_solved, theirs_solved)
    rows.append(
        (
            "read Original_and_Extra.sok, replay its 196 snapshots",
            f"{ours_replay * 1e3:.1f} ms",
            f"{theirs_replay * 1e3:.0f} ms",
            f"{theirs_replay / ours_replay:.0f}x",
        )
    )
    native_replay, native_solved = best([verify_file(sok) for _ in range(args.repeat)])
    assert native_solved == 193, native_solved
    rows.append(
        (
            "the same with `sokoengine.verify_many(path, jobs=1)` (one call, one thread)",
            f"{native_replay * 1e3:.1f} ms",
            f"{theirs_replay * 1e3:.0f} ms",
            f"{theirs_replay / native_replay:.0f}x",
        )
    )
    (python_solve, python_solved), (cli_time, cli_solved) = interleaved(
        args.repeat,
        lambda: solve_many(microban, args.seconds),
        lambda: cli_solve(Path(args.cli), microban, args.seconds),
    )
    rows.append(
        (
            f"Microban 155 levels, 2 threads, {args.seconds:g} s a level: "
            f"`solve_many` ({python_solved} solved) / CLI `solve --all --jobs 2` ({cli_solved} solved)",
            f"{python_solve:.2f} s",
            f"CLI {cli_time:.2f} s",
            f"{python_solve / cli_time:.2f}x the CLI's time",
        )
    )
    print(
        f"sokoengine {sokoengine.__version__}, sokoenginepy {sokoenginepy.__version__}, "
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; "
        f"best of {args.repeat} interleaved runs\n"
    )
    print("| measurement | sokoengine | sokoenginepy 1.0.3 (or CLI) | ratio |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    sys.exit(main())
