//! Every board of the corpus's level files, in the tessellation of its folder:
//! parses, prints as a fixed point, reparses to the same cells and builds a graph.
//! The Hexoban `.hsb`/`.sok` files exercise the text layouts on real collections.

use std::path::Path;

use sokoengine_board::{BoardGraph, Puzzle, is_board_line};
use sokoengine_geometry::Tessellation;

/// Maximal runs of board lines that contain a wall (docs/formats.md#puzzles-and-snapshots),
/// with the 1-based line number where each starts.
fn boards(text: &str) -> Vec<(usize, String)> {
    let mut boards = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let mut start = 0;
    for (index, line) in text.lines().chain([""]).enumerate() {
        if is_board_line(line) {
            if current.is_empty() {
                start = index + 1;
            }
            current.push(line);
        } else if !current.is_empty() {
            let board = current.join("\n");
            current.clear();
            if board.contains('#') {
                boards.push((start, board));
            }
        }
    }
    boards
}

fn check_folder(folder: &Path, tessellation: Tessellation, extensions: &[&str]) -> usize {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.expect("directory entry").path())
        // The `.sok` form of the Hexoban golden data marks some boards with a wall at
        // text (0,0) that the reference's test code removes before parsing; the
        // JSON form is checked in `hexoban.rs`.
        .filter(|path| !path.ends_with("hexoban_parser_tests.sok"))
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
        })
        .collect();
    files.sort();
    let mut count = 0;
    for path in files {
        let bytes = std::fs::read(&path).expect("readable");
        let text = String::from_utf8_lossy(&bytes);
        for (line, board) in boards(&text) {
            let context = format!("{}:{line}", path.display());
            let puzzle = match Puzzle::parse(tessellation, &board) {
                Ok(puzzle) => puzzle,
                // A one-line "board" can be a title made of board characters, such
                // as JSoko's `#50 (3)`; telling those apart is the `.sok` reader's job.
                Err(_) if !board.contains('\n') => continue,
                Err(e) => panic!("{context}: {e}"),
            };
            assert!(puzzle.width() > 0 && puzzle.height() > 0, "{context}");
            let printed = puzzle.to_board_str(true, false);
            let again = Puzzle::parse(tessellation, &printed)
                .unwrap_or_else(|e| panic!("{context}: reparse {e}"));
            assert_eq!(again.to_board_str(true, false), printed, "{context}");
            assert!(again.cells().eq(puzzle.cells()), "{context}");
            let graph = BoardGraph::new(&puzzle).expect("within limits");
            assert_eq!(graph.size(), puzzle.size());
            count += 1;
        }
    }
    count
}

#[sokoengine_testkit_macros::corpus_test]
fn every_corpus_board_parses_and_round_trips() {
    let corpus = sokoengine_testkit::corpus();
    let levels = corpus.join("levels");
    let folders: [(&str, Tessellation, &[&str]); 8] = [
        ("large-test-suite", Tessellation::Sokoban, &["xsb"]),
        (
            "large-test-suite/with-solutions",
            Tessellation::Sokoban,
            &["sok"],
        ),
        ("misc", Tessellation::Sokoban, &["xsb"]),
        ("sok-with-solutions", Tessellation::Sokoban, &["sok"]),
        ("jsoko-testlevels", Tessellation::Sokoban, &["sok"]),
        ("variants/hexoban", Tessellation::Hexoban, &["sok", "hsb"]),
        ("variants/trioban", Tessellation::Trioban, &["sok"]),
        ("variants/octoban", Tessellation::Octoban, &["sok"]),
    ];
    let mut total = 0;
    for (folder, tessellation, extensions) in folders {
        let count = check_folder(&levels.join(folder), tessellation, extensions);
        println!("{folder}: {count} boards");
        total += count;
    }
    assert!(total > 5000, "{total} boards");
}
