//! Breadth-first search over canonical states: exact for all three metrics, since every
//! move costs one under its own metric.
//!
//! A start that is its own left-right mirror image (the Setting Sun and Klotski starts)
//! is searched over mirror classes, which halves the states to expand: see
//! [`breadth_first_symmetric`] and [`reachable`].
//!
//! States are keyed by their canonical 3-bit-per-cell key, updated incrementally move
//! by move, in an open-addressing table: in a `u64` on boards of up to 21 cells, in a
//! `u128` on boards of up to 42. A 128-bit key is half a [`State`], and the key is all
//! a state is, so those searches keep only the keys and decode a state when they expand
//! it. Larger boards fall back to a hash map of whole states.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::board::{Board, BuildStateHasher, MAX_KEY_CELLS, MAX_WIDE_KEY_CELLS, State};
use crate::vocabulary::{Metric, Shape};

/// The default bound on the number of states a search may store (about 100 MB).
pub const DEFAULT_STATE_LIMIT: usize = 2_000_000;

/// The most memory a search takes for each state it stores, in bytes, the growth of its
/// tables included: a caller that bounds memory divides it by this to bound the states.
/// Boards of more than 42 cells keep whole states in a hash map: while it doubles, its
/// old and new buckets (41 bytes each, filled to 7/8) come to about 140 bytes a state,
/// and the list of states (32 bytes each) may be doubling at the same time (96); the
/// packed keys of smaller boards take less. Measured at the peak: 76 bytes a state on a
/// 5x5 board, 61 on 6x6, 157 on 8x8.
pub const STATE_BYTES: usize = 256;

/// Why a search stopped without an answer.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Layout, Metric, Puzzle, SolveError};
///
/// // No empty cell: nothing can move, and the sun is not at the goal (1,0).
/// let stuck = Puzzle::with_default_goal(Layout::parse("BBs/BBs/sss")?)?;
/// assert_eq!(stuck.solve(Metric::Step), Err(SolveError::Unsolvable { explored: 1 }));
/// let puzzle = Puzzle::setting_sun();
/// assert!(matches!(puzzle.solve_with_limit(Metric::Step, 100), Err(SolveError::StateLimit { limit: 100 })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Every reachable state was seen and none is a goal.
    #[error("No solution could be found! ({explored} states explored)")]
    Unsolvable {
        /// The number of reachable states.
        explored: usize,
    },
    /// The search stored `limit` states without finishing.
    #[error("the search stopped after {limit} states")]
    StateLimit {
        /// The bound that was reached.
        limit: usize,
    },
}

/// Buffers of finished searches on this thread, reused by the next search over mirror
/// classes: repeated solves then neither allocate nor fault in fresh pages.
#[derive(Debug, Default)]
pub(crate) struct Spare {
    states: Vec<State>,
    parents: Vec<u32>,
    arrivals: Vec<u16>,
    pairs: Vec<(u64, u64)>,
    slots: Vec<u32>,
    keys: Vec<u64>,
}

thread_local! {
    static SPARE: RefCell<Spare> = RefCell::default();
}

/// Spare buffers are kept up to this many bytes each (a classic search needs under 1 MiB).
const SPARE_BYTES: usize = 4 << 20;

/// An empty buffer with room for `capacity` items, reusing a spare one.
fn take_spare<T>(pick: impl FnOnce(&mut Spare) -> &mut Vec<T>, capacity: usize) -> Vec<T> {
    let mut buffer = SPARE.with_borrow_mut(|spare| std::mem::take(pick(spare)));
    buffer.clear();
    buffer.reserve(capacity);
    buffer
}

/// A buffer of a search with room for `capacity` items: a spare one when `spare` (repeated
/// searches over mirror classes, the solves of the classic puzzles, then neither allocate
/// nor fault in fresh pages), a new one otherwise.
fn buffer<T>(spare: bool, pick: impl FnOnce(&mut Spare) -> &mut Vec<T>, capacity: usize) -> Vec<T> {
    if spare {
        take_spare(pick, capacity)
    } else {
        Vec::with_capacity(capacity)
    }
}

/// Keeps `buffer` for the next search unless it is too large.
fn give_spare<T>(pick: impl FnOnce(&mut Spare) -> &mut Vec<T>, buffer: Vec<T>) {
    if buffer.capacity() * std::mem::size_of::<T>() <= SPARE_BYTES {
        SPARE.with_borrow_mut(|spare| *pick(spare) = buffer);
    }
}

/// A map from keys to discovery indices.
pub(crate) trait KeyTable<K>: Default {
    /// Inserts `key` with `value` unless present; returns whether it was new.
    fn insert_new(&mut self, key: K, value: u32) -> bool;
    /// The value of `key`.
    fn get(&self, key: &K) -> Option<u32>;
    /// The number of keys.
    fn len(&self) -> usize;
    /// Whether `key` sits in its home slot: a lookup that reads only what a later
    /// insertion of `key` reads first, to bring it into the cache early. `false` says
    /// nothing.
    fn holds_at_home(&self, _key: &K) -> bool {
        false
    }
}

impl KeyTable<State> for HashMap<State, u32, BuildStateHasher> {
    #[inline]
    fn insert_new(&mut self, key: State, value: u32) -> bool {
        match self.entry(key) {
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(value);
                true
            }
            std::collections::hash_map::Entry::Occupied(_) => false,
        }
    }

    fn get(&self, key: &State) -> Option<u32> {
        HashMap::get(self, key).copied()
    }

    fn len(&self) -> usize {
        HashMap::len(self)
    }
}

/// A packed canonical key: a 3-bit code a cell.
pub(crate) trait Word:
    Copy + Eq + Ord + std::hash::Hash + std::fmt::Debug + Default + std::ops::BitXor<Output = Self>
{
    /// The most cells a key holds.
    const CELLS: usize;
    /// Whether a search keyed by this word stores its states too. A 64-bit key is a
    /// quarter of a [`State`], so the state is kept to save decoding it; a 128-bit key
    /// is half of one, on boards whose searches run to tens of millions of states, so
    /// the key is the only copy (see [`PackedKeys::decode`]).
    const STORES_STATES: bool;
    /// The key bits of `code` on `cell` of a board of `cells` cells.
    fn code_bits(code: u8, cell: u32, cells: u32) -> Self;
    /// Per shape, the cells whose code is the shape's, one bit per cell.
    fn shape_cells(self, cells: u32) -> [u64; Shape::COUNT];
    /// The map from keys to discovery indices, which also lists the keys in order.
    type Table: KeyTable<Self> + std::fmt::Debug + Clone;
    /// The key at discovery index `at`.
    fn key_at(table: &Self::Table, at: usize) -> Self;
}

