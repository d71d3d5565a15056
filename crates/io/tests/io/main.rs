//! Conformance tests of `sokoengine-io` (corpus-driven; skipped without the corpus).

mod corpus;
mod fixtures;
mod properties;
mod replay;
mod snapshots;
mod sok_format;
