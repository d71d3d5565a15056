//! The solver's help from the position reached: a hint, the dead-position warning,
//! "solve from here" and "optimize this solution".
//!
//! Each asks the solver crate about a puzzle built from the Mover's board as it
//! stands ([`BoardGraph::to_puzzle`](sokoengine_board::BoardGraph::to_puzzle)), within
//! a time limit and a memory budget, and can be cancelled from another thread.

use std::time::Duration;

use sokoengine_board::Puzzle;
use sokoengine_metrics::{MetricOrder, SolutionMetrics};
use sokoengine_solver::{
    Cancel, Limits, Objective, OptimizerConfig, Silent, SolveOutcome, SolverConfig, StopReason,
    UnsolvableReason, optimize, solve,
};

/// How long a hint may search.
pub const HINT_TIME: Duration = Duration::from_secs(3);
/// How long "solve from here" may search.
pub const SOLVE_TIME: Duration = Duration::from_secs(30);
/// How long the optimizer may search.
pub const OPTIMIZE_TIME: Duration = Duration::from_secs(20);
/// How long the dead-position test may take (it searches nothing: the solver's
/// deadlock tests of a start position).
const DEAD_TIME: Duration = Duration::from_secs(2);
/// The solver's table budget for the player's searches: a desktop's share.
const MEMORY: usize = 1 << 30;

/// What the solver found from a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A solution: its steps (upper case pushes) and metrics.
    Solution(String, SolutionMetrics),
    /// Proven: no solution exists from here.
    Dead,
    /// Stopped before an answer (time, memory, cancelled).
    Stopped(StopReason),
    /// The solver does not take this level (several pushers, too large, ...).
    Refused(String),
}

fn limits(time: Duration) -> Limits {
    Limits::default().with_time(time).with_memory(MEMORY)
}

/// A solution from `position` for `objective` within `time`.
pub fn solve_from(
    position: &Puzzle,
    objective: Objective,
    time: Duration,
    cancel: &Cancel,
) -> Found {
    let mut config = SolverConfig::new(objective);
    config.limits = limits(time);
    match solve(position, &config, cancel, &mut Silent) {
        Ok(SolveOutcome::Solved(solution)) => Found::Solution(solution.lurd, solution.metrics),
        Ok(SolveOutcome::Unsolvable(..)) => Found::Dead,
        Ok(SolveOutcome::Stopped(reason, _)) => Found::Stopped(reason),
        Err(error) => Found::Refused(error.to_string()),
    }
}

/// The steps of a hint: the walk and the first push of a solution from `position`
/// (the solver's fast mode within [`HINT_TIME`]).
pub fn hint(position: &Puzzle, cancel: &Cancel) -> Found {
    match solve_from(position, Objective::Any, HINT_TIME, cancel) {
        Found::Solution(lurd, metrics) => {
            let end = lurd
                .char_indices()
                .find(|(_, c)| c.is_ascii_uppercase())
                .map_or(lurd.len(), |(index, c)| index + c.len_utf8());
            Found::Solution(lurd[..end].to_owned(), metrics)
        }
        other => other,
    }
}

/// Whether `position` is provably dead by the solver's deadlock tests of a start
/// position (dead cells, frozen boxes, no box-goal matching): `Some(reason)` when it
/// is. The search itself is not run, so this answers in about the time the solver
/// takes to build its tables for the level.
pub fn dead(position: &Puzzle, cancel: &Cancel) -> Option<&'static str> {
    let mut config = SolverConfig::new(Objective::Pushes);
    config.limits = limits(DEAD_TIME).with_nodes(1);
    match solve(position, &config, cancel, &mut Silent) {
        Ok(SolveOutcome::Unsolvable(UnsolvableReason::DeadStart, _)) => {
            Some("a box can no longer reach a goal")
        }
        Ok(SolveOutcome::Unsolvable(..)) => Some("no solution exists from here"),
        _ => None,
    }
}

/// What the optimizer made of some solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Optimized {
    /// The best solution found (never worse than the best seed).
    pub lurd: String,
    /// Its metrics.
    pub metrics: SolutionMetrics,
    /// The best seed's metrics.
    pub seed_metrics: SolutionMetrics,
    /// Whether it is better than the best seed.
    pub improved: bool,
    /// Whether it is proven best under the ordering.
    pub optimal: bool,
}

/// Improves `seeds`, solutions of `start`, under `order` within [`OPTIMIZE_TIME`].
///
/// # Errors
///
/// The optimizer's message for seeds that are no solutions or a level it does not
/// take.
pub fn improve(
    start: &Puzzle,
    seeds: &[String],
    order: MetricOrder,
    cancel: &Cancel,
) -> Result<Optimized, String> {
    let mut config = OptimizerConfig::new(order);
    config.limits = limits(OPTIMIZE_TIME);
    let outcome =
        optimize(start, seeds, &config, cancel, &mut Silent).map_err(|e| e.to_string())?;
    Ok(Optimized {
        lurd: outcome.solution.lurd,
        metrics: outcome.solution.metrics,
        seed_metrics: outcome.seed_metrics,
        improved: outcome.improved,
        optimal: outcome.optimal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_geometry::Tessellation;

    fn puzzle(text: &str) -> Puzzle {
        Puzzle::parse(Tessellation::Sokoban, text).unwrap()
    }

    #[test]
    fn a_hint_is_the_walk_and_the_first_push() {
        let position = puzzle("########\n#@ $  .#\n########");
        let Found::Solution(steps, _) = hint(&position, &Cancel::new()) else {
            panic!("solvable");
        };
        assert_eq!(steps, "rR");
    }

    #[test]
    fn dead_positions_are_told() {
        let cancel = Cancel::new();
        assert_eq!(
            dead(&puzzle("#####\n#@ .#\n#  $#\n#####"), &cancel),
            Some("a box can no longer reach a goal")
        );
        assert_eq!(dead(&puzzle("######\n#@$ .#\n######"), &cancel), None);
        assert!(matches!(
            solve_from(
                &puzzle("######\n#@$.@#\n######"),
                Objective::Any,
                HINT_TIME,
                &cancel
            ),
            Found::Refused(_)
        ));
    }

    #[test]
    fn optimizing_never_makes_it_worse() {
        let start = puzzle("#######\n#@ $ .#\n#     #\n#######");
        let optimized = improve(
            &start,
            &["drulrRR".to_owned()],
            MetricOrder::Moves,
            &Cancel::new(),
        )
        .unwrap();
        assert!(optimized.improved);
        assert_eq!(optimized.lurd, "rRR");
    }
}
