//! Collections read and processed a puzzle at a time, so that memory stays a small
//! multiple of the input: the text (or JSON) of a file is kept, its puzzles are read
//! from it one by one. A first pass counts the puzzles and the decoded size of boards
//! and moves and checks what can be checked before any output; the second does the
//! work.

use std::cell::RefCell;

use serde::ser::{Serialize, Serializer};
use serde_json::value::RawValue;
use sokoengine::board::rle;
use sokoengine::geometry::Tessellation;
use sokoengine::io::{Collection, PuzzleEntry, PuzzleReader, PuzzleStart};

use crate::failure::Failure;
use crate::input::{display_name, extension};
use crate::parallel::{PARALLEL_TEXT, map_items};

/// Default of `--max-decoded`: the most bytes that the boards and moves of one file
/// may decode to (256 MiB; RLE lets 20 bytes stand for millions of steps).
pub const DEFAULT_MAX_DECODED: u64 = 1 << 28;

/// The JSON form of a collection, its puzzles kept as JSON text until used.
#[derive(serde::Deserialize)]
struct JsonCollection<'a> {
    #[serde(default)]
    title: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    created_at: String,
    #[serde(default)]
    updated_at: String,
    #[serde(default)]
    notes: String,
    #[serde(default, borrow)]
    puzzles: Vec<&'a RawValue>,
}

/// A collection file: its header, and its puzzles on demand.
pub struct CollectionFile<'a> {
    path: &'a str,
    text: &'a str,
    hint: Option<Tessellation>,
    header: Collection,
    /// The reader of a `.sok` or plain text file (`None`: JSON), which splits it.
    reader: Option<PuzzleReader<'a>>,
    /// Whether the file is large enough to be read and verified on all cores.
    parallel: bool,
    /// The puzzles of a JSON file (`None`: `.sok` or plain text).
    json: Option<Vec<&'a RawValue>>,
    /// The puzzles [`CollectionFile::plan`] read, kept for the next
    /// [`CollectionFile::entries`] when few enough (see [`KEEP_PUZZLES`]).
    kept: RefCell<Option<Vec<PuzzleEntry>>>,
}

/// The most puzzles that [`CollectionFile::plan`] keeps for the pass that follows it,
/// so the text is read once, not twice, and only of files of at most [`KEEP_TEXT`]
/// bytes: then memory stays within about twice the file plus a few hundred bytes a
/// puzzle. Larger files are read again, a puzzle at a time.
pub const KEEP_PUZZLES: usize = 100_000;

/// See [`KEEP_PUZZLES`].
pub const KEEP_TEXT: usize = 16 << 20;

/// What the first pass found.
pub struct Plan {
    /// Number of puzzles.
    pub puzzles: u64,
    /// Number of snapshots.
    pub snapshots: u64,
    /// Bytes the boards and moves decode to.
    pub decoded: u64,
}

