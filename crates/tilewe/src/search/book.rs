//! [`OpeningBook`]: each colour's first moves in Blokus Two-Player, from the engine's
//! own deep searches.
//!
//! Its keys, guard and text form are documented on [`OpeningBook`].

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::board::{Board, StartCorners};
use crate::moves::Move;
use crate::types::{Color, Piece, Tile};

/// A placement's cells in the book's frame, ascending.
type Cells = Vec<Tile>;

/// A colour's placements in the book's frame, ascending: an entry's key.
type Key = Vec<Cells>;

/// Longest book text accepted, in bytes.
const MAX_BOOK_LEN: usize = 1 << 20;

/// Largest guard distance (a larger one could never hold on the 20x20 board).
const MAX_GUARD: u8 = 19;

/// The opening book of [`Mcts`](super::Mcts).
///
/// A colour's first placements hardly interact with the other colours while they are
/// far away, so an entry is keyed on the colour's own placements only, seen from its
/// start corner: every colour's pieces are mapped into one frame where its corner is
/// `a1` and the corner of the colour moving after it is `t1` (so the next opponent lies
/// along the bottom edge, the previous one along the left edge and the partner across
/// the diagonal, for every colour alike). The diagonal through `a1` is folded as well:
/// of a key and its mirror image the smaller is stored (a symmetric key keeps the
/// unmirrored frame). An entry answers only while no other colour's tile is within the
/// book's *guard* distance (Chebyshev, in cells) of the colour's tiles or of the move's.
/// The shipped book's guard is 4: no cell of the colour's pieces, its move or the open
/// corners next to them has been contested yet, and the nearest opponent is at least a
/// whole piece away (one piece reaches at most 5 cells from its colour's tiles). A guard
/// of 6, which keeps even the opponents' next piece off those corners, fails at most
/// colours' third piece, so its book would hold only two.
///
/// The text form, one entry a line, `#` starting a comment:
///
/// ```text
/// guard 7
/// start -> a1,b1,b2,c2,c3
/// a1,b1,b2,c2,c3 -> d4,e4,d5,d6,d7
/// ```
///
/// `guard N` comes first. An entry is the colour's placements in the book's frame
/// (`start` for none), each a comma-separated list of points, then `->` and the move.
/// The placements are checked to be playable from `a1`, in some order, with distinct
/// pieces, and the move to be legal after them.
///
/// [`OpeningBook::standard`] is the shipped book (`opening_book.txt` beside this module),
/// built by the `tilewe_book` example from the engine's own deep searches;
/// [`Mcts::with_book`](super::Mcts::with_book) plays with a book.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, OpeningBook, StartCorners};
///
/// let book: OpeningBook = "guard 7\nstart -> a1,b1,b2,c2,c3\n".parse()?;
/// let board = Board::with_start_corners(4, StartCorners::Fixed)?;
/// // Blue starts at a20: the entry seen from blue's corner.
/// let mv = book.lookup(&board).expect("in the book");
/// let cells: Vec<String> = mv.cells().iter().map(ToString::to_string).collect();
/// assert_eq!(cells, ["c18", "b19", "c19", "a20", "b20"]);
/// // tilewe's any-corner start is not in the book's game.
/// assert_eq!(book.lookup(&Board::new(4)?), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningBook {
    guard: u8,
    entries: BTreeMap<Key, Cells>,
}

/// Why a text is not an [`OpeningBook`]: where, and what is wrong.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{OpeningBook, OpeningBookErrorKind};
///
/// let err = "guard 7\nstart -> a1,b1,z9\n".parse::<OpeningBook>().unwrap_err();
/// assert_eq!((err.line, err.column), (2, 16));
/// assert_eq!(err.kind, OpeningBookErrorKind::InvalidPoint("z9".into()));
/// assert_eq!(err.to_string(), "line 2, column 16: `z9` is not a point");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct OpeningBookError {
    /// 1-based line.
    pub line: usize,
    /// 1-based character column.
    pub column: usize,
    /// What is wrong there.
    pub kind: OpeningBookErrorKind,
}

