//! Legal arrangements of disks on pegs, and positions (an arrangement plus its cost).

use std::fmt;
use std::hash::{Hash, Hasher};

use sokoengine_rules::CostPosition;

use crate::{Move, MoveError, ParseTowersError, SetupError, TowersError};

/// The largest supported number of disks: `2^63 - 1` movements still fit in a `u64`.
pub const MAX_DISKS: u8 = 63;
/// The most pegs a puzzle may have.
pub const MAX_PEGS: u8 = 4;
/// IArena's default number of disks.
pub const DEFAULT_DISKS: u8 = 4;

/// Checks a puzzle size: 1 to 63 disks, 3 or 4 pegs.
pub(crate) const fn check_size(disks: u32, pegs: u32) -> Result<(u8, u8), SetupError> {
    if disks == 0 || disks > MAX_DISKS as u32 {
        return Err(SetupError::DiskCount(disks));
    }
    if pegs < 3 || pegs > MAX_PEGS as u32 {
        return Err(SetupError::PegCount(pegs));
    }
    Ok((disks as u8, pegs as u8))
}

/// A legal arrangement of `n` disks on 3 or 4 pegs: no disk ever lies on a smaller one.
///
/// Disks are numbered as in IArena, `0` (the largest) to `n - 1` (the smallest); a tower
/// lists its disks from the bottom up. Every constructor and movement keeps the arrangement
/// legal, so it is fully described by the peg of each disk: internally one 64-bit set of
/// disks per peg. `Towers` is `Copy`: positions never share state.
///
/// This is the search key of a Hanoi [`Position`] (which adds the cost).
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{Move, Towers};
///
/// let start = Towers::new(4, 3)?;
/// assert_eq!(start.towers(), [vec![0, 1, 2, 3], vec![], vec![]]);
/// let next = start.try_move(Move::new(0, 2))?;
/// assert_eq!(next.towers(), [vec![0, 1, 2], vec![], vec![3]]);
/// assert_eq!(start.tower(0), [0, 1, 2, 3]); // untouched
/// assert!(next.try_move(Move::new(0, 2)).is_err()); // disk 2 onto the smaller disk 3
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "Vec<Vec<u8>>", into = "Vec<Vec<u8>>")
)]
pub struct Towers {
    /// Per peg, the set of disks on it by size: bit `k` is the `k`-th smallest disk.
    /// Unused pegs stay empty.
    sets: [u64; MAX_PEGS as usize],
    pegs: u8,
    disks: u8,
}

impl Towers {
    /// `disks` disks stacked on peg 0 of `pegs` pegs (the standard start).
    ///
    /// # Errors
    ///
    /// [`SetupError::DiskCount`] unless `1 <= disks <= 63`, [`SetupError::PegCount`]
    /// unless `pegs` is 3 or 4.
    pub const fn new(disks: u8, pegs: u8) -> Result<Self, SetupError> {
        Self::all_on(disks, pegs, 0)
    }

    /// `disks` disks stacked on `peg` of `pegs` pegs.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new), and [`SetupError::PegOutOfRange`] when `peg >= pegs`.
    pub const fn all_on(disks: u8, pegs: u8, peg: u8) -> Result<Self, SetupError> {
        let (disks, pegs) = match check_size(disks as u32, pegs as u32) {
            Ok(size) => size,
            Err(e) => return Err(e),
        };
        if peg >= pegs {
            return Err(SetupError::PegOutOfRange { peg, pegs });
        }
        let mut sets = [0; MAX_PEGS as usize];
        sets[peg as usize] = full_set(disks);
        Ok(Self { sets, pegs, disks })
    }

