//! `verify` and `convert`: whole collections.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde::Serialize;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};
use serde_json::value::RawValue;
use sokoengine::board::Puzzle;
use sokoengine::geometry::Tessellation;
use sokoengine::io::{
    Collection, CollectionWriter, FileFormat, Place, PuzzleEntry, PuzzleVerifier, ReplayOptions,
    Snapshot, WriteError, WriteOptions, extension_hint,
};
use sokoengine::metrics::SolutionMetrics;

use crate::failure::Failure;
use crate::input::{
    MAX_INPUT, display_name, extension, parse_variant, read_collection_text, read_text,
    variant_name,
};
use crate::output::{Output, Progress, write_failure};
use crate::parallel::{fold_owned, map_owned};
use crate::sokoban::{StepError, step_error, yes_no};
use crate::stream::{Batches, CollectionFile, DEFAULT_MAX_DECODED, Plan, StreamedSeq};

/// Arguments of `sokoengine verify`.
#[derive(Debug, Args)]
#[command(after_help = "\
Every snapshot is replayed on its puzzle; the JSoko metrics of forward snapshots are \
computed whether they solve it or not (a saved game's metrics count its played steps). \
With one file, --json prints {\"title\", \"puzzles\", \"summary\"}; with several files or \
a folder, {\"files\": [{\"file\", ...the same keys...}], \"summary\"}. Exit status 0 when \
every file holds puzzles; with --strict, 1 when a snapshot is not a solution.")]
pub struct VerifyArgs {
    /// Tessellation of puzzles that no `Game:` tag names: sokoban, hexoban, trioban or
    /// octoban [default: from the file extension, .hsb hexoban, .tsb trioban; else
    /// sokoban].
    #[arg(long, visible_alias = "variant-hint", value_parser = parse_variant)]
    variant: Option<Tessellation>,
    /// Apply each puzzle's Sokoban+ orders (`boxorder:`/`goalorder:`) in the replay:
    /// solved then means every box on a goal of its own colour. Off by default.
    #[arg(long)]
    sokoban_plus: bool,
    /// Exit with status 1 when any snapshot is not a solution (unsolved or invalid).
    #[arg(long)]
    strict: bool,
    /// Collection files (.sok, .xsb, .hsb, .tsb, .txt), folders (searched for .sok, .xsb,
    /// .hsb and .tsb files), or `-` for standard input.
    #[arg(value_name = "FILE", required = true, num_args = 1..)]
    files: Vec<String>,
    /// The most bytes the boards and moves of one file may decode to (RLE expanded).
    #[arg(long, default_value_t = DEFAULT_MAX_DECODED, value_name = "BYTES")]
    max_decoded: u64,
}

impl VerifyArgs {
    /// The arguments of `sokoengine verify FILE`: one file, every option at its default.
    pub fn of_file(file: &str) -> VerifyArgs {
        VerifyArgs {
            variant: None,
            sokoban_plus: false,
            strict: false,
            files: vec![file.to_owned()],
            max_decoded: DEFAULT_MAX_DECODED,
        }
    }
}

/// Output formats of `sokoengine convert`: every format it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// Sokoban YASC .sok: boards, snapshots, notes and tags, every variant.
    Sok,
    /// Plain .xsb: titles and boards of Sokoban puzzles.
    Xsb,
    /// Plain .hsb: titles and boards of Hexoban puzzles.
    Hsb,
    /// Plain .tsb: titles and boards of Trioban puzzles.
    Tsb,
    /// Plain .txt: titles and boards of the first puzzle's variant, Octoban included
    /// (no extension names Octoban: read it back with --variant).
    Txt,
    /// JSON: the collection with every field.
    Json,
}

/// Arguments of `sokoengine convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Collection file (.sok, .xsb, .hsb, .tsb, .txt or .json), or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: String,
    /// The output format.
    #[arg(long, value_enum)]
    to: Target,
    /// RLE-encode boards and moves.
    #[arg(long)]
    rle: bool,
    /// Tessellation of puzzles that no `Game:` tag names: sokoban, hexoban, trioban or
    /// octoban [default: from the file extension, .hsb hexoban, .tsb trioban; else
    /// sokoban].
    #[arg(long, visible_alias = "variant-hint", value_parser = parse_variant)]
    variant: Option<Tessellation>,
    /// The most bytes the boards and moves of the file may decode to (RLE expanded).
    #[arg(long, default_value_t = DEFAULT_MAX_DECODED, value_name = "BYTES")]
    max_decoded: u64,
}

/// The hint for puzzles that no `Game:` tag names: the flag, else the extension's.
fn hint(path: &str, flag: Option<Tessellation>) -> Option<Tessellation> {
    flag.or_else(|| extension_hint(Path::new(path)))
}

