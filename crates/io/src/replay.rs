//! Conversion between move text and [`PusherStep`]s, and replaying snapshots on a
//! [`Mover`] (spec `sokoban-engine.md` 16.3 and 16.5).

use sokoengine_board::{BoardGraph, BoardParseError, GraphError, Puzzle, SizeError};
use sokoengine_geometry::{Direction, GeometryError, Tessellation};
use sokoengine_mover::{Mover, MoverError, PusherStep, SolvingMode};

use crate::collection::Collection;
use crate::moves::{Moves, SnapshotParseError};
use crate::snapshot::Snapshot;

impl Moves {
    /// The steps of this sequence in `tessellation`: selection steps flagged as
    /// selections, jump steps as jumps, upper case as pushes with box ID 1 (a
    /// placeholder), and `*` setting `is_current_pos` on the step before it (a `*`
    /// before any step is ignored).
    ///
    /// # Errors
    ///
    /// [`GeometryError::IllegalStepCharacter`] for a letter without meaning in the
    /// tessellation (`Illegal PusherStep character 'n' in SokobanTessellation!`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_io::Moves;
    ///
    /// let steps = Moves::parse("{r}u*L")?.pusher_steps(Tessellation::Sokoban)?;
    /// assert!(steps[0].is_pusher_selection() && steps[1].is_current_pos());
    /// assert_eq!((steps[2].direction(), steps[2].moved_box_id()), (Direction::Left, Some(1)));
    /// assert!(Moves::parse("nesw")?.pusher_steps(Tessellation::Sokoban).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pusher_steps(
        &self,
        tessellation: Tessellation,
    ) -> Result<Vec<PusherStep>, GeometryError> {
        let mut steps: Vec<PusherStep> = Vec::with_capacity(self.as_str().len());
        let mut in_jump = false;
        let mut in_selection = false;
        for byte in self.as_str().bytes() {
            match byte {
                b'[' => in_jump = true,
                b']' => in_jump = false,
                b'{' => in_selection = true,
                b'}' => in_selection = false,
                b'*' => {
                    if let Some(last) = steps.last_mut() {
                        last.set_current_pos(true);
                    }
                }
                letter => {
                    let (direction, is_push) = tessellation.parse_step_char(char::from(letter))?;
                    steps.push(if is_push {
                        PusherStep::push(direction, 1)
                    } else if in_jump {
                        PusherStep::jump(direction)
                    } else if in_selection {
                        PusherStep::selection(direction)
                    } else {
                        PusherStep::new(direction)
                    });
                }
            }
        }
        Ok(steps)
    }

    /// The move sequence of `steps` in `tessellation`: runs of jump steps in `[…]`,
    /// runs of selection steps in `{…}`, pushes in upper case, `*` after a step marked
    /// as the current position.
    ///
    /// # Errors
    ///
    /// [`GeometryError::IllegalDirection`] for a direction without a letter in the
    /// tessellation.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_io::Moves;
    /// use sokoengine_mover::PusherStep;
    ///
    /// let steps = [
    ///     PusherStep::jump(Direction::Up),
    ///     PusherStep::push(Direction::Left, 3).with_current_pos(true),
    ///     PusherStep::new(Direction::Down),
    /// ];
    /// let moves = Moves::from_pusher_steps(Tessellation::Sokoban, &steps)?;
    /// assert_eq!(moves.to_str(false), "[u]L*d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pusher_steps(
        tessellation: Tessellation,
        steps: &[PusherStep],
    ) -> Result<Moves, GeometryError> {
        #[derive(PartialEq, Clone, Copy)]
        enum Group {
            None,
            Jump,
            Selection,
        }
        let mut text = String::with_capacity(steps.len() + 8);
        let mut group = Group::None;
        for step in steps {
            let wanted = if step.is_jump() {
                Group::Jump
            } else if step.is_pusher_selection() {
                Group::Selection
            } else {
                Group::None
            };
            if wanted != group {
                match group {
                    Group::Jump => text.push(']'),
                    Group::Selection => text.push('}'),
                    Group::None => {}
                }
                match wanted {
                    Group::Jump => text.push('['),
                    Group::Selection => text.push('{'),
                    Group::None => {}
                }
                group = wanted;
            }
            text.push(tessellation.step_char(step.direction(), step.is_push_or_pull())?);
            if step.is_current_pos() {
                text.push('*');
            }
        }
        match group {
            Group::Jump => text.push(']'),
            Group::Selection => text.push('}'),
            Group::None => {}
        }
        // Built from the grammar's own pieces: it always parses.
        Ok(Moves::parse(&text).unwrap_or_default())
    }
}

