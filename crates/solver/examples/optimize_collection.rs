//! Optimizes every level of a collection from its verifying snapshots and reports
//! the totals: the optimizer's acceptance runs (docs/solver.md#the-optimizer, B7 and
//! B8).
//!
//! ```text
//! cargo run --release -p sokoengine-solver --example optimize_collection -- FILE \
//!     [--metric moves|pushes|box-lines|box-changes|pushing-sessions|player-lines] \
//!     [--time SECS] [--vicinity 2:20,3:10] [--iterate] [--no-global] [--levels A..B] \
//!     [--against-solver SECS] [--json OUT.json] [--verbose]
//! ```
//!
//! B7: `FILE = corpus/levels/sok-with-solutions/Original_and_Extra.sok --metric moves
//! --time 10`. B8: `FILE = corpus/levels/large-test-suite/with-solutions/Microban_155.sok
//! --metric pushes --time 10 --against-solver 10` (the solver's push-optimal count
//! per level is the reference).

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sokoengine_io::{Collection, VariantHint};
use sokoengine_metrics::{CompareMetrics, Metric, MetricOrder, SolutionMetrics, SolutionVerifier};
use sokoengine_solver::{
    Cancel, Objective, OptimizerConfig, Silent, SolveOutcome, SolverConfig, optimize,
    parse_vicinity, solve,
};

