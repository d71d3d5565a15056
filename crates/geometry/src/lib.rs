//! Directions, tessellations and neighbour rules of the Sokoban family.
//!
//! (Being built: see the open issue for this crate.)

#![deny(missing_docs)]
