//! Integration tests of the rules interface, arena and search, on small games defined here.

mod arena;
mod games;
mod score;
#[cfg(feature = "search")]
mod search;
