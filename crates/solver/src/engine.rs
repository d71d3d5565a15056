//! The push-level search engine: loads a stored position onto the working
//! [`Position`], generates its pushes (with the deadlock layers and PI-corral
//! pruning), evaluates children with the incremental matching bound, and turns a
//! path of stored positions back into steps.

use sokoengine_board::{Position, Reach};
use sokoengine_geometry::Direction;

use crate::config::{Features, StopReason};
use crate::corral::{CorralBudget, CorralScratch, Corrals, Loaded};
use crate::deadlock::{Freeze, closed_diagonal};
use crate::ids::{Cell, Costs, NodeId, PerCell, Slot, Table};
use crate::matching::{IMPOSSIBLE, Matching, Saved};
use crate::model::Model;
use crate::region::Region;
use crate::rooms::Rooms;
use crate::store::{Insert, NO_DIRECTION, Node, Store, bits};

/// A child position worked out by [`Engine::children`], not stored yet.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Child {
    pub(crate) hash: u64,
    /// The box's cell before and after the push.
    pub(crate) from: Cell,
    pub(crate) to: Cell,
    /// The child's pusher cell as the search keys it (normalized or exact).
    pub(crate) pusher: Cell,
    /// Push lower bound of the child.
    pub(crate) bound: u32,
    /// Whether every box is on a goal.
    pub(crate) solved: bool,
    /// Moves the pusher walks before this push (exact-pusher searches only).
    pub(crate) walk: u32,
    /// Pushes from the parent: 1, or the length of a macro.
    pub(crate) pushes: u32,
    /// The direction of the last push.
    pub(crate) last: Direction,
}

/// A node's matching, its boxes in row order.
#[derive(Debug, Clone)]
struct CachedMatching {
    id: NodeId,
    saved: Saved,
    cells: Vec<Cell>,
}

impl Default for CachedMatching {
    fn default() -> CachedMatching {
        CachedMatching {
            id: NodeId::NONE,
            saved: Saved::default(),
            cells: Vec::new(),
        }
    }
}