/// Reads a whole collection file (`.json` or text starting with `{`: the JSON form).
///
/// # Errors
///
/// As [`read_text`] and [`parse_collection`].
pub fn load_collection(path: &str, hint_flag: Option<Tessellation>) -> Result<Collection, Failure> {
    parse_collection(path, &read_text(path)?, hint_flag)
}

/// The most puzzles of a collection held whole in memory (`solve`, `optimize`, `render`
/// of a JSON file): a 64 MiB file can hold 22 M minimal puzzles, a few hundred bytes
/// each once read. `verify` and `convert` stream any number.
pub const MAX_WHOLE_PUZZLES: u64 = 1_000_000;

/// The whole collection in `text`, read from `path` (`.json` or text starting with `{`:
/// the JSON form).
///
/// # Errors
///
/// As [`CollectionFile::open`] and [`CollectionFile::plan`] (a file without puzzles,
/// or whose boards and moves decode to more than [`DEFAULT_MAX_DECODED`] bytes); a
/// file of more than [`MAX_WHOLE_PUZZLES`] puzzles.
pub fn parse_collection(
    path: &str,
    text: &str,
    hint_flag: Option<Tessellation>,
) -> Result<Collection, Failure> {
    let file = CollectionFile::open(path, text, hint(path, hint_flag))?;
    let plan = file.plan(None)?;
    if plan.puzzles > MAX_WHOLE_PUZZLES {
        return Err(Failure::domain(format!(
            "{} holds {} puzzles, more than the limit of {MAX_WHOLE_PUZZLES} puzzles for \
             this command (verify and convert take any number)",
            display_name(path),
            plan.puzzles
        )));
    }
    let mut collection = file.header().clone();
    collection.puzzles = file.entries().collect::<Result<_, _>>()?;
    Ok(collection)
}

/// The `verify --json` document of one file, its puzzles written as they are verified.
struct VerifyDocument<'a, I> {
    title: &'a str,
    puzzles: StreamedSeq<I>,
    summary: &'a RefCell<Summary>,
}

impl<I: Iterator<Item = Rendered>> Serialize for VerifyDocument<'_, I> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut document = serializer.serialize_struct("VerifyDocument", 3)?;
        document.serialize_field("title", self.title)?;
        document.serialize_field("puzzles", &self.puzzles)?;
        // After the puzzles: their counts are complete.
        document.serialize_field("summary", &*self.summary.borrow())?;
        document.end()
    }
}

/// The counts of one file.
#[derive(Serialize, Default, Clone, Copy)]
struct Summary {
    puzzles: usize,
    snapshots: usize,
    solved: usize,
}

impl Summary {
    fn add(&mut self, rendered: &Rendered) {
        self.puzzles += rendered.puzzles;
        self.snapshots += rendered.snapshots;
        self.solved += rendered.solved;
    }
}

/// The counts of several files.
#[derive(Serialize, Default)]
struct FilesSummary {
    files: usize,
    unreadable: usize,
    puzzles: usize,
    snapshots: usize,
    solved: usize,
}

/// One puzzle of `verify`: `number` counts from 1, as every number a person reads.
#[derive(Serialize)]
struct PuzzleReport {
    number: usize,
    title: String,
    variant: &'static str,
    width: Option<usize>,
    height: Option<usize>,
    error: Option<String>,
    snapshots: Vec<SnapshotReport>,
}

#[derive(Serialize)]
struct SnapshotReport {
    number: usize,
    title: String,
    solved: bool,
    error: Option<StepError>,
    /// The six metrics, as the metrics crate serializes them.
    metrics: Option<SolutionMetrics>,
}

/// Level files found in folders.
const FOLDER_EXTENSIONS: [&str; 4] = ["sok", "xsb", "hsb", "tsb"];

/// `sokoengine verify`.
pub fn verify(args: &VerifyArgs, out: &mut Output) -> Result<(), Failure> {
    let files = collect_files(&args.files)?;
    if let ([only], false) = (files.as_slice(), is_dir(&args.files[0])) {
        return verify_one(only, args, out);
    }
    verify_many(&files, args, out)
}

