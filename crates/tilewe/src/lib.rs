//! Tilewe: a Blokus-like 20x20 tile-placing game for 1-4 players.
//!
//! (Being built: see the open issue for this crate.)

#![deny(missing_docs)]
