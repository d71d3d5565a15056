//! Sokoban as a game of `sokoengine-rules`: one player, a movement is one push.
//!
//! [`SokobanRules`] plays a level push by push under the IArena-style
//! [`Rules`] interface, so the generic searches of the rules crate (breadth-first
//! search, A*, IDA*) solve small levels optimally in pushes. A position is the box
//! set with the pusher *normalized* (the smallest board position of its region), so
//! positions that differ only in where the pusher stands within its region are one:
//! a breadth-first search over them finds the fewest pushes. The rules of movement
//! are the compact core's ([`Position::push`] and [`Position::reachable_into`]), the
//! same the solver and the metrics verifier use; nothing prunes, so the generic
//! searches are a plain, exhaustive second method beside the solver's.

use std::fmt;

use sokoengine_board::{Position, Puzzle, Reach};
use sokoengine_geometry::Direction;
use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard};

use crate::config::Limits;
use crate::error::SolverError;
use crate::ids::Cell;
use crate::model::{INF, Model};

/// A position of [`SokobanRules`]: the boxes and the pusher's region.
///
/// Both are board positions (row-major indices of the puzzle's cells). The boxes are
/// sorted; the pusher is the smallest position of the region it can walk in, so two
/// positions are equal when the same pushes can follow.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PushPosition {
    boxes: Box<[u32]>,
    pusher: u32,
}

impl PushPosition {
    /// The board positions of the boxes, in increasing order.
    pub fn boxes(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.boxes.iter().map(|&position| position as usize)
    }

    /// The normalized pusher: the smallest board position of the pusher's region.
    pub const fn pusher(&self) -> usize {
        self.pusher as usize
    }
}

impl fmt::Display for PushPosition {
    /// `boxes 10 12 16, pusher 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("boxes")?;
        for position in self.boxes() {
            write!(f, " {position}")?;
        }
        write!(f, ", pusher {}", self.pusher)
    }
}

/// A movement of [`SokobanRules`]: the box on `box_position` is pushed one cell in
/// `direction` (the pusher walks behind it first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Push {
    /// The board position of the box before the push.
    pub box_position: usize,
    /// The direction of the push.
    pub direction: Direction,
}

impl fmt::Display for Push {
    /// `10 right`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.box_position, self.direction)
    }
}

/// Why [`SokobanRules::next_position`](Rules::next_position) refused a push. The
/// position given is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PushError {
    /// No box stands on the position.
    #[error("no box on position {position}")]
    NoBox {
        /// The push's box position.
        position: usize,
    },
    /// The pusher cannot walk to the cell behind the box.
    #[error("the pusher cannot get behind the box on position {position} to push it {direction}")]
    Unreachable {
        /// The box's position.
        position: usize,
        /// The push's direction.
        direction: Direction,
    },
    /// A wall or a box is in the way, or the tessellation has no such neighbour.
    #[error("the box on position {position} cannot move {direction}")]
    Blocked {
        /// The box's position.
        position: usize,
        /// The push's direction.
        direction: Direction,
    },
}

/// The rules of a Sokoban level (any tessellation) with pushes as movements.
///
/// * one player; [`first_position`](Rules::first_position) is the level's start;
/// * [`possible_movements`](Rules::possible_movements): every push the pusher can
///   make from its region, boxes in board order, each in the order of the
///   tessellation's directions; no push is pruned, dead or not;
/// * [`finished`](Rules::finished): every box on a goal; the score of player 0 is
///   `1` then, `0` before.
///
/// Sokoban+ orders are ignored (the plain game); the level must have exactly one
/// pusher and as many boxes as goals, within the solver's size limits.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_rules::{Rules, Search};
/// use sokoengine_solver::SokobanRules;
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#  $ .#\n#######")?;
/// let rules = SokobanRules::new(&puzzle)?;
/// let start = rules.first_position();
/// assert_eq!(rules.possible_movements(&start).len(), 2);
/// // The fewest pushes, by breadth-first search over push positions...
/// let path = Search::new(&rules).bfs(&start)?;
/// assert_eq!(path.len(), 4);
/// // ...or by A* with the rules' admissible bound.
/// let path = Search::new(&rules).astar(&start, |p| rules.lower_bound(p))?;
/// assert_eq!(path.len(), 4);
/// // The pushes as steps, with the walks between them.
/// assert_eq!(rules.steps(&path.movements)?, "rRRlldRR");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct SokobanRules {
    model: Model,
}

