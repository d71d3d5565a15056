//! Board geometry, the canonical [`State`] and the unchecked move generation used by search.
//!
//! Cells are numbered row-major (`row * width + column`), one bit per cell in a `u64`. A
//! state keeps, per shape, the set of cells that are the top-left corner of a piece of that
//! shape. Pieces of one shape are thereby interchangeable, so equal layouts have equal
//! states, and a single step is a two-bit XOR.

use crate::vocabulary::{Cell, Direction, Metric, Shape};

/// The largest number of cells a board may have (one bit per cell in a `u64`).
pub const MAX_CELLS: usize = 64;

/// The number of cells whose 3-bit codes fit in the `u64` canonical key.
pub const MAX_KEY_CELLS: usize = 21;

/// The number of cells whose 3-bit codes fit in a `u128`: searches on boards up to this
/// size key their states by packed 128-bit keys.
pub(crate) const MAX_WIDE_KEY_CELLS: usize = 42;

/// Why a board size was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A board needs at least one row and one column.
    #[error("a board needs at least one row and one column, got {height}x{width}")]
    Empty {
        /// The rejected height.
        height: usize,
        /// The rejected width.
        width: usize,
    },
    /// More than [`MAX_CELLS`] cells.
    #[error("a board has at most 64 cells, got {height}x{width}")]
    TooLarge {
        /// The rejected height.
        height: usize,
        /// The rejected width.
        width: usize,
    },
}

/// The geometry of a rectangular board with precomputed move masks.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Board, Cell};
///
/// let board = Board::new(5, 4)?;
/// assert_eq!(board.cells(), 20);
/// assert!(board.contains(Cell::new(4, 3)));
/// assert!(Board::new(9, 9).is_err());
/// # Ok::<(), sokoengine_setting_sun::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    height: u8,
    width: u8,
    /// Every cell of the board.
    full: u64,
    /// Per shape: the cells where a piece of the shape fits with its top-left corner.
    fits: [u64; Shape::COUNT],
    /// Per shape and direction: the top-left cells from which one step stays on the board.
    from: [[u64; Direction::COUNT]; Shape::COUNT],
    /// Per shape and direction: offsets of the (one or two) cells a step enters.
    entered: [[[i16; 2]; Direction::COUNT]; Shape::COUNT],
    /// Cells not in the first column.
    not_first_column: u64,
    /// Cells not in the last column.
    not_last_column: u64,
    /// Cells not in the last two columns.
    not_last_two_columns: u64,
}

/// `bits >> amount`, zero from 64 on.
#[inline(always)]
const fn shr(bits: u64, amount: u32) -> u64 {
    match bits.checked_shr(amount) {
        Some(shifted) => shifted,
        None => 0,
    }
}

/// `bits << amount`, zero from 64 on.
#[inline(always)]
const fn shl_u(bits: u64, amount: u32) -> u64 {
    match bits.checked_shl(amount) {
        Some(shifted) => shifted,
        None => 0,
    }
}

impl Board {
    /// The classic 5-row, 4-column board.
    pub const CLASSIC: Self = match Self::new(5, 4) {
        Ok(board) => board,
        Err(_) => panic!("5x4 is a valid board"),
    };

