//! The features of a position and their order.
//!
//! Pushing toward the goals, a position is scored by its packed boxes (how far it
//! follows the packing plan), its connectivity (how many areas the boxes cut the
//! free floor into), its room connectivity (how many links between rooms the boxes
//! block), its out-of-plan boxes (boxes standing where the plan's later steps can
//! no longer use them), its hotspots (boxes in the way of other boxes' routes to the
//! goals) and the boxes' total distance to the goals. Pulling from the goals back
//! toward the start, by the boxes left on the board, connectivity, boxes still on
//! goals, room connectivity and distance. The feature space cell of a position is
//! a few of these values; the rest orders positions within a cell.

use sokoengine_geometry::Tessellation;

use super::board::{Board, Way};
use super::plan::Plan;
use crate::ids::{Cell, PerCell};
use crate::model::{INF, Model};

/// No room: a cell between rooms.
const NO_ROOM: u32 = u32::MAX;

/// The features of a position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Score {
    pub(crate) boxes: u16,
    pub(crate) packed: u16,
    pub(crate) connectivity: u16,
    pub(crate) rooms: u16,
    pub(crate) out_of_plan: u16,
    pub(crate) hotspots: u16,
    pub(crate) on_goals: u16,
    pub(crate) distance: u32,
}

/// A score as a key that sorts the better score first.
pub(crate) type Rank = (u16, u16, u16, u16, u16, u16, u32);

/// The feature-space cell of a score.
pub(crate) type FeatureCell = [u16; 4];

impl Score {
    /// The sort key of this score for a search going `way`.
    pub(crate) fn rank(&self, way: Way) -> Rank {
        match way {
            Way::Push => (
                self.boxes,
                u16::MAX - self.packed,
                self.connectivity,
                self.rooms,
                self.out_of_plan,
                self.hotspots,
                // Festival's last tie-break prefers boxes farther from the goals: a
                // position whose boxes were not all crowded toward the goals keeps
                // more room to work.
                u32::MAX - self.distance,
            ),
            Way::Pull => (
                self.boxes,
                self.connectivity,
                self.on_goals,
                self.rooms,
                0,
                0,
                u32::MAX - self.distance,
            ),
        }
    }

    /// Whether this score is better than `other` for a search going `way`.
    pub(crate) fn is_better(&self, other: &Score, way: Way) -> bool {
        self.rank(way) < other.rank(way)
    }

    /// The feature-space cell of this score.
    pub(crate) fn cell(&self, way: Way) -> FeatureCell {
        match way {
            Way::Push => [self.packed, self.connectivity, self.out_of_plan, 0],
            Way::Pull => [self.boxes, self.on_goals, self.connectivity, self.rooms],
        }
    }
}

/// Rooms of the floor and the links between them on the empty board.
#[derive(Debug, Clone, Default)]
pub(crate) struct Rooms {
    /// Room of each cell, `NO_ROOM` for cells between rooms.
    room_of: PerCell<u32>,
    count: usize,
    /// Per room: the rooms it touches through cells between rooms on the empty
    /// board, as a bit set.
    linked: Vec<u64>,
    scratch: RoomScratch,
    /// Per cell: a box there can change a link (the cell is not deep inside a
    /// room).
    relevant: PerCell<bool>,
    /// Scores by the boxes on relevant cells (an XOR of their keys).
    cache: Option<crate::store::FastMap<u64, u16>>,
}

/// Flood-fill scratch of [`Rooms::links`].
#[derive(Debug, Clone, Default)]
struct RoomScratch {
    /// Cells of rooms already filled from (stamped per call).
    visited: PerCell<u32>,
    /// Cells met by the current fill (stamped per fill).
    filled: PerCell<u32>,
    stamp: u32,
    stack: Vec<Cell>,
    now: Vec<u64>,
}

/// Room scores kept before the cache is cleared.
const ROOM_CACHE: usize = 1 << 20;

