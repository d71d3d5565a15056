//! Limits, cancellation, progress reports and the two-thread `Any` portfolio.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use sokoengine_board::Puzzle;
use sokoengine_geometry::Tessellation;
use sokoengine_metrics::SolutionVerifier;
use sokoengine_solver::{
    Cancel, Limits, Objective, Progress, Silent, SolveOutcome, SolverConfig, StopReason, solve,
};

/// 27 boxes in a checkerboard, 27 goals in another: `Any` solves it in a few
/// hundred expansions, a push-optimal proof takes far longer than any test.
const CHECKERBOARD: &str = "\
##################
# . .            #
#. . .           #
# . .  $ $ $ $   #
#. . .$ $ $ $ $  #
# . .  $ $ $ $   #
#. . .$ $ $ $ $  #
# . .  $ $ $ $   #
#. . .$ $ $ $ $  #
# . .            #
#. . .      . . @#
##################";

fn checkerboard() -> Puzzle {
    Puzzle::parse(Tessellation::Sokoban, CHECKERBOARD).expect("a valid board")
}

fn config(objective: Objective, limits: Limits, threads: u8) -> SolverConfig {
    let mut config = SolverConfig::new(objective);
    config.limits = limits;
    config.threads = threads;
    config
}

fn stopped(outcome: SolveOutcome) -> (StopReason, sokoengine_solver::Stats) {
    match outcome {
        SolveOutcome::Stopped(reason, stats) => (reason, stats),
        other => panic!("expected a stop: {other:?}"),
    }
}

fn assert_verifies(puzzle: &Puzzle, outcome: &SolveOutcome) {
    let SolveOutcome::Solved(solution) = outcome else {
        panic!("expected a solution: {outcome:?}");
    };
    let mut verifier = SolutionVerifier::new(puzzle).unwrap();
    assert_eq!(verifier.verify(&solution.lurd), Ok(solution.metrics));
}

#[test]
fn a_time_limit_stops_the_search() {
    let puzzle = checkerboard();
    // Pushes runs on one thread whatever `threads` says; both are accepted.
    for threads in [1, 2] {
        let limits = Limits::default().with_time(Duration::from_millis(200));
        let started = Instant::now();
        let outcome = solve(
            &puzzle,
            &config(Objective::Pushes, limits, threads),
            &Cancel::new(),
            &mut Silent,
        )
        .unwrap();
        assert!(started.elapsed() < Duration::from_secs(3));
        assert_eq!(stopped(outcome).0, StopReason::Time);
    }
}

#[test]
fn a_small_memory_budget_stops_with_reason_memory() {
    let puzzle = checkerboard();
    for budget in [256 << 10, 1 << 20, 4 << 20] {
        for objective in Objective::ALL {
            let limits = Limits::default().with_memory(budget);
            let outcome = solve(
                &puzzle,
                &config(objective, limits, 1),
                &Cancel::new(),
                &mut Silent,
            )
            .unwrap();
            let (reason, stats) = stopped(outcome);
            assert_eq!(reason, StopReason::Memory, "{objective} {budget}");
            assert!(
                stats.memory_bytes <= budget,
                "{objective} {budget}: {stats:?}"
            );
        }
    }
}

#[test]
fn another_thread_cancels() {
    let puzzle = checkerboard();
    for threads in [1, 2] {
        let cancel = Cancel::new();
        let other = cancel.clone();
        let canceller = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            other.cancel();
        });
        let started = Instant::now();
        let outcome = solve(
            &puzzle,
            &config(Objective::Pushes, Limits::default(), threads),
            &cancel,
            &mut Silent,
        )
        .unwrap();
        canceller.join().unwrap();
        assert!(started.elapsed() < Duration::from_secs(3));
        assert_eq!(stopped(outcome).0, StopReason::Cancelled);
        // A cancel set before the start stops `Any` too, on both threads.
        let cancel = Cancel::new();
        cancel.cancel();
        let outcome = solve(
            &puzzle,
            &config(Objective::Any, Limits::default(), threads),
            &cancel,
            &mut Silent,
        )
        .unwrap();
        assert_eq!(stopped(outcome).0, StopReason::Cancelled);
    }
}

