//! Metrics verified against a board, the JSoko way (docs/rules.md#verifying-a-solution).
//!
//! The board is simulated by the compact core of the board crate
//! ([`CompactBoard`]/[`Position`]: a byte per cell of the *active* area, what the
//! pusher can reach when boxes do not block; everything else is wall), so one
//! verifier replays any number of solutions without allocating, under the same
//! rules of movement as the solver.

use sokoengine_board::{
    Blocked, BoardGraph, BoardParseError, BoardPosition, CompactBoard, CompactBoardError,
    CompactCell, Position, Puzzle, Walk,
};
use sokoengine_geometry::{Direction, Tessellation};

use crate::{BoxMove, MAX_STEPS, PathMetrics, SolutionMetrics, Step};

/// Class of a character in a solution: a direction value, or one of these.
const SKIP: u8 = 0x80;
const STOP: u8 = 0x40;
const UNSUPPORTED: u8 = 0x20;

/// A board that cannot be used to verify solutions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The board text does not parse.
    #[error(transparent)]
    Parse(#[from] BoardParseError),
    /// The board has no pusher.
    #[error("The board has no pusher!")]
    NoPusher,
    /// The board has several pushers; metrics are defined for one pusher only.
    #[error("The board has {count} pushers; solution metrics need exactly one!")]
    SeveralPushers {
        /// How many pushers the board has.
        count: usize,
    },
}

/// Why a step cannot be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalStep {
    /// The pusher would walk into a wall or off the board (or along a direction
    /// that leads nowhere from its tile).
    #[error("blocked move in direction {}", direction.qualified_name())]
    BlockedMove {
        /// The direction of the step.
        direction: Direction,
    },
    /// The box in front of the pusher would move into a wall, another box or off
    /// the board.
    #[error("blocked push in direction {}", direction.qualified_name())]
    BlockedPush {
        /// The direction of the step.
        direction: Direction,
    },
}

/// Why a solution is not valid. The texts are those of the corpus' check tables
/// (`blocked move at move 1`, `not solved after 33 moves`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidSolution {
    /// No step at all (empty, whitespace only, or nothing before `*`).
    #[error("empty solution")]
    Empty,
    /// A step into a wall (or off the board).
    #[error("blocked move at move {step}")]
    BlockedMove {
        /// 1-based number of the offending step.
        step: u32,
        /// Its direction.
        direction: Direction,
    },
    /// A push into a wall, a box or off the board.
    #[error("blocked push at move {step}")]
    BlockedPush {
        /// 1-based number of the offending step.
        step: u32,
        /// Its direction.
        direction: Direction,
    },
    /// The steps ran out before every active box was on a goal.
    #[error("not solved after {moves} moves")]
    NotSolved {
        /// How many steps were played.
        moves: u32,
        /// The metrics of the played steps (what a saved game reports).
        metrics: SolutionMetrics,
    },
    /// A jump (`[`, `]`, reverse mode) or a pusher selection (`{`, `}`, several
    /// pushers): outside JSoko's metric definitions for forward single-pusher
    /// solutions.
    #[error(
        "unsupported notation '{character}' at position {position}: metrics are defined for forward single-pusher solutions"
    )]
    UnsupportedNotation {
        /// The jump or selection bracket.
        character: char,
        /// Its 0-based character index in the input.
        position: usize,
    },
    /// More than [`MAX_STEPS`] bytes of input.
    #[error("solution of {length} bytes is longer than the limit of {limit}")]
    TooLong {
        /// The input length in bytes.
        length: usize,
        /// The limit, [`MAX_STEPS`].
        limit: usize,
    },
}

/// The outcome of replaying a saved game ([`SolutionVerifier::verify_saved_game`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SavedGame {
    /// The metrics of the played steps (up to the solving push, if any).
    pub metrics: SolutionMetrics,
    /// Whether the played steps solve the level.
    pub solved: bool,
    /// The replay that takes the letters at their word (lower case walks, upper case
    /// pushes, every step to the end, none dropped after the solving push): whether
    /// the level is solved after the last step, when the text is step letters alone
    /// and every step is legal and moves a box exactly when its letter is upper case;
    /// `None` otherwise. What a replay on a Mover would find, decided in the same pass.
    pub as_written: Option<bool>,
}

