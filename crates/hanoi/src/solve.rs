//! Optimal solutions: the classic sequence, distances and paths from any arrangement on
//! three pegs, and Frame–Stewart for four pegs.

use std::iter::FusedIterator;

use crate::towers::check_size;
use crate::{Move, SetupError, Towers};

/// The optimal movements of a full tower of `disks` disks from one peg to another of three
/// pegs, generated lazily in O(1) per movement (`2^disks - 1` of them, the unique optimum).
///
/// Movement number `m` (from 1) moves the disk of size rank `ctz(m)` from peg
/// `(m & (m - 1)) mod 3` to peg `((m | (m - 1)) + 1) mod 3` of the canonical labelling, which
/// is then mapped onto the requested pegs.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{Move, OptimalMoves};
///
/// let moves: Vec<Move> = OptimalMoves::new(2)?.collect();
/// assert_eq!(moves, [Move::new(0, 1), Move::new(0, 2), Move::new(1, 2)]);
/// assert_eq!(OptimalMoves::new(63)?.len(), (1 << 63) - 1);
/// # Ok::<(), sokoengine_hanoi::SetupError>(())
/// ```
#[derive(Clone, Debug)]
pub struct OptimalMoves {
    /// The number of the next movement, from 1.
    next: u64,
    /// `next mod 3`, kept up to date so that no division is needed per movement.
    next_mod_3: u8,
    /// The number of the last movement (`2^disks - 1`).
    last: u64,
    /// The movement for `next mod 3` and the parity of `ctz(next)`, at index
    /// `2 * (next mod 3) + parity`.
    table: [Move; 6],
}

impl OptimalMoves {
    /// The optimal movements of `disks` disks from peg 0 to peg 2 (the standard start and
    /// goal of three pegs).
    ///
    /// # Errors
    ///
    /// [`SetupError::DiskCount`] unless `1 <= disks <= 63`.
    pub fn new(disks: u8) -> Result<Self, SetupError> {
        Self::between(disks, 0, 2)
    }

    /// The optimal movements of a tower of `disks` disks (0 allowed: no movement) from peg
    /// `from` to peg `to` of three pegs.
    ///
    /// # Errors
    ///
    /// [`SetupError::DiskCount`] when `disks > 63`, [`SetupError::PegOutOfRange`] for a peg
    /// above 2. Equal pegs give no movement.
    pub fn between(disks: u8, from: u8, to: u8) -> Result<Self, SetupError> {
        if disks > crate::MAX_DISKS {
            return Err(SetupError::DiskCount(disks.into()));
        }
        for peg in [from, to] {
            if peg > 2 {
                return Err(SetupError::PegOutOfRange { peg, pegs: 3 });
            }
        }
        if from == to {
            return Ok(Self::tower(0, [0, 1, 2]));
        }
        let spare = 3 - from - to;
        // The canonical sequence ends on peg 2 for odd counts and on peg 1 for even ones.
        let pegs = if disks % 2 == 1 {
            [from, spare, to]
        } else {
            [from, to, spare]
        };
        Ok(Self::tower(disks, pegs))
    }

    /// Internal constructor for checked arguments.
    const fn tower(disks: u8, pegs: [u8; 3]) -> Self {
        // m & (m - 1) = m - 2^k and (m | (m - 1)) + 1 = m + 2^k with k = ctz(m), and
        // 2^k mod 3 is 1 for even k, 2 for odd k: both pegs follow from m mod 3 and k's
        // parity.
        let mut table = [Move::new(0, 0); 6];
        let mut i = 0;
        while i < 6 {
            let r = (i / 2) as u8;
            let power = 1 + (i % 2) as u8;
            let from = (r + 3 - power) % 3;
            let to = (r + power) % 3;
            table[i] = Move::new(pegs[from as usize], pegs[to as usize]);
            i += 1;
        }
        Self {
            next: 1,
            next_mod_3: 1,
            last: crate::towers::full_set(disks),
            table,
        }
    }

    /// How many movements are left.
    pub const fn remaining(&self) -> u64 {
        self.last + 1 - self.next
    }
}

