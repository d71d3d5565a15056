//! Parser outputs and error messages (insta snapshots) and no-panic properties.

use proptest::prelude::*;
use sokoengine_tilewe::{Board, Move, Tile};

fn fixture_lines(name: &str) -> Vec<String> {
    let path = sokoengine_testkit::fixture(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn notation_results() {
    let mut out = String::new();
    for line in fixture_lines("tilewe/notation.txt") {
        let result = match line.parse::<Move>() {
            Ok(mv) => format!(
                "Ok({mv}) cells {:?}",
                mv.cells().iter().map(Tile::to_string).collect::<Vec<_>>()
            ),
            Err(e) => format!("Err({e})"),
        };
        out.push_str(&format!("{line:?} => {result}\n"));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn position_results() {
    let mut out = String::new();
    for line in fixture_lines("tilewe/positions.txt") {
        let result = match Board::from_position(&line) {
            Ok(board) => {
                assert_eq!(board.position(), line, "round trip");
                format!("Ok\n{board}")
            }
            Err(e) => format!("Err({e})"),
        };
        out.push_str(&format!("{line:?}\n=> {result}\n\n"));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn drawn_board_after_four_moves() {
    let mut board = Board::new(4).unwrap();
    for text in ["Z4e-a1a1", "P5n-a3a20", "W5n-c3t20", "Z5ef-c1t1"] {
        board.push(text.parse().unwrap()).unwrap();
    }
    insta::assert_snapshot!(board.to_string());
}

proptest! {
    #[test]
    fn move_parser_never_panics(text in "\\PC{0,16}") {
        let _ = text.parse::<Move>();
        let _ = text.parse::<Tile>();
        let _ = sokoengine_tilewe::Piece::from_name(&text);
        let _ = sokoengine_tilewe::Rotation::from_name(&text);
    }

    #[test]
    fn move_from_indices_never_panics(
        piece in 0usize..30,
        rotation in 0usize..12,
        contact in 0usize..500,
        target in 0usize..500,
    ) {
        if let Ok(mv) = Move::from_indices(piece, rotation, contact, target) {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            prop_assert_eq!(mv.target().index(), target);
            let board = Board::new(4).unwrap();
            // Legality is a question, never a panic, for any constructible move.
            let legal = board.is_legal(mv);
            prop_assert_eq!(legal, board.legal_moves().contains(&mv));
        }
    }

    #[test]
    fn move_parser_on_move_shaped_text(text in "[A-Z][0-9][nesw]f?-[a-z][0-9]{1,3}[a-z][0-9]{1,3}") {
        if let Ok(mv) = text.parse::<Move>() {
            // Whatever parses prints as a canonical move that parses back to itself.
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }
    }

    #[test]
    fn position_parser_never_panics(text in "\\PC{0,80}") {
        let _ = Board::from_position(&text);
    }

    #[test]
    fn position_parser_on_position_shaped_text(
        rows in proptest::collection::vec("[BYRG0-9]{1,8}", 20),
        players in "[0-5]",
        turn in "[bygrx]",
        remaining in "[*\\-A-Z0-9/]{0,12}",
    ) {
        let text = format!("{} {players} {turn} {remaining}", rows.join("/"));
        if let Ok(board) = Board::from_position(&text) {
            prop_assert_eq!(Board::from_position(&board.position()), Ok(board));
        }
    }
}