/// More rooms than this are not tracked (the feature then stays 0).
const MAX_ROOMS: usize = 64;

impl Rooms {
    /// The rooms of `model`. On Sokoban boards a room is made of the 2x2 open
    /// squares that touch another such square; on the other tessellations, of the
    /// cells all of whose neighbours are floor, with those neighbours.
    pub(crate) fn new(model: &Model) -> Rooms {
        let len = model.board.cells_len();
        let mut member = PerCell::filled(false, len);
        if model.tessellation == Tessellation::Sokoban {
            use sokoengine_geometry::Direction::{Down, Right};
            // Top-left corners of open 2x2 squares.
            let square = |cell: Cell| -> Option<[Cell; 4]> {
                let right = model.neighbor(cell, Right)?;
                let down = model.neighbor(cell, Down)?;
                let corner = model.neighbor(right, Down)?;
                Some([cell, right, down, corner])
            };
            let is_corner = |cell: Option<Cell>| cell.and_then(square).is_some();
            for &cell in &model.floor {
                let Some(cells) = square(cell) else { continue };
                // A square alone (no neighbouring square) is a widening, not a room.
                let touches = model
                    .directions
                    .iter()
                    .any(|&direction| is_corner(model.neighbor(cell, direction)));
                if touches {
                    for c in cells {
                        member[c] = true;
                    }
                }
            }
        } else {
            for &cell in &model.floor {
                let open = model
                    .directions
                    .iter()
                    .all(|&direction| model.neighbor(cell, direction).is_some());
                if open {
                    member[cell] = true;
                    for &direction in model.directions {
                        if let Some(next) = model.neighbor(cell, direction) {
                            member[next] = true;
                        }
                    }
                }
            }
        }
        let mut room_of = PerCell::filled(NO_ROOM, len);
        let mut count = 0;
        let mut stack = Vec::new();
        for &cell in &model.floor {
            if !member[cell] || room_of[cell] != NO_ROOM {
                continue;
            }
            room_of[cell] = count as u32;
            stack.push(cell);
            while let Some(current) = stack.pop() {
                for &direction in model.directions {
                    let Some(next) = model.neighbor(current, direction) else {
                        continue;
                    };
                    if member[next] && room_of[next] == NO_ROOM {
                        room_of[next] = count as u32;
                        stack.push(next);
                    }
                }
            }
            count += 1;
        }
        if !(2..=MAX_ROOMS).contains(&count) {
            return Rooms::default();
        }
        let mut rooms = Rooms {
            room_of,
            count,
            relevant: PerCell::new(),
            cache: None,
            linked: Vec::new(),
            scratch: RoomScratch {
                visited: PerCell::filled(0, len),
                filled: PerCell::filled(0, len),
                ..RoomScratch::default()
            },
        };
        let mut board = Board::new(model, Way::Push);
        board.set(&[], &[], model.start_pusher);
        rooms.links(&board);
        rooms.linked = rooms.scratch.now.clone();
        rooms.relevant = (0..len)
            .map(|cell| !rooms.is_inner(Cell::from(cell), model))
            .collect();
        rooms
    }

