//! The repository's own fixtures (`fixtures/io`): core behaviours without the corpus,
//! snapshotted with insta.

use std::fmt::Write as _;

use sokoengine_geometry::Tessellation;
use sokoengine_io::{Collection, FileFormat, Moves, VariantHint, WriteError};

fn fixture(name: &str) -> Collection {
    Collection::load(
        sokoengine_testkit::fixture(&format!("io/{name}")),
        VariantHint::None,
    )
    .unwrap()
}

/// A readable dump of everything the reader found.
fn summary(collection: &Collection) -> String {
    let mut out = String::new();
    writeln!(out, "title: {:?}", collection.title).unwrap();
    writeln!(out, "author: {:?}", collection.author).unwrap();
    writeln!(out, "created_at: {:?}", collection.created_at).unwrap();
    writeln!(out, "updated_at: {:?}", collection.updated_at).unwrap();
    writeln!(out, "notes: {:?}", collection.notes).unwrap();
    for (index, entry) in collection.puzzles.iter().enumerate() {
        writeln!(
            out,
            "puzzle {} (line {:?}):",
            index + 1,
            entry.source_line()
        )
        .unwrap();
        writeln!(out, "  tessellation: {}", entry.tessellation()).unwrap();
        writeln!(out, "  title: {:?}", entry.title).unwrap();
        writeln!(out, "  author: {:?}", entry.author).unwrap();
        writeln!(
            out,
            "  boxorder/goalorder: {:?} / {:?}",
            entry.boxorder, entry.goalorder
        )
        .unwrap();
        writeln!(out, "  notes: {:?}", entry.notes).unwrap();
        match entry.puzzle() {
            Ok(puzzle) => {
                writeln!(out, "  board {}x{}:", puzzle.width(), puzzle.height()).unwrap();
                for row in puzzle.to_board_str(true, false).lines() {
                    writeln!(out, "    {row}").unwrap();
                }
            }
            Err(error) => writeln!(out, "  board error: {error}").unwrap(),
        }
        for (index, snapshot) in entry.snapshots().iter().enumerate() {
            writeln!(
                out,
                "  snapshot {} (line {:?}):",
                index + 1,
                snapshot.source_line()
            )
            .unwrap();
            writeln!(out, "    title: {:?}", snapshot.title).unwrap();
            writeln!(out, "    solver: {:?}", snapshot.solver).unwrap();
            writeln!(out, "    notes: {:?}", snapshot.notes).unwrap();
            match snapshot.moves() {
                Ok(moves) => writeln!(
                    out,
                    "    moves: {} (rle {}) moves={} pushes={} jumps={}",
                    moves.to_str(false),
                    moves.to_str(true),
                    moves.move_count(),
                    moves.push_count(),
                    moves.jump_count()
                )
                .unwrap(),
                Err(error) => writeln!(out, "    moves error: {error}").unwrap(),
            }
        }
    }
    out
}

#[test]
fn demo_collection_reads() {
    insta::assert_snapshot!(summary(&fixture("demo.sok")));
}

#[test]
fn demo_collection_writes_and_round_trips() {
    let collection = fixture("demo.sok");
    let written = collection.to_sok_string().unwrap();
    insta::assert_snapshot!(written);
    let reread = Collection::parse(&written, VariantHint::None).unwrap();
    crate::sok_format::assert_round_trip(&collection, &reread, "demo.sok");
}

#[test]
fn latin1_crlf_xsb_reads() {
    insta::assert_snapshot!(summary(&fixture("latin1.xsb")));
}

#[test]
fn hsb_extension_gives_hexoban_and_hint_wins() {
    let collection = fixture("corners.hsb");
    assert_eq!(collection.puzzles[0].tessellation(), Tessellation::Hexoban);
    assert_eq!(collection.puzzles[0].title, "Tiny hexoban");
    let path = sokoengine_testkit::fixture("io/corners.hsb");
    let hinted = Collection::load(path, Some(Tessellation::Octoban)).unwrap();
    assert_eq!(hinted.puzzles[0].tessellation(), Tessellation::Octoban);
    // Plain writing checks the tessellation.
    let plain = collection.to_plain_string(FileFormat::Hsb).unwrap();
    assert_eq!(
        plain,
        "Tiny hexoban\n\n   # # #\n  # @ $ #\n   # . #\n    # #\n\n"
    );
    let error = collection.to_plain_string(FileFormat::Xsb).unwrap_err();
    assert!(matches!(
        error,
        WriteError::TessellationMismatch { puzzle: 1, .. }
    ));
    assert_eq!(
        error.to_string(),
        "puzzle 1: a Hexoban puzzle can't be written to a .xsb file of Sokoban puzzles (use .sok)"
    );
    let reread = Collection::parse(&plain, Some(Tessellation::Hexoban)).unwrap();
    assert_eq!(
        reread.puzzles[0].puzzle().unwrap(),
        collection.puzzles[0].puzzle().unwrap()
    );
}

