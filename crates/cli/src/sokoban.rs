//! `board`, `replay` and `metrics`: one board of the Sokoban family.

use clap::Args;
use serde::Serialize;
use std::path::Path;

use sokoengine::board::{BoardParseError, Puzzle, is_board_line};
use sokoengine::geometry::Tessellation;
use sokoengine::io::{
    Moves, PuzzleEntry, PuzzleReader, ReplayError, ReplayOptions, extension_hint,
};
use sokoengine::metrics::{InvalidSolution, SolutionMetrics, SolutionVerifier};
use sokoengine::mover::Mover;

use crate::failure::Failure;
use crate::input::{display_name, level_number, parse_variant, read_text, variant_name};
use crate::output::Output;

/// Which board of a file: the variant of untagged puzzles and the level number.
#[derive(Debug, Args)]
pub struct BoardChoice {
    /// Tessellation of puzzles that no `Game:` tag names: sokoban, hexoban, trioban or
    /// octoban [default: from the file extension, .hsb hexoban, .tsb trioban; else
    /// sokoban].
    #[arg(long, visible_alias = "variant-hint", value_parser = parse_variant)]
    pub variant: Option<Tessellation>,
    /// The level to use, counted from 1, when the file holds several (a collection or a
    /// level pack).
    #[arg(long, visible_alias = "puzzle", value_name = "N", value_parser = level_number, allow_hyphen_values = true)]
    pub level: Option<u32>,
}

/// Arguments of `sokoengine board`.
#[derive(Debug, Args)]
pub struct BoardArgs {
    #[command(flatten)]
    choice: BoardChoice,
    /// Print the board RLE-encoded (floor as `-`).
    #[arg(long)]
    rle: bool,
    /// Print floor as `-` rather than as spaces (JSON always does).
    #[arg(long)]
    visible_floor: bool,
    /// Board text (plain or RLE), a level file or collection (.xsb, .hsb, .tsb, .txt,
    /// .sok), or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: String,
}

/// Arguments of `sokoengine replay`.
#[derive(Debug, Args)]
#[command(after_help = "\
Text output counts the steps applied, then the walks (steps that move no box; jump \
steps included) and the pushes (pulls in reverse mode). JSON: moves_count is the walks \
and pushes_count the pushes, as the snapshot counts of the specification; the metrics \
subcommand's moves count every step, pushes included.")]
pub struct ReplayArgs {
    #[command(flatten)]
    choice: BoardChoice,
    /// Replay in reverse mode (pulls); implied when the moves contain a jump `[...]`.
    #[arg(long)]
    reverse: bool,
    /// Apply the puzzle's Sokoban+ orders (`boxorder:`/`goalorder:` of a .sok): solved
    /// then means every box on a goal of its own colour. Off by default.
    #[arg(long)]
    sokoban_plus: bool,
    /// Board text (plain or RLE), a level file or collection, or `-`.
    #[arg(long, value_name = "FILE")]
    board: String,
    /// The moves: RLE, `[jumps]`, `{pusher selections}` and `*` allowed.
    #[arg(long, value_name = "SNAPSHOT", allow_hyphen_values = true)]
    moves: String,
}

/// Arguments of `sokoengine metrics`.
#[derive(Debug, Args)]
#[command(after_help = "\
JSoko's metrics are those of plain Sokoban: Sokoban+ orders are not applied (see \
'sokoengine replay --sokoban-plus').")]
pub struct MetricsArgs {
    #[command(flatten)]
    choice: BoardChoice,
    /// Board text (plain or RLE), a level file or collection, or `-`.
    #[arg(long, value_name = "FILE")]
    board: String,
    /// The solution's steps, read as `replay` reads them (RLE allowed); the board decides
    /// push or move, letter case is ignored.
    #[arg(long, value_name = "LURD", allow_hyphen_values = true)]
    moves: String,
}

#[derive(Serialize)]
struct BoardDocument<'a> {
    variant: &'a str,
    width: usize,
    height: usize,
    board: &'a str,
    pushers: usize,
    boxes: usize,
    goals: usize,
}

