"""`.sok` collections."""

from __future__ import annotations

import io
from pathlib import Path
from typing import IO, List, Union

from .. import _sokoengine as _native
from .._enums import Tessellation
from ._puzzle import Puzzle
from ._snapshot import Snapshot

_TESSELLATIONS = list(Tessellation)

Source = Union[str, Path, IO[str], IO[bytes]]


class Collection:
    """A collection of puzzles with its title, author, dates and notes.

    Reads Sokoban YASC `.sok` files and the plain level files other programs write
    (`.xsb`, `.txt`, Hexoban `.hsb`, Trioban `.tsb`); writes `.sok`.
    """

    def __init__(
        self,
        title: str = "",
        author: str = "",
        created_at: str = "",
        updated_at: str = "",
        notes: str = "",
    ):
        self.title = title
        self.author = author
        self.created_at = created_at
        self.updated_at = updated_at
        self.notes = notes
        self.puzzles: List[Puzzle] = []

    def load(self, src: Source, tessellation_hint: Tessellation = Tessellation.SOKOBAN) -> None:
        """Reads puzzles from a file path or a stream and appends them.

        `tessellation_hint` applies to puzzles whose variant no `Game:` tag names.
        """
        if isinstance(src, (str, Path)):
            data: Union[str, bytes] = Path(src).read_bytes()
        else:
            data = src.read()
        self._add(data, tessellation_hint)

    def loads(
        self, data: Union[str, bytes], tessellation_hint: Tessellation = Tessellation.SOKOBAN
    ) -> None:
        """Reads puzzles from text (or UTF-8 bytes) and appends them."""
        self._add(data, tessellation_hint)

    def _add(self, data: Union[str, bytes], hint: Tessellation) -> None:
        if isinstance(data, (bytes, bytearray)):
            read = _native.read_collection_bytes(bytes(data), hint)
        else:
            read = _native.read_collection(data, hint)
        title, author, created_at, updated_at, notes, puzzles = read
        self.title, self.author = title, author
        self.created_at, self.updated_at, self.notes = created_at, updated_at, notes
        for index, board, p_title, p_author, boxorder, goalorder, p_notes, snapshots in puzzles:
            tessellation = _TESSELLATIONS[index]
            puzzle = Puzzle._from_text(tessellation, board)
            puzzle.title, puzzle.author, puzzle.notes = p_title, p_author, p_notes
            puzzle.boxorder, puzzle.goalorder = boxorder, goalorder
            for moves_data, s_title, solver, s_notes in snapshots:
                snapshot = Snapshot._from_text(tessellation, moves_data)
                snapshot.title, snapshot.solver, snapshot.notes = s_title, solver, s_notes
                puzzle.snapshots.append(snapshot)
            self.puzzles.append(puzzle)

    def dump(self, dst: Union[str, Path, IO[str], IO[bytes]]) -> None:
        """Writes the collection as `.sok` to a path (atomically) or a stream."""
        text = self.dumps()
        if isinstance(dst, (str, Path)):
            # Wholly replaced or left as it was (the engine's atomic writer).
            _native.write_file(dst, text)
        elif isinstance(dst, (io.RawIOBase, io.BufferedIOBase)) or "b" in getattr(dst, "mode", ""):
            dst.write(text.encode("utf-8"))  # type: ignore[arg-type]
        else:
            dst.write(text)  # type: ignore[call-overload]

    def dumps(self) -> str:
        """The collection as `.sok` text: each puzzle's current board, its tags and
        notes, and its snapshots."""
        puzzles = []
        for puzzle in self.puzzles:
            board = puzzle._core if puzzle._core is not None else puzzle.board
            snapshots = [
                (s.moves_data, s.title, s.solver, s.notes) for s in puzzle.snapshots
            ]
            puzzles.append(
                (
                    puzzle.tessellation,
                    board,
                    puzzle.title,
                    puzzle.author,
                    puzzle.boxorder,
                    puzzle.goalorder,
                    puzzle.notes,
                    snapshots,
                )
            )
        return _native.write_collection(
            self.title, self.author, self.created_at, self.updated_at, self.notes, puzzles
        )
