//! The solver's model of a level: the compact board of the board crate plus the
//! static tables every search uses (dense numbering, Zobrist keys, the pusher's
//! sides of each cell, push distances to every goal, dead squares).

use sokoengine_board::{CompactBoard, CompactBoardError, Position, Puzzle};
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_mover::zobrist;

use crate::cut::CutTree;
use crate::error::{MAX_BOXES, MAX_CELLS, SolverError};

/// No cell, no index.
pub(crate) const NONE: u32 = u32::MAX;
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
    pub(crate) floor: Vec<u32>,
    /// Cell → dense id, `NONE` off the active area.
    pub(crate) dense: Vec<u32>,
    /// Active goals in board order.
    pub(crate) goals: Vec<u32>,
    /// Boxes of the start position, in board order.
    pub(crate) start_boxes: Vec<u32>,
    pub(crate) start_pusher: u32,
    /// `neighbors[cell * 8 + direction]`: the active neighbour, `NONE` for walls.
    pub(crate) neighbors: Vec<u32>,
    /// Zobrist keys per cell, as `BoardManager` computes them for board positions.
    pub(crate) box_keys: Vec<u64>,
    pub(crate) pusher_keys: Vec<u64>,
    /// The hash of everything that never moves (base key, inactive boxes).
    pub(crate) base_hash: u64,
    pub(crate) sides: Sides,
    /// `distances[slot * goals + goal]` (slot of a cell's side, see [`Sides`]): pushes
    /// to bring a box from the cell to the goal with the pusher on that side (empty
    /// board), `INF` if never. Slot-major, so a box's costs are one row.
    pub(crate) distances: Vec<u16>,
    /// Per side: no goal can be reached from there.
    pub(crate) dead_side: Vec<bool>,
    /// Per cell: every side is dead (a dead square).
    pub(crate) dead_cell: Vec<bool>,
    /// The tables of pull searches, made when a pull search first needs them.
    reverse: std::sync::OnceLock<Reverse>,
}

/// Distances of a pull search: from every (cell, side) back to every start cell of
/// a box, and the sides from which no start cell is reachable.
#[derive(Debug, Clone, Default)]
pub(crate) struct Reverse {
    /// `distances[slot * boxes + start]`: pushes that bring the box starting on
    /// `start_boxes[start]` to the slot's (cell, side), on the empty board.
    pub(crate) distances: Vec<u16>,
    pub(crate) dead_side: Vec<bool>,
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
        let floor: Vec<u32> = board.active().map(|cell| cell.get()).collect();
        let mut dense = vec![NONE; len];
        for (id, &cell) in floor.iter().enumerate() {
            dense[cell as usize] = id as u32;
        }
        let goals: Vec<u32> = board.goals().map(|cell| cell.get()).collect();
        let start_boxes: Vec<u32> = board.start_boxes().map(|cell| cell.get()).collect();
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
        let mut neighbors = vec![NONE; len * 8];
        for &cell in &floor {
            for &direction in tessellation.legal_directions() {
                if let Some(next) = board.neighbor(cell as usize, direction) {
                    neighbors[cell as usize * 8 + direction.index()] = next.get();
                }
            }
        }
        // Keys of board positions, so a state hash equals BoardManager::state_hash()
        // of the same position with the pusher normalized.
        let mut box_keys = vec![0; len];
        let mut pusher_keys = vec![0; len];
        for &cell in &floor {
            let position = board.board_position(cell as usize).index();
            box_keys[cell as usize] = zobrist::box_key(DEFAULT_PLUS_ID, position);
            pusher_keys[cell as usize] = zobrist::pusher_key(position);
        }
        let mut base_hash = zobrist::BASE_KEY;
        for (position, cell) in puzzle.cells().enumerate() {
            let active = board.cell_of(position).is_some_and(|c| board.is_active(c));
            if cell.has_box() && !active {
                base_hash ^= zobrist::box_key(DEFAULT_PLUS_ID, position);
            }
        }
        let start_pusher = board.start_pusher().get();
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
            distances: Vec::new(),
            dead_side: Vec::new(),
            dead_cell: Vec::new(),
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

    /// The active neighbour of `cell` in `direction`, or `NONE`.
    #[inline]
    pub(crate) fn neighbor(&self, cell: u32, direction: Direction) -> u32 {
        self.neighbors[cell as usize * 8 + direction.index()]
    }

