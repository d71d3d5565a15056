//! The `.sok` reader (docs/formats.md#collections-sok): line classes, puzzle chunks, title
//! lines, tags and notes. Boards and moves stay text.
//!
//! The reader streams: it walks the text line by line and keeps no per-line table, so
//! reading a puzzle costs memory for that puzzle's fields only, whatever the size of
//! the file.

use std::path::Path;

use sokoengine_board::{is_board_line, rle};
use sokoengine_geometry::Tessellation;

use crate::collection::{Board, Collection, PuzzleEntry, VariantHint, extension_hint};
use crate::moves::{Moves, is_moves_line};
use crate::snapshot::Snapshot;
use crate::text::{NotesBuilder, is_blank};

/// Text that holds no collection: what [`Collection::parse`] could not read.
///
/// # Examples
///
/// ```
/// use sokoengine_io::{Collection, ParseError, VariantHint};
///
/// let error = Collection::parse("{\"title\": \"JSON\"}\n", VariantHint::None).unwrap_err();
/// assert!(matches!(error, ParseError::NoBoard { lines: 1, .. }));
/// assert_eq!(
///     error.to_string(),
///     "no board found: the 1 line of text is notes (the first: \"{\\\"title\\\": \\\"JSON\\\"}\")"
/// );
/// assert_eq!(Collection::parse("", VariantHint::None).unwrap_err().to_string(), "no board found: the text is empty");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// No line of the text is a board line: everything read is notes (or nothing).
    #[error("no board found: {}", describe_notes(*.lines, first_line))]
    NoBoard {
        /// Non-blank lines read (all notes).
        lines: usize,
        /// The first of them (at most 60 characters), empty when there is none.
        first_line: String,
    },
}

fn describe_notes(lines: usize, first_line: &str) -> String {
    match lines {
        0 => "the text is empty".to_owned(),
        1 => format!("the 1 line of text is notes (the first: {first_line:?})"),
        _ => format!("the {lines} lines of text are notes (the first: {first_line:?})"),
    }
}

/// A file that cannot be read as a collection.
///
/// # Examples
///
/// ```
/// use sokoengine_io::{Collection, LoadError, VariantHint};
///
/// let error = Collection::load("no/such/file.sok", VariantHint::None).unwrap_err();
/// assert!(matches!(error, LoadError::Io { .. }));
/// assert!(error.to_string().starts_with("can't read no/such/file.sok: "));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The file cannot be read.
    #[error("can't read {}: {source}", path.display())]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file holds no collection.
    #[error("{}: {source}", path.display())]
    Parse {
        /// The file.
        path: std::path::PathBuf,
        /// What was found instead.
        source: ParseError,
    },
}

/// Reading a collection: text, bytes or a file, through the reader of this module.
impl Collection {
    /// Reads `.sok`, `.xsb`, `.hsb`, `.tsb` or `.txt` text (docs/formats.md#collections-sok).
    /// `hint` gives the tessellation of puzzles that no `Game:` tag names (a
    /// [`VariantHint`] or a `Tessellation`). Boards and moves are kept as text and
    /// parsed when used: [`Collection::check`] lists those that do not parse.
    ///
    /// # Errors
    ///
    /// [`ParseError::NoBoard`] when no line of the text is a board line: what was read
    /// is notes only (an empty text, a JSON file, prose), not a collection.
    pub fn parse(text: &str, hint: impl Into<VariantHint>) -> Result<Collection, ParseError> {
        let collection = read(text, hint.into().tessellation());
        if collection.puzzles.is_empty() {
            let notes = text.lines().filter(|line| !line.trim().is_empty());
            let lines = notes.clone().count();
            let first_line = notes
                .map(|line| line.trim().chars().take(60).collect())
                .next()
                .unwrap_or_default();
            return Err(ParseError::NoBoard { lines, first_line });
        }
        Ok(collection)
    }

    /// Like [`Collection::parse`] for file bytes: a UTF-8 byte-order mark is skipped and
    /// text that is not UTF-8 is read as Latin-1.
    ///
    /// # Errors
    ///
    /// As [`Collection::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_io::{Collection, VariantHint};
    ///
    /// // Latin-1 text (not UTF-8) and a UTF-8 byte-order mark are both read.
    /// let latin1 = b"Titre: \xe9t\xe9\n\n#####\n#@$.#\n#####\n";
    /// assert_eq!(Collection::parse_bytes(latin1, VariantHint::None)?.puzzles[0].title, "Titre: été");
    /// let bom = b"\xef\xbb\xbfOne\n\n#####\n#@$.#\n#####\n";
    /// assert_eq!(Collection::parse_bytes(bom, VariantHint::None)?.puzzles[0].title, "One");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_bytes(
        bytes: &[u8],
        hint: impl Into<VariantHint>,
    ) -> Result<Collection, ParseError> {
        Collection::parse(&crate::decode_text(bytes), hint)
    }

    /// Reads a file. Puzzles that no `Game:` tag names are of the tessellation of
    /// `hint`, else of the extension's (`.hsb` Hexoban, `.tsb` Trioban), else Sokoban.
    ///
    /// # Errors
    ///
    /// [`LoadError::Io`] when the file cannot be read, [`LoadError::Parse`] when it
    /// holds no board.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_io::{Collection, VariantHint};
    ///
    /// let path = std::env::temp_dir().join("sokoengine-io-load-example.xsb");
    /// std::fs::write(&path, "; Level 1\n\n#####\n#@$.#\n#####\n")?;
    /// let collection = Collection::load(&path, VariantHint::None)?;
    /// assert_eq!(collection.puzzles[0].title, "Level 1");
    /// assert!(Collection::load("no/such/file.sok", VariantHint::None).is_err());
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(
        path: impl AsRef<Path>,
        hint: impl Into<VariantHint>,
    ) -> Result<Collection, LoadError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let hint = hint.into().tessellation().or_else(|| extension_hint(path));
        Collection::parse_bytes(&bytes, hint).map_err(|source| LoadError::Parse {
            path: path.to_path_buf(),
            source,
        })
    }
}

/// A line start: byte offset in the text and 1-based line number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mark {
    at: usize,
    number: usize,
}

/// A run of whole lines: from `start` up to (not including) the line at byte `end`.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: Mark,
    end: usize,
}

/// One line of the source and its 1-based number.
#[derive(Clone, Copy, Debug)]
struct Line<'a> {
    number: usize,
    text: &'a str,
    /// Where the next line starts.
    next: Mark,
}

/// The text, split into lines at `\r\n`, `\r` and `\n` on demand (a final line end
/// does not start an extra line).
#[derive(Clone, Copy)]
struct Source<'a> {
    text: &'a str,
}

