//! Board cells, board text (plain, RLE, Hexoban layouts) and [`BoardGraph`] queries.
//!
//! * [`BoardCell`]: wall, box, goal and pusher flags of one position.
//! * [`Puzzle`]: the text model of one board. Parses plain and RLE text in all four
//!   tessellations (every Hexoban layout scheme), prints the normal form, edits,
//!   resizes, trims and mirrors. Keeps alternative letters as written.
//! * [`BoardGraph`]: the playable board with a precomputed neighbour table and the
//!   graph queries (reachability, paths, play area). Checked queries return
//!   [`GraphError`]; the searches a mover or solver repeats have allocation-free
//!   `*_with`/`*_into` variants over a reusable [`SearchScratch`].
//! * [`BoardPosition`] and [`CompactCell`]: the two ways of naming a cell, on the board
//!   (row-major index) and on the compact core's padded grid, each a type of its own.
//! * [`CompactBoard`] and [`Position`] (module [`compact`]): the compact core, one
//!   pusher on a byte-per-cell board, and the rule of a step (walk, push, pull:
//!   [`compact::forward_step`], [`compact::reverse_step`]) that the Mover, the
//!   metrics verifier and the solver share.
//! * [`Position::box_path`]: the fewest pushes (or pulls) that take one box to a cell,
//!   as [`BoxStep`]s of the pusher.
//! * [`rle`]: run-length encoding shared with the snapshot parser.
//! * Errors, one type per family: [`BoardParseError`] (with line and column),
//!   [`RleError`], [`RleEncodeError`], [`CellCharError`], [`PuzzleEditError`],
//!   [`GraphError`], [`SizeError`] (boards are limited to [`MAX_WIDTH`] ×
//!   [`MAX_HEIGHT`]).
//! * [`is_board_line`]: the `.sok` reader's test for a line of board text.
//!
//! ```
//! use sokoengine_board::{BoardGraph, Puzzle};
//! use sokoengine_geometry::Tessellation;
//!
//! let puzzle = Puzzle::parse(Tessellation::Trioban, "#######\n#pm PM#\n#   Bb#\n#-_obb#\n#######")?;
//! assert_eq!((puzzle.width(), puzzle.height(), puzzle.pusher_count()), (7, 5, 4));
//! let graph = BoardGraph::new(&puzzle)?;
//! assert_eq!(graph.to_string(), "#######\n#@@ ++#\n#   *$#\n#  .$$#\n#######");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod board_position;
mod box_path;
mod cell;
pub mod compact;
mod error;
mod graph;
mod hexoban;
mod puzzle;
pub mod rle;
mod text;

pub use board_position::BoardPosition;
pub use box_path::{BoxMoves, BoxPathError, BoxStep};
pub use cell::{BoardCell, CellCharError};
pub use compact::{
    Blocked, CompactBoard, CompactBoardError, CompactCell, Moved, Position, Reach, Walk,
};
pub use error::{BoardParseError, GraphError, MAX_HEIGHT, MAX_WIDTH, PuzzleEditError, SizeError};
pub use graph::{BoardGraph, Edge, SearchScratch};
pub use puzzle::{PieceCounts, Puzzle, is_playable};
pub use rle::{RleEncodeError, RleError};
pub use text::{is_board_char, is_board_line, is_board_text_char};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