/// One file: any problem reading it is the failure of the command, found before any
/// output.
fn verify_one(path: &str, args: &VerifyArgs, out: &mut Output) -> Result<(), Failure> {
    let text = read_collection_text(path)?;
    let file = CollectionFile::open(path, &text, hint(path, args.variant))?;
    let plan = file.plan(Some(args.max_decoded))?;
    let mut progress = out.progress(
        Some(plan.puzzles + plan.snapshots),
        "verifying puzzles and snapshots",
    );
    let failure = RefCell::new(None);
    let summary = RefCell::new(Summary::default());
    let render = if out.json {
        Render::Json { depth: 2 }
    } else {
        Render::Text
    };
    let reports = verified(
        file.batches(),
        file.parallel(),
        args.sokoban_plus,
        render,
        &progress,
        &failure,
    )
    .inspect(|report| summary.borrow_mut().add(report));
    let title = &file.header().title;
    if out.json {
        out.write_json(&VerifyDocument {
            title,
            puzzles: StreamedSeq::new(reports),
            summary: &summary,
        })?;
    } else {
        for report in reports {
            out.write_text(&report.text)?;
        }
        out.write_text(&summary_text(title, &summary.borrow()))?;
    }
    progress.finish();
    // The process ends now: the text and its puzzles are left to the system, which
    // frees them wholesale (freeing a large text unmaps it, and with a second thread
    // that asks the other core to flush its address cache: 0.2 ms of 2 MB).
    std::mem::forget(file);
    std::mem::forget(text);
    if let Some(failure) = failure.into_inner() {
        return Err(failure);
    }
    let summary = summary.into_inner();
    strict_failure(args.strict, summary.snapshots - summary.solved, out.json)
}

/// One file of several, verified as it is written: `{"file", "error", "title",
/// "puzzles", "summary"}`, or `{"file", "error"}` when it cannot be verified.
struct FileDocument<'a> {
    path: &'a str,
    args: &'a VerifyArgs,
    progress: &'a Progress,
    totals: &'a RefCell<FilesSummary>,
    failure: &'a RefCell<Option<Failure>>,
}

impl Serialize for FileDocument<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("file", self.path)?;
        let text = match read_text(self.path) {
            Ok(text) => text,
            Err(error) => {
                self.totals.borrow_mut().unreadable += 1;
                map.serialize_entry("error", &error.message)?;
                return map.end();
            }
        };
        let hint = hint(self.path, self.args.variant);
        let opened = CollectionFile::open(self.path, &text, hint)
            .and_then(|file| file.plan(Some(self.args.max_decoded)).map(|_| file));
        let file = match opened {
            Ok(file) => file,
            Err(error) => {
                self.totals.borrow_mut().unreadable += 1;
                map.serialize_entry("error", &error.message)?;
                return map.end();
            }
        };
        map.serialize_entry("error", &None::<String>)?;
        let summary = RefCell::new(Summary::default());
        let reports = verified(
            file.batches(),
            file.parallel(),
            self.args.sokoban_plus,
            Render::Json { depth: 4 },
            self.progress,
            self.failure,
        )
        .inspect(|report| summary.borrow_mut().add(report));
        map.serialize_entry("title", &file.header().title)?;
        map.serialize_entry("puzzles", &StreamedSeq::new(reports))?;
        map.serialize_entry("summary", &*summary.borrow())?;
        self.totals.borrow_mut().add(&summary.borrow());
        map.end()
    }
}

impl FilesSummary {
    fn add(&mut self, summary: &Summary) {
        self.puzzles += summary.puzzles;
        self.snapshots += summary.snapshots;
        self.solved += summary.solved;
    }
}

/// The `verify --json` document of several files.
struct FilesDocument<'a, I> {
    files: StreamedSeq<I>,
    totals: &'a RefCell<FilesSummary>,
}

impl<'a, I: Iterator<Item = FileDocument<'a>>> Serialize for FilesDocument<'a, I> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut document = serializer.serialize_struct("FilesDocument", 2)?;
        document.serialize_field("files", &self.files)?;
        document.serialize_field("summary", &*self.totals.borrow())?;
        document.end()
    }
}

/// Several files (or folders): each is verified as it comes, and a file that cannot be
/// verified is reported in its place.
fn verify_many(files: &[String], args: &VerifyArgs, out: &mut Output) -> Result<(), Failure> {
    let mut progress = out.progress(None, "puzzles and snapshots verified");
    let failure = RefCell::new(None);
    let totals = RefCell::new(FilesSummary {
        files: files.len(),
        ..FilesSummary::default()
    });
    if out.json {
        let documents = files.iter().map(|path| FileDocument {
            path,
            args,
            progress: &progress,
            totals: &totals,
            failure: &failure,
        });
        out.write_json(&FilesDocument {
            files: StreamedSeq::new(documents),
            totals: &totals,
        })?;
    } else {
        for path in files {
            out.write_text(&format!("== {path}\n"))?;
            let text = match read_text(path) {
                Ok(text) => text,
                Err(error) => {
                    totals.borrow_mut().unreadable += 1;
                    out.write_text(&format!("error: {}\n", error.message))?;
                    continue;
                }
            };
            let file = CollectionFile::open(path, &text, hint(path, args.variant))
                .and_then(|file| file.plan(Some(args.max_decoded)).map(|_| file));
            let file = match file {
                Ok(file) => file,
                Err(error) => {
                    totals.borrow_mut().unreadable += 1;
                    out.write_text(&format!("error: {}\n", error.message))?;
                    continue;
                }
            };
            let mut summary = Summary::default();
            let reports = verified(
                file.batches(),
                file.parallel(),
                args.sokoban_plus,
                Render::Text,
                &progress,
                &failure,
            );
            for report in reports {
                summary.add(&report);
                out.write_text(&report.text)?;
            }
            out.write_text(&summary_text(&file.header().title, &summary))?;
            totals.borrow_mut().add(&summary);
        }
        let s = totals.borrow();
        let mut line = format!(
            "total: {} files, {} puzzles, {} snapshots, {} solved",
            s.files, s.puzzles, s.snapshots, s.solved
        );
        if s.unreadable > 0 {
            line.push_str(&format!(", {} files not verified", s.unreadable));
        }
        out.line(line)?;
    }
    progress.finish();
    if let Some(failure) = failure.into_inner() {
        return Err(failure);
    }
    let totals = totals.into_inner();
    if totals.unreadable > 0 {
        let message = format!(
            "{} of {} files could not be verified",
            totals.unreadable, totals.files
        );
        return Err(quiet_failure(message, out.json));
    }
    strict_failure(args.strict, totals.snapshots - totals.solved, out.json)
}

