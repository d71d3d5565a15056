//! sokoenginepy's conformance examples of the board manager and the Mover (pieces,
//! Sokoban+, moving: docs/rules.md).

use std::collections::BTreeMap;

use sokoengine_geometry::{Direction, index_1d};
use sokoengine_mover::{BoardManager, Mover, PusherStep, SolvingMode};

use crate::support::{board_text, graph, observe};

const BOARD_A: &str = "----#####----------/----#--@#----------/----#$--#----------/--###--$##---------/--#--$-$-#---------/###-#-##-#---######/#---#-##-#####--..#/#-$--$----------..#/#####-###-#@##--..#/----#-----#########/----#######--------";

const BOARD_F: &str = "#########/#$  .  .#/#   @$# #/#.$    @#/#########";
const BOARD_F_REVERSE: &str = "#########/#.--$--$#/#---@.#-#/#$.----@#/#########";

fn sorted(mut directions: Vec<Direction>) -> Vec<Direction> {
    directions.sort();
    directions
}

fn directions(steps: &[PusherStep]) -> Vec<Direction> {
    sorted(steps.iter().map(PusherStep::direction).collect())
}

#[test]
fn example_7_second_pusher_moves_and_fails_cleanly() {
    let mut mover = Mover::new(graph(BOARD_A), SolvingMode::Forward).unwrap();
    mover.select_pusher(2).unwrap();
    mover.try_move(Direction::Up).unwrap();
    let manager = mover.board_manager();
    assert_eq!(
        manager.pushers_positions(),
        BTreeMap::from([(1, 26.into()), (2, 144.into())])
    );
    assert_eq!(manager.box_position(3), Ok(81.into()));
    let before = observe(&mover);
    let error = mover.try_move(Direction::Up).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Pusher ID: 2 can't be placed in position 125 occupied by '#'"
    );
    assert_eq!(observe(&mover), before);
    assert_eq!(
        mover.last_move(),
        [PusherStep::new(Direction::Up).with_pusher_id(2)]
    );
}

#[test]
fn example_1_ids_of_board_a() {
    let manager = BoardManager::new(graph(BOARD_A));
    assert_eq!(
        manager.pushers_positions(),
        BTreeMap::from([(1, 26.into()), (2, 163.into())])
    );
    let boxes: Vec<usize> = manager
        .boxes_positions()
        .into_values()
        .map(usize::from)
        .collect();
    assert_eq!(boxes, [43, 64, 81, 83, 135, 138]);
    let goals: Vec<usize> = manager
        .goals_positions()
        .into_values()
        .map(usize::from)
        .collect();
    assert_eq!(goals, [130, 131, 149, 150, 168, 169]);
    assert_eq!(manager.box_id_on(135), Ok(5));
    assert_eq!(manager.goal_id_on(150), Ok(4));
    assert_eq!(manager.pusher_id_on(163), Ok(2));
    assert!(manager.is_playable() && !manager.is_solved());
}

#[test]
fn example_8_plus_ids_enabled_and_disabled() {
    let mut manager = BoardManager::with_sokoban_plus(graph(BOARD_A), "1 3 2", "3 1 2");
    assert_eq!(manager.box_plus_id(7), Ok(0), "disabled: 0 for any ID");
    assert_eq!(manager.goal_plus_id(0), Ok(0));
    manager.enable_sokoban_plus().unwrap();
    let boxes: Vec<u64> = (1..=6).map(|id| manager.box_plus_id(id).unwrap()).collect();
    let goals: Vec<u64> = (1..=6)
        .map(|id| manager.goal_plus_id(id).unwrap())
        .collect();
    assert_eq!(boxes, [1, 3, 2, 0, 0, 0]);
    assert_eq!(goals, [3, 1, 2, 0, 0, 0]);
    assert_eq!(
        manager.box_plus_id(7).unwrap_err().to_string(),
        "No box with ID: 7"
    );
    assert_eq!(
        manager.goal_plus_id(0).unwrap_err().to_string(),
        "No goal with ID: 0"
    );
    assert_eq!(manager.boxorder(), "1 3 2");
    assert_eq!(manager.goalorder(), "3 1 2");
    manager.disable_sokoban_plus();
    assert_eq!(manager.box_plus_id(7), Ok(0));
}