impl<'a> Source<'a> {
    fn new(text: &'a str) -> Source<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // A text that is a single line end holds no line.
        Source {
            text: if text == "\n" { "" } else { text },
        }
    }

    fn start(self) -> Mark {
        Mark { at: 0, number: 1 }
    }

    fn end(self) -> usize {
        self.text.len()
    }

    /// The line starting at `mark`, if `mark` is not at the end.
    fn line(self, mark: Mark) -> Option<Line<'a>> {
        let bytes = self.text.as_bytes();
        if mark.at >= bytes.len() {
            return None;
        }
        let (length, next) = line_length(&bytes[mark.at..]);
        Some(Line {
            number: mark.number,
            // Both ends are ASCII line ends (or the end), so on character boundaries.
            text: &self.text[mark.at..mark.at + length],
            next: Mark {
                at: mark.at + next,
                number: mark.number + 1,
            },
        })
    }

    /// The lines of `span`.
    fn lines(self, span: Span) -> impl Iterator<Item = Line<'a>> {
        let mut mark = span.start;
        std::iter::from_fn(move || {
            if mark.at >= span.end {
                return None;
            }
            let line = self.line(mark)?;
            mark = line.next;
            Some(line)
        })
    }
}

/// The length of the line that starts `bytes` and the offset of the next line (past
/// its `\n`, `\r\n` or `\r`; the length of `bytes` at the end).
fn line_length(bytes: &[u8]) -> (usize, usize) {
    match find_line_end(bytes) {
        None => (bytes.len(), bytes.len()),
        Some(i) if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') => (i, i + 2),
        Some(i) => (i, i + 1),
    }
}

/// Index of the first `\n` or `\r` in `bytes`, eight bytes at a time.
fn find_line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // High bit set in the bytes of `word` equal to `byte`, exact up to the first one
    // (the borrow of the zero-byte test only runs upwards, past the first match).
    let matches = |word: u64, byte: u8| {
        let x = word ^ (ONES * u64::from(byte));
        x.wrapping_sub(ONES) & !x & HIGH
    };
    let chunks = bytes.chunks_exact(8);
    let tail_start = bytes.len() - chunks.remainder().len();
    for (index, chunk) in chunks.enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        let found = matches(word, b'\n') | matches(word, b'\r');
        if found != 0 {
            return Some(index * 8 + (found.trailing_zeros() / 8) as usize);
        }
    }
    bytes[tail_start..]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map(|i| tail_start + i)
}

/// The title line of `block` (4.4): the last non-blank line, if it is the block's
/// first line or follows a blank line. Returns the title and its line number (to be
/// left out of the notes). Titles are taken before `::` comment lines are dropped
/// (step 5), so a `::` line can be the first puzzle's title.
fn block_title(source: Source<'_>, block: Span) -> Option<(String, usize)> {
    let mut last: Option<Line<'_>> = None;
    let mut last_follows_blank = false;
    let mut previous_blank = true;
    for line in source.lines(block) {
        let blank = is_blank(line.text);
        if !blank {
            last = Some(line);
            last_follows_blank = previous_blank;
        }
        previous_blank = blank;
    }
    let last = last?;
    if !last_follows_blank {
        return None;
    }
    Some((title_text(last.text), last.number))
}

/// `text` as a title: trimmed, without a leading `;` and the whitespace after it.
fn title_text(text: &str) -> String {
    let text = text.trim();
    match text.strip_prefix(';') {
        Some(rest) => rest.trim_start().to_owned(),
        None => text.to_owned(),
    }
}

/// Whether `text` looks like a `Key: value` line (a tag, known or not: `Author: X`,
/// `Difficulty: 3`): a key of letters and spaces before the first `:` or `=`.
fn looks_like_tag(text: &str) -> bool {
    split_tag(text).is_some_and(|(key, _)| {
        key.starts_with(|c: char| c.is_ascii_alphabetic())
            && key.chars().all(|c| c.is_ascii_alphabetic() || c == ' ')
    })
}

/// Whether `text`, directly under a board, can be that board's title: a line of text
/// that is no moves line and no tag.
fn is_title_below(text: &str) -> bool {
    !is_blank(text) && !is_moves_line(text) && !is_board_line(text) && !looks_like_tag(text)
}

/// Whether the file puts each title directly under its board (`docs/formats.md`,
/// "Titles"): there are at least two puzzles, a title-like line stands directly under
/// every board, and between one such line and the next board there are only blank
/// lines. Files that put titles above their boards fail at the first puzzle, so the
/// scan costs next to nothing for them.
fn titles_below(source: Source<'_>, first_board: Mark) -> bool {
    let mut at = first_board;
    let mut puzzles = 0;
    loop {
        let mut mark = at;
        while let Some(line) = source.line(mark) {
            if !is_board_line(line.text) {
                break;
            }
            mark = line.next;
        }
        let Some(below) = source.line(mark) else {
            return false;
        };
        if !is_title_below(below.text) {
            return false;
        }
        puzzles += 1;
        let next = next_board(source, below.next, false);
        if next.at >= source.end() {
            return puzzles >= 2;
        }
        let between = Span {
            start: below.next,
            end: next.at,
        };
        if !source.lines(between).all(|line| is_blank(line.text)) {
            return false;
        }
        at = next;
    }
}

/// The "shape" of a title, for comparing numbered titles: each run of digits stands
/// for any number (`Level 12` and `Level 3` have one shape).
fn title_shape(title: &str) -> String {
    let mut shape = String::with_capacity(title.len());
    for c in title.chars() {
        if c.is_ascii_digit() {
            if !shape.ends_with('#') {
                shape.push('#');
            }
        } else {
            shape.push(c);
        }
    }
    shape
}

/// The first puzzle's title when the header's comment block runs straight into it
/// (`docs/formats.md`, "Titles"): the last line of the file notes, when it is
/// numbered and every other puzzle (there is at least one) has a title of its
/// shape, as in `; 1` under a block of `;` comments followed by `; 2`, `; 3`, ...
/// Returns the title and its line. Reads ahead only while the titles agree.
fn numbered_header_title(
    source: Source<'_>,
    file_notes: Span,
    hint: Option<Tessellation>,
) -> Option<(String, usize)> {
    let last = source
        .lines(file_notes)
        .filter(|line| !is_blank(line.text))
        .last()?;
    if looks_like_tag(last.text) || last.text.trim_start().starts_with("::") {
        return None;
    }
    let title = title_text(last.text);
    if !title.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let shape = title_shape(&title);
    let mut others = PuzzleReader::with_header_rule(source.text, hint, false).skip(1);
    let mut agree = 0;
    for entry in &mut others {
        if title_shape(&entry.title) != shape {
            return None;
        }
        agree += 1;
    }
    (agree > 0).then_some((title, last.number))
}

