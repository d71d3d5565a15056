use proptest::prelude::*;
use sokoengine_hanoi::{Hanoi, Move, Position, Towers, distance_to, optimal_path};
use sokoengine_rules::Rules;

proptest! {
    #[test]
    fn from_towers_never_panics(towers in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..8), 0..6)) {
        if let Ok(parsed) = Towers::from_towers(&towers) {
            prop_assert_eq!(parsed.towers(), towers);
        }
    }

    #[test]
    fn from_disk_pegs_never_panics(pegs in prop::collection::vec(0u8..6, 0..70), count in any::<u8>()) {
        if let Ok(towers) = Towers::from_disk_pegs(&pegs, count) {
            for (disk, &peg) in (0u8..).zip(&pegs) {
                prop_assert_eq!(towers.peg_of(disk), Some(peg));
            }
            prop_assert_eq!(Towers::from_towers(&towers.towers()), Ok(towers));
        }
    }

    #[test]
    fn arbitrary_movements_keep_positions_legal(
        disks in 1u8..=8,
        pegs in 3u8..=4,
        movements in prop::collection::vec((0u8..6, 0u8..6), 0..200),
    ) {
        let hanoi = Hanoi::with_pegs(disks, pegs).unwrap();
        let mut position = hanoi.first_position();
        for (from, to) in movements {
            let movement = Move::new(from, to);
            let before = position;
            let legal = hanoi.possible_movements(&position).contains(&movement);
            match hanoi.next_position(&movement, &position) {
                Ok(next) => {
                    prop_assert!(legal);
                    prop_assert_eq!(next.cost(), before.cost() + 1);
                    position = next;
                }
                Err(_) => prop_assert!(!legal),
            }
            // The arrangement is still legal: its towers parse back to it.
            let towers = position.towers();
            prop_assert_eq!(Towers::from_towers(&towers.towers()), Ok(towers));
        }
    }

    #[test]
    fn optimal_paths_reach_the_goal_in_exactly_the_distance(
        pegs in prop::collection::vec(0u8..3, 1..=12),
        goal in 0u8..3,
    ) {
        let towers = Towers::from_disk_pegs(&pegs, 3).unwrap();
        let distance = distance_to(towers, goal).unwrap();
        let mut position = Position::new(towers, 0);
        for movement in optimal_path(towers, goal).unwrap() {
            position = position.try_move(movement).unwrap();
        }
        prop_assert!(position.towers().is_all_on(goal));
        prop_assert_eq!(position.cost(), distance);
    }
}

#[test]
fn position_text_round_trips() {
    let towers: Towers = "0, 1 ||2".parse().expect("a position");
    assert_eq!(towers.to_string(), "0,1||2");
    assert_eq!(towers.to_string().parse::<Towers>(), Ok(towers));
    assert_eq!(
        "0,x||".parse::<Towers>().unwrap_err().to_string(),
        "\"x\" is not a disk number"
    );
    let long = format!("0,{}||", "9".repeat(1000));
    assert!(long.parse::<Towers>().unwrap_err().to_string().len() < 60);
    assert!("1,0||".parse::<Towers>().is_err());
}

proptest! {
    #[test]
    fn any_position_text_is_read_or_refused(text in "[0-9, |x]{0,24}") {
        if let Ok(towers) = text.parse::<Towers>() {
            prop_assert_eq!(towers.to_string().parse::<Towers>(), Ok(towers));
        }
    }
}
