//! Animations: every frame is the position the moves reach, the animated SVG starts on
//! the first frame, and its SMIL timing is well formed.

use sokoengine_board::Puzzle;
use sokoengine_geometry::Tessellation;
use sokoengine_io::{Moves, ReplayOptions};
use sokoengine_render::{
    Animation, BoardPicture, Options, Playback, RenderError, Theme, position_after,
};

use crate::{Raster, grid_puzzle};

/// Every frame of `moves` on `puzzle` looks exactly like the still picture of the
/// position after that frame's steps.
fn frames_match_positions(puzzle: &Puzzle, moves: &str, frame_steps: &[usize], options: &Options) {
    let moves = Moves::parse(moves).unwrap();
    let playback = Playback::new(puzzle, &moves, ReplayOptions::new()).unwrap();
    assert!(playback.error().is_none(), "{:?}", playback.error());
    assert_eq!(playback.frame_count(), frame_steps.len());
    let animation = playback.animation(options).unwrap();
    for (frame, &steps) in frame_steps.iter().enumerate() {
        let manager = position_after(puzzle, &moves, steps, ReplayOptions::new()).unwrap();
        let still = BoardPicture::for_board(manager.board(), options)
            .unwrap()
            .manager_svg(&manager)
            .unwrap();
        let drawn = Raster::new(&animation.frame_svg(frame).unwrap());
        assert!(
            drawn.same_pixels(&Raster::new(&still)),
            "{} frame {frame}",
            puzzle.tessellation()
        );
    }
    // Where animations do not run, the SVG shows the first frame.
    let animated = Raster::new(&animation.to_svg());
    assert!(animated.same_pixels(&Raster::new(&animation.frame_svg(0).unwrap())));
    check_timing(&animation);
}

/// Every `values` list has as many entries as its `keyTimes`, which rise from 0 to at
/// most 1.
fn check_timing(animation: &Animation) {
    let svg = animation.to_svg();
    let attribute = |element: &str, name: &str| -> String {
        let start = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        element[start..].split('"').next().unwrap().to_owned()
    };
    let mut animations = 0;
    for element in svg.split('<').filter(|e| e.starts_with("animate")) {
        animations += 1;
        let values = attribute(element, "values");
        let times: Vec<f64> = attribute(element, "keyTimes")
            .split(';')
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(values.split(';').count(), times.len(), "{element}");
        assert_eq!(times[0], 0.0);
        assert!(times.windows(2).all(|w| w[0] <= w[1]), "{element}");
        assert!(*times.last().unwrap() <= 1.0);
        assert!(attribute(element, "dur").ends_with('s'));
        assert_eq!(attribute(element, "repeatCount"), "indefinite");
    }
    assert!(animations > 0 || animation.frame_count() == 1);
}

#[test]
fn frames_are_the_positions_along_the_moves() {
    let options = Options::new().cell(24.0);
    let sokoban = grid_puzzle(
        Tessellation::Sokoban,
        &["#######", "#@$ . #", "#@$.  #", "#######"],
    );
    // Two pushers: the second one is selected by the path to it from the first.
    frames_match_positions(&sokoban, "RR{dll}Ru", &[0, 1, 2, 5, 6, 7], &options);
    let hexoban = grid_puzzle(
        Tessellation::Hexoban,
        &["######", "#@$ .#", "# $.  #", "######"],
    );
    frames_match_positions(
        &hexoban,
        "RR",
        &[0, 1, 2],
        &options.clone().theme(Theme::Dark),
    );
    let trioban = grid_puzzle(Tessellation::Trioban, &["########", "#@$  . #", "########"]);
    frames_match_positions(&trioban, "RRRR", &[0, 1, 2, 3, 4], &options);
    // Octoban pieces change size between octagons and squares.
    let octoban = grid_puzzle(Tessellation::Octoban, &["#######", "#@$ . #", "#######"]);
    frames_match_positions(&octoban, "RR", &[0, 1, 2], &options.clone().labels(true));
}

