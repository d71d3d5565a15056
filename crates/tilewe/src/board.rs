//! The board: rules, move generation, push and pop.
//!
//! Layout: every per-player bit plane is 32 rows of `u32`, board row `y` at index `y + 4`
//! and board column `x` at bit `x + 4`. The four-cell margin on every side is permanently
//! "forbidden", so a 9x9 window around any tile can be read without bounds checks and a
//! piece hanging off the board simply collides with the margin.

use std::fmt;

use crate::moves::Move;
use crate::tables::{
    BLOCK_GROUPS, BLOCK_OFFSETS, ID_SHIFT, Orientation, Pair, PairSet, Tables, tables, unite,
};
use crate::types::{Color, Piece, PieceSet, Tile};

pub(crate) const ROWS: usize = 32;
pub(crate) const PAD: usize = 4;
pub(crate) type Plane = [u32; ROWS];

/// One board row of every player's planes, kept together so a push touches, saves and
/// restores a few contiguous 32-byte rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub(crate) struct Row {
    /// Per player: occupied tiles, tiles beside his own, and the margin.
    pub(crate) forbidden: [u32; 4],
    /// Per player: candidate open corners.
    pub(crate) corners: [u32; 4],
}

impl Row {
    /// The open corners of the players in `players` (bit q: player q) in this row.
    #[inline(always)]
    pub(crate) fn corners_of(&self, players: u8) -> u32 {
        (0..4)
            .filter(|q| players & 1 << q != 0)
            .fold(0, |m, q| m | self.corners[q])
    }
}

/// Bits of the 20 board columns in a row.
pub(crate) const BOARD_COLUMNS: u32 = 0xF_FFFF << PAD;
/// Bits of columns a and t (the board corners of rows 1 and 20).
const CORNER_COLUMNS: u32 = 1 << PAD | 1 << (PAD + 19);
/// Largest number of (orientation, contact) pairs: moves at one target tile.
const MAX_PAIRS: usize = 309;
/// Room for one corner's moves: the power of two above [`MAX_PAIRS`].
const SLOTS: usize = MAX_PAIRS.next_power_of_two();
const NO_COLOR: u8 = 4;
const NO_WITNESS: u32 = u32::MAX;

thread_local! {
    /// Room for [`Board::generate_into`] to write moves before copying them out.
    static SCRATCH: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The plane with only the margin set.
pub(crate) const MARGIN: Plane = {
    let mut plane = [u32::MAX; ROWS];
    let mut row = PAD;
    while row < PAD + 20 {
        plane[row] = !BOARD_COLUMNS;
        row += 1;
    }
    plane
};

/// The four board corners as a plane.
pub(crate) const BOARD_CORNERS: Plane = {
    let mut plane = [0; ROWS];
    plane[PAD] = CORNER_COLUMNS;
    plane[PAD + 19] = CORNER_COLUMNS;
    plane
};

/// Where each colour may place its first piece.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Color, StartCorners, Tile};
///
/// // tilewe: any free board corner; Blokus Classic as Pentobi plays it: one per colour.
/// assert_eq!(Board::new(4)?.player_corners(Color::Red), Tile::CORNERS);
/// let classic = Board::with_start_corners(4, StartCorners::Fixed)?;
/// assert_eq!(classic.player_corners(Color::Red), ["t1".parse()?]);
/// assert_eq!(classic.legal_move_count(), 58);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StartCorners {
    /// tilewe's rule: any of the four board corners that is still empty.
    #[default]
    Any,
    /// Blokus Classic's fixed corner per colour, in Pentobi's coordinates: blue a20,
    /// yellow t20, red t1, green a1.
    Fixed,
}

impl StartCorners {
    /// The one corner `color` must start on under this rule, or `None` when any free board
    /// corner will do.
    #[must_use]
    pub const fn corner(self, color: Color) -> Option<Tile> {
        match self {
            StartCorners::Any => None,
            StartCorners::Fixed => Some(match color {
                Color::Blue => Tile::A20,
                Color::Yellow => Tile::T20,
                Color::Red => Tile::T1,
                Color::Green => Tile::A1,
            }),
        }
    }
}

/// Why a board could not be created.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, BoardError};
///
/// assert_eq!(Board::new(5).unwrap_err(), BoardError::InvalidPlayerCount(5));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// Tilewe is played by 1 to 4 players.
    #[error("number of players must be 1 to 4, got {0}")]
    InvalidPlayerCount(usize),
}

/// Why [`Board::push`] or [`Board::pop`] refused; the board is unchanged.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Move, PlayError};
///
/// let mut board = Board::new(4)?;
/// let elsewhere: Move = "Z4e-a1j10".parse()?; // not from blue's corner
/// assert!(matches!(board.push(elsewhere), Err(PlayError::IllegalMove { .. })));
/// assert!(board.pop().is_err()); // nothing to take back
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is not among the legal moves of the player to move.
    #[error("illegal move {mv} for {player}")]
    IllegalMove {
        /// The rejected move.
        mv: Move,
        /// The player to move.
        player: Color,
    },
    /// The game is over: nobody can place a piece.
    #[error("the game is finished")]
    GameFinished,
    /// [`Board::pop`] on a board without history.
    #[error("no move to undo")]
    NothingToUndo,
    /// [`Board::set_current_player`] named a colour that is not in the game or can no
    /// longer place a piece.
    #[error("{0} cannot place a piece")]
    CannotPlay(Color),
}

/// What [`Board::pop`] needs to restore: the 7 plane rows a placement can touch.
#[derive(Clone, Debug)]
struct Undo {
    mv: Move,
    base_row: u8,
    current: u8,
    dead: u8,
    finished: bool,
    rows: [Row; 7],
    mover_edge_rows: [u32; 2],
}

impl Undo {
    const EMPTY: Undo = Undo {
        mv: Move::from_raw(0, 0),
        base_row: 0,
        current: 0,
        dead: 0,
        finished: false,
        rows: [Row {
            forbidden: [0; 4],
            corners: [0; 4],
        }; 7],
        mover_edge_rows: [0; 2],
    };
}

/// A Tilewe game position with its move history.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Color};
///
/// let mut board = Board::new(4)?;
/// assert_eq!(board.legal_move_count(), 232);
/// board.push("Z4e-a1a1".parse()?)?;
/// assert_eq!(board.current_player(), Color::Yellow);
/// assert_eq!(board.legal_move_count(), 174);
/// assert_eq!(board.score(Color::Blue), 4);
/// board.pop()?;
/// assert_eq!(board.ply(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Board {
    pub(crate) n_players: u8,
    /// The first-move rule.
    pub(crate) start: StartCorners,
    pub(crate) current: u8,
    pub(crate) finished: bool,
    /// Players known to have no legal move (they never get one back).
    pub(crate) dead: u8,
    pub(crate) ply: u16,
    /// The bit planes, row by row: per player the forbidden tiles (occupied, beside his
    /// own, margin) and the candidate open corners (his free board corners before his
    /// first move).
    pub(crate) rows: [Row; ROWS],
    pub(crate) remaining: [u32; 4],
    pub(crate) scores: [u16; 4],
    pub(crate) colors: [u8; Tile::COUNT],
    /// Per player, a move found legal when the turn last passed to him (packed), tried
    /// first next time: it usually still fits. Only a hint; always re-checked.
    witness: [u32; 4],
    /// Per player and board row, open corners known to fit none of his pieces, marked by
    /// the witness fallback's scans so later scans skip them (cells only fill and pieces
    /// only go while the game goes forward, so such a corner never fits again). Only a
    /// hint, like the witness, but one that must hold: cleared when a move is undone.
    spent_corners: [[u32; 20]; 4],
    /// Undo records; entries at and past `moves.len()` are spare slots kept for reuse.
    history: Vec<Undo>,
    moves: Vec<Move>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut board = self.without_history();
        board.history = self.history[..self.moves.len()].to_vec();
        board.moves.clone_from(&self.moves);
        board
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("position", &self.position())
            .field("moves", &self.moves)
            .finish()
    }
}

