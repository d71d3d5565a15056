//! Replays of solutions: every snapshot of `Original_and_Extra.sok` (corpus) must reach
//! the final board recorded in `sokoenginepy/derived/original_and_extra_replay.json`
//! (193 solved), and reverse mode must construct on every puzzle.
//! The fixture `fixtures/mover/replays.sok` covers the same without the corpus.
//!
//! The `.sok` reader and the snapshot parser belong to sokoengine-io; this module has a
//! minimal version of both (docs/formats.md#collections-sok, docs/formats.md#move-text)
//! for the test.

use sokoengine_board::{BoardGraph, rle};
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_mover::{BoardManager, Mover, SolvingMode};

fn is_board_line(line: &str) -> bool {
    !line.trim().is_empty()
        && line
            .chars()
            .all(|c| "#@+$*. -_pmPMbBo()|".contains(c) || c.is_ascii_digit() || c.is_whitespace())
        && !line
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace())
}

fn is_moves_line(line: &str) -> bool {
    !line.trim().is_empty()
        && line.chars().all(|c| {
            "lurdnsewLURDNSEW[]{}*()|".contains(c) || c.is_ascii_digit() || c.is_whitespace()
        })
        && !line
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace())
}

/// A puzzle's board text and its snapshots' move texts.
struct Level {
    board: String,
    snapshots: Vec<String>,
}

fn read_sok(text: &str) -> Vec<Level> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = text.lines().collect();
    let mut levels: Vec<Level> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if is_board_line(lines[i]) {
            let start = i;
            while i < lines.len() && is_board_line(lines[i]) {
                i += 1;
            }
            levels.push(Level {
                board: lines[start..i].join("\n"),
                snapshots: Vec::new(),
            });
        } else if is_moves_line(lines[i]) && !levels.is_empty() {
            let mut moves = String::new();
            while i < lines.len() && is_moves_line(lines[i]) {
                moves.push_str(lines[i].trim());
                i += 1;
            }
            levels.last_mut().expect("checked").snapshots.push(moves);
        } else {
            i += 1;
        }
    }
    levels
}

#[derive(Debug)]
enum Token {
    Step(Direction, bool),
    Jump(Vec<Direction>),
    Select(Vec<Direction>),
}

/// Whitespace removed, RLE decoded, then `[..]`, `{..}`, `*` and step letters.
fn parse_snapshot(moves: &str, tessellation: Tessellation) -> Vec<Token> {
    let compact: String = moves.chars().filter(|c| !c.is_whitespace()).collect();
    let decoded = rle::decode(&compact).expect("valid RLE");
    let mut tokens = Vec::new();
    let mut group: Option<(char, Vec<Direction>)> = None;
    for c in decoded.chars() {
        match c {
            '[' | '{' => group = Some((c, Vec::new())),
            ']' | '}' => {
                let (open, directions) = group.take().expect("balanced groups");
                tokens.push(if open == '[' {
                    Token::Jump(directions)
                } else {
                    Token::Select(directions)
                });
            }
            '*' => {}
            _ => {
                let (direction, push) = tessellation.parse_step_char(c).expect("step letter");
                match &mut group {
                    Some((_, directions)) => directions.push(direction),
                    None => tokens.push(Token::Step(direction, push)),
                }
            }
        }
    }
    tokens
}

/// Replays as docs/formats.md#replaying-move-text says; returns (non-push moves, pushes,
/// mismatches) where a mismatch is a lower-case step that pushed or an upper-case step
/// that did not.
fn replay(mover: &mut Mover, tokens: &[Token]) -> (usize, usize, usize) {
    let (mut moves, mut pushes, mut mismatches) = (0, 0, 0);
    for token in tokens {
        match token {
            Token::Step(direction, push) => {
                mover.try_move(*direction).expect("legal step");
                if mover.last_move()[0].is_push_or_pull() != *push {
                    mismatches += 1;
                }
                if *push { pushes += 1 } else { moves += 1 }
            }
            Token::Jump(directions) => {
                let from = mover
                    .board_manager()
                    .pusher_position(mover.selected_pusher())
                    .unwrap();
                let to = mover
                    .board()
                    .path_destination(from.index(), directions)
                    .unwrap();
                mover.jump(to).expect("legal jump");
                moves += directions.len();
            }
            Token::Select(directions) => {
                let from = mover
                    .board_manager()
                    .pusher_position(mover.selected_pusher())
                    .unwrap();
                let to = mover
                    .board()
                    .path_destination(from.index(), directions)
                    .unwrap();
                let id = mover
                    .board_manager()
                    .pusher_id_on(to)
                    .expect("a pusher there");
                mover.select_pusher(id).unwrap();
            }
        }
    }
    (moves, pushes, mismatches)
}

