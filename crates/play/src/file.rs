//! The level file: FILE read once at the start, and the one file saves go to.
//!
//! A `.sok` file keeps its own snapshots: saves go into it. Any other level file (an
//! `.xsb`, `.txt`, `.hsb` or `.tsb` file, which holds no snapshots) gets a `.sok` file
//! beside it, named like it; when that file already exists and holds the same levels,
//! its snapshots are read at the start too. No other path is ever read or written.

use std::io::Read;
use std::path::{Path, PathBuf};

use sokoengine_io::{Collection, PuzzleEntry, Snapshot, extension_hint};
use sokoengine_metrics::{SolutionMetrics, SolutionVerifier};

use crate::error::{PlayError, SaveError};

/// The largest level file read (64 MiB, as every command of the tool reads).
pub const MAX_FILE: u64 = 64 << 20;

/// A level's line in the level list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The title, or `Level N` for a level without one.
    pub title: String,
    /// The best solution among the level's snapshots, by moves then pushes.
    pub best: Option<SolutionMetrics>,
}

/// FILE, its collection, and where saves go.
#[derive(Debug)]
pub struct LevelFile {
    path: PathBuf,
    save_path: PathBuf,
    collection: Collection,
    summaries: Vec<Summary>,
    /// Why saving is refused, when it is.
    save_blocked: Option<String>,
}

impl LevelFile {
    /// Reads FILE (and its `.sok` sibling, for a plain level file).
    ///
    /// # Errors
    ///
    /// [`PlayError::Read`] when FILE can't be read or is too large,
    /// [`PlayError::NoLevels`] when it holds no level.
    pub fn open(path: &Path) -> Result<LevelFile, PlayError> {
        let collection = read_collection(path)?;
        if collection.puzzles.is_empty() {
            return Err(PlayError::NoLevels {
                path: path.to_path_buf(),
            });
        }
        let is_sok = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sok"));
        let save_path = if is_sok {
            path.to_path_buf()
        } else {
            path.with_extension("sok")
        };
        let mut file = LevelFile {
            path: path.to_path_buf(),
            save_path,
            collection,
            summaries: Vec::new(),
            save_blocked: None,
        };
        if !is_sok && file.save_path.exists() {
            match read_collection(&file.save_path) {
                Ok(saved) if same_levels(&saved, &file.collection) => file.collection = saved,
                Ok(_) => {
                    file.save_blocked = Some(format!(
                        "{} holds other levels than {}: saving would overwrite them",
                        file.save_path.display(),
                        file.path.display()
                    ));
                }
                Err(error) => file.save_blocked = Some(error.to_string()),
            }
        }
        file.summaries = (0..file.collection.puzzles.len())
            .map(|index| summary(&file.collection.puzzles[index], index))
            .collect();
        Ok(file)
    }

    /// FILE.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file saves go to: FILE itself, or its `.sok` sibling.
    pub fn save_path(&self) -> &Path {
        &self.save_path
    }

    /// The levels and their snapshots.
    pub const fn collection(&self) -> &Collection {
        &self.collection
    }

    /// The level list's lines, one per level.
    pub fn summaries(&self) -> &[Summary] {
        &self.summaries
    }

    /// Adds `snapshot` to level `index` (0-based) and writes the save file: the file
    /// as it is on disk now, read again, with the snapshot added after the level's
    /// others; everything else in it reads back the same.
    ///
    /// # Errors
    ///
    /// [`SaveError`]: saving is refused for this file, the file changed on disk so
    /// that it holds other levels, it can't be read or written.
    pub fn save(&mut self, index: usize, snapshot: Snapshot) -> Result<(), SaveError> {
        if let Some(reason) = &self.save_blocked {
            return Err(SaveError::Refused(reason.clone()));
        }
        let mut current = if self.save_path.exists() {
            read_collection(&self.save_path)
        } else {
            read_collection(&self.path)
        }
        .map_err(|e| SaveError::Refused(e.to_string()))?;
        if !same_levels(&current, &self.collection) {
            return Err(SaveError::Refused(format!(
                "{} changed on disk since it was opened: open it again",
                self.save_path.display()
            )));
        }
        let Some(entry) = current.puzzles.get_mut(index) else {
            return Err(SaveError::Refused(format!("no level {}", index + 1)));
        };
        entry.push_snapshot(snapshot);
        // The io crate's writer: `.sok` text, written atomically.
        current
            .save(&self.save_path)
            .map_err(|source| SaveError::Write {
                path: self.save_path.clone(),
                source,
            })?;
        self.summaries[index] = summary(&current.puzzles[index], index);
        self.collection = current;
        Ok(())
    }
}

