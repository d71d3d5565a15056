//! Integration tests of the geometry crate: corpus conformance, hand-made fixtures,
//! properties and message snapshots.

mod fixtures;
mod messages;
mod neighbors;
mod properties;
