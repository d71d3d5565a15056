//! The playable board: cells plus a precomputed directed neighbour graph
//! (docs/rules.md#boards-and-graphs).

use std::fmt;
use std::ops::{Index, IndexMut};

use sokoengine_geometry::{Direction, Tessellation, TileShape};

use crate::error::{BoardParseError, GraphError, SizeError};
use crate::puzzle::print_board;
use crate::{BoardCell, BoardPosition, Puzzle};

/// Marks "no neighbour" in the table.
const NONE: u32 = u32::MAX;

/// Boards with more cells compute neighbours arithmetically instead of keeping an
/// 8-entry table per cell, so the 4096 × 4096 limit cannot cost half a gigabyte.
const TABLE_MAX_CELLS: usize = 1 << 20;

/// One directed edge of the board graph.
///
/// # Examples
///
/// ```
/// use sokoengine_board::{BoardGraph, Edge};
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let graph = BoardGraph::parse(Tessellation::Sokoban, "##\n##")?;
/// let edges = graph.out_edges(0)?;
/// assert_eq!(
///     edges,
///     [
///         Edge { source: 0.into(), target: 1.into(), direction: Direction::Right },
///         Edge { source: 0.into(), target: 2.into(), direction: Direction::Down },
///     ]
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Edge {
    /// Where the edge starts.
    pub source: BoardPosition,
    /// Where it leads.
    pub target: BoardPosition,
    /// The direction of the step.
    pub direction: Direction,
}

/// A playable board: one [`BoardCell`] per position (walls included) and one
/// directed edge from each cell to each on-board neighbour in each legal direction,
/// in legal-direction order (Trioban has parallel edges).
///
/// Neighbours come from a flat table built once (`neighbor` is a lookup, no
/// allocation). The checked queries return `Result`; the searches a solver runs in a
/// loop have allocation-free variants taking a reusable [`SearchScratch`].
///
/// # Examples
///
/// ```
/// use sokoengine_board::{BoardGraph, BoardPosition};
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let graph = BoardGraph::parse(Tessellation::Sokoban, "#######\n#.$  @#\n#######")?;
/// assert_eq!(graph.neighbor(12, Direction::Left), Some(BoardPosition::new(11)));
/// assert_eq!(graph.positions_reachable_by_pusher(12, &[])?, vec![12, 11, 10]);
/// assert_eq!(graph.to_string(), "#######\n#.$  @#\n#######");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct BoardGraph {
    tessellation: Tessellation,
    width: usize,
    height: usize,
    cells: Vec<BoardCell>,
    /// `neighbors[pos * 8 + dir]`, or empty for boards beyond `TABLE_MAX_CELLS`.
    neighbors: Vec<u32>,
    edge_count: usize,
}

/// Reusable buffers for the searches of [`BoardGraph`], so repeated searches do not
/// allocate. One scratch can serve graphs of any size.
///
/// # Examples
///
/// ```
/// use sokoengine_board::{BoardGraph, SearchScratch};
/// use sokoengine_geometry::Tessellation;
///
/// let graph = BoardGraph::parse(Tessellation::Sokoban, "#####\n# @$#\n#####")?;
/// let mut scratch = SearchScratch::new();
/// assert_eq!(graph.reachable_by_pusher_into(7, &[], &mut scratch), &[7, 6]);
/// assert!(scratch.was_reached(6) && !scratch.was_reached(8));
/// assert_eq!(graph.normalized_pusher_position_with(7, &[], &mut scratch), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct SearchScratch {
    /// Generation stamp of the last search that visited each cell.
    visited: Vec<u32>,
    /// Generation stamp of the last search that excluded each cell.
    excluded: Vec<u32>,
    generation: u32,
    /// Cells in the order visited.
    queue: Vec<BoardPosition>,
    /// Visited cells that are reported (not excluded).
    reported: Vec<BoardPosition>,
    /// Predecessor of each visited cell (path searches).
    parents: Vec<u32>,
}

impl SearchScratch {
    /// Empty buffers; they grow to the board size on first use.
    pub fn new() -> SearchScratch {
        SearchScratch::default()
    }

