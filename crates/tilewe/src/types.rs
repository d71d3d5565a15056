//! Vocabulary types: tiles, colours, pieces, rotations and piece sets.

use std::fmt;

/// Board width and height in tiles.
pub const BOARD_SIZE: u8 = 20;

/// A board tile `a1..t20`: column `a..t` left to right, row `1..20` bottom to top.
///
/// The index is `x + 20 * y` (`a1` = 0, `t1` = 19, `a20` = 380, `t20` = 399). The same
/// type names a cell of a piece inside its bounding box (a *contact*), where `a1` is the
/// bottom-left cell of the box.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::Tile;
///
/// let tile = Tile::from_coords(3, 4).unwrap();
/// assert_eq!(tile.to_string(), "d5");
/// assert_eq!(tile.index(), 83);
/// assert_eq!("t20".parse::<Tile>()?, Tile::T20);
/// # Ok::<(), sokoengine_tilewe::MoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u16);

impl Tile {
    /// Number of tiles on the board.
    pub const COUNT: usize = 400;
    /// Bottom-left corner.
    pub const A1: Tile = Tile(0);
    /// Bottom-right corner.
    pub const T1: Tile = Tile(19);
    /// Top-left corner.
    pub const A20: Tile = Tile(380);
    /// Top-right corner.
    pub const T20: Tile = Tile(399);
    /// The four board corners in ascending tile order.
    pub const CORNERS: [Tile; 4] = [Tile::A1, Tile::T1, Tile::A20, Tile::T20];

    /// The tile with the given index, or `None` when `index >= 400`.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Tile> {
        if index < Self::COUNT {
            Some(Tile(index as u16))
        } else {
            None
        }
    }

    /// The tile at column `x` and row `y` (both 0-based), or `None` when off the board.
    #[must_use]
    pub const fn from_coords(x: u8, y: u8) -> Option<Tile> {
        if x < BOARD_SIZE && y < BOARD_SIZE {
            Some(Tile(x as u16 + 20 * y as u16))
        } else {
            None
        }
    }

    /// Whether signed coordinates lie on the board.
    #[must_use]
    pub const fn in_bounds(x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < BOARD_SIZE as i32 && y < BOARD_SIZE as i32
    }

    /// The index `x + 20 * y`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 = `a`.
    #[must_use]
    pub const fn x(self) -> u8 {
        (self.0 % 20) as u8
    }

    /// Row, 0 = row `1`.
    #[must_use]
    pub const fn y(self) -> u8 {
        (self.0 / 20) as u8
    }

    /// All 400 tiles in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..Self::COUNT as u16).map(Tile)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x()) as char, self.y() + 1)
    }
}

/// A player's colour. Turn order is blue, yellow, red, green; with fewer than four
/// players only the first colours take part.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Color};
///
/// assert_eq!(Color::ALL.map(Color::letter), ['B', 'Y', 'R', 'G']);
/// assert_eq!(Color::from_index(2), Some(Color::Red));
/// assert_eq!(Color::Green.to_string(), Color::Green.name());
/// let board = Board::new(2)?;
/// assert_eq!(board.current_player(), Color::Blue); // blue moves first
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// Player 0.
    Blue = 0,
    /// Player 1.
    Yellow = 1,
    /// Player 2.
    Red = 2,
    /// Player 3.
    Green = 3,
}

impl Color {
    /// Number of colours.
    pub const COUNT: usize = 4;
    /// All colours in turn order.
    pub const ALL: [Color; 4] = [Color::Blue, Color::Yellow, Color::Red, Color::Green];

    /// The colour of player `index` (0..4).
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Color> {
        match index {
            0 => Some(Color::Blue),
            1 => Some(Color::Yellow),
            2 => Some(Color::Red),
            3 => Some(Color::Green),
            _ => None,
        }
    }

