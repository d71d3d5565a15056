//! Conversion between move text and [`PusherStep`]s, and replaying snapshots on a
//! [`Mover`] (docs/formats.md#counts, docs/formats.md#replaying-move-text).

use sokoengine_board::{BoardGraph, BoardParseError, GraphError, Puzzle, SizeError};
use sokoengine_geometry::{Direction, GeometryError, Tessellation};
use sokoengine_mover::{
    BoardManager, Mover, MoverError, PusherStep, SokobanPlusErrors, SolvingMode,
};

use sokoengine_metrics::SavedGame;

use crate::moves::{Moves, SnapshotParseError};
use crate::snapshot::Snapshot;

/// A step letter's entry in [`step_letters`]: valid, push, and the direction index.
const LETTER_VALID: u8 = 0x80;
const LETTER_PUSH: u8 = 0x08;
const LETTER_DIRECTION: u8 = 0x07;

/// The meaning of every ASCII letter in `tessellation`, read from
/// [`Tessellation::parse_step_char`] at compile time (0 = no step).
const fn letter_table(tessellation: Tessellation) -> [u8; 128] {
    let mut table = [0u8; 128];
    let mut byte = 0;
    while byte < 128 {
        if let Ok((direction, is_push)) = tessellation.parse_step_char(byte as u8 as char) {
            table[byte] = LETTER_VALID | (direction as u8) | if is_push { LETTER_PUSH } else { 0 };
        }
        byte += 1;
    }
    table
}

static SOKOBAN_LETTERS: [u8; 128] = letter_table(Tessellation::Sokoban);
static HEXOBAN_LETTERS: [u8; 128] = letter_table(Tessellation::Hexoban);
static TRIOBAN_LETTERS: [u8; 128] = letter_table(Tessellation::Trioban);
static OCTOBAN_LETTERS: [u8; 128] = letter_table(Tessellation::Octoban);

/// The plain step (a move, or a push of box 1) of each letter code's low four bits
/// (direction and push flag).
static PLAIN_STEPS: [PusherStep; 16] = {
    let mut steps = [PusherStep::new(Direction::Up); 16];
    let mut code = 0;
    while code < 16 {
        steps[code] = PusherStep::push(Direction::ALL[code & 7], code >> 3);
        code += 1;
    }
    steps
};

/// The letter table of `tessellation` (a lookup per step instead of a search).
fn step_letters(tessellation: Tessellation) -> &'static [u8; 128] {
    match tessellation {
        Tessellation::Sokoban => &SOKOBAN_LETTERS,
        Tessellation::Hexoban => &HEXOBAN_LETTERS,
        Tessellation::Trioban => &TRIOBAN_LETTERS,
        Tessellation::Octoban => &OCTOBAN_LETTERS,
    }
}

/// Whether `bytes` are all step letters of `table` (every solution): one pass without
/// a branch per byte.
fn letters_only(table: &[u8; 128], bytes: &[u8]) -> bool {
    let mut meaningful = LETTER_VALID;
    for &byte in bytes {
        // A non-ASCII byte clears the flag too (the table is indexed by 7 bits).
        meaningful &= table[usize::from(byte & 0x7f)] & !byte;
    }
    meaningful != 0
}

/// Fills `block` with the plain steps of `letters`, and tells in the same pass whether
/// they are all step letters of `table` (as [`letters_only`]).
fn plain_steps(table: &[u8; 128], letters: &[u8], block: &mut Vec<PusherStep>) -> bool {
    let mut meaningful = LETTER_VALID;
    block.clear();
    block.extend(letters.iter().map(|&byte| {
        let code = table[usize::from(byte & 0x7f)];
        meaningful &= code & !byte;
        PLAIN_STEPS[usize::from(code & (LETTER_PUSH | LETTER_DIRECTION))]
    }));
    meaningful != 0
}

