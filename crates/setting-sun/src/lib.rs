//! The Setting Sun sliding-block puzzle: layouts, three move metrics, optimal solvers.
//!
//! A [`Layout`] is a rectangular [`Board`] (up to 64 cells, default 5×4) holding pieces of
//! four [`Shape`]s: 1×1 `s`, 2×1 `v`, 1×2 `h` and the 2×2 sun `B`. It is written as a
//! shape-letter picture, row by row, rows separated by `/` or line breaks, `.` for empty
//! cells: the classic start is `vBBv/vBBv/.hh./vssv/vssv`. Pieces of one shape are
//! interchangeable, so a layout's canonical [`State`] (and its 3-bit-per-cell
//! [`compact_key`](Layout::compact_key)) ignores which piece is which.
//!
//! A [`Puzzle`] asks to bring a sun's top-left to a goal cell (bottom centre by default).
//! Moves are counted under one of three [`Metric`]s: single steps, straight slides, or
//! free piece moves along any path; [`Puzzle::solve`] returns an optimal [`Solution`] for
//! each by breadth-first search over canonical states, and [`Layout::reachable`] enumerates
//! the whole [`StateSpace`]. Searches key states by their 3-bit codes, packed into 64 bits
//! on boards of up to 21 cells and into 128 bits on boards of up to 42, where a search keeps
//! only the 16-byte keys (millions of states fit in well under a gigabyte); larger boards
//! fall back to a hash map of whole states.
//!
//! ```
//! use sokoengine_setting_sun::{Metric, Puzzle};
//!
//! let puzzle = Puzzle::setting_sun();
//! let lengths: Vec<usize> = Metric::ALL
//!     .iter()
//!     .map(|&metric| puzzle.solve(metric).map(|solution| solution.len()))
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(lengths, [112, 90, 79]);
//! assert_eq!(puzzle.reachable()?.len(), 25_955);
//! # Ok::<(), sokoengine_setting_sun::SolveError>(())
//! ```
//!
//! [`SettingSunRules`] plays a puzzle through the [`sokoengine_rules::Rules`] interface
//! (one player, cost positions).

#![deny(missing_docs)]

mod board;
mod layout;
mod moves;
mod puzzle;
mod rules;
mod search;
mod space;
mod vocabulary;

pub use board::{Board, BoardError, MAX_CELLS, MAX_KEY_CELLS, State};
pub use layout::{KeyError, Layout, LayoutError, MoveError, Piece, PlaceError};
pub use moves::{MAX_PATH, Move, Path};
pub use puzzle::{GoalError, Puzzle, Solution};
pub use rules::{SettingSunRules, SunPosition};
pub use search::{DEFAULT_STATE_LIMIT, STATE_BYTES, SolveError};
pub use space::StateSpace;
pub use vocabulary::{Cell, Direction, Metric, Shape, UnknownMetric};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
