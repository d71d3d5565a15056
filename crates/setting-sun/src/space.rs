//! [`StateSpace`]: sets of states, reachable-state enumeration, distances and components.

use std::sync::OnceLock;

use crate::board::{Board, State};
use crate::layout::Layout;
use crate::search::{self, DEFAULT_STATE_LIMIT, Explored, SolveError, Track, breadth_first};
use crate::vocabulary::{Metric, Shape};

/// A set of states on one board, in a defined order (discovery order for a reachable set,
/// row-major placement order for [`all_placements`](Self::all_placements)).
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Layout, Metric};
///
/// let space = Layout::setting_sun().reachable()?;
/// assert_eq!(space.len(), 25_955);
/// assert_eq!(space.edge_count(), 41_948);
/// assert_eq!(space.mirror_class_count(), 13_011);
/// # Ok::<(), sokoengine_setting_sun::SolveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct StateSpace {
    board: Board,
    found: Explored,
    /// The states decoded from their keys, on the first call to
    /// [`states`](Self::states) for a search that keeps only keys.
    decoded: OnceLock<Vec<State>>,
}

impl Layout {
    /// Every state reachable from this layout by single steps (the same set under every
    /// metric), in breadth-first order from this layout.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] above [`DEFAULT_STATE_LIMIT`] states.
    pub fn reachable(&self) -> Result<StateSpace, SolveError> {
        self.reachable_with_limit(DEFAULT_STATE_LIMIT)
    }

    /// As [`reachable`](Self::reachable), storing at most `limit` states.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] when more than `limit` states are reachable.
    pub fn reachable_with_limit(&self, limit: usize) -> Result<StateSpace, SolveError> {
        let found = search::reachable(self.board(), self.state(), limit)?;
        Ok(StateSpace::new(*self.board(), found))
    }
}

