//! Conversions between the Python enumerations (`sokoengine/_enums.py`) and the
//! engine's types, and the positions Python passes as (possibly negative) integers.

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use sokoengine::board::BoardPosition;
use sokoengine::geometry::{Direction, Tessellation, TileShape};
use sokoengine::mover::SolvingMode;

/// The Python enumeration members and data classes, registered once at import.
pub struct Registry {
    directions: Vec<Py<PyAny>>,
    tessellations: Vec<Py<PyAny>>,
    solving_modes: Vec<Py<PyAny>>,
    orientations: Vec<Py<PyAny>>,
    pub board_state: Py<PyType>,
    pub edge: Py<PyType>,
}

static REGISTRY: PyOnceLock<Registry> = PyOnceLock::new();

fn members(class: &Bound<'_, PyType>, count: usize) -> PyResult<Vec<Py<PyAny>>> {
    (0..count)
        .map(|value| Ok(class.call1((value,))?.unbind()))
        .collect()
}

/// Called once by `sokoengine/__init__.py` with the enumeration classes.
#[pyfunction]
pub fn _register(
    py: Python<'_>,
    direction: &Bound<'_, PyType>,
    tessellation: &Bound<'_, PyType>,
    solving_mode: &Bound<'_, PyType>,
    cell_orientation: &Bound<'_, PyType>,
    board_state: &Bound<'_, PyType>,
    edge: &Bound<'_, PyType>,
) -> PyResult<()> {
    let registry = Registry {
        directions: members(direction, 8)?,
        tessellations: members(tessellation, 4)?,
        solving_modes: members(solving_mode, 2)?,
        orientations: members(cell_orientation, 3)?,
        board_state: board_state.clone().unbind(),
        edge: edge.clone().unbind(),
    };
    // A second registration (a reloaded package) keeps the first.
    let _ = REGISTRY.set(py, registry);
    Ok(())
}

pub fn registry(py: Python<'_>) -> &Registry {
    REGISTRY
        .get(py)
        .expect("sokoengine/__init__.py registers the enumerations at import")
}

/// The index of `object` among `members` (by identity), else its `.value` (or the
/// integer itself) when below `count`.
fn member_index(object: &Bound<'_, PyAny>, members: &[Py<PyAny>], what: &str) -> PyResult<usize> {
    if let Some(index) = members.iter().position(|m| object.is(m)) {
        return Ok(index);
    }
    let value = match object.getattr("value") {
        Ok(value) => value.extract::<i64>(),
        Err(_) => object.extract::<i64>(),
    };
    match value {
        Ok(v) if v >= 0 && (v as usize) < members.len() => Ok(v as usize),
        _ => Err(PyTypeError::new_err(format!(
            "expected a {what}, got {}",
            object
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))),
    }
}

pub fn direction(object: &Bound<'_, PyAny>) -> PyResult<Direction> {
    let index = member_index(object, &registry(object.py()).directions, "Direction")?;
    Ok(Direction::ALL[index])
}

pub fn direction_object(py: Python<'_>, direction: Direction) -> Py<PyAny> {
    registry(py).directions[direction as usize].clone_ref(py)
}

pub fn tessellation(object: &Bound<'_, PyAny>) -> PyResult<Tessellation> {
    if let Ok(name) = object.extract::<String>() {
        return name
            .parse()
            .map_err(|e: sokoengine::geometry::ParseTessellationError| {
                PyValueError::new_err(e.to_string())
            });
    }
    let index = member_index(object, &registry(object.py()).tessellations, "Tessellation")?;
    Ok(TESSELLATIONS[index])
}

pub const TESSELLATIONS: [Tessellation; 4] = [
    Tessellation::Sokoban,
    Tessellation::Hexoban,
    Tessellation::Trioban,
    Tessellation::Octoban,
];

pub fn tessellation_object(py: Python<'_>, tessellation: Tessellation) -> Py<PyAny> {
    registry(py).tessellations[tessellation as usize].clone_ref(py)
}

pub fn solving_mode(object: &Bound<'_, PyAny>) -> PyResult<SolvingMode> {
    let index = member_index(object, &registry(object.py()).solving_modes, "SolvingMode")?;
    Ok(if index == 0 {
        SolvingMode::Forward
    } else {
        SolvingMode::Reverse
    })
}

pub fn solving_mode_object(py: Python<'_>, mode: SolvingMode) -> Py<PyAny> {
    let index = match mode {
        SolvingMode::Forward => 0,
        SolvingMode::Reverse => 1,
    };
    registry(py).solving_modes[index].clone_ref(py)
}

pub fn orientation_object(py: Python<'_>, shape: TileShape) -> Py<PyAny> {
    let index = match shape {
        TileShape::Default => 0,
        TileShape::TriangleDown => 1,
        TileShape::Octagon => 2,
    };
    registry(py).orientations[index].clone_ref(py)
}

/// A board position from Python: negative ones are off every board.
pub fn position(value: i64) -> PyResult<usize> {
    usize::try_from(value)
        .map_err(|_| PyIndexError::new_err(format!("Board position {value} is out of range!")))
}

/// Positions where off-board entries are ignored (negative ones dropped).
pub fn positions_lenient(values: Option<Vec<i64>>) -> Vec<BoardPosition> {
    values
        .unwrap_or_default()
        .into_iter()
        .filter_map(|v| usize::try_from(v).ok().map(BoardPosition::new))
        .collect()
}

/// `-1` (sokoenginepy's `Config.NO_POS` / `Config.NO_ID`) for none.
pub fn or_none(value: Option<usize>) -> i64 {
    value.map_or(-1, |v| v as i64)
}
