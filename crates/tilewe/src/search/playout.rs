//! The playouts' policy: where each playout step places a piece. Among a few open
//! corners of the player to move, drawn at random (contested ones first, now and then),
//! the one where the largest piece fits; the search then picks the move there
//! ([`features`](super::features)).

use crate::board::{Board, MAX_CORNERS, PAD, ROWS, blocked_pairs};
use crate::moves::Move;
use crate::tables::{PAIR_WORDS, PairSet, any_fitting, count_fitting, tables, unite};

impl Board {
    /// Where the playouts place the next piece: among up to `sample` open corners of the
    /// player to move drawn at random (a corner he shares with an opponent drawn first
    /// with probability `contested` in 1/256), the one where the largest piece fits (ties
    /// drawn in proportion to their placements of that size), as `(x, y, size)`. Only the
    /// drawn corners are searched, so a step costs a fraction of generating every move.
    /// Size 0 means the corners overflowed the list (never seen in play; any
    /// largest-piece move will do); `None` that the player to move has no move.
    // Inlined into its one caller in the search, which then reads the result where it
    // was written (as a returned value, read back in wider loads than it was stored in,
    // it stalled store forwarding).
    #[inline(always)]
    pub(crate) fn corner_playout_target(
        &self,
        rng: &mut crate::rng::Rng,
        policy: &CornerPolicy,
        opponents: u8,
        state: &mut PlayoutState,
    ) -> Option<PlayoutTarget> {
        if self.finished {
            return None;
        }
        let p = usize::from(self.current);
        let t = tables();
        // Open corners as (x, y), those shared with an opponent first, each group in
        // board order: one pass over the rows, the contested ones listed from the start
        // of the state's list, the others from its middle (`OTHERS`). The two parts make
        // one list of `n` corners, contested first (index i >= n_contested is
        // `list[head + i - n_contested]`), without copying or clearing it per step.
        let list = &mut state.corners;
        let (mut n_contested, mut n_others) = (0, 0);
        // The rows with corners, found without a branch per row (which rows have corners
        // is hard to predict), then walked.
        let mut with_corners = 0u32;
        for (y, row) in self.rows[PAD..PAD + 20].iter().enumerate() {
            with_corners |= u32::from(row.corners[p] != 0) << y;
        }
        while with_corners != 0 {
            let y = with_corners.trailing_zeros() as usize;
            with_corners &= with_corners - 1;
            // y < 20: the mask only spares a bounds check.
            let row = &self.rows[(y + PAD) & (ROWS - 1)];
            let mine = row.corners[p];
            let theirs = row.corners_of(opponents);
            let mut shared = mine & theirs;
            let mut other = mine & !theirs;
            while shared != 0 {
                let bit = shared.trailing_zeros() as usize;
                shared &= shared - 1;
                list[n_contested] = ((bit - PAD) as u8, y as u8);
                n_contested += 1;
            }
            while other != 0 {
                let bit = other.trailing_zeros() as usize;
                other &= other - 1;
                list[OTHERS + n_others] = ((bit - PAD) as u8, y as u8);
                n_others += 1;
            }
            if n_contested + n_others > MAX_CORNERS {
                // More corners than the list holds (never seen in play): draw from every
                // move instead.
                return Some(PlayoutTarget {
                    x: 0,
                    y: 0,
                    size: 0,
                    fitting: [0; PAIR_WORDS],
                });
            }
        }
        let mut n = n_contested + n_others;
        let mut head = OTHERS;
        // Pairs of pieces already placed count as blocked everywhere.
        let unavailable = state.placed[p];
        debug_assert_eq!(unavailable, t.unavailable_pairs(self.remaining[p]));
        // The best corner so far: (size, x, y, count of its moves of that size), and the
        // pairs that do not fit there.
        let mut best = (0usize, 0u8, 0u8, 0usize);
        let mut best_blocked = [0u64; PAIR_WORDS];
        let mut tried = 0;
        while n > 0 && (tried < policy.sample || best.0 == 0) {
            // Draw a corner: a contested one first, now and then.
            let pick = if n_contested > 0 && (rng.next_u64() & 0xFF) < u64::from(policy.contested) {
                rng.below(n_contested)
            } else {
                rng.below(n)
            };
            // Remove it, keeping the contested ones in front: the last contested one
            // takes its place, and the last corner of all moves to the front of the
            // others (which then start one slot earlier); or the last corner takes the
            // place of a drawn other one.
            let (x, y);
            if pick < n_contested {
                (x, y) = list[pick];
                list[pick] = list[n_contested - 1];
                if n_others > 0 {
                    head -= 1;
                    list[head] = list[head + n_others];
                }
                n_contested -= 1;
            } else {
                let at = head + pick - n_contested;
                (x, y) = list[at];
                list[at] = list[head + n_others - 1];
                n_others -= 1;
            }
            n -= 1;
            tried += 1;
            let blocked = blocked_pairs(
                t,
                &self.rows,
                p,
                usize::from(x),
                usize::from(y),
                &unavailable,
            );
            for size in (best.0.max(1)..=5).rev() {
                // Most sizes tried do not fit: an emptiness test spares their count.
                if !any_fitting(&blocked, &t.size_pairs[size]) {
                    continue;
                }
                let count = count_fitting(&blocked, &t.size_pairs[size]);
                // A larger piece wins; the same size keeps each corner's moves with
                // equal chance per move.
                if size > best.0 || rng.below(best.3 + count) >= best.3 {
                    best = (
                        size,
                        x,
                        y,
                        if size > best.0 { count } else { best.3 + count },
                    );
                    best_blocked = blocked;
                } else {
                    best.3 += count;
                }
                break;
            }
        }
        let (size, x, y, _) = best;
        let mut fitting = t.size_pairs[size];
        for (pairs, blocked) in fitting.iter_mut().zip(&best_blocked) {
            *pairs &= !blocked;
        }
        (size > 0).then_some(PlayoutTarget {
            x,
            y,
            size,
            fitting,
        })
    }