impl PartialEq for Board {
    /// Boards are equal when their positions are (history is not compared).
    fn eq(&self, other: &Board) -> bool {
        self.n_players == other.n_players
            && self.start == other.start
            && self.current == other.current
            && self.finished == other.finished
            && self.remaining == other.remaining
            && self.colors == other.colors
    }
}

impl Eq for Board {}

/// The 9x9 window of player `p`'s forbidden plane centred on (x, y), laid out as
/// [`window_bit`](crate::tables::window_bit) says: seven rows in the low half, two in the
/// high half, so it is built from plain 64-bit shifts.
#[inline(always)]
fn window(rows: &[Row; ROWS], p: usize, x: usize, y: usize) -> u128 {
    let rows: &[Row; 9] = rows[y..y + 9].try_into().expect("nine rows");
    let lane = |r: usize| u64::from((rows[r].forbidden[p] >> x) & 0x1FF);
    let low = lane(0)
        | lane(1) << 9
        | lane(2) << 18
        | lane(3) << 27
        | lane(4) << 36
        | lane(5) << 45
        | lane(6) << 54;
    let high = lane(7) | lane(8) << 9;
    u128::from(low) | u128::from(high) << 64
}

/// The pairs that do not fit at the target (x, y) of player `p`: `unavailable` (from
/// [`Tables::unavailable_pairs`]) and every pair covering a forbidden cell, the union of
/// one [`Tables::blocked_by`] entry per group of window cells.
#[inline(always)]
pub(crate) fn blocked_pairs(
    t: &Tables,
    rows: &[Row; ROWS],
    p: usize,
    x: usize,
    y: usize,
    unavailable: &PairSet,
) -> PairSet {
    let rows: &[Row; 9] = rows[y..y + 9].try_into().expect("nine rows");
    // Window row dy, with offset dx at bit dx + 4.
    let lane = |dy: i32| rows[(dy + 4) as usize].forbidden[p] >> x;
    let mut set = *unavailable;
    for (g, segments) in BLOCK_GROUPS.iter().enumerate() {
        let mut index = 0;
        let mut shift = 0;
        for &(dy, dx, width) in segments {
            if width > 0 {
                index |= ((lane(dy) >> (dx + 4)) & ((1 << width) - 1)) << shift;
                shift += width;
            }
        }
        unite(&mut set, &t.blocked_by[BLOCK_OFFSETS[g] + index as usize]);
    }
    set
}

/// Number of pairs not in `blocked`.
#[inline(always)]
fn fitting_count(blocked: &PairSet) -> usize {
    blocked.iter().map(|word| word.count_zeros() as usize).sum()
}

/// The `index`-th pair (ascending) not in `blocked`.
#[inline(always)]
fn nth_fitting(blocked: &PairSet, mut index: usize) -> Option<u16> {
    for (k, &word) in blocked.iter().enumerate() {
        let mut bits = !word;
        let count = bits.count_ones() as usize;
        if index < count {
            for _ in 0..index {
                bits &= bits - 1;
            }
            return Some((64 * k) as u16 + bits.trailing_zeros() as u16);
        }
        index -= count;
    }
    None
}

/// Writes the moves at `target` of the pairs not in `blocked` to `buf`, ascending; returns
/// how many.
#[inline(always)]
fn emit_fitting(blocked: &PairSet, target: u16, buf: &mut [Move; SLOTS]) -> usize {
    let mut n = 0;
    let mut base = u32::from(target) << 16;
    for &word in blocked {
        let mut bits = !word;
        while bits != 0 {
            // `n` stays below the number of pairs (< SLOTS): the mask only spares a
            // bounds check.
            buf[n & (SLOTS - 1)] = Move::from_packed(base | bits.trailing_zeros());
            n += 1;
            bits &= bits - 1;
        }
        base += 64;
    }
    n
}

/// The 3x3 neighbourhood key of the target (x, y) of player `p`: [`key`] of its
/// [`window`], read from the three rows alone.
#[inline(always)]
fn key_at(rows: &[Row; ROWS], p: usize, x: usize, y: usize) -> usize {
    let lane = |r: usize| ((rows[y + r].forbidden[p] >> (x + 3)) & 7) as usize;
    lane(3) | lane(4) << 3 | lane(5) << 6
}

/// Rows of a new board: only the margin is forbidden, nobody has corners.
const fn empty_rows() -> [Row; ROWS] {
    let mut rows = [Row {
        forbidden: [0; 4],
        corners: [0; 4],
    }; ROWS];
    let mut r = 0;
    while r < ROWS {
        rows[r].forbidden = [MARGIN[r]; 4];
        r += 1;
    }
    rows
}

/// The 3x3 neighbourhood of the window centre as a 9-bit key.
#[inline(always)]
fn key(w: u128) -> usize {
    ((w >> 30) & 7 | ((w >> 39) & 7) << 3 | ((w >> 48) & 7) << 6) as usize
}

/// Calls `f(x, y)` for each candidate corner of player `p` in ascending tile order
/// until `f` returns false; returns whether it ran to the end.
#[inline(always)]
pub(crate) fn for_each_corner(
    rows: &[Row; ROWS],
    p: usize,
    mut f: impl FnMut(usize, usize) -> bool,
) -> bool {
    // The rows with corners, found without a branch per row (which row has corners is
    // hard to predict), then walked.
    let mut with_corners = 0u32;
    for (y, row) in rows[PAD..PAD + 20].iter().enumerate() {
        with_corners |= u32::from(row.corners[p] != 0) << y;
    }
    while with_corners != 0 {
        let y = with_corners.trailing_zeros() as usize;
        with_corners &= with_corners - 1;
        // y < 20: the mask only spares a bounds check.
        let mut bits = rows[(y + PAD) & (ROWS - 1)].corners[p];
        loop {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !f(bit - PAD, y) {
                return false;
            }
            if bits == 0 {
                break;
            }
        }
    }
    true
}

impl Board {
    /// A new game for `n_players` (1 to 4): empty board, blue to move, every player
    /// with the four board corners as starting corners.
    ///
    /// # Errors
    ///
    /// [`BoardError::InvalidPlayerCount`] for any other number of players.
    pub fn new(n_players: usize) -> Result<Board, BoardError> {
        Board::with_start_corners(n_players, StartCorners::Any)
    }

    /// A new game for `n_players` (1 to 4) whose first moves follow `start`:
    /// [`StartCorners::Any`] is tilewe's rule ([`Board::new`]), [`StartCorners::Fixed`]
    /// gives each colour Blokus Classic's fixed corner.
    ///
    /// # Errors
    ///
    /// [`BoardError::InvalidPlayerCount`] unless `1 <= n_players <= 4`.
    pub fn with_start_corners(n_players: usize, start: StartCorners) -> Result<Board, BoardError> {
        if !(1..=4).contains(&n_players) {
            return Err(BoardError::InvalidPlayerCount(n_players));
        }
        let mut board = Board {
            n_players: n_players as u8,
            start,
            current: 0,
            finished: false,
            dead: 0,
            ply: 0,
            rows: empty_rows(),
            remaining: [0; 4],
            scores: [0; 4],
            colors: [NO_COLOR; Tile::COUNT],
            witness: [NO_WITNESS; 4],
            spent_corners: [[0; 20]; 4],
            history: Vec::with_capacity(84),
            moves: Vec::with_capacity(84),
        };
        for (p, color) in Color::ALL.into_iter().enumerate().take(n_players) {
            match start.corner(color) {
                None => {
                    for (row, corners) in board.rows.iter_mut().zip(BOARD_CORNERS) {
                        row.corners[p] = corners;
                    }
                }
                Some(tile) => {
                    let row = usize::from(tile.y()) + PAD;
                    board.rows[row].corners[p] = 1 << (usize::from(tile.x()) + PAD);
                }
            }
            board.remaining[p] = PieceSet::ALL.bits();
        }
        Ok(board)
    }

