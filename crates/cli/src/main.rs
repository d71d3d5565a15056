//! The `sokoengine` command-line tool: check, convert and measure puzzles of the Sokoban
//! family, and play or solve Tilewe, Tower of Hanoi and Setting Sun (docs/guide.md).
//!
//! Every subcommand prints readable text, or with `--json` exactly one JSON document on
//! standard output. Exit status: `0` success; `1` the input says no (an illegal move, an
//! unsolved or invalid solution, malformed text) or a file cannot be read or written;
//! `2` the command line itself is wrong. Errors are one line `error: ...` on standard
//! error. Every number a person reads counts from 1 (levels, snapshots, steps, rows and
//! columns); the task-by-task guide is `docs/guide.md`.

#![deny(missing_docs)]

mod collection;
mod failure;
mod hanoi;
mod input;
mod optimize;
mod output;
mod parallel;
mod play;
mod render;
mod sokoban;
mod solve;
mod stream;
mod sun;
mod tilewe;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::failure::Failure;
use crate::output::Output;

/// Check, convert, measure and solve Sokoban-family puzzles; play and solve Tilewe, Tower
/// of Hanoi and Setting Sun.
///
/// Exit status: 0 success; 1 the input says no (illegal move, unsolved or invalid
/// solution, malformed text) or a file cannot be read or written; 2 the command line is
/// wrong. Levels, snapshots, steps, rows and columns count from 1.
#[derive(Debug, Parser)]
#[command(name = "sokoengine", version, propagate_version = true, after_help = EXAMPLES)]
struct Cli {
    #[command(flatten)]
    globals: GlobalArgs,

    #[command(subcommand)]
    command: Command,
}

/// The options every subcommand takes.
#[derive(Debug, Args)]
struct GlobalArgs {
    /// Print exactly one JSON document on standard output instead of text.
    #[arg(long, global = true)]
    json: bool,

    /// Report the progress of long work on standard error every few seconds, also when
    /// it is not a terminal (a terminal always shows a progress bar).
    #[arg(long, global = true)]
    progress: bool,
}

const EXAMPLES: &str = "\
Examples:
  sokoengine board --level 2 pack.xsb
  sokoengine replay --board level.txt --moves rRRlldRR --json
  sokoengine metrics --board level.txt --moves rrrlldrr
  sokoengine verify Original_and_Extra.sok
  sokoengine convert morehex.hsb --to sok
  sokoengine solve --mode pushes levels.sok --level 3
  sokoengine solve level.txt --moves rRR
  sokoengine optimize --metric pushes solutions.sok --all
  sokoengine render levels.sok --level 3 --snapshot 1 --animate -o level3.html
  sokoengine play levels.sok --level 3
  sokoengine tilewe play --engine human --engine mcts
  sokoengine hanoi play --disks 4
  sokoengine setting-sun play";

#[derive(Debug, Subcommand)]
enum Command {
    /// Parse one board and print it normalised.
    Board(sokoban::BoardArgs),
    /// Play a snapshot (moves) on a board with the Mover.
    Replay(sokoban::ReplayArgs),
    /// JSoko solution metrics of a solution, verified on its board.
    Metrics(sokoban::MetricsArgs),
    /// Replay every snapshot of a collection and compute its metrics.
    Verify(collection::VerifyArgs),
    /// Convert a collection between .sok, plain .xsb/.hsb/.tsb/.txt and JSON.
    Convert(collection::ConvertArgs),
    /// Solve levels, from their start or a position: any solution, push-optimal or
    /// move-optimal.
    Solve(solve::SolveArgs),
    /// Better solutions from a level's own, under a whole metric ordering.
    Optimize(optimize::OptimizeArgs),
    /// Draw a board (SVG, PNG or HTML), a position along a solution, or animate it.
    Render(render::RenderArgs),
    /// Play the levels of a file in the browser: a local web player on 127.0.0.1.
    Play(play::PlayArgs),
    /// Tilewe, the Blokus-like tile-placing game.
    #[command(subcommand)]
    Tilewe(tilewe::TileweCommand),
    /// Tower of Hanoi on 3 or 4 pegs.
    #[command(subcommand)]
    Hanoi(hanoi::HanoiCommand),
    /// The Setting Sun sliding-block puzzle.
    #[command(subcommand, name = "setting-sun")]
    SettingSun(sun::SunCommand),
}

/// The command line of `verify` alone: parsed first when `verify` is named, since
/// building the whole command tree (every subcommand and its arguments) is a tenth of
/// the time of `verify` of a 200 KB collection. It accepts a subset of what [`Cli`]
/// accepts, with the same meaning; anything else (help, errors) goes to [`Cli`].
#[derive(Debug, Parser)]
#[command(name = "sokoengine")]
struct VerifyCli {
    #[command(flatten)]
    globals: GlobalArgs,
    #[command(subcommand)]
    command: VerifyCommand,
}

