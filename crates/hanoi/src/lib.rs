//! Tower of Hanoi on 3 and 4 pegs: moves, rendering, optimal solutions.
//!
//! * [`Towers`]: a legal arrangement of 1 to 63 disks on 3 or 4 pegs (IArena numbering:
//!   disk 0 is the largest); [`Position`]: towers plus the cost paid, drawn as IArena draws
//!   it; [`Move`]: the top disk of one peg onto another; illegal movements are
//!   [`MoveError`]s and never change anything (every type here is a `Copy` value);
//! * [`Hanoi`]: the rules, implementing [`sokoengine_rules::Rules`];
//! * [`OptimalMoves`]: the `2^n - 1` optimal movements from the standard start, lazily;
//! * [`distance_to`] and [`optimal_path`]: the exact distance (O(n)) and an optimal path
//!   from any three-peg arrangement;
//! * [`frame_stewart`] and [`frame_stewart_moves`]: four pegs.
//!
//! ```
//! use sokoengine_hanoi::{distance_to, Hanoi, OptimalMoves, Towers};
//! use sokoengine_rules::Rules;
//!
//! let hanoi = Hanoi::new(3)?;
//! let mut position = hanoi.first_position();
//! for movement in OptimalMoves::new(3)? {
//!     position = hanoi.next_position(&movement, &position)?;
//! }
//! assert!(hanoi.finished(&position));
//! assert_eq!(position.cost(), 7);
//! assert_eq!(distance_to(Towers::new(3, 3)?, 2)?, 7);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod error;
mod movement;
mod rules;
mod solve;
mod towers;

pub use error::{MoveError, ParseTowersError, SetupError, TowersError};
pub use movement::{IArenaText, Move, ParseMoveError};
pub use rules::{Hanoi, OptimalPlayer};
pub use solve::{
    OptimalMoves, OptimalPath, distance_to, frame_stewart, frame_stewart_moves, optimal_path,
};
pub use towers::{DEFAULT_DISKS, MAX_DISKS, MAX_PEGS, Position, Towers};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
