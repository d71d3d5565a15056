//! The Setting Sun sliding-block puzzle: layouts, three move metrics, optimal solvers.
//!
//! (Being built: see the open issue for this crate.)

#![deny(missing_docs)]
