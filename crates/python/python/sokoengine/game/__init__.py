"""Sokoban game play, with sokoenginepy 1.0.3's names: tessellations, directions, board
cells, the board graph, board managers, Sokoban+, pusher steps and the Mover.

The engine is native (Rust); see ``docs/python.md`` for where behaviour deliberately
differs from sokoenginepy (its listed bugs are fixed).
"""

from typing import Final, Optional

from .._enums import BoardState, Direction, Edge, GraphType, SolvingMode, Tessellation
from ._commands import JumpCommand, MoveCommand, MoverCommand, SelectPusherCommand
from ._native_types import (
    BoardCell,
    BoardGraph,
    BoardManager,
    BoxGoalSwitchError,
    CellAlreadyOccupiedError,
    HashedBoardManager,
    IllegalMoveError,
    Mover,
    NonPlayableBoardError,
    PusherStep,
    SokobanPlus,
    SokobanPlusDataError,
)
from ._tessellations import (
    BaseTessellation,
    HexobanTessellation,
    OctobanTessellation,
    SokobanTessellation,
    TriobanTessellation,
)


class Config:
    """Constants of the game package."""

    #: Largest board width.
    MAX_WIDTH: Final[int] = 4096
    #: Largest board height.
    MAX_HEIGHT: Final[int] = 4096
    #: "No position".
    NO_POS: Final[int] = -1
    #: The first ID of pushers, boxes and goals.
    DEFAULT_ID: Final[int] = 1
    #: "No ID" (for example the box of a step that pushed nothing).
    NO_ID: Final[int] = -1


def index_1d(x: int, y: int, board_width: int) -> int:
    """Position of column `x`, row `y`."""
    return y * board_width + x


def index_x(index: int, board_width: int) -> int:
    """Column of a position (0 on a board of width 0)."""
    return 0 if board_width == 0 else index % board_width


def index_y(index: int, board_width: int) -> int:
    """Row of a position (0 on a board of width 0)."""
    return 0 if board_width == 0 else int(index / board_width)


def index_row(index: int, board_width: int) -> int:
    """Row of a position."""
    return index_y(index, board_width)


def index_column(index: int, board_width: int) -> int:
    """Column of a position."""
    return index_x(index, board_width)


def is_on_board_2d(x: int, y: int, board_width: int, board_height: int) -> bool:
    """Whether column `x`, row `y` is on a `board_width × board_height` board."""
    return 0 <= x < board_width and 0 <= y < board_height


def is_on_board_1d(index: Optional[int], board_width: int, board_height: int) -> bool:
    """Whether a position is on a `board_width × board_height` board."""
    return (
        index is not None
        and index >= 0
        and is_on_board_2d(
            index_x(index, board_width),
            index_y(index, board_width),
            board_width,
            board_height,
        )
    )


__all__ = [
    "BaseTessellation",
    "BoardCell",
    "BoardGraph",
    "BoardManager",
    "BoardState",
    "BoxGoalSwitchError",
    "CellAlreadyOccupiedError",
    "Config",
    "Direction",
    "Edge",
    "GraphType",
    "HashedBoardManager",
    "HexobanTessellation",
    "IllegalMoveError",
    "JumpCommand",
    "MoveCommand",
    "Mover",
    "MoverCommand",
    "NonPlayableBoardError",
    "OctobanTessellation",
    "PusherStep",
    "SelectPusherCommand",
    "SokobanPlus",
    "SokobanPlusDataError",
    "SokobanTessellation",
    "SolvingMode",
    "Tessellation",
    "TriobanTessellation",
    "index_1d",
    "index_column",
    "index_row",
    "index_x",
    "index_y",
    "is_on_board_1d",
    "is_on_board_2d",
]
