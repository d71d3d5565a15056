//! `setting-sun solve|states|play`.

use clap::{Args, Subcommand};
use serde::Serialize;
use sokoengine::setting_sun::{
    Cell, Direction, Layout, Metric, Move, Puzzle, STATE_BYTES, SolveError,
};

use sokoengine::render::{sun_animation, sun_svg};

use crate::failure::Failure;
use crate::input::{quoted, read_line};
use crate::output::Output;
use crate::render::{Picture, PictureArgs, SequenceArgs, emit, render_failure};

/// Setting Sun subcommands.
#[derive(Debug, Subcommand)]
pub enum SunCommand {
    /// Optimal solution under a move metric.
    Solve(SolveArgs),
    /// Size of the state space reachable from a layout.
    States(StatesArgs),
    /// Interactive play in the terminal.
    Play(PlayArgs),
    /// A picture of the layout, or an animation of its optimal solution.
    Render(RenderArgs),
}

/// The start layout and the search bound.
#[derive(Debug, Args)]
pub struct LayoutArgs {
    /// The layout picture, rows separated by `/`: `B` 2x2 sun, `v` 2x1, `h` 1x2, `s` 1x1,
    /// `.` empty.
    #[arg(
        long,
        default_value = "vBBv/vBBv/.hh./vssv/vssv",
        value_name = "LAYOUT"
    )]
    layout: String,
    /// The most states a search may visit before it stops with an error [default:
    /// 5000000]; fewer when they would not fit in the memory this process may take (its
    /// address-space limit, the available memory).
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
}

/// `--max-states` when none is given.
const DEFAULT_MAX_STATES: usize = 5_000_000;

/// The bound of a search: states, and whether memory rather than `--max-states` set it.
#[derive(Debug, Clone, Copy)]
pub struct StateLimit {
    /// The most states the search stores.
    pub states: usize,
    /// The memory this process may take, in bytes, when it lowered the bound.
    by_memory: Option<u64>,
}

impl LayoutArgs {
    /// `--max-states` (or its default), lowered to the states that fit in the memory
    /// this process may take at [`STATE_BYTES`] a state: a search then stops with an
    /// error instead of failing to allocate (`docs/reliability.md`).
    pub fn state_limit(&self) -> StateLimit {
        let asked = self.max_states.unwrap_or(DEFAULT_MAX_STATES);
        let room = sokoengine::solver::memory_room();
        match room.map(|bytes| usize::try_from(bytes / STATE_BYTES as u64).unwrap_or(usize::MAX)) {
            Some(fit) if fit < asked => StateLimit {
                states: fit.max(1),
                by_memory: room,
            },
            _ => StateLimit {
                states: asked,
                by_memory: None,
            },
        }
    }
}

/// Arguments of `sokoengine setting-sun solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The move metric: step (one piece one cell), slide (one straight slide) or piece
    /// (one piece along any path).
    #[arg(long, default_value = "step", value_parser = parse_metric)]
    pub metric: Metric,
    #[command(flatten)]
    pub layout: LayoutArgs,
}

/// Arguments of `sokoengine setting-sun states`.
#[derive(Debug, Args)]
pub struct StatesArgs {
    #[command(flatten)]
    layout: LayoutArgs,
}

/// Arguments of `sokoengine setting-sun play`.
#[derive(Debug, Args)]
#[command(after_help = "\
Type a piece's number and directions (w up, a left, s down, d right), e.g. 4a or 7ww; then \
directions alone move the same piece. u undoes a step, h shows the next step of an optimal \
solution, q quits; the game also ends at the end of the input, so a script can be piped in. \
Pieces keep the number of the start picture as they move. With --json, the pictures and \
prompts go to standard error and the moves played to standard output as one JSON document: \
{\"solved\", \"moves_count\", \"moves\": [{\"piece\", \"direction\", \"cells\"}]}.")]
pub struct PlayArgs {
    #[command(flatten)]
    layout: LayoutArgs,
}

fn parse_metric(text: &str) -> Result<Metric, String> {
    text.parse::<Metric>().map_err(|e| e.to_string())
}

/// Runs a Setting Sun subcommand.
pub fn run(command: SunCommand, out: &mut Output) -> Result<(), Failure> {
    match command {
        SunCommand::Solve(args) => solve(&args, out),
        SunCommand::States(args) => states(&args, out),
        SunCommand::Play(args) => play(&args, out),
        SunCommand::Render(args) => render(&args, out),
    }
}

pub fn layout(args: &LayoutArgs) -> Result<Layout, Failure> {
    Layout::parse(&args.layout)
        .map_err(|e| Failure::domain(format!("invalid layout {}: {e}", quoted(&args.layout))))
}

pub fn puzzle(args: &LayoutArgs) -> Result<Puzzle, Failure> {
    Puzzle::with_default_goal(layout(args)?).map_err(|e| Failure::domain(e.to_string()))
}

