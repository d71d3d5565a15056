//! The tree search's speed: simulations (tree descent, playout to the end, backup) per
//! second, one decision of 1,000 playouts from a fresh tree on the classic board (without
//! the early stop, so every decision runs all of them).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_tilewe::{Board, Budget, Engine, Mcts, Rng, StartCorners, Teams};

const PLAYOUTS: u32 = 1_000;

/// The position after `plies` moves of a seeded game between two quick searches.
fn position(plies: usize) -> Board {
    let mut board = Board::with_start_corners(4, StartCorners::Fixed).expect("4 players");
    let mut engine = Mcts::new(Budget::Playouts(100)).with_teams(Teams::Partners);
    let mut rng = Rng::new(7);
    for _ in 0..plies {
        let mv = engine.choose(&board, &mut rng).expect("a move");
        board.push(mv).expect("a legal move");
    }
    board
}

fn mcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts");
    group.throughput(Throughput::Elements(u64::from(PLAYOUTS)));
    for (name, plies) in [("opening", 0), ("middle_game", 24)] {
        let board = position(plies);
        let mut rng = Rng::new(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut engine = Mcts::new(Budget::Playouts(PLAYOUTS))
                    .with_teams(Teams::Partners)
                    .with_early_stop(false);
                black_box(engine.choose(&board, &mut rng))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, mcts);
criterion_main!(benches);
