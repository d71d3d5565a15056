"""Sokoban text: boards (`Puzzle` and its variants), move strings (`Snapshot` and its
variants), run-length encoding (`Rle`) and `.sok` collections (`Collection`), with
sokoenginepy 1.0.3's names.

Boards and move strings are parsed when first used, as in sokoenginepy; parsing,
printing and the `.sok` reader and writer are the engine's (Rust).
"""

from ._collection import Collection
from .._enums import CellOrientation
from ._puzzle import (
    HexobanPuzzle,
    OctobanPuzzle,
    Puzzle,
    SokobanPuzzle,
    TriobanPuzzle,
)
from ._rle import Rle
from ._snapshot import (
    HexobanSnapshot,
    OctobanSnapshot,
    Snapshot,
    SokobanSnapshot,
    TriobanSnapshot,
)
from ._text import is_blank

__all__ = [
    "CellOrientation",
    "Collection",
    "HexobanPuzzle",
    "HexobanSnapshot",
    "OctobanPuzzle",
    "OctobanSnapshot",
    "Puzzle",
    "Rle",
    "Snapshot",
    "SokobanPuzzle",
    "SokobanSnapshot",
    "TriobanPuzzle",
    "TriobanSnapshot",
    "is_blank",
]
