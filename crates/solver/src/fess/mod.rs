//! FESS, the feature space search of Shoham and Schaeffer ("The FESS Algorithm: A
//! Feature Based Approach to Single-Agent Search", IEEE CoG 2020), as the solver's
//! `any` mode runs it; docs/solver.md describes the method.
//!
//! * A **pull search** ([`packing`]) starts from the solved positions and pulls the
//!   boxes back toward the start; a box pulled onto a start cell may be taken off
//!   the board, so the problem shrinks as it goes. The best position it reaches,
//!   read backwards, is the **packing plan** ([`plan`]): the order in which boxes
//!   arrive where they are parked. The positions it meets with every box still on
//!   the board are kept: a push search that reaches one has a solution.
//! * The **push search** projects every position onto a cell of a small feature
//!   space ([`score`]): packed boxes (by the plan), connectivity, out-of-plan boxes.
//!   Moves are box moves (one box to any cell it can reach while the others stand
//!   still). **Advisors** ([`advisors`]) name the moves that improve a feature;
//!   those cost 0, the others 1. The search serves the cells of the feature space
//!   in turn, and in each makes the cheapest move not yet made ([`tree`]), every
//!   second turn in the cell of the best position so far.
//! * A chosen move's position passes the **deadlock tests** ([`checks`]) before it
//!   is expanded.
//!
//! Both searches are the same machine ([`Search`]) going one way or the other.

mod advisors;
mod board;
mod checks;
mod corrals;
mod packing;
mod plan;
mod score;
mod tree;
mod walls;

use std::time::Duration;

use crate::clock::{Clock, Deadline};
use crate::config::{Features, StopReason};
use crate::ids::{Cell, PerCell, Table};
use crate::model::Model;
use crate::store::{FastMap, fast_map};

use advisors::{AdvisorTables, Candidate, advise};
use board::{Areas, Board, BoxMove, Way};
use checks::Checks;
use score::{FeatureCell, Rooms, Score, Scorer};
use tree::{Edge, EdgeId, Expansion, ExpansionId, PositionId, Tree};

pub(crate) use checks::Refuted;
pub(crate) use packing::Packing;

/// What a generated move's position needs of its free cells: its areas with the
/// box set down on the target (`placed`) or taken off the board there (`removed`,
/// pull searches' start cells), and whether the move opens new moves.
#[derive(Debug, Clone, Copy)]
struct MoveAreas {
    placed: Areas,
    removed: Areas,
    opens: bool,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Expansion `e` is solved.
    Solved(ExpansionId),
    /// A push search reached a position the pull search met: expansion `e`, then
    /// the edge `edge` of it (or none), leads to pull node `node`.
    Met {
        e: ExpansionId,
        edge: EdgeId,
        node: PositionId,
    },
    /// No move is left.
    Exhausted,
    Stopped(StopReason),
}

/// The static tables of a level that every search on it shares.
#[derive(Debug, Clone)]
pub(crate) struct Shared {
    pub(crate) rooms: Rooms,
    pub(crate) hotspots: score::Hotspots,
    pub(crate) advisor_tables: AdvisorTables,
    /// Zobrist keys of the start cells not used up yet (pull searches).
    pub(crate) base_keys: PerCell<u64>,
}

impl Shared {
    pub(crate) fn new(model: &Model) -> Shared {
        let base_keys = model
            .box_keys
            .iter()
            .map(|&key| key.rotate_left(29) ^ 0x5bd1_e995_9e37_79b9)
            .collect();
        Shared {
            rooms: Rooms::new(model),
            hotspots: score::Hotspots::new(model),
            advisor_tables: AdvisorTables::new(model),
            base_keys,
        }
    }
}

