//! [`Puzzle`]: a start layout and the sun's goal cell; optimal solving.

use crate::board::State;
use crate::layout::{Layout, MoveError};
use crate::moves::Move;
use crate::search::{
    DEFAULT_STATE_LIMIT, SolveError, Track, breadth_first, breadth_first_symmetric,
};
use crate::space::StateSpace;
use crate::vocabulary::{Cell, Metric, Shape};

/// Why a goal was rejected.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Cell, GoalError, Layout, Puzzle};
///
/// let no_sun = Layout::parse("ss/..")?;
/// assert!(matches!(Puzzle::with_default_goal(no_sun), Err(GoalError::NoSun(_))));
/// let sun = Layout::parse("BB/BB/..")?;
/// assert_eq!(Puzzle::new(sun, Cell::new(2, 0)).unwrap_err(), GoalError::OutOfBoard(Cell::new(2, 0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GoalError {
    /// The layout has no 2×2 sun to bring to the goal.
    #[error("the layout {0} has no 2x2 sun")]
    NoSun(String),
    /// A sun cannot have its top-left at the goal cell on this board.
    #[error("a 2x2 sun does not fit with its top-left at {0}")]
    OutOfBoard(Cell),
}

/// A sliding-block puzzle: a start layout and the cell where a sun's top-left must arrive.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Metric, Puzzle};
///
/// let puzzle = Puzzle::setting_sun();
/// let solution = puzzle.solve(Metric::Slide)?;
/// assert_eq!(solution.len(), 90);
/// assert!(puzzle.is_solved(&solution.replay()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    start: Layout,
    goal: Cell,
}

impl Puzzle {
    /// The Setting Sun: start `vBBv/vBBv/.hh./vssv/vssv`, goal (3,1).
    #[must_use]
    pub fn setting_sun() -> Self {
        Self {
            start: Layout::setting_sun(),
            goal: Cell::new(3, 1),
        }
    }

    /// Klotski: start `vBBv/vBBv/vhhv/vssv/s..s`, goal (3,1).
    #[must_use]
    pub fn klotski() -> Self {
        Self {
            start: Layout::klotski(),
            goal: Cell::new(3, 1),
        }
    }

    /// The puzzle of bringing a sun of `start` to top-left `goal`.
    ///
    /// # Errors
    ///
    /// [`GoalError::NoSun`] when `start` has no sun, [`GoalError::OutOfBoard`] when a sun
    /// does not fit at `goal`.
    pub fn new(start: Layout, goal: Cell) -> Result<Self, GoalError> {
        if start.count(Shape::Sun) == 0 {
            return Err(GoalError::NoSun(start.to_string()));
        }
        if !start.board().fits(Shape::Sun, goal) {
            return Err(GoalError::OutOfBoard(goal));
        }
        Ok(Self { start, goal })
    }

