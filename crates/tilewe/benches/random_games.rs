//! Complete random 4-player games.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_tilewe::{Board, Rng};

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_games");
    group.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(0);
    let mut moves = Vec::with_capacity(2048);
    group.bench_function("four_players", |b| {
        b.iter(|| {
            let mut board = Board::new(4).expect("4 players");
            while !board.is_finished() {
                board.generate_into(board.current_player(), &mut moves);
                let mv = moves[rng.below(moves.len())];
                board.push_unchecked(mv);
            }
            black_box(board.ply())
        });
    });
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
