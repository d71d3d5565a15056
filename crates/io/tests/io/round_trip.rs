//! Every collection the writer writes reads back as the same collection (issue 14,
//! case 6): the inputs found by fuzzing, and a property over `.sok`-like text.

use proptest::prelude::*;
use sokoengine_geometry::Tessellation;
use sokoengine_io::{
    Collection, CollectionWriter, FileFormat, LineProblem, PuzzleEntry, PuzzleReader, Snapshot,
    VariantHint, WriteError, WriteOptions,
};

/// Reads `bytes`, writes the collection (plain and RLE) and, when the writer accepts
/// it, checks that the text reads back as the same collection. Returns the error of
/// the plain write, if any.
fn round_trip(bytes: &[u8]) -> Option<WriteError> {
    // Text without a board is refused as a whole: nothing to write.
    let Ok(collection) = Collection::parse_bytes(bytes, VariantHint::None) else {
        return None;
    };
    for rle in [false, true] {
        if let Ok(written) = collection.to_sok_string_with(WriteOptions::new().rle(rle)) {
            let reread = Collection::parse(&written, VariantHint::None).unwrap_or_default();
            assert_eq!(
                reread.puzzles.len(),
                collection.puzzles.len(),
                "{written:?}"
            );
            assert_eq!(
                reread.snapshot_count(),
                collection.snapshot_count(),
                "{written:?}"
            );
            if !rle {
                assert_eq!(reread, collection, "{bytes:?} written as {written:?}");
            }
        }
    }
    collection.to_sok_string().err()
}

#[test]
fn moves_that_would_read_as_a_board_line_are_refused() {
    // `|` followed by U+0085: a snapshot whose moves `|` hold no step; written back as
    // `|` it read as a board line, so one puzzle became two.
    for bytes in [
        &b"#####\n#@$.#\n#####\n\n|\xc2\x85\n"[..],
        b"\x0d\x4d\x0d\x7c\x85",
    ] {
        let error = round_trip(bytes).expect("refused");
        assert!(
            matches!(
                error,
                WriteError::UnsafeMoves {
                    problem: LineProblem::BoardLine,
                    ..
                }
            ),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            "puzzle 1, snapshot 1: moves \"|\" would be read back as a board line"
        );
    }
}

#[test]
fn a_lone_unreadable_board_line_stays_a_board() {
    // `)` above the next board was read back as that puzzle's title (2 puzzles -> 1).
    assert!(round_trip(b"\x0a\x29\x0a\x3b\x0a\x23").is_none());
    let collection = Collection::parse("\n)\n;\n#\n", VariantHint::None).unwrap();
    let written = collection.to_sok_string().unwrap();
    // The tag after the board is title-like itself, so it is repeated.
    assert_eq!(written, ")\n\nTitle:\nTitle:\n\n#\n\n");
    // A plain file has no room for the tag: the writer says so.
    let error = collection.to_plain_string(FileFormat::Xsb).unwrap_err();
    assert_eq!(
        error.to_string(),
        "puzzle 1: board row \")\" would be read back as the next puzzle's title"
    );
}

#[test]
fn a_lone_unreadable_moves_line_stays_a_snapshot() {
    // Read from a file, `lurd{LURD}` alone above the next board is that puzzle's title
    // (`dws001` in the corpus); a snapshot with those moves is written so that it is
    // read back as a snapshot.
    let text = "#####\n#@$.#\n#####\n\nlurd{LURD}\n\n#####\n#@$.#\n#####\n";
    let mut collection = Collection::parse(text, VariantHint::None).unwrap();
    assert_eq!(collection.snapshot_count(), 0);
    assert_eq!(collection.puzzles[1].title, "lurd{LURD}");
    collection.puzzles[1].title.clear();
    collection.puzzles[0].push_snapshot(Snapshot::new(Tessellation::Sokoban, "lurd{LURD}"));
    let written = collection.to_sok_string().unwrap();
    let reread = Collection::parse(&written, VariantHint::None).unwrap();
    assert_eq!(reread, collection, "{written}");
}

