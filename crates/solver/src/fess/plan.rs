//! The packing plan: the order in which boxes are parked, read backwards off the
//! pull search ([`super::packing`]), and the *packed boxes* feature it defines.
//!
//! A plan is a list of steps, each "a box arrives on cell `to`". Its first steps
//! may be *initial*: cells that hold a box from the start of the plan. A step's box
//! may leave again later (a later step moves a box away from `to`): it is needed
//! only *until* then. A position's packed count is the length of the longest prefix
//! of the plan that its boxes agree with.

use crate::ids::Cell;

/// Where the box of a plan step comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// It stands on `to` when the plan starts.
    Initial,
    /// From a start cell of the level, any one.
    Anywhere,
    /// From this cell, where an earlier step put it.
    Cell(Cell),
}

/// One step of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    pub(crate) to: Cell,
    pub(crate) from: Source,
    /// The index of the later step that takes this box away again.
    pub(crate) until: Option<usize>,
}

/// A packing plan.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Plan {
    pub(crate) steps: Vec<Step>,
    /// How many steps at the front are initial.
    pub(crate) initial: usize,
    /// Whether the pull search took boxes off the board (else the plan is only an
    /// order of the goals).
    pub(crate) boxes_removed: bool,
}

impl Plan {
    /// A plan that fills `goals` in this order, every box from anywhere.
    pub(crate) fn from_goal_order(goals: &[Cell]) -> Plan {
        let steps = goals
            .iter()
            .map(|&to| Step {
                to,
                from: Source::Anywhere,
                until: None,
            })
            .collect();
        Plan {
            steps,
            initial: 0,
            boxes_removed: false,
        }
    }

    /// The plan of a pull search that ended with boxes on `remaining` after the
    /// pulls `pulls` (in the order the pull search made them; `(from, to, base)`:
    /// the box on `from` was pulled to `to`, and taken off there when `base`).
    /// Played backwards, each pull is a push from `to` to `from`; a box taken off
    /// came from a start cell.
    pub(crate) fn from_pulls(remaining: &[Cell], pulls: &[(Cell, Cell, bool)]) -> Plan {
        let mut steps: Vec<Step> = remaining
            .iter()
            .rev()
            .map(|&to| Step {
                to,
                from: Source::Initial,
                until: None,
            })
            .collect();
        for &(from, to, base) in pulls.iter().rev() {
            if from == to {
                continue;
            }
            steps.push(Step {
                to: from,
                from: if base {
                    Source::Anywhere
                } else {
                    Source::Cell(to)
                },
                until: None,
            });
        }
        let boxes_removed = pulls.iter().any(|&(_, _, base)| base);
        let mut plan = Plan {
            initial: remaining.len(),
            steps,
            boxes_removed,
        };
        plan.join_consecutive_moves();
        plan.mandatory_first();
        if !plan.boxes_removed {
            plan.keep_final_places();
        }
        plan
    }

    /// Which later step takes each step's box away again.
    fn recompute_until(&mut self) {
        let n = self.steps.len();
        for i in 0..n {
            let to = self.steps[i].to;
            self.steps[i].until = (i + 1..n).find(|&j| self.steps[j].from == Source::Cell(to));
        }
    }

    /// Merges a move into the move that carries the same box on at once (`a -> b`,
    /// `b -> c` becomes `a -> c`) and drops moves back to where they started.
    fn join_consecutive_moves(&mut self) {
        let mut i = self.initial;
        while i < self.steps.len() {
            let step = self.steps[i];
            if step.from == Source::Cell(step.to) {
                self.steps.remove(i);
                i = self.initial;
                continue;
            }
            if let Some(next) = self.steps.get(i + 1).copied() {
                if next.from == Source::Cell(step.to) {
                    self.steps[i].to = next.to;
                    self.steps.remove(i + 1);
                    i = self.initial;
                    continue;
                }
            }
            i += 1;
        }
        self.recompute_until();
    }

    /// Initial boxes that stay for good come first among the initial steps.
    fn mandatory_first(&mut self) {
        let initial = self.initial;
        let (mut mandatory, others): (Vec<Step>, Vec<Step>) = self.steps[..initial]
            .iter()
            .partition(|step| step.until.is_none());
        mandatory.extend(others);
        self.steps[..initial].copy_from_slice(&mandatory);
        self.recompute_until();
    }

    /// With every box still on the board the moves say little: keep only the final
    /// places, in order.
    fn keep_final_places(&mut self) {
        let initial = self.initial;
        let mut kept = Vec::new();
        let mut kept_initial = 0;
        for (index, step) in self.steps.iter().enumerate() {
            if step.until.is_none() {
                let mut step = *step;
                if index >= initial {
                    step.from = Source::Anywhere;
                } else {
                    kept_initial += 1;
                }
                kept.push(step);
            }
        }
        self.steps = kept;
        self.initial = kept_initial;
        self.recompute_until();
    }

