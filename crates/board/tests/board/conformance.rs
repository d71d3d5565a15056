//! sokoenginepy's conformance examples of boards, graphs and RLE (the rules:
//! docs/formats.md, docs/rules.md#boards-and-graphs).

use sokoengine_board::{BoardGraph, BoardPosition, Edge, GraphError, Puzzle};
use sokoengine_geometry::{Direction, Direction::*, Tessellation};

const BOARD_A: &str = "\
----#####----------
----#--@#----------
----#$--#----------
--###--$##---------
--#--$-$-#---------
###-#-##-#---######
#---#-##-#####--..#
#-$--$----------..#
#####-###-#@##--..#
----#-----#########
----#######--------";

fn board_a() -> BoardGraph {
    BoardGraph::parse(Tessellation::Sokoban, BOARD_A).expect("board A parses")
}

const fn at(x: usize, y: usize) -> BoardPosition {
    BoardPosition::from_xy(x, y, 19)
}

/// Positions of plain indices.
fn positions(indices: &[usize]) -> Vec<BoardPosition> {
    indices.iter().copied().map(BoardPosition::new).collect()
}

#[test]
fn board_a_graph() {
    let graph = board_a();
    assert_eq!((graph.width(), graph.height()), (19, 11));
    assert_eq!(graph.edge_count(), 776);
    let pushers: Vec<usize> = (0..graph.size())
        .filter(|&p| graph[p].has_pusher())
        .collect();
    assert_eq!(pushers, [26, 163]);
    let boxes: Vec<usize> = (0..graph.size()).filter(|&p| graph[p].has_box()).collect();
    assert_eq!(boxes, [43, 64, 81, 83, 135, 138]);
    let goals: Vec<usize> = (0..graph.size()).filter(|&p| graph[p].has_goal()).collect();
    assert_eq!(goals, [130, 131, 149, 150, 168, 169]);
    // Example 2.
    assert_eq!(graph.normalized_pusher_position(26, &[]), Ok(at(5, 1)));
    assert_eq!(graph.normalized_pusher_position(163, &[]), Ok(at(8, 4)));
    // Example 3.
    let mut walls = graph.wall_neighbor_directions(163).expect("on board");
    walls.sort();
    assert_eq!(walls, [Right, Down, Left]);
    // Example 4.
    let path = [at(7, 1), at(6, 1), at(6, 2), at(6, 3), at(6, 4), at(5, 4)];
    assert_eq!(
        graph.positions_path_to_directions_path(&path),
        Ok(vec![Left, Down, Down, Down, Left])
    );
}

fn assert_three_up_three_left(graph: &BoardGraph, path: &[BoardPosition]) {
    assert_eq!(path.len(), 7, "{path:?}");
    assert_eq!((path[0], path[6]), (at(11, 8), at(8, 5)));
    let mut directions = graph
        .positions_path_to_directions_path(path)
        .expect("adjacent steps");
    directions.sort();
    assert_eq!(directions, [Up, Up, Up, Left, Left, Left]);
}

#[test]
fn board_a_paths() {
    let graph = board_a();
    // Example 5.
    let jump = graph.find_jump_path(at(11, 8), at(8, 5)).expect("on board");
    assert_three_up_three_left(&graph, &jump);
    let moves = graph.find_move_path(at(11, 8), at(8, 5)).expect("on board");
    assert_three_up_three_left(&graph, &moves);
    assert_eq!(graph.find_move_path(at(11, 8), 0), Ok(vec![]));
    assert_eq!(
        graph.shortest_path(at(11, 8), at(11, 8)),
        Ok(vec![at(11, 8)])
    );
    assert_eq!(
        graph.find_move_path(at(11, 8), 500),
        Err(GraphError::PositionOutOfRange {
            position: BoardPosition::new(500)
        })
    );
    // Example 6.
    assert_eq!(
        graph.path_destination(at(11, 8), &[Up, Right]),
        Ok(at(12, 7))
    );
    assert_eq!(
        graph.path_destination(at(11, 8), &[Down, Down, Down]),
        Ok(at(11, 10))
    );
    assert_eq!(
        graph.path_destination(at(11, 8), &[Down, NorthWest]),
        Ok(at(11, 9))
    );
    assert_eq!(
        graph.path_destination(209, &[]).unwrap_err().to_string(),
        "Board position 209 is out of range!"
    );
}

