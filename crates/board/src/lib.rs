//! Board cells, board text (plain, RLE, Hexoban layouts) and BoardGraph queries.
//!
//! (Being built: see the open issue for this crate.)

#![deny(missing_docs)]
