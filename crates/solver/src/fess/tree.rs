//! The search tree of the feature-space search: every position met (a *node*, with
//! its score), the positions expanded so far (an *expansion*, with its moves), and
//! per feature-space cell a queue of expansions ordered by their cheapest move not
//! yet made.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::board::{BoxMove, Way};
use super::score::{Rank, Score};
use crate::ids::{Cell, Table, id_type};
use crate::store::{FastMap, fast_map};

id_type!(
    /// A node of the tree: a position met by the search.
    PositionId
);

id_type!(
    /// An expanded position.
    ExpansionId
);

id_type!(
    /// A move of an expanded position.
    EdgeId
);

/// A position met by the search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub(crate) hash: u64,
    pub(crate) score: Score,
    /// Its expansion, `NONE` until it is expanded.
    pub(crate) expansion: ExpansionId,
    /// Proven to lead nowhere (a deadlock, or every move from it does).
    pub(crate) dead: bool,
}

/// A move of an expanded position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    pub(crate) step: BoxMove,
    /// The node it leads to.
    pub(crate) child: PositionId,
    /// 0 for a move an advisor names, 1 for the others.
    pub(crate) weight: u8,
    pub(crate) dead: bool,
}

/// An expanded position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Expansion {
    pub(crate) node: PositionId,
    /// The expansion this one was reached from, and the edge of it (`NONE` for roots).
    pub(crate) parent: ExpansionId,
    pub(crate) via: EdgeId,
    /// Box cells and remaining bases, in the cell arena.
    pub(crate) cells: u32,
    pub(crate) boxes: u16,
    pub(crate) bases: u16,
    /// The pusher's cell.
    pub(crate) pusher: Cell,
    /// Its edges in the edge arena.
    pub(crate) first_edge: EdgeId,
    pub(crate) edges: u32,
    /// The best score on the way from the root to here.
    pub(crate) best_past: Score,
    /// Sum of the weights of the moves from the root.
    pub(crate) weight: u32,
    pub(crate) depth: u32,
    /// Feature-space cell (of `best_past`).
    pub(crate) label: u32,
    /// The edge to make next and its total weight (`NONE` when none is left).
    pub(crate) best_edge: EdgeId,
    pub(crate) best_weight: u32,
}

/// Queue entry: total weight of the expansion's next move, the rank of the
/// position that move leads to, and the expansion.
type Entry = Reverse<(u32, Rank, ExpansionId)>;

/// The tree.
#[derive(Debug)]
pub(crate) struct Tree {
    pub(crate) nodes: Table<PositionId, Node>,
    index: FastMap<u64, PositionId>,
    pub(crate) expansions: Table<ExpansionId, Expansion>,
    pub(crate) edges: Table<EdgeId, Edge>,
    pub(crate) cells: Vec<Cell>,
    queues: Vec<BinaryHeap<Entry>>,
    pub(crate) way: Way,
}

impl Tree {
    pub(crate) fn new(way: Way) -> Tree {
        Tree {
            nodes: Table::new(),
            index: fast_map(),
            expansions: Table::new(),
            edges: Table::new(),
            cells: Vec::new(),
            queues: Vec::new(),
            way,
        }
    }

    fn way(&self) -> Way {
        self.way
    }

