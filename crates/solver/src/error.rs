//! Levels the solver does not take, and internal failures.

/// Largest number of cells (width × height) a level's board may have.
pub const MAX_CELLS: usize = 65_535;
/// Largest number of boxes a level may have.
pub const MAX_BOXES: usize = 1_024;

/// Why the solver (or optimizer) cannot work on a level. The texts name the
/// offending value and the limit.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_solver::{Cancel, Objective, Silent, SolverConfig, SolverError, solve};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@$ .@#\n#######")?;
/// let error = solve(&puzzle, &SolverConfig::new(Objective::Any), &Cancel::new(), &mut Silent).unwrap_err();
/// assert_eq!(error, SolverError::SeveralPushers { count: 2 });
/// assert_eq!(error.to_string(), "the level has 2 pushers; the solver needs exactly one");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolverError {
    /// The board has no pusher.
    #[error("the level has no pusher")]
    NoPusher,
    /// The board has several pushers.
    #[error("the level has {count} pushers; the solver needs exactly one")]
    SeveralPushers {
        /// How many pushers.
        count: usize,
    },
    /// Sokoban+ is enabled on the level.
    #[error("Sokoban+ is enabled on the level; the solver does not handle box orders")]
    SokobanPlus,
    /// The active area has no box.
    #[error("the level has no box the pusher can reach")]
    NoBoxes,
    /// Boxes and goals of the active area differ in number.
    #[error(
        "the level has {boxes} {} but {goals} {} in the pusher's area",
        plural(*boxes, "box", "boxes"),
        plural(*goals, "goal", "goals")
    )]
    BoxGoalMismatch {
        /// Active boxes.
        boxes: usize,
        /// Active goals.
        goals: usize,
    },
    /// A board of more cells (width × height) than [`MAX_CELLS`].
    #[error("the level has {cells} cells; the solver takes at most {limit}")]
    TooManyCells {
        /// Cells of the board (width × height).
        cells: usize,
        /// [`MAX_CELLS`].
        limit: usize,
    },
    /// More boxes than [`MAX_BOXES`].
    #[error("the level has {boxes} boxes; the solver takes at most {limit}")]
    TooManyBoxes {
        /// Active boxes.
        boxes: usize,
        /// [`MAX_BOXES`].
        limit: usize,
    },
    /// A seed given to the optimizer does not solve the level.
    #[error("seed {index} is not a solution: {reason}")]
    InvalidSeed {
        /// 0-based index of the seed.
        index: usize,
        /// The verifier's reason.
        reason: String,
    },
    /// The optimizer was given no seed.
    #[error("the optimizer needs at least one seed solution")]
    NoSeeds,
    /// [`solve_from`](crate::solve_from) was given a mover in reverse mode, whose
    /// board has boxes and goals switched.
    #[error("the position is one of reverse play; the solver solves forward-mode positions")]
    ReverseMode,
    /// A result failed the engine's own verification: a bug, reported instead of
    /// returned.
    #[error("internal error: {0}")]
    Internal(String),
}

/// `one` for 1, else `many`.
const fn plural(count: usize, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 { one } else { many }
}
