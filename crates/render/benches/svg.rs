//! SVG drawing throughput: every board of the corpus's `large-test-suite/Sven_1623.xsb`
//! (1,623 boards; target: all of them in under 0.5 s).
//!
//! `cargo bench -p sokoengine-render --bench svg -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sokoengine_board::Puzzle;
use sokoengine_io::{Collection, VariantHint};
use sokoengine_render::{Options, puzzle_svg};

fn svg_of_every_board(c: &mut Criterion) {
    let Some(text) = sokoengine_testkit::read_optional_corpus(
        "bench svg",
        "levels/large-test-suite/Sven_1623.xsb",
    ) else {
        return;
    };
    let collection = Collection::parse(&text, VariantHint::None).expect("the text holds puzzles");
    let puzzles: Vec<Puzzle> = collection
        .puzzles
        .iter()
        .map(|entry| entry.puzzle().expect("corpus boards parse"))
        .collect();
    assert_eq!(puzzles.len(), 1623);
    let mut group = c.benchmark_group("svg");
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    for (name, options) in [
        ("Sven_1623", Options::new()),
        ("Sven_1623/labels", Options::new().labels(true)),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    black_box(puzzle_svg(black_box(puzzle), &options).ok());
                }
            });
        });
    }
    // From the file's text: reading the collection and parsing every board too.
    group.bench_function("Sven_1623/from_text", |b| {
        b.iter(|| {
            let collection = Collection::parse(black_box(&text), VariantHint::None)
                .expect("the text holds puzzles");
            for entry in &collection.puzzles {
                if let Ok(puzzle) = entry.puzzle() {
                    black_box(puzzle_svg(&puzzle, &Options::new()).ok());
                }
            }
        });
    });
    group.finish();
}

criterion_group!(benches, svg_of_every_board);
criterion_main!(benches);
