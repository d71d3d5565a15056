//! Piece tracking, Sokoban+, Zobrist hashing and the forward/reverse [`Mover`] of the
//! Sokoban family (all four tessellations).
//!
//! * [`BoardManager`]: pusher, box and goal IDs (row-major from 1, stable under
//!   moves, O(1) lookups both ways), [`SokobanPlus`] data, the Zobrist
//!   [`state_hash`](BoardManager::state_hash) (fixed-seed keys, see [`zobrist`]),
//!   the O(1) solved test and the box/goal switch of reverse mode.
//! * [`Mover`]: the game rules. Forward mode pushes, reverse mode pulls (optionally)
//!   and jumps before the first pull; several pushers; single-level atomic undo;
//!   push and pull counts. Failures change nothing and carry the specification's
//!   message. [`Mover::from_puzzle`] starts play on a parsed board.
//! * [`Game`]: a mover with its history, for front ends: undo and redo to any point.
//! * [`PusherStep`]: one step of a move, as recorded in [`Mover::last_move`].
//!
//! ```
//! use sokoengine_board::BoardGraph;
//! use sokoengine_geometry::{Direction, Tessellation};
//! use sokoengine_mover::{Mover, SolvingMode};
//!
//! let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
//! let mut reverse = Mover::new(board, SolvingMode::Reverse)?;
//! // Reverse mode starts from the solved position: box and goal have switched.
//! assert_eq!(reverse.board().to_string(), "#######\n#@ . $#\n#######");
//! reverse.jump(11)?; // jumps are allowed before the first pull
//! reverse.try_move(Direction::Left)?; // pulls the box
//! assert_eq!(reverse.pull_count(), 1);
//! assert_eq!(reverse.board().to_string(), "#######\n#  +$ #\n#######");
//! assert_eq!(reverse.jump(8).unwrap_err().to_string(), "Jumps not allowed after first pull");
//! reverse.undo_last_move()?;
//! assert_eq!(reverse.pull_count(), 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod game;
mod manager;
mod mover;
mod plus;
mod step;
pub mod zobrist;

pub use game::{Action, Game};
pub use manager::{BoardManager, BoardManagerError, BoardState, Solutions};
pub use mover::{Mover, MoverError, SolvingMode};
pub use plus::{
    DEFAULT_PLUS_ID, LEGACY_DEFAULT_PLUS_ID, PlusIdError, PlusOrder, SokobanPlus, SokobanPlusError,
    SokobanPlusErrors,
};
pub use step::{DEFAULT_ID, PusherStep, PusherStepError, ReferenceRepr};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
