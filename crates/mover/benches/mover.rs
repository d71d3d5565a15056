//! The sokoenginepy mover benchmark: on its small 10x6 board, forward mode moves LEFT
//! (pushing a box) and undoes it; reverse mode moves RIGHT (pulling that box) and
//! undoes it. Each
//! iteration is two mover operations (the move and the undo), counted as two moves,
//! as the reference benchmark counts them.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_board::BoardGraph;
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_mover::{Mover, SolvingMode};

const SMALL_BOARD: &str = "##########\n#      **#\n#      **#\n# *@   **#\n#      **#\n##########";

/// The reference's large board (38x25): boxes on goals all around a free area.
fn large_board() -> String {
    let full = format!("#{}#", "*".repeat(36));
    let open = format!("#{}{}{}#", "*".repeat(13), " ".repeat(10), "*".repeat(13));
    let middle = format!("#{}    *@    {}#", "*".repeat(13), "*".repeat(13));
    let mut rows = vec!["#".repeat(38)];
    rows.extend(std::iter::repeat_n(full.clone(), 9));
    rows.extend(std::iter::repeat_n(open.clone(), 3));
    rows.push(middle);
    rows.extend(std::iter::repeat_n(open, 3));
    rows.extend(std::iter::repeat_n(full, 7));
    rows.push("#".repeat(38));
    rows.join("\n")
}

fn mover(text: &str, mode: SolvingMode) -> Mover {
    let board = BoardGraph::parse(Tessellation::Sokoban, text).expect("valid board");
    let mut mover = Mover::new(board, mode).expect("playable board");
    mover.set_pulls_boxes(true);
    mover
}

fn move_and_undo(c: &mut Criterion) {
    let mut group = c.benchmark_group("mover");
    group.throughput(Throughput::Elements(2));
    let large = large_board();
    for (name, board, mode, direction) in [
        (
            "forward_move_left_and_undo",
            SMALL_BOARD,
            SolvingMode::Forward,
            Direction::Left,
        ),
        (
            "reverse_move_right_and_undo",
            SMALL_BOARD,
            SolvingMode::Reverse,
            Direction::Right,
        ),
        (
            "large_forward_move_left_and_undo",
            &large,
            SolvingMode::Forward,
            Direction::Left,
        ),
        (
            "large_reverse_move_right_and_undo",
            &large,
            SolvingMode::Reverse,
            Direction::Right,
        ),
    ] {
        let mut mover = mover(board, mode);
        // Sanity: the forward move pushes the box left of the pusher, the reverse
        // move pulls it.
        mover.try_move(direction).expect("legal move");
        assert!(mover.last_move()[0].is_push_or_pull());
        mover.undo_last_move().expect("legal undo");
        group.bench_function(name, |b| {
            b.iter(|| {
                mover.try_move(black_box(direction)).expect("legal move");
                mover.undo_last_move().expect("legal undo");
            });
        });
        black_box(mover.state_hash());
    }
    group.finish();
}

criterion_group!(benches, move_and_undo);
criterion_main!(benches);