    /// Starts a new search over `size` cells.
    fn begin(&mut self, size: usize) {
        if self.visited.len() < size {
            self.visited.resize(size, 0);
            self.excluded.resize(size, 0);
            self.parents.resize(size, NONE);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.visited.fill(0);
            self.excluded.fill(0);
            self.generation = 1;
        }
        self.queue.clear();
        self.reported.clear();
    }

    #[inline]
    fn visit(&mut self, position: BoardPosition, parent: u32) -> bool {
        let index = position.index();
        if self.visited[index] == self.generation {
            return false;
        }
        self.visited[index] = self.generation;
        self.parents[index] = parent;
        self.queue.push(position);
        true
    }

    /// Whether the last search visited `position` (excluded positions included).
    pub fn was_reached(&self, position: impl Into<BoardPosition>) -> bool {
        let position = position.into().index();
        self.generation != 0 && self.visited.get(position) == Some(&self.generation)
    }

    /// Every position the last search visited, in visiting order (excluded ones
    /// included).
    pub fn visited_positions(&self) -> &[BoardPosition] {
        &self.queue
    }

    fn path_to(&self, destination: BoardPosition) -> Vec<BoardPosition> {
        let mut path = vec![destination];
        let mut current = destination.index();
        while self.parents[current] != NONE {
            current = self.parents[current] as usize;
            path.push(BoardPosition::new(current));
        }
        path.reverse();
        path
    }
}