struct Options {
    file: String,
    order: MetricOrder,
    time: Duration,
    vicinity: Option<Vec<(u8, u16)>>,
    iterate: bool,
    global: bool,
    levels: Option<(usize, usize)>,
    against_solver: Option<Duration>,
    json: Option<String>,
    verbose: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        file: String::new(),
        order: MetricOrder::Moves,
        time: Duration::from_secs(10),
        vicinity: None,
        iterate: false,
        global: true,
        levels: None,
        against_solver: None,
        json: None,
        verbose: false,
    };
    let seconds = |text: Option<String>| -> Result<Duration, String> {
        let text = text.ok_or("a number of seconds is missing")?;
        text.parse::<f64>()
            .ok()
            .filter(|s| *s > 0.0)
            .map(Duration::from_secs_f64)
            .ok_or_else(|| format!("bad seconds '{text}'"))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--metric" => {
                let name = args.next().unwrap_or_default();
                let metric = Metric::ALL
                    .into_iter()
                    .find(|m| m.name().replace('_', "-") == name)
                    .ok_or_else(|| format!("unknown metric '{name}'"))?;
                options.order = MetricOrder::leading(metric);
            }
            "--time" => options.time = seconds(args.next())?,
            "--vicinity" => {
                options.vicinity = Some(
                    parse_vicinity(&args.next().unwrap_or_default()).map_err(|e| e.to_string())?,
                );
            }
            "--iterate" => options.iterate = true,
            "--no-global" => options.global = false,
            "--levels" => {
                let text = args.next().unwrap_or_default();
                let (a, b) = text.split_once("..").ok_or("--levels A..B")?;
                let a = a.parse().map_err(|_| "--levels A..B")?;
                let b = b.parse().map_err(|_| "--levels A..B")?;
                options.levels = Some((a, b));
            }
            "--against-solver" => options.against_solver = Some(seconds(args.next())?),
            "--json" => options.json = args.next(),
            "--verbose" => options.verbose = true,
            _ if options.file.is_empty() => options.file = arg,
            _ => return Err(format!("unexpected argument '{arg}'")),
        }
    }
    if options.file.is_empty() {
        return Err("usage: optimize_collection FILE [options] (see the source)".to_owned());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let collection = match Collection::load(&options.file, VariantHint::None) {
        Ok(collection) => collection,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(1);
        }
    };
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut json = String::from("[\n");
    for (index, entry) in collection.puzzles.iter().enumerate() {
        let number = index + 1;
        if let Some((first, last)) = options.levels {
            if number < first || number > last {
                continue;
            }
        }
        let Ok(puzzle) = entry.puzzle() else {
            continue;
        };
        let Ok(mut verifier) = SolutionVerifier::new(&puzzle) else {
            continue;
        };
        let seeds: Vec<String> = entry
            .solutions(&mut verifier)
            .filter_map(|checked| checked.ok().map(|solution| solution.lurd))
            .collect();
        if seeds.is_empty() {
            totals.no_seed += 1;
            continue;
        }
        let mut config = OptimizerConfig::new(options.order);
        config.limits = config.limits.with_time(options.time).with_memory(2 << 30);
        config.iterate = options.iterate;
        config.global = options.global;
        if let Some(vicinity) = &options.vicinity {
            config.vicinity.clone_from(vicinity);
        }
        let level_started = Instant::now();
        let outcome = match optimize(&puzzle, &seeds, &config, &Cancel::new(), &mut Silent) {
            Ok(outcome) => outcome,
            Err(error) => {
                println!("{number:>4} {:<24} error: {error}", entry.title);
                totals.errors += 1;
                continue;
            }
        };
        let seconds = level_started.elapsed().as_secs_f64();
        let seed = outcome.seed_metrics;
        let result = outcome.solution.metrics;
        // Check the result independently of the optimizer.
        let verified = verifier.verify(&outcome.solution.lurd);
        let verifies = verified == Ok(result);
        let worse = options.order.is_better(&seed, &result);
        totals.levels += 1;
        totals.seed = add(totals.seed, seed);
        totals.result = add(totals.result, result);
        totals.improved += usize::from(outcome.improved);
        totals.improved_moves += usize::from(result.moves < seed.moves);
        totals.improved_pushes += usize::from(result.pushes < seed.pushes);
        totals.worse += usize::from(worse);
        totals.unverified += usize::from(!verifies);
        totals.optimal += usize::from(outcome.optimal);
        let mut line = format!(
            "{number:>4} {:<24} {:>2} seeds  {seed} -> {result}  {:>6.2} s{}{}{}",
            entry.title,
            seeds.len(),
            seconds,
            if outcome.improved { "  improved" } else { "" },
            if outcome.optimal { "  optimal" } else { "" },
            outcome
                .stopped
                .map_or(String::new(), |reason| format!("  stopped: {reason}")),
        );
        let mut solver_pushes = None;
        if let Some(limit) = options.against_solver {
            let mut solver = SolverConfig::new(Objective::Pushes);
            solver.limits = solver.limits.with_time(limit).with_memory(2 << 30);
            if let Ok(SolveOutcome::Solved(solution)) =
                solve(&puzzle, &solver, &Cancel::new(), &mut Silent)
            {
                if solution.proven == Some(Objective::Pushes) {
                    let pushes = solution.metrics.pushes;
                    solver_pushes = Some(pushes);
                    totals.proven += 1;
                    totals.reached += usize::from(result.pushes <= pushes);
                    let _ = write!(line, "  solver {pushes}");
                    if result.pushes > pushes {
                        line.push_str(" (not reached)");
                    }
                }
            }
        }
        if worse || !verifies {
            line.push_str("  FAILED");
        }
        println!("{line}");
        if options.verbose {
            for pass in &outcome.passes {
                println!("       {pass}");
            }
        }
        let _ = writeln!(
            json,
            "  {{\"index\": {number}, \"title\": {:?}, \"seeds\": {}, \"seed\": \"{seed}\", \"result\": \"{result}\", \"improved\": {}, \"optimal\": {}, \"verifies\": {verifies}, \"seconds\": {seconds:.3}, \"solver_pushes\": {}}},",
            entry.title,
            seeds.len(),
            outcome.improved,
            outcome.optimal,
            solver_pushes.map_or("null".to_owned(), |p| p.to_string()),
        );
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "levels {}: improved {} (moves {}, pushes {}), worse {}, not verifying {}, optimal {}, errors {}, without seed {}",
        totals.levels,
        totals.improved,
        totals.improved_moves,
        totals.improved_pushes,
        totals.worse,
        totals.unverified,
        totals.optimal,
        totals.errors,
        totals.no_seed
    );
    println!(
        "moves {} -> {}, pushes {} -> {}  ({elapsed:.1} s in all)",
        totals.seed.moves, totals.result.moves, totals.seed.pushes, totals.result.pushes
    );
    if options.against_solver.is_some() {
        println!(
            "solver proved {} levels; the optimizer reached the proven push count on {}",
            totals.proven, totals.reached
        );
    }
    if let Some(path) = &options.json {
        if json.ends_with(",\n") {
            json.truncate(json.len() - 2);
            json.push('\n');
        }
        json.push(']');
        json.push('\n');
        if let Err(error) = std::fs::write(path, json) {
            eprintln!("error: can't write {path}: {error}");
        }
    }
    if totals.worse > 0 || totals.unverified > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[derive(Default)]
struct Totals {
    levels: usize,
    improved: usize,
    improved_moves: usize,
    improved_pushes: usize,
    worse: usize,
    unverified: usize,
    optimal: usize,
    errors: usize,
    no_seed: usize,
    proven: usize,
    reached: usize,
    seed: SolutionMetrics,
    result: SolutionMetrics,
}

fn add(a: SolutionMetrics, b: SolutionMetrics) -> SolutionMetrics {
    SolutionMetrics::new(
        a.moves + b.moves,
        a.pushes + b.pushes,
        a.box_lines + b.box_lines,
        a.box_changes + b.box_changes,
        a.pushing_sessions + b.pushing_sessions,
        a.player_lines + b.player_lines,
    )
}