#[test]
fn title_like_notes_above_an_untitled_puzzle_stay_notes() {
    // Once a limitation of the format: the puzzle's own title tag now follows them.
    for text in [
        "P\nTitle: a\nSolver: b\n3#\n",
        "#\n\nnote\n\n#\n",
        "#\n\nr\n\nnote\n\n#\n",
    ] {
        assert!(round_trip(text.as_bytes()).is_none(), "{text}");
    }
}

#[test]
fn boards_of_line_breaks_only_are_kept() {
    // `|||` decodes to no cells; the puzzle was dropped on writing.
    assert!(round_trip(b"#r\n|||").is_none());
}

#[test]
fn text_that_is_no_board_or_moves_line_is_refused() {
    // `e-` through the library: as the board or the moves of an entry built in code.
    let mut collection = Collection::new();
    collection
        .puzzles
        .push(PuzzleEntry::from_board_text(Tessellation::Sokoban, "e-"));
    let error = collection.to_sok_string().unwrap_err();
    assert_eq!(
        error.to_string(),
        "puzzle 1: board row \"e-\" would be read back as notes"
    );
    let mut entry = PuzzleEntry::from_board_text(Tessellation::Sokoban, "#####\n#@$.#\n#####");
    entry.push_snapshot(Snapshot::new(Tessellation::Sokoban, "e-"));
    collection.puzzles = vec![entry];
    let error = collection.to_sok_string().unwrap_err();
    assert_eq!(
        error.to_string(),
        "puzzle 1, snapshot 1: moves \"e-\" would be read back as notes"
    );
    // A board row with a carriage return would be read as two rows.
    collection.puzzles = vec![PuzzleEntry::from_board_text(Tessellation::Sokoban, "(\r)")];
    assert!(matches!(
        collection.to_sok_string().unwrap_err(),
        WriteError::UnsafeBoardRow {
            problem: LineProblem::LineBreak,
            ..
        }
    ));
    assert!(round_trip(b"e-").is_none());
}

#[test]
fn the_streaming_writer_writes_what_the_collection_writer_writes() {
    let text = "Collection: C\n\nOne\n\n#####\n#@$.#\n#####\n\nR\nSolver: me\n\n#####\n#.$@#\n#####\n\nL\n";
    let collection = Collection::parse(text, VariantHint::None).unwrap();
    let mut reader = PuzzleReader::new(text, None);
    let mut out = Vec::new();
    let mut writer = CollectionWriter::new(
        &mut out,
        reader.header(),
        FileFormat::Sok,
        WriteOptions::new(),
    )
    .unwrap();
    for entry in &mut reader {
        writer.write(&entry).unwrap();
    }
    writer.finish().unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        collection.to_sok_string().unwrap()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn written_text_reads_back_the_same(
        lines in proptest::collection::vec(
            "[#@$.* pbBoP_\\-]{0,5}|[lurdLURD\\[\\]{}*0-9()|]{0,6}|[A-Za-z:= ;]{0,6}|[\r\n \t]{0,2}|::|;x|Title: a|Solver: b|(3#)|#50 (3)|dws001|Game: hexoban|\u{85}",
            0..20,
        )
    ) {
        round_trip(lines.join("\n").as_bytes());
    }

    #[test]
    fn written_bytes_read_back_the_same(bytes in proptest::collection::vec(prop::sample::select(b"#@$. rRlL()|*\n\r;:-e\x85".to_vec()), 0..40)) {
        round_trip(&bytes);
    }
}

#[test]
fn a_lone_sokoban_plus_order_is_kept() {
    // sok_collection (fuzzing): a goalorder without a boxorder was not written.
    let text = "#####\n#@$.#\n#####\nnote\ngoalorder: 1\n\n#####\n#@$.#\n#####\nboxorder: 1\n";
    let collection = Collection::parse(text, VariantHint::None).unwrap();
    assert_eq!(collection.puzzles[0].goalorder, "1");
    assert_eq!(collection.puzzles[1].boxorder, "1");
    assert!(round_trip(text.as_bytes()).is_none());
}
