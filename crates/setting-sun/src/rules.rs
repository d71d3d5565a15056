//! The puzzle under the IArena-style [`Rules`] interface: one player, cost positions.

use std::fmt;

use sokoengine_rules::{CostPosition, PlayerIndex, Rules, ScoreBoard};

use crate::layout::{Layout, MoveError};
use crate::moves::Move;
use crate::puzzle::Puzzle;
use crate::vocabulary::Metric;

/// A position of [`SettingSunRules`]: a layout and the number of moves paid to reach it.
///
/// Equality and hashing compare the layout **and** the cost (as IArena's cost positions
/// do); searches should tell positions apart by [`layout`](Self::layout) alone.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{CostPosition, Rules};
/// use sokoengine_setting_sun::{Metric, Puzzle, SettingSunRules};
///
/// let rules = SettingSunRules::new(Puzzle::setting_sun(), Metric::Step);
/// let start = rules.first_position();
/// let movement = rules.possible_movements(&start)[0];
/// let next = rules.next_position(&movement, &start)?;
/// assert_eq!((start.cost(), next.cost()), (0, 1));
/// assert_ne!(next.layout(), start.layout());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SunPosition {
    layout: Layout,
    cost: u64,
}

impl SunPosition {
    /// The layout.
    #[must_use]
    pub const fn layout(&self) -> &Layout {
        &self.layout
    }
}

impl CostPosition for SunPosition {
    fn cost(&self) -> u64 {
        self.cost
    }
}

impl fmt::Display for SunPosition {
    /// `Cost: {cost}`, then the layout one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cost: {}\n{:#}", self.cost, self.layout)
    }
}

/// The rules of a [`Puzzle`] with moves counted under one [`Metric`].
///
/// One player; a position is finished when a sun's top-left is at the goal; the score of
/// player 0 is the cost (moves made, lower is better). Movements are listed in the order
/// of [`Layout::moves`]; [`next_position`](Rules::next_position) rejects a move that is
/// illegal or is more than one move under the metric.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{Rules, Search};
/// use sokoengine_setting_sun::{Metric, Puzzle, SettingSunRules, SunPosition};
///
/// let rules = SettingSunRules::new(Puzzle::setting_sun(), Metric::Piece);
/// let start = rules.first_position();
/// assert_eq!(rules.possible_movements(&start).len(), 6);
/// // Search by the canonical state: the cost does not matter for the future.
/// let path = Search::by_key(&rules, |p: &SunPosition| *p.layout().state()).bfs(&start)?;
/// assert_eq!(path.len(), 79);
/// # Ok::<(), sokoengine_rules::SearchError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SettingSunRules {
    puzzle: Puzzle,
    metric: Metric,
}

impl SettingSunRules {
    /// The rules of `puzzle` under `metric`.
    #[must_use]
    pub const fn new(puzzle: Puzzle, metric: Metric) -> Self {
        Self { puzzle, metric }
    }

    /// The puzzle.
    #[must_use]
    pub const fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The metric.
    #[must_use]
    pub const fn metric(&self) -> Metric {
        self.metric
    }
}

impl Rules for SettingSunRules {
    type Position = SunPosition;
    type Movement = Move;
    type Error = MoveError;

    fn player_count(&self) -> usize {
        1
    }

    fn first_position(&self) -> SunPosition {
        SunPosition {
            layout: *self.puzzle.start(),
            cost: 0,
        }
    }

    fn next_player(&self, _: &SunPosition) -> PlayerIndex {
        PlayerIndex::FIRST
    }

    fn possible_movements(&self, position: &SunPosition) -> Vec<Move> {
        position.layout.moves(self.metric)
    }

    fn next_position(
        &self,
        movement: &Move,
        position: &SunPosition,
    ) -> Result<SunPosition, MoveError> {
        if movement.cost(self.metric) > 1 {
            return Err(MoveError::NotOneMove {
                metric: self.metric,
                mv: *movement,
            });
        }
        Ok(SunPosition {
            layout: position.layout.after(movement)?,
            cost: position.cost + 1,
        })
    }

    fn finished(&self, position: &SunPosition) -> bool {
        self.puzzle.is_solved(&position.layout)
    }

    fn score(&self, position: &SunPosition) -> ScoreBoard {
        ScoreBoard::from_scores([i64::try_from(position.cost).unwrap_or(i64::MAX)])
    }

    fn is_movement_possible(&self, movement: &Move, position: &SunPosition) -> bool {
        self.next_position(movement, position).is_ok()
    }

    fn successors(&self, position: &SunPosition) -> Vec<(Move, SunPosition)> {
        // Generated moves are one move under the metric: only the layout checks remain.
        let cost = position.cost + 1;
        position
            .layout
            .moves(self.metric)
            .into_iter()
            .filter_map(|mv| {
                let layout = position.layout.after(&mv).ok()?;
                Some((mv, SunPosition { layout, cost }))
            })
            .collect()
    }
}
