//! Every board of the corpus's variant collections and of `Original_and_Extra.sok`
//! renders, and every snapshot of the latter animates.

use sokoengine_io::{Collection, ReplayOptions, VariantHint};
use sokoengine_render::{Options, Playback, puzzle_svg};

use crate::Raster;

#[sokoengine_testkit_macros::corpus_test]
fn every_corpus_board_renders() {
    let corpus = sokoengine_testkit::corpus();
    let mut files = sokoengine_testkit::level_files(&corpus.join("levels/variants"));
    files.push(sokoengine_testkit::corpus_file(
        "levels/sok-with-solutions/Original_and_Extra.sok",
    ));
    let options = Options::new().cell(8.0).labels(true);
    let mut boards = 0;
    for path in &files {
        let collection = Collection::load(path, VariantHint::None).unwrap();
        for (index, entry) in collection.puzzles.iter().enumerate() {
            let mut puzzle = entry.puzzle().unwrap();
            puzzle.boxorder.clone_from(&entry.boxorder);
            puzzle.goalorder.clone_from(&entry.goalorder);
            let svg = puzzle_svg(&puzzle, &options)
                .unwrap_or_else(|e| panic!("{} puzzle {index}: {e}", path.display()));
            // The SVG parses and rasterizes.
            let raster = Raster::new(&svg);
            assert!(raster.size().0 > 0 || puzzle.size() == 0);
            boards += 1;
        }
    }
    assert!(boards > 400, "only {boards} boards");
}

#[sokoengine_testkit_macros::corpus_test]
fn every_snapshot_of_original_and_extra_animates() {
    let path = sokoengine_testkit::corpus_file("levels/sok-with-solutions/Original_and_Extra.sok");
    let collection = Collection::load(&path, VariantHint::None).unwrap();
    let (mut snapshots, mut solved) = (0, 0);
    for entry in &collection.puzzles {
        let puzzle = entry.puzzle().unwrap();
        for snapshot in entry.snapshots() {
            let moves = snapshot.moves().unwrap();
            let playback = Playback::new(&puzzle, &moves, ReplayOptions::new()).unwrap();
            assert!(
                playback.error().is_none(),
                "{}: {:?}",
                entry.title,
                playback.error()
            );
            assert_eq!(playback.frame_count(), playback.step_count() + 1);
            let animation = playback.animation(&Options::new()).unwrap();
            assert!(animation.to_svg().ends_with("</svg>\n"));
            snapshots += 1;
            solved += usize::from(playback.is_solved());
        }
    }
    assert_eq!((snapshots, solved), (196, 193));
}
