//! A movement: the top disk of one peg onto another.

use std::fmt;

/// Moves the top disk of peg `from` onto peg `to`.
///
/// Any two pegs make a `Move`; whether it is legal depends on the position (see
/// [`Towers::check`](crate::Towers::check)). `Display` writes `0 -> 2`, and `FromStr`
/// reads that or `0 2`; [`Move::iarena_text`] gives IArena's text form,
/// `{from: 0  to: 2}` (two spaces before `to`).
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::Move;
///
/// let movement = Move::new(0, 2);
/// assert_eq!((movement.from(), movement.to()), (0, 2));
/// assert_eq!(movement.to_string(), "0 -> 2");
/// assert_eq!(movement.iarena_text().to_string(), "{from: 0  to: 2}");
/// assert_eq!("0 2".parse::<Move>(), Ok(movement));
/// assert_eq!("0->2".parse::<Move>(), Ok(movement));
/// assert!("0 2 1".parse::<Move>().is_err());
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

    /// IArena's text form of the movement, `{from: 0  to: 1}`, for transcripts that
    /// compare with IArena's.
    pub const fn iarena_text(self) -> IArenaText {
        IArenaText(self)
    }
}

impl fmt::Display for Move {
    /// `0 -> 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {}", self.from, self.to)
    }
}

/// IArena's text form of a [`Move`] (see [`Move::iarena_text`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IArenaText(Move);

impl fmt::Display for IArenaText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{from: {}  to: {}}}", self.0.from, self.0.to)
    }
}

/// Text that is no movement: two peg numbers, `FROM TO` or `FROM -> TO`, were expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is no movement: give two pegs, FROM TO (e.g. 0 2)")]
#[non_exhaustive]
pub struct ParseMoveError {
    /// The text read.
    pub text: String,
}

impl std::str::FromStr for Move {
    type Err = ParseMoveError;

    /// Two peg numbers separated by spaces, `->` or `,`: `0 2`, `0 -> 2`, `0,2`.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let error = || ParseMoveError {
            text: text.to_owned(),
        };
        let mut pegs = text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '-' || c == '>')
            .filter(|part| !part.is_empty())
            .map(str::parse::<u8>);
        match (pegs.next(), pegs.next(), pegs.next()) {
            (Some(Ok(from)), Some(Ok(to)), None) => Ok(Move::new(from, to)),
            _ => Err(error()),
        }
    }
}
