//! Levels the solver does not take are typed errors with clear messages, on every
//! entry point (`solve`, `SokobanRules`, the audit), never panics.

use proptest::prelude::*;
use sokoengine_board::Puzzle;
use sokoengine_geometry::Tessellation;
use sokoengine_solver::audit::Audit;
use sokoengine_solver::{
    Cancel, MAX_BOXES, MAX_CELLS, Objective, Silent, SokobanRules, SolverConfig, SolverError, solve,
};

use crate::config;

const TESSELLATIONS: [Tessellation; 4] = [
    Tessellation::Sokoban,
    Tessellation::Hexoban,
    Tessellation::Trioban,
    Tessellation::Octoban,
];

/// A `width × height` board of `fill` with `pieces` placed at the given positions.
fn board(
    tessellation: Tessellation,
    width: usize,
    height: usize,
    fill: char,
    pieces: &[(usize, char)],
) -> Puzzle {
    let mut puzzle = Puzzle::new(tessellation, width, height).expect("size");
    for position in 0..width * height {
        puzzle.set(position, fill).expect("board character");
    }
    for &(position, piece) in pieces {
        puzzle.set(position, piece).expect("board character");
    }
    puzzle
}

/// The error of every entry point for `puzzle` (they must agree).
fn error(puzzle: &Puzzle, config: &SolverConfig) -> SolverError {
    let solved = solve(puzzle, config, &Cancel::new(), &mut Silent).expect_err("refused");
    if !config.sokoban_plus {
        assert_eq!(SokobanRules::new(puzzle).expect_err("refused"), solved);
        assert_eq!(Audit::new(puzzle).expect_err("refused"), solved);
    }
    solved
}

#[test]
fn levels_the_solver_does_not_take() {
    let any = config(Objective::Any);
    for tessellation in TESSELLATIONS {
        let two_pushers = board(
            tessellation,
            6,
            1,
            ' ',
            &[(0, '@'), (1, '$'), (3, '.'), (5, '@')],
        );
        let no_pusher = board(tessellation, 6, 1, ' ', &[(1, '$'), (3, '.')]);
        let no_box = board(tessellation, 6, 1, ' ', &[(0, '@'), (3, '.')]);
        let more_boxes = board(
            tessellation,
            6,
            1,
            ' ',
            &[(0, '@'), (1, '$'), (2, '$'), (4, '.')],
        );
        let more_goals = board(
            tessellation,
            6,
            1,
            ' ',
            &[(0, '@'), (2, '$'), (3, '.'), (4, '.')],
        );
        let empty = Puzzle::new(tessellation, 0, 0).expect("size");
        let walls = board(tessellation, 3, 3, '#', &[]);
        let cases = [
            (&two_pushers, SolverError::SeveralPushers { count: 2 }),
            (&no_pusher, SolverError::NoPusher),
            (&no_box, SolverError::NoBoxes),
            (
                &more_boxes,
                SolverError::BoxGoalMismatch { boxes: 2, goals: 1 },
            ),
            (
                &more_goals,
                SolverError::BoxGoalMismatch { boxes: 1, goals: 2 },
            ),
            (&empty, SolverError::NoPusher),
            (&walls, SolverError::NoPusher),
        ];
        for (puzzle, expected) in cases {
            assert_eq!(error(puzzle, &any), expected, "{tessellation:?}\n{puzzle}");
        }
    }
    assert_eq!(
        SolverError::SeveralPushers { count: 2 }.to_string(),
        "the level has 2 pushers; the solver needs exactly one"
    );
    assert_eq!(
        SolverError::BoxGoalMismatch { boxes: 2, goals: 1 }.to_string(),
        "the level has 2 boxes but 1 goal in the pusher's area"
    );
}

#[test]
fn size_limits() {
    let any = config(Objective::Any);
    // One cell more than the limit.
    let puzzle = board(
        Tessellation::Sokoban,
        256,
        256,
        '#',
        &[(257, '@'), (258, '$'), (259, '.')],
    );
    assert_eq!(
        error(&puzzle, &any),
        SolverError::TooManyCells {
            cells: 65_536,
            limit: MAX_CELLS
        }
    );
    // One box more than the limit, in an open room.
    let width = 64;
    let mut pieces = vec![(0, '@')];
    pieces.extend((1..=MAX_BOXES + 1).map(|position| (width + position, '$')));
    pieces.extend((1..=MAX_BOXES + 1).map(|position| (40 * width + position, '.')));
    let puzzle = board(Tessellation::Sokoban, width, 60, ' ', &pieces);
    assert_eq!(
        error(&puzzle, &any),
        SolverError::TooManyBoxes {
            boxes: MAX_BOXES + 1,
            limit: MAX_BOXES
        }
    );
    assert_eq!(
        SolverError::TooManyBoxes {
            boxes: 1025,
            limit: 1024
        }
        .to_string(),
        "the level has 1025 boxes; the solver takes at most 1024"
    );
}

#[test]
fn sokoban_plus_only_when_asked() {
    let mut puzzle =
        Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#  $ .#\n#######").expect("board");
    puzzle.boxorder = "1 2".to_owned();
    puzzle.goalorder = "2 1".to_owned();
    let mut plus = config(Objective::Pushes);
    plus.sokoban_plus = true;
    assert_eq!(error(&puzzle, &plus), SolverError::SokobanPlus);
    // Without the flag the orders are ignored, as `verify` does.
    let outcome = solve(
        &puzzle,
        &config(Objective::Pushes),
        &Cancel::new(),
        &mut Silent,
    )
    .expect("plain Sokoban");
    assert_eq!(outcome.solution().map(|s| s.metrics.pushes), Some(4));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any board text that parses gives an outcome or a typed error, never a panic.
    #[test]
    fn arbitrary_boards_never_panic(
        tessellation in prop_oneof![
            Just(Tessellation::Sokoban),
            Just(Tessellation::Hexoban),
            Just(Tessellation::Trioban),
            Just(Tessellation::Octoban),
        ],
        text in "[#@+$*. _\\-\n]{0,80}",
    ) {
        let Ok(puzzle) = Puzzle::parse(tessellation, &text) else {
            return Ok(());
        };
        for objective in Objective::ALL {
            let mut config = config(objective);
            config.limits.nodes = Some(20_000);
            let _ = solve(&puzzle, &config, &Cancel::new(), &mut Silent);
        }
        let _ = SokobanRules::new(&puzzle);
        let _ = Audit::new(&puzzle);
    }
}