/// Verifies solutions of one board and computes their metrics the JSoko way.
///
/// * The board decides push or walk, whatever the letter case (`r` into a box is a
///   push, normalised `R`); characters that are not step letters of the
///   tessellation are skipped; `*` ends the played steps (a saved game's undo tail).
/// * Jumps and pusher selections (`[...]`, `{...}`) are refused
///   ([`InvalidSolution::UnsupportedNotation`]): the metrics are defined for forward
///   single-pusher solutions only. RLE must be decoded first (the board crate's
///   `rle::decode`).
/// * Only the **active** board counts: cells the pusher cannot reach even with all
///   boxes removed are walls, and their boxes and goals are ignored.
/// * After every push that leaves no active box off a goal the solution ends: later
///   steps are dropped.
/// * A blocked step, no steps at all, or steps that run out unsolved make the
///   solution invalid ([`InvalidSolution`]).
///
/// Build it once per board and reuse it: verifying takes `&mut self` only to reuse
/// its working copy of the cells.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_metrics::{InvalidSolution, SolutionMetrics, SolutionVerifier};
///
/// let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
/// let mut normalized = String::new();
/// let metrics = verifier.verify_normalized("rRRDD", &mut normalized)?;
/// assert_eq!((metrics.to_string(), normalized.as_str()), ("1/1/1/1/1/1".into(), "R"));
/// let error = verifier.verify("D").unwrap_err();
/// assert_eq!(error.to_string(), "blocked move at move 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct SolutionVerifier {
    board: CompactBoard,
    /// Working position of the replay in progress.
    position: Position,
    classes: &'static [u8; 256],
}

static SOKOBAN_CLASSES: [u8; 256] = classes(Tessellation::Sokoban);
static HEXOBAN_CLASSES: [u8; 256] = classes(Tessellation::Hexoban);
static TRIOBAN_CLASSES: [u8; 256] = classes(Tessellation::Trioban);
static OCTOBAN_CLASSES: [u8; 256] = classes(Tessellation::Octoban);

/// The character classes of `tessellation`, built at compile time.
const fn classes_of(tessellation: Tessellation) -> &'static [u8; 256] {
    match tessellation {
        Tessellation::Sokoban => &SOKOBAN_CLASSES,
        Tessellation::Hexoban => &HEXOBAN_CLASSES,
        Tessellation::Trioban => &TRIOBAN_CLASSES,
        Tessellation::Octoban => &OCTOBAN_CLASSES,
    }
}

const fn classes(tessellation: Tessellation) -> [u8; 256] {
    let mut classes = [SKIP; 256];
    let mut byte = 0;
    while byte < 128 {
        if let Ok((direction, _)) = tessellation.parse_step_char(byte as u8 as char) {
            classes[byte] = direction as u8;
        }
        byte += 1;
    }
    classes[b'*' as usize] = STOP;
    // Jumps (reverse mode) and pusher selections (Multiban) have no JSoko metrics.
    classes[b'[' as usize] = UNSUPPORTED;
    classes[b']' as usize] = UNSUPPORTED;
    classes[b'{' as usize] = UNSUPPORTED;
    classes[b'}' as usize] = UNSUPPORTED;
    classes
}

impl From<CompactBoardError> for BoardError {
    fn from(error: CompactBoardError) -> BoardError {
        match error {
            CompactBoardError::SeveralPushers { count } => BoardError::SeveralPushers { count },
            _ => BoardError::NoPusher,
        }
    }
}

impl SolutionVerifier {
    /// A verifier for the board of `puzzle`.
    ///
    /// # Errors
    ///
    /// [`BoardError::NoPusher`] or [`BoardError::SeveralPushers`] unless the board
    /// has exactly one pusher.
    pub fn new(puzzle: &Puzzle) -> Result<SolutionVerifier, BoardError> {
        SolutionVerifier::from_board(CompactBoard::new(puzzle)?)
    }

    /// A verifier for the board of `graph`.
    ///
    /// # Errors
    ///
    /// As [`SolutionVerifier::new`].
    pub fn from_graph(graph: &BoardGraph) -> Result<SolutionVerifier, BoardError> {
        SolutionVerifier::from_board(CompactBoard::from_graph(graph)?)
    }

