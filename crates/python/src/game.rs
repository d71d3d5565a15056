//! `sokoengine.game`: sokoenginepy's board cells, board graph, board managers, Sokoban+,
//! pusher steps and Mover on the engine's types.
//!
//! A board and everything attached to it share one [`Slot`]: the board alone, the
//! board inside a manager, or the board inside a mover's manager. So `board` shows what
//! a Mover built on it did, as in sokoenginepy. Attaching a new manager or mover, or
//! editing the pieces of an attached board, takes the board over; the managers and
//! movers attached before are then detached and refuse to work (sokoenginepy lets
//! them run on with stale IDs). Play-area flags may change at any time.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::{PyIndexError, PyKeyError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use sokoengine::board::{BoardCell, BoardGraph, BoardPosition};
use sokoengine::geometry::Direction;
use sokoengine::mover::{
    BoardManager, BoardState, DEFAULT_PLUS_ID, LEGACY_DEFAULT_PLUS_ID, Mover, MoverError,
    PusherStep, SokobanPlus, SolvingMode,
};

use crate::convert::{self, or_none, position, positions_lenient, registry};
use crate::errors::{
    IllegalMoveError, graph_error, manager_error, mover_error, plus_id_error, size_error,
    sokoban_plus_error,
};
use crate::io::PuzzleCore;
use crate::pusher_step::PyPusherStep;

// ---- the shared board ------------------------------------------------------------

/// Who holds a board: nobody (the graph alone), a manager or a mover.
enum Content {
    Graph(BoardGraph),
    Manager(Box<BoardManager>),
    Mover(Box<Mover>),
    /// Only while the content is being exchanged, under the lock.
    Moving,
}

/// A board and its holder; `token` changes whenever the holder changes.
pub struct Slot {
    content: Content,
    token: u64,
}

pub type Shared = Arc<Mutex<Slot>>;

fn lock(shared: &Shared) -> MutexGuard<'_, Slot> {
    shared
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

const DETACHED: &str = "this board manager or mover is detached: its board was attached to \
                        another manager or mover, or its pieces were edited directly";

impl Slot {
    fn new(graph: BoardGraph) -> Shared {
        Arc::new(Mutex::new(Slot {
            content: Content::Graph(graph),
            token: 0,
        }))
    }

    fn graph(&self) -> &BoardGraph {
        match &self.content {
            Content::Graph(graph) => graph,
            Content::Manager(manager) => manager.board(),
            Content::Mover(mover) => mover.board(),
            Content::Moving => unreachable!("the content is exchanged under the lock"),
        }
    }

    /// Takes the board from its holder; the holder is detached.
    fn take_graph(&mut self) -> BoardGraph {
        self.token += 1;
        match std::mem::replace(&mut self.content, Content::Moving) {
            Content::Graph(graph) => graph,
            Content::Manager(manager) => manager.into_board(),
            Content::Mover(mover) => mover.into_board_manager().into_board(),
            Content::Moving => unreachable!("the content is exchanged under the lock"),
        }
    }

    /// The board for an edit of its pieces: a holder is detached first.
    fn graph_mut(&mut self) -> &mut BoardGraph {
        if !matches!(self.content, Content::Graph(_)) {
            let graph = self.take_graph();
            self.content = Content::Graph(graph);
        }
        match &mut self.content {
            Content::Graph(graph) => graph,
            _ => unreachable!("just made a plain graph"),
        }
    }

    /// Sets one cell; a change of the play-area flag alone keeps the holder.
    fn set_cell(&mut self, position: usize, cell: BoardCell) -> PyResult<()> {
        let old = *self.graph().get(position).ok_or_else(|| {
            PyIndexError::new_err(format!("Board position {position} is out of range!"))
        })?;
        if same_pieces(old, cell) {
            if old.is_in_playable_area() != cell.is_in_playable_area() {
                let value = cell.is_in_playable_area();
                match &mut self.content {
                    Content::Graph(graph) => graph.set_cell(position, cell).map_err(graph_error)?,
                    Content::Manager(manager) => manager
                        .set_in_playable_area(position, value)
                        .map_err(manager_error)?,
                    Content::Mover(mover) => mover
                        .board_manager_mut()
                        .set_in_playable_area(position, value)
                        .map_err(manager_error)?,
                    Content::Moving => unreachable!("the content is exchanged under the lock"),
                }
            }
            return Ok(());
        }
        self.graph_mut()
            .set_cell(position, cell)
            .map_err(graph_error)
    }

    fn manager(&self, token: u64) -> PyResult<&BoardManager> {
        if token != self.token {
            return Err(PyRuntimeError::new_err(DETACHED));
        }
        match &self.content {
            Content::Manager(manager) => Ok(manager),
            Content::Mover(mover) => Ok(mover.board_manager()),
            _ => Err(PyRuntimeError::new_err(DETACHED)),
        }
    }

    fn manager_mut(&mut self, token: u64) -> PyResult<&mut BoardManager> {
        if token != self.token {
            return Err(PyRuntimeError::new_err(DETACHED));
        }
        match &mut self.content {
            Content::Manager(manager) => Ok(manager),
            Content::Mover(mover) => Ok(mover.board_manager_mut()),
            _ => Err(PyRuntimeError::new_err(DETACHED)),
        }
    }

    fn mover(&self, token: u64) -> PyResult<&Mover> {
        match &self.content {
            Content::Mover(mover) if token == self.token => Ok(mover),
            _ => Err(PyRuntimeError::new_err(DETACHED)),
        }
    }

    fn mover_mut(&mut self, token: u64) -> PyResult<&mut Mover> {
        match &mut self.content {
            Content::Mover(mover) if token == self.token => Ok(mover),
            _ => Err(PyRuntimeError::new_err(DETACHED)),
        }
    }
}

fn same_pieces(a: BoardCell, b: BoardCell) -> bool {
    a.is_wall() == b.is_wall()
        && a.has_box() == b.has_box()
        && a.has_goal() == b.has_goal()
        && a.has_pusher() == b.has_pusher()
}

// ---- BoardCell --------------------------------------------------------------------

enum Place {
    Own(BoardCell),
    View(Shared, usize),
}

/// One cell of a board: wall, box, goal and pusher flags and the play-area flag.
///
/// A cell read from a `BoardGraph` (`board[pos]`) is a view: changing it changes the
/// board.
#[pyclass(module = "sokoengine.game", name = "BoardCell")]
pub(crate) struct PyBoardCell {
    place: Place,
}

