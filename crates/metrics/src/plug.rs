//! PlugValue: the path summary that makes every metric update O(1).

use sokoengine_geometry::{Direction, GeometryError, Tessellation};

use crate::SolutionMetrics;

/// One step of a path: its direction and whether it pushed a box.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::{Direction, Tessellation};
/// use sokoengine_metrics::Step;
///
/// let step = Step::push(Direction::Left);
/// assert_eq!(step.to_char(Tessellation::Sokoban)?, 'L');
/// assert_eq!(Step::from_char(Tessellation::Hexoban, 'n')?, Step::walk(Direction::NorthEast));
/// # Ok::<(), sokoengine_geometry::GeometryError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// Where the pusher went.
    pub direction: Direction,
    /// Whether the step moved a box.
    pub is_push: bool,
}

impl Step {
    /// A step in `direction`, pushing or not.
    #[inline]
    pub const fn new(direction: Direction, is_push: bool) -> Step {
        Step { direction, is_push }
    }

    /// A step that moves only the pusher.
    #[inline]
    pub const fn walk(direction: Direction) -> Step {
        Step::new(direction, false)
    }

    /// A step that pushes a box.
    #[inline]
    pub const fn push(direction: Direction) -> Step {
        Step::new(direction, true)
    }

    /// The step of a letter: lower case walks, upper case pushes.
    ///
    /// # Errors
    ///
    /// [`GeometryError::IllegalStepCharacter`] when the letter means nothing in the
    /// tessellation.
    #[inline]
    pub const fn from_char(
        tessellation: Tessellation,
        letter: char,
    ) -> Result<Step, GeometryError> {
        match tessellation.parse_step_char(letter) {
            Ok((direction, is_push)) => Ok(Step::new(direction, is_push)),
            Err(error) => Err(error),
        }
    }

    /// The letter of the step: upper case for a push.
    ///
    /// # Errors
    ///
    /// [`GeometryError::IllegalDirection`] when the direction has no letter in the
    /// tessellation.
    #[inline]
    pub const fn to_char(self, tessellation: Tessellation) -> Result<char, GeometryError> {
        tessellation.step_char(self.direction, self.is_push)
    }
}

/// A box moved by a push, named by whatever identifies boxes in the caller's
/// configuration.
///
/// With box IDs, `from` and `to` are the same ID. With squares (JSoko's way),
/// `from` is the square the box stood on and `to` the square it was pushed to.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::BoxMove;
///
/// let by_square = BoxMove::new(12_u32, 13);
/// let by_id = BoxMove::same(4_u16);
/// assert_eq!((by_square.from, by_square.to), (12, 13));
/// assert_eq!(by_id.from, by_id.to);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoxMove<Id> {
    /// The box's identity before the push.
    pub from: Id,
    /// The box's identity after the push.
    pub to: Id,
}

impl<Id> BoxMove<Id> {
    /// A box identified by `from` before and `to` after the push (squares).
    #[inline]
    pub const fn new(from: Id, to: Id) -> BoxMove<Id> {
        BoxMove { from, to }
    }
}

impl<Id: Copy> BoxMove<Id> {
    /// A box with a stable identity (box IDs).
    #[inline]
    pub const fn same(id: Id) -> BoxMove<Id> {
        BoxMove { from: id, to: id }
    }
}

/// The minimal summary of a path that lets a search add one step and update all six
/// metrics in O(1): the last step and the last pushed box (docs/rules.md#incremental-metrics).
///
/// Box lines, pushing sessions and player lines depend only on `last_step` (9 states
/// in Sokoban); box changes needs `last_pushed_box` (`n + 1` states for `n` boxes).
/// `Id` is the caller's box identity: a box ID, or the square the last pushed box
/// came to rest on (JSoko's way; both work because only pushes move boxes).
///
/// Two paths to the same configuration with different PlugValues may continue with
/// different costs, so a search that cares about the minor metrics keys its nodes by
/// `(configuration, PlugValue)`.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Direction;
/// use sokoengine_metrics::{BoxMove, PlugValue, Step};
///
/// let start = PlugValue::<u32>::START;
/// let after = start.after(Direction::Right, Some(BoxMove::new(7, 8)));
/// assert_eq!(after.last_step, Some(Step::push(Direction::Right)));
/// assert_eq!(after.last_pushed_box, Some(8));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlugValue<Id = u32> {
    /// The previous step, `None` before the first one.
    pub last_step: Option<Step>,
    /// Where (or which) the last pushed box is, `None` before the first push.
    pub last_pushed_box: Option<Id>,
}

impl<Id> PlugValue<Id> {
    /// The summary of the empty path.
    pub const START: PlugValue<Id> = PlugValue {
        last_step: None,
        last_pushed_box: None,
    };
}

impl<Id: Copy + PartialEq> PlugValue<Id> {
    /// What the six counters gain when the path is extended by a step in `direction`
    /// that pushes `pushed` (or walks, for `None`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::Direction;
    /// use sokoengine_metrics::{BoxMove, PlugValue, SolutionMetrics};
    ///
    /// let gain = PlugValue::<u32>::START.gain(Direction::Up, Some(BoxMove::new(3, 2)));
    /// assert_eq!(gain, SolutionMetrics::new(1, 1, 1, 1, 1, 1));
    /// ```
    #[inline]
    pub fn gain(&self, direction: Direction, pushed: Option<BoxMove<Id>>) -> SolutionMetrics {
        let same_direction = matches!(self.last_step, Some(step) if step.direction == direction);
        let after_push = matches!(self.last_step, Some(step) if step.is_push);
        let player_lines = u32::from(!same_direction);
        match pushed {
            None => SolutionMetrics::new(1, 0, 0, 0, 0, player_lines),
            Some(moved) => SolutionMetrics::new(
                1,
                1,
                u32::from(!(after_push && same_direction)),
                u32::from(self.last_pushed_box != Some(moved.from)),
                u32::from(!after_push),
                player_lines,
            ),
        }
    }

