//! Complete random 4-player games: each move uniformly random among the legal moves, drawn
//! from one seeded `Rng` by rejection sampling ([`Board::sample_move`]: every legal move
//! equally likely, as when picking from the full list, but other draws than
//! `RandomEngine`'s, so a seed gives other games).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_tilewe::{Board, Rng};

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_games");
    group.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(0);
    group.bench_function("four_players", |b| {
        b.iter(|| {
            let mut board = Board::new(4).expect("4 players");
            while let Some(mv) = board.sample_move(&mut rng) {
                board.push_unchecked(mv);
            }
            black_box(board.ply())
        });
    });
    // The same games as `RandomEngine`: the move `legal_moves()[rng.below(n)]`, found by
    // counting each corner's moves and listing only the chosen corner's.
    group.bench_function("four_players_from_counts", |b| {
        b.iter(|| {
            let mut board = Board::new(4).expect("4 players");
            while let Some(mv) = board.random_move(&mut rng) {
                board.push_unchecked(mv);
            }
            black_box(board.ply())
        });
    });
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