/// With `--strict`, the failure for `failing` snapshots that are not solutions (the
/// document is already printed).
fn strict_failure(strict: bool, failing: usize, json: bool) -> Result<(), Failure> {
    if !strict || failing == 0 {
        return Ok(());
    }
    let message = format!(
        "--strict: {failing} snapshot{} not a solution",
        if failing == 1 { " is" } else { "s are" }
    );
    Err(quiet_failure(message, json))
}

/// A domain failure whose JSON document (already printed) is not printed again.
fn quiet_failure(message: String, json: bool) -> Failure {
    let failure = Failure::domain(message);
    if json {
        // The document on standard output already says everything.
        failure.with_json_printed()
    } else {
        failure
    }
}

fn is_dir(path: &str) -> bool {
    path != "-" && Path::new(path).is_dir()
}

/// The files named, folders searched (recursively, sorted) for level files. In a
/// folder, only regular files are taken (following symbolic links): a FIFO or device
/// named `x.sok` would block or never end, so it is skipped with a warning; a folder
/// reached twice through links is searched once.
fn collect_files(arguments: &[String]) -> Result<Vec<String>, Failure> {
    let mut files = Vec::new();
    for argument in arguments {
        if !is_dir(argument) {
            // A file named on the command line must exist: a usage error before any
            // output, as with one file.
            if arguments.len() > 1 && argument != "-" {
                if let Err(error) = std::fs::metadata(argument) {
                    return Err(Failure::domain(format!("can't read {argument}: {error}")));
                }
            }
            files.push(argument.clone());
            continue;
        }
        let mut found = Vec::new();
        let mut folders = vec![PathBuf::from(argument)];
        let mut searched = std::collections::HashSet::new();
        while let Some(folder) = folders.pop() {
            if !searched.insert(std::fs::canonicalize(&folder).unwrap_or_else(|_| folder.clone())) {
                continue;
            }
            let entries = std::fs::read_dir(&folder).map_err(|error| {
                Failure::domain(format!("can't read {}: {error}", folder.display()))
            })?;
            for entry in entries.flatten() {
                let path = entry.path();
                let metadata = std::fs::metadata(&path);
                if metadata.as_ref().is_ok_and(std::fs::Metadata::is_dir) {
                    folders.push(path);
                    continue;
                }
                if !FOLDER_EXTENSIONS.contains(&extension(&path.to_string_lossy()).as_str()) {
                    continue;
                }
                match metadata {
                    Ok(metadata) if metadata.is_file() => found.push(path),
                    Ok(_) => eprintln!("warning: skipped {}: not a regular file", path.display()),
                    Err(error) => eprintln!("warning: skipped {}: {error}", path.display()),
                }
            }
        }
        if found.is_empty() {
            return Err(Failure::domain(format!(
                "{argument}: no level file ({}) in this folder",
                FOLDER_EXTENSIONS.map(|e| format!(".{e}")).join(", ")
            )));
        }
        found.sort();
        files.extend(found.iter().map(|p| p.to_string_lossy().into_owned()));
    }
    Ok(files)
}

/// How the puzzles of `verify` are written: text, or JSON objects nested `depth`
/// containers deep in a pretty-printed document.
#[derive(Clone, Copy)]
enum Render {
    Text,
    Json { depth: usize },
}

/// Verified puzzles, written out: their counts and their text (consecutive puzzles in
/// one string), or the JSON of one puzzle.
struct Rendered {
    puzzles: usize,
    snapshots: usize,
    solved: usize,
    /// The text report (empty for JSON).
    text: String,
    /// The JSON object, pretty-printed at its depth (`None` for text).
    json: Option<Box<RawValue>>,
}

