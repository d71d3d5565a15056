//! A [`Mover`] with its history: undo and redo to any point, for front ends.

use sokoengine_board::{BoardPosition, Puzzle};
use sokoengine_geometry::Direction;

use crate::mover::{Mover, MoverError};
use crate::step::PusherStep;

/// One operation of a [`Game`], as it is done again on redo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// One step of the selected pusher ([`Mover::try_move`]); `moves_box` says whether
    /// it pushed (or pulled) a box.
    Step {
        /// The direction.
        direction: Direction,
        /// Whether a box moved with the pusher.
        moves_box: bool,
    },
    /// A jump of the selected pusher to a board position ([`Mover::jump`]).
    Jump {
        /// The board position jumped to.
        position: BoardPosition,
    },
    /// A change of the pusher that moves ([`Mover::select_pusher`]).
    Select {
        /// The pusher selected.
        pusher_id: usize,
    },
}

/// An operation done, and the steps it made (what undoing it takes back).
#[derive(Debug, Clone)]
struct Done {
    action: Action,
    /// Where the operation's steps start in `Game::steps`.
    start: usize,
}

/// A [`Mover`] that remembers every operation: [`Game::undo`] and [`Game::redo`] walk
/// the history one operation at a time, [`Game::go_to`] jumps to any point of it, and
/// a new operation after an undo drops the operations that were undone (as every
/// editor's undo does). A front end keeps the game alone: the board, the counts and
/// the steps played all come from it.
///
/// The plain [`Mover`] keeps no history (its undo is single-level, as the reference
/// specifies, and replaying a long solution stores nothing); `Game` adds it for play.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::{Direction, Tessellation};
/// use sokoengine_mover::Game;
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let mut game = Game::from_puzzle(&puzzle)?;
/// for _ in 0..3 {
///     game.step(Direction::Right)?;
/// }
/// assert!(game.mover().is_solved());
/// assert_eq!((game.len(), game.position(), game.mover().push_count()), (3, 3, 2));
/// game.go_to(1)?; // back to the position after the first step
/// assert_eq!(game.mover().board().to_string(), "#######\n# @$ .#\n#######");
/// game.redo()?;
/// assert_eq!(game.mover().push_count(), 1);
/// // A new step after an undo drops the undone steps.
/// game.undo()?;
/// game.step(Direction::Left)?;
/// assert_eq!((game.len(), game.position()), (2, 2));
/// assert_eq!(game.played_steps().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    mover: Mover,
    /// Every operation, done or undone, in order.
    history: Vec<Done>,
    /// The steps of every operation in `history`, one after another.
    steps: Vec<PusherStep>,
    /// How many operations of `history` are done.
    position: usize,
}

impl Game {
    /// A game on `mover`'s position, with an empty history.
    pub fn new(mover: Mover) -> Game {
        Game {
            mover,
            history: Vec::new(),
            steps: Vec::new(),
            position: 0,
        }
    }

    /// A forward-mode game on `puzzle` (see [`Mover::from_puzzle`]).
    ///
    /// # Errors
    ///
    /// As [`Mover::from_puzzle`].
    pub fn from_puzzle(puzzle: &Puzzle) -> Result<Game, MoverError> {
        Ok(Game::new(Mover::from_puzzle(puzzle)?))
    }

    /// The mover, in the current position.
    pub const fn mover(&self) -> &Mover {
        &self.mover
    }

    /// Gives the mover back.
    pub fn into_mover(self) -> Mover {
        self.mover
    }

    /// Operations in the history, done or undone.
    pub fn len(&self) -> usize {
        self.history.len()
    }

    /// Whether the history holds no operation.
    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// How many operations of the history are done (the current point, from 0 for
    /// the start to [`Game::len`]).
    pub const fn position(&self) -> usize {
        self.position
    }