    /// Number of players (1 to 4).
    #[must_use]
    pub const fn player_count(&self) -> usize {
        self.n_players as usize
    }

    /// The first-move rule of this game.
    #[must_use]
    pub const fn start_corners(&self) -> StartCorners {
        self.start
    }

    /// Makes `color` the player to move: a position edit for front ends whose protocol
    /// lets any colour play next (GTP's `play` and `genmove` name the colour). The move
    /// history is kept, so it no longer replays to this position by itself.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameFinished`] on a finished game; [`PlayError::CannotPlay`] for a
    /// colour that is not in the game or has no legal move (it never gets one back).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, Color};
    ///
    /// let mut board = Board::new(4)?;
    /// board.set_current_player(Color::Red)?;
    /// board.push("I5n-a1a1".parse()?)?;
    /// assert_eq!(board.current_player(), Color::Green);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_current_player(&mut self, color: Color) -> Result<(), PlayError> {
        if self.finished {
            return Err(PlayError::GameFinished);
        }
        if !self.has_player(color) || !self.can_play(color) {
            return Err(PlayError::CannotPlay(color));
        }
        self.current = color.index() as u8;
        Ok(())
    }

    /// The legal move of `color` that covers exactly `cells` (in any order, repeats
    /// ignored), as Blokus records and GTP write moves; `None` when no legal move of
    /// `color` covers that set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, Color};
    ///
    /// let board = Board::new(4)?;
    /// let cells = ["b1".parse()?, "a1".parse()?, "a2".parse()?];
    /// let mv = board.move_covering(Color::Blue, &cells).expect("an L3 in the corner");
    /// assert_eq!(mv.to_string(), "L3n-a1a1");
    /// assert_eq!(board.move_covering(Color::Blue, &cells[..2]).map(|m| m.to_string()), Some("I2e-a1a1".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn move_covering(&self, color: Color, cells: &[Tile]) -> Option<Move> {
        let mut wanted = cells.to_vec();
        wanted.sort_unstable();
        wanted.dedup();
        if wanted.is_empty() || wanted.len() > 5 {
            return None;
        }
        let size = wanted.len() as u8;
        self.legal_moves_for(color)
            .into_iter()
            .filter(|mv| mv.piece().tile_count() == size)
            .find(|mv| mv.cells() == wanted)
    }

    /// Number of pieces placed so far.
    #[must_use]
    pub const fn ply(&self) -> usize {
        self.ply as usize
    }

    /// The player to move; in a finished game, the last player who moved.
    #[must_use]
    pub const fn current_player(&self) -> Color {
        match Color::from_index(self.current as usize) {
            Some(c) => c,
            None => Color::Blue,
        }
    }

    /// Whether no player can place a piece any more.
    #[must_use]
    pub const fn is_finished(&self) -> bool {
        self.finished
    }

    /// The colours taking part, in turn order.
    pub fn players(&self) -> impl Iterator<Item = Color> + use<> {
        Color::ALL.into_iter().take(self.player_count())
    }

    /// Whether `color` takes part in this game.
    #[must_use]
    pub const fn has_player(&self, color: Color) -> bool {
        color.index() < self.n_players as usize
    }

    /// Cells placed by `color` (0 for a colour not in the game).
    #[must_use]
    pub const fn score(&self, color: Color) -> u32 {
        self.scores[color.index()] as u32
    }

    /// Every player's score in turn order.
    #[must_use]
    pub fn scores(&self) -> Vec<u32> {
        self.players().map(|c| self.score(c)).collect()
    }

    /// Every player with the highest score (all of them on an empty board).
    #[must_use]
    pub fn winners(&self) -> Vec<Color> {
        let best = self.players().map(|c| self.score(c)).max().unwrap_or(0);
        self.players().filter(|&c| self.score(c) == best).collect()
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The pieces `color` has not placed yet (none for a colour not in the game).
    #[must_use]
    pub const fn remaining_pieces(&self, color: Color) -> PieceSet {
        PieceSet::from_bits(self.remaining[color.index()])
    }

    /// Number of pieces `color` has not placed yet.
    #[must_use]
    pub const fn remaining_piece_count(&self, color: Color) -> usize {
        self.remaining[color.index()].count_ones() as usize
    }

    /// The colour on `tile`, or `None` for an empty tile.
    #[must_use]
    pub const fn color_at(&self, tile: Tile) -> Option<Color> {
        Color::from_index(self.colors[tile.index()] as usize)
    }

    /// Whether player `p` (a colour index) has no move to make: the game is over or
    /// the player has passed for good.
    const fn is_out(&self, p: usize) -> bool {
        self.finished || self.dead & 1 << p != 0
    }

    /// The legal moves of the player to move, in generation order (ascending target
    /// tile, then piece, orientation, contact). Empty when the game is finished.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        self.legal_moves_for(self.current_player())
    }

    /// The moves `color` could make if it were his turn (the reference ignores this
    /// argument; we honour it).
    #[must_use]
    pub fn legal_moves_for(&self, color: Color) -> Vec<Move> {
        let mut out = Vec::new();
        self.generate_into(color, &mut out);
        out
    }

    /// Replaces the contents of `out` with the moves of `color`, in generation order.
    /// Reusing one vector avoids allocating in a loop.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, Color};
    ///
    /// let board = Board::new(2)?;
    /// let mut moves = Vec::new();
    /// board.generate_into(Color::Yellow, &mut moves);
    /// assert_eq!(moves.len(), 232);
    /// # Ok::<(), sokoengine_tilewe::BoardError>(())
    /// ```
    pub fn generate_into(&self, color: Color, out: &mut Vec<Move>) {
        if self.is_out(color.index()) {
            out.clear();
            return;
        }
        let t = tables();
        let p = color.index();
        let unavailable = t.unavailable_pairs(self.remaining[p]);
        SCRATCH.with_borrow_mut(|scratch| {
            // Moves are written in place past the `n` kept so far, then copied out. The
            // scratch vector only grows, so it is filled once per thread, not per call.
            let mut n = 0;
            for_each_corner(&self.rows, p, |x, y| {
                if scratch.len() < n + SLOTS {
                    scratch.resize(n + SLOTS, Move::from_raw(0, 0));
                }
                let slots: &mut [Move; SLOTS] = (&mut scratch[n..n + SLOTS])
                    .try_into()
                    .expect("SLOTS slots");
                let blocked = blocked_pairs(t, &self.rows, p, x, y, &unavailable);
                n += emit_fitting(&blocked, (x + 20 * y) as u16, slots);
                true
            });
            out.clear();
            out.extend_from_slice(&scratch[..n]);
        });
    }

    /// A uniformly random legal move of the player to move: the same move as
    /// `legal_moves()[rng.below(n)]` with `n` the number of legal moves, drawing the same
    /// number from `rng`, but found by counting the moves at each open corner and listing
    /// only the chosen corner's. `None` (and nothing drawn) when there is no move.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, Rng};
    ///
    /// let board = Board::new(4)?;
    /// let (mut a, mut b) = (Rng::new(5), Rng::new(5));
    /// let moves = board.legal_moves();
    /// assert_eq!(board.random_move(&mut a), Some(moves[b.below(moves.len())]));
    /// # Ok::<(), sokoengine_tilewe::BoardError>(())
    /// ```
    pub fn random_move(&self, rng: &mut crate::rng::Rng) -> Option<Move> {
        let p = usize::from(self.current);
        if self.is_out(p) {
            return None;
        }
        let t = tables();
        let unavailable = t.unavailable_pairs(self.remaining[p]);
        // Each open corner with moves as (x, y, moves there).
        let mut corners = [(0u8, 0u8, 0u16); MAX_CORNERS];
        let mut n_corners = 0;
        let mut total = 0;
        let listed = for_each_corner(&self.rows, p, |x, y| {
            let count = fitting_count(&blocked_pairs(t, &self.rows, p, x, y, &unavailable));
            if count > 0 {
                if n_corners == MAX_CORNERS {
                    return false;
                }
                corners[n_corners] = (x as u8, y as u8, count as u16);
                n_corners += 1;
                total += count;
            }
            true
        });
        if !listed {
            // More corners with moves than the list holds (never seen in play).
            let moves = self.legal_moves();
            return (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
        }
        if total == 0 {
            return None;
        }
        let mut index = rng.below(total);
        for &(x, y, count) in &corners[..n_corners] {
            let count = usize::from(count);
            if index < count {
                let (x, y) = (usize::from(x), usize::from(y));
                let blocked = blocked_pairs(t, &self.rows, p, x, y, &unavailable);
                let target = (x + 20 * y) as u16;
                return nth_fitting(&blocked, index).map(|id| Move::from_raw(target, id));
            }
            index -= count;
        }
        None
    }

    /// A uniformly random legal move of the player to move, by rejection sampling: a
    /// candidate drawn uniformly from the (piece, orientation, contact) candidates of every
    /// open corner is kept if it fits, else another is drawn (after 64 misses the choice
    /// falls back to [`random_move`](Self::random_move); either way every legal move has
    /// the same chance). About 1.5 draws a move, so a step costs a fraction of counting
    /// every move; the draws differ from `random_move`'s, so a seed gives other games.
    /// `None` when there is no move.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, Rng};
    ///
    /// let mut board = Board::new(4)?;
    /// let mut rng = Rng::new(1);
    /// while let Some(mv) = board.sample_move(&mut rng) {
    ///     assert!(board.is_legal(mv));
    ///     board.push(mv)?;
    /// }
    /// assert!(board.is_finished());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sample_move(&self, rng: &mut crate::rng::Rng) -> Option<Move> {
        const MAX_DRAWS: usize = 64;
        let p = usize::from(self.current);
        if self.is_out(p) {
            return None;
        }
        let t = tables();
        let remaining = self.remaining[p];
        // Each open corner with candidates as (x, y, key, candidates there).
        let mut corners = [(0u8, 0u8, 0u16, 0u16); MAX_CORNERS];
        let mut n_corners = 0;
        let mut total = 0;
        let listed = for_each_corner(&self.rows, p, |x, y| {
            let k = key_at(&self.rows, p, x, y);
            let count = t.candidate_count(k, remaining);
            if count > 0 {
                if n_corners == MAX_CORNERS {
                    return false;
                }
                corners[n_corners] = (x as u8, y as u8, k as u16, count as u16);
                n_corners += 1;
                total += count;
            }
            true
        });
        if listed && total > 0 {
            for _ in 0..MAX_DRAWS {
                let mut index = rng.below(total);
                for &(x, y, k, count) in &corners[..n_corners] {
                    let count = usize::from(count);
                    if index >= count {
                        index -= count;
                        continue;
                    }
                    let (x, y) = (usize::from(x), usize::from(y));
                    let mask = t.nth_candidate(usize::from(k), remaining, index);
                    match mask {
                        Some(mask) if mask & window(&self.rows, p, x, y) == 0 => {
                            let target = (x + 20 * y) as u16;
                            return Some(Move::from_raw(target, (mask >> ID_SHIFT) as u16));
                        }
                        _ => break,
                    }
                }
            }
        }
        self.random_move(rng)
    }

    /// Number of legal moves of the player to move.
    #[must_use]
    pub fn legal_move_count(&self) -> usize {
        self.legal_move_count_for(self.current_player())
    }

    /// Number of moves `color` could make if it were his turn.
    #[must_use]
    pub fn legal_move_count_for(&self, color: Color) -> usize {
        if self.is_out(color.index()) {
            return 0;
        }
        let t = tables();
        let p = color.index();
        let unavailable = t.unavailable_pairs(self.remaining[p]);
        let mut total = 0;
        for_each_corner(&self.rows, p, |x, y| {
            total += fitting_count(&blocked_pairs(t, &self.rows, p, x, y, &unavailable));
            true
        });
        total
    }

    /// Number of distinct placements (sets of covered cells) among the moves of `color`:
    /// the standard Blokus move count.
    #[must_use]
    pub fn distinct_placement_count_for(&self, color: Color) -> usize {
        let mut keys: Vec<u32> = self
            .legal_moves_for(color)
            .into_iter()
            .map(Move::placement_key)
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys.len()
    }

    /// Number of distinct placements of the player to move.
    #[must_use]
    pub fn distinct_placement_count(&self) -> usize {
        self.distinct_placement_count_for(self.current_player())
    }

    /// Whether `color` can place any piece now.
    #[must_use]
    pub fn can_play(&self, color: Color) -> bool {
        !self.is_out(color.index()) && self.has_any_move(color.index())
    }

    fn has_any_move(&self, p: usize) -> bool {
        // The monomino fits on every open corner: no search needed while it is unplayed.
        if self.remaining[p] & 1 != 0 {
            return self.rows[PAD..PAD + 20]
                .iter()
                .any(|row| row.corners[p] != 0);
        }
        let t = tables();
        let remaining = self.remaining[p];
        !for_each_corner(&self.rows, p, |x, y| {
            !any_at(t, window(&self.rows, p, x, y), remaining)
        })
    }

    /// [`has_any_move`](Self::has_any_move), trying the player's witness move first and
    /// remembering the move found.
    fn has_any_move_hinted(&mut self, p: usize) -> bool {
        if self.remaining[p] & 1 != 0 {
            return self.rows[PAD..PAD + 20]
                .iter()
                .any(|row| row.corners[p] != 0);
        }
        let t = tables();
        let hint = self.witness[p];
        if hint != NO_WITNESS && self.fits(t, Move::from_packed(hint), p) {
            return true;
        }
        let remaining = self.remaining[p];
        let spent = &mut self.spent_corners[p];
        let mut found = NO_WITNESS;
        // The corners not known to be spent, rows found without a branch per row (as in
        // `for_each_corner`), each tested and marked spent if nothing fits.
        let mut rows_left = 0u32;
        for (y, (row, spent)) in self.rows[PAD..PAD + 20].iter().zip(&*spent).enumerate() {
            rows_left |= u32::from(row.corners[p] & !spent != 0) << y;
        }
        'scan: while rows_left != 0 {
            let y = rows_left.trailing_zeros() as usize;
            rows_left &= rows_left - 1;
            // y < 20: the masks only spare bounds checks.
            let mut bits = self.rows[(y + PAD) & (ROWS - 1)].corners[p] & !spent[y % 20];
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits ^= bit;
                let x = bit.trailing_zeros() as usize - PAD;
                if let Some(id) = first_at(t, window(&self.rows, p, x, y), remaining) {
                    found = Move::from_raw((x + 20 * y) as u16, id).packed();
                    break 'scan;
                }
                spent[y % 20] |= bit;
            }
        }
        self.witness[p] = found;
        found != NO_WITNESS
    }

    /// Whether `mv` fits for player `p`: piece available, target an open corner, cells free.
    #[inline(always)]
    fn fits(&self, t: &Tables, mv: Move, p: usize) -> bool {
        let pair = t.pairs[mv.pair_id()];
        let target = mv.target();
        let (x, y) = (usize::from(target.x()), usize::from(target.y()));
        self.remaining[p] & 1 << pair.piece.index() != 0
            && self.rows[y + PAD].corners[p] & 1 << (x + PAD) != 0
            && t.pair_masks[mv.pair_id()] & window(&self.rows, p, x, y) == 0
    }

    /// The open corners of `color` where at least one of his moves fits, ascending (before
    /// his first move: the free board corners).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, Color};
    ///
    /// let mut board = Board::new(4)?;
    /// board.push("L5sf-a1a1".parse()?)?;
    /// let corners: Vec<String> = board.player_corners(Color::Blue).iter().map(|t| t.to_string()).collect();
    /// assert_eq!(corners, ["c3", "c5"]);
    /// assert_eq!(board.player_corner_count(Color::Yellow), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn player_corners(&self, color: Color) -> Vec<Tile> {
        let mut out = Vec::new();
        if self.is_out(color.index()) {
            return out;
        }
        let t = tables();
        let p = color.index();
        let remaining = self.remaining[p];
        for_each_corner(&self.rows, p, |x, y| {
            if any_at(t, window(&self.rows, p, x, y), remaining) {
                out.extend(Tile::from_coords(x as u8, y as u8));
            }
            true
        });
        out
    }

    /// Number of [`player_corners`](Self::player_corners).
    #[must_use]
    pub fn player_corner_count(&self, color: Color) -> usize {
        self.player_corners(color).len()
    }

    /// Whether the player to move may play `mv`.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_for(mv, self.current_player())
    }

    /// Whether `mv` is among [`legal_moves_for(color)`](Self::legal_moves_for).
    #[must_use]
    pub fn is_legal_for(&self, mv: Move, color: Color) -> bool {
        let p = color.index();
        if self.is_out(p) {
            return false;
        }
        self.fits(tables(), mv, p)
    }

    /// Plays `mv` for the player to move and passes the turn to the next player who can
    /// still play.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameFinished`] or [`PlayError::IllegalMove`]; the board is unchanged.
    pub fn push(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.finished {
            return Err(PlayError::GameFinished);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::IllegalMove {
                mv,
                player: self.current_player(),
            });
        }
        self.push_unchecked(mv);
        Ok(())
    }

    /// Plays `mv` without checking it: the fast path for engines and perft, whose moves
    /// come from [`legal_moves`](Self::legal_moves).
    ///
    /// # Panics
    ///
    /// In debug builds, panics if `mv` is not legal for the player to move (the check
    /// costs a legality test per push). In release builds an illegal move may panic or
    /// leave the board inconsistent. Use [`push`](Self::push) for moves from outside.
    pub fn push_unchecked(&mut self, mv: Move) {
        debug_assert!(
            self.is_legal(mv),
            "push_unchecked({mv}): not a legal move for {}",
            self.current_player().name()
        );
        let (p, pair, o, (bx, by)) = self.placement(mv);
        // Frame row 0 is board row by - 1, i.e. plane row by + PAD - 1.
        let base = by + PAD - 1;

        // Undo records are reused in place: no allocation or move of a record per push.
        let depth = self.moves.len();
        if self.history.len() == depth {
            self.history.push(Undo::EMPTY);
        }
        let undo = &mut self.history[depth];
        undo.mv = mv;
        undo.base_row = base as u8;
        undo.current = self.current;
        undo.dead = self.dead;
        undo.finished = self.finished;
        undo.mover_edge_rows = [self.rows[PAD].corners[p], self.rows[PAD + 19].corners[p]];
        // Row by row (32 bytes each): the compiler keeps these as vector moves instead of
        // calling memmove.
        for (saved, row) in undo.rows.iter_mut().zip(&self.rows[base..base + 7]) {
            *saved = *row;
        }
        self.moves.push(mv);
        self.place(p, (pair, o), (bx, by));
    }

    /// Plays `mv` like [`push_unchecked`](Self::push_unchecked) but keeps no undo record
    /// and no move list (a playout's board, reset from its root before the next one, never
    /// pops or replays): a playout step's cost without the bookkeeping.
    pub(crate) fn push_playout(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "push_playout({mv}): not a legal move");
        let (p, pair, o, (bx, by)) = self.placement(mv);
        self.place(p, (pair, o), (bx, by));
    }

    /// What `mv` places for the player to move: the player, the pair, its
    /// orientation, and the board cell of its box's corner.
    #[inline(always)]
    fn placement(&self, mv: Move) -> (usize, Pair, &'static Orientation, (usize, usize)) {
        let t = tables();
        let pair = t.pairs[mv.pair_id()];
        let o = &t.orientations[usize::from(pair.orientation)];
        let target = mv.target();
        let bx = usize::from(target.x() - pair.contact_x);
        let by = usize::from(target.y() - pair.contact_y);
        (usize::from(self.current), pair, o, (bx, by))
    }

    /// Places the piece of a move for player `p` (the undo record, if any, is already
    /// kept) and hands the turn on.
    #[inline(always)]
    fn place(&mut self, p: usize, (pair, o): (Pair, &Orientation), (bx, by): (usize, usize)) {
        // Frame row 0 is board row by - 1, i.e. plane row by + PAD - 1.
        let base = by + PAD - 1;
        if self.remaining[p] == PieceSet::ALL.bits() {
            // First placement: the free board corners stop counting for this player.
            self.rows[PAD].corners[p] &= !CORNER_COLUMNS;
            self.rows[PAD + 19].corners[p] &= !CORNER_COLUMNS;
        }
        let shift = bx + PAD - 1;
        let height = usize::from(o.height) + 2;
        for (r, row) in self.rows[base..base + height].iter_mut().enumerate() {
            let cells = o.frame_cells[r] << shift;
            // All four lanes, players or not: a fixed-width loop the compiler vectorises;
            // lanes of absent players are never read.
            for q in 0..4 {
                row.forbidden[q] |= cells;
                row.corners[q] &= !cells;
            }
            row.forbidden[p] |= o.frame_edge[r] << shift;
            row.corners[p] = (row.corners[p] | o.frame_diag[r] << shift) & !row.forbidden[p];
        }
        let origin = bx + 20 * by;
        for &offset in &o.cell_offsets[..usize::from(o.n_cells)] {
            self.colors[origin + usize::from(offset)] = p as u8;
        }
        self.remaining[p] &= !(1 << pair.piece.index());
        self.scores[p] += u16::from(pair.piece.tile_count());
        self.ply += 1;
        self.pass_turn(p);
    }

    /// Hands the turn to the next player after `mover` who can play, or ends the game.
    fn pass_turn(&mut self, mover: usize) {
        let n = self.n_players as usize;
        for k in 1..=n {
            let q = if mover + k >= n {
                mover + k - n
            } else {
                mover + k
            };
            if self.dead & 1 << q != 0 {
                continue;
            }
            if self.has_any_move_hinted(q) {
                self.current = q as u8;
                return;
            }
            self.dead |= 1 << q;
        }
        self.finished = true;
        self.current = mover as u8;
    }

    /// Undoes the last move and returns it.
    ///
    /// # Errors
    ///
    /// [`PlayError::NothingToUndo`] when there is no history (a new board, or one built
    /// from a position text).
    pub fn pop(&mut self) -> Result<Move, PlayError> {
        let mv = self.moves.pop().ok_or(PlayError::NothingToUndo)?;
        let undo = &self.history[self.moves.len()];
        let t = tables();
        let p = undo.current as usize;
        let base = usize::from(undo.base_row);
        self.rows[PAD].corners[p] = undo.mover_edge_rows[0];
        self.rows[PAD + 19].corners[p] = undo.mover_edge_rows[1];
        for (row, saved) in self.rows[base..base + 7].iter_mut().zip(&undo.rows) {
            *row = *saved;
        }
        self.current = undo.current;
        self.dead = undo.dead;
        self.finished = undo.finished;
        // A spent corner may fit again in the earlier position.
        self.spent_corners = [[0; 20]; 4];
        let pair = t.pairs[mv.pair_id()];
        let o = &t.orientations[usize::from(pair.orientation)];
        let target = mv.target();
        let origin = usize::from(target.x() - pair.contact_x)
            + 20 * usize::from(target.y() - pair.contact_y);
        for &offset in &o.cell_offsets[..usize::from(o.n_cells)] {
            self.colors[origin + usize::from(offset)] = NO_COLOR;
        }
        self.remaining[p] |= 1 << pair.piece.index();
        self.scores[p] -= u16::from(pair.piece.tile_count());
        self.ply -= 1;
        Ok(mv)
    }

    /// Number of move sequences of exactly `depth` moves from this position (sequences
    /// during which the game ends early do not count). The last level is counted, not
    /// played.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::Board;
    ///
    /// let mut board = Board::new(4)?;
    /// assert_eq!(board.perft(2), 40_368);
    /// # Ok::<(), sokoengine_tilewe::BoardError>(())
    /// ```
    #[must_use]
    pub fn perft(&mut self, depth: usize) -> u64 {
        self.perft_counted(depth, &mut CornerCounts::new())
    }

    /// [`perft`](Self::perft) counting the last level through `counts`.
    fn perft_counted(&mut self, depth: usize, counts: &mut CornerCounts) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.finished {
            return 0;
        }
        if depth == 1 {
            return self.legal_move_count_with(counts) as u64;
        }
        let moves = self.legal_moves();
        let mut total = 0;
        for mv in moves {
            self.push_unchecked(mv);
            total += self.perft_counted(depth - 1, counts);
            let _ = self.pop();
        }
        total
    }

    /// [`legal_move_count`](Self::legal_move_count), taking the number of moves at each open
    /// corner from `counts` when an earlier position had the same neighbourhood there.
    /// Sibling positions share most corners, so a perft's last level mostly looks counts
    /// up instead of testing placements.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, CornerCounts};
    ///
    /// let mut counts = CornerCounts::new();
    /// let mut board = Board::new(4)?;
    /// let mut total = 0;
    /// for mv in board.legal_moves() {
    ///     board.push(mv)?;
    ///     total += board.legal_move_count_with(&mut counts);
    ///     board.pop()?;
    /// }
    /// assert_eq!(total, 40_368); // perft(2)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_move_count_with(&self, counts: &mut CornerCounts) -> usize {
        let p = usize::from(self.current);
        if self.is_out(p) {
            return 0;
        }
        let t = tables();
        let remaining = self.remaining[p];
        let mut total = 0;
        for_each_corner(&self.rows, p, |x, y| {
            total += counts.count(t, window(&self.rows, p, x, y), remaining);
            true
        });
        total
    }

    /// A copy of the position without its history (cheap to clone for playouts).
    pub(crate) fn without_history(&self) -> Board {
        Board {
            n_players: self.n_players,
            start: self.start,
            current: self.current,
            finished: self.finished,
            dead: self.dead,
            ply: self.ply,
            rows: self.rows,
            remaining: self.remaining,
            scores: self.scores,
            colors: self.colors,
            witness: self.witness,
            spent_corners: self.spent_corners,
            history: Vec::with_capacity(84),
            moves: Vec::with_capacity(84),
        }
    }

    /// The last move of each colour in the history (`None` for a colour that has not
    /// moved since the history began).
    pub(crate) fn last_moves(&self) -> [Option<Move>; 4] {
        let mut out = [None; 4];
        for undo in self.history[..self.moves.len()].iter().rev() {
            let slot = &mut out[usize::from(undo.current)];
            if slot.is_none() {
                *slot = Some(undo.mv);
            }
        }
        out
    }

    /// Makes this board a copy of `other`'s position with an empty history, keeping its
    /// own allocations (a search resets one scratch board per simulation).
    pub(crate) fn copy_position_from(&mut self, other: &Board) {
        self.n_players = other.n_players;
        self.start = other.start;
        self.current = other.current;
        self.finished = other.finished;
        self.dead = other.dead;
        self.ply = other.ply;
        self.rows = other.rows;
        self.remaining = other.remaining;
        self.scores = other.scores;
        self.colors = other.colors;
        self.witness = other.witness;
        self.spent_corners = other.spent_corners;
        self.moves.clear();
    }

    /// Number of open corners of `color` by the rule's definition, whether or not a piece
    /// fits there (cheap: a population count).
    pub(crate) fn corner_count(&self, color: Color) -> u32 {
        self.rows[PAD..PAD + 20]
            .iter()
            .map(|row| row.corners[color.index()].count_ones())
            .sum()
    }

    /// Rebuilds the derived bit planes, dead players and the finished flag from colours,
    /// remaining pieces and the player to move (used by the position parser).
    pub(crate) fn rebuild(
        n_players: usize,
        colors: [u8; Tile::COUNT],
        remaining: [u32; 4],
        current: usize,
    ) -> Board {
        let mut board = Board {
            n_players: n_players as u8,
            start: StartCorners::Any,
            current: current as u8,
            finished: false,
            dead: 0,
            ply: 0,
            rows: empty_rows(),
            remaining,
            scores: [0; 4],
            colors,
            witness: [NO_WITNESS; 4],
            spent_corners: [[0; 20]; 4],
            history: Vec::new(),
            moves: Vec::new(),
        };
        let mut own = [[0u32; ROWS]; 4];
        let mut occupied = [0u32; ROWS];
        for tile in Tile::all() {
            let c = colors[tile.index()];
            if usize::from(c) < n_players {
                let bit = 1 << (usize::from(tile.x()) + PAD);
                own[usize::from(c)][usize::from(tile.y()) + PAD] |= bit;
                occupied[usize::from(tile.y()) + PAD] |= bit;
                board.scores[usize::from(c)] += 1;
            }
        }
        for p in 0..n_players {
            let o = &own[p];
            for row in 1..ROWS - 1 {
                let edge = o[row] << 1 | o[row] >> 1 | o[row - 1] | o[row + 1];
                let diag = (o[row - 1] | o[row + 1]) << 1 | (o[row - 1] | o[row + 1]) >> 1;
                let plane_row = &mut board.rows[row];
                plane_row.forbidden[p] |= occupied[row] | edge;
                plane_row.corners[p] = diag & !plane_row.forbidden[p];
            }
            if remaining[p] == PieceSet::ALL.bits() {
                for (row, plane_row) in board.rows.iter_mut().enumerate() {
                    plane_row.corners[p] = BOARD_CORNERS[row] & !occupied[row];
                }
            }
            board.ply += (PieceSet::ALL.len() - remaining[p].count_ones() as usize) as u16;
        }
        for p in 0..n_players {
            if !board.has_any_move(p) {
                board.dead |= 1 << p;
            }
        }
        board.finished = board.dead.count_ones() as usize == n_players;
        board
    }

    /// The remaining pieces of `color` as a comma-separated list of names, for rendering.
    fn remaining_names(&self, color: Color) -> String {
        let names: Vec<&str> = self
            .remaining_pieces(color)
            .iter()
            .map(Piece::name)
            .collect();
        names.join(", ")
    }
}

