//! Precomputed piece tables: orientations, contact cells, (orientation, contact) pairs,
//! placement masks, the per-cell-group blocked pair sets move generation unites, and the
//! neighbourhood-filtered candidate lists that sampling and the searches walk.
//!
//! Built once on first use (about 0.1 ms) and shared by every board.

use std::sync::OnceLock;

use crate::types::{Piece, Rotation, Tile};

/// North shapes, cells as (x, y) in the bounding box, from tilewe's piece table.
const NORTH: [&[(u8, u8)]; 21] = [
    &[(0, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (1, 0), (0, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (0, 1), (0, 2), (0, 3)],
    &[(0, 0), (1, 0), (0, 1), (0, 2)],
    &[(1, 0), (2, 0), (0, 1), (1, 1)],
    &[(1, 0), (0, 1), (1, 1), (2, 1)],
    &[(1, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    &[(0, 0), (1, 0), (0, 1), (0, 2), (0, 3)],
    &[(0, 0), (0, 1), (0, 2), (1, 2), (1, 3)],
    &[(0, 0), (0, 1), (1, 1), (0, 2), (1, 2)],
    &[(1, 0), (1, 1), (0, 2), (1, 2), (2, 2)],
    &[(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)],
    &[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    &[(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    &[(1, 0), (1, 1), (0, 2), (1, 2), (1, 3)],
    &[(1, 0), (2, 0), (1, 1), (0, 2), (1, 2)],
];

/// A 5x5 cell set of a shape in its bounding box: bit `x + 5 * y`.
type Shape = u32;

/// Side of the move-generation window around a target tile: offsets -4..=4.
pub(crate) const WINDOW: u32 = 9;
/// Window rows kept in the low 64 bits of a window; the last two start at bit 64, so no
/// row straddles the halves and a window is built and tested as two plain `u64`s.
const LOW_ROWS: i32 = 7;
/// Where a candidate's pair id sits in its [`Tables::for_each_candidate_run`] mask, above
/// every window bit (the window never has these bits set).
pub(crate) const ID_SHIFT: u32 = 112;
/// Number of neighbourhood keys (the 3x3 block around the target, 9 bits).
const N_KEYS: usize = 512;
/// Stride of the per-key offset table: 21 pieces plus the end marker.
const KEY_STRIDE: usize = Piece::COUNT + 1;

/// Words of a [`PairSet`]: 309 pairs need five. (A sixth word, padding a set to three
/// 16-byte vectors, gave no vector code and made generation about 3 % slower.)
pub(crate) const PAIR_WORDS: usize = 5;
/// A set of (orientation, contact) pairs: pair `id` is bit `id % 64` of word `id / 64`.
/// Ascending bits are ascending pair ids, i.e. generation order at one target.
pub(crate) type PairSet = [u64; PAIR_WORDS];

/// Adds the pairs of `other` to `set`.
#[inline(always)]
pub(crate) fn unite(set: &mut PairSet, other: &PairSet) {
    for (word, other) in set.iter_mut().zip(other) {
        *word |= other;
    }
}

/// How many pairs of `pairs` are not `blocked`: one population count of the five words
/// at once (baseline x86-64 has no `popcnt`, so `count_ones` is a bit-twiddling sequence
/// per word; here the words' byte counts, at most 8 each, are summed before one fold).
#[inline(always)]
pub(crate) fn count_fitting(blocked: &PairSet, pairs: &PairSet) -> usize {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let mut bytes = 0;
    for (blocked, pairs) in blocked.iter().zip(pairs) {
        let m = pairs & !blocked;
        let m = m - ((m >> 1) & M1);
        let m = (m & M2) + ((m >> 2) & M2);
        bytes += (m + (m >> 4)) & M4;
    }
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// Whether any pair of `pairs` is not `blocked`.
#[inline(always)]
pub(crate) fn any_fitting(blocked: &PairSet, pairs: &PairSet) -> bool {
    blocked
        .iter()
        .zip(pairs)
        .fold(0, |any, (blocked, pairs)| any | pairs & !blocked)
        != 0
}

/// The window cells a piece can cover (every cell within four steps of the target but
/// the target itself), as groups of row segments `(dy, first dx, width)`; a group's
/// segments, concatenated, index its table of [`Tables::blocked_by`]. A second segment
/// of width 0 is unused. Seven lookups a corner, 24 KB of tables: the centre row as one
/// 8-cell group (instead of two of 4) was about 4 % faster; larger groups would
/// outgrow the 32 KB first-level cache.
pub(crate) const BLOCK_GROUPS: [[(i32, i32, u32); 2]; 7] = [
    [(0, -4, 4), (0, 1, 4)],
    [(-1, -3, 7), (0, 0, 0)],
    [(1, -3, 7), (0, 0, 0)],
    [(-2, -2, 5), (0, 0, 0)],
    [(2, -2, 5), (0, 0, 0)],
    [(-3, -1, 3), (-4, 0, 1)],
    [(3, -1, 3), (4, 0, 1)],
];

/// Where each group's table starts in [`Tables::blocked_by`].
pub(crate) const BLOCK_OFFSETS: [usize; 8] = {
    let mut offsets = [0; 8];
    let mut g = 0;
    while g < BLOCK_GROUPS.len() {
        let bits = BLOCK_GROUPS[g][0].2 + BLOCK_GROUPS[g][1].2;
        offsets[g + 1] = offsets[g] + (1 << bits);
        g += 1;
    }
    offsets
};
/// Entries of [`Tables::blocked_by`].
pub(crate) const N_BLOCK_ENTRIES: usize = BLOCK_OFFSETS[BLOCK_GROUPS.len()];

fn shape_of(cells: &[(u8, u8)]) -> Shape {
    cells
        .iter()
        .fold(0, |s, &(x, y)| s | 1 << (u32::from(x) + 5 * u32::from(y)))
}

fn cells_of(shape: Shape) -> Vec<(u8, u8)> {
    (0..25u8)
        .filter(|i| shape & 1 << i != 0)
        .map(|i| (i % 5, i / 5))
        .collect()
}

fn has(shape: Shape, x: i32, y: i32) -> bool {
    (0..5).contains(&x) && (0..5).contains(&y) && shape & 1 << (x + 5 * y) != 0
}

fn max_x(shape: Shape) -> u8 {
    cells_of(shape).iter().map(|c| c.0).max().unwrap_or(0)
}

/// Clockwise turn: `(x, y) -> (y, w - x)`.
fn rotate(shape: Shape) -> Shape {
    let w = max_x(shape);
    shape_of(
        &cells_of(shape)
            .iter()
            .map(|&(x, y)| (y, w - x))
            .collect::<Vec<_>>(),
    )
}

/// Horizontal mirror: `(x, y) -> (w - x, y)`.
fn flip(shape: Shape) -> Shape {
    let w = max_x(shape);
    shape_of(
        &cells_of(shape)
            .iter()
            .map(|&(x, y)| (w - x, y))
            .collect::<Vec<_>>(),
    )
}

/// The 8 labelled shapes of a piece: n, e, s, w, nf, ef, sf, wf.
fn labelled_shapes(piece: usize) -> [Shape; 8] {
    let n = shape_of(NORTH[piece]);
    let e = rotate(n);
    let s = rotate(e);
    let w = rotate(s);
    [n, e, s, w, flip(n), flip(e), flip(s), flip(w)]
}

/// Contact cells: at most one edge neighbour in the piece, or exactly two at a right angle.
fn contacts_of(shape: Shape) -> Shape {
    let mut contacts = 0;
    for (x, y) in cells_of(shape) {
        let (x, y) = (i32::from(x), i32::from(y));
        let horizontal = u32::from(has(shape, x - 1, y)) + u32::from(has(shape, x + 1, y));
        let vertical = u32::from(has(shape, x, y - 1)) + u32::from(has(shape, x, y + 1));
        if horizontal + vertical <= 1 || (horizontal == 1 && vertical == 1) {
            contacts |= 1 << (x + 5 * y);
        }
    }
    contacts
}

/// Cells touching the shape diagonally but not along an edge (may lie outside the box).
fn corner_cells_of(shape: Shape) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for y in -1..=5 {
        for x in -1..=5 {
            if has(shape, x, y) {
                continue;
            }
            let edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .any(|(dx, dy)| has(shape, x + dx, y + dy));
            let diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
                .iter()
                .any(|(dx, dy)| has(shape, x + dx, y + dy));
            if diag && !edge {
                out.push((x, y));
            }
        }
    }
    out
}

/// One distinct orientation of a piece.
#[derive(Debug)]
pub(crate) struct Orientation {
    pub(crate) piece: Piece,
    /// Canonical rotation label.
    pub(crate) rotation: Rotation,
    pub(crate) shape: Shape,
    pub(crate) contacts: Shape,
    pub(crate) width: u8,
    pub(crate) height: u8,
    /// Cells as board offsets `x + 20 * y` from the box origin; `n_cells` are used.
    pub(crate) cell_offsets: [u16; 5],
    pub(crate) n_cells: u8,
    /// Cells in a 7x7 frame whose (0, 0) is one tile left of and below the box origin;
    /// one u32 per frame row, bit k = frame column k.
    pub(crate) frame_cells: [u32; 7],
    /// Cells plus their edge neighbours (what the owner may no longer cover).
    pub(crate) frame_edge: [u32; 7],
    /// Diagonal-only neighbours (the owner's new corner candidates).
    pub(crate) frame_diag: [u32; 7],
}

/// An (orientation, contact) pair: the unit moves are built from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pair {
    pub(crate) orientation: u8,
    pub(crate) piece: Piece,
    pub(crate) contact_x: u8,
    pub(crate) contact_y: u8,
}

/// The masks of one (orientation, contact) pair in the search's 11x11 window.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct PairMasks11 {
    pub(crate) cells: u128,
    pub(crate) edge: u128,
    pub(crate) diag: u128,
    pub(crate) size: u8,
    pub(crate) piece: u8,
    /// The bounding box relative to the target: x from `left` to `right`, y from
    /// `bottom` to `top`.
    pub(crate) left: i8,
    pub(crate) right: i8,
    pub(crate) bottom: i8,
    pub(crate) top: i8,
    /// The cells as board index offsets from the target tile (`n_cells` used).
    pub(crate) cell_deltas: [i16; 5],
    pub(crate) n_cells: u8,
    /// `Move::placement_key` of the pair at target (x, y) minus `24 * y + x` (the
    /// playouts read it beside the masks).
    pub(crate) key_base: u16,
}

/// All precomputed data.
#[derive(Debug)]
pub(crate) struct Tables {
    pub(crate) orientations: Vec<Orientation>,
    /// Orientation index for (piece, rotation label).
    pub(crate) canonical: [[u8; 8]; 21],
    pub(crate) pairs: Vec<Pair>,
    /// Pair id for (orientation, contact cell `x + 5 * y`), `u16::MAX` if none.
    pub(crate) pair_of: Vec<[u16; 25]>,
    /// Cells of each pair relative to the target, in the 9x9 window (bit `(dy+4)*9+dx+4`).
    pub(crate) pair_masks: Vec<u128>,
    /// Per pair, in the 11x11 window of the search ([`window11_bit`]): the cells, the cells
    /// with their edge neighbours (what the owner may no longer cover), and the cells
    /// touching only diagonally (the owner's new corner candidates).
    pub(crate) pair_masks11: Vec<PairMasks11>,
    /// For a neighbourhood key and a piece, the range of `filtered` holding the pairs of
    /// that piece that avoid every forbidden cell of the key.
    filter_offsets: Vec<u32>,
    filtered: Vec<u16>,
    /// `filtered` with each pair's window mask inline: `pair_masks[id] | id << ID_SHIFT`,
    /// so move generation tests and emits a candidate from one 16-byte load.
    filtered_masks: Vec<u128>,
    /// Per key, where each piece's candidates start in `filtered_masks` (entry 21 and up:
    /// the key's end), so a run of consecutive pieces is one slice.
    run_starts: Vec<[u32; 33]>,
    /// Per [`BLOCK_GROUPS`] group (from [`BLOCK_OFFSETS`]) and forbidden pattern of its
    /// cells: the pairs covering one of those cells. A corner's blocked pairs are the
    /// union over its seven groups.
    pub(crate) blocked_by: Box<[PairSet; N_BLOCK_ENTRIES]>,
    /// Per piece: its pairs.
    pub(crate) piece_pairs: [PairSet; Piece::COUNT],
    /// Per piece size (1 to 5 tiles; 0 is empty): the pairs of the pieces of that size.
    pub(crate) size_pairs: [PairSet; 6],
    /// The bits of the set past the last pair.
    pub(crate) no_pair: PairSet,
}

/// Window bit of the offset (dx, dy) from the target: rows dy = -4..=2 at bits
/// `9 * (dy + 4)` up, rows 3 and 4 at bits 64 and 73 up.
pub(crate) const fn window_bit(dx: i32, dy: i32) -> u32 {
    let row = dy + 4;
    let start = if row < LOW_ROWS {
        row * WINDOW as i32
    } else {
        64 + (row - LOW_ROWS) * WINDOW as i32
    };
    (start + dx + 4) as u32
}

/// Bit of the offset (dx, dy) from the target in the search's 11x11 window (offsets
/// -5..=5, wide enough for a piece's diagonal neighbours).
pub(crate) const fn window11_bit(dx: i32, dy: i32) -> u32 {
    ((dy + 5) * 11 + dx + 5) as u32
}

/// The 3x3 key cells in key-bit order (bit 3 * (dy + 1) + dx + 1).
fn key_mask(key: usize) -> u128 {
    let mut mask = 0u128;
    for bit in 0..9i32 {
        if key & 1 << bit != 0 {
            let dx = bit % 3 - 1;
            let dy = bit / 3 - 1;
            mask |= 1 << window_bit(dx, dy);
        }
    }
    mask
}

impl Tables {
    fn build() -> Tables {
        let mut orientations = Vec::new();
        let mut canonical = [[0u8; 8]; 21];
        for (piece_index, piece) in Piece::ALL.iter().enumerate() {
            let shapes = labelled_shapes(piece_index);
            let first = orientations.len();
            for (label, &shape) in shapes.iter().enumerate() {
                let earlier = (0..label).find(|&l| shapes[l] == shape);
                if let Some(l) = earlier {
                    canonical[piece_index][label] = canonical[piece_index][l];
                    continue;
                }
                canonical[piece_index][label] = orientations.len() as u8;
                let cells = cells_of(shape);
                let width = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
                let height = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
                let mut frame_cells = [0u32; 7];
                let mut frame_edge = [0u32; 7];
                let mut frame_diag = [0u32; 7];
                for &(x, y) in &cells {
                    let (fx, fy) = (u32::from(x) + 1, usize::from(y) + 1);
                    frame_cells[fy] |= 1 << fx;
                    frame_edge[fy] |= 0b111 << (fx - 1);
                    frame_edge[fy - 1] |= 1 << fx;
                    frame_edge[fy + 1] |= 1 << fx;
                }
                for (x, y) in corner_cells_of(shape) {
                    frame_diag[(y + 1) as usize] |= 1 << (x + 1);
                }
                let mut cell_offsets = [0u16; 5];
                for (slot, &(x, y)) in cell_offsets.iter_mut().zip(&cells) {
                    *slot = u16::from(x) + 20 * u16::from(y);
                }
                orientations.push(Orientation {
                    piece: *piece,
                    rotation: Rotation::ALL[label],
                    shape,
                    contacts: contacts_of(shape),
                    width,
                    height,
                    cell_offsets,
                    n_cells: cells.len() as u8,
                    frame_cells,
                    frame_edge,
                    frame_diag,
                });
            }
            debug_assert!(orientations.len() > first);
        }

        let mut pairs = Vec::new();
        let mut pair_of = vec![[u16::MAX; 25]; orientations.len()];
        let mut pair_masks = Vec::new();
        let mut pair_masks11 = Vec::new();
        let mut piece_pairs = [0u16; 22];
        for (o_index, o) in orientations.iter().enumerate() {
            for contact in cells_of(o.contacts) {
                let (cx, cy) = (i32::from(contact.0), i32::from(contact.1));
                pair_of[o_index][usize::from(contact.0 + 5 * contact.1)] = pairs.len() as u16;
                let mask = cells_of(o.shape).iter().fold(0u128, |m, &(x, y)| {
                    m | 1 << window_bit(i32::from(x) - cx, i32::from(y) - cy)
                });
                pairs.push(Pair {
                    orientation: o_index as u8,
                    piece: o.piece,
                    contact_x: contact.0,
                    contact_y: contact.1,
                });
                pair_masks.push(mask);
                let bit = |x: i32, y: i32| 1u128 << window11_bit(x - cx, y - cy);
                let mut cells11 = 0;
                let mut edge11 = 0;
                for (x, y) in cells_of(o.shape) {
                    let (x, y) = (i32::from(x), i32::from(y));
                    cells11 |= bit(x, y);
                    edge11 |=
                        bit(x, y) | bit(x - 1, y) | bit(x + 1, y) | bit(x, y - 1) | bit(x, y + 1);
                }
                pair_masks11.push(PairMasks11 {
                    cells: cells11,
                    edge: edge11,
                    diag: corner_cells_of(o.shape)
                        .into_iter()
                        .fold(0, |m, (x, y)| m | bit(x, y)),
                    size: o.piece.tile_count(),
                    piece: o.piece.index() as u8,
                    left: -(contact.0 as i8),
                    right: o.width as i8 - 1 - contact.0 as i8,
                    bottom: -(contact.1 as i8),
                    top: o.height as i8 - 1 - contact.1 as i8,
                    cell_deltas: {
                        let mut d = [0i16; 5];
                        for (slot, (x, y)) in d.iter_mut().zip(cells_of(o.shape)) {
                            *slot = (i16::from(x) - i16::from(contact.0))
                                + 20 * (i16::from(y) - i16::from(contact.1));
                        }
                        d
                    },
                    n_cells: o.n_cells,
                    key_base: (o_index * 24 + 4 - usize::from(contact.1)) as u16 * 24 + 4
                        - u16::from(contact.0),
                });
            }
            piece_pairs[o.piece.index() + 1] = pairs.len() as u16;
        }

        let mut filter_offsets = Vec::with_capacity(N_KEYS * KEY_STRIDE);
        let mut filtered = Vec::new();
        for key in 0..N_KEYS {
            let blocked = key_mask(key);
            for piece in 0..Piece::COUNT {
                filter_offsets.push(filtered.len() as u32);
                let range = usize::from(piece_pairs[piece])..usize::from(piece_pairs[piece + 1]);
                for id in range {
                    if pair_masks[id] & blocked == 0 {
                        filtered.push(id as u16);
                    }
                }
            }
            filter_offsets.push(filtered.len() as u32);
        }

        let cover = |dx: i32, dy: i32| {
            let bit = 1u128 << window_bit(dx, dy);
            let mut set = [0u64; PAIR_WORDS];
            for (id, &mask) in pair_masks.iter().enumerate() {
                if mask & bit != 0 {
                    set[id / 64] |= 1 << (id % 64);
                }
            }
            set
        };
        let mut blocked_by = Box::new([[0u64; PAIR_WORDS]; N_BLOCK_ENTRIES]);
        for (g, segments) in BLOCK_GROUPS.iter().enumerate() {
            let cells: Vec<(i32, i32)> = segments
                .iter()
                .flat_map(|&(dy, dx, width)| (0..width as i32).map(move |i| (dx + i, dy)))
                .collect();
            for index in 0..1usize << cells.len() {
                let entry = &mut blocked_by[BLOCK_OFFSETS[g] + index];
                for (bit, &(dx, dy)) in cells.iter().enumerate() {
                    if index & 1 << bit != 0 {
                        unite(entry, &cover(dx, dy));
                    }
                }
            }
        }
        let mut piece_pair_sets = [[0u64; PAIR_WORDS]; Piece::COUNT];
        for (piece, set) in piece_pair_sets.iter_mut().enumerate() {
            for id in usize::from(piece_pairs[piece])..usize::from(piece_pairs[piece + 1]) {
                set[id / 64] |= 1 << (id % 64);
            }
        }
        let mut no_pair = [u64::MAX; PAIR_WORDS];
        for id in 0..pairs.len() {
            no_pair[id / 64] &= !(1 << (id % 64));
        }

        let filtered_masks = filtered
            .iter()
            .map(|&id| pair_masks[usize::from(id)] | u128::from(id) << ID_SHIFT)
            .collect();
        let run_starts = (0..N_KEYS)
            .map(|key| {
                let at = key * KEY_STRIDE;
                std::array::from_fn(|piece| filter_offsets[at + piece.min(Piece::COUNT)])
            })
            .collect();
        let mut size_pairs = [[0u64; PAIR_WORDS]; 6];
        for piece in Piece::ALL {
            let size = usize::from(piece.tile_count());
            unite(&mut size_pairs[size], &piece_pair_sets[piece.index()]);
        }
        Tables {
            orientations,
            canonical,
            pairs,
            pair_of,
            pair_masks,
            pair_masks11,
            filter_offsets,
            filtered,
            filtered_masks,
            run_starts,
            blocked_by,
            size_pairs,
            piece_pairs: piece_pair_sets,
            no_pair,
        }
    }

    /// Pair ids of `piece` that avoid the forbidden cells of neighbourhood `key`.
    #[inline(always)]
    pub(crate) fn candidates(&self, key: usize, piece: usize) -> &[u16] {
        let at = key * KEY_STRIDE + piece;
        let start = self.filter_offsets[at] as usize;
        let end = self.filter_offsets[at + 1] as usize;
        &self.filtered[start..end]
    }

    /// The candidate masks of every piece in the set `pieces` at neighbourhood `key`, in
    /// piece order, calling `f` with each run of consecutive pieces' masks as one slice
    /// (the remaining pieces form a few runs, so this costs far less than a loop per
    /// piece). Stops when `f` returns false; returns whether it ran to the end.
    #[inline(always)]
    pub(crate) fn for_each_candidate_run<'a>(
        &'a self,
        key: usize,
        pieces: u32,
        mut f: impl FnMut(&'a [u128]) -> bool,
    ) -> bool {
        let starts = &self.run_starts[key];
        let mut rem = pieces;
        while rem != 0 {
            // The lowest run of set bits: adding the lowest bit carries through it.
            let run = rem & !rem.wrapping_add(rem & rem.wrapping_neg());
            rem ^= run;
            let first = run.trailing_zeros() as usize;
            let end = 32 - run.leading_zeros() as usize;
            if !f(&self.filtered_masks[starts[first] as usize..starts[end] as usize]) {
                return false;
            }
        }
        true
    }

    /// Number of candidates of the pieces in `pieces` at neighbourhood `key` (no fit test).
    #[inline(always)]
    pub(crate) fn candidate_count(&self, key: usize, pieces: u32) -> usize {
        let mut n = 0;
        self.for_each_candidate_run(key, pieces, |masks| {
            n += masks.len();
            true
        });
        n
    }

    /// The `index`-th of those candidates (in piece order), `index` below
    /// [`candidate_count`](Self::candidate_count).
    #[inline(always)]
    pub(crate) fn nth_candidate(&self, key: usize, pieces: u32, mut index: usize) -> Option<u128> {
        let mut found = None;
        self.for_each_candidate_run(key, pieces, |masks| match masks.get(index) {
            Some(&mask) => {
                found = Some(mask);
                false
            }
            None => {
                index -= masks.len();
                true
            }
        });
        found
    }

    /// The pairs no move of a player with `remaining` pieces uses: those of his placed
    /// pieces and the bits past the last pair. The start of every corner's blocked set.
    #[inline(always)]
    pub(crate) fn unavailable_pairs(&self, remaining: u32) -> PairSet {
        let mut set = self.no_pair;
        let mut placed = !remaining & ((1 << Piece::COUNT) - 1);
        while placed != 0 {
            let piece = placed.trailing_zeros() as usize;
            placed &= placed - 1;
            unite(&mut set, &self.piece_pairs[piece]);
        }
        set
    }

    /// Cells of an orientation relative to its box (for users of the public API).
    pub(crate) fn cells(&self, orientation: usize) -> Vec<Tile> {
        cells_of(self.orientations[orientation].shape)
            .into_iter()
            .filter_map(|(x, y)| Tile::from_coords(x, y))
            .collect()
    }

    /// Contact cells of an orientation, ascending tile order.
    pub(crate) fn contact_cells(&self, orientation: usize) -> Vec<Tile> {
        cells_of(self.orientations[orientation].contacts)
            .into_iter()
            .filter_map(|(x, y)| Tile::from_coords(x, y))
            .collect()
    }

    /// Number of placements of every orientation on an empty board.
    pub(crate) fn empty_board_placement_count(&self) -> usize {
        self.orientations
            .iter()
            .map(|o| usize::from(21 - o.width) * usize::from(21 - o.height))
            .sum()
    }

    /// Number of corner cells of a piece's north orientation.
    pub(crate) fn corner_count(&self, piece: Piece) -> usize {
        let o = usize::from(self.canonical[piece.index()][0]);
        corner_cells_of(self.orientations[o].shape).len()
    }
}

/// The shared tables.
#[inline]
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_spec() {
        let t = tables();
        assert_eq!(t.orientations.len(), 91);
        assert_eq!(t.pairs.len(), 309);
        assert_eq!(t.empty_board_placement_count(), 30_433);
    }

    #[test]
    fn block_groups_cover_every_reachable_cell_once() {
        let t = tables();
        let reach = t.pair_masks.iter().fold(0u128, |m, &mask| m | mask);
        let mut grouped = 0u128;
        for &(dy, dx, width) in BLOCK_GROUPS.iter().flatten() {
            for i in 0..width as i32 {
                let bit = 1u128 << window_bit(dx + i, dy);
                assert_eq!(grouped & bit, 0, "cell ({}, {dy}) in two groups", dx + i);
                grouped |= bit;
            }
        }
        // The target itself is an open corner, never forbidden.
        assert_eq!(grouped, reach & !(1 << window_bit(0, 0)));
        // Every pair is in exactly one piece's set and below the padding.
        let mut all = t.no_pair;
        for set in &t.piece_pairs {
            for (word, pairs) in all.iter_mut().zip(set) {
                assert_eq!(*word & pairs, 0);
                *word |= pairs;
            }
        }
        assert_eq!(all, [u64::MAX; PAIR_WORDS]);
    }

    #[test]
    fn f5_east_and_v5_contacts() {
        let t = tables();
        let f5e = usize::from(t.canonical[Piece::F5.index()][Rotation::E.index()]);
        let names: Vec<String> = t.cells(f5e).iter().map(ToString::to_string).collect();
        assert_eq!(names, ["c1", "a2", "b2", "c2", "b3"]);
        let v5 = Piece::V5.index();
        let expect = [
            ["a1", "c1", "c3"],
            ["a1", "c1", "a3"],
            ["a1", "a3", "c3"],
            ["c1", "a3", "c3"],
        ];
        for (label, want) in expect.iter().enumerate() {
            let o = usize::from(t.canonical[v5][label]);
            let got: Vec<String> = t.contact_cells(o).iter().map(ToString::to_string).collect();
            assert_eq!(got, want.to_vec());
        }
    }
}
