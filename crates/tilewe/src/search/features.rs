//! Blokus knowledge for the search: each legal move with a small integer score built
//! from what the placement does to the corners around it.
//!
//! Move generation here is the board's own (one precomputed candidate list per open
//! corner and neighbourhood), widened from a 9x9 to an 11x11 window around the target
//! so that the placement's diagonal neighbours, where its new corners appear, are in
//! view. Four windows are cut out per open corner: the mover's forbidden tiles, his
//! corners, the opponents' corners and the partners' corners; each candidate is then a
//! handful of 128-bit ANDs and population counts.

use crate::board::{Board, PAD, ROWS, Row, for_each_corner};
use crate::moves::Move;
use crate::rng::Rng;
use crate::tables::{PAIR_WORDS, PairMasks11, PairSet, Tables, tables};

use super::playout::PlayoutTarget;
use super::stats::{PlayoutView, UNKNOWN};

/// The 11 bits of one window row.
const ROW11: u64 = 0x7FF;

/// What a placement does, counted in its 11x11 window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Features {
    /// The piece's index.
    pub(crate) piece: u8,
    /// Cells of the piece (1 to 5).
    pub(crate) size: u8,
    /// How close the piece comes to the centre: 18 minus the Chebyshev distance in
    /// half-tiles from the board's centre to its most central tile.
    pub(crate) centre: u8,
    /// New corners of the mover: diagonal neighbours of the piece that are free, not
    /// beside his own tiles, and not already his corners.
    pub(crate) gained: u8,
    /// Opponents' corners the piece covers (they lose them).
    pub(crate) blocked: u8,
    /// Partners' corners the piece covers.
    pub(crate) blocked_partner: u8,
    /// The mover's other corners the piece covers or touches along an edge (they die).
    pub(crate) lost: u8,
    /// Corners the opponents' latest moves opened that the piece covers.
    pub(crate) answers: u8,
    /// Opponents' tiles beside the piece.
    pub(crate) contact: u8,
}

/// Which colours are opponents and which are partners of each colour, as lane masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sides {
    /// `opponents[p]` bit q: colour q plays against colour p.
    pub(crate) opponents: [u8; 4],
    /// `partners[p]` bit q: colour q (not p) is on p's side.
    pub(crate) partners: [u8; 4],
}

impl Sides {
    /// Sides from a team number per colour.
    pub(crate) fn from_teams(teams: [u8; 4], n_players: usize) -> Sides {
        let mut sides = Sides {
            opponents: [0; 4],
            partners: [0; 4],
        };
        for p in 0..4 {
            for q in 0..n_players {
                if q == p {
                    continue;
                }
                if teams[q] == teams[p] {
                    sides.partners[p] |= 1 << q;
                } else {
                    sides.opponents[p] |= 1 << q;
                }
            }
        }
        sides
    }
}

/// A plane of board tiles in the board's padded layout.
type Plane = [u32; ROWS];

/// What the features need beyond the board: every colour's tiles and latest move, kept
/// up to date move by move through a simulation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tracker {
    tiles: [Plane; 4],
    last: [Option<Move>; 4],
}

/// Frame placement of a move: the plane row of frame row 0 and the bit shift of frame
/// column 0 (the frames of [`Orientation`](crate::tables::Orientation)).
#[inline(always)]
fn frame(t: &Tables, mv: Move) -> (usize, usize, usize) {
    let pair = t.pairs[mv.pair_id()];
    let target = mv.target();
    let bx = usize::from(target.x() - pair.contact_x);
    let by = usize::from(target.y() - pair.contact_y);
    (usize::from(pair.orientation), by + PAD - 1, bx + PAD - 1)
}

impl Tracker {
    /// The tracker of `board`'s position and history.
    pub(crate) fn new(board: &Board) -> Tracker {
        let mut tiles = [[0; ROWS]; 4];
        for (index, &c) in board.colors.iter().enumerate() {
            if usize::from(c) < 4 {
                tiles[usize::from(c)][index / 20 + PAD] |= 1 << (index % 20 + PAD);
            }
        }
        Tracker {
            tiles,
            last: board.last_moves(),
        }
    }

