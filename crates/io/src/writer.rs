//! The `.sok` and plain-file writers (docs/formats.md#writing-a-collection,
//! docs/formats.md#plain-level-files).

use std::fmt;
use std::io::Write;
use std::path::Path;

use sokoengine_board::{Puzzle, is_board_line};
use sokoengine_geometry::Tessellation;

use crate::collection::{Board, Collection, PuzzleEntry};
use crate::moves::is_moves_line;

/// Length of a written moves line.
pub const MOVES_LINE_LEN: usize = 70;

/// Where in a collection a write problem is. Numbers are 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Place {
    /// The file header.
    Collection,
    /// A puzzle.
    Puzzle {
        /// 1-based puzzle number.
        puzzle: usize,
    },
    /// A snapshot.
    Snapshot {
        /// 1-based puzzle number.
        puzzle: usize,
        /// 1-based snapshot number.
        snapshot: usize,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Collection => f.write_str("collection header"),
            Place::Puzzle { puzzle } => write!(f, "puzzle {puzzle}"),
            Place::Snapshot { puzzle, snapshot } => {
                write!(f, "puzzle {puzzle}, snapshot {snapshot}")
            }
        }
    }
}

/// What the reader would make of a line that cannot be written as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LineProblem {
    /// It would be read as a board line.
    BoardLine,
    /// It would be read as a moves line.
    MovesLine,
    /// It would be read as a tag of its block.
    Tag,
    /// It would be read as a `::` comment and dropped.
    Comment,
    /// It would be read as notes (neither a board line nor a moves line).
    Notes,
    /// It holds a line break (`\r`), so it would be read as two lines.
    LineBreak,
    /// A plain file has no place for the line that would keep it from being read as
    /// the title of the next puzzle.
    Title,
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LineProblem::BoardLine => "a board line",
            LineProblem::MovesLine => "a moves line",
            LineProblem::Tag => "a tag",
            LineProblem::Comment => "a comment",
            LineProblem::Notes => "notes",
            LineProblem::LineBreak => "two lines",
            LineProblem::Title => "the next puzzle's title",
        })
    }
}

/// At most this many characters of an offending text are quoted in a [`WriteError`].
const QUOTED_CHARS: usize = 60;

/// `text`, cut to [`QUOTED_CHARS`] characters (with `…` when cut).
fn excerpt(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// A collection that cannot be written so that it reads back the same.
///
/// # Examples
///
/// ```
/// use sokoengine_io::{Collection, LineProblem, VariantHint, WriteError};
///
/// let mut collection = Collection::parse("#####\n#@$.#\n#####\n", VariantHint::None)?;
/// collection.puzzles[0].notes = "Dude".into(); // reads back as a moves line
/// let error = collection.to_sok_string().unwrap_err();
/// assert!(matches!(error, WriteError::UnsafeNotesLine { problem: LineProblem::MovesLine, .. }));
/// assert_eq!(error.to_string(), "puzzle 1: notes line \"Dude\" would be read back as a moves line");
/// # Ok::<(), sokoengine_io::ParseError>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// A notes line the reader would take for something else.
    #[error("{place}: notes line {line:?} would be read back as {problem}")]
    UnsafeNotesLine {
        /// Where.
        place: Place,
        /// The line.
        line: String,
        /// What the reader would make of it.
        problem: LineProblem,
    },
    /// A one-line field (title, author, solver, Sokoban+ order, date) with a line break.
    #[error("{place}: {field} {value:?} contains a line break")]
    MultiLineField {
        /// Where.
        place: Place,
        /// The field name.
        field: &'static str,
        /// The value.
        value: String,
    },
    /// A board row the reader would not read back as this board's row: the board does
    /// not parse, so it is written as read, and this row is not a board line.
    #[error("{place}: board row {row:?} would be read back as {problem}")]
    UnsafeBoardRow {
        /// Where.
        place: Place,
        /// The row (at most 60 characters of it).
        row: String,
        /// What the reader would make of it.
        problem: LineProblem,
    },
    /// Move text that cannot be written as moves lines: it holds a character that is
    /// not a move character, or only `*`, digits, `(`, `)` and `|` (a board line).
    #[error("{place}: moves {moves:?} would be read back as {problem}")]
    UnsafeMoves {
        /// Where.
        place: Place,
        /// The move text (at most 60 characters of it).
        moves: String,
        /// What the reader would make of it.
        problem: LineProblem,
    },
    /// A puzzle whose tessellation the chosen plain format cannot hold: another one
    /// than the format's, or for [`FileFormat::Txt`] than the first puzzle's.
    #[error(
        "puzzle {puzzle}: a {tessellation} puzzle can't be written to a .{} file of {expected} puzzles (use .sok)",
        format.extension()
    )]
    TessellationMismatch {
        /// 1-based puzzle number.
        puzzle: usize,
        /// The puzzle's tessellation.
        tessellation: Tessellation,
        /// The tessellation the file holds.
        expected: Tessellation,
        /// The format asked for.
        format: FileFormat,
    },
    /// No puzzle was written: a file of notes alone does not read back as a
    /// collection (see [`ParseError`](crate::ParseError)).
    #[error("no puzzle to write: a collection file needs at least one board")]
    NoPuzzle,
    /// The output could not be written.
    #[error("can't write: {0}")]
    Io(#[from] std::io::Error),
    /// The file could not be written ([`Collection::save`]); it is as it was.
    #[error(transparent)]
    File(#[from] crate::atomic::AtomicWriteError),
}

/// A level-file format to write.
///
/// # Examples
///
/// ```
/// use std::path::Path;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Collection, FileFormat, VariantHint, WriteError};
///
/// assert_eq!(FileFormat::from_path(Path::new("levels.hsb")), Some(FileFormat::Hsb));
/// let collection = Collection::parse("One\n\n#####\n#@$.#\n#####\n\nR\n", VariantHint::None)?;
/// // A plain file keeps titles and boards only.
/// assert_eq!(collection.to_plain_string(FileFormat::Xsb)?, "One\n\n#####\n#@$.#\n#####\n\n");
/// assert!(matches!(
///     collection.to_plain_string(FileFormat::Hsb),
///     Err(WriteError::TessellationMismatch { puzzle: 1, .. })
/// ));
/// // `.txt` holds the tessellation of its first puzzle, Octoban too (no extension names
/// // Octoban: read it back with a hint).
/// let octoban = Collection::parse("#####\n#@$.#\n#####\n", Tessellation::Octoban)?;
/// let text = octoban.to_plain_string(FileFormat::Txt)?;
/// assert_eq!(text, "\n#####\n#@$.#\n#####\n\n");
/// assert_eq!(Collection::parse(&text, Tessellation::Octoban)?, octoban);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FileFormat {
    /// Sokoban YASC `.sok`: everything.
    Sok,
    /// Plain Sokoban `.xsb`: titles and boards only.
    Xsb,
    /// Plain Hexoban `.hsb`.
    Hsb,
    /// Plain Trioban `.tsb`.
    Tsb,
    /// Plain `.txt` of any one tessellation, the first puzzle's: the plain form of
    /// Octoban, which no extension names (read it back with a hint).
    Txt,
}

