//! Bad options and inputs give typed errors, never a panic.

use sokoengine_board::BoardGraph;
use sokoengine_geometry::Tessellation;
use sokoengine_hanoi::{Move, Towers};
use sokoengine_io::{Moves, ReplayError, ReplayOptions};
use sokoengine_render::{
    BoardPicture, Options, Playback, RenderError, board_svg, hanoi_animation, position_after,
    sun_animation, tilewe_animation,
};
use sokoengine_setting_sun::{Cell, Direction, Layout, Move as SunMove};

use crate::grid_puzzle;

#[test]
fn options_out_of_range() {
    let board = BoardGraph::parse(Tessellation::Sokoban, "#@$.#").unwrap();
    for cell in [0.0, -3.0, 3.9, 512.5, f64::NAN, f64::INFINITY] {
        let error = board_svg(&board, &Options::new().cell(cell)).unwrap_err();
        assert!(matches!(error, RenderError::CellSize { .. }), "{cell}");
    }
    assert_eq!(
        board_svg(&board, &Options::new().cell(2.0))
            .unwrap_err()
            .to_string(),
        "cell size 2 is out of range: expected 4 to 512 pixels"
    );
    let puzzle = grid_puzzle(Tessellation::Sokoban, &["#@$.#"]);
    let playback =
        Playback::new(&puzzle, &Moves::parse("R").unwrap(), ReplayOptions::new()).unwrap();
    for seconds in [0.0, -1.0, 61.0, f64::NAN] {
        assert!(matches!(
            playback.animation(&Options::new().frame_seconds(seconds)),
            Err(RenderError::FrameSeconds { .. })
        ));
    }
}

#[test]
fn boards_of_another_size() {
    let small = BoardGraph::parse(Tessellation::Sokoban, "#@$.#").unwrap();
    let large = BoardGraph::parse(Tessellation::Sokoban, "#@$.##").unwrap();
    let picture = BoardPicture::for_board(&small, &Options::new()).unwrap();
    assert_eq!(
        picture.board_svg(&large).unwrap_err().to_string(),
        "the board is 6x1, the picture was made for 5x1"
    );
    assert!(BoardPicture::new(Tessellation::Octoban, 4097, 1, &Options::new()).is_err());
    assert_eq!(
        BoardPicture::new(Tessellation::Sokoban, 2048, 1024, &Options::new())
            .unwrap_err()
            .to_string(),
        "the board has 2097152 cells, more than a picture may have (1048576)"
    );
    assert_eq!(picture.center(5), None);
}

#[test]
fn positions_beyond_the_moves_or_a_refused_step() {
    let puzzle = grid_puzzle(Tessellation::Sokoban, &["######", "#@$-.#", "######"]);
    let moves = Moves::parse("RRu").unwrap();
    assert_eq!(
        position_after(&puzzle, &moves, 4, ReplayOptions::new()).unwrap_err(),
        RenderError::StepOutOfRange {
            asked: 4,
            available: 3
        }
    );
    let error = position_after(&puzzle, &moves, 3, ReplayOptions::new()).unwrap_err();
    let RenderError::Replay(replay) = &error else {
        panic!("{error:?}");
    };
    assert_eq!(replay.step(), Some(2));
    assert_eq!(
        error.to_string(),
        "step 3: Pusher ID: 1 can't be placed in position 3 occupied by '#'"
    );
    // The letters must mean something in the tessellation.
    assert!(matches!(
        Playback::new(&puzzle, &Moves::parse("n").unwrap(), ReplayOptions::new()),
        Err(ReplayError::Step(_))
    ));
    // A lower-case step that pushes stops the playback there.
    let playback =
        Playback::new(&puzzle, &Moves::parse("rR").unwrap(), ReplayOptions::new()).unwrap();
    assert_eq!((playback.frame_count(), playback.steps_applied()), (1, 0));
    assert_eq!(playback.error().and_then(ReplayError::step), Some(0));
}

#[test]
fn illegal_moves_of_the_other_games() {
    let options = Options::new();
    let error = hanoi_animation(
        Towers::new(3, 3).unwrap(),
        [Move::new(0, 1), Move::new(0, 1)],
        &options,
    )
    .unwrap_err();
    assert!(
        matches!(error, RenderError::Move { index: 1, .. }),
        "{error}"
    );
    let layout = Layout::setting_sun();
    let error = sun_animation(
        &layout,
        &[SunMove::step(Cell::new(0, 0), Direction::Up)],
        None,
        &options,
    )
    .unwrap_err();
    assert!(
        matches!(error, RenderError::Move { index: 0, .. }),
        "{error}"
    );
    // A board set up without history animates as one frame with its tiles drawn.
    let board = sokoengine_tilewe::Board::new(2).unwrap();
    assert_eq!(tilewe_animation(&board, &options).unwrap().frame_count(), 1);
}

#[test]
#[cfg(feature = "png")]
fn a_picture_of_too_many_nodes_names_the_limit() {
    // Issue 45 item 11: the rasterizer's "nodes limit reached" named no number.
    let mut svg =
        String::from("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">");
    for _ in 0..=sokoengine_render::MAX_PNG_NODES {
        svg.push_str("<g/>");
    }
    svg.push_str("</svg>");
    let error = sokoengine_render::svg_to_png(&svg).unwrap_err();
    assert_eq!(error, RenderError::TooManyNodes { max: 1_000_000 });
    assert_eq!(
        error.to_string(),
        "the picture has more than 1000000 SVG nodes, more than the PNG rasterizer reads; \
         draw it as svg or html"
    );
}
