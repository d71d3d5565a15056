//! Collections of puzzles with their snapshots, and the per-puzzle errors of a check.

use std::borrow::Cow;
use std::fmt;
use std::path::Path;

use sokoengine_board::{BoardParseError, Puzzle};
use sokoengine_geometry::Tessellation;

use crate::moves::SnapshotParseError;
use crate::snapshot::Snapshot;

/// The board of an entry: text as read (parsed when used) or cells built in code
/// (boxed: entries read from files, the many, stay small).
#[derive(Clone)]
pub(crate) enum Board {
    Text(String),
    Cells(Box<Puzzle>),
}

/// One puzzle of a collection: its board, metadata and snapshots.
///
/// A board read from a file is kept as text and parsed when used ([`PuzzleEntry::puzzle`]);
/// a board built in code ([`PuzzleEntry::from_puzzle`]) is kept as cells. Either way the
/// writer writes the current cells.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{PuzzleEntry, Snapshot};
///
/// let mut puzzle = Puzzle::new(Tessellation::Sokoban, 5, 3)?;
/// for (position, c) in "######@$.######".chars().enumerate() {
///     puzzle.set(position, c)?;
/// }
/// puzzle.title = "Built".into();
/// let mut entry = PuzzleEntry::from_puzzle(puzzle);
/// entry.push_snapshot(Snapshot::new(Tessellation::Sokoban, "R"));
/// assert_eq!(entry.title, "Built");
/// assert_eq!(entry.puzzle()?.to_string(), "#####\n#@$.#\n#####");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PuzzleEntry {
    tessellation: Tessellation,
    pub(crate) board: Board,
    /// Title (default empty).
    pub title: String,
    /// Author (default empty).
    pub author: String,
    /// Sokoban+ box order, as written (default empty).
    pub boxorder: String,
    /// Sokoban+ goal order, as written (default empty).
    pub goalorder: String,
    /// Free notes (default empty).
    pub notes: String,
    pub(crate) snapshots: Vec<Snapshot>,
    /// 1-based line of the first board row in the source file; 0 when not read.
    pub(crate) source_line: usize,
}

impl PuzzleEntry {
    /// An entry whose board is `text` (plain or RLE), parsed when used.
    pub fn from_board_text(tessellation: Tessellation, text: impl Into<String>) -> PuzzleEntry {
        PuzzleEntry {
            tessellation,
            board: Board::Text(text.into()),
            title: String::new(),
            author: String::new(),
            boxorder: String::new(),
            goalorder: String::new(),
            notes: String::new(),
            snapshots: Vec::new(),
            source_line: 0,
        }
    }

    /// An entry holding `puzzle`'s cells, tessellation and metadata.
    pub fn from_puzzle(puzzle: Puzzle) -> PuzzleEntry {
        let mut entry = PuzzleEntry::from_board_text(puzzle.tessellation(), String::new());
        entry.title.clone_from(&puzzle.title);
        entry.author.clone_from(&puzzle.author);
        entry.boxorder.clone_from(&puzzle.boxorder);
        entry.goalorder.clone_from(&puzzle.goalorder);
        entry.notes.clone_from(&puzzle.notes);
        entry.board = Board::Cells(Box::new(puzzle));
        entry
    }

    /// The tessellation (shared by the snapshots).
    pub const fn tessellation(&self) -> Tessellation {
        self.tessellation
    }

    /// Changes the tessellation of the entry and its snapshots. A board built in code is
    /// kept as its printed text and parsed again in the new tessellation when used.
    pub fn set_tessellation(&mut self, tessellation: Tessellation) {
        if tessellation == self.tessellation {
            return;
        }
        if let Board::Cells(puzzle) = &self.board {
            self.board = Board::Text(puzzle.to_board_str(true, false));
        }
        self.tessellation = tessellation;
        for snapshot in &mut self.snapshots {
            snapshot.set_tessellation(tessellation);
        }
    }

