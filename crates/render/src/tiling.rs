//! Where each cell of a board lies in a picture, and the shape of its tile.

use sokoengine_board::BoardPosition;
use sokoengine_geometry::{Tessellation, TileShape};

use crate::svg::polygon_path;

/// A point of a picture, in pixels from its top-left corner (y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Point {
    /// Pixels from the left edge.
    pub x: f64,
    /// Pixels from the top edge.
    pub y: f64,
}

impl Point {
    /// The point (`x`, `y`).
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }
}

const SQRT_2: f64 = std::f64::consts::SQRT_2;
const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// The tiles of a `width × height` board of one tessellation, drawn with cells `cell`
/// pixels apart in a row, the board's top-left corner at (0, 0):
///
/// * Sokoban: squares of side `cell`;
/// * Hexoban: hexagons with a vertex up, `cell` wide, odd rows shifted half a cell to the
///   right, as in the board text;
/// * Trioban: triangles of side `2 × cell`, pointing down where
///   [`Tessellation::tile_shape`] says [`TileShape::TriangleDown`] and up elsewhere, each
///   sharing its horizontal side with the row above or below;
/// * Octoban: regular octagons on the cells where the tile shape is
///   [`TileShape::Octagon`], touching their diagonal neighbours, and the small squares
///   between them, on a grid of step `cell`.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_render::{Point, Tiling};
///
/// let tiling = Tiling::new(Tessellation::Hexoban, 3, 2, 20.0);
/// // Position 4 is column 1 of row 1: shifted half a cell right of row 0.
/// assert_eq!(tiling.center(1).map(|p| p.x), Some(30.0));
/// assert_eq!(tiling.center(4).map(|p| p.x), Some(40.0));
/// assert_eq!(tiling.center(6), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tiling {
    tessellation: Tessellation,
    width: usize,
    height: usize,
    cell: f64,
}

impl Tiling {
    /// The tiling of a `width × height` board with cells `cell` pixels apart.
    pub const fn new(tessellation: Tessellation, width: usize, height: usize, cell: f64) -> Tiling {
        Tiling {
            tessellation,
            width,
            height,
            cell,
        }
    }

    /// The tessellation.
    pub const fn tessellation(&self) -> Tessellation {
        self.tessellation
    }

    /// The board width in cells.
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The board height in cells.
    pub const fn height(&self) -> usize {
        self.height
    }

    /// The cell size in pixels.
    pub const fn cell(&self) -> f64 {
        self.cell
    }

    /// The distance between two rows' centres.
    fn row_step(&self) -> f64 {
        match self.tessellation {
            Tessellation::Sokoban | Tessellation::Octoban => self.cell,
            // 1.5 × the hexagon's circumradius `cell / √3`.
            Tessellation::Hexoban => self.cell * SQRT_3 / 2.0,
            // The height of a triangle of side 2 × cell.
            Tessellation::Trioban => self.cell * SQRT_3,
        }
    }

    /// The apothem of an Octoban octagon (half its width).
    fn octagon_apothem(&self) -> f64 {
        self.cell / SQRT_2
    }

    /// The size of the board's tiles together, in pixels: `(width, height)`.
    pub fn size(&self) -> (f64, f64) {
        if self.width == 0 || self.height == 0 {
            return (0.0, 0.0);
        }
        let (w, h) = (self.width as f64, self.height as f64);
        let c = self.cell;
        match self.tessellation {
            Tessellation::Sokoban => (w * c, h * c),
            Tessellation::Hexoban => {
                let shift = if self.height > 1 { 0.5 } else { 0.0 };
                let radius = c / SQRT_3;
                ((w + shift) * c, 2.0 * radius + (h - 1.0) * self.row_step())
            }
            Tessellation::Trioban => ((w + 1.0) * c, h * self.row_step()),
            Tessellation::Octoban => {
                let a = self.octagon_apothem();
                ((w - 1.0) * c + 2.0 * a, (h - 1.0) * c + 2.0 * a)
            }
        }
    }

    /// The shape of the tile at column `x`, row `y`.
    pub const fn tile_shape(&self, x: usize, y: usize) -> TileShape {
        self.tessellation.tile_shape_xy(x, y)
    }

    /// The centre of the tile at column `x`, row `y` (the centroid of a triangle), which
    /// need not be on the board.
    pub fn center_xy(&self, x: usize, y: usize) -> Point {
        let c = self.cell;
        let (fx, fy) = (x as f64, y as f64);
        match self.tessellation {
            Tessellation::Sokoban => Point::new((fx + 0.5) * c, (fy + 0.5) * c),
            Tessellation::Hexoban => {
                let shift = if y % 2 == 1 { 0.5 } else { 0.0 };
                Point::new((fx + 0.5 + shift) * c, c / SQRT_3 + fy * self.row_step())
            }
            Tessellation::Trioban => {
                let h = self.row_step();
                let down = matches!(self.tile_shape(x, y), TileShape::TriangleDown);
                Point::new(
                    (fx + 1.0) * c,
                    fy * h + if down { h / 3.0 } else { 2.0 * h / 3.0 },
                )
            }
            Tessellation::Octoban => {
                let a = self.octagon_apothem();
                Point::new(a + fx * c, a + fy * c)
            }
        }
    }

