//! Proofs of no solution by relaxed pull searches from the solved position
//! (docs/solver.md, "Relaxed pull proofs").
//!
//! A solution played backwards is a pull search from a solved position to the
//! start. That search is as large as the level, so this one keeps only part of it:
//! a *room* of the cells within `d` pulls of a goal. The boxes that end on the
//! room's goals are followed backwards while they stay in the room; the first
//! time one is pulled out of it (played forwards: the last time it comes in), it
//! is taken off the board and only the cell it was pulled onto is remembered, a
//! *drop*. Fewer boxes only make pulls easier, so every real solution still shows
//! as a path of this search. What keeps the search honest is the start: each box
//! followed, each drop and each goal outside the room belongs to a different box
//! of the start, one whose single-box pushes (other boxes gone) reach that cell;
//! the search keeps only positions where such a matching exists. It succeeds when
//! the boxes still followed all stand on start cells with the matching intact.
//! When the search runs out of positions without succeeding, no solution exists.
//!
//! The rooms grow with `d`. A room whose search reaches the start proves nothing
//! and the next is tried, until one proves the level dead, the largest room
//! reaches the start too, or a search runs out of its budget.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use sokoengine_board::{Position, Reach};

use crate::ids::{Cell, PerCell, Slot, Table};
use crate::model::{INF, Model, Way};
use crate::store::{FastSet, fast_set};

/// Positions one room's search may store before the proof gives up.
const ROOM_STATES: usize = 40_000;

/// Positions all rooms' searches may store together before the proof gives up:
/// on a solvable level the proof only costs time, about a second at most.
const PROOF_STATES: usize = 120_000;

/// More start boxes than this and no proof is tried (the matchings grow with the
/// square of the boxes).
const MAX_PROOF_BOXES: usize = 256;

/// Where a relaxed proof stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// A room's search ran out of positions: the level has no solution.
    Dead,
    /// Every room's search reached the start, or one ran out of its budget: no
    /// proof.
    Open,
}

/// A relaxed pull proof in progress, resumable a step at a time.
#[derive(Debug)]
pub(crate) struct RelaxedProof<'m> {
    model: &'m Model,
    /// Per cell, the start box standing on it plus one (0: none).
    start_on: PerCell<u16>,
    /// Per cell, the index in `signatures` of the start boxes that can reach it.
    signature_of: PerCell<u32>,
    /// Distinct sets of start boxes, as bit words.
    signatures: Vec<Vec<u64>>,
    /// Per cell, the fewest pulls that bring a box there from a goal (`INF`:
    /// never).
    goal_distance: PerCell<u16>,
    /// The room radii still to try, smallest first (reversed: the next is last).
    radii: Vec<u16>,
    room: Option<Room>,
    matcher: Matcher,
    position: Position,
    /// The boxes placed on `position`.
    placed: Vec<Cell>,
    /// The pusher's region of the position expanded, and of a child.
    region: Reach,
    reach: Reach,
    verdict: Option<Verdict>,
    /// Positions stored, over all rooms.
    states: usize,
    /// Bytes the proof may hold; past them it gives up.
    budget: usize,
}

/// The search of one room.
#[derive(Debug)]
struct Room {
    inside: PerCell<bool>,
    /// How many goals lie in the room: boxes followed plus drops.
    followed: usize,
    /// Signature ids of the goals outside the room.
    outside_goals: Vec<u32>,
    /// Per cell outside the room, its drop slot (`u32::MAX` inside).
    drop_slot: PerCell<u32>,
    /// Signature id of each drop slot.
    slot_signature: Vec<u32>,
    /// Stored positions: `[pusher, box cells (sorted)..., drops per slot...]`.
    seen: FastSet<Box<[u32]>>,
    /// Open positions, fewest boxes off start cells first, then oldest.
    open: BinaryHeap<Open>,
    pushed: u64,
}

impl Room {
    /// Bytes of one stored position: in the set and in the queue, with their
    /// overheads.
    fn state_bytes(&self) -> usize {
        2 * (16 + 4 * (1 + self.followed + self.slot_signature.len())) + 48
    }
}

/// Bytes of the per-cell tables: the proof's own, its room's, and the working
/// position's with its two reach buffers.
const PER_CELL_BYTES: usize = 2 + 4 + 2 + 1 + 4 + 1 + 1 + 2 * 12;

/// An open position: boxes off start cells (fewest first), the order it was
/// stored in (oldest first), the position.
type Open = (Reverse<u32>, Reverse<u64>, Box<[u32]>);