    /// Records that `color` played `mv`.
    #[inline(always)]
    pub(crate) fn record(&mut self, color: usize, mv: Move) {
        let t = tables();
        let (o, base, shift) = frame(t, mv);
        let o = &t.orientations[o];
        for (r, cells) in o.frame_cells.iter().enumerate() {
            self.tiles[color][base + r] |= cells << shift;
        }
        self.last[color] = Some(mv);
    }
}

/// The planes the features of one player's moves read.
#[derive(Clone, Copy, Debug)]
struct Context {
    opponents: Plane,
    partners: Plane,
    /// Opponents' corners opened by their latest moves.
    hot: Plane,
    /// Opponents' tiles.
    opponent_tiles: Plane,
}

impl Context {
    #[inline(always)]
    fn new(board: &Board, tracker: &Tracker, p: usize, sides: Sides) -> Context {
        let lanes = |set: u8| -> [u32; 4] {
            std::array::from_fn(|q| 0u32.wrapping_sub(u32::from(set >> q & 1)))
        };
        let (opp, mate) = (lanes(sides.opponents[p]), lanes(sides.partners[p]));
        let mut c = Context {
            opponents: [0; ROWS],
            partners: [0; ROWS],
            hot: [0; ROWS],
            opponent_tiles: [0; ROWS],
        };
        for (r, row) in board.rows.iter().enumerate() {
            let k = row.corners;
            c.opponents[r] = k[0] & opp[0] | k[1] & opp[1] | k[2] & opp[2] | k[3] & opp[3];
            c.partners[r] = k[0] & mate[0] | k[1] & mate[1] | k[2] & mate[2] | k[3] & mate[3];
            let s = &tracker.tiles;
            c.opponent_tiles[r] =
                s[0][r] & opp[0] | s[1][r] & opp[1] | s[2][r] & opp[2] | s[3][r] & opp[3];
        }
        let t = tables();
        for q in 0..4 {
            if sides.opponents[p] & 1 << q == 0 {
                continue;
            }
            if let Some(mv) = tracker.last[q] {
                let (o, base, shift) = frame(t, mv);
                let o = &t.orientations[o];
                for (r, diag) in o.frame_diag.iter().enumerate() {
                    c.hot[base + r] |= diag << shift;
                }
            }
        }
        for r in 0..ROWS {
            c.hot[r] &= c.opponents[r];
        }
        c
    }
}

/// The 11x11 windows around one target tile (bit [`window11_bit`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Windows {
    pub(crate) forbidden: u128,
    pub(crate) own: u128,
    pub(crate) opponents: u128,
    pub(crate) partners: u128,
    pub(crate) hot: u128,
    pub(crate) opponent_tiles: u128,
}

/// Cuts the windows for player `p` around board tile (x, y).
#[inline(always)]
fn windows(rows: &[Row; ROWS], p: usize, c: &Context, x: usize, y: usize) -> Windows {
    // Plane row of window row dy is y + PAD - 5 + dy. Only y = 0 reaches below the padded
    // planes; that row is margin (all forbidden, nothing else), which plane row 0 also is
    // for the forbidden lanes, so it is read in its place with the other planes masked.
    let low = (y + PAD).saturating_sub(5);
    let keep_first: u32 = if y == 0 { 0 } else { u32::MAX };
    let lane = |bits: u32| u128::from(((u64::from(bits) << 1) >> x) & ROW11);
    let first = &rows[low];
    let mut w = Windows {
        forbidden: lane(first.forbidden[p]),
        own: lane(first.corners[p] & keep_first),
        opponents: lane(c.opponents[low] & keep_first),
        partners: lane(c.partners[low] & keep_first),
        hot: lane(c.hot[low] & keep_first),
        opponent_tiles: lane(c.opponent_tiles[low] & keep_first),
    };
    let base = low + usize::from(y != 0);
    for dy in 1..11usize {
        let r = base + dy - 1;
        let row = &rows[r];
        w.forbidden |= lane(row.forbidden[p]) << (11 * dy);
        w.own |= lane(row.corners[p]) << (11 * dy);
        w.opponents |= lane(c.opponents[r]) << (11 * dy);
        w.partners |= lane(c.partners[r]) << (11 * dy);
        w.hot |= lane(c.hot[r]) << (11 * dy);
        w.opponent_tiles |= lane(c.opponent_tiles[r]) << (11 * dy);
    }
    w
}

