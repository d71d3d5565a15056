//! Properties: random walks in both modes on random boards of all four tessellations
//! restore board, IDs and hash when undone, and the incremental hash always equals
//! the hash computed from scratch. Parsers never panic.

use crate::support::xorshift;
use proptest::prelude::*;
use sokoengine_board::{BoardCell, BoardGraph};
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_mover::{BoardManager, Game, Mover, PusherStep, SokobanPlus, SolvingMode};

/// A random playable board: a wall border around random cells, with the same number
/// of boxes and goals and at least one pusher.
fn board() -> impl Strategy<Value = BoardGraph> {
    (0usize..4, 3usize..9, 3usize..8, any::<u64>()).prop_map(|(t, width, height, seed)| {
        let tessellation = Tessellation::ALL[t];
        let mut next = xorshift(seed);
        let mut cells = vec![BoardCell::FLOOR; width * height];
        let interior: Vec<usize> = (0..width * height)
            .filter(|&p| {
                let (x, y) = (p % width, p / width);
                x > 0 && y > 0 && x + 1 < width && y + 1 < height
            })
            .collect();
        for (p, cell) in cells.iter_mut().enumerate() {
            if !interior.contains(&p) {
                *cell = BoardCell::WALL;
            }
        }
        for &p in &interior {
            if next() % 6 == 0 {
                cells[p] = BoardCell::WALL;
            }
        }
        if interior.iter().all(|&p| cells[p].is_wall()) {
            for &p in &interior {
                cells[p] = BoardCell::FLOOR;
            }
        }
        let free: Vec<usize> = interior
            .iter()
            .copied()
            .filter(|&p| !cells[p].is_wall())
            .collect();
        let take = |next: &mut dyn FnMut() -> u64| free[(next() % free.len() as u64) as usize];
        let pairs = 1 + (next() % 3) as usize;
        for _ in 0..pairs {
            let b = take(&mut next);
            cells[b].put_box();
            let g = take(&mut next);
            cells[g].put_goal();
        }
        for _ in 0..1 + next() % 2 {
            let p = take(&mut next);
            if cells[p].can_put_pusher_or_box() {
                cells[p].put_pusher();
            }
        }
        BoardGraph::from_cells(tessellation, width, height, cells).expect("sizes agree")
    })
}

#[derive(Debug, Clone)]
enum Action {
    Move(Direction),
    Select(usize),
    Jump(usize),
    Pulls(bool),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        6 => (0usize..8).prop_map(|d| Action::Move(Direction::ALL[d])),
        1 => (1usize..4).prop_map(Action::Select),
        1 => (0usize..80).prop_map(Action::Jump),
        1 => any::<bool>().prop_map(Action::Pulls),
    ]
}

fn snapshot(mover: &Mover) -> (String, u64, Vec<usize>, Vec<usize>, Vec<usize>) {
    let m = mover.board_manager();
    (
        mover.board().to_board_str(true, false),
        mover.state_hash(),
        m.pushers_positions()
            .into_values()
            .map(usize::from)
            .collect(),
        m.boxes_positions().into_values().map(usize::from).collect(),
        m.goals_positions().into_values().map(usize::from).collect(),
    )
}

