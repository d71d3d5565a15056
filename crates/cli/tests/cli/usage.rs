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

/// Usage errors found after parsing (a file that cannot be read, a bad flag value that
/// only the subcommand can check) stay one line.
#[test]
fn other_usage_errors_are_one_line_with_status_2() {
    let cases: &[&[&str]] = &[
        &["board", "no_such_file.txt"],
        &["board", "."],
        &["verify", "no_such_file.sok"],
        &["verify", "collection.sok", "no_such_file.sok"],
    ];
    for args in cases {
        let out = run(args);
        let message = out.fails(2);
        assert!(!message.is_empty(), "{args:?}");
        assert_eq!(out.stdout, "", "{args:?}");
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
        vec!["board", "no_such_file.txt"],
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
    let document = out.fails_json(2);
    assert!(document["error"]["message"].as_str().is_some());
}

#[test]
fn closed_stdin_is_empty_input() {
    let out = run_stdin(&["board", "-"], "");
    assert_eq!(out.fails(1), "standard input holds no board");
}