impl<'a> CollectionFile<'a> {
    /// The collection in `text`, read from `path` (JSON when the extension says so or
    /// the text starts with `{`).
    ///
    /// # Errors
    ///
    /// A domain failure for JSON that is not a collection.
    pub fn open(
        path: &'a str,
        text: &'a str,
        hint: Option<Tessellation>,
    ) -> Result<CollectionFile<'a>, Failure> {
        if extension(path) == "json" || text.trim_start().starts_with('{') {
            let raw: JsonCollection<'a> = serde_json::from_str(text).map_err(|e| {
                Failure::domain(format!(
                    "{}: invalid JSON collection: {e}",
                    display_name(path)
                ))
            })?;
            let header = Collection {
                title: raw.title,
                author: raw.author,
                created_at: raw.created_at,
                updated_at: raw.updated_at,
                notes: raw.notes,
                puzzles: Vec::new(),
            };
            return Ok(CollectionFile {
                path,
                text,
                hint,
                header,
                reader: None,
                parallel: text.len() >= PARALLEL_TEXT,
                json: Some(raw.puzzles),
                kept: RefCell::new(None),
            });
        }
        let reader = PuzzleReader::new(text, hint);
        Ok(CollectionFile {
            path,
            text,
            hint,
            header: reader.header().clone(),
            reader: Some(reader),
            parallel: text.len() >= PARALLEL_TEXT,
            json: None,
            kept: RefCell::new(None),
        })
    }

    /// Whether the file is worth the thread pool: a small file is read and verified on
    /// the main thread alone (starting the pool costs more than it saves).
    pub fn parallel(&self) -> bool {
        self.parallel
    }

    /// The puzzles in batches, each read in parallel (or those the plan kept,
    /// [`KEPT_READ_AT_ONCE`] at a time); a failure to read a puzzle comes after the batch
    /// of those before it, and ends them.
    pub fn batches(&self) -> Batches<'_> {
        if let Some(kept) = self.kept.take() {
            return Batches::Kept(kept.into_iter());
        }
        match (&self.reader, &self.json) {
            (Some(reader), _) => Batches::Text(TextWindows {
                reader,
                at: reader.first_start().map_or(reader.text_len(), |s| s.offset),
                line: reader.first_start().map_or(0, |s| s.line),
                carried: reader.first_title(),
                parallel: self.parallel,
                window: WINDOW,
                segment: SEGMENT,
                starts: std::collections::VecDeque::new(),
                read_at_once: READ_AT_ONCE,
            }),
            (None, raw) => Batches::Json {
                path: self.path,
                raw: raw.as_deref().unwrap_or_default(),
                next: 0,
                parallel: self.parallel,
                failure: None,
            },
        }
    }

    /// The title, author, dates and notes (no puzzles).
    pub fn header(&self) -> &Collection {
        &self.header
    }

    /// The length of the file's text, in bytes (UTF-8).
    pub const fn text_len(&self) -> usize {
        self.text.len()
    }

    /// The puzzles, read one at a time (or those the plan kept).
    pub fn entries(&self) -> Entries<'_> {
        if let Some(kept) = self.kept.take() {
            return Entries::Kept(kept.into_iter());
        }
        match &self.json {
            Some(raw) => Entries::Json {
                path: self.path,
                raw: raw.iter().enumerate(),
            },
            None => Entries::Text(PuzzleReader::new(self.text, self.hint)),
        }
    }

    /// The first pass: counts the puzzles and snapshots, checks that there is a puzzle,
    /// that JSON puzzles are puzzles, and that boards and moves decode to at most
    /// `max_decoded` bytes in all (`--max-decoded`; `None` for a command without that
    /// option: [`DEFAULT_MAX_DECODED`], and its message names no option). Keeps the
    /// puzzles for the next [`CollectionFile::entries`] when few enough
    /// ([`KEEP_PUZZLES`]).
    ///
    /// # Errors
    ///
    /// The first failure found.
    pub fn plan(&self, option: Option<u64>) -> Result<Plan, Failure> {
        let max_decoded = option.unwrap_or(DEFAULT_MAX_DECODED);
        let mut puzzles = 0;
        let mut snapshots = 0;
        let mut decoded = 0u64;
        let mut kept = (self.text.len() <= KEEP_TEXT).then(Vec::new);
        let mut batches = self.batches();
        if let (Batches::Text(windows), Some(_)) = (&mut batches, &kept) {
            // The puzzles are counted first, and kept only when few enough: a file of
            // many never holds [`KEEP_PUZZLES`] of them at once.
            // In larger windows, and the kept puzzles read more at a time: fewer rounds
            // of the threads' fork and join, each with a moment of one thread waiting.
            windows.window = COUNTING_WINDOW;
            while !windows.searched() && windows.starts.len() <= KEEP_PUZZLES {
                windows.find_window();
            }
            if windows.starts.len() <= KEEP_PUZZLES {
                windows.read_at_once = KEPT_READ_AT_ONCE;
            } else {
                kept = None;
                batches = self.batches();
            }
        }
        for batch in batches {
            let batch = batch?;
            let sizes = map_items(&batch, self.parallel, |_, entry| decoded_size(entry));
            for (entry, size) in batch.iter().zip(sizes) {
                puzzles += 1;
                snapshots += entry.snapshots().len() as u64;
                decoded = decoded.saturating_add(size);
                if decoded > max_decoded {
                    let advice = if option.is_some() {
                        " (raise it with --max-decoded)"
                    } else {
                        ""
                    };
                    return Err(Failure::domain(format!(
                        "{}: the boards and moves decode to more than the limit of \
                         {max_decoded} bytes per file{advice}",
                        display_name(self.path)
                    )));
                }
            }
            // The batch itself is kept when it is the first (most files: no copy of
            // the puzzles into fresh memory, whose page faults cost more than the copy).
            match &mut kept {
                Some(list) if list.len() + batch.len() <= KEEP_PUZZLES => {
                    if list.is_empty() {
                        *list = batch;
                    } else {
                        list.extend(batch);
                    }
                }
                _ => kept = None,
            }
        }
        if puzzles == 0 {
            return Err(Failure::domain(format!(
                "{} holds no puzzle",
                display_name(self.path)
            )));
        }
        *self.kept.borrow_mut() = kept;
        Ok(Plan {
            puzzles: puzzles as u64,
            snapshots,
            decoded,
        })
    }
}

