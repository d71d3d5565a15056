//! What sokoenginepy's `.sok` fixtures must read as (the rules:
//! docs/formats.md#collections-sok).

use sokoengine_geometry::Tessellation;
use sokoengine_io::{Collection, VariantHint};

const DATA: &str = "sokoenginepy/test_data";

fn load(name: &str, hint: Option<Tessellation>) -> Collection {
    let path = sokoengine_testkit::corpus_file(&format!("{DATA}/{name}"));
    let collection = Collection::load(path, hint).unwrap();
    assert!(
        collection.check().is_empty(),
        "{name}: {:?}",
        collection.check()
    );
    collection
}

#[sokoengine_testkit_macros::corpus_test]
fn original_and_extra_metadata() {
    let collection = load("Original_and_Extra.sok", None);
    assert_eq!(collection.puzzles.len(), 91);
    assert_eq!(collection.snapshot_count(), 196);
    assert_eq!(collection.title, "Original & Extra");
    assert_eq!(collection.author, "Thinking Rabbit");
    assert_eq!(collection.created_at, "2022-07-01  01:05:06");
    assert_eq!(collection.updated_at, "2022-07-02  09:48:22");
    assert_eq!(
        collection.notes,
        "Originate from: original.slc\n\nSome collection notes"
    );
    let puzzle = &collection.puzzles[0];
    assert_eq!(puzzle.title, "Level 1");
    assert_eq!(puzzle.author, "author name");
    assert_eq!(puzzle.boxorder, "1 2 3 4 5 6");
    assert_eq!(puzzle.goalorder, "6 5 4 3 2 1");
    assert_eq!(puzzle.notes, "Time: 00:01:00\n\nSome puzzle notes");
    assert_eq!(puzzle.snapshots().len(), 6);
    let snapshot = &puzzle.snapshots()[0];
    assert_eq!(snapshot.title, "Best Solution 230/97 (YASS 2.86 Optimizer)");
    assert_eq!(snapshot.solver, "only human");
    assert_eq!(
        snapshot.notes,
        "Some snapshot notes\nOptimizer: YASS 2.86\nTime: 00:00:47"
    );
    assert_eq!(
        snapshot.moves_data(),
        concat!(
            "ullluuuLUllDlldddrRRRRRRRRRRRRlllllllllllllulldRRRRRRRRRRRRRdrUlllllll",
            "uuululldDDuulldddrRRRRRRRRRRuRRlDllllllluuulLulDDDuulldddrRRRRRRRRRRdR",
            "RlUllllllluuulluuurDDluulDDDDDuulldddrRRRRRRRRRRRllllllluuuLLulDDDuull",
            "dddrRRRRRRRRRRuRDldR"
        )
    );
    let moves = snapshot.moves().unwrap();
    assert_eq!((moves.move_count(), moves.push_count()), (133, 97));
    assert!(puzzle.source_line().is_some());
    assert!(
        collection
            .puzzles
            .iter()
            .all(|p| p.tessellation() == Tessellation::Sokoban)
    );
}

#[sokoengine_testkit_macros::corpus_test]
fn untitled_puzzle_after_multi_line_notes() {
    let collection = load("parser_test_puzzle_no_title.sok", None);
    let puzzle = &collection.puzzles[0];
    assert_eq!(puzzle.title, "");
    assert!(puzzle.puzzle().unwrap().size() > 0);
}

#[sokoengine_testkit_macros::corpus_test]
fn note_after_snapshot_titles_the_next_snapshot() {
    let collection = load("parser_test_multiple_snapshots.sok", None);
    let snapshots = collection.puzzles[0].snapshots();
    assert_eq!(snapshots.len(), 3);
    assert_eq!(
        snapshots[1].title,
        "This is note for first snapshot, but parser can't know that and should recognize it as heading of next snapshot."
    );
}

#[sokoengine_testkit_macros::corpus_test]
fn note_after_last_snapshot_titles_the_next_puzzle() {
    let collection = load("parser_test_last_snapshot_notes.sok", None);
    let puzzle = &collection.puzzles[1];
    assert_eq!(
        puzzle.title,
        "This is note for last snapshot, not heading line"
    );
    assert_eq!(
        puzzle.notes,
        "but parser can't know that and should recognize it as heading line"
    );
}

#[sokoengine_testkit_macros::corpus_test]
fn mixed_collection() {
    let collection = load("mixed_collection.sok", None);
    let tessellations: Vec<Tessellation> = collection
        .puzzles
        .iter()
        .map(|p| p.tessellation())
        .collect();
    assert_eq!(tessellations.len(), 10);
    let count = |t| tessellations.iter().filter(|&&x| x == t).count();
    assert_eq!(
        (
            count(Tessellation::Sokoban),
            count(Tessellation::Hexoban),
            count(Tessellation::Trioban)
        ),
        (4, 5, 1)
    );
    assert_eq!(
        collection
            .puzzles
            .iter()
            .filter(|p| p.has_sokoban_plus())
            .count(),
        2
    );
    let first = collection.puzzles[0].snapshots();
    assert_eq!(first.len(), 3);
    assert_eq!(
        first
            .iter()
            .filter(|s| s.moves().unwrap().is_reverse())
            .count(),
        1
    );
    for puzzle in &collection.puzzles {
        for snapshot in puzzle.snapshots() {
            assert_eq!(snapshot.tessellation(), puzzle.tessellation());
        }
    }
}

