//! Integration tests of sokoengine-tilewe: corpus conformance, the repository's own
//! fixtures, parser snapshots and property tests.

mod conformance;
mod fixtures;
mod gtp;
mod parsers;
mod properties;
