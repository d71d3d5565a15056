//! Board parsing throughput: every board of the corpus's `Original_and_Extra.sok`.
//!
//! `cargo bench -p sokoengine-board --bench parse -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_board::{BoardGraph, Puzzle, is_board_line};
use sokoengine_geometry::Tessellation;

/// The boards of a `.sok` text: maximal runs of board lines
/// (docs/formats.md#puzzles-and-snapshots).
fn boards(sok: &str) -> Vec<String> {
    let mut boards = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in sok.lines() {
        if is_board_line(line) {
            current.push(line);
        } else if !current.is_empty() {
            boards.push(current.join("\n"));
            current.clear();
        }
    }
    if !current.is_empty() {
        boards.push(current.join("\n"));
    }
    boards
}

fn parse_boards(c: &mut Criterion) {
    let Some(sok) = sokoengine_testkit::read_optional_corpus(
        "bench parse",
        "levels/sok-with-solutions/Original_and_Extra.sok",
    ) else {
        return;
    };
    // Snapshot lines (`lurd...`) are board-line shaped only when they consist of
    // board letters; keep the real boards: those with a wall.
    let boards: Vec<String> = boards(&sok)
        .into_iter()
        .filter(|b| b.contains('#'))
        .collect();
    let bytes: usize = boards.iter().map(String::len).sum();
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("puzzle/Original_and_Extra", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(Puzzle::parse(Tessellation::Sokoban, black_box(board)).ok());
            }
        });
    });
    group.bench_function("board_graph/Original_and_Extra", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(BoardGraph::parse(Tessellation::Sokoban, black_box(board)).ok());
            }
        });
    });
    group.finish();
}

criterion_group!(benches, parse_boards);
criterion_main!(benches);
