//! `board`, `replay` and `metrics`.

use serde_json::json;

use crate::{run, run_stdin, transcript};

#[test]
fn board_prints_the_normal_form() {
    insta::assert_snapshot!(transcript(&["board", "two_boxes.sokoban.txt"]));
    insta::assert_snapshot!(transcript(&["board", "--rle", "two_boxes.sokoban.txt"]));
    // Printed text reads back as the same board, in every variant.
    for (variant, file) in [
        ("sokoban", "two_boxes.sokoban.txt"),
        ("hexoban", "small.hsb"),
    ] {
        let printed = run(&["board", "--variant", variant, file]).ok().to_owned();
        assert!(
            printed.lines().all(|row| !row.ends_with(' ')),
            "{printed:?}"
        );
        let direct = run(&["board", "--json", "--variant", variant, file]).json();
        let again = run_stdin(&["board", "--json", "--variant", variant, "-"], &printed).json();
        assert_eq!(again, direct, "{variant}");
    }
    // Floor as spaces, as the file has it; `-` when asked.
    assert_eq!(
        transcript(&["board", "--visible-floor", "two_boxes.sokoban.txt"]),
        "$ sokoengine board --visible-floor two_boxes.sokoban.txt\n#######\n#@-$-.#\n#--$-.#\n#######\n"
    );
    insta::assert_snapshot!(transcript(&[
        "board",
        "--variant",
        "hexoban",
        "small.hexoban.txt"
    ]));
}

#[test]
fn board_json() {
    let document = run(&["board", "--json", "two_boxes.sokoban.txt"]).json();
    assert_eq!(
        document,
        json!({
            "variant": "sokoban", "width": 7, "height": 4,
            "board": "#######\n#@-$-.#\n#--$-.#\n#######",
            "pushers": 1, "boxes": 2, "goals": 2
        })
    );
    // RLE input gives the same board.
    let rle = run(&["board", "--json", "two_boxes_rle.sokoban.txt"]).json();
    assert_eq!(rle, document);
    let encoded = run(&["board", "--json", "--rle", "two_boxes.sokoban.txt"]).json();
    assert_eq!(encoded["board"], "7#|#@-$-.#|#2-$-.#|7#");
}

#[test]
fn board_counts_come_from_the_cells() {
    let document = run_stdin(&["board", "--json", "-"], "#3$3.@#\n").json();
    assert_eq!(
        (&document["pushers"], &document["boxes"], &document["goals"]),
        (&json!(1), &json!(3), &json!(3))
    );
}

#[test]
fn board_variants() {
    let document = run(&[
        "board",
        "--json",
        "--variant",
        "hexoban",
        "small.hexoban.txt",
    ])
    .json();
    assert_eq!(document["variant"], "hexoban");
    assert_eq!(
        (&document["width"], &document["height"]),
        (&json!(4), &json!(4))
    );
    for variant in ["trioban", "octoban", "SOKOBAN"] {
        let document = run(&[
            "board",
            "--json",
            "--variant",
            variant,
            "two_boxes.sokoban.txt",
        ])
        .json();
        assert_eq!(document["variant"], variant.to_lowercase());
    }
}

