//! [`Layout`]: a board with its pieces, the shape-letter picture, and checked moves.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, BoardError, MAX_CELLS, MAX_KEY_CELLS, State};
use crate::moves::{Move, Path};
use crate::vocabulary::{Cell, Direction, Metric, Shape};

/// Why a layout picture was rejected. Lines and columns are 1-based; a line is one row of
/// the picture (rows are separated by `/` or line breaks).
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Layout, LayoutError};
///
/// let error = Layout::parse("BB/Bx").unwrap_err();
/// assert_eq!(error.to_string(), "unknown character 'x' at line 2, column 2");
/// assert!(matches!(Layout::parse(""), Err(LayoutError::Empty)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// The picture has no cell at all.
    #[error("the layout picture is empty")]
    Empty,
    /// A character that is none of `B`, `v`, `h`, `s` and `.`.
    #[error("unknown character {found:?} at line {line}, column {column}")]
    UnknownCharacter {
        /// The line of the character.
        line: usize,
        /// The column of the character.
        column: usize,
        /// The character.
        found: char,
    },
    /// A row whose length differs from the first row's.
    #[error("line {line} has {found} cells, expected {expected} like line 1")]
    RaggedRow {
        /// The line of the row.
        line: usize,
        /// The length of the first row.
        expected: usize,
        /// The length of this row.
        found: usize,
    },
    /// A piece whose top-left cell is too close to the right or bottom edge.
    #[error("the {shape} piece at line {line}, column {column} does not fit on the board")]
    PieceOutOfBoard {
        /// The line of the piece's top-left cell.
        line: usize,
        /// The column of the piece's top-left cell.
        column: usize,
        /// The shape of the piece.
        shape: Shape,
    },
    /// A cell of a piece that carries another letter or belongs to an earlier piece.
    #[error(
        "the {shape} piece at line {line}, column {column} needs line {cell_line}, \
         column {cell_column}, which is {found:?}{}",
        if *.taken { " of another piece" } else { "" }
    )]
    IncompletePiece {
        /// The line of the piece's top-left cell.
        line: usize,
        /// The column of the piece's top-left cell.
        column: usize,
        /// The shape of the piece.
        shape: Shape,
        /// The line of the offending cell.
        cell_line: usize,
        /// The column of the offending cell.
        cell_column: usize,
        /// The letter found in the offending cell.
        found: char,
        /// Whether the cell carries the right letter but is covered by an earlier piece.
        taken: bool,
    },
    /// The picture is larger than a board may be.
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// Why a piece could not be placed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceError {
    /// The piece would stick out of the board.
    #[error("a {shape} piece at {cell} does not fit on the board")]
    OutOfBoard {
        /// The shape of the piece.
        shape: Shape,
        /// The requested top-left cell.
        cell: Cell,
    },
    /// The piece would cover an occupied cell.
    #[error("a {shape} piece at {cell} overlaps another piece")]
    Overlap {
        /// The shape of the piece.
        shape: Shape,
        /// The requested top-left cell.
        cell: Cell,
    },
}

/// Why a move was rejected. The layout is left unchanged.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Cell, Direction, Layout, MoveError};
///
/// let mut layout = Layout::parse("s./..")?;
/// assert_eq!(layout.step(Cell::new(1, 1), Direction::Up), Err(MoveError::NoPiece(Cell::new(1, 1))));
/// assert!(layout.step(Cell::new(0, 0), Direction::Up).is_err()); // off the board
/// layout.step(Cell::new(0, 0), Direction::Right)?;
/// assert_eq!(layout.to_string(), ".s/..");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// No piece has its top-left corner at the cell.
    #[error("no piece has its top-left corner at {0}")]
    NoPiece(Cell),
    /// The move has no step.
    #[error("the move of the piece at {0} has no step")]
    EmptyPath(Cell),
    /// A step leaves the board or enters an occupied cell.
    #[error("the piece at {from} cannot go {direction} after {done} step(s) of {path}")]
    Blocked {
        /// The piece's top-left cell before the move.
        from: Cell,
        /// The blocked direction.
        direction: Direction,
        /// The steps done before the blocked one.
        done: usize,
        /// The whole path.
        path: Path,
    },
    /// The move is more than one move under the metric of the rules that were asked.
    #[error("{mv} is more than one {metric} move")]
    NotOneMove {
        /// The metric.
        metric: Metric,
        /// The move.
        mv: Move,
    },
    /// The path brings the piece back where it started.
    #[error("the path {path} brings the piece at {from} back to where it started")]
    NoChange {
        /// The piece's top-left cell.
        from: Cell,
        /// The path.
        path: Path,
    },
}

