//! Legal move generation over every position of the seed-0 game.

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn movegen(c: &mut Criterion) {
    let positions = common::game_positions();
    let total: usize = positions.iter().map(|b| b.n_legal_moves()).sum();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(total as u64));
    let mut out = Vec::with_capacity(2048);
    group.bench_function("generate_seed0_game", |b| {
        b.iter(|| {
            let mut n = 0;
            for board in &positions {
                board.generate_into(board.current_player(), &mut out);
                n += black_box(&out).len();
            }
            n
        });
    });
    group.bench_function("count_seed0_game", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|board| black_box(board).n_legal_moves())
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