/// `sokoengine board`: the text floor as spaces, as board files have it (`-` with
/// `--visible-floor`, in RLE, and in JSON, whose boards always show their floor).
pub fn board(args: &BoardArgs, out: &mut Output) -> Result<(), Failure> {
    let puzzle = load_board(&args.file, &args.choice)?;
    let printed = puzzle.to_board_str(true, args.rle);
    let document = BoardDocument {
        variant: variant_name(puzzle.tessellation()),
        width: puzzle.width(),
        height: puzzle.height(),
        board: &printed,
        pushers: puzzle.pusher_count(),
        boxes: puzzle.box_count(),
        goals: puzzle.goal_count(),
    };
    out.emit(&document, || {
        let floor_shown = args.visible_floor || args.rle;
        if floor_shown {
            return format!("{printed}\n");
        }
        // Rows end where their last cell that is not floor does, as in level files.
        let mut text = String::with_capacity(printed.len() + 1);
        for row in puzzle.to_board_str(false, false).lines() {
            text.push_str(row.trim_end());
            text.push('\n');
        }
        text
    })
}

/// The message of a board that does not parse, with its location: `first_line` is the
/// file line of the board's first row.
pub fn board_error(path: &str, first_line: usize, error: &BoardParseError) -> String {
    match error.location() {
        Some((line, column)) => format!(
            "{}: line {}, column {column}: {error}",
            display_name(path),
            first_line + line - 1
        ),
        None => format!("{}: {error}", display_name(path)),
    }
}

/// The board of `FILE`, read as every level file is (docs/formats.md#collections-sok: plain boards,
/// `.xsb` packs and `.sok` collections alike), with its Sokoban+ orders: the only
/// puzzle, or puzzle `--puzzle N`. The variant comes from a `Game:` tag, else
/// `--variant`, else the file extension.
fn load_board(path: &str, choice: &BoardChoice) -> Result<Puzzle, Failure> {
    load_puzzle(path, choice).map(|(_, puzzle)| puzzle)
}

/// The puzzle [`load_board`] reads, with its entry in the file (title, snapshots). The
/// file's puzzles are read one at a time and only the chosen one is kept, so memory
/// stays a small multiple of the file however many puzzles it holds.
pub fn load_puzzle(path: &str, choice: &BoardChoice) -> Result<(PuzzleEntry, Puzzle), Failure> {
    let text = read_text(path)?;
    let hint = choice.variant.or_else(|| extension_hint(Path::new(path)));
    choose_puzzle(path, PuzzleReader::new(&text, hint), choice.level, || {
        broken_row(path, &text, hint)
    })
}

/// Puzzle `number` (1-based) of `entries` (the puzzles of `path`), or its only puzzle
/// when no number is given; then `broken_row` names a broken board row to report
/// instead. Only the chosen entry is kept.
pub fn choose_puzzle(
    path: &str,
    entries: impl IntoIterator<Item = PuzzleEntry>,
    number: Option<u32>,
    broken_row: impl FnOnce() -> Option<String>,
) -> Result<(PuzzleEntry, Puzzle), Failure> {
    let wanted = number.map_or(Some(0), |number| (number as usize).checked_sub(1));
    let mut chosen = None;
    let mut count = 0;
    for entry in entries {
        if Some(count) == wanted {
            chosen = Some(entry);
        }
        count += 1;
    }
    let name = display_name(path);
    match number {
        Some(number) => {
            let number = number as usize;
            if number > count {
                return Err(Failure::domain(format!(
                    "--level {number}: {name} holds {count} level{}",
                    if count == 1 { "" } else { "s" }
                )));
            }
        }
        None => {
            // One board with a broken row falls apart into puzzles: report the row.
            if let Some(message) = broken_row() {
                return Err(Failure::domain(message));
            }
            if count > 1 {
                return Err(Failure::domain(format!(
                    "{name} holds {count} levels: choose one with --level N (1 to {count})"
                )));
            }
        }
    }
    let entry = chosen.ok_or_else(|| Failure::domain(format!("{name} holds no board")))?;
    let puzzle = entry.puzzle().map_err(|error| {
        Failure::domain(board_error(path, entry.source_line().unwrap_or(1), &error))
    })?;
    if puzzle.size() == 0 {
        return Err(Failure::domain(format!("{name} holds no board")));
    }
    Ok((entry, puzzle))
}

