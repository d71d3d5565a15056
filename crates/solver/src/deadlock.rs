//! Freeze deadlocks, generalised to every tessellation: a box that can never move
//! again (every axis through it blocked by walls, by dead squares on both sides, or
//! by other boxes that are frozen themselves), off a goal.

use sokoengine_board::Position;
use sokoengine_geometry::{Direction, Tessellation};

use crate::ids::{Cell, PerCell};
use crate::model::Model;

/// Recursive calls one freeze test may make; beyond it the test answers "not
/// frozen" (never a wrong deadlock, only a missed one).
const BUDGET: u32 = 512;

/// Scratch of the freeze test.
#[derive(Debug, Clone)]
pub(crate) struct Freeze {
    /// Boxes on the recursion stack, treated as walls (stamped with `generation`).
    stack: PerCell<u32>,
    generation: u32,
    budget: u32,
}

impl Freeze {
    pub(crate) fn new(cells: usize) -> Freeze {
        Freeze {
            stack: PerCell::filled(0, cells),
            generation: 0,
            budget: 0,
        }
    }

    /// Whether the box on `cell` is frozen together with boxes that include one off
    /// a goal.
    pub(crate) fn is_deadlock(&mut self, model: &Model, position: &Position, cell: Cell) -> bool {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stack.fill(0);
            self.generation = 1;
        }
        self.budget = BUDGET;
        self.frozen(model, position, cell) == Some(true)
    }

    /// Whether the box on `cell` can never usefully move again (every push of it,
    /// now and later, is blocked or leads onto a dead square), on a goal or not.
    pub(crate) fn is_frozen(&mut self, model: &Model, position: &Position, cell: Cell) -> bool {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stack.fill(0);
            self.generation = 1;
        }
        self.budget = BUDGET;
        self.frozen(model, position, cell).is_some()
    }

    /// `None` when the box on `cell` may move; otherwise whether the boxes that
    /// prove it frozen (itself included) include one off a goal. Boxes on the
    /// stack count as frozen: the proof is a set of boxes that block one another.
    fn frozen(&mut self, model: &Model, position: &Position, cell: Cell) -> Option<bool> {
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        self.stack[cell] = self.generation;
        let mut off_goal = !position.is_goal(cell);
        let mut result = Some(());
        for &direction in model.directions {
            // Each axis once: the direction of the lower index and its opposite.
            if direction.index() >= 4 {
                continue;
            }
            // A wall, or a box on the stack, blocks the axis.
            let (Some(a), Some(b)) = (
                model.neighbor(cell, direction),
                model.neighbor(cell, direction.opposite()),
            ) else {
                continue;
            };
            if self.stack[a] == self.generation || self.stack[b] == self.generation {
                continue;
            }
            if model.dead_cell[a] && model.dead_cell[b] {
                continue;
            }
            let mut blocked = false;
            for neighbor in [a, b] {
                if position.has_box(neighbor) {
                    if let Some(support) = self.frozen(model, position, neighbor) {
                        off_goal |= support;
                        blocked = true;
                        break;
                    }
                }
            }
            if !blocked {
                result = None;
                break;
            }
        }
        self.stack[cell] = 0;
        result.map(|()| off_goal)
    }
}

/// The closed-diagonal pattern (Sokoban only): the box on `cell` and a box
/// diagonal to it close off the two floor cells they both touch, each of which is a
/// corner (walls on its two other sides) with no goal, no box and no pusher. Such
/// a corner can only be entered by pushing one of the two boxes into it, which
/// freezes that box there off a goal; and every other push of the two boxes needs
/// the pusher inside a corner. So neither box ever moves usefully again, which is
/// a deadlock unless both already stand on goals. Freeze does not see it (each box
/// has open floor beside it); the corral search would, at a far higher cost.
pub(crate) fn closed_diagonal(model: &Model, position: &Position, cell: Cell) -> bool {
    if model.tessellation != Tessellation::Sokoban {
        return false;
    }
    let pusher = position.pusher();
    // A corner that the pattern closes: floor, empty, no goal, walls on the sides
    // `away` from the two boxes.
    let closed_corner = |corner: Cell, away: [Direction; 2]| {
        corner != pusher
            && !position.has_box(corner)
            && !position.is_goal(corner)
            && away.iter().all(|&d| model.neighbor(corner, d).is_none())
    };
    for horizontal in [Direction::Left, Direction::Right] {
        for vertical in [Direction::Up, Direction::Down] {
            // The box on `cell`, the corner beside it, the one below/above it, and
            // the diagonal cell both corners touch.
            let (Some(beside), Some(above)) = (
                model.neighbor(cell, horizontal),
                model.neighbor(cell, vertical),
            ) else {
                continue;
            };
            let Some(diagonal) = model.neighbor(beside, vertical) else {
                continue;
            };
            if !position.has_box(diagonal) || (position.is_goal(cell) && position.is_goal(diagonal))
            {
                continue;
            }
            if closed_corner(beside, [horizontal, vertical.opposite()])
                && closed_corner(above, [vertical, horizontal.opposite()])
            {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_board::Puzzle;
    use sokoengine_geometry::Tessellation;

    fn check(text: &str, box_position: usize) -> bool {
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
        let model = Model::new(&puzzle, 1 << 30).unwrap();
        let position = model.board.start();
        let cell = model.board.cell_of(box_position).unwrap();
        Freeze::new(model.board.cells_len()).is_deadlock(&model, &position, cell)
    }

    #[test]
    fn blocks_of_boxes_and_walls() {
        // Two boxes side by side against the upper wall: neither can move.
        assert!(check("#######/#$$  .#/#@   .#/#######", 8));
        // On goals, the same block is fine.
        assert!(!check("#######/#**   #/#@    #/#######", 8));
        // One box alone in the open can move.
        assert!(!check("#######/#     #/# $@ .#/#     #/#######", 16));
        // 2x2 block in the middle of a room.
        assert!(check(
            "########/#      #/# $$   #/# $$ @ #/#  ....#/########",
            18
        ));
    }

    fn diagonal(text: &str, box_position: usize) -> bool {
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
        let model = Model::new(&puzzle, 1 << 30).unwrap();
        let position = model.board.start();
        let cell = model.board.cell_of(box_position).unwrap();
        closed_diagonal(&model, &position, cell)
    }

    #[test]
    fn closed_diagonals() {
        // Width 11: the boxes on 48 and 60 close the corners 49 and 59.
        let level = "###########/#         #/#         #/#    #    #/#   $ #   #/#  # $    #/#   #     #/#  ..  @  #/#         #/###########";
        assert!(diagonal(level, 48));
        assert!(diagonal(level, 60));
        // Freeze alone does not see it.
        assert!(!check(level, 48));
        assert!(!check(level, 60));
        // Both boxes on goals: no deadlock.
        assert!(!diagonal(
            "###########/#         #/#         #/#    #    #/#   * #   #/#  # *    #/#   #     #/#      @  #/#         #/###########",
            48
        ));
        // A goal in a corner: a box may still be pushed into it.
        assert!(!diagonal(
            "###########/#         #/#         #/#    #    #/#   $.#   #/#  # $    #/#   #     #/#  .   @  #/#         #/###########",
            48
        ));
        // The pusher inside a corner.
        assert!(!diagonal(
            "###########/#         #/#         #/#    #    #/#   $@#   #/#  # $    #/#   #     #/#  ..     #/#         #/###########",
            48
        ));
        // An open corner (no wall above 49).
        assert!(!diagonal(
            "###########/#         #/#         #/#         #/#   $ #   #/#  # $    #/#   #     #/#  ..  @  #/#         #/###########",
            48
        ));
    }
}