impl SokobanRules {
    /// The rules of `puzzle`.
    ///
    /// # Errors
    ///
    /// [`SolverError`] for a level the solver does not take either: no or several
    /// pushers, no boxes, boxes and goals of different counts, more than 65,535 cells
    /// or 1,024 boxes.
    pub fn new(puzzle: &Puzzle) -> Result<SokobanRules, SolverError> {
        Ok(SokobanRules {
            model: Model::new(puzzle, Limits::DEFAULT_MEMORY)?,
        })
    }

    /// An admissible lower bound on the pushes left from `position`: the sum over the
    /// boxes of each one's fewest pushes to the nearest goal on an empty board, with
    /// the pusher on its side of the box. A box that can reach no goal gives
    /// `u32::MAX`, more than any solution needs. Meant as the heuristic of
    /// [`Search::astar`](sokoengine_rules::Search::astar).
    pub fn lower_bound(&self, position: &PushPosition) -> u64 {
        let model = &self.model;
        let Some(pusher) = self.cell(position.pusher) else {
            return 0;
        };
        let mut total = 0_u64;
        for &box_position in position.boxes.iter() {
            let Some(cell) = self.cell(box_position) else {
                continue;
            };
            let side = model.sides.side_of(cell, pusher);
            let nearest = model
                .distances
                .row(model.sides.slot(cell, side))
                .iter()
                .copied()
                .min()
                .unwrap_or(INF);
            if nearest == INF {
                return u64::from(u32::MAX);
            }
            total += u64::from(nearest);
        }
        total
    }

    /// The steps (the tessellation's letters, upper case = push) that play `pushes`
    /// from the level's start, the pusher walking a shortest path to each push.
    ///
    /// # Errors
    ///
    /// [`PushError`] for the first push that is not legal where it comes.
    pub fn steps(&self, pushes: &[Push]) -> Result<String, PushError> {
        let model = &self.model;
        let mut position = model.board.start();
        let mut reach = Reach::new();
        let mut walk = Vec::new();
        let mut steps = String::new();
        for push in pushes {
            let (cell, behind) = self.check(&position, &mut reach, push)?;
            walk.clear();
            reach.path_to(behind, &mut walk);
            for &direction in &walk {
                let _ = position.step(direction);
                steps.push(self.letter(direction, false));
            }
            let _ = position.push(cell, push.direction);
            steps.push(self.letter(push.direction, true));
        }
        Ok(steps)
    }

    fn letter(&self, direction: Direction, push: bool) -> char {
        self.model
            .tessellation
            .step_char(direction, push)
            .unwrap_or('?')
    }

    /// The compact cell of an active board position.
    fn cell(&self, position: u32) -> Option<Cell> {
        let cell = self.model.board.cell_of(position as usize)?;
        self.model.board.is_active(cell).then_some(cell)
    }

    fn board_position(&self, cell: Cell) -> u32 {
        self.model.board.board_position(cell).index() as u32
    }

    /// `position` on the compact board.
    fn load(&self, position: &PushPosition) -> Position {
        let mut compact = self.model.board.empty();
        if let Some(pusher) = self.cell(position.pusher) {
            let _ = compact.set_pusher(pusher);
        }
        for &box_position in position.boxes.iter() {
            if let Some(cell) = self.cell(box_position) {
                let _ = compact.put_box(cell);
            }
        }
        compact
    }

