//! The index of a player in a game.

use std::fmt;

/// The index of a player: `0` moves first, `1` second, and so on (at most 256 players).
///
/// IArena spells these `FirstPlayer = 0` and `SecondPlayer = 1`; its `Draw = -42` is
/// expressed here as `None` where a winner is asked for (see
/// [`ScoreBoard::winner`](crate::ScoreBoard::winner)).
///
/// # Examples
///
/// ```
/// use sokoengine_rules::PlayerIndex;
///
/// assert_eq!(PlayerIndex::FIRST.index(), 0);
/// assert_eq!(PlayerIndex::new(1), PlayerIndex::SECOND);
/// assert_eq!(PlayerIndex::SECOND.to_string(), "1");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerIndex(u8);

impl PlayerIndex {
    /// The player who moves first (IArena's `FirstPlayer`).
    pub const FIRST: Self = Self(0);
    /// The player who moves second (IArena's `SecondPlayer`).
    pub const SECOND: Self = Self(1);
    /// How many distinct player indices exist.
    pub const COUNT: usize = u8::MAX as usize + 1;

    /// The player with index `index`.
    pub const fn new(index: u8) -> Self {
        Self(index)
    }

    /// The player with index `index`, or `None` when `index` is 256 or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_rules::PlayerIndex;
    ///
    /// assert_eq!(PlayerIndex::try_from_usize(2), Some(PlayerIndex::new(2)));
    /// assert_eq!(PlayerIndex::try_from_usize(256), None);
    /// ```
    pub const fn try_from_usize(index: usize) -> Option<Self> {
        if index < Self::COUNT {
            Some(Self(index as u8))
        } else {
            None
        }
    }

    /// The index as a `usize`, for indexing slices of players or scores.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as its raw `u8`.
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl From<u8> for PlayerIndex {
    fn from(index: u8) -> Self {
        Self(index)
    }
}

impl fmt::Display for PlayerIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}
