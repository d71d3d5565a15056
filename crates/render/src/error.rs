//! The error of every drawing operation.

use sokoengine_board::SizeError;
use sokoengine_io::ReplayError;

/// Why a picture could not be drawn.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// [`Options::cell`](crate::Options::cell) is not a number of pixels in range.
    #[error(
        "cell size {cell} is out of range: expected {min} to {max} pixels",
        min = crate::limits::MIN_CELL,
        max = crate::limits::MAX_CELL
    )]
    CellSize {
        /// The rejected size.
        cell: f64,
    },
    /// [`Options::frame_seconds`](crate::Options::frame_seconds) is out of range.
    #[error("frame duration {seconds} s is out of range: expected 0.01 to 60 seconds")]
    FrameSeconds {
        /// The rejected duration.
        seconds: f64,
    },
    /// The board is larger than the limits of a board graph.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A board with more cells than a picture may have.
    #[error("the board has {cells} cells, more than a picture may have ({max})")]
    TooManyCells {
        /// The board's cells.
        cells: usize,
        /// The limit, [`MAX_PICTURE_CELLS`](crate::MAX_PICTURE_CELLS).
        max: usize,
    },
    /// A board of another size than the picture was made for.
    #[error(
        "the board is {actual_width}x{actual_height}, the picture was made for {width}x{height}"
    )]
    BoardSize {
        /// The picture's width in cells.
        width: usize,
        /// The picture's height in cells.
        height: usize,
        /// The board's width in cells.
        actual_width: usize,
        /// The board's height in cells.
        actual_height: usize,
    },
    /// The moves could not be replayed from the start (bad letters, an unplayable board,
    /// invalid Sokoban+ orders), or a step was refused before the position asked for.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A position after more steps than the moves have.
    #[error("step {asked} is beyond the end of the moves ({available} steps)")]
    StepOutOfRange {
        /// The step asked for.
        asked: usize,
        /// The steps the moves have.
        available: usize,
    },
    /// A move of an extra game that its position refuses.
    #[error("move {index} ({text}): {message}")]
    Move {
        /// 0-based index of the move.
        index: usize,
        /// The move as text.
        text: String,
        /// Why it was refused.
        message: String,
    },
    /// More frames than an animation may have.
    #[error("{frames} frames are too many for an animation (at most {max})")]
    TooManyFrames {
        /// The frames asked for.
        frames: usize,
        /// The limit, [`MAX_FRAMES`](crate::MAX_FRAMES).
        max: usize,
    },
    /// A picture too large to rasterize.
    #[error(
        "the picture is {width}x{height} pixels, more than a PNG may have ({max_pixels} pixels); draw smaller cells"
    )]
    TooLarge {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// The most pixels a PNG may have, [`MAX_PNG_PIXELS`](crate::MAX_PNG_PIXELS).
        max_pixels: u64,
    },
    /// A picture of more SVG nodes than the rasterizer reads.
    #[error(
        "the picture has more than {max} SVG nodes, more than the PNG rasterizer reads; draw it as svg or html"
    )]
    TooManyNodes {
        /// The limit, [`MAX_PNG_NODES`](crate::MAX_PNG_NODES).
        max: usize,
    },
    /// The rasterizer could not read or encode the picture.
    #[error("PNG: {0}")]
    Png(String),
}
