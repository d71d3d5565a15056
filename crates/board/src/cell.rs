//! One board cell: wall, box, goal, pusher and the play-area mark.

use std::fmt;
use std::str::FromStr;

const WALL: u8 = 1;
const BOX: u8 = 2;
const GOAL: u8 = 4;
const PUSHER: u8 = 8;
const PRIMARY: u8 = WALL | BOX | GOAL | PUSHER;
const PLAYABLE: u8 = 16;

/// The contents of one board position.
///
/// Four primary flags (`is_wall`, `has_box`, `has_goal`, `has_pusher`) and the
/// secondary `is_in_playable_area` mark. Setters keep the cell consistent: a box or
/// pusher removes a wall and the other piece, a goal removes a wall, a wall removes
/// everything else. Equality and hashing look at the primary flags only.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardCell;
///
/// let mut cell = BoardCell::from_char('B')?; // box on goal, alternative letter
/// assert!(cell.has_box() && cell.has_goal());
/// assert_eq!(cell.to_char(), '*');
/// cell.set_wall(true);
/// assert_eq!(cell, BoardCell::WALL);
/// assert!(cell == '#');
/// # Ok::<(), sokoengine_board::CellCharError>(())
/// ```
#[derive(Clone, Copy, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "char", into = "char"))]
pub struct BoardCell(u8);

/// A character (or string) that is not a board cell character.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardCell;
///
/// let error = "ab".parse::<BoardCell>().unwrap_err();
/// assert_eq!(error.to_string(), "Illegal characters 'ab' for BoardCell!");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Illegal characters '{text}' for BoardCell!")]
#[non_exhaustive]
pub struct CellCharError {
    /// The rejected text.
    pub text: String,
}

/// Whether `byte` is a floor character: a space, `-` or `_`. The one definition of floor
/// that every reader, printer and comparison of board text in this crate uses.
pub(crate) const fn is_floor_byte(byte: u8) -> bool {
    matches!(byte, b' ' | b'-' | b'_')
}

/// Cell flags of every byte; `INVALID` for bytes that are not board characters.
const INVALID: u8 = 0xff;
static CELL_BITS: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut byte = 0;
    while byte < 128 {
        table[byte] = match byte as u8 {
            floor if is_floor_byte(floor) => 0,
            b'#' => WALL,
            b'@' | b'p' | b'm' => PUSHER,
            b'+' | b'P' | b'M' => PUSHER | GOAL,
            b'$' | b'b' => BOX,
            b'*' | b'B' => BOX | GOAL,
            b'.' | b'o' => GOAL,
            _ => INVALID,
        };
        byte += 1;
    }
    table
};

impl BoardCell {
    /// Empty floor.
    pub const FLOOR: BoardCell = BoardCell(0);
    /// A wall.
    pub const WALL: BoardCell = BoardCell(WALL);
    /// A box on floor.
    pub const BOX: BoardCell = BoardCell(BOX);
    /// A goal.
    pub const GOAL: BoardCell = BoardCell(GOAL);
    /// A pusher on floor.
    pub const PUSHER: BoardCell = BoardCell(PUSHER);
    /// A box on a goal.
    pub const BOX_ON_GOAL: BoardCell = BoardCell(BOX | GOAL);
    /// A pusher on a goal.
    pub const PUSHER_ON_GOAL: BoardCell = BoardCell(PUSHER | GOAL);

    /// The cell written by `character` (any canonical or alternative board
    /// character of the specification, floor included).
    ///
    /// # Errors
    ///
    /// [`CellCharError`] (`Illegal characters '{c}' for BoardCell!`) for anything
    /// else.
    pub fn from_char(character: char) -> Result<BoardCell, CellCharError> {
        if character.is_ascii() {
            if let Some(cell) = BoardCell::from_byte(character as u8) {
                return Ok(cell);
            }
        }
        Err(CellCharError {
            text: character.to_string(),
        })
    }

    /// The cell written by an ASCII byte, or `None`; the fast path of the parsers.
    #[inline]
    pub const fn from_byte(byte: u8) -> Option<BoardCell> {
        match CELL_BITS[byte as usize] {
            INVALID => None,
            bits => Some(BoardCell(bits)),
        }
    }

