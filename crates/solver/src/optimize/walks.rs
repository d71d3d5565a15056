//! The pusher's best walks inside one box configuration, for the whole metric tuple.
//!
//! A walk between two pushes changes only two metrics: moves (its length) and
//! player lines (its turns, counting the first step against the previous step's
//! direction and the push against the last step's). For every cell and arrival
//! direction the tables keep the best (length, turns) pair in the order the metric
//! ordering ranks moves and player lines, so the walk to the cell behind a box is
//! the best one for every metric at once.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use sokoengine_board::Position;
use sokoengine_geometry::Direction;

use crate::ids::{Cell, PerCell};
use crate::model::Model;

/// Not a best arrival.
const UNSET: u16 = u16::MAX;
/// No direction (the path's start, or the empty path).
pub(crate) const NO_DIRECTION: u8 = 8;

/// The index of the state (`cell`, arrival direction `direction`) in the tables of
/// eight states per cell.
#[inline(always)]
const fn state(cell: Cell, direction: u8) -> usize {
    cell.index() * 8 + direction as usize
}

/// Which of moves and player lines the ordering ranks first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WalkOrder {
    /// Shortest walks, fewest turns among them.
    MovesFirst,
    /// Fewest turns, shortest among them.
    TurnsFirst,
}

/// The best way to stand behind a box, ready to push it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Arrival {
    /// Steps of the walk.
    pub(crate) len: u32,
    /// Player lines the walk adds (not counting the push).
    pub(crate) turns: u32,
    /// Direction of the walk's last step, `NO_DIRECTION` for the empty walk.
    pub(crate) direction: u8,
}

/// Best walks from one start cell (with the direction of the step before it), over
/// (cell, arrival direction) states. Reused between configurations: a cell's
/// states are valid when its stamp is the current generation.
#[derive(Debug)]
pub(crate) struct Walks {
    /// Per `cell * 8 + direction`: turns of the best walk arriving that way.
    turns: Vec<u16>,
    /// Per state: its length.
    len: Vec<u32>,
    /// Per state: the previous cell and its arrival direction.
    pred: Vec<Cell>,
    pred_direction: Vec<u8>,
    /// Per cell: the generation that reached it, and its distance.
    stamp: PerCell<u32>,
    distance: PerCell<u32>,
    generation: u32,
    queue: Vec<Cell>,
    start: Cell,
    start_direction: u8,
    heap: BinaryHeap<Reverse<(u32, u32, Cell, u8)>>,
}

impl Walks {
    /// Tables for a board of `cells` cells.
    pub(crate) fn new(cells: usize) -> Walks {
        Walks {
            turns: vec![UNSET; cells * 8],
            len: vec![0; cells * 8],
            pred: vec![Cell::NONE; cells * 8],
            pred_direction: vec![NO_DIRECTION; cells * 8],
            stamp: PerCell::filled(0, cells),
            distance: PerCell::filled(0, cells),
            generation: 0,
            queue: Vec::new(),
            start: Cell::NONE,
            start_direction: NO_DIRECTION,
            heap: BinaryHeap::new(),
        }
    }