/// Splits a `Key: value` / `Key = value` line at the first `:` or `=`.
fn split_tag(line: &str) -> Option<(&str, &str)> {
    let at = line.find([':', '='])?;
    Some((line[..at].trim(), line[at + 1..].trim()))
}

/// Which block the tags are read for, and what they set.
enum Owner<'e> {
    File(&'e mut Collection, &'e mut Option<Tessellation>),
    Puzzle(&'e mut PuzzleEntry, &'e mut Option<Tessellation>),
    Snapshot(&'e mut Snapshot),
}

/// Applies the known tags of `block` (the line `skip`, a title, left out) to `owner`
/// and returns the notes (4.5, 4.6).
fn tags_and_notes(
    source: Source<'_>,
    block: Span,
    skip: Option<usize>,
    mut owner: Owner<'_>,
) -> String {
    let mut notes = NotesBuilder::default();
    for line in source.lines(block) {
        if Some(line.number) == skip {
            continue;
        }
        let text = line.text;
        if matches!(owner, Owner::File(..)) && text.trim_start().starts_with("::") {
            continue;
        }
        let is_tag = split_tag(text).is_some_and(|(key, value)| {
            let value = value.to_owned();
            let is = |name: &str| key.eq_ignore_ascii_case(name);
            match &mut owner {
                Owner::File(collection, game) => {
                    if is("Collection") || is("Title") {
                        collection.title = value;
                    } else if is("Author") {
                        collection.author = value;
                    } else if is("Date Created") {
                        collection.created_at = value;
                    } else if is("Date of Last Change") {
                        collection.updated_at = value;
                    } else if is("Game") {
                        match value.parse() {
                            Ok(tessellation) => **game = Some(tessellation),
                            Err(_) => return false,
                        }
                    } else {
                        return false;
                    }
                }
                Owner::Puzzle(entry, game) => {
                    if is("Title") {
                        entry.title = value;
                    } else if is("Author") {
                        entry.author = value;
                    } else if is("boxorder") {
                        entry.boxorder = value;
                    } else if is("goalorder") {
                        entry.goalorder = value;
                    } else if is("Game") {
                        match value.parse() {
                            Ok(tessellation) => **game = Some(tessellation),
                            Err(_) => return false,
                        }
                    } else {
                        return false;
                    }
                }
                Owner::Snapshot(snapshot) => {
                    if is("Title") {
                        snapshot.title = value;
                    } else if is("Author") || is("Solver") {
                        snapshot.solver = value;
                    } else {
                        return false;
                    }
                }
            }
            true
        });
        if !is_tag {
            notes.push(text);
        }
    }
    notes.finish()
}

/// Longest decoded text the reader expands while classifying a lone line; longer
/// (valid) RLE keeps its line class without being expanded.
const MAX_LONE_LINE_EXPANSION: usize = 1 << 16;

/// Most bytes of decoded text per byte of a lone line that the reader expands while
/// classifying it, so that reading a file costs at most this multiple of its size
/// (a file of puzzles each followed by `65535r` once took minutes to read).
const LONE_LINE_EXPANSION_PER_BYTE: usize = 16;

/// Whether `text` is valid RLE, without expanding it (a limit of 0 makes the decoder
/// stop after its syntax and length pass).
fn is_valid_rle(text: &str) -> bool {
    match rle::decode_with_limit(text, 0) {
        Ok(_) => true,
        Err(error) => matches!(error.problem, rle::RleProblem::TooLong { .. }),
    }
}

/// Whether a lone board line can be a board: not invalid RLE (`#50 (3)`, a JSoko title,
/// is not, so no tessellation reads it as a board).
pub(crate) fn is_valid_lone_board_line(text: &str) -> bool {
    !text.contains(['(', ')', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
        || is_valid_rle(text)
}

/// Whether a lone moves line parses, expanding at most [`MAX_LONE_LINE_EXPANSION`]
/// bytes of RLE, and at most [`LONE_LINE_EXPANSION_PER_BYTE`] times the line's length
/// (longer valid RLE counts as valid here; its grammar is checked when the snapshot
/// is used).
pub(crate) fn is_valid_lone_moves(text: &str) -> bool {
    if !rle::has_syntax(text) {
        return Moves::parse(text).is_ok();
    }
    let stripped: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let limit = MAX_LONE_LINE_EXPANSION.min(stripped.len() * LONE_LINE_EXPANSION_PER_BYTE);
    match rle::decode_with_limit(&stripped, limit) {
        Ok(decoded) => Moves::parse(&decoded).is_ok(),
        Err(error) => matches!(error.problem, rle::RleProblem::TooLong { .. }),
    }
}

// Recovery for invalid input only (both demotions below): a one-line "board" that is not
// valid RLE, or a one-line "moves" run that does not parse, just above a board is read as
// an ordinary text line, i.e. the next puzzle's title (in the corpus: `#50 (3)`,
// `dws001`). Valid lines, and invalid ones anywhere else, keep the classification of
// docs/formats.md#line-classes (and their errors are reported).

/// Whether `line`, a board line whose previous line is not one (`previous_is_board`
/// false), is demoted to a text line: it is alone, the next non-blank line is a board
/// line, and no tessellation reads it as a board.
fn is_demoted_board_line(source: Source<'_>, line: Line<'_>) -> bool {
    let next_is_board = source
        .line(line.next)
        .is_some_and(|l| is_board_line(l.text));
    if next_is_board || is_valid_lone_board_line(line.text) {
        return false;
    }
    let mut mark = line.next;
    while let Some(next) = source.line(mark) {
        if !is_blank(next.text) {
            return is_board_line(next.text);
        }
        mark = next.next;
    }
    false
}

/// The first line at or after `from` that starts a board (`previous_is_board`: whether
/// the line before `from` is a board line); the end of the text when there is none.
fn next_board(source: Source<'_>, from: Mark, previous_is_board: bool) -> Mark {
    let mut mark = from;
    let mut previous_is_board = previous_is_board;
    while let Some(line) = source.line(mark) {
        let is_board = is_board_line(line.text);
        if is_board && (previous_is_board || !is_demoted_board_line(source, line)) {
            return mark;
        }
        previous_is_board = is_board;
        mark = line.next;
    }
    mark
}

/// Reads a collection one puzzle at a time: the file header first (available at
/// once from [`PuzzleReader::header`]), then each [`PuzzleEntry`] as the iterator
/// reaches it. Splitting the text into puzzles only classifies lines; boards and
/// moves stay text until used.
///
/// The reader walks the text once and holds no table of its lines: memory is that of
/// the text and of the puzzle being read.
///
/// # Examples
///
/// ```
/// use sokoengine_io::PuzzleReader;
///
/// let text = "Collection: Two\n\nOne\n\n#####\n#@$.#\n#####\n\nTwo\n\n#####\n#.$@#\n#####\n";
/// let mut reader = PuzzleReader::new(text, None);
/// assert_eq!(reader.header().title, "Two");
/// let titles: Vec<String> = reader.map(|entry| entry.title).collect();
/// assert_eq!(titles, ["One", "Two"]);
/// ```
pub struct PuzzleReader<'a> {
    source: Source<'a>,
    header: Collection,
    default: Tessellation,
    title: Option<String>,
    /// Whether each title stands directly under its board rather than above it.
    titles_below: bool,
    /// The first board line of the next puzzle (the end of the text when done).
    at: Mark,
}

impl std::fmt::Debug for PuzzleReader<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PuzzleReader")
            .field("header", &self.header)
            .field("default", &self.default)
            .field("titles_below", &self.titles_below)
            .field("line", &self.at.number)
            .finish_non_exhaustive()
    }
}