    /// Which rooms touch on `board`, into `scratch.now`: from every free area of
    /// each room, a flood fill through the room's own cells and the cells between
    /// rooms; a link holds when every area of the room reaches the other room.
    fn links(&mut self, board: &Board<'_>) {
        let model = board.model;
        let count = self.count;
        let scratch = &mut self.scratch;
        scratch.now.clear();
        scratch.now.resize(count, u64::MAX);
        // One stamp for the call (visited) and one per fill.
        scratch.stamp = scratch.stamp.wrapping_add(1);
        if scratch.stamp == 0 {
            scratch.visited.fill(0);
            scratch.filled.fill(0);
            scratch.stamp = 1;
        }
        let call = scratch.stamp;
        let mut processed = 0_u64;
        for &cell in &model.floor {
            let room = self.room_of[cell];
            if room == NO_ROOM || scratch.visited[cell] == call || board.has_box(cell) {
                continue;
            }
            scratch.stamp = scratch.stamp.wrapping_add(1);
            if scratch.stamp == 0 {
                scratch.filled.fill(0);
                scratch.stamp = 1;
            }
            let fill = scratch.stamp;
            processed |= 1 << room;
            let mut seen = 0_u64;
            scratch.visited[cell] = call;
            scratch.filled[cell] = fill;
            scratch.stack.clear();
            scratch.stack.push(cell);
            while let Some(current) = scratch.stack.pop() {
                for &direction in model.directions {
                    let Some(next) = model.neighbor(current, direction) else {
                        continue;
                    };
                    let other = self.room_of[next];
                    if other != NO_ROOM && other != room {
                        seen |= 1 << other;
                        continue;
                    }
                    if scratch.filled[next] == fill || board.has_box(next) {
                        continue;
                    }
                    scratch.filled[next] = fill;
                    if other != NO_ROOM {
                        scratch.visited[next] = call;
                    }
                    scratch.stack.push(next);
                }
            }
            scratch.now[room as usize] &= seen;
        }
        for room in 0..count {
            if processed & (1 << room) == 0 {
                scratch.now[room] = 0;
            }
        }
        // A link holds only when both ends see it.
        for room in 0..count {
            let mut mask = scratch.now[room];
            let mut bits = mask;
            while bits != 0 {
                let other = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if scratch.now[other] & (1 << room) == 0 {
                    mask &= !(1 << other);
                }
            }
            scratch.now[room] = mask & !(1 << room);
        }
    }

    /// Whether a box on `cell` leaves every link between rooms as it is: the cell
    /// and all its neighbours belong to one room (a box deep inside a room does not
    /// stand between rooms).
    pub(crate) fn is_inner(&self, cell: Cell, model: &Model) -> bool {
        if self.count < 2 {
            return true;
        }
        let room = self.room_of[cell];
        room != NO_ROOM
            && model.directions.iter().all(|&direction| {
                model
                    .neighbor(cell, direction)
                    .is_some_and(|next| self.room_of[next] == room)
            })
    }

    /// Whether a box moved from `a` to `b` changes room (or leaves or enters one).
    pub(crate) fn different(&self, a: Cell, b: Cell) -> bool {
        if self.count < 2 {
            return true;
        }
        self.room_of[a] != self.room_of[b]
    }

    /// How many links between rooms of the empty board `board`'s boxes break.
    pub(crate) fn score(&mut self, board: &Board<'_>) -> u16 {
        if self.count < 2 {
            return 0;
        }
        let model = board.model;
        let key = board
            .boxes
            .iter()
            .filter(|&&cell| self.relevant[cell])
            .fold(0, |key, &cell| key ^ model.box_keys[cell]);
        if let Some(&score) = self.cache.as_ref().and_then(|cache| cache.get(&key)) {
            return score;
        }
        let score = self.compute(board);
        let cache = self.cache.get_or_insert_with(crate::store::fast_map);
        if cache.len() >= ROOM_CACHE {
            cache.clear();
        }
        cache.insert(key, score);
        score
    }

    fn compute(&mut self, board: &Board<'_>) -> u16 {
        self.links(board);
        let broken: u32 = self
            .linked
            .iter()
            .zip(&self.scratch.now)
            .map(|(&was, &is)| (was & !is).count_ones())
            .sum();
        (broken / 2) as u16
    }
}