    /// A board of `height` rows and `width` columns.
    ///
    /// # Errors
    ///
    /// [`BoardError::Empty`] for a zero dimension, [`BoardError::TooLarge`] above
    /// [`MAX_CELLS`] cells.
    pub const fn new(height: usize, width: usize) -> Result<Self, BoardError> {
        if height == 0 || width == 0 {
            return Err(BoardError::Empty { height, width });
        }
        if height > MAX_CELLS || width > MAX_CELLS || height * width > MAX_CELLS {
            return Err(BoardError::TooLarge { height, width });
        }
        let (h, w) = (height as u8, width as u8);
        let mut board = Self {
            height: h,
            width: w,
            full: 0,
            fits: [0; 4],
            from: [[0; 4]; 4],
            entered: [[[0; 2]; 4]; 4],
            not_first_column: 0,
            not_last_column: 0,
            not_last_two_columns: 0,
        };
        let cells = height * width;
        board.full = if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        let w16 = w as i16;
        let mut s = 0;
        while s < Shape::COUNT {
            let (sh, sw) = Shape::ALL[s].size();
            board.entered[s][Direction::Up.index()] = [-w16, -w16 + sw as i16 - 1];
            board.entered[s][Direction::Down.index()] =
                [sh as i16 * w16, sh as i16 * w16 + sw as i16 - 1];
            board.entered[s][Direction::Left.index()] = [-1, (sh as i16 - 1) * w16 - 1];
            board.entered[s][Direction::Right.index()] =
                [sw as i16, (sh as i16 - 1) * w16 + sw as i16];
            let mut row = 0;
            while row < h {
                let mut column = 0;
                while column < w {
                    if row + sh <= h && column + sw <= w {
                        let bit = 1u64 << (row as u32 * w as u32 + column as u32);
                        if s == 0 {
                            if column > 0 {
                                board.not_first_column |= bit;
                            }
                            if column + 1 < w {
                                board.not_last_column |= bit;
                            }
                            if column + 2 < w {
                                board.not_last_two_columns |= bit;
                            }
                        }
                        board.fits[s] |= bit;
                        if row > 0 {
                            board.from[s][Direction::Up.index()] |= bit;
                        }
                        if row + sh < h {
                            board.from[s][Direction::Down.index()] |= bit;
                        }
                        if column > 0 {
                            board.from[s][Direction::Left.index()] |= bit;
                        }
                        if column + sw < w {
                            board.from[s][Direction::Right.index()] |= bit;
                        }
                    }
                    column += 1;
                }
                row += 1;
            }
            s += 1;
        }
        Ok(board)
    }

    /// The number of rows.
    #[must_use]
    pub const fn height(&self) -> usize {
        self.height as usize
    }

    /// The number of columns.
    #[must_use]
    pub const fn width(&self) -> usize {
        self.width as usize
    }

    /// The number of cells.
    #[must_use]
    pub const fn cells(&self) -> usize {
        self.height as usize * self.width as usize
    }

