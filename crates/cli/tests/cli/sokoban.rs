//! `board`, `replay` and `metrics`.

use serde_json::json;

use crate::{run, run_stdin, transcript};

#[test]
fn board_prints_the_normal_form() {
    insta::assert_snapshot!(transcript(&["board", "two_boxes.sokoban.txt"]));
    insta::assert_snapshot!(transcript(&["board", "--rle", "two_boxes.sokoban.txt"]));
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
    let out = run(&["board", "collection.sok"]);
    assert_eq!(
        out.fails(1),
        "collection.sok holds 4 puzzles, not one board (see 'sokoengine verify' and 'convert')"
    );
    // A .sok file with one puzzle is a board file too, with its Game: variant.
    let document = run(&["board", "--json", "hexagons.sok"]).json();
    assert_eq!(document["variant"], "hexoban");
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
        json!({"step": 3, "message": "Box ID: 1 can't be placed in position 13 occupied by '#'"})
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
        json!({"step": 1, "message": "the move text says move, but the step moved a box"})
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
fn replay_respects_sokoban_plus_from_a_sok_board() {
    let document = run(&[
        "replay", "--json", "--board", "plus.sok", "--moves", "rRRlldRR",
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
