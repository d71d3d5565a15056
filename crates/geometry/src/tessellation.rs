//! The four board geometries and their neighbour rules.

use std::fmt;
use std::str::FromStr;

use crate::{Direction, index_x, index_y};

/// The shape of one cell, which decides the diagonal neighbours in Trioban and
/// Octoban.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::{Tessellation, TileShape};
/// // The Trioban origin points down; its right neighbour points up.
/// assert_eq!(Tessellation::Trioban.tile_shape(0, 5), TileShape::TriangleDown);
/// assert_eq!(Tessellation::Trioban.tile_shape(1, 5), TileShape::Default);
/// assert_eq!(Tessellation::Octoban.tile_shape(0, 5), TileShape::Octagon);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "SCREAMING_SNAKE_CASE"))]
pub enum TileShape {
    /// Square (Sokoban, Octoban squares), hexagon (Hexoban) or up-pointing triangle
    /// (Trioban).
    Default,
    /// A Trioban triangle pointing down.
    TriangleDown,
    /// An Octoban octagon (the only Octoban cells with diagonal neighbours).
    Octagon,
}

impl TileShape {
    /// The upper-case name used by the reference: `DEFAULT`, `TRIANGLE_DOWN`, `OCTAGON`.
    pub const fn name(self) -> &'static str {
        match self {
            TileShape::Default => "DEFAULT",
            TileShape::TriangleDown => "TRIANGLE_DOWN",
            TileShape::Octagon => "OCTAGON",
        }
    }
}

impl fmt::Display for TileShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board geometry of the Sokoban family.
///
/// Positions are row-major (`y * width + x`); see the crate documentation for the
/// neighbour rules. `Display` writes the capitalised name (`Hexoban`), which is also
/// what a `.sok` `Game:` tag holds; `FromStr` accepts the four names in any case.
/// Error messages use [`Tessellation::class_name`] (`HexobanTessellation`).
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let hexoban: Tessellation = "HEXOBAN".parse()?;
/// assert_eq!(hexoban, Tessellation::Hexoban);
/// assert_eq!(hexoban.to_string(), "Hexoban");
/// // From (1,1) of a 5×5 board, north-east is (2,0).
/// assert_eq!(hexoban.neighbor(6, Direction::NorthEast, 5, 5), Some(2));
/// assert_eq!(hexoban.neighbor(6, Direction::Up, 5, 5), None);
/// # Ok::<(), sokoengine_geometry::ParseTessellationError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Tessellation {
    /// Squares, four directions.
    #[default]
    Sokoban = 0,
    /// Hexagons, odd rows shifted right by half a cell; six directions.
    Hexoban = 1,
    /// Triangles alternating up and down; six directions onto at most three cells.
    Trioban = 2,
    /// Octagons and squares in a checkerboard; diagonals only from octagons.
    Octoban = 3,
}

use Direction::{Down, Left, NorthEast, NorthWest, Right, SouthEast, SouthWest, Up};

const SOKOBAN_DIRECTIONS: [Direction; 4] = [Left, Right, Up, Down];
const HEXOBAN_DIRECTIONS: [Direction; 6] =
    [Left, Right, NorthEast, NorthWest, SouthEast, SouthWest];
const OCTOBAN_DIRECTIONS: [Direction; 8] = [
    Left, Right, Up, Down, NorthEast, NorthWest, SouthEast, SouthWest,
];

/// Step letters (lower case = move) per tessellation, indexed by direction value;
/// `0` marks a direction without a letter.
const SOKOBAN_LETTERS: [u8; 8] = [b'u', 0, b'r', 0, b'd', 0, b'l', 0];
const HEX_TRI_LETTERS: [u8; 8] = [0, b'n', b'r', b'd', 0, b's', b'l', b'u'];
const OCTOBAN_LETTERS: [u8; 8] = [b'u', b'n', b'r', b'e', b'd', b's', b'l', b'w'];

impl Tessellation {
    /// Number of tessellations.
    pub const COUNT: usize = 4;

    /// All tessellations in numeric order.
    pub const ALL: [Tessellation; 4] = [
        Tessellation::Sokoban,
        Tessellation::Hexoban,
        Tessellation::Trioban,
        Tessellation::Octoban,
    ];

