//! A one-line position text, like FEN for chess.
//!
//! ```text
//! <rows> <players> <turn> <remaining>
//! ```
//!
//! * `rows`: the 20 board rows from row 20 (top) down to row 1, separated by `/`; in each,
//!   `B`, `Y`, `R`, `G` for a coloured tile and a number 1..20 for a run of empty tiles,
//!   from column `a` to `t`;
//! * `players`: 1 to 4;
//! * `turn`: `b`, `y`, `r` or `g`, the player to move (the last mover once finished);
//! * `remaining`: per player in turn order, separated by `/`, the pieces not yet placed:
//!   `*` for all 21, `-` for none, otherwise piece names run together (`O1I2F5`).
//!
//! The empty 4-player board is
//! `20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 4 b */*/*/*`.
//! A parsed position has no history ([`Board::pop`] reports nothing to undo).

use crate::board::Board;
use crate::types::{Color, Piece, PieceSet, Tile};

/// Longest accepted position text (a full board with all names spelled out is < 600).
const MAX_LEN: usize = 2048;

/// Why a position text was rejected.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::Board;
///
/// let board = Board::new(2)?;
/// let text = board.position();
/// assert_eq!(Board::from_position(&text)?, board);
/// assert!(Board::from_position("20/20 2 b *").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The text does not follow the format; `column` is 1-based.
    #[error("column {column}: {message}")]
    Syntax {
        /// 1-based character column.
        column: usize,
        /// What is wrong.
        message: &'static str,
    },
    /// Longer than any valid position.
    #[error("position text of {0} bytes is too long")]
    TooLong(usize),
    /// A colour appears (on the board or as the turn) that is not in the game.
    #[error("{0} is not in a game of this many players")]
    ColorNotInGame(Color),
    /// A player's tiles on the board do not match the pieces he has placed.
    #[error("{color} has {cells} tiles on the board but the placed pieces cover {expected}")]
    CellCount {
        /// The player.
        color: Color,
        /// Tiles of that colour on the board.
        cells: u32,
        /// Tiles of the pieces missing from his remaining list.
        expected: u32,
    },
    /// The player to move cannot play although the game is not over.
    #[error("{0} is to move but cannot place any piece")]
    TurnCannotPlay(Color),
}

fn syntax(column: usize, message: &'static str) -> PositionError {
    PositionError::Syntax { column, message }
}

