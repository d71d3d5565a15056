//! `optimize`: better solutions from a level's own (docs/guide.md#optimize).
//!
//! The seeds of a level are its snapshots that solve it; the others are named with
//! their error. Levels run as `solve`'s do: `--jobs` threads, results in file order,
//! Ctrl-C cancels the running levels and prints what they found.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use serde::Serialize;
use sokoengine::geometry::Tessellation;
use sokoengine::io::{Collection, PuzzleEntry, Snapshot};
use sokoengine::metrics::{BoardError, Metric, MetricOrder, SolutionMetrics, SolutionVerifier};
use sokoengine::solver::{
    Cancel, Limits, OptimizerConfig, Progress, SolverError, VicinitySetting, optimize,
    parse_vicinity,
};

use crate::failure::Failure;
use crate::input::{level_number, parse_variant};
use crate::output::Output;
use crate::solve::{
    Bars, Batch, ErrorText, Level, LevelOutcome, finish_run, invalid_levels, parse_seconds,
    quoted_title, rounded, run_levels, write_collection,
};

/// Arguments of `sokoengine optimize`.
#[derive(Debug, Args)]
#[command(after_help = OPTIMIZE_EXAMPLES)]
pub struct OptimizeArgs {
    /// Variant of levels that no `Game:` tag names: sokoban, hexoban, trioban or octoban
    /// (default: sokoban; hexoban for .hsb files, trioban for .tsb files).
    #[arg(long, visible_alias = "variant-hint", value_parser = parse_variant)]
    variant: Option<Tessellation>,
    /// A collection with solutions (.sok, or its JSON form), or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: String,
    /// Optimize level N (counted from 1, in file order).
    #[arg(long, visible_alias = "puzzle", value_name = "N", conflicts_with = "all",
          value_parser = level_number, allow_hyphen_values = true)]
    level: Option<u32>,
    /// Optimize every level of the file.
    #[arg(long)]
    all: bool,
    /// The metric to minimize first; the others follow as tie-breaks in the order
    /// moves, pushes, box lines, box changes, pushing sessions, player lines.
    #[arg(long, value_enum, default_value_t = MetricName::Moves)]
    metric: MetricName,
    /// Vicinity settings BOXES:SQUARES,...: up to BOXES boxes of a configuration moved
    /// to any of their SQUARES nearest squares.
    #[arg(long, value_name = "K:V,...", value_parser = parse_vicinity_arg,
          default_value = "2:20,3:10")]
    vicinity: VicinityArg,
    /// Time limit per level, in seconds (fractions allowed).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time: Option<Duration>,
    /// Repeat each vicinity search around the improved solution while it improves.
    #[arg(long)]
    iterate: bool,
    /// Memory budget of the optimizer's tables per level, in MiB [default: half the
    /// memory this process may take (its address-space limit, the available memory)
    /// shared by the levels running at once, at most 4096].
    #[arg(long, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(1..=(1 << 30)))]
    memory: Option<u64>,
    /// Levels optimized at once, each on one thread [default: the number of cores,
    /// fewer when their memory budgets would not fit in the available memory].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    jobs: Option<u32>,
    /// Write the file's levels to OUT.sok, each improved solution added as a new
    /// snapshot after the level's own (atomically: OUT.sok may be FILE itself; `-` for
    /// standard output, the report then goes to standard error).
    #[arg(long, value_name = "OUT.sok")]
    save: Option<PathBuf>,
}

const OPTIMIZE_EXAMPLES: &str = "\
Examples:
  sokoengine optimize solutions.sok
  sokoengine optimize --metric pushes --time 10 Microban.sok --level 3
  sokoengine optimize --all --time 10 --vicinity 2:20,3:10 --iterate --json levels.sok
  sokoengine optimize --all --save better.sok levels.sok

The seeds of a level are its snapshots that solve it. Status per level: improved,
unchanged, or no-seed (no snapshot solves the level; the level is skipped).
Exit status: 0 when the input was read, 1 for an invalid level (it does not parse,
several pushers, boxes and goals differ in number, too large), 2 for a usage error.";

/// `--metric`: the first metric of the ordering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum MetricName {
    /// (M): moves, then pushes, box lines, box changes, pushing sessions, player lines.
    Moves,
    /// (P): pushes, then moves, box lines, box changes, pushing sessions, player lines.
    Pushes,
    /// Box lines first.
    BoxLines,
    /// Box changes first.
    BoxChanges,
    /// Pushing sessions first.
    PushingSessions,
    /// Player lines first.
    PlayerLines,
}

