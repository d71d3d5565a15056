//! JSoko's edge cases of the metrics (docs/rules.md#verifying-a-solution) and its
//! ordering examples (docs/rules.md#orderings).

use sokoengine_geometry::Tessellation;
use sokoengine_metrics::{
    CompareMetrics, InvalidSolution, JsokoOrder, MetricOrder, SolutionMetrics, SolutionVerifier,
};

use crate::sok::{SokLevel, parse_sok, read_lossy};

fn verifier(board: &str) -> SolutionVerifier {
    SolutionVerifier::parse(Tessellation::Sokoban, &board.replace('/', "\n")).expect("board")
}

fn corpus_level(file: &str, pick: impl Fn(&SokLevel) -> bool) -> SokLevel {
    let text = read_lossy(file);
    parse_sok(&text)
        .into_iter()
        .find(|level| pick(level))
        .expect("level in file")
}

#[test]
fn inline_boards() {
    let mut normalized = String::new();
    let cases = [
        ("#####/#@$.#/#####", "R", "1/1/1/1/1/1", "R"),
        ("#####/#@$.#/#####", "r", "1/1/1/1/1/1", "R"),
        ("#####/#@$.#/#####", "RRRDD", "1/1/1/1/1/1", "R"),
        ("######/#@$ .#/######", "RlrR", "4/2/2/1/2/3", "RlrR"),
        ("########/#@$.#$.#/########", "R", "1/1/1/1/1/1", "R"),
        (
            "######/#@*  #/#    #/######",
            "RdrruL",
            "6/2/2/1/2/5",
            "RdrruL",
        ),
    ];
    for (board, steps, metrics, expected) in cases {
        let got = verifier(board).verify_normalized(steps, &mut normalized);
        assert_eq!(
            got.map(|m| m.to_string()),
            Ok(metrics.to_owned()),
            "{board} {steps}"
        );
        assert_eq!(normalized, expected, "{board} {steps}");
    }
    let error = verifier("#####/#@$.#/#####").verify("D").unwrap_err();
    assert!(matches!(
        error,
        InvalidSolution::BlockedMove { step: 1, .. }
    ));
}

#[sokoengine_testkit_macros::corpus_test]
fn parsing_sok_level_3() {
    let level = corpus_level("levels/jsoko-testlevels/Parsing.sok", |l| l.number == 3);
    let steps = "lddrdddrrruulLulDDurrrddllLulluUUrurDDDD";
    let metrics = SolutionVerifier::parse(Tessellation::Sokoban, &level.board)
        .unwrap()
        .verify(steps);
    assert_eq!(metrics.map(|m| m.to_string()), Ok("40/10/5/3/5/21".into()));
    assert!(level.snapshots[0].title.contains("40/10/5/3/5"));
}

#[sokoengine_testkit_macros::corpus_test]
fn microban_3_and_4() {
    let file = "levels/large-test-suite/with-solutions/Microban_155.sok";
    for (title, steps, expected) in [
        (
            "Microban_155 #3",
            "ruuLLLLrrrrddlUruLLLulDrddllluuRRDrdLuuurDD",
            "43/15/8/5/7/25",
        ),
        (
            "Microban_155 #4",
            "ullDullddrRuLurrrdLLrrddlUruL",
            "29/7/6/4/6/20",
        ),
    ] {
        let level = corpus_level(file, |l| l.title == title);
        let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, &level.board).unwrap();
        assert_eq!(
            verifier.verify(steps).map(|m| m.to_string()),
            Ok(expected.into()),
            "{title}"
        );
    }
}

#[sokoengine_testkit_macros::corpus_test]
fn playerlinestest_saved_game_prefixes() {
    let file = "levels/jsoko-testlevels/playerlinestest.sok";
    for (number, steps, expected) in [
        (4, "urrruullluuuUd", "14/1/1/1/1/6"),
        (9, "dllllllllludurdlllllldd", "23/0/0/0/0/9"),
    ] {
        let level = corpus_level(file, |l| l.number == number);
        let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, &level.board).unwrap();
        let game = verifier.verify_saved_game(steps).unwrap();
        assert_eq!(
            (game.metrics.to_string(), game.solved),
            (expected.to_owned(), false)
        );
        let error = verifier.verify(steps).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("not solved after {} moves", game.metrics.moves)
        );
    }
}

#[sokoengine_testkit_macros::corpus_test]
fn xsokoban_1_yass_solutions_differ_in_box_changes() {
    let level = corpus_level("levels/sok-with-solutions/Original_and_Extra.sok", |l| {
        l.title == "Level 1"
    });
    let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, &level.board).unwrap();
    let metrics_of = |title: &str, verifier: &mut SolutionVerifier| {
        let snapshot = level
            .snapshots
            .iter()
            .find(|s| s.title.contains(title))
            .expect(title);
        verifier.verify(&snapshot.steps).unwrap()
    };
    let yass_286 = metrics_of("YASS 2.86", &mut verifier);
    let yass_236 = metrics_of("YASS 2.36 Optimizer", &mut verifier);
    assert_eq!(yass_286.to_string(), "230/97/24/16/22/76");
    assert_eq!(yass_236.to_string(), "230/97/24/17/22/76");
    for order in [MetricOrder::Moves, MetricOrder::Pushes] {
        assert!(order.is_better(&yass_286, &yass_236));
    }
    assert!(JsokoOrder::MOVES.is_better(&yass_286, &yass_236));
    assert!(JsokoOrder::PUSHES.is_better(&yass_286, &yass_236));
}

#[sokoengine_testkit_macros::corpus_test]
fn solvertestlevel_minor_metrics_decide() {
    let level = corpus_level("levels/jsoko-testlevels/solvertestlevel.sok", |l| {
        l.number == 5
    });
    let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, &level.board).unwrap();
    let mut all: Vec<SolutionMetrics> = level
        .snapshots
        .iter()
        .map(|s| verifier.verify(&s.steps).unwrap())
        .collect();
    let good = SolutionMetrics::new(54, 23, 10, 5, 8, 29);
    let worse = SolutionMetrics::new(54, 23, 11, 5, 9, 30);
    assert!(all.contains(&good) && all.contains(&worse));
    assert!(all.iter().all(|m| *m == good || *m == worse));
    sokoengine_metrics::sort_by_metrics(&mut all, &MetricOrder::Moves, |m| *m);
    assert_eq!(all.first(), Some(&good));
    assert_eq!(all.last(), Some(&worse));
    assert!(JsokoOrder::MOVES.is_better(&good, &worse));
    assert!(!JsokoOrder::MOVES.majors_only().is_better(&good, &worse));
}
