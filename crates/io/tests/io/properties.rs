//! Invariants over generated input: no parser panics, printing round-trips, and
//! writing then reading reproduces every field.

use proptest::prelude::*;
use sokoengine_geometry::Tessellation;
use sokoengine_io::{Collection, Moves, PuzzleEntry, Snapshot, VariantHint, WriteError};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn moves_parser_never_panics(text in any::<String>()) {
        let _ = Moves::parse(&text);
    }

    #[test]
    fn moves_parser_never_panics_on_move_alphabet(text in "[lurdnsewLURDNSEW\\[\\]{}*0-9()| \n]{0,40}") {
        if let Ok(moves) = Moves::parse(&text) {
            // The printed forms parse back to the same steps.
            let plain = Moves::parse(&moves.to_str(false)).unwrap();
            let rle = Moves::parse(&moves.to_str(true)).unwrap();
            prop_assert_eq!(plain.to_str(false), moves.to_str(false));
            prop_assert_eq!(rle.to_str(false), moves.to_str(false));
            prop_assert_eq!(plain.move_count(), moves.move_count());
            prop_assert_eq!(plain.push_count(), moves.push_count());
            {
                let tessellation = Tessellation::Octoban;
                let steps = moves.pusher_steps(tessellation).unwrap();
                let back = Moves::from_pusher_steps(tessellation, &steps).unwrap();
                prop_assert_eq!(back.move_count(), moves.move_count());
                prop_assert_eq!(back.push_count(), moves.push_count());
            }
        }
    }

    #[test]
    fn collection_reader_never_panics(text in any::<String>(), hint in 0usize..5) {
        // Text with no board line is refused as a whole, and only that text.
        match Collection::parse(&text, Tessellation::ALL.get(hint).copied()) {
            Ok(collection) => {
                let _ = collection.check();
                let _ = collection.to_sok_string();
            }
            Err(_) => prop_assert!(!text.lines().any(sokoengine_board::is_board_line)),
        }
        let _ = Collection::parse_bytes(text.as_bytes(), VariantHint::None);
    }

    #[test]
    fn collection_reader_never_panics_on_sok_like_text(
        lines in proptest::collection::vec("[#@$.* pbBoP_\\-]{0,8}|[lurdLURD\\[\\]{}*0-9]{0,8}|[A-Za-z:= ;]{0,10}|", 0..30)
    ) {
        let text = lines.join("\n");
        let Ok(collection) = Collection::parse(&text, VariantHint::None) else {
            return Ok(());
        };
        let _ = collection.check();
        if let Ok(written) = collection.to_sok_string() {
            let _ = Collection::parse(&written, VariantHint::None).unwrap_or_default().check();
        }
    }

    #[test]
    fn written_collections_read_back_the_same(collection in collection_strategy()) {
        if collection.puzzles.is_empty() {
            // Notes alone do not read back as a collection: the writer refuses them.
            prop_assert!(matches!(collection.to_sok_string(), Err(WriteError::NoPuzzle)));
            return Ok(());
        }
        let written = collection.to_sok_string().unwrap();
        let reread = Collection::parse(&written, VariantHint::None).unwrap();
        prop_assert_eq!(&reread, &collection, "{}", written);
    }
}

/// Words that are never board or moves lines (`t` is neither a board nor a step letter).
fn words() -> impl Strategy<Value = String> {
    "(Note|Text|Time|Title it|tt) [a-z]{1,6}"
}

fn notes() -> impl Strategy<Value = String> {
    proptest::collection::vec(words(), 0..3).prop_map(|lines| lines.join("\n"))
}

fn snapshot_strategy() -> impl Strategy<Value = Snapshot> {
    (
        words(),
        "[a-z]{0,5}",
        notes(),
        "[lurd]{1,5}[LURD]{1,3}|\\[\\][lurd]{1,4}R",
    )
        .prop_map(|(title, solver, notes, moves)| {
            let mut snapshot = Snapshot::new(Tessellation::Sokoban, moves);
            snapshot.title = title;
            snapshot.solver = solver;
            snapshot.notes = notes;
            snapshot
        })
}

fn entry_strategy() -> impl Strategy<Value = PuzzleEntry> {
    (
        words(),
        "[a-z]{0,5}",
        notes(),
        prop_oneof![
            Just(Tessellation::Sokoban),
            Just(Tessellation::Trioban),
            Just(Tessellation::Octoban)
        ],
        proptest::collection::vec(snapshot_strategy(), 0..3),
        prop_oneof![Just(""), Just("1 2")],
    )
        .prop_map(|(title, author, notes, tessellation, snapshots, order)| {
            let mut entry =
                PuzzleEntry::from_board_text(tessellation, "#######\n#@ $ .#\n# p b o#\n#######");
            entry.title = title;
            entry.author = author;
            entry.notes = notes;
            entry.boxorder = order.to_owned();
            entry.goalorder = order.to_owned();
            for snapshot in snapshots {
                entry.push_snapshot(snapshot);
            }
            entry
        })
}

fn collection_strategy() -> impl Strategy<Value = Collection> {
    (
        words(),
        "[a-z]{0,5}",
        notes(),
        proptest::collection::vec(entry_strategy(), 0..4),
    )
        .prop_map(|(title, author, notes, puzzles)| Collection {
            title,
            author,
            created_at: String::new(),
            updated_at: "2026-01-01".into(),
            notes,
            puzzles,
        })
}
