//! Conformance tests of `sokoengine-io` (corpus-driven; skipped without the corpus).

mod atomic;
mod corpus;
mod fixtures;
mod properties;
mod replay;
mod round_trip;
mod snapshots;
mod sok_format;
