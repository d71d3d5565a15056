//! Blokus game records in SGF, the form Pentobi reads and writes: a root node of game
//! properties (`GM[Blokus Two-Player]`, `PB`/`PW` the two sides, `RE` the result, ...)
//! and one node per placement, `;1[a20,b20,b19]`, whose property is the colour's number
//! ([`color_number`], the numbering GTP uses too) and whose value lists the points
//! covered.
//!
//! ```
//! use sokoengine_tilewe::sgf::Record;
//! use sokoengine_tilewe::{Board, Color, StartCorners};
//!
//! let mut record = Record::new();
//! record.set_property("GM", "Blokus Two-Player");
//! record.set_property("PB", "blue and red");
//! let board = Board::with_start_corners(4, StartCorners::Fixed)?;
//! let mv = board.move_covering(Color::Blue, &["a20".parse()?]).expect("a monomino fits");
//! record.push(Color::Blue, mv);
//! let text = record.to_string();
//! assert_eq!(text, "(;GM[Blokus Two-Player]PB[blue and red]\n;1[a20])\n");
//! let read: Record = text.parse()?;
//! assert_eq!(read, record);
//! assert_eq!(read.property("PB"), Some("blue and red"));
//! let end = read.replay(|_, _, _| ())?;
//! assert_eq!(end.color_at("a20".parse()?), Some(Color::Blue));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Only what a game record needs is read: one game tree, without variations; property
//! values with SGF's escapes (`\]`, `\\`, a backslash before a line break joins the
//! lines). Moves are kept as the points they cover and checked against the rules when
//! the record is [replayed](Record::replay).

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, StartCorners};
use crate::moves::Move;
use crate::types::{Color, Piece, Tile};

/// Most placements a record holds: every piece of every colour.
pub const MAX_MOVES: usize = Color::COUNT * Piece::COUNT;

/// The number of `color` in SGF move properties and GTP commands: blue 1, yellow 2,
/// red 3, green 4 (turn order, from 1).
///
/// ```
/// use sokoengine_tilewe::Color;
/// use sokoengine_tilewe::sgf::{color_from_number, color_number};
///
/// assert_eq!(Color::ALL.map(color_number), [1, 2, 3, 4]);
/// assert_eq!(color_from_number(3), Some(Color::Red));
/// assert_eq!(color_from_number(5), None);
/// ```
#[must_use]
pub const fn color_number(color: Color) -> u8 {
    color as u8 + 1
}

/// The colour numbered `number` ([`color_number`]), if any.
#[must_use]
pub const fn color_from_number(number: u8) -> Option<Color> {
    match number {
        0 => None,
        n => Color::from_index(n as usize - 1),
    }
}

/// A failure to read a game record, or to replay it.
///
/// ```
/// use sokoengine_tilewe::sgf::{Record, SgfError};
///
/// let error = "(;GM[Blokus]\n;1[a1,b1".parse::<Record>().unwrap_err();
/// assert_eq!(error, SgfError::UnclosedValue { offset: 15 });
/// assert_eq!(error.to_string(), "the property value from byte 15 is not closed");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SgfError {
    /// Something else than the record's syntax wants at this point.
    #[error("expected {expected} at byte {offset}")]
    Expected {
        /// What was wanted: `'('`, `';'`, `'['`, a property name.
        expected: &'static str,
        /// Byte offset of the problem in the text.
        offset: usize,
    },
    /// A `[` without its `]`.
    #[error("the property value from byte {offset} is not closed")]
    UnclosedValue {
        /// Byte offset of the value's `[`.
        offset: usize,
    },
    /// A game tree inside the game: a record is one line of play.
    #[error("variations are not supported (byte {offset})")]
    Variations {
        /// Byte offset of the inner `(`.
        offset: usize,
    },
    /// Text after the game tree's `)`.
    #[error("text after the game record at byte {offset}")]
    TrailingText {
        /// Byte offset of the first character after the record.
        offset: usize,
    },
    /// More placements than the pieces of four colours.
    #[error("more than {MAX_MOVES} moves")]
    TooManyMoves,
    /// A move's value is not 1 to 5 points `a1`..`t20`, comma-separated.
    #[error("move {number}: {text:?} is not a list of 1 to 5 points a1..t20")]
    Points {
        /// The move's number, from 1.
        number: usize,
        /// The value.
        text: String,
    },
    /// On replay: the points are no placement of that colour in that position.
    #[error("move {number}: {points} is not a move of {color} here")]
    IllegalMove {
        /// The move's number, from 1.
        number: usize,
        /// The colour that moved.
        color: Color,
        /// The points, as written.
        points: String,
    },
}