/// Why a canonical key could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KeyError {
    /// The board has more cells than a `u64` key holds.
    #[error("a {height}x{width} board has more than 21 cells: no u64 key")]
    BoardTooLarge {
        /// The board's height.
        height: usize,
        /// The board's width.
        width: usize,
    },
    /// Bits above the board's cells are set.
    #[error("key {key:#x} has bits above the {cells} cells of the board")]
    ExtraBits {
        /// The key.
        key: u64,
        /// The board's number of cells.
        cells: usize,
    },
    /// A 3-bit code above `100`.
    #[error("invalid code {code:#05b} at {cell}")]
    InvalidCode {
        /// The cell.
        cell: Cell,
        /// The code.
        code: u8,
    },
    /// The codes do not form whole pieces.
    #[error("the {shape} piece starting at {cell} is incomplete")]
    IncompletePiece {
        /// The piece's top-left cell.
        cell: Cell,
        /// The shape.
        shape: Shape,
    },
}

/// A piece on a layout: its shape and top-left cell.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Cell, Layout, Piece, Shape};
///
/// let layout = Layout::setting_sun();
/// let pieces = layout.pieces(); // row-major order of top-left cells
/// assert_eq!(pieces.len(), 10);
/// assert_eq!(pieces[1], Piece { cell: Cell::new(0, 1), shape: Shape::Sun });
/// assert_eq!(layout.piece_at(Cell::new(1, 2)), Some(pieces[1])); // any cell it covers
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The top-left cell.
    pub cell: Cell,
    /// The shape.
    pub shape: Shape,
}

/// A board with its pieces: the checked, user-facing form of a [`State`].
///
/// Pieces of one shape are interchangeable: two layouts are equal when the same shape
/// covers every cell. Pieces are listed in row-major order of their top-left cells; their
/// position in that list plus one is the piece ID the games show.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Cell, Direction, Layout, Metric};
///
/// let mut layout: Layout = "vBBv/vBBv/.hh./vssv/vssv".parse()?;
/// assert_eq!(layout, Layout::setting_sun());
/// assert_eq!(layout.compact_key(), Some(0x5225220d844a44a));
/// assert_eq!(layout.moves(Metric::Step).len(), 6);
/// layout.step(Cell::new(2, 1), Direction::Left)?;
/// assert_eq!(layout.to_string(), "vBBv/vBBv/hh../vssv/vssv");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    board: Board,
    state: State,
}

impl Layout {
    /// The Setting Sun start `vBBv/vBBv/.hh./vssv/vssv`.
    #[must_use]
    pub fn setting_sun() -> Self {
        Self::classic("vBBv/vBBv/.hh./vssv/vssv")
    }

    /// The Klotski ("横刀立马") start `vBBv/vBBv/vhhv/vssv/s..s`.
    #[must_use]
    pub fn klotski() -> Self {
        Self::classic("vBBv/vBBv/vhhv/vssv/s..s")
    }

    fn classic(picture: &str) -> Self {
        match picture.parse() {
            Ok(layout) => layout,
            Err(error) => unreachable!("built-in picture {picture}: {error}"),
        }
    }

    /// An empty layout on `board`.
    #[must_use]
    pub const fn empty(board: Board) -> Self {
        Self {
            board,
            state: State::EMPTY,
        }
    }

    pub(crate) const fn from_parts(board: Board, state: State) -> Self {
        Self { board, state }
    }

