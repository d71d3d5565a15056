//! Integration tests of the Hanoi crate: rendering against fixtures, the rules interface,
//! closed forms against breadth-first search, solvers and robustness.

mod properties;
mod render;
mod rules;
mod search;
mod solve;
