//! `verify` and `convert`: whole collections.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;
use sokoengine::board::{BoardGraph, Puzzle};
use sokoengine::geometry::Tessellation;
use sokoengine::io::{
    Collection, FileFormat, Place, PuzzleEntry, Snapshot, WriteError, WriteOptions, extension_hint,
};
use sokoengine::metrics::{SolutionMetrics, SolutionVerifier};

use crate::failure::Failure;
use crate::input::{display_name, extension, parse_variant, read_bytes, variant_name};
use crate::output::{Output, progress};
use crate::sokoban::{StepError, run_replay_on, yes_no};

/// Arguments of `sokoengine verify`.
#[derive(Debug, Args)]
#[command(after_help = "\
Every snapshot is replayed on its puzzle; the JSoko metrics of forward snapshots are \
computed whether they solve it or not (a saved game's metrics count its played steps). \
With one file, --json prints {\"title\", \"puzzles\", \"summary\"}; with several files or \
a folder, {\"files\": [{\"file\", ...the same keys...}], \"summary\"}. Exit status 0 when \
every file holds puzzles; with --strict, 1 when a snapshot is not a solution.")]
pub struct VerifyArgs {
    /// Variant of puzzles that no `Game:` tag names: sokoban, hexoban, trioban or octoban.
    #[arg(long, value_parser = parse_variant)]
    variant_hint: Option<Tessellation>,
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
}

/// Output formats of `sokoengine convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// Sokoban YASC .sok: boards, snapshots, notes and tags.
    Sok,
    /// Plain .xsb: titles and boards only (Sokoban puzzles only).
    Xsb,
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
    /// Variant of puzzles that no `Game:` tag names: sokoban, hexoban, trioban or octoban.
    #[arg(long, value_parser = parse_variant)]
    variant_hint: Option<Tessellation>,
}

/// Reads a collection file (`.json` or text starting with `{`: the JSON form).
pub fn load_collection(path: &str, hint: Option<Tessellation>) -> Result<Collection, Failure> {
    let bytes = read_bytes(path)?;
    parse_collection(path, &sokoengine::io::decode_text(&bytes), hint)
}

/// The collection in `text`, read from `path` (`.json` or text starting with `{`: the
/// JSON form).
pub fn parse_collection(
    path: &str,
    text: &str,
    hint: Option<Tessellation>,
) -> Result<Collection, Failure> {
    let hint = hint.or_else(|| extension_hint(std::path::Path::new(path)));
    if extension(path) == "json" || text.trim_start().starts_with('{') {
        return serde_json::from_str(text).map_err(|e| {
            Failure::domain(format!(
                "{}: invalid JSON collection: {e}",
                display_name(path)
            ))
        });
    }
    let collection = Collection::parse(text, hint);
    if collection.puzzles.is_empty() {
        return Err(Failure::domain(format!(
            "{} holds no puzzle",
            display_name(path)
        )));
    }
    Ok(collection)
}

#[derive(Serialize)]
struct VerifyDocument {
    title: String,
    puzzles: Vec<PuzzleReport>,
    summary: Summary,
}

/// The report of one file among several.
#[derive(Serialize)]
struct FileReport {
    file: String,
    /// Why the file could not be verified (it holds no puzzle, it cannot be read).
    error: Option<String>,
    #[serde(flatten)]
    report: Option<VerifyDocument>,
}

#[derive(Serialize)]
struct FilesDocument {
    files: Vec<FileReport>,
    summary: FilesSummary,
}

#[derive(Serialize)]
struct FilesSummary {
    files: usize,
    unreadable: usize,
    puzzles: usize,
    snapshots: usize,
    solved: usize,
}

#[derive(Serialize)]
struct Summary {
    puzzles: usize,
    snapshots: usize,
    solved: usize,
}

#[derive(Serialize)]
struct PuzzleReport {
    index: usize,
    title: String,
    variant: &'static str,
    width: Option<usize>,
    height: Option<usize>,
    error: Option<String>,
    snapshots: Vec<SnapshotReport>,
}

#[derive(Serialize)]
struct SnapshotReport {
    index: usize,
    title: String,
    solved: bool,
    error: Option<StepError>,
    metrics: Option<MetricsReport>,
}

#[derive(Serialize)]
struct MetricsReport {
    moves: u32,
    pushes: u32,
    box_lines: u32,
    box_changes: u32,
    pushing_sessions: u32,
    player_lines: u32,
}

impl From<SolutionMetrics> for MetricsReport {
    fn from(m: SolutionMetrics) -> Self {
        MetricsReport {
            moves: m.moves,
            pushes: m.pushes,
            box_lines: m.box_lines,
            box_changes: m.box_changes,
            pushing_sessions: m.pushing_sessions,
            player_lines: m.player_lines,
        }
    }
}