impl<'a> PuzzleReader<'a> {
    /// Reads the file header of `text` and prepares to read its puzzles. `hint` is the
    /// tessellation of puzzles that no `Game:` tag names.
    ///
    /// Where the file puts its titles, above or below the boards, is decided from the
    /// whole file (`docs/formats.md`, "Titles").
    pub fn new(text: &'a str, hint: Option<Tessellation>) -> PuzzleReader<'a> {
        PuzzleReader::with_header_rule(text, hint, true)
    }

    /// [`PuzzleReader::new`]; with `header_rule` false, without the rule that finds the
    /// first title at the end of the header's comment block (which reads ahead with
    /// a reader of this kind).
    fn with_header_rule(
        text: &'a str,
        hint: Option<Tessellation>,
        header_rule: bool,
    ) -> PuzzleReader<'a> {
        let source = Source::new(text);
        let first_board = next_board(source, source.start(), false);
        let file_notes = Span {
            start: source.start(),
            end: first_board.at,
        };
        let has_puzzles = first_board.at < source.end();
        let titles_below = has_puzzles && titles_below(source, first_board);
        let title = if has_puzzles && !titles_below {
            block_title(source, file_notes).or_else(|| {
                header_rule
                    .then(|| numbered_header_title(source, file_notes, hint))
                    .flatten()
            })
        } else {
            None
        };
        let mut header = Collection::default();
        let mut header_game = None;
        header.notes = tags_and_notes(
            source,
            file_notes,
            title.as_ref().map(|(_, line)| *line),
            Owner::File(&mut header, &mut header_game),
        );
        PuzzleReader {
            source,
            default: header_game.or(hint).unwrap_or_default(),
            header,
            title: title.map(|(title, _)| title),
            titles_below,
            at: first_board,
        }
    }

    /// The collection's metadata (title, author, dates, notes) with no puzzles.
    pub fn header(&self) -> &Collection {
        &self.header
    }

    /// Reads the remaining puzzles into the header's collection.
    pub fn into_collection(mut self) -> Collection {
        let mut puzzles = Vec::new();
        for entry in self.by_ref() {
            puzzles.push(entry);
        }
        let mut collection = std::mem::take(&mut self.header);
        collection.puzzles = puzzles;
        collection
    }
}

impl Iterator for PuzzleReader<'_> {
    type Item = PuzzleEntry;

    fn next(&mut self) -> Option<PuzzleEntry> {
        let source = self.source;
        let first = source.line(self.at)?;
        // A board is a run of board lines (only a lone line can be demoted, and the run
        // starts with a line that was not).
        let mut mark = self.at;
        let mut board_end = self.at.at;
        while let Some(line) = source.line(mark) {
            if !is_board_line(line.text) {
                break;
            }
            board_end = mark.at + line.text.len();
            mark = line.next;
        }
        let tail_start = mark;
        // The rows joined by `\n`: the source's own text unless it ends lines otherwise.
        let rows = &source.text[self.at.at..board_end];
        let board_text = if rows.contains('\r') {
            let mut text = String::with_capacity(rows.len());
            for line in source.lines(Span {
                start: self.at,
                end: board_end,
            }) {
                if line.number != first.number {
                    text.push('\n');
                }
                text.push_str(line.text);
            }
            text
        } else {
            rows.to_owned()
        };
        let mut entry = PuzzleEntry::from_board_text(self.default, String::new());
        entry.board = Board::Text(board_text);
        entry.source_line = first.number;
        if let Some(title) = self.title.take() {
            entry.title = title;
        }
        let (title, next) = read_tail(
            source,
            &mut entry,
            tail_start,
            self.default,
            self.titles_below,
        );
        self.title = title;
        self.at = next;
        Some(entry)
    }
}

/// Where a puzzle's board starts in the text of a [`PuzzleReader`]: the byte offset
/// of its first board line (in the text without a byte-order mark) and that line's
/// 1-based number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleStart {
    /// Byte offset of the first board line.
    pub offset: usize,
    /// Its 1-based line number.
    pub line: usize,
}

/// The puzzle starts in one segment of a text (see [`PuzzleReader::starts_between`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SegmentStarts {
    /// Each start's byte offset and its line's index within the segment (0 for the
    /// segment's first line).
    pub starts: Vec<(usize, usize)>,
    /// The number of lines that start in the segment.
    pub lines: usize,
}

/// A puzzle read on its own by [`PuzzleReader::read_at`], waiting for the title that
/// the puzzle before it may hand on.
#[derive(Clone, Debug)]
pub struct PuzzlePiece {
    entry: PuzzleEntry,
    /// Whether a `Title:` tag named the puzzle (it wins over a title line).
    tagged: bool,
    /// The title line found for the next puzzle.
    next_title: Option<String>,
}

impl PuzzlePiece {
    /// The puzzle, titled as [`PuzzleReader`] titles it: by its `Title:` tag, else by
    /// `carried`, the title line that the puzzle before it (or the file header, for
    /// the first) handed on. `carried` then holds the title this puzzle hands on.
    pub fn into_entry(self, carried: &mut Option<String>) -> PuzzleEntry {
        let mut entry = self.entry;
        let title = std::mem::replace(carried, self.next_title);
        if let (false, Some(title)) = (self.tagged, title) {
            entry.title = title;
        }
        entry
    }
}

/// A title tag's value is one line: a line break marks a title no tag set.
const UNTAGGED: &str = "\n";

