//! `tilewe moves|perft|play|gtp`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use clap::{Args, Subcommand, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;
use std::time::Duration;

use sokoengine::tilewe::gtp::{GtpError, GtpSession};
use sokoengine::tilewe::{
    Board, Budget, Color, CornerCounts, Engine, Mcts, MonteCarlo, MostCorners, MostTiles, Move,
    OpeningBook, RandomEngine, play_game,
};

use sokoengine::render::{tilewe_animation, tilewe_svg};

use crate::failure::Failure;
use crate::input::{display_name, read_text};
use crate::output::{Output, Progress};
use crate::render::{Picture, PictureArgs, emit, render_failure};

/// The longest game: 4 players × 21 pieces.
const MAX_PLIES: usize = 84;

/// Tilewe subcommands.
#[derive(Debug, Subcommand)]
pub enum TileweCommand {
    /// List the legal moves of the player to move after some opening moves.
    Moves(MovesArgs),
    /// Count legal move sequences of length 1..D from a position.
    Perft(PerftArgs),
    /// Play one game between engines and print the moves, scores and winners.
    Play(PlayArgs),
    /// A picture of the position, or an animation of the moves that led to it.
    Render(RenderArgs),
    /// Speak GTP (Pentobi's Blokus dialect) on standard input and output, on the classic
    /// board with its fixed start corners.
    Gtp(GtpArgs),
}

/// The position: players and the moves played from the opening.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// Number of players, 1 to 4.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=4))]
    players: u8,
    /// Moves played from the opening, space separated (notation `F5e-a2d4`).
    #[arg(
        long,
        value_name = "MOVES",
        default_value = "",
        allow_hyphen_values = true
    )]
    moves: String,
}

/// Arguments of `sokoengine tilewe moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
}

/// Arguments of `sokoengine tilewe perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The longest sequence length to count (1 to 84; depth 3 from the opening already
    /// visits 40,368 positions).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=84))]
    depth: u8,
    /// The most positions the count may visit before it stops with an error (depth 4
    /// from the opening visits about 4.7 million, depth 5 about 270 million; a million
    /// take about a tenth of a second).
    #[arg(long, default_value_t = 10_000_000, value_name = "N")]
    max_nodes: u64,
    #[command(flatten)]
    position: PositionArgs,
}

/// Engines for `tilewe play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineName {
    /// Uniformly random legal moves.
    Random,
    /// The largest piece it can place.
    MostTiles,
    /// The move that leaves it the most open corners.
    MostCorners,
    /// Flat Monte Carlo search (see --playouts).
    MonteCarlo,
    /// Monte Carlo tree search with Blokus knowledge, the strongest (see --playouts,
    /// --time-per-move).
    Mcts,
    /// A person at the terminal, typing moves (`tilewe play` only).
    Human,
}

/// Search budget per move of the searching engines.
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// Playouts per move (monte-carlo: 400 by default; mcts: 2000 by default, about 17 ms
    /// of CPU a move, at most: mcts stops a decision once its most visited move leads by
    /// more than two thirds of the playouts left).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    playouts: Option<u32>,
    /// Thinking time per move in milliseconds, instead of a playout count (mcts only): a
    /// cap on each move, searched in full (a forced move is answered at once).
    #[arg(
        long,
        value_name = "MS",
        conflicts_with = "playouts",
        value_parser = clap::value_parser!(u64).range(1..=3_600_000)
    )]
    time_per_move: Option<u64>,
    /// Thinking time per move on average over each colour's game, in milliseconds (mcts
    /// only): a clock per colour, where time a clear choice leaves unused goes to later
    /// moves; one decision takes at most four times the average.
    #[arg(
        long,
        value_name = "MS",
        conflicts_with_all = ["playouts", "time_per_move"],
        value_parser = clap::value_parser!(u64).range(1..=3_600_000)
    )]
    average_time_per_move: Option<u64>,
}