/// What is wrong in an [`OpeningBookError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OpeningBookErrorKind {
    /// The text is longer than any book needs.
    #[error("the book is longer than {MAX_BOOK_LEN} bytes")]
    TooLong,
    /// An entry comes before the `guard N` line.
    #[error("expected `guard N` before the entries")]
    MissingGuard,
    /// The guard is not a distance of 0 to 19 cells.
    #[error("`{0}` is not a guard distance (0 to 19)")]
    InvalidGuard(String),
    /// An entry has no `->`, or more than one.
    #[error("expected `PLACEMENTS -> MOVE`")]
    MissingArrow,
    /// A word is not a point like `c3`.
    #[error("`{0}` is not a point")]
    InvalidPoint(String),
    /// A placement or the move has no points or more than five.
    #[error("a placement has 1 to 5 points")]
    PlacementSize,
    /// The placements cannot all be played from `a1`, with distinct pieces.
    #[error("the placements cannot all be played from a1")]
    IllegalPlacements,
    /// The move is not legal after the placements.
    #[error("the move is not legal after the placements")]
    IllegalMove,
    /// A second entry for the same placements.
    #[error("a second entry for the same placements")]
    DuplicateEntry,
}

/// How a colour's tiles map into the book's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    color: Color,
    mirrored: bool,
}

impl Frame {
    /// `tile` in the book's frame.
    fn to_book(self, tile: Tile) -> Tile {
        let (x, y) = (tile.x(), tile.y());
        let (x, y) = match self.color {
            Color::Blue => (x, 19 - y),
            Color::Yellow => (19 - y, 19 - x),
            Color::Red => (19 - x, y),
            Color::Green => (y, x),
        };
        let (x, y) = if self.mirrored { (y, x) } else { (x, y) };
        Tile::from_coords(x, y).expect("the board's symmetries keep tiles on it")
    }

    /// The tile whose book form is `tile` (every colour's map is its own inverse).
    fn to_board(self, tile: Tile) -> Tile {
        let (x, y) = (tile.x(), tile.y());
        let (x, y) = if self.mirrored { (y, x) } else { (x, y) };
        Frame {
            color: self.color,
            mirrored: false,
        }
        .to_book(Tile::from_coords(x, y).expect("on the board"))
    }

    fn cells(self, cells: &[Tile]) -> Cells {
        let mut out: Cells = cells.iter().map(|&t| self.to_book(t)).collect();
        out.sort_unstable();
        out
    }
}

/// The colour's placements so far in the book's frame, with that frame; `None` when
/// the book does not apply (not the classic four-colour start, or a position without
/// the history of its tiles).
fn key_of(board: &Board, color: Color) -> Option<(Key, Frame)> {
    if board.start_corners() != StartCorners::Fixed || board.player_count() != 4 {
        return None;
    }
    let own: Vec<Vec<Tile>> = board
        .moves()
        .iter()
        .map(|mv| mv.cells())
        .filter(|cells| board.color_at(cells[0]) == Some(color))
        .collect();
    let placed: usize = own.iter().map(Vec::len).sum();
    if placed != board.score(color) as usize {
        return None;
    }
    let key = |mirrored| {
        let frame = Frame { color, mirrored };
        let mut key: Key = own.iter().map(|c| frame.cells(c)).collect();
        key.sort_unstable();
        (key, frame)
    };
    let (plain, mirror) = (key(false), key(true));
    Some(if mirror.0 < plain.0 { mirror } else { plain })
}

/// Whether every tile of another colour is more than `guard` cells (Chebyshev) from
/// every tile of `color` and of `cells`.
fn guard_holds(board: &Board, color: Color, cells: &[Tile], guard: u8) -> bool {
    let mine: Vec<Tile> = Tile::all()
        .filter(|&t| board.color_at(t) == Some(color))
        .chain(cells.iter().copied())
        .collect();
    let near = |a: Tile, b: Tile| a.x().abs_diff(b.x()).max(a.y().abs_diff(b.y())) <= guard;
    !Tile::all()
        .any(|t| board.color_at(t).is_some_and(|c| c != color) && mine.iter().any(|&m| near(t, m)))
}

impl OpeningBook {
    /// An empty book with this guard distance (clamped to 19).
    #[must_use]
    pub fn new(guard: u8) -> OpeningBook {
        OpeningBook {
            guard: guard.min(MAX_GUARD),
            entries: BTreeMap::new(),
        }
    }

