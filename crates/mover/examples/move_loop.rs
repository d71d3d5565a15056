//! The Mover bench's work (`benches/mover.rs`) as a fixed number of operations, for
//! instruction counts that do not depend on the machine's load: on the 10x6 bench board,
//! forward mode moves left (a push) and undoes it, then reverse mode moves right (a pull)
//! and undoes it, `N` times each (default 1,000,000); a second argument, `forward` or
//! `reverse`, runs one mode only:
//!
//! ```text
//! cargo build --release -p sokoengine-mover --example move_loop
//! valgrind --tool=callgrind target/release/examples/move_loop 1000000 forward
//! ```
//!
//! Instructions a move and its undo: the run's total, less a run of 0 operations, over `N`.

use std::hint::black_box;
use std::time::Instant;

use sokoengine_board::BoardGraph;
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_mover::{Mover, SolvingMode};

const BOARD: &str = "##########\n#      **#\n#      **#\n# *@   **#\n#      **#\n##########";

fn main() {
    let count: u64 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(1_000_000);
    let only = std::env::args().nth(2);
    let mut hashes = 0;
    for (mode, direction) in [
        (SolvingMode::Forward, Direction::Left),
        (SolvingMode::Reverse, Direction::Right),
    ] {
        let name = format!("{mode:?}").to_lowercase();
        if only.as_ref().is_some_and(|only| *only != name) {
            continue;
        }
        let board = BoardGraph::parse(Tessellation::Sokoban, BOARD).expect("valid board");
        let mut mover = Mover::new(board, mode).expect("playable board");
        let start = Instant::now();
        for _ in 0..count {
            mover.try_move(black_box(direction)).expect("legal move");
            mover.undo_last_move().expect("legal undo");
        }
        println!(
            "{mode:?}: {:?} a move and its undo",
            start.elapsed() / count.max(1) as u32
        );
        hashes ^= mover.state_hash();
    }
    black_box(hashes);
}
