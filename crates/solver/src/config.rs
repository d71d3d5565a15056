//! What a search is asked to do and how it reports: objectives, limits, feature
//! toggles, cancellation, progress and outcomes.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sokoengine_metrics::SolutionMetrics;

/// What the solver optimizes.
///
/// # Examples
///
/// ```
/// use sokoengine_solver::Objective;
///
/// assert_eq!("pushes".parse::<Objective>()?, Objective::Pushes);
/// assert_eq!(Objective::Moves.to_string(), "moves");
/// # Ok::<(), sokoengine_solver::ParseObjectiveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Objective {
    /// Any solution, found fast; not optimal in any metric.
    #[default]
    Any,
    /// The fewest pushes, proven; moves are minimized on a best-effort basis.
    Pushes,
    /// The fewest moves, proven, with pushes as the tie-break.
    Moves,
}

impl Objective {
    /// All objectives.
    pub const ALL: [Objective; 3] = [Objective::Any, Objective::Pushes, Objective::Moves];

    /// The lower-case name (`any`, `pushes`, `moves`), as the CLI writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Objective::Any => "any",
            Objective::Pushes => "pushes",
            Objective::Moves => "moves",
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that names no [`Objective`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown objective '{text}' (expected any, pushes or moves)")]
#[non_exhaustive]
pub struct ParseObjectiveError {
    /// The rejected text.
    pub text: String,
}

impl std::str::FromStr for Objective {
    type Err = ParseObjectiveError;

    fn from_str(text: &str) -> Result<Objective, ParseObjectiveError> {
        Objective::ALL
            .into_iter()
            .find(|objective| objective.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| ParseObjectiveError {
                text: text.to_owned(),
            })
    }
}

/// Limits of one search. Every limit is checked at least every millisecond of search.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use sokoengine_solver::Limits;
///
/// let limits = Limits::default().with_time(Duration::from_secs(10)).with_memory(256 << 20);
/// assert_eq!(limits.time, Some(Duration::from_secs(10)));
/// assert_eq!(limits.nodes, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Wall-clock time of the search.
    pub time: Option<Duration>,
    /// Expanded nodes.
    pub nodes: Option<u64>,
    /// Bytes of the solver's own tables (node arena, transposition table, open
    /// list, deadlock cache, distance tables); not the process's resident size.
    pub memory_bytes: usize,
}

impl Limits {
    /// The largest default memory budget: 4 GiB. The default itself is sized from the
    /// process's limits ([`default_memory_budget`](crate::default_memory_budget)).
    pub const DEFAULT_MEMORY: usize = crate::memory::LARGEST_DEFAULT;

    /// These limits with a time limit.
    #[must_use]
    pub const fn with_time(mut self, time: Duration) -> Limits {
        self.time = Some(time);
        self
    }

