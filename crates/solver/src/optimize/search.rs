//! The exact best-path search inside a configuration set.
//!
//! Nodes are (configuration, pusher cell, direction of the last push): after a push
//! the pusher stands on the box's old cell and the pushed box in front of it, so
//! the node fixes the whole [`PlugValue`] and the future costs depend on nothing
//! else. An edge is a best walk ([`Walks`]) plus one push; its cost is the
//! [`PathMetrics`] update of the metrics crate. The search is A* on the metric
//! tuple in the ordering's key order, with a consistent bound on the first key when
//! that is moves or pushes (every push moves one box one cell, so the sum of
//! nearest-goal push distances drops by at most one per edge), and it drops
//! children that cannot beat the best solution known. So the first solved node
//! taken from the open list is a best path through the set under the whole
//! ordering.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use sokoengine_board::Position;
use sokoengine_geometry::Direction;
use sokoengine_metrics::{Metric, MetricOrder, PathMetrics, PlugValue, SolutionMetrics, Step};

use crate::clock::Clock;
use crate::config::StopReason;
use crate::ids::{Cell, Table, id_type};
use crate::model::{INF, Model};

use super::configs::ConfigId;
use super::space::Space;
use super::walks::{Arrival, NO_DIRECTION, WalkOrder, Walks};

id_type!(
    /// A node of the search: its index in the searcher's arena.
    SearchNodeId
);

/// One push of a path: the box's cell and the direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Push {
    pub(crate) from: Cell,
    pub(crate) direction: Direction,
}

#[derive(Debug, Clone, Copy)]
struct Node {
    config: ConfigId,
    pusher: Cell,
    parent: SearchNodeId,
    /// Next node of the same configuration.
    next: SearchNodeId,
    metrics: SolutionMetrics,
    bound: u32,
    direction: u8,
    closed: bool,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ending {
    /// A path strictly better than the bound, best in the set.
    Found(Vec<Push>, SolutionMetrics),
    /// No path in the set beats the bound.
    NoBetter,
    /// A limit stopped the search.
    Stopped(StopReason),
}

/// A node of a path: a configuration, the pusher's cell, the direction of the last
/// push (`NO_DIRECTION` before the first), and the metrics of the path to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Anchor {
    pub(crate) config: ConfigId,
    pub(crate) pusher: Cell,
    pub(crate) direction: u8,
    pub(crate) metrics: SolutionMetrics,
}

/// Where a searched path must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// At the solving push, the pusher on `end_pusher` if given.
    Solved { end_pusher: Option<Cell> },
    /// At exactly this node (configuration, pusher, last push direction), from which
    /// the rest of a known path continues at the same cost.
    Node {
        config: ConfigId,
        pusher: Cell,
        direction: u8,
    },
}

/// What one search is asked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Query {
    pub(crate) order: MetricOrder,
    /// Only paths whose metrics at the target are strictly better than this count.
    pub(crate) upper: SolutionMetrics,
    /// Where the paths start.
    pub(crate) root: Anchor,
    pub(crate) target: Target,
    /// Bytes the search's own tables may use.
    pub(crate) budget: usize,
}

/// Counters of one search.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SearchStats {
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    pub(crate) nodes: usize,
    pub(crate) memory_bytes: usize,
}

/// Which of moves and player lines `order` ranks first.
pub(crate) fn walk_order(order: MetricOrder) -> WalkOrder {
    let keys = order.keys();
    let rank = |metric: Metric| keys.iter().position(|&key| key == metric);
    if rank(Metric::Moves) < rank(Metric::PlayerLines) {
        WalkOrder::MovesFirst
    } else {
        WalkOrder::TurnsFirst
    }
}

/// The open-list key of a node: its metrics in the ordering's key order, the bound
/// added to the first key.
#[inline]
fn priority(order: MetricOrder, metrics: &SolutionMetrics, bound: u32) -> [u32; 6] {
    let mut key = order.sort_key(metrics);
    key[0] = key[0].saturating_add(bound);
    key
}

/// The summary of the path that ends in a node: nothing before the first push,
/// otherwise the last push and the box it moved (standing in front of the pusher).
#[inline]
fn plug_of(model: &Model, pusher: Cell, direction: u8) -> PlugValue<u32> {
    if direction == NO_DIRECTION {
        return PlugValue::START;
    }
    let direction_value = Direction::ALL[direction as usize];
    PlugValue {
        last_step: Some(Step::push(direction_value)),
        last_pushed_box: Some(
            model
                .neighbor(pusher, direction_value)
                .unwrap_or(Cell::NONE)
                .get(),
        ),
    }
}

/// The metrics after walking `arrival` and pushing the box on `from` in
/// `direction`, from a node with `metrics` and `plug`: the walk's two counters,
/// then the push through [`PathMetrics::after_push`].
#[inline]
pub(crate) fn after_edge(
    metrics: SolutionMetrics,
    plug: PlugValue<u32>,
    arrival: Arrival,
    from: Cell,
    to: Cell,
    direction: Direction,
) -> PathMetrics<u32> {
    let walked = if arrival.len == 0 {
        PathMetrics { metrics, plug }
    } else {
        let mut metrics = metrics;
        metrics.moves += arrival.len;
        metrics.player_lines += arrival.turns;
        PathMetrics {
            metrics,
            plug: PlugValue {
                last_step: Some(Step::walk(Direction::ALL[arrival.direction as usize])),
                last_pushed_box: plug.last_pushed_box,
            },
        }
    };
    walked.after_push(direction, from.get(), to.get())
}

