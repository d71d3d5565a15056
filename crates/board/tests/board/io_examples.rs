//! `derived/io_examples.json`: RLE and board parsing as observed in the reference,
//! with our deliberate differences (counted `|`, encoding `a1`, parsed-cell counts;
//! docs/formats.md#run-length-encoding, docs/formats.md#reading-a-board).

use serde_json::Value;
use sokoengine_board::{BoardGraph, Puzzle, rle};
use sokoengine_geometry::Tessellation;

fn examples() -> Value {
    let text = sokoengine_testkit::read_corpus("sokoenginepy/derived/io_examples.json");
    serde_json::from_str(&text).expect("valid JSON")
}

#[sokoengine_testkit_macros::corpus_test]
fn rle_decode_and_encode() {
    let examples = examples();
    for (input, expected) in examples["rle_decode"].as_object().expect("cases") {
        let got = rle::decode(input);
        if input == "3|" {
            // Reference bug 2: a counted `|` is that many newlines.
            assert_eq!(got.as_deref(), Ok("\n\n\n"));
        } else if let Some(ok) = expected["ok"].as_str() {
            assert_eq!(got.as_deref(), Ok(ok), "{input:?}");
        } else {
            let error = got.expect_err(input);
            assert!(
                error
                    .to_string()
                    .starts_with("Unexpected input in Rle string!")
            );
        }
    }
    for (input, expected) in examples["rle_encode"].as_object().expect("cases") {
        let got = rle::encode(input);
        match expected["ok"].as_str() {
            // Reference bug 3: any digit makes the text unencodable.
            Some(_) if input == "a1" => assert!(got.is_err()),
            Some(ok) => assert_eq!(got.as_deref(), Ok(ok), "{input:?}"),
            None => assert!(got.is_err(), "{input:?}"),
        }
    }
}

#[sokoengine_testkit_macros::corpus_test]
fn puzzle_parse() {
    let examples = examples();
    let cases = examples["puzzle_parse"].as_object().expect("cases");
    assert_eq!(cases.len(), 9);
    for (key, expected) in cases {
        let (variant, text) = key.split_once(':').expect("VARIANT:text");
        let tessellation: Tessellation = variant.parse().expect("variant");
        let parsed = Puzzle::parse(tessellation, text);
        let Some(ok) = expected.get("ok") else {
            let message = expected["message"].as_str().expect("message");
            assert_eq!(parsed.unwrap_err().to_string(), message, "{key:?}");
            continue;
        };
        let puzzle = parsed.unwrap_or_else(|e| panic!("{key:?}: {e}"));
        let field = |name: &str| ok[name].as_str().expect(name).to_owned();
        assert_eq!(
            puzzle.width() as u64,
            ok["width"].as_u64().expect("width"),
            "{key:?}"
        );
        assert_eq!(
            puzzle.height() as u64,
            ok["height"].as_u64().expect("height"),
            "{key:?}"
        );
        assert_eq!(
            puzzle.to_board_str(true, false),
            field("to_board_str_visible"),
            "{key:?}"
        );
        assert_eq!(puzzle.to_string(), field("str"), "{key:?}");
        assert_eq!(
            puzzle.as_bytes(),
            field("internal_board").as_bytes(),
            "{key:?}"
        );
        assert_eq!(puzzle.to_board_str(false, true), field("rle"), "{key:?}");
        let graph = BoardGraph::new(&puzzle).expect("size");
        assert_eq!(graph.to_string(), field("board_graph_str"), "{key:?}");
        let counts = (
            puzzle.pusher_count(),
            puzzle.box_count(),
            puzzle.goal_count(),
        );
        if text == "#3$3.@#" {
            // Reference bug 6: count parsed cells, not raw characters.
            assert_eq!(counts, (1, 3, 3));
        } else {
            let count = |name: &str| ok[name].as_u64().expect(name) as usize;
            assert_eq!(
                counts,
                (
                    count("pushers_count"),
                    count("boxes_count"),
                    count("goals_count")
                ),
                "{key:?}"
            );
        }
    }
}
