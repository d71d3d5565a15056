//! Optimal solves under each metric and the full reachable-state enumeration of the
//! Setting Sun and Klotski starts, and the enumeration of a 5x5 layout with about eleven
//! million reachable states (searched by 128-bit keys).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_setting_sun::{Layout, Metric, Puzzle};

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    for (name, puzzle) in [
        ("setting_sun", Puzzle::setting_sun()),
        ("klotski", Puzzle::klotski()),
    ] {
        for metric in Metric::ALL {
            let explored = puzzle
                .solve(metric)
                .map_or(0, |solution| solution.explored());
            group.throughput(Throughput::Elements(explored as u64));
            group.bench_function(format!("{name}/{metric}"), |b| {
                b.iter(|| black_box(&puzzle).solve(black_box(metric)).map(|s| s.len()));
            });
        }
    }
    group.finish();
}

fn enumerate(c: &mut Criterion) {
    let mut group = c.benchmark_group("reachable");
    let puzzle = Puzzle::setting_sun();
    let states = puzzle.reachable().map_or(0, |space| space.len());
    group.throughput(Throughput::Elements(states as u64));
    group.bench_function("setting_sun", |b| {
        b.iter(|| black_box(&puzzle).reachable().map(|space| space.len()));
    });
    group.finish();
}

/// A 25-cell layout: beyond the 64-bit key (21 cells), within the 128-bit one (42).
const LARGE: &str = "vBBvs/vBBvs/.hh.s/vssvs/vssv.";

fn enumerate_large(c: &mut Criterion) {
    let mut group = c.benchmark_group("reachable");
    group.sample_size(10);
    let layout: Layout = LARGE.parse().expect("valid layout");
    let limit = 100_000_000;
    let states = layout
        .reachable_with_limit(limit)
        .map_or(0, |space| space.len());
    group.throughput(Throughput::Elements(states as u64));
    group.bench_function("5x5", |b| {
        b.iter(|| {
            black_box(&layout)
                .reachable_with_limit(limit)
                .map(|space| space.len())
        });
    });
    group.finish();
}

criterion_group!(benches, solve, enumerate, enumerate_large);
criterion_main!(benches);