    /// The centre of the tile at `position`, or `None` off the board.
    pub fn center(&self, position: impl Into<BoardPosition>) -> Option<Point> {
        let position = position.into();
        if self.width == 0 || position.index() >= self.width * self.height {
            return None;
        }
        Some(self.center_xy(position.x(self.width), position.y(self.width)))
    }

    /// The horizontal middle of column `x` (of the even rows in Hexoban).
    pub fn column_middle(&self, x: usize) -> f64 {
        self.center_xy(x, 0).x
    }

    /// The vertical middle of row `y`.
    pub fn row_middle(&self, y: usize) -> f64 {
        match self.tessellation {
            Tessellation::Trioban => (y as f64 + 0.5) * self.row_step(),
            _ => self.center_xy(0, y).y,
        }
    }

    /// The radius of the largest circle around the centre inside a tile of this shape:
    /// pieces are drawn to fit it.
    pub fn inner_radius(&self, shape: TileShape) -> f64 {
        let c = self.cell;
        match (self.tessellation, shape) {
            (Tessellation::Trioban, _) => self.row_step() / 3.0,
            (Tessellation::Octoban, TileShape::Octagon) => self.octagon_apothem(),
            (Tessellation::Octoban, _) => c - self.octagon_apothem(),
            _ => c / 2.0,
        }
    }

    /// The tile shapes of this tessellation, in class order: the shape of class `k` is
    /// `shapes()[k]` (see [`Tiling::class_of`]).
    pub const fn shapes(&self) -> &'static [TileShape] {
        match self.tessellation {
            Tessellation::Sokoban | Tessellation::Hexoban => &[TileShape::Default],
            Tessellation::Trioban => &[TileShape::Default, TileShape::TriangleDown],
            Tessellation::Octoban => &[TileShape::Default, TileShape::Octagon],
        }
    }

    /// The class (index into [`Tiling::shapes`]) of a tile shape.
    pub const fn class_of(shape: TileShape) -> usize {
        match shape {
            TileShape::Default => 0,
            TileShape::TriangleDown | TileShape::Octagon => 1,
        }
    }

    /// The outline of a tile of `shape` around its centre, as SVG path data relative to
    /// the centre.
    pub fn tile_path(&self, shape: TileShape) -> String {
        polygon_path(&self.tile_points(shape))
    }

    /// The board position whose tile holds `point` (board coordinates, as
    /// [`Tiling::center`] gives them), or `None` outside every tile. A point on the
    /// edge between two tiles belongs to one of them.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_render::{Point, Tiling};
    ///
    /// let tiling = Tiling::new(Tessellation::Octoban, 4, 3, 20.0);
    /// for position in 0..12_usize {
    ///     assert_eq!(tiling.position_at(tiling.center(position).unwrap()), Some(position.into()));
    /// }
    /// assert_eq!(tiling.position_at(Point::new(-5.0, 10.0)), None);
    /// ```
    pub fn position_at(&self, point: Point) -> Option<BoardPosition> {
        if self.width == 0 || self.height == 0 || !point.x.is_finite() || !point.y.is_finite() {
            return None;
        }
        // Only tiles of the nearest rows and columns can hold the point.
        let row = (point.y / self.row_step()).floor();
        let column = (point.x / self.cell).floor();
        let near = |value: f64, len: usize| {
            let low = (value - 2.0).max(0.0);
            let high = (value + 2.0).min(len as f64 - 1.0);
            // None when the point is far off the board.
            (low <= high).then_some((low as usize)..=(high as usize))
        };
        let rows = near(row, self.height)?;
        let columns = near(column, self.width)?;
        for y in rows {
            for x in columns.clone() {
                let center = self.center_xy(x, y);
                let (px, py) = (point.x - center.x, point.y - center.y);
                if inside(&self.tile_points(self.tile_shape(x, y)), px, py) {
                    return Some(BoardPosition::from_xy(x, y, self.width));
                }
            }
        }
        None
    }

    /// The corners of a tile of `shape` around its centre, clockwise on the screen.
    pub(crate) fn tile_points(&self, shape: TileShape) -> Vec<(f64, f64)> {
        let c = self.cell;
        match (self.tessellation, shape) {
            (Tessellation::Hexoban, _) => {
                let r = c / SQRT_3;
                vec![
                    (0.0, -r),
                    (c / 2.0, -r / 2.0),
                    (c / 2.0, r / 2.0),
                    (0.0, r),
                    (-c / 2.0, r / 2.0),
                    (-c / 2.0, -r / 2.0),
                ]
            }
            (Tessellation::Trioban, TileShape::TriangleDown) => {
                let h = self.row_step();
                vec![(-c, -h / 3.0), (c, -h / 3.0), (0.0, 2.0 * h / 3.0)]
            }
            (Tessellation::Trioban, _) => {
                let h = self.row_step();
                vec![(0.0, -2.0 * h / 3.0), (c, h / 3.0), (-c, h / 3.0)]
            }
            (Tessellation::Octoban, TileShape::Octagon) => {
                let a = self.octagon_apothem();
                // Half a side: a × tan(22.5°).
                let s = a * (SQRT_2 - 1.0);
                vec![
                    (-s, -a),
                    (s, -a),
                    (a, -s),
                    (a, s),
                    (s, a),
                    (-s, a),
                    (-a, s),
                    (-a, -s),
                ]
            }
            (Tessellation::Octoban, _) => {
                let h = c - self.octagon_apothem();
                vec![(-h, -h), (h, -h), (h, h), (-h, h)]
            }
            (Tessellation::Sokoban, _) => {
                let h = c / 2.0;
                vec![(-h, -h), (h, -h), (h, h), (-h, h)]
            }
        }
    }
}

