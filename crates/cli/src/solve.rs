//! `solve`: the Sokoban solver on one level or on the levels of a collection
//! (docs/guide.md#solve).
//!
//! Levels run on a rayon pool of `--jobs` threads, each level on one thread; results
//! are printed in file order as soon as every level before them is done. Ctrl-C
//! cancels the running levels (and the ones not started), and what was found is
//! printed; a second Ctrl-C ends the program at once.

use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use serde::Serialize;
use sokoengine::board::Puzzle;
use sokoengine::geometry::Tessellation;
use sokoengine::io::{Collection, Moves, ReplayError, Snapshot, replay_steps};
use sokoengine::metrics::{SolutionMetrics, SolutionVerifier};
use sokoengine::mover::{Mover, PusherStep};
use sokoengine::solver::{
    Cancel, Limits, Objective, Progress, SolveOutcome, SolverConfig, StopReason, UnsolvableReason,
    default_memory_budget, memory_room, solve, solve_from,
};

use crate::collection::parse_collection;
use crate::failure::Failure;
use crate::input::{display_name, level_number, parse_variant, read_bytes, snapshot_number};
use crate::output::{Output, Progress as ProgressLines};

/// Arguments of `sokoengine solve`.
#[derive(Debug, Args)]
#[command(after_help = SOLVE_EXAMPLES)]
pub struct SolveArgs {
    /// Variant of levels that no `Game:` tag names: sokoban, hexoban, trioban or octoban
    /// (default: sokoban; hexoban for .hsb files, trioban for .tsb files).
    #[arg(long, visible_alias = "variant-hint", value_parser = parse_variant)]
    variant: Option<Tessellation>,
    /// A board (plain or RLE) or a collection (.sok, .xsb, .hsb, .tsb, .txt, .json), or
    /// `-` for standard input.
    #[arg(value_name = "FILE")]
    file: String,
    /// Solve level N (counted from 1, in file order).
    #[arg(long, visible_alias = "puzzle", value_name = "N", conflicts_with = "all",
          value_parser = level_number, allow_hyphen_values = true)]
    level: Option<u32>,
    /// Solve every level of the file.
    #[arg(long)]
    all: bool,
    /// What to find.
    #[arg(long, value_enum, default_value_t = Mode::Any)]
    mode: Mode,
    /// Time limit per level, in seconds (fractions allowed).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time: Option<Duration>,
    /// Limit of expanded nodes per level.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Memory budget of the solver's tables per level, in MiB [default: half the memory
    /// this process may take (its address-space limit, the available memory) shared by
    /// the levels running at once, at most 4096].
    #[arg(long, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(1..=(1 << 30)))]
    memory: Option<u64>,
    /// Levels solved at once, each on one thread [default: the number of cores, fewer
    /// when their memory budgets would not fit in the available memory].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    jobs: Option<u32>,
    /// Write the file's levels to OUT.sok, each solution added as a new snapshot after
    /// the level's own (atomically: OUT.sok may be FILE itself; `-` for standard output,
    /// the report then goes to standard error).
    #[arg(long, value_name = "OUT.sok")]
    save: Option<PathBuf>,
    /// Play with Sokoban+ box and goal orders: a level that has them is then an error
    /// (the solver does not handle them). Without this flag the orders are ignored.
    #[arg(long)]
    sokoban_plus: bool,
    /// Solve from the position after these moves (forward play; RLE and `*` allowed):
    /// the result names the continuation found from there, and the whole line (the
    /// moves, then the continuation) as the level's solution. One level only.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true,
          conflicts_with_all = ["all", "snapshot"])]
    moves: Option<String>,
    /// Solve from the position after the level's snapshot K (a saved game; counted
    /// from 1), as --moves does. One level only.
    #[arg(long, value_name = "K", value_parser = snapshot_number, allow_hyphen_values = true, conflicts_with = "all")]
    snapshot: Option<u32>,
}

const SOLVE_EXAMPLES: &str = "\
Examples:
  sokoengine solve level.txt
  sokoengine solve --mode pushes --time 10 Microban.sok --level 3
  sokoengine solve --all --time 10 --json Microban.sok
  sokoengine solve --all --save solved.sok levels.sok
  sokoengine solve level.txt --moves rRR        (a hint: the continuation from there)
  sokoengine solve saved.sok --level 2 --snapshot 1