/// The decoded size of RLE `text` (its length when it is no valid RLE: the parser
/// then stops early).
fn rle_size(text: &str) -> u64 {
    if rle::has_syntax(text) {
        rle::decoded_len(text).unwrap_or(text.len() as u64)
    } else {
        text.len() as u64
    }
}

/// Bytes the board and the moves of `entry` decode to, counted without decoding.
fn decoded_size(entry: &PuzzleEntry) -> u64 {
    let mut size = rle_size(&entry.board_text());
    for snapshot in entry.snapshots() {
        let moves = snapshot.moves_data();
        // Whitespace goes before decoding (`3 r` is `rrr`).
        let decoded = if rle::has_syntax(moves) {
            rle_size(&snapshot.compact_moves_data())
        } else {
            moves.len() as u64
        };
        size = size.saturating_add(decoded);
    }
    size
}

/// The puzzles of a [`CollectionFile`], one at a time.
pub enum Entries<'a> {
    /// Read by the plan, kept.
    Kept(std::vec::IntoIter<PuzzleEntry>),
    /// From `.sok` or plain text.
    Text(PuzzleReader<'a>),
    /// From JSON.
    Json {
        /// For messages.
        path: &'a str,
        /// The puzzles' JSON text, numbered.
        raw: std::iter::Enumerate<std::slice::Iter<'a, &'a RawValue>>,
    },
}

impl Iterator for Entries<'_> {
    type Item = Result<PuzzleEntry, Failure>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Entries::Kept(entries) => entries.next().map(Ok),
            Entries::Text(reader) => reader.next().map(Ok),
            Entries::Json { path, raw } => {
                let (index, raw) = raw.next()?;
                Some(json_puzzle(path, index, raw))
            }
        }
    }
}

/// Puzzle `index` (0-based) of a JSON file.
fn json_puzzle(path: &str, index: usize, raw: &RawValue) -> Result<PuzzleEntry, Failure> {
    serde_json::from_str(raw.get()).map_err(|e| {
        Failure::domain(format!(
            "{}: invalid JSON collection: puzzle {}: {e}",
            display_name(path),
            index + 1
        ))
    })
}

/// Bytes of text split into puzzles at a time (a window), so that memory stays a small
/// multiple of the window, not of the file, when the puzzles are not kept: the starts
/// of its puzzles (16 bytes each, 350 KiB for a window of 3-byte puzzles).
const WINDOW: usize = 64 << 10;

/// The window in which the plan counts the puzzles of a file it may keep (at most
/// 5.6 MiB of starts beyond [`KEEP_PUZZLES`] for a window of 3-byte puzzles).
const COUNTING_WINDOW: usize = 1 << 20;

/// The most puzzles of a kept file read at a time: more than most files hold, and
/// memory beyond the kept puzzles stays a few MB.
const KEPT_READ_AT_ONCE: usize = 16 * BATCH;

/// The most puzzles read at a time (a batch), so that memory for puzzles stays bounded
/// however small they are.
const READ_AT_ONCE: usize = BATCH;

/// Bytes of a window that one task searches for puzzle starts.
const SEGMENT: usize = 8 << 10;

/// The puzzles of a [`CollectionFile`] in batches (see [`CollectionFile::batches`]).
pub enum Batches<'f> {
    /// Read by the plan, kept.
    Kept(std::vec::IntoIter<PuzzleEntry>),
    /// From `.sok` or plain text, a window at a time.
    Text(TextWindows<'f>),
    /// From JSON, [`BATCH`] puzzles at a time.
    Json {
        /// For messages.
        path: &'f str,
        /// The puzzles' JSON text.
        raw: &'f [&'f RawValue],
        /// The index of the next puzzle.
        next: usize,
        /// Whether to read on all cores.
        parallel: bool,
        /// The failure to read a puzzle, reported after the puzzles before it.
        failure: Option<Failure>,
    },
}