impl Rendered {
    /// `report` written as `render` says: done in parallel, so only writing the
    /// results out is left to one thread.
    fn new(report: &PuzzleReport, render: Render) -> Rendered {
        let mut rendered = Rendered::empty();
        rendered.push(report, render);
        rendered
    }

    /// No puzzle yet.
    const fn empty() -> Rendered {
        Rendered {
            puzzles: 0,
            snapshots: 0,
            solved: 0,
            text: String::new(),
            json: None,
        }
    }

    /// Adds `report`: its text after the text so far, or its JSON (one puzzle only).
    fn push(&mut self, report: &PuzzleReport, render: Render) {
        self.puzzles += 1;
        self.snapshots += report.snapshots.len();
        self.solved += report.snapshots.iter().filter(|s| s.solved).count();
        match render {
            Render::Text => puzzle_text(report, &mut self.text),
            Render::Json { depth } => {
                // Written alone with the pretty printer's two-space steps, then indented
                // as deep as the document holds it (JSON strings hold no raw line break).
                let alone = serde_json::to_string_pretty(report).unwrap_or_default();
                let indented = alone.replace('\n', &format!("\n{}", "  ".repeat(depth)));
                self.json = RawValue::from_string(indented).ok();
            }
        }
    }
}

impl Serialize for Rendered {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(serializer)
    }
}

/// The puzzles of `batches`, each batch verified and rendered in parallel (when
/// `parallel`); the first failure to read a puzzle ends them and is left in `failure`.
fn verified<'a>(
    mut batches: Batches<'a>,
    parallel: bool,
    sokoban_plus: bool,
    render: Render,
    progress: &'a Progress,
    failure: &'a RefCell<Option<Failure>>,
) -> impl Iterator<Item = Rendered> + 'a {
    let mut next_index = 0;
    let mut pending = Vec::new().into_iter();
    std::iter::from_fn(move || {
        while pending.len() == 0 {
            let current = match batches.next()? {
                Ok(current) => current,
                Err(error) => {
                    failure.borrow_mut().get_or_insert(error);
                    return None;
                }
            };
            let first = next_index;
            next_index += current.len();
            let verify = |offset, entry: PuzzleEntry| {
                let report = verify_puzzle(first + offset, &entry, sokoban_plus, progress);
                progress.inc(1);
                report
            };
            pending = match render {
                // Consecutive puzzles' text in one string: a few large writes and
                // frees after the parallel work instead of one per puzzle.
                Render::Text => {
                    fold_owned(current, parallel, Rendered::empty, |rendered, i, entry| {
                        rendered.push(&verify(i, entry), render);
                    })
                }
                Render::Json { .. } => map_owned(current, parallel, |i, entry| {
                    Rendered::new(&verify(i, entry), render)
                }),
            }
            .into_iter();
        }
        pending.next()
    })
}

fn verify_puzzle(
    index: usize,
    entry: &PuzzleEntry,
    sokoban_plus: bool,
    progress: &Progress,
) -> PuzzleReport {
    let (puzzle, error) = match entry.puzzle() {
        Ok(puzzle) => (Some(puzzle), None),
        Err(error) => (None, Some(error.to_string())),
    };
    // Built only for puzzles with snapshots (most of the cost of a tiny puzzle).
    let has_snapshots = !entry.snapshots().is_empty();
    let mut verifier = puzzle
        .as_ref()
        .filter(|_| has_snapshots)
        .map(PuzzleVerifier::new);
    let snapshots = entry
        .snapshots()
        .iter()
        .enumerate()
        .map(|(snapshot_index, snapshot)| {
            let board = puzzle.as_ref().zip(verifier.as_mut());
            let report = verify_snapshot(snapshot_index, snapshot, board, sokoban_plus);
            progress.inc(1);
            report
        })
        .collect();
    PuzzleReport {
        number: index + 1,
        title: entry.title.clone(),
        variant: variant_name(entry.tessellation()),
        width: puzzle.as_ref().map(Puzzle::width),
        height: puzzle.as_ref().map(Puzzle::height),
        error,
        snapshots,
    }
}