    /// Whether the cell is a wall.
    #[inline]
    pub const fn is_wall(self) -> bool {
        self.0 & WALL != 0
    }
    /// Whether a box stands here.
    #[inline]
    pub const fn has_box(self) -> bool {
        self.0 & BOX != 0
    }
    /// Whether the cell is a goal.
    #[inline]
    pub const fn has_goal(self) -> bool {
        self.0 & GOAL != 0
    }
    /// Whether a pusher stands here.
    #[inline]
    pub const fn has_pusher(self) -> bool {
        self.0 & PUSHER != 0
    }
    /// Whether the cell was marked by `BoardGraph::mark_play_area`.
    #[inline]
    pub const fn is_in_playable_area(self) -> bool {
        self.0 & PLAYABLE != 0
    }
    /// A pusher, box or goal is here.
    #[inline]
    pub const fn has_piece(self) -> bool {
        self.0 & (BOX | GOAL | PUSHER) != 0
    }
    /// No primary flag is set.
    #[inline]
    pub const fn is_empty_floor(self) -> bool {
        self.0 & PRIMARY == 0
    }
    /// A wall or a box on a goal: what `trim` treats as the board's border.
    #[inline]
    pub const fn is_border_element(self) -> bool {
        self.is_wall() || self.0 & (BOX | GOAL) == BOX | GOAL
    }
    /// Neither wall, box nor pusher: a pusher or box may move here.
    #[inline]
    pub const fn can_put_pusher_or_box(self) -> bool {
        self.0 & (WALL | BOX | PUSHER) == 0
    }

    /// Sets or clears the wall flag; setting it clears box, goal and pusher.
    #[inline]
    pub fn set_wall(&mut self, value: bool) {
        self.0 = if value {
            (self.0 & PLAYABLE) | WALL
        } else {
            self.0 & !WALL
        };
    }
    /// Sets or clears the box flag; setting it clears wall and pusher.
    #[inline]
    pub fn set_box(&mut self, value: bool) {
        self.0 = if value {
            (self.0 & !(WALL | PUSHER)) | BOX
        } else {
            self.0 & !BOX
        };
    }
    /// Sets or clears the goal flag; setting it clears the wall.
    #[inline]
    pub fn set_goal(&mut self, value: bool) {
        self.0 = if value {
            (self.0 & !WALL) | GOAL
        } else {
            self.0 & !GOAL
        };
    }
    /// Sets or clears the pusher flag; setting it clears box and wall.
    #[inline]
    pub fn set_pusher(&mut self, value: bool) {
        self.0 = if value {
            (self.0 & !(WALL | BOX)) | PUSHER
        } else {
            self.0 & !PUSHER
        };
    }
    /// Sets or clears the play-area mark.
    #[inline]
    pub fn set_in_playable_area(&mut self, value: bool) {
        if value {
            self.0 |= PLAYABLE;
        } else {
            self.0 &= !PLAYABLE;
        }
    }

    /// Same as `set_box(true)`.
    #[inline]
    pub fn put_box(&mut self) {
        self.set_box(true);
    }
    /// Same as `set_box(false)`.
    #[inline]
    pub fn remove_box(&mut self) {
        self.set_box(false);
    }
    /// Same as `set_goal(true)`.
    #[inline]
    pub fn put_goal(&mut self) {
        self.set_goal(true);
    }
    /// Same as `set_goal(false)`.
    #[inline]
    pub fn remove_goal(&mut self) {
        self.set_goal(false);
    }
    /// Same as `set_pusher(true)`.
    #[inline]
    pub fn put_pusher(&mut self) {
        self.set_pusher(true);
    }
    /// Same as `set_pusher(false)`.
    #[inline]
    pub fn remove_pusher(&mut self) {
        self.set_pusher(false);
    }
    /// Same as `set_wall(true)`.
    #[inline]
    pub fn put_wall(&mut self) {
        self.set_wall(true);
    }
    /// Same as `set_wall(false)`.
    #[inline]
    pub fn remove_wall(&mut self) {
        self.set_wall(false);
    }
    /// Clears every flag, the play-area mark included.
    #[inline]
    pub fn clear(&mut self) {
        self.0 = 0;
    }

    /// The canonical character: `#`, `@`, `+`, `$`, `*`, `.`, or a space for floor.
    #[inline]
    pub const fn to_char(self) -> char {
        self.to_byte(false) as char
    }

    /// The canonical character as a byte; floor is `-` with `visible_floor`.
    #[inline]
    pub const fn to_byte(self, visible_floor: bool) -> u8 {
        match self.0 & PRIMARY {
            WALL => b'#',
            PUSHER => b'@',
            x if x == PUSHER | GOAL => b'+',
            BOX => b'$',
            x if x == BOX | GOAL => b'*',
            GOAL => b'.',
            _ if visible_floor => b'-',
            _ => b' ',
        }
    }
}

impl PartialEq for BoardCell {
    fn eq(&self, other: &BoardCell) -> bool {
        self.0 & PRIMARY == other.0 & PRIMARY
    }
}

impl Eq for BoardCell {}

impl std::hash::Hash for BoardCell {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0 & PRIMARY).hash(state);
    }
}

impl PartialEq<char> for BoardCell {
    /// Compares with the cell `character` stands for (never equal to a non-board
    /// character).
    fn eq(&self, character: &char) -> bool {
        BoardCell::from_char(*character).is_ok_and(|cell| cell == *self)
    }
}