    /// The board text: as read, or printed (visible floor) for a board built in code.
    pub fn board_text(&self) -> Cow<'_, str> {
        match &self.board {
            Board::Text(text) => Cow::Borrowed(text),
            Board::Cells(puzzle) => Cow::Owned(puzzle.to_board_str(true, false)),
        }
    }

    /// Whether the board has no cells (text that is blank, or an empty grid).
    pub fn has_empty_board(&self) -> bool {
        match &self.board {
            Board::Text(text) => text.trim().is_empty(),
            Board::Cells(puzzle) => puzzle.size() == 0,
        }
    }

    /// The board as a [`Puzzle`] with this entry's metadata.
    ///
    /// # Errors
    ///
    /// [`BoardParseError`] when the board text does not parse in this tessellation.
    pub fn puzzle(&self) -> Result<Puzzle, BoardParseError> {
        let mut puzzle = match &self.board {
            Board::Text(text) => Puzzle::parse(self.tessellation, text)?,
            Board::Cells(puzzle) => (**puzzle).clone(),
        };
        puzzle.title.clone_from(&self.title);
        puzzle.author.clone_from(&self.author);
        puzzle.boxorder.clone_from(&self.boxorder);
        puzzle.goalorder.clone_from(&self.goalorder);
        puzzle.notes.clone_from(&self.notes);
        Ok(puzzle)
    }

    /// Replaces the board by `puzzle`'s cells and tessellation (the entry's metadata
    /// stays; the snapshots take the new tessellation).
    pub fn set_board(&mut self, puzzle: Puzzle) {
        let tessellation = puzzle.tessellation();
        self.board = Board::Cells(Box::new(puzzle));
        self.tessellation = tessellation;
        for snapshot in &mut self.snapshots {
            snapshot.set_tessellation(tessellation);
        }
    }

    /// Whether a Sokoban+ box or goal order is given (not blank).
    pub fn has_sokoban_plus(&self) -> bool {
        !self.boxorder.trim().is_empty() || !self.goalorder.trim().is_empty()
    }

    /// The snapshots, in file order.
    pub fn snapshots(&self) -> &[Snapshot] {
        &self.snapshots
    }

    /// The snapshots, for editing their metadata and moves.
    pub fn snapshots_mut(&mut self) -> &mut [Snapshot] {
        &mut self.snapshots
    }

    /// Appends a snapshot; it takes this entry's tessellation.
    pub fn push_snapshot(&mut self, mut snapshot: Snapshot) {
        snapshot.set_tessellation(self.tessellation);
        self.snapshots.push(snapshot);
    }

    /// Removes and returns the snapshot at `index`, if any.
    pub fn remove_snapshot(&mut self, index: usize) -> Option<Snapshot> {
        (index < self.snapshots.len()).then(|| self.snapshots.remove(index))
    }

    /// 1-based line of the first board row in the file it was read from.
    pub const fn source_line(&self) -> Option<usize> {
        if self.source_line == 0 {
            None
        } else {
            Some(self.source_line)
        }
    }
}

impl PartialEq for PuzzleEntry {
    /// Compares tessellation, metadata, snapshots and the board: the text when both are
    /// text, otherwise the parsed cells (characters as written, every floor character
    /// counting as floor).
    fn eq(&self, other: &Self) -> bool {
        let boards_equal = match (&self.board, &other.board) {
            (Board::Text(a), Board::Text(b)) if a == b => true,
            _ => match (self.puzzle(), other.puzzle()) {
                (Ok(a), Ok(b)) => a.same_cells(&b),
                _ => false,
            },
        };
        self.tessellation == other.tessellation
            && self.title == other.title
            && self.author == other.author
            && self.boxorder == other.boxorder
            && self.goalorder == other.goalorder
            && self.notes == other.notes
            && self.snapshots == other.snapshots
            && boards_equal
    }
}

impl fmt::Debug for PuzzleEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PuzzleEntry")
            .field("tessellation", &self.tessellation)
            .field("title", &self.title)
            .field("author", &self.author)
            .field("board", &self.board_text())
            .field("snapshots", &self.snapshots.len())
            .finish_non_exhaustive()
    }
}

