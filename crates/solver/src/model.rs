//! The solver's model of a level: the compact board of the board crate plus the
//! static tables every search uses (dense numbering, Zobrist keys, the pusher's
//! sides of each cell, push distances to every goal, dead squares).

use sokoengine_board::{CompactBoard, CompactBoardError, Position, Puzzle};
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_mover::zobrist;

use crate::cut::{CutTree, Floor};
use crate::error::{MAX_BOXES, MAX_CELLS, SolverError};
use crate::ids::{Cell, Costs, DenseId, PerCell, PerDense, PerStep, Slot, Table};

/// Whether a search pushes boxes toward the goals or pulls them from the goals back
/// toward the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Way {
    Push,
    Pull,
}

/// An unreachable distance.
pub(crate) const INF: u16 = u16::MAX;

/// The static part of a level, shared by every search on it.
#[derive(Debug, Clone)]
pub(crate) struct Model {
    pub(crate) board: CompactBoard,
    pub(crate) tessellation: Tessellation,
    /// The tessellation's legal directions, in its order.
    pub(crate) directions: &'static [Direction],
    /// Active cells in board order (dense id → cell).
    pub(crate) floor: PerDense<Cell>,
    /// Cell → dense id, `DenseId::NONE` off the active area.
    dense: PerCell<DenseId>,
    /// Active goals in board order.
    pub(crate) goals: Vec<Cell>,
    /// Boxes of the start position, in board order.
    pub(crate) start_boxes: Vec<Cell>,
    pub(crate) start_pusher: Cell,
    /// The active neighbour of each cell per direction (see [`Model::neighbor`]),
    /// `Cell::NONE` for walls.
    neighbors: PerStep<Cell>,
    /// Zobrist keys per cell, as `BoardManager` computes them for board positions.
    pub(crate) box_keys: PerCell<u64>,
    pub(crate) pusher_keys: PerCell<u64>,
    /// The hash of everything that never moves (base key, inactive boxes).
    pub(crate) base_hash: u64,
    pub(crate) sides: Sides,
    /// Per slot (a cell's side, see [`Sides`]) and goal: pushes to bring a box from
    /// the cell to the goal with the pusher on that side (empty board), `INF` if
    /// never. Slot-major, so a box's costs are one row.
    pub(crate) distances: Costs,
    /// Per side: no goal can be reached from there.
    pub(crate) dead_side: Table<Slot, bool>,
    /// Per cell: every side is dead (a dead square).
    pub(crate) dead_cell: PerCell<bool>,
    /// The tables of pull searches, made when a pull search first needs them.
    reverse: std::sync::OnceLock<Reverse>,
}

/// Distances of a pull search: from every (cell, side) back to every start cell of
/// a box, and the sides from which no start cell is reachable.
#[derive(Debug, Clone, Default)]
pub(crate) struct Reverse {
    /// Per slot and start: pushes that bring the box starting on
    /// `start_boxes[start]` to the slot's (cell, side), on the empty board.
    pub(crate) distances: Costs,
    pub(crate) dead_side: Table<Slot, bool>,
}

impl Model {
    /// Builds the model of `puzzle`, checking the solver's limits.
    pub(crate) fn new(puzzle: &Puzzle, memory_budget: usize) -> Result<Model, SolverError> {
        let cells = puzzle.width() * puzzle.height();
        if cells > MAX_CELLS {
            return Err(SolverError::TooManyCells {
                cells,
                limit: MAX_CELLS,
            });
        }
        let board = CompactBoard::new(puzzle).map_err(|error| match error {
            CompactBoardError::SeveralPushers { count } => SolverError::SeveralPushers { count },
            _ => SolverError::NoPusher,
        })?;
        Model::from_board(board, puzzle, memory_budget)
    }

