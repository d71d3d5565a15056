//! Advisors: for a newly expanded position, each advisor names at most one move,
//! the one that best improves the feature it looks after. Advised moves cost
//! nothing; every other move costs one. So a chain of advice is followed at once,
//! and every other move still gets its turn later.

use super::board::{Board, BoxMove, Way};
use super::score::{Score, Scorer};
use crate::ids::{Cell, PerCell};
use crate::model::INF;

/// What the advisors see of one move: the move and the score it leads to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Candidate {
    pub(crate) step: BoxMove,
    pub(crate) score: Score,
    /// After the move the pusher can push (or pull) a box that did not move from a
    /// side it could not reach before.
    pub(crate) opens: bool,
}

/// Tables the advisors share.
#[derive(Debug, Clone, Default)]
pub(crate) struct AdvisorTables {
    /// `movable[a * cells + b]` (dense ids): a box on `a` can be pushed to `b` on
    /// the empty board; empty on large boards.
    movable: Vec<u64>,
    cells: usize,
    /// Per cell: a goal at the end of a dead end of goals (filled first, emptied
    /// last).
    pub(crate) hole: PerCell<bool>,
}

/// Boards with more floor cells than this get no reversibility table.
const MOVABLE_MAX_CELLS: usize = 2_048;

impl AdvisorTables {
    pub(crate) fn new(model: &crate::model::Model) -> AdvisorTables {
        let cells = model.floor.len();
        let hole = goal_holes(model);
        if cells > MOVABLE_MAX_CELLS {
            return AdvisorTables {
                hole,
                ..AdvisorTables::default()
            };
        }
        let words = cells.div_ceil(64);
        let mut movable = vec![0_u64; cells * words];
        let mut stack = Vec::new();
        let mut seen = PerCell::filled(false, model.board.cells_len());
        for (id, &start) in model.floor.iter().enumerate() {
            seen.fill(false);
            seen[start] = true;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                let dense = model.dense_id(cell).index();
                movable[id * words + dense / 64] |= 1 << (dense % 64);
                for &direction in model.directions {
                    let (Some(to), Some(_)) = (
                        model.neighbor(cell, direction),
                        model.neighbor(cell, direction.opposite()),
                    ) else {
                        continue;
                    };
                    if !seen[to] {
                        seen[to] = true;
                        stack.push(to);
                    }
                }
            }
        }
        AdvisorTables {
            movable,
            cells,
            hole,
        }
    }

    /// Whether a box pushed from `from` to `to` could be pushed back (on the empty
    /// board); `true` when the table is not kept.
    fn reversible(&self, model: &crate::model::Model, from: Cell, to: Cell) -> bool {
        if self.cells == 0 {
            return true;
        }
        let words = self.cells.div_ceil(64);
        let a = model.dense_id(to).index();
        let b = model.dense_id(from).index();
        self.movable[a * words + b / 64] & (1 << (b % 64)) != 0
    }
}

/// Goals at the end of dead ends: a goal with one open neighbour, then again with
/// those goals taken as walls.
fn goal_holes(model: &crate::model::Model) -> PerCell<bool> {
    let mut hole = PerCell::filled(false, model.board.cells_len());
    loop {
        let mut changed = false;
        for &goal in &model.goals {
            if hole[goal] {
                continue;
            }
            let open = model
                .directions
                .iter()
                .filter(|&&direction| {
                    model
                        .neighbor(goal, direction)
                        .is_some_and(|next| !hole[next])
                })
                .count();
            if open == 1 {
                hole[goal] = true;
                changed = true;
            }
        }
        if !changed {
            return hole;
        }
    }
}