Status per level: solved, unsolvable (proven) or stopped (time, nodes, memory, cancelled).
From a position (--moves, --snapshot), the text shows the continuation found from there and
the whole line (the moves, then the continuation); the JSON's lurd and metrics are the whole
line's, its continuation those of the steps found, and proven is said of the continuation.
Exit status: 0 when the input was read (solved or not); 1 for a file that cannot be read, an
invalid level (it does not parse, several pushers, boxes and goals differ in number, too
large) or moves that cannot be played; 2 for a command line clap rejects.";

/// `--mode`: what the solver looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// A solution, found fast; not optimal in any metric.
    Any,
    /// The fewest pushes, proven; moves as few as the search happens to find.
    Pushes,
    /// The fewest moves, proven, with pushes as the tie-break.
    Moves,
}

impl From<Mode> for Objective {
    fn from(mode: Mode) -> Objective {
        match mode {
            Mode::Any => Objective::Any,
            Mode::Pushes => Objective::Pushes,
            Mode::Moves => Objective::Moves,
        }
    }
}

/// `--time` values: a positive, finite number of seconds.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!("'{text}' is not a positive number of seconds"));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("'{text}' seconds is too long"))
}

/// One level to solve: its number (from 1), title and board (or why it is invalid),
/// and the position to solve from when it is not the start.
pub(crate) struct Level {
    pub(crate) number: usize,
    pub(crate) title: String,
    pub(crate) puzzle: Result<Puzzle, String>,
    pub(crate) from: Option<Start>,
}

/// A position reached by play, to solve from: the mover standing in it, and the steps
/// played to reach it in the tessellation's letters.
pub(crate) struct Start {
    mover: Mover,
    played: String,
    steps: usize,
}

/// The JSON document of `solve`.
#[derive(Serialize)]
struct SolveDocument {
    levels: Vec<LevelReport>,
    summary: Summary,
    /// Set when the exit status is not 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorText>,
}

/// The `error` entry of a run's JSON document.
#[derive(Serialize)]
pub(crate) struct ErrorText {
    message: String,
}

impl ErrorText {
    /// The entry of `failure`, if any.
    pub(crate) fn of(failure: Option<&Failure>) -> Option<ErrorText> {
        failure.map(|failure| ErrorText {
            message: failure.message.clone(),
        })
    }
}

/// A level's report as the end of a `solve` or `optimize` run reads it.
pub(crate) trait LevelOutcome {
    /// `(number, title, error)` when the level was refused as invalid.
    fn invalid(&self) -> Option<(usize, &str, &str)>;
}

/// The failure of a run with invalid levels: the first one's message and how many
/// more there are.
pub(crate) fn invalid_levels<R: LevelOutcome>(reports: &[R]) -> Option<Failure> {
    let mut invalid = reports.iter().filter_map(LevelOutcome::invalid);
    let (number, title, error) = invalid.next()?;
    let mut message = format!("level {number}{}: {error}", quoted_title(title));
    let more = invalid.count();
    if more > 0 {
        message.push_str(&format!(" (and {more} more invalid levels)"));
    }
    Some(Failure::domain(message))
}

/// Ends a run: with `--json` the document (carrying the failure, if any), without it
/// the summary line after several levels; then the failure.
pub(crate) fn finish_run(
    out: &mut Output,
    document: &impl Serialize,
    failure: Option<Failure>,
    summary: Option<String>,
) -> Result<(), Failure> {
    if out.json {
        if let Some(failure) = failure {
            return Err(failure.with_json(document));
        }
        return out.write_json(document);
    }
    if let Some(summary) = summary {
        out.line(summary)?;
    }
    failure.map_or(Ok(()), Err)
}