    /// A verifier for a compact board (one pusher, by construction).
    ///
    /// # Errors
    ///
    /// None today; the `Result` keeps the constructors uniform.
    pub fn from_board(board: CompactBoard) -> Result<SolutionVerifier, BoardError> {
        Ok(SolutionVerifier {
            position: board.start(),
            classes: classes_of(board.tessellation()),
            board,
        })
    }

    /// A verifier for board text (plain or RLE) in `tessellation`.
    ///
    /// # Errors
    ///
    /// [`BoardError::Parse`] for text the board parser rejects, otherwise as
    /// [`SolutionVerifier::new`].
    pub fn parse(tessellation: Tessellation, text: &str) -> Result<SolutionVerifier, BoardError> {
        SolutionVerifier::new(&Puzzle::parse(tessellation, text)?)
    }

    /// The tessellation of the board.
    pub const fn tessellation(&self) -> Tessellation {
        self.board.tessellation()
    }

    /// The compact board the solutions are replayed on.
    pub const fn board(&self) -> &CompactBoard {
        &self.board
    }

    /// Whether board position `position` belongs to the active board (the
    /// pusher's flood fill).
    pub fn is_active(&self, position: impl Into<BoardPosition>) -> bool {
        self.board
            .cell_of(position)
            .is_some_and(|cell| self.board.is_active(cell))
    }

    /// How many active boxes stand off a goal at the start.
    pub const fn boxes_off_goal(&self) -> u32 {
        self.board.boxes_off_goal()
    }