#[test]
fn reachability_example_10() {
    let graph = BoardGraph::parse(
        Tessellation::Sokoban,
        "#######\n#.$  @#\n# # ###\n#   #  \n#####  ",
    )
    .expect("parses");
    let at = |x: usize, y: usize| BoardPosition::from_xy(x, y, 7);
    let full = [
        at(5, 1),
        at(4, 1),
        at(3, 1),
        at(3, 2),
        at(3, 3),
        at(2, 3),
        at(1, 3),
        at(1, 2),
        at(1, 1),
    ];
    assert_eq!(
        graph.positions_reachable_by_pusher(at(5, 1), &[]),
        Ok(full.to_vec())
    );
    assert_eq!(
        graph.positions_reachable_by_pusher(at(4, 1), &[]),
        Ok(full[1..].to_vec())
    );
    let excluded = [
        at(3, 3),
        at(2, 3),
        at(1, 3),
        at(1, 2),
        at(1, 1),
        BoardPosition::new(usize::MAX),
        BoardPosition::new(42000),
    ];
    assert_eq!(
        graph.positions_reachable_by_pusher(at(5, 1), &excluded),
        Ok(vec![at(5, 1), at(4, 1), at(3, 1), at(3, 2)])
    );
    assert_eq!(
        graph.normalized_pusher_position(at(5, 1), &[]),
        Ok(at(1, 1))
    );
    assert_eq!(
        graph.normalized_pusher_position(at(4, 1), &[at(1, 1)]),
        Ok(at(3, 1))
    );
    // A start excluded itself is not reported; a fully excluded search normalises to
    // the start.
    assert_eq!(
        graph
            .positions_reachable_by_pusher(at(4, 1), &[at(4, 1)])
            .map(|v| v[0]),
        Ok(at(3, 1))
    );
    assert_eq!(
        graph.normalized_pusher_position(at(0, 0), &[at(0, 0)]),
        Ok(at(0, 0))
    );
    assert!(graph.positions_reachable_by_pusher(35, &[]).is_err());
}

#[test]
fn play_area_example_11_and_walls_example_12() {
    let mut graph = BoardGraph::parse(
        Tessellation::Sokoban,
        "#######\n#.$# @#\n#######\n#     #\n#######",
    )
    .expect("parses");
    graph.mark_play_area();
    let marked: Vec<usize> = (0..graph.size())
        .filter(|&p| graph[p].is_in_playable_area())
        .collect();
    assert_eq!(marked, [8, 9, 11, 12]);
    let graph =
        BoardGraph::parse(Tessellation::Sokoban, "#######\n#.$# @#\n#######").expect("parses");
    let walls = graph.wall_neighbors(0).expect("on board");
    assert!(walls.contains(&7.into()) && walls.contains(&1.into()));
    // The neighbour is tested, not the source (reference bug 15).
    assert_eq!(graph.wall_neighbors(12), Ok(positions(&[13, 5, 19])));
}

fn edges(graph: &BoardGraph, source: usize) -> Vec<(usize, usize, Direction)> {
    graph
        .out_edges(source)
        .expect("on board")
        .into_iter()
        .map(
            |Edge {
                 source,
                 target,
                 direction,
             }| (source.index(), target.index(), direction),
        )
        .collect()
}

#[test]
fn small_graphs_examples_13_to_15() {
    let sokoban =
        BoardGraph::new(&Puzzle::new(Tessellation::Sokoban, 2, 2).expect("size")).expect("size");
    assert_eq!(sokoban.edge_count(), 8);
    assert_eq!(edges(&sokoban, 0), [(0, 1, Right), (0, 2, Down)]);
    assert_eq!(
        sokoban.out_edges(4).unwrap_err().to_string(),
        "Board position 4 is out of range!"
    );
    let trioban =
        BoardGraph::new(&Puzzle::new(Tessellation::Trioban, 2, 2).expect("size")).expect("size");
    assert_eq!(trioban.edge_count(), 12);
    assert_eq!(edges(&trioban, 0), [(0, 1, Right), (0, 1, SouthEast)]);
    assert_eq!(
        edges(&trioban, 1),
        [
            (1, 0, Left),
            (1, 0, NorthWest),
            (1, 3, SouthEast),
            (1, 3, SouthWest)
        ]
    );
    assert_eq!(edges(&trioban, 2), [(2, 3, Right), (2, 3, NorthEast)]);
    assert_eq!(
        edges(&trioban, 3),
        [
            (3, 2, Left),
            (3, 1, NorthEast),
            (3, 1, NorthWest),
            (3, 2, SouthWest)
        ]
    );
    assert_eq!(
        trioban.positions_path_to_directions_path(&positions(&[0, 1])),
        Ok(vec![Right])
    );
    assert_eq!(
        trioban.positions_path_to_directions_path(&positions(&[1, 3])),
        Ok(vec![SouthEast])
    );
    assert_eq!(
        trioban.positions_path_to_directions_path(&positions(&[0, 3])),
        Err(GraphError::NotAdjacent {
            from: BoardPosition::new(0),
            to: BoardPosition::new(3)
        })
    );
    assert_eq!(trioban.all_neighbors(1), Ok(positions(&[0, 3])));
    for (tessellation, expected) in Tessellation::ALL.into_iter().zip([80, 112, 120, 112]) {
        let graph = BoardGraph::new(&Puzzle::new(tessellation, 5, 5).expect("size")).expect("size");
        assert_eq!(graph.edge_count(), expected, "{tessellation}");
    }
}