    /// The arrangement given as IArena's towers: one list per peg (3 or 4 of them), each
    /// from the bottom up, holding every disk `0 .. n` once.
    ///
    /// # Errors
    ///
    /// A [`TowersError`] for a wrong number of pegs or disks, an unknown or repeated disk,
    /// or a disk on a smaller one.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_hanoi::{Towers, TowersError};
    ///
    /// let towers = Towers::from_towers(&[vec![0, 2], vec![1], vec![]])?;
    /// assert_eq!(towers.peg_of(1), Some(1));
    /// assert_eq!(
    ///     Towers::from_towers(&[vec![1, 0], vec![], vec![]]),
    ///     Err(TowersError::LargerOnSmaller { peg: 0, disk: 0, below: 1 })
    /// );
    /// # Ok::<(), TowersError>(())
    /// ```
    pub fn from_towers<T: AsRef<[u8]>>(towers: &[T]) -> Result<Self, TowersError> {
        let total: usize = towers.iter().map(|t| t.as_ref().len()).sum();
        let (disks, pegs) = check_size(
            u32::try_from(total).unwrap_or(u32::MAX),
            u32::try_from(towers.len()).unwrap_or(u32::MAX),
        )?;
        let mut sets = [0; MAX_PEGS as usize];
        let mut seen = 0u64;
        for (peg, tower) in (0u8..).zip(towers) {
            let mut below: Option<u8> = None;
            for &disk in tower.as_ref() {
                if disk >= disks {
                    return Err(TowersError::NoSuchDisk { disk, disks });
                }
                let bit = 1u64 << size_of_disk(disks, disk);
                if seen & bit != 0 {
                    return Err(TowersError::DuplicateDisk(disk));
                }
                if let Some(below) = below.filter(|&below| below > disk) {
                    return Err(TowersError::LargerOnSmaller { peg, disk, below });
                }
                seen |= bit;
                sets[usize::from(peg)] |= bit;
                below = Some(disk);
            }
        }
        Ok(Self { sets, pegs, disks })
    }

    /// The arrangement with disk `d` on peg `disk_pegs[d]` (IArena numbering, `0` the
    /// largest). Any such assignment is legal: each peg stacks its disks by size.
    ///
    /// # Errors
    ///
    /// A [`TowersError::Setup`] for a wrong number of disks or pegs, or a peg out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_hanoi::Towers;
    ///
    /// let towers = Towers::from_disk_pegs(&[2, 0, 2], 3)?;
    /// assert_eq!(towers.towers(), [vec![1], vec![], vec![0, 2]]);
    /// # Ok::<(), sokoengine_hanoi::TowersError>(())
    /// ```
    pub fn from_disk_pegs(disk_pegs: &[u8], pegs: u8) -> Result<Self, TowersError> {
        let (disks, pegs) = check_size(
            u32::try_from(disk_pegs.len()).unwrap_or(u32::MAX),
            u32::from(pegs),
        )?;
        let mut sets = [0; MAX_PEGS as usize];
        for (disk, &peg) in (0u8..).zip(disk_pegs) {
            if peg >= pegs {
                return Err(SetupError::PegOutOfRange { peg, pegs }.into());
            }
            sets[usize::from(peg)] |= 1 << size_of_disk(disks, disk);
        }
        Ok(Self { sets, pegs, disks })
    }

    /// The number of disks.
    pub const fn disks(self) -> u8 {
        self.disks
    }

    /// The number of pegs.
    pub const fn pegs(self) -> u8 {
        self.pegs
    }

    /// The peg of disk `disk` (IArena numbering), `None` when there is no such disk.
    pub const fn peg_of(self, disk: u8) -> Option<u8> {
        if disk >= self.disks {
            return None;
        }
        Some(self.peg_of_size(size_of_disk(self.disks, disk)))
    }

    /// The disks on `peg` from the bottom up (empty for a peg out of range).
    pub fn tower(self, peg: u8) -> Vec<u8> {
        let mut set = self.set(peg);
        let mut tower = Vec::with_capacity(set.count_ones() as usize);
        while set != 0 {
            // The largest disk (highest size bit) is at the bottom.
            let size = 63 - set.leading_zeros() as u8;
            tower.push(self.disks - 1 - size);
            set &= !(1 << size);
        }
        tower
    }

