//! The compact core: one board, one pusher, cells as bytes, and the rules of
//! movement (walk, push, pull) in one place.
//!
//! [`CompactBoard`] is the static part, built once per board: the *active* area (what
//! the pusher can reach when boxes do not block; everything else is wall) on a grid
//! padded with walls, and the neighbour rule of the tessellation as a table of
//! position offsets per tile class. [`Position`] is the dynamic part: a byte per cell
//! (wall, box, goal) and the pusher. Cells are [`CompactCell`]s, indices in the padded
//! grid, a type apart from the [`BoardPosition`] of a cell on the board
//! ([`CompactBoard::cell_of`] and [`CompactBoard::board_position`] convert from and to
//! board positions); the order of cells is the board's row-major order. Every method
//! that takes a cell takes `impl Into<CompactCell>`, so a plain index still does.
//!
//! The rule of a step lives here once: [`forward_step`] and [`reverse_step`] say
//! what a step does (blocked, walk, push, pull) on any board that answers the few
//! questions of [`StepCells`]. [`Position`] and [`Walk`] apply it to the compact
//! cells; the Mover applies it to board cells with a neighbour table
//! ([`TableCells`]) on its fast path and to the [`BoardGraph`] on its checked path,
//! around its own bookkeeping (piece IDs, hash, undo, error texts). The metrics
//! verifier replays solutions on the compact core and the solver generates pushes
//! and pulls with it, so all of them obey the same rules.
//!
//! ```
//! use sokoengine_board::{CompactBoard, Puzzle};
//! use sokoengine_geometry::{Direction, Tessellation};
//!
//! let puzzle = Puzzle::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
//! let board = CompactBoard::new(&puzzle)?;
//! let mut position = board.start();
//! let moved = position.step(Direction::Right)?;
//! assert!(moved.pushed.is_some());
//! let pushed = position.push(board.cell_of(9).unwrap(), Direction::Right)?;
//! assert_eq!(board.board_position(pushed).index(), 10);
//! assert!(position.is_solved());
//! // A pull is the inverse of a push.
//! let pulled = position.pull(Direction::Left)?;
//! assert!(pulled.pulled.is_some() && pulled.pushed.is_none());
//! assert_eq!(board.board_position(position.pusher()).index(), 8);
//! assert!(!position.is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use sokoengine_geometry::{Direction, Tessellation, TileShape};

use crate::{BoardCell, BoardGraph, BoardPosition, Puzzle};

/// A cell of a [`CompactBoard`]: its index in the board's grid padded with walls, 32 bits
/// (padded grids have at most 4100 × 4100 cells), so that tables of cells take half the
/// memory of `usize`s. A type apart from the [`BoardPosition`] of the same cell on the
/// board ([`CompactBoard::cell_of`], [`CompactBoard::board_position`]).
///
/// [`CompactCell::NONE`] is "no cell", for tables that would otherwise hold an
/// `Option<CompactCell>` at twice the size. It is off every grid: the compact core
/// answers for it as for any index off its grid (a wall, no neighbour). `From<u32>` and
/// `From<usize>` turn a plain index into a cell; an index beyond 32 bits is off every
/// grid too and becomes `NONE`.
///
/// ```
/// use sokoengine_board::CompactCell;
///
/// let cell = CompactCell::new(17);
/// assert_eq!((cell.index(), u32::from(cell), usize::from(cell)), (17, 17, 17));
/// assert_eq!(CompactCell::from(17_usize), cell);
/// assert!(CompactCell::NONE.is_none() && !cell.is_none());
/// assert_eq!(CompactCell::from(usize::MAX), CompactCell::NONE);
/// assert_eq!(cell.to_string(), "17");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct CompactCell(u32);

impl CompactCell {
    /// No cell: off every grid.
    pub const NONE: CompactCell = CompactCell(u32::MAX);

    /// The cell of index `index`.
    #[inline]
    pub const fn new(index: u32) -> CompactCell {
        CompactCell(index)
    }

    /// The index, for indexing a table of the grid's cells.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as stored.
    #[inline]
    pub const fn get(self) -> u32 {
        self.0
    }

    /// The cell of a grid index (below 4100 × 4100).
    #[inline(always)]
    const fn at(index: usize) -> CompactCell {
        CompactCell(index as u32)
    }

    /// Whether this is [`CompactCell::NONE`].
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == u32::MAX
    }

    /// The cell `offset` cells away. Only for offsets that stay on the grid (a
    /// neighbour of an active cell).
    #[inline(always)]
    const fn offset(self, offset: isize) -> CompactCell {
        // A 32-bit add: the offset is small, and the cell stays 32 bits wide (no
        // truncation of a 64-bit sum before the next index).
        CompactCell(self.0.wrapping_add(offset as u32))
    }
}

impl From<u32> for CompactCell {
    #[inline]
    fn from(index: u32) -> CompactCell {
        CompactCell(index)
    }
}

impl From<usize> for CompactCell {
    /// The cell of index `index`; [`CompactCell::NONE`] from `u32::MAX` on (off every
    /// grid, as `index` is).
    #[inline]
    fn from(index: usize) -> CompactCell {
        CompactCell(u32::try_from(index).unwrap_or(u32::MAX))
    }
}

impl From<CompactCell> for u32 {
    #[inline]
    fn from(cell: CompactCell) -> u32 {
        cell.0
    }
}

impl From<CompactCell> for usize {
    #[inline]
    fn from(cell: CompactCell) -> usize {
        cell.0 as usize
    }
}

impl fmt::Display for CompactCell {
    /// The index.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// A wall, or a cell outside the active area.
const WALL: u8 = 1;
/// A box.
const BOX: u8 = 2;
/// A goal.
const GOAL: u8 = 4;
/// The cell's tile class: odd Hexoban row, Trioban down triangle, Octoban octagon.
const ODD_TILE: u8 = 8;

/// Marks the pusher's cells while the compact board is built.
const PUSHER_MARK: u8 = 32;

/// The compact flags of a cell, with [`PUSHER_MARK`] on a pusher's.
const fn compact_flags(cell: BoardCell) -> u8 {
    let flags = if cell.is_wall() {
        WALL
    } else {
        (cell.has_box() as u8 * BOX) | (cell.has_goal() as u8 * GOAL)
    };
    flags | (cell.has_pusher() as u8 * PUSHER_MARK)
}

/// [`compact_flags`] of each board character ([`BoardCell::from_byte`]; others are
/// floor, as [`Puzzle::cells`] reads them).
static CELL_FLAGS: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = compact_flags(match BoardCell::from_byte(byte as u8) {
            Some(cell) => cell,
            None => BoardCell::FLOOR,
        });
        byte += 1;
    }
    table
};

/// Marks the cells the pusher reaches while the active area is computed (never
/// set outside [`CompactBoard::keep_active_area`]).
const REACHED: u8 = 16;

/// Wall cells added around the board: two keep every tile's class (Hexoban row
/// parity, Trioban and Octoban shapes), and one step from any active cell stays on
/// the padded grid, so neighbours need no bounds arithmetic.
const PAD: usize = 2;

/// A board the compact core cannot model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CompactBoardError {
    /// The board has no pusher.
    #[error("The board has no pusher!")]
    NoPusher,
    /// The board has several pushers; the compact core models one.
    #[error("The board has {count} pushers; the compact board models exactly one!")]
    SeveralPushers {
        /// How many pushers the board has.
        count: usize,
    },
}

/// Why a step, push or pull cannot be taken. The position is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Blocked {
    /// The pusher would walk into a wall, a box it cannot push, or off the board
    /// (or along a direction that leads nowhere from its tile).
    #[error("blocked move in direction {}", direction.qualified_name())]
    Move {
        /// The direction of the step.
        direction: Direction,
    },
    /// The box would move into a wall, another box or off the board, or there is
    /// no box to push or pull.
    #[error("blocked push in direction {}", direction.qualified_name())]
    Push {
        /// The direction of the step.
        direction: Direction,
    },
}

