//! The reference's conformance figures: optimal lengths and the state space
//! (docs/rules.md#setting-sun).

use sokoengine_setting_sun::{Board, Cell, Layout, Metric, Puzzle, Shape, Solution, StateSpace};

/// Replays `solution` through the checked API and checks it reaches the goal, with the
/// expected length under its metric and moves that each cost one under it.
fn check_solution(puzzle: &Puzzle, solution: &Solution, expected: usize) {
    assert_eq!(solution.len(), expected, "{} metric", solution.metric());
    let end = solution.replay().expect("every move is legal");
    assert!(puzzle.is_solved(&end), "ends solved: {end}");
    for mv in solution.moves() {
        assert_eq!(
            mv.cost(solution.metric()),
            1,
            "{mv} is one {} move",
            solution.metric()
        );
    }
    // Every intermediate layout is unsolved: the solution stops at the first goal.
    let layouts = solution.layouts().expect("every move is legal");
    assert!(
        layouts[..layouts.len() - 1]
            .iter()
            .all(|l| !puzzle.is_solved(l))
    );
}

#[test]
fn start_layout_and_key() {
    let start = Layout::setting_sun();
    assert_eq!(start.to_string(), "vBBv/vBBv/.hh./vssv/vssv");
    assert_eq!(start.compact_key(), Some(0x5225220d844a44a));
    assert_eq!(start.compact_key(), Some(369_948_420_418_610_250));
    assert_eq!(
        start.id_grid(),
        " 1  2  2  3\n 1  2  2  3\n .  4  4  .\n 5  6  7  8\n 5  9 10  8\n"
    );
    assert_eq!(Puzzle::setting_sun().goal(), Cell::new(3, 1));
    assert_eq!(Board::CLASSIC.default_goal(), Some(Cell::new(3, 1)));
    let counts = Shape::ALL.map(|shape| start.count(shape));
    assert_eq!(counts, [4, 4, 1, 1]);
}

#[test]
fn setting_sun_optimal_lengths() {
    let puzzle = Puzzle::setting_sun();
    for (metric, expected) in Metric::ALL.into_iter().zip([112, 90, 79]) {
        let solution = puzzle.solve(metric).expect("solvable");
        check_solution(&puzzle, &solution, expected);
    }
}

#[test]
fn klotski_optimal_lengths() {
    let puzzle = Puzzle::klotski();
    for (metric, expected) in Metric::ALL.into_iter().zip([116, 90, 81]) {
        let solution = puzzle.solve(metric).expect("solvable");
        check_solution(&puzzle, &solution, expected);
    }
}

#[test]
fn state_space_of_the_start() {
    let puzzle = Puzzle::setting_sun();
    let space = puzzle.reachable().expect("small");
    assert_eq!(space.len(), 25_955);
    assert_eq!(space.mirror_class_count(), 13_011);
    assert_eq!(space.edge_count(), 41_948);
    assert_eq!(puzzle.goal_count(&space), 964);
    // Klotski lies in the same component, 4 single steps away.
    let klotski = Layout::klotski();
    assert!(space.contains(&klotski));
    let start = [*puzzle.start().state()];
    let from_start = space.distances_from(&start, Metric::Step).expect("small");
    assert_eq!(from_start[space.index_of(&klotski).expect("reachable")], 4);
}

#[test]
fn farthest_and_hardest_states() {
    for (puzzle, farthest) in [
        (Puzzle::setting_sun(), [167, 133, 122]),
        (Puzzle::klotski(), [167, 133, 124]),
    ] {
        let space = puzzle.reachable().expect("small");
        let start = [*puzzle.start().state()];
        for (metric, expected) in Metric::ALL.into_iter().zip(farthest) {
            let distances = space.distances_from(&start, metric).expect("small");
            assert_eq!(distances.iter().max(), Some(&expected), "{metric}");
        }
    }
    let puzzle = Puzzle::setting_sun();
    let space = puzzle.reachable().expect("small");
    let hardest: Layout = "BBv./BBv./svhh/vvsv/vssv".parse().expect("valid picture");
    let at = space.index_of(&hardest).expect("in the component");
    for (metric, expected) in Metric::ALL.into_iter().zip([126, 101, 93]) {
        let distances = puzzle.distances_to_goal(&space, metric).expect("small");
        assert_eq!(distances.iter().max(), Some(&expected), "{metric}");
        if metric == Metric::Step {
            assert_eq!(distances[at], 126);
        }
    }
    // The solver agrees from the hardest state.
    let from_hardest = puzzle.from_layout(hardest).expect("has a sun");
    assert_eq!(
        from_hardest.solve(Metric::Step).expect("solvable").len(),
        126
    );
}

#[test]
fn all_placements_and_components() {
    let space = StateSpace::all_placements(Board::CLASSIC, [4, 4, 1, 1], 100_000).expect("small");
    assert_eq!(space.len(), 65_880);
    let sizes = space.component_sizes();
    assert_eq!(sizes.len(), 898);
    assert_eq!(&sizes[..3], &[25_955, 25_955, sizes[2]]);
    assert!(sizes[2] < 25_955);
    assert_eq!(space.mirror_class_count(), 33_030);
    // The second large component is the up-down image of the start's.
    let image = Layout::setting_sun().mirror_up_down();
    let reachable = image.reachable().expect("small");
    assert_eq!(reachable.len(), 25_955);
    assert!(!reachable.contains(&Layout::setting_sun()));
    assert!(reachable.contains(&image.mirror_left_right()));
}

#[test]
fn flawed_reference_heuristic_example() {
    // Sun at (2,1) with row 4, columns 1-2 empty: one move solves it, while the
    // reference heuristic (Manhattan distance + pieces overlapping the goal region,
    // the sun included) says 2.
    let layout: Layout = "v..v/vhhv/vBBv/vBBv/s..s".parse().expect("valid picture");
    let puzzle = Puzzle::new(layout, Cell::new(3, 1)).expect("has a sun");
    let sun = Cell::new(2, 1);
    let goal = puzzle.goal();
    let manhattan =
        usize::from(goal.row().abs_diff(sun.row()) + goal.column().abs_diff(sun.column()));
    let overlapping: std::collections::BTreeSet<_> = (3..5)
        .flat_map(|row| (1..3).map(move |column| Cell::new(row, column)))
        .filter_map(|cell| layout.piece_at(cell))
        .collect();
    assert_eq!(manhattan + overlapping.len(), 2);
    assert_eq!(puzzle.solve(Metric::Step).expect("solvable").len(), 1);
    for metric in Metric::ALL {
        assert_eq!(
            puzzle.solve(metric).expect("solvable").moves()[0].to_string(),
            "(2,1) down"
        );
    }
}
