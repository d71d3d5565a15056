//! The compact core: one board, one pusher, cells as bytes, and the rules of
//! movement (walk, push, pull) in one place.
//!
//! [`CompactBoard`] is the static part, built once per board: the *active* area (what
//! the pusher can reach when boxes do not block; everything else is wall) on a grid
//! padded with walls, and the neighbour rule of the tessellation as a table of
//! position offsets per tile class. [`Position`] is the dynamic part: a byte per cell
//! (wall, box, goal) and the pusher. Cells are named by their index in the padded
//! grid ([`CompactBoard::cell_of`] and [`CompactBoard::board_position`] convert from
//! and to board positions); the order of cells is the board's row-major order.
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
//! assert_eq!(board.board_position(pushed), 10);
//! assert!(position.is_solved());
//! // A pull is the inverse of a push.
//! position.pull(Direction::Left)?;
//! assert_eq!(board.board_position(position.pusher()), 8);
//! assert!(!position.is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use sokoengine_geometry::{Direction, Tessellation, TileShape};

use crate::{BoardCell, BoardGraph, Puzzle};

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

/// A step that was taken: where the pusher went and, for a push, the box's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Moved {
    /// The pusher's new cell.
    pub target: usize,
    /// The box's move, the cell it left and the cell it entered: for a push, from
    /// the pusher's new cell onwards; for a pull ([`reverse_step`]), onto the
    /// pusher's old cell.
    pub pushed: Option<(usize, usize)>,
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
    pusher: usize,
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
            pusher,
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
        pending.push(self.pusher as u32);
        let start = &mut self.start[..];
        start[self.pusher] |= REACHED;
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
    pub const fn cell_of(&self, position: usize) -> Option<usize> {
        if self.width == 0 || position >= self.width * self.height {
            return None;
        }
        Some((position / self.width + PAD) * self.stride + position % self.width + PAD)
    }

    /// The board position of an on-board `cell` (every active cell is on the
    /// board). Cells of the padding give positions off the board.
    pub const fn board_position(&self, cell: usize) -> usize {
        let (row, column) = (cell / self.stride, cell % self.stride);
        row.saturating_sub(PAD) * self.width + column.saturating_sub(PAD)
    }

    /// Whether `cell` is active: the pusher reaches it when boxes do not block.
    pub fn is_active(&self, cell: usize) -> bool {
        self.start.get(cell).is_some_and(|&flags| flags & WALL == 0)
    }

    /// Whether `cell` is an active goal.
    pub fn is_goal(&self, cell: usize) -> bool {
        self.start
            .get(cell)
            .is_some_and(|&flags| flags & (WALL | GOAL) == GOAL)
    }

    /// The active cells in board order.
    pub fn active(&self) -> impl Iterator<Item = usize> + '_ {
        self.start
            .iter()
            .enumerate()
            .filter(|&(_, &flags)| flags & WALL == 0)
            .map(|(cell, _)| cell)
    }

    /// The active goals in board order.
    pub fn goals(&self) -> impl Iterator<Item = usize> + '_ {
        self.start
            .iter()
            .enumerate()
            .filter(|&(_, &flags)| flags & (WALL | GOAL) == GOAL)
            .map(|(cell, _)| cell)
    }

    /// The active boxes of the start position in board order.
    pub fn start_boxes(&self) -> impl Iterator<Item = usize> + '_ {
        self.start
            .iter()
            .enumerate()
            .filter(|&(_, &flags)| flags & (WALL | BOX) == BOX)
            .map(|(cell, _)| cell)
    }

    /// The pusher's cell at the start.
    pub const fn start_pusher(&self) -> usize {
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
    pub fn neighbor(&self, cell: usize, direction: Direction) -> Option<usize> {
        let flags = *self.start.get(cell)?;
        if flags & WALL != 0 {
            return None;
        }
        let offset = self.offsets[usize::from(flags & ODD_TILE != 0)][direction.index()];
        let next = cell.wrapping_add_signed(offset);
        (offset != 0 && self.start[next] & WALL == 0).then_some(next)
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
    pusher: usize,
    boxes_off_goal: u32,
    offsets: [[isize; 8]; 2],
    /// Every tile has the neighbours of class 0 (Sokoban): a step then needs no look
    /// at its cell's class, one memory access less on the path from cell to cell.
    uniform: bool,
}

impl Position {
    /// The pusher's cell.
    #[inline]
    pub const fn pusher(&self) -> usize {
        self.pusher
    }

    /// Puts the pusher on `cell`, which must be free (active, no box).
    ///
    /// # Errors
    ///
    /// [`Blocked::Move`] (direction [`Direction::Up`]: no direction applies) when
    /// `cell` is a wall, holds a box or is not on the grid.
    pub fn set_pusher(&mut self, cell: usize) -> Result<(), Blocked> {
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

    /// Whether `cell` is a wall (or inactive, or off the grid).
    #[inline]
    pub fn is_wall(&self, cell: usize) -> bool {
        self.cells.get(cell).is_none_or(|&flags| flags & WALL != 0)
    }

    /// Whether a box stands on `cell`.
    #[inline]
    pub fn has_box(&self, cell: usize) -> bool {
        self.cells.get(cell).is_some_and(|&flags| flags & BOX != 0)
    }

    /// Whether `cell` is a goal.
    #[inline]
    pub fn is_goal(&self, cell: usize) -> bool {
        self.cells
            .get(cell)
            .is_some_and(|&flags| flags & (WALL | GOAL) == GOAL)
    }

    /// Whether `cell` is active and holds no box.
    #[inline]
    pub fn is_free(&self, cell: usize) -> bool {
        self.cells
            .get(cell)
            .is_some_and(|&flags| flags & (WALL | BOX) == 0)
    }

    /// The neighbour of an active `cell` in `direction` (wall or not), or `None`
    /// when the direction leads nowhere from its tile or `cell` is not active.
    #[inline]
    pub fn neighbor(&self, cell: usize, direction: Direction) -> Option<usize> {
        let flags = *self.cells.get(cell)?;
        if flags & WALL != 0 {
            return None;
        }
        let offset = self.offsets[usize::from(flags & ODD_TILE != 0)][direction.index()];
        (offset != 0).then(|| cell.wrapping_add_signed(offset))
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
    pub fn put_box(&mut self, cell: usize) -> Result<(), Blocked> {
        if !self.is_free(cell) || cell == self.pusher {
            return Err(Blocked::Push {
                direction: Direction::Up,
            });
        }
        self.cells[cell] |= BOX;
        self.boxes_off_goal += u32::from(self.cells[cell] & GOAL == 0);
        Ok(())
    }

    /// Removes the box of `cell`; returns whether there was one.
    pub fn remove_box(&mut self, cell: usize) -> bool {
        match self.cells.get_mut(cell) {
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
            self.pusher,
            direction.index(),
            BoxRule::Auto,
        )
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
    /// assert_eq!(board.board_position(position.pusher()), 9);
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
            pusher: *pusher,
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
    pub fn push_target(&self, cell: usize, direction: Direction) -> Option<usize> {
        if !self.has_box(cell) {
            return None;
        }
        push_target(&self.step_cells(), cell, direction.index())
    }

    /// Pushes the box on `cell` one cell in `direction`; the pusher ends on `cell`.
    /// Returns the box's new cell. The pusher's walk to the cell behind the box is
    /// not checked (see [`Position::reachable_into`]).
    ///
    /// # Errors
    ///
    /// [`Blocked::Push`] when `cell` holds no box or the box cannot move there.
    #[inline]
    pub fn push(&mut self, cell: usize, direction: Direction) -> Result<usize, Blocked> {
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
    /// opposite direction. Returns the box's new cell (the pusher's old cell).
    ///
    /// # Errors
    ///
    /// [`Blocked::Move`] when the pusher cannot step there, [`Blocked::Push`] when
    /// there is no box behind it.
    #[inline]
    pub fn pull(&mut self, direction: Direction) -> Result<usize, Blocked> {
        let moved = reverse_step(
            &self.step_cells(),
            self.pusher,
            direction.index(),
            BoxRule::Required,
        )
        .map_err(|kind| kind.toward(direction))?;
        let from = self.pusher;
        if let Some((behind, to)) = moved.pushed {
            self.move_box(behind, to);
        }
        self.pusher = moved.target;
        Ok(from)
    }

    /// Moves the box of `from` to the free cell `to` (any distance): the solver's
    /// macro moves and undo. The pusher stays where it is.
    ///
    /// # Errors
    ///
    /// [`Blocked::Push`] (direction [`Direction::Up`]) when `from` holds no box or
    /// `to` is not free.
    pub fn relocate_box(&mut self, from: usize, to: usize) -> Result<(), Blocked> {
        if !self.has_box(from) || (from != to && !self.is_free(to)) {
            return Err(Blocked::Push {
                direction: Direction::Up,
            });
        }
        self.move_box(from, to);
        Ok(())
    }

    #[inline]
    fn move_box(&mut self, from: usize, to: usize) {
        move_box(&mut self.cells, &mut self.boxes_off_goal, from, to);
    }

    /// The cells the pusher reaches from `from` without pushing (walls and boxes
    /// block), `from` first, into `reach` (reused, so repeated searches do not
    /// allocate). Returns the cells in breadth-first order, neighbours in the
    /// tessellation's direction order.
    pub fn reachable_into<'r>(&self, from: usize, reach: &'r mut Reach) -> &'r [usize] {
        reach.begin(self.cells.len());
        if !self.is_free(from) {
            return &reach.queue;
        }
        reach.visit(from, u32::MAX);
        let mut next = 0;
        while let Some(&cell) = reach.queue.get(next) {
            next += 1;
            let class = usize::from(self.cells[cell] & ODD_TILE != 0);
            for (direction, &offset) in self.offsets[class].iter().enumerate() {
                // Active cells lie inside the padding, so their neighbours are on the grid.
                let neighbor = cell.wrapping_add_signed(offset);
                if offset != 0 && self.cells[neighbor] & (WALL | BOX) == 0 {
                    reach.visit(neighbor, (cell as u32) << 3 | direction as u32);
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
    /// The neighbour of `cell` in the direction numbered `direction`
    /// ([`Direction::index`]), or `None` when that direction leads nowhere from
    /// `cell` (no such neighbour on its tile, off the board, or a number of 8 or
    /// more).
    fn neighbor_of(&self, cell: usize, direction: usize) -> Option<usize>;

    /// What stands on `cell`.
    fn occupant(&self, cell: usize) -> Occupant;
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

/// The rule of a forward step: the pusher on `pusher` steps in the direction
/// numbered `direction` ([`Direction::index`]) onto a free cell, or pushes the box
/// ahead of it onto the free cell beyond, as `boxes` allows. Returns where the
/// pusher goes and, for a push, the box's move; changes nothing (the caller applies
/// the plan, with whatever bookkeeping it keeps).
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
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
/// let cells = TableCells::new(board.cells(), board.neighbor_table());
/// let right = Direction::Right.index();
/// let moved = forward_step(&cells, 7, right, BoxRule::Auto)?;
/// assert_eq!((moved.target, moved.pushed), (8, Some((8, 9))));
/// assert_eq!(forward_step(&cells, 7, right, BoxRule::Forbidden), Err(BlockedKind::Move));
/// let up = Direction::Up.index(); // a wall
/// assert_eq!(forward_step(&cells, 7, up, BoxRule::Auto), Err(BlockedKind::Move));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline(always)]
pub fn forward_step<C: StepCells + ?Sized>(
    cells: &C,
    pusher: usize,
    direction: usize,
    boxes: BoxRule,
) -> Result<Moved, BlockedKind> {
    let target = cells
        .neighbor_of(pusher, direction)
        .ok_or(BlockedKind::Move)?;
    match cells.occupant(target) {
        Occupant::Nothing if boxes != BoxRule::Required => Ok(Moved {
            target,
            pushed: None,
        }),
        Occupant::Nothing => Err(BlockedKind::Push),
        Occupant::Box if boxes != BoxRule::Forbidden => {
            let box_target = push_target(cells, target, direction).ok_or(BlockedKind::Push)?;
            Ok(Moved {
                target,
                pushed: Some((target, box_target)),
            })
        }
        _ => Err(BlockedKind::Move),
    }
}

/// The rule of a reverse step: the pusher on `pusher` steps in the direction
/// numbered `direction` ([`Direction::index`]) onto a free cell and pulls the box
/// behind it (on its neighbour in the opposite direction, number `direction ^ 4`)
/// onto its old cell, as `boxes` allows. A pull is the exact inverse of a push the
/// other way. Returns where the pusher goes and, for a pull, the box's move in
/// [`Moved::pushed`]; changes nothing.
///
/// # Errors
///
/// [`BlockedKind::Move`] when the cell ahead is not free, [`BlockedKind::Push`] when
/// `boxes` is [`BoxRule::Required`] and there is no box behind the pusher.
///
/// # Examples
///
/// ```
/// use sokoengine_board::compact::{BlockedKind, BoxRule, TableCells, reverse_step};
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#$@ .#\n######")?;
/// let cells = TableCells::new(board.cells(), board.neighbor_table());
/// let right = Direction::Right.index();
/// let pulled = reverse_step(&cells, 8, right, BoxRule::Auto)?;
/// assert_eq!((pulled.target, pulled.pushed), (9, Some((7, 8))));
/// let walked = reverse_step(&cells, 8, right, BoxRule::Forbidden)?;
/// assert_eq!(walked.pushed, None);
/// let left = Direction::Left.index();
/// assert_eq!(reverse_step(&cells, 8, left, BoxRule::Auto), Err(BlockedKind::Move));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline(always)]
pub fn reverse_step<C: StepCells + ?Sized>(
    cells: &C,
    pusher: usize,
    direction: usize,
    boxes: BoxRule,
) -> Result<Moved, BlockedKind> {
    let target = cells
        .neighbor_of(pusher, direction)
        .filter(|&cell| cells.occupant(cell) == Occupant::Nothing)
        .ok_or(BlockedKind::Move)?;
    if boxes != BoxRule::Forbidden {
        // Direction numbers: the opposite of `d` is `d ^ 4`.
        let behind = cells.neighbor_of(pusher, direction ^ 4);
        if let Some(behind) = behind.filter(|&cell| cells.occupant(cell) == Occupant::Box) {
            return Ok(Moved {
                target,
                pushed: Some((behind, pusher)),
            });
        }
        if boxes == BoxRule::Required {
            return Err(BlockedKind::Push);
        }
    }
    Ok(Moved {
        target,
        pushed: None,
    })
}

/// Where a box on `cell` goes when pushed in the direction numbered `direction`:
/// the free neighbour that way, if any. The push part of [`forward_step`].
#[inline(always)]
fn push_target<C: StepCells + ?Sized>(cells: &C, cell: usize, direction: usize) -> Option<usize> {
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
    #[inline(always)]
    fn neighbor_of(&self, cell: usize, direction: usize) -> Option<usize> {
        let class = if self.uniform {
            0
        } else {
            usize::from(self.cells[cell] & ODD_TILE != 0)
        };
        // Active cells lie inside the padding, so their neighbours are on the grid.
        match *self.offsets[class].get(direction)? {
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
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
/// let cells = TableCells::new(board.cells(), board.neighbor_table());
/// assert_eq!(cells.neighbor_of(6, Direction::Right.index()), Some(7));
/// assert_eq!(cells.neighbor_of(6, Direction::Up.index()), Some(1));
/// assert_eq!(cells.neighbor_of(1, Direction::Up.index()), None); // off the board
/// assert_eq!(cells.occupant(7), Occupant::Box);
/// assert_eq!(cells.occupant(8), Occupant::Nothing); // a goal
/// assert_eq!(cells.occupant(6), Occupant::Obstacle); // the pusher
/// assert_eq!(cells.occupant(0), Occupant::Obstacle); // a wall
/// assert_eq!(cells.occupant(15), Occupant::Obstacle); // off the board
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct TableCells<'a> {
    cells: &'a [BoardCell],
    neighbors: &'a [u32],
}

impl<'a> TableCells<'a> {
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
    #[inline(always)]
    fn neighbor_of(&self, cell: usize, direction: usize) -> Option<usize> {
        if direction >= 8 {
            return None;
        }
        let next = *self
            .neighbors
            .get(cell.wrapping_mul(8).wrapping_add(direction))? as usize;
        (next < self.cells.len()).then_some(next)
    }

    #[inline(always)]
    fn occupant(&self, cell: usize) -> Occupant {
        self.cells
            .get(cell)
            .map_or(Occupant::Obstacle, |&cell| occupant_of(cell))
    }
}

/// A [`BoardGraph`] as the rule of a step reads it, with or without a neighbour
/// table (see [`BoardGraph::neighbor`]): the Mover's checked path, which words
/// the errors. [`TableCells`] is the view for a hot loop.
///
/// ```
/// use sokoengine_board::compact::{BlockedKind, BoxRule, forward_step};
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::{Direction, Tessellation};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
/// let right = Direction::Right.index();
/// let pushed = forward_step(&board, 7, right, BoxRule::Auto)?;
/// assert_eq!(pushed.pushed, Some((8, 9)));
/// // Direction numbers from 8 on lead nowhere.
/// assert_eq!(forward_step(&board, 7, 8 + right, BoxRule::Auto), Err(BlockedKind::Move));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl StepCells for BoardGraph {
    #[inline(always)]
    fn neighbor_of(&self, cell: usize, direction: usize) -> Option<usize> {
        if direction >= 8 {
            return None;
        }
        // The table first, inline (one load); boards without one compute it.
        let slot = cell.wrapping_mul(8).wrapping_add(direction);
        match self.neighbor_table().get(slot) {
            Some(&next) => ((next as usize) < self.cells().len()).then_some(next as usize),
            None => self.neighbor(cell, Direction::from_index(direction)?),
        }
    }

    #[inline(always)]
    fn occupant(&self, cell: usize) -> Occupant {
        self.cells()
            .get(cell)
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
    pusher: usize,
    boxes_off_goal: u32,
    pusher_home: &'p mut usize,
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
        let moved = forward_step(&cells, self.pusher, direction.index(), BoxRule::Auto)
            .map_err(|kind| kind.toward(direction))?;
        if let Some((from, to)) = moved.pushed {
            move_box(self.cells, &mut self.boxes_off_goal, from, to);
        }
        self.pusher = moved.target;
        Ok(moved)
    }

    /// The pusher's cell.
    #[inline]
    pub const fn pusher(&self) -> usize {
        self.pusher
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
        *self.pusher_home = self.pusher;
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
    queue: Vec<usize>,
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
    fn visit(&mut self, cell: usize, parent: u32) {
        if self.stamps[cell] != self.generation {
            self.stamps[cell] = self.generation;
            self.parents[cell] = parent;
            self.depths[cell] = if parent == u32::MAX {
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
    pub fn distance(&self, cell: usize) -> Option<u32> {
        self.reached(cell).then(|| self.depths[cell])
    }

    /// Whether the last search reached `cell`.
    #[inline]
    pub fn reached(&self, cell: usize) -> bool {
        self.generation != 0 && self.stamps.get(cell) == Some(&self.generation)
    }

    /// The cells the last search reached, in breadth-first order.
    pub fn cells(&self) -> &[usize] {
        &self.queue
    }

    /// The smallest cell the last search reached (the normalized pusher cell of
    /// the region), or `None` when it reached nothing.
    pub fn min_cell(&self) -> Option<usize> {
        self.queue.iter().copied().min()
    }

    /// A shortest walk from the last search's start to a reached `cell`, as
    /// directions appended to `path` (nothing when `cell` was not reached).
    pub fn path_to(&self, cell: usize, path: &mut Vec<Direction>) {
        if !self.reached(cell) {
            return;
        }
        let start = path.len();
        let mut current = cell;
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
        let cells: Vec<usize> = board.active().map(|c| board.board_position(c)).collect();
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
        position.pull(Direction::Left).unwrap();
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
            .map(|&c| board.board_position(c))
            .collect();
        assert_eq!(cells, [7, 8, 13, 14]);
        assert_eq!(board.board_position(reach.min_cell().unwrap()), 7);
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