    /// Whether `cell` lies on the board.
    #[must_use]
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.row() < self.height && cell.column() < self.width
    }

    /// Whether a piece of `shape` with its top-left corner at `cell` lies on the board.
    #[must_use]
    pub const fn fits(&self, shape: Shape, cell: Cell) -> bool {
        self.contains(cell) && self.fits[shape.index()] & (1 << self.index(cell)) != 0
    }

    /// The default goal: the sun's top-left at row `height - 2`, column `(width - 2) / 2`
    /// (bottom centre), or `None` when no sun fits on the board.
    #[must_use]
    pub const fn default_goal(&self) -> Option<Cell> {
        if self.height < 2 || self.width < 2 {
            None
        } else {
            Some(Cell::new(self.height - 2, (self.width - 2) / 2))
        }
    }

    /// The bit index of a cell on the board.
    pub(crate) const fn index(&self, cell: Cell) -> u32 {
        cell.row() as u32 * self.width as u32 + cell.column() as u32
    }

    /// The cell of a bit index.
    pub(crate) const fn cell(&self, index: u32) -> Cell {
        Cell::new(
            (index / self.width as u32) as u8,
            (index % self.width as u32) as u8,
        )
    }

    /// The change of a top-left index for one step.
    pub(crate) const fn step_delta(&self, direction: Direction) -> i32 {
        match direction {
            Direction::Up => -(self.width as i32),
            Direction::Down => self.width as i32,
            Direction::Left => -1,
            Direction::Right => 1,
        }
    }

    /// The cells covered by a piece of `shape` at top-left index `index`.
    pub(crate) const fn footprint(&self, shape: Shape, index: u32) -> u64 {
        self.spread(shape, 1 << index)
    }

    /// The cells covered by pieces of `shape` at the top-left cells `tops`.
    #[inline(always)]
    const fn spread(&self, shape: Shape, tops: u64) -> u64 {
        // Pieces two rows high only exist on boards of at most 32 columns, so a wrapped
        // shift amount (64 columns) only ever meets empty `tops`.
        let w = self.width as u32;
        match shape {
            Shape::Small => tops,
            Shape::Vertical => tops | tops.wrapping_shl(w),
            Shape::Horizontal => tops | (tops << 1),
            Shape::Sun => {
                let row = tops | (tops << 1);
                row | row.wrapping_shl(w)
            }
        }
    }

    /// The occupied cells of a state.
    #[inline(always)]
    pub(crate) const fn occupied(&self, state: &State) -> u64 {
        self.spread(Shape::Small, state.tops[0])
            | self.spread(Shape::Vertical, state.tops[1])
            | self.spread(Shape::Horizontal, state.tops[2])
            | self.spread(Shape::Sun, state.tops[3])
    }

    /// Whether the piece of `shape` at top-left `index` can take one step in `direction`
    /// when the cells in `free` are free.
    #[inline]
    pub(crate) const fn can_step(
        &self,
        shape: Shape,
        index: u32,
        direction: Direction,
        free: u64,
    ) -> bool {
        let (s, d) = (shape.index(), direction.index());
        if self.from[s][d] & (1 << index) == 0 {
            return false;
        }
        let [a, b] = self.entered[s][d];
        let needed = (1u64 << (index as i32 + a as i32)) | (1u64 << (index as i32 + b as i32));
        needed & free == needed
    }

    /// Calls `visit` with every state one move away from `state` under `metric`.
    ///
    /// Unchecked fast path for search: `state` must be a valid state of this board.
    #[inline]
    pub(crate) fn for_each_successor(
        &self,
        state: &State,
        metric: Metric,
        mut visit: impl FnMut(State, Shape, u32, u32),
    ) {
        let mut relay = |s: usize, from: u32, to: u32| {
            let mut next = *state;
            next.tops[s] ^= (1 << from) | (1 << to);
            visit(next, Shape::ALL[s], from, to);
        };
        match metric {
            Metric::Step => self.for_each_step(state, &mut relay),
            Metric::Slide => self.for_each_slide(state, [0; 4], &mut relay),
            Metric::Piece => self.for_each_piece_move(state, 0, &mut relay),
        }
    }

    /// `bits` moved one step in `direction` (bits must stay on the board).
    #[inline]
    fn shift(&self, bits: u64, direction: Direction) -> u64 {
        let width = u32::from(self.width);
        match direction {
            Direction::Up => bits.wrapping_shr(width),
            Direction::Down => bits.wrapping_shl(width),
            Direction::Left => bits >> 1,
            Direction::Right => bits << 1,
        }
    }

    /// For every direction, the top-left cells of the pieces (of any shape) among `tops`
    /// that can take one step that way when the cells in `free` are free.
    ///
    /// Per direction, the cells whose neighbour that way is free are computed once; a
    /// piece one cell wide needs one such neighbour, a piece two cells wide two adjacent
    /// ones. Top-left cells of different pieces differ, so one mask per direction holds
    /// every shape.
    #[inline(always)]
    fn movers_by_direction(&self, tops: &[u64; Shape::COUNT], free: u64) -> [u64; 4] {
        [
            self.movers_toward(Direction::Up, tops, free),
            self.movers_toward(Direction::Down, tops, free),
            self.movers_toward(Direction::Left, tops, free),
            self.movers_toward(Direction::Right, tops, free),
        ]
    }

    /// The top-left cells of the pieces among `tops` that can take one step in
    /// `direction` when the cells in `free` are free (see
    /// [`movers_by_direction`](Self::movers_by_direction)).
    #[inline(always)]
    fn movers_toward(&self, direction: Direction, tops: &[u64; Shape::COUNT], free: u64) -> u64 {
        let w = u32::from(self.width);
        let [small, vertical, horizontal, sun] = *tops;
        match direction {
            Direction::Up => {
                // Pieces enter i - w (and i - w + 1 when two cells wide).
                let up1 = shl_u(free, w);
                ((small | vertical) & up1) | ((horizontal | sun) & up1 & (up1 >> 1))
            }
            Direction::Down => {
                // One-row pieces enter i + w, two-row pieces i + 2w (and the next cell).
                let down1 = shr(free, w);
                let down2 = shr(free, 2 * w);
                (small & down1)
                    | (vertical & down2)
                    | (horizontal & down1 & (down1 >> 1))
                    | (sun & down2 & (down2 >> 1))
            }
            Direction::Left => {
                // One-row pieces enter i - 1, two-row pieces also i + w - 1.
                let left1 = (free << 1) & self.not_first_column;
                ((small | horizontal) & left1) | ((vertical | sun) & left1 & shr(left1, w))
            }
            Direction::Right => {
                // Narrow pieces enter i + 1, wide ones i + 2 (and the cells below).
                let right1 = (free >> 1) & self.not_last_column;
                let right2 = (free >> 2) & self.not_last_two_columns;
                (small & right1)
                    | (vertical & right1 & shr(right1, w))
                    | (horizontal & right2)
                    | (sun & right2 & shr(right2, w))
            }
        }
    }

    /// Per direction, the pieces of one shape among `tops` that can take one step when
    /// the cells in `free` are free.
    #[inline(always)]
    fn shape_movers(&self, shape: Shape, tops: u64, free: u64) -> [u64; 4] {
        let w = u32::from(self.width);
        let up1 = shl_u(free, w);
        let down1 = shr(free, w);
        let left1 = (free << 1) & self.not_first_column;
        let right1 = (free >> 1) & self.not_last_column;
        let masks = match shape {
            Shape::Small => [up1, down1, left1, right1],
            Shape::Vertical => [
                up1,
                shr(free, 2 * w),
                left1 & shr(left1, w),
                right1 & shr(right1, w),
            ],
            Shape::Horizontal => {
                let right2 = (free >> 2) & self.not_last_two_columns;
                [up1 & (up1 >> 1), down1 & (down1 >> 1), left1, right2]
            }
            Shape::Sun => {
                let down2 = shr(free, 2 * w);
                let right2 = (free >> 2) & self.not_last_two_columns;
                [
                    up1 & (up1 >> 1),
                    down2 & (down2 >> 1),
                    left1 & shr(left1, w),
                    right2 & shr(right2, w),
                ]
            }
        };
        masks.map(|mask| mask & tops)
    }

    /// The index of the shape whose pieces have a top-left at `bit` (one of the bits of
    /// `tops`), without branches: index bit 0 is set for 2x1 and 2x2 (indices 1 and 3),
    /// index bit 1 for 1x2 and 2x2 (indices 2 and 3).
    #[inline(always)]
    fn shape_at(tops: &[u64; Shape::COUNT], bit: u64) -> usize {
        let odd = (tops[1] | tops[3]) & bit != 0;
        let high = (tops[2] | tops[3]) & bit != 0;
        usize::from(odd) | usize::from(high) << 1
    }

    /// Single steps.
    #[inline(always)]
    pub(crate) fn for_each_step(&self, state: &State, mut visit: impl FnMut(usize, u32, u32)) {
        let empty = self.full & !self.occupied(state);
        let movers = self.movers_by_direction(&state.tops, empty);
        let deltas = [-i32::from(self.width), i32::from(self.width), -1, 1];
        for (mut movers, delta) in movers.into_iter().zip(deltas) {
            while movers != 0 {
                let index = movers.trailing_zeros() as i32;
                let bit = movers & movers.wrapping_neg();
                movers ^= bit;
                let s = Self::shape_at(&state.tops, bit);
                visit(s, index as u32, (index + delta) as u32);
            }
        }
    }

    /// Whether the piece of shape index `s` at top-left `index` can take one step in the
    /// direction of index `d` when the cells in `free` are free (unchecked indices).
    #[inline(always)]
    fn can_step_at(&self, s: usize, index: u32, d: usize, free: u64) -> bool {
        let (s, d) = (s & 3, d & 3);
        if self.from[s][d] & (1 << (index & 63)) == 0 {
            return false;
        }
        let [a, b] = self.entered[s][d];
        let index = index as i32;
        let needed =
            (1u64 << ((index + i32::from(a)) & 63)) | (1u64 << ((index + i32::from(b)) & 63));
        needed & free == needed
    }

    /// Straight slides of one or more cells: the single steps, each followed on while the
    /// cells ahead are empty; no slides in direction `d` of the pieces whose top-left is
    /// in `skip[d]`.
    #[inline(always)]
    pub(crate) fn for_each_slide(
        &self,
        state: &State,
        skip: [u64; 4],
        mut visit: impl FnMut(usize, u32, u32),
    ) {
        let empty = self.full & !self.occupied(state);
        let [up, down, left, right] = self.movers_by_direction(&state.tops, empty);
        let movers = [
            up & !skip[0],
            down & !skip[1],
            left & !skip[2],
            right & !skip[3],
        ];
        let width = i32::from(self.width);
        let deltas = [-width, width, -1, 1];
        for (d, (mut movers, delta)) in movers.into_iter().zip(deltas).enumerate() {
            while movers != 0 {
                let origin = movers.trailing_zeros();
                let bit = movers & movers.wrapping_neg();
                movers ^= bit;
                let s = Self::shape_at(&state.tops, bit);
                let mut at = origin.wrapping_add_signed(delta);
                // One call site, so that the visitor is inlined. The cells ahead of a
                // sliding piece were never its own: they must be empty in the state.
                loop {
                    visit(s, origin, at);
                    if !self.can_step_at(s, at, d, empty) {
                        break;
                    }
                    at = at.wrapping_add_signed(delta);
                }
            }
        }
    }

    /// The top-left cells the piece of `shape` at `origin` reaches by single steps through
    /// the cells in `free` (its flood fill), `origin` included.
    #[inline(always)]
    fn reach_within(&self, shape: Shape, origin: u32, free: u64) -> u64 {
        // Where a piece of this shape could step in each direction does not depend on
        // where it is now: compute that once, then grow the reached set one step in every
        // direction per round.
        let [up, down, left, right] = self.shape_movers(shape, self.fits[shape.index()], free);
        let mut reached = 1u64 << origin;
        loop {
            let grown = reached
                | self.shift(reached & up, Direction::Up)
                | self.shift(reached & down, Direction::Down)
                | self.shift(reached & left, Direction::Left)
                | self.shift(reached & right, Direction::Right);
            if grown == reached {
                return reached;
            }
            reached = grown;
        }
    }

    /// Piece moves: every cell a piece reaches along any path of single steps, except for
    /// the pieces whose top-left is in `skip`.
    #[inline(always)]
    pub(crate) fn for_each_piece_move(
        &self,
        state: &State,
        skip: u64,
        mut visit: impl FnMut(usize, u32, u32),
    ) {
        let empty = self.full & !self.occupied(state);
        let [up, down, left, right] = self.movers_by_direction(&state.tops, empty);
        let mut mobile = (up | down | left | right) & !skip;
        {
            while mobile != 0 {
                let origin = mobile.trailing_zeros();
                mobile &= mobile - 1;
                let s = Self::shape_at(&state.tops, 1 << origin);
                let shape = Shape::ALL[s];
                let free = empty | self.footprint(shape, origin);
                let mut targets = self.reach_within(shape, origin, free) & !(1 << origin);
                while targets != 0 {
                    let target = targets.trailing_zeros();
                    targets &= targets - 1;
                    visit(s, origin, target);
                }
            }
        }
    }

    /// The shape covering each cell, row-major.
    pub(crate) fn shape_grid(&self, state: &State) -> Vec<Option<Shape>> {
        let mut grid = vec![None; self.cells()];
        for shape in Shape::ALL {
            let mut tops = state.tops[shape.index()];
            while tops != 0 {
                let index = tops.trailing_zeros();
                tops &= tops - 1;
                let mut cells = self.footprint(shape, index);
                while cells != 0 {
                    grid[cells.trailing_zeros() as usize] = Some(shape);
                    cells &= cells - 1;
                }
            }
        }
        grid
    }

    /// The 3-bit-per-cell key of a state (row-major, first cell most significant), or
    /// `None` when the board has more than [`MAX_KEY_CELLS`] cells.
    #[must_use]
    pub fn compact_key(&self, state: &State) -> Option<u64> {
        if self.cells() > MAX_KEY_CELLS {
            return None;
        }
        let last = self.cells() as u32 - 1;
        let mut key = 0;
        for shape in Shape::ALL {
            let mut cells = self.spread(shape, state.tops[shape.index()]);
            while cells != 0 {
                key |= u64::from(shape.code()) << (3 * (last - cells.trailing_zeros()));
                cells &= cells - 1;
            }
        }
        Some(key)
    }

    /// The state mirrored left-right.
    #[must_use]
    pub fn mirror_left_right(&self, state: &State) -> State {
        let mut mirrored = State::EMPTY;
        for shape in Shape::ALL {
            let (_, sw) = shape.size();
            let mut tops = state.tops[shape.index()];
            while tops != 0 {
                let cell = self.cell(tops.trailing_zeros());
                tops &= tops - 1;
                let column = self.width - sw - cell.column();
                mirrored.tops[shape.index()] |= 1 << self.index(Cell::new(cell.row(), column));
            }
        }
        mirrored
    }

    /// The state mirrored up-down.
    #[must_use]
    pub fn mirror_up_down(&self, state: &State) -> State {
        let mut mirrored = State::EMPTY;
        for shape in Shape::ALL {
            let (sh, _) = shape.size();
            let mut tops = state.tops[shape.index()];
            while tops != 0 {
                let cell = self.cell(tops.trailing_zeros());
                tops &= tops - 1;
                let row = self.height - sh - cell.row();
                mirrored.tops[shape.index()] |= 1 << self.index(Cell::new(row, cell.column()));
            }
        }
        mirrored
    }
}