    /// The player index 0..4.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name: `blue`, `yellow`, `red`, `green`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        ["blue", "yellow", "red", "green"][self as usize]
    }

    /// One-letter symbol used on the drawn board: `B`, `Y`, `R`, `G`.
    #[must_use]
    pub const fn letter(self) -> char {
        ['B', 'Y', 'R', 'G'][self as usize]
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the 21 free polyominoes of size 1 to 5.
///
/// IDs follow tilewe's order `O1=0, I2, I3, L3, O4, I4, L4, Z4, T4, F5, I5, L5, N5, P5, T5,
/// U5, V5, W5, X5, Y5, Z5=20`.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::Piece;
///
/// assert_eq!(Piece::F5.name(), "F5");
/// assert_eq!(Piece::F5.tile_count(), 5);
/// assert_eq!(Piece::from_name("X5"), Some(Piece::X5));
/// assert_eq!(Piece::ALL.len(), 21);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(u8);

const PIECE_NAMES: [&str; 21] = [
    "O1", "I2", "I3", "L3", "O4", "I4", "L4", "Z4", "T4", "F5", "I5", "L5", "N5", "P5", "T5", "U5",
    "V5", "W5", "X5", "Y5", "Z5",
];

macro_rules! piece_consts {
    ($($name:ident = $id:expr),* $(,)?) => {
        impl Piece {
            $(
                #[doc = concat!("The piece `", stringify!($name), "`.")]
                pub const $name: Piece = Piece($id);
            )*
        }
    };
}

piece_consts!(
    O1 = 0,
    I2 = 1,
    I3 = 2,
    L3 = 3,
    O4 = 4,
    I4 = 5,
    L4 = 6,
    Z4 = 7,
    T4 = 8,
    F5 = 9,
    I5 = 10,
    L5 = 11,
    N5 = 12,
    P5 = 13,
    T5 = 14,
    U5 = 15,
    V5 = 16,
    W5 = 17,
    X5 = 18,
    Y5 = 19,
    Z5 = 20,
);

impl Piece {
    /// Number of pieces per player.
    pub const COUNT: usize = 21;
    /// All pieces in ID order.
    pub const ALL: [Piece; 21] = {
        let mut all = [Piece(0); 21];
        let mut i = 0;
        while i < 21 {
            all[i] = Piece(i as u8);
            i += 1;
        }
        all
    };

    /// The piece with the given ID, or `None` when `index >= 21`.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Piece> {
        if index < Self::COUNT {
            Some(Piece(index as u8))
        } else {
            None
        }
    }

    /// The piece called `name` (`O1` .. `Z5`, upper case).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Piece> {
        PIECE_NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Piece(i as u8))
    }

    /// The ID 0..21.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The name, e.g. `F5`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        PIECE_NAMES[self.0 as usize]
    }

    /// Number of cells (1 to 5); the name's digit.
    #[must_use]
    pub const fn tile_count(self) -> u8 {
        PIECE_NAMES[self.0 as usize].as_bytes()[1] - b'0'
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the 8 rotation labels `n, e, s, w, nf, ef, sf, wf` (IDs 0..8).
///
/// `e`, `s`, `w` are the north shape turned clockwise once, twice, three times; the `f`
/// labels are the horizontal mirror of the same label without `f`.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::Rotation;
///
/// assert_eq!(Rotation::from_name("ef"), Some(Rotation::EF));
/// assert_eq!((Rotation::EF.index(), Rotation::EF.name()), (5, "ef"));
/// assert_eq!(Rotation::ALL.len(), Rotation::COUNT);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rotation(u8);

const ROTATION_NAMES: [&str; 8] = ["n", "e", "s", "w", "nf", "ef", "sf", "wf"];

impl Rotation {
    /// Number of rotation labels.
    pub const COUNT: usize = 8;
    /// North (the table shape).
    pub const N: Rotation = Rotation(0);
    /// Turned clockwise once.
    pub const E: Rotation = Rotation(1);
    /// Turned twice.
    pub const S: Rotation = Rotation(2);
    /// Turned three times.
    pub const W: Rotation = Rotation(3);
    /// North, mirrored.
    pub const NF: Rotation = Rotation(4);
    /// East, mirrored.
    pub const EF: Rotation = Rotation(5);
    /// South, mirrored.
    pub const SF: Rotation = Rotation(6);
    /// West, mirrored.
    pub const WF: Rotation = Rotation(7);
    /// All labels in ID order.
    pub const ALL: [Rotation; 8] = [
        Rotation::N,
        Rotation::E,
        Rotation::S,
        Rotation::W,
        Rotation::NF,
        Rotation::EF,
        Rotation::SF,
        Rotation::WF,
    ];

    /// The label with the given ID, or `None` when `index >= 8`.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Rotation> {
        if index < Self::COUNT {
            Some(Rotation(index as u8))
        } else {
            None
        }
    }

    /// The label called `name` (`n` .. `wf`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Rotation> {
        ROTATION_NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Rotation(i as u8))
    }

    /// The ID 0..8.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The label, e.g. `ef`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        ROTATION_NAMES[self.0 as usize]
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of pieces (a 21-bit mask), e.g. the pieces a player has not placed yet.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Piece, PieceSet};
///
/// let set = PieceSet::ALL.without(Piece::F5);
/// assert_eq!(set.len(), 20);
/// assert!(!set.contains(Piece::F5));
/// assert_eq!(set.iter().next(), Some(Piece::O1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PieceSet(u32);

