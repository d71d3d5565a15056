//! Properties: no parser panics or hangs on arbitrary text; printing is a fixed
//! point of parsing; RLE decode inverts encode; the graph agrees with the geometry;
//! the fast search paths agree with the checked ones.

use proptest::prelude::*;
use sokoengine_board::{
    BoardCell, BoardGraph, BoardPosition, Puzzle, SearchScratch, is_board_line, rle,
};
use sokoengine_geometry::{Direction, Tessellation};

fn tessellation() -> impl Strategy<Value = Tessellation> {
    prop::sample::select(Tessellation::ALL.to_vec())
}

/// Text made mostly of board-text characters, so parsing gets past the character
/// check and exercises RLE and layouts.
fn board_like_text() -> impl Strategy<Value = String> {
    "[#@+$*.pPmMbBo _\\-0-9()|\n\r\tx]{0,120}"
}

/// A rectangular board of canonical and alternative cell characters.
fn grid() -> impl Strategy<Value = (usize, usize, Vec<char>)> {
    (1usize..9, 1usize..9).prop_flat_map(|(width, height)| {
        let cells = prop::collection::vec(
            prop::sample::select("#@+$*.pPmMbBo-_".chars().collect::<Vec<_>>()),
            width * height,
        );
        (Just(width), Just(height), cells)
    })
}

fn puzzle_from(
    tessellation: Tessellation,
    (width, height, cells): (usize, usize, Vec<char>),
) -> Puzzle {
    let mut puzzle = Puzzle::new(tessellation, width, height).expect("small");
    for (position, character) in cells.into_iter().enumerate() {
        puzzle.set(position, character).expect("board character");
    }
    puzzle
}