    /// A step-by-step replay from the start position (resetting any replay in
    /// progress).
    pub fn replay(&mut self) -> Replay<'_> {
        self.board.reset(&mut self.position);
        Replay {
            board: &self.board,
            position: &mut self.position,
            path: PathMetrics::START,
        }
    }

    /// The metrics of a solution.
    ///
    /// # Errors
    ///
    /// [`InvalidSolution`]: no steps, a blocked step, or unsolved at the end.
    pub fn verify(&mut self, steps: &str) -> Result<SolutionMetrics, InvalidSolution> {
        let (metrics, solved) = self.run(steps, None)?;
        Self::require_solved(metrics, solved)
    }

    /// The metrics of a solution, writing its normalised string (upper case =
    /// push, truncated after the solving push) to `normalized` (cleared first).
    ///
    /// # Errors
    ///
    /// As [`SolutionVerifier::verify`]; `normalized` then holds the steps up to the
    /// problem.
    pub fn verify_normalized(
        &mut self,
        steps: &str,
        normalized: &mut String,
    ) -> Result<SolutionMetrics, InvalidSolution> {
        normalized.clear();
        let (metrics, solved) = self.run(steps, Some(normalized))?;
        Self::require_solved(metrics, solved)
    }

    /// Replays a saved game: like [`SolutionVerifier::verify`], but steps that run
    /// out unsolved are simply "not a solution" (`solved: false`) with the metrics
    /// of all played steps, and no steps at all is allowed.
    ///
    /// A text of step letters alone is also replayed as written in the same pass
    /// ([`SavedGame::as_written`]): what a replay that takes its letters at their word
    /// finds, for the price of one replay.
    ///
    /// # Errors
    ///
    /// [`InvalidSolution::BlockedMove`] / [`InvalidSolution::BlockedPush`] for an
    /// illegal step (before the solving push), [`InvalidSolution::TooLong`],
    /// [`InvalidSolution::UnsupportedNotation`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_metrics::SolutionVerifier;
    ///
    /// let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
    /// let game = verifier.verify_saved_game("Rlr*R")?;
    /// assert_eq!((game.metrics.to_string(), game.solved), ("3/1/1/1/1/3".into(), false));
    /// // `*` is no step letter: no replay as written.
    /// assert_eq!(game.as_written, None);
    /// assert_eq!(verifier.verify_saved_game("RR")?.as_written, Some(true));
    /// // `r` pushes: the board and the text disagree; the metrics do not care.
    /// let game = verifier.verify_saved_game("rR")?;
    /// assert_eq!((game.metrics.to_string(), game.solved, game.as_written), ("2/2/1/1/1/1".into(), true, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify_saved_game(&mut self, steps: &str) -> Result<SavedGame, InvalidSolution> {
        if let Some(game) = self.replay_as_written(steps) {
            return game;
        }
        let (metrics, solved) = self.run(steps, None)?;
        Ok(SavedGame {
            metrics,
            solved,
            as_written: None,
        })
    }

    fn require_solved(
        metrics: SolutionMetrics,
        solved: bool,
    ) -> Result<SolutionMetrics, InvalidSolution> {
        if solved {
            Ok(metrics)
        } else if metrics.moves == 0 {
            Err(InvalidSolution::Empty)
        } else {
            Err(InvalidSolution::NotSolved {
                moves: metrics.moves,
                metrics,
            })
        }
    }

    /// Replays `steps`; returns the metrics and whether a push solved the level.
    ///
    /// The fast path of [`Replay::try_step`] plus [`PathMetrics::after`]: the same
    /// rules with the counters and the PlugValue kept in locals (the corpus tests
    /// and the properties check both paths against the string-only counter).
    fn run(
        &mut self,
        steps: &str,
        mut normalized: Option<&mut String>,
    ) -> Result<(SolutionMetrics, bool), InvalidSolution> {
        if steps.len() > MAX_STEPS {
            return Err(InvalidSolution::TooLong {
                length: steps.len(),
                limit: MAX_STEPS,
            });
        }
        let classes = self.classes;
        let letters = step_letters(self.board.tessellation());
        self.board.reset(&mut self.position);
        let mut position = self.position.walk();
        let mut counters = Counters::START;
        for (offset, &byte) in steps.as_bytes().iter().enumerate() {
            let class = classes[usize::from(byte)];
            if class & (SKIP | STOP | UNSUPPORTED) != 0 {
                match class {
                    STOP => break,
                    UNSUPPORTED => {
                        return Err(InvalidSolution::UnsupportedNotation {
                            character: char::from(byte),
                            position: steps[..offset].chars().count(),
                        });
                    }
                    _ => continue,
                }
            }
            let direction = Direction::ALL[usize::from(class)];
            let moved = match position.step(direction) {
                Ok(moved) => moved,
                Err(blocked) => return Err(counters.blocked(blocked, direction)),
            };
            counters.count(class, moved.pushed);
            let is_push = moved.pushed.is_some();
            if let Some(out) = normalized.as_deref_mut() {
                let letter = letters[usize::from(class)];
                out.push(char::from(if is_push {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                }));
            }
            if is_push && position.is_solved() {
                return Ok((counters.metrics(), true));
            }
        }
        Ok((counters.metrics(), false))
    }

    /// [`SolutionVerifier::verify_saved_game`] and the replay as written, in one pass;
    /// `None` when the text holds anything but step letters of the tessellation (`*`,
    /// jumps, selections, spaces) or is longer than [`MAX_STEPS`].
    fn replay_as_written(&mut self, steps: &str) -> Option<Result<SavedGame, InvalidSolution>> {
        if steps.len() > MAX_STEPS {
            return None;
        }
        self.board.reset(&mut self.position);
        // The pusher stays in a register instead of a round trip through memory on
        // every step; a copy of the loop per kind of board, so that a Sokoban board's
        // steps never ask for their tile's class.
        let position = self.position.walk();
        if position.is_uniform() && self.board.tessellation() == Tessellation::Sokoban {
            // The classes at a fixed address, too: one register more for the loop.
            replay_walk::<true>(position, &SOKOBAN_CLASSES, steps)
        } else {
            replay_walk::<false>(position, self.classes, steps)
        }
    }
}