    /// Parses a shape-letter picture (see the crate docs).
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] with the line and column of the fault.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_setting_sun::{Layout, LayoutError, Shape};
    ///
    /// let stacked = Layout::parse("v.../v.../v.../v.../....")?;
    /// assert_eq!(stacked.count(Shape::Vertical), 2);
    /// assert!(matches!(
    ///     Layout::parse("B."),
    ///     Err(LayoutError::PieceOutOfBoard { line: 1, column: 1, .. })
    /// ));
    /// # Ok::<(), LayoutError>(())
    /// ```
    pub fn parse(picture: &str) -> Result<Self, LayoutError> {
        let mut body = picture.strip_suffix('\n').unwrap_or(picture);
        body = body.strip_suffix('\r').unwrap_or(body);
        let mut rows: Vec<Vec<char>> = Vec::new();
        for (number, line) in body.split(['/', '\n']).enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            let mut row = Vec::new();
            for (column, found) in line.chars().enumerate() {
                if found != '.' && Shape::from_letter(found).is_none() {
                    return Err(LayoutError::UnknownCharacter {
                        line: number + 1,
                        column: column + 1,
                        found,
                    });
                }
                if column >= MAX_CELLS {
                    return Err(BoardError::TooLarge {
                        height: number + 1,
                        width: line.chars().count(),
                    }
                    .into());
                }
                row.push(found);
            }
            if let Some(first) = rows.first()
                && first.len() != row.len()
            {
                return Err(LayoutError::RaggedRow {
                    line: number + 1,
                    expected: first.len(),
                    found: row.len(),
                });
            }
            if rows.len() >= MAX_CELLS {
                return Err(BoardError::TooLarge {
                    height: body.split(['/', '\n']).count(),
                    width: row.len(),
                }
                .into());
            }
            rows.push(row);
        }
        let (height, width) = (rows.len(), rows[0].len());
        if width == 0 {
            return Err(LayoutError::Empty);
        }
        let board = Board::new(height, width)?;
        let mut covered = vec![false; height * width];
        let mut state = State::EMPTY;
        for (row, letters) in rows.iter().enumerate() {
            for (column, &letter) in letters.iter().enumerate() {
                let Some(shape) = Shape::from_letter(letter) else {
                    continue;
                };
                if covered[row * width + column] {
                    continue;
                }
                let (sh, sw) = shape.size();
                let (sh, sw) = (usize::from(sh), usize::from(sw));
                if row + sh > height || column + sw > width {
                    return Err(LayoutError::PieceOutOfBoard {
                        line: row + 1,
                        column: column + 1,
                        shape,
                    });
                }
                for (r, c) in
                    (row..row + sh).flat_map(|r| (column..column + sw).map(move |c| (r, c)))
                {
                    let taken = covered[r * width + c];
                    if rows[r][c] != letter || taken {
                        return Err(LayoutError::IncompletePiece {
                            line: row + 1,
                            column: column + 1,
                            shape,
                            cell_line: r + 1,
                            cell_column: c + 1,
                            found: rows[r][c],
                            taken,
                        });
                    }
                    covered[r * width + c] = true;
                }
                // Rows and columns are below 64 here.
                state.insert(shape, (row * width + column) as u32);
            }
        }
        Ok(Self { board, state })
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The canonical state (the search key).
    #[must_use]
    pub const fn state(&self) -> &State {
        &self.state
    }

    /// The number of pieces of `shape`.
    #[must_use]
    pub const fn count(&self, shape: Shape) -> u32 {
        self.state.count(shape)
    }

    /// Adds a piece of `shape` with its top-left at `cell`.
    ///
    /// # Errors
    ///
    /// [`PlaceError::OutOfBoard`] or [`PlaceError::Overlap`]; the layout is unchanged.
    pub fn place(&mut self, shape: Shape, cell: Cell) -> Result<(), PlaceError> {
        if !self.board.fits(shape, cell) {
            return Err(PlaceError::OutOfBoard { shape, cell });
        }
        let index = self.board.index(cell);
        if self.board.footprint(shape, index) & self.board.occupied(&self.state) != 0 {
            return Err(PlaceError::Overlap { shape, cell });
        }
        self.state.insert(shape, index);
        Ok(())
    }

    /// The shape covering `cell` (`None` for an empty cell or one off the board).
    #[must_use]
    pub fn shape_at(&self, cell: Cell) -> Option<Shape> {
        self.piece_at(cell).map(|piece| piece.shape)
    }

    /// The piece covering `cell`.
    #[must_use]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        if !self.board.contains(cell) {
            return None;
        }
        let bit = 1u64 << self.board.index(cell);
        self.pieces().into_iter().find(|piece| {
            self.board
                .footprint(piece.shape, self.board.index(piece.cell))
                & bit
                != 0
        })
    }

    /// The piece whose top-left corner is `cell`.
    #[must_use]
    pub fn piece_with_top_left(&self, cell: Cell) -> Option<Piece> {
        if !self.board.contains(cell) {
            return None;
        }
        let bit = 1u64 << self.board.index(cell);
        Shape::ALL
            .into_iter()
            .find(|&shape| self.state.tops(shape) & bit != 0)
            .map(|shape| Piece { cell, shape })
    }

    /// The pieces in row-major order of their top-left cells (ID = index + 1).
    #[must_use]
    pub fn pieces(&self) -> Vec<Piece> {
        let all = Shape::ALL
            .iter()
            .fold(0, |all, &shape| all | self.state.tops(shape));
        let mut pieces = Vec::with_capacity(all.count_ones() as usize);
        let mut rest = all;
        while rest != 0 {
            let index = rest.trailing_zeros();
            rest &= rest - 1;
            let bit = 1u64 << index;
            if let Some(shape) = Shape::ALL
                .into_iter()
                .find(|&shape| self.state.tops(shape) & bit != 0)
            {
                pieces.push(Piece {
                    cell: self.board.cell(index),
                    shape,
                });
            }
        }
        pieces
    }

    /// Every legal move under `metric`: pieces in row-major order; per piece, directions
    /// up, down, left, right (slides nearest first), or for the piece metric every reachable
    /// top-left cell, nearest first, with a shortest path.
    #[must_use]
    pub fn moves(&self, metric: Metric) -> Vec<Move> {
        let mut moves = Vec::new();
        for piece in self.pieces() {
            let origin = self.board.index(piece.cell);
            let free = self.free_for(piece.shape, origin);
            match metric {
                Metric::Step => {
                    for direction in Direction::ALL {
                        if self.board.can_step(piece.shape, origin, direction, free) {
                            moves.push(Move::step(piece.cell, direction));
                        }
                    }
                }
                Metric::Slide => {
                    for direction in Direction::ALL {
                        let mut at = origin;
                        let mut count = 0;
                        while self.board.can_step(piece.shape, at, direction, free) {
                            at = at.wrapping_add_signed(self.board.step_delta(direction));
                            count += 1;
                            moves.extend(Move::slide(piece.cell, direction, count));
                        }
                    }
                }
                Metric::Piece => {
                    for (_, path) in self.shortest_paths(piece.shape, origin).into_iter().skip(1) {
                        moves.push(Move::new(piece.cell, path));
                    }
                }
            }
        }
        moves
    }

    /// Cells free for the piece of `shape` at `origin`: empty cells and its own.
    fn free_for(&self, shape: Shape, origin: u32) -> u64 {
        let board = &self.board;
        let all = if board.cells() == 64 {
            u64::MAX
        } else {
            (1 << board.cells()) - 1
        };
        (all & !board.occupied(&self.state)) | board.footprint(shape, origin)
    }

    /// Breadth-first flood fill of one piece: each reachable top-left index with a
    /// shortest path, in order of discovery (the origin first, with the empty path).
    fn shortest_paths(&self, shape: Shape, origin: u32) -> Vec<(u32, Path)> {
        let free = self.free_for(shape, origin);
        let mut found = vec![(origin, Path::EMPTY)];
        let mut seen = 1u64 << origin;
        let mut next = 0;
        while let Some(&(at, path)) = found.get(next) {
            next += 1;
            for direction in Direction::ALL {
                if self.board.can_step(shape, at, direction, free) {
                    let to = at.wrapping_add_signed(self.board.step_delta(direction));
                    if seen & (1 << to) == 0 {
                        seen |= 1 << to;
                        // A shortest path visits distinct cells, so it fits in a Path.
                        if let Some(longer) = path.push(direction) {
                            found.push((to, longer));
                        }
                    }
                }
            }
        }
        found
    }

    /// The move that turns this layout into `next` under `metric`, if one does.
    pub(crate) fn move_to(&self, next: &State, metric: Metric) -> Option<Move> {
        let shape = Shape::ALL
            .into_iter()
            .find(|&shape| self.state.tops(shape) != next.tops(shape))?;
        let (before, after) = (self.state.tops(shape), next.tops(shape));
        let from = (before & !after).trailing_zeros();
        let to = (after & !before).trailing_zeros();
        let (a, b) = (self.board.cell(from), self.board.cell(to));
        let path = match metric {
            Metric::Step | Metric::Slide => {
                let (direction, count) = if a.row() == b.row() {
                    if a.column() < b.column() {
                        (Direction::Right, b.column() - a.column())
                    } else {
                        (Direction::Left, a.column() - b.column())
                    }
                } else if a.row() < b.row() {
                    (Direction::Down, b.row() - a.row())
                } else {
                    (Direction::Up, a.row() - b.row())
                };
                Path::straight(direction, usize::from(count))?
            }
            Metric::Piece => {
                self.shortest_paths(shape, from)
                    .into_iter()
                    .find(|&(at, _)| at == to)?
                    .1
            }
        };
        Some(Move::new(a, path))
    }

    /// Plays `mv`: the piece with its top-left at `mv.from()` walks the path.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] when there is no such piece, the path is empty, a step is blocked
    /// or the piece ends where it started. The layout is then unchanged.
    pub fn play(&mut self, mv: &Move) -> Result<(), MoveError> {
        *self = self.after(mv)?;
        Ok(())
    }

    /// The layout after `mv`, leaving this one untouched.
    ///
    /// # Errors
    ///
    /// As [`play`](Self::play).
    pub fn after(&self, mv: &Move) -> Result<Self, MoveError> {
        let from = mv.from();
        let piece = self
            .piece_with_top_left(from)
            .ok_or(MoveError::NoPiece(from))?;
        let path = mv.path();
        if path.is_empty() {
            return Err(MoveError::EmptyPath(from));
        }
        let origin = self.board.index(from);
        let free = self.free_for(piece.shape, origin);
        let mut at = origin;
        for (done, direction) in path.iter().enumerate() {
            if !self.board.can_step(piece.shape, at, direction, free) {
                return Err(MoveError::Blocked {
                    from,
                    direction,
                    done,
                    path,
                });
            }
            at = at.wrapping_add_signed(self.board.step_delta(direction));
        }
        if at == origin {
            return Err(MoveError::NoChange { from, path });
        }
        let mut state = self.state;
        state.relocate(piece.shape, origin, at);
        Ok(Self::from_parts(self.board, state))
    }

    /// Moves the piece with its top-left at `from` one cell in `direction`.
    ///
    /// # Errors
    ///
    /// As [`play`](Self::play).
    pub fn step(&mut self, from: Cell, direction: Direction) -> Result<(), MoveError> {
        self.play(&Move::step(from, direction))
    }

    /// The canonical key: 3 bits per cell, row-major, first cell most significant (empty
    /// `000`, 1×1 `001`, 2×1 `010`, 1×2 `011`, 2×2 `100`); `None` above 21 cells.
    #[must_use]
    pub fn compact_key(&self) -> Option<u64> {
        self.board.compact_key(&self.state)
    }

    /// Decodes a [`compact_key`](Self::compact_key) on `board`, scanning cells top-left
    /// first and re-creating pieces.
    ///
    /// # Errors
    ///
    /// A [`KeyError`] when the board is too large for a key or the codes do not form
    /// whole pieces.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_setting_sun::{Board, Layout};
    ///
    /// let layout = Layout::from_compact_key(Board::CLASSIC, 0x5225220d844a44a)?;
    /// assert_eq!(layout, Layout::setting_sun());
    /// # Ok::<(), sokoengine_setting_sun::KeyError>(())
    /// ```
    pub fn from_compact_key(board: Board, key: u64) -> Result<Self, KeyError> {
        let cells = board.cells();
        if cells > MAX_KEY_CELLS {
            return Err(KeyError::BoardTooLarge {
                height: board.height(),
                width: board.width(),
            });
        }
        if cells < MAX_KEY_CELLS && key >> (3 * cells) != 0 {
            return Err(KeyError::ExtraBits { key, cells });
        }
        let code_at = |index: usize| (key >> (3 * (cells - 1 - index)) & 7) as u8;
        let mut layout = Self::empty(board);
        let mut covered = 0u64;
        for index in 0..cells {
            let cell = board.cell(index as u32);
            let code = code_at(index);
            if code == 0 || covered & (1 << index) != 0 {
                continue;
            }
            let shape = Shape::from_code(code).ok_or(KeyError::InvalidCode { cell, code })?;
            let incomplete = KeyError::IncompletePiece { cell, shape };
            if !board.fits(shape, cell) {
                return Err(incomplete);
            }
            let mut footprint = board.footprint(shape, index as u32);
            if footprint & covered != 0 {
                return Err(incomplete);
            }
            covered |= footprint;
            while footprint != 0 {
                if code_at(footprint.trailing_zeros() as usize) != code {
                    return Err(incomplete);
                }
                footprint &= footprint - 1;
            }
            layout.state.insert(shape, index as u32);
        }
        Ok(layout)
    }

    /// The layout mirrored left-right.
    #[must_use]
    pub fn mirror_left_right(&self) -> Self {
        Self::from_parts(self.board, self.board.mirror_left_right(&self.state))
    }

    /// The layout mirrored up-down.
    #[must_use]
    pub fn mirror_up_down(&self) -> Self {
        Self::from_parts(self.board, self.board.mirror_up_down(&self.state))
    }

    /// A plain grid of piece IDs (row-major order of top-left cells, from 1), one row per
    /// line, each cell right-aligned in 2 characters and separated by a space; `.` for
    /// empty cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_setting_sun::Layout;
    ///
    /// let grid = Layout::setting_sun().id_grid();
    /// assert_eq!(grid.lines().nth(2), Some(" .  4  4  ."));
    /// ```
    #[must_use]
    pub fn id_grid(&self) -> String {
        let numbers: Vec<usize> = (1..=self.pieces().len()).collect();
        self.numbered_grid(&numbers)
    }

    /// The grid of [`Layout::id_grid`] with each piece labelled by a number of the
    /// caller's: `numbers[i]` for the `i`-th piece of [`Layout::pieces`] (row-major
    /// order). A front end that names pieces by their number in the start picture
    /// keeps those numbers as the pieces move. A piece without a number (or numbered
    /// 0) shows as `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_setting_sun::{Cell, Direction, Layout};
    ///
    /// let mut layout = Layout::parse("hh./s..")?;
    /// layout.step(Cell::new(0, 0), Direction::Right)?;
    /// assert_eq!(layout.id_grid(), " .  1  1\n 2  .  .\n");
    /// assert_eq!(layout.numbered_grid(&[7, 3]), " .  7  7\n 3  .  .\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn numbered_grid(&self, numbers: &[usize]) -> String {
        let width = self.board.width();
        let mut ids = vec![0usize; self.board.cells()];
        for (index, piece) in self.pieces().iter().enumerate() {
            // `usize::MAX` marks a piece without a number.
            let label = match numbers.get(index) {
                Some(&number) if number > 0 => number,
                _ => usize::MAX,
            };
            let mut cells = self
                .board
                .footprint(piece.shape, self.board.index(piece.cell));
            while cells != 0 {
                ids[cells.trailing_zeros() as usize] = label;
                cells &= cells - 1;
            }
        }
        let mut text = String::new();
        for (index, id) in ids.iter().enumerate() {
            if index % width != 0 {
                text.push(' ');
            }
            if *id == 0 {
                text.push_str(" .");
            } else if *id == usize::MAX {
                text.push_str(" ?");
            } else {
                text.push_str(&format!("{id:>2}"));
            }
            if index % width == width - 1 {
                text.push('\n');
            }
        }
        text
    }
}

