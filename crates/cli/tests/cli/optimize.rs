//! `optimize`: text and JSON output, seeds and snapshots that are no solution,
//! levels without a seed, limits, `--save`, exit codes and one-line errors.

use serde_json::{Value, json};
use sokoengine::io::{Collection, VariantHint};
use sokoengine::metrics::SolutionVerifier;

use crate::solve::{mask_nodes, mask_times};
use crate::{run, run_stdin};

/// The transcript of a successful run, times and node counts masked.
fn transcript(args: &[&str]) -> String {
    let out = run(args);
    let text = mask_nodes(&mask_times(out.ok()));
    format!("$ sokoengine {}\n{text}", args.join(" "))
}

#[test]
fn optimize_text() {
    insta::assert_snapshot!(transcript(&["optimize", "--all", "collection.sok"]));
    insta::assert_snapshot!(transcript(&["optimize", "--level", "1", "solutions.sok"]));
    insta::assert_snapshot!(transcript(&[
        "optimize",
        "--level",
        "2",
        "--metric",
        "pushes",
        "solutions.sok"
    ]));
    insta::assert_snapshot!(transcript(&["optimize", "--level", "3", "solutions.sok"]));
}

/// The six metrics of `lurd` on level `number` of `file` (in `fixtures/cli`).
fn verified(file: &str, number: usize, lurd: &str) -> Value {
    let collection = Collection::load(crate::fixtures().join(file), VariantHint::None).unwrap();
    let puzzle = collection.puzzles[number - 1].puzzle().unwrap();
    let metrics = SolutionVerifier::new(&puzzle)
        .unwrap()
        .verify(lurd)
        .unwrap();
    serde_json::to_value(metrics).unwrap()
}

#[test]
fn optimize_json_shape() {
    let document = run(&["optimize", "--level", "1", "--json", "solutions.sok"]).json();
    let level = &document["levels"][0];
    assert_eq!(
        level["seed"],
        json!({"snapshot_number": 1, "lurd": "drulrRR", "metrics": {"moves": 7, "pushes": 2,
            "box_lines": 1, "box_changes": 1, "pushing_sessions": 1, "player_lines": 5}})
    );
    assert_eq!(
        level["result"],
        json!({"lurd": "rRR", "metrics": {"moves": 3, "pushes": 2,
            "box_lines": 1, "box_changes": 1, "pushing_sessions": 1, "player_lines": 1}})
    );
    assert_eq!(level["number"], 1);
    assert_eq!(level["title"], "Detour");
    assert_eq!(level["status"], "improved");
    assert_eq!(level["reason"], Value::Null);
    assert_eq!(level["optimal"], true);
    assert!(level["seconds"].is_number() && level["nodes"].is_u64());
    assert_eq!(
        level["invalid_seeds"],
        json!([{"snapshot_number": 2, "error": "not solved after 3 moves"}])
    );
    let summary = &document["summary"];
    assert_eq!(
        (&summary["levels"], &summary["improved"]),
        (&json!(1), &json!(1))
    );
    assert!(summary["seconds"].is_number());
    // Every metric ordering: the result verifies with its metrics and is no worse
    // than the seed in the ordering's first metric.
    for metric in [
        "moves",
        "pushes",
        "box-lines",
        "box-changes",
        "pushing-sessions",
        "player-lines",
    ] {
        // Levels 1 to 3 (the fourth takes seconds in a debug build).
        for number in ["1", "2", "3"] {
            let args = [
                "optimize",
                "--level",
                number,
                "--metric",
                metric,
                "--json",
                "solutions.sok",
            ];
            let document = run(&args).json();
            let level = &document["levels"][0];
            if level["status"] == "no-seed" {
                assert_eq!(
                    (&level["seed"], &level["result"]),
                    (&Value::Null, &Value::Null)
                );
                continue;
            }
            let number = level["number"].as_u64().unwrap() as usize;
            let result = &level["result"];
            let lurd = result["lurd"].as_str().unwrap();
            assert_eq!(
                result["metrics"],
                verified("solutions.sok", number, lurd),
                "{metric}"
            );
            let key = metric.replace('-', "_");
            assert!(
                result["metrics"][&key].as_u64() <= level["seed"]["metrics"][&key].as_u64(),
                "{metric}: {level}"
            );
        }
    }
}

