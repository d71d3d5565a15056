//! Snapshot of the error messages of every operation family (parse errors with
//! locations are snapshotted per fixture in `fixtures.rs`).

use sokoengine_board::{BoardCell, BoardGraph, Puzzle, rle};
use sokoengine_geometry::{Direction, Tessellation};

#[test]
fn error_messages() {
    let mut puzzle = Puzzle::parse(Tessellation::Sokoban, "#@$.#").expect("parses");
    let mut graph = BoardGraph::new(&puzzle).expect("small");
    let messages = [
        "ZOMG!".parse::<BoardCell>().unwrap_err().to_string(),
        BoardCell::from_char('W').unwrap_err().to_string(),
        puzzle.set(0, 'x').unwrap_err().to_string(),
        puzzle.set(5, '#').unwrap_err().to_string(),
        puzzle.try_get(99).unwrap_err().to_string(),
        puzzle.resize(1, 5000).unwrap_err().to_string(),
        puzzle.resize_and_center(5000, 1).unwrap_err().to_string(),
        graph.set_char(1, '?').unwrap_err().to_string(),
        graph.set_cell(5, BoardCell::WALL).unwrap_err().to_string(),
        graph
            .try_neighbor(7, Direction::Left)
            .unwrap_err()
            .to_string(),
        graph
            .positions_path_to_directions_path(&[0.into(), 2.into()])
            .unwrap_err()
            .to_string(),
        graph.shortest_path(0, 5).unwrap_err().to_string(),
        BoardGraph::from_cells(Tessellation::Sokoban, 2, 2, vec![BoardCell::WALL; 3])
            .unwrap_err()
            .to_string(),
        rle::encode("a1").unwrap_err().to_string(),
        rle::decode("2(ab").unwrap_err().to_string(),
        rle::decode_with_limit("9(9(9a))", 100)
            .unwrap_err()
            .to_string(),
        Puzzle::parse(Tessellation::Octoban, "#\n#\n#ZOMG")
            .unwrap_err()
            .to_string(),
    ];
    insta::assert_snapshot!(messages.join("\n"));
}
