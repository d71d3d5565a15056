"""Boards as text: `Puzzle` and its four variants."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Final, List, Optional

from .. import _sokoengine as _native
from .._enums import CellOrientation, Tessellation
from ._text import contains_only_digits_and_spaces, is_blank, is_board_text

if TYPE_CHECKING:
    from ._snapshot import Snapshot

_PUSHERS = frozenset("@pm+PM")
_BOXES = frozenset("$b*B")
_GOALS = frozenset(".o*B+PM")
_FLOORS = frozenset(" -_")
_BORDERS = frozenset("#*B")


class Puzzle:
    """A board as text, with its metadata and snapshots.

    The characters are kept as written (alternative letters such as `p`, `b`, `o`
    survive); a space is stored as `-`. Positions are row-major: `y * width + x`. The
    board text is parsed when first used.
    """

    WALL: Final[str] = "#"
    PUSHER: Final[str] = "@"
    PUSHER_ON_GOAL: Final[str] = "+"
    BOX: Final[str] = "$"
    BOX_ON_GOAL: Final[str] = "*"
    GOAL: Final[str] = "."
    FLOOR: Final[str] = " "
    VISIBLE_FLOOR: Final[str] = "-"
    ALT_PUSHER1: Final[str] = "p"
    ALT_PUSHER2: Final[str] = "m"
    ALT_PUSHER_ON_GOAL1: Final[str] = "P"
    ALT_PUSHER_ON_GOAL2: Final[str] = "M"
    ALT_BOX1: Final[str] = "b"
    ALT_BOX_ON_GOAL1: Final[str] = "B"
    ALT_GOAL1: Final[str] = "o"
    ALT_VISIBLE_FLOOR1: Final[str] = "_"

    @classmethod
    def is_pusher(cls, character: str) -> bool:
        return character in _PUSHERS and len(character) == 1

    @classmethod
    def is_box(cls, character: str) -> bool:
        return character in _BOXES and len(character) == 1

    @classmethod
    def is_goal(cls, character: str) -> bool:
        return character in _GOALS and len(character) == 1

    @classmethod
    def is_empty_floor(cls, character: str) -> bool:
        return character in _FLOORS and len(character) == 1

    @classmethod
    def is_wall(cls, character: str) -> bool:
        return character == cls.WALL

    @classmethod
    def is_border_element(cls, character: str) -> bool:
        return character in _BORDERS and len(character) == 1

    @classmethod
    def is_puzzle_element(cls, character: str) -> bool:
        return (
            cls.is_empty_floor(character)
            or cls.is_wall(character)
            or cls.is_pusher(character)
            or cls.is_box(character)
            or cls.is_goal(character)
        )

    @classmethod
    def is_board(cls, line: Optional[str]) -> bool:
        """Whether `line` holds only characters of board text (not whether it is a
        valid board), and not only digits and whitespace."""
        return is_board_text(line)

    @classmethod
    def is_sokoban_plus(cls, line: str) -> bool:
        """Whether `line` could be Sokoban+ data: digits and whitespace, not blank."""
        return contains_only_digits_and_spaces(line) and not is_blank(line)

    @classmethod
    def instance_from(
        cls,
        tessellation: Tessellation,
        width: int = 0,
        height: int = 0,
        board: Optional[str] = None,
    ) -> "Puzzle":
        """A puzzle of the class for `tessellation`."""
        for klass in (SokobanPuzzle, HexobanPuzzle, TriobanPuzzle, OctobanPuzzle):
            if klass._TESSELLATION == tessellation:
                return klass(width=width, height=height, board=board)
        raise ValueError(f"Unknown tessellation {tessellation}!")

    _TESSELLATION = Tessellation.SOKOBAN

    def __init__(
        self,
        tessellation: Tessellation,
        width: int = 0,
        height: int = 0,
        board: Optional[str] = None,
    ):
        if width < 0:
            raise ValueError(f"Board width {width} is invalid value!")
        if height < 0:
            raise ValueError(f"Board height {height} is invalid value!")
        self.title: str = ""
        self.author: str = ""
        self.boxorder: str = ""
        self.goalorder: str = ""
        self.notes: str = ""
        self.snapshots: List["Snapshot"] = []
        self._tessellation: Tessellation = Tessellation(tessellation)
        self._core: Optional[_native.PuzzleCore]
        if board is None or is_blank(board):
            self._board = ""
            self._core = _native.PuzzleCore.floor(self._tessellation, width, height)
        else:
            if not is_board_text(board):
                raise ValueError("Invalid characters in board string!")
            self._board = board
            self._core = None

    @classmethod
    def _from_text(cls, tessellation: Tessellation, text: str) -> "Puzzle":
        """A puzzle holding board text as read from a file (checked when used)."""
        puzzle = cls.instance_from(tessellation)
        puzzle._board = text
        puzzle._core = None if not is_blank(text) else puzzle._core
        return puzzle

    def _parsed_core(self) -> "_native.PuzzleCore":
        """The parsed cells (parses the board text on first use)."""
        if self._core is None:
            self._core = _native.PuzzleCore.parse(self._tessellation, self._board)
        return self._core

    @property
    def tessellation(self) -> Tessellation:
        return self._tessellation

    @property
    def has_sokoban_plus(self) -> bool:
        return not is_blank(self.boxorder) or not is_blank(self.goalorder)

    def cell_orientation(self, pos: int) -> CellOrientation:
        """The shape of the cell at `pos` (Trioban triangles, Octoban octagons)."""
        return self._parsed_core().tile_shape(pos)

    def __getitem__(self, position: int) -> str:
        return self._parsed_core().get(position)

    def __setitem__(self, position: int, c: str) -> None:
        if position < 0:
            raise IndexError(f"Position {position} is invalid value!")
        if not self.is_puzzle_element(c):
            raise ValueError(f"'{c}' is not a board character!")
        self._parsed_core().set(position, c)

    def __contains__(self, position: int) -> bool:
        return 0 <= position < self.size

    def __str__(self) -> str:
        return self.to_board_str(use_visible_floor=False)

    def __repr__(self) -> str:
        rows = ",\n".join(
            f"'{row}'" for row in self.to_board_str(use_visible_floor=True).split("\n")
        )
        return "{klass}(board='\\n'.join([\n{rows}\n]))".format(
            klass=self.__class__.__name__, rows=textwrap.indent(rows, "    ")
        )

    def to_board_str(self, use_visible_floor: bool = False, rle_encode: bool = False) -> str:
        """The board text: rows at full width, floor as space (`-` with
        `use_visible_floor`), RLE-encoded with `rle_encode`."""
        return self._parsed_core().to_board_str(use_visible_floor, rle_encode)

    @property
    def board(self) -> str:
        """The board text as given."""
        return self._board

    @board.setter
    def board(self, rv: str) -> None:
        if not is_board_text(rv):
            raise ValueError("Invalid characters in board string!")
        self._board = rv
        self._core = None

    @property
    def internal_board(self) -> str:
        """The stored characters, row-major (floor as `-`)."""
        return self._parsed_core().internal_board()

    @property
    def width(self) -> int:
        return self._parsed_core().width

    @property
    def height(self) -> int:
        return self._parsed_core().height

    @property
    def size(self) -> int:
        return self.width * self.height

    @property
    def pushers_count(self) -> int:
        """Pushers on the parsed cells (a pusher on a goal included)."""
        return self._parsed_core().counts()[0]

    @property
    def boxes_count(self) -> int:
        """Boxes on the parsed cells (a box on a goal included)."""
        return self._parsed_core().counts()[1]

    @property
    def goals_count(self) -> int:
        """Goals on the parsed cells (under boxes and pushers included)."""
        return self._parsed_core().counts()[2]

    def _edit(self, name: str) -> None:
        self._parsed_core().edit(name)

    def add_row_top(self) -> None:
        self._edit("add_row_top")

    def add_row_bottom(self) -> None:
        self._edit("add_row_bottom")

    def add_column_left(self) -> None:
        self._edit("add_column_left")

    def add_column_right(self) -> None:
        self._edit("add_column_right")

    def remove_row_top(self) -> None:
        self._edit("remove_row_top")

    def remove_row_bottom(self) -> None:
        self._edit("remove_row_bottom")

    def remove_column_left(self) -> None:
        self._edit("remove_column_left")

    def remove_column_right(self) -> None:
        self._edit("remove_column_right")

    def trim_left(self) -> None:
        self._edit("trim_left")

    def trim_right(self) -> None:
        self._edit("trim_right")

    def trim_top(self) -> None:
        self._edit("trim_top")

    def trim_bottom(self) -> None:
        self._edit("trim_bottom")

    def reverse_rows(self) -> None:
        self._edit("reverse_rows")

    def reverse_columns(self) -> None:
        self._edit("reverse_columns")

    def resize(self, new_width: int, new_height: int) -> None:
        """Adds or removes rows at the bottom, then columns on the right."""
        self._parsed_core().resize(new_width, new_height)

    def resize_and_center(self, new_width: int, new_height: int) -> None:
        """Grows the board to `new_width × new_height`, keeping it centred."""
        self._parsed_core().resize_and_center(new_width, new_height)

    def trim(self) -> None:
        """Removes the blank rows and columns around the board."""
        self._edit("trim")


class SokobanPuzzle(Puzzle):
    """A Sokoban board (squares)."""

    _TESSELLATION = Tessellation.SOKOBAN

    def __init__(self, width: int = 0, height: int = 0, board: Optional[str] = None):
        super().__init__(Tessellation.SOKOBAN, width=width, height=height, board=board)


class HexobanPuzzle(Puzzle):
    """A Hexoban board: every text layout scheme is read; printing writes the normal one."""

    _TESSELLATION = Tessellation.HEXOBAN

    def __init__(self, width: int = 0, height: int = 0, board: Optional[str] = None):
        super().__init__(Tessellation.HEXOBAN, width=width, height=height, board=board)


class TriobanPuzzle(Puzzle):
    """A Trioban board (triangles)."""

    _TESSELLATION = Tessellation.TRIOBAN

    def __init__(self, width: int = 0, height: int = 0, board: Optional[str] = None):
        super().__init__(Tessellation.TRIOBAN, width=width, height=height, board=board)


class OctobanPuzzle(Puzzle):
    """An Octoban board (octagons and squares)."""

    _TESSELLATION = Tessellation.OCTOBAN

    def __init__(self, width: int = 0, height: int = 0, board: Optional[str] = None):
        super().__init__(Tessellation.OCTOBAN, width=width, height=height, board=board)