impl Snapshot {
    /// The steps of the move text in the snapshot's tessellation (see
    /// [`Moves::pusher_steps`]).
    ///
    /// # Errors
    ///
    /// [`ReplayError::Moves`] when the text does not parse, [`ReplayError::Step`] for a
    /// letter without meaning in the tessellation.
    pub fn pusher_steps(&self) -> Result<Vec<PusherStep>, ReplayError> {
        Ok(self.moves()?.pusher_steps(self.tessellation())?)
    }

    /// Rebuilds the move text from `steps` (see [`Moves::from_pusher_steps`]).
    ///
    /// # Errors
    ///
    /// [`GeometryError::IllegalDirection`] for a direction without a letter in the
    /// snapshot's tessellation; the snapshot is unchanged then.
    pub fn set_pusher_steps(&mut self, steps: &[PusherStep]) -> Result<(), GeometryError> {
        let moves = Moves::from_pusher_steps(self.tessellation(), steps)?;
        self.set_moves_data(moves.to_str(false));
        Ok(())
    }
}

/// Why a snapshot could not be replayed. Step indices are 0-based in the fields and
/// 1-based in the messages (`step 3: Pusher ID: 1 can't be placed …`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The move text does not parse.
    #[error(transparent)]
    Moves(#[from] SnapshotParseError),
    /// A step letter without meaning in the tessellation.
    #[error(transparent)]
    Step(#[from] GeometryError),
    /// The board does not parse.
    #[error(transparent)]
    Board(#[from] BoardParseError),
    /// The board is too large for a board graph.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The mover cannot be built (the board is not playable).
    #[error("{0}")]
    Mover(MoverError),
    /// A step the mover refused; `step` is the 0-based index in the step list of
    /// [`Moves::pusher_steps`] (for a jump or selection group, its first step).
    #[error("step {}: {source}", step + 1)]
    Rejected {
        /// 0-based step index.
        step: usize,
        /// The mover's error, with its exact message.
        source: MoverError,
    },
    /// A selection or jump group that leads to an unusable position.
    #[error("step {}: {source}", step + 1)]
    Position {
        /// 0-based index of the group's first step.
        step: usize,
        /// The board error.
        source: GraphError,
    },
    /// A lower-case step that pushed or pulled a box, or an upper-case step that did not.
    #[error(
        "step {}: the move text says {}, but the step {}",
        step + 1,
        if *.expected_push { "push" } else { "move" },
        if *.expected_push { "moved no box" } else { "moved a box" }
    )]
    Mismatch {
        /// 0-based step index.
        step: usize,
        /// Whether the text has an upper-case (push) letter here.
        expected_push: bool,
    },
}

impl ReplayError {
    /// The 0-based index of the failing step, for errors that have one.
    pub const fn step(&self) -> Option<usize> {
        match self {
            ReplayError::Rejected { step, .. }
            | ReplayError::Position { step, .. }
            | ReplayError::Mismatch { step, .. } => Some(*step),
            _ => None,
        }
    }
}