#[test]
fn board_errors() {
    let out = run(&["board", "err_bad_char.sokoban.txt"]);
    insta::assert_snapshot!(out.fails(1));
    assert_eq!(out.stdout, "");
    let out = run(&["board", "--json", "err_bad_char.sokoban.txt"]);
    let document = out.fails_json(1);
    assert!(
        document["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("line 2, column 4"))
    );
    let out = run_stdin(&["board", "-"], "2(#");
    assert!(out.fails(1).starts_with("standard input: "), "{out:?}");
    // A broken last row is reported where it is, not dropped as a note.
    let out = run(&["board", "err_bad_last_row.sokoban.txt"]);
    assert_eq!(
        out.fails(1),
        "err_bad_last_row.sokoban.txt: line 3, column 4: Invalid characters in board string!"
    );
    let out = run(&["board", "collection.sok"]);
    assert_eq!(
        out.fails(1),
        "collection.sok holds 4 levels: choose one with --level N (1 to 4)"
    );
    let out = run(&["board", "--level", "5", "collection.sok"]);
    assert_eq!(out.fails(1), "--level 5: collection.sok holds 4 levels");
    // A missing file: status 1, as in every subcommand.
    let out = run(&["board", "missing.txt"]);
    assert!(
        out.fails(1).starts_with("can't read missing.txt: "),
        "{out:?}"
    );
    // A .sok file with one puzzle is a board file too, with its Game: variant.
    let document = run(&["board", "--json", "hexagons.sok"]).json();
    assert_eq!(document["variant"], "hexoban");
}

#[test]
fn board_reads_level_files_and_picks_a_puzzle() {
    // A multi-puzzle .xsb (it was "line 1, column 1: Invalid characters").
    let out = run(&["board", "pack.xsb"]);
    assert_eq!(
        out.fails(1),
        "pack.xsb holds 3 levels: choose one with --level N (1 to 3)"
    );
    assert_eq!(
        run(&["board", "--level", "3", "pack.xsb"]).ok(),
        "#####\n#@$.#\n#####\n"
    );
    // --puzzle stays an alias of --level; 0 is refused saying levels count from 1.
    assert_eq!(
        run(&["board", "--puzzle", "3", "pack.xsb"]).ok(),
        "#####\n#@$.#\n#####\n"
    );
    assert!(
        run(&["board", "--level", "0", "pack.xsb"])
            .fails_usage()
            .contains("levels count from 1")
    );
    // A multi-puzzle .sok: the puzzle brings its Game: variant.
    let document = run(&["board", "--json", "--puzzle", "4", "collection.sok"]).json();
    assert_eq!(document["variant"], "hexoban");
    // The extension gives the variant, as for verify (it was read as Sokoban).
    let hsb = run(&["board", "--json", "small.hsb"]).json();
    let text = run(&[
        "board",
        "--json",
        "--variant",
        "hexoban",
        "small.hexoban.txt",
    ])
    .json();
    assert_eq!(hsb, text);
    assert_eq!(hsb["variant"], "hexoban");
    // --variant still wins over the extension.
    let forced = run(&["board", "--json", "--variant", "sokoban", "small.hsb"]).json();
    assert_eq!(forced["variant"], "sokoban");
    // replay and metrics pick puzzles the same way.
    let document = run(&[
        "replay", "--json", "--board", "pack.xsb", "--puzzle", "2", "--moves", "RRR",
    ])
    .json();
    assert_eq!(document["solved"], true);
    let document = run(&[
        "metrics",
        "--json",
        "--board",
        "collection.sok",
        "--puzzle",
        "2",
        "--moves",
        "rrr",
    ])
    .json();
    assert_eq!(
        (&document["valid"], &document["lurd"]),
        (&json!(true), &json!("RRR"))
    );
    let out = run(&["metrics", "--board", "pack.xsb", "--moves", "R"]);
    assert!(out.fails(1).contains("--level N"), "{out:?}");
}

#[test]
fn replay_text() {
    insta::assert_snapshot!(transcript(&[
        "replay",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRRlldRR"
    ]));
    insta::assert_snapshot!(transcript(&[
        "replay",
        "--board",
        "corridor.sokoban.txt",
        "--moves",
        "[]rrrLLL"
    ]));
}

#[test]
fn replay_and_metrics_count_alike() {
    // replay's text said "moves: 4" where metrics says 8 moves: the counts are labelled
    // so that "moves" has one meaning (every step, pushes included).
    let args = ["--board", "two_boxes.sokoban.txt", "--moves", "rRRlldRR"];
    let replay = run(&[&["replay"], &args[..]].concat()).ok().to_owned();
    assert!(
        replay.ends_with("steps: 8 (4 walks, 4 pushes), solved: yes\n"),
        "{replay}"
    );
    assert!(!replay.contains("moves"), "{replay}");
    let metrics = run(&[&["metrics", "--json"], &args[..]].concat()).json();
    assert_eq!(
        (&metrics["moves"], &metrics["pushes"]),
        (&json!(8), &json!(4))
    );
    let reverse = run(&[
        "replay",
        "--board",
        "corridor.sokoban.txt",
        "--moves",
        "[]rrrLLL",
    ]);
    assert!(
        reverse
            .ok()
            .ends_with("steps: 6 (3 walks, 3 pulls), solved: yes\n")
    );
    let blocked = run(&[
        "replay",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRRR",
    ]);
    assert!(
        blocked
            .stdout
            .ends_with("steps: 3 (1 walk, 2 pushes), solved: no\n"),
        "{blocked:?}"
    );
}

#[test]
fn replay_json() {
    let document = run(&[
        "replay",
        "--json",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "r2Rl l d2R",
    ])
    .json();
    assert_eq!(
        document,
        json!({
            "variant": "sokoban", "reverse": false, "steps": 8,
            "final_board": "#######\n#----*#\n#---@*#\n#######",
            "solved": true, "moves_count": 4, "pushes_count": 4, "error": null
        })
    );
}

#[test]
fn replay_reverse_mode() {
    // A jump implies reverse mode; --reverse asks for it without one.
    let jump = run(&[
        "replay",
        "--json",
        "--board",
        "corridor.sokoban.txt",
        "--moves",
        "[]rrrLLL",
    ])
    .json();
    assert_eq!(
        (&jump["reverse"], &jump["solved"], &jump["steps"]),
        (&json!(true), &json!(true), &json!(6))
    );
    let flag = run(&[
        "replay",
        "--json",
        "--reverse",
        "--board",
        "corridor.sokoban.txt",
        "--moves",
        "rrrLLL",
    ])
    .json();
    assert_eq!(flag["final_board"], jump["final_board"]);
    assert_eq!(flag["reverse"], true);
    // Jumps count their steps.
    let jumped = run(&[
        "replay",
        "--json",
        "--board",
        "corridor.sokoban.txt",
        "--moves",
        "[rrr]LLL",
    ])
    .json();
    assert_eq!(
        (&jumped["steps"], &jumped["moves_count"]),
        (&json!(6), &json!(3))
    );
}

#[test]
fn replay_errors() {
    // Into a wall: the mover's message, the board before the failing step, exit 1.
    let out = run(&[
        "replay",
        "--json",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRRR",
    ]);
    let document = out.fails_json(1);
    assert_eq!(
        document["error"],
        json!({"step_number": 4, "message": "Box ID: 1 can't be placed in row 2, column 7 occupied by '#'"})
    );
    assert_eq!(document["steps"], 3);
    assert_eq!(
        document["final_board"],
        "#######\n#---@*#\n#--$-.#\n#######"
    );
    assert_eq!(document["solved"], false);
    insta::assert_snapshot!(out.fails(1));
    // A lower-case step that pushes: reported, the board before that step.
    let out = run(&[
        "replay",
        "--json",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rr",
    ]);
    let document = out.fails_json(1);
    assert_eq!(
        document["error"],
        json!({"step_number": 2, "message": "the move text says move, but the step moved a box"})
    );
    assert_eq!(
        document["final_board"],
        "#######\n#-@$-.#\n#--$-.#\n#######"
    );
    // Text mode: the board on stdout, the error on stderr.
    let out = run(&[
        "replay",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRRR",
    ]);
    assert!(out.stdout.contains("steps: 3"), "{out:?}");
    out.fails(1);
    // Moves that do not parse, or letters foreign to the variant.
    for moves in ["rZ", "[r", "nesw"] {
        let out = run(&[
            "replay",
            "--board",
            "two_boxes.sokoban.txt",
            "--moves",
            moves,
        ]);
        assert!(!out.fails(1).is_empty());
    }
    // Not playable: no pusher.
    let out = run_stdin(
        &["replay", "--board", "-", "--moves", "r"],
        "#####\n# $.#\n#####\n",
    );
    assert_eq!(out.fails(1), "Board is not playable!");
}

#[test]
fn replay_applies_sokoban_plus_only_when_asked() {
    // The plain solution breaks the orders of plus.sok: solved as plain Sokoban, not
    // with --sokoban-plus (verify follows the same rule).
    let document = run(&[
        "replay", "--json", "--board", "plus.sok", "--moves", "rRRlldRR",
    ])
    .json();
    assert_eq!(document["solved"], true);
    let document = run(&[
        "replay",
        "--json",
        "--sokoban-plus",
        "--board",
        "plus.sok",
        "--moves",
        "rRRlldRR",
    ])
    .json();
    assert_eq!(document["solved"], false);
    let document = run(&[
        "replay",
        "--json",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRRlldRR",
    ])
    .json();
    assert_eq!(document["solved"], true);
    // Orders that pair each box with the goal it reaches.
    let document = run(&[
        "replay",
        "--json",
        "--sokoban-plus",
        "--board",
        "plus_same.sok",
        "--moves",
        "rRRlldRR",
    ])
    .json();
    assert_eq!(document["solved"], true);
}

#[test]
fn metrics_json() {
    let document = run(&[
        "metrics",
        "--json",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "RRRLLDRRUU",
    ])
    .json();
    assert_eq!(
        document,
        json!({
            "valid": true, "solved": true, "lurd": "rRRlldRR",
            "moves": 8, "pushes": 4, "box_lines": 2, "box_changes": 2,
            "pushing_sessions": 2, "player_lines": 4, "error": null
        })
    );
    insta::assert_snapshot!(transcript(&[
        "metrics",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rrrlldrr"
    ]));
}

#[test]
fn metrics_invalid() {
    let out = run(&[
        "metrics",
        "--json",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rrr",
    ]);
    let document = out.fails_json(1);
    assert_eq!(
        (&document["valid"], &document["solved"]),
        (&json!(false), &json!(false))
    );
    assert_eq!(
        (&document["lurd"], &document["moves"]),
        (&json!("rRR"), &json!(3))
    );
    assert_eq!(out.fails(1), "not solved after 3 moves");
    let out = run(&[
        "metrics",
        "--json",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rrrr",
    ]);
    let document = out.fails_json(1);
    assert_eq!(document["valid"], false);
    assert_eq!(out.fails(1), "blocked push at move 4");
    assert_eq!(
        (&document["moves"], &document["pushes"]),
        (&json!(3), &json!(2))
    );
    let out = run(&["metrics", "--board", "two_boxes.sokoban.txt", "--moves", ""]);
    assert_eq!(out.fails(1), "empty solution");
    let out = run(&[
        "metrics",
        "--board",
        "two_pushers.sokoban.txt",
        "--moves",
        "r",
    ]);
    assert_eq!(
        out.fails(1),
        "The board has 2 pushers; solution metrics need exactly one!"
    );
}
