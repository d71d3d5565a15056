//! Legal move generation over every position of 100 random 4-player games, the issue's
//! workload (the tilewe C core anchor measures the same): game `g` plays uniformly random
//! legal moves ([`RandomEngine`](sokoengine_tilewe::RandomEngine)) drawn from `Rng::new(g)`,
//! `g` in 0..100: 5,852 positions, 1,149,720 moves. The C core keeps a 2 MB board, so its
//! run generates each position's moves as it replays the game, with the board in cache;
//! alike, each game's positions get one untimed pass of the same operation before their
//! timed pass. (All 5,852 boards stored at 1.5 KB each do not fit in the 1 MB L2 cache:
//! one pass over all of them in a row runs about 35 % slower.)
//! Also every position of the seed-0 corpus game, as before.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_tilewe::Board;

/// Times `f` over every position of each game in turn, after an untimed pass of `f` that
/// brings that game's boards into the cache.
fn time_games(games: &[Vec<Board>], iters: u64, mut f: impl FnMut(&Board) -> usize) -> Duration {
    let mut elapsed = Duration::ZERO;
    for _ in 0..iters {
        for game in games {
            for board in game {
                black_box(f(board));
            }
            let start = Instant::now();
            for board in game {
                black_box(f(board));
            }
            elapsed += start.elapsed();
        }
    }
    elapsed
}

fn random_games(c: &mut Criterion) {
    let games = common::random_games(100);
    let total: usize = games.iter().flatten().map(Board::legal_move_count).sum();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(total as u64));
    let mut out = Vec::with_capacity(2048);
    group.bench_function("generate_100_random_games", |b| {
        b.iter_custom(|iters| {
            time_games(&games, iters, |board| {
                board.generate_into(board.current_player(), &mut out);
                out.len()
            })
        });
    });
    group.bench_function("count_100_random_games", |b| {
        b.iter_custom(|iters| time_games(&games, iters, Board::legal_move_count));
    });
    group.finish();
}

fn seed0_game(c: &mut Criterion) {
    let positions = common::game_positions();
    let total: usize = positions.iter().map(Board::legal_move_count).sum();
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
                .map(|board| black_box(board).legal_move_count())
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, random_games, seed0_game);
criterion_main!(benches);
