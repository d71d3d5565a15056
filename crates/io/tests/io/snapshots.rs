//! Snapshot parsing: the examples of docs/formats.md#move-text and sokoenginepy's
//! `io_examples.json`, with our deliberate differences (an empty selection is valid,
//! whitespace is removed before the RLE is expanded).

use sokoengine_geometry::Tessellation;
use sokoengine_io::{Moves, Snapshot, SnapshotParseError};

fn steps_debug(text: &str, tessellation: Tessellation) -> Result<Vec<String>, String> {
    let moves = Moves::parse(text).map_err(|e| e.to_string())?;
    moves
        .pusher_steps(tessellation)
        .map(|steps| {
            steps
                .iter()
                .map(|s| s.reference_repr().to_string())
                .collect()
        })
        .map_err(|e| e.to_string())
}

#[sokoengine_testkit_macros::corpus_test]
fn io_examples_snapshot_entries() {
    let text = sokoengine_testkit::read_corpus("sokoenginepy/derived/io_examples.json");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let entries = json["snapshot_parse"].as_object().unwrap();
    assert_eq!(entries.len(), 17);
    for (key, expected) in entries {
        let (variant, input) = key.split_once(':').unwrap();
        let tessellation: Tessellation = variant.parse().unwrap();
        let parsed = Moves::parse(input);
        if input == "{}lurd" {
            // A deliberate difference from sokoenginepy: an empty selection is valid.
            let moves = parsed.unwrap();
            assert_eq!(
                (moves.to_str(false).as_str(), moves.move_count()),
                ("{}lurd", 4)
            );
            continue;
        }
        if let Some(error) = expected.get("error") {
            assert_eq!(error, "ValueError");
            let message = expected["message"].as_str().unwrap();
            let actual = parsed.expect_err(key).to_string();
            let prefix = "Unexpected input in Snapshot string!";
            if message.starts_with(prefix) {
                assert!(actual.starts_with(prefix), "{key}: {actual}");
            } else {
                assert_eq!(actual, message, "{key}");
            }
            continue;
        }
        let ok = &expected["ok"];
        let moves = parsed.unwrap_or_else(|e| panic!("{key}: {e}"));
        assert_eq!(moves.to_str(false), ok["str"].as_str().unwrap(), "{key}");
        assert_eq!(moves.to_str(true), ok["rle"].as_str().unwrap(), "{key}");
        assert_eq!(
            moves.move_count() as u64,
            ok["moves_count"].as_u64().unwrap(),
            "{key}"
        );
        assert_eq!(
            moves.push_count() as u64,
            ok["pushes_count"].as_u64().unwrap(),
            "{key}"
        );
        assert_eq!(
            moves.jump_count() as u64,
            ok["jumps_count"].as_u64().unwrap(),
            "{key}"
        );
        assert_eq!(
            moves.is_reverse(),
            ok["is_reverse"].as_bool().unwrap(),
            "{key}"
        );
        let steps = steps_debug(input, tessellation);
        match ok["pusher_steps"].get("ok") {
            Some(list) => {
                let expected: Vec<String> = list
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap().to_owned())
                    .collect();
                assert_eq!(steps.unwrap(), expected, "{key}");
            }
            None => {
                let message = ok["pusher_steps"]["message"].as_str().unwrap();
                // The 2.0 line writes PusherStepData; the 1.0.3 text, ours, is PusherStep.
                assert_eq!(
                    steps.unwrap_err(),
                    message.replace("PusherStepData", "PusherStep")
                );
            }
        }
        // Steps convert back to the same sequence (empty groups aside).
        let back = Moves::from_pusher_steps(
            tessellation,
            &moves.pusher_steps(tessellation).unwrap_or_default(),
        )
        .unwrap();
        if moves.pusher_steps(tessellation).is_ok() && !input.contains("[]") {
            assert_eq!(back.to_str(false), moves.to_str(false), "{key}");
        }
    }
}

#[test]
fn move_text_grammar_errors() {
    for bad in ["lurd{LURD}", "lurd[LURD]", "lurd[lurd"] {
        let error = Snapshot::parse(Tessellation::Sokoban, bad).unwrap_err();
        assert!(matches!(error, SnapshotParseError::Syntax { .. }), "{bad}");
    }
    let error = Snapshot::parse(Tessellation::Sokoban, "ZOMG!").unwrap_err();
    assert_eq!(error.to_string(), "Invalid characters in snapshot string!");
    let hexoban = steps_debug("lrudnsLRUDNS", Tessellation::Hexoban).unwrap();
    assert_eq!(hexoban[2], "PusherStep(Direction.NORTH_WEST)");
    let octoban = steps_debug("lrudnsewLRUDNSEW", Tessellation::Octoban).unwrap();
    assert_eq!(octoban[6], "PusherStep(Direction.SOUTH_EAST)");
}