#[test]
fn reverse_play_with_jumps_is_one_frame_per_group() {
    let puzzle = grid_puzzle(Tessellation::Sokoban, &["#######", "#@ $ .#", "#######"]);
    // Reverse mode: boxes and goals switch; jump next to the box, then pull it.
    let moves = Moves::parse("[rrr]LL").unwrap();
    let playback = Playback::new(&puzzle, &moves, ReplayOptions::new()).unwrap();
    assert!(playback.error().is_none(), "{:?}", playback.error());
    assert_eq!((playback.frame_count(), playback.steps_applied()), (4, 5));
    let animation = playback.animation(&Options::new()).unwrap();
    check_timing(&animation);
    assert_eq!(
        animation.caption(3),
        Some("step 5 of 5: 3 moves, 2 pushes - solved")
    );
}

#[test]
fn the_html_page_is_self_contained() {
    let puzzle = grid_puzzle(Tessellation::Sokoban, &["######", "#@$-.#", "######"]);
    let playback =
        Playback::new(&puzzle, &Moves::parse("RR").unwrap(), ReplayOptions::new()).unwrap();
    let page = playback
        .animation(&Options::new())
        .unwrap()
        .to_html("<A & B>");
    assert!(page.contains("<title>&lt;A &amp; B&gt;</title>"));
    for external in [
        "src=",
        "http://www.w3.org/1999",
        "https:",
        "@import",
        "url(",
    ] {
        assert!(!page.contains(external), "{external}");
    }
    for control in [
        "id=\"play\"",
        "id=\"prev\"",
        "id=\"next\"",
        "id=\"slider\"",
        "id=\"counter\"",
    ] {
        assert!(page.contains(control), "{control}");
    }
    assert!(page.contains("CAPTIONS=[\"step 0 of 2: 0 moves, 0 pushes\","));
}

/// A writer that fails after `room` bytes, as a full disk does.
struct Full {
    room: usize,
}

impl std::io::Write for Full {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.room == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "full"));
        }
        let taken = buf.len().min(self.room);
        self.room -= taken;
        Ok(taken)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn animations_are_written_a_piece_at_a_time() {
    // Issue 45 item 5: a long animation of a large board was built whole in memory
    // (twice for HTML) before a byte was written.
    let puzzle = grid_puzzle(
        Tessellation::Sokoban,
        &["########", "#@ $ $.#", "#    . #", "########"],
    );
    let moves = Moves::parse("rRddrrUUlluurrdd").unwrap();
    let playback = Playback::new(&puzzle, &moves, ReplayOptions::new()).unwrap();
    let animation = playback.animation(&Options::new()).unwrap();
    let mut svg = Vec::new();
    animation.write_svg(&mut svg).unwrap();
    assert_eq!(String::from_utf8(svg).unwrap(), animation.to_svg());
    let mut html = Vec::new();
    animation.write_html("Title", &mut html).unwrap();
    assert_eq!(String::from_utf8(html).unwrap(), animation.to_html("Title"));
    // A writer's error comes back as it is.
    let error = animation
        .write_html("Title", &mut Full { room: 1000 })
        .unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::StorageFull);
}

#[test]
fn a_frame_limit_is_checked_before_the_replay() {
    // 16 Mi steps of moves would once be replayed, and every box's position kept for
    // every frame, before the frames were counted.
    let puzzle = grid_puzzle(Tessellation::Sokoban, &["#######", "#@ $ .#", "#######"]);
    let moves = Moves::parse("8000000(rl)").unwrap();
    let error = Playback::with_frame_limit(&puzzle, &moves, ReplayOptions::new(), 65_536);
    assert_eq!(
        error.unwrap_err(),
        RenderError::TooManyFrames {
            frames: 16_000_001,
            max: 65_536
        }
    );
    // Groups of jumps count as one frame, as they play.
    let moves = Moves::parse("[ll]RR").unwrap();
    let limited = Playback::with_frame_limit(&puzzle, &moves, ReplayOptions::new(), 4).unwrap();
    let plain = Playback::new(&puzzle, &moves, ReplayOptions::new()).unwrap();
    assert_eq!(limited.frame_count(), plain.frame_count());
    assert!(Playback::with_frame_limit(&puzzle, &moves, ReplayOptions::new(), 3).is_err());
}