impl MetricName {
    const fn metric(self) -> Metric {
        match self {
            MetricName::Moves => Metric::Moves,
            MetricName::Pushes => Metric::Pushes,
            MetricName::BoxLines => Metric::BoxLines,
            MetricName::BoxChanges => Metric::BoxChanges,
            MetricName::PushingSessions => Metric::PushingSessions,
            MetricName::PlayerLines => Metric::PlayerLines,
        }
    }

    /// The `--metric` spelling.
    fn name(self) -> String {
        self.metric().name().replace('_', "-")
    }
}

/// Parsed `--vicinity` settings.
#[derive(Debug, Clone)]
struct VicinityArg(Vec<VicinitySetting>);

fn parse_vicinity_arg(text: &str) -> Result<VicinityArg, String> {
    parse_vicinity(text)
        .map(VicinityArg)
        .map_err(|error| error.to_string())
}

/// The JSON document of `optimize`.
#[derive(Serialize)]
struct OptimizeDocument {
    levels: Vec<LevelReport>,
    summary: Summary,
    /// Set when the exit status is not 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorText>,
}

#[derive(Serialize)]
struct Summary {
    levels: usize,
    improved: usize,
    unchanged: usize,
    no_seed: usize,
    /// The levels' own times added up (independent of `--jobs`).
    seconds: f64,
    /// Wall-clock time of the whole run.
    wall_seconds: f64,
    nodes: u64,
}

/// The result of one level.
#[derive(Serialize)]
struct LevelReport {
    number: usize,
    title: String,
    /// `improved`, `unchanged`, `no-seed`, or `error` for a level the optimizer does
    /// not take (its message in `error`).
    status: &'static str,
    /// Why the optimizer stopped before its end (`time`, `nodes`, `memory`,
    /// `cancelled`), or `null`.
    reason: Option<&'static str>,
    /// Whether the result is proven best under the ordering.
    optimal: bool,
    seconds: f64,
    nodes: u64,
    seed: Option<SeedReport>,
    result: Option<ResultReport>,
    /// The snapshots that do not solve the level, with the reason.
    invalid_seeds: Vec<InvalidSeed>,
    error: Option<String>,
}

impl LevelOutcome for LevelReport {
    fn invalid(&self) -> Option<(usize, &str, &str)> {
        (self.status == "error").then(|| {
            let error = self.error.as_deref().unwrap_or_default();
            (self.number, self.title.as_str(), error)
        })
    }
}

#[derive(Serialize)]
struct SeedReport {
    /// The seed's number among the level's snapshots, counted from 1.
    #[serde(rename = "snapshot_number")]
    snapshot: usize,
    lurd: String,
    metrics: SolutionMetrics,
}

#[derive(Serialize)]
struct ResultReport {
    lurd: String,
    metrics: SolutionMetrics,
}

#[derive(Serialize)]
struct InvalidSeed {
    /// Counted from 1.
    #[serde(rename = "snapshot_number")]
    snapshot: usize,
    error: String,
}

/// `sokoengine optimize`.
pub fn run(args: &OptimizeArgs, out: &mut Output) -> Result<(), Failure> {
    crate::solve::save_to_stdout(args.save.as_deref(), out)?;
    let Batch {
        mut collection,
        numbers,
        levels,
        jobs,
        memory_bytes,
        cancel,
    } = Batch::start(
        &args.file,
        args.variant,
        args.level,
        args.all,
        args.jobs,
        args.memory,
    )?;
    let config = optimizer_config(args, memory_bytes);

    let started = Instant::now();
    let alone = levels.len() == 1;
    let reports = run_levels(
        &levels,
        jobs,
        "optimizing",
        &cancel,
        out,
        |level, bars| {
            optimize_level(
                level,
                &collection.puzzles[level.number - 1],
                &config,
                &cancel,
                bars,
            )
        },
        // A single invalid level is reported by the error line alone.
        |report| (!(alone && report.status == "error")).then(|| level_text(report)),
    )?;
    let wall = started.elapsed().as_secs_f64();

    let count = |status: &str| reports.iter().filter(|r| r.status == status).count();
    let summary = Summary {
        levels: reports.len(),
        improved: count("improved"),
        unchanged: count("unchanged"),
        no_seed: count("no-seed"),
        seconds: rounded(reports.iter().map(|r| r.seconds).sum()),
        wall_seconds: rounded(wall),
        nodes: reports.iter().map(|r| r.nodes).sum(),
    };
    // The file is saved only when every chosen level is valid.
    let failure = invalid_levels(&reports).or_else(|| {
        let path = args.save.as_ref()?;
        save(out, path, &mut collection, &numbers, &reports, args.metric).err()
    });
    let summary_line = (reports.len() > 1).then(|| summary_text(&summary));
    let document = OptimizeDocument {
        levels: reports,
        summary,
        error: ErrorText::of(failure.as_ref()),
    };
    finish_run(out, &document, failure, summary_line)
}

