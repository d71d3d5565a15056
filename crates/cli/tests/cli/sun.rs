//! `setting-sun solve|states|play`.

use serde_json::{Value, json};
use sokoengine::setting_sun::{Cell, Direction, Metric, Move, Path, Puzzle};

use crate::{run, run_stdin, transcript};

/// The move of a JSON move object (`{"piece", "direction", "cells"}`) in `layout`,
/// where `pieces[id - 1]` is the top-left cell of piece `id` (numbered as in the start
/// picture); updates `pieces`.
fn move_of(object: &Value, pieces: &mut [Cell]) -> Move {
    let id = object["piece"].as_u64().expect("a piece number") as usize;
    let cells = object["cells"].as_u64().expect("a cell count") as usize;
    let words: Vec<Direction> = object["direction"]
        .as_str()
        .expect("directions")
        .split(' ')
        .map(|name| {
            Direction::ALL
                .into_iter()
                .find(|d| d.name() == name)
                .expect("a direction name")
        })
        .collect();
    let path = match words.as_slice() {
        [direction] => Path::straight(*direction, cells),
        steps => {
            assert_eq!(steps.len(), cells, "{object}");
            Path::from_directions(steps.iter().copied())
        }
    }
    .expect("a path");
    let mv = Move::new(pieces[id - 1], path);
    pieces[id - 1] = mv.to().expect("on the board");
    mv
}

#[test]
fn solve_is_optimal_and_valid() {
    let puzzle = Puzzle::setting_sun();
    for (metric, length) in [("step", 112), ("slide", 90), ("piece", 79)] {
        let document = run(&["setting-sun", "solve", "--metric", metric, "--json"]).json();
        assert_eq!(document["metric"], metric);
        assert_eq!(document["length"], length);
        assert!(
            document["states_explored"]
                .as_u64()
                .is_some_and(|n| n > 0 && n <= 25_955)
        );
        let parsed: Metric = metric.parse().expect("metric");
        let mut layout = *puzzle.start();
        let mut pieces: Vec<Cell> = layout.pieces().iter().map(|p| p.cell).collect();
        for object in document["moves"].as_array().expect("moves") {
            let keys: Vec<&String> = object.as_object().expect("an object").keys().collect();
            assert_eq!(keys, ["cells", "direction", "piece"]);
            let mv = move_of(object, &mut pieces);
            assert_eq!(mv.cost(parsed), 1, "{mv}");
            layout.play(&mv).expect("a legal move");
        }
        assert!(puzzle.is_solved(&layout));
    }
}

#[test]
fn solve_names_pieces_as_its_picture() {
    // The first move of every metric moves the horizontal piece, 4 in the picture.
    let out = run(&["setting-sun", "solve", "--metric", "piece"]);
    let text = out.ok();
    assert!(
        text.starts_with(" 1  2  2  3\n 1  2  2  3\n .  4  4  .\n"),
        "{text}"
    );
    assert!(text.contains("\n   1. piece 4 left\n"), "{text}");
    assert!(text.contains("\n   2. piece 7 up right\n"), "{text}");
    let document = run(&["setting-sun", "solve", "--metric", "piece", "--json"]).json();
    assert_eq!(
        document["moves"][1],
        json!({"piece": 7, "direction": "up right", "cells": 2})
    );
}

