//! FESS, the feature space search of Shoham and Schaeffer ("The FESS Algorithm: A
//! Feature Based Approach to Single-Agent Search", IEEE CoG 2020), on the solver's
//! engine.
//!
//! Every position is projected onto a cell of a small *feature space*: boxes
//! packed in the order of the goal rooms' packing plans, pusher regions
//! (connectivity), corridors blocked by boxes (room connectivity). Moves are box
//! moves: one box pushed to any cell it can reach while the others stand still.
//! *Advisors* name, for each new position, the move that improves one feature; such
//! moves cost 0, every other move 1. The search cycles through the non-empty cells
//! of the feature space and, in each, makes the cheapest move not yet made from the
//! positions projected there. So progress in any feature gets search time, and
//! chains of advised moves are followed at once.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Duration;

use crate::clock::Clock;
use crate::config::StopReason;
use crate::cut::CutTree;
use crate::engine::Engine;
use crate::model::{Model, NONE};
use crate::plan::PackingPlan;
use crate::search::Ending;
use crate::store::{FastMap, Insert, NodeId, fast_map};

/// A box move of a position: the box on `from` goes to `to` by `pushes` pushes, the
/// last one in direction `last`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct BoxMove {
    from: u32,
    to: u32,
    pushes: u16,
    last: u8,
}

/// What FESS keeps per stored position.
#[derive(Debug, Clone, Copy, Default)]
struct State {
    /// First move in the move arena, and how many.
    first: u32,
    count: u32,
    /// Normal moves made so far (in arena order, advised ones skipped).
    made: u32,
    /// Advised moves (indices into the position's moves; `u32::MAX` = none).
    advised: [u32; ADVISORS],
    /// Advised moves made so far.
    advised_made: u8,
}

/// Advisors: packing, connectivity, room connectivity.
const ADVISORS: usize = 3;

/// An entry of a cell's queue: accumulated weight, tie-break, position, kind.
type Entry = Reverse<(u32, u32, NodeId, u8)>;

const ADVISED: u8 = 0;
const NORMAL: u8 = 1;

/// Precomputed corridors ("links" between rooms) of a level.
#[derive(Debug, Clone)]
struct Links {
    /// Cell → link index, `NONE` off corridors.
    link_of: Vec<u32>,
    count: usize,
}

impl Links {
    fn new(model: &Model) -> Links {
        let len = model.board.cells_len();
        let corridor: Vec<bool> = (0..len)
            .map(|cell| model.dense[cell] != NONE && is_corridor(model, cell as u32))
            .collect();
        let mut link_of = vec![NONE; len];
        let mut count = 0;
        let mut stack = Vec::new();
        for &cell in &model.floor {
            if !corridor[cell as usize] || link_of[cell as usize] != NONE {
                continue;
            }
            link_of[cell as usize] = count;
            stack.push(cell);
            while let Some(current) = stack.pop() {
                for &direction in model.directions {
                    let next = model.neighbor(current, direction);
                    if next != NONE && corridor[next as usize] && link_of[next as usize] == NONE {
                        link_of[next as usize] = count;
                        stack.push(next);
                    }
                }
            }
            count += 1;
        }
        Links {
            link_of,
            count: count as usize,
        }
    }
}

/// Whether `cell` has exactly two distinct active neighbours.
fn is_corridor(model: &Model, cell: u32) -> bool {
    let mut seen = [NONE; 8];
    let mut count = 0;
    for &direction in model.directions {
        let next = model.neighbor(cell, direction);
        if next != NONE && !seen[..count].contains(&next) {
            seen[count] = next;
            count += 1;
        }
    }
    count == 2
}

/// The feature values of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Features {
    packed: u16,
    regions: u16,
    blocked_links: u16,
}

/// The FESS search state.
pub(crate) struct Fess<'e, 'm> {
    engine: &'e mut Engine<'m>,
    /// The packing plan of all goals, when the backward search found one.
    plan: Option<PackingPlan>,
    links: Links,
    states: Vec<State>,
    moves: Vec<BoxMove>,
    /// Feature cell of each key, and each cell's queue.
    cell_of: FastMap<Features, u32>,
    queues: Vec<BinaryHeap<Entry>>,
    /// Next cell to serve.
    turn: usize,
    // Scratch.
    cuts: CutTree,
    labels: Vec<u32>,
    label_stamp: Vec<u32>,
    generation: u32,
    visited: Vec<u32>,
    visit_stamp: u32,
    queue: Vec<(u32, u32, u16)>,
    generated: Vec<BoxMove>,
}

