//! How a picture is drawn: cell size, theme, labels, highlighted cells, animation speed.

use sokoengine_board::BoardPosition;

use crate::color::{Palette, Rgb, Theme};
use crate::error::RenderError;
use crate::limits::{MAX_CELL, MIN_CELL};

/// A set of cells drawn tinted with a colour, between the floor and the pieces: dead
/// squares from a solver, the pusher's reachable area, the cells a move touched...
///
/// # Examples
///
/// ```
/// use sokoengine_render::{Highlight, Options, Rgb};
///
/// let dead = Highlight::new(Rgb::from_hex(0xff0000), [9, 10, 11]);
/// let options = Options::new().highlight(dead);
/// assert_eq!(options.highlights[0].cells, [9, 10, 11]);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Highlight {
    /// The tint.
    pub color: Rgb,
    /// Opacity of the tint, 0 to 1 (default 0.45).
    pub opacity: f64,
    /// Board positions (row-major, as everywhere in sokoengine); positions off the board
    /// are ignored.
    pub cells: Vec<BoardPosition>,
}

impl Highlight {
    /// Cells tinted with `color` at the default opacity.
    /// A cell is a [`BoardPosition`] or a plain row-major index.
    pub fn new(color: Rgb, cells: impl IntoIterator<Item = impl Into<BoardPosition>>) -> Highlight {
        Highlight {
            color,
            opacity: 0.45,
            cells: cells.into_iter().map(Into::into).collect(),
        }
    }

    /// The same highlight with another opacity (clamped to 0..=1).
    #[must_use]
    pub fn opacity(mut self, opacity: f64) -> Highlight {
        self.opacity = if opacity.is_finite() {
            opacity.clamp(0.0, 1.0)
        } else {
            0.45
        };
        self
    }
}

/// Drawing options shared by every picture.
///
/// # Examples
///
/// ```
/// use sokoengine_render::{Options, Theme};
///
/// let options = Options::new().cell(48.0).theme(Theme::Dark).labels(true);
/// assert_eq!((options.cell, options.theme, options.labels), (48.0, Theme::Dark, true));
/// assert_eq!(Options::default().cell, 32.0);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Options {
    /// The size of a cell in pixels: the distance between the centres of two cells side
    /// by side in a row (a Sokoban square's side, a Hexoban hexagon's width, half a
    /// Trioban triangle's side, the Octoban grid step). Default 32; accepted from
    /// [`MIN_CELL`] to [`MAX_CELL`].
    pub cell: f64,
    /// The colour theme.
    pub theme: Theme,
    /// Row and column numbers (from 1, as people count) around a board; coordinates
    /// `a..t` and `1..20` and the scores on a Tilewe board; peg and disk numbers in Hanoi.
    pub labels: bool,
    /// Tinted cell sets, drawn in order.
    pub highlights: Vec<Highlight>,
    /// Seconds per frame of an animation (default 0.25).
    pub frame_seconds: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            cell: 32.0,
            theme: Theme::Light,
            labels: false,
            highlights: Vec::new(),
            frame_seconds: 0.25,
        }
    }
}

impl Options {
    /// The defaults: 32-pixel cells, light theme, no labels, no highlights.
    pub fn new() -> Options {
        Options::default()
    }

    /// With this cell size in pixels (checked when a picture is drawn).
    #[must_use]
    pub fn cell(mut self, cell: f64) -> Options {
        self.cell = cell;
        self
    }

    /// With this theme.
    #[must_use]
    pub fn theme(mut self, theme: Theme) -> Options {
        self.theme = theme;
        self
    }

    /// With or without labels.
    #[must_use]
    pub fn labels(mut self, labels: bool) -> Options {
        self.labels = labels;
        self
    }

    /// With one more highlighted cell set.
    #[must_use]
    pub fn highlight(mut self, highlight: Highlight) -> Options {
        self.highlights.push(highlight);
        self
    }

    /// With this many seconds per animation frame (checked when an animation is drawn).
    #[must_use]
    pub fn frame_seconds(mut self, seconds: f64) -> Options {
        self.frame_seconds = seconds;
        self
    }

    /// The colours of the theme.
    pub const fn palette(&self) -> &'static Palette {
        self.theme.palette()
    }

    /// The cell size, checked.
    pub(crate) fn checked_cell(&self) -> Result<f64, RenderError> {
        if self.cell.is_finite() && (MIN_CELL..=MAX_CELL).contains(&self.cell) {
            Ok(self.cell)
        } else {
            Err(RenderError::CellSize { cell: self.cell })
        }
    }

    /// Seconds per frame, checked.
    pub(crate) fn checked_frame_seconds(&self) -> Result<f64, RenderError> {
        if self.frame_seconds.is_finite() && (0.01..=60.0).contains(&self.frame_seconds) {
            Ok(self.frame_seconds)
        } else {
            Err(RenderError::FrameSeconds {
                seconds: self.frame_seconds,
            })
        }
    }
}