#[test]
fn example_9_plus_pairs_switch_and_solutions() {
    let mut manager = BoardManager::with_sokoban_plus(graph(BOARD_A), "1 3 2", "3 2 1");
    manager.enable_sokoban_plus().unwrap();
    assert_eq!(
        manager.box_goal_pairs().unwrap(),
        [(2, 1), (3, 2), (1, 3), (4, 4), (5, 5), (6, 6)]
    );
    let (boxes, goals) = (manager.boxes_positions(), manager.goals_positions());
    let hash = manager.state_hash();
    manager.switch_boxes_and_goals().unwrap();
    assert_eq!(manager.boxes_positions()[&2], goals[&1]);
    assert_eq!(manager.goals_positions()[&1], boxes[&2]);
    assert_eq!(manager.state_hash(), manager.recomputed_state_hash());
    manager.switch_boxes_and_goals().unwrap();
    assert_eq!(
        (manager.boxes_positions(), manager.goals_positions()),
        (boxes, goals)
    );
    assert_eq!(manager.state_hash(), hash);

    let solutions: Vec<Vec<usize>> = manager
        .solutions()
        .map(|s| s.boxes_positions.into_iter().map(usize::from).collect())
        .collect();
    assert_eq!(
        solutions,
        [
            [149, 130, 131, 150, 168, 169],
            [149, 130, 131, 150, 169, 168],
            [149, 130, 131, 168, 150, 169],
            [149, 130, 131, 168, 169, 150],
            [149, 130, 131, 169, 150, 168],
            [149, 130, 131, 169, 168, 150],
        ]
    );
    // Without Sokoban+ every permutation solves: 6! of them.
    manager.disable_sokoban_plus();
    assert_eq!(manager.solutions().count(), 720);
}

#[test]
fn example_17_failures_leave_everything_unchanged() {
    let board = "#####$###/#@ $$@$##/#..  $  #/#... @  #/#########";
    let mut mover = Mover::new(graph(board), SolvingMode::Forward).unwrap();
    let manager = mover.board_manager();
    let boxes: Vec<usize> = manager
        .boxes_positions()
        .into_values()
        .map(usize::from)
        .collect();
    assert_eq!(boxes, [5, 12, 13, 15, 23]);
    assert_eq!(
        manager.pushers_positions(),
        BTreeMap::from([(1, 10.into()), (2, 14.into()), (3, 32.into())])
    );
    mover.select_pusher(2).unwrap();
    for (direction, message) in [
        (
            Direction::Up,
            "Can't push box off board! (ID: 1, direction: Direction.UP)",
        ),
        (
            Direction::Down,
            "Box ID: 5 can't be placed in position 32 occupied by '@'",
        ),
        (
            Direction::Left,
            "Box ID: 3 can't be placed in position 12 occupied by '$'",
        ),
        (
            Direction::Right,
            "Box ID: 4 can't be placed in position 16 occupied by '#'",
        ),
    ] {
        let before = observe(&mover);
        assert_eq!(mover.try_move(direction).unwrap_err().to_string(), message);
        assert_eq!(observe(&mover), before);
    }
}

#[test]
fn example_18_reverse_board_and_pusher_selection() {
    let mut mover = Mover::new(graph(BOARD_F), SolvingMode::Reverse).unwrap();
    assert_eq!(board_text(&mover), BOARD_F_REVERSE);
    mover.select_pusher(2).unwrap();
    let steps = mover.last_move().to_vec();
    assert_eq!(steps.len(), 4);
    assert!(
        steps
            .iter()
            .all(|s| s.is_pusher_selection() && s.pusher_id() == 1)
    );
    assert_eq!(
        directions(&steps),
        sorted(vec![
            Direction::Down,
            Direction::Right,
            Direction::Right,
            Direction::Right
        ])
    );
    mover.undo_last_move().unwrap();
    assert_eq!(mover.selected_pusher(), 1);
    assert_eq!(
        directions(mover.last_move()),
        sorted(vec![
            Direction::Up,
            Direction::Left,
            Direction::Left,
            Direction::Left
        ])
    );
    let before = observe(&mover);
    assert_eq!(
        mover.select_pusher(3).unwrap_err().to_string(),
        "No pusher with ID: 3"
    );
    assert_eq!(observe(&mover), before);
    assert_eq!(
        mover.select_pusher(1),
        Ok(()),
        "selecting the selected pusher"
    );
    assert_eq!(observe(&mover), before);
}

