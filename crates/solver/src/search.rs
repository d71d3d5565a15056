//! Best-first searches over pushes: A* for push-optimal solutions, greedy
//! best-first for fast ones, A* over moves for move-optimal ones.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Duration;

use crate::clock::Clock;
use crate::config::StopReason;
use crate::engine::{Child, Engine};
use crate::ids::NodeId;
use crate::store::{Insert, Node, Store};

/// A node has been expanded.
const CLOSED: u8 = 1;

/// How the open list orders positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// Cost plus bound, then bound: A*. Finds a cheapest solution.
    AStar,
    /// A* over the pair (cost, pushes), compared in that order, with the bound a
    /// lower bound of both: the fewest moves (the cost), ties broken by pushes.
    AStarPair,
    /// Bound, then cost: greedy best-first. Finds a solution fast.
    Greedy,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    /// The stored node of a solved position.
    Solved(NodeId),
    /// Every position was searched.
    Exhausted,
    /// A position stored here (first) is stored by another search too (second).
    Met(NodeId, NodeId),
    /// A limit stopped it.
    Stopped(StopReason),
}

/// An open list of (priority, tie-break, node).
#[derive(Debug, Default)]
pub(crate) struct Open {
    heap: BinaryHeap<Reverse<(u32, u32, u32)>>,
}

impl Open {
    pub(crate) fn push(&mut self, first: u32, second: u32, id: NodeId) {
        // Newer nodes first among equals: deeper in the search.
        self.heap
            .push(Reverse((first, second, u32::MAX - id.get())));
    }

    pub(crate) fn pop(&mut self) -> Option<(u32, u32, NodeId)> {
        self.heap
            .pop()
            .map(|Reverse((first, second, id))| (first, second, NodeId::new(u32::MAX - id)))
    }

    pub(crate) fn len(&self) -> usize {
        self.heap.len()
    }

    pub(crate) fn memory_bytes(&self) -> usize {
        self.heap.capacity() * size_of::<Reverse<(u32, u32, u32)>>()
    }

    /// Pushes like [`Open::push`], first growing the heap within `store`'s memory
    /// budget (its growth is counted among the store's other bytes).
    pub(crate) fn push_within(
        &mut self,
        store: &mut Store,
        first: u32,
        second: u32,
        id: NodeId,
    ) -> Result<(), StopReason> {
        store.reserve(&mut self.heap, 1, 1024)?;
        self.push(first, second, id);
        Ok(())
    }
}

/// The priority of a node under `order`, with the cost of the moves being the
/// node's cost (pushes or moves).
const fn priority(order: Order, node: &Node) -> (u32, u32) {
    match order {
        Order::AStar => (node.cost.saturating_add(node.bound), node.bound),
        Order::AStarPair => (
            node.cost.saturating_add(node.bound),
            node.pushes.saturating_add(node.bound),
        ),
        Order::Greedy => (node.bound, node.cost),
    }
}

/// A best-first search that can stop after some expansions and resume.
/// `step_cost` gives the cost of a child edge (pushes, or walk + 1).
///
/// With `Order::AStar`, an admissible bound and `goal_on_generation` (unit costs
/// only), the solved node found is a cheapest one.
#[derive(Debug)]
pub(crate) struct BestFirst {
    open: Open,
    order: Order,
    step_cost: fn(&Child) -> u32,
    goal_on_generation: bool,
}

impl BestFirst {
    /// A search from the stored root `root`, or its ending when the root is
    /// solved.
    pub(crate) fn start(
        engine: &mut Engine<'_>,
        root: NodeId,
        order: Order,
        step_cost: fn(&Child) -> u32,
        goal_on_generation: bool,
    ) -> Result<BestFirst, Ending> {
        if engine.store.node(root).bound == 0 && is_solved_node(engine, root) {
            return Err(Ending::Solved(root));
        }
        let mut open = Open::default();
        let (first, second) = priority(order, engine.store.node(root));
        open.push(first, second, root);
        Ok(BestFirst {
            open,
            order,
            step_cost,
            goal_on_generation,
        })
    }

