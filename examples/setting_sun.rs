//! The Setting Sun sliding-block puzzle in the terminal.
//!
//! ```text
//! cargo run --example setting_sun                      # play
//! printf '4a\nq\n' | cargo run --example setting_sun   # play from a script
//! cargo run --example setting_sun -- --solve           # print an optimal solution
//! cargo run --example setting_sun -- --solve --metric piece --klotski
//! cargo run --example setting_sun -- --layout 'BB./BB./s.s/...' --goal 2,0
//! ```
//!
//! Playing: type a piece ID and a direction key (`w` up, `a` left, `s` down, `d` right),
//! on one line (`4a`) or the key on the next line; `h` shows the next optimal move, `u`
//! undoes a move, `s` lets the computer solve from the current layout, `q` quits; the game
//! also ends at the end of the input. Piece IDs stay with their pieces for the whole game.

use std::io::{BufRead, IsTerminal, Read, Write};
use std::process::ExitCode;

use sokoengine::setting_sun::{Cell, Direction, Layout, Metric, Move, Piece, Puzzle, Shape};

const USAGE: &str = "usage: setting_sun [--solve] [--metric step|slide|piece] [--klotski] \
                     [--layout PICTURE] [--goal ROW,COLUMN]";

/// What the command line asked for.
struct Options {
    solve: bool,
    metric: Metric,
    puzzle: Puzzle,
}

