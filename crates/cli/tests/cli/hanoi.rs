//! `hanoi solve`.

use serde_json::{Value, json};
use sokoengine::hanoi::{Move, Towers, distance_to};

use crate::{run, run_stdin, transcript};

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
    // A limit of the tool, not a command-line mistake: status 1.
    let out = run(&["hanoi", "solve", "--disks", "63"]);
    assert_eq!(
        out.fails(1),
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

#[test]
fn play_by_script() {
    // Movements as FROM TO, as `->`, or by their number in the list; an illegal one,
    // an unknown number, a hint and an undo on the way.
    let script = "0 2\n0 2\n9\nh\n0 -> 1\nu\n1\n2 1\n0 2\n1 0\n1 2\n0 2\n";
    let out = run_stdin(&["hanoi", "play", "--disks", "3"], script);
    let text = out.ok();
    assert!(
        text.contains("0 -> 2: disk 1 is larger than disk 2"),
        "{text}"
    );
    assert!(
        text.contains("There is no movement 9: choose 1 to 3"),
        "{text}"
    );
    assert!(text.contains("Hint: 0 -> 1 (6 movements to go)"), "{text}");
    assert!(
        text.ends_with("Solved in 7 movements (the optimum is 7).\n"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn play_json_and_the_end_of_the_input() {
    // The end of the input leaves the game unfinished; with --json the pictures go to
    // standard error and the movements to standard output.
    let out = run_stdin(&["hanoi", "play", "--disks", "2", "--json"], "0 1\n");
    assert_eq!(out.status, 0, "{out:?}");
    assert!(out.stderr.contains("Cost: 1"), "{out:?}");
    let document: serde_json::Value = serde_json::from_str(&out.stdout).expect("one document");
    assert_eq!(
        document,
        json!({"solved": false, "moves_count": 1, "optimum": 3, "moves": [[0, 1]]})
    );
    // From a position on four pegs, quitting at once.
    let out = run_stdin(&["hanoi", "play", "--from", "0,1||2|", "--json"], "q\n");
    let document: serde_json::Value = serde_json::from_str(&out.stdout).expect("one document");
    assert_eq!(document["optimum"], 4);
    // More disks than the drawings hold: status 1.
    let out = run(&["hanoi", "play", "--disks", "11"]);
    assert_eq!(out.fails(1), "hanoi play draws at most 10 disks, not 11");
}