impl StateSpace {
    /// Every placement of `counts[shape.index()]` pieces of each shape on `board`, in
    /// row-major placement order.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] above `limit` placements.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_setting_sun::{Board, StateSpace};
    ///
    /// // Two 1x1 squares on a 2x2 board.
    /// let space = StateSpace::all_placements(Board::new(2, 2)?, [2, 0, 0, 0], 100)?;
    /// assert_eq!(space.len(), 6);
    /// assert_eq!(space.component_sizes(), [6]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_placements(
        board: Board,
        counts: [usize; Shape::COUNT],
        limit: usize,
    ) -> Result<Self, SolveError> {
        let area: usize = Shape::ALL
            .iter()
            .map(|shape| {
                let (h, w) = shape.size();
                counts[shape.index()].saturating_mul(usize::from(h * w))
            })
            .fold(0, usize::saturating_add);
        let mut states = Vec::new();
        if area <= board.cells() {
            let mut walk = Placer {
                board,
                remaining: counts,
                empties: board.cells() - area,
                limit,
                found: &mut states,
            };
            walk.place(0, 0, State::EMPTY)?;
        }
        // Every placement is a source at depth 0: the search only indexes them.
        let found = breadth_first(&board, &states, Metric::Step, limit, Track::States, |_| {
            true
        })?;
        Ok(Self::new(board, found))
    }

    fn new(board: Board, found: Explored) -> Self {
        Self {
            board,
            found,
            decoded: OnceLock::new(),
        }
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The number of states.
    #[must_use]
    pub fn len(&self) -> usize {
        self.found.len()
    }

    /// Whether there is no state.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The states in order.
    ///
    /// Sets on boards of 22 to 42 cells keep each state as a 16-byte key; the first call
    /// decodes them all into a list of 32-byte states (other methods decode one at a
    /// time and need no such list).
    #[must_use]
    pub fn states(&self) -> &[State] {
        match self.found.stored_states() {
            Some(states) => states,
            None => self.decoded.get_or_init(|| self.iter().collect()),
        }
    }

    /// The states in order, one at a time.
    pub(crate) fn iter(&self) -> impl Iterator<Item = State> + '_ {
        (0..self.len() as u32).map(|at| self.found.state(at))
    }

    /// The layout of the state at `index`.
    #[must_use]
    pub fn layout(&self, index: usize) -> Option<Layout> {
        (index < self.len()).then(|| Layout::from_parts(self.board, self.found.state(index as u32)))
    }

    /// The position of `layout`'s state in the order, if it belongs to the set.
    #[must_use]
    pub fn index_of(&self, layout: &Layout) -> Option<usize> {
        if *layout.board() != self.board {
            return None;
        }
        self.found
            .index_of(layout.state())
            .map(|index| index as usize)
    }

    /// Whether `layout` belongs to the set.
    #[must_use]
    pub fn contains(&self, layout: &Layout) -> bool {
        self.index_of(layout).is_some()
    }

    /// The number of undirected single-step edges between states of the set.
    #[must_use]
    pub fn edge_count(&self) -> usize {
        let mut directed = 0;
        for state in self.iter() {
            self.board
                .for_each_successor(&state, Metric::Step, |next, _, _, _| {
                    directed += usize::from(self.found.index_of(&next).is_some());
                });
        }
        directed / 2
    }

    /// The number of classes of states equal up to left-right mirroring (counting states
    /// whose mirror image is outside the set as classes of their own).
    #[must_use]
    pub fn mirror_class_count(&self) -> usize {
        self.iter()
            .filter(|state| {
                let mirrored = self.board.mirror_left_right(state);
                // Count each class once: by its smaller member, or alone.
                *state <= mirrored || self.found.index_of(&mirrored).is_none()
            })
            .count()
    }

    /// For every state of the set (in order), its distance under `metric` from the nearest
    /// of `sources`; `u32::MAX` where no source connects.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] when the set exceeds [`DEFAULT_STATE_LIMIT`].
    pub fn distances_from(
        &self,
        sources: &[State],
        metric: Metric,
    ) -> Result<Vec<u32>, SolveError> {
        let limit = DEFAULT_STATE_LIMIT.max(self.len());
        let found = breadth_first(&self.board, sources, metric, limit, Track::States, |_| {
            false
        })?;
        Ok(self
            .iter()
            .map(|state| {
                found
                    .index_of(&state)
                    .map_or(u32::MAX, |at| found.depth(at))
            })
            .collect())
    }

    /// The sizes of the connected components (under single steps), largest first.
    #[must_use]
    pub fn component_sizes(&self) -> Vec<usize> {
        let mut labelled = vec![false; self.len()];
        let mut sizes = Vec::new();
        let mut queue = Vec::new();
        for first in 0..self.len() {
            if labelled[first] {
                continue;
            }
            labelled[first] = true;
            queue.clear();
            queue.push(first);
            let mut next = 0;
            while let Some(&at) = queue.get(next) {
                next += 1;
                self.board.for_each_successor(
                    &self.found.state(at as u32),
                    Metric::Step,
                    |successor, _, _, _| {
                        if let Some(number) = self.found.index_of(&successor)
                            && !labelled[number as usize]
                        {
                            labelled[number as usize] = true;
                            queue.push(number as usize);
                        }
                    },
                );
            }
            sizes.push(queue.len());
        }
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes
    }
}

/// Depth-first enumeration of placements, filling cells in row-major order.
struct Placer<'a> {
    board: Board,
    remaining: [usize; Shape::COUNT],
    empties: usize,
    limit: usize,
    found: &'a mut Vec<State>,
}

impl Placer<'_> {
    fn place(&mut self, index: u32, covered: u64, state: State) -> Result<(), SolveError> {
        let cells = self.board.cells() as u32;
        let mut at = index;
        while at < cells && covered & (1 << at) != 0 {
            at += 1;
        }
        if at == cells {
            if self.found.len() >= self.limit {
                return Err(SolveError::StateLimit { limit: self.limit });
            }
            self.found.push(state);
            return Ok(());
        }
        if self.empties > 0 {
            self.empties -= 1;
            let result = self.place(at + 1, covered | (1 << at), state);
            self.empties += 1;
            result?;
        }
        for shape in Shape::ALL {
            if self.remaining[shape.index()] == 0 || !self.board.fits(shape, self.board.cell(at)) {
                continue;
            }
            let footprint = self.board.footprint(shape, at);
            if footprint & covered != 0 {
                continue;
            }
            let mut next = state;
            next.insert(shape, at);
            self.remaining[shape.index()] -= 1;
            let result = self.place(at + 1, covered | footprint, next);
            self.remaining[shape.index()] += 1;
            result?;
        }
        Ok(())
    }
}