impl PieceSet {
    /// No piece.
    pub const EMPTY: PieceSet = PieceSet(0);
    /// All 21 pieces.
    pub const ALL: PieceSet = PieceSet((1 << 21) - 1);

    /// The raw mask (bit `i` = piece `i`).
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// A set from a raw mask; bits above 20 are dropped.
    #[must_use]
    pub const fn from_bits(bits: u32) -> PieceSet {
        PieceSet(bits & Self::ALL.0)
    }

    /// Whether `piece` is in the set.
    #[must_use]
    pub const fn contains(self, piece: Piece) -> bool {
        self.0 & (1 << piece.0) != 0
    }

    /// The set plus `piece`.
    #[must_use]
    pub const fn with(self, piece: Piece) -> PieceSet {
        PieceSet(self.0 | 1 << piece.0)
    }

    /// The set minus `piece`.
    #[must_use]
    pub const fn without(self, piece: Piece) -> PieceSet {
        PieceSet(self.0 & !(1 << piece.0))
    }

    /// Number of pieces.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Total number of cells of the pieces in the set.
    #[must_use]
    pub fn tile_count(self) -> u32 {
        self.iter().map(|p| u32::from(p.tile_count())).sum()
    }

    /// The pieces in ID order.
    pub fn iter(self) -> impl Iterator<Item = Piece> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Some(Piece(i as u8))
        })
    }
}

impl FromIterator<Piece> for PieceSet {
    fn from_iter<I: IntoIterator<Item = Piece>>(iter: I) -> Self {
        iter.into_iter().fold(PieceSet::EMPTY, PieceSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_names_and_coordinates() {
        assert_eq!(Tile::A1.to_string(), "a1");
        assert_eq!(Tile::T1.to_string(), "t1");
        assert_eq!(Tile::A20.to_string(), "a20");
        assert_eq!(Tile::T20.to_string(), "t20");
        assert_eq!(Tile::from_coords(20, 0), None);
        assert_eq!(Tile::from_index(400), None);
        assert!(Tile::in_bounds(19, 19));
        assert!(!Tile::in_bounds(-1, 0));
        for t in Tile::all() {
            assert_eq!(Tile::from_coords(t.x(), t.y()), Some(t));
        }
    }

    #[test]
    fn piece_sizes_and_names() {
        let sizes: Vec<u8> = Piece::ALL.iter().map(|p| p.tile_count()).collect();
        assert_eq!(sizes.iter().map(|&s| u32::from(s)).sum::<u32>(), 89);
        for p in Piece::ALL {
            assert_eq!(Piece::from_name(p.name()), Some(p));
        }
        assert_eq!(Piece::from_index(21), None);
        assert_eq!(PieceSet::ALL.tile_count(), 89);
    }

    #[test]
    fn rotations_and_colours() {
        for r in Rotation::ALL {
            assert_eq!(Rotation::from_name(r.name()), Some(r));
        }
        assert_eq!(Color::from_index(4), None);
        assert_eq!(Color::Green.letter(), 'G');
    }
}
