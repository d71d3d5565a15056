"""sokoengine.game: the conformance examples of the board, manager and mover rules."""

from __future__ import annotations

import pytest

import sokoengine as sokoenginepy
from sokoengine.game import (
    BoardCell,
    BoardGraph,
    BoardManager,
    BoxGoalSwitchError,
    CellAlreadyOccupiedError,
    Config,
    Direction,
    HashedBoardManager,
    IllegalMoveError,
    JumpCommand,
    MoveCommand,
    Mover,
    NonPlayableBoardError,
    PusherStep,
    SelectPusherCommand,
    SokobanPlus,
    SokobanPlusDataError,
    SokobanTessellation,
    SolvingMode,
    Tessellation,
    TriobanTessellation,
    index_1d,
)
from sokoengine.io import SokobanPuzzle, TriobanPuzzle

BOARD_A = "\n".join(
    [
        "----#####----------",
        "----#--@#----------",
        "----#$--#----------",
        "--###--$##---------",
        "--#--$-$-#---------",
        "###-#-##-#---######",
        "#---#-##-#####--..#",
        "#-$--$----------..#",
        "#####-###-#@##--..#",
        "----#-----#########",
        "----#######--------",
    ]
)
BOARD_F = "#########\n#$  .  .#\n#   @$# #\n#.$    @#\n#########"


def graph(text: str) -> BoardGraph:
    return BoardGraph(SokobanPuzzle(board=text))


def test_drop_in_import():
    assert sokoenginepy.game.Mover is Mover
    from sokoengine.game import Mover as Imported

    assert Imported is Mover


def test_board_a_pieces_and_paths():
    board = graph(BOARD_A)
    assert board.edges_count == 776
    manager = BoardManager(board)
    assert manager.pushers_positions == {1: 26, 2: 163}
    assert manager.boxes_positions == {1: 43, 2: 64, 3: 81, 4: 83, 5: 135, 6: 138}
    assert manager.goals_positions == {1: 130, 2: 131, 3: 149, 4: 150, 5: 168, 6: 169}
    assert set(board.wall_neighbor_directions(163)) == {
        Direction.DOWN,
        Direction.LEFT,
        Direction.RIGHT,
    }
    w = 19
    path = [index_1d(7, 1, w), index_1d(6, 1, w), index_1d(6, 2, w), index_1d(6, 3, w)]
    path += [index_1d(6, 4, w), index_1d(5, 4, w)]
    assert board.positions_path_to_directions_path(path) == [
        Direction.LEFT,
        Direction.DOWN,
        Direction.DOWN,
        Direction.DOWN,
        Direction.LEFT,
    ]
    assert len(board.find_move_path(index_1d(11, 8, w), index_1d(8, 5, w))) == 7
    assert board.find_move_path(index_1d(11, 8, w), 0) == []
    start = index_1d(11, 8, w)
    assert board.path_destination(start, [Direction.UP, Direction.RIGHT]) == index_1d(12, 7, w)
    assert board.path_destination(start, [Direction.DOWN] * 3) == index_1d(11, 10, w)
    assert board.path_destination(start, [Direction.DOWN, Direction.NORTH_WEST]) == index_1d(
        11, 9, w
    )


def test_mover_errors_keep_last_move():
    mover = Mover(graph(BOARD_A))
    mover.select_pusher(2)
    mover.move(Direction.UP)
    assert mover.board_manager.pushers_positions == {1: 26, 2: 144}
    assert mover.board_manager.box_position(3) == 81
    with pytest.raises(IllegalMoveError) as error:
        mover.move(Direction.UP)
    assert str(error.value) == "Pusher ID: 2 can't be placed in position 125 occupied by '#'"
    assert mover.last_move == [PusherStep(Direction.UP, pusher_id=2)]


@pytest.mark.parametrize(
    ("direction", "message"),
    [
        (Direction.UP, "Can't push box off board! (ID: 1, direction: Direction.UP)"),
        (Direction.DOWN, "Box ID: 5 can't be placed in position 32 occupied by '@'"),
        (Direction.LEFT, "Box ID: 3 can't be placed in position 12 occupied by '$'"),
        (Direction.RIGHT, "Box ID: 4 can't be placed in position 16 occupied by '#'"),
    ],
)
def test_push_errors(direction, message):
    board = graph("#####$###\n#@ $$@$##\n#..  $  #\n#... @  #\n#########")
    mover = Mover(board)
    mover.select_pusher(2)
    before, last = str(board), mover.last_move
    with pytest.raises(IllegalMoveError, match=None) as error:
        mover.move(direction)
    assert str(error.value) == message
    assert str(board) == before and mover.last_move == last