/// One feature space search.
pub(crate) struct Search<'m> {
    model: &'m Model,
    way: Way,
    board: Board<'m>,
    scorer: Scorer,
    shared: &'m Shared,
    checks: Checks<'m>,
    pub(crate) tree: Tree,
    /// Feature-space cells in the order they were met, and their indices.
    cells: Vec<FeatureCell>,
    cell_index: FastMap<FeatureCell, u32>,
    /// The next cell of the round.
    turn: usize,
    /// The expansion with the best score on its way so far.
    pub(crate) best: ExpansionId,
    iteration: u64,
    budget: usize,
    /// Pull searches: positions with every box still on the board, by their hash
    /// without bases: node index.
    pub(crate) meeting: FastMap<u64, PositionId>,
    /// Push searches: the pull search's meeting table to look positions up in.
    scratch: Vec<BoxMove>,
    box_scratch: Vec<Cell>,
    /// Per node: the expansion (plus one) that last listed it as a child.
    node_mark: Table<PositionId, ExpansionId>,
    fixed: Vec<Cell>,
    corrals: corrals::Corrals,
    features: Features,
    before: PerCell<bool>,
    candidates: Vec<Candidate>,
    children: Vec<PositionId>,
    /// Per generated move: the areas of the position it leads to.
    areas: Vec<MoveAreas>,
    pub(crate) expanded: u64,
    pub(crate) refuted: u64,
    /// The fewest boxes on the board of an expansion so far, and the expansions
    /// made when it was reached.
    fewest: usize,
    fewest_at: u64,
    /// Pull searches: the search ends when this many expansions (or as many as it
    /// took to get there, if more) take no further box off the board.
    pub(crate) stall_limit: Option<u64>,
    /// Cuts an expansion's move generation short once the solve must end.
    pub(crate) deadline: Deadline,
}

impl std::fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("way", &self.way)
            .field("expansions", &self.tree.expansions.len())
            .field("cells", &self.cells.len())
            .finish_non_exhaustive()
    }
}