    /// The capitalised name: `Sokoban`, `Hexoban`, `Trioban`, `Octoban`.
    pub const fn name(self) -> &'static str {
        match self {
            Tessellation::Sokoban => "Sokoban",
            Tessellation::Hexoban => "Hexoban",
            Tessellation::Trioban => "Trioban",
            Tessellation::Octoban => "Octoban",
        }
    }

    /// The lower-case name, as used by the command line (`--variant hexoban`).
    pub const fn lowercase_name(self) -> &'static str {
        match self {
            Tessellation::Sokoban => "sokoban",
            Tessellation::Hexoban => "hexoban",
            Tessellation::Trioban => "trioban",
            Tessellation::Octoban => "octoban",
        }
    }

    /// The name used in error messages: `SokobanTessellation`, ...
    pub const fn class_name(self) -> &'static str {
        match self {
            Tessellation::Sokoban => "SokobanTessellation",
            Tessellation::Hexoban => "HexobanTessellation",
            Tessellation::Trioban => "TriobanTessellation",
            Tessellation::Octoban => "OctobanTessellation",
        }
    }

    /// The legal directions in the specification's order, which is also the order in
    /// which graph edges are created and searches visit neighbours.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::{Direction::*, Tessellation};
    /// assert_eq!(Tessellation::Sokoban.legal_directions(), &[Left, Right, Up, Down]);
    /// ```
    #[inline]
    pub const fn legal_directions(self) -> &'static [Direction] {
        match self {
            Tessellation::Sokoban => &SOKOBAN_DIRECTIONS,
            Tessellation::Hexoban | Tessellation::Trioban => &HEXOBAN_DIRECTIONS,
            Tessellation::Octoban => &OCTOBAN_DIRECTIONS,
        }
    }

    /// Whether `direction` is legal in this tessellation.
    #[inline]
    pub const fn is_legal(self, direction: Direction) -> bool {
        match self {
            Tessellation::Sokoban => matches!(direction, Left | Right | Up | Down),
            Tessellation::Hexoban | Tessellation::Trioban => !matches!(direction, Up | Down),
            Tessellation::Octoban => true,
        }
    }

    /// The shape of the cell at `position` on a board `width` cells wide.
    #[inline]
    pub const fn tile_shape(self, position: usize, width: usize) -> TileShape {
        self.tile_shape_xy(index_x(position, width), index_y(position, width))
    }

    /// The shape of the cell at column `x`, row `y`.
    #[inline]
    pub const fn tile_shape_xy(self, x: usize, y: usize) -> TileShape {
        let even = (x + y % 2) % 2 == 0;
        match self {
            Tessellation::Trioban if even => TileShape::TriangleDown,
            Tessellation::Octoban if even => TileShape::Octagon,
            _ => TileShape::Default,
        }
    }

    /// The step `(dx, dy)` from column `x`, row `y` in `direction`, or `None` when
    /// the direction is illegal here or, for an Octoban square, diagonal.
    #[inline]
    const fn offset(self, x: usize, y: usize, direction: Direction) -> Option<(i64, i64)> {
        match (direction, self) {
            (Left, _) => Some((-1, 0)),
            (Right, _) => Some((1, 0)),
            (Up, Tessellation::Sokoban | Tessellation::Octoban) => Some((0, -1)),
            (Down, Tessellation::Sokoban | Tessellation::Octoban) => Some((0, 1)),
            (Up | Down, _) | (_, Tessellation::Sokoban) => None,
            (_, Tessellation::Hexoban) => {
                let odd = (y % 2) as i64;
                match direction {
                    NorthEast => Some((odd, -1)),
                    NorthWest => Some((odd - 1, -1)),
                    SouthEast => Some((odd, 1)),
                    _ => Some((odd - 1, 1)),
                }
            }
            (_, Tessellation::Trioban) => {
                let down = matches!(self.tile_shape_xy(x, y), TileShape::TriangleDown);
                match (direction, down) {
                    (NorthEast | NorthWest, true) => Some((0, -1)),
                    (SouthEast, true) | (NorthEast, false) => Some((1, 0)),
                    (SouthWest, true) | (NorthWest, false) => Some((-1, 0)),
                    _ => Some((0, 1)),
                }
            }
            (_, Tessellation::Octoban) => {
                if !matches!(self.tile_shape_xy(x, y), TileShape::Octagon) {
                    return None;
                }
                match direction {
                    NorthEast => Some((1, -1)),
                    NorthWest => Some((-1, -1)),
                    SouthEast => Some((1, 1)),
                    _ => Some((-1, 1)),
                }
            }
        }
    }

    /// The neighbour of column `x`, row `y` in `direction` as `(x, y)`, or `None`
    /// when it is off the `width × height` board or the direction leads nowhere.
    #[inline]
    pub const fn neighbor_xy(
        self,
        x: usize,
        y: usize,
        direction: Direction,
        width: usize,
        height: usize,
    ) -> Option<(usize, usize)> {
        let Some((dx, dy)) = self.offset(x, y, direction) else {
            return None;
        };
        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
        if crate::is_on_board_2d(nx, ny, width, height) {
            Some((nx as usize, ny as usize))
        } else {
            None
        }
    }

    /// The neighbour of `position` in `direction` on a `width × height` board, or
    /// `None` when it is off the board, the direction is illegal here, or
    /// `position` itself is off the board.
    ///
    /// This is the arithmetic rule; `BoardGraph` (crate `sokoengine-board`)
    /// precomputes it into a table for search.
    #[inline]
    pub const fn neighbor(
        self,
        position: usize,
        direction: Direction,
        width: usize,
        height: usize,
    ) -> Option<usize> {
        if !crate::is_on_board_1d(position, width, height) {
            return None;
        }
        match self.neighbor_xy(position % width, position / width, direction, width, height) {
            Some((x, y)) => Some(y * width + x),
            None => None,
        }
    }

    /// Like [`Tessellation::neighbor`], but tells an illegal direction and an
    /// off-board source apart from "no neighbour there".
    ///
    /// # Errors
    ///
    /// [`GeometryError::IllegalDirection`] when `direction` is not legal in this
    /// tessellation, [`GeometryError::PositionOutOfRange`] when `position` is not on
    /// the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::{Direction, GeometryError, Tessellation};
    /// let sokoban = Tessellation::Sokoban;
    /// assert_eq!(sokoban.try_neighbor(0, Direction::Right, 10, 10), Ok(Some(1)));
    /// assert_eq!(sokoban.try_neighbor(0, Direction::Left, 10, 10), Ok(None));
    /// assert!(matches!(
    ///     sokoban.try_neighbor(0, Direction::NorthEast, 10, 10),
    ///     Err(GeometryError::IllegalDirection { .. })
    /// ));
    /// ```
    pub const fn try_neighbor(
        self,
        position: usize,
        direction: Direction,
        width: usize,
        height: usize,
    ) -> Result<Option<usize>, GeometryError> {
        if !self.is_legal(direction) {
            return Err(GeometryError::IllegalDirection {
                tessellation: self,
                direction,
            });
        }
        if !crate::is_on_board_1d(position, width, height) {
            return Err(GeometryError::PositionOutOfRange { position });
        }
        Ok(self.neighbor(position, direction, width, height))
    }

    /// The step letter for `direction`: lower case for a move, upper case for a
    /// push (or a pull in reverse mode).
    ///
    /// # Errors
    ///
    /// [`GeometryError::IllegalDirection`] when the direction has no letter here.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// assert_eq!(Tessellation::Hexoban.step_char(Direction::NorthWest, true), Ok('U'));
    /// assert_eq!(Tessellation::Octoban.step_char(Direction::SouthEast, false), Ok('e'));
    /// ```
    pub const fn step_char(
        self,
        direction: Direction,
        is_push: bool,
    ) -> Result<char, GeometryError> {
        let letters = match self {
            Tessellation::Sokoban => &SOKOBAN_LETTERS,
            Tessellation::Hexoban | Tessellation::Trioban => &HEX_TRI_LETTERS,
            Tessellation::Octoban => &OCTOBAN_LETTERS,
        };
        let letter = letters[direction as usize];
        if letter == 0 {
            return Err(GeometryError::IllegalDirection {
                tessellation: self,
                direction,
            });
        }
        Ok(if is_push {
            letter.to_ascii_uppercase() as char
        } else {
            letter as char
        })
    }

    /// The direction of a step letter and whether it is a push (upper case).
    ///
    /// # Errors
    ///
    /// [`GeometryError::IllegalStepCharacter`] when the letter means nothing in this
    /// tessellation; its message is
    /// `Illegal PusherStep character '{c}' in {Variant}Tessellation!`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// assert_eq!(Tessellation::Trioban.parse_step_char('N'), Ok((Direction::NorthEast, true)));
    /// let error = Tessellation::Sokoban.parse_step_char('n').unwrap_err();
    /// assert_eq!(error.to_string(), "Illegal PusherStep character 'n' in SokobanTessellation!");
    /// ```
    pub const fn parse_step_char(
        self,
        character: char,
    ) -> Result<(Direction, bool), GeometryError> {
        let letters = match self {
            Tessellation::Sokoban => &SOKOBAN_LETTERS,
            Tessellation::Hexoban | Tessellation::Trioban => &HEX_TRI_LETTERS,
            Tessellation::Octoban => &OCTOBAN_LETTERS,
        };
        if character.is_ascii_alphabetic() {
            let lower = (character as u8).to_ascii_lowercase();
            let mut index = 0;
            while index < 8 {
                if letters[index] == lower {
                    return Ok((Direction::ALL[index], character.is_ascii_uppercase()));
                }
                index += 1;
            }
        }
        Err(GeometryError::IllegalStepCharacter {
            character,
            tessellation: self,
        })
    }
}