#[test]
fn example_19_jumps() {
    let mut mover = Mover::new(graph(BOARD_F), SolvingMode::Reverse).unwrap();
    mover.jump(index_1d(1, 1, 9)).unwrap();
    let steps = mover.last_move().to_vec();
    assert!(steps.iter().all(|s| s.is_jump() && s.pusher_id() == 1));
    assert_eq!(
        directions(&steps),
        sorted(vec![
            Direction::Up,
            Direction::Left,
            Direction::Left,
            Direction::Left
        ])
    );
    mover.undo_last_move().unwrap();
    assert_eq!(
        mover.board_manager().pusher_position(1),
        Ok(index_1d(4, 2, 9).into())
    );
    assert_eq!(
        directions(mover.last_move()),
        sorted(vec![
            Direction::Down,
            Direction::Right,
            Direction::Right,
            Direction::Right
        ])
    );
    let before = observe(&mover);
    assert_eq!(
        mover.jump(0).unwrap_err().to_string(),
        "Pusher ID: 1 can't be placed in position 0 occupied by '#'"
    );
    assert_eq!(
        mover.jump(4200).unwrap_err().to_string(),
        "Board position 4200 is out of range!"
    );
    assert_eq!(observe(&mover), before);
    assert_eq!(mover.jump(index_1d(4, 2, 9)), Ok(()), "jump in place");
    assert_eq!(observe(&mover), before);

    let mut forward = Mover::new(graph(BOARD_F), SolvingMode::Forward).unwrap();
    assert_eq!(
        forward.jump(10).unwrap_err().to_string(),
        "Jumps allowed only in reverse solving mode"
    );
    assert!(forward.last_move().is_empty());
}

#[test]
fn example_20_no_jumps_after_a_pull_until_it_is_undone() {
    let mut mover = Mover::new(graph(BOARD_F), SolvingMode::Reverse).unwrap();
    mover.try_move(Direction::Down).unwrap();
    assert!(mover.last_move()[0].is_push_or_pull());
    assert_eq!(mover.pull_count(), 1);
    assert_eq!(
        mover.jump(10).unwrap_err().to_string(),
        "Jumps not allowed after first pull"
    );
    mover.undo_last_move().unwrap();
    assert_eq!(mover.pull_count(), 0);
    assert_eq!(board_text(&mover), BOARD_F_REVERSE);
    mover.jump(index_1d(1, 1, 9)).unwrap();
}

#[test]
fn example_21_forward_move_and_undo() {
    let board = "#########/#@      #/#  @ $. #/#       #/#########";
    let mut mover = Mover::new(graph(board), SolvingMode::Forward).unwrap();
    mover.select_pusher(2).unwrap();
    mover.try_move(Direction::Right).unwrap();
    assert_eq!(
        mover.board_manager().pusher_position(2),
        Ok(index_1d(4, 2, 9).into())
    );
    assert_eq!(
        mover.last_move(),
        [PusherStep::new(Direction::Right).with_pusher_id(2)]
    );
    assert!(mover.last_move()[0].loosely_eq(&PusherStep::new(Direction::Right)));

    let mut mover = Mover::new(graph(board), SolvingMode::Forward).unwrap();
    mover.select_pusher(2).unwrap();
    mover.set_last_move([PusherStep::new(Direction::Right)]);
    mover.undo_last_move().unwrap();
    assert_eq!(
        mover.board_manager().pusher_position(2),
        Ok(index_1d(2, 2, 9).into())
    );
    assert!(mover.last_move()[0].loosely_eq(&PusherStep::new(Direction::Left)));
    assert_eq!(mover.last_move().len(), 1);

    let board = "#########/#@      #/#  @$.  #/#       #/#########";
    let mut mover = Mover::new(graph(board), SolvingMode::Forward).unwrap();
    mover.select_pusher(2).unwrap();
    mover.set_last_move([PusherStep::new(Direction::Right)]);
    mover.undo_last_move().unwrap();
    assert_eq!(
        mover.board_manager().box_position(1),
        Ok(index_1d(4, 2, 9).into())
    );
    assert_eq!(
        mover.board_manager().pusher_position(2),
        Ok(index_1d(2, 2, 9).into())
    );
}

#[test]
fn example_22_reverse_pull_undo() {
    let board = "#########/#@      #/#  @.$  #/#       #/#########";
    let mut mover = Mover::new(graph(board), SolvingMode::Reverse).unwrap();
    mover.select_pusher(2).unwrap();
    mover.set_last_move([PusherStep::push(Direction::Left, 1).with_pusher_id(2)]);
    mover.undo_last_move().unwrap();
    let manager = mover.board_manager();
    assert_eq!(manager.pusher_position(2), Ok(index_1d(4, 2, 9).into()));
    assert_eq!(manager.box_position(1), Ok(index_1d(5, 2, 9).into()));
    assert_eq!(
        mover.last_move(),
        [PusherStep::push(Direction::Right, 1).with_pusher_id(2)]
    );
}

