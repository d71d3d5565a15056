"""Batches: solve_many and verify_many on all cores, the GIL released, results in order."""

from __future__ import annotations

import threading
import time

import pytest

import sokoengine
from sokoengine.io import Collection, SokobanPuzzle


def microban(corpus, count=None):
    collection = Collection()
    collection.load(corpus / "levels" / "large-test-suite" / "Microban_155.xsb")
    return collection.puzzles[:count] if count else collection.puzzles


def test_solve_many_matches_solve_in_order(corpus):
    levels = microban(corpus, 12)
    batch = sokoengine.solve_many(levels, "pushes", jobs=2, time=20)
    single = [sokoengine.solve(level, "pushes", time=20) for level in levels]
    assert [r.metrics for r in batch] == [r.metrics for r in single]
    assert all(r.solved and r.proven for r in batch)
    for level, result in zip(levels, batch):
        assert sokoengine.verify(level, result.lurd) == result.metrics


def test_solve_many_file_text_and_errors(corpus):
    path = corpus / "levels" / "large-test-suite" / "Microban_155.xsb"
    from_file = sokoengine.solve_many(path, jobs=2, nodes=200000)
    assert len(from_file) == 155 and sum(r.solved for r in from_file) >= 150
    results = sokoengine.solve_many(["#####\n#@$.#\n#####", "ZOMG", "#####\n#@$ #\n#####"])
    assert [r.status for r in results] == ["solved", "error", "error"]
    assert results[1].error == "Invalid characters in board string!"
    assert sokoengine.solve_many([]) == []


def test_solve_many_releases_the_gil(corpus):
    levels = microban(corpus)[100:110]
    ticks = 0
    running = True

    def count():
        nonlocal ticks
        while running:
            ticks += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    started = time.perf_counter()
    sokoengine.solve_many(levels, "moves", jobs=2, time=5)
    elapsed = time.perf_counter() - started
    running = False
    counter.join()
    # A thread that holds the GIL would starve the counter for the whole batch.
    assert elapsed > 0.2 and ticks > elapsed * 100


def test_solve_many_progress(corpus):
    seen = []
    sokoengine.solve_many(microban(corpus, 5), jobs=2, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, 5) for i in range(1, 6)]


def test_verify_many(corpus):
    path = corpus / "levels" / "sok-with-solutions" / "Original_and_Extra.sok"
    verdicts = sokoengine.verify_many(path, jobs=2)
    assert len(verdicts) == 91
    flat = [v for level in verdicts for v in level]
    assert len(flat) == 196 and sum(v.solved for v in flat) == 193
    collection = Collection()
    collection.load(path)
    again = sokoengine.verify_many(collection.puzzles)
    assert [[v.solved for v in level] for level in again] == [
        [v.solved for v in level] for level in verdicts
    ]
    pairs = sokoengine.verify_many(
        [("#####\n#@$.#\n#####", "R"), ("######\n#@ $.#\n######", ["l", "rR", "ZZ"])]
    )
    assert [v.solved for v in pairs[0]] == [True]
    assert [v.solved for v in pairs[1]] == [False, True, False]
    assert pairs[1][0].error and pairs[1][2].error.startswith("Invalid characters")
    assert str(pairs[1][1].metrics) == "2/1/1/1/1/1"


def test_results_pickle():
    import pickle

    results = sokoengine.solve_many(["#####\n#@$.#\n#####", "ZOMG", "#####\n#@ .#\n#$  #\n#####"])
    again = pickle.loads(pickle.dumps(results))
    assert [(r.status, r.reason, r.lurd, r.metrics, r.error) for r in again] == [
        (r.status, r.reason, r.lurd, r.metrics, r.error) for r in results
    ]
    verdicts = sokoengine.verify_many([("#####\n#@$.#\n#####", ["R", "l"])])
    copies = pickle.loads(pickle.dumps(verdicts))
    assert [(v.solved, v.error, v.metrics) for v in copies[0]] == [
        (v.solved, v.error, v.metrics) for v in verdicts[0]
    ]
    assert pickle.loads(pickle.dumps(sokoengine.Metrics(4, 2, 2, 1, 2, 3))) == sokoengine.Metrics(
        4, 2, 2, 1, 2, 3
    )
    from sokoengine.io import HexobanPuzzle, HexobanSnapshot

    puzzle = HexobanPuzzle(board=" # # #\n# @ $ #\n # . #\n  # #")
    puzzle[5] = "p"
    puzzle.title = "edited"
    puzzle.snapshots.append(HexobanSnapshot(moves_data="lr"))
    assert puzzle.snapshots[0].moves_count == 2  # parsed before pickling
    copy = pickle.loads(pickle.dumps(puzzle))
    assert (copy.title, str(copy), copy.internal_board) == ("edited", str(puzzle), puzzle.internal_board)
    assert copy.snapshots[0].moves_data == "lr" and copy.tessellation == puzzle.tessellation


def test_keyboard_interrupt_cancels_a_batch(corpus):
    import _thread

    collection = Collection()
    collection.load(corpus / "levels" / "large-test-suite" / "Sasquatch_III_50.xsb")
    hard = collection.puzzles[-1]
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sokoengine.solve_many([hard, hard, hard], "moves", jobs=2, time=60)
    assert time.perf_counter() - started < 5
