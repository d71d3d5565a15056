//! The behaviour matrix (docs/rules.md#moving, docs/rules.md#undo): the scenarios of
//! `fixtures/mover/behaviour_matrix.txt`, and their agreement with the corpus table
//! `sokoenginepy/mover_test_cases.csv`.

use std::collections::BTreeMap;

use sokoengine_geometry::Direction;
use sokoengine_mover::{Mover, PusherStep, SolvingMode};

use crate::support::{board_text, graph, observe};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Move,
    Push,
    Pull,
    Fail,
}

#[derive(Debug)]
struct Scenario {
    mode: SolvingMode,
    action: String,
    situation: String,
    outcome: Outcome,
    pusher: usize,
    pulls_boxes: bool,
    before: String,
    after: Option<String>,
}

fn scenarios() -> Vec<Scenario> {
    let path = sokoengine_testkit::fixture("mover/behaviour_matrix.txt");
    let text = std::fs::read_to_string(&path).expect("fixture present");
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 8, "bad fixture line {line}");
            Scenario {
                mode: match cells[0] {
                    "forward" => SolvingMode::Forward,
                    "reverse" => SolvingMode::Reverse,
                    other => panic!("bad mode {other}"),
                },
                action: cells[1].to_owned(),
                situation: cells[2].to_owned(),
                outcome: match cells[3] {
                    "move" => Outcome::Move,
                    "push" => Outcome::Push,
                    "pull" => Outcome::Pull,
                    "fail" => Outcome::Fail,
                    other => panic!("bad outcome {other}"),
                },
                pusher: cells[4].parse().expect("pusher id"),
                pulls_boxes: cells[5].parse().expect("bool"),
                before: cells[6].to_owned(),
                after: (cells[7] != "=").then(|| cells[7].to_owned()),
            }
        })
        .collect()
}

fn run(scenario: &Scenario) {
    let name = format!(
        "{:?} {} / {}",
        scenario.mode, scenario.action, scenario.situation
    );
    let mut mover = Mover::new(graph(&scenario.before), scenario.mode).expect(&name);
    assert_eq!(board_text(&mover), scenario.before, "{name}: initial board");
    mover.select_pusher(scenario.pusher).expect(&name);
    mover.set_pulls_boxes(scenario.pulls_boxes);
    let pusher = mover.selected_pusher();
    let step = match scenario.action.as_str() {
        "move" | "push" | "pull" => None,
        "undo move" => Some(PusherStep::new(Direction::Right).with_pusher_id(pusher)),
        "undo push" | "undo pull" => {
            Some(PusherStep::push(Direction::Right, 1).with_pusher_id(pusher))
        }
        other => panic!("bad action {other}"),
    };
    if let Some(step) = step {
        mover.set_last_move([step]);
    }
    let before = observe(&mover);
    let result = match step {
        None => mover.try_move(Direction::Right),
        Some(_) => mover.undo_last_move(),
    };
    match (&scenario.after, result) {
        (None, Err(_)) => assert_eq!(observe(&mover), before, "{name}: failure changed state"),
        (Some(after), Ok(())) => {
            assert_eq!(&board_text(&mover), after, "{name}");
            let made = mover.last_move();
            assert_eq!(made.len(), 1, "{name}");
            let expected_direction = if step.is_some() {
                Direction::Left
            } else {
                Direction::Right
            };
            assert_eq!(made[0].direction(), expected_direction, "{name}");
            assert_eq!(
                made[0].is_push_or_pull(),
                scenario.outcome != Outcome::Move,
                "{name}: step kind"
            );
            let manager = mover.board_manager();
            assert_eq!(
                mover.state_hash(),
                manager.recomputed_state_hash(),
                "{name}"
            );
            // Undo again restores the start (forward-style and reverse-style undo are
            // inverses of each other).
            if scenario.outcome != Outcome::Fail && step.is_none() {
                mover.undo_last_move().expect(&name);
                assert_eq!(board_text(&mover), scenario.before, "{name}: undo");
                assert_eq!(mover.state_hash(), before.hash, "{name}: undo hash");
            }
        }
        (expected, result) => panic!("{name}: expected {expected:?}, got {result:?}"),
    }
}