fn verify_snapshot(
    index: usize,
    snapshot: &Snapshot,
    board: Option<(&Puzzle, &mut PuzzleVerifier<'_>)>,
    sokoban_plus: bool,
) -> SnapshotReport {
    let mut report = SnapshotReport {
        number: index + 1,
        title: snapshot.title.clone(),
        solved: false,
        error: None,
        metrics: None,
    };
    let fail = |message: String| {
        Some(StepError {
            step: None,
            message,
        })
    };
    let Some((puzzle, verifier)) = board else {
        report.error = fail("the board does not parse".to_owned());
        return report;
    };
    let moves = match snapshot.moves() {
        Ok(moves) => moves,
        Err(error) => {
            report.error = fail(error.to_string());
            return report;
        }
    };
    // Replay and JSoko's metrics (docs/rules.md#verifying-a-solution: solutions and saved
    // games alike; none for illegal steps, reverse snapshots and pusher selections) in one
    // pass, or on a Mover where that cannot tell, with its exact messages.
    // The puzzle's Sokoban+ orders apply only when asked for, as in `replay`.
    let verdict = verifier.verify(&moves, ReplayOptions::new().sokoban_plus(sokoban_plus));
    report.metrics = verdict.metrics.map(|game| game.metrics);
    report.solved = verdict.solved;
    report.error = verdict
        .error
        .as_ref()
        .map(|error| step_error(error, puzzle.width()));
    report
}

/// Writes the text report of one puzzle at the end of `text`.
fn puzzle_text(puzzle: &PuzzleReport, text: &mut String) {
    use std::fmt::Write;
    // Written straight into one string (no string per piece); writing to a `String`
    // cannot fail.
    text.reserve(64 + 64 * puzzle.snapshots.len());
    let _ = write!(text, "puzzle {} {:?} (", puzzle.number, puzzle.title);
    let _ = match (puzzle.width, puzzle.height) {
        (Some(w), Some(h)) => write!(text, "{} {w}x{h})", puzzle.variant),
        _ => write!(text, "{} invalid board)", puzzle.variant),
    };
    if let Some(error) = &puzzle.error {
        let _ = write!(text, ": {error}");
    }
    text.push('\n');
    for snapshot in &puzzle.snapshots {
        let _ = write!(
            text,
            "  snapshot {} {:?}: solved {}",
            snapshot.number,
            snapshot.title,
            yes_no(snapshot.solved)
        );
        if let Some(metrics) = &snapshot.metrics {
            let _ = write!(text, ", {metrics}");
        }
        if let Some(error) = &snapshot.error {
            let _ = match error.step {
                Some(step) => write!(text, ", step {}: {}", step + 1, error.message),
                None => write!(text, ", {}", error.message),
            };
        }
        text.push('\n');
    }
}

/// The last line of the text report of a file.
fn summary_text(title: &str, summary: &Summary) -> String {
    let title = if title.is_empty() {
        "collection"
    } else {
        title
    };
    format!(
        "{title}: {} puzzles, {} snapshots, {} solved\n",
        summary.puzzles, summary.snapshots, summary.solved
    )
}

/// `sokoengine convert`.
pub fn convert(args: &ConvertArgs, out: &mut Output) -> Result<(), Failure> {
    if out.json {
        return Err(Failure::usage(
            "convert writes its result in the format of --to; use --to json instead of --json",
        ));
    }
    let text = read_text(&args.file)?;
    let file = CollectionFile::open(&args.file, &text, hint(&args.file, args.variant))?;
    let plan = file.plan(Some(args.max_decoded))?;
    let mut progress = out.progress(Some(plan.puzzles), "converting puzzles");
    let options = WriteOptions::new().rle(args.rle);
    let result = match args.to {
        Target::Json => convert_to_json(&file, args.rle, &progress, out),
        Target::Sok => write_holdable(&file, FileFormat::Sok, options, &plan, &progress, out),
        Target::Xsb => write_holdable(&file, FileFormat::Xsb, options, &plan, &progress, out),
        Target::Hsb => write_holdable(&file, FileFormat::Hsb, options, &plan, &progress, out),
        Target::Tsb => write_holdable(&file, FileFormat::Tsb, options, &plan, &progress, out),
        Target::Txt => write_holdable(&file, FileFormat::Txt, options, &plan, &progress, out),
    };
    progress.finish();
    result
}

/// The most bytes `convert` writes: what `verify` and every other command read back
/// ([`MAX_INPUT`]).
const MAX_OUTPUT: u64 = MAX_INPUT;

/// The refusal of output over [`MAX_OUTPUT`].
fn too_large(format: FileFormat, bytes: Option<u64>) -> Failure {
    let size = bytes.map_or_else(String::new, |bytes| format!(" ({bytes} bytes)"));
    Failure::domain(format!(
        "the .{} text would be larger than the limit of {MAX_OUTPUT} bytes{size} that verify \
         and the other commands read; convert the file in parts",
        format.extension()
    ))
}

/// Writes the puzzles of `file` in `format` as they are read, leaving out (with a
/// warning on standard error) each puzzle the format cannot hold: another tessellation
/// than a plain format's, or notes, fields or board text that would read back
/// differently; a snapshot it cannot hold is left out alone. Output larger than
/// [`MAX_OUTPUT`] is refused: before anything is written when the file and what its
/// boards and moves decode to could come to half of it (a first pass measures it), and
/// in any case as soon as the output passes it.
///
/// # Errors
///
/// A domain failure when the file header cannot be written or no puzzle is left (then
/// nothing is written), or for output over [`MAX_OUTPUT`].
fn write_holdable(
    file: &CollectionFile<'_>,
    format: FileFormat,
    options: WriteOptions,
    plan: &Plan,
    progress: &Progress,
    out: &mut Output,
) -> Result<(), Failure> {
    if file.text_len() as u64 + plan.decoded > MAX_OUTPUT / 2 {
        let mut measured = Counted::new(std::io::sink());
        measured.limit = u64::MAX;
        write_entries(file, format, options, &mut measured, None)?;
        if measured.bytes > MAX_OUTPUT {
            return Err(too_large(format, Some(measured.bytes)));
        }
    }
    let mut counted = Counted::new(out.writer());
    write_entries(file, format, options, &mut counted, Some(progress)).map_err(|failure| {
        if counted.over {
            too_large(format, None)
        } else {
            failure
        }
    })
}

/// A writer that counts what passes through it and refuses to pass its limit
/// ([`MAX_OUTPUT`] unless set).
struct Counted<W> {
    inner: W,
    bytes: u64,
    limit: u64,
    /// Whether a write would have passed the limit.
    over: bool,
}

impl<W> Counted<W> {
    const fn new(inner: W) -> Counted<W> {
        Counted {
            inner,
            bytes: 0,
            limit: MAX_OUTPUT,
            over: false,
        }
    }
}

impl<W: std::io::Write> std::io::Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.saturating_add(buf.len() as u64) > self.limit {
            self.over = true;
            return Err(std::io::Error::other("the output limit"));
        }
        let written = self.inner.write(buf)?;
        self.bytes += written as u64;
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Writes the puzzles of `file` to `output` (see [`write_holdable`]); warns and counts
/// progress only with `progress` (the real pass, not the measuring one).
fn write_entries(
    file: &CollectionFile<'_>,
    format: FileFormat,
    options: WriteOptions,
    output: &mut impl std::io::Write,
    progress: Option<&Progress>,
) -> Result<(), Failure> {
    let warn = |message: String| {
        if progress.is_some() {
            eprintln!("warning: {message}");
        }
    };
    let failure = |error: WriteError| match error {
        WriteError::Io(error) => write_failure(error),
        error => Failure::domain(error.to_string()),
    };
    let mut writer =
        CollectionWriter::new(output, file.header(), format, options).map_err(failure)?;
    let (mut written, mut skipped) = (0, 0);
    for (index, entry) in file.entries().enumerate() {
        let mut entry = entry?;
        // The file's numbers of the snapshots still in `entry`.
        let mut numbers: Vec<usize> = (1..=entry.snapshots().len()).collect();
        loop {
            match writer.write(&entry) {
                Ok(()) => written += 1,
                Err(WriteError::Io(error)) => return Err(write_failure(error)),
                Err(error) => {
                    // A snapshot the format cannot hold is left out, not its puzzle
                    // (nothing of the puzzle was written): then the puzzle again.
                    if let Some((at, reason)) = snapshot_problem(&error) {
                        if (1..=numbers.len()).contains(&at) {
                            let number = numbers.remove(at - 1);
                            entry.remove_snapshot(at - 1);
                            warn(format!(
                                "puzzle {} ({:?}): left out snapshot {number}: {reason}",
                                index + 1,
                                entry.title
                            ));
                            continue;
                        }
                    }
                    let reason = skip_reason(&error, index + 1).ok_or_else(|| failure(error))?;
                    warn(format!(
                        "skipped puzzle {} ({:?}): {reason}",
                        index + 1,
                        entry.title
                    ));
                    skipped += 1;
                }
            }
            break;
        }
        if let Some(progress) = progress {
            progress.inc(1);
        }
    }
    if written == 0 {
        // The writer holds back the header until a puzzle follows it: nothing is out.
        return Err(Failure::domain(format!(
            "no puzzle can be written as .{} ({skipped} skipped)",
            format.extension()
        )));
    }
    writer.finish().map_err(failure)?;
    Ok(())
}

/// A snapshot's own problem: its number in the puzzle as written and why it cannot be
/// written (`None` for a problem of the puzzle or the file).
fn snapshot_problem(error: &WriteError) -> Option<(usize, String)> {
    let (place, reason) = match error {
        WriteError::UnsafeNotesLine {
            place,
            line,
            problem,
        } => (
            place,
            format!("notes line {line:?} would be read back as {problem}"),
        ),
        WriteError::MultiLineField {
            place,
            field,
            value,
        } => (place, format!("{field} {value:?} contains a line break")),
        WriteError::UnsafeMoves {
            place,
            moves,
            problem,
        } => (
            place,
            format!("moves {moves:?} would be read back as {problem}"),
        ),
        _ => return None,
    };
    match place {
        Place::Snapshot { snapshot, .. } => Some((*snapshot, reason)),
        _ => None,
    }
}

/// Why puzzle `number` cannot be written, for the warning that it is skipped (`None`:
/// the error is no reason to skip it).
fn skip_reason(error: &WriteError, number: usize) -> Option<String> {
    Some(match error {
        WriteError::TessellationMismatch {
            tessellation,
            expected,
            format,
            ..
        } => format!(
            "a {tessellation} puzzle can't be written to a .{} file of {expected} puzzles \
             (use --to {} or --to sok)",
            format.extension(),
            FileFormat::plain(*tessellation).extension()
        ),
        WriteError::UnsafeNotesLine {
            place,
            line,
            problem,
        } => format!(
            "{}notes line {line:?} would be read back as {problem}",
            place_snapshot(*place)
        ),
        WriteError::MultiLineField {
            place,
            field,
            value,
        } => format!(
            "{}{field} {value:?} contains a line break",
            place_snapshot(*place)
        ),
        WriteError::UnsafeMoves {
            place,
            moves,
            problem,
        } => format!(
            "{}moves {moves:?} would be read back as {problem}",
            place_snapshot(*place)
        ),
        // In a plain file, the lone board line of the puzzle before would read as this
        // puzzle's title.
        WriteError::UnsafeBoardRow {
            place,
            row,
            problem,
        } => match place_puzzle(*place) {
            Some(puzzle) if puzzle != number => {
                format!("board row {row:?} of puzzle {puzzle} would be read back as {problem}")
            }
            _ => format!("board row {row:?} would be read back as {problem}"),
        },
        _ => return None,
    })
}

/// The JSON form of a collection, its puzzles written as they are read. Keys in the
/// order of a `serde_json::Value` (sorted), as the document has always had them.
struct JsonCollection<'a, I> {
    file: &'a CollectionFile<'a>,
    puzzles: StreamedSeq<I>,
}

