use std::collections::HashSet;

use sokoengine_hanoi::{Hanoi, Move, MoveError, OptimalMoves, Position, SetupError, Towers};
use sokoengine_rules::{
    Arena, CostPosition, FirstMovementPlayer, GameError, PlayerIndex, RandomPlayer, Rules,
};

#[test]
fn possible_movements_follow_the_spec_examples() {
    let hanoi = Hanoi::default();
    assert_eq!(hanoi.player_count(), 1);
    let start = hanoi.first_position();
    assert_eq!(hanoi.next_player(&start), PlayerIndex::FIRST);
    assert_eq!(
        hanoi.possible_movements(&start),
        [Move::new(0, 1), Move::new(0, 2)]
    );
    let after = hanoi.next_position(&Move::new(0, 2), &start).unwrap();
    assert_eq!(
        hanoi.possible_movements(&after),
        [Move::new(0, 1), Move::new(2, 0), Move::new(2, 1)]
    );
    assert_eq!(after.towers().towers(), [vec![0, 1, 2], vec![], vec![3]]);
    assert_eq!(after.cost(), 1);
}

#[test]
fn illegal_movements_are_typed_errors_and_change_nothing() {
    let hanoi = Hanoi::default();
    let start = hanoi.first_position();
    let after = hanoi.next_position(&Move::new(0, 2), &start).unwrap();
    let cases = [
        (start, Move::new(1, 2), MoveError::EmptySource(1)),
        (
            after,
            Move::new(0, 2),
            MoveError::LargerOnSmaller { disk: 2, onto: 3 },
        ),
        (start, Move::new(0, 0), MoveError::SamePeg(0)),
        (
            start,
            Move::new(0, 3),
            MoveError::PegOutOfRange { peg: 3, pegs: 3 },
        ),
        (
            start,
            Move::new(9, 1),
            MoveError::PegOutOfRange { peg: 9, pegs: 3 },
        ),
    ];
    let mut messages = Vec::new();
    for (position, movement, expected) in cases {
        let before = position;
        assert_eq!(hanoi.next_position(&movement, &position), Err(expected));
        assert!(!hanoi.is_movement_possible(&movement, &position));
        assert_eq!(position, before);
        messages.push(format!("{movement}: {expected}"));
    }
    insta::assert_snapshot!(messages.join("\n"));
}

#[test]
fn setup_errors_are_typed() {
    let cases = [
        Hanoi::new(0).unwrap_err(),
        Hanoi::new(64).unwrap_err(),
        Hanoi::with_pegs(3, 2).unwrap_err(),
        Hanoi::with_pegs(3, 5).unwrap_err(),
        Towers::all_on(3, 3, 3).unwrap_err(),
        sokoengine_hanoi::distance_to(Towers::new(3, 4).unwrap(), 2).unwrap_err(),
    ];
    assert_eq!(cases[0], SetupError::DiskCount(0));
    let messages: Vec<String> = cases.iter().map(ToString::to_string).collect();
    insta::assert_snapshot!(messages.join("\n"));
}

#[test]
fn positions_are_values() {
    // IArena's shallow copy made the old position change with the new one.
    let hanoi = Hanoi::new(4).unwrap();
    let p = hanoi.first_position();
    let q = hanoi.next_position(&Move::new(0, 2), &p).unwrap();
    assert_eq!(p.towers().towers(), [vec![0, 1, 2, 3], vec![], vec![]]);
    assert_eq!(p.cost(), 0);
    assert_eq!(q.towers().towers(), [vec![0, 1, 2], vec![], vec![3]]);
}

#[test]
fn equality_and_hash_include_the_cost_and_the_key_does_not() {
    let hanoi = Hanoi::new(3).unwrap();
    let start = hanoi.first_position();
    let there = hanoi.next_position(&Move::new(0, 1), &start).unwrap();
    let back = hanoi.next_position(&Move::new(1, 0), &there).unwrap();
    assert_ne!(back, start);
    assert_eq!(back.towers(), start.towers());
    let set: HashSet<Position> = [start, back].into();
    assert_eq!(set.len(), 2);
    let keys: HashSet<Towers> = [start.towers(), back.towers()].into();
    assert_eq!(keys.len(), 1);
    assert_eq!(CostPosition::cost(&back), 2);
}

