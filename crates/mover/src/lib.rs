//! Piece tracking, Sokoban+, Zobrist hashing and the forward/reverse Mover.
//!
//! (Being built: see the open issue for this crate.)

#![deny(missing_docs)]
