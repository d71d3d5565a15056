//! Parses and prints a board of each tessellation: `cargo run --example boards`.
//!
//! Shows the Hexoban text layout (two text columns per hexagon, odd rows shifted),
//! Trioban and Octoban tile shapes, RLE printing, and a few `BoardGraph` queries.

use sokoengine::board::{BoardGraph, BoardPosition, Puzzle};
use sokoengine::geometry::{Direction, Tessellation, TileShape};

const BOARDS: [(Tessellation, &str); 4] = [
    (
        Tessellation::Sokoban,
        "  #####\n###   #\n#.@$  #\n### $.#\n#.##$ #\n# # . ##\n#$ *$$.#\n#   .  #\n########",
    ),
    // Hexoban written in "scheme 2" (odd rows one column further left); it prints in
    // the normal layout.
    (
        Tessellation::Hexoban,
        " # # # #\n# @ $ . #\n #     #\n  # # #",
    ),
    (
        Tessellation::Trioban,
        "#########\n#  . $  #\n# $@ .  #\n#   $ . #\n#########",
    ),
    (
        Tessellation::Octoban,
        "#######\n#.  $ #\n# @ * #\n# $  .#\n#######",
    ),
];

/// `1 box`, `2 boxes`.
fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for (tessellation, text) in BOARDS {
        let puzzle = Puzzle::parse(tessellation, text)?;
        let graph = BoardGraph::new(&puzzle)?;
        println!(
            "== {tessellation}: {}x{} cells, {}, {}, {}, {} graph edges",
            puzzle.width(),
            puzzle.height(),
            counted(puzzle.pusher_count(), "pusher", "pushers"),
            counted(puzzle.box_count(), "box", "boxes"),
            counted(puzzle.goal_count(), "goal", "goals"),
            graph.edge_count()
        );
        println!("{puzzle}");
        println!("-- RLE: {}", puzzle.to_board_str(true, true));
        if let Some(pusher) = (0..graph.size())
            .map(BoardPosition::new)
            .find(|&p| graph[p].has_pusher())
        {
            let reachable = graph.positions_reachable_by_pusher(pusher, &[])?;
            let moves: String = tessellation
                .legal_directions()
                .iter()
                .filter(|&&d| {
                    graph
                        .neighbor(pusher, d)
                        .is_some_and(|n| graph[n].can_put_pusher_or_box())
                })
                .map(|&d| tessellation.step_char(d, false))
                .collect::<Result<_, _>>()?;
            println!(
                "-- pusher at {pusher} ({}): reaches {} cells, free steps: {moves}",
                match puzzle.tile_shape(pusher) {
                    TileShape::TriangleDown => "triangle pointing down",
                    TileShape::Octagon => "octagon",
                    TileShape::Default => "default tile",
                },
                reachable.len()
            );
            match graph.neighbor(pusher, Direction::Right) {
                Some(cell) => println!("-- {} of the pusher: cell {cell}", Direction::Right),
                None => println!("-- {} of the pusher: off the board", Direction::Right),
            }
        }
        println!();
    }
    Ok(())
}
