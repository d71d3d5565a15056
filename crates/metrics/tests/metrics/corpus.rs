//! Conformance against the corpus tables: every solution of the Large test suite,
//! of `Original_and_Extra.sok`, and the metric tuples of JSoko's test files.

use std::collections::BTreeMap;

use sokoengine_geometry::Tessellation;
use sokoengine_metrics::{InvalidSolution, SolutionMetrics, SolutionVerifier};

use crate::sok::{SokLevel, parse_sok, read_lossy, split_csv};

fn metrics_of(fields: &[String]) -> SolutionMetrics {
    let values: Vec<u32> = fields
        .iter()
        .map(|f| f.parse().expect("metric number"))
        .collect();
    SolutionMetrics::from_array(values.try_into().expect("six metrics"))
}

/// Verifies one solution and cross-checks the string-only path on its normalised
/// form, which must give the same six numbers.
fn verify_both_ways(
    verifier: &mut SolutionVerifier,
    steps: &str,
    normalized: &mut String,
) -> Result<SolutionMetrics, InvalidSolution> {
    let verified = verifier.verify_normalized(steps, normalized)?;
    let from_string = SolutionMetrics::from_lurd(normalized).expect("normalised string");
    assert_eq!(verified, from_string, "string-only metrics of {normalized}");
    Ok(verified)
}

fn verifier_for(level: &SokLevel) -> SolutionVerifier {
    SolutionVerifier::parse(Tessellation::Sokoban, &level.board)
        .unwrap_or_else(|e| panic!("board of level {} ({}): {e}", level.number, level.title))
}

#[sokoengine_testkit_macros::corpus_test]
fn large_test_suite_all_solutions() {
    let csv = sokoengine_testkit::read_corpus("levels/large-test-suite/solution_metrics.csv");
    // (pack, level) -> rows in file order: (source, metrics).
    let mut expected: BTreeMap<(String, usize), Vec<(String, SolutionMetrics)>> = BTreeMap::new();
    let mut rows = 0;
    for line in csv.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields = split_csv(line.trim_end_matches('\r'));
        assert_eq!(fields.len(), 9, "{line}");
        let level: usize = fields[1].parse().expect("level number");
        expected
            .entry((fields[0].clone(), level))
            .or_default()
            .push((fields[2].clone(), metrics_of(&fields[3..9])));
        rows += 1;
    }
    assert_eq!(rows, 4408);
    let packs: std::collections::BTreeSet<String> =
        expected.keys().map(|(pack, _)| pack.clone()).collect();
    let mut checked = 0;
    let mut normalized = String::new();
    for pack in &packs {
        let relative = format!("levels/large-test-suite/with-solutions/{pack}.sok");
        let text = read_lossy(&relative);
        for level in parse_sok(&text) {
            let number: usize = level
                .title
                .rsplit_once('#')
                .and_then(|(_, n)| n.trim().parse().ok())
                .unwrap_or_else(|| panic!("level title {:?} in {pack}", level.title));
            let rows = expected.remove(&(pack.clone(), number)).unwrap_or_default();
            assert_eq!(
                level.snapshots.len(),
                rows.len(),
                "{pack} #{number}: solutions"
            );
            if rows.is_empty() {
                continue;
            }
            let mut verifier = verifier_for(&level);
            for (snapshot, (source, metrics)) in level.snapshots.iter().zip(&rows) {
                assert!(
                    snapshot.title.contains(source.as_str()),
                    "{pack} #{number}: {}",
                    snapshot.title
                );
                let got = verify_both_ways(&mut verifier, &snapshot.steps, &mut normalized)
                    .unwrap_or_else(|e| panic!("{pack} #{number} {}: {e}", snapshot.title));
                assert_eq!(got, *metrics, "{pack} #{number} {}", snapshot.title);
                checked += 1;
            }
        }
    }
    assert!(
        expected.is_empty(),
        "rows without a level: {:?}",
        expected.keys().collect::<Vec<_>>()
    );
    assert_eq!(checked, 4408);
}

#[sokoengine_testkit_macros::corpus_test]
fn grigr_special_40_is_solved_at_start_and_has_no_empty_solution() {
    let text = read_lossy("levels/large-test-suite/with-solutions/GrigrSpecial_40.sok");
    let level = parse_sok(&text)
        .into_iter()
        .find(|l| l.title.ends_with("#40"))
        .expect("level 40");
    let mut verifier = verifier_for(&level);
    assert_eq!(verifier.boxes_off_goal(), 0);
    assert_eq!(verifier.verify(""), Err(InvalidSolution::Empty));
}

