//! Push + pop of every legal move in every position of the seed-0 game.

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn push_pop(c: &mut Criterion) {
    let cases: Vec<_> = common::game_positions()
        .into_iter()
        .map(|board| {
            let moves = board.legal_moves();
            (board, moves)
        })
        .collect();
    let pairs: usize = cases.iter().map(|(_, moves)| moves.len()).sum();
    let mut group = c.benchmark_group("push_pop");
    group.throughput(Throughput::Elements(pairs as u64));
    let mut boards: Vec<_> = cases.iter().map(|(b, _)| b.clone()).collect();
    group.bench_function("seed0_game_all_moves", |b| {
        b.iter(|| {
            for (board, (_, moves)) in boards.iter_mut().zip(&cases) {
                for &mv in moves {
                    board.push_unchecked(black_box(mv));
                    let _ = black_box(board.pop());
                }
            }
        });
    });
    group.finish();
}

criterion_group!(benches, push_pop);
criterion_main!(benches);
