//! `sokoengine.game.PusherStep`: one step of a pusher, on the engine's `PusherStep`.
//! A file of its own because both `game` (a Mover's last move) and `io` (a snapshot's
//! steps) hand steps to Python.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use sokoengine::geometry::Direction;
use sokoengine::mover::PusherStep;

use crate::convert::{self, or_none};

/// One step of a pusher: a move, a push or pull, a jump or a pusher selection.
#[pyclass(module = "sokoengine.game", name = "PusherStep", freelist = 256)]
#[derive(Clone, Copy)]
pub(crate) struct PyPusherStep {
    pub step: PusherStep,
}

fn box_id_from(value: i64) -> Option<usize> {
    if value < 1 {
        None
    } else {
        Some(value as usize)
    }
}

#[pymethods]
impl PyPusherStep {
    #[new]
    #[pyo3(signature = (direction = None, moved_box_id = -1, is_jump = false, is_pusher_selection = false, pusher_id = 1, is_current_pos = false))]
    fn new(
        direction: Option<&Bound<'_, PyAny>>,
        moved_box_id: i64,
        is_jump: bool,
        is_pusher_selection: bool,
        pusher_id: i64,
        is_current_pos: bool,
    ) -> PyResult<Self> {
        let direction = direction.map_or(Ok(Direction::Left), convert::direction)?;
        // sokoenginepy takes any ID but NO_ID (-1) as a request for a push here.
        let box_moved = moved_box_id != -1;
        let message = match (box_moved, is_jump, is_pusher_selection) {
            (true, true, true) => Some(
                "PusherStep can't be everything, a push, a jump and a pusher selection, all at once!",
            ),
            (true, true, false) => Some("PusherStep can't be both, a push and a jump!"),
            (true, false, true) => Some("PusherStep can't be both, a push and a pusher selection!"),
            (false, true, true) => Some("PusherStep can't be both, a jump and a pusher selection!"),
            _ => None,
        };
        if let Some(message) = message {
            return Err(PyValueError::new_err(message));
        }
        let mut step = PusherStep::new(direction);
        step.set_moved_box_id(box_id_from(moved_box_id));
        step.set_pusher_id(usize::try_from(pusher_id).unwrap_or(1));
        if is_jump {
            step.set_jump(true);
        }
        if is_pusher_selection {
            step.set_pusher_selection(true);
        }
        step.set_current_pos(is_current_pos);
        Ok(PyPusherStep { step })
    }

    fn __repr__(&self) -> String {
        self.step.reference_repr().to_string()
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }

    /// Equal when direction and kind agree (IDs and the current-position flag aside).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPusherStep>()
            .is_ok_and(|o| self.step.loosely_eq(&o.borrow().step))
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    #[getter]
    fn get_direction(&self, py: Python<'_>) -> Py<PyAny> {
        convert::direction_object(py, self.step.direction())
    }

    #[setter]
    fn set_direction(&mut self, direction: &Bound<'_, PyAny>) -> PyResult<()> {
        self.step.set_direction(convert::direction(direction)?);
        Ok(())
    }

    /// ID of the pushed or pulled box, or -1.
    #[getter]
    fn get_moved_box_id(&self) -> i64 {
        or_none(self.step.moved_box_id())
    }

    #[setter]
    fn set_moved_box_id(&mut self, value: i64) {
        self.step.set_moved_box_id(box_id_from(value));
    }

    #[getter]
    fn get_pusher_id(&self) -> usize {
        self.step.pusher_id()
    }

    #[setter]
    fn set_pusher_id(&mut self, value: i64) {
        self.step.set_pusher_id(usize::try_from(value).unwrap_or(1));
    }

    #[getter]
    fn is_move(&self) -> bool {
        self.step.is_move()
    }

    #[getter]
    fn is_push_or_pull(&self) -> bool {
        self.step.is_push_or_pull()
    }

    #[getter]
    fn get_is_pusher_selection(&self) -> bool {
        self.step.is_pusher_selection()
    }

    #[setter]
    fn set_is_pusher_selection(&mut self, value: bool) {
        self.step.set_pusher_selection(value);
    }

    #[getter]
    fn get_is_jump(&self) -> bool {
        self.step.is_jump()
    }

    #[setter]
    fn set_is_jump(&mut self, value: bool) {
        self.step.set_jump(value);
    }

    #[getter]
    fn get_is_current_pos(&self) -> bool {
        self.step.is_current_pos()
    }

    #[setter]
    fn set_is_current_pos(&mut self, value: bool) {
        self.step.set_current_pos(value);
    }
}
