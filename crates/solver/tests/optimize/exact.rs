//! Exactness: where the optimizer's set covers every reachable configuration, its
//! result equals an independent step-level optimum under every ordering, and the
//! solver's push- and move-optimal searches.

use sokoengine_geometry::Tessellation;
use sokoengine_metrics::MetricOrder;
use sokoengine_solver::{
    Cancel, Objective, OptimizerConfig, Silent, SolveOutcome, SolverConfig, solve,
};

use crate::common::{any_solution, checked_optimize, puzzle, reference_optimum};

/// Tiny boards of every tessellation (rows joined by `/`).
const BOARDS: [(Tessellation, &str); 8] = [
    (Tessellation::Sokoban, "#######/#@ $ .#/#     #/#######"),
    (
        Tessellation::Sokoban,
        "#######/#.  $ #/# $@  #/#.    #/#######",
    ),
    (Tessellation::Sokoban, "######/#@*  #/#    #/######"),
    (
        Tessellation::Sokoban,
        "  #####/###  .#/# $ # #/#  @$ #/# .   #/#######",
    ),
    (
        Tessellation::Sokoban,
        "########/#  .   #/# $$@  #/#  .   #/########",
    ),
    (Tessellation::Hexoban, " # # # #/# @ $ . #/ #     #/  # # #"),
    (Tessellation::Trioban, "#######/#@ $ .#/#     #/#######"),
    (Tessellation::Octoban, "#######/#@ $ .#/#     #/#######"),
];

/// A solution to start from: the solver's (the start-solved board's by hand: the
/// solver answers it with no steps, which is no solution).
fn seed_of(puzzle: &sokoengine_board::Puzzle) -> String {
    let seed = any_solution(puzzle);
    if seed.is_empty() {
        "RdrruL".to_owned()
    } else {
        seed
    }
}

#[test]
fn the_global_search_finds_the_optimum_of_every_ordering() {
    for (tessellation, rows) in BOARDS {
        let puzzle = puzzle(tessellation, rows);
        let seed = seed_of(&puzzle);
        for order in MetricOrder::ALL {
            let expected =
                reference_optimum(&puzzle, order).unwrap_or_else(|| panic!("{rows} is solvable"));
            let outcome = checked_optimize(&puzzle, &[&seed], &OptimizerConfig::new(order));
            assert!(outcome.optimal, "{rows} {order}: {:?}", outcome.passes);
            assert_eq!(
                outcome.solution.metrics, expected,
                "{tessellation} {rows} under {order}: {} vs the reference",
                outcome.solution.lurd
            );
        }
    }
}

#[test]
fn a_vicinity_that_covers_everything_is_searched_exactly() {
    for (tessellation, rows) in BOARDS {
        let puzzle = puzzle(tessellation, rows);
        let boxes = puzzle.cells().filter(|cell| cell.has_box()).count() as u8;
        let seed = seed_of(&puzzle);
        for order in [
            MetricOrder::Moves,
            MetricOrder::Pushes,
            MetricOrder::PlayerLinesMoves,
        ] {
            let mut config = OptimizerConfig::new(order);
            config.global = false;
            config.vicinity = vec![(boxes, 1000)];
            let outcome = checked_optimize(&puzzle, &[&seed], &config);
            assert!(!outcome.optimal);
            assert_eq!(
                Some(outcome.solution.metrics),
                reference_optimum(&puzzle, order),
                "{rows} under {order}"
            );
        }
    }
}

#[test]
fn pushes_and_moves_match_the_solvers_optimal_searches() {
    for (tessellation, rows) in BOARDS {
        let puzzle = puzzle(tessellation, rows);
        if puzzle
            .cells()
            .all(|cell| !cell.has_box() || cell.has_goal())
        {
            // Solved at the start: the solver answers with no steps, which is no
            // solution under JSoko's rules (the optimizer's needs a push).
            continue;
        }
        let seed = seed_of(&puzzle);
        let optimum = |objective| match solve(
            &puzzle,
            &SolverConfig::new(objective),
            &Cancel::new(),
            &mut Silent,
        ) {
            Ok(SolveOutcome::Solved(solution)) => {
                assert_eq!(solution.proven, Some(objective));
                solution.metrics
            }
            other => panic!("{rows}: {other:?}"),
        };
        let pushes = checked_optimize(
            &puzzle,
            &[&seed],
            &OptimizerConfig::new(MetricOrder::Pushes),
        );
        assert_eq!(
            pushes.solution.metrics.pushes,
            optimum(Objective::Pushes).pushes,
            "{rows}"
        );
        assert_eq!(pushes.solution.proven, Some(Objective::Pushes));
        let moves = checked_optimize(&puzzle, &[&seed], &OptimizerConfig::new(MetricOrder::Moves));
        let solver = optimum(Objective::Moves);
        assert_eq!(moves.solution.metrics.moves, solver.moves, "{rows}");
        assert!(moves.solution.metrics.pushes <= solver.pushes, "{rows}");
        assert_eq!(moves.solution.proven, Some(Objective::Moves));
    }
}

#[test]
fn the_global_search_alone_reaches_every_configuration() {
    for (tessellation, rows) in BOARDS {
        let puzzle = puzzle(tessellation, rows);
        let seed = seed_of(&puzzle);
        for order in [MetricOrder::Moves, MetricOrder::BoxChangesMoves] {
            let mut config = OptimizerConfig::new(order);
            config.vicinity.clear();
            let outcome = checked_optimize(&puzzle, &[&seed], &config);
            assert!(outcome.optimal, "{rows}");
            assert_eq!(
                Some(outcome.solution.metrics),
                reference_optimum(&puzzle, order),
                "{rows} under {order}"
            );
        }
    }
}
