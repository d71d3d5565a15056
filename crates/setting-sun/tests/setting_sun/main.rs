//! Integration tests of the Setting Sun crate: the reference's conformance figures, the
//! repository's layout fixtures, and property tests.

mod anchors;
mod errors;
mod fixtures;
mod properties;
mod rules;