/// One placement of a record: a colour and the points its piece covers, in board order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The colour that placed the piece.
    pub color: Color,
    /// The points covered (1 to 5 of them), sorted.
    pub cells: Vec<Tile>,
}

impl Placement {
    /// The points as SGF and GTP write them: `a1,a2,b2`.
    #[must_use]
    pub fn points(&self) -> String {
        join_points(&self.cells)
    }
}

/// A game record: the root node's properties, in order, and the placements.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    properties: Vec<(String, String)>,
    moves: Vec<Placement>,
}

impl Record {
    /// An empty record: no properties, no moves.
    #[must_use]
    pub fn new() -> Record {
        Record::default()
    }

    /// The value of root property `name` (`GM`, `PB`, `RE`, ...), if the record has it.
    #[must_use]
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The root properties in the order they are written.
    pub fn properties(&self) -> impl Iterator<Item = (&str, &str)> {
        self.properties
            .iter()
            .map(|(key, value)| (key.as_str(), value.as_str()))
    }

    /// Sets root property `name` (upper-case letters or digits) to `value`, in its place
    /// if the record has it, else after the others.
    pub fn set_property(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.properties.iter_mut().find(|(key, _)| key == name) {
            Some((_, old)) => *old = value,
            None => self.properties.push((name.to_owned(), value)),
        }
    }

    /// The placements in the order they were played.
    #[must_use]
    pub fn moves(&self) -> &[Placement] {
        &self.moves
    }

    /// Adds `mv`, played by `color`.
    pub fn push(&mut self, color: Color, mv: Move) {
        self.moves.push(Placement {
            color,
            cells: mv.cells(),
        });
    }

    /// Plays the record on the classic four-colour board with its fixed start corners
    /// (Blokus and Blokus Two-Player), calling `visit` with the position before each
    /// move, the colour and the move. A colour moves when the record says so, whoever's
    /// turn it would be (records skip colours that pass). Returns the final position.
    ///
    /// # Errors
    ///
    /// [`SgfError::IllegalMove`] for a placement the rules do not allow there.
    pub fn replay(&self, mut visit: impl FnMut(&Board, Color, Move)) -> Result<Board, SgfError> {
        let mut board = Board::with_start_corners(Color::COUNT, StartCorners::Fixed)
            .expect("four colours is a valid player count");
        for (index, placement) in self.moves.iter().enumerate() {
            let illegal = || SgfError::IllegalMove {
                number: index + 1,
                color: placement.color,
                points: placement.points(),
            };
            let mv = board
                .move_covering(placement.color, &placement.cells)
                .ok_or_else(illegal)?;
            if board.current_player() != placement.color {
                board
                    .set_current_player(placement.color)
                    .map_err(|_| illegal())?;
            }
            visit(&board, placement.color, mv);
            board.push(mv).map_err(|_| illegal())?;
        }
        Ok(board)
    }
}

impl fmt::Display for Record {
    /// The root node on the first line, the moves on the second:
    /// `(;FF[4]GM[Blokus Two-Player]\n;1[a20];2[t20])`, and a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(;")?;
        for (key, value) in &self.properties {
            write!(f, "{key}[")?;
            for c in value.chars() {
                if matches!(c, ']' | '\\') {
                    f.write_str("\\")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str("]")?;
        }
        f.write_str("\n")?;
        for placement in &self.moves {
            write!(
                f,
                ";{}[{}]",
                color_number(placement.color),
                placement.points()
            )?;
        }
        f.write_str(")\n")
    }
}

impl FromStr for Record {
    type Err = SgfError;

