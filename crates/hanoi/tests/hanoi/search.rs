//! The closed forms checked against breadth-first search through the generic search of
//! `sokoengine-rules`.

use sokoengine_hanoi::{Hanoi, OptimalMoves, Position, Towers, distance_to, frame_stewart};
use sokoengine_rules::{Rules, Search};

fn key(position: &Position) -> Towers {
    position.towers()
}

#[test]
fn bfs_distance_to_the_goal_matches_the_closed_form_everywhere() {
    for disks in 1..=8u8 {
        let hanoi = Hanoi::new(disks).unwrap();
        // Movements are reversible: distances from the goal are distances to it.
        let goal = Position::new(Towers::all_on(disks, 3, 2).unwrap(), 0);
        let distances = Search::by_key(&hanoi, key).distances(&goal).unwrap();
        assert_eq!(distances.len(), 3usize.pow(disks.into()), "3^n positions");
        let mut total = 0u64;
        for (towers, distance) in &distances {
            assert_eq!(distance_to(*towers, 2).unwrap(), *distance, "{towers:?}");
            total += distance;
        }
        // The mean distance is (2/3)(2^n - 1).
        let full = (1u64 << disks) - 1;
        assert_eq!(3 * total, 2 * full * 3u64.pow(disks.into()));
        let start = Towers::new(disks, 3).unwrap();
        assert_eq!(distances[&start], full);
    }
}

#[test]
fn the_largest_distance_from_a_full_tower_is_two_to_the_n_minus_one() {
    for disks in 1..=7u8 {
        let hanoi = Hanoi::new(disks).unwrap();
        let distances = Search::by_key(&hanoi, key)
            .distances(&hanoi.first_position())
            .unwrap();
        assert_eq!(distances.values().copied().max(), Some((1u64 << disks) - 1));
    }
}

#[test]
fn bfs_finds_the_unique_optimal_solution() {
    for disks in 1..=9u8 {
        let hanoi = Hanoi::new(disks).unwrap();
        let path = Search::by_key(&hanoi, key)
            .bfs(&hanoi.first_position())
            .unwrap();
        let expected: Vec<_> = OptimalMoves::new(disks).unwrap().collect();
        assert_eq!(path.movements, expected, "{disks} disks");
        assert_eq!(path.positions.last().unwrap().cost(), (1 << disks) - 1);
    }
}

#[test]
fn astar_and_idastar_with_the_exact_distance_agree() {
    let exact = |p: &Position| distance_to(p.towers(), 2).unwrap();
    // A weaker admissible heuristic: every disk off the goal moves at least once.
    let off_goal = |p: &Position| u64::from(p.towers().disks() - p.towers().height(2));
    for disks in 1..=6u8 {
        let hanoi = Hanoi::new(disks).unwrap();
        let search = Search::by_key(&hanoi, key);
        let start = hanoi.first_position();
        let best = (1usize << disks) - 1;
        assert_eq!(search.astar(&start, exact).unwrap().len(), best);
        assert_eq!(search.astar(&start, off_goal).unwrap().len(), best);
        assert_eq!(search.idastar(&start, exact).unwrap().len(), best);
    }
    let hanoi = Hanoi::new(4).unwrap();
    let path = Search::by_key(&hanoi, key)
        .idastar(&hanoi.first_position(), off_goal)
        .unwrap();
    assert_eq!(path.len(), 15);
}

#[test]
fn bfs_on_four_pegs_gives_the_frame_stewart_numbers() {
    for disks in 1..=7u8 {
        let hanoi = Hanoi::with_pegs(disks, 4).unwrap();
        let goal = Position::new(Towers::all_on(disks, 4, 3).unwrap(), 0);
        let distances = Search::by_key(&hanoi, key).distances(&goal).unwrap();
        assert_eq!(distances.len(), 4usize.pow(disks.into()));
        let start = Towers::new(disks, 4).unwrap();
        assert_eq!(Some(distances[&start]), frame_stewart(disks, 4));
    }
}
