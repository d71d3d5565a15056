//! `render`: pictures (SVG, PNG, HTML) and animations of Sokoban boards and solutions, and
//! what every picture command shares (`PictureArgs`, `SequenceArgs`, writing the picture).
//! `tilewe render`, `setting-sun render` and `hanoi render` live with their games.

use std::io::Write;
use std::path::Path;

use clap::{Args, ValueEnum};
use serde::Serialize;
use sokoengine::board::{BoardPosition, Puzzle};
use sokoengine::io::{Moves, ReplayOptions};
use sokoengine::mover::BoardManager;
use sokoengine::render::{
    Animation, BoardPicture, Highlight, MAX_CELL, MIN_CELL, Options, Playback, RenderError, Rgb,
    Theme, position_after, svg_page,
};

use crate::collection::load_collection;
use crate::failure::Failure;
use crate::input::{display_name, extension, snapshot_number};
use crate::output::Output;
use crate::sokoban::{BoardChoice, StepError, choose_puzzle, load_puzzle, step_error};

/// The most frames `--animate` draws (an animated SVG grows with every frame).
pub(crate) const MAX_ANIMATED_FRAMES: u64 = 1 << 16;

/// Picture formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// SVG: a still picture, or with --animate one that plays itself in a browser.
    Svg,
    /// PNG (a still picture; needs -o).
    Png,
    /// A self-contained HTML page; with --animate, with play/pause, steps and a slider.
    Html,
}

impl Format {
    const fn name(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Html => "html",
        }
    }
}

/// How a picture is drawn and where it goes: shared by every `render`.
#[derive(Debug, Args)]
pub struct PictureArgs {
    /// Output format [default: from the extension of -o: .svg, .png, .html or .htm;
    /// svg on standard output].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Colour theme: light or dark.
    #[arg(long, default_value = "light", value_parser = parse_theme)]
    theme: Theme,
    /// Cell size in pixels (4 to 512): the distance between neighbouring cells in a row.
    #[arg(long, default_value_t = 32.0, value_name = "PX", value_parser = parse_cell)]
    cell: f64,
    /// Draw labels: row and column numbers, Tilewe coordinates and scores, peg and disk
    /// numbers.
    #[arg(long)]
    labels: bool,
    /// Seconds per frame of an animation (0.01 to 60).
    #[arg(long, default_value_t = 0.25, value_name = "SECONDS", value_parser = parse_seconds)]
    frame_seconds: f64,
    /// Write the picture to OUT (atomically; `-` for standard output) instead of standard
    /// output; PNG needs it.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<String>,
}

/// Arguments of `sokoengine render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Board text (plain or RLE), a level file or collection (.xsb, .hsb, .tsb, .txt,
    /// .sok, or .json as `convert` writes it), or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: String,
    #[command(flatten)]
    choice: BoardChoice,
    /// Play the level's snapshot K (counted from 1): draw the position it reaches.
    #[arg(long, value_name = "K", value_parser = snapshot_number, allow_hyphen_values = true, conflicts_with = "moves")]
    snapshot: Option<u32>,
    /// Play these moves (RLE, `[jumps]`, `{pusher selections}` allowed): draw the position
    /// they reach.
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    moves: Option<String>,
    /// Draw the position after the first S pusher steps of the moves (0 = the start).
    #[arg(long, value_name = "S", conflicts_with = "animate")]
    step: Option<usize>,
    /// Animate the whole moves (SVG that plays itself, or an HTML page with controls).
    #[arg(long)]
    animate: bool,
    /// Replay in reverse mode (pulls); implied when the moves contain a jump `[...]`.
    #[arg(long)]
    reverse: bool,
    /// Apply the puzzle's Sokoban+ orders (`boxorder:`/`goalorder:` of a .sok): boxes
    /// and goals show their IDs, and a box counts as placed only on a goal of its own
    /// colour. Off by default, as in `replay`.
    #[arg(long)]
    sokoban_plus: bool,
    /// Tint these cells, optionally in a colour: cells as ROW,COLUMN counted from 1 (as
    /// --labels draws them), separated by `/`: `2,3/2,4` or `2,3/2,4:#ff8000`. A plain
    /// number is a board position (0-based, row-major). Repeat for more sets.
    #[arg(long, value_name = "CELLS[:COLOR]", value_parser = parse_highlight)]
    highlight: Vec<HighlightArg>,
    #[command(flatten)]
    picture: PictureArgs,
}

/// A position along a solution, or the whole solution animated.
#[derive(Debug, Args)]
pub struct SequenceArgs {
    /// Draw the position after the first S moves of the optimal solution.
    #[arg(long, value_name = "S", conflicts_with = "animate")]
    pub(crate) step: Option<u64>,
    /// Animate the optimal solution.
    #[arg(long)]
    pub(crate) animate: bool,
}

