//! Directions, tessellations and neighbour rules of the Sokoban family.
//!
//! A board is a `width × height` grid addressed by row-major positions
//! (`pos = y * width + x`, see [`index_1d`]). What "neighbour" means depends on the
//! [`Tessellation`]: squares (Sokoban), hexagons (Hexoban), triangles (Trioban) or
//! octagons and squares (Octoban). Each tessellation has its legal [`Direction`]s in
//! a fixed order, a [`TileShape`] per cell, and its step letters (`l`, `R`, ...).
//!
//! ```
//! use sokoengine_geometry::{Direction, Tessellation, TileShape};
//!
//! let trioban: Tessellation = "trioban".parse()?;
//! // (1,0) of a 5×5 board points up: north-east is (2,0), south-east is (1,1).
//! assert_eq!(trioban.tile_shape(1, 5), TileShape::Default);
//! assert_eq!(trioban.neighbor(1, Direction::NorthEast, 5, 5), Some(2));
//! assert_eq!(trioban.neighbor(1, Direction::SouthEast, 5, 5), Some(6));
//! assert_eq!(trioban.parse_step_char('n')?, (Direction::NorthEast, false));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod direction;
mod index;
mod tessellation;

pub use direction::{Direction, ParseDirectionError};
pub use index::{
    cell_name, index_1d, index_column, index_row, index_x, index_y, is_on_board_1d, is_on_board_2d,
};
pub use tessellation::{GeometryError, ParseTessellationError, Tessellation, TileShape};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