impl PuzzleReader<'_> {
    /// The length of the text read (without a byte-order mark), for
    /// [`PuzzleReader::line_start_from`] and [`PuzzleReader::starts_between`].
    pub fn text_len(&self) -> usize {
        self.source.end()
    }

    /// Where the first puzzle starts (`None`: the text holds none).
    pub fn first_start(&self) -> Option<PuzzleStart> {
        (self.at.at < self.source.end()).then_some(PuzzleStart {
            offset: self.at.at,
            line: self.at.number,
        })
    }

    /// The title line that the file header hands on to the first puzzle.
    pub fn first_title(&self) -> Option<String> {
        self.title.clone()
    }

    /// The first line start at or after byte `at` (the text's length when none): a
    /// place to split the text at for [`PuzzleReader::starts_between`].
    pub fn line_start_from(&self, at: usize) -> usize {
        let bytes = self.source.text.as_bytes();
        if at == 0 || at >= bytes.len() {
            return at.min(bytes.len());
        }
        // A line starts after a `\n`, or after a `\r` that no `\n` follows.
        let mut at = at;
        if bytes[at - 1] == b'\r' && bytes[at] == b'\n' {
            at += 1;
        } else if matches!(bytes[at - 1], b'\n' | b'\r') {
            return at;
        }
        // Bytes, not `Source::line`: `at` may fall inside a character.
        at + line_length(&bytes[at..]).1
    }

    /// The puzzle starts among the lines that start in `from..to` (both line starts, as
    /// [`PuzzleReader::line_start_from`] gives), decided exactly as the reader decides
    /// them: a board line after a line that is not one, unless it is a lone invalid
    /// line that the next non-blank line, a board line, makes a title. Segments can be
    /// searched in parallel; their line counts number the starts.
    pub fn starts_between(&self, from: usize, to: usize) -> SegmentStarts {
        let source = self.source;
        let mut previous_is_board = self.previous_line(from).is_some_and(is_board_line);
        let mut found = SegmentStarts::default();
        let mut mark = Mark {
            at: from,
            number: 0,
        };
        while mark.at < to {
            let Some(line) = source.line(mark) else {
                break;
            };
            let is_board = is_board_line(line.text);
            if is_board && !previous_is_board && !is_demoted_board_line(source, line) {
                found.starts.push((mark.at, mark.number));
            }
            previous_is_board = is_board;
            mark = line.next;
        }
        found.lines = mark.number;
        found
    }

    /// The line that ends where the line at byte `at` starts.
    fn previous_line(&self, at: usize) -> Option<&str> {
        let bytes = self.source.text.as_bytes();
        if at == 0 || at > bytes.len() {
            return None;
        }
        let mut end = at - 1;
        if bytes[end] == b'\n' && end > 0 && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        let start = bytes[..end]
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(0, |i| i + 1);
        Some(&self.source.text[start..end])
    }

    /// Reads the puzzle starting at `start` (one of [`PuzzleReader::first_start`] or
    /// [`PuzzleReader::starts_between`]), on its own: puzzles can be read in parallel,
    /// then titled in order with [`PuzzlePiece::into_entry`].
    pub fn read_at(&self, start: PuzzleStart) -> PuzzlePiece {
        let mut reader = PuzzleReader {
            source: self.source,
            header: Collection::default(),
            default: self.default,
            title: Some(UNTAGGED.to_owned()),
            titles_below: self.titles_below,
            at: Mark {
                at: start.offset,
                number: start.line,
            },
        };
        let mut entry = reader
            .next()
            .unwrap_or_else(|| PuzzleEntry::from_board_text(self.default, String::new()));
        let tagged = entry.title != UNTAGGED;
        if !tagged {
            // Without the marker's allocation (a few MB over 100,000 kept puzzles).
            entry.title = String::new();
        }
        PuzzlePiece {
            entry,
            tagged,
            next_title: reader.title,
        }
    }
}

/// Reads a whole collection.
pub(crate) fn read(text: &str, hint: Option<Tessellation>) -> Collection {
    PuzzleReader::new(text, hint).into_collection()
}

/// The lines of a puzzle's tail (the lines after its board, up to the next board),
/// each with its class (moves line or not), read in one pass; the tail ends where the
/// next board starts.
struct Tail<'a> {
    source: Source<'a>,
    at: Mark,
    previous_is_moves: bool,
    /// Where the tail ended (the next board, or the end of the text), once it has.
    end: Option<Mark>,
}

