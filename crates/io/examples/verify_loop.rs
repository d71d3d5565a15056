//! What `sokoengine verify` does, in a loop, for profiling: read
//! `Original_and_Extra.sok`, parse every board and snapshot, replay every snapshot.
//! Prints the time per pass. Instruction counts do not depend on the machine's load:
//!
//! ```text
//! cargo build --release -p sokoengine-io --example verify_loop
//! valgrind --tool=callgrind target/release/examples/verify_loop 5
//! ```

use std::hint::black_box;
use std::time::Instant;

use sokoengine_io::{Collection, ReplayOptions, VariantHint, replay};

/// Parses and replays every snapshot on a Mover ([`ReplayOptions::mover`] and
/// [`replay`]); returns (snapshots, solved).
fn parse_and_replay(text: &str) -> (usize, usize) {
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

fn main() {
    let Some(text) = sokoengine_testkit::read_optional_corpus(
        "example verify_loop",
        "levels/sok-with-solutions/Original_and_Extra.sok",
    ) else {
        return;
    };
    let passes: u32 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(100)
        .max(1);
    let start = Instant::now();
    let mut counts = (0, 0);
    for _ in 0..passes {
        counts = black_box(parse_and_replay(black_box(&text)));
    }
    let (snapshots, solved) = counts;
    println!(
        "{snapshots} snapshots, {solved} solved: {:?} per pass ({passes} passes)",
        start.elapsed() / passes
    );
}