#[derive(Debug, Subcommand)]
enum VerifyCommand {
    Verify(collection::VerifyArgs),
}

/// `sokoengine verify FILE`, the most common command line, read without building a
/// parser (0.05 ms, 2-3 % of `verify` of a 200 KB file): the same [`Cli`] as clap reads
/// from it (a test checks); `None` for any other command line.
fn plain_verify(args: &[OsString]) -> Option<Cli> {
    let [_, command, file] = args else {
        return None;
    };
    let file = file.to_str()?;
    (command == "verify" && !file.is_empty() && !file.starts_with('-')).then(|| Cli {
        globals: GlobalArgs {
            json: false,
            progress: false,
        },
        command: Command::Verify(collection::VerifyArgs::of_file(file)),
    })
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if let Some(cli) = plain_verify(&args) {
        let mut out = Output::new(cli.globals.json, cli.globals.progress);
        let result = run(cli.command, &mut out);
        return out.finish(result);
    }
    let verify = args.iter().skip(1).any(|arg| arg == "verify");
    let cli = match verify.then(|| VerifyCli::try_parse_from(&args)) {
        Some(Ok(VerifyCli {
            globals,
            command: VerifyCommand::Verify(args),
        })) => Cli {
            globals,
            command: Command::Verify(args),
        },
        _ => match Cli::try_parse_from(&args) {
            Ok(cli) => cli,
            Err(error) => return clap_failure(&error, wants_json(&args)),
        },
    };
    let mut out = Output::new(cli.globals.json, cli.globals.progress);
    let result = run(cli.command, &mut out);
    out.finish(result)
}

fn run(command: Command, out: &mut Output) -> Result<(), Failure> {
    match command {
        Command::Board(args) => sokoban::board(&args, out),
        Command::Replay(args) => sokoban::replay(&args, out),
        Command::Metrics(args) => sokoban::metrics(&args, out),
        Command::Verify(args) => collection::verify(&args, out),
        Command::Convert(args) => collection::convert(&args, out),
        Command::Solve(args) => solve::run(&args, out),
        Command::Optimize(args) => optimize::run(&args, out),
        Command::Render(args) => render::render(&args, out),
        Command::Play(args) => play::run(&args, out),
        Command::Tilewe(command) => tilewe::run(command, out),
        Command::Hanoi(command) => hanoi::run(command, out),
        Command::SettingSun(command) => sun::run(command, out),
    }
}

/// Whether `--json` appears among the options (before a `--`), for reporting a command
/// line that clap rejected.
fn wants_json(args: &[OsString]) -> bool {
    args.iter()
        .skip(1)
        .take_while(|arg| *arg != "--")
        .any(|arg| arg == "--json")
}

/// Help and version go to standard output with status 0. Every other clap error is a
/// usage error (status 2) and keeps clap's whole message on standard error: what is
/// wrong, the missing argument's name, a similar subcommand, the allowed values, the
/// usage line. With `--json`, the same text is the message of the error document.
fn clap_failure(error: &clap::Error, json: bool) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        // Nothing useful can be done when standard output is closed.
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    if json {
        let rendered = error.render().to_string();
        let message = rendered.trim();
        let message = message.strip_prefix("error: ").unwrap_or(message);
        Output::new(true, false).write_error_document(message);
    }
    // On a terminal clap colours the message; a closed standard error leaves the status.
    let _ = error.print();
    ExitCode::from(failure::USAGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &[&str]) -> Vec<OsString> {
        std::iter::once("sokoengine")
            .chain(line.iter().copied())
            .map(OsString::from)
            .collect()
    }

    #[test]
    fn a_plain_verify_command_line_reads_as_clap_reads_it() {
        for file in [
            "a.sok",
            "verify",
            "help",
            "--x",
            "a b.sok",
            "é.sok",
            "/tmp/x.xsb",
        ] {
            let line = args(&["verify", file]);
            let plain = plain_verify(&line).map(|cli| format!("{cli:?}"));
            let clap = Cli::try_parse_from(&line)
                .map(|cli| format!("{cli:?}"))
                .ok();
            match plain {
                Some(plain) => assert_eq!(Some(plain), clap, "{file}"),
                None => assert!(file.starts_with('-'), "{file}"),
            }
        }
    }

    #[test]
    fn any_other_command_line_goes_to_clap() {
        for line in [
            &[][..],
            &["verify"],
            &["verify", ""],
            &["verify", "-"],
            &["verify", "--help"],
            &["verify", "--json"],
            &["--json", "verify"],
            &["verify", "a.sok", "b.sok"],
            &["verify", "a.sok", "--json"],
            &["convert", "a.sok"],
            &["a.sok", "verify"],
        ] {
            assert!(plain_verify(&args(line)).is_none(), "{line:?}");
        }
    }
}