impl std::fmt::Debug for Fess<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fess")
            .field("states", &self.states.len())
            .field("cells", &self.queues.len())
            .finish_non_exhaustive()
    }
}

impl<'e, 'm> Fess<'e, 'm> {
    pub(crate) fn new(engine: &'e mut Engine<'m>) -> Self {
        let model = engine.model;
        let len = model.board.cells_len();
        Fess {
            plan: PackingPlan::new(model),
            links: Links::new(model),
            engine,
            states: Vec::new(),
            moves: Vec::new(),
            cell_of: fast_map(),
            queues: Vec::new(),
            turn: 0,
            cuts: CutTree::default(),
            labels: vec![0; len],
            label_stamp: vec![0; len],
            generation: 0,
            visited: vec![0; len * 8],
            visit_stamp: 0,
            queue: Vec::new(),
            generated: Vec::new(),
        }
    }

    /// Starts from the stored root `root`; its ending when the root is solved or
    /// dead.
    pub(crate) fn start(&mut self, root: NodeId) -> Option<Ending> {
        let ending = self.add_state(root);
        if ending.is_none() && self.queues.is_empty() {
            return Some(Ending::Exhausted);
        }
        ending
    }

    /// Makes moves until a solution, exhaustion or a limit, or until `clock` has
    /// passed `until` (then `None`: call again to go on).
    pub(crate) fn resume(
        &mut self,
        clock: &mut Clock<'_>,
        until: Option<Duration>,
    ) -> Option<Ending> {
        loop {
            if clock.progress.expanded % 4 == 0
                && until.is_some_and(|until| clock.elapsed() >= until)
            {
                return None;
            }
            if let Err(reason) = clock.tick() {
                return Some(Ending::Stopped(reason));
            }
            if clock.progress.expanded % 16 == 0 {
                self.engine.store.other_bytes = self.moves.capacity() * size_of::<BoxMove>()
                    + self.states.capacity() * size_of::<State>()
                    + self.queues.capacity() * size_of::<BinaryHeap<Entry>>()
                    + self
                        .queues
                        .iter()
                        .map(|queue| queue.capacity() * size_of::<Entry>())
                        .sum::<usize>()
                    + self.cell_of.capacity() * (size_of::<Features>() + 8);
                clock.progress.stored = self.engine.store.len() as u64;
                clock.progress.memory_bytes = self.engine.store.memory_bytes();
                if self.engine.store.memory_bytes() > self.engine.store.budget() {
                    return Some(Ending::Stopped(StopReason::Memory));
                }
            }
            let Some((state, kind, weight)) = self.next_entry() else {
                return Some(Ending::Exhausted);
            };
            let Some(index) = self.take_move(state, kind, weight) else {
                continue;
            };
            match self.make_move(state, index, weight) {
                Ok(Some(child)) => {
                    if let Some(ending) = self.add_state(child) {
                        return Some(ending);
                    }
                }
                Ok(None) => {}
                Err(reason) => return Some(Ending::Stopped(reason)),
            }
        }
    }

    /// The next (position, kind, weight) from the next non-empty cell.
    fn next_entry(&mut self) -> Option<(NodeId, u8, u32)> {
        let cells = self.queues.len();
        for _ in 0..cells {
            let cell = self.turn % cells;
            self.turn = (self.turn + 1) % cells.max(1);
            if let Some(Reverse((weight, _, state, kind))) = self.queues[cell].pop() {
                // Put the position back for its next move of the same kind.
                let entry = (state, kind, weight);
                if self.has_more(state, kind) {
                    let tie = self.engine.store.node(state).bound;
                    self.queues[cell].push(Reverse((weight, tie, state, kind)));
                }
                return Some(entry);
            }
        }
        None
    }

    /// Whether position `state` has moves of `kind` left after the next one.
    fn has_more(&self, state: NodeId, kind: u8) -> bool {
        let info = &self.states[state as usize];
        match kind {
            ADVISED => {
                let advised = info.advised.iter().filter(|&&m| m != u32::MAX).count();
                usize::from(info.advised_made) + 1 < advised
            }
            _ => {
                let advised = info.advised.iter().filter(|&&m| m != u32::MAX).count() as u32;
                info.made + 1 < info.count.saturating_sub(advised)
            }
        }
    }

