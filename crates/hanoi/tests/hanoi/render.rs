use sokoengine_hanoi::{Hanoi, Move, Position, Towers};
use sokoengine_rules::Rules;

fn fixture(name: &str) -> String {
    let path = sokoengine_testkit::fixture(&format!("hanoi/{name}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn start_with_four_disks_is_drawn_as_the_spec_shows() {
    let hanoi = Hanoi::default();
    assert_eq!(
        hanoi.first_position().to_string(),
        fixture("start_4_disks.txt")
    );
}

#[test]
fn start_with_three_disks_has_columns_six_wide() {
    let hanoi = Hanoi::new(3).unwrap();
    assert_eq!(
        hanoi.first_position().to_string(),
        fixture("start_3_disks.txt")
    );
}

#[test]
fn spread_position_is_one_level_high() {
    let hanoi = Hanoi::new(3).unwrap();
    let mut position = hanoi.first_position();
    for movement in [Move::new(0, 2), Move::new(0, 1)] {
        position = hanoi.next_position(&movement, &position).unwrap();
    }
    assert_eq!(position.to_string(), fixture("spread_3_disks.txt"));
}

#[test]
fn drawings_of_positions_along_a_solution() {
    let hanoi = Hanoi::new(3).unwrap();
    let mut position = hanoi.first_position();
    let mut drawings = vec![position.to_string()];
    for movement in sokoengine_hanoi::OptimalMoves::new(3).unwrap() {
        position = hanoi.next_position(&movement, &position).unwrap();
        // As IArena prints a game: its text form of each movement, then the position.
        drawings.push(format!("{}\n{position}", movement.iarena_text()));
    }
    insta::assert_snapshot!(drawings.join("\n"));
}

#[test]
fn four_pegs_and_a_tall_position() {
    let four = Position::new(
        Towers::from_towers(&[vec![0, 3], vec![1], vec![], vec![2, 4]]).unwrap(),
        17,
    );
    insta::assert_snapshot!(four.to_string());
}
