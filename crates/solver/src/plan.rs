//! A packing plan for all goals: an order in which the goals can be filled, each new
//! box pushed in with the earlier ones in place.
//!
//! It is found backwards from the solved position: with every goal filled and the
//! pusher in its area, boxes are pulled away one at a time until they stand clear
//! of the goals still filled (on a cell that is no goal and touches none), and are
//! then taken off the board. The box with the shortest way out goes first; the
//! reverse of the order in which they leave is the plan. Goal rooms get the same
//! treatment in [`crate::rooms`]; the plan covers levels whose goals have no
//! single-door room.

use sokoengine_board::Position;

use crate::ids::{Cell, PerCell};
use crate::model::Model;
use crate::rooms::PullSearch;
use crate::store::{FastSet, fast_set};

/// Backward pull searches one plan may make before giving up.
const PLAN_BUDGET: usize = 20_000;

/// The backward search for a plan, with backtracking.
struct Planner<'m> {
    model: &'m Model,
    position: Position,
    filled: PerCell<bool>,
    search: PullSearch,
    /// Sets of goals still filled from which no order was found.
    failed: FastSet<Vec<Cell>>,
    budget: usize,
    /// Goals taken out so far, in order.
    removed: Vec<Cell>,
}

impl Planner<'_> {
    /// Takes out every goal of `left` (sorted on return as given), trying the boxes
    /// with the shortest way out first; whether it succeeded.
    fn take_out(&mut self, left: &mut Vec<Cell>) -> bool {
        if left.is_empty() {
            return true;
        }
        let mut key = left.clone();
        key.sort_unstable();
        if self.failed.contains(&key) {
            return false;
        }
        let mut candidates = Vec::new();
        for &goal in left.iter() {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let (model, filled) = (self.model, &self.filled);
            let clear = |cell: Cell| {
                !filled[cell]
                    && model.directions.iter().all(|&direction| {
                        model
                            .neighbor(cell, direction)
                            .is_none_or(|next| next == goal || !filled[next])
                    })
            };
            let out = |next: Cell, _beyond: Cell| clear(next);
            if let Some(pulls) = self
                .search
                .pulls_out(model, &mut self.position, goal, out, |_| true)
            {
                candidates.push((pulls, goal));
            }
        }
        candidates.sort_unstable();
        for (_, goal) in candidates {
            let index = left.iter().position(|&g| g == goal).unwrap_or(0);
            left.swap_remove(index);
            self.position.remove_box(goal);
            self.filled[goal] = false;
            self.removed.push(goal);
            if self.take_out(left) {
                return true;
            }
            self.removed.pop();
            self.filled[goal] = true;
            let _ = self.position.put_box(goal);
            left.push(goal);
            if self.budget == 0 {
                return false;
            }
        }
        self.failed.insert(key);
        false
    }
}

/// The packing plan of a level.
#[derive(Debug, Clone)]
pub(crate) struct PackingPlan {
    /// Goals in the order they are filled.
    pub(crate) order: Vec<Cell>,
}

impl PackingPlan {
    /// The plan of `model`, or `None` when the backward search finds no order
    /// within its budget.
    pub(crate) fn new(model: &Model) -> Option<PackingPlan> {
        let len = model.board.cells_len();
        let is_goal = |cell: Cell| model.board.is_goal(cell);
        // The pusher of the solved position: where it starts, else in each other area
        // the filled goals leave free, largest first.
        let mut starts: Vec<Cell> = Vec::new();
        let mut area = PerCell::filled(false, len);
        let mut areas: Vec<(usize, Cell)> = Vec::new();
        for cell in std::iter::once(model.start_pusher).chain(model.floor.iter().copied()) {
            if is_goal(cell) || area[cell] {
                continue;
            }
            let mut stack = vec![cell];
            area[cell] = true;
            let mut size = 0;
            while let Some(current) = stack.pop() {
                size += 1;
                for &direction in model.directions {
                    let Some(next) = model.neighbor(current, direction) else {
                        continue;
                    };
                    if !is_goal(next) && !area[next] {
                        area[next] = true;
                        stack.push(next);
                    }
                }
            }
            if cell == model.start_pusher {
                starts.push(cell);
            } else {
                areas.push((size, cell));
            }
        }
        areas.sort_unstable_by_key(|&(size, cell)| (std::cmp::Reverse(size), cell));
        starts.extend(areas.into_iter().map(|(_, cell)| cell));
        let mut budget = PLAN_BUDGET;
        for pusher in starts {
            let mut position = model.empty_position();
            let _ = position.set_pusher(pusher);
            for &goal in &model.goals {
                position.put_box(goal).ok()?;
            }
            let mut planner = Planner {
                model,
                position,
                filled: model.goals.iter().fold(
                    PerCell::filled(false, len),
                    |mut filled, &goal| {
                        filled[goal] = true;
                        filled
                    },
                ),
                search: PullSearch::new(len),
                failed: fast_set(),
                budget,
                removed: Vec::with_capacity(model.goals.len()),
            };
            let mut left = model.goals.clone();
            if planner.take_out(&mut left) {
                let mut order = planner.removed;
                order.reverse();
                return Some(PackingPlan { order });
            }
            budget = planner.budget;
            if budget == 0 {
                break;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_board::Puzzle;
    use sokoengine_geometry::Tessellation;

    #[test]
    fn a_dead_end_of_goals_is_filled_from_the_far_end() {
        let text = "########/#@ $$$ #/#  #####/#  ...#/#######";
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
        let model = Model::new(&puzzle, 1 << 30).unwrap();
        let plan = PackingPlan::new(&model).unwrap();
        let order: Vec<usize> = plan
            .order
            .iter()
            .map(|&goal| model.board.board_position(goal).index())
            .collect();
        // Row 3 holds the goals at x = 3, 4, 5; the corridor opens on the left.
        assert_eq!(order, [8 * 3 + 5, 8 * 3 + 4, 8 * 3 + 3]);
    }

    #[test]
    fn a_plan_from_another_area() {
        // Microban 139: with the pusher below the door, taking out the two goals in
        // front of it shuts the pusher out of the others; with the pusher in the
        // area left of the goals an order exists.
        let text = "-####-----------\n##--####--------\n#---...#--------\n#---...#--------\n#---#-##--------\n#---#@-####-####\n#####-$---###--#\n----#--##$-$---#\n---###-----$$--#\n---#-$--##---###\n---#----######--\n---######-------";
        let puzzle = Puzzle::parse(Tessellation::Sokoban, text).unwrap();
        let model = Model::new(&puzzle, 1 << 30).unwrap();
        let plan = PackingPlan::new(&model).expect("an order exists");
        assert_eq!(plan.order.len(), 6);
    }
}
