//! Searched positions: an arena of nodes (box set, pusher, parent, push) and an
//! open-addressing transposition table keyed by the Zobrist hash, both inside one
//! memory budget.

use std::collections::BinaryHeap;

use crate::config::StopReason;
use crate::ids::{Cell, NodeId, Table};

/// No direction (the last push of a root).
pub(crate) const NO_DIRECTION: u8 = 8;

/// What a node records besides its box set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) hash: u64,
    pub(crate) parent: NodeId,
    /// The pusher's cell: normalized (smallest of its region) or exact, as the
    /// search keys positions.
    pub(crate) pusher: Cell,
    /// Cost from the root (pushes, or moves).
    pub(crate) cost: u32,
    /// Pushes from the root.
    pub(crate) pushes: u32,
    /// The box's cell before the last push (or macro), `Cell::NONE` at a root.
    pub(crate) moved_from: Cell,
    /// The box's cell after it.
    pub(crate) moved_to: Cell,
    /// The direction of the last push into this position (`NO_DIRECTION` at a
    /// root), so that a macro's route is replayed to the same pusher side.
    pub(crate) last: u8,
    /// Lower bound from here (pushes or moves).
    pub(crate) bound: u32,
    /// Search-specific marks (closed, side of a bidirectional search).
    pub(crate) flags: u8,
}

/// The node arena and its transposition table.
#[derive(Debug)]
pub(crate) struct Store {
    /// `u64` words of a box set.
    words: usize,
    boxes: Vec<u64>,
    nodes: Table<NodeId, Node>,
    /// Open addressing: the hash's high 32 bits above node index + 1 (0 = empty),
    /// so most probes never touch the arena.
    table: Vec<u64>,
    mask: usize,
    budget: usize,
    /// Bytes held elsewhere (static tables, open list) counted against the budget.
    pub(crate) other_bytes: usize,
    /// Bytes of the tables fixed for the whole search (the model's), counted
    /// against the budget.
    pub(crate) fixed_bytes: usize,
}

/// The outcome of [`Store::insert`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Insert {
    /// A new node.
    New(NodeId),
    /// The position was already stored.
    Known(NodeId),
}

impl Store {
    /// A store for box sets over `cells` dense cells, within `budget` bytes.
    pub(crate) fn new(cells: usize, budget: usize) -> Store {
        let words = cells.div_ceil(64).max(1);
        Store {
            words,
            boxes: Vec::new(),
            nodes: Table::new(),
            table: vec![0; 1024],
            mask: 1023,
            budget,
            other_bytes: 0,
            fixed_bytes: 0,
        }
    }

    /// Words of a box set.
    pub(crate) const fn words(&self) -> usize {
        self.words
    }

    /// Stored nodes.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Makes room for `additional` more items in `buffer` (a table of a search
    /// beside the store), growing it only within the memory budget: to twice its
    /// capacity (at least `minimum` items), or to what the budget leaves. The growth
    /// is counted among the other bytes. [`StopReason::Memory`] when even the
    /// items needed do not fit.
    pub(crate) fn reserve<B: Buffer>(
        &mut self,
        buffer: &mut B,
        additional: usize,
        minimum: usize,
    ) -> Result<(), StopReason> {
        let (len, capacity) = (buffer.len(), buffer.capacity());
        let needed = len + additional;
        if needed <= capacity {
            return Ok(());
        }
        let item = B::ITEM_BYTES.max(1);
        let left = self.budget.saturating_sub(self.memory_bytes()) / item;
        let wanted = (capacity * 2).max(needed).max(minimum).min(capacity + left);
        if wanted < needed {
            return Err(StopReason::Memory);
        }
        buffer.reserve_exact(wanted - len);
        self.other_bytes += (buffer.capacity() - capacity) * item;
        Ok(())
    }

