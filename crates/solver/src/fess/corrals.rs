//! PI-corrals grown from several areas, for the push search's move generation.
//!
//! A corral is a set of free areas the pusher cannot reach; its barrier is the
//! boxes next to it. Here a corral starts from one area and takes in neighbouring
//! areas as long as a barrier box could be pushed into one of them: a barrier box
//! that can move between two unreached areas makes them one problem. The grown
//! corral is a PI-corral when no barrier box can be pushed anywhere but into it
//! (judged with only the barrier boxes on the board, so that every push that
//! moving other boxes could make possible counts), and the pusher reaches every
//! push into it now. When such a corral still has work (an empty goal inside, or a
//! barrier box off a goal), some push into it comes first in every solution, so
//! only those pushes need to be generated. docs/solver.md explains the method.

use sokoengine_geometry::Direction;

use super::board::{Board, NO_REGION};
use crate::ids::{Cell, PerCell};
use crate::model::Model;

/// Scratch of the corral search.
#[derive(Debug, Clone, Default)]
pub(crate) struct Corrals {
    in_corral: PerCell<bool>,
    barrier: PerCell<bool>,
    barrier_cells: Vec<Cell>,
    used: Vec<bool>,
    candidate: Vec<bool>,
    comps: Vec<u32>,
}

/// More areas than this: no corral analysis.
const MAX_AREAS: u32 = 70;

impl Corrals {
    /// The barrier boxes whose pushes into a PI-corral with work to do are the
    /// only moves worth generating on `board` (whose [`Board::regions`] labels are
    /// fresh), or `None` when no such corral exists. `fixed` boxes count as walls;
    /// `dead(to, direction)` says a push in `direction` onto `to` is a deadlock.
    pub(crate) fn pi_corral(
        &mut self,
        board: &Board<'_>,
        areas: u16,
        fixed: &[Cell],
        dead: impl Fn(Cell, Direction) -> bool,
    ) -> Option<Vec<Cell>> {
        let model = board.model;
        let areas = u32::from(areas);
        if !(2..MAX_AREAS).contains(&areas) {
            return None;
        }
        let len = model.board.cells_len();
        self.in_corral.clear();
        self.in_corral.resize(len, false);
        self.barrier.clear();
        self.barrier.resize(len, false);
        let pusher_area = board.region_of(board.pusher);
        let is_fixed = |cell: Cell| fixed.binary_search(&cell).is_ok();
        // Candidates: areas across a box from the pusher's area.
        self.candidate.clear();
        self.candidate.resize(areas as usize, false);
        for &cell in &board.boxes {
            if is_fixed(cell) {
                continue;
            }
            for &direction in model.directions {
                let (Some(near), Some(far)) = (
                    model.neighbor(cell, direction),
                    model.neighbor(cell, direction.opposite()),
                ) else {
                    continue;
                };
                if board.region_of(near) != pusher_area {
                    continue;
                }
                let other = board.region_of(far);
                if other != NO_REGION && other != pusher_area {
                    self.candidate[other as usize] = true;
                }
            }
        }
        for first in 0..areas {
            if !self.candidate[first as usize] {
                continue;
            }
            if let Some(options) = self.grow(board, &[first], pusher_area, &is_fixed, &dead) {
                return Some(options);
            }
        }
        // Two areas that touch one box form a corral together.
        for first in 0..areas {
            for second in first + 1..areas {
                if first == pusher_area
                    || second == pusher_area
                    || !(self.candidate[first as usize] || self.candidate[second as usize])
                    || !touch_one_box(board, first, second)
                {
                    continue;
                }
                if let Some(options) =
                    self.grow(board, &[first, second], pusher_area, &is_fixed, &dead)
                {
                    return Some(options);
                }
            }
        }
        None
    }

