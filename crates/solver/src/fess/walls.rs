//! Reachability of the goals when some boxes have become walls.
//!
//! Boxes frozen on goals never move again, so for every solution from a position
//! they are walls. With them as walls, fewer cells can still send a box to a goal
//! that is left: the pusher's sides of each cell change (a sealed goal room no
//! longer lets the pusher walk around a box), so reachability is worked out again
//! over (cell, pusher side) states, as the model does for the empty board. The
//! tables depend only on the set of walled boxes, which changes seldom, so the last
//! few are kept.

use crate::cut::CutTree;
use crate::ids::{Cell, PerCell, Slot, Table};
use crate::model::Model;

/// Goal reachability with a set of boxes as walls.
#[derive(Debug, Clone, Default)]
pub(crate) struct Walled {
    /// The walled boxes, sorted (the key).
    walls: Vec<Cell>,
    cut: CutTree,
    /// Per cell: its first slot (one slot per pusher side), `Slot::NONE` for walls.
    base: PerCell<Slot>,
    /// Goals left (not walled), in order; bit `i` of a slot's set is `goals[i]`.
    pub(crate) goals: Vec<Cell>,
    words: usize,
    /// Per slot: the goals a box there (pusher on that side) can reach.
    reach: Vec<u64>,
}

impl Walled {
    /// The tables of `model` with the boxes on `walls` (sorted) as walls.
    pub(crate) fn new(model: &Model, walls: &[Cell]) -> Walled {
        let len = model.board.cells_len();
        let mut walled = PerCell::filled(false, len);
        for &cell in walls {
            walled[cell] = true;
        }
        let mut cut = CutTree::default();
        let first = model
            .floor
            .iter()
            .copied()
            .find(|&cell| !walled[cell])
            .unwrap_or(Cell::NONE);
        cut.build(model, first, |cell| walled[cell]);
        let mut base = PerCell::filled(Slot::NONE, len);
        let mut slots = 0;
        for &cell in &model.floor {
            if cut.is_open(cell) {
                base[cell] = Slot::at(slots);
                slots += usize::from(cut.side_count(cell));
            }
        }
        let slot = |cell: Cell, side: u8| Slot::new(base[cell].get() + u32::from(side));
        let goals: Vec<Cell> = model
            .goals
            .iter()
            .copied()
            .filter(|&goal| !walled[goal])
            .collect();
        let words = goals.len().div_ceil(64).max(1);
        let mut reach = vec![0_u64; slots * words];
        let mut queue: Vec<(Cell, u8)> = Vec::new();
        let mut seen: Table<Slot, bool> = Table::filled(false, slots);
        for (index, &goal) in goals.iter().enumerate() {
            seen.fill(false);
            queue.clear();
            for side in 0..cut.side_count(goal) {
                seen[slot(goal, side)] = true;
                queue.push((goal, side));
            }
            let mut next = 0;
            while let Some(&(cell, side)) = queue.get(next) {
                next += 1;
                reach[slot(cell, side).index() * words + index / 64] |= 1 << (index % 64);
                // The box came from `from`, pushed toward `cell` by a pusher standing
                // beyond `from`; after the push the pusher is on `from`, which must be
                // on side `side` of `cell`.
                for &direction in model.directions {
                    let Some(from) = model.neighbor(cell, direction) else {
                        continue;
                    };
                    if !cut.is_open(from) || cut.side_of(cell, from) != side {
                        continue;
                    }
                    let Some(behind) = model.neighbor(from, direction) else {
                        continue;
                    };
                    if !cut.is_open(behind) {
                        continue;
                    }
                    let from_side = cut.side_of(from, behind);
                    let from_slot = slot(from, from_side);
                    if !seen[from_slot] {
                        seen[from_slot] = true;
                        queue.push((from, from_side));
                    }
                }
            }
        }
        Walled {
            walls: walls.to_vec(),
            cut,
            base,
            goals,
            words,
            reach,
        }
    }

    /// Whether these are the tables of `walls`.
    pub(crate) fn is_for(&self, walls: &[Cell]) -> bool {
        self.walls == walls
    }

    /// The goal set of a box on `cell` with the pusher on `pusher` (another open
    /// cell); empty when the pusher cannot get to the box at all.
    pub(crate) fn goals_of(&self, cell: Cell, pusher: Cell) -> &[u64] {
        const NOTHING: [u64; 0] = [];
        if self.base[cell].is_none()
            || self.base[pusher].is_none()
            || !self.cut.same_tree(cell, pusher)
        {
            return &NOTHING;
        }
        let side = self.cut.side_of(cell, pusher);
        let slot = self.base[cell].index() + usize::from(side);
        &self.reach[slot * self.words..(slot + 1) * self.words]
    }

    /// Whether a box on `cell` with the pusher on `pusher` can still reach a goal.
    pub(crate) fn is_live(&self, cell: Cell, pusher: Cell) -> bool {
        self.goals_of(cell, pusher).iter().any(|&word| word != 0)
    }
}