/// A step that was taken (or planned): where the pusher went and the box it moved, if
/// any, named by how it moved. At most one of `pushed` and `pulled` is set: a forward
/// step ([`forward_step`]) pushes, a reverse step ([`reverse_step`]) pulls.
///
/// `C` is how the board names its cells: [`CompactCell`] on the compact core,
/// [`BoardPosition`] on board cells ([`TableCells`], [`BoardGraph`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Moved<C = CompactCell> {
    /// The pusher's new cell.
    pub target: C,
    /// A push: the box's move, the cell it left (the pusher's new cell) and the cell
    /// it entered.
    pub pushed: Option<(C, C)>,
    /// A pull: the box's move, the cell it left (behind the pusher) and the cell it
    /// entered (the pusher's old cell).
    pub pulled: Option<(C, C)>,
}

impl Moved<usize> {
    /// The cells of a step planned on [`CompactCells`] (indices of the grid).
    #[inline(always)]
    const fn cells(self) -> Moved {
        const fn pair(pair: Option<(usize, usize)>) -> Option<(CompactCell, CompactCell)> {
            match pair {
                Some((from, to)) => Some((CompactCell::at(from), CompactCell::at(to))),
                None => None,
            }
        }
        Moved {
            target: CompactCell::at(self.target),
            pushed: pair(self.pushed),
            pulled: pair(self.pulled),
        }
    }
}

impl<C: Copy> Moved<C> {
    /// A walk onto `target`: no box moved.
    #[inline(always)]
    pub const fn walk(target: C) -> Moved<C> {
        Moved {
            target,
            pushed: None,
            pulled: None,
        }
    }

    /// The box's move, pushed or pulled (the cell it left and the cell it entered).
    #[inline(always)]
    pub const fn box_move(&self) -> Option<(C, C)> {
        match (self.pushed, self.pulled) {
            (Some(pushed), _) => Some(pushed),
            (None, pulled) => pulled,
        }
    }
}

/// The static part of a compact board: active area, goals, the start position and
/// the neighbour rule. See the [module documentation](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompactBoard {
    tessellation: Tessellation,
    width: usize,
    height: usize,
    stride: usize,
    /// Cell offset of each direction per tile class; `0` = leads nowhere.
    offsets: [[isize; 8]; 2],
    /// Flags of the start position.
    start: Vec<u8>,
    pusher: CompactCell,
    boxes_off_goal: u32,
    active_cells: usize,
}

impl CompactBoard {
    /// The compact board of `puzzle`.
    ///
    /// # Errors
    ///
    /// [`CompactBoardError`] unless the board has exactly one pusher.
    pub fn new(puzzle: &Puzzle) -> Result<CompactBoard, CompactBoardError> {
        CompactBoard::from_rows(
            puzzle.tessellation(),
            puzzle.width(),
            puzzle.height(),
            puzzle.cell_bytes(),
            |byte| CELL_FLAGS[usize::from(byte)],
        )
    }

    /// The compact board of `graph`'s cells.
    ///
    /// # Errors
    ///
    /// As [`CompactBoard::new`].
    pub fn from_graph(graph: &BoardGraph) -> Result<CompactBoard, CompactBoardError> {
        CompactBoard::from_rows(
            graph.tessellation(),
            graph.width(),
            graph.height(),
            graph.cells(),
            compact_flags,
        )
    }

