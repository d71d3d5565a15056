//! Limits, cancellation, progress and errors.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use sokoengine_geometry::Tessellation;
use sokoengine_metrics::{MetricOrder, SolutionVerifier};
use sokoengine_solver::{
    Cancel, OptimizerConfig, Progress, Silent, SolverError, StopReason, optimize,
};

use crate::common::{any_solution, checked_optimize, puzzle};

/// A room with eight boxes: big enough that the optimizer's methods take a while.
const ROOM: &str =
    "##########/#   .    #/# $$ $ .##/#  $  #  #/#.  $@ $ #/#. $ . # #/#  . .   #/##########";

#[test]
fn a_time_limit_stops_with_a_verified_result() {
    let puzzle = puzzle(Tessellation::Sokoban, ROOM);
    let seed = any_solution(&puzzle);
    let mut config = OptimizerConfig::new(MetricOrder::Moves);
    config.limits = config.limits.with_time(Duration::from_millis(100));
    let started = Instant::now();
    let outcome = checked_optimize(&puzzle, &[&seed], &config);
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(outcome.stopped, Some(StopReason::Time));
    assert!(!outcome.optimal);
}

#[test]
fn a_small_memory_budget_stops_with_reason_memory() {
    let puzzle = puzzle(Tessellation::Sokoban, ROOM);
    let seed = any_solution(&puzzle);
    for budget in [200 << 10, 400 << 10, 1 << 20] {
        let mut config = OptimizerConfig::new(MetricOrder::Pushes);
        config.limits = config.limits.with_memory(budget);
        let outcome = checked_optimize(&puzzle, &[&seed], &config);
        assert_eq!(outcome.stopped, Some(StopReason::Memory), "{budget}");
        assert!(outcome.solution.stats.memory_bytes <= budget, "{budget}");
    }
}

#[test]
fn another_thread_cancels() {
    let puzzle = puzzle(Tessellation::Sokoban, ROOM);
    let seed = any_solution(&puzzle);
    let cancel = Cancel::new();
    let other = cancel.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        other.cancel();
    });
    let config = OptimizerConfig::new(MetricOrder::Moves);
    let outcome = optimize(&puzzle, &[&seed], &config, &cancel, &mut Silent).unwrap();
    canceller.join().unwrap();
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    let mut verifier = SolutionVerifier::new(&puzzle).unwrap();
    assert_eq!(
        verifier.verify(&outcome.solution.lurd),
        Ok(outcome.solution.metrics)
    );
}

#[test]
fn progress_comes_at_least_twice_a_second_and_can_stop() {
    let puzzle = puzzle(Tessellation::Sokoban, ROOM);
    let seed = any_solution(&puzzle);
    let mut config = OptimizerConfig::new(MetricOrder::Moves);
    config.limits = config.limits.with_time(Duration::from_millis(1200));
    let mut times: Vec<Duration> = Vec::new();
    let mut observer = |progress: &Progress| {
        times.push(progress.elapsed);
        assert!(progress.best_pushes.is_some());
        ControlFlow::Continue(())
    };
    let outcome = optimize(&puzzle, &[&seed], &config, &Cancel::new(), &mut observer).unwrap();
    if outcome.stopped == Some(StopReason::Time) {
        assert!(times.len() >= 3, "{times:?}");
        let mut last = Duration::ZERO;
        for &time in &times {
            assert!(time - last <= Duration::from_millis(700), "{times:?}");
            last = time;
        }
    }
    let mut calls = 0;
    let mut stop = |_: &Progress| {
        calls += 1;
        ControlFlow::Break(())
    };
    let config = OptimizerConfig::new(MetricOrder::Moves);
    let outcome = optimize(&puzzle, &[&seed], &config, &Cancel::new(), &mut stop).unwrap();
    if calls > 1 {
        assert_eq!(outcome.stopped, Some(StopReason::Observer));
    }
}

