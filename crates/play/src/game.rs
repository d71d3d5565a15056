//! One level in play: the Mover, and the steps played with undo and redo without
//! limit.
//!
//! Every change goes through the Mover (moves, pushes, pulls, jumps, pusher
//! selection, undo) or through the io crate's replay (redo), so the game has no rule of
//! its own. What the player does in one go (a key, a walk to a clicked cell, a box
//! taken to a clicked cell, a hint) is one *action*: undo and redo take back or play
//! again a whole action.

use sokoengine_board::{
    BoardCell, BoardGraph, BoardPosition, BoxMoves, BoxPathError, CompactBoard, CompactCell, Puzzle,
};
use sokoengine_geometry::{Direction, Tessellation, TileShape};
use sokoengine_io::{Moves, replay_steps};
use sokoengine_metrics::{SolutionMetrics, SolutionVerifier, StepCounter};
use sokoengine_mover::{Mover, MoverError, PusherStep, SolvingMode};

use crate::keys::Key;

/// Cells visited by the reachability searches of one box path before it gives up
/// (each position of box and pusher it settles costs one search over the level's
/// cells): a fraction of a second, so that a click never blocks the page for long.
const BOX_PATH_WORK: usize = 20_000_000;

/// Why an action was not taken. Nothing changes then.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The key leads nowhere from the pusher's tile in this tessellation.
    #[error("no step that way from here")]
    NoDirection,
    /// The rules refuse the step.
    #[error("{0}")]
    Refused(#[from] MoverError),
    /// No walk leads to the cell.
    #[error("the pusher can't walk there")]
    NoWalk,
    /// The box can't be taken to the cell.
    #[error("{0}")]
    BoxPath(BoxPathError),
    /// The level has several pushers: box paths need one.
    #[error("box paths need a level with one pusher")]
    SeveralPushers,
    /// Nothing to undo.
    #[error("nothing to undo")]
    NothingToUndo,
    /// Nothing to redo.
    #[error("nothing to redo")]
    NothingToRedo,
    /// A redo that the rules refused (a snapshot's undone steps that do not replay).
    #[error("can't redo: {0}")]
    Redo(String),
}

/// A level in play.
#[derive(Debug, Clone)]
pub struct Game {
    /// The level's start position.
    board: BoardGraph,
    mover: Mover,
    /// Every step played, the undone ones (the redo tail) included.
    steps: Vec<PusherStep>,
    /// Where each action ends in `steps`, in order.
    ends: Vec<usize>,
    /// How many actions are played (the others are undone).
    played: usize,
}

/// Moves and pushes (or pulls) of the steps played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Steps of the pusher, pushes and jumps included (pusher selections are not).
    pub moves: usize,
    /// Steps that pushed or pulled a box.
    pub pushes: usize,
}

impl Game {
    /// A new game of `board` in `mode`.
    ///
    /// # Errors
    ///
    /// [`MoverError::NotPlayable`] for a board that can't be played.
    pub fn new(board: BoardGraph, mode: SolvingMode) -> Result<Game, MoverError> {
        let mover = Mover::new(board.clone(), mode)?;
        Ok(Game {
            board,
            mover,
            steps: Vec::new(),
            ends: Vec::new(),
            played: 0,
        })
    }

    /// The Mover, in the position reached.
    pub const fn mover(&self) -> &Mover {
        &self.mover
    }

    /// The tessellation.
    pub const fn tessellation(&self) -> Tessellation {
        self.board.tessellation()
    }

    /// Forward or reverse play.
    pub const fn mode(&self) -> SolvingMode {
        self.mover.solving_mode()
    }

    /// Whether the position is solved, by the Mover's rule.
    pub fn is_solved(&self) -> bool {
        self.mover.is_solved()
    }

    /// Whether an action can be undone.
    pub const fn can_undo(&self) -> bool {
        self.played > 0
    }