/// [`SolutionVerifier::replay_as_written`] on `position`, whose board is known to be
/// uniform ([`Walk::is_uniform`]) when `UNIFORM` is.
#[inline(always)]
fn replay_walk<const UNIFORM: bool>(
    mut position: Walk<'_>,
    classes: &[u8; 256],
    steps: &str,
) -> Option<Result<SavedGame, InvalidSolution>> {
    // Tells the compiler what the steps below may take for granted.
    if UNIFORM && !position.is_uniform() {
        return None;
    }
    let mut counters = Counters::START;
    // The metrics once known (a solving push or a blocked step ends them): `Ok` holds
    // whether a push solved the level.
    let mut metrics: Option<Result<bool, InvalidSolution>> = None;
    // The first step that is blocked or not as written.
    let mut stopped_at = None;
    let bytes = steps.as_bytes();
    // The common case first, in a loop of its own: every step legal and as
    // written, the level not yet solved.
    let mut index = 0;
    let mut taken = None;
    while let Some(&byte) = bytes.get(index) {
        let class = classes[usize::from(byte)];
        if class & (SKIP | STOP | UNSUPPORTED) != 0 {
            return None;
        }
        let direction = Direction::ALL[usize::from(class & 7)];
        let moved = match position.step(direction) {
            Ok(moved) => moved,
            Err(blocked) => {
                stopped_at = Some(index);
                metrics = Some(Err(counters.blocked(blocked, direction)));
                break;
            }
        };
        counters.count(class, moved.pushed);
        let is_push = moved.pushed.is_some();
        if is_push != byte.is_ascii_uppercase() || (is_push && position.is_solved()) {
            taken = Some((index, is_push, byte));
            break;
        }
        index += 1;
    }
    // A disagreement or a solving push: the rest, step by step.
    if let Some((index, is_push, byte)) = taken {
        if is_push != byte.is_ascii_uppercase() {
            stopped_at = Some(index);
        }
        if is_push && position.is_solved() {
            metrics = Some(Ok(true));
        }
        for (index, &byte) in bytes.iter().enumerate().skip(index + 1) {
            if stopped_at.is_some() && metrics.is_some() {
                break;
            }
            let class = classes[usize::from(byte)];
            if class & (SKIP | STOP | UNSUPPORTED) != 0 {
                return None;
            }
            let direction = Direction::ALL[usize::from(class)];
            let moved = match position.step(direction) {
                Ok(moved) => moved,
                Err(blocked) => {
                    stopped_at.get_or_insert(index);
                    metrics.get_or_insert(Err(counters.blocked(blocked, direction)));
                    break;
                }
            };
            let is_push = moved.pushed.is_some();
            if stopped_at.is_none() && is_push != byte.is_ascii_uppercase() {
                stopped_at = Some(index);
            }
            if metrics.is_none() {
                counters.count(class, moved.pushed);
                if is_push && position.is_solved() {
                    metrics = Some(Ok(true));
                }
            }
        }
    }
    // Past a disagreement the position is not the replay as written's.
    let as_written = match stopped_at {
        Some(_) => None,
        None => Some(position.is_solved()),
    };
    // The counters stop at the solving push.
    Some(metrics.unwrap_or(Ok(false)).map(|solved| SavedGame {
        metrics: counters.metrics(),
        solved,
        as_written,
    }))
}

/// The running metrics of a replay (JSoko's definitions,
/// docs/rules.md#verifying-a-solution): the one place where a step is counted, for every
/// replay loop of the verifier.
#[derive(Debug, Clone, Copy)]
struct Counters {
    moves: u32,
    pushes: u32,
    box_lines: u32,
    box_changes: u32,
    sessions: u32,
    player_lines: u32,
    /// 8 is no direction.
    last_direction: u8,
    last_was_push: bool,
    /// The cell of the box pushed last ([`CompactCell::NONE`] before the first push).
    last_box: CompactCell,
}

impl Counters {
    const START: Counters = Counters {
        moves: 0,
        pushes: 0,
        box_lines: 0,
        box_changes: 0,
        sessions: 0,
        player_lines: 0,
        last_direction: 8,
        last_was_push: false,
        last_box: CompactCell::NONE,
    };

    /// Counts a step in direction value `class` that pushed `pushed` (box cells
    /// from, to), if anything.
    #[inline(always)]
    fn count(&mut self, class: u8, pushed: Option<(CompactCell, CompactCell)>) {
        self.moves += 1;
        self.player_lines += u32::from(class != self.last_direction);
        if let Some((from, to)) = pushed {
            self.pushes += 1;
            self.box_lines += u32::from(!(self.last_was_push && class == self.last_direction));
            self.box_changes += u32::from(from != self.last_box);
            self.sessions += u32::from(!self.last_was_push);
            self.last_box = to;
        }
        self.last_direction = class;
        self.last_was_push = pushed.is_some();
    }

