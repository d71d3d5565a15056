//! Setting Sun, Tower of Hanoi and Tilewe, in Pythonic form.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use sokoengine::hanoi::{self, Towers};
use sokoengine::render::{self};
use sokoengine::setting_sun::{self as sun, Layout, Metric};
use sokoengine::tilewe::{self, Board, Budget, Engine, Mcts, Rng};

use crate::errors::value_error;

fn sun_puzzle(layout: Option<&str>) -> PyResult<sun::Puzzle> {
    match layout {
        None => Ok(sun::Puzzle::setting_sun()),
        Some(picture) => {
            let start = Layout::parse(picture).map_err(value_error)?;
            let goal = sun::Puzzle::setting_sun().goal();
            sun::Puzzle::new(start, goal).map_err(value_error)
        }
    }
}

/// An optimal solution of Setting Sun (or of `layout`, a picture such as
/// `vBBv/vBBv/.hh./vssv/vssv`) under `metric` `step`, `slide` or `piece`: the moves
/// as text.
#[pyfunction]
#[pyo3(signature = (metric = "step", layout = None))]
fn setting_sun_solve(py: Python<'_>, metric: &str, layout: Option<&str>) -> PyResult<Vec<String>> {
    let metric: Metric = metric.parse().map_err(value_error)?;
    let puzzle = sun_puzzle(layout)?;
    let solution = py.detach(|| puzzle.solve(metric)).map_err(value_error)?;
    Ok(solution.moves().iter().map(ToString::to_string).collect())
}

/// `(reachable states, goal states)` of Setting Sun (or of `layout`).
#[pyfunction]
#[pyo3(signature = (layout = None))]
fn setting_sun_states(py: Python<'_>, layout: Option<&str>) -> PyResult<(usize, usize)> {
    let puzzle = sun_puzzle(layout)?;
    let space = py.detach(|| puzzle.reachable()).map_err(value_error)?;
    Ok((space.len(), puzzle.goal_count(&space)))
}

/// An SVG picture of a Setting Sun layout (default: the classic start).
#[pyfunction]
#[pyo3(signature = (layout = None, *, theme = "light"))]
fn setting_sun_svg(layout: Option<&str>, theme: &str) -> PyResult<String> {
    let puzzle = sun_puzzle(layout)?;
    let options = render::Options::new().theme(theme.parse().map_err(value_error)?);
    let start = match layout {
        Some(picture) => Layout::parse(picture).map_err(value_error)?,
        None => Layout::setting_sun(),
    };
    render::sun_svg(&start, Some(puzzle.goal()), &options).map_err(value_error)
}

fn towers(disks: u8, pegs: u8, start: Option<&str>) -> PyResult<Towers> {
    match start {
        None => Towers::new(disks, pegs).map_err(value_error),
        Some(text) => text.parse().map_err(value_error),
    }
}

/// The optimal moves `(from_peg, to_peg)` that bring every disk to the last peg, from
/// the standard start or from `start` (pegs left to right separated by `|`, each
/// peg's disks bottom to top, `0` the largest: `0,1,2||3`).
#[pyfunction]
#[pyo3(signature = (disks = 3, pegs = 3, start = None))]
fn hanoi_solve(disks: u8, pegs: u8, start: Option<&str>) -> PyResult<Vec<(u8, u8)>> {
    let towers = towers(disks, pegs, start)?;
    let goal = towers.pegs() - 1;
    let moves: Vec<hanoi::Move> = if towers.pegs() == 3 {
        hanoi::optimal_path(towers, goal)
            .map_err(value_error)?
            .collect()
    } else if start.is_none() {
        hanoi::frame_stewart_moves(towers.disks()).map_err(value_error)?
    } else {
        return Err(PyValueError::new_err(
            "from a given start, only 3 pegs are solved",
        ));
    };
    Ok(moves.into_iter().map(|m| (m.from(), m.to())).collect())
}