    /// Whether an action can be redone.
    pub fn can_redo(&self) -> bool {
        self.played < self.ends.len()
    }

    /// The steps played (not the undone ones).
    pub fn played_steps(&self) -> &[PusherStep] {
        &self.steps[..self.played_len()]
    }

    fn played_len(&self) -> usize {
        self.played.checked_sub(1).map_or(0, |last| self.ends[last])
    }

    /// Moves and pushes of the steps played.
    pub fn counts(&self) -> Counts {
        let played = self.played_steps();
        let pushes = played.iter().filter(|s| s.is_push_or_pull()).count();
        let selections = played.iter().filter(|s| s.is_pusher_selection()).count();
        Counts {
            moves: played.len() - selections,
            pushes,
        }
    }

    /// The steps played as move text: pushes in upper case, jumps in `[...]`, pusher
    /// selections in `{...}`; a reverse game starts with a jump group (`[]` when it
    /// made no jump), so it reads back in reverse mode.
    pub fn played_text(&self) -> String {
        self.text_of(self.played_steps(), None)
    }

    /// Every step as move text, with `*` after the last step played when some are
    /// undone (a saved game that keeps its redo steps).
    pub fn text_with_redo(&self) -> String {
        let mark = (self.can_redo() && self.played > 0).then(|| self.played_len());
        self.text_of(&self.steps, mark)
    }

    fn text_of(&self, steps: &[PusherStep], current: Option<usize>) -> String {
        let mut steps = steps.to_vec();
        if let Some(step) = current.and_then(|end| steps.get_mut(end.wrapping_sub(1))) {
            step.set_current_pos(true);
        }
        // Every step was made by the Mover in this tessellation: each has a letter.
        let text = Moves::from_pusher_steps(self.tessellation(), &steps)
            .map(|moves| moves.to_str(false))
            .unwrap_or_default();
        if self.mode() == SolvingMode::Reverse && !text.starts_with('[') {
            format!("[]{text}")
        } else {
            text
        }
    }

    /// The six metrics of the steps played, once solved: for a forward game with one
    /// pusher as the metrics verifier replays them on the level, otherwise from the
    /// step letters (jumps and selections left out).
    pub fn metrics(&self) -> Option<SolutionMetrics> {
        if !self.is_solved() {
            return None;
        }
        let letters: String = self
            .played_steps()
            .iter()
            .filter(|s| !s.is_jump() && !s.is_pusher_selection())
            .filter_map(|s| {
                self.tessellation()
                    .step_char(s.direction(), s.is_push_or_pull())
                    .ok()
            })
            .collect();
        if self.mode() == SolvingMode::Forward {
            let verified = SolutionVerifier::from_graph(&self.board)
                .ok()
                .and_then(|mut verifier| verifier.verify(&letters).ok());
            if verified.is_some() {
                return verified;
            }
        }
        StepCounter::new(self.tessellation())
            .with_start_shape(self.start_shape())
            .count(&letters)
            .ok()
            .or(Some(SolutionMetrics::ZERO).filter(|_| letters.is_empty()))
    }

    /// The tile shape under the pusher at the start (Trioban's letters depend on it).
    fn start_shape(&self) -> TileShape {
        let start = self.board.cells().iter().position(|c| c.has_pusher());
        start.map_or(TileShape::Default, |p| {
            self.board.tile_shape(BoardPosition::new(p))
        })
    }

    /// The board positions and cells of every box and pusher, in position order: what
    /// a picture draws on top of the floor.
    pub fn pieces(&self) -> Vec<(BoardPosition, BoardCell)> {
        let manager = self.mover.board_manager();
        let board = self.mover.board();
        let mut pieces: Vec<(BoardPosition, BoardCell)> = manager
            .boxes_positions()
            .into_values()
            .chain(manager.pushers_positions().into_values())
            .filter_map(|p| board.get(p).map(|&cell| (p, cell)))
            .collect();
        pieces.sort_unstable_by_key(|&(p, _)| p);
        pieces.dedup_by_key(|&mut (p, _)| p);
        pieces
    }