/// The search's tables, reused between searches of one optimization.
#[derive(Debug, Default)]
pub(crate) struct Searcher {
    nodes: Table<SearchNodeId, Node>,
    /// The last node stored of each configuration (`NONE` for none).
    heads: Table<ConfigId, SearchNodeId>,
    open: BinaryHeap<Reverse<([u32; 6], SearchNodeId)>>,
    pub(crate) stats: SearchStats,
}

impl Searcher {
    fn memory_bytes(&self) -> usize {
        self.nodes.capacity() * size_of::<Node>()
            + self.heads.capacity() * 4
            + self.open.capacity() * size_of::<([u32; 6], SearchNodeId)>()
    }

    /// Grows `nodes` or `open` for one more entry within `budget`.
    fn reserve(&mut self, budget: usize, node: bool) -> Result<(), StopReason> {
        let full = if node {
            self.nodes.len() == self.nodes.capacity()
        } else {
            self.open.len() == self.open.capacity()
        };
        if !full {
            return Ok(());
        }
        let (len, size) = if node {
            (self.nodes.len(), size_of::<Node>())
        } else {
            (self.open.len(), size_of::<([u32; 6], SearchNodeId)>())
        };
        let left = budget.saturating_sub(self.memory_bytes()) / size;
        let extra = len.max(1024).min(left);
        if extra == 0 {
            return Err(StopReason::Memory);
        }
        if node {
            self.nodes.reserve_exact(extra);
        } else {
            self.open.reserve_exact(extra);
        }
        Ok(())
    }

    /// Releases the tables (between passes, so the set may grow).
    pub(crate) fn release(&mut self) {
        *self = Searcher {
            stats: self.stats,
            ..Searcher::default()
        };
    }

    /// Searches the set of `space` for the best path under `query.order` that is
    /// strictly better than `query.upper`.
    pub(crate) fn run(
        &mut self,
        space: &mut Space<'_>,
        walks: &mut Walks,
        query: &Query,
        clock: &mut Clock<'_>,
    ) -> Ending {
        let result = self.search(space, walks, query, clock);
        self.stats.nodes = self.nodes.len();
        // The tables only grow during a search: this is its peak.
        self.stats.memory_bytes = self.memory_bytes();
        match result {
            Ok(Some(last)) => {
                let mut pushes = Vec::new();
                let mut id = last;
                while !self.nodes[id].parent.is_none() {
                    let node = self.nodes[id];
                    pushes.push(Push {
                        from: node.pusher,
                        direction: Direction::ALL[node.direction as usize],
                    });
                    id = node.parent;
                }
                pushes.reverse();
                Ending::Found(pushes, self.nodes[last].metrics)
            }
            Ok(None) => Ending::NoBetter,
            Err(reason) => Ending::Stopped(reason),
        }
    }