/// Entries of the matching cache.
const CACHE_ENTRIES: usize = 4096;

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
    /// Stops a long expansion (a huge board) part-way once the solve must end.
    pub(crate) deadline: crate::clock::Deadline,
    pub(crate) features: Features,
    pub(crate) key: PusherKey,
    pub(crate) position: Position,
    /// The region of the loaded position's pusher.
    pub(crate) reach: Reach,
    /// Regions of children.
    child_reach: Reach,
    pub(crate) store: Store,
    /// Box cells of the loaded position, in dense order.
    pub(crate) boxes: Vec<Cell>,
    loaded: NodeId,
    /// XOR of the loaded position's box keys.
    boxes_hash: u64,
    /// Box set of the loaded position and of the child being built.
    words: Vec<u64>,
    child_words: Vec<u64>,
    matching: Matching,
    saved: Saved,
    /// Matching rows of the loaded position's boxes.
    rows: Vec<Slot>,
    freeze: Freeze,
    corral_scratch: CorralScratch,
    /// Cut cells and smallest cells of the loaded position's region.
    region: Region,
    /// Matchings of recently generated children, by node id (direct-mapped), so
    /// that expanding a child rarely solves its matching from scratch.
    cache: Vec<CachedMatching>,
    /// The matching of the last evaluated child, and its box cells in row order.
    child_matching: CachedMatching,
    /// Goal rooms with packing orders, when goal macros are on.
    pub(crate) rooms: Option<Rooms>,
    /// Whether macros that may cut solutions (tunnels, goal rooms) are on: only in
    /// searches that prove nothing by running out of positions.
    pub(crate) macros: bool,
    /// Whether a PI-corral restricts the pushes generated to its boxes (else only
    /// its deadlock verdict is used). The restriction keeps a solution for a search
    /// that is complete; a greedy search forced into a corral its heuristic would
    /// leave for later can lose its way on large boards.
    pub(crate) pi_restriction: bool,
    /// Per goal room: boxes inside, and whether they sit exactly on the first goals
    /// of its packing order (for the loaded position).
    room_boxes: Vec<usize>,
    room_packed: Vec<bool>,
    /// Per cell: the stamp of the PI-corral boxes allowed to move.
    allowed: PerCell<u32>,
    allowed_stamp: u32,
    pub(crate) deadlocks: u64,
    pub(crate) generated: u64,
    /// Whether this engine pulls (a search backwards from the solved positions).
    pulls: bool,
    /// Matching costs per (slot, box target) and dead sides: toward the goals when
    /// pushing, toward the start cells when pulling.
    costs: &'m Costs,
    dead_sides: &'m Table<Slot, bool>,
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
        store.fixed_bytes = model.memory_bytes();
        let len = model.board.cells_len();
        Engine {
            model,
            features,
            deadline: crate::clock::Deadline::default(),
            key,
            position: model.empty_position(),
            reach: Reach::new(),
            child_reach: Reach::new(),
            store,
            boxes: Vec::new(),
            loaded: NodeId::NONE,
            boxes_hash: 0,
            words: Vec::new(),
            child_words: Vec::new(),
            matching: Matching::default(),
            saved: Saved::default(),
            rows: Vec::new(),
            freeze: Freeze::new(len),
            corral_scratch: CorralScratch::default(),
            region: Region::default(),
            cache: Vec::new(),
            child_matching: CachedMatching::default(),
            rooms: None,
            macros: false,
            pi_restriction: true,
            room_boxes: Vec::new(),
            room_packed: Vec::new(),
            allowed: PerCell::filled(0, len),
            allowed_stamp: 0,
            deadlocks: 0,
            generated: 0,
            pulls: false,
            costs: &model.distances,
            dead_sides: &model.dead_side,
        }
    }

    /// An engine that pulls boxes from the solved positions back toward the start
    /// (normalized pusher, no goal macros or push-only pruning).
    pub(crate) fn reverse(model: &'m Model, features: Features, budget: usize) -> Self {
        let mut engine = Engine::new(model, features, PusherKey::Normalized, budget);
        let reverse = model.reverse();
        engine.pulls = true;
        engine.costs = &reverse.distances;
        engine.dead_sides = &reverse.dead_side;
        engine.store.fixed_bytes += reverse.distances.memory_bytes() + reverse.dead_side.len();
        engine
    }

    /// The box set of `cells` as words.
    pub(crate) fn words_of(&self, cells: &[Cell]) -> Vec<u64> {
        let mut words = vec![0; self.store.words()];
        for &cell in cells {
            bits::set(&mut words, self.model.dense_id(cell));
        }
        words
    }

    /// The key of the pusher on `cell` with the boxes of the working position.
    pub(crate) fn pusher_key_of(&mut self, cell: Cell) -> Cell {
        match self.key {
            PusherKey::Exact => cell,
            PusherKey::Normalized => {
                let region = self.position.reachable_into(cell, &mut self.child_reach);
                region.iter().copied().min().unwrap_or(cell)
            }
        }
    }

    /// Stores the position of `cells` with the pusher on `pusher` as a root (no
    /// parent) and loads it. `None` when the position is a deadlock at once (no
    /// box-goal matching) or the memory budget is used up.
    pub(crate) fn store_root(
        &mut self,
        cells: &[Cell],
        pusher: Cell,
    ) -> Result<Option<NodeId>, StopReason> {
        self.place(cells, pusher);
        let key = self.pusher_key_of(pusher);
        let _ = self.position.set_pusher(key);
        let Some(bound) = self.evaluate_loaded() else {
            return Ok(None);
        };
        let node = Node {
            hash: self.boxes_hash ^ self.model.base_hash ^ self.model.pusher_keys[key],
            parent: NodeId::NONE,
            pusher: key,
            cost: 0,
            pushes: 0,
            moved_from: Cell::NONE,
            moved_to: Cell::NONE,
            last: NO_DIRECTION,
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
    pub(crate) fn place(&mut self, cells: &[Cell], pusher: Cell) -> u64 {
        for &cell in &self.boxes {
            self.position.remove_box(cell);
        }
        self.boxes.clear();
        // With no box on the board the pusher's cell is free; the boxes then go
        // around it.
        let _ = self.position.set_pusher(pusher);
        let mut sorted = cells.to_vec();
        sorted.sort_unstable_by_key(|&cell| self.model.dense_id(cell));
        self.boxes_hash = 0;
        for &cell in &sorted {
            // The caller's cells are distinct active cells, none the pusher's.
            let _ = self.position.put_box(cell);
            self.boxes_hash ^= self.model.box_keys[cell];
        }
        self.boxes = sorted;
        self.words = self.words_of(&self.boxes);
        self.loaded = NodeId::NONE;
        self.boxes_hash ^ self.model.base_hash ^ self.model.pusher_keys[pusher]
    }

    /// Loads stored node `id` onto the working position.
    pub(crate) fn load(&mut self, id: NodeId) {
        if self.loaded == id {
            return;
        }
        for &cell in &self.boxes {
            self.position.remove_box(cell);
        }
        self.boxes.clear();
        let _ = self.position.set_pusher(self.store.node(id).pusher);
        self.words.clear();
        self.words.extend_from_slice(self.store.boxes(id));
        self.boxes_hash = 0;
        for dense in bits::ones(&self.words) {
            let cell = self.model.floor[dense];
            let _ = self.position.put_box(cell);
            self.boxes.push(cell);
            self.boxes_hash ^= self.model.box_keys[cell];
        }
        self.loaded = id;
    }

    /// Matching rows of the loaded position; returns its push lower bound
    /// (`None` for a bipartite deadlock).
    pub(crate) fn evaluate_loaded(&mut self) -> Option<u32> {
        if self.loaded != NodeId::NONE && !self.cache.is_empty() {
            let entry = &self.cache[self.loaded.index() % CACHE_ENTRIES];
            if entry.id == self.loaded {
                self.matching.restore(&entry.saved);
                // Boxes in the cached matching's row order.
                self.boxes.clone_from(&entry.cells);
                let cost = self.matching.total(self.costs);
                return (cost < IMPOSSIBLE).then_some(cost as u32);
            }
        }
        let pusher = self.position.pusher();
        self.rows.clear();
        for &cell in &self.boxes {
            let side = self.model.sides.side_of(cell, pusher);
            self.rows.push(self.model.sides.slot(cell, side));
        }
        let cost = self.matching.solve(self.costs, &self.rows);
        (cost < IMPOSSIBLE).then_some(cost as u32)
    }

    /// Keeps the matching of the child evaluated last as that of node `id`.
    pub(crate) fn remember_child(&mut self, id: NodeId) {
        if self.cache.is_empty() {
            self.cache = vec![CachedMatching::default(); CACHE_ENTRIES];
        }
        let entry = &mut self.cache[id.index() % CACHE_ENTRIES];
        std::mem::swap(entry, &mut self.child_matching);
        entry.id = id;
    }

    /// Whether the box just pushed onto `cell` makes a local deadlock by the layers
    /// that are on: freeze, or a closed diagonal (Sokoban patterns).
    fn local_deadlock(&mut self, cell: Cell) -> bool {
        self.features.freeze && self.freeze.is_deadlock(self.model, &self.position, cell)
            || self.features.patterns && closed_diagonal(self.model, &self.position, cell)
    }

    /// Whether the box on `cell` of the loaded position closes a diagonal off a
    /// goal (Sokoban patterns).
    pub(crate) fn is_closed_diagonal(&self, cell: Cell) -> bool {
        closed_diagonal(self.model, &self.position, cell)
    }

    /// Whether the box on `cell` of the loaded position is frozen off a goal.
    pub(crate) fn is_frozen_deadlock(&mut self, cell: Cell) -> bool {
        self.freeze.is_deadlock(self.model, &self.position, cell)
    }

    /// Whether the box on `cell` of the loaded position can never usefully move
    /// again.
    pub(crate) fn is_frozen(&mut self, cell: Cell) -> bool {
        self.freeze.is_frozen(self.model, &self.position, cell)
    }

    /// Sets the work the corral deadlock searches of [`Engine::corrals`] may do
    /// (`CorralBudget::SMALL` unless set).
    pub(crate) fn set_corral_budget(&mut self, budget: CorralBudget) {
        self.corral_scratch.budget = budget;
    }

    /// Bytes of the corral deadlock cache.
    pub(crate) fn corral_cache_bytes(&self) -> usize {
        self.corral_scratch.memory_bytes()
    }

    /// Corral analysis of the loaded position, its region in `reach`
    /// (`corral::analyse`).
    pub(crate) fn corrals(&mut self, pi: bool, search: bool) -> Corrals {
        let loaded = Loaded {
            model: self.model,
            position: &self.position,
            reach: &self.reach,
            dead_sides: self.dead_sides,
        };
        crate::corral::analyse(loaded, &mut self.corral_scratch, pi, search)
    }

    /// Whether a box pushed in `direction` onto `cell` is dead at once: a dead
    /// square for the side the pusher ends on.
    #[inline]
    pub(crate) fn dead_push(&self, cell: Cell, direction: Direction) -> bool {
        self.dead_sides[self.model.sides.neighbor_slot(cell, direction.opposite())]
    }

    /// Calls `visit` with each legal child of the loaded position (after
    /// [`Engine::evaluate_loaded`]). Children that a deadlock layer refutes are
    /// counted in `deadlocks` and not visited. `visit` may stop the generation.
    pub(crate) fn children(
        &mut self,
        mut visit: impl FnMut(&mut Engine<'m>, Child) -> Result<bool, StopReason>,
    ) -> Result<(), StopReason> {
        if self.pulls {
            return self.pull_children(visit);
        }
        let pusher = self.position.pusher();
        self.position.reachable_into(pusher, &mut self.reach);
        let (pi, search) = (self.features.pi_corrals, self.features.corral_deadlocks);
        let restricted = if pi || search {
            match self.corrals(pi, search) {
                Corrals::Deadlock(_) => {
                    self.deadlocks += 1;
                    return Ok(());
                }
                // The restriction keeps push counts, not walks: an exact-pusher
                // (move-optimal) search keeps only the deadlock answer.
                Corrals::Only(_) if self.key == PusherKey::Exact || !self.pi_restriction => false,
                Corrals::Only(boxes) => {
                    self.allowed_stamp = self.allowed_stamp.wrapping_add(1);
                    if self.allowed_stamp == 0 {
                        self.allowed.fill(0);
                        self.allowed_stamp = 1;
                    }
                    for cell in boxes {
                        self.allowed[cell] = self.allowed_stamp;
                    }
                    true
                }
                Corrals::None => false,
            }
        } else {
            false
        };
        if self.key == PusherKey::Normalized {
            self.region.analyse(self.model, &self.reach, pusher);
        }
        self.matching.save(&mut self.saved);
        let rooms = self.rooms.is_some();
        if rooms {
            self.room_state();
        }
        let count = self.boxes.len();
        for index in 0..count {
            self.deadline.check()?;
            let from = self.boxes[index];
            if restricted && self.allowed[from] != self.allowed_stamp {
                continue;
            }
            if rooms {
                if self.is_packed(from) {
                    continue;
                }
                // A box on a door of a room ready for it goes straight to its goal.
                if let Some(goal) = self.next_goal_from_door(from) {
                    if let Some(child) = self.try_macro(index, from, None, goal, None)? {
                        if !visit(self, child)? {
                            return Ok(());
                        }
                    }
                }
            }
            for &direction in self.model.directions {
                let Some(behind) = self.model.neighbor(from, direction.opposite()) else {
                    continue;
                };
                if !self.reach.reached(behind) {
                    continue;
                }
                let Some(to) = self.position.push_target(from, direction) else {
                    continue;
                };
                if self.dead_push(to, direction) {
                    continue;
                }
                if rooms {
                    if self.enters_ready_room(to) {
                        continue;
                    }
                    if let Some(goal) = self.next_goal_through(from, to) {
                        if let Some(child) =
                            self.try_macro(index, from, Some(direction), goal, None)?
                        {
                            if !visit(self, child)? {
                                return Ok(());
                            }
                            continue;
                        }
                    }
                }
                if let Some(end) = self.tunnel_end(from, to, direction) {
                    if let Some(child) =
                        self.try_macro(index, from, Some(direction), end, Some(direction))?
                    {
                        if !visit(self, child)? {
                            return Ok(());
                        }
                        continue;
                    }
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

    /// A tunnel macro (Sokoban, with macros on): after the push of the box on
    /// `from` to `to`, while the pusher stands in a tunnel (walls on both sides
    /// across the push) and the box is on no goal, the only useful move is to push
    /// on, so the box goes on to the end of the tunnel. The cell it stops on, when
    /// that is beyond `to`.
    fn tunnel_end(&self, from: Cell, to: Cell, direction: Direction) -> Option<Cell> {
        if !self.macros
            || !self.features.tunnels
            || self.model.tessellation != sokoengine_geometry::Tessellation::Sokoban
        {
            return None;
        }
        let across = match direction {
            Direction::Left | Direction::Right => [Direction::Up, Direction::Down],
            _ => [Direction::Left, Direction::Right],
        };
        let walled = |cell: Cell| {
            across
                .iter()
                .all(|&d| self.model.neighbor(cell, d).is_none())
        };
        let (mut pusher, mut end) = (from, to);
        while walled(pusher) && !self.position.is_goal(end) {
            let Some(next) = self.model.neighbor(end, direction) else {
                break;
            };
            if next == from || self.position.has_box(next) || self.dead_push(next, direction) {
                break;
            }
            pusher = end;
            end = next;
        }
        (end != to).then_some(end)
    }

    /// The children of the loaded position of a pull search: every pull of a box
    /// by the pusher from its region, bounded by the matching toward the start
    /// cells. Pulls have no freeze or corral pruning (those are push rules).
    fn pull_children(
        &mut self,
        mut visit: impl FnMut(&mut Engine<'m>, Child) -> Result<bool, StopReason>,
    ) -> Result<(), StopReason> {
        let loaded = self.position.pusher();
        self.position.reachable_into(loaded, &mut self.reach);
        self.matching.save(&mut self.saved);
        for index in 0..self.boxes.len() {
            self.deadline.check()?;
            let from = self.boxes[index];
            for &direction in self.model.directions {
                // The pusher on `next` steps on to `beyond`; the box follows onto `next`.
                let Some(next) = self.model.neighbor(from, direction) else {
                    continue;
                };
                if !self.reach.reached(next) {
                    continue;
                }
                let Some(beyond) = self.model.neighbor(next, direction) else {
                    continue;
                };
                if !self.position.is_free(beyond) {
                    continue;
                }
                let row = self.model.sides.neighbor_slot(next, direction);
                if self.dead_sides[row] {
                    continue;
                }
                let _ = self.position.set_pusher(next);
                if self.position.pull(direction).is_err() {
                    let _ = self.position.set_pusher(loaded);
                    continue;
                }
                self.generated += 1;
                let cost = self.matching.update(self.costs, index, row);
                let child = if cost >= IMPOSSIBLE {
                    self.deadlocks += 1;
                    None
                } else {
                    self.matching.save(&mut self.child_matching.saved);
                    self.child_matching.cells.clone_from(&self.boxes);
                    self.child_matching.cells[index] = next;
                    let region = self.position.reachable_into(beyond, &mut self.child_reach);
                    let pusher = region.iter().copied().min().unwrap_or(beyond);
                    let hash = self.boxes_hash
                        ^ self.model.box_keys[from]
                        ^ self.model.box_keys[next]
                        ^ self.model.base_hash
                        ^ self.model.pusher_keys[pusher];
                    Some(Child {
                        hash,
                        from,
                        to: next,
                        pusher,
                        bound: cost as u32,
                        solved: false,
                        walk: 0,
                        pushes: 1,
                        last: direction,
                    })
                };
                self.matching.restore(&self.saved);
                // Undo: the push back is the pull's inverse.
                let _ = self.position.push(next, direction.opposite());
                let _ = self.position.set_pusher(loaded);
                if let Some(child) = child {
                    if !visit(self, child)? {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    /// Boxes per goal room and whether each room is packed in order so far.
    fn room_state(&mut self) {
        let Some(rooms) = &self.rooms else { return };
        let count = rooms.rooms.len();
        self.room_boxes.clear();
        self.room_boxes.resize(count, 0);
        self.room_packed.clear();
        self.room_packed.resize(count, true);
        for &cell in &self.boxes {
            if let Some(room) = rooms.room_of(cell) {
                self.room_boxes[room] += 1;
            }
        }
        for &cell in &self.boxes {
            if let Some(room) = rooms.room_of(cell) {
                if rooms
                    .rank(cell)
                    .is_none_or(|rank| rank >= self.room_boxes[room])
                {
                    self.room_packed[room] = false;
                }
            }
        }
    }

    /// Whether the box on `cell` is one of its room's packed boxes.
    fn is_packed(&self, cell: Cell) -> bool {
        let Some(rooms) = &self.rooms else {
            return false;
        };
        rooms
            .room_of(cell)
            .is_some_and(|room| self.room_packed[room])
    }

    /// Whether `cell` lies in a room that is packed in order so far (boxes enter it
    /// only by goal macros).
    fn enters_ready_room(&self, cell: Cell) -> bool {
        self.is_packed(cell)
    }

    /// The next goal of the packed-so-far room whose door `cell` is.
    fn next_goal_from_door(&self, cell: Cell) -> Option<Cell> {
        let rooms = self.rooms.as_ref()?;
        let room = rooms.door_of(cell)?;
        if !self.room_packed[room] {
            return None;
        }
        rooms.rooms[room].order.get(self.room_boxes[room]).copied()
    }

    /// The next goal when a push from `from` (outside every room) brings a box onto
    /// a door of a room packed so far.
    fn next_goal_through(&self, from: Cell, to: Cell) -> Option<Cell> {
        let rooms = self.rooms.as_ref()?;
        if rooms.room_of(from).is_some() {
            return None;
        }
        self.next_goal_from_door(to)
    }

    /// A macro move: the box `index` on `from` (pushed first in direction `first`,
    /// if given) travels by pushes to `goal`, the last one in direction `last` when
    /// given. Evaluated like a push and undone; `None` when there is no route or a
    /// deadlock layer refutes the result.
    pub(crate) fn try_macro(
        &mut self,
        index: usize,
        from: Cell,
        first: Option<Direction>,
        goal: Cell,
        last_push: Option<Direction>,
    ) -> Result<Option<Child>, StopReason> {
        let loaded = self.position.pusher();
        let mut cell = from;
        let mut pushes = 0;
        let mut last = Direction::Up;
        let undo = |engine: &mut Engine<'m>, cell: Cell| {
            let _ = engine.position.relocate_box(cell, from);
            let _ = engine.position.set_pusher(loaded);
        };
        if let Some(direction) = first {
            let Ok(next) = self.position.push(from, direction) else {
                return Ok(None);
            };
            cell = next;
            pushes = 1;
            last = direction;
        }
        let route = crate::route::box_route(self.model, &mut self.position, cell, goal, last_push);
        if route.is_empty() && cell != goal {
            undo(self, cell);
            return Ok(None);
        }
        for direction in route {
            let Ok(next) = self.position.push(cell, direction) else {
                undo(self, cell);
                return Ok(None);
            };
            cell = next;
            pushes += 1;
            last = direction;
        }
        self.generated += 1;
        let solved = self.position.is_solved();
        if !solved && self.local_deadlock(goal) {
            self.deadlocks += 1;
            undo(self, cell);
            return Ok(None);
        }
        let row = self.model.sides.neighbor_slot(goal, last.opposite());
        let cost = self.matching.update(self.costs, index, row);
        if cost >= IMPOSSIBLE {
            self.matching.restore(&self.saved);
            self.deadlocks += 1;
            undo(self, cell);
            return Ok(None);
        }
        self.matching.save(&mut self.child_matching.saved);
        self.child_matching.cells.clone_from(&self.boxes);
        self.child_matching.cells[index] = goal;
        self.matching.restore(&self.saved);
        let pusher = {
            let region = self
                .position
                .reachable_into(self.position.pusher(), &mut self.child_reach);
            region
                .iter()
                .copied()
                .min()
                .unwrap_or(self.position.pusher())
        };
        let hash = self.boxes_hash
            ^ self.model.box_keys[from]
            ^ self.model.box_keys[goal]
            ^ self.model.base_hash
            ^ self.model.pusher_keys[pusher];
        undo(self, cell);
        Ok(Some(Child {
            hash,
            from,
            to: goal,
            pusher,
            bound: cost as u32,
            solved,
            walk: 0,
            pushes,
            last,
        }))
    }

    /// Pushes box `index` from `from` to `to`, evaluates the child and undoes the
    /// push. `None` when a deadlock layer refutes the child.
    fn try_push(
        &mut self,
        index: usize,
        from: Cell,
        to: Cell,
        direction: Direction,
        behind: Cell,
    ) -> Result<Option<Child>, StopReason> {
        // The push itself is the compact core's rule.
        if self.position.push(from, direction).is_err() {
            return Ok(None);
        }
        let solved = self.position.is_solved();
        let result = self.evaluate_child(index, from, to, direction, behind, solved);
        // Undo: the pull in the opposite direction is the push's inverse.
        let undone = self.position.pull(direction.opposite());
        debug_assert!(undone.is_ok(), "a pull undoes every push");
        let _ = self.position.set_pusher(self.loaded_pusher(behind));
        Ok(result)
    }

    /// The loaded position's pusher cell (pulls leave it behind the box).
    fn loaded_pusher(&self, fallback: Cell) -> Cell {
        if self.loaded == NodeId::NONE {
            fallback
        } else {
            self.store.node(self.loaded).pusher
        }
    }

    fn evaluate_child(
        &mut self,
        index: usize,
        from: Cell,
        to: Cell,
        direction: Direction,
        behind: Cell,
        solved: bool,
    ) -> Option<Child> {
        self.generated += 1;
        if !solved && self.local_deadlock(to) {
            self.deadlocks += 1;
            return None;
        }
        let row = self.model.sides.neighbor_slot(to, direction.opposite());
        let cost = self.matching.update(self.costs, index, row);
        if cost >= IMPOSSIBLE {
            self.matching.restore(&self.saved);
            self.deadlocks += 1;
            return None;
        }
        self.matching.save(&mut self.child_matching.saved);
        self.child_matching.cells.clone_from(&self.boxes);
        self.child_matching.cells[index] = to;
        self.matching.restore(&self.saved);
        let pusher = match self.key {
            PusherKey::Exact => from,
            PusherKey::Normalized => self.child_pusher_key(from, to),
        };
        let hash = self.boxes_hash
            ^ self.model.box_keys[from]
            ^ self.model.box_keys[to]
            ^ self.model.base_hash
            ^ self.model.pusher_keys[pusher];
        let walk = if self.key == PusherKey::Exact {
            self.reach.distance(behind).unwrap_or(0)
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
            pushes: 1,
            last: direction,
        })
    }

    /// The normalized pusher cell after the push of the box on `from` to `to`
    /// (the pushed position is on the board): from the parent's region analysis
    /// when the push neither opens new cells nor splits the region, else by a
    /// flood fill.
    fn child_pusher_key(&mut self, from: Cell, to: Cell) -> Cell {
        let opens = self.model.directions.iter().any(|&direction| {
            self.model.neighbor(from, direction).is_some_and(|next| {
                next != to && !self.reach.reached(next) && self.position.is_free(next)
            })
        });
        let splits = self.reach.reached(to) && self.region.is_cut(to);
        if opens || splits {
            let region = self.position.reachable_into(from, &mut self.child_reach);
            return region.iter().copied().min().unwrap_or(from);
        }
        let rest = if self.reach.reached(to) && to == self.region.min {
            self.region.second
        } else {
            self.region.min
        };
        rest.min(from)
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
            last: child.last.index() as u8,
            bound: child.bound,
            flags: 0,
        };
        self.child_words.clone_from(&self.words);
        bits::clear(&mut self.child_words, self.model.dense_id(child.from));
        bits::set(&mut self.child_words, self.model.dense_id(child.to));
        let words = std::mem::take(&mut self.child_words);
        let result = self.store.insert(node, &words);
        self.child_words = words;
        result
    }

    /// The steps (tessellation letters, upper case = push) that play the stored
    /// path from its root to `last`: the pusher walks shortest paths between
    /// pushes. `root_pusher` is the exact start cell of the pusher.
    pub(crate) fn steps_to(&mut self, last: NodeId, root_pusher: Cell) -> String {
        let path = self.store.path_to(last);
        let root_boxes: Vec<Cell> = self
            .model
            .cells_of(bits::ones(self.store.boxes(path[0])))
            .collect();
        let mut writer = StepWriter::new(self.model, &root_boxes, root_pusher);
        for &id in &path[1..] {
            let node = *self.store.node(id);
            writer.move_box(
                node.moved_from,
                node.moved_to,
                Direction::from_index(usize::from(node.last)),
            );
        }
        writer.steps
    }
}

/// Writes the steps of a sequence of box moves, playing them on its own position.
#[derive(Debug)]
pub(crate) struct StepWriter<'m> {
    model: &'m Model,
    position: Position,
    reach: Reach,
    walk: Vec<Direction>,
    /// The steps so far (tessellation letters, upper case = push).
    pub(crate) steps: String,
}

impl<'m> StepWriter<'m> {
    /// A writer starting from `boxes` with the pusher on `pusher`.
    pub(crate) fn new(model: &'m Model, boxes: &[Cell], pusher: Cell) -> StepWriter<'m> {
        let mut position = model.empty_position();
        let _ = position.set_pusher(pusher);
        for &cell in boxes {
            let _ = position.put_box(cell);
        }
        StepWriter {
            model,
            position,
            reach: Reach::new(),
            walk: Vec::new(),
            steps: String::new(),
        }
    }

    /// Appends the steps that move the box on `from` to `to` by pushes (a single
    /// push, or a route found by a box search when a macro moved it further, ending
    /// with a push in direction `last` when given), the pusher walking shortest
    /// paths in between.
    pub(crate) fn move_box(&mut self, from: Cell, to: Cell, last: Option<Direction>) {
        let model = self.model;
        let route = crate::route::box_route(model, &mut self.position, from, to, last);
        let mut box_cell = from;
        for direction in route {
            let behind = model
                .neighbor(box_cell, direction.opposite())
                .unwrap_or(Cell::NONE);
            self.walk.clear();
            self.position
                .reachable_into(self.position.pusher(), &mut self.reach);
            self.reach.path_to(behind, &mut self.walk);
            for &step in &self.walk {
                let _ = self.position.step(step);
                self.steps.push(letter(model, step, false));
            }
            let _ = self.position.step(direction);
            self.steps.push(letter(model, direction, true));
            box_cell = model.neighbor(box_cell, direction).unwrap_or(Cell::NONE);
        }
    }
}

/// The step letter of `direction` (upper case for a push).
pub(crate) fn letter(model: &Model, direction: Direction, push: bool) -> char {
    model.tessellation.step_char(direction, push).unwrap_or('?')
}