def test_reverse_mode_jumps_and_pulls():
    board = graph(BOARD_F)
    mover = Mover(board, SolvingMode.REVERSE)
    assert str(board) == "#########\n#.  $  $#\n#   @.# #\n#$.    @#\n#########"
    mover.jump(index_1d(1, 1, 9))
    assert sorted(s.direction.value for s in mover.last_move) == sorted(
        d.value for d in [Direction.UP] + [Direction.LEFT] * 3
    )
    assert all(s.is_jump for s in mover.last_move)
    mover.undo_last_move()
    assert mover.board_manager.pusher_position(1) == index_1d(4, 2, 9)
    with pytest.raises(IllegalMoveError):
        mover.jump(0)
    with pytest.raises(IndexError):
        mover.jump(1000)
    mover.move(Direction.DOWN)
    assert mover.last_move[0].is_push_or_pull and mover.pull_count == 1
    with pytest.raises(IllegalMoveError, match="Jumps not allowed after first pull"):
        mover.jump(index_1d(1, 1, 9))
    mover.undo_last_move()
    mover.jump(index_1d(1, 1, 9))
    forward = Mover(graph(BOARD_F))
    with pytest.raises(IllegalMoveError, match="Jumps allowed only in reverse solving mode"):
        forward.jump(10)
    assert forward.last_move == []


def test_select_pusher_and_undo():
    board = graph(BOARD_F)
    mover = Mover(board, SolvingMode.REVERSE)
    mover.select_pusher(2)
    assert len(mover.last_move) == 4 and all(s.is_pusher_selection for s in mover.last_move)
    mover.undo_last_move()
    assert mover.selected_pusher == 1
    with pytest.raises(KeyError):
        mover.select_pusher(3)


def test_forward_move_undo_does_not_pull():
    board = graph("#########\n#@      #\n#  @$.  #\n#       #\n#########")
    mover = Mover(board)
    mover.select_pusher(2)
    mover.last_move = [PusherStep(Direction.RIGHT)]
    mover.undo_last_move()
    assert mover.board_manager.pusher_position(2) == index_1d(2, 2, 9)
    assert mover.board_manager.box_position(1) == index_1d(4, 2, 9)
    assert mover.last_move == [PusherStep(Direction.LEFT)]


def test_non_playable_board():
    with pytest.raises(NonPlayableBoardError, match="Board is not playable!"):
        Mover(graph("#####\n# $.#\n#####"))


def test_sokoban_plus_examples():
    manager = BoardManager(graph(BOARD_A), "1 3 2", "3 1 2")
    assert manager.box_plus_id(1) == 0
    manager.enable_sokoban_plus()
    assert [manager.box_plus_id(i) for i in range(1, 7)] == [1, 3, 2, 0, 0, 0]
    assert [manager.goal_plus_id(i) for i in range(1, 7)] == [3, 1, 2, 0, 0, 0]
    with pytest.raises(KeyError):
        manager.box_plus_id(42)
    plus = SokobanPlus(5, "3 5 4 6 10", "10 6 4 5 3")
    assert plus.is_valid
    plus.is_enabled = True
    assert plus.boxorder == "3 5 4 6 10"
    bad = SokobanPlus(3, "1 1 2", "1 2 2")
    with pytest.raises(SokobanPlusDataError):
        bad.is_enabled = True
    assert bad.errors == ["Sokoban+ data doesn't define equal sets of IDs for boxes and goals"]


def test_solutions_and_switching():
    manager = HashedBoardManager(graph(BOARD_A), "1 3 2", "3 2 1")
    manager.enable_sokoban_plus()
    solutions = [s.boxes_positions for s in manager.solutions()]
    assert solutions[0] == [149, 130, 131, 150, 168, 169] and len(solutions) == 6
    before = manager.boxes_positions
    manager.switch_boxes_and_goals()
    manager.switch_boxes_and_goals()
    assert manager.boxes_positions == before
    state = manager.state
    assert state.zobrist_hash == manager.state_hash != 0
    assert manager.external_state_hash(state) == manager.state_hash


def test_switch_counts_error_and_occupied():
    manager = BoardManager(graph("#####\n#@$ #\n#####"))
    with pytest.raises(BoxGoalSwitchError):
        manager.switch_boxes_and_goals()
    with pytest.raises(CellAlreadyOccupiedError):
        manager.move_pusher_from(6, 7)
    with pytest.raises(KeyError):
        manager.box_position(5)
    assert manager.has_box("not an id") is False


def test_is_solved_with_pusher():
    board = graph("#####\n#@* #\n#####")
    assert BoardManager(board).is_solved
    assert HashedBoardManager(graph("#####\n#@* #\n#####")).is_solved


