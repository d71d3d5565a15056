//! Box paths: the fewest pushes (or pulls) that take one box to a chosen cell while
//! every other box stands still, with the fewest moves among them. A player's "click
//! a box, then a cell" asks exactly this.
//!
//! The search runs on the compact core ([`Position`]): its pushes, pulls and
//! reachability are the rules of movement every other part of the engine plays by.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use sokoengine_geometry::Direction;

use crate::compact::{CompactCell, Position, Reach};

/// Whether a box path pushes its box (forward play) or pulls it (reverse play).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoxMoves {
    /// The pusher pushes the box ahead of it.
    Push,
    /// The pusher pulls the box behind it.
    Pull,
}

/// One step of a box path: the pusher's direction and whether the step moves the box
/// (a push or a pull) or only walks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoxStep {
    /// The pusher's direction.
    pub direction: Direction,
    /// Whether the step pushes or pulls the box.
    pub moves_box: bool,
}

/// Why [`Position::box_path`] found no path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoxPathError {
    /// No box stands on the cell the path starts from.
    #[error("no box on cell {cell}")]
    NoBox {
        /// The cell.
        cell: CompactCell,
    },
    /// The destination is a wall, lies outside the active area or holds another box.
    #[error("cell {cell} can't take the box")]
    Blocked {
        /// The destination.
        cell: CompactCell,
    },
    /// No sequence of pushes (or pulls) takes the box there.
    #[error("no path takes the box there")]
    NoPath,
    /// The search settled `states` positions of the box and the pusher without
    /// reaching the destination, and stopped.
    #[error("no path found within {states} positions")]
    Limit {
        /// Positions settled.
        states: usize,
    },
}

/// A state of the search: the box's cell and the pusher's.
type State = (CompactCell, CompactCell);

/// Costs order by pushes first, then moves: pushes in the high half.
const PUSH: u64 = 1 << 32;

/// What the search keeps of a state reached: its cost, and the state and direction of
/// the box move that reached it (none for the start).
#[derive(Debug, Clone, Copy)]
struct Reached {
    cost: u64,
    from: Option<(State, Direction)>,
}

impl Position {
    /// The fewest pushes (with [`BoxMoves::Pull`], pulls) that take the box on cell
    /// `from` to cell `to`, the other boxes standing still, and among those the fewest
    /// moves in all: the pusher's steps from where it stands, walks and box moves. The
    /// empty path when `from == to`. Stops with [`BoxPathError::Limit`] after settling
    /// `max_states` positions of box and pusher (each costs one reachability search).
    ///
    /// # Errors
    ///
    /// [`BoxPathError`]: no box on `from`, `to` cannot take a box, no path, or the
    /// limit reached.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::{BoxMoves, CompactBoard, Puzzle};
    /// use sokoengine_geometry::{Direction, Tessellation};
    ///
    /// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@    #\n# $   #\n#    .#\n#######")?;
    /// let board = CompactBoard::new(&puzzle)?;
    /// let (from, to) = (board.cell_of(16).unwrap(), board.cell_of(26).unwrap());
    /// let path = board.start().box_path(from, to, BoxMoves::Push, 1000)?;
    /// // Three pushes right and one down, seven steps in all.
    /// assert_eq!(path.iter().filter(|step| step.moves_box).count(), 4);
    /// assert_eq!(path.len(), 7);
    /// assert_eq!(path.iter().filter(|step| step.direction == Direction::Right && step.moves_box).count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn box_path(
        &self,
        from: impl Into<CompactCell>,
        to: impl Into<CompactCell>,
        moves: BoxMoves,
        max_states: usize,
    ) -> Result<Vec<BoxStep>, BoxPathError> {
        let (from, to) = (from.into(), to.into());
        if !self.has_box(from) {
            return Err(BoxPathError::NoBox { cell: from });
        }
        if from == to {
            return Ok(Vec::new());
        }
        if !self.is_free(to) {
            return Err(BoxPathError::Blocked { cell: to });
        }
        let mut search = Search {
            work: self.clone(),
            box_cell: from,
            reach: Reach::new(),
        };
        let start = (from, self.pusher());
        let mut reached: HashMap<State, Reached> = HashMap::new();
        reached.insert(
            start,
            Reached {
                cost: 0,
                from: None,
            },
        );
        let mut open = BinaryHeap::new();
        open.push(Reverse((0, start)));
        let mut settled = 0;
        while let Some(Reverse((cost, state))) = open.pop() {
            if reached.get(&state).is_some_and(|r| r.cost < cost) {
                continue;
            }
            if state.0 == to {
                return Ok(search.steps(&path_to(&reached, state), moves));
            }
            settled += 1;
            if settled > max_states {
                return Err(BoxPathError::Limit { states: max_states });
            }
            search.stand(state);
            for (next, walk, direction) in search.box_moves(state, moves) {
                let next_cost = cost + PUSH + u64::from(walk) + 1;
                if reached.get(&next).is_none_or(|r| next_cost < r.cost) {
                    reached.insert(
                        next,
                        Reached {
                            cost: next_cost,
                            from: Some((state, direction)),
                        },
                    );
                    open.push(Reverse((next_cost, next)));
                }
            }
        }
        Err(BoxPathError::NoPath)
    }
}