/// Numbers of moves at open corners, remembered by the corner's neighbourhood (its 9x9
/// window of forbidden cells) and the mover's remaining pieces, which decide that number
/// alone: a cache for counting many similar positions
/// ([`Board::legal_move_count_with`]). 1,024 entries, direct-mapped; 32 KB.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, CornerCounts};
///
/// let mut counts = CornerCounts::new();
/// let board = Board::new(4)?;
/// assert_eq!(board.legal_move_count_with(&mut counts), 232);
/// assert_eq!(board.legal_move_count_with(&mut counts), 232); // from the cache
/// # Ok::<(), sokoengine_tilewe::BoardError>(())
/// ```
#[derive(Clone, Debug)]
pub struct CornerCounts {
    /// Per slot: the window, the remaining pieces (`u32::MAX`: empty slot; real sets have
    /// 21 bits) and the number of moves.
    slots: Vec<(u128, u32, u32)>,
}

impl Default for CornerCounts {
    fn default() -> CornerCounts {
        CornerCounts::new()
    }
}

impl CornerCounts {
    const SLOTS: usize = 1024;

    /// An empty cache.
    #[must_use]
    pub fn new() -> CornerCounts {
        CornerCounts {
            slots: vec![(0, u32::MAX, 0); Self::SLOTS],
        }
    }

