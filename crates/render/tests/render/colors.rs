//! The colour at the centre of every cell of a rasterized board is the colour of what
//! the board text says is there: one board of each tessellation, both themes.

use sokoengine_board::{BoardCell, BoardGraph, Puzzle};
use sokoengine_geometry::Tessellation;
use sokoengine_mover::BoardManager;
use sokoengine_render::{BoardPicture, Highlight, Options, Palette, Rgb, Theme};

use crate::{Raster, grid_puzzle};

/// Boards with every kind of cell: walls, floor, goals, boxes and pushers on and off
/// goals, and floor outside the walls.
fn boards() -> Vec<Puzzle> {
    vec![
        grid_puzzle(
            Tessellation::Sokoban,
            &[
                "    #####  ",
                " ####   #  ",
                " #  $ * #  ",
                "##@ .  ### ",
                "# $$ +   # ",
                "#  .  .  # ",
                "##########-",
            ],
        ),
        grid_puzzle(
            Tessellation::Hexoban,
            &[
                "  ####  ", " #  . # ", "# @$ * #", "#  $+. #", " # .$  #", " ###### ",
            ],
        ),
        grid_puzzle(
            Tessellation::Trioban,
            &[
                "  ######  ",
                " ##  .  # ",
                "#  $@ *  #",
                "# .$  + .#",
                "# $ .$   #",
                "##########",
            ],
        ),
        grid_puzzle(
            Tessellation::Octoban,
            &[
                " #######", " #.  $ #", "## @ * #", "# $$ +.#", "#  .   #", "########",
            ],
        ),
    ]
}

/// What the centre of `cell` shows.
fn expected(cell: BoardCell, in_play_area: bool, palette: &Palette) -> Rgb {
    match (
        cell.is_wall(),
        cell.has_box(),
        cell.has_pusher(),
        cell.has_goal(),
    ) {
        (true, ..) => palette.wall,
        (_, true, _, false) => palette.box_,
        (_, true, _, true) => palette.box_on_goal,
        (_, _, true, false) => palette.pusher,
        (_, _, true, true) => palette.pusher_on_goal,
        (.., true) => palette.goal,
        _ if in_play_area => palette.floor,
        _ => palette.background,
    }
}

fn check(puzzle: &Puzzle, options: &Options) {
    let mut graph = BoardGraph::new(puzzle).unwrap();
    let manager = BoardManager::new(graph.clone());
    let picture = BoardPicture::for_board(&graph, options).unwrap();
    let raster = Raster::new(&picture.manager_svg(&manager).unwrap());
    assert_eq!(
        raster.size(),
        (
            picture.width().ceil() as u32,
            picture.height().ceil() as u32
        )
    );
    graph.mark_play_area();
    let palette = options.palette();
    let mut kinds = std::collections::BTreeSet::new();
    for position in 0..puzzle.size() {
        let text = puzzle.get(position).unwrap();
        let cell = BoardCell::from_char(text).unwrap();
        let want = expected(cell, graph[position].is_in_playable_area(), palette);
        kinds.insert(want.to_string());
        let center = picture.center(position).unwrap();
        assert_eq!(
            raster.at(center.x, center.y),
            want,
            "{} position {position} ('{text}') at ({}, {}), {:?}",
            puzzle.tessellation(),
            center.x,
            center.y,
            options.theme
        );
    }
    assert_eq!(
        kinds.len(),
        8,
        "{}: not every kind of cell",
        puzzle.tessellation()
    );
}

#[test]
fn every_cell_centre_shows_its_contents() {
    for puzzle in boards() {
        for theme in Theme::ALL {
            for (cell, labels) in [(32.0, false), (21.0, true)] {
                check(
                    &puzzle,
                    &Options::new().cell(cell).theme(theme).labels(labels),
                );
            }
        }
    }
}

#[test]
fn highlights_tint_the_cells_they_name() {
    for puzzle in boards() {
        let graph = BoardGraph::new(&puzzle).unwrap();
        // The pusher's reachable area, as a caller would highlight it.
        let pusher = (0..puzzle.size()).find(|&p| graph[p].has_pusher()).unwrap();
        let reachable = graph.positions_reachable_by_pusher(pusher, &[]).unwrap();
        let tint = Rgb::from_hex(0x00a0ff);
        let options =
            Options::new().highlight(Highlight::new(tint, reachable.iter().copied()).opacity(0.5));
        let picture = BoardPicture::for_board(&graph, &options).unwrap();
        let raster = Raster::new(&picture.board_svg(&graph).unwrap());
        let palette = options.palette();
        for &position in &reachable {
            if !graph[position].is_empty_floor() {
                continue;
            }
            let center = picture.center(position).unwrap();
            let want = palette.floor.mix(tint, 0.5);
            let got = raster.at(center.x, center.y);
            for (a, b) in [(got.r, want.r), (got.g, want.g), (got.b, want.b)] {
                assert!(
                    a.abs_diff(b) <= 2,
                    "{}: {got} vs {want}",
                    puzzle.tessellation()
                );
            }
        }
    }
}

#[test]
fn sokoban_plus_boxes_count_as_placed_only_on_their_goals() {
    let mut puzzle = grid_puzzle(Tessellation::Sokoban, &["#######", "#@**  #", "#######"]);
    puzzle.boxorder = "1 2".into();
    puzzle.goalorder = "2 1".into();
    let mut manager = BoardManager::from_puzzle(&puzzle).unwrap();
    let options = Options::new();
    let picture = BoardPicture::for_board(manager.board(), &options).unwrap();
    let palette = options.palette();
    // Plus IDs drawn on the boxes hide the centre: look beside the digits.
    let beside = |raster: &Raster, position: usize| {
        let center = picture.center(position).unwrap();
        raster.at(center.x - 9.0, center.y + 9.0)
    };
    let raster = Raster::new(&picture.manager_svg(&manager).unwrap());
    assert_eq!(beside(&raster, 9), palette.box_on_goal);
    manager.enable_sokoban_plus().unwrap();
    let raster = Raster::new(&picture.manager_svg(&manager).unwrap());
    assert_eq!(beside(&raster, 9), palette.box_);
    assert_eq!(beside(&raster, 10), palette.box_);
}