impl<'m> RelaxedProof<'m> {
    /// A proof for the position of `boxes` with the pusher on `pusher` as the start
    /// (the level's start, or a position reached in play), within `budget` bytes.
    pub(crate) fn new(
        model: &'m Model,
        boxes: &[Cell],
        pusher: Cell,
        budget: usize,
    ) -> RelaxedProof<'m> {
        let len = model.board.cells_len();
        let mut proof = RelaxedProof {
            model,
            start_on: PerCell::new(),
            signature_of: PerCell::new(),
            signatures: Vec::new(),
            goal_distance: PerCell::new(),
            radii: Vec::new(),
            room: None,
            matcher: Matcher::default(),
            position: model.empty_position(),
            placed: Vec::new(),
            region: Reach::new(),
            reach: Reach::new(),
            verdict: None,
            states: 0,
            budget,
        };
        // The tables, and what making the sets of start boxes holds for a while: a set
        // per cell, their copies as keys of the map that numbers the distinct ones, and
        // the slot table (2 bytes) and queue (8 bytes) of each box's push reach.
        let set_bytes = 24 + boxes.len().div_ceil(64) * 8;
        let tables = len * (PER_CELL_BYTES + 2 * set_bytes) + model.sides.len() * (2 + 8);
        if boxes.len() > MAX_PROOF_BOXES || boxes.len() != model.goals.len() || tables > budget {
            proof.verdict = Some(Verdict::Open);
            return proof;
        }
        proof.start_on = PerCell::filled(0, len);
        proof.signature_of = PerCell::filled(0, len);
        proof.goal_distance = PerCell::filled(INF, len);
        for (index, &cell) in boxes.iter().enumerate() {
            proof.start_on[cell] = index as u16 + 1;
        }
        proof.signatures_of(boxes, pusher);
        proof.goal_distances();
        let mut radii: Vec<u16> = model
            .floor
            .iter()
            .map(|&cell| proof.goal_distance[cell])
            .filter(|&d| d != INF)
            .collect();
        radii.sort_unstable();
        radii.dedup();
        radii.reverse();
        proof.radii = radii;
        proof.matcher = Matcher::new(boxes.len());
        proof
    }

    /// The verdict, once reached.
    #[cfg(test)]
    pub(crate) const fn verdict(&self) -> Option<Verdict> {
        self.verdict
    }

    /// Positions stored so far, over all rooms.
    pub(crate) const fn states(&self) -> usize {
        self.states
    }

    /// Bytes held by the search.
    pub(crate) fn memory_bytes(&self) -> usize {
        let words = self.signatures.len() * self.signatures.first().map_or(0, Vec::len);
        let room = self.room.as_ref().map_or(0, |room| {
            (room.seen.len() + room.open.len()) * room.state_bytes()
        });
        self.start_on.len() * PER_CELL_BYTES + words * 8 + room
    }

    /// Works until the verdict or until `stop` says so (asked every few
    /// positions).
    pub(crate) fn run(&mut self, mut stop: impl FnMut() -> bool) -> Option<Verdict> {
        loop {
            if let Some(verdict) = self.verdict {
                return Some(verdict);
            }
            // One expansion floods the board a few times per box: on the largest
            // boards it takes milliseconds, so the limits are asked every time.
            if stop() {
                return None;
            }
            self.step();
        }
    }

    /// One expansion, or the start of the next room's search.
    fn step(&mut self) {
        let Some(room) = self.room.as_mut() else {
            match self.radii.pop() {
                Some(radius) => self.open_room(radius),
                None => self.verdict = Some(Verdict::Open),
            }
            return;
        };
        let Some((_, _, state)) = room.open.pop() else {
            // Out of positions without reaching the start.
            self.verdict = Some(Verdict::Dead);
            return;
        };
        if self.expand(&state) {
            // This room reaches the start: a larger one may not.
            self.room = None;
        }
    }

    /// Starts the search of the room of radius `radius`.
    fn open_room(&mut self, radius: u16) {
        let model = self.model;
        let len = model.board.cells_len();
        let mut inside = PerCell::filled(false, len);
        for &cell in model.floor.iter() {
            inside[cell] = self.goal_distance[cell] <= radius;
        }
        let mut drop_slot = PerCell::filled(u32::MAX, len);
        let mut slot_signature: Vec<u32> = Vec::new();
        for &cell in model.floor.iter() {
            if inside[cell] {
                continue;
            }
            let borders = model
                .directions
                .iter()
                .any(|&d| model.neighbor(cell, d).is_some_and(|n| inside[n]));
            if !borders {
                continue;
            }
            let signature = self.signature_of[cell];
            let slot = match slot_signature.iter().position(|&s| s == signature) {
                Some(slot) => slot,
                None => {
                    slot_signature.push(signature);
                    slot_signature.len() - 1
                }
            };
            drop_slot[cell] = slot as u32;
        }
        let goals_inside: Vec<Cell> = model.goals.iter().copied().filter(|&g| inside[g]).collect();
        let outside_goals = model
            .goals
            .iter()
            .filter(|&&g| !inside[g])
            .map(|&g| self.signature_of[g])
            .collect();
        let mut room = Room {
            inside,
            followed: goals_inside.len(),
            outside_goals,
            drop_slot,
            slot_signature,
            seen: fast_set(),
            open: BinaryHeap::new(),
            pushed: 0,
        };
        // One root per area the pusher can end in.
        self.load(&goals_inside, None);
        let mut covered = PerCell::filled(false, len);
        let drops = vec![0_u32; room.slot_signature.len()];
        for &cell in model.floor.iter() {
            if covered[cell] || !self.position.is_free(cell) {
                continue;
            }
            self.position.reachable_into(cell, &mut self.reach);
            for &reached in self.reach.cells() {
                covered[reached] = true;
            }
            let pusher = self.reach.min_cell().unwrap_or(cell);
            let state = encode(pusher, &goals_inside, &drops);
            if self.store(&mut room, state) {
                // The solved position of this room is already a start.
                return;
            }
        }
        self.room = Some(room);
    }

    /// Stores `state` if new and matchable; `true` when it is a start.
    fn store(&mut self, room: &mut Room, state: Box<[u32]>) -> bool {
        if room.seen.contains(&state) {
            return false;
        }
        let boxes = &state[1..=room.followed - drops_total(room, &state)];
        if !self.matchable(room, &state, false) {
            return false;
        }
        let off_start = boxes
            .iter()
            .filter(|&&c| self.start_on[Cell::new(c)] == 0)
            .count() as u32;
        let start = off_start == 0 && self.matchable(room, &state, true);
        self.states += 1;
        room.seen.insert(state.clone());
        room.pushed += 1;
        room.open
            .push((Reverse(off_start), Reverse(room.pushed), state));
        // The room is out of `self` while it is searched.
        let held = (room.seen.len() + room.open.len() + 1) * room.state_bytes();
        let over_memory = self.memory_bytes() + held > self.budget;
        if room.seen.len() >= ROOM_STATES || self.states >= PROOF_STATES || over_memory {
            // Over budget: no proof from this room, and larger rooms cost more.
            self.verdict.get_or_insert(Verdict::Open);
        }
        start
    }

    /// Expands `state`; `true` when a child is a start.
    fn expand(&mut self, state: &[u32]) -> bool {
        let model = self.model;
        let mut room = self.room.take().expect("a room is open");
        let drops_at = room.followed - drops_total(&room, state) + 1;
        let boxes: Vec<Cell> = state[1..drops_at].iter().map(|&c| Cell::new(c)).collect();
        let drops = &state[drops_at..];
        let pusher = Cell::new(state[0]);
        self.load(&boxes, Some(pusher));
        self.position.reachable_into(pusher, &mut self.region);
        let mut found = false;
        'boxes: for (index, &from) in boxes.iter().enumerate() {
            for &direction in model.directions {
                // The pusher on `next` steps on to `beyond`; the box follows.
                let Some(next) = model.neighbor(from, direction) else {
                    continue;
                };
                if !self.region.reached(next) {
                    continue;
                }
                let Some(beyond) = model.neighbor(next, direction) else {
                    continue;
                };
                if !self.position.is_free(beyond) || self.position.set_pusher(next).is_err() {
                    continue;
                }
                if self.position.pull(direction).is_err() {
                    let _ = self.position.set_pusher(pusher);
                    continue;
                }
                let mut child_boxes = boxes.clone();
                let mut child_drops = drops.to_vec();
                let dropped = !room.inside[next];
                if dropped {
                    child_boxes.remove(index);
                    child_drops[room.drop_slot[next] as usize] += 1;
                    self.position.remove_box(next);
                } else {
                    child_boxes[index] = next;
                    child_boxes.sort_unstable();
                }
                self.position.reachable_into(beyond, &mut self.reach);
                let child_pusher = self.reach.min_cell().unwrap_or(beyond);
                if dropped {
                    let _ = self.position.put_box(next);
                }
                // Undo: the push back is the pull's inverse.
                let _ = self.position.push(next, direction.opposite());
                let _ = self.position.set_pusher(pusher);
                let child = encode(child_pusher, &child_boxes, &child_drops);
                if self.store(&mut room, child) {
                    found = true;
                    break 'boxes;
                }
                if self.verdict.is_some() {
                    break 'boxes;
                }
            }
        }
        self.room = Some(room);
        found
    }

    /// Places `boxes` (and the pusher, when given) on the working position.
    fn load(&mut self, boxes: &[Cell], pusher: Option<Cell>) {
        let model = self.model;
        for &cell in &self.placed {
            self.position.remove_box(cell);
        }
        self.placed.clear();
        self.placed.extend_from_slice(boxes);
        if let Some(pusher) = pusher {
            let _ = self.position.set_pusher(pusher);
        } else if let Some(&free) = model.floor.iter().find(|c| !boxes.contains(c)) {
            let _ = self.position.set_pusher(free);
        }
        for &cell in boxes {
            let _ = self.position.put_box(cell);
        }
    }

    /// Whether the boxes followed, the drops and the goals outside the room can go
    /// to different start boxes that reach them; with `at_start`, each box
    /// followed must be the start box of its cell.
    fn matchable(&mut self, room: &Room, state: &[u32], at_start: bool) -> bool {
        let drops_at = room.followed - drops_total(room, state) + 1;
        let matcher = &mut self.matcher;
        matcher.clear();
        for &cell in &state[1..drops_at] {
            let cell = Cell::new(cell);
            if at_start {
                matcher.fixed(usize::from(self.start_on[cell]) - 1);
            } else {
                matcher.item(self.signature_of[cell]);
            }
        }
        for (slot, &count) in state[drops_at..].iter().enumerate() {
            for _ in 0..count {
                matcher.item(room.slot_signature[slot]);
            }
        }
        for &signature in &room.outside_goals {
            matcher.item(signature);
        }
        matcher.solve(&self.signatures)
    }

    /// For each cell, the start boxes whose single-box pushes (every other box
    /// gone, the pusher starting on its side) reach it.
    fn signatures_of(&mut self, boxes: &[Cell], pusher: Cell) {
        let model = self.model;
        let sides = &model.sides;
        let words = boxes.len().div_ceil(64);
        let len = model.board.cells_len();
        let mut sets: PerCell<Vec<u64>> = PerCell::filled(vec![0; words], len);
        let mut table: Table<Slot, u16> = Table::filled(INF, sides.len());
        let mut queue: Vec<(Cell, u8)> = Vec::new();
        for (index, &start) in boxes.iter().enumerate() {
            let side = if pusher == start {
                0
            } else {
                sides.side_of(start, pusher)
            };
            model.slot_distances(Way::Push, [(start, side)], &mut table, &mut queue);
            // The queue holds every slot reached.
            for &(cell, _) in &queue {
                sets[cell][index / 64] |= 1 << (index % 64);
            }
        }
        let mut ids: crate::store::FastMap<Vec<u64>, u32> = crate::store::fast_map();
        for &cell in model.floor.iter() {
            let set = std::mem::take(&mut sets[cell]);
            let next = ids.len() as u32;
            let id = *ids.entry(set.clone()).or_insert_with(|| {
                self.signatures.push(set);
                next
            });
            self.signature_of[cell] = id;
        }
    }

    /// For each cell, the fewest pulls from a goal that bring a box there (on the
    /// empty board).
    fn goal_distances(&mut self) {
        let model = self.model;
        for &cell in model.floor.iter() {
            let mut best = INF;
            for side in 0..model.sides.count(cell) {
                let row = model.distances.row(model.sides.slot(cell, side));
                best = best.min(row.iter().copied().min().unwrap_or(INF));
            }
            self.goal_distance[cell] = best;
        }
    }
}

