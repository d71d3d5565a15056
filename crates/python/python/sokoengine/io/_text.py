"""Line classes of board and move text."""

from __future__ import annotations

import re
from typing import List, Optional, Union

_DIGITS_AND_SPACES = re.compile(r"^[0-9\s]*$")
_BOARD_LINE = re.compile(r"^[0-9\s#@+$*.pmPMbBo\-_()|]*$")
_MOVES_LINE = re.compile(r"^[0-9\slurdnsewLURDNSEW\[\]{}*()|]*$")


def is_blank(data: Optional[Union[str, List[str]]]) -> bool:
    """True for None, an empty or whitespace-only string, or a list of such strings."""
    if not data:
        return True
    if isinstance(data, str):
        return data.strip() == ""
    return all(line is None or line.strip() == "" for line in data)


def contains_only_digits_and_spaces(text: str) -> bool:
    return all(_DIGITS_AND_SPACES.match(line) for line in text.splitlines())


def is_board_text(text: Optional[str]) -> bool:
    """Board characters, digits, whitespace and RLE marks only, and not digits only."""
    if text is None:
        return False
    return not contains_only_digits_and_spaces(text) and all(
        _BOARD_LINE.match(line) for line in text.splitlines()
    )


def is_moves_text(text: str) -> bool:
    """Step letters, markers, digits, whitespace and RLE marks only; not digits only."""
    return (
        not is_blank(text)
        and not contains_only_digits_and_spaces(text)
        and all(_MOVES_LINE.match(line) for line in text.splitlines())
    )
