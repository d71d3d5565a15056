//! Snapshots (saved games and solutions), Sokoban YASC `.sok` collections and plain
//! level files (`.xsb`, `.txt`, Hexoban `.hsb`, Trioban `.tsb`).
//!
//! * [`Moves`]: the move grammar (RLE, `[jumps]`, `{pusher selections}`, `*`), counts
//!   and printing; [`Snapshot`]: move text with title, solver and notes.
//! * [`Collection`]: reading (titles, tags, `Game:` precedence, Sokoban+ lines, several
//!   snapshots per puzzle, Latin-1, CRLF) and writing (`.sok` layout, 70-column moves,
//!   title and notes safety, plain files). [`PuzzleReader`] yields the puzzles one at
//!   a time; boards and moves are parsed when used;
//!   [`Collection::check`] reports every problem with its file line.
//! * [`replay`] / [`replay_steps`] / [`Collection::replay_all`]: conversion to and from
//!   `PusherStep`s and replaying snapshots on a `Mover`, with the failing step and
//!   the mover's exact message.
//!
//! ```
//! use sokoengine_io::Collection;
//!
//! let text = "Title: Demo\n\nLevel 1\n\n#####\n#@$.#\n#####\n\nSolution 1/1\nR\nSolver: me\n";
//! let collection = Collection::parse(text, None);
//! let entry = &collection.puzzles[0];
//! assert_eq!((collection.title.as_str(), entry.title.as_str()), ("Demo", "Level 1"));
//! let snapshot = &entry.snapshots()[0];
//! assert_eq!((snapshot.title.as_str(), snapshot.solver.as_str()), ("Solution 1/1", "me"));
//! assert_eq!(snapshot.moves()?.pushes_count(), 1);
//! assert_eq!(entry.puzzle()?.to_string(), "#####\n#@$.#\n#####");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod collection;
mod moves;
mod reader;
mod replay;
#[cfg(feature = "serde")]
mod serde_impls;
mod snapshot;
mod text;
mod writer;

pub use collection::{Collection, EntryError, LoadError, PuzzleEntry, extension_hint};
pub use moves::{
    MAX_MOVES_LEN, Moves, SnapshotParseError, SyntaxProblem, is_moves_char, is_moves_line,
};
pub use reader::PuzzleReader;
pub use replay::{ReplayError, ReplayOptions, Replayed, SnapshotReplay, replay, replay_steps};
pub use snapshot::Snapshot;
pub use text::decode_text;
pub use writer::{FileFormat, LineProblem, MOVES_LINE_LEN, Place, WriteError, WriteOptions};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