/// The 3x3 neighbourhood key of an 11x11 forbidden window (same bit order as the board's
/// 9x9 key).
#[inline(always)]
fn key11(w: u128) -> usize {
    ((w >> 48) & 7 | ((w >> 59) & 7) << 3 | ((w >> 70) & 7) << 6) as usize
}

/// Population count without the `popcnt` instruction (not in the baseline x86-64
/// target): a few bit-parallel adds over both halves at once.
#[inline(always)]
fn ones(m: u128) -> u8 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let half = |m: u64| {
        let m = m - ((m >> 1) & M1);
        let m = (m & M2) + ((m >> 2) & M2);
        (m + (m >> 4)) & M4
    };
    // Each half's byte sums are at most 8, so their sum fits a byte before the fold.
    let bytes = half(m as u64) + half((m >> 64) as u64);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

/// [`ones`] for masks that are usually empty or a single bit.
#[inline(always)]
fn sparse_ones(m: u128) -> u8 {
    if m & m.wrapping_sub(1) == 0 {
        u8::from(m != 0)
    } else {
        ones(m)
    }
}

/// Per board tile, 18 minus its Chebyshev distance in half-tiles from the centre.
const TILE_CLOSENESS: [u8; 400] = {
    let mut t = [0u8; 400];
    let mut i = 0;
    while i < 400 {
        let dx = (2 * (i % 20) as i32 - 19).abs();
        let dy = (2 * (i / 20) as i32 - 19).abs();
        t[i] = (19 - if dx > dy { dx } else { dy }) as u8;
        i += 1;
    }
    t
};

/// [`Features::centre`] of a pair placed on (x, y): the closeness of its most central
/// tile (0 when the piece does not fit on the board).
#[inline(always)]
fn closeness(m: &PairMasks11, x: usize, y: usize) -> u8 {
    let target = (x + 20 * y) as i32;
    let mut best = 0;
    for &d in &m.cell_deltas[..usize::from(m.n_cells)] {
        let t = target + i32::from(d);
        if (0..400).contains(&t) {
            best = best.max(TILE_CLOSENESS[t as usize]);
        }
    }
    best
}

/// The features of pair `id` placed on the window's centre, where it fits.
/// [`Features::centre`] is 0 unless `with_centre`.
#[inline(always)]
fn features(
    t: &Tables,
    id: usize,
    w: &Windows,
    (x, y): (usize, usize),
    with_centre: bool,
) -> Features {
    let m = &t.pair_masks11[id];
    let cells = m.cells;
    Features {
        piece: m.piece,
        size: m.size,
        centre: if with_centre { closeness(m, x, y) } else { 0 },
        gained: ones(m.diag & !w.forbidden & !w.own),
        blocked: sparse_ones(cells & w.opponents),
        blocked_partner: sparse_ones(cells & w.partners),
        // The target is one of the mover's corners and always counts.
        lost: sparse_ones(m.edge & w.own).saturating_sub(1),
        answers: sparse_ones(cells & w.hot),
        contact: ones(m.edge & !cells & w.opponent_tiles),
    }
}

/// Calls `f(move, features)` for every legal move of the player to move, in generation
/// order. Does nothing on a finished board. [`Features::centre`] is 0 unless
/// `with_centre` (the move model reads it only in the opening, and the search spares its
/// cost elsewhere).
#[inline(always)]
pub(crate) fn for_each_move(
    board: &Board,
    tracker: &Tracker,
    sides: Sides,
    with_centre: bool,
    f: impl FnMut(Move, Features),
) {
    for_each_wanted_move(board, tracker, sides, with_centre, |_| true, f);
}