fn optimizer_config(args: &OptimizeArgs, memory_bytes: usize) -> OptimizerConfig {
    let mut config = OptimizerConfig::new(MetricOrder::leading(args.metric.metric()));
    config.limits = Limits::default().with_memory(memory_bytes);
    config.limits.time = args.time;
    config.vicinity.clone_from(&args.vicinity.0);
    config.iterate = args.iterate;
    config
}

/// The seeds of a level: its snapshots that solve it (with their 1-based snapshot
/// numbers), and the others with the reason.
fn seeds_of(
    entry: &PuzzleEntry,
    verifier: &mut SolutionVerifier,
) -> (Vec<(usize, String)>, Vec<InvalidSeed>) {
    let mut seeds = Vec::new();
    let mut invalid = Vec::new();
    for checked in entry.solutions(verifier) {
        match checked {
            Ok(solution) => seeds.push((solution.snapshot, solution.lurd)),
            Err((snapshot, why)) => invalid.push(InvalidSeed {
                snapshot,
                error: why.to_string(),
            }),
        }
    }
    (seeds, invalid)
}

/// Optimizes one level from the solutions of `entry`.
fn optimize_level(
    level: &Level,
    entry: &PuzzleEntry,
    config: &OptimizerConfig,
    cancel: &Cancel,
    bars: &Bars,
) -> LevelReport {
    let mut report = LevelReport {
        number: level.number,
        title: level.title.clone(),
        status: "error",
        reason: None,
        optimal: false,
        seconds: 0.0,
        nodes: 0,
        seed: None,
        result: None,
        invalid_seeds: Vec::new(),
        error: None,
    };
    let puzzle = match &level.puzzle {
        Ok(puzzle) => puzzle,
        Err(message) => {
            report.error = Some(message.clone());
            bars.level_done();
            return report;
        }
    };
    let mut verifier = match SolutionVerifier::new(puzzle) {
        Ok(verifier) => verifier,
        Err(error) => {
            // The optimizer's own words for a level it does not take.
            let error = match error {
                BoardError::SeveralPushers { count } => SolverError::SeveralPushers { count },
                _ => SolverError::NoPusher,
            };
            report.error = Some(error.to_string());
            bars.level_done();
            return report;
        }
    };
    let (seeds, invalid) = seeds_of(entry, &mut verifier);
    report.invalid_seeds = invalid;
    if seeds.is_empty() {
        report.status = "no-seed";
        bars.level_done();
        return report;
    }
    let spinner = bars.spinner(level);
    let started = Instant::now();
    let mut observer = |progress: &Progress| {
        if let Some(spinner) = &spinner {
            spinner.set_message(progress_text(level, progress));
        }
        ControlFlow::Continue(())
    };
    let lurds: Vec<&str> = seeds.iter().map(|(_, lurd)| lurd.as_str()).collect();
    let outcome = optimize(puzzle, &lurds, config, cancel, &mut observer);
    report.seconds = rounded(started.elapsed().as_secs_f64());
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    bars.level_done();
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(error) => {
            report.error = Some(error.to_string());
            return report;
        }
    };
    report.status = if outcome.improved {
        "improved"
    } else {
        "unchanged"
    };
    report.reason = outcome.stopped.map(|reason| reason.name());
    report.optimal = outcome.optimal;
    report.nodes = outcome.solution.stats.expanded;
    let (snapshot, seed_lurd) = &seeds[outcome.seed];
    // The seed's normalized steps: upper case pushes, nothing after the solving push.
    let mut normalized = String::new();
    let _ = verifier.verify_normalized(seed_lurd, &mut normalized);
    report.seed = Some(SeedReport {
        snapshot: *snapshot,
        lurd: normalized,
        metrics: outcome.seed_metrics,
    });
    report.result = Some(ResultReport {
        lurd: outcome.solution.lurd,
        metrics: outcome.solution.metrics,
    });
    report
}

