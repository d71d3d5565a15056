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

use crate::ids::{Cell, PerCell};
use crate::model::Model;

/// One goal room.
#[derive(Debug, Clone)]
pub(crate) struct GoalRoom {
    /// Goals in packing order: the first is filled first.
    pub(crate) order: Vec<Cell>,
}

/// The goal rooms of a level.
#[derive(Debug, Clone, Default)]
pub(crate) struct Rooms {
    pub(crate) rooms: Vec<GoalRoom>,
    /// Cell → index of the goal room it belongs to (`NONE` outside rooms).
    room_of: PerCell<u32>,
    /// Cell → index of the goal room it is a door of (`NONE` otherwise).
    door_of: PerCell<u32>,
    /// Goal cell → its rank in its room's packing order (`NONE` otherwise).
    rank: PerCell<u32>,
}

/// No room, no rank: keeps the tables at 32 bits an entry.
const NONE: u32 = u32::MAX;

/// `None` for `NONE`, else the index.
#[inline(always)]
fn index(value: u32) -> Option<usize> {
    (value != NONE).then_some(value as usize)
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
            room_of: PerCell::filled(NONE, len),
            door_of: PerCell::filled(NONE, len),
            rank: PerCell::filled(NONE, len),
        };
        let is_goal = |cell: Cell| model.board.is_goal(cell);
        let door = |cell: Cell| !is_goal(cell) && is_corridor(model, cell);
        let mut seen = PerCell::filled(false, len);
        for &goal in &model.goals {
            if seen[goal] || door(goal) {
                continue;
            }
            // The component of non-door cells around this goal.
            let mut cells = vec![goal];
            seen[goal] = true;
            let mut doors = Vec::new();
            let mut index = 0;
            while let Some(&cell) = cells.get(index) {
                index += 1;
                for &direction in model.directions {
                    let Some(next) = model.neighbor(cell, direction) else {
                        continue;
                    };
                    if seen[next] {
                        continue;
                    }
                    seen[next] = true;
                    if door(next) {
                        doors.push(next);
                    } else {
                        cells.push(next);
                    }
                }
            }
            for &d in &doors {
                seen[d] = false;
            }
            let start_inside = cells.contains(&model.start_pusher)
                || model.start_boxes.iter().any(|b| cells.contains(b));
            let goals: Vec<Cell> = cells.iter().copied().filter(|&c| is_goal(c)).collect();
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
                rooms.room_of[cell] = room_index;
            }
            for &d in &doors {
                if rooms.door_of[d] == NONE {
                    rooms.door_of[d] = room_index;
                }
            }
            for (rank, &goal) in order.iter().enumerate() {
                rooms.rank[goal] = rank as u32;
            }
            rooms.rooms.push(GoalRoom { order });
        }
        rooms
    }

    /// Whether any goal room was found.
    pub(crate) fn is_empty(&self) -> bool {
        self.rooms.is_empty()
    }

    /// The index of the goal room `cell` belongs to.
    #[inline]
    pub(crate) fn room_of(&self, cell: Cell) -> Option<usize> {
        index(self.room_of[cell])
    }

    /// The index of the goal room `cell` is a door of.
    #[inline]
    pub(crate) fn door_of(&self, cell: Cell) -> Option<usize> {
        index(self.door_of[cell])
    }

    /// The rank of goal `cell` in its room's packing order.
    #[inline]
    pub(crate) fn rank(&self, cell: Cell) -> Option<usize> {
        index(self.rank[cell])
    }
}

/// Whether `cell` is a corridor cell: exactly two distinct active neighbours,
/// either opposite each other or with `cell` the only link between them (a room's
/// corner, whose two neighbours meet around it, is not a corridor).
fn is_corridor(model: &Model, cell: Cell) -> bool {
    let mut seen = [(Cell::NONE, Direction::Up); 8];
    let mut count = 0;
    for &direction in model.directions {
        let Some(next) = model.neighbor(cell, direction) else {
            continue;
        };
        if !seen[..count].iter().any(|&(c, _)| c == next) {
            seen[count] = (next, direction);
            count += 1;
        }
    }
    count == 2 && (seen[0].1.opposite() == seen[1].1 || model.sides.count(cell) >= 2)
}

