//! Every switch of `Features` turned off alone leaves the solver right: `any` still
//! returns verified solutions, and `pushes` proves the same push counts as with every
//! layer on (a sound layer prunes only what no optimal solution needs).

use sokoengine_metrics::SolutionVerifier;
use sokoengine_solver::{Cancel, Features, Objective, Silent, SolveOutcome, solve};

use crate::{ci_levels, config};

/// The features with one switch off, named.
fn one_off() -> Vec<(&'static str, Features)> {
    let all = Features::ALL;
    vec![
        (
            "freeze",
            Features {
                freeze: false,
                ..all
            },
        ),
        (
            "pi_corrals",
            Features {
                pi_corrals: false,
                ..all
            },
        ),
        (
            "corral_deadlocks",
            Features {
                corral_deadlocks: false,
                ..all
            },
        ),
        (
            "patterns",
            Features {
                patterns: false,
                ..all
            },
        ),
        (
            "tunnels",
            Features {
                tunnels: false,
                ..all
            },
        ),
        (
            "goal_rooms",
            Features {
                goal_rooms: false,
                ..all
            },
        ),
        (
            "bidirectional",
            Features {
                bidirectional: false,
                ..all
            },
        ),
        ("fess", Features { fess: false, ..all }),
        (
            "packing_search",
            Features {
                packing_search: false,
                ..all
            },
        ),
        (
            "goal_walls",
            Features {
                goal_walls: false,
                ..all
            },
        ),
        (
            "settled_goals",
            Features {
                settled_goals: false,
                ..all
            },
        ),
        (
            "base_walls",
            Features {
                base_walls: false,
                ..all
            },
        ),
        (
            "relaxed_proofs",
            Features {
                relaxed_proofs: false,
                ..all
            },
        ),
        ("none", Features::NONE),
    ]
}

#[sokoengine_testkit_macros::corpus_test]
fn each_switch_off_alone_keeps_solutions_and_push_counts() {
    // The first ten Microban levels: small enough for every combination in CI.
    let levels: Vec<_> = ci_levels()
        .into_iter()
        .filter(|(set, number, _)| *set == "Microban_155" && *number <= 10)
        .collect();
    assert_eq!(levels.len(), 10);
    for (_, number, puzzle) in &levels {
        let pushes_with = |features: Features, objective: Objective| {
            let mut config = config(objective);
            config.features = features;
            match solve(puzzle, &config, &Cancel::new(), &mut Silent).expect("a level it takes") {
                SolveOutcome::Solved(solution) => {
                    let metrics = SolutionVerifier::new(puzzle)
                        .expect("one pusher")
                        .verify(&solution.lurd)
                        .expect("a verified solution");
                    metrics.pushes
                }
                other => panic!("Microban #{number}, {objective}: {other:?}"),
            }
        };
        let optimal = pushes_with(Features::ALL, Objective::Pushes);
        for (name, features) in one_off() {
            let _ = pushes_with(features, Objective::Any);
            assert_eq!(
                pushes_with(features, Objective::Pushes),
                optimal,
                "Microban #{number} with {name} off"
            );
        }
    }
}