    /// Bytes held by the arena and the table.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.boxes.capacity() * 8
            + self.nodes.capacity() * size_of::<Node>()
            + self.table.capacity() * 8
            + self.other_bytes
            + self.fixed_bytes
    }

    #[inline]
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    #[inline]
    pub(crate) fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id]
    }

    /// The box set of a node.
    #[inline]
    pub(crate) fn boxes(&self, id: NodeId) -> &[u64] {
        let start = id.index() * self.words;
        &self.boxes[start..start + self.words]
    }

    /// The node of the position (`boxes`, `pusher`) with `hash`, if stored.
    pub(crate) fn find(&self, hash: u64, boxes: &[u64], pusher: Cell) -> Option<NodeId> {
        let mut slot = (hash as usize) & self.mask;
        let tag = hash >> 32;
        loop {
            let entry = self.table[slot];
            if entry == 0 {
                return None;
            }
            if entry >> 32 == tag {
                let id = NodeId::of_entry(entry);
                let node = &self.nodes[id];
                if node.hash == hash && node.pusher == pusher && self.boxes(id) == boxes {
                    return Some(id);
                }
            }
            slot = (slot + 1) & self.mask;
        }
    }

    /// Stores `node` with `boxes` unless its position is known.
    ///
    /// # Errors
    ///
    /// [`StopReason::Memory`] when storing it would pass the budget.
    pub(crate) fn insert(&mut self, node: Node, boxes: &[u64]) -> Result<Insert, StopReason> {
        debug_assert_eq!(boxes.len(), self.words);
        let mut slot = (node.hash as usize) & self.mask;
        let tag = node.hash >> 32;
        loop {
            let entry = self.table[slot];
            if entry == 0 {
                break;
            }
            if entry >> 32 == tag {
                let id = NodeId::of_entry(entry);
                let known = &self.nodes[id];
                if known.hash == node.hash && known.pusher == node.pusher && self.boxes(id) == boxes
                {
                    return Ok(Insert::Known(id));
                }
            }
            slot = (slot + 1) & self.mask;
        }
        if self.nodes.len() >= NodeId::NONE.index() - 1 {
            return Err(StopReason::Memory);
        }
        let table_len = self.table.len();
        self.reserve_one()?;
        let id = NodeId::at(self.nodes.len());
        self.nodes.push(node);
        self.boxes.extend_from_slice(boxes);
        // The table may have grown: find the slot again.
        if self.table.len() != table_len {
            slot = self.free_slot(node.hash);
        }
        self.table[slot] = id.entry(node.hash);
        Ok(Insert::New(id))
    }

    fn free_slot(&self, hash: u64) -> usize {
        let mut slot = (hash as usize) & self.mask;
        while self.table[slot] != 0 {
            slot = (slot + 1) & self.mask;
        }
        slot
    }

    /// Makes room for one more node, growing the arena and the table within the
    /// budget.
    fn reserve_one(&mut self) -> Result<(), StopReason> {
        let len = self.nodes.len();
        if len == self.nodes.capacity() {
            let extra = len.max(1024);
            let bytes = extra * (size_of::<Node>() + self.words * 8);
            let extra = if self.memory_bytes() + bytes > self.budget {
                // Grow by what is left, in steps of at least one node.
                let left = self.budget.saturating_sub(self.memory_bytes());
                let fit = left / (size_of::<Node>() + self.words * 8);
                if fit == 0 {
                    return Err(StopReason::Memory);
                }
                fit.min(extra)
            } else {
                extra
            };
            self.nodes.reserve_exact(extra);
            self.boxes.reserve_exact(extra * self.words);
        }
        // Keep the table at most half full.
        if (len + 1) * 2 > self.table.len() {
            let new_len = self.table.len() * 2;
            if self.memory_bytes() + new_len * 8 > self.budget {
                // A fuller table still works up to 7/8.
                if (len + 1) * 8 > self.table.len() * 7 {
                    return Err(StopReason::Memory);
                }
                return Ok(());
            }
            self.table = vec![0; new_len];
            self.mask = new_len - 1;
            for index in 0..len {
                let id = NodeId::at(index);
                let hash = self.nodes[id].hash;
                let slot = self.free_slot(hash);
                self.table[slot] = id.entry(hash);
            }
        }
        Ok(())
    }

    /// The path of nodes from a root to `id`, root first.
    pub(crate) fn path_to(&self, mut id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        while !self.nodes[id].parent.is_none() {
            id = self.nodes[id].parent;
            path.push(id);
        }
        path.reverse();
        path
    }
}

/// Hash maps and sets whose keys are not Zobrist hashes already: ahash with fixed
/// seeds, so that a search runs the same way every time (nothing iterates them
/// into an output).
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, ahash::RandomState>;
/// See [`FastMap`].
pub(crate) type FastSet<K> = std::collections::HashSet<K, ahash::RandomState>;

/// An empty [`FastMap`].
pub(crate) fn fast_map<K, V>() -> FastMap<K, V> {
    FastMap::with_hasher(fixed_state())
}

/// An empty [`FastSet`].
pub(crate) fn fast_set<K>() -> FastSet<K> {
    FastSet::with_hasher(fixed_state())
}

