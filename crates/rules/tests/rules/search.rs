use sokoengine_rules::{PlayerIndex, Rules, Search, SearchError};

use crate::games::{Nim, Spot, Walk};

#[test]
fn bfs_astar_and_idastar_agree_on_the_walk() {
    let walk = Walk { len: 9 };
    let start = walk.first_position();
    let key = |spot: &Spot| spot.at;
    let search = Search::by_key(&walk, key);
    let bfs = search.bfs(&start).unwrap();
    let astar = search
        .astar(&start, |s| (walk.len - s.at).div_euclid(2) as u64)
        .unwrap();
    let idastar = search
        .idastar(&start, |s| (walk.len - s.at).div_euclid(2) as u64)
        .unwrap();
    assert_eq!(bfs.len(), 5);
    assert_eq!(astar.len(), 5);
    assert_eq!(idastar.len(), 5);
    for path in [&bfs, &astar, &idastar] {
        assert_eq!(path.positions.len(), path.movements.len() + 1);
        let mut position = start.clone();
        for (movement, expected) in path.movements.iter().zip(&path.positions[1..]) {
            position = walk.next_position(movement, &position).unwrap();
            assert_eq!(&position, expected);
        }
        assert!(walk.finished(&position));
        assert_eq!(position.cost, 5);
    }
}

#[test]
fn distances_cover_every_reachable_position() {
    let walk = Walk { len: 6 };
    let distances = Search::by_key(&walk, |s: &Spot| s.at)
        .distances(&walk.first_position())
        .unwrap();
    let mut pairs: Vec<_> = distances.into_iter().collect();
    pairs.sort_unstable();
    assert_eq!(
        pairs,
        [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)]
    );
}

#[test]
fn identity_keys_work_for_hashable_positions() {
    let nim = Nim(6);
    let path = Search::new(&nim).bfs(&nim.first_position()).unwrap();
    assert_eq!(path.len(), 2);
    assert_eq!(path.positions[2].to_move, PlayerIndex::FIRST);
}

#[test]
fn the_expansion_limit_stops_a_search() {
    let walk = Walk { len: 1000 };
    let search = Search::by_key(&walk, |s: &Spot| s.at).max_expansions(Some(10));
    let start = walk.first_position();
    assert_eq!(
        search.bfs(&start),
        Err(SearchError::LimitReached { limit: 10 })
    );
    assert_eq!(
        search.astar(&start, |_| 0),
        Err(SearchError::LimitReached { limit: 10 })
    );
    assert_eq!(
        search.distances(&start),
        Err(SearchError::LimitReached { limit: 10 })
    );
}

#[test]
fn unreachable_goal_is_no_solution() {
    // A walk of length -1 has no finished position inside 0..=len.
    let walk = Walk { len: -1 };
    let search = Search::by_key(&walk, |s: &Spot| s.at);
    assert_eq!(
        search.bfs(&walk.first_position()),
        Err(SearchError::NoSolution)
    );
}

#[test]
fn reachable_lists_positions_in_breadth_first_order() {
    let walk = Walk { len: 4 };
    let reachable = Search::by_key(&walk, |s: &Spot| s.at)
        .reachable(&walk.first_position())
        .unwrap();
    // From 0: +1 -> 1, +2 -> 2 (in successor order), then 3 from 1, 4 from 2.
    assert_eq!(reachable, [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)]);
}
