//! [`BoardPosition`]: a cell of a board named by its row-major index.

use std::fmt;

use sokoengine_geometry::{cell_name, index_1d, index_x, index_y};

/// A position on a board: the index of a cell in row-major order, `y × width + x`, as
/// [`Puzzle`](crate::Puzzle) and [`BoardGraph`](crate::BoardGraph) number their cells and
/// as the specification's messages print it ("position 9").
///
/// A type of its own so that a board position is never taken for the other number that
/// names a cell, a [`CompactCell`](crate::CompactCell) of the compact core's padded grid:
/// [`CompactBoard::cell_of`](crate::CompactBoard::cell_of) and
/// [`CompactBoard::board_position`](crate::CompactBoard::board_position) convert between
/// them. A plain index converts with `From` (and `usize::from` gives it back), so callers
/// may keep passing numbers where an API takes `impl Into<BoardPosition>`.
///
/// ```
/// use sokoengine_board::BoardPosition;
///
/// let position = BoardPosition::from_xy(2, 1, 7);
/// assert_eq!(position, BoardPosition::new(9));
/// assert_eq!((position.x(7), position.y(7)), (2, 1));
/// assert_eq!(usize::from(position), 9);
/// assert_eq!(BoardPosition::from(9), position);
/// assert!(position == 9 && 9 == position);
/// assert_eq!(position.to_string(), "9");
/// assert_eq!(position.cell_name(7), "row 2, column 3");
/// assert_eq!(u32::try_from(position), Ok(9));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[repr(transparent)]
pub struct BoardPosition(usize);

impl BoardPosition {
    /// The position with row-major index `index`.
    #[inline]
    pub const fn new(index: usize) -> BoardPosition {
        BoardPosition(index)
    }

    /// The position of column `x`, row `y` (both from 0) on a board `width` cells wide.
    #[inline]
    pub const fn from_xy(x: usize, y: usize, width: usize) -> BoardPosition {
        BoardPosition(index_1d(x, y, width))
    }

    /// The row-major index, for indexing a board's cells.
    #[inline]
    pub const fn index(self) -> usize {
        self.0
    }

    /// The column (from 0) on a board `width` cells wide (`width > 0`).
    #[inline]
    pub const fn x(self, width: usize) -> usize {
        index_x(self.0, width)
    }

    /// The row (from 0) on a board `width` cells wide (`width > 0`).
    #[inline]
    pub const fn y(self, width: usize) -> usize {
        index_y(self.0, width)
    }

    /// The position named by row and column counted from 1, as the command-line tool
    /// and the pictures name cells: `row 2, column 3` (see
    /// [`cell_name`](sokoengine_geometry::cell_name)).
    pub fn cell_name(self, width: usize) -> String {
        cell_name(self.0, width)
    }
}

impl From<usize> for BoardPosition {
    #[inline]
    fn from(index: usize) -> BoardPosition {
        BoardPosition(index)
    }
}

impl From<BoardPosition> for usize {
    #[inline]
    fn from(position: BoardPosition) -> usize {
        position.0
    }
}

impl PartialEq<usize> for BoardPosition {
    /// Whether the position has index `index`, so that `position == 9` reads as it says.
    #[inline]
    fn eq(&self, index: &usize) -> bool {
        self.0 == *index
    }
}

impl PartialEq<BoardPosition> for usize {
    #[inline]
    fn eq(&self, position: &BoardPosition) -> bool {
        *self == position.0
    }
}

impl TryFrom<BoardPosition> for u32 {
    type Error = std::num::TryFromIntError;

    /// The index as a `u32`: every position of a board within the size limits
    /// ([`MAX_WIDTH`](crate::MAX_WIDTH) × [`MAX_HEIGHT`](crate::MAX_HEIGHT)) fits.
    #[inline]
    fn try_from(position: BoardPosition) -> Result<u32, Self::Error> {
        u32::try_from(position.0)
    }
}

impl TryFrom<u64> for BoardPosition {
    type Error = std::num::TryFromIntError;

    /// The position of a 64-bit index (one that fits a `usize`).
    #[inline]
    fn try_from(index: u64) -> Result<BoardPosition, Self::Error> {
        usize::try_from(index).map(BoardPosition)
    }
}

impl fmt::Display for BoardPosition {
    /// The index, as the specification's messages print a position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}
