//! Routes of one box: the pushes that move a box from one cell to another with the
//! other boxes standing still (to replay macro moves as single pushes).

use sokoengine_board::{Position, Reach};
use sokoengine_geometry::Direction;

use crate::ids::{Cell, PerStep};
use crate::model::Model;

/// The directions of a shortest sequence of pushes that moves the box on `from` to
/// `to` on `position` (the pusher walking freely in between), ending with a push in
/// direction `last` when given; an empty list when there is none. `position` is
/// left as it was.
pub(crate) fn box_route(
    model: &Model,
    position: &mut Position,
    from: Cell,
    to: Cell,
    last: Option<Direction>,
) -> Vec<Direction> {
    if from == to {
        return Vec::new();
    }
    let mut reach = Reach::new();
    // One push: the common case.
    position.reachable_into(position.pusher(), &mut reach);
    for &direction in model.directions {
        if last.is_none_or(|last| last == direction)
            && model.neighbor(from, direction) == Some(to)
            && model
                .neighbor(from, direction.opposite())
                .is_some_and(|behind| reach.reached(behind))
            && position.push_target(from, direction) == Some(to)
        {
            return vec![direction];
        }
    }
    // Breadth-first over (box cell, pusher cell next to it).
    let start_pusher = position.pusher();
    let len = model.board.cells_len();
    // parent[(cell, direction)] = (previous box cell, direction of the push into
    // this state), for the box on `cell` pushed there in `direction`.
    let mut parent: PerStep<(Cell, Option<Direction>)> =
        PerStep::filled((Cell::NONE, None), len * 8);
    let mut queue: Vec<(Cell, Cell, Option<Direction>)> = vec![(from, start_pusher, None)];
    let mut index = 0;
    let mut found = None;
    let saved_pusher = position.pusher();
    while let Some(&(cell, pusher, arrived)) = queue.get(index) {
        index += 1;
        if position.relocate_box(from, cell).is_err() {
            continue;
        }
        let _ = position.set_pusher(pusher);
        position.reachable_into(pusher, &mut reach);
        for &direction in model.directions {
            let Some(target) = position.push_target(cell, direction) else {
                continue;
            };
            if !model
                .neighbor(cell, direction.opposite())
                .is_some_and(|behind| reach.reached(behind))
            {
                continue;
            }
            let state = (target, direction);
            if !parent[state].0.is_none() {
                continue;
            }
            parent[state] = (cell, arrived);
            if target == to && last.is_none_or(|last| last == direction) {
                found = Some(state);
                break;
            }
            queue.push((target, cell, Some(direction)));
        }
        let _ = position.relocate_box(cell, from);
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
        let (_, direction) = state;
        route.push(direction);
        let (previous, arrived) = parent[state];
        // Only the start (the box on `from`) has no push into it.
        let Some(arrived) = arrived else {
            break;
        };
        state = (previous, arrived);
    }
    route.reverse();
    route
}
