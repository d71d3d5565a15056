//! Positions along a solution, and its animation. The moves are played by the Mover
//! through `sokoengine-io`'s replay: the same rules, the same messages as `replay`.

use sokoengine_board::Puzzle;
use sokoengine_io::{Moves, ReplayError, ReplayOptions, replay, replay_steps};
use sokoengine_mover::{BoardManager, Mover, PusherStep};

use crate::animation::{Animation, MAX_FRAMES, Place, Sprite};
use crate::board::{BoardPicture, symbol};
use crate::error::RenderError;
use crate::options::Options;
use crate::tiling::Point;

/// A mover for `puzzle` in the mode the moves need (reverse when asked or when they
/// have a jump), with Sokoban+ as `options` say, before any step; and the moves' steps.
fn start(
    puzzle: &Puzzle,
    moves: &Moves,
    options: ReplayOptions,
) -> Result<(Mover, Vec<PusherStep>), ReplayError> {
    let steps = moves.pusher_steps(puzzle.tessellation())?;
    let options = options.reverse(options.reverse || moves.is_reverse());
    // Replaying no moves builds the mover exactly as a replay of these moves would.
    let mover = replay(puzzle, &Moves::default(), options)?.mover;
    Ok((mover, steps))
}

/// The position after the first `steps` pusher steps of `moves` (jump and selection
/// groups count their steps, as `replay` counts them).
///
/// # Errors
///
/// [`RenderError::StepOutOfRange`] when the moves have fewer steps,
/// [`RenderError::Replay`] when they cannot be replayed that far (the error names the
/// refused step).
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, ReplayOptions};
/// use sokoengine_render::position_after;
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let manager = position_after(&puzzle, &Moves::parse("rRR")?, 2, ReplayOptions::new())?;
/// assert_eq!(manager.board().to_string(), "#######\n#  @$.#\n#######");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn position_after(
    puzzle: &Puzzle,
    moves: &Moves,
    steps: usize,
    options: ReplayOptions,
) -> Result<BoardManager, RenderError> {
    let (mut mover, all) = start(puzzle, moves, options)?;
    let Some(prefix) = all.get(..steps) else {
        return Err(RenderError::StepOutOfRange {
            asked: steps,
            available: all.len(),
        });
    };
    replay_steps(&mut mover, prefix)?;
    Ok(mover.into_board_manager())
}

/// The positions of pushers and boxes (by ID) after a frame's steps.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Frame {
    pushers: Vec<usize>,
    boxes: Vec<usize>,
    /// Pusher steps applied so far.
    steps: usize,
    moves: usize,
    pushes: usize,
}

/// A solution (or any snapshot) replayed frame by frame: one frame for the start, then
/// one per step, a whole jump or pusher-selection group being one frame. The replay stops
/// at a refused step; the frames before it remain.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, ReplayOptions};
/// use sokoengine_render::{Options, Playback};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let playback = Playback::new(&puzzle, &Moves::parse("rRRu")?, ReplayOptions::new())?;
/// assert_eq!((playback.frames_count(), playback.steps_applied()), (4, 3));
/// assert_eq!(playback.error().unwrap().to_string(),
///            "step 4: Pusher ID: 1 can't be placed in position 4 occupied by '#'");
/// let html = playback.animation(&Options::new())?.to_html("Two pushes");
/// assert!(html.contains("Two pushes"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Playback {
    start: BoardManager,
    frames: Vec<Frame>,
    steps_count: usize,
    solved: bool,
    error: Option<ReplayError>,
}

impl Playback {
    /// Replays `moves` on `puzzle` (reverse mode when `options` ask for it or the moves
    /// have a jump; Sokoban+ when `options` ask for it and the puzzle has orders).
    ///
    /// # Errors
    ///
    /// Only when no replay can start: a letter without meaning in the tessellation, a
    /// board too large or not playable, invalid Sokoban+ orders. A refused step ends the
    /// frames and is kept in [`Playback::error`].
    pub fn new(
        puzzle: &Puzzle,
        moves: &Moves,
        options: ReplayOptions,
    ) -> Result<Playback, ReplayError> {
        let (mut mover, steps) = start(puzzle, moves, options)?;
        let start = mover.board_manager().clone();
        let frame_of = |mover: &Mover, steps: usize, moves: usize, pushes: usize| {
            let state = mover.board_manager().state();
            Frame {
                pushers: state.pushers_positions,
                boxes: state.boxes_positions,
                steps,
                moves,
                pushes,
            }
        };
        let mut frames = vec![frame_of(&mover, 0, 0, 0)];
        let (mut moves_count, mut pushes_count) = (0, 0);
        let mut error = None;
        let mut index = 0;
        while index < steps.len() {
            let first = steps[index];
            let mut end = index + 1;
            if first.is_jump() || first.is_pusher_selection() {
                while end < steps.len()
                    && steps[end].is_jump() == first.is_jump()
                    && steps[end].is_pusher_selection() == first.is_pusher_selection()
                {
                    end += 1;
                }
            }
            if let Err(refused) = replay_steps(&mut mover, &steps[index..end]) {
                error = Some(shift(refused, index));
                break;
            }
            for step in &steps[index..end] {
                if step.is_push_or_pull() {
                    pushes_count += 1;
                } else if !step.is_pusher_selection() {
                    moves_count += 1;
                }
            }
            index = end;
            frames.push(frame_of(&mover, index, moves_count, pushes_count));
        }
        Ok(Playback {
            start,
            frames,
            steps_count: steps.len(),
            solved: mover.is_solved(),
            error,
        })
    }

