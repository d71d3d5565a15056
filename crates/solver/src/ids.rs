//! The solver's index types: a cell of the compact board ([`Cell`]), the dense id of
//! an active cell ([`DenseId`]), the slot of a (cell, side) pair ([`Slot`]), and the
//! tables indexed by them ([`Table`], [`PerCell`], [`PerDense`]). Each id is 32 bits,
//! so tables of ids take half the memory of `usize`s; tables take the id itself as
//! index, so lookups carry no casts and a cell cannot index a table of dense ids.

use std::marker::PhantomData;
use std::ops::{Deref, DerefMut, Index, IndexMut};

use sokoengine_geometry::Direction;

pub(crate) use sokoengine_board::CompactCell as Cell;

/// An index type: the position of its entry in a [`Table`].
pub(crate) trait Id: Copy {
    /// The index into a table.
    fn index(self) -> usize;
}

impl Id for Cell {
    #[inline(always)]
    fn index(self) -> usize {
        Cell::index(self)
    }
}

/// A cell and a direction from it: eight entries per cell (every tessellation has
/// at most eight directions).
impl Id for (Cell, Direction) {
    #[inline(always)]
    fn index(self) -> usize {
        self.0.index() * 8 + self.1.index()
    }
}

/// Defines a 32-bit index type with a `NONE` sentinel.
macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(transparent)]
        pub(crate) struct $name(u32);

        #[allow(dead_code, reason = "every id type has the same conversions, used or not")]
        impl $name {
            /// None: a sentinel that keeps tables of ids at 32 bits an entry.
            pub(crate) const NONE: $name = $name(u32::MAX);

            /// The id of index `index`.
            #[inline(always)]
            pub(crate) const fn new(index: u32) -> $name {
                $name(index)
            }

            /// The id of index `index` (below `u32::MAX`: tables of the solver
            /// hold fewer entries).
            #[inline(always)]
            pub(crate) const fn at(index: usize) -> $name {
                $name(index as u32)
            }

            /// The index, for indexing a table.
            #[inline(always)]
            pub(crate) const fn index(self) -> usize {
                self.0 as usize
            }

            /// The index as stored.
            #[inline(always)]
            pub(crate) const fn get(self) -> u32 {
                self.0
            }

            /// Whether this is `NONE`.
            #[inline(always)]
            pub(crate) const fn is_none(self) -> bool {
                self.0 == u32::MAX
            }

            /// The entry of an open-addressing index for this id with `hash`: the
            /// hash's high 32 bits above the index + 1, so that 0 marks an empty slot
            /// and most probes compare the tag without reading the entry's item.
            #[inline(always)]
            pub(crate) const fn entry(self, hash: u64) -> u64 {
                (hash >> 32) << 32 | (self.0 as u64 + 1)
            }

            /// The id of a nonempty index entry (see `entry`).
            #[inline(always)]
            pub(crate) const fn of_entry(entry: u64) -> $name {
                $name((entry as u32).wrapping_sub(1))
            }
        }

        impl $crate::ids::Id for $name {
            #[inline(always)]
            fn index(self) -> usize {
                $name::index(self)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

pub(crate) use id_type;

id_type!(
    /// The dense id of an active cell: active cells numbered from 0 in board order,
    /// the bit of the cell in a box set.
    DenseId
);

id_type!(
    /// A (cell, side) pair numbered densely: the row of a box in the distance
    /// tables (see `model::Sides`).
    Slot
);

id_type!(
    /// A node of the search arena (`store::Store`): nodes numbered from 0 in the
    /// order they are stored.
    NodeId
);

/// A table of `T` indexed by the id type `I`. It derefs to its slice, for
/// iteration and plain indices.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Table<I, T> {
    items: Vec<T>,
    id: PhantomData<fn(I)>,
}

/// One entry per cell of the compact board.
pub(crate) type PerCell<T> = Table<Cell, T>;
/// One entry per active cell, by dense id.
pub(crate) type PerDense<T> = Table<DenseId, T>;
/// One entry per cell and direction, `filled` with eight entries per cell.
pub(crate) type PerStep<T> = Table<(Cell, Direction), T>;

impl<I, T: Clone> Table<I, T> {
    /// `len` entries of `value`.
    pub(crate) fn filled(value: T, len: usize) -> Self {
        Table::from(vec![value; len])
    }

    /// Makes the table `len` entries long, new entries `value`.
    pub(crate) fn resize(&mut self, len: usize, value: T) {
        self.items.resize(len, value);
    }
}

impl<I, T> Table<I, T> {
    /// No entries.
    pub(crate) const fn new() -> Self {
        Table {
            items: Vec::new(),
            id: PhantomData,
        }
    }

    /// Removes every entry.
    pub(crate) fn clear(&mut self) {
        self.items.clear();
    }

    /// Appends an entry.
    pub(crate) fn push(&mut self, item: T) {
        self.items.push(item);
    }

    /// Entries the table holds room for.
    pub(crate) fn capacity(&self) -> usize {
        self.items.capacity()
    }

    /// Makes room for exactly `additional` more entries.
    pub(crate) fn reserve_exact(&mut self, additional: usize) {
        self.items.reserve_exact(additional);
    }
}

impl<I, T> Default for Table<I, T> {
    fn default() -> Self {
        Table::new()
    }
}

impl<I, T: std::fmt::Debug> std::fmt::Debug for Table<I, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.items.fmt(f)
    }
}

