//! The repository's own cases (`fixtures/metrics/cases.txt`): the core behaviours
//! in every mode without the corpus.

use sokoengine_geometry::Tessellation;
use sokoengine_metrics::{SolutionMetrics, SolutionVerifier, StepCounter};

fn outcome(variant: Tessellation, board: &str, mode: &str, steps: &str) -> String {
    if mode == "string" {
        return StepCounter::new(variant)
            .count(steps)
            .expect("valid letters")
            .to_string();
    }
    let mut verifier = SolutionVerifier::parse(variant, &board.replace('/', "\n")).expect("board");
    let mut normalized = String::new();
    let result = match mode {
        "solution" => verifier
            .verify_normalized(steps, &mut normalized)
            .map(|m| format!("{m} {normalized}")),
        "savegame" => verifier.verify_saved_game(steps).map(|game| {
            format!(
                "{} {}",
                game.metrics,
                if game.solved { "solved" } else { "unsolved" }
            )
        }),
        other => panic!("unknown mode {other}"),
    };
    match result {
        Ok(text) => {
            // Whatever the board says, the normalised string gives the same numbers.
            if mode == "solution" {
                assert_eq!(
                    text.split(' ').next(),
                    Some(
                        SolutionMetrics::from_steps(variant, &normalized)
                            .unwrap()
                            .to_string()
                            .as_str()
                    )
                );
            }
            text
        }
        Err(error) => format!("INVALID {error}"),
    }
}

#[test]
fn fixture_cases() {
    let text =
        std::fs::read_to_string(sokoengine_testkit::fixture("metrics/cases.txt")).expect("fixture");
    let mut count = 0;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [variant, board, mode, steps, expected] = fields[..] else {
            panic!("line {}: five fields expected", index + 1);
        };
        let variant: Tessellation = variant.parse().expect("variant");
        assert_eq!(
            outcome(variant, board, mode, steps),
            expected,
            "line {}: {line}",
            index + 1
        );
        count += 1;
    }
    assert_eq!(count, 35);
}
