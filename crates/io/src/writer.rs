//! The `.sok` and plain-file writers (`sok-format.md` sections 7 and 8).

use std::fmt;
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

/// Why a notes line cannot be written.
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
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LineProblem::BoardLine => "a board line",
            LineProblem::MovesLine => "a moves line",
            LineProblem::Tag => "a tag",
            LineProblem::Comment => "a comment",
        })
    }
}

/// A collection that cannot be written so that it reads back the same.
///
/// # Examples
///
/// ```
/// use sokoengine_io::{Collection, LineProblem, WriteError};
///
/// let mut collection = Collection::parse("#####\n#@$.#\n#####\n", None);
/// collection.puzzles[0].notes = "Dude".into(); // reads back as a moves line
/// let error = collection.to_sok_string().unwrap_err();
/// assert!(matches!(error, WriteError::UnsafeNotesLine { problem: LineProblem::MovesLine, .. }));
/// assert_eq!(error.to_string(), "puzzle 1: notes line \"Dude\" would be read back as a moves line");
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
    /// A puzzle whose tessellation the chosen plain format cannot hold.
    #[error(
        "puzzle {puzzle}: a {tessellation} puzzle can't be written to a .{} file (use .sok)",
        format.extension()
    )]
    TessellationMismatch {
        /// 1-based puzzle number.
        puzzle: usize,
        /// The puzzle's tessellation.
        tessellation: Tessellation,
        /// The format asked for.
        format: FileFormat,
    },
    /// The output could not be written.
    #[error("can't write: {0}")]
    Io(#[from] std::io::Error),
}

/// A level-file format to write.
///
/// # Examples
///
/// ```
/// use std::path::Path;
/// use sokoengine_io::{Collection, FileFormat, WriteError};
///
/// assert_eq!(FileFormat::from_path(Path::new("levels.hsb")), Some(FileFormat::Hsb));
/// let collection = Collection::parse("One\n\n#####\n#@$.#\n#####\n\nR\n", None);
/// // A plain file keeps titles and boards only.
/// assert_eq!(collection.to_plain_string(FileFormat::Xsb)?, "One\n\n#####\n#@$.#\n#####\n\n");
/// assert!(matches!(
///     collection.to_plain_string(FileFormat::Hsb),
///     Err(WriteError::TessellationMismatch { puzzle: 1, .. })
/// ));
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
}