    /// The number of moves in window `w` with `remaining` pieces, from the cache or counted
    /// (and remembered).
    #[inline(always)]
    fn count(&mut self, t: &Tables, w: u128, remaining: u32) -> usize {
        let mixed = (w as u64 ^ (w >> 64) as u64).rotate_left(23) ^ u64::from(remaining);
        let slot = (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize;
        let entry = &mut self.slots[slot % Self::SLOTS];
        if entry.0 == w && entry.1 == remaining {
            return entry.2 as usize;
        }
        let n = count_at(t, w, remaining);
        *entry = (w, remaining, n as u32);
        n
    }
}

/// Pieces of each size (bit masks of piece indices 0..21): O1; I2; I3, L3; the five
/// tetrominoes; the twelve pentominoes. (The search uses the pair sets by size,
/// [`Tables::size_pairs`]; the tests check them against these.)
#[cfg(test)]
pub(crate) const SIZE_CLASSES: [u32; 6] = [0, 1, 0b10, 0b1100, 0b1_1111_0000, 0x1F_FE00];

/// Most open corners a player's corner lists hold (random moves, playout targets).
pub(crate) const MAX_CORNERS: usize = 128;

/// Number of placements of the pieces in `pieces` that fit in window `w` (key `k`).
#[inline(always)]
fn count_class(t: &Tables, w: u128, k: usize, pieces: u32) -> usize {
    let mut count = 0;
    t.for_each_candidate_run(k, pieces, |masks| {
        // Two at a time: half the loop overhead on these short lists.
        let pairs = masks.chunks_exact(2);
        let rest = pairs.remainder();
        for pair in pairs {
            count += usize::from(pair[0] & w == 0) + usize::from(pair[1] & w == 0);
        }
        for &mask in rest {
            count += usize::from(mask & w == 0);
        }
        true
    });
    count
}

/// Moves of one corner into `buf`; returns how many. The candidate-list generator that
/// [`emit_fitting`] replaced, kept as the tests' reference.
#[cfg(test)]
fn collect_at(t: &Tables, w: u128, remaining: u32, target: u16, buf: &mut [Move; SLOTS]) -> usize {
    let target = u32::from(target) << 16;
    let mut n = 0;
    // Branch-free append: always write, advance only when the piece fits. The window has
    // no bits at the inline id, so the mask tests as it is. `n` is at most the number of
    // candidates before this one (under MAX_PAIRS < SLOTS), so the index mask never
    // changes it; it only spares a bounds check.
    let mut append = |mask: u128| {
        buf[n & (SLOTS - 1)] = Move::from_packed(target | (mask >> ID_SHIFT) as u32);
        n += usize::from(mask & w == 0);
    };
    t.for_each_candidate_run(key(w), remaining, |masks| {
        // Two at a time: half the loop overhead on these short lists.
        let pairs = masks.chunks_exact(2);
        let rest = pairs.remainder();
        for pair in pairs {
            append(pair[0]);
            append(pair[1]);
        }
        for &mask in rest {
            append(mask);
        }
        true
    });
    n
}

#[inline(always)]
fn count_at(t: &Tables, w: u128, remaining: u32) -> usize {
    count_class(t, w, key(w), remaining)
}

/// The first pair that fits at one corner, smallest piece first.
#[inline(always)]
fn first_at(t: &Tables, w: u128, remaining: u32) -> Option<u16> {
    let mut found = None;
    t.for_each_candidate_run(key(w), remaining, |masks| {
        found = masks.iter().find(|&&mask| mask & w == 0);
        found.is_none()
    });
    found.map(|&mask| (mask >> ID_SHIFT) as u16)
}

#[inline(always)]
fn any_at(t: &Tables, w: u128, remaining: u32) -> bool {
    // Small pieces fit most often, so scanning from the monomino up exits early.
    !t.for_each_candidate_run(key(w), remaining, |masks| {
        !masks.iter().any(|&mask| mask & w == 0)
    })
}

impl fmt::Display for Board {
    /// Draws the board: row 20 at the top, `B`/`Y`/`R`/`G`/`.` cells, column letters, one
    /// line per player (letter, score, remaining pieces) and the turn.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..20u8).rev() {
            write!(f, "{:>2}", y + 1)?;
            for x in 0..20u8 {
                let tile = Tile::from_coords(x, y).unwrap_or(Tile::A1);
                let c = self.color_at(tile).map_or('.', Color::letter);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "  ")?;
        for x in 0..20u8 {
            write!(f, " {}", (b'a' + x) as char)?;
        }
        writeln!(f)?;
        for c in self.players() {
            writeln!(
                f,
                "{} {} [{}]",
                c.letter(),
                self.score(c),
                self.remaining_names(c)
            )?;
        }
        if self.finished {
            write!(f, "Ply: {}, Turn: done", self.ply)
        } else {
            write!(f, "Ply: {}, Turn: {}", self.ply, self.current_player())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::count_fitting;

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "not a legal move")]
    fn push_unchecked_checks_in_debug_builds() {
        // The same placement twice: its cells are taken (this once underflowed a u8).
        let mut board = Board::new(1).expect("one player");
        let mv = board.legal_moves()[0];
        board.push_unchecked(mv);
        board.push_unchecked(mv);
    }