#[test]
fn example_23_undo_of_a_mixed_sequence() {
    let mut mover = Mover::new(graph(BOARD_F), SolvingMode::Reverse).unwrap();
    let initial = observe(&mover);
    let mut all = Vec::new();
    mover.jump(index_1d(1, 1, 9)).unwrap();
    let jumps = mover.last_move().to_vec();
    all.extend_from_slice(&jumps);
    mover.select_pusher(2).unwrap();
    let selections = mover.last_move().to_vec();
    all.extend_from_slice(&selections);
    for direction in [Direction::Up, Direction::Down, Direction::Left] {
        mover.try_move(direction).unwrap();
        all.extend_from_slice(mover.last_move());
    }
    assert!(all[all.len() - 2].is_push_or_pull(), "DOWN pulls");
    assert_eq!(mover.pull_count(), 1);
    mover.set_last_move(all);
    mover.undo_last_move().unwrap();
    let undone = mover.last_move().to_vec();
    let after = observe(&mover);
    assert_eq!(after.board, initial.board);
    assert_eq!(after.hash, initial.hash);
    assert_eq!(mover.selected_pusher(), 1);
    assert_eq!(mover.pull_count(), 0);
    assert_eq!(
        undone[..3],
        [
            PusherStep::new(Direction::Right).with_pusher_id(2),
            PusherStep::push(Direction::Up, 2).with_pusher_id(2),
            PusherStep::new(Direction::Down).with_pusher_id(2),
        ]
    );
    let (selection_undo, jump_undo) = undone[3..].split_at(selections.len());
    assert!(selection_undo.iter().all(PusherStep::is_pusher_selection));
    assert_eq!(
        directions(selection_undo),
        sorted(
            selections
                .iter()
                .map(|s| s.direction().opposite())
                .collect()
        )
    );
    assert!(jump_undo.iter().all(PusherStep::is_jump));
    assert_eq!(
        directions(jump_undo),
        sorted(jumps.iter().map(|s| s.direction().opposite()).collect())
    );
}

#[test]
fn undo_is_atomic() {
    // A sequence whose first undone run works and whose last one fails: the move
    // run is undone, then the jump run fails in forward mode. Everything rolls back.
    let mut mover = Mover::new(graph(BOARD_F), SolvingMode::Forward).unwrap();
    mover.try_move(Direction::Left).unwrap();
    let mut steps = vec![PusherStep::jump(Direction::Up)];
    steps.extend_from_slice(mover.last_move());
    mover.set_last_move(steps);
    let before = observe(&mover);
    assert_eq!(
        mover.undo_last_move().unwrap_err().to_string(),
        "Jumps allowed only in reverse solving mode"
    );
    assert_eq!(observe(&mover), before);

    // Reverse: undo a pull, then a selection run that leads to no pusher.
    let mut mover = Mover::new(graph(BOARD_F), SolvingMode::Reverse).unwrap();
    mover.try_move(Direction::Down).unwrap();
    let mut steps = vec![PusherStep::selection(Direction::Right)];
    steps.extend_from_slice(mover.last_move());
    mover.set_last_move(steps);
    let before = observe(&mover);
    assert_eq!(
        mover.undo_last_move().unwrap_err().to_string(),
        format!("No pusher on position: {}", index_1d(3, 2, 9))
    );
    assert_eq!(observe(&mover), before);

    // A push undo with no box beside the pusher, after a successful first step.
    let mut mover = Mover::new(graph(BOARD_F), SolvingMode::Forward).unwrap();
    mover.set_last_move([
        PusherStep::push(Direction::Down, 1),
        PusherStep::new(Direction::Right),
    ]);
    let before = observe(&mover);
    assert_eq!(
        mover.undo_last_move().unwrap_err().to_string(),
        "Requested push undo, but no box behind pusher!"
    );
    assert_eq!(observe(&mover), before);
}

#[test]
fn example_24_switch_with_a_pusher_on_a_goal() {
    let a = "########/#------#/#--+---#/#----$-#/########";
    let b = "########/#------#/#--$---#/#----+-#/########";
    let mut manager = BoardManager::new(graph(a));
    manager.switch_boxes_and_goals().unwrap();
    assert_eq!(
        manager.board().to_board_str(true, false).replace('\n', "/"),
        b
    );
    manager.switch_boxes_and_goals().unwrap();
    assert_eq!(
        manager.board().to_board_str(true, false).replace('\n', "/"),
        a
    );
    let mover = Mover::new(graph(a), SolvingMode::Reverse).unwrap();
    assert_eq!(board_text(&mover), b);
}