impl FileFormat {
    /// The format of a file name's extension (`sok`, `xsb`, `hsb`, `tsb`, `txt`).
    pub fn from_path(path: &Path) -> Option<FileFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "sok" => Some(FileFormat::Sok),
            "xsb" => Some(FileFormat::Xsb),
            "txt" => Some(FileFormat::Txt),
            "hsb" => Some(FileFormat::Hsb),
            "tsb" => Some(FileFormat::Tsb),
            _ => None,
        }
    }

    /// The usual extension, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            FileFormat::Sok => "sok",
            FileFormat::Xsb => "xsb",
            FileFormat::Hsb => "hsb",
            FileFormat::Tsb => "tsb",
            FileFormat::Txt => "txt",
        }
    }

    /// The plain format that holds `tessellation`: `.xsb`, `.hsb`, `.tsb`, or `.txt`
    /// for Octoban.
    pub const fn plain(tessellation: Tessellation) -> FileFormat {
        match tessellation {
            Tessellation::Sokoban => FileFormat::Xsb,
            Tessellation::Hexoban => FileFormat::Hsb,
            Tessellation::Trioban => FileFormat::Tsb,
            Tessellation::Octoban => FileFormat::Txt,
        }
    }

    /// The tessellation a plain format holds (`None` for `.sok`, which holds any, and
    /// `.txt`, which holds its first puzzle's).
    pub const fn tessellation(self) -> Option<Tessellation> {
        match self {
            FileFormat::Sok | FileFormat::Txt => None,
            FileFormat::Xsb => Some(Tessellation::Sokoban),
            FileFormat::Hsb => Some(Tessellation::Hexoban),
            FileFormat::Tsb => Some(Tessellation::Trioban),
        }
    }
}

/// How to write a collection.
///
/// # Examples
///
/// ```
/// use sokoengine_io::{Collection, VariantHint, WriteOptions};
///
/// let collection = Collection::parse("Level\n\n#######\n#@ $ .#\n#######\n\nrrrRR\n", VariantHint::None)?;
/// let plain = collection.to_sok_string()?;
/// let rle = collection.to_sok_string_with(WriteOptions::new().rle(true))?;
/// assert!(plain.contains("#@ $ .#\n") && plain.contains("\nrrrRR\n"));
/// assert!(rle.contains("\n7#|#@-$-.#|7#\n") && rle.contains("\n3r2R\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct WriteOptions {
    /// Write each board as one RLE line (visible floor, rows joined by `|`) and the
    /// moves of each snapshot RLE-encoded (moves that do not parse are written as
    /// stored).
    pub rle: bool,
}

