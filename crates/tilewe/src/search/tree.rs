//! The search tree: nodes (positions) and edges (moves) in two arenas, expansion with
//! prior values, UCT-RAVE selection, and re-rooting for tree reuse.

use crate::board::Board;
use crate::moves::Move;
use crate::types::PieceSet;

use super::Params;
use super::features::{Sides, Tracker, for_each_wanted_move};
use super::model;
use super::stats::{N_KEYS, PlacementStats};

/// No child node yet.
pub(super) const NONE: u32 = u32::MAX;
/// Tree size limit in edges (36 bytes each, 144 MiB): beyond it nodes stop growing and
/// the search goes on with playouts from the leaves it has.
pub(super) const MAX_EDGES: usize = 1 << 22;

/// A move out of a node, with its statistics from the mover's point of view.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub(super) mv: Move,
    /// [`Move::placement_key`] of `mv`: moves covering the same cells share it.
    pub(super) key: u32,
    /// The prior's virtual wins: its virtual visits times its value, which follows the
    /// move model's opinion (see [`Tree::select`]); computed once at expansion rather
    /// than per selection.
    pub(super) prior_wins: f32,
    pub(super) visits: u32,
    pub(super) wins: f32,
    pub(super) amaf_visits: u32,
    pub(super) amaf_wins: f32,
    pub(super) child: u32,
    /// The value before exploration, [`rave_value`] of the statistics above, updated
    /// whenever they change: a backup changes a few edges of a node, while selection
    /// reads every edge of it, and its divisions are what selection waited on.
    pub(super) value: f32,
}

impl Edge {
    /// Recomputes [`Edge::value`] after the statistics changed.
    #[inline(always)]
    pub(super) fn update_value(&mut self, params: &Params) {
        let visits = self.visits as f32 + params.prior_visits;
        self.value = rave_value(self, visits, params.rave_bias * params.rave_bias);
    }
}

/// A position in the tree: its edges are `edges[first..first + len]`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) first: u32,
    pub(super) len: u32,
    /// The colour to move here.
    pub(super) mover: u8,
    pub(super) expanded: bool,
    pub(super) visits: u32,
}

impl Node {
    pub(super) const fn new(mover: u8) -> Node {
        Node {
            first: 0,
            len: 0,
            mover,
            expanded: false,
            visits: 0,
        }
    }
}

/// The search tree and the position it was grown from.
#[derive(Clone, Debug, Default)]
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) edges: Vec<Edge>,
    /// The position at the root (no history), and the move history that led there.
    pub(super) root: Option<Board>,
    pub(super) history: Vec<Move>,
}

impl Tree {
    /// The edges of node `n`.
    pub(super) fn edges_of(&self, n: Node) -> &[Edge] {
        &self.edges[n.first as usize..(n.first + n.len) as usize]
    }

    /// The node of `board`'s position, if `board` continues the game the tree was grown
    /// for through moves the tree holds.
    pub(super) fn find(&self, board: &Board) -> Option<u32> {
        let root = self.root.as_ref()?;
        let moves = board.moves();
        if self.nodes.is_empty() || !moves.starts_with(&self.history) {
            return None;
        }
        let mut replay = root.clone();
        let mut node = 0u32;
        for &mv in &moves[self.history.len()..] {
            if !replay.is_legal(mv) {
                return None;
            }
            replay.push_unchecked(mv);
            let key = mv.placement_key();
            let edge = self
                .edges_of(self.nodes[node as usize])
                .iter()
                .find(|e| e.key == key)?;
            if edge.child == NONE {
                return None;
            }
            node = edge.child;
        }
        (replay == *board && self.nodes[node as usize].mover == board.current).then_some(node)
    }

    /// Makes `board`'s position the root, keeping its subtree when the tree holds it.
    pub(super) fn reroot(&mut self, board: &Board) {
        match self.find(board) {
            Some(0) => {}
            Some(node) => self.keep_only(node),
            None => {
                self.nodes.clear();
                self.edges.clear();
                self.nodes.push(Node::new(board.current));
            }
        }
        self.root = Some(board.without_history());
        self.history.clear();
        self.history.extend_from_slice(board.moves());
    }

