//! The repository's own fixtures (`fixtures/board/<name>.<variant>.txt`), parsed and
//! printed in every form, snapshotted with insta. Files named `err_*` must fail;
//! their error message and location are snapshotted.

use std::fmt::Write as _;

use sokoengine_board::{BoardGraph, Puzzle};
use sokoengine_geometry::Tessellation;

fn fixtures() -> Vec<(String, Tessellation, String)> {
    let folder = sokoengine_testkit::fixture("board");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .expect("fixtures/board exists")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("utf-8 name");
            let (name, variant) = stem.rsplit_once('.').expect("<name>.<variant>.txt");
            let tessellation = variant.parse().expect("variant in file name");
            let text = std::fs::read_to_string(&path).expect("readable fixture");
            (name.to_owned(), tessellation, text)
        })
        .collect()
}

fn describe(puzzle: &Puzzle) -> String {
    let mut out = String::new();
    let graph = BoardGraph::new(puzzle).expect("within limits");
    let _ = writeln!(
        out,
        "{} {}x{}, {} pushers, {} boxes, {} goals, {} edges",
        puzzle.tessellation(),
        puzzle.width(),
        puzzle.height(),
        puzzle.pusher_count(),
        puzzle.box_count(),
        puzzle.goal_count(),
        graph.edge_count()
    );
    let _ = writeln!(
        out,
        "-- printed (visible floor):\n{}",
        puzzle.to_board_str(true, false)
    );
    let _ = writeln!(
        out,
        "-- printed (RLE):\n{}",
        puzzle.to_board_str(true, true)
    );
    let _ = writeln!(out, "-- board graph:\n{}", graph.to_board_str(true, false));
    out
}

#[test]
fn fixtures_parse_and_print() {
    let all = fixtures();
    assert!(all.len() >= 10, "fixtures/board holds the fixtures");
    for (name, tessellation, text) in all {
        let result = Puzzle::parse(tessellation, &text);
        if name.starts_with("err_") {
            let error = result.expect_err(&name);
            let snapshot = format!("{error}\nlocation: {:?}\n{error:?}", error.location());
            insta::assert_snapshot!(name.as_str(), snapshot);
        } else {
            let puzzle = result.unwrap_or_else(|e| panic!("{name}: {e}"));
            insta::assert_snapshot!(name.as_str(), describe(&puzzle));
            // Printing is a fixed point of parsing.
            for rle in [false, true] {
                let printed = puzzle.to_board_str(true, rle);
                let again = Puzzle::parse(tessellation, &printed).expect("reparses");
                assert_eq!(again.to_board_str(true, rle), printed, "{name}");
            }
        }
    }
}

#[test]
fn plain_and_rle_fixtures_agree() {
    let all = fixtures();
    let board = |wanted: &str| {
        let (_, tessellation, text) = all.iter().find(|(n, ..)| n == wanted).expect("fixture");
        Puzzle::parse(*tessellation, text).expect("parses")
    };
    assert_eq!(board("sokoban_plain"), board("sokoban_rle"));
}