impl BudgetArgs {
    /// The engine `name` with this budget.
    fn engine(&self, name: EngineName) -> Result<Box<dyn Engine>, Failure> {
        if name != EngineName::Mcts {
            if self.time_per_move.is_some() {
                return Err(Failure::usage(
                    "--time-per-move applies to the mcts engine only",
                ));
            }
            if self.average_time_per_move.is_some() {
                return Err(Failure::usage(
                    "--average-time-per-move applies to the mcts engine only",
                ));
            }
        }
        Ok(match name {
            EngineName::Random => Box::new(RandomEngine),
            EngineName::MostTiles => Box::new(MostTiles),
            EngineName::MostCorners => Box::new(MostCorners),
            EngineName::MonteCarlo => {
                Box::new(MonteCarlo::new(self.playouts.unwrap_or(400) as usize))
            }
            EngineName::Mcts => Box::new(self.mcts()),
            EngineName::Human => {
                return Err(Failure::usage(
                    "the human seat plays in tilewe play only (gtp answers genmove itself)",
                ));
            }
        })
    }

    /// The mcts engine with this budget.
    fn mcts(&self) -> Mcts {
        Mcts::new(match (self.time_per_move, self.average_time_per_move) {
            (Some(ms), _) => Budget::Time(Duration::from_millis(ms)),
            (None, Some(ms)) => Budget::AverageTime(Duration::from_millis(ms)),
            (None, None) => Budget::Playouts(self.playouts.unwrap_or(DEFAULT_MCTS_PLAYOUTS)),
        })
    }
}

/// Playouts per move of `mcts` unless told otherwise: a budget for 20 ms a move, measured
/// against Pentobi (about 17 ms of CPU on the machine of docs/tilewe.md, leaving room for
/// slower ones; 2,200 took 19 ms and played as well).
const DEFAULT_MCTS_PLAYOUTS: u32 = 2000;

/// Arguments of `sokoengine tilewe gtp`.
#[derive(Debug, Args)]
pub struct GtpArgs {
    /// The engine that answers genmove.
    #[arg(long, value_enum, value_name = "NAME", default_value = "mcts")]
    engine: EngineName,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Seed of the engine's randomness: with a playout budget, the same seed and
    /// commands give the same moves.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Play each colour's first pieces in Blokus Two-Player from the opening book of the
    /// engine's own deep searches (mcts only; see --no-book).
    #[arg(long, overrides_with = "no_book")]
    book: bool,
    /// Search every move, without the opening book (the default: the book measured no
    /// stronger; see docs/tilewe.md).
    #[arg(long, overrides_with = "book")]
    no_book: bool,
    /// Play from the opening book in FILE instead of the shipped one (mcts only; the
    /// text form is described in docs/tilewe.md).
    #[arg(long, value_name = "FILE", conflicts_with = "no_book")]
    book_file: Option<String>,
}

impl GtpArgs {
    /// Whether the mcts engine consults an opening book: only when asked, since the book
    /// measured no stronger than the search (docs/tilewe.md#the-opening-book).
    fn uses_book(&self) -> bool {
        self.book || self.book_file.is_some()
    }

    /// The opening book the mcts engine consults, if any: `--book-file`'s, else the
    /// shipped one.
    fn opening_book(&self) -> Result<Option<OpeningBook>, Failure> {
        if !self.uses_book() {
            return Ok(None);
        }
        let Some(path) = &self.book_file else {
            return Ok(Some(OpeningBook::standard().clone()));
        };
        if path == "-" {
            return Err(Failure::usage(
                "--book-file -: standard input carries the GTP session",
            ));
        }
        read_text(path)?
            .parse()
            .map(Some)
            .map_err(|e| Failure::domain(format!("{}: {e}", display_name(path))))
    }
}

/// Arguments of `sokoengine tilewe play`.
#[derive(Debug, Args)]
#[command(after_help = "\
A human seat (--engine human) plays at the terminal: type a move in notation (e.g. F5e-a2d4, \
as tilewe moves lists them), ? to list your legal moves, h for the most-tiles engine's \
choice, q to stop the game (so does the end of the input: a script can be piped in). With \
--json, the board and prompts go to standard error and the game to standard output as one \
JSON document.")]
pub struct PlayArgs {
    /// Number of players, 1 to 4 (default: the number of engines when several are
    /// given, else 4).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
    players: Option<u8>,
    /// Seed of the game's randomness: a seed gives the same game everywhere.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Engine of each player in turn order (one per player, or one for all).
    #[arg(long = "engine", value_enum, value_name = "NAME")]
    engines: Vec<EngineName>,
    #[command(flatten)]
    budget: BudgetArgs,
}

