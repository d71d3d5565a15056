//! One step of pusher movement (docs/rules.md#steps).

use std::fmt;
use std::num::NonZeroUsize;

use sokoengine_geometry::Direction;

/// The ID the first piece of each kind gets (`Config.DEFAULT_ID` of the reference).
pub const DEFAULT_ID: usize = 1;

const JUMP: u8 = 1;
const SELECTION: u8 = 2;
const CURRENT_POS: u8 = 4;

/// One step of movement: a plain move, a push or pull (a box ID is set), a jump step
/// or a pusher-selection step, in a [`Direction`], by a pusher.
///
/// A step is exactly one of the four kinds. The setters keep it that way the way the
/// reference does: setting a box ID clears the jump and selection flags, setting
/// `is_jump` clears the selection flag and the box ID, and so on. Invalid IDs are
/// normalised instead of rejected: a box ID of 0 means "no box", a pusher ID of 0
/// becomes [`DEFAULT_ID`].
///
/// `==` compares every field. The reference compares only the direction and the
/// kind; [`PusherStep::loosely_eq`] does that.
///
/// `Debug` shows every field; `Display` says what the step does, in words;
/// [`PusherStep::reference_repr`] writes the reference's form, for comparisons with
/// sokoenginepy output.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Direction;
/// use sokoengine_mover::PusherStep;
///
/// let step = PusherStep::push(Direction::Left, 2).with_pusher_id(2).with_current_pos(true);
/// assert!(step.is_push_or_pull() && !step.is_move());
/// assert_eq!(step.to_string(), "push left (box 2, pusher 2, current position)");
/// assert_eq!(
///     format!("{step:?}"),
///     "PusherStep { direction: Left, moved_box_id: Some(2), pusher_id: 2, is_jump: false, \
///      is_pusher_selection: false, is_current_pos: true }"
/// );
/// assert_eq!(PusherStep::jump(Direction::Up).to_string(), "jump up");
/// assert!(step.loosely_eq(&PusherStep::push(Direction::Left, 7)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PusherStep {
    direction: Direction,
    moved_box_id: Option<NonZeroUsize>,
    pusher_id: NonZeroUsize,
    flags: u8,
}

/// A [`PusherStep`] asked to be two or three kinds at once.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Direction;
/// use sokoengine_mover::{PusherStep, PusherStepError};
///
/// let error = PusherStep::try_new(Direction::Up, Some(1), true, true, 1, false).unwrap_err();
/// assert_eq!(error, PusherStepError::Everything);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PusherStepError {
    /// A box ID together with the jump flag.
    #[error("PusherStep can't be both, a push and a jump!")]
    PushAndJump,
    /// A box ID together with the selection flag.
    #[error("PusherStep can't be both, a push and a pusher selection!")]
    PushAndSelection,
    /// Both flags.
    #[error("PusherStep can't be both, a jump and a pusher selection!")]
    JumpAndSelection,
    /// A box ID and both flags.
    #[error("PusherStep can't be everything, a push, a jump and a pusher selection, all at once!")]
    Everything,
}

const ONE: NonZeroUsize = NonZeroUsize::MIN;

impl PusherStep {
    /// A plain move by pusher [`DEFAULT_ID`].
    #[inline]
    pub const fn new(direction: Direction) -> PusherStep {
        PusherStep {
            direction,
            moved_box_id: None,
            pusher_id: ONE,
            flags: 0,
        }
    }

    /// A push (forward) or pull (reverse) of box `box_id`; a `box_id` of 0 gives a
    /// plain move.
    #[inline]
    pub const fn push(direction: Direction, box_id: usize) -> PusherStep {
        PusherStep {
            direction,
            moved_box_id: NonZeroUsize::new(box_id),
            pusher_id: ONE,
            flags: 0,
        }
    }

    /// A step of a jump (reverse mode).
    #[inline]
    pub const fn jump(direction: Direction) -> PusherStep {
        PusherStep {
            direction,
            moved_box_id: None,
            pusher_id: ONE,
            flags: JUMP,
        }
    }

    /// A step of a pusher selection.
    #[inline]
    pub const fn selection(direction: Direction) -> PusherStep {
        PusherStep {
            direction,
            moved_box_id: None,
            pusher_id: ONE,
            flags: SELECTION,
        }
    }

