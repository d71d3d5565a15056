//! Invariants: the O(1) incremental update agrees with counting whole strings, the
//! string-only path agrees with board replays, and no input panics.

use proptest::prelude::*;
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_metrics::{
    BoxMove, CompareMetrics, MetricOrder, PathMetrics, SolutionMetrics, SolutionVerifier,
    StepCounter,
};

fn tessellation() -> impl Strategy<Value = Tessellation> {
    prop::sample::select(Tessellation::ALL.to_vec())
}

/// A path of legal geometry steps from the middle of a board large enough never to
/// reach an edge: `(letters, squares)` where `squares[i]` is the pusher's square
/// before step `i`.
fn walk(tessellation: Tessellation, picks: &[(usize, bool)]) -> (String, Vec<u32>, usize, usize) {
    let size = 2 * picks.len() + 5;
    let (mut x, mut y) = (picks.len() + 2, picks.len() + 2);
    let start = (x, y);
    let directions = tessellation.legal_directions();
    let (mut letters, mut squares) = (String::new(), Vec::new());
    for &(pick, push) in picks {
        let direction = directions[pick % directions.len()];
        let Some((nx, ny)) = tessellation.neighbor_xy(x, y, direction, size, size) else {
            continue; // an Octoban square has no diagonal
        };
        if push
            && tessellation
                .neighbor_xy(nx, ny, direction, size, size)
                .is_none()
        {
            continue;
        }
        squares.push((y * size + x) as u32);
        letters.push(tessellation.step_char(direction, push).unwrap());
        (x, y) = (nx, ny);
    }
    squares.push((y * size + x) as u32);
    (letters, squares, start.0 + start.1 * size, size)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// PlugValue/PathMetrics stepped through any prefix equals the metrics of the
    /// prefix as a whole string, in every tessellation.
    #[test]
    fn incremental_equals_whole_string(
        tessellation in tessellation(),
        picks in prop::collection::vec((0usize..8, any::<bool>()), 0..60),
    ) {
        let (letters, squares, start, size) = walk(tessellation, &picks);
        let counter = StepCounter::new(tessellation)
            .with_start_shape(tessellation.tile_shape(start, size));
        let mut path = PathMetrics::<u32>::START;
        prop_assert_eq!(counter.count("")?, path.metrics);
        for (index, letter) in letters.char_indices() {
            let step = sokoengine_metrics::Step::from_char(tessellation, letter).unwrap();
            let pushed = step.is_push.then(|| {
                // The box stands where the pusher goes and is pushed one further.
                let (from, width) = (squares[index + 1] as usize, size);
                let to = tessellation
                    .neighbor(from, step.direction, width, width)
                    .expect("room to push") as u32;
                BoxMove::new(from as u32, to)
            });
            path = path.after(step.direction, pushed);
            let prefix = &letters[..=index];
            prop_assert_eq!(counter.count(prefix)?, path.metrics, "{} {}", tessellation, prefix);
            prop_assert!(path.metrics.is_consistent());
        }
    }

    /// Replaying random steps on a random board (blocked steps skipped, as an
    /// optimizer would) keeps metrics that equal the string-only metrics of the
    /// normalised steps so far, and `successor` predicts `try_step`.
    #[test]
    fn board_replay_matches_string_metrics(
        cells in prop::collection::vec(prop::sample::select(vec![' ', ' ', ' ', '#', '$', '.', '*']), 36),
        pusher in 0usize..36,
        directions in prop::collection::vec(prop::sample::select(vec![Direction::Left, Direction::Right, Direction::Up, Direction::Down]), 0..80),
    ) {
        let mut board: Vec<char> = cells;
        board[pusher] = '@';
        let text: String = board.chunks(6).map(|row| row.iter().collect::<String>() + "\n").collect();
        let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, &text).unwrap();
        let mut replay = verifier.replay();
        let mut normalized = String::new();
        for direction in directions {
            let predicted = replay.successor(direction);
            match replay.try_step(direction) {
                Ok(step) => {
                    normalized.push(step.to_char(Tessellation::Sokoban).unwrap());
                    prop_assert_eq!(Some(replay.path()), predicted);
                }
                Err(_) => prop_assert_eq!(predicted, None),
            }
            prop_assert_eq!(replay.path().metrics, SolutionMetrics::from_lurd(&normalized)?);
        }
        // A saved game of the same steps gives the same metrics unless it solved
        // the level on the way.
        let game = verifier.verify_saved_game(&normalized).unwrap();
        if !game.solved {
            prop_assert_eq!(game.metrics, SolutionMetrics::from_lurd(&normalized)?);
        }
    }

    /// Arbitrary input never panics: step strings, board text, solutions, tuples.
    #[test]
    fn arbitrary_input_never_panics(text in ".{0,40}", tessellation in tessellation()) {
        let _ = StepCounter::new(tessellation).count(&text);
        let _ = text.parse::<SolutionMetrics>();
        if let Ok(mut verifier) = SolutionVerifier::parse(tessellation, &text) {
            let _ = verifier.verify(&text);
            let _ = verifier.verify_saved_game(&text);
        }
        let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, "#######\n#@$ $.#\n#. $  #\n#######").unwrap();
        let _ = verifier.verify(&text);
        let _ = verifier.verify_saved_game(&text);
    }

    /// Every ordering is the plain lexicographic order of its sort key.
    #[test]
    fn orderings_agree_with_sort_keys(a in prop::array::uniform6(0u32..4), b in prop::array::uniform6(0u32..4)) {
        let (a, b) = (SolutionMetrics::from_array(a), SolutionMetrics::from_array(b));
        for order in MetricOrder::ALL {
            prop_assert_eq!(order.compare(&a, &b), order.sort_key(&a).cmp(&order.sort_key(&b)));
            prop_assert_eq!(order.compare(&a, &b), order.compare(&b, &a).reverse());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    /// In every tessellation: the replay follows the geometry's neighbours, pushes
    /// exactly when a box is in the way, and its metrics equal both the verifier's
    /// fast path and the string-only counter (given the start tile's shape).
    #[test]
    fn every_tessellation_replay_agrees_with_geometry_and_counter(
        tessellation in tessellation(),
        cells in prop::collection::vec(prop::sample::select(vec![' ', ' ', ' ', '#', '$', '$', '.', '*']), 42),
        pusher in 0usize..42,
        picks in prop::collection::vec(0usize..8, 0..60),
    ) {
        use sokoengine_board::{BoardCell, BoardGraph};
        let (width, height) = (7, 6);
        let mut cells: Vec<BoardCell> = cells.iter().map(|&c| BoardCell::from_char(c).unwrap()).collect();
        cells[pusher] = BoardCell::PUSHER;
        let graph = BoardGraph::from_cells(tessellation, width, height, cells).unwrap();
        let mut verifier = SolutionVerifier::from_graph(&graph).unwrap();
        let mut replay = verifier.replay();
        let directions = tessellation.legal_directions();
        let mut letters = String::new();
        for pick in picks {
            let direction = directions[pick % directions.len()];
            let from = replay.pusher().index();
            let target = tessellation.neighbor(from, direction, width, height);
            let pushes = target.is_some_and(|t| replay.has_box(t));
            match replay.try_step(direction) {
                Ok(step) => {
                    prop_assert_eq!(Some(replay.pusher().index()), target);
                    prop_assert_eq!(step.is_push, pushes);
                    if pushes {
                        let box_target = tessellation.neighbor(target.unwrap(), direction, width, height);
                        prop_assert!(box_target.is_some_and(|b| replay.has_box(b)));
                        prop_assert_eq!(replay.path().plug.last_pushed_box, box_target.map(|b| b as u32));
                    }
                    letters.push(step.to_char(tessellation).unwrap());
                }
                Err(_) => prop_assert_eq!(replay.pusher().index(), from),
            }
        }
        let path = replay.path();
        let counter = StepCounter::new(tessellation).with_start_shape(tessellation.tile_shape(pusher, width));
        prop_assert_eq!(path.metrics, counter.count(&letters)?);
        let game = verifier.verify_saved_game(&letters).unwrap();
        if !game.solved {
            prop_assert_eq!(game.metrics, path.metrics);
        }
    }
}
