//! The puzzle under the `Rules` interface, cross-checked with the rules crate's generic
//! search and arena.

use sokoengine_rules::{Arena, CostPosition, Player, Rules, Search};
use sokoengine_setting_sun::{
    Cell, Direction, Metric, Move, MoveError, Puzzle, SettingSunRules, Solution, SunPosition,
};

/// The generic BFS (over `pathfinding`) finds the same optimal lengths as the solver.
#[test]
fn generic_search_agrees_on_optimal_lengths() {
    for (puzzle, lengths) in [
        (Puzzle::setting_sun(), [112, 90, 79]),
        (Puzzle::klotski(), [116, 90, 81]),
    ] {
        for (metric, expected) in Metric::ALL.into_iter().zip(lengths) {
            let rules = SettingSunRules::new(puzzle, metric);
            let path = Search::by_key(&rules, |p: &SunPosition| *p.layout().state())
                .bfs(&rules.first_position())
                .expect("solvable");
            assert_eq!(path.len(), expected, "{metric}");
            let last = path.positions.last().expect("non-empty");
            assert!(rules.finished(last));
            assert_eq!(last.cost(), expected as u64);
        }
    }
}

/// Plays a solver's solution move by move.
#[derive(Debug)]
struct Replayer {
    moves: Vec<Move>,
    next: usize,
}

impl Player<SettingSunRules> for Replayer {
    fn play(&mut self, _: &SettingSunRules, _: &SunPosition) -> Option<Move> {
        let mv = self.moves.get(self.next).copied();
        self.next += 1;
        mv
    }

    fn starting_game(&mut self, _: &SettingSunRules, _: sokoengine_rules::PlayerIndex) {
        self.next = 0;
    }
}

#[test]
fn arena_replays_solutions_with_checked_movements() {
    let puzzle = Puzzle::setting_sun();
    for metric in Metric::ALL {
        let solution: Solution = puzzle.solve(metric).expect("solvable");
        let rules = SettingSunRules::new(puzzle, metric);
        let mut player = Replayer {
            moves: solution.moves().to_vec(),
            next: 0,
        };
        let report = Arena::new(&rules)
            .check_movements(true)
            .max_moves(Some(solution.len() as u64))
            .play(&mut [&mut player])
            .expect("the solution is legal and ends on the limit");
        assert_eq!(report.movements, solution.len() as u64);
        assert_eq!(report.score.as_slice(), [solution.len() as i64]);
        assert!(rules.finished(&report.final_position));
    }
}

#[test]
fn positions_are_values_and_moves_are_checked() {
    let rules = SettingSunRules::new(Puzzle::setting_sun(), Metric::Step);
    let start = rules.first_position();
    assert_eq!(rules.player_count(), 1);
    assert_eq!(start.to_string(), "Cost: 0\nvBBv\nvBBv\n.hh.\nvssv\nvssv");
    let movements = rules.possible_movements(&start);
    assert_eq!(
        movements
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "(0,0) down",
            "(0,3) down",
            "(2,1) left",
            "(2,1) right",
            "(3,0) up",
            "(3,3) up"
        ]
    );
    let after = rules.next_position(&movements[2], &start).expect("legal");
    assert_eq!(after.cost(), 1);
    assert_eq!(start.cost(), 0);
    assert_eq!(after.layout().to_string(), "vBBv/vBBv/hh../vssv/vssv");
    // A slide of two is not one step.
    let slide = Move::slide(Cell::new(2, 1), Direction::Left, 2).expect("short");
    assert!(matches!(
        rules.next_position(&slide, &start),
        Err(MoveError::NotOneMove {
            metric: Metric::Step,
            ..
        })
    ));
    assert!(!rules.is_movement_possible(&Move::step(Cell::new(0, 1), Direction::Down), &start));
    assert_eq!(
        rules
            .successors(&start)
            .into_iter()
            .map(|(mv, _)| mv)
            .collect::<Vec<_>>(),
        movements
    );
}