    /// The reference constructor: all fields at once, failing when more than one
    /// kind is asked for. A `moved_box_id` of `None` or `Some(0)` means no box; a
    /// `pusher_id` of 0 becomes [`DEFAULT_ID`].
    ///
    /// # Errors
    ///
    /// [`PusherStepError`] with the reference's message when the step would be two
    /// or three kinds at once.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::Direction;
    /// use sokoengine_mover::{PusherStep, PusherStepError};
    ///
    /// let step = PusherStep::try_new(Direction::Up, None, true, false, 0, false)?;
    /// assert!(step.is_jump() && step.pusher_id() == 1);
    /// let error = PusherStep::try_new(Direction::Up, Some(1), true, false, 1, false).unwrap_err();
    /// assert_eq!(error.to_string(), "PusherStep can't be both, a push and a jump!");
    /// # Ok::<(), PusherStepError>(())
    /// ```
    pub fn try_new(
        direction: Direction,
        moved_box_id: Option<usize>,
        is_jump: bool,
        is_pusher_selection: bool,
        pusher_id: usize,
        is_current_pos: bool,
    ) -> Result<PusherStep, PusherStepError> {
        let moved_box_id = moved_box_id.and_then(NonZeroUsize::new);
        let is_push = moved_box_id.is_some();
        match (is_push, is_jump, is_pusher_selection) {
            (true, true, true) => return Err(PusherStepError::Everything),
            (true, true, false) => return Err(PusherStepError::PushAndJump),
            (true, false, true) => return Err(PusherStepError::PushAndSelection),
            (false, true, true) => return Err(PusherStepError::JumpAndSelection),
            _ => {}
        }
        let mut flags = 0;
        if is_jump {
            flags |= JUMP;
        }
        if is_pusher_selection {
            flags |= SELECTION;
        }
        if is_current_pos {
            flags |= CURRENT_POS;
        }
        Ok(PusherStep {
            direction,
            moved_box_id,
            pusher_id: NonZeroUsize::new(pusher_id).unwrap_or(ONE),
            flags,
        })
    }

    /// The same step made by pusher `pusher_id` (0 becomes [`DEFAULT_ID`]).
    #[inline]
    #[must_use]
    pub const fn with_pusher_id(mut self, pusher_id: usize) -> PusherStep {
        self.pusher_id = match NonZeroUsize::new(pusher_id) {
            Some(id) => id,
            None => ONE,
        };
        self
    }

    /// The same step with the current-position mark set or cleared.
    #[inline]
    #[must_use]
    pub const fn with_current_pos(mut self, is_current_pos: bool) -> PusherStep {
        if is_current_pos {
            self.flags |= CURRENT_POS;
        } else {
            self.flags &= !CURRENT_POS;
        }
        self
    }

    /// The direction of the step.
    #[inline]
    pub const fn direction(&self) -> Direction {
        self.direction
    }
    /// Sets the direction.
    #[inline]
    pub fn set_direction(&mut self, direction: Direction) {
        self.direction = direction;
    }

    /// The ID of the pushed or pulled box, `None` for the other kinds.
    #[inline]
    pub const fn moved_box_id(&self) -> Option<usize> {
        match self.moved_box_id {
            Some(id) => Some(id.get()),
            None => None,
        }
    }
    /// Sets the moved box: `None` or `Some(0)` makes the step a plain move (the
    /// flags are kept); a valid ID makes it a push and clears the jump and
    /// selection flags.
    pub fn set_moved_box_id(&mut self, moved_box_id: Option<usize>) {
        self.moved_box_id = moved_box_id.and_then(NonZeroUsize::new);
        if self.moved_box_id.is_some() {
            self.flags &= !(JUMP | SELECTION);
        }
    }

    /// The pusher that made the step (default [`DEFAULT_ID`]).
    #[inline]
    pub const fn pusher_id(&self) -> usize {
        self.pusher_id.get()
    }
    /// Sets the pusher; 0 becomes [`DEFAULT_ID`].
    pub fn set_pusher_id(&mut self, pusher_id: usize) {
        self.pusher_id = NonZeroUsize::new(pusher_id).unwrap_or(ONE);
    }

    /// Whether the step is part of a jump.
    #[inline]
    pub const fn is_jump(&self) -> bool {
        self.flags & JUMP != 0
    }
    /// Sets the jump flag; setting it clears the selection flag and the box ID.
    pub fn set_jump(&mut self, value: bool) {
        if value {
            self.flags = (self.flags & !SELECTION) | JUMP;
            self.moved_box_id = None;
        } else {
            self.flags &= !JUMP;
        }
    }

