//! Every level file of the corpus loads; counts and round trips.

use std::path::Path;

use sokoengine_io::{Collection, VariantHint};

#[sokoengine_testkit_macros::corpus_test]
fn every_level_file_loads_without_error() {
    let corpus = sokoengine_testkit::corpus();
    let files = sokoengine_testkit::level_files(&corpus);
    assert!(files.len() >= 80, "only {} level files found", files.len());
    let mut large_suite_levels = 0;
    for path in &files {
        let collection = Collection::load(path, VariantHint::None).unwrap();
        let errors = collection.check();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        assert!(!collection.puzzles.is_empty(), "{}", path.display());
        let relative = path.strip_prefix(&corpus).unwrap();
        if relative.parent() == Some(Path::new("levels/large-test-suite")) {
            large_suite_levels += collection.puzzles.len();
        }
    }
    assert_eq!(large_suite_levels, 3272);
}

#[sokoengine_testkit_macros::corpus_test]
fn every_level_file_round_trips() {
    let corpus = sokoengine_testkit::corpus();
    let files = sokoengine_testkit::level_files(&corpus);
    for path in &files {
        let collection = Collection::load(path, VariantHint::None).unwrap();
        let hint = sokoengine_io::extension_hint(path);
        let written = collection
            .to_sok_string()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let reread = Collection::parse(&written, hint).unwrap();
        crate::sok_format::assert_round_trip(&collection, &reread, &path.display().to_string());
        // RLE boards and moves read back to the same cells and steps.
        let rle = collection
            .to_sok_string_with(sokoengine_io::WriteOptions::new().rle(true))
            .unwrap();
        let reread = Collection::parse(&rle, hint).unwrap();
        assert_eq!(
            reread.puzzles.len(),
            collection.puzzles.len(),
            "{}",
            path.display()
        );
        for (a, b) in collection.puzzles.iter().zip(&reread.puzzles) {
            assert_eq!(a.title, b.title, "{}", path.display());
            assert_eq!(
                a.puzzle().unwrap().to_board_str(true, false),
                b.puzzle().unwrap().to_board_str(true, false),
                "{} {}",
                path.display(),
                a.title
            );
            let steps = |p: &sokoengine_io::PuzzleEntry| -> Vec<String> {
                p.snapshots()
                    .iter()
                    .map(|s| s.moves().unwrap().to_str(false))
                    .collect()
            };
            assert_eq!(steps(a), steps(b), "{} {}", path.display(), a.title);
        }
    }
}

#[sokoengine_testkit_macros::corpus_test]
fn xsb_titles_and_tags_after_the_board() {
    // docs/formats.md#titles: digit title lines, `Title:`/`Author:` tags after the board, CRLF.
    let path = sokoengine_testkit::corpus_file("levels/large-test-suite/Sven_1623.xsb");
    let collection = Collection::load(path, VariantHint::None).unwrap();
    assert_eq!(collection.puzzles.len(), 1623);
    let first = &collection.puzzles[0];
    assert_eq!(
        (first.title.as_str(), first.author.as_str()),
        ("SE 1", "Sven Egevad")
    );
    assert!(
        collection.notes.starts_with("Set:       Sven Egevad"),
        "{}",
        collection.notes
    );
    let puzzle = first.puzzle().unwrap();
    assert_eq!((puzzle.width(), puzzle.height()), (19, 16));
}

#[sokoengine_testkit_macros::corpus_test]
fn jsoko_parsing_quirks() {
    let path = sokoengine_testkit::corpus_file("levels/jsoko-testlevels/Parsing.sok");
    let collection = Collection::load(&path, VariantHint::None).unwrap();
    assert!(collection.check().is_empty());
    let level2 = collection
        .puzzles
        .iter()
        .find(|p| p.title.starts_with("level 2"))
        .unwrap();
    assert_eq!(level2.title, "level 2 (explicitly stated)");
    assert_eq!(level2.author, "test author");
    let names: Vec<&str> = level2
        .snapshots()
        .iter()
        .map(|s| s.notes.as_str())
        .collect();
    assert!(names.iter().any(|n| n.contains("sung1")), "{names:?}");
    // The tab-indented board reads with the tab as floor.
    assert!(collection.puzzles.iter().all(|p| p.puzzle().is_ok()));
}

#[sokoengine_testkit_macros::corpus_test]
fn latin1_file_decodes() {
    let path = sokoengine_testkit::corpus_file("levels/jsoko-testlevels/general_testlevel.sok");
    let bytes = std::fs::read(&path).unwrap();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "general_testlevel.sok is Latin-1"
    );
    let collection = Collection::load(&path, VariantHint::None).unwrap();
    assert!(collection.check().is_empty());
    let found = collection.puzzles.iter().any(|p| {
        p.title.contains("\u{fc}ber")
            || p.notes.contains("\u{fc}ber")
            || p.snapshots()
                .iter()
                .any(|s| s.title.contains("\u{fc}ber") || s.notes.contains("\u{fc}ber"))
    });
    assert!(
        found,
        "\"Kiste dreimal über gleiches Feld\" decoded as Latin-1"
    );
}

#[cfg(feature = "serde")]
#[sokoengine_testkit_macros::corpus_test]
fn every_level_file_json_round_trips() {
    let corpus = sokoengine_testkit::corpus();
    let files = sokoengine_testkit::level_files(&corpus);
    for path in &files {
        let collection = Collection::load(path, VariantHint::None).unwrap();
        let json = serde_json::to_string(&collection).unwrap();
        let back: Collection = serde_json::from_str(&json).unwrap();
        assert_eq!(back, collection, "{}", path.display());
    }
}

/// The titles of `file` (under `levels/`).
fn corpus_titles(file: &str) -> Vec<String> {
    let path = sokoengine_testkit::corpus().join("levels").join(file);
    Collection::load(&path, VariantHint::None)
        .unwrap()
        .puzzles
        .into_iter()
        .map(|p| p.title)
        .collect()
}

#[sokoengine_testkit_macros::corpus_test]
fn titles_of_the_plain_collections_in_their_layouts() {
    // Titles above the boards, the first one the last line of the header.
    let xsokoban = corpus_titles("large-test-suite/XSokoban_90.xsb");
    let expected: Vec<String> = (1..=90).map(|n| format!("screen.{n:02}")).collect();
    assert_eq!(xsokoban, expected);
    // `; N` after a blank line.
    for file in [
        "Sasquatch_II_50.xsb",
        "Sasquatch_IV_50.xsb",
        "Sasquatch_VI_50.xsb",
    ] {
        let expected: Vec<String> = (1..=50).map(|n| n.to_string()).collect();
        assert_eq!(
            corpus_titles(&format!("large-test-suite/{file}")),
            expected,
            "{file}"
        );
    }
    // In Sasquatch III, `; 44` stands directly under board 43: one slip in a file that
    // puts its titles above the boards, so it still titles level 44.
    let sasquatch = corpus_titles("large-test-suite/Sasquatch_III_50.xsb");
    assert_eq!(
        (sasquatch[42].as_str(), sasquatch[43].as_str()),
        ("43", "44")
    );
    // The header's comment block runs into the first title (`;YM_M001.XSB` under
    // `;` comments, no blank line between): the first level keeps its title.
    let murase = corpus_titles("large-test-suite/Yoshio_Murase_Handmade_54.xsb");
    assert_eq!(murase.len(), 54);
    assert_eq!(&murase[..2], ["YM_M001.XSB", "YM_M002.XSB"]);
}