    /// The compact board of `width × height` cells (row-major; missing cells are
    /// walls), each turned into its flags by `flags_of` (with [`PUSHER_MARK`]). Both
    /// sides are at most 4096, as for every board of this crate.
    fn from_rows<T: Copy>(
        tessellation: Tessellation,
        width: usize,
        height: usize,
        cells: &[T],
        flags_of: impl Fn(T) -> u8,
    ) -> Result<CompactBoard, CompactBoardError> {
        let stride = width + 2 * PAD;
        let rows = height + 2 * PAD;
        let mut offsets = [[0_isize; 8]; 2];
        // One representative cell per class, far enough from the padded edges.
        for (x, y) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
            let class = usize::from(tile_class(tessellation, x, y) != 0);
            for &direction in tessellation.legal_directions() {
                if let Some((nx, ny)) =
                    tessellation.neighbor_xy(x, y, direction, stride.max(6), rows.max(6))
                {
                    let from = (y * stride + x) as isize;
                    offsets[class][direction.index()] = (ny * stride + nx) as isize - from;
                }
            }
        }
        let mut start = vec![WALL; stride * rows];
        if width > 0 {
            // Row by row: a table look-up a cell, no division.
            for (padded_row, row) in start
                .chunks_exact_mut(stride)
                .skip(PAD)
                .zip(cells.chunks(width).take(height))
            {
                for (flags, &cell) in padded_row[PAD..PAD + width].iter_mut().zip(row) {
                    *flags = flags_of(cell);
                }
            }
        }
        let pushers = start
            .iter()
            .map(|&flags| usize::from(flags & PUSHER_MARK != 0))
            .sum();
        let pusher = start
            .iter()
            .position(|&flags| flags & PUSHER_MARK != 0)
            .unwrap_or(0);
        if let Some(flags) = start.get_mut(pusher) {
            *flags &= !PUSHER_MARK;
        }
        match pushers {
            0 => return Err(CompactBoardError::NoPusher),
            1 => {}
            count => return Err(CompactBoardError::SeveralPushers { count }),
        }
        let mut board = CompactBoard {
            tessellation,
            width,
            height,
            stride,
            offsets,
            start,
            pusher: CompactCell::from(pusher),
            boxes_off_goal: 0,
            active_cells: 0,
        };
        board.keep_active_area();
        Ok(board)
    }

    /// Turns every cell the pusher cannot reach (boxes not blocking) into wall,
    /// marks the tile class of the others, and counts them and the boxes off goal.
    fn keep_active_area(&mut self) {
        // Each class's directions that lead somewhere.
        let mut steps = [[0_isize; 8]; 2];
        let mut counts = [0; 2];
        for (class, offsets) in self.offsets.iter().enumerate() {
            for &offset in offsets.iter().filter(|&&offset| offset != 0) {
                steps[class][counts[class]] = offset;
                counts[class] += 1;
            }
        }
        // u32 keeps the worst case (a 4096 × 4096 open board) at 4 bytes a cell.
        let mut pending = Vec::with_capacity(64);
        pending.push(self.pusher.get());
        let start = &mut self.start[..];
        start[self.pusher.index()] |= REACHED;
        // Tile classes cost two divisions a cell: only where there are some.
        let classes = has_tile_classes(self.tessellation);
        while let Some(cell) = pending.pop() {
            let cell = cell as usize;
            let class = usize::from(
                classes
                    && tile_class(self.tessellation, cell % self.stride, cell / self.stride) != 0,
            );
            for &offset in &steps[class][..counts[class]] {
                // Non-wall cells lie inside the padding, so their neighbours are on the grid.
                let next = cell.wrapping_add_signed(offset);
                if start[next] & (WALL | REACHED) == 0 {
                    start[next] |= REACHED;
                    // Padded boards have at most 4100 × 4100 cells.
                    pending.push(next as u32);
                }
            }
        }
        // Unreached cells become walls, reached ones lose their mark, and both are
        // counted: eight cells at a time, without branches.
        const ONES: u64 = u64::from_le_bytes([1; 8]);
        let reached_in = |word: u64| (word >> REACHED.trailing_zeros()) & ONES;
        let (mut active, mut off_goal) = (0, 0);
        let mut chunks = start.chunks_exact_mut(8);
        for chunk in &mut chunks {
            let mut bytes = [0; 8];
            bytes.copy_from_slice(chunk);
            let word = u64::from_le_bytes(bytes);
            let reached = reached_in(word);
            let boxes = (word >> BOX.trailing_zeros()) & ONES;
            let goals = (word >> GOAL.trailing_zeros()) & ONES;
            active += reached.count_ones();
            off_goal += (reached & boxes & !goals).count_ones();
            // 0xff in the bytes of reached cells (no carry: each byte is 0 or 1).
            let keep = reached * 0xff;
            let word =
                (word & keep & !(ONES * u64::from(REACHED))) | ((ONES * u64::from(WALL)) & !keep);
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        for flags in chunks.into_remainder() {
            let reached = *flags & REACHED != 0;
            active += u32::from(reached);
            off_goal += u32::from(*flags & (REACHED | BOX | GOAL) == REACHED | BOX);
            *flags = if reached { *flags & !REACHED } else { WALL };
        }
        if classes {
            for (cell, flags) in start.iter_mut().enumerate() {
                if *flags & WALL == 0 {
                    *flags |= tile_class(self.tessellation, cell % self.stride, cell / self.stride);
                }
            }
        }
        self.active_cells = active as usize;
        self.boxes_off_goal = off_goal;
    }

    /// The tessellation of the board.
    pub const fn tessellation(&self) -> Tessellation {
        self.tessellation
    }

    /// The board's width (unpadded).
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The board's height (unpadded).
    pub const fn height(&self) -> usize {
        self.height
    }

    /// The number of cells of the padded grid: every cell index is below it.
    pub fn cells_len(&self) -> usize {
        self.start.len()
    }

    /// How many cells are active (the pusher's flood fill with boxes not blocking).
    pub const fn active_cells(&self) -> usize {
        self.active_cells
    }

    /// The cell of board position `position`, or `None` off the board.
    pub fn cell_of(&self, position: impl Into<BoardPosition>) -> Option<CompactCell> {
        self.padded_cell(position.into().index())
    }

    const fn padded_cell(&self, position: usize) -> Option<CompactCell> {
        if self.width == 0 || position >= self.width * self.height {
            return None;
        }
        // Padded grids have at most 4100 × 4100 cells.
        let cell = (position / self.width + PAD) * self.stride + position % self.width + PAD;
        Some(CompactCell(cell as u32))
    }

    /// The board position of an on-board `cell` (every active cell is on the
    /// board). Cells of the padding give positions off the board.
    pub fn board_position(&self, cell: impl Into<CompactCell>) -> BoardPosition {
        let cell = cell.into().index();
        let (row, column) = (cell / self.stride, cell % self.stride);
        BoardPosition::new(row.saturating_sub(PAD) * self.width + column.saturating_sub(PAD))
    }

    /// Whether `cell` is active: the pusher reaches it when boxes do not block.
    pub fn is_active(&self, cell: impl Into<CompactCell>) -> bool {
        self.start
            .get(cell.into().index())
            .is_some_and(|&flags| flags & WALL == 0)
    }

    /// Whether `cell` is an active goal.
    pub fn is_goal(&self, cell: impl Into<CompactCell>) -> bool {
        self.start
            .get(cell.into().index())
            .is_some_and(|&flags| flags & (WALL | GOAL) == GOAL)
    }

    /// The cells whose flags pass `keep`, in board order.
    fn cells_where(&self, keep: fn(u8) -> bool) -> impl Iterator<Item = CompactCell> + '_ {
        self.start
            .iter()
            .enumerate()
            .filter(move |&(_, &flags)| keep(flags))
            // Padded grids have at most 4100 × 4100 cells.
            .map(|(cell, _)| CompactCell(cell as u32))
    }

    /// The active cells in board order.
    pub fn active(&self) -> impl Iterator<Item = CompactCell> + '_ {
        self.cells_where(|flags| flags & WALL == 0)
    }

    /// The active goals in board order.
    pub fn goals(&self) -> impl Iterator<Item = CompactCell> + '_ {
        self.cells_where(|flags| flags & (WALL | GOAL) == GOAL)
    }

    /// The active boxes of the start position in board order.
    pub fn start_boxes(&self) -> impl Iterator<Item = CompactCell> + '_ {
        self.cells_where(|flags| flags & (WALL | BOX) == BOX)
    }

    /// The pusher's cell at the start.
    pub const fn start_pusher(&self) -> CompactCell {
        self.pusher
    }

    /// How many active boxes stand off a goal at the start.
    pub const fn boxes_off_goal(&self) -> u32 {
        self.boxes_off_goal
    }

    /// The neighbour of an active `cell` in `direction`, or `None` when the
    /// direction leads nowhere from its tile or into a wall. Inactive cells have no
    /// neighbours.
    #[inline]
    pub fn neighbor(
        &self,
        cell: impl Into<CompactCell>,
        direction: Direction,
    ) -> Option<CompactCell> {
        let cell = cell.into();
        let flags = *self.start.get(cell.index())?;
        if flags & WALL != 0 {
            return None;
        }
        let offset = self.offsets[usize::from(flags & ODD_TILE != 0)][direction.index()];
        let next = cell.offset(offset);
        (offset != 0 && self.start[next.index()] & WALL == 0).then_some(next)
    }

    /// The start position.
    pub fn start(&self) -> Position {
        Position {
            cells: self.start.clone(),
            pusher: self.pusher,
            boxes_off_goal: self.boxes_off_goal,
            offsets: self.offsets,
            uniform: !has_tile_classes(self.tessellation),
        }
    }

    /// The active goals and the start pusher with no box anywhere: the floor on which
    /// a solver places boxes of its own.
    pub fn empty(&self) -> Position {
        let mut position = self.start();
        for flags in &mut position.cells {
            *flags &= !BOX;
        }
        position.boxes_off_goal = 0;
        position
    }

    /// Resets `position` (of this board) to the start position without allocating.
    ///
    /// # Panics
    ///
    /// When `position` belongs to a board with another grid size.
    pub fn reset(&self, position: &mut Position) {
        position.cells.copy_from_slice(&self.start);
        position.pusher = self.pusher;
        position.boxes_off_goal = self.boxes_off_goal;
    }
}

/// Whether some tiles of `tessellation` have other neighbours than class 0's.
const fn has_tile_classes(tessellation: Tessellation) -> bool {
    !matches!(tessellation, Tessellation::Sokoban)
}

/// `ODD_TILE` for the tiles whose neighbours differ from class 0's.
const fn tile_class(tessellation: Tessellation, x: usize, y: usize) -> u8 {
    let odd = match tessellation {
        Tessellation::Sokoban => false,
        Tessellation::Hexoban => y % 2 == 1,
        Tessellation::Trioban | Tessellation::Octoban => {
            !matches!(tessellation.tile_shape_xy(x, y), TileShape::Default)
        }
    };
    if odd { ODD_TILE } else { 0 }
}

/// A position on a [`CompactBoard`]: a flag byte per cell and the pusher.
///
/// The checked operations ([`step`](Position::step), [`push`](Position::push),
/// [`pull`](Position::pull)) leave the position unchanged when blocked. Pushes and
/// pulls move a box next to its cell whatever the pusher's distance: whether the
/// pusher can get behind the box is a question of reachability
/// ([`Position::reachable_into`]), which searches ask once per position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    cells: Vec<u8>,
    pusher: CompactCell,
    boxes_off_goal: u32,
    offsets: [[isize; 8]; 2],
    /// Every tile has the neighbours of class 0 (Sokoban): a step then needs no look
    /// at its cell's class, one memory access less on the path from cell to cell.
    uniform: bool,
}

impl Position {
    /// The pusher's cell.
    #[inline]
    pub const fn pusher(&self) -> CompactCell {
        self.pusher
    }

    /// Puts the pusher on `cell`, which must be free (active, no box).
    ///
    /// # Errors
    ///
    /// [`Blocked::Move`] (direction [`Direction::Up`]: no direction applies) when
    /// `cell` is a wall, holds a box or is not on the grid.
    pub fn set_pusher(&mut self, cell: impl Into<CompactCell>) -> Result<(), Blocked> {
        let cell = cell.into();
        if !self.is_free(cell) {
            return Err(Blocked::Move {
                direction: Direction::Up,
            });
        }
        self.pusher = cell;
        Ok(())
    }

