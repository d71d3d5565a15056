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
use crate::model::{Model, NONE};

/// Goal reachability with a set of boxes as walls.
#[derive(Debug, Clone, Default)]
pub(crate) struct Walled {
    /// The walled boxes, sorted (the key).
    walls: Vec<u32>,
    cut: CutTree,
    /// Per cell: its first slot (one slot per pusher side), `NONE` for walls.
    base: Vec<u32>,
    /// Goals left (not walled), in order; bit `i` of a slot's set is `goals[i]`.
    pub(crate) goals: Vec<u32>,
    words: usize,
    /// Per slot: the goals a box there (pusher on that side) can reach.
    reach: Vec<u64>,
}

impl Walled {
    /// The tables of `model` with the boxes on `walls` (sorted) as walls.
    pub(crate) fn new(model: &Model, walls: &[u32]) -> Walled {
        let len = model.board.cells_len();
        let mut walled = vec![false; len];
        for &cell in walls {
            walled[cell as usize] = true;
        }
        let mut cut = CutTree::default();
        let first = model
            .floor
            .iter()
            .copied()
            .find(|&cell| !walled[cell as usize])
            .unwrap_or(NONE);
        cut.build(model, first, |cell| walled[cell as usize]);
        let mut base = vec![NONE; len];
        let mut slots = 0_u32;
        for &cell in &model.floor {
            if cut.is_open(cell) {
                base[cell as usize] = slots;
                slots += u32::from(cut.side_count(cell));
            }
        }
        let goals: Vec<u32> = model
            .goals
            .iter()
            .copied()
            .filter(|&goal| !walled[goal as usize])
            .collect();
        let words = goals.len().div_ceil(64).max(1);
        let mut reach = vec![0_u64; slots as usize * words];
        let mut queue: Vec<(u32, u8)> = Vec::new();
        let mut seen = vec![false; slots as usize];
        for (index, &goal) in goals.iter().enumerate() {
            seen.fill(false);
            queue.clear();
            for side in 0..cut.side_count(goal) {
                seen[(base[goal as usize] + u32::from(side)) as usize] = true;
                queue.push((goal, side));
            }
            let mut next = 0;
            while let Some(&(cell, side)) = queue.get(next) {
                next += 1;
                let slot = (base[cell as usize] + u32::from(side)) as usize;
                reach[slot * words + index / 64] |= 1 << (index % 64);
                // The box came from `from`, pushed toward `cell` by a pusher standing
                // beyond `from`; after the push the pusher is on `from`, which must be
                // on side `side` of `cell`.
                for &direction in model.directions {
                    let from = model.neighbor(cell, direction);
                    if from == NONE || !cut.is_open(from) || cut.side_of(cell, from) != side {
                        continue;
                    }
                    let behind = model.neighbor(from, direction);
                    if behind == NONE || !cut.is_open(behind) {
                        continue;
                    }
                    let from_side = cut.side_of(from, behind);
                    let from_slot = (base[from as usize] + u32::from(from_side)) as usize;
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
    pub(crate) fn is_for(&self, walls: &[u32]) -> bool {
        self.walls == walls
    }

    /// The goal set of a box on `cell` with the pusher on `pusher` (another open
    /// cell); empty when the pusher cannot get to the box at all.
    pub(crate) fn goals_of(&self, cell: u32, pusher: u32) -> &[u64] {
        const NOTHING: [u64; 0] = [];
        if self.base[cell as usize] == NONE
            || self.base[pusher as usize] == NONE
            || !self.cut.same_tree(cell, pusher)
        {
            return &NOTHING;
        }
        let side = self.cut.side_of(cell, pusher);
        let slot = (self.base[cell as usize] + u32::from(side)) as usize;
        &self.reach[slot * self.words..(slot + 1) * self.words]
    }

    /// Whether a box on `cell` with the pusher on `pusher` can still reach a goal.
    pub(crate) fn is_live(&self, cell: u32, pusher: u32) -> bool {
        self.goals_of(cell, pusher).iter().any(|&word| word != 0)
    }
}