    /// The shipped book (`opening_book.txt`).
    #[must_use]
    pub fn standard() -> &'static OpeningBook {
        static STANDARD: OnceLock<OpeningBook> = OnceLock::new();
        STANDARD.get_or_init(|| {
            include_str!("opening_book.txt")
                .parse()
                .expect("the shipped opening book is well-formed (tested)")
        })
    }

    /// The guard distance in cells.
    #[must_use]
    pub const fn guard(&self) -> u8 {
        self.guard
    }

    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's move for the player to move, or `None` when the position is not in
    /// the book: another start rule or player count, a key without an entry, or
    /// another colour within the guard distance.
    #[must_use]
    pub fn lookup(&self, board: &Board) -> Option<Move> {
        if board.is_finished() || self.entries.is_empty() {
            return None;
        }
        let color = board.current_player();
        let (key, frame) = key_of(board, color)?;
        let cells: Vec<Tile> = self
            .entries
            .get(&key)?
            .iter()
            .map(|&t| frame.to_board(t))
            .collect();
        if !guard_holds(board, color, &cells, self.guard) {
            return None;
        }
        board.move_covering(color, &cells)
    }

    /// `mv`, a move of the player to move, as the book would hold it: its cells in the
    /// book's frame. `None` when the book could not hold it (as for
    /// [`lookup`](Self::lookup), or `mv` breaks the guard).
    #[must_use]
    pub fn placement_in_frame(&self, board: &Board, mv: Move) -> Option<Vec<Tile>> {
        let color = board.current_player();
        let (_, frame) = key_of(board, color)?;
        let cells = mv.cells();
        guard_holds(board, color, &cells, self.guard).then(|| frame.cells(&cells))
    }

    /// Makes `mv` the book's move for the position of the player to move (replacing
    /// any entry there); `false`, with the book unchanged, when the book could not hold
    /// it (see [`placement_in_frame`](Self::placement_in_frame)) or `mv` is not legal.
    pub fn insert(&mut self, board: &Board, mv: Move) -> bool {
        if board.is_finished() || !board.is_legal(mv) {
            return false;
        }
        let Some(cells) = self.placement_in_frame(board, mv) else {
            return false;
        };
        let (key, _) = key_of(board, board.current_player()).expect("checked above");
        self.entries.insert(key, cells);
        true
    }

    /// Whether the guard holds for the player to move before any move: no other
    /// colour's tile within the guard distance of its tiles.
    #[must_use]
    pub fn guard_holds(&self, board: &Board) -> bool {
        let color = board.current_player();
        key_of(board, color).is_some() && guard_holds(board, color, &[], self.guard)
    }
}

