//! Tower of Hanoi on 3 and 4 pegs: moves, rendering, optimal solutions.
//!
//! (Being built: see the open issue for this crate.)

#![deny(missing_docs)]
