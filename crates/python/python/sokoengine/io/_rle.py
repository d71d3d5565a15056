"""Run-length encoding of boards and move strings."""

from __future__ import annotations

from typing import Final, Optional

from .. import _sokoengine as _native


class Rle:
    """Run-length encoding: `3#` is `###`, groups `2(ab)` repeat, `|` is a new line."""

    GROUP_START: Final[str] = "("
    GROUP_END: Final[str] = ")"
    EOL: Final[str] = "|"

    @classmethod
    def encode(cls, line: str) -> str:
        """Encodes runs of two or more equal characters (`aaab` → `3ab`).

        Raises ValueError for text with a digit (or another RLE mark), which would not
        decode back to itself.
        """
        if not line:
            return line
        return _native.rle_encode(line)

    @classmethod
    def decode(cls, data: Optional[str]) -> str:
        """Decodes RLE text, groups included (`3(a2b)4b`); ValueError when malformed."""
        if not data:
            return ""
        return _native.rle_decode(data)