/// A collection: file metadata and puzzles.
///
/// Reading ([`Collection::parse`]) splits the text into puzzles, titles, tags and notes
/// only; boards and move texts are parsed when used. [`Collection::check`] parses
/// everything and lists the problems with file line numbers, and
/// [`Collection::split_errors`] keeps the good parts.
///
/// # Examples
///
/// ```
/// use sokoengine_io::{Collection, VariantHint};
///
/// let text = "Collection: Demo\n\nLevel 1\n\n#####\n#@$.#\n#####\n\nSolution\nR\n";
/// let collection = Collection::parse(text, VariantHint::None)?;
/// assert_eq!(collection.title, "Demo");
/// assert_eq!(collection.puzzles[0].title, "Level 1");
/// assert_eq!(collection.puzzles[0].snapshots()[0].title, "Solution");
/// assert!(collection.check().is_empty());
/// let written = collection.to_sok_string()?;
/// assert_eq!(Collection::parse(&written, VariantHint::None)?, collection);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Collection {
    /// Title (`Collection:` or `Title:` in the file notes).
    pub title: String,
    /// Author.
    pub author: String,
    /// `Date Created:` value.
    pub created_at: String,
    /// `Date of Last Change:` value.
    pub updated_at: String,
    /// Free notes of the file header.
    pub notes: String,
    /// The puzzles, in file order.
    pub puzzles: Vec<PuzzleEntry>,
}

impl Eq for PuzzleEntry {}

impl fmt::Debug for Collection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Collection")
            .field("title", &self.title)
            .field("author", &self.author)
            .field("puzzles", &self.puzzles.len())
            .finish_non_exhaustive()
    }
}

/// A puzzle whose board, or a snapshot whose moves, cannot be parsed. Puzzle and
/// snapshot numbers are 1-based; `line` is the line in the source file (0 for entries
/// built in code).
///
/// # Examples
///
/// ```
/// use sokoengine_io::{Collection, EntryError, VariantHint};
///
/// let text = "Good\n\n#####\n#@$.#\n#####\n\nBad\n\n#####\n#@$.#\n2(##\n";
/// let collection = Collection::parse(text, VariantHint::None)?;
/// let errors = collection.check();
/// assert_eq!(errors.len(), 1);
/// assert!(matches!(errors[0], EntryError::Board { puzzle: 2, line: 11, .. }));
/// let (good, _) = collection.split_errors();
/// assert_eq!(good.puzzles.len(), 1);
/// # Ok::<(), sokoengine_io::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EntryError {
    /// The board does not parse.
    #[error("line {line}{}: puzzle {puzzle} ({title:?}): {source}", column_suffix(*.column))]
    Board {
        /// 1-based puzzle number.
        puzzle: usize,
        /// The puzzle's title.
        title: String,
        /// File line of the problem (the board's first line when the problem has no
        /// location of its own).
        line: usize,
        /// 1-based column of the problem in its board row, when known.
        column: Option<usize>,
        /// The board error.
        source: BoardParseError,
    },
    /// The move text of a snapshot does not parse.
    #[error("line {line}{}: puzzle {puzzle}, snapshot {snapshot}: {source}", column_suffix(*.column))]
    Snapshot {
        /// 1-based puzzle number.
        puzzle: usize,
        /// 1-based snapshot number within the puzzle.
        snapshot: usize,
        /// File line of the problem (the snapshot's first moves line when the problem
        /// has no location of its own, e.g. inside RLE-decoded text).
        line: usize,
        /// 1-based column of the problem in its (trimmed) moves line, when known.
        column: Option<usize>,
        /// The parse error (its own position counts characters of the moves lines
        /// concatenated).
        source: SnapshotParseError,
    },
}

fn column_suffix(column: Option<usize>) -> String {
    column.map_or_else(String::new, |column| format!(", column {column}"))
}

impl EntryError {
    /// The 1-based line in the source file.
    pub const fn line(&self) -> usize {
        match self {
            EntryError::Board { line, .. } | EntryError::Snapshot { line, .. } => *line,
        }
    }
}

/// The tessellation of the puzzles that no `Game:` tag names, for the readers:
/// [`VariantHint::None`] leaves it to the file (its extension, for
/// [`Collection::load`]) and then Sokoban.
///
/// Any `Tessellation` converts into the hint that names it.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Collection, VariantHint};
///
/// let text = "#####\n#@$.#\n#####\n";
/// let plain = Collection::parse(text, VariantHint::None)?;
/// let hexoban = Collection::parse(text, Tessellation::Hexoban)?;
/// assert_eq!(plain.puzzles[0].tessellation(), Tessellation::Sokoban);
/// assert_eq!(hexoban.puzzles[0].tessellation(), Tessellation::Hexoban);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum VariantHint {
    /// No hint: the file's extension (when read from a file), else Sokoban.
    #[default]
    None,
    /// Puzzles without a `Game:` tag are of this tessellation.
    Variant(Tessellation),
}