impl<'a> Tail<'a> {
    fn new(source: Source<'a>, start: Mark) -> Tail<'a> {
        Tail {
            source,
            at: start,
            previous_is_moves: false,
            end: None,
        }
    }

    /// Whether the line at `mark` starts a board (`previous_is_board`: whether the line
    /// before it is a board line).
    fn starts_board(&self, line: Line<'_>, previous_is_board: bool) -> bool {
        is_board_line(line.text) && (previous_is_board || !is_demoted_board_line(self.source, line))
    }

    /// Whether the next non-blank line after `line` starts a board (a moves line there
    /// is the last non-blank line of a tail that another puzzle follows).
    fn board_follows(&self, line: Line<'_>) -> bool {
        let mut previous = line;
        let mut mark = line.next;
        while let Some(next) = self.source.line(mark) {
            if !is_blank(next.text) {
                return self.starts_board(next, is_board_line(previous.text));
            }
            previous = next;
            mark = next.next;
        }
        false
    }

    /// Whether the tail ended at the end of the text (no puzzle follows).
    fn is_last(&self) -> bool {
        self.end.is_some_and(|end| end.at >= self.source.end())
    }
}

impl<'a> Iterator for Tail<'a> {
    /// A line and whether it is a moves line.
    type Item = (Line<'a>, bool);

    fn next(&mut self) -> Option<Self::Item> {
        if self.end.is_some() {
            return None;
        }
        let Some(line) = self.source.line(self.at) else {
            self.end = Some(self.at);
            return None;
        };
        // The tail starts after a board line, and holds none: a board line here that
        // is not demoted starts the next puzzle.
        if is_board_line(line.text) && !is_demoted_board_line(self.source, line) {
            self.end = Some(self.at);
            return None;
        }
        self.at = line.next;
        let is_moves = is_moves_line(line.text);
        // A lone line such as `dws001` (a title) that is no valid move text is a note:
        // the last non-blank line of a tail that another puzzle follows, when it is a
        // moves line and the line before it is not.
        let demoted = is_moves
            && !self.previous_is_moves
            && self.board_follows(line)
            && !is_valid_lone_moves(line.text);
        self.previous_is_moves = is_moves;
        Some((line, is_moves && !demoted))
    }
}

/// Reads the notes and snapshots of a puzzle from its tail (the lines after its board,
/// from `start`); returns the title line found for the next puzzle, and where the next
/// puzzle's board starts (the end of the text when none follows). With
/// `titles_below`, the tail's first line is the puzzle's own title and no title is
/// handed on.
fn read_tail(
    source: Source<'_>,
    entry: &mut PuzzleEntry,
    start: Mark,
    default: Tessellation,
    titles_below: bool,
) -> (Option<String>, Mark) {
    let mut tail = Tail::new(source, start);
    let mut pending = tail.next();
    // The own title line directly under the board: the notes start after it.
    let mut start = start;
    if titles_below {
        if let Some((line, false)) = pending {
            if is_title_below(line.text) {
                entry.title = title_text(line.text);
                start = line.next;
                pending = tail.next();
            }
        }
    }

    // Blocks: the puzzle notes, then per snapshot its moves and notes.
    let mut block_end = start;
    while let Some((line, false)) = pending {
        block_end = line.next;
        pending = tail.next();
    }
    let puzzle_notes = Span {
        start,
        end: block_end.at,
    };
    let has_snapshots = pending.is_some();
    let title = if has_snapshots || !tail.is_last() {
        block_title(source, puzzle_notes)
    } else {
        None
    };
    let mut game = None;
    entry.notes = tags_and_notes(
        source,
        puzzle_notes,
        title.as_ref().map(|(_, line)| *line),
        Owner::Puzzle(entry, &mut game),
    );
    let mut carried = title.map(|(title, _)| title);
    let tessellation = game.unwrap_or(default);
    entry.set_tessellation(tessellation);

    // The trimmed moves lines of a snapshot, so its text is allocated once.
    let mut pieces = Vec::new();
    while let Some((first, _)) = pending {
        pieces.clear();
        pieces.push(first.text.trim());
        let mut notes_start = first.next;
        pending = tail.next();
        while let Some((line, true)) = pending {
            pieces.push(line.text.trim());
            notes_start = line.next;
            pending = tail.next();
        }
        let mut data = String::with_capacity(pieces.iter().map(|piece| piece.len()).sum());
        for piece in &pieces {
            data.push_str(piece);
        }
        let continuation_lines = pieces[1..]
            .iter()
            .map(|piece| u32::try_from(piece.chars().count()).unwrap_or(u32::MAX))
            .collect();
        let mut notes_end = notes_start;
        while let Some((line, false)) = pending {
            notes_end = line.next;
            pending = tail.next();
        }
        let mut snapshot = Snapshot::new(tessellation, data);
        snapshot.source_line = first.number;
        snapshot.continuation_lines = continuation_lines;
        if let Some(title) = carried.take() {
            snapshot.title = title;
        }
        let notes = Span {
            start: notes_start,
            end: notes_end.at.max(notes_start.at),
        };
        let is_final_block = pending.is_none();
        let title = if !is_final_block || !tail.is_last() {
            block_title(source, notes)
        } else {
            None
        };
        snapshot.notes = tags_and_notes(
            source,
            notes,
            title.as_ref().map(|(_, line)| *line),
            Owner::Snapshot(&mut snapshot),
        );
        carried = title.map(|(title, _)| title);
        entry.snapshots.push(snapshot);
    }
    let end = tail.end.unwrap_or(tail.at);
    (carried.filter(|_| !titles_below), end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VariantHint;

    fn split(text: &str) -> Vec<&str> {
        let source = Source::new(text);
        source
            .lines(Span {
                start: source.start(),
                end: source.end(),
            })
            .map(|line| line.text)
            .collect()
    }

    proptest::proptest! {
        #[test]
        fn line_end_search_is_exact(bytes in proptest::collection::vec(proptest::prop_oneof![
            proptest::strategy::Just(b'\n'), proptest::strategy::Just(b'\r'), proptest::num::u8::ANY
        ], 0..40)) {
            let expected = bytes.iter().position(|&b| b == b'\n' || b == b'\r');
            proptest::prop_assert_eq!(find_line_end(&bytes), expected);
        }
    }

    #[test]
    fn boards_and_moves_read_alike_whatever_the_line_ends() {
        let text = "Title\n\n#####\n#@$.#\n#####\n\nSolution\nRl\n  rR  \nnotes\n";
        let read = |text: &str| {
            let entry = read(text, None).puzzles.remove(0);
            let snapshot = &entry.snapshots()[0];
            (
                entry.board_text().into_owned(),
                snapshot.moves_data().to_owned(),
                snapshot.continuation_lines.clone(),
            )
        };
        let expected = ("#####\n#@$.#\n#####".to_owned(), "RlrR".to_owned(), vec![2]);
        assert_eq!(read(text), expected);
        assert_eq!(read(&text.replace('\n', "\r\n")), expected);
        assert_eq!(read(&text.replace('\n', "\r")), expected);
    }

    #[test]
    fn line_ends() {
        assert_eq!(split("a\r\nb\rc\n\nd"), ["a", "b", "c", "", "d"]);
        assert_eq!(split("a\n"), ["a"]);
        assert_eq!(split(""), Vec::<&str>::new());
        assert_eq!(split("\n"), Vec::<&str>::new());
        assert_eq!(split("\u{feff}x"), ["x"]);
    }

    proptest::proptest! {
        #[test]
        fn line_ends_match_split_then_split_again(
            text in proptest::prop_oneof!["[a\r\n\u{feff}é]{0,12}", "[a\n\u{feff}é\u{a0a}\x0b]{0,40}"]
        ) {
            // The definition: `\n` first, then per line a trailing `\r` and lone `\r`s.
            let stripped = text.strip_prefix('\u{feff}').unwrap_or(&text);
            let stripped = stripped.strip_suffix('\n').unwrap_or(stripped);
            let expected: Vec<&str> = if stripped.is_empty() {
                Vec::new()
            } else {
                stripped
                    .split('\n')
                    .flat_map(|line| line.strip_suffix('\r').unwrap_or(line).split('\r'))
                    .collect()
            };
            proptest::prop_assert_eq!(split(&text), expected);
        }
    }

    /// Every field of an entry as text, source lines included (`==` leaves them out
    /// and compares moves by their steps).
    fn exact(entry: &PuzzleEntry) -> String {
        let snapshots: Vec<String> = entry
            .snapshots
            .iter()
            .map(|s| {
                format!(
                    "{:?}|{:?}|{:?}|{:?}|{}|{:?}",
                    s.moves_data(),
                    s.title,
                    s.solver,
                    s.notes,
                    s.source_line,
                    s.continuation_lines
                )
            })
            .collect();
        format!(
            "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{snapshots:?}",
            entry.tessellation(),
            entry.title,
            entry.author,
            entry.boxorder,
            entry.goalorder,
            entry.notes,
            entry.board_text(),
            entry.source_line
        )
    }

    /// The puzzles of `text` found segment by segment (cut near each of `cuts`) and
    /// read one by one, titled in order.
    fn read_in_segments(text: &str, cuts: &[usize]) -> Vec<String> {
        let reader = PuzzleReader::new(text, Some(Tessellation::Hexoban));
        let Some(first) = reader.first_start() else {
            return Vec::new();
        };
        let mut bounds = vec![first.offset];
        let mut cuts: Vec<usize> = cuts
            .iter()
            .map(|&cut| reader.line_start_from(cut.min(reader.text_len())))
            .filter(|&cut| cut > first.offset)
            .collect();
        cuts.sort_unstable();
        bounds.extend(cuts);
        bounds.push(reader.text_len());
        let mut starts = Vec::new();
        let mut line = first.line;
        for pair in bounds.windows(2) {
            let segment = reader.starts_between(pair[0], pair[1]);
            starts.extend(segment.starts.iter().map(|&(offset, index)| PuzzleStart {
                offset,
                line: line + index,
            }));
            line += segment.lines;
        }
        let mut carried = reader.first_title();
        starts
            .into_iter()
            .map(|start| exact(&reader.read_at(start).into_entry(&mut carried)))
            .collect()
    }

    fn read_serially(text: &str) -> Vec<String> {
        PuzzleReader::new(text, Some(Tessellation::Hexoban))
            .map(|entry| exact(&entry))
            .collect()
    }

    #[test]
    fn segments_read_as_the_whole_text() {
        let board = "#####\n#@$.#\n#####\n";
        let texts = [
            format!("Intro\n\nOne\n\n{board}\nR\nTitle: s\n\nTwo\n{board}Title: t\n\n{board}"),
            format!("{board}\ndws001\n\n{board}\n#50 (3)\n\n{board}\n#12\n\n{board}"),
            format!("\u{feff}{board}\r\nR\r\rnotes\r\n\r\n; 2\r\n{board}"),
            "#\n\n65535r\n\n".repeat(30),
            format!("; Set\n; by me\n; 1\n\n{board}\n; 2\n\n{board}\nR\nTitle: s\n\n; 3\n{board}"),
            format!("Intro\n\n{board}; 1\n\n{board}; 2\n{board}Title: t\n\nR\n\nend\n"),
            String::new(),
            "no puzzle\n".to_owned(),
        ];
        for text in &texts {
            let serial = read_serially(text);
            for step in 1..text.len().max(2) {
                let cuts: Vec<usize> = (0..text.len()).step_by(step).collect();
                assert_eq!(
                    read_in_segments(text, &cuts),
                    serial,
                    "{text:?} cut every {step}"
                );
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn segments_read_as_the_whole_of_any_text(
            lines in proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just("#####"), proptest::strategy::Just("#@$.#"),
                proptest::strategy::Just("#3$"), proptest::strategy::Just("#50 (3)"),
                proptest::strategy::Just("#12"), proptest::strategy::Just("--3#|#pb.(#"),
                proptest::strategy::Just("R"), proptest::strategy::Just("lurd"),
                proptest::strategy::Just("dws001"), proptest::strategy::Just("65535r"),
                proptest::strategy::Just("lurd{LURD}"), proptest::strategy::Just(""),
                proptest::strategy::Just("  "), proptest::strategy::Just("Title: x"),
                proptest::strategy::Just("; 2"), proptest::strategy::Just("Level 1"),
                proptest::strategy::Just("Solver: me"), proptest::strategy::Just(":: c"),
                proptest::strategy::Just("Game: trioban"), proptest::strategy::Just("\u{feff}"),
            ], 0..24),
            ends in proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just("\n"), proptest::strategy::Just("\r\n"),
                proptest::strategy::Just("\r"),
            ], 24),
            cuts in proptest::collection::vec(0usize..200, 0..6),
        ) {
            let text: String = lines.iter().zip(&ends).map(|(line, end)| format!("{line}{end}")).collect();
            proptest::prop_assert_eq!(read_in_segments(&text, &cuts), read_serially(&text));
        }
    }