    /// Marks the next move of `kind` of `state` as made and returns its index in the
    /// move arena.
    fn take_move(&mut self, state: NodeId, kind: u8, _weight: u32) -> Option<usize> {
        let info = &mut self.states[state as usize];
        if kind == ADVISED {
            let mut seen = 0;
            for &advised in &info.advised {
                if advised == u32::MAX {
                    continue;
                }
                if seen == info.advised_made {
                    info.advised_made += 1;
                    return Some((info.first + advised) as usize);
                }
                seen += 1;
            }
            return None;
        }
        // The `made`-th move that is not advised.
        let mut skipped = 0;
        for offset in 0..info.count {
            if info.advised.contains(&offset) {
                continue;
            }
            if skipped == info.made {
                info.made += 1;
                return Some((info.first + offset) as usize);
            }
            skipped += 1;
        }
        None
    }

    /// Makes move `index` from `state`; returns the new stored position, if new and
    /// not a deadlock.
    fn make_move(
        &mut self,
        state: NodeId,
        index: usize,
        weight: u32,
    ) -> Result<Option<NodeId>, StopReason> {
        let step = self.moves[index];
        let engine = &mut *self.engine;
        engine.load(state);
        if engine.evaluate_loaded().is_none() {
            return Ok(None);
        }
        let box_index = engine.box_index_of(step.from);
        let last = sokoengine_geometry::Direction::from_index(usize::from(step.last));
        let Some(mut child) = engine.try_macro(box_index, step.from, None, step.to, last)? else {
            return Ok(None);
        };
        child.pushes = u32::from(step.pushes);
        let pushes = engine.store.node(state).pushes + child.pushes;
        match engine.store_child(state, &child, weight, pushes)? {
            Insert::New(id) => {
                engine.remember_child(id);
                Ok(Some(id))
            }
            Insert::Known(_) => Ok(None),
        }
    }

    /// Evaluates a new stored position: solved, deadlocked, or placed in its cell
    /// with its moves and advice.
    fn add_state(&mut self, id: NodeId) -> Option<Ending> {
        let engine = &mut *self.engine;
        engine.load(id);
        if engine.position.is_solved() {
            return Some(Ending::Solved(id));
        }
        engine.evaluate_loaded()?;
        let pusher = engine.position.pusher();
        engine.position.reachable_into(pusher, &mut engine.reach);
        let (pi, search) = (engine.features.pi_corrals, engine.features.corral_deadlocks);
        if (pi || search)
            && matches!(
                crate::corral::analyse(engine, pi, search),
                crate::corral::Corrals::Deadlock(_)
            )
        {
            return None;
        }
        let features = self.features();
        self.generate_moves();
        // Grow the tables within the memory budget (their bytes count as the
        // store's other bytes).
        let store = &mut self.engine.store;
        let grown = store
            .reserve(&mut self.moves, self.generated.len(), 64)
            .and_then(|()| {
                let missing = (id as usize + 1).saturating_sub(self.states.len());
                store.reserve(&mut self.states, missing, 64)
            })
            .and_then(|()| store.reserve(&mut self.queues, 1, 64));
        if let Err(reason) = grown {
            return Some(Ending::Stopped(reason));
        }
        let first = self.moves.len() as u32;
        let count = self.generated.len() as u32;
        self.moves.extend_from_slice(&self.generated);
        let advised = self.advise(features, first);
        if self.states.len() <= id as usize {
            self.states.resize(id as usize + 1, State::default());
        }
        self.states[id as usize] = State {
            first,
            count,
            made: 0,
            advised,
            advised_made: 0,
        };
        let cell = match self.cell_of.get(&features) {
            Some(&cell) => cell,
            None => {
                let cell = self.queues.len() as u32;
                self.cell_of.insert(features, cell);
                self.queues.push(BinaryHeap::new());
                cell
            }
        };
        let weight = self.engine.store.node(id).cost;
        let tie = self.engine.store.node(id).bound;
        let queue = &mut self.queues[cell as usize];
        if let Err(reason) = self.engine.store.reserve(queue, 2, 4) {
            return Some(Ending::Stopped(reason));
        }
        if advised.iter().any(|&m| m != u32::MAX) {
            queue.push(Reverse((weight, tie, id, ADVISED)));
        }
        let normal = count - advised.iter().filter(|&&m| m != u32::MAX).count() as u32;
        if normal > 0 {
            queue.push(Reverse((weight + 1, tie, id, NORMAL)));
        }
        None
    }

