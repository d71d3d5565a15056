//! Integration tests of the board crate: sokoenginepy's conformance examples, corpus
//! golden data (io examples, Hexoban layouts), own fixtures with snapshots, and
//! properties.

mod conformance;
mod corpus_levels;
mod fixtures;
mod fuzz_regressions;
mod hexoban;
mod io_examples;
mod messages;
mod properties;
