//! A movement: the top disk of one peg onto another.

use std::fmt;

/// Moves the top disk of peg `from` onto peg `to`.
///
/// Any two pegs make a `Move`; whether it is legal depends on the position (see
/// [`Towers::check`](crate::Towers::check)). The text form is IArena's,
/// `{from: 0  to: 1}` (two spaces before `to`).
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::Move;
///
/// let movement = Move::new(0, 2);
/// assert_eq!((movement.from(), movement.to()), (0, 2));
/// assert_eq!(movement.to_string(), "{from: 0  to: 2}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    /// The movement from peg `from` to peg `to`.
    pub const fn new(from: u8, to: u8) -> Self {
        Self { from, to }
    }

    /// The source peg.
    pub const fn from(self) -> u8 {
        self.from
    }

    /// The target peg.
    pub const fn to(self) -> u8 {
        self.to
    }

    /// The movement back.
    #[must_use]
    pub const fn reversed(self) -> Self {
        Self::new(self.to, self.from)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{from: {}  to: {}}}", self.from, self.to)
    }
}
