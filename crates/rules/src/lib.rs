//! An IArena-style rules interface, players, a game runner and generic optimal search.
//!
//! (Being built: see the open issue for this crate.)

#![deny(missing_docs)]
