//! JSoko's six solution metrics: string-only, verified against a board, step by
//! step for an optimizer, and ranked by (M) and (P).
//!
//! Run with `cargo run --example metrics`.

use sokoengine::geometry::{Direction, Tessellation};
use sokoengine::metrics::{
    CompareMetrics, Insertion, JsokoOrder, MetricOrder, SolutionList, SolutionMetrics,
    SolutionVerifier,
};

/// Microban 3 (David W. Skinner).
const MICROBAN_3: &str = "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 1. From the letters alone (upper case = push): the fast path.
    let fess = "ruuLLLLrrrrddlUruLLLulDrddllluuRRDrdLuuurDD";
    let astar = "ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD";
    println!(
        "fess0 {fess}\n  mo/pu/bl/bc/ps/pl = {}",
        SolutionMetrics::from_lurd(fess)?
    );

    // 2. Verified against the board the JSoko way: the board decides push or walk
    //    (case is ignored) and the solution ends at the solving push.
    let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, MICROBAN_3)?;
    let mut normalized = String::new();
    let sloppy = format!("{}lurd", astar.to_lowercase());
    let metrics = verifier.verify_normalized(&sloppy, &mut normalized)?;
    println!(
        "A* in lower case with junk after the end\n  normalised {normalized}\n  metrics {metrics}"
    );
    match verifier.verify("uuu") {
        Ok(metrics) => println!("unexpected: {metrics}"),
        Err(invalid) => println!("'uuu' is invalid: {invalid}"),
    }

    // 3. Step by step, as an optimizer extends a path: successor values in O(1)
    //    without taking the step, then taking it.
    let mut replay = verifier.replay();
    for direction in [
        Direction::Right,
        Direction::Up,
        Direction::Up,
        Direction::Left,
    ] {
        let next = replay
            .successor(direction)
            .map(|path| path.metrics.to_string());
        replay.try_step(direction)?;
        println!("  {:<5} -> {}", direction.name(), next.unwrap_or_default());
    }
    println!("  PlugValue now {:?}", replay.path().plug);

    // 4. Ranking: (M) and (P), JSoko's five-key form, and a best-first list.
    let (fess, astar) = (
        SolutionMetrics::from_lurd(fess)?,
        SolutionMetrics::from_lurd(astar)?,
    );
    for order in [
        MetricOrder::Moves,
        MetricOrder::Pushes,
        MetricOrder::BoxChangesPushes,
    ] {
        println!("{order:>18}: A* {:?} fess0", order.compare(&astar, &fess));
    }
    println!(
        "{:>18}: A* {:?} fess0",
        "jsoko moves",
        JsokoOrder::MOVES.compare(&astar, &fess)
    );
    let mut list = SolutionList::new(MetricOrder::Pushes);
    assert_eq!(list.insert("fess0", fess), Insertion::NewBest);
    assert_eq!(list.insert("A*", astar), Insertion::NewBest);
    for entry in list.as_slice() {
        println!("  {:6} {}", entry.steps, entry.metrics);
    }
    Ok(())
}
