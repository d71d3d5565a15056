//! The engine side of `sokoengine.io`: board text, move text, RLE and `.sok`
//! collections. The Python classes (`sokoengine/io/__init__.py`) keep sokoenginepy's
//! object model (lazy parsing, metadata attributes, lists of snapshots) and call these.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use sokoengine::board::{BoardPosition, Puzzle, rle};
use sokoengine::io::{Collection, Moves, PuzzleEntry, Snapshot};

use crate::convert;
use crate::errors::{edit_error, parse_error, value_error};
use crate::pusher_step::PyPusherStep;

/// The cells of one board (a parsed `Puzzle` without its metadata).
#[pyclass(module = "sokoengine._sokoengine", name = "PuzzleCore")]
#[derive(Clone)]
pub(crate) struct PuzzleCore {
    puzzle: Puzzle,
}

impl PuzzleCore {
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    pub fn new(puzzle: Puzzle) -> PuzzleCore {
        PuzzleCore { puzzle }
    }
}

fn dimension(value: i64, what: &str) -> PyResult<usize> {
    usize::try_from(value)
        .map_err(|_| PyValueError::new_err(format!("Board {what} {value} is invalid value!")))
}

#[pymethods]
impl PuzzleCore {
    /// Parses board text (plain or RLE; any Hexoban layout).
    #[staticmethod]
    fn parse(tessellation: &Bound<'_, PyAny>, text: &str) -> PyResult<PuzzleCore> {
        let tessellation = convert::tessellation(tessellation)?;
        Puzzle::parse(tessellation, text)
            .map(PuzzleCore::new)
            .map_err(parse_error)
    }

    /// An all-floor board.
    #[staticmethod]
    fn floor(tessellation: &Bound<'_, PyAny>, width: i64, height: i64) -> PyResult<PuzzleCore> {
        let tessellation = convert::tessellation(tessellation)?;
        let (w, h) = (dimension(width, "width")?, dimension(height, "height")?);
        Puzzle::new(tessellation, w, h)
            .map(PuzzleCore::new)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn copy(&self) -> PuzzleCore {
        self.clone()
    }

    /// Pickles as its tessellation and printed text, which reads back as the same
    /// cells (so `Puzzle` objects travel to other processes, for example Ray workers).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (&'static str, String))> {
        let puzzle = &slf.borrow().puzzle;
        Ok((
            slf.get_type().getattr("parse")?,
            (
                puzzle.tessellation().lowercase_name(),
                puzzle.to_board_str(true, false),
            ),
        ))
    }

    #[getter]
    fn width(&self) -> usize {
        self.puzzle.width()
    }

    #[getter]
    fn height(&self) -> usize {
        self.puzzle.height()
    }

    /// The stored character at `position` (alternative letters kept, floor as `-`).
    fn get(&self, position: i64) -> PyResult<char> {
        if position < 0 {
            return Err(PyIndexError::new_err(format!(
                "Position {position} is invalid value!"
            )));
        }
        self.puzzle.try_get(position as usize).map_err(edit_error)
    }

    fn set(&mut self, position: i64, character: &str) -> PyResult<()> {
        if position < 0 {
            return Err(PyIndexError::new_err(format!(
                "Position {position} is invalid value!"
            )));
        }
        let mut chars = character.chars();
        let c = match (chars.next(), chars.next()) {
            (Some(c), None) => c,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "'{character}' is not a board character!"
                )));
            }
        };
        self.puzzle.set(position as usize, c).map_err(edit_error)
    }

    /// `(pushers, boxes, goals)` of the cells.
    fn counts(&self) -> (usize, usize, usize) {
        let counts = self.puzzle.piece_counts();
        (counts.pushers, counts.boxes, counts.goals)
    }

    #[pyo3(signature = (use_visible_floor = false, rle_encode = false))]
    fn to_board_str(&self, use_visible_floor: bool, rle_encode: bool) -> String {
        self.puzzle.to_board_str(use_visible_floor, rle_encode)
    }

    /// The stored characters, row-major.
    fn internal_board(&self) -> String {
        String::from_utf8_lossy(self.puzzle.as_bytes()).into_owned()
    }

    fn tile_shape(&self, py: Python<'_>, position: i64) -> PyResult<Py<PyAny>> {
        if position < 0 {
            return Err(PyIndexError::new_err(format!(
                "Position {position} is invalid value!"
            )));
        }
        Ok(convert::orientation_object(
            py,
            self.puzzle
                .tile_shape(BoardPosition::new(position as usize)),
        ))
    }

    /// One of the in-place edits, by name.
    fn edit(&mut self, name: &str) -> PyResult<()> {
        let p = &mut self.puzzle;
        match name {
            "add_row_top" => p.add_row_top(),
            "add_row_bottom" => p.add_row_bottom(),
            "add_column_left" => p.add_column_left(),
            "add_column_right" => p.add_column_right(),
            "remove_row_top" => p.remove_row_top(),
            "remove_row_bottom" => p.remove_row_bottom(),
            "remove_column_left" => p.remove_column_left(),
            "remove_column_right" => p.remove_column_right(),
            "trim_left" => p.trim_left(),
            "trim_right" => p.trim_right(),
            "trim_top" => p.trim_top(),
            "trim_bottom" => p.trim_bottom(),
            "trim" => p.trim(),
            "reverse_rows" => p.reverse_rows(),
            "reverse_columns" => p.reverse_columns(),
            other => return Err(PyValueError::new_err(format!("unknown edit '{other}'"))),
        }
        Ok(())
    }

    fn resize(&mut self, width: i64, height: i64) -> PyResult<()> {
        let (w, h) = (dimension(width, "width")?, dimension(height, "height")?);
        self.puzzle.resize(w, h).map_err(value_error)
    }

    fn resize_and_center(&mut self, width: i64, height: i64) -> PyResult<()> {
        let (w, h) = (dimension(width, "width")?, dimension(height, "height")?);
        self.puzzle.resize_and_center(w, h).map_err(value_error)
    }
}