    /// The feature values of the loaded position.
    fn features(&mut self) -> Features {
        let engine = &*self.engine;
        let model = engine.model;
        // Packing: goals filled in the order of the plan; without a plan, goals
        // filled in order in each goal room and boxes on goals outside rooms.
        let position = &engine.position;
        let packed = if let Some(plan) = &self.plan {
            plan.packed(|goal| position.has_box(goal as usize))
        } else {
            let mut packed = 0;
            let mut in_room_goal = vec![false; model.board.cells_len()];
            if let Some(rooms) = &engine.rooms {
                for room in &rooms.rooms {
                    for &goal in &room.order {
                        in_room_goal[goal as usize] = true;
                    }
                    packed += room
                        .order
                        .iter()
                        .take_while(|&&goal| position.has_box(goal as usize))
                        .count();
                }
            }
            packed
                + model
                    .goals
                    .iter()
                    .filter(|&&goal| {
                        !in_room_goal[goal as usize] && position.has_box(goal as usize)
                    })
                    .count()
        };
        let regions = self.count_regions();
        let engine = &*self.engine;
        let mut blocked = vec![false; self.links.count];
        for &cell in &engine.boxes {
            let link = self.links.link_of[cell as usize];
            if link != NONE {
                blocked[link as usize] = true;
            }
        }
        Features {
            packed: packed as u16,
            regions,
            blocked_links: blocked.iter().filter(|&&b| b).count() as u16,
        }
    }

    /// Pusher regions of the loaded position (connected areas of free cells), with
    /// region labels left in `labels`.
    fn count_regions(&mut self) -> u16 {
        let model = self.engine.model;
        self.generation = self.generation.wrapping_add(1);
        let generation = self.generation;
        let mut regions = 0_u32;
        let mut stack = Vec::new();
        for &cell in &model.floor {
            let c = cell as usize;
            if self.label_stamp[c] == generation || self.engine.position.has_box(c) {
                continue;
            }
            self.label_stamp[c] = generation;
            self.labels[c] = regions;
            stack.push(cell);
            while let Some(current) = stack.pop() {
                for &direction in model.directions {
                    let next = model.neighbor(current, direction);
                    if next == NONE {
                        continue;
                    }
                    let n = next as usize;
                    if self.label_stamp[n] != generation && !self.engine.position.has_box(n) {
                        self.label_stamp[n] = generation;
                        self.labels[n] = regions;
                        stack.push(next);
                    }
                }
            }
            regions += 1;
        }
        regions.min(u32::from(u16::MAX)) as u16
    }

    /// Every box move of the loaded position, into `generated`: for each box, a
    /// breadth-first search over (cell, pusher side) with the other boxes standing
    /// still, the pusher's reach answered by the cut cells of the board without them.
    fn generate_moves(&mut self) {
        self.generated.clear();
        let engine = &*self.engine;
        let model = engine.model;
        let position = &engine.position;
        let start = position.pusher().get();
        for index in 0..engine.boxes.len() {
            let from = engine.boxes[index];
            self.cuts.build(model, start, |cell| {
                cell != from && position.has_box(cell as usize)
            });
            self.visit_stamp = self.visit_stamp.wrapping_add(1);
            if self.visit_stamp == 0 {
                self.visited.fill(0);
                self.visit_stamp = 1;
            }
            let stamp = self.visit_stamp;
            self.queue.clear();
            self.queue.push((from, start, 0));
            let mut next = 0;
            while let Some(&(cell, pusher, pushes)) = self.queue.get(next) {
                next += 1;
                for &direction in model.directions {
                    let behind = model.neighbor(cell, direction.opposite());
                    let target = model.neighbor(cell, direction);
                    if behind == NONE
                        || target == NONE
                        || !self.cuts.is_open(behind)
                        || !self.cuts.is_open(target)
                        || !self.cuts.connected_without(cell, pusher, behind)
                    {
                        continue;
                    }
                    if engine.dead_push(target, direction) {
                        continue;
                    }
                    // After the push the pusher stands on `cell`; its side of the
                    // box decides everything the box can do next.
                    let side = self.cuts.side_of(target, cell);
                    let key = target as usize * 8 + usize::from(side);
                    if self.visited[key] == stamp {
                        continue;
                    }
                    self.visited[key] = stamp;
                    let pushes = pushes.saturating_add(1);
                    if target != from {
                        self.generated.push(BoxMove {
                            from,
                            to: target,
                            pushes,
                            last: direction.index() as u8,
                        });
                    }
                    self.queue.push((target, cell, pushes));
                }
            }
        }
        // Deterministic order: boxes onto goals first, then fewer pushes.
        self.generated.sort_by_key(|m| {
            (
                !position.is_goal(m.to as usize),
                m.pushes,
                m.from,
                m.to,
                m.last,
            )
        });
    }

