//! Tests of the solution optimizer: exactness against an independent step-level
//! search, never worse than the seeds on the corpus, limits, errors and variants.

mod common;
mod corpus;
mod exact;
mod limits;
mod properties;