/// A parsed move text: counts, printing and pusher steps.
#[pyclass(module = "sokoengine._sokoengine", name = "MovesCore", frozen)]
pub(crate) struct MovesCore {
    pub moves: Moves,
}

#[pymethods]
impl MovesCore {
    #[staticmethod]
    fn parse(text: &str) -> PyResult<MovesCore> {
        Moves::parse(text)
            .map(|moves| MovesCore { moves })
            .map_err(value_error)
    }

    /// The move text of `steps` in `tessellation`.
    #[staticmethod]
    fn from_steps(
        tessellation: &Bound<'_, PyAny>,
        steps: Vec<PyRef<'_, PyPusherStep>>,
    ) -> PyResult<MovesCore> {
        let tessellation = convert::tessellation(tessellation)?;
        let steps: Vec<_> = steps.iter().map(|s| s.step).collect();
        Moves::from_pusher_steps(tessellation, &steps)
            .map(|moves| MovesCore { moves })
            .map_err(value_error)
    }

    #[getter]
    fn moves_count(&self) -> usize {
        self.moves.move_count()
    }

    #[getter]
    fn pushes_count(&self) -> usize {
        self.moves.push_count()
    }

    #[getter]
    fn jumps_count(&self) -> usize {
        self.moves.jump_count()
    }

    #[getter]
    fn is_reverse(&self) -> bool {
        self.moves.is_reverse()
    }

    #[pyo3(signature = (rle_encode = false))]
    fn to_str(&self, rle_encode: bool) -> String {
        self.moves.to_str(rle_encode)
    }

    fn pusher_steps(&self, tessellation: &Bound<'_, PyAny>) -> PyResult<Vec<PyPusherStep>> {
        let tessellation = convert::tessellation(tessellation)?;
        let steps = self.moves.pusher_steps(tessellation).map_err(value_error)?;
        Ok(steps
            .into_iter()
            .map(|step| PyPusherStep { step })
            .collect())
    }
}

#[pyfunction]
pub fn rle_encode(text: &str) -> PyResult<String> {
    rle::encode(text).map_err(value_error)
}

#[pyfunction]
pub fn rle_decode(text: &str) -> PyResult<String> {
    rle::decode(text).map_err(value_error)
}

/// One snapshot as `(moves_data, title, solver, notes)`.
type SnapshotData = (String, String, String, String);
/// One puzzle as `(tessellation index, board text, title, author, boxorder, goalorder,
/// notes, snapshots)`.
type PuzzleData = (
    usize,
    String,
    String,
    String,
    String,
    String,
    String,
    Vec<SnapshotData>,
);
/// A collection as `(title, author, created_at, updated_at, notes, puzzles)`.
type CollectionData = (String, String, String, String, String, Vec<PuzzleData>);

