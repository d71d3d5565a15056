//! Goal rooms and their packing orders.
//!
//! A *goal room* is an area of goals and floor that boxes enter only through
//! *doors*: corridor cells (exactly two active neighbours) that are not goals. Its
//! *packing order* is found backwards: start with every goal of the room filled and
//! the pusher outside, and take the boxes out one at a time by pulls, each through a
//! door; the reverse of the order in which they came out is an order in which the
//! goals can be filled, each new box pushed in with the earlier ones in place.
//!
//! The fast search uses it for goal macros: when a box reaches a door of a room
//! whose boxes sit exactly on the first goals of its order, it is pushed straight
//! on to the next goal, and the packed boxes are not pushed again.

use sokoengine_board::{Position, Reach};
use sokoengine_geometry::Direction;

use crate::model::{Model, NONE};

/// One goal room.
#[derive(Debug, Clone)]
pub(crate) struct GoalRoom {
    /// Goals in packing order: the first is filled first.
    pub(crate) order: Vec<u32>,
}

/// The goal rooms of a level.
#[derive(Debug, Clone, Default)]
pub(crate) struct Rooms {
    pub(crate) rooms: Vec<GoalRoom>,
    /// Cell → index of the goal room it belongs to (`NONE` outside rooms).
    pub(crate) room_of: Vec<u32>,
    /// Cell → index of the goal room it is a door of (`NONE` otherwise).
    pub(crate) door_of: Vec<u32>,
    /// Goal cell → its rank in its room's packing order.
    pub(crate) rank: Vec<u32>,
}

/// Rooms larger than this are not analysed (the backward search per box is
/// bounded by the room's size anyway; this keeps pathological boards cheap).
const MAX_ROOM_CELLS: usize = 4096;

impl Rooms {
    /// Finds the goal rooms of `model` that have a packing order.
    pub(crate) fn new(model: &Model) -> Rooms {
        let len = model.board.cells_len();
        let mut rooms = Rooms {
            rooms: Vec::new(),
            room_of: vec![NONE; len],
            door_of: vec![NONE; len],
            rank: vec![NONE; len],
        };
        let is_goal = |cell: u32| model.board.is_goal(cell as usize);
        let door = |cell: u32| !is_goal(cell) && is_corridor(model, cell);
        let mut seen = vec![false; len];
        for &goal in &model.goals {
            if seen[goal as usize] || door(goal) {
                continue;
            }
            // The component of non-door cells around this goal.
            let mut cells = vec![goal];
            seen[goal as usize] = true;
            let mut doors = Vec::new();
            let mut index = 0;
            while let Some(&cell) = cells.get(index) {
                index += 1;
                for &direction in model.directions {
                    let next = model.neighbor(cell, direction);
                    if next == NONE || seen[next as usize] {
                        continue;
                    }
                    seen[next as usize] = true;
                    if door(next) {
                        doors.push(next);
                    } else {
                        cells.push(next);
                    }
                }
            }
            for &d in &doors {
                seen[d as usize] = false;
            }
            let start_inside = cells.contains(&model.start_pusher)
                || model.start_boxes.iter().any(|b| cells.contains(b));
            let goals: Vec<u32> = cells.iter().copied().filter(|&c| is_goal(c)).collect();
            if start_inside
                || doors.is_empty()
                || goals.len() < 2
                || cells.len() > MAX_ROOM_CELLS
                || cells.len() * 2 > model.floor.len()
            {
                continue;
            }
            let Some(order) = packing_order(model, &cells, &goals, &doors) else {
                continue;
            };
            let room_index = rooms.rooms.len() as u32;
            for &cell in &cells {
                rooms.room_of[cell as usize] = room_index;
            }
            for &d in &doors {
                if rooms.door_of[d as usize] == NONE {
                    rooms.door_of[d as usize] = room_index;
                }
            }
            for (rank, &goal) in order.iter().enumerate() {
                rooms.rank[goal as usize] = rank as u32;
            }
            rooms.rooms.push(GoalRoom { order });
        }
        rooms
    }

    /// Whether any goal room was found.
    pub(crate) fn is_empty(&self) -> bool {
        self.rooms.is_empty()
    }
}

/// Whether `cell` is a corridor cell: exactly two distinct active neighbours,
/// either opposite each other or with `cell` the only link between them (a room's
/// corner, whose two neighbours meet around it, is not a corridor).
fn is_corridor(model: &Model, cell: u32) -> bool {
    let mut seen = [(NONE, Direction::Up); 8];
    let mut count = 0;
    for &direction in model.directions {
        let next = model.neighbor(cell, direction);
        if next != NONE && !seen[..count].iter().any(|&(c, _)| c == next) {
            seen[count] = (next, direction);
            count += 1;
        }
    }
    count == 2 && (seen[0].1.opposite() == seen[1].1 || model.sides.count(cell) >= 2)
}

