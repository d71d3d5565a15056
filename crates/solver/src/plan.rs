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

use crate::model::{Model, NONE};
use crate::rooms::PullSearch;

/// The packing plan of a level.
#[derive(Debug, Clone)]
pub(crate) struct PackingPlan {
    /// Goals in the order they are filled.
    pub(crate) order: Vec<u32>,
}

impl PackingPlan {
    /// The plan of `model`, or `None` when the backward search gets stuck.
    pub(crate) fn new(model: &Model) -> Option<PackingPlan> {
        let len = model.board.cells_len();
        let mut filled = vec![false; len];
        for &goal in &model.goals {
            filled[goal as usize] = true;
        }
        let mut position = model.empty_position();
        // The pusher starts where it starts, or next to it when that is a goal.
        let pusher = std::iter::once(model.start_pusher)
            .chain(model.floor.iter().copied())
            .find(|&cell| !filled[cell as usize])?;
        let _ = position.set_pusher(pusher as usize);
        for &goal in &model.goals {
            position.put_box(goal as usize).ok()?;
        }
        let mut search = PullSearch::new(len);
        let mut left: Vec<u32> = model.goals.clone();
        let mut removed = Vec::with_capacity(left.len());
        while !left.is_empty() {
            let mut best: Option<(usize, usize)> = None;
            for (index, &goal) in left.iter().enumerate() {
                let clear = |cell: u32| {
                    !filled[cell as usize]
                        && model.directions.iter().all(|&direction| {
                            let next = model.neighbor(cell, direction);
                            next == NONE || next == goal || !filled[next as usize]
                        })
                };
                let out = |next: u32, _beyond: u32| clear(next);
                let pulls = search.pulls_out(model, &mut position, goal, out, |_| true);
                if let Some(pulls) = pulls {
                    if best.is_none_or(|(_, fewest)| pulls < fewest) {
                        best = Some((index, pulls));
                    }
                }
            }
            let (index, _) = best?;
            let goal = left.swap_remove(index);
            position.remove_box(goal as usize);
            filled[goal as usize] = false;
            removed.push(goal);
        }
        removed.reverse();
        Some(PackingPlan { order: removed })
    }

    /// How many goals of the plan are filled in order from its start: the packing
    /// feature of a position whose boxes `has_box` tells.
    pub(crate) fn packed(&self, has_box: impl Fn(u32) -> bool) -> usize {
        self.order.iter().take_while(|&&goal| has_box(goal)).count()
    }

    /// The next goal to fill, if any.
    pub(crate) fn next_goal(&self, has_box: impl Fn(u32) -> bool) -> Option<u32> {
        self.order.iter().copied().find(|&goal| !has_box(goal))
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
            .map(|&goal| model.board.board_position(goal as usize))
            .collect();
        // Row 3 holds the goals at x = 3, 4, 5; the corridor opens on the left.
        assert_eq!(order, [8 * 3 + 5, 8 * 3 + 4, 8 * 3 + 3]);
    }
}
