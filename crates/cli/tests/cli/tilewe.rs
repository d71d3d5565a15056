//! `tilewe moves|perft|play`.

use serde_json::{Value, json};

use crate::{run, transcript};

#[test]
fn perft_opening() {
    let document = run(&["tilewe", "perft", "--depth", "2", "--json"]).json();
    assert_eq!(document, json!({"depth": 2, "counts": [232, 40368]}));
    insta::assert_snapshot!(transcript(&[
        "tilewe",
        "perft",
        "--depth",
        "2",
        "--players",
        "2"
    ]));
    // After a move, and from a finished one-player game nothing is counted past its end.
    let after = run(&[
        "tilewe", "perft", "--depth", "1", "--moves", "O1n-a1a1", "--json",
    ])
    .json();
    assert_eq!(after["counts"], json!([174]));
}

#[sokoengine_testkit_macros::corpus_test]
fn perft_corpus_depth_3() {
    let text = sokoengine_testkit::read_corpus("tilewe/tilewe_conformance.json");
    let conformance: Value = serde_json::from_str(&text).expect("JSON");
    let expected = &conformance["perft_opening_4_players"];
    let document = run(&["tilewe", "perft", "--depth", "3", "--json"]).json();
    assert_eq!(
        document["counts"],
        json!([expected["1"], expected["2"], expected["3"]])
    );
}

