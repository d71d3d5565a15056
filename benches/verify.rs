//! What `sokoengine verify` does, end to end through the facade: parse every board and
//! snapshot of a collection, replay every snapshot and compute JSoko's metrics of every
//! forward one, in one pass per snapshot ([`PuzzleVerifier`], a Mover only where the
//! one pass cannot tell). On `Original_and_Extra.sok` (anchor: parsing plus replaying
//! in at most 5 ms; sokoenginepy about 18 s) and on the 20 large-suite files with their
//! 4,408 solutions (anchor: sokoenginepy's C++ core parses and replays them in
//! 1,368 ms, docs/performance.md#sokoban-family). A replay on a Mover for every snapshot
//! ([`ReplayOptions::mover`] and [`replay`]) and the metrics alone are measured beside them.
//!
//! `cargo bench -p sokoengine-benches --bench verify -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine::io::{Collection, PuzzleVerifier, ReplayOptions, VariantHint, decode_text, replay};
use sokoengine::metrics::SolutionVerifier;

/// Parses `text`, replays every snapshot and computes the metrics of the forward ones
/// (as `verify` does); returns (snapshots, solved, snapshots with metrics).
fn parse_replay_and_measure(text: &str) -> (usize, usize, usize) {
    let collection = Collection::parse(text, VariantHint::None).expect("the text holds puzzles");
    let (mut snapshots, mut solved, mut measured) = (0, 0, 0);
    // Puzzles without snapshots are not parsed (as in `verify`).
    for entry in collection
        .puzzles
        .iter()
        .filter(|e| !e.snapshots().is_empty())
    {
        let Ok(puzzle) = entry.puzzle() else { continue };
        let mut verifier = PuzzleVerifier::new(&puzzle);
        for snapshot in entry.snapshots() {
            snapshots += 1;
            let Ok(moves) = snapshot.moves() else {
                continue;
            };
            let verdict = verifier.verify(&moves, ReplayOptions::new());
            measured += usize::from(verdict.metrics.is_some());
            solved += usize::from(verdict.solved);
        }
    }
    (snapshots, solved, measured)
}

/// Parses and replays everything on a Mover; returns (snapshots, solved).
fn parse_and_replay_on_mover(text: &str) -> (usize, usize) {
    let collection = Collection::parse(text, VariantHint::None).expect("the text holds puzzles");
    let (mut snapshots, mut solved) = (0, 0);
    for entry in &collection.puzzles {
        let puzzle = entry.puzzle();
        for snapshot in entry.snapshots() {
            snapshots += 1;
            let (Ok(puzzle), Ok(moves)) = (&puzzle, snapshot.moves()) else {
                continue;
            };
            if let Ok(mut mover) = ReplayOptions::new().mover(puzzle, &moves) {
                solved += usize::from(replay(&mut mover, &moves).solved);
            }
        }
    }
    (snapshots, solved)
}

/// Parses everything and computes the board-verified metrics of every snapshot;
/// returns the number of valid solutions.
fn parse_and_measure(text: &str) -> usize {
    let collection = Collection::parse(text, VariantHint::None).expect("the text holds puzzles");
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
    assert_eq!(parse_replay_and_measure(&text), (196, 193, 196));
    assert_eq!(parse_and_replay_on_mover(&text), (196, 193));
    assert_eq!(parse_and_measure(&text), 193);

    let mut group = c.benchmark_group("verify");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("parse_replay_metrics/Original_and_Extra", |b| {
        b.iter(|| black_box(parse_replay_and_measure(black_box(&text))));
    });
    group.bench_function("parse_and_replay_on_mover/Original_and_Extra", |b| {
        b.iter(|| black_box(parse_and_replay_on_mover(black_box(&text))));
    });
    group.bench_function("parse_and_metrics/Original_and_Extra", |b| {
        b.iter(|| black_box(parse_and_measure(black_box(&text))));
    });
    group.finish();
}

/// The 20 `.sok` files of the large suite, read and decoded (Latin-1 or UTF-8).
fn large_suite() -> Vec<String> {
    let Some(corpus) = sokoengine_testkit::optional_corpus("bench verify") else {
        return Vec::new();
    };
    let folder = corpus.join("levels/large-test-suite/with-solutions");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .expect("suite folder")
        .flatten()
        .map(|e| e.path())
        .filter(|path| path.extension().is_some_and(|e| e == "sok"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| decode_text(&std::fs::read(path).expect("readable")).into_owned())
        .collect()
}

fn verify_large_suite(c: &mut Criterion) {
    let texts = large_suite();
    if texts.is_empty() {
        return;
    }
    let all = |f: fn(&str) -> (usize, usize, usize)| {
        texts
            .iter()
            .map(|text| f(text))
            .fold((0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
    };
    assert_eq!(texts.len(), 20);
    assert_eq!(all(parse_replay_and_measure), (4408, 4408, 4408));
    let mut group = c.benchmark_group("verify_large_suite");
    group.throughput(Throughput::Elements(4408));
    group.bench_function("parse_replay_metrics/4408_solutions", |b| {
        b.iter(|| black_box(all(parse_replay_and_measure)));
    });
    group.bench_function("parse_and_replay_on_mover/4408_solutions", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|text| parse_and_replay_on_mover(black_box(text)).1)
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, verify, verify_large_suite);
criterion_main!(benches);
