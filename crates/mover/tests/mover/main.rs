//! Integration tests of sokoengine-mover: sokoenginepy's examples, the behaviour matrix,
//! replays of the corpus solutions, error messages, properties, and agreement with
//! the compact core.

mod compact_core;
mod matrix;
mod messages;
mod properties;
mod replay;
mod spec_examples;
mod support;
mod tessellations;