    /// Every tower, as IArena lists them.
    pub fn towers(self) -> Vec<Vec<u8>> {
        (0..self.pegs).map(|peg| self.tower(peg)).collect()
    }

    /// The top disk of `peg`, `None` when the peg is empty or out of range.
    pub const fn top(self, peg: u8) -> Option<u8> {
        let set = self.set(peg);
        if set == 0 {
            None
        } else {
            Some(self.disks - 1 - set.trailing_zeros() as u8)
        }
    }

    /// How many disks `peg` holds (0 for a peg out of range).
    pub const fn height(self, peg: u8) -> u8 {
        self.set(peg).count_ones() as u8
    }

    /// Whether every disk is on `peg`.
    pub const fn is_all_on(self, peg: u8) -> bool {
        self.set(peg) == full_set(self.disks)
    }

    /// Why `movement` is illegal here, or `Ok` when it is legal.
    ///
    /// # Errors
    ///
    /// [`MoveError`] for a peg out of range, equal pegs, an empty source or a larger disk
    /// onto a smaller one.
    pub const fn check(self, movement: Move) -> Result<(), MoveError> {
        let (from, to) = (movement.from(), movement.to());
        if from >= self.pegs {
            return Err(MoveError::PegOutOfRange {
                peg: from,
                pegs: self.pegs,
            });
        }
        if to >= self.pegs {
            return Err(MoveError::PegOutOfRange {
                peg: to,
                pegs: self.pegs,
            });
        }
        if from == to {
            return Err(MoveError::SamePeg(from));
        }
        let (source, target) = (self.set(from), self.set(to));
        if source == 0 {
            return Err(MoveError::EmptySource(from));
        }
        // Smaller disks have lower bits: the lowest set bit is the top disk.
        if target != 0 && source.trailing_zeros() > target.trailing_zeros() {
            return Err(MoveError::LargerOnSmaller {
                disk: self.disks - 1 - source.trailing_zeros() as u8,
                onto: self.disks - 1 - target.trailing_zeros() as u8,
            });
        }
        Ok(())
    }

    /// Whether `movement` is legal here.
    pub const fn is_possible(self, movement: Move) -> bool {
        self.check(movement).is_ok()
    }

    /// The arrangement after `movement`; `self` is unchanged (it is a value).
    ///
    /// # Errors
    ///
    /// As [`check`](Self::check).
    pub const fn try_move(self, movement: Move) -> Result<Self, MoveError> {
        match self.check(movement) {
            Ok(()) => Ok(self.moved_unchecked(movement)),
            Err(e) => Err(e),
        }
    }

    /// The arrangement after a movement known to be legal: the fast path for searches and
    /// solvers.
    pub(crate) const fn moved_unchecked(mut self, movement: Move) -> Self {
        let from = movement.from() as usize;
        let source = self.sets[from];
        let top = source & source.wrapping_neg();
        self.sets[from] = source ^ top;
        self.sets[movement.to() as usize] |= top;
        self
    }

    /// The legal movements, ordered by source peg, then target peg.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_hanoi::{Move, Towers};
    ///
    /// let start = Towers::new(4, 3)?;
    /// assert_eq!(start.possible_moves(), [Move::new(0, 1), Move::new(0, 2)]);
    /// # Ok::<(), sokoengine_hanoi::SetupError>(())
    /// ```
    pub fn possible_moves(self) -> Vec<Move> {
        self.possible_moves_iter().collect()
    }

    /// The legal movements without allocating, in the order of
    /// [`possible_moves`](Self::possible_moves).
    pub fn possible_moves_iter(self) -> impl Iterator<Item = Move> {
        (0..self.pegs)
            .flat_map(move |from| (0..self.pegs).map(move |to| Move::new(from, to)))
            .filter(move |&movement| self.legal_fast(movement))
    }