impl WriteOptions {
    /// Plain boards, moves as stored.
    pub const fn new() -> WriteOptions {
        WriteOptions { rle: false }
    }

    /// With [`WriteOptions::rle`] set as given.
    pub const fn rle(mut self, rle: bool) -> WriteOptions {
        self.rle = rle;
        self
    }
}

/// The board lines to write with `options` for puzzle `number`.
fn board_lines(
    entry: &PuzzleEntry,
    number: usize,
    options: WriteOptions,
) -> Result<Option<Vec<String>>, WriteError> {
    if options.rle {
        if let Ok(puzzle) = entry.puzzle() {
            if puzzle.size() > 0 {
                return Ok(Some(vec![puzzle.to_board_str(true, true)]));
            }
        }
    }
    board_rows(entry, number)
}

/// Whether the reader would take `rows`, written as a board followed directly by the
/// next puzzle's board, for the title of that puzzle: a lone board line that no
/// tessellation can read (the reader's recovery for `#50 (3)`,
/// docs/formats.md#puzzles-and-snapshots).
fn reads_as_next_title(rows: &[String]) -> bool {
    matches!(rows, [row] if !crate::reader::is_valid_lone_board_line(row))
}

/// Whether `title` can be written as a title line and read back unchanged.
fn is_safe_title(title: &str) -> bool {
    let trimmed = title.trim();
    !trimmed.is_empty()
        && !trimmed.starts_with(';')
        && !trimmed.starts_with("::")
        && !is_board_line(trimmed)
        && !is_moves_line(trimmed)
}

fn single_line(place: Place, field: &'static str, value: &str) -> Result<(), WriteError> {
    if value.contains(['\n', '\r']) {
        Err(WriteError::MultiLineField {
            place,
            field,
            value: value.to_owned(),
        })
    } else {
        Ok(())
    }
}

/// The keys the reader takes as tags in each kind of block.
fn is_known_key(place: Place, key: &str) -> bool {
    let keys: &[&str] = match place {
        Place::Collection => &[
            "Collection",
            "Title",
            "Author",
            "Date Created",
            "Date of Last Change",
            "Game",
        ],
        Place::Puzzle { .. } => &["Title", "Author", "boxorder", "goalorder", "Game"],
        Place::Snapshot { .. } => &["Title", "Author", "Solver"],
    };
    keys.iter().any(|k| k.eq_ignore_ascii_case(key))
}

fn check_notes(place: Place, notes: &str) -> Result<(), WriteError> {
    for line in notes.lines() {
        let trimmed = line.trim();
        let problem = if is_board_line(trimmed) {
            Some(LineProblem::BoardLine)
        } else if is_moves_line(trimmed) {
            Some(LineProblem::MovesLine)
        } else if place == Place::Collection && trimmed.starts_with("::") {
            Some(LineProblem::Comment)
        } else if let Some(at) = trimmed.find([':', '=']) {
            let key = trimmed[..at].trim();
            let value = trimmed[at + 1..].trim();
            let is_game = key.eq_ignore_ascii_case("Game");
            let tag =
                is_known_key(place, key) && (!is_game || value.parse::<Tessellation>().is_ok());
            tag.then_some(LineProblem::Tag)
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(WriteError::UnsafeNotesLine {
                place,
                line: line.to_owned(),
                problem,
            });
        }
    }
    Ok(())
}

fn push_notes(out: &mut String, notes: &str) {
    for line in notes.lines() {
        out.push_str(line.trim());
        out.push('\n');
    }
}

/// The rows of board text that is written as read.
fn text_rows(text: &str, number: usize) -> Result<Vec<String>, WriteError> {
    let rows: Vec<String> = text.split('\n').map(str::to_owned).collect();
    for row in &rows {
        let problem = if row.contains('\r') {
            Some(LineProblem::LineBreak)
        } else if is_board_line(row) {
            None
        } else if is_moves_line(row) {
            Some(LineProblem::MovesLine)
        } else {
            Some(LineProblem::Notes)
        };
        if let Some(problem) = problem {
            return Err(WriteError::UnsafeBoardRow {
                place: Place::Puzzle { puzzle: number },
                row: excerpt(row),
                problem,
            });
        }
    }
    Ok(rows)
}

