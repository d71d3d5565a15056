//! Generic optimal search over any [`Rules`], built on the `pathfinding` crate.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use crate::Rules;

/// How a search tells positions apart: positions with equal keys are the same search state.
///
/// Implemented by [`Identity`] (the position is its own key) and by every closure
/// `Fn(&P) -> K`. Games whose positions carry history that does not matter for the future
/// (Hanoi's cost, for one) search by a key without it.
pub trait SearchKey<P> {
    /// The key type.
    type Key: Hash + Eq + Clone;

    /// The key of `position`.
    fn key(&self, position: &P) -> Self::Key;
}

/// The position is its own search key.
#[derive(Clone, Copy, Debug, Default)]
pub struct Identity;

impl<P: Hash + Eq + Clone> SearchKey<P> for Identity {
    type Key = P;

    fn key(&self, position: &P) -> P {
        position.clone()
    }
}

impl<P, K: Hash + Eq + Clone, F: Fn(&P) -> K> SearchKey<P> for F {
    type Key = K;

    fn key(&self, position: &P) -> K {
        self(position)
    }
}

/// Why a search returned no path.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{Search, SearchError};
/// # use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard};
/// # #[derive(Debug)] struct Count;
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # impl Rules for Count {
/// #   type Position = u32; type Movement = u32; type Error = No;
/// #   fn player_count(&self) -> usize { 1 }
/// #   fn first_position(&self) -> u32 { 0 }
/// #   fn next_player(&self, _: &u32) -> PlayerIndex { PlayerIndex::FIRST }
/// #   fn possible_movements(&self, p: &u32) -> Vec<u32> { if *p < 5 { vec![1, 2] } else { vec![] } }
/// #   fn next_position(&self, m: &u32, p: &u32) -> Result<u32, No> { Ok(p + m) }
/// #   fn finished(&self, p: &u32) -> bool { *p >= 5 }
/// #   fn score(&self, p: &u32) -> ScoreBoard { ScoreBoard::from_scores([i64::from(*p)]) }
/// # }
/// // `Count` (hidden): one player adds 1 or 2 to a counter until it reaches 5.
/// let search = Search::new(&Count).max_expansions(Some(1));
/// assert_eq!(search.bfs(&0).unwrap_err(), SearchError::LimitReached { limit: 1 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// Every reachable position was explored and none is a goal.
    #[error("no finished position is reachable")]
    NoSolution,
    /// The search expanded its allowed number of positions without an answer.
    #[error("the search stopped after expanding {limit} positions")]
    LimitReached {
        /// The expansion limit.
        limit: usize,
    },
    /// The rules gave different successors for the same position during one search (for
    /// example, successors that depend on hidden state), so no path could be rebuilt.
    #[error("the rules gave different successors for the same position")]
    InconsistentRules,
}

/// An optimal path found by a [`Search`]: `positions[0]` is the start, `positions[i + 1]`
/// the position after `movements[i]`.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::Search;
/// # use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard};
/// # #[derive(Debug)] struct Count;
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # impl Rules for Count {
/// #   type Position = u32; type Movement = u32; type Error = No;
/// #   fn player_count(&self) -> usize { 1 }
/// #   fn first_position(&self) -> u32 { 0 }
/// #   fn next_player(&self, _: &u32) -> PlayerIndex { PlayerIndex::FIRST }
/// #   fn possible_movements(&self, p: &u32) -> Vec<u32> { if *p < 5 { vec![1, 2] } else { vec![] } }
/// #   fn next_position(&self, m: &u32, p: &u32) -> Result<u32, No> { Ok(p + m) }
/// #   fn finished(&self, p: &u32) -> bool { *p >= 5 }
/// #   fn score(&self, p: &u32) -> ScoreBoard { ScoreBoard::from_scores([i64::from(*p)]) }
/// # }
/// // `Count` (hidden): one player adds 1 or 2 to a counter until it reaches 5.
/// let path = Search::new(&Count).bfs(&0)?;
/// assert_eq!((path.positions.as_slice(), path.movements.as_slice()), (&[0, 1, 3, 5][..], &[1, 2, 2][..]));
/// assert_eq!(path.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchPath<P, M> {
    /// The positions from start to goal (one more than the movements).
    pub positions: Vec<P>,
    /// The movements, in order.
    pub movements: Vec<M>,
}

impl<P, M> SearchPath<P, M> {
    /// The number of movements.
    pub fn len(&self) -> usize {
        self.movements.len()
    }

    /// Whether the start is already a goal.
    pub fn is_empty(&self) -> bool {
        self.movements.is_empty()
    }
}

/// A search node: compared and hashed by key only.
#[derive(Clone, Debug)]
struct Node<K, P> {
    key: K,
    position: P,
}

impl<K: PartialEq, P> PartialEq for Node<K, P> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl<K: Eq, P> Eq for Node<K, P> {}

impl<K: Hash, P> Hash for Node<K, P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