fn parse_theme(text: &str) -> Result<Theme, String> {
    text.parse::<Theme>().map_err(|e| e.to_string())
}

fn parse_cell(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(cell) if (MIN_CELL..=MAX_CELL).contains(&cell) => Ok(cell),
        _ => Err(format!(
            "expected a number of pixels from {MIN_CELL} to {MAX_CELL}"
        )),
    }
}

/// The tints of `--highlight` sets without a colour, in turn.
const HIGHLIGHT_COLORS: [u32; 4] = [0x1e9bff, 0xff8a1e, 0xb04dff, 0x19c2a5];

/// A cell of `--highlight`: row and column counted from 1, or a board position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CellArg {
    RowColumn(usize, usize),
    Position(BoardPosition),
}

/// A `--highlight` value: cells and, maybe, their colour.
#[derive(Debug, Clone)]
pub struct HighlightArg {
    cells: Vec<CellArg>,
    color: Option<Rgb>,
}

impl HighlightArg {
    /// The board positions of the cells on a `width` x `height` board.
    ///
    /// # Errors
    ///
    /// A domain failure naming the first cell off the board.
    fn positions(&self, width: usize, height: usize) -> Result<Vec<BoardPosition>, Failure> {
        self.cells
            .iter()
            .map(|&cell| match cell {
                CellArg::RowColumn(row, column) if row <= height && column <= width => {
                    Ok(BoardPosition::from_xy(column - 1, row - 1, width))
                }
                CellArg::Position(position) if position.index() < width * height => Ok(position),
                CellArg::RowColumn(row, column) => Err(format!("row {row}, column {column}")),
                CellArg::Position(position) => Err(format!("board position {position}")),
            })
            .collect::<Result<_, String>>()
            .map_err(|cell| {
                Failure::domain(format!(
                    "--highlight: {cell} is off the board ({height} rows of {width} columns)"
                ))
            })
    }
}

fn parse_highlight(text: &str) -> Result<HighlightArg, String> {
    let (cells, color) = match text.split_once(':') {
        Some((cells, color)) => (
            cells,
            Some(color.parse::<Rgb>().map_err(|e| e.to_string())?),
        ),
        None => (text, None),
    };
    let number = |text: &str| text.trim().parse::<usize>().ok();
    let cells = cells
        .split(|c: char| c == '/' || c == ';' || c.is_whitespace())
        .filter(|cell| !cell.is_empty())
        .map(|cell| {
            let parts: Vec<&str> = cell.split(',').collect();
            match parts[..] {
                [position] => number(position).map(|p| CellArg::Position(p.into())),
                [row, column] => match (number(row), number(column)) {
                    (Some(row), Some(column)) if row > 0 && column > 0 => {
                        Some(CellArg::RowColumn(row, column))
                    }
                    _ => None,
                },
                _ => None,
            }
            .ok_or_else(|| {
                format!(
                    "{cell:?} is not a cell: give ROW,COLUMN (counted from 1) or a board \
                     position, cells separated by '/'"
                )
            })
        })
        .collect::<Result<Vec<CellArg>, String>>()?;
    if cells.is_empty() {
        return Err("no cell given".to_owned());
    }
    Ok(HighlightArg { cells, color })
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if (0.01..=60.0).contains(&seconds) => Ok(seconds),
        _ => Err("expected a number of seconds from 0.01 to 60".to_owned()),
    }
}

impl PictureArgs {
    pub(crate) fn options(&self) -> Options {
        Options::new()
            .cell(self.cell)
            .theme(self.theme)
            .labels(self.labels)
            .frame_seconds(self.frame_seconds)
    }

    /// The format asked for, or the one the output's extension names (SVG for
    /// standard output).
    ///
    /// # Errors
    ///
    /// A usage failure for an `-o` file whose extension names no known format (and no
    /// `--format` says which), or names another one than `--format`.
    fn format(&self) -> Result<Format, Failure> {
        let path = self.output.as_deref().filter(|path| *path != "-");
        let named = path.map(|path| (path, extension(path)));
        let by_extension = |extension: &str| match extension {
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            "html" | "htm" => Some(Format::Html),
            _ => None,
        };
        match (self.format, named) {
            (Some(format), Some((path, extension))) => match by_extension(&extension) {
                Some(named) if named != format => Err(Failure::usage(format!(
                    "-o {path} names the {} format, --format says {}",
                    named.name(),
                    format.name()
                ))),
                _ => Ok(format),
            },
            (Some(format), None) => Ok(format),
            (None, None) => Ok(Format::Svg),
            (None, Some((path, extension))) => by_extension(&extension).ok_or_else(|| {
                Failure::usage(format!(
                    "-o {path}: the extension names no picture format: use .svg, .png, \
                     .html or .htm, or say which with --format"
                ))
            }),
        }
    }
}

