//! The page's direction keys and the directions they mean in each tessellation.
//!
//! The page sends the screen direction of a key (`left`, `up-right`, ...); the
//! tessellation and the tile the pusher stands on decide which [`Direction`] that is.
//! Trioban needs the tile: a triangle pointing down has a neighbour above it and one
//! pointing up has one below, so the up and down arrows lead somewhere from one kind of
//! triangle only, and what the letter `n` (north-east) means depends on the tile.

use serde::Serialize;
use sokoengine_geometry::{Direction, Tessellation, TileShape};

/// A direction key as the page names it: where on the screen the pusher should go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// Left arrow.
    Left,
    /// Right arrow.
    Right,
    /// Up arrow.
    Up,
    /// Down arrow.
    Down,
    /// Up and to the left.
    UpLeft,
    /// Up and to the right.
    UpRight,
    /// Down and to the left.
    DownLeft,
    /// Down and to the right.
    DownRight,
}

impl Key {
    /// Every key, in the order the legend lists them.
    pub const ALL: [Key; 8] = [
        Key::Left,
        Key::Right,
        Key::Up,
        Key::Down,
        Key::UpLeft,
        Key::UpRight,
        Key::DownLeft,
        Key::DownRight,
    ];

    /// The name the page sends.
    pub const fn name(self) -> &'static str {
        match self {
            Key::Left => "left",
            Key::Right => "right",
            Key::Up => "up",
            Key::Down => "down",
            Key::UpLeft => "up-left",
            Key::UpRight => "up-right",
            Key::DownLeft => "down-left",
            Key::DownRight => "down-right",
        }
    }

    /// The key of a name the page sends.
    pub fn from_name(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|key| key.name() == name)
    }

    /// The keyboard keys that send this key, as the legend shows them (the page binds
    /// the same keys).
    const fn labels(self) -> &'static str {
        match self {
            Key::Left => "\u{2190} A 4",
            Key::Right => "\u{2192} D 6",
            Key::Up => "\u{2191} W 8",
            Key::Down => "\u{2193} S X 2",
            Key::UpLeft => "Q 7",
            Key::UpRight => "E 9",
            Key::DownLeft => "Z 1",
            Key::DownRight => "C 3",
        }
    }

    /// The direction this key means in `tessellation` for a pusher on a tile of
    /// `shape`, or `None` when it leads nowhere from such a tile.
    pub const fn direction(
        self,
        tessellation: Tessellation,
        shape: TileShape,
    ) -> Option<Direction> {
        match (tessellation, self) {
            (_, Key::Left) => Some(Direction::Left),
            (_, Key::Right) => Some(Direction::Right),
            (Tessellation::Sokoban | Tessellation::Octoban, Key::Up) => Some(Direction::Up),
            (Tessellation::Sokoban | Tessellation::Octoban, Key::Down) => Some(Direction::Down),
            (Tessellation::Sokoban, _) => None,
            // A triangle pointing down has its neighbour above in both northern
            // directions; one pointing up, its neighbour below in both southern ones.
            (Tessellation::Trioban, Key::Up) => match shape {
                TileShape::TriangleDown => Some(Direction::NorthEast),
                _ => None,
            },
            (Tessellation::Trioban, Key::Down) => match shape {
                TileShape::TriangleDown => None,
                _ => Some(Direction::SouthEast),
            },
            (Tessellation::Trioban, _) => None,
            (Tessellation::Hexoban, Key::Up | Key::Down) => None,
            (Tessellation::Hexoban | Tessellation::Octoban, Key::UpLeft) => {
                Some(Direction::NorthWest)
            }
            (Tessellation::Hexoban | Tessellation::Octoban, Key::UpRight) => {
                Some(Direction::NorthEast)
            }
            (Tessellation::Hexoban | Tessellation::Octoban, Key::DownLeft) => {
                Some(Direction::SouthWest)
            }
            (Tessellation::Hexoban | Tessellation::Octoban, Key::DownRight) => {
                Some(Direction::SouthEast)
            }
        }
    }

    /// Whether this key moves the pusher on some tile of `tessellation`.
    fn is_used(self, tessellation: Tessellation) -> bool {
        [
            TileShape::Default,
            TileShape::TriangleDown,
            TileShape::Octagon,
        ]
        .into_iter()
        .any(|shape| self.direction(tessellation, shape).is_some())
    }
}