    /// How many boxes stand off a goal.
    #[inline]
    pub const fn boxes_off_goal(&self) -> u32 {
        self.boxes_off_goal
    }

    /// Whether no box is off a goal.
    #[inline]
    pub const fn is_solved(&self) -> bool {
        self.boxes_off_goal == 0
    }

    /// The flags of `cell`, `None` off the grid.
    #[inline(always)]
    fn flags(&self, cell: impl Into<CompactCell>) -> Option<u8> {
        self.cells.get(cell.into().index()).copied()
    }

    /// Whether `cell` is a wall (or inactive, or off the grid).
    #[inline]
    pub fn is_wall(&self, cell: impl Into<CompactCell>) -> bool {
        self.flags(cell).is_none_or(|flags| flags & WALL != 0)
    }

    /// Whether a box stands on `cell`.
    #[inline]
    pub fn has_box(&self, cell: impl Into<CompactCell>) -> bool {
        self.flags(cell).is_some_and(|flags| flags & BOX != 0)
    }

    /// Whether `cell` is a goal.
    #[inline]
    pub fn is_goal(&self, cell: impl Into<CompactCell>) -> bool {
        self.flags(cell)
            .is_some_and(|flags| flags & (WALL | GOAL) == GOAL)
    }

    /// Whether `cell` is active and holds no box.
    #[inline]
    pub fn is_free(&self, cell: impl Into<CompactCell>) -> bool {
        self.flags(cell)
            .is_some_and(|flags| flags & (WALL | BOX) == 0)
    }

    /// The neighbour of an active `cell` in `direction` (wall or not), or `None`
    /// when the direction leads nowhere from its tile or `cell` is not active.
    #[inline]
    pub fn neighbor(
        &self,
        cell: impl Into<CompactCell>,
        direction: Direction,
    ) -> Option<CompactCell> {
        let cell = cell.into();
        let flags = self.flags(cell)?;
        if flags & WALL != 0 {
            return None;
        }
        let offset = self.offsets[usize::from(flags & ODD_TILE != 0)][direction.index()];
        (offset != 0).then(|| cell.offset(offset))
    }

    /// This position's cells as the rule of a step reads them.
    #[inline(always)]
    fn step_cells(&self) -> CompactCells<'_> {
        CompactCells {
            cells: &self.cells,
            offsets: &self.offsets,
            uniform: self.uniform,
        }
    }

    /// Puts a box on the free active `cell`.
    ///
    /// # Errors
    ///
    /// [`Blocked::Push`] (direction [`Direction::Up`]) when `cell` is not free or is
    /// the pusher's cell.
    pub fn put_box(&mut self, cell: impl Into<CompactCell>) -> Result<(), Blocked> {
        let cell = cell.into();
        if !self.is_free(cell) || cell == self.pusher {
            return Err(Blocked::Push {
                direction: Direction::Up,
            });
        }
        let flags = &mut self.cells[cell.index()];
        *flags |= BOX;
        self.boxes_off_goal += u32::from(*flags & GOAL == 0);
        Ok(())
    }

    /// Removes the box of `cell`; returns whether there was one.
    pub fn remove_box(&mut self, cell: impl Into<CompactCell>) -> bool {
        match self.cells.get_mut(cell.into().index()) {
            Some(flags) if *flags & BOX != 0 => {
                *flags &= !BOX;
                self.boxes_off_goal -= u32::from(*flags & GOAL == 0);
                true
            }
            _ => false,
        }
    }

    /// Takes one step in `direction`: a push when a box is in the way (and can
    /// move), otherwise a walk. This is the rule every replay of a solution uses.
    ///
    /// # Errors
    ///
    /// [`Blocked`] when the step is illegal; the position is unchanged.
    #[inline(always)]
    pub fn step(&mut self, direction: Direction) -> Result<Moved, Blocked> {
        self.walk().step(direction)
    }

    /// What [`Position::step`] in `direction` would do, without doing it.
    ///
    /// # Errors
    ///
    /// [`Blocked`] when the step is illegal.
    #[inline]
    pub fn plan_step(&self, direction: Direction) -> Result<Moved, Blocked> {
        forward_step(
            &self.step_cells(),
            self.pusher.index(),
            direction,
            BoxRule::Auto,
        )
        .map(Moved::cells)
        .map_err(|kind| kind.toward(direction))
    }

    /// This position, borrowed for a run of [`Walk::step`]s: the pusher and the
    /// count of boxes off goal are held by the walk (in registers, in a replay's
    /// loop) and written back when it ends.
    ///
    /// ```
    /// use sokoengine_board::{CompactBoard, Puzzle};
    /// use sokoengine_geometry::{Direction, Tessellation};
    ///
    /// let puzzle = Puzzle::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
    /// let board = CompactBoard::new(&puzzle)?;
    /// let mut position = board.start();
    /// let mut walk = position.walk();
    /// for _ in 0..2 {
    ///     walk.step(Direction::Right)?;
    /// }
    /// assert!(walk.is_solved());
    /// drop(walk);
    /// assert_eq!(board.board_position(position.pusher()).index(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn walk(&mut self) -> Walk<'_> {
        let Position {
            cells,
            pusher,
            boxes_off_goal,
            offsets,
            uniform,
        } = self;
        Walk {
            pusher: pusher.index(),
            boxes_off_goal: *boxes_off_goal,
            cells,
            // A copy: the caller's frame holds it, not a register.
            offsets: *offsets,
            uniform: *uniform,
            pusher_home: pusher,
            boxes_home: boxes_off_goal,
        }
    }

    /// Where the box on `cell` would go when pushed in `direction`, or `None` when
    /// there is no box or the push is blocked (wall, box, or no neighbour). Whether
    /// the pusher can reach the cell behind the box is not checked.
    #[inline]
    pub fn push_target(
        &self,
        cell: impl Into<CompactCell>,
        direction: Direction,
    ) -> Option<CompactCell> {
        let cell = cell.into();
        if !self.has_box(cell) {
            return None;
        }
        push_target(&self.step_cells(), cell.index(), direction).map(CompactCell::at)
    }

    /// Pushes the box on `cell` one cell in `direction`; the pusher ends on `cell`.
    /// Returns the box's new cell. The pusher's walk to the cell behind the box is
    /// not checked (see [`Position::reachable_into`]).
    ///
    /// # Errors
    ///
    /// [`Blocked::Push`] when `cell` holds no box or the box cannot move there.
    #[inline]
    pub fn push(
        &mut self,
        cell: impl Into<CompactCell>,
        direction: Direction,
    ) -> Result<CompactCell, Blocked> {
        let cell = cell.into();
        let target = self
            .push_target(cell, direction)
            .ok_or(Blocked::Push { direction })?;
        self.move_box(cell, target);
        self.pusher = cell;
        Ok(target)
    }

    /// Pulls in `direction`: the pusher steps to its neighbour in `direction` and the
    /// box behind it (on its neighbour in the opposite direction) follows onto the
    /// pusher's cell. The exact inverse of a [`push`](Position::push) in the
    /// opposite direction. Returns the step, with the box's move in
    /// [`Moved::pulled`] (it ends on the pusher's old cell).
    ///
    /// # Errors
    ///
    /// [`Blocked::Move`] when the pusher cannot step there, [`Blocked::Push`] when
    /// there is no box behind it.
    #[inline]
    pub fn pull(&mut self, direction: Direction) -> Result<Moved, Blocked> {
        let moved = reverse_step(
            &self.step_cells(),
            self.pusher.index(),
            direction,
            BoxRule::Required,
        )
        .map(Moved::cells)
        .map_err(|kind| kind.toward(direction))?;
        if let Some((behind, to)) = moved.pulled {
            self.move_box(behind, to);
        }
        self.pusher = moved.target;
        Ok(moved)
    }

    /// Moves the box of `from` to the free cell `to` (any distance): the solver's
    /// macro moves and undo. The pusher stays where it is.
    ///
    /// # Errors
    ///
    /// [`Blocked::Push`] (direction [`Direction::Up`]) when `from` holds no box or
    /// `to` is not free.
    pub fn relocate_box(
        &mut self,
        from: impl Into<CompactCell>,
        to: impl Into<CompactCell>,
    ) -> Result<(), Blocked> {
        let (from, to) = (from.into(), to.into());
        if !self.has_box(from) || (from != to && !self.is_free(to)) {
            return Err(Blocked::Push {
                direction: Direction::Up,
            });
        }
        self.move_box(from, to);
        Ok(())
    }

    #[inline]
    fn move_box(&mut self, from: CompactCell, to: CompactCell) {
        move_box(
            &mut self.cells,
            &mut self.boxes_off_goal,
            from.index(),
            to.index(),
        );
    }

    /// The cells the pusher reaches from `from` without pushing (walls and boxes
    /// block), `from` first, into `reach` (reused, so repeated searches do not
    /// allocate). Returns the cells in breadth-first order, neighbours in the
    /// tessellation's direction order.
    pub fn reachable_into<'r>(
        &self,
        from: impl Into<CompactCell>,
        reach: &'r mut Reach,
    ) -> &'r [CompactCell] {
        let from = from.into();
        reach.begin(self.cells.len());
        if !self.is_free(from) {
            return &reach.queue;
        }
        reach.visit(from, u32::MAX);
        let mut next = 0;
        while let Some(&cell) = reach.queue.get(next) {
            next += 1;
            let class = usize::from(self.cells[cell.index()] & ODD_TILE != 0);
            for (direction, &offset) in self.offsets[class].iter().enumerate() {
                // Active cells lie inside the padding, so their neighbours are on the grid.
                let neighbor = cell.offset(offset);
                if offset != 0 && self.cells[neighbor.index()] & (WALL | BOX) == 0 {
                    reach.visit(neighbor, cell.get() << 3 | direction as u32);
                }
            }
        }
        &reach.queue
    }
}

