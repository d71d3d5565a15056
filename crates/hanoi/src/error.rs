//! The typed errors of the Hanoi crate, one enum per operation family.

/// Why a puzzle, position or solution could not be set up with the given size.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{SetupError, Towers};
///
/// assert_eq!(Towers::new(64, 3), Err(SetupError::DiskCount(64)));
/// assert_eq!(Towers::new(3, 5).unwrap_err().to_string(), "the number of pegs must be 3 or 4, not 5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The number of disks is outside `1..=63`.
    #[error("the number of disks must be from 1 to 63, not {0}")]
    DiskCount(u32),
    /// The number of pegs is not 3 or 4.
    #[error("the number of pegs must be 3 or 4, not {0}")]
    PegCount(u32),
    /// The operation exists for one number of pegs only.
    #[error("this operation needs {needed} pegs, the puzzle has {pegs}")]
    WrongPegCount {
        /// The number of pegs the operation needs.
        needed: u8,
        /// The number of pegs of the puzzle.
        pegs: u8,
    },
    /// A peg index is outside the puzzle.
    #[error("peg {peg} does not exist: the puzzle has pegs 0 to {}", pegs - 1)]
    PegOutOfRange {
        /// The offending peg.
        peg: u8,
        /// The number of pegs.
        pegs: u8,
    },
}

/// Why a movement is illegal in a position. The position is never changed.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{Move, MoveError, Towers};
///
/// let start = Towers::new(3, 3)?;
/// assert_eq!(start.try_move(Move::new(1, 2)), Err(MoveError::EmptySource(1)));
/// assert_eq!(start.try_move(Move::new(0, 7)), Err(MoveError::PegOutOfRange { peg: 7, pegs: 3 }));
/// let next = start.try_move(Move::new(0, 2))?;
/// assert_eq!(
///     next.try_move(Move::new(0, 2)).unwrap_err().to_string(),
///     "disk 1 is larger than disk 2, the top of the target peg"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// A peg of the movement is not a peg of the puzzle.
    #[error("peg {peg} does not exist: the puzzle has pegs 0 to {}", pegs - 1)]
    PegOutOfRange {
        /// The offending peg.
        peg: u8,
        /// The number of pegs.
        pegs: u8,
    },
    /// Source and target are the same peg.
    #[error("cannot move from peg {0} onto itself")]
    SamePeg(u8),
    /// The source peg holds no disk.
    #[error("peg {0} is empty")]
    EmptySource(u8),
    /// The top disk of the source is larger than the top disk of the target (disks are
    /// numbered as in IArena: 0 is the largest).
    #[error("disk {disk} is larger than disk {onto}, the top of the target peg")]
    LargerOnSmaller {
        /// The disk that would move.
        disk: u8,
        /// The smaller disk it would cover.
        onto: u8,
    },
}

/// Why a list of towers (or of disk places) is not a legal Hanoi position.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{Towers, TowersError};
///
/// let legal = Towers::from_towers(&[vec![0, 2], vec![1], vec![]])?;
/// assert_eq!(legal.disks(), 3);
/// assert_eq!(
///     Towers::from_towers(&[vec![2, 0], vec![1], vec![]]),
///     Err(TowersError::LargerOnSmaller { peg: 0, disk: 0, below: 2 })
/// );
/// assert_eq!(Towers::from_towers(&[vec![0, 1], vec![1], vec![]]), Err(TowersError::DuplicateDisk(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TowersError {
    /// The puzzle size is not supported.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A disk number is not below the number of disks.
    #[error("disk {disk} does not exist: there are {disks} disks, numbered 0 to {}", disks - 1)]
    NoSuchDisk {
        /// The offending disk.
        disk: u8,
        /// The number of disks.
        disks: u8,
    },
    /// A disk appears twice.
    #[error("disk {0} appears twice")]
    DuplicateDisk(u8),
    /// A disk lies on a smaller one.
    #[error("on peg {peg}, disk {disk} lies on the smaller disk {below}")]
    LargerOnSmaller {
        /// The peg.
        peg: u8,
        /// The larger disk above.
        disk: u8,
        /// The smaller disk below it.
        below: u8,
    },
}

/// Why the text of a position (`0,1,2||3`) is not a legal Hanoi position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseTowersError {
    /// A comma-separated item is not a disk number from 0 to 255.
    #[error("{0:?} is not a disk number")]
    NotADisk(String),
    /// The lists do not make a legal position.
    #[error(transparent)]
    Towers(#[from] TowersError),
}