#[test]
fn trioban_out_edges_keep_creation_order() {
    // Reference bug 20: cell (2,2) of a 5×5 board lists its edges in legal order.
    let graph =
        BoardGraph::new(&Puzzle::new(Tessellation::Trioban, 5, 5).expect("size")).expect("size");
    let directions: Vec<Direction> = edges(&graph, 12).into_iter().map(|e| e.2).collect();
    assert_eq!(
        directions,
        [Left, Right, NorthEast, NorthWest, SouthEast, SouthWest]
    );
}

#[test]
fn parsing_examples_27_to_32() {
    let puzzle = Puzzle::parse(Tessellation::Sokoban, "--3#|3#-#|#pb.#|5#").expect("parses");
    assert_eq!(puzzle.to_string(), "  ###\n### #\n#pb.#\n#####");
    assert_eq!(
        BoardGraph::new(&puzzle).expect("size").to_string(),
        "  ###\n### #\n#@$.#\n#####"
    );
    assert_eq!(puzzle.to_board_str(false, true), "2 3#|3# #|#pb.#|5#");

    let puzzle = Puzzle::parse(
        Tessellation::Sokoban,
        "#######\n#pm PM#\n#   Bb#\n#-_obb#\n#######",
    )
    .expect("parses");
    assert_eq!((puzzle.width(), puzzle.height()), (7, 5));
    assert_eq!(
        (
            puzzle.pusher_count(),
            puzzle.box_count(),
            puzzle.goal_count()
        ),
        (4, 4, 4)
    );
    assert_eq!(puzzle.get(7 * 3 + 2), Some('_'));
    assert_eq!(puzzle.get(7 * 3 + 1), Some('-'));
    assert_eq!(
        BoardGraph::new(&puzzle).expect("size").to_string(),
        "#######\n#@@ ++#\n#   *$#\n#  .$$#\n#######"
    );

    assert_eq!(
        Puzzle::parse(Tessellation::Sokoban, "ZOMG!")
            .unwrap_err()
            .to_string(),
        "Invalid characters in board string!"
    );

    let puzzle = Puzzle::parse(Tessellation::Sokoban, "#3$3.@#").expect("parses");
    assert_eq!(puzzle.to_string(), "#$$$...@#");
    assert_eq!(
        (
            puzzle.pusher_count(),
            puzzle.box_count(),
            puzzle.goal_count()
        ),
        (1, 3, 3)
    );

    let text = " # # #\n# @ $ #\n # . #\n  # #";
    let hexoban = Puzzle::parse(Tessellation::Hexoban, text).expect("parses");
    assert_eq!((hexoban.width(), hexoban.height()), (4, 4));
    assert_eq!(hexoban.as_bytes(), b"-####@$#-#.#-##-");
    assert_eq!(
        hexoban.to_board_str(false, true),
        "3 # # # |2 # @ $ #|3 # . # |4 # #2 "
    );
    assert_eq!(
        BoardGraph::new(&hexoban).expect("size").to_string(),
        "   # # # \n  # @ $ #\n   # . # \n    # #  "
    );
}

#[test]
fn hexoban_printing_round_trips_reference_bug_23() {
    for text in ["#-#-#", "#", "#--", "-#-#-#", "- - -\n  # #", "-----\n--#"] {
        let puzzle = Puzzle::parse(Tessellation::Hexoban, text).expect("parses");
        let printed = puzzle.to_board_str(true, false);
        let again = Puzzle::parse(Tessellation::Hexoban, &printed).expect("reparses");
        assert_eq!(
            again.as_bytes(),
            puzzle.as_bytes(),
            "{text:?} printed {printed:?}"
        );
    }
    let one_row = Puzzle::parse(Tessellation::Hexoban, "#-#-#").expect("parses");
    assert_eq!(one_row.width(), 3);
    assert_eq!(one_row.to_board_str(true, false), "-#-#-#");
    let single = Puzzle::parse(Tessellation::Hexoban, "#").expect("parses (reference bug 19)");
    assert_eq!((single.width(), single.height()), (1, 1));
}