/// One line of the key legend the page shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegendLine {
    /// The keyboard keys.
    pub keys: String,
    /// What they do.
    pub action: String,
}

/// The legend of `tessellation`: the direction keys it uses, then the other keys.
pub fn legend(tessellation: Tessellation) -> Vec<LegendLine> {
    let mut lines: Vec<LegendLine> = Key::ALL
        .into_iter()
        .filter(|key| key.is_used(tessellation))
        .map(|key| LegendLine {
            keys: key.labels().to_owned(),
            action: match (tessellation, key) {
                (Tessellation::Trioban, Key::Up) => "up (from a \u{25bd} triangle)".to_owned(),
                (Tessellation::Trioban, Key::Down) => "down (from a \u{25b3} triangle)".to_owned(),
                _ => key.name().replace('-', " "),
            },
        })
        .collect();
    for (keys, action) in [
        ("Shift + direction", "walk without pulling (reverse mode)"),
        ("Backspace U Ctrl+Z", "undo"),
        ("Y Ctrl+Y Ctrl+Shift+Z", "redo"),
        ("Esc", "restart (undo everything; redo brings it back)"),
        ("H", "hint: the next push towards a solution"),
        ("PageUp PageDown", "previous or next level"),
        ("Ctrl+S", "save the game into the file"),
    ] {
        lines.push(LegendLine {
            keys: keys.to_owned(),
            action: action.to_owned(),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_its_name() {
        for key in Key::ALL {
            assert_eq!(Key::from_name(key.name()), Some(key));
        }
        assert_eq!(Key::from_name("north"), None);
    }

    /// Each tessellation's keys reach exactly its tiles' neighbours: every legal
    /// direction from a tile is some key's, and no key means an illegal one.
    #[test]
    fn keys_reach_every_neighbour_of_every_tile() {
        for tessellation in Tessellation::ALL {
            for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let shape = tessellation.tile_shape_xy(x + 3, y + 4);
                let by_keys: Vec<(usize, usize)> = Key::ALL
                    .into_iter()
                    .filter_map(|key| key.direction(tessellation, shape))
                    .filter_map(|d| tessellation.neighbor_xy(x + 3, y + 4, d, 10, 10))
                    .collect();
                for &direction in tessellation.legal_directions() {
                    if let Some(cell) = tessellation.neighbor_xy(x + 3, y + 4, direction, 10, 10) {
                        assert!(
                            by_keys.contains(&cell),
                            "{tessellation} {shape:?}: no key reaches {direction:?}"
                        );
                    }
                }
                for key in Key::ALL {
                    if let Some(direction) = key.direction(tessellation, shape) {
                        assert!(tessellation.is_legal(direction), "{tessellation} {key:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn trioban_arrows_follow_the_triangle() {
        let t = Tessellation::Trioban;
        // Up from a triangle pointing down goes to the row above.
        let up = Key::Up.direction(t, TileShape::TriangleDown).unwrap();
        assert_eq!(t.neighbor_xy(4, 4, up, 10, 10), Some((4, 3)));
        assert_eq!(t.tile_shape_xy(4, 4), TileShape::TriangleDown);
        let down = Key::Down.direction(t, TileShape::Default).unwrap();
        assert_eq!(t.neighbor_xy(5, 4, down, 10, 10), Some((5, 5)));
        assert_eq!(Key::Up.direction(t, TileShape::Default), None);
    }

    #[test]
    fn legends_list_the_keys_in_use() {
        let keys = |t| -> Vec<String> { legend(t).into_iter().map(|l| l.action).collect() };
        assert!(keys(Tessellation::Sokoban).contains(&"up".to_owned()));
        assert!(!keys(Tessellation::Sokoban).contains(&"up left".to_owned()));
        assert!(keys(Tessellation::Hexoban).contains(&"up left".to_owned()));
        assert!(!keys(Tessellation::Hexoban).contains(&"up".to_owned()));
        assert_eq!(keys(Tessellation::Octoban).len(), 8 + 7);
    }
}