/// Whether (`x`, `y`) lies inside or on the convex polygon `points` (clockwise on the
/// screen, where y grows downwards).
fn inside(points: &[(f64, f64)], x: f64, y: f64) -> bool {
    // A tiny tolerance, so a point on an edge shared by two tiles falls in one of them
    // despite rounding.
    const EDGE: f64 = 1e-9;
    points.iter().enumerate().all(|(index, &(ax, ay))| {
        let (bx, by) = points[(index + 1) % points.len()];
        (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            >= -EDGE * (1.0 + (bx - ax).abs() + (by - ay).abs())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Neighbouring tiles share an edge, which both inner circles touch: the centres
    /// are the sum of the inner radii apart.
    #[test]
    fn neighbours_touch() {
        for tessellation in Tessellation::ALL {
            let tiling = Tiling::new(tessellation, 6, 6, 30.0);
            for y in 1..5 {
                for x in 1..5 {
                    let here = tiling.center_xy(x, y);
                    let r = tiling.inner_radius(tiling.tile_shape(x, y));
                    for &direction in tessellation.legal_directions() {
                        let Some((nx, ny)) = tessellation.neighbor_xy(x, y, direction, 6, 6) else {
                            continue;
                        };
                        let there = tiling.center_xy(nx, ny);
                        let rn = tiling.inner_radius(tiling.tile_shape(nx, ny));
                        let distance = (here.x - there.x).hypot(here.y - there.y);
                        assert!(
                            (distance - (r + rn)).abs() < 1e-9,
                            "{tessellation} ({x},{y}) {direction:?}: {distance} vs {}",
                            r + rn
                        );
                    }
                }
            }
        }
    }

    /// Every point of a tile maps back to it: its centre, and points most of the way
    /// to each corner; points off the board map to nothing.
    #[test]
    fn points_map_back_to_their_tiles() {
        for tessellation in Tessellation::ALL {
            let tiling = Tiling::new(tessellation, 7, 5, 24.0);
            for position in 0..35 {
                let (x, y) = (position % 7, position / 7);
                let center = tiling.center_xy(x, y);
                assert_eq!(
                    tiling.position_at(center),
                    Some(BoardPosition::new(position)),
                    "{tessellation}"
                );
                for (cx, cy) in tiling.tile_points(tiling.tile_shape(x, y)) {
                    let point = Point::new(center.x + cx * 0.9, center.y + cy * 0.9);
                    assert_eq!(
                        tiling.position_at(point),
                        Some(BoardPosition::new(position)),
                        "{tessellation}"
                    );
                }
            }
            let (width, height) = tiling.size();
            for point in [
                Point::new(-1.0, -1.0),
                Point::new(width + 50.0, height / 2.0),
                Point::new(f64::NAN, 3.0),
            ] {
                assert_eq!(tiling.position_at(point), None, "{tessellation}");
            }
        }
    }

    #[test]
    fn sizes() {
        let t = Tiling::new(Tessellation::Sokoban, 3, 2, 10.0);
        assert_eq!(t.size(), (30.0, 20.0));
        let t = Tiling::new(Tessellation::Trioban, 3, 2, 10.0);
        assert_eq!(t.size().0, 40.0);
        assert_eq!(
            Tiling::new(Tessellation::Octoban, 0, 0, 10.0).size(),
            (0.0, 0.0)
        );
        assert_eq!(t.center(6), None);
    }
}