    /// The selected pusher's position.
    pub fn pusher(&self) -> BoardPosition {
        let manager = self.mover.board_manager();
        manager
            .pusher_position(self.mover.selected_pusher())
            .unwrap_or_default()
    }

    /// Records the steps of a new action, dropping the redo tail.
    fn record(&mut self, steps: &[PusherStep]) {
        if steps.is_empty() {
            return;
        }
        let end = self.played_len();
        self.steps.truncate(end);
        self.ends.truncate(self.played);
        self.steps.extend_from_slice(steps);
        self.ends.push(self.steps.len());
        self.played += 1;
    }

    /// Takes back `steps` just made by the Mover (an action that failed half way).
    fn take_back(&mut self, steps: &[PusherStep]) {
        if !steps.is_empty() {
            self.mover.set_last_move(steps.iter().copied());
            // Undoing steps the Mover just made restores the position they came from.
            let _ = self.mover.undo_last_move();
        }
    }

    /// One step of the selected pusher for `key`; in reverse mode it pulls the box
    /// behind it when `pull` is set.
    ///
    /// # Errors
    ///
    /// [`ActionError::NoDirection`] or the Mover's refusal.
    pub fn step(&mut self, key: Key, pull: bool) -> Result<(), ActionError> {
        let shape = self.board.tile_shape(self.pusher());
        let direction = key
            .direction(self.tessellation(), shape)
            .ok_or(ActionError::NoDirection)?;
        self.step_in(direction, pull)
    }

    /// One step in `direction` (see [`Game::step`]).
    fn step_in(&mut self, direction: Direction, pull: bool) -> Result<(), ActionError> {
        self.mover.set_pulls_boxes(pull);
        let moved = self.mover.try_move(direction);
        self.mover.set_pulls_boxes(true);
        moved?;
        let steps = self.mover.last_move().to_vec();
        self.record(&steps);
        Ok(())
    }

    /// Makes `steps` (directions, and whether each moves a box) as one action; all or
    /// nothing.
    fn play_path(&mut self, path: &[(Direction, bool)]) -> Result<(), ActionError> {
        let mut made = Vec::with_capacity(path.len());
        for &(direction, moves_box) in path {
            self.mover.set_pulls_boxes(moves_box);
            let moved = self.mover.try_move(direction);
            self.mover.set_pulls_boxes(true);
            let step = match moved {
                Ok(()) => self.mover.last_move().first().copied(),
                Err(error) => {
                    self.take_back(&made);
                    return Err(error.into());
                }
            };
            made.extend(step);
            if step.is_some_and(|s| s.is_push_or_pull()) != moves_box {
                // A path from the engine's own search always agrees with the Mover;
                // should it not, nothing is kept.
                self.take_back(&made);
                return Err(ActionError::NoWalk);
            }
        }
        self.record(&made);
        Ok(())
    }

    /// Walks the selected pusher to `target` by a shortest path (boxes and other
    /// pushers block). In reverse mode before the first pull, a cell it can't walk to
    /// is jumped to.
    ///
    /// # Errors
    ///
    /// [`ActionError::NoWalk`] when no walk (or jump) leads there.
    pub fn walk_to(&mut self, target: impl Into<BoardPosition>) -> Result<(), ActionError> {
        let target = target.into().index();
        let from = self.pusher().index();
        if from == target {
            return Ok(());
        }
        let board = self.mover.board();
        let path = board.find_move_path(from, target).unwrap_or_default();
        if path.is_empty() {
            let can_jump = self.mode() == SolvingMode::Reverse && self.mover.pull_count() == 0;
            if !can_jump {
                return Err(ActionError::NoWalk);
            }
            self.mover.jump(target)?;
            let steps = self.mover.last_move().to_vec();
            self.record(&steps);
            return Ok(());
        }
        let directions = board
            .positions_path_to_directions_path(&path)
            .map_err(|_| ActionError::NoWalk)?;
        let path: Vec<(Direction, bool)> = directions.into_iter().map(|d| (d, false)).collect();
        self.play_path(&path)
    }

