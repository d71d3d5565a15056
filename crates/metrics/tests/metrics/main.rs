//! Integration tests of sokoengine-metrics: corpus conformance, JSoko's edge cases,
//! fixtures, properties and error messages.

mod corpus;
mod edge_cases;
mod fixtures;
mod messages;
mod properties;
mod sok;