/// The board rows to write: the current cells with the puzzle's characters, floor as
/// spaces, rows right-trimmed, empty rows as `-`; falls back to visible floor where
/// trimming would change the board read back. `None` for a board without cells built
/// in code. Board text that does not parse, or has no cells, is written as read.
///
/// # Errors
///
/// [`WriteError::UnsafeBoardRow`] for a row of a board that does not parse which would
/// not read back as a board line.
pub(crate) fn board_rows(
    entry: &PuzzleEntry,
    number: usize,
) -> Result<Option<Vec<String>>, WriteError> {
    if entry.has_empty_board() {
        return Ok(None);
    }
    let puzzle = match (&entry.board, entry.puzzle()) {
        (_, Ok(puzzle)) if puzzle.size() > 0 => puzzle,
        // Not parsable, or only RLE line breaks (`|||`): keep the rows exactly as
        // read (the text is compared as it is), which each must read back as a board
        // line.
        (Board::Text(text), _) => return text_rows(text, number).map(Some),
        (Board::Cells(_), _) => return Ok(None),
    };
    let printed = puzzle.to_board_str(false, false);
    let full_width = printed.split('\n').map(str::len).max().unwrap_or(0);
    let rows: Vec<String> = printed
        .split('\n')
        .map(|row| {
            let row = row.trim_end();
            if row.is_empty() {
                "-".to_owned()
            } else {
                row.to_owned()
            }
        })
        .collect();
    // When some row keeps its full width, the text grid read back is the printed one
    // (shorter rows are padded with floor again): nothing to check.
    let keeps_width = rows.iter().any(|row| row.len() == full_width);
    let same = keeps_width
        || Puzzle::parse(puzzle.tessellation(), &rows.join("\n"))
            .is_ok_and(|p| p.same_cells(&puzzle));
    if same {
        Ok(Some(rows))
    } else {
        Ok(Some(
            puzzle
                .to_board_str(true, false)
                .split('\n')
                .map(str::to_owned)
                .collect(),
        ))
    }
}

/// Cuts `moves` (whitespace-free) into lines of [`MOVES_LINE_LEN`] characters that each
/// read back as a moves line: a piece without a step letter or bracket (only `*`,
/// digits, `(`, `)` and `|`, which reads as a board line) is joined to its neighbour.
///
/// # Errors
///
/// The [`LineProblem`] when no cut works: a character that is not a move character
/// (the text would read as notes or a board), or no step letter or bracket at all.
fn moves_lines(moves: &str) -> Result<Vec<&str>, LineProblem> {
    // A whitespace-free moves line that is not a board line needs a step letter or a
    // bracket: the move characters that are not board characters.
    let is_anchor = |c: char| c.is_ascii_alphabetic() || matches!(c, '[' | ']' | '{' | '}');
    if moves
        .chars()
        .any(|c| !crate::is_moves_char(c) || c.is_whitespace())
    {
        return Err(if is_board_line(moves) {
            LineProblem::BoardLine
        } else {
            LineProblem::Notes
        });
    }
    let mut lines: Vec<&str> = Vec::with_capacity(moves.len() / MOVES_LINE_LEN + 1);
    // Start of the line being built, and whether it has an anchor yet.
    let mut start = 0;
    let mut anchored = false;
    let mut count = 0;
    for (index, c) in moves.char_indices() {
        if count == MOVES_LINE_LEN && anchored {
            lines.push(&moves[start..index]);
            start = index;
            anchored = false;
            count = 0;
        }
        if count == MOVES_LINE_LEN {
            // Keep growing an unanchored line one piece at a time.
            count = 0;
        }
        anchored |= is_anchor(c);
        count += 1;
    }
    let rest = &moves[start..];
    if !rest.is_empty() {
        if anchored {
            lines.push(rest);
        } else if let Some(last) = lines.last_mut() {
            // The last piece has no anchor: it joins the line before it.
            let joined_start = moves.len() - rest.len() - last.len();
            *last = &moves[joined_start..];
        } else {
            return Err(LineProblem::BoardLine);
        }
    }
    Ok(lines)
}

/// Output plus what the reader needs to see the same blocks again.
struct Writer {
    out: String,
    /// Byte offset where the current notes block starts.
    block_start: usize,
    /// Tag lines written in the current block.
    block_tags: Vec<String>,
    /// Whether the current block is the file header.
    in_header: bool,
    /// The title of the puzzle or snapshot the current block belongs to.
    block_title: String,
}

impl Writer {
    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn tag(&mut self, key: &str, value: &str) {
        let line = if value.is_empty() {
            format!("{key}:")
        } else {
            format!("{key}: {value}")
        };
        self.line(&line);
        self.block_tags.push(line);
    }

    /// Starts the notes block of a puzzle or snapshot titled `title`.
    fn begin_block(&mut self, title: &str) {
        self.in_header = false;
        self.block_start = self.out.len();
        self.block_tags.clear();
        title.clone_into(&mut self.block_title);
    }