pub fn search_failure(error: &SolveError, bound: StateLimit) -> Failure {
    match (error, bound.by_memory) {
        (SolveError::StateLimit { limit }, Some(bytes)) => Failure::domain(format!(
            "the search stopped after {limit} states, as many as fit in the {} MiB this \
             process may take ({STATE_BYTES} bytes a state)",
            bytes >> 20
        )),
        (SolveError::StateLimit { limit }, None) => Failure::domain(format!(
            "the search stopped after {limit} states (raise --max-states to search further)"
        )),
        (other, _) => Failure::domain(other.to_string()),
    }
}

#[derive(Serialize)]
struct SolveDocument {
    metric: &'static str,
    length: usize,
    moves: Vec<PieceMove>,
    states_explored: usize,
}

/// One move of a solution: the piece by its number in the start picture, where it
/// goes, and how many cells it travels.
#[derive(Serialize)]
struct PieceMove {
    /// The number the piece has in the picture of the start layout.
    piece: usize,
    /// `left`, `right`, `up` or `down`; a path that turns (metric `piece`) lists the
    /// direction of every single step, separated by spaces (`up right right`).
    direction: String,
    /// Cells travelled (single steps).
    cells: usize,
}

impl PieceMove {
    /// `piece 4 left`, `piece 2 right 2`, `piece 6 up right right`.
    fn text(&self) -> String {
        let straight = !self.direction.contains(' ');
        if straight && self.cells > 1 {
            format!("piece {} {} {}", self.piece, self.direction, self.cells)
        } else {
            format!("piece {} {}", self.piece, self.direction)
        }
    }
}

/// The moves of `solution` with pieces named as in the picture of `start`
/// ([`Layout::id_grid`]): numbers follow their pieces through the solution.
fn piece_moves(start: &Layout, moves: &[Move]) -> Vec<PieceMove> {
    let mut at: Vec<Cell> = start.pieces().iter().map(|piece| piece.cell).collect();
    moves
        .iter()
        .map(|mv| {
            let index = at.iter().position(|&cell| cell == mv.from());
            if let (Some(index), Some(to)) = (index, mv.to()) {
                at[index] = to;
            }
            let path = mv.path();
            let direction = match path.get(0) {
                Some(first) if path.is_straight() => first.to_string(),
                _ => path.to_string(),
            };
            PieceMove {
                piece: index.map_or(0, |i| i + 1),
                direction,
                cells: path.len(),
            }
        })
        .collect()
}

fn solve(args: &SolveArgs, out: &mut Output) -> Result<(), Failure> {
    let puzzle = puzzle(&args.layout)?;
    let bound = args.layout.state_limit();
    let solution = puzzle
        .solve_with_limit(args.metric, bound.states)
        .map_err(|e| search_failure(&e, bound))?;
    let document = SolveDocument {
        metric: args.metric.name(),
        length: solution.len(),
        moves: piece_moves(puzzle.start(), solution.moves()),
        states_explored: solution.explored(),
    };
    out.emit(&document, || {
        let mut text = format!(
            "{}\n\nOptimal {} solution: {} moves ({} states explored)\n",
            puzzle.start().id_grid().trim_end(),
            document.metric,
            document.length,
            document.states_explored
        );
        for (index, mv) in document.moves.iter().enumerate() {
            text.push_str(&format!("{:>4}. {}\n", index + 1, mv.text()));
        }
        text
    })
}

#[derive(Serialize)]
struct StatesDocument {
    reachable: usize,
    goal_states: Option<usize>,
}

fn states(args: &StatesArgs, out: &mut Output) -> Result<(), Failure> {
    let bound = args.layout.state_limit();
    let start = layout(&args.layout)?;
    let space = start
        .reachable_with_limit(bound.states)
        .map_err(|e| search_failure(&e, bound))?;
    let goal_states = Puzzle::with_default_goal(start)
        .ok()
        .map(|puzzle| puzzle.goal_count(&space));
    let document = StatesDocument {
        reachable: space.len(),
        goal_states,
    };
    out.emit(&document, || {
        let goals = document
            .goal_states
            .map_or("no goal (the layout has no 2x2 sun)".to_owned(), |n| {
                format!("{n} goal states")
            });
        format!("{} reachable states, {goals}\n", document.reachable)
    })
}

/// What a line of play input asks for.
#[derive(Debug, PartialEq, Eq)]
enum Command {
    Quit,
    Undo,
    Hint,
    /// Select a piece (when given) and move the selected piece in these directions.
    Move(Option<usize>, Vec<Direction>),
}