/// The [`Board::compact_key`] layout: row-major, first cell most significant.
impl Word for u64 {
    const CELLS: usize = MAX_KEY_CELLS;
    const STORES_STATES: bool = true;

    fn code_bits(code: u8, cell: u32, cells: u32) -> Self {
        u64::from(code) << (3 * (cells - 1 - cell))
    }

    fn shape_cells(self, cells: u32) -> [u64; Shape::COUNT] {
        let mut found = [0; Shape::COUNT];
        for cell in 0..cells {
            let code = (self >> (3 * (cells - 1 - cell))) as u8 & 7;
            if let Some(shape) = Shape::from_code(code) {
                found[shape.index()] |= 1 << cell;
            }
        }
        found
    }

    type Table = PackedTable;

    #[inline(always)]
    fn key_at(table: &PackedTable, at: usize) -> u64 {
        table.keys[at]
    }
}

/// Three bit planes of 42 cells each (bit `plane * 42 + cell` is bit `plane` of the
/// cell's code), so that decoding reads each shape's cells with a few masks.
impl Word for u128 {
    const CELLS: usize = MAX_WIDE_KEY_CELLS;
    const STORES_STATES: bool = false;

    fn code_bits(code: u8, cell: u32, _: u32) -> Self {
        let plane = |bit: u32| u128::from(code >> bit & 1) << (bit * 42 + cell);
        plane(0) | plane(1) | plane(2)
    }

    #[inline(always)]
    fn shape_cells(self, _: u32) -> [u64; Shape::COUNT] {
        const CELLS: u64 = (1 << 42) - 1;
        let low = self as u64 & CELLS;
        let middle = (self >> 42) as u64 & CELLS;
        let high = (self >> 84) as u64 & CELLS;
        // Codes 1 to 4 in the order of `Shape::ALL`.
        [
            low & !middle & !high,
            !low & middle & !high,
            low & middle & !high,
            !low & !middle & high,
        ]
    }

    type Table = WideTable;

    #[inline(always)]
    fn key_at(table: &WideTable, at: usize) -> u128 {
        table.keys[at]
    }
}

/// Open addressing with linear probing over discovery indices, for packed keys: a slot
/// holds the index of a state whose key is read from the key list, so four bytes per slot
/// keep the table small enough for the cache.
#[derive(Clone, Debug, Default)]
pub(crate) struct PackedTable {
    slots: Vec<u32>,
    keys: Vec<u64>,
    shift: u32,
}

impl PackedTable {
    const FREE: u32 = u32::MAX;
    /// 64 Ki slots (256 KiB): the classic component fits without growing.
    const FIRST_BITS: u32 = 16;

