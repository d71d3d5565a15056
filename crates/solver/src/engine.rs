//! The push-level search engine: loads a stored position onto the working
//! [`Position`], generates its pushes (with the deadlock layers and PI-corral
//! pruning), evaluates children with the incremental matching bound, and turns a
//! path of stored positions back into steps.

use sokoengine_board::{Position, Reach};
use sokoengine_geometry::Direction;

use crate::config::{Features, StopReason};
use crate::deadlock::Freeze;
use crate::matching::{IMPOSSIBLE, Matching, Saved};
use crate::model::{Model, NONE};
use crate::store::{Insert, NO_NODE, Node, NodeId, Store, bits};

/// A child position worked out by [`Engine::children`], not stored yet.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Child {
    pub(crate) hash: u64,
    /// The box's cell before and after the push.
    pub(crate) from: u32,
    pub(crate) to: u32,
    /// The child's pusher cell as the search keys it (normalized or exact).
    pub(crate) pusher: u32,
    /// Push lower bound of the child.
    pub(crate) bound: u32,
    /// Whether every box is on a goal.
    pub(crate) solved: bool,
    /// Moves the pusher walks before this push (exact-pusher searches only).
    pub(crate) walk: u32,
}

/// How positions are keyed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PusherKey {
    /// The smallest cell of the pusher's region: positions that differ only in
    /// where the pusher stands in its region are one.
    Normalized,
    /// The pusher's exact cell (move-optimal search).
    Exact,
}

/// The working state of a push-level search.
pub(crate) struct Engine<'m> {
    pub(crate) model: &'m Model,
    pub(crate) features: Features,
    pub(crate) key: PusherKey,
    pub(crate) position: Position,
    /// The region of the loaded position's pusher.
    pub(crate) reach: Reach,
    /// Regions of children.
    child_reach: Reach,
    pub(crate) store: Store,
    /// Box cells of the loaded position, in dense order.
    pub(crate) boxes: Vec<u32>,
    /// Cell → index into `boxes` (valid where a box stands).
    box_index: Vec<u32>,
    loaded: NodeId,
    /// XOR of the loaded position's box keys.
    boxes_hash: u64,
    /// Box set of the loaded position and of the child being built.
    words: Vec<u64>,
    child_words: Vec<u64>,
    matching: Matching,
    saved: Saved,
    /// Matching rows of the loaded position's boxes.
    rows: Vec<u32>,
    freeze: Freeze,
    pub(crate) corrals: crate::corral::CorralScratch,
    pub(crate) deadlocks: u64,
    pub(crate) generated: u64,
}

impl std::fmt::Debug for Engine<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("key", &self.key)
            .field("stored", &self.store.len())
            .finish_non_exhaustive()
    }
}

impl<'m> Engine<'m> {
    pub(crate) fn new(model: &'m Model, features: Features, key: PusherKey, budget: usize) -> Self {
        let mut store = Store::new(model.floor.len(), budget);
        store.other_bytes = model.memory_bytes();
        let len = model.board.cells_len();
        Engine {
            model,
            features,
            key,
            position: model.empty_position(),
            reach: Reach::new(),
            child_reach: Reach::new(),
            store,
            boxes: Vec::new(),
            box_index: vec![NONE; len],
            loaded: NO_NODE,
            boxes_hash: 0,
            words: Vec::new(),
            child_words: Vec::new(),
            matching: Matching::default(),
            saved: Saved::default(),
            rows: Vec::new(),
            freeze: Freeze::new(len),
            corrals: crate::corral::CorralScratch::default(),
            deadlocks: 0,
            generated: 0,
        }
    }

    /// The box set of `cells` as words.
    pub(crate) fn words_of(&self, cells: &[u32]) -> Vec<u64> {
        let mut words = vec![0; self.store.words()];
        for &cell in cells {
            bits::set(&mut words, self.model.dense[cell as usize]);
        }
        words
    }