    /// A search from several stored roots (a pull search from every solved
    /// position).
    pub(crate) fn start_all(
        engine: &Engine<'_>,
        roots: &[NodeId],
        order: Order,
        step_cost: fn(&Child) -> u32,
    ) -> BestFirst {
        let mut open = Open::default();
        for &root in roots {
            let (first, second) = priority(order, engine.store.node(root));
            open.push(first, second, root);
        }
        BestFirst {
            open,
            order,
            step_cost,
            goal_on_generation: true,
        }
    }

    /// Expands until the search ends, or until `clock` has passed `until` (checked
    /// every few expansions; then `None`: call again to go on). With `other`, a
    /// child that `other` stores too ends the search ([`Ending::Met`]).
    pub(crate) fn resume(
        &mut self,
        engine: &mut Engine<'_>,
        clock: &mut Clock<'_>,
        until: Option<Duration>,
        other: Option<&crate::store::Store>,
    ) -> Option<Ending> {
        let (order, step_cost, goal_on_generation) =
            (self.order, self.step_cost, self.goal_on_generation);
        engine.deadline = clock.deadline();
        while let Some((first, second, id)) = self.open.pop() {
            let node = *engine.store.node(id);
            if node.flags & CLOSED != 0 || priority(order, &node) != (first, second) {
                continue;
            }
            if !goal_on_generation && node.bound == 0 && is_solved_node(engine, id) {
                return Some(Ending::Solved(id));
            }
            if clock.progress.expanded % 32 == 0
                && until.is_some_and(|until| clock.elapsed() >= until)
            {
                self.open.push(first, second, id);
                return None;
            }
            engine.store.node_mut(id).flags |= CLOSED;
            if order != Order::Greedy {
                clock.progress.lower_bound = clock.progress.lower_bound.max(first);
            }
            if let Err(reason) = clock.tick() {
                return Some(Ending::Stopped(reason));
            }
            if clock.progress.expanded % 64 == 0 {
                engine.store.other_bytes = self.open.memory_bytes();
                clock.progress.stored = engine.store.len() as u64;
                clock.progress.open = self.open.len() as u64;
                clock.progress.memory_bytes = engine.store.memory_bytes();
            }
            engine.load(id);
            if engine.evaluate_loaded().is_none() {
                continue;
            }
            let mut solved = NodeId::NONE;
            let mut met = None;
            let open = &mut self.open;
            let result = engine.children(|engine, child| {
                let cost = node.cost + step_cost(&child);
                let pushes = node.pushes + child.pushes;
                let stored = engine.store_child(id, &child, cost, pushes)?;
                let child_id = match stored {
                    Insert::New(child_id) => child_id,
                    Insert::Known(child_id) => {
                        let known = engine.store.node_mut(child_id);
                        let better = match order {
                            Order::AStarPair => (cost, pushes) < (known.cost, known.pushes),
                            _ => cost < known.cost,
                        };
                        if !better {
                            return Ok(true);
                        }
                        known.cost = cost;
                        known.pushes = pushes;
                        known.parent = id;
                        known.moved_from = child.from;
                        known.moved_to = child.to;
                        known.last = child.last.index() as u8;
                        known.flags &= !CLOSED;
                        child_id
                    }
                };
                engine.remember_child(child_id);
                if child.solved && goal_on_generation {
                    solved = child_id;
                    return Ok(false);
                }
                if let Some(other) = other {
                    let words = engine.store.boxes(child_id);
                    if let Some(there) = other.find(child.hash, words, child.pusher) {
                        met = Some(Ending::Met(child_id, there));
                        return Ok(false);
                    }
                }
                let (first, second) = priority(order, engine.store.node(child_id));
                open.push_within(&mut engine.store, first, second, child_id)?;
                Ok(true)
            });
            if let Err(reason) = result {
                return Some(Ending::Stopped(reason));
            }
            if solved != NodeId::NONE {
                return Some(Ending::Solved(solved));
            }
            if met.is_some() {
                return met;
            }
        }
        Some(Ending::Exhausted)
    }
}

fn is_solved_node(engine: &mut Engine<'_>, id: NodeId) -> bool {
    engine.load(id);
    engine.position.is_solved()
}