/// The packing order of a room (its `cells`, `goals` and `doors`), by taking boxes
/// out backwards; `None` when some box cannot be taken out.
fn packing_order(
    model: &Model,
    cells: &[Cell],
    goals: &[Cell],
    doors: &[Cell],
) -> Option<Vec<Cell>> {
    let len = model.board.cells_len();
    let mut in_room = PerCell::filled(false, len);
    for &cell in cells {
        in_room[cell] = true;
    }
    // The pusher waits outside, next to a door.
    let outside = doors.iter().find_map(|&d| {
        model
            .directions
            .iter()
            .find_map(|&direction| model.neighbor(d, direction).filter(|&next| !in_room[next]))
    })?;
    let mut position = model.empty_position();
    let _ = position.set_pusher(outside);
    for &goal in goals {
        position.put_box(goal).ok()?;
    }
    let mut removed = Vec::with_capacity(goals.len());
    let mut left: Vec<Cell> = goals.to_vec();
    let mut search = PullSearch::new(len);
    while !left.is_empty() {
        // Take out the box with the shortest way out.
        let mut best: Option<(usize, usize)> = None;
        for (index, &goal) in left.iter().enumerate() {
            let out = |next: Cell, beyond: Cell| {
                !in_room[next] && !in_room[beyond] && is_door(model, next, &in_room)
            };
            let keep = |next: Cell| in_room[next] || is_door(model, next, &in_room);
            if let Some(pulls) = search.pulls_out(model, &mut position, goal, out, keep) {
                if best.is_none_or(|(_, fewest)| pulls < fewest) {
                    best = Some((index, pulls));
                }
            }
        }
        let (index, _) = best?;
        let goal = left.swap_remove(index);
        position.remove_box(goal);
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
    queue: Vec<(Cell, Cell, u32)>,
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
        goal: Cell,
        out: impl Fn(Cell, Cell) -> bool,
        keep: impl Fn(Cell) -> bool,
    ) -> Option<usize> {
        self.generation += 1;
        let generation = self.generation;
        let pusher = position.pusher();
        self.queue.clear();
        // (box cell, pusher cell, pulls so far)
        self.queue.push((goal, pusher, 0));
        let mut index = 0;
        let mut found = None;
        while let Some(&(cell, pusher_cell, pulls)) = self.queue.get(index) {
            index += 1;
            if position.relocate_box(goal, cell).is_err() {
                continue;
            }
            let _ = position.set_pusher(pusher_cell);
            position.reachable_into(pusher_cell, &mut self.reach);
            for &direction in model.directions {
                // The pusher stands next to the box on `next` and steps away to
                // `beyond`; the box follows onto `next`.
                let Some(next) = model.neighbor(cell, direction) else {
                    continue;
                };
                if !self.reach.reached(next) {
                    continue;
                }
                let Some(beyond) = model.neighbor(next, direction) else {
                    continue;
                };
                if !position.is_free(beyond) {
                    continue;
                }
                let key = next.index() * 8 + direction.index();
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
            let _ = position.relocate_box(cell, goal);
            if found.is_some() {
                break;
            }
        }
        let _ = position.set_pusher(pusher);
        found
    }
}

/// Whether `cell` (outside the room) touches the room.
fn is_door(model: &Model, cell: Cell, in_room: &PerCell<bool>) -> bool {
    model.directions.iter().any(|&direction| {
        model
            .neighbor(cell, direction)
            .is_some_and(|next| in_room[next])
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
            .all(|&goal| model.board.board_position(goal).index() % width == 17);
        assert!(
            far,
            "{:?}",
            room.order
                .iter()
                .map(|&g| model.board.board_position(g))
                .collect::<Vec<_>>()
        );
    }
}