// ---- The rule of a step: its one home ----------------------------------------------

/// A board as the rule of a step reads it: which cell neighbours which, and what
/// stands on a cell (what "free" means is the board's to say). The compact core's
/// cells implement it, and so does [`TableCells`] (board cells with a neighbour
/// table), which the Mover plays on; [`forward_step`] and [`reverse_step`] are the
/// rule.
///
/// Implementations are meant to be tiny and inlined: the rule runs on the hot path
/// of every replay, move and undo.
pub trait StepCells {
    /// How the board names a cell: [`CompactCell`] on the compact core,
    /// [`BoardPosition`] on board cells.
    type Cell: Copy + Eq;

    /// The neighbour of `cell` in `direction`, or `None` when that direction leads
    /// nowhere from `cell` (no such neighbour on its tile, or off the board).
    fn neighbor_of(&self, cell: Self::Cell, direction: Direction) -> Option<Self::Cell>;

    /// The neighbour of `cell` in the [opposite](Direction::opposite) of `direction`:
    /// what stands behind a pusher stepping in `direction`. Boards that look neighbours
    /// up by direction number answer it with [`Direction::opposite_index`] (one
    /// instruction on the path of every pull and undo).
    #[inline(always)]
    fn neighbor_behind(&self, cell: Self::Cell, direction: Direction) -> Option<Self::Cell> {
        self.neighbor_of(cell, direction.opposite())
    }

    /// What stands on `cell`.
    fn occupant(&self, cell: Self::Cell) -> Occupant;
}

/// A board with every direction turned around: a step in `direction` on it is a step
/// in `direction.opposite()` on the board, for undoing a step with the direction it was
/// made in. Its neighbours are the board's [`neighbor_behind`](StepCells::neighbor_behind)
/// and the other way round, so a board with a neighbour table turns no direction
/// around through a table look-up.
///
/// ```
/// use sokoengine_board::compact::{Backwards, BoxRule, TableCells, forward_step, reverse_step};
/// use sokoengine_board::{BoardGraph, BoardPosition};
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n# @$.#\n######")?;
/// let cells = TableCells::new(board.cells(), board.neighbor_table());
/// let pusher = BoardPosition::new(8);
/// // A pull that undoes a push to the right: the pusher steps left, the box follows.
/// let undo = reverse_step(&Backwards(&cells), pusher, Direction::Right, BoxRule::Required)?;
/// assert_eq!(undo, reverse_step(&cells, pusher, Direction::Left, BoxRule::Required)?);
/// assert_eq!(undo.pulled, Some((BoardPosition::new(9), pusher)));
/// assert_eq!(
///     forward_step(&Backwards(&cells), pusher, Direction::Left, BoxRule::Auto),
///     forward_step(&cells, pusher, Direction::Right, BoxRule::Auto),
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Backwards<'a, C: ?Sized>(pub &'a C);

impl<C: StepCells + ?Sized> StepCells for Backwards<'_, C> {
    type Cell = C::Cell;

    #[inline(always)]
    fn neighbor_of(&self, cell: C::Cell, direction: Direction) -> Option<C::Cell> {
        self.0.neighbor_behind(cell, direction)
    }

    #[inline(always)]
    fn neighbor_behind(&self, cell: C::Cell, direction: Direction) -> Option<C::Cell> {
        self.0.neighbor_of(cell, direction)
    }

    #[inline(always)]
    fn occupant(&self, cell: C::Cell) -> Occupant {
        self.0.occupant(cell)
    }
}

/// What stands on a cell, as the rule of a step asks it ([`StepCells::occupant`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Occupant {
    /// Nothing: a pusher or a box may enter the cell.
    Nothing,
    /// A box.
    Box,
    /// A wall, a pusher, or no cell at all (off the board).
    Obstacle,
}

/// Whether a step moves a box: the one choice the rule of a step leaves to its
/// caller (a replay knows from the letter, a player's move does not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoxRule {
    /// Move a box when there is one to move: forward, the box ahead; in reverse, the
    /// box behind the pusher.
    Auto,
    /// The step must move a box.
    Required,
    /// The step must not move a box (forward, a box ahead then blocks the step).
    Forbidden,
}

/// Why the rule of a step refuses it, without the direction ([`Blocked`] adds it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum BlockedKind {
    /// The pusher cannot enter the cell ahead (see [`Blocked::Move`]).
    #[error("blocked move")]
    Move,
    /// The box cannot move, or there is none where the step needs one (see
    /// [`Blocked::Push`]).
    #[error("blocked push")]
    Push,
}

impl BlockedKind {
    /// This refusal of a step in `direction`.
    #[inline]
    pub const fn toward(self, direction: Direction) -> Blocked {
        match self {
            BlockedKind::Move => Blocked::Move { direction },
            BlockedKind::Push => Blocked::Push { direction },
        }
    }
}