impl fmt::Display for Tessellation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text given to [`Tessellation::from_str`] names no tessellation.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Tessellation;
///
/// assert_eq!("HexOban".parse::<Tessellation>(), Ok(Tessellation::Hexoban));
/// let error = "cubes".parse::<Tessellation>().unwrap_err();
/// assert_eq!(error.to_string(), "Unknown tessellation 'cubes'! Expected one of: sokoban, hexoban, trioban, octoban.");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Unknown tessellation '{name}'! Expected one of: sokoban, hexoban, trioban, octoban.")]
#[non_exhaustive]
pub struct ParseTessellationError {
    /// The rejected text.
    pub name: String,
}

impl FromStr for Tessellation {
    type Err = ParseTessellationError;

    /// Parses `sokoban`, `hexoban`, `trioban` or `octoban` in any letter case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Tessellation::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseTessellationError {
                name: text.to_owned(),
            })
    }
}

/// Errors of the checked geometry operations.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::{Direction, GeometryError, Tessellation};
///
/// let hexoban = Tessellation::Hexoban;
/// assert_eq!(
///     hexoban.try_neighbor(0, Direction::Up, 5, 5).unwrap_err().to_string(),
///     "Direction.UP is not a legal direction in HexobanTessellation!"
/// );
/// assert_eq!(
///     Tessellation::Sokoban.try_neighbor(25, Direction::Left, 5, 5),
///     Err(GeometryError::PositionOutOfRange { position: 25 })
/// );
/// assert_eq!(
///     Tessellation::Sokoban.parse_step_char('n').unwrap_err().to_string(),
///     "Illegal PusherStep character 'n' in SokobanTessellation!"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GeometryError {
    /// The direction is not legal in the tessellation (e.g. `UP` in Hexoban).
    #[error("{direction} is not a legal direction in {}!", tessellation.class_name(), direction = direction.qualified_name())]
    IllegalDirection {
        /// The tessellation asked.
        tessellation: Tessellation,
        /// The rejected direction.
        direction: Direction,
    },
    /// The source position is not on the board.
    #[error("Board position {position} is out of range!")]
    PositionOutOfRange {
        /// The rejected position.
        position: usize,
    },
    /// A step letter that means nothing in the tessellation.
    #[error("Illegal PusherStep character '{character}' in {}!", tessellation.class_name())]
    IllegalStepCharacter {
        /// The rejected character.
        character: char,
        /// The tessellation asked.
        tessellation: Tessellation,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_case_insensitively() {
        for tessellation in Tessellation::ALL {
            assert_eq!(tessellation.name().parse(), Ok(tessellation));
            assert_eq!(tessellation.lowercase_name().parse(), Ok(tessellation));
            assert_eq!(tessellation.name().to_uppercase().parse(), Ok(tessellation));
            assert_eq!(
                tessellation.class_name(),
                format!("{tessellation}Tessellation")
            );
        }
        assert!("Sokoban+".parse::<Tessellation>().is_err());
        assert!("".parse::<Tessellation>().is_err());
    }

    #[test]
    fn step_letters_round_trip_per_spec_table() {
        let table: [(Tessellation, &str, [Direction; 8]); 2] = [
            (
                Tessellation::Octoban,
                "lrudnsew",
                [
                    Left, Right, Up, Down, NorthEast, SouthWest, SouthEast, NorthWest,
                ],
            ),
            (
                Tessellation::Octoban,
                "LRUDNSEW",
                [
                    Left, Right, Up, Down, NorthEast, SouthWest, SouthEast, NorthWest,
                ],
            ),
        ];
        for (tessellation, letters, directions) in table {
            for (letter, direction) in letters.chars().zip(directions) {
                let push = letter.is_ascii_uppercase();
                assert_eq!(tessellation.parse_step_char(letter), Ok((direction, push)));
                assert_eq!(tessellation.step_char(direction, push), Ok(letter));
            }
        }
        for tessellation in [Tessellation::Hexoban, Tessellation::Trioban] {
            let expected = [Left, Right, NorthWest, SouthEast, NorthEast, SouthWest];
            for (letter, direction) in "lrudns".chars().zip(expected) {
                assert_eq!(tessellation.parse_step_char(letter), Ok((direction, false)));
                assert_eq!(tessellation.step_char(direction, false), Ok(letter));
            }
            assert!(tessellation.parse_step_char('e').is_err());
            assert!(tessellation.step_char(Up, false).is_err());
        }
        for (letter, direction) in "lrud".chars().zip([Left, Right, Up, Down]) {
            assert_eq!(
                Tessellation::Sokoban.parse_step_char(letter.to_ascii_uppercase()),
                Ok((direction, true))
            );
        }
        for letter in "nsewNSEW*[1 é".chars() {
            let error = Tessellation::Sokoban.parse_step_char(letter).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("Illegal PusherStep character '{letter}' in SokobanTessellation!")
            );
        }
    }

    #[test]
    fn every_legal_direction_has_a_letter() {
        for tessellation in Tessellation::ALL {
            for direction in Direction::ALL {
                assert_eq!(
                    tessellation.step_char(direction, false).is_ok(),
                    tessellation.is_legal(direction)
                );
                assert_eq!(
                    tessellation.legal_directions().contains(&direction),
                    tessellation.is_legal(direction)
                );
            }
        }
    }

    #[test]
    fn spec_neighbour_examples() {
        let hex = Tessellation::Hexoban;
        let at = |x: usize, y: usize| y * 5 + x;
        assert_eq!(hex.neighbor(at(1, 1), NorthEast, 5, 5), Some(at(2, 0)));
        assert_eq!(hex.neighbor(at(1, 1), NorthWest, 5, 5), Some(at(1, 0)));
        assert_eq!(hex.neighbor(at(1, 1), SouthEast, 5, 5), Some(at(2, 2)));
        assert_eq!(hex.neighbor(at(1, 1), SouthWest, 5, 5), Some(at(1, 2)));
        assert_eq!(hex.neighbor(at(2, 2), NorthEast, 5, 5), Some(at(2, 1)));
        assert_eq!(hex.neighbor(at(2, 2), NorthWest, 5, 5), Some(at(1, 1)));
        assert_eq!(hex.neighbor(at(2, 2), SouthEast, 5, 5), Some(at(2, 3)));
        assert_eq!(hex.neighbor(at(2, 2), SouthWest, 5, 5), Some(at(1, 3)));
        let tri = Tessellation::Trioban;
        assert_eq!(tri.neighbor(at(1, 0), NorthEast, 5, 5), Some(at(2, 0)));
        assert_eq!(tri.neighbor(at(1, 0), NorthWest, 5, 5), Some(at(0, 0)));
        assert_eq!(tri.neighbor(at(1, 0), SouthEast, 5, 5), Some(at(1, 1)));
        assert_eq!(tri.neighbor(at(1, 0), SouthWest, 5, 5), Some(at(1, 1)));
        assert_eq!(tri.neighbor(at(1, 1), NorthEast, 5, 5), Some(at(1, 0)));
        assert_eq!(tri.neighbor(at(1, 1), SouthEast, 5, 5), Some(at(2, 1)));
        assert_eq!(tri.tile_shape(0, 5), TileShape::TriangleDown);
        let oct = Tessellation::Octoban;
        assert_eq!(oct.neighbor(at(1, 0), SouthEast, 5, 5), None);
        assert_eq!(oct.neighbor(at(2, 2), NorthWest, 5, 5), Some(at(1, 1)));
        assert_eq!(
            oct.try_neighbor(25, Left, 5, 5),
            Err(GeometryError::PositionOutOfRange { position: 25 })
        );
        assert_eq!(oct.neighbor(25, Left, 5, 5), None);
        assert_eq!(oct.neighbor(0, Left, 0, 0), None);
    }

    #[test]
    fn error_messages() {
        let error = Tessellation::Hexoban.try_neighbor(0, Up, 3, 3).unwrap_err();
        assert_eq!(
            error.to_string(),
            "Direction.UP is not a legal direction in HexobanTessellation!"
        );
    }
}
