//! The texts of every error family, snapshotted (the layout parser's are in the fixture
//! snapshot).

use std::fmt::Write as _;

use sokoengine_setting_sun::{
    Board, Cell, Direction, GoalError, Layout, Metric, Move, Path, Puzzle, Shape, SolveError,
};

#[test]
fn error_messages() {
    let mut report = String::new();
    let mut line = |text: String| writeln!(report, "{text}").expect("writing to a String");

    line(Board::new(0, 4).expect_err("empty").to_string());
    line(Board::new(9, 8).expect_err("too large").to_string());

    let start = Layout::setting_sun();
    let mut layout = start;
    line(
        layout
            .step(Cell::new(2, 0), Direction::Up)
            .expect_err("no piece")
            .to_string(),
    );
    line(
        layout
            .play(&Move::new(Cell::new(0, 0), Path::EMPTY))
            .expect_err("empty")
            .to_string(),
    );
    line(
        layout
            .step(Cell::new(0, 1), Direction::Down)
            .expect_err("blocked")
            .to_string(),
    );
    let back = Path::from_directions([Direction::Left, Direction::Right]).expect("short");
    line(
        layout
            .play(&Move::new(Cell::new(2, 1), back))
            .expect_err("no change")
            .to_string(),
    );
    assert_eq!(layout, start);

    line(
        layout
            .place(Shape::Sun, Cell::new(4, 0))
            .expect_err("off the board")
            .to_string(),
    );
    line(
        layout
            .place(Shape::Small, Cell::new(0, 0))
            .expect_err("overlap")
            .to_string(),
    );

    let empty: Layout = "..../..../....".parse().expect("valid");
    line(
        Puzzle::with_default_goal(empty)
            .expect_err("no sun")
            .to_string(),
    );
    line(
        Puzzle::new(start, Cell::new(4, 3))
            .expect_err("goal off the board")
            .to_string(),
    );
    let goal: GoalError = Puzzle::with_default_goal("s".parse().expect("valid")).expect_err("1x1");
    line(goal.to_string());

    let stuck: Layout = ".BB/sBB/vhh/v..".parse().expect("valid");
    let puzzle = Puzzle::with_default_goal(stuck).expect("has a sun");
    line(
        puzzle
            .solve(Metric::Step)
            .expect_err("unsolvable")
            .to_string(),
    );
    let wide = Puzzle::setting_sun();
    let limited: SolveError = wide.solve_with_limit(Metric::Step, 100).expect_err("limit");
    line(limited.to_string());

    line(
        Layout::from_compact_key(Board::new(5, 5).expect("25 cells"), 0)
            .expect_err("big")
            .to_string(),
    );
    line(
        Layout::from_compact_key(Board::CLASSIC, 1 << 62)
            .expect_err("extra bits")
            .to_string(),
    );
    line(
        Layout::from_compact_key(Board::new(1, 2).expect("2 cells"), 0o70)
            .expect_err("code")
            .to_string(),
    );
    line(
        Layout::from_compact_key(Board::new(1, 2).expect("2 cells"), 0o30)
            .expect_err("half")
            .to_string(),
    );
    line(
        "diagonal"
            .parse::<Metric>()
            .expect_err("unknown")
            .to_string(),
    );

    insta::assert_snapshot!(report);
}
