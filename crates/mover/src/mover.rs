//! Game rules: forward and reverse play, pusher selection, jumps, undo
//! (docs/rules.md#moving).

use std::fmt;

use sokoengine_board::compact::{BlockedKind, BoxRule, forward_step, reverse_step};
use sokoengine_board::{BoardGraph, BoardPosition, Puzzle, SizeError};
use sokoengine_geometry::Direction;

use crate::manager::{BoardManager, BoardManagerError};
use crate::step::{DEFAULT_ID, PusherStep};

/// Forward (push) or reverse (pull) solving.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_mover::{Mover, SolvingMode};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let reverse = Mover::new(board, SolvingMode::Reverse)?;
/// // Reverse mode starts from the solved position: boxes and goals are switched.
/// assert_eq!(reverse.board().to_string(), "#######\n#@ . $#\n#######");
/// assert_eq!(SolvingMode::default(), SolvingMode::Forward);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SolvingMode {
    /// Pushers push one box at a time and never pull.
    #[default]
    Forward,
    /// The board starts with boxes and goals switched; pushers pull (optionally) and
    /// may jump before the first pull.
    Reverse,
}

/// A failed [`Mover`] operation. `Display` gives the specification's exact text.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::{Direction, Tessellation};
/// use sokoengine_mover::{Mover, MoverError, SolvingMode};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
/// let mut mover = Mover::new(board.clone(), SolvingMode::Forward)?;
/// assert!(matches!(mover.jump(3), Err(MoverError::JumpInForwardMode)));
/// let error = mover.try_move(Direction::Up).unwrap_err();
/// assert_eq!(error.to_string(), "Pusher ID: 1 can't be placed in position 1 occupied by '#'");
/// let empty = BoardGraph::parse(Tessellation::Sokoban, "#####\n# $.#\n#####")?;
/// assert!(matches!(Mover::new(empty, SolvingMode::Forward), Err(MoverError::NotPlayable)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoverError {
    /// The board has no pusher, or box and goal counts differ or are zero.
    #[error("Board is not playable!")]
    NotPlayable,
    /// The pusher's step leads off the board (or is illegal in the tessellation).
    #[error("Can't move pusher off board! (ID: {pusher_id}, direction: {})", direction.qualified_name())]
    PusherOffBoard {
        /// The moving pusher.
        pusher_id: usize,
        /// The direction of the step.
        direction: Direction,
    },
    /// The pushed box's step leads off the board.
    #[error("Can't push box off board! (ID: {box_id}, direction: {})", direction.qualified_name())]
    BoxOffBoard {
        /// The box.
        box_id: usize,
        /// The direction of the push.
        direction: Direction,
    },
    /// A jump after the first pull.
    #[error("Jumps not allowed after first pull")]
    JumpAfterPull,
    /// A jump in forward mode.
    #[error("Jumps allowed only in reverse solving mode")]
    JumpInForwardMode,
    /// Undoing a push with no box beside the pusher in the push direction.
    #[error("Requested push undo, but no box behind pusher!")]
    NoBoxBehindPusher,
    /// A blocked destination, an unknown pusher, an off-board position, ...
    #[error(transparent)]
    Board(#[from] BoardManagerError),
    /// The puzzle is too large for a board graph ([`Mover::from_puzzle`]).
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A point past the end of a [`Game`](crate::Game)'s history.
    #[error("the history holds {len} operations: there is no point {position} in it")]
    NotInHistory {
        /// The point asked for (operations done).
        position: usize,
        /// Operations in the history.
        len: usize,
    },
}

impl MoverError {
    /// The message with each board position named by row and column, counted from 1,
    /// on a board `width` cells wide (see [`BoardManagerError::cells_message`]);
    /// `Display` keeps the specification's text.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_mover::Mover;
    ///
    /// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
    /// let error = Mover::from_puzzle(&puzzle)?.try_move(Direction::Up).unwrap_err();
    /// assert_eq!(error.to_string(), "Pusher ID: 1 can't be placed in position 1 occupied by '#'");
    /// assert_eq!(error.cells_message(puzzle.width()), "Pusher ID: 1 can't be placed in row 1, column 2 occupied by '#'");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cells_message(&self, width: usize) -> String {
        match self {
            MoverError::Board(error) => error.cells_message(width),
            other => other.to_string(),
        }
    }
}