    #[inline(always)]
    fn slot_of(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// An empty table of `2^bits` slots, in spare buffers.
    fn with_bits(bits: u32) -> Self {
        let mut table = Self {
            slots: take_spare(|spare| &mut spare.slots, 0),
            keys: take_spare(|spare| &mut spare.keys, 0),
            shift: 0,
        };
        table.slots.clear();
        table.rebuild(bits);
        table
    }

    /// Gives the buffers back for the next search.
    fn recycle(self) {
        give_spare(|spare| &mut spare.slots, self.slots);
        give_spare(|spare| &mut spare.keys, self.keys);
    }

    #[cold]
    fn grow(&mut self) {
        let bits = if self.slots.is_empty() {
            Self::FIRST_BITS
        } else {
            64 - self.shift + 1
        };
        self.rebuild(bits);
    }

    /// Re-inserts every key into `2^bits` slots.
    fn rebuild(&mut self, bits: u32) {
        if self.slots.is_empty() {
            self.keys.reserve(1 << (bits - 1));
        }
        self.slots.clear();
        self.slots.resize(1 << bits, Self::FREE);
        self.shift = 64 - bits;
        let mask = self.slots.len() - 1;
        for (number, &key) in self.keys.iter().enumerate() {
            let mut at = self.slot_of(key);
            while self.slots[at] != Self::FREE {
                at = (at + 1) & mask;
            }
            self.slots[at] = number as u32;
        }
    }
}

impl KeyTable<u64> for PackedTable {
    /// Values must be the insertion count (discovery indices).
    #[inline(always)]
    fn insert_new(&mut self, key: u64, value: u32) -> bool {
        debug_assert_eq!(value as usize, self.keys.len());
        if 2 * (self.keys.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = self.slot_of(key);
        loop {
            let found = self.slots[at];
            if found == Self::FREE {
                self.slots[at] = value;
                self.keys.push(key);
                return true;
            }
            if self.keys[found as usize] == key {
                return false;
            }
            at = (at + 1) & mask;
        }
    }

    fn get(&self, key: &u64) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut at = self.slot_of(*key);
        loop {
            match self.slots[at] {
                Self::FREE => return None,
                found if self.keys[found as usize] == *key => return Some(found),
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn len(&self) -> usize {
        self.keys.len()
    }
}

/// Open addressing with linear probing over the 128-bit keys themselves: a lookup of a
/// known key reads one slot, where [`PackedTable`] reads a slot and then the key list,
/// and four slots share a cache line. The discovery index of each slot's key sits in a
/// parallel list that only [`KeyTable::get`] reads. Filled to at most three quarters,
/// which with the key list in discovery order comes to about 40 bytes a state.
#[derive(Clone, Debug, Default)]
pub(crate) struct WideTable {
    /// A key per slot, or [`WideTable::FREE`].
    slots: Vec<u128>,
    /// The discovery index of each slot's key.
    numbers: Vec<u32>,
    /// The keys in discovery order.
    keys: Vec<u128>,
    shift: u32,
}

impl WideTable {
    /// Every cell coded 7, which is no shape's code: never a key.
    const FREE: u128 = u128::MAX;
    const FIRST_BITS: u32 = 16;

    #[inline(always)]
    fn slot_of(&self, key: u128) -> usize {
        // Mixing the high half in by one odd multiplier keeps keys that differ only
        // there apart; the product's top bits pick the slot.
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The slot holding `key`, or the free slot where it belongs.
    #[inline(always)]
    fn find(&self, key: u128) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = self.slot_of(key);
        while self.slots[at] != key && self.slots[at] != Self::FREE {
            at = (at + 1) & mask;
        }
        at
    }

    /// Re-inserts every key into twice as many slots.
    #[cold]
    fn grow(&mut self) {
        let bits = if self.slots.is_empty() {
            Self::FIRST_BITS
        } else {
            64 - self.shift + 1
        };
        // Free the old slots before the new ones are touched.
        self.slots = Vec::new();
        self.numbers = Vec::new();
        self.slots.resize(1 << bits, Self::FREE);
        self.numbers.resize(1 << bits, 0);
        self.shift = 64 - bits;
        for (number, &key) in self.keys.iter().enumerate() {
            let at = self.find(key);
            self.slots[at] = key;
            self.numbers[at] = number as u32;
        }
    }
}

impl KeyTable<u128> for WideTable {
    /// Values must be the insertion count (discovery indices).
    #[inline(always)]
    fn insert_new(&mut self, key: u128, value: u32) -> bool {
        debug_assert_eq!(value as usize, self.keys.len());
        if 4 * (self.keys.len() + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let at = self.find(key);
        if self.slots[at] == key {
            return false;
        }
        self.slots[at] = key;
        self.numbers[at] = value;
        self.keys.push(key);
        true
    }

    #[inline(always)]
    fn holds_at_home(&self, key: &u128) -> bool {
        !self.slots.is_empty() && self.slots[self.slot_of(*key)] == *key
    }

    fn get(&self, key: &u128) -> Option<u32> {
        if self.slots.is_empty() || *key == Self::FREE {
            return None;
        }
        let at = self.find(*key);
        (self.slots[at] == *key).then(|| self.numbers[at])
    }

    fn len(&self) -> usize {
        self.keys.len()
    }
}

/// How search states are keyed in the hash map.
pub(crate) trait KeyScheme {
    /// The key type.
    type Key: Copy + Ord + std::hash::Hash;
    /// The map from keys to indices.
    type Table: KeyTable<Self::Key> + std::fmt::Debug + Clone;
    /// Whether the discovery keeps its states; otherwise they are decoded from keys.
    const STORES_STATES: bool = true;
    /// Whether searches expand states in blocks, looking every successor up before
    /// inserting any (see [`expand_in_blocks`]): for tables too large for the caches.
    const LOOKAHEAD: bool = false;
    /// The key of the state at discovery index `at`.
    fn key_at(table: &Self::Table, states: &[State], at: usize) -> Self::Key;
    /// The state at discovery index `at` (stored, or decoded from its key).
    fn state_at(&self, table: &Self::Table, states: &[State], at: usize) -> State;
    /// The key of a state (slow path).
    fn key(&self, state: &State) -> Self::Key;
    /// The key of a state's left-right mirror image, where mirror classes are supported
    /// (slow path).
    fn image_key(&self, state: &State) -> Option<Self::Key>;
    /// The key of the state reached from `state` (keyed `key`) by moving the piece of shape
    /// index `shape` from top-left `from` to `to` (fast path).
    fn moved(&self, key: Self::Key, state: &State, shape: usize, from: u32, to: u32) -> Self::Key;
}

/// The canonical 3-bit-per-cell key, updated incrementally: in a `u64` on boards of at
/// most 21 cells, in a `u128` on boards of at most 42.
#[derive(Clone, Debug)]
pub(crate) struct PackedKeys<W = u64> {
    board: Board,
    /// Per shape and top-left cell, the key bits of that piece (64 wide so that an index
    /// masked to 6 bits needs no bounds check).
    pieces: [[W; 64]; Shape::COUNT],
    /// Per shape and top-left cell, the key bits of the piece's left-right mirror image.
    mirrored: [[W; 64]; Shape::COUNT],
    /// Per shape and top-left cell, the top-left cell of the piece's mirror image.
    images: [[u8; 64]; Shape::COUNT],
}

impl<W: Word> PackedKeys<W> {
    pub(crate) fn new(board: &Board) -> Option<Self> {
        let cells = board.cells();
        if cells > W::CELLS {
            return None;
        }
        let mut pieces = [[W::default(); 64]; Shape::COUNT];
        for shape in Shape::ALL {
            for index in 0..cells as u32 {
                if board.fits(shape, board.cell(index)) {
                    let mut footprint = board.footprint(shape, index);
                    while footprint != 0 {
                        let cell = footprint.trailing_zeros() as usize;
                        footprint &= footprint - 1;
                        let bits = W::code_bits(shape.code(), cell as u32, cells as u32);
                        let piece = &mut pieces[shape.index()][index as usize];
                        *piece = *piece ^ bits;
                    }
                }
            }
        }
        let mut mirrored = [[W::default(); 64]; Shape::COUNT];
        let mut images = [[0; 64]; Shape::COUNT];
        for shape in Shape::ALL {
            let (_, width) = shape.size();
            for index in 0..cells as u32 {
                let cell = board.cell(index);
                if board.fits(shape, cell) {
                    let column = board.width() as u8 - width - cell.column();
                    let image = board.index(crate::vocabulary::Cell::new(cell.row(), column));
                    mirrored[shape.index()][index as usize] = pieces[shape.index()][image as usize];
                    images[shape.index()][index as usize] = image as u8;
                }
            }
        }
        Some(Self {
            board: *board,
            pieces,
            mirrored,
            images,
        })
    }

    /// The state a key stands for. Per shape, the first cell (row-major) with the
    /// shape's code is the top-left of a piece, whose other cells are then set aside.
    /// Keys come from [`KeyScheme::key`] or [`KeyScheme::moved`], so they always form
    /// whole pieces.
    #[inline]
    pub(crate) fn decode(&self, key: W) -> State {
        let mut state = State::EMPTY;
        for (shape, mut cells) in Shape::ALL
            .into_iter()
            .zip(key.shape_cells(self.board.cells() as u32))
        {
            while cells != 0 {
                let top = cells.trailing_zeros();
                state.insert(shape, top);
                cells &= !self.board.footprint(shape, top);
            }
        }
        state
    }

    /// The left-right mirror image of a state (by table, unlike
    /// [`Board::mirror_left_right`]).
    fn mirror(&self, state: &State) -> State {
        let mut image = State::EMPTY;
        for shape in Shape::ALL {
            let images = &self.images[shape.index()];
            let mut tops = state.tops(shape);
            while tops != 0 {
                image.insert(
                    shape,
                    u32::from(images[tops.trailing_zeros() as usize & 63]),
                );
                tops &= tops - 1;
            }
        }
        image
    }
}

impl<W: Word> KeyScheme for PackedKeys<W> {
    type Key = W;
    type Table = W::Table;
    const STORES_STATES: bool = W::STORES_STATES;
    // The searches that keep only keys are the ones that run to millions of states.
    const LOOKAHEAD: bool = !W::STORES_STATES;

    #[inline(always)]
    fn key_at(table: &W::Table, _: &[State], at: usize) -> W {
        W::key_at(table, at)
    }

    #[inline(always)]
    fn state_at(&self, table: &W::Table, states: &[State], at: usize) -> State {
        if W::STORES_STATES {
            states[at]
        } else {
            self.decode(W::key_at(table, at))
        }
    }

    fn key(&self, state: &State) -> W {
        // Pieces do not overlap: the XOR of their bits is their union.
        let mut key = W::default();
        for shape in Shape::ALL {
            let pieces = &self.pieces[shape.index()];
            let mut tops = state.tops(shape);
            while tops != 0 {
                key = key ^ pieces[tops.trailing_zeros() as usize & 63];
                tops &= tops - 1;
            }
        }
        key
    }

    fn image_key(&self, state: &State) -> Option<W> {
        Some(self.key(&self.mirror(state)))
    }

    #[inline(always)]
    fn moved(&self, key: W, _: &State, shape: usize, from: u32, to: u32) -> W {
        // The old cells of the piece are cleared, then its new cells set: cells in both
        // footprints are toggled twice and keep the code.
        let pieces = &self.pieces[shape & 3];
        key ^ pieces[from as usize & 63] ^ pieces[to as usize & 63]
    }
}

/// The whole state as the key (boards of more than 21 cells).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StateKeys;

impl KeyScheme for StateKeys {
    type Key = State;
    type Table = HashMap<State, u32, BuildStateHasher>;

    #[inline(always)]
    fn key_at(_: &Self::Table, states: &[State], at: usize) -> State {
        states[at]
    }

    #[inline(always)]
    fn state_at(&self, _: &Self::Table, states: &[State], at: usize) -> State {
        states[at]
    }

    fn key(&self, state: &State) -> State {
        *state
    }

    fn image_key(&self, _: &State) -> Option<State> {
        None
    }

    #[inline(always)]
    fn moved(&self, _: State, state: &State, shape: usize, from: u32, to: u32) -> State {
        state.moved(shape, from, to)
    }
}

/// The states discovered by a breadth-first search, in discovery order.
#[derive(Clone, Debug)]
pub(crate) struct Discovery<S: KeyScheme> {
    scheme: S,
    /// States in discovery order (sources first).
    states: Vec<State>,
    /// Index of each state's predecessor (sources point to themselves), when tracked.
    parents: Vec<u32>,
    /// The first index of each depth.
    levels: Vec<u32>,
    /// Index of each key.
    index: S::Table,
    /// The first goal state found, if any.
    goal: Option<u32>,
    /// Whether the search ran over mirror classes: a class is keyed by the smaller key of
    /// a state and its left-right image.
    mirrored: bool,
}

impl<S: KeyScheme> Discovery<S> {
    /// The number of states discovered.
    fn len(&self) -> usize {
        self.index.len()
    }

    /// The state at discovery index `at` (below [`len`](Self::len)).
    fn state(&self, at: u32) -> State {
        self.scheme.state_at(&self.index, &self.states, at as usize)
    }

    /// The states in discovery order, when the scheme stores them.
    fn stored_states(&self) -> Option<&[State]> {
        S::STORES_STATES.then_some(self.states.as_slice())
    }

    /// The states from a source to `target`, source first (needs tracked parents).
    fn path_to(&self, target: u32) -> Vec<State> {
        let mut path = vec![self.state(target)];
        let mut at = target;
        while let Some(&parent) = self.parents.get(at as usize)
            && parent != at
        {
            at = parent;
            path.push(self.state(at));
        }
        path.reverse();
        path
    }

    /// The discovery index of `state`.
    fn index_of(&self, state: &State) -> Option<u32> {
        let key = self.scheme.key(state);
        let key = match self.scheme.image_key(state) {
            Some(image) if self.mirrored => key.min(image),
            _ => key,
        };
        self.index.get(&key)
    }

    /// The depth of the state at discovery index `at`.
    fn depth(&self, at: u32) -> u32 {
        (self.levels.partition_point(|&start| start <= at) - 1) as u32
    }
}

/// The discovery of a search under the key scheme that suits its board.
#[derive(Clone, Debug)]
pub(crate) enum Explored {
    /// Boards of at most 21 cells.
    Packed(Box<Discovery<PackedKeys>>),
    /// Boards of 22 to 42 cells (keys only).
    Wide(Box<Discovery<PackedKeys<u128>>>),
    /// Larger boards.
    Full(Discovery<StateKeys>),
}

impl Explored {
    /// Gives the buffers of a search over mirror classes back for the next one.
    pub(crate) fn recycle(self) {
        if let Self::Packed(found) = self
            && found.mirrored
        {
            let Discovery {
                states,
                parents,
                index,
                ..
            } = *found;
            give_spare(|spare| &mut spare.states, states);
            give_spare(|spare| &mut spare.parents, parents);
            index.recycle();
        }
    }

    /// The number of states discovered.
    pub(crate) fn len(&self) -> usize {
        match self {
            Self::Packed(found) => found.len(),
            Self::Wide(found) => found.len(),
            Self::Full(found) => found.len(),
        }
    }

    /// The state at discovery index `at` (below [`len`](Self::len)).
    pub(crate) fn state(&self, at: u32) -> State {
        match self {
            Self::Packed(found) => found.state(at),
            Self::Wide(found) => found.state(at),
            Self::Full(found) => found.state(at),
        }
    }

    /// The states in discovery order, unless only their keys are kept.
    pub(crate) fn stored_states(&self) -> Option<&[State]> {
        match self {
            Self::Packed(found) => found.stored_states(),
            Self::Wide(found) => found.stored_states(),
            Self::Full(found) => found.stored_states(),
        }
    }

    pub(crate) fn goal(&self) -> Option<u32> {
        match self {
            Self::Packed(found) => found.goal,
            Self::Wide(found) => found.goal,
            Self::Full(found) => found.goal,
        }
    }

    pub(crate) fn index_of(&self, state: &State) -> Option<u32> {
        match self {
            Self::Packed(found) => found.index_of(state),
            Self::Wide(found) => found.index_of(state),
            Self::Full(found) => found.index_of(state),
        }
    }

    /// The distance from the nearest source of the state at discovery index `at`.
    pub(crate) fn depth(&self, at: u32) -> u32 {
        match self {
            Self::Packed(found) => found.depth(at),
            Self::Wide(found) => found.depth(at),
            Self::Full(found) => found.depth(at),
        }
    }

    pub(crate) fn path_to(&self, target: u32) -> Vec<State> {
        match self {
            Self::Packed(found) => found.path_to(target),
            Self::Wide(found) => found.path_to(target),
            Self::Full(found) => found.path_to(target),
        }
    }
}

/// What a search keeps besides the states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Track {
    /// Nothing more (enumeration, distances).
    States,
    /// Each state's predecessor (solution paths).
    Parents,
}

/// Breadth-first search from `sources` under `metric`, stopping at the first state for
/// which `is_goal` holds (goal-tested when generated, which is exact for unit costs).
pub(crate) fn breadth_first(
    board: &Board,
    sources: &[State],
    metric: Metric,
    limit: usize,
    track: Track,
    is_goal: impl FnMut(&State) -> bool,
) -> Result<Explored, SolveError> {
    if let Some(scheme) = PackedKeys::<u64>::new(board) {
        run(
            board, scheme, States, sources, metric, limit, track, is_goal,
        )
        .map(|found| Explored::Packed(Box::new(found)))
    } else if let Some(scheme) = PackedKeys::<u128>::new(board) {
        run(
            board, scheme, States, sources, metric, limit, track, is_goal,
        )
        .map(|found| Explored::Wide(Box::new(found)))
    } else {
        run(
            board, StateKeys, States, sources, metric, limit, track, is_goal,
        )
        .map(Explored::Full)
    }
}

/// As [`breadth_first`] from one `source`, for a goal that holds for a state exactly when
/// it holds for the state's left-right mirror image.
///
/// Mirroring maps moves to moves, so a state and its image are equally far from a
/// symmetric source and equally solved: when the source is its own image, the search runs
/// over mirror classes (about half the states). Each class keeps the state by which it
/// was reached, so parent links still form a path of real moves. Otherwise, or on boards
/// too large for packed keys, this is [`breadth_first`].
pub(crate) fn breadth_first_symmetric(
    board: &Board,
    source: &State,
    metric: Metric,
    limit: usize,
    track: Track,
    is_goal: impl FnMut(&State) -> bool,
) -> Result<Explored, SolveError> {
    match PackedKeys::<u64>::new(board) {
        Some(scheme) if board.mirror_left_right(source) == *source => run(
            board,
            scheme,
            MirrorClasses,
            &[*source],
            metric,
            limit,
            track,
            is_goal,
        )
        .map(|found| Explored::Packed(Box::new(found))),
        _ => breadth_first(board, &[*source], metric, limit, track, is_goal),
    }
}

#[allow(clippy::too_many_arguments)]
fn run<S: KeyScheme, C: Classes<S>>(
    board: &Board,
    scheme: S,
    classes: C,
    sources: &[State],
    metric: Metric,
    limit: usize,
    track: Track,
    is_goal: impl FnMut(&State) -> bool,
) -> Result<Discovery<S>, SolveError> {
    // One copy of the loop per metric, so the visitor is inlined into its generator.
    match metric {
        Metric::Step => {
            run_with::<S, C, Steps>(board, scheme, classes, sources, limit, track, is_goal)
        }
        Metric::Slide => {
            run_with::<S, C, Slides>(board, scheme, classes, sources, limit, track, is_goal)
        }
        Metric::Piece => {
            run_with::<S, C, PieceMoves>(board, scheme, classes, sources, limit, track, is_goal)
        }
    }
}

/// What a search counts as one: each state ([`States`]), or each mirror class, a state and
/// its left-right image ([`MirrorClasses`], for a source that is its own image: mirroring
/// maps moves to moves, so both are equally far from it). The one option of the
/// breadth-first search of [`run_with`].
trait Classes<S: KeyScheme> {
    /// Whether classes are mirror classes: the table then holds the smaller key of a state
    /// and its image, and the search keeps both keys of each state it stores.
    const MIRRORED: bool;
    /// Room reserved for the states: the classic component (25,955 states, 13,011
    /// classes) fits without a reallocation.
    const CAPACITY: usize;
    /// The key of the image of the state that a move of `shape` from `from` to `to` leads
    /// to, from the key `image` of the image of the state before it.
    fn image_moved(scheme: &S, image: S::Key, shape: usize, from: u32, to: u32) -> S::Key;
    /// The table of the search.
    fn table(&self) -> S::Table;
    /// A buffer for the (key, image) pairs of the stored states.
    fn pairs(&self, capacity: usize) -> Vec<(S::Key, S::Key)>;
    /// Takes back the buffers of a finished search.
    fn recycle(&self, arrivals: Vec<u16>, pairs: Vec<(S::Key, S::Key)>);
}

/// Every state counts (any key scheme).
#[derive(Clone, Copy, Debug)]
struct States;

impl<S: KeyScheme> Classes<S> for States {
    const MIRRORED: bool = false;
    const CAPACITY: usize = 1 << 15;

    #[inline(always)]
    fn image_moved(_: &S, image: S::Key, _: usize, _: u32, _: u32) -> S::Key {
        image
    }

    fn table(&self) -> S::Table {
        S::Table::default()
    }

    fn pairs(&self, _: usize) -> Vec<(S::Key, S::Key)> {
        Vec::new()
    }

    fn recycle(&self, _: Vec<u16>, _: Vec<(S::Key, S::Key)>) {}
}

/// A state and its left-right image count once (packed 64-bit keys, whose searches store
/// their states: a class's state is the one stored, not one decoded from the class's
/// key); the search's buffers are reused from one search to the next.
#[derive(Clone, Copy, Debug)]
struct MirrorClasses;

impl Classes<PackedKeys> for MirrorClasses {
    const MIRRORED: bool = true;
    const CAPACITY: usize = 1 << 14;

    /// The image's key changes by the mirrored piece's bits, as a key by the piece's.
    #[inline(always)]
    fn image_moved(scheme: &PackedKeys, image: u64, shape: usize, from: u32, to: u32) -> u64 {
        let mirrored = &scheme.mirrored[shape & 3];
        image ^ mirrored[from as usize & 63] ^ mirrored[to as usize & 63]
    }

    fn table(&self) -> PackedTable {
        // 32 Ki slots: the classic component's 13,011 classes fit without growing.
        PackedTable::with_bits(15)
    }

    fn pairs(&self, capacity: usize) -> Vec<(u64, u64)> {
        take_spare(|spare| &mut spare.pairs, capacity)
    }

    fn recycle(&self, arrivals: Vec<u16>, pairs: Vec<(u64, u64)>) {
        give_spare(|spare| &mut spare.arrivals, arrivals);
        give_spare(|spare| &mut spare.pairs, pairs);
    }
}

/// The successors of a state under one metric.
trait Successors {
    /// Calls `visit` with the moves from `state`, which was reached by the move `arrival`
    /// (`from << 6 | to`, or above 12 bits for none) from a state whose successors are all
    /// known: moves that surely lead to known states may be left out.
    fn each(board: &Board, state: &State, arrival: u32, visit: impl FnMut(usize, u32, u32));
}

/// The arrival move's `(from, to)` top-left cells, if there was one.
#[inline(always)]
const fn arrival_cells(arrival: u32) -> Option<(u32, u32)> {
    if arrival < 1 << 12 {
        Some((arrival >> 6, arrival & 63))
    } else {
        None
    }
}

/// Single steps.
struct Steps;
/// Straight slides.
struct Slides;
/// Free piece moves.
struct PieceMoves;

impl Successors for Steps {
    #[inline(always)]
    fn each(board: &Board, state: &State, _: u32, visit: impl FnMut(usize, u32, u32)) {
        board.for_each_step(state, visit);
    }
}

impl Successors for Slides {
    /// A slide of the piece that just slid, along the same line, ends where a single
    /// slide from its previous place ends (the cells ahead of it and beyond that place
    /// are as they were): those are known states.
    #[inline(always)]
    fn each(board: &Board, state: &State, arrival: u32, visit: impl FnMut(usize, u32, u32)) {
        let mut skip = [0; 4];
        if let Some((from, to)) = arrival_cells(arrival) {
            // A slide along a row moves less than a row's width.
            let vertical = from.abs_diff(to) >= board.width() as u32;
            let axis = if vertical { 0 } else { 2 };
            skip[axis] = 1 << to;
            skip[axis + 1] = 1 << to;
        }
        board.for_each_slide(state, skip, visit);
    }
}

impl Successors for PieceMoves {
    /// The piece that just moved reaches the same places as from its previous place (the
    /// cells free for it are the same): those are known states.
    #[inline(always)]
    fn each(board: &Board, state: &State, arrival: u32, visit: impl FnMut(usize, u32, u32)) {
        let skip = arrival_cells(arrival).map_or(0, |(_, to)| 1 << to);
        board.for_each_piece_move(state, skip, visit);
    }
}

/// The breadth-first search: from `sources`, by the moves of `G`, over the states or the
/// mirror classes of `C`, goal-tested when generated, storing at most `limit` states (or
/// classes). Under [`MirrorClasses`] each class keeps the state by which it was reached,
/// so parent links still form a path of real moves; the one source must be its own image.
fn run_with<S: KeyScheme, C: Classes<S>, G: Successors>(
    board: &Board,
    scheme: S,
    classes: C,
    sources: &[State],
    limit: usize,
    track: Track,
    mut is_goal: impl FnMut(&State) -> bool,
) -> Result<Discovery<S>, SolveError> {
    // Reserving address space is free until touched.
    let capacity = C::CAPACITY.min(limit);
    let parents = track == Track::Parents;
    // The move that discovered each state, as `from << 6 | to`: its reverse leads back to
    // the parent, a known state, so it is skipped without a lookup.
    let mut arrivals: Vec<u16> = buffer(C::MIRRORED, |spare| &mut spare.arrivals, capacity);
    // Under mirror classes, the keys of each stored state and of its image (the table
    // holds the smaller one).
    let mut pairs = classes.pairs(capacity);
    let mut found = Discovery {
        scheme,
        states: buffer(
            C::MIRRORED,
            |spare| &mut spare.states,
            if S::STORES_STATES { capacity } else { 0 },
        ),
        parents: buffer(
            C::MIRRORED,
            |spare| &mut spare.parents,
            if parents { capacity } else { 0 },
        ),
        levels: vec![0],
        index: classes.table(),
        goal: None,
        mirrored: C::MIRRORED,
    };
    for source in sources {
        // A source of a search over mirror classes is its own image.
        let key = found.scheme.key(source);
        let number = arrivals.len() as u32;
        if found.index.insert_new(key, number) {
            if arrivals.len() >= limit {
                return Err(SolveError::StateLimit { limit });
            }
            if S::STORES_STATES {
                found.states.push(*source);
            }
            arrivals.push(u16::MAX);
            if C::MIRRORED {
                pairs.push((key, key));
            }
            if parents {
                found.parents.push(number);
            }
            if found.goal.is_none() && is_goal(source) {
                found.goal = Some(number);
            }
        }
    }
    if S::LOOKAHEAD && !C::MIRRORED {
        expand_in_blocks::<S, G>(board, &mut found, arrivals, limit, track, is_goal)?;
        return Ok(found);
    }
    let mut next = 0;
    while next < arrivals.len() && found.goal.is_none() {
        if next as u32 == *found.levels.last().unwrap_or(&0) {
            found.levels.push(arrivals.len() as u32);
        }
        let parent = next as u32;
        let state = found.scheme.state_at(&found.index, &found.states, next);
        let (key, image) = if C::MIRRORED {
            pairs[next]
        } else {
            let key = S::key_at(&found.index, &found.states, next);
            (key, key)
        };
        let arrival = u32::from(arrivals[next]);
        next += 1;
        let mut within_limit = true;
        let Discovery {
            scheme,
            states,
            parents: parent_list,
            index,
            goal,
            ..
        } = &mut found;
        G::each(board, &state, arrival, |shape, from, to| {
            if (to << 6 | from) == arrival {
                return;
            }
            let key = scheme.moved(key, &state, shape, from, to);
            let image = C::image_moved(scheme, image, shape, from, to);
            let class = if C::MIRRORED { key.min(image) } else { key };
            let number = arrivals.len() as u32;
            if within_limit && goal.is_none() && index.insert_new(class, number) {
                if arrivals.len() >= limit {
                    within_limit = false;
                    return;
                }
                let successor = state.moved(shape, from, to);
                if S::STORES_STATES {
                    states.push(successor);
                }
                arrivals.push((from << 6 | to) as u16);
                if C::MIRRORED {
                    pairs.push((key, image));
                }
                if parents {
                    parent_list.push(parent);
                }
                if is_goal(&successor) {
                    *goal = Some(number);
                }
            }
        });
        if !within_limit {
            return Err(SolveError::StateLimit { limit });
        }
    }
    classes.recycle(arrivals, pairs);
    Ok(found)
}

/// A successor met while expanding a block of states.
#[derive(Clone, Copy, Debug)]
struct Lookahead<K> {
    key: K,
    shape: u8,
    from: u8,
    to: u8,
    /// Whether the key was found in its home slot (a known state).
    known: bool,
}

/// The expansion loop of [`run_with`] for searches whose table outgrows the caches, where
/// each lookup waits for memory. States are expanded in blocks: first every successor of
/// the block is generated and looked up in its home slot, so that those independent
/// reads overlap; then the successors are inserted in the order [`run_with`]'s own loop
/// inserts them (same discovery order, depths, parents and goal), mostly from the cache.
fn expand_in_blocks<S: KeyScheme, G: Successors>(
    board: &Board,
    found: &mut Discovery<S>,
    mut arrivals: Vec<u16>,
    limit: usize,
    track: Track,
    mut is_goal: impl FnMut(&State) -> bool,
) -> Result<(), SolveError> {
    /// States per block: enough successors for the reads to overlap, few enough for
    /// their cache lines to stay until they are inserted.
    const BLOCK: usize = 32;
    let parents = track == Track::Parents;
    let mut pending: Vec<Lookahead<S::Key>> = Vec::new();
    // Per state of the block: the state and where its successors start in `pending`.
    let mut block: Vec<(State, usize)> = Vec::with_capacity(BLOCK);
    let mut next = 0;
    while next < arrivals.len() && found.goal.is_none() {
        let end = arrivals.len().min(next + BLOCK);
        let Discovery {
            scheme,
            states,
            parents: parent_list,
            levels,
            index,
            goal,
            ..
        } = found;
        pending.clear();
        block.clear();
        for (at, &arrival) in arrivals.iter().enumerate().take(end).skip(next) {
            let state = scheme.state_at(index, states, at);
            let key = S::key_at(index, states, at);
            let arrival = u32::from(arrival);
            block.push((state, pending.len()));
            G::each(board, &state, arrival, |shape, from, to| {
                if (to << 6 | from) == arrival {
                    return;
                }
                let key = scheme.moved(key, &state, shape, from, to);
                pending.push(Lookahead {
                    key,
                    shape: shape as u8,
                    from: from as u8,
                    to: to as u8,
                    known: index.holds_at_home(&key),
                });
            });
        }
        for (offset, &(state, start)) in block.iter().enumerate() {
            if goal.is_some() {
                break;
            }
            let at = next + offset;
            if at as u32 == *levels.last().unwrap_or(&0) {
                levels.push(arrivals.len() as u32);
            }
            let stop = block
                .get(offset + 1)
                .map_or(pending.len(), |&(_, stop)| stop);
            for step in &pending[start..stop] {
                let number = arrivals.len() as u32;
                if step.known || goal.is_some() || !index.insert_new(step.key, number) {
                    continue;
                }
                if arrivals.len() >= limit {
                    return Err(SolveError::StateLimit { limit });
                }
                let (shape, from, to) = (
                    usize::from(step.shape),
                    u32::from(step.from),
                    u32::from(step.to),
                );
                let successor = state.moved(shape, from, to);
                if S::STORES_STATES {
                    states.push(successor);
                }
                arrivals.push((from << 6 | to) as u16);
                if parents {
                    parent_list.push(at as u32);
                }
                if is_goal(&successor) {
                    *goal = Some(number);
                }
            }
        }
        next = end;
    }
    Ok(())
}

/// Every state reachable from `source` by single steps, in breadth-first order, storing
/// at most `limit` states.
///
/// When the source is its own left-right mirror image, a state and its image are equally
/// far from it: each newly reached state is stored together with its image (both keys in
/// the table), and only the first of the two is expanded, since the image's successors are
/// the images of its successors. That halves the expansions, which cost more than
/// mirroring a state.
pub(crate) fn reachable(
    board: &Board,
    source: &State,
    limit: usize,
) -> Result<Explored, SolveError> {
    match PackedKeys::<u64>::new(board) {
        Some(scheme) if board.mirror_left_right(source) == *source => {
            list_with_images(board, scheme, source, limit)
                .map(|found| Explored::Packed(Box::new(found)))
        }
        _ => breadth_first(
            board,
            &[*source],
            Metric::Step,
            limit,
            Track::States,
            |_| false,
        ),
    }
}

/// The enumeration of [`reachable`] for a source that is its own image.
fn list_with_images(
    board: &Board,
    scheme: PackedKeys,
    source: &State,
    limit: usize,
) -> Result<Discovery<PackedKeys>, SolveError> {
    /// The arrival mark of a stored image, which is not expanded.
    const IMAGE: u16 = u16::MAX - 1;
    let capacity = (1 << 15).min(limit);
    // As in `run_with`: the move that discovered each state, or `IMAGE`.
    let mut arrivals = take_spare(|spare| &mut spare.arrivals, capacity);
    // The keys of each stored state and of its image.
    let mut pairs = take_spare(|spare| &mut spare.pairs, capacity);
    let mut found = Discovery {
        scheme,
        states: Vec::with_capacity(capacity),
        parents: Vec::new(),
        levels: vec![0],
        index: PackedTable::default(),
        goal: None,
        mirrored: false,
    };
    let key = found.scheme.key(source);
    if limit == 0 || !found.index.insert_new(key, 0) {
        return Err(SolveError::StateLimit { limit });
    }
    found.states.push(*source);
    arrivals.push(u16::MAX);
    pairs.push((key, key));
    let mut next = 0;
    while next < found.states.len() {
        if next as u32 == *found.levels.last().unwrap_or(&0) {
            found.levels.push(found.states.len() as u32);
        }
        let state = found.states[next];
        let (key, image) = pairs[next];
        let arrival = u32::from(arrivals[next]);
        next += 1;
        if arrival == u32::from(IMAGE) {
            continue;
        }
        let mut within_limit = true;
        let Discovery {
            scheme,
            states,
            index,
            ..
        } = &mut found;
        Steps::each(board, &state, arrival, |shape, from, to| {
            if (to << 6 | from) == arrival {
                return;
            }
            let key = scheme.moved(key, &state, shape, from, to);
            // Both members of a class are stored together: one key tells whether the
            // class is known.
            if within_limit && index.insert_new(key, states.len() as u32) {
                let image = MirrorClasses::image_moved(scheme, image, shape, from, to);
                let extra = usize::from(image != key);
                if states.len() + extra >= limit {
                    within_limit = false;
                    return;
                }
                let successor = state.moved(shape, from, to);
                states.push(successor);
                arrivals.push((from << 6 | to) as u16);
                pairs.push((key, image));
                if image != key && index.insert_new(image, states.len() as u32) {
                    states.push(scheme.mirror(&successor));
                    arrivals.push(IMAGE);
                    pairs.push((image, key));
                }
            }
        });
        if !within_limit {
            return Err(SolveError::StateLimit { limit });
        }
    }
    give_spare(|spare| &mut spare.arrivals, arrivals);
    give_spare(|spare| &mut spare.pairs, pairs);
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    /// The search over mirror classes finds goals at the plain search's depth, along paths
    /// of real moves, storing fewer states.
    #[test]
    fn mirror_classes_keep_distances_and_paths() {
        for picture in [
            "vBBv/vBBv/.hh./vssv/vssv",
            "vBBv/vBBv/vhhv/vssv/s..s",
            "sBBs/.BB./s..s/vhhv/v..v",
            "s..s/.BB./.BB./hhhh",
            "BB/BB/../ss/..",
            "BB/BB/ss/ss",
        ] {
            let layout: Layout = picture.parse().expect("valid picture");
            let board = layout.board();
            let goal = board.default_goal().expect("a sun fits");
            let goal_bit = 1u64 << board.index(goal);
            let is_goal = |state: &State| state.tops(Shape::Sun) & goal_bit != 0;
            for metric in Metric::ALL {
                let source = layout.state();
                let plain =
                    breadth_first(board, &[*source], metric, 1 << 20, Track::Parents, is_goal)
                        .expect("small");
                let mirrored = breadth_first_symmetric(
                    board,
                    source,
                    metric,
                    1 << 20,
                    Track::Parents,
                    is_goal,
                )
                .expect("small");
                assert!(
                    matches!(&mirrored, Explored::Packed(found) if found.mirrored),
                    "{picture}"
                );
                assert!(mirrored.len() <= plain.len(), "{picture}");
                let depth = |found: &Explored| found.goal().map(|at| found.depth(at));
                assert_eq!(depth(&mirrored), depth(&plain), "{picture} under {metric}");
                if let Some(at) = mirrored.goal() {
                    let path = mirrored.path_to(at);
                    for pair in path.windows(2) {
                        let before = Layout::from_parts(*board, pair[0]);
                        assert!(before.move_to(&pair[1], metric).is_some(), "{picture}");
                    }
                    assert!(is_goal(&path[path.len() - 1]));
                }
            }
        }
    }

    /// Listing each state with its image gives the plain enumeration's states at the same
    /// depths.
    #[test]
    fn reachable_with_images() {
        for picture in [
            "vBBv/vBBv/.hh./vssv/vssv",
            "sBBs/.BB./s..s/vhhv/v..v",
            "s..s/.BB./.BB./hhhh",
            "s.s/.v./.v./s.s",
            "BB/BB/ss/ss",
        ] {
            let layout: Layout = picture.parse().expect("valid picture");
            let (board, source) = (layout.board(), layout.state());
            let plain = breadth_first(
                board,
                &[*source],
                Metric::Step,
                1 << 20,
                Track::States,
                |_| false,
            )
            .expect("small");
            let listed = reachable(board, source, 1 << 20).expect("small");
            assert!(matches!(&listed, Explored::Packed(_)), "{picture}");
            assert_eq!(listed.len(), plain.len(), "{picture}");
            for (at, state) in listed.stored_states().expect("narrow").iter().enumerate() {
                let index = plain.index_of(state).expect("reachable");
                assert_eq!(listed.index_of(state), Some(at as u32), "{picture}");
                assert_eq!(listed.depth(at as u32), plain.depth(index), "{picture}");
            }
            let size = plain.len();
            assert!(reachable(board, source, size).is_ok());
            assert_eq!(
                reachable(board, source, size - 1).err(),
                Some(SolveError::StateLimit { limit: size - 1 })
            );
        }
    }

    /// Boards of 22 to 42 cells are searched by 128-bit keys, keeping only the keys: the
    /// same states in the same order at the same depths as a search keyed by whole states,
    /// with the same goals and paths, under every metric.
    #[test]
    fn wide_keys_match_whole_state_keys() {
        for picture in [
            "hhhhs/hhhhs/vBBv./vBBv./hhhhs",
            "hhhhhh/vBBvhh/vBBv../hhhhhh",
            "BBsssss/BBsssss/sssssss/ss..sss/sssssss/sssssss",
        ] {
            let layout: Layout = picture.parse().expect("valid picture");
            let (board, source) = (layout.board(), layout.state());
            assert!((22..=42).contains(&board.cells()), "{picture}");
            let goal_bit = board
                .default_goal()
                .map_or(0, |goal| 1u64 << board.index(goal));
            let is_goal = |state: &State| state.tops(Shape::Sun) & goal_bit != 0;
            for metric in Metric::ALL {
                let wide =
                    breadth_first(board, &[*source], metric, 1 << 20, Track::Parents, is_goal)
                        .expect("small");
                let whole = run(
                    board,
                    StateKeys,
                    States,
                    &[*source],
                    metric,
                    1 << 20,
                    Track::Parents,
                    is_goal,
                )
                .expect("small");
                let Explored::Wide(wide) = wide else {
                    panic!("{picture} is searched by 128-bit keys");
                };
                assert!(wide.stored_states().is_none());
                assert_eq!(wide.len(), whole.len(), "{picture} under {metric}");
                assert_eq!(wide.levels, whole.levels, "{picture} under {metric}");
                assert_eq!(wide.parents, whole.parents, "{picture} under {metric}");
                assert_eq!(wide.goal, whole.goal, "{picture} under {metric}");
                for (at, state) in whole.states.iter().enumerate() {
                    assert_eq!(wide.state(at as u32), *state, "{picture}");
                    assert_eq!(wide.index_of(state), Some(at as u32), "{picture}");
                    assert_eq!(wide.scheme.decode(wide.scheme.key(state)), *state);
                }
                if let Some(goal) = wide.goal {
                    assert_eq!(wide.path_to(goal), whole.path_to(goal), "{picture}");
                }
            }
            let listed = reachable(board, source, 1 << 20).expect("small");
            assert!(matches!(listed, Explored::Wide(_)), "{picture}");
            let limit = listed.len() - 1;
            assert_eq!(
                reachable(board, source, limit).err(),
                Some(SolveError::StateLimit { limit })
            );
        }
    }

    /// 42 cells fit a 128-bit key, 43 do not.
    #[test]
    fn wide_keys_up_to_42_cells() {
        let fits = |picture: &str| {
            let layout: Layout = picture.parse().expect("valid picture");
            matches!(
                reachable(layout.board(), layout.state(), 1 << 20).expect("small"),
                Explored::Wide(_)
            )
        };
        assert!(fits(&format!("s{}", ".".repeat(41))));
        assert!(!fits(&format!("s{}", ".".repeat(42))));
        assert!(!fits(&format!("s{}", ".".repeat(20))));
    }

    #[test]
    fn mirror_classes_respect_the_limit() {
        let layout = Layout::setting_sun();
        let found = breadth_first_symmetric(
            layout.board(),
            layout.state(),
            Metric::Step,
            100,
            Track::Parents,
            |_| false,
        );
        assert_eq!(found.err(), Some(SolveError::StateLimit { limit: 100 }));
        let found = breadth_first_symmetric(
            layout.board(),
            layout.state(),
            Metric::Step,
            0,
            Track::Parents,
            |_| false,
        );
        assert_eq!(found.err(), Some(SolveError::StateLimit { limit: 0 }));
    }
}