    /// Takes the box on `from` to `to` by the fewest pushes (pulls in reverse mode),
    /// and the fewest moves among those.
    ///
    /// # Errors
    ///
    /// [`ActionError::BoxPath`] when no such path is found,
    /// [`ActionError::SeveralPushers`] on a level with several pushers.
    pub fn move_box(
        &mut self,
        from: impl Into<BoardPosition>,
        to: impl Into<BoardPosition>,
    ) -> Result<(), ActionError> {
        let (from, to) = (from.into().index(), to.into().index());
        let puzzle = self.mover.board().to_puzzle();
        let board = CompactBoard::new(&puzzle).map_err(|_| ActionError::SeveralPushers)?;
        let cell = |position: usize| board.cell_of(position).unwrap_or(CompactCell::NONE);
        let moves = match self.mode() {
            SolvingMode::Forward => BoxMoves::Push,
            SolvingMode::Reverse => BoxMoves::Pull,
        };
        let states = BOX_PATH_WORK / board.active_cells().max(1);
        let path = board
            .start()
            .box_path(cell(from), cell(to), moves, states.max(1000))
            .map_err(ActionError::BoxPath)?;
        let path: Vec<(Direction, bool)> = path
            .into_iter()
            .map(|step| (step.direction, step.moves_box))
            .collect();
        self.play_path(&path)
    }

    /// Makes the pusher on `position` the one that moves.
    ///
    /// # Errors
    ///
    /// The Mover's refusal (no pusher there).
    pub fn select_pusher(&mut self, position: impl Into<BoardPosition>) -> Result<(), ActionError> {
        let position = position.into();
        let id = self
            .mover
            .board_manager()
            .pusher_id_on(position)
            .map_err(MoverError::from)?;
        if id == self.mover.selected_pusher() {
            return Ok(());
        }
        self.mover.select_pusher(id)?;
        let steps = self.mover.last_move().to_vec();
        self.record(&steps);
        Ok(())
    }

    /// Plays `letters` (step letters of this tessellation, upper case for pushes) as
    /// one action.
    ///
    /// # Errors
    ///
    /// The Mover's refusal of a step; nothing changes then.
    pub fn play_letters(&mut self, letters: &str) -> Result<(), ActionError> {
        let path = self.letters_path(letters)?;
        self.play_path(&path)
    }

    fn letters_path(&self, letters: &str) -> Result<Vec<(Direction, bool)>, ActionError> {
        letters
            .chars()
            .map(|c| {
                self.tessellation()
                    .parse_step_char(c)
                    .map_err(|_| ActionError::NoDirection)
            })
            .collect()
    }

    /// Drops the redo tail and puts `letters` in its place, one action for each push
    /// with the walk before it: redo then plays a solution push by push.
    ///
    /// # Errors
    ///
    /// [`ActionError::NoDirection`] for a letter without meaning here.
    pub fn set_redo_letters(&mut self, letters: &str) -> Result<(), ActionError> {
        let path = self.letters_path(letters)?;
        let end = self.played_len();
        self.steps.truncate(end);
        self.ends.truncate(self.played);
        for (index, &(direction, push)) in path.iter().enumerate() {
            self.steps
                .push(PusherStep::push(direction, usize::from(push)));
            if push || index + 1 == path.len() {
                self.ends.push(self.steps.len());
            }
        }
        Ok(())
    }

    /// Undoes the last action played.
    ///
    /// # Errors
    ///
    /// [`ActionError::NothingToUndo`], or the Mover's refusal (which changes nothing).
    pub fn undo(&mut self) -> Result<(), ActionError> {
        if self.played == 0 {
            return Err(ActionError::NothingToUndo);
        }
        let start = self.played.checked_sub(2).map_or(0, |i| self.ends[i]);
        let end = self.ends[self.played - 1];
        self.mover
            .set_last_move(self.steps[start..end].iter().copied());
        self.mover.undo_last_move()?;
        self.played -= 1;
        Ok(())
    }