    /// The advised moves of the loaded position (indices into its moves).
    fn advise(&mut self, features: Features, _first: u32) -> [u32; ADVISORS] {
        let mut advised = [u32::MAX; ADVISORS];
        let engine = &*self.engine;
        let model = engine.model;
        // Packing: fill the next goal of the plan (or of a room), else any goal.
        let position = &engine.position;
        let mut targets = Vec::new();
        if let Some(plan) = &self.plan {
            targets.extend(plan.next_goal(|goal| position.has_box(goal as usize)));
        } else if let Some(rooms) = &engine.rooms {
            for room in &rooms.rooms {
                if let Some(&goal) = room
                    .order
                    .iter()
                    .find(|&&goal| !position.has_box(goal as usize))
                {
                    targets.push(goal);
                }
            }
        }
        let packing = self
            .generated
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                if targets.is_empty() {
                    position.is_goal(m.to as usize) && !position.is_goal(m.from as usize)
                } else {
                    targets.contains(&m.to) && !self.is_packed_box(m.from)
                }
            })
            .min_by_key(|(_, m)| m.pushes)
            .map(|(index, _)| index as u32);
        advised[0] = packing.unwrap_or(u32::MAX);
        // Connectivity: a move whose box leaves a cell between several regions.
        if features.regions > 1 {
            let connect = self
                .generated
                .iter()
                .enumerate()
                .filter(|(_, m)| self.merges_regions(model, m.from))
                .min_by_key(|(_, m)| m.pushes)
                .map(|(index, _)| index as u32);
            advised[1] = connect.unwrap_or(u32::MAX);
        }
        // Room connectivity: take a box out of a corridor it alone blocks.
        if features.blocked_links > 0 {
            let mut boxes_per_link = vec![0_u32; self.links.count];
            for &cell in &engine.boxes {
                let link = self.links.link_of[cell as usize];
                if link != NONE {
                    boxes_per_link[link as usize] += 1;
                }
            }
            let open = self
                .generated
                .iter()
                .enumerate()
                .filter(|(_, m)| {
                    let link = self.links.link_of[m.from as usize];
                    link != NONE
                        && boxes_per_link[link as usize] == 1
                        && self.links.link_of[m.to as usize] == NONE
                })
                .min_by_key(|(_, m)| m.pushes)
                .map(|(index, _)| index as u32);
            advised[2] = open.unwrap_or(u32::MAX);
        }
        // The same move advised twice counts once.
        if advised[1] == advised[0] {
            advised[1] = u32::MAX;
        }
        if advised[2] == advised[0] || advised[2] == advised[1] {
            advised[2] = u32::MAX;
        }
        advised
    }

    /// Whether the box on `cell` is packed: on a goal of the plan's filled prefix.
    fn is_packed_box(&self, cell: u32) -> bool {
        let position = &self.engine.position;
        match &self.plan {
            Some(plan) => plan
                .order
                .iter()
                .take_while(|&&goal| position.has_box(goal as usize))
                .any(|&goal| goal == cell),
            None => false,
        }
    }

    /// Whether the box on `cell` separates regions (its free neighbours carry
    /// different region labels).
    fn merges_regions(&self, model: &Model, cell: u32) -> bool {
        let mut first = NONE;
        for &direction in model.directions {
            let next = model.neighbor(cell, direction);
            if next == NONE || self.engine.position.has_box(next as usize) {
                continue;
            }
            let label = self.labels[next as usize];
            if first == NONE {
                first = label;
            } else if label != first {
                return true;
            }
        }
        false
    }
}