/// Replays `steps` on `mover` (16.5): a selection group selects the pusher at the
/// position reached by following its directions from the selected pusher; a jump
/// group jumps to the position reached by following its directions; every other step
/// is a move. In reverse mode, upper-case steps pull and lower-case steps do not.
///
/// # Errors
///
/// [`ReplayError::Rejected`] with the mover's error, [`ReplayError::Position`] for a
/// selection that finds no pusher, [`ReplayError::Mismatch`] when a move pushes or a
/// push moves no box. The mover keeps the position reached before the failing step.
pub fn replay_steps(mover: &mut Mover, steps: &[PusherStep]) -> Result<(), ReplayError> {
    let reverse = mover.solving_mode() == SolvingMode::Reverse;
    let mut directions: Vec<Direction> = Vec::new();
    let mut index = 0;
    while index < steps.len() {
        let step = steps[index];
        if step.is_jump() || step.is_pusher_selection() {
            let start = index;
            directions.clear();
            while index < steps.len()
                && steps[index].is_jump() == step.is_jump()
                && steps[index].is_pusher_selection() == step.is_pusher_selection()
            {
                directions.push(steps[index].direction());
                index += 1;
            }
            let selected = mover
                .board_manager()
                .pusher_position(mover.selected_pusher())
                .map_err(|e| ReplayError::Rejected {
                    step: start,
                    source: e.into(),
                })?;
            let target = mover
                .board()
                .path_destination(selected, &directions)
                .map_err(|source| ReplayError::Position {
                    step: start,
                    source,
                })?;
            let result = if step.is_jump() {
                mover.jump(target)
            } else {
                mover
                    .board_manager()
                    .pusher_id_on(target)
                    .map_err(MoverError::from)
                    .and_then(|id| mover.select_pusher(id))
            };
            result.map_err(|source| ReplayError::Rejected {
                step: start,
                source,
            })?;
            continue;
        }
        let expected_push = step.is_push_or_pull();
        if reverse {
            mover.set_pulls_boxes(expected_push);
        }
        mover
            .try_move(step.direction())
            .map_err(|source| ReplayError::Rejected {
                step: index,
                source,
            })?;
        let moved_box = mover
            .last_move()
            .last()
            .is_some_and(|s| s.is_push_or_pull());
        if moved_box != expected_push {
            return Err(ReplayError::Mismatch {
                step: index,
                expected_push,
            });
        }
        index += 1;
    }
    Ok(())
}

/// The end of a successful replay.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Replayed {
    /// Whether the board is solved at the end.
    pub solved: bool,
    /// The mover in its final position (forward mode, or reverse mode for a sequence
    /// with jumps).
    pub mover: Mover,
}

/// Replays `moves` on a new mover for `puzzle` (reverse mode when the moves have a
/// jump). Sokoban+ is not enabled.
///
/// # Errors
///
/// As [`replay_steps`], plus [`ReplayError::Step`] for a letter without meaning in the
/// tessellation, [`ReplayError::Size`] and [`ReplayError::Mover`] when no mover can
/// be built.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, replay};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// assert!(replay(&puzzle, &Moves::parse("rRR")?)?.solved);
/// let error = replay(&puzzle, &Moves::parse("rrR")?).unwrap_err();
/// assert_eq!(error.step(), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(puzzle: &Puzzle, moves: &Moves) -> Result<Replayed, ReplayError> {
    let steps = moves.pusher_steps(puzzle.tessellation())?;
    let mode = if moves.is_reverse() {
        SolvingMode::Reverse
    } else {
        SolvingMode::Forward
    };
    let board = BoardGraph::new(puzzle)?;
    let mut mover = Mover::new(board, mode).map_err(ReplayError::Mover)?;
    replay_steps(&mut mover, &steps)?;
    Ok(Replayed {
        solved: mover.is_solved(),
        mover,
    })
}

/// The outcome of replaying one snapshot of a collection.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct SnapshotReplay {
    /// 0-based puzzle index in the collection.
    pub puzzle: usize,
    /// 0-based snapshot index in the puzzle.
    pub snapshot: usize,
    /// Counts of the move text (when it parses).
    pub moves: Option<Moves>,
    /// Whether the replay ended solved, or why it failed.
    pub result: Result<bool, ReplayError>,
}

impl Collection {
    /// Replays every snapshot of every puzzle (see [`replay`]), in file order.
    pub fn replay_all(&self) -> Vec<SnapshotReplay> {
        let mut out = Vec::with_capacity(self.snapshots_count());
        for (puzzle_index, entry) in self.puzzles.iter().enumerate() {
            let puzzle = entry.puzzle();
            for (snapshot_index, snapshot) in entry.snapshots().iter().enumerate() {
                let moves = snapshot.moves();
                let result = match (&puzzle, &moves) {
                    (Err(error), _) => Err(ReplayError::Board(error.clone())),
                    (_, Err(error)) => Err(ReplayError::Moves(error.clone())),
                    (Ok(puzzle), Ok(moves)) => replay(puzzle, moves).map(|r| r.solved),
                };
                out.push(SnapshotReplay {
                    puzzle: puzzle_index,
                    snapshot: snapshot_index,
                    moves: moves.ok(),
                    result,
                });
            }
        }
        out
    }
}