impl Moves {
    /// Checks that every letter has a meaning in `tessellation` ([`Moves::pusher_steps`]'s
    /// only error) without building the steps.
    ///
    /// # Errors
    ///
    /// [`GeometryError::IllegalStepCharacter`] for the first letter without meaning.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_io::Moves;
    ///
    /// assert!(Moves::parse("[u]{r}*lR")?.check_steps(Tessellation::Sokoban).is_ok());
    /// let error = Moves::parse("nesw")?.check_steps(Tessellation::Sokoban).unwrap_err();
    /// assert_eq!(error.to_string(), "Illegal PusherStep character 'n' in SokobanTessellation!");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_steps(&self, tessellation: Tessellation) -> Result<(), GeometryError> {
        let table = step_letters(tessellation);
        if letters_only(table, self.as_str().as_bytes()) {
            return Ok(());
        }
        for &byte in self.as_str().as_bytes() {
            let valid = byte.is_ascii() && table[usize::from(byte)] & LETTER_VALID != 0;
            if !valid && !matches!(byte, b'[' | b']' | b'{' | b'}' | b'*') {
                tessellation.parse_step_char(char::from(byte))?;
            }
        }
        Ok(())
    }

    /// The steps of this sequence in `tessellation`: selection steps flagged as
    /// selections, jump steps as jumps, upper case as pushes with box ID 1 (a
    /// placeholder), and `*` setting `is_current_pos` on the step written just before
    /// it. A `*` that follows a bracket (`[l]*r`, `{*`) or comes before any step marks
    /// nothing, as in the reference.
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
        let table = step_letters(tessellation);
        let bytes = self.as_str().as_bytes();
        // Common case: only step letters (no markers, no letter without meaning here),
        // converted in one pass without per-step branches or capacity checks.
        let mut meaningful = LETTER_VALID;
        let steps: Vec<PusherStep> = bytes
            .iter()
            .map(|&byte| {
                let code = table[usize::from(byte & 0x7f)];
                // A non-ASCII byte clears the flag too (the table is indexed by 7 bits).
                meaningful &= code & !byte;
                PLAIN_STEPS[usize::from(code & (LETTER_PUSH | LETTER_DIRECTION))]
            })
            .collect();
        if meaningful != 0 {
            return Ok(steps);
        }
        let mut steps = steps;
        steps.clear();
        let mut in_jump = false;
        let mut in_selection = false;
        // Whether the last character was a step letter (or a `*` after one).
        let mut after_step = false;
        for byte in self.as_str().bytes() {
            if matches!(byte, b'[' | b']' | b'{' | b'}') {
                after_step = false;
            }
            match byte {
                b'[' => in_jump = true,
                b']' => in_jump = false,
                b'{' => in_selection = true,
                b'}' => in_selection = false,
                b'*' => {
                    if let Some(last) = steps.last_mut().filter(|_| after_step) {
                        last.set_current_pos(true);
                    }
                }
                letter => {
                    let code = table[usize::from(letter & 0x7f)];
                    if code & LETTER_VALID == 0 || !letter.is_ascii() {
                        // Not a step here: the tessellation gives the error.
                        tessellation.parse_step_char(char::from(letter))?;
                        continue;
                    }
                    let direction = Direction::ALL[usize::from(code & LETTER_DIRECTION)];
                    after_step = true;
                    steps.push(if code & LETTER_PUSH != 0 {
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
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, ReplayError, ReplayOptions, replay};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
/// // A lower-case step that pushes: the text and the board disagree.
/// let moves = Moves::parse("r")?;
/// let mut mover = ReplayOptions::new().mover(&puzzle, &moves)?;
/// let error = replay(&mut mover, &moves).error.expect("a mismatch");
/// assert!(matches!(error, ReplayError::Mismatch { step: 0, expected_push: false }));
/// assert_eq!(error.step(), Some(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    /// Sokoban+ was asked for and the puzzle's orders are invalid.
    #[error("{0}")]
    SokobanPlus(SokobanPlusErrors),
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
    /// The message without the `step N:` prefix: for a refused step, the mover's text
    /// exactly as specified (`Pusher ID: 2 can't be placed in position 125 occupied by '#'`).
    pub fn detail(&self) -> String {
        match self {
            ReplayError::Rejected { source, .. } => source.to_string(),
            ReplayError::Position { source, .. } => source.to_string(),
            other => {
                let text = other.to_string();
                match (other.step(), text.split_once(": ")) {
                    (Some(_), Some((_, rest))) => rest.to_owned(),
                    _ => text,
                }
            }
        }
    }

    /// The 0-based index of the failing step, for errors that have one.
    pub const fn step(&self) -> Option<usize> {
        match self {
            ReplayError::Rejected { step, .. }
            | ReplayError::Position { step, .. }
            | ReplayError::Mismatch { step, .. } => Some(*step),
            _ => None,
        }
    }

    /// The error with its step index moved on by `offset` (for a block of steps that
    /// starts at `offset`).
    fn after(mut self, offset: usize) -> ReplayError {
        if let ReplayError::Rejected { step, .. }
        | ReplayError::Position { step, .. }
        | ReplayError::Mismatch { step, .. } = &mut self
        {
            *step += offset;
        }
        self
    }
}

/// The outcome of a replay, from [`replay`] on a Mover or
/// [`PuzzleVerifier::verify`](crate::PuzzleVerifier::verify):
/// the steps applied (and among them moves and pushes or pulls; pusher selections are
/// neither), whether they solve the board, why the replay stopped early, and JSoko's
/// metrics when they were computed.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, ReplayOptions, replay};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
/// let moves = Moves::parse("RRR")?;
/// let mut mover = ReplayOptions::new().mover(&puzzle, &moves)?;
/// let verdict = replay(&mut mover, &moves);
/// // The third push runs the box into the wall: two steps applied, then the error.
/// assert_eq!((verdict.steps, verdict.moves, verdict.pushes, verdict.solved), (2, 0, 2, false));
/// assert_eq!(verdict.error.as_ref().and_then(|e| e.step()), Some(2));
/// assert!(mover.is_solved());
/// assert_eq!(mover.board().to_string(), "######\n#  @*#\n######");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Verdict {
    /// Steps applied (jump and selection groups count their steps).
    pub steps: usize,
    /// Steps applied that moved no box (selections excluded).
    pub moves: usize,
    /// Steps applied that pushed or pulled a box.
    pub pushes: usize,
    /// Whether every step was applied and the board is solved after the last (without
    /// Sokoban+ unless it was asked for); `false` whenever [`Verdict::error`] is set.
    pub solved: bool,
    /// Why the replay stopped early or could not start; the steps applied are those
    /// before [`ReplayError::step`].
    pub error: Option<ReplayError>,
    /// JSoko's metrics of a forward snapshot (a saved game's: of its played steps), from
    /// [`PuzzleVerifier::verify`](crate::PuzzleVerifier::verify); `None` for an illegal
    /// step, jumps, pusher selections or several pushers, and from [`replay`], which
    /// computes none.
    pub metrics: Option<SavedGame>,
}

impl Verdict {
    /// The verdict of a replay that could not start.
    pub(crate) fn refused(error: ReplayError) -> Verdict {
        Verdict {
            error: Some(error),
            ..Verdict::default()
        }
    }

    /// The counts of `steps`, all applied.
    pub(crate) fn applied(steps: &[PusherStep]) -> Verdict {
        let pushes = steps.iter().filter(|s| s.is_push_or_pull()).count();
        let selections = steps.iter().filter(|s| s.is_pusher_selection()).count();
        Verdict {
            steps: steps.len(),
            moves: steps.len() - pushes - selections,
            pushes,
            ..Verdict::default()
        }
    }

    /// The error, if any, as a `Result` (for `?`): whether the replay solved the board.
    ///
    /// # Errors
    ///
    /// The error that stopped the replay.
    pub fn ok(&self) -> Result<bool, ReplayError> {
        match &self.error {
            Some(error) => Err(error.clone()),
            None => Ok(self.solved),
        }
    }
}

/// Steps decoded and played at a time by [`replay`] (96 KiB of steps).
const REPLAY_BLOCK: usize = 4096;

/// Replays `moves` on `mover`: the steps, errors and final position of [`replay_steps`]
/// on [`Moves::pusher_steps`] in the mover's tessellation, with the counts of the steps
/// applied. A text of step letters alone (every solution) is decoded and played a
/// block at a time, so a solution of ten million steps needs no step list beside its
/// text (a list would take 24 bytes a step); texts with jumps, selections or `*`
/// markers are decoded whole first. [`ReplayOptions::mover`] builds the mover a
/// replay of some moves on a puzzle starts from.
///
/// The error is that of [`replay_steps`], or [`ReplayError::Step`] for a letter without
/// meaning in the tessellation (nothing is played then); the counts are those of the
/// steps applied before it. [`Verdict::metrics`] is `None`.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, replay};
/// use sokoengine_mover::{Mover, SolvingMode};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let mut mover = Mover::new(board.clone(), SolvingMode::Forward)?;
/// let verdict = replay(&mut mover, &Moves::parse("1000(rl)rRR")?);
/// assert!(verdict.ok()? && mover.is_solved());
/// assert_eq!((verdict.steps, verdict.moves, verdict.pushes), (2003, 2001, 2));
/// let mut mover = Mover::new(board, SolvingMode::Forward)?;
/// let stopped = replay(&mut mover, &Moves::parse("rrR")?);
/// assert_eq!((stopped.error.as_ref().and_then(|e| e.step()), stopped.steps), (Some(1), 1));
/// assert_eq!(mover.board().to_string(), "#######\n# @$ .#\n#######");
/// let wall = replay(&mut mover, &Moves::parse("u")?).error.expect("a wall");
/// assert_eq!(wall.detail(), "Pusher ID: 1 can't be placed in position 2 occupied by '#'");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(mover: &mut Mover, moves: &Moves) -> Verdict {
    let mut verdict = replay_counted(mover, moves);
    verdict.solved = verdict.error.is_none() && mover.is_solved();
    verdict
}

/// [`replay`] without the solved test.
fn replay_counted(mover: &mut Mover, moves: &Moves) -> Verdict {
    let tessellation = mover.board().tessellation();
    let table = step_letters(tessellation);
    let bytes = moves.as_str().as_bytes();
    let mut block = Vec::with_capacity(REPLAY_BLOCK.min(bytes.len()));
    // A text of one block is checked as it is converted; a longer one before any block
    // is played.
    let one_block = bytes.len() <= REPLAY_BLOCK;
    let letters = if one_block {
        plain_steps(table, bytes, &mut block)
    } else {
        letters_only(table, bytes)
    };
    if !letters {
        let steps = match moves.pusher_steps(tessellation) {
            Ok(steps) => steps,
            Err(error) => return Verdict::refused(error.into()),
        };
        let result = replay_steps(mover, &steps);
        let applied = match &result {
            Ok(()) => steps.len(),
            Err(error) => error.step().unwrap_or(0),
        };
        let mut verdict = Verdict::applied(&steps[..applied]);
        verdict.error = result.err();
        return verdict;
    }
    // The mover counts the boxes it moves as it plays, so the letters need no second
    // look (a plain text has no jump, which would reset the count).
    let box_moves = |mover: &Mover| mover.push_count() + mover.pull_count();
    let box_moves_before = box_moves(mover);
    let mut verdict = Verdict::default();
    for (number, letters) in bytes.chunks(REPLAY_BLOCK).enumerate() {
        let offset = number * REPLAY_BLOCK;
        if !one_block {
            plain_steps(table, letters, &mut block);
        }
        if let Err(error) = replay_steps(mover, &block) {
            let error = error.after(offset);
            verdict.steps = error.step().unwrap_or(offset);
            verdict.error = Some(error);
            break;
        }
        verdict.steps = offset + letters.len();
    }
    verdict.pushes = box_moves(mover).saturating_sub(box_moves_before);
    verdict.moves = verdict.steps - verdict.pushes;
    verdict
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
/// push moves no box. The mover keeps the position reached before the failing step,
/// so the steps applied are exactly those before [`ReplayError::step`].
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{replay_steps, Moves};
/// use sokoengine_mover::{Mover, SolvingMode};
///
/// let board = BoardGraph::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let mut mover = Mover::new(board, SolvingMode::Forward)?;
/// let steps = Moves::parse("rRR")?.pusher_steps(Tessellation::Sokoban)?;
/// replay_steps(&mut mover, &steps)?;
/// assert!(mover.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
                .path_destination(selected.index(), &directions)
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
        // Fast path: the run of steps that do what the text says, in one pass. It
        // stops before a refused or mismatched step, which the checked path below
        // then makes and reports.
        let played = mover.play_moves(&steps[index..]);
        if played > 0 {
            index += played;
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
            // Leave the position before the offending step. Undoing the step just made
            // cannot fail: it restores the position it came from.
            let _ = mover.undo_last_move();
            return Err(ReplayError::Mismatch {
                step: index,
                expected_push,
            });
        }
        index += 1;
    }
    Ok(())
}