    /// Legality of a movement between two existing pegs.
    const fn legal_fast(self, movement: Move) -> bool {
        let source = self.sets[movement.from() as usize];
        let target = self.sets[movement.to() as usize];
        // The top disk is the lowest set bit; an empty target accepts any disk.
        source != 0
            && movement.from() != movement.to()
            && (target == 0 || source.trailing_zeros() < target.trailing_zeros())
    }

    /// The set of disks (by size) on `peg`; empty for a peg out of range.
    const fn set(self, peg: u8) -> u64 {
        if peg < self.pegs {
            self.sets[peg as usize]
        } else {
            0
        }
    }

    /// The peg of the disk with size rank `size` (0 the smallest).
    pub(crate) const fn peg_of_size(self, size: u8) -> u8 {
        // Exactly one set holds the disk and unused pegs are empty: no branch needed.
        let [_, one, two, three] = self.sets;
        ((one >> size) & 1) as u8 + 2 * ((two >> size) & 1) as u8 + 3 * ((three >> size) & 1) as u8
    }
}

impl Hash for Towers {
    /// One word per arrangement: peg 0 holds exactly the disks the other pegs lack, so the
    /// other three sets (mixed into one word) and the size identify it. Equal towers hash
    /// equally; searches hash towers a lot, so this is kept to a single write.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let [_, one, two, three] = self.sets;
        let size = (u64::from(self.pegs) << 6) | u64::from(self.disks);
        state.write_u64(one ^ two.rotate_left(21) ^ three.rotate_left(42) ^ size.rotate_left(56));
    }
}

/// All `disks` disks as a size set.
pub(crate) const fn full_set(disks: u8) -> u64 {
    if disks >= 64 {
        u64::MAX
    } else {
        (1u64 << disks) - 1
    }
}

/// IArena's disk number (0 the largest) to the size rank (0 the smallest).
const fn size_of_disk(disks: u8, disk: u8) -> u8 {
    disks - 1 - disk
}

/// The most characters of an item quoted in a [`ParseTowersError::NotADisk`].
const QUOTED_CHARS: usize = 20;

impl Towers {
    /// The peg lists of a position written as text: the pegs left to right separated by
    /// `|`, each peg's disks bottom to top as comma-separated disk numbers (`0` is the
    /// largest), spaces allowed: `0,1,2||3`. The lists are not checked as a position.
    ///
    /// # Errors
    ///
    /// [`ParseTowersError::NotADisk`] for an item that is no number from 0 to 255 (quoted
    /// up to 20 characters).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_hanoi::Towers;
    ///
    /// assert_eq!(Towers::parse_pegs("0, 1 ||2")?, [vec![0, 1], vec![], vec![2]]);
    /// assert!(Towers::parse_pegs("0,x||").is_err());
    /// # Ok::<(), sokoengine_hanoi::ParseTowersError>(())
    /// ```
    pub fn parse_pegs(text: &str) -> Result<Vec<Vec<u8>>, ParseTowersError> {
        text.split('|')
            .map(|peg| {
                let peg = peg.trim();
                if peg.is_empty() {
                    return Ok(Vec::new());
                }
                peg.split(',')
                    .map(|disk| {
                        let disk = disk.trim();
                        disk.parse::<u8>().map_err(|_| {
                            let quoted = match disk.char_indices().nth(QUOTED_CHARS) {
                                Some((end, _)) => format!("{}…", &disk[..end]),
                                None => disk.to_owned(),
                            };
                            ParseTowersError::NotADisk(quoted)
                        })
                    })
                    .collect()
            })
            .collect()
    }
}

impl std::str::FromStr for Towers {
    type Err = ParseTowersError;

    /// Reads the text form of [`Towers::parse_pegs`] and checks it is a position.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(Towers::from_towers(&Towers::parse_pegs(text)?)?)
    }
}

impl fmt::Display for Towers {
    /// The text form read by [`FromStr`](std::str::FromStr): `0,1,2||3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, tower) in self.towers().iter().enumerate() {
            if index > 0 {
                f.write_str("|")?;
            }
            for (position, disk) in tower.iter().enumerate() {
                if position > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{disk}")?;
            }
        }
        Ok(())
    }
}