#[test]
fn progress_comes_at_least_twice_a_second_and_at_the_end() {
    let puzzle = checkerboard();
    for threads in [1, 2] {
        let limits = Limits::default().with_time(Duration::from_millis(1300));
        let mut reports: Vec<Progress> = Vec::new();
        let mut observer = |progress: &Progress| {
            reports.push(*progress);
            ControlFlow::Continue(())
        };
        let outcome = solve(
            &puzzle,
            &config(Objective::Pushes, limits, threads),
            &Cancel::new(),
            &mut observer,
        )
        .unwrap();
        let (reason, stats) = stopped(outcome);
        assert_eq!(reason, StopReason::Time);
        assert!(reports.len() >= 3, "{reports:?}");
        let mut last = Duration::ZERO;
        for report in &reports {
            assert!(
                report.elapsed - last <= Duration::from_millis(500),
                "{reports:?}"
            );
            last = report.elapsed;
        }
        let end = reports.last().unwrap();
        assert!(end.elapsed >= Duration::from_millis(1300));
        assert!(end.expanded > 0 && end.expanded <= stats.expanded);
    }
    // An observer that says stop stops the search.
    let mut stop = |_: &Progress| ControlFlow::Break(());
    let outcome = solve(
        &puzzle,
        &config(Objective::Pushes, Limits::default(), 1),
        &Cancel::new(),
        &mut stop,
    )
    .unwrap();
    assert_eq!(stopped(outcome).0, StopReason::Observer);
}

#[test]
fn two_threads_solve_and_the_optimal_objectives_do_not_depend_on_them() {
    let puzzle = checkerboard();
    let outcome = solve(
        &puzzle,
        &config(Objective::Any, Limits::default(), 2),
        &Cancel::new(),
        &mut Silent,
    )
    .unwrap();
    assert_verifies(&puzzle, &outcome);
    // Pushes and Moves run on one thread whatever `threads` says: the same answer.
    let small = Puzzle::parse(
        Tessellation::Sokoban,
        "#######\n#     #\n# $.$ #\n# .$. #\n# $.$ #\n#  .@ #\n#######",
    )
    .unwrap();
    for objective in [Objective::Pushes, Objective::Moves] {
        let one = solve(
            &small,
            &config(objective, Limits::default(), 1),
            &Cancel::new(),
            &mut Silent,
        )
        .unwrap();
        let two = solve(
            &small,
            &config(objective, Limits::default(), 2),
            &Cancel::new(),
            &mut Silent,
        )
        .unwrap();
        assert_verifies(&small, &one);
        match (one, two) {
            (SolveOutcome::Solved(one), SolveOutcome::Solved(two)) => {
                assert_eq!(one.lurd, two.lurd, "{objective}");
            }
            other => panic!("{objective}: {other:?}"),
        }
    }
}

/// A 255x255 room (the largest board) with 20 boxes spread over it and 20 goals
/// in another spread: one expansion there touches every cell many times, so
/// only checks inside expansions keep the limits.
fn huge_room() -> Puzzle {
    const SIDE: usize = 255;
    let mut rows = vec![vec![b' '; SIDE]; SIDE];
    for (index, row) in rows.iter_mut().enumerate() {
        row[0] = b'#';
        row[SIDE - 1] = b'#';
        if index == 0 || index == SIDE - 1 {
            row.fill(b'#');
        }
    }
    for i in 0..20 {
        rows[12 + 11 * i][20 + (i * 37) % 200] = b'$';
        rows[15 + 11 * i][30 + (i * 53) % 200] = b'.';
        // A few walls that split the room into wings.
        rows[8 + 12 * i][100] = b'#';
    }
    rows[SIDE / 2][SIDE / 2 + 3] = b'@';
    let text: Vec<String> = rows
        .into_iter()
        .map(|row| String::from_utf8(row).expect("ASCII"))
        .collect();
    Puzzle::parse(Tessellation::Sokoban, &text.join("\n")).expect("a valid board")
}

#[test]
fn huge_boards_keep_the_time_limit_and_a_cancel() {
    let puzzle = huge_room();
    // Within max(1 s, 10 % of the limit) of it, for every objective.
    let limit = Duration::from_millis(1500);
    for objective in Objective::ALL {
        let limits = Limits::default().with_time(limit);
        let started = Instant::now();
        let outcome = solve(
            &puzzle,
            &config(objective, limits, 1),
            &Cancel::new(),
            &mut Silent,
        )
        .unwrap();
        let elapsed = started.elapsed();
        assert!(
            elapsed < limit + Duration::from_secs(1),
            "{objective}: {elapsed:?}"
        );
        assert_eq!(stopped(outcome).0, StopReason::Time, "{objective}");
    }
    // A cancel stops within a second.
    for threads in [1, 2] {
        let cancel = Cancel::new();
        let other = cancel.clone();
        let (sender, receiver) = std::sync::mpsc::channel();
        let canceller = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(1200));
            other.cancel();
            sender.send(Instant::now()).expect("the test waits");
        });
        let outcome = solve(
            &puzzle,
            &config(Objective::Any, Limits::default(), threads),
            &cancel,
            &mut Silent,
        )
        .unwrap();
        let stopped_at = Instant::now();
        canceller.join().unwrap();
        let cancelled_at = receiver.recv().expect("sent");
        let after = stopped_at.saturating_duration_since(cancelled_at);
        assert!(
            after < Duration::from_secs(1),
            "{threads} threads: {after:?}"
        );
        assert_eq!(stopped(outcome).0, StopReason::Cancelled);
    }
}