    /// The number of frames: the start and one per step or group applied.
    pub fn frames_count(&self) -> usize {
        self.frames.len()
    }

    /// The pusher steps of the moves.
    pub const fn steps_count(&self) -> usize {
        self.steps_count
    }

    /// The pusher steps applied before the end or the refused step.
    pub fn steps_applied(&self) -> usize {
        self.frames.last().map_or(0, |frame| frame.steps)
    }

    /// Whether every box is on a goal in the last frame.
    pub const fn is_solved(&self) -> bool {
        self.solved
    }

    /// The refused step that ended the replay early, if any.
    pub const fn error(&self) -> Option<&ReplayError> {
        self.error.as_ref()
    }

    /// The position before the first step.
    pub const fn start(&self) -> &BoardManager {
        &self.start
    }

    /// The caption of a frame: steps, moves and pushes so far.
    fn caption(&self, index: usize) -> String {
        let frame = &self.frames[index];
        let mut caption = format!(
            "step {} of {}: {} moves, {} pushes",
            frame.steps, self.steps_count, frame.moves, frame.pushes
        );
        if index + 1 == self.frames.len() {
            if let Some(error) = &self.error {
                caption.push_str(&format!(" - stopped: {error}"));
            } else if self.solved {
                caption.push_str(" - solved");
            }
        }
        caption
    }

    /// The animation of the frames: pushers and boxes move from cell to cell (boxes
    /// change colour on goals), over the board's still background.
    ///
    /// # Errors
    ///
    /// [`RenderError::CellSize`] or [`RenderError::FrameSeconds`] for options out of
    /// range, [`RenderError::TooManyFrames`] beyond [`MAX_FRAMES`].
    pub fn animation(&self, options: &Options) -> Result<Animation, RenderError> {
        if self.frames.len() > MAX_FRAMES {
            return Err(RenderError::TooManyFrames {
                frames: self.frames.len(),
                max: MAX_FRAMES,
            });
        }
        let board = self.start.board();
        let picture = BoardPicture::for_board(board, options)?;
        let mut animation = Animation::new(
            picture.width(),
            picture.height(),
            self.frames.len(),
            options.checked_frame_seconds()?,
            options.palette(),
        );
        animation.set_defs(picture.defs());
        let mut background = String::new();
        let mut marked = board.clone();
        marked.mark_play_area();
        picture.push_background(&mut background, &marked, Some(&self.start));
        animation.set_background(background);
        let classes = picture.tiling().shapes().len();
        // A look per (on goal, tile class): variant = on_goal * classes + class.
        let looks = |letters: [char; 2], extra: &str| -> Vec<String> {
            letters
                .iter()
                .flat_map(|&letter| {
                    (0..classes).map(move |class| {
                        format!("<use href=\"#{}\"/>{extra}", symbol(letter, class))
                    })
                })
                .collect()
        };
        // Variant of a piece at `position`, on a goal or not: a box by the manager's rule
        // (with Sokoban+, only on a goal of its plus ID).
        let place = |position: usize, on_goal: bool| {
            picture.center(position).map(|center| {
                Place::new(
                    center,
                    usize::from(on_goal) * classes + picture.class_at(position),
                )
            })
        };
        let start = &self.start;
        let has_goal = |position: usize| board.get(position).is_some_and(|cell| cell.has_goal());
        let first = &self.frames[0];
        for (index, &position) in first.boxes.iter().enumerate() {
            let plus = BoardPicture::box_plus_id(Some(&self.start), position)
                .map(|plus| {
                    picture.plus_id_path(plus, Point::default(), picture.radius_at(position))
                })
                .unwrap_or_default();
            let mut sprite = Sprite::new(looks(['b', 'B'], &plus));
            for (frame_index, frame) in self.frames.iter().enumerate() {
                let at = frame.boxes.get(index).copied();
                sprite.set(
                    frame_index,
                    at.and_then(|p| place(p, start.box_fits_goal_at(index + 1, p))),
                );
            }
            animation.push_sprite(sprite);
        }
        for index in 0..first.pushers.len() {
            let mut sprite = Sprite::new(looks(['p', 'P'], ""));
            for (frame_index, frame) in self.frames.iter().enumerate() {
                let at = frame.pushers.get(index).copied();
                sprite.set(frame_index, at.and_then(|p| place(p, has_goal(p))));
            }
            animation.push_sprite(sprite);
        }
        animation.set_captions((0..self.frames.len()).map(|i| self.caption(i)).collect());
        Ok(animation)
    }
}

/// `error` of a replay of steps starting at `offset`, with the step index of the whole
/// moves.
fn shift(error: ReplayError, offset: usize) -> ReplayError {
    match error {
        ReplayError::Rejected { step, source } => ReplayError::Rejected {
            step: step + offset,
            source,
        },
        ReplayError::Position { step, source } => ReplayError::Position {
            step: step + offset,
            source,
        },
        ReplayError::Mismatch {
            step,
            expected_push,
        } => ReplayError::Mismatch {
            step: step + offset,
            expected_push,
        },
        other => other,
    }
}
