//! Moves, their notation and the piece-shape queries of the public API.

use std::fmt;
use std::str::FromStr;

use crate::tables::tables;
use crate::types::{Piece, Rotation, Tile};

/// Why a move, tile or piece query could not be built or parsed.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::Move;
///
/// assert!("Z4e-a1a1".parse::<Move>().is_ok());
/// let error = "Z4e_a1a1".parse::<Move>().unwrap_err();
/// assert!(error.to_string().starts_with("malformed notation \"Z4e_a1a1\""));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text does not have the shape `[Piece][rot]-[contact][target]`; `column` is the
    /// 1-based character position where `expected` was wanted.
    #[error("malformed notation {text:?}: expected {expected} at column {column}")]
    Syntax {
        /// The whole input.
        text: String,
        /// 1-based character column of the problem.
        column: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// No piece has this name or ID.
    #[error("unknown piece {0:?}")]
    UnknownPiece(String),
    /// No rotation has this label or ID.
    #[error("unknown rotation {0:?}")]
    UnknownRotation(String),
    /// A tile name or coordinate outside `a1..t20`.
    #[error("tile {0:?} is off the board")]
    TileOutOfBounds(String),
    /// The contact is not a cell of the rotated piece.
    #[error("contact {contact} is not a cell of {piece}{rotation}")]
    ContactNotACell {
        /// The piece.
        piece: Piece,
        /// The rotation as given.
        rotation: Rotation,
        /// The offending contact.
        contact: Tile,
    },
    /// The contact is a cell of the rotated piece but cannot sit on an open corner.
    #[error("contact {contact} is a cell of {piece}{rotation} but not a contact cell")]
    NotAContact {
        /// The piece.
        piece: Piece,
        /// The rotation as given.
        rotation: Rotation,
        /// The offending contact.
        contact: Tile,
    },
}

impl FromStr for Tile {
    type Err = MoveError;

    /// Parses `a1` .. `t20` (lower-case column letter, row number without leading zero).
    fn from_str(text: &str) -> Result<Tile, MoveError> {
        let out = || MoveError::TileOutOfBounds(text.to_owned());
        let bytes = text.as_bytes();
        let (&column, digits) = bytes.split_first().ok_or_else(out)?;
        if !column.is_ascii_lowercase()
            || digits.is_empty()
            || digits.len() > 2
            || digits[0] == b'0'
            || !digits.iter().all(u8::is_ascii_digit)
        {
            return Err(out());
        }
        let row = digits
            .iter()
            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
        let x = column - b'a';
        let y = u8::try_from(row - 1).map_err(|_| out())?;
        Tile::from_coords(x, y).ok_or_else(out)
    }
}

/// A move: a piece in a rotation, with one of its contact cells on a target tile.
///
/// Identity is (canonical orientation, contact, target): a non-canonical rotation label is
/// replaced by its canonical one on construction, so `W5ef-a1a1 == W5n-a1a1` and both hash
/// alike. The order is generation order: target tile, then (piece, orientation, contact).
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Move, Piece, Rotation, Tile};
///
/// let mv: Move = "F5e-a2d4".parse()?;
/// assert_eq!(mv.piece(), Piece::F5);
/// assert_eq!(mv.rotation(), Rotation::E);
/// assert_eq!(mv.contact(), "a2".parse()?);
/// assert_eq!(mv.target(), "d4".parse()?);
/// let cells: Vec<String> = mv.cells().iter().map(|t| t.to_string()).collect();
/// assert_eq!(cells, ["f3", "d4", "e4", "f4", "e5"]);
/// assert_eq!("W5ef-a1a1".parse::<Move>()?.to_string(), "W5n-a1a1");
/// assert!("Z5n-a1a1".parse::<Move>().is_err()); // a1 is not a cell of Z5n
/// # Ok::<(), sokoengine_tilewe::MoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Target tile index in the high half, (orientation, contact) pair id in the low half:
    /// one word, so ordering is by target, then pair, and generation stores one `u32`.
    packed: u32,
}