    /// Called before a puzzle or snapshot that has no title line. When the last
    /// non-blank line of the current block would be read as its title (it is the
    /// block's first line or follows a blank line), the block is changed so that it is
    /// not, without changing what it reads as: in the file header a `::` comment line
    /// goes before it (comments are dropped from the file notes); elsewhere a tag goes
    /// after it: the block's last tag again, or its owner's `Title:` (a repeated tag
    /// reads the same).
    fn before_untitled(&mut self) {
        let block = &self.out[self.block_start..];
        let lines: Vec<&str> = block.lines().collect();
        let Some(last) = lines.iter().rposition(|l| !l.trim().is_empty()) else {
            return;
        };
        if last > 0 && !lines[last - 1].trim().is_empty() {
            return;
        }
        let line_start =
            self.block_start + lines[..last].iter().map(|l| l.len() + 1).sum::<usize>();
        if self.block_start == 0 && self.in_header {
            self.out.insert_str(line_start, "::\n");
        } else {
            let insert_at = line_start + lines[last].len() + 1;
            let tag = match self.block_tags.last() {
                Some(tag) => format!("{tag}\n"),
                None if self.block_title.is_empty() => "Title:\n".to_owned(),
                None => format!("Title: {}\n", self.block_title),
            };
            self.out.insert_str(insert_at, &tag);
        }
    }
}

impl Collection {
    /// Writes the collection as `.sok` text (docs/formats.md#writing-a-collection).
    ///
    /// # Errors
    ///
    /// [`WriteError::UnsafeNotesLine`] for a notes line the reader would take as a board
    /// line, a moves line, a tag or a comment; [`WriteError::MultiLineField`] for a
    /// title, author, solver, order or date with a line break;
    /// [`WriteError::UnsafeMoves`] and [`WriteError::UnsafeBoardRow`] for move text or
    /// (unparsable) board text that would not read back as itself.
    pub fn to_sok_string(&self) -> Result<String, WriteError> {
        self.to_sok_string_with(WriteOptions::new())
    }

    /// [`Collection::to_sok_string`] with options (RLE boards and moves).
    ///
    /// # Errors
    ///
    /// As [`Collection::to_sok_string`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_io::{Collection, VariantHint, WriteOptions};
    ///
    /// let collection = Collection::parse("#######\n#@ $ .#\n#######\n\nrrrRR\n", VariantHint::None)?;
    /// let written = collection.to_sok_string_with(WriteOptions::new().rle(true))?;
    /// assert_eq!(written, "7#|#@-$-.#|7#\n\n3r2R\n\n");
    /// assert_eq!(Collection::parse(&written, VariantHint::None)?.puzzles[0].puzzle()?, collection.puzzles[0].puzzle()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_sok_string_with(&self, options: WriteOptions) -> Result<String, WriteError> {
        self.to_plain_string_with(FileFormat::Sok, options)
    }

    /// Writes the titles and boards as a plain `.xsb`, `.hsb`, `.tsb` or `.txt` file
    /// (for [`FileFormat::Sok`], the same as [`Collection::to_sok_string`]).
    ///
    /// # Errors
    ///
    /// [`WriteError::TessellationMismatch`] for a puzzle of another tessellation than the
    /// format's; [`WriteError::MultiLineField`] for a title with a line break;
    /// [`WriteError::UnsafeBoardRow`] for (unparsable) board text that would not read
    /// back as itself.
    pub fn to_plain_string(&self, format: FileFormat) -> Result<String, WriteError> {
        self.to_plain_string_with(format, WriteOptions::new())
    }

    /// [`Collection::to_plain_string`] with options (RLE boards).
    ///
    /// # Errors
    ///
    /// As [`Collection::to_plain_string`].
    pub fn to_plain_string_with(
        &self,
        format: FileFormat,
        options: WriteOptions,
    ) -> Result<String, WriteError> {
        let mut bytes = Vec::with_capacity(self.puzzles.len() * 256);
        let mut writer = CollectionWriter::new(&mut bytes, self, format, options)?;
        for entry in &self.puzzles {
            writer.write(entry)?;
        }
        writer.finish()?;
        // Everything written came from `&str`s.
        Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    /// Writes the collection to `path` in the format of its extension (`.sok`, `.xsb`,
    /// `.hsb`, `.tsb`, `.txt`; anything else is written as `.sok`), atomically: the
    /// file is wholly replaced or left as it was ([`crate::atomic`]).
    ///
    /// # Errors
    ///
    /// As [`Collection::to_sok_string`] / [`Collection::to_plain_string`] (nothing is
    /// written then), and [`WriteError::File`].
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), WriteError> {
        let path = path.as_ref();
        let format = FileFormat::from_path(path).unwrap_or(FileFormat::Sok);
        let text = self.to_plain_string(format)?;
        crate::atomic::write_atomically(path, text.as_bytes())?;
        Ok(())
    }
}