/// A search node with its depth, which takes no part in comparisons.
#[derive(Clone, Debug)]
struct Deep<K, P> {
    node: Node<K, P>,
    depth: u64,
}

impl<K: PartialEq, P> PartialEq for Deep<K, P> {
    fn eq(&self, other: &Self) -> bool {
        self.node == other.node
    }
}

impl<K: Eq, P> Eq for Deep<K, P> {}

impl<K: Hash, P> Hash for Deep<K, P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.node.hash(state);
    }
}

/// Optimal search from a position to a finished one, every movement costing 1.
///
/// * [`bfs`](Self::bfs): breadth-first (`pathfinding::directed::bfs`);
/// * [`astar`](Self::astar): A* with an admissible heuristic (`pathfinding` `astar`);
/// * [`idastar`](Self::idastar): iterative-deepening A*, memory linear in the depth;
/// * [`distances`](Self::distances): the distance of every reachable position.
///
/// A search may be bounded by [`max_expansions`](Self::max_expansions) so that no game can
/// make it run without end.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard, Search};
/// # #[derive(Debug)] struct Count;
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # impl Rules for Count {
/// #   type Position = u32; type Movement = u32; type Error = No;
/// #   fn player_count(&self) -> usize { 1 }
/// #   fn first_position(&self) -> u32 { 0 }
/// #   fn next_player(&self, _: &u32) -> PlayerIndex { PlayerIndex::FIRST }
/// #   fn possible_movements(&self, p: &u32) -> Vec<u32> { if *p < 100 { vec![1, 3] } else { vec![] } }
/// #   fn next_position(&self, m: &u32, p: &u32) -> Result<u32, No> { Ok(p + m) }
/// #   fn finished(&self, p: &u32) -> bool { *p == 10 }
/// #   fn score(&self, p: &u32) -> ScoreBoard { ScoreBoard::from_scores([i64::from(*p)]) }
/// # }
/// // `Count` (hidden): add 1 or 3 to a counter, finished at exactly 10.
/// let path = Search::new(&Count).bfs(&0)?;
/// assert_eq!(path.movements, [1, 3, 3, 3]);
/// let path = Search::new(&Count).astar(&0, |p| u64::from(10u32.saturating_sub(*p).div_ceil(3)))?;
/// assert_eq!(path.len(), 4);
/// # Ok::<(), sokoengine_rules::SearchError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Search<'r, R, K = Identity> {
    rules: &'r R,
    key: K,
    max_expansions: Option<usize>,
}

impl<'r, R: Rules> Search<'r, R, Identity>
where
    R::Position: Hash + Eq,
{
    /// A search over `rules` whose positions are their own keys.
    pub const fn new(rules: &'r R) -> Self {
        Self {
            rules,
            key: Identity,
            max_expansions: None,
        }
    }
}

impl<'r, R: Rules, K: SearchKey<R::Position>> Search<'r, R, K> {
    /// A search over `rules` telling positions apart by `key`.
    pub const fn by_key(rules: &'r R, key: K) -> Self {
        Self {
            rules,
            key,
            max_expansions: None,
        }
    }

    /// Stop with [`SearchError::LimitReached`] after expanding `limit` positions (`None`:
    /// no limit).
    #[must_use]
    pub const fn max_expansions(mut self, limit: Option<usize>) -> Self {
        self.max_expansions = limit;
        self
    }

    /// A shortest path from `start` to a finished position, by breadth-first search.
    ///
    /// # Errors
    ///
    /// [`SearchError::NoSolution`] when no finished position is reachable,
    /// [`SearchError::LimitReached`] when the expansion limit stops the search.
    pub fn bfs(
        &self,
        start: &R::Position,
    ) -> Result<SearchPath<R::Position, R::Movement>, SearchError> {
        let budget = Budget::new(self.max_expansions);
        let nodes = pathfinding::directed::bfs::bfs(
            &self.node(start.clone()),
            |node| self.expand(&budget, node).map(|(next, ())| next),
            |node| self.rules.finished(&node.position),
        );
        self.finish(&budget, nodes)
    }

    /// A shortest path from `start` to a finished position by A*. `heuristic` must never
    /// overestimate the remaining number of movements, or the path may not be optimal.
    ///
    /// # Errors
    ///
    /// As [`bfs`](Self::bfs).
    pub fn astar(
        &self,
        start: &R::Position,
        mut heuristic: impl FnMut(&R::Position) -> u64,
    ) -> Result<SearchPath<R::Position, R::Movement>, SearchError> {
        let budget = Budget::new(self.max_expansions);
        let found = pathfinding::directed::astar::astar(
            &self.node(start.clone()),
            |node| self.expand(&budget, node).map(|(next, ())| (next, 1u64)),
            |node| heuristic(&node.position),
            |node| self.rules.finished(&node.position),
        );
        self.finish(&budget, found.map(|(nodes, _)| nodes))
    }