    /// Bytes of the tables.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.turns.len() * (2 + 4 + 4 + 1) + self.stamp.len() * 8 + self.queue.capacity() * 4
    }

    /// Marks `cell` reached in this generation, with no arrival yet.
    #[inline]
    fn discover(&mut self, cell: Cell, distance: u32) {
        self.stamp[cell] = self.generation;
        self.distance[cell] = distance;
        let base = state(cell, 0);
        self.turns[base..base + 8].fill(UNSET);
    }

    #[inline]
    fn reached(&self, cell: Cell) -> bool {
        self.stamp[cell] == self.generation
    }

    /// Fills the tables for walks on `position` from `start`, the previous step
    /// having gone in direction `start_direction` (`NO_DIRECTION` at the path's
    /// start).
    pub(crate) fn fill(
        &mut self,
        model: &Model,
        position: &Position,
        start: Cell,
        start_direction: u8,
        order: WalkOrder,
    ) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.start = start;
        self.start_direction = start_direction;
        self.discover(start, 0);
        match order {
            WalkOrder::MovesFirst => self.fill_moves_first(model, position),
            WalkOrder::TurnsFirst => self.fill_turns_first(model, position),
        }
    }

    /// Breadth-first: every shortest arrival at each cell. A cell's arrivals are
    /// final when it leaves the queue (its predecessors lie one layer closer), so
    /// turns are relaxed forward in the same pass.
    fn fill_moves_first(&mut self, model: &Model, position: &Position) {
        self.queue.clear();
        self.queue.push(self.start);
        let mut next = 0;
        while let Some(&cell) = self.queue.get(next) {
            next += 1;
            let distance = self.distance[cell];
            let base = state(cell, 0);
            // The fewest turns of the arrivals, and the arrival that has them.
            let (best, best_direction) = if cell == self.start {
                (0, self.start_direction)
            } else {
                self.best_state(base, model)
            };
            for &direction in model.directions {
                let Some(neighbor) = model.neighbor(cell, direction) else {
                    continue;
                };
                if position.has_box(neighbor) {
                    continue;
                }
                if !self.reached(neighbor) {
                    self.discover(neighbor, distance + 1);
                    self.queue.push(neighbor);
                } else if self.distance[neighbor] != distance + 1 {
                    continue;
                }
                let d = direction.index() as u8;
                // Going on straight costs no turn; otherwise the best arrival plus one.
                let straight = if cell == self.start {
                    if self.start_direction == d { 0 } else { UNSET }
                } else {
                    self.turns[base + d as usize]
                };
                let (turns, from) = if straight <= best {
                    (straight, d)
                } else {
                    (best + 1, best_direction)
                };
                let state = state(neighbor, d);
                if turns < self.turns[state] {
                    self.turns[state] = turns;
                    self.len[state] = distance + 1;
                    self.pred[state] = cell;
                    self.pred_direction[state] = from;
                }
            }
        }
    }

    /// The fewest turns over the arrivals of a cell (and the arrival direction).
    #[inline]
    fn best_state(&self, base: usize, model: &Model) -> (u16, u8) {
        let mut best = (UNSET, NO_DIRECTION);
        for &direction in model.directions {
            let turns = self.turns[base + direction.index()];
            if turns < best.0 {
                best = (turns, direction.index() as u8);
            }
        }
        best
    }

    /// Dijkstra over (cell, arrival direction) with (turns, length) costs.
    fn fill_turns_first(&mut self, model: &Model, position: &Position) {
        self.heap.clear();
        self.heap
            .push(Reverse((0, 0, self.start, self.start_direction)));
        let mut start_done = false;
        while let Some(Reverse((turns, len, cell, arrived))) = self.heap.pop() {
            if cell == self.start {
                if start_done {
                    continue;
                }
                start_done = true;
            } else {
                let state = state(cell, arrived);
                if u32::from(self.turns[state]) != turns || self.len[state] != len {
                    continue;
                }
            }
            for &direction in model.directions {
                let Some(next) = model.neighbor(cell, direction) else {
                    continue;
                };
                if position.has_box(next) || next == self.start {
                    continue;
                }
                let d = direction.index() as u8;
                let next_turns = turns + u32::from(arrived != d);
                if next_turns >= u32::from(UNSET) {
                    continue;
                }
                let next_len = len + 1;
                if !self.reached(next) {
                    self.discover(next, next_len);
                }
                let state = state(next, d);
                let known = (u32::from(self.turns[state]), self.len[state]);
                if self.turns[state] == UNSET || (next_turns, next_len) < known {
                    self.turns[state] = next_turns as u16;
                    self.len[state] = next_len;
                    self.pred[state] = cell;
                    self.pred_direction[state] = arrived;
                    self.heap.push(Reverse((next_turns, next_len, next, d)));
                }
            }
        }
    }

    /// The best walk to `cell` for a push in `push` right after it, or `None` when
    /// the pusher cannot get there.
    #[inline]
    pub(crate) fn arrival(&self, cell: Cell, push: Direction, order: WalkOrder) -> Option<Arrival> {
        if cell == self.start {
            return Some(Arrival {
                len: 0,
                turns: 0,
                direction: NO_DIRECTION,
            });
        }
        if !self.reached(cell) {
            return None;
        }
        let base = state(cell, 0);
        let push = push.index() as u8;
        let mut best: Option<(u32, u32, Arrival)> = None;
        for (direction, &turns) in self.turns[base..base + 8].iter().enumerate() {
            if turns == UNSET {
                continue;
            }
            let len = self.len[base + direction];
            let turns = u32::from(turns);
            let total = turns + u32::from(direction as u8 != push);
            let key = match order {
                WalkOrder::MovesFirst => (len, total),
                WalkOrder::TurnsFirst => (total, len),
            };
            if best.is_none_or(|(a, b, _)| key < (a, b)) {
                best = Some((
                    key.0,
                    key.1,
                    Arrival {
                        len,
                        turns,
                        direction: direction as u8,
                    },
                ));
            }
        }
        best.map(|(_, _, arrival)| arrival)
    }

    /// Appends the steps of the walk of `arrival` to `cell` (from the last fill).
    pub(crate) fn path(&self, cell: Cell, arrival: Arrival, steps: &mut Vec<Direction>) {
        if arrival.direction == NO_DIRECTION {
            return;
        }
        let start = steps.len();
        let (mut cell, mut direction) = (cell, arrival.direction);
        while cell != self.start {
            let state = state(cell, direction);
            steps.push(Direction::ALL[direction as usize]);
            let previous = self.pred[state];
            direction = self.pred_direction[state];
            cell = previous;
        }
        steps[start..].reverse();
    }
}
