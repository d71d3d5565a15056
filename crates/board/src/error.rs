//! Error types of board parsing, editing and graph queries.

use crate::BoardPosition;
use crate::rle::RleError;

/// Largest board width (cells).
pub const MAX_WIDTH: usize = 4096;
/// Largest board height (cells).
pub const MAX_HEIGHT: usize = 4096;

/// A board larger than [`MAX_WIDTH`] × [`MAX_HEIGHT`].
///
/// # Examples
///
/// ```
/// use sokoengine_board::{Puzzle, SizeError, MAX_WIDTH};
/// use sokoengine_geometry::Tessellation;
///
/// let error = Puzzle::new(Tessellation::Sokoban, MAX_WIDTH + 1, 1).unwrap_err();
/// assert_eq!(error.to_string(), "Puzzle width 4097 must be <= Config.MAX_WIDTH!");
/// assert!(matches!(error, SizeError::Width { .. }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SizeError {
    /// Too wide.
    #[error("Puzzle width {width} must be <= Config.MAX_WIDTH!")]
    Width {
        /// The rejected width.
        width: usize,
    },
    /// Too tall.
    #[error("Puzzle height {height} must be <= Config.MAX_HEIGHT!")]
    Height {
        /// The rejected height.
        height: usize,
    },
}

impl SizeError {
    /// Checks `width` and `height` against their limits.
    ///
    /// # Errors
    ///
    /// The first limit exceeded, width first.
    pub const fn check(width: usize, height: usize) -> Result<(), SizeError> {
        if width > MAX_WIDTH {
            Err(SizeError::Width { width })
        } else if height > MAX_HEIGHT {
            Err(SizeError::Height { height })
        } else {
            Ok(())
        }
    }
}

/// Board text that cannot be parsed. Line and column are 1-based and count
/// characters of the text after line endings were normalised and RLE decoded (for
/// plain text: the text as given).
///
/// # Examples
///
/// ```
/// use sokoengine_board::{BoardParseError, Puzzle};
/// use sokoengine_geometry::Tessellation;
///
/// let error = Puzzle::parse(Tessellation::Sokoban, "#####\n#@$Z#\n#####").unwrap_err();
/// assert!(matches!(error, BoardParseError::InvalidCharacter { character: 'Z', .. }));
/// assert_eq!(error.location(), Some((2, 4)));
/// assert_eq!(error.to_string(), "Invalid characters in board string!");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardParseError {
    /// A character that may not appear in board text.
    #[error("Invalid characters in board string!")]
    InvalidCharacter {
        /// The rejected character.
        character: char,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// Malformed run-length encoding.
    #[error(transparent)]
    Rle(#[from] RleError),
    /// Hexoban text whose filler floor characters are missing or misaligned.
    #[error(
        "String can't be parsed to HexobanPuzzle. Probable cause is invalid text layout meaning either missing or misaligned filler floor characters."
    )]
    HexobanLayout {
        /// 1-based line of the first misplaced character.
        line: usize,
        /// 1-based column of the first misplaced character.
        column: usize,
    },
    /// The board is larger than the limits.
    #[error(transparent)]
    TooLarge(#[from] SizeError),
}

impl BoardParseError {
    /// 1-based line and column of the problem, when it has one.
    pub const fn location(&self) -> Option<(usize, usize)> {
        match self {
            BoardParseError::InvalidCharacter { line, column, .. }
            | BoardParseError::HexobanLayout { line, column } => Some((*line, *column)),
            BoardParseError::Rle(e) => Some((e.line, e.column)),
            BoardParseError::TooLarge(_) => None,
        }
    }
}

/// A failed cell edit or lookup on a [`Puzzle`](crate::Puzzle).
///
/// # Examples
///
/// ```
/// use sokoengine_board::{Puzzle, PuzzleEditError};
/// use sokoengine_geometry::Tessellation;
///
/// let mut puzzle = Puzzle::new(Tessellation::Sokoban, 3, 1)?;
/// assert_eq!(puzzle.set(1, 'x').unwrap_err().to_string(), "'x' is not a board character!");
/// assert!(matches!(puzzle.set(7, '#'), Err(PuzzleEditError::PositionOutOfRange { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleEditError {
    /// Not a single board character.
    #[error("'{character}' is not a board character!")]
    NotBoardCharacter {
        /// The rejected character.
        character: char,
    },
    /// The position is off the board.
    #[error("Board position {position} is out of range!")]
    PositionOutOfRange {
        /// The rejected position.
        position: BoardPosition,
    },
}

/// A failed [`BoardGraph`](crate::BoardGraph) query or edit.
///
/// # Examples
///
/// ```
/// use sokoengine_board::{BoardGraph, BoardPosition, GraphError};
/// use sokoengine_geometry::Tessellation;
///
/// let graph = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
/// let position = BoardPosition::new(15);
/// assert_eq!(graph.out_edges(position), Err(GraphError::PositionOutOfRange { position }));
/// assert_eq!(graph.out_edges(15).unwrap_err().to_string(), "Board position 15 is out of range!");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GraphError {
    /// A position off the board.
    #[error("Board position {position} is out of range!")]
    PositionOutOfRange {
        /// The rejected position.
        position: BoardPosition,
    },
    /// Two consecutive positions of a path that are not neighbours.
    #[error("Board positions {from} and {to} are not neighbors!")]
    NotAdjacent {
        /// Where the step starts.
        from: BoardPosition,
        /// Where it should end.
        to: BoardPosition,
    },
    /// A character that is not a board cell character.
    #[error(transparent)]
    Cell(#[from] crate::CellCharError),
    /// Cells that do not fill `width × height` when building a graph.
    #[error("Expected {expected} cells for the board size, got {actual}!")]
    CellCount {
        /// `width * height`.
        expected: usize,
        /// Cells given.
        actual: usize,
    },
    /// The board is larger than the limits.
    #[error(transparent)]
    TooLarge(#[from] SizeError),
}