    /// Grows the corral of the areas `start` and returns its options when it ends
    /// as a PI-corral with work to do.
    fn grow(
        &mut self,
        board: &Board<'_>,
        start: &[u32],
        pusher_area: u32,
        is_fixed: &impl Fn(Cell) -> bool,
        dead: &impl Fn(Cell, Direction) -> bool,
    ) -> Option<Vec<Cell>> {
        let model = board.model;
        self.in_corral.fill(false);
        self.used.clear();
        self.used.resize(MAX_AREAS as usize, false);
        self.comps.clear();
        for &area in start {
            self.add_area(board, area);
        }
        if !self.is_active(board, is_fixed) {
            return None;
        }
        loop {
            self.set_barrier(board, is_fixed);
            let mut added = None;
            'boxes: for &cell in &self.barrier_cells {
                if !self.touches_corral_and_outside(model, cell) {
                    continue;
                }
                for &direction in model.directions {
                    let Some((stand, to)) = self.outside_push(model, cell, direction, dead) else {
                        continue;
                    };
                    // Into the corral from an unreached area, or aside into one.
                    let area = if self.in_corral[to] {
                        board.region_of(stand)
                    } else {
                        board.region_of(to)
                    };
                    if area != NO_REGION && area != pusher_area && !self.used[area as usize] {
                        added = Some(area);
                        break 'boxes;
                    }
                }
            }
            match added {
                Some(area) => self.add_area(board, area),
                None => break,
            }
        }
        // PI: no barrier push stays outside, and the pusher reaches every push in.
        let mut options = Vec::new();
        for &cell in &self.barrier_cells {
            for &direction in model.directions {
                let Some((stand, to)) = self.outside_push(model, cell, direction, dead) else {
                    continue;
                };
                if !self.in_corral[to] {
                    return None;
                }
                if board.region_of(stand) != pusher_area || board.has_box(stand) {
                    return None;
                }
                if !options.contains(&cell) {
                    options.push(cell);
                }
            }
        }
        Some(options)
    }

    fn add_area(&mut self, board: &Board<'_>, area: u32) {
        self.used[area as usize] = true;
        self.comps.push(area);
        for &cell in &board.model.floor {
            if !board.has_box(cell) && board.region_of(cell) == area {
                self.in_corral[cell] = true;
            }
        }
    }

    /// Barrier boxes: boxes (not fixed) next to the corral, diagonals included on
    /// Sokoban boards.
    fn set_barrier(&mut self, board: &Board<'_>, is_fixed: &impl Fn(Cell) -> bool) {
        let model = board.model;
        for &cell in &self.barrier_cells {
            self.barrier[cell] = false;
        }
        self.barrier_cells.clear();
        for &cell in &board.boxes {
            if is_fixed(cell) {
                continue;
            }
            let near = neighbours_and_diagonals(model, cell)
                .any(|next| next.is_some_and(|next| self.in_corral[next]));
            if near {
                self.barrier[cell] = true;
                self.barrier_cells.push(cell);
            }
        }
    }

    /// On the board of the barrier alone: a wall or a barrier box.
    fn occupied(&self, cell: Cell) -> bool {
        self.barrier[cell]
    }

    /// The pusher's cell and the target of a push of the barrier box on `cell` in
    /// `direction`, when both are free, the pusher stands outside the corral and the
    /// target is not dead: the pushes both steps of [`Corrals::grow`] look at.
    fn outside_push(
        &self,
        model: &Model,
        cell: Cell,
        direction: Direction,
        dead: &impl Fn(Cell, Direction) -> bool,
    ) -> Option<(Cell, Cell)> {
        let stand = model.neighbor(cell, direction.opposite())?;
        let to = model.neighbor(cell, direction)?;
        (!self.occupied(stand)
            && !self.occupied(to)
            && !self.in_corral[stand]
            && !dead(to, direction))
        .then_some((stand, to))
    }

    fn touches_corral_and_outside(&self, model: &Model, cell: Cell) -> bool {
        let mut corral = false;
        let mut outside = false;
        for &direction in model.directions {
            let Some(next) = model.neighbor(cell, direction) else {
                continue;
            };
            if self.in_corral[next] {
                corral = true;
            } else if !self.barrier[next] {
                outside = true;
            }
        }
        corral && outside
    }

    /// Whether the corral has work: an empty goal in it, or a barrier box off a
    /// goal.
    fn is_active(&mut self, board: &Board<'_>, is_fixed: &impl Fn(Cell) -> bool) -> bool {
        let model = board.model;
        self.set_barrier(board, is_fixed);
        model.goals.iter().any(|&goal| self.in_corral[goal])
            || self
                .barrier_cells
                .iter()
                .any(|&cell| !model.board.is_goal(cell))
    }
}

/// The neighbours of `cell` and, on Sokoban boards, its diagonal neighbours.
fn neighbours_and_diagonals(model: &Model, cell: Cell) -> impl Iterator<Item = Option<Cell>> + '_ {
    use Direction::{Down, Left, Right, Up};
    let straight = model
        .directions
        .iter()
        .map(move |&d| model.neighbor(cell, d));
    let sokoban = model.tessellation == sokoengine_geometry::Tessellation::Sokoban;
    let diagonal = [(Up, Left), (Up, Right), (Down, Left), (Down, Right)]
        .into_iter()
        .filter(move |_| sokoban)
        .map(move |(a, b)| match model.neighbor(cell, a) {
            Some(first) => model.neighbor(first, b),
            None => model
                .neighbor(cell, b)
                .and_then(|second| model.neighbor(second, a)),
        });
    straight.chain(diagonal)
}

/// Whether some box has free cells of both areas as neighbours.
fn touch_one_box(board: &Board<'_>, first: u32, second: u32) -> bool {
    let model = board.model;
    board.boxes.iter().any(|&cell| {
        let mut a = false;
        let mut b = false;
        for &direction in model.directions {
            let Some(next) = model.neighbor(cell, direction) else {
                continue;
            };
            let area = board.region_of(next);
            a |= area == first;
            b |= area == second;
        }
        a && b
    })
}