    /// The pairs of the player to move's pieces of `size` tiles that fit at the target
    /// (x, y) (one of his open corners): what [`Board::corner_playout_target`] returns
    /// with that corner.
    #[cfg(test)]
    pub(crate) fn fitting_pairs(&self, x: u8, y: u8, size: usize) -> PairSet {
        let t = tables();
        let p = usize::from(self.current);
        let unavailable = t.unavailable_pairs(self.remaining[p]);
        let blocked = blocked_pairs(
            t,
            &self.rows,
            p,
            usize::from(x),
            usize::from(y),
            &unavailable,
        );
        let mut fitting = t.size_pairs[size];
        for (pairs, blocked) in fitting.iter_mut().zip(&blocked) {
            *pairs &= !blocked;
        }
        fitting
    }
}

/// Where a playout step places: the open corner (x, y) of the player to move, the size
/// of the largest piece that fits there, and the pairs of that size that fit (size 0:
/// any largest-piece move, the corners having overflowed their list).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlayoutTarget {
    pub(crate) x: u8,
    pub(crate) y: u8,
    pub(crate) size: usize,
    pub(crate) fitting: PairSet,
}

/// What [`Board::corner_playout_target`] keeps between the steps of a playout: per
/// colour the pairs of its pieces already placed, which fit nowhere, kept up to date move
/// by move (rebuilding them per step was a loop over the placed pieces with an
/// unpredictable end), and room for the list of open corners (on the stack it was
/// cleared, and its two parts joined by a copy, at every step).
#[derive(Clone, Debug)]
pub(crate) struct PlayoutState {
    placed: [PairSet; 4],
    /// Contested corners from 0, the others from [`OTHERS`] (or a few slots before it);
    /// room for one row past the limit in each part, as the overflow is checked after
    /// each row.
    corners: [(u8, u8); 2 * OTHERS],
}

/// Where the list of [`PlayoutState`] holds the corners not contested.
const OTHERS: usize = MAX_CORNERS + 20;

impl PlayoutState {
    /// The state for a playout from `board`'s position.
    pub(crate) fn new(board: &Board) -> PlayoutState {
        let t = tables();
        PlayoutState {
            placed: std::array::from_fn(|p| t.unavailable_pairs(board.remaining[p])),
            corners: [(0, 0); 2 * OTHERS],
        }
    }

    /// Records that colour `p` played `mv`.
    #[inline(always)]
    pub(crate) fn record(&mut self, p: usize, mv: Move) {
        let t = tables();
        let piece = t.pairs[mv.pair_id()].piece.index();
        unite(&mut self.placed[p], &t.piece_pairs[piece]);
    }
}

/// The search's corner policy for [`Board::corner_playout_target`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CornerPolicy {
    /// Corners drawn per step.
    pub(crate) sample: usize,
    /// Chance in 1/256 to draw a corner shared with an opponent first.
    pub(crate) contested: u32,
}

impl Board {
    /// A random placement of the largest piece the player to move can place anywhere.
    pub(crate) fn largest_piece_move(&self, rng: &mut crate::rng::Rng) -> Option<Move> {
        let moves = self.legal_moves();
        let size = |mv: &Move| tables().pairs[mv.pair_id()].piece.tile_count();
        let largest = moves.iter().map(size).max()?;
        let count = moves.iter().filter(|mv| size(mv) == largest).count();
        moves
            .into_iter()
            .filter(|mv| size(mv) == largest)
            .nth(rng.below(count))
    }
}