#[test]
fn finished_and_score() {
    let hanoi = Hanoi::new(5).unwrap();
    let mut position = hanoi.first_position();
    for movement in OptimalMoves::new(5).unwrap() {
        assert!(!hanoi.finished(&position));
        position = hanoi.next_position(&movement, &position).unwrap();
    }
    assert!(hanoi.finished(&position));
    assert_eq!(hanoi.score(&position).score(PlayerIndex::FIRST), 31);
    assert_eq!(hanoi.score(&position).to_string(), "Player: 0 : 31\n");
    // All disks on the middle peg is not the goal.
    let middle = Position::new(Towers::all_on(5, 3, 1).unwrap(), 0);
    assert!(!hanoi.finished(&middle));
}

#[test]
fn four_peg_rules_finish_on_peg_three() {
    let hanoi = Hanoi::with_pegs(3, 4).unwrap();
    assert_eq!(hanoi.goal_peg(), 3);
    assert_eq!(hanoi.optimal_length(), 5);
    let mut position = hanoi.first_position();
    for movement in sokoengine_hanoi::frame_stewart_moves(3).unwrap() {
        position = hanoi.next_position(&movement, &position).unwrap();
    }
    assert!(hanoi.finished(&position));
    assert_eq!(position.cost(), 5);
}

#[test]
fn successors_match_checked_movements() {
    let hanoi = Hanoi::with_pegs(4, 4).unwrap();
    let mut position = hanoi.first_position();
    let mut player = RandomPlayer::with_seed(11);
    for _ in 0..200 {
        let checked: Vec<_> = hanoi
            .possible_movements(&position)
            .into_iter()
            .map(|m| (m, hanoi.next_position(&m, &position).unwrap()))
            .collect();
        assert_eq!(hanoi.successors(&position), checked);
        let movement = sokoengine_rules::Player::play(&mut player, &hanoi, &position).unwrap();
        position = hanoi.next_position(&movement, &position).unwrap();
    }
}

#[test]
fn the_optimal_player_solves_from_anywhere_in_the_arena() {
    let hanoi = Hanoi::new(6).unwrap();
    let mut player = sokoengine_hanoi::OptimalPlayer::new();
    let report = Arena::new(&hanoi)
        .max_moves(Some(63))
        .check_movements(true)
        .play(&mut [&mut player])
        .unwrap();
    assert_eq!(report.movements, 63);
    assert_eq!(report.score.score(PlayerIndex::FIRST), 63);
    let err = Arena::new(&hanoi)
        .max_moves(Some(62))
        .play(&mut [&mut player])
        .unwrap_err();
    assert!(matches!(err, GameError::MaxMovesExceeded { max_moves: 62 }));
}

#[test]
fn the_first_movement_player_cycles_until_the_limit() {
    let hanoi = Hanoi::new(3).unwrap();
    let err = Arena::new(&hanoi)
        .max_moves(Some(1000))
        .check_movements(true)
        .play(&mut [&mut FirstMovementPlayer::new()])
        .unwrap_err();
    assert!(matches!(err, GameError::MaxMovesExceeded { .. }));
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip_and_validation() {
    let hanoi = Hanoi::new(3).unwrap();
    let position = hanoi
        .next_position(&Move::new(0, 2), &hanoi.first_position())
        .unwrap();
    let json = serde_json::to_string(&position).unwrap();
    assert_eq!(json, r#"{"towers":[[0,1],[],[2]],"cost":1}"#);
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), position);
    let bad = r#"{"towers":[[1,0],[],[2]],"cost":1}"#;
    let err = serde_json::from_str::<Position>(bad).unwrap_err();
    assert!(
        err.to_string().contains("lies on the smaller disk"),
        "{err}"
    );
    assert_eq!(
        serde_json::to_string(&Move::new(1, 2)).unwrap(),
        r#"{"from":1,"to":2}"#
    );
}

#[test]
fn a_human_names_a_movement_by_its_pegs() {
    // The menu lists `0: 0 -> 1` and `1: 0 -> 2`; "0 2" names the second by its pegs,
    // after "9 9" (no such movement) is asked again.
    use sokoengine_rules::{HumanPlayer, Player};
    let hanoi = Hanoi::new(3).unwrap();
    let start = hanoi.first_position();
    let mut human = HumanPlayer::new("you", std::io::Cursor::new("9 9\n0 2\n"), Vec::new());
    assert_eq!(human.play(&hanoi, &start), Some(Move::new(0, 2)));
    let (_, output) = human.into_inner();
    let output = String::from_utf8(output).unwrap();
    assert!(output.contains("1: 0 -> 2"), "{output}");
    assert!(output.contains("or a movement as printed"), "{output}");
}