/// Cells from which a box can reach one of `targets` by pushes, with the cells of
/// `blocked` as walls (the pusher is assumed to get wherever it needs to be).
pub(crate) fn push_sources(
    model: &Model,
    blocked: &PerCell<bool>,
    targets: &[Cell],
) -> PerCell<bool> {
    let len = model.board.cells_len();
    let mut source = PerCell::filled(false, len);
    let mut stack = Vec::new();
    for &target in targets {
        if !blocked[target] && !source[target] {
            source[target] = true;
            stack.push(target);
        }
    }
    let free = |cell: Option<Cell>| cell.filter(|&cell| !blocked[cell]);
    while let Some(cell) = stack.pop() {
        // The box came from `from` by a push toward `cell`: the pusher stood beyond.
        for &direction in model.directions {
            let Some(from) = free(model.neighbor(cell, direction)) else {
                continue;
            };
            if source[from] {
                continue;
            }
            if free(model.neighbor(from, direction)).is_some() {
                source[from] = true;
                stack.push(from);
            }
        }
    }
    source
}

/// Pushes a box needs to get from the cells of `zone` to each cell, with `blocked`
/// cells as walls (`INF` where it never gets).
fn push_distance_from(
    model: &Model,
    blocked: &PerCell<bool>,
    zone: &PerCell<bool>,
) -> PerCell<u16> {
    let len = model.board.cells_len();
    let mut distance = PerCell::filled(INF, len);
    let mut queue = std::collections::VecDeque::new();
    for &cell in &model.floor {
        if zone[cell] && !blocked[cell] {
            distance[cell] = 0;
            queue.push_back(cell);
        }
    }
    let free = |cell: Option<Cell>| cell.filter(|&cell| !blocked[cell]);
    while let Some(cell) = queue.pop_front() {
        for &direction in model.directions {
            let (Some(to), Some(_)) = (
                free(model.neighbor(cell, direction)),
                free(model.neighbor(cell, direction.opposite())),
            ) else {
                continue;
            };
            if distance[to] == INF {
                distance[to] = distance[cell] + 1;
                queue.push_back(to);
            }
        }
    }
    distance
}

/// Out-of-plan zones: for each count of packed steps, the cells from which a box
/// can no longer reach any later target of the plan once the boxes parked so far
/// stand for good.
#[derive(Debug, Clone, Default)]
pub(crate) struct OutOfPlan {
    /// Per packed count: the zone (by cell), and pushes from the zone to each cell.
    zones: Vec<PerCell<bool>>,
    distances: Vec<PerCell<u16>>,
    /// Zone index per packed count (counts share a zone when it does not change).
    zone_of: Vec<u32>,
}

/// Plans longer than this times cells get no out-of-plan zones.
const OOP_CELL_STEPS: usize = 4_000_000;

impl OutOfPlan {
    /// The zones of `plan` on `model`; `dead` marks the static dead squares, which
    /// belong to no zone (no box stands there anyway).
    pub(crate) fn new(model: &Model, plan: &Plan, dead: &PerCell<bool>) -> OutOfPlan {
        let n = plan.steps.len();
        let len = model.board.cells_len();
        if n < 2 || n * len > OOP_CELL_STEPS {
            return OutOfPlan::default();
        }
        let mut out = OutOfPlan::default();
        let mut last: Option<PerCell<bool>> = None;
        for step in 0..n - 1 {
            let mut blocked = PerCell::filled(false, len);
            for cell in plan.parked_through(step) {
                blocked[cell] = true;
            }
            let targets: Vec<Cell> = plan.targets_after(step).collect();
            let sources = push_sources(model, &blocked, &targets);
            let zone: PerCell<bool> = (0..len)
                .map(|index| {
                    let cell = Cell::from(index);
                    model.is_active(cell) && !blocked[cell] && !dead[cell] && !sources[cell]
                })
                .collect();
            if last.as_ref() != Some(&zone) {
                out.distances
                    .push(push_distance_from(model, &blocked, &zone));
                out.zones.push(zone.clone());
                last = Some(zone);
            }
            out.zone_of.push((out.zones.len() - 1) as u32);
        }
        out
    }

    /// Boxes of `board` in the zone of `packed` steps.
    pub(crate) fn count(&self, board: &Board<'_>, packed: u16) -> u16 {
        let Some(&zone) = self.zone_of.get(usize::from(packed)) else {
            return 0;
        };
        let zone = &self.zones[zone as usize];
        board.boxes.iter().filter(|&&cell| zone[cell]).count() as u16
    }

