//! A GTP front end in the Blokus dialect Pentobi speaks, so an engine can play in
//! Pentobi's GUI, in tournaments, and against other programs through a referee.
//!
//! The game is Blokus Classic: the 20x20 board with its fixed start corners (blue a20,
//! yellow t20, red t1, green a1; [`StartCorners::Fixed`]), tilewe's placement rules,
//! and tilewe's score (cells placed, no bonuses). Colours are `1` to `4` (blue, yellow,
//! red, green) as in Pentobi, or their names or initials; a move is the list of its
//! points, `a1,b1,b2`, written in board order (`a1, b1, ..., a2, ...`) and read in any
//! order.
//!
//! | command | response |
//! |---|---|
//! | `protocol_version`, `name`, `version` | `2`, `sokoengine`, the version and engine |
//! | `list_commands`, `known_command NAME` | the commands, one a line; `true` or `false` |
//! | `set_game Blokus` / `set_game Blokus Two-Player` | every colour for itself / blue and red against yellow and green; clears the board |
//! | `clear_board` | a new game |
//! | `play COLOUR POINTS` | plays the move (any colour that can still move; `pass` only for a colour without moves) |
//! | `genmove COLOUR`, `reg_genmove COLOUR` | the engine's move, played or not; `pass` when the colour cannot move |
//! | `undo` | takes back the last move |
//! | `all_legal COLOUR` | every distinct placement, one a line |
//! | `showboard` | the board as text |
//! | `final_score` | four scores (`53 76 62 62`), or in the two-player game `B+3`, `W+3` or `0` |
//! | `set_random_seed N` | reseeds the engine's random generator |
//! | `quit` | ends the session |
//!
//! Input follows GTP: carriage returns and other control characters are dropped, `#`
//! starts a comment, an optional numeric id is echoed in the response. Anything wrong
//! gets one `? message` response; nothing a controller sends can stop the session
//! except `quit` or the end of input. Lines are capped at [`MAX_LINE`] bytes: a longer
//! line is answered with an error as soon as it passes the cap, and its rest is skipped;
//! a line whose rest does not end within [`MAX_SKIPPED_LINES`] times the cap (an endless
//! input such as `/dev/zero`) ends the session with [`GtpError::EndlessLine`].
//!
//! # Examples
//!
//! ```
//! use sokoengine_tilewe::{Budget, Mcts};
//! use sokoengine_tilewe::gtp::GtpSession;
//!
//! let mut gtp = GtpSession::new(Box::new(Mcts::new(Budget::Playouts(20))), 1);
//! assert_eq!(gtp.respond("protocol_version"), Some("= 2\n\n".to_owned()));
//! assert_eq!(gtp.respond("play 1 a20,b20,a19"), Some("= \n\n".to_owned()));
//! assert_eq!(gtp.respond("play 1 t1"), Some("? illegal move\n\n".to_owned()));
//! let reply = gtp.respond("genmove yellow").unwrap();
//! assert!(reply.starts_with("= ") && reply.contains("t20"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, BufRead, Write};

use crate::board::{Board, StartCorners};
use crate::engine::{Engine, Teams};
use crate::moves::Move;
use crate::rng::Rng;
use crate::sgf::{color_from_number, join_points, parse_point};
use crate::types::{Color, Tile};

/// Longest command line read, in bytes; the rest of a longer line is discarded and the
/// line answered with an error.
pub const MAX_LINE: usize = 4096;

/// How far past the cap, in multiples of it, the rest of an overlong line is skipped
/// looking for its end (1 MiB for the default cap).
pub const MAX_SKIPPED_LINES: usize = 256;

/// Why [`GtpSession::run`] ended before `quit` or the end of its input.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GtpError {
    /// The input could not be read.
    #[error("can't read the input: {0}")]
    Read(#[source] io::Error),
    /// A response could not be written.
    #[error("can't write a response: {0}")]
    Write(#[source] io::Error),
    /// A line passed the cap and did not end within [`MAX_SKIPPED_LINES`] times the cap
    /// more: the input is not GTP (it was answered with an error first).
    #[error("a line longer than the limit of {limit} bytes did not end within {skipped} bytes")]
    EndlessLine {
        /// The line cap, in bytes.
        limit: usize,
        /// The bytes skipped after it before the session gave up.
        skipped: usize,
    },
}

/// The commands, as `list_commands` lists them.
const COMMANDS: [&str; 16] = [
    "all_legal",
    "clear_board",
    "final_score",
    "genmove",
    "known_command",
    "list_commands",
    "name",
    "play",
    "protocol_version",
    "quit",
    "reg_genmove",
    "set_game",
    "set_random_seed",
    "showboard",
    "undo",
    "version",
];

/// One GTP session: a board, an engine and its random generator.
pub struct GtpSession {
    board: Board,
    engine: Box<dyn Engine>,
    rng: Rng,
    teams: Teams,
    quit: bool,
    max_line: usize,
}

impl std::fmt::Debug for GtpSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GtpSession")
            .field("board", &self.board)
            .field("engine", &self.engine.name())
            .field("teams", &self.teams)
            .field("quit", &self.quit)
            .finish_non_exhaustive()
    }
}

