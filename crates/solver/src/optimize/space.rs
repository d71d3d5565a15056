//! The optimizer's working space: the model, the configuration set, and a working
//! position that holds one configuration at a time.

use sokoengine_board::Position;
use sokoengine_geometry::Direction;

use crate::ids::{Cell, DenseId, Slot, Table};
use crate::model::{INF, Model};

use super::configs::{ConfigId, ConfigSet, Full, Inserted, bits};

/// The configuration set of one level and the tables every method shares.
#[derive(Debug)]
pub(crate) struct Space<'m> {
    pub(crate) model: &'m Model,
    pub(crate) set: ConfigSet,
    /// The working position: the loaded configuration and a pusher.
    pub(crate) position: Position,
    loaded: ConfigId,
    /// Box cells of the loaded configuration, in dense order.
    pub(crate) boxes: Vec<Cell>,
    /// Bits and hash of the loaded configuration.
    loaded_bits: Vec<u64>,
    pub(crate) hash: u64,
    /// Bits of a child of the loaded configuration.
    child_bits: Vec<u64>,
    /// The start and the solved configuration.
    pub(crate) start: ConfigId,
    pub(crate) goal: ConfigId,
    /// Per (cell, side) slot: pushes to the nearest goal on the empty board, `INF`
    /// when no goal can be reached (a dead square for that side).
    pub(crate) nearest_goal: Table<Slot, u16>,
}

/// No configuration loaded.
const NO_CONFIG: ConfigId = ConfigId::NONE;

impl<'m> Space<'m> {
    /// The space of `model` with a set of at most `cap` bytes holding the start and
    /// the solved configuration.
    ///
    /// # Errors
    ///
    /// [`Full`] when the cap does not hold those two.
    pub(crate) fn new(model: &'m Model, cap: usize) -> Result<Space<'m>, Full> {
        let words = model.floor.len().div_ceil(64).max(1);
        let nearest_goal = model
            .distances
            .rows()
            .map(|row| row.iter().copied().min().unwrap_or(INF))
            .collect();
        let mut space = Space {
            model,
            set: ConfigSet::new(words, cap),
            position: model.empty_position(),
            loaded: NO_CONFIG,
            boxes: Vec::new(),
            loaded_bits: vec![0; words],
            hash: 0,
            child_bits: vec![0; words],
            start: ConfigId::NONE,
            goal: ConfigId::NONE,
            nearest_goal,
        };
        space.start = space.insert_cells(&model.start_boxes)?.id();
        space.goal = space.insert_cells(&model.goals)?.id();
        Ok(space)
    }

    /// Empties the set but for the start and the solved configuration (which keep
    /// their ids).
    pub(crate) fn clear_set(&mut self) {
        self.set.clear();
        self.loaded = NO_CONFIG;
        self.loaded_bits.fill(0);
        for &cell in &self.boxes {
            self.position.remove_box(cell);
        }
        self.boxes.clear();
        let model = self.model;
        // Both fitted before, in the same order, so they get the same ids again.
        let start = self.insert_cells(&model.start_boxes);
        let goal = self.insert_cells(&model.goals);
        debug_assert_eq!(start.map(|s| s.id()), Ok(self.start));
        debug_assert_eq!(goal.map(|g| g.id()), Ok(self.goal));
    }

    /// The Zobrist hash of boxes on `cells`.
    pub(crate) fn hash_of(&self, cells: &[Cell]) -> u64 {
        cells
            .iter()
            .fold(0, |hash, &cell| hash ^ self.model.box_keys[cell])
    }

    /// Stores the configuration of boxes on `cells`.
    pub(crate) fn insert_cells(&mut self, cells: &[Cell]) -> Result<Inserted, Full> {
        let mut words = vec![0; self.set.words()];
        for &cell in cells {
            bits::set(&mut words, self.model.dense_id(cell));
        }
        let hash = self.hash_of(cells);
        self.set.insert(&words, hash)
    }

    /// The box cells of configuration `id`, in dense order.
    pub(crate) fn cells_of(&self, id: ConfigId, cells: &mut Vec<Cell>) {
        cells.clear();
        cells.extend(bits::ones(self.set.bits(id)).map(|dense| self.model.floor[dense]));
    }

    /// Puts configuration `id` on the working position with the pusher on `pusher`
    /// (a free cell of that configuration).
    pub(crate) fn load(&mut self, id: ConfigId, pusher: Cell) {
        if self.loaded != id {
            let floor = &self.model.floor;
            let new = self.set.bits(id);
            // Boxes leave first, so the pusher's cell is free before boxes arrive.
            for (index, (&old, &new)) in self.loaded_bits.iter().zip(new).enumerate() {
                for bit in bits::ones(&[old & !new]) {
                    let dense = DenseId::new(index as u32 * 64 + bit.get());
                    self.position.remove_box(floor[dense]);
                }
            }
            let _ = self.position.set_pusher(pusher);
            for (index, (&old, &new)) in self.loaded_bits.iter().zip(new).enumerate() {
                for bit in bits::ones(&[new & !old]) {
                    let dense = DenseId::new(index as u32 * 64 + bit.get());
                    let _ = self.position.put_box(floor[dense]);
                }
            }
            self.loaded_bits.copy_from_slice(new);
            self.boxes.clear();
            self.boxes.extend(bits::ones(new).map(|dense| floor[dense]));
            self.hash = self.set.hash(id);
            self.loaded = id;
        }
        let _ = self.position.set_pusher(pusher);
    }

    /// The id of the loaded configuration with the box on `from` moved to `to`, if
    /// the set holds it.
    #[inline]
    pub(crate) fn find_child(&mut self, from: Cell, to: Cell) -> Option<ConfigId> {
        let hash = self.child(from, to);
        self.set.find(&self.child_bits, hash)
    }

    /// Stores the loaded configuration with the box on `from` moved to `to`.
    pub(crate) fn insert_child(&mut self, from: Cell, to: Cell) -> Result<Inserted, Full> {
        let hash = self.child(from, to);
        let bits = std::mem::take(&mut self.child_bits);
        let result = self.set.insert(&bits, hash);
        self.child_bits = bits;
        result
    }

    /// Puts the bits of the loaded configuration with the box on `from` moved to
    /// `to` in `child_bits`; returns their hash.
    #[inline]
    fn child(&mut self, from: Cell, to: Cell) -> u64 {
        self.child_bits.copy_from_slice(&self.loaded_bits);
        bits::clear(&mut self.child_bits, self.model.dense_id(from));
        bits::set(&mut self.child_bits, self.model.dense_id(to));
        let keys = &self.model.box_keys;
        self.hash ^ keys[from] ^ keys[to]
    }

    /// Pushes to the nearest goal of a box on `cell` pushed there in `direction`
    /// (`INF`: dead).
    #[inline]
    pub(crate) fn pushed_distance(&self, cell: Cell, direction: Direction) -> u16 {
        self.nearest_goal[self.model.sides.neighbor_slot(cell, direction.opposite())]
    }

    /// Pushes to the nearest goal of a box on `cell` with the pusher on `pusher`.
    #[inline]
    pub(crate) fn box_distance(&self, cell: Cell, pusher: Cell) -> u16 {
        let sides = &self.model.sides;
        self.nearest_goal[sides.slot(cell, sides.side_of(cell, pusher))]
    }

    /// Bytes of the set and the working tables.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.set.memory_bytes() + self.nearest_goal.len() * 2 + self.boxes.capacity() * 4
    }
}
