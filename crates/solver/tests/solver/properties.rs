//! Properties on random small boards of all four tessellations:
//!
//! * every push the search generates replays on the `Mover` (the pusher walks to the
//!   box and pushes it where the search says), a pull in the opposite direction
//!   restores the position exactly, and the child's normalized pusher is the one a
//!   plain flood fill gives ([`SokobanRules`]);
//! * the solver's verdict is the exhaustive searches': the fewest pushes (BFS over
//!   pushes), the fewest moves with the fewest pushes among them (BFS over steps),
//!   and `unsolvable` only when no solution exists;
//! * the relaxed pull proof refutes only boards the exhaustive push search finds no
//!   solution for.

use std::collections::HashMap;

use proptest::prelude::*;
use sokoengine_board::{BoardGraph, CompactBoard, CompactCell, Puzzle, Reach};
use sokoengine_geometry::Tessellation;
use sokoengine_metrics::SolutionVerifier;
use sokoengine_mover::{Mover, SolvingMode};
use sokoengine_rules::{Rules, Search, SearchError};
use sokoengine_solver::audit::Audit;
use sokoengine_solver::{Cancel, Objective, Silent, SokobanRules, SolveOutcome, solve};

use crate::config;

/// A random board: walls, then `boxes` boxes, as many goals and the pusher on
/// distinct floor cells.
fn board() -> impl Strategy<Value = Puzzle> {
    (
        prop_oneof![
            Just(Tessellation::Sokoban),
            Just(Tessellation::Hexoban),
            Just(Tessellation::Trioban),
            Just(Tessellation::Octoban),
        ],
        3..=6_usize,
        3..=5_usize,
        prop::collection::vec(0..100_u8, 30),
        prop::collection::vec(any::<u16>(), 7),
        1..=3_usize,
    )
        .prop_filter_map(
            "enough floor",
            |(tessellation, width, height, walls, picks, boxes)| {
                let mut puzzle = Puzzle::new(tessellation, width, height).ok()?;
                let mut floor = Vec::new();
                for (position, &wall) in walls.iter().enumerate().take(width * height) {
                    if wall < 20 {
                        puzzle.set(position, '#').ok()?;
                    } else {
                        floor.push(position);
                    }
                }
                if floor.len() < 2 * boxes + 1 {
                    return None;
                }
                let mut take = |pick: u16| floor.remove(usize::from(pick) % floor.len());
                let mut pieces = picks.into_iter();
                for _ in 0..boxes {
                    puzzle.set(take(pieces.next()?), '$').ok()?;
                }
                for _ in 0..boxes {
                    puzzle.set(take(pieces.next()?), '.').ok()?;
                }
                puzzle.set(take(pieces.next()?), '@').ok()?;
                Some(puzzle)
            },
        )
}

/// A random board that is solvable by construction: every box starts on a goal,
/// then the pusher walks at random and pulls boxes along (reverse moves); pushing
/// them back is a solution.
fn solvable_board() -> impl Strategy<Value = Puzzle> {
    (
        board(),
        prop::collection::vec((0..8_usize, any::<bool>()), 10..60),
    )
        .prop_map(|(puzzle, walk)| {
            let tessellation = puzzle.tessellation();
            let mut solved = puzzle.clone();
            for position in 0..puzzle.size() {
                let cell = puzzle.cell(position).expect("on the board");
                let c = match (cell.has_goal(), cell.has_pusher(), cell.has_box()) {
                    (true, true, _) => '+',
                    (true, false, _) => '*',
                    (false, true, _) => '@',
                    (false, false, _) if cell.is_wall() => '#',
                    _ => ' ',
                };
                solved.set(position, c).expect("a board character");
            }
            let Ok(board) = CompactBoard::new(&solved) else {
                return puzzle;
            };
            let mut position = board.start();
            let directions = tessellation.legal_directions();
            for (index, pull) in walk {
                let direction = directions[index % directions.len()];
                let Some(target) = board.neighbor(position.pusher(), direction) else {
                    continue;
                };
                if !position.is_free(target) {
                    continue;
                }
                if !(pull && position.pull(direction).is_ok()) {
                    position.set_pusher(target).expect("free");
                }
            }
            let mut result = solved;
            for cell in board.active() {
                let at = board.board_position(cell);
                let goal = board.is_goal(cell);
                let c = match (position.has_box(cell), position.pusher() == cell, goal) {
                    (true, _, true) => '*',
                    (true, _, false) => '$',
                    (false, true, true) => '+',
                    (false, true, false) => '@',
                    (false, false, true) => '.',
                    (false, false, false) => ' ',
                };
                result.set(at.index(), c).expect("a board character");
            }
            result
        })
}