impl Collection {
    fn write_header(&self, w: &mut Writer) -> Result<(), WriteError> {
        let place = Place::Collection;
        for (field, value) in [
            ("title", &self.title),
            ("author", &self.author),
            ("created_at", &self.created_at),
            ("updated_at", &self.updated_at),
        ] {
            single_line(place, field, value)?;
        }
        check_notes(place, &self.notes)?;
        w.begin_block("");
        w.in_header = true;
        let created = self.created_at.trim();
        let updated = self.updated_at.trim();
        if !created.is_empty() {
            w.tag("Date Created", created);
        }
        if !updated.is_empty() {
            w.tag("Date of Last Change", updated);
        }
        if !created.is_empty() || !updated.is_empty() {
            w.line("");
        }
        let mut any = false;
        if !self.title.trim().is_empty() {
            w.tag("Collection", self.title.trim());
            any = true;
        }
        if !self.author.trim().is_empty() {
            w.tag("Author", self.author.trim());
            any = true;
        }
        if !self.notes.trim().is_empty() {
            push_notes(&mut w.out, &self.notes);
            any = true;
        }
        if any {
            w.line("");
        }
        Ok(())
    }
}

/// Writes a collection one puzzle at a time, in `.sok` or a plain format: the header
/// when created, then each puzzle given to [`CollectionWriter::write`]. Output goes to
/// the sink as soon as it can no longer change (the writer keeps only the notes block
/// being written), so writing a large collection read with a
/// [`PuzzleReader`](crate::PuzzleReader) needs memory for one puzzle at a time.
///
/// A puzzle that cannot be written is refused whole (nothing of it is written); the
/// puzzles before it are written.
///
/// # Examples
///
/// ```
/// use sokoengine_io::{CollectionWriter, FileFormat, PuzzleReader, WriteOptions};
///
/// let text = "Collection: Two\n\nOne\n\n#####\n#@$.#\n#####\n\nR\n";
/// let mut reader = PuzzleReader::new(text, None);
/// let mut out = Vec::new();
/// let mut writer = CollectionWriter::new(&mut out, reader.header(), FileFormat::Sok, WriteOptions::new())?;
/// for entry in &mut reader {
///     writer.write(&entry)?;
/// }
/// writer.finish()?;
/// assert_eq!(String::from_utf8(out)?, "Collection: Two\n\nOne\n\n#####\n#@$.#\n#####\n\nR\n\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct CollectionWriter<W: Write> {
    sink: W,
    format: FileFormat,
    options: WriteOptions,
    writer: Writer,
    /// Puzzles given so far (written or not), for numbering.
    count: usize,
    /// Puzzles written.
    written: usize,
    /// The tessellation of a `.txt` file: its first puzzle's.
    plain_tessellation: Option<Tessellation>,
    /// Plain formats: the number and row of the last puzzle written when its board is
    /// a lone line that would read as the title of a following untitled puzzle.
    last_lone_row: Option<(usize, String)>,
}

impl<W: Write> fmt::Debug for CollectionWriter<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CollectionWriter")
            .field("format", &self.format)
            .field("options", &self.options)
            .field("puzzles", &self.count)
            .finish_non_exhaustive()
    }
}

impl<W: Write> CollectionWriter<W> {
    /// Starts writing to `sink` and writes the header of `header` (its title, author,
    /// dates and notes; its puzzles are ignored). Plain formats have no header.
    ///
    /// # Errors
    ///
    /// [`WriteError::MultiLineField`] or [`WriteError::UnsafeNotesLine`] for the
    /// header, as for [`Collection::to_sok_string`].
    pub fn new(
        sink: W,
        header: &Collection,
        format: FileFormat,
        options: WriteOptions,
    ) -> Result<CollectionWriter<W>, WriteError> {
        let mut writer = Writer {
            out: String::with_capacity(4096),
            block_start: 0,
            block_tags: Vec::new(),
            in_header: true,
            block_title: String::new(),
        };
        if format == FileFormat::Sok {
            header.write_header(&mut writer)?;
        }
        Ok(CollectionWriter {
            sink,
            format,
            options,
            writer,
            count: 0,
            written: 0,
            plain_tessellation: None,
            last_lone_row: None,
        })
    }