fn write_cells(f: &mut fmt::Formatter<'_>, cells: &[Tile]) -> fmt::Result {
    for (i, t) in cells.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

impl fmt::Display for OpeningBook {
    /// The text form: `guard N`, then the entries, shortest keys first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "guard {}", self.guard)?;
        let mut entries: Vec<(&Key, &Cells)> = self.entries.iter().collect();
        entries.sort_by_key(|(key, _)| key.len());
        for (key, cells) in entries {
            if key.is_empty() {
                f.write_str("start")?;
            }
            for (i, placement) in key.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write_cells(f, placement)?;
            }
            f.write_str(" -> ")?;
            write_cells(f, cells)?;
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The words of `text` with their 1-based character columns, `text` starting at
/// column `start`.
fn words(text: &str, start: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut from = None;
    for (i, (at, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), from) {
            (false, None) => from = Some((i, at)),
            (true, Some((col, begin))) => {
                out.push((start + col, &text[begin..at]));
                from = None;
            }
            _ => {}
        }
    }
    if let Some((col, begin)) = from {
        out.push((start + col, &text[begin..]));
    }
    out
}

/// The points of a word `a1,b1,b2` at `column`, ascending.
fn parse_cells(word: &str, column: usize) -> Result<Cells, (usize, OpeningBookErrorKind)> {
    let mut cells = Vec::new();
    let mut col = column;
    for part in word.split(',') {
        let tile = part
            .parse::<Tile>()
            .map_err(|_| (col, OpeningBookErrorKind::InvalidPoint(part.to_owned())))?;
        cells.push(tile);
        col += part.chars().count() + 1;
    }
    cells.sort_unstable();
    cells.dedup();
    if cells.len() > 5 {
        return Err((column, OpeningBookErrorKind::PlacementSize));
    }
    Ok(cells)
}

/// The board after playing `key` (any order) as green from `a1`, or the index of a
/// placement that cannot be played.
fn replay(key: &[Cells]) -> Result<Board, ()> {
    // A colour has 21 pieces: a longer key cannot be played (said before trying it in
    // every order, which costs the square of its length).
    if key.len() > Piece::COUNT {
        return Err(());
    }
    let mut board =
        Board::with_start_corners(4, StartCorners::Fixed).expect("four players are valid");
    let mut left: Vec<&Cells> = key.iter().collect();
    while !left.is_empty() {
        board.set_current_player(Color::Green).map_err(|_| ())?;
        let found = left
            .iter()
            .enumerate()
            .find_map(|(i, cells)| Some((i, board.move_covering(Color::Green, cells)?)));
        let Some((i, mv)) = found else {
            return Err(());
        };
        board.push(mv).map_err(|_| ())?;
        left.remove(i);
    }
    board.set_current_player(Color::Green).map_err(|_| ())?;
    Ok(board)
}

/// One entry line (without its comment): the key and the move, both in the book's
/// frame and folded.
fn parse_entry(text: &str) -> Result<(Key, Cells), (usize, OpeningBookErrorKind)> {
    let mut halves = text.split("->");
    let (Some(left), Some(right), None) = (halves.next(), halves.next(), halves.next()) else {
        return Err((1, OpeningBookErrorKind::MissingArrow));
    };
    let right_column = left.chars().count() + 3;
    let mut key = Key::new();
    let left_words = words(left, 1);
    if left_words.is_empty() {
        return Err((1, OpeningBookErrorKind::PlacementSize));
    }
    if !(left_words.len() == 1 && left_words[0].1 == "start") {
        for &(col, word) in &left_words {
            key.push(parse_cells(word, col)?);
        }
    }
    let right_words = words(right, right_column);
    let [(move_column, word)] = right_words[..] else {
        // With nothing after it, the arrow is what leads nowhere (the column after it
        // may be past the line's end).
        let column = if right_words.is_empty() {
            right_column - 2
        } else {
            right_column
        };
        return Err((column, OpeningBookErrorKind::PlacementSize));
    };
    let mv = parse_cells(word, move_column)?;
    let board = replay(&key).map_err(|()| (1, OpeningBookErrorKind::IllegalPlacements))?;
    if board.move_covering(Color::Green, &mv).is_none() {
        return Err((move_column, OpeningBookErrorKind::IllegalMove));
    }
    // Fold the diagonal: the smaller of the key and its mirror image (green's own
    // frame is that reflection).
    let mirror = Frame {
        color: Color::Green,
        mirrored: false,
    };
    key.sort_unstable();
    let mut mirrored: Key = key.iter().map(|c| mirror.cells(c)).collect();
    mirrored.sort_unstable();
    Ok(if mirrored < key {
        (mirrored, mirror.cells(&mv))
    } else {
        (key, mv)
    })
}

impl FromStr for OpeningBook {
    type Err = OpeningBookError;

    fn from_str(text: &str) -> Result<OpeningBook, OpeningBookError> {
        let fail = |line, column, kind| OpeningBookError { line, column, kind };
        if text.len() > MAX_BOOK_LEN {
            return Err(fail(1, 1, OpeningBookErrorKind::TooLong));
        }
        let mut book: Option<OpeningBook> = None;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.split('#').next().unwrap_or("");
            let first = words(content, 1);
            let Some(&(column, head)) = first.first() else {
                continue;
            };
            let Some(book) = book.as_mut() else {
                let guard = match (head, &first[1..]) {
                    ("guard", [(col, value)]) => value
                        .parse::<u8>()
                        .ok()
                        .filter(|&g| g <= MAX_GUARD)
                        .ok_or_else(|| {
                            fail(
                                line,
                                *col,
                                OpeningBookErrorKind::InvalidGuard((*value).to_owned()),
                            )
                        })?,
                    ("guard", _) => {
                        return Err(fail(
                            line,
                            column,
                            OpeningBookErrorKind::InvalidGuard(content.trim().to_owned()),
                        ));
                    }
                    _ => return Err(fail(line, column, OpeningBookErrorKind::MissingGuard)),
                };
                book = Some(OpeningBook::new(guard));
                continue;
            };
            let (key, mv) = parse_entry(content).map_err(|(col, kind)| {
                // The whole-line errors point at the line's first word.
                let col = if col == 1 { column } else { col };
                fail(line, col, kind)
            })?;
            if book.entries.insert(key, mv).is_some() {
                return Err(fail(line, column, OpeningBookErrorKind::DuplicateEntry));
            }
        }
        Ok(book.unwrap_or_else(|| OpeningBook::new(0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic() -> Board {
        Board::with_start_corners(4, StartCorners::Fixed).unwrap()
    }

    fn play(board: &mut Board, color: Color, cells: &str) {
        let cells = parse_cells(cells, 1).unwrap();
        board.set_current_player(color).unwrap();
        let mv = board.move_covering(color, &cells).unwrap();
        board.push(mv).unwrap();
    }

    fn text(mv: Move) -> String {
        mv.cells()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    #[test]
    fn every_colour_sees_the_book_from_its_corner() {
        let book: OpeningBook = "guard 3\nstart -> a1,a2,b2\n".parse().unwrap();
        let mut board = classic();
        let mut seen = Vec::new();
        for color in Color::ALL {
            board.set_current_player(color).unwrap();
            let mv = book.lookup(&board).unwrap();
            seen.push(text(mv));
            board.push(mv).unwrap();
        }
        // The frame puts the next colour's corner at t1 (blue -> yellow at t20 is to
        // the right of a20): a1,a2,b2 seen from each corner.
        assert_eq!(seen, ["a19,b19,a20", "s19,s20,t20", "t1,s2,t2", "a1,b1,b2"]);
        // Each is the book's move mapped back from the colour's own frame.
        for (color, cells) in Color::ALL.iter().zip(&seen) {
            let frame = Frame {
                color: *color,
                mirrored: false,
            };
            let back = frame.cells(&parse_cells(cells, 1).unwrap());
            assert!(back == parse_cells("a1,a2,b2", 1).unwrap());
        }
    }

    #[test]
    fn frames_are_their_own_inverse() {
        for color in Color::ALL {
            for mirrored in [false, true] {
                let frame = Frame { color, mirrored };
                for t in Tile::all() {
                    assert_eq!(frame.to_board(frame.to_book(t)), t);
                }
                let corner = StartCorners::Fixed.corner(color).unwrap();
                assert_eq!(frame.to_book(corner), Tile::A1);
            }
        }
    }

    #[test]
    fn the_diagonal_is_folded() {
        // Written mirrored, the entry is stored as the smaller image and still answers.
        let book: OpeningBook = "guard 3\na1,b1,c1 -> d2,d3\n".parse().unwrap();
        let same: OpeningBook = "guard 3\na1,a2,a3 -> b4,c4\n".parse().unwrap();
        assert_eq!(book, same);
        assert_eq!(book.to_string(), "guard 3\na1,b1,c1 -> d2,d3\n");
        for first in ["a1,b1,c1", "a1,a2,a3"] {
            let mut board = classic();
            play(&mut board, Color::Green, first);
            board.set_current_player(Color::Green).unwrap();
            let mv = book.lookup(&board).unwrap();
            let want = if first == "a1,b1,c1" {
                "d2,d3"
            } else {
                "b4,c4"
            };
            assert_eq!(text(mv), want);
        }
    }

    #[test]
    fn the_guard_keeps_the_book_away_from_other_colours() {
        let book: OpeningBook = "guard 5\nstart -> a1,b1,b2,c2,c3\n".parse().unwrap();
        let mut board = classic();
        play(&mut board, Color::Red, "t1,s1,r1,q1,p1");
        board.set_current_player(Color::Green).unwrap();
        // Red's p1 is 12 columns from green's move (c3): far enough.
        // Green's frame is the diagonal reflection of the book's.
        assert_eq!(text(book.lookup(&board).unwrap()), "a1,a2,b2,b3,c3");
        play(&mut board, Color::Red, "o2,o3,o4,o5");
        play(&mut board, Color::Red, "n6,m6,l6,k6,k7");
        board.set_current_player(Color::Green).unwrap();
        // k6 is 8 columns from c3: still more than 5.
        assert!(book.lookup(&board).is_some());
        assert!(book.guard_holds(&board));
        play(&mut board, Color::Red, "j5,i5,h5,h4");
        board.set_current_player(Color::Green).unwrap();
        // h5 is 5 columns from c3: the guard fails, but only for that move.
        assert_eq!(book.lookup(&board), None);
        assert!(book.guard_holds(&board));
        let near: OpeningBook = "guard 4\nstart -> a1,b1,b2,c2,c3\n".parse().unwrap();
        assert!(near.lookup(&board).is_some());
    }

    #[test]
    fn lookup_misses_outside_the_book() {
        let book: OpeningBook = "guard 3\nstart -> a1\na1 -> b2,b3\n".parse().unwrap();
        let mut board = classic();
        play(&mut board, Color::Blue, "a20,a19");
        // Blue's key (a1,a2 in its frame) has no entry; yellow's (start) has.
        board.set_current_player(Color::Blue).unwrap();
        assert_eq!(book.lookup(&board), None);
        board.set_current_player(Color::Yellow).unwrap();
        assert_eq!(text(book.lookup(&board).unwrap()), "t20");
        // A position without the history of its tiles is not in the book.
        let mut bare = Board::from_position(&board.position()).unwrap();
        bare.set_current_player(Color::Blue).unwrap();
        assert_eq!(book.lookup(&bare), None);
        assert_eq!(OpeningBook::new(3).lookup(&classic()), None);
    }

    #[test]
    fn insert_and_text_round_trip() {
        let mut book = OpeningBook::new(6);
        let mut board = classic();
        let mv = board.move_covering(Color::Blue, &[Tile::A20]).unwrap();
        assert!(book.insert(&board, mv));
        assert_eq!(book.placement_in_frame(&board, mv), Some(vec![Tile::A1]));
        board.push(mv).unwrap();
        let answer = book.lookup(&board).unwrap(); // yellow, from t20
        assert_eq!(text(answer), "t20");
        board.push(answer).unwrap();
        board.set_current_player(Color::Blue).unwrap();
        let second = board
            .move_covering(Color::Blue, &parse_cells("b19,b18", 1).unwrap())
            .unwrap();
        assert!(book.insert(&board, second));
        assert!(!book.insert(&board, answer)); // not blue's move
        assert_eq!(book.len(), 2);
        let text = book.to_string();
        assert_eq!(text, "guard 6\nstart -> a1\na1 -> b2,b3\n");
        assert_eq!(text.parse::<OpeningBook>().unwrap(), book);
    }

    #[test]
    fn the_shipped_book_parses_and_is_canonical() {
        let book = OpeningBook::standard();
        assert!(!book.is_empty());
        let text = include_str!("opening_book.txt");
        let lines: Vec<&str> = text
            .lines()
            .map(|l| l.split('#').next().unwrap().trim_end())
            .filter(|l| !l.is_empty())
            .collect();
        let again: Vec<String> = book.to_string().lines().map(str::to_owned).collect();
        let mut lines: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        lines.sort();
        let mut again_sorted = again.clone();
        again_sorted.sort();
        assert_eq!(lines, again_sorted);
    }

    proptest::proptest! {
        #[test]
        fn any_text_parses_or_fails_with_a_position(
            lines in proptest::collection::vec(proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just("guard"), proptest::strategy::Just("3"),
                proptest::strategy::Just("start"), proptest::strategy::Just("->"),
                proptest::strategy::Just("a1"), proptest::strategy::Just("a1,b1,b2"),
                proptest::strategy::Just("b2,c3"), proptest::strategy::Just("c2,c3,d3"),
                proptest::strategy::Just("#"), proptest::strategy::Just(","),
                proptest::strategy::Just("u0"), proptest::strategy::Just("é"),
                proptest::strategy::Just("-"), proptest::strategy::Just(">"),
            ], 0..8), 0..6),
        ) {
            let text: String = lines.iter().map(|words| words.join(" ") + "\n").collect();
            match text.parse::<OpeningBook>() {
                // A book prints as text that reads back as the same book.
                Ok(book) => proptest::prop_assert_eq!(book.to_string().parse::<OpeningBook>(), Ok(book)),
                Err(err) => {
                    proptest::prop_assert!(err.line >= 1 && err.line <= lines.len().max(1));
                    let width = text.lines().nth(err.line - 1).map_or(0, |l| l.chars().count());
                    proptest::prop_assert!(err.column >= 1 && err.column <= width.max(1), "{err}");
                }
            }
        }
    }

    #[test]
    fn errors_name_line_and_column() {
        let cases = [
            ("start -> a1\n", 1, 1, OpeningBookErrorKind::MissingGuard),
            (
                "guard x\n",
                1,
                7,
                OpeningBookErrorKind::InvalidGuard("x".into()),
            ),
            (
                "guard 20\n",
                1,
                7,
                OpeningBookErrorKind::InvalidGuard("20".into()),
            ),
            (
                "guard\n",
                1,
                1,
                OpeningBookErrorKind::InvalidGuard("guard".into()),
            ),
            (
                "guard 3\n\n  start a1\n",
                3,
                3,
                OpeningBookErrorKind::MissingArrow,
            ),
            (
                "guard 3\na1 -> b2 -> c3\n",
                2,
                1,
                OpeningBookErrorKind::MissingArrow,
            ),
            (
                "guard 3\nstart -> a1,u1\n",
                2,
                13,
                OpeningBookErrorKind::InvalidPoint("u1".into()),
            ),
            (
                "guard 3\na1,b1 c2,zz -> d3\n",
                2,
                10,
                OpeningBookErrorKind::InvalidPoint("zz".into()),
            ),
            (
                "guard 3\nstart -> a1,a2,a3,a4,a5,a6\n",
                2,
                10,
                OpeningBookErrorKind::PlacementSize,
            ),
            (
                "guard 3\nstart -> a1 b2\n",
                2,
                9,
                OpeningBookErrorKind::PlacementSize,
            ),
            (
                "guard 3\na1 ->\n",
                2,
                4,
                OpeningBookErrorKind::PlacementSize,
            ),
            (
                "guard 3\na1 ->  # nothing\n",
                2,
                4,
                OpeningBookErrorKind::PlacementSize,
            ),
            (
                "guard 3\n -> a1\n",
                2,
                2,
                OpeningBookErrorKind::PlacementSize,
            ),
            (
                "guard 3\nb2 -> c3\n",
                2,
                1,
                OpeningBookErrorKind::IllegalPlacements,
            ),
            (
                "guard 3\na1 a2 -> b2\n",
                2,
                1,
                OpeningBookErrorKind::IllegalPlacements,
            ),
            (
                "guard 3\na1 -> a2\n",
                2,
                7,
                OpeningBookErrorKind::IllegalMove,
            ),
            (
                "guard 3\nstart -> b2\n",
                2,
                10,
                OpeningBookErrorKind::IllegalMove,
            ),
            (
                "guard 3\nstart -> a1\nstart -> a1,a2 # again\n",
                3,
                1,
                OpeningBookErrorKind::DuplicateEntry,
            ),
        ];
        for (text, line, column, kind) in cases {
            let err = text.parse::<OpeningBook>().unwrap_err();
            assert_eq!(err, OpeningBookError { line, column, kind }, "{text:?}");
        }
        let long = "#".repeat(MAX_BOOK_LEN + 1);
        assert_eq!(
            long.parse::<OpeningBook>().unwrap_err().kind,
            OpeningBookErrorKind::TooLong
        );
        // A key of more placements than a colour has pieces, however long.
        let mut many = "guard 3\n".to_owned();
        many.push_str(&"t20 ".repeat(100_000));
        many.push_str("a1 -> b2\n");
        assert_eq!(
            many.parse::<OpeningBook>().unwrap_err(),
            OpeningBookError {
                line: 2,
                column: 1,
                kind: OpeningBookErrorKind::IllegalPlacements
            }
        );
        // Comments, blank lines and an empty text are fine.
        assert!("".parse::<OpeningBook>().unwrap().is_empty());
        let book: OpeningBook = "# c\n\nguard 2 # g\nstart -> a1 # e\n".parse().unwrap();
        assert_eq!(book.len(), 1);
    }
}
