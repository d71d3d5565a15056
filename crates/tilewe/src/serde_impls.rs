//! Serde support (feature `serde`): text-shaped values serialize as their canonical text.
//!
//! Tiles, pieces and rotations as their names (`d4`, `F5`, `ef`), moves as notation
//! (`F5e-a2d4`), boards as position text (the history is not kept), piece sets as lists of
//! piece names; colours as their variant names.

use std::fmt::Display;
use std::str::FromStr;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Board, Move, Piece, PieceSet, Rotation, Tile};

fn from_text<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: Display,
{
    let text = String::deserialize(deserializer)?;
    text.parse().map_err(D::Error::custom)
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        from_text(deserializer)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        from_text(deserializer)
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Piece::from_name(&text).ok_or_else(|| D::Error::custom(format!("unknown piece {text:?}")))
    }
}

impl Serialize for Rotation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Rotation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Rotation::from_name(&text)
            .ok_or_else(|| D::Error::custom(format!("unknown rotation {text:?}")))
    }
}

impl Serialize for PieceSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for PieceSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Vec::<Piece>::deserialize(deserializer)?
            .into_iter()
            .collect())
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.position())
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Board::from_position(&text).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_json() {
        let mv: Move = "W5ef-a1a1".parse().unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, "\"W5n-a1a1\"");
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        assert!(serde_json::from_str::<Move>("\"Z5n-a1a1\"").is_err());

        let mut board = Board::new(3).unwrap();
        board.push(mv).unwrap();
        let json = serde_json::to_string(&board).unwrap();
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);

        let set = board.remaining_pieces(crate::Color::Blue);
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(serde_json::from_str::<PieceSet>(&json).unwrap(), set);
        assert_eq!(serde_json::to_string(&Tile::T20).unwrap(), "\"t20\"");
        assert_eq!(serde_json::to_string(&Rotation::EF).unwrap(), "\"ef\"");
        assert_eq!(serde_json::to_string(&Piece::X5).unwrap(), "\"X5\"");
    }
}
