//! Snapshots (saved games and solutions), Sokoban YASC `.sok` collections and plain
//! level files (`.xsb`, `.txt`, Hexoban `.hsb`, Trioban `.tsb`).
//!
//! * [`Moves`]: the move grammar (RLE, `[jumps]`, `{pusher selections}`, `*`), counts
//!   and printing; [`Snapshot`]: move text with title, solver and notes.
//! * [`Collection`]: reading ([`Collection::load`] a file, [`Collection::parse`]
//!   text: titles, tags, `Game:` precedence, Sokoban+ lines, several snapshots per
//!   puzzle, Latin-1, CRLF; text without a board is a [`ParseError`]) and writing
//!   (`.sok` layout, 70-column moves, title and notes safety, plain files).
//!   [`PuzzleReader`] yields the puzzles one at a time; boards and moves are parsed
//!   when used; [`Collection::check`] reports every problem with its file line.
//! * Replaying and verifying, one outcome for all: [`PuzzleVerifier::verify`] checks a
//!   snapshot (solved, or the failing step with the mover's exact message, and JSoko's
//!   metrics) in one pass on the compact core, on a `Mover` only when that cannot
//!   tell; [`replay`] plays move text on a `Mover` you hold ([`ReplayOptions::mover`]
//!   builds one), [`replay_steps`] a list of `PusherStep`s; each gives a [`Verdict`]
//!   or a [`ReplayError`]. [`PuzzleEntry::solutions`]: the snapshots that solve their
//!   puzzle, or why not.
//! * [`atomic`]: writing a file so that it is wholly replaced or left as it was
//!   ([`Collection::save`] writes this way).
//!
//! ```
//! use sokoengine_io::{Collection, VariantHint};
//!
//! // A file: its extension names the variant of untagged puzzles (`.hsb` Hexoban).
//! let path = std::env::temp_dir().join("sokoengine-io-crate-example.sok");
//! std::fs::write(&path, "Title: Demo\n\nLevel 1\n\n#####\n#@$.#\n#####\n\nSolution 1/1\nR\nSolver: me\n")?;
//! let collection = Collection::load(&path, VariantHint::None)?;
//! let entry = &collection.puzzles[0];
//! assert_eq!((collection.title.as_str(), entry.title.as_str()), ("Demo", "Level 1"));
//! let snapshot = &entry.snapshots()[0];
//! assert_eq!((snapshot.title.as_str(), snapshot.solver.as_str()), ("Solution 1/1", "me"));
//! assert_eq!(snapshot.moves()?.push_count(), 1);
//! assert_eq!(entry.puzzle()?.to_string(), "#####\n#@$.#\n#####");
//! // Text works the same; text with no board in it is refused, not read as empty.
//! assert_eq!(Collection::parse(&std::fs::read_to_string(&path)?, VariantHint::None)?, collection);
//! assert!(Collection::parse("just notes\n", VariantHint::None).is_err());
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # A deliberate difference from sokoenginepy
//!
//! The reader follows the `.sok` rules of docs/formats.md#collections-sok (and
//! sokoenginepy 1.0.3) with one recovery that real files need: a **lone line that is no
//! valid board or moves text, standing just above a board** (blank lines between them
//! allowed) is read as that puzzle's title line, not as a puzzle (or snapshot) of its
//! own. By the line classes alone, `#12` and `#50 (3)` are board lines and `dws001` is a
//! moves line, so `#12` / blank line / board would be two puzzles, the first of which
//! cannot be parsed; here it is one puzzle titled `#12`. JSoko's `title_test.sok` (title
//! `#50 (3)`) and `SokoSave_hexoban.sok` (title `dws001`) load without errors this way.
//! Only invalid lines are affected: a valid one-line board (`#3$`) or a valid move line
//! in that place keeps its class, and an invalid line anywhere else is still reported by
//! [`Collection::check`].
//!
//! Where titles stand is decided from the whole file (`docs/formats.md`, "Titles decided
//! from the whole file"): a file whose every board has a title-like line directly under
//! it (the Original and XSokoban files of Sokoban sites) takes those lines as the titles
//! of the boards above them, and a numbered line that ends the header's comment block
//! (Microban III) titles the first puzzle when every other title has its shape.

#![deny(missing_docs)]

pub mod atomic;
mod collection;
mod moves;
mod reader;
mod replay;
#[cfg(feature = "serde")]
mod serde_impls;
mod snapshot;
mod solutions;
mod text;
mod verify;
mod writer;

pub use collection::{Collection, EntryError, PuzzleEntry, VariantHint, extension_hint};
pub use moves::{
    MAX_MOVES_LEN, Moves, SnapshotParseError, SyntaxProblem, is_moves_char, is_moves_line,
};
pub use reader::{LoadError, ParseError, PuzzlePiece, PuzzleReader, PuzzleStart, SegmentStarts};
pub use replay::{ReplayError, ReplayOptions, Verdict, replay, replay_steps};
pub use snapshot::Snapshot;
pub use solutions::{NotASolution, VerifiedSolution};
pub use text::decode_text;
pub use verify::PuzzleVerifier;
pub use writer::{
    CollectionWriter, FileFormat, LineProblem, MOVES_LINE_LEN, Place, WriteError, WriteOptions,
};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