/// The pusher and box ID of every cell, as the manager's lookups answer.
fn piece_ids(mover: &Mover) -> Vec<(Option<usize>, Option<usize>)> {
    let m = mover.board_manager();
    (0..mover.board().size())
        .map(|p| (m.pusher_id_on(p).ok(), m.box_id_on(p).ok()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    #[test]
    fn every_operation_is_undone_exactly(
        board in board(),
        reverse in any::<bool>(),
        actions in proptest::collection::vec(action(), 1..40),
    ) {
        let mode = if reverse { SolvingMode::Reverse } else { SolvingMode::Forward };
        let Ok(mut mover) = Mover::new(board, mode) else { return Ok(()) };
        let start = snapshot(&mover);
        let mut history = Vec::new();
        for action in actions {
            let before = snapshot(&mover);
            let last_before = mover.last_move().to_vec();
            let (selected, pulls) = (mover.selected_pusher(), mover.pull_count());
            let result = match action {
                Action::Move(d) => mover.try_move(d),
                Action::Select(id) => mover.select_pusher(id),
                Action::Jump(p) => mover.jump(p),
                Action::Pulls(b) => { mover.set_pulls_boxes(b); Ok(()) }
            };
            let manager = mover.board_manager();
            prop_assert_eq!(mover.state_hash(), manager.recomputed_state_hash());
            prop_assert_eq!(mover.state_hash(), manager.external_state_hash(&manager.state()).unwrap());
            if result.is_err() {
                prop_assert_eq!(snapshot(&mover), before);
                prop_assert_eq!(mover.last_move(), &last_before[..]);
                prop_assert_eq!((mover.selected_pusher(), mover.pull_count()), (selected, pulls));
                continue;
            }
            if matches!(action, Action::Pulls(_)) || mover.last_move() == &last_before[..] && snapshot(&mover) == before && mover.selected_pusher() == selected {
                continue;
            }
            // Undoing (on a copy) restores the position exactly.
            let mut copy = mover.clone();
            copy.undo_last_move().expect("an operation just made can be undone");
            prop_assert_eq!(snapshot(&copy), before.clone());
            prop_assert_eq!(copy.selected_pusher(), selected);
            prop_assert_eq!(copy.pull_count(), pulls);
            history.push(mover.last_move().to_vec());
        }
        // Undo the whole walk in one go from a single concatenated last_move.
        let all: Vec<PusherStep> = history.concat();
        mover.set_last_move(all);
        mover.undo_last_move().expect("the whole walk can be undone");
        prop_assert_eq!(snapshot(&mover), start);
        prop_assert_eq!(mover.pull_count(), 0);
    }

    #[test]
    fn play_moves_equals_checked_moves_one_by_one(
        board in board(),
        reverse in any::<bool>(),
        plus in any::<bool>(),
        select in 1usize..3,
        pulls_boxes in any::<bool>(),
        steps in proptest::collection::vec((0usize..8, 0u8..8), 0..40),
    ) {
        let mode = if reverse { SolvingMode::Reverse } else { SolvingMode::Forward };
        let mut manager = BoardManager::new(board);
        if plus {
            // Sokoban+ takes the step-by-step path.
            let order: Vec<String> = (1..=manager.box_count()).map(|i| (i % 2).to_string()).collect();
            manager.set_boxorder(&order.join(" "));
            manager.set_goalorder(&order.join(" "));
            let _ = manager.enable_sokoban_plus();
        }
        let Ok(mut fast) = Mover::with_manager(manager, mode) else { return Ok(()) };
        let _ = fast.select_pusher(select);
        fast.set_pulls_boxes(pulls_boxes);
        let mut checked = fast.clone();
        // Mostly moves and pushes, sometimes a jump or selection step that ends the run.
        let steps: Vec<PusherStep> = steps
            .into_iter()
            .map(|(d, kind)| match kind {
                0..=3 => PusherStep::new(Direction::ALL[d]),
                4..=6 => PusherStep::push(Direction::ALL[d], 1 + d % 3),
                _ if d % 2 == 0 => PusherStep::jump(Direction::ALL[d]),
                _ => PusherStep::selection(Direction::ALL[d]),
            })
            .collect();
        let played = fast.play_moves(&steps);
        // The reference: checked moves one at a time, stopping before the first
        // jump, selection, refused step or step that does not do what it says.
        let mut expected = 0;
        for step in &steps {
            if step.is_jump() || step.is_pusher_selection() {
                break;
            }
            let mut next = checked.clone();
            if reverse {
                next.set_pulls_boxes(step.is_push_or_pull());
            }
            if next.try_move(step.direction()).is_err()
                || next.last_move()[0].is_push_or_pull() != step.is_push_or_pull()
            {
                break;
            }
            checked = next;
            expected += 1;
        }
        prop_assert_eq!(played, expected);
        prop_assert_eq!(snapshot(&fast), snapshot(&checked));
        prop_assert_eq!(fast.last_move(), checked.last_move());
        prop_assert_eq!(
            (fast.pull_count(), fast.pulls_boxes(), fast.selected_pusher(), fast.is_solved()),
            (checked.pull_count(), checked.pulls_boxes(), checked.selected_pusher(), checked.is_solved())
        );
        prop_assert_eq!(fast.state_hash(), fast.board_manager().recomputed_state_hash());
        prop_assert_eq!(fast.board_manager().state(), checked.board_manager().state());
        // The per-cell ID lookups too.
        prop_assert_eq!(piece_ids(&fast), piece_ids(&checked));
    }

    #[test]
    fn fast_and_checked_moves_and_undos_agree(
        board in board(),
        reverse in any::<bool>(),
        actions in proptest::collection::vec((action(), any::<bool>(), 0usize..8, 0u8..4), 1..40),
    ) {
        // Sokoban+ enabled with every plus ID the default plays the same game with
        // the same hash, but always on the checked path; without Sokoban+ moves and
        // single-step undos take the fast path.
        let mode = if reverse { SolvingMode::Reverse } else { SolvingMode::Forward };
        let mut manager = BoardManager::new(board.clone());
        manager.enable_sokoban_plus().expect("empty orders are valid");
        let (Ok(mut fast), Ok(mut checked)) =
            (Mover::new(board, mode), Mover::with_manager(manager, mode))
        else {
            return Ok(());
        };
        prop_assert_eq!(fast.state_hash(), checked.state_hash());
        for (action, undo, d, kind) in actions {
            let results = match action {
                Action::Move(direction) => (fast.try_move(direction), checked.try_move(direction)),
                Action::Select(id) => (fast.select_pusher(id), checked.select_pusher(id)),
                Action::Jump(p) => (fast.jump(p), checked.jump(p)),
                Action::Pulls(b) => {
                    fast.set_pulls_boxes(b);
                    checked.set_pulls_boxes(b);
                    (Ok(()), Ok(()))
                }
            };
            prop_assert_eq!(results.0, results.1);
            if undo {
                // Sometimes undo a step that was not made: a move, push or pull in
                // any direction, with or without a box to take back.
                if kind != 0 {
                    let step = match kind {
                        1 => PusherStep::new(Direction::ALL[d]),
                        _ => PusherStep::push(Direction::ALL[d], 1),
                    }
                    .with_pusher_id(fast.selected_pusher());
                    fast.set_last_move([step]);
                    checked.set_last_move([step]);
                }
                prop_assert_eq!(fast.undo_last_move(), checked.undo_last_move());
            }
            prop_assert_eq!(snapshot(&fast), snapshot(&checked));
            prop_assert_eq!(fast.last_move(), checked.last_move());
            prop_assert_eq!(
                (fast.pull_count(), fast.selected_pusher(), fast.is_solved()),
                (checked.pull_count(), checked.selected_pusher(), checked.is_solved())
            );
            prop_assert_eq!(fast.state_hash(), fast.board_manager().recomputed_state_hash());
            prop_assert_eq!(piece_ids(&fast), piece_ids(&checked));
        }
    }

    #[test]
    fn solved_test_agrees_with_the_definition(board in board(), plus in any::<bool>()) {
        let mut manager = BoardManager::new(board);
        if plus {
            let n = manager.box_count();
            let order: Vec<String> = (1..=n).map(|i| (i % 2).to_string()).collect();
            manager.set_boxorder(&order.join(" "));
            manager.set_goalorder(&order.join(" "));
            let _ = manager.enable_sokoban_plus();
        }
        let defined = manager.box_count() == manager.goal_count()
            && manager.boxes_positions().iter().all(|(&id, &pos)| {
                manager.goal_id_on(pos).is_ok_and(|goal| {
                    manager.box_plus_id(id).unwrap() == manager.goal_plus_id(goal).unwrap()
                })
            });
        prop_assert_eq!(manager.is_solved(), defined);
        if manager.box_count() <= 5 {
            let solved_states = manager.solutions().count();
            prop_assert_eq!(solved_states > 0, manager.box_count() == manager.goal_count());
        }
    }

    #[test]
    fn sokoban_plus_never_panics(pieces in 0usize..12, boxorder in ".{0,40}", goalorder in "[0-9 9\\-x]{0,40}") {
        let mut plus = SokobanPlus::new(pieces, &boxorder, &goalorder);
        let valid = plus.is_valid();
        prop_assert_eq!(plus.enable().is_ok(), valid);
        prop_assert_eq!(plus.errors().is_empty(), valid);
        let _ = (plus.boxorder(), plus.goalorder(), plus.box_plus_id(pieces), plus.goal_plus_id(0));
    }

    #[test]
    fn pusher_step_setters_keep_one_kind(ops in proptest::collection::vec((0u8..4, 0usize..4), 0..12)) {
        let mut step = PusherStep::new(Direction::Up);
        for (op, value) in ops {
            match op {
                0 => step.set_moved_box_id(Some(value)),
                1 => step.set_jump(value % 2 == 0),
                2 => step.set_pusher_selection(value % 2 == 0),
                _ => step.set_pusher_id(value),
            }
            let kinds = [step.is_move(), step.is_push_or_pull(), step.is_jump(), step.is_pusher_selection()];
            prop_assert_eq!(kinds.iter().filter(|&&k| k).count(), 1);
            prop_assert!(step.pusher_id() >= 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A game's history reaches every point: going to any point gives the position
    /// of the operations up to it replayed on a fresh mover, with the push and pull
    /// counts of the steps played, and every point can be left again.
    #[test]
    fn a_game_goes_to_any_point_of_its_history(
        board in board(),
        reverse in any::<bool>(),
        actions in proptest::collection::vec(action(), 1..30),
        points in proptest::collection::vec(0usize..40, 1..8),
    ) {
        let mode = if reverse { SolvingMode::Reverse } else { SolvingMode::Forward };
        let Ok(start) = Mover::new(board, mode) else { return Ok(()) };
        let mut game = Game::new(start.clone());
        // The position after each number of operations done, as played.
        let mut positions = vec![snapshot(&start)];
        for action in actions {
            let result = match action {
                Action::Move(d) => game.step(d),
                Action::Select(id) => game.select_pusher(id),
                Action::Jump(p) => game.jump(p),
                Action::Pulls(_) => continue,
            };
            if result.is_ok() && game.len() == positions.len() {
                positions.push(snapshot(game.mover()));
            }
            prop_assert_eq!(game.len(), positions.len() - 1);
        }
        for point in points {
            let point = point % (game.len() + 1);
            game.go_to(point).expect("every point of the history can be reached");
            prop_assert_eq!(game.position(), point);
            prop_assert_eq!(&snapshot(game.mover()), &positions[point]);
            let moved_boxes = game.played_steps().iter().filter(|s| s.is_push_or_pull()).count();
            prop_assert_eq!(game.mover().push_count() + game.mover().pull_count(), moved_boxes);
            if reverse {
                prop_assert_eq!(game.mover().push_count(), 0);
            } else {
                prop_assert_eq!(game.mover().pull_count(), 0);
            }
        }
        prop_assert!(game.go_to(game.len() + 1).is_err());
    }
}
