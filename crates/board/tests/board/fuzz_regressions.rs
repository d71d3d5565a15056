//! Inputs found by the fuzz targets (`fuzz/`), kept as regression tests.

use sokoengine_board::Puzzle;
use sokoengine_geometry::Tessellation;

#[test]
fn a_lone_hexoban_floor_is_an_empty_board() {
    // board_parse: `-66|6||` (a lone floor after RLE) parsed as a Hexoban board 0 cells
    // wide and 1 row high, printed as "", which reads as 0x0.
    for text in ["-66|6||", "-", "_"] {
        let puzzle = Puzzle::parse(Tessellation::Hexoban, text).expect("parses");
        assert_eq!(
            (puzzle.width(), puzzle.height(), puzzle.size()),
            (0, 0, 0),
            "{text:?}"
        );
    }
}