    /// The packed count of a position whose boxes `has_box` tells: how many steps
    /// of the plan it agrees with, from the start.
    pub(crate) fn packed(&self, has_box: impl Fn(Cell) -> bool) -> u16 {
        let initial = self.initial;
        let has = |i: usize| has_box(self.steps[i].to);
        let mandatory_missing = (0..initial)
            .filter(|&i| self.steps[i].until.is_none())
            .any(|i| !has(i));
        if mandatory_missing {
            return (0..initial)
                .filter(|&i| self.steps[i].until.is_none() && has(i))
                .count() as u16;
        }
        let packed = self.prefix(&has);
        let good_initial = (0..initial)
            .filter(|&i| has(i) || self.steps[i].until.is_none_or(|until| until < packed))
            .count();
        (packed - (initial - good_initial)) as u16
    }

    /// The longest prefix consistent with the boxes, before the initial steps are
    /// accounted for.
    fn prefix(&self, has: &impl Fn(usize) -> bool) -> usize {
        let mut packed = self.steps.len();
        for i in (self.initial..self.steps.len()).rev() {
            if has(i) {
                continue;
            }
            match self.steps[i].until {
                None => packed = i,
                Some(until) if until >= packed => packed = i,
                Some(_) => {}
            }
        }
        packed
    }

    /// The cell the next step of the plan fills, when every initial box that stays
    /// is in place; `None` when the plan is complete or cannot go on.
    pub(crate) fn next_place(&self, has_box: impl Fn(Cell) -> bool) -> Option<Cell> {
        let has = |i: usize| has_box(self.steps[i].to);
        let mandatory_missing = (0..self.initial)
            .filter(|&i| self.steps[i].until.is_none())
            .any(|i| !has(i));
        if mandatory_missing {
            return None;
        }
        let packed = self.prefix(&has);
        self.steps.get(packed).map(|step| step.to)
    }

    /// The cells the steps up to and including `step` leave boxes on for good.
    pub(crate) fn parked_through(&self, step: usize) -> impl Iterator<Item = Cell> + '_ {
        self.steps[..=step.min(self.steps.len().saturating_sub(1))]
            .iter()
            .filter(|s| s.until.is_none())
            .map(|s| s.to)
    }

    /// The cells the steps after `step` fill.
    pub(crate) fn targets_after(&self, step: usize) -> impl Iterator<Item = Cell> + '_ {
        self.steps
            .iter()
            .skip(step + 1)
            .map(|s| s.to)
            .filter(|&to| !to.is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cell `index`.
    const fn c(index: u32) -> Cell {
        Cell::new(index)
    }

    #[test]
    fn a_goal_order_packs_its_prefix() {
        let plan = Plan::from_goal_order(&[c(5), c(6), c(7)]);
        assert_eq!(plan.packed(|cell| cell == c(5)), 1);
        assert_eq!(plan.packed(|cell| cell == c(6)), 0);
        assert_eq!(plan.packed(|cell| cell == c(5) || cell == c(6)), 2);
        assert_eq!(plan.packed(|_| true), 3);
        assert_eq!(plan.next_place(|cell| cell == c(5)), Some(c(6)));
        assert_eq!(plan.next_place(|_| true), None);
    }

    #[test]
    fn pulls_read_backwards() {
        // The pull search pulled a box from goal 10 to 11, then from 11 to 12 and
        // took it off there (a start cell); a box stays on 20.
        let plan = Plan::from_pulls(&[c(20)], &[(c(10), c(11), false), (c(11), c(12), true)]);
        assert!(plan.boxes_removed);
        assert_eq!(plan.initial, 1);
        // Forward: 20 stands; a box comes from a start cell onto 11, then onto 10;
        // the two moves join into one.
        let tos: Vec<Cell> = plan.steps.iter().map(|s| s.to).collect();
        assert_eq!(tos, [c(20), c(10)]);
        assert_eq!(plan.packed(|cell| cell == c(20)), 1);
        assert_eq!(plan.packed(|cell| cell == c(20) || cell == c(10)), 2);
        // Without the initial box nothing counts.
        assert_eq!(plan.packed(|cell| cell == c(10)), 0);
    }

    #[test]
    fn a_box_that_leaves_again_is_needed_only_until_then() {
        let plan = Plan {
            steps: vec![
                Step {
                    to: c(1),
                    from: Source::Anywhere,
                    until: Some(2),
                },
                Step {
                    to: c(2),
                    from: Source::Anywhere,
                    until: None,
                },
                Step {
                    to: c(3),
                    from: Source::Cell(c(1)),
                    until: None,
                },
            ],
            initial: 0,
            boxes_removed: true,
        };
        assert_eq!(plan.packed(|cell| cell == c(1)), 1);
        assert_eq!(plan.packed(|cell| cell == c(1) || cell == c(2)), 2);
        // Box 1 moved on to 3: all three steps are done.
        assert_eq!(plan.packed(|cell| cell == c(2) || cell == c(3)), 3);
    }
}