    /// Whether the step is part of a pusher selection.
    #[inline]
    pub const fn is_pusher_selection(&self) -> bool {
        self.flags & SELECTION != 0
    }
    /// Sets the selection flag; setting it clears the jump flag and the box ID.
    pub fn set_pusher_selection(&mut self, value: bool) {
        if value {
            self.flags = (self.flags & !JUMP) | SELECTION;
            self.moved_box_id = None;
        } else {
            self.flags &= !SELECTION;
        }
    }

    /// Whether the step marks the current position of a snapshot.
    #[inline]
    pub const fn is_current_pos(&self) -> bool {
        self.flags & CURRENT_POS != 0
    }
    /// Sets the current-position mark.
    pub fn set_current_pos(&mut self, value: bool) {
        *self = self.with_current_pos(value);
    }

    /// A plain move: no box, not a jump, not a selection.
    #[inline]
    pub const fn is_move(&self) -> bool {
        self.moved_box_id.is_none() && self.flags & (JUMP | SELECTION) == 0
    }
    /// A push (forward) or pull (reverse).
    #[inline]
    pub const fn is_push_or_pull(&self) -> bool {
        self.moved_box_id.is_some()
    }

    /// The reference's equality: same direction and same kind; box ID, pusher ID
    /// and the current-position mark are ignored.
    #[inline]
    pub const fn loosely_eq(&self, other: &PusherStep) -> bool {
        self.direction as u8 == other.direction as u8
            && self.is_push_or_pull() == other.is_push_or_pull()
            && self.flags & (JUMP | SELECTION) == other.flags & (JUMP | SELECTION)
    }
}

impl Default for PusherStep {
    /// A plain move LEFT by pusher 1, as in the reference.
    fn default() -> PusherStep {
        PusherStep::new(Direction::Left)
    }
}

fn write_id(f: &mut fmt::Formatter<'_>, name: &str, id: usize) -> fmt::Result {
    if id == DEFAULT_ID {
        write!(f, ", {name}=Config.DEFAULT_ID")
    } else {
        write!(f, ", {name}=Config.DEFAULT_ID + {}", id - DEFAULT_ID)
    }
}

/// The reference's text form of a [`PusherStep`], from [`PusherStep::reference_repr`].
#[derive(Debug, Clone, Copy)]
pub struct ReferenceRepr(PusherStep);

impl fmt::Display for ReferenceRepr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = &self.0;
        write!(f, "PusherStep({}", step.direction.qualified_name())?;
        if let Some(id) = step.moved_box_id() {
            write_id(f, "moved_box_id", id)?;
        }
        if step.is_jump() {
            f.write_str(", is_jump=True")?;
        }
        if step.is_pusher_selection() {
            f.write_str(", is_pusher_selection=True")?;
        }
        if step.pusher_id() != DEFAULT_ID {
            write_id(f, "pusher_id", step.pusher_id())?;
        }
        if step.is_current_pos() {
            f.write_str(", is_current_pos=True")?;
        }
        f.write_str(")")
    }
}

impl PusherStep {
    /// sokoenginepy's `repr` of this step, showing only the
    /// non-default parts: `PusherStep(Direction.LEFT, moved_box_id=Config.DEFAULT_ID)`,
    /// `PusherStep(Direction.UP, is_jump=True)`. For comparing with sokoenginepy output.
    ///
    /// ```
    /// use sokoengine_geometry::Direction;
    /// use sokoengine_mover::PusherStep;
    ///
    /// let step = PusherStep::push(Direction::Left, 2).with_pusher_id(2).with_current_pos(true);
    /// assert_eq!(
    ///     step.reference_repr().to_string(),
    ///     "PusherStep(Direction.LEFT, moved_box_id=Config.DEFAULT_ID + 1, \
    ///      pusher_id=Config.DEFAULT_ID + 1, is_current_pos=True)"
    /// );
    /// ```
    pub const fn reference_repr(self) -> ReferenceRepr {
        ReferenceRepr(self)
    }
}

impl fmt::Debug for PusherStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PusherStep")
            .field("direction", &self.direction)
            .field("moved_box_id", &self.moved_box_id())
            .field("pusher_id", &self.pusher_id())
            .field("is_jump", &self.is_jump())
            .field("is_pusher_selection", &self.is_pusher_selection())
            .field("is_current_pos", &self.is_current_pos())
            .finish()
    }
}

