//! The tessellations' neighbour rules and step letters, for the tessellation classes
//! of `sokoengine.game` (`SokobanTessellation`, ...).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert::{self, or_none};

/// The neighbour of `position` in `direction` on a `width × height` board, or -1.
/// The caller has checked that the direction is legal here.
#[pyfunction]
pub fn neighbor_position(
    tessellation: &Bound<'_, PyAny>,
    position: usize,
    direction: &Bound<'_, PyAny>,
    width: usize,
    height: usize,
) -> PyResult<i64> {
    let tessellation = convert::tessellation(tessellation)?;
    let direction = convert::direction(direction)?;
    Ok(or_none(
        tessellation.neighbor(position, direction, width, height),
    ))
}

/// The step letter of `direction` (upper case for a push) in `tessellation`.
#[pyfunction]
pub fn step_char(
    tessellation: &Bound<'_, PyAny>,
    direction: &Bound<'_, PyAny>,
    is_push: bool,
) -> PyResult<char> {
    let tessellation = convert::tessellation(tessellation)?;
    let direction = convert::direction(direction)?;
    tessellation
        .step_char(direction, is_push)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The direction (as its value) of a step letter and whether it is a push.
#[pyfunction]
pub fn parse_step_char(
    tessellation: &Bound<'_, PyAny>,
    character: &str,
) -> PyResult<(usize, bool)> {
    let tessellation = convert::tessellation(tessellation)?;
    let mut chars = character.chars();
    let illegal = || {
        PyValueError::new_err(format!(
            "Illegal PusherStep character '{character}' in {}!",
            tessellation.class_name()
        ))
    };
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(illegal());
    };
    let (direction, is_push) = tessellation.parse_step_char(c).map_err(|_| illegal())?;
    Ok((direction as usize, is_push))
}

pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(neighbor_position, module)?)?;
    module.add_function(wrap_pyfunction!(step_char, module)?)?;
    module.add_function(wrap_pyfunction!(parse_step_char, module)?)?;
    Ok(())
}