    /// Pushes from the zone of `packed` steps to `cell`.
    pub(crate) fn distance(&self, packed: u16, cell: Cell) -> u16 {
        self.zone_of
            .get(usize::from(packed))
            .map_or(INF, |&zone| self.distances[zone as usize][cell])
    }
}

/// Hotspots: which box cells cut another box cell off from some goal.
#[derive(Debug, Clone, Default)]
pub(crate) struct Hotspots {
    /// `blocks[place * cells + blocker]`: a box on `blocker` cuts a box on `place`
    /// off from at least one goal it reaches on the empty board. Dense ids.
    blocks: Vec<bool>,
    cells: usize,
}

/// Boards with more floor cells than this get no hotspot table.
const HOTSPOT_MAX_CELLS: usize = 1_200;

impl Hotspots {
    pub(crate) fn new(model: &Model) -> Hotspots {
        let cells = model.floor.len();
        let goals = model.goals.len();
        if cells > HOTSPOT_MAX_CELLS || goals > 256 {
            return Hotspots::default();
        }
        let len = model.board.cells_len();
        let reach_counts = |blocked: &PerCell<bool>| -> PerCell<u16> {
            let mut counts = PerCell::filled(0_u16, len);
            for &goal in &model.goals {
                let sources = push_sources(model, blocked, &[goal]);
                for (count, &source) in counts.iter_mut().zip(sources.iter()) {
                    *count += u16::from(source);
                }
            }
            counts
        };
        let none = PerCell::filled(false, len);
        let base = reach_counts(&none);
        let mut blocks = vec![false; cells * cells];
        let mut blocked = PerCell::filled(false, len);
        for (blocker_id, &blocker) in model.floor.iter().enumerate() {
            if model.board.is_goal(blocker) || model.dead_cell[blocker] {
                continue;
            }
            blocked[blocker] = true;
            let counts = reach_counts(&blocked);
            blocked[blocker] = false;
            for (place_id, &place) in model.floor.iter().enumerate() {
                if place == blocker || model.board.is_goal(place) || model.dead_cell[place] {
                    continue;
                }
                if counts[place] < base[place] {
                    blocks[place_id * cells + blocker_id] = true;
                }
            }
        }
        Hotspots { blocks, cells }
    }

    /// How many boxes of `board` block another box's way to a goal.
    pub(crate) fn count(&self, board: &Board<'_>) -> u16 {
        if self.cells == 0 {
            return 0;
        }
        let model = board.model;
        let mut count = 0;
        for &blocker in &board.boxes {
            let b = model.dense_id(blocker).index();
            let blocks = board.boxes.iter().any(|&place| {
                place != blocker && self.blocks[model.dense_id(place).index() * self.cells + b]
            });
            count += u16::from(blocks);
        }
        count
    }
}

/// Everything a search needs to score positions.
#[derive(Debug, Clone)]
pub(crate) struct Scorer {
    pub(crate) way: Way,
    pub(crate) rooms: Rooms,
    pub(crate) plan: Option<Plan>,
    pub(crate) out_of_plan: OutOfPlan,
    pub(crate) hotspots: Hotspots,
    /// Per cell: pushes to the nearest goal on the empty board.
    pub(crate) goal_distance: PerCell<u16>,
    /// Per cell: whether it is a goal.
    goal: PerCell<bool>,
}