    /// Bytes of the static tables.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.board.cells_len() * (4 * 4 + 8 * 4 + 2 * 8 + 2)
            + self.distances.len() * 2
            + self.sides.memory_bytes()
            + self.dead_side.len()
    }

    /// Push distances per goal over (cell, side) states: a backward search that
    /// pulls a box away from each goal on the empty board.
    fn compute_distances(&mut self) {
        let sides = self.sides.len();
        let goals = self.goals.len();
        let mut distances = vec![INF; goals * sides];
        let mut table = vec![INF; sides];
        let mut queue: Vec<(u32, u8)> = Vec::new();
        for (goal_index, &goal) in self.goals.iter().enumerate() {
            table.fill(INF);
            queue.clear();
            for side in 0..self.sides.count(goal) {
                table[self.sides.slot(goal, side)] = 0;
                queue.push((goal, side));
            }
            let mut next = 0;
            while let Some(&(cell, side)) = queue.get(next) {
                next += 1;
                let distance = table[self.sides.slot(cell, side)];
                // The box came from `from`, pushed in direction opposite to `direction`
                // by a pusher standing on `behind`.
                for &direction in self.directions {
                    let from = self.neighbor(cell, direction);
                    if from == NONE || self.sides.neighbor_side(cell, direction) != side {
                        continue;
                    }
                    let behind = self.neighbor(from, direction);
                    if behind == NONE {
                        continue;
                    }
                    let from_side = self.sides.neighbor_side(from, direction);
                    let slot = self.sides.slot(from, from_side);
                    if table[slot] == INF {
                        table[slot] = distance.saturating_add(1).min(INF - 1);
                        queue.push((from, from_side));
                    }
                }
            }
            for (slot, &distance) in table.iter().enumerate() {
                distances[slot * goals + goal_index] = distance;
            }
        }
        self.dead_side = (0..sides)
            .map(|slot| {
                distances[slot * goals..(slot + 1) * goals]
                    .iter()
                    .all(|&d| d == INF)
            })
            .collect();
        self.dead_cell = vec![true; self.board.cells_len()];
        for &cell in &self.floor {
            self.dead_cell[cell as usize] =
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
        let mut distances = vec![INF; starts * sides];
        let mut table = vec![INF; sides];
        let mut queue: Vec<(u32, u8)> = Vec::new();
        for (index, &start) in self.start_boxes.iter().enumerate() {
            table.fill(INF);
            queue.clear();
            let side = self.sides.side_of(start, self.start_pusher);
            table[self.sides.slot(start, side)] = 0;
            queue.push((start, side));
            let mut next = 0;
            while let Some(&(cell, side)) = queue.get(next) {
                next += 1;
                let distance = table[self.sides.slot(cell, side)];
                for &direction in self.directions {
                    // The pusher, on `side`, stands behind the box and pushes it on.
                    let behind = self.neighbor(cell, direction.opposite());
                    let target = self.neighbor(cell, direction);
                    if behind == NONE
                        || target == NONE
                        || self.sides.neighbor_side(cell, direction.opposite()) != side
                    {
                        continue;
                    }
                    let target_side = self.sides.neighbor_side(target, direction.opposite());
                    let slot = self.sides.slot(target, target_side);
                    if table[slot] == INF {
                        table[slot] = distance.saturating_add(1).min(INF - 1);
                        queue.push((target, target_side));
                    }
                }
            }
            for (slot, &distance) in table.iter().enumerate() {
                distances[slot * starts + index] = distance;
            }
        }
        let dead_side = (0..sides)
            .map(|slot| {
                distances[slot * starts..(slot + 1) * starts]
                    .iter()
                    .all(|&d| d == INF)
            })
            .collect();
        Reverse {
            distances,
            dead_side,
        }
    }

    /// The push distance of a box on `cell`, pusher on `side`, to goal `goal`.
    #[cfg(test)]
    pub(crate) fn distance(&self, goal: usize, cell: u32, side: u8) -> u16 {
        self.distances[self.sides.slot(cell, side) * self.goals.len() + goal]
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
    base: Vec<u32>,
    /// Per cell: how many sides it has (0 off the active area).
    counts: Vec<u8>,
    /// `neighbor_sides[cell * 8 + direction]`: the side of `cell` its neighbour in
    /// `direction` is on (`u8::MAX` where there is no active neighbour).
    neighbor_sides: Vec<u8>,
    tree: CutTree,
    slots: usize,
}

impl Sides {
    fn new(model: &Model) -> Sides {
        let len = model.board.cells_len();
        let mut tree = CutTree::default();
        tree.build(model, model.start_pusher, |_| false);
        let mut sides = Sides {
            base: vec![0; len],
            counts: vec![0; len],
            neighbor_sides: vec![u8::MAX; len * 8],
            tree,
            slots: 0,
        };
        for &cell in &model.floor {
            let count = sides.tree.side_count(cell);
            sides.counts[cell as usize] = count;
            sides.base[cell as usize] = sides.slots as u32;
            sides.slots += usize::from(count);
        }
        for &cell in &model.floor {
            for &direction in model.directions {
                let neighbor = model.neighbor(cell, direction);
                if neighbor != NONE {
                    sides.neighbor_sides[cell as usize * 8 + direction.index()] =
                        sides.tree.side_of(cell, neighbor);
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
    pub(crate) fn count(&self, cell: u32) -> u8 {
        self.counts[cell as usize]
    }

    /// The slot of (`cell`, `side`).
    #[inline]
    pub(crate) fn slot(&self, cell: u32, side: u8) -> usize {
        self.base[cell as usize] as usize + usize::from(side)
    }

    /// The side of `cell` that `other` (an active cell other than `cell`) is on.
    #[inline]
    pub(crate) fn side_of(&self, cell: u32, other: u32) -> u8 {
        self.tree.side_of(cell, other)
    }

    /// The side of `cell` its neighbour in `direction` is on (`u8::MAX` if none).
    #[inline]
    pub(crate) fn neighbor_side(&self, cell: u32, direction: Direction) -> u8 {
        self.neighbor_sides[cell as usize * 8 + direction.index()]
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
        let cells: Vec<u32> = model.floor.clone();
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
        assert!(model.dead_cell[model.floor[0] as usize]);
        assert!(!model.dead_cell[box_cell as usize]);
        // Pusher's right of the goal: nothing to do there, but the goal is live.
        assert!(!model.dead_cell[model.goals[0] as usize]);
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
