//! The working board of the feature-space search: where the boxes stand, where the
//! pusher is, which start cells (bases) a pull search has left, and the flood fills
//! and box moves every position needs. Everything goes through the model's
//! neighbour table, so every tessellation is served by the same code.

use sokoengine_geometry::Direction;

use crate::cut::CutTree;
use crate::ids::{Cell, PerCell};
use crate::model::Model;
pub(crate) use crate::model::Way;

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
    /// Pull searches: a box taken off on a start cell stays there as a wall
    /// (`Features::base_walls`).
    pub(crate) base_walls: bool,
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
    /// XOR of the area keys of the cut tree's cells in discovery order, prefixed
    /// (`prefix[t]` covers the first `t` cells): any run's key in two loads.
    prefix: Vec<u64>,
}

/// The areas of free cells of a position: how many, and the key of the pusher's
/// (the XOR of its cells' keys), which stands for where the pusher is in a hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Areas {
    pub(crate) count: u16,
    pub(crate) key: u64,
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
            base_walls: false,
            bases: Vec::new(),
            label: PerCell::filled(0, len),
            stamp: PerCell::filled(0, len),
            generation: 0,
            stack: Vec::new(),
            cuts: CutTree::default(),
            visited: vec![0; len * 8],
            visit_stamp: 0,
            queue: Vec::new(),
            prefix: Vec::new(),
        }
    }

    /// Sets the board to `boxes` and `bases` with the pusher on `pusher`.
    pub(crate) fn set(&mut self, boxes: &[Cell], bases: &[Cell], pusher: Cell) {
        for &cell in &self.boxes {
            self.has_box[cell] = false;
        }
        if self.base_walls {
            for &cell in &self.model.start_boxes {
                self.has_box[cell] = false;
            }
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
        if self.base_walls {
            // The start cells used up hold their boxes as walls.
            for &cell in &self.model.start_boxes {
                if !self.is_base[cell] {
                    self.has_box[cell] = true;
                }
            }
        }
        self.pusher = pusher;
    }

    /// Whether the box of `step`, a move onto a start cell that takes the box off
    /// the board, stays there as a wall.
    pub(crate) fn stays(&self, step: &BoxMove) -> bool {
        step.base && self.base_walls
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
            if self.stays(step) {
                self.has_box[step.to] = true;
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
            if self.stays(step) {
                self.has_box[step.to] = false;
            }
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

    /// Labels the regions of free cells; returns how many there are and the key of
    /// the pusher's region.
    pub(crate) fn regions(&mut self) -> Areas {
        let generation = self.next_generation();
        let model = self.model;
        let degree = self.degree;
        let mut count = 0_u32;
        let mut pusher_key = 0;
        for &cell in model.floor.iter() {
            let c = cell;
            if self.stamp[c] == generation || self.has_box[c] {
                continue;
            }
            let mut holds_pusher = false;
            let mut key = 0;
            self.stamp[c] = generation;
            self.label[c] = count;
            self.stack.clear();
            self.stack.push(cell);
            while let Some(current) = self.stack.pop() {
                holds_pusher |= current == self.pusher;
                key ^= model.pusher_keys[current];
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
                pusher_key = key;
            }
            count += 1;
        }
        Areas {
            count: count.min(u32::from(u16::MAX)) as u16,
            key: pusher_key,
        }
    }

    /// Indexes the cut tree [`Board::box_moves`] built last (the floor with its box
    /// lifted) for [`Board::areas_after`].
    pub(crate) fn index_areas(&mut self) {
        let keys = &self.model.pusher_keys;
        self.prefix.clear();
        self.prefix.push(0);
        let mut key = 0;
        for &cell in self.cuts.order() {
            key ^= keys[cell];
            self.prefix.push(key);
        }
    }

    /// The key of the cells discovered from `first` to `last`.
    #[inline]
    fn key_between(&self, (first, last): (u32, u32)) -> u64 {
        self.prefix[last as usize + 1] ^ self.prefix[first as usize]
    }

    /// The areas of the position `step` leads to, without a flood fill: `step` is a
    /// move of the box [`Board::box_moves`] last moved and [`Board::index_areas`]
    /// has indexed its cut tree. With the box lifted the floor has the cut tree's
    /// areas; the box set down on `to` splits its area into the sides of `to`.
    pub(crate) fn areas_after(&self, step: &BoxMove) -> Areas {
        let cuts = &self.cuts;
        let trees = cuts.tree_count() as u32;
        if step.base {
            // Taken off the board: the floor stays as the lifted box left it.
            return Areas {
                count: trees.min(u32::from(u16::MAX)) as u16,
                key: self.key_between(cuts.span_of(step.pusher)),
            };
        }
        let to = step.to;
        let separated = cuts.separated(to);
        let pieces = separated.len() as u32 + u32::from(!cuts.is_root(to));
        let count = (trees + pieces).saturating_sub(1);
        let side = usize::from(cuts.side_of(to, step.pusher));
        let key = match separated.get(side) {
            Some(&run) => self.key_between(run),
            None => {
                let mut key = self.key_between(cuts.span_of(to)) ^ self.model.pusher_keys[to];
                for &run in separated {
                    key ^= self.key_between(run);
                }
                key
            }
        };
        Areas {
            count: count.min(u32::from(u16::MAX)) as u16,
            key,
        }
    }

    /// [`Board::opens_new_moves`] for the position `step` leads to, answered from
    /// the cut tree as [`Board::areas_after`] is (the board itself unchanged).
    pub(crate) fn opens_after(&self, step: &BoxMove, before: &PerCell<bool>) -> bool {
        if step.base {
            return false;
        }
        let model = self.model;
        let cuts = &self.cuts;
        let (from, to, pusher) = (step.from, step.to, step.pusher);
        let has_box = |cell: Cell| cell == to || (cell != from && self.has_box[cell]);
        for &cell in &self.boxes {
            if cell == from {
                continue;
            }
            for &direction in model.directions {
                let Some(side) = model.neighbor(cell, direction) else {
                    continue;
                };
                if before[side]
                    || has_box(side)
                    || !cuts.is_open(side)
                    || !cuts.connected_without(to, side, pusher)
                {
                    continue;
                }
                let beyond = match self.way {
                    Way::Push => model.neighbor(cell, direction.opposite()),
                    Way::Pull => model.neighbor(side, direction),
                };
                if beyond.is_some_and(|beyond| !has_box(beyond)) {
                    return true;
                }
            }
        }
        false
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
    /// that box from there. The search asks [`Board::opens_after`]; this flood-fill
    /// form is its tests' reference.
    #[cfg(test)]
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
    fn regions_and_the_pusher_key() {
        let model = model("#######/#@ $ .#/#######");
        let mut board = Board::new(&model, Way::Push);
        board.set(&model.start_boxes, &[], model.start_pusher);
        let areas = board.regions();
        assert_eq!(areas.count, 2);
        // The pusher's area is the two cells left of the box.
        let left = model
            .neighbor(model.start_pusher, Direction::Right)
            .unwrap();
        assert_eq!(
            areas.key,
            model.pusher_keys[model.start_pusher] ^ model.pusher_keys[left]
        );
        // Any cell of the area gives the same key.
        board.set(&model.start_boxes, &[], left);
        assert_eq!(board.regions(), areas);
    }

    /// A board of `tessellation`, `width` x `height`, with walls, boxes and goals
    /// where a fixed sequence of numbers puts them (`None` when the model refuses
    /// it, e.g. for a box walled in where the pusher never comes).
    fn scattered(
        tessellation: Tessellation,
        width: usize,
        height: usize,
        seed: u64,
    ) -> Option<Model> {
        let mut state = seed;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        let mut puzzle = Puzzle::new(tessellation, width, height).unwrap();
        let mut free: Vec<usize> = Vec::new();
        for position in 0..width * height {
            if next() % 6 == 0 {
                puzzle.set(position, '#').unwrap();
            } else {
                free.push(position);
            }
        }
        let mut take = |next: &mut dyn FnMut() -> usize| free.swap_remove(next() % free.len());
        puzzle.set(take(&mut next), '@').unwrap();
        for _ in 0..4 {
            puzzle.set(take(&mut next), '$').unwrap();
            puzzle.set(take(&mut next), '.').unwrap();
        }
        Model::new(&puzzle, 1 << 30).ok()
    }

    /// The areas and "opens new moves" of every move, read off the cut tree, are
    /// those a flood fill of the position after the move finds, along a walk of
    /// moves, both ways, on every tessellation.
    #[test]
    fn areas_after_a_move_match_a_flood_fill() {
        let mut checked = 0;
        for tessellation in [
            Tessellation::Sokoban,
            Tessellation::Hexoban,
            Tessellation::Trioban,
            Tessellation::Octoban,
        ] {
            for seed in 0..12 {
                let Some(model) = scattered(tessellation, 9, 7, seed) else {
                    continue;
                };
                for way in [Way::Push, Way::Pull] {
                    let mut board = Board::new(&model, way);
                    match way {
                        Way::Push => board.set(&model.start_boxes, &[], model.start_pusher),
                        Way::Pull => {
                            let pusher = model
                                .floor
                                .iter()
                                .copied()
                                .find(|&cell| !model.board.is_goal(cell))
                                .unwrap();
                            board.set(&model.goals, &model.start_boxes, pusher);
                        }
                    }
                    for walk in 0..12_usize {
                        board.reach();
                        let before: PerCell<bool> = (0..model.board.cells_len())
                            .map(|cell| board.reached(Cell::from(cell)))
                            .collect();
                        let pusher = board.pusher;
                        let mut all = Vec::new();
                        for from in board.boxes.clone() {
                            let mut moves = Vec::new();
                            board.box_moves(from, |_, _| true, &mut moves);
                            board.index_areas();
                            let expected: Vec<(Areas, bool, Option<Areas>)> = moves
                                .iter()
                                .map(|step| {
                                    let base = BoxMove {
                                        base: true,
                                        ..*step
                                    };
                                    (
                                        board.areas_after(step),
                                        board.opens_after(step, &before),
                                        board
                                            .bases
                                            .contains(&step.to)
                                            .then(|| board.areas_after(&base)),
                                    )
                                })
                                .collect();
                            for (step, (placed, opens, removed)) in moves.iter().zip(expected) {
                                board.play(step);
                                assert_eq!(board.regions(), placed, "{tessellation} {step:?}");
                                assert_eq!(
                                    board.opens_new_moves(step.to, &before),
                                    opens,
                                    "{tessellation} {step:?}"
                                );
                                board.undo(step, pusher);
                                if let Some(removed) = removed {
                                    let base = BoxMove {
                                        base: true,
                                        ..*step
                                    };
                                    board.play(&base);
                                    assert_eq!(board.regions(), removed, "{tessellation}");
                                    board.undo(&base, pusher);
                                }
                                checked += 1;
                            }
                            all.extend(moves);
                        }
                        if all.is_empty() {
                            break;
                        }
                        let step = all[(walk * 7 + seed as usize) % all.len()];
                        board.play(&step);
                    }
                }
            }
        }
        assert!(checked > 1000, "only {checked} moves checked");
    }
}
