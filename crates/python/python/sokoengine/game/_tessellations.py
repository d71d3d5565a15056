"""sokoenginepy's tessellation classes: legal directions, neighbours, step letters and
cell shapes, answered by the engine's geometry."""

from __future__ import annotations

from typing import ClassVar, Tuple, Union

from .. import _sokoengine as _native
from .._enums import CellOrientation, Direction, GraphType, Tessellation
from ._native_types import PusherStep

_L, _R, _U, _D = Direction.LEFT, Direction.RIGHT, Direction.UP, Direction.DOWN
_NE, _NW = Direction.NORTH_EAST, Direction.NORTH_WEST
_SE, _SW = Direction.SOUTH_EAST, Direction.SOUTH_WEST


class BaseTessellation:
    """What a tessellation decides: directions, neighbours, step letters, cell shapes."""

    _TESSELLATION: ClassVar[Tessellation] = Tessellation.SOKOBAN
    _LEGAL_DIRECTIONS: ClassVar[Tuple[Direction, ...]] = ()

    @classmethod
    def instance(
        cls, tessellation: Tessellation
    ) -> Union[
        "SokobanTessellation",
        "HexobanTessellation",
        "TriobanTessellation",
        "OctobanTessellation",
    ]:
        """The tessellation object of `tessellation`."""
        for klass in (
            SokobanTessellation,
            HexobanTessellation,
            TriobanTessellation,
            OctobanTessellation,
        ):
            if klass._TESSELLATION == tessellation:
                return klass()
        raise ValueError("Unknown tessellation!")

    @property
    def legal_directions(self) -> Tuple[Direction, ...]:
        """Directions of this tessellation, in the order graph edges are made."""
        return self._LEGAL_DIRECTIONS

    @property
    def graph_type(self) -> GraphType:
        """Trioban's graphs have parallel edges; the others' do not."""
        return GraphType.DIRECTED

    @staticmethod
    def _check(position: int, board_width: int, board_height: int) -> None:
        if position < 0:
            raise IndexError(f"Position {position} is invalid value!")
        if board_width < 0:
            raise ValueError(f"Board width {board_width} is invalid value!")
        if board_height < 0:
            raise ValueError(f"Board height {board_height} is invalid value!")

    def neighbor_position(
        self, position: int, direction: Direction, board_width: int, board_height: int
    ) -> int:
        """The neighbour of `position` in `direction`, or `Config.NO_POS` off the board.

        Raises ValueError for a direction this tessellation does not have, IndexError
        for a negative position and ValueError for a negative size.
        """
        self._check(position, board_width, board_height)
        if direction not in self._LEGAL_DIRECTIONS:
            raise ValueError(
                f"Unsupported direction {direction} for {self.__class__.__name__}"
            )
        return _native.neighbor_position(
            self._TESSELLATION, position, direction, board_width, board_height
        )

    def pusher_step_to_char(self, pusher_step: PusherStep) -> str:
        """The step letter of `pusher_step` (upper case for a push or pull)."""
        try:
            return _native.step_char(
                self._TESSELLATION, pusher_step.direction, pusher_step.is_push_or_pull
            )
        except ValueError:
            raise ValueError(
                f"Illegal PusherStep direction {pusher_step.direction} in "
                f"{self.__class__.__name__}!"
            ) from None

    def char_to_pusher_step(self, input_chr: str) -> PusherStep:
        """The pusher step of a step letter (a push, box ID 1, for upper case)."""
        value, is_push = _native.parse_step_char(self._TESSELLATION, input_chr)
        return PusherStep(Direction(value), moved_box_id=1 if is_push else -1)

    def cell_orientation(
        self, position: int, board_width: int, board_height: int
    ) -> CellOrientation:
        """The shape of the cell at `position`."""
        self._check(position, board_width, board_height)
        return CellOrientation.DEFAULT


class SokobanTessellation(BaseTessellation):
    """Squares: LEFT, RIGHT, UP, DOWN (`l r u d`)."""

    _TESSELLATION = Tessellation.SOKOBAN
    _LEGAL_DIRECTIONS = (_L, _R, _U, _D)


class HexobanTessellation(BaseTessellation):
    """Hexagons, odd rows shifted right: LEFT, RIGHT and the four diagonals
    (`l r n u d s`: NORTH_EAST `n`, NORTH_WEST `u`, SOUTH_EAST `d`, SOUTH_WEST `s`)."""

    _TESSELLATION = Tessellation.HEXOBAN
    _LEGAL_DIRECTIONS = (_L, _R, _NE, _NW, _SE, _SW)


class TriobanTessellation(BaseTessellation):
    """Triangles alternating down and up (the origin points down); six directions
    onto at most three neighbours."""

    _TESSELLATION = Tessellation.TRIOBAN
    _LEGAL_DIRECTIONS = (_L, _R, _NE, _NW, _SE, _SW)

    @property
    def graph_type(self) -> GraphType:
        return GraphType.DIRECTED_MULTI

    def cell_orientation(
        self, position: int, board_width: int, board_height: int
    ) -> CellOrientation:
        self._check(position, board_width, board_height)
        x, y = (position % board_width, position // board_width) if board_width else (0, 0)
        return CellOrientation.TRIANGLE_DOWN if (x + y % 2) % 2 == 0 else CellOrientation.DEFAULT


class OctobanTessellation(BaseTessellation):
    """Octagons and squares like a checkerboard (the origin is an octagon); diagonals
    only from octagons (`w` NORTH_WEST, `e` SOUTH_EAST, `n`, `s`)."""

    _TESSELLATION = Tessellation.OCTOBAN
    _LEGAL_DIRECTIONS = (_L, _R, _U, _D, _NE, _NW, _SE, _SW)

    def cell_orientation(
        self, position: int, board_width: int, board_height: int
    ) -> CellOrientation:
        self._check(position, board_width, board_height)
        x, y = (position % board_width, position // board_width) if board_width else (0, 0)
        return CellOrientation.OCTAGON if (x + y % 2) % 2 == 0 else CellOrientation.DEFAULT