#[test]
fn broken_puzzles_do_not_lose_the_rest() {
    let collection = fixture("broken.sok");
    assert_eq!(collection.puzzles.len(), 4);
    let errors = collection.check();
    let listed: Vec<String> = errors.iter().map(ToString::to_string).collect();
    insta::assert_debug_snapshot!(listed);
    assert_eq!(
        errors.iter().map(|e| e.line()).collect::<Vec<_>>(),
        [16, 26]
    );
    let (good, errors) = collection.split_errors();
    assert_eq!(errors.len(), 2);
    let titles: Vec<&str> = good.puzzles.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(titles, ["Good one", "Bad moves", "Fine again"]);
    assert!(good.puzzles[1].snapshots().is_empty());
    assert!(good.check().is_empty());
}

#[test]
fn err_moves_messages() {
    let cases = [
        "ZOMG!",
        "lurd{LURD}",
        "lurd[LURD]",
        "lurd[lurd",
        "lu]",
        "[[l]]",
        "l\n  u}",
        "2(3r",
        "r3",
        "3(r)2(l2)",
    ];
    let results: Vec<String> = cases
        .iter()
        .map(|case| match Moves::parse(case) {
            Ok(moves) => format!("{case:?} -> ok {moves}"),
            Err(error) => format!("{case:?} -> {error} @ {:?}", error.location()),
        })
        .collect();
    insta::assert_debug_snapshot!(results);
}

#[test]
fn puzzles_built_in_code_are_written() {
    use sokoengine_board::Puzzle;
    use sokoengine_io::{PuzzleEntry, Snapshot};

    let mut puzzle = Puzzle::new(Tessellation::Sokoban, 6, 4).unwrap();
    for (position, c) in "######\n#p b.#\n#    #\n######"
        .replace('\n', "")
        .chars()
        .enumerate()
    {
        puzzle.set(position, c).unwrap();
    }
    puzzle.title = "Pop".into(); // a board-line title: written as a Title tag
    let mut entry = PuzzleEntry::from_puzzle(puzzle);
    let mut snapshot = Snapshot::new(Tessellation::Sokoban, "rR");
    snapshot.title = "Dude".into(); // a moves-line title
    entry.push_snapshot(snapshot);
    let mut collection = Collection::new();
    collection.puzzles.push(entry);
    // An edit after building is written too.
    let mut puzzle = collection.puzzles[0].puzzle().unwrap();
    puzzle.set(7, '-').unwrap();
    puzzle.set(8, 'p').unwrap();
    collection.puzzles[0].set_board(puzzle);
    let written = collection.to_sok_string().unwrap();
    // "Title: Pop" alone above the untitled snapshot would read as its title, so
    // the tag is repeated.
    assert_eq!(
        written,
        "######\n# pb.#\n#    #\n######\n\nTitle: Pop\nTitle: Pop\n\nrR\nTitle: Dude\n\n"
    );
    let reread = Collection::parse(&written, VariantHint::None).unwrap();
    assert_eq!(reread, collection);
    assert_eq!(reread.puzzles[0].title, "Pop");
    assert_eq!(reread.puzzles[0].snapshots()[0].title, "Dude");
}

#[test]
fn unsafe_notes_are_write_errors() {
    let mut collection = Collection::parse("#####\n#@$.#\n#####\n", VariantHint::None).unwrap();
    collection.puzzles[0].notes = "fine line\nPop".into();
    let error = collection.to_sok_string().unwrap_err();
    assert_eq!(
        error.to_string(),
        "puzzle 1: notes line \"Pop\" would be read back as a board line"
    );
    collection.puzzles[0].notes = "Ruled".into();
    assert!(
        collection
            .to_sok_string()
            .unwrap_err()
            .to_string()
            .contains("a moves line")
    );
    collection.puzzles[0].notes = "author: someone".into();
    assert!(
        collection
            .to_sok_string()
            .unwrap_err()
            .to_string()
            .contains("a tag")
    );
    collection.puzzles[0].notes = "Game: Chess".into();
    assert!(collection.to_sok_string().is_ok());
    collection.puzzles[0].title = "two\nlines".into();
    assert!(matches!(
        collection.to_sok_string().unwrap_err(),
        WriteError::MultiLineField { field: "title", .. }
    ));
}