/// The pieces of a board character, as sokoenginepy's `Puzzle.is_*` tell them
/// (`(wall, pusher, box, goal)`; nothing for any other text).
fn char_flags(text: &str) -> (bool, bool, bool, bool) {
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return (false, false, false, false);
    };
    (
        c == '#',
        matches!(c, '@' | 'p' | 'm' | '+' | 'P' | 'M'),
        matches!(c, '$' | 'b' | '*' | 'B'),
        matches!(c, '.' | 'o' | '*' | 'B' | '+' | 'P' | 'M'),
    )
}

pub fn cell_from_text(text: &str) -> PyResult<BoardCell> {
    if matches!(text, " " | "-" | "_") {
        return Ok(BoardCell::default());
    }
    text.parse::<BoardCell>()
        .map_err(|error| PyValueError::new_err(error.to_string()))
}

impl PyBoardCell {
    fn get(&self) -> BoardCell {
        match &self.place {
            Place::Own(cell) => *cell,
            Place::View(shared, position) => lock(shared)
                .graph()
                .get(*position)
                .copied()
                .unwrap_or_default(),
        }
    }

    fn update(&mut self, change: impl FnOnce(&mut BoardCell)) -> PyResult<()> {
        match &mut self.place {
            Place::Own(cell) => {
                change(cell);
                Ok(())
            }
            Place::View(shared, position) => {
                let mut slot = lock(shared);
                let mut cell = slot.graph().get(*position).copied().unwrap_or_default();
                change(&mut cell);
                slot.set_cell(*position, cell)
            }
        }
    }
}