#[test]
fn fixture_scenarios_behave_as_written() {
    let scenarios = scenarios();
    assert_eq!(scenarios.len(), 46);
    for scenario in &scenarios {
        assert_eq!(scenario.after.is_none(), scenario.outcome == Outcome::Fail);
        run(scenario);
    }
}

/// The two reverse-mode rows of the corpus table that describe outcomes the reference
/// code does not produce: there an undo is a plain step back, as docs/rules.md#undo
/// says, and that wins.
const UNDO_ROWS_THE_CODE_OVERRULES: [(&str, &str); 2] = [
    ("undo pull", "pusher into empty space, no box behind"),
    ("undo move", "pusher into box"),
];

#[sokoengine_testkit_macros::corpus_test]
fn corpus_table_rows_all_have_a_matching_scenario() {
    let table = sokoengine_testkit::read_corpus("sokoenginepy/mover_test_cases.csv");
    let scenarios: BTreeMap<(String, String, String), Outcome> = scenarios()
        .into_iter()
        .map(|s| {
            let mode = format!("{:?}", s.mode).to_lowercase();
            ((mode, s.action, s.situation), s.outcome)
        })
        .collect();
    let (mut mode, mut action) = (String::new(), String::new());
    let mut rows = 0;
    for line in table.lines() {
        let line = line.trim();
        match line {
            "forward movement" => mode = "forward".into(),
            "reverse movement" => mode = "reverse".into(),
            "move" | "undo move" | "push" | "undo push" | "pull" | "undo pull" => {
                action = line.into();
            }
            _ => {
                let (situation, expected) = split_csv_row(line);
                let situation = situation.trim_start_matches('-').trim().to_owned();
                let key = (mode.clone(), action.clone(), situation.clone());
                let outcome = *scenarios
                    .get(&key)
                    .unwrap_or_else(|| panic!("no scenario for {key:?}"));
                let expected = expected_outcome(&mode, &action, &expected);
                if mode == "reverse"
                    && UNDO_ROWS_THE_CODE_OVERRULES.contains(&(action.as_str(), situation.as_str()))
                {
                    assert_eq!(expected, Outcome::Fail, "{key:?}");
                    assert_ne!(outcome, Outcome::Fail, "{key:?}: the code's undo wins");
                } else {
                    assert_eq!(outcome, expected, "{key:?}");
                }
                rows += 1;
            }
        }
    }
    assert_eq!(
        rows,
        scenarios.len(),
        "every scenario is a row of the table"
    );
}

/// `"- text, more",outcome` or `- text,outcome`.
fn split_csv_row(line: &str) -> (String, String) {
    if let Some(rest) = line.strip_prefix('"') {
        let (quoted, tail) = rest.split_once('"').expect("closing quote");
        (
            quoted.to_owned(),
            tail.trim_start_matches(',').trim_matches('"').to_owned(),
        )
    } else {
        let (a, b) = line.rsplit_once(',').expect("two cells");
        (a.to_owned(), b.trim_matches('"').to_owned())
    }
}

/// The outcome a table cell names. The first phrase decides ("normal push, doesn't
/// pull box behind" is a push). In an "undo pull" row, "normal pull" means that the
/// pull is undone normally, which is a push back.
fn expected_outcome(mode: &str, action: &str, text: &str) -> Outcome {
    let phrase = text.split(',').next().unwrap_or_default().trim();
    match phrase {
        "fail" => Outcome::Fail,
        "normal move" | "normal opposite move" => Outcome::Move,
        "normal push" | "pushes box" => Outcome::Push,
        "normal pull" if mode == "reverse" && action == "undo pull" => Outcome::Push,
        "normal pull" | "pulls box" => Outcome::Pull,
        other => panic!("unknown outcome text {other:?}"),
    }
}
