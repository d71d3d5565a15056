//! Replaying snapshots: `Original_and_Extra.sok` against sokoenginepy's final boards,
//! and every solution of the large test suite.

use sokoengine_io::{Collection, PuzzleVerifier, ReplayOptions, VariantHint, replay};

#[sokoengine_testkit_macros::corpus_test]
fn original_and_extra_replays_like_the_reference() {
    let json =
        sokoengine_testkit::read_corpus("sokoenginepy/derived/original_and_extra_replay.json");
    let path = sokoengine_testkit::corpus_file("sokoenginepy/test_data/Original_and_Extra.sok");
    let collection = Collection::load(path, VariantHint::None).unwrap();
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 196);
    let mut solved = 0;
    for expected in results {
        let puzzle_index = expected["puzzle_index"].as_u64().unwrap() as usize;
        let snapshot_index = expected["snapshot_index"].as_u64().unwrap() as usize;
        let entry = &collection.puzzles[puzzle_index];
        assert_eq!(entry.title, expected["puzzle_title"].as_str().unwrap());
        let snapshot = &entry.snapshots()[snapshot_index];
        assert_eq!(snapshot.title, expected["snapshot_title"].as_str().unwrap());
        let moves = snapshot.moves().unwrap();
        assert_eq!(
            moves.move_count() as u64,
            expected["moves_count_non_push"].as_u64().unwrap()
        );
        assert_eq!(
            moves.push_count() as u64,
            expected["pushes_count"].as_u64().unwrap()
        );
        let puzzle = entry.puzzle().unwrap();
        let mut mover = ReplayOptions::new()
            .mover(&puzzle, &moves)
            .unwrap_or_else(|e| panic!("{} / {}: {e}", entry.title, snapshot.title));
        let verdict = replay(&mut mover, &moves);
        assert_eq!(verdict.error, None, "{} / {}", entry.title, snapshot.title);
        assert_eq!(
            (verdict.moves, verdict.pushes),
            (moves.move_count(), moves.push_count())
        );
        assert_eq!(
            verdict.solved,
            expected["solved_after_replay"].as_bool().unwrap()
        );
        assert_eq!(
            mover.board().to_board_str(true, false),
            expected["final_board"].as_str().unwrap(),
            "{} / {}",
            entry.title,
            snapshot.title
        );
        // The verifier finds the same, and measures it.
        let mut checked = PuzzleVerifier::new(&puzzle).verify(&moves, ReplayOptions::new());
        assert!(checked.metrics.take().is_some());
        assert_eq!(checked, verdict, "{} / {}", entry.title, snapshot.title);
        solved += usize::from(verdict.solved);
    }
    assert_eq!(solved, 193);
}

#[sokoengine_testkit_macros::corpus_test]
fn large_test_suite_solutions_replay_to_solved() {
    let corpus = sokoengine_testkit::corpus();
    let dir = corpus.join("levels/large-test-suite/with-solutions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sok"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 20);
    let mut total = 0;
    for path in &files {
        let collection = Collection::load(path, VariantHint::None).unwrap();
        for entry in &collection.puzzles {
            let puzzle = entry.puzzle().unwrap();
            for snapshot in entry.snapshots() {
                let title = &snapshot.title;
                let moves = snapshot.moves().unwrap();
                let mut mover = ReplayOptions::new().mover(&puzzle, &moves).unwrap();
                match replay(&mut mover, &moves).ok() {
                    Ok(true) => total += 1,
                    Ok(false) => {
                        panic!("{}: {} / {title}: not solved", path.display(), entry.title)
                    }
                    Err(e) => panic!("{}: {} / {title}: {e}", path.display(), entry.title),
                }
            }
        }
    }
    assert_eq!(total, 4408);
}