#[derive(Serialize)]
struct Summary {
    levels: usize,
    solved: usize,
    proven: usize,
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
    /// `solved`, `unsolvable`, `stopped`, or `error` for a level the solver does not
    /// take (its message in `error`).
    status: &'static str,
    /// Why it stopped (`time`, `nodes`, `memory`, `cancelled`) or why it has no
    /// solution (`dead-start`, `exhausted`); `null` when solved.
    reason: Option<&'static str>,
    /// Whether a proof stands behind the status: a solution proven optimal for the
    /// mode, or the proof that the level has no solution (always, for `unsolvable`).
    proven: bool,
    seconds: f64,
    nodes: u64,
    /// The solution (from a position: the whole line, the moves played and then the
    /// continuation).
    lurd: Option<String>,
    metrics: Option<SolutionMetrics>,
    /// The position solved from, when it is not the start: `{"steps", "moves"}`.
    from: Option<FromReport>,
    /// From a position: the steps found from there, `{"lurd", "metrics"}`.
    continuation: Option<ContinuationReport>,
    error: Option<String>,
}

/// The position `solve` started from: the steps played to reach it.
#[derive(Serialize)]
struct FromReport {
    steps: usize,
    moves: String,
}

/// The continuation found from a position.
#[derive(Serialize)]
struct ContinuationReport {
    lurd: String,
    metrics: SolutionMetrics,
}

impl LevelOutcome for LevelReport {
    fn invalid(&self) -> Option<(usize, &str, &str)> {
        (self.status == "error").then(|| {
            let error = self.error.as_deref().unwrap_or_default();
            (self.number, self.title.as_str(), error)
        })
    }
}

/// `sokoengine solve`.
pub fn run(args: &SolveArgs, out: &mut Output) -> Result<(), Failure> {
    save_to_stdout(args.save.as_deref(), out)?;
    if (args.moves.is_some() || args.snapshot.is_some()) && args.all {
        return Err(Failure::usage(
            "--moves and --snapshot solve one level, not --all",
        ));
    }
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
    let config = solver_config(args, memory_bytes);
    let mut levels = levels;
    if let Some(moves) = start_moves(args, &collection, &numbers)? {
        let level = &mut levels[0];
        let puzzle = level.puzzle.as_ref().map_err(|error| {
            Failure::domain(format!(
                "level {}{}: {error}",
                level.number,
                quoted_title(&level.title)
            ))
        })?;
        let label = match args.snapshot {
            Some(k) => format!("--snapshot {k}"),
            None => "--moves".to_owned(),
        };
        level.from = Some(start_at(puzzle, &moves, &label)?);
    }

    let started = Instant::now();
    // A single invalid level is reported by the error line alone.
    let alone = levels.len() == 1;
    let reports = run_levels(
        &levels,
        jobs,
        "solving",
        &cancel,
        out,
        |level, bars| solve_level(level, &config, &cancel, bars),
        |report| {
            (!(alone && report.status == "error")).then(|| level_text(report, config.objective))
        },
    )?;
    let wall = started.elapsed().as_secs_f64();

    let summary = Summary {
        levels: reports.len(),
        solved: reports.iter().filter(|r| r.status == "solved").count(),
        proven: reports
            .iter()
            .filter(|r| r.proven && r.status == "solved")
            .count(),
        seconds: rounded(reports.iter().map(|r| r.seconds).sum()),
        wall_seconds: rounded(wall),
        nodes: reports.iter().map(|r| r.nodes).sum(),
    };
    // The file is saved only when every chosen level is valid.
    let failure = invalid_levels(&reports).or_else(|| {
        let path = args.save.as_ref()?;
        save(
            out,
            path,
            &mut collection,
            &numbers,
            &reports,
            config.objective,
        )
        .err()
    });
    let summary_line = (reports.len() > 1).then(|| summary_text(&summary, &reports));
    let document = SolveDocument {
        levels: reports,
        summary,
        error: ErrorText::of(failure.as_ref()),
    };
    finish_run(out, &document, failure, summary_line)
}

/// What a run of `solve` or `optimize` starts from: the file's levels, the chosen
/// ones, the threads to run them on, and the cancel flag that Ctrl-C sets.
pub(crate) struct Batch {
    pub(crate) collection: Collection,
    /// The chosen levels' 1-based numbers.
    pub(crate) numbers: Vec<usize>,
    pub(crate) levels: Vec<Level>,
    pub(crate) jobs: usize,
    /// Each level's memory budget in bytes.
    pub(crate) memory_bytes: usize,
    pub(crate) cancel: Cancel,
}