    /// The box cell and the cell behind it of a legal `push` on `position` (whose
    /// pusher region is computed into `reach`).
    fn check(
        &self,
        position: &Position,
        reach: &mut Reach,
        push: &Push,
    ) -> Result<(Cell, Cell), PushError> {
        let cell = u32::try_from(push.box_position)
            .ok()
            .and_then(|p| self.cell(p))
            .filter(|&cell| position.has_box(cell))
            .ok_or(PushError::NoBox {
                position: push.box_position,
            })?;
        position.reachable_into(position.pusher(), reach);
        let behind = self.model.board.neighbor(cell, push.direction.opposite());
        let Some(behind) = behind.filter(|&b| reach.reached(b)) else {
            return Err(PushError::Unreachable {
                position: push.box_position,
                direction: push.direction,
            });
        };
        if position.push_target(cell, push.direction).is_none() {
            return Err(PushError::Blocked {
                position: push.box_position,
                direction: push.direction,
            });
        }
        Ok((cell, behind))
    }

    /// The position after pushing the box on `cell` of `position` (the child of
    /// `parent`) in `direction`; `position` is left as it was.
    fn child(
        &self,
        parent: &PushPosition,
        position: &mut Position,
        reach: &mut Reach,
        cell: Cell,
        direction: Direction,
    ) -> Option<PushPosition> {
        let target = position.push(cell, direction).ok()?;
        // The pusher now stands on the box's old cell.
        position.reachable_into(cell, reach);
        let pusher = reach.min_cell().unwrap_or(cell);
        let undone = position.pull(direction.opposite());
        debug_assert!(undone.is_ok(), "a pull undoes every push");
        let (from, to) = (self.board_position(cell), self.board_position(target));
        let mut boxes: Box<[u32]> = parent
            .boxes
            .iter()
            .map(|&b| if b == from { to } else { b })
            .collect();
        boxes.sort_unstable();
        Some(PushPosition {
            boxes,
            pusher: self.board_position(pusher),
        })
    }
}

impl Rules for SokobanRules {
    type Position = PushPosition;
    type Movement = Push;
    type Error = PushError;

    fn player_count(&self) -> usize {
        1
    }

    fn first_position(&self) -> PushPosition {
        let model = &self.model;
        let start = model.board.start();
        let mut reach = Reach::new();
        start.reachable_into(start.pusher(), &mut reach);
        let pusher = reach.min_cell().unwrap_or(start.pusher());
        PushPosition {
            boxes: model
                .start_boxes
                .iter()
                .map(|&cell| self.board_position(cell))
                .collect(),
            pusher: self.board_position(pusher),
        }
    }

    fn next_player(&self, _: &PushPosition) -> PlayerIndex {
        PlayerIndex::FIRST
    }

    fn possible_movements(&self, position: &PushPosition) -> Vec<Push> {
        self.successors(position)
            .into_iter()
            .map(|(push, _)| push)
            .collect()
    }

    fn next_position(
        &self,
        movement: &Push,
        position: &PushPosition,
    ) -> Result<PushPosition, PushError> {
        let mut compact = self.load(position);
        let mut reach = Reach::new();
        let (cell, _) = self.check(&compact, &mut reach, movement)?;
        self.child(position, &mut compact, &mut reach, cell, movement.direction)
            .ok_or(PushError::Blocked {
                position: movement.box_position,
                direction: movement.direction,
            })
    }

    fn finished(&self, position: &PushPosition) -> bool {
        position
            .boxes
            .iter()
            .all(|&b| self.cell(b).is_some_and(|c| self.model.board.is_goal(c)))
    }

    fn score(&self, position: &PushPosition) -> ScoreBoard {
        ScoreBoard::from_scores([i64::from(self.finished(position))])
    }