/// How many boxes of `state` were dropped.
fn drops_total(room: &Room, state: &[u32]) -> usize {
    let slots = room.slot_signature.len();
    state[state.len() - slots..]
        .iter()
        .map(|&count| count as usize)
        .sum()
}

fn encode(pusher: Cell, boxes: &[Cell], drops: &[u32]) -> Box<[u32]> {
    let mut state = Vec::with_capacity(1 + boxes.len() + drops.len());
    state.push(pusher.get());
    state.extend(boxes.iter().map(|cell| cell.get()));
    state.extend_from_slice(drops);
    state.into_boxed_slice()
}

/// Bipartite matching of items (each a set of start boxes) to distinct start
/// boxes, by augmenting paths.
#[derive(Debug, Default)]
struct Matcher {
    boxes: usize,
    /// Per item, its signature id, or `u32::MAX - box` for an item fixed to a box.
    items: Vec<u32>,
    /// Per start box, the item holding it (`u32::MAX`: free).
    owner: Vec<u32>,
    visited: Vec<bool>,
}

impl Matcher {
    fn new(boxes: usize) -> Matcher {
        Matcher {
            boxes,
            ..Matcher::default()
        }
    }

    fn clear(&mut self) {
        self.items.clear();
    }

    fn item(&mut self, signature: u32) {
        self.items.push(signature);
    }

