//! `solve`: text and JSON output, level selection, limits, `--save`, exit codes and
//! one-line errors, garbage input, and the solutions of a corpus file.

use serde_json::{Value, json};
use sokoengine::io::{Collection, VariantHint};
use sokoengine::metrics::SolutionVerifier;

use crate::{run, run_stdin};

/// Masks the time column (`0.01 s`) of solve's text, which changes from run to run.
pub fn mask_times(text: &str) -> String {
    let mut masked = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" s") {
        let (before, after) = rest.split_at(at);
        let number_start = before
            .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map_or(0, |i| i + 1);
        let number = &before[number_start..];
        if number.contains('.') && number.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            masked.push_str(&before[..number_start]);
            masked.push_str("[time]");
        } else {
            masked.push_str(before);
        }
        masked.push_str(" s");
        rest = &after[2..];
    }
    masked.push_str(rest);
    masked
}

/// `N nodes` as `[n] nodes`: node counts change with every improvement of the
/// search, and the snapshots are about the output's form.
pub fn mask_nodes(text: &str) -> String {
    let mut masked = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" nodes") {
        let (before, after) = rest.split_at(at);
        let number_start = before
            .rfind(|c: char| !c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        if number_start < before.len() {
            masked.push_str(&before[..number_start]);
            masked.push_str("[n]");
        } else {
            masked.push_str(before);
        }
        masked.push_str(" nodes");
        rest = &after[" nodes".len()..];
    }
    masked.push_str(rest);
    masked
}

/// The transcript of a successful run, times and node counts masked.
fn solve_transcript(args: &[&str]) -> String {
    let out = run(args);
    format!(
        "$ sokoengine {}\n{}",
        args.join(" "),
        mask_nodes(&mask_times(out.ok()))
    )
}

#[test]
fn masking_keeps_everything_but_times() {
    assert_eq!(
        mask_times("level 1: solved in 0.01 s, 3 nodes\n2 levels; 12.50 s in levels"),
        "level 1: solved in [time] s, 3 nodes\n2 levels; [time] s in levels"
    );
    assert_eq!(mask_times("no time here: 3 s"), "no time here: 3 s");
    assert_eq!(
        mask_nodes("in 0 s, 12 nodes, 3 nodes"),
        "in 0 s, [n] nodes, [n] nodes"
    );
}

#[test]
fn solve_text() {
    insta::assert_snapshot!(solve_transcript(&["solve", "two_boxes.sokoban.txt"]));
    insta::assert_snapshot!(solve_transcript(&[
        "solve",
        "--mode",
        "moves",
        "--all",
        "collection.sok"
    ]));
    insta::assert_snapshot!(solve_transcript(&[
        "solve",
        "--mode",
        "pushes",
        "four_boxes.sokoban.txt"
    ]));
    insta::assert_snapshot!(solve_transcript(&["solve", "unsolvable.sokoban.txt"]));
}

#[test]
fn solve_json_shape() {
    let document = run(&[
        "solve",
        "--json",
        "--mode",
        "pushes",
        "--all",
        "collection.sok",
    ])
    .json();
    let levels = document["levels"].as_array().expect("levels");
    assert_eq!(levels.len(), 4);
    for (n, level) in levels.iter().enumerate() {
        let mut keys: Vec<&str> = level
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "continuation",
                "error",
                "from",
                "lurd",
                "metrics",
                "nodes",
                "number",
                "proven",
                "reason",
                "seconds",
                "status",
                "title"
            ]
        );
        assert_eq!(level["number"], n + 1, "counted from 1, like --level");
        assert_eq!(
            (&level["from"], &level["continuation"]),
            (&Value::Null, &Value::Null)
        );
        assert!(level["seconds"].as_f64().is_some_and(|s| s >= 0.0));
    }
    let first = &levels[0];
    assert_eq!(
        (&first["title"], &first["status"], &first["proven"]),
        (&json!("Two boxes"), &json!("solved"), &json!(true))
    );
    assert_eq!(first["metrics"]["pushes"], 4);
    let mut metric_keys: Vec<&String> = first["metrics"]
        .as_object()
        .expect("metrics")
        .keys()
        .collect();
    metric_keys.sort_unstable();
    assert_eq!(
        metric_keys,
        [
            "box_changes",
            "box_lines",
            "moves",
            "player_lines",
            "pushes",
            "pushing_sessions"
        ]
    );
    // The Sokoban+ level is solved as plain Sokoban without --sokoban-plus.
    assert_eq!(levels[2]["status"], "solved");
    let hexagons = &levels[3];
    assert_eq!(
        (
            &hexagons["status"],
            &hexagons["reason"],
            &hexagons["lurd"],
            &hexagons["metrics"],
            &hexagons["proven"]
        ),
        (
            &json!("unsolvable"),
            &json!("dead-start"),
            &Value::Null,
            &Value::Null,
            // "unsolvable" always comes with a proof.
            &json!(true)
        )
    );
    let summary = &document["summary"];
    assert_eq!(
        (&summary["levels"], &summary["solved"], &summary["proven"]),
        (&json!(4), &json!(3), &json!(3))
    );
    assert!(summary["seconds"].is_number());
    assert!(document.get("error").is_none());
}

