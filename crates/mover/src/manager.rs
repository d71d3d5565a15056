//! Piece bookkeeping: IDs, positions, Sokoban+, Zobrist hash, solved state
//! (docs/rules.md#pieces).

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::sync::Arc;

use sokoengine_board::compact::{Backwards, BoxRule, TableCells, forward_step, reverse_step};
use sokoengine_board::{BoardCell, BoardGraph, BoardPosition, Puzzle, SizeError};
use sokoengine_geometry::Direction;

use crate::plus::{DEFAULT_PLUS_ID, PlusIdError, SokobanPlus, SokobanPlusErrors};
use crate::step::PusherStep;
use crate::zobrist::{self, BASE_KEY, KIND_BOX, PUSHER_PREFIX, mix64};

/// "No piece here" in the per-cell ID tables.
const NO_ID: u32 = 0;
/// "No neighbour" in the neighbour table.
const NO_NEIGHBOR: u32 = u32::MAX;
/// Largest number of Zobrist keys kept in tables (16 MiB).
const KEY_TABLE_MAX_ENTRIES: usize = 1 << 21;

/// A failed [`BoardManager`] lookup, move or switch.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_mover::{BoardManager, BoardManagerError};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#@$$.#\n######")?;
/// let mut manager = BoardManager::new(board);
/// let error = manager.move_box_from(8, 9).unwrap_err();
/// assert_eq!(error, BoardManagerError::BoxBlocked { id: 1, position: 9.into(), occupant: '$' });
/// assert_eq!(error.to_string(), "Box ID: 1 can't be placed in position 9 occupied by '$'");
/// assert_eq!(manager.pusher_position(2).unwrap_err().to_string(), "No pusher with ID: 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardManagerError {
    /// Unknown pusher ID.
    #[error("No pusher with ID: {id}")]
    NoPusherWithId {
        /// The rejected ID.
        id: usize,
    },
    /// No pusher on the position.
    #[error("No pusher on position: {position}")]
    NoPusherOn {
        /// The rejected position.
        position: BoardPosition,
    },
    /// Unknown box ID.
    #[error("No box with ID: {id}")]
    NoBoxWithId {
        /// The rejected ID.
        id: usize,
    },
    /// No box on the position.
    #[error("No box on position: {position}")]
    NoBoxOn {
        /// The rejected position.
        position: BoardPosition,
    },
    /// Unknown goal ID.
    #[error("No goal with ID: {id}")]
    NoGoalWithId {
        /// The rejected ID.
        id: usize,
    },
    /// No goal on the position.
    #[error("No goal on position: {position}")]
    NoGoalOn {
        /// The rejected position.
        position: BoardPosition,
    },
    /// A pusher's destination holds a wall, a box or another pusher.
    #[error("Pusher ID: {id} can't be placed in position {position} occupied by '{occupant}'")]
    PusherBlocked {
        /// The pusher.
        id: usize,
        /// The destination.
        position: BoardPosition,
        /// The canonical character of the destination cell.
        occupant: char,
    },
    /// A box's destination holds a wall, a box or a pusher.
    #[error("Box ID: {id} can't be placed in position {position} occupied by '{occupant}'")]
    BoxBlocked {
        /// The box.
        id: usize,
        /// The destination.
        position: BoardPosition,
        /// The canonical character of the destination cell.
        occupant: char,
    },
    /// A position off the board.
    #[error("Board position {position} is out of range!")]
    PositionOutOfRange {
        /// The rejected position.
        position: BoardPosition,
    },
    /// Boxes and goals cannot be switched.
    #[error("Unable to switch boxes and goals - counts are not the same")]
    SwitchCounts {
        /// Number of boxes.
        boxes: usize,
        /// Number of goals.
        goals: usize,
    },
}

impl BoardManagerError {
    /// The message with each board position named by row and column, counted from 1,
    /// on a board `width` cells wide ([`BoardPosition::cell_name`]): `Box ID: 1 can't be placed in
    /// row 2, column 7 occupied by '#'`. `Display` keeps the specification's text, with
    /// the position's number; a position off the board keeps its number here too.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_mover::BoardManagerError;
    ///
    /// let error = BoardManagerError::BoxBlocked { id: 1, position: 13.into(), occupant: '#' };
    /// assert_eq!(error.to_string(), "Box ID: 1 can't be placed in position 13 occupied by '#'");
    /// assert_eq!(error.cells_message(7), "Box ID: 1 can't be placed in row 2, column 7 occupied by '#'");
    /// ```
    pub fn cells_message(&self, width: usize) -> String {
        let cell = |position: BoardPosition| position.cell_name(width);
        match *self {
            BoardManagerError::NoPusherOn { position } => {
                format!("No pusher on {}", cell(position))
            }
            BoardManagerError::NoBoxOn { position } => format!("No box on {}", cell(position)),
            BoardManagerError::NoGoalOn { position } => format!("No goal on {}", cell(position)),
            BoardManagerError::PusherBlocked {
                id,
                position,
                occupant,
            } => format!(
                "Pusher ID: {id} can't be placed in {} occupied by '{occupant}'",
                cell(position)
            ),
            BoardManagerError::BoxBlocked {
                id,
                position,
                occupant,
            } => format!(
                "Box ID: {id} can't be placed in {} occupied by '{occupant}'",
                cell(position)
            ),
            _ => self.to_string(),
        }
    }
}

impl From<PlusIdError> for BoardManagerError {
    fn from(error: PlusIdError) -> Self {
        match error {
            PlusIdError::NoBox { id } => BoardManagerError::NoBoxWithId { id },
            PlusIdError::NoGoal { id } => BoardManagerError::NoGoalWithId { id },
        }
    }
}

/// Positions of the pushers and boxes (each sorted by ID), plus the Zobrist hash when
/// it was computed.
///
/// # Examples
///
/// ```
/// use sokoengine_board::{BoardGraph, BoardPosition};
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_mover::{BoardManager, BoardState};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
/// let manager = BoardManager::new(board);
/// let state = manager.state();
/// assert_eq!((state.pushers_positions[0], state.boxes_positions[0]), (7.into(), 8.into()));
/// assert_eq!(state.zobrist_hash, Some(manager.state_hash()));
/// // The hash of another placement of the same pieces, without moving anything.
/// let moved = BoardState {
///     pushers_positions: vec![BoardPosition::new(8)],
///     boxes_positions: vec![BoardPosition::new(9)],
///     zobrist_hash: None,
/// };
/// assert_ne!(manager.external_state_hash(&moved), manager.external_state_hash(&state));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardState {
    /// Pusher positions in pusher-ID order.
    pub pushers_positions: Vec<BoardPosition>,
    /// Box positions in box-ID order.
    pub boxes_positions: Vec<BoardPosition>,
    /// The Zobrist hash, when known.
    pub zobrist_hash: Option<u64>,
}

