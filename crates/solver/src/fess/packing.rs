//! The pull search that finds the packing plan: from the solved positions (every
//! goal filled, the pusher in each area the goals leave free), boxes are pulled
//! back toward the start; a box pulled onto a start cell not used up yet may be
//! taken off the board there, which uses the start cell up. The search aims at
//! fewer boxes on the board, then fewer areas, fewer boxes on goals, fewer blocked
//! room links and boxes further from the goals; its best position, read backwards,
//! is the plan ([`Plan::from_pulls`]).

use std::time::Duration;

use super::board::{Board, Way};
use super::plan::Plan;
use super::score::Scorer;
use super::{Outcome, Search, Shared};
use crate::clock::Clock;
use crate::config::Features;
use crate::ids::{Cell, PerCell};
use crate::model::Model;

/// The pull search and what it found.
#[derive(Debug)]
pub(crate) struct Packing<'m> {
    pub(crate) search: Search<'m>,
    model: &'m Model,
    /// Set once the search has taken every box off the board.
    pub(crate) finished: bool,
    /// Set once the roots (the solved positions) are in.
    started: bool,
}

impl<'m> Packing<'m> {
    /// A pull search of `model` within `budget` bytes.
    pub(crate) fn new(
        model: &'m Model,
        shared: &'m Shared,
        features: Features,
        budget: usize,
    ) -> Packing<'m> {
        let scorer = Scorer::new(
            model,
            Way::Pull,
            shared.rooms.clone(),
            Default::default(),
            None,
        );
        let mut search = Search::new(model, shared, scorer, features, budget);
        // With taken-off boxes as walls the search may never take every box off:
        // it then ends once it stops taking boxes off, so that the push phase does
        // not wait for the rest of the pull phase's time.
        if search.board.base_walls {
            search.stall_limit = Some(PULL_STALL);
        }
        Packing {
            search,
            model,
            finished: false,
            started: false,
        }
    }

    /// Runs until every box is off the board, the search runs dry, or `clock`
    /// passes `until` (then `None`).
    pub(crate) fn resume(
        &mut self,
        clock: &mut Clock<'_>,
        until: Option<Duration>,
    ) -> Option<Outcome> {
        if self.finished {
            return Some(Outcome::Exhausted);
        }
        if !self.started {
            // The roots' moves are generated here, under the clock: on a huge board
            // that alone can take seconds.
            self.started = true;
            self.search.deadline = clock.deadline();
            for pusher in solved_areas(self.model) {
                let _ = self
                    .search
                    .add_root(&self.model.goals, &self.model.start_boxes, pusher);
            }
        }
        let outcome = self.search.resume(clock, until, None);
        if let Some(Outcome::Solved(_) | Outcome::Exhausted) = outcome {
            self.finished = true;
        }
        outcome
    }

    /// The plan read off the best position so far; `None` when the search made no
    /// pull at all.
    pub(crate) fn plan(&self) -> Option<Plan> {
        let best = self.search.best;
        if best.is_none() {
            return None;
        }
        let tree = &self.search.tree;
        let expansion = &tree.expansions[best];
        let pulls: Vec<(Cell, Cell, bool)> = self
            .search
            .moves_to(best)
            .iter()
            .map(|step| (step.from, step.to, step.base))
            .collect();
        if pulls.is_empty() {
            return None;
        }
        let remaining = tree.boxes_of(expansion).to_vec();
        let plan = Plan::from_pulls(&remaining, &pulls);
        (plan.steps.len() == self.model.goals.len() || plan.boxes_removed).then_some(plan)
    }
}

/// Whether at least three boxes in four of `model` start on goals: then the start
/// cells are mostly goals, and a pull search that frees the start cells it uses
/// up empties the goals through cells that, played forwards, still hold their
/// start boxes (docs/solver.md, "The boards not solved"). Only such levels get
/// base walls (`Features::base_walls`); on XSokoban #48, with 18 of its 34 boxes
/// on goals, they lose the level.
pub(crate) fn starts_packed(model: &Model) -> bool {
    let on_goals = model
        .start_boxes
        .iter()
        .filter(|&&cell| model.board.is_goal(cell))
        .count();
    4 * on_goals >= 3 * model.start_boxes.len()
}

