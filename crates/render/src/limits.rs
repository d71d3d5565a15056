//! The cell sizes the drawing options accept: the numbers both the options' check and the
//! error that names the range read.

/// The smallest cell size accepted, in pixels.
pub const MIN_CELL: f64 = 4.0;
/// The largest cell size accepted, in pixels.
pub const MAX_CELL: f64 = 512.0;