#[test]
fn dates_only_when_set_and_untitled_successors_keep_tags() {
    let mut collection =
        Collection::parse("Collection: C\n\n#####\n#@$.#\n#####\n", VariantHint::None).unwrap();
    // "Collection: C" alone above an untitled puzzle would read as its title: the
    // writer puts a `::` comment line before it so the header reads back the same.
    assert_eq!(collection.title, "");
    assert_eq!(collection.puzzles[0].title, "Collection: C");
    collection.title = "C".into();
    collection.puzzles[0].title.clear();
    let written = collection.to_sok_string().unwrap();
    assert!(!written.contains("Date"));
    assert_eq!(written, "::\nCollection: C\n\n#####\n#@$.#\n#####\n\n");
    assert_eq!(
        Collection::parse(&written, VariantHint::None).unwrap(),
        collection
    );
}

#[test]
fn snapshot_errors_point_at_the_file_line() {
    let text = "#####\n#@$.#\n#####\n\nrrrr\n  ll]r\nlu\n";
    let errors = Collection::parse(text, VariantHint::None).unwrap().check();
    assert_eq!(errors.len(), 1);
    assert_eq!(
        errors[0].to_string(),
        "line 6, column 3: puzzle 1, snapshot 1: Unexpected input in Snapshot string! \
         closing bracket without its opening bracket at step 6 (line 1, column 7)."
    );
}

#[cfg(feature = "serde")]
#[test]
fn demo_collection_as_json() {
    let collection = fixture("demo.sok");
    let json = serde_json::to_string_pretty(&collection).unwrap();
    insta::assert_snapshot!(json);
    let back: Collection = serde_json::from_str(&json).unwrap();
    assert_eq!(back, collection);
}

#[test]
fn titles_directly_under_their_boards_belong_to_those_boards() {
    // The Original/XSokoban layout of Sokoban sites: `; N` directly under each board.
    let collection = fixture("titles_below.xsb");
    let titles: Vec<&str> = collection
        .puzzles
        .iter()
        .map(|p| p.title.as_str())
        .collect();
    assert_eq!(titles, ["1", "2", "3"]);
    assert!(collection.puzzles.iter().all(|p| p.notes.is_empty()));
    insta::assert_snapshot!(summary(&collection));
}

#[test]
fn a_numbered_title_ending_the_header_block_is_the_first_title() {
    // The Microban III layout: `; 1` directly under the header's comment lines.
    let collection = fixture("header_title.xsb");
    let titles: Vec<&str> = collection
        .puzzles
        .iter()
        .map(|p| p.title.as_str())
        .collect();
    assert_eq!(titles, ["1", "2", "3"]);
    insta::assert_snapshot!(summary(&collection));
}

#[test]
fn both_layouts_write_titles_above_and_read_back_the_same() {
    for name in ["titles_below.xsb", "header_title.xsb"] {
        let collection = fixture(name);
        for format in [FileFormat::Sok, FileFormat::Xsb] {
            let written = collection.to_plain_string(format).unwrap();
            let reread = Collection::parse(&written, VariantHint::None).unwrap();
            let titles = |c: &Collection| {
                c.puzzles
                    .iter()
                    .map(|p| p.title.clone())
                    .collect::<Vec<_>>()
            };
            assert_eq!(titles(&reread), titles(&collection), "{name} as {format:?}");
        }
    }
}

#[test]
fn every_tessellation_has_a_plain_form() {
    let board = "#####\n#@$.#\n#####\n";
    for tessellation in Tessellation::ALL {
        let mut collection =
            Collection::parse(&format!("One\n\n{board}\nTwo\n\n{board}"), tessellation).unwrap();
        let format = FileFormat::plain(tessellation);
        let written = collection.to_plain_string(format).unwrap();
        let reread = Collection::parse(&written, tessellation).unwrap();
        assert_eq!(reread, collection, "{tessellation}: {written}");
        // A `.txt` file holds its first puzzle's tessellation only.
        collection.puzzles[1].set_tessellation(if tessellation == Tessellation::Sokoban {
            Tessellation::Octoban
        } else {
            Tessellation::Sokoban
        });
        let error = collection.to_plain_string(FileFormat::Txt).unwrap_err();
        assert!(
            matches!(error, WriteError::TessellationMismatch { puzzle: 2, expected, .. } if expected == tessellation),
            "{error}"
        );
    }
    assert_eq!(
        FileFormat::from_path(std::path::Path::new("x.TXT")),
        Some(FileFormat::Txt)
    );
}
