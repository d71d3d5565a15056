//! Draws the pictures of the README and docs/guide.md: a board of each tessellation, an
//! animated solution, a Tilewe position, Setting Sun and Tower of Hanoi, as SVG files in
//! `docs/pictures` (or the folder given): `cargo run --example pictures [DIR]`.
//!
//! `tests/pictures.rs` draws the same pictures and fails when the committed files differ,
//! so the documents never show stale output.

use sokoengine::board::Puzzle;
use sokoengine::geometry::Tessellation;
use sokoengine::hanoi::Towers;
use sokoengine::io::{Moves, ReplayOptions};
use sokoengine::render::{Options, Playback, Theme, hanoi_svg, puzzle_svg, sun_svg, tilewe_svg};
use sokoengine::setting_sun::Puzzle as SunPuzzle;
use sokoengine::tilewe::Board;

/// Levels made for these pictures (Hexoban in its text layout: two text columns per
/// hexagon, odd rows shifted).
const BOARDS: [(&str, Tessellation, &str); 4] = [
    (
        "sokoban.svg",
        Tessellation::Sokoban,
        "  ######\n  #    ###\n###.##$  #\n# .$  @  #\n# #*  #  #\n#   ### .#\n###   $  #\n  ########",
    ),
    (
        "hexoban.svg",
        Tessellation::Hexoban,
        "    # # # # #\n   #   .     #\n  #   $ # $   #\n # . # @   *   #\n  #   $     . #\n   # # #   # #\n        # # #",
    ),
    (
        "trioban.svg",
        Tessellation::Trioban,
        "  #########\n ###  .   ##\n##  $ # $  ##\n#  . @* .   #\n##  $   #  ##\n ##########",
    ),
    (
        "octoban.svg",
        Tessellation::Octoban,
        "#########\n#   .   #\n# $ # $ #\n#. @*  .#\n# $   # #\n#########",
    ),
];

/// A small level and its solution, for the animated picture.
const SOLVED: &str = "########\n#.   $ #\n#  $  @#\n#.   ###\n######";
const SOLUTION: &str = "uLLLLrDrdLL";

/// Every picture: file name and SVG text.
pub fn pictures() -> Result<Vec<(&'static str, String)>, Box<dyn std::error::Error>> {
    let options = Options::new().cell(36.0);
    let mut pictures = Vec::new();
    for (name, tessellation, text) in BOARDS {
        let puzzle = Puzzle::parse(tessellation, text)?;
        pictures.push((name, puzzle_svg(&puzzle, &options)?));
    }
    let puzzle = Puzzle::parse(Tessellation::Sokoban, SOLVED)?;
    let playback = Playback::new(&puzzle, &Moves::parse(SOLUTION)?, ReplayOptions::new())?;
    if let Some(error) = playback.error() {
        return Err(error.clone().into());
    }
    if !playback.is_solved() {
        return Err("the solution does not solve its level".into());
    }
    let animation = playback.animation(&options.clone().frame_seconds(0.4))?;
    pictures.push(("solution.svg", animation.to_svg()));

    // A Tilewe game after 36 plies, each move picked from the legal ones by a fixed rule.
    let mut board = Board::new(4)?;
    for ply in 0..36 {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        board.push(moves[(ply * 7919 + 13) % moves.len()])?;
    }
    let tilewe = Options::new().cell(18.0).labels(true);
    pictures.push(("tilewe.svg", tilewe_svg(&board, &tilewe)?));

    let sun = SunPuzzle::setting_sun();
    let dark = Options::new().cell(48.0).theme(Theme::Dark);
    pictures.push((
        "setting-sun.svg",
        sun_svg(sun.start(), Some(sun.goal()), &dark)?,
    ));
    let towers = Towers::from_towers(&[vec![0, 3, 4], vec![1, 2], vec![5]])?;
    let hanoi = Options::new().cell(24.0).labels(true);
    pictures.push(("hanoi.svg", hanoi_svg(towers, &hanoi)?));
    Ok(pictures)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pictures"));
    std::fs::create_dir_all(&dir)?;
    for (name, svg) in pictures()? {
        let path = dir.join(name);
        sokoengine::io::atomic::write_atomically(&path, svg.as_bytes())?;
        println!("{} ({} bytes)", path.display(), svg.len());
    }
    Ok(())
}