    /// Plays the next undone action again.
    ///
    /// # Errors
    ///
    /// [`ActionError::NothingToRedo`], or [`ActionError::Redo`] when the rules refuse
    /// a step (nothing changes then).
    pub fn redo(&mut self) -> Result<(), ActionError> {
        if !self.can_redo() {
            return Err(ActionError::NothingToRedo);
        }
        let start = self.played_len();
        let end = self.ends[self.played];
        let before = self.mover.clone();
        if let Err(error) = replay_steps(&mut self.mover, &self.steps[start..end]) {
            self.mover = before;
            return Err(ActionError::Redo(error.to_string()));
        }
        self.played += 1;
        Ok(())
    }

    /// Undoes every action (redo plays them again).
    ///
    /// # Errors
    ///
    /// Never for a game built here: the start position is always playable.
    pub fn restart(&mut self) -> Result<(), MoverError> {
        self.mover = Mover::new(self.board.clone(), self.mode())?;
        self.played = 0;
        Ok(())
    }

    /// A game of `board` that has played `moves` up to its `*` mark (all of them
    /// without one), the rest kept for redo; reverse mode when the moves have a jump.
    /// Each step is an action of its own, but a run of jumps or selections is one.
    ///
    /// # Errors
    ///
    /// A message for moves whose letters mean nothing here or that the rules refuse.
    pub fn from_moves(board: BoardGraph, moves: &Moves) -> Result<Game, String> {
        let mode = if moves.is_reverse() {
            SolvingMode::Reverse
        } else {
            SolvingMode::Forward
        };
        let mut game = Game::new(board, mode).map_err(|e| e.to_string())?;
        let steps = moves
            .pusher_steps(game.tessellation())
            .map_err(|e| e.to_string())?;
        let mut ends = Vec::new();
        let mut current = None;
        for (index, step) in steps.iter().enumerate() {
            let kind = |s: &PusherStep| (s.is_jump(), s.is_pusher_selection());
            let grouped = kind(step) != (false, false);
            let continues = steps
                .get(index + 1)
                .is_some_and(|next| kind(next) == kind(step));
            if !(grouped && continues) {
                ends.push(index + 1);
            }
            if step.is_current_pos() {
                current = Some(ends.len());
            }
        }
        let played = current.unwrap_or(ends.len());
        let played_end = played.checked_sub(1).map_or(0, |i| ends[i]);
        replay_steps(&mut game.mover, &steps[..played_end]).map_err(|e| e.to_string())?;
        let mut steps = steps;
        for step in &mut steps {
            step.set_current_pos(false);
        }
        game.steps = steps;
        game.ends = ends;
        game.played = played;
        Ok(game)
    }

    /// The level's start as a puzzle, and the position reached as a puzzle (the
    /// solver's input).
    pub fn position_puzzle(&self) -> Puzzle {
        self.mover.board().to_puzzle()
    }

    /// The level's start position as a puzzle.
    pub fn start_puzzle(&self) -> Puzzle {
        self.board.to_puzzle()
    }

    /// The level's start position.
    pub const fn start_board(&self) -> &BoardGraph {
        &self.board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        let board = BoardGraph::parse(Tessellation::Sokoban, text).unwrap();
        Game::new(board, SolvingMode::Forward).unwrap()
    }