impl Batch {
    /// Reads `file` (`-`: standard input), picks the levels of `--level N` or
    /// `--all`, sizes the thread pool for `--jobs` and `--memory` and installs the
    /// Ctrl-C handler.
    pub(crate) fn start(
        file: &str,
        variant: Option<Tessellation>,
        level: Option<u32>,
        all: bool,
        requested_jobs: Option<u32>,
        memory: Option<u64>,
    ) -> Result<Batch, Failure> {
        let bytes = read_bytes(file)?;
        let text = sokoengine::io::decode_text(&bytes);
        let collection = read_levels(file, &text, variant)?;
        let numbers = select_levels(file, level, all, collection.puzzles.len())?;
        let levels: Vec<Level> = numbers
            .iter()
            .map(|&number| level_of(&collection, number))
            .collect();
        let (jobs, memory_bytes) = jobs_and_budget(requested_jobs, memory, levels.len());
        let cancel = Cancel::new();
        install_interrupt_handler(&cancel);
        Ok(Batch {
            collection,
            numbers,
            levels,
            jobs,
            memory_bytes,
            cancel,
        })
    }
}

/// The levels of `text`, read as every level file is (a board, an `.xsb` pack, a
/// `.sok` collection, or the JSON form). A single board with a broken row is reported
/// at that row: read as a collection, it would fall apart into levels.
pub(crate) fn read_levels(
    path: &str,
    text: &str,
    variant: Option<Tessellation>,
) -> Result<Collection, Failure> {
    let hint = variant.or_else(|| sokoengine::io::extension_hint(Path::new(path)));
    if let Some(message) = crate::sokoban::broken_row(path, text, hint) {
        return Err(Failure::domain(message));
    }
    parse_collection(path, text, variant)
}

