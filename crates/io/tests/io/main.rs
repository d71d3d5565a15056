//! Conformance tests of `sokoengine-io` (corpus-driven; skipped without the corpus).

mod corpus;
mod fixtures;
mod snapshots;
mod sok_format;