    #[test]
    fn undo_and_redo_without_limit() {
        let mut game = game("#######\n#@ $ .#\n#######");
        game.step(Key::Right, true).unwrap();
        game.step(Key::Right, true).unwrap();
        game.step(Key::Right, true).unwrap();
        assert!(game.is_solved());
        assert_eq!(
            game.counts(),
            Counts {
                moves: 3,
                pushes: 2
            }
        );
        assert_eq!(game.metrics().unwrap().to_string(), "3/2/1/1/1/1");
        for _ in 0..3 {
            game.undo().unwrap();
        }
        assert_eq!(game.undo(), Err(ActionError::NothingToUndo));
        assert_eq!(game.counts(), Counts::default());
        assert_eq!(game.text_with_redo(), "rRR");
        game.redo().unwrap();
        assert_eq!(game.text_with_redo(), "r*RR");
        game.redo().unwrap();
        game.redo().unwrap();
        assert!(game.is_solved());
        assert_eq!(game.redo(), Err(ActionError::NothingToRedo));
        // A new action drops the redo tail.
        game.undo().unwrap();
        game.undo().unwrap();
        game.step(Key::Left, true).unwrap();
        assert!(!game.can_redo());
        assert_eq!(game.played_text(), "rl");
    }

    #[test]
    fn clicks_walk_and_take_boxes_by_paths() {
        let mut game = game("#######\n#@    #\n# $   #\n#    .#\n#######");
        game.walk_to(12).unwrap();
        assert_eq!(game.pusher(), 12);
        assert_eq!(game.walk_to(0), Err(ActionError::NoWalk));
        game.move_box(16, 26).unwrap();
        assert!(game.is_solved());
        assert_eq!(game.counts().pushes, 4);
        // The whole push path is one action.
        game.undo().unwrap();
        assert_eq!(game.pusher(), 12);
        game.undo().unwrap();
        assert_eq!(game.pusher(), 8);
    }

    #[test]
    fn reverse_play_jumps_pulls_and_saves_as_reverse() {
        // The pusher is walled in; in reverse mode the box starts on the goal (12).
        let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@#$ .#\n#######").unwrap();
        let mut game = Game::new(board.clone(), SolvingMode::Reverse).unwrap();
        game.walk_to(11).unwrap();
        assert!(game.played_steps().iter().all(|s| s.is_jump()));
        game.step(Key::Left, true).unwrap();
        assert_eq!(game.counts().pushes, 1);
        let text = game.played_text();
        assert_eq!(text, "[rrr]L");
        // Jumps end with the first pull.
        assert!(matches!(game.walk_to(8), Err(ActionError::NoWalk)));
        let replayed = Game::from_moves(board.clone(), &Moves::parse(&text).unwrap()).unwrap();
        assert_eq!(replayed.mode(), SolvingMode::Reverse);
        assert_eq!(replayed.counts(), game.counts());
        game.undo().unwrap();
        game.undo().unwrap();
        assert_eq!(game.pusher(), 8);
        // A reverse game without a jump still reads back as one.
        let mut walled = Game::new(board, SolvingMode::Reverse).unwrap();
        assert!(walled.step(Key::Right, true).is_err());
        let open = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######").unwrap();
        let mut game = Game::new(open, SolvingMode::Reverse).unwrap();
        game.walk_to(11).unwrap();
        game.step(Key::Left, true).unwrap();
        assert_eq!(game.played_text(), "[]rrrL");
        walled.restart().unwrap();
    }

    #[test]
    fn saved_games_resume_at_their_mark() {
        let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######").unwrap();
        let game = Game::from_moves(board, &Moves::parse("rR*R").unwrap()).unwrap();
        assert_eq!(
            game.counts(),
            Counts {
                moves: 2,
                pushes: 1
            }
        );
        assert!(game.can_redo());
        assert_eq!(game.text_with_redo(), "rR*R");
    }

    #[test]
    fn solutions_become_the_redo_tail() {
        let mut game = game("#######\n#@ $ .#\n#######");
        game.set_redo_letters("rRR").unwrap();
        game.redo().unwrap();
        assert_eq!(
            game.counts(),
            Counts {
                moves: 2,
                pushes: 1
            }
        );
        game.redo().unwrap();
        assert!(game.is_solved() && !game.can_redo());
    }
}
