//! The SVG text of small pictures of each kind, snapshotted: the output is deterministic,
//! and a change to it shows in review.

use sokoengine_board::Puzzle;
use sokoengine_geometry::Tessellation;
use sokoengine_hanoi::{OptimalMoves, Towers};
use sokoengine_io::{Moves, ReplayOptions};
use sokoengine_render::{
    Highlight, Options, Playback, Rgb, Theme, hanoi_animation, hanoi_svg, puzzle_svg, sun_svg,
    tilewe_svg,
};
use sokoengine_setting_sun::{Layout, Puzzle as SunPuzzle};
use sokoengine_tilewe::Board;

use crate::grid_puzzle;

fn small(tessellation: Tessellation) -> Puzzle {
    grid_puzzle(tessellation, &["-####", "#@$.#", "#+*-#", "####-"])
}

#[test]
fn boards_of_each_tessellation() {
    let options = Options::new().cell(20.0);
    for tessellation in Tessellation::ALL {
        let svg = puzzle_svg(&small(tessellation), &options).unwrap();
        insta::assert_snapshot!(format!("board_{}", tessellation.lowercase_name()), svg);
    }
}

#[test]
fn labels_highlights_dark_theme_and_sokoban_plus() {
    let mut puzzle = grid_puzzle(Tessellation::Hexoban, &["#####", "#@$.#", "#$.-#", "#####"]);
    puzzle.boxorder = "2 1".into();
    puzzle.goalorder = "1 2".into();
    let options = Options::new()
        .cell(20.0)
        .theme(Theme::Dark)
        .labels(true)
        .highlight(Highlight::new(Rgb::from_hex(0xff0000), [13]));
    insta::assert_snapshot!(puzzle_svg(&puzzle, &options).unwrap());
}

#[test]
fn animated_solution() {
    let puzzle = grid_puzzle(Tessellation::Sokoban, &["######", "#@$-.#", "######"]);
    let playback =
        Playback::new(&puzzle, &Moves::parse("RR").unwrap(), ReplayOptions::new()).unwrap();
    let animation = playback.animation(&Options::new().cell(20.0)).unwrap();
    insta::assert_snapshot!("animated_svg", animation.to_svg());
    insta::assert_snapshot!("animated_html", animation.to_html("Two pushes"));
}

#[test]
fn tilewe_position() {
    let mut board = Board::new(4).unwrap();
    for _ in 0..6 {
        let first = board.legal_moves()[0];
        board.push(first).unwrap();
    }
    let svg = tilewe_svg(&board, &Options::new().cell(12.0).labels(true)).unwrap();
    insta::assert_snapshot!(svg);
}

#[test]
fn setting_sun_start() {
    let puzzle = SunPuzzle::setting_sun();
    let svg = sun_svg(
        puzzle.start(),
        Some(puzzle.goal()),
        &Options::new().cell(24.0),
    )
    .unwrap();
    insta::assert_snapshot!(svg);
    // Any sliding-block layout, without a goal.
    let layout: Layout = "v.s/vhh".parse().unwrap();
    insta::assert_snapshot!(
        "sliding_block_layout",
        sun_svg(&layout, None, &Options::new().cell(24.0)).unwrap()
    );
}

#[test]
fn hanoi_positions() {
    let towers = Towers::from_towers(&[vec![0, 3], vec![1, 2], vec![]]).unwrap();
    insta::assert_snapshot!(hanoi_svg(towers, &Options::new().cell(16.0).labels(true)).unwrap());
    let moves = OptimalMoves::new(2).unwrap();
    let animation = hanoi_animation(
        Towers::new(2, 3).unwrap(),
        moves,
        &Options::new().cell(16.0),
    )
    .unwrap();
    insta::assert_snapshot!("hanoi_animation", animation.to_svg());
}