    /// Keeps only the subtree under `node`, renumbered breadth first from 0.
    fn keep_only(&mut self, node: u32) {
        let mut nodes = Vec::with_capacity(self.nodes.len() / 4);
        let mut edges = Vec::with_capacity(self.edges.len() / 4);
        nodes.push(self.nodes[node as usize]);
        let mut next = 0;
        while next < nodes.len() {
            let n: Node = nodes[next];
            let first = edges.len() as u32;
            for e in self.edges_of(n) {
                let mut e = *e;
                if e.child != NONE {
                    nodes.push(self.nodes[e.child as usize]);
                    e.child = nodes.len() as u32 - 1;
                }
                edges.push(e);
            }
            nodes[next].first = first;
            next += 1;
        }
        self.nodes = nodes;
        self.edges = edges;
    }

    /// Grows the edges of `node`, whose position is `board`: one per distinct placement,
    /// the best-scored ones, each with its prior.
    pub(super) fn expand(
        &mut self,
        node: u32,
        (board, tracker): (&Board, &Tracker),
        sides: Sides,
        params: &Params,
        buffers: &mut ExpandBuffers,
        stats: &PlacementStats,
    ) {
        let b = buffers;
        b.generation = b.generation.wrapping_add(1);
        if b.generation == 0 {
            b.stamp.fill(0);
            b.generation = 1;
        }
        let p = usize::from(board.current);
        let phase = model::phase(PieceSet::ALL.len() as u32 - board.remaining[p].count_ones());
        b.moves.clear();
        let with_centre = phase < model::CENTRE_PHASES;
        // A placement reached again (through another of its cells on a corner) is
        // skipped before its features are computed.
        let stamp = &mut b.stamp;
        let generation = b.generation;
        for_each_wanted_move(
            board,
            tracker,
            sides,
            with_centre,
            |mv| {
                let key = mv.placement_key() as usize;
                let new = stamp[key] != generation;
                stamp[key] = generation;
                new
            },
            |mv, f| b.moves.push(sort_key(mv, params.model.score(&f, phase))),
        );
        // Best first; the lower move (generation order) among equals, so the order is
        // reproducible: ascending sort keys.
        if b.moves.len() > params.max_edges {
            b.moves.select_nth_unstable(params.max_edges);
            b.moves.truncate(params.max_edges);
        }
        b.moves.sort_unstable();
        let best = b.moves.first().map_or(0, |&k| scored(k).1);
        let first = self.edges.len() as u32;
        for (mv, score) in b.moves.iter().map(|&k| scored(k)) {
            let key = mv.placement_key();
            let (amaf_visits, amaf_wins) = stats.inherited(board.current, key, params.inherit_cap);
            let mut edge = Edge {
                mv,
                key,
                prior_wins: prior_wins(model::relative_probability(best - score), params),
                visits: 0,
                wins: 0.0,
                amaf_visits,
                amaf_wins,
                child: NONE,
                value: 0.0,
            };
            edge.update_value(params);
            self.edges.push(edge);
        }
        let n = &mut self.nodes[node as usize];
        n.first = first;
        n.len = b.moves.len() as u32;
        n.expanded = true;
    }