#[test]
fn puzzle_editing_examples() {
    let mut puzzle = Puzzle::parse(Tessellation::Sokoban, "#@#\n#.#").expect("parses");
    assert_eq!(
        puzzle.try_get(6).unwrap_err().to_string(),
        "Board position 6 is out of range!"
    );
    puzzle.set(1, ' ').expect("floor is a board character");
    assert_eq!(puzzle.get(1), Some('-'));
    assert_eq!(
        puzzle.set(1, '\t').unwrap_err().to_string(),
        "'\t' is not a board character!"
    );
    puzzle.set(1, 'P').expect("board character");
    assert_eq!(puzzle.to_string(), "#P#\n#.#");
    assert_eq!((puzzle.pusher_count(), puzzle.goal_count()), (1, 2));
    puzzle.add_row_top();
    puzzle.add_column_left();
    puzzle.add_column_right();
    puzzle.add_row_bottom();
    assert_eq!(
        puzzle.to_board_str(true, false),
        "-----\n-#P#-\n-#.#-\n-----"
    );
    puzzle.trim();
    assert_eq!(puzzle.to_board_str(true, false), "#P#\n#.#");
    puzzle.reverse_rows();
    assert_eq!(puzzle.to_string(), "#.#\n#P#");
    puzzle.resize(4, 3).expect("within limits");
    assert_eq!(puzzle.to_board_str(true, false), "#.#-\n#P#-\n----");
    puzzle.resize_and_center(7, 6).expect("within limits");
    assert_eq!((puzzle.width(), puzzle.height()), (7, 6));
    assert_eq!(puzzle.get(7 + 1), Some('#'));
    puzzle.resize_and_center(2, 2).expect("never shrinks");
    assert_eq!((puzzle.width(), puzzle.height()), (7, 6));
    assert_eq!(
        puzzle.resize(4097, 1).unwrap_err().to_string(),
        "Puzzle width 4097 must be <= Config.MAX_WIDTH!"
    );
    for _ in 0..6 {
        puzzle.remove_row_bottom();
    }
    assert_eq!((puzzle.width(), puzzle.height(), puzzle.size()), (0, 0, 0));
    let mut open = Puzzle::parse(Tessellation::Sokoban, "@ $ .").expect("parses");
    open.trim_left();
    assert_eq!(
        open.size(),
        0,
        "no border element at all: removed completely"
    );
    let mut plus = Puzzle::parse(Tessellation::Sokoban, "#").expect("parses");
    assert!(!plus.has_sokoban_plus());
    plus.boxorder = "1 2".into();
    assert!(plus.has_sokoban_plus());
}

#[test]
fn hexoban_layout_errors_name_the_line_of_the_text_as_given() {
    use sokoengine_board::BoardParseError;
    let error = Puzzle::parse(Tessellation::Hexoban, "\r\n\n # # #\n# @  $ #").unwrap_err();
    assert_eq!(error, BoardParseError::HexobanLayout { line: 4, column: 6 });
    assert_eq!(error.location(), Some((4, 6)));
}

/// Minimal cases where an earlier version differed from sokoenginepy 1.0.3.
#[test]
fn reference_minimal_cases() {
    let graph = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####").expect("parses");
    // A lone off-board position is an error, as in a longer path.
    assert_eq!(
        graph.positions_path_to_directions_path(&positions(&[42000])),
        Err(GraphError::PositionOutOfRange {
            position: BoardPosition::new(42000)
        })
    );
    assert_eq!(
        graph.positions_path_to_directions_path(&positions(&[6])),
        Ok(vec![])
    );
    assert_eq!(graph.positions_path_to_directions_path(&[]), Ok(vec![]));
    // Trioban: the wall left of (1,0) is reached through two edges and listed once.
    let trioban = BoardGraph::parse(Tessellation::Trioban, "#-").expect("parses");
    assert_eq!(trioban.wall_neighbors(1), Ok(positions(&[0])));
    assert_eq!(
        trioban.wall_neighbor_directions(1),
        Ok(vec![Left, NorthWest])
    );
}