impl fmt::Display for Layout {
    /// The shape-letter picture, rows separated by `/` (by line breaks with `{:#}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if f.alternate() { '\n' } else { '/' };
        let width = self.board.width();
        for (index, shape) in self.board.shape_grid(&self.state).iter().enumerate() {
            if index > 0 && index % width == 0 {
                write!(f, "{separator}")?;
            }
            write!(f, "{}", shape.map_or('.', |shape| shape.letter()))?;
        }
        Ok(())
    }
}

impl FromStr for Layout {
    type Err = LayoutError;

    fn from_str(picture: &str) -> Result<Self, Self::Err> {
        Self::parse(picture)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Layout {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Layout {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let picture = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Self::parse(&picture).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "serde")]
    #[test]
    fn serde_uses_the_picture() {
        let layout = Layout::klotski();
        let json = serde_json::to_string(&layout).unwrap();
        assert_eq!(json, "\"vBBv/vBBv/vhhv/vssv/s..s\"");
        assert_eq!(serde_json::from_str::<Layout>(&json).unwrap(), layout);
        assert!(serde_json::from_str::<Layout>("\"B.\"").is_err());
        let piece = layout.pieces()[1];
        let json = serde_json::to_string(&piece).unwrap();
        assert_eq!(serde_json::from_str::<Piece>(&json).unwrap(), piece);
    }

    #[test]
    fn classic_round_trip() {
        let layout = Layout::setting_sun();
        assert_eq!(layout.to_string(), "vBBv/vBBv/.hh./vssv/vssv");
        assert_eq!(
            format!("{layout:#}"),
            "vBBv\nvBBv\n.hh.\nvssv\nvssv".to_owned()
        );
        assert_eq!(layout.pieces().len(), 10);
        assert_eq!(layout.compact_key(), Some(369_948_420_418_610_250));
    }

    #[test]
    fn newline_picture_with_trailing_newline() {
        let layout = Layout::parse("vBBv\r\nvBBv\r\nvhhv\r\nvssv\r\ns..s\r\n").unwrap();
        assert_eq!(layout, Layout::klotski());
    }

    #[test]
    fn taken_cell_is_an_error() {
        assert_eq!(
            Layout::parse(".BB./BBB./BB.."),
            Err(LayoutError::IncompletePiece {
                line: 2,
                column: 1,
                shape: Shape::Sun,
                cell_line: 2,
                cell_column: 2,
                found: 'B',
                taken: true,
            })
        );
    }

    #[test]
    fn piece_ids_follow_scan_order() {
        let layout = Layout::setting_sun();
        let pieces = layout.pieces();
        assert_eq!(
            pieces[1],
            Piece {
                cell: Cell::new(0, 1),
                shape: Shape::Sun
            }
        );
        assert_eq!(layout.piece_at(Cell::new(1, 2)), Some(pieces[1]));
        assert_eq!(layout.piece_at(Cell::new(2, 0)), None);
        assert_eq!(layout.piece_with_top_left(Cell::new(1, 2)), None);
    }

    #[test]
    fn move_errors_leave_the_layout() {
        let mut layout = Layout::setting_sun();
        let before = layout;
        assert_eq!(
            layout.step(Cell::new(2, 0), Direction::Up),
            Err(MoveError::NoPiece(Cell::new(2, 0)))
        );
        assert!(matches!(
            layout.step(Cell::new(0, 1), Direction::Down),
            Err(MoveError::Blocked { done: 0, .. })
        ));
        let back = Move::new(
            Cell::new(2, 1),
            Path::from_directions([Direction::Left, Direction::Right]).unwrap(),
        );
        assert!(matches!(
            layout.play(&back),
            Err(MoveError::NoChange { .. })
        ));
        assert_eq!(layout, before);
    }
}