    /// The operations of the history, done ones first (the first
    /// [`Game::position`] of them).
    pub fn actions(&self) -> impl ExactSizeIterator<Item = Action> + '_ {
        self.history.iter().map(|done| done.action)
    }

    /// The steps the done operations made, in order: the game so far as a move text
    /// would spell it.
    pub fn played_steps(&self) -> &[PusherStep] {
        &self.steps[..self.step_end(self.position)]
    }

    /// The steps of every operation, done or undone (a saved game with its redo tail
    /// after [`Game::played_steps`]).
    pub fn all_steps(&self) -> &[PusherStep] {
        &self.steps
    }

    /// Moves the selected pusher one step ([`Mover::try_move`]), dropping any undone
    /// operations.
    ///
    /// # Errors
    ///
    /// As [`Mover::try_move`]; nothing changes.
    pub fn step(&mut self, direction: Direction) -> Result<(), MoverError> {
        self.mover.try_move(direction)?;
        let moves_box = self
            .mover
            .last_move()
            .first()
            .is_some_and(PusherStep::is_push_or_pull);
        self.record(Action::Step {
            direction,
            moves_box,
        });
        Ok(())
    }

    /// Jumps the selected pusher to `position` ([`Mover::jump`]: reverse mode, before
    /// the first pull), dropping any undone operations. A jump to where the pusher
    /// stands is no operation.
    ///
    /// # Errors
    ///
    /// As [`Mover::jump`]; nothing changes.
    pub fn jump(&mut self, position: impl Into<BoardPosition>) -> Result<(), MoverError> {
        let position = position.into();
        let pusher = self.mover.selected_pusher();
        let before = self.mover.board_manager().pusher_position(pusher).ok();
        self.mover.jump(position)?;
        if before != Some(position) {
            self.record(Action::Jump { position });
        }
        Ok(())
    }

    /// Selects the pusher that moves next ([`Mover::select_pusher`]), dropping any
    /// undone operations. Selecting the selected pusher is no operation.
    ///
    /// # Errors
    ///
    /// As [`Mover::select_pusher`]; nothing changes.
    pub fn select_pusher(&mut self, pusher_id: usize) -> Result<(), MoverError> {
        let before = self.mover.selected_pusher();
        self.mover.select_pusher(pusher_id)?;
        if self.mover.selected_pusher() != before {
            self.record(Action::Select { pusher_id });
        }
        Ok(())
    }

    /// Undoes the last done operation; `false` when none is done.
    ///
    /// # Errors
    ///
    /// As [`Mover::undo_last_move`]; nothing changes.
    pub fn undo(&mut self) -> Result<bool, MoverError> {
        let Some(index) = self.position.checked_sub(1) else {
            return Ok(false);
        };
        let (start, end) = (self.history[index].start, self.step_end(index + 1));
        let saved = self.mover.last_move().to_vec();
        self.mover
            .set_last_move(self.steps[start..end].iter().copied());
        if let Err(error) = self.mover.undo_last_move() {
            self.mover.set_last_move(saved);
            return Err(error);
        }
        self.position = index;
        Ok(true)
    }

    /// Does the next undone operation again; `false` when there is none.
    ///
    /// # Errors
    ///
    /// The mover's error when the operation cannot be done again (the history was
    /// made on this game, so only a mover changed through
    /// [`Mover::board_manager_mut`] meanwhile gives one); nothing changes.
    pub fn redo(&mut self) -> Result<bool, MoverError> {
        let Some(done) = self.history.get(self.position) else {
            return Ok(false);
        };
        match done.action {
            Action::Step {
                direction,
                moves_box,
            } => {
                let pulls = self.mover.pulls_boxes();
                self.mover.set_pulls_boxes(moves_box);
                let result = self.mover.try_move(direction);
                self.mover.set_pulls_boxes(pulls);
                result?;
            }
            Action::Jump { position } => self.mover.jump(position)?,
            Action::Select { pusher_id } => self.mover.select_pusher(pusher_id)?,
        }
        self.position += 1;
        Ok(true)
    }

    /// Undoes or redoes operations until `position` of them are done (0 is the
    /// start, [`Game::len`] the end of the history).
    ///
    /// # Errors
    ///
    /// [`MoverError::NotInHistory`] for a `position` past the history's end (nothing
    /// changes), or the error of the undo or redo that failed
    /// (the game then stands where that operation left it).
    pub fn go_to(&mut self, position: usize) -> Result<(), MoverError> {
        if position > self.history.len() {
            return Err(MoverError::NotInHistory {
                position,
                len: self.history.len(),
            });
        }
        while self.position > position {
            self.undo()?;
        }
        while self.position < position {
            self.redo()?;
        }
        Ok(())
    }

    /// Where the steps of the operations from `index` on start.
    fn step_end(&self, index: usize) -> usize {
        self.history
            .get(index)
            .map_or(self.steps.len(), |done| done.start)
    }

    /// Adds the operation just done (its steps are the mover's `last_move`), dropping
    /// the undone ones.
    fn record(&mut self, action: Action) {
        let start = self.step_end(self.position);
        self.history.truncate(self.position);
        self.steps.truncate(start);
        self.steps.extend_from_slice(self.mover.last_move());
        self.history.push(Done { action, start });
        self.position += 1;
    }
}