fn classic_board() -> Board {
    Board::with_start_corners(4, StartCorners::Fixed).expect("4 players")
}

impl GtpSession {
    /// A session on an empty classic board, every colour for itself, the engine's
    /// randomness seeded with `seed`.
    #[must_use]
    pub fn new(mut engine: Box<dyn Engine>, seed: u64) -> GtpSession {
        engine.set_teams(Teams::Solo);
        GtpSession {
            board: classic_board(),
            engine,
            rng: Rng::new(seed),
            teams: Teams::Solo,
            quit: false,
            max_line: MAX_LINE,
        }
    }

    /// The same session with lines capped at `bytes` (at least 1) instead of
    /// [`MAX_LINE`].
    #[must_use]
    pub fn with_line_limit(mut self, bytes: usize) -> GtpSession {
        self.max_line = bytes.max(1);
        self
    }

    /// The current position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether `quit` was received.
    #[must_use]
    pub const fn has_quit(&self) -> bool {
        self.quit
    }

    /// The full response to one input line (ending in the blank line GTP requires), or
    /// `None` for a line that GTP says to ignore (empty, blank or only a comment).
    #[must_use]
    pub fn respond(&mut self, line: &str) -> Option<String> {
        let cleaned: String = line
            .chars()
            .take_while(|&c| c != '#')
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
        let mut words = cleaned.split_whitespace().peekable();
        let first = *words.peek()?;
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            words.next();
            first
        } else {
            ""
        };
        let Some(command) = words.next() else {
            return Some(format!("?{id} missing command\n\n"));
        };
        let args: Vec<&str> = words.collect();
        Some(match self.execute(command, &args) {
            Ok(text) => format!("={id} {text}\n\n"),
            Err(text) => format!("?{id} {text}\n\n"),
        })
    }

    fn execute(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        let arity = |n: usize| -> Result<(), String> {
            if args.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "{command} takes {n} argument{}",
                    if n == 1 { "" } else { "s" }
                ))
            }
        };
        match command {
            "protocol_version" => arity(0).map(|()| "2".to_owned()),
            "name" => arity(0).map(|()| "sokoengine".to_owned()),
            "version" => {
                arity(0)?;
                Ok(format!(
                    "{} {}",
                    env!("CARGO_PKG_VERSION"),
                    self.engine.name()
                ))
            }
            "list_commands" => arity(0).map(|()| COMMANDS.join("\n")),
            "known_command" => {
                arity(1)?;
                Ok(COMMANDS.contains(&args[0]).to_string())
            }
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "clear_board" => {
                arity(0)?;
                self.board = classic_board();
                Ok(String::new())
            }
            "set_game" => self.set_game(&args.join(" ")),
            "play" => {
                arity(2)?;
                let color = parse_color(args[0])?;
                self.play(color, args[1])
            }
            "genmove" | "reg_genmove" => {
                arity(1)?;
                let color = parse_color(args[0])?;
                self.genmove(color, command == "genmove")
            }
            "undo" => {
                arity(0)?;
                self.board
                    .pop()
                    .map(|_| String::new())
                    .map_err(|_| "cannot undo".to_owned())
            }
            "all_legal" => {
                arity(1)?;
                let color = parse_color(args[0])?;
                Ok(self.all_legal(color))
            }
            "showboard" => arity(0).map(|()| format!("\n{}", self.board)),
            "final_score" => arity(0).map(|()| self.final_score()),
            "set_random_seed" => {
                arity(1)?;
                let seed = args[0]
                    .parse::<u64>()
                    .map_err(|_| format!("invalid seed {:?}", args[0]))?;
                self.rng = Rng::new(seed);
                Ok(String::new())
            }
            _ => Err("unknown command".to_owned()),
        }
    }

    fn set_game(&mut self, name: &str) -> Result<String, String> {
        let teams = match name {
            "Blokus" => Teams::Solo,
            "Blokus Two-Player" => Teams::Partners,
            _ => return Err(format!("unsupported game variant {name:?}")),
        };
        self.teams = teams;
        self.engine.set_teams(teams);
        self.board = classic_board();
        Ok(String::new())
    }

    /// Makes `color` the player to move if it is not already.
    fn take_turn(&mut self, color: Color) -> Result<(), String> {
        if self.board.is_finished() || self.board.current_player() != color {
            self.board
                .set_current_player(color)
                .map_err(|_| "illegal move".to_owned())?;
        }
        Ok(())
    }

    fn play(&mut self, color: Color, text: &str) -> Result<String, String> {
        if text.eq_ignore_ascii_case("pass") {
            return if self.board.can_play(color) {
                Err("illegal move: the colour can still place a piece".to_owned())
            } else {
                Ok(String::new())
            };
        }
        let cells = parse_points(text)?;
        let mv = self
            .board
            .move_covering(color, &cells)
            .ok_or_else(|| "illegal move".to_owned())?;
        self.take_turn(color)?;
        self.board.push(mv).map_err(|e| e.to_string())?;
        Ok(String::new())
    }

    fn genmove(&mut self, color: Color, commit: bool) -> Result<String, String> {
        if !self.board.can_play(color) {
            return Ok("pass".to_owned());
        }
        let saved = (!commit).then(|| self.board.clone());
        self.take_turn(color)?;
        let mv = self
            .engine
            .choose(&self.board, &mut self.rng)
            .ok_or_else(|| "engine found no move".to_owned())?;
        self.board
            .push(mv)
            .map_err(|e| format!("engine error: {e}"))?;
        let text = points(mv);
        if let Some(board) = saved {
            self.board = board;
        }
        Ok(text)
    }

    fn all_legal(&self, color: Color) -> String {
        let mut seen = Vec::new();
        let mut lines = Vec::new();
        for mv in self.board.legal_moves_for(color) {
            let cells = mv.cells();
            if !seen.contains(&cells) {
                lines.push(join_points(&cells));
                seen.push(cells);
            }
        }
        lines.join("\n")
    }

    fn final_score(&self) -> String {
        let s: Vec<u32> = Color::ALL.iter().map(|&c| self.board.score(c)).collect();
        match self.teams {
            Teams::Partners => {
                let (first, second) = (s[0] + s[2], s[1] + s[3]);
                match first.cmp(&second) {
                    std::cmp::Ordering::Greater => format!("B+{}", first - second),
                    std::cmp::Ordering::Less => format!("W+{}", second - first),
                    std::cmp::Ordering::Equal => "0".to_owned(),
                }
            }
            _ => s
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// Answers every line of `input` on `output` until `quit` or the end of input,
    /// flushing after each response. A line longer than the cap is answered with an
    /// error as soon as it passes the cap; its rest is skipped.
    ///
    /// # Errors
    ///
    /// [`GtpError::Read`] / [`GtpError::Write`] for errors reading `input` or writing
    /// `output`; [`GtpError::EndlessLine`] when the rest of an overlong line does not end
    /// within [`MAX_SKIPPED_LINES`] times the cap.
    pub fn run(
        &mut self,
        input: &mut impl BufRead,
        output: &mut impl Write,
    ) -> Result<(), GtpError> {
        let mut line = Vec::with_capacity(256);
        let reply = |output: &mut dyn Write, response: &str| {
            output
                .write_all(response.as_bytes())
                .and_then(|()| output.flush())
                .map_err(GtpError::Write)
        };
        while !self.quit {
            match read_line(input, &mut line, self.max_line).map_err(GtpError::Read)? {
                Line::End => break,
                Line::Complete => {
                    if let Some(response) = self.respond(&String::from_utf8_lossy(&line)) {
                        reply(output, &response)?;
                    }
                }
                Line::Overlong { ended } => {
                    let limit = self.max_line;
                    reply(output, &format!("? line longer than {limit} bytes\n\n"))?;
                    if !ended {
                        let bound = limit.saturating_mul(MAX_SKIPPED_LINES);
                        if !skip_line(input, bound).map_err(GtpError::Read)? {
                            return Err(GtpError::EndlessLine {
                                limit,
                                skipped: bound,
                            });
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// What [`read_line`] read.
enum Line {
    /// A whole line (the last one may lack its line end).
    Complete,
    /// A line longer than the cap; `ended`: its line end was read too.
    Overlong { ended: bool },
    /// The end of the input.
    End,
}

/// Reads one line into `line` (without its end), reading at most `max_line` bytes of a
/// line before it is found overlong.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max_line: usize) -> io::Result<Line> {
    line.clear();
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(if line.is_empty() {
                Line::End
            } else {
                Line::Complete
            });
        }
        let room = max_line - line.len();
        match available.iter().position(|&b| b == b'\n') {
            Some(end) if end <= room => {
                line.extend_from_slice(&available[..end]);
                input.consume(end + 1);
                return Ok(Line::Complete);
            }
            Some(end) => {
                input.consume(end + 1);
                return Ok(Line::Overlong { ended: true });
            }
            None if available.len() > room => {
                // Only as much as the cap: the rest is skipped after the answer.
                input.consume(room + 1);
                return Ok(Line::Overlong { ended: false });
            }
            None => {
                let used = available.len();
                line.extend_from_slice(available);
                input.consume(used);
            }
        }
    }
}

/// Skips the rest of a line: `true` when its end (or the end of input) comes within
/// `bound` bytes, `false` otherwise (the input is left there).
fn skip_line(input: &mut impl BufRead, bound: usize) -> io::Result<bool> {
    let mut skipped = 0usize;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(true);
        }
        if let Some(end) = available.iter().position(|&b| b == b'\n') {
            if skipped + end > bound {
                return Ok(false);
            }
            input.consume(end + 1);
            return Ok(true);
        }
        let used = available.len();
        skipped += used;
        if skipped > bound {
            return Ok(false);
        }
        input.consume(used);
    }
}

/// A colour: `1`..`4`, a name, or an initial (any case).
fn parse_color(text: &str) -> Result<Color, String> {
    let invalid = || format!("invalid color {text:?}");
    let color = match text.to_ascii_lowercase().as_str() {
        "b" | "blue" => Color::Blue,
        "y" | "yellow" => Color::Yellow,
        "r" | "red" => Color::Red,
        "g" | "green" => Color::Green,
        // A colour number, as game records number the colours.
        digit if digit.len() == 1 => digit
            .parse()
            .ok()
            .and_then(color_from_number)
            .ok_or_else(invalid)?,
        _ => return Err(invalid()),
    };
    Ok(color)
}

/// Points `a1,b1,b2` (any case, any order, 1 to 5 of them).
fn parse_points(text: &str) -> Result<Vec<Tile>, String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > 5 {
        return Err(format!(
            "invalid move {text:?}: a piece has at most 5 points"
        ));
    }
    parts
        .iter()
        .map(|p| parse_point(p).ok_or_else(|| format!("invalid point {p:?}")))
        .collect()
}

/// The move's points in board order, as GTP writes moves.
#[must_use]
pub fn points(mv: Move) -> String {
    join_points(&mv.cells())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MostTiles;

    fn session() -> GtpSession {
        GtpSession::new(Box::new(MostTiles), 0)
    }

    #[test]
    fn ids_comments_and_blank_lines() {
        let mut gtp = session();
        assert_eq!(gtp.respond(""), None);
        assert_eq!(gtp.respond("   # only a comment"), None);
        assert_eq!(
            gtp.respond("7 name # who"),
            Some("=7 sokoengine\n\n".into())
        );
        assert_eq!(gtp.respond("8"), Some("?8 missing command\n\n".into()));
        assert_eq!(
            gtp.respond("\tknown_command\tgenmove\r"),
            Some("= true\n\n".into())
        );
        assert_eq!(
            gtp.respond("frobnicate"),
            Some("? unknown command\n\n".into())
        );
    }

    #[test]
    fn long_and_broken_lines_do_not_stop_the_session() {
        let mut input = Vec::new();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE * 3));
        input.extend_from_slice(b"\nname\n\xff\xfe\nquit\nname\n");
        let mut out = Vec::new();
        let mut gtp = session();
        gtp.run(&mut input.as_slice(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            format!(
                "? line longer than {MAX_LINE} bytes\n\n= sokoengine\n\n? unknown command\n\n= \n\n"
            )
        );
    }

    #[test]
    fn out_of_turn_moves_and_passes() {
        let mut gtp = session();
        // Green first, on its own corner.
        assert_eq!(gtp.respond("play 4 a1"), Some("= \n\n".into()));
        assert_eq!(gtp.board().current_player(), Color::Blue);
        assert_eq!(gtp.respond("play green b2,c2"), Some("= \n\n".into()));
        assert_eq!(gtp.respond("play 1 a1"), Some("? illegal move\n\n".into()));
        assert!(
            gtp.respond("play 1 pass")
                .unwrap()
                .starts_with("? illegal move")
        );
        assert_eq!(gtp.respond("undo"), Some("= \n\n".into()));
        assert_eq!(gtp.respond("undo"), Some("= \n\n".into()));
        assert_eq!(gtp.respond("undo"), Some("? cannot undo\n\n".into()));
    }
}