    #[test]
    fn player_counts() {
        assert_eq!(Board::new(0), Err(BoardError::InvalidPlayerCount(0)));
        assert_eq!(Board::new(5), Err(BoardError::InvalidPlayerCount(5)));
        for n in 1..=4 {
            let board = Board::new(n).unwrap();
            assert_eq!(board.legal_move_count(), 232);
            assert_eq!(board.legal_moves().len(), 232);
            assert_eq!(board.player_corners(Color::Blue), Tile::CORNERS);
        }
    }

    #[test]
    fn generation_order_matches_the_reference() {
        let board = Board::new(4).unwrap();
        let moves: Vec<String> = board.legal_moves().iter().map(Move::to_string).collect();
        assert_eq!(
            moves[..12],
            [
                "O1n-a1a1", "I2n-a1a1", "I2e-a1a1", "I3n-a1a1", "I3e-a1a1", "L3n-a1a1", "L3e-a1a1",
                "L3w-a1a1", "O4n-a1a1", "I4n-a1a1", "I4e-a1a1", "L4n-a1a1"
            ]
        );
        assert_eq!(moves.last().map(String::as_str), Some("Z5nf-c3t20"));
        let mut sorted = board.legal_moves();
        sorted.sort();
        assert_eq!(sorted, board.legal_moves());
    }

