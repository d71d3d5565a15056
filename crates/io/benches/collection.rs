//! Collection throughput: read `Original_and_Extra.sok` (91 puzzles, 196 snapshots) and
//! decode every board and every snapshot; also the pieces on their own.
//!
//! `cargo bench -p sokoengine-io --bench collection -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_io::Collection;

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
    let Some(text) = sokoengine_testkit::read_corpus(
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
}

criterion_group!(benches, collection);
criterion_main!(benches);