/// The packing order of a room (its `cells`, `goals` and `doors`), by taking boxes
/// out backwards; `None` when some box cannot be taken out.
fn packing_order(model: &Model, cells: &[u32], goals: &[u32], doors: &[u32]) -> Option<Vec<u32>> {
    let len = model.board.cells_len();
    let mut in_room = vec![false; len];
    for &cell in cells {
        in_room[cell as usize] = true;
    }
    // The pusher waits outside, next to a door.
    let outside = doors.iter().find_map(|&d| {
        model.directions.iter().find_map(|&direction| {
            let next = model.neighbor(d, direction);
            (next != NONE && !in_room[next as usize]).then_some(next)
        })
    })?;
    let mut position = model.empty_position();
    let _ = position.set_pusher(outside as usize);
    for &goal in goals {
        position.put_box(goal as usize).ok()?;
    }
    let mut removed = Vec::with_capacity(goals.len());
    let mut left: Vec<u32> = goals.to_vec();
    let mut search = PullSearch::new(len);
    while !left.is_empty() {
        // Take out the box with the shortest way out.
        let mut best: Option<(usize, usize)> = None;
        for (index, &goal) in left.iter().enumerate() {
            let out = |next: u32, beyond: u32| {
                !in_room[next as usize]
                    && !in_room[beyond as usize]
                    && is_door(model, next, &in_room)
            };
            let keep = |next: u32| in_room[next as usize] || is_door(model, next, &in_room);
            if let Some(pulls) = search.pulls_out(model, &mut position, goal, out, keep) {
                if best.is_none_or(|(_, fewest)| pulls < fewest) {
                    best = Some((index, pulls));
                }
            }
        }
        let (index, _) = best?;
        let goal = left.swap_remove(index);
        position.remove_box(goal as usize);
        removed.push(goal);
    }
    removed.reverse();
    Some(removed)
}

/// A breadth-first search over pulls of one box.
pub(crate) struct PullSearch {
    /// Per (cell, direction of the pusher from the box): visited stamp.
    stamps: Vec<u32>,
    generation: u32,
    reach: Reach,
    queue: Vec<(u32, u32, u32)>,
}

impl PullSearch {
    pub(crate) fn new(len: usize) -> PullSearch {
        PullSearch {
            stamps: vec![0; len * 8],
            generation: 0,
            reach: Reach::new(),
            queue: Vec::new(),
        }
    }

    /// The fewest pulls that bring the box on `goal` onto a door with the pusher
    /// outside the room, or `None`. `position` is left as it was.
    /// The fewest pulls that bring the box on `goal` to a cell `next` with the
    /// pusher on `beyond` such that `out(next, beyond)`, the box staying on cells
    /// where `keep(next)` on the way; `None` when there is none. `position` is left
    /// as it was.
    pub(crate) fn pulls_out(
        &mut self,
        model: &Model,
        position: &mut Position,
        goal: u32,
        out: impl Fn(u32, u32) -> bool,
        keep: impl Fn(u32) -> bool,
    ) -> Option<usize> {
        self.generation += 1;
        let generation = self.generation;
        let pusher = position.pusher().get();
        self.queue.clear();
        // (box cell, pusher cell, pulls so far)
        self.queue.push((goal, pusher, 0));
        let mut index = 0;
        let mut found = None;
        while let Some(&(cell, pusher_cell, pulls)) = self.queue.get(index) {
            index += 1;
            if position.relocate_box(goal as usize, cell as usize).is_err() {
                continue;
            }
            let _ = position.set_pusher(pusher_cell as usize);
            position.reachable_into(pusher_cell as usize, &mut self.reach);
            for &direction in model.directions {
                // The pusher stands next to the box on `next` and steps away to
                // `beyond`; the box follows onto `next`.
                let next = model.neighbor(cell, direction);
                if next == NONE || !self.reach.reached(next as usize) {
                    continue;
                }
                let beyond = model.neighbor(next, direction);
                if beyond == NONE || !position.is_free(beyond as usize) {
                    continue;
                }
                let key = next as usize * 8 + direction.index();
                if self.stamps[key] == generation {
                    continue;
                }
                self.stamps[key] = generation;
                if out(next, beyond) {
                    found = Some(pulls as usize + 1);
                    break;
                }
                if keep(next) {
                    self.queue.push((next, beyond, pulls + 1));
                }
            }
            let _ = position.relocate_box(cell as usize, goal as usize);
            if found.is_some() {
                break;
            }
        }
        let _ = position.set_pusher(pusher as usize);
        found
    }
}

/// Whether `cell` (outside the room) touches the room.
fn is_door(model: &Model, cell: u32, in_room: &[bool]) -> bool {
    model.directions.iter().any(|&direction| {
        let next = model.neighbor(cell, direction);
        next != NONE && in_room[next as usize]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_board::Puzzle;
    use sokoengine_geometry::Tessellation;

    #[test]
    fn the_classic_first_level_has_one_room_filled_far_side_first() {
        let text = [
            "    #####",
            "    #   #",
            "    #$  #",
            "  ###  $##",
            "  #  $ $ #",
            "### # ## #   ######",
            "#   # ## #####  ..#",
            "# $  $          ..#",
            "##### ### #@##  ..#",
            "    #     #########",
            "    #######",
        ]
        .join("\n");
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text).unwrap();
        let model = Model::new(&puzzle, 1 << 30).unwrap();
        let rooms = Rooms::new(&model);
        assert_eq!(rooms.rooms.len(), 1);
        let room = &rooms.rooms[0];
        assert_eq!(room.order.len(), 6);
        // The first goals filled are in the far column (x = 17).
        let width = model.board.width();
        let far = room.order[..3]
            .iter()
            .all(|&goal| model.board.board_position(goal as usize).index() % width == 17);
        assert!(
            far,
            "{:?}",
            room.order
                .iter()
                .map(|&g| model.board.board_position(g as usize))
                .collect::<Vec<_>>()
        );
    }
}