/// The 1-based numbers of the levels to work on: `--level` (`level`), `--all`, or
/// the only level of `file`.
pub(crate) fn select_levels(
    file: &str,
    level: Option<u32>,
    all: bool,
    count: usize,
) -> Result<Vec<usize>, Failure> {
    let name = display_name(file);
    if all {
        return Ok((1..=count).collect());
    }
    match level.map(|level| level as usize) {
        Some(level) if level <= count => Ok(vec![level]),
        Some(level) => Err(Failure::domain(format!(
            "--level {level}: {name} holds {count} level{}",
            plural(count)
        ))),
        None if count == 1 => Ok(vec![1]),
        None => Err(Failure::domain(format!(
            "{name} holds {count} levels: choose one with --level N (1 to {count}), or --all"
        ))),
    }
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// `1 step`, `3 steps`.
fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The moves to solve from, for `--moves` or `--snapshot` (of the one chosen level).
fn start_moves(
    args: &SolveArgs,
    collection: &Collection,
    numbers: &[usize],
) -> Result<Option<Moves>, Failure> {
    if let Some(text) = &args.moves {
        return Moves::parse(text)
            .map(Some)
            .map_err(|error| Failure::domain(format!("--moves: {error}")));
    }
    let Some(k) = args.snapshot else {
        return Ok(None);
    };
    let number = numbers[0];
    let snapshots = collection.puzzles[number - 1].snapshots();
    let snapshot = snapshots.get(k as usize - 1).ok_or_else(|| {
        Failure::domain(format!(
            "--snapshot {k}: level {number} of {} has {}",
            display_name(&args.file),
            counted(snapshots.len(), "snapshot", "snapshots")
        ))
    })?;
    snapshot
        .moves()
        .map(Some)
        .map_err(|error| Failure::domain(format!("level {number}, snapshot {k}: {error}")))
}

/// The position after `moves` on `puzzle`, played forward up to the current-position
/// mark `*` when there is one (a saved game's redo tail is not played). `label`
/// names the moves in messages (`--moves`, `--snapshot 2`).
///
/// # Errors
///
/// A domain failure for moves of reverse play or pusher selections (the solver plays
/// forward with one pusher), and for a step that cannot be played (its number counted
/// from 1, cells by row and column).
fn start_at(puzzle: &Puzzle, moves: &Moves, label: &str) -> Result<Start, Failure> {
    let tessellation = puzzle.tessellation();
    if moves.is_reverse() {
        return Err(Failure::domain(format!(
            "{label}: reverse-mode play (a jump [..]); solve starts from forward play"
        )));
    }
    let mut steps = moves
        .pusher_steps(tessellation)
        .map_err(|error| Failure::domain(format!("{label}: {error}")))?;
    if let Some(at) = steps.iter().position(PusherStep::is_current_pos) {
        steps.truncate(at + 1);
    }
    if steps.iter().any(PusherStep::is_pusher_selection) {
        return Err(Failure::domain(format!(
            "{label}: the moves select pushers ({{..}}); the solver takes one pusher"
        )));
    }
    let mut mover =
        Mover::from_puzzle(puzzle).map_err(|error| Failure::domain(error.to_string()))?;
    replay_steps(&mut mover, &steps).map_err(|error| {
        let message = match &error {
            ReplayError::Rejected { source, .. } => source.cells_message(puzzle.width()),
            other => other.detail(),
        };
        match error.step() {
            Some(step) => Failure::domain(format!("{label}: step {}: {message}", step + 1)),
            None => Failure::domain(format!("{label}: {message}")),
        }
    })?;
    let played = steps
        .iter()
        .map(|step| tessellation.step_char(step.direction(), step.is_push_or_pull()))
        .collect::<Result<String, _>>()
        .map_err(|error| Failure::domain(error.to_string()))?;
    Ok(Start {
        mover,
        played,
        steps: steps.len(),
    })
}

/// Level `number` (1-based) of `collection`, parsed.
pub(crate) fn level_of(collection: &Collection, number: usize) -> Level {
    let entry = &collection.puzzles[number - 1];
    let puzzle = if entry.has_empty_board() {
        Err("the level has no board".to_owned())
    } else {
        entry.puzzle().map_err(|error| {
            let line = match (entry.source_line(), error.location()) {
                (Some(first), Some((line, column))) => {
                    format!("line {}, column {column}: ", first + line - 1)
                }
                (Some(first), None) => format!("line {first}: "),
                (None, Some((line, column))) => format!("board line {line}, column {column}: "),
                (None, None) => String::new(),
            };
            format!("{line}{error}")
        })
    };
    Level {
        number,
        title: entry.title.trim().to_owned(),
        puzzle,
        from: None,
    }
}

fn solver_config(args: &SolveArgs, memory_bytes: usize) -> SolverConfig {
    let mut config = SolverConfig::new(args.mode.into());
    config.limits = Limits::default().with_memory(memory_bytes);
    config.limits.time = args.time;
    config.limits.nodes = args.nodes;
    config.sokoban_plus = args.sokoban_plus;
    config
}

/// Threads to run and each level's memory budget in bytes. Threads: `--jobs`
/// (`requested`), or the number of cores, lowered so that the budgets of the levels
/// running at once fit in the memory this process may take (`memory` MiB each, or by
/// default half that memory at [`Limits::DEFAULT_MEMORY`] each); never more than the
/// levels. Budget: `memory` MiB, or by default the solver's
/// [`default_memory_budget`] for that many levels at once (`docs/reliability.md`).
pub(crate) fn jobs_and_budget(
    requested: Option<u32>,
    memory: Option<u64>,
    levels: usize,
) -> (usize, usize) {
    let bytes = memory.map(|mib| usize::try_from(mib << 20).unwrap_or(usize::MAX));
    let jobs = requested.map_or_else(
        || {
            let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
            let fit = memory_room().map_or(usize::MAX, |room| match bytes {
                Some(bytes) => (room / bytes.max(1) as u64) as usize,
                None => (room / 2 / Limits::DEFAULT_MEMORY as u64) as usize,
            });
            cores.min(fit)
        },
        |jobs| jobs as usize,
    );
    let jobs = jobs.clamp(1, levels.max(1));
    (jobs, bytes.unwrap_or_else(|| default_memory_budget(jobs)))
}

/// Ctrl-C sets `cancel` (the running levels stop and report what they found); a
/// second Ctrl-C ends the program at once with status 130.
pub(crate) fn install_interrupt_handler(cancel: &Cancel) {
    let cancel = cancel.clone();
    // Without a handler (one is already installed, or the platform refuses), Ctrl-C
    // keeps its default effect of ending the program.
    let _ = ctrlc::set_handler(move || {
        if cancel.is_cancelled() {
            std::process::exit(130);
        }
        cancel.cancel();
    });
}

/// Runs `work` on `levels` on `jobs` threads (`verb` names the work on the progress
/// bar); prints each level's text (`text`, without `--json`, when it gives one) in
/// file order as soon as it and every level before it are done. Returns the reports
/// in file order.
pub(crate) fn run_levels<R: Send>(
    levels: &[Level],
    jobs: usize,
    verb: &str,
    cancel: &Cancel,
    out: &mut Output,
    work: impl Fn(&Level, &Bars) -> R + Sync,
    text: impl Fn(&R) -> Option<String>,
) -> Result<Vec<R>, Failure> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        // The solver's freeze test recurses; leave it room in debug builds too.
        .stack_size(16 << 20)
        .thread_name(|index| format!("level-{index}"))
        .build()
        .map_err(|error| Failure::domain(format!("can't start {jobs} threads: {error}")))?;
    let mut bars = Bars::new(levels.len(), verb, out);
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, R)>();
    let mut reports: Vec<Option<R>> = levels.iter().map(|_| None).collect();
    let mut printed = 0;
    let mut result = Ok(());
    std::thread::scope(|scope| {
        let bars = &bars;
        let next = &next;
        let work = &work;
        scope.spawn(move || {
            pool.broadcast(|_| {
                let sender = sender.clone();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(level) = levels.get(index) else {
                        break;
                    };
                    let report = work(level, bars);
                    if sender.send((index, report)).is_err() {
                        break;
                    }
                }
            });
        });
        for (index, report) in receiver {
            reports[index] = Some(report);
            while let Some(Some(report)) = reports.get(printed) {
                printed += 1;
                if out.json || result.is_err() {
                    continue;
                }
                let Some(text) = text(report) else {
                    continue;
                };
                result = bars.suspend(|| out.write_text(&text).and_then(|()| out.flush()));
                if result.is_err() {
                    // Nobody reads the results any more.
                    cancel.cancel();
                }
            }
        }
    });
    bars.finish();
    result?;
    Ok(reports.into_iter().flatten().collect())
}