impl Iterator for OptimalMoves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let m = self.next;
        if m > self.last {
            return None;
        }
        let r = self.next_mod_3;
        let parity = (m.trailing_zeros() & 1) as usize;
        self.next = m + 1;
        self.next_mod_3 = if r == 2 { 0 } else { r + 1 };
        Some(self.table[2 * usize::from(r) + parity])
    }

    /// Internal iteration (used by `for_each`, `sum`, `collect` into some containers):
    /// six movements per round from a movement number `m = 1 (mod 6)`, where the odd ones
    /// need no `ctz` at all and `m mod 3` is known for each.
    fn fold<B, F: FnMut(B, Move) -> B>(mut self, init: B, mut f: F) -> B {
        let mut acc = init;
        while self.next % 6 != 1 {
            match self.next() {
                Some(movement) => acc = f(acc, movement),
                None => return acc,
            }
        }
        let t = self.table;
        let parity = |m: u64| (m.trailing_zeros() & 1) as usize;
        let mut m = self.next;
        while self.last >= 5 && m <= self.last - 5 {
            acc = f(acc, t[2]);
            acc = f(acc, t[4 + parity(m + 1)]);
            acc = f(acc, t[0]);
            acc = f(acc, t[2 + parity(m + 3)]);
            acc = f(acc, t[4]);
            acc = f(acc, t[parity(m + 5)]);
            m += 6;
        }
        self.next = m;
        self.next_mod_3 = 1;
        // The last few movements one by one (`for` steps with `next`, not `fold`).
        for movement in self {
            acc = f(acc, movement);
        }
        acc
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match usize::try_from(self.remaining()) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }

    fn nth(&mut self, n: usize) -> Option<Move> {
        // Each movement depends only on its number: skipping is O(1).
        let skip = u64::try_from(n).unwrap_or(u64::MAX);
        self.next = self.next.saturating_add(skip).min(self.last + 1);
        self.next_mod_3 = (self.next % 3) as u8;
        self.next()
    }

    fn count(self) -> usize {
        usize::try_from(self.remaining()).unwrap_or(usize::MAX)
    }
}

// Up to 2^63 - 1 movements: an exact `usize` length needs 64-bit pointers.
#[cfg(target_pointer_width = "64")]
impl ExactSizeIterator for OptimalMoves {}

impl FusedIterator for OptimalMoves {}

/// The number of optimal movements that bring every disk of a three-peg arrangement onto
/// `goal`, in O(disks).
///
/// Going from the largest disk down with a target peg `t` (first `goal`): a disk not on `t`
/// costs `2^(number of smaller disks)` and makes the third peg the target of the next disk.
///
/// # Errors
///
/// [`SetupError::WrongPegCount`] for four pegs, [`SetupError::PegOutOfRange`] when
/// `goal > 2`.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{distance_to, Towers};
///
/// assert_eq!(distance_to(Towers::new(5, 3)?, 2)?, 31);
/// let towers = Towers::from_towers(&[vec![1], vec![], vec![0, 2]])?;
/// assert_eq!(distance_to(towers, 2)?, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn distance_to(towers: Towers, goal: u8) -> Result<u64, SetupError> {
    check_three_pegs(towers, goal)?;
    let mut target = goal;
    let mut distance = 0;
    for size in (0..towers.disks()).rev() {
        let peg = towers.peg_of_size(size);
        if peg != target {
            distance |= 1 << size;
            target = 3 - peg - target;
        }
    }
    Ok(distance)
}

/// Distances and paths from any arrangement are for three pegs and a goal among them.
const fn check_three_pegs(towers: Towers, goal: u8) -> Result<(), SetupError> {
    if towers.pegs() != 3 {
        return Err(SetupError::WrongPegCount {
            needed: 3,
            pegs: towers.pegs(),
        });
    }
    if goal > 2 {
        return Err(SetupError::PegOutOfRange { peg: goal, pegs: 3 });
    }
    Ok(())
}

