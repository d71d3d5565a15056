//! The searches a mover or solver runs constantly: pusher reachability and
//! normalisation with a reused `SearchScratch`, on every level of the corpus's
//! `Original_and_Extra.sok`.
//!
//! `cargo bench -p sokoengine-board --bench graph -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_board::{BoardGraph, SearchScratch, is_board_line};
use sokoengine_geometry::{Direction, Tessellation};

/// The boards of a `.sok` text with a wall: maximal runs of board lines.
fn graphs(sok: &str) -> Vec<(BoardGraph, usize)> {
    let mut boards = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in sok.lines().chain([""]) {
        if is_board_line(line) {
            current.push(line);
        } else if !current.is_empty() {
            let text = current.join("\n");
            current.clear();
            if !text.contains('#') {
                continue;
            }
            let Ok(graph) = BoardGraph::parse(Tessellation::Sokoban, &text) else {
                continue;
            };
            if let Some(pusher) = (0..graph.size()).find(|&p| graph[p].has_pusher()) {
                boards.push((graph, pusher));
            }
        }
    }
    boards
}

fn searches(c: &mut Criterion) {
    let Some(sok) = sokoengine_testkit::read_optional_corpus(
        "bench graph",
        "levels/sok-with-solutions/Original_and_Extra.sok",
    ) else {
        return;
    };
    let boards = graphs(&sok);
    let mut scratch = SearchScratch::new();
    let cells: usize = boards
        .iter()
        .map(|(graph, pusher)| {
            graph
                .reachable_by_pusher_into(*pusher, &[], &mut scratch)
                .len()
        })
        .sum();
    let mut group = c.benchmark_group("graph");
    group.throughput(Throughput::Elements(cells as u64));
    group.bench_function("reachable_by_pusher_into/Original_and_Extra", |b| {
        b.iter(|| {
            for (graph, pusher) in &boards {
                black_box(
                    graph
                        .reachable_by_pusher_into(black_box(*pusher), &[], &mut scratch)
                        .len(),
                );
            }
        });
    });
    group.bench_function("normalized_pusher_position_with/Original_and_Extra", |b| {
        b.iter(|| {
            for (graph, pusher) in &boards {
                black_box(graph.normalized_pusher_position_with(
                    black_box(*pusher),
                    &[],
                    &mut scratch,
                ));
            }
        });
    });
    group.throughput(Throughput::Elements(boards.len() as u64 * 4));
    group.bench_function("neighbor/pusher_steps", |b| {
        b.iter(|| {
            for (graph, pusher) in &boards {
                for direction in [
                    Direction::Left,
                    Direction::Right,
                    Direction::Up,
                    Direction::Down,
                ] {
                    black_box(graph.neighbor(black_box(*pusher), direction));
                }
            }
        });
    });
    group.finish();
}

criterion_group!(benches, searches);
criterion_main!(benches);