def test_hash_restored_by_undo():
    mover = Mover(graph(BOARD_A))
    manager = mover.board_manager
    start = manager.state_hash
    for direction in (Direction.LEFT, Direction.DOWN, Direction.DOWN):
        mover.move(direction)
        mover.undo_last_move()
        assert manager.state_hash == start


def test_board_shared_with_mover_and_cells_are_views():
    board = graph("#######\n#@ $ .#\n#######")
    mover = Mover(board)
    mover.move(Direction.RIGHT)
    assert str(board) == "#######\n# @$ .#\n#######"
    board.mark_play_area()
    assert board[9].is_in_playable_area and not board[0].is_in_playable_area
    mover.move(Direction.RIGHT)
    assert mover.board is board
    cell = board[12]
    assert cell == "." and repr(cell) == "BoardCell('.')"
    # Editing pieces takes the board over: the mover is detached.
    board[12] = BoardCell("#")
    with pytest.raises(RuntimeError):
        mover.move(Direction.LEFT)
    assert BoardManager(board).boxes_count == 1


def test_board_cell_rules():
    cell = BoardCell("*")
    assert cell.has_box and cell.has_goal and cell.is_border_element
    cell.is_wall = True
    assert not cell.has_box and not cell.has_goal and str(cell) == "#"
    cell.has_pusher = True
    assert str(cell) == "@" and cell.to_str() == "@"
    with pytest.raises(ValueError, match="Illegal characters 'x' for BoardCell!"):
        BoardCell("x")
    assert BoardCell() == " " and BoardCell().to_str(use_visible_floor=True) == "-"


def test_pusher_step_rules():
    with pytest.raises(ValueError, match="a push and a jump"):
        PusherStep(Direction.UP, moved_box_id=2, is_jump=True)
    with pytest.raises(ValueError, match="everything"):
        PusherStep(moved_box_id=1, is_jump=True, is_pusher_selection=True)
    step = PusherStep(Direction.LEFT, moved_box_id=2, pusher_id=2, is_current_pos=True)
    assert repr(step) == (
        "PusherStep(Direction.LEFT, moved_box_id=Config.DEFAULT_ID + 1, "
        "pusher_id=Config.DEFAULT_ID + 1, is_current_pos=True)"
    )
    step.is_jump = True
    assert step.moved_box_id == Config.NO_ID and step.is_jump and not step.is_move
    step.pusher_id = -5
    assert step.pusher_id == Config.DEFAULT_ID
    assert PusherStep(Direction.UP, is_jump=True) == PusherStep(Direction.UP, is_jump=True, pusher_id=3)


def test_tessellation_objects():
    sokoban = SokobanTessellation()
    assert sokoban.neighbor_position(0, Direction.RIGHT, 5, 5) == 1
    assert sokoban.neighbor_position(0, Direction.LEFT, 5, 5) == Config.NO_POS
    with pytest.raises(ValueError):
        sokoban.neighbor_position(0, Direction.NORTH_EAST, 5, 5)
    trioban = TriobanTessellation()
    assert trioban.neighbor_position(1, Direction.NORTH_EAST, 5, 5) == 2
    assert trioban.char_to_pusher_step("N") == PusherStep(Direction.NORTH_EAST, moved_box_id=1)
    with pytest.raises(ValueError, match="Illegal PusherStep character 'n' in SokobanTessellation!"):
        sokoban.char_to_pusher_step("n")
    assert sokoban.pusher_step_to_char(PusherStep(Direction.UP, moved_box_id=1)) == "U"


def test_trioban_graph_edges():
    board = BoardGraph(TriobanPuzzle(2, 2))
    assert board.edges_count == 12
    assert [(e.v, e.direction) for e in board.out_edges(1)] == [
        (0, Direction.LEFT),
        (0, Direction.NORTH_WEST),
        (3, Direction.SOUTH_EAST),
        (3, Direction.SOUTH_WEST),
    ]
    assert board.positions_path_to_directions_path([1, 3]) == [Direction.SOUTH_EAST]
    assert board.tessellation == Tessellation.TRIOBAN


def test_commands():
    board = graph(BOARD_F)
    mover = Mover(board, SolvingMode.REVERSE)
    jump = JumpCommand(mover, 10)
    jump.redo()
    assert mover.board_manager.pusher_position(1) == 10
    jump.undo()
    select = SelectPusherCommand(mover, 2)
    select.redo()
    assert mover.selected_pusher == 2
    select.undo()
    move = MoveCommand(mover, Direction.LEFT)
    move.redo()
    move.undo()
    assert str(board) == "#########\n#.  $  $#\n#   @.# #\n#$.    @#\n#########"
