//! Routes of one box: the pushes that move a box from one cell to another with the
//! other boxes standing still (to replay macro moves as single pushes).

use sokoengine_board::{Position, Reach};
use sokoengine_geometry::Direction;

use crate::model::{Model, NONE};

/// The directions of a shortest sequence of pushes that moves the box on `from` to
/// `to` on `position` (the pusher walking freely in between), ending with a push in
/// direction `last` when given; an empty list when there is none. `position` is
/// left as it was.
pub(crate) fn box_route(
    model: &Model,
    position: &mut Position,
    from: u32,
    to: u32,
    last: Option<Direction>,
) -> Vec<Direction> {
    if from == to {
        return Vec::new();
    }
    let mut reach = Reach::new();
    // One push: the common case.
    position.reachable_into(position.pusher(), &mut reach);
    for &direction in model.directions {
        let behind = model.neighbor(from, direction.opposite());
        if last.is_none_or(|last| last == direction)
            && model.neighbor(from, direction) == to
            && behind != NONE
            && reach.reached(behind as usize)
            && position.push_target(from as usize, direction) == Some(to.into())
        {
            return vec![direction];
        }
    }
    // Breadth-first over (box cell, pusher cell next to it).
    let start_pusher = position.pusher();
    let len = model.board.cells_len();
    let key = |cell: u32, direction: Direction| cell as usize * 8 + direction.index();
    // parent[state] = (previous box cell, direction of the push into this state).
    let mut parent: Vec<(u32, u8)> = vec![(NONE, 0); len * 8];
    let mut queue: Vec<(u32, u32, Option<Direction>)> = vec![(from, start_pusher.get(), None)];
    let mut index = 0;
    let mut found = None;
    let saved_pusher = position.pusher();
    while let Some(&(cell, pusher, arrived)) = queue.get(index) {
        index += 1;
        if position.relocate_box(from as usize, cell as usize).is_err() {
            continue;
        }
        let _ = position.set_pusher(pusher as usize);
        position.reachable_into(pusher as usize, &mut reach);
        for &direction in model.directions {
            let behind = model.neighbor(cell, direction.opposite());
            let Some(target) = position.push_target(cell as usize, direction) else {
                continue;
            };
            if behind == NONE || !reach.reached(behind as usize) {
                continue;
            }
            let target = target.get();
            let state = key(target, direction);
            if parent[state].0 != NONE {
                continue;
            }
            parent[state] = (cell, arrived.map_or(8, |d| d.index() as u8));
            if target == to && last.is_none_or(|last| last == direction) {
                found = Some(state);
                break;
            }
            queue.push((target, cell, Some(direction)));
        }
        let _ = position.relocate_box(cell as usize, from as usize);
        if found.is_some() {
            break;
        }
    }
    let _ = position.set_pusher(saved_pusher);
    let Some(mut state) = found else {
        return Vec::new();
    };
    let mut route = Vec::new();
    loop {
        let direction = Direction::ALL[state % 8];
        route.push(direction);
        let (previous, arrived) = parent[state];
        if previous == from && arrived == 8 {
            break;
        }
        state = previous as usize * 8 + usize::from(arrived);
    }
    route.reverse();
    route
}