/// An SVG picture of Hanoi towers (the standard start, or `start` as for `hanoi_solve`).
#[pyfunction]
#[pyo3(signature = (disks = 3, pegs = 3, start = None, *, theme = "light"))]
fn hanoi_svg(disks: u8, pegs: u8, start: Option<&str>, theme: &str) -> PyResult<String> {
    let towers = towers(disks, pegs, start)?;
    let options = render::Options::new().theme(theme.parse().map_err(value_error)?);
    render::hanoi_svg(towers, &options).map_err(value_error)
}

/// A game of Tilewe (Blokus-like, 20x20, 1 to 4 players). Moves are written
/// `F5e-a2d4` (piece, rotation, contact tile, target tile).
#[pyclass(module = "sokoengine", name = "TileweBoard")]
#[derive(Clone)]
pub(crate) struct PyTileweBoard {
    board: Board,
}

#[pymethods]
impl PyTileweBoard {
    #[new]
    #[pyo3(signature = (players = 4))]
    fn new(players: usize) -> PyResult<Self> {
        Board::new(players)
            .map(|board| PyTileweBoard { board })
            .map_err(value_error)
    }

    /// A board from its one-line position text.
    #[staticmethod]
    fn from_position(text: &str) -> PyResult<Self> {
        Board::from_position(text)
            .map(|board| PyTileweBoard { board })
            .map_err(value_error)
    }

    /// The one-line position text.
    fn position(&self) -> String {
        self.board.position()
    }

    /// The legal moves of the player to move, in notation.
    fn legal_moves(&self) -> Vec<String> {
        self.board
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Plays a move (notation); ValueError when it is malformed or illegal.
    fn push(&mut self, move_text: &str) -> PyResult<()> {
        let mv: tilewe::Move = move_text.parse().map_err(value_error)?;
        self.board.push(mv).map_err(value_error)
    }

    /// Takes back the last move and returns it.
    fn pop(&mut self) -> PyResult<String> {
        self.board
            .pop()
            .map(|mv| mv.to_string())
            .map_err(|e| PyIndexError::new_err(e.to_string()))
    }

    /// A move chosen by the tree search with `playouts` simulations (None when the
    /// game is over); the same seed gives the same move.
    #[pyo3(signature = (playouts = 200, seed = 1))]
    fn best_move(&self, py: Python<'_>, playouts: u32, seed: u64) -> Option<String> {
        let board = self.board.clone();
        py.detach(move || {
            let mut engine = Mcts::new(Budget::Playouts(playouts));
            engine
                .choose(&board, &mut Rng::new(seed))
                .map(|mv| mv.to_string())
        })
    }

    #[getter]
    fn ply(&self) -> usize {
        self.board.ply()
    }

    /// The colour to move: `blue`, `yellow`, `red` or `green`.
    #[getter]
    fn current_player(&self) -> String {
        self.board.current_player().to_string()
    }

    #[getter]
    fn finished(&self) -> bool {
        self.board.is_finished()
    }

    /// Each player's score (tiles placed).
    #[getter]
    fn scores(&self) -> Vec<u32> {
        self.board.scores()
    }

    /// The colours with the best score.
    #[getter]
    fn winners(&self) -> Vec<String> {
        self.board
            .winners()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// An SVG picture of the board.
    #[pyo3(signature = (*, theme = "light"))]
    fn svg(&self, theme: &str) -> PyResult<String> {
        let options = render::Options::new().theme(theme.parse().map_err(value_error)?);
        render::tilewe_svg(&self.board, &options).map_err(value_error)
    }

    fn __str__(&self) -> String {
        self.board.to_string()
    }

    fn __repr__(&self) -> String {
        format!("TileweBoard.from_position('{}')", self.board.position())
    }
}

pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(setting_sun_solve, module)?)?;
    module.add_function(wrap_pyfunction!(setting_sun_states, module)?)?;
    module.add_function(wrap_pyfunction!(setting_sun_svg, module)?)?;
    module.add_function(wrap_pyfunction!(hanoi_solve, module)?)?;
    module.add_function(wrap_pyfunction!(hanoi_svg, module)?)?;
    module.add_class::<PyTileweBoard>()?;
    Ok(())
}