impl fmt::Debug for BoardCell {
    /// `BoardCell { character: '$', is_in_playable_area: false }`: the canonical
    /// character (floor as `-`) stands for the four primary flags.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoardCell")
            .field("character", &(self.to_byte(true) as char))
            .field("is_in_playable_area", &self.is_in_playable_area())
            .finish()
    }
}

impl fmt::Display for BoardCell {
    /// The canonical character; `{:#}` writes floor as `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_byte(f.alternate()) as char)
    }
}

impl FromStr for BoardCell {
    type Err = CellCharError;

    /// Parses exactly one board character.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => BoardCell::from_char(c).map_err(|_| CellCharError {
                text: text.to_owned(),
            }),
            _ => Err(CellCharError {
                text: text.to_owned(),
            }),
        }
    }
}

impl From<BoardCell> for char {
    /// The canonical character (space for floor).
    fn from(cell: BoardCell) -> char {
        cell.to_char()
    }
}

impl TryFrom<char> for BoardCell {
    type Error = CellCharError;

    fn try_from(character: char) -> Result<Self, Self::Error> {
        BoardCell::from_char(character)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_and_display() {
        let mut cell = BoardCell::from_char('*').expect("box on goal");
        assert_eq!(
            format!("{cell:?}"),
            "BoardCell { character: '*', is_in_playable_area: false }"
        );
        cell.set_in_playable_area(true);
        assert_eq!(
            format!("{cell:?}"),
            "BoardCell { character: '*', is_in_playable_area: true }"
        );
        let floor = BoardCell::from_char(' ').expect("floor");
        assert_eq!(
            (floor.to_string(), format!("{floor:#}")),
            (" ".into(), "-".into())
        );
    }

    #[test]
    fn characters() {
        let table = [
            ("#", "#"),
            ("@pm", "@"),
            ("+PM", "+"),
            ("$b", "$"),
            ("*B", "*"),
            (".o", "."),
            (" -_", " "),
        ];
        for (inputs, printed) in table {
            for c in inputs.chars() {
                let cell = BoardCell::from_char(c).expect("board character");
                assert_eq!(cell.to_string(), printed, "{c}");
                assert!(cell == c);
            }
        }
        for bad in ['W', 'x', '\t', '1', 'é'] {
            assert_eq!(
                BoardCell::from_char(bad).unwrap_err().to_string(),
                format!("Illegal characters '{bad}' for BoardCell!")
            );
            assert!(BoardCell::FLOOR != bad);
        }
        assert_eq!(
            "##".parse::<BoardCell>().unwrap_err().to_string(),
            "Illegal characters '##' for BoardCell!"
        );
        assert!("".parse::<BoardCell>().is_err());
        assert_eq!("*".parse::<BoardCell>(), Ok(BoardCell::BOX_ON_GOAL));
        assert_eq!(format!("{:#}", BoardCell::FLOOR), "-");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serializes_as_its_character() {
        let json = serde_json::to_string(&BoardCell::BOX_ON_GOAL).expect("serializes");
        assert_eq!(json, "\"*\"");
        assert_eq!(
            serde_json::from_str::<BoardCell>("\"B\"").ok(),
            Some(BoardCell::BOX_ON_GOAL)
        );
        assert!(serde_json::from_str::<BoardCell>("\"x\"").is_err());
    }

    #[test]
    fn setters_keep_cells_consistent() {
        let mut cell = BoardCell::WALL;
        cell.set_box(true);
        assert_eq!(cell, BoardCell::BOX);
        cell.set_pusher(true);
        assert_eq!(cell, BoardCell::PUSHER);
        cell.set_goal(true);
        assert_eq!(cell, BoardCell::PUSHER_ON_GOAL);
        cell.set_box(true);
        assert_eq!(cell, BoardCell::BOX_ON_GOAL);
        cell.set_wall(true);
        assert_eq!(cell, BoardCell::WALL);
        cell.set_goal(true);
        assert_eq!(cell, BoardCell::GOAL);
        cell.set_goal(false);
        assert!(cell.is_empty_floor());
        cell.put_pusher();
        cell.put_goal();
        cell.remove_pusher();
        assert_eq!(cell, BoardCell::GOAL);
        cell.set_in_playable_area(true);
        assert!(cell.is_in_playable_area());
        assert_eq!(cell, BoardCell::GOAL, "the play-area mark is not compared");
        cell.set_wall(true);
        assert!(cell.is_in_playable_area());
        cell.clear();
        assert!(!cell.is_in_playable_area() && cell.is_empty_floor());
    }

    #[test]
    fn derived_predicates() {
        assert!(BoardCell::WALL.is_border_element());
        assert!(BoardCell::BOX_ON_GOAL.is_border_element());
        assert!(!BoardCell::BOX.is_border_element());
        assert!(BoardCell::GOAL.can_put_pusher_or_box());
        assert!(!BoardCell::PUSHER.can_put_pusher_or_box());
        assert!(BoardCell::GOAL.has_piece());
        assert!(!BoardCell::WALL.has_piece());
    }
}