impl Scorer {
    /// A scorer for a search going `way`, with `plan` for a push search.
    pub(crate) fn new(
        model: &Model,
        way: Way,
        rooms: Rooms,
        hotspots: Hotspots,
        plan: Option<Plan>,
    ) -> Scorer {
        let len = model.board.cells_len();
        let mut goal_distance = PerCell::filled(INF, len);
        for &cell in &model.floor {
            let mut best = INF;
            for side in 0..model.sides.count(cell) {
                let row = model.distances.row(model.sides.slot(cell, side));
                best = best.min(row.iter().copied().min().unwrap_or(INF));
            }
            goal_distance[cell] = best;
        }
        let out_of_plan = match (&plan, way) {
            (Some(plan), Way::Push) => OutOfPlan::new(model, plan, &model.dead_cell),
            _ => OutOfPlan::default(),
        };
        let mut goal = PerCell::filled(false, len);
        for &cell in &model.goals {
            goal[cell] = true;
        }
        Scorer {
            way,
            rooms,
            plan,
            out_of_plan,
            hotspots,
            goal_distance,
            goal,
        }
    }

    /// The score of `board`, whose regions `connectivity` counts.
    /// The score of `board` (whose regions `connectivity` counts) reached by `step`
    /// from a position with score `parent`: the room links are taken over when the
    /// box moved deep inside rooms only.
    pub(crate) fn score_after(
        &mut self,
        board: &Board<'_>,
        connectivity: u16,
        step: &super::board::BoxMove,
        parent: &Score,
    ) -> Score {
        let model = board.model;
        let inherit = !step.base
            && self.rooms.is_inner(step.from, model)
            && self.rooms.is_inner(step.to, model);
        self.score_with(board, connectivity, inherit.then_some(parent.rooms))
    }

    /// The score of `board`, whose regions `connectivity` counts.
    pub(crate) fn score(&mut self, board: &Board<'_>, connectivity: u16) -> Score {
        self.score_with(board, connectivity, None)
    }

    fn score_with(&mut self, board: &Board<'_>, connectivity: u16, rooms: Option<u16>) -> Score {
        let distance = board
            .boxes
            .iter()
            .map(|&cell| u32::from(self.goal_distance[cell].min(1000)))
            .sum();
        let on_goals = board.boxes.iter().filter(|&&cell| self.goal[cell]).count() as u16;
        let mut score = Score {
            boxes: board.boxes.len() as u16,
            connectivity,
            rooms: rooms.unwrap_or_else(|| self.rooms.score(board)),
            on_goals,
            distance,
            ..Score::default()
        };
        if self.way == Way::Push {
            score.packed = self
                .plan
                .as_ref()
                .map_or(on_goals, |plan| plan.packed(|cell| board.has_box(cell)));
            score.out_of_plan = self.out_of_plan.count(board, score.packed);
            score.hotspots = self.hotspots.count(board);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_board::Puzzle;

    fn model(text: &str) -> Model {
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
        Model::new(&puzzle, 1 << 30).unwrap()
    }

    #[test]
    fn two_rooms_and_their_link() {
        // Two 3x3 rooms joined by a corridor.
        let model = model("###########/#@  ###   #/#   $   . #/#   ###   #/###########");
        let mut rooms = Rooms::new(&model);
        assert_eq!(rooms.count, 2);
        let mut board = Board::new(&model, Way::Push);
        board.set(&[], &[], model.start_pusher);
        assert_eq!(rooms.score(&board), 0);
        // A box in the corridor cuts the link.
        board.set(&model.start_boxes, &[], model.start_pusher);
        assert_eq!(rooms.score(&board), 1);
    }

    #[test]
    fn the_push_order_of_features() {
        let better = Score {
            packed: 3,
            connectivity: 5,
            ..Score::default()
        };
        let worse = Score {
            packed: 2,
            connectivity: 1,
            ..Score::default()
        };
        assert!(better.is_better(&worse, Way::Push));
        assert!(!worse.is_better(&better, Way::Push));
        // Pulling, fewer boxes on the board come first.
        let fewer = Score {
            boxes: 3,
            connectivity: 4,
            ..Score::default()
        };
        let more = Score {
            boxes: 4,
            ..Score::default()
        };
        assert!(fewer.is_better(&more, Way::Pull));
    }
}