impl Move {
    /// Builds a move, validating the piece shape and the contact.
    ///
    /// # Errors
    ///
    /// [`MoveError::ContactNotACell`] or [`MoveError::NotAContact`] when `contact` is not a
    /// contact cell of the rotated piece. (Whether the piece then fits on the board is a
    /// question of legality, see [`Board::is_legal`](crate::Board::is_legal).)
    pub fn new(
        piece: Piece,
        rotation: Rotation,
        contact: Tile,
        target: Tile,
    ) -> Result<Move, MoveError> {
        let t = tables();
        let orientation = usize::from(t.canonical[piece.index()][rotation.index()]);
        let shape = t.orientations[orientation].shape;
        let (x, y) = (contact.x(), contact.y());
        let cell = u32::from(x) + 5 * u32::from(y);
        if x >= 5 || y >= 5 || shape & 1 << cell == 0 {
            return Err(MoveError::ContactNotACell {
                piece,
                rotation,
                contact,
            });
        }
        let pair = t.pair_of[orientation][cell as usize];
        if pair == u16::MAX {
            return Err(MoveError::NotAContact {
                piece,
                rotation,
                contact,
            });
        }
        Ok(Move::from_raw(target.index() as u16, pair))
    }

    /// Builds a move from raw IDs: piece 0..21, rotation 0..8, tiles 0..400.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] naming the out-of-range value, or the errors of [`Move::new`].
    pub fn from_indices(
        piece: usize,
        rotation: usize,
        contact: usize,
        target: usize,
    ) -> Result<Move, MoveError> {
        let piece = Piece::from_index(piece).ok_or(MoveError::UnknownPiece(piece.to_string()))?;
        let rotation = Rotation::from_index(rotation)
            .ok_or(MoveError::UnknownRotation(rotation.to_string()))?;
        let contact =
            Tile::from_index(contact).ok_or(MoveError::TileOutOfBounds(contact.to_string()))?;
        let target =
            Tile::from_index(target).ok_or(MoveError::TileOutOfBounds(target.to_string()))?;
        Move::new(piece, rotation, contact, target)
    }

    /// The internal fast constructor used by move generation.
    #[inline(always)]
    pub(crate) const fn from_raw(target: u16, pair: u16) -> Move {
        Move {
            packed: (target as u32) << 16 | pair as u32,
        }
    }

    /// The move as one `u32` (target in the high half), for compact hints.
    #[inline(always)]
    pub(crate) const fn packed(self) -> u32 {
        self.packed
    }

    /// The inverse of [`packed`](Self::packed).
    #[inline(always)]
    pub(crate) const fn from_packed(packed: u32) -> Move {
        Move { packed }
    }

    #[inline(always)]
    pub(crate) const fn pair_id(self) -> usize {
        (self.packed & 0xFFFF) as usize
    }

    /// The piece.
    #[must_use]
    pub fn piece(self) -> Piece {
        tables().pairs[self.pair_id()].piece
    }

    /// The canonical rotation label.
    #[must_use]
    pub fn rotation(self) -> Rotation {
        let t = tables();
        t.orientations[usize::from(t.pairs[self.pair_id()].orientation)].rotation
    }

    /// The contact cell in the rotated piece's bounding-box coordinates.
    #[must_use]
    pub fn contact(self) -> Tile {
        let pair = tables().pairs[self.pair_id()];
        Tile::from_coords(pair.contact_x, pair.contact_y).unwrap_or(Tile::A1)
    }

    /// The board tile the contact cell goes to.
    #[must_use]
    pub const fn target(self) -> Tile {
        match Tile::from_index((self.packed >> 16) as usize) {
            Some(t) => t,
            None => Tile::A1,
        }
    }

    /// The board tiles the piece covers, ascending; empty cells that fall off the board are
    /// left out (such a move is never legal).
    #[must_use]
    pub fn cells(self) -> Vec<Tile> {
        let t = tables();
        let pair = t.pairs[self.pair_id()];
        let target = self.target();
        let (dx, dy) = (
            i32::from(target.x()) - i32::from(pair.contact_x),
            i32::from(target.y()) - i32::from(pair.contact_y),
        );
        let mut cells: Vec<Tile> = t
            .cells(usize::from(pair.orientation))
            .into_iter()
            .filter_map(|c| {
                let (x, y) = (i32::from(c.x()) + dx, i32::from(c.y()) + dy);
                Tile::in_bounds(x, y)
                    .then(|| Tile::from_coords(x as u8, y as u8))
                    .flatten()
            })
            .collect();
        cells.sort();
        cells
    }

    /// The placement this move makes: canonical orientation and bounding-box origin (which
    /// may be off the board for an impossible move). Moves with the same placement cover
    /// the same cells.
    #[must_use]
    pub fn placement(self) -> (Piece, Rotation, i32, i32) {
        let t = tables();
        let pair = t.pairs[self.pair_id()];
        let target = self.target();
        let o = &t.orientations[usize::from(pair.orientation)];
        (
            o.piece,
            o.rotation,
            i32::from(target.x()) - i32::from(pair.contact_x),
            i32::from(target.y()) - i32::from(pair.contact_y),
        )
    }

