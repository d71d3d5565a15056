//! String-only metrics throughput (steps per second): one long fixed-seed path, and
//! the normalised solutions of the Large test suite one call each (when the corpus
//! is present).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_geometry::Tessellation;
use sokoengine_metrics::{SolutionMetrics, SolutionVerifier, StepCounter};

#[allow(dead_code)]
#[path = "../tests/metrics/sok.rs"]
mod sok;

/// A fixed-seed path of `length` steps, about a third of them pushes, with runs
/// like real solutions (xorshift, so the input never changes).
fn synthetic_path(tessellation: Tessellation, length: usize) -> String {
    let directions = tessellation.legal_directions();
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut path = String::with_capacity(length);
    let (mut direction, mut push) = (directions[0], false);
    while path.len() < length {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        if state % 3 == 0 {
            direction = directions[(state >> 8) as usize % directions.len()];
            push = (state >> 16) % 3 == 0;
        }
        path.push(
            tessellation
                .step_char(direction, push)
                .expect("legal direction"),
        );
    }
    path
}

fn corpus_solutions() -> Vec<String> {
    let mut solutions = Vec::new();
    let Some(corpus) = sokoengine_testkit::optional_corpus("lurd bench") else {
        return solutions;
    };
    let folder = corpus.join("levels/large-test-suite/with-solutions");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .expect("suite folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let mut normalized = String::new();
    for file in files {
        let text = String::from_utf8_lossy(&std::fs::read(file).expect("readable")).into_owned();
        for level in sok::parse_sok(&text) {
            let Ok(mut verifier) = SolutionVerifier::parse(Tessellation::Sokoban, &level.board)
            else {
                continue;
            };
            for snapshot in &level.snapshots {
                if verifier
                    .verify_normalized(&snapshot.steps, &mut normalized)
                    .is_ok()
                {
                    solutions.push(normalized.clone());
                }
            }
        }
    }
    solutions
}

fn lurd_metrics(c: &mut Criterion) {
    let mut group = c.benchmark_group("lurd_metrics");
    for tessellation in [
        Tessellation::Sokoban,
        Tessellation::Hexoban,
        Tessellation::Trioban,
    ] {
        let path = synthetic_path(tessellation, 1 << 20);
        let counter = StepCounter::new(tessellation);
        group.throughput(Throughput::Elements(path.len() as u64));
        group.bench_function(
            format!("synthetic_1M_{}", tessellation.lowercase_name()),
            |b| {
                b.iter(|| counter.count(black_box(&path)).expect("valid"));
            },
        );
    }
    let solutions = corpus_solutions();
    if !solutions.is_empty() {
        let steps: usize = solutions.iter().map(String::len).sum();
        group.throughput(Throughput::Elements(steps as u64));
        group.bench_function(format!("large_suite_{}_solutions", solutions.len()), |b| {
            b.iter(|| {
                for solution in &solutions {
                    black_box(SolutionMetrics::from_lurd(black_box(solution)).expect("valid"));
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, lurd_metrics);
criterion_main!(benches);
