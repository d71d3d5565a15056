//! # sokoengine
//!
//! The engine room for grid puzzles: the Sokoban family on four tessellations
//! (Sokoban, Hexoban, Trioban, Octoban), Tilewe, Tower of Hanoi and Setting Sun.
//!
//! Each part lives in its own crate and is re-exported here as a module; the optional
//! ones sit behind a cargo feature of the same name (all on by default but `png` and `play`).
//!
//! ```
//! # #[cfg(all(feature = "io", feature = "mover", feature = "metrics"))] {
//! use sokoengine::io::{Collection, PuzzleVerifier, ReplayOptions, VariantHint};
//!
//! let text = "Level 1\n\n#######\n#@ $ .#\n#######\n\nSolution\nrRR\n";
//! let collection = Collection::parse(text, VariantHint::None)?;
//! // Replay a snapshot and measure it the JSoko way, in one pass.
//! let entry = &collection.puzzles[0];
//! let puzzle = entry.puzzle()?;
//! let mut verifier = PuzzleVerifier::new(&puzzle);
//! let verdict = verifier.verify(&entry.snapshots()[0].moves()?, ReplayOptions::new());
//! assert!(verdict.solved);
//! assert_eq!(verdict.metrics.map(|game| game.metrics.to_string()), Some("3/2/1/1/1/1".into()));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! | module | crate | feature |
//! |---|---|---|
//! | [`geometry`] | `sokoengine-geometry`: directions, tessellations, neighbour rules | always |
//! | [`board`] | `sokoengine-board`: cells, board text, board graphs | always |
//! | `mover` | `sokoengine-mover`: piece IDs, Sokoban+, Zobrist hashing, the Mover | `mover` |
//! | `metrics` | `sokoengine-metrics`: JSoko's six metrics, PlugValue, orderings | `metrics` |
//! | `io` | `sokoengine-io`: snapshots, `.sok` and plain level files, replay | `io` |
//! | `rules` | `sokoengine-rules`: rules interface, players, arena; generic search | `rules`, `search` |
//! | `tilewe` | `sokoengine-tilewe`: the Tilewe engine | `tilewe` |
//! | `hanoi` | `sokoengine-hanoi`: Tower of Hanoi | `hanoi` |
//! | `setting_sun` | `sokoengine-setting-sun`: the Setting Sun puzzle | `setting-sun` |
//! | `render` | `sokoengine-render`: SVG/HTML pictures and animations; PNG | `render`, `png` |
//! | `play` | `sokoengine-play`: the local web player (`sokoengine play`) | `play` |
//!
//! The `serde` feature adds `Serialize`/`Deserialize` to the data types of every enabled
//! crate.

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
#[cfg(feature = "play")]
#[doc(inline)]
pub use sokoengine_play as play;
#[cfg(feature = "render")]
#[doc(inline)]
pub use sokoengine_render as render;
#[cfg(feature = "rules")]
#[doc(inline)]
pub use sokoengine_rules as rules;
#[cfg(feature = "setting-sun")]
#[doc(inline)]
pub use sokoengine_setting_sun as setting_sun;
#[cfg(feature = "solver")]
#[doc(inline)]
pub use sokoengine_solver as solver;
#[cfg(feature = "tilewe")]
#[doc(inline)]
pub use sokoengine_tilewe as tilewe;

// The Rust examples of the README and of the library guide run as doc tests, so they
// stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct LibraryGuideDoctests;