    fn from_board(
        board: CompactBoard,
        puzzle: &Puzzle,
        memory_budget: usize,
    ) -> Result<Model, SolverError> {
        let tessellation = board.tessellation();
        let len = board.cells_len();
        let floor: PerDense<Cell> = board.active().collect();
        let mut dense = PerCell::filled(DenseId::NONE, len);
        for (id, &cell) in floor.iter().enumerate() {
            dense[cell] = DenseId::at(id);
        }
        let goals: Vec<Cell> = board.goals().collect();
        let start_boxes: Vec<Cell> = board.start_boxes().collect();
        if start_boxes.is_empty() {
            return Err(SolverError::NoBoxes);
        }
        if start_boxes.len() > MAX_BOXES {
            return Err(SolverError::TooManyBoxes {
                boxes: start_boxes.len(),
                limit: MAX_BOXES,
            });
        }
        if start_boxes.len() != goals.len() {
            return Err(SolverError::BoxGoalMismatch {
                boxes: start_boxes.len(),
                goals: goals.len(),
            });
        }
        let mut neighbors = PerStep::filled(Cell::NONE, len * 8);
        for &cell in floor.iter() {
            for &direction in tessellation.legal_directions() {
                if let Some(next) = board.neighbor(cell, direction) {
                    neighbors[(cell, direction)] = next;
                }
            }
        }
        // Keys of board positions, so a state hash equals BoardManager::state_hash()
        // of the same position with the pusher normalized.
        let mut box_keys = PerCell::filled(0, len);
        let mut pusher_keys = PerCell::filled(0, len);
        for &cell in floor.iter() {
            let position = board.board_position(cell).index();
            box_keys[cell] = zobrist::box_key(DEFAULT_PLUS_ID, position);
            pusher_keys[cell] = zobrist::pusher_key(position);
        }
        let mut base_hash = zobrist::BASE_KEY;
        for (position, cell) in puzzle.cells().enumerate() {
            let active = board.cell_of(position).is_some_and(|c| board.is_active(c));
            if cell.has_box() && !active {
                base_hash ^= zobrist::box_key(DEFAULT_PLUS_ID, position);
            }
        }
        let start_pusher = board.start_pusher();
        let mut model = Model {
            tessellation,
            directions: tessellation.legal_directions(),
            floor,
            dense,
            goals,
            start_boxes,
            start_pusher,
            neighbors,
            box_keys,
            pusher_keys,
            base_hash,
            sides: Sides::default(),
            distances: Costs::default(),
            dead_side: Table::new(),
            dead_cell: Table::new(),
            reverse: std::sync::OnceLock::new(),
            board,
        };
        model.sides = Sides::new(&model);
        let table = model.goals.len() * model.sides.len() * 2;
        if table > memory_budget / 2 {
            return Err(SolverError::Internal(format!(
                "the distance tables need {table} bytes, more than half the memory budget of {memory_budget} bytes"
            )));
        }
        model.compute_distances();
        Ok(model)
    }

    /// The empty board (goals, no boxes) with the pusher at its start.
    pub(crate) fn empty_position(&self) -> Position {
        self.board.empty()
    }

    /// The active neighbour of `cell` in `direction` (`None` for a wall).
    #[inline(always)]
    pub(crate) fn neighbor(&self, cell: Cell, direction: Direction) -> Option<Cell> {
        let next = self.neighbors[(cell, direction)];
        (!next.is_none()).then_some(next)
    }

    /// The dense id of active `cell` (`DenseId::NONE` off the active area).
    #[inline(always)]
    pub(crate) fn dense_id(&self, cell: Cell) -> DenseId {
        self.dense[cell]
    }

    /// Whether `cell` is active (a cell of the floor the solver numbers).
    #[inline]
    pub(crate) fn is_active(&self, cell: Cell) -> bool {
        !cell.is_none() && self.dense.get(cell.index()).is_some_and(|id| !id.is_none())
    }

    /// The cells of dense ids `ids`.
    pub(crate) fn cells_of(
        &self,
        ids: impl Iterator<Item = DenseId>,
    ) -> impl Iterator<Item = Cell> {
        ids.map(|id| self.floor[id])
    }