    /// A shortest path from `start` to a finished position by iterative-deepening A*: memory
    /// grows only with the path length, time may grow with the number of paths. `heuristic`
    /// must never overestimate.
    ///
    /// # Errors
    ///
    /// As [`bfs`](Self::bfs).
    pub fn idastar(
        &self,
        start: &R::Position,
        mut heuristic: impl FnMut(&R::Position) -> u64,
    ) -> Result<SearchPath<R::Position, R::Movement>, SearchError> {
        let budget = Budget::new(self.max_expansions);
        let found = pathfinding::directed::idastar::idastar(
            &self.node(start.clone()),
            |node| self.expand(&budget, node).map(|(next, ())| (next, 1u64)),
            |node| heuristic(&node.position),
            |node| self.rules.finished(&node.position),
        );
        self.finish(&budget, found.map(|(nodes, _)| nodes))
    }

    /// The distance (number of movements) from `start` to every position reachable from it,
    /// by key. The search goes through finished positions too.
    ///
    /// # Errors
    ///
    /// [`SearchError::LimitReached`] when more than the expansion limit are reachable.
    pub fn distances(&self, start: &R::Position) -> Result<HashMap<K::Key, u64>, SearchError> {
        Ok(self.reachable(start)?.into_iter().collect())
    }

    /// Every position reachable from `start` (finished ones included, and searched through)
    /// by key with its distance, in breadth-first order: distances never decrease, and the
    /// order is deterministic (that of [`Rules::successors`]).
    ///
    /// # Errors
    ///
    /// [`SearchError::LimitReached`] when more than the expansion limit are reachable.
    pub fn reachable(&self, start: &R::Position) -> Result<Vec<(K::Key, u64)>, SearchError> {
        let budget = Budget::new(self.max_expansions);
        let start = Deep {
            node: self.node(start.clone()),
            depth: 0,
        };
        // `bfs_reach` yields each position once, with the depth of its first discovery,
        // which in breadth-first order is its distance.
        let reach = pathfinding::directed::bfs::bfs_reach(start, |deep| {
            let depth = deep.depth + 1;
            self.expand(&budget, &deep.node)
                .map(move |(node, ())| Deep { node, depth })
        });
        let found = reach.map(|deep| (deep.node.key, deep.depth)).collect();
        if budget.exhausted.get() {
            return Err(SearchError::LimitReached {
                limit: budget.limit.unwrap_or(usize::MAX),
            });
        }
        Ok(found)
    }

    fn node(&self, position: R::Position) -> Node<K::Key, R::Position> {
        Node {
            key: self.key.key(&position),
            position,
        }
    }

    fn expand(
        &self,
        budget: &Budget,
        node: &Node<K::Key, R::Position>,
    ) -> impl Iterator<Item = (Node<K::Key, R::Position>, ())> + use<'_, R, K> {
        let successors = if budget.spend() {
            self.rules.successors(&node.position)
        } else {
            Vec::new()
        };
        successors
            .into_iter()
            .map(|(_, position)| (self.node(position), ()))
    }

    /// Turns the node path into positions and movements, finding each movement again among
    /// the successors (pathfinding keeps nodes, not edges).
    fn finish(
        &self,
        budget: &Budget,
        nodes: Option<Vec<Node<K::Key, R::Position>>>,
    ) -> Result<SearchPath<R::Position, R::Movement>, SearchError> {
        if budget.exhausted.get() {
            return Err(SearchError::LimitReached {
                limit: budget.limit.unwrap_or(usize::MAX),
            });
        }
        let nodes = nodes.ok_or(SearchError::NoSolution)?;
        let mut nodes = nodes.into_iter();
        let Some(first) = nodes.next() else {
            return Err(SearchError::NoSolution);
        };
        let mut positions = vec![first.position];
        let mut movements = Vec::new();
        for node in nodes {
            let previous = positions.last().ok_or(SearchError::InconsistentRules)?;
            let (movement, position) = self
                .rules
                .successors(previous)
                .into_iter()
                .find(|(_, p)| self.key.key(p) == node.key)
                .ok_or(SearchError::InconsistentRules)?;
            movements.push(movement);
            positions.push(position);
        }
        Ok(SearchPath {
            positions,
            movements,
        })
    }
}

/// Counts expansions against an optional limit.
#[derive(Debug)]
struct Budget {
    limit: Option<usize>,
    spent: Cell<usize>,
    exhausted: Cell<bool>,
}

impl Budget {
    const fn new(limit: Option<usize>) -> Self {
        Self {
            limit,
            spent: Cell::new(0),
            exhausted: Cell::new(false),
        }
    }

    /// Takes one expansion; `false` (and remembered) when the limit is used up.
    fn spend(&self) -> bool {
        if self.limit.is_some_and(|limit| self.spent.get() >= limit) {
            self.exhausted.set(true);
            return false;
        }
        self.spent.set(self.spent.get() + 1);
        true
    }
}