/// The advised moves (indices into `candidates`) of the position on `board` with
/// score `base`. `board`'s flood-fill labels are used and overwritten.
pub(crate) fn advise(
    board: &mut Board<'_>,
    scorer: &Scorer,
    tables: &AdvisorTables,
    base: &Score,
    candidates: &[Candidate],
) -> Vec<usize> {
    let way = scorer.way;
    let mut advised = Vec::with_capacity(8);
    let keeps_packing = |c: &Candidate| way == Way::Pull || c.score.packed >= base.packed;
    // The candidate with the best score among those `accept` lets through.
    let best_of = |accept: &dyn Fn(&Candidate) -> bool| -> Option<usize> {
        let mut best: Option<usize> = None;
        for (index, candidate) in candidates.iter().enumerate() {
            if !keeps_packing(candidate) || !accept(candidate) {
                continue;
            }
            if best.is_none_or(|b| candidate.score.is_better(&candidates[b].score, way)) {
                best = Some(index);
            }
        }
        best
    };
    match way {
        Way::Push => {
            let pack = best_of(&|c| c.score.packed > base.packed);
            advised.extend(pack);
            advised.extend(best_of(&|c| c.score.connectivity < base.connectivity));
            advised.extend(best_of(&|c| c.score.rooms < base.rooms));
            advised.extend(best_of(&|c| c.score.hotspots < base.hotspots));
            advised.extend(out_of_plan(board, scorer, tables, base, candidates));
            if pack.is_none() {
                advised.extend(opener(board, scorer, base, candidates));
            }
            advised.extend(explorer(board, tables, base, candidates, way));
        }
        Way::Pull => {
            let pack = base_pull(board, tables, candidates)
                .or_else(|| goal_pull(board, tables, base, candidates));
            advised.extend(pack);
            // Taking a box off the board outweighs every other advice.
            if !pack.is_some_and(|p| candidates[p].step.base) {
                advised.extend(best_of(&|c| c.score.connectivity < base.connectivity));
                advised.extend(best_of(&|c| c.score.rooms < base.rooms));
                advised.extend(explorer(board, tables, base, candidates, way));
            }
        }
    }
    advised.sort_unstable();
    advised.dedup();
    advised
}

/// How a pull that takes a box off the board ranks: whether it leaves a hole in
/// the goals, the areas with the box left standing, and how far its start cell
/// is from the goal it leaves (farther first); lower ranks first.
type BaseRank = (bool, u16, std::cmp::Reverse<u16>);

/// The pull that takes a box off the board: a box already pulled off its goal
/// first; else the one that leaves the fewest areas, from the furthest start cell.
fn base_pull(
    board: &mut Board<'_>,
    tables: &AdvisorTables,
    candidates: &[Candidate],
) -> Option<usize> {
    let model = board.model;
    if let Some(floater) = candidates
        .iter()
        .position(|c| c.step.base && !model.board.is_goal(c.step.from))
    {
        return Some(floater);
    }
    let pusher = board.pusher;
    let mut best: Option<(usize, BaseRank)> = None;
    for (index, candidate) in candidates.iter().enumerate() {
        if !candidate.step.base {
            continue;
        }
        // The areas with the box left standing on the start cell, and how far the
        // start cell is from the goal it leaves.
        let standing = BoxMove {
            base: false,
            ..candidate.step
        };
        board.play(&standing);
        let areas = board.regions().count;
        board.undo(&standing, pusher);
        let distance = walking_distances(model, candidate.step.to)[candidate.step.from];
        let key = (
            tables.hole[candidate.step.from],
            areas,
            std::cmp::Reverse(distance),
        );
        if best.is_none_or(|(_, best_key)| key < best_key) {
            best = Some((index, key));
        }
    }
    best.map(|(index, _)| index)
}

/// The pull of a box off a goal that takes it further from the goals without
/// cutting the floor or the room links more: fewest areas, fewest blocked links,
/// longest pull.
fn goal_pull(
    board: &Board<'_>,
    tables: &AdvisorTables,
    base: &Score,
    candidates: &[Candidate],
) -> Option<usize> {
    let model = board.model;
    candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            c.score.connectivity <= base.connectivity
                && c.score.rooms <= base.rooms
                && c.score.distance > base.distance
                && model.board.is_goal(c.step.from)
        })
        .min_by_key(|(_, c)| {
            (
                tables.hole[c.step.from],
                c.score.connectivity,
                c.score.rooms,
                std::cmp::Reverse(c.step.steps),
            )
        })
        .map(|(index, _)| index)
}