    /// A dense key of [`placement`](Self::placement) for counting distinct placements.
    pub(crate) fn placement_key(self) -> u32 {
        let pair = tables().pairs[self.pair_id()];
        let target = self.target();
        let x = u32::from(target.x()) + 4 - u32::from(pair.contact_x);
        let y = u32::from(target.y()) + 4 - u32::from(pair.contact_y);
        (u32::from(pair.orientation) * 24 + y) * 24 + x
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}-{}{}",
            self.piece(),
            self.rotation(),
            self.contact(),
            self.target()
        )
    }
}

impl FromStr for Move {
    type Err = MoveError;

    /// Parses `[Piece][rot]-[contact][target]`, any of the 8 rotation labels.
    fn from_str(text: &str) -> Result<Move, MoveError> {
        let syntax = |column: usize, expected: &'static str| MoveError::Syntax {
            text: text.to_owned(),
            column,
            expected,
        };
        if !text.is_ascii() {
            let column = text.chars().position(|c| !c.is_ascii()).unwrap_or(0) + 1;
            return Err(syntax(column, "an ASCII character"));
        }
        let bytes = text.as_bytes();
        if bytes.len() < 2 || !bytes[0].is_ascii_uppercase() {
            return Err(syntax(1, "a piece name such as F5"));
        }
        if !bytes[1].is_ascii_digit() {
            return Err(syntax(2, "the digit of the piece name"));
        }
        let piece = Piece::from_name(&text[..2])
            .ok_or_else(|| MoveError::UnknownPiece(text[..2].to_owned()))?;
        let dash = text[2..]
            .find('-')
            .map(|i| i + 2)
            .ok_or_else(|| syntax(text.len() + 1, "'-' after the rotation"))?;
        let rotation_text = &text[2..dash];
        if rotation_text.is_empty() {
            return Err(syntax(3, "a rotation label (n, e, s, w, nf, ef, sf, wf)"));
        }
        let rotation = Rotation::from_name(rotation_text)
            .ok_or_else(|| MoveError::UnknownRotation(rotation_text.to_owned()))?;
        let rest = &text[dash + 1..];
        let tile_end = |from: usize| -> Result<usize, MoveError> {
            let r = rest.as_bytes();
            if from >= r.len() || !r[from].is_ascii_lowercase() {
                return Err(syntax(dash + 2 + from, "a tile column letter a..t"));
            }
            let digits = r[from + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits == 0 {
                return Err(syntax(dash + 3 + from, "a tile row number"));
            }
            Ok(from + 1 + digits)
        };
        let contact_end = tile_end(0)?;
        let target_end = tile_end(contact_end)?;
        if target_end != rest.len() {
            return Err(syntax(dash + 2 + target_end, "the end of the move"));
        }
        let contact: Tile = rest[..contact_end].parse()?;
        let target: Tile = rest[contact_end..].parse()?;
        Move::new(piece, rotation, contact, target)
    }
}

/// Number of cells of `piece`.
#[must_use]
pub const fn piece_tile_count(piece: Piece) -> u8 {
    piece.tile_count()
}

/// Number of contact cells of `piece` in its north orientation.
#[must_use]
pub fn piece_contact_count(piece: Piece) -> usize {
    let t = tables();
    t.contact_cells(usize::from(t.canonical[piece.index()][0]))
        .len()
}

/// Number of corner cells (touching diagonally, not along an edge) of `piece` north.
#[must_use]
pub fn piece_corner_count(piece: Piece) -> usize {
    tables().corner_count(piece)
}

/// The cells of `piece` rotated by `rotation`, in bounding-box coordinates, ascending.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{piece_tiles, Piece, Rotation};
///
/// let cells: Vec<String> = piece_tiles(Piece::F5, Rotation::E).iter().map(|t| t.to_string()).collect();
/// assert_eq!(cells, ["c1", "a2", "b2", "c2", "b3"]);
/// ```
#[must_use]
pub fn piece_tiles(piece: Piece, rotation: Rotation) -> Vec<Tile> {
    let t = tables();
    t.cells(usize::from(t.canonical[piece.index()][rotation.index()]))
}

/// The contact cells of `piece` rotated by `rotation` (the reference always answers for
/// north; this honours the rotation), ascending.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{piece_contacts, Piece, Rotation};
///
/// let cells: Vec<String> = piece_contacts(Piece::V5, Rotation::S).iter().map(|t| t.to_string()).collect();
/// assert_eq!(cells, ["a1", "a3", "c3"]);
/// ```
#[must_use]
pub fn piece_contacts(piece: Piece, rotation: Rotation) -> Vec<Tile> {
    let t = tables();
    t.contact_cells(usize::from(t.canonical[piece.index()][rotation.index()]))
}