    #[test]
    fn push_pop_restores_everything() {
        let mut board = Board::new(4).unwrap();
        let start = board.clone();
        for mv in start.legal_moves() {
            board.push(mv).unwrap();
            assert_eq!(board.remaining_piece_count(Color::Blue), 20);
            assert_eq!(board.pop(), Ok(mv));
            assert_eq!(board.rows, start.rows);
            assert_eq!(board, start);
        }
        assert_eq!(board.pop(), Err(PlayError::NothingToUndo));
    }

    /// The positions of a few seeded random 4-player games.
    fn game_positions(games: u64) -> Vec<Board> {
        let mut out = Vec::new();
        for seed in 0..games {
            let mut board = Board::new(4).unwrap();
            let mut rng = crate::rng::Rng::new(seed);
            while let Some(mv) = board.random_move(&mut rng) {
                out.push(board.without_history());
                board.push(mv).unwrap();
            }
            out.push(board);
        }
        out
    }

    #[test]
    fn spent_corners_fit_nothing_and_undo_clears_them() {
        let t = tables();
        let mut marked = 0;
        for seed in 0..6 {
            let mut board = Board::new(4).unwrap();
            let mut rng = crate::rng::Rng::new(seed);
            while let Some(mv) = board.random_move(&mut rng) {
                board.push(mv).unwrap();
                for p in 0..4 {
                    for (y, &spent) in board.spent_corners[p].iter().enumerate() {
                        let mut bits = spent & board.rows[y + PAD].corners[p];
                        while bits != 0 {
                            let x = bits.trailing_zeros() as usize - PAD;
                            bits &= bits - 1;
                            let w = window(&board.rows, p, x, y);
                            assert!(!any_at(t, w, board.remaining[p]), "{board:?}");
                            marked += 1;
                        }
                    }
                    // The hinted test (witness, spent corners) agrees with the full one.
                    if board.dead & 1 << p == 0 {
                        let expected = board.has_any_move(p);
                        assert_eq!(board.has_any_move_hinted(p), expected, "{board:?}");
                    }
                }
            }
            while board.pop().is_ok() {
                assert_eq!(board.spent_corners, [[0; 20]; 4]);
            }
        }
        assert!(marked > 100, "{marked}");
    }