/// One piece movement done during an undo, recorded so a failing undo can be rolled
/// back.
#[derive(Debug, Clone, Copy)]
enum Done {
    Pusher { id: usize, from: usize, to: usize },
    Box { id: usize, from: usize, to: usize },
}

/// Game rules on a board: moves, pushes, pulls, jumps, pusher selection and a
/// single-level undo, in forward or reverse mode.
///
/// * Every failed operation leaves the board, the hash, the selected pusher,
///   the push and pull counts and `last_move` as they were, and returns a [`MoverError`] whose
///   message is the specification's text.
/// * [`Mover::try_move`] and an undo of a single step do not allocate: `last_move`
///   and the undo buffers are reused.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::{Direction, Tessellation};
/// use sokoengine_mover::{Mover, SolvingMode};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let mut mover = Mover::new(board, SolvingMode::Forward)?;
/// mover.try_move(Direction::Right)?;
/// mover.try_move(Direction::Right)?;
/// assert_eq!(mover.last_move()[0].moved_box_id(), Some(1));
/// mover.try_move(Direction::Right)?;
/// assert!(mover.is_solved());
/// mover.undo_last_move()?;
/// assert_eq!(mover.board().to_string(), "#######\n#  @$.#\n#######");
/// let error = mover.try_move(Direction::Up).unwrap_err();
/// assert_eq!(error.to_string(), "Pusher ID: 1 can't be placed in position 3 occupied by '#'");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Mover {
    manager: BoardManager,
    mode: SolvingMode,
    selected_pusher: usize,
    pulls_boxes: bool,
    /// Boxes moved so far, less those moved back by undos: pushes in forward mode,
    /// pulls in reverse mode.
    box_moves: usize,
    last_move: Vec<PusherStep>,
    /// Reused by `undo_last_move` for the steps it produces.
    undo_steps: Vec<PusherStep>,
    /// Reused by `undo_last_move` for its rollback journal.
    journal: Vec<Done>,
    /// Reused for the directions of a jump or selection run.
    directions: Vec<Direction>,
}

impl Mover {
    /// A mover on `board`; in reverse mode boxes and goals are switched first.
    ///
    /// # Errors
    ///
    /// [`MoverError::NotPlayable`] when the board is not playable.
    pub fn new(board: BoardGraph, mode: SolvingMode) -> Result<Mover, MoverError> {
        Mover::with_manager(BoardManager::new(board), mode)
    }

