//! Every case of `hexoban_parser_tests.json`: Hexocet levels, layout schemes,
//! resizing, mirroring and illegal layouts.

use serde_json::Value;
use sokoengine_board::{BoardParseError, Puzzle};
use sokoengine_geometry::Tessellation;

fn golden() -> Value {
    let text = sokoengine_testkit::read_corpus("sokoenginepy/test_data/hexoban_parser_tests.json");
    serde_json::from_str(&text).expect("valid JSON")
}

fn lines(value: &Value) -> String {
    value
        .as_array()
        .expect("array of lines")
        .iter()
        .map(|line| line.as_str().expect("line"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn parse(text: &str) -> Puzzle {
    Puzzle::parse(Tessellation::Hexoban, text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn check_parsed(name: &str, case: &Value) -> Puzzle {
    let puzzle = parse(&lines(&case["src"]));
    assert_eq!(
        puzzle.to_board_str(true, false),
        lines(&case["parsed"]),
        "{name}"
    );
    assert_eq!(
        puzzle.width() as u64,
        case["parsed_width"].as_u64().expect("width"),
        "{name}"
    );
    assert_eq!(
        puzzle.height() as u64,
        case["parsed_height"].as_u64().expect("height"),
        "{name}"
    );
    // The normal form is a fixed point.
    let again = parse(&puzzle.to_board_str(true, false));
    assert_eq!(again, puzzle, "{name}: reparsing the normal form");
    puzzle
}

#[sokoengine_testkit_macros::corpus_test]
fn hexocet_levels_and_schemes() {
    let golden = golden();
    let mut count = 0;
    for group in ["parsing - Hexocet", "parsing - schemes"] {
        for (name, case) in golden[group].as_object().expect("cases") {
            check_parsed(name, case);
            count += 1;
        }
    }
    assert_eq!(count, 15 + 8);
}

#[sokoengine_testkit_macros::corpus_test]
fn resizing_and_mirroring() {
    let golden = golden();
    let schemes = golden["parsing - schemes"].as_object().expect("schemes");
    let mut count = 0;
    for group in ["resizing", "reversing"] {
        for (name, case) in golden[group].as_object().expect("cases") {
            let source = case["src"].as_str().expect("source case name");
            let mut puzzle = parse(&lines(&schemes[source]["src"]));
            match case["method"].as_str().expect("method") {
                "add_row_top" => puzzle.add_row_top(),
                "add_row_bottom" => puzzle.add_row_bottom(),
                "add_column_left" => puzzle.add_column_left(),
                "add_column_right" => puzzle.add_column_right(),
                "remove_row_top" => puzzle.remove_row_top(),
                "remove_row_bottom" => puzzle.remove_row_bottom(),
                "remove_column_left" => puzzle.remove_column_left(),
                "remove_column_right" => puzzle.remove_column_right(),
                "reverse_columns" => puzzle.reverse_columns(),
                "reverse_rows" => puzzle.reverse_rows(),
                other => panic!("unknown method {other}"),
            }
            assert_eq!(
                puzzle.to_board_str(true, false),
                lines(&case["result"]),
                "{name}"
            );
            assert_eq!(
                puzzle.width() as u64,
                case["result_width"].as_u64().expect("w"),
                "{name}"
            );
            assert_eq!(
                puzzle.height() as u64,
                case["result_height"].as_u64().expect("h"),
                "{name}"
            );
            count += 1;
        }
    }
    assert_eq!(count, 16 + 4);
}

#[sokoengine_testkit_macros::corpus_test]
fn illegal_layouts() {
    let golden = golden();
    for name in ["illegal_scheme1", "illegal_scheme2"] {
        let error = Puzzle::parse(Tessellation::Hexoban, &lines(&golden[name])).unwrap_err();
        assert!(
            matches!(error, BoardParseError::HexobanLayout { .. }),
            "{name}: {error:?}"
        );
        assert_eq!(
            error.to_string(),
            "String can't be parsed to HexobanPuzzle. Probable cause is invalid text layout meaning either missing or misaligned filler floor characters."
        );
    }
}
