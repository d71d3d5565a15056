//! Deadlock tests of the feature-space search, made on a position before it is
//! expanded (a move is only worth its tests once the search has chosen it).
//!
//! Pushing, the solver's sound layers: no perfect box-goal matching, a frozen box
//! off a goal, a closed diagonal (Sokoban), a corral that is a deadlock, and goals
//! that can never be emptied again. Pulling, no matching of the boxes on the board
//! to the start cells left. Each test only ever refutes positions from which no
//! solution exists (the soundness audit replays the corpus solutions through them).

use sokoengine_geometry::Direction;

use super::board::{Board, BoxMove, Way};
use super::walls::Walled;
use crate::config::Features;
use crate::corral::{CorralBudget, Corrals};
use crate::engine::{Engine, PusherKey};
use crate::ids::{Cell, Costs, PerCell, Slot};
use crate::model::{INF, Model};

/// No owner: a column not matched yet.
const NONE: u32 = u32::MAX;

/// How many sets of walled boxes keep their goal tables.
const WALLED_KEPT: usize = 8;

/// Why a position was refuted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refuted {
    Matching,
    Freeze,
    Diagonal,
    Corral,
    Goals,
}

/// The deadlock tests and their scratch.
pub(crate) struct Checks<'m> {
    model: &'m Model,
    way: Way,
    features: Features,
    engine: Engine<'m>,
    /// Per zone of the solved position: goals its pusher can never empty.
    stuck_goals: Vec<Vec<Cell>>,
    // Matching scratch.
    owner: Vec<u32>,
    seen: Vec<u32>,
    seen_stamp: u32,
    /// Per box: its cost-table slot (pusher side).
    slots: Vec<Slot>,
    /// Goal reachability for the last few sets of boxes frozen on goals.
    walled: Vec<Walled>,
    fixed: Vec<Cell>,
    /// Per box: the goals it reaches (rows of `Walled` bit sets).
    goal_sets: Vec<u64>,
}

impl std::fmt::Debug for Checks<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checks")
            .field("way", &self.way)
            .finish_non_exhaustive()
    }
}