    /// The edge of `n` to follow: UCT on the RAVE-blended value, where the prior adds
    /// virtual visits of a value between `prior_floor` and `prior_top`.
    pub(super) fn select(&self, n: Node, params: &Params) -> u32 {
        let log_n = ln(f64::from(n.visits.max(1))) as f32;
        let explore = |visits: f32| params.exploration * (log_n / visits).sqrt();
        // The exploration term of the few visit counts most edges have, computed once
        // per selection with the same operations: a division and a square root per edge
        // are what selection waits on.
        let small: [f32; SMALL_VISITS] =
            std::array::from_fn(|v| explore(v as f32 + params.prior_visits));
        let mut best = n.first;
        let mut best_value = f32::NEG_INFINITY;
        // Every edge is compared: with the values kept, an edge never visited costs a
        // load and an add, less than the test that skipped it.
        for (i, e) in (n.first..).zip(self.edges_of(n)) {
            let value = e.value
                + match small.get(e.visits as usize) {
                    Some(&term) => term,
                    None => explore(e.visits as f32 + params.prior_visits),
                };
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        best
    }

    /// The move to play: the most visited root edge (then the best mean, then the
    /// earliest move).
    pub(super) fn best_move(&self) -> Option<Move> {
        let root = *self.nodes.first()?;
        self.edges_of(root)
            .iter()
            .max_by(|a, b| {
                let mean = |e: &Edge| e.wins / e.visits.max(1) as f32;
                a.visits
                    .cmp(&b.visits)
                    .then(mean(a).total_cmp(&mean(b)))
                    .then(b.mv.cmp(&a.mv))
            })
            .map(|e| e.mv)
    }
}

/// An edge's value before exploration: its wins with the prior's virtual ones over
/// `visits` (real plus virtual), blended with its AMAF value by the minimum-MSE schedule
/// (`b2` is the squared RAVE bias).
#[inline(always)]
fn rave_value(e: &Edge, visits: f32, b2: f32) -> f32 {
    let value = (e.wins + e.prior_wins) / visits;
    if e.amaf_visits == 0 {
        return value;
    }
    let amaf = e.amaf_visits as f32;
    let beta = amaf / (visits + amaf + 4.0 * b2 * visits * amaf);
    (1.0 - beta) * value + beta * (e.amaf_wins / amaf)
}

/// Visit counts whose exploration term [`Tree::select`] computes once per call.
const SMALL_VISITS: usize = 8;

/// The virtual wins of an edge whose move the model rates `opinion` (0..1, 1 for the
/// node's best-scored move): `prior_visits` visits of a value between `prior_floor` and
/// `prior_top`.
#[inline(always)]
fn prior_wins(opinion: f32, params: &Params) -> f32 {
    let value = params.prior_floor + (params.prior_top - params.prior_floor) * opinion;
    value * params.prior_visits
}

/// A scored move as one integer whose ascending order is the expansion's order: best
/// score first, then the lower move. (The standard sort orders plain integers without
/// a comparator's branches: the expansion runs 7 % fewer instructions than it did
/// sorting (move, score) pairs with one.)
#[inline(always)]
const fn sort_key(mv: Move, score: i32) -> u64 {
    // `score as u32 ^ 1 << 31` orders like the signed score; its complement reverses it.
    ((!(score as u32 ^ 1 << 31)) as u64) << 32 | mv.packed() as u64
}

/// The move and score of a [`sort_key`].
#[inline(always)]
const fn scored(key: u64) -> (Move, i32) {
    (
        Move::from_packed(key as u32),
        (!((key >> 32) as u32) ^ 1 << 31) as i32,
    )
}

/// Buffers of [`Tree::expand`], kept between calls: deduplication stamps per placement
/// key with their generation, and the scored moves as [`sort_key`]s.
#[derive(Clone, Debug)]
pub(super) struct ExpandBuffers {
    stamp: Vec<u32>,
    generation: u32,
    moves: Vec<u64>,
}

impl ExpandBuffers {
    pub(super) fn new() -> ExpandBuffers {
        ExpandBuffers {
            stamp: vec![0; N_KEYS],
            generation: 0,
            moves: Vec::new(),
        }
    }
}

/// Natural logarithm from `+ - * /` only (halving to [1, 2), then an atanh series), so
/// it rounds the same everywhere; relative error below 1e-6 for `x >= 1`.
pub(super) fn ln(x: f64) -> f64 {
    let mut exponent = 0;
    let mut m = x;
    while m >= 2.0 {
        m /= 2.0;
        exponent += 1;
    }
    let z = (m - 1.0) / (m + 1.0);
    let z2 = z * z;
    let series = z * (1.0 + z2 * (1.0 / 3.0 + z2 * (1.0 / 5.0 + z2 * (1.0 / 7.0 + z2 / 9.0))));
    f64::from(exponent) * std::f64::consts::LN_2 + 2.0 * series
}

#[cfg(test)]
mod tests {
    use super::*;