impl<I: Iterator<Item = serde_json::Value>> Serialize for JsonCollection<'_, I> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let header = self.file.header();
        let mut document = serializer.serialize_struct("Collection", 6)?;
        document.serialize_field("author", &header.author)?;
        document.serialize_field("created_at", &header.created_at)?;
        document.serialize_field("notes", &header.notes)?;
        document.serialize_field("puzzles", &self.puzzles)?;
        document.serialize_field("title", &header.title)?;
        document.serialize_field("updated_at", &header.updated_at)?;
        document.end()
    }
}

fn convert_to_json(
    file: &CollectionFile<'_>,
    rle: bool,
    progress: &Progress,
    out: &mut Output,
) -> Result<(), Failure> {
    let failure = RefCell::new(None);
    let puzzles = file.entries().map_while(|entry| {
        let value = entry.and_then(|entry| {
            let mut value = serde_json::to_value(&entry)
                .map_err(|e| Failure::domain(format!("can't write JSON: {e}")))?;
            if rle {
                rle_encode_json(&entry, &mut value);
            }
            Ok(value)
        });
        progress.inc(1);
        value
            .map_err(|error| *failure.borrow_mut() = Some(error))
            .ok()
    });
    out.write_json(&JsonCollection {
        file,
        puzzles: StreamedSeq::new(puzzles),
    })?;
    failure.into_inner().map_or(Ok(()), Err)
}

