//! Help, version and usage errors (exit status 2).

use crate::{run, run_stdin};

const SUBCOMMANDS: &[&[&str]] = &[
    &[],
    &["board"],
    &["replay"],
    &["metrics"],
    &["verify"],
    &["convert"],
    &["tilewe"],
    &["tilewe", "moves"],
    &["tilewe", "perft"],
    &["tilewe", "play"],
    &["hanoi"],
    &["hanoi", "solve"],
    &["setting-sun"],
    &["setting-sun", "solve"],
    &["setting-sun", "states"],
    &["setting-sun", "play"],
];

#[test]
fn help_everywhere() {
    for command in SUBCOMMANDS {
        let mut args = command.to_vec();
        args.push("--help");
        let out = run(&args);
        let text = out.ok();
        assert!(text.contains("Usage: sokoengine"), "{args:?}: {text}");
    }
}

#[test]
fn version() {
    let out = run(&["--version"]);
    assert_eq!(
        out.ok(),
        format!("sokoengine {}\n", env!("CARGO_PKG_VERSION"))
    );
}

/// Command lines clap rejects: status 2, nothing on standard output, and clap's whole
/// message on standard error (what is wrong, then the usage line or the hint to --help).
#[test]
fn command_line_errors_keep_clap_s_whole_message() {
    let cases: &[&[&str]] = &[
        &[],
        &["tilewe"],
        &["frobnicate"],
        &["board", "--bogus", "two_boxes.sokoban.txt"],
        &["board"],
        &["board", "--variant", "cubes", "two_boxes.sokoban.txt"],
        &["replay", "--board", "two_boxes.sokoban.txt"],
        &["convert", "collection.sok", "--to", "pdf"],
        &["tilewe", "perft", "--depth", "0"],
        &["tilewe", "perft", "--depth", "99999999999999999999999"],
        &["tilewe", "moves", "--players", "5"],
        &["hanoi", "solve"],
        &["hanoi", "solve", "--disks", "3", "--pegs", "5"],
        &["setting-sun", "solve", "--metric", "teleport"],
        &["setting-sun", "solve", "--max-states", "-1"],
        &["board", "--puzzle", "0", "two_boxes.sokoban.txt"],
        &["hanoi", "solve", "--disks", "64"],
    ];
    for args in cases {
        let out = run(args);
        assert_eq!(out.status, 2, "{args:?}: {out:?}");
        assert_eq!(out.stdout, "", "{args:?}");
        assert!(out.stderr.lines().count() > 1, "{args:?}: {out:?}");
        assert!(
            out.stderr.contains("Usage: sokoengine") || out.stderr.contains("'--help'"),
            "{args:?}: {out:?}"
        );
    }
}

/// A file that cannot be read is status 1 in every subcommand, one line: 2 is for what
/// clap rejects.
#[test]
fn files_that_cannot_be_read_are_one_line_with_status_1() {
    let cases: &[&[&str]] = &[
        &["board", "no_such_file.txt"],
        &["board", "."],
        &["replay", "--board", "no_such_file.txt", "--moves", "r"],
        &["metrics", "--board", "no_such_file.txt", "--moves", "r"],
        &["verify", "no_such_file.sok"],
        &["verify", "collection.sok", "no_such_file.sok"],
        &["convert", "no_such_file.sok", "--to", "sok"],
        &["solve", "no_such_file.txt"],
        &["optimize", "no_such_file.sok"],
        &["render", "no_such_file.txt"],
    ];
    for args in cases {
        let out = run(args);
        let message = out.fails(1);
        assert!(message.starts_with("can't read "), "{args:?}: {message}");
        assert_eq!(out.stdout, "", "{args:?}");
    }
}

/// "This file holds several levels: choose one" is status 1 in every subcommand that
/// picks a level, and names --level.
#[test]
fn choosing_a_level_is_said_one_way() {
    for args in [
        &["board", "collection.sok"][..],
        &["replay", "--board", "collection.sok", "--moves", "r"],
        &["metrics", "--board", "collection.sok", "--moves", "r"],
        &["render", "collection.sok"],
        &["solve", "collection.sok"],
        &["optimize", "collection.sok"],
    ] {
        let message = run(args).fails(1).to_owned();
        assert!(
            message
                .starts_with("collection.sok holds 4 levels: choose one with --level N (1 to 4)"),
            "{args:?}: {message}"
        );
    }
}

#[test]
fn usage_errors_snapshot() {
    let messages: Vec<String> = [
        vec!["board", "--bogus", "x"],
        vec!["boad", "x"],
        vec!["replay", "--board", "x"],
        vec!["board", "--variant", "cubes", "x"],
        vec!["convert", "x", "--to", "pdf"],
        vec!["board", "--level", "0", "x"],
        vec!["render", "x", "--snapshot", "0"],
        vec!["solve", "x", "--level", "-1"],
    ]
    .iter()
    .map(|args| {
        let out = run(args);
        assert_eq!(out.status, 2, "{args:?}");
        format!("{args:?} ->\n{}", out.stderr)
    })
    .collect();
    insta::assert_snapshot!(messages.join("\n"));
}

#[test]
fn usage_errors_with_json_print_an_error_document() {
    let out = run(&["board", "--json", "--variantt", "x"]);
    assert_eq!(out.status, 2);
    let document = out.document();
    let message = document["error"]["message"].as_str().expect("a message");
    assert!(message.contains("--variantt"), "{message}");
    assert!(
        message.contains("a similar argument exists: '--variant'"),
        "{message}"
    );
    // No subcommand: clap's whole message too (it was the first line only).
    let out = run(&["--json", "boad"]);
    let message = out.document()["error"]["message"]
        .as_str()
        .expect("a message")
        .to_owned();
    assert!(
        message.contains("a similar subcommand exists: 'board'"),
        "{message}"
    );
    // The missing argument is named, in the document as on standard error.
    let out = run(&["replay", "--json", "--board", "x"]);
    assert_eq!(out.status, 2);
    let message = out.document()["error"]["message"]
        .as_str()
        .expect("a message")
        .to_owned();
    assert!(message.contains("--moves <SNAPSHOT>"), "{message}");
    assert!(out.stderr.contains("--moves <SNAPSHOT>"), "{out:?}");
    let out = run(&["board", "--json", "no_such_file.txt"]);
    let document = out.fails_json(1);
    assert!(document["error"]["message"].as_str().is_some());
}

#[test]
fn closed_stdin_is_empty_input() {
    let out = run_stdin(&["board", "-"], "");
    assert_eq!(out.fails(1), "standard input holds no board");
}

#[test]
fn the_top_level_help_shows_solving_optimizing_and_playing() {
    let out = run(&["--help"]);
    let help = out.ok();
    for example in [
        "sokoengine solve --mode pushes levels.sok --level 3",
        "sokoengine solve level.txt --moves rRR",
        "sokoengine optimize --metric pushes solutions.sok --all",
        "sokoengine tilewe play --engine human --engine mcts",
        "sokoengine hanoi play --disks 4",
        "sokoengine setting-sun play",
    ] {
        assert!(help.contains(example), "{example}: {help}");
    }
    // Every option of setting-sun play's help is one it takes: --json included.
    let out = run_stdin(&["setting-sun", "play", "--json", "--progress"], "q\n");
    assert_eq!(out.status, 0, "{out:?}");
    assert!(out.stdout.contains("\"moves_count\": 0"), "{out:?}");
}
