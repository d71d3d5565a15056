//! The generic search of `sokoengine-rules` (built on `pathfinding`) against a hand-written
//! breadth-first search, on Hanoi: the choice of `pathfinding` stands unless the
//! hand-written one is at least twice as fast.

use std::collections::{HashMap, VecDeque};
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_hanoi::{Hanoi, Move, Position, Towers};
use sokoengine_rules::{Rules, Search};

/// A plain BFS with a parent map, returning the movements of a shortest path.
fn hand_written_bfs(hanoi: &Hanoi, start: Position) -> Option<Vec<Move>> {
    let mut parent: HashMap<Towers, Option<(Towers, Move)>> = HashMap::new();
    parent.insert(start.towers(), None);
    let mut queue = VecDeque::from([start]);
    while let Some(position) = queue.pop_front() {
        if hanoi.finished(&position) {
            let mut path = Vec::new();
            let mut at = position.towers();
            while let Some(&Some((previous, movement))) = parent.get(&at) {
                path.push(movement);
                at = previous;
            }
            path.reverse();
            return Some(path);
        }
        for (movement, next) in hanoi.successors(&position) {
            parent.entry(next.towers()).or_insert_with(|| {
                queue.push_back(next);
                Some((position.towers(), movement))
            });
        }
    }
    None
}

fn bfs(c: &mut Criterion) {
    let mut group = c.benchmark_group("bfs_hanoi");
    for (disks, pegs) in [(10u8, 3u8), (7, 4)] {
        let hanoi = Hanoi::with_pegs(disks, pegs).unwrap();
        let start = hanoi.first_position();
        let states = u64::from(pegs).pow(disks.into());
        group.throughput(Throughput::Elements(states));
        let search = Search::by_key(&hanoi, |p: &Position| p.towers());
        assert_eq!(
            search.bfs(&start).unwrap().movements,
            hand_written_bfs(&hanoi, start).unwrap()
        );
        group.bench_function(format!("pathfinding_{disks}_disks_{pegs}_pegs"), |b| {
            b.iter(|| search.bfs(black_box(&start)).unwrap().len());
        });
        group.bench_function(format!("hand_written_{disks}_disks_{pegs}_pegs"), |b| {
            b.iter(|| hand_written_bfs(&hanoi, black_box(start)).unwrap().len());
        });
        group.bench_function(format!("distances_{disks}_disks_{pegs}_pegs"), |b| {
            b.iter(|| search.distances(black_box(&start)).unwrap().len());
        });
        group.bench_function(format!("reachable_{disks}_disks_{pegs}_pegs"), |b| {
            b.iter(|| search.reachable(black_box(&start)).unwrap().len());
        });
    }
    group.finish();
}

criterion_group!(benches, bfs);
criterion_main!(benches);