/// Out of plan: move a box out of the cells the plan can no longer use, further
/// away, without losing connectivity, rooms or packing.
fn out_of_plan(
    board: &Board<'_>,
    scorer: &Scorer,
    tables: &AdvisorTables,
    base: &Score,
    candidates: &[Candidate],
) -> Option<usize> {
    if base.out_of_plan == 0 {
        return None;
    }
    let model = board.model;
    let mut best: Option<(usize, u16, u16)> = None;
    for (index, candidate) in candidates.iter().enumerate() {
        let score = &candidate.score;
        if score.connectivity > base.connectivity
            || score.rooms > base.rooms
            || score.out_of_plan > base.out_of_plan
            || score.packed < base.packed
        {
            continue;
        }
        let step = &candidate.step;
        if !tables.reversible(model, step.from, step.to) {
            continue;
        }
        let from = scorer.out_of_plan.distance(base.packed, step.from);
        let to = scorer.out_of_plan.distance(base.packed, step.to);
        if from == INF || to == INF || to <= from {
            continue;
        }
        let better = match best {
            None => true,
            Some((_, best_from, best_to)) => {
                from < best_from || (from == best_from && to > best_to)
            }
        };
        if better {
            best = Some((index, from, to));
        }
    }
    best.map(|(index, _, _)| index)
}

/// Opener: when no move packs a box, move the box nearest the next cell of the plan
/// further from it, without losing connectivity, rooms or packing.
fn opener(
    board: &Board<'_>,
    scorer: &Scorer,
    base: &Score,
    candidates: &[Candidate],
) -> Option<usize> {
    let plan = scorer.plan.as_ref()?;
    let next = plan.next_place(|cell| board.has_box(cell))?;
    if board.has_box(next) {
        return None;
    }
    let distance = walking_distances(board.model, next);
    let mut best: Option<(usize, u16, u16)> = None;
    for (index, candidate) in candidates.iter().enumerate() {
        let score = &candidate.score;
        if score.packed < base.packed
            || score.connectivity > base.connectivity
            || score.rooms > base.rooms
        {
            continue;
        }
        let from = distance[candidate.step.from];
        let to = distance[candidate.step.to];
        if to < from {
            continue;
        }
        let better = match best {
            None => true,
            Some((_, best_from, best_to)) => {
                from < best_from || (from == best_from && to > best_to)
            }
        };
        if better {
            best = Some((index, from, to));
        }
    }
    best.map(|(index, _, _)| index)
}

/// Steps from `start` to every cell on the empty board.
fn walking_distances(model: &crate::model::Model, start: Cell) -> PerCell<u16> {
    let mut distance = PerCell::filled(INF, model.board.cells_len());
    let mut queue = std::collections::VecDeque::new();
    distance[start] = 0;
    queue.push_back(start);
    while let Some(cell) = queue.pop_front() {
        for &direction in model.directions {
            let Some(next) = model.neighbor(cell, direction) else {
                continue;
            };
            if distance[next] == INF {
                distance[next] = distance[cell] + 1;
                queue.push_back(next);
            }
        }
    }
    distance
}

/// Explorer: a reversible move after which the pusher can make a push (or pull) of
/// a box that did not move and could not be pushed from there before.
fn explorer(
    board: &Board<'_>,
    tables: &AdvisorTables,
    base: &Score,
    candidates: &[Candidate],
    way: Way,
) -> Option<usize> {
    let model = board.model;
    let mut best: Option<usize> = None;
    for (index, candidate) in candidates.iter().enumerate() {
        let step = candidate.step;
        if !candidate.opens
            || step.base
            || (way == Way::Push
                && (candidate.score.packed < base.packed
                    || !tables.reversible(model, step.from, step.to)))
        {
            continue;
        }
        if best.is_none_or(|b| candidate.score.is_better(&candidates[b].score, way)) {
            best = Some(index);
        }
    }
    best
}