impl BoardGraph {
    /// The graph of `puzzle`'s cells.
    ///
    /// # Errors
    ///
    /// [`SizeError`] when the puzzle is larger than 4096 × 4096.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::{BoardGraph, Puzzle};
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let puzzle = Puzzle::parse(Tessellation::Octoban, "#####\n#@$.#\n#####")?;
    /// let graph = BoardGraph::new(&puzzle)?;
    /// assert_eq!((graph.width(), graph.height(), graph.size()), (5, 3, 15));
    /// assert!(graph[6].has_pusher() && graph[7].has_box() && graph[8].has_goal());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(puzzle: &Puzzle) -> Result<BoardGraph, SizeError> {
        SizeError::check(puzzle.width(), puzzle.height())?;
        Ok(BoardGraph::build(
            puzzle.tessellation(),
            puzzle.width(),
            puzzle.height(),
            puzzle.cells().collect(),
        ))
    }

    /// Parses board text (see [`Puzzle::parse`]) straight into a graph.
    ///
    /// # Errors
    ///
    /// As [`Puzzle::parse`].
    pub fn parse(tessellation: Tessellation, text: &str) -> Result<BoardGraph, BoardParseError> {
        Ok(BoardGraph::new(&Puzzle::parse(tessellation, text)?)?)
    }

    /// A graph over given cells (row-major, `width * height` of them).
    ///
    /// # Errors
    ///
    /// [`GraphError::TooLarge`] beyond 4096 × 4096, [`GraphError::CellCount`] when the
    /// number of cells does not match.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::{BoardCell, BoardGraph, GraphError};
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let cells: Vec<BoardCell> = "#@$.#".chars().map(BoardCell::from_char).collect::<Result<_, _>>()?;
    /// let graph = BoardGraph::from_cells(Tessellation::Sokoban, 5, 1, cells.clone())?;
    /// assert_eq!(graph.to_string(), "#@$.#");
    /// assert_eq!(
    ///     BoardGraph::from_cells(Tessellation::Sokoban, 2, 2, cells).unwrap_err(),
    ///     GraphError::CellCount { expected: 4, actual: 5 }
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_cells(
        tessellation: Tessellation,
        width: usize,
        height: usize,
        cells: Vec<BoardCell>,
    ) -> Result<BoardGraph, GraphError> {
        SizeError::check(width, height)?;
        if cells.len() != width * height {
            return Err(GraphError::CellCount {
                expected: width * height,
                actual: cells.len(),
            });
        }
        Ok(BoardGraph::build(tessellation, width, height, cells))
    }

    fn build(
        tessellation: Tessellation,
        width: usize,
        height: usize,
        cells: Vec<BoardCell>,
    ) -> BoardGraph {
        let (width, height) = if cells.is_empty() {
            (0, 0)
        } else {
            (width, height)
        };
        let size = cells.len();
        let mut edge_count = 0;
        let mut neighbors = Vec::new();
        if size <= TABLE_MAX_CELLS {
            neighbors = vec![NONE; size * 8];
        }
        // Offsets depend only on a cell's class (row parity for Hexoban, tile shape
        // for Trioban and Octoban); read them once from cells far from any edge.
        let class_of = |x: usize, y: usize| match tessellation {
            Tessellation::Sokoban => 0,
            Tessellation::Hexoban => y % 2,
            Tessellation::Trioban | Tessellation::Octoban => (x + y % 2) % 2,
        };
        let mut offsets = [[None::<(isize, isize)>; 8]; 2];
        for (class, representative) in [(0, (2, 2)), (1, (3, 3))] {
            let (rx, ry) = if tessellation == Tessellation::Hexoban {
                (2, representative.1)
            } else {
                (representative.0, 2)
            };
            for &direction in tessellation.legal_directions() {
                offsets[class][direction as usize] = tessellation
                    .neighbor_xy(rx, ry, direction, 8, 8)
                    .map(|(nx, ny)| (nx as isize - rx as isize, ny as isize - ry as isize));
            }
        }
        // Fill the table one (row, direction, class) run at a time: within a run the
        // neighbour is a fixed offset away, so the inner loop is a strided store over
        // the columns whose neighbour stays on the board.
        let column_step = match tessellation {
            Tessellation::Sokoban | Tessellation::Hexoban => 1,
            Tessellation::Trioban | Tessellation::Octoban => 2,
        };
        for y in 0..height {
            let classes: &[usize] = match tessellation {
                Tessellation::Sokoban => &[0],
                Tessellation::Hexoban => &[[0, 1][y % 2]],
                Tessellation::Trioban | Tessellation::Octoban => &[0, 1],
            };
            for &class in classes {
                // First column of this class in the row (see `class_of`).
                let first_column = if column_step == 2 {
                    (class + y % 2) % 2
                } else {
                    0
                };
                debug_assert!(first_column >= width || class_of(first_column, y) == class);
                for &direction in tessellation.legal_directions() {
                    let Some((dx, dy)) = offsets[class][direction as usize] else {
                        continue;
                    };
                    let ny = y.wrapping_add_signed(dy);
                    if ny >= height {
                        continue;
                    }
                    // Columns x with 0 <= x + dx < width, of this class.
                    let lowest = dx.unsigned_abs() * usize::from(dx < 0);
                    let end = width.saturating_sub(if dx > 0 { dx.unsigned_abs() } else { 0 });
                    let mut x = first_column;
                    while x < lowest {
                        x += column_step;
                    }
                    if x >= end {
                        continue;
                    }
                    edge_count += (end - x).div_ceil(column_step);
                    if neighbors.is_empty() {
                        continue;
                    }
                    let row = y * width;
                    let target_row = ny * width;
                    let d = direction as usize;
                    while x < end {
                        neighbors[(row + x) * 8 + d] =
                            (target_row + x).wrapping_add_signed(dx) as u32;
                        x += column_step;
                    }
                }
            }
        }
        BoardGraph {
            tessellation,
            width,
            height,
            cells,
            neighbors,
            edge_count,
        }
    }

    /// The tessellation.
    pub const fn tessellation(&self) -> Tessellation {
        self.tessellation
    }
    /// Width in cells.
    pub const fn width(&self) -> usize {
        self.width
    }
    /// Height in cells.
    pub const fn height(&self) -> usize {
        self.height
    }
    /// Number of cells.
    pub const fn size(&self) -> usize {
        self.width * self.height
    }
    /// Number of directed edges.
    pub const fn edge_count(&self) -> usize {
        self.edge_count
    }
    /// Whether `position` is on the board (never fails).
    #[inline]
    pub const fn contains(&self, position: BoardPosition) -> bool {
        position.index() < self.width * self.height
    }
    /// The tile shape at `position`.
    pub const fn tile_shape(&self, position: BoardPosition) -> TileShape {
        self.tessellation.tile_shape(position.index(), self.width)
    }

    /// All cells, row-major.
    pub fn cells(&self) -> &[BoardCell] {
        &self.cells
    }
    /// The cell at `position`, or `None` off the board.
    #[inline]
    pub fn get(&self, position: impl Into<BoardPosition>) -> Option<&BoardCell> {
        let position = position.into().index();
        self.cells.get(position)
    }
    /// Mutable access to the cell at `position`, or `None` off the board.
    #[inline]
    pub fn get_mut(&mut self, position: impl Into<BoardPosition>) -> Option<&mut BoardCell> {
        let position = position.into().index();
        self.cells.get_mut(position)
    }

    fn check(&self, position: BoardPosition) -> Result<(), GraphError> {
        if self.contains(position) {
            Ok(())
        } else {
            Err(GraphError::PositionOutOfRange { position })
        }
    }

    /// The cell at `position`.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`] (`Board position {pos} is out of range!`).
    pub fn try_cell(&self, position: impl Into<BoardPosition>) -> Result<BoardCell, GraphError> {
        let position = position.into();
        self.get(position)
            .copied()
            .ok_or(GraphError::PositionOutOfRange { position })
    }

    /// Replaces the cell at `position` as given (play-area mark included).
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`].
    pub fn set_cell(
        &mut self,
        position: impl Into<BoardPosition>,
        cell: BoardCell,
    ) -> Result<(), GraphError> {
        let position = position.into();
        *self
            .cells
            .get_mut(position.index())
            .ok_or(GraphError::PositionOutOfRange { position })? = cell;
        Ok(())
    }

    /// Replaces the cell at `position` by a fresh cell from `character` (play-area
    /// mark cleared).
    ///
    /// # Errors
    ///
    /// [`GraphError::Cell`] for a non-board character, [`GraphError::PositionOutOfRange`].
    pub fn set_char(
        &mut self,
        position: impl Into<BoardPosition>,
        character: char,
    ) -> Result<(), GraphError> {
        let cell = BoardCell::from_char(character)?;
        self.set_cell(position, cell)
    }

    // ---- neighbours -------------------------------------------------------------

    /// The neighbour of `position` in `direction`, or `None` (off the board, illegal
    /// direction, or `position` itself off the board). A table lookup.
    #[inline]
    pub fn neighbor(
        &self,
        position: impl Into<BoardPosition>,
        direction: Direction,
    ) -> Option<BoardPosition> {
        let position = position.into().index();
        if self.neighbors.is_empty() {
            return self.computed_neighbor(position, direction);
        }
        let slot = position.checked_mul(8)? | direction as usize;
        match self.neighbors.get(slot) {
            Some(&n) if n != NONE => Some(BoardPosition::new(n as usize)),
            _ => None,
        }
    }

    /// [`BoardGraph::neighbor`] out of line, for the paths of a step that a board with a
    /// table never takes: they stay out of the step's code.
    #[cold]
    #[inline(never)]
    pub(crate) fn neighbor_out_of_line(
        &self,
        position: BoardPosition,
        direction: Direction,
    ) -> Option<BoardPosition> {
        self.neighbor(position, direction)
    }

    /// [`BoardGraph::neighbor`] of a board without a table: out of line, so that the
    /// lookups of the movers keep only the table's path.
    #[cold]
    #[inline(never)]
    fn computed_neighbor(&self, position: usize, direction: Direction) -> Option<BoardPosition> {
        self.tessellation
            .neighbor(position, direction, self.width, self.height)
            .map(BoardPosition::new)
    }

    /// The precomputed neighbour table: entry `position * 8 + direction as usize` is
    /// the neighbour, or `u32::MAX` for none. Empty for boards with more than 2^20
    /// cells, whose neighbours are computed on demand by [`BoardGraph::neighbor`].
    /// For code that keeps its own copy of the graph's edges (a mover's fast path).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::{Direction, Tessellation};
    ///
    /// let graph = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
    /// let table = graph.neighbor_table();
    /// assert_eq!(table[6 * 8 + Direction::Right as usize], 7);
    /// assert_eq!(table[6 * 8 + Direction::NorthEast as usize], u32::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn neighbor_table(&self) -> &[u32] {
        &self.neighbors
    }

    /// The cells, mutable, together with the [neighbour table](BoardGraph::neighbor_table):
    /// for a mover's inner loop, which follows edges while it moves pieces and wants
    /// both as plain slices.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::{Direction, Tessellation};
    ///
    /// let mut graph = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@ .#\n#####")?;
    /// let (cells, table) = graph.cells_mut_with_neighbor_table();
    /// let right = table[6 * 8 + Direction::Right as usize] as usize;
    /// cells[6].remove_pusher();
    /// cells[right].put_pusher();
    /// assert_eq!(graph.to_string(), "#####\n# @.#\n#####");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn cells_mut_with_neighbor_table(&mut self) -> (&mut [BoardCell], &[u32]) {
        (&mut self.cells, &self.neighbors)
    }

    /// Like [`BoardGraph::neighbor`], failing for an off-board `position`.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`].
    pub fn try_neighbor(
        &self,
        position: impl Into<BoardPosition>,
        direction: Direction,
    ) -> Result<Option<BoardPosition>, GraphError> {
        let position = position.into();
        self.check(position)?;
        Ok(self.neighbor(position, direction))
    }

    /// The out-edges of `position` as `(direction, neighbour)`, in legal-direction
    /// order (Trioban may list one neighbour twice). Empty off the board.
    #[inline]
    pub fn neighbors(
        &self,
        position: impl Into<BoardPosition>,
    ) -> impl Iterator<Item = (Direction, BoardPosition)> + '_ {
        let position = position.into();
        self.tessellation
            .legal_directions()
            .iter()
            .filter_map(move |&d| self.neighbor(position, d).map(|n| (d, n)))
    }

    /// The out-edges of `source` in creation (legal-direction) order.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`].
    pub fn out_edges(&self, source: impl Into<BoardPosition>) -> Result<Vec<Edge>, GraphError> {
        let source = source.into();
        self.check(source)?;
        Ok(self
            .neighbors(source)
            .map(|(direction, target)| Edge {
                source,
                target,
                direction,
            })
            .collect())
    }

    /// Distinct positions of the neighbouring walls of `source`, in edge order (a
    /// Trioban wall reached through two edges is listed once; its directions are in
    /// [`BoardGraph::wall_neighbor_directions`]).
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`].
    pub fn wall_neighbors(
        &self,
        source: impl Into<BoardPosition>,
    ) -> Result<Vec<BoardPosition>, GraphError> {
        let source = source.into();
        self.check(source)?;
        let mut walls: Vec<BoardPosition> = Vec::with_capacity(8);
        for (_, n) in self.neighbors(source) {
            if self.cells[n.index()].is_wall() && !walls.contains(&n) {
                walls.push(n);
            }
        }
        Ok(walls)
    }

    /// Directions of the neighbouring walls of `source`, in edge order.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`].
    pub fn wall_neighbor_directions(
        &self,
        source: impl Into<BoardPosition>,
    ) -> Result<Vec<Direction>, GraphError> {
        let source = source.into();
        self.check(source)?;
        Ok(self
            .neighbors(source)
            .filter(|&(_, n)| self.cells[n.index()].is_wall())
            .map(|(d, _)| d)
            .collect())
    }

    /// Distinct neighbour positions of `source`, in edge order.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`].
    pub fn all_neighbors(
        &self,
        source: impl Into<BoardPosition>,
    ) -> Result<Vec<BoardPosition>, GraphError> {
        let source = source.into();
        self.check(source)?;
        let mut result: Vec<BoardPosition> = Vec::with_capacity(8);
        for (_, n) in self.neighbors(source) {
            if !result.contains(&n) {
                result.push(n);
            }
        }
        Ok(result)
    }

    // ---- paths --------------------------------------------------------------------

    /// Breadth-first search from `source` through cells accepted by `passable`,
    /// stopping when `destination` is visited.
    fn search(
        &self,
        source: BoardPosition,
        destination: Option<BoardPosition>,
        passable: impl Fn(BoardCell) -> bool,
        scratch: &mut SearchScratch,
    ) {
        scratch.begin(self.size());
        scratch.visit(source, NONE);
        let legal = self.tessellation.legal_directions();
        let mut head = 0;
        while let Some(&current) = scratch.queue.get(head) {
            head += 1;
            if Some(current) == destination {
                return;
            }
            // Positions fit 32 bits (the size limits), the parent table's entries.
            let parent = current.index() as u32;
            // Hot loop: read the table row directly when there is a table.
            let slot = current.index() * 8;
            if let Some(row) = self.neighbors.get(slot..slot + 8) {
                for &direction in legal {
                    let next = row[direction as usize];
                    if next != NONE && passable(self.cells[next as usize]) {
                        scratch.visit(BoardPosition::new(next as usize), parent);
                    }
                }
            } else {
                for (_, next) in self.neighbors(current) {
                    if passable(self.cells[next.index()]) {
                        scratch.visit(next, parent);
                    }
                }
            }
        }
    }

    /// A shortest path from `source` to `destination` over the whole graph (walls
    /// included, so one always exists), both ends included. Breadth-first in
    /// legal-direction order, first predecessor kept.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`] for either end.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let graph = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@#.#\n#####")?;
    /// // Over the whole graph, walls included: a path always exists.
    /// assert_eq!(graph.shortest_path(6, 8)?, [6, 7, 8]);
    /// // The pusher cannot walk through the wall.
    /// assert!(graph.find_move_path(6, 8)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shortest_path(
        &self,
        source: impl Into<BoardPosition>,
        destination: impl Into<BoardPosition>,
    ) -> Result<Vec<BoardPosition>, GraphError> {
        let (source, destination) = (source.into(), destination.into());
        self.check(source)?;
        self.check(destination)?;
        let mut scratch = SearchScratch::new();
        self.search(source, Some(destination), |_| true, &mut scratch);
        Ok(if scratch.was_reached(destination) {
            scratch.path_to(destination)
        } else {
            Vec::new()
        })
    }

    /// Same as [`BoardGraph::shortest_path`].
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`] for either end.
    pub fn find_jump_path(
        &self,
        source: impl Into<BoardPosition>,
        destination: impl Into<BoardPosition>,
    ) -> Result<Vec<BoardPosition>, GraphError> {
        self.shortest_path(source, destination)
    }

    /// A shortest path from `source` to `destination` whose every cell after
    /// `source` can take a pusher, or an empty list when there is none.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`] for either end.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let graph = BoardGraph::parse(Tessellation::Sokoban, "######\n#@ $ #\n#    #\n######")?;
    /// // Around the box, not through it.
    /// let path = graph.find_move_path(7, 10)?;
    /// assert_eq!((path.len(), path[0].index(), path[path.len() - 1].index()), (6, 7, 10));
    /// assert!(!path.contains(&9.into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_move_path(
        &self,
        source: impl Into<BoardPosition>,
        destination: impl Into<BoardPosition>,
    ) -> Result<Vec<BoardPosition>, GraphError> {
        let mut scratch = SearchScratch::new();
        self.find_move_path_with(source, destination, &mut scratch)
    }

    /// [`BoardGraph::find_move_path`] with reusable buffers (allocates only the
    /// returned path).
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`] for either end.
    pub fn find_move_path_with(
        &self,
        source: impl Into<BoardPosition>,
        destination: impl Into<BoardPosition>,
        scratch: &mut SearchScratch,
    ) -> Result<Vec<BoardPosition>, GraphError> {
        let (source, destination) = (source.into(), destination.into());
        self.check(source)?;
        self.check(destination)?;
        if source != destination && !self.cells[destination.index()].can_put_pusher_or_box() {
            return Ok(Vec::new());
        }
        self.search(
            source,
            Some(destination),
            BoardCell::can_put_pusher_or_box,
            scratch,
        );
        Ok(if scratch.was_reached(destination) {
            scratch.path_to(destination)
        } else {
            Vec::new()
        })
    }

    /// One direction per consecutive pair of `positions`: the first legal direction
    /// leading from one to the next. Empty for fewer than two positions.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`] for an off-board position (also when it is
    /// the only one), [`GraphError::NotAdjacent`] for consecutive positions that are
    /// not neighbours.
    pub fn positions_path_to_directions_path(
        &self,
        positions: &[BoardPosition],
    ) -> Result<Vec<Direction>, GraphError> {
        if let &[single] = positions {
            self.check(single)?;
        }
        positions
            .windows(2)
            .map(|pair| {
                let (from, to) = (pair[0], pair[1]);
                self.check(from)?;
                self.check(to)?;
                self.neighbors(from)
                    .find(|&(_, n)| n == to)
                    .map(|(d, _)| d)
                    .ok_or(GraphError::NotAdjacent { from, to })
            })
            .collect()
    }

    /// Follows `directions` from `source`, stopping silently before the first step
    /// that leads off the board or uses an illegal direction; the last position
    /// reached.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`] for an off-board `source`, even when
    /// `directions` is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::{Direction, Tessellation};
    ///
    /// let graph = BoardGraph::parse(Tessellation::Sokoban, "####\n#@ #\n####")?;
    /// assert_eq!(graph.path_destination(5, &[Direction::Right, Direction::Down])?, 10);
    /// // Steps off the board stop the walk silently.
    /// assert_eq!(graph.path_destination(5, &[Direction::Up, Direction::Up, Direction::Up])?, 1);
    /// assert!(graph.path_destination(99, &[]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_destination(
        &self,
        source: impl Into<BoardPosition>,
        directions: &[Direction],
    ) -> Result<BoardPosition, GraphError> {
        let source = source.into();
        self.check(source)?;
        let mut position = source;
        for &direction in directions {
            match self.neighbor(position, direction) {
                Some(next) => position = next,
                None => break,
            }
        }
        Ok(position)
    }

    // ---- reachability -------------------------------------------------------------

    /// Positions a pusher at `position` reaches by plain moves, in breadth-first
    /// order (neighbours in legal-direction order). Walls, boxes and other pushers
    /// block; the start cell need not hold a pusher. `excluded` positions are
    /// traversed but not reported; off-board entries are ignored.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`] for an off-board `position`.
    pub fn positions_reachable_by_pusher(
        &self,
        position: impl Into<BoardPosition>,
        excluded: &[BoardPosition],
    ) -> Result<Vec<BoardPosition>, GraphError> {
        let position = position.into();
        self.check(position)?;
        let mut scratch = SearchScratch::new();
        Ok(self
            .reachable_by_pusher_into(position, excluded, &mut scratch)
            .to_vec())
    }

    /// The allocation-free form of [`BoardGraph::positions_reachable_by_pusher`]
    /// (after the scratch has grown to the board size): the reported positions live
    /// in `scratch`. An off-board `position` gives an empty slice.
    pub fn reachable_by_pusher_into<'s>(
        &self,
        position: impl Into<BoardPosition>,
        excluded: &[BoardPosition],
        scratch: &'s mut SearchScratch,
    ) -> &'s [BoardPosition] {
        let position = position.into();
        if !self.contains(position) {
            scratch.begin(0);
            return &[];
        }
        self.search(position, None, BoardCell::can_put_pusher_or_box, scratch);
        if excluded.is_empty() {
            return &scratch.queue;
        }
        let generation = scratch.generation;
        for &e in excluded {
            if let Some(stamp) = scratch.excluded.get_mut(e.index()) {
                *stamp = generation;
            }
        }
        let SearchScratch {
            queue,
            reported,
            excluded,
            ..
        } = scratch;
        reported.extend(queue.iter().filter(|p| excluded[p.index()] != generation));
        reported
    }

    /// The top-left (smallest) position among
    /// [`BoardGraph::positions_reachable_by_pusher`], or `position` when that is
    /// empty.
    ///
    /// # Errors
    ///
    /// [`GraphError::PositionOutOfRange`] for an off-board `position`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let graph = BoardGraph::parse(Tessellation::Sokoban, "#######\n#  $ @#\n#######")?;
    /// // The top-left cell the pusher can reach: the box blocks the way further left.
    /// assert_eq!(graph.normalized_pusher_position(12, &[])?, 11);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn normalized_pusher_position(
        &self,
        position: impl Into<BoardPosition>,
        excluded: &[BoardPosition],
    ) -> Result<BoardPosition, GraphError> {
        let position = position.into();
        self.check(position)?;
        let mut scratch = SearchScratch::new();
        Ok(self.normalized_pusher_position_with(position, excluded, &mut scratch))
    }

    /// [`BoardGraph::normalized_pusher_position`] with reusable buffers; an off-board
    /// `position` is returned as is.
    pub fn normalized_pusher_position_with(
        &self,
        position: impl Into<BoardPosition>,
        excluded: &[BoardPosition],
        scratch: &mut SearchScratch,
    ) -> BoardPosition {
        let position = position.into();
        self.reachable_by_pusher_into(position, excluded, scratch)
            .iter()
            .copied()
            .min()
            .unwrap_or(position)
    }

    /// Marks every cell reachable (walls being the only obstacles) from a cell with a
    /// box or a pusher as in the play area, those cells included; clears the mark
    /// everywhere else.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let mut graph = BoardGraph::parse(Tessellation::Sokoban, "#######\n#.$# @#\n#######")?;
    /// graph.mark_play_area();
    /// let playable: Vec<usize> = (0..graph.size()).filter(|&p| graph[p].is_in_playable_area()).collect();
    /// assert_eq!(playable, [8, 9, 11, 12]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mark_play_area(&mut self) {
        let mut scratch = SearchScratch::new();
        scratch.begin(self.size());
        for (position, cell) in self.cells.iter_mut().enumerate() {
            cell.set_in_playable_area(false);
            if cell.has_box() || cell.has_pusher() {
                scratch.visit(BoardPosition::new(position), NONE);
            }
        }
        let mut head = 0;
        while let Some(&current) = scratch.queue.get(head) {
            head += 1;
            for (_, next) in self.neighbors(current) {
                if !self.cells[next.index()].is_wall() {
                    scratch.visit(next, current.index() as u32);
                }
            }
        }
        for &position in &scratch.queue {
            self.cells[position.index()].set_in_playable_area(true);
        }
    }

    // ---- printing -------------------------------------------------------------------

    /// A [`Puzzle`] with this graph's cells in canonical characters (no metadata).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// let graph = BoardGraph::parse(Tessellation::Sokoban, "#pb.#")?;
    /// assert_eq!(graph.to_puzzle().to_string(), "#@$.#");
    /// # Ok::<(), sokoengine_board::BoardParseError>(())
    /// ```
    pub fn to_puzzle(&self) -> Puzzle {
        Puzzle::from_grid(
            self.tessellation,
            crate::text::TextGrid {
                width: self.width,
                height: self.height,
                bytes: self.cells.iter().map(|c| c.to_byte(true)).collect(),
            },
        )
    }

    /// Prints with canonical characters (see [`Puzzle::to_board_str`]).
    pub fn to_board_str(&self, use_visible_floor: bool, rle_encode: bool) -> String {
        print_board(
            self.tessellation,
            self.width,
            self.height,
            |position| self.cells[position].to_byte(true),
            use_visible_floor,
            rle_encode,
        )
    }
}