/// Level files found in folders.
const FOLDER_EXTENSIONS: [&str; 4] = ["sok", "xsb", "hsb", "tsb"];

/// `sokoengine verify`.
pub fn verify(args: &VerifyArgs, out: &mut Output) -> Result<(), Failure> {
    let files = collect_files(&args.files)?;
    if let ([only], false) = (files.as_slice(), is_dir(&args.files[0])) {
        let collection = load_collection(only, args.variant_hint)?;
        let document = verify_collection(&collection, args.sokoban_plus);
        let failing = document.summary.snapshots - document.summary.solved;
        let result = out.emit(&document, || verify_text(&document));
        return result.and_then(|()| strict_failure(args.strict, failing, &document, out.json));
    }
    let mut reports = Vec::with_capacity(files.len());
    for file in &files {
        let report = match load_collection(file, args.variant_hint) {
            Ok(collection) => FileReport {
                file: file.clone(),
                error: None,
                report: Some(verify_collection(&collection, args.sokoban_plus)),
            },
            Err(failure) => FileReport {
                file: file.clone(),
                error: Some(failure.message),
                report: None,
            },
        };
        reports.push(report);
    }
    let summaries = reports.iter().filter_map(|r| r.report.as_ref());
    let summary = FilesSummary {
        files: reports.len(),
        unreadable: reports.iter().filter(|r| r.error.is_some()).count(),
        puzzles: summaries.clone().map(|r| r.summary.puzzles).sum(),
        snapshots: summaries.clone().map(|r| r.summary.snapshots).sum(),
        solved: summaries.map(|r| r.summary.solved).sum(),
    };
    let document = FilesDocument {
        files: reports,
        summary,
    };
    out.emit(&document, || files_text(&document))?;
    if document.summary.unreadable > 0 {
        let message = format!(
            "{} of {} files could not be verified",
            document.summary.unreadable, document.summary.files
        );
        return Err(quiet_failure(message, &document, out.json));
    }
    let failing = document.summary.snapshots - document.summary.solved;
    strict_failure(args.strict, failing, &document, out.json)
}

/// With `--strict`, the failure for `failing` snapshots that are not solutions (the
/// document is already printed).
fn strict_failure(
    strict: bool,
    failing: usize,
    document: &impl Serialize,
    json: bool,
) -> Result<(), Failure> {
    if !strict || failing == 0 {
        return Ok(());
    }
    let message = format!(
        "--strict: {failing} snapshot{} not a solution",
        if failing == 1 { " is" } else { "s are" }
    );
    Err(quiet_failure(message, document, json))
}

/// A domain failure whose JSON document (already printed) is not printed again.
fn quiet_failure(message: String, document: &impl Serialize, json: bool) -> Failure {
    let failure = Failure::domain(message);
    if json {
        // The document on standard output already says everything.
        failure.with_json_printed()
    } else {
        let _ = document;
        failure
    }
}

fn is_dir(path: &str) -> bool {
    path != "-" && Path::new(path).is_dir()
}

/// The files named, folders searched (recursively, sorted) for level files.
fn collect_files(arguments: &[String]) -> Result<Vec<String>, Failure> {
    let mut files = Vec::new();
    for argument in arguments {
        if !is_dir(argument) {
            // A file named on the command line must exist: a usage error before any
            // output, as with one file.
            if arguments.len() > 1 && argument != "-" {
                if let Err(error) = std::fs::metadata(argument) {
                    return Err(Failure::usage(format!("can't read {argument}: {error}")));
                }
            }
            files.push(argument.clone());
            continue;
        }
        let mut found = Vec::new();
        let mut folders = vec![PathBuf::from(argument)];
        while let Some(folder) = folders.pop() {
            let entries = std::fs::read_dir(&folder).map_err(|error| {
                Failure::usage(format!("can't read {}: {error}", folder.display()))
            })?;
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if FOLDER_EXTENSIONS.contains(&extension(&path.to_string_lossy()).as_str()) {
                    found.push(path);
                }
            }
        }
        if found.is_empty() {
            return Err(Failure::usage(format!(
                "{argument}: no level file ({}) in this folder",
                FOLDER_EXTENSIONS.map(|e| format!(".{e}")).join(", ")
            )));
        }
        found.sort();
        files.extend(found.iter().map(|p| p.to_string_lossy().into_owned()));
    }
    Ok(files)
}