    /// These limits with a node limit.
    #[must_use]
    pub const fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// These limits with a memory budget in bytes.
    #[must_use]
    pub const fn with_memory(mut self, bytes: usize) -> Limits {
        self.memory_bytes = bytes;
        self
    }
}

impl Default for Limits {
    /// No time or node limit; tables within the default memory budget
    /// ([`default_memory_budget`](crate::default_memory_budget) of one search, at most
    /// 4 GiB).
    fn default() -> Limits {
        Limits {
            time: None,
            nodes: None,
            memory_bytes: crate::memory::default_budget_once(),
        }
    }
}

/// Switches for the pruning layers, macros and searches; all on by default. Turning
/// a layer off never makes a search wrong, only slower (a test turns each off alone
/// and compares the push counts proven; the soundness audit checks every deadlock
/// layer along the corpus solutions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)] // independent switches, not a state machine
pub struct Features {
    /// Freeze deadlocks: a box that can never move again, off a goal.
    pub freeze: bool,
    /// Only the pushes of one PI-corral's boxes are generated when one exists.
    pub pi_corrals: bool,
    /// Corral deadlocks, found by small searches and kept in a deadlock cache.
    pub corral_deadlocks: bool,
    /// Sokoban-only patterns: closed diagonals (two diagonal boxes closing off two
    /// corners). Blocks of boxes and walls, such as 2x2 squares, are freeze
    /// deadlocks on every tessellation.
    pub patterns: bool,
    /// Tunnel macros (in `Any` mode) and tunnel pruning.
    pub tunnels: bool,
    /// Goal-room packing order and goal macros (in `Any` mode).
    pub goal_rooms: bool,
    /// Search from both ends (in `Any` mode): the greedy search's pull partner, and
    /// the feature space search's push phase meeting its pull phase's positions.
    pub bidirectional: bool,
    /// The feature space search (FESS) in `Any` mode's portfolio: a pull search
    /// for a packing plan, then a push search over box moves guided by features
    /// and advisors.
    pub fess: bool,
    /// FESS takes its packing plan from its pull search; off, from the goal-room
    /// packing order.
    pub packing_search: bool,
    /// Boxes frozen on goals become walls (FESS): every other box must still be
    /// matched to a goal it can reach past them, and no box is moved where it
    /// cannot.
    pub goal_walls: bool,
    /// Goals a solution can never empty again (FESS): for each area the pusher
    /// can end in, the goals whose boxes no pull from the solved position moves;
    /// a position with some of them empty in every area is dead.
    pub settled_goals: bool,
    /// FESS's pull phase, on levels where at least three boxes in four start on
    /// goals: a box taken off the board on a start cell stays there as a wall.
    /// Played forwards, that box stands on its start cell until the plan moves
    /// it, so the pulls made after it (in the pull search's order) must go
    /// around it.
    pub base_walls: bool,
    /// Proofs of no solution by relaxed pull searches (beside the searches of
    /// every mode, after a warm-up): from the solved position, boxes are followed
    /// backwards only while they stay within a growing room around the goals, and
    /// each box that leaves it must be matched to a different start box that can
    /// reach where it left. A room whose search never reaches the start proves the
    /// level dead.
    pub relaxed_proofs: bool,
}

impl Features {
    /// Every layer on.
    pub const ALL: Features = Features {
        freeze: true,
        pi_corrals: true,
        corral_deadlocks: true,
        patterns: true,
        tunnels: true,
        goal_rooms: true,
        bidirectional: true,
        fess: true,
        packing_search: true,
        goal_walls: true,
        settled_goals: true,
        base_walls: true,
        relaxed_proofs: true,
    };

    /// Every layer off: dead squares and the bipartite test remain (they come with
    /// the lower bound).
    pub const NONE: Features = Features {
        freeze: false,
        pi_corrals: false,
        corral_deadlocks: false,
        patterns: false,
        tunnels: false,
        goal_rooms: false,
        bidirectional: false,
        fess: false,
        packing_search: false,
        goal_walls: false,
        settled_goals: false,
        base_walls: false,
        relaxed_proofs: false,
    };
}

impl Default for Features {
    fn default() -> Features {
        Features::ALL
    }
}

/// The configuration of one [`solve`](crate::solve) call.
///
/// # Examples
///
/// ```
/// use sokoengine_solver::{Objective, SolverConfig};
///
/// let config = SolverConfig::new(Objective::Pushes);
/// assert_eq!(config.threads, 1);
/// assert!(config.features.freeze);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SolverConfig {
    /// What to optimize.
    pub objective: Objective,
    /// When to stop.
    pub limits: Limits,
    /// Threads of one search, 1 or 2 (0 acts as 1, more than 2 as 2). With 2,
    /// `Any` runs its greedy search (with its pull search) on the calling thread
    /// and its A* and FESS searches on a second thread; the first solution or proof
    /// of unsolvability stops both, so the answer may depend on timing. Each thread
    /// counts its own expansions against the node limit, and progress reports
    /// come from the calling thread's search. `Pushes` and `Moves` always run on
    /// one thread, so that their results never depend on timing.
    pub threads: u8,
    /// Pruning layers and macros.
    pub features: Features,
    /// Play with the puzzle's Sokoban+ box and goal orders. The solver does not
    /// support them: with this set, a level that has orders is an error
    /// ([`SolverError::SokobanPlus`](crate::SolverError::SokobanPlus)); without it,
    /// the orders are ignored, as `verify` does.
    pub sokoban_plus: bool,
}

impl SolverConfig {
    /// The default configuration for `objective`: no time or node limit, 4 GiB,
    /// one thread, every feature on.
    pub fn new(objective: Objective) -> SolverConfig {
        SolverConfig {
            objective,
            limits: Limits::default(),
            threads: 1,
            features: Features::ALL,
            sokoban_plus: false,
        }
    }
}

