//! Sokoban solver for every tessellation of sokoengine.
//!
//! * [`solve`]: a solution of a level for an [`Objective`]: `Any` (fast), `Pushes`
//!   (push-optimal, proven) or `Moves` (move-optimal with pushes as the tie-break),
//!   within [`Limits`] of time, expanded nodes and memory, cancellable from another
//!   thread ([`Cancel`]), reporting [`Progress`] to an [`Observer`];
//!   [`solve_from`]: the same from the position a player has reached on a
//!   [`Mover`](sokoengine_mover::Mover) (a hint, or the rest of a saved game).
//! * The search works on the compact core of the board crate
//!   ([`CompactBoard`](sokoengine_board::CompactBoard)), the same rules of movement
//!   the metrics verifier replays with, so Hexoban, Trioban and Octoban levels are
//!   solved by the same code as Sokoban.
//! * [`SokobanRules`]: a level as a game of `sokoengine-rules` (a movement is one
//!   push), so the generic searches of that crate solve small levels too: the plain
//!   exhaustive method the solver's push-optimal results are checked against.
//! * [`optimize`]: a better solution from verified ones under a whole metric
//!   ordering ([`MetricOrder`](sokoengine_metrics::MetricOrder)): walks re-routed,
//!   then vicinity and global searches over box configurations.
//! * Every solution returned has been replayed by the metrics crate's
//!   [`SolutionVerifier`](sokoengine_metrics::SolutionVerifier); its six metrics come
//!   with it.
//!
//! ```
//! use sokoengine_board::Puzzle;
//! use sokoengine_geometry::Tessellation;
//! use sokoengine_solver::{Cancel, Objective, Silent, SolveOutcome, SolverConfig, solve};
//!
//! let puzzle = Puzzle::parse(
//!     Tessellation::Sokoban,
//!     "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########",
//! )?;
//! let config = SolverConfig::new(Objective::Pushes);
//! let outcome = solve(&puzzle, &config, &Cancel::new(), &mut Silent)?;
//! let SolveOutcome::Solved(solution) = outcome else { panic!("solvable") };
//! assert_eq!(solution.proven, Some(Objective::Pushes));
//! println!("{} {}", solution.metrics, solution.lurd);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

#[doc(hidden)]
pub mod audit;
mod clock;
mod config;
mod corral;
mod cut;
mod deadlock;
mod engine;
mod error;
mod fess;
mod from_position;
mod ids;
mod matching;
mod memory;
mod model;
mod optimize;
mod plan;
mod region;
mod relaxed;
mod rooms;
mod route;
mod rules;
mod search;
mod solve;
mod store;

pub use config::{
    Cancel, Features, Limits, Objective, Observer, ParseObjectiveError, Progress, Silent, Solution,
    SolveOutcome, SolverConfig, Stats, StopReason, UnsolvableReason,
};
pub use error::{MAX_BOXES, MAX_CELLS, SolverError};
pub use from_position::solve_from;
pub use memory::{default_memory_budget, memory_room};
pub use optimize::{
    MAX_VICINITY_BOXES, Method, OptimizeOutcome, OptimizerConfig, ParseVicinityError, Pass,
    VicinitySetting, optimize, parse_vicinity,
};
pub use rules::{Push, PushError, PushPosition, SokobanRules};
pub use solve::solve;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
