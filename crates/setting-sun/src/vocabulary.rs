//! Small `Copy` vocabulary: cells, directions, piece shapes and move metrics.

use std::fmt;

/// A cell of the board: `(row, column)`, with `(0, 0)` at the top-left.
///
/// A piece is placed by the cell of its top-left corner.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::Cell;
///
/// let cell = Cell::new(3, 1);
/// assert_eq!((cell.row(), cell.column()), (3, 1));
/// assert_eq!(cell.to_string(), "(3,1)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    row: u8,
    column: u8,
}

impl Cell {
    /// The cell at `row` and `column` (0-based).
    #[must_use]
    pub const fn new(row: u8, column: u8) -> Self {
        Self { row, column }
    }

    /// The row, 0 at the top.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The column, 0 at the left.
    #[must_use]
    pub const fn column(self) -> u8 {
        self.column
    }

    /// The neighbouring cell in `direction`, or `None` when it would leave the
    /// non-negative quadrant (the board's far edges are checked by the board).
    #[must_use]
    pub const fn neighbor(self, direction: Direction) -> Option<Self> {
        match direction {
            Direction::Up if self.row > 0 => Some(Self::new(self.row - 1, self.column)),
            Direction::Down if self.row < u8::MAX => Some(Self::new(self.row + 1, self.column)),
            Direction::Left if self.column > 0 => Some(Self::new(self.row, self.column - 1)),
            Direction::Right if self.column < u8::MAX => Some(Self::new(self.row, self.column + 1)),
            _ => None,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.column)
    }
}

/// One of the four directions a piece can move in.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::Direction;
///
/// assert_eq!(Direction::from_key('w'), Some(Direction::Up));
/// assert_eq!(Direction::Left.opposite(), Direction::Right);
/// assert_eq!(Direction::Down.to_string(), "down");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Direction {
    /// All directions, in the order used for move generation.
    pub const ALL: [Self; 4] = [Self::Up, Self::Down, Self::Left, Self::Right];
    /// The number of directions.
    pub const COUNT: usize = 4;

    /// The index of the direction in [`Direction::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction with index `index` in [`Direction::ALL`] (taken modulo 4).
    #[must_use]
    pub const fn from_index(index: usize) -> Self {
        Self::ALL[index % 4]
    }

    /// The reverse direction.
    #[must_use]
    pub const fn opposite(self) -> Self {
        match self {
            Self::Up => Self::Down,
            Self::Down => Self::Up,
            Self::Left => Self::Right,
            Self::Right => Self::Left,
        }
    }

    /// The row and column change of one step.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Self::Up => (-1, 0),
            Self::Down => (1, 0),
            Self::Left => (0, -1),
            Self::Right => (0, 1),
        }
    }

    /// The direction of a game key: `w` up, `a` left, `s` down, `d` right.
    #[must_use]
    pub const fn from_key(key: char) -> Option<Self> {
        match key {
            'w' => Some(Self::Up),
            'a' => Some(Self::Left),
            's' => Some(Self::Down),
            'd' => Some(Self::Right),
            _ => None,
        }
    }

    /// The lower-case name: `up`, `down`, `left` or `right`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Up => "up",
            Self::Down => "down",
            Self::Left => "left",
            Self::Right => "right",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The shape of a piece. Pieces of one shape are interchangeable.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::Shape;
///
/// assert_eq!(Shape::from_letter('B'), Some(Shape::Sun));
/// assert_eq!(Shape::Vertical.size(), (2, 1));
/// assert_eq!(Shape::Horizontal.code(), 0b011);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Shape {
    /// A 1×1 square, letter `s`.
    Small,
    /// A 2×1 (two rows, one column) domino, letter `v`.
    Vertical,
    /// A 1×2 (one row, two columns) domino, letter `h`.
    Horizontal,
    /// The 2×2 sun, letter `B`.
    Sun,
}

impl Shape {
    /// All shapes, smallest code first.
    pub const ALL: [Self; 4] = [Self::Small, Self::Vertical, Self::Horizontal, Self::Sun];
    /// The number of shapes.
    pub const COUNT: usize = 4;

    /// The index of the shape in [`Shape::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `(height, width)` in cells.
    #[must_use]
    pub const fn size(self) -> (u8, u8) {
        match self {
            Self::Small => (1, 1),
            Self::Vertical => (2, 1),
            Self::Horizontal => (1, 2),
            Self::Sun => (2, 2),
        }
    }

    /// The picture letter: `s`, `v`, `h` or `B`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::Small => 's',
            Self::Vertical => 'v',
            Self::Horizontal => 'h',
            Self::Sun => 'B',
        }
    }

    /// The shape of a picture letter (`.` and anything else give `None`).
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Self> {
        match letter {
            's' => Some(Self::Small),
            'v' => Some(Self::Vertical),
            'h' => Some(Self::Horizontal),
            'B' => Some(Self::Sun),
            _ => None,
        }
    }

    /// The 3-bit code of the canonical key: 1×1 `001`, 2×1 `010`, 1×2 `011`, 2×2 `100`
    /// (empty cells are `000`).
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8 + 1
    }

    /// The shape of a 3-bit key code (0 and codes above 4 give `None`).
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Self> {
        match code {
            1 => Some(Self::Small),
            2 => Some(Self::Vertical),
            3 => Some(Self::Horizontal),
            4 => Some(Self::Sun),
            _ => None,
        }
    }

    /// A readable name: `1x1`, `2x1`, `1x2` or `2x2`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Small => "1x1",
            Self::Vertical => "2x1",
            Self::Horizontal => "1x2",
            Self::Sun => "2x2",
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How moves are counted. The optimal solution length depends on it.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::Metric;
///
/// assert_eq!("slide".parse::<Metric>(), Ok(Metric::Slide));
/// assert_eq!(Metric::Piece.to_string(), "piece");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Metric {
    /// One piece moves one cell up, down, left or right.
    #[default]
    Step,
    /// One piece slides one or more cells in one straight direction (also called "line").
    Slide,
    /// One piece moves any number of cells along any path, turns allowed.
    Piece,
}

impl Metric {
    /// All metrics.
    pub const ALL: [Self; 3] = [Self::Step, Self::Slide, Self::Piece];

    /// The lower-case name: `step`, `slide` or `piece`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Step => "step",
            Self::Slide => "slide",
            Self::Piece => "piece",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A metric name that is none of `step`, `slide` (or `line`) and `piece`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown metric {0:?}: expected step, slide or piece")]
pub struct UnknownMetric(pub String);

impl std::str::FromStr for Metric {
    type Err = UnknownMetric;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "step" => Ok(Self::Step),
            "slide" | "line" => Ok(Self::Slide),
            "piece" => Ok(Self::Piece),
            other => Err(UnknownMetric(other.to_owned())),
        }
    }
}
