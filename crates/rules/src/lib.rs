//! An IArena-style rules interface, players, a game runner and generic optimal search.
//!
//! * [`Rules`]: the rules of a game (players, first position, legal movements in a defined
//!   order, validated transitions, end and score); [`CostPosition`] for one-player games;
//! * [`ScoreBoard`] and [`PlayerIndex`]: scores per player;
//! * [`Player`] and the provided players ([`FirstMovementPlayer`], [`LastMovementPlayer`],
//!   [`RandomPlayer`], [`HumanPlayer`], [`AlphaBetaPlayer`]);
//! * [`Arena`]: plays a game with a movement limit, movement checking and a time limit;
//! * `Search` (cargo feature `search`, which brings the `pathfinding` crate): optimal BFS,
//!   A* and IDA* over any rules with hashable positions (or keys).
//!
//! ```
//! use sokoengine_rules::{Arena, FirstMovementPlayer, PlayerIndex, Rules, ScoreBoard};
//! # #[derive(Debug)] struct Count;
//! # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
//! # impl Rules for Count {
//! #   type Position = u32; type Movement = u32; type Error = No;
//! #   fn player_count(&self) -> usize { 1 }
//! #   fn first_position(&self) -> u32 { 0 }
//! #   fn next_player(&self, _: &u32) -> PlayerIndex { PlayerIndex::FIRST }
//! #   fn possible_movements(&self, p: &u32) -> Vec<u32> { if *p < 9 { vec![1, 2] } else { vec![] } }
//! #   fn next_position(&self, m: &u32, p: &u32) -> Result<u32, No> { Ok(p + m) }
//! #   fn finished(&self, p: &u32) -> bool { *p >= 5 }
//! #   fn score(&self, p: &u32) -> ScoreBoard { ScoreBoard::from_scores([i64::from(*p)]) }
//! # }
//! // `Count` (hidden): one player adds 1 or 2 to a counter until it reaches 5.
//! let report = Arena::new(&Count).play(&mut [&mut FirstMovementPlayer::new()])?;
//! assert_eq!(report.movements, 5);
//! # #[cfg(feature = "search")] {
//! // With the `search` feature: the shortest way to 5.
//! let best = sokoengine_rules::Search::new(&Count).bfs(&Count.first_position())?;
//! assert_eq!(best.movements, [1, 2, 2]);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod arena;
mod minimax;
mod player;
mod player_index;
mod rng;
mod rules;
mod score;
#[cfg(feature = "search")]
mod search;

pub use arena::{Arena, GameError, GameReport};
pub use minimax::{AlphaBetaPlayer, Heuristic};
pub use player::{
    FirstMovementPlayer, HumanPlayer, LastMovementPlayer, MAX_ANSWER_LEN, Player, RandomPlayer,
};
pub use player_index::PlayerIndex;
pub use rules::{CostPosition, Rules};
pub use score::{Score, ScoreBoard};
#[cfg(feature = "search")]
pub use search::{Identity, Search, SearchError, SearchKey, SearchPath};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
