//! The Tower of Hanoi in the terminal.
//!
//! ```text
//! cargo run --example hanoi                 # watch the optimal solution of 4 disks
//! cargo run --example hanoi -- 5 4          # 5 disks on 4 pegs (Frame–Stewart)
//! cargo run --example hanoi -- 3 3 --play   # play yourself: a movement's number, or its pegs (0 2)
//! ```
//!
//! Playing ends when the tower stands on the last peg, or at the end of the input:
//!
//! ```text
//! printf '1\n' | cargo run --example hanoi -- 2 3 --play
//! ```
//!
//! Arguments: `[disks (1..=10)] [pegs (3 or 4)] [--play]`.

use std::process::ExitCode;

use sokoengine::hanoi::{Hanoi, OptimalPlayer};
use sokoengine::rules::{Arena, GameError, HumanPlayer, Rules};

/// More disks would print thousands of drawings; the library itself goes up to 63.
const MAX_SHOWN_DISKS: u8 = 10;

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("hanoi: {message}");
            eprintln!("usage: hanoi [disks (1..={MAX_SHOWN_DISKS})] [pegs (3 or 4)] [--play]");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let play = args.iter().any(|a| a == "--play");
    let numbers: Vec<&String> = args.iter().filter(|a| *a != "--play").collect();
    if numbers.len() > 2 {
        return Err(format!("unexpected argument {:?}", numbers[2]));
    }
    let number = |i: usize, default: u8, what: &str| -> Result<u8, String> {
        numbers.get(i).map_or(Ok(default), |text| {
            text.parse()
                .map_err(|_| format!("the number of {what} must be a small number, not {text:?}"))
        })
    };
    let disks = number(0, 4, "disks")?;
    let pegs = number(1, 3, "pegs")?;
    if disks > MAX_SHOWN_DISKS {
        return Err(format!(
            "at most {MAX_SHOWN_DISKS} disks are shown here, not {disks}"
        ));
    }
    let hanoi = Hanoi::with_pegs(disks, pegs).map_err(|e| e.to_string())?;
    println!(
        "{disks} disks on {pegs} pegs: the optimum is {} movements.\n",
        hanoi.optimal_length()
    );
    let report = if play {
        let mut human = HumanPlayer::stdio("you");
        Arena::new(&hanoi)
            .check_movements(true)
            .play(&mut [&mut human])
    } else {
        let mut solver = OptimalPlayer::new();
        Arena::new(&hanoi).play_broadcast(&mut [&mut solver], std::io::stdout().lock())
    };
    let report = match report {
        Ok(report) => report,
        // The human player gives no movement when the input ends: stop quietly.
        Err(GameError::NoMovement { .. }) if play => {
            println!("\nEnd of input: the game is left unfinished.");
            return Ok(());
        }
        Err(error) => return Err(error.to_string()),
    };
    if play {
        println!("{}", report.final_position);
    }
    let cost = hanoi.score(&report.final_position);
    println!("Solved in {} movements.\n{cost}", report.movements);
    Ok(())
}