#[pymethods]
impl PyBoardCell {
    #[new]
    #[pyo3(signature = (character = " "))]
    fn new(character: &str) -> PyResult<Self> {
        Ok(PyBoardCell {
            place: Place::Own(cell_from_text(character)?),
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let cell = self.get();
        if let Ok(other) = other.cast::<PyBoardCell>() {
            return same_pieces(cell, other.borrow().get());
        }
        if let Ok(text) = other.extract::<String>() {
            let (wall, pusher, boxed, goal) = char_flags(&text);
            return cell.is_wall() == wall
                && cell.has_pusher() == pusher
                && cell.has_box() == boxed
                && cell.has_goal() == goal;
        }
        false
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    fn __str__(&self) -> String {
        self.get().to_char().to_string()
    }

    fn __repr__(&self) -> String {
        format!("BoardCell('{}')", self.get().to_char())
    }

    /// The cell's character; floor is a space, or `-` with `use_visible_floor`.
    #[pyo3(signature = (use_visible_floor = false))]
    fn to_str(&self, use_visible_floor: bool) -> String {
        char::from(self.get().to_byte(use_visible_floor)).to_string()
    }

    /// Makes the cell empty floor.
    fn clear(&mut self) -> PyResult<()> {
        self.update(BoardCell::clear)
    }

    /// True with a pusher, box or goal.
    #[getter]
    fn has_piece(&self) -> bool {
        self.get().has_piece()
    }

    /// True without pieces and wall.
    #[getter]
    fn is_empty_floor(&self) -> bool {
        self.get().is_empty_floor()
    }

    /// True for a wall or a box on a goal.
    #[getter]
    fn is_border_element(&self) -> bool {
        self.get().is_border_element()
    }

    /// True when a pusher or box may enter (no box, pusher or wall).
    #[getter]
    fn can_put_pusher_or_box(&self) -> bool {
        self.get().can_put_pusher_or_box()
    }

    #[getter]
    fn get_has_box(&self) -> bool {
        self.get().has_box()
    }

    #[setter]
    fn set_has_box(&mut self, value: bool) -> PyResult<()> {
        self.update(|c| c.set_box(value))
    }

    fn put_box(&mut self) -> PyResult<()> {
        self.update(BoardCell::put_box)
    }

    fn remove_box(&mut self) -> PyResult<()> {
        self.update(BoardCell::remove_box)
    }

    #[getter]
    fn get_has_goal(&self) -> bool {
        self.get().has_goal()
    }

    #[setter]
    fn set_has_goal(&mut self, value: bool) -> PyResult<()> {
        self.update(|c| c.set_goal(value))
    }

    fn put_goal(&mut self) -> PyResult<()> {
        self.update(BoardCell::put_goal)
    }

    fn remove_goal(&mut self) -> PyResult<()> {
        self.update(BoardCell::remove_goal)
    }

    #[getter]
    fn get_has_pusher(&self) -> bool {
        self.get().has_pusher()
    }

    #[setter]
    fn set_has_pusher(&mut self, value: bool) -> PyResult<()> {
        self.update(|c| c.set_pusher(value))
    }

    fn put_pusher(&mut self) -> PyResult<()> {
        self.update(BoardCell::put_pusher)
    }

    fn remove_pusher(&mut self) -> PyResult<()> {
        self.update(BoardCell::remove_pusher)
    }

    #[getter]
    fn get_is_wall(&self) -> bool {
        self.get().is_wall()
    }

    #[setter]
    fn set_is_wall(&mut self, value: bool) -> PyResult<()> {
        self.update(|c| c.set_wall(value))
    }

    #[getter]
    fn get_is_in_playable_area(&self) -> bool {
        self.get().is_in_playable_area()
    }

    #[setter]
    fn set_is_in_playable_area(&mut self, value: bool) -> PyResult<()> {
        self.update(|c| c.set_in_playable_area(value))
    }
}

// ---- BoardGraph -------------------------------------------------------------------

/// The playable board: one cell per position, walls included, and the neighbour graph
/// of its tessellation, with path and reachability queries.
#[pyclass(module = "sokoengine.game", name = "BoardGraph", frozen)]
pub(crate) struct PyBoardGraph {
    shared: Shared,
}

impl PyBoardGraph {
    fn read<R>(&self, f: impl FnOnce(&BoardGraph) -> R) -> R {
        f(lock(&self.shared).graph())
    }

    fn checked(&self, value: i64) -> PyResult<usize> {
        let p = position(value)?;
        if self.read(|g| g.contains(BoardPosition::new(p))) {
            Ok(p)
        } else {
            Err(PyIndexError::new_err(format!(
                "Board position {value} is out of range!"
            )))
        }
    }
}

/// A shortest path where entering a wall, box or pusher costs 100 steps (sokoenginepy's
/// `dijkstra_path`; the engine's own `find_move_path` never enters them).
fn weighted_path(graph: &BoardGraph, source: usize, target: usize) -> Vec<usize> {
    const OBSTACLE: u64 = 100;
    let mut distance = vec![u64::MAX; graph.size()];
    let mut previous = vec![usize::MAX; graph.size()];
    let mut heap = BinaryHeap::new();
    distance[source] = 0;
    heap.push(Reverse((0u64, source)));
    while let Some(Reverse((d, at))) = heap.pop() {
        if d > distance[at] {
            continue;
        }
        if at == target {
            break;
        }
        for (_, next) in graph.neighbors(at) {
            let next = next.index();
            let cell = graph[next];
            let cost = if cell.is_wall() || cell.has_box() || cell.has_pusher() {
                OBSTACLE
            } else {
                1
            };
            if d + cost < distance[next] {
                distance[next] = d + cost;
                previous[next] = at;
                heap.push(Reverse((d + cost, next)));
            }
        }
    }
    if distance[target] == u64::MAX {
        return Vec::new();
    }
    let mut path = vec![target];
    let mut at = target;
    while at != source {
        at = previous[at];
        path.push(at);
    }
    path.reverse();
    path
}

#[pymethods]
impl PyBoardGraph {
    #[new]
    fn new(puzzle: &Bound<'_, PyAny>) -> PyResult<Self> {
        let core = puzzle.call_method0("_parsed_core")?;
        let core = core.cast::<PuzzleCore>()?.borrow();
        let graph = BoardGraph::new(core.puzzle()).map_err(size_error)?;
        Ok(PyBoardGraph {
            shared: Slot::new(graph),
        })
    }

    fn __getitem__(&self, position: i64) -> PyResult<PyBoardCell> {
        let p = self.checked(position)?;
        Ok(PyBoardCell {
            place: Place::View(self.shared.clone(), p),
        })
    }

    fn __setitem__(&self, position: i64, cell: &Bound<'_, PyAny>) -> PyResult<()> {
        let p = self.checked(position)?;
        let cell = if let Ok(cell) = cell.cast::<PyBoardCell>() {
            cell.borrow().get()
        } else {
            cell_from_text(&cell.extract::<String>()?)?
        };
        lock(&self.shared).set_cell(p, cell)
    }

    fn __contains__(&self, position: &Bound<'_, PyAny>) -> bool {
        position
            .extract::<i64>()
            .ok()
            .and_then(|p| usize::try_from(p).ok())
            .is_some_and(|p| self.read(|g| g.contains(BoardPosition::new(p))))
    }

    #[getter]
    fn tessellation(&self, py: Python<'_>) -> Py<PyAny> {
        convert::tessellation_object(py, self.read(BoardGraph::tessellation))
    }

    /// The shape of the cell at `position` (`CellOrientation`).
    fn cell_orientation(&self, py: Python<'_>, position: i64) -> PyResult<Py<PyAny>> {
        if position < 0 {
            return Err(PyIndexError::new_err(format!(
                "Position {position} is invalid value!"
            )));
        }
        let shape = self.read(|g| g.tessellation().tile_shape(position as usize, g.width()));
        Ok(convert::orientation_object(py, shape))
    }

    /// The board text in canonical characters.
    #[pyo3(signature = (use_visible_floor = false, rle_encode = false))]
    fn to_board_str(&self, use_visible_floor: bool, rle_encode: bool) -> String {
        self.read(|g| g.to_board_str(use_visible_floor, rle_encode))
    }

    fn __str__(&self) -> String {
        self.to_board_str(false, false)
    }

    #[getter]
    fn size(&self) -> usize {
        self.read(BoardGraph::size)
    }

    #[getter]
    fn edges_count(&self) -> usize {
        self.read(BoardGraph::edge_count)
    }

    #[getter]
    fn board_width(&self) -> usize {
        self.read(BoardGraph::width)
    }

    #[getter]
    fn board_height(&self) -> usize {
        self.read(BoardGraph::height)
    }

    /// The edges leaving `src`, in creation (legal-direction) order.
    fn out_edges(&self, py: Python<'_>, src: i64) -> PyResult<Vec<Py<PyAny>>> {
        let p = self.checked(src)?;
        let edges = self.read(|g| g.out_edges(p)).map_err(graph_error)?;
        let edge_class = registry(py).edge.bind(py);
        edges
            .into_iter()
            .map(|e| {
                Ok(edge_class
                    .call1((
                        e.source.index(),
                        e.target.index(),
                        convert::direction_object(py, e.direction),
                    ))?
                    .unbind())
            })
            .collect()
    }

    /// The neighbour of `src` in `direction`, or -1.
    fn neighbor(&self, src: i64, direction: &Bound<'_, PyAny>) -> PyResult<i64> {
        let p = self.checked(src)?;
        let d = convert::direction(direction)?;
        Ok(or_none(
            self.read(|g| g.neighbor(p, d)).map(BoardPosition::index),
        ))
    }

    fn wall_neighbors(&self, src: i64) -> PyResult<Vec<usize>> {
        let p = self.checked(src)?;
        self.read(|g| g.wall_neighbors(p))
            .map(|positions| plain(&positions))
            .map_err(graph_error)
    }

    fn wall_neighbor_directions(&self, py: Python<'_>, src: i64) -> PyResult<Vec<Py<PyAny>>> {
        let p = self.checked(src)?;
        let directions = self
            .read(|g| g.wall_neighbor_directions(p))
            .map_err(graph_error)?;
        Ok(directions
            .into_iter()
            .map(|d| convert::direction_object(py, d))
            .collect())
    }

    fn all_neighbors(&self, src: i64) -> PyResult<Vec<usize>> {
        let p = self.checked(src)?;
        self.read(|g| g.all_neighbors(p))
            .map(|positions| plain(&positions))
            .map_err(graph_error)
    }

    /// A shortest path from `src` to `dst` over the whole board (walls included).
    fn shortest_path(&self, src: i64, dst: i64) -> PyResult<Vec<usize>> {
        let (s, d) = (self.checked(src)?, self.checked(dst)?);
        self.read(|g| g.shortest_path(s, d))
            .map(|positions| plain(&positions))
            .map_err(graph_error)
    }

    /// A shortest path in which entering a wall, box or pusher costs 100 steps.
    fn dijkstra_path(&self, src: i64, dst: i64) -> PyResult<Vec<usize>> {
        let (s, d) = (self.checked(src)?, self.checked(dst)?);
        Ok(self.read(|g| weighted_path(g, s, d)))
    }

    /// The path of a jump (a shortest path over the whole board).
    fn find_jump_path(&self, src: i64, dst: i64) -> PyResult<Vec<usize>> {
        let (s, d) = (self.checked(src)?, self.checked(dst)?);
        self.read(|g| g.find_jump_path(s, d))
            .map(|positions| plain(&positions))
            .map_err(graph_error)
    }

    /// A shortest path a pusher can walk (no wall, box or pusher after `src`), or [].
    fn find_move_path(&self, src: i64, dst: i64) -> PyResult<Vec<usize>> {
        let (s, d) = (self.checked(src)?, self.checked(dst)?);
        self.read(|g| g.find_move_path(s, d))
            .map(|positions| plain(&positions))
            .map_err(graph_error)
    }

    /// One direction per step of a path of neighbouring positions.
    fn positions_path_to_directions_path(
        &self,
        py: Python<'_>,
        positions: Vec<i64>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let positions: Vec<BoardPosition> = positions
            .into_iter()
            .map(|p| self.checked(p).map(BoardPosition::new))
            .collect::<PyResult<_>>()?;
        let directions = self
            .read(|g| g.positions_path_to_directions_path(&positions))
            .map_err(graph_error)?;
        Ok(directions
            .into_iter()
            .map(|d| convert::direction_object(py, d))
            .collect())
    }

    /// Marks the cells that boxes and pushers can reach (walls the only obstacles).
    fn mark_play_area(&self) {
        let mut slot = lock(&self.shared);
        match &mut slot.content {
            Content::Graph(graph) => graph.mark_play_area(),
            Content::Manager(manager) => manager.mark_play_area(),
            Content::Mover(mover) => mover.board_manager_mut().mark_play_area(),
            Content::Moving => unreachable!("the content is exchanged under the lock"),
        }
    }

    /// Positions a pusher on `pusher_position` reaches without pushing, breadth first.
    #[pyo3(signature = (pusher_position, excluded_positions = None))]
    fn positions_reachable_by_pusher(
        &self,
        pusher_position: i64,
        excluded_positions: Option<Vec<i64>>,
    ) -> PyResult<Vec<usize>> {
        let p = self.checked(pusher_position)?;
        let excluded = positions_lenient(excluded_positions);
        self.read(|g| g.positions_reachable_by_pusher(p, &excluded))
            .map(|positions| plain(&positions))
            .map_err(graph_error)
    }

    /// The top-left position a pusher on `pusher_position` can reach.
    #[pyo3(signature = (pusher_position, excluded_positions = None))]
    fn normalized_pusher_position(
        &self,
        pusher_position: i64,
        excluded_positions: Option<Vec<i64>>,
    ) -> PyResult<usize> {
        let p = self.checked(pusher_position)?;
        let excluded = positions_lenient(excluded_positions);
        self.read(|g| g.normalized_pusher_position(p, &excluded))
            .map(BoardPosition::index)
            .map_err(graph_error)
    }

    /// Where following `directions` from `src` ends (stopping before leaving the board).
    fn path_destination(&self, src: i64, directions: Vec<Bound<'_, PyAny>>) -> PyResult<usize> {
        let p = self.checked(src)?;
        let directions: Vec<Direction> = directions
            .iter()
            .map(convert::direction)
            .collect::<PyResult<_>>()?;
        self.read(|g| g.path_destination(p, &directions))
            .map(BoardPosition::index)
            .map_err(graph_error)
    }
}

// ---- BoardManager -----------------------------------------------------------------

/// Pusher, box and goal IDs and positions, Sokoban+ and the solved test of a board.
#[pyclass(module = "sokoengine.game", name = "BoardManager", subclass, frozen)]
pub(crate) struct PyBoardManager {
    shared: Shared,
    token: u64,
    board: Py<PyBoardGraph>,
}

/// sokoenginepy's `{1: 26, 2: 163}`.
fn dict_text(map: &BTreeMap<usize, usize>) -> String {
    let items: Vec<String> = map.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    format!("{{{}}}", items.join(", "))
}

fn describe(manager: &BoardManager, class: &str, hash: Option<u64>) -> String {
    let walls = manager.walls_positions();
    let shown: Vec<String> = walls.iter().take(5).map(ToString::to_string).collect();
    let walls = if walls.len() > 5 {
        format!("[{}, ...]", shown.join(", "))
    } else {
        format!("[{}]", shown.join(", "))
    };
    let order = |name: &str, value: String| {
        if value.is_empty() {
            format!("{name}=\"\"")
        } else {
            format!("{name}={value}")
        }
    };
    let mut text = format!(
        "{class}(pushers={}, boxes={}, goals={}, walls={walls}, {}, {}",
        dict_text(&indices(manager.pushers_positions())),
        dict_text(&indices(manager.boxes_positions())),
        dict_text(&indices(manager.goals_positions())),
        order("boxorder", manager.boxorder()),
        order("goalorder", manager.goalorder()),
    );
    if let Some(hash) = hash {
        let _ = write!(text, ", state_hash={hash}");
    }
    text.push(')');
    text
}

fn state_object(py: Python<'_>, state: &BoardState, hash: u64) -> PyResult<Py<PyAny>> {
    Ok(registry(py)
        .board_state
        .bind(py)
        .call1((
            plain(&state.pushers_positions),
            plain(&state.boxes_positions),
            hash,
        ))?
        .unbind())
}

impl PyBoardManager {
    fn attach(board: &Bound<'_, PyBoardGraph>, boxorder: &str, goalorder: &str) -> Self {
        let shared = board.borrow().shared.clone();
        let token = {
            let mut slot = lock(&shared);
            let graph = slot.take_graph();
            slot.content = Content::Manager(Box::new(BoardManager::with_sokoban_plus(
                graph, boxorder, goalorder,
            )));
            slot.token
        };
        PyBoardManager {
            shared,
            token,
            board: board.clone().unbind(),
        }
    }

    fn read<R>(&self, f: impl FnOnce(&BoardManager) -> R) -> PyResult<R> {
        let slot = lock(&self.shared);
        Ok(f(slot.manager(self.token)?))
    }

    fn write<R>(&self, f: impl FnOnce(&mut BoardManager) -> R) -> PyResult<R> {
        let mut slot = lock(&self.shared);
        Ok(f(slot.manager_mut(self.token)?))
    }

    fn id_or_key_error(value: i64, what: &str) -> PyResult<usize> {
        usize::try_from(value)
            .map_err(|_| PyKeyError::new_err(format!("No {what} with ID: {value}")))
    }

    fn position_or_key_error(value: i64, what: &str) -> PyResult<usize> {
        usize::try_from(value)
            .map_err(|_| PyKeyError::new_err(format!("No {what} on position: {value}")))
    }

    fn move_piece(
        &self,
        old: i64,
        new: i64,
        what: &str,
        move_fn: impl FnOnce(
            &mut BoardManager,
            usize,
            usize,
        ) -> Result<(), sokoengine::mover::BoardManagerError>,
    ) -> PyResult<()> {
        if old == new {
            return Ok(());
        }
        let new_position = position(new)?;
        let mut slot = lock(&self.shared);
        let manager = slot.manager_mut(self.token)?;
        let board = manager.board();
        let Some(target) = board.get(new_position).copied() else {
            return Err(PyIndexError::new_err(format!(
                "Board position {new} is out of range!"
            )));
        };
        // sokoenginepy's order: an occupied destination is reported with the piece's
        // ID (so a missing piece is a KeyError), a free one after checking the origin.
        let has_piece = |p: usize| {
            board.get(p).is_some_and(|c| {
                if what == "box" {
                    c.has_box()
                } else {
                    c.has_pusher()
                }
            })
        };
        let origin = usize::try_from(old).ok();
        let no_piece = || PyKeyError::new_err(format!("No {what} on position: {old}"));
        if !target.can_put_pusher_or_box() {
            if !origin.is_some_and(has_piece) {
                return Err(no_piece());
            }
        } else {
            match origin {
                Some(p) if board.contains(BoardPosition::new(p)) => {
                    if !has_piece(p) {
                        return Err(no_piece());
                    }
                }
                _ => {
                    return Err(PyIndexError::new_err(format!(
                        "Board position {old} is out of range!"
                    )));
                }
            }
        }
        let old = origin.unwrap_or_default();
        move_fn(manager, old, new_position).map_err(manager_error)
    }

    fn plus_id(&self, id: i64, boxes: bool) -> PyResult<u64> {
        let what = if boxes { "box" } else { "goal" };
        self.read(|m| {
            let enabled = m.is_sokoban_plus_enabled();
            match usize::try_from(id) {
                Ok(id) if boxes => m.box_plus_id(id).map_err(manager_error),
                Ok(id) => m.goal_plus_id(id).map_err(manager_error),
                Err(_) if enabled => Err(PyKeyError::new_err(format!("No {what} with ID: {id}"))),
                Err(_) => Ok(DEFAULT_PLUS_ID),
            }
        })?
    }
}

#[pymethods]
impl PyBoardManager {
    #[new]
    #[pyo3(signature = (board, boxorder = "", goalorder = ""))]
    fn new(
        board: &Bound<'_, PyBoardGraph>,
        boxorder: Option<&str>,
        goalorder: Option<&str>,
    ) -> Self {
        PyBoardManager::attach(board, boxorder.unwrap_or(""), goalorder.unwrap_or(""))
    }

    fn __str__(&self) -> PyResult<String> {
        self.read(|m| describe(m, "BoardManager", None))
    }

    #[getter]
    fn board(&self, py: Python<'_>) -> Py<PyBoardGraph> {
        self.board.clone_ref(py)
    }

    #[getter]
    fn walls_positions(&self) -> PyResult<Vec<usize>> {
        self.read(|m| plain(&m.walls_positions()))
    }

    #[getter]
    fn pushers_count(&self) -> PyResult<usize> {
        self.read(BoardManager::pusher_count)
    }

    #[getter]
    fn pushers_ids(&self) -> PyResult<Vec<usize>> {
        self.read(|m| m.pushers_ids().collect())
    }

    #[getter]
    fn pushers_positions(&self) -> PyResult<BTreeMap<usize, usize>> {
        self.read(|m| indices(m.pushers_positions()))
    }

    fn pusher_position(&self, pusher_id: i64) -> PyResult<usize> {
        let id = Self::id_or_key_error(pusher_id, "pusher")?;
        self.read(|m| m.pusher_position(id))?
            .map(BoardPosition::index)
            .map_err(manager_error)
    }

    fn pusher_id_on(&self, position: i64) -> PyResult<usize> {
        let p = Self::position_or_key_error(position, "pusher")?;
        self.read(|m| m.pusher_id_on(p))?.map_err(manager_error)
    }

    fn has_pusher(&self, pusher_id: &Bound<'_, PyAny>) -> PyResult<bool> {
        let id = pusher_id.extract::<usize>().ok();
        self.read(|m| id.is_some_and(|id| m.has_pusher(id)))
    }

    fn has_pusher_on(&self, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        let p = position.extract::<usize>().ok();
        self.read(|m| p.is_some_and(|p| m.has_pusher_on(p)))
    }

    fn move_pusher_from(&self, old_position: i64, to_new_position: i64) -> PyResult<()> {
        self.move_piece(
            old_position,
            to_new_position,
            "pusher",
            BoardManager::move_pusher_from,
        )
    }

    fn move_pusher(&self, pusher_id: i64, to_new_position: i64) -> PyResult<()> {
        let id = Self::id_or_key_error(pusher_id, "pusher")?;
        let old = self
            .read(|m| m.pusher_position(id))?
            .map_err(manager_error)?;
        self.move_pusher_from(old.index() as i64, to_new_position)
    }

    #[getter]
    fn boxes_count(&self) -> PyResult<usize> {
        self.read(BoardManager::box_count)
    }

    #[getter]
    fn boxes_ids(&self) -> PyResult<Vec<usize>> {
        self.read(|m| m.boxes_ids().collect())
    }

    #[getter]
    fn boxes_positions(&self) -> PyResult<BTreeMap<usize, usize>> {
        self.read(|m| indices(m.boxes_positions()))
    }

    fn box_position(&self, box_id: i64) -> PyResult<usize> {
        let id = Self::id_or_key_error(box_id, "box")?;
        self.read(|m| m.box_position(id))?
            .map(BoardPosition::index)
            .map_err(manager_error)
    }

    fn box_id_on(&self, position: i64) -> PyResult<usize> {
        let p = Self::position_or_key_error(position, "box")?;
        self.read(|m| m.box_id_on(p))?.map_err(manager_error)
    }

    fn has_box(&self, box_id: &Bound<'_, PyAny>) -> PyResult<bool> {
        let id = box_id.extract::<usize>().ok();
        self.read(|m| id.is_some_and(|id| m.has_box(id)))
    }

    fn has_box_on(&self, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        let p = position.extract::<usize>().ok();
        self.read(|m| p.is_some_and(|p| m.has_box_on(p)))
    }

    fn move_box_from(&self, old_position: i64, to_new_position: i64) -> PyResult<()> {
        self.move_piece(
            old_position,
            to_new_position,
            "box",
            BoardManager::move_box_from,
        )
    }

    fn move_box(&self, box_id: i64, to_new_position: i64) -> PyResult<()> {
        let id = Self::id_or_key_error(box_id, "box")?;
        let old = self.read(|m| m.box_position(id))?.map_err(manager_error)?;
        self.move_box_from(old.index() as i64, to_new_position)
    }

    #[getter]
    fn goals_count(&self) -> PyResult<usize> {
        self.read(BoardManager::goal_count)
    }

    #[getter]
    fn goals_ids(&self) -> PyResult<Vec<usize>> {
        self.read(|m| m.goals_ids().collect())
    }

    #[getter]
    fn goals_positions(&self) -> PyResult<BTreeMap<usize, usize>> {
        self.read(|m| indices(m.goals_positions()))
    }

    fn goal_position(&self, goal_id: i64) -> PyResult<usize> {
        let id = Self::id_or_key_error(goal_id, "goal")?;
        self.read(|m| m.goal_position(id))?
            .map(BoardPosition::index)
            .map_err(manager_error)
    }

    fn goal_id_on(&self, position: i64) -> PyResult<usize> {
        let p = Self::position_or_key_error(position, "goal")?;
        self.read(|m| m.goal_id_on(p))?.map_err(manager_error)
    }

    fn has_goal(&self, goal_id: &Bound<'_, PyAny>) -> PyResult<bool> {
        let id = goal_id.extract::<usize>().ok();
        self.read(|m| id.is_some_and(|id| m.has_goal(id)))
    }

    fn has_goal_on(&self, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        let p = position.extract::<usize>().ok();
        self.read(|m| p.is_some_and(|p| m.has_goal_on(p)))
    }

    /// Sokoban+ ID of a box (0 while Sokoban+ is disabled).
    fn box_plus_id(&self, box_id: i64) -> PyResult<u64> {
        self.plus_id(box_id, true)
    }

    /// Sokoban+ ID of a goal (0 while Sokoban+ is disabled).
    fn goal_plus_id(&self, goal_id: i64) -> PyResult<u64> {
        self.plus_id(goal_id, false)
    }

    #[getter]
    fn get_boxorder(&self) -> PyResult<String> {
        self.read(BoardManager::boxorder)
    }

    #[setter]
    fn set_boxorder(&self, value: Option<&str>) -> PyResult<()> {
        self.write(|m| m.set_boxorder(value.unwrap_or("")))
    }

    #[getter]
    fn get_goalorder(&self) -> PyResult<String> {
        self.read(BoardManager::goalorder)
    }

    #[setter]
    fn set_goalorder(&self, value: Option<&str>) -> PyResult<()> {
        self.write(|m| m.set_goalorder(value.unwrap_or("")))
    }

    #[getter]
    fn is_sokoban_plus_enabled(&self) -> PyResult<bool> {
        self.read(BoardManager::is_sokoban_plus_enabled)
    }

    #[getter]
    fn is_sokoban_plus_valid(&self) -> PyResult<bool> {
        self.read(BoardManager::is_sokoban_plus_valid)
    }

    /// Enables Sokoban+ (raises `SokobanPlusDataError` for invalid orders).
    fn enable_sokoban_plus(&self) -> PyResult<()> {
        self.write(|m| m.enable_sokoban_plus())?
            .map_err(|errors| sokoban_plus_error(&errors))
    }

    fn disable_sokoban_plus(&self) -> PyResult<()> {
        self.write(BoardManager::disable_sokoban_plus)
    }

    /// Every box on a goal (of its Sokoban+ ID when enabled).
    #[getter]
    fn is_solved(&self) -> PyResult<bool> {
        self.read(BoardManager::is_solved)
    }

    /// At least one pusher, and as many boxes as goals (more than none).
    #[getter]
    fn is_playable(&self) -> PyResult<bool> {
        self.read(BoardManager::is_playable)
    }

    /// Every placement of the boxes that solves the board (n! of them at most).
    fn solutions(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let states: Vec<BoardState> = self.read(|m| m.solutions().collect())?;
        let objects = states
            .iter()
            .map(|s| state_object(py, s, 0))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyList::new(py, objects)?.try_iter()?.into_any().unbind())
    }

    /// Swaps boxes and goals, pair by pair (reverse mode's start).
    fn switch_boxes_and_goals(&self) -> PyResult<()> {
        self.write(BoardManager::switch_boxes_and_goals)?
            .map_err(manager_error)
    }

    /// Pusher and box positions in ID order.
    #[getter]
    fn state(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let state = self.read(BoardManager::state)?;
        state_object(py, &state, 0)
    }
}

/// A board manager that also keeps the Zobrist hash of the position.
#[pyclass(module = "sokoengine.game", name = "HashedBoardManager", extends = PyBoardManager, frozen)]
pub(crate) struct PyHashedBoardManager;

impl PyHashedBoardManager {
    fn create(py: Python<'_>, base: PyBoardManager) -> PyResult<Py<PyHashedBoardManager>> {
        Py::new(
            py,
            PyClassInitializer::from(base).add_subclass(PyHashedBoardManager),
        )
    }
}

#[pymethods]
impl PyHashedBoardManager {
    #[new]
    #[pyo3(signature = (board, boxorder = "", goalorder = ""))]
    fn new(
        board: &Bound<'_, PyBoardGraph>,
        boxorder: Option<&str>,
        goalorder: Option<&str>,
    ) -> PyClassInitializer<Self> {
        PyClassInitializer::from(PyBoardManager::attach(
            board,
            boxorder.unwrap_or(""),
            goalorder.unwrap_or(""),
        ))
        .add_subclass(PyHashedBoardManager)
    }

    fn __str__(slf: PyRef<'_, Self>) -> PyResult<String> {
        slf.as_super()
            .read(|m| describe(m, "HashedBoardManager", Some(m.state_hash())))
    }

    /// Zobrist hash of the position.
    #[getter]
    fn state_hash(slf: PyRef<'_, Self>) -> PyResult<u64> {
        slf.as_super().read(BoardManager::state_hash)
    }

    /// The hash of a board without pieces: the start of every state's hash.
    #[getter]
    fn initial_state_hash(_slf: PyRef<'_, Self>) -> u64 {
        sokoengine::mover::zobrist::BASE_KEY
    }

    /// The hash `board_state` would have here (0 when its box count does not fit); also
    /// stored in `board_state.zobrist_hash`.
    fn external_state_hash(slf: PyRef<'_, Self>, board_state: &Bound<'_, PyAny>) -> PyResult<u64> {
        let pushers: Vec<usize> = board_state.getattr("pushers_positions")?.extract()?;
        let boxes: Vec<usize> = board_state.getattr("boxes_positions")?.extract()?;
        let state = BoardState {
            pushers_positions: pushers.into_iter().map(BoardPosition::new).collect(),
            boxes_positions: boxes.into_iter().map(BoardPosition::new).collect(),
            zobrist_hash: None,
        };
        let hash = slf
            .as_super()
            .read(|m| m.external_state_hash(&state))?
            .unwrap_or(0);
        board_state.setattr("zobrist_hash", hash)?;
        Ok(hash)
    }

    /// Pusher and box positions in ID order, with the hash.
    #[getter]
    fn state(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let (state, hash) = slf.as_super().read(|m| (m.state(), m.state_hash()))?;
        state_object(py, &state, hash)
    }

    /// Hashes of every solved placement of the boxes.
    #[getter]
    fn solutions_hashes(slf: PyRef<'_, Self>) -> PyResult<std::collections::BTreeSet<u64>> {
        slf.as_super().read(|m| {
            m.solutions()
                .filter_map(|s| m.external_state_hash(&s))
                .collect()
        })
    }
}

// ---- SokobanPlus ------------------------------------------------------------------

/// Sokoban+ box and goal orders: which box belongs on which goal.
#[pyclass(module = "sokoengine.game", name = "SokobanPlus")]
pub(crate) struct PySokobanPlus {
    plus: SokobanPlus,
    validated: bool,
}

impl PySokobanPlus {
    fn rebuild(&mut self, pieces_count: usize, boxorder: &str, goalorder: &str) {
        self.plus = SokobanPlus::new(pieces_count, boxorder, goalorder);
        self.validated = false;
    }
}

#[pymethods]
impl PySokobanPlus {
    #[classattr]
    const LEGACY_DEFAULT_PLUS_ID: u64 = LEGACY_DEFAULT_PLUS_ID;
    #[classattr]
    const DEFAULT_PLUS_ID: u64 = DEFAULT_PLUS_ID;

    #[new]
    #[pyo3(signature = (pieces_count, boxorder = "", goalorder = ""))]
    fn new(pieces_count: i64, boxorder: Option<&str>, goalorder: Option<&str>) -> PyResult<Self> {
        let count = usize::try_from(pieces_count)
            .map_err(|_| PyValueError::new_err("pieces_count must be >= 0!"))?;
        Ok(PySokobanPlus {
            plus: SokobanPlus::new(count, boxorder.unwrap_or(""), goalorder.unwrap_or("")),
            validated: false,
        })
    }

    /// Whether `plus_id` is a valid Sokoban+ ID (an integer >= 0).
    #[classmethod]
    fn is_valid_plus_id(_cls: &Bound<'_, pyo3::types::PyType>, plus_id: &Bound<'_, PyAny>) -> bool {
        plus_id.is_instance_of::<pyo3::types::PyInt>()
            && plus_id.extract::<i64>().is_ok_and(|v| v >= 0)
    }

    #[getter]
    fn get_pieces_count(&self) -> usize {
        self.plus.piece_count()
    }

    #[setter]
    fn set_pieces_count(&mut self, value: i64) -> PyResult<()> {
        let count = usize::try_from(value)
            .map_err(|_| PyValueError::new_err("pieces_count must be >= 0!"))?;
        if count != self.plus.piece_count() {
            let (b, g) = (
                self.plus.raw_boxorder().to_owned(),
                self.plus.raw_goalorder().to_owned(),
            );
            self.rebuild(count, &b, &g);
        }
        Ok(())
    }

    #[getter]
    fn get_boxorder(&self) -> String {
        self.plus.boxorder()
    }

    #[setter]
    fn set_boxorder(&mut self, value: Option<&str>) {
        if self.plus.set_boxorder(value.unwrap_or("")) {
            self.validated = false;
        }
    }

    #[getter]
    fn get_goalorder(&self) -> String {
        self.plus.goalorder()
    }

    #[setter]
    fn set_goalorder(&mut self, value: Option<&str>) {
        if self.plus.set_goalorder(value.unwrap_or("")) {
            self.validated = false;
        }
    }

    /// Whether the orders are valid (validates them).
    #[getter]
    fn is_valid(&mut self) -> bool {
        self.validated = true;
        self.plus.is_valid()
    }

    #[getter]
    fn get_is_enabled(&self) -> bool {
        self.plus.is_enabled()
    }

    #[setter]
    fn set_is_enabled(&mut self, value: bool) -> PyResult<()> {
        if value {
            self.validated = true;
            self.plus
                .enable()
                .map_err(|errors| sokoban_plus_error(&errors))
        } else {
            self.plus.disable();
            Ok(())
        }
    }

    /// The validation messages (empty until validated).
    #[getter]
    fn errors(&self) -> Vec<String> {
        if self.validated {
            self.plus.errors().iter().map(ToString::to_string).collect()
        } else {
            Vec::new()
        }
    }

    #[getter]
    fn is_validated(&self) -> bool {
        self.validated
    }

    fn box_plus_id(&self, for_box_id: i64) -> PyResult<u64> {
        match usize::try_from(for_box_id) {
            Ok(id) => self.plus.box_plus_id(id).map_err(plus_id_error),
            Err(_) if self.plus.is_enabled() => {
                Err(PyKeyError::new_err(format!("No box with ID: {for_box_id}")))
            }
            Err(_) => Ok(DEFAULT_PLUS_ID),
        }
    }

    fn goal_plus_id(&self, for_goal_id: i64) -> PyResult<u64> {
        match usize::try_from(for_goal_id) {
            Ok(id) => self.plus.goal_plus_id(id).map_err(plus_id_error),
            Err(_) if self.plus.is_enabled() => Err(PyKeyError::new_err(format!(
                "No goal with ID: {for_goal_id}"
            ))),
            Err(_) => Ok(DEFAULT_PLUS_ID),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "SokobanPlus(pieces_count={}, boxorder='{}', goalorder='{}')",
            self.plus.piece_count(),
            self.plus.boxorder(),
            self.plus.goalorder()
        )
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }
}

// ---- Mover ------------------------------------------------------------------------

/// The game rules on a board: forward and reverse play, several pushers, jumps and a
/// single-level undo. Failures change nothing.
#[pyclass(module = "sokoengine.game", name = "Mover", frozen)]
pub(crate) struct PyMover {
    shared: Shared,
    token: u64,
    board: Py<PyBoardGraph>,
}

impl PyMover {
    fn read<R>(&self, f: impl FnOnce(&Mover) -> R) -> PyResult<R> {
        let slot = lock(&self.shared);
        Ok(f(slot.mover(self.token)?))
    }

    fn write<R>(&self, f: impl FnOnce(&mut Mover) -> R) -> PyResult<R> {
        let mut slot = lock(&self.shared);
        Ok(f(slot.mover_mut(self.token)?))
    }
}

#[pymethods]
impl PyMover {
    #[new]
    #[pyo3(signature = (board, solving_mode = None))]
    fn new(
        board: &Bound<'_, PyBoardGraph>,
        solving_mode: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let mode = solving_mode.map_or(Ok(SolvingMode::Forward), convert::solving_mode)?;
        let shared = board.borrow().shared.clone();
        let token = {
            let mut slot = lock(&shared);
            let graph = slot.graph().clone();
            let mover = Mover::new(graph, mode).map_err(mover_error)?;
            slot.take_graph();
            slot.content = Content::Mover(Box::new(mover));
            slot.token
        };
        Ok(PyMover {
            shared,
            token,
            board: board.clone().unbind(),
        })
    }

    #[getter]
    fn board(&self, py: Python<'_>) -> Py<PyBoardGraph> {
        self.board.clone_ref(py)
    }

    #[getter]
    fn solving_mode(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let mode = self.read(Mover::solving_mode)?;
        Ok(convert::solving_mode_object(py, mode))
    }

    /// The mover's hashed board manager (IDs, Sokoban+, hash, solved state).
    #[getter]
    fn board_manager(&self, py: Python<'_>) -> PyResult<Py<PyHashedBoardManager>> {
        self.read(|_| ())?;
        PyHashedBoardManager::create(
            py,
            PyBoardManager {
                shared: self.shared.clone(),
                token: self.token,
                board: self.board.clone_ref(py),
            },
        )
    }

    #[getter]
    fn selected_pusher(&self) -> PyResult<usize> {
        self.read(Mover::selected_pusher)
    }

    #[getter]
    fn get_pulls_boxes(&self) -> PyResult<bool> {
        self.read(Mover::pulls_boxes)
    }

    #[setter]
    fn set_pulls_boxes(&self, value: bool) -> PyResult<()> {
        self.write(|m| m.set_pulls_boxes(value))
    }

    /// Pulls made in reverse mode (less those undone); jumps need none.
    #[getter]
    fn pull_count(&self) -> PyResult<usize> {
        self.read(Mover::pull_count)
    }

    /// The steps of the last operation (a move, jump, selection or undo).
    #[getter]
    fn get_last_move(&self) -> PyResult<Vec<PyPusherStep>> {
        self.read(|m| {
            m.last_move()
                .iter()
                .map(|&step| PyPusherStep { step })
                .collect()
        })
    }

    #[setter]
    fn set_last_move(&self, steps: Vec<PyRef<'_, PyPusherStep>>) -> PyResult<()> {
        let steps: Vec<PusherStep> = steps.iter().map(|s| s.step).collect();
        self.write(|m| m.set_last_move(steps))
    }

    /// Selects the pusher that makes the next move.
    fn select_pusher(&self, pusher_id: i64) -> PyResult<()> {
        self.write(|m| {
            if pusher_id >= 0 && pusher_id as usize == m.selected_pusher() {
                return Ok(());
            }
            let id = usize::try_from(pusher_id)
                .map_err(|_| PyKeyError::new_err(format!("No pusher with ID: {pusher_id}")))?;
            m.select_pusher(id).map_err(mover_error)
        })?
    }

    /// Moves the selected pusher one step (pushing in forward mode, pulling in reverse
    /// mode when `pulls_boxes`).
    #[pyo3(name = "move")]
    fn move_(&self, direction: &Bound<'_, PyAny>) -> PyResult<()> {
        let direction = convert::direction(direction)?;
        let mut slot = lock(&self.shared);
        slot.mover_mut(self.token)?
            .try_move(direction)
            .map_err(mover_error)
    }

    /// Reverse mode only, before the first pull: the selected pusher jumps.
    fn jump(&self, new_position: i64) -> PyResult<()> {
        self.write(|m| {
            if new_position < 0 {
                if m.pull_count() != 0 {
                    return Err(mover_error(MoverError::JumpAfterPull));
                }
                if m.solving_mode() != SolvingMode::Reverse {
                    return Err(mover_error(MoverError::JumpInForwardMode));
                }
                return Err(PyIndexError::new_err(format!(
                    "Board position {new_position} is out of range!"
                )));
            }
            m.jump(new_position as usize).map_err(mover_error)
        })?
    }

    /// Undoes `last_move` (all of it or nothing).
    fn undo_last_move(&self) -> PyResult<()> {
        self.write(Mover::undo_last_move)?.map_err(mover_error)
    }

    /// Whether the board is solved.
    #[getter]
    fn is_solved(&self) -> PyResult<bool> {
        self.read(Mover::is_solved)
    }
}

/// Registers the classes of `sokoengine.game`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_class::<PyBoardCell>()?;
    module.add_class::<PyBoardGraph>()?;
    module.add_class::<PyPusherStep>()?;
    module.add_class::<PyBoardManager>()?;
    module.add_class::<PyHashedBoardManager>()?;
    module.add_class::<PySokobanPlus>()?;
    module.add_class::<PyMover>()?;
    for (name, class) in [
        (
            "CellAlreadyOccupiedError",
            py.get_type::<crate::errors::CellAlreadyOccupiedError>(),
        ),
        (
            "BoxGoalSwitchError",
            py.get_type::<crate::errors::BoxGoalSwitchError>(),
        ),
        (
            "NonPlayableBoardError",
            py.get_type::<crate::errors::NonPlayableBoardError>(),
        ),
        ("IllegalMoveError", py.get_type::<IllegalMoveError>()),
        (
            "SokobanPlusDataError",
            py.get_type::<crate::errors::SokobanPlusDataError>(),
        ),
    ] {
        module.add(name, class)?;
    }
    Ok(())
}

/// Board positions as the plain indices Python sees.
fn plain(positions: &[BoardPosition]) -> Vec<usize> {
    positions.iter().map(|position| position.index()).collect()
}

/// An ID -> position map as the plain indices Python sees.
fn indices(map: BTreeMap<usize, BoardPosition>) -> BTreeMap<usize, usize> {
    map.into_iter()
        .map(|(id, position)| (id, position.index()))
        .collect()
}
