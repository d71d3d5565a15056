//! `play`: the local web player (crate `sokoengine-play`) on a level file.

use std::path::PathBuf;

use clap::Args;
use sokoengine::play::{PlayError, PlayOptions, Player};

use crate::failure::Failure;
use crate::input::level_number;
use crate::output::Output;

/// Arguments of `sokoengine play`.
#[derive(Debug, Args)]
#[command(after_help = PLAY_EXAMPLES)]
pub struct PlayArgs {
    /// A level file: a .sok collection (saves go into it) or a plain level file (.xsb,
    /// .txt, .hsb, .tsb; saves go to a .sok file beside it).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The level shown first (counted from 1, in file order).
    #[arg(long, visible_alias = "puzzle", value_name = "N", default_value_t = 1,
          value_parser = level_number, allow_hyphen_values = true)]
    level: u32,
    /// The port on 127.0.0.1 [default: any free port].
    #[arg(long, value_name = "P", default_value_t = 0)]
    port: u16,
    /// Print the address and do not open a browser.
    #[arg(long)]
    no_browser: bool,
}

const PLAY_EXAMPLES: &str = "\
Examples:
  sokoengine play Microban.sok
  sokoengine play --level 3 --port 8765 --no-browser levels.hsb

Serves the page on 127.0.0.1 until Ctrl-C; the first line on standard output is its
address, which carries the access token every request needs.";

/// Runs the player until interrupted.
///
/// # Errors
///
/// A domain failure when the file can't be read or holds no such level, or the port
/// can't be listened on.
pub fn run(args: &PlayArgs, out: &mut Output) -> Result<(), Failure> {
    if out.json {
        return Err(Failure::usage(
            "play serves a page until interrupted: --json is not supported",
        ));
    }
    let options = PlayOptions {
        file: args.file.clone(),
        level: args.level as usize,
        port: args.port,
    };
    let player = Player::bind(options).map_err(|e| failure(&e))?;
    out.line(player.url())?;
    out.flush()?;
    if !args.no_browser {
        if let Err(error) = open_browser(player.url()) {
            eprintln!("warning: could not open a browser ({error}): open the address above");
        }
    }
    eprintln!("serving {} until Ctrl-C", args.file.display());
    player.run().map_err(|e| failure(&e))
}

fn failure(error: &PlayError) -> Failure {
    Failure::domain(error.to_string())
}

/// Opens `url` in the desktop's browser.
fn open_browser(url: &str) -> std::io::Result<()> {
    #[cfg(target_os = "macos")]
    let mut command = std::process::Command::new("open");
    #[cfg(target_os = "windows")]
    let mut command = {
        let mut command = std::process::Command::new("cmd");
        command.args(["/C", "start", ""]);
        command
    };
    #[cfg(not(any(target_os = "macos", target_os = "windows")))]
    let mut command = std::process::Command::new("xdg-open");
    command
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(drop)
}
