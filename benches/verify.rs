//! What `sokoengine verify` does, end to end through the facade: read
//! `Original_and_Extra.sok`, parse every board and snapshot, replay every snapshot on a
//! Mover, and compute JSoko's metrics of every solution. The anchor (shared/spec
//! anchors.md) is parsing plus replaying in at most 5 ms; sokoenginepy takes about 18 s.
//!
//! `cargo bench -p sokoengine-benches --bench verify -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine::io::Collection;
use sokoengine::metrics::SolutionVerifier;

/// Parses and replays everything with [`Collection::replay_all`]; returns
/// (snapshots, solved).
fn parse_and_replay(text: &str) -> (usize, usize) {
    let replays = Collection::parse(text, None).replay_all();
    let solved = replays
        .iter()
        .filter(|r| matches!(r.result, Ok(true)))
        .count();
    (replays.len(), solved)
}

/// Parses everything and computes the board-verified metrics of every snapshot;
/// returns the number of valid solutions.
fn parse_and_measure(text: &str) -> usize {
    let collection = Collection::parse(text, None);
    let mut valid = 0;
    for entry in &collection.puzzles {
        let Ok(puzzle) = entry.puzzle() else { continue };
        let Ok(mut verifier) = SolutionVerifier::new(&puzzle) else {
            continue;
        };
        for snapshot in entry.snapshots() {
            let Ok(moves) = snapshot.moves() else {
                continue;
            };
            valid += usize::from(verifier.verify(moves.as_str()).is_ok());
        }
    }
    valid
}

fn verify(c: &mut Criterion) {
    let Some(text) = sokoengine_testkit::read_optional_corpus(
        "bench verify",
        "levels/sok-with-solutions/Original_and_Extra.sok",
    ) else {
        return;
    };
    assert_eq!(parse_and_replay(&text), (196, 193));
    assert_eq!(parse_and_measure(&text), 193);

    let mut group = c.benchmark_group("verify");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("parse_and_replay/Original_and_Extra", |b| {
        b.iter(|| black_box(parse_and_replay(black_box(&text))));
    });
    group.bench_function("parse_and_metrics/Original_and_Extra", |b| {
        b.iter(|| black_box(parse_and_measure(black_box(&text))));
    });
    group.finish();
}

criterion_group!(benches, verify);
criterion_main!(benches);