/// The contents of a board up to exchanging pieces of one shape: for each shape, the set of
/// top-left cells of its pieces.
///
/// A `State` is small, `Copy` and hashable; equal layouts give equal states, so it is the
/// search key. It carries no geometry: it belongs to the [`Board`] it was made on (see
/// [`Layout`](crate::Layout) for the checked, self-describing form).
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Layout, Shape};
///
/// // Pieces of one shape are interchangeable: swapping two 1x1 pieces gives the same state.
/// let a = Layout::parse("s.s/...")?;
/// let b = Layout::parse("s.s/...")?;
/// assert_eq!(a.state(), b.state());
/// assert_eq!(a.state().tops(Shape::Small), 0b101);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct State {
    tops: [u64; Shape::COUNT],
}

impl State {
    /// The state with no pieces.
    pub const EMPTY: Self = Self { tops: [0; 4] };

    /// The top-left cells of the pieces of `shape`, one bit per cell (row-major).
    #[must_use]
    pub const fn tops(&self, shape: Shape) -> u64 {
        self.tops[shape.index()]
    }

    /// The number of pieces of `shape`.
    #[must_use]
    pub const fn count(&self, shape: Shape) -> u32 {
        self.tops[shape.index()].count_ones()
    }

    /// Adds a piece without checks (the caller has checked it fits and is free).
    pub(crate) const fn insert(&mut self, shape: Shape, index: u32) {
        self.tops[shape.index()] |= 1 << index;
    }