#[test]
fn errors_name_the_seed_and_the_level() {
    let puzzle = puzzle(Tessellation::Sokoban, "#######/#@ $ .#/#######");
    let config = OptimizerConfig::new(MetricOrder::Moves);
    let run = |seeds: &[&str]| optimize(&puzzle, seeds, &config, &Cancel::new(), &mut Silent);
    assert_eq!(run(&[]).unwrap_err(), SolverError::NoSeeds);
    let error = run(&["rRR", "rRd"]).unwrap_err();
    assert_eq!(
        error,
        SolverError::InvalidSeed {
            index: 1,
            reason: "blocked move at move 3".to_owned()
        }
    );
    assert_eq!(
        error.to_string(),
        "seed 1 is not a solution: blocked move at move 3"
    );
    assert_eq!(
        run(&["rR"]).unwrap_err().to_string(),
        "seed 0 is not a solution: not solved after 2 moves"
    );
    let two = crate::common::puzzle(Tessellation::Sokoban, "########/#@ $ .@#/########");
    assert_eq!(
        optimize(&two, &["rRR"], &config, &Cancel::new(), &mut Silent).unwrap_err(),
        SolverError::SeveralPushers { count: 2 }
    );
}

#[test]
fn seeds_are_normalized_and_the_best_one_is_named() {
    let puzzle = puzzle(Tessellation::Sokoban, "#######/#@ $ .#/#     #/#######");
    let mut config = OptimizerConfig::new(MetricOrder::Moves);
    config.global = false;
    config.vicinity = vec![(1, 1)];
    // Lower case pushes and steps after the solving push are normalized away.
    let outcome = checked_optimize(&puzzle, &["drulrRR", "rrrLLrr", "rrrlluD"], &config);
    assert_eq!(outcome.seed, 1);
    assert_eq!(outcome.seed_metrics.to_string(), "3/2/1/1/1/1");
    assert_eq!(outcome.solution.lurd, "rRR");
    assert!(!outcome.improved);
}

#[test]
fn the_pusher_can_be_kept_where_the_seed_ends() {
    // Two boxes pushed right, the upper one first; pushing the lower one first ends
    // one row higher.
    let puzzle = puzzle(
        Tessellation::Sokoban,
        "#######/#@$  .#/# $  .#/#     #/#######",
    );
    let seed = "RRRdlrdllluRRR";
    let mut verifier = SolutionVerifier::new(&puzzle).unwrap();
    assert!(verifier.verify(seed).is_ok());
    let mut config = OptimizerConfig::new(MetricOrder::Moves);
    config.keep_pusher_end = true;
    let kept = checked_optimize(&puzzle, &[seed], &config);
    config.keep_pusher_end = false;
    let free = checked_optimize(&puzzle, &[seed], &config);
    let end = |lurd: &str| {
        let board = sokoengine_board::CompactBoard::new(&puzzle).unwrap();
        let mut position = board.start();
        for letter in lurd.chars() {
            let step = sokoengine_metrics::Step::from_char(Tessellation::Sokoban, letter).unwrap();
            position.step(step.direction).unwrap();
        }
        position.pusher()
    };
    assert_eq!(end(&kept.solution.lurd), end(seed));
    assert!(
        MetricOrder::Moves.sort_key(&free.solution.metrics)
            <= MetricOrder::Moves.sort_key(&kept.solution.metrics)
    );
}

/// Stages whose whole set does not fit run in windows of the path: exact best paths
/// between two of its nodes, spliced in (`checked_optimize` verifies the result).
#[test]
fn stages_too_big_for_the_memory_share_run_in_windows() {
    let puzzle = puzzle(Tessellation::Sokoban, ROOM);
    let seed = any_solution(&puzzle);
    let mut whole = OptimizerConfig::new(MetricOrder::Moves);
    whole.global = false;
    let mut windows_ran = 0;
    for budget in [3 << 20, 12 << 20] {
        let mut config = whole.clone();
        config.limits = config.limits.with_memory(budget);
        let outcome = checked_optimize(&puzzle, &[&seed], &config);
        assert!(outcome.solution.stats.memory_bytes <= budget, "{budget}");
        let windowed = outcome
            .passes
            .iter()
            .filter(|pass| pass.method == sokoengine_solver::Method::Vicinity && !pass.complete)
            .count();
        windows_ran += windowed;
        eprintln!(
            "{budget}: {:?} {}",
            outcome.stopped, outcome.solution.metrics
        );
        for pass in &outcome.passes {
            eprintln!("  {pass}");
        }
    }
    assert!(windows_ran > 0);
}
