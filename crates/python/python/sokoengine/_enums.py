"""The enumerations shared by ``sokoengine.game`` and ``sokoengine.io``.

They are plain :class:`enum.Enum` classes with sokoenginepy's names and values, so code
that iterates over them, reads ``.name``/``.value`` or compares members works unchanged.
The native module is told about them once (see ``sokoengine/__init__.py``) and converts
members by identity.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar, List


class Direction(enum.Enum):
    """Directions of movement."""

    UP = 0
    NORTH_EAST = 1
    RIGHT = 2
    SOUTH_EAST = 3
    DOWN = 4
    SOUTH_WEST = 5
    LEFT = 6
    NORTH_WEST = 7

    def __repr__(self) -> str:
        return "Direction." + self.name

    @property
    def opposite(self) -> "Direction":
        """The direction pointing the other way."""
        return _OPPOSITE[self.value]


_OPPOSITE: List[Direction] = [Direction((value + 4) % 8) for value in range(8)]


class GraphType(enum.Enum):
    """Kinds of board graph: Trioban's has parallel edges."""

    DIRECTED = 0
    DIRECTED_MULTI = 1


class Tessellation(enum.Enum):
    """The four tessellations of the Sokoban family."""

    SOKOBAN = 0
    HEXOBAN = 1
    TRIOBAN = 2
    OCTOBAN = 3


class SolvingMode(enum.Enum):
    """Forward play (push) or reverse play (pull, jumps before the first pull)."""

    FORWARD = 0
    REVERSE = 1

    def __repr__(self) -> str:
        return "SolvingMode." + self.name


class CellOrientation(enum.Enum):
    """Shape of a cell where it depends on the position (Trioban, Octoban)."""

    DEFAULT = 0
    TRIANGLE_DOWN = 1
    OCTAGON = 2


@dataclass
class BoardState:
    """Positions of pushers and boxes (in ID order) and the Zobrist hash."""

    #: Hash of a state whose hash was not computed.
    NO_HASH: ClassVar[int] = 0

    pushers_positions: List[int] = field(default_factory=list)
    boxes_positions: List[int] = field(default_factory=list)
    zobrist_hash: int = NO_HASH


@dataclass
class Edge:
    """One directed edge of a `BoardGraph`."""

    u: int
    v: int
    direction: Direction