impl<'m> Search<'m> {
    /// A search going `way` with `scorer`; `budget` bounds its tables.
    pub(crate) fn new(
        model: &'m Model,
        shared: &'m Shared,
        scorer: Scorer,
        features: Features,
        budget: usize,
    ) -> Search<'m> {
        let way = scorer.way;
        let mut board = Board::new(model, way);
        board.base_walls = way == Way::Pull && features.base_walls && packing::starts_packed(model);
        Search {
            model,
            way,
            board,
            scorer,
            shared,
            checks: Checks::new(model, way, features, budget / 8),
            tree: Tree::new(way),
            cells: Vec::new(),
            cell_index: fast_map(),
            turn: 0,
            best: ExpansionId::NONE,
            iteration: 0,
            budget,
            meeting: fast_map(),
            scratch: Vec::new(),
            box_scratch: Vec::new(),
            node_mark: Table::new(),
            fixed: Vec::new(),
            corrals: corrals::Corrals::default(),
            features,
            before: PerCell::new(),
            candidates: Vec::new(),
            children: Vec::new(),
            areas: Vec::new(),
            expanded: 0,
            refuted: 0,
            fewest: usize::MAX,
            fewest_at: 0,
            stall_limit: None,
            deadline: Deadline::default(),
        }
    }

    /// Bytes the search holds.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.tree.memory_bytes()
            + self.checks.memory_bytes()
            + self.meeting.capacity() * 13
            + self.cells.capacity() * 8
    }

    /// The hash of the board (boxes, remaining bases, the pusher's area) and its
    /// connectivity; also the hash without bases.
    fn hash_board(&mut self) -> (u64, u64, u16) {
        let areas = self.board.regions();
        self.hash_with(areas)
    }

    /// [`Search::hash_board`] with the board's areas known.
    fn hash_with(&self, areas: Areas) -> (u64, u64, u16) {
        let connectivity = areas.count;
        let mut hash = self.model.base_hash ^ areas.key;
        for &cell in &self.board.boxes {
            hash ^= self.model.box_keys[cell];
        }
        let plain = hash;
        for &cell in &self.board.bases {
            hash ^= self.shared.base_keys[cell];
        }
        (hash, plain, connectivity)
    }

    /// Adds a root: `boxes` and `bases` with the pusher on `pusher`. `None` when
    /// the position was met already.
    pub(crate) fn add_root(
        &mut self,
        boxes: &[Cell],
        bases: &[Cell],
        pusher: Cell,
    ) -> Option<ExpansionId> {
        self.board.set(boxes, bases, pusher);
        let (hash, plain, connectivity) = self.hash_board();
        let node = match self.tree.find(hash) {
            Some(node) if !self.tree.nodes[node].expansion.is_none() => return None,
            Some(node) => node,
            None => {
                let score = self.scorer.score(&self.board, connectivity);
                self.tree.add_node(hash, score)
            }
        };
        let score = self.tree.nodes[node].score;
        if self.way == Way::Pull && self.board.bases.len() == self.model.start_boxes.len() {
            self.meeting.insert(plain, node);
        }
        let e = self.new_expansion(node, ExpansionId::NONE, EdgeId::NONE, score);
        Some(e)
    }

    /// Creates the expansion of `node` for the board as it stands, reached from
    /// expansion `parent` by edge `via`; generates its moves and advice.
    fn new_expansion(
        &mut self,
        node: PositionId,
        parent: ExpansionId,
        via: EdgeId,
        best_past: Score,
    ) -> ExpansionId {
        let e = ExpansionId::at(self.tree.expansions.len());
        let cells = self.tree.cells.len() as u32;
        self.tree.cells.extend_from_slice(&self.board.boxes);
        self.tree.cells.extend_from_slice(&self.board.bases);
        let (weight, depth) = if parent.is_none() {
            (0, 0)
        } else {
            let p = &self.tree.expansions[parent];
            let edge = &self.tree.edges[via];
            (p.weight + u32::from(edge.weight), p.depth + 1)
        };
        let label = self.label_of(best_past);
        self.tree.expansions.push(Expansion {
            node,
            parent,
            via,
            cells,
            boxes: self.board.boxes.len() as u16,
            bases: self.board.bases.len() as u16,
            pusher: self.board.pusher,
            first_edge: EdgeId::at(self.tree.edges.len()),
            edges: 0,
            best_past,
            weight,
            depth,
            label,
            best_edge: EdgeId::NONE,
            best_weight: u32::MAX,
        });
        self.tree.nodes[node].expansion = e;
        if self.board.boxes.len() < self.fewest {
            self.fewest = self.board.boxes.len();
            self.fewest_at = self.expanded;
        }
        self.generate(e);
        self.tree.set_best_edge(e);
        self.tree.enqueue(e);
        if self.best.is_none()
            || best_past.is_better(&self.tree.expansions[self.best].best_past, self.way)
        {
            self.best = e;
        }
        e
    }

    /// The feature-space cell of `score`, added (and served next) when new.
    fn label_of(&mut self, score: Score) -> u32 {
        let cell = score.cell(self.way);
        if let Some(&label) = self.cell_index.get(&cell) {
            return label;
        }
        let label = self.cells.len() as u32;
        self.cells.push(cell);
        self.cell_index.insert(cell, label);
        self.turn = label as usize;
        self.tree.ensure_queue(label);
        label
    }

    /// Generates the moves of expansion `e` (the board holds its position), scores
    /// the positions they lead to, and weighs them by the advisors.
    fn generate(&mut self, e: ExpansionId) {
        let model = self.model;
        let way = self.way;
        let mut moves = std::mem::take(&mut self.scratch);
        moves.clear();

        // Boxes frozen on goals are walls from here on: they are not moved, and a
        // box may only go where it can still reach a goal they leave free.
        let mut fixed = std::mem::take(&mut self.fixed);
        let walled = if way == Way::Push && self.features.goal_walls {
            self.checks.fixed_boxes(&self.board, &mut fixed);
            if fixed.is_empty() {
                None
            } else {
                Some(self.checks.walled(&fixed))
            }
        } else {
            fixed.clear();
            None
        };
        let only = if way == Way::Push && self.features.pi_corrals {
            let areas = self.board.regions().count;
            let walled_ref = walled;
            let dead = |to: Cell, direction: sokoengine_geometry::Direction| {
                let behind = model.neighbor(to, direction.opposite());
                model.dead_side[model.sides.neighbor_slot(to, direction.opposite())]
                    || walled_ref.is_some_and(|walled| {
                        !behind.is_some_and(|behind| walled.is_live(to, behind))
                    })
            };
            self.corrals.pi_corral(&self.board, areas, &fixed, dead)
        } else {
            None
        };
        let boxes = std::mem::take(&mut self.box_scratch);
        let mut boxes = boxes;
        boxes.clear();
        boxes.extend_from_slice(&self.board.boxes);
        // The pusher's reach before the move, for the advisors' "opens new moves".
        self.board.reach();
        let len = model.board.cells_len();
        self.before.clear();
        self.before.resize(len, false);
        for (index, reached) in self.before.iter_mut().enumerate() {
            *reached = self.board.reached(Cell::from(index));
        }
        // Each move's areas (and whether it opens moves) come from the cut tree of
        // its box's move generation: no flood fill per move.
        let mut areas = std::mem::take(&mut self.areas);
        areas.clear();
        for &from in &boxes {
            // On a huge board one expansion can take seconds: it stops generating
            // when the solve must end (the search then stops at its next check).
            if self.deadline.passed() {
                break;
            }
            if only.as_ref().is_some_and(|only| !only.contains(&from)) || fixed.contains(&from) {
                continue;
            }
            let first = moves.len();
            let dead = match way {
                Way::Push => &model.dead_side,
                Way::Pull => &model.reverse().dead_side,
            };
            self.board.box_moves(
                from,
                |cell, pusher| {
                    let side = model.sides.side_of(cell, pusher);
                    !dead[model.sides.slot(cell, side)]
                        && walled
                            .as_ref()
                            .is_none_or(|walled| walled.is_live(cell, pusher))
                },
                &mut moves,
            );
            if moves.len() > first {
                self.board.index_areas();
                for step in &moves[first..] {
                    let base = BoxMove {
                        base: true,
                        ..*step
                    };
                    let placed = self.board.areas_after(step);
                    areas.push(MoveAreas {
                        placed,
                        removed: match way {
                            // A box that stays as a wall leaves the areas of one
                            // set down there.
                            Way::Pull if self.board.stays(&base) => placed,
                            Way::Pull => self.board.areas_after(&base),
                            Way::Push => placed,
                        },
                        opens: self.board.opens_after(step, &self.before),
                    });
                }
            }
        }
        self.box_scratch = boxes;
        self.fixed = fixed;
        if way == Way::Pull {
            self.mark_base_moves(&mut moves, &mut areas);
        }
        // Score each position; the same position reached twice is one node.
        self.candidates.clear();
        self.children.clear();
        let pusher = self.board.pusher;
        let parent_score = self.tree.nodes[self.tree.expansions[e].node].score;
        let mut kept = Vec::with_capacity(moves.len());
        for (index, step) in moves.iter().enumerate() {
            if index % 64 == 63 && self.deadline.passed() {
                break;
            }
            self.board.play(step);
            let info = areas[index];
            let (hash, plain, connectivity) =
                self.hash_with(if step.base { info.removed } else { info.placed });
            let opens = !step.base && info.opens;
            let node = match self.tree.find(hash) {
                Some(node) => node,
                None => {
                    let score =
                        self.scorer
                            .score_after(&self.board, connectivity, step, &parent_score);
                    let node = self.tree.add_node(hash, score);
                    if way == Way::Pull && self.board.bases.len() == model.start_boxes.len() {
                        self.meeting.entry(plain).or_insert(node);
                    }
                    node
                }
            };
            self.board.undo(step, pusher);
            if self.node_mark.len() <= node.index() {
                self.node_mark.resize(
                    self.tree.nodes.len().max(node.index() + 1),
                    ExpansionId::NONE,
                );
            }
            if self.node_mark[node] == e {
                continue;
            }
            self.node_mark[node] = e;
            self.children.push(node);
            self.candidates.push(Candidate {
                step: *step,
                score: self.tree.nodes[node].score,
                opens,
            });
            kept.push(*step);
        }
        let base = self.tree.nodes[self.tree.expansions[e].node].score;
        let advised = advise(
            &mut self.board,
            &self.scorer,
            &self.shared.advisor_tables,
            &base,
            &self.candidates,
        );
        let first_edge = EdgeId::at(self.tree.edges.len());
        let count = kept.len();
        for (index, step) in kept.iter().enumerate() {
            let mut weight = u8::from(advised.binary_search(&index).is_err());
            if count <= 2 && index == 0 {
                weight = 0;
            }
            self.tree.edges.push(Edge {
                step: *step,
                child: self.children[index],
                weight,
                dead: false,
            });
        }
        let expansion = &mut self.tree.expansions[e];
        expansion.first_edge = first_edge;
        expansion.edges = count as u32;
        self.scratch = moves;
        self.areas = areas;
    }

    /// Pull searches: the moves that take their box off the board on a start cell.
    /// Only the start cells of the largest group that reach one another by pushes
    /// (with the boxes on the board as walls) are used up, and only while the pusher
    /// reaches all of them; a box is taken off only when it changes room on the way
    /// and the boxes left can still be matched to the start cells left. When some
    /// box can be taken off, only such moves are kept, one per box.
    fn mark_base_moves(&mut self, moves: &mut Vec<BoxMove>, areas: &mut Vec<MoveAreas>) {
        let elimination = packing::elimination_bases(&self.board);
        if elimination.is_empty() {
            return;
        }
        // `before` holds the pusher's reach on this very board (filled by `generate`).
        if elimination.iter().any(|&cell| !self.before[cell]) {
            return;
        }
        let mut kept: Vec<BoxMove> = Vec::new();
        let mut kept_areas: Vec<MoveAreas> = Vec::new();
        for (step, info) in moves.iter().zip(areas.iter()) {
            if !elimination.contains(&step.to)
                || kept.iter().any(|k| k.from == step.from)
                || !self.shared.rooms.different(step.from, step.to)
            {
                continue;
            }
            let base = BoxMove {
                base: true,
                ..*step
            };
            if self.checks.refutes(&mut self.board, &base).is_none() {
                kept.push(base);
                kept_areas.push(*info);
            }
        }
        if !kept.is_empty() {
            *moves = kept;
            *areas = kept_areas;
        }
    }

    /// Loads expansion `e`'s position onto the board.
    fn load(&mut self, e: ExpansionId) {
        let expansion = self.tree.expansions[e];
        let boxes = self.tree.boxes_of(&expansion).to_vec();
        let bases = self.tree.bases_of(&expansion).to_vec();
        self.board.set(&boxes, &bases, expansion.pusher);
    }

    /// Whether the board (after a move) is a goal of this search.
    fn finished(&self) -> bool {
        match self.way {
            Way::Push => self
                .board
                .boxes
                .iter()
                .all(|&cell| self.model.board.is_goal(cell)),
            Way::Pull => self.board.boxes.is_empty(),
        }
    }

    /// Makes moves until the search ends or `clock` passes `until` (`None`: call
    /// again to go on). `meet` looks a push search's positions up in a pull search's
    /// meeting table.
    pub(crate) fn resume(
        &mut self,
        clock: &mut Clock<'_>,
        until: Option<Duration>,
        meet: Option<&FastMap<u64, PositionId>>,
    ) -> Option<Outcome> {
        self.deadline = clock.deadline();
        loop {
            if let Err(reason) = clock.tick() {
                return Some(Outcome::Stopped(reason));
            }
            if self.iteration % 8 == 0 {
                if until.is_some_and(|until| clock.elapsed() >= until) {
                    return None;
                }
                if self.memory_bytes() > self.budget {
                    return Some(Outcome::Stopped(StopReason::Memory));
                }
                // A pull search that stops taking boxes off ends after as many
                // expansions again as it took to get there, at least the limit.
                if self.stall_limit.is_some_and(|limit| {
                    self.expanded >= self.fewest_at + limit.max(self.fewest_at)
                }) {
                    return Some(Outcome::Exhausted);
                }
            }
            if let Some(outcome) = self.iterate(meet) {
                return Some(outcome);
            }
        }
    }

    /// One move of the search.
    fn iterate(&mut self, meet: Option<&FastMap<u64, PositionId>>) -> Option<Outcome> {
        self.iteration += 1;
        if self.cells.is_empty() {
            return Some(Outcome::Exhausted);
        }
        let label = if self.iteration % 2 == 1 || self.best.is_none() {
            let label = self.turn % self.cells.len();
            self.turn = (label + 1) % self.cells.len();
            label as u32
        } else {
            self.tree.expansions[self.best].label
        };
        let Some((e, edge)) = self.tree.take_best(label) else {
            if self.tree.exhausted() {
                return Some(Outcome::Exhausted);
            }
            return None;
        };
        let step = self.tree.edges[edge].step;
        self.load(e);
        if let Some(_reason) = self.checks.refutes(&mut self.board, &step) {
            self.refuted += 1;
            let child = self.tree.edges[edge].child;
            self.tree.edges[edge].dead = true;
            self.tree.mark_dead(child);
            if self.tree.nodes[self.tree.expansions[self.best].node].dead {
                self.best = self.best_alive();
            }
            return None;
        }
        self.board.play(&step);
        self.expanded += 1;
        let child = self.tree.edges[edge].child;
        let parent_best = self.tree.expansions[e].best_past;
        let score = self.tree.nodes[child].score;
        let best_past = if score.is_better(&parent_best, self.way) {
            score
        } else {
            parent_best
        };
        let new = self.new_expansion(child, e, edge, best_past);
        if self.finished() {
            return Some(Outcome::Solved(new));
        }
        if let Some(meet) = meet {
            // A position of the pull search, or one move before one.
            let node = self.tree.nodes[child];
            if let Some(&there) = meet.get(&node.hash) {
                return Some(Outcome::Met {
                    e: new,
                    edge: EdgeId::NONE,
                    node: there,
                });
            }
            for index in self.tree.edges_of(new) {
                let hash = self.tree.nodes[self.tree.edges[index].child].hash;
                if let Some(&there) = meet.get(&hash) {
                    return Some(Outcome::Met {
                        e: new,
                        edge: index,
                        node: there,
                    });
                }
            }
        }
        if self.tree.nodes[self.tree.expansions[self.best].node].dead {
            self.best = self.best_alive();
        }
        None
    }

    /// The live expansion with the best score on its way (`NONE` when none).
    fn best_alive(&self) -> ExpansionId {
        let mut best = ExpansionId::NONE;
        for (index, expansion) in self.tree.expansions.iter().enumerate() {
            if self.tree.nodes[expansion.node].dead {
                continue;
            }
            if best.is_none()
                || expansion
                    .best_past
                    .is_better(&self.tree.expansions[best].best_past, self.way)
            {
                best = ExpansionId::at(index);
            }
        }
        best
    }

    /// The box moves from the root to expansion `e`.
    pub(crate) fn moves_to(&self, e: ExpansionId) -> Vec<BoxMove> {
        let path = self.tree.path_to(e);
        path[1..]
            .iter()
            .map(|&id| self.tree.edges[self.tree.expansions[id].via].step)
            .collect()
    }

    /// The box moves from the root to the node `node` when it was reached from an
    /// expansion (or is a root's), with that expansion's index.
    pub(crate) fn moves_to_node(&self, node: PositionId) -> Option<Vec<BoxMove>> {
        let expansion = self.tree.nodes[node].expansion;
        if !expansion.is_none() {
            return Some(self.moves_to(expansion));
        }
        // A node not expanded: find an edge that leads to it.
        let (e, edge) = (0..self.tree.expansions.len())
            .map(ExpansionId::at)
            .find_map(|e| {
                self.tree
                    .edges_of(e)
                    .find(|&edge| self.tree.edges[edge].child == node)
                    .map(|edge| (e, edge))
            })?;
        let mut moves = self.moves_to(e);
        moves.push(self.tree.edges[edge].step);
        Some(moves)
    }
}

