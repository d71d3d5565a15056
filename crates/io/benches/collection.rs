//! Collection throughput: read `Original_and_Extra.sok` (91 puzzles, 196 snapshots) and
//! decode every board and every snapshot; also the pieces on their own, writing, and
//! replaying all 196 snapshots.
//!
//! `cargo bench -p sokoengine-io --bench collection -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_io::{Collection, ReplayOptions, replay};

fn load_and_decode(text: &str) -> (usize, usize) {
    let collection = Collection::parse(text, None);
    let mut cells = 0;
    let mut steps = 0;
    for entry in &collection.puzzles {
        cells += entry.puzzle().map_or(0, |p| p.size());
        for snapshot in entry.snapshots() {
            steps += snapshot.moves().map_or(0, |m| m.as_str().len());
        }
    }
    (cells, steps)
}

fn collection(c: &mut Criterion) {
    let Some(text) = sokoengine_testkit::read_optional_corpus(
        "bench collection",
        "levels/sok-with-solutions/Original_and_Extra.sok",
    ) else {
        return;
    };
    let collection = Collection::parse(&text, None);
    assert_eq!(
        (collection.puzzles.len(), collection.snapshots_count()),
        (91, 196)
    );
    let mut group = c.benchmark_group("collection");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("read_and_decode/Original_and_Extra", |b| {
        b.iter(|| black_box(load_and_decode(black_box(&text))));
    });
    group.bench_function("read_only/Original_and_Extra", |b| {
        b.iter(|| black_box(Collection::parse(black_box(&text), None)));
    });
    group.bench_function("write/Original_and_Extra", |b| {
        b.iter(|| black_box(collection.to_sok_string().ok()));
    });
    group.finish();

    // Replaying every snapshot (forward, 193 of 196 solve): throughput in steps.
    let games: Vec<_> = collection
        .puzzles
        .iter()
        .flat_map(|entry| {
            let puzzle = entry.puzzle().unwrap();
            entry
                .snapshots()
                .iter()
                .map(move |s| (puzzle.clone(), s.moves().unwrap()))
        })
        .collect();
    let steps: usize = games.iter().map(|(_, m)| m.as_str().len()).sum();
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(steps as u64));
    group.bench_function("Original_and_Extra", |b| {
        b.iter(|| {
            games
                .iter()
                .filter(|(puzzle, moves)| {
                    replay(puzzle, moves, ReplayOptions::new()).is_ok_and(|r| r.solved)
                })
                .count()
        });
    });
    group.finish();
}

criterion_group!(benches, collection);
criterion_main!(benches);
