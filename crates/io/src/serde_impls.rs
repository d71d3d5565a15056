//! Serialize/Deserialize (feature `serde`). Text-shaped values serialize as their
//! canonical string: a board as its printed rows with visible floor (`-`), joined by
//! `\n`, in the tessellation's normal layout; moves as their printed form (RLE
//! expanded, no whitespace).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sokoengine_geometry::Tessellation;

use crate::collection::{Collection, PuzzleEntry};
use crate::moves::Moves;
use crate::snapshot::Snapshot;

impl Serialize for Moves {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_str(false))
    }
}

impl<'de> Deserialize<'de> for Moves {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Moves::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Snapshot")]
struct SnapshotRepr {
    #[serde(default)]
    tessellation: Tessellation,
    moves: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    solver: String,
    #[serde(default)]
    notes: String,
}

impl Serialize for Snapshot {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SnapshotRepr {
            tessellation: self.tessellation(),
            // The printed form when the text parses; otherwise the text as stored.
            moves: self
                .moves()
                .map_or_else(|_| self.compact_moves_data(), |m| m.to_str(false)),
            title: self.title.clone(),
            solver: self.solver.clone(),
            notes: self.notes.clone(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Snapshot {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = SnapshotRepr::deserialize(deserializer)?;
        let mut snapshot = Snapshot::new(repr.tessellation, repr.moves);
        snapshot.title = repr.title;
        snapshot.solver = repr.solver;
        snapshot.notes = repr.notes;
        Ok(snapshot)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Puzzle")]
struct PuzzleRepr {
    #[serde(default)]
    tessellation: Tessellation,
    #[serde(default)]
    title: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    boxorder: String,
    #[serde(default)]
    goalorder: String,
    #[serde(default)]
    notes: String,
    board: String,
    #[serde(default)]
    snapshots: Vec<Snapshot>,
}

impl Serialize for PuzzleEntry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = match self.puzzle() {
            Ok(puzzle) => puzzle.to_board_str(true, false),
            // Unparsable text stays as read, so nothing is lost.
            Err(_) => self.board_text().into_owned(),
        };
        PuzzleRepr {
            tessellation: self.tessellation(),
            title: self.title.clone(),
            author: self.author.clone(),
            boxorder: self.boxorder.clone(),
            goalorder: self.goalorder.clone(),
            notes: self.notes.clone(),
            board,
            snapshots: self.snapshots().to_vec(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for PuzzleEntry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = PuzzleRepr::deserialize(deserializer)?;
        let mut entry = PuzzleEntry::from_board_text(repr.tessellation, repr.board);
        entry.title = repr.title;
        entry.author = repr.author;
        entry.boxorder = repr.boxorder;
        entry.goalorder = repr.goalorder;
        entry.notes = repr.notes;
        for snapshot in repr.snapshots {
            entry.push_snapshot(snapshot);
        }
        Ok(entry)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Collection")]
struct CollectionRepr {
    #[serde(default)]
    title: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    created_at: String,
    #[serde(default)]
    updated_at: String,
    #[serde(default)]
    notes: String,
    #[serde(default)]
    puzzles: Vec<PuzzleEntry>,
}

impl Serialize for Collection {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut state = serializer.serialize_struct("Collection", 6)?;
        state.serialize_field("title", &self.title)?;
        state.serialize_field("author", &self.author)?;
        state.serialize_field("created_at", &self.created_at)?;
        state.serialize_field("updated_at", &self.updated_at)?;
        state.serialize_field("notes", &self.notes)?;
        state.serialize_field("puzzles", &self.puzzles)?;
        state.end()
    }
}

impl<'de> Deserialize<'de> for Collection {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = CollectionRepr::deserialize(deserializer)?;
        Ok(Collection {
            title: repr.title,
            author: repr.author,
            created_at: repr.created_at,
            updated_at: repr.updated_at,
            notes: repr.notes,
            puzzles: repr.puzzles,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VariantHint;

    #[test]
    fn json_round_trip() {
        let text =
            "Collection: Demo\n\nLevel 1\n\n#####\n#@$.#\n#####\n\nSolution\nR\nSolver: me\n";
        let collection = Collection::parse(text, VariantHint::None).unwrap();
        let json = serde_json::to_string(&collection).unwrap();
        assert!(
            json.contains("\"board\":\"#####\\n#@$.#\\n#####\""),
            "{json}"
        );
        assert!(json.contains(r#""moves":"R""#), "{json}");
        let back: Collection = serde_json::from_str(&json).unwrap();
        assert_eq!(back, collection);
        let moves: Moves = serde_json::from_str(r#""2(3(dr)R)""#).unwrap();
        assert_eq!(
            serde_json::to_string(&moves).unwrap(),
            r#""drdrdrRdrdrdrR""#
        );
        assert!(serde_json::from_str::<Moves>(r#""lurd{LURD}""#).is_err());
    }
}