    /// Reads one game tree: the root node's properties (the first value of each) and a
    /// placement for each move property `1`..`4` of the later nodes; other properties of
    /// those nodes (comments, times) are skipped.
    fn from_str(text: &str) -> Result<Record, SgfError> {
        let mut reader = Reader { text, at: 0 };
        reader.expect('(', "'('")?;
        let mut record = Record::new();
        let mut root = true;
        loop {
            match reader.peek() {
                Some(';') => reader.at += 1,
                Some(')') => break,
                Some('(') => return Err(SgfError::Variations { offset: reader.at }),
                _ => return Err(reader.expected("';' or ')'")),
            }
            while let Some(name) = reader.property_name() {
                let mut values = Vec::new();
                while reader.peek() == Some('[') {
                    values.push(reader.value()?);
                }
                let Some(value) = values.into_iter().next() else {
                    return Err(reader.expected("'['"));
                };
                if root {
                    if record.property(name).is_none() {
                        record.properties.push((name.to_owned(), value));
                    }
                } else if let Some(color) = name.parse().ok().and_then(color_from_number) {
                    if record.moves.len() == MAX_MOVES {
                        return Err(SgfError::TooManyMoves);
                    }
                    let number = record.moves.len() + 1;
                    let cells = parse_points(&value).ok_or(SgfError::Points {
                        number,
                        text: value,
                    })?;
                    record.moves.push(Placement { color, cells });
                }
            }
            root = false;
        }
        reader.at += 1;
        reader.skip_space();
        if reader.at < text.len() {
            return Err(SgfError::TrailingText { offset: reader.at });
        }
        if root {
            return Err(SgfError::Expected {
                expected: "';'",
                offset: 1,
            });
        }
        Ok(record)
    }
}

/// A cursor over the record's text.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    /// The next character after white space.
    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.text[self.at..].chars().next()
    }

    fn expected(&self, expected: &'static str) -> SgfError {
        SgfError::Expected {
            expected,
            offset: self.at,
        }
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), SgfError> {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            Ok(())
        } else {
            Err(self.expected(expected))
        }
    }

    /// A property name (ASCII letters and digits), if one comes next.
    fn property_name(&mut self) -> Option<&'a str> {
        self.skip_space();
        let rest = &self.text[self.at..];
        let len = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        (len > 0).then(|| {
            self.at += len;
            &rest[..len]
        })
    }

    /// A bracketed value, unescaped; the cursor is on its `[`.
    fn value(&mut self) -> Result<String, SgfError> {
        let start = self.at;
        let mut value = String::new();
        let mut chars = self.text[start + 1..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                ']' => {
                    self.at = start + 1 + i + 1;
                    return Ok(value);
                }
                '\\' => match chars.next() {
                    // A soft line break: the lines join.
                    Some((_, '\n' | '\r')) => {}
                    Some((_, escaped)) => value.push(escaped),
                    None => break,
                },
                c => value.push(c),
            }
        }
        Err(SgfError::UnclosedValue { offset: start })
    }
}

/// Points `a1,b1,b2` (any case, any order, 1 to 5 of them), sorted; `None` if the text is
/// not such a list.
fn parse_points(text: &str) -> Option<Vec<Tile>> {
    let mut cells = text
        .split(',')
        .map(parse_point)
        .collect::<Option<Vec<Tile>>>()?;
    if cells.len() > 5 {
        return None;
    }
    cells.sort_unstable();
    Some(cells)
}

/// A point `a1`..`t20` in either case, white space around it ignored.
pub(crate) fn parse_point(text: &str) -> Option<Tile> {
    text.trim().to_ascii_lowercase().parse().ok()
}

