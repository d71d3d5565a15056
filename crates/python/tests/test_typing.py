"""The type stubs: mypy --strict accepts the package and a program written against
it, and stubtest finds the stubs agreeing with the native module at run time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

PACKAGE = Path(__file__).resolve().parents[1]

PROGRAM = '''
import sokoengine
from sokoengine.game import BoardGraph, Direction, Mover, SolvingMode
from sokoengine.io import Collection, SokobanPuzzle

puzzle = SokobanPuzzle(board="#####\\n#@$.#\\n#####")
mover = Mover(BoardGraph(puzzle), SolvingMode.FORWARD)
mover.move(Direction.RIGHT)
solved: bool = mover.board_manager.is_solved
steps: list[int] = [s.moved_box_id for s in mover.last_move]
result = sokoengine.solve(puzzle, "pushes", time=1.0)
moves: int = result.metrics.moves if result.metrics else 0
batch = sokoengine.solve_many([puzzle], jobs=1)
verdicts = sokoengine.verify_many([(puzzle, "R")])
png: bytes = sokoengine.render_png(puzzle)
collection = Collection()
titles = [p.title for p in collection.puzzles]
'''

BAD_PROGRAM = '''
from sokoengine.game import Mover
Mover("not a board")
'''


def mypy(cache: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), *arguments],
        capture_output=True,
        text=True,
        cwd=PACKAGE / "python",
    )


def test_mypy_accepts_the_package_and_a_program(tmp_path):
    program = tmp_path / "program.py"
    program.write_text(PROGRAM)
    for arguments in (["-p", "sokoengine"], [str(program)]):
        result = mypy(tmp_path / "cache", *arguments)
        assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_rejects_a_wrong_call(tmp_path):
    program = tmp_path / "bad.py"
    program.write_text(BAD_PROGRAM)
    result = mypy(tmp_path / "cache", str(program))
    assert result.returncode == 1 and "BoardGraph" in result.stdout


def test_stubtest(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "sokoengine",
            "--allowlist",
            str(PACKAGE / "stubtest-allowlist.txt"),
        ],
        capture_output=True,
        text=True,
        # Run elsewhere: mypy leaves its cache in the working folder.
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
