//! The working board of the feature-space search: where the boxes stand, where the
//! pusher is, which start cells (bases) a pull search has left, and the flood fills
//! and box moves every position needs. Everything goes through the model's
//! neighbour table, so every tessellation is served by the same code.

use sokoengine_geometry::Direction;

use crate::cut::CutTree;
use crate::ids::{Cell, PerCell};
use crate::model::Model;

/// Whether a search pushes boxes toward the goals or pulls them from the goals back
/// toward the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Way {
    Push,
    Pull,
}

/// One move of one box: the box on `from` travels to `to` (pushed or pulled along
/// cells the pusher can serve while the other boxes stand still); the pusher ends on
/// `pusher`. `first` and `last` are the directions of the first and last single
/// step of the box. A `base` move of a pull search takes the box off the board on
/// `to`, a start cell, which is then used up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BoxMove {
    pub(crate) from: Cell,
    pub(crate) to: Cell,
    pub(crate) pusher: Cell,
    pub(crate) steps: u16,
    pub(crate) first: u8,
    pub(crate) last: u8,
    pub(crate) base: bool,
}

impl BoxMove {
    /// The direction of the last single step.
    pub(crate) fn last(&self) -> Direction {
        Direction::from_index(usize::from(self.last)).unwrap_or(Direction::Up)
    }

    /// The direction of the first single step.
    pub(crate) fn first(&self) -> Direction {
        Direction::from_index(usize::from(self.first)).unwrap_or(Direction::Up)
    }
}

/// No region: a cell the last fill did not label.
pub(crate) const NO_REGION: u32 = u32::MAX;

/// The working board.
#[derive(Debug, Clone)]
pub(crate) struct Board<'m> {
    pub(crate) model: &'m Model,
    pub(crate) way: Way,
    has_box: PerCell<bool>,
    /// Box cells in increasing cell order.
    pub(crate) boxes: Vec<Cell>,
    /// Where the pusher stands (any cell of its region).
    pub(crate) pusher: Cell,
    /// Pull searches: the start cells not used up yet.
    is_base: PerCell<bool>,
    pub(crate) bases: Vec<Cell>,
    /// Region labels of free cells (valid where `stamp` is `generation`).
    pub(crate) label: PerCell<u32>,
    stamp: PerCell<u32>,
    generation: u32,
    stack: Vec<Cell>,
    /// `adjacent[cell * degree ..][..degree]`: the active neighbours of each cell
    /// (`Cell::NONE` padded), in the tessellation's direction order.
    adjacent: Vec<Cell>,
    degree: usize,
    // Move generation scratch.
    cuts: CutTree,
    /// Per (cell, side of the pusher): visited stamp.
    visited: Vec<u32>,
    visit_stamp: u32,
    queue: Vec<(Cell, Cell, u16, u8)>,
}