impl<'m> Checks<'m> {
    pub(crate) fn new(model: &'m Model, way: Way, features: Features, budget: usize) -> Checks<'m> {
        let mut engine = Engine::new(model, features, PusherKey::Normalized, budget);
        engine.set_corral_budget(CorralBudget::LARGE);
        let stuck_goals = if way == Way::Push && features.settled_goals {
            stuck_goals(model)
        } else {
            Vec::new()
        };
        Checks {
            model,
            way,
            features,
            engine,
            stuck_goals,
            owner: Vec::new(),
            seen: Vec::new(),
            seen_stamp: 0,
            slots: Vec::new(),
            walled: Vec::new(),
            fixed: Vec::new(),
            goal_sets: Vec::new(),
        }
    }

    /// Bytes of the tests' own tables (the corral cache among them).
    pub(crate) fn memory_bytes(&self) -> usize {
        self.engine.store.memory_bytes() + self.engine.corral_cache_bytes()
    }

    /// The goal tables with the boxes of `fixed` (sorted) as walls.
    pub(crate) fn walled(&mut self, fixed: &[Cell]) -> &Walled {
        if let Some(index) = self.walled.iter().position(|w| w.is_for(fixed)) {
            // Most recent last.
            let tables = self.walled.remove(index);
            self.walled.push(tables);
        } else {
            if self.walled.len() >= WALLED_KEPT {
                self.walled.remove(0);
            }
            self.walled.push(Walled::new(self.model, fixed));
        }
        self.walled.last().expect("just pushed")
    }

    /// The boxes of `board` (a push search's) that stand on goals and can never
    /// move again: for every solution from here they are walls.
    pub(crate) fn fixed_boxes(&mut self, board: &Board<'_>, out: &mut Vec<Cell>) {
        out.clear();
        let model = self.model;
        let engine = &mut self.engine;
        engine.place(&board.boxes, board.pusher);
        for &cell in &board.boxes {
            if model.board.is_goal(cell) && engine.is_frozen(cell) {
                out.push(cell);
            }
        }
    }

    /// Whether the position `board` reaches by `step` is refuted; `board` is left as
    /// it was.
    pub(crate) fn refutes(&mut self, board: &mut Board<'_>, step: &BoxMove) -> Option<Refuted> {
        let before = board.pusher;
        board.play(step);
        let verdict = match self.way {
            Way::Push => self.refutes_push(board, step),
            Way::Pull => self.refutes_pull(board),
        };
        board.undo(step, before);
        verdict
    }

    fn refutes_push(&mut self, board: &Board<'_>, step: &BoxMove) -> Option<Refuted> {
        let model = self.model;
        if !self.matches(board, &model.distances, None) {
            return Some(Refuted::Matching);
        }
        if !self.settled_goals_hold(board) {
            return Some(Refuted::Goals);
        }
        let engine = &mut self.engine;
        engine.place(&board.boxes, board.pusher);
        if board.boxes.iter().all(|&cell| model.board.is_goal(cell)) {
            return None;
        }
        if self.features.freeze && engine.is_frozen_deadlock(step.to) {
            return Some(Refuted::Freeze);
        }
        if self.features.goal_walls && !self.goal_walls_hold(board) {
            return Some(Refuted::Matching);
        }
        let engine = &mut self.engine;
        if self.features.patterns
            && model.tessellation == sokoengine_geometry::Tessellation::Sokoban
            && engine.is_closed_diagonal(step.to)
        {
            return Some(Refuted::Diagonal);
        }
        if self.features.pi_corrals || self.features.corral_deadlocks {
            let pusher = engine.position.pusher();
            engine.position.reachable_into(pusher, &mut engine.reach);
            let verdict = engine.corrals(self.features.pi_corrals, self.features.corral_deadlocks);
            if matches!(verdict, Corrals::Deadlock(_)) {
                return Some(Refuted::Corral);
            }
        }
        None
    }

    /// Whether the boxes not frozen on goals can still be matched to the goals
    /// left, with the frozen ones as walls.
    fn goal_walls_hold(&mut self, board: &Board<'_>) -> bool {
        let mut fixed = std::mem::take(&mut self.fixed);
        self.fixed_boxes(board, &mut fixed);
        let holds = fixed.is_empty() || self.walled_matching(board, &fixed);
        self.fixed = fixed;
        holds
    }

    /// Whether some area the pusher can end in has all its settled goals filled
    /// (trivially so when the test is off or finds no settled goal).
    fn settled_goals_hold(&self, board: &Board<'_>) -> bool {
        self.stuck_goals.is_empty()
            || self
                .stuck_goals
                .iter()
                .any(|stuck| stuck.iter().all(|&goal| board.has_box(goal)))
    }

    /// The soundness audit: the first of this module's own layers that refutes the
    /// position on `board` (settled goals, then goal walls), or `None`.
    pub(crate) fn audit(&mut self, board: &Board<'_>) -> Option<Refuted> {
        if !self.settled_goals_hold(board) {
            return Some(Refuted::Goals);
        }
        if !self.goal_walls_hold(board) {
            return Some(Refuted::Matching);
        }
        None
    }

    fn refutes_pull(&mut self, board: &Board<'_>) -> Option<Refuted> {
        let reverse = self.model.reverse();
        let bases = board.bases.clone();
        let allowed: Vec<usize> = bases
            .iter()
            .filter_map(|&cell| self.model.start_boxes.iter().position(|&s| s == cell))
            .collect();
        (!self.matches(board, &reverse.distances, Some(&allowed))).then_some(Refuted::Matching)
    }

    /// Whether every box of `board` can be matched to a distinct column of the
    /// `costs` table (only the `allowed` columns when given) that its cell and
    /// pusher side reach.
    fn matches(&mut self, board: &Board<'_>, costs: &Costs, allowed: Option<&[usize]>) -> bool {
        let model = self.model;
        let pusher = board.pusher;
        let columns = costs.width();
        self.slots.clear();
        for &cell in &board.boxes {
            let side = model.sides.side_of(cell, pusher);
            self.slots.push(model.sides.slot(cell, side));
        }
        let all: Vec<usize>;
        let allowed = match allowed {
            Some(allowed) => allowed,
            None => {
                all = (0..columns).collect();
                &all
            }
        };
        if board.boxes.len() > allowed.len() {
            return false;
        }
        self.owner.clear();
        self.owner.resize(columns, NONE);
        self.seen.resize(columns, 0);
        for row in 0..self.slots.len() {
            self.seen_stamp = self.seen_stamp.wrapping_add(1);
            if self.seen_stamp == 0 {
                self.seen.fill(0);
                self.seen_stamp = 1;
            }
            if !self.augment(row, costs, allowed) {
                return false;
            }
        }
        true
    }

    /// Whether the boxes of `board` not in `fixed` can be matched to the goals left
    /// with `fixed` as walls.
    fn walled_matching(&mut self, board: &Board<'_>, fixed: &[Cell]) -> bool {
        let pusher = board.pusher;
        let mut sets = std::mem::take(&mut self.goal_sets);
        sets.clear();
        let walled = self.walled(fixed);
        let columns = walled.goals.len();
        let words = columns.div_ceil(64).max(1);
        let mut rows = 0;
        for &cell in &board.boxes {
            if fixed.binary_search(&cell).is_ok() {
                continue;
            }
            let set = walled.goals_of(cell, pusher);
            if set.iter().any(|&word| word != 0) {
                sets.extend_from_slice(set);
            } else if let Some(index) = walled.goals.iter().position(|&goal| goal == cell) {
                // A box on a goal the pusher can no longer reach stays there.
                let start = sets.len();
                sets.resize(start + words, 0);
                sets[start + index / 64] |= 1 << (index % 64);
            } else {
                self.goal_sets = sets;
                return false;
            }
            rows += 1;
        }
        self.owner.clear();
        self.owner.resize(columns, NONE);
        self.seen.resize(columns.max(self.seen.len()), 0);
        let mut matched = true;
        for row in 0..rows {
            self.seen_stamp = self.seen_stamp.wrapping_add(1);
            if self.seen_stamp == 0 {
                self.seen.fill(0);
                self.seen_stamp = 1;
            }
            if !self.augment_sets(row, &sets, words, columns) {
                matched = false;
                break;
            }
        }
        self.goal_sets = sets;
        matched
    }

    /// Kuhn's augmenting path from `row` over goal bit sets.
    fn augment_sets(&mut self, row: usize, sets: &[u64], words: usize, columns: usize) -> bool {
        for column in 0..columns {
            if sets[row * words + column / 64] & (1 << (column % 64)) == 0
                || self.seen[column] == self.seen_stamp
            {
                continue;
            }
            self.seen[column] = self.seen_stamp;
            let owner = self.owner[column];
            if owner == NONE || self.augment_sets(owner as usize, sets, words, columns) {
                self.owner[column] = row as u32;
                return true;
            }
        }
        false
    }

    /// Kuhn's augmenting path from `row`.
    fn augment(&mut self, row: usize, costs: &Costs, allowed: &[usize]) -> bool {
        let costs_of_row = costs.row(self.slots[row]);
        for &column in allowed {
            if costs_of_row[column] == INF || self.seen[column] == self.seen_stamp {
                continue;
            }
            self.seen[column] = self.seen_stamp;
            let owner = self.owner[column];
            if owner == NONE || self.augment(owner as usize, costs, allowed) {
                self.owner[column] = row as u32;
                return true;
            }
        }
        false
    }
}

/// For each area the pusher can be in when every goal is filled: the goals whose
/// boxes it can never pull away, even taking every box it can pull off the board.
/// A solution that ends with the pusher in that area never moves those boxes, so
/// they must stand on their goals already.
fn stuck_goals(model: &Model) -> Vec<Vec<Cell>> {
    let len = model.board.cells_len();
    let mut is_goal = PerCell::filled(false, len);
    for &goal in &model.goals {
        is_goal[goal] = true;
    }
    let mut zone_seen = PerCell::filled(false, len);
    let mut result = Vec::new();
    for &start in &model.floor {
        if is_goal[start] || zone_seen[start] {
            continue;
        }
        let mut has_box = is_goal.clone();
        let mut reach = PerCell::filled(false, len);
        let mut stack = vec![start];
        reach[start] = true;
        let fill = |reach: &mut PerCell<bool>, has_box: &PerCell<bool>, stack: &mut Vec<Cell>| {
            while let Some(cell) = stack.pop() {
                for &direction in model.directions {
                    let Some(next) = model.neighbor(cell, direction) else {
                        continue;
                    };
                    if !reach[next] && !has_box[next] {
                        reach[next] = true;
                        stack.push(next);
                    }
                }
            }
        };
        fill(&mut reach, &has_box, &mut stack);
        for &cell in &model.floor {
            if reach[cell] {
                zone_seen[cell] = true;
            }
        }
        loop {
            let mut changed = false;
            for &goal in &model.goals {
                if !has_box[goal] {
                    continue;
                }
                let pullable = model.directions.iter().any(|&direction: &Direction| {
                    let Some(stand) = model.neighbor(goal, direction).filter(|&s| reach[s]) else {
                        return false;
                    };
                    model
                        .neighbor(stand, direction)
                        .is_some_and(|beyond| !has_box[beyond])
                });
                if pullable {
                    has_box[goal] = false;
                    reach[goal] = true;
                    stack.push(goal);
                    fill(&mut reach, &has_box, &mut stack);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        result.push(
            model
                .goals
                .iter()
                .copied()
                .filter(|&goal| has_box[goal])
                .collect(),
        );
    }
    // With no stuck goal in some area the test can refute nothing.
    if result.iter().any(Vec::is_empty) {
        return Vec::new();
    }
    result
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

    fn cell(model: &Model, row: usize, column: usize) -> Cell {
        model
            .board
            .cell_of(row * model.board.width() + column)
            .unwrap()
    }

    #[test]
    fn boxes_frozen_on_goals_wall_off_the_goal_behind_them() {
        // Two boxes frozen on goals in the top row cut the goal in its corner off
        // from the third box, which every other layer lets pass.
        let model = model("#########/#.**    #/### ##  #/#  $    #/#      @#/#########");
        let mut checks = Checks::new(&model, Way::Push, Features::ALL, 1 << 24);
        let mut board = Board::new(&model, Way::Push);
        let frozen = [cell(&model, 1, 2), cell(&model, 1, 3)];
        board.set(
            &[frozen[0], frozen[1], cell(&model, 3, 3)],
            &[],
            cell(&model, 4, 7),
        );
        assert!(!checks.goal_walls_hold(&board));
        assert_eq!(checks.audit(&board), Some(Refuted::Matching));
        // The goal in the corner filled instead, the third box can be pushed up
        // onto (1, 3).
        board.set(
            &[cell(&model, 1, 1), frozen[0], cell(&model, 3, 3)],
            &[],
            cell(&model, 4, 7),
        );
        assert!(checks.goal_walls_hold(&board));
    }

    #[test]
    fn goals_no_pull_empties_must_stay_filled() {
        // Neither goal's box can ever be pulled off (a wall stands behind every
        // cell beside them), so both must hold their boxes in every position.
        let model = model("#####/#*###/#  @#/##$.#/#####");
        let g1 = cell(&model, 1, 1);
        let g2 = cell(&model, 3, 3);
        assert_eq!(stuck_goals(&model), vec![vec![g1.min(g2), g1.max(g2)]]);
        let checks = Checks::new(&model, Way::Push, Features::ALL, 1 << 24);
        let mut board = Board::new(&model, Way::Push);
        board.set(&[g1, g2], &[], cell(&model, 2, 2));
        assert!(checks.settled_goals_hold(&board));
        board.set(&[cell(&model, 2, 1), g2], &[], cell(&model, 2, 3));
        assert!(!checks.settled_goals_hold(&board));
        // Off, the test holds everywhere.
        let off = Features {
            settled_goals: false,
            ..Features::ALL
        };
        assert!(Checks::new(&model, Way::Push, off, 1 << 24).settled_goals_hold(&board));
    }
}