/// The box moves from the start to `state`, in order: each the state it starts from
/// and its direction.
fn path_to(reached: &HashMap<State, Reached>, state: State) -> Vec<(State, Direction)> {
    let mut moves = Vec::new();
    let mut current = state;
    while let Some((previous, direction)) = reached.get(&current).and_then(|r| r.from) {
        moves.push((previous, direction));
        current = previous;
    }
    moves.reverse();
    moves
}

/// The search's position: the other boxes as they stand, the moving box on
/// `box_cell`.
struct Search {
    work: Position,
    box_cell: CompactCell,
    reach: Reach,
}

impl Search {
    /// Puts the box and the pusher where `state` has them, and finds where the pusher
    /// can walk.
    fn stand(&mut self, (box_cell, pusher): State) {
        // Both are free in a state reached by legal moves.
        let _ = self.work.relocate_box(self.box_cell, box_cell);
        self.box_cell = box_cell;
        let _ = self.work.set_pusher(pusher);
        self.work.reachable_into(pusher, &mut self.reach);
    }

    /// The box moves from the state the search stands in: the state each leads to,
    /// the pusher's walk to its place before it, and the direction.
    fn box_moves(&self, (box_cell, _): State, moves: BoxMoves) -> Vec<(State, u32, Direction)> {
        let work = &self.work;
        let mut out = Vec::new();
        for direction in Direction::ALL {
            // Where the pusher stands to move the box this way, and where box and
            // pusher end up.
            let (stand, next) = match moves {
                BoxMoves::Push => {
                    let Some(stand) = work.neighbor(box_cell, direction.opposite()) else {
                        continue;
                    };
                    let Some(target) = work.push_target(box_cell, direction) else {
                        continue;
                    };
                    (stand, (target, box_cell))
                }
                BoxMoves::Pull => {
                    let Some(stand) = work.neighbor(box_cell, direction) else {
                        continue;
                    };
                    match work.neighbor(stand, direction) {
                        Some(away) if work.is_free(away) => (stand, (stand, away)),
                        _ => continue,
                    }
                }
            };
            // The pusher stands on a neighbour the box's tile leads back from (tiles
            // with direction-dependent neighbours), and can walk there.
            let facing = match moves {
                BoxMoves::Push => work.neighbor(stand, direction),
                BoxMoves::Pull => work.neighbor(stand, direction.opposite()),
            };
            if facing != Some(box_cell) {
                continue;
            }
            if let Some(walk) = self.reach.distance(stand) {
                out.push((next, walk, direction));
            }
        }
        out
    }