/// Pull expansions that take no further box off the board after which a pull
/// search with taken-off boxes as walls ends.
const PULL_STALL: u64 = 1_000;

/// The start cells left on `board` that may be used up: the largest group of them
/// (all groups of the largest size) whose members reach one another by pushes, with
/// the boxes on the board as walls.
pub(crate) fn elimination_bases(board: &Board<'_>) -> Vec<Cell> {
    let model = board.model;
    let bases = &board.bases;
    let n = bases.len();
    if n == 0 {
        return Vec::new();
    }
    let len = model.board.cells_len();
    // Pushes from each base over (cell, pusher side), the boxes on the board as
    // walls.
    let mut cut = crate::cut::CutTree::default();
    let first = bases
        .iter()
        .copied()
        .find(|&cell| !board.has_box(cell))
        .unwrap_or(Cell::NONE);
    cut.build(model, first, |cell| board.has_box(cell));
    let mut reaches = vec![false; n * n];
    let mut seen = PerCell::filled(0_u8, len);
    let mut queue: Vec<(Cell, u8)> = Vec::new();
    for (i, &start) in bases.iter().enumerate() {
        if !cut.is_open(start) {
            reaches[i * n + i] = true;
            continue;
        }
        seen.fill(0);
        queue.clear();
        for side in 0..cut.side_count(start).min(8) {
            seen[start] |= 1 << side;
            queue.push((start, side));
        }
        let mut next = 0;
        while let Some(&(cell, side)) = queue.get(next) {
            next += 1;
            for &direction in model.directions {
                let (Some(stand), Some(to)) = (
                    model.neighbor(cell, direction.opposite()),
                    model.neighbor(cell, direction),
                ) else {
                    continue;
                };
                if !cut.is_open(stand) || !cut.is_open(to) || cut.side_of(cell, stand) != side {
                    continue;
                }
                let to_side = cut.side_of(to, cell).min(7);
                if seen[to] & (1 << to_side) == 0 {
                    seen[to] |= 1 << to_side;
                    queue.push((to, to_side));
                }
            }
        }
        for (j, &other) in bases.iter().enumerate() {
            reaches[i * n + j] = seen[other] != 0;
        }
    }
    // Groups of bases that reach each other both ways (union of mutual pairs).
    let mut group: Vec<usize> = (0..n).collect();
    fn root(group: &mut [usize], mut i: usize) -> usize {
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    for i in 0..n {
        for j in i + 1..n {
            if reaches[i * n + j] && reaches[j * n + i] {
                let (a, b) = (root(&mut group, i), root(&mut group, j));
                group[a] = b;
            }
        }
    }
    let mut size = vec![0; n];
    for i in 0..n {
        let r = root(&mut group, i);
        size[r] += 1;
    }
    let largest = size.iter().copied().max().unwrap_or(0);
    (0..n)
        .filter(|&i| size[root(&mut group, i)] == largest)
        .map(|i| bases[i])
        .collect()
}

/// One cell of each area the pusher can be in when every goal is filled.
fn solved_areas(model: &Model) -> Vec<Cell> {
    let len = model.board.cells_len();
    let mut seen = PerCell::filled(false, len);
    let mut starts = Vec::new();
    for &cell in &model.floor {
        if model.board.is_goal(cell) || seen[cell] {
            continue;
        }
        starts.push(cell);
        let mut stack = vec![cell];
        seen[cell] = true;
        while let Some(current) = stack.pop() {
            for &direction in model.directions {
                let Some(next) = model.neighbor(current, direction) else {
                    continue;
                };
                if !seen[next] && !model.board.is_goal(next) {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    starts
}