#[sokoengine_testkit_macros::corpus_test]
fn original_and_extra_all_solutions() {
    let csv = sokoengine_testkit::read_corpus(
        "levels/sok-with-solutions/Original_and_Extra.solution_metrics.csv",
    );
    let mut expected: BTreeMap<String, Vec<(String, SolutionMetrics)>> = BTreeMap::new();
    for line in csv.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields = split_csv(line.trim_end_matches('\r'));
        assert_eq!(fields.len(), 9, "{line}");
        expected
            .entry(fields[0].clone())
            .or_default()
            .push((fields[2].clone(), metrics_of(&fields[3..9])));
    }
    let text = read_lossy("levels/sok-with-solutions/Original_and_Extra.sok");
    let (mut valid, mut unfinished) = (0, 0);
    let mut normalized = String::new();
    for level in parse_sok(&text) {
        let rows = expected.remove(&level.title).unwrap_or_default();
        let mut rows = rows.iter().peekable();
        let mut verifier = verifier_for(&level);
        for snapshot in &level.snapshots {
            let result = verify_both_ways(&mut verifier, &snapshot.steps, &mut normalized);
            match rows.peek() {
                Some((title, metrics)) if *title == snapshot.title => {
                    assert_eq!(result, Ok(*metrics), "{} {}", level.title, snapshot.title);
                    rows.next();
                    valid += 1;
                }
                _ => {
                    // Not in the table: one of the unfinished saved games.
                    assert!(
                        snapshot.title.starts_with("SaveGame"),
                        "{} {}",
                        level.title,
                        snapshot.title
                    );
                    let Err(InvalidSolution::NotSolved { metrics, .. }) = result else {
                        panic!("{} {}: {result:?}", level.title, snapshot.title);
                    };
                    let game = verifier
                        .verify_saved_game(&snapshot.steps)
                        .expect("legal steps");
                    assert_eq!((game.metrics, game.solved), (metrics, false));
                    unfinished += 1;
                }
            }
        }
        assert!(rows.next().is_none(), "{}: rows left", level.title);
    }
    assert!(
        expected.is_empty(),
        "rows without a level: {:?}",
        expected.keys().collect::<Vec<_>>()
    );
    assert_eq!((valid, unfinished), (193, 3));
}

/// A row of the JSoko check table: snapshot title, title numbers, computed column.
type CheckRow = (String, String, String);

#[sokoengine_testkit_macros::corpus_test]
fn jsoko_test_file_titles() {
    let csv = sokoengine_testkit::read_corpus("levels/jsoko-testlevels/solution_metrics_check.csv");
    let mut expected: BTreeMap<(String, usize), Vec<CheckRow>> = BTreeMap::new();
    let mut rows = 0;
    for line in csv.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields = split_csv(line.trim_end_matches('\r'));
        assert_eq!(fields.len(), 7, "{line}");
        let level: usize = fields[1].parse().expect("level number");
        expected
            .entry((fields[0].clone(), level))
            .or_default()
            .push((fields[3].clone(), fields[4].clone(), fields[5].clone()));
        rows += 1;
    }
    let mut checked = 0;
    let mut files: Vec<String> = expected.keys().map(|(file, _)| file.clone()).collect();
    files.dedup();
    let mut normalized = String::new();
    for file in files {
        let text = read_lossy(&format!("levels/jsoko-testlevels/{file}"));
        for level in parse_sok(&text) {
            let Some(rows) = expected.remove(&(file.clone(), level.number)) else {
                continue;
            };
            let context = format!("{file} level {} ({})", level.number, level.title);
            assert_eq!(level.snapshots.len(), rows.len(), "{context}: snapshots");
            let mut verifier = verifier_for(&level);
            for (snapshot, (title, header, computed)) in level.snapshots.iter().zip(&rows) {
                assert_eq!(snapshot.title, *title, "{context}");
                let result = verify_both_ways(&mut verifier, &snapshot.steps, &mut normalized);
                match computed.strip_prefix("INVALID:") {
                    Some(reason) => {
                        let error = result.expect_err(&context);
                        assert_eq!(error.to_string(), reason, "{context} {title}");
                        // YASC writes a saved game's metrics into its title.
                        if title.to_lowercase().starts_with("savegame") && !header.is_empty() {
                            let game = verifier.verify_saved_game(&snapshot.steps).expect("legal");
                            assert!(!game.solved);
                            assert_eq!(game.metrics.to_string(), *header, "{context} {title}");
                        }
                    }
                    None => {
                        let metrics = result.unwrap_or_else(|e| panic!("{context} {title}: {e}"));
                        assert_eq!(metrics.to_string(), *computed, "{context} {title}");
                        // The title's tuple is a prefix of the six metrics.
                        assert!(
                            header.is_empty()
                                || computed.starts_with(&format!("{header}/"))
                                || computed == header,
                            "{context} {title}: header {header}"
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(
        expected.is_empty(),
        "rows without a level: {:?}",
        expected.keys().collect::<Vec<_>>()
    );
    assert_eq!(checked, rows);
}