    /// Bytes of the static tables.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.board.cells_len() * (4 * 4 + 8 * 4 + 2 * 8 + 2)
            + self.distances.memory_bytes()
            + self.sides.memory_bytes()
            + self.dead_side.len()
    }

    /// Push distances per goal over (cell, side) states: a backward search that
    /// pulls a box away from each goal on the empty board.
    fn compute_distances(&mut self) {
        let sides = self.sides.len();
        let goals = self.goals.len();
        let mut distances = Costs::filled(INF, sides, goals);
        let mut table: Table<Slot, u16> = Table::filled(INF, sides);
        let mut queue: Vec<(Cell, u8)> = Vec::new();
        for (goal_index, &goal) in self.goals.iter().enumerate() {
            let sources = (0..self.sides.count(goal)).map(|side| (goal, side));
            self.slot_distances(Way::Pull, sources, &mut table, &mut queue);
            for (slot, &distance) in table.iter().enumerate() {
                distances.set(Slot::at(slot), goal_index, distance);
            }
        }
        self.dead_side = distances
            .rows()
            .take(sides)
            .map(|row| row.iter().all(|&d| d == INF))
            .collect();
        self.dead_cell = PerCell::filled(true, self.board.cells_len());
        for &cell in self.floor.iter() {
            self.dead_cell[cell] =
                (0..self.sides.count(cell)).all(|side| self.dead_side[self.sides.slot(cell, side)]);
        }
        self.distances = distances;
    }

    /// The tables of pull searches (computed on first use): a box pulled back
    /// toward the start position.
    pub(crate) fn reverse(&self) -> &Reverse {
        self.reverse.get_or_init(|| self.compute_reverse())
    }

    /// Forward push distances from each start box (with the pusher on its start
    /// side) to every (cell, side) of the empty board.
    fn compute_reverse(&self) -> Reverse {
        let sides = self.sides.len();
        let starts = self.start_boxes.len();
        let mut distances = Costs::filled(INF, sides, starts);
        let mut table: Table<Slot, u16> = Table::filled(INF, sides);
        let mut queue: Vec<(Cell, u8)> = Vec::new();
        for (index, &start) in self.start_boxes.iter().enumerate() {
            let side = self.sides.side_of(start, self.start_pusher);
            self.slot_distances(Way::Push, [(start, side)], &mut table, &mut queue);
            for (slot, &distance) in table.iter().enumerate() {
                distances.set(Slot::at(slot), index, distance);
            }
        }
        let dead_side = distances
            .rows()
            .take(sides)
            .map(|row| row.iter().all(|&d| d == INF))
            .collect();
        Reverse {
            distances,
            dead_side,
        }
    }

    /// The fewest pushes (`Way::Push`) or pulls (`Way::Pull`) of a box on the empty
    /// board from any of the `sources` (cell, side of the pusher) slots to every
    /// slot, into `table` (`INF`: never); `queue` ends holding the slots reached, in
    /// breadth-first order. Pulls walk the pushes backwards, so the goal distances
    /// and the start boxes' reach are one search.
    pub(crate) fn slot_distances(
        &self,
        way: Way,
        sources: impl IntoIterator<Item = (Cell, u8)>,
        table: &mut Table<Slot, u16>,
        queue: &mut Vec<(Cell, u8)>,
    ) {
        table.fill(INF);
        queue.clear();
        for (cell, side) in sources {
            table[self.sides.slot(cell, side)] = 0;
            queue.push((cell, side));
        }
        let mut next = 0;
        while let Some(&(cell, side)) = queue.get(next) {
            next += 1;
            let distance = table[self.sides.slot(cell, side)];
            for &direction in self.directions {
                // The box goes to `to`; the pusher stands on the `toward` side of the
                // box before and after: behind it for a push, ahead for a pull.
                let Some(to) = self.neighbor(cell, direction) else {
                    continue;
                };
                let (toward, pusher) = match way {
                    Way::Push => (
                        direction.opposite(),
                        self.neighbor(cell, direction.opposite()),
                    ),
                    Way::Pull => (direction, self.neighbor(to, direction)),
                };
                if pusher.is_none() || self.sides.neighbor_side(cell, toward) != side {
                    continue;
                }
                let to_side = self.sides.neighbor_side(to, toward);
                let slot = self.sides.slot(to, to_side);
                if table[slot] == INF {
                    table[slot] = distance.saturating_add(1).min(INF - 1);
                    queue.push((to, to_side));
                }
            }
        }
    }

    /// The push distance of a box on `cell`, pusher on `side`, to goal `goal`.
    #[cfg(test)]
    pub(crate) fn distance(&self, goal: usize, cell: Cell, side: u8) -> u16 {
        self.distances.get(self.sides.slot(cell, side), goal)
    }
}

impl Floor for Model {
    fn cells_len(&self) -> usize {
        self.board.cells_len()
    }

    fn active_cells(&self) -> &[Cell] {
        &self.floor
    }

    fn is_active(&self, cell: Cell) -> bool {
        Model::is_active(self, cell)
    }

    fn directions(&self) -> &[Direction] {
        self.directions
    }

    #[inline(always)]
    fn neighbor(&self, cell: Cell, direction: Direction) -> Option<Cell> {
        Model::neighbor(self, cell, direction)
    }
}

/// The plus ID every box has when Sokoban+ is off.
const DEFAULT_PLUS_ID: u64 = 0;

/// Which side of a cell the pusher is on: the connected components of the active
/// floor without that cell. A box on a cut cell (a corridor, a doorway) can only be
/// pushed from the side the pusher is on, and that side does not change while the
/// box stays: the pusher never walks through the box.
///
/// Sides come from the cut cells of the empty floor ([`CutTree`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct Sides {
    /// Per cell: first slot of its sides; slots are numbered densely.
    base: PerCell<Slot>,
    /// Per cell: how many sides it has (0 off the active area).
    counts: PerCell<u8>,
    /// Per cell and direction: the side of the cell its neighbour in that direction
    /// is on (`u8::MAX` where there is no active neighbour).
    neighbor_sides: PerStep<u8>,
    tree: CutTree,
    slots: usize,
}

