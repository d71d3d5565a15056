//! Reverse-mode play: the board starts in the solved position (boxes and goals
//! switched), the pusher may jump anywhere free until the first pull, then pulls boxes
//! back towards their start; undo takes back the last operation (and gives back the
//! right to jump once every pull is undone).
//!
//! ```text
//! cargo run --example reverse_play                  # a scripted session
//! cargo run --example reverse_play -- "3,1 LL z"    # your own session
//! ```
//!
//! Session words are separated by spaces: `x,y` jumps to column x, row y; the letters
//! `l u r d` move without pulling, `L U R D` move and pull the box behind the pusher,
//! `z` undoes the last operation.

use std::process::ExitCode;

use sokoengine::board::BoardGraph;
use sokoengine::geometry::{Direction, Tessellation};
use sokoengine::mover::{Mover, SolvingMode};

const BOARD: &str = "\
#########
#$  .  .#
#   @$# #
#.$    @#
#########";

/// Jump next to a box, pull it LEFT, try a jump (refused after a pull), undo the
/// pull, jump again, and finish with a plain move. Undo is single-level: a second
/// `z` would undo the undo.
const SCRIPT: &str = "3,1 L 5,1 z 5,1 d";

fn main() -> ExitCode {
    let script = std::env::args().nth(1).unwrap_or_else(|| SCRIPT.to_owned());
    match run(&script) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("reverse_play: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(script: &str) -> Result<(), String> {
    let board = BoardGraph::parse(Tessellation::Sokoban, BOARD).map_err(|e| e.to_string())?;
    println!("Forward board:\n{board}\n");
    let mut mover = Mover::new(board, SolvingMode::Reverse).map_err(|e| e.to_string())?;
    println!(
        "Reverse mode starts from the solved position:\n{}\n",
        mover.board()
    );
    let width = mover.board().width();
    for word in script.split_whitespace() {
        if let Some((x, y)) = word.split_once(',') {
            let (x, y) = (number(x)?, number(y)?);
            if x >= width || y >= mover.board().height() {
                println!("jump to ({x},{y}): refused: not on the board\n");
                continue;
            }
            let position = y * width + x;
            report(&mut mover, &format!("jump to ({x},{y})"), |m| {
                m.jump(position)
            });
            continue;
        }
        for letter in word.chars() {
            if letter == 'z' {
                report(&mut mover, "undo", Mover::undo_last_move);
                continue;
            }
            let direction = match letter.to_ascii_lowercase() {
                'l' => Direction::Left,
                'u' => Direction::Up,
                'r' => Direction::Right,
                'd' => Direction::Down,
                _ => return Err(format!("unknown letter '{letter}'")),
            };
            let pull = letter.is_ascii_uppercase();
            mover.set_pulls_boxes(pull);
            let what = format!("{} {direction}", if pull { "pull" } else { "move" });
            report(&mut mover, &what, |m| m.try_move(direction));
        }
    }
    Ok(())
}

fn number(text: &str) -> Result<usize, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a column or row number"))
}

/// Runs one operation and prints what happened.
fn report(
    mover: &mut Mover,
    what: &str,
    operation: impl FnOnce(&mut Mover) -> Result<(), sokoengine::mover::MoverError>,
) {
    match operation(mover) {
        Ok(()) => {
            let steps: Vec<String> = mover.last_move().iter().map(ToString::to_string).collect();
            println!(
                "{what}: ok (pull count {}, hash {:016x})\n  steps: [{}]\n{}\n",
                mover.pull_count(),
                mover.state_hash(),
                steps.join(", "),
                mover.board()
            );
        }
        Err(error) => println!("{what}: refused: {error}\n"),
    }
}
