"""The native classes of ``sokoengine.game``, under the names sokoenginepy gives them."""

from .._sokoengine import (
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

__all__ = [
    "BoardCell",
    "BoardGraph",
    "BoardManager",
    "BoxGoalSwitchError",
    "CellAlreadyOccupiedError",
    "HashedBoardManager",
    "IllegalMoveError",
    "Mover",
    "NonPlayableBoardError",
    "PusherStep",
    "SokobanPlus",
    "SokobanPlusDataError",
]