fn parse_command(line: &str) -> Result<Command, String> {
    let line = line.trim();
    match line {
        "q" | "quit" => return Ok(Command::Quit),
        "u" | "undo" => return Ok(Command::Undo),
        "h" | "hint" => return Ok(Command::Hint),
        _ => {}
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    let piece = if digits > 0 {
        Some(
            line[..digits]
                .parse::<usize>()
                .map_err(|_| format!("Piece must exist on the board! Received {line}"))?,
        )
    } else {
        None
    };
    let directions = line[digits..]
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|key| {
            Direction::from_key(key).ok_or_else(|| {
                format!("Movement direction must be one of {{w, a, s, d}}! Received {key}")
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if piece.is_none() && directions.is_empty() {
        return Err("Type a piece ID, then w/a/s/d (e.g. 4a), or u, h, q".to_owned());
    }
    Ok(Command::Move(piece, directions))
}

/// The pieces of a game of `setting-sun play`, by the number each has in the start
/// picture: numbers stay with their pieces as they move (the picture's row-major
/// numbering would renumber a piece that moves past another).
#[derive(Clone)]
struct Numbered {
    layout: Layout,
    /// The top-left cell of piece `n` at index `n - 1`.
    at: Vec<Cell>,
}

impl Numbered {
    fn new(layout: Layout) -> Numbered {
        let at = layout.pieces().iter().map(|piece| piece.cell).collect();
        Numbered { layout, at }
    }

    /// The number of the piece whose top-left is `cell`.
    fn number_at(&self, cell: Cell) -> Option<usize> {
        self.at
            .iter()
            .position(|&at| at == cell)
            .map(|index| index + 1)
    }

    /// The picture with each piece's own number.
    fn picture(&self) -> String {
        let numbers: Vec<usize> = self
            .layout
            .pieces()
            .iter()
            .map(|piece| self.number_at(piece.cell).unwrap_or(0))
            .collect();
        self.layout.numbered_grid(&numbers)
    }

    /// Moves piece `number` one cell.
    fn step(&mut self, number: usize, direction: Direction) -> Result<(), String> {
        let cell = self.at[number - 1];
        let illegal = || format!("Movement is illegal! Received {number} to {direction}");
        self.layout.step(cell, direction).map_err(|_| illegal())?;
        self.at[number - 1] = cell.neighbor(direction).ok_or_else(illegal)?;
        Ok(())
    }
}

/// The result of `setting-sun play --json`: the moves played, one cell each, pieces by
/// their number in the start picture.
#[derive(Serialize)]
struct PlayDocument {
    solved: bool,
    moves_count: usize,
    moves: Vec<PieceMove>,
}

/// `sokoengine setting-sun play`: the pictures and prompts go to standard output, or
/// with `--json` to standard error (the moves played then go to standard output as one
/// JSON document at the end).
fn play(args: &PlayArgs, out: &mut Output) -> Result<(), Failure> {
    let puzzle = puzzle(&args.layout)?;
    let mut game = Numbered::new(*puzzle.start());
    let mut history: Vec<(Numbered, PieceMove)> = Vec::new();
    let mut selected: Option<usize> = None;
    let mut message = String::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = String::new();
    let json = out.json;
    let mut screen = Screen { out, json };
    loop {
        screen.line(&format!("\n{}", game.picture().trim_end()))?;
        screen.line(&format!("Moves: {}", history.len()))?;
        let solved = puzzle.is_solved(&game.layout);
        if solved {
            screen.line("Congratulations! You've solved it!")?;
            break;
        }
        if !message.is_empty() {
            screen.line(&message)?;
            message.clear();
        }
        let prompt = match selected {
            Some(id) => {
                format!("Piece {id} selected: w/a/s/d to move, another ID, u undo, h hint, q quit")
            }
            None => "Input a piece ID and a direction (w/a/s/d, e.g. 4a), u undo, h hint, q quit"
                .to_owned(),
        };
        screen.text(&format!("{prompt}\n> "))?;
        if !read_line(&mut input, &mut line)? {
            screen.line("")?;
            break;
        }
        match parse_command(&line) {
            Err(error) => message = error,
            Ok(Command::Quit) => break,
            Ok(Command::Undo) => match history.pop() {
                Some((previous, _)) => game = previous,
                None => message = "Nothing to undo".to_owned(),
            },
            Ok(Command::Hint) => {
                message = match puzzle
                    .from_layout(game.layout)
                    .map_err(|e| e.to_string())
                    .and_then(|p| {
                        p.solve_with_limit(Metric::Step, args.layout.state_limit().states)
                            .map_err(|e| e.to_string())
                    }) {
                    Ok(solution) => match solution.moves().first() {
                        Some(mv) => {
                            let id = game.number_at(mv.from()).unwrap_or(0);
                            let path = mv.path();
                            format!("Hint: piece {id} {path} ({} steps to go)", solution.len())
                        }
                        None => "Already solved".to_owned(),
                    },
                    Err(error) => format!("No hint: {error}"),
                };
            }
            Ok(Command::Move(piece, directions)) => {
                if let Some(id) = piece {
                    if id == 0 || id > game.at.len() {
                        message = format!("Piece must exist on the board! Received {id}");
                        continue;
                    }
                    selected = Some(id);
                }
                let Some(id) = selected else {
                    message = "Select a piece first: type its ID".to_owned();
                    continue;
                };
                for direction in directions {
                    let before = game.clone();
                    if let Err(error) = game.step(id, direction) {
                        message = error;
                        break;
                    }
                    let played = PieceMove {
                        piece: id,
                        direction: direction.to_string(),
                        cells: 1,
                    };
                    history.push((before, played));
                }
            }
        }
    }
    if json {
        let document = PlayDocument {
            solved: puzzle.is_solved(&game.layout),
            moves_count: history.len(),
            moves: history.into_iter().map(|(_, played)| played).collect(),
        };
        screen.out.write_json(&document)?;
    }
    Ok(())
}

/// Where interactive play shows itself: standard output, or standard error when
/// standard output carries the JSON result.
struct Screen<'a> {
    out: &'a mut Output,
    json: bool,
}

impl Screen<'_> {
    fn text(&mut self, text: &str) -> Result<(), Failure> {
        if self.json {
            use std::io::Write;
            let mut stderr = std::io::stderr().lock();
            stderr
                .write_all(text.as_bytes())
                .and_then(|()| stderr.flush())
                .map_err(|e| Failure::domain(format!("can't write to standard error: {e}")))
        } else {
            self.out.write_text(text)?;
            self.out.flush()
        }
    }

    fn line(&mut self, text: &str) -> Result<(), Failure> {
        self.text(&format!("{text}\n"))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn commands() {
        assert_eq!(parse_command(" q "), Ok(Command::Quit));
        assert_eq!(parse_command("u"), Ok(Command::Undo));
        assert_eq!(parse_command("hint"), Ok(Command::Hint));
        assert_eq!(
            parse_command("4a"),
            Ok(Command::Move(Some(4), vec![Direction::Left]))
        );
        assert_eq!(
            parse_command("12 s d"),
            Ok(Command::Move(
                Some(12),
                vec![Direction::Down, Direction::Right]
            ))
        );
        assert_eq!(
            parse_command("w"),
            Ok(Command::Move(None, vec![Direction::Up]))
        );
        assert!(parse_command("").is_err());
        assert!(parse_command("4x").is_err());
        assert!(parse_command("99999999999999999999999a").is_err());
    }

    proptest! {
        #[test]
        fn any_line_is_a_command_or_a_message(line in ".{0,30}") {
            let _ = parse_command(&line);
        }
    }
}

/// Arguments of `sokoengine setting-sun render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    solve: SolveArgs,
    #[command(flatten)]
    sequence: SequenceArgs,
    #[command(flatten)]
    picture: PictureArgs,
}

/// `sokoengine setting-sun render`.
pub fn render(args: &RenderArgs, out: &mut Output) -> Result<(), Failure> {
    let options = args.picture.options();
    let sequence = &args.sequence;
    if !sequence.animate && sequence.step.is_none() {
        // Any sliding-block layout: the goal is drawn when it has a sun.
        let layout = layout(&args.solve.layout)?;
        let goal = sokoengine::setting_sun::Puzzle::with_default_goal(layout)
            .ok()
            .map(|puzzle| puzzle.goal());
        let svg = sun_svg(&layout, goal, &options).map_err(|e| render_failure(&e))?;
        return emit(out, &args.picture, Picture::Still(svg), "Setting Sun", None);
    }
    let puzzle = puzzle(&args.solve.layout)?;
    let bound = args.solve.layout.state_limit();
    let solution = puzzle
        .solve_with_limit(args.solve.metric, bound.states)
        .map_err(|e| search_failure(&e, bound))?;
    let title = format!(
        "Setting Sun: optimal {} solution, {} moves",
        args.solve.metric.name(),
        solution.len()
    );
    let picture = match sequence.step {
        None => Picture::Animated(
            sun_animation(
                puzzle.start(),
                solution.moves(),
                Some(puzzle.goal()),
                &options,
            )
            .map_err(|e| render_failure(&e))?,
        ),
        Some(step) => {
            let count = solution.len() as u64;
            if step > count {
                return Err(Failure::domain(format!(
                    "--step {step}: the solution has {count} moves"
                )));
            }
            let mut layout = *puzzle.start();
            for mv in solution.moves().iter().take(step as usize) {
                layout
                    .play(mv)
                    .map_err(|e| Failure::domain(e.to_string()))?;
            }
            Picture::Still(
                sun_svg(&layout, Some(puzzle.goal()), &options).map_err(|e| render_failure(&e))?,
            )
        }
    };
    emit(out, &args.picture, picture, &title, None)
}