/// The text of one level: a status line with time and nodes, the seed's and the
/// result's metrics, the result's steps, and the snapshots that are no solution.
fn level_text(report: &LevelReport) -> String {
    let head = format!("level {}{}", report.number, quoted_title(&report.title));
    let mut text = match report.status {
        "improved" | "unchanged" => {
            let mut notes = Vec::new();
            if report.optimal {
                notes.push("optimal".to_owned());
            }
            if let Some(reason) = report.reason {
                notes.push(format!("stopped: {reason}"));
            }
            let notes = if notes.is_empty() {
                String::new()
            } else {
                format!(" ({})", notes.join(", "))
            };
            let mut text = format!(
                "{head}: {}{notes} in {:.2} s, {} nodes\n",
                report.status, report.seconds, report.nodes
            );
            if let (Some(seed), Some(result)) = (&report.seed, &report.result) {
                let label = format!("seed (snapshot {}):", seed.snapshot);
                text.push_str(&format!(
                    "  {label} M/P/BL/BC/PS/PL {}\n  {:<width$} M/P/BL/BC/PS/PL {}\n  {}\n",
                    seed.metrics,
                    "result:",
                    result.metrics,
                    result.lurd,
                    width = label.len()
                ));
            }
            text
        }
        "no-seed" => format!("{head}: no-seed (no snapshot solves the level; skipped)\n"),
        _ => format!(
            "{head}: invalid: {}\n",
            report.error.as_deref().unwrap_or_default()
        ),
    };
    for invalid in &report.invalid_seeds {
        text.push_str(&format!(
            "  snapshot {} is not a solution: {}\n",
            invalid.snapshot, invalid.error
        ));
    }
    text
}

/// The last line of a run over several levels.
fn summary_text(summary: &Summary) -> String {
    let mut parts = vec![format!("{} improved", summary.improved)];
    parts.push(format!("{} unchanged", summary.unchanged));
    if summary.no_seed > 0 {
        parts.push(format!(
            "{} without a solution to start from",
            summary.no_seed
        ));
    }
    let invalid = summary.levels - summary.improved - summary.unchanged - summary.no_seed;
    if invalid > 0 {
        parts.push(format!("{invalid} invalid"));
    }
    format!(
        "{} levels: {}; {:.2} s in levels, {:.2} s in all, {} nodes",
        summary.levels,
        parts.join(", "),
        summary.seconds,
        summary.wall_seconds,
        summary.nodes
    )
}

/// The spinner text of a running level.
fn progress_text(level: &Level, progress: &Progress) -> String {
    let best = progress
        .best_pushes
        .map_or_else(String::new, |pushes| format!(", best {pushes} pushes"));
    format!(
        "level {}{}: {:.1} s, {} nodes{best}, {} MiB",
        level.number,
        quoted_title(&level.title),
        progress.elapsed.as_secs_f64(),
        progress.expanded,
        progress.memory_bytes >> 20
    )
}

/// Writes the collection with each improved solution added to its level as a
/// snapshot titled `Solution M/P (sokoengine VERSION, METRIC optimizer)`.
fn save(
    out: &mut Output,
    path: &std::path::Path,
    collection: &mut Collection,
    numbers: &[usize],
    reports: &[LevelReport],
    metric: MetricName,
) -> Result<(), Failure> {
    for (&number, report) in numbers.iter().zip(reports) {
        let Some(result) = report
            .result
            .as_ref()
            .filter(|_| report.status == "improved")
        else {
            continue;
        };
        let entry = &mut collection.puzzles[number - 1];
        let mut snapshot = Snapshot::new(entry.tessellation(), result.lurd.clone());
        snapshot.title = format!(
            "Solution {}/{} (sokoengine {}, {} optimizer)",
            result.metrics.moves,
            result.metrics.pushes,
            env!("CARGO_PKG_VERSION"),
            metric.name()
        );
        entry.push_snapshot(snapshot);
    }
    write_collection(out, path, collection)
}