    #[test]
    fn title_rule_needs_a_blank_line_before() {
        // docs/formats.md#titles: `snote` follows a non-blank line, no title.
        let text = "#####\n#@$.#\n#####\n\nR\nSolver: bob\nsnote\n\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, VariantHint::None).unwrap();
        assert_eq!(collection.puzzles.len(), 2);
        assert_eq!(collection.puzzles[1].title, "");
        let snapshot = &collection.puzzles[0].snapshots()[0];
        assert_eq!(
            (snapshot.solver.as_str(), snapshot.notes.as_str()),
            ("bob", "snote")
        );
    }

    #[test]
    fn semicolon_titles_and_tags() {
        let text = ";screen.01\n\n#####\n#@$.#\n#####\nTitle: real\nAuthor: me\n\n; 2\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, VariantHint::None).unwrap();
        assert_eq!(collection.puzzles[0].title, "real");
        assert_eq!(collection.puzzles[0].author, "me");
        assert_eq!(collection.puzzles[1].title, "2");
    }

    fn titles(text: &str) -> Vec<String> {
        Collection::parse(text, VariantHint::None)
            .unwrap()
            .puzzles
            .into_iter()
            .map(|p| p.title)
            .collect()
    }

    #[test]
    fn titles_below_the_boards_when_every_board_has_one() {
        let board = "#####\n#@$.#\n#####\n";
        // Every board with a title-like line directly under it, blank lines between.
        let text = format!("Intro\n\n{board}; 1\n\n{board}Level two\n\n\n{board}; 3\n");
        assert_eq!(titles(&text), ["1", "Level two", "3"]);
        let collection = Collection::parse(&text, VariantHint::None).unwrap();
        assert_eq!(collection.notes, "Intro");
        // The next board may follow the title line at once; the last puzzle's notes
        // after its title stay notes.
        let text = format!("{board}; 1\n{board}; 2\n\nend of file\n");
        assert_eq!(titles(&text), ["1", "2"]);
        assert_eq!(
            Collection::parse(&text, VariantHint::None).unwrap().puzzles[1].notes,
            "end of file"
        );
    }