/// The positions of the boxes and the pusher of `puzzle`.
fn pieces(puzzle: &Puzzle) -> (Vec<usize>, usize) {
    let board = CompactBoard::new(puzzle).expect("one pusher");
    let boxes = board
        .start_boxes()
        .map(|c| board.board_position(c).index())
        .collect();
    (boxes, board.board_position(board.start_pusher()).index())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn generated_pushes_replay_on_the_mover(puzzle in solvable_board()) {
        let Ok(audit) = Audit::new(&puzzle) else {
            return Ok(()); // a level the solver does not take
        };
        let rules = SokobanRules::new(&puzzle).expect("taken by the solver, taken here");
        let start = rules.first_position();
        let successors = rules.successors(&start);
        let (boxes, pusher) = pieces(&puzzle);
        let mut session = audit.session();
        // Solvable by construction: no layer may refute it, and the search goes on.
        prop_assert_eq!(session.check(&boxes, pusher), Ok(None), "{}", puzzle);
        let pushes = session.pushes(&boxes, pusher).expect("the start is a position");
        prop_assert!(!pushes.is_empty() || rules.finished(&start), "no push from\n{}", puzzle);
        let board = CompactBoard::new(&puzzle).expect("one pusher");
        let cell = |position: usize| board.cell_of(position).expect("on the board");
        for push in pushes {
            // The rules' plain generation has the same push, to the same position.
            let (_, child) = successors
                .iter()
                .find(|(p, _)| p.box_position == push.from && p.direction == push.direction)
                .unwrap_or_else(|| panic!("{push:?} is not a legal push:\n{puzzle}"));
            prop_assert!(child.boxes().any(|b| b == push.to), "{push:?}\n{puzzle}");
            prop_assert_eq!(child.pusher(), push.pusher, "normalized pusher\n{}", puzzle);

            // The Mover walks behind the box and pushes it.
            let mut mover = Mover::new(BoardGraph::new(&puzzle).expect("board"), SolvingMode::Forward)
                .expect("playable");
            let compact = board.start();
            let mut reach = Reach::new();
            compact.reachable_into(compact.pusher(), &mut reach);
            let behind = board
                .neighbor(cell(push.from), push.direction.opposite())
                .expect("a cell behind the box");
            let mut walk = Vec::new();
            reach.path_to(behind, &mut walk);
            for direction in walk {
                mover.try_move(direction).expect("the walk is free");
                prop_assert_eq!(mover.last_move()[0].moved_box_id(), None);
            }
            mover.try_move(push.direction).expect("the push is legal on the Mover");
            prop_assert!(mover.last_move()[0].moved_box_id().is_some());
            let manager = mover.board_manager();
            prop_assert!(manager.has_box_on(push.to) && !manager.has_box_on(push.from));
            prop_assert!(manager.has_pusher_on(push.from));

            // On the compact core, the pull in the opposite direction undoes the push.
            let mut expected = board.start();
            expected.set_pusher(behind).expect("free");
            let mut played = expected.clone();
            prop_assert_eq!(played.push(cell(push.from), push.direction), Ok(cell(push.to)));
            let pulled = played.pull(push.direction.opposite()).map(|moved| moved.pulled);
            prop_assert_eq!(pulled, Ok(Some((cell(push.to), cell(push.from)))));
            prop_assert_eq!(played, expected);
        }
    }

    #[test]
    fn relaxed_proofs_refute_only_unsolvable_boards(puzzle in prop_oneof![board(), solvable_board()]) {
        let Ok(rules) = SokobanRules::new(&puzzle) else {
            return Ok(());
        };
        let audit = Audit::new(&puzzle).expect("a level the rules take");
        let (boxes, pusher) = pieces(&puzzle);
        let refuted = audit
            .session()
            .relaxed_proof(&boxes, pusher, 100_000)
            .expect("the level's own start");
        if refuted == Some(true) {
            let verdict = Search::new(&rules).bfs(&rules.first_position());
            prop_assert!(
                matches!(verdict, Err(SearchError::NoSolution)),
                "refuted, BFS: {verdict:?}\n{puzzle}"
            );
        }
    }

    #[test]
    fn verdicts_are_those_of_exhaustive_searches(puzzle in prop_oneof![board(), solvable_board()]) {
        let Ok(rules) = SokobanRules::new(&puzzle) else {
            return Ok(());
        };
        let fewest_pushes = match Search::new(&rules).bfs(&rules.first_position()) {
            Ok(path) => Some(path.len() as u32),
            Err(SearchError::NoSolution) => None,
            Err(error) => panic!("{error}"),
        };
        let mut verifier = SolutionVerifier::new(&puzzle).expect("one pusher");
        for objective in Objective::ALL {
            let outcome = solve(&puzzle, &tested_config(objective), &Cancel::new(), &mut Silent)
                .expect("a level the rules take");
            match (&outcome, fewest_pushes) {
                (SolveOutcome::Solved(solution), Some(pushes)) => {
                    // Solved at the start: no steps (which the verifier refuses).
                    let metrics = if solution.lurd.is_empty() {
                        prop_assert_eq!(pushes, 0);
                        solution.metrics
                    } else {
                        verifier.verify(&solution.lurd).expect("a solution")
                    };
                    prop_assert_eq!(metrics, solution.metrics);
                    match objective {
                        Objective::Pushes => prop_assert_eq!(metrics.pushes, pushes, "{}", puzzle),
                        Objective::Moves => {
                            let (moves, pushes) = fewest_moves(&puzzle).expect("solvable");
                            prop_assert_eq!(metrics.moves, moves, "{}", puzzle);
                            prop_assert_eq!(metrics.pushes, pushes, "{}", puzzle);
                        }
                        Objective::Any => prop_assert!(metrics.pushes >= pushes),
                    }
                }
                (SolveOutcome::Unsolvable(..), None) => {}
                _ => prop_assert!(false, "{objective}: {outcome:?}, BFS: {fewest_pushes:?}\n{puzzle}"),
            }
        }
    }
}