    /// The error of the next step, blocked.
    fn blocked(&self, blocked: Blocked, direction: Direction) -> InvalidSolution {
        let step = self.moves + 1;
        match blocked {
            Blocked::Move { .. } => InvalidSolution::BlockedMove { step, direction },
            _ => InvalidSolution::BlockedPush { step, direction },
        }
    }

    const fn metrics(&self) -> SolutionMetrics {
        SolutionMetrics::new(
            self.moves,
            self.pushes,
            self.box_lines,
            self.box_changes,
            self.sessions,
            self.player_lines,
        )
    }
}

/// The lower-case step letter of each direction value (`?` where there is none,
/// which `classes` never yields).
const fn step_letters(tessellation: Tessellation) -> [u8; 8] {
    let mut letters = [b'?'; 8];
    let mut index = 0;
    while index < 8 {
        if let Ok(letter) = tessellation.step_char(Direction::ALL[index], false) {
            letters[index] = letter as u8;
        }
        index += 1;
    }
    letters
}

/// A replay in progress: the configuration (pusher and boxes of the active board),
/// the metrics so far and the [`PlugValue`](crate::PlugValue), with boxes named by
/// the square they stand on.
///
/// [`Replay::successor`] and [`Replay::successors`] give the values after one more
/// step without taking it (an optimizer's successor generation);
/// [`Replay::try_step`] takes it. Blocked steps change nothing. The replay does not
/// stop by itself once [`Replay::is_solved`] (the verifier's truncation rule is the
/// caller's to apply). It has no undo: an optimizer keeps its own configurations
/// and the [`PathMetrics`] of earlier steps on a stack (the counters alone cannot
/// restore a PlugValue).
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::{Direction, Tessellation};
/// use sokoengine_metrics::{SolutionMetrics, SolutionVerifier, Step};
///
/// let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, "######\n#@$ .#\n######")?;
/// let mut replay = verifier.replay();
/// assert_eq!(replay.try_step(Direction::Right)?, Step::push(Direction::Right));
/// assert!(replay.successor(Direction::Up).is_none());
/// let next = replay.successor(Direction::Right).expect("legal");
/// assert_eq!(next.metrics, SolutionMetrics::new(2, 2, 1, 1, 1, 1));
/// assert!(!replay.is_solved());
/// replay.try_step(Direction::Right)?;
/// assert!(replay.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Replay<'v> {
    board: &'v CompactBoard,
    position: &'v mut Position,
    /// Boxes named by compact cells.
    path: PathMetrics<u32>,
}

impl Replay<'_> {
    /// The pusher's position.
    pub fn pusher(&self) -> BoardPosition {
        self.board.board_position(self.position.pusher())
    }

    /// Whether an (active) box stands on `position`.
    pub fn has_box(&self, position: impl Into<BoardPosition>) -> bool {
        self.board
            .cell_of(position)
            .is_some_and(|cell| self.position.has_box(cell))
    }

    /// Whether no active box is off a goal.
    pub const fn is_solved(&self) -> bool {
        self.position.is_solved()
    }

    /// The metrics and PlugValue of the steps taken so far; the last pushed box is
    /// named by the board position it rests on.
    pub fn path(&self) -> PathMetrics<u32> {
        self.to_board_numbering(self.path)
    }

    fn to_board_numbering(&self, mut path: PathMetrics<u32>) -> PathMetrics<u32> {
        if let Some(square) = path.plug.last_pushed_box {
            // Board positions fit in u32: boards are at most 4096 × 4096.
            let position = self.board.board_position(square).index();
            path.plug.last_pushed_box = Some(position as u32);
        }
        path
    }

    /// The metrics and PlugValue after a step in `direction`, or `None` when the
    /// step is illegal; the replay itself does not change.
    pub fn successor(&self, direction: Direction) -> Option<PathMetrics<u32>> {
        let moved = self.position.plan_step(direction).ok()?;
        Some(self.to_board_numbering(self.path.after(direction, box_move(moved.pushed))))
    }

    /// Every legal step from here with the values after it, in the tessellation's
    /// direction order: the successor generation of an optimizer.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::{Direction, Tessellation};
    /// use sokoengine_metrics::SolutionVerifier;
    ///
    /// let mut verifier = SolutionVerifier::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
    /// let replay = verifier.replay();
    /// let steps: Vec<_> = replay.successors().map(|(direction, path)| (direction, path.metrics.pushes)).collect();
    /// assert_eq!(steps, [(Direction::Right, 1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn successors(&self) -> impl Iterator<Item = (Direction, PathMetrics<u32>)> + '_ {
        self.board
            .tessellation()
            .legal_directions()
            .iter()
            .filter_map(|&direction| Some((direction, self.successor(direction)?)))
    }

    /// Takes a step in `direction`: a push if a box is in the way, otherwise a walk.
    ///
    /// # Errors
    ///
    /// [`IllegalStep`] when blocked; the replay is then unchanged.
    #[inline]
    pub fn try_step(&mut self, direction: Direction) -> Result<Step, IllegalStep> {
        let moved = self
            .position
            .step(direction)
            .map_err(|blocked| match blocked {
                Blocked::Move { .. } => IllegalStep::BlockedMove { direction },
                _ => IllegalStep::BlockedPush { direction },
            })?;
        self.path = self.path.after(direction, box_move(moved.pushed));
        Ok(Step::new(direction, moved.pushed.is_some()))
    }
}