impl FileFormat {
    /// The format of a file name's extension (`sok`, `xsb`, `txt`, `hsb`, `tsb`).
    pub fn from_path(path: &Path) -> Option<FileFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "sok" => Some(FileFormat::Sok),
            "xsb" | "txt" => Some(FileFormat::Xsb),
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
        }
    }

    /// The tessellation a plain format holds (`None` for `.sok`, which holds any).
    pub const fn tessellation(self) -> Option<Tessellation> {
        match self {
            FileFormat::Sok => None,
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
/// use sokoengine_io::{Collection, WriteOptions};
///
/// let collection = Collection::parse("Level\n\n#######\n#@ $ .#\n#######\n\nrrrRR\n", None);
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

/// The board lines to write with `options`.
fn board_lines(entry: &PuzzleEntry, options: WriteOptions) -> Option<Vec<String>> {
    if options.rle {
        if let Ok(puzzle) = entry.puzzle() {
            if puzzle.size() == 0 {
                return None;
            }
            return Some(vec![puzzle.to_board_str(true, true)]);
        }
    }
    board_rows(entry)
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

/// The board rows to write: the current cells with the puzzle's characters, floor as
/// spaces, rows right-trimmed, empty rows as `-`; falls back to visible floor where
/// trimming would change the board read back. `None` for a board without cells.
pub(crate) fn board_rows(entry: &PuzzleEntry) -> Option<Vec<String>> {
    if entry.has_empty_board() {
        return None;
    }
    let puzzle = match (&entry.board, entry.puzzle()) {
        (_, Ok(puzzle)) => puzzle,
        (Board::Text(text), Err(_)) => {
            // Not parsable: keep the rows as read so the file reads back the same.
            return Some(
                text.lines()
                    .map(|row| {
                        let row = row.trim_end();
                        if row.is_empty() {
                            "-".to_owned()
                        } else {
                            row.to_owned()
                        }
                    })
                    .collect(),
            );
        }
        (Board::Cells(_), Err(_)) => return None,
    };
    if puzzle.size() == 0 {
        return None;
    }
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
        || Puzzle::parse(puzzle.tessellation(), &rows.join("\n")).is_ok_and(|p| {
            p.width() == puzzle.width() && p.height() == puzzle.height() && same_cells(&p, &puzzle)
        });
    if same {
        Some(rows)
    } else {
        Some(
            puzzle
                .to_board_str(true, false)
                .split('\n')
                .map(str::to_owned)
                .collect(),
        )
    }
}

/// Equal cells, every floor character counting as floor.
pub(crate) fn same_cells(a: &Puzzle, b: &Puzzle) -> bool {
    let floor = |c: u8| {
        if matches!(c, b' ' | b'-' | b'_') {
            b'-'
        } else {
            c
        }
    };
    a.as_bytes()
        .iter()
        .zip(b.as_bytes())
        .all(|(&x, &y)| floor(x) == floor(y))
}

/// Appends `moves` (whitespace-free) in lines of [`MOVES_LINE_LEN`] characters. A piece
/// that would read as a board line (only `*`, digits and parentheses) is joined to the
/// line before it.
fn push_moves(out: &mut String, moves: &str) {
    let chars: Vec<char> = moves.chars().collect();
    let mut lines: Vec<String> = chars
        .chunks(MOVES_LINE_LEN)
        .map(|chunk| chunk.iter().collect())
        .collect();
    let mut index = 1;
    while index < lines.len() {
        if is_moves_line(&lines[index]) && !is_board_line(&lines[index]) {
            index += 1;
        } else {
            let piece = lines.remove(index);
            lines[index - 1].push_str(&piece);
        }
    }
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
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
}

impl Writer {
    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn tag(&mut self, key: &str, value: &str) {
        let line = format!("{key}: {value}");
        self.line(&line);
        self.block_tags.push(line);
    }

    fn begin_block(&mut self) {
        self.in_header = false;
        self.block_start = self.out.len();
        self.block_tags.clear();
    }

    /// Called before a puzzle or snapshot that has no title line. When the last
    /// non-blank line of the current block would be read as its title (it is the
    /// block's first line or follows a blank line), the block is changed so that it is
    /// not, without changing what it reads as: in the file header a `::` comment line
    /// goes before it (comments are dropped from the file notes); elsewhere the
    /// block's last tag is repeated after it (a repeated tag reads the same). A block
    /// of notes only cannot be protected: a limitation of the format (7.2).
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
        } else if let Some(tag) = self.block_tags.last() {
            let insert_at = line_start + lines[last].len() + 1;
            let tag = format!("{tag}\n");
            self.out.insert_str(insert_at, &tag);
        }
    }
}

impl Collection {
    /// Writes the collection as `.sok` text (`sok-format.md` 7.1).
    ///
    /// # Errors
    ///
    /// [`WriteError::UnsafeNotesLine`] for a notes line the reader would take as a board
    /// line, a moves line, a tag or a comment; [`WriteError::MultiLineField`] for a
    /// title, author, solver, order or date with a line break.
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
    /// use sokoengine_io::{Collection, WriteOptions};
    ///
    /// let collection = Collection::parse("#######\n#@ $ .#\n#######\n\nrrrRR\n", None);
    /// let written = collection.to_sok_string_with(WriteOptions::new().rle(true))?;
    /// assert_eq!(written, "7#|#@-$-.#|7#\n\n3r2R\n\n");
    /// assert_eq!(Collection::parse(&written, None).puzzles[0].puzzle()?, collection.puzzles[0].puzzle()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_sok_string_with(&self, options: WriteOptions) -> Result<String, WriteError> {
        let mut writer = Writer {
            out: String::with_capacity(self.puzzles.len() * 256),
            block_start: 0,
            block_tags: Vec::new(),
            in_header: true,
        };
        self.write_header(&mut writer)?;
        for (index, entry) in self.puzzles.iter().enumerate() {
            write_puzzle(&mut writer, index + 1, entry, options)?;
        }
        Ok(writer.out)
    }

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
        w.begin_block();
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

    /// Writes the titles and boards as a plain `.xsb`, `.hsb` or `.tsb` file (for
    /// [`FileFormat::Sok`], the same as [`Collection::to_sok_string`]).
    ///
    /// # Errors
    ///
    /// [`WriteError::TessellationMismatch`] for a puzzle of another tessellation than the
    /// format's; [`WriteError::MultiLineField`] for a title with a line break.
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
        let Some(tessellation) = format.tessellation() else {
            return self.to_sok_string_with(options);
        };
        let mut out = String::new();
        for (index, entry) in self.puzzles.iter().enumerate() {
            if entry.tessellation() != tessellation {
                return Err(WriteError::TessellationMismatch {
                    puzzle: index + 1,
                    tessellation: entry.tessellation(),
                    format,
                });
            }
            single_line(Place::Puzzle { puzzle: index + 1 }, "title", &entry.title)?;
            let Some(rows) = board_lines(entry, options) else {
                continue;
            };
            if is_safe_title(&entry.title) {
                out.push_str(entry.title.trim());
                out.push('\n');
            }
            out.push('\n');
            for row in rows {
                out.push_str(&row);
                out.push('\n');
            }
            out.push('\n');
        }
        Ok(out)
    }

    /// Writes the collection to `path` in the format of its extension (`.sok`, `.xsb`,
    /// `.txt`, `.hsb`, `.tsb`; anything else is written as `.sok`).
    ///
    /// # Errors
    ///
    /// As [`Collection::to_sok_string`] / [`Collection::to_plain_string`], and
    /// [`WriteError::Io`].
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), WriteError> {
        let path = path.as_ref();
        let format = FileFormat::from_path(path).unwrap_or(FileFormat::Sok);
        let text = self.to_plain_string(format)?;
        std::fs::write(path, text)?;
        Ok(())
    }
}

