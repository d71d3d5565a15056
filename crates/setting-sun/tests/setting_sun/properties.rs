//! Property tests: parsers and checked operations never panic, moves are undone by their
//! inverses, and the canonical key ignores which piece of a shape is which.

use proptest::prelude::*;
use sokoengine_setting_sun::{Board, Cell, Direction, Layout, Metric, Move, Path, Puzzle, Shape};

/// A layout reached from a classic start by `choices.len()` random moves.
fn walk(klotski: bool, metric: Metric, choices: &[usize]) -> Layout {
    let mut layout = if klotski {
        Layout::klotski()
    } else {
        Layout::setting_sun()
    };
    for &choice in choices {
        let moves = layout.moves(metric);
        let mv = moves[choice % moves.len()];
        layout.play(&mv).expect("generated moves are legal");
    }
    layout
}

fn metric() -> impl Strategy<Value = Metric> {
    prop::sample::select(Metric::ALL.to_vec())
}

fn direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(Direction::ALL.to_vec())
}

proptest! {
    #[test]
    fn parser_never_panics_on_any_text(text in any::<String>()) {
        let _ = Layout::parse(&text);
    }

    #[test]
    fn parser_round_trips_or_errs_on_picture_letters(text in "[Bvhs./\n]{0,40}") {
        if let Ok(layout) = Layout::parse(&text) {
            let printed = layout.to_string();
            prop_assert_eq!(Layout::parse(&printed), Ok(layout));
        }
    }

    #[test]
    fn metric_parser_never_panics(text in any::<String>()) {
        let _ = text.parse::<Metric>();
    }

    #[test]
    fn key_decoding_never_panics(key in any::<u64>(), height in 1usize..6, width in 1usize..6) {
        let board = Board::new(height, width).expect("small board");
        if let Ok(layout) = Layout::from_compact_key(board, key) {
            prop_assert_eq!(layout.compact_key(), Some(key));
        }
    }

    #[test]
    fn any_move_then_its_inverse_restores_the_layout(
        klotski in any::<bool>(),
        walk_metric in metric(),
        choices in prop::collection::vec(any::<usize>(), 0..60),
        move_metric in metric(),
        pick in any::<usize>(),
    ) {
        let layout = walk(klotski, walk_metric, &choices);
        let moves = layout.moves(move_metric);
        prop_assert!(!moves.is_empty());
        let mv = moves[pick % moves.len()];
        prop_assert_eq!(mv.cost(move_metric), 1);
        let after = layout.after(&mv).expect("generated moves are legal");
        prop_assert_ne!(after, layout);
        let back = mv.inverse().expect("on the board");
        prop_assert_eq!(after.after(&back), Ok(layout));
        prop_assert_eq!(after.compact_key().map(|_| ()), Some(()));
    }

    #[test]
    fn key_ignores_which_piece_of_a_shape_is_which(
        choices in prop::collection::vec(any::<usize>(), 0..60),
        walk_metric in metric(),
        order in Just(()).prop_perturb(|(), mut rng| {
            let mut order: Vec<usize> = (0..10).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.random_range(0..=i));
            }
            order
        }),
    ) {
        let layout = walk(false, walk_metric, &choices);
        let pieces = layout.pieces();
        prop_assert_eq!(pieces.len(), 10);
        // Re-place the pieces in another order: pieces of one shape swap identities.
        let mut rebuilt = Layout::empty(*layout.board());
        for &i in &order {
            rebuilt.place(pieces[i].shape, pieces[i].cell).expect("free and on the board");
        }
        prop_assert_eq!(rebuilt, layout);
        prop_assert_eq!(rebuilt.compact_key(), layout.compact_key());
        let key = layout.compact_key().expect("20 cells");
        prop_assert_eq!(Layout::from_compact_key(*layout.board(), key), Ok(layout));
        // Mirroring twice is the identity; the mirror has the mirrored key.
        prop_assert_eq!(layout.mirror_left_right().mirror_left_right(), layout);
    }

    #[test]
    fn checked_moves_never_panic(
        row in 0u8..8,
        column in 0u8..8,
        steps in prop::collection::vec(direction(), 0..8),
        choices in prop::collection::vec(any::<usize>(), 0..20),
    ) {
        let layout = walk(true, Metric::Step, &choices);
        let path = Path::from_directions(steps).expect("short");
        let mv = Move::new(Cell::new(row, column), path);
        if let Ok(after) = layout.after(&mv) {
            // A legal path moves exactly one piece to the path's end.
            let end = mv.to().expect("on the board");
            let piece = after.piece_with_top_left(end).expect("moved piece");
            prop_assert_eq!(Some(piece.shape), layout.piece_with_top_left(mv.from()).map(|p| p.shape));
        }
        let _ = Puzzle::new(layout, Cell::new(row, column));
        let _ = layout.piece_at(Cell::new(row, column));
        for shape in Shape::ALL {
            let mut copy = layout;
            let _ = copy.place(shape, Cell::new(row, column));
        }
    }
}