fn tessellations(collection: &Collection) -> Vec<Tessellation> {
    let mut out = Vec::new();
    for puzzle in &collection.puzzles {
        out.push(puzzle.tessellation());
        for snapshot in puzzle.snapshots() {
            assert_eq!(snapshot.tessellation(), puzzle.tessellation());
        }
    }
    out
}

#[sokoengine_testkit_macros::corpus_test]
fn tessellation_precedence() {
    use Tessellation::{Hexoban, Octoban, Sokoban, Trioban};
    let c = load("parser_test_variant_type_not_specified.sok", None);
    assert!(tessellations(&c).iter().all(|&t| t == Sokoban));
    let c = load(
        "parser_test_variant_type_specified_global.sok",
        Some(Octoban),
    );
    assert!(tessellations(&c).iter().all(|&t| t == Trioban));
    let c = load(
        "parser_test_variant_type_specified_puzzle1.sok",
        Some(Octoban),
    );
    assert_eq!(tessellations(&c)[..2], [Sokoban, Hexoban]);
    let c = load(
        "parser_test_variant_type_specified_puzzle2.sok",
        Some(Trioban),
    );
    assert_eq!(tessellations(&c)[..2], [Trioban, Hexoban]);
}

#[sokoengine_testkit_macros::corpus_test]
fn small_collection_from_path_bytes_and_string() {
    let path = sokoengine_testkit::corpus_file(&format!("{DATA}/small_collection.sok"));
    let from_path = Collection::load(&path, VariantHint::None).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let from_bytes = Collection::parse_bytes(&bytes, VariantHint::None).unwrap();
    let from_string =
        Collection::parse(std::str::from_utf8(&bytes).unwrap(), VariantHint::None).unwrap();
    assert_eq!(from_path, from_bytes);
    assert_eq!(from_path, from_string);
    let reread = Collection::parse(&from_path.to_sok_string().unwrap(), VariantHint::None).unwrap();
    let boards = |c: &Collection| -> Vec<String> {
        c.puzzles
            .iter()
            .map(|p| p.puzzle().unwrap().to_board_str(true, false))
            .collect()
    };
    assert_eq!(boards(&reread), boards(&from_path));
}

#[sokoengine_testkit_macros::corpus_test]
fn every_fixture_round_trips() {
    let corpus = sokoengine_testkit::corpus();
    for entry in std::fs::read_dir(corpus.join(DATA)).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "sok") {
            continue;
        }
        let collection = Collection::load(&path, VariantHint::None).unwrap();
        let written = collection.to_sok_string().unwrap();
        let reread = Collection::parse(&written, VariantHint::None).unwrap();
        assert_round_trip(&collection, &reread, &path.display().to_string());
        // Writing is a fixed point after one round.
        assert_eq!(
            reread.to_sok_string().unwrap(),
            written,
            "{}",
            path.display()
        );
    }
}

/// Every field that docs/formats.md#round-trip names, with a precise message for the first
/// difference.
pub fn assert_round_trip(before: &Collection, after: &Collection, name: &str) {
    assert_eq!(before.title, after.title, "{name}");
    assert_eq!(before.author, after.author, "{name}");
    assert_eq!(before.created_at, after.created_at, "{name}");
    assert_eq!(before.updated_at, after.updated_at, "{name}");
    assert_eq!(before.notes, after.notes, "{name}");
    assert_eq!(before.puzzles.len(), after.puzzles.len(), "{name}");
    for (index, (a, b)) in before.puzzles.iter().zip(&after.puzzles).enumerate() {
        let at = format!("{name} puzzle {}", index + 1);
        assert_eq!(a.title, b.title, "{at}");
        assert_eq!(a.author, b.author, "{at}");
        assert_eq!(a.boxorder, b.boxorder, "{at}");
        assert_eq!(a.goalorder, b.goalorder, "{at}");
        assert_eq!(a.notes, b.notes, "{at}");
        assert_eq!(a.tessellation(), b.tessellation(), "{at}");
        let (pa, pb) = (a.puzzle().unwrap(), b.puzzle().unwrap());
        assert_eq!(
            pa.to_board_str(true, false),
            pb.to_board_str(true, false),
            "{at}"
        );
        assert_eq!(a.snapshots().len(), b.snapshots().len(), "{at}");
        for (sa, sb) in a.snapshots().iter().zip(b.snapshots()) {
            assert_eq!(sa.title, sb.title, "{at}");
            assert_eq!(sa.solver, sb.solver, "{at}");
            assert_eq!(sa.notes, sb.notes, "{at}");
            assert_eq!(sa.compact_moves_data(), sb.compact_moves_data(), "{at}");
        }
        assert_eq!(a, b, "{at}");
    }
    assert_eq!(before, after, "{name}");
}