#[test]
fn example_26_solved_with_a_pusher() {
    let manager = BoardManager::new(graph("#####/#@* #/#####"));
    assert!(manager.is_solved());
    let mover = Mover::new(graph("#####/#@* #/#####"), SolvingMode::Forward).unwrap();
    assert!(mover.is_solved());
}

#[test]
fn not_playable_boards_are_rejected() {
    for board in [
        "#####/#@  #/#####",
        "#####/# *.#/#####",
        "#####/#@*.#/#####",
    ] {
        let error = Mover::new(graph(board), SolvingMode::Forward).unwrap_err();
        assert_eq!(error.to_string(), "Board is not playable!");
    }
}

#[test]
fn example_36_zobrist_properties() {
    let a = BoardManager::new(graph(BOARD_A));
    let mut b = BoardManager::new(graph(BOARD_A));
    assert_eq!(a.state_hash(), b.state_hash());
    assert_eq!(a.state_hash(), a.recomputed_state_hash());
    // Move and undo.
    let hash = b.state_hash();
    b.move_box(1, 44).unwrap();
    assert_ne!(b.state_hash(), hash);
    b.move_box(1, 43).unwrap();
    assert_eq!(b.state_hash(), hash);
    // Swapping two boxes with equal plus IDs, or two pushers, keeps the hash.
    let (p1, p2) = (26, 163);
    b.move_pusher(1, 25).unwrap();
    b.move_pusher(2, p1).unwrap();
    b.move_pusher(1, p2).unwrap();
    assert_eq!(
        b.pushers_positions(),
        BTreeMap::from([(1, p2.into()), (2, p1.into())])
    );
    assert_eq!(b.state_hash(), hash);
    b.move_box(1, 44).unwrap();
    b.move_box(2, 43).unwrap();
    b.move_box(1, 64).unwrap();
    assert_eq!(b.state_hash(), hash);
    // Sokoban+ with distinct plus IDs changes the hash; disabling restores it.
    let mut c = BoardManager::with_sokoban_plus(graph(BOARD_A), "1 2 3 4 5 6", "6 5 4 3 2 1");
    let plain = c.state_hash();
    c.enable_sokoban_plus().unwrap();
    assert_ne!(c.state_hash(), plain);
    assert_eq!(c.state_hash(), c.recomputed_state_hash());
    c.disable_sokoban_plus();
    assert_eq!(c.state_hash(), plain);
    // Setting an order that does not change the enabled state does not rehash.
    c.set_boxorder("6 5 4 3 2 1");
    assert_eq!(c.state_hash(), plain);
    // The state's hash and the external hash of the same state agree.
    let state = a.state();
    assert_eq!(a.external_state_hash(&state), state.zobrist_hash);
    let mut short = state.clone();
    short.boxes_positions.pop();
    assert_eq!(a.external_state_hash(&short), None);
}

#[test]
fn example_11_rebuilding_renumbers() {
    let board = "######/#    #/# $  #/#  $.#/#@ . #/######";
    let mut manager = BoardManager::new(graph(board));
    assert_eq!(
        manager.boxes_positions(),
        BTreeMap::from([(1, 14.into()), (2, 21.into())])
    );
    let mut edited = manager.clone().into_board();
    edited[21].remove_box();
    edited[9].put_box();
    assert_eq!(
        BoardManager::new(edited).boxes_positions(),
        BTreeMap::from([(1, 9.into()), (2, 14.into())])
    );
    manager.move_box_from(21, 9).unwrap();
    assert_eq!(
        manager.boxes_positions(),
        BTreeMap::from([(1, 14.into()), (2, 9.into())])
    );
}

#[test]
fn example_12_sokoban_plus_getters() {
    // 5 boxes, 5 goals.
    let board = "#########/#@$$$$$ #/#.....  #/#########";
    let mut manager = BoardManager::with_sokoban_plus(graph(board), "1 2 0 3 0", "3 1 0 2 0 0 0");
    manager.enable_sokoban_plus().unwrap();
    assert_eq!(
        (manager.boxorder(), manager.goalorder()),
        ("1 2 0 3".into(), "3 1 0 2".into())
    );
    manager.set_boxorder("3 5 4 6 10");
    assert!(!manager.is_sokoban_plus_enabled());
    assert_eq!(manager.boxorder(), "3 5 4 6 10");
    manager.set_goalorder("10 6 4 5 3");
    manager.enable_sokoban_plus().unwrap();
    assert_eq!(
        (manager.boxorder(), manager.goalorder()),
        ("3 5 4 6 10".into(), "10 6 4 5 3".into())
    );
}