/// A transcript without the explored-states figure, which depends on the search order.
fn redacted(args: &[&str]) -> String {
    transcript(args)
        .lines()
        .map(|line| match line.find(" states explored)") {
            Some(end) => {
                let start = line[..end].rfind('(').expect("opening parenthesis");
                format!("{}(N{}", &line[..start], &line[end..])
            }
            None => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn solve_text() {
    // A corridor: the unique optimal solution under each metric.
    insta::assert_snapshot!(redacted(&[
        "setting-sun",
        "solve",
        "--layout",
        "BB/BB/../.."
    ]));
    insta::assert_snapshot!(redacted(&[
        "setting-sun",
        "solve",
        "--metric",
        "piece",
        "--layout",
        "BB/BB/../.."
    ]));
    // Klotski.
    let document = run(&[
        "setting-sun",
        "solve",
        "--layout",
        "vBBv/vBBv/vhhv/vssv/s..s",
        "--json",
    ])
    .json();
    assert_eq!(document["length"], 116);
}

#[test]
fn states() {
    let document = run(&["setting-sun", "states", "--json"]).json();
    assert_eq!(document, json!({"reachable": 25955, "goal_states": 964}));
    let document = run(&[
        "setting-sun",
        "states",
        "--layout",
        "s.../..../..../....",
        "--json",
    ])
    .json();
    assert_eq!(document, json!({"reachable": 16, "goal_states": null}));
    insta::assert_snapshot!(transcript(&["setting-sun", "states"]));
}

#[test]
fn search_bound_and_errors() {
    let out = run(&["setting-sun", "solve", "--max-states", "1000"]);
    assert_eq!(
        out.fails(1),
        "the search stopped after 1000 states (raise --max-states to search further)"
    );
    let out = run(&["setting-sun", "states", "--max-states", "1000", "--json"]);
    assert!(out.fails_json(1)["error"]["message"].is_string());
    let mut messages = Vec::new();
    for layout in ["vBBx", "B.", "vBBv/vBv", "s.../....", "BB../BBs/...."] {
        let out = run(&["setting-sun", "solve", "--layout", layout]);
        messages.push(format!("{layout}: {}", out.fails(1)));
    }
    insta::assert_snapshot!(messages.join("\n"));
}

#[test]
fn unsolvable_layout() {
    // The sun cannot leave the top: a wall of 1x2 pieces with no room to move.
    let out = run(&[
        "setting-sun",
        "solve",
        "--layout",
        "BBhh/BBhh/hhhh",
        "--json",
    ]);
    let document: Value = out.fails_json(1);
    assert!(
        document["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("No solution could be found!"))
    );
}

#[test]
fn play_by_script() {
    // Move piece 4 left, undo, try an illegal move, a bad key and a missing piece, quit.
    let out = run_stdin(&["setting-sun", "play"], "4a\nu\n1w\nx\n42\nq\n");
    insta::assert_snapshot!(out.ok());
    // A hint names an optimal next move (which one depends on the search order).
    let out = run_stdin(&["setting-sun", "play"], "4a\nh\n");
    assert!(out.ok().contains("Hint: piece "), "{}", out.stdout);
    assert!(out.stdout.contains("(111 steps to go)"), "{}", out.stdout);
    // Following the optimal solution ends the game: solve names pieces by their number
    // in the start picture, and play keeps those numbers, so its moves type as they are.
    let solution = run(&["setting-sun", "solve", "--json"]).json();
    let mut script = String::new();
    for object in solution["moves"].as_array().expect("moves") {
        let key = match object["direction"].as_str().expect("direction") {
            "up" => 'w',
            "left" => 'a',
            "down" => 's',
            _ => 'd',
        };
        script.push_str(&format!("{}{key}\n", object["piece"]));
    }
    let out = run_stdin(&["setting-sun", "play"], &script);
    assert!(out.ok().contains("Congratulations! You've solved it!"));
    assert!(out.stdout.contains("Moves: 112"));
    // With --json, the pictures go to standard error and the moves played to standard
    // output.
    let out = run_stdin(&["setting-sun", "play", "--json"], "4a\n7w\n");
    assert_eq!(out.status, 0, "{out:?}");
    assert!(out.stderr.contains("Moves: 2"), "{out:?}");
    let document: serde_json::Value = serde_json::from_str(&out.stdout).expect("one document");
    assert_eq!(
        document,
        json!({"solved": false, "moves_count": 2, "moves": [
            {"piece": 4, "direction": "left", "cells": 1},
            {"piece": 7, "direction": "up", "cells": 1}
        ]})
    );
}

#[test]
fn play_keeps_each_piece_s_number() {
    // Piece 4 moves left, then piece 7 up into row 3, before piece 8 in reading order:
    // it stays 7 (the picture's reading order would make it 5), and `7d` moves it on.
    let out = run_stdin(&["setting-sun", "play"], "4a\n7w\n7d\n");
    let text = out.ok();
    assert!(text.contains("\n 4  4  7  .\n"), "{text}");
    assert!(text.contains("\n 4  4  .  7\n"), "{text}");
    assert!(!text.contains("illegal"), "{text}");
    // The help lists only what the command takes.
    let help = run(&["setting-sun", "play", "--help"]);
    assert!(
        help.ok().contains("keep the number of the start picture"),
        "{}",
        help.stdout
    );
}