    /// Bytes the tree holds.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.nodes.capacity() * size_of::<Node>()
            + self.index.capacity() * (size_of::<u64>() + size_of::<u32>() + 1)
            + self.expansions.capacity() * size_of::<Expansion>()
            + self.edges.capacity() * size_of::<Edge>()
            + self.cells.capacity() * 4
            + self
                .queues
                .iter()
                .map(|queue| queue.capacity() * size_of::<Entry>())
                .sum::<usize>()
    }

    /// The node of `hash`, if met.
    pub(crate) fn find(&self, hash: u64) -> Option<PositionId> {
        self.index.get(&hash).copied()
    }

    /// Adds a node; returns its index.
    pub(crate) fn add_node(&mut self, hash: u64, score: Score) -> PositionId {
        let id = PositionId::at(self.nodes.len());
        self.nodes.push(Node {
            hash,
            score,
            expansion: ExpansionId::NONE,
            dead: false,
        });
        self.index.insert(hash, id);
        id
    }

    /// The box cells of expansion `e`.
    pub(crate) fn boxes_of(&self, e: &Expansion) -> &[Cell] {
        let first = e.cells as usize;
        &self.cells[first..first + usize::from(e.boxes)]
    }

    /// The remaining bases of expansion `e`.
    pub(crate) fn bases_of(&self, e: &Expansion) -> &[Cell] {
        let first = e.cells as usize + usize::from(e.boxes);
        &self.cells[first..first + usize::from(e.bases)]
    }

    /// The edges of expansion `e`.
    pub(crate) fn edges_of(&self, e: ExpansionId) -> impl Iterator<Item = EdgeId> + use<> {
        let e = &self.expansions[e];
        let first = e.first_edge.get();
        (first..first + e.edges).map(EdgeId::new)
    }

    /// Makes sure a queue exists for `label`.
    pub(crate) fn ensure_queue(&mut self, label: u32) {
        while self.queues.len() <= label as usize {
            self.queues.push(BinaryHeap::new());
        }
    }

    /// Works out the next edge of expansion `e`: the lightest not yet made whose
    /// position is neither dead nor expanded, the better position first among
    /// equals. Marks the expansion's node dead when every edge leads to a dead node.
    pub(crate) fn set_best_edge(&mut self, e: ExpansionId) {
        let way = self.way();
        let mut best = EdgeId::NONE;
        let mut best_weight = u32::MAX;
        let mut best_rank = None;
        let mut all_dead = true;
        for index in self.edges_of(e) {
            let edge = self.edges[index];
            let node = self.nodes[edge.child];
            if edge.dead || node.dead {
                self.edges[index].dead = true;
                continue;
            }
            all_dead = false;
            if !node.expansion.is_none() {
                continue;
            }
            let weight = u32::from(edge.weight);
            let rank = node.score.rank(way);
            if weight < best_weight || (weight == best_weight && Some(rank) < best_rank) {
                best = index;
                best_weight = weight;
                best_rank = Some(rank);
            }
        }
        let expansion = &mut self.expansions[e];
        expansion.best_edge = best;
        expansion.best_weight = if best.is_none() {
            u32::MAX
        } else {
            expansion.weight.saturating_add(best_weight)
        };
        let node = expansion.node;
        if all_dead && !self.nodes[node].dead {
            self.mark_dead(node);
        }
    }

    /// Queues expansion `e` in its cell, if it has a move left.
    pub(crate) fn enqueue(&mut self, e: ExpansionId) {
        let expansion = self.expansions[e];
        if expansion.best_edge.is_none() {
            return;
        }
        let rank = self.nodes[self.edges[expansion.best_edge].child]
            .score
            .rank(self.way());
        self.ensure_queue(expansion.label);
        self.queues[expansion.label as usize].push(Reverse((expansion.best_weight, rank, e)));
    }

    /// The lightest available move in cell `label`: (expansion, edge index).
    pub(crate) fn take_best(&mut self, label: u32) -> Option<(ExpansionId, EdgeId)> {
        loop {
            let Reverse((_, _, e)) = self.queues.get_mut(label as usize)?.pop()?;
            let expansion = self.expansions[e];
            let mut taken = None;
            if !expansion.best_edge.is_none() && !self.nodes[expansion.node].dead {
                let edge = self.edges[expansion.best_edge];
                let node = self.nodes[edge.child];
                if !edge.dead && !node.dead && node.expansion.is_none() {
                    taken = Some((e, expansion.best_edge));
                }
            }
            // Work out the expansion's next move (this one's node will be expanded
            // or found dead before it is looked at again).
            if let Some((_, edge)) = taken {
                // Skip the taken edge when choosing the next one.
                let saved = self.edges[edge].dead;
                self.edges[edge].dead = true;
                self.set_best_edge(e);
                self.edges[edge].dead = saved;
            } else {
                self.set_best_edge(e);
            }
            self.enqueue(e);
            if taken.is_some() {
                return taken;
            }
        }
    }

    /// Whether every queue is empty.
    pub(crate) fn exhausted(&self) -> bool {
        self.queues.iter().all(BinaryHeap::is_empty)
    }

    /// Marks node `node` dead, and every expansion above it all of whose moves now
    /// lead to dead nodes.
    pub(crate) fn mark_dead(&mut self, node: PositionId) {
        let mut node = node;
        loop {
            if self.nodes[node].dead {
                return;
            }
            self.nodes[node].dead = true;
            let e = self.nodes[node].expansion;
            if e.is_none() {
                return;
            }
            let parent = self.expansions[e].parent;
            if parent.is_none() {
                return;
            }
            let alive = self.edges_of(parent).any(|index| {
                let edge = self.edges[index];
                !edge.dead && !self.nodes[edge.child].dead
            });
            if alive {
                return;
            }
            node = self.expansions[parent].node;
        }
    }

    /// The expansions from the root to `e`.
    pub(crate) fn path_to(&self, e: ExpansionId) -> Vec<ExpansionId> {
        let mut path = vec![e];
        let mut current = e;
        while !self.expansions[current].parent.is_none() {
            current = self.expansions[current].parent;
            path.push(current);
        }
        path.reverse();
        path
    }
}