    fn search(
        &mut self,
        space: &mut Space<'_>,
        walks: &mut Walks,
        query: &Query,
        clock: &mut Clock<'_>,
    ) -> Result<Option<SearchNodeId>, StopReason> {
        let model = space.model;
        let order = query.order;
        let walk_order = walk_order(order);
        // The push bound measures the distance to the solved configuration only.
        let end_pusher = match query.target {
            Target::Solved { end_pusher } => end_pusher,
            Target::Node { .. } => None,
        };
        let solving = matches!(query.target, Target::Solved { .. });
        let bounded = solving && matches!(order.keys()[0], Metric::Moves | Metric::Pushes);
        let upper = order.sort_key(&query.upper);
        self.nodes.clear();
        self.open.clear();
        self.heads.clear();
        let heads_bytes = space.set.len() * 4;
        if heads_bytes + self.memory_bytes() > query.budget {
            return Err(StopReason::Memory);
        }
        self.heads.resize(space.set.len(), SearchNodeId::NONE);
        let root = query.root;
        space.load(root.config, root.pusher);
        let root_bound = if bounded {
            space
                .boxes
                .iter()
                .map(|&cell| u32::from(space.box_distance(cell, root.pusher)))
                .sum::<u32>()
        } else {
            0
        };
        self.reserve(query.budget, true)?;
        self.nodes.push(Node {
            config: root.config,
            pusher: root.pusher,
            parent: SearchNodeId::NONE,
            next: SearchNodeId::NONE,
            metrics: root.metrics,
            bound: root_bound,
            direction: root.direction,
            closed: false,
        });
        let root_id = SearchNodeId::new(0);
        self.heads[root.config] = root_id;
        self.reserve(query.budget, false)?;
        let root_key = priority(order, &root.metrics, root_bound);
        if root_key >= upper {
            return Ok(None);
        }
        self.open.push(Reverse((root_key, root_id)));
        let mut boxes = Vec::new();
        while let Some(Reverse((key, id))) = self.open.pop() {
            let node = self.nodes[id];
            if node.closed || priority(order, &node.metrics, node.bound) != key {
                continue;
            }
            let reached = match query.target {
                // The start is no solution: a solution ends with a push.
                Target::Solved { .. } => {
                    node.config == space.goal && node.direction != NO_DIRECTION
                }
                Target::Node {
                    config,
                    pusher,
                    direction,
                } => node.config == config && node.pusher == pusher && node.direction == direction,
            };
            if reached {
                return Ok(Some(id));
            }
            self.nodes[id].closed = true;
            clock.tick()?;
            self.stats.expanded += 1;
            if self.stats.expanded % 64 == 0 {
                clock.progress.stored = self.nodes.len() as u64;
                clock.progress.open = self.open.len() as u64;
                clock.progress.memory_bytes = self.memory_bytes() + space.memory_bytes();
            }
            space.load(node.config, node.pusher);
            walks.fill(
                model,
                &space.position,
                node.pusher,
                node.direction,
                walk_order,
            );
            let plug = plug_of(model, node.pusher, node.direction);
            boxes.clone_from(&space.boxes);
            for &from in &boxes {
                let box_bound = if bounded {
                    u32::from(space.box_distance(from, node.pusher))
                } else {
                    0
                };
                for &direction in model.directions {
                    let Some(behind) = model.neighbor(from, direction.opposite()) else {
                        continue;
                    };
                    let Some(arrival) = walks.arrival(behind, direction, walk_order) else {
                        continue;
                    };
                    let Some(to) = space.position.push_target(from, direction) else {
                        continue;
                    };
                    let distance = space.pushed_distance(to, direction);
                    if distance == INF {
                        continue;
                    }
                    let Some(child) = space.find_child(from, to) else {
                        continue;
                    };
                    if child == space.goal
                        && (!solving || end_pusher.is_some_and(|end| end != from))
                    {
                        // A push that solves the level ends the path: only a search
                        // for the solved configuration takes it (with the pusher
                        // where it must end).
                        continue;
                    }
                    self.stats.generated += 1;
                    let after = after_edge(node.metrics, plug, arrival, from, to, direction);
                    let bound = if bounded {
                        node.bound - box_bound + u32::from(distance)
                    } else {
                        0
                    };
                    let child_key = priority(order, &after.metrics, bound);
                    if child_key >= upper {
                        continue;
                    }
                    self.offer(child, from, direction, id, after.metrics, bound, query)?;
                }
            }
        }
        Ok(None)
    }

    /// Records a path to node (`config`, `pusher`, `direction`) unless a path at
    /// least as good is known.
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &mut self,
        config: ConfigId,
        pusher: Cell,
        direction: Direction,
        parent: SearchNodeId,
        metrics: SolutionMetrics,
        bound: u32,
        query: &Query,
    ) -> Result<(), StopReason> {
        let order = query.order;
        let direction = direction.index() as u8;
        let mut id = self.heads[config];
        while !id.is_none() {
            let known = &self.nodes[id];
            if known.pusher == pusher && known.direction == direction {
                break;
            }
            id = known.next;
        }
        if id.is_none() {
            self.reserve(query.budget, true)?;
            id = SearchNodeId::at(self.nodes.len());
            self.nodes.push(Node {
                config,
                pusher,
                parent,
                next: self.heads[config],
                metrics,
                bound,
                direction,
                closed: false,
            });
            self.heads[config] = id;
        } else {
            let known = &mut self.nodes[id];
            if known.closed || order.sort_key(&known.metrics) <= order.sort_key(&metrics) {
                return Ok(());
            }
            known.metrics = metrics;
            known.parent = parent;
        }
        self.reserve(query.budget, false)?;
        self.open
            .push(Reverse((priority(order, &metrics, bound), id)));
        Ok(())
    }
}

/// The steps of `pushes` played from `position` (its pusher having last pushed in
/// direction `last`, `NO_DIRECTION` for none), every walk the best one for `order`
/// (as the search chose it), in the tessellation's letters.
pub(crate) fn steps_of(
    model: &Model,
    walks: &mut Walks,
    order: MetricOrder,
    mut position: Position,
    mut last: u8,
    pushes: &[Push],
) -> Option<String> {
    let walk_order = walk_order(order);
    let mut pusher = position.pusher();
    let mut steps = String::new();
    let mut walk = Vec::new();
    for push in pushes {
        walks.fill(model, &position, pusher, last, walk_order);
        let behind = model.neighbor(push.from, push.direction.opposite())?;
        let arrival = walks.arrival(behind, push.direction, walk_order)?;
        walk.clear();
        walks.path(behind, arrival, &mut walk);
        for &direction in &walk {
            position.step(direction).ok()?;
            steps.push(model.tessellation.step_char(direction, false).ok()?);
        }
        let moved = position.step(push.direction).ok()?;
        moved.pushed?;
        steps.push(model.tessellation.step_char(push.direction, true).ok()?);
        pusher = push.from;
        last = push.direction.index() as u8;
    }
    Some(steps)
}