/// How a whole feature space search (pull phase, then push phase) ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ending {
    /// A solution, as steps (already replayed by the verifier).
    Solved(String),
    /// The push search ran out of moves with sound pruning only: no solution.
    Exhausted,
    Stopped(StopReason),
}

/// The pull search for a plan, then the push search guided by it; the push search
/// also meets the positions the pull search kept.
#[derive(Debug)]
pub(crate) struct Fess<'m> {
    model: &'m Model,
    shared: &'m Shared,
    features: Features,
    budget: usize,
    packing: Packing<'m>,
    push: Option<Search<'m>>,
    /// Pull searches made so far and their expansions, for the statistics.
    pub(crate) expanded: u64,
}

impl<'m> Fess<'m> {
    /// A search of `model` within `budget` bytes (shared by both phases).
    pub(crate) fn new(
        model: &'m Model,
        shared: &'m Shared,
        features: Features,
        budget: usize,
    ) -> Fess<'m> {
        Fess {
            model,
            shared,
            features,
            budget,
            packing: Packing::new(model, shared, features, budget / 3),
            push: None,
            expanded: 0,
        }
    }

    /// Bytes held by both searches.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.packing.search.memory_bytes() + self.push.as_ref().map_or(0, Search::memory_bytes)
    }

    /// Searches until an ending or until `clock` passes `until` (`None`: call again).
    /// The pull phase runs until `pull_until` at the latest.
    pub(crate) fn resume(
        &mut self,
        clock: &mut Clock<'_>,
        until: Option<Duration>,
        pull_until: Duration,
    ) -> Option<Ending> {
        if self.push.is_none() {
            let limit = until.map_or(pull_until, |until| until.min(pull_until));
            match self.packing.resume(clock, Some(limit)) {
                None if clock.elapsed() < pull_until => return None,
                Some(Outcome::Stopped(reason)) if reason != StopReason::Memory => {
                    return Some(Ending::Stopped(reason));
                }
                _ => {}
            }
            self.start_push(clock.deadline());
        }
        loop {
            let push = self.push.as_mut()?;
            let meet = Some(&self.packing.search.meeting).filter(|_| self.features.bidirectional);
            let outcome = push.resume(clock, until, meet.filter(|m| !m.is_empty()))?;
            let push = self.push.as_ref()?;
            match outcome {
                Outcome::Solved(e) => {
                    let moves = push.moves_to(e);
                    if let Some(steps) = self.steps(&moves, &[]) {
                        return Some(Ending::Solved(steps));
                    }
                }
                Outcome::Met { e, edge, node } => {
                    let mut moves = push.moves_to(e);
                    if !edge.is_none() {
                        moves.push(push.tree.edges[edge].step);
                    }
                    if let Some(pulls) = self.packing.search.moves_to_node(node) {
                        if let Some(steps) = self.steps(&moves, &pulls) {
                            return Some(Ending::Solved(steps));
                        }
                    }
                }
                Outcome::Exhausted => return Some(Ending::Exhausted),
                Outcome::Stopped(reason) => return Some(Ending::Stopped(reason)),
            }
        }
    }

    /// Starts the push phase with the plan the pull phase found.
    fn start_push(&mut self, deadline: Deadline) {
        let model = self.model;
        let from_pulls = self
            .features
            .packing_search
            .then(|| self.packing.plan())
            .flatten();
        let plan = from_pulls.or_else(|| {
            crate::plan::PackingPlan::new(model)
                .map(|plan| plan::Plan::from_goal_order(&plan.order))
        });
        let scorer = Scorer::new(
            model,
            Way::Push,
            self.shared.rooms.clone(),
            self.shared.hotspots.clone(),
            plan,
        );
        let budget = self
            .budget
            .saturating_sub(self.packing.search.memory_bytes());
        let mut search = Search::new(model, self.shared, scorer, self.features, budget);
        search.deadline = deadline;
        let _ = search.add_root(&model.start_boxes, &[], model.start_pusher);
        self.expanded += self.packing.search.expanded;
        self.push = Some(search);
    }

    /// The steps of box moves `moves` from the start, then of the pulls `pulls`
    /// (from a solved position) played backwards; `None` if they do not replay to
    /// a solved position.
    fn steps(&self, moves: &[BoxMove], pulls: &[BoxMove]) -> Option<String> {
        let model = self.model;
        let mut writer =
            crate::engine::StepWriter::new(model, &model.start_boxes, model.start_pusher);
        for step in moves {
            writer.move_box(step.from, step.to, Some(step.last()));
        }
        for step in pulls.iter().rev() {
            writer.move_box(step.to, step.from, Some(step.first().opposite()));
        }
        let steps = writer.steps;
        let mut verifier =
            sokoengine_metrics::SolutionVerifier::from_board(model.board.clone()).ok()?;
        verifier.verify(&steps).ok()?;
        Some(steps)
    }

    pub(crate) fn expansions(&self) -> u64 {
        self.packing.search.expanded + self.push.as_ref().map_or(0, |push| push.expanded)
    }
}

/// The soundness audit's access to this module's own deadlock layers (settled
/// goals, goal walls), on positions placed by the caller.
#[derive(Debug)]
pub(crate) struct Auditor<'m> {
    board: Board<'m>,
    checks: Checks<'m>,
}

impl<'m> Auditor<'m> {
    /// The layers of `model`, every one on, within `budget` bytes.
    pub(crate) fn new(model: &'m Model, budget: usize) -> Auditor<'m> {
        Auditor {
            board: Board::new(model, Way::Push),
            checks: Checks::new(model, Way::Push, Features::ALL, budget),
        }
    }

    /// The first layer that refutes boxes on `boxes` with the pusher on `pusher`.
    pub(crate) fn check(&mut self, boxes: &[Cell], pusher: Cell) -> Option<Refuted> {
        self.board.set(boxes, &[], pusher);
        self.checks.audit(&self.board)
    }
}