impl<'m> Board<'m> {
    /// An empty board of `model` for a search going `way`.
    pub(crate) fn new(model: &'m Model, way: Way) -> Board<'m> {
        let len = model.board.cells_len();
        let degree = model.directions.len();
        let mut adjacent = vec![Cell::NONE; len * degree];
        for &cell in model.floor.iter() {
            for (index, &direction) in model.directions.iter().enumerate() {
                adjacent[cell.index() * degree + index] =
                    model.neighbor(cell, direction).unwrap_or(Cell::NONE);
            }
        }
        Board {
            model,
            way,
            adjacent,
            degree,
            has_box: PerCell::filled(false, len),
            boxes: Vec::new(),
            pusher: model.start_pusher,
            is_base: PerCell::filled(false, len),
            bases: Vec::new(),
            label: PerCell::filled(0, len),
            stamp: PerCell::filled(0, len),
            generation: 0,
            stack: Vec::new(),
            cuts: CutTree::default(),
            visited: vec![0; len * 8],
            visit_stamp: 0,
            queue: Vec::new(),
        }
    }

    /// Sets the board to `boxes` and `bases` with the pusher on `pusher`.
    pub(crate) fn set(&mut self, boxes: &[Cell], bases: &[Cell], pusher: Cell) {
        for &cell in &self.boxes {
            self.has_box[cell] = false;
        }
        for &cell in &self.bases {
            self.is_base[cell] = false;
        }
        self.boxes.clear();
        self.boxes.extend_from_slice(boxes);
        self.boxes.sort_unstable();
        for &cell in &self.boxes {
            self.has_box[cell] = true;
        }
        self.bases.clear();
        self.bases.extend_from_slice(bases);
        self.bases.sort_unstable();
        for &cell in &self.bases {
            self.is_base[cell] = true;
        }
        self.pusher = pusher;
    }

    #[inline]
    pub(crate) fn has_box(&self, cell: Cell) -> bool {
        self.has_box[cell]
    }

    /// Plays `step` on the board.
    pub(crate) fn play(&mut self, step: &BoxMove) {
        self.has_box[step.from] = false;
        let index = self.boxes.binary_search(&step.from).unwrap_or(0);
        self.boxes.remove(index);
        if step.base {
            self.is_base[step.to] = false;
            if let Ok(index) = self.bases.binary_search(&step.to) {
                self.bases.remove(index);
            }
        } else {
            self.has_box[step.to] = true;
            let index = self.boxes.binary_search(&step.to).unwrap_or_else(|i| i);
            self.boxes.insert(index, step.to);
        }
        self.pusher = step.pusher;
    }

    /// Takes `step` back.
    pub(crate) fn undo(&mut self, step: &BoxMove, pusher: Cell) {
        if step.base {
            self.is_base[step.to] = true;
            let index = self.bases.binary_search(&step.to).unwrap_or_else(|i| i);
            self.bases.insert(index, step.to);
        } else {
            self.has_box[step.to] = false;
            let index = self.boxes.binary_search(&step.to).unwrap_or(0);
            self.boxes.remove(index);
        }
        self.has_box[step.from] = true;
        let index = self.boxes.binary_search(&step.from).unwrap_or_else(|i| i);
        self.boxes.insert(index, step.from);
        self.pusher = pusher;
    }

    /// A fresh flood-fill stamp.
    fn next_generation(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.generation
    }

    /// Labels the regions of free cells; returns how many there are and the
    /// smallest cell of the pusher's region (the normalized pusher).
    pub(crate) fn regions(&mut self) -> (u16, Cell) {
        let generation = self.next_generation();
        let model = self.model;
        let degree = self.degree;
        let mut count = 0_u32;
        let mut pusher_min = self.pusher;
        for &cell in model.floor.iter() {
            let c = cell;
            if self.stamp[c] == generation || self.has_box[c] {
                continue;
            }
            // Cells are visited in increasing order: the first of a region is its
            // smallest.
            let smallest = cell;
            let mut holds_pusher = false;
            self.stamp[c] = generation;
            self.label[c] = count;
            self.stack.clear();
            self.stack.push(cell);
            while let Some(current) = self.stack.pop() {
                holds_pusher |= current == self.pusher;
                let first = current.index() * degree;
                for &next in &self.adjacent[first..first + degree] {
                    let n = next;
                    if !next.is_none() && self.stamp[n] != generation && !self.has_box[n] {
                        self.stamp[n] = generation;
                        self.label[n] = count;
                        self.stack.push(next);
                    }
                }
            }
            if holds_pusher {
                pusher_min = smallest;
            }
            count += 1;
        }
        (count.min(u32::from(u16::MAX)) as u16, pusher_min)
    }

    /// The region label of free `cell` after [`Board::regions`].
    #[inline]
    pub(crate) fn region_of(&self, cell: Cell) -> u32 {
        if self.stamp[cell] == self.generation {
            self.label[cell]
        } else {
            NO_REGION
        }
    }

    /// Whether, after a move of the box now on `moved` (with [`Board::regions`]
    /// labels fresh), the pusher reaches a side of another box that `before` (the
    /// region of the position before the move) did not, and can push (or pull)
    /// that box from there.
    pub(crate) fn opens_new_moves(&self, moved: Cell, before: &PerCell<bool>) -> bool {
        let model = self.model;
        let pusher = self.region_of(self.pusher);
        for &cell in &self.boxes {
            if cell == moved {
                continue;
            }
            for &direction in model.directions {
                let Some(side) = model.neighbor(cell, direction) else {
                    continue;
                };
                if before[side] || self.region_of(side) != pusher {
                    continue;
                }
                let beyond = match self.way {
                    Way::Push => model.neighbor(cell, direction.opposite()),
                    Way::Pull => model.neighbor(side, direction),
                };
                if beyond.is_some_and(|beyond| !self.has_box[beyond]) {
                    return true;
                }
            }
        }
        false
    }

    /// Marks the pusher's region; `reached` answers for it until the next fill.
    pub(crate) fn reach(&mut self) {
        let generation = self.next_generation();
        let model = self.model;
        let start = self.pusher;
        self.stamp[start] = generation;
        self.label[start] = 0;
        self.stack.clear();
        self.stack.push(start);
        while let Some(current) = self.stack.pop() {
            for &direction in model.directions {
                let Some(next) = model.neighbor(current, direction) else {
                    continue;
                };
                let n = next;
                if self.stamp[n] != generation && !self.has_box[n] {
                    self.stamp[n] = generation;
                    self.label[n] = 0;
                    self.stack.push(next);
                }
            }
        }
    }

    /// Whether `cell` is in the pusher's region after [`Board::reach`].
    #[inline]
    pub(crate) fn reached(&self, cell: Cell) -> bool {
        self.stamp[cell] == self.generation
    }

    /// Every move of the box on `from` (the other boxes standing still), appended to
    /// `out`: a breadth-first search over (box cell, pusher side), the pusher's
    /// reach answered by the cut cells of the board without the box. `live` says
    /// whether a box may stand on a cell with the pusher on the given neighbour
    /// (dead squares are pruned there). Moves that bring the box back to `from` are
    /// left out.
    pub(crate) fn box_moves(
        &mut self,
        from: Cell,
        live: impl Fn(Cell, Cell) -> bool,
        out: &mut Vec<BoxMove>,
    ) {
        let model = self.model;
        let start = self.pusher;
        let has_box = &self.has_box;
        self.cuts
            .build(model, start, |cell| cell != from && has_box[cell]);
        self.visit_stamp = self.visit_stamp.wrapping_add(1);
        if self.visit_stamp == 0 {
            self.visited.fill(0);
            self.visit_stamp = 1;
        }
        let stamp = self.visit_stamp;
        self.queue.clear();
        self.queue.push((from, start, 0, u8::MAX));
        let mut next = 0;
        while let Some(&(cell, pusher, steps, first)) = self.queue.get(next) {
            next += 1;
            for &direction in model.directions {
                // Push: the pusher stands behind the box and the box goes on.
                // Pull: the pusher stands ahead, steps on, and the box follows.
                let moved = match self.way {
                    Way::Push => model
                        .neighbor(cell, direction.opposite())
                        .zip(model.neighbor(cell, direction))
                        .map(|(behind, target)| (behind, target, cell)),
                    Way::Pull => model.neighbor(cell, direction).and_then(|ahead| {
                        model
                            .neighbor(ahead, direction)
                            .map(|beyond| (ahead, ahead, beyond))
                    }),
                };
                let Some((stand, target, after)) = moved else {
                    continue;
                };
                if !self.cuts.is_open(stand)
                    || !self.cuts.is_open(target)
                    || !self.cuts.is_open(after)
                    || !self.cuts.connected_without(cell, pusher, stand)
                {
                    continue;
                }
                if !live(target, after) {
                    continue;
                }
                // The pusher's side of the box decides all it can do next.
                let side = if self.way == Way::Push {
                    self.cuts.side_of(target, cell)
                } else {
                    self.cuts.side_of(target, after)
                };
                let key = target.index() * 8 + usize::from(side);
                if self.visited[key] == stamp {
                    continue;
                }
                self.visited[key] = stamp;
                let steps = steps.saturating_add(1);
                let first = if first == u8::MAX {
                    direction.index() as u8
                } else {
                    first
                };
                if target != from {
                    out.push(BoxMove {
                        from,
                        to: target,
                        pusher: after,
                        steps,
                        first,
                        last: direction.index() as u8,
                        base: false,
                    });
                }
                self.queue.push((target, after, steps, first));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_board::Puzzle;
    use sokoengine_geometry::Tessellation;

    fn model(text: &str) -> Model {
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
        Model::new(&puzzle, 1 << 30).unwrap()
    }

    #[test]
    fn pushes_and_pulls_of_one_box() {
        let model = model("#######/#     #/#@ $ .#/#     #/#######");
        let mut board = Board::new(&model, Way::Push);
        board.set(&model.start_boxes, &[], model.start_pusher);
        let mut moves = Vec::new();
        board.box_moves(model.start_boxes[0], |_, _| true, &mut moves);
        // The box can be pushed along its row onto the goal.
        assert!(moves.iter().any(|m| model.board.is_goal(m.to)));
        let mut pulls = Board::new(&model, Way::Pull);
        pulls.set(&model.goals, &model.start_boxes, model.start_pusher);
        let mut moves = Vec::new();
        pulls.box_moves(model.goals[0], |_, _| true, &mut moves);
        assert!(moves.iter().any(|m| m.to == model.start_boxes[0]));
        for m in &moves {
            // After a pull the pusher stands beyond the box.
            assert_eq!(model.neighbor(m.to, m.last()), Some(m.pusher));
        }
    }

    #[test]
    fn regions_and_normalized_pusher() {
        let model = model("#######/#@ $ .#/#######");
        let mut board = Board::new(&model, Way::Push);
        board.set(&model.start_boxes, &[], model.start_pusher);
        let (count, pusher) = board.regions();
        assert_eq!(count, 2);
        assert_eq!(pusher, model.start_pusher);
    }
}