impl Iterator for Batches<'_> {
    type Item = Result<Vec<PuzzleEntry>, Failure>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Batches::Kept(entries) => {
                // As many as were read at a time: one fork-join round for most files
                // (each round ends with one thread waiting for the other's last puzzle),
                // in the kept vector itself when it holds no more (no copy into fresh
                // memory).
                let batch: Vec<PuzzleEntry> = if entries.len() <= KEPT_READ_AT_ONCE {
                    std::mem::take(entries).collect()
                } else {
                    entries.by_ref().take(KEPT_READ_AT_ONCE).collect()
                };
                (!batch.is_empty()).then_some(Ok(batch))
            }
            Batches::Text(windows) => windows.next().map(Ok),
            Batches::Json {
                path,
                raw,
                next,
                parallel,
                failure,
            } => {
                if let Some(failure) = failure.take() {
                    *next = raw.len();
                    return Some(Err(failure));
                }
                let first = *next;
                let chunk = raw.get(first..(first + BATCH).min(raw.len()))?;
                if chunk.is_empty() {
                    return None;
                }
                *next += chunk.len();
                let mut batch = Vec::with_capacity(chunk.len());
                let read = map_items(chunk, *parallel, |i, raw| json_puzzle(path, first + i, raw));
                for entry in read {
                    match entry {
                        Ok(entry) => batch.push(entry),
                        Err(error) => {
                            *failure = Some(error);
                            break;
                        }
                    }
                }
                if batch.is_empty() {
                    *next = raw.len();
                    return failure.take().map(Err);
                }
                Some(Ok(batch))
            }
        }
    }
}

/// The puzzles of a text, a [`WINDOW`] at a time: the window is split into segments
/// searched for puzzle starts in parallel, its puzzles are read in parallel
/// ([`READ_AT_ONCE`] at a time), then titled in order (a title line can belong to the
/// puzzle that follows).
pub struct TextWindows<'f> {
    reader: &'f PuzzleReader<'f>,
    /// Where the next window starts (a puzzle start, or the end of the text).
    at: usize,
    /// The line number there.
    line: usize,
    /// The title line handed on to the next puzzle.
    carried: Option<String>,
    parallel: bool,
    /// [`WINDOW`] and [`SEGMENT`] (smaller in tests, to split texts everywhere).
    window: usize,
    segment: usize,
    /// The starts found in the window and not read yet.
    starts: std::collections::VecDeque<PuzzleStart>,
    /// The most puzzles read at a time ([`READ_AT_ONCE`], [`KEPT_READ_AT_ONCE`] for a
    /// kept file).
    read_at_once: usize,
}

impl TextWindows<'_> {
    /// Finds the puzzle starts of the next window (segments in parallel).
    fn find_window(&mut self) {
        let reader = self.reader;
        let end = reader.line_start_from(self.at.saturating_add(self.window));
        let mut bounds = vec![self.at];
        let mut cut = self.at;
        while cut < end {
            cut = reader
                .line_start_from(cut.saturating_add(self.segment))
                .min(end);
            bounds.push(cut);
        }
        let segments = map_items(&bounds[1..], self.parallel, |i, &to| {
            reader.starts_between(bounds[i], to)
        });
        for segment in segments {
            self.starts
                .extend(segment.starts.iter().map(|&(offset, index)| PuzzleStart {
                    offset,
                    line: self.line + index,
                }));
            self.line += segment.lines;
        }
        self.at = end;
    }

    /// Whether every window has been searched.
    fn searched(&self) -> bool {
        self.at >= self.reader.text_len()
    }
}

impl Iterator for TextWindows<'_> {
    type Item = Vec<PuzzleEntry>;

    fn next(&mut self) -> Option<Vec<PuzzleEntry>> {
        let reader = self.reader;
        while self.starts.is_empty() {
            if self.searched() {
                return None;
            }
            self.find_window();
        }
        let count = self.starts.len().min(self.read_at_once);
        let starts: Vec<PuzzleStart> = self.starts.drain(..count).collect();
        let pieces = map_items(&starts, self.parallel, |_, &start| reader.read_at(start));
        Some(
            pieces
                .into_iter()
                .map(|piece| piece.into_entry(&mut self.carried))
                .collect(),
        )
    }
}