/// The non-floor characters of the printed board as `(column, row, char)`, moved to
/// the origin, optionally mirrored left-right: the picture, wherever it sits.
fn picture(puzzle: &Puzzle, mirrored: bool) -> Vec<(i64, i64, char)> {
    let text = puzzle.to_board_str(true, false);
    let mut points: Vec<(i64, i64, char)> = text
        .lines()
        .enumerate()
        .flat_map(|(y, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, c)| c != '-')
                .map(move |(x, c)| {
                    let x = x as i64;
                    (if mirrored { -x } else { x }, y as i64, c)
                })
        })
        .collect();
    let min_x = points.iter().map(|p| p.0).min().unwrap_or(0);
    let min_y = points.iter().map(|p| p.1).min().unwrap_or(0);
    for point in &mut points {
        point.0 -= min_x;
        point.1 -= min_y;
    }
    points.sort_by_key(|&(x, y, _)| (y, x));
    points
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Mirroring left-right flips the printed picture (Hexoban included, where it
    /// goes through the text layout), and mirroring twice restores it.
    #[test]
    fn reverse_columns_mirrors_the_picture(tessellation in tessellation(), grid in grid()) {
        let puzzle = puzzle_from(tessellation, grid);
        let mut mirrored = puzzle.clone();
        mirrored.reverse_columns();
        prop_assert_eq!(picture(&mirrored, false), picture(&puzzle, true));
        mirrored.reverse_columns();
        prop_assert_eq!(picture(&mirrored, false), picture(&puzzle, false));
    }

    #[test]
    fn parsers_never_panic_on_any_text(tessellation in tessellation(), text in ".{0,80}") {
        let _ = Puzzle::parse(tessellation, &text);
        let _ = BoardGraph::parse(tessellation, &text);
        let _ = rle::decode(&text);
        let _ = rle::encode(&text);
        let _ = text.parse::<BoardCell>();
        let _ = is_board_line(&text);
    }

    #[test]
    fn parsers_never_panic_on_board_like_text(tessellation in tessellation(), text in board_like_text()) {
        if let Ok(puzzle) = Puzzle::parse(tessellation, &text) {
            // What parses prints as a fixed point (visible floor keeps trailing floor).
            for rle_encode in [false, true] {
                let printed = puzzle.to_board_str(true, rle_encode);
                let again = Puzzle::parse(tessellation, &printed).expect("printed text reparses");
                prop_assert_eq!(again.to_board_str(true, rle_encode), printed);
            }
            prop_assert!(BoardGraph::new(&puzzle).is_ok());
        }
        let _ = rle::decode(&text);
    }

    #[test]
    fn printing_round_trips_cells(tessellation in tessellation(), grid in grid()) {
        let puzzle = puzzle_from(tessellation, grid);
        let printed = puzzle.to_board_str(true, false);
        let again = Puzzle::parse(tessellation, &printed).expect("reparses");
        prop_assert_eq!(again.cells().collect::<Vec<_>>(), puzzle.cells().collect::<Vec<_>>(), "{}", printed);
        prop_assert_eq!((again.width(), again.height()), (puzzle.width(), puzzle.height()));
        let encoded = puzzle.to_board_str(false, true);
        let decoded = Puzzle::parse(tessellation, &encoded).expect("RLE reparses");
        let reprinted = decoded.to_board_str(true, false);
        prop_assert_eq!(reprinted.trim_end_matches(['-', '\n']), printed.trim_end_matches(['-', '\n']));
    }

    #[test]
    fn rle_decode_inverts_encode(text in "[^0-9()|]{0,60}") {
        let encoded = rle::encode(&text).expect("no RLE syntax characters");
        prop_assert_eq!(rle::decode(&encoded).expect("decodes"), text);
    }

    #[test]
    fn rle_groups_expand_as_repetition(inner in "[a-z#\\-]{1,6}", count in 0usize..6) {
        let decoded = rle::decode(&format!("{count}({inner})")).expect("valid");
        prop_assert_eq!(decoded, inner.repeat(count));
    }

    #[test]
    fn graph_table_matches_geometry(tessellation in tessellation(), width in 1usize..12, height in 1usize..12) {
        let graph = BoardGraph::new(&Puzzle::new(tessellation, width, height).expect("small")).expect("small");
        let mut edges = 0;
        for position in 0..width * height + 2 {
            for direction in Direction::ALL {
                let expected = tessellation.neighbor(position, direction, width, height).map(BoardPosition::new);
                prop_assert_eq!(graph.neighbor(position, direction), expected);
                edges += usize::from(expected.is_some());
            }
        }
        prop_assert_eq!(graph.edge_count(), edges);
    }

    #[test]
    fn fast_searches_agree_with_checked_ones(
        tessellation in tessellation(),
        grid in grid(),
        start in 0usize..64,
        excluded in prop::collection::vec(0usize..70, 0..4),
    ) {
        let puzzle = puzzle_from(tessellation, grid);
        let graph = BoardGraph::new(&puzzle).expect("small");
        let excluded: Vec<BoardPosition> = excluded.into_iter().map(BoardPosition::new).collect();
        let mut scratch = SearchScratch::new();
        // Reuse the scratch across searches: stale marks must not leak.
        for start in [start, start / 2, start].map(BoardPosition::new) {
            let checked = graph.positions_reachable_by_pusher(start, &excluded);
            let fast = graph.reachable_by_pusher_into(start, &excluded, &mut scratch).to_vec();
            match checked {
                Ok(checked) => {
                    prop_assert_eq!(&checked, &fast);
                    prop_assert!(checked.iter().all(|p| !excluded.contains(p)));
                    let normalized = graph.normalized_pusher_position(start, &excluded).expect("on board");
                    prop_assert_eq!(normalized, checked.iter().copied().min().unwrap_or(start));
                    for &target in &checked {
                        let path = graph.find_move_path_with(start, target, &mut scratch).expect("on board");
                        prop_assert_eq!(path.first(), Some(&start));
                        prop_assert_eq!(path.last(), Some(&target));
                        prop_assert!(path[1..].iter().all(|&p| graph[p].can_put_pusher_or_box()));
                        let directions = graph.positions_path_to_directions_path(&path).expect("adjacent");
                        prop_assert_eq!(graph.path_destination(start, &directions), Ok(target));
                        let shortest = graph.shortest_path(start, target).expect("on board");
                        prop_assert!(shortest.len() <= path.len());
                    }
                }
                Err(_) => prop_assert!(fast.is_empty()),
            }
        }
    }

    /// Editing never panics and keeps the board rectangular, whatever the order.
    #[test]
    fn edits_keep_boards_consistent(tessellation in tessellation(), grid in grid(), operations in prop::collection::vec(0u8..16, 0..12)) {
        let mut puzzle = puzzle_from(tessellation, grid);
        for operation in operations {
            match operation {
                0 => puzzle.add_row_top(),
                1 => puzzle.add_row_bottom(),
                2 => puzzle.add_column_left(),
                3 => puzzle.add_column_right(),
                4 => puzzle.remove_row_top(),
                5 => puzzle.remove_row_bottom(),
                6 => puzzle.remove_column_left(),
                7 => puzzle.remove_column_right(),
                8 => puzzle.reverse_rows(),
                9 => puzzle.reverse_columns(),
                10 => puzzle.trim(),
                11 => puzzle.trim_right(),
                12 => puzzle.resize(5, 4).expect("small"),
                13 => puzzle.resize_and_center(9, 7).expect("small"),
                14 => puzzle.trim_bottom(),
                _ => puzzle.trim_left(),
            }
            prop_assert_eq!(puzzle.as_bytes().len(), puzzle.width() * puzzle.height());
            prop_assert_eq!(puzzle.width() == 0, puzzle.height() == 0);
            prop_assert!(BoardGraph::new(&puzzle).is_ok());
        }
    }
}

#[test]
fn resize_reaches_the_requested_size_in_every_tessellation() {
    for tessellation in Tessellation::ALL {
        let mut puzzle = puzzle_from(tessellation, (5, 3, "######@$.######".chars().collect()));
        for (width, height) in [(9, 7), (3, 2), (1, 1), (6, 6)] {
            puzzle.resize(width, height).expect("within limits");
            assert_eq!(
                (puzzle.width(), puzzle.height()),
                (width, height),
                "{tessellation}"
            );
        }
        puzzle.resize(0, 3).expect("within limits");
        assert_eq!(puzzle.size(), 0);
    }
}