impl TryFrom<&Puzzle> for BoardGraph {
    type Error = SizeError;

    fn try_from(puzzle: &Puzzle) -> Result<Self, Self::Error> {
        BoardGraph::new(puzzle)
    }
}

impl Index<usize> for BoardGraph {
    type Output = BoardCell;

    /// # Panics
    ///
    /// Off the board; use [`BoardGraph::get`] or [`BoardGraph::try_cell`] otherwise.
    fn index(&self, position: usize) -> &BoardCell {
        &self.cells[position]
    }
}

impl IndexMut<usize> for BoardGraph {
    /// # Panics
    ///
    /// Off the board; use [`BoardGraph::get_mut`] or [`BoardGraph::set_cell`] otherwise.
    fn index_mut(&mut self, position: usize) -> &mut BoardCell {
        &mut self.cells[position]
    }
}

impl Index<BoardPosition> for BoardGraph {
    type Output = BoardCell;

    /// # Panics
    ///
    /// Off the board; use [`BoardGraph::get`] or [`BoardGraph::try_cell`] otherwise.
    #[inline]
    fn index(&self, position: BoardPosition) -> &BoardCell {
        &self.cells[position.index()]
    }
}

impl IndexMut<BoardPosition> for BoardGraph {
    /// # Panics
    ///
    /// Off the board; use [`BoardGraph::get_mut`] or [`BoardGraph::set_cell`] otherwise.
    #[inline]
    fn index_mut(&mut self, position: BoardPosition) -> &mut BoardCell {
        &mut self.cells[position.index()]
    }
}

impl fmt::Display for BoardGraph {
    /// [`BoardGraph::to_board_str`] with invisible floor and no RLE.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_board_str(false, false))
    }
}

impl fmt::Debug for BoardGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoardGraph")
            .field("tessellation", &self.tessellation)
            .field("width", &self.width)
            .field("height", &self.height)
            .field("edge_count", &self.edge_count)
            .field("board", &self.to_board_str(true, false))
            .finish_non_exhaustive()
    }
}