    /// The key of the pusher on `cell` with the boxes of the working position.
    pub(crate) fn pusher_key_of(&mut self, cell: u32) -> u32 {
        match self.key {
            PusherKey::Exact => cell,
            PusherKey::Normalized => {
                let region = self
                    .position
                    .reachable_into(cell as usize, &mut self.child_reach);
                region.iter().copied().min().unwrap_or(cell as usize) as u32
            }
        }
    }

    /// Stores the position of `cells` with the pusher on `pusher` as a root (no
    /// parent) and loads it. `None` when the position is a deadlock at once (no
    /// box-goal matching) or the memory budget is used up.
    pub(crate) fn store_root(
        &mut self,
        cells: &[u32],
        pusher: u32,
    ) -> Result<Option<NodeId>, StopReason> {
        self.place(cells, pusher);
        let key = self.pusher_key_of(pusher);
        let _ = self.position.set_pusher(key as usize);
        let Some(bound) = self.evaluate_loaded() else {
            return Ok(None);
        };
        let node = Node {
            hash: self.boxes_hash ^ self.model.base_hash ^ self.model.pusher_keys[key as usize],
            parent: NO_NODE,
            pusher: key,
            cost: 0,
            pushes: 0,
            moved_from: NONE,
            moved_to: NONE,
            bound,
            flags: 0,
        };
        let words = std::mem::take(&mut self.words);
        let result = self.store.insert(node, &words);
        self.words = words;
        let id = match result? {
            Insert::New(id) | Insert::Known(id) => id,
        };
        self.loaded = id;
        Ok(Some(id))
    }

    /// Puts the boxes of `cells` on the working position (removing the loaded ones)
    /// with the pusher on `pusher`; returns the position's hash.
    pub(crate) fn place(&mut self, cells: &[u32], pusher: u32) -> u64 {
        for &cell in &self.boxes {
            self.position.remove_box(cell as usize);
        }
        self.boxes.clear();
        // With no box on the board the pusher's cell is free; the boxes then go
        // around it.
        let _ = self.position.set_pusher(pusher as usize);
        let mut sorted = cells.to_vec();
        sorted.sort_unstable_by_key(|&cell| self.model.dense[cell as usize]);
        self.boxes_hash = 0;
        for (index, &cell) in sorted.iter().enumerate() {
            // The caller's cells are distinct active cells, none the pusher's.
            let _ = self.position.put_box(cell as usize);
            self.box_index[cell as usize] = index as u32;
            self.boxes_hash ^= self.model.box_keys[cell as usize];
        }
        self.boxes = sorted;
        self.words = self.words_of(&self.boxes);
        self.loaded = NO_NODE;
        self.boxes_hash ^ self.model.base_hash ^ self.model.pusher_keys[pusher as usize]
    }

    /// Loads stored node `id` onto the working position.
    pub(crate) fn load(&mut self, id: NodeId) {
        if self.loaded == id {
            return;
        }
        for &cell in &self.boxes {
            self.position.remove_box(cell as usize);
        }
        self.boxes.clear();
        let _ = self
            .position
            .set_pusher(self.store.node(id).pusher as usize);
        self.words.clear();
        self.words.extend_from_slice(self.store.boxes(id));
        self.boxes_hash = 0;
        for dense in bits::ones(&self.words) {
            let cell = self.model.floor[dense as usize];
            let _ = self.position.put_box(cell as usize);
            self.box_index[cell as usize] = self.boxes.len() as u32;
            self.boxes.push(cell);
            self.boxes_hash ^= self.model.box_keys[cell as usize];
        }
        self.loaded = id;
    }

    /// Matching rows of the loaded position; returns its push lower bound
    /// (`None` for a bipartite deadlock).
    pub(crate) fn evaluate_loaded(&mut self) -> Option<u32> {
        let pusher = self.position.pusher() as u32;
        self.rows.clear();
        for &cell in &self.boxes {
            let side = self.model.sides.side_of(cell, pusher);
            self.rows.push(self.model.sides.slot(cell, side) as u32);
        }
        let cost = self.matching.solve(&self.model.distances, &self.rows);
        (cost < IMPOSSIBLE).then_some(cost as u32)
    }

