//! Pictures of the sokoengine puzzles: SVG (and PNG, with the `png` feature) of
//! Sokoban-family boards in all four tessellations with their true tile shapes, positions
//! along a solution, animated solutions (an SVG that plays itself, or an HTML page with
//! controls), Tilewe boards and games, Setting Sun layouts and solutions, and Tower of
//! Hanoi positions and solutions.
//!
//! * Boards: [`board_svg`], [`puzzle_svg`] and [`BoardPicture`] (which also tells the
//!   centre of every cell) draw squares, Hexoban hexagons (odd rows shifted half a cell,
//!   as in the board text), Trioban triangles and Octoban octagons with the small squares
//!   between them ([`Tiling`]); walls, floor, goals, boxes and pushers on or off goals,
//!   Sokoban+ IDs when enabled; cells outside the play area are left as background.
//! * [`Options`]: cell size, [`Theme`] (light or dark, each a [`Palette`] of [`Rgb`]
//!   colours), row/column labels, [`Highlight`]ed cell sets.
//! * Solutions: [`position_after`] a number of steps, and a [`Playback`] of the whole
//!   moves, made into an [`Animation`]: [`Animation::to_svg`] plays in a browser,
//!   [`Animation::to_html`] is a self-contained page with play/pause, steps and a
//!   slider, [`Animation::frame_svg`] is any single frame.
//! * The other games: [`tilewe_svg`] and [`tilewe_animation`], [`sun_svg`] and
//!   [`sun_animation`], [`hanoi_svg`] and [`hanoi_animation`].
//! * [`svg_to_png`] (feature `png`) rasterizes any of them with `resvg`.
//! * Errors: [`RenderError`].
//!
//! Output is deterministic: the same input gives the same bytes on every machine. Text
//! (labels, IDs) is drawn as strokes, so no fonts are needed anywhere.
//!
//! ```
//! use sokoengine_board::Puzzle;
//! use sokoengine_geometry::Tessellation;
//! use sokoengine_io::{Moves, ReplayOptions};
//! use sokoengine_render::{Options, Playback, Theme, puzzle_svg};
//!
//! let puzzle = Puzzle::parse(Tessellation::Hexoban, "  # # # #\n # @ $ . #\n  # # # #")?;
//! let options = Options::new().cell(40.0).theme(Theme::Dark).labels(true);
//! let still = puzzle_svg(&puzzle, &options)?;
//! assert!(still.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//!
//! let playback = Playback::new(&puzzle, &Moves::parse("R")?, ReplayOptions::new())?;
//! assert!(playback.is_solved());
//! let animation = playback.animation(&options)?;
//! assert_eq!(animation.frame_count(), 2);
//! let page = animation.to_html("Hexoban in one push");
//! assert!(page.contains("<button id=\"play\""));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod animation;
mod board;
mod color;
mod error;
mod font;
mod hanoi;
mod limits;
mod options;
mod playback;
#[cfg(feature = "png")]
mod png;
mod sun;
mod svg;
mod tilewe;
mod tiling;

pub use animation::{Animation, MAX_FRAMES, svg_page};
pub use board::{BoardPicture, MAX_PICTURE_CELLS, board_svg, puzzle_svg};
pub use color::{Palette, ParseRgbError, ParseThemeError, Rgb, Theme};
pub use error::RenderError;
pub use hanoi::{hanoi_animation, hanoi_svg};
pub use limits::{MAX_CELL, MIN_CELL};
pub use options::{Highlight, Options};
pub use playback::{Playback, position_after};
#[cfg(feature = "png")]
pub use png::svg_to_png;
pub use sun::{sun_animation, sun_svg};
pub use tilewe::{tilewe_animation, tilewe_svg};
pub use tiling::{Point, Tiling};

/// The most pixels a PNG may have (50 million: 200 MB of pixels while drawing).
pub const MAX_PNG_PIXELS: u64 = 50_000_000;

/// The most SVG nodes the PNG rasterizer reads (`resvg`'s own bound, which it reports
/// without the number).
pub const MAX_PNG_NODES: usize = 1_000_000;

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