/// [`for_each_move`] for the moves `wanted` accepts (asked in generation order, once per
/// legal move): the features of the others are not computed.
#[inline(always)]
pub(crate) fn for_each_wanted_move(
    board: &Board,
    tracker: &Tracker,
    sides: Sides,
    with_centre: bool,
    mut wanted: impl FnMut(Move) -> bool,
    mut f: impl FnMut(Move, Features),
) {
    if board.finished {
        return;
    }
    let t = tables();
    let p = usize::from(board.current);
    let remaining = board.remaining[p];
    let context = Context::new(board, tracker, p, sides);
    for_each_corner(&board.rows, p, |x, y| {
        let w = windows(&board.rows, p, &context, x, y);
        let k = key11(w.forbidden);
        let target = (x + 20 * y) as u16;
        let mut rem = remaining;
        while rem != 0 {
            let piece = rem.trailing_zeros() as usize;
            rem &= rem - 1;
            for &id in t.candidates(k, piece) {
                let id = usize::from(id);
                if t.pair_masks11[id].cells & w.forbidden != 0 {
                    continue;
                }
                let mv = Move::from_raw(target, id as u16);
                if wanted(mv) {
                    f(mv, features(t, id, &w, (x, y), with_centre));
                }
            }
        }
        true
    });
}

/// Weights of the playouts' choice among the placements of the chosen piece size at the
/// chosen corner (see [`playout_pick`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PickWeights {
    pub(crate) gained: i32,
    pub(crate) blocked: i32,
    pub(crate) lost: i32,
}

impl PickWeights {
    /// The pick score of the pair with window masks `m` at a target whose windows hold
    /// the player's `own` open corners, the opponents' corners `opp` and the `free` tiles
    /// (as [`pick_windows`] cuts them).
    #[inline(always)]
    fn score(self, m: &PairMasks11, own: u128, opp: u128, free: u128) -> i32 {
        // The plain counts, not `sparse_ones`: here its branch mispredicted more than the
        // few instructions it spared.
        self.gained * i32::from(ones(m.diag & free)) + self.blocked * i32::from(ones(m.cells & opp))
            - self.lost * i32::from(ones(m.edge & own).saturating_sub(1))
    }
}

/// The 11x11 windows the playout pick reads around board tile (x, y) (as [`windows`]
/// cuts them), for the player to move: forbidden tiles, own open corners, the
/// `opponents`' open corners, and the tiles neither forbidden nor own corners.
#[inline(always)]
fn pick_windows(board: &Board, opponents: u8, x: usize, y: usize) -> (u128, u128, u128, u128) {
    let p = usize::from(board.current);
    let low = (y + PAD).saturating_sub(5);
    let keep_first: u32 = if y == 0 { 0 } else { u32::MAX };
    let lane = |bits: u32| u128::from(((u64::from(bits) << 1) >> x) & ROW11);
    let rows = &board.rows;
    let mut forbidden = lane(rows[low].forbidden[p]);
    let mut own = lane(rows[low].corners[p] & keep_first);
    let mut opp = lane(rows[low].corners_of(opponents) & keep_first);
    let base = low + usize::from(y != 0);
    for dy in 1..11usize {
        let row = &rows[base + dy - 1];
        forbidden |= lane(row.forbidden[p]) << (11 * dy);
        own |= lane(row.corners[p]) << (11 * dy);
        opp |= lane(row.corners_of(opponents)) << (11 * dy);
    }
    (forbidden, own, opp, !forbidden & !own)
}

/// A placement at `target` (an open corner of the player to move, with the pairs of the
/// largest piece size that fit there), the best by `weights` (new corners gained,
/// opponents' corners taken, own corners lost; ties drawn at random): the playouts' "no
/// self-blocking, take their corners" choice. Only the fitting pairs are scored, in
/// ascending pair id (piece by piece), the order ties are drawn in.
pub(crate) fn playout_pick(
    board: &Board,
    opponents: u8,
    target: &PlayoutTarget,
    weights: PickWeights,
    rng: &mut Rng,
) -> Option<Move> {
    let t = tables();
    let (x, y) = (usize::from(target.x), usize::from(target.y));
    let (_, own, opp, free) = pick_windows(board, opponents, x, y);
    let at = (x + 20 * y) as u16;
    let mut best = (i32::MIN, 0u16, 0usize);
    for (w, &word) in target.fitting.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let id = (64 * w + bits.trailing_zeros() as usize) as u16;
            bits &= bits - 1;
            let m = &t.pair_masks11[usize::from(id)];
            let score = weights.score(m, own, opp, free);
            if score > best.0 {
                best = (score, id, 1);
            } else if score == best.0 {
                best.2 += 1;
                if rng.below(best.2) == 0 {
                    best.1 = id;
                }
            }
        }
    }
    (best.2 > 0).then(|| Move::from_raw(at, best.1))
}