fn fixed_state() -> ahash::RandomState {
    ahash::RandomState::with_seeds(
        0x736F_6B6F_656E_6731,
        0x2545_F491_4F6C_DD1D,
        0x9E37_79B9_7F4A_7C15,
        0xBF58_476D_1CE4_E5B9,
    )
}

/// Sets of dense cells as bits.
pub(crate) mod bits {
    use crate::ids::DenseId;

    /// Sets the bit of `id`.
    #[inline]
    pub(crate) fn set(words: &mut [u64], id: DenseId) {
        words[id.index() / 64] |= 1 << (id.get() % 64);
    }

    /// Clears the bit of `id`.
    #[inline]
    pub(crate) fn clear(words: &mut [u64], id: DenseId) {
        words[id.index() / 64] &= !(1 << (id.get() % 64));
    }

    /// Whether the bit of `id` is set.
    #[inline]
    pub(crate) fn get(words: &[u64], id: DenseId) -> bool {
        words[id.index() / 64] & (1 << (id.get() % 64)) != 0
    }

    /// The ids of the set bits, in increasing order.
    pub(crate) fn ones(words: &[u64]) -> impl Iterator<Item = DenseId> + '_ {
        words.iter().enumerate().flat_map(|(index, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let bit = word.trailing_zeros();
                word &= word - 1;
                Some(DenseId::new(index as u32 * 64 + bit))
            })
        })
    }
}

/// A growable table whose growth [`Store::reserve`] keeps within the budget.
pub(crate) trait Buffer {
    /// Bytes of one item.
    const ITEM_BYTES: usize;
    fn len(&self) -> usize;
    fn capacity(&self) -> usize;
    fn reserve_exact(&mut self, additional: usize);
}

impl<T> Buffer for Vec<T> {
    const ITEM_BYTES: usize = size_of::<T>();
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn capacity(&self) -> usize {
        Vec::capacity(self)
    }
    fn reserve_exact(&mut self, additional: usize) {
        Vec::reserve_exact(self, additional);
    }
}

impl<T: Ord> Buffer for BinaryHeap<T> {
    const ITEM_BYTES: usize = size_of::<T>();
    fn len(&self) -> usize {
        BinaryHeap::len(self)
    }
    fn capacity(&self) -> usize {
        BinaryHeap::capacity(self)
    }
    fn reserve_exact(&mut self, additional: usize) {
        BinaryHeap::reserve_exact(self, additional);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(hash: u64) -> Node {
        Node {
            hash,
            parent: NodeId::NONE,
            pusher: Cell::new(3),
            cost: 0,
            pushes: 0,
            moved_from: Cell::NONE,
            moved_to: Cell::NONE,
            last: NO_DIRECTION,
            bound: 0,
            flags: 0,
        }
    }

    #[test]
    fn insert_find_and_grow() {
        let mut store = Store::new(100, 1 << 30);
        let mut boxes = vec![0_u64; store.words()];
        for i in 0..5000_u64 {
            boxes[0] = i;
            assert_eq!(
                store.insert(node(i * 7919), &boxes),
                Ok(Insert::New(NodeId::new(i as u32)))
            );
        }
        boxes[0] = 42;
        assert_eq!(
            store.insert(node(42 * 7919), &boxes),
            Ok(Insert::Known(NodeId::new(42)))
        );
        // Same hash, other boxes: a different position.
        boxes[1] = 1;
        assert!(matches!(
            store.insert(node(42 * 7919), &boxes),
            Ok(Insert::New(_))
        ));
    }

    #[test]
    fn the_budget_stops_growth() {
        let mut store = Store::new(64, 64 * 1024);
        let mut boxes = vec![0_u64; 1];
        let mut stopped = false;
        for i in 0..100_000_u64 {
            boxes[0] = i;
            match store.insert(node(i.wrapping_mul(0x9E37_79B9_7F4A_7C15)), &boxes) {
                Ok(_) => {}
                Err(reason) => {
                    assert_eq!(reason, StopReason::Memory);
                    stopped = true;
                    break;
                }
            }
        }
        assert!(stopped);
        assert!(store.memory_bytes() <= 64 * 1024);
    }

    #[test]
    fn bit_sets() {
        let mut words = vec![0_u64; 3];
        let id = crate::ids::DenseId::new;
        for index in [0, 63, 64, 130] {
            bits::set(&mut words, id(index));
        }
        bits::clear(&mut words, id(63));
        assert_eq!(
            bits::ones(&words).collect::<Vec<_>>(),
            [id(0), id(64), id(130)]
        );
    }
}
