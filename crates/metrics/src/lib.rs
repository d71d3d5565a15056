//! JSoko's six solution metrics, PlugValue and the (M)/(P) orderings.
//!
//! (Being built: see the open issue for this crate.)

#![deny(missing_docs)]
