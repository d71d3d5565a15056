//! `verify` and `convert`: whole collections.

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;
use sokoengine::board::Puzzle;
use sokoengine::geometry::Tessellation;
use sokoengine::io::{Collection, FileFormat, PuzzleEntry, Snapshot, WriteOptions, extension_hint};
use sokoengine::metrics::{SolutionMetrics, SolutionVerifier};

use crate::failure::Failure;
use crate::input::{display_name, extension, parse_variant, read_bytes, variant_name};
use crate::output::{Output, progress};
use crate::sokoban::{StepError, run_replay, yes_no};

/// Arguments of `sokoengine verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Variant of puzzles that no `Game:` tag names: sokoban, hexoban, trioban or octoban.
    #[arg(long, value_parser = parse_variant)]
    variant_hint: Option<Tessellation>,
    /// Collection file (.sok, .xsb, .hsb, .tsb, .txt), or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: String,
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
fn load_collection(path: &str, hint: Option<Tessellation>) -> Result<Collection, Failure> {
    let bytes = read_bytes(path)?;
    let hint = hint.or_else(|| extension_hint(std::path::Path::new(path)));
    let text = sokoengine::io::decode_text(&bytes);
    if extension(path) == "json" || text.trim_start().starts_with('{') {
        return serde_json::from_str(&text).map_err(|e| {
            Failure::domain(format!(
                "{}: invalid JSON collection: {e}",
                display_name(path)
            ))
        });
    }
    let collection = Collection::parse(&text, hint);
    if collection.puzzles.is_empty() {
        return Err(Failure::domain(format!(
            "{} holds no puzzle",
            display_name(path)
        )));
    }
    Ok(collection)
}

#[derive(Serialize)]
struct VerifyDocument<'a> {
    title: &'a str,
    puzzles: Vec<PuzzleReport>,
    summary: Summary,
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

/// `sokoengine verify`.
pub fn verify(args: &VerifyArgs, out: &mut Output) -> Result<(), Failure> {
    let collection = load_collection(&args.file, args.variant_hint)?;
    let bar = progress(collection.puzzles.len() as u64, "verifying");
    let puzzles: Vec<PuzzleReport> = collection
        .puzzles
        .par_iter()
        .enumerate()
        .map(|(index, entry)| {
            let report = verify_puzzle(index, entry);
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
    let document = VerifyDocument {
        title: &collection.title,
        summary: Summary {
            puzzles: puzzles.len(),
            snapshots,
            solved,
        },
        puzzles,
    };
    out.emit(&document, || verify_text(&document))
}

fn verify_puzzle(index: usize, entry: &PuzzleEntry) -> PuzzleReport {
    let parsed = entry.puzzle().map(|mut puzzle| {
        puzzle.boxorder.clone_from(&entry.boxorder);
        puzzle.goalorder.clone_from(&entry.goalorder);
        puzzle
    });
    let (puzzle, error) = match parsed {
        Ok(puzzle) => (Some(puzzle), None),
        Err(error) => (None, Some(error.to_string())),
    };
    let mut verifier = puzzle.as_ref().and_then(|p| SolutionVerifier::new(p).ok());
    let snapshots = entry
        .snapshots()
        .iter()
        .enumerate()
        .map(|(snapshot_index, snapshot)| {
            verify_snapshot(snapshot_index, snapshot, puzzle.as_ref(), verifier.as_mut())
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
    puzzle: Option<&Puzzle>,
    verifier: Option<&mut SolutionVerifier>,
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
    let Some(puzzle) = puzzle else {
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
    // Solutions are checked as plain Sokoban (Sokoban+ orders are an optional variant
    // of the game, and a collection's solutions are for the plain game).
    match run_replay(puzzle, &moves, false, false) {
        Ok(outcome) => {
            report.solved = outcome.error.is_none() && outcome.solved;
            report.error = outcome.error;
        }
        Err(message) => report.error = fail(message),
    }
    if !moves.is_reverse() {
        if let Some(verifier) = verifier {
            report.metrics = verifier.verify(moves.as_str()).ok().map(Into::into);
        }
    }
    report
}

fn verify_text(document: &VerifyDocument<'_>) -> String {
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
        document.title
    };
    text.push_str(&format!(
        "{title}: {} puzzles, {} snapshots, {} solved\n",
        document.summary.puzzles, document.summary.snapshots, document.summary.solved
    ));
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
            collection
                .to_plain_string_with(format, options)
                .map_err(|e| Failure::domain(e.to_string()))?
        }
    };
    out.write_text(&text)
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