    /// The puzzle with the board's default goal: row `height - 2`, column
    /// `(width - 2) / 2`.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new); a board narrower or lower than 2 has no goal cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_setting_sun::{Cell, Layout, Puzzle};
    ///
    /// let puzzle = Puzzle::with_default_goal("BB./BB./.../...".parse()?)?;
    /// assert_eq!(puzzle.goal(), Cell::new(2, 0));
    /// assert!(Puzzle::with_default_goal("s.".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_default_goal(start: Layout) -> Result<Self, GoalError> {
        match start.board().default_goal() {
            Some(goal) => Self::new(start, goal),
            None if start.count(Shape::Sun) == 0 => Err(GoalError::NoSun(start.to_string())),
            None => Err(GoalError::OutOfBoard(Cell::new(0, 0))),
        }
    }

    /// The start layout.
    #[must_use]
    pub const fn start(&self) -> &Layout {
        &self.start
    }

    /// The goal cell of the sun's top-left.
    #[must_use]
    pub const fn goal(&self) -> Cell {
        self.goal
    }

    /// The same goal from another start on the same board.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new).
    pub fn from_layout(&self, start: Layout) -> Result<Self, GoalError> {
        Self::new(start, self.goal)
    }

    fn goal_bit(&self) -> u64 {
        1 << self.start.board().index(self.goal)
    }

    /// Whether a sun of `layout` has its top-left at the goal.
    #[must_use]
    pub fn is_solved(&self, layout: &Layout) -> bool {
        layout.board() == self.start.board() && self.is_goal_state(layout.state())
    }

    pub(crate) fn is_goal_state(&self, state: &State) -> bool {
        state.tops(Shape::Sun) & self.goal_bit() != 0
    }

    /// An optimal solution under `metric` (at most [`DEFAULT_STATE_LIMIT`] states).
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsolvable`] when no goal is reachable, [`SolveError::StateLimit`]
    /// when the search grows too large.
    pub fn solve(&self, metric: Metric) -> Result<Solution, SolveError> {
        self.solve_with_limit(metric, DEFAULT_STATE_LIMIT)
    }

    /// An optimal solution under `metric`, storing at most `limit` states.
    ///
    /// # Errors
    ///
    /// As [`solve`](Self::solve).
    pub fn solve_with_limit(&self, metric: Metric, limit: usize) -> Result<Solution, SolveError> {
        let board = *self.start.board();
        let goal_bit = self.goal_bit();
        let is_goal = |state: &State| state.tops(Shape::Sun) & goal_bit != 0;
        // A goal in the middle column is its own mirror image.
        let found = if 2 * usize::from(self.goal.column()) + 2 == board.width() {
            breadth_first_symmetric(
                &board,
                self.start.state(),
                metric,
                limit,
                Track::Parents,
                is_goal,
            )?
        } else {
            breadth_first(
                &board,
                &[*self.start.state()],
                metric,
                limit,
                Track::Parents,
                is_goal,
            )?
        };
        let explored = found.len();
        let Some(goal) = found.goal() else {
            found.recycle();
            return Err(SolveError::Unsolvable { explored });
        };
        let path = found.path_to(goal);
        found.recycle();
        let mut moves = Vec::new();
        let mut layout = self.start;
        for state in path.into_iter().skip(1) {
            let Some(mv) = layout.move_to(&state, metric) else {
                unreachable!("consecutive search states differ by one {metric} move");
            };
            moves.push(mv);
            layout = Layout::from_parts(board, state);
        }
        Ok(Solution {
            metric,
            start: self.start,
            moves,
            explored,
        })
    }

    /// Every state reachable from the start (see [`Layout::reachable`]).
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] above [`DEFAULT_STATE_LIMIT`] states.
    pub fn reachable(&self) -> Result<StateSpace, SolveError> {
        self.start.reachable()
    }

    /// The number of reachable goal states in `space`.
    #[must_use]
    pub fn goal_count(&self, space: &StateSpace) -> usize {
        space
            .iter()
            .filter(|state| self.is_goal_state(state))
            .count()
    }

    /// For every state of `space`, the distance under `metric` to the nearest goal state.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] when `space` is larger than the default limit.
    pub fn distances_to_goal(
        &self,
        space: &StateSpace,
        metric: Metric,
    ) -> Result<Vec<u32>, SolveError> {
        let goals: Vec<State> = space
            .iter()
            .filter(|state| self.is_goal_state(state))
            .collect();
        space.distances_from(&goals, metric)
    }
}

/// An optimal solution: the moves from the start to a goal under one metric.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Layout, Metric, Puzzle};
///
/// let puzzle = Puzzle::with_default_goal(Layout::parse("BB/BB/../..")?)?;
/// let solution = puzzle.solve(Metric::Slide)?;
/// assert_eq!((solution.len(), solution.steps()), (1, 2)); // one slide of two steps
/// assert!(puzzle.is_solved(&solution.replay()?));
/// assert_eq!(solution.moves()[0].to_string(), "(0,0) down down");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    metric: Metric,
    start: Layout,
    moves: Vec<Move>,
    explored: usize,
}

impl Solution {
    /// The metric the solution is optimal for.
    #[must_use]
    pub const fn metric(&self) -> Metric {
        self.metric
    }

    /// The start layout.
    #[must_use]
    pub const fn start(&self) -> &Layout {
        &self.start
    }

    /// The moves.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of moves: the optimal length under [`metric`](Self::metric).
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the start is already solved.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The number of single-cell steps of all moves.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.moves.iter().map(|mv| mv.cost(Metric::Step)).sum()
    }

    /// The number of states the search stored: one per left-right mirror class when the
    /// start is its own mirror image and the goal lies in the middle column.
    #[must_use]
    pub const fn explored(&self) -> usize {
        self.explored
    }

    /// Plays every move through the checked API and returns the final layout.
    ///
    /// # Errors
    ///
    /// The first move that is not legal (never for a solution made by the solver).
    pub fn replay(&self) -> Result<Layout, MoveError> {
        let mut layout = self.start;
        for mv in &self.moves {
            layout.play(mv)?;
        }
        Ok(layout)
    }

    /// The layouts along the solution, start first.
    ///
    /// # Errors
    ///
    /// As [`replay`](Self::replay).
    pub fn layouts(&self) -> Result<Vec<Layout>, MoveError> {
        let mut layouts = vec![self.start];
        let mut layout = self.start;
        for mv in &self.moves {
            layout.play(mv)?;
            layouts.push(layout);
        }
        Ok(layouts)
    }
}
