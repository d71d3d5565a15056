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
use sokoengine::io::{Collection, PuzzleEntry, PuzzleReader};

use crate::failure::Failure;
use crate::input::{display_name, extension};

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
                json: Some(raw.puzzles),
                kept: RefCell::new(None),
            });
        }
        let header = PuzzleReader::new(text, hint).header().clone();
        Ok(CollectionFile {
            path,
            text,
            hint,
            header,
            json: None,
            kept: RefCell::new(None),
        })
    }

    /// The title, author, dates and notes (no puzzles).
    pub fn header(&self) -> &Collection {
        &self.header
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
    /// `max_decoded` bytes in all. Keeps the puzzles for the next
    /// [`CollectionFile::entries`] when few enough ([`KEEP_PUZZLES`]).
    ///
    /// # Errors
    ///
    /// The first failure found.
    pub fn plan(&self, max_decoded: u64) -> Result<Plan, Failure> {
        let mut puzzles = 0;
        let mut snapshots = 0;
        let mut decoded = 0u64;
        let mut kept = (self.text.len() <= KEEP_TEXT).then(Vec::new);
        for entry in self.entries() {
            let entry = entry?;
            puzzles += 1;
            snapshots += entry.snapshots().len() as u64;
            decoded = decoded.saturating_add(decoded_size(&entry));
            match &mut kept {
                Some(list) if list.len() < KEEP_PUZZLES => list.push(entry),
                _ => kept = None,
            }
            if decoded > max_decoded {
                return Err(Failure::domain(format!(
                    "{}: the boards and moves decode to more than the limit of {max_decoded} \
                     bytes per file (raise it with --max-decoded)",
                    display_name(self.path)
                )));
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
        })
    }
}

/// The decoded size of RLE `text` (its length when it is no valid RLE: the parser
/// then stops early).
fn rle_size(text: &str) -> u64 {
    if text.contains(|c: char| c.is_ascii_digit() || matches!(c, '(' | ')' | '|')) {
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
        let is_rle = moves.contains(|c: char| c.is_ascii_digit() || matches!(c, '(' | ')' | '|'));
        // Whitespace goes before decoding (`3 r` is `rrr`).
        let decoded = if is_rle {
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
                Some(serde_json::from_str(raw.get()).map_err(|e| {
                    Failure::domain(format!(
                        "{}: invalid JSON collection: puzzle {}: {e}",
                        display_name(path),
                        index + 1
                    ))
                }))
            }
        }
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
