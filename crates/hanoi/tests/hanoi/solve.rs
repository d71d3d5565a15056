use sokoengine_hanoi::{
    Move, OptimalMoves, Position, Towers, distance_to, frame_stewart, frame_stewart_moves,
    optimal_path,
};

/// The textbook recursion, for comparison.
fn recursive(disks: u8, from: u8, to: u8, out: &mut Vec<Move>) {
    if disks == 0 {
        return;
    }
    let spare = 3 - from - to;
    recursive(disks - 1, from, spare, out);
    out.push(Move::new(from, to));
    recursive(disks - 1, spare, to, out);
}

#[test]
fn optimal_moves_equal_the_recursive_solution_between_any_pegs() {
    for disks in 0..=12u8 {
        for from in 0..3 {
            for to in 0..3 {
                let mut expected = Vec::new();
                if from != to {
                    recursive(disks, from, to, &mut expected);
                }
                let moves: Vec<_> = OptimalMoves::between(disks, from, to).unwrap().collect();
                assert_eq!(moves, expected, "{disks} disks {from}->{to}");
            }
        }
    }
}

#[test]
fn the_smallest_disk_cycles_in_the_direction_of_the_parity() {
    // Even n: start -> spare -> goal; odd n: start -> goal -> spare.
    for (disks, first) in [(4u8, Move::new(0, 1)), (5, Move::new(0, 2))] {
        let moves: Vec<_> = OptimalMoves::new(disks)
            .unwrap()
            .step_by(2)
            .take(3)
            .collect();
        assert_eq!(moves[0], first);
        assert_eq!(moves[1].from(), first.to());
        assert_eq!(moves[2].to(), 0);
    }
}

#[test]
fn sixty_three_disks_without_overflow() {
    let moves = OptimalMoves::new(63).unwrap();
    assert_eq!(moves.remaining(), u64::MAX >> 1);
    let mut tail = OptimalMoves::new(63).unwrap();
    // The last movement moves the smallest disk onto the goal; the middle one the largest.
    assert_eq!(tail.nth((1usize << 62) - 1), Some(Move::new(0, 2)));
    let last = tail.nth((1usize << 62) - 2);
    assert_eq!(last.map(Move::to), Some(2));
    assert_eq!(tail.next(), None);
    assert_eq!(tail.remaining(), 0);
    assert!(OptimalMoves::new(64).is_err());
}

#[test]
fn nth_agrees_with_stepping() {
    let all: Vec<_> = OptimalMoves::new(10).unwrap().collect();
    for skip in [0usize, 1, 2, 3, 7, 100, 511, 1000, 1022] {
        let mut moves = OptimalMoves::new(10).unwrap();
        assert_eq!(moves.nth(skip), all.get(skip).copied());
        assert_eq!(moves.next(), all.get(skip + 1).copied());
    }
    assert_eq!(OptimalMoves::new(10).unwrap().nth(5000), None);
}

#[test]
fn optimal_paths_from_every_position_of_five_disks() {
    let disks = 5u8;
    for code in 0..3u32.pow(disks.into()) {
        let disk_pegs: Vec<u8> = (0..disks)
            .map(|d| ((code / 3u32.pow(d.into())) % 3) as u8)
            .collect();
        let towers = Towers::from_disk_pegs(&disk_pegs, 3).unwrap();
        for goal in 0..3 {
            let distance = distance_to(towers, goal).unwrap();
            let path = optimal_path(towers, goal).unwrap();
            assert_eq!(path.remaining(), distance);
            let mut position = Position::new(towers, 0);
            for movement in path {
                position = position.try_move(movement).unwrap();
            }
            assert!(position.towers().is_all_on(goal));
            assert_eq!(position.cost(), distance);
        }
    }
}

#[test]
fn distance_of_sixty_three_disks() {
    let all_on_start = Towers::new(63, 3).unwrap();
    assert_eq!(distance_to(all_on_start, 2), Ok(u64::MAX >> 1));
    assert_eq!(distance_to(Towers::all_on(63, 3, 2).unwrap(), 2), Ok(0));
    // Only the largest disk is off the goal: it moves once, the others go away and back.
    let mut pegs = vec![2u8; 63];
    pegs[0] = 0;
    let towers = Towers::from_disk_pegs(&pegs, 3).unwrap();
    assert_eq!(distance_to(towers, 2), Ok((1 << 62) + (1 << 62) - 1));
    let path = optimal_path(towers, 2).unwrap();
    assert_eq!(path.remaining(), u64::MAX >> 1);
}

#[test]
fn frame_stewart_numbers_match_the_fixture() {
    let path = sokoengine_testkit::fixture("hanoi/frame_stewart_4_pegs.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let expected: Vec<u64> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split_whitespace())
        .map(|n| n.parse().unwrap())
        .collect();
    let computed: Vec<u64> = (1..=10).map(|n| frame_stewart(n, 4).unwrap()).collect();
    assert_eq!(computed, expected);
    for n in 0..=63 {
        assert_eq!(frame_stewart(n, 3), Some((1u64 << n) - 1));
    }
    assert_eq!(frame_stewart(2, 2), None);
    assert_eq!(frame_stewart(1, 2), Some(1));
    // FS(n, 4) at triangular numbers n = k(k+1)/2 is (k - 1) 2^k + 1.
    for k in 1..=10u8 {
        assert_eq!(
            frame_stewart(k * (k + 1) / 2, 4),
            Some(u64::from(k - 1) * (1 << k) + 1)
        );
    }
}

#[test]
fn frame_stewart_moves_are_legal_and_reach_the_last_peg() {
    for disks in (1..=20u8).chain([40, 63]) {
        let moves = frame_stewart_moves(disks).unwrap();
        assert_eq!(Some(moves.len() as u64), frame_stewart(disks, 4));
        let mut position = Position::start(disks, 4).unwrap();
        for movement in moves {
            position = position.try_move(movement).unwrap();
        }
        assert!(position.towers().is_all_on(3));
    }
    assert!(frame_stewart_moves(0).is_err());
}

#[test]
fn internal_iteration_equals_stepping_from_any_offset() {
    for disks in 0..=9u8 {
        for (from, to) in [(0, 2), (1, 0)] {
            let stepped: Vec<Move> = {
                let mut moves = OptimalMoves::between(disks, from, to).unwrap();
                std::iter::from_fn(|| moves.next()).collect()
            };
            for skip in 0..14 {
                let mut moves = OptimalMoves::between(disks, from, to).unwrap();
                let first = moves.nth(skip);
                let folded = moves.fold(first.into_iter().collect::<Vec<_>>(), |mut v, m| {
                    v.push(m);
                    v
                });
                assert_eq!(
                    folded,
                    stepped[skip.min(stepped.len())..],
                    "{disks} disks, skip {skip}"
                );
            }
        }
    }
}

#[test]
fn optimal_path_internal_iteration_equals_stepping() {
    for code in 0..3u32.pow(6) {
        let disk_pegs: Vec<u8> = (0..6).map(|d| ((code / 3u32.pow(d)) % 3) as u8).collect();
        let towers = Towers::from_disk_pegs(&disk_pegs, 3).unwrap();
        let mut path = optimal_path(towers, 1).unwrap();
        let stepped: Vec<Move> = std::iter::from_fn(|| path.next()).collect();
        for skip in [0, 1, 2, 5] {
            let mut path = optimal_path(towers, 1).unwrap();
            let first = path.nth(skip);
            let folded = path.fold(first.into_iter().collect::<Vec<_>>(), |mut v, m| {
                v.push(m);
                v
            });
            assert_eq!(folded, stepped[skip.min(stepped.len())..]);
        }
    }
}
