//! sokoenginepy's exception classes and the mapping of the engine's errors onto them:
//! the Python type sokoenginepy raises, the message the engine writes.

use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyKeyError, PyValueError};
use pyo3::prelude::*;

use sokoengine::board::{BoardParseError, GraphError, PuzzleEditError, SizeError};
use sokoengine::mover::{BoardManagerError, MoverError, PlusIdError, SokobanPlusErrors};

create_exception!(
    sokoengine.game,
    CellAlreadyOccupiedError,
    PyValueError,
    "A piece can't be placed on an occupied cell."
);
create_exception!(
    sokoengine.game,
    BoxGoalSwitchError,
    PyValueError,
    "Boxes and goals can't be switched (their counts differ)."
);
create_exception!(
    sokoengine.game,
    NonPlayableBoardError,
    PyValueError,
    "A Mover needs a playable board."
);
create_exception!(
    sokoengine.game,
    IllegalMoveError,
    PyValueError,
    "A move, jump or undo the rules forbid."
);
create_exception!(
    sokoengine.game,
    SokobanPlusDataError,
    PyValueError,
    "Invalid Sokoban+ data."
);

pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A board manager's error as sokoenginepy raises it.
pub fn manager_error(error: BoardManagerError) -> PyErr {
    let message = error.to_string();
    match error {
        BoardManagerError::PusherBlocked { .. } | BoardManagerError::BoxBlocked { .. } => {
            CellAlreadyOccupiedError::new_err(message)
        }
        BoardManagerError::PositionOutOfRange { .. } => PyIndexError::new_err(message),
        BoardManagerError::SwitchCounts { .. } => BoxGoalSwitchError::new_err(message),
        BoardManagerError::NoPusherWithId { .. }
        | BoardManagerError::NoPusherOn { .. }
        | BoardManagerError::NoBoxWithId { .. }
        | BoardManagerError::NoBoxOn { .. }
        | BoardManagerError::NoGoalWithId { .. }
        | BoardManagerError::NoGoalOn { .. } => PyKeyError::new_err(message),
        _ => PyValueError::new_err(message),
    }
}

/// A mover's error: rule violations are `IllegalMoveError`, unknown IDs `KeyError`,
/// off-board positions `IndexError`.
pub fn mover_error(error: MoverError) -> PyErr {
    match error {
        MoverError::NotPlayable => NonPlayableBoardError::new_err(error.to_string()),
        MoverError::Board(
            inner
            @ (BoardManagerError::PusherBlocked { .. } | BoardManagerError::BoxBlocked { .. }),
        ) => IllegalMoveError::new_err(inner.to_string()),
        MoverError::Board(inner) => manager_error(inner),
        other => IllegalMoveError::new_err(other.to_string()),
    }
}

pub fn plus_id_error(error: PlusIdError) -> PyErr {
    PyKeyError::new_err(error.to_string())
}

/// `SokobanPlusDataError` carries the list of messages, as sokoenginepy's does.
pub fn sokoban_plus_error(errors: &SokobanPlusErrors) -> PyErr {
    let messages: Vec<String> = errors.errors.iter().map(ToString::to_string).collect();
    SokobanPlusDataError::new_err((messages,))
}

pub fn graph_error(error: GraphError) -> PyErr {
    match error {
        GraphError::PositionOutOfRange { .. } => PyIndexError::new_err(error.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

pub fn edit_error(error: PuzzleEditError) -> PyErr {
    match error {
        PuzzleEditError::PositionOutOfRange { .. } => PyIndexError::new_err(error.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

pub fn parse_error(error: BoardParseError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

pub fn size_error(error: SizeError) -> PyErr {
    PyValueError::new_err(error.to_string())
}
