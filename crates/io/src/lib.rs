//! Snapshots, Sokoban YASC .sok collections and plain level files.
//!
//! (Being built: see the open issue for this crate.)

#![deny(missing_docs)]
