//! Help, version and usage errors (exit status 2, one line).

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

#[test]
fn usage_errors_are_one_line_with_status_2() {
    let cases: &[&[&str]] = &[
        &[],
        &["tilewe"],
        &["frobnicate"],
        &["board", "--bogus", "two_boxes.sokoban.txt"],
        &["board"],
        &["board", "--variant", "cubes", "two_boxes.sokoban.txt"],
        &["board", "no_such_file.txt"],
        &["board", "."],
        &["replay", "--board", "two_boxes.sokoban.txt"],
        &["verify", "no_such_file.sok"],
        &["convert", "collection.sok", "--to", "pdf"],
        &["tilewe", "perft", "--depth", "0"],
        &["tilewe", "perft", "--depth", "99999999999999999999999"],
        &["tilewe", "moves", "--players", "5"],
        &["hanoi", "solve"],
        &["hanoi", "solve", "--disks", "64"],
        &["hanoi", "solve", "--disks", "3", "--pegs", "5"],
        &["setting-sun", "solve", "--metric", "teleport"],
        &["setting-sun", "solve", "--max-states", "-1"],
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
        vec!["board", "no_such_file.txt"],
        vec!["board", "--variant", "cubes", "x"],
        vec![],
    ]
    .iter()
    .map(|args| format!("{args:?} -> {}", run(args).fails(2)))
    .collect();
    insta::assert_snapshot!(messages.join("\n"));
}

#[test]
fn usage_errors_with_json_print_an_error_document() {
    let out = run(&["board", "--json", "--bogus", "x"]);
    let document = out.fails_json(2);
    let message = document["error"]["message"].as_str().expect("a message");
    assert!(message.contains("--bogus"), "{message}");
    let out = run(&["board", "--json", "no_such_file.txt"]);
    let document = out.fails_json(2);
    assert!(document["error"]["message"].as_str().is_some());
}

#[test]
fn closed_stdin_is_empty_input() {
    let out = run_stdin(&["board", "-"], "");
    assert_eq!(out.fails(1), "standard input holds no board");
}