/// The puzzle number of a write problem's place (`None` for the file header).
const fn place_puzzle(place: Place) -> Option<usize> {
    match place {
        Place::Puzzle { puzzle } | Place::Snapshot { puzzle, .. } => Some(puzzle),
        _ => None,
    }
}

/// `snapshot K: ` for a snapshot's place, else nothing.
fn place_snapshot(place: Place) -> String {
    match place {
        Place::Snapshot { snapshot, .. } => format!("snapshot {snapshot}: "),
        _ => String::new(),
    }
}

/// RLE-encodes, in the JSON form of `entry`, the board (visible floor, rows joined by
/// `|`) and every snapshot's moves that parse, as `--rle` asks.
fn rle_encode_json(entry: &PuzzleEntry, json: &mut serde_json::Value) {
    if let Ok(puzzle) = entry.puzzle() {
        if puzzle.size() > 0 {
            json["board"] = puzzle.to_board_str(true, true).into();
        }
    }
    let Some(snapshots) = json.get_mut("snapshots").and_then(|s| s.as_array_mut()) else {
        return;
    };
    for (snapshot, json) in entry.snapshots().iter().zip(snapshots) {
        if let Ok(moves) = snapshot.moves() {
            json["moves"] = moves.to_str(true).into();
        }
    }
}
