//! JSoko's six solution metrics, PlugValue and the (M)/(P) orderings.
//!
//! * [`SolutionMetrics`]: moves, pushes, box lines, box changes, pushing sessions and
//!   player lines, with the YASC tuple text form (`43/15/8/5/7/25`).
//! * From a step string alone: [`SolutionMetrics::from_lurd`] and [`StepCounter`]
//!   (every tessellation's letters), the fast path.
//! * Incrementally: [`PlugValue`] and [`PathMetrics`] update all six metrics in O(1)
//!   per step, shaped for optimizers (configuration + metrics + PlugValue →
//!   successor values).
//! * Verified against a board the JSoko way: [`SolutionVerifier`] (the board decides
//!   push or walk, the solution ends at the solving push, inactive boxes are
//!   ignored, invalid solutions get a typed [`InvalidSolution`]); a saved game's
//!   [`SavedGame`] also says what a replay that takes the letters at their word
//!   finds, in the same pass; [`Replay`] steps through a solution.
//! * Orderings: [`MetricOrder`] ((M), (P) and JSoko's optimizer orderings),
//!   [`JsokoOrder`] (JSoko's five-key form), [`SolutionList`] and the sorting helpers.
//!
//! ```
//! use sokoengine_metrics::{CompareMetrics, MetricOrder, SolutionMetrics};
//!
//! let fess = SolutionMetrics::from_lurd("ruuLLLLrrrrddlUruLLLulDrddllluuRRDrdLuuurDD")?;
//! let astar = SolutionMetrics::from_lurd("ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD")?;
//! assert_eq!(fess.to_string(), "43/15/8/5/7/25");
//! assert!(MetricOrder::Moves.is_better(&astar, &fess));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod lurd;
mod metrics;
mod order;
mod plug;
mod verify;

pub use lurd::{MAX_STEPS, StepCounter, StepsError};
pub use metrics::{Metric, ParseMetricsError, SolutionMetrics};
pub use order::{
    CompareMetrics, Insertion, JsokoOrder, MetricOrder, RankedSolution, SolutionList,
    best_by_metrics, sort_by_metrics,
};
pub use plug::{BoxMove, PathMetrics, PlugValue, Step};
pub use verify::{BoardError, IllegalStep, InvalidSolution, Replay, SavedGame, SolutionVerifier};

// The README's example runs as a doc test, so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