    /// The state after the piece of shape index `shape` moved from `from` to `to`
    /// (unchecked).
    #[inline(always)]
    pub(crate) const fn moved(&self, shape: usize, from: u32, to: u32) -> Self {
        let mut next = *self;
        next.tops[shape & 3] ^= (1 << from) | (1 << to);
        next
    }

    /// Moves a piece's top-left from `from` to `to` without checks.
    pub(crate) const fn relocate(&mut self, shape: Shape, from: u32, to: u32) {
        self.tops[shape.index()] ^= (1 << from) | (1 << to);
    }
}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, hasher: &mut H) {
        // One well-mixed word: a single `write_u64` keeps hashing cheap in search.
        let [a, b, c, d] = self.tops;
        let mixed = a
            ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ c.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ d.wrapping_mul(0x1656_67B1_9E37_79F9);
        hasher.write_u64(mixed);
    }
}

/// A hasher for [`State`] keys: finishes the state's pre-mixed word.
///
/// Its finisher is half of SplitMix64's (one multiply): on the boards that hash whole
/// states (more than 42 cells) the full step of `rand_xoshiro`'s SplitMix64 costs 11 % more
/// instructions a state reached (docs/performance.md), so this one stays.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct StateHasher(u64);

impl std::hash::Hasher for StateHasher {
    fn finish(&self) -> u64 {
        let x = (self.0 ^ (self.0 >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^ (x >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x100_0000_01B3);
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = self.0.rotate_left(23) ^ word;
    }
}

/// Builds [`StateHasher`]s.
pub(crate) type BuildStateHasher = std::hash::BuildHasherDefault<StateHasher>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_masks() {
        let board = Board::CLASSIC;
        assert_eq!(board.full, (1 << 20) - 1);
        // A sun fits with its top-left in rows 0..=3, columns 0..=2.
        assert_eq!(board.fits[Shape::Sun.index()].count_ones(), 12);
        assert_eq!(board.fits[Shape::Vertical.index()].count_ones(), 16);
        assert_eq!(board.fits[Shape::Horizontal.index()].count_ones(), 15);
    }

    #[test]
    fn one_row_board_of_64_cells() {
        let board = Board::new(1, 64).unwrap();
        assert_eq!(board.full, u64::MAX);
        assert_eq!(board.fits[Shape::Vertical.index()], 0);
        assert_eq!(board.footprint(Shape::Horizontal, 62), 0b11 << 62);
    }

    #[test]
    fn size_errors() {
        assert_eq!(
            Board::new(0, 3),
            Err(BoardError::Empty {
                height: 0,
                width: 3
            })
        );
        assert_eq!(
            Board::new(8, 9),
            Err(BoardError::TooLarge {
                height: 8,
                width: 9
            })
        );
        assert!(Board::new(usize::MAX, usize::MAX).is_err());
    }
}
