//! Moves: a piece (named by its top-left cell) and the path of single steps it takes.

use std::fmt;

use crate::vocabulary::{Cell, Direction, Metric};

/// The most single steps one [`Path`] holds (a shortest path on a 64-cell board is shorter).
pub const MAX_PATH: usize = 64;

/// A sequence of up to [`MAX_PATH`] directions, packed 2 bits per step.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Direction, Path};
///
/// let path = Path::from_directions([Direction::Down, Direction::Left]).unwrap();
/// assert_eq!(path.len(), 2);
/// assert!(!path.is_straight());
/// assert_eq!(path.to_string(), "down left");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path {
    bits: u128,
    len: u8,
}

impl Path {
    /// The empty path.
    pub const EMPTY: Self = Self { bits: 0, len: 0 };

    /// A path of one step.
    #[must_use]
    pub const fn single(direction: Direction) -> Self {
        Self {
            bits: direction.index() as u128,
            len: 1,
        }
    }

    /// A straight path of `count` steps in `direction`, or `None` above [`MAX_PATH`].
    #[must_use]
    pub const fn straight(direction: Direction, count: usize) -> Option<Self> {
        if count > MAX_PATH {
            return None;
        }
        let mut path = Self::EMPTY;
        while (path.len as usize) < count {
            path = path.push_unchecked(direction);
        }
        Some(path)
    }

    /// The path of the given directions, or `None` above [`MAX_PATH`] steps.
    #[must_use]
    pub fn from_directions(directions: impl IntoIterator<Item = Direction>) -> Option<Self> {
        directions
            .into_iter()
            .try_fold(Self::EMPTY, |path, direction| path.push(direction))
    }

    /// This path followed by one more step, or `None` when full.
    #[must_use]
    pub const fn push(self, direction: Direction) -> Option<Self> {
        if self.len as usize >= MAX_PATH {
            None
        } else {
            Some(self.push_unchecked(direction))
        }
    }

    const fn push_unchecked(self, direction: Direction) -> Self {
        Self {
            bits: self.bits | (direction.index() as u128) << (2 * self.len as u32),
            len: self.len + 1,
        }
    }

    /// The number of single steps.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the path has no step.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The step at `index`, or `None` past the end.
    #[must_use]
    pub const fn get(&self, index: usize) -> Option<Direction> {
        if index < self.len as usize {
            Some(Direction::from_index(
                (self.bits >> (2 * index as u32)) as usize & 3,
            ))
        } else {
            None
        }
    }

    /// The steps in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Direction> + ExactSizeIterator + '_ {
        let bits = self.bits;
        (0..self.len()).map(move |index| Direction::from_index((bits >> (2 * index)) as usize & 3))
    }

    /// Whether every step goes the same way (a slide).
    #[must_use]
    pub fn is_straight(&self) -> bool {
        self.iter().all(|direction| Some(direction) == self.get(0))
    }

    /// The path walked backwards: reversed order, opposite directions.
    #[must_use]
    pub fn reversed(&self) -> Self {
        let mut path = Self::EMPTY;
        for direction in self.iter().rev() {
            path = path.push_unchecked(direction.opposite());
        }
        path
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, direction) in self.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{direction}")?;
        }
        Ok(())
    }
}

/// One move: the piece whose top-left is at [`from`](Self::from) walks [`path`](Self::path).
///
/// Printed as the cell and the directions, e.g. `(2,1) down`, `(0,0) right right`,
/// `(3,2) down left`.
///
/// # Examples
///
/// ```
/// use sokoengine_setting_sun::{Cell, Direction, Metric, Move};
///
/// let slide = Move::slide(Cell::new(0, 0), Direction::Right, 2).unwrap();
/// assert_eq!(slide.to_string(), "(0,0) right right");
/// assert_eq!(slide.to(), Some(Cell::new(0, 2)));
/// assert_eq!(slide.cost(Metric::Step), 2);
/// assert_eq!(slide.cost(Metric::Slide), 1);
/// assert_eq!(slide.inverse().unwrap().to_string(), "(0,2) left left");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Cell,
    path: Path,
}

impl Move {
    /// The move of the piece at `from` along `path`.
    #[must_use]
    pub const fn new(from: Cell, path: Path) -> Self {
        Self { from, path }
    }

    /// A single step.
    #[must_use]
    pub const fn step(from: Cell, direction: Direction) -> Self {
        Self::new(from, Path::single(direction))
    }

    /// A straight slide of `count` cells, or `None` above [`MAX_PATH`].
    #[must_use]
    pub const fn slide(from: Cell, direction: Direction, count: usize) -> Option<Self> {
        match Path::straight(direction, count) {
            Some(path) => Some(Self::new(from, path)),
            None => None,
        }
    }

    /// The top-left cell of the moved piece before the move.
    #[must_use]
    pub const fn from(&self) -> Cell {
        self.from
    }

    /// The single steps of the move.
    #[must_use]
    pub const fn path(&self) -> Path {
        self.path
    }

    /// The top-left cell after the move, or `None` when the path leaves the
    /// non-negative quadrant.
    #[must_use]
    pub fn to(&self) -> Option<Cell> {
        self.path
            .iter()
            .try_fold(self.from, |cell, direction| cell.neighbor(direction))
    }

    /// The move back: from [`to`](Self::to) along the reversed path.
    #[must_use]
    pub fn inverse(&self) -> Option<Self> {
        Some(Self::new(self.to()?, self.path.reversed()))
    }

    /// What the move costs under `metric`: its single steps, its straight runs, or 1.
    ///
    /// An empty path costs 0.
    #[must_use]
    pub fn cost(&self, metric: Metric) -> usize {
        match metric {
            _ if self.path.is_empty() => 0,
            Metric::Step => self.path.len(),
            Metric::Slide => {
                1 + self
                    .path
                    .iter()
                    .zip(self.path.iter().skip(1))
                    .filter(|(a, b)| a != b)
                    .count()
            }
            Metric::Piece => 1,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.from, self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_capacity() {
        let full = Path::straight(Direction::Left, MAX_PATH).unwrap();
        assert_eq!(full.len(), MAX_PATH);
        assert_eq!(full.push(Direction::Up), None);
        assert_eq!(full.get(MAX_PATH - 1), Some(Direction::Left));
        assert_eq!(Path::straight(Direction::Up, MAX_PATH + 1), None);
    }

    #[test]
    fn slide_cost_counts_turns() {
        let path = Path::from_directions([
            Direction::Down,
            Direction::Down,
            Direction::Left,
            Direction::Down,
        ])
        .unwrap();
        let mv = Move::new(Cell::new(0, 3), path);
        assert_eq!(mv.cost(Metric::Step), 4);
        assert_eq!(mv.cost(Metric::Slide), 3);
        assert_eq!(mv.cost(Metric::Piece), 1);
        assert_eq!(mv.to(), Some(Cell::new(3, 2)));
        assert_eq!(mv.inverse().unwrap().inverse(), Some(mv));
    }

    #[test]
    fn moves_off_the_quadrant_have_no_target() {
        let mv = Move::step(Cell::new(0, 0), Direction::Up);
        assert_eq!(mv.to(), None);
        assert_eq!(mv.inverse(), None);
    }
}