#[test]
fn solutions_verify_and_modes_agree() {
    let board =
        std::fs::read_to_string(crate::fixtures().join("two_boxes.sokoban.txt")).expect("fixture");
    let puzzle =
        sokoengine::board::Puzzle::parse(sokoengine::geometry::Tessellation::Sokoban, &board)
            .expect("board");
    let mut verifier = SolutionVerifier::new(&puzzle).expect("one pusher");
    for mode in ["any", "pushes", "moves"] {
        let document = run_stdin(&["solve", "--json", "--mode", mode, "-"], &board).json();
        let level = &document["levels"][0];
        let lurd = level["lurd"].as_str().expect("solved");
        let metrics = verifier.verify(lurd).expect("the solution verifies");
        assert_eq!(level["metrics"]["moves"], metrics.moves, "{mode}");
        assert_eq!(level["metrics"]["pushes"], metrics.pushes, "{mode}");
        assert_eq!(level["proven"], mode != "any", "{mode}");
        if mode != "any" {
            assert_eq!(metrics.pushes, 4, "{mode}");
        }
        if mode == "moves" {
            assert_eq!(metrics.moves, 8);
        }
    }
}

#[test]
fn limits_stop_a_level() {
    // The move-optimal search of four_boxes needs about 10,000 expansions.
    let document = run(&[
        "solve",
        "--json",
        "--mode",
        "moves",
        "--nodes",
        "100",
        "four_boxes.sokoban.txt",
    ])
    .json();
    let level = &document["levels"][0];
    assert_eq!(
        (&level["status"], &level["reason"], &level["lurd"]),
        (&json!("stopped"), &json!("nodes"), &Value::Null)
    );
    let document = run(&["solve", "--json", "unsolvable.sokoban.txt"]).json();
    assert_eq!(
        (
            &document["levels"][0]["status"],
            &document["levels"][0]["reason"]
        ),
        (&json!("unsolvable"), &json!("exhausted"))
    );
    // A tiny memory budget stops with reason `memory`, not a crash.
    let document = run(&[
        "solve",
        "--json",
        "--memory",
        "1",
        "--mode",
        "moves",
        "four_boxes.sokoban.txt",
    ])
    .json();
    let level = &document["levels"][0];
    assert_eq!(
        (&level["status"], &level["reason"]),
        (&json!("stopped"), &json!("memory"))
    );
    // Fractions of seconds are accepted.
    run(&["solve", "--time", "0.5", "two_boxes.sokoban.txt"]).ok();
}

#[test]
fn jobs_keep_file_order() {
    let strip = |mut document: Value| {
        for level in document["levels"].as_array_mut().expect("levels") {
            level["seconds"] = json!(0);
        }
        document["summary"] = Value::Null;
        document
    };
    let one = strip(run(&["solve", "--json", "--all", "--jobs", "1", "collection.sok"]).json());
    let three = strip(run(&["solve", "--json", "--all", "--jobs", "3", "collection.sok"]).json());
    assert_eq!(one, three);
}

#[test]
fn level_selection() {
    let document = run(&["solve", "--json", "--level", "2", "collection.sok"]).json();
    assert_eq!(document["levels"][0]["number"], 2);
    assert_eq!(document["levels"][0]["title"], "Corridor");
    assert_eq!(document["levels"].as_array().map(Vec::len), Some(1));
    // The former --puzzle stays an alias of --level.
    let aliased = run(&["solve", "--json", "--puzzle", "2", "collection.sok"]).json();
    assert_eq!(aliased["levels"][0]["title"], "Corridor");
    // What the file decides is status 1, in every subcommand.
    let out = run(&["solve", "collection.sok"]);
    assert_eq!(
        out.fails(1),
        "collection.sok holds 4 levels: choose one with --level N (1 to 4), or --all"
    );
    let out = run(&["solve", "--level", "5", "collection.sok"]);
    assert_eq!(out.fails(1), "--level 5: collection.sok holds 4 levels");
}

