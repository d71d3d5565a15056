//! `solve`: checks the level, builds the model, runs the search the objective asks
//! for, and verifies the answer with the engine's own verifier.

use sokoengine_board::Puzzle;
use sokoengine_metrics::{SolutionMetrics, SolutionVerifier};

use crate::clock::Clock;
use crate::config::{
    Cancel, Objective, Observer, Solution, SolveOutcome, SolverConfig, Stats, StopReason,
    UnsolvableReason,
};
use crate::engine::{Child, Engine, PusherKey};
use crate::error::SolverError;
use crate::model::Model;
use crate::search::{Ending, Order, best_first};

/// Solves `puzzle` (one pusher, Sokoban+ off) for `config.objective` within
/// `config.limits`.
///
/// The returned solution has been replayed by the metrics crate's verifier;
/// `Unsolvable` comes only with a proof (a dead start, or every reachable position
/// searched with complete pruning only).
///
/// # Errors
///
/// [`SolverError`] for a level the solver does not take: no or several pushers,
/// Sokoban+ requested on a level with box orders, no boxes, boxes and goals of
/// different counts, more than 65,535 cells or 1,024 boxes.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_solver::{Cancel, Objective, Silent, SolveOutcome, SolverConfig, solve};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let outcome = solve(&puzzle, &SolverConfig::new(Objective::Pushes), &Cancel::new(), &mut Silent)?;
/// let SolveOutcome::Solved(solution) = outcome else { panic!("solvable") };
/// assert_eq!(solution.lurd, "rRR");
/// assert_eq!(solution.metrics.pushes, 2);
/// assert_eq!(solution.proven, Some(Objective::Pushes));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    puzzle: &Puzzle,
    config: &SolverConfig,
    cancel: &Cancel,
    observer: &mut dyn Observer,
) -> Result<SolveOutcome, SolverError> {
    if config.sokoban_plus && puzzle.has_sokoban_plus() {
        return Err(SolverError::SokobanPlus);
    }
    let mut clock = Clock::new(config.limits, cancel, observer);
    let model = Model::new(puzzle, config.limits.memory_bytes)?;
    let key = match config.objective {
        Objective::Moves => PusherKey::Exact,
        Objective::Any | Objective::Pushes => PusherKey::Normalized,
    };
    let mut engine = Engine::new(&model, config.features, key, config.limits.memory_bytes);
    if config.objective == Objective::Any && config.features.goal_rooms {
        let rooms = crate::rooms::Rooms::new(&model);
        if !rooms.is_empty() {
            engine.rooms = Some(rooms);
        }
    }
    let stats = |engine: &Engine<'_>, clock: &Clock<'_>| Stats {
        elapsed: clock.elapsed(),
        expanded: clock.progress.expanded,
        generated: engine.generated,
        stored: engine.store.len() as u64,
        memory_bytes: engine.store.memory_bytes(),
        deadlocks: engine.deadlocks,
    };
    if model.board.boxes_off_goal() == 0 {
        let solution = Solution {
            lurd: String::new(),
            metrics: SolutionMetrics::ZERO,
            proven: (config.objective != Objective::Any).then_some(config.objective),
            stats: stats(&engine, &clock),
        };
        return Ok(SolveOutcome::Solved(solution));
    }
    let root = match engine.store_root(&model.start_boxes, model.start_pusher) {
        Ok(Some(root)) => root,
        Ok(None) => {
            return Ok(SolveOutcome::Unsolvable(
                UnsolvableReason::DeadStart,
                stats(&engine, &clock),
            ));
        }
        Err(reason) => return Ok(SolveOutcome::Stopped(reason, stats(&engine, &clock))),
    };
    if start_is_frozen(&mut engine) {
        return Ok(SolveOutcome::Unsolvable(
            UnsolvableReason::DeadStart,
            stats(&engine, &clock),
        ));
    }
    let (ending, proven) = match config.objective {
        Objective::Pushes => (
            best_first(&mut engine, &mut clock, root, Order::AStar, one_push, true),
            Some(Objective::Pushes),
        ),
        Objective::Moves => (
            best_first(
                &mut engine,
                &mut clock,
                root,
                Order::AStar,
                walk_and_push,
                false,
            ),
            Some(Objective::Moves),
        ),
        Objective::Any => {
            let mut ending =
                best_first(&mut engine, &mut clock, root, Order::Greedy, one_push, true);
            if ending == Ending::Exhausted && engine.rooms.is_some() {
                // Goal macros prune solutions: only a search without them proves
                // that there is none.
                engine = Engine::new(&model, config.features, key, config.limits.memory_bytes);
                ending = match engine.store_root(&model.start_boxes, model.start_pusher) {
                    Ok(Some(root)) => {
                        best_first(&mut engine, &mut clock, root, Order::Greedy, one_push, true)
                    }
                    Ok(None) => Ending::Exhausted,
                    Err(reason) => Ending::Stopped(reason),
                };
            }
            (ending, None)
        }
    };
    let _ = clock.report();
    match ending {
        Ending::Solved(last) => {
            let lurd = engine.steps_to(last, model.start_pusher);
            let metrics = verify(&model, &lurd)?;
            Ok(SolveOutcome::Solved(Solution {
                lurd,
                metrics,
                proven,
                stats: stats(&engine, &clock),
            }))
        }
        Ending::Exhausted => Ok(SolveOutcome::Unsolvable(
            UnsolvableReason::Exhausted,
            stats(&engine, &clock),
        )),
        Ending::Stopped(reason) => Ok(SolveOutcome::Stopped(reason, stats(&engine, &clock))),
    }
}

/// Whether a box of the start position is frozen off a goal.
fn start_is_frozen(engine: &mut Engine<'_>) -> bool {
    if !engine.features.freeze {
        return false;
    }
    let boxes = engine.boxes.clone();
    boxes
        .into_iter()
        .any(|cell| engine.is_frozen_deadlock(cell))
}

fn one_push(child: &Child) -> u32 {
    child.pushes
}

fn walk_and_push(child: &Child) -> u32 {
    child.walk + 1
}

/// Replays `lurd` with the metrics crate's verifier.
pub(crate) fn verify(
    model: &Model,
    lurd: &str,
) -> Result<sokoengine_metrics::SolutionMetrics, SolverError> {
    let mut verifier = SolutionVerifier::from_board(model.board.clone())
        .map_err(|error| SolverError::Internal(error.to_string()))?;
    let result = verifier.verify(lurd);
    debug_assert!(
        result.is_ok(),
        "the solver's solution {lurd} does not verify: {result:?}"
    );
    result.map_err(|error| {
        SolverError::Internal(format!(
            "a found solution does not verify ({error}): {lurd}"
        ))
    })
}

impl From<StopReason> for Ending {
    fn from(reason: StopReason) -> Ending {
        Ending::Stopped(reason)
    }
}