/// When `text` does not parse as one board because of a row that looks like a broken
/// board row (it starts or ends with `#` and touches a board line), the board error
/// at that row. Without this, the level reader would split the board there (or drop
/// the row as a note) and the real mistake would go unreported.
pub fn broken_row(path: &str, text: &str, hint: Option<Tessellation>) -> Option<String> {
    let error = Puzzle::parse(hint.unwrap_or_default(), text).err()?;
    let (line, _) = error.location()?;
    // Found by scanning, not by tabling every line: the text may be a 64 MiB file.
    let row = text.lines().nth(line.checked_sub(1)?)?.trim();
    let board_at = |index: Option<usize>| {
        index
            .and_then(|index| text.lines().nth(index))
            .is_some_and(is_board_line)
    };
    let touches_board = board_at(line.checked_sub(2)) || board_at(Some(line));
    let looks_like_a_row = row.starts_with('#') || row.ends_with('#');
    (touches_board && looks_like_a_row && !is_board_line(row)).then(|| board_error(path, 1, &error))
}

#[derive(Serialize)]
struct ReplayDocument {
    variant: &'static str,
    reverse: bool,
    steps: usize,
    final_board: String,
    solved: bool,
    moves_count: usize,
    pushes_count: usize,
    error: Option<StepError>,
}

/// A failing pusher step and the mover's message. In JSON, `{"step_number", "message"}`:
/// the step counted from 1, as the text says it.
#[derive(Clone, Debug)]
pub struct StepError {
    /// 0-based index of the failing pusher step (`None` when the moves never reached the
    /// mover, e.g. they do not parse).
    pub step: Option<usize>,
    /// The message.
    pub message: String,
}

impl StepError {
    /// `step 4: message` (the step counted from 1), or the message alone.
    pub fn text(&self) -> String {
        match self.step {
            Some(step) => format!("step {}: {}", step + 1, self.message),
            None => self.message.clone(),
        }
    }
}

impl Serialize for StepError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut error = serializer.serialize_struct("StepError", 2)?;
        error.serialize_field("step_number", &self.step.map(|step| step + 1))?;
        error.serialize_field("message", &self.message)?;
        error.end()
    }
}

/// The end of a replay: steps applied, the mover in its final position, the error.
pub struct ReplayOutcome {
    /// Pusher steps applied before the end or the failing step.
    pub applied: usize,
    /// Non-push steps applied (jump steps included, selection steps not).
    pub moves_count: usize,
    /// Push (or pull) steps applied.
    pub pushes_count: usize,
    /// The mover after the last applied step (its board is rendered only on request).
    pub mover: Mover,
    /// Every box on a goal (Sokoban+ IDs respected when enabled).
    pub solved: bool,
    /// Why the replay stopped early.
    pub error: Option<StepError>,
}

/// A replay's error as the commands report it: the refused step (cells named by row
/// and column on a board `width` cells wide), or the problem found before the first
/// step.
pub fn step_error(error: &ReplayError, width: usize) -> StepError {
    let message = match error {
        ReplayError::Rejected { source, .. } => source.cells_message(width),
        ReplayError::SokobanPlus(error) => format!("Sokoban+: {error}"),
        other => other.detail(),
    };
    StepError {
        step: error.step(),
        message,
    }
}

/// Replays `moves` on `puzzle`: reverse mode when `reverse` or the moves contain a jump;
/// Sokoban+ enabled when `sokoban_plus` and the puzzle has orders.
///
/// # Errors
///
/// The message of a problem found before the first step: moves with letters foreign to
/// the tessellation, a board too large or not playable, bad Sokoban+ orders.
pub fn run_replay(
    puzzle: &Puzzle,
    moves: &Moves,
    reverse: bool,
    sokoban_plus: bool,
) -> Result<ReplayOutcome, String> {
    let options = ReplayOptions::new()
        .reverse(reverse)
        .sokoban_plus(sokoban_plus);
    let mut mover = options
        .mover(puzzle, moves)
        .map_err(|error| step_error(&error, puzzle.width()).message)?;
    // Played a block of steps at a time: no step list beside the text.
    let verdict = sokoengine::io::replay(&mut mover, moves);
    if let Some(ReplayError::Step(error)) = &verdict.error {
        // A letter without meaning: nothing was played.
        return Err(error.to_string());
    }
    if matches!(verdict.error, Some(ReplayError::Mismatch { .. })) {
        // The step was played before its push/move kind was found wrong.
        let _ = mover.undo_last_move();
    }
    Ok(ReplayOutcome {
        applied: verdict.steps,
        moves_count: verdict.moves,
        pushes_count: verdict.pushes,
        solved: mover.is_solved(),
        error: verdict
            .error
            .as_ref()
            .map(|error| step_error(error, puzzle.width())),
        mover,
    })
}

