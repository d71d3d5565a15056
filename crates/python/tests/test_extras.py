"""What sokoenginepy lacks: solver, optimizer, metrics, pictures, the other games."""

from __future__ import annotations

import _thread
import threading
import time

import pytest

import sokoengine
from sokoengine.game import Direction, Tessellation
from sokoengine.io import Collection, HexobanPuzzle, SokobanPuzzle

SMALL = "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########"


def hard_level(corpus):
    collection = Collection()
    collection.load(corpus / "levels" / "large-test-suite" / "Sasquatch_III_50.xsb")
    return collection.puzzles[-1]


def test_solve_push_optimal():
    result = sokoengine.solve(SokobanPuzzle(board=SMALL), "pushes")
    assert result.solved and result.status == "solved" and result.proven
    assert result.metrics.pushes == 13
    assert sokoengine.verify(SMALL, result.lurd) == result.metrics
    assert str(sokoengine.metrics_of(result.lurd)) == str(result.metrics)


def test_solve_other_tessellations_and_text():
    hexoban = HexobanPuzzle(board="  # # # #\n # @ $ . #\n  # # # #")
    assert sokoengine.solve(hexoban).lurd == "R"
    assert sokoengine.solve(" # # # #\n# @ $ . #\n # # # #", tessellation=Tessellation.HEXOBAN).solved
    assert sokoengine.solve("#####\n#@$.#\n#####", "moves").metrics.moves == 1


def test_solve_limits_and_errors():
    result = sokoengine.solve(SMALL, "moves", nodes=1)
    assert (result.status, result.reason) == ("stopped", "nodes")
    unsolvable = sokoengine.solve("#####\n#@ .#\n#$  #\n#####")
    assert unsolvable.status == "unsolvable" and unsolvable.lurd is None
    with pytest.raises(ValueError):
        sokoengine.solve("#####\n#@$ #\n#####")
    with pytest.raises(ValueError):
        sokoengine.solve(SMALL, "fastest")
    with pytest.raises(ValueError):
        sokoengine.solve(SMALL, time=-1)


def test_keyboard_interrupt_cancels(corpus):
    puzzle = hard_level(corpus)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sokoengine.solve(puzzle, "moves", time=60)
    assert time.perf_counter() - started < 5


def test_progress_callback_and_stop(corpus):
    reports = []

    def progress(report):
        reports.append(report)
        return len(reports) < 2

    result = sokoengine.solve(hard_level(corpus), "moves", time=60, progress=progress)
    assert (result.status, result.reason) == ("stopped", "observer")
    assert reports[0].expanded >= 0 and reports[-1].elapsed > 0

    def failing(report):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        sokoengine.solve(hard_level(corpus), "moves", time=60, progress=failing)


def test_optimize():
    result = sokoengine.optimize("#######\n#@ $ .#\n#     #\n#######", ["drulrRR"], "moves")
    assert result.improved and result.lurd == "rRR"
    assert str(result.metrics) == "3/2/1/1/1/1" and result.seed == 0
    with pytest.raises(ValueError):
        sokoengine.optimize(SMALL, ["u"], "moves")
    with pytest.raises(ValueError, match="unknown metric order"):
        sokoengine.optimize(SMALL, ["u"], "shortest")


def test_metrics_orderings_and_plug_values():
    fess = sokoengine.metrics_of("ruuLLLLrrrrddlUruLLLulDrddllluuRRDrdLuuurDD")
    astar = sokoengine.metrics_of("ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD")
    assert str(fess) == "43/15/8/5/7/25"
    assert astar.is_better_than(fess, "moves") and not fess.is_better_than(astar, "pushes")
    assert fess.as_tuple() == (43, 15, 8, 5, 7, 25)
    assert sokoengine.Metrics.parse("43/15/8/5/7/25") == fess
    assert "box_lines_pushes" in sokoengine.metric_orders()
    ranked = sorted([fess, astar], key=lambda m: m.sort_key("pushes"))
    assert ranked[0] == astar
    path = sokoengine.PathMetrics()
    assert path.gain(Direction.UP, (3, 2)) == sokoengine.Metrics(1, 1, 1, 1, 1, 1)
    path = path.after(Direction.RIGHT, (8, 9)).after(Direction.LEFT).after(Direction.RIGHT)
    path = path.after(Direction.RIGHT, (9, 10))
    assert path.metrics == sokoengine.Metrics(4, 2, 2, 1, 2, 3)
    assert path.last_step == (Direction.RIGHT, True) and path.last_pushed_box == 10
    with pytest.raises(ValueError):
        sokoengine.verify(SMALL, "u")


def test_pictures():
    svg = sokoengine.render_svg(SokobanPuzzle(board=SMALL), theme="dark", labels=True)
    assert svg.startswith("<svg")
    png = sokoengine.render_png(SMALL, moves="ruu", step=2, cell=20)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    animated = sokoengine.render_svg("#####\n#@$.#\n#####", moves="R", animate=True)
    assert "<animate" in animated or "@keyframes" in animated
    page = sokoengine.render_html("#####\n#@$.#\n#####", "R", title="one push")
    assert "<button" in page
    with pytest.raises(ValueError):
        sokoengine.render_svg(SMALL, moves="ruu", step=9)
    assert sokoengine.png_from_svg(svg)[:4] == b"\x89PNG"


def test_other_games():
    moves = sokoengine.setting_sun_solve("piece")
    assert len(moves) == 79
    assert sokoengine.setting_sun_states() == (25955, sokoengine.setting_sun_states()[1])
    assert sokoengine.setting_sun_svg().startswith("<svg")
    assert len(sokoengine.hanoi_solve(5)) == 31
    assert len(sokoengine.hanoi_solve(4, pegs=4)) == 9
    assert len(sokoengine.hanoi_solve(start="0,1,2||")) == 7
    assert sokoengine.hanoi_solve(start="||0,1,2") == []
    assert sokoengine.hanoi_svg(3).startswith("<svg")
    board = sokoengine.TileweBoard(4)
    assert len(board.legal_moves()) == 232
    board.push("Z4e-a1a1")
    assert board.current_player == "yellow" and board.ply == 1
    assert board.pop() == "Z4e-a1a1"
    move = board.best_move(playouts=20, seed=3)
    assert move in board.legal_moves()
    with pytest.raises(ValueError):
        board.push("nonsense")
    assert sokoengine.TileweBoard.from_position(board.position()).position() == board.position()
    assert board.svg().startswith("<svg")