#[test]
fn save_adds_the_solutions() {
    let dir = std::env::temp_dir().join(format!("sokoengine-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let saved = dir.join("saved.sok");
    let saved_name = saved.to_str().expect("UTF-8 path");
    run(&[
        "solve",
        "--all",
        "--mode",
        "pushes",
        "--save",
        saved_name,
        "collection.sok",
    ])
    .ok();
    let before = Collection::load(crate::fixtures().join("collection.sok"), VariantHint::None)
        .expect("fixture");
    let after = Collection::load(&saved, VariantHint::None).expect("saved file");
    assert_eq!(after.title, before.title);
    assert_eq!(after.puzzles.len(), before.puzzles.len());
    let version = env!("CARGO_PKG_VERSION");
    for (old, new) in before.puzzles.iter().zip(&after.puzzles) {
        assert_eq!(new.title, old.title);
        assert_eq!(new.snapshots()[..old.snapshots().len()], *old.snapshots());
        let added = &new.snapshots()[old.snapshots().len()..];
        if old.title == "Hexagons" {
            assert!(added.is_empty(), "an unsolvable level gets no snapshot");
            continue;
        }
        let [solution] = added else {
            panic!("one solution added to {:?}", old.title)
        };
        let moves = solution.moves().expect("moves").to_str(false);
        let metrics = SolutionVerifier::new(&old.puzzle().expect("board"))
            .expect("one pusher")
            .verify(&moves)
            .expect("the saved solution verifies");
        assert_eq!(
            solution.title,
            format!(
                "Solution {}/{} (sokoengine {version}, pushes)",
                metrics.moves, metrics.pushes
            )
        );
    }
    // Saving over the input file itself is safe.
    std::fs::copy(
        crate::fixtures().join("two_boxes.sokoban.txt"),
        dir.join("level.sok"),
    )
    .expect("copy");
    let level = dir.join("level.sok");
    let level_name = level.to_str().expect("UTF-8 path");
    run(&["solve", "--save", level_name, level_name]).ok();
    run(&["solve", "--save", level_name, level_name]).ok();
    let twice = Collection::load(&level, VariantHint::None).expect("saved file");
    assert_eq!(twice.puzzles[0].snapshots().len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn invalid_levels_exit_1_with_one_line() {
    let board = |rows: &[&str]| rows.join("\n");
    let cases: Vec<(String, &str)> = vec![
        (
            board(&["#######", "#@$ .@#", "#######"]),
            "level 1: the level has 2 pushers; the solver needs exactly one",
        ),
        (
            board(&["######", "#@$$.#", "######"]),
            "level 1: the level has 2 boxes but 1 goal in the pusher's area",
        ),
        (
            board(&["#####", "#@ .#", "#####"]),
            "level 1: the level has no box the pusher can reach",
        ),
        (
            board(&["#####", "#@$Z#", "#####"]),
            "standard input: line 2, column 4: Invalid characters in board string!",
        ),
        (String::new(), "standard input holds no puzzle"),
        ("\n\n   \n".to_owned(), "standard input holds no puzzle"),
    ];
    for (input, message) in cases {
        let out = run_stdin(&["solve", "-"], &input);
        assert_eq!(out.fails(1), message, "{input:?}");
        assert_eq!(out.stdout, "", "{input:?}");
    }
    let out = run(&["solve", "two_pushers.sokoban.txt"]);
    assert_eq!(
        out.fails(1),
        "level 1: the level has 2 pushers; the solver needs exactly one"
    );
    let out = run(&["solve", "err_bad_char.sokoban.txt"]);
    assert_eq!(
        out.fails(1),
        "err_bad_char.sokoban.txt: line 2, column 4: Invalid characters in board string!"
    );
    // Sokoban+ is refused only when asked for.
    let out = run(&["solve", "--sokoban-plus", "plus.sok"]);
    assert_eq!(
        out.fails(1),
        "level 1 \"Ordered boxes\": Sokoban+ is enabled on the level; the solver does not handle box orders"
    );
    run(&["solve", "plus.sok"]).ok();
}

#[test]
fn size_limits_are_errors() {
    // 256 × 256 cells: one more than the solver takes.
    let mut rows = vec!["#".repeat(256); 256];
    rows[1] = format!("#@$.{}", "#".repeat(252));
    let out = run_stdin(&["solve", "-"], &rows.join("\n"));
    assert_eq!(
        out.fails(1),
        "level 1: the level has 65536 cells; the solver takes at most 65535"
    );
    // 1,025 boxes in an open room.
    let mut rows = vec![format!("#{}#", " ".repeat(60)); 40];
    rows.insert(0, "#".repeat(62));
    rows.push("#".repeat(62));
    let mut boxes = 0;
    for row in rows.iter_mut().skip(2).step_by(2).take(18) {
        let mut cells: Vec<char> = row.chars().collect();
        for cell in cells.iter_mut().skip(1).take(60) {
            if boxes < 1025 {
                *cell = '$';
                boxes += 1;
            }
        }
        *row = cells.into_iter().collect();
    }
    rows[1] = format!("#@{}#", ".".repeat(59));
    let out = run_stdin(&["solve", "-"], &rows.join("\n"));
    assert_eq!(
        out.fails(1),
        "level 1: the level has 1025 boxes; the solver takes at most 1024"
    );
}

#[test]
fn invalid_levels_in_a_batch() {
    let text = "One\n\n#####\n#@$.#\n#####\n\nTwo\n\n#####\n#@$$#\n#####\n\nThree\n\n######\n#@$ .#\n######\n";
    let out = run_stdin(&["solve", "--all", "-"], text);
    assert_eq!(
        out.fails(1),
        "level 2 \"Two\": the level has 2 boxes but 0 goals in the pusher's area"
    );
    assert!(
        out.stdout
            .contains("level 2 \"Two\": invalid: the level has 2 boxes")
    );
    assert!(out.stdout.contains("level 3 \"Three\": solved"));
    let out = run_stdin(&["solve", "--all", "--json", "-"], text);
    let document = out.fails_json(1);
    assert_eq!(
        document["error"]["message"],
        "level 2 \"Two\": the level has 2 boxes but 0 goals in the pusher's area"
    );
    let statuses: Vec<&Value> = document["levels"]
        .as_array()
        .expect("levels")
        .iter()
        .map(|level| &level["status"])
        .collect();
    assert_eq!(
        statuses,
        [&json!("solved"), &json!("error"), &json!("solved")]
    );
    assert_eq!(
        document["levels"][1]["error"],
        "the level has 2 boxes but 0 goals in the pusher's area"
    );
}

#[test]
fn usage_errors() {
    // Rejected by the command-line parser: clap's whole message.
    let cases: &[&[&str]] = &[
        &["solve"],
        &["solve", "--level", "0", "collection.sok"],
        &["solve", "--level", "1", "--all", "collection.sok"],
        &["solve", "--mode", "fastest", "two_boxes.sokoban.txt"],
        &["solve", "--time", "0", "two_boxes.sokoban.txt"],
        &["solve", "--time", "-3", "two_boxes.sokoban.txt"],
        &["solve", "--time", "soon", "two_boxes.sokoban.txt"],
        &["solve", "--nodes", "0", "two_boxes.sokoban.txt"],
        &["solve", "--memory", "0", "two_boxes.sokoban.txt"],
        &["solve", "--jobs", "0", "two_boxes.sokoban.txt"],
        &["solve", "--variant", "cubes", "two_boxes.sokoban.txt"],
    ];
    for args in cases {
        run(args).fails_usage();
    }
    assert!(
        run(&["solve", "--time", "0", "x"])
            .fails_usage()
            .contains("'0' is not a positive number of seconds")
    );
    // Found after parsing: one line.
    let out = run(&["solve", "no_such_file.txt"]);
    assert!(out.fails(1).starts_with("can't read no_such_file.txt"));
    assert_eq!(out.stdout, "");
    let out = run(&["solve", "--json", "collection.sok"]);
    assert!(out.fails_json(1)["error"]["message"].is_string());
    assert!(
        run(&["solve", "--help"])
            .ok()
            .contains("Usage: sokoengine solve")
    );
}

#[test]
fn variants() {
    let room = "#########\n#       #\n# @ $ . #\n#       #\n#########\n";
    let corridor = " # # # # #\n# @ $   . #\n # # # # #\n";
    for (variant, board) in [
        ("sokoban", room),
        ("hexoban", corridor),
        ("trioban", room),
        ("octoban", room),
    ] {
        for mode in ["any", "pushes", "moves"] {
            let args = ["solve", "--json", "--variant", variant, "--mode", mode, "-"];
            let document = run_stdin(&args, board).json();
            let level = &document["levels"][0];
            assert_eq!(level["status"], "solved", "{variant} {mode}: {level}");
            assert_eq!(level["metrics"]["pushes"], 2, "{variant} {mode}: {level}");
        }
    }
    // A Hexoban box that can never reach its goal.
    let document = run(&["solve", "--json", "hexagons.sok"]).json();
    assert_eq!(document["levels"][0]["status"], "unsolvable");
    let document = run(&[
        "solve",
        "--json",
        "--variant",
        "hexoban",
        "small.hexoban.txt",
    ])
    .json();
    assert_eq!(document["levels"][0]["reason"], "dead-start");
}

/// Every level of Yoshio Murase's autogenerated set is solved through the CLI, and
/// every solution verifies.
#[sokoengine_testkit_macros::corpus_test]
fn corpus_set_is_solved() {
    let path = sokoengine_testkit::corpus_file(
        "levels/large-test-suite/Yoshio_Murase_Autogenerated_52.xsb",
    );
    let collection = Collection::load(&path, VariantHint::None).expect("corpus file");
    let path = path.to_str().expect("UTF-8 path");
    let document = run(&["solve", "--json", "--all", "--time", "20", path]).json();
    assert_eq!(document["summary"]["solved"], 52, "{}", document["summary"]);
    for (entry, level) in collection
        .puzzles
        .iter()
        .zip(document["levels"].as_array().expect("levels"))
    {
        let lurd = level["lurd"].as_str().expect("solved");
        let metrics = SolutionVerifier::new(&entry.puzzle().expect("board"))
            .expect("one pusher")
            .verify(lurd)
            .expect("the solution verifies");
        assert_eq!(level["metrics"]["moves"], metrics.moves);
        assert_eq!(level["metrics"]["player_lines"], metrics.player_lines);
    }
}

#[test]
fn solving_from_a_position() {
    // After rRR (3 steps, 2 pushes), the continuation and the whole line.
    insta::assert_snapshot!(solve_transcript(&[
        "solve",
        "--mode",
        "moves",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRR"
    ]));
    let document = run(&[
        "solve",
        "--json",
        "--mode",
        "moves",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRR",
    ])
    .json();
    let level = &document["levels"][0];
    assert_eq!(level["from"], json!({"steps": 3, "moves": "rRR"}));
    let continuation = level["continuation"]["lurd"]
        .as_str()
        .expect("continuation");
    // The whole line is the moves, then the continuation, and it solves the level.
    assert_eq!(level["lurd"], format!("rRR{continuation}"));
    let whole = level["lurd"].as_str().expect("lurd");
    let puzzle = sokoengine::board::Puzzle::parse(
        sokoengine::geometry::Tessellation::Sokoban,
        &std::fs::read_to_string(crate::fixtures().join("two_boxes.sokoban.txt")).expect("fixture"),
    )
    .expect("board");
    let metrics = sokoengine::metrics::SolutionVerifier::new(&puzzle)
        .expect("verifier")
        .verify(whole)
        .expect("a solution");
    assert_eq!(
        level["metrics"],
        serde_json::to_value(metrics).expect("JSON")
    );
    assert_eq!(
        level["continuation"]["metrics"]["moves"].as_u64(),
        Some(u64::from(metrics.moves) - 3)
    );
    // The proof is of the continuation: move-optimal from the position.
    assert_eq!(level["proven"], true);

    // A saved game of the level (snapshot 2 of collection.sok's level 1 is rRR) gives
    // the same, and --save stores the whole line.
    let from_snapshot = run(&[
        "solve",
        "--json",
        "--mode",
        "moves",
        "collection.sok",
        "--level",
        "1",
        "--snapshot",
        "2",
    ])
    .json();
    assert_eq!(from_snapshot["levels"][0]["lurd"], level["lurd"]);
    // `*` marks the current position of a saved game: what follows is not played.
    let marked = run(&[
        "solve",
        "--json",
        "--mode",
        "moves",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRR*RR",
    ])
    .json();
    assert_eq!(marked["levels"][0]["from"]["steps"], 3);
}

#[test]
fn solving_from_a_position_refuses_what_cannot_be_played() {
    // An illegal step: named by its number from 1 and its cell by row and column.
    let out = run(&["solve", "two_boxes.sokoban.txt", "--moves", "rRRR"]);
    assert_eq!(
        out.fails(1),
        "--moves: step 4: Box ID: 1 can't be placed in row 2, column 7 occupied by '#'"
    );
    let out = run(&["solve", "two_boxes.sokoban.txt", "--moves", "[]l"]);
    assert!(out.fails(1).contains("reverse-mode play"), "{out:?}");
    let out = run(&["solve", "collection.sok", "--level", "1", "--snapshot", "9"]);
    assert_eq!(
        out.fails(1),
        "--snapshot 9: level 1 of collection.sok has 4 snapshots"
    );
    // One level at a time; snapshots count from 1.
    run(&["solve", "--all", "collection.sok", "--moves", "r"]).fails_usage();
    let out = run(&["solve", "collection.sok", "--snapshot", "0"]);
    assert!(
        out.fails_usage().contains("snapshots count from 1"),
        "{out:?}"
    );
}