/// The optimal movements from a three-peg arrangement to every disk on `goal`, generated
/// lazily (see [`optimal_path`]).
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{distance_to, optimal_path, Move, Towers};
///
/// // After the first optimal movement of three disks (the smallest to the goal peg).
/// let towers = Towers::from_towers(&[vec![0, 1], vec![], vec![2]])?;
/// let path: Vec<Move> = optimal_path(towers, 2)?.collect();
/// assert_eq!(path.len() as u64, distance_to(towers, 2)?);
/// assert_eq!(path, [(0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2)].map(|(f, t)| Move::new(f, t)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct OptimalPath {
    plan: Plan,
    /// The next size rank to consider for its own movement.
    size: u8,
    /// The tower movement in progress, after the last single-disk movement.
    tower: OptimalMoves,
    remaining: u64,
}

/// The optimal movements that bring every disk of a three-peg arrangement onto `goal`: the
/// greedy plan of [`distance_to`], lazily (its length is exactly the distance).
///
/// From the smallest disk that must move up to the largest: move that disk to its target,
/// then move the tower of all smaller disks from the spare peg onto it.
///
/// # Errors
///
/// As [`distance_to`].
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{optimal_path, Move, Towers};
///
/// let towers = Towers::from_towers(&[vec![1], vec![], vec![0, 2]])?;
/// let path: Vec<Move> = optimal_path(towers, 2)?.collect();
/// assert_eq!(path, [Move::new(2, 1), Move::new(0, 2), Move::new(1, 2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn optimal_path(towers: Towers, goal: u8) -> Result<OptimalPath, SetupError> {
    let plan = Plan::new(towers, goal)?;
    Ok(OptimalPath {
        remaining: plan.distance,
        plan,
        size: 0,
        tower: OptimalMoves::tower(0, [0, 1, 2]),
    })
}

impl OptimalPath {
    /// How many movements are left.
    pub const fn remaining(&self) -> u64 {
        self.remaining
    }
}

impl OptimalPath {
    /// The next single-disk movement of the plan, setting up the tower movement after it.
    fn next_phase(&mut self) -> Option<Move> {
        while self.size < self.plan.disks {
            let size = self.size;
            self.size += 1;
            let bit = 1u64 << size;
            if self.plan.moving & bit == 0 {
                continue;
            }
            let target = self.plan.targets[usize::from(size)];
            let from = self.plan.pegs[usize::from(size)];
            // The smaller disks were gathered on the third peg; bring them on top after.
            let spare = 3 - from - target;
            self.tower = OptimalMoves::between(size, spare, target)
                .expect("sizes and pegs of a plan are in range");
            self.remaining -= 1;
            return Some(Move::new(from, target));
        }
        None
    }
}

impl Iterator for OptimalPath {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if let Some(movement) = self.tower.next() {
            self.remaining -= 1;
            return Some(movement);
        }
        self.next_phase()
    }

    fn fold<B, F: FnMut(B, Move) -> B>(mut self, init: B, mut f: F) -> B {
        // Whole tower movements go through the fast internal iteration of `OptimalMoves`.
        let tower = std::mem::replace(&mut self.tower, OptimalMoves::tower(0, [0, 1, 2]));
        let mut acc = tower.fold(init, &mut f);
        while let Some(movement) = self.next_phase() {
            acc = f(acc, movement);
            let tower = std::mem::replace(&mut self.tower, OptimalMoves::tower(0, [0, 1, 2]));
            acc = tower.fold(acc, &mut f);
        }
        acc
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match usize::try_from(self.remaining) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }
}

impl FusedIterator for OptimalPath {}

/// The greedy plan for a three-peg arrangement: per size rank, its peg and its target.
#[derive(Clone, Debug)]
struct Plan {
    disks: u8,
    pegs: [u8; 64],
    targets: [u8; 64],
    /// Size ranks that must move.
    moving: u64,
    distance: u64,
}

impl Plan {
    fn new(towers: Towers, goal: u8) -> Result<Self, SetupError> {
        check_three_pegs(towers, goal)?;
        let disks = towers.disks();
        let mut plan = Self {
            disks,
            pegs: [0; 64],
            targets: [0; 64],
            moving: 0,
            distance: 0,
        };
        let mut target = goal;
        for size in (0..disks).rev() {
            let peg = towers.peg_of_size(size);
            plan.pegs[usize::from(size)] = peg;
            plan.targets[usize::from(size)] = target;
            if peg != target {
                plan.moving |= 1 << size;
                plan.distance += 1 << size;
                target = 3 - peg - target;
            }
        }
        Ok(plan)
    }
}