    /// Writes the next puzzle (a puzzle without cells is skipped, but counted in the
    /// numbers of error messages).
    ///
    /// # Errors
    ///
    /// As [`Collection::to_sok_string`] and [`Collection::to_plain_string`] for this
    /// puzzle, and [`WriteError::Io`]. Nothing of the puzzle is written.
    pub fn write(&mut self, entry: &PuzzleEntry) -> Result<(), WriteError> {
        self.count += 1;
        let number = self.count;
        let written = match (self.format, self.format.tessellation()) {
            (FileFormat::Sok, _) => write_puzzle(&mut self.writer, number, entry, self.options)?,
            (_, Some(tessellation)) => self.write_plain(number, entry, tessellation)?,
            (_, None) => {
                let tessellation = self.plain_tessellation.unwrap_or(entry.tessellation());
                let written = self.write_plain(number, entry, tessellation)?;
                if written {
                    self.plain_tessellation = Some(tessellation);
                }
                written
            }
        };
        self.written += usize::from(written);
        self.flush_settled()
    }

    /// Writes what is still held and gives the sink back.
    ///
    /// # Errors
    ///
    /// [`WriteError::NoPuzzle`] when no puzzle was written (the header is then held
    /// back: nothing is written), [`WriteError::Io`].
    pub fn finish(mut self) -> Result<W, WriteError> {
        if self.written == 0 {
            return Err(WriteError::NoPuzzle);
        }
        self.sink.write_all(self.writer.out.as_bytes())?;
        self.sink.flush()?;
        Ok(self.sink)
    }

    /// Writes out everything before the current notes block (only that block can still
    /// change: see [`Writer::before_untitled`]).
    fn flush_settled(&mut self) -> Result<(), WriteError> {
        let settled = if self.format == FileFormat::Sok {
            self.writer.block_start
        } else {
            self.writer.out.len()
        };
        if settled > 0 {
            self.sink
                .write_all(&self.writer.out.as_bytes()[..settled])?;
            self.writer.out.drain(..settled);
            self.writer.block_start = self.writer.block_start.saturating_sub(settled);
            self.writer.in_header = false;
        }
        Ok(())
    }

    fn write_plain(
        &mut self,
        number: usize,
        entry: &PuzzleEntry,
        tessellation: Tessellation,
    ) -> Result<bool, WriteError> {
        if entry.tessellation() != tessellation {
            return Err(WriteError::TessellationMismatch {
                puzzle: number,
                tessellation: entry.tessellation(),
                expected: tessellation,
                format: self.format,
            });
        }
        single_line(Place::Puzzle { puzzle: number }, "title", &entry.title)?;
        let Some(rows) = board_lines(entry, number, self.options)? else {
            return Ok(false);
        };
        let safe_title = is_safe_title(&entry.title);
        if let Some((previous, row)) = &self.last_lone_row {
            if !safe_title {
                return Err(WriteError::UnsafeBoardRow {
                    place: Place::Puzzle { puzzle: *previous },
                    row: excerpt(row),
                    problem: LineProblem::Title,
                });
            }
        }
        let out = &mut self.writer.out;
        if safe_title {
            out.push_str(entry.title.trim());
            out.push('\n');
        }
        out.push('\n');
        for row in &rows {
            out.push_str(row);
            out.push('\n');
        }
        out.push('\n');
        self.last_lone_row = if reads_as_next_title(&rows) {
            rows.into_iter().next().map(|row| (number, row))
        } else {
            None
        };
        Ok(true)
    }
}

/// Checks the fields of a puzzle and cuts its snapshots' moves into lines, before
/// anything of it is written.
fn prepare_snapshots(
    number: usize,
    entry: &PuzzleEntry,
    options: WriteOptions,
) -> Result<Vec<Vec<String>>, WriteError> {
    let place = Place::Puzzle { puzzle: number };
    for (field, value) in [
        ("title", &entry.title),
        ("author", &entry.author),
        ("boxorder", &entry.boxorder),
        ("goalorder", &entry.goalorder),
    ] {
        single_line(place, field, value)?;
    }
    check_notes(place, &entry.notes)?;
    let mut all_lines = Vec::with_capacity(entry.snapshots().len());
    for (index, snapshot) in entry.snapshots().iter().enumerate() {
        let place = Place::Snapshot {
            puzzle: number,
            snapshot: index + 1,
        };
        single_line(place, "title", &snapshot.title)?;
        single_line(place, "solver", &snapshot.solver)?;
        check_notes(place, &snapshot.notes)?;
        // RLE-encoded when asked and the text parses to steps; otherwise as stored
        // (`|` and `0r` parse to nothing, and are written, or refused, as they are).
        let moves = match snapshot.moves() {
            Ok(moves) if options.rle && !moves.is_empty() => moves.to_str(true),
            _ => snapshot.compact_moves_data(),
        };
        let lines = if moves.is_empty() {
            Vec::new()
        } else {
            moves_lines(&moves)
                .map_err(|problem| WriteError::UnsafeMoves {
                    place,
                    moves: excerpt(&moves),
                    problem,
                })?
                .into_iter()
                .map(str::to_owned)
                .collect()
        };
        all_lines.push(lines);
    }
    Ok(all_lines)
}