/// How much the playouts' pick trusts the placement statistics (MAST): a bonus of up to
/// `weight` points either way, `weight` points per `span` of the placement's mean result
/// above the colour's mean result, for a placement with at least `min_count` visits'
/// worth (see [`playout_pick_by_stats`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PlayoutBonus {
    /// The most points the bonus adds or takes (whole points: how far below the best
    /// score a placement may be and still be looked up).
    reach: i32,
    /// The same in 1/1024 points.
    bound: i64,
    /// Bonus in 1/1024 points per 65536th of a value's difference from the baseline.
    slope: i64,
    /// Visits' worth a placement's statistics need.
    pub(crate) min_count: f32,
}

impl PlayoutBonus {
    /// Up to `weight` points (at most 100), `weight` per `span` (above 0) of mean result.
    pub(crate) fn new(weight: f32, span: f32, min_count: f32) -> PlayoutBonus {
        let weight = weight.clamp(0.0, 100.0);
        let span = span.max(1e-3);
        PlayoutBonus {
            reach: weight.ceil() as i32,
            bound: (weight * 1024.0).round() as i64,
            slope: (f64::from(weight) * 1024.0 * 65536.0 / (f64::from(span) * 65534.0)).round()
                as i64,
            min_count,
        }
    }
}

/// [`playout_pick`] with the placement statistics of the player to move, `view`, in the
/// score (MAST, from general game playing: a placement that did well for the colour in
/// this game's simulations is preferred in its playouts): each placement's pick score
/// plus `bonus` for its mean result above the colour's (none for one not known yet);
/// equal totals drawn at random.
///
/// A first pass scores the fitting pairs as [`playout_pick`] does and keeps those within
/// the bonus's reach of the best (a bit set and their scores, no draws); only those are
/// looked up, and one draw picks among the best of them.
pub(crate) fn playout_pick_by_stats(
    board: &Board,
    opponents: u8,
    target: &PlayoutTarget,
    (weights, bonus): (PickWeights, &PlayoutBonus),
    view: &PlayoutView<'_>,
    rng: &mut Rng,
) -> Option<Move> {
    let t = tables();
    let (x, y) = (usize::from(target.x), usize::from(target.y));
    let (_, own, opp, free) = pick_windows(board, opponents, x, y);
    let at = (x + 20 * y) as u16;
    let reach = bonus.reach;
    // The best score, and the pairs near it (some may have fallen out of reach since,
    // which their kept scores tell).
    let mut best = i32::MIN;
    let mut near: PairSet = [0; PAIR_WORDS];
    let mut n_near = 0usize;
    let mut scores = [0i8; 64 * PAIR_WORDS];
    for (w, &word) in target.fitting.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            let id = 64 * w + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let m = &t.pair_masks11[id];
            let score = weights.score(m, own, opp, free);
            if score > best {
                best = score;
            } else if score < best - reach {
                continue;
            }
            near[w] |= bit;
            n_near += 1;
            // Pick scores are small: a few corners times single-digit weights.
            scores[id] = score.clamp(-128, 127) as i8;
        }
    }
    if n_near <= 1 {
        // One pair, or none.
        let w = near.iter().position(|&word| word != 0)?;
        let id = 64 * w + near[w].trailing_zeros() as usize;
        return Some(Move::from_raw(at, id as u16));
    }
    // The placement key of pair `id` at the target (as `Move::placement_key`).
    let at_key = (24 * y + x) as u32;
    let key = |id: usize| u32::from(t.pair_masks11[id].key_base) + at_key;
    let best = best.clamp(-128, 127);
    let baseline = i64::from(view.baseline);
    let mut top = i64::MIN;
    let mut chosen: PairSet = [0; PAIR_WORDS];
    let mut n_chosen = 0usize;
    for (w, &word) in near.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            let id = 64 * w + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let score = i32::from(scores[id]);
            if score < best - reach {
                continue;
            }
            let total = i64::from(score) * 1024
                + match view.value(key(id)) {
                    UNKNOWN => 0,
                    value => (((i64::from(value) - baseline) * bonus.slope) >> 16)
                        .clamp(-bonus.bound, bonus.bound),
                };
            if total > top {
                top = total;
                chosen = [0; PAIR_WORDS];
                n_chosen = 0;
            }
            if total == top {
                chosen[w] |= bit;
                n_chosen += 1;
            }
        }
    }
    // One draw among the best.
    let mut r = if n_chosen > 1 { rng.below(n_chosen) } else { 0 };
    for (w, &word) in chosen.iter().enumerate() {
        let n = word.count_ones() as usize;
        if r >= n {
            r -= n;
            continue;
        }
        let mut bits = word;
        for _ in 0..r {
            bits &= bits - 1;
        }
        let id = 64 * w + bits.trailing_zeros() as usize;
        return Some(Move::from_raw(at, id as u16));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::SIZE_CLASSES;
    use crate::search::stats::PlacementStats;

    /// The playout pick before the fitting pairs came with the target: every candidate
    /// of the size class at the corner, tested against the window (the reference).
    fn playout_pick_reference(
        board: &Board,
        opponents: u8,
        (x, y, size): (u8, u8, usize),
        weights: PickWeights,
        rng: &mut Rng,
    ) -> Option<Move> {
        let t = tables();
        let p = usize::from(board.current);
        let (x, y) = (usize::from(x), usize::from(y));
        let (forbidden, own, opp, _) = pick_windows(board, opponents, x, y);
        let k = key11(forbidden);
        let mut rem = board.remaining[p] & SIZE_CLASSES[size];
        let mut best = (i32::MIN, 0u16, 0usize);
        while rem != 0 {
            let piece = rem.trailing_zeros() as usize;
            rem &= rem - 1;
            for &id in t.candidates(k, piece) {
                let m = &t.pair_masks11[usize::from(id)];
                if m.cells & forbidden != 0 {
                    continue;
                }
                let score = weights.gained * i32::from(ones(m.diag & !forbidden & !own))
                    + weights.blocked * i32::from(sparse_ones(m.cells & opp))
                    - weights.lost * i32::from(sparse_ones(m.edge & own).saturating_sub(1));
                if score > best.0 {
                    best = (score, id, 1);
                } else if score == best.0 {
                    best.2 += 1;
                    if rng.below(best.2) == 0 {
                        best.1 = id;
                    }
                }
            }
        }
        (best.2 > 0).then(|| Move::from_raw((x + 20 * y) as u16, best.1))
    }

    const FREE_FOR_ALL: [u8; 4] = [0, 1, 2, 3];

    #[test]
    fn the_scored_moves_are_the_legal_moves() {
        let mut board = Board::new(4).unwrap();
        let sides = Sides::from_teams(FREE_FOR_ALL, 4);
        let game = "Z4e-a1a1 P5n-a3a20 W5n-c3t20 Z5ef-c1t1 T5e-c1c4 F5n-b3b17 L4w-c1q19 \
                    T4w-a1s4 Y5wf-a2d7 X5n-a2d16 Y5wf-d2n18 Y5nf-b3q4 O1n-a1h6 Z5ef-c1f18";
        for text in game.split_whitespace() {
            let mut scored = Vec::new();
            for_each_move(&board, &Tracker::new(&board), sides, true, |mv, _| {
                scored.push(mv)
            });
            assert_eq!(scored, board.legal_moves());
            board.push(text.parse().unwrap()).unwrap();
        }
    }

    #[test]
    fn the_playout_pick_is_a_best_scored_placement_at_the_corner() {
        let weights = PickWeights {
            gained: 2,
            blocked: 5,
            lost: 3,
        };
        let score = |f: &Features| {
            weights.gained * i32::from(f.gained) + weights.blocked * i32::from(f.blocked)
                - weights.lost * i32::from(f.lost)
        };
        let sides = Sides::from_teams([0, 1, 0, 1], 4);
        let mut board = Board::with_start_corners(4, crate::board::StartCorners::Fixed).unwrap();
        let mut rng = Rng::new(5);
        let mut checked = 0;
        while !board.is_finished() {
            let p = usize::from(board.current);
            let tracker = Tracker::new(&board);
            // Every placement by its target tile and size.
            let mut moves = Vec::new();
            for_each_move(&board, &tracker, sides, true, |mv, f| moves.push((mv, f)));
            let mut corners = Vec::new();
            for_each_corner(&board.rows, p, |x, y| {
                corners.push((x as u8, y as u8));
                true
            });
            for &(x, y) in corners.iter().step_by(3) {
                let here: Vec<&(Move, Features)> = moves
                    .iter()
                    .filter(|(mv, _)| {
                        (usize::from(mv.target().x()), usize::from(mv.target().y()))
                            == (usize::from(x), usize::from(y))
                    })
                    .collect();
                let Some(size) = here.iter().map(|m| m.1.size).max() else {
                    continue;
                };
                let best = here
                    .iter()
                    .filter(|m| m.1.size == size)
                    .map(|m| score(&m.1))
                    .max();
                let size = usize::from(size);
                let target = PlayoutTarget {
                    x,
                    y,
                    size,
                    fitting: board.fitting_pairs(x, y, size),
                };
                let mut a = rng.clone();
                let pick = playout_pick(&board, sides.opponents[p], &target, weights, &mut rng)
                    .expect("a placement fits");
                // The same pick, and the same draws, as scoring every candidate of the
                // size class against the window.
                let reference = playout_pick_reference(
                    &board,
                    sides.opponents[p],
                    (x, y, size),
                    weights,
                    &mut a,
                );
                assert_eq!(Some(pick), reference);
                assert_eq!(rng, a);
                assert!(board.is_legal(pick), "{pick}");
                let (_, f) = here.iter().find(|m| m.0 == pick).expect("one of them");
                assert_eq!(
                    (usize::from(f.size), Some(score(f))),
                    (size, best),
                    "{pick}"
                );
                checked += 1;
            }
            let mv = moves[rng.below(moves.len())].0;
            board.push(mv).unwrap();
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn the_bonus_lifts_placements_that_did_well_within_its_reach() {
        // Along a game, at every corner: without statistics for its placements the pick
        // is one of the best-scored (each in turn); a placement up to three points below
        // them that won all its simulations gets the whole bonus of four points and is
        // picked; one further below is never picked, however well it did.
        let weights = PickWeights {
            gained: 2,
            blocked: 5,
            lost: 3,
        };
        let bonus = PlayoutBonus::new(4.0, 0.1, 4.0);
        let sides = Sides::from_teams([0, 1, 0, 1], 4);
        let mut board = Board::with_start_corners(4, crate::board::StartCorners::Fixed).unwrap();
        let mut rng = Rng::new(7);
        let (mut ties, mut lifted, mut out_of_reach) = (0, 0, 0);
        while !board.is_finished() {
            let p = usize::from(board.current);
            let color = board.current;
            let opponents = sides.opponents[p];
            let mut corners = Vec::new();
            for_each_corner(&board.rows, p, |x, y| {
                corners.push((x as u8, y as u8));
                true
            });
            let tracker = Tracker::new(&board);
            let mut moves = Vec::new();
            for_each_move(&board, &tracker, sides, true, |mv, f| moves.push((mv, f)));
            for &(x, y) in &corners {
                let Some(size) = (1..=5)
                    .rev()
                    .find(|&size| board.fitting_pairs(x, y, size).iter().any(|&w| w != 0))
                else {
                    continue;
                };
                let target = PlayoutTarget {
                    x,
                    y,
                    size,
                    fitting: board.fitting_pairs(x, y, size),
                };
                // Every fitting placement with its pick score, from the features.
                let scored: Vec<(Move, i32)> = moves
                    .iter()
                    .filter(|(mv, f)| {
                        let t = mv.target();
                        (t.x(), t.y()) == (x, y) && usize::from(f.size) == size
                    })
                    .map(|&(mv, f)| {
                        let score = weights.gained * i32::from(f.gained)
                            + weights.blocked * i32::from(f.blocked)
                            - weights.lost * i32::from(f.lost);
                        (mv, score)
                    })
                    .collect();
                let best = scored.iter().map(|s| s.1).max().expect("one fits");
                let top: Vec<Move> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
                let pick = |stats: &PlacementStats, rng: &mut Rng| {
                    let view = stats.playout_view(color).expect("recorded");
                    let pick = (weights, &bonus);
                    playout_pick_by_stats(&board, opponents, &target, pick, &view, rng)
                };
                // The colour's mean result 0 (a placement elsewhere lost 32 times): the
                // placements here are unknown.
                let mut stats = PlacementStats::new(0.25).with_playout_values(4.0);
                let elsewhere = (0..)
                    .find(|&k| scored.iter().all(|s| s.0.placement_key() != k))
                    .expect("a free key");
                for _ in 0..32 {
                    stats.record(color, elsewhere, 0.0);
                }
                let mut seen = Vec::new();
                for _ in 0..8 * top.len() {
                    let mv = pick(&stats, &mut rng).expect("one fits");
                    assert!(top.contains(&mv), "{mv}");
                    if !seen.contains(&mv) {
                        seen.push(mv);
                    }
                }
                if top.len() <= 3 {
                    assert_eq!(seen.len(), top.len());
                }
                ties += usize::from(top.len() > 1);
                // Far below the best: never picked.
                if let Some(&(far, _)) = scored.iter().find(|s| s.1 < best - 4) {
                    for _ in 0..8 {
                        stats.record(color, far.placement_key(), 1.0);
                    }
                    assert!(pick(&stats, &mut rng).is_some_and(|mv| top.contains(&mv)));
                    out_of_reach += 1;
                }
                // Within reach: lifted over the best ones.
                if let Some(&(near, _)) = scored.iter().find(|s| s.1 < best && s.1 >= best - 3) {
                    for _ in 0..8 {
                        stats.record(color, near.placement_key(), 1.0);
                    }
                    assert_eq!(pick(&stats, &mut rng), Some(near));
                    lifted += 1;
                }
            }
            let moves = board.legal_moves();
            board.push(moves[rng.below(moves.len())]).unwrap();
        }
        assert!(
            ties > 50 && lifted > 50 && out_of_reach > 50,
            "{ties} ties, {lifted} lifted, {out_of_reach} out of reach"
        );
    }

    #[test]
    fn the_pairs_key_bases_give_the_placement_keys() {
        let t = tables();
        for id in 0..t.pair_masks11.len() {
            for (x, y) in [(0, 0), (19, 0), (7, 11), (0, 19), (19, 19)] {
                let mv = Move::from_raw((x + 20 * y) as u16, id as u16);
                let key = u32::from(t.pair_masks11[id].key_base) + (24 * y + x) as u32;
                assert_eq!(key, mv.placement_key(), "{id} at {x},{y}");
            }
        }
    }

    fn features_of(board: &Board, sides: Sides, text: &str) -> Features {
        let mut found = None;
        for_each_move(board, &Tracker::new(board), sides, true, |mv, f| {
            if mv.to_string() == text {
                found = Some(f);
            }
        });
        found.expect("a legal move")
    }

    #[test]
    fn features_count_corners() {
        let board = Board::new(4).unwrap();
        let solo = Sides::from_teams(FREE_FOR_ALL, 4);
        let partners = Sides::from_teams([0, 1, 0, 1], 4);
        // In tilewe's opening a1 is everybody's corner: the monomino there gains b2 and
        // takes a1 from the others (one tile, counted once).
        let o1 = Features {
            size: 1,
            gained: 1,
            blocked: 1,
            ..Features::default()
        };
        assert_eq!(features_of(&board, solo, "O1n-a1a1"), o1);
        let o1_partners = Features {
            blocked_partner: 1,
            ..o1
        };
        assert_eq!(features_of(&board, partners, "O1n-a1a1"), o1_partners);
        // A horizontal I2 from a1 gains only c2 (its other diagonals are off the board).
        let i2 = features_of(&board, solo, "I2e-a1a1");
        assert_eq!((i2.size, i2.gained, i2.lost), (2, 1, 0));
        // Blue's monomino on a1, then a domino on b2-b3 kills nothing, gains a4, c4, c1.
        let mut board = Board::new(1).unwrap();
        board.push("O1n-a1a1".parse().unwrap()).unwrap();
        let solo1 = Sides::from_teams(FREE_FOR_ALL, 1);
        let f = features_of(&board, solo1, "I2n-a1b2");
        assert_eq!((f.size, f.gained, f.blocked, f.lost), (2, 3, 0, 0));
    }
}