/// How to replay.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, PuzzleVerifier, ReplayOptions};
///
/// let mut puzzle = Puzzle::parse(Tessellation::Sokoban, "#####\n#@**#\n#####")?;
/// puzzle.boxorder = "1 2".into();
/// puzzle.goalorder = "2 1".into();
/// let moves = Moves::parse("")?;
/// // Both boxes stand on goals, of the wrong colours.
/// let mut verifier = PuzzleVerifier::new(&puzzle);
/// assert!(verifier.verify(&moves, ReplayOptions::new()).solved);
/// assert!(!verifier.verify(&moves, ReplayOptions::new().sokoban_plus(true)).solved);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct ReplayOptions {
    /// Replay in reverse mode even without a jump in the moves (moves with a jump are
    /// always replayed in reverse mode).
    pub reverse: bool,
    /// Enable Sokoban+ with the puzzle's `boxorder`/`goalorder` when it has them, so
    /// the solved test respects plus IDs.
    pub sokoban_plus: bool,
}

impl ReplayOptions {
    /// Forward mode unless the moves have a jump; Sokoban+ not enabled.
    pub const fn new() -> ReplayOptions {
        ReplayOptions {
            reverse: false,
            sokoban_plus: false,
        }
    }

    /// With [`ReplayOptions::reverse`] set as given.
    pub const fn reverse(mut self, reverse: bool) -> ReplayOptions {
        self.reverse = reverse;
        self
    }