impl Board {
    /// The position as one line of text (see the [format](crate#position-text)).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::Board;
    ///
    /// let mut board = Board::new(2)?;
    /// board.push("O1n-a1a1".parse()?)?;
    /// let text = board.position();
    /// assert!(text.ends_with(" 2 y I2I3L3O4I4L4Z4T4F5I5L5N5P5T5U5V5W5X5Y5Z5/*"));
    /// assert_eq!(Board::from_position(&text)?, board);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn position(&self) -> String {
        let mut out = String::with_capacity(200);
        for y in (0..20u8).rev() {
            let mut empty = 0;
            for x in 0..20u8 {
                let tile = Tile::from_coords(x, y).unwrap_or(Tile::A1);
                match self.color_at(tile) {
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if y > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push_str(&self.player_count().to_string());
        out.push(' ');
        out.push(self.current_player().letter().to_ascii_lowercase());
        out.push(' ');
        for (i, c) in self.players().enumerate() {
            if i > 0 {
                out.push('/');
            }
            let set = self.remaining_pieces(c);
            if set == PieceSet::ALL {
                out.push('*');
            } else if set.is_empty() {
                out.push('-');
            } else {
                set.iter().for_each(|p| out.push_str(p.name()));
            }
        }
        out
    }

    /// Parses a position text (see the [format](crate#position-text)).
    ///
    /// Checked: the syntax, 20 rows of 20 tiles, colours and turn within the player
    /// count, each player's tile count against his placed pieces, and that the player to
    /// move can play unless nobody can. Not checked: that each colour's tiles split into
    /// exactly his placed pieces.
    ///
    /// # Errors
    ///
    /// A [`PositionError`] naming the first problem.
    pub fn from_position(text: &str) -> Result<Board, PositionError> {
        if text.len() > MAX_LEN {
            return Err(PositionError::TooLong(text.len()));
        }
        if let Some(i) = text.chars().position(|c| !c.is_ascii()) {
            return Err(syntax(i + 1, "only ASCII characters are allowed"));
        }
        let fields: Vec<(usize, &str)> = text
            .split(' ')
            .scan(0, |at, field| {
                let start = *at;
                *at += field.len() + 1;
                Some((start + 1, field))
            })
            .collect();
        if fields.len() != 4 {
            return Err(syntax(
                text.len() + 1,
                "expected 4 fields separated by single spaces: rows, players, turn, remaining",
            ));
        }
        let (players_at, players_text) = fields[1];
        let n_players = match players_text {
            "1" => 1,
            "2" => 2,
            "3" => 3,
            "4" => 4,
            _ => return Err(syntax(players_at, "the number of players must be 1 to 4")),
        };
        let colors = parse_rows(fields[0].1, n_players)?;
        let (turn_at, turn_text) = fields[2];
        let turn = match turn_text {
            "b" => Color::Blue,
            "y" => Color::Yellow,
            "r" => Color::Red,
            "g" => Color::Green,
            _ => return Err(syntax(turn_at, "the turn must be one of b, y, r, g")),
        };
        if turn.index() >= n_players {
            return Err(PositionError::ColorNotInGame(turn));
        }
        let remaining = parse_remaining(fields[3].0, fields[3].1, n_players)?;
        for (p, &left) in remaining.iter().enumerate().take(n_players) {
            let color = Color::ALL[p];
            let cells = colors.iter().filter(|&&c| usize::from(c) == p).count() as u32;
            let expected = PieceSet::ALL.tile_count() - PieceSet::from_bits(left).tile_count();
            if cells != expected {
                return Err(PositionError::CellCount {
                    color,
                    cells,
                    expected,
                });
            }
        }
        let board = Board::rebuild(n_players, colors, remaining, turn.index());
        if !board.is_finished() && !board.can_play(turn) {
            return Err(PositionError::TurnCannotPlay(turn));
        }
        Ok(board)
    }
}

fn parse_rows(text: &str, n_players: usize) -> Result<[u8; Tile::COUNT], PositionError> {
    let mut colors = [4u8; Tile::COUNT];
    let mut column = 1;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 20 {
        return Err(syntax(1, "the board needs 20 rows separated by '/'"));
    }
    for (i, row) in rows.iter().enumerate() {
        let y = 19 - i;
        let bytes = row.as_bytes();
        let mut x = 0usize;
        let mut at = 0;
        while at < bytes.len() {
            let b = bytes[at];
            if b.is_ascii_digit() {
                let digits = bytes[at..]
                    .iter()
                    .take_while(|d| d.is_ascii_digit())
                    .count();
                let run: usize = row[at..at + digits].parse().unwrap_or(usize::MAX);
                if b == b'0' {
                    return Err(syntax(column + at, "a run of empty tiles starts with 0"));
                }
                if run > 20 - x {
                    return Err(syntax(
                        column + at,
                        "a run of empty tiles overflows the row",
                    ));
                }
                x += run;
                at += digits;
                continue;
            }
            let p = match b {
                b'B' => 0,
                b'Y' => 1,
                b'R' => 2,
                b'G' => 3,
                _ => return Err(syntax(column + at, "expected B, Y, R, G or a number")),
            };
            if p >= n_players {
                return Err(PositionError::ColorNotInGame(Color::ALL[p]));
            }
            if x >= 20 {
                return Err(syntax(column + at, "a row has more than 20 tiles"));
            }
            colors[x + 20 * y] = p as u8;
            x += 1;
            at += 1;
        }
        if x != 20 {
            return Err(syntax(
                column + bytes.len(),
                "a row has fewer than 20 tiles",
            ));
        }
        column += row.len() + 1;
    }
    Ok(colors)
}

fn parse_remaining(start: usize, text: &str, n_players: usize) -> Result<[u32; 4], PositionError> {
    let mut remaining = [0u32; 4];
    let lists: Vec<&str> = text.split('/').collect();
    if lists.len() != n_players {
        return Err(syntax(
            start,
            "one remaining-piece list per player, separated by '/'",
        ));
    }
    let mut column = start;
    for (p, list) in lists.iter().enumerate() {
        remaining[p] = match *list {
            "*" => PieceSet::ALL.bits(),
            "-" => 0,
            _ => {
                let bytes = list.as_bytes();
                if bytes.is_empty() || bytes.len() % 2 != 0 {
                    return Err(syntax(
                        column,
                        "expected '*', '-' or piece names such as O1F5",
                    ));
                }
                let mut set = PieceSet::EMPTY;
                for (k, name) in bytes.chunks(2).enumerate() {
                    let piece = std::str::from_utf8(name)
                        .ok()
                        .and_then(Piece::from_name)
                        .ok_or_else(|| syntax(column + 2 * k, "unknown piece name"))?;
                    if set.contains(piece) {
                        return Err(syntax(column + 2 * k, "a piece is listed twice"));
                    }
                    set = set.with(piece);
                }
                set.bits()
            }
        };
        column += list.len() + 1;
    }
    Ok(remaining)
}
