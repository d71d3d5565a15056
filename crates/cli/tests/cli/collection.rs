//! `verify` and `convert`, on the own fixtures and on the corpus.

use serde_json::{Value, json};
use sokoengine::io::{Collection, VariantHint};

use crate::{run, run_stdin, transcript};

#[test]
fn verify_text() {
    insta::assert_snapshot!(transcript(&["verify", "collection.sok"]));
}

#[test]
fn verify_json() {
    let document = run(&["verify", "--json", "collection.sok"]).json();
    assert_eq!(document["title"], "CLI fixture collection");
    assert_eq!(
        document["summary"],
        json!({"puzzles": 4, "snapshots": 7, "solved": 4})
    );
    // Puzzles and snapshots count from 1, as the text says them.
    let first = &document["puzzles"][0];
    assert_eq!(
        (
            &first["number"],
            &first["title"],
            &first["variant"],
            &first["width"],
            &first["height"]
        ),
        (
            &json!(1),
            &json!("Two boxes"),
            &json!("sokoban"),
            &json!(7),
            &json!(4)
        )
    );
    let solution = &first["snapshots"][0];
    assert_eq!(solution["number"], 1);
    assert_eq!(solution["solved"], true);
    assert_eq!(solution["error"], Value::Null);
    assert_eq!(
        solution["metrics"],
        json!({"moves": 8, "pushes": 4, "box_lines": 2, "box_changes": 2,
               "pushing_sessions": 2, "player_lines": 4})
    );
    // An unsolved snapshot still gets its metrics (docs/rules.md#verifying-a-solution: a
    // saved game's metrics count its played steps).
    let savegame = &first["snapshots"][1];
    assert_eq!(
        (&savegame["solved"], &savegame["metrics"]),
        (
            &json!(false),
            &json!({"moves": 3, "pushes": 2, "box_lines": 1, "box_changes": 1,
                    "pushing_sessions": 1, "player_lines": 1})
        )
    );
    // An illegal step makes the snapshot invalid: no metrics.
    let blocked = &first["snapshots"][2];
    assert_eq!(blocked["number"], 3);
    assert_eq!(blocked["error"]["step_number"], 4);
    assert_eq!(blocked["metrics"], Value::Null);
    // A reverse solution is replayed in reverse mode; metrics are for forward solutions.
    let reverse = &document["puzzles"][1]["snapshots"][0];
    assert_eq!(
        (&reverse["solved"], &reverse["metrics"]),
        (&json!(true), &Value::Null)
    );
    assert_eq!(document["puzzles"][3]["variant"], "hexoban");
}

#[test]
fn verify_reads_standard_input_and_plain_files() {
    let text = std::fs::read_to_string(crate::fixtures().join("collection.sok")).expect("fixture");
    let from_stdin = run_stdin(&["verify", "--json", "-"], &text).json();
    let from_file = run(&["verify", "--json", "collection.sok"]).json();
    assert_eq!(from_stdin, from_file);
    let plain = run(&["verify", "--json", "plain.xsb"]).json();
    assert_eq!(
        plain["summary"],
        json!({"puzzles": 2, "snapshots": 0, "solved": 0})
    );
    let hinted = run(&["verify", "--json", "--variant", "trioban", "plain.xsb"]).json();
    assert_eq!(hinted["puzzles"][0]["variant"], "trioban");
    // The former name of the option stays an alias.
    let aliased = run(&["verify", "--json", "--variant-hint", "trioban", "plain.xsb"]).json();
    assert_eq!(aliased, hinted);
}