/// Number of placements of all 91 orientations anywhere on an empty board (30,433).
#[must_use]
pub fn empty_board_placement_count() -> usize {
    tables().empty_board_placement_count()
}

/// The canonical label of `rotation` for `piece` (the first label with the same shape).
#[must_use]
pub fn canonical_rotation(piece: Piece, rotation: Rotation) -> Rotation {
    let t = tables();
    t.orientations[usize::from(t.canonical[piece.index()][rotation.index()])].rotation
}

/// The distinct orientations of `piece`: its canonical rotation labels in label order.
#[must_use]
pub fn unique_rotations(piece: Piece) -> Vec<Rotation> {
    let t = tables();
    t.orientations
        .iter()
        .filter(|o| o.piece == piece)
        .map(|o| o.rotation)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_pair() {
        let t = tables();
        for (id, _) in t.pairs.iter().enumerate() {
            for target in [0u16, 57, 399] {
                let mv = Move::from_raw(target, id as u16);
                let text = mv.to_string();
                assert_eq!(text.parse::<Move>(), Ok(mv), "{text}");
            }
        }
    }

    #[test]
    fn normalisation_merges_duplicate_labels() {
        let a: Move = "W5ef-a1a1".parse().unwrap();
        let b: Move = "W5n-a1a1".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "W5n-a1a1");
        let set: std::collections::HashSet<Move> = [a, b].into_iter().collect();
        assert_eq!(set.len(), 1);
        // Every label of every piece maps onto one of the canonical moves.
        for piece in Piece::ALL {
            for rotation in Rotation::ALL {
                let canonical = canonical_rotation(piece, rotation);
                assert_eq!(piece_tiles(piece, rotation), piece_tiles(piece, canonical));
                for contact in piece_contacts(piece, rotation) {
                    let m = Move::new(piece, rotation, contact, Tile::A1).unwrap();
                    assert_eq!(m.rotation(), canonical);
                    assert_eq!(m, Move::new(piece, canonical, contact, Tile::A1).unwrap());
                }
            }
        }
    }

    #[test]
    fn construction_errors() {
        assert!(matches!(
            "Z5n-a1a1".parse::<Move>(),
            Err(MoveError::ContactNotACell { .. })
        ));
        assert!(matches!(
            "F5n-b2a1".parse::<Move>(),
            Err(MoveError::NotAContact { .. })
        ));
        assert!(matches!(
            "T4s-c2a1".parse::<Move>(),
            Err(MoveError::ContactNotACell { .. }) | Err(MoveError::NotAContact { .. })
        ));
        assert!(matches!(
            "Q5n-a1a1".parse::<Move>(),
            Err(MoveError::UnknownPiece(_))
        ));
        assert!(matches!(
            "F5x-a1a1".parse::<Move>(),
            Err(MoveError::UnknownRotation(_))
        ));
        assert!(matches!(
            "F5n-a1u1".parse::<Move>(),
            Err(MoveError::TileOutOfBounds(_))
        ));
        assert!(Move::from_indices(21, 0, 0, 0).is_err());
        assert!(Move::from_indices(0, 8, 0, 0).is_err());
        assert!(Move::from_indices(0, 0, 0, 400).is_err());
    }

    #[test]
    fn piece_queries() {
        let contacts: Vec<usize> = Piece::ALL.iter().map(|&p| piece_contact_count(p)).collect();
        assert_eq!(
            contacts,
            [
                1, 2, 2, 3, 4, 2, 3, 4, 3, 4, 2, 3, 4, 4, 3, 4, 3, 5, 4, 3, 4
            ]
        );
        let corners: Vec<usize> = Piece::ALL.iter().map(|&p| piece_corner_count(p)).collect();
        assert_eq!(
            corners,
            [
                4, 4, 4, 5, 4, 4, 5, 6, 6, 7, 4, 5, 6, 5, 6, 5, 5, 7, 8, 6, 6
            ]
        );
        let unique: Vec<usize> = Piece::ALL
            .iter()
            .map(|&p| unique_rotations(p).len())
            .collect();
        assert_eq!(
            unique,
            [
                1, 2, 2, 4, 1, 2, 8, 4, 4, 8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4
            ]
        );
        assert_eq!(canonical_rotation(Piece::L3, Rotation::WF), Rotation::N);
    }
}