/// Runs a Tilewe subcommand.
pub fn run(command: TileweCommand, out: &mut Output) -> Result<(), Failure> {
    match command {
        TileweCommand::Moves(args) => moves(&args, out),
        TileweCommand::Perft(args) => perft(&args, out),
        TileweCommand::Play(args) => play(&args, out),
        TileweCommand::Render(args) => render(&args, out),
        TileweCommand::Gtp(args) => gtp(&args, out),
    }
}

fn gtp(args: &GtpArgs, out: &Output) -> Result<(), Failure> {
    if out.json {
        return Err(Failure::usage("gtp speaks GTP; --json does not apply"));
    }
    if args.engine != EngineName::Mcts {
        if args.book {
            return Err(Failure::usage("--book applies to the mcts engine only"));
        }
        if args.book_file.is_some() {
            return Err(Failure::usage(
                "--book-file applies to the mcts engine only",
            ));
        }
    }
    let engine = if args.engine == EngineName::Mcts {
        Box::new(args.budget.mcts().with_book(args.opening_book()?))
    } else {
        args.budget.engine(args.engine)?
    };
    let mut session = GtpSession::new(engine, args.seed);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match session.run(&mut stdin.lock(), &mut stdout.lock()) {
        Ok(()) => Ok(()),
        // A controller that closed its end of the pipe has ended the session.
        Err(GtpError::Write(error)) => Err(crate::output::write_failure(error)),
        Err(GtpError::Read(error)) => Err(Failure::domain(format!(
            "can't read standard input: {error}"
        ))),
        Err(error) => Err(Failure::domain(format!("standard input: {error}"))),
    }
}

#[derive(Serialize)]
struct MoveErrorDocument {
    error: MoveErrorBody,
}

/// `{"move_number", "message"}`: the move of `--moves` counted from 1.
#[derive(Serialize)]
struct MoveErrorBody {
    move_number: usize,
    message: String,
}

/// The board after `--moves`.
pub fn position(args: &PositionArgs) -> Result<Board, Failure> {
    let mut board =
        Board::new(usize::from(args.players)).map_err(|e| Failure::usage(e.to_string()))?;
    for (index, text) in args.moves.split_whitespace().enumerate() {
        let played = text
            .parse::<Move>()
            .map_err(|e| e.to_string())
            .and_then(|mv| board.push(mv).map_err(|e| e.to_string()));
        if let Err(message) = played {
            let number = index + 1;
            let document = MoveErrorDocument {
                error: MoveErrorBody {
                    move_number: number,
                    message: message.clone(),
                },
            };
            return Err(
                Failure::domain(format!("move {number} ({text}): {message}")).with_json(&document),
            );
        }
    }
    Ok(board)
}

#[derive(Serialize)]
struct MovesDocument {
    ply: usize,
    current_player: &'static str,
    finished: bool,
    scores: Vec<u32>,
    winners: Vec<&'static str>,
    moves: Vec<String>,
    placements: usize,
}

fn names(colors: &[Color]) -> Vec<&'static str> {
    colors.iter().map(|c| c.name()).collect()
}

