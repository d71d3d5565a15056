//! Positions along a solution, and its animation. The moves are played by the Mover
//! through `sokoengine-io`'s replay: the same rules, the same messages as `replay`.

use sokoengine_board::{BoardPosition, Puzzle};
use sokoengine_io::{Moves, ReplayError, ReplayOptions, replay_steps};
use sokoengine_mover::{BoardManager, BoardState, Mover, PusherStep};

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
    Ok((options.mover(puzzle, moves)?, steps))
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

/// A frame: the counts after its steps, and where its pieces moved. Only the pieces
/// that moved are kept, so a playback takes memory in proportion to its frames plus its
/// pieces, not to their product (a thousand boxes over 65,535 frames would be half a
/// gigabyte of positions).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Frame {
    /// Pusher steps applied so far.
    steps: usize,
    moves: usize,
    pushes: usize,
    /// The end of this frame's entries in [`Playback::moved`] (they start where the
    /// previous frame's end).
    moved_end: usize,
}

/// A piece that moved in a frame, and where to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Moved {
    /// Box `index` (0-based ID order) is now at `position`.
    Box {
        index: usize,
        position: BoardPosition,
    },
    /// Pusher `index` is now at `position`.
    Pusher {
        index: usize,
        position: BoardPosition,
    },
}

/// Appends to `moved` the pieces whose positions differ between `before` and `after`.
fn diff(before: &BoardState, after: &BoardState, moved: &mut Vec<Moved>) {
    let pairs = before.boxes_positions.iter().zip(&after.boxes_positions);
    for (index, (&old, &position)) in pairs.enumerate() {
        if old != position {
            moved.push(Moved::Box { index, position });
        }
    }
    let pairs = before
        .pushers_positions
        .iter()
        .zip(&after.pushers_positions);
    for (index, (&old, &position)) in pairs.enumerate() {
        if old != position {
            moved.push(Moved::Pusher { index, position });
        }
    }
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
/// assert_eq!((playback.frame_count(), playback.steps_applied()), (4, 3));
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
    /// The pieces each frame moved, frame after frame.
    moved: Vec<Moved>,
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
        let (mover, steps) = start(puzzle, moves, options)?;
        Ok(Playback::replay(mover, &steps))
    }

    /// As [`Playback::new`], refusing moves of more than `max_frames` frames before
    /// anything is replayed: the frames are counted from the steps (a refused step
    /// would end the playback sooner).
    ///
    /// # Errors
    ///
    /// [`RenderError::TooManyFrames`] for too many frames, [`RenderError::Replay`] as
    /// [`Playback::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_io::{Moves, ReplayOptions};
    /// use sokoengine_render::{Playback, RenderError};
    ///
    /// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
    /// let moves = Moves::parse("1000(rl)")?;
    /// let error = Playback::with_frame_limit(&puzzle, &moves, ReplayOptions::new(), 100);
    /// assert_eq!(error.unwrap_err(), RenderError::TooManyFrames { frames: 2001, max: 100 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_frame_limit(
        puzzle: &Puzzle,
        moves: &Moves,
        options: ReplayOptions,
        max_frames: usize,
    ) -> Result<Playback, RenderError> {
        let (mover, steps) = start(puzzle, moves, options)?;
        let frames = frames_of(&steps);
        if frames > max_frames {
            return Err(RenderError::TooManyFrames {
                frames,
                max: max_frames,
            });
        }
        Ok(Playback::replay(mover, &steps))
    }

    /// Plays `steps` on `mover`, a frame per step or group.
    fn replay(mut mover: Mover, steps: &[PusherStep]) -> Playback {
        let start = mover.board_manager().clone();
        let mut before = start.state();
        let mut moved = Vec::new();
        let mut frames = vec![Frame {
            steps: 0,
            moves: 0,
            pushes: 0,
            moved_end: 0,
        }];
        let (mut moves_count, mut pushes_count) = (0, 0);
        let mut error = None;
        let mut index = 0;
        while index < steps.len() {
            let end = index + group_len(&steps[index..]);
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
            let after = mover.board_manager().state();
            diff(&before, &after, &mut moved);
            before = after;
            frames.push(Frame {
                steps: index,
                moves: moves_count,
                pushes: pushes_count,
                moved_end: moved.len(),
            });
        }
        Playback {
            start,
            frames,
            moved,
            steps_count: steps.len(),
            solved: mover.is_solved(),
            error,
        }
    }

    /// The number of frames: the start and one per step or group applied.
    pub fn frame_count(&self) -> usize {
        self.frames.len()
    }

    /// The pusher steps of the moves.
    pub const fn step_count(&self) -> usize {
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
        let box_place = |index: usize, position: usize| {
            place(position, start.box_fits_goal_at(index + 1, position))
        };
        let first = start.state();
        let mut boxes: Vec<Sprite> = first
            .boxes_positions
            .iter()
            .enumerate()
            .map(|(index, &position)| {
                let position = position.index();
                let plus = BoardPicture::box_plus_id(Some(start), position)
                    .map(|plus| {
                        picture.plus_id_path(plus, Point::default(), picture.radius_at(position))
                    })
                    .unwrap_or_default();
                let mut sprite = Sprite::new(looks(['b', 'B'], &plus));
                sprite.set(0, box_place(index, position));
                sprite
            })
            .collect();
        let mut pushers: Vec<Sprite> = first
            .pushers_positions
            .iter()
            .map(|&position| {
                let position = position.index();
                let mut sprite = Sprite::new(looks(['p', 'P'], ""));
                sprite.set(0, place(position, has_goal(position)));
                sprite
            })
            .collect();
        // Only the pieces that moved change in a frame.
        for (frame_index, pair) in self.frames.windows(2).enumerate() {
            let frame_index = frame_index + 1;
            for &moved in &self.moved[pair[0].moved_end..pair[1].moved_end] {
                match moved {
                    Moved::Box { index, position } => {
                        if let Some(sprite) = boxes.get_mut(index) {
                            sprite.set(frame_index, box_place(index, position.index()));
                        }
                    }
                    Moved::Pusher { index, position } => {
                        if let Some(sprite) = pushers.get_mut(index) {
                            let position = position.index();
                            sprite.set(frame_index, place(position, has_goal(position)));
                        }
                    }
                }
            }
        }
        for sprite in boxes.into_iter().chain(pushers) {
            animation.push_sprite(sprite);
        }
        animation.set_captions((0..self.frames.len()).map(|i| self.caption(i)).collect());
        Ok(animation)
    }
}

/// The steps of the first frame of `steps` (not empty): one step, or a whole group of
/// jump steps or of pusher-selection steps.
fn group_len(steps: &[PusherStep]) -> usize {
    let first = steps[0];
    if !(first.is_jump() || first.is_pusher_selection()) {
        return 1;
    }
    1 + steps[1..]
        .iter()
        .take_while(|step| {
            step.is_jump() == first.is_jump()
                && step.is_pusher_selection() == first.is_pusher_selection()
        })
        .count()
}

/// The frames a playback of all of `steps` has: the start and one per step or group.
fn frames_of(steps: &[PusherStep]) -> usize {
    let mut frames = 1;
    let mut index = 0;
    while index < steps.len() {
        index += group_len(&steps[index..]);
        frames += 1;
    }
    frames
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