    /// A forward-mode mover on `puzzle`'s board: the common start of play. (Reverse
    /// mode and Sokoban+ start from [`Mover::new`] and [`Mover::with_manager`].)
    ///
    /// # Errors
    ///
    /// [`MoverError::Size`] for a board too large for a board graph,
    /// [`MoverError::NotPlayable`] when the board is not playable.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_mover::{Mover, MoverError};
    ///
    /// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
    /// let mut mover = Mover::from_puzzle(&puzzle)?;
    /// mover.try_move(Direction::Right)?;
    /// assert!(mover.is_solved());
    /// let empty = Puzzle::parse(Tessellation::Sokoban, "#####\n#  .#\n#####")?;
    /// assert!(matches!(Mover::from_puzzle(&empty), Err(MoverError::NotPlayable)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_puzzle(puzzle: &Puzzle) -> Result<Mover, MoverError> {
        Mover::new(BoardGraph::new(puzzle)?, SolvingMode::Forward)
    }

    /// A mover on a prepared manager (for example with Sokoban+ enabled, which
    /// decides the box/goal pairs of reverse mode).
    ///
    /// # Errors
    ///
    /// [`MoverError::NotPlayable`] when the board is not playable.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::{BoardManager, Mover, SolvingMode};
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@$$..#\n#######")?;
    /// // Sokoban+: box 1 belongs on goal 2 and box 2 on goal 1.
    /// let mut manager = BoardManager::with_sokoban_plus(board, "1 2", "2 1");
    /// manager.enable_sokoban_plus()?;
    /// let reverse = Mover::with_manager(manager, SolvingMode::Reverse)?;
    /// // Reverse mode pairs each goal with the box of its colour.
    /// assert_eq!(reverse.board_manager().boxes_positions().into_values().collect::<Vec<_>>(), [12, 11]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_manager(mut manager: BoardManager, mode: SolvingMode) -> Result<Mover, MoverError> {
        if !manager.is_playable() {
            return Err(MoverError::NotPlayable);
        }
        if mode == SolvingMode::Reverse {
            manager.switch_boxes_and_goals()?;
        }
        Ok(Mover {
            manager,
            mode,
            selected_pusher: DEFAULT_ID,
            pulls_boxes: true,
            box_moves: 0,
            last_move: Vec::with_capacity(8),
            undo_steps: Vec::with_capacity(8),
            journal: Vec::with_capacity(8),
            directions: Vec::new(),
        })
    }

    /// The solving mode.
    pub const fn solving_mode(&self) -> SolvingMode {
        self.mode
    }
    /// The board.
    pub const fn board(&self) -> &BoardGraph {
        self.manager.board()
    }
    /// The board manager (IDs, Sokoban+, hash, solved state).
    pub const fn board_manager(&self) -> &BoardManager {
        &self.manager
    }
    /// Mutable access to the manager, for Sokoban+ settings. Moving pieces through
    /// it bypasses the game rules (but keeps IDs and the hash consistent).
    pub fn board_manager_mut(&mut self) -> &mut BoardManager {
        &mut self.manager
    }
    /// Gives the manager back.
    pub fn into_board_manager(self) -> BoardManager {
        self.manager
    }
    /// The pusher that makes the next move (initially 1).
    pub const fn selected_pusher(&self) -> usize {
        self.selected_pusher
    }
    /// Whether reverse-mode moves pull the box behind the pusher (initially true).
    pub const fn pulls_boxes(&self) -> bool {
        self.pulls_boxes
    }
    /// Sets [`Mover::pulls_boxes`].
    pub fn set_pulls_boxes(&mut self, pulls_boxes: bool) {
        self.pulls_boxes = pulls_boxes;
    }
    /// Pulls made so far in reverse mode (less those undone); jumps need 0. Always 0
    /// in forward mode.
    pub const fn pull_count(&self) -> usize {
        match self.mode {
            SolvingMode::Reverse => self.box_moves,
            SolvingMode::Forward => 0,
        }
    }
    /// Pushes made so far in forward mode (less those undone). Always 0 in reverse
    /// mode.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_mover::Mover;
    ///
    /// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
    /// let mut mover = Mover::from_puzzle(&puzzle)?;
    /// for _ in 0..3 {
    ///     mover.try_move(Direction::Right)?;
    /// }
    /// assert_eq!(mover.push_count(), 2);
    /// mover.undo_last_move()?;
    /// assert_eq!(mover.push_count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn push_count(&self) -> usize {
        match self.mode {
            SolvingMode::Forward => self.box_moves,
            SolvingMode::Reverse => 0,
        }
    }
    /// Whether the board is solved (see [`BoardManager::is_solved`]).
    pub fn is_solved(&self) -> bool {
        self.manager.is_solved()
    }
    /// The Zobrist hash of the position.
    pub const fn state_hash(&self) -> u64 {
        self.manager.state_hash()
    }

    /// The steps of the most recent operation (a move, a jump, a selection or an
    /// undo), in the order performed.
    pub fn last_move(&self) -> &[PusherStep] {
        &self.last_move
    }
    /// Replaces `last_move`; [`Mover::undo_last_move`] then undoes these steps.
    pub fn set_last_move(&mut self, steps: impl IntoIterator<Item = PusherStep>) {
        self.last_move.clear();
        self.last_move.extend(steps);
    }
    /// Mutable access to `last_move`.
    pub fn last_move_mut(&mut self) -> &mut Vec<PusherStep> {
        &mut self.last_move
    }

    #[inline(always)]
    fn selected_position(&self) -> usize {
        // The selected pusher always exists: selection checks the ID.
        self.manager
            .pusher_position(self.selected_pusher)
            .unwrap_or_default()
            .index()
    }

    /// Selects the pusher that makes the next move. Selecting the selected pusher
    /// does nothing; otherwise `last_move` becomes the jump path from the old
    /// pusher to the new one as selection steps (pusher ID 1).
    ///
    /// # Errors
    ///
    /// [`BoardManagerError::NoPusherWithId`] for an unknown ID.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_mover::{Mover, SolvingMode};
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "########\n#@ $. @#\n########")?;
    /// let mut mover = Mover::new(board, SolvingMode::Forward)?;
    /// mover.select_pusher(2)?;
    /// assert_eq!(mover.last_move().len(), 5); // the path from pusher 1 to pusher 2
    /// assert!(mover.last_move().iter().all(|step| step.is_pusher_selection()));
    /// mover.try_move(Direction::Left)?; // pusher 2 steps left
    /// assert_eq!(mover.board_manager().pusher_position(2)?, 13);
    /// assert!(mover.select_pusher(3).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn select_pusher(&mut self, pusher_id: usize) -> Result<(), MoverError> {
        if pusher_id == self.selected_pusher {
            return Ok(());
        }
        let to = self.manager.pusher_position(pusher_id)?.index();
        let from = self.selected_position();
        self.fill_path(from, to);
        self.last_move.clear();
        self.last_move
            .extend(self.directions.iter().map(|&d| PusherStep::selection(d)));
        self.selected_pusher = pusher_id;
        Ok(())
    }

    /// The directions of the jump path `from → to` (both on the board), into
    /// `self.directions`.
    fn fill_path(&mut self, from: usize, to: usize) {
        let board = self.manager.board();
        let path = board.find_jump_path(from, to).unwrap_or_default();
        self.directions.clear();
        for pair in path.windows(2) {
            let direction = board
                .neighbors(pair[0])
                .find(|&(_, n)| n == pair[1])
                .map(|(d, _)| d);
            self.directions.extend(direction);
        }
    }

    /// Moves the selected pusher one step.
    ///
    /// Forward mode pushes the box in front of the pusher, if any. Reverse mode
    /// never pushes; when [`Mover::pulls_boxes`] is set, the box behind the pusher's
    /// old position (if any) is pulled along and `pull_count` grows. On success
    /// `last_move` is the one step made.
    ///
    /// # Errors
    ///
    /// [`MoverError::PusherOffBoard`], [`MoverError::BoxOffBoard`],
    /// [`BoardManagerError::BoxBlocked`] or [`BoardManagerError::PusherBlocked`]
    /// (inside [`MoverError::Board`]); nothing changes.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_mover::{Mover, SolvingMode};
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@$  .#\n#######")?;
    /// let mut reverse = Mover::new(board, SolvingMode::Reverse)?;
    /// // Reverse mode: the box starts on the goal; walking away from it pulls it along.
    /// reverse.jump(11)?;
    /// reverse.try_move(Direction::Left)?;
    /// assert_eq!(reverse.pull_count(), 1);
    /// assert_eq!(reverse.board().to_string(), "#######\n# .@$ #\n#######");
    /// assert!(reverse.try_move(Direction::Right).is_err()); // boxes are never pushed
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn try_move(&mut self, direction: Direction) -> Result<(), MoverError> {
        let pusher_id = self.selected_pusher;
        let moved = match self.mode {
            SolvingMode::Forward => {
                self.manager
                    .fast_step::<false, false>(pusher_id, direction, BoxRule::Auto)
            }
            SolvingMode::Reverse => {
                let rule = if self.pulls_boxes {
                    BoxRule::Auto
                } else {
                    BoxRule::Forbidden
                };
                self.manager
                    .fast_step::<true, false>(pusher_id, direction, rule)
            }
        };
        if let Some(box_id) = moved {
            self.box_moves += usize::from(box_id != 0);
            self.record_single_step(PusherStep::push(direction, box_id).with_pusher_id(pusher_id));
            return Ok(());
        }
        self.checked_move(direction)
    }

    /// [`Mover::try_move`] with every check on the way, for what the fast path
    /// refuses or does not handle: it makes the same step or says why not.
    #[inline(never)]
    fn checked_move(&mut self, direction: Direction) -> Result<(), MoverError> {
        let step = match self.mode {
            SolvingMode::Forward => self.push_or_move(direction, None)?,
            SolvingMode::Reverse => {
                let pulls = self.pulls_boxes;
                self.pull_or_move(direction, pulls, None)?
            }
        };
        self.box_moves += usize::from(step.is_push_or_pull());
        self.record_single_step(step);
        Ok(())
    }

    /// Plays steps as written, for replaying a move text: each leading step of
    /// `steps` that is a move, push or pull (not a jump or selection) is made with
    /// [`Mover::try_move`] in its direction, where in reverse mode
    /// [`Mover::pulls_boxes`] is first set to whether the step has a box ID. Stops
    /// before the first step that is a jump or selection, that the rules refuse, or
    /// that would move a box while it has no box ID or move none while it has one;
    /// that step and everything after it are left alone. Returns the number of
    /// steps played.
    ///
    /// Playing `n` steps leaves exactly the state `n` such `try_move` calls leave
    /// (board, hash, push and pull counts, `pulls_boxes`, `last_move`), in one pass
    /// without per-step bookkeeping. To find out why it stopped, make the next step
    /// with `try_move`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_mover::{Mover, PusherStep, SolvingMode};
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
    /// let mut mover = Mover::new(board, SolvingMode::Forward)?;
    /// let r = PusherStep::new(Direction::Right);
    /// let push_r = PusherStep::push(Direction::Right, 1);
    /// // The third step says "move" but would push: play stops before it.
    /// assert_eq!(mover.play_moves(&[r, push_r, r, push_r]), 2);
    /// assert_eq!(mover.board().to_string(), "#######\n#  @$.#\n#######");
    /// assert_eq!(mover.last_move()[0].moved_box_id(), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_moves(&mut self, steps: &[PusherStep]) -> usize {
        let reverse = self.mode == SolvingMode::Reverse;
        let Some((played, last_box)) =
            self.manager
                .play_plain_steps(self.selected_pusher, steps, reverse)
        else {
            return self.play_moves_stepwise(steps);
        };
        if played > 0 {
            // Every step played did what it says: the last one as `try_move` makes it.
            let last = &steps[played - 1];
            let step =
                PusherStep::push(last.direction(), last_box).with_pusher_id(self.selected_pusher);
            self.record_single_step(step);
            self.box_moves += steps[..played]
                .iter()
                .filter(|s| s.is_push_or_pull())
                .count();
            if reverse {
                self.pulls_boxes = last.is_push_or_pull();
            }
        }
        played
    }

    /// [`Mover::play_moves`] one `try_move` at a time (boards without tables, or
    /// with Sokoban+ enabled).
    fn play_moves_stepwise(&mut self, steps: &[PusherStep]) -> usize {
        let reverse = self.mode == SolvingMode::Reverse;
        let mut played = 0;
        for step in steps {
            if step.is_jump() || step.is_pusher_selection() {
                break;
            }
            let (direction, wants_box) = (step.direction(), step.is_push_or_pull());
            // Whether the move, if allowed, moves a box: forward pushes the box
            // ahead, reverse pulls the box behind when asked to.
            let from = self.selected_position();
            let moves_box = if reverse {
                wants_box
                    && self
                        .manager
                        .neighbor(from, direction.opposite())
                        .is_some_and(|behind| self.manager.has_box_on(behind))
            } else {
                self.manager
                    .neighbor(from, direction)
                    .is_some_and(|to| self.manager.has_box_on(to))
            };
            if moves_box != wants_box {
                break;
            }
            let pulls_boxes = self.pulls_boxes;
            if reverse {
                self.pulls_boxes = wants_box;
            }
            if self.try_move(direction).is_err() {
                self.pulls_boxes = pulls_boxes;
                break;
            }
            played += 1;
        }
        played
    }

    /// Makes `last_move` the one step `step`, overwriting in place when it already
    /// holds one step (the common case in a run of moves: no capacity check).
    #[inline(always)]
    fn record_single_step(&mut self, step: PusherStep) {
        if let [only] = self.last_move.as_mut_slice() {
            *only = step;
        } else {
            self.last_move.clear();
            self.last_move.push(step);
        }
    }

    /// The forward-style step: pushes a box in front of the pusher.
    #[inline(always)]
    fn push_or_move(
        &mut self,
        direction: Direction,
        journal: Option<&mut Vec<Done>>,
    ) -> Result<PusherStep, MoverError> {
        let pusher_id = self.selected_pusher;
        let from = self.selected_position();
        let board = self.manager.board();
        let moved = forward_step(board, BoardPosition::new(from), direction, BoxRule::Auto)
            .map_err(|kind| self.refusal(kind, from, direction))?;
        let to = moved.target.index();
        let mut step = PusherStep::new(direction).with_pusher_id(pusher_id);
        if let Some((box_from, box_to)) = moved.pushed {
            let (box_from, box_to) = (box_from.index(), box_to.index());
            let box_id = self.manager.box_on(box_from).unwrap_or_default();
            self.manager.move_box_unchecked(box_id, box_from, box_to);
            step.set_moved_box_id(Some(box_id));
            if let Some(journal) = journal {
                journal.push(Done::Box {
                    id: box_id,
                    from: box_from,
                    to: box_to,
                });
                journal.push(Done::Pusher {
                    id: pusher_id,
                    from,
                    to,
                });
            }
        } else if let Some(journal) = journal {
            journal.push(Done::Pusher {
                id: pusher_id,
                from,
                to,
            });
        }
        // The target held a box that has moved away, or was free.
        self.manager.move_pusher_unchecked(pusher_id, from, to);
        Ok(step)
    }

    /// The error of a step of the selected pusher from `from` in `direction` that
    /// the rule of a step refused (`kind`), as the reference words it: what is off
    /// the board or in the way, of the pusher or of the box ahead.
    #[cold]
    #[inline(never)]
    fn refusal(&self, kind: BlockedKind, from: usize, direction: Direction) -> MoverError {
        let pusher_id = self.selected_pusher;
        let Some(to) = self.manager.neighbor(from, direction) else {
            return MoverError::PusherOffBoard {
                pusher_id,
                direction,
            };
        };
        let board = self.manager.board();
        if kind != BlockedKind::Push {
            return BoardManagerError::PusherBlocked {
                id: pusher_id,
                position: to.into(),
                occupant: board[to].to_char(),
            }
            .into();
        }
        let box_id = self.manager.box_on(to).unwrap_or_default();
        match self.manager.neighbor(to, direction) {
            None => MoverError::BoxOffBoard { box_id, direction },
            Some(box_to) => BoardManagerError::BoxBlocked {
                id: box_id,
                position: box_to.into(),
                occupant: board[box_to].to_char(),
            }
            .into(),
        }
    }

    /// The reverse-style step: the pusher moves, then pulls the box behind its old
    /// position when `pull` is set.
    #[inline(always)]
    fn pull_or_move(
        &mut self,
        direction: Direction,
        pull: bool,
        journal: Option<&mut Vec<Done>>,
    ) -> Result<PusherStep, MoverError> {
        let pusher_id = self.selected_pusher;
        let from = self.selected_position();
        let rule = if pull {
            BoxRule::Auto
        } else {
            BoxRule::Forbidden
        };
        let moved = reverse_step(
            self.manager.board(),
            BoardPosition::new(from),
            direction,
            rule,
        )
        .map_err(|kind| self.refusal(kind, from, direction))?;
        let to = moved.target.index();
        let pulled = moved.pulled.map(|(behind, _)| {
            let behind = behind.index();
            (behind, self.manager.box_on(behind).unwrap_or_default())
        });
        self.manager.move_pusher_unchecked(pusher_id, from, to);
        let mut step = PusherStep::new(direction).with_pusher_id(pusher_id);
        if let Some((behind, box_id)) = pulled {
            // `from` was just vacated by the pusher.
            self.manager.move_box_unchecked(box_id, behind, from);
            step.set_moved_box_id(Some(box_id));
        }
        if let Some(journal) = journal {
            journal.push(Done::Pusher {
                id: pusher_id,
                from,
                to,
            });
            if let Some((behind, box_id)) = pulled {
                journal.push(Done::Box {
                    id: box_id,
                    from: behind,
                    to: from,
                });
            }
        }
        Ok(step)
    }

    /// Jumps the selected pusher to `position` (reverse mode, before the first
    /// pull). Jumping to the pusher's own position does nothing; otherwise
    /// `last_move` becomes the jump path as jump steps.
    ///
    /// # Errors
    ///
    /// In this order: [`MoverError::JumpAfterPull`], [`MoverError::JumpInForwardMode`],
    /// [`BoardManagerError::PositionOutOfRange`], [`BoardManagerError::PusherBlocked`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_mover::{Mover, SolvingMode};
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
    /// let mut reverse = Mover::new(board, SolvingMode::Reverse)?;
    /// reverse.jump(11)?;
    /// assert_eq!(reverse.board_manager().pusher_position(1)?, 11);
    /// assert!(reverse.last_move().iter().all(|step| step.is_jump()));
    /// assert_eq!(reverse.jump(42).unwrap_err().to_string(), "Board position 42 is out of range!");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jump(&mut self, position: impl Into<BoardPosition>) -> Result<(), MoverError> {
        let position = position.into().index();
        if self.pull_count() != 0 {
            return Err(MoverError::JumpAfterPull);
        }
        if self.mode != SolvingMode::Reverse {
            return Err(MoverError::JumpInForwardMode);
        }
        let from = self.selected_position();
        if from == position {
            return Ok(());
        }
        self.manager.move_pusher_from(from, position)?;
        self.fill_path(from, position);
        self.last_move.clear();
        let pusher_id = self.selected_pusher;
        self.last_move.extend(
            self.directions
                .iter()
                .map(|&d| PusherStep::jump(d).with_pusher_id(pusher_id)),
        );
        Ok(())
    }

    /// Undoes the steps in `last_move`, from the end, in runs: moves, pushes and
    /// pulls step by step; a run of jumps by one jump back; a run of selections by
    /// selecting the pusher found by walking the run backwards. `last_move` becomes
    /// the steps the undo made, in order. Single-level: there is no redo.
    ///
    /// Forward mode undoes a move by moving back without pulling and a push by
    /// moving back and pulling the box. Reverse mode undoes every step with a
    /// forward-style move back (a pull becomes a push), decreasing
    /// [`Mover::pull_count`] for each box pushed (forward mode decreases
    /// [`Mover::push_count`] for each push undone).
    ///
    /// # Errors
    ///
    /// Any error of the operations above, or [`MoverError::NoBoxBehindPusher`]. The
    /// undo is atomic: on error everything is rolled back.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_mover::{Mover, SolvingMode};
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
    /// let mut mover = Mover::new(board, SolvingMode::Forward)?;
    /// let start = mover.state_hash();
    /// mover.try_move(Direction::Right)?; // a push
    /// mover.undo_last_move()?; // pulls the box back
    /// assert_eq!(mover.state_hash(), start);
    /// assert_eq!(mover.board().to_string(), "######\n#@$ .#\n######");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn undo_last_move(&mut self) -> Result<(), MoverError> {
        // Fast path: one move, push or pull is undone by one step, which is atomic
        // by itself (every check comes before any change).
        if let [step] = self.last_move[..] {
            if run_kind(&step) == RunKind::Moves {
                let pusher_id = self.selected_pusher;
                // The step back, as a step in the direction of `step` on the board
                // turned around (`BACKWARDS`).
                let direction = step.direction();
                let back = direction.opposite();
                let moved = match self.mode {
                    // A push is undone by pulling the box back, a move by moving back.
                    SolvingMode::Forward => {
                        let rule = if step.is_push_or_pull() {
                            BoxRule::Required
                        } else {
                            BoxRule::Forbidden
                        };
                        self.manager
                            .fast_step::<true, true>(pusher_id, direction, rule)
                    }
                    // Every step is undone by a forward move back, pushing any box.
                    SolvingMode::Reverse => {
                        self.manager
                            .fast_step::<false, true>(pusher_id, direction, BoxRule::Auto)
                    }
                };
                if let Some(box_id) = moved {
                    if box_id != 0 {
                        self.box_moves = self.box_moves.saturating_sub(1);
                    }
                    self.last_move[0] = PusherStep::push(back, box_id).with_pusher_id(pusher_id);
                    return Ok(());
                }
                let undone = self.undo_step(&step, None)?;
                self.last_move[0] = undone;
                return Ok(());
            }
        }
        self.undo_runs()
    }

    /// The general undo: runs of steps, with a journal for the rollback.
    #[inline(never)]
    fn undo_runs(&mut self) -> Result<(), MoverError> {
        let old_steps = std::mem::take(&mut self.last_move);
        let mut produced = std::mem::take(&mut self.undo_steps);
        let mut journal = std::mem::take(&mut self.journal);
        produced.clear();
        journal.clear();
        let (selected, box_moves) = (self.selected_pusher, self.box_moves);
        let result = self.undo_steps_into(&old_steps, &mut produced, &mut journal);
        if result.is_err() {
            for done in journal.iter().rev() {
                match *done {
                    Done::Pusher { id, from, to } => {
                        self.manager.move_pusher_unchecked(id, to, from);
                    }
                    Done::Box { id, from, to } => self.manager.move_box_unchecked(id, to, from),
                }
            }
            self.selected_pusher = selected;
            self.box_moves = box_moves;
            self.last_move = old_steps;
            self.undo_steps = produced;
        } else {
            self.last_move = produced;
            self.undo_steps = old_steps;
        }
        self.journal = journal;
        result
    }

    fn undo_steps_into(
        &mut self,
        steps: &[PusherStep],
        produced: &mut Vec<PusherStep>,
        journal: &mut Vec<Done>,
    ) -> Result<(), MoverError> {
        let mut end = steps.len();
        while end > 0 {
            let kind = run_kind(&steps[end - 1]);
            let mut start = end - 1;
            while start > 0 && run_kind(&steps[start - 1]) == kind {
                start -= 1;
            }
            let run = &steps[start..end];
            match kind {
                RunKind::Moves => {
                    for step in run.iter().rev() {
                        let undone = self.undo_step(step, Some(journal))?;
                        produced.push(undone);
                    }
                }
                RunKind::Jumps => {
                    let destination = self.walk_back(run);
                    let from = self.selected_position();
                    self.jump(destination)?;
                    if from != destination {
                        journal.push(Done::Pusher {
                            id: self.selected_pusher,
                            from,
                            to: destination,
                        });
                        produced.extend_from_slice(&self.last_move);
                    }
                }
                RunKind::Selections => {
                    let position = self.walk_back(run);
                    let pusher_id = self.manager.pusher_id_on(position)?;
                    if pusher_id != self.selected_pusher {
                        self.select_pusher(pusher_id)?;
                        produced.extend_from_slice(&self.last_move);
                    }
                }
            }
            end = start;
        }
        Ok(())
    }

    /// Where walking the opposite directions of `run` backwards from the selected
    /// pusher leads (stopping silently at the board edge).
    fn walk_back(&mut self, run: &[PusherStep]) -> usize {
        self.directions.clear();
        self.directions
            .extend(run.iter().rev().map(|s| s.direction().opposite()));
        let from = self.selected_position();
        // `from` is on the board, so this cannot fail.
        self.manager
            .board()
            .path_destination(from, &self.directions)
            .map_or(from, BoardPosition::index)
    }

    #[inline(always)]
    fn undo_step(
        &mut self,
        step: &PusherStep,
        journal: Option<&mut Vec<Done>>,
    ) -> Result<PusherStep, MoverError> {
        let back = step.direction().opposite();
        let undone = match self.mode {
            SolvingMode::Forward => {
                let is_push = step.is_push_or_pull();
                if is_push {
                    let from = self.selected_position();
                    let box_beside = self
                        .manager
                        .neighbor(from, step.direction())
                        .is_some_and(|p| self.manager.has_box_on(p));
                    if !box_beside {
                        return Err(MoverError::NoBoxBehindPusher);
                    }
                }
                self.pull_or_move(back, is_push, journal)?
            }
            SolvingMode::Reverse => self.push_or_move(back, journal)?,
        };
        if undone.is_push_or_pull() {
            self.box_moves = self.box_moves.saturating_sub(1);
        }
        Ok(undone)
    }
}

/// The kinds of runs `undo_last_move` groups steps into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RunKind {
    Moves,
    Jumps,
    Selections,
}

fn run_kind(step: &PusherStep) -> RunKind {
    if step.is_jump() {
        RunKind::Jumps
    } else if step.is_pusher_selection() {
        RunKind::Selections
    } else {
        RunKind::Moves
    }
}

impl fmt::Debug for Mover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mover")
            .field("mode", &self.mode)
            .field("selected_pusher", &self.selected_pusher)
            .field("pulls_boxes", &self.pulls_boxes)
            .field("box_moves", &self.box_moves)
            .field("last_move", &self.last_move)
            .field("board", &self.manager.board().to_board_str(true, false))
            .finish_non_exhaustive()
    }
}