#[test]
fn verify_takes_several_files_and_folders() {
    let document = run(&["verify", "--json", "collection.sok", "plain.xsb"]).json();
    let files = document["files"].as_array().expect("files");
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["file"], "collection.sok");
    assert_eq!(files[0]["title"], "CLI fixture collection");
    assert_eq!(
        files[0]["summary"],
        json!({"puzzles": 4, "snapshots": 7, "solved": 4})
    );
    assert_eq!(files[1]["puzzles"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        document["summary"],
        json!({"files": 2, "unreadable": 0, "puzzles": 6, "snapshots": 7, "solved": 4})
    );
    // A folder: its .sok/.xsb/.hsb/.tsb files, sorted.
    let folder = run(&["verify", "--json", "."]).json();
    let names: Vec<&str> = folder["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f["file"].as_str().expect("name"))
        .collect();
    assert_eq!(
        names,
        [
            "./collection.sok",
            "./hexagons.sok",
            "./pack.xsb",
            "./plain.xsb",
            "./plus.sok",
            "./plus_same.sok",
            "./small.hsb",
            "./solutions.sok"
        ]
    );
    let text = run(&["verify", "collection.sok", "plain.xsb"]);
    let text = text.ok();
    assert!(text.starts_with("== collection.sok\n"), "{text}");
    assert!(text.contains("\n== plain.xsb\n"), "{text}");
    assert!(
        text.ends_with("total: 2 files, 6 puzzles, 7 snapshots, 4 solved\n"),
        "{text}"
    );
    // A file without puzzles among others: reported, and status 1 at the end.
    let out = run(&["verify", "collection.sok", "err_not_a_collection.txt"]);
    assert_eq!(out.fails(1), "1 of 2 files could not be verified");
    assert!(
        out.stdout
            .contains("error: err_not_a_collection.txt holds no puzzle")
    );
}

#[test]
fn verify_strict_fails_on_a_snapshot_that_is_no_solution() {
    // collection.sok: a saved game, a blocked solution and one with illegal steps after
    // the solving push among 7 snapshots.
    let out = run(&["verify", "--strict", "collection.sok"]);
    assert_eq!(out.fails(1), "--strict: 3 snapshots are not a solution");
    assert!(out.stdout.ends_with("4 solved\n"), "{out:?}");
    let out = run(&["verify", "--strict", "--json", "collection.sok"]);
    let document = out.fails_json(1);
    assert_eq!(document["summary"]["solved"], 4);
    // Several files: the count covers them all.
    let out = run(&["verify", "--strict", "collection.sok", "plain.xsb"]);
    assert_eq!(out.fails(1), "--strict: 3 snapshots are not a solution");
    // Every snapshot a solution: status 0.
    let solutions = "#######\n#@$  .#\n#######\n\nRRR\n\n[]rrrLLL\n";
    run_stdin(&["verify", "--strict", "-"], solutions).ok();
}

#[test]
fn verify_applies_sokoban_plus_only_when_asked() {
    // The same rule as replay: "Plain solution" of "Ordered boxes" breaks its orders;
    // it is solved without --sokoban-plus and not with it.
    let plain = run(&["verify", "--json", "collection.sok"]).json();
    let plus = run(&["verify", "--json", "--sokoban-plus", "collection.sok"]).json();
    let snapshot = |document: &Value| document["puzzles"][2]["snapshots"][0]["solved"].clone();
    assert_eq!(
        (snapshot(&plain), snapshot(&plus)),
        (json!(true), json!(false))
    );
    assert_eq!(plain["summary"]["solved"], 4);
    assert_eq!(plus["summary"]["solved"], 3);
    // replay on the same puzzle agrees, with and without the flag.
    for (flag, document) in [(None, &plain), (Some("--sokoban-plus"), &plus)] {
        let mut args = vec![
            "replay",
            "--json",
            "--board",
            "collection.sok",
            "--puzzle",
            "3",
        ];
        args.extend(flag);
        args.extend(["--moves", "rRRlldRR"]);
        assert_eq!(run(&args).json()["solved"], snapshot(document), "{args:?}");
    }
}

#[test]
fn verify_errors() {
    let out = run(&["verify", "err_not_a_collection.txt"]);
    assert_eq!(out.fails(1), "err_not_a_collection.txt holds no puzzle");
    let out = run(&["verify", "--json", "err_not_a_collection.txt"]);
    assert!(out.fails_json(1)["error"]["message"].is_string());
}

#[sokoengine_testkit_macros::corpus_test]
fn verify_original_and_extra() {
    let path = sokoengine_testkit::corpus_file("levels/sok-with-solutions/Original_and_Extra.sok");
    let path = path.to_str().expect("UTF-8 path");
    let out = run(&["verify", path]);
    assert!(
        out.ok()
            .ends_with("Original & Extra: 91 puzzles, 196 snapshots, 193 solved\n"),
        "{}",
        out.stdout
    );
    let document = run(&["verify", "--json", path]).json();
    assert_eq!(
        document["summary"],
        json!({"puzzles": 91, "snapshots": 196, "solved": 193})
    );

    // Every snapshot's outcome agrees with the reference replay.
    let reference: Value = serde_json::from_str(&sokoengine_testkit::read_corpus(
        "sokoenginepy/derived/original_and_extra_replay.json",
    ))
    .expect("JSON");
    let results = reference["results"].as_array().expect("results");
    assert_eq!(results.len(), 196);
    for expected in results {
        let puzzle =
            &document["puzzles"][expected["puzzle_index"].as_u64().expect("index") as usize];
        assert_eq!(puzzle["title"], expected["puzzle_title"]);
        assert_eq!(
            (&puzzle["width"], &puzzle["height"]),
            (&expected["width"], &expected["height"])
        );
        let snapshot =
            &puzzle["snapshots"][expected["snapshot_index"].as_u64().expect("index") as usize];
        assert_eq!(snapshot["title"], expected["snapshot_title"]);
        assert_eq!(
            snapshot["solved"], expected["solved_after_replay"],
            "{snapshot}"
        );
    }

    // Metrics of every valid solution agree with the JSoko table.
    let table = sokoengine_testkit::read_corpus(
        "levels/sok-with-solutions/Original_and_Extra.solution_metrics.csv",
    );
    let mut checked = 0;
    for line in table.lines().skip(1) {
        let (title, rest) = split_quoted(line);
        let (_number, rest) = rest.split_once(',').expect("xsokoban_no");
        let (snapshot_title, numbers) = split_quoted(rest);
        let numbers: Vec<u64> = numbers
            .split(',')
            .map(|n| n.parse().expect("number"))
            .collect();
        let puzzle = document["puzzles"]
            .as_array()
            .expect("puzzles")
            .iter()
            .find(|p| p["title"] == title)
            .expect("puzzle of the table");
        let snapshot = puzzle["snapshots"]
            .as_array()
            .expect("snapshots")
            .iter()
            .find(|s| s["title"] == snapshot_title)
            .expect("snapshot of the table");
        let m = &snapshot["metrics"];
        let got: Vec<u64> = [
            "moves",
            "pushes",
            "box_lines",
            "box_changes",
            "pushing_sessions",
            "player_lines",
        ]
        .iter()
        .map(|key| m[*key].as_u64().expect("metric"))
        .collect();
        assert_eq!(got, numbers, "{title} / {snapshot_title}");
        checked += 1;
    }
    assert_eq!(checked, 193);
}

/// Splits `"quoted text",rest` (the CSV's quoted first field).
fn split_quoted(line: &str) -> (String, &str) {
    let line = line.strip_prefix('"').expect("quoted field");
    let end = line.find("\",").expect("closing quote");
    (line[..end].replace("\"\"", "\""), &line[end + 2..])
}

#[sokoengine_testkit_macros::corpus_test]
fn replay_agrees_with_the_reference_final_boards() {
    let text = sokoengine_testkit::read_corpus("levels/sok-with-solutions/Original_and_Extra.sok");
    let reference: Value = serde_json::from_str(&sokoengine_testkit::read_corpus(
        "sokoenginepy/derived/original_and_extra_replay.json",
    ))
    .expect("JSON");
    let collection = Collection::parse(&text, VariantHint::None).unwrap();
    // One process per snapshot: a sample keeps the debug test fast, and includes the
    // unsolved save games.
    for (n, expected) in reference["results"]
        .as_array()
        .expect("results")
        .iter()
        .enumerate()
    {
        if n % 12 != 0 && expected["solved_after_replay"] == true {
            continue;
        }
        let entry = &collection.puzzles[expected["puzzle_index"].as_u64().expect("index") as usize];
        let snapshot =
            &entry.snapshots()[expected["snapshot_index"].as_u64().expect("index") as usize];
        let board = entry.puzzle().expect("board").to_board_str(true, false);
        let moves = snapshot.moves_data().replace(['\n', '\r', ' '], "");
        let document = run_stdin(
            &["replay", "--json", "--board", "-", "--moves", &moves],
            &board,
        )
        .json();
        assert_eq!(
            document["final_board"], expected["final_board"],
            "{expected}"
        );
        assert_eq!(document["solved"], expected["solved_after_replay"]);
        assert_eq!(document["moves_count"], expected["moves_count_non_push"]);
        assert_eq!(document["pushes_count"], expected["pushes_count"]);
    }
}

/// (variant, title, board, [(snapshot title, moves)]) of one puzzle.
type Contents = (String, String, String, Vec<(String, String)>);

/// The puzzles and snapshots of a collection, for comparing conversions.
fn contents(collection: &Collection) -> Vec<Contents> {
    collection
        .puzzles
        .iter()
        .map(|entry| {
            (
                entry.tessellation().name().to_owned(),
                entry.title.clone(),
                entry
                    .puzzle()
                    .map(|p| p.to_board_str(true, false))
                    .unwrap_or_default(),
                entry
                    .snapshots()
                    .iter()
                    .map(|s| {
                        let moves = s.moves().map(|m| m.to_str(false)).unwrap_or_default();
                        (s.title.clone(), moves)
                    })
                    .collect(),
            )
        })
        .collect()
}

fn read(path: &str) -> Collection {
    Collection::load(crate::fixtures().join(path), VariantHint::None).expect("fixture")
}

#[test]
fn convert_round_trips() {
    let original = contents(&read("collection.sok"));
    let sok = run(&["convert", "collection.sok", "--to", "sok"]);
    assert_eq!(
        contents(&Collection::parse(sok.ok(), VariantHint::None).unwrap()),
        original
    );
    let rle = run(&["convert", "collection.sok", "--to", "sok", "--rle"]);
    assert!(
        rle.ok().contains("7#|#@-$-.#|#2-$-.#|7#\n"),
        "{}",
        rle.stdout
    );
    assert_eq!(
        contents(&Collection::parse(&rle.stdout, VariantHint::None).unwrap()),
        original
    );
    let json = run(&["convert", "collection.sok", "--to", "json"]);
    let parsed: Collection = serde_json::from_str(json.ok()).expect("JSON collection");
    assert_eq!(contents(&parsed), original);
    // JSON in, .sok out.
    let back = run_stdin(&["convert", "-", "--to", "sok"], &json.stdout);
    assert_eq!(
        contents(&Collection::parse(back.ok(), VariantHint::None).unwrap()),
        original
    );
    let rle_json = run(&["convert", "collection.sok", "--to", "json", "--rle"]);
    let document: Value = serde_json::from_str(rle_json.ok()).expect("JSON");
    assert_eq!(document["puzzles"][0]["board"], "7#|#@-$-.#|#2-$-.#|7#");
    let parsed: Collection = serde_json::from_str(&rle_json.stdout).expect("JSON collection");
    assert_eq!(contents(&parsed), original);
}

#[test]
fn convert_text() {
    insta::assert_snapshot!(transcript(&["convert", "plain.xsb", "--to", "sok"]));
    insta::assert_snapshot!(transcript(&[
        "convert",
        "collection.sok",
        "--to",
        "sok",
        "--rle"
    ]));
}

#[test]
fn convert_skips_the_puzzles_the_format_cannot_hold() {
    // collection.sok's fourth puzzle is Hexoban: the others are written, and the
    // skipped one is named on standard error (it was: exit 1, nothing written).
    let out = run(&["convert", "collection.sok", "--to", "xsb"]);
    assert_eq!(out.status, 0, "{out:?}");
    assert_eq!(
        out.stderr,
        "warning: skipped puzzle 4 (\"Hexagons\"): a Hexoban puzzle can't be written to a \
         .xsb file of Sokoban puzzles (use --to hsb or --to sok)\n"
    );
    let written = Collection::parse(&out.stdout, VariantHint::None).unwrap();
    let titles: Vec<&str> = written.puzzles.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(titles, ["Two boxes", "Corridor", "Ordered boxes"]);
    // Nothing left to write is a failure.
    let out = run(&["convert", "hexagons.sok", "--to", "xsb"]);
    assert_eq!(out.stderr.lines().count(), 2, "{out:?}");
    assert!(
        out.stderr
            .ends_with("error: no puzzle can be written as .xsb (1 skipped)\n")
    );
    assert_eq!(out.status, 1);
}

#[test]
fn convert_errors() {
    let out = run_stdin(&["convert", "-", "--to", "sok"], "{ not json");
    assert!(
        out.fails(1)
            .starts_with("standard input: invalid JSON collection")
    );
    let out = run(&["convert", "--json", "collection.sok", "--to", "sok"]);
    out.fails_json(2);
}

#[sokoengine_testkit_macros::corpus_test]
fn convert_corpus_collections_round_trip() {
    for relative in [
        "sokoenginepy/test_data/mixed_collection.sok",
        "levels/sok-with-solutions/Original_and_Extra.sok",
    ] {
        let path = sokoengine_testkit::corpus_file(relative);
        let original = contents(&Collection::load(&path, VariantHint::None).expect("corpus file"));
        let path = path.to_str().expect("UTF-8 path");
        for rle in [false, true] {
            let mut args = vec!["convert", path, "--to", "sok"];
            if rle {
                args.push("--rle");
            }
            let out = run(&args);
            assert_eq!(
                contents(&Collection::parse(out.ok(), VariantHint::None).unwrap()),
                original,
                "{relative} rle={rle}"
            );
        }
    }
}

#[test]
fn convert_writes_every_format_it_reads() {
    // Hexoban to .hsb, and back from it.
    let hsb = run(&["convert", "hexagons.sok", "--to", "hsb"]);
    let written = hsb.ok().to_owned();
    let original = contents(&read("hexagons.sok"));
    let reread = run_stdin(
        &["convert", "-", "--variant", "hexoban", "--to", "sok"],
        &written,
    );
    assert_eq!(
        contents(&Collection::parse(reread.ok(), VariantHint::None).unwrap())
            .into_iter()
            .map(|(variant, title, board, _)| (variant, title, board))
            .collect::<Vec<_>>(),
        original
            .into_iter()
            .map(|(variant, title, board, _)| (variant, title, board))
            .collect::<Vec<_>>()
    );
    // Trioban to .tsb, Octoban to .txt (no extension names Octoban: --variant reads it
    // back).
    for (variant, target) in [("trioban", "tsb"), ("octoban", "txt")] {
        let board = "#######\n#@ $ .#\n#######\n";
        let out = run_stdin(
            &["convert", "-", "--variant", variant, "--to", target],
            board,
        );
        let text = out.ok().to_owned();
        let back = run_stdin(&["board", "--json", "--variant", variant, "-"], &text).json();
        assert_eq!(back["variant"], variant, "{target}: {text}");
        assert_eq!(back["board"], "#######\n#@-$-.#\n#######");
    }
    // A plain format that cannot hold a puzzle names the one that can.
    let out = run(&["convert", "small.hsb", "--to", "xsb"]);
    assert!(out.stderr.contains("(use --to hsb or --to sok)"), "{out:?}");
    assert_eq!(out.status, 1);
}

#[sokoengine_testkit_macros::corpus_test]
fn convert_corpus_hexoban_to_hsb() {
    // morehex.hsb: refused as .xsb puzzle by puzzle, written whole as .hsb, and the
    // .hsb reads back as the same boards and titles.
    let path = sokoengine_testkit::corpus_file("levels/variants/hexoban/morehex.hsb");
    let original = contents(&Collection::load(&path, VariantHint::None).expect("corpus file"));
    let path = path.to_str().expect("UTF-8 path");
    let out = run(&["convert", path, "--to", "xsb"]);
    assert_eq!(out.status, 1, "{out:?}");
    assert!(
        out.stderr
            .ends_with("error: no puzzle can be written as .xsb (5 skipped)\n"),
        "{out:?}"
    );
    let hsb = run(&["convert", path, "--to", "hsb"]);
    let reread = Collection::parse(hsb.ok(), sokoengine::geometry::Tessellation::Hexoban).unwrap();
    let boards = |contents: Vec<Contents>| -> Vec<(String, String)> {
        contents
            .into_iter()
            .map(|(_, title, board, _)| (title, board))
            .collect()
    };
    assert_eq!(boards(contents(&reread)), boards(original));
}

#[test]
fn verify_and_board_see_the_titles_of_both_layouts() {
    // Titles directly under the boards (Original/XSokoban from Sokoban sites), and a
    // header block that runs into the first title (Microban III): the fixtures of the
    // io crate, read by the streaming reader of verify and by board alike.
    for file in ["../io/titles_below.xsb", "../io/header_title.xsb"] {
        let document = run(&["verify", "--json", file]).json();
        let titles: Vec<&str> = document["puzzles"]
            .as_array()
            .expect("puzzles")
            .iter()
            .map(|p| p["title"].as_str().expect("title"))
            .collect();
        assert_eq!(titles, ["1", "2", "3"], "{file}");
        let render = run(&["render", "--json", file, "--level", "2"]).json();
        assert!(
            render["picture"]
                .as_str()
                .is_some_and(|svg| svg.contains("<svg"))
        );
    }
}