/// The Frame–Stewart number: the fewest movements known for `disks` disks on `pegs` pegs
/// (proved optimal for 3 and, by T. Bousch in 2014, for 4 pegs). `None` when the number
/// does not fit in a `u64` or fewer than 3 pegs cannot move 2 or more disks.
///
/// `FS(n, 3) = 2^n - 1`, `FS(n, p) = min over 1 <= k < n of 2 FS(k, p) + FS(n - k, p - 1)`.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::frame_stewart;
///
/// let four: Vec<u64> = (1..=10).map(|n| frame_stewart(n, 4).unwrap()).collect();
/// assert_eq!(four, [1, 3, 5, 9, 13, 17, 25, 33, 41, 49]);
/// assert_eq!(frame_stewart(63, 3), Some((1 << 63) - 1));
/// assert_eq!(frame_stewart(64, 3), None);
/// ```
pub fn frame_stewart(disks: u8, pegs: u8) -> Option<u64> {
    match disks {
        0 => return Some(0),
        1 => return Some(1),
        _ if pegs < 3 => return None,
        _ => {}
    }
    frame_stewart_table(disks, pegs)[usize::from(disks)].map(|(moves, _)| moves)
}

/// `table[n] = (FS(n, pegs), best k)` for `n <= disks` (`None` on overflow). O(disks² pegs).
fn frame_stewart_table(disks: u8, pegs: u8) -> Vec<Option<(u64, u8)>> {
    let n = usize::from(disks);
    // Three pegs: 2^n - 1, with no split (k = 0).
    let mut row: Vec<Option<(u64, u8)>> = (0..=n)
        .map(|i| 1u64.checked_shl(i as u32).map(|p| (p - 1, 0)))
        .collect();
    for _ in 4..=pegs {
        let previous = row.clone();
        for i in 2..=n {
            row[i] = (1..i)
                .filter_map(|k| {
                    let (top, _) = row[k]?;
                    let (bottom, _) = previous[i - k]?;
                    let moves = top.checked_mul(2)?.checked_add(bottom)?;
                    Some((moves, k as u8))
                })
                .min_by_key(|&(moves, _)| moves);
        }
    }
    row
}

/// Frame–Stewart movements of `disks` disks from peg 0 to peg 3 of four pegs (Reve's
/// puzzle): `frame_stewart(disks, 4)` of them, which is optimal.
///
/// # Errors
///
/// [`SetupError::DiskCount`] unless `1 <= disks <= 63`.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{frame_stewart_moves, Position};
///
/// let moves = frame_stewart_moves(5)?;
/// assert_eq!(moves.len(), 13);
/// let mut position = Position::start(5, 4)?;
/// for movement in moves {
///     position = position.try_move(movement)?;
/// }
/// assert!(position.towers().is_all_on(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn frame_stewart_moves(disks: u8) -> Result<Vec<Move>, SetupError> {
    check_size(disks.into(), 4)?;
    let table = frame_stewart_table(disks, 4);
    let total = table[usize::from(disks)].map_or(0, |(moves, _)| moves);
    let mut moves = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
    four_pegs(&table, disks, [0, 3, 1, 2], &mut moves);
    Ok(moves)
}

/// Moves the top `n` disks from `pegs[0]` to `pegs[1]` with spares `pegs[2]` and `pegs[3]`.
fn four_pegs(table: &[Option<(u64, u8)>], n: u8, pegs: [u8; 4], out: &mut Vec<Move>) {
    let [from, to, spare, other] = pegs;
    if n <= 1 {
        out.extend((n == 1).then_some(Move::new(from, to)));
        return;
    }
    // Within the 63-disk bound FS(n, 4) fits easily, so every entry is present.
    let k = table[usize::from(n)].map_or(1, |(_, k)| k);
    four_pegs(table, k, [from, spare, to, other], out);
    // The bottom n - k disks move with three pegs: from, other, to as 0, 1, 2.
    let three = [from, other, to];
    let bottom = OptimalMoves::between(n - k, 0, 2).expect("n - k <= 63 disks");
    out.extend(bottom.map(|m| Move::new(three[usize::from(m.from())], three[usize::from(m.to())])));
    four_pegs(table, k, [spare, to, from, other], out);
}