    fn fixed(&mut self, start_box: usize) {
        self.items.push(u32::MAX - start_box as u32);
    }

    /// Whether every item gets a box of its own.
    fn solve(&mut self, signatures: &[Vec<u64>]) -> bool {
        if self.items.len() > self.boxes {
            return false;
        }
        self.owner.clear();
        self.owner.resize(self.boxes, u32::MAX);
        // Fixed items first: they have one choice.
        for item in 0..self.items.len() {
            let code = self.items[item];
            if code > u32::MAX - self.boxes as u32 {
                let start_box = (u32::MAX - code) as usize;
                if self.owner[start_box] != u32::MAX {
                    return false;
                }
                self.owner[start_box] = item as u32;
            }
        }
        for item in 0..self.items.len() {
            if self.items[item] > u32::MAX - self.boxes as u32 {
                continue;
            }
            self.visited.clear();
            self.visited.resize(self.boxes, false);
            if !self.augment(item, signatures) {
                return false;
            }
        }
        true
    }

    fn augment(&mut self, item: usize, signatures: &[Vec<u64>]) -> bool {
        let code = self.items[item];
        if code > u32::MAX - self.boxes as u32 {
            // A fixed item never moves.
            return false;
        }
        let set = &signatures[code as usize];
        for (word_index, &word) in set.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let start_box = word_index * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.visited[start_box] {
                    continue;
                }
                self.visited[start_box] = true;
                let owner = self.owner[start_box];
                if owner == u32::MAX || self.augment(owner as usize, signatures) {
                    self.owner[start_box] = item as u32;
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_board::Puzzle;
    use sokoengine_geometry::Tessellation;

    fn verdict(tessellation: Tessellation, text: &str) -> Verdict {
        let puzzle = Puzzle::parse(tessellation, text).expect("board");
        let model = Model::new(&puzzle, 1 << 28).expect("model");
        let boxes = model.start_boxes.clone();
        let mut proof = RelaxedProof::new(&model, &boxes, model.start_pusher, 1 << 28);
        let verdict = proof.run(|| false).expect("ends");
        assert_eq!(proof.verdict(), Some(verdict));
        verdict
    }

    #[test]
    fn solvable_levels_stay_open() {
        assert_eq!(
            verdict(Tessellation::Sokoban, "#######\n#@ $ .#\n#######"),
            Verdict::Open
        );
        assert_eq!(
            verdict(
                Tessellation::Sokoban,
                "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########"
            ),
            Verdict::Open
        );
    }

    #[test]
    fn a_box_that_must_pass_another_goal_is_refuted() {
        // Every layer of the search lets this start pass: each box reaches a goal
        // of its own. But the pusher gets to the left box only after pushing the
        // lower box past the middle goal, and no push brings it back down.
        let text = ".  \n$ #\n . \n#$#\n#@#";
        assert_eq!(verdict(Tessellation::Sokoban, text), Verdict::Dead);
    }

    #[test]
    fn matcher_respects_fixed_items() {
        let signatures = vec![vec![0b01], vec![0b11]];
        let mut matcher = Matcher::new(2);
        matcher.item(1);
        matcher.item(0);
        assert!(matcher.solve(&signatures));
        matcher.clear();
        matcher.fixed(0);
        matcher.item(0);
        assert!(!matcher.solve(&signatures));
        matcher.clear();
        matcher.fixed(0);
        matcher.item(1);
        assert!(matcher.solve(&signatures));
    }
}