/// The rule of a forward step: the pusher on `pusher` steps in `direction` onto a
/// free cell, or pushes the box ahead of it onto the free cell beyond, as `boxes`
/// allows. Returns where the pusher goes and, for a push, the box's move in
/// [`Moved::pushed`]; changes nothing (the caller applies the plan, with whatever
/// bookkeeping it keeps).
///
/// # Errors
///
/// [`BlockedKind::Move`] when the cell ahead is not free (or holds a box and
/// `boxes` is [`BoxRule::Forbidden`]), [`BlockedKind::Push`] when the box cannot
/// move, or `boxes` is [`BoxRule::Required`] and there is no box ahead.
///
/// # Examples
///
/// ```
/// use sokoengine_board::compact::{BlockedKind, BoxRule, TableCells, forward_step};
/// use sokoengine_board::{BoardGraph, BoardPosition};
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
/// let cells = TableCells::new(board.cells(), board.neighbor_table());
/// let (pusher, right) = (BoardPosition::new(7), Direction::Right);
/// let moved = forward_step(&cells, pusher, right, BoxRule::Auto)?;
/// assert_eq!(moved.target, BoardPosition::new(8));
/// assert_eq!(moved.pushed, Some((BoardPosition::new(8), BoardPosition::new(9))));
/// assert_eq!(forward_step(&cells, pusher, right, BoxRule::Forbidden), Err(BlockedKind::Move));
/// let up = Direction::Up; // a wall
/// assert_eq!(forward_step(&cells, pusher, up, BoxRule::Auto), Err(BlockedKind::Move));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline(always)]
pub fn forward_step<C: StepCells + ?Sized>(
    cells: &C,
    pusher: C::Cell,
    direction: Direction,
    boxes: BoxRule,
) -> Result<Moved<C::Cell>, BlockedKind> {
    let target = cells
        .neighbor_of(pusher, direction)
        .ok_or(BlockedKind::Move)?;
    match cells.occupant(target) {
        Occupant::Nothing if boxes != BoxRule::Required => Ok(Moved::walk(target)),
        Occupant::Nothing => Err(BlockedKind::Push),
        Occupant::Box if boxes != BoxRule::Forbidden => {
            let box_target = push_target(cells, target, direction).ok_or(BlockedKind::Push)?;
            Ok(Moved {
                target,
                pushed: Some((target, box_target)),
                pulled: None,
            })
        }
        _ => Err(BlockedKind::Move),
    }
}

/// The rule of a reverse step: the pusher on `pusher` steps in `direction` onto a
/// free cell and pulls the box behind it (on its neighbour in the
/// [opposite](Direction::opposite) direction) onto its old cell, as `boxes` allows.
/// A pull is the exact inverse of a push the other way. Returns where the pusher
/// goes and, for a pull, the box's move in [`Moved::pulled`]; changes nothing.
///
/// # Errors
///
/// [`BlockedKind::Move`] when the cell ahead is not free, [`BlockedKind::Push`] when
/// `boxes` is [`BoxRule::Required`] and there is no box behind the pusher.
///
/// # Examples
///
/// ```
/// use sokoengine_board::compact::{BlockedKind, BoxRule, Moved, TableCells, reverse_step};
/// use sokoengine_board::{BoardGraph, BoardPosition};
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#$@ .#\n######")?;
/// let cells = TableCells::new(board.cells(), board.neighbor_table());
/// let (pusher, right) = (BoardPosition::new(8), Direction::Right);
/// let pulled = reverse_step(&cells, pusher, right, BoxRule::Auto)?;
/// assert_eq!(pulled.target, BoardPosition::new(9));
/// assert_eq!(pulled.pulled, Some((BoardPosition::new(7), pusher)));
/// assert_eq!(pulled.pushed, None);
/// let walked = reverse_step(&cells, pusher, right, BoxRule::Forbidden)?;
/// assert_eq!(walked, Moved::walk(BoardPosition::new(9)));
/// let left = Direction::Left;
/// assert_eq!(reverse_step(&cells, pusher, left, BoxRule::Auto), Err(BlockedKind::Move));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline(always)]
pub fn reverse_step<C: StepCells + ?Sized>(
    cells: &C,
    pusher: C::Cell,
    direction: Direction,
    boxes: BoxRule,
) -> Result<Moved<C::Cell>, BlockedKind> {
    let target = cells
        .neighbor_of(pusher, direction)
        .filter(|&cell| cells.occupant(cell) == Occupant::Nothing)
        .ok_or(BlockedKind::Move)?;
    if boxes != BoxRule::Forbidden {
        let behind = cells.neighbor_behind(pusher, direction);
        if let Some(behind) = behind.filter(|&cell| cells.occupant(cell) == Occupant::Box) {
            return Ok(Moved {
                target,
                pushed: None,
                pulled: Some((behind, pusher)),
            });
        }
        if boxes == BoxRule::Required {
            return Err(BlockedKind::Push);
        }
    }
    Ok(Moved::walk(target))
}

/// Where a box on `cell` goes when pushed in `direction`: the free neighbour that
/// way, if any. The push part of [`forward_step`].
#[inline(always)]
fn push_target<C: StepCells + ?Sized>(
    cells: &C,
    cell: C::Cell,
    direction: Direction,
) -> Option<C::Cell> {
    cells
        .neighbor_of(cell, direction)
        .filter(|&next| cells.occupant(next) == Occupant::Nothing)
}

/// The compact core's cells as the rule of a step reads them. The pusher's cell
/// is not marked (the compact core has one pusher, and a step never enters it).
#[derive(Clone, Copy)]
struct CompactCells<'a> {
    cells: &'a [u8],
    offsets: &'a [[isize; 8]; 2],
    /// Every tile has class 0's neighbours (one memory access less a step).
    uniform: bool,
}

impl StepCells for CompactCells<'_> {
    type Cell = usize;

    #[inline(always)]
    fn neighbor_of(&self, cell: usize, direction: Direction) -> Option<usize> {
        let class = if self.uniform {
            0
        } else {
            usize::from(self.cells[cell] & ODD_TILE != 0)
        };
        // Active cells lie inside the padding, so their neighbours are on the grid.
        match self.offsets[class][direction.index()] {
            0 => None,
            offset => Some(cell.wrapping_add_signed(offset)),
        }
    }

    #[inline(always)]
    fn neighbor_behind(&self, cell: usize, direction: Direction) -> Option<usize> {
        let class = if self.uniform {
            0
        } else {
            usize::from(self.cells[cell] & ODD_TILE != 0)
        };
        match self.offsets[class][direction.opposite_index()] {
            0 => None,
            offset => Some(cell.wrapping_add_signed(offset)),
        }
    }

    #[inline(always)]
    fn occupant(&self, cell: usize) -> Occupant {
        match self.cells.get(cell) {
            Some(&flags) if flags & (WALL | BOX) == 0 => Occupant::Nothing,
            Some(&flags) if flags & BOX != 0 => Occupant::Box,
            _ => Occupant::Obstacle,
        }
    }
}

/// Board cells ([`BoardCell`]: walls, boxes, goals, any number of pushers) with a
/// neighbour table of eight entries a cell ([`BoardGraph::neighbor_table`]), as the
/// rule of a step reads them: what the Mover plays on.
///
/// ```
/// use sokoengine_board::compact::{Occupant, StepCells, TableCells};
/// use sokoengine_board::{BoardGraph, BoardPosition};
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
/// let cells = TableCells::new(board.cells(), board.neighbor_table());
/// let at = BoardPosition::new;
/// assert_eq!(cells.neighbor_of(at(6), Direction::Right), Some(at(7)));
/// assert_eq!(cells.neighbor_of(at(6), Direction::Up), Some(at(1)));
/// assert_eq!(cells.neighbor_of(at(1), Direction::Up), None); // off the board
/// assert_eq!(cells.occupant(at(7)), Occupant::Box);
/// assert_eq!(cells.occupant(at(8)), Occupant::Nothing); // a goal
/// assert_eq!(cells.occupant(at(6)), Occupant::Obstacle); // the pusher
/// assert_eq!(cells.occupant(at(0)), Occupant::Obstacle); // a wall
/// assert_eq!(cells.occupant(at(15)), Occupant::Obstacle); // off the board
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct TableCells<'a> {
    cells: &'a [BoardCell],
    neighbors: &'a [u32],
}

impl<'a> TableCells<'a> {
    /// The table's neighbour of `cell` in the direction numbered `direction`.
    #[inline(always)]
    fn table_neighbor(&self, cell: BoardPosition, direction: usize) -> Option<BoardPosition> {
        let slot = cell.index().wrapping_mul(8).wrapping_add(direction);
        let next = *self.neighbors.get(slot)? as usize;
        (next < self.cells.len()).then_some(BoardPosition::new(next))
    }