#[sokoengine_testkit_macros::corpus_test]
fn original_and_extra_replays_to_the_recorded_boards() {
    let sok = sokoengine_testkit::read_corpus("levels/sok-with-solutions/Original_and_Extra.sok");
    let expected =
        sokoengine_testkit::read_corpus("sokoenginepy/derived/original_and_extra_replay.json");
    let expected: serde_json::Value = serde_json::from_str(&expected).unwrap();
    let results = expected["results"].as_array().unwrap();
    let levels = read_sok(&sok);
    assert_eq!(levels.len(), 91);
    assert_eq!(
        levels.iter().map(|l| l.snapshots.len()).sum::<usize>(),
        results.len()
    );
    let mut solved = 0;
    for result in results {
        let level = &levels[result["puzzle_index"].as_u64().unwrap() as usize];
        let moves = &level.snapshots[result["snapshot_index"].as_u64().unwrap() as usize];
        let name = format!("{} / {}", result["puzzle_title"], result["snapshot_title"]);
        let graph = BoardGraph::parse(Tessellation::Sokoban, &level.board).expect(&name);
        assert_eq!(
            graph.width() as u64,
            result["width"].as_u64().unwrap(),
            "{name}"
        );
        assert_eq!(
            graph.height() as u64,
            result["height"].as_u64().unwrap(),
            "{name}"
        );
        let mut mover = Mover::new(graph, SolvingMode::Forward).expect(&name);
        let tokens = parse_snapshot(moves, Tessellation::Sokoban);
        let (non_push, pushes, mismatches) = replay(&mut mover, &tokens);
        assert_eq!(mismatches, 0, "{name}");
        assert_eq!(
            non_push as u64,
            result["moves_count_non_push"].as_u64().unwrap(),
            "{name}"
        );
        assert_eq!(
            pushes as u64,
            result["pushes_count"].as_u64().unwrap(),
            "{name}"
        );
        assert_eq!(
            mover.is_solved(),
            result["solved_after_replay"].as_bool().unwrap(),
            "{name}"
        );
        assert_eq!(
            mover.board().to_board_str(true, false),
            result["final_board"].as_str().unwrap(),
            "{name}"
        );
        let manager = mover.board_manager();
        assert_eq!(
            mover.state_hash(),
            manager.recomputed_state_hash(),
            "{name}"
        );
        solved += usize::from(mover.is_solved());
    }
    assert_eq!(solved, 193);
}

#[sokoengine_testkit_macros::corpus_test]
fn reverse_mode_constructs_on_every_original_and_extra_puzzle() {
    let sok = sokoengine_testkit::read_corpus("levels/sok-with-solutions/Original_and_Extra.sok");
    let mut crossed = 0;
    for level in read_sok(&sok) {
        let graph = BoardGraph::parse(Tessellation::Sokoban, &level.board).unwrap();
        let manager = BoardManager::new(graph.clone());
        // A box on a goal of a different pair: the case the reference crashes on.
        let boxes = manager.boxes_positions();
        crossed += usize::from(
            boxes
                .iter()
                .any(|(&id, &pos)| manager.goal_id_on(pos).is_ok_and(|goal| goal != id)),
        );
        let mover = Mover::new(graph, SolvingMode::Reverse).unwrap();
        let switched = mover.board_manager();
        assert_eq!(switched.box_count(), manager.box_count());
        for (id, position) in manager.goals_positions() {
            assert_eq!(switched.box_position(id), Ok(position));
        }
        for (id, position) in manager.boxes_positions() {
            assert_eq!(switched.goal_position(id), Ok(position));
        }
        assert!(
            switched
                .pushers_positions()
                .values()
                .all(|&p| !switched.has_box_on(p))
        );
    }
    assert_eq!(crossed, 8);
}

#[test]
fn fixture_levels_replay_to_solved_in_forward_mode_and_back_in_reverse() {
    let path = sokoengine_testkit::fixture("mover/replays.sok");
    let text = std::fs::read_to_string(path).expect("fixture present");
    let levels = read_sok(&text);
    assert!(!levels.is_empty());
    for level in &levels {
        let graph = BoardGraph::parse(Tessellation::Sokoban, &level.board).unwrap();
        for moves in &level.snapshots {
            let tokens = parse_snapshot(moves, Tessellation::Sokoban);
            let mut forward = Mover::new(graph.clone(), SolvingMode::Forward).unwrap();
            let (_, _, mismatches) = replay(&mut forward, &tokens);
            assert_eq!(mismatches, 0, "{moves}");
            assert!(forward.is_solved(), "{}\n{moves}", level.board);
            if forward.board_manager().pusher_count() > 1 {
                continue;
            }
            // The reversed solution (pulls in opposite order) replays in reverse mode
            // from the solved position back to the start: the board then shows the
            // start with boxes and goals switched.
            let mut reverse = Mover::new(graph.clone(), SolvingMode::Reverse).unwrap();
            let end = forward.board_manager().pushers_positions();
            reverse.jump(end[&1]).unwrap();
            let steps: Vec<(Direction, bool)> = tokens
                .iter()
                .filter_map(|t| match t {
                    Token::Step(d, p) => Some((*d, *p)),
                    _ => None,
                })
                .collect();
            for &(direction, push) in steps.iter().rev() {
                reverse.set_pulls_boxes(push);
                reverse.try_move(direction.opposite()).unwrap();
                assert_eq!(reverse.last_move()[0].is_push_or_pull(), push);
            }
            let initial = BoardManager::new(graph.clone());
            let manager = reverse.board_manager();
            assert_eq!(manager.pushers_positions(), initial.pushers_positions());
            let sorted = |m: &BoardManager| {
                let mut boxes: Vec<usize> =
                    m.boxes_positions().into_values().map(usize::from).collect();
                boxes.sort_unstable();
                boxes
            };
            assert_eq!(sorted(manager), sorted(&initial));
        }
    }
}