/// The queries of one kind of piece (pushers, boxes or goals), written once for the three:
/// the count, the IDs, the position of an ID, the ID on a position, and whether an ID or a
/// position holds one. `$positions` holds the positions by ID - 1, `$table` the ID on
/// each cell where the cell's flag (`$flag`) says the piece is there.
macro_rules! piece_queries {
    (
        $positions:ident, $table:ident, $flag:ident, $noun:literal, $Noun:literal, $nouns:literal,
        $NoId:ident, $NoOn:ident, $verb:literal,
        fn $count:ident, $ids:ident, $by_id:ident, $position:ident,
        $on:ident, $id_on:ident, $has:ident, $has_on:ident
    ) => {
        #[doc = concat!("Number of ", $nouns, ".")]
        #[inline]
        pub fn $count(&self) -> usize {
            self.$positions.len()
        }

        #[doc = concat!($Noun, " IDs (`1..=count`).")]
        pub fn $ids(&self) -> RangeInclusive<usize> {
            1..=self.$positions.len()
        }

        #[doc = concat!($Noun, " ID → position.")]
        pub fn $by_id(&self) -> BTreeMap<usize, BoardPosition> {
            id_map(&self.$positions)
        }

        #[doc = concat!("Position of ", $noun, " `id`.")]
        ///
        /// # Errors
        ///
        #[doc = concat!("[`BoardManagerError::", stringify!($NoId), "`].")]
        #[inline]
        pub fn $position(&self, id: usize) -> Result<BoardPosition, BoardManagerError> {
            lookup(&self.$positions, id)
                .map(BoardPosition::new)
                .ok_or(BoardManagerError::$NoId { id })
        }

        #[doc = concat!("The ID of the ", $noun, " on `position`, if one ", $verb, " there.")]
        #[inline]
        pub(crate) fn $on(&self, position: usize) -> Option<usize> {
            match self.board.get(position) {
                Some(cell) if cell.$flag() => Some(self.$table[position] as usize),
                _ => None,
            }
        }

        #[doc = concat!("ID of the ", $noun, " on `position`.")]
        ///
        /// # Errors
        ///
        #[doc = concat!("[`BoardManagerError::", stringify!($NoOn), "`].")]
        pub fn $id_on(
            &self,
            position: impl Into<BoardPosition>,
        ) -> Result<usize, BoardManagerError> {
            let position = position.into();
            self.$on(position.index())
                .ok_or(BoardManagerError::$NoOn { position })
        }

        #[doc = concat!("Whether ", $noun, " `id` exists.")]
        pub fn $has(&self, id: usize) -> bool {
            lookup(&self.$positions, id).is_some()
        }

        #[doc = concat!("Whether a ", $noun, " ", $verb, " on `position` (false off the board).")]
        #[inline]
        pub fn $has_on(&self, position: impl Into<BoardPosition>) -> bool {
            self.board
                .get(position.into().index())
                .is_some_and(|c| c.$flag())
        }
    };
}

/// Tracks pushers, boxes and goals of a [`BoardGraph`] by ID, keeps the Sokoban+
/// data and the Zobrist hash, and answers the solved test.
///
/// * IDs are assigned row-major from 1, separately for pushers, boxes and goals, and
///   stay attached to pieces moved through the manager. Rebuilding a manager from an
///   edited board renumbers them.
/// * Lookups by ID and by position are O(1) (a position array per kind and a
///   per-cell ID table).
/// * The state hash is the Zobrist hash of docs/rules.md#zobrist-hashing (fixed-seed
///   keys, see [`zobrist`](crate::zobrist)), updated incrementally by every move;
///   undoing a move restores it exactly.
/// * [`BoardManager::is_solved`] is O(1): the manager counts the boxes that stand on
///   a goal of their plus ID.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_mover::BoardManager;
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#    #\n# $  #\n#  $.#\n#@ . #\n######")?;
/// let mut manager = BoardManager::new(board);
/// assert_eq!(manager.box_position(2)?, 21);
/// let hash = manager.state_hash();
/// manager.move_box(2, 9)?;
/// assert_eq!(manager.box_id_on(9)?, 2);
/// manager.move_box_from(9, 21)?;
/// assert_eq!(manager.state_hash(), hash);
/// assert_eq!(manager.box_id_on(3).unwrap_err().to_string(), "No box on position: 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct BoardManager {
    board: BoardGraph,
    /// Positions by ID - 1.
    pushers: Vec<u32>,
    boxes: Vec<u32>,
    goals: Vec<u32>,
    /// ID of the pusher or box on each cell (the cell flags tell which), or `NO_ID`.
    piece_on: Vec<u32>,
    /// ID of the goal on each cell, or `NO_ID`.
    goal_on: Vec<u32>,
    plus: SokobanPlus,
    /// Effective plus IDs by ID - 1 (all default while Sokoban+ is disabled).
    box_plus: Vec<u64>,
    goal_plus: Vec<u64>,
    /// Zobrist key prefix of each box (depends on its plus ID).
    box_prefix: Vec<u64>,
    /// Key tables (one load per key on the move fast path), empty where they do not
    /// fit in `KEY_TABLE_MAX_ENTRIES` (keys are computed then). `keys[pos]` holds
    /// the keys of a pusher and of a default-plus-ID box on `pos`; shared between
    /// managers (see `zobrist::shared_keys`), so it may extend beyond `size`.
    /// `box_keys[box_key_base[box] + pos]`: one block of `size` keys per distinct
    /// plus ID, only while some box has a plus ID other than the default.
    keys: Arc<[[u64; 2]]>,
    box_keys: Arc<[u64]>,
    box_key_base: Vec<usize>,
    /// The board size when the step fast path applies (neighbour and key tables
    /// present, Sokoban+ disabled), else 0: one test decides.
    fast_size: usize,
    hash: u64,
    /// Boxes standing on a goal with their plus ID.
    matched: usize,
}

impl BoardManager {
    /// A manager for `board` without Sokoban+ data.
    pub fn new(board: BoardGraph) -> BoardManager {
        BoardManager::with_sokoban_plus(board, "", "")
    }

