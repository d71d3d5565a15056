//! Collection throughput: read `Original_and_Extra.sok` (91 puzzles, 196 snapshots) and
//! decode every board and every snapshot; also the pieces on their own, writing, and
//! replaying all 196 snapshots; the split that the CLI runs on all cores (segments
//! searched for puzzle starts, puzzles read on their own), here on one thread, against
//! the serial reader. Then one solution of ten million steps, replayed from its
//! text a block at a time and, for comparison, through a whole step list.
//!
//! `cargo bench -p sokoengine-io --bench collection -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_board::BoardGraph;
use sokoengine_geometry::Tessellation;
use sokoengine_io::{
    Collection, Moves, PuzzleEntry, PuzzleReader, PuzzleStart, ReplayOptions, VariantHint, replay,
    replay_steps,
};
use sokoengine_mover::{Mover, SolvingMode};

fn load_and_decode(text: &str) -> (usize, usize) {
    let collection = Collection::parse(text, VariantHint::None).expect("the text holds puzzles");
    let mut cells = 0;
    let mut steps = 0;
    for entry in &collection.puzzles {
        cells += entry.puzzle().map_or(0, |p| p.size());
        for snapshot in entry.snapshots() {
            steps += snapshot.moves().map_or(0, |m| m.as_str().len());
        }
    }
    (cells, steps)
}

/// The puzzles of `text` found segment by segment (8 KiB each, as the CLI splits a
/// window among threads) and read one by one, titled in order.
fn read_in_segments(text: &str) -> Vec<PuzzleEntry> {
    let reader = PuzzleReader::new(text, None);
    let Some(first) = reader.first_start() else {
        return Vec::new();
    };
    let (mut at, mut line) = (first.offset, first.line);
    let mut starts = Vec::new();
    while at < reader.text_len() {
        let end = reader.line_start_from(at + (8 << 10));
        let segment = reader.starts_between(at, end);
        starts.extend(segment.starts.iter().map(|&(offset, index)| PuzzleStart {
            offset,
            line: line + index,
        }));
        (at, line) = (end, line + segment.lines);
    }
    let mut carried = reader.first_title();
    starts
        .into_iter()
        .map(|start| reader.read_at(start).into_entry(&mut carried))
        .collect()
}

fn collection(c: &mut Criterion) {
    let Some(text) = sokoengine_testkit::read_optional_corpus(
        "bench collection",
        "levels/sok-with-solutions/Original_and_Extra.sok",
    ) else {
        return;
    };
    let collection = Collection::parse(&text, VariantHint::None).expect("the text holds puzzles");
    assert_eq!(
        (collection.puzzles.len(), collection.snapshot_count()),
        (91, 196)
    );
    let mut group = c.benchmark_group("collection");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("read_and_decode/Original_and_Extra", |b| {
        b.iter(|| black_box(load_and_decode(black_box(&text))));
    });
    group.bench_function("read_only/Original_and_Extra", |b| {
        b.iter(|| {
            black_box(
                Collection::parse(black_box(&text), VariantHint::None)
                    .expect("the text holds puzzles"),
            )
        });
    });
    assert_eq!(read_in_segments(&text), collection.puzzles);
    group.bench_function("read_in_segments/Original_and_Extra", |b| {
        b.iter(|| black_box(read_in_segments(black_box(&text))));
    });
    group.bench_function("write/Original_and_Extra", |b| {
        b.iter(|| black_box(collection.to_sok_string().ok()));
    });
    group.finish();

    // Replaying every snapshot (forward, 193 of 196 solve): throughput in steps.
    let games: Vec<_> = collection
        .puzzles
        .iter()
        .flat_map(|entry| {
            let puzzle = entry.puzzle().unwrap();
            entry
                .snapshots()
                .iter()
                .map(move |s| (puzzle.clone(), s.moves().unwrap()))
        })
        .collect();
    let steps: usize = games.iter().map(|(_, m)| m.as_str().len()).sum();
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(steps as u64));
    group.bench_function("Original_and_Extra", |b| {
        b.iter(|| {
            games
                .iter()
                .filter(|(puzzle, moves)| {
                    ReplayOptions::new()
                        .mover(puzzle, moves)
                        .is_ok_and(|mut mover| replay(&mut mover, moves).solved)
                })
                .count()
        });
    });
    group.finish();
}

/// `1000000(RurrdLulld)`: the box goes right and back a million times (10 M steps).
fn long_solution(c: &mut Criterion) {
    let text = "#######\n#     #\n# @$ .#\n#######";
    let moves = Moves::parse("1000000(RurrdLulld)").expect("valid moves");
    let mover = || {
        let board = BoardGraph::parse(Tessellation::Sokoban, text).expect("valid board");
        Mover::new(board, SolvingMode::Forward).expect("playable board")
    };
    let mut group = c.benchmark_group("replay_10M_steps");
    group.sample_size(20);
    group.throughput(Throughput::Elements(moves.as_str().len() as u64));
    group.bench_function("from_text", |b| {
        b.iter(|| {
            let mut mover = mover();
            let verdict = replay(&mut mover, black_box(&moves));
            assert!(verdict.error.is_none());
            verdict.steps
        });
    });
    group.bench_function("step_list", |b| {
        b.iter(|| {
            let mut mover = mover();
            let steps = black_box(&moves)
                .pusher_steps(Tessellation::Sokoban)
                .expect("valid steps");
            assert!(replay_steps(&mut mover, &steps).is_ok());
            steps.len()
        });
    });
    group.finish();
}

criterion_group!(benches, collection, long_solution);
criterion_main!(benches);
