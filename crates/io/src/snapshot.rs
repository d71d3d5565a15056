//! A saved game or solution: move text plus title, solver and notes.

use std::fmt;

use sokoengine_geometry::Tessellation;

use crate::moves::{Moves, SnapshotParseError};

/// A snapshot (saved game or solution) as it appears in a collection: the move text as
/// given (`moves_data`, whitespace and RLE kept) and its metadata.
///
/// The move text is checked when it is used ([`Snapshot::moves`]), so reading a file
/// never has to parse every snapshot; [`Snapshot::parse`] checks at once.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::Snapshot;
///
/// let snapshot = Snapshot::parse(Tessellation::Sokoban, "lu \t\r\nrdLU   \r\r\n\n\t\tRDL")?;
/// let moves = snapshot.moves()?;
/// assert_eq!(moves.to_str(false), "lurdLURDL");
/// assert_eq!((moves.move_count(), moves.push_count()), (4, 5));
/// assert!(Snapshot::parse(Tessellation::Sokoban, "ZOMG!").is_err());
/// # Ok::<(), sokoengine_io::SnapshotParseError>(())
/// ```
#[derive(Clone, Default)]
pub struct Snapshot {
    tessellation: Tessellation,
    moves_data: String,
    /// Title (default empty).
    pub title: String,
    /// Solver (default empty).
    pub solver: String,
    /// Free notes (default empty).
    pub notes: String,
    /// 1-based line of the first moves line in the source file; 0 when not read.
    pub(crate) source_line: usize,
    /// Character counts of the source's moves lines after the first (their text is
    /// concatenated); maps an error column back to a file line.
    pub(crate) continuation_lines: Vec<u32>,
}

impl Snapshot {
    /// A snapshot with the given move text, checked only when used.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_io::Snapshot;
    ///
    /// let snapshot = Snapshot::new(Tessellation::Sokoban, "3r\n2U");
    /// assert_eq!(snapshot.moves()?.to_str(false), "rrrUU");
    /// // Checked when used, not when built.
    /// assert!(Snapshot::new(Tessellation::Sokoban, "ZOMG!").moves().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(tessellation: Tessellation, moves_data: impl Into<String>) -> Snapshot {
        Snapshot {
            tessellation,
            moves_data: moves_data.into(),
            ..Snapshot::default()
        }
    }

    /// A snapshot whose move text is checked now.
    ///
    /// # Errors
    ///
    /// [`SnapshotParseError`] as for [`Moves::parse`].
    pub fn parse(
        tessellation: Tessellation,
        moves_data: &str,
    ) -> Result<Snapshot, SnapshotParseError> {
        Moves::parse(moves_data)?;
        Ok(Snapshot::new(tessellation, moves_data))
    }

    /// A snapshot holding the printed form of `moves`.
    pub fn from_moves(tessellation: Tessellation, moves: &Moves) -> Snapshot {
        Snapshot::new(tessellation, moves.to_str(false))
    }

    /// The tessellation (that of the puzzle the snapshot belongs to).
    pub const fn tessellation(&self) -> Tessellation {
        self.tessellation
    }

    /// Changes the tessellation (step letters are read per tessellation).
    pub fn set_tessellation(&mut self, tessellation: Tessellation) {
        self.tessellation = tessellation;
    }

    /// The move text as given: whitespace and RLE kept.
    pub fn moves_data(&self) -> &str {
        &self.moves_data
    }

    /// Replaces the move text (checked when used).
    pub fn set_moves_data(&mut self, moves_data: impl Into<String>) {
        self.moves_data = moves_data.into();
        // The text no longer comes from the file.
        self.source_line = 0;
        self.continuation_lines.clear();
    }

    /// The move text without whitespace (RLE kept): what a writer stores.
    pub fn compact_moves_data(&self) -> String {
        self.moves_data
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect()
    }

    /// Parses the move text.
    ///
    /// # Errors
    ///
    /// [`SnapshotParseError`] as for [`Moves::parse`].
    pub fn moves(&self) -> Result<Moves, SnapshotParseError> {
        Moves::parse(&self.moves_data)
    }

    /// The printed move text (see [`Moves::to_str`]).
    ///
    /// # Errors
    ///
    /// [`SnapshotParseError`] as for [`Moves::parse`].
    pub fn to_str(&self, rle_encode: bool) -> Result<String, SnapshotParseError> {
        Ok(self.moves()?.to_str(rle_encode))
    }

    /// The file line and column (1-based) of character `column` (1-based) of the
    /// concatenated move text, when the snapshot was read from a file.
    pub(crate) fn file_position(&self, column: usize) -> Option<(usize, usize)> {
        if self.source_line == 0 {
            return None;
        }
        let first = self
            .moves_data
            .chars()
            .count()
            .saturating_sub(self.continuation_lines.iter().map(|&n| n as usize).sum());
        let mut start = 0;
        let mut length = first;
        let mut line = self.source_line;
        for &next in &self.continuation_lines {
            if column <= start + length {
                break;
            }
            start += length;
            length = next as usize;
            line += 1;
        }
        Some((line, column - start))
    }

    /// 1-based line of the first moves line in the file it was read from.
    pub const fn source_line(&self) -> Option<usize> {
        if self.source_line == 0 {
            None
        } else {
            Some(self.source_line)
        }
    }
}

impl PartialEq for Snapshot {
    /// Compares the tessellation, the metadata and the moves: equal text (whitespace
    /// aside), or texts that parse to the same steps (`2r` and `rr`). The source line
    /// is not compared.
    fn eq(&self, other: &Self) -> bool {
        let compact = |text: &str| {
            text.chars()
                .filter(|c| !c.is_whitespace())
                .collect::<Vec<_>>()
        };
        let same_moves = self.moves_data == other.moves_data
            || compact(&self.moves_data) == compact(&other.moves_data)
            || matches!((self.moves(), other.moves()), (Ok(a), Ok(b)) if a.to_str(false) == b.to_str(false));
        self.tessellation == other.tessellation
            && self.title == other.title
            && self.solver == other.solver
            && self.notes == other.notes
            && same_moves
    }
}

impl Eq for Snapshot {}

impl fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Snapshot")
            .field("tessellation", &self.tessellation)
            .field("moves_data", &self.moves_data)
            .field("title", &self.title)
            .field("solver", &self.solver)
            .field("notes", &self.notes)
            .finish_non_exhaustive()
    }
}