    #[test]
    fn a_playout_push_places_what_push_unchecked_does() {
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut rng = crate::rng::Rng::new(3);
        while let Some(mv) = board.random_move(&mut rng) {
            let mut playout = board.clone();
            playout.push_playout(mv);
            board.push_unchecked(mv);
            assert_eq!(
                (playout.current, playout.dead, playout.finished, playout.ply),
                (board.current, board.dead, board.finished, board.ply)
            );
            assert_eq!(
                (playout.rows, playout.remaining),
                (board.rows, board.remaining)
            );
            assert_eq!(
                (playout.scores, playout.colors),
                (board.scores, board.colors)
            );
            assert_eq!(playout.moves.len() + 1, board.moves.len());
        }
    }

    #[test]
    fn random_move_draws_from_the_move_list() {
        for (i, board) in game_positions(3).iter().enumerate() {
            let moves = board.legal_moves();
            let mut a = crate::rng::Rng::new(i as u64);
            let mut b = a.clone();
            let expected = (!moves.is_empty()).then(|| moves[b.below(moves.len())]);
            assert_eq!(board.random_move(&mut a), expected, "{board:?}");
            assert_eq!(a, b, "the same numbers drawn");
        }
    }

    #[test]
    fn sample_move_is_legal_and_uniform() {
        let positions = game_positions(2);
        let mut rng = crate::rng::Rng::new(9);
        for board in &positions {
            match board.sample_move(&mut rng) {
                Some(mv) => assert!(board.is_legal(mv), "{mv} in {board:?}"),
                None => assert!(board.legal_moves().is_empty()),
            }
        }
        // Every move of a middle-game position and of the opening drawn about equally often.
        for board in [&positions[0], &positions[24]] {
            let moves = board.legal_moves();
            let per_move = 300;
            let mut seen = std::collections::HashMap::new();
            for _ in 0..per_move * moves.len() {
                *seen
                    .entry(board.sample_move(&mut rng).unwrap())
                    .or_insert(0) += 1;
            }
            assert_eq!(seen.len(), moves.len());
            // 300 expected, standard deviation about 17: 150..450 is nine of them.
            assert!(seen.values().all(|&n| (150..450).contains(&n)), "{seen:?}");
        }
    }

    /// The moves of `color` by the candidate lists ([`collect_at`]).
    fn reference_moves(board: &Board, color: Color) -> Vec<Move> {
        let mut out = Vec::new();
        if board.is_out(color.index()) {
            return out;
        }
        let t = tables();
        let p = color.index();
        for_each_corner(&board.rows, p, |x, y| {
            let mut buf = [Move::from_raw(0, 0); SLOTS];
            let w = window(&board.rows, p, x, y);
            let n = collect_at(t, w, board.remaining[p], (x + 20 * y) as u16, &mut buf);
            out.extend_from_slice(&buf[..n]);
            true
        });
        out
    }

    /// Every colour's moves and counts by the pair sets equal the candidate lists'.
    fn check_against_reference(board: &Board) {
        let mut out = vec![Move::from_raw(7, 7); 3];
        for color in Color::ALL {
            let expected = reference_moves(board, color);
            board.generate_into(color, &mut out);
            assert_eq!(out, expected, "{color} in {board:?}");
            assert_eq!(board.legal_move_count_for(color), expected.len());
            check_size_counts(board, color);
        }
    }

    /// The playouts' per-size counts at each corner by the pair sets equal the
    /// candidate lists' ([`count_class`]).
    fn check_size_counts(board: &Board, color: Color) {
        let t = tables();
        let p = color.index();
        let remaining = board.remaining[p];
        let unavailable = t.unavailable_pairs(remaining);
        for_each_corner(&board.rows, p, |x, y| {
            let w = window(&board.rows, p, x, y);
            let blocked = blocked_pairs(t, &board.rows, p, x, y, &unavailable);
            for (size, (pairs, class)) in t.size_pairs.iter().zip(SIZE_CLASSES).enumerate() {
                assert_eq!(
                    count_fitting(&blocked, pairs),
                    count_class(t, w, key(w), remaining & class),
                    "{color}, size {size} at ({x}, {y}) in {board:?}"
                );
            }
            true
        });
    }

    #[test]
    fn pair_sets_generate_the_candidate_lists_moves() {
        for board in game_positions(20) {
            check_against_reference(&board);
        }
        for start in [StartCorners::Any, StartCorners::Fixed] {
            for n in 1..=4 {
                check_against_reference(&Board::with_start_corners(n, start).unwrap());
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn pair_sets_match_the_candidate_lists_in_random_games(
            seed in proptest::prelude::any::<u64>(),
            players in 1usize..=4,
            fixed in proptest::prelude::any::<bool>(),
        ) {
            let start = if fixed { StartCorners::Fixed } else { StartCorners::Any };
            let mut board = Board::with_start_corners(players, start).unwrap();
            let mut rng = crate::rng::Rng::new(seed);
            check_against_reference(&board);
            while let Some(mv) = board.sample_move(&mut rng) {
                board.push(mv).unwrap();
                check_against_reference(&board);
            }
        }
    }

    #[test]
    fn counted_moves_match_plain_counts() {
        // One small cache across many positions: hits, misses and overwritten slots.
        let mut counts = CornerCounts::new();
        for board in game_positions(4) {
            assert_eq!(
                board.legal_move_count_with(&mut counts),
                board.legal_move_count()
            );
            assert_eq!(
                board.legal_move_count_with(&mut counts),
                board.legal_move_count()
            );
        }
    }
}