    /// UCT-RAVE selection without its shortcuts: every edge's value computed in full,
    /// its exploration term included.
    fn select_reference(tree: &Tree, n: Node, params: &Params) -> u32 {
        let log_n = ln(f64::from(n.visits.max(1))) as f32;
        let b2 = params.rave_bias * params.rave_bias;
        let mut best = n.first;
        let mut best_value = f32::NEG_INFINITY;
        for (i, e) in (n.first..).zip(tree.edges_of(n)) {
            let visits = e.visits as f32 + params.prior_visits;
            let mut value = rave_value(e, visits, b2);
            // The kept value is the statistics' value.
            assert_eq!(e.value.to_bits(), value.to_bits());
            value += params.exploration * (log_n / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        best
    }

    #[test]
    fn selection_matches_the_full_computation() {
        use crate::board::{Board, StartCorners};
        use crate::engine::Engine;
        use crate::engine::Teams;
        use crate::rng::Rng;
        use crate::search::{Budget, Mcts};

        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut engine = Mcts::new(Budget::Playouts(400)).with_teams(Teams::Partners);
        let mut rng = Rng::new(3);
        let mut checked = 0;
        for _ in 0..12 {
            let mv = engine.choose(&board, &mut rng).unwrap();
            let tree = &engine.tree;
            for &n in tree.nodes.iter().filter(|n| n.expanded && n.len > 0) {
                let expected = select_reference(tree, n, &engine.params);
                assert_eq!(tree.select(n, &engine.params), expected);
                checked += 1;
            }
            board.push(mv).unwrap();
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn expansion_scores_each_placement_at_its_first_move() {
        // The edges are the best-scored distinct placements, each scored as the first of
        // its moves in generation order: what deduplicating every scored move gives.
        use crate::board::StartCorners;
        use crate::search::features::for_each_move;

        let params = Params::standard();
        let sides = Sides::from_teams([0, 1, 0, 1], 4);
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut rng = crate::rng::Rng::new(9);
        let mut buffers = ExpandBuffers::new();
        let mut compared = 0;
        while !board.is_finished() {
            let tracker = Tracker::new(&board);
            let mut tree = Tree::default();
            tree.nodes.push(Node::new(board.current));
            tree.expand(
                0,
                (&board, &tracker),
                sides,
                &params,
                &mut buffers,
                &PlacementStats::new(0.5),
            );
            let p = usize::from(board.current);
            let placed = PieceSet::ALL.len() as u32 - board.remaining[p].count_ones();
            let phase = model::phase(placed);
            let mut seen = std::collections::HashSet::new();
            let mut expected = Vec::new();
            let with_centre = phase < model::CENTRE_PHASES;
            for_each_move(&board, &tracker, sides, with_centre, |mv, f| {
                if seen.insert(mv.placement_key()) {
                    expected.push(sort_key(mv, params.model.score(&f, phase)));
                }
            });
            expected.sort_unstable();
            expected.truncate(params.max_edges);
            let edges: Vec<Move> = tree.edges.iter().map(|e| e.mv).collect();
            let moves: Vec<Move> = expected.iter().map(|&k| scored(k).0).collect();
            assert_eq!(edges, moves, "{board:?}");
            compared += edges.len();
            let mv = board.random_move(&mut rng).unwrap();
            board.push(mv).unwrap();
        }
        assert!(compared > 1000, "{compared}");
    }

    #[test]
    fn sort_keys_order_by_score_then_move() {
        let moves = [
            Move::from_raw(3, 7),
            Move::from_raw(3, 9),
            Move::from_raw(0, 200),
        ];
        let mut scored_moves = Vec::new();
        for mv in moves {
            for score in [i32::MIN, -5, -1, 0, 1, 40, i32::MAX] {
                scored_moves.push((mv, score));
                assert_eq!(scored(sort_key(mv, score)), (mv, score));
            }
        }
        let mut keys: Vec<u64> = scored_moves.iter().map(|&(m, s)| sort_key(m, s)).collect();
        keys.sort_unstable();
        scored_moves.sort_by(|a, c| c.1.cmp(&a.1).then(a.0.cmp(&c.0)));
        assert_eq!(
            keys.into_iter().map(scored).collect::<Vec<_>>(),
            scored_moves
        );
    }

    #[test]
    fn ln_matches_the_library() {
        for x in [1.0, 1.5, 2.0, 3.0, 10.0, 1000.0, 123_456.0] {
            assert!((ln(x) - x.ln()).abs() < 1e-6 * x.ln().max(1.0), "{x}");
        }
    }
}