    #[test]
    fn titles_stay_above_unless_the_whole_file_says_otherwise() {
        let board = "#####\n#@$.#\n#####\n";
        // One board without a line under it: the file puts titles above (the line
        // under the first board titles the second puzzle, as in Sasquatch III #44).
        let text = format!("; 1\n\n{board}; 2\n\n{board}\n; 3\n\n{board}");
        assert_eq!(titles(&text), ["1", "2", "3"]);
        // A single puzzle is no pattern: the line under it is a note.
        let collection = Collection::parse(&format!("{board}; 1\n"), VariantHint::None).unwrap();
        assert_eq!(
            (
                collection.puzzles[0].title.as_str(),
                collection.puzzles[0].notes.as_str()
            ),
            ("", "; 1")
        );
        // Tags under the boards (`Title:`, `Author:`, JSoko's `Difficulty:`) are no
        // titles, and notes between a line and the next board break the pattern.
        let text = format!("{board}Author: me\n\n{board}Author: you\n");
        assert_eq!(titles(&text)[0], "");
        let text = format!("{board}Difficulty: 1\n\n; B\n\n{board}Difficulty: 2\n");
        assert_eq!(titles(&text), ["", "B"]);
        let text = format!("{board}; 1\nnote\n\n{board}; 2\n");
        assert_eq!(titles(&text), ["", ""]);
        // A moves line under a board is a snapshot, not a title.
        let text = format!("{board}R\n\n{board}R\n");
        assert_eq!(titles(&text), ["", ""]);
    }

    #[test]
    fn a_header_block_running_into_a_numbered_title() {
        let board = "#####\n#@$.#\n#####\n";
        let text = format!("; Set\n; by me\n; 1\n\n{board}\n; 2\n\n{board}\n; 3\n\n{board}");
        assert_eq!(titles(&text), ["1", "2", "3"]);
        assert_eq!(
            Collection::parse(&text, VariantHint::None).unwrap().notes,
            "; Set\n; by me"
        );
        // Only a numbered line of the other titles' shape: prose, a tag, a line of
        // another shape, or other titles of different shapes leave the header whole.
        for (header, others) in [
            ("; Set\n; by me", ["; 2", "; 3"]),
            ("; Set\n; 155 levels", ["; 2", "; 3"]),
            ("; Set\nAuthor: 7", ["; 2", "; 3"]),
            ("; Set\n; 1", ["; 2", "; Three"]),
        ] {
            let text = format!(
                "{header}\n\n{board}\n{}\n\n{board}\n{}\n\n{board}",
                others[0], others[1]
            );
            assert_eq!(titles(&text)[0], "", "{header:?} {others:?}");
        }
        // With one puzzle there is nothing to compare with.
        assert_eq!(titles(&format!("; Set\n; 1\n\n{board}")), [""]);
    }

    #[test]
    fn unknown_game_stays_a_note() {
        let text = "Intro\nGame: Chess\n\n#####\n#@$.#\n#####\nGame: hexoban\n";
        let collection = Collection::parse(text, Some(Tessellation::Trioban)).unwrap();
        assert_eq!(collection.notes, "Intro\nGame: Chess");
        assert_eq!(collection.puzzles[0].tessellation(), Tessellation::Hexoban);
    }

    #[test]
    fn a_comment_line_ending_the_file_notes_is_the_first_title() {
        // docs/formats.md#titles: titles are taken before `::` lines are dropped, as
        // sokoenginepy 1.0.3 does.
        let text = "Intro\n\n:: comment\n\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, VariantHint::None).unwrap();
        assert_eq!(collection.notes, "Intro");
        assert_eq!(collection.puzzles[0].title, ":: comment");
        let collection =
            Collection::parse(":: comment\n#####\n#@$.#\n#####\n", VariantHint::None).unwrap();
        assert_eq!(collection.puzzles[0].title, ":: comment");
        // Elsewhere in the file notes, `::` lines are comments and dropped.
        let text = ":::::\nCollection: C\n::\nNote\n\nLevel 1\n\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, VariantHint::None).unwrap();
        assert_eq!(
            (collection.title.as_str(), collection.notes.as_str()),
            ("C", "Note")
        );
        assert_eq!(collection.puzzles[0].title, "Level 1");
    }

    #[test]
    fn invalid_lone_lines_above_a_board_are_titles() {
        // A deliberate difference from sokoenginepy (docs/formats.md#puzzles-and-snapshots,
        // "A lone line above a board"): `#12`, `#50 (3)` (JSoko's title_test.sok) and `dws001`
        // (SokoSave_hexoban.sok) are no valid board or moves text; standing alone just
        // above a board, each is read as that puzzle's title, not as a puzzle of its
        // own or a snapshot.
        let board = "#####\n#@$.#\n#####\n";
        let text = format!("{board}\ndws001\n\n{board}\n#50 (3)\n\n{board}\n#12\n\n{board}");
        let collection = Collection::parse(&text, VariantHint::None).unwrap();
        let titles: Vec<&str> = collection
            .puzzles
            .iter()
            .map(|p| p.title.as_str())
            .collect();
        assert_eq!(titles, ["", "dws001", "#50 (3)", "#12"]);
        assert!(collection.check().is_empty());
        // A valid one-line board there stays a puzzle of its own.
        let collection =
            Collection::parse(&format!("{board}\n#3$\n\n{board}"), VariantHint::None).unwrap();
        assert_eq!(collection.puzzles.len(), 3);
    }

    #[test]
    fn invalid_lone_lines_elsewhere_stay_errors() {
        // A broken one-line solution followed by notes is still a snapshot.
        let text = "#####\n#@$.#\n#####\n\nlurd{LURD}\nSolver: me\n\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, VariantHint::None).unwrap();
        assert_eq!(collection.puzzles[0].snapshots().len(), 1);
        assert_eq!(collection.check().len(), 1);
        // So is a broken one-line RLE board followed by its notes.
        let collection =
            Collection::parse("Title\n\n--3#|3#-#|#pb.(#|5#\nnotes\n", VariantHint::None).unwrap();
        assert_eq!(collection.puzzles.len(), 1);
        assert_eq!(collection.check().len(), 1);
    }

    #[test]
    fn huge_rle_lines_are_not_expanded_while_reading() {
        let text = "#####\n#@$.#\n#####\n\n99999999(lr)\n\n999999999(#)\n\n#####\n#@$.#\n#####\n";
        let start = std::time::Instant::now();
        let collection = Collection::parse(text, VariantHint::None).unwrap();
        let errors = collection.check();
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
        // Both lines are valid RLE, so they keep their classes; using them fails.
        assert_eq!(collection.puzzles.len(), 3);
        assert_eq!(errors.len(), 2, "{errors:?}");
    }

    #[test]
    fn classifying_lone_lines_costs_a_small_multiple_of_the_text() {
        // Issue 14: each `65535r` below a puzzle was expanded to 64 KiB to decide whether
        // it is a title; 16 MiB of them took minutes.
        let text = "#\n\n65535r\n\n".repeat(20_000);
        let start = std::time::Instant::now();
        let collection = Collection::parse(&text, VariantHint::None).unwrap();
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
        assert_eq!(collection.puzzles.len(), 20_000);
        assert_eq!(collection.snapshot_count(), 20_000);
    }
}