impl Sides {
    fn new(model: &Model) -> Sides {
        let len = model.board.cells_len();
        let mut tree = CutTree::default();
        tree.build(model, model.start_pusher, |_| false);
        let mut sides = Sides {
            base: PerCell::filled(Slot::new(0), len),
            counts: PerCell::filled(0, len),
            neighbor_sides: PerStep::filled(u8::MAX, len * 8),
            tree,
            slots: 0,
        };
        for &cell in model.floor.iter() {
            let count = sides.tree.side_count(cell);
            sides.counts[cell] = count;
            sides.base[cell] = Slot::at(sides.slots);
            sides.slots += usize::from(count);
        }
        for &cell in model.floor.iter() {
            for &direction in model.directions {
                if let Some(neighbor) = model.neighbor(cell, direction) {
                    sides.neighbor_sides[(cell, direction)] = sides.tree.side_of(cell, neighbor);
                }
            }
        }
        sides
    }

    /// How many (cell, side) slots there are.
    pub(crate) const fn len(&self) -> usize {
        self.slots
    }

    /// How many sides `cell` has.
    #[inline]
    pub(crate) fn count(&self, cell: Cell) -> u8 {
        self.counts[cell]
    }

    /// The slot of (`cell`, `side`).
    #[inline]
    pub(crate) fn slot(&self, cell: Cell, side: u8) -> Slot {
        Slot::new(self.base[cell].get() + u32::from(side))
    }

    /// The side of `cell` that `other` (an active cell other than `cell`) is on.
    #[inline]
    pub(crate) fn side_of(&self, cell: Cell, other: Cell) -> u8 {
        self.tree.side_of(cell, other)
    }

    /// The side of `cell` its neighbour in `direction` is on (`u8::MAX` if none).
    #[inline]
    pub(crate) fn neighbor_side(&self, cell: Cell, direction: Direction) -> u8 {
        self.neighbor_sides[(cell, direction)]
    }

    /// The slot of `cell` with the pusher on its neighbour in `direction` (an
    /// active neighbour).
    #[inline]
    pub(crate) fn neighbor_slot(&self, cell: Cell, direction: Direction) -> Slot {
        self.slot(cell, self.neighbor_side(cell, direction))
    }

    fn memory_bytes(&self) -> usize {
        self.base.len() * (4 + 1 + 8 + 4 * 7)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(text: &str) -> Model {
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
        Model::new(&puzzle, 1 << 30).unwrap()
    }

    #[test]
    fn sides_of_a_corridor_and_a_room() {
        // A corridor cell has two sides; a room cell one.
        let model = model("#######/#@ $ .#/#######");
        let cells: Vec<Cell> = model.floor.to_vec();
        assert_eq!(cells.len(), 5);
        assert_eq!(model.sides.count(cells[0]), 1);
        for &cell in &cells[1..4] {
            assert_eq!(model.sides.count(cell), 2, "cell {cell}");
        }
        let middle = cells[2];
        assert_ne!(
            model.sides.side_of(middle, cells[0]),
            model.sides.side_of(middle, cells[4])
        );
        assert_eq!(
            model.sides.side_of(middle, cells[0]),
            model.sides.side_of(middle, cells[1])
        );
    }

    #[test]
    fn distances_respect_the_pusher_side() {
        let model = model("#######/#@ $ .#/#######");
        let box_cell = model.start_boxes[0];
        let left = model.sides.side_of(box_cell, model.start_pusher);
        let right = 1 - left;
        assert_eq!(model.distance(0, box_cell, left), 2);
        assert_eq!(model.distance(0, box_cell, right), INF);
        // The leftmost cell is dead: nothing can push a box out of it.
        assert!(model.dead_cell[model.floor[DenseId::new(0)]]);
        assert!(!model.dead_cell[box_cell]);
        // Pusher's right of the goal: nothing to do there, but the goal is live.
        assert!(!model.dead_cell[model.goals[0]]);
    }

    #[test]
    fn limits_and_bad_levels() {
        let error = |text: &str| {
            let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
            Model::new(&puzzle, 1 << 30).unwrap_err()
        };
        assert_eq!(error("#####/#@ .#/#####"), SolverError::NoBoxes);
        assert_eq!(
            error("######/#@$$.#/######"),
            SolverError::BoxGoalMismatch { boxes: 2, goals: 1 }
        );
        assert_eq!(error("#####/# $.#/#####"), SolverError::NoPusher);
        let mut wide = Puzzle::new(Tessellation::Sokoban, 300, 300).unwrap();
        for (position, character) in [(0, '@'), (1, '$'), (2, '.')] {
            wide.set(position, character).unwrap();
        }
        assert_eq!(
            Model::new(&wide, 1 << 30).unwrap_err().to_string(),
            "the level has 90000 cells; the solver takes at most 65535"
        );
    }
}