/// What was drawn.
pub(crate) enum Picture {
    /// A still SVG.
    Still(String),
    /// An animation.
    Animated(Animation),
}

#[derive(Serialize)]
struct RenderDocument {
    format: &'static str,
    output: Option<String>,
    frames: usize,
    bytes: usize,
    picture: Option<String>,
    error: Option<StepError>,
}

pub(crate) fn render_failure(error: &RenderError) -> Failure {
    Failure::domain(error.to_string())
}

/// Writes the picture as asked; then reports `stopped` (a replay that ended early) as a
/// domain failure.
pub(crate) fn emit(
    out: &mut Output,
    args: &PictureArgs,
    picture: Picture,
    title: &str,
    stopped: Option<StepError>,
) -> Result<(), Failure> {
    let format = args.format()?;
    let to_stdout = matches!(args.output.as_deref(), None | Some("-"));
    if format == Format::Png && args.output.is_none() {
        return Err(Failure::usage(
            "PNG output needs -o FILE (or -o - for standard output)",
        ));
    }
    if format == Format::Png && to_stdout && out.json {
        return Err(Failure::usage(
            "--json and a PNG on standard output can't share it; write the PNG with -o FILE",
        ));
    }
    let frames = match &picture {
        Picture::Still(_) => 1,
        Picture::Animated(animation) => animation.frame_count(),
    };
    let content = match (format, picture) {
        (Format::Svg, Picture::Still(svg)) => Content::Bytes(svg.into_bytes()),
        (Format::Html, Picture::Still(svg)) => {
            Content::Bytes(svg_page(&svg, title, args.theme).into_bytes())
        }
        (Format::Png, Picture::Still(svg)) => Content::Bytes(png(&svg)?),
        (Format::Svg, Picture::Animated(animation)) => Content::Svg(animation),
        (Format::Html, Picture::Animated(animation)) => Content::Html(animation),
        (Format::Png, Picture::Animated(_)) => {
            return Err(Failure::usage(
                "an animation is written as svg or html, not png (draw one position with --step)",
            ));
        }
    };
    let mut bytes = 0;
    let picture = if to_stdout && out.json {
        // The picture is part of the JSON document.
        let mut buffer = Vec::new();
        content
            .write(title, &mut buffer)
            .map_err(|e| Failure::domain(format!("can't draw the picture: {e}")))?;
        bytes = buffer.len();
        Some(String::from_utf8_lossy(&buffer).into_owned())
    } else {
        let path = args.output.as_deref().filter(|_| !to_stdout).unwrap_or("-");
        out.write_file(Path::new(path), |writer| {
            let mut counted = Counted {
                inner: writer,
                bytes: 0,
            };
            content.write(title, &mut counted)?;
            bytes = counted.bytes;
            Ok(())
        })?;
        None
    };
    let document = RenderDocument {
        format: format.name(),
        output: args.output.clone().filter(|_| !to_stdout),
        frames,
        bytes,
        picture,
        error: stopped.clone(),
    };
    match stopped {
        None if out.json => out.write_json(&document),
        None => Ok(()),
        Some(error) => Err(Failure::domain(error.text()).with_json(&document)),
    }
}

/// What a picture writes: bytes at hand, or an animation written a piece at a time (its
/// memory does not grow with its frames).
enum Content {
    Bytes(Vec<u8>),
    Svg(Animation),
    Html(Animation),
}

impl Content {
    fn write(&self, title: &str, out: &mut dyn Write) -> std::io::Result<()> {
        match self {
            Content::Bytes(bytes) => out.write_all(bytes),
            Content::Svg(animation) => animation.write_svg(out),
            Content::Html(animation) => animation.write_html(title, out),
        }
    }
}

/// A writer that counts the bytes written through it.
struct Counted<'a> {
    inner: &'a mut dyn Write,
    bytes: usize,
}

impl Write for Counted<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.bytes += written;
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(feature = "png")]
fn png(svg: &str) -> Result<Vec<u8>, Failure> {
    sokoengine::render::svg_to_png(svg).map_err(|e| render_failure(&e))
}

#[cfg(not(feature = "png"))]
fn png(_svg: &str) -> Result<Vec<u8>, Failure> {
    Err(Failure::usage(
        "this sokoengine was built without PNG support (cargo feature png)",
    ))
}