/// Solves one level (or reports it cancelled without starting when Ctrl-C came first).
fn solve_level(level: &Level, config: &SolverConfig, cancel: &Cancel, bars: &Bars) -> LevelReport {
    let mut report = LevelReport {
        number: level.number,
        title: level.title.clone(),
        status: "error",
        reason: None,
        proven: false,
        seconds: 0.0,
        nodes: 0,
        lurd: None,
        metrics: None,
        from: level.from.as_ref().map(|start| FromReport {
            steps: start.steps,
            moves: start.played.clone(),
        }),
        continuation: None,
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
    if cancel.is_cancelled() {
        report.status = "stopped";
        report.reason = Some(StopReason::Cancelled.name());
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
    let outcome = match &level.from {
        None => solve(puzzle, config, cancel, &mut observer),
        Some(start) => solve_from(&start.mover, config, cancel, &mut observer),
    };
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
    report.status = outcome.status();
    report.nodes = outcome.stats().expanded;
    match outcome {
        SolveOutcome::Solved(solution) => {
            report.proven = solution.proven.is_some();
            match &level.from {
                None => {
                    report.lurd = Some(solution.lurd);
                    report.metrics = Some(solution.metrics);
                }
                Some(start) => {
                    // The whole line, verified from the level's start.
                    let whole = format!("{}{}", start.played, solution.lurd);
                    let metrics = SolutionVerifier::new(puzzle)
                        .map_err(|error| error.to_string())
                        .and_then(|mut verifier| {
                            verifier.verify(&whole).map_err(|error| error.to_string())
                        });
                    match metrics {
                        Ok(metrics) => {
                            report.lurd = Some(whole);
                            report.metrics = Some(metrics);
                            report.continuation = Some(ContinuationReport {
                                lurd: solution.lurd,
                                metrics: solution.metrics,
                            });
                        }
                        Err(error) => {
                            report.status = "error";
                            report.proven = false;
                            report.error = Some(format!("internal error: the whole line: {error}"));
                        }
                    }
                }
            }
        }
        SolveOutcome::Unsolvable(reason, _) => {
            // "unsolvable" comes only with a proof.
            report.proven = true;
            report.reason = Some(match reason {
                UnsolvableReason::DeadStart => "dead-start",
                UnsolvableReason::Exhausted => "exhausted",
            });
        }
        SolveOutcome::Stopped(reason, _) => report.reason = Some(reason.name()),
    }
    report
}

/// Rounds seconds to milliseconds, for readable JSON.
pub(crate) fn rounded(seconds: f64) -> f64 {
    (seconds * 1000.0).round() / 1000.0
}

/// ` "title"`, or nothing for an empty title.
pub(crate) fn quoted_title(title: &str) -> String {
    if title.is_empty() {
        String::new()
    } else {
        format!(" {title:?}")
    }
}

/// The text of one level: a status line with time, nodes and metrics, then the
/// solution's steps.
fn level_text(report: &LevelReport, objective: Objective) -> String {
    let mut head = format!("level {}{}", report.number, quoted_title(&report.title));
    if let Some(from) = &report.from {
        head.push_str(&format!(
            " from the position after {}",
            counted(from.steps, "step", "steps")
        ));
    }
    let time = format!("{:.2} s", report.seconds);
    match report.status {
        "solved" => {
            let proven = match objective {
                _ if !report.proven => "",
                Objective::Moves => " (move-optimal)",
                _ => " (push-optimal)",
            };
            let metrics = report.metrics.unwrap_or(SolutionMetrics::ZERO);
            let lurd = report.lurd.as_deref().unwrap_or_default();
            match (&report.from, &report.continuation) {
                (Some(from), Some(continuation)) => format!(
                    "{head}: solved{proven} in {time}, {} nodes\n  \
                     continuation: {} (M/P/BL/BC/PS/PL {})\n  \
                     whole line:   {}{} (M/P/BL/BC/PS/PL {metrics})\n",
                    report.nodes,
                    if continuation.lurd.is_empty() {
                        "(no steps: solved there)"
                    } else {
                        &continuation.lurd
                    },
                    continuation.metrics,
                    from.moves,
                    continuation.lurd,
                ),
                _ => format!(
                    "{head}: solved{proven} in {time}, {} nodes, M/P/BL/BC/PS/PL {metrics}\n  {}\n",
                    report.nodes,
                    if lurd.is_empty() {
                        "(no steps: solved at the start)"
                    } else {
                        lurd
                    }
                ),
            }
        }
        "unsolvable" => {
            let why = match report.reason {
                Some("dead-start") => UnsolvableReason::DeadStart,
                _ => UnsolvableReason::Exhausted,
            };
            format!(
                "{head}: unsolvable ({why}) in {time}, {} nodes\n",
                report.nodes
            )
        }
        "stopped" => format!(
            "{head}: stopped ({}) after {time}, {} nodes\n",
            report.reason.unwrap_or("cancelled"),
            report.nodes
        ),
        _ => format!(
            "{head}: invalid: {}\n",
            report.error.as_deref().unwrap_or_default()
        ),
    }
}

/// The last line of a run over several levels.
fn summary_text(summary: &Summary, levels: &[LevelReport]) -> String {
    let count = |status: &str| levels.iter().filter(|r| r.status == status).count();
    let mut parts = vec![format!("{} solved", summary.solved)];
    if summary.proven > 0 {
        parts.push(format!("{} proven optimal", summary.proven));
    }
    for (status, name) in [
        ("unsolvable", "unsolvable"),
        ("stopped", "stopped"),
        ("error", "invalid"),
    ] {
        let n = count(status);
        if n > 0 {
            parts.push(format!("{n} {name}"));
        }
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
    // Only the optimal searches prove a lower bound.
    let bound = if progress.lower_bound > 0 {
        format!(", bound {}", progress.lower_bound)
    } else {
        String::new()
    };
    let best = progress
        .best_pushes
        .map_or_else(String::new, |pushes| format!(", best {pushes} pushes"));
    format!(
        "level {}{}: {:.1} s, {} nodes{bound}{best}, {} MiB",
        level.number,
        quoted_title(&level.title),
        progress.elapsed.as_secs_f64(),
        progress.expanded,
        progress.memory_bytes >> 20
    )
}

/// Writes the collection with each solution added to its level as a snapshot titled
/// `Solution M/P (sokoengine VERSION, MODE)`; atomically, so that `OUT.sok` may be the
/// input file itself.
fn save(
    out: &mut Output,
    path: &Path,
    collection: &mut Collection,
    numbers: &[usize],
    reports: &[LevelReport],
    objective: Objective,
) -> Result<(), Failure> {
    for (&number, report) in numbers.iter().zip(reports) {
        let (Some(lurd), Some(metrics)) = (&report.lurd, &report.metrics) else {
            continue;
        };
        let entry = &mut collection.puzzles[number - 1];
        let mut snapshot = Snapshot::new(entry.tessellation(), lurd.clone());
        snapshot.title = format!(
            "Solution {}/{} (sokoengine {}, {objective})",
            metrics.moves,
            metrics.pushes,
            env!("CARGO_PKG_VERSION")
        );
        entry.push_snapshot(snapshot);
    }
    write_collection(out, path, collection)
}

/// Writes `collection` as `.sok` to `path` (`-`: standard output), atomically
/// (`docs/reliability.md`): `path` may be the input file itself, and a failure leaves
/// it as it was.
pub(crate) fn write_collection(
    out: &mut Output,
    path: &Path,
    collection: &Collection,
) -> Result<(), Failure> {
    // A collection that cannot be written is refused before anything is written.
    let text = collection
        .to_sok_string()
        .map_err(|error| Failure::domain(format!("can't write {}: {error}", path.display())))?;
    out.write_file(path, |writer| writer.write_all(text.as_bytes()))
}

/// `--save -`: the collection takes standard output, so the report goes to standard
/// error; with `--json` the two cannot share it.
pub(crate) fn save_to_stdout(save: Option<&Path>, out: &mut Output) -> Result<(), Failure> {
    if !save.is_some_and(crate::output::is_stdout) {
        return Ok(());
    }
    if out.json {
        return Err(Failure::usage(
            "--json and --save - can't share standard output; save to a file",
        ));
    }
    out.report_on_stderr()
}

/// The progress display on standard error when it is a terminal: a bar over the
/// levels (for more than one) and a spinner per running level.
pub(crate) struct Bars {
    multi: Option<MultiProgress>,
    levels: Option<ProgressBar>,
    /// `--progress` when standard error is not a terminal: a line every few seconds.
    lines: Option<ProgressLines>,
}

impl Bars {
    /// Bars for `levels` levels of work named `verb` (`solving`); lines instead
    /// with `--progress` when standard error is not a terminal.
    fn new(levels: usize, verb: &str, out: &Output) -> Bars {
        use std::io::IsTerminal;
        if !std::io::stderr().is_terminal() {
            return Bars {
                multi: None,
                levels: None,
                lines: out
                    .progress
                    .then(|| out.progress(Some(levels as u64), &format!("{verb} levels"))),
            };
        }
        let multi = MultiProgress::new();
        let bar = (levels > 1).then(|| {
            let bar = multi.add(ProgressBar::new(levels as u64));
            if let Ok(style) = ProgressStyle::with_template(&format!(
                "{verb} [{{bar:40}}] {{pos}}/{{len}} levels ({{elapsed}})"
            )) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar
        });
        Bars {
            multi: Some(multi),
            levels: bar,
            lines: None,
        }
    }

    /// A spinner for `level`, above the levels bar.
    pub(crate) fn spinner(&self, level: &Level) -> Option<ProgressBar> {
        let multi = self.multi.as_ref()?;
        let spinner = ProgressBar::new_spinner();
        let spinner = match &self.levels {
            Some(bar) => multi.insert_before(bar, spinner),
            None => multi.add(spinner),
        };
        spinner.set_message(format!(
            "level {}{}: starting",
            level.number,
            quoted_title(&level.title)
        ));
        spinner.enable_steady_tick(Duration::from_millis(120));
        Some(spinner)
    }

    pub(crate) fn level_done(&self) {
        if let Some(bar) = &self.levels {
            bar.inc(1);
        }
        if let Some(lines) = &self.lines {
            lines.inc(1);
        }
    }

    /// Runs `f` (which prints to standard output) with the bars hidden.
    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.multi {
            Some(multi) => multi.suspend(f),
            None => f(),
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = &self.levels {
            bar.finish_and_clear();
        }
        if let Some(lines) = &mut self.lines {
            lines.finish();
        }
        if let Some(multi) = &self.multi {
            let _ = multi.clear();
        }
    }
}