    /// Whether the box on `cell` of the loaded position is frozen off a goal.
    pub(crate) fn is_frozen_deadlock(&mut self, cell: u32) -> bool {
        self.freeze.is_deadlock(self.model, &self.position, cell)
    }

    /// Whether a box pushed in `direction` onto `cell` is dead at once: a dead
    /// square for the side the pusher ends on.
    #[inline]
    pub(crate) fn dead_push(&self, cell: u32, direction: Direction) -> bool {
        let side = self.model.sides.neighbor_side(cell, direction.opposite());
        self.model.dead_side[self.model.sides.slot(cell, side)]
    }

    /// Calls `visit` with each legal child of the loaded position (after
    /// [`Engine::evaluate_loaded`]). Children that a deadlock layer refutes are
    /// counted in `deadlocks` and not visited. `visit` may stop the generation.
    pub(crate) fn children(
        &mut self,
        mut visit: impl FnMut(&mut Engine<'m>, Child) -> Result<bool, StopReason>,
    ) -> Result<(), StopReason> {
        let pusher = self.position.pusher();
        self.position.reachable_into(pusher, &mut self.reach);
        let allowed = if self.features.pi_corrals {
            match crate::corral::pi_corral(self) {
                crate::corral::Corrals::Deadlock => {
                    self.deadlocks += 1;
                    return Ok(());
                }
                crate::corral::Corrals::Only(boxes) => Some(boxes),
                crate::corral::Corrals::None => None,
            }
        } else {
            None
        };
        self.matching.save(&mut self.saved);
        let count = self.boxes.len();
        for index in 0..count {
            let from = self.boxes[index];
            if let Some(allowed) = &allowed {
                if !allowed.contains(&from) {
                    continue;
                }
            }
            for &direction in self.model.directions {
                let behind = self.model.neighbor(from, direction.opposite());
                if behind == NONE || !self.reach.reached(behind as usize) {
                    continue;
                }
                let Some(to) = self.position.push_target(from as usize, direction) else {
                    continue;
                };
                let to = to as u32;
                if self.dead_push(to, direction) {
                    continue;
                }
                if let Some(child) = self.try_push(index, from, to, direction, behind)? {
                    if !visit(self, child)? {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    /// Pushes box `index` from `from` to `to`, evaluates the child and undoes the
    /// push. `None` when a deadlock layer refutes the child.
    fn try_push(
        &mut self,
        index: usize,
        from: u32,
        to: u32,
        direction: Direction,
        behind: u32,
    ) -> Result<Option<Child>, StopReason> {
        // The push itself is the compact core's rule.
        if self.position.push(from as usize, direction).is_err() {
            return Ok(None);
        }
        self.box_index[to as usize] = index as u32;
        let solved = self.position.is_solved();
        let result = self.evaluate_child(index, from, to, direction, behind, solved);
        // Undo: the pull in the opposite direction is the push's inverse.
        let undone = self.position.pull(direction.opposite());
        debug_assert!(undone.is_ok(), "a pull undoes every push");
        let _ = self.position.set_pusher(self.loaded_pusher(behind));
        self.box_index[from as usize] = index as u32;
        Ok(result)
    }

    /// The loaded position's pusher cell (pulls leave it behind the box).
    fn loaded_pusher(&self, fallback: u32) -> usize {
        if self.loaded == NO_NODE {
            fallback as usize
        } else {
            self.store.node(self.loaded).pusher as usize
        }
    }

    fn evaluate_child(
        &mut self,
        index: usize,
        from: u32,
        to: u32,
        direction: Direction,
        behind: u32,
        solved: bool,
    ) -> Option<Child> {
        self.generated += 1;
        if !solved
            && self.features.freeze
            && self.freeze.is_deadlock(self.model, &self.position, to)
        {
            self.deadlocks += 1;
            return None;
        }
        let side = self.model.sides.neighbor_side(to, direction.opposite());
        let row = self.model.sides.slot(to, side) as u32;
        let cost = self.matching.update(&self.model.distances, index, row);
        self.matching.restore(&self.saved);
        if cost >= IMPOSSIBLE {
            self.deadlocks += 1;
            return None;
        }
        let pusher = match self.key {
            PusherKey::Exact => from,
            PusherKey::Normalized => {
                let region = self
                    .position
                    .reachable_into(from as usize, &mut self.child_reach);
                region.iter().copied().min().unwrap_or(from as usize) as u32
            }
        };
        let hash = self.boxes_hash
            ^ self.model.box_keys[from as usize]
            ^ self.model.box_keys[to as usize]
            ^ self.model.base_hash
            ^ self.model.pusher_keys[pusher as usize];
        let walk = if self.key == PusherKey::Exact {
            self.reach.distance(behind as usize).unwrap_or(0)
        } else {
            0
        };
        Some(Child {
            hash,
            from,
            to,
            pusher,
            bound: cost as u32,
            solved,
            walk,
        })
    }

    /// Stores a child of the loaded node `parent`.
    pub(crate) fn store_child(
        &mut self,
        parent: NodeId,
        child: &Child,
        cost: u32,
        pushes: u32,
    ) -> Result<Insert, StopReason> {
        let node = Node {
            hash: child.hash,
            parent,
            pusher: child.pusher,
            cost,
            pushes,
            moved_from: child.from,
            moved_to: child.to,
            bound: child.bound,
            flags: 0,
        };
        self.child_words.clone_from(&self.words);
        bits::clear(&mut self.child_words, self.model.dense[child.from as usize]);
        bits::set(&mut self.child_words, self.model.dense[child.to as usize]);
        let words = std::mem::take(&mut self.child_words);
        let result = self.store.insert(node, &words);
        self.child_words = words;
        result
    }

    /// The steps (tessellation letters, upper case = push) that play the stored
    /// path from its root to `last`: the pusher walks shortest paths between
    /// pushes. `root_pusher` is the exact start cell of the pusher.
    pub(crate) fn steps_to(&mut self, last: NodeId, root_pusher: u32) -> String {
        let path = self.store.path_to(last);
        let root = path[0];
        let root_boxes: Vec<u32> = bits::ones(self.store.boxes(root))
            .map(|dense| self.model.floor[dense as usize])
            .collect();
        let mut position = self.model.empty_position();
        for &cell in &root_boxes {
            let _ = position.put_box(cell as usize);
        }
        let _ = position.set_pusher(root_pusher as usize);
        let mut steps = String::new();
        let mut walk = Vec::new();
        let mut reach = Reach::new();
        for &id in &path[1..] {
            let node = *self.store.node(id);
            push_steps(
                self.model,
                &mut position,
                &mut reach,
                &mut walk,
                &mut steps,
                node.moved_from,
                node.moved_to,
            );
        }
        steps
    }
}

/// Appends the steps that move the box on `from` to `to` by pushes (a single push,
/// or a route of pushes found by a box search when a macro moved it further), the
/// pusher walking shortest paths in between; plays them on `position`.
pub(crate) fn push_steps(
    model: &Model,
    position: &mut Position,
    reach: &mut Reach,
    walk: &mut Vec<Direction>,
    steps: &mut String,
    from: u32,
    to: u32,
) {
    let route = crate::route::box_route(model, position, from, to);
    let mut box_cell = from as usize;
    for direction in route {
        let behind = model.neighbor(box_cell as u32, direction.opposite());
        walk.clear();
        position.reachable_into(position.pusher(), reach);
        reach.path_to(behind as usize, walk);
        for &step in walk.iter() {
            let _ = position.step(step);
            steps.push(letter(model, step, false));
        }
        let _ = position.step(direction);
        steps.push(letter(model, direction, true));
        box_cell = model.neighbor(box_cell as u32, direction) as usize;
    }
}

/// The step letter of `direction` (upper case for a push).
pub(crate) fn letter(model: &Model, direction: Direction, push: bool) -> char {
    model.tessellation.step_char(direction, push).unwrap_or('?')
}