/// A cancellation flag shared between the caller and a running search; cloning it
/// shares the flag.
///
/// # Examples
///
/// ```
/// use sokoengine_solver::Cancel;
///
/// let cancel = Cancel::new();
/// let other_thread = cancel.clone();
/// other_thread.cancel();
/// assert!(cancel.is_cancelled());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag that is not set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every search holding this flag to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A progress report, sent at least twice a second and once at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    /// Time since the search started.
    pub elapsed: Duration,
    /// Nodes expanded.
    pub expanded: u64,
    /// Positions stored in the transposition table.
    pub stored: u64,
    /// Positions waiting in the open list.
    pub open: u64,
    /// The best proven lower bound on the objective's main metric so far.
    pub lower_bound: u32,
    /// Pushes of the best solution found so far.
    pub best_pushes: Option<u32>,
    /// Bytes used by the solver's tables.
    pub memory_bytes: usize,
}

/// Receives progress reports; returning `Break` stops the search (reason
/// [`StopReason::Observer`]).
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use sokoengine_solver::{Observer, Progress};
///
/// struct StopAfter(u64);
/// impl Observer for StopAfter {
///     fn progress(&mut self, progress: &Progress) -> ControlFlow<()> {
///         if progress.expanded > self.0 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
///     }
/// }
/// ```
pub trait Observer {
    /// A progress report.
    fn progress(&mut self, progress: &Progress) -> ControlFlow<()> {
        let _ = progress;
        ControlFlow::Continue(())
    }
}

/// An observer that ignores every report.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Observer for Silent {}

impl<F: FnMut(&Progress) -> ControlFlow<()>> Observer for F {
    fn progress(&mut self, progress: &Progress) -> ControlFlow<()> {
        self(progress)
    }
}

/// Why a search stopped without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The time limit passed.
    Time,
    /// The node limit was reached.
    Nodes,
    /// The memory budget is used up.
    Memory,
    /// [`Cancel::cancel`] was called.
    Cancelled,
    /// The observer asked to stop.
    Observer,
}

impl StopReason {
    /// The lower-case name: `time`, `nodes`, `memory`, `cancelled`, `observer`.
    pub const fn name(self) -> &'static str {
        match self {
            StopReason::Time => "time",
            StopReason::Nodes => "nodes",
            StopReason::Memory => "memory",
            StopReason::Cancelled => "cancelled",
            StopReason::Observer => "observer",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Counters of a finished search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated (children stored or found again).
    pub generated: u64,
    /// Positions stored in the transposition table.
    pub stored: u64,
    /// Peak bytes of the solver's tables.
    pub memory_bytes: usize,
    /// Children pruned by a deadlock layer.
    pub deadlocks: u64,
}

/// A solution the engine's verifier accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The steps in the tessellation's letters (upper case = push).
    pub lurd: String,
    /// The six metrics of the steps, as the metrics crate computes them.
    pub metrics: SolutionMetrics,
    /// The objective whose optimum this solution is proven to reach, if any.
    pub proven: Option<Objective>,
    /// Search counters.
    pub stats: Stats,
}

/// Why a level has no solution; only given with a proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnsolvableReason {
    /// The start position is already a deadlock (a box that can never reach a goal,
    /// a frozen box off a goal, no box-goal matching, or no relaxed pull search
    /// from the solved position that reaches it).
    DeadStart,
    /// Every position reachable from the start was searched.
    Exhausted,
}

impl fmt::Display for UnsolvableReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnsolvableReason::DeadStart => "the start position is a deadlock",
            UnsolvableReason::Exhausted => "every reachable position was searched",
        })
    }
}

/// The result of [`solve`](crate::solve).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveOutcome {
    /// A verified solution.
    Solved(Solution),
    /// Proven to have no solution.
    Unsolvable(UnsolvableReason, Stats),
    /// Stopped before an answer.
    Stopped(StopReason, Stats),
}

impl SolveOutcome {
    /// The solution, if solved.
    pub const fn solution(&self) -> Option<&Solution> {
        match self {
            SolveOutcome::Solved(solution) => Some(solution),
            _ => None,
        }
    }

    /// The search counters.
    pub const fn stats(&self) -> &Stats {
        match self {
            SolveOutcome::Solved(solution) => &solution.stats,
            SolveOutcome::Unsolvable(_, stats) | SolveOutcome::Stopped(_, stats) => stats,
        }
    }

    /// `solved`, `unsolvable` or `stopped`, as the CLI's JSON writes it.
    pub const fn status(&self) -> &'static str {
        match self {
            SolveOutcome::Solved(_) => "solved",
            SolveOutcome::Unsolvable(..) => "unsolvable",
            SolveOutcome::Stopped(..) => "stopped",
        }
    }
}
