//! Generic search throughput on a plain grid game (states per second): BFS, A* with the
//! Manhattan distance, and full reachability.

use std::fmt;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard, Search};

/// One walker on an open `side x side` grid, from one corner to the opposite one.
#[derive(Debug)]
struct Grid {
    side: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Cell(i32, i32);

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

#[derive(Debug, thiserror::Error)]
#[error("off the grid")]
struct OffGrid;

const STEPS: [Cell; 4] = [Cell(1, 0), Cell(0, 1), Cell(-1, 0), Cell(0, -1)];

impl Rules for Grid {
    type Position = Cell;
    type Movement = Cell;
    type Error = OffGrid;

    fn player_count(&self) -> usize {
        1
    }

    fn first_position(&self) -> Cell {
        Cell(0, 0)
    }

    fn next_player(&self, _: &Cell) -> PlayerIndex {
        PlayerIndex::FIRST
    }

    fn possible_movements(&self, at: &Cell) -> Vec<Cell> {
        STEPS
            .into_iter()
            .filter(|s| self.next_position(s, at).is_ok())
            .collect()
    }

    fn next_position(&self, step: &Cell, at: &Cell) -> Result<Cell, OffGrid> {
        let next = Cell(at.0 + step.0, at.1 + step.1);
        let inside = |v: i32| (0..self.side).contains(&v);
        if inside(next.0) && inside(next.1) {
            Ok(next)
        } else {
            Err(OffGrid)
        }
    }

    fn finished(&self, at: &Cell) -> bool {
        *at == Cell(self.side - 1, self.side - 1)
    }

    fn score(&self, _: &Cell) -> ScoreBoard {
        ScoreBoard::from_scores([0])
    }
}

fn searches(c: &mut Criterion) {
    let grid = Grid { side: 200 };
    let start = grid.first_position();
    let search = Search::new(&grid);
    let mut group = c.benchmark_group("grid_200");
    group.throughput(Throughput::Elements(200 * 200));
    group.bench_function("bfs", |b| {
        b.iter(|| search.bfs(black_box(&start)).unwrap().len());
    });
    group.bench_function("astar_manhattan", |b| {
        let h = |c: &Cell| (2 * 199 - c.0 - c.1) as u64;
        b.iter(|| search.astar(black_box(&start), h).unwrap().len());
    });
    group.bench_function("reachable", |b| {
        b.iter(|| search.reachable(black_box(&start)).unwrap().len());
    });
    group.finish();
}

criterion_group!(benches, searches);
criterion_main!(benches);
