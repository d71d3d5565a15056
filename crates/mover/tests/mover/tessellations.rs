//! Moves in Hexoban, Trioban and Octoban: pushes follow the box's own cell geometry
//! (docs/rules.md#pushing-across-tile-shapes) and directions without a neighbour are "off
//! board" (docs/rules.md#forward-play).

use sokoengine_board::BoardGraph;
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_mover::{Mover, SolvingMode};

/// The cells of a rectangular grid (rows separated by '/') read in `tessellation`.
fn grid(tessellation: Tessellation, text: &str) -> BoardGraph {
    let plain = crate::support::graph(text);
    BoardGraph::from_cells(
        tessellation,
        plain.width(),
        plain.height(),
        plain.cells().to_vec(),
    )
    .expect("sizes agree")
}

#[test]
fn hexoban_diagonal_push_and_illegal_direction() {
    let board = grid(Tessellation::Hexoban, "#####/#@  #/# $ #/# . #/#####");
    let mut mover = Mover::new(board, SolvingMode::Forward).unwrap();
    assert_eq!(
        mover.try_move(Direction::Up).unwrap_err().to_string(),
        "Can't move pusher off board! (ID: 1, direction: Direction.UP)"
    );
    // (1,1) is in an odd row: south-east is (2,2); from there (even row) it is (2,3).
    mover.try_move(Direction::SouthEast).unwrap();
    assert_eq!(mover.last_move()[0].moved_box_id(), Some(1));
    assert!(mover.is_solved());
    mover.undo_last_move().unwrap();
    assert_eq!(mover.board_manager().box_position(1), Ok(12.into()));
    assert_eq!(mover.board_manager().pusher_position(1), Ok(6.into()));
}

#[test]
fn trioban_push_uses_the_box_cell_geometry() {
    // (2,1) points up: its north-east neighbour is (3,1), which points down, so the
    // box's north-east step leads to (3,0), a wall.
    let board = grid(Tessellation::Trioban, "######/# @$.#/######");
    let mut mover = Mover::new(board, SolvingMode::Forward).unwrap();
    assert_eq!(
        mover
            .try_move(Direction::NorthEast)
            .unwrap_err()
            .to_string(),
        "Box ID: 1 can't be placed in position 3 occupied by '#'"
    );
    mover.try_move(Direction::Right).unwrap();
    assert!(mover.is_solved());
}

#[test]
fn octoban_diagonals_only_from_octagons() {
    // (2,1) is a square: no diagonal neighbours. (1,1) is an octagon.
    let board = grid(Tessellation::Octoban, "######/# @$.#/######");
    let mut mover = Mover::new(board, SolvingMode::Forward).unwrap();
    assert_eq!(
        mover
            .try_move(Direction::NorthEast)
            .unwrap_err()
            .to_string(),
        "Can't move pusher off board! (ID: 1, direction: Direction.NORTH_EAST)"
    );
    mover.try_move(Direction::Left).unwrap();
    assert_eq!(
        mover
            .try_move(Direction::NorthEast)
            .unwrap_err()
            .to_string(),
        "Pusher ID: 1 can't be placed in position 2 occupied by '#'"
    );
    mover.try_move(Direction::Right).unwrap();
    mover.try_move(Direction::Right).unwrap();
    assert!(mover.is_solved());
}

#[test]
fn reverse_mode_in_every_tessellation() {
    for tessellation in Tessellation::ALL {
        let board = grid(tessellation, "#######/#@ $ .#/#######");
        let mut mover = Mover::new(board, SolvingMode::Reverse).unwrap();
        let positions = |mover: &Mover| {
            let m = mover.board_manager();
            (m.pusher_position(1), m.box_position(1), m.goal_position(1))
        };
        // Box and goal switched: box on 12, goal on 10.
        assert_eq!(
            positions(&mover),
            (Ok(8.into()), Ok(12.into()), Ok(10.into())),
            "{tessellation}"
        );
        mover.jump(11).unwrap();
        mover.try_move(Direction::Left).unwrap();
        assert_eq!(mover.pull_count(), 1, "{tessellation}");
        assert_eq!(
            positions(&mover),
            (Ok(10.into()), Ok(11.into()), Ok(10.into())),
            "{tessellation}"
        );
        mover.undo_last_move().unwrap();
        assert_eq!(mover.pull_count(), 0);
        assert_eq!(
            mover.state_hash(),
            mover.board_manager().recomputed_state_hash()
        );
    }
}