    /// The view of `cells` with `neighbors`, the table of eight entries a cell in
    /// which a number from `cells.len()` on means none (as in
    /// [`BoardGraph::neighbor_table`]). A cell without its eight entries has no
    /// neighbours.
    #[inline(always)]
    pub const fn new(cells: &'a [BoardCell], neighbors: &'a [u32]) -> TableCells<'a> {
        TableCells { cells, neighbors }
    }
}

impl StepCells for TableCells<'_> {
    type Cell = BoardPosition;

    #[inline(always)]
    fn neighbor_of(&self, cell: BoardPosition, direction: Direction) -> Option<BoardPosition> {
        self.table_neighbor(cell, direction.index())
    }

    #[inline(always)]
    fn neighbor_behind(&self, cell: BoardPosition, direction: Direction) -> Option<BoardPosition> {
        self.table_neighbor(cell, direction.opposite_index())
    }

    #[inline(always)]
    fn occupant(&self, cell: BoardPosition) -> Occupant {
        self.cells
            .get(cell.index())
            .map_or(Occupant::Obstacle, |&cell| occupant_of(cell))
    }
}

/// A [`BoardGraph`] as the rule of a step reads it, with or without a neighbour
/// table (see [`BoardGraph::neighbor`]): the Mover's checked path, which words
/// the errors. [`TableCells`] is the view for a hot loop.
///
/// ```
/// use sokoengine_board::compact::{BlockedKind, BoxRule, forward_step};
/// use sokoengine_board::{BoardGraph, BoardPosition};
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
/// let pusher = BoardPosition::new(7);
/// let pushed = forward_step(&board, pusher, Direction::Right, BoxRule::Auto)?;
/// assert_eq!(pushed.pushed, Some((BoardPosition::new(8), BoardPosition::new(9))));
/// // Off the board.
/// let far = BoardPosition::new(99);
/// assert_eq!(forward_step(&board, far, Direction::Right, BoxRule::Auto), Err(BlockedKind::Move));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl StepCells for BoardGraph {
    type Cell = BoardPosition;

    #[inline(always)]
    fn neighbor_of(&self, cell: BoardPosition, direction: Direction) -> Option<BoardPosition> {
        // The table first, inline (one load); boards without one compute it.
        let slot = cell.index().wrapping_mul(8).wrapping_add(direction.index());
        let next = match self.neighbor_table().get(slot) {
            Some(&next) => ((next as usize) < self.cells().len()).then_some(next as usize),
            None => self
                .neighbor_out_of_line(cell, direction)
                .map(BoardPosition::index),
        };
        next.map(BoardPosition::new)
    }

    #[inline(always)]
    fn occupant(&self, cell: BoardPosition) -> Occupant {
        self.cells()
            .get(cell.index())
            .map_or(Occupant::Obstacle, |&cell| occupant_of(cell))
    }
}

/// What stands on a board cell: any number of pushers, so a pusher is an obstacle.
#[inline(always)]
const fn occupant_of(cell: BoardCell) -> Occupant {
    // Boxes first, the compact core's order the other way round: a Mover's pushes
    // and a replay's walks each take one test.
    if cell.has_box() {
        Occupant::Box
    } else if cell.can_put_pusher_or_box() {
        Occupant::Nothing
    } else {
        Occupant::Obstacle
    }
}

/// Moves the box of `from` to the free cell `to`, counting boxes off goal.
#[inline(always)]
fn move_box(cells: &mut [u8], boxes_off_goal: &mut u32, from: usize, to: usize) {
    cells[from] &= !BOX;
    let left_goal = u32::from(cells[from] & GOAL != 0);
    cells[to] |= BOX;
    let reached_goal = u32::from(cells[to] & GOAL != 0);
    *boxes_off_goal = *boxes_off_goal + left_goal - reached_goal;
}

/// A [`Position`] borrowed for a run of steps ([`Position::walk`]); the position
/// takes the pusher's cell and the count of boxes off goal back when the walk is
/// dropped.
#[derive(Debug)]
pub struct Walk<'p> {
    cells: &'p mut [u8],
    offsets: [[isize; 8]; 2],
    uniform: bool,
    /// The pusher's cell, as an index: a step's arithmetic in full registers.
    pusher: usize,
    boxes_off_goal: u32,
    pusher_home: &'p mut CompactCell,
    boxes_home: &'p mut u32,
}

impl Walk<'_> {
    /// Takes one step, as [`Position::step`] does.
    ///
    /// # Errors
    ///
    /// [`Blocked`] when the step is illegal; the position is unchanged.
    #[inline(always)]
    pub fn step(&mut self, direction: Direction) -> Result<Moved, Blocked> {
        let cells = CompactCells {
            cells: self.cells,
            offsets: &self.offsets,
            uniform: self.uniform,
        };
        let moved = forward_step(&cells, self.pusher, direction, BoxRule::Auto)
            .map_err(|kind| kind.toward(direction))?;
        if let Some((from, to)) = moved.pushed {
            move_box(self.cells, &mut self.boxes_off_goal, from, to);
        }
        self.pusher = moved.target;
        Ok(moved.cells())
    }

    /// The pusher's cell.
    #[inline]
    pub const fn pusher(&self) -> CompactCell {
        CompactCell::at(self.pusher)
    }

    /// Whether no box is off a goal.
    #[inline]
    pub const fn is_solved(&self) -> bool {
        self.boxes_off_goal == 0
    }

    /// Whether every tile of the board has the same neighbours (Sokoban): its steps
    /// never read a tile's class. A loop that branches on it once, outside, lets the
    /// compiler drop that question from every step.
    #[inline]
    pub const fn is_uniform(&self) -> bool {
        self.uniform
    }
}

impl Drop for Walk<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        *self.pusher_home = CompactCell::at(self.pusher);
        *self.boxes_home = self.boxes_off_goal;
    }
}

/// Reusable buffers for [`Position::reachable_into`]: which cells the last search
/// reached, in order, and how (for walking paths).
#[derive(Debug, Clone, Default)]
pub struct Reach {
    stamps: Vec<u32>,
    /// `cell << 3 | direction` of the step that reached each cell.
    parents: Vec<u32>,
    /// Steps from the start to each reached cell.
    depths: Vec<u32>,
    generation: u32,
    queue: Vec<CompactCell>,
}

impl Reach {
    /// Empty buffers; they grow to the board's size on first use.
    pub fn new() -> Reach {
        Reach::default()
    }