/// A pushed box as cells (where it stood, where it goes).
#[inline]
fn box_move(pushed: Option<(CompactCell, CompactCell)>) -> Option<BoxMove<u32>> {
    pushed.map(|(from, to)| BoxMove::new(from.get(), to.get()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verifier(board: &str) -> SolutionVerifier {
        SolutionVerifier::parse(Tessellation::Sokoban, &board.replace('/', "\n")).unwrap()
    }

    #[test]
    fn spec_edge_cases() {
        let mut simple = verifier("#####/#@$.#/#####");
        let mut normalized = String::new();
        for steps in ["R", "r", "RRRDD"] {
            let metrics = simple.verify_normalized(steps, &mut normalized).unwrap();
            assert_eq!(
                (metrics.to_string(), normalized.as_str()),
                ("1/1/1/1/1/1".into(), "R")
            );
        }
        assert_eq!(
            simple.verify("D"),
            Err(InvalidSolution::BlockedMove {
                step: 1,
                direction: Direction::Down
            })
        );
        let mut detour = verifier("######/#@$ .#/######");
        assert_eq!(detour.verify("RlrR").unwrap().to_string(), "4/2/2/1/2/3");
        let mut inactive = verifier("########/#@$.#$.#/########");
        assert_eq!(inactive.boxes_off_goal(), 1);
        assert!(!inactive.is_active(5));
        assert_eq!(inactive.verify("R").unwrap().to_string(), "1/1/1/1/1/1");
        let mut solved_at_start = verifier("######/#@*  #/#    #/######");
        assert_eq!(
            solved_at_start.verify("RdrruL").unwrap().to_string(),
            "6/2/2/1/2/5"
        );
        assert_eq!(solved_at_start.verify(""), Err(InvalidSolution::Empty));
        assert_eq!(solved_at_start.verify(" \n\t"), Err(InvalidSolution::Empty));
    }

    #[test]
    fn skipped_characters_and_undo_tail() {
        let mut detour = verifier("######/#@$ .#/######");
        assert_eq!(
            detour.verify("R l\nr 9 R").unwrap().to_string(),
            "4/2/2/1/2/3"
        );
        assert_eq!(
            detour.verify("R*R"),
            Err(InvalidSolution::NotSolved {
                moves: 1,
                metrics: SolutionMetrics::new(1, 1, 1, 1, 1, 1)
            })
        );
        let game = detour.verify_saved_game("").unwrap();
        assert_eq!(
            game,
            SavedGame {
                metrics: SolutionMetrics::ZERO,
                solved: false,
                as_written: Some(false)
            }
        );
        let game = detour.verify_saved_game("RRlll").unwrap();
        assert_eq!(
            game,
            SavedGame {
                metrics: SolutionMetrics::new(2, 2, 1, 1, 1, 1),
                solved: true,
                // The last `l` walks into the wall.
                as_written: None
            }
        );
    }

    /// The replay as written runs past the solving push and stops at the first step
    /// that is blocked or not as written; the metrics are those of `run`.
    #[test]
    fn saved_games_are_replayed_as_written_in_the_same_pass() {
        let mut detour = verifier("######/#@$ .#/######");
        let as_written = |verifier: &mut SolutionVerifier, steps: &str| {
            verifier
                .verify_saved_game(steps)
                .map(|game| game.as_written)
        };
        assert_eq!(as_written(&mut detour, "RR"), Ok(Some(true)));
        assert_eq!(as_written(&mut detour, "Rl"), Ok(Some(false)));
        // Past the solving push: the box leaves its goal, the metrics stop at the push.
        let game = detour.verify_saved_game("RRlull").unwrap();
        assert_eq!((game.solved, game.as_written), (true, None));
        let game = detour.verify_saved_game("RRl").unwrap();
        assert_eq!((game.solved, game.as_written), (true, Some(true)));
        // A lower-case push, an upper-case walk, a blocked step after the solution.
        assert_eq!(as_written(&mut detour, "rR"), Ok(None));
        assert_eq!(as_written(&mut detour, "RLR"), Ok(None));
        assert_eq!(as_written(&mut detour, "RRR"), Ok(None));
        assert!(detour.verify_saved_game("RRR").unwrap().solved);
        // Text that is not step letters alone: the metrics only.
        for steps in ["R R", "RR*", "R\nR"] {
            assert_eq!(as_written(&mut detour, steps), Ok(None), "{steps:?}");
        }
        for steps in ["", "R", "rR", "RRl", "RLR", "Rlr", "RRRll", "u", "Ru"] {
            let game = detour.verify_saved_game(steps);
            let (metrics, solved) = match detour.run(steps, None) {
                Ok(found) => found,
                Err(error) => {
                    assert_eq!(game, Err(error), "{steps:?}");
                    continue;
                }
            };
            let game = game.unwrap();
            assert_eq!((game.metrics, game.solved), (metrics, solved), "{steps:?}");
        }
    }

    #[test]
    fn jumps_and_pusher_selections_are_refused() {
        let mut detour = verifier("######/#@$ .#/######");
        assert_eq!(
            detour.verify("é[]RlrR"),
            Err(InvalidSolution::UnsupportedNotation {
                character: '[',
                position: 1
            })
        );
        assert!(matches!(
            detour.verify_saved_game("R{r}"),
            Err(InvalidSolution::UnsupportedNotation {
                character: '{',
                position: 1
            })
        ));
        // After the undo marker nothing is read.
        assert!(detour.verify_saved_game("R*[").is_ok());
    }

    #[test]
    fn blocked_push_and_board_errors() {
        let mut two_boxes = verifier("#######/#@$$..#/#######");
        assert_eq!(
            two_boxes.verify("rR"),
            Err(InvalidSolution::BlockedPush {
                step: 1,
                direction: Direction::Right
            })
        );
        assert_eq!(
            two_boxes.verify("x").unwrap_err().to_string(),
            "empty solution"
        );
        assert_eq!(
            SolutionVerifier::parse(Tessellation::Sokoban, "#####\n# $.#\n#####").unwrap_err(),
            BoardError::NoPusher
        );
        assert_eq!(
            SolutionVerifier::parse(Tessellation::Sokoban, "#####\n#@@.#\n#####")
                .unwrap_err()
                .to_string(),
            "The board has 2 pushers; solution metrics need exactly one!"
        );
        assert!(matches!(
            SolutionVerifier::parse(Tessellation::Sokoban, "#Z#"),
            Err(BoardError::Parse(_))
        ));
    }

    #[test]
    fn open_board_edges_are_blocked_moves() {
        let mut open = verifier("@$.");
        assert_eq!(
            open.verify("l"),
            Err(InvalidSolution::BlockedMove {
                step: 1,
                direction: Direction::Left
            })
        );
        assert_eq!(
            open.verify("u").unwrap_err().to_string(),
            "blocked move at move 1"
        );
        assert_eq!(open.verify("r").unwrap().to_string(), "1/1/1/1/1/1");
        let mut edge = verifier("@.$");
        assert!(matches!(
            edge.verify("rrR"),
            Err(InvalidSolution::BlockedPush { step: 2, .. })
        ));
    }
}