/// Pulls the items of a stream in batches of this many, processed in parallel.
pub const BATCH: usize = 512;

/// A JSON sequence written from an iterator as it is serialized (each item is taken
/// once: serializing twice writes an empty sequence the second time).
pub struct StreamedSeq<I>(pub RefCell<Option<I>>);

impl<I> StreamedSeq<I> {
    /// The sequence of `items`.
    pub fn new(items: I) -> StreamedSeq<I> {
        StreamedSeq(RefCell::new(Some(items)))
    }
}

impl<I> Serialize for StreamedSeq<I>
where
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let items = self.0.borrow_mut().take();
        serializer.collect_seq(items.into_iter().flatten())
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// Every field of an entry, source lines included.
    fn exact(entry: &PuzzleEntry) -> String {
        let snapshots: Vec<String> = entry
            .snapshots()
            .iter()
            .map(|s| format!("{:?} {:?} {:?}", s, s.moves_data(), s.source_line()))
            .collect();
        format!(
            "{entry:?} {:?} {:?} {:?} {:?} {:?} {snapshots:?}",
            entry.notes,
            entry.boxorder,
            entry.goalorder,
            entry.author,
            entry.source_line()
        )
    }

    /// Checks that the parallel split of `text`, in windows of `window` bytes and
    /// segments of `segment`, reads what the serial reader reads.
    fn check_split(text: &str, window: usize, segment: usize, what: &str) {
        let file = CollectionFile::open("a.sok", text, None).expect("text");
        let serial: Vec<String> = PuzzleReader::new(text, None)
            .map(|entry| exact(&entry))
            .collect();
        for parallel in [false, true] {
            let mut batches = file.batches();
            if let Batches::Text(windows) = &mut batches {
                (windows.window, windows.segment, windows.parallel) = (window, segment, parallel);
            }
            let split: Vec<String> = batches
                .flat_map(|batch| batch.expect("text reads"))
                .map(|entry| exact(&entry))
                .collect();
            assert_eq!(split, serial, "{what}, window {window}, segment {segment}");
        }
    }

    fn check_folder(folder: &Path) -> usize {
        let mut checked = 0;
        let mut paths: Vec<_> = std::fs::read_dir(folder)
            .expect("folder")
            .map(|e| e.expect("entry").path())
            .collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                checked += check_folder(&path);
                continue;
            }
            let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !["sok", "xsb", "hsb", "tsb", "txt"].contains(&extension) {
                continue;
            }
            let bytes = std::fs::read(&path).expect("file");
            let text = sokoengine::io::decode_text(&bytes);
            if text.trim_start().starts_with('{') {
                continue;
            }
            let what = path.display().to_string();
            for (window, segment) in [(WINDOW, SEGMENT), (4096, 1000), (512, 61), (1, 1)] {
                check_split(&text, window, segment, &what);
            }
            checked += 1;
        }
        checked
    }

    #[test]
    fn the_split_of_every_fixture_reads_as_the_serial_reader() {
        assert!(check_folder(&sokoengine_testkit::fixtures()) > 10);
    }

    #[sokoengine_testkit_macros::corpus_test]
    fn the_split_of_every_corpus_file_reads_as_the_serial_reader() {
        let checked = check_folder(&sokoengine_testkit::corpus());
        assert!(checked > 50, "{checked} files");
    }

    proptest::proptest! {
        #[test]
        fn the_split_of_any_text_reads_as_the_serial_reader(
            lines in proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just("#####"), proptest::strategy::Just("#@$.#"),
                proptest::strategy::Just("#3$"), proptest::strategy::Just("#50 (3)"),
                proptest::strategy::Just("#12"), proptest::strategy::Just("R"),
                proptest::strategy::Just("lurd"), proptest::strategy::Just("dws001"),
                proptest::strategy::Just(""), proptest::strategy::Just("Title: x"),
                proptest::strategy::Just("Level 1"), proptest::strategy::Just("Solver: me"),
            ], 0..30),
            crlf in proptest::bool::ANY,
            window in 1usize..300,
            segment in 1usize..100,
        ) {
            let end = if crlf { "\r\n" } else { "\n" };
            let text: String = lines.iter().map(|line| format!("{line}{end}")).collect();
            check_split(&text, window, segment, "generated");
        }
    }
}
