//! The eight movement directions.

use std::fmt;
use std::str::FromStr;

/// One of the eight directions a piece can move in.
///
/// The numeric values are fixed by the specification (`UP = 0`, then clockwise in
/// steps of 45 degrees), so `opposite` is `(d + 4) mod 8`. Which directions are
/// legal depends on the [`Tessellation`](crate::Tessellation).
///
/// `Display` writes the direction in words (`left`, `north-east`); [`Direction::name`]
/// gives the specification's name (`LEFT`) and [`Direction::qualified_name`] the
/// `Direction.LEFT` form of the specification's error messages.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Direction;
///
/// assert_eq!(Direction::Left.opposite(), Direction::Right);
/// assert_eq!(Direction::NorthEast as u8, 1);
/// assert_eq!(Direction::Left.to_string(), "left");
/// assert_eq!(Direction::NorthEast.to_string(), "north-east");
/// assert_eq!(Direction::Left.name(), "LEFT");
/// assert_eq!(Direction::Left.qualified_name(), "Direction.LEFT");
/// assert_eq!("north_west".parse::<Direction>()?, Direction::NorthWest);
/// # Ok::<(), sokoengine_geometry::ParseDirectionError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "SCREAMING_SNAKE_CASE"))]
#[repr(u8)]
pub enum Direction {
    /// Towards row `y - 1`.
    Up = 0,
    /// Up and to the right.
    NorthEast = 1,
    /// Towards column `x + 1`.
    Right = 2,
    /// Down and to the right.
    SouthEast = 3,
    /// Towards row `y + 1`.
    Down = 4,
    /// Down and to the left.
    SouthWest = 5,
    /// Towards column `x - 1`.
    Left = 6,
    /// Up and to the left.
    NorthWest = 7,
}

const NAMES: [&str; 8] = [
    "UP",
    "NORTH_EAST",
    "RIGHT",
    "SOUTH_EAST",
    "DOWN",
    "SOUTH_WEST",
    "LEFT",
    "NORTH_WEST",
];

const WORDS: [&str; 8] = [
    "up",
    "north-east",
    "right",
    "south-east",
    "down",
    "south-west",
    "left",
    "north-west",
];

const QUALIFIED_NAMES: [&str; 8] = [
    "Direction.UP",
    "Direction.NORTH_EAST",
    "Direction.RIGHT",
    "Direction.SOUTH_EAST",
    "Direction.DOWN",
    "Direction.SOUTH_WEST",
    "Direction.LEFT",
    "Direction.NORTH_WEST",
];

impl Direction {
    /// Number of directions.
    pub const COUNT: usize = 8;

    /// All directions in numeric order (`UP`, `NORTH_EAST`, ..., `NORTH_WEST`).
    pub const ALL: [Direction; 8] = [
        Direction::Up,
        Direction::NorthEast,
        Direction::Right,
        Direction::SouthEast,
        Direction::Down,
        Direction::SouthWest,
        Direction::Left,
        Direction::NorthWest,
    ];

    /// The numeric value as an index (`0..8`), handy for per-direction tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction with numeric value `value`, or `None` for `value >= 8`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::Direction;
    /// assert_eq!(Direction::from_index(6), Some(Direction::Left));
    /// assert_eq!(Direction::from_index(8), None);
    /// ```
    #[inline]
    pub const fn from_index(value: usize) -> Option<Direction> {
        if value < 8 {
            Some(Direction::ALL[value])
        } else {
            None
        }
    }

    /// The direction pointing the other way: `(d + 4) mod 8`.
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[self.opposite_index()]
    }

    /// The [`index`](Direction::index) of the [`opposite`](Direction::opposite) direction,
    /// computed from the number (`index ^ 4`: one instruction, where going through the
    /// direction costs a table look-up), for tables indexed by direction.
    ///
    /// ```
    /// use sokoengine_geometry::Direction;
    /// for direction in Direction::ALL {
    ///     assert_eq!(direction.opposite_index(), direction.opposite().index());
    /// }
    /// ```
    #[inline]
    pub const fn opposite_index(self) -> usize {
        self as usize ^ 4
    }

    /// The upper-case name, as in the specification: `LEFT`, `NORTH_EAST`, ...
    #[inline]
    pub const fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The direction in words, as `Display` writes it: `left`, `north-east`, ...
    #[inline]
    pub const fn words(self) -> &'static str {
        WORDS[self as usize]
    }

    /// The name as written in the specification's error messages: `Direction.LEFT`.
    #[inline]
    pub const fn qualified_name(self) -> &'static str {
        QUALIFIED_NAMES[self as usize]
    }
}

impl fmt::Display for Direction {
    /// The direction in words ([`Direction::words`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// The text given to [`Direction::from_str`] names no direction.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Direction;
///
/// assert_eq!("north_east".parse::<Direction>(), Ok(Direction::NorthEast));
/// assert_eq!("Direction.LEFT".parse::<Direction>(), Ok(Direction::Left));
/// assert_eq!("sideways".parse::<Direction>().unwrap_err().to_string(), "Unknown direction name 'sideways'!");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Unknown direction name '{name}'!")]
#[non_exhaustive]
pub struct ParseDirectionError {
    /// The rejected text.
    pub name: String,
}

impl FromStr for Direction {
    type Err = ParseDirectionError;

    /// Parses a name case-insensitively, with or without the `Direction.` prefix
    /// (`LEFT`, `left`, `Direction.NORTH_EAST`), or the words `Display` writes
    /// (`north-east`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bare = text
            .get(..10)
            .filter(|prefix| prefix.eq_ignore_ascii_case("direction."))
            .map_or(text, |_| &text[10..]);
        Direction::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(bare) || d.words().eq_ignore_ascii_case(bare))
            .ok_or_else(|| ParseDirectionError {
                name: text.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_values_and_opposites_follow_the_spec() {
        let expected = [
            (Direction::Up, 0, Direction::Down),
            (Direction::NorthEast, 1, Direction::SouthWest),
            (Direction::Right, 2, Direction::Left),
            (Direction::SouthEast, 3, Direction::NorthWest),
            (Direction::Down, 4, Direction::Up),
            (Direction::SouthWest, 5, Direction::NorthEast),
            (Direction::Left, 6, Direction::Right),
            (Direction::NorthWest, 7, Direction::SouthEast),
        ];
        for (direction, value, opposite) in expected {
            assert_eq!(direction as u8, value);
            assert_eq!(direction.index(), value as usize);
            assert_eq!(Direction::from_index(value as usize), Some(direction));
            assert_eq!(direction.opposite(), opposite);
            assert_eq!(direction.opposite().opposite(), direction);
        }
    }

    #[test]
    fn names_round_trip() {
        for direction in Direction::ALL {
            assert_eq!(direction.to_string().parse::<Direction>(), Ok(direction));
            assert_eq!(
                direction.qualified_name().parse::<Direction>(),
                Ok(direction)
            );
            assert_eq!(
                direction.name().to_lowercase().parse::<Direction>(),
                Ok(direction)
            );
            assert_eq!(
                direction.qualified_name(),
                format!("Direction.{}", direction.name())
            );
        }
        assert!("Direction.".parse::<Direction>().is_err());
        assert!("UPP".parse::<Direction>().is_err());
        assert!("ééééééééééé".parse::<Direction>().is_err());
    }
}
