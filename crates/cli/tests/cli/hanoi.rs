//! `hanoi solve`.

use serde_json::{Value, json};
use sokoengine::hanoi::{Move, Towers, distance_to};

use crate::{run, transcript};

/// Plays the `moves` of a JSON document from `towers`; asserts every disk ends on the
/// last peg.
fn check_solution(mut towers: Towers, document: &Value) {
    let moves = document["moves"].as_array().expect("moves");
    assert_eq!(
        moves.len() as u64,
        document["moves_count"].as_u64().expect("count")
    );
    for pair in moves {
        let mv = Move::new(
            pair[0].as_u64().expect("from") as u8,
            pair[1].as_u64().expect("to") as u8,
        );
        towers = towers.try_move(mv).expect("a legal movement");
    }
    assert!(towers.is_all_on(towers.pegs() - 1), "{towers:?}");
}

#[test]
fn solve_text() {
    insta::assert_snapshot!(transcript(&["hanoi", "solve", "--disks", "3"]));
    insta::assert_snapshot!(transcript(&[
        "hanoi", "solve", "--disks", "4", "--pegs", "4"
    ]));
}

#[test]
fn solve_json() {
    let document = run(&["hanoi", "solve", "--disks", "2", "--json"]).json();
    assert_eq!(
        document,
        json!({"disks": 2, "pegs": 3, "moves_count": 3, "moves": [[0, 1], [0, 2], [1, 2]]})
    );
    for disks in 1..=8u8 {
        let document = run(&["hanoi", "solve", "--disks", &disks.to_string(), "--json"]).json();
        assert_eq!(document["moves_count"], (1u64 << disks) - 1);
        check_solution(Towers::new(disks, 3).expect("towers"), &document);
    }
    // Frame-Stewart numbers for four pegs.
    for (disks, count) in [
        (1, 1),
        (2, 3),
        (3, 5),
        (4, 9),
        (5, 13),
        (6, 17),
        (7, 25),
        (8, 33),
        (9, 41),
        (10, 49),
    ] {
        let document = run(&[
            "hanoi",
            "solve",
            "--disks",
            &disks.to_string(),
            "--pegs",
            "4",
            "--json",
        ])
        .json();
        assert_eq!(document["moves_count"], count);
        check_solution(Towers::new(disks, 4).expect("towers"), &document);
    }
}

#[test]
fn count_only() {
    let document = run(&["hanoi", "solve", "--disks", "63", "--count-only", "--json"]).json();
    assert_eq!(
        document,
        json!({"disks": 63, "pegs": 3, "moves_count": 9_223_372_036_854_775_807u64})
    );
    let out = run(&["hanoi", "solve", "--disks", "63"]);
    assert_eq!(
        out.fails(2),
        "9223372036854775807 movements are too many to list (at most 16777215); use --count-only"
    );
}

#[test]
fn from_a_position() {
    for position in ["0,1,2||3", "|0|1,2,3", "3||0,1,2", "0,2|1|", "||0,1,2"] {
        let document = run(&["hanoi", "solve", "--from", position, "--json"]).json();
        let pegs: Vec<Vec<u8>> = position
            .split('|')
            .map(|p| {
                p.split(',')
                    .filter(|d| !d.is_empty())
                    .map(|d| d.parse().expect("disk"))
                    .collect()
            })
            .collect();
        let towers = Towers::from_towers(&pegs).expect("towers");
        assert_eq!(
            document["moves_count"],
            distance_to(towers, 2).expect("distance"),
            "{position}"
        );
        check_solution(towers, &document);
    }
    // Four pegs: breadth-first search, optimal; the standard start matches Frame-Stewart.
    let document = run(&["hanoi", "solve", "--from", "0,1|2|3|", "--json"]).json();
    assert_eq!(document["moves_count"], 7);
    check_solution(
        Towers::from_towers(&[vec![0, 1], vec![2], vec![3], vec![]]).expect("towers"),
        &document,
    );
    let document = run(&["hanoi", "solve", "--from", "0,1,2,3,4|||", "--json"]).json();
    assert_eq!(document["moves_count"], 13);
    let done = run(&["hanoi", "solve", "--from", "|||0,1,2", "--json"]).json();
    assert_eq!(
        done,
        json!({"disks": 3, "pegs": 4, "moves_count": 0, "moves": []})
    );
}

#[test]
fn invalid_positions() {
    let cases = [
        ["--from", "0,0,1||"],
        ["--from", "1,0||"],
        ["--from", "0,x||"],
        ["--from", "0,1|"],
        ["--from", "0,5||"],
    ];
    let mut messages = Vec::new();
    for case in cases {
        let out = run(&["hanoi", "solve", case[0], case[1]]);
        messages.push(out.fails(1).to_owned());
    }
    let out = run(&["hanoi", "solve", "--disks", "4", "--from", "0,1,2||"]);
    messages.push(out.fails(1).to_owned());
    let out = run(&["hanoi", "solve", "--pegs", "4", "--from", "0,1,2||"]);
    messages.push(out.fails(1).to_owned());
    let out = run(&["hanoi", "solve", "--from", "0,1,2,3,4,5,6,7,8,9|10||"]);
    messages.push(out.fails(1).to_owned());
    insta::assert_snapshot!(messages.join("\n"));
    let out = run(&["hanoi", "solve", "--json", "--from", "1,0||"]);
    assert!(out.fails_json(1)["error"]["message"].is_string());
}