#[test]
fn levels_without_a_seed_are_skipped() {
    let document = run(&["optimize", "--level", "3", "--json", "solutions.sok"]).json();
    let level = &document["levels"][0];
    assert_eq!(level["status"], "no-seed");
    assert_eq!(
        level["invalid_seeds"],
        json!([{"snapshot_number": 1, "error": "not solved after 1 moves"}])
    );
    let document = run(&["optimize", "--all", "--json", "collection.sok"]).json();
    let statuses: Vec<&Value> = document["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|level| &level["status"])
        .collect();
    assert_eq!(statuses, ["unchanged", "unchanged", "unchanged", "no-seed"]);
    assert_eq!(document["summary"]["no_seed"], 1);
    // A reverse-mode snapshot is named too.
    assert_eq!(
        document["levels"][1]["invalid_seeds"],
        json!([{"snapshot_number": 1, "error": "a reverse-mode snapshot is not a solution"}])
    );
}

#[test]
fn limits_stop_a_level_with_a_verified_result() {
    for args in [
        ["--time", "0.05", "--memory", "4096"],
        ["--time", "60", "--memory", "1"],
    ] {
        let mut all = vec!["optimize", "--level", "4", "--json", "solutions.sok"];
        all.extend(args);
        let document = run(&all).json();
        let level = &document["levels"][0];
        assert!(["improved", "unchanged"].contains(&level["status"].as_str().unwrap()));
        let lurd = level["result"]["lurd"].as_str().unwrap();
        assert_eq!(
            level["result"]["metrics"],
            verified("solutions.sok", 4, lurd)
        );
        if level["reason"] != Value::Null {
            assert_eq!(level["optimal"], false);
        }
    }
    let memory = run(&[
        "optimize",
        "--level",
        "4",
        "--memory",
        "1",
        "--json",
        "solutions.sok",
    ])
    .json();
    assert_eq!(memory["levels"][0]["reason"], "memory");
}

#[test]
fn jobs_keep_file_order_and_stdin_works() {
    let text = std::fs::read_to_string(crate::fixtures().join("collection.sok")).unwrap();
    for jobs in ["1", "3"] {
        let document =
            run_stdin(&["optimize", "--all", "--jobs", jobs, "--json", "-"], &text).json();
        let indexes: Vec<u64> = document["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|level| level["number"].as_u64().unwrap())
            .collect();
        assert_eq!(indexes, [1, 2, 3, 4]);
    }
}

#[test]
fn save_adds_the_improved_solutions() {
    let directory =
        std::env::temp_dir().join(format!("sokoengine-optimize-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let out = directory.join("better.sok");
    let out_text = out.to_str().unwrap();
    run(&[
        "optimize",
        "--level",
        "1",
        "--save",
        out_text,
        "solutions.sok",
    ])
    .ok();
    let saved = Collection::load(&out, VariantHint::None).unwrap();
    let original =
        Collection::load(crate::fixtures().join("solutions.sok"), VariantHint::None).unwrap();
    assert_eq!(saved.puzzles.len(), original.puzzles.len());
    let snapshots = saved.puzzles[0].snapshots();
    assert_eq!(snapshots.len(), original.puzzles[0].snapshots().len() + 1);
    let added = snapshots.last().unwrap();
    assert_eq!(
        added.title,
        format!(
            "Solution 3/2 (sokoengine {}, moves optimizer)",
            env!("CARGO_PKG_VERSION")
        )
    );
    assert_eq!(added.moves().unwrap().as_str(), "rRR");
    for (saved, original) in saved.puzzles.iter().zip(&original.puzzles).skip(1) {
        assert_eq!(saved.snapshots().len(), original.snapshots().len());
    }
    // Unchanged levels add nothing.
    run(&[
        "optimize",
        "--level",
        "2",
        "--save",
        out_text,
        "collection.sok",
    ])
    .ok();
    let saved = Collection::load(&out, VariantHint::None).unwrap();
    assert_eq!(saved.puzzles[1].snapshots().len(), 2);
    std::fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn invalid_levels_and_usage_errors() {
    let message = run(&["optimize", "two_pushers.sokoban.txt"])
        .fails(1)
        .to_owned();
    assert_eq!(
        message,
        "level 1: the level has 2 pushers; the solver needs exactly one"
    );
    // The file decides these: status 1, as for every subcommand.
    assert_eq!(
        run(&["optimize", "solutions.sok"]).fails(1),
        "solutions.sok holds 4 levels: choose one with --level N (1 to 4), or --all"
    );
    assert_eq!(
        run(&["optimize", "--level", "9", "solutions.sok"]).fails(1),
        "--level 9: solutions.sok holds 4 levels"
    );
    assert!(
        run(&["optimize", "--metric", "steps", "solutions.sok"])
            .fails_usage()
            .contains("--metric")
    );
    assert!(
        run(&["optimize", "--vicinity", "2:x", "--all", "solutions.sok"])
            .fails_usage()
            .contains("invalid vicinity setting '2:x'")
    );
    run(&["optimize", "missing.sok"]).fails(1);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    #[test]
    fn garbage_never_crashes(
        text in proptest::prop_oneof![
            "(Title\n\n|[#@$.* ]{1,8}\n|[lurdLURD]{1,10}\n|\n){0,12}",
            "[#@$.*+ _\\-|0-9\n]{0,60}",
            ".{0,40}",
        ],
        variant in proptest::prop_oneof![
            proptest::strategy::Just("sokoban"),
            proptest::strategy::Just("hexoban"),
            proptest::strategy::Just("trioban"),
            proptest::strategy::Just("octoban"),
        ],
    ) {
        for json in [true, false] {
            let mut args = vec!["optimize", "--all", "--time", "0.2", "--variant", variant, "-"];
            if json {
                args.push("--json");
            }
            let out = run_stdin(&args, &text);
            proptest::prop_assert!(matches!(out.status, 0 | 1), "{args:?} {text:?}: {out:?}");
            proptest::prop_assert!(out.stderr.lines().count() <= 1, "{text:?}: {out:?}");
            if json {
                out.document();
            }
        }
    }
}
