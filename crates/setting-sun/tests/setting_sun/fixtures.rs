//! The repository's own fixtures (`fixtures/setting-sun/`): layout pictures for the parser
//! (snapshotted) and small puzzles solved under every metric, cross-checked against the
//! rules crate's generic breadth-first search.

use std::fmt::Write as _;

use sokoengine_rules::{Rules, Search, SearchError};
use sokoengine_setting_sun::{
    Cell, Layout, Metric, Puzzle, SettingSunRules, SolveError, SunPosition,
};

fn fixture_lines(name: &str) -> Vec<String> {
    let path = sokoengine_testkit::fixture(&format!("setting-sun/{name}"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            if line == "<empty>" {
                String::new()
            } else {
                line.to_owned()
            }
        })
        .collect()
}

#[test]
fn layout_pictures() {
    let mut report = String::new();
    for picture in fixture_lines("layouts.txt") {
        let result = match Layout::parse(&picture) {
            Ok(layout) => {
                let counts = sokoengine_setting_sun::Shape::ALL.map(|shape| layout.count(shape));
                // Printing gives the picture back (rows joined by '/').
                assert_eq!(layout.to_string(), picture);
                format!(
                    "ok {}x{} s/v/h/B={counts:?} key={:?}",
                    layout.board().height(),
                    layout.board().width(),
                    layout.compact_key()
                )
            }
            Err(error) => format!("error: {error}\n    {error:?}"),
        };
        writeln!(report, "{picture:?}\n    {result}").expect("writing to a String");
    }
    insta::assert_snapshot!(report);
}

fn puzzle_of(line: &str) -> Puzzle {
    let (picture, goal) = line.split_once(' ').expect("picture and goal");
    let layout: Layout = picture.parse().expect("fixture puzzles are valid");
    if goal == "default" {
        Puzzle::with_default_goal(layout).expect("has a sun")
    } else {
        let (row, column) = goal.split_once(',').expect("row,column");
        let cell = Cell::new(
            row.parse().expect("row number"),
            column.parse().expect("column number"),
        );
        Puzzle::new(layout, cell).expect("valid goal")
    }
}

#[test]
fn small_puzzles_agree_with_the_generic_search() {
    let mut report = String::new();
    for line in fixture_lines("puzzles.txt") {
        let puzzle = puzzle_of(&line);
        write!(report, "{line}:").expect("writing to a String");
        for metric in Metric::ALL {
            let rules = SettingSunRules::new(puzzle, metric);
            let generic = Search::by_key(&rules, |p: &SunPosition| *p.layout().state())
                .bfs(&rules.first_position());
            match (puzzle.solve(metric), generic) {
                (Ok(solution), Ok(path)) => {
                    assert_eq!(solution.len(), path.len(), "{line} under {metric}");
                    let end = solution.replay().expect("legal moves");
                    assert!(puzzle.is_solved(&end));
                    assert!(solution.moves().iter().all(|mv| mv.cost(metric) == 1));
                    write!(report, " {metric} {}", solution.len()).expect("writing");
                }
                (Err(SolveError::Unsolvable { .. }), Err(SearchError::NoSolution)) => {
                    write!(report, " {metric} unsolvable").expect("writing");
                }
                (ours, theirs) => panic!("{line} under {metric}: {ours:?} vs {theirs:?}"),
            }
        }
        report.push('\n');
    }
    insta::assert_snapshot!(report);
}
