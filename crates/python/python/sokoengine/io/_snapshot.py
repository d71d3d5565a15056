"""Move strings: `Snapshot` and its four variants."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Final, List, Optional

from .. import _sokoengine as _native
from .._enums import Tessellation
from ._text import is_blank, is_moves_text

if TYPE_CHECKING:
    from ..game import PusherStep

_MOVES = frozenset("lurdnsew")
_PUSHES = frozenset("LURDNSEW")
_MARKERS = frozenset("[]{}*")


class Snapshot:
    """A saved game or solution: move text (RLE, `[jumps]`, `{pusher selections}`,
    `*` current position allowed) with title, solver and notes.

    The text is checked for its characters at once and parsed when first used.
    """

    l: Final[str] = "l"
    u: Final[str] = "u"
    r: Final[str] = "r"
    d: Final[str] = "d"
    L: Final[str] = "L"
    U: Final[str] = "U"
    R: Final[str] = "R"
    D: Final[str] = "D"
    w: Final[str] = "w"
    W: Final[str] = "W"
    e: Final[str] = "e"
    E: Final[str] = "E"
    n: Final[str] = "n"
    N: Final[str] = "N"
    s: Final[str] = "s"
    S: Final[str] = "S"

    JUMP_BEGIN: Final[str] = "["
    JUMP_END: Final[str] = "]"
    PUSHER_CHANGE_BEGIN: Final[str] = "{"
    PUSHER_CHANGE_END: Final[str] = "}"
    CURRENT_POSITION_CH: Final[str] = "*"

    @classmethod
    def is_move_step(cls, character: str) -> bool:
        return character in _MOVES

    @classmethod
    def is_push_step(cls, character: str) -> bool:
        return character in _PUSHES

    @classmethod
    def is_pusher_step(cls, character: str) -> bool:
        return cls.is_move_step(character) or cls.is_push_step(character)

    @classmethod
    def is_marker(cls, character: str) -> bool:
        return character in _MARKERS

    @classmethod
    def is_snapshot(cls, line: str) -> bool:
        """Whether `line` holds only characters of move text (and is not blank or
        digits only)."""
        return is_moves_text(line)

    _TESSELLATION = Tessellation.SOKOBAN

    def __init__(self, tessellation: Tessellation, moves_data: str = ""):
        self.title: str = ""
        self.solver: str = ""
        self.notes: str = ""
        self._tessellation: Tessellation = Tessellation(tessellation)
        if not is_blank(moves_data) and not is_moves_text(moves_data):
            raise ValueError("Invalid characters in snapshot string!")
        self._moves_data: str = moves_data or ""
        self._parsed: Optional[_native.MovesCore] = None

    @classmethod
    def _from_text(cls, tessellation: Tessellation, text: str) -> "Snapshot":
        """A snapshot holding move text as read from a file (checked when used)."""
        for klass in (SokobanSnapshot, HexobanSnapshot, TriobanSnapshot, OctobanSnapshot):
            if klass._TESSELLATION == tessellation:
                snapshot = klass()
                snapshot._moves_data = text
                return snapshot
        raise ValueError(f"Unknown tessellation {tessellation}!")

    def __getstate__(self) -> Dict[str, Any]:
        # The parsed moves are native and rebuilt on use; the text is what is kept.
        state = self.__dict__.copy()
        state["_parsed"] = None
        return state

    def _moves(self) -> "_native.MovesCore":
        if self._parsed is None:
            self._parsed = _native.MovesCore.parse(self._moves_data)
        return self._parsed

    def to_str(self, rle_encode: bool = False) -> str:
        """The moves without whitespace, RLE expanded (encoded with `rle_encode`); a
        reverse snapshot starts with a jump (`[]` when it had none)."""
        return self._moves().to_str(rle_encode)

    def __str__(self) -> str:
        return self.to_str(rle_encode=False)

    def __repr__(self) -> str:
        return f'{self.__class__.__name__}(moves_data="{self.to_str(rle_encode=False)}")'

    @property
    def tessellation(self) -> Tessellation:
        return self._tessellation

    @property
    def moves_data(self) -> str:
        """The move text as given (whitespace and RLE kept)."""
        return self._moves_data

    @moves_data.setter
    def moves_data(self, rv: str) -> None:
        if not is_blank(rv) and not is_moves_text(rv):
            raise ValueError("Invalid characters in snapshot string!")
        self._moves_data = rv or ""
        self._parsed = None

    @property
    def pusher_steps(self) -> List["PusherStep"]:
        """The steps of the moves; setting them rewrites `moves_data`."""
        return self._moves().pusher_steps(self._tessellation)

    @pusher_steps.setter
    def pusher_steps(self, rv: List["PusherStep"]) -> None:
        moves = _native.MovesCore.from_steps(self._tessellation, list(rv))
        self._moves_data = moves.to_str(False)
        self._parsed = moves

    @property
    def pushes_count(self) -> int:
        """Pushes (or pulls): upper-case steps."""
        return self._moves().pushes_count

    @property
    def moves_count(self) -> int:
        """Steps that push nothing and select no pusher (jump steps included)."""
        return self._moves().moves_count

    @property
    def jumps_count(self) -> int:
        """Jumps (`[...]` groups, empty ones included)."""
        return self._moves().jumps_count

    @property
    def is_reverse(self) -> bool:
        """Whether the snapshot has a jump (reverse-mode play)."""
        return self._moves().is_reverse


class SokobanSnapshot(Snapshot):
    """Moves of a Sokoban board (`l r u d`)."""

    _TESSELLATION = Tessellation.SOKOBAN

    def __init__(self, moves_data: str = ""):
        super().__init__(Tessellation.SOKOBAN, moves_data=moves_data)


class HexobanSnapshot(Snapshot):
    """Moves of a Hexoban board (`l r u d n s`)."""

    _TESSELLATION = Tessellation.HEXOBAN

    def __init__(self, moves_data: str = ""):
        super().__init__(Tessellation.HEXOBAN, moves_data=moves_data)


class TriobanSnapshot(Snapshot):
    """Moves of a Trioban board (`l r u d n s`)."""

    _TESSELLATION = Tessellation.TRIOBAN

    def __init__(self, moves_data: str = ""):
        super().__init__(Tessellation.TRIOBAN, moves_data=moves_data)


class OctobanSnapshot(Snapshot):
    """Moves of an Octoban board (`l r u d n s e w`)."""

    _TESSELLATION = Tessellation.OCTOBAN

    def __init__(self, moves_data: str = ""):
        super().__init__(Tessellation.OCTOBAN, moves_data=moves_data)
