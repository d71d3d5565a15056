//! The board-verified metrics bench's work (`benches/verify.rs`) once per pass, for
//! instruction counts that do not depend on the machine's load: the verifiers of every
//! level of the corpus's large test suite that has solutions, each solution verified
//! (needs the corpus):
//!
//! ```text
//! cargo build --release -p sokoengine-metrics --example metrics_loop
//! valgrind --tool=callgrind target/release/examples/metrics_loop 1
//! ```

use std::hint::black_box;
use std::time::Instant;

use sokoengine_geometry::Tessellation;
use sokoengine_metrics::SolutionVerifier;

#[allow(dead_code)]
#[path = "../tests/metrics/sok.rs"]
mod sok;

fn main() {
    let Some(corpus) = sokoengine_testkit::optional_corpus("example metrics_loop") else {
        return;
    };
    let passes: u32 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(10)
        .max(1);
    let folder = corpus.join("levels/large-test-suite/with-solutions");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .expect("suite folder")
        .flatten()
        .map(|entry| entry.path())
        .collect();
    files.sort();
    let mut levels = Vec::new();
    for file in files {
        let text = String::from_utf8_lossy(&std::fs::read(file).expect("readable")).into_owned();
        for level in sok::parse_sok(&text) {
            if !level.snapshots.is_empty() {
                let steps: Vec<String> = level.snapshots.into_iter().map(|s| s.steps).collect();
                levels.push((level.board, steps));
            }
        }
    }
    let start = Instant::now();
    let mut pushes = 0;
    for _ in 0..passes {
        for (board, solutions) in &levels {
            let mut verifier =
                SolutionVerifier::parse(Tessellation::Sokoban, board).expect("board");
            for solution in solutions {
                pushes += verifier.verify(black_box(solution)).expect("valid").pushes;
            }
        }
    }
    println!(
        "{} levels: {:?} per pass ({passes} passes, {pushes} pushes)",
        levels.len(),
        start.elapsed() / passes
    );
}