impl fmt::Display for PusherStep {
    /// What the step does: `move left`, `push right (box 2)`, `jump up`,
    /// `select down (pusher 3)`; a pusher other than [`DEFAULT_ID`] and the
    /// current-position mark are named in the parentheses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.is_push_or_pull() {
            "push"
        } else if self.is_jump() {
            "jump"
        } else if self.is_pusher_selection() {
            "select"
        } else {
            "move"
        };
        write!(f, "{kind} {}", self.direction)?;
        let mut details = Vec::with_capacity(3);
        if let Some(id) = self.moved_box_id() {
            details.push(format!("box {id}"));
        }
        if self.pusher_id() != DEFAULT_ID {
            details.push(format!("pusher {}", self.pusher_id()));
        }
        if self.is_current_pos() {
            details.push("current position".to_owned());
        }
        if !details.is_empty() {
            write!(f, " ({})", details.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_exclusive_at_construction() {
        let d = Direction::Down;
        assert_eq!(
            PusherStep::try_new(d, Some(2), true, true, 1, false),
            Err(PusherStepError::Everything)
        );
        assert_eq!(
            PusherStep::try_new(d, Some(2), false, true, 1, false),
            Err(PusherStepError::PushAndSelection)
        );
        assert_eq!(
            PusherStep::try_new(d, None, true, true, 1, false),
            Err(PusherStepError::JumpAndSelection)
        );
        // A box ID of 0 is "no box", so this is a valid jump.
        let step = PusherStep::try_new(d, Some(0), true, false, 0, true).unwrap();
        assert!(step.is_jump() && step.is_current_pos() && !step.is_push_or_pull());
        assert_eq!(step.pusher_id(), 1);
    }

    #[test]
    fn setters_normalise() {
        let mut step = PusherStep::jump(Direction::Left);
        step.set_moved_box_id(Some(3));
        assert!(step.is_push_or_pull() && !step.is_jump());
        step.set_pusher_selection(true);
        assert!(step.is_pusher_selection() && step.moved_box_id().is_none());
        step.set_jump(true);
        assert!(step.is_jump() && !step.is_pusher_selection());
        step.set_moved_box_id(Some(0));
        assert!(step.is_jump(), "clearing the box keeps the flags");
        step.set_jump(false);
        assert!(step.is_move());
        step.set_pusher_id(0);
        assert_eq!(step.pusher_id(), 1);
        step.set_pusher_id(5);
        assert_eq!(step.pusher_id(), 5);
    }

    #[test]
    fn reference_repr_matches_the_reference() {
        let repr = |step: PusherStep| step.reference_repr().to_string();
        assert_eq!(
            repr(PusherStep::new(Direction::Left)),
            "PusherStep(Direction.LEFT)"
        );
        assert_eq!(
            repr(PusherStep::push(Direction::Right, 1)),
            "PusherStep(Direction.RIGHT, moved_box_id=Config.DEFAULT_ID)"
        );
        assert_eq!(
            repr(PusherStep::selection(Direction::Down).with_pusher_id(3)),
            "PusherStep(Direction.DOWN, is_pusher_selection=True, pusher_id=Config.DEFAULT_ID + 2)"
        );
    }

    #[test]
    fn debug_and_display_follow_rust_conventions() {
        assert_eq!(
            format!("{:?}", PusherStep::push(Direction::Right, 1)),
            "PusherStep { direction: Right, moved_box_id: Some(1), pusher_id: 1, is_jump: false, \
             is_pusher_selection: false, is_current_pos: false }"
        );
        assert_eq!(PusherStep::new(Direction::Left).to_string(), "move left");
        assert_eq!(
            PusherStep::push(Direction::Right, 1).to_string(),
            "push right (box 1)"
        );
        assert_eq!(
            PusherStep::selection(Direction::Down)
                .with_pusher_id(3)
                .to_string(),
            "select down (pusher 3)"
        );
        assert_eq!(
            PusherStep::jump(Direction::NorthWest)
                .with_current_pos(true)
                .to_string(),
            "jump north-west (current position)"
        );
    }

    #[test]
    fn loose_equality_ignores_ids() {
        let a = PusherStep::push(Direction::Up, 1).with_pusher_id(2);
        let b = PusherStep::push(Direction::Up, 5).with_current_pos(true);
        assert!(a.loosely_eq(&b) && a != b);
        assert!(!a.loosely_eq(&PusherStep::new(Direction::Up)));
        assert!(!PusherStep::jump(Direction::Up).loosely_eq(&PusherStep::selection(Direction::Up)));
    }
}