    fn successors(&self, position: &PushPosition) -> Vec<(Push, PushPosition)> {
        let model = &self.model;
        let mut compact = self.load(position);
        let mut region = Reach::new();
        let mut reach = Reach::new();
        compact.reachable_into(compact.pusher(), &mut region);
        let mut children = Vec::new();
        for &box_position in position.boxes.iter() {
            let Some(cell) = self.cell(box_position) else {
                continue;
            };
            for &direction in model.directions {
                let behind = model.board.neighbor(cell, direction.opposite());
                if !behind.is_some_and(|b| region.reached(b))
                    || compact.push_target(cell, direction).is_none()
                {
                    continue;
                }
                if let Some(child) = self.child(position, &mut compact, &mut reach, cell, direction)
                {
                    let push = Push {
                        box_position: box_position as usize,
                        direction,
                    };
                    children.push((push, child));
                }
            }
        }
        children
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_geometry::Tessellation;

    fn rules(text: &str) -> SokobanRules {
        SokobanRules::new(&Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap())
            .unwrap()
    }

    #[test]
    fn positions_and_pushes() {
        let rules = rules("#######/#@ $ .#/#######");
        let start = rules.first_position();
        assert_eq!(start.to_string(), "boxes 10, pusher 8");
        let pushes = rules.possible_movements(&start);
        assert_eq!(
            pushes,
            [Push {
                box_position: 10,
                direction: Direction::Right
            }]
        );
        let next = rules.next_position(&pushes[0], &start).unwrap();
        // The pusher's region now spans 8 to 10; 8 is its smallest position.
        assert_eq!(next.to_string(), "boxes 11, pusher 8");
        assert!(!rules.finished(&next));
        let last = rules
            .next_position(
                &Push {
                    box_position: 11,
                    direction: Direction::Right,
                },
                &next,
            )
            .unwrap();
        assert!(rules.finished(&last));
        assert_eq!(rules.score(&last).score(PlayerIndex::FIRST), 1);
        assert_eq!(rules.lower_bound(&start), 2);
        assert_eq!(rules.lower_bound(&last), 0);
    }

    #[test]
    fn illegal_pushes_are_typed_errors() {
        let rules = rules("########/#@ $  .#/#  $  .#/########");
        let start = rules.first_position();
        let push = |box_position, direction| Push {
            box_position,
            direction,
        };
        assert_eq!(
            rules.next_position(&push(9, Direction::Right), &start),
            Err(PushError::NoBox { position: 9 })
        );
        // Below the box on 11 stands the box on 19.
        assert_eq!(
            rules.next_position(&push(11, Direction::Up), &start),
            Err(PushError::Unreachable {
                position: 11,
                direction: Direction::Up
            })
        );
        assert_eq!(
            rules.next_position(&push(11, Direction::Left), &start),
            Err(PushError::Unreachable {
                position: 11,
                direction: Direction::Left
            })
        );
        assert_eq!(
            rules.next_position(&push(usize::MAX, Direction::Left), &start),
            Err(PushError::NoBox {
                position: usize::MAX
            })
        );
        assert_eq!(
            rules.steps(&[push(11, Direction::Right), push(19, Direction::Down)]),
            Err(PushError::Blocked {
                position: 19,
                direction: Direction::Down
            })
        );
        let blocked = super::tests::rules("#######/#@$$ .#/#    .#/#######");
        assert_eq!(
            blocked.next_position(&push(9, Direction::Right), &blocked.first_position()),
            Err(PushError::Blocked {
                position: 9,
                direction: Direction::Right
            })
        );
        // Every generated push is accepted by the checked path, with the same result.
        for (movement, child) in rules.successors(&start) {
            assert_eq!(rules.next_position(&movement, &start), Ok(child));
            assert!(rules.is_movement_possible(&movement, &start));
        }
    }

    #[test]
    fn refuses_what_the_solver_refuses() {
        let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@$ .@#\n#######").unwrap();
        assert_eq!(
            SokobanRules::new(&puzzle).unwrap_err(),
            SolverError::SeveralPushers { count: 2 }
        );
    }
}
