//! Tilewe: a Blokus-like 20x20 tile-placing game for 1 to 4 players, with tilewe's rules,
//! move identity and notation, plus engines and a seeded match runner.
//!
//! ```
//! use sokoengine_tilewe::{Board, Color, Move};
//!
//! let mut board = Board::new(4)?;
//! assert_eq!(board.legal_move_count(), 232);
//! let mv: Move = "Z4e-a1a1".parse()?;
//! board.push(mv)?;
//! assert_eq!(board.current_player(), Color::Yellow);
//! assert_eq!(board.legal_moves().len(), 174);
//! assert_eq!(board.color_at("a1".parse()?), Some(Color::Blue));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Contents
//!
//! * vocabulary: [`Tile`] (`a1..t20`), [`Color`], [`Piece`], [`Rotation`], [`PieceSet`];
//! * [`Move`]: (piece, canonical rotation, contact, target) with notation `F5e-a2d4`,
//!   parsing ([`MoveError`]) and the piece-shape queries ([`piece_tiles`],
//!   [`piece_contacts`], [`piece_contact_count`], [`piece_corner_count`], ...);
//! * [`Board`]: the rules for 1 to 4 players: legal moves for any player, move and
//!   placement counts, `is_legal`, checked [`push`](Board::push) / [`pop`](Board::pop)
//!   ([`PlayError`]) and the unchecked fast path, open corners, scores, winners,
//!   [`perft`](Board::perft), the drawn board (`Display`) and the position text
//!   ([`PositionError`]);
//! * engines behind [`Engine`]: [`RandomEngine`], [`MostTiles`], [`MostCorners`],
//!   [`MonteCarlo`] and the strongest, [`Mcts`] (tree search with Blokus knowledge,
//!   [`Budget`] in playouts or time, [`Teams`] for Blokus Two-Player, an optional
//!   [`OpeningBook`] of its own deep searches); [`play_game`], a
//!   [`Tournament`] with seat rotation and Elo ([`elo_win_probability`],
//!   [`elo_adjustment`]), all seeded by [`Rng`];
//! * [`sgf`]: game records in SGF as Pentobi writes them ([`sgf::Record`], checked on
//!   replay), with the colour numbers that GTP uses too;
//! * [`gtp`]: a GTP front end in Pentobi's Blokus dialect, on the classic board with its
//!   fixed start corners ([`StartCorners::Fixed`]; tilewe's any-free-corner start stays
//!   the default elsewhere);
//! * [`TileweRules`] and [`EnginePlayer`]: Tilewe under the IArena-style
//!   [`Rules`](sokoengine_rules::Rules) interface of `sokoengine-rules`.
//!
//! # Design
//!
//! Move generation walks each open corner of the player once. The 40 cells a piece
//! placed there can cover are read from the player's "forbidden" plane (occupied tiles,
//! tiles beside his own, the margin around the board) in seven groups of row segments;
//! each group's pattern selects a precomputed 309-bit set of the (orientation, contact)
//! pairs that cover one of its forbidden cells. Their union, with the pairs of placed
//! pieces, is what does not fit: the clear bits are the corner's moves in generation
//! order, and their number is a population count. Push updates the planes incrementally
//! in the 7 rows a piece can touch and saves just those rows for pop.
//!
//! # Position text
//!
//! [`Board::position`] and [`Board::from_position`] use a one-line format like chess's
//! FEN: `<rows> <players> <turn> <remaining>`, e.g. after blue's `O1n-a1a1` in a 2-player
//! game:
//!
//! ```text
//! 20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/B19 2 y I2I3L3O4I4L4Z4T4F5I5L5N5P5T5U5V5W5X5Y5Z5/*
//! ```
//!
//! Rows run from row 20 down to row 1 (`B`/`Y`/`R`/`G` tiles, digits for empty runs), the
//! turn is a lower-case colour letter, and each player's remaining pieces are listed (`*`
//! all, `-` none).
//!
//! # Reproducibility
//!
//! Engines and matches draw randomness only from [`Rng`] (SplitMix64 seeding a
//! xoshiro256** generator, integer arithmetic only), so a seed gives the same game on every
//! platform and build.

#![deny(missing_docs)]

mod arena;
mod board;
mod engine;
pub mod gtp;
mod iarena;
mod moves;
mod position;
mod rng;
mod search;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod sgf;
mod tables;
mod types;

pub use arena::{
    EngineStanding, GameRecord, Tournament, TournamentReport, elo_adjustment, elo_win_probability,
    play_game,
};
pub use board::{Board, BoardError, CornerCounts, PlayError, StartCorners};
pub use engine::{Engine, MonteCarlo, MostCorners, MostTiles, RandomEngine, Teams};
pub use iarena::{EnginePlayer, TileweRules};
pub use moves::{
    Move, MoveError, canonical_rotation, empty_board_placement_count, piece_contact_count,
    piece_contacts, piece_corner_count, piece_tile_count, piece_tiles, unique_rotations,
};
pub use position::PositionError;
pub use rng::Rng;
pub use search::{
    Budget, Distiller, Mcts, MoveModel, MoveModelError, OpeningBook, OpeningBookError,
    OpeningBookErrorKind,
};
pub use types::{BOARD_SIZE, Color, Piece, PieceSet, Rotation, Tile};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