/// Points in the given order, as SGF and GTP write them: `a1,b1`.
pub(crate) fn join_points(cells: &[Tile]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, RandomEngine};
    use crate::rng::Rng;

    /// A whole game between seeded random players, recorded.
    fn played_game(seed: u64) -> (Record, Board) {
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut record = Record::new();
        record.set_property("FF", "4");
        record.set_property("GM", "Blokus Two-Player");
        record.set_property("PB", "name with ] and \\ in it");
        let mut engine = RandomEngine;
        let mut rng = Rng::new(seed);
        while !board.is_finished() {
            let color = board.current_player();
            let mv = engine.choose(&board, &mut rng).unwrap();
            record.push(color, mv);
            board.push(mv).unwrap();
        }
        (record, board)
    }

    #[test]
    fn a_written_record_reads_back_and_replays_to_the_same_position() {
        for seed in 1..4 {
            let (record, board) = played_game(seed);
            let text = record.to_string();
            let read: Record = text.parse().unwrap();
            assert_eq!(read, record);
            assert_eq!(read.to_string(), text);
            let mut played = Vec::new();
            let end = read
                .replay(|_, color, mv| played.push((color, mv)))
                .unwrap();
            // The same placements (a placement may have more than one move name).
            let cells = |b: &Board| b.moves().iter().map(|mv| mv.cells()).collect::<Vec<_>>();
            assert_eq!(cells(&end), cells(&board));
            assert_eq!(end.to_string(), board.to_string());
            assert_eq!(played.len(), record.moves().len());
        }
    }

    #[test]
    fn pentobi_style_records_read() {
        let text = "(\n;FF[4]CA[UTF-8]GM[Blokus Two-Player]PB[Pentobi]PW[a\\]b]C[two\\\nlines]\n\
                    ;1[A20, b20]C[first move]\n;2[t20];3[t1]\n;4[a1]\n)\n";
        let record: Record = text.parse().unwrap();
        assert_eq!(record.property("PW"), Some("a]b"));
        assert_eq!(record.property("C"), Some("twolines"));
        let moves: Vec<(Color, String)> = record
            .moves()
            .iter()
            .map(|p| (p.color, p.points()))
            .collect();
        assert_eq!(
            moves,
            [
                (Color::Blue, "a20,b20".to_owned()),
                (Color::Yellow, "t20".to_owned()),
                (Color::Red, "t1".to_owned()),
                (Color::Green, "a1".to_owned()),
            ]
        );
        let end = record.replay(|_, _, _| ()).unwrap();
        assert_eq!(end.scores(), [2, 1, 1, 1]);
    }

    #[test]
    fn broken_records_name_what_is_wrong() {
        let cases: [(&str, SgfError); 8] = [
            (
                "",
                SgfError::Expected {
                    expected: "'('",
                    offset: 0,
                },
            ),
            (
                "()",
                SgfError::Expected {
                    expected: "';'",
                    offset: 1,
                },
            ),
            (
                "(;GM[x]x)",
                SgfError::Expected {
                    expected: "'['",
                    offset: 8,
                },
            ),
            ("(;GM[x", SgfError::UnclosedValue { offset: 4 }),
            ("(;GM[x](;1[a1]))", SgfError::Variations { offset: 7 }),
            ("(;GM[x]) x", SgfError::TrailingText { offset: 9 }),
            (
                "(;GM[x];1[a1,z9])",
                SgfError::Points {
                    number: 1,
                    text: "a1,z9".to_owned(),
                },
            ),
            (
                "(;GM[x];1[a1,a2,a3,a4,a5,a6])",
                SgfError::Points {
                    number: 1,
                    text: "a1,a2,a3,a4,a5,a6".to_owned(),
                },
            ),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<Record>(), Err(error), "{text:?}");
        }
        let too_long = format!("(;GM[x]{})", ";1[a1]".repeat(MAX_MOVES + 1));
        assert_eq!(too_long.parse::<Record>(), Err(SgfError::TooManyMoves));
    }

    #[test]
    fn illegal_moves_fail_the_replay() {
        // Blue's start corner is a20 on the classic board; t1 is green's.
        let record: Record = "(;GM[x];1[a20];3[a19])".parse().unwrap();
        assert_eq!(
            record.replay(|_, _, _| ()),
            Err(SgfError::IllegalMove {
                number: 2,
                color: Color::Red,
                points: "a19".to_owned()
            })
        );
    }
}