    /// A manager for `board` with Sokoban+ data (disabled until
    /// [`BoardManager::enable_sokoban_plus`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::BoardManager;
    ///
    /// // Both boxes sit on goals, but on the wrong colours.
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@**#\n#####")?;
    /// let mut manager = BoardManager::with_sokoban_plus(board, "1 2", "2 1");
    /// assert!(manager.is_solved()); // Sokoban+ is off until enabled
    /// manager.enable_sokoban_plus()?;
    /// assert!(!manager.is_solved());
    /// assert_eq!((manager.box_plus_id(1)?, manager.goal_plus_id(1)?), (1, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_sokoban_plus(board: BoardGraph, boxorder: &str, goalorder: &str) -> BoardManager {
        let size = board.size();
        let mut piece_on = vec![NO_ID; size];
        let mut goal_on = vec![NO_ID; size];
        let (mut pushers, mut boxes, mut goals) = (Vec::new(), Vec::new(), Vec::new());
        for (position, cell) in board.cells().iter().enumerate() {
            if cell.has_pusher() {
                pushers.push(position as u32);
                piece_on[position] = pushers.len() as u32;
            }
            if cell.has_box() {
                boxes.push(position as u32);
                piece_on[position] = boxes.len() as u32;
            }
            if cell.has_goal() {
                goals.push(position as u32);
                goal_on[position] = goals.len() as u32;
            }
        }
        let plus = SokobanPlus::new(boxes.len(), boxorder, goalorder);
        let mut manager = BoardManager {
            board,
            box_plus: vec![DEFAULT_PLUS_ID; boxes.len()],
            goal_plus: vec![DEFAULT_PLUS_ID; goals.len()],
            box_prefix: Vec::new(),
            keys: Arc::from([]),
            box_keys: Arc::from([]),
            box_key_base: Vec::new(),
            fast_size: 0,
            pushers,
            boxes,
            goals,
            piece_on,
            goal_on,
            plus,
            hash: 0,
            matched: 0,
        };
        manager.refresh_plus_ids();
        manager
    }

    /// A manager for a puzzle's board, with the puzzle's `boxorder`/`goalorder`.
    ///
    /// # Errors
    ///
    /// [`SizeError`] when the puzzle is larger than the limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::BoardManager;
    ///
    /// let mut puzzle = Puzzle::parse(Tessellation::Sokoban, "######\n#@$$ #\n#  ..#\n######")?;
    /// puzzle.boxorder = "1 2".into();
    /// puzzle.goalorder = "2 1".into();
    /// let manager = BoardManager::from_puzzle(&puzzle)?;
    /// assert_eq!((manager.boxorder(), manager.goalorder()), ("1 2".to_owned(), "2 1".to_owned()));
    /// assert_eq!(manager.box_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_puzzle(puzzle: &Puzzle) -> Result<BoardManager, SizeError> {
        Ok(BoardManager::with_sokoban_plus(
            BoardGraph::new(puzzle)?,
            &puzzle.boxorder,
            &puzzle.goalorder,
        ))
    }

    /// The managed board.
    #[inline]
    pub const fn board(&self) -> &BoardGraph {
        &self.board
    }

    /// Gives the board back.
    pub fn into_board(self) -> BoardGraph {
        self.board
    }

    // ---- pushers, boxes and goals: the same queries for each kind ----------------

    piece_queries! {
        pushers, piece_on, has_pusher, "pusher", "Pusher", "pushers",
        NoPusherWithId, NoPusherOn, "stands",
        fn pusher_count, pushers_ids, pushers_positions, pusher_position,
        pusher_on, pusher_id_on, has_pusher, has_pusher_on
    }

    piece_queries! {
        boxes, piece_on, has_box, "box", "Box", "boxes",
        NoBoxWithId, NoBoxOn, "stands",
        fn box_count, boxes_ids, boxes_positions, box_position,
        box_on, box_id_on, has_box, has_box_on
    }

    piece_queries! {
        goals, goal_on, has_goal, "goal", "Goal", "goals",
        NoGoalWithId, NoGoalOn, "is",
        fn goal_count, goals_ids, goals_positions, goal_position,
        goal_at, goal_id_on, has_goal, has_goal_on
    }

    /// Positions of all walls, ascending.
    pub fn walls_positions(&self) -> Vec<BoardPosition> {
        let cells = self.board.cells();
        (0..cells.len())
            .filter(|&p| cells[p].is_wall())
            .map(BoardPosition::new)
            .collect()
    }

    /// Marks the managed board's play area (see [`BoardGraph::mark_play_area`]). The
    /// play-area flags are the only part of the board that may change behind the
    /// manager's back: no piece moves, so IDs and the hash stay valid.
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::BoardManager;
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####\n#   #\n#####")?;
    /// let mut manager = BoardManager::new(board);
    /// manager.mark_play_area();
    /// assert!(manager.board()[6].is_in_playable_area());
    /// assert!(!manager.board()[16].is_in_playable_area());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mark_play_area(&mut self) {
        self.board.mark_play_area();
    }

    /// Sets or clears the play-area flag of one cell of the managed board (the flag
    /// only; see [`BoardManager::mark_play_area`]).
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::PositionOutOfRange`] off the board.
    pub fn set_in_playable_area(
        &mut self,
        position: impl Into<BoardPosition>,
        value: bool,
    ) -> Result<(), BoardManagerError> {
        let position = position.into();
        let cell = self
            .board
            .get_mut(position.index())
            .ok_or(BoardManagerError::PositionOutOfRange { position })?;
        cell.set_in_playable_area(value);
        Ok(())
    }

    /// The neighbour of `position` in `direction` (see [`BoardGraph::neighbor`]).
    #[inline(always)]
    pub(crate) fn neighbor(&self, position: usize, direction: Direction) -> Option<usize> {
        // The board's own table (one load on the move fast path). With a table every
        // on-board slot exists, so a miss means "no table".
        match self
            .board
            .neighbor_table()
            .get(position * 8 + direction as usize)
        {
            Some(&n) => (n != NO_NEIGHBOR).then_some(n as usize),
            None => neighbor_without_table(&self.board, position, direction),
        }
    }

    // ---- moving -------------------------------------------------------------------

    /// Moves the box on `old` to `new`, keeping its ID. `old == new` does nothing.
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::PositionOutOfRange`] for an off-board `old` or `new`,
    /// [`BoardManagerError::NoBoxOn`] when no box stands on `old`,
    /// [`BoardManagerError::BoxBlocked`] when `new` holds a wall, box or pusher.
    pub fn move_box_from(
        &mut self,
        old: impl Into<BoardPosition>,
        new: impl Into<BoardPosition>,
    ) -> Result<(), BoardManagerError> {
        let (old, new) = (old.into(), new.into());
        self.destination(old)?;
        if old == new {
            return Ok(());
        }
        let destination = self.destination(new)?;
        let id = self.box_id_on(old)?;
        if !destination.can_put_pusher_or_box() {
            return Err(BoardManagerError::BoxBlocked {
                id,
                position: new,
                occupant: destination.to_char(),
            });
        }
        self.move_box_unchecked(id, old.index(), new.index());
        Ok(())
    }

    /// Moves box `id` to `new` (see [`BoardManager::move_box_from`]).
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::NoBoxWithId`] and those of
    /// [`BoardManager::move_box_from`].
    pub fn move_box(
        &mut self,
        id: usize,
        new: impl Into<BoardPosition>,
    ) -> Result<(), BoardManagerError> {
        let old = self.box_position(id)?;
        self.move_box_from(old, new)
    }

    /// Moves the pusher on `old` to `new`, keeping its ID. `old == new` does
    /// nothing. A pusher is never placed on a box.
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::PositionOutOfRange`] for an off-board `old` or `new`,
    /// [`BoardManagerError::NoPusherOn`] when no pusher stands on `old`,
    /// [`BoardManagerError::PusherBlocked`] when `new` holds a wall, box or pusher.
    pub fn move_pusher_from(
        &mut self,
        old: impl Into<BoardPosition>,
        new: impl Into<BoardPosition>,
    ) -> Result<(), BoardManagerError> {
        let (old, new) = (old.into(), new.into());
        self.destination(old)?;
        if old == new {
            return Ok(());
        }
        let destination = self.destination(new)?;
        let id = self.pusher_id_on(old)?;
        if !destination.can_put_pusher_or_box() {
            return Err(BoardManagerError::PusherBlocked {
                id,
                position: new,
                occupant: destination.to_char(),
            });
        }
        self.move_pusher_unchecked(id, old.index(), new.index());
        Ok(())
    }

    /// Moves pusher `id` to `new` (see [`BoardManager::move_pusher_from`]).
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::NoPusherWithId`] and those of
    /// [`BoardManager::move_pusher_from`].
    pub fn move_pusher(
        &mut self,
        id: usize,
        new: impl Into<BoardPosition>,
    ) -> Result<(), BoardManagerError> {
        let old = self.pusher_position(id)?;
        self.move_pusher_from(old, new)
    }

    fn destination(&self, position: BoardPosition) -> Result<BoardCell, BoardManagerError> {
        self.board
            .get(position.index())
            .copied()
            .ok_or(BoardManagerError::PositionOutOfRange { position })
    }

    /// The fast path: moves box `id` from `old` to `new` with no checks.
    /// The caller guarantees that box `id` stands on `old` and `new` is an on-board
    /// cell that can take a piece.
    #[inline(always)]
    pub(crate) fn move_box_unchecked(&mut self, id: usize, old: usize, new: usize) {
        let index = id - 1;
        let cells = self.board.cells();
        let (old_cell, new_cell) = (cells[old], cells[new]);
        if self.plus.is_enabled() {
            self.matched -= usize::from(self.box_matches_goal_at(index, old));
            self.matched += usize::from(self.box_matches_goal_at(index, new));
        } else {
            // Every plus ID is the default: any goal matches.
            self.matched =
                self.matched - usize::from(old_cell.has_goal()) + usize::from(new_cell.has_goal());
        }
        self.hash ^= self.box_key(index, old) ^ self.box_key(index, new);
        self.board[old].remove_box();
        self.board[new].put_box();
        self.piece_on[old] = NO_ID;
        self.piece_on[new] = id as u32;
        self.boxes[index] = new as u32;
    }

    /// The fast path: moves pusher `id` from `old` to `new` with no checks (same
    /// contract as [`BoardManager::move_box_unchecked`]).
    #[inline(always)]
    pub(crate) fn move_pusher_unchecked(&mut self, id: usize, old: usize, new: usize) {
        self.hash ^= self.pusher_key(old) ^ self.pusher_key(new);
        self.board[old].remove_pusher();
        self.board[new].put_pusher();
        self.piece_on[old] = NO_ID;
        self.piece_on[new] = id as u32;
        self.pushers[id - 1] = new as u32;
    }

    /// The fast path of [`Mover::play_moves`](crate::Mover::play_moves): plays the
    /// leading steps of `steps` with pusher `pusher_id` as long as each is a plain
    /// step (no jump, no selection) that the rules allow and that moves a box exactly
    /// when it has a box ID (forward: pushes; reverse: pulls, as with `pulls_boxes`
    /// set to that). Stops before the first other step, changing nothing for it.
    ///
    /// Returns the number of steps played and the ID of the box the last one moved
    /// (0 for none); `None` (nothing played) when the fast path does not apply:
    /// boards without neighbour or key tables, or Sokoban+ enabled. The caller
    /// plays those step by step.
    pub(crate) fn play_plain_steps(
        &mut self,
        pusher_id: usize,
        steps: &[PusherStep],
        reverse: bool,
    ) -> Option<(usize, usize)> {
        let StepTables {
            cells,
            neighbors,
            piece_on,
            boxes,
            keys,
            pusher,
            hash,
            matched,
        } = self.step_tables(pusher_id)?;
        let mut view = StepView {
            cells,
            neighbors,
            piece_on,
            boxes,
            keys,
            pusher_id: pusher_id as u32,
            position: *pusher as usize,
            hash: *hash,
            matched: *matched,
            last_box: 0,
        };
        let played = if reverse {
            view.play::<true>(steps)
        } else {
            view.play::<false>(steps)
        };
        *pusher = view.position as u32;
        *hash = view.hash;
        *matched = view.matched;
        Some((played, view.last_box as usize))
    }

    /// The fast path of one [`Mover`](crate::Mover) step: pusher `pusher_id` steps in
    /// `direction` (`BACKWARDS`: in its opposite, an undo of a step in `direction`),
    /// pushing (forward) or pulling (`REVERSE`) a box as `rule` says. Returns the ID of the box moved
    /// (0 for none), or `None`, changing nothing, when the rules refuse the step or
    /// the fast path does not apply (boards without neighbour or key tables, or
    /// Sokoban+ enabled); the caller then takes the checked path, which says why.
    #[inline(always)]
    pub(crate) fn fast_step<const REVERSE: bool, const BACKWARDS: bool>(
        &mut self,
        pusher_id: usize,
        direction: Direction,
        rule: BoxRule,
    ) -> Option<usize> {
        let StepTables {
            cells,
            neighbors,
            piece_on,
            boxes,
            keys,
            pusher,
            hash,
            matched,
        } = self.step_tables(pusher_id)?;
        // The hash and solved count are updated in place: a single step gains
        // nothing from copies, and they would take registers.
        let (to, moved_box) = plain_step::<REVERSE, BACKWARDS>(
            cells,
            neighbors,
            piece_on,
            boxes,
            keys,
            pusher_id as u32,
            *pusher as usize,
            hash,
            matched,
            direction,
            rule,
        )?;
        *pusher = to as u32;
        Some(moved_box as usize)
    }

    /// What a step of pusher `pusher_id` on the fast path reads and writes, or
    /// `None` when the fast path does not apply.
    #[inline(always)]
    fn step_tables(&mut self, pusher_id: usize) -> Option<StepTables<'_>> {
        let size = self.fast_size;
        let pusher = self.pushers.get_mut(pusher_id.wrapping_sub(1))?;
        if *pusher as usize >= size {
            return None;
        }
        let (cells, neighbors) = self.board.cells_mut_with_neighbor_table();
        Some(StepTables {
            cells: cells.get_mut(..size)?,
            neighbors: neighbors.get(..size * 8)?,
            piece_on: self.piece_on.get_mut(..size)?,
            boxes: &mut self.boxes,
            // Sokoban+ is disabled: every box has the default plus ID.
            keys: self.keys.get(..size)?,
            pusher,
            hash: &mut self.hash,
            matched: &mut self.matched,
        })
    }

    /// The Zobrist key of a pusher on `position`.
    #[inline(always)]
    fn pusher_key(&self, position: usize) -> u64 {
        match self.keys.get(position) {
            Some(&[key, _]) => key,
            None => mix64(PUSHER_PREFIX ^ position as u64),
        }
    }

    /// The Zobrist key of box `index` (ID - 1) on `position`.
    #[inline(always)]
    fn box_key(&self, index: usize, position: usize) -> u64 {
        let table = if self.box_keys.is_empty() {
            // Without class blocks every table key is a default plus ID's.
            match self.keys.get(position) {
                Some(&[_, key]) if self.box_plus[index] == DEFAULT_PLUS_ID => Some(key),
                _ => None,
            }
        } else {
            self.box_keys
                .get(self.box_key_base[index] + position)
                .copied()
        };
        table.unwrap_or_else(|| mix64(self.box_prefix[index] ^ position as u64))
    }

    /// Whether box `index` would match the goal on `position` (Sokoban+ rule).
    #[inline(always)]
    fn box_matches_goal_at(&self, index: usize, position: usize) -> bool {
        match self.goal_on[position] {
            NO_ID => false,
            goal => self.goal_plus[goal as usize - 1] == self.box_plus[index],
        }
    }

    // ---- Sokoban+ -------------------------------------------------------------------

    /// The Sokoban+ data.
    pub const fn sokoban_plus(&self) -> &SokobanPlus {
        &self.plus
    }
    /// Whether Sokoban+ rules are in force.
    pub const fn is_sokoban_plus_enabled(&self) -> bool {
        self.plus.is_enabled()
    }
    /// Whether the Sokoban+ data is valid.
    pub const fn is_sokoban_plus_valid(&self) -> bool {
        self.plus.is_valid()
    }
    /// Enables Sokoban+ rules; the hash is recomputed from scratch when the enabled
    /// state changes.
    ///
    /// # Errors
    ///
    /// [`SokobanPlusErrors`] (every problem of both strings) for invalid data.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::BoardManager;
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#@$$ #\n#  ..#\n######")?;
    /// let mut manager = BoardManager::with_sokoban_plus(board, "1 -2", "x");
    /// let errors = manager.enable_sokoban_plus().unwrap_err();
    /// assert_eq!(errors.errors.len(), 2); // both strings' problems
    /// assert!(!manager.is_sokoban_plus_enabled());
    /// manager.set_boxorder("1 2");
    /// manager.set_goalorder("2 1");
    /// manager.enable_sokoban_plus()?;
    /// assert_eq!(manager.goal_plus_id(2)?, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enable_sokoban_plus(&mut self) -> Result<(), SokobanPlusErrors> {
        let was = self.plus.is_enabled();
        self.plus.enable()?;
        if !was {
            self.refresh_plus_ids();
        }
        Ok(())
    }
    /// Disables Sokoban+ rules (rehashes when they were enabled).
    pub fn disable_sokoban_plus(&mut self) {
        if self.plus.is_enabled() {
            self.plus.disable();
            self.refresh_plus_ids();
        }
    }
    /// See [`SokobanPlus::boxorder`].
    pub fn boxorder(&self) -> String {
        self.plus.boxorder()
    }
    /// See [`SokobanPlus::goalorder`].
    pub fn goalorder(&self) -> String {
        self.plus.goalorder()
    }
    /// Sets the box order; a different string disables Sokoban+ (rehashing when it
    /// was enabled).
    pub fn set_boxorder(&mut self, boxorder: &str) {
        let was = self.plus.is_enabled();
        self.plus.set_boxorder(boxorder);
        if was != self.plus.is_enabled() {
            self.refresh_plus_ids();
        }
    }
    /// Sets the goal order (see [`BoardManager::set_boxorder`]).
    pub fn set_goalorder(&mut self, goalorder: &str) {
        let was = self.plus.is_enabled();
        self.plus.set_goalorder(goalorder);
        if was != self.plus.is_enabled() {
            self.refresh_plus_ids();
        }
    }
    /// The plus ID of box `id` (0 for any ID while Sokoban+ is disabled).
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::NoBoxWithId`] for an unknown ID while enabled.
    pub fn box_plus_id(&self, id: usize) -> Result<u64, BoardManagerError> {
        Ok(self.plus.box_plus_id(id)?)
    }
    /// The plus ID of goal `id` (0 for any ID while Sokoban+ is disabled).
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::NoGoalWithId`] for an unknown ID while enabled.
    pub fn goal_plus_id(&self, id: usize) -> Result<u64, BoardManagerError> {
        Ok(self.plus.goal_plus_id(id)?)
    }

    /// Recomputes the effective plus IDs, the key prefixes, the hash (from scratch)
    /// and the solved count.
    fn refresh_plus_ids(&mut self) {
        self.box_plus.fill(DEFAULT_PLUS_ID);
        self.goal_plus.fill(DEFAULT_PLUS_ID);
        if let Some((boxes, goals)) = self.plus.enabled_ids() {
            // Valid data has exactly one plus ID per box (the piece count is the box
            // count); goals beyond the box count keep the default.
            for (slot, &id) in self.box_plus.iter_mut().zip(boxes) {
                *slot = id;
            }
            for (slot, &id) in self.goal_plus.iter_mut().zip(goals) {
                *slot = id;
            }
        }
        self.box_prefix.clear();
        self.box_prefix.extend(
            self.box_plus
                .iter()
                .map(|&plus| zobrist::prefix(KIND_BOX, plus)),
        );
        self.build_key_tables();
        let size = self.board.size();
        let fast = !self.plus.is_enabled()
            && self.board.cells().len() == size
            && self.board.neighbor_table().len() == size * 8
            && self.keys.len() >= size
            && self.piece_on.len() == size;
        self.fast_size = if fast { size } else { 0 };
        self.hash = self.recomputed_state_hash();
        self.recount_matched();
    }

    fn build_key_tables(&mut self) {
        let size = self.board.size();
        // The pusher and default box keys depend on the size alone: built once.
        if self.keys.len() < size {
            self.keys = match zobrist::shared_keys(size) {
                Some(shared) => shared,
                None if size.saturating_mul(2) <= KEY_TABLE_MAX_ENTRIES => {
                    (0..size).map(zobrist::position_keys).collect()
                }
                None => Arc::from([]),
            };
        }
        self.box_key_base.clear();
        self.box_key_base.resize(self.box_plus.len(), 0);
        self.box_keys = Arc::from([]);
        // Common case: every box has the default plus ID (Sokoban+ disabled), whose
        // keys are in `keys`.
        if self.box_plus.iter().all(|&plus| plus == DEFAULT_PLUS_ID) {
            return;
        }
        let mut classes: BTreeMap<u64, usize> = BTreeMap::new();
        for &plus in &self.box_plus {
            let next = classes.len();
            classes.entry(plus).or_insert(next);
        }
        let fits = size
            .checked_mul(classes.len() + 1)
            .is_some_and(|entries| entries <= KEY_TABLE_MAX_ENTRIES);
        if !fits {
            return;
        }
        let mut by_class: Vec<(usize, u64)> = classes.iter().map(|(&plus, &c)| (c, plus)).collect();
        by_class.sort_unstable();
        let mut box_keys = Vec::with_capacity(size * by_class.len());
        for &(_, plus) in &by_class {
            let prefix = zobrist::prefix(KIND_BOX, plus);
            box_keys.extend((0..size).map(|position| mix64(prefix ^ position as u64)));
        }
        self.box_keys = box_keys.into();
        for (base, plus) in self.box_key_base.iter_mut().zip(&self.box_plus) {
            *base = classes[plus] * size;
        }
    }

    fn recount_matched(&mut self) {
        self.matched = (0..self.boxes.len())
            .filter(|&index| self.box_matches_goal_at(index, self.boxes[index] as usize))
            .count();
    }

    // ---- state --------------------------------------------------------------------

    /// At least one pusher, and as many boxes as goals, more than zero.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::BoardManager;
    ///
    /// let playable = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
    /// assert!(BoardManager::new(playable).is_playable());
    /// let no_goal = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$ #\n#####")?;
    /// assert!(!BoardManager::new(no_goal).is_playable());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_playable(&self) -> bool {
        sokoengine_board::is_playable(self.pushers.len(), self.boxes.len(), self.goals.len())
    }

    /// As many boxes as goals, every box on a goal, and with Sokoban+ enabled each
    /// box's plus ID equal to that of the goal under it. Pushers play no role. O(1).
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.boxes.len() == self.goals.len() && self.matched == self.boxes.len()
    }

    /// Every assignment of boxes (box-ID order) to goal positions that solves the
    /// board, in lexicographic order of permutations of the goals (goal-ID order).
    /// Up to `n!` states: for inspection of small boards, never for the solved test.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::{BoardGraph, BoardPosition};
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::BoardManager;
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#@$$ #\n#  ..#\n######")?;
    /// let manager = BoardManager::new(board);
    /// let placements: Vec<Vec<BoardPosition>> =
    ///     manager.solutions().map(|state| state.boxes_positions).collect();
    /// let at = BoardPosition::new;
    /// assert_eq!(placements, [vec![at(15), at(16)], vec![at(16), at(15)]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self) -> Solutions<'_> {
        Solutions::new(self)
    }

    /// Whether box `id`, standing on `position`, would count as placed there: a goal is
    /// on `position` and, with Sokoban+ enabled, its plus ID equals the box's (the rule
    /// of [`BoardManager::is_solved`]). `false` for an unknown box ID or a position off
    /// the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::BoardManager;
    ///
    /// // Goals on 11 and 12.
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@$$..#\n#######")?;
    /// let mut manager = BoardManager::with_sokoban_plus(board, "1 2", "2 1");
    /// assert!(manager.box_fits_goal_at(1, 11));
    /// manager.enable_sokoban_plus()?;
    /// assert!(!manager.box_fits_goal_at(1, 11) && manager.box_fits_goal_at(1, 12));
    /// assert!(!manager.box_fits_goal_at(1, 10) && !manager.box_fits_goal_at(3, 12));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn box_fits_goal_at(&self, id: usize, position: impl Into<BoardPosition>) -> bool {
        let position = position.into().index();
        (1..=self.boxes.len()).contains(&id)
            && position < self.goal_on.len()
            && self.box_matches_goal_at(id - 1, position)
    }

    /// Pusher positions (by ID), box positions (by ID) and the hash.
    pub fn state(&self) -> BoardState {
        BoardState {
            pushers_positions: self.pushers.iter().map(|&p| position_of(p)).collect(),
            boxes_positions: self.boxes.iter().map(|&p| position_of(p)).collect(),
            zobrist_hash: Some(self.hash),
        }
    }

    /// The Zobrist hash of the current position (docs/rules.md#zobrist-hashing), kept up to date
    /// incrementally.
    #[inline]
    pub const fn state_hash(&self) -> u64 {
        self.hash
    }

    /// The hash of the current position computed from scratch; always equal to
    /// [`BoardManager::state_hash`].
    pub fn recomputed_state_hash(&self) -> u64 {
        let boxes = self
            .boxes
            .iter()
            .zip(&self.box_prefix)
            .fold(0, |hash, (&position, &prefix)| {
                hash ^ mix64(prefix ^ u64::from(position))
            });
        let pushers = self.pushers.iter().fold(0, |hash, &position| {
            hash ^ zobrist::pusher_key(position as usize)
        });
        BASE_KEY ^ boxes ^ pushers
    }

    /// The hash `state` would have on this board (box `i` of the state gets the plus
    /// ID of box ID `i + 1`), or `None` when the state's box count differs from the
    /// board's box or goal count.
    pub fn external_state_hash(&self, state: &BoardState) -> Option<u64> {
        let count = state.boxes_positions.len();
        if count != self.boxes.len() || count != self.goals.len() {
            return None;
        }
        let boxes = state
            .boxes_positions
            .iter()
            .zip(&self.box_prefix)
            .fold(0, |hash, (&position, &prefix)| {
                hash ^ mix64(prefix ^ position.index() as u64)
            });
        let pushers = state.pushers_positions.iter().fold(0, |hash, &position| {
            hash ^ zobrist::pusher_key(position.index())
        });
        Some(BASE_KEY ^ boxes ^ pushers)
    }

    // ---- switching ------------------------------------------------------------------

    /// The (box ID, goal ID) pairs used by [`BoardManager::switch_boxes_and_goals`]:
    /// box `i` with goal `i`, or with Sokoban+ enabled, each goal in ID order with the
    /// first unpaired box of equal plus ID.
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::SwitchCounts`] when the counts differ.
    pub fn box_goal_pairs(&self) -> Result<Vec<(usize, usize)>, BoardManagerError> {
        let (boxes, goals) = (self.boxes.len(), self.goals.len());
        if boxes != goals {
            return Err(BoardManagerError::SwitchCounts { boxes, goals });
        }
        if !self.plus.is_enabled() {
            return Ok((1..=boxes).map(|id| (id, id)).collect());
        }
        // Boxes of each plus ID in ID order; goals take them front to back.
        let mut queues: BTreeMap<u64, std::collections::VecDeque<usize>> = BTreeMap::new();
        for (index, &plus) in self.box_plus.iter().enumerate() {
            queues.entry(plus).or_default().push_back(index + 1);
        }
        let mut pairs = Vec::with_capacity(goals);
        for (index, plus) in self.goal_plus.iter().enumerate() {
            // Enabled data is valid, so plus IDs are equal multisets.
            if let Some(box_id) = queues.get_mut(plus).and_then(|q| q.pop_front()) {
                pairs.push((box_id, index + 1));
            }
        }
        Ok(pairs)
    }

    /// Switches boxes and goals simultaneously (reverse mode): every box moves to its
    /// paired goal's position and every goal to its paired box's old position. A
    /// pusher on a cell that receives a box moves to the old position of the box
    /// that arrived there, following the chain until a cell without a box. IDs and
    /// plus IDs stay with their pieces; switching twice restores every position.
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::SwitchCounts`] when the counts differ (nothing changes).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::BoardManager;
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "########\n#--+---#\n#----$-#\n########")?;
    /// let mut manager = BoardManager::new(board);
    /// manager.switch_boxes_and_goals()?;
    /// // The pusher stood on the goal that receives the box: it moves to the box's old place.
    /// assert_eq!(manager.board().to_board_str(true, false), "########\n#--$---#\n#----+-#\n########");
    /// manager.switch_boxes_and_goals()?;
    /// assert_eq!(manager.board().to_board_str(true, false), "########\n#--+---#\n#----$-#\n########");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn switch_boxes_and_goals(&mut self) -> Result<(), BoardManagerError> {
        let pairs = self.box_goal_pairs()?;
        let old_boxes = self.boxes.clone();
        let old_goals = self.goals.clone();
        let mut new_boxes = old_boxes.clone();
        let mut new_goals = old_goals.clone();
        for &(box_id, goal_id) in &pairs {
            new_boxes[box_id - 1] = old_goals[goal_id - 1];
            new_goals[goal_id - 1] = old_boxes[box_id - 1];
        }
        // Which box arrives on each cell (box ID), for the pusher chain.
        let size = self.board.size();
        let mut arriving = vec![NO_ID; size];
        for (index, &position) in new_boxes.iter().enumerate() {
            arriving[position as usize] = index as u32 + 1;
        }
        let mut new_pushers = self.pushers.clone();
        for position in &mut new_pushers {
            let mut at = *position as usize;
            // The chain visits distinct cells (the "old position of the box arriving
            // here" map is injective), so it ends within `boxes` steps.
            while arriving[at] != NO_ID {
                at = old_boxes[arriving[at] as usize - 1] as usize;
            }
            *position = at as u32;
        }
        // Clear every moved piece, then place them again, so overlapping old and new
        // positions cannot clobber each other.
        for (&position, _) in self.pushers.iter().zip(&new_pushers) {
            self.board[position as usize].remove_pusher();
            self.piece_on[position as usize] = NO_ID;
        }
        for &position in &old_boxes {
            self.board[position as usize].remove_box();
            self.piece_on[position as usize] = NO_ID;
        }
        for &position in &old_goals {
            self.board[position as usize].remove_goal();
            self.goal_on[position as usize] = NO_ID;
        }
        for (index, &position) in new_goals.iter().enumerate() {
            self.board[position as usize].put_goal();
            self.goal_on[position as usize] = index as u32 + 1;
        }
        for (index, &position) in new_boxes.iter().enumerate() {
            self.board[position as usize].put_box();
            self.piece_on[position as usize] = index as u32 + 1;
        }
        for (index, &position) in new_pushers.iter().enumerate() {
            self.board[position as usize].put_pusher();
            self.piece_on[position as usize] = index as u32 + 1;
        }
        self.boxes = new_boxes;
        self.goals = new_goals;
        self.pushers = new_pushers;
        self.hash = self.recomputed_state_hash();
        self.recount_matched();
        Ok(())
    }
}

impl std::fmt::Debug for BoardManager {
    /// Pieces by ID, Sokoban+ orders and hash (the tables are left out).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoardManager")
            .field("pushers", &self.pushers_positions())
            .field("boxes", &self.boxes_positions())
            .field("goals", &self.goals_positions())
            .field("boxorder", &self.boxorder())
            .field("goalorder", &self.goalorder())
            .field("sokoban_plus_enabled", &self.plus.is_enabled())
            .field("state_hash", &format_args!("{:#018x}", self.hash))
            .field("board", &self.board.to_board_str(true, false))
            .finish()
    }
}

/// What a step on the fast path reads and writes, borrowed apart from the
/// [`BoardManager`]: the per-cell slices have one length (the board size), so a
/// single check of a position covers all of them.
struct StepTables<'a> {
    cells: &'a mut [BoardCell],
    neighbors: &'a [u32],
    piece_on: &'a mut [u32],
    boxes: &'a mut [u32],
    keys: &'a [[u64; 2]],
    /// The moving pusher's position.
    pusher: &'a mut u32,
    hash: &'a mut u64,
    matched: &'a mut usize,
}

/// The loop state of [`BoardManager::play_plain_steps`]: the tables and local
/// copies of the pusher's position, the hash and the solved count, kept in
/// registers from step to step.
struct StepView<'a> {
    cells: &'a mut [BoardCell],
    neighbors: &'a [u32],
    piece_on: &'a mut [u32],
    boxes: &'a mut [u32],
    keys: &'a [[u64; 2]],
    pusher_id: u32,
    /// The pusher's position.
    position: usize,
    hash: u64,
    matched: usize,
    /// ID of the box moved by the last step played, or 0.
    last_box: u32,
}

impl StepView<'_> {
    /// Plays the leading steps that do what they say (see
    /// [`BoardManager::play_plain_steps`]); returns how many.
    #[inline(always)]
    fn play<const REVERSE: bool>(&mut self, steps: &[PusherStep]) -> usize {
        for (index, step) in steps.iter().enumerate() {
            if step.is_jump() || step.is_pusher_selection() {
                return index;
            }
            let rule = if step.is_push_or_pull() {
                BoxRule::Required
            } else {
                BoxRule::Forbidden
            };
            if !self.step::<REVERSE>(step.direction(), rule) {
                return index;
            }
        }
        steps.len()
    }

    /// Makes one step when the rules allow it and it moves a box as `rule` says;
    /// otherwise changes nothing and returns false.
    #[inline(always)]
    fn step<const REVERSE: bool>(&mut self, direction: Direction, rule: BoxRule) -> bool {
        match plain_step::<REVERSE, false>(
            self.cells,
            self.neighbors,
            self.piece_on,
            self.boxes,
            self.keys,
            self.pusher_id,
            self.position,
            &mut self.hash,
            &mut self.matched,
            direction,
            rule,
        ) {
            Some((to, moved_box)) => {
                self.position = to;
                self.last_box = moved_box;
                true
            }
            None => false,
        }
    }
}

/// Pusher `pusher_id` on `from` makes one step in `direction` when the rule of a step (the compact core's [`forward_step`] or, for
/// `REVERSE`, [`reverse_step`]) allows it with `rule`, updating the cells, IDs, box
/// positions, `hash` and `matched`; returns the pusher's new position and the ID of
/// the box moved (0 for none). Otherwise changes nothing and returns `None`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn plain_step<const REVERSE: bool, const BACKWARDS: bool>(
    cells: &mut [BoardCell],
    neighbors: &[u32],
    piece_on: &mut [u32],
    boxes: &mut [u32],
    keys: &[[u64; 2]],
    pusher_id: u32,
    from: usize,
    hash: &mut u64,
    matched: &mut usize,
    direction: Direction,
    rule: BoxRule,
) -> Option<(usize, u32)> {
    let table = TableCells::new(cells, neighbors);
    let pusher = BoardPosition::new(from);
    // The opposite of an undo's direction is taken by the table's slots (one `xor`).
    let moved = match (REVERSE, BACKWARDS) {
        (true, false) => reverse_step(&table, pusher, direction, rule),
        (false, false) => forward_step(&table, pusher, direction, rule),
        (true, true) => reverse_step(&Backwards(&table), pusher, direction, rule),
        (false, true) => forward_step(&Backwards(&table), pusher, direction, rule),
    }
    .ok()?;
    let to = moved.target.index();
    let target = cells[to];
    // The rule has checked everything; each case writes what it changes in one go:
    // the cells involved are distinct (the pusher's, a cell without pusher, a
    // box's). `piece_on` is read only where a cell's flags show a piece, so
    // vacated cells keep their stale IDs. Every box has the default plus ID, so any
    // goal matches.
    // `REVERSE` is a constant: each instance tests the one field its rule can set.
    let box_move = if REVERSE { moved.pulled } else { moved.pushed };
    let moved_box = match box_move {
        None => {
            walk(cells, piece_on, keys, pusher_id, hash, from, to, target);
            0
        }
        Some((behind, _)) if REVERSE => {
            // The pusher steps away and pulls the box onto its old cell.
            let behind = behind.index();
            let box_cell = cells[behind];
            let mut vacated = cells[from];
            let box_id = piece_on[behind];
            *hash ^= keys[from][0] ^ keys[to][0] ^ keys[behind][1] ^ keys[from][1];
            *matched =
                *matched - usize::from(box_cell.has_goal()) + usize::from(vacated.has_goal());
            let mut emptied = box_cell;
            emptied.remove_box();
            cells[behind] = emptied;
            vacated.put_box();
            cells[from] = vacated;
            let mut entered = target;
            entered.put_pusher();
            cells[to] = entered;
            piece_on[to] = pusher_id;
            piece_on[from] = box_id;
            set_box_position(boxes, box_id, from);
            box_id
        }
        Some((_, box_to)) => {
            // The pusher steps onto the box's cell and pushes it on.
            let box_to = box_to.index();
            let box_cell = cells[box_to];
            let mut vacated = cells[from];
            let box_id = piece_on[to];
            *hash ^= keys[from][0] ^ keys[to][0] ^ keys[to][1] ^ keys[box_to][1];
            *matched = *matched - usize::from(target.has_goal()) + usize::from(box_cell.has_goal());
            vacated.remove_pusher();
            cells[from] = vacated;
            // Clears the box flag too.
            let mut entered = target;
            entered.put_pusher();
            cells[to] = entered;
            let mut filled = box_cell;
            filled.put_box();
            cells[box_to] = filled;
            piece_on[to] = pusher_id;
            piece_on[box_to] = box_id;
            set_box_position(boxes, box_id, box_to);
            box_id
        }
    };
    Some((to, moved_box))
}

/// The pusher steps from `from` to the free cell `to` (holding `target`).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn walk(
    cells: &mut [BoardCell],
    piece_on: &mut [u32],
    keys: &[[u64; 2]],
    pusher_id: u32,
    hash: &mut u64,
    from: usize,
    to: usize,
    target: BoardCell,
) {
    *hash ^= keys[from][0] ^ keys[to][0];
    cells[from].remove_pusher();
    let mut entered = target;
    entered.put_pusher();
    cells[to] = entered;
    piece_on[to] = pusher_id;
}

/// Records that box `box_id` (an ID from `piece_on`, so valid) now stands on
/// `position`.
#[inline(always)]
fn set_box_position(boxes: &mut [u32], box_id: u32, position: usize) {
    if let Some(slot) = (box_id as usize)
        .checked_sub(1)
        .and_then(|i| boxes.get_mut(i))
    {
        *slot = position as u32;
    }
}

fn lookup(positions: &[u32], id: usize) -> Option<usize> {
    id.checked_sub(1)
        .and_then(|index| positions.get(index))
        .map(|&p| p as usize)
}

/// A position as the manager's tables store it.
const fn position_of(position: u32) -> BoardPosition {
    BoardPosition::new(position as usize)
}

fn id_map(positions: &[u32]) -> BTreeMap<usize, BoardPosition> {
    positions
        .iter()
        .enumerate()
        .map(|(index, &p)| (index + 1, position_of(p)))
        .collect()
}

/// Iterator over the solved box placements of a board (see
/// [`BoardManager::solutions`]); a depth-first search that assigns goals to boxes in
/// ID order and skips goals of another plus ID, so it yields the states of the
/// lexicographic permutation order without visiting the others.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_mover::BoardManager;
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@$$$ #\n# ... #\n#######")?;
/// // Three boxes, three goals: 3! placements.
/// assert_eq!(BoardManager::new(board).solutions().count(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solutions<'a> {
    manager: &'a BoardManager,
    /// Goal index chosen for each box so far.
    chosen: Vec<usize>,
    used: Vec<bool>,
    /// Next goal index to try at the current depth.
    next: usize,
    done: bool,
}

impl<'a> Solutions<'a> {
    fn new(manager: &'a BoardManager) -> Solutions<'a> {
        let n = manager.boxes.len();
        Solutions {
            manager,
            chosen: Vec::with_capacity(n),
            used: vec![false; manager.goals.len()],
            next: 0,
            done: n != manager.goals.len(),
        }
    }
}

impl Iterator for Solutions<'_> {
    type Item = BoardState;

    fn next(&mut self) -> Option<BoardState> {
        let manager = self.manager;
        let n = manager.boxes.len();
        while !self.done {
            let depth = self.chosen.len();
            if depth == n {
                let state = BoardState {
                    pushers_positions: Vec::new(),
                    boxes_positions: self
                        .chosen
                        .iter()
                        .map(|&g| position_of(manager.goals[g]))
                        .collect(),
                    zobrist_hash: None,
                };
                self.backtrack();
                return Some(state);
            }
            let candidate = (self.next..n)
                .find(|&g| !self.used[g] && manager.goal_plus[g] == manager.box_plus[depth]);
            match candidate {
                Some(goal) => {
                    self.used[goal] = true;
                    self.chosen.push(goal);
                    self.next = 0;
                }
                None => self.backtrack(),
            }
        }
        None
    }
}

impl Solutions<'_> {
    /// Undoes the last choice and continues after it; ends the search at the root.
    fn backtrack(&mut self) {
        match self.chosen.pop() {
            Some(goal) => {
                self.used[goal] = false;
                self.next = goal + 1;
            }
            None => self.done = true,
        }
    }
}

/// [`BoardGraph::neighbor`] for boards without a neighbour table, out of line so that
/// the Mover's steps keep only the table's path.
#[cold]
#[inline(never)]
fn neighbor_without_table(
    board: &BoardGraph,
    position: usize,
    direction: Direction,
) -> Option<usize> {
    board
        .neighbor(position, direction)
        .map(BoardPosition::index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_geometry::Tessellation;

    fn manager(text: &str) -> BoardManager {
        BoardManager::new(BoardGraph::parse(Tessellation::Sokoban, text).unwrap())
    }

    #[test]
    fn ids_are_row_major_and_rebuild_renumbers() {
        let text = "######\n#    #\n# $  #\n#  $.#\n#@ . #\n######";
        let mut m = manager(text);
        assert_eq!(
            m.boxes_positions(),
            BTreeMap::from([(1, 14.into()), (2, 21.into())])
        );
        m.move_box(2, 9).unwrap();
        assert_eq!(
            m.boxes_positions(),
            BTreeMap::from([(1, 14.into()), (2, 9.into())])
        );
        let rebuilt = BoardManager::new(m.into_board());
        assert_eq!(
            rebuilt.boxes_positions(),
            BTreeMap::from([(1, 9.into()), (2, 14.into())])
        );
    }

    #[test]
    fn move_errors_follow_the_reference_order() {
        let mut m = manager("#####\n#@$$#\n#.. #\n#####");
        assert_eq!(
            m.move_box_from(7, 99),
            Err(BoardManagerError::PositionOutOfRange {
                position: 99.into()
            })
        );
        assert_eq!(
            m.move_box_from(13, 8),
            Err(BoardManagerError::NoBoxOn {
                position: 13.into()
            })
        );
        // An off-board source is out of range, not "no box there" (sokoenginepy 1.0.3
        // says `No box on position: 42000`).
        for (from, to) in [(42000, 0), (42000, 42000)] {
            let out_of_range = Err(BoardManagerError::PositionOutOfRange {
                position: 42000.into(),
            });
            assert_eq!(m.move_box_from(from, to), out_of_range);
            assert_eq!(m.move_pusher_from(from, to), out_of_range);
        }
        assert_eq!(
            m.move_box_from(7, 8).unwrap_err().to_string(),
            "Box ID: 1 can't be placed in position 8 occupied by '$'"
        );
        assert_eq!(
            m.move_pusher(1, 0).unwrap_err().to_string(),
            "Pusher ID: 1 can't be placed in position 0 occupied by '#'"
        );
        assert_eq!(
            m.move_pusher(1, 7).unwrap_err().to_string().chars().last(),
            Some('\'')
        );
        assert_eq!(m.move_box_from(3, 3), Ok(()), "old == new does nothing");
        assert_eq!(
            m.pusher_position(2),
            Err(BoardManagerError::NoPusherWithId { id: 2 })
        );
        assert!(!m.has_pusher(0) && !m.has_box_on(usize::MAX) && m.has_goal_on(11));
    }

    #[test]
    fn solved_with_pushers_on_the_board() {
        let m = manager("#####\n#@* #\n#####");
        assert!(m.is_solved());
        let m = manager("#####\n#@$.#\n#####");
        assert!(!m.is_solved());
        let m = manager("#####\n#@* .#\n#####");
        assert!(!m.is_solved(), "more goals than boxes");
    }

    #[test]
    fn boxes_fit_goals_by_plus_id() {
        let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@$$*.#\n#######").unwrap();
        let mut m = BoardManager::with_sokoban_plus(board, "1 2 3", "3 1 2");
        for position in [11, 12] {
            assert!((1..=3).all(|id| m.box_fits_goal_at(id, position)));
        }
        m.enable_sokoban_plus().unwrap();
        // Goal 1 (position 11) takes plus ID 3, goal 2 (position 12) plus ID 1.
        assert_eq!(
            (1..=3)
                .map(|id| m.box_fits_goal_at(id, 11))
                .collect::<Vec<_>>(),
            [false, false, true]
        );
        assert!(m.box_fits_goal_at(1, 12) && !m.box_fits_goal_at(3, 12));
        assert!(
            !m.box_fits_goal_at(0, 11) && !m.box_fits_goal_at(1, 99) && !m.box_fits_goal_at(1, 8)
        );
    }

    #[test]
    fn switching_moves_pushers_along_the_chain() {
        // Pusher on goal 1; box 1 on goal 2 and box 2 elsewhere: box 1 goes to goal 1
        // (under the pusher), box 2 goes to box 1's cell.
        let mut m = manager("#######\n#+*$  #\n#######");
        m.switch_boxes_and_goals().unwrap();
        assert_eq!(m.board().to_string(), "#######\n#$*+  #\n#######");
        m.switch_boxes_and_goals().unwrap();
        assert_eq!(m.board().to_string(), "#######\n#+*$  #\n#######");
        assert_eq!(m.state_hash(), m.recomputed_state_hash());
        let mut uneven = manager("#####\n#@$ #\n#####");
        assert_eq!(
            uneven.switch_boxes_and_goals().unwrap_err().to_string(),
            "Unable to switch boxes and goals - counts are not the same"
        );
    }
}