impl<I, T> From<Vec<T>> for Table<I, T> {
    fn from(items: Vec<T>) -> Self {
        Table {
            items,
            id: PhantomData,
        }
    }
}

impl<I, T> FromIterator<T> for Table<I, T> {
    fn from_iter<It: IntoIterator<Item = T>>(iter: It) -> Self {
        Table::from(iter.into_iter().collect::<Vec<T>>())
    }
}

impl<'a, I, T> IntoIterator for &'a Table<I, T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<I, T> Deref for Table<I, T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<I, T> DerefMut for Table<I, T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items
    }
}

impl<I: Id, T> Index<I> for Table<I, T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, id: I) -> &T {
        &self.items[id.index()]
    }
}

impl<I: Id, T> IndexMut<I> for Table<I, T> {
    #[inline(always)]
    fn index_mut(&mut self, id: I) -> &mut T {
        &mut self.items[id.index()]
    }
}

/// Costs per (slot, target): a row of `width` entries per [`Slot`] (pushes from the
/// slot's (cell, side) to each goal, or each start cell of a pull search).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Costs {
    table: Vec<u16>,
    width: usize,
}

impl Costs {
    /// A table of `slots` rows of `width` entries of `value`.
    pub(crate) fn filled(value: u16, slots: usize, width: usize) -> Costs {
        Costs {
            table: vec![value; slots * width],
            width,
        }
    }

    /// Entries per row.
    #[inline(always)]
    pub(crate) const fn width(&self) -> usize {
        self.width
    }

    /// Bytes of the table.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.table.len() * 2
    }

    /// The costs of `slot`, one per target.
    #[inline(always)]
    pub(crate) fn row(&self, slot: Slot) -> &[u16] {
        let start = slot.index() * self.width;
        &self.table[start..start + self.width]
    }

    /// The cost of `slot` to target `target`.
    #[cfg(test)]
    pub(crate) fn get(&self, slot: Slot, target: usize) -> u16 {
        self.view().get(slot, target)
    }

    /// Sets the cost of `slot` to target `target`.
    #[inline(always)]
    pub(crate) fn set(&mut self, slot: Slot, target: usize, cost: u16) {
        self.table[slot.index() * self.width + target] = cost;
    }

    /// The rows, in slot order.
    pub(crate) fn rows(&self) -> impl Iterator<Item = &[u16]> + '_ {
        self.table.chunks_exact(self.width.max(1))
    }

    /// The table as a value to pass to hot loops (its slice and width in
    /// registers rather than behind a reference).
    #[inline(always)]
    pub(crate) fn view(&self) -> CostView<'_> {
        CostView {
            table: &self.table,
            width: self.width,
        }
    }
}

/// A borrowed [`Costs`] (see [`Costs::view`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct CostView<'a> {
    table: &'a [u16],
    width: usize,
}

impl CostView<'_> {
    /// The cost of `slot` to target `target`.
    #[inline(always)]
    pub(crate) fn get(self, slot: Slot, target: usize) -> u16 {
        self.table[slot.index() * self.width + target]
    }
}