#[test]
fn moves_opening() {
    let document = run(&["tilewe", "moves", "--json"]).json();
    assert_eq!(document["ply"], 0);
    assert_eq!(document["current_player"], "blue");
    assert_eq!(document["finished"], false);
    assert_eq!(document["scores"], json!([0, 0, 0, 0]));
    assert_eq!(
        document["winners"],
        json!(["blue", "yellow", "red", "green"])
    );
    assert_eq!(document["placements"], 232);
    let moves: Vec<&str> = document["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("notation"))
        .collect();
    assert_eq!(moves.len(), 232);
    assert!(moves.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
    assert!(moves.contains(&"Z5n-a3a20") && !moves.contains(&"Z5n-a3a1"));
    let two = run(&[
        "tilewe",
        "moves",
        "--players",
        "2",
        "--moves",
        "Z4e-a1a1 P5n-a3a20",
        "--json",
    ])
    .json();
    assert_eq!(
        (&two["ply"], &two["current_player"]),
        (&json!(2), &json!("blue"))
    );
    assert_eq!(two["scores"], json!([4, 5]));
    assert_eq!(two["winners"], json!(["yellow"]));
}

#[test]
fn moves_text() {
    insta::assert_snapshot!(transcript(&[
        "tilewe",
        "moves",
        "--players",
        "1",
        "--moves",
        "I5n-a1a1 I4n-a1b6 I3n-a1c10 I2n-a1d13 O1n-a1e15"
    ]));
}

#[test]
fn moves_errors() {
    let out = run(&["tilewe", "moves", "--json", "--moves", "O1n-a1a1 Z9q-zz"]);
    assert_eq!(
        out.fails_json(1),
        json!({"error": {"move_number": 2, "message": "unknown piece \"Z9\""}})
    );
    let out = run(&["tilewe", "moves", "--json", "--moves", "O1n-a1a1 O1n-a1a1"]);
    let document = out.fails_json(1);
    assert_eq!(document["error"]["move_number"], 2);
    insta::assert_snapshot!(out.fails(1));
    let out = run(&["tilewe", "perft", "--depth", "1", "--moves", "F5n-b2a1"]);
    assert!(out.fails(1).starts_with("move 1 (F5n-b2a1): "));
}

#[sokoengine_testkit_macros::corpus_test]
fn seed_zero_game_from_the_corpus() {
    let text = sokoengine_testkit::read_corpus("tilewe/tilewe_conformance.json");
    let conformance: Value = serde_json::from_str(&text).expect("JSON");
    let game = &conformance["test_game_seed0"];
    let moves: Vec<&str> = game["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("move"))
        .collect();
    let colors = ["blue", "yellow", "red", "green"];
    // One process per position: every fifth ply keeps the debug run short.
    for row in game["rows"].as_array().expect("rows").iter().step_by(5) {
        let ply = row["ply"].as_u64().expect("ply") as usize;
        let played = moves[..ply].join(" ");
        let document = run(&["tilewe", "moves", "--json", "--moves", &played]).json();
        assert_eq!(document["ply"], ply as u64);
        assert_eq!(
            document["current_player"],
            colors[row["player"].as_u64().expect("player") as usize]
        );
        assert_eq!(
            document["moves"].as_array().expect("moves").len() as u64,
            row["n_legal_moves"].as_u64().expect("count")
        );
        assert_eq!(document["placements"], row["n_distinct_placements"]);
    }
    let last = run(&["tilewe", "moves", "--json", "--moves", &moves.join(" ")]).json();
    let fin = &game["final"];
    assert_eq!(
        (&last["ply"], &last["finished"]),
        (&fin["ply"], &fin["finished"])
    );
    assert_eq!(last["scores"], fin["scores"]);
    let winners: Vec<&str> = fin["winners"]
        .as_array()
        .expect("winners")
        .iter()
        .map(|w| colors[w.as_u64().expect("index") as usize])
        .collect();
    assert_eq!(last["winners"], json!(winners));
    assert_eq!(last["moves"], json!([]));
}

#[test]
fn play_is_reproducible() {
    let args = [
        "tilewe",
        "play",
        "--players",
        "2",
        "--seed",
        "7",
        "--engine",
        "random",
        "--engine",
        "most-tiles",
    ];
    insta::assert_snapshot!(transcript(&args));
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let first = run(&json_args).json();
    assert_eq!(first, run(&json_args).json());
    assert_eq!(first["players"], 2);
    assert_eq!(first["engines"], json!(["random", "most-tiles"]));
    let scores: u64 = first["scores"]
        .as_array()
        .expect("scores")
        .iter()
        .map(|s| s.as_u64().expect("score"))
        .sum();
    let tiles: u64 = first["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| u64::from(m.as_str().expect("move").as_bytes()[1] - b'0'))
        .sum();
    assert_eq!(scores, tiles, "scores count the placed tiles");
    // One engine for all four players by default.
    let all = run(&[
        "tilewe",
        "play",
        "--seed",
        "1",
        "--engine",
        "most-corners",
        "--json",
    ])
    .json();
    assert_eq!(all["engines"].as_array().expect("engines").len(), 4);
}

#[test]
fn play_errors() {
    let out = run(&[
        "tilewe",
        "play",
        "--players",
        "3",
        "--engine",
        "random",
        "--engine",
        "random",
    ]);
    assert_eq!(
        out.fails(2),
        "2 engines for 3 players: give one engine per player, or one for all"
    );
    let out = run(&["tilewe", "play", "--engine", "deep-blue"]);
    assert!(
        out.fails_usage().contains(
            "[possible values: random, most-tiles, most-corners, monte-carlo, mcts, human]"
        )
    );
}

#[test]
fn gtp_session() {
    let script = "protocol_version\nname\nset_game Blokus Two-Player\nplay 1 a20,b20,c20,b19,b18\n\
                  genmove yellow\n2 final_score\nplay 3 t1,t2,t3\nquit\nname\n";
    let out = crate::run_stdin(
        &["tilewe", "gtp", "--engine", "most-tiles", "--seed", "3"],
        script,
    );
    insta::assert_snapshot!(out.ok());
    // The search engine: the same seed and budget give the same answers.
    let args = ["tilewe", "gtp", "--playouts", "30", "--seed", "3"];
    let first = crate::run_stdin(&args, script);
    assert_eq!(crate::run_stdin(&args, script).ok(), first.ok());
    // The opening book: the version names it, and it answers the first moves.
    let script = "version\nset_game Blokus Two-Player\ngenmove blue\ngenmove yellow\n";
    // The book is off unless asked for.
    let booked = crate::run_stdin(&["tilewe", "gtp", "--playouts", "30", "--book"], script);
    let searched = crate::run_stdin(&["tilewe", "gtp", "--playouts", "30"], script);
    assert!(booked.ok().contains(" mcts-30+book\n"), "{booked:?}");
    assert!(searched.ok().contains(" mcts-30\n"), "{searched:?}");
    assert_eq!(
        crate::run_stdin(&["tilewe", "gtp", "--playouts", "30", "--no-book"], script).ok(),
        searched.ok()
    );
    // An average time a move: the version names it, and it answers genmove.
    let clocked = crate::run_stdin(
        &["tilewe", "gtp", "--average-time-per-move", "5"],
        "version\ngenmove blue\n",
    );
    assert!(clocked.ok().contains(" mcts-avg5ms\n\n= "), "{clocked:?}");
    // A book of one's own: every colour opens with its monomino.
    let own = crate::run_stdin(
        &[
            "tilewe",
            "gtp",
            "--playouts",
            "30",
            "--book-file",
            "tilewe_book.txt",
        ],
        script,
    );
    assert!(
        own.ok()
            .ends_with(" mcts-30+book\n\n= \n\n= a20\n\n= t20\n\n"),
        "{own:?}"
    );
    let last = crate::run_stdin(&["tilewe", "gtp", "--no-book", "--book"], "version\n");
    assert!(
        last.ok().contains("+book"),
        "the last of --book and --no-book counts"
    );
    let last = crate::run_stdin(&["tilewe", "gtp", "--book", "--no-book"], "version\n");
    assert!(
        !last.ok().contains("+book"),
        "the last of --book and --no-book counts"
    );
    // End of input ends the session like quit.
    assert_eq!(
        crate::run_stdin(&["tilewe", "gtp", "--engine", "random"], "name").ok(),
        "= sokoengine\n\n"
    );
}

#[test]
fn gtp_usage_errors() {
    let out = run(&[
        "tilewe",
        "gtp",
        "--engine",
        "random",
        "--time-per-move",
        "5",
    ]);
    assert_eq!(
        out.fails(2),
        "--time-per-move applies to the mcts engine only"
    );
    let out = run(&["tilewe", "gtp", "--playouts", "5", "--time-per-move", "5"]);
    assert!(out.fails_usage().contains("cannot be used with"), "{out:?}");
    let out = run(&[
        "tilewe",
        "gtp",
        "--engine",
        "most-tiles",
        "--average-time-per-move",
        "5",
    ]);
    assert_eq!(
        out.fails(2),
        "--average-time-per-move applies to the mcts engine only"
    );
    for other in ["--playouts", "--time-per-move"] {
        let out = run(&["tilewe", "gtp", other, "5", "--average-time-per-move", "5"]);
        assert!(out.fails_usage().contains("cannot be used with"), "{out:?}");
    }
    let out = run(&["tilewe", "gtp", "--average-time-per-move", "0"]);
    assert!(
        out.fails_usage().contains("--average-time-per-move"),
        "{out:?}"
    );
    let out = run(&["tilewe", "gtp", "--json"]);
    assert_eq!(out.fails(2), "gtp speaks GTP; --json does not apply");
    let out = run(&["tilewe", "gtp", "--engine", "random", "--book"]);
    assert_eq!(out.fails(2), "--book applies to the mcts engine only");
    let out = run(&[
        "tilewe",
        "gtp",
        "--engine",
        "random",
        "--book-file",
        "tilewe_book.txt",
    ]);
    assert_eq!(out.fails(2), "--book-file applies to the mcts engine only");
    let out = run(&[
        "tilewe",
        "gtp",
        "--book-file",
        "tilewe_book.txt",
        "--no-book",
    ]);
    assert!(out.fails_usage().contains("cannot be used with"), "{out:?}");
    let out = run(&["tilewe", "gtp", "--book-file", "-"]);
    assert_eq!(
        out.fails(2),
        "--book-file -: standard input carries the GTP session"
    );
    let out = run(&["tilewe", "gtp", "--book-file", "no_such_book.txt"]);
    assert!(
        out.fails(1).starts_with("can't read no_such_book.txt: "),
        "{out:?}"
    );
    // A book that does not parse: the file, line and column, and what is wrong.
    let out = run(&["tilewe", "gtp", "--book-file", "err_tilewe_book.txt"]);
    assert_eq!(
        out.fails(1),
        "err_tilewe_book.txt: line 2, column 16: `z9` is not a point"
    );
}

#[test]
fn play_with_a_human_seat() {
    // The human (blue) types a legal opening move after a malformed one and a hint
    // request, then stops the game; the most-tiles engine answers in between.
    let first = crate::run(&["tilewe", "moves", "--players", "2", "--json"]).json()["moves"][0]
        .as_str()
        .expect("a legal move")
        .to_owned();
    let script = format!("xx\n{first}\n?\nh\nq\n");
    let args = [
        "tilewe",
        "play",
        "--players",
        "2",
        "--engine",
        "human",
        "--engine",
        "most-tiles",
    ];
    let out = crate::run_stdin(&args, &script);
    let text = out.ok();
    assert!(text.contains("xx: malformed notation"), "{text}");
    assert!(text.contains("Hint (the most-tiles engine): "), "{text}");
    assert!(text.contains(&format!(" 1. blue   {first}\n")), "{text}");
    assert!(
        text.contains("The game was stopped after 2 plies."),
        "{text}"
    );
    // With --json, the board and prompts go to standard error and the game to
    // standard output.
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let out = crate::run_stdin(&json_args, &format!("{first}\n"));
    assert_eq!(out.status, 0, "{out:?}");
    assert!(
        out.stderr.contains("blue to move (232 legal moves)"),
        "{out:?}"
    );
    let document: serde_json::Value = serde_json::from_str(&out.stdout).expect("one document");
    assert_eq!(document["engines"], json!(["human", "most-tiles"]));
    assert_eq!(document["finished"], false);
    assert_eq!(document["moves"][0], first.as_str());
    // The human seat is for play, not for gtp.
    let out = crate::run(&["tilewe", "gtp", "--engine", "human"]);
    assert!(out.fails(2).contains("tilewe play only"), "{out:?}");
}