    /// With [`ReplayOptions::sokoban_plus`] set as given.
    pub const fn sokoban_plus(mut self, sokoban_plus: bool) -> ReplayOptions {
        self.sokoban_plus = sokoban_plus;
        self
    }

    /// The mover a replay of `moves` on `puzzle` starts from, before any step: in
    /// reverse mode when asked or when the moves have a jump, with Sokoban+ enabled
    /// when asked and the puzzle has orders. Play the moves with [`replay`].
    ///
    /// # Errors
    ///
    /// [`ReplayError::Size`] for a board too large, [`ReplayError::SokobanPlus`] for
    /// invalid orders, [`ReplayError::Mover`] for an unplayable board; before any of
    /// them [`ReplayError::Step`] for a letter without meaning in the tessellation (a
    /// mover that can be built leaves that to [`replay`], which plays nothing then).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_io::{Moves, ReplayOptions, replay};
    /// use sokoengine_mover::SolvingMode;
    ///
    /// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
    /// let moves = Moves::parse("[ll]")?;
    /// let mut mover = ReplayOptions::new().mover(&puzzle, &moves)?;
    /// assert_eq!(mover.solving_mode(), SolvingMode::Reverse);
    /// // A letter without meaning: the replay refuses it before the first step.
    /// let moves = Moves::parse("n")?;
    /// let mut mover = ReplayOptions::new().mover(&puzzle, &moves)?;
    /// let error = replay(&mut mover, &moves).error.expect("a letter without meaning");
    /// assert_eq!(error.to_string(), "Illegal PusherStep character 'n' in SokobanTessellation!");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mover(self, puzzle: &Puzzle, moves: &Moves) -> Result<Mover, ReplayError> {
        self.mover_from(BoardGraph::new(puzzle), puzzle, moves)
    }

    /// [`ReplayOptions::mover`] on `graph`, the graph of `puzzle` as built (so a
    /// caller can build it once for several replays). When no mover can be built, a
    /// letter of `moves` without meaning in the tessellation is the error, if there
    /// is one: such a letter stops a replay before any problem of the board.
    pub(crate) fn mover_from(
        self,
        graph: Result<BoardGraph, SizeError>,
        puzzle: &Puzzle,
        moves: &Moves,
    ) -> Result<Mover, ReplayError> {
        let mover = graph
            .map_err(ReplayError::from)
            .and_then(|graph| self.mover_on(graph, puzzle, moves));
        mover.map_err(|error| match moves.check_steps(puzzle.tessellation()) {
            Err(letter) => letter.into(),
            Ok(()) => error,
        })
    }

    /// A mover on `board`, the graph of `puzzle`, the letters of `moves` unchecked.
    fn mover_on(
        self,
        board: BoardGraph,
        puzzle: &Puzzle,
        moves: &Moves,
    ) -> Result<Mover, ReplayError> {
        let mode = if self.reverse || moves.is_reverse() {
            SolvingMode::Reverse
        } else {
            SolvingMode::Forward
        };
        let manager = if self.sokoban_plus && puzzle.has_sokoban_plus() {
            let mut manager =
                BoardManager::with_sokoban_plus(board, &puzzle.boxorder, &puzzle.goalorder);
            manager
                .enable_sokoban_plus()
                .map_err(ReplayError::SokobanPlus)?;
            manager
        } else {
            BoardManager::new(board)
        };
        Mover::with_manager(manager, mode).map_err(ReplayError::Mover)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Streaming a long text block by block plays, stops and reports as replaying its
    /// whole step list: across block boundaries, with refused and mismatched steps, and
    /// with markers (decoded whole).
    #[test]
    fn replay_matches_replay_steps() {
        let text = "#######\n#@ $ .#\n#######";
        let long = "rl".repeat(REPLAY_BLOCK);
        for moves in [
            format!("{long}rRR"),
            format!("{long}u"),
            format!("{long}rrr"),
            format!("{long}rRRR"),
            format!("{}u", "rl".repeat(REPLAY_BLOCK / 2)),
            format!("{long}[l]r"),
            format!("{long}{{r}}*rR"),
            "rRR".to_owned(),
            String::new(),
            "rn".to_owned(),
        ] {
            let moves = Moves::parse(&moves).expect("valid text");
            let mover = || {
                let board = BoardGraph::parse(Tessellation::Sokoban, text).expect("board");
                Mover::new(board, SolvingMode::Forward).expect("playable")
            };
            let (mut streamed, mut whole) = (mover(), mover());
            let verdict = replay(&mut streamed, &moves);
            let expected = match moves.pusher_steps(Tessellation::Sokoban) {
                Ok(steps) => {
                    let result = replay_steps(&mut whole, &steps);
                    let applied = result.as_ref().err().and_then(ReplayError::step);
                    let mut expected = Verdict::applied(&steps[..applied.unwrap_or(steps.len())]);
                    expected.solved = result.is_ok() && whole.is_solved();
                    expected.error = result.err();
                    expected
                }
                Err(error) => Verdict::refused(error.into()),
            };
            assert_eq!(verdict, expected);
            assert_eq!(streamed.board().to_string(), whole.board().to_string());
            assert_eq!(streamed.last_move(), whole.last_move());
        }
    }

    /// The counts are those of the replay's own steps, on a mover that has played
    /// before, forward and in reverse.
    #[test]
    fn counts_are_the_replays_own() {
        let board = || BoardGraph::parse(Tessellation::Sokoban, "########\n#@ $  .#\n########");
        let mut mover = Mover::new(board().unwrap(), SolvingMode::Forward).unwrap();
        assert_eq!(replay(&mut mover, &Moves::parse("rR").unwrap()).pushes, 1);
        let verdict = replay(&mut mover, &Moves::parse("RlrRR").unwrap());
        assert_eq!((verdict.steps, verdict.moves, verdict.pushes), (4, 2, 2));
        assert!(verdict.error.is_some());
        let board = BoardGraph::parse(Tessellation::Sokoban, "########\n#  @$ .#\n########");
        let mut mover = Mover::new(board.unwrap(), SolvingMode::Reverse).unwrap();
        // The box starts on its goal in reverse: two moves right and a pull.
        assert_eq!(replay(&mut mover, &Moves::parse("rrL").unwrap()).pushes, 1);
        let verdict = replay(&mut mover, &Moves::parse("LlL").unwrap());
        assert_eq!((verdict.steps, verdict.moves, verdict.pushes), (2, 1, 1));
        assert!(verdict.error.is_some());
    }

    fn puzzle(text: &str) -> Puzzle {
        Puzzle::parse(Tessellation::Sokoban, text).unwrap()
    }

    /// The replay of `moves` on a new mover for `puzzle`, and the mover.
    fn replay_on(
        puzzle: &Puzzle,
        moves: &Moves,
        options: ReplayOptions,
    ) -> Result<(Verdict, Mover), ReplayError> {
        let mut mover = options.mover(puzzle, moves)?;
        Ok((replay(&mut mover, moves), mover))
    }

    #[test]
    fn sokoban_plus_is_respected_when_asked() {
        let mut board = puzzle("######\n#@$. #\n# $. #\n######");
        board.boxorder = "1 2".into();
        board.goalorder = "2 1".into();
        let moves = Moves::parse("RldR").unwrap();
        assert!(
            replay_on(&board, &moves, ReplayOptions::new())
                .unwrap()
                .0
                .solved
        );
        let plus = ReplayOptions::new().sokoban_plus(true);
        let (verdict, _) = replay_on(&board, &moves, plus).unwrap();
        assert_eq!((verdict.solved, verdict.error), (false, None));
        board.goalorder = "1 1".into();
        assert!(matches!(
            replay_on(&board, &moves, plus),
            Err(ReplayError::SokobanPlus(_))
        ));
    }

    #[test]
    fn reverse_can_be_forced_and_mismatches_restore_the_board() {
        let board = puzzle("#######\n#@ $ .#\n#######");
        // Forced reverse without a jump: pusher at 1, boxes and goals switched.
        let reverse = ReplayOptions::new().reverse(true);
        let (_, mover) = replay_on(&board, &Moves::parse("r").unwrap(), reverse).unwrap();
        assert_eq!(mover.solving_mode(), SolvingMode::Reverse);
        // An upper-case step that pulls nothing is a mismatch, undone.
        let (verdict, mover) = replay_on(&board, &Moves::parse("rR").unwrap(), reverse).unwrap();
        assert_eq!(verdict.steps, 1);
        assert!(matches!(
            verdict.error,
            Some(ReplayError::Mismatch {
                step: 1,
                expected_push: true
            })
        ));
        assert_eq!(mover.board().to_string(), "#######\n# @. $#\n#######");
        // Jumps on a forward mover: the mover's own message, at the group's first step.
        let mut mover = Mover::new(BoardGraph::new(&board).unwrap(), SolvingMode::Forward).unwrap();
        let steps = Moves::parse("r[ll]")
            .unwrap()
            .pusher_steps(Tessellation::Sokoban)
            .unwrap();
        let error = replay_steps(&mut mover, &steps).unwrap_err();
        assert_eq!(error.step(), Some(1));
        assert_eq!(error.detail(), "Jumps allowed only in reverse solving mode");
        assert_eq!(
            error.to_string(),
            "step 2: Jumps allowed only in reverse solving mode"
        );
    }

    #[test]
    fn a_star_after_a_bracket_marks_nothing() {
        let current = |text: &str| -> Vec<bool> {
            Moves::parse(text)
                .unwrap()
                .pusher_steps(Tessellation::Sokoban)
                .unwrap()
                .iter()
                .map(PusherStep::is_current_pos)
                .collect()
        };
        // As sokoenginepy 1.0.3: only a `*` right after a step letter marks it.
        assert_eq!(current("[l]*r"), [false, false]);
        assert_eq!(current("{l}*r"), [false, false]);
        assert_eq!(current("l[*r]"), [false, false]);
        assert_eq!(current("l[]*r"), [false, false]);
        assert_eq!(current("*l"), [false]);
        assert_eq!(current("l[r*]"), [false, true]);
        assert_eq!(current("l*[r]"), [true, false]);
        assert_eq!(current("l**r"), [true, false]);
        assert_eq!(current("lu*rdL"), [false, true, false, false, false]);
    }

    #[test]
    fn selections_pick_the_pusher_reached() {
        let board = puzzle("#########\n#@ .$  @#\n#########");
        let moves = Moves::parse("{6r}2lL").unwrap();
        let (verdict, mover) = replay_on(&board, &moves, ReplayOptions::new()).unwrap();
        assert!(verdict.solved);
        assert_eq!((verdict.steps, verdict.moves, verdict.pushes), (9, 2, 1));
        assert_eq!(mover.selected_pusher(), 2);
        let moves = Moves::parse("{r}l").unwrap();
        let (missing, _) = replay_on(&board, &moves, ReplayOptions::new()).unwrap();
        assert_eq!(missing.error.unwrap().detail(), "No pusher on position: 11");
    }

    /// The mover's errors come in a fixed order, whatever else is wrong.
    #[test]
    fn the_mover_refuses_letters_first() {
        let mut board = puzzle("#####\n#@@.#\n#####");
        board.boxorder = "1".into();
        board.goalorder = "x".into();
        let plus = ReplayOptions::new().sokoban_plus(true);
        let error = |text: &str, options: ReplayOptions| {
            options
                .mover(&board, &Moves::parse(text).unwrap())
                .unwrap_err()
        };
        assert!(matches!(error("n", plus), ReplayError::Step(_)));
        assert!(matches!(error("r", plus), ReplayError::SokobanPlus(_)));
        assert!(matches!(
            error("r", ReplayOptions::new()),
            ReplayError::Mover(_)
        ));
        // A verdict of a replay that could not start: no step, not solved.
        let verdict = Verdict::refused(error("r", ReplayOptions::new()));
        assert_eq!((verdict.steps, verdict.solved), (0, false));
        assert!(verdict.ok().is_err());
    }
}
