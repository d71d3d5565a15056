//! # sokoengine
//!
//! The engine room for grid puzzles: the Sokoban family on four tessellations
//! (Sokoban, Hexoban, Trioban, Octoban), Tilewe, Tower of Hanoi and Setting Sun.
//!
//! Each part lives in its own crate and is re-exported here as a module; the optional
//! ones sit behind a cargo feature of the same name (all on by default).

#![deny(missing_docs)]

#[doc(inline)]
pub use sokoengine_board as board;
#[doc(inline)]
pub use sokoengine_geometry as geometry;
#[cfg(feature = "hanoi")]
#[doc(inline)]
pub use sokoengine_hanoi as hanoi;
#[cfg(feature = "io")]
#[doc(inline)]
pub use sokoengine_io as io;
#[cfg(feature = "metrics")]
#[doc(inline)]
pub use sokoengine_metrics as metrics;
#[cfg(feature = "mover")]
#[doc(inline)]
pub use sokoengine_mover as mover;
#[cfg(feature = "rules")]
#[doc(inline)]
pub use sokoengine_rules as rules;
#[cfg(feature = "setting-sun")]
#[doc(inline)]
pub use sokoengine_setting_sun as setting_sun;
#[cfg(feature = "tilewe")]
#[doc(inline)]
pub use sokoengine_tilewe as tilewe;