fn verify_collection(collection: &Collection, sokoban_plus: bool) -> VerifyDocument {
    let bar = progress(collection.puzzles.len() as u64, "verifying");
    let puzzles: Vec<PuzzleReport> = collection
        .puzzles
        .par_iter()
        .enumerate()
        .map(|(index, entry)| {
            let report = verify_puzzle(index, entry, sokoban_plus);
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            report
        })
        .collect();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let snapshots = puzzles.iter().map(|p| p.snapshots.len()).sum();
    let solved = puzzles
        .iter()
        .flat_map(|p| &p.snapshots)
        .filter(|s| s.solved)
        .count();
    VerifyDocument {
        title: collection.title.clone(),
        summary: Summary {
            puzzles: puzzles.len(),
            snapshots,
            solved,
        },
        puzzles,
    }
}

fn verify_puzzle(index: usize, entry: &PuzzleEntry, sokoban_plus: bool) -> PuzzleReport {
    let (puzzle, error) = match entry.puzzle() {
        Ok(puzzle) => (Some(puzzle), None),
        Err(error) => (None, Some(error.to_string())),
    };
    let mut verifier = puzzle.as_ref().and_then(|p| SolutionVerifier::new(p).ok());
    // One board graph for all of the puzzle's snapshots (each replay takes a copy).
    let graph = puzzle
        .as_ref()
        .map(|p| BoardGraph::new(p).map_err(|e| e.to_string()));
    let snapshots = entry
        .snapshots()
        .iter()
        .enumerate()
        .map(|(snapshot_index, snapshot)| {
            let board = puzzle.as_ref().zip(graph.as_ref());
            verify_snapshot(
                snapshot_index,
                snapshot,
                board,
                verifier.as_mut(),
                sokoban_plus,
            )
        })
        .collect();
    PuzzleReport {
        index,
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
    board: Option<(&Puzzle, &Result<BoardGraph, String>)>,
    verifier: Option<&mut SolutionVerifier>,
    sokoban_plus: bool,
) -> SnapshotReport {
    let mut report = SnapshotReport {
        index,
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
    let Some((puzzle, graph)) = board else {
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
    // The puzzle's Sokoban+ orders apply only when asked for, as in `replay`.
    match run_replay_on(graph.clone(), puzzle, &moves, false, sokoban_plus) {
        Ok(outcome) => {
            report.solved = outcome.error.is_none() && outcome.solved;
            report.error = outcome.error;
        }
        Err(message) => report.error = fail(message),
    }
    // JSoko's metrics (metrics.md 3.8): solutions and saved games alike; none for
    // illegal steps, reverse snapshots and pusher selections.
    if !moves.is_reverse() {
        if let Some(verifier) = verifier {
            report.metrics = verifier
                .verify_saved_game(moves.as_str())
                .ok()
                .map(|game| game.metrics.into());
        }
    }
    report
}

fn verify_text(document: &VerifyDocument) -> String {
    let mut text = String::new();
    for puzzle in &document.puzzles {
        let size = match (puzzle.width, puzzle.height) {
            (Some(w), Some(h)) => format!("{w}x{h}"),
            _ => "invalid board".to_owned(),
        };
        text.push_str(&format!(
            "puzzle {} {:?} ({} {size})",
            puzzle.index, puzzle.title, puzzle.variant
        ));
        if let Some(error) = &puzzle.error {
            text.push_str(&format!(": {error}"));
        }
        text.push('\n');
        for snapshot in &puzzle.snapshots {
            text.push_str(&format!(
                "  snapshot {} {:?}: solved {}",
                snapshot.index,
                snapshot.title,
                yes_no(snapshot.solved)
            ));
            if let Some(m) = &snapshot.metrics {
                text.push_str(&format!(
                    ", {}/{}/{}/{}/{}/{}",
                    m.moves,
                    m.pushes,
                    m.box_lines,
                    m.box_changes,
                    m.pushing_sessions,
                    m.player_lines
                ));
            }
            if let Some(error) = &snapshot.error {
                match error.step {
                    Some(step) => text.push_str(&format!(", step {step}: {}", error.message)),
                    None => text.push_str(&format!(", {}", error.message)),
                }
            }
            text.push('\n');
        }
    }
    let title = if document.title.is_empty() {
        "collection"
    } else {
        &document.title
    };
    text.push_str(&format!(
        "{title}: {} puzzles, {} snapshots, {} solved\n",
        document.summary.puzzles, document.summary.snapshots, document.summary.solved
    ));
    text
}

fn files_text(document: &FilesDocument) -> String {
    let mut text = String::new();
    for file in &document.files {
        text.push_str(&format!("== {}\n", file.file));
        match (&file.report, &file.error) {
            (Some(report), _) => text.push_str(&verify_text(report)),
            (None, Some(error)) => text.push_str(&format!("error: {error}\n")),
            (None, None) => {}
        }
    }
    let s = &document.summary;
    text.push_str(&format!(
        "total: {} files, {} puzzles, {} snapshots, {} solved",
        s.files, s.puzzles, s.snapshots, s.solved
    ));
    if s.unreadable > 0 {
        text.push_str(&format!(", {} files not verified", s.unreadable));
    }
    text.push('\n');
    text
}

/// `sokoengine convert`.
pub fn convert(args: &ConvertArgs, out: &mut Output) -> Result<(), Failure> {
    if out.json {
        return Err(Failure::usage(
            "convert writes its result in the format of --to; use --to json instead of --json",
        ));
    }
    let collection = load_collection(&args.file, args.variant_hint)?;
    let options = WriteOptions::new().rle(args.rle);
    let text = match args.to {
        Target::Json => {
            let mut value = serde_json::to_value(&collection)
                .map_err(|e| Failure::domain(format!("can't write JSON: {e}")))?;
            if args.rle {
                rle_encode_json(&collection, &mut value);
            }
            let mut text = serde_json::to_string_pretty(&value)
                .map_err(|e| Failure::domain(format!("can't write JSON: {e}")))?;
            text.push('\n');
            text
        }
        Target::Sok | Target::Xsb => {
            let format = if args.to == Target::Sok {
                FileFormat::Sok
            } else {
                FileFormat::Xsb
            };
            write_holdable(collection, format, options)?
        }
    };
    out.write_text(&text)
}

/// Writes `collection` in `format`, leaving out (with a warning on standard error) each
/// puzzle the format cannot hold: another tessellation than a plain format's, or notes
/// and fields that would read back differently.
///
/// # Errors
///
/// A domain failure when the file header cannot be written or no puzzle is left.
fn write_holdable(
    mut collection: Collection,
    format: FileFormat,
    options: WriteOptions,
) -> Result<String, Failure> {
    // 1-based numbers of the puzzles still in the collection, in the input file.
    let mut numbers: Vec<usize> = (1..=collection.puzzles.len()).collect();
    let mut skipped = 0;
    loop {
        let error = match collection.to_plain_string_with(format, options) {
            Ok(text) if !collection.puzzles.is_empty() => return Ok(text),
            Ok(_) => {
                return Err(Failure::domain(format!(
                    "no puzzle can be written as .{} ({skipped} skipped)",
                    format.extension()
                )));
            }
            Err(error) => error,
        };
        let (puzzle, reason) = match &error {
            WriteError::TessellationMismatch {
                puzzle,
                tessellation,
                format,
            } => (
                *puzzle,
                format!(
                    "a {tessellation} puzzle can't be written to a .{} file (use --to sok)",
                    format.extension()
                ),
            ),
            WriteError::UnsafeNotesLine {
                place,
                line,
                problem,
                ..
            } => (
                place_puzzle(*place).ok_or_else(|| Failure::domain(error.to_string()))?,
                format!(
                    "{}notes line {line:?} would be read back as {problem}",
                    place_snapshot(*place)
                ),
            ),
            WriteError::MultiLineField {
                place,
                field,
                value,
            } => (
                place_puzzle(*place).ok_or_else(|| Failure::domain(error.to_string()))?,
                format!(
                    "{}{field} {value:?} contains a line break",
                    place_snapshot(*place)
                ),
            ),
            _ => return Err(Failure::domain(error.to_string())),
        };
        let Some(index) = puzzle.checked_sub(1).filter(|&i| i < numbers.len()) else {
            return Err(Failure::domain(error.to_string()));
        };
        let entry = collection.puzzles.remove(index);
        eprintln!(
            "warning: skipped puzzle {} ({:?}): {reason}",
            numbers.remove(index),
            entry.title
        );
        skipped += 1;
    }
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

/// RLE-encodes, in the JSON form of `collection`, every board (visible floor, rows
/// joined by `|`) and every snapshot's moves that parse, as `--rle` asks.
fn rle_encode_json(collection: &Collection, value: &mut serde_json::Value) {
    let Some(puzzles) = value.get_mut("puzzles").and_then(|p| p.as_array_mut()) else {
        return;
    };
    for (entry, json) in collection.puzzles.iter().zip(puzzles) {
        if let Ok(puzzle) = entry.puzzle() {
            if puzzle.size() > 0 {
                json["board"] = puzzle.to_board_str(true, true).into();
            }
        }
        let Some(snapshots) = json.get_mut("snapshots").and_then(|s| s.as_array_mut()) else {
            continue;
        };
        for (snapshot, json) in entry.snapshots().iter().zip(snapshots) {
            if let Ok(moves) = snapshot.moves() {
                json["moves"] = moves.to_str(true).into();
            }
        }
    }
}