fn moves(args: &MovesArgs, out: &mut Output) -> Result<(), Failure> {
    let board = position(&args.position)?;
    let mut moves: Vec<String> = if board.is_finished() {
        Vec::new()
    } else {
        board
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    moves.sort_unstable();
    let document = MovesDocument {
        ply: board.ply(),
        current_player: board.current_player().name(),
        finished: board.is_finished(),
        scores: board.scores(),
        winners: names(&board.winners()),
        placements: if board.is_finished() {
            0
        } else {
            board.distinct_placement_count()
        },
        moves,
    };
    out.emit(&document, || {
        let mut text = format!("{board}\n");
        if document.finished {
            text.push_str("The game is finished.\n");
        } else {
            text.push_str(&format!(
                "{} to move: {} legal moves, {} placements\n",
                document.current_player,
                document.moves.len(),
                document.placements
            ));
            for line in document.moves.chunks(8) {
                text.push_str(&line.join(" "));
                text.push('\n');
            }
        }
        text.push_str(&format!(
            "Scores: {}; winners: {}\n",
            scores_text(&board),
            document.winners.join(", ")
        ));
        text
    })
}

fn scores_text(board: &Board) -> String {
    board
        .players()
        .map(|color| format!("{} {}", color.name(), board.score(color)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[derive(Serialize)]
struct PerftDocument {
    depth: u8,
    counts: Vec<u64>,
}

fn perft(args: &PerftArgs, out: &mut Output) -> Result<(), Failure> {
    let board = position(&args.position)?;
    let depth = usize::from(args.depth).min(MAX_PLIES);
    let budget = NodeBudget {
        visited: AtomicU64::new(0),
        limit: args.max_nodes,
        exhausted: AtomicBool::new(false),
    };
    let mut progress = out.progress(None, "perft: first moves counted");
    let counts = perft_counts(&board, depth, &budget, &progress);
    progress.finish();
    if budget.exhausted.load(Ordering::Relaxed) {
        return Err(Failure::domain(format!(
            "perft stopped after visiting {} positions (raise --max-nodes to count further)",
            args.max_nodes
        )));
    }
    let document = PerftDocument {
        depth: args.depth,
        counts,
    };
    out.emit(&document, || {
        document
            .counts
            .iter()
            .enumerate()
            .map(|(d, count)| format!("perft({}) = {count}\n", d + 1))
            .collect()
    })
}

/// The positions a perft may visit, shared by its threads.
struct NodeBudget {
    visited: AtomicU64,
    limit: u64,
    /// Set once `visited` passed `limit`: every walk returns.
    exhausted: AtomicBool,
}

impl NodeBudget {
    /// Positions counted locally before they are added to the shared count.
    const CHUNK: u64 = 4096;

    /// Adds `count` visited positions; whether the walk may go on.
    fn spend(&self, count: u64) -> bool {
        let visited = self.visited.fetch_add(count, Ordering::Relaxed) + count;
        if visited > self.limit {
            self.exhausted.store(true, Ordering::Relaxed);
        }
        !self.exhausted.load(Ordering::Relaxed)
    }
}

/// `counts[k]` = legal sequences of `k + 1` moves, for `k < depth`; the subtrees of the
/// first moves are counted in parallel. Stops early (with `budget.exhausted` set) when
/// the budget runs out.
fn perft_counts(board: &Board, depth: usize, budget: &NodeBudget, progress: &Progress) -> Vec<u64> {
    let mut counts = vec![0; depth];
    if board.is_finished() || depth == 0 {
        return counts;
    }
    let first = board.legal_moves();
    counts[0] = first.len() as u64;
    if depth == 1 {
        return counts;
    }
    let below: Vec<u64> = first
        .par_iter()
        .map(|&mv| {
            let mut child = board.clone();
            child.push_unchecked(mv);
            let mut sub = vec![0; depth];
            let mut pending = 0;
            // One cache of corner move counts per subtree: sibling positions share most.
            let mut corner_counts = CornerCounts::new();
            walk(
                &mut child,
                1,
                &mut sub,
                budget,
                &mut pending,
                &mut corner_counts,
            );
            budget.spend(pending);
            progress.inc(1);
            sub
        })
        .reduce(
            || vec![0; depth],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    for (count, extra) in counts.iter_mut().zip(below) {
        *count += extra;
    }
    counts
}

/// Adds the legal moves of `board` (reached after `level` moves) and of its subtree;
/// `pending` counts visited positions not yet added to `budget`.
fn walk(
    board: &mut Board,
    level: usize,
    counts: &mut [u64],
    budget: &NodeBudget,
    pending: &mut u64,
    corner_counts: &mut CornerCounts,
) {
    *pending += 1;
    if *pending == NodeBudget::CHUNK {
        *pending = 0;
        if !budget.spend(NodeBudget::CHUNK) {
            return;
        }
    }
    if board.is_finished() || budget.exhausted.load(Ordering::Relaxed) {
        return;
    }
    if level + 1 == counts.len() {
        counts[level] += board.legal_move_count_with(corner_counts) as u64;
        return;
    }
    let moves = board.legal_moves();
    counts[level] += moves.len() as u64;
    for mv in moves {
        board.push_unchecked(mv);
        walk(board, level + 1, counts, budget, pending, corner_counts);
        let _ = board.pop();
    }
}

/// An engine whose every move ticks the progress (a Monte Carlo game can take minutes).
struct Reported<'a> {
    engine: &'a mut dyn Engine,
    progress: &'a Progress,
}

impl Engine for Reported<'_> {
    fn name(&self) -> String {
        self.engine.name()
    }

    fn choose(&mut self, board: &Board, rng: &mut sokoengine::tilewe::Rng) -> Option<Move> {
        let chosen = self.engine.choose(board, rng);
        self.progress.inc(1);
        chosen
    }
}

#[derive(Serialize)]
struct PlayDocument {
    players: usize,
    seed: u64,
    engines: Vec<String>,
    /// Whether the game was played to its end (a human seat may stop it).
    finished: bool,
    moves: Vec<String>,
    scores: Vec<u32>,
    winners: Vec<&'static str>,
}

/// A person at the terminal, as an engine: shows the board, reads a move in notation
/// from standard input (`?` lists the legal moves, `h` shows the most-tiles engine's
/// choice, `q` or the end of the input stops the game). Prompts go to standard output,
/// or to standard error when standard output carries the JSON result.
struct Human {
    input: std::io::StdinLock<'static>,
    to_stderr: bool,
    line: String,
}

impl Human {
    fn new(to_stderr: bool) -> Human {
        Human {
            input: std::io::stdin().lock(),
            to_stderr,
            line: String::new(),
        }
    }

    fn show(&self, text: &str) -> bool {
        use std::io::Write;
        let written = if self.to_stderr {
            let mut stderr = std::io::stderr().lock();
            stderr
                .write_all(text.as_bytes())
                .and_then(|()| stderr.flush())
        } else {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
        };
        written.is_ok()
    }
}

impl Engine for Human {
    fn name(&self) -> String {
        "human".to_owned()
    }

    fn choose(&mut self, board: &Board, rng: &mut sokoengine::tilewe::Rng) -> Option<Move> {
        let legal = board.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let color = board.current_player().name();
        let mut message = String::new();
        loop {
            let shown = format!(
                "\n{board}\n{message}{color} to move ({} legal moves): a move (e.g. {}), ? list, h hint, q stop\n> ",
                legal.len(),
                legal[0]
            );
            if !self.show(&shown) {
                return None;
            }
            message.clear();
            match crate::input::read_line(&mut self.input, &mut self.line) {
                Ok(true) => {}
                // The end of the input (or an unreadable one) stops the game.
                Ok(false) | Err(_) => {
                    self.show("\n");
                    return None;
                }
            }
            let answer = self.line.trim();
            match answer {
                "q" | "quit" => return None,
                "?" => {
                    let mut names: Vec<String> = legal.iter().map(ToString::to_string).collect();
                    names.sort_unstable();
                    for line in names.chunks(8) {
                        message.push_str(&line.join(" "));
                        message.push('\n');
                    }
                }
                "h" | "hint" => {
                    if let Some(hint) = MostTiles.choose(board, rng) {
                        message = format!("Hint (the most-tiles engine): {hint}\n");
                    }
                }
                text => match text.parse::<Move>() {
                    Ok(mv) if legal.contains(&mv) => return Some(mv),
                    Ok(_) => message = format!("{text} is not a legal move for {color} here\n"),
                    Err(error) => message = format!("{text}: {error}\n"),
                },
            }
        }
    }
}

fn play(args: &PlayArgs, out: &mut Output) -> Result<(), Failure> {
    let engines = if args.engines.is_empty() {
        vec![EngineName::Random]
    } else {
        args.engines.clone()
    };
    let players = match (args.players, engines.len()) {
        (Some(players), 1) => usize::from(players),
        (Some(players), n) if n == usize::from(players) => n,
        (Some(players), n) => {
            return Err(Failure::usage(format!(
                "{n} engines for {players} players: give one engine per player, or one for all"
            )));
        }
        (None, 1) => 4,
        (None, n) if n <= 4 => n,
        (None, n) => {
            return Err(Failure::usage(format!(
                "{n} engines: Tilewe has at most 4 players"
            )));
        }
    };
    let json = out.json;
    let mut seats: Vec<Box<dyn Engine>> = (0..players)
        .map(|seat| {
            let name = engines[if engines.len() == 1 { 0 } else { seat }];
            if name == EngineName::Human {
                Ok(Box::new(Human::new(json)) as Box<dyn Engine>)
            } else {
                args.budget.engine(name)
            }
        })
        .collect::<Result<_, _>>()?;
    // No progress bar under a person's prompts.
    let mut progress = if engines.contains(&EngineName::Human) {
        crate::output::Progress::none()
    } else {
        out.progress(None, "plies played")
    };
    let mut reported: Vec<Reported<'_>> = seats
        .iter_mut()
        .map(|engine| Reported {
            engine: &mut **engine,
            progress: &progress,
        })
        .collect();
    let mut refs: Vec<&mut dyn Engine> =
        reported.iter_mut().map(|e| e as &mut dyn Engine).collect();
    let board = play_game(&mut refs, args.seed);
    drop(refs);
    drop(reported);
    progress.finish();
    let document = PlayDocument {
        players,
        seed: args.seed,
        engines: seats.iter().map(|e| e.name()).collect(),
        finished: board.is_finished(),
        moves: board.moves().iter().map(ToString::to_string).collect(),
        scores: board.scores(),
        winners: names(&board.winners()),
    };
    out.emit(&document, || {
        let mut text = String::new();
        let colors: Vec<Color> = board.players().collect();
        for (seat, engine) in document.engines.iter().enumerate() {
            if let Some(color) = colors.get(seat) {
                text.push_str(&format!("{}: {engine}\n", color.name()));
            }
        }
        text.push('\n');
        // Replaying tells who played each move (players who cannot move are skipped).
        let mut replay = Board::new(players).ok();
        for (ply, mv) in board.moves().iter().enumerate() {
            let mover = replay.as_ref().map_or("?", |b| b.current_player().name());
            text.push_str(&format!("{:>2}. {mover:<6} {mv}\n", ply + 1));
            if let Some(b) = replay.as_mut() {
                let _ = b.push(*mv);
            }
        }
        text.push_str(&format!("\n{board}\n"));
        if !document.finished {
            text.push_str(&format!(
                "The game was stopped after {} plies.\n",
                board.ply()
            ));
        }
        text.push_str(&format!(
            "Scores: {}; winners: {}\n",
            scores_text(&board),
            document.winners.join(", ")
        ));
        text
    })
}

/// Arguments of `sokoengine tilewe render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Animate the moves from the opening, one per frame.
    #[arg(long)]
    animate: bool,
    #[command(flatten)]
    picture: PictureArgs,
}

/// `sokoengine tilewe render`.
pub fn render(args: &RenderArgs, out: &mut Output) -> Result<(), Failure> {
    let board = position(&args.position)?;
    let options = args.picture.options();
    let title = format!(
        "Tilewe, {} players, ply {}",
        board.player_count(),
        board.ply()
    );
    let picture = if args.animate {
        Picture::Animated(tilewe_animation(&board, &options).map_err(|e| render_failure(&e))?)
    } else {
        Picture::Still(tilewe_svg(&board, &options).map_err(|e| render_failure(&e))?)
    };
    emit(out, &args.picture, picture, &title, None)
}