fn collection_data(collection: Collection) -> CollectionData {
    let puzzles = collection
        .puzzles
        .iter()
        .map(|entry| {
            let snapshots = entry
                .snapshots()
                .iter()
                .map(|s| {
                    (
                        s.moves_data().to_owned(),
                        s.title.clone(),
                        s.solver.clone(),
                        s.notes.clone(),
                    )
                })
                .collect();
            (
                entry.tessellation() as usize,
                entry.board_text().into_owned(),
                entry.title.clone(),
                entry.author.clone(),
                entry.boxorder.clone(),
                entry.goalorder.clone(),
                entry.notes.clone(),
                snapshots,
            )
        })
        .collect();
    (
        collection.title,
        collection.author,
        collection.created_at,
        collection.updated_at,
        collection.notes,
        puzzles,
    )
}

/// Reads `.sok` (or plain level file) text.
#[pyfunction]
pub fn read_collection(
    py: Python<'_>,
    text: &str,
    hint: &Bound<'_, PyAny>,
) -> PyResult<CollectionData> {
    let hint = convert::tessellation(hint)?;
    let text = text.to_owned();
    // As sokoenginepy reads it, text without a puzzle is an empty collection (its
    // header kept): the reader that never refuses.
    Ok(py.detach(move || {
        collection_data(sokoengine::io::PuzzleReader::new(&text, Some(hint)).into_collection())
    }))
}

/// Reads a level file's bytes (UTF-8, else Latin-1).
#[pyfunction]
pub fn read_collection_bytes(
    py: Python<'_>,
    data: &[u8],
    hint: &Bound<'_, PyAny>,
) -> PyResult<CollectionData> {
    let hint = convert::tessellation(hint)?;
    let data = data.to_vec();
    Ok(py.detach(move || {
        let text = sokoengine::io::decode_text(&data);
        collection_data(sokoengine::io::PuzzleReader::new(&text, Some(hint)).into_collection())
    }))
}

/// A puzzle to write: `(tessellation, board text or cells, title, author, boxorder,
/// goalorder, notes, snapshots)`.
type PuzzleInput<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    String,
    String,
    String,
    String,
    String,
    Vec<SnapshotData>,
);

/// Writes a collection as `.sok` text.
#[pyfunction]
#[pyo3(signature = (title, author, created_at, updated_at, notes, puzzles, rle_encode = false))]
#[allow(clippy::too_many_arguments)]
pub fn write_collection(
    title: String,
    author: String,
    created_at: String,
    updated_at: String,
    notes: String,
    puzzles: Vec<PuzzleInput<'_>>,
    rle_encode: bool,
) -> PyResult<String> {
    let mut collection = Collection::new();
    collection.title = title;
    collection.author = author;
    collection.created_at = created_at;
    collection.updated_at = updated_at;
    collection.notes = notes;
    for (tessellation, board, title, author, boxorder, goalorder, notes, snapshots) in puzzles {
        let tessellation = convert::tessellation(&tessellation)?;
        let mut entry = if let Ok(core) = board.cast::<PuzzleCore>() {
            PuzzleEntry::from_puzzle(core.borrow().puzzle.clone())
        } else {
            PuzzleEntry::from_board_text(tessellation, board.extract::<String>()?)
        };
        entry.title = title;
        entry.author = author;
        entry.boxorder = boxorder;
        entry.goalorder = goalorder;
        entry.notes = notes;
        for (moves_data, title, solver, notes) in snapshots {
            let mut snapshot = Snapshot::new(tessellation, moves_data);
            snapshot.title = title;
            snapshot.solver = solver;
            snapshot.notes = notes;
            entry.push_snapshot(snapshot);
        }
        collection.puzzles.push(entry);
    }
    collection
        .to_sok_string_with(sokoengine::io::WriteOptions::new().rle(rle_encode))
        .map_err(value_error)
}

/// Writes `text` to `path` atomically (the io crate's writer): the file is wholly
/// replaced or left as it was. OSError when it cannot be written.
#[pyfunction]
pub fn write_file(py: Python<'_>, path: std::path::PathBuf, text: &str) -> PyResult<()> {
    let text = text.to_owned();
    py.detach(move || sokoengine::io::atomic::write_atomically(&path, text.as_bytes()))
        .map_err(|error| pyo3::exceptions::PyOSError::new_err(error.to_string()))
}

pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(write_file, module)?)?;
    module.add_class::<PuzzleCore>()?;
    module.add_class::<MovesCore>()?;
    module.add_function(wrap_pyfunction!(rle_encode, module)?)?;
    module.add_function(wrap_pyfunction!(rle_decode, module)?)?;
    module.add_function(wrap_pyfunction!(read_collection, module)?)?;
    module.add_function(wrap_pyfunction!(read_collection_bytes, module)?)?;
    module.add_function(wrap_pyfunction!(write_collection, module)?)?;
    Ok(())
}