/// Writes puzzle `number` as `.sok`; `false` when it has no cells (nothing is
/// written).
fn write_puzzle(
    w: &mut Writer,
    number: usize,
    entry: &PuzzleEntry,
    options: WriteOptions,
) -> Result<bool, WriteError> {
    let snapshot_lines = prepare_snapshots(number, entry, options)?;
    let Some(rows) = board_lines(entry, number, options)? else {
        return Ok(false);
    };
    let title = entry.title.trim();
    let safe_title = is_safe_title(title);
    if safe_title {
        w.line(title);
        w.line("");
    } else {
        w.before_untitled();
    }
    for row in &rows {
        w.line(row);
    }
    w.begin_block(title);
    w.line("");
    let before = w.out.len();
    if entry.tessellation() != Tessellation::Sokoban {
        w.tag("Game", entry.tessellation().name());
    }
    // Each order when set (the layout of 7.1 writes the pair only when both are: a
    // lone order would be lost, and the file would not read back the same).
    if !entry.boxorder.trim().is_empty() {
        w.tag("boxorder", entry.boxorder.trim());
    }
    if !entry.goalorder.trim().is_empty() {
        w.tag("goalorder", entry.goalorder.trim());
    }
    if !entry.author.trim().is_empty() {
        w.tag("Author", entry.author.trim());
    }
    let has_snapshots = snapshot_lines.iter().any(|lines| !lines.is_empty());
    // A lone board line that does not parse, directly above the next board, would be
    // read as that puzzle's title: a tag in between keeps it a board.
    if (!safe_title && !title.is_empty())
        || (w.out.len() == before && !has_snapshots && reads_as_next_title(&rows))
    {
        w.tag("Title", title);
    }
    if !entry.notes.trim().is_empty() {
        push_notes(&mut w.out, &entry.notes);
    }
    if w.out.len() > before {
        w.line("");
    }
    for (snapshot, lines) in entry.snapshots().iter().zip(&snapshot_lines) {
        if lines.is_empty() {
            continue;
        }
        let title = snapshot.title.trim();
        let safe_title = is_safe_title(title);
        if safe_title {
            w.line(title);
        } else {
            w.before_untitled();
        }
        for line in lines {
            w.line(line);
        }
        w.begin_block(title);
        if !snapshot.solver.trim().is_empty() {
            w.tag("Solver", snapshot.solver.trim());
        }
        // A lone moves line that does not parse, last in its puzzle, would be read as
        // the next puzzle's title: a tag after it keeps it a snapshot.
        let bare = snapshot.solver.trim().is_empty() && snapshot.notes.trim().is_empty();
        let reads_as_title =
            bare && matches!(lines.as_slice(), [line] if !crate::reader::is_valid_lone_moves(line));
        if (!safe_title && !title.is_empty()) || reads_as_title {
            w.tag("Title", title);
        }
        if !snapshot.notes.trim().is_empty() {
            push_notes(&mut w.out, &snapshot.notes);
        }
        w.line("");
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_wrap_at_70() {
        let text = "r".repeat(150);
        let lines = moves_lines(&text).unwrap();
        assert_eq!(
            lines.iter().map(|l| l.len()).collect::<Vec<_>>(),
            [70, 70, 10]
        );
        let text = format!("{}*", "r".repeat(70));
        assert_eq!(moves_lines(&text).unwrap(), [text.as_str()]);
    }

    #[test]
    fn moves_lines_never_read_as_board_lines() {
        // Pieces of only `*`, digits, parentheses and `|` join a neighbour, forwards at
        // the start and backwards at the end.
        let text = format!("{}r{}", "*".repeat(100), "*".repeat(75));
        let lines = moves_lines(&text).unwrap();
        assert_eq!(lines.concat(), text);
        for line in &lines {
            assert!(is_moves_line(line) && !is_board_line(line), "{line}");
        }
        assert_eq!(moves_lines("|"), Err(LineProblem::BoardLine));
        assert_eq!(moves_lines("**"), Err(LineProblem::BoardLine));
        assert_eq!(moves_lines("e-"), Err(LineProblem::Notes));
        // Linear: 16 Mi markers around one letter.
        let long = format!("r{}", "*".repeat(1 << 24));
        assert_eq!(moves_lines(&long).unwrap().len(), 1);
    }

    #[test]
    fn titles_that_read_back_differently_are_unsafe() {
        for title in ["P1", "Pop", "Dude", "", "  ", "; x", ":: x"] {
            assert!(!is_safe_title(title), "{title}");
        }
        assert!(is_safe_title("Level 1") && is_safe_title("Author: x"));
    }
}
