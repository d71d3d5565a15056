//! Optimal Hanoi sequences: the 25-disk classic (target: under 100 ms), a path from a
//! scrambled arrangement, distances, and Frame–Stewart for four pegs.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_hanoi::{
    Move, OptimalMoves, Towers, distance_to, frame_stewart_moves, optimal_path,
};

/// Folds movements into a checksum so that none can be optimised away.
fn checksum(moves: impl Iterator<Item = Move>) -> u64 {
    // A plain sum: a one-cycle dependency, so the bench measures the generator.
    moves.fold(0u64, |acc, m| {
        acc + u64::from(m.from()) * 4 + u64::from(m.to())
    })
}

fn optimal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("optimal_moves");
    for disks in [20u8, 25] {
        group.throughput(Throughput::Elements((1 << disks) - 1));
        group.bench_function(format!("{disks}_disks"), |b| {
            b.iter(|| checksum(OptimalMoves::new(black_box(disks)).unwrap()));
        });
    }
    group.finish();
}

fn scrambled(c: &mut Criterion) {
    // A fixed arrangement of 25 disks: disk d on peg (d * 7 + d / 3) mod 3.
    let disk_pegs: Vec<u8> = (0..25u8).map(|d| (d * 7 + d / 3) % 3).collect();
    let towers = Towers::from_disk_pegs(&disk_pegs, 3).unwrap();
    let distance = distance_to(towers, 2).unwrap();
    let mut group = c.benchmark_group("any_position");
    group.throughput(Throughput::Elements(distance));
    group.bench_function("optimal_path_25_disks", |b| {
        b.iter(|| checksum(optimal_path(black_box(towers), 2).unwrap()));
    });
    let big: Vec<u8> = (0..63u8).map(|d| (d * 5 + d / 4) % 3).collect();
    let big = Towers::from_disk_pegs(&big, 3).unwrap();
    group.throughput(Throughput::Elements(1));
    group.bench_function("distance_63_disks", |b| {
        b.iter(|| distance_to(black_box(big), 2).unwrap());
    });
    group.finish();
}

fn four_pegs(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame_stewart");
    let disks = 63;
    let len = frame_stewart_moves(disks).unwrap().len();
    group.throughput(Throughput::Elements(len as u64));
    group.bench_function("moves_63_disks", |b| {
        b.iter(|| frame_stewart_moves(black_box(disks)).unwrap());
    });
    group.finish();
}

criterion_group!(benches, optimal_moves, scrambled, four_pegs);
criterion_main!(benches);