impl TryFrom<Vec<Vec<u8>>> for Towers {
    type Error = TowersError;

    fn try_from(towers: Vec<Vec<u8>>) -> Result<Self, TowersError> {
        Self::from_towers(&towers)
    }
}

impl From<Towers> for Vec<Vec<u8>> {
    fn from(towers: Towers) -> Self {
        towers.towers()
    }
}

/// A Hanoi position: an arrangement of disks and the number of movements made to reach it
/// (IArena's cost position).
///
/// Equality and hashing compare the towers **and** the cost, as IArena does; searches use
/// [`towers`](Self::towers) as the key. Positions are `Copy` values: a movement returns a
/// new position and leaves the old one as it was.
///
/// The text form is IArena's drawing, ending with a newline: `Cost: <cost>`, an empty line,
/// the disks level by level from the top (disk `d` of `n` is `2(n - d)` `#` wide, centred
/// in a column `2n` wide, each column followed by one space) and a base of `=`.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{Move, Position};
///
/// let start = Position::start(3, 3)?;
/// let next = start.try_move(Move::new(0, 2))?;
/// assert_eq!(next.cost(), 1);
/// assert_eq!(
///     next.to_string(),
///     concat!(
///         "Cost: 1\n",
///         "\n",
///         " ####                \n",
///         "######          ##   \n",
///         "====== ====== ====== \n",
///     )
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Position {
    towers: Towers,
    cost: u64,
}

impl Position {
    /// The position of `towers` after `cost` movements.
    pub const fn new(towers: Towers, cost: u64) -> Self {
        Self { towers, cost }
    }

    /// The standard start: `disks` disks on peg 0 of `pegs` pegs, cost 0.
    ///
    /// # Errors
    ///
    /// As [`Towers::new`].
    pub const fn start(disks: u8, pegs: u8) -> Result<Self, SetupError> {
        match Towers::new(disks, pegs) {
            Ok(towers) => Ok(Self::new(towers, 0)),
            Err(e) => Err(e),
        }
    }

    /// The arrangement of the disks (the search key).
    pub const fn towers(self) -> Towers {
        self.towers
    }

    /// The number of movements made (also [`CostPosition::cost`]).
    pub const fn cost(self) -> u64 {
        self.cost
    }

    /// The position after `movement`, one movement more costly; `self` is unchanged.
    ///
    /// # Errors
    ///
    /// As [`Towers::check`].
    pub const fn try_move(self, movement: Move) -> Result<Self, MoveError> {
        match self.towers.try_move(movement) {
            Ok(towers) => Ok(Self::new(towers, self.cost.saturating_add(1))),
            Err(e) => Err(e),
        }
    }

    /// The position after a movement known to be legal.
    pub(crate) const fn moved_unchecked(self, movement: Move) -> Self {
        Self::new(
            self.towers.moved_unchecked(movement),
            self.cost.saturating_add(1),
        )
    }
}

impl CostPosition for Position {
    fn cost(&self) -> u64 {
        self.cost
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let towers = self.towers.towers();
        // Every disk is present, so the largest disk index present plus one is `n`.
        let m = usize::from(self.towers.disks);
        let width = 2 * m;
        let height = towers.iter().map(Vec::len).max().unwrap_or(0);
        write!(f, "Cost: {}\n\n", self.cost)?;
        for level in (0..height).rev() {
            for tower in &towers {
                match tower.get(level) {
                    Some(&disk) => {
                        let disk = usize::from(disk);
                        let pad = (width - 2 * (m - disk)) / 2;
                        write!(f, "{:pad$}{:#<w$}{:pad$} ", "", "", "", w = 2 * (m - disk))?;
                    }
                    None => write!(f, "{:w$} ", "", w = width)?,
                }
            }
            writeln!(f)?;
        }
        for _ in &towers {
            write!(f, "{:=<width$} ", "")?;
        }
        writeln!(f)
    }
}