/// The puzzle of `render`'s FILE (read as `board` reads it, or a JSON collection), its
/// title, and the moves to play (from a snapshot).
fn load(args: &RenderArgs) -> Result<(Puzzle, String, Option<Moves>), Failure> {
    let name = display_name(&args.file);
    let (entry, puzzle) = if extension(&args.file) == "json" {
        let collection = load_collection(&args.file, args.choice.variant)?;
        choose_puzzle(&args.file, collection.puzzles, args.choice.level, || None)?
    } else {
        load_puzzle(&args.file, &args.choice)?
    };
    let number = args.choice.level.unwrap_or(1);
    let title = if args.choice.level.is_none() && args.snapshot.is_none() {
        name.clone()
    } else if entry.title.is_empty() {
        format!("{name}, level {number}")
    } else {
        entry.title.clone()
    };
    let moves = match args.snapshot {
        None => None,
        Some(k) => {
            let snapshots = entry.snapshots();
            let snapshot = snapshots.get(k as usize - 1).ok_or_else(|| {
                Failure::domain(format!(
                    "--snapshot {k}: level {number} of {name} has {} snapshot{}",
                    snapshots.len(),
                    if snapshots.len() == 1 { "" } else { "s" }
                ))
            })?;
            Some(snapshot.moves().map_err(|e| {
                Failure::domain(format!("{name}: level {number}, snapshot {k}: {e}"))
            })?)
        }
    };
    Ok((puzzle, title, moves))
}

/// `sokoengine render`.
pub fn render(args: &RenderArgs, out: &mut Output) -> Result<(), Failure> {
    let (mut puzzle, title, snapshot) = load(args)?;
    if !args.sokoban_plus {
        // One Sokoban+ rule for every subcommand: the orders apply only when asked.
        puzzle.boxorder.clear();
        puzzle.goalorder.clear();
    }
    let moves = match (&args.moves, snapshot) {
        (Some(text), _) => {
            Some(Moves::parse(text).map_err(|e| Failure::domain(format!("--moves: {e}")))?)
        }
        (None, moves) => moves,
    };
    let mut options = args.picture.options();
    for (index, highlight) in args.highlight.iter().enumerate() {
        let color = highlight
            .color
            .unwrap_or_else(|| Rgb::from_hex(HIGHLIGHT_COLORS[index % HIGHLIGHT_COLORS.len()]));
        let cells = highlight.positions(puzzle.width(), puzzle.height())?;
        options = options.highlight(Highlight::new(color, cells));
    }
    let Some(moves) = moves else {
        if args.step.is_some() || args.animate {
            return Err(Failure::usage(
                "--step and --animate play moves: give --snapshot K or --moves M",
            ));
        }
        let svg =
            sokoengine::render::puzzle_svg(&puzzle, &options).map_err(|e| render_failure(&e))?;
        return emit(out, &args.picture, Picture::Still(svg), &title, None);
    };
    let replay_options = ReplayOptions::new()
        .reverse(args.reverse)
        .sokoban_plus(args.sokoban_plus);
    if args.animate {
        // Counted before anything is replayed: 16 Mi steps would take memory first.
        let playback = Playback::with_frame_limit(
            &puzzle,
            &moves,
            replay_options,
            MAX_ANIMATED_FRAMES as usize,
        )
        .map_err(|error| match error {
            RenderError::TooManyFrames { frames, max } => Failure::domain(format!(
                "{frames} frames are too many to animate (at most {max}); draw one position with --step"
            )),
            error => Failure::domain(error.to_string()),
        })?;
        let animation = playback
            .animation(&options)
            .map_err(|e| render_failure(&e))?;
        let stopped = playback
            .error()
            .map(|error| step_error(error, puzzle.width()));
        return emit(
            out,
            &args.picture,
            Picture::Animated(animation),
            &title,
            stopped,
        );
    }
    let steps = moves
        .pusher_steps(puzzle.tessellation())
        .map_err(|e| Failure::domain(e.to_string()))?
        .len();
    let wanted = args.step.unwrap_or(steps);
    if wanted > steps {
        return Err(Failure::domain(format!(
            "--step {wanted}: the moves have {steps} steps"
        )));
    }
    let (manager, stopped) = match position_after(&puzzle, &moves, wanted, replay_options) {
        Ok(manager) => (manager, None),
        Err(RenderError::Replay(error)) if error.step().is_some() => {
            // Draw the position before the refused step, as `replay` prints it.
            let before = error.step().unwrap_or_default();
            let manager = position_after(&puzzle, &moves, before, replay_options)
                .map_err(|e| render_failure(&e))?;
            (manager, Some(step_error(&error, puzzle.width())))
        }
        Err(error) => return Err(render_failure(&error)),
    };
    let svg = manager_svg(&manager, &options)?;
    emit(out, &args.picture, Picture::Still(svg), &title, stopped)
}

fn manager_svg(manager: &BoardManager, options: &Options) -> Result<String, Failure> {
    BoardPicture::for_board(manager.board(), options)
        .and_then(|picture| picture.manager_svg(manager))
        .map_err(|e| render_failure(&e))
}