fn main() -> ExitCode {
    match parse_options(std::env::args().skip(1).collect()) {
        Ok(options) => {
            let result = if options.solve {
                solve(&options.puzzle, options.metric)
            } else {
                play(&options.puzzle, options.metric)
            };
            match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    eprintln!("setting_sun: {message}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(message) => {
            eprintln!("setting_sun: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn parse_options(args: Vec<String>) -> Result<Options, String> {
    let mut solve = false;
    let mut metric = Metric::Step;
    let mut layout = Layout::setting_sun();
    let mut goal = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--solve" | "-s" | "--solution" => solve = true,
            "--klotski" => layout = Layout::klotski(),
            "--metric" => metric = value("--metric")?.parse().map_err(|e| format!("{e}"))?,
            "--layout" => {
                layout = value("--layout")?
                    .parse()
                    .map_err(|e| format!("bad layout: {e}"))?;
            }
            "--goal" => {
                let text = value("--goal")?;
                let cell = text
                    .split_once(',')
                    .and_then(|(row, column)| {
                        Some(Cell::new(row.parse().ok()?, column.parse().ok()?))
                    })
                    .ok_or(format!("--goal takes ROW,COLUMN, not {text:?}"))?;
                goal = Some(cell);
            }
            "--help" | "-h" => return Err("help".to_owned()),
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    let puzzle = match goal {
        Some(cell) => Puzzle::new(layout, cell),
        None => Puzzle::with_default_goal(layout),
    }
    .map_err(|e| e.to_string())?;
    Ok(Options {
        solve,
        metric,
        puzzle,
    })
}

/// Prints an optimal solution move by move, with the layouts.
fn solve(puzzle: &Puzzle, metric: Metric) -> Result<(), String> {
    println!("Solving board...");
    let solution = puzzle.solve(metric).map_err(|e| e.to_string())?;
    println!(
        "Found an optimal solution: {} {metric} moves ({} single steps, {} states searched).",
        solution.len(),
        solution.steps(),
        solution.explored()
    );
    let layouts = solution.layouts().map_err(|e| e.to_string())?;
    println!("\nStart:\n{}", layouts[0].id_grid());
    for (number, (mv, layout)) in solution.moves().iter().zip(&layouts[1..]).enumerate() {
        println!("{:>3}. {mv}  ->  {layout}", number + 1);
    }
    if let Some(last) = layouts.last() {
        println!("\nGoal reached:\n{}", last.id_grid());
    }
    Ok(())
}

/// A game in progress: the layout and the ID of the piece at each top-left cell.
#[derive(Clone)]
struct Game {
    layout: Layout,
    ids: Vec<(usize, Piece)>,
}

impl Game {
    fn new(layout: Layout) -> Self {
        let ids = layout
            .pieces()
            .into_iter()
            .enumerate()
            .map(|(i, p)| (i + 1, p))
            .collect();
        Self { layout, ids }
    }

    fn id_of(&self, cell: Cell) -> Option<usize> {
        self.ids
            .iter()
            .find(|(_, piece)| piece.cell == cell)
            .map(|(id, _)| *id)
    }

    fn play(&mut self, mv: &Move) -> Result<(), String> {
        self.layout.play(mv).map_err(|e| e.to_string())?;
        if let (Some(entry), Some(to)) = (
            self.ids.iter_mut().find(|(_, p)| p.cell == mv.from()),
            mv.to(),
        ) {
            entry.1.cell = to;
        }
        Ok(())
    }

    /// The board with piece IDs, coloured by shape (1x1 blue, 2x1 yellow, 1x2 green,
    /// 2x2 red) when `colour`.
    fn draw(&self, colour: bool) -> String {
        let board = self.layout.board();
        let mut text = String::new();
        for row in 0..board.height() {
            for column in 0..board.width() {
                let cell = Cell::new(row as u8, column as u8);
                let covering = self.ids.iter().find(|(_, piece)| {
                    let (h, w) = piece.shape.size();
                    (piece.cell.row()..piece.cell.row() + h).contains(&cell.row())
                        && (piece.cell.column()..piece.cell.column() + w).contains(&cell.column())
                });
                match covering {
                    Some((id, piece)) => {
                        let code = match piece.shape {
                            Shape::Small => 34,
                            Shape::Vertical => 33,
                            Shape::Horizontal => 32,
                            Shape::Sun => 31,
                        };
                        if colour {
                            text.push_str(&format!("\x1b[{code}m{id:>4}\x1b[0m"));
                        } else {
                            text.push_str(&format!("{id:>4}"));
                        }
                    }
                    None => text.push_str("   ."),
                }
            }
            text.push('\n');
        }
        text
    }
}

/// What one line of play input asks for.
enum Command {
    Quit,
    Undo,
    Hint,
    Solve,
    /// A piece ID, and the direction keys typed after it on the same line.
    Piece(usize, String),
    Unknown(String),
}

fn parse_command(line: &str) -> Command {
    match line {
        "q" => Command::Quit,
        "u" => Command::Undo,
        "h" => Command::Hint,
        "s" => Command::Solve,
        _ => {
            let digits = line.chars().take_while(char::is_ascii_digit).count();
            match line[..digits].parse::<usize>() {
                Ok(id) => Command::Piece(id, line[digits..].trim().to_owned()),
                Err(_) => Command::Unknown(line.to_owned()),
            }
        }
    }
}

/// Interactive play until solved, quit or end of input.
fn play(puzzle: &Puzzle, metric: Metric) -> Result<(), String> {
    let terminal = std::io::stdout().is_terminal();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut read = |prompt: &str| -> Option<String> {
        print!("{prompt}");
        std::io::stdout().flush().ok()?;
        // A line of at most 4 KiB (end of input, or a longer line, ends the game).
        let mut line = String::new();
        let read = input.by_ref().take(4096).read_line(&mut line).ok()?;
        let line =
            (read > 0 && (line.ends_with('\n') || read < 4096)).then(|| line.trim().to_owned());
        if !terminal {
            // Echo scripted input, so the transcript reads like a session.
            println!("{}", line.as_deref().unwrap_or_default());
        }
        line
    };
    let end_of_input = |moves: usize| {
        let plural = if moves == 1 { "" } else { "s" };
        println!("\nEnd of input after {moves} move{plural}: the puzzle is left unsolved.");
        Ok(())
    };
    let mut game = Game::new(*puzzle.start());
    let mut history: Vec<Game> = Vec::new();
    let mut message = String::new();
    loop {
        if terminal {
            print!("\x1b[2J\x1b[H");
        }
        println!(
            "Setting Sun: bring the 2x2 piece to {}. Moves: {}\n",
            puzzle.goal(),
            history.len()
        );
        println!("{}", game.draw(terminal));
        if !message.is_empty() {
            println!("{message}\n");
            message.clear();
        }
        if puzzle.is_solved(&game.layout) {
            println!("Congratulations! You've solved it!");
            return Ok(());
        }
        let Some(answer) = read(
            "Type a piece ID and a direction (4a), 'h' for a hint, 'u' to undo, 's' to let the computer solve, 'q' to quit: ",
        ) else {
            return end_of_input(history.len());
        };
        let (id, mut keys) = match parse_command(&answer) {
            Command::Quit => return Ok(()),
            Command::Solve => {
                let current = puzzle.from_layout(game.layout).map_err(|e| e.to_string())?;
                return solve(&current, metric);
            }
            Command::Undo => {
                match history.pop() {
                    Some(previous) => game = previous,
                    None => message = "Nothing to undo.".to_owned(),
                }
                continue;
            }
            Command::Hint => {
                let current = puzzle.from_layout(game.layout).map_err(|e| e.to_string())?;
                message = match current.solve(metric) {
                    Ok(solution) => match solution.moves().first() {
                        Some(mv) => format!(
                            "Hint: move piece {} {} ({} optimal {metric} moves to go).",
                            game.id_of(mv.from()).unwrap_or(0),
                            mv.path(),
                            solution.len()
                        ),
                        None => "Already solved.".to_owned(),
                    },
                    Err(error) => error.to_string(),
                };
                continue;
            }
            Command::Unknown(text) => {
                message = format!("Piece must exist on the board! Received {text}");
                continue;
            }
            Command::Piece(id, keys) => (id, keys),
        };
        let Some(piece) = game
            .ids
            .iter()
            .find(|(pid, _)| *pid == id)
            .map(|(_, piece)| *piece)
        else {
            message = format!("Piece must exist on the board! Received {id}");
            continue;
        };
        if keys.is_empty() {
            let Some(line) = read("Please enter a direction to move (w/a/s/d): ") else {
                return end_of_input(history.len());
            };
            keys = line;
        }
        let Some(direction) = keys
            .chars()
            .next()
            .filter(|_| keys.len() == 1)
            .and_then(Direction::from_key)
        else {
            message = format!("Movement direction must be one of {{w, a, s, d}}! Received {keys}");
            continue;
        };
        let before = game.clone();
        match game.play(&Move::step(piece.cell, direction)) {
            Ok(()) => history.push(before),
            Err(_) => {
                let target = piece
                    .cell
                    .neighbor(direction)
                    .map_or("off the board".to_owned(), |c| c.to_string());
                message = format!("Movement is illegal! Received {id} to {target}");
            }
        }
    }
}