    fn begin(&mut self, len: usize) {
        if self.stamps.len() < len {
            self.stamps.resize(len, 0);
            self.parents.resize(len, u32::MAX);
            self.depths.resize(len, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamps.fill(0);
            self.generation = 1;
        }
        self.queue.clear();
    }

    #[inline]
    fn visit(&mut self, cell: CompactCell, parent: u32) {
        let index = cell.index();
        if self.stamps[index] != self.generation {
            self.stamps[index] = self.generation;
            self.parents[index] = parent;
            self.depths[index] = if parent == u32::MAX {
                0
            } else {
                self.depths[(parent >> 3) as usize] + 1
            };
            self.queue.push(cell);
        }
    }

    /// The length of a shortest walk from the last search's start to `cell`, or
    /// `None` when it was not reached.
    #[inline]
    pub fn distance(&self, cell: impl Into<CompactCell>) -> Option<u32> {
        let cell = cell.into();
        self.reached(cell).then(|| self.depths[cell.index()])
    }

    /// Whether the last search reached `cell`.
    #[inline]
    pub fn reached(&self, cell: impl Into<CompactCell>) -> bool {
        self.generation != 0 && self.stamps.get(cell.into().index()) == Some(&self.generation)
    }

    /// The cells the last search reached, in breadth-first order.
    pub fn cells(&self) -> &[CompactCell] {
        &self.queue
    }

    /// The smallest cell the last search reached (the normalized pusher cell of
    /// the region), or `None` when it reached nothing.
    pub fn min_cell(&self) -> Option<CompactCell> {
        self.queue.iter().copied().min()
    }

    /// A shortest walk from the last search's start to a reached `cell`, as
    /// directions appended to `path` (nothing when `cell` was not reached).
    pub fn path_to(&self, cell: impl Into<CompactCell>, path: &mut Vec<Direction>) {
        let cell = cell.into();
        if !self.reached(cell) {
            return;
        }
        let start = path.len();
        let mut current = cell.index();
        while self.parents[current] != u32::MAX {
            let parent = self.parents[current];
            path.push(Direction::ALL[(parent & 7) as usize]);
            current = (parent >> 3) as usize;
        }
        path[start..].reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(tessellation: Tessellation, text: &str) -> CompactBoard {
        CompactBoard::new(&Puzzle::parse(tessellation, &text.replace('/', "\n")).unwrap()).unwrap()
    }

    #[test]
    fn active_area_and_numbering() {
        let board = board(Tessellation::Sokoban, "########/#@$.#$.#/########");
        assert_eq!(board.active_cells(), 3);
        assert_eq!(board.boxes_off_goal(), 1);
        let cells: Vec<usize> = board
            .active()
            .map(|c| board.board_position(c).index())
            .collect();
        assert_eq!(cells, [9, 10, 11]);
        assert_eq!(board.goals().count(), 1);
        assert_eq!(board.start_boxes().count(), 1);
        assert!(!board.is_active(board.cell_of(13).unwrap()));
        assert_eq!(board.cell_of(64), None);
        for cell in board.active() {
            assert_eq!(board.cell_of(board.board_position(cell)), Some(cell));
        }
    }

    #[test]
    fn board_text_and_graph_give_the_same_board() {
        // Widths around the eight-cell chunks of the active-area pass, boxes and goals
        // out of reach, pushers on goals.
        let boards = [
            "#######/#@ $ .#/#######",
            "##########/#+$  #$.#/# * $. #/##########",
            "#############/#@  $   . $#./#  #  *    #/#############",
            "  ####/###  #/#@$. #/######",
        ];
        for tessellation in Tessellation::ALL {
            for text in boards {
                let rows: Vec<&str> = text.split('/').collect();
                let width = rows.iter().map(|row| row.len()).max().unwrap();
                let mut puzzle = Puzzle::new(tessellation, width, rows.len()).unwrap();
                for (y, row) in rows.iter().enumerate() {
                    for (x, c) in row.chars().enumerate().filter(|&(_, c)| c != ' ') {
                        puzzle.set(y * width + x, c).unwrap();
                    }
                }
                let graph = BoardGraph::new(&puzzle).unwrap();
                let board = CompactBoard::new(&puzzle).unwrap();
                assert_eq!(board, CompactBoard::from_graph(&graph).unwrap(), "{text}");
                // The active area is the pusher's flood fill with boxes not blocking.
                let mut reached = vec![board.start_pusher()];
                let mut next = 0;
                while let Some(&cell) = reached.get(next) {
                    next += 1;
                    for &direction in tessellation.legal_directions() {
                        if let Some(neighbor) = board.neighbor(cell, direction) {
                            if !reached.contains(&neighbor) {
                                reached.push(neighbor);
                            }
                        }
                    }
                }
                reached.sort_unstable();
                assert_eq!(board.active().collect::<Vec<_>>(), reached, "{text}");
                assert_eq!(board.active_cells(), reached.len());
                let off_goal = board
                    .start_boxes()
                    .filter(|&cell| !board.is_goal(cell))
                    .count();
                assert_eq!(board.boxes_off_goal() as usize, off_goal, "{text}");
            }
        }
    }

    #[test]
    fn board_errors() {
        let parse = |text: &str| {
            CompactBoard::new(&Puzzle::parse(Tessellation::Sokoban, text).unwrap()).unwrap_err()
        };
        assert_eq!(parse("#$.#"), CompactBoardError::NoPusher);
        assert_eq!(
            parse("#@@#").to_string(),
            "The board has 2 pushers; the compact board models exactly one!"
        );
    }

    #[test]
    fn steps_pushes_and_pulls() {
        let board = board(Tessellation::Sokoban, "#######/#@$$ .#/#    .#/#######");
        let mut position = board.start();
        let right = Direction::Right;
        assert_eq!(
            position.step(right),
            Err(Blocked::Push { direction: right })
        );
        assert_eq!(
            position.step(Direction::Up),
            Err(Blocked::Move {
                direction: Direction::Up
            })
        );
        let second = board.cell_of(10).unwrap();
        assert_eq!(position.push(second, right), Ok(board.cell_of(11).unwrap()));
        assert_eq!(position.pusher(), second);
        assert!(position.step(Direction::Down).unwrap().pushed.is_none());
        assert!(position.step(Direction::Up).unwrap().pushed.is_none());
        let before = position.clone();
        let moved = position.step(right).unwrap();
        let (third, fourth) = (board.cell_of(11).unwrap(), board.cell_of(12).unwrap());
        assert_eq!(moved.pushed, Some((third, fourth)));
        assert_eq!(position.pusher(), third);
        let pulled = position.pull(Direction::Left).unwrap();
        assert_eq!(pulled.pulled, Some((fourth, third)));
        assert_eq!(pulled.box_move(), pulled.pulled);
        assert_eq!(position, before);
        assert_eq!(
            position.pull(Direction::Down),
            Err(Blocked::Push {
                direction: Direction::Down
            })
        );
    }

    #[test]
    fn reachability_and_paths() {
        let board = board(Tessellation::Sokoban, "######/#@ $ #/#  # #/######");
        let position = board.start();
        let mut reach = Reach::new();
        let cells: Vec<usize> = position
            .reachable_into(position.pusher(), &mut reach)
            .iter()
            .map(|&c| board.board_position(c).index())
            .collect();
        assert_eq!(cells, [7, 8, 13, 14]);
        assert_eq!(board.board_position(reach.min_cell().unwrap()).index(), 7);
        let mut path = Vec::new();
        reach.path_to(board.cell_of(14).unwrap(), &mut path);
        assert_eq!(path, [Direction::Right, Direction::Down]);
        assert_eq!(reach.distance(board.cell_of(14).unwrap()), Some(2));
        assert_eq!(reach.distance(board.cell_of(10).unwrap()), None);
        assert!(!reach.reached(board.cell_of(10).unwrap()));
    }

    #[test]
    fn every_tessellation_pushes_back_and_forth() {
        for tessellation in Tessellation::ALL {
            let mut puzzle = Puzzle::new(tessellation, 7, 6).unwrap();
            for position in 0..42 {
                let (x, y) = (position % 7, position / 7);
                if x == 0 || y == 0 || x == 6 || y == 5 {
                    puzzle.set(position, '#').unwrap();
                }
            }
            puzzle.set(2 * 7 + 3, '$').unwrap();
            puzzle.set(3 * 7 + 3, '@').unwrap();
            let board = CompactBoard::new(&puzzle).unwrap();
            let start = board.start();
            let box_cell = board.start_boxes().next().unwrap();
            for &direction in tessellation.legal_directions() {
                let mut position = start.clone();
                let Ok(target) = position.push(box_cell, direction) else {
                    continue;
                };
                assert_eq!(board.neighbor(box_cell, direction), Some(target));
                let behind = position.neighbor(box_cell, direction.opposite());
                if behind.is_some_and(|cell| position.is_free(cell)) {
                    position.pull(direction.opposite()).unwrap();
                    assert_eq!(Some(position.pusher()), behind);
                    assert!(position.has_box(box_cell) && !position.has_box(target));
                }
            }
        }
    }
}