impl VariantHint {
    /// The tessellation named, if any.
    pub const fn tessellation(self) -> Option<Tessellation> {
        match self {
            VariantHint::None => None,
            VariantHint::Variant(tessellation) => Some(tessellation),
        }
    }
}

impl From<Tessellation> for VariantHint {
    fn from(tessellation: Tessellation) -> VariantHint {
        VariantHint::Variant(tessellation)
    }
}

impl From<Option<Tessellation>> for VariantHint {
    fn from(tessellation: Option<Tessellation>) -> VariantHint {
        tessellation.map_or(VariantHint::None, VariantHint::Variant)
    }
}

impl Collection {
    /// An empty collection.
    pub fn new() -> Collection {
        Collection::default()
    }

    /// Number of snapshots over all puzzles.
    pub fn snapshot_count(&self) -> usize {
        self.puzzles.iter().map(|p| p.snapshots.len()).sum()
    }

    /// Parses every board and every move text and lists the problems, in file order.
    pub fn check(&self) -> Vec<EntryError> {
        let mut errors = Vec::new();
        for (index, entry) in self.puzzles.iter().enumerate() {
            check_entry(index, entry, &mut errors);
        }
        errors
    }

    /// Splits off the problems: puzzles whose board does not parse and snapshots whose
    /// moves do not parse are removed and reported; everything else stays.
    pub fn split_errors(mut self) -> (Collection, Vec<EntryError>) {
        let mut errors = Vec::new();
        let puzzles = std::mem::take(&mut self.puzzles);
        for (index, mut entry) in puzzles.into_iter().enumerate() {
            let before = errors.len();
            check_entry(index, &entry, &mut errors);
            if errors[before..]
                .iter()
                .any(|e| matches!(e, EntryError::Board { .. }))
            {
                continue;
            }
            let bad: Vec<usize> = errors[before..]
                .iter()
                .filter_map(|e| match e {
                    EntryError::Snapshot { snapshot, .. } => Some(snapshot - 1),
                    EntryError::Board { .. } => None,
                })
                .collect();
            for snapshot in bad.into_iter().rev() {
                entry.snapshots.remove(snapshot);
            }
            self.puzzles.push(entry);
        }
        (self, errors)
    }
}

fn check_entry(index: usize, entry: &PuzzleEntry, errors: &mut Vec<EntryError>) {
    if let Err(source) = entry.puzzle() {
        let (line, column) = match source.location() {
            Some((line, column)) if entry.source_line > 0 => {
                (entry.source_line + line - 1, Some(column))
            }
            Some((_, column)) => (0, Some(column)),
            None => (entry.source_line, None),
        };
        errors.push(EntryError::Board {
            puzzle: index + 1,
            title: entry.title.clone(),
            line,
            column,
            source,
        });
    }
    for (snapshot_index, snapshot) in entry.snapshots.iter().enumerate() {
        if let Err(source) = snapshot.moves() {
            let (line, column) = match source.location() {
                Some((1, column)) => snapshot
                    .file_position(column)
                    .map_or((0, Some(column)), |(line, column)| (line, Some(column))),
                _ => (snapshot.source_line, None),
            };
            errors.push(EntryError::Snapshot {
                puzzle: index + 1,
                snapshot: snapshot_index + 1,
                line,
                column,
                source,
            });
        }
    }
}

/// The tessellation an extension suggests: `.hsb` Hexoban, `.tsb` Trioban.
pub fn extension_hint(path: &Path) -> Option<Tessellation> {
    let extension = path.extension()?.to_str()?;
    if extension.eq_ignore_ascii_case("hsb") {
        Some(Tessellation::Hexoban)
    } else if extension.eq_ignore_ascii_case("tsb") {
        Some(Tessellation::Trioban)
    } else {
        None
    }
}