fn write_puzzle(
    w: &mut Writer,
    number: usize,
    entry: &PuzzleEntry,
    options: WriteOptions,
) -> Result<(), WriteError> {
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
    for (index, snapshot) in entry.snapshots().iter().enumerate() {
        let place = Place::Snapshot {
            puzzle: number,
            snapshot: index + 1,
        };
        single_line(place, "title", &snapshot.title)?;
        single_line(place, "solver", &snapshot.solver)?;
        check_notes(place, &snapshot.notes)?;
    }
    let Some(rows) = board_lines(entry, options) else {
        return Ok(());
    };
    let title = entry.title.trim();
    let safe_title = is_safe_title(title);
    if safe_title {
        w.line(title);
        w.line("");
    } else {
        w.before_untitled();
    }
    for row in rows {
        w.line(&row);
    }
    w.begin_block();
    w.line("");
    let before = w.out.len();
    if entry.tessellation() != Tessellation::Sokoban {
        w.tag("Game", entry.tessellation().name());
    }
    if !entry.boxorder.trim().is_empty() && !entry.goalorder.trim().is_empty() {
        w.tag("boxorder", entry.boxorder.trim());
        w.tag("goalorder", entry.goalorder.trim());
    }
    if !entry.author.trim().is_empty() {
        w.tag("Author", entry.author.trim());
    }
    if !safe_title && !title.is_empty() {
        w.tag("Title", title);
    }
    if !entry.notes.trim().is_empty() {
        push_notes(&mut w.out, &entry.notes);
    }
    if w.out.len() > before {
        w.line("");
    }
    for snapshot in entry.snapshots() {
        let moves = match snapshot.moves() {
            Ok(moves) if options.rle => moves.to_str(true),
            _ => snapshot.compact_moves_data(),
        };
        if moves.is_empty() {
            continue;
        }
        let title = snapshot.title.trim();
        let safe_title = is_safe_title(title);
        if safe_title {
            w.line(title);
        } else {
            w.before_untitled();
        }
        push_moves(&mut w.out, &moves);
        w.begin_block();
        if !snapshot.solver.trim().is_empty() {
            w.tag("Solver", snapshot.solver.trim());
        }
        if !safe_title && !title.is_empty() {
            w.tag("Title", title);
        }
        if !snapshot.notes.trim().is_empty() {
            push_notes(&mut w.out, &snapshot.notes);
        }
        w.line("");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_wrap_at_70() {
        let mut out = String::new();
        push_moves(&mut out, &"r".repeat(150));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines.iter().map(|l| l.len()).collect::<Vec<_>>(),
            [70, 70, 10]
        );
        let mut out = String::new();
        push_moves(&mut out, &format!("{}*", "r".repeat(70)));
        assert_eq!(out, format!("{}*\n", "r".repeat(70)));
    }

    #[test]
    fn titles_that_read_back_differently_are_unsafe() {
        for title in ["P1", "Pop", "Dude", "", "  ", "; x", ":: x"] {
            assert!(!is_safe_title(title), "{title}");
        }
        assert!(is_safe_title("Level 1") && is_safe_title("Author: x"));
    }
}