/// The configuration the verdicts are checked with: every feature on.
fn tested_config(objective: Objective) -> sokoengine_solver::SolverConfig {
    config(objective)
}

/// Asserts that `Moves` (every feature on) finds `expected` (moves, pushes) on the
/// board `text`, as the step BFS does.
fn assert_move_optimal(tessellation: Tessellation, text: &str, expected: (u32, u32)) {
    let puzzle = Puzzle::parse(tessellation, text).expect("board");
    assert_eq!(fewest_moves(&puzzle), Some(expected));
    let outcome = solve(
        &puzzle,
        &config(Objective::Moves),
        &Cancel::new(),
        &mut Silent,
    )
    .expect("a level the solver takes");
    let metrics = outcome.solution().expect("solvable").metrics;
    assert_eq!((metrics.moves, metrics.pushes), expected);
}

/// A move-optimal result must not depend on PI-corral pruning, which may move a push
/// to the front at the price of walking. Found by the verdict property on Hexoban.
#[test]
fn moves_mode_with_pi_corrals_is_move_optimal() {
    let board = "---------#-.-\n--#-@-$-.-$-#\n-----#-------";
    assert_move_optimal(Tessellation::Hexoban, board, (4, 2));
}

/// Among the fewest moves, `Moves` takes the fewest pushes. Found by the verdict
/// property on Octoban.
#[test]
fn moves_mode_breaks_ties_by_pushes() {
    let board = "@##--\n--$--\n.$---\n--.--\n-----";
    assert_move_optimal(Tessellation::Octoban, board, (11, 4));
}

/// The fewest moves of a solution and the fewest pushes among those, by
/// breadth-first search over single steps (positions: boxes and exact pusher).
fn fewest_moves(puzzle: &Puzzle) -> Option<(u32, u32)> {
    let board = CompactBoard::new(puzzle).expect("one pusher");
    let tessellation = puzzle.tessellation();
    let active: Vec<CompactCell> = board.active().collect();
    let key = |position: &sokoengine_board::Position| {
        let boxes: Vec<CompactCell> = active
            .iter()
            .copied()
            .filter(|&c| position.has_box(c))
            .collect();
        (boxes, position.pusher())
    };
    let start = board.start();
    if start.is_solved() {
        return Some((0, 0));
    }
    // Best pushes per position of the current and the next layer of moves.
    let mut seen: HashMap<(Vec<CompactCell>, CompactCell), u32> = HashMap::new();
    seen.insert(key(&start), 0);
    let mut layer = vec![(start, 0_u32)];
    let mut moves = 0;
    while !layer.is_empty() {
        moves += 1;
        let mut next: HashMap<(Vec<CompactCell>, CompactCell), (sokoengine_board::Position, u32)> =
            HashMap::new();
        for (position, pushes) in &layer {
            for &direction in tessellation.legal_directions() {
                let mut child = position.clone();
                let Ok(moved) = child.step(direction) else {
                    continue;
                };
                let pushes = pushes + u32::from(moved.pushed.is_some());
                let child_key = key(&child);
                if seen.contains_key(&child_key) {
                    continue;
                }
                let entry = next.entry(child_key).or_insert((child, pushes));
                entry.1 = entry.1.min(pushes);
            }
        }
        let solved = next
            .values()
            .filter(|(position, _)| position.is_solved())
            .map(|&(_, pushes)| pushes)
            .min();
        if let Some(pushes) = solved {
            return Some((moves, pushes));
        }
        layer = next
            .into_iter()
            .map(|(key, (position, pushes))| {
                seen.insert(key, pushes);
                (position, pushes)
            })
            .collect();
    }
    None
}

#[test]
fn fewest_moves_on_known_levels() {
    let parse = |text: &str| Puzzle::parse(Tessellation::Sokoban, text).expect("board");
    let two_boxes = parse("#######\n#@ $ .#\n#  $ .#\n#######");
    assert_eq!(fewest_moves(&two_boxes), Some((8, 4)));
    let corridor = parse("######\n#@$ .#\n######");
    assert_eq!(fewest_moves(&corridor), Some((2, 2)));
    let dead = parse("#####\n#@$.#\n#$ .#\n#####");
    assert_eq!(fewest_moves(&dead), None);
}