    /// The summary after a step in `direction` that pushes `pushed` (or walks).
    #[inline]
    #[must_use]
    pub fn after(self, direction: Direction, pushed: Option<BoxMove<Id>>) -> PlugValue<Id> {
        PlugValue {
            last_step: Some(Step::new(direction, pushed.is_some())),
            last_pushed_box: match pushed {
                Some(moved) => Some(moved.to),
                None => self.last_pushed_box,
            },
        }
    }
}

/// The six counters of a path together with its [`PlugValue`]: everything an
/// optimizer needs per search node besides its configuration.
///
/// Extending is O(1): [`PathMetrics::after_walk`], [`PathMetrics::after_push`] or
/// [`PathMetrics::after`] give the successor's values without touching `self`, so
/// one node can produce all its successors. Undo by keeping the old values (a stack
/// of `PathMetrics`): the counters alone cannot restore the previous PlugValue.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Direction::{Left, Right};
/// use sokoengine_metrics::{PathMetrics, SolutionMetrics};
///
/// // `RlrR` on `######/#@$ .#/######`, boxes named by their square.
/// let path = PathMetrics::<u32>::START
///     .after_push(Right, 8, 9)
///     .after_walk(Left)
///     .after_walk(Right)
///     .after_push(Right, 9, 10);
/// assert_eq!(path.metrics, SolutionMetrics::new(4, 2, 2, 1, 2, 3));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PathMetrics<Id = u32> {
    /// The six counters of the path.
    pub metrics: SolutionMetrics,
    /// The summary the next step's update needs.
    pub plug: PlugValue<Id>,
}

impl<Id> PathMetrics<Id> {
    /// The empty path.
    pub const START: PathMetrics<Id> = PathMetrics {
        metrics: SolutionMetrics::ZERO,
        plug: PlugValue::START,
    };
}

impl<Id: Copy + PartialEq> PathMetrics<Id> {
    /// The values after a step in `direction` that pushes `pushed` (or walks, for
    /// `None`).
    #[inline]
    #[must_use]
    pub fn after(self, direction: Direction, pushed: Option<BoxMove<Id>>) -> PathMetrics<Id> {
        let gain = self.plug.gain(direction, pushed);
        let metrics = self.metrics;
        PathMetrics {
            metrics: SolutionMetrics::new(
                metrics.moves + gain.moves,
                metrics.pushes + gain.pushes,
                metrics.box_lines + gain.box_lines,
                metrics.box_changes + gain.box_changes,
                metrics.pushing_sessions + gain.pushing_sessions,
                metrics.player_lines + gain.player_lines,
            ),
            plug: self.plug.after(direction, pushed),
        }
    }

    /// The values after a step that moves only the pusher.
    #[inline]
    #[must_use]
    pub fn after_walk(self, direction: Direction) -> PathMetrics<Id> {
        self.after(direction, None)
    }

    /// The values after a push of the box known as `from` before and `to` after the
    /// push (pass the same ID twice when boxes have IDs).
    #[inline]
    #[must_use]
    pub fn after_push(self, direction: Direction, from: Id, to: Id) -> PathMetrics<Id> {
        self.after(direction, Some(BoxMove::new(from, to)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::{Down, Left, Right, Up};

    #[test]
    fn first_step_counts_a_player_line_and_first_push_everything() {
        let walk = PathMetrics::<u32>::START.after_walk(Up);
        assert_eq!(walk.metrics, SolutionMetrics::new(1, 0, 0, 0, 0, 1));
        let push = PathMetrics::<u32>::START.after_push(Up, 5, 1);
        assert_eq!(push.metrics, SolutionMetrics::new(1, 1, 1, 1, 1, 1));
        assert_eq!(push.plug.last_pushed_box, Some(1));
    }

    #[test]
    fn identity_is_the_resting_square_not_the_origin() {
        // Push the box from 10 to 11, then push whatever stands on 10: a new box.
        let path = PathMetrics::<u32>::START
            .after_push(Right, 10, 11)
            .after_walk(Down)
            .after_push(Up, 10, 6);
        assert_eq!(path.metrics.box_changes, 2);
        // Pushing the box resting on 11 again is no change, even in another direction.
        let path = PathMetrics::<u32>::START
            .after_push(Right, 10, 11)
            .after_walk(Down)
            .after_walk(Right)
            .after_push(Up, 11, 7);
        assert_eq!(path.metrics, SolutionMetrics::new(4, 2, 2, 1, 2, 4));
    }

    #[test]
    fn box_ids_work_as_identity() {
        let path = PathMetrics::<u8>::START
            .after(Left, Some(BoxMove::same(0)))
            .after(Left, Some(BoxMove::same(0)))
            .after(Up, Some(BoxMove::same(1)))
            .after_walk(Right)
            .after(Up, Some(BoxMove::same(1)));
        assert_eq!(path.metrics, SolutionMetrics::new(5, 4, 3, 2, 2, 4));
    }
}