/// `sokoengine replay`.
pub fn replay(args: &ReplayArgs, out: &mut Output) -> Result<(), Failure> {
    let puzzle = load_board(&args.board, &args.choice)?;
    let moves = Moves::parse(&args.moves).map_err(|e| Failure::domain(format!("--moves: {e}")))?;
    let outcome =
        run_replay(&puzzle, &moves, args.reverse, args.sokoban_plus).map_err(Failure::domain)?;
    let document = ReplayDocument {
        variant: variant_name(puzzle.tessellation()),
        reverse: args.reverse || moves.jump_count() > 0,
        steps: outcome.applied,
        final_board: outcome.mover.board().to_board_str(true, false),
        solved: outcome.solved,
        moves_count: outcome.moves_count,
        pushes_count: outcome.pushes_count,
        error: outcome.error,
    };
    let text = || {
        let (push, pushes) = if document.reverse {
            ("pull", "pulls")
        } else {
            ("push", "pushes")
        };
        format!(
            "{}\nsteps: {} ({}, {}), solved: {}\n",
            document.final_board,
            document.steps,
            counted(document.moves_count, "walk", "walks"),
            counted(document.pushes_count, push, pushes),
            yes_no(document.solved)
        )
    };
    match &document.error {
        None => out.emit(&document, text),
        Some(error) => {
            if !out.json {
                out.write_text(&text())?;
            }
            Err(Failure::domain(error.text()).with_json(&document))
        }
    }
}

/// `1 walk`, `4 walks`.
fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// `yes` or `no`.
pub const fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

#[derive(Serialize)]
struct MetricsDocument {
    valid: bool,
    solved: bool,
    lurd: String,
    /// The six metrics, as the metrics crate serializes them, among the document's fields.
    #[serde(flatten)]
    metrics: SolutionMetrics,
    error: Option<String>,
}

/// `sokoengine metrics`.
pub fn metrics(args: &MetricsArgs, out: &mut Output) -> Result<(), Failure> {
    let puzzle = load_board(&args.board, &args.choice)?;
    let mut verifier =
        SolutionVerifier::new(&puzzle).map_err(|e| Failure::domain(e.to_string()))?;
    // The move text is read as every command reads it (RLE decoded, anything but moves
    // refused), and only then measured.
    let moves = Moves::parse(&args.moves).map_err(|e| Failure::domain(format!("--moves: {e}")))?;
    let mut lurd = String::new();
    let (metrics, error) = match verifier.verify_normalized(moves.as_str(), &mut lurd) {
        Ok(metrics) => (metrics, None),
        Err(error) => (invalid_metrics(&mut verifier, &error, &lurd), Some(error)),
    };
    let document = MetricsDocument {
        valid: error.is_none(),
        solved: error.is_none(),
        lurd,
        metrics,
        error: error.map(|e| e.to_string()),
    };
    let text = || {
        format!(
            "{metrics} (moves/pushes/box lines/box changes/pushing sessions/player lines)\n\
             lurd: {}\nvalid: {}\n",
            document.lurd,
            yes_no(document.valid)
        )
    };
    match &document.error {
        None => out.emit(&document, text),
        Some(message) => {
            if !out.json {
                out.write_text(&text())?;
            }
            Err(Failure::domain(message.clone()).with_json(&document))
        }
    }
}

/// The metrics of the legal steps of an invalid solution.
fn invalid_metrics(
    verifier: &mut SolutionVerifier,
    error: &InvalidSolution,
    prefix: &str,
) -> SolutionMetrics {
    match error {
        InvalidSolution::NotSolved { metrics, .. } => *metrics,
        InvalidSolution::BlockedMove { .. } | InvalidSolution::BlockedPush { .. } => verifier
            .verify_saved_game(prefix)
            .map_or(SolutionMetrics::ZERO, |game| game.metrics),
        _ => SolutionMetrics::ZERO,
    }
}