    /// The pusher's steps along the box moves `path`: before each, the shortest walk
    /// to its place.
    fn steps(&mut self, path: &[(State, Direction)], moves: BoxMoves) -> Vec<BoxStep> {
        let mut steps = Vec::new();
        let mut walk = Vec::new();
        for &(state, direction) in path {
            self.stand(state);
            let stand = match moves {
                BoxMoves::Push => self.work.neighbor(state.0, direction.opposite()),
                BoxMoves::Pull => self.work.neighbor(state.0, direction),
            };
            walk.clear();
            if let Some(stand) = stand {
                self.reach.path_to(stand, &mut walk);
            }
            steps.extend(walk.iter().map(|&direction| BoxStep {
                direction,
                moves_box: false,
            }));
            steps.push(BoxStep {
                direction,
                moves_box: true,
            });
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CompactBoard, Puzzle};
    use sokoengine_geometry::Tessellation;

    /// The board of `rows` (a plain grid, read cell by cell in any tessellation).
    fn board(tessellation: Tessellation, rows: &[&str]) -> CompactBoard {
        let mut puzzle = Puzzle::new(tessellation, rows[0].len(), rows.len()).unwrap();
        for (position, c) in rows.concat().chars().enumerate() {
            puzzle.set(position, c).unwrap();
        }
        CompactBoard::new(&puzzle).unwrap()
    }

    /// Plays `steps` on `position` with the compact core's rules (forward steps for a
    /// push path, pulls and walks for a pull path); the box's cell at the end.
    fn play(position: &mut Position, steps: &[BoxStep], moves: BoxMoves) {
        for step in steps {
            match (moves, step.moves_box) {
                (BoxMoves::Pull, true) => {
                    position.pull(step.direction).unwrap();
                }
                (BoxMoves::Push, true) => {
                    assert!(position.step(step.direction).unwrap().pushed.is_some());
                }
                (_, false) => {
                    assert!(position.step(step.direction).unwrap().pushed.is_none());
                }
            }
        }
    }

    #[test]
    fn fewest_pushes_then_fewest_moves() {
        let board = board(
            Tessellation::Sokoban,
            &["#######", "#@    #", "# $   #", "#    .#", "#######"],
        );
        let start = board.start();
        let (from, to) = (board.cell_of(16).unwrap(), board.cell_of(26).unwrap());
        let path = start.box_path(from, to, BoxMoves::Push, 1000).unwrap();
        let pushes = path.iter().filter(|s| s.moves_box).count();
        assert_eq!(pushes, 4);
        // One push down and three right, with a walk of one step before the first
        // and two before the turn, in either order: seven moves.
        assert_eq!(path.len(), 7);
        let mut position = start.clone();
        play(&mut position, &path, BoxMoves::Push);
        assert!(position.has_box(to) && position.is_solved());
    }

    #[test]
    fn pulls_move_the_box_the_other_way() {
        let board = board(Tessellation::Sokoban, &["#######", "#  @$ #", "#######"]);
        let start = board.start();
        let cell = |p| board.cell_of(p).unwrap();
        let path = start
            .box_path(cell(11), cell(9), BoxMoves::Pull, 1000)
            .unwrap();
        assert_eq!(path.iter().filter(|s| s.moves_box).count(), 2);
        let mut position = start.clone();
        play(&mut position, &path, BoxMoves::Pull);
        assert!(position.has_box(cell(9)));
        // Right, a push gets there and a pull cannot: the puller would stand in the wall.
        assert_eq!(
            start.box_path(cell(11), cell(12), BoxMoves::Pull, 1000),
            Err(BoxPathError::NoPath)
        );
        let push = start
            .box_path(cell(11), cell(12), BoxMoves::Push, 1000)
            .unwrap();
        assert_eq!(push.len(), 1);
    }

    #[test]
    fn errors_name_the_problem() {
        let board = board(Tessellation::Sokoban, &["########", "#@$ $ .#", "########"]);
        let start = board.start();
        let cell = |p| board.cell_of(p).unwrap();
        assert_eq!(
            start.box_path(cell(11), cell(13), BoxMoves::Push, 10),
            Err(BoxPathError::NoBox { cell: cell(11) })
        );
        assert_eq!(
            start.box_path(cell(10), cell(12), BoxMoves::Push, 10),
            Err(BoxPathError::Blocked { cell: cell(12) })
        );
        assert_eq!(
            start.box_path(cell(10), cell(0), BoxMoves::Push, 10),
            Err(BoxPathError::Blocked { cell: cell(0) })
        );
        assert_eq!(
            start.box_path(cell(10), cell(10), BoxMoves::Push, 10),
            Ok(vec![])
        );
        assert_eq!(
            start.box_path(cell(10), cell(11), BoxMoves::Push, 0),
            Err(BoxPathError::Limit { states: 0 })
        );
    }

    #[test]
    fn every_tessellation_reaches_what_its_pushes_reach() {
        // A box in open floor reaches a goal a few cells away on every tiling.
        for tessellation in [
            Tessellation::Sokoban,
            Tessellation::Hexoban,
            Tessellation::Trioban,
            Tessellation::Octoban,
        ] {
            let rows = [
                "##########",
                "#@       #",
                "#        #",
                "#  $     #",
                "#        #",
                "#      . #",
                "#        #",
                "##########",
            ];
            let board = board(tessellation, &rows);
            let start = board.start();
            let (from, to) = (board.cell_of(33).unwrap(), board.cell_of(57).unwrap());
            let path = start
                .box_path(from, to, BoxMoves::Push, 100_000)
                .unwrap_or_else(|e| panic!("{tessellation}: {e}"));
            let mut position = start.clone();
            play(&mut position, &path, BoxMoves::Push);
            assert!(position.is_solved(), "{tessellation}");
        }
    }
}