/// Reads and parses a level file of at most [`MAX_FILE`] bytes.
fn read_collection(path: &Path) -> Result<Collection, PlayError> {
    let read_error = |source: std::io::Error| PlayError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(read_error)?;
    if file.metadata().map_err(read_error)?.is_dir() {
        return Err(read_error(std::io::Error::other("it is a directory")));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(read_error(std::io::Error::other(format!(
            "larger than the limit of {MAX_FILE} bytes"
        ))));
    }
    // Text without a board holds no level.
    Collection::parse_bytes(&bytes, extension_hint(path)).map_err(|_| PlayError::NoLevels {
        path: path.to_path_buf(),
    })
}

/// Whether two collections hold the same levels in the same order: the same
/// tessellations and boards (their snapshots and notes may differ).
fn same_levels(a: &Collection, b: &Collection) -> bool {
    let board = |entry: &PuzzleEntry| {
        entry
            .puzzle()
            .map(|puzzle| puzzle.to_board_str(true, false))
            .ok()
    };
    a.puzzles.len() == b.puzzles.len()
        && a.puzzles.iter().zip(&b.puzzles).all(|(x, y)| {
            x.tessellation() == y.tessellation() && board(x).is_some() && board(x) == board(y)
        })
}

/// The level list's line of `entry`, level `index` (0-based).
fn summary(entry: &PuzzleEntry, index: usize) -> Summary {
    let title = if entry.title.trim().is_empty() {
        format!("Level {}", index + 1)
    } else {
        entry.title.trim().to_owned()
    };
    let best = entry
        .puzzle()
        .ok()
        .and_then(|puzzle| SolutionVerifier::new(&puzzle).ok())
        .and_then(|mut verifier| {
            entry
                .solutions(&mut verifier)
                .filter_map(Result::ok)
                .map(|solution| solution.metrics)
                .min_by_key(|m| (m.moves, m.pushes))
        });
    Summary { title, best }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_io::VariantHint;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sokoengine-play-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    const TWO_LEVELS: &str =
        "; One\n\n#######\n#@ $ .#\n#######\n\n; Two\n\n######\n#@$ .#\n######\n";

    #[test]
    fn a_plain_file_saves_beside_itself() {
        let dir = temp_dir("plain");
        let path = dir.join("levels.xsb");
        std::fs::write(&path, TWO_LEVELS).unwrap();
        let mut file = LevelFile::open(&path).unwrap();
        assert_eq!(file.save_path(), dir.join("levels.sok"));
        assert_eq!(file.summaries()[1].title, "Two");
        assert_eq!(file.summaries()[0].best, None);
        file.save(
            0,
            Snapshot::new(sokoengine_geometry::Tessellation::Sokoban, "rRR"),
        )
        .unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), TWO_LEVELS);
        assert_eq!(file.summaries()[0].best.map(|m| m.moves), Some(3));
        // Opened again, the .sok beside it brings the snapshot back.
        let again = LevelFile::open(&path).unwrap();
        assert_eq!(again.collection().puzzles[0].snapshots().len(), 1);
        // A .sok beside it that holds other levels is never overwritten.
        std::fs::write(dir.join("levels.sok"), "#####\n#@$.#\n#####\n").unwrap();
        let mut other = LevelFile::open(&path).unwrap();
        assert!(
            other
                .save(
                    0,
                    Snapshot::new(sokoengine_geometry::Tessellation::Sokoban, "r")
                )
                .is_err()
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("levels.sok")).unwrap(),
            "#####\n#@$.#\n#####\n"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_sok_file_keeps_everything_else() {
        let dir = temp_dir("sok");
        let path = dir.join("levels.sok");
        let text = "Title: Demo\nAuthor: Someone\n\nNotes of the file.\n\n; One\n\n#######\n#@ $ .#\n#######\n\nSolution\nrRR\n\n; Two\n\n######\n#@$ .#\n######\n";
        std::fs::write(&path, text).unwrap();
        let before = Collection::parse(text, VariantHint::None).unwrap();
        let mut file = LevelFile::open(&path).unwrap();
        assert_eq!(file.summaries()[0].best.map(|m| m.pushes), Some(2));
        file.save(
            1,
            Snapshot::new(sokoengine_geometry::Tessellation::Sokoban, "RR"),
        )
        .unwrap();
        let after =
            Collection::parse(&std::fs::read_to_string(&path).unwrap(), VariantHint::None).unwrap();
        let mut expected = before.clone();
        expected.puzzles[1].push_snapshot(Snapshot::new(
            sokoengine_geometry::Tessellation::Sokoban,
            "RR",
        ));
        assert_eq!(after, expected);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn unreadable_files_are_errors() {
        let dir = temp_dir("errors");
        assert!(matches!(
            LevelFile::open(&dir.join("missing.sok")),
            Err(PlayError::Read { .. })
        ));
        assert!(matches!(LevelFile::open(&dir), Err(PlayError::Read { .. })));
        std::fs::write(dir.join("empty.sok"), "just notes\n").unwrap();
        assert!(matches!(
            LevelFile::open(&dir.join("empty.sok")),
            Err(PlayError::NoLevels { .. })
        ));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
