//! Board-verified metrics of every solution of the Large test suite (needs the
//! corpus): replay only (verifiers built once), and board parsing plus replay.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_geometry::Tessellation;
use sokoengine_metrics::SolutionVerifier;

#[allow(dead_code)]
#[path = "../tests/metrics/sok.rs"]
mod sok;

/// `(board text, solutions)` per level with a solution.
fn corpus_levels() -> Vec<(String, Vec<String>)> {
    let mut levels = Vec::new();
    let Some(corpus) = sokoengine_testkit::optional_corpus("verify bench") else {
        return levels;
    };
    let folder = corpus.join("levels/large-test-suite/with-solutions");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .expect("suite folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    for file in files {
        let text = String::from_utf8_lossy(&std::fs::read(file).expect("readable")).into_owned();
        for level in sok::parse_sok(&text) {
            if !level.snapshots.is_empty() {
                levels.push((
                    level.board,
                    level.snapshots.into_iter().map(|s| s.steps).collect(),
                ));
            }
        }
    }
    levels
}

fn verify_metrics(c: &mut Criterion) {
    let levels = corpus_levels();
    if levels.is_empty() {
        return;
    }
    let solutions: usize = levels.iter().map(|(_, s)| s.len()).sum();
    let steps: usize = levels.iter().flat_map(|(_, s)| s).map(String::len).sum();
    let mut group = c.benchmark_group("verify_metrics");
    group.throughput(Throughput::Elements(steps as u64));
    let mut verifiers: Vec<SolutionVerifier> = levels
        .iter()
        .map(|(board, _)| SolutionVerifier::parse(Tessellation::Sokoban, board).expect("board"))
        .collect();
    group.bench_function(format!("replay_{solutions}_solutions"), |b| {
        b.iter(|| {
            for (verifier, (_, solutions)) in verifiers.iter_mut().zip(&levels) {
                for solution in solutions {
                    black_box(verifier.verify(black_box(solution)).expect("valid"));
                }
            }
        });
    });
    group.bench_function(format!("parse_and_replay_{solutions}_solutions"), |b| {
        b.iter(|| {
            for (board, solutions) in &levels {
                let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, black_box(board))
                    .expect("board");
                for solution in solutions {
                    black_box(verifier.verify(black_box(solution)).expect("valid"));
                }
            }
        });
    });
    group.finish();
}

criterion_group!(benches, verify_metrics);
criterion_main!(benches);
